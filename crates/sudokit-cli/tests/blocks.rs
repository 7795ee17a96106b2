//! Batches read as blocks of lines (the `line` format): the output, the
//! messages and the exit status are the same for every `--jobs`, and the same
//! as the engine's line-at-a-time reader gives, even with bad lines next to
//! the block and part boundaries (which fall at unknown lines, so bad lines
//! are spread over a batch of several blocks).

use sudokit::format::{ReadOptions, Reader};
use sudokit::solve::Solver;

use crate::util::{corpus, first_line_then_close, sudokit, write_file};

/// About 32,000 lines (2.6 MB, three blocks of the batch runner): top1465
/// and serg-multi puzzles, 4x4 puzzles, comments, blank lines, CRLF ends,
/// trailing comments, and a bad line of a rotating kind every 97 lines. The
/// last line has no newline.
fn batch() -> Vec<u8> {
    let top = corpus("top1465.txt", 1465);
    let serg = corpus("serg-multi.txt", 5000);
    let bad: [&[u8]; 6] = [
        &top[0].as_bytes()[..80],
        b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x",
        b"\0\0 binary",
        b"\xff not UTF-8",
        b"1234567891234567891234567891234567891234567891234567891234567891234567891234567891",
        b"12.4",
    ];
    let mut text = Vec::new();
    for i in 0..32_000usize {
        let line: &[u8] = match i {
            _ if i % 97 == 0 => bad[i / 97 % bad.len()],
            _ if i % 101 == 0 => b"# a comment",
            _ if i % 103 == 0 => b"",
            _ if i % 89 == 0 => b"1...2...3...4...",
            _ if i % 3 == 0 => top[i / 3 % top.len()].as_bytes(),
            _ => serg[i % serg.len()].as_bytes(),
        };
        text.extend_from_slice(line);
        match i % 7 {
            0 => text.extend_from_slice(b"\r\n"),
            1 => text.extend_from_slice(b"  # note\n"),
            _ => text.push(b'\n'),
        }
    }
    text.pop();
    text
}

/// What `count` must print and say for `text`, from the engine's reader
/// (one record at a time) and solver: stdout, then the per-puzzle messages.
fn expected_count(text: &[u8]) -> (String, Vec<String>) {
    let mut solver = Solver::new();
    let (mut out, mut messages) = (String::new(), Vec::new());
    for item in Reader::new(text, ReadOptions::default()) {
        match item {
            Ok(rec) => out.push_str(&format!("{}\n", solver.count(&rec.grid, 2).solutions())),
            Err(e) => {
                out.push_str(&format!("error: {e}\n"));
                messages.push(e.to_string());
            }
        }
    }
    (out, messages)
}

#[test]
fn count_matches_the_line_reader_for_every_jobs_value() {
    let text = batch();
    let (expected, messages) = expected_count(&text);
    assert!(messages.len() > 300 && expected.lines().count() > 30_000);
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(dir.path(), "batch.txt", &text);
    let mut stderr: Vec<String> =
        messages.iter().take(10).map(|m| format!("sudokit: {path}: {m}")).collect();
    stderr.push(format!("sudokit: {} more messages not shown", messages.len() - 10));
    for jobs in ["1", "2", "3"] {
        let run = sudokit(&["count", "--jobs", jobs, &path], b"");
        run.expect_code(2);
        assert!(run.out() == expected, "--jobs {jobs}: output differs from the line reader's");
        assert_eq!(run.stderr.lines().collect::<Vec<_>>(), stderr, "--jobs {jobs}");
    }
    // Standard input, and the format given rather than detected.
    let run = sudokit(&["count", "--jobs", "2", "--from", "line", "-"], &text);
    run.expect_code(2);
    assert!(run.out() == expected, "stdin: output differs from the line reader's");
}

#[test]
fn solve_validate_and_json_agree_across_jobs_values() {
    let text = batch();
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(dir.path(), "batch.txt", &text);
    let (_, messages) = expected_count(&text);
    for args in [
        &["solve"][..],
        &["solve", "--format", "json"],
        &["validate"],
        &["validate", "--format", "json"],
        &["count", "--format", "json"],
    ] {
        let runs: Vec<_> = ["1", "3"]
            .iter()
            .map(|jobs| {
                let mut all = args.to_vec();
                all.extend(["--jobs", jobs, &path]);
                sudokit(&all, b"")
            })
            .collect();
        for run in &runs {
            run.expect_code(2);
            assert!(run.stdout == runs[0].stdout, "{args:?}: output differs across --jobs");
            assert_eq!(run.stderr, runs[0].stderr, "{args:?}");
        }
        // One line per record, and each bad one names its line.
        let out = runs[0].out();
        assert_eq!(out.lines().count(), expected_count(&text).0.lines().count(), "{args:?}");
        for m in &messages {
            assert!(out.contains(m.as_str()), "{args:?}: no error line for {m}");
        }
    }
}

#[test]
fn an_overlong_line_is_one_error_and_the_batch_goes_on() {
    let puzzle = corpus("top1465.txt", 1).remove(0);
    let mut text = format!("{puzzle}\n").into_bytes();
    text.resize(text.len() + (5 << 20), b'.');
    text.extend_from_slice(format!("\n{puzzle}\n").as_bytes());
    for jobs in ["1", "2"] {
        let run = sudokit(&["count", "--from", "line", "--jobs", jobs], &text);
        run.expect_code(2);
        assert_eq!(run.lines(), ["1", "error: line 2 is longer than 1 MiB", "1"], "--jobs {jobs}");
    }
}

#[test]
fn a_closed_stdout_ends_a_parallel_run_of_many_blocks() {
    // 8 MB: more blocks than are handed out at once, so the reader is
    // waiting for a turn when the writer meets the broken pipe; the run must
    // still end (the helper fails the test on a hang), quietly, with status 0.
    let text = crate::util::text_of(&corpus("17-clue.txt", 49_158)).repeat(2);
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(dir.path(), "big.txt", text);
    let run = first_line_then_close(&["count", "--jobs", "2", path.as_str()]);
    assert_eq!((run.code, run.stdout.as_slice(), run.stderr.as_str()), (Some(0), &b"1\n"[..], ""));
}
