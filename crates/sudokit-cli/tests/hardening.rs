//! Failure behaviour of batch commands: search limits end in a per-record
//! error line, and Ctrl-C (SIGINT) stops a batch after the last whole line.

use std::time::{Duration, Instant};

use crate::util::{Run, assert_no_panic, run_with, sudokit};

const EMPTY_16: &str = "................................................................................................................................................................................................................................................................";
const PUZZLE_17: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn count_with_a_time_limit_gives_up_on_one_record_and_goes_on() {
    assert_eq!(EMPTY_16.len(), 256);
    let input = format!("{EMPTY_16}\n{PUZZLE_17}\n");
    let start = Instant::now();
    let run = sudokit(&["count", "--limit", "1000000000", "--time-limit", "0.2"], input.as_bytes());
    assert!(start.elapsed() < Duration::from_secs(20), "{run}");
    run.expect_code(1);
    let lines = run.lines();
    assert_eq!(lines.len(), 2, "{run}");
    assert!(
        lines[0].starts_with("error: no answer within the time limit of 0.2 s (at least "),
        "{run}"
    );
    assert_eq!(lines[1], "1", "{run}");
    run.expect_stderr(&["line 1: no answer within the time limit"]);
}

#[test]
fn solve_with_a_node_budget_names_the_budget() {
    let input = format!("{EMPTY_16}\n{PUZZLE_17}\n");
    let run = sudokit(&["solve", "--max-nodes", "2", "--format", "json"], input.as_bytes());
    run.expect_code(1);
    let lines = run.lines();
    assert_eq!(lines.len(), 2, "{run}");
    let first: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    // The empty board needs hundreds of guesses: 2 nodes run out first.
    assert_eq!(first["status"], "unknown", "{run}");
    assert_eq!(first["error"], "no answer within 2 search nodes", "{run}");
    let second: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
    assert_eq!(second["status"], "unique", "{run}");
}

#[test]
fn a_bad_time_limit_is_a_usage_error() {
    for bad in ["0", "-1", "nan", "inf"] {
        let flag = format!("--time-limit={bad}");
        let run = sudokit(&["count", &flag], PUZZLE_17.as_bytes());
        run.expect_code(2);
        run.expect_stderr(&["--time-limit"]);
    }
}

#[test]
fn sigint_stops_a_batch_after_the_last_whole_line_with_status_130() {
    // 3,000 empty 9x9 boards, each counted to 20,000 solutions: about a
    // minute of work, interrupted after two seconds.
    let input = ".".repeat(81) + "\n";
    let input = input.repeat(3000);
    let args = ["count", "--limit", "20000", "--jobs", "2", "--quiet"];
    let run = interrupted(&args, input, Duration::from_secs(2));
    assert_no_panic(&run);
    run.expect_code(130);
    run.expect_stderr(&["interrupted"]);
    assert!(!run.stdout.is_empty(), "nothing written in two seconds: {run}");
    assert!(run.stdout.ends_with(b"\n"), "the output ends mid-line: {run}");
    let lines = run.lines();
    assert!(lines.len() < 3000, "the batch was not stopped: {run}");
    assert!(lines.iter().all(|l| *l == "20000"), "a line is not a whole answer: {run}");
}

/// Runs `sudokit ARGS` with `input` on stdin and sends it SIGINT after
/// `after`.
fn interrupted(args: &[&str], input: String, after: Duration) -> Run {
    run_with(args, input.into_bytes(), |child| {
        std::thread::sleep(after);
        let pid = libc::pid_t::try_from(child.id()).expect("a pid");
        // SAFETY: `kill` has no memory effects; the pid is our own child,
        // still running (it is reaped only after this closure returns).
        assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    })
}

#[test]
fn sigint_stops_generate_after_the_last_whole_puzzle_with_status_130() {
    // 16x16 puzzles take milliseconds each: 100,000 of them are far more
    // than two seconds of work.
    let args =
        ["generate", "--size", "16", "-n", "100000", "--seed", "7", "--jobs", "2", "--quiet"];
    let run = interrupted(&args, String::new(), Duration::from_secs(2));
    assert_no_panic(&run);
    run.expect_code(130);
    run.expect_stderr(&["interrupted", "answers written"]);
    assert!(!run.stdout.is_empty(), "nothing written in two seconds: {run}");
    assert!(run.stdout.ends_with(b"\n"), "the output ends mid-line: {run}");
    let lines = run.lines();
    assert!(lines.len() < 100_000, "the run was not stopped: {run}");
    assert!(lines.iter().all(|l| l.len() == 256), "a line is not a whole puzzle: {run}");
    let written = format!("interrupted; {} answers written", lines.len());
    assert!(run.stderr.contains(&written), "the count does not match the output: {run}");
}

#[cfg(feature = "print")]
#[test]
fn sigint_during_a_printed_generate_leaves_no_book() {
    let dir = std::env::temp_dir().join(format!("sudokit-sigint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let book = dir.join("book.pdf");
    let path = book.to_str().unwrap();
    // A whole book of 25x25 puzzles takes far longer than a second.
    let args = ["generate", "--size", "25", "-n", "200", "--format", "pdf", "-o", path, "--quiet"];
    let run = interrupted(&args, String::new(), Duration::from_secs(1));
    assert_no_panic(&run);
    run.expect_code(130);
    run.expect_stderr(&["interrupted; no book written"]);
    assert!(!book.exists(), "a book was written: {run}");
    let _ = std::fs::remove_dir_all(&dir);
}
