//! `sudokit bank fill` and `bank stats` on real files, including a fill
//! killed with SIGKILL.
//!
//! Stored puzzles are checked without trusting the generator: the exact
//! solver finds exactly one solution, equal to the stored one, which the
//! independent checker of `util` accepts against the givens.

use std::collections::HashSet;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sudokit::logic::{Level, LogicSolver, Technique};
use sudokit::solve::Solver;
use sudokit_bank::Bank;

use crate::util::{BIN, check_solution, line_values, sudokit};

/// Checks every puzzle of the bank at `path` (see the module docs) and
/// SQLite's integrity; returns `(seed, index, puzzle)` of each, in id order.
#[track_caller]
fn verify(path: &Path) -> Vec<(u64, u64, String)> {
    let bank = Bank::open_read_only(path).unwrap();
    bank.integrity_check().unwrap();
    let mut solver = Solver::new();
    let mut forms = HashSet::new();
    let puzzles = bank.puzzles().unwrap();
    for p in &puzzles {
        let (puzzle, _) = p.grids().unwrap();
        let found = solver.solutions(&puzzle, 2);
        assert_eq!(found.len(), 1, "row {}: {} solutions", p.id, found.len());
        assert_eq!(sudokit::format::to_line(&found[0]), p.solution, "row {}", p.id);
        let (r, c) = (puzzle.shape().box_rows(), puzzle.shape().box_cols());
        check_solution(&line_values(&p.puzzle), &line_values(&p.solution), r, c)
            .unwrap_or_else(|e| panic!("row {}: {e}", p.id));
        assert!(forms.insert(p.canonical.clone()), "row {}: repeated canonical form", p.id);
    }
    puzzles.into_iter().map(|p| (p.seed, p.index, p.puzzle)).collect()
}

fn fill_args<'a>(db: &'a str, n: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["bank", "fill", "--db", db, "-n", n, "-q"];
    args.extend_from_slice(extra);
    args
}

#[test]
fn fill_then_stats_in_text_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("b.sqlite");
    let db = db.to_str().unwrap();
    let run =
        sudokit(&fill_args(db, "6", &["--size", "6", "--difficulty", "hard", "-j", "2"]), b"");
    run.expect_code(0);
    assert!(run.out().contains("6 hard puzzles of 6"), "{run}");
    sudokit(&fill_args(db, "4", &["--box", "2x3", "--difficulty", "medium"]), b"").expect_code(0);
    assert_eq!(verify(Path::new(db)).len(), 10);
    let run = sudokit(&["bank", "stats", "--db", db], b"");
    run.expect_code(0);
    let lines = run.lines();
    assert_eq!(lines.len(), 4, "{run}");
    assert!(lines[1].split_whitespace().eq(["6", "2x3", "6", "medium", "4"]), "{run}");
    assert!(lines[2].split_whitespace().eq(["6", "2x3", "6", "hard", "6"]), "{run}");
    assert!(lines[3].split_whitespace().eq(["total", "10"]), "{run}");
    let run = sudokit(&["bank", "stats", "--db", db, "--format", "json"], b"");
    run.expect_code(0);
    let doc: serde_json::Value = serde_json::from_str(run.out()).unwrap();
    assert_eq!(doc["total"], 10);
    assert_eq!(doc["version"], sudokit_bank::schema::VERSION);
    assert_eq!(doc["counts"][1]["level"], "hard");
    assert_eq!(doc["counts"][1]["box"], "2x3");
    assert_eq!(doc["counts"][1]["puzzles"], 6);
}

