//! Stopping early: Ctrl-C (SIGINT) and a closed standard output end any
//! command within a second, even inside a long search, and what was written
//! is a whole-line prefix of the full run's output holding every answer
//! finished before the first unfinished puzzle.
//!
//! The bound promised is one second; the tests allow [`SLACK`] for a
//! loaded two-core machine running a debug build.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::util::{Run, read_all, spawn, wait};

/// How long a stop may take in these tests (the promise is one second).
const SLACK: Duration = Duration::from_secs(2);

/// A 9x9 puzzle with one solution, quick to count.
const QUICK: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// An empty 25x25 board: counting its solutions up to a billion takes
/// practically for ever.
fn endless() -> String {
    ".".repeat(625)
}

/// `before` quick puzzles, the endless search, then `after` quick ones.
fn batch(before: usize, after: usize) -> Vec<u8> {
    let mut text = format!("{QUICK}\n").repeat(before);
    text.push_str(&endless());
    text.push('\n');
    text.push_str(&format!("{QUICK}\n").repeat(after));
    text.into_bytes()
}

/// Starts `sudokit args` with all three streams piped.
fn start(args: &[&str]) -> (Child, ChildStdin) {
    let mut child = spawn(args, Stdio::piped());
    let stdin = child.stdin.take().expect("piped stdin");
    (child, stdin)
}

/// Sends SIGINT to `child`.
fn sigint(child: &Child) {
    let pid = libc::pid_t::try_from(child.id()).expect("a pid");
    // SAFETY: `kill` has no memory effects; the pid is our own child, not
    // yet reaped (it is waited for only after this).
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0, "the child is gone");
}

/// Asserts that `child` is still running (so a signal sent now lands
/// during its work, not after it).
#[track_caller]
fn assert_running(child: &mut Child, args: &[&str]) {
    let status = child.try_wait().expect("cannot wait for sudokit");
    assert!(status.is_none(), "sudokit {args:?} ended before it was stopped: {status:?}");
}

/// Runs `sudokit args` on `input` (stdin closed after it), sends SIGINT
/// after `after` (and again `again` later, if given), and returns the run
/// and how long it took to end after the first signal.
fn interrupted(
    args: &[&str],
    input: Vec<u8>,
    after: Duration,
    again: Option<Duration>,
) -> (Run, Duration) {
    let (mut child, mut stdin) = start(args);
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let stdout = read_all(child.stdout.take().expect("piped stdout"));
    let stderr = read_all(child.stderr.take().expect("piped stderr"));
    thread::sleep(after);
    assert_running(&mut child, args);
    sigint(&child);
    let signalled = Instant::now();
    if let Some(again) = again {
        thread::sleep(again);
        if child.try_wait().expect("cannot wait for sudokit").is_none() {
            sigint(&child);
        }
    }
    let status = wait(&mut child, args);
    let took = signalled.elapsed();
    writer.join().expect("stdin writer");
    let run = Run {
        args: args.iter().map(|a| a.to_string()).collect(),
        code: status.code(),
        stdout: stdout.join().expect("stdout reader"),
        stderr: String::from_utf8_lossy(&stderr.join().expect("stderr reader")).into_owned(),
    };
    (run, took)
}

#[test]
fn sigint_inside_a_long_search_writes_every_answer_before_it_and_exits_130() {
    // 600 quick puzzles (more than one part of the batch runner), the
    // endless search, and 1,000 more: with two jobs those after it are
    // answered by the other worker and held back for ordering; none of them
    // may be written, and every one before it must be.
    for jobs in ["1", "2"] {
        let args = ["count", "--limit", "1000000000", "--jobs", jobs, "--quiet"];
        let (run, took) = interrupted(&args, batch(600, 1000), Duration::from_secs(3), None);
        run.expect_code(130).expect_stderr(&["interrupted; 600 answers written"]);
        assert!(took < SLACK, "{took:?} to stop: {run}");
        assert_eq!(run.out(), "1\n".repeat(600), "{run}");
    }
}

