//! One module per subcommand, each with `run(args) -> Result<Status>`.
//!
//! `serve`, `bank` and `print` (with `generate --format pdf|svg|png`) need the Cargo
//! features of the same names. A build without one keeps the subcommand and
//! its flags, so `--help` is the same in every build, and answers with
//! [`not_built`], naming the feature.

pub mod bank;
mod bench;
mod bench_generate;
mod bench_needs;
mod canon;
mod count;
mod dedup;
mod explain;
mod generate;
mod hint;
mod logic;
#[cfg(feature = "print")]
pub(crate) mod print;
mod rate;
pub mod serve;
mod solve;
mod transform;
mod validate;

use anyhow::{Result, anyhow};

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
        #[cfg(feature = "print")]
        Command::Print(a) => print::run(a),
        #[cfg(not(feature = "print"))]
        Command::Print(_) => Err(not_built("print", "`sudokit print`")),
        Command::Rate(a) => rate::run(a),
        Command::Hint(a) => hint::run(a),
        Command::Explain(a) => explain::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Bank(a) => bank::run(a),
    }
}

/// The error of `what` in a build without the Cargo feature `feature`.
#[cfg_attr(all(feature = "serve", feature = "print", feature = "bank"), expect(dead_code))]
pub fn not_built(feature: &str, what: &str) -> anyhow::Error {
    anyhow!(
        "{what} needs the `{feature}` feature, which this sudokit was built without; \
         reinstall with `cargo install sudokit-cli --features {feature}`"
    )
}
