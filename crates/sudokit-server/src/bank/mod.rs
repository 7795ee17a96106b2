//! Serving from a puzzle bank (`sudokit serve --bank FILE`): puzzles and
//! client places in memory, a writer thread that saves places, and a
//! refill thread.
//!
//! # Types
//! - [`Served`]: the bank a service answers from.
//! - [`board::Board`]: one board's puzzles in memory, indexed by level,
//!   technique and hardest technique, with a pool per target asked for.
//! - [`pool::Pool`]: the puzzles of one board meeting one target, and the
//!   client places walking them.
//! - [`item::Item`]: one puzzle, its answer built at load time.
//! - [`writer::Writer`]: saves moved client places in batches.
//! - [`refill`]: generates into targets that run low, one puzzle at a time.
//!
//! # How a request is answered
//! A request names a board (rules) and a [`Target`]: a level, or needed
//! techniques or a hardest technique, with or without a level. The first
//! request for a board loads all its puzzles and client places from the
//! file on a blocking thread (in batches of [`LOAD_BATCH`] rows), building
//! each puzzle's answer; the first request for a target makes its pool from
//! the board's indexes. Every request is then answered from memory: a map
//! lookup under the board's lock, a few binary searches under the pool's,
//! a clone of each answer, and the client's moved place sent to the writer
//! ([`writer::SAVE_EVERY`]). Nothing on the async threads touches SQLite.
//!
//! When a client's round has nothing left, the board is first read again
//! for puzzles stored since it was loaded (by another process's fill, at
//! most once per [`TOP_UP_EVERY`] per board); the refill thread adds its
//! puzzles to the board as it commits them. New puzzles join every pool
//! whose target they meet. A target below the low-water mark, or one whose
//! round a client exhausted, goes to the refill thread.
//!
//! A bank failure (the file cannot be read) is logged, at most once per
//! [`LOG_EVERY`], and the request is generated live; the key is tried again
//! by the next request after [`RETRY_AFTER`].
//!
//! # Guarantees
//! - Within one process, a client key is never handed a puzzle twice in a
//!   round, and a round hands every puzzle the key held before it ended.
//! - Across a clean stop (the service dropped), places are saved. After a
//!   crash or `kill -9`, the places moved in the last [`writer::SAVE_EVERY`]
//!   may be lost: those keys may be handed those last puzzles again.
//! - Places live in the memory of one process: two services on one bank
//!   file do not see each other's client places (keep a key on one).

pub mod board;
pub mod item;
pub mod pool;
pub mod refill;
pub mod writer;

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, mpsc};
use std::time::{Duration, Instant};

use sudokit::Rules;
use sudokit::logic::Level;
use sudokit_bank::{Bank, BankError, Entry, Stored, Target};
use tokio::sync::OnceCell;

use self::board::{Board, Skipped};
use self::item::Item;
use self::writer::Writer;

pub use self::refill::REFILL_SEED;

/// Rows read from the file per blocking query when a key is loaded.
pub const LOAD_BATCH: usize = 4096;

/// The least time between two reads of one key for puzzles stored by
/// another process.
pub const TOP_UP_EVERY: Duration = Duration::from_secs(1);

/// After a failed load, requests for the key go live this long before the
/// file is tried again.
pub const RETRY_AFTER: Duration = Duration::from_secs(1);

/// The least time between two logged bank failures (the others are
/// counted in the next message).
pub const LOG_EVERY: Duration = Duration::from_secs(10);

/// How many daily puzzles are kept in memory before the oldest dates go.
const DAILIES_KEPT: usize = 256;

/// A board and target: the rules' compact name and the target.
type Key = (String, Target);

/// A daily puzzle's key: the date, the rules' compact name and the level.
type DailyKey = (String, String, Level);

/// A bank the service answers from.
#[derive(Debug)]
pub struct Served {
    shared: Arc<Shared>,
    writer: Writer,
    refill: mpsc::Sender<refill::Job>,
}

