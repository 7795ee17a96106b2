//! One part of a chunk: its puzzles answered in order into one output
//! buffer, with its messages (the first [`MAX_MESSAGES`]), its worst status
//! and how many puzzles it answered (fewer after a stop).

use std::fmt::Write as _;

use sudokit::format::{ReadError, Record};
use sudokit::solve::Solver;
use sudokit::wire::{Error, ErrorAnswer};

use super::{MAX_MESSAGES, Outcome, Status};

/// What one part of a chunk gave: its output, its messages (the first
/// [`MAX_MESSAGES`], and how many more), its worst status, and how many
/// puzzles it answered (fewer than it holds after a stop).
pub(super) struct PartOut {
    pub(super) out: String,
    pub(super) messages: Vec<String>,
    pub(super) more_messages: usize,
    pub(super) worst: Status,
    pub(super) done: u64,
    pub(super) interrupted: bool,
}

impl PartOut {
    pub(super) fn new(capacity: usize) -> PartOut {
        PartOut {
            out: String::with_capacity(capacity),
            messages: Vec::new(),
            more_messages: 0,
            worst: Status::Ok,
            done: 0,
            interrupted: false,
        }
    }

    /// Runs one puzzle (or reports its parse error) unless the run must
    /// stop (see `stop.rs`); false when it must. An answer that ends after
    /// the stop flag was set may have been cut short by it, so it is
    /// dropped too: the part then holds the answers before it, all whole.
    pub(super) fn answer<F>(
        &mut self,
        item: Result<&Record, &ReadError>,
        index: u64,
        run: &mut Runner<'_, F>,
    ) -> bool
    where
        F: Fn(&mut Solver, u64, &Record, &mut String) -> Outcome + Sync,
    {
        if crate::stop::requested() {
            self.interrupted = true;
            return false;
        }
        let mark = self.out.len();
        let outcome = match item {
            Ok(rec) => (run.work)(run.solver, index, rec, &mut self.out),
            Err(e) => input_error(e, run.json, &mut self.out),
        };
        if crate::stop::requested() {
            self.out.truncate(mark);
            self.interrupted = true;
            return false;
        }
        self.worst = self.worst.max(outcome.status);
        if let Some(msg) = outcome.message {
            if self.messages.len() < MAX_MESSAGES {
                self.messages.push(msg);
            } else {
                self.more_messages += 1;
            }
        }
        self.done += 1;
        true
    }
}

/// A worker's view of the job: its solver, the work, the output mode.
pub(super) struct Runner<'a, F> {
    pub(super) solver: &'a mut Solver,
    pub(super) work: &'a F,
    pub(super) json: bool,
}

/// The output capacity to reserve for a part of `bytes` input bytes:
/// enough for short answers (counts, verdicts) without growing.
pub(super) fn part_capacity(bytes: usize) -> usize {
    bytes / 16 + 64
}

/// The output line and message for a puzzle that could not be read.
pub(super) fn input_error(e: &ReadError, json: bool, out: &mut String) -> Outcome {
    let text = e.to_string();
    if json {
        out.push_str(&crate::output::json_line(&ErrorAnswer::from(Error::read("input", e))));
    } else {
        let _ = writeln!(out, "error: {text}");
    }
    Outcome { message: Some(text), status: Status::Input }
}
