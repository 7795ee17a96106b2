//! [`Bank`]: an open bank file, and what it answers.
//!
//! Opening for writing ([`Bank::open`]) creates or migrates the file (see
//! [`crate::schema`]) and sets WAL mode (readers never wait for the
//! writer, a commit is one append), `synchronous = NORMAL` (a committed
//! transaction survives the process being killed; only a power loss can
//! drop the last ones, never corrupt the file) and a busy timeout, so
//! several processes can fill and read one bank at once.
//! [`Bank::open_read_only`] reads a bank without changing it.
//!
//! Invariants kept here:
//! - No two puzzles of one rules name share a canonical form (a unique
//!   index; a repeat is skipped, not an error).
//! - A fill's cursor and the puzzles it covers are committed together, so
//!   a killed fill resumes exactly where its last commit ended.
//! - A client is handed each puzzle of a (rules, target) once per round: see
//!   [`Bank::claim`].

use std::path::Path;
use std::time::Duration;

use rusqlite::{
    Connection, OpenFlags, OptionalExtension, Params, Transaction, TransactionBehavior,
};
use sudokit::logic::Level;

use crate::entry::{Entry, STORED_COLUMNS, Stored};
use crate::error::BankError;
use crate::place::{Place, Step};
use crate::schema;
use crate::target::Target;

/// How long a statement waits for another connection's lock by default.
pub const DEFAULT_BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// An open bank.
#[derive(Debug)]
pub struct Bank {
    conn: Connection,
    path: String,
    migrated_from: u32,
}

/// How many puzzles a bank holds of one rules name and level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Count {
    /// The rules' compact name.
    pub rules: String,
    /// The board side.
    pub size: usize,
    /// Rows of a box.
    pub box_rows: usize,
    /// Columns of a box.
    pub box_cols: usize,
    /// The level's name.
    pub level: String,
    /// How many puzzles.
    pub puzzles: usize,
}

/// What [`Bank::claim`] found for a client.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// A puzzle this client has not been handed in this round.
    Puzzle(Box<Stored>),
    /// The client has been handed every puzzle of the key; its next claim
    /// starts a new round.
    Exhausted,
    /// The bank holds no puzzle of the key.
    Empty,
}

