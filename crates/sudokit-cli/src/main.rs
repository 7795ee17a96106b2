/*!
The `sudokit` command: glue over the engine crate.

Every rule lives in `sudokit`; this binary parses flags (`args`), streams
puzzles through a parallel, order-keeping batch runner (`batch`) and prints
results. Exit status: 0 success, 1 when an answer is "no solution / several
solutions / invalid grid" (as grep uses 1 for "no match"), 2 for usage or
input errors. A closed stdout (`sudokit solve big.txt | head`) ends quietly
with status 0; Ctrl-C (SIGINT) stops a batch after the last whole answer
and exits 130 (see `interrupt`).
*/

mod args;
mod batch;
mod cmd;
mod interrupt;
mod output;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = args::Cli::parse();
    match cmd::run(cli) {
        Ok(status) => status.into(),
        Err(err) => {
            if is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
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