#[test]
fn bad_banks_and_flags_get_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let text = dir.path().join("notes.txt");
    std::fs::write(&text, "a shopping list, not a puzzle bank, long enough for a header....")
        .unwrap();
    let text = text.to_str().unwrap();
    let run = sudokit(&fill_args(text, "1", &["--difficulty", "easy"]), b"");
    run.expect_code(2).expect_stderr(&["notes.txt", "not a sudokit bank"]);
    sudokit(&["bank", "stats", "--db", text], b"")
        .expect_code(2)
        .expect_stderr(&["not a sudokit bank"]);
    let missing = dir.path().join("nowhere").join("b.sqlite");
    let run = sudokit(&fill_args(missing.to_str().unwrap(), "1", &["--difficulty", "easy"]), b"");
    run.expect_code(2).expect_stderr(&["cannot create the bank", "does not exist"]);
    // Reading never creates a bank: stats on no file says so once.
    let run = sudokit(&["bank", "stats", "--db", missing.to_str().unwrap()], b"");
    run.expect_code(2).expect_stderr(&["no bank there", "bank fill --db"]);
    assert!(!missing.exists());
    let db = dir.path().join("b.sqlite");
    let db = db.to_str().unwrap();
    let run = sudokit(&fill_args(db, "1", &["--size", "4", "--difficulty", "evil"]), b"");
    run.expect_code(2).expect_stderr(&["cannot fill"]);
    let run = sudokit(&fill_args(db, "0", &["--difficulty", "easy"]), b"");
    run.expect_code(2).expect_stderr(&["--count must be at least 1"]);
    sudokit(&fill_args(db, "1", &["--difficulty", "impossible"]), b"").expect_code(2);
}

/// A fill killed with SIGKILL in the middle keeps every puzzle it had
/// committed, leaves SQLite's file intact and every row whole; run again,
/// it ends with exactly the puzzles of an uninterrupted fill (on another
/// thread count).
#[test]
fn a_fill_killed_with_sigkill_loses_nothing_committed() {
    let dir = tempfile::tempdir().unwrap();
    let (killed, whole) = (dir.path().join("killed.sqlite"), dir.path().join("whole.sqlite"));
    let (k, w) = (killed.to_str().unwrap(), whole.to_str().unwrap());
    let opts = ["--size", "9", "--difficulty", "evil", "--seed", "5", "-j", "2"];
    let n = "60";
    // One thread commits every 8 items, so the kill lands mid-fill.
    let mut child = Command::new(BIN)
        .args(fill_args(k, n, &["--size", "9", "--difficulty", "evil", "--seed", "5", "-j", "1"]))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let mut seen = 0;
    while seen < 8 {
        assert!(start.elapsed() < Duration::from_secs(120), "no commit within two minutes");
        assert!(child.try_wait().unwrap().is_none(), "the fill ended before it was killed");
        std::thread::sleep(Duration::from_millis(5));
        seen = Bank::open_read_only(&killed).map_or(0, |b| b.count("9", Level::Evil).unwrap_or(0));
    }
    child.kill().unwrap();
    let status = child.wait().unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(9), "the fill was killed, not finished: {status:?}");
    let kept = verify(&killed);
    assert!(kept.len() >= seen, "{seen} puzzles were committed, {} are left", kept.len());
    assert!(kept.len() < 60);
    sudokit(&fill_args(k, n, &opts), b"").expect_code(0);
    sudokit(&fill_args(w, n, &opts), b"").expect_code(0);
    let resumed = verify(&killed);
    assert_eq!(resumed.len(), 60);
    assert_eq!(resumed[..kept.len()], kept[..], "the committed puzzles stay first, unchanged");
    assert_eq!(resumed, verify(&whole));
}