/// What requests, the loads and the refill thread share.
#[derive(Debug)]
pub(crate) struct Shared {
    /// The connection loads, top-ups and daily puzzles use (only on
    /// blocking threads).
    file: Mutex<Bank>,
    /// The boards, by rules name.
    boards: Mutex<HashMap<String, Arc<Slot>>>,
    queued: Mutex<HashSet<Key>>,
    low_water: usize,
    dailies: Mutex<HashMap<DailyKey, Arc<Item>>>,
    log: Mutex<Option<Instant>>,
    unlogged: AtomicU64,
}

/// One board: its puzzles and pools once loaded.
#[derive(Debug, Default)]
pub(crate) struct Slot {
    loaded: OnceCell<()>,
    board: Mutex<Board>,
    /// When the file was last read for the board (a load, a top-up, or a
    /// failed attempt).
    read_at: Mutex<Option<Instant>>,
}

/// What [`Served::daily`] found.
#[derive(Debug)]
pub enum Daily {
    /// The puzzle recorded for the date (or chosen and recorded now).
    Found(Arc<Item>),
    /// The bank holds no puzzle of the board and level.
    Missing,
    /// The bank failed, or its recorded puzzle does not read back (logged):
    /// the caller makes the date's puzzle as without a bank.
    Unusable,
}

impl Served {
    /// Opens the bank at `path` (creating or migrating it), starts the
    /// writer and the refill thread, each with its own connection; targets
    /// below `low_water` puzzles are refilled to it, and client keys unseen
    /// for `forget_after` are forgotten.
    pub fn open(
        path: &Path,
        low_water: usize,
        forget_after: Duration,
    ) -> Result<Served, BankError> {
        let file = Bank::open(path)?;
        let writer = Writer::start(Bank::open(path)?, forget_after)?;
        let shared = Arc::new(Shared {
            file: Mutex::new(file),
            boards: Mutex::default(),
            queued: Mutex::default(),
            low_water,
            dailies: Mutex::default(),
            log: Mutex::default(),
            unlogged: AtomicU64::new(0),
        });
        let refill = refill::start(path, Arc::clone(&shared))?;
        Ok(Served { shared, writer, refill })
    }

    /// Up to `count` puzzles of `rules` meeting `target` for `client`, the
    /// next of its round; fewer (maybe none) when the bank has no more for
    /// it or fails (then logged): the caller makes the rest live.
    pub async fn take(
        &self,
        client: &str,
        rules: &Rules,
        target: &Target,
        count: usize,
    ) -> Vec<Arc<Item>> {
        let name = rules.to_string();
        let slot = self.shared.slot(&name);
        match self.shared.load(&name, &slot).await {
            Ok(()) => {}
            Err(LoadError::Waiting) => return Vec::new(),
            Err(e) => {
                self.shared.failed(&e);
                return Vec::new();
            }
        }
        let queue = lock(&slot.board).queue(target);
        let left = lock(&queue).left_for(client);
        if left < count && slot.due(TOP_UP_EVERY) {
            // Puzzles another process stored since the load join this round.
            let (shared, name, slot) = (Arc::clone(&self.shared), name.clone(), Arc::clone(&slot));
            let read = tokio::task::spawn_blocking(move || shared.top_up(&name, &slot)).await;
            if let Ok(Err(e)) = read {
                self.shared.failed(&e);
            }
        }
        let (taken, held) = {
            let mut pool = lock(&queue);
            (pool.take(client, count), pool.len())
        };
        if let Some(place) = taken.moved {
            self.writer.save(client, &name, target, place);
        }
        if held < self.shared.low_water {
            self.queue(rules, target, self.shared.low_water);
        } else if taken.exhausted {
            self.queue(rules, target, held + self.shared.low_water);
        }
        taken.puzzles
    }

