//! The refill thread: generates puzzles into targets that run low, one at
//! a time on one core, and hands each committed batch to the board.
//!
//! A job fills a board and target (a level, or techniques with or without
//! a level) with the resumable fill of seed [`REFILL_SEED`] up to its
//! count (see `sudokit_bank::fill`); after each commit the thread reads the
//! board's new rows with its own read connection and appends them to the
//! board, where they join every pool whose target they meet, so requests
//! are answered from them at once. A board and target is queued at most
//! once at a time (`Shared::refilled` ends its turn).
//!
//! A technique target may be rare on its board (a hidden quad: the
//! generator gives up on most items after 10,000 full grids), so its job
//! ends at the first commit after [`TECHNIQUE_TURN`]; the next request
//! that finds the pool low queues it again, behind the jobs waiting. A
//! level's job runs to its count, as levels are always reached.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use sudokit::Rules;
use sudokit_bank::{Bank, BankError, Fill, Target};

use super::Shared;

/// The seed of the refill thread's fills (also `sudokit bank fill`'s
/// default, so the two continue one another).
pub const REFILL_SEED: u64 = 1;

/// How long a technique target's job fills before it yields the thread
/// (at its next commit).
pub const TECHNIQUE_TURN: Duration = Duration::from_secs(30);

/// A board and target to fill up to `count` puzzles.
#[derive(Debug)]
pub struct Job {
    /// The board.
    pub rules: Rules,
    /// What the puzzles meet.
    pub target: Target,
    /// The number of puzzles meeting the target the board should hold.
    pub count: usize,
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
                let key = (job.rules.to_string(), job.target.clone());
                let turn = (!job.target.is_plain()).then(|| Instant::now() + TECHNIQUE_TURN);
                let plan = Fill::of(job.rules.clone(), job.target, REFILL_SEED, job.count).jobs(1);
                let turn_over = AtomicBool::new(false);
                let (reader, shared, rules, over) = (&mut reader, &shared, &key.0, &turn_over);
                let mut committed = move |_: &sudokit_bank::Progress| {
                    if turn.is_some_and(|end| Instant::now() >= end) {
                        over.store(true, Ordering::Relaxed);
                    }
                    if let Some(top) = shared.top(rules) {
                        match reader.rules_puzzles_after(rules, top, usize::MAX) {
                            Ok(rows) => shared.append(rules, rows),
                            Err(e) => shared.failed(&e),
                        }
                    }
                };
                let stop = || turn_over.load(Ordering::Relaxed);
                if let Err(e) = sudokit_bank::fill(&mut writer, &plan, &mut committed, &stop) {
                    eprintln!("sudokit: refilling {} of {}: {e}", key.1, job.rules);
                }
                shared.refilled(&key);
            }
        })
        .map_err(|e| super::thread_error("bank-refill", e))?;
    Ok(send)
}
