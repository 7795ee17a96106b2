//! Stopping early: Ctrl-C (SIGINT) or a closed standard output.
//!
//! One process-wide flag says "stop now". Every long search of the engine
//! watches it (it is the interrupt flag of the [`Deadline`] that
//! [`deadline`] gives), so a search of any size ends within milliseconds of
//! it being set; the commands check it between puzzles. It is set by:
//! - the first Ctrl-C (the handler of [`install`]): the answers finished
//!   before it are written whole, in input order, and the process exits
//!   with [`EXIT_INTERRUPTED`] (130, the shell's 128 + SIGINT) and a note
//!   on stderr. A second Ctrl-C ends the process at once, after the write
//!   in progress ([`crate::sink`] writes whole lines under a lock, so what
//!   is out is still whole lines, and its buffer is written first);
//! - a closed standard output (`sudokit ... | head`): a watcher thread
//!   sees the reader of the pipe go away even while nothing is written
//!   (Unix: `poll` reports an error on the pipe), and a failed write says
//!   the same; the run ends quietly with status 0;
//! - a run that gives up (an I/O error), so work still running for it stops.
//!
//! The first cause recorded wins. A command that stops returns the
//! [`Stopped`] error, which `main` turns into the exit status after every
//! destructor ran (temporary files are removed). A command blocked where it
//! cannot look at the flag (reading a silent standard input, say) is ended
//! after [`GRACE`] by a watchdog, as by a second Ctrl-C: the buffered whole
//! answers are written first. So the process ends within [`GRACE`] of the
//! first Ctrl-C or closed output whatever it is doing, unless a write to a
//! reader that stopped reading is in progress.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Arc, Once, OnceLock};
use std::time::Duration;

use sudokit::Deadline;

/// The exit status after an interruption.
pub const EXIT_INTERRUPTED: u8 = 130;

/// How long a command may take to stop by itself after Ctrl-C or a closed
/// output before the watchdog ends it.
pub const GRACE: Duration = Duration::from_millis(750);

/// Why a run stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// Ctrl-C.
    Interrupted,
    /// The reader of standard output went away.
    OutputClosed,
    /// The run failed (its error is reported by whoever saw it).
    Failed,
}

/// The flag every search of the run watches.
fn flag() -> &'static Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| Arc::new(AtomicBool::new(false)))
}

/// The first cause recorded: 0 for none, else `Cause as u8 + 1`.
static CAUSE: AtomicU8 = AtomicU8::new(0);

/// Records `cause` (unless one is recorded already) and sets the flag.
/// The first Ctrl-C or closed output also starts the watchdog.
pub fn stop(cause: Cause) {
    let code = cause as u8 + 1;
    let first = CAUSE.compare_exchange(0, code, Ordering::SeqCst, Ordering::SeqCst).is_ok();
    flag().store(true, Ordering::SeqCst);
    if first && cause != Cause::Failed {
        let _ = std::thread::Builder::new().name("stop-watchdog".into()).spawn(move || {
            std::thread::sleep(GRACE);
            end_now(cause);
        });
    }
}

/// Ends the process at once after `cause`, once the write in progress is
/// done and the buffered whole answers are written.
fn end_now(cause: Cause) -> ! {
    let answers = crate::sink::finish();
    if cause == Cause::OutputClosed {
        std::process::exit(0);
    }
    eprintln!("sudokit: interrupted; {answers} answers written");
    std::process::exit(i32::from(EXIT_INTERRUPTED))
}

/// Whether the run must stop.
pub fn requested() -> bool {
    flag().load(Ordering::Relaxed)
}

/// Why the run must stop, once it must.
pub fn cause() -> Option<Cause> {
    match CAUSE.load(Ordering::SeqCst) {
        1 => Some(Cause::Interrupted),
        2 => Some(Cause::OutputClosed),
        3 => Some(Cause::Failed),
        _ => None,
    }
}

/// A deadline that passes when the run must stop: for every search.
pub fn deadline() -> Deadline {
    Deadline::never().with_interrupt(Arc::clone(flag()))
}

/// Where a command's results go: the closed-output watcher runs only for
/// standard output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    Stdout,
    Files,
}

/// Installs the Ctrl-C handler and, for `Output::Stdout`, the watcher of
/// standard output (both once per process). If the handler cannot be
/// installed Ctrl-C keeps its default (immediate exit).
pub fn install(output: Output) {
    static HANDLER: Once = Once::new();
    HANDLER.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            if cause() == Some(Cause::Interrupted) {
                // The second Ctrl-C.
                end_now(Cause::Interrupted);
            }
            stop(Cause::Interrupted);
        });
    });
    if output == Output::Stdout {
        static WATCHER: Once = Once::new();
        WATCHER.call_once(watch_stdout);
    }
}

/// Starts a thread that calls [`stop`] when the reader of standard output
/// goes away (a pipe whose reader closed it reports an error to `poll`
/// without any write; a terminal or a file never does).
#[cfg(unix)]
fn watch_stdout() {
    use std::os::fd::AsFd;

    use nix::errno::Errno;
    use nix::poll::{PollFd, PollFlags, PollTimeout, poll};

    let spawned = std::thread::Builder::new().name("stdout-watcher".into()).spawn(|| {
        let stdout = std::io::stdout();
        loop {
            // No events asked for: only errors and hang-ups wake it.
            let mut fds = [PollFd::new(stdout.as_fd(), PollFlags::empty())];
            match poll(&mut fds, PollTimeout::NONE) {
                Ok(0) | Err(Errno::EINTR) => continue,
                Ok(_) => {
                    let gone = PollFlags::POLLERR | PollFlags::POLLHUP;
                    if fds[0].revents().is_some_and(|r| r.intersects(gone)) {
                        stop(Cause::OutputClosed);
                    }
                    return;
                }
                // Not something poll can watch: writes still report it.
                Err(_) => return,
            }
        }
    });
    // Without the thread a closed pipe is still seen at the next write.
    drop(spawned);
}

/// Elsewhere a closed standard output is seen at the next write.
#[cfg(not(unix))]
fn watch_stdout() {}

/// The error of a run that stopped early (see the module docs): `main`
/// exits with 130 and a note after Ctrl-C, quietly with 0 after a closed
/// output.
#[derive(Debug)]
pub struct Stopped {
    pub cause: Cause,
    /// Answers written before it, for the note.
    pub answers: u64,
    /// What was left undone, when it is more than the unwritten answers
    /// (e.g. "no book written").
    pub note: Option<&'static str>,
}

impl Stopped {
    /// The error for a run that must stop now: the cause recorded (else
    /// Ctrl-C) and the answers written so far.
    pub fn now() -> anyhow::Error {
        anyhow::Error::new(Stopped::with_note(None))
    }

    /// [`Stopped::now`] with a note of what was not done.
    pub fn with_note(note: Option<&'static str>) -> Stopped {
        let answers = crate::sink::answers();
        Stopped { cause: cause().unwrap_or(Cause::Interrupted), answers, note }
    }
}

impl fmt::Display for Stopped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.cause, self.note) {
            (Cause::Failed, _) => write!(f, "stopped after an error"),
            (_, Some(note)) => write!(f, "interrupted; {note}"),
            (_, None) => write!(f, "interrupted; {} answers written", self.answers),
        }
    }
}

impl std::error::Error for Stopped {}
