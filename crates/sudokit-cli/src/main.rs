/*!
The `sudokit` command: glue over the engine crate.

Every rule lives in `sudokit`; this binary parses flags (`args`), streams
puzzles through a parallel, order-keeping batch runner (`batch`) and prints
results through one process-wide output (`sink`). Exit status: 0 success,
1 when an answer is "no solution / several solutions / invalid grid" (as
grep uses 1 for "no match"), 2 for usage or input errors. A closed stdout
(`sudokit solve big.txt | head`) ends any command quietly with status 0;
Ctrl-C (SIGINT) stops any command after the last whole answer and exits
130 (see `stop`).
*/

mod args;
mod batch;
mod cmd;
// The documents state the limits of the full build (service and printing).
#[cfg(all(test, feature = "serve", feature = "print"))]
mod limits_doc;
mod output;
mod sink;
mod stop;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    // Answers still buffered go out before the status is decided: a failed
    // write is a closed output.
    let result = cmd::run(cli).and_then(|status| {
        sink::flush()?;
        Ok(status)
    });
    match result {
        Ok(status) => status.into(),
        Err(err) => exit_status(&err),
    }
}

/// The exit status of a run that ended with `err`, after saying why on
/// stderr (nothing for a closed output).
fn exit_status(err: &anyhow::Error) -> ExitCode {
    let cause = match err.downcast_ref::<stop::Stopped>() {
        Some(stopped) => Some(stopped.cause),
        None if is_broken_pipe(err) => Some(stop::Cause::OutputClosed),
        None => None,
    };
    match cause {
        Some(stop::Cause::OutputClosed) => ExitCode::SUCCESS,
        Some(stop::Cause::Interrupted) => {
            // Whole answers only are buffered; they go out first.
            let _ = sink::flush();
            eprintln!("sudokit: {err}");
            ExitCode::from(stop::EXIT_INTERRUPTED)
        }
        Some(stop::Cause::Failed) | None => {
            // The answers given before the error are whole; they are kept.
            let _ = sink::flush();
            eprintln!("sudokit: error: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// Whether the error chain holds a broken pipe (the reader of our stdout went away).
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
