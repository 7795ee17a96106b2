//! The writer's side of a batch: answered parts written in input order
//! (to the process's [`crate::sink`]), the run's tallies (worst
//! status, puzzles, messages capped at [`MAX_MESSAGES`]), a stop honoured
//! between parts, and the progress bar.

use std::io;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Result;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::part::PartOut;
use super::{MAX_MESSAGES, RunState};
use crate::sink;
use crate::stop::{self, Stopped};

/// Writes answered parts in order and keeps the run's tallies.
pub(super) struct Writer<'a> {
    pub(super) state: &'a mut RunState,
    pub(super) progress: &'a Progress,
    pub(super) name: &'a str,
}

impl Writer<'_> {
    /// Writes one part; when it stopped early (see `stop.rs`), gives
    /// [`Stopped`] once what precedes its first unanswered puzzle is out.
    pub(super) fn part(&mut self, part: PartOut) -> Result<()> {
        sink::write(part.out.as_bytes(), part.done)?;
        let state = &mut *self.state;
        state.worst = state.worst.max(part.worst);
        state.puzzles += part.done;
        for msg in part.messages {
            state.messages += 1;
            if state.messages <= MAX_MESSAGES {
                let name = self.name;
                self.progress.bar.suspend(|| eprintln!("sudokit: {name}: {msg}"));
            }
        }
        state.messages += part.more_messages;
        if part.interrupted {
            return Err(Stopped::now());
        }
        Ok(())
    }

    /// Ends a chunk whose parts are all written: honours a stop, moves the
    /// progress bar, and reports the chunk's I/O error.
    pub(super) fn chunk_done(&mut self, io_error: Option<io::Error>) -> Result<()> {
        if stop::requested() {
            return Err(Stopped::now());
        }
        self.progress.update(self.state.puzzles);
        match io_error {
            Some(e) => Err(anyhow::Error::new(e).context(format!("cannot read {}", self.name))),
            None => Ok(()),
        }
    }
}

/// A progress bar on stderr (hidden unless stderr is a terminal): bytes of a
/// file, or a puzzle count for standard input.
pub(super) struct Progress {
    pub(super) bar: ProgressBar,
    pub(super) read: Arc<AtomicU64>,
    pub(super) by_bytes: bool,
}

impl Progress {
    pub(super) fn new(visible: bool, total: Option<u64>, name: &str) -> Progress {
        let bar = match total {
            Some(len) => ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden())
                .with_style(
                    ProgressStyle::with_template(
                        "{msg} [{bar:30}] {bytes}/{total_bytes} ({elapsed}, eta {eta})",
                    )
                    .expect("valid template")
                    .progress_chars("=> "),
                ),
            None => ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden()).with_style(
                ProgressStyle::with_template(
                    "{spinner} {msg}: {pos} puzzles ({per_sec}, {elapsed})",
                )
                .expect("valid template"),
            ),
        };
        if visible {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        bar.set_message(short_name(name));
        Progress { bar, read: Arc::new(AtomicU64::new(0)), by_bytes: total.is_some() }
    }

    pub(super) fn update(&self, puzzles: u64) {
        if self.by_bytes {
            self.bar.set_position(self.read.load(Ordering::Relaxed));
        } else {
            self.bar.set_position(puzzles);
        }
    }

    pub(super) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

fn short_name(name: &str) -> String {
    Path::new(name).file_name().map_or(name.to_string(), |n| n.to_string_lossy().into_owned())
}