impl Bank {
    /// Opens the bank at `path` for reading and writing, creating it when
    /// the file does not exist and migrating an older schema.
    pub fn open(path: impl AsRef<Path>) -> Result<Bank, BankError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        check_writable(path, &name)?;
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let mut conn =
            Connection::open_with_flags(path, flags).map_err(|e| match e.sqlite_error_code() {
                Some(rusqlite::ErrorCode::CannotOpen) => {
                    BankError::CannotCreate { path: name.clone(), reason: e.to_string() }
                }
                _ => BankError::sql(&name, e),
            })?;
        conn.busy_timeout(DEFAULT_BUSY_TIMEOUT).map_err(|e| BankError::sql(&name, e))?;
        // Refuse a foreign file before anything changes it (WAL mode would).
        schema::check(&conn, &name)?;
        let mode: String = conn
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .map_err(|e| BankError::sql(&name, e))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(BankError::ReadOnly {
                path: name,
                reason: format!("SQLite kept journal mode {mode:?} instead of WAL"),
            });
        }
        conn.execute_batch("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;")
            .map_err(|e| BankError::sql(&name, e))?;
        let migrated_from = schema::prepare(&mut conn, &name)?;
        Ok(Bank { conn, path: name, migrated_from })
    }

    /// Opens the bank at `path` for reading only; the file must exist and
    /// be a bank of this version or an older one.
    pub fn open_read_only(path: impl AsRef<Path>) -> Result<Bank, BankError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        if !path.is_file() {
            return Err(BankError::Missing { path: name });
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn =
            Connection::open_with_flags(path, flags).map_err(|e| BankError::sql(&name, e))?;
        conn.busy_timeout(DEFAULT_BUSY_TIMEOUT).map_err(|e| BankError::sql(&name, e))?;
        let version = schema::check(&conn, &name)?;
        if version == 0 {
            return Err(BankError::Foreign { path: name });
        }
        Ok(Bank { conn, path: name, migrated_from: version })
    }

    /// The file's name, as errors give it.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The schema version the file had when opened (0 for a new bank);
    /// below [`schema::VERSION`] the bank was migrated on opening (unless
    /// opened read-only).
    pub fn opened_at_version(&self) -> u32 {
        self.migrated_from
    }

    /// Replaces the busy timeout (default [`DEFAULT_BUSY_TIMEOUT`]).
    pub fn set_busy_timeout(&self, timeout: Duration) -> Result<(), BankError> {
        self.conn.busy_timeout(timeout).map_err(|e| self.sql(e))
    }

    /// Caps the file at about `bytes` (whole pages): a write beyond it
    /// fails with [`BankError::Full`], as on a full disk.
    pub fn limit_size(&self, bytes: u64) -> Result<(), BankError> {
        let page: u64 =
            self.conn.query_row("PRAGMA page_size", [], |r| r.get(0)).map_err(|e| self.sql(e))?;
        let pages = (bytes / page.max(1)).max(1);
        self.conn
            .query_row(&format!("PRAGMA max_page_count = {pages}"), [], |_| Ok(()))
            .map_err(|e| self.sql(e))
    }

    pub(crate) fn sql(&self, e: rusqlite::Error) -> BankError {
        BankError::sql(&self.path, e)
    }

    /// An immediate (write-locking) transaction.
    pub(crate) fn write(&mut self) -> Result<Transaction<'_>, BankError> {
        let path = self.path.clone();
        self.conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(|e| BankError::sql(&path, e))
    }

    /// Stores `entry` in `tx`; `false` when a puzzle with its canonical
    /// form (under the same rules) is already stored.
    pub(crate) fn store(tx: &Transaction<'_>, entry: &Entry) -> rusqlite::Result<bool> {
        let added = tx.prepare_cached(
            "INSERT INTO puzzles (rules, size, box_rows, box_cols, puzzle, solution, clues, er, \
             ep, ed, level, hardest, symmetry, method, canonical, seed, idx) VALUES (?1, ?2, \
             ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17) \
             ON CONFLICT (rules, canonical) DO NOTHING",
        )?
        .execute(rusqlite::params![
            entry.rules,
            entry.size,
            entry.box_rows,
            entry.box_cols,
            entry.puzzle,
            entry.solution,
            entry.clues,
            entry.er,
            entry.ep,
            entry.ed,
            entry.level.name(),
            entry.hardest,
            entry.symmetry.name(),
            entry.method.name(),
            entry.canonical,
            entry.seed as i64,
            entry.index as i64,
        ])?;
        if added == 0 {
            return Ok(false);
        }
        let id = tx.last_insert_rowid();
        let mut techniques = tx.prepare_cached(
            "INSERT INTO techniques (technique, puzzle, steps) VALUES (?1, ?2, ?3)",
        )?;
        for (technique, steps) in &entry.techniques {
            techniques.execute(rusqlite::params![technique, id, steps])?;
        }
        Ok(true)
    }

    /// Stores `entries` in one transaction; returns how many were new.
    pub fn insert(&mut self, entries: &[Entry]) -> Result<usize, BankError> {
        let path = self.path.clone();
        let sql = |e| BankError::sql(&path, e);
        let tx = self.write()?;
        let mut added = 0;
        for entry in entries {
            added += usize::from(Self::store(&tx, entry).map_err(sql)?);
        }
        tx.commit().map_err(sql)?;
        Ok(added)
    }

    /// How many puzzles of `rules` meeting `target` (a [`Level`] or a
    /// [`Target`]) the bank holds, whichever fill stored them.
    pub fn count(&self, rules: &str, target: impl Into<Target>) -> Result<usize, BankError> {
        Self::count_in(&self.conn, rules, &target.into()).map_err(|e| self.sql(e))
    }

    /// [`Bank::count`] on `conn` (a transaction, say).
    pub(crate) fn count_in(
        conn: &Connection,
        rules: &str,
        target: &Target,
    ) -> rusqlite::Result<usize> {
        let (filter, values) = target.sql_filter(2);
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT count(*) FROM puzzles p WHERE p.rules = ?1{filter}"
        ))?;
        let mut params: Vec<&dyn rusqlite::ToSql> = vec![&rules];
        params.extend(values.iter().map(|v| v as &dyn rusqlite::ToSql));
        stmt.query_row(params.as_slice(), |r| r.get(0))
    }

    /// The number of puzzles of every rules name and level held, by
    /// board size, rules and level (easy to evil).
    pub fn counts(&self) -> Result<Vec<Count>, BankError> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT rules, size, box_rows, box_cols, level, count(*) FROM puzzles \
                 GROUP BY rules, level \
                 ORDER BY size, rules, CASE level WHEN 'easy' THEN 0 WHEN 'medium' THEN 1 \
                 WHEN 'hard' THEN 2 WHEN 'expert' THEN 3 WHEN 'evil' THEN 4 ELSE 5 END",
            )
            .map_err(|e| self.sql(e))?;
        let rows = stmt
            .query_map([], |r| {
                let (rules, size, box_rows, box_cols, level, puzzles) = r.try_into()?;
                Ok(Count { rules, size, box_rows, box_cols, level, puzzles })
            })
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(|e| self.sql(e))?;
        Ok(rows)
    }

    /// Every stored puzzle, in id order.
    pub fn puzzles(&self) -> Result<Vec<Stored>, BankError> {
        self.stored_where("1 ORDER BY id", [])
    }

    /// The stored puzzles of `SELECT ... FROM puzzles WHERE {tail}` with
    /// `params` bound to the tail's placeholders.
    fn stored_where(&self, tail: &str, params: impl Params) -> Result<Vec<Stored>, BankError> {
        let mut stmt = self
            .conn
            .prepare_cached(&format!("SELECT {STORED_COLUMNS} FROM puzzles WHERE {tail}"))
            .map_err(|e| self.sql(e))?;
        stmt.query_map(params, Stored::from_row)
            .and_then(|rows| rows.collect())
            .map_err(|e| self.sql(e))
    }

    /// The techniques of puzzle `id`'s path with their step counts.
    pub fn techniques(&self, id: i64) -> Result<Vec<(String, usize)>, BankError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT technique, steps FROM techniques WHERE puzzle = ?1")
            .map_err(|e| self.sql(e))?;
        stmt.query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))
            .and_then(|rows| rows.collect())
            .map_err(|e| self.sql(e))
    }

    /// SQLite's `PRAGMA integrity_check`: `Ok` when it answers `ok`, else
    /// its findings.
    pub fn integrity_check(&self) -> Result<(), Vec<String>> {
        let found: Result<Vec<String>, _> = self
            .conn
            .prepare("PRAGMA integrity_check")
            .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect());
        match found {
            Ok(lines) if lines == ["ok"] => Ok(()),
            Ok(lines) => Err(lines),
            Err(e) => Err(vec![e.to_string()]),
        }
    }

    /// The next index of the fill of `rules`, `target` (a [`Level`] or a
    /// [`Target`]), `symmetry` and `seed` (0 when it never ran).
    pub fn fill_cursor(
        &self,
        rules: &str,
        target: impl Into<Target>,
        symmetry: &str,
        seed: u64,
    ) -> Result<u64, BankError> {
        self.conn
            .query_row(
                "SELECT next_index FROM fills WHERE rules = ?1 AND level = ?2 AND symmetry = ?3 \
                 AND seed = ?4",
                (rules, target.into().name(), symmetry, seed as i64),
                |r| r.get::<_, i64>(0),
            )
            .optional()
            .map(|n| n.map_or(0, |n| n as u64))
            .map_err(|e| self.sql(e))
    }

    /// Sets the fill's cursor in `tx`.
    pub(crate) fn set_fill_cursor(
        tx: &Transaction<'_>,
        key: (&str, &str, &str, u64),
        next: u64,
    ) -> rusqlite::Result<()> {
        tx.prepare_cached(
            "INSERT INTO fills (rules, level, symmetry, seed, next_index) VALUES (?1, ?2, ?3, ?4, \
             ?5) ON CONFLICT (rules, level, symmetry, seed) DO UPDATE SET next_index = ?5",
        )?
        .execute((key.0, key.1, key.2, key.3 as i64, next as i64))?;
        Ok(())
    }

    /// The next puzzle of `rules` meeting `target` (a [`Level`] or a
    /// [`Target`]: a level, techniques the path needs, the hardest
    /// technique) for `client`.
    ///
    /// Each client walks the puzzles meeting a target in id order, starting
    /// at a point chosen from a hash of its name and wrapping around once
    /// (see [`Place`]). A round ends when none is left
    /// ([`Claim::Exhausted`]); the next claim starts a new round from the
    /// start again. Puzzles added during a round are handed out in the same
    /// round, so within a round no puzzle comes twice. Each target has its
    /// own place (keyed by [`Target::name`]), so a puzzle meeting two
    /// targets can come once in each. One claim is one short write
    /// transaction; a server keeps places in memory instead and saves them
    /// in batches ([`Bank::places`], [`Bank::save_places`]).
    pub fn claim(
        &mut self,
        client: &str,
        rules: &str,
        target: impl Into<Target>,
    ) -> Result<Claim, BankError> {
        let target = target.into();
        let path = self.path.clone();
        let sql = |e| BankError::sql(&path, e);
        let tx = self.write()?;
        let target_name = target.name();
        let place = tx
            .prepare_cached(
                "SELECT start, cursor, lap, top, rounds FROM clients \
                 WHERE client = ?1 AND rules = ?2 AND level = ?3",
            )
            .and_then(|mut s| {
                s.query_row((client, rules, target_name.as_str()), place_of_row).optional()
            })
            .map_err(sql)?;
        // Placeholders ?1 to ?3 are the rules and an id range; the
        // target's conditions follow from ?4.
        let (filter, values) = target.sql_filter(4);
        let mut place = match place {
            Some(place) => place,
            None => {
                let range: (Option<i64>, Option<i64>) = tx
                    .prepare_cached(&format!(
                        "SELECT min(p.id), max(p.id) FROM puzzles p WHERE p.rules = ?1 \
                         AND p.id > ?2 AND p.id <= ?3{filter}"
                    ))
                    .and_then(|mut s| {
                        let params = bound(&rules, &i64::MIN, &i64::MAX, &values);
                        s.query_row(params.as_slice(), |r| Ok((r.get(0)?, r.get(1)?)))
                    })
                    .map_err(sql)?;
                let (Some(lo), Some(hi)) = range else { return Ok(Claim::Empty) };
                Place::begin(client, lo, hi)
            }
        };
        let step = place
            .step(|above, up_to| {
                tx.prepare_cached(&format!(
                    "SELECT p.id FROM puzzles p WHERE p.rules = ?1 AND p.id > ?2 \
                     AND p.id <= ?3{filter} ORDER BY p.id LIMIT 1"
                ))?
                .query_row(bound(&rules, &above, &up_to, &values).as_slice(), |r| r.get(0))
                .optional()
            })
            .map_err(sql)?;
        Self::save_place(&tx, client, rules, &target_name, &place, unix_now()).map_err(sql)?;
        let claim = match step {
            Step::Id(id) => {
                let stored = tx
                    .prepare_cached(&format!("SELECT {STORED_COLUMNS} FROM puzzles WHERE id = ?1"))
                    .and_then(|mut s| s.query_row([id], Stored::from_row))
                    .map_err(sql)?;
                Claim::Puzzle(Box::new(stored))
            }
            Step::Exhausted => Claim::Exhausted,
        };
        tx.commit().map_err(sql)?;
        Ok(claim)
    }

    /// Writes `place` as `client`'s place in `rules` and the target named
    /// `target` ([`Target::name`]), last seen at `seen` (Unix seconds).
    fn save_place(
        tx: &Transaction<'_>,
        client: &str,
        rules: &str,
        target: &str,
        place: &Place,
        seen: i64,
    ) -> rusqlite::Result<()> {
        tx.prepare_cached(
            "INSERT INTO clients (client, rules, level, start, cursor, lap, top, rounds, seen) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) ON CONFLICT (client, rules, level) \
             DO UPDATE SET start = ?4, cursor = ?5, lap = ?6, top = ?7, rounds = ?8, seen = ?9",
        )?
        .execute(rusqlite::params![
            client,
            rules,
            target,
            place.start,
            place.cursor,
            place.lap,
            place.top,
            place.rounds,
            seen
        ])?;
        Ok(())
    }

    /// The places of every client key in `rules` and `target` (a [`Level`]
    /// or a [`Target`]).
    pub fn places(
        &self,
        rules: &str,
        target: impl Into<Target>,
    ) -> Result<Vec<(String, Place)>, BankError> {
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT client, start, cursor, lap, top, rounds FROM clients \
                 WHERE rules = ?1 AND level = ?2",
            )
            .map_err(|e| self.sql(e))?;
        stmt.query_map((rules, target.into().name()), |r| {
            let client: String = r.get(0)?;
            Ok((client, place_of_columns(r, 1)?))
        })
        .and_then(|rows| rows.collect())
        .map_err(|e| self.sql(e))
    }

    /// The places of every client key in every target of `rules`, each
    /// with its target's name ([`Target::name`]) and client key.
    pub fn places_of_rules(&self, rules: &str) -> Result<Vec<(String, String, Place)>, BankError> {
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT level, client, start, cursor, lap, top, rounds FROM clients \
                 WHERE rules = ?1",
            )
            .map_err(|e| self.sql(e))?;
        stmt.query_map([rules], |r| Ok((r.get(0)?, r.get(1)?, place_of_columns(r, 2)?)))
            .and_then(|rows| rows.collect())
            .map_err(|e| self.sql(e))
    }

    /// Saves the places of `records` (client, rules, level, place) in one
    /// transaction, each last seen now.
    pub fn save_places(&mut self, records: &[PlaceRecord]) -> Result<(), BankError> {
        let path = self.path.clone();
        let sql = |e| BankError::sql(&path, e);
        let now = unix_now();
        let tx = self.write()?;
        for r in records {
            Self::save_place(&tx, &r.client, &r.rules, &r.target.name(), &r.place, now)
                .map_err(sql)?;
        }
        tx.commit().map_err(sql)
    }

    /// Forgets the places of client keys not seen for `unused` (each starts
    /// afresh when it comes back); returns how many were forgotten.
    pub fn expire_clients(&mut self, unused: Duration) -> Result<usize, BankError> {
        let cutoff = unix_now().saturating_sub(i64::try_from(unused.as_secs()).unwrap_or(i64::MAX));
        self.conn.execute("DELETE FROM clients WHERE seen < ?1", [cutoff]).map_err(|e| self.sql(e))
    }

    /// Up to `limit` puzzles of `rules`, of every level, with ids above
    /// `after`, in id order.
    pub fn rules_puzzles_after(
        &self,
        rules: &str,
        after: i64,
        limit: usize,
    ) -> Result<Vec<Stored>, BankError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.stored_where("rules = ?1 AND id > ?2 ORDER BY id LIMIT ?3", (rules, after, limit))
    }

    /// Up to `limit` puzzles of `rules` and `level` with ids above `after`,
    /// in id order.
    pub fn puzzles_after(
        &self,
        rules: &str,
        level: Level,
        after: i64,
        limit: usize,
    ) -> Result<Vec<Stored>, BankError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.stored_where(
            "rules = ?1 AND level = ?2 AND id > ?3 ORDER BY id LIMIT ?4",
            (rules, level.name(), after, limit),
        )
    }

    /// The puzzle of `date` for `rules` and `level`: the one recorded for
    /// that date, or else one chosen now by `pick` (a number derived from
    /// the date; see [`crate::daily_seed`]) among the puzzles of the key
    /// that were never a daily puzzle, and recorded. `None` when the bank
    /// holds no such puzzle (none of the key, or every one already a daily
    /// puzzle): the bank never hands out a puzzle for a second date, so the
    /// caller makes the date's own and records it ([`Bank::record_daily`]).
    pub fn daily(
        &mut self,
        date: &str,
        rules: &str,
        level: Level,
        pick: u64,
    ) -> Result<Option<Stored>, BankError> {
        let path = self.path.clone();
        let sql = |e| BankError::sql(&path, e);
        let tx = self.write()?;
        let key = (date, rules, level.name());
        let recorded = |tx: &Transaction<'_>| -> rusqlite::Result<Option<Stored>> {
            tx.prepare_cached(&format!(
                "SELECT {STORED_COLUMNS} FROM puzzles WHERE id = \
                 (SELECT puzzle FROM daily WHERE date = ?1 AND rules = ?2 AND level = ?3)"
            ))?
            .query_row(key, Stored::from_row)
            .optional()
        };
        if let Some(stored) = recorded(&tx).map_err(sql)? {
            return Ok(Some(stored));
        }
        let fresh = "SELECT id FROM puzzles WHERE rules = ?1 AND level = ?2 \
                     AND id NOT IN (SELECT puzzle FROM daily)";
        let n: i64 = tx
            .query_row(&format!("SELECT count(*) FROM ({fresh})"), (rules, level.name()), |r| {
                r.get(0)
            })
            .map_err(sql)?;
        if n == 0 {
            return Ok(None);
        }
        let offset = (pick % n as u64) as i64;
        let id: i64 = tx
            .query_row(
                &format!("{fresh} ORDER BY id LIMIT 1 OFFSET ?3"),
                (rules, level.name(), offset),
                |r| r.get(0),
            )
            .map_err(sql)?;
        tx.execute(
            "INSERT INTO daily (date, rules, level, puzzle) VALUES (?1, ?2, ?3, ?4)",
            (date, rules, level.name(), id),
        )
        .map_err(sql)?;
        let stored = recorded(&tx).map_err(sql)?;
        tx.commit().map_err(sql)?;
        Ok(stored)
    }

    /// Records `entry` as the puzzle of `date` for its rules and level,
    /// storing it first (or finding its stored equivalent); returns what
    /// is recorded for the date afterwards (an earlier record wins).
    pub fn record_daily(&mut self, date: &str, entry: &Entry) -> Result<Stored, BankError> {
        let path = self.path.clone();
        let sql = |e| BankError::sql(&path, e);
        let tx = self.write()?;
        Self::store(&tx, entry).map_err(sql)?;
        let id: i64 = tx
            .query_row(
                "SELECT id FROM puzzles WHERE rules = ?1 AND canonical = ?2",
                (&entry.rules, &entry.canonical),
                |r| r.get(0),
            )
            .map_err(sql)?;
        tx.execute(
            "INSERT INTO daily (date, rules, level, puzzle) VALUES (?1, ?2, ?3, ?4) \
             ON CONFLICT DO NOTHING",
            (date, &entry.rules, entry.level.name(), id),
        )
        .map_err(sql)?;
        let stored = tx
            .query_row(
                &format!(
                    "SELECT {STORED_COLUMNS} FROM puzzles WHERE id = \
                     (SELECT puzzle FROM daily WHERE date = ?1 AND rules = ?2 AND level = ?3)"
                ),
                (date, &entry.rules, entry.level.name()),
                Stored::from_row,
            )
            .map_err(sql)?;
        tx.commit().map_err(sql)?;
        Ok(stored)
    }
}

