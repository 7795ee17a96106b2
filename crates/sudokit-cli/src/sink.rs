//! Standard output for results: one buffer for the whole process, behind a
//! lock, written only in whole answers.
//!
//! Every command writes its results through [`write()`] (text answers, one or
//! more whole lines each, or a whole binary document), so:
//! - what reaches standard output is always a sequence of whole answers:
//!   nothing else writes to it, and a write holds the lock until it is done;
//! - a second Ctrl-C ([`finish`]) takes the lock, writes what is buffered
//!   and ends the process: never in the middle of an answer, and no
//!   finished, buffered answer is lost;
//! - a failed write (the reader went away) records
//!   [`Cause::OutputClosed`](crate::stop::Cause) so the run's other work
//!   stops too.
//!
//! The buffer is written out when it fills, and when the caller has nothing
//! more at hand ([`flush`]), so answers stream out as they are made.

use std::io::{self, BufWriter, Stdout, Write};
use std::sync::{LazyLock, Mutex, MutexGuard, PoisonError};

use crate::stop::{self, Cause};

struct Sink {
    out: BufWriter<Stdout>,
    /// Answers handed to [`write()`] (all of them whole in `out` or written).
    answers: u64,
}

fn sink() -> MutexGuard<'static, Sink> {
    static SINK: LazyLock<Mutex<Sink>> = LazyLock::new(|| {
        Mutex::new(Sink { out: BufWriter::with_capacity(1 << 16, io::stdout()), answers: 0 })
    });
    // The lock guards whole answers; a panic while holding it leaves them
    // whole all the same.
    SINK.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Writes `bytes`, `answers` whole answers (whole lines, or one binary
/// document).
pub fn write(bytes: &[u8], answers: u64) -> io::Result<()> {
    let mut sink = sink();
    let result = sink.out.write_all(bytes);
    sink.answers += answers;
    noted(result)
}

/// Writes `text` and a newline: one answer (a line of a table, say).
pub fn line(text: &str) -> io::Result<()> {
    let mut sink = sink();
    let result = sink.out.write_all(text.as_bytes()).and_then(|()| sink.out.write_all(b"\n"));
    sink.answers += 1;
    noted(result)
}

/// Writes out what is buffered.
pub fn flush() -> io::Result<()> {
    noted(sink().out.flush())
}

/// Answers handed to [`write()`] so far.
pub fn answers() -> u64 {
    sink().answers
}

/// Writes out what is buffered (ignoring a failure) and keeps the lock for
/// ever, so nothing more is written: for a process about to exit. Returns
/// the answers written.
pub fn finish() -> u64 {
    let mut sink = sink();
    let _ = sink.out.flush();
    let answers = sink.answers;
    std::mem::forget(sink);
    answers
}

/// `result`, recording a reader that went away as the run's stop cause.
fn noted(result: io::Result<()>) -> io::Result<()> {
    if let Err(e) = &result
        && e.kind() == io::ErrorKind::BrokenPipe
    {
        stop::stop(Cause::OutputClosed);
    }
    result
}