    /// The daily puzzle recorded (or chosen now) for `date`, `rules` and
    /// `level`.
    pub async fn daily(&self, date: &str, rules: &Rules, level: Level, pick: u64) -> Daily {
        let key = (date.to_string(), rules.to_string(), level);
        if let Some(item) = lock(&self.shared.dailies).get(&key) {
            return Daily::Found(Arc::clone(item));
        }
        let shared = Arc::clone(&self.shared);
        let found = tokio::task::spawn_blocking(move || {
            let found = lock(&shared.file).daily(&key.0, &key.1, key.2, pick)?;
            Ok::<_, BankError>(found.map(|stored| shared.keep_daily(key, &stored)))
        })
        .await;
        match found {
            Ok(Ok(Some(Ok(item)))) => Daily::Found(item),
            Ok(Ok(None)) => Daily::Missing,
            Ok(Ok(Some(Err(e)))) => {
                self.shared.failed(&e);
                Daily::Unusable
            }
            Ok(Err(e)) => {
                self.shared.failed(&e);
                Daily::Unusable
            }
            Err(_) => Daily::Unusable,
        }
    }

    /// Records `entry` as the daily puzzle of `date`; returns the one
    /// recorded (an earlier record wins), or `None` when the bank fails or
    /// the recorded row does not read back (then logged).
    pub async fn record_daily(&self, date: &str, entry: Entry) -> Option<Arc<Item>> {
        let shared = Arc::clone(&self.shared);
        let date = date.to_string();
        let recorded = tokio::task::spawn_blocking(move || {
            let stored = lock(&shared.file).record_daily(&date, &entry)?;
            let key = (date, entry.rules.clone(), entry.level);
            Ok::<_, BankError>(shared.keep_daily(key, &stored))
        })
        .await;
        match recorded {
            Ok(Ok(Ok(item))) => Some(item),
            Ok(Ok(Err(e))) => {
                self.shared.failed(&e);
                None
            }
            Ok(Err(e)) => {
                self.shared.failed(&e);
                None
            }
            Err(_) => None,
        }
    }

    /// Sends a board and target to the refill thread, to hold `count`
    /// puzzles, unless it is queued already.
    fn queue(&self, rules: &Rules, target: &Target, count: usize) {
        let key = (rules.to_string(), target.clone());
        if lock(&self.shared.queued).insert(key) {
            let job = refill::Job { rules: rules.clone(), target: target.clone(), count };
            let _ = self.refill.send(job);
        }
    }
}

impl Shared {
    /// The slot of the board `rules`, made empty when new.
    fn slot(&self, rules: &str) -> Arc<Slot> {
        let mut boards = lock(&self.boards);
        match boards.get(rules) {
            Some(slot) => Arc::clone(slot),
            None => {
                let slot = Arc::new(Slot::default());
                boards.insert(rules.to_string(), Arc::clone(&slot));
                slot
            }
        }
    }

    /// Loads the board `rules` into `slot` on a blocking thread unless it
    /// is loaded; concurrent requests wait for the one load. After a
    /// failure the file is not tried again for [`RETRY_AFTER`].
    async fn load(self: &Arc<Self>, rules: &str, slot: &Arc<Slot>) -> Result<(), LoadError> {
        if slot.loaded.initialized() {
            return Ok(());
        }
        slot.loaded
            .get_or_try_init(|| async {
                if !slot.due(RETRY_AFTER) {
                    return Err(LoadError::Waiting);
                }
                let (shared, rules, slot) = (Arc::clone(self), rules.to_string(), Arc::clone(slot));
                match tokio::task::spawn_blocking(move || shared.read_board(&rules, &slot)).await {
                    Ok(read) => read.map_err(LoadError::Bank),
                    Err(e) => Err(LoadError::Task(e.to_string())),
                }
            })
            .await
            .map(|_| ())
    }

    /// Reads every puzzle and client place of the board `rules` into
    /// `slot`.
    fn read_board(&self, rules: &str, slot: &Slot) -> Result<(), BankError> {
        let file = lock(&self.file);
        let mut rows = Vec::new();
        loop {
            let after = rows.last().map_or(0, |r: &Stored| r.id);
            let batch = file.rules_puzzles_after(rules, after, LOAD_BATCH)?;
            let last = batch.len() < LOAD_BATCH;
            rows.extend(batch);
            if last {
                break;
            }
        }
        let places = file.places_of_rules(rules)?;
        drop(file);
        let (board, skipped) = Board::new(rows, places);
        *lock(&slot.board) = board;
        self.skipped(rules, skipped);
        Ok(())
    }

