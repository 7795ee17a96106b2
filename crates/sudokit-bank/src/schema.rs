//! The bank's schema, its version and the migrations between versions.
//!
//! A bank is an SQLite file whose `application_id` is [`APPLICATION_ID`]
//! and whose `user_version` is the schema version. [`MIGRATIONS`] holds one
//! SQL script per version; script `k` turns a version-`k` bank into a
//! version-`k + 1` one, and a new file runs them all. `docs/bank.md`
//! describes every table and column.
//!
//! Invariants:
//! - Opening a bank for writing leaves it at [`VERSION`] or fails without a change:
//!   the migrations run in one immediate transaction, which also sets the
//!   version, so a crash mid-migration leaves the old version intact.
//! - A file with another application id (any other SQLite database), or
//!   with tables but no id, is refused and left untouched; so is a bank of
//!   a later version than this build knows.

use rusqlite::{Connection, TransactionBehavior};

use crate::error::BankError;

/// `PRAGMA application_id` of every bank: the bytes `SDKB`.
pub const APPLICATION_ID: i32 = 0x5344_4B42;

/// The schema version this build writes and reads.
pub const VERSION: u32 = MIGRATIONS.len() as u32;

/// The migration scripts: `MIGRATIONS[k]` takes version `k` to `k + 1`.
pub const MIGRATIONS: &[&str] = &[
    // Version 1: the puzzles, the techniques each one's path uses, and the
    // progress of each fill.
    "CREATE TABLE puzzles (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        rules      TEXT    NOT NULL,
        size       INTEGER NOT NULL,
        box_rows   INTEGER NOT NULL,
        box_cols   INTEGER NOT NULL,
        puzzle     TEXT    NOT NULL,
        solution   TEXT    NOT NULL,
        clues      INTEGER NOT NULL,
        er         INTEGER NOT NULL,
        ep         INTEGER NOT NULL,
        ed         INTEGER NOT NULL,
        level      TEXT    NOT NULL,
        hardest    TEXT,
        symmetry   TEXT    NOT NULL,
        method     TEXT    NOT NULL,
        canonical  TEXT    NOT NULL,
        seed       INTEGER NOT NULL,
        idx        INTEGER NOT NULL,
        created_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
    );
    CREATE UNIQUE INDEX puzzles_canonical ON puzzles (rules, canonical);
    CREATE INDEX puzzles_level ON puzzles (rules, level, id);
    CREATE TABLE techniques (
        technique TEXT    NOT NULL,
        puzzle    INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
        steps     INTEGER NOT NULL,
        PRIMARY KEY (technique, puzzle)
    ) WITHOUT ROWID;
    CREATE INDEX techniques_puzzle ON techniques (puzzle);
    CREATE TABLE fills (
        rules      TEXT    NOT NULL,
        level      TEXT    NOT NULL,
        symmetry   TEXT    NOT NULL,
        seed       INTEGER NOT NULL,
        next_index INTEGER NOT NULL,
        PRIMARY KEY (rules, level, symmetry, seed)
    ) WITHOUT ROWID;",
    // Version 2: what serving needs: each client's place in each
    // (rules, level) sequence, and the puzzle of each day.
    "CREATE TABLE clients (
        client TEXT    NOT NULL,
        rules  TEXT    NOT NULL,
        level  TEXT    NOT NULL,
        start  INTEGER NOT NULL,
        cursor INTEGER NOT NULL,
        lap    INTEGER NOT NULL,
        top    INTEGER NOT NULL,
        rounds INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (client, rules, level)
    ) WITHOUT ROWID;
    CREATE TABLE daily (
        date   TEXT    NOT NULL,
        rules  TEXT    NOT NULL,
        level  TEXT    NOT NULL,
        puzzle INTEGER NOT NULL REFERENCES puzzles (id),
        PRIMARY KEY (date, rules, level)
    ) WITHOUT ROWID;",
    // Version 3: when each client key was last seen (Unix seconds), so
    // keys unused for long are forgotten. Keys of an older bank count as
    // seen at the migration.
    "ALTER TABLE clients ADD COLUMN seen INTEGER NOT NULL DEFAULT 0;
    UPDATE clients SET seen = CAST(strftime('%s', 'now') AS INTEGER);
    CREATE INDEX clients_seen ON clients (seen);",
];

/// The application id and schema version of an open database.
pub(crate) fn identity(conn: &Connection) -> rusqlite::Result<(i32, u32, bool)> {
    let id: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0))?;
    let version: u32 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    let has_tables: bool =
        conn.query_row("SELECT EXISTS (SELECT 1 FROM sqlite_schema)", [], |r| r.get(0))?;
    Ok((id, version, has_tables))
}

/// Checks that `conn` holds a bank this build can read (or an empty
/// database), returning its version (0 for an empty one).
pub(crate) fn check(conn: &Connection, path: &str) -> Result<u32, BankError> {
    let (id, version, has_tables) = identity(conn).map_err(|e| BankError::sql(path, e))?;
    if id != APPLICATION_ID && (id != 0 || has_tables) {
        return Err(BankError::Foreign { path: path.to_string() });
    }
    if version > VERSION {
        return Err(BankError::TooNew { path: path.to_string(), version, supported: VERSION });
    }
    Ok(if id == 0 { 0 } else { version })
}

/// Brings the bank in `conn` to [`VERSION`], creating it in an empty
/// database; the version it had is returned (0 for a new bank).
pub(crate) fn prepare(conn: &mut Connection, path: &str) -> Result<u32, BankError> {
    let sql = |e| BankError::sql(path, e);
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(sql)?;
    let from = check(&tx, path)?;
    if from < VERSION {
        for script in &MIGRATIONS[from as usize..] {
            tx.execute_batch(script).map_err(sql)?;
        }
        tx.pragma_update(None, "application_id", APPLICATION_ID).map_err(sql)?;
        tx.pragma_update(None, "user_version", VERSION).map_err(sql)?;
    }
    tx.commit().map_err(sql)?;
    Ok(from)
}
