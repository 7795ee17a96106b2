//! The service's limits and options, each with its default.

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
    /// CPU-heavy jobs running at once. Default: the number of cores.
    pub workers: usize,
    /// CPU-heavy jobs admitted at once (running plus waiting); more answer
    /// 503 with `Retry-After`. Default: 64 per worker.
    pub queue: usize,
    /// How long an admitted job may wait for a worker before it answers
    /// 503. Default: 2 s.
    pub queue_wait: Duration,
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
        }
    }
}
