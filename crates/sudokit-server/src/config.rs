//! The service's limits and options, each with its default.

use std::path::PathBuf;
use std::time::Duration;

/// Limits and options of the service. [`Config::default`] documents each
/// default; the CLI's `sudokit serve` flags set some of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Origins allowed by CORS (`*` for any). Default: none (same origin only).
    pub cors_origins: Vec<String>,
    /// The largest request body in bytes. Default: 64 KiB (a 25x25 puzzle
    /// in tokens is under 2 KiB).
    pub max_body_bytes: usize,
    /// The largest board side accepted. Default: 25.
    pub max_size: usize,
    /// The most puzzles one `generate` request may ask for. Default: 100.
    pub max_count: u32,
    /// The most puzzles one `print` request may hold. Default: 24.
    pub max_print: usize,
    /// The highest solution-count limit of `count`. Default: 1000.
    pub max_count_limit: usize,
    /// The search node budget of one solve or count. Default: 2,000,000
    /// (well under a second on every board the service accepts).
    pub max_nodes: u64,
    /// The time budget of one `generate` request (all its puzzles), and of
    /// the logical solver in one `rate`, `hint` or `explain`. Default: 5 s.
    pub time_budget: Duration,
    /// CPU-heavy jobs running at once in each lane of board sizes (half as
    /// many in the large lane; see [`crate::work`]). Default: the number of
    /// cores.
    pub workers: usize,
    /// CPU-heavy jobs admitted at once in each lane (running plus waiting);
    /// more answer 503 with `Retry-After`. Default: 64 per worker.
    pub queue: usize,
    /// How long an admitted job may wait for a worker before it answers
    /// 503. Default: 2 s.
    pub queue_wait: Duration,
    /// How long a job runs before it counts as slow and gives its lane's
    /// worker slot to quicker jobs (see [`crate::work`]). Default: 100 ms.
    pub slow_after: Duration,
    /// Open connections at most; more wait in the listen backlog, and
    /// connections idle for a second are closed to make room (see
    /// [`crate::listen`]). Keep it below
    /// the open-file limit (`ulimit -n`). Default: 1000.
    pub max_connections: usize,
    /// How long a connection may wait for the first byte of a request (a
    /// new connection, or a kept-alive one after an answer) before it is
    /// closed. Default: 15 s.
    pub idle_timeout: Duration,
    /// How long a request head (request line and headers) may take from its
    /// first byte to its end; slower heads answer 408 and the connection
    /// closes. Default: 10 s.
    pub header_timeout: Duration,
    /// How long a request body may take to arrive in full; slower bodies
    /// answer 408 and the connection closes. Default: 10 s.
    pub body_timeout: Duration,
    /// The longest request line (method, target, version) in bytes; longer
    /// answers 414. Default: 8 KiB.
    pub max_request_line: usize,
    /// The largest request head (request line and headers) in bytes;
    /// larger answers 431. Default: 16 KiB.
    pub max_head_bytes: usize,
    /// The most header lines in a request head; more answers 431.
    /// Default: 64.
    pub max_headers: usize,
    /// How long a shutdown (SIGINT, SIGTERM) waits for requests in flight
    /// to finish before the process exits anyway. Default: 10 s.
    pub shutdown_grace: Duration,
    /// A puzzle bank (an SQLite file of `sudokit bank fill`) that
    /// `generate` requests for a level, techniques or a hardest technique
    /// are answered from, and that keeps the daily
    /// puzzles (see [`crate::bank`]); created when missing. Default: none
    /// (every puzzle is generated live).
    pub bank: Option<PathBuf>,
    /// The fewest puzzles the bank should hold of each size and level (or
    /// technique target) that is asked for; below it the refill thread
    /// generates more. Default: 100.
    pub bank_low_water: usize,
    /// How long a client key of the bank may go unseen before its places
    /// are forgotten (it then starts afresh). Default: 90 days.
    pub bank_forget_after: Duration,
}

impl Default for Config {
    fn default() -> Config {
        let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
        Config {
            cors_origins: Vec::new(),
            max_body_bytes: 64 * 1024,
            max_size: 25,
            max_count: 100,
            max_print: 24,
            max_count_limit: 1000,
            max_nodes: 2_000_000,
            time_budget: Duration::from_secs(5),
            workers,
            queue: 64 * workers,
            queue_wait: Duration::from_secs(2),
            slow_after: Duration::from_millis(100),
            max_connections: 1000,
            idle_timeout: Duration::from_secs(15),
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            max_request_line: 8 * 1024,
            max_head_bytes: 16 * 1024,
            max_headers: 64,
            shutdown_grace: Duration::from_secs(10),
            bank: None,
            bank_low_water: 100,
            bank_forget_after: crate::bank::writer::DEFAULT_FORGET_AFTER,
        }
    }
}