#[test]
fn a_second_sigint_still_leaves_whole_answers() {
    // Answers streaming out when two signals arrive 2 ms apart: 3,000 empty
    // 9x9 boards, each counted to 20,000 solutions (about a minute of work).
    let input = format!("{}\n", ".".repeat(81)).repeat(3000).into_bytes();
    for jobs in ["1", "2"] {
        let args = ["count", "--limit", "20000", "--jobs", jobs, "--quiet"];
        let again = Some(Duration::from_millis(2));
        let (run, took) = interrupted(&args, input.clone(), Duration::from_millis(1500), again);
        run.expect_code(130).expect_stderr(&["interrupted"]);
        assert!(took < SLACK, "{took:?} to stop: {run}");
        let out = run.out();
        assert!(out.ends_with('\n'), "a cut line: {run}");
        let lines = out.lines().count();
        assert!(lines < 3000, "{run}");
        assert_eq!(out, "20000\n".repeat(lines), "not a prefix of whole answers: {run}");
    }
    // Two signals during a long search, after 600 answers: whatever is
    // written is a whole-line prefix of them.
    let args = ["count", "--limit", "1000000000", "--jobs", "2", "--quiet"];
    let again = Some(Duration::from_millis(2));
    let (run, took) = interrupted(&args, batch(600, 1000), Duration::from_secs(3), again);
    run.expect_code(130);
    assert!(took < SLACK, "{took:?} to stop: {run}");
    let lines = run.out().lines().count();
    assert_eq!(run.out(), "1\n".repeat(lines), "{run}");
    assert!(lines <= 600, "{run}");
}

#[test]
fn sigint_while_waiting_for_input_ends_every_reading_command() {
    // Standard input stays open and silent.
    for args in [
        &["solve", "--jobs", "1"][..],
        &["solve", "--jobs", "2"],
        &["dedup"],
        #[cfg(feature = "print")]
        &["print", "-o", "-", "--format", "svg"],
    ] {
        let (mut child, stdin) = start(args);
        let stdout = read_all(child.stdout.take().expect("piped stdout"));
        let stderr = read_all(child.stderr.take().expect("piped stderr"));
        thread::sleep(Duration::from_millis(300));
        assert_running(&mut child, args);
        sigint(&child);
        let signalled = Instant::now();
        let status = wait(&mut child, args);
        let took = signalled.elapsed();
        drop(stdin);
        let stderr = String::from_utf8_lossy(&stderr.join().unwrap()).into_owned();
        assert_eq!(status.code(), Some(130), "{args:?}: {stderr}");
        assert!(took < SLACK, "{args:?}: {took:?} to stop");
        assert!(stderr.contains("interrupted"), "{args:?}: {stderr}");
        assert!(stdout.join().unwrap().is_empty(), "{args:?}");
    }
}

/// Starts `sudokit args` (stdin empty), reads `lines` lines of its output,
/// closes the pipe, and returns what was read, the exit code and how long
/// the process took to end after the close.
fn read_then_close(args: &[&str], lines: usize) -> (String, Option<i32>, Duration) {
    let mut child = spawn(args, Stdio::null());
    let stderr = read_all(child.stderr.take().expect("piped stderr"));
    let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
    let mut read = String::new();
    for _ in 0..lines {
        stdout.read_line(&mut read).expect("read a line");
    }
    assert_running(&mut child, args);
    drop(stdout);
    let closed = Instant::now();
    let status = wait(&mut child, args);
    let took = closed.elapsed();
    let stderr = String::from_utf8_lossy(&stderr.join().unwrap()).into_owned();
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    (read, status.code(), took)
}

#[test]
fn a_closed_stdout_ends_a_silent_long_search_within_a_second() {
    // Nothing is ever written: only the watcher can see the pipe close.
    let dir = tempfile::tempdir().unwrap();
    let path = crate::util::write_file(dir.path(), "endless.txt", format!("{}\n", endless()));
    for jobs in ["1", "2"] {
        let args = ["count", "--limit", "1000000000", "--jobs", jobs, path.as_str()];
        let (read, code, took) = read_then_close(&args, 0);
        assert!(read.is_empty());
        assert_eq!(code, Some(0), "{args:?}");
        assert!(took < SLACK, "{args:?}: {took:?} to end");
    }
}

#[test]
fn a_closed_stdout_ends_rate_and_generate_within_a_second() {
    let hardest = crate::util::data_dir().join("hardest-1106.txt");
    let hardest = hardest.to_str().unwrap();
    let first = {
        let one = crate::util::corpus("hardest-1106.txt", 1);
        let run = crate::util::sudokit(&["rate"], format!("{}\n", one[0]).as_bytes());
        run.out().to_string()
    };
    // The whole file takes minutes to rate in a debug build; the first
    // answer goes out as soon as it is made.
    for jobs in ["1", "2"] {
        let args = ["rate", "--jobs", jobs, hardest];
        let (read, code, took) = read_then_close(&args, 1);
        assert_eq!(read, first, "{args:?}");
        assert_eq!(code, Some(0), "{args:?}");
        assert!(took < SLACK, "{args:?}: {took:?} to end");
    }
    let args = ["generate", "--size", "16", "-n", "100000", "--jobs", "2", "--seed", "3"];
    let (read, code, took) = read_then_close(&args, 2);
    assert_eq!(read.lines().count(), 2);
    assert_eq!(code, Some(0), "{args:?}");
    assert!(took < SLACK, "{args:?}: {took:?} to end");
}