/// `serve --bank` killed with SIGKILL: the client places saved before the
/// kill (every place older than the 50 ms save interval) survive, so the
/// restarted service hands the client none of its puzzles again.
#[test]
fn a_served_client_gets_no_repeat_after_sigkill() {
    use std::io::{BufRead, BufReader, Read, Write};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bank.sqlite");
    let db = db.to_str().unwrap();
    sudokit(&fill_args(db, "6", &["--size", "6", "--difficulty", "medium", "-j", "1"]), b"")
        .expect_code(0);
    let held: HashSet<String> = verify(Path::new(db)).into_iter().map(|p| p.2).collect();
    let ask = |addr: &str| -> (String, String) {
        let mut stream = std::net::TcpStream::connect(addr).expect("the service listens");
        let uri = "/api/v1/generate?size=6&difficulty=medium&client=fay";
        write!(stream, "GET {uri} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        let source = answer
            .lines()
            .find_map(|l| {
                l.to_ascii_lowercase().strip_prefix("x-sudokit-source: ").map(str::to_string)
            })
            .unwrap_or_default();
        let puzzle = answer.split(r#""puzzle":""#).nth(1).and_then(|r| r.split('"').next());
        (source, puzzle.expect("a puzzle in the answer").to_string())
    };
    let mut seen = HashSet::new();
    for _ in 0..2 {
        let mut child = Command::new(BIN)
            .args(["serve", "--addr", "127.0.0.1:0", "--bank", db, "--bank-low-water", "0"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot start the sudokit binary");
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut first = String::new();
        stderr.read_line(&mut first).unwrap();
        let addr = first.trim().rsplit("http://").next().expect("an address").to_string();
        for _ in 0..3 {
            let (source, puzzle) = ask(&addr);
            assert_eq!(source, "bank", "{puzzle}");
            assert!(held.contains(&puzzle), "{puzzle} is not in the bank");
            assert!(seen.insert(puzzle), "fay got a puzzle twice");
        }
        // Well past the save interval, then no chance to save anything more.
        std::thread::sleep(Duration::from_millis(500));
        child.kill().unwrap();
        child.wait().unwrap();
    }
    assert_eq!(seen, held);
    let bank = Bank::open(db).unwrap();
    bank.integrity_check().unwrap();
    assert_eq!(bank.places("6", Level::Medium).unwrap().len(), 1);
}

/// `bank fill --needs` and `--hardest` store puzzles that meet them (each
/// rated again here by the logical solver), count what the bank held that
/// meets them already, and refuse a technique the board cannot have.
#[test]
fn fill_with_technique_targets() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("b.sqlite");
    let db = db.to_str().unwrap();
    let run = sudokit(&fill_args(db, "3", &["--size", "6", "--needs", "pointing", "-j", "2"]), b"");
    run.expect_code(0);
    assert!(run.out().contains("3 puzzles that need Pointing of 6"), "{run}");
    let run = sudokit(
        &fill_args(db, "2", &["--size", "6", "--hardest", "Pointing", "--difficulty", "medium"]),
        b"",
    );
    run.expect_code(0);
    assert!(run.out().contains("2 medium puzzles whose hardest step is Pointing of 6"), "{run}");
    let mut solver = LogicSolver::new();
    let rated: Vec<_> = Bank::open_read_only(db)
        .unwrap()
        .puzzles()
        .unwrap()
        .iter()
        .map(|p| solver.solve(&p.grids().unwrap().0).unwrap())
        .collect();
    let needs = rated
        .iter()
        .filter(|path| path.technique_counts().iter().any(|&(t, _)| t == Technique::Pointing))
        .count();
    let hardest = rated
        .iter()
        .filter(|path| {
            let r = path.rating();
            r.level == Level::Medium && r.hardest == Some(Technique::Pointing)
        })
        .count();
    assert!(needs >= 3 && hardest >= 2, "{needs} need it, {hardest} have it hardest");
    verify(Path::new(db));
    let run = sudokit(&fill_args(db, "1", &["--size", "4", "--needs", "x-wing"]), b"");
    run.expect_code(2).expect_stderr(&["X-Wing cannot be filled on 4"]);
    let run = sudokit(&fill_args(db, "1", &["--size", "6"]), b"");
    run.expect_code(2).expect_stderr(&["--difficulty"]);
    let run = sudokit(&fill_args(db, "1", &["--needs", "x-wingz"]), b"");
    run.expect_code(2).expect_stderr(&["unknown technique"]);
}

#[test]
fn serve_refuses_a_key_expiry_of_no_days() {
    let run = sudokit(&["serve", "--bank", "b.sqlite", "--bank-key-days", "0"], b"");
    run.expect_code(2).expect_stderr(&["--bank-key-days"]);
}
