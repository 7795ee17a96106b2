//! [`Writer`]: the thread that saves client places in batches, off the
//! async threads, and forgets keys unused for [`FORGET_AFTER`].
//!
//! Requests send each moved place over a channel (never waiting); the
//! thread keeps the latest place per key and saves all of them in one
//! transaction when the oldest unsaved one is [`SAVE_EVERY`] old, or when
//! [`BATCH`] keys wait. Dropping the writer saves what is left and waits
//! for the thread.
//!
//! Invariant: a place reaches the file at most [`SAVE_EVERY`] (plus one
//! transaction) after it moved, unless the file refuses the write; then
//! the batch is logged and dropped, and serving goes on from memory.

use std::collections::HashMap;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use sudokit::logic::Level;
use sudokit_bank::{Bank, BankError, Place, PlaceRecord};

/// How long a moved place may wait before it is saved.
pub const SAVE_EVERY: Duration = Duration::from_millis(50);

/// How many waiting keys are saved at once without waiting longer.
pub const BATCH: usize = 4096;

/// Client keys not seen for this long are forgotten (90 days): such a
/// key starts a fresh round when it comes back.
pub const FORGET_AFTER: Duration = Duration::from_secs(90 * 24 * 3600);

/// How often the writer forgets old keys.
const FORGET_EVERY: Duration = Duration::from_secs(24 * 3600);

/// The place-saving thread.
#[derive(Debug)]
pub struct Writer {
    send: Option<mpsc::Sender<PlaceRecord>>,
    thread: Option<JoinHandle<()>>,
}

impl Writer {
    /// Starts the thread, saving into `bank`.
    pub fn start(mut bank: Bank) -> Result<Writer, BankError> {
        let (send, receive) = mpsc::channel::<PlaceRecord>();
        let thread = std::thread::Builder::new()
            .name("bank-places".into())
            .spawn(move || run(&mut bank, &receive))
            .map_err(|e| super::thread_error("bank-places", e))?;
        Ok(Writer { send: Some(send), thread: Some(thread) })
    }

    /// Queues `place` as `client`'s place in `rules` and `level`.
    pub fn save(&self, client: &str, rules: &str, level: Level, place: Place) {
        if let Some(send) = &self.send {
            let record =
                PlaceRecord { client: client.to_string(), rules: rules.to_string(), level, place };
            // The thread only ends when this sender is dropped.
            let _ = send.send(record);
        }
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        drop(self.send.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The thread: batches places until the channel closes, then saves the
/// last batch.
fn run(bank: &mut Bank, receive: &mpsc::Receiver<PlaceRecord>) {
    forget(bank);
    let mut forgot = Instant::now();
    let mut waiting: HashMap<(String, String, Level), Place> = HashMap::new();
    let mut oldest = Instant::now();
    loop {
        let wait = if waiting.is_empty() {
            FORGET_EVERY
        } else {
            SAVE_EVERY.saturating_sub(oldest.elapsed())
        };
        let closed = match receive.recv_timeout(wait) {
            Ok(record) => {
                if waiting.is_empty() {
                    oldest = Instant::now();
                }
                waiting.insert((record.client, record.rules, record.level), record.place);
                // Take whatever else is queued without waiting.
                while waiting.len() < BATCH {
                    match receive.try_recv() {
                        Ok(r) => {
                            waiting.insert((r.client, r.rules, r.level), r.place);
                        }
                        Err(_) => break,
                    }
                }
                false
            }
            Err(RecvTimeoutError::Timeout) => false,
            Err(RecvTimeoutError::Disconnected) => true,
        };
        if !waiting.is_empty()
            && (closed || waiting.len() >= BATCH || oldest.elapsed() >= SAVE_EVERY)
        {
            save(bank, &mut waiting);
        }
        if closed {
            return;
        }
        if forgot.elapsed() >= FORGET_EVERY {
            forget(bank);
            forgot = Instant::now();
        }
    }
}

/// Saves and clears `waiting`; a failure is logged and the batch dropped.
fn save(bank: &mut Bank, waiting: &mut HashMap<(String, String, Level), Place>) {
    let records: Vec<PlaceRecord> = waiting
        .drain()
        .map(|((client, rules, level), place)| PlaceRecord { client, rules, level, place })
        .collect();
    if let Err(e) = bank.save_places(&records) {
        eprintln!(
            "sudokit: bank: the places of {} client keys were not saved ({e}); they are served \
             from memory, and a restart may hand those keys their last puzzles again",
            records.len()
        );
    }
}

/// Forgets keys unused for [`FORGET_AFTER`]; a failure is logged.
fn forget(bank: &mut Bank) {
    if let Err(e) = bank.expire_clients(FORGET_AFTER) {
        eprintln!("sudokit: bank: forgetting unused client keys failed: {e}");
    }
}
