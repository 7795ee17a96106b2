//! The refill thread: generates puzzles into keys that run low, one at a
//! time on one core, and hands each committed batch to the key's pool.
//!
//! A job fills a key with the resumable fill of seed [`REFILL_SEED`] up to
//! its target (see `sudokit_bank::fill`); after each commit the thread reads
//! the new rows with its own read connection and appends them to the pool,
//! so requests are answered from them at once. A key is queued at most once
//! at a time (`Shared::refilled` ends its turn).

use std::path::Path;
use std::sync::{Arc, mpsc};

use sudokit::Rules;
use sudokit::logic::Level;
use sudokit_bank::{Bank, BankError, Fill};

use super::Shared;

/// The seed of the refill thread's fills (also `sudokit bank fill`'s
/// default, so the two continue one another).
pub const REFILL_SEED: u64 = 1;

/// A key to fill up to `target` puzzles.
#[derive(Debug)]
pub struct Job {
    /// The board.
    pub rules: Rules,
    /// The level.
    pub level: Level,
    /// The number of puzzles the key should hold.
    pub target: usize,
}

/// Starts the thread with two connections of its own to the bank at
/// `path`; it ends when the sender is dropped.
pub(crate) fn start(path: &Path, shared: Arc<Shared>) -> Result<mpsc::Sender<Job>, BankError> {
    let mut writer = Bank::open(path)?;
    let mut reader = Bank::open_read_only(path)?;
    let (send, receive) = mpsc::channel::<Job>();
    std::thread::Builder::new()
        .name("bank-refill".into())
        .spawn(move || {
            for job in receive {
                let key = (job.rules.to_string(), job.level);
                let plan = Fill::new(job.rules.clone(), job.level, REFILL_SEED, job.target).jobs(1);
                let (reader, shared, key) = (&mut reader, &shared, &key);
                let mut committed = move |_: &sudokit_bank::Progress| {
                    if let Some(top) = shared.top(key) {
                        match reader.puzzles_after(&key.0, key.1, top, usize::MAX) {
                            Ok(rows) => shared.append(key, rows),
                            Err(e) => shared.failed(&e),
                        }
                    }
                };
                if let Err(e) = sudokit_bank::fill(&mut writer, &plan, &mut committed, &|| false) {
                    eprintln!("sudokit: refilling {} {}: {e}", job.level.name(), job.rules);
                }
                shared.refilled(key);
            }
        })
        .map_err(|e| super::thread_error("bank-refill", e))?;
    Ok(send)
}
