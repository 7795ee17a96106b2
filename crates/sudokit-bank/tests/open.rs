//! Opening: new, migrated, foreign, newer, read-only and full banks.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use rusqlite::Connection;
use sudokit::logic::Level;
use sudokit_bank::schema::{APPLICATION_ID, MIGRATIONS, VERSION};
use sudokit_bank::{Bank, BankError, Claim};

use crate::util::{filled_bank, run, six_fill, verify};

/// The rows of a version-1 bank with one puzzle, as SQL, to run after the
/// version-1 script.
const BANK_V1_ROWS: &str = include_str!("testdata/bank-v1.sql");

fn identity(path: &Path) -> (i32, u32, String) {
    let conn = Connection::open(path).unwrap();
    let id = conn.query_row("PRAGMA application_id", [], |r| r.get(0)).unwrap();
    let version = conn.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
    let mode = conn.query_row("PRAGMA journal_mode", [], |r| r.get(0)).unwrap();
    (id, version, mode)
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[test]
fn a_new_bank_is_stamped_and_in_wal_mode() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.sqlite");
    let bank = Bank::open(&path).unwrap();
    assert_eq!(bank.opened_at_version(), 0);
    drop(bank);
    assert_eq!(identity(&path), (APPLICATION_ID, VERSION, "wal".to_string()));
    assert_eq!(Bank::open(&path).unwrap().opened_at_version(), VERSION);
}

#[test]
fn an_older_bank_is_migrated_and_keeps_its_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v1.sqlite");
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch(MIGRATIONS[0]).unwrap();
    conn.execute_batch(BANK_V1_ROWS).unwrap();
    drop(conn);
    assert_eq!(identity(&path).1, 1);
    // Reading it as it is works, and changes nothing.
    let read = Bank::open_read_only(&path).unwrap();
    assert_eq!(read.count("6", Level::Medium).unwrap(), 1);
    drop(read);
    assert_eq!(identity(&path).1, 1);
    let mut bank = Bank::open(&path).unwrap();
    assert_eq!(bank.opened_at_version(), 1);
    assert_eq!(identity(&path).1, VERSION);
    let stored = verify(&bank);
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].puzzle, "1..42..............31..6...6..35....");
    assert_eq!(bank.techniques(1).unwrap().len(), 4);
    // The tables of the later versions work on it: serving, and a fill
    // that resumes the recorded one (seed 42, next index 1).
    let Claim::Puzzle(p) = bank.claim("eve", "6", Level::Medium).unwrap() else { panic!() };
    assert_eq!(p.id, 1);
    let done = run(&mut bank, &six_fill(Level::Medium, 42, 3, 1));
    assert_eq!(done.added, 2);
    assert!(bank.puzzles().unwrap().iter().skip(1).all(|p| p.index >= 1));
    verify(&bank);
}

#[test]
fn a_newer_bank_is_refused_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("future.sqlite");
    drop(Bank::open(&path).unwrap());
    Connection::open(&path).unwrap().pragma_update(None, "user_version", VERSION + 1).unwrap();
    for err in [Bank::open(&path).unwrap_err(), Bank::open_read_only(&path).unwrap_err()] {
        assert!(matches!(err, BankError::TooNew { .. }), "{err}");
        let text = err.to_string();
        assert!(text.contains(&format!("schema version {}", VERSION + 1)), "{text}");
        assert!(text.contains("future.sqlite") && text.contains("newer sudokit"), "{text}");
    }
    assert_eq!(identity(&path).1, VERSION + 1);
}

#[test]
fn a_foreign_file_is_refused_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("other.sqlite");
    Connection::open(&other).unwrap().execute_batch("CREATE TABLE notes (body TEXT)").unwrap();
    let text = dir.path().join("notes.txt");
    std::fs::write(&text, "not a database at all, but long enough to have a header........")
        .unwrap();
    for path in [&other, &text] {
        let before = std::fs::read(path).unwrap();
        let err = Bank::open(path).unwrap_err();
        assert!(matches!(err, BankError::Foreign { .. }), "{err}");
        assert!(err.to_string().contains("not a sudokit bank"), "{err}");
        assert_eq!(std::fs::read(path).unwrap(), before, "{} was changed", path.display());
    }
    assert_eq!(identity(&other), (0, 0, "delete".to_string()));
}

#[test]
fn a_read_only_file_is_refused_for_writing_but_can_be_read() {
    let (_dir, path, bank) = filled_bank("ro.sqlite", &six_fill(Level::Medium, 1, 2, 1));
    drop(bank);
    set_mode(&path, 0o444);
    let err = Bank::open(&path).unwrap_err();
    assert!(matches!(err, BankError::ReadOnly { .. }), "{err}");
    assert!(
        err.to_string().contains("ro.sqlite") && err.to_string().contains("read-only"),
        "{err}"
    );
    let read = Bank::open_read_only(&path).unwrap();
    assert_eq!(read.count("6", Level::Medium).unwrap(), 2);
}

#[test]
fn a_bank_in_a_missing_or_read_only_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-folder").join("b.sqlite");
    let err = Bank::open(&missing).unwrap_err();
    assert!(matches!(err, BankError::CannotCreate { .. }), "{err}");
    assert!(err.to_string().contains("does not exist"), "{err}");
    let locked = dir.path().join("locked");
    std::fs::create_dir(&locked).unwrap();
    set_mode(&locked, 0o555);
    let err = Bank::open(locked.join("b.sqlite")).unwrap_err();
    set_mode(&locked, 0o755);
    assert!(matches!(err, BankError::CannotCreate { .. }), "{err}");
    assert!(err.to_string().contains("read-only") && err.to_string().contains("locked"), "{err}");
    assert!(!locked.join("b.sqlite").exists());
    let err = Bank::open(dir.path()).unwrap_err();
    assert!(err.to_string().contains("is a folder"), "{err}");
}

/// A full disk (here: the bank's size limit) fails the batch that met it
/// with a clear error; what was committed before stays whole.
#[test]
fn a_full_disk_fails_the_batch_and_keeps_the_rest() {
    let (dir, path, mut bank) = filled_bank("full.sqlite", &six_fill(Level::Medium, 1, 4, 1));
    let size = std::fs::metadata(&path).unwrap().len()
        + std::fs::metadata(dir.path().join("full.sqlite-wal")).map_or(0, |m| m.len());
    bank.limit_size(size + 4096).unwrap();
    let err =
        sudokit_bank::fill(&mut bank, &six_fill(Level::Medium, 2, 5000, 2), &mut |_| {}, &|| false)
            .unwrap_err();
    assert!(matches!(err, BankError::Full { .. }), "{err}");
    assert!(err.to_string().contains("full.sqlite") && err.to_string().contains("full"), "{err}");
    drop(bank);
    let bank = Bank::open(&path).unwrap();
    bank.integrity_check().unwrap();
    let stored = verify(&bank);
    assert!(stored.len() >= 4 && stored.len() < 5000);
}
