//! [`Writer`]: the thread that saves client places in batches, off the
//! async threads, and forgets keys unused for a while
//! ([`DEFAULT_FORGET_AFTER`] unless the service says otherwise).
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

use sudokit_bank::{Bank, BankError, Place, PlaceRecord, Target};

/// How long a moved place may wait before it is saved.
pub const SAVE_EVERY: Duration = Duration::from_millis(50);

/// How many waiting keys are saved at once without waiting longer.
pub const BATCH: usize = 4096;

/// Client keys not seen for this long are forgotten by default (90 days,
/// `serve --bank-key-days`): such a key starts a fresh round when it comes
/// back.
pub const DEFAULT_FORGET_AFTER: Duration = Duration::from_secs(90 * 24 * 3600);

/// How often the writer forgets old keys.
const FORGET_EVERY: Duration = Duration::from_secs(24 * 3600);

/// The place-saving thread.
#[derive(Debug)]
pub struct Writer {
    send: Option<mpsc::Sender<PlaceRecord>>,
    thread: Option<JoinHandle<()>>,
}

impl Writer {
    /// Starts the thread, saving into `bank` and forgetting keys unseen
    /// for `forget_after`.
    pub fn start(mut bank: Bank, forget_after: Duration) -> Result<Writer, BankError> {
        let (send, receive) = mpsc::channel::<PlaceRecord>();
        let thread = std::thread::Builder::new()
            .name("bank-places".into())
            .spawn(move || run(&mut bank, &receive, forget_after))
            .map_err(|e| super::thread_error("bank-places", e))?;
        Ok(Writer { send: Some(send), thread: Some(thread) })
    }

    /// Queues `place` as `client`'s place in `rules` and `target`.
    pub fn save(&self, client: &str, rules: &str, target: &Target, place: Place) {
        if let Some(send) = &self.send {
            let record = PlaceRecord {
                client: client.to_string(),
                rules: rules.to_string(),
                target: target.clone(),
                place,
            };
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
fn run(bank: &mut Bank, receive: &mpsc::Receiver<PlaceRecord>, forget_after: Duration) {
    forget(bank, forget_after);
    let mut forgot = Instant::now();
    let mut waiting: HashMap<(String, String, Target), Place> = HashMap::new();
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
                waiting.insert((record.client, record.rules, record.target), record.place);
                // Take whatever else is queued without waiting.
                while waiting.len() < BATCH {
                    match receive.try_recv() {
                        Ok(r) => {
                            waiting.insert((r.client, r.rules, r.target), r.place);
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
            forget(bank, forget_after);
            forgot = Instant::now();
        }
    }
}

/// Saves and clears `waiting`; a failure is logged and the batch dropped.
fn save(bank: &mut Bank, waiting: &mut HashMap<(String, String, Target), Place>) {
    let records: Vec<PlaceRecord> = waiting
        .drain()
        .map(|((client, rules, target), place)| PlaceRecord { client, rules, target, place })
        .collect();
    if let Err(e) = bank.save_places(&records) {
        eprintln!(
            "sudokit: bank: the places of {} client keys were not saved ({e}); they are served \
             from memory, and a restart may hand those keys their last puzzles again",
            records.len()
        );
    }
}

/// Forgets keys unused for `unused`; a failure is logged.
fn forget(bank: &mut Bank, unused: Duration) {
    if let Err(e) = bank.expire_clients(unused) {
        eprintln!("sudokit: bank: forgetting unused client keys failed: {e}");
    }
}
