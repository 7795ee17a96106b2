//! One module per subcommand, each with `run(args) -> Result<Status>`.

mod bench;
mod bench_generate;
mod canon;
mod count;
mod dedup;
mod explain;
mod generate;
mod hint;
mod logic;
pub(crate) mod print;
mod rate;
pub mod serve;
mod solve;
mod transform;
mod validate;

use anyhow::Result;

use crate::args::{Cli, Command};
use crate::batch::Status;

/// Runs the chosen subcommand.
pub fn run(cli: Cli) -> Result<Status> {
    match cli.command {
        Command::Solve(a) => solve::run(a),
        Command::Count(a) => count::run(a),
        Command::Validate(a) => validate::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Transform(a) => transform::run(a),
        Command::Canon(a) => canon::run(a),
        Command::Dedup(a) => dedup::run(a),
        Command::Generate(a) => generate::run(a),
        Command::Print(a) => print::run(a),
        Command::Rate(a) => rate::run(a),
        Command::Hint(a) => hint::run(a),
        Command::Explain(a) => explain::run(a),
        Command::Serve(a) => serve::run(a),
    }
}
