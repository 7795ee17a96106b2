//! Helpers for the CLI tests: running the real binary, reading the public
//! corpus, and an independent checker of solutions (it knows the Sudoku rules
//! and the symbol alphabet, nothing of the engine).

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_sudokit");

/// Longer than any run should take; a run that exceeds it is killed and
/// fails its test instead of hanging the suite.
const TIMEOUT: Duration = Duration::from_secs(60);

/// What a run of `sudokit` did.
#[derive(Debug)]
pub struct Run {
    pub args: Vec<String>,
    /// The exit code; `None` when a signal ended the process.
    pub code: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

impl Run {
    /// Standard output as text (it must be UTF-8).
    pub fn out(&self) -> &str {
        std::str::from_utf8(&self.stdout).expect("stdout is not UTF-8")
    }

    pub fn lines(&self) -> Vec<&str> {
        self.out().lines().collect()
    }

    /// Asserts the exit code, showing the run when it differs.
    #[track_caller]
    pub fn expect_code(&self, code: i32) -> &Self {
        assert_eq!(self.code, Some(code), "wrong exit code for {self}");
        self
    }

    /// Asserts that stderr contains every one of `parts`.
    #[track_caller]
    pub fn expect_stderr(&self, parts: &[&str]) -> &Self {
        for part in parts {
            assert!(self.stderr.contains(part), "stderr lacks {part:?} for {self}");
        }
        self
    }
}

impl std::fmt::Display for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let out = String::from_utf8_lossy(&self.stdout);
        let shown: String = out.chars().take(2000).collect();
        write!(
            f,
            "sudokit {:?}\nexit code: {:?}\n--- stdout ---\n{shown}\n--- stderr ---\n{}",
            self.args, self.code, self.stderr
        )
    }
}

/// Runs `sudokit args` with `stdin` as its standard input. Fails the test
/// when the run panics (exit code 101 or a "panicked" message) or hangs.
#[track_caller]
pub fn sudokit(args: &[&str], stdin: &[u8]) -> Run {
    let run = run_with(args, stdin.to_vec(), |_| {});
    assert_no_panic(&run);
    run
}

/// Starts `sudokit args` with `stdin` fed on a thread and both outputs
/// read on threads of their own, calls `meanwhile` with the running child
/// (to signal it, say), then waits for it (failing the test if it hangs)
/// and collects what it wrote.
#[track_caller]
pub fn run_with(args: &[&str], stdin: Vec<u8>, meanwhile: impl FnOnce(&Child)) -> Run {
    let mut child = spawn(args, Stdio::piped());
    let mut input = child.stdin.take().expect("piped stdin");
    // A write error is expected when sudokit exits without reading all of
    // its input (usage errors), so it is ignored.
    let writer = thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let stdout = read_all(child.stdout.take().expect("piped stdout"));
    let stderr = read_all(child.stderr.take().expect("piped stderr"));
    meanwhile(&child);
    let status = wait(&mut child, args);
    writer.join().expect("stdin writer");
    finished(args, status, stdout.join().expect("stdout reader"), stderr)
}

/// Starts `sudokit args` with `stdin`, its stdout and stderr piped.
#[track_caller]
pub fn spawn(args: &[&str], stdin: Stdio) -> Child {
    Command::new(BIN)
        .args(args)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("cannot start the sudokit binary")
}

/// The [`Run`] of a finished process: its status, the stdout kept, and
/// what the `stderr` reader collected.
#[track_caller]
fn finished(
    args: &[&str],
    status: ExitStatus,
    stdout: Vec<u8>,
    stderr: thread::JoinHandle<Vec<u8>>,
) -> Run {
    Run {
        args: args.iter().map(|a| a.to_string()).collect(),
        code: status.code(),
        stdout,
        stderr: String::from_utf8_lossy(&stderr.join().expect("stderr reader")).into_owned(),
    }
}

/// Asserts that a run ended normally, without a panic.
#[track_caller]
pub fn assert_no_panic(run: &Run) {
    assert!(run.code != Some(101) && !run.stderr.contains("panicked"), "sudokit panicked: {run}");
    assert!(run.code.is_some(), "sudokit was killed by a signal: {run}");
}

/// Reads a pipe to its end on a thread of its own.
pub fn read_all(mut pipe: impl Read + Send + 'static) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut buf = Vec::new();
        pipe.read_to_end(&mut buf).expect("cannot read a pipe");
        buf
    })
}

/// Waits for `child`, killing it (and failing the test) after [`TIMEOUT`].
#[track_caller]
pub fn wait(child: &mut Child, args: &[&str]) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("cannot wait for sudokit") {
            return status;
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("sudokit {args:?} did not finish within {TIMEOUT:?}");
        }
        thread::sleep(Duration::from_millis(5));
    }
}

/// Runs `sudokit args` with no stdin, reads the first line of its output,
/// then closes the pipe (as `| head -1` does) and waits for it (failing the
/// test if it hangs). The run's stdout is that first line.
#[track_caller]
pub fn first_line_then_close(args: &[&str]) -> Run {
    let mut child = spawn(args, Stdio::null());
    let stderr = read_all(child.stderr.take().expect("piped stderr"));
    let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("read a line");
    drop(stdout);
    let status = wait(&mut child, args);
    finished(args, status, first.into_bytes(), stderr)
}

/// The public corpus directory; panics when it is missing, so that no test
/// passes by skipping its data.
pub fn data_dir() -> PathBuf {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data"));
    assert!(
        dir.is_dir(),
        "the puzzle corpus is missing: expected the directory {} \
         (data/ at the repository root)",
        dir.display()
    );
    dir.to_path_buf()
}