/// Refuses early, with the reason, a bank that cannot be written: a
/// read-only file, or a new file in a missing or read-only folder. The
/// permission bits are honoured even for a user (root) the system would
/// let write anyway. SQLite's own errors cover the rest (a read-only file
/// system).
fn check_writable(path: &Path, name: &str) -> Result<(), BankError> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => {
            Err(BankError::CannotCreate { path: name.to_string(), reason: "it is a folder".into() })
        }
        Ok(meta) if meta.permissions().readonly() => Err(BankError::ReadOnly {
            path: name.to_string(),
            reason: "the file is read-only (its permissions allow no writing); make it \
                     writable, or read it with a read-only command such as `bank stats`"
                .into(),
        }),
        Ok(_) => Ok(()),
        Err(_) => {
            let dir = match path.parent() {
                Some(d) if !d.as_os_str().is_empty() => d,
                _ => Path::new("."),
            };
            match std::fs::metadata(dir) {
                Ok(meta) if meta.is_dir() && !meta.permissions().readonly() => Ok(()),
                Ok(meta) if meta.is_dir() => Err(BankError::CannotCreate {
                    path: name.to_string(),
                    reason: format!("the folder {} is read-only", dir.display()),
                }),
                _ => Err(BankError::CannotCreate {
                    path: name.to_string(),
                    reason: format!("the folder {} does not exist", dir.display()),
                }),
            }
        }
    }
}

