//! Serving from a puzzle bank (`sudokit serve --bank FILE`): puzzles and
//! client places in memory, a writer thread that saves places, and a
//! refill thread.
//!
//! # Types
//! - [`Served`]: the bank a service answers from.
//! - [`pool::Pool`]: one board and level in memory.
//! - [`writer::Writer`]: saves moved client places in batches.
//! - [`refill`]: generates into keys that run low, one puzzle at a time.
//!
//! # How a request is answered
//! The first request for a board and level loads the key's puzzles and
//! client places from the file on a blocking thread (in batches of
//! [`LOAD_BATCH`] rows); every later one is answered from memory: a few
//! binary searches under the key's lock, and the client's moved place sent
//! to the writer ([`writer::SAVE_EVERY`]). Nothing on the async threads
//! touches SQLite.
//!
//! When a client's round has nothing left, the key is first read again for
//! puzzles stored since it was loaded (by another process's fill, at most
//! once per [`TOP_UP_EVERY`] per key); the refill thread adds its puzzles
//! to the pool as it commits them. A key below the low-water mark, or one
//! whose round a client exhausted, goes to the refill thread.
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
use sudokit_bank::{Bank, BankError, Entry, Stored};
use tokio::sync::OnceCell;

use self::pool::Pool;
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

/// A board and level: the rules' compact name and the level.
type Key = (String, Level);

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
    keys: Mutex<HashMap<Key, Arc<Slot>>>,
    queued: Mutex<HashSet<Key>>,
    low_water: usize,
    dailies: Mutex<HashMap<(String, Key), Arc<Stored>>>,
    log: Mutex<Option<Instant>>,
    unlogged: AtomicU64,
}

/// One key: its pool once loaded.
#[derive(Debug, Default)]
pub(crate) struct Slot {
    loaded: OnceCell<()>,
    pool: Mutex<Pool>,
    /// When the file was last read for the key (a load, a top-up, or a
    /// failed attempt).
    read_at: Mutex<Option<Instant>>,
}

impl Served {
    /// Opens the bank at `path` (creating or migrating it), starts the
    /// writer and the refill thread, each with its own connection; keys
    /// below `low_water` puzzles are refilled to it.
    pub fn open(path: &Path, low_water: usize) -> Result<Served, BankError> {
        let file = Bank::open(path)?;
        let writer = Writer::start(Bank::open(path)?)?;
        let shared = Arc::new(Shared {
            file: Mutex::new(file),
            keys: Mutex::default(),
            queued: Mutex::default(),
            low_water,
            dailies: Mutex::default(),
            log: Mutex::default(),
            unlogged: AtomicU64::new(0),
        });
        let refill = refill::start(path, Arc::clone(&shared))?;
        Ok(Served { shared, writer, refill })
    }

    /// Up to `count` puzzles of `rules` and `level` for `client`, the next
    /// of its round; fewer (maybe none) when the bank has no more for it or
    /// fails (then logged): the caller makes the rest live.
    pub async fn take(
        &self,
        client: &str,
        rules: &Rules,
        level: Level,
        count: usize,
    ) -> Vec<Arc<Stored>> {
        let key: Key = (rules.to_string(), level);
        let slot = self.shared.slot(&key);
        match self.shared.load(&key, &slot).await {
            Ok(()) => {}
            Err(LoadError::Waiting) => return Vec::new(),
            Err(e) => {
                self.shared.failed(&e);
                return Vec::new();
            }
        }
        let left = lock(&slot.pool).left_for(client);
        if left < count && slot.due(TOP_UP_EVERY) {
            // Puzzles another process stored since the load join this round.
            let (shared, key, slot) = (Arc::clone(&self.shared), key.clone(), Arc::clone(&slot));
            let read = tokio::task::spawn_blocking(move || shared.top_up(&key, &slot)).await;
            if let Ok(Err(e)) = read {
                self.shared.failed(&e);
            }
        }
        let (taken, held) = {
            let mut pool = lock(&slot.pool);
            (pool.take(client, count), pool.len())
        };
        if let Some(place) = taken.moved {
            self.writer.save(client, &key.0, level, place);
        }
        if held < self.shared.low_water {
            self.queue(rules, level, self.shared.low_water);
        } else if taken.exhausted {
            self.queue(rules, level, held + self.shared.low_water);
        }
        taken.puzzles
    }

    /// The daily puzzle recorded (or chosen now) for `date`, `rules` and
    /// `level`; `None` when the bank has none of the key or fails (then
    /// logged).
    pub async fn daily(
        &self,
        date: &str,
        rules: &Rules,
        level: Level,
        pick: u64,
    ) -> Option<Arc<Stored>> {
        let key = (date.to_string(), (rules.to_string(), level));
        if let Some(stored) = lock(&self.shared.dailies).get(&key) {
            return Some(Arc::clone(stored));
        }
        let shared = Arc::clone(&self.shared);
        let found = tokio::task::spawn_blocking(move || {
            let found = lock(&shared.file).daily(&key.0, &key.1.0, key.1.1, pick);
            if let Ok(Some(stored)) = &found {
                shared.keep_daily(key, stored.clone());
            }
            found
        })
        .await;
        match found {
            Ok(Ok(found)) => found.map(Arc::new),
            Ok(Err(e)) => {
                self.shared.failed(&e);
                None
            }
            Err(_) => None,
        }
    }

