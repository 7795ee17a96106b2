//! Ctrl-C (SIGINT) for batch commands: stop cleanly, never mid-line.
//!
//! The handler only sets a flag. The batch runner checks it before starting
//! each puzzle and after writing each chunk; when it is set, the answers
//! computed so far that precede the first skipped puzzle are written whole
//! (every answer is whole lines), standard output is flushed, a note goes to
//! stderr and the process exits with 130 (128 + SIGINT, the shell's
//! convention). A second Ctrl-C while a long search is still running exits
//! at once with 130; what was flushed before is still whole lines.

use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// The exit status after an interruption.
pub const EXIT_INTERRUPTED: i32 = 130;

/// Installs the handler (once per process). If it cannot be installed the
/// default behaviour (immediate exit) stays.
pub fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let _ = ctrlc::set_handler(|| {
            if REQUESTED.swap(true, Ordering::SeqCst) {
                std::process::exit(EXIT_INTERRUPTED);
            }
        });
    });
}

/// Whether Ctrl-C was pressed.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}

/// Ends the process after an interruption, `written` answers out (the
/// caller has flushed them).
pub fn exit(written: u64) -> ! {
    eprintln!("sudokit: interrupted; {written} answers written");
    std::process::exit(EXIT_INTERRUPTED)
}