/// A place to save: [`Bank::save_places`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaceRecord {
    /// The client key.
    pub client: String,
    /// The rules' compact name.
    pub rules: String,
    /// The target the client walks (a level, for plain requests).
    pub target: Target,
    /// The client's place.
    pub place: Place,
}

/// The place in columns `start, cursor, lap, top, rounds` of a row.
fn place_of_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Place> {
    place_of_columns(r, 0)
}

/// The place in the five columns from `at` of a row.
fn place_of_columns(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<Place> {
    Ok(Place {
        start: r.get(at)?,
        cursor: r.get(at + 1)?,
        lap: r.get(at + 2)?,
        top: r.get(at + 3)?,
        rounds: r.get(at + 4)?,
    })
}

/// The parameters of a claim's query: the rules, the id range `(above,
/// up_to]`, then the target's values ([`Target::sql_filter`] from `?4`).
fn bound<'a>(
    rules: &'a &str,
    above: &'a i64,
    up_to: &'a i64,
    values: &'a [&'static str],
) -> Vec<&'a dyn rusqlite::ToSql> {
    let mut params: Vec<&dyn rusqlite::ToSql> = vec![rules, above, up_to];
    params.extend(values.iter().map(|v| v as &dyn rusqlite::ToSql));
    params
}

/// Seconds since the Unix epoch (0 for a clock before it).
fn unix_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// FNV-1a (64 bits) of `bytes`: a fixed, documented hash, the same on
/// every platform and release (std's hashers promise neither).
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}