    /// Adds to `slot` the puzzles of the board `rules` stored since it was
    /// read.
    fn top_up(&self, rules: &str, slot: &Slot) -> Result<(), BankError> {
        let top = lock(&slot.board).top();
        let rows = lock(&self.file).rules_puzzles_after(rules, top, usize::MAX)?;
        let skipped = lock(&slot.board).append(rows);
        self.skipped(rules, skipped);
        Ok(())
    }

    /// Adds puzzles read by another connection (the refill thread's) to
    /// the board `rules`, when it is loaded.
    pub(crate) fn append(&self, rules: &str, rows: Vec<Stored>) {
        let slot = lock(&self.boards).get(rules).cloned();
        if let Some(slot) = slot.filter(|s| s.loaded.initialized()) {
            let skipped = lock(&slot.board).append(rows);
            self.skipped(rules, skipped);
        }
    }

    /// Logs rows of `rules` left out because they do not read back.
    fn skipped(&self, rules: &str, skipped: Skipped) {
        if let Some(first) = skipped.first {
            let n = skipped.rows;
            self.failed(&format!("{n} rows of board {rules} left out ({first})"));
        }
    }

    /// The greatest id held of the board `rules` (`None` when not loaded).
    pub(crate) fn top(&self, rules: &str) -> Option<i64> {
        let slot = lock(&self.boards).get(rules).cloned()?;
        slot.loaded.initialized().then(|| lock(&slot.board).top())
    }

    /// Marks `key` as no longer queued for refilling.
    pub(crate) fn refilled(&self, key: &Key) {
        lock(&self.queued).remove(key);
    }

    /// Keeps the daily puzzle `stored` of `key` in memory, as an answer;
    /// the error when the row does not read back.
    fn keep_daily(&self, key: DailyKey, stored: &Stored) -> Result<Arc<Item>, String> {
        let item = Arc::new(Item::from_stored(stored)?);
        let mut dailies = lock(&self.dailies);
        if dailies.len() >= DAILIES_KEPT {
            let newest = key.0.clone();
            dailies.retain(|k, _| k.0 >= newest);
        }
        dailies.insert(key, Arc::clone(&item));
        Ok(item)
    }

    /// Logs a bank failure, unless one was logged within [`LOG_EVERY`].
    pub(crate) fn failed(&self, e: &dyn std::fmt::Display) {
        let mut last = lock(&self.log);
        if last.is_some_and(|at| at.elapsed() < LOG_EVERY) {
            self.unlogged.fetch_add(1, Ordering::Relaxed);
            return;
        }
        *last = Some(Instant::now());
        let more = match self.unlogged.swap(0, Ordering::Relaxed) {
            0 => String::new(),
            n => format!(" ({n} more failures since the last message)"),
        };
        eprintln!("sudokit: bank: {e}; answering with live generation{more}");
    }
}

/// Why a key could not be loaded.
#[derive(Debug)]
enum LoadError {
    /// The file failed.
    Bank(BankError),
    /// The blocking task failed.
    Task(String),
    /// The last attempt failed less than [`RETRY_AFTER`] ago.
    Waiting,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Bank(e) => e.fmt(f),
            LoadError::Task(e) => write!(f, "reading the bank failed: {e}"),
            LoadError::Waiting => f.write_str("the last read of this key failed; retrying shortly"),
        }
    }
}

impl Slot {
    /// Whether the file was last read for this board at least `gap` ago
    /// (or never); if so, the read now is noted.
    fn due(&self, gap: Duration) -> bool {
        let mut at = lock(&self.read_at);
        if at.is_some_and(|t| t.elapsed() < gap) {
            return false;
        }
        *at = Some(Instant::now());
        true
    }
}

/// A lock, whether or not a holder panicked (every critical section leaves
/// the data consistent: a map or pool update, or one SQLite transaction).
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The error of a thread that could not be started or failed.
pub(crate) fn thread_error(name: &str, e: std::io::Error) -> BankError {
    BankError::Generate(sudokit::generate::GenerateError::Impossible {
        reason: format!("the {name} thread: {e}"),
    })
}