    /// Records `entry` as the daily puzzle of `date`; returns the one
    /// recorded (an earlier record wins), or `None` when the bank fails
    /// (then logged).
    pub async fn record_daily(&self, date: &str, entry: Entry) -> Option<Arc<Stored>> {
        let shared = Arc::clone(&self.shared);
        let date = date.to_string();
        let recorded = tokio::task::spawn_blocking(move || {
            let stored = lock(&shared.file).record_daily(&date, &entry)?;
            let key = (date, (entry.rules.clone(), entry.level));
            shared.keep_daily(key, stored.clone());
            Ok::<_, BankError>(stored)
        })
        .await;
        match recorded {
            Ok(Ok(stored)) => Some(Arc::new(stored)),
            Ok(Err(e)) => {
                self.shared.failed(&e);
                None
            }
            Err(_) => None,
        }
    }

    /// Sends a key to the refill thread unless it is queued already.
    fn queue(&self, rules: &Rules, level: Level, target: usize) {
        let key = (rules.to_string(), level);
        if lock(&self.shared.queued).insert(key) {
            let _ = self.refill.send(refill::Job { rules: rules.clone(), level, target });
        }
    }
}

impl Shared {
    /// The slot of `key`, made empty when new.
    fn slot(&self, key: &Key) -> Arc<Slot> {
        let mut keys = lock(&self.keys);
        match keys.get(key) {
            Some(slot) => Arc::clone(slot),
            None => {
                let slot = Arc::new(Slot::default());
                keys.insert(key.clone(), Arc::clone(&slot));
                slot
            }
        }
    }

    /// Loads `key` into `slot` on a blocking thread unless it is loaded;
    /// concurrent requests wait for the one load. After a failure the file
    /// is not tried again for [`RETRY_AFTER`].
    async fn load(self: &Arc<Self>, key: &Key, slot: &Arc<Slot>) -> Result<(), LoadError> {
        if slot.loaded.initialized() {
            return Ok(());
        }
        slot.loaded
            .get_or_try_init(|| async {
                if !slot.due(RETRY_AFTER) {
                    return Err(LoadError::Waiting);
                }
                let (shared, key, slot) = (Arc::clone(self), key.clone(), Arc::clone(slot));
                match tokio::task::spawn_blocking(move || shared.read_key(&key, &slot)).await {
                    Ok(read) => read.map_err(LoadError::Bank),
                    Err(e) => Err(LoadError::Task(e.to_string())),
                }
            })
            .await
            .map(|_| ())
    }

    /// Reads every puzzle and client place of `key` into `slot`'s pool.
    fn read_key(&self, key: &Key, slot: &Slot) -> Result<(), BankError> {
        let file = lock(&self.file);
        let mut rows = Vec::new();
        loop {
            let after = rows.last().map_or(0, |r: &Stored| r.id);
            let batch = file.puzzles_after(&key.0, key.1, after, LOAD_BATCH)?;
            let last = batch.len() < LOAD_BATCH;
            rows.extend(batch);
            if last {
                break;
            }
        }
        let places = file.places(&key.0, key.1)?;
        *lock(&slot.pool) = Pool::new(rows, places);
        Ok(())
    }

    /// Adds to `slot` the puzzles of `key` stored since it was read.
    fn top_up(&self, key: &Key, slot: &Slot) -> Result<(), BankError> {
        let top = lock(&slot.pool).top();
        let rows = lock(&self.file).puzzles_after(&key.0, key.1, top, usize::MAX)?;
        lock(&slot.pool).append(rows);
        Ok(())
    }

    /// Adds puzzles read by another connection (the refill thread's) to
    /// `key`'s pool, when it is loaded.
    pub(crate) fn append(&self, key: &Key, rows: Vec<Stored>) {
        let slot = lock(&self.keys).get(key).cloned();
        if let Some(slot) = slot.filter(|s| s.loaded.initialized()) {
            lock(&slot.pool).append(rows);
        }
    }

    /// The greatest id held in `key`'s pool (`None` when not loaded).
    pub(crate) fn top(&self, key: &Key) -> Option<i64> {
        let slot = lock(&self.keys).get(key).cloned()?;
        slot.loaded.initialized().then(|| lock(&slot.pool).top())
    }

    /// Marks `key` as no longer queued for refilling.
    pub(crate) fn refilled(&self, key: &Key) {
        lock(&self.queued).remove(key);
    }

    fn keep_daily(&self, key: (String, Key), stored: Stored) {
        let mut dailies = lock(&self.dailies);
        if dailies.len() >= DAILIES_KEPT {
            let newest = key.0.clone();
            dailies.retain(|k, _| k.0 >= newest);
        }
        dailies.insert(key, Arc::new(stored));
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
    /// Whether the file was last read for this key at least `gap` ago
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
