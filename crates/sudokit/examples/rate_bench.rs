//! Engine-only rating speed, for measuring and profiling the rater
//! without building the CLI: `cargo run --release -p sudokit --example
//! rate_bench -- FILE [--first N]`. Rates each puzzle of FILE (any format
//! `sudokit rate` reads) on one thread with a fresh [`LogicSolver`] and the
//! default budget, as `sudokit rate -j 1` does, and prints per puzzle the
//! line `sudokit rate` prints, a tab, then the time; at the end the mean,
//! median and slowest time (with its line number) and puzzles per second.
//!
//! Times are the thread's CPU time on 64-bit Linux
//! (`CLOCK_THREAD_CPUTIME_ID`), so they depend little on the load;
//! elsewhere wall-clock time. `cut -f1` of the output compares with
//! `sudokit rate -j 1`'s.

use std::fs::File;
use std::io::{BufReader, Write};
use std::time::{Duration, Instant};

use sudokit::format::{ReadOptions, Reader, Record, to_line};
use sudokit::logic::{LogicSolver, State};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (file, first) = match parse_args(&args) {
        Ok(parsed) => parsed,
        Err(e) => {
            eprintln!("rate_bench: {e}\nusage: rate_bench FILE [--first N]");
            std::process::exit(2);
        }
    };
    let input = match File::open(&file) {
        Ok(f) => BufReader::new(f),
        Err(e) => {
            eprintln!("rate_bench: {file}: {e}");
            std::process::exit(2);
        }
    };
    let clock = Clock::new();
    let mut times: Vec<(Duration, usize)> = Vec::new();
    let mut out = std::io::stdout().lock();
    for record in Reader::new(input, ReadOptions::new()).take(first) {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                eprintln!("rate_bench: {file}: {e}");
                std::process::exit(1);
            }
        };
        let start = clock.now();
        let answer = rate(&record);
        let took = clock.now().saturating_sub(start);
        times.push((took, record.line));
        writeln!(out, "{answer}\t{:.1} ms", took.as_secs_f64() * 1e3).expect("stdout");
    }
    if times.is_empty() {
        eprintln!("rate_bench: {file}: no puzzles");
        std::process::exit(1);
    }
    writeln!(out, "{}", summary(&times, clock.kind())).expect("stdout");
}

/// FILE and the number of puzzles to rate (all when `--first` is absent).
fn parse_args(args: &[String]) -> Result<(String, usize), String> {
    let mut file = None;
    let mut first = usize::MAX;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--first" {
            let n = it.next().ok_or("--first needs a number")?;
            first = n.parse().map_err(|_| format!("--first: not a number: {n}"))?;
        } else if file.is_none() && !a.starts_with("--") {
            file = Some(a.clone());
        } else {
            return Err(format!("unexpected argument {a}"));
        }
    }
    Ok((file.ok_or("no FILE given")?, first))
}

/// The rating of one record as `sudokit rate` writes it (without the
/// newline), or the solver's refusal.
fn rate(record: &Record) -> String {
    let state = match &record.candidates {
        Some(c) => State::from_candidates(c),
        None => State::from_grid(&record.grid),
    };
    let puzzle = match &record.candidates {
        Some(c) => to_line(&c.to_grid()),
        None => to_line(&record.grid),
    };
    match LogicSolver::new().solve_state(state) {
        Ok(path) => {
            let r = path.rating();
            let hardest = r.hardest.map_or("-", |t| t.name());
            format!("{puzzle} {}/{}/{} {} {hardest}", r.er, r.ep, r.ed, r.level)
        }
        Err(e) => format!("error: {e}"),
    }
}

/// Mean, median, slowest (with its input line) and puzzles per second.
fn summary(times: &[(Duration, usize)], kind: &str) -> String {
    let total: Duration = times.iter().map(|t| t.0).sum();
    let mut sorted: Vec<Duration> = times.iter().map(|t| t.0).collect();
    sorted.sort();
    let n = sorted.len();
    let median = if n % 2 == 1 { sorted[n / 2] } else { (sorted[n / 2 - 1] + sorted[n / 2]) / 2 };
    let (slowest, line) = times.iter().copied().max_by_key(|t| t.0).expect("not empty");
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    format!(
        "# {n} puzzles, {kind} time: total {:.2} s, mean {:.1} ms, median {:.1} ms, \
         slowest {:.1} ms (line {line}), over 1 s {}, {:.2} puzzles/s",
        total.as_secs_f64(),
        ms(total) / n as f64,
        ms(median),
        ms(slowest),
        sorted.iter().filter(|d| d.as_secs_f64() > 1.0).count(),
        n as f64 / total.as_secs_f64().max(1e-9),
    )
}

/// The thread's CPU time where the system reports it, else wall-clock time.
struct Clock {
    start: Instant,
    cpu: bool,
}

impl Clock {
    fn new() -> Clock {
        Clock { start: Instant::now(), cpu: thread_cpu().is_some() }
    }

    fn kind(&self) -> &'static str {
        if self.cpu { "CPU" } else { "wall" }
    }

    fn now(&self) -> Duration {
        match self.cpu.then(thread_cpu).flatten() {
            Some(d) => d,
            None => self.start.elapsed(),
        }
    }
}

/// The calling thread's time on a CPU so far (the `cpu-time` crate:
/// `CLOCK_THREAD_CPUTIME_ID` on Unix, `GetThreadTimes` on Windows), or
/// `None` where the system does not report it.
fn thread_cpu() -> Option<Duration> {
    cpu_time::ThreadTime::try_now().ok().map(|t| t.as_duration())
}
