//! Serving from a puzzle bank (`sudokit serve --bank FILE`): the bank's
//! connection, and the one refill thread.
//!
//! A [`Served`] bank answers plain generate requests (a size or rules and a
//! level, nothing else) at once: [`Served::claim`] is one short SQLite
//! transaction on the request's thread, so it never waits behind
//! generation. The counts of the keys asked for are kept in memory; when
//! one is below the low-water mark, or a client has had every puzzle of its
//! key, the key goes to the refill thread, which generates on one core
//! (the fill of seed [`REFILL_SEED`], resumable like `sudokit bank fill`)
//! until the key holds the mark, or the mark more than the exhausted
//! round held. A key is queued at most once at a time.
//!
//! Invariant: the bank stays consistent whatever the service does; every
//! write is a transaction of the `sudokit-bank` crate.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard, mpsc};

use sudokit::Rules;
use sudokit::logic::Level;
use sudokit_bank::{Bank, BankError, Claim, Fill, Stored};

use crate::error::ApiError;

/// The seed of the refill thread's fills (also `sudokit bank fill`'s
/// default, so the two continue one another).
pub const REFILL_SEED: u64 = 1;

/// A bank the service answers from.
#[derive(Debug)]
pub struct Served {
    bank: Mutex<Bank>,
    low_water: usize,
    counts: Mutex<HashMap<(String, Level), usize>>,
    queued: Arc<Mutex<HashSet<(String, Level)>>>,
    refill: Mutex<mpsc::Sender<(Rules, Level, usize)>>,
}

impl Served {
    /// Opens the bank at `path` (creating or migrating it) and starts the
    /// refill thread with its own connection; keys below `low_water`
    /// puzzles are refilled to it.
    pub fn open(path: &Path, low_water: usize) -> Result<Served, BankError> {
        let bank = Bank::open(path)?;
        let mut writer = Bank::open(path)?;
        let (tx, rx) = mpsc::channel::<(Rules, Level, usize)>();
        let queued: Arc<Mutex<HashSet<(String, Level)>>> = Arc::default();
        let done = Arc::clone(&queued);
        std::thread::Builder::new()
            .name("bank-refill".into())
            .spawn(move || {
                for (rules, level, target) in rx {
                    let plan = Fill::new(rules.clone(), level, REFILL_SEED, target).jobs(1);
                    if let Err(e) = sudokit_bank::fill(&mut writer, &plan, &mut |_| {}, &|| false) {
                        eprintln!("sudokit: refilling {} {rules}: {e}", level.name());
                    }
                    lock(&done).remove(&(rules.to_string(), level));
                }
            })
            .map_err(|e| {
                BankError::Generate(sudokit::generate::GenerateError::Impossible {
                    reason: format!("cannot start the refill thread: {e}"),
                })
            })?;
        Ok(Served {
            bank: Mutex::new(bank),
            low_water,
            counts: Mutex::default(),
            queued,
            refill: Mutex::new(tx),
        })
    }

    /// The next puzzle of `rules` and `level` for `client`, or `None` when
    /// the bank has none left for it (the caller generates one live).
    pub fn claim(
        &self,
        client: &str,
        rules: &Rules,
        level: Level,
    ) -> Result<Option<Stored>, ApiError> {
        let name = rules.to_string();
        let (claim, count) = {
            let mut bank = lock(&self.bank);
            let claim = bank.claim(client, &name, level).map_err(internal)?;
            let mut counts = lock(&self.counts);
            let count = match counts.get(&(name.clone(), level)) {
                Some(&n) => n,
                None => {
                    let n = bank.count(&name, level).map_err(internal)?;
                    counts.insert((name.clone(), level), n);
                    n
                }
            };
            (claim, count)
        };
        match claim {
            Claim::Puzzle(stored) => {
                if count < self.low_water {
                    self.queue(rules, level, self.low_water);
                }
                Ok(Some(*stored))
            }
            Claim::Empty => {
                self.queue(rules, level, self.low_water);
                Ok(None)
            }
            Claim::Exhausted => {
                self.queue(rules, level, count + self.low_water);
                Ok(None)
            }
        }
    }

    /// The daily puzzle recorded (or chosen now) for `date`, `rules` and
    /// `level`; `None` when the bank has none of the key.
    pub fn daily(
        &self,
        date: &str,
        rules: &Rules,
        level: Level,
        pick: u64,
    ) -> Result<Option<Stored>, ApiError> {
        lock(&self.bank).daily(date, &rules.to_string(), level, pick).map_err(internal)
    }

    /// Records `entry` as the daily puzzle of `date`; returns the one
    /// recorded (an earlier record wins).
    pub fn record_daily(
        &self,
        date: &str,
        entry: &sudokit_bank::Entry,
    ) -> Result<Stored, ApiError> {
        lock(&self.bank).record_daily(date, entry).map_err(internal)
    }

    /// Sends a key to the refill thread unless it is queued already; the
    /// cached count is dropped so the next claim counts again.
    fn queue(&self, rules: &Rules, level: Level, target: usize) {
        let key = (rules.to_string(), level);
        if lock(&self.queued).insert(key.clone()) {
            lock(&self.counts).remove(&key);
            let _ = lock(&self.refill).send((rules.clone(), level, target));
        }
    }
}

/// A lock, whether or not a holder panicked (every critical section leaves
/// the data consistent: a map update or one SQLite transaction).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A bank failure while answering: the service's fault, not the client's.
fn internal(e: BankError) -> ApiError {
    eprintln!("sudokit: bank: {e}");
    ApiError::new(
        axum::http::StatusCode::SERVICE_UNAVAILABLE,
        "bank_unavailable",
        format!("the puzzle bank failed: {e}"),
    )
}
