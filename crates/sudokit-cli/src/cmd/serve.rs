//! `sudokit serve`: the HTTP service and the web page (the `sudokit-server`
//! crate), with its limits set from flags.

use std::net::SocketAddr;
#[cfg(feature = "serve")]
use std::time::Duration;

use anyhow::Result;
#[cfg(feature = "serve")]
use anyhow::{Context, bail};
use clap::Args;
#[cfg(feature = "serve")]
use sudokit_server::Config;

use crate::batch::Status;

pub const HELP: &str = "\
Serves the JSON API under /api/v1 (generate, daily, solve, count, validate, transform, canon, rate,
hint, explain, print; the OpenAPI document at /api/v1/openapi.json), /healthz, and the web page
at /. Stop with Ctrl-C or SIGTERM: requests in flight are finished (for at most
--shutdown-grace seconds).

With --bank FILE, a generate request that asks only for a size (or box or rules) and a
difficulty, needs or hardest (and optionally count, with_solution and client) is answered from
the bank at once, from memory, by any stored puzzle that meets it; the same client key never
gets the same puzzle twice until it has had them all (after a crash, only the puzzles of its
last 50 ms may come again). Other requests, and sizes, levels or techniques the bank lacks,
are generated live while one background thread fills the bank up to --bank-low-water. Client
keys unseen for --bank-key-days are forgotten. GET /api/v1/daily?date=2026-12-01&difficulty=hard gives everyone
the same puzzle for a date.

Examples:
  sudokit serve                                  http://127.0.0.1:8080/
  sudokit serve --addr 0.0.0.0:9000 --cors-origin https://example.org
  sudokit serve --bank bank.sqlite
  curl 'http://127.0.0.1:8080/api/v1/generate?difficulty=medium&seed=1&with_solution=true'";

/// `sudokit serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on (port 0 picks a free port and prints it).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// An origin allowed to call the API from a browser (repeatable; '*' for any).
    #[arg(long = "cors-origin", value_name = "ORIGIN")]
    pub cors_origins: Vec<String>,
    /// The largest board side accepted.
    #[arg(long, default_value_t = 25, value_name = "N")]
    pub max_size: usize,
    /// Seconds one generate, rate, hint or explain request may take.
    #[arg(long, default_value_t = 5.0, value_name = "SECONDS")]
    pub time_budget: f64,
    /// CPU-heavy jobs run at once in each lane (default: all cores).
    #[arg(long, short = 'j', value_name = "N", value_parser = crate::args::jobs)]
    pub jobs: Option<usize>,
    /// Open connections at most; idle ones are closed to make room.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    pub max_connections: usize,
    /// Seconds a connection may wait for a request's first byte.
    #[arg(long, default_value_t = 15.0, value_name = "SECONDS")]
    pub idle_timeout: f64,
    /// Seconds a request head may take from its first byte (then 408).
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    pub header_timeout: f64,
    /// Seconds a request body may take to arrive (then 408).
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    pub body_timeout: f64,
    /// Seconds a shutdown (SIGINT, SIGTERM) waits for requests in flight.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    pub shutdown_grace: f64,
    /// A puzzle bank (see `sudokit bank`) to answer plain generate requests from at once,
    /// and to keep the daily puzzles in; created when missing.
    #[arg(long, value_name = "FILE")]
    pub bank: Option<std::path::PathBuf>,
    /// With --bank: the fewest puzzles of each size and level (or technique target) asked
    /// for; below it one background thread generates more.
    #[arg(long, default_value_t = 100, value_name = "N", requires = "bank")]
    pub bank_low_water: usize,
    /// With --bank: forget a client key unseen for N days (it then starts a new round).
    #[arg(long, default_value_t = 90, value_name = "N", requires = "bank",
        value_parser = clap::value_parser!(u32).range(1..=36500))]
    pub bank_key_days: u32,
}

/// `seconds` of the flag `name` as a duration; an error unless positive and
/// finite.
#[cfg(feature = "serve")]
fn seconds(name: &str, seconds: f64) -> Result<Duration> {
    if !(seconds.is_finite() && seconds > 0.0 && seconds < 1e9) {
        bail!("--{name} {seconds}: expected a positive number of seconds");
    }
    Ok(Duration::from_secs_f64(seconds))
}

#[cfg(not(feature = "serve"))]
pub fn run(_: ServeArgs) -> Result<Status> {
    Err(super::not_built("serve", "`sudokit serve`"))
}

#[cfg(feature = "serve")]
pub fn run(args: ServeArgs) -> Result<Status> {
    if args.max_connections == 0 {
        bail!("--max-connections must be at least 1");
    }
    let mut config = Config {
        time_budget: seconds("time-budget", args.time_budget)?,
        idle_timeout: seconds("idle-timeout", args.idle_timeout)?,
        header_timeout: seconds("header-timeout", args.header_timeout)?,
        body_timeout: seconds("body-timeout", args.body_timeout)?,
        shutdown_grace: seconds("shutdown-grace", args.shutdown_grace)?,
        max_connections: args.max_connections,
        ..Config::default()
    };
    if args.max_size == 0 || args.max_size > sudokit::MAX_SIZE {
        bail!("--max-size {}: expected 1 to {}", args.max_size, sudokit::MAX_SIZE);
    }
    if let Some(jobs) = args.jobs {
        config.workers = jobs;
        config.queue = 64 * jobs;
    }
    config.cors_origins = args.cors_origins;
    config.bank = args.bank;
    config.bank_low_water = args.bank_low_water;
    config.bank_forget_after = Duration::from_secs(u64::from(args.bank_key_days) * 24 * 3600);
    config.max_size = args.max_size;
    sudokit_server::serve_blocking(args.addr, config)
        .with_context(|| format!("serving on {}", args.addr))?;
    Ok(Status::Ok)
}
