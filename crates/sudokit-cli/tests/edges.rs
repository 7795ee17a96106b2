//! Input at the edges: endless or binary input ends with an error after a
//! bounded read; boards too small or of prime side are refused unless their
//! box shape is named.

use std::time::{Duration, Instant};

use crate::util::sudokit;

#[test]
// Without the `print` feature, `dedup` is the one command with a reader of its own.
#[cfg_attr(not(feature = "print"), expect(clippy::single_element_loop))]
fn dev_zero_is_refused_as_binary_after_a_bounded_read() {
    // An endless stream of NUL bytes with no line end: the reader gives up
    // after its first MiB instead of reading for ever.
    for jobs in ["1", "2"] {
        let start = Instant::now();
        let run = sudokit(&["solve", "--jobs", jobs, "/dev/zero"], b"");
        assert!(start.elapsed() < Duration::from_secs(20), "{run}");
        run.expect_code(2).expect_stderr(&[
            "cannot read /dev/zero",
            "line 1 is binary data",
            "reading stopped",
        ]);
        assert!(run.stdout.is_empty(), "{run}");
    }
    // Also in the commands with a reader of their own.
    for args in [
        &["dedup", "/dev/zero"][..],
        #[cfg(feature = "print")]
        &["print", "-o", "-", "--format", "svg", "/dev/zero"],
    ] {
        let run = sudokit(args, b"");
        run.expect_code(2).expect_stderr(&["line 1 is binary data"]);
    }
}

#[test]
fn a_one_character_line_is_not_a_puzzle_unless_the_box_is_named() {
    let run = sudokit(&["solve"], b"1\n");
    run.expect_code(2).expect_stderr(&["line 1", "too small"]);
    assert!(run.out().starts_with("error: line 1: a 1x1 board is too small"), "{run}");
    let run = sudokit(&["solve", "--box", "1x1"], b"1\n");
    run.expect_code(0);
    assert_eq!(run.out(), "1\n");
}

#[test]
fn a_prime_side_read_from_input_needs_a_named_box() {
    // 25 cells: a 5x5 board, whose only boxes are rows.
    let line = "12345............................................"[..25].to_string() + "\n";
    let run = sudokit(&["count", "--format", "json"], line.as_bytes());
    run.expect_code(2).expect_stderr(&["5 is prime", "1x5"]);
    let run = sudokit(&["count", "--box", "1x5", "--limit", "3"], line.as_bytes());
    run.expect_code(1);
    assert_eq!(run.out(), "3\n", "a Latin square row has many completions: {run}");
}

#[test]
fn sizes_with_no_natural_box_are_refused_naming_box() {
    for size in ["5", "7", "13"] {
        let run = sudokit(&["generate", "--size", size, "-n", "1", "--seed", "1"], b"");
        run.expect_code(2).expect_stderr(&["--size", "is prime", "--box", &format!("1x{size}")]);
        assert!(run.stdout.is_empty(), "{run}");
        let run = sudokit(&["solve", "--size", size], b"");
        run.expect_code(2).expect_stderr(&["--box"]);
    }
    let run = sudokit(&["generate", "--size", "1", "-n", "1"], b"");
    run.expect_code(2).expect_stderr(&["--size 1", "too small", "--box"]);
    // Named, one-row boxes are still made, after a line naming them.
    let run = sudokit(&["generate", "--box", "1x5", "-n", "2", "--seed", "1"], b"");
    run.expect_code(0);
    let lines = run.lines();
    assert_eq!(lines.len(), 3, "{run}");
    assert_eq!(lines[0], "# rules: 1x5", "{run}");
    assert!(lines[1..].iter().all(|l| l.len() == 25), "{run}");
    // Sizes with a natural box are unchanged.
    let run = sudokit(&["generate", "--size", "6", "-n", "1", "--seed", "1"], b"");
    run.expect_code(0);
    assert_eq!(run.out().trim().len(), 36, "{run}");
}