/// The first `count` puzzles of a corpus file (comments and blank lines
/// skipped, trailing text dropped).
pub fn corpus(name: &str, count: usize) -> Vec<String> {
    let path = data_dir().join(name);
    let text =
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let puzzles: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next())
        .take(count)
        .map(str::to_string)
        .collect();
    assert_eq!(puzzles.len(), count, "{} has fewer than {count} puzzles", path.display());
    puzzles
}

/// `lines` joined, each ending with a newline.
pub fn text_of(lines: &[String]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// Writes `contents` to `name` in `dir` and returns the path as a string.
pub fn write_file(dir: &Path, name: &str, contents: impl AsRef<[u8]>) -> String {
    let path = dir.join(name);
    fs::write(&path, contents).expect("cannot write a test file");
    path.to_str().expect("UTF-8 temp path").to_string()
}

/// The value of a one-character cell: `.` or `0` blank, `1`-`9`, then
/// `A`-`Z` (either case) for 10 to 35.
pub fn char_value(c: char) -> u8 {
    match c {
        '.' | '0' => 0,
        '1'..='9' => c as u8 - b'0',
        'A'..='Z' => c as u8 - b'A' + 10,
        'a'..='z' => c as u8 - b'a' + 10,
        _ => panic!("{c:?} is not a cell symbol"),
    }
}

/// The character for `v` (0 is `.`).
pub fn value_char(v: u8) -> char {
    match v {
        0 => '.',
        1..=9 => (b'0' + v) as char,
        _ => (b'A' + v - 10) as char,
    }
}

/// The cells of a line-format puzzle.
pub fn line_values(line: &str) -> Vec<u8> {
    line.chars().map(char_value).collect()
}

/// The cells of whitespace-separated tokens.
pub fn token_values(text: &str) -> Vec<u8> {
    text.split_whitespace()
        .map(|t| t.parse().unwrap_or_else(|_| panic!("{t:?} is not a number")))
        .collect()
}

/// Checks that `solution` is a complete grid obeying the rules for boxes of
/// `box_rows` x `box_cols` cells and that it keeps every given of `puzzle`.
pub fn check_solution(
    puzzle: &[u8],
    solution: &[u8],
    box_rows: usize,
    box_cols: usize,
) -> Result<(), String> {
    let n = box_rows * box_cols;
    if puzzle.len() != n * n || solution.len() != n * n {
        return Err(format!(
            "expected {} cells, puzzle has {} and solution {}",
            n * n,
            puzzle.len(),
            solution.len()
        ));
    }
    for (i, (&p, &s)) in puzzle.iter().zip(solution).enumerate() {
        if s == 0 || usize::from(s) > n {
            return Err(format!("r{}c{} holds {s}", i / n + 1, i % n + 1));
        }
        if p != 0 && p != s {
            return Err(format!(
                "r{}c{} is given as {p} but the solution has {s}",
                i / n + 1,
                i % n + 1
            ));
        }
    }
    // Each unit has n cells holding values in 1..=n, so no repeat means
    // every digit once.
    let distinct = |cells: Vec<usize>| {
        let mut seen = vec![false; n + 1];
        cells.into_iter().all(|i| !std::mem::replace(&mut seen[usize::from(solution[i])], true))
    };
    for k in 0..n {
        if !distinct((0..n).map(|c| k * n + c).collect()) {
            return Err(format!("row {} repeats a digit", k + 1));
        }
        if !distinct((0..n).map(|r| r * n + k).collect()) {
            return Err(format!("column {} repeats a digit", k + 1));
        }
        let (top, left) = (k / box_rows * box_rows, k % box_rows * box_cols);
        if !distinct((0..n).map(|i| (top + i / box_cols) * n + left + i % box_cols).collect()) {
            return Err(format!("box {} repeats a digit", k + 1));
        }
    }
    Ok(())
}

/// Asserts [`check_solution`] for line-format text.
#[track_caller]
pub fn assert_solves(puzzle: &str, solution: &str, box_rows: usize, box_cols: usize) {
    if let Err(e) = check_solution(&line_values(puzzle), &line_values(solution), box_rows, box_cols)
    {
        panic!("{solution} does not solve {puzzle}: {e}");
    }
}

/// A valid solution grid for boxes of `box_rows` x `box_cols` (a shifted
/// pattern with its digits relabelled), as row-major values.
pub fn pattern_grid(box_rows: usize, box_cols: usize) -> Vec<u8> {
    let n = box_rows * box_cols;
    assert!(!n.is_multiple_of(5), "v -> 5v + 3 (mod {n}) must be a relabelling");
    (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            let v = (box_cols * (r % box_rows) + r / box_rows + c) % n;
            ((v * 5 + 3) % n + 1) as u8
        })
        .collect()
}

/// `grid` with its first box blanked, and one more cell blanked in each row
/// below the first band (on the diagonal, away from the first box's rows and
/// columns). Every blank is then forced by its row and column, so the puzzle
/// has exactly one solution: `grid`.
pub fn carve(grid: &[u8], box_rows: usize, box_cols: usize) -> Vec<u8> {
    let n = box_rows * box_cols;
    let mut puzzle = grid.to_vec();
    for r in 0..box_rows {
        for c in 0..box_cols {
            puzzle[r * n + c] = 0;
        }
    }
    for r in box_rows.max(box_cols)..n {
        puzzle[r * n + r] = 0;
    }
    puzzle
}

/// Values as a line-format puzzle.
pub fn to_line(values: &[u8]) -> String {
    values.iter().map(|&v| value_char(v)).collect()
}
