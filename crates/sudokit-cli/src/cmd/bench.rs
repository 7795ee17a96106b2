//! `sudokit bench`: solving throughput per file, single thread.
//!
//! Every puzzle of a file is parsed before timing starts, so the figure is
//! the solver's alone: counting solutions up to 2, as the standard solver
//! benchmarks (tdoku's among them) do. The median of `--runs` passes is
//! reported because the machine is noisy. By default each puzzle is first
//! replaced by a random equivalent (seeded), so a set's layout (say, givens
//! sorted to the top rows) cannot favour one solver design over another.
//! With `--canon` the timed work is the canonical form instead.
//!
//! Files that name their rules (`# rules:` lines and killer lines, as
//! `generate --variant` writes them) are read through the batch commands'
//! reader, so variant puzzles are timed under their own rules; they are
//! timed as written, since transforms do not carry constraints.

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use sudokit::Grid;
use sudokit::format::{Format, ReadOptions, Reader};
use sudokit::logic::{Budget, LogicSolver};
use sudokit::solve::{Limits, Solver};
use sudokit::transform::{Canonicalizer, Transform};

use crate::args::{BenchArgs, input_format};
use crate::batch::{Status, sections};
use crate::sink;
use crate::stop::{self, Output, Stopped};

pub fn run(args: BenchArgs) -> Result<Status> {
    if args.generate {
        return super::bench_generate::run(&args);
    }
    if args.needs {
        return super::bench_needs::run(&args);
    }
    if cfg!(debug_assertions) {
        eprintln!("sudokit: warning: this is a debug build; build with --release for real figures");
    }
    stop::install(Output::Stdout);
    let format = input_format(&args.from)?;
    if args.rate {
        return rate_bench(&args, format);
    }
    let last = if args.canon {
        "canonical forms (failed / 1 / 2+ automorphisms)"
    } else {
        "solutions (0 / 1 / 2+)"
    };
    sink::line(&format!(
        "{:<28} {:>9} {:>14} {:>12}  {last}",
        "file", "puzzles", "puzzles/s", "us/puzzle"
    ))?;
    for path in &args.files {
        let mut puzzles: Vec<Grid> = Vec::new();
        for grid in read_puzzles(path, format)? {
            let grid = if args.no_permute || !grid.rules().is_classic() {
                grid
            } else {
                let seed = args.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ puzzles.len() as u64;
                Transform::random(grid.shape(), seed).apply(&grid)
            };
            puzzles.push(grid);
        }
        if puzzles.is_empty() {
            bail!("no puzzles found in {}", source_name(path));
        }
        let mut solver = Solver::with_limits(Limits::default().with_deadline(stop::deadline()))
            .with_house_crossings();
        let mut canon = Canonicalizer::new();
        let mut rates = Vec::new();
        let mut hist = [0usize; 3];
        for run in 0..args.runs {
            let start = Instant::now();
            let mut counts = [0usize; 3];
            for p in &puzzles {
                if stop::requested() {
                    return Err(Stopped::now());
                }
                if args.canon {
                    // Column 0 / 1 / 2+ then counts failures / forms with only
                    // the identity / forms with more automorphisms.
                    let n = match canon.canonicalize(p) {
                        Ok(c) => 1 + usize::from(c.automorphisms > 1),
                        Err(_) => 0,
                    };
                    counts[n] += 1;
                    continue;
                }
                let n = solver.count(p, 2).solutions();
                counts[n.min(2)] += 1;
            }
            let secs = start.elapsed().as_secs_f64();
            rates.push(puzzles.len() as f64 / secs);
            if run == 0 {
                hist = counts;
            }
        }
        rates.sort_by(f64::total_cmp);
        let median = rates[rates.len() / 2];
        sink::line(&format!(
            "{:<28} {:>9} {:>14.0} {:>12.2}  {} / {} / {}",
            row_name(path),
            puzzles.len(),
            median,
            1e6 / median,
            hist[0],
            hist[1],
            hist[2]
        ))?;
        sink::flush()?;
    }
    Ok(Status::Ok)
}

/// `bench --rate`: the time to rate each puzzle (one thread), the median of
/// `--runs` timings per puzzle, then the median, mean and slowest over the file.
fn rate_bench(args: &BenchArgs, format: Option<sudokit::format::Format>) -> Result<Status> {
    sink::line(&format!(
        "{:<28} {:>8} {:>11} {:>11} {:>11} {:>7} {:>8}",
        "file", "puzzles", "median ms", "mean ms", "max ms", "> 1 s", "guessed"
    ))?;
    for path in &args.files {
        let puzzles = read_puzzles(path, format)?;
        if puzzles.is_empty() {
            bail!("no puzzles found in {}", source_name(path));
        }
        let budget = Budget::default().with_deadline(stop::deadline());
        let mut solver = LogicSolver::with_budget(budget);
        let mut times = Vec::with_capacity(puzzles.len());
        let mut guessed = 0;
        for p in &puzzles {
            if stop::requested() {
                return Err(Stopped::now());
            }
            let mut runs = Vec::new();
            for _ in 0..args.runs {
                let start = Instant::now();
                let r = solver.rate(p);
                runs.push(start.elapsed().as_secs_f64() * 1e3);
                if runs.len() == 1 && r.is_ok_and(|r| r.guessed) {
                    guessed += 1;
                }
            }
            runs.sort_by(f64::total_cmp);
            times.push(runs[runs.len() / 2]);
        }
        let mean = times.iter().sum::<f64>() / times.len() as f64;
        let slow = times.iter().filter(|&&t| t > 1000.0).count();
        times.sort_by(f64::total_cmp);
        sink::line(&format!(
            "{:<28} {:>8} {:>11.3} {:>11.3} {:>11.3} {:>7} {:>8}",
            row_name(path),
            puzzles.len(),
            times[times.len() / 2],
            mean,
            times[times.len() - 1],
            slow,
            guessed
        ))?;
        sink::flush()?;
    }
    Ok(Status::Ok)
}

/// The name of `path`'s row in a table: its file name, or the whole path
/// when it has none; `<stdin>` for `-`.
fn row_name(path: &Path) -> String {
    if path.as_os_str() == "-" {
        return source_name(path);
    }
    path.file_name().map_or(path.display().to_string(), |n| n.to_string_lossy().into_owned())
}

/// The name of `path` in messages: the path, or `<stdin>` for `-` (as the
/// other commands name it).
fn source_name(path: &Path) -> String {
    if path.as_os_str() == "-" { "<stdin>".to_string() } else { path.display().to_string() }
}

/// Every puzzle of `path` (standard input for `-`), each under its rules:
/// a file that begins with a `# rules:` line goes through [`sections`] (its
/// killer lines become givens with their cages), others are read as they
/// are.
fn read_puzzles(path: &Path, format: Option<Format>) -> Result<Vec<Grid>> {
    let name = source_name(path);
    let text = if path.as_os_str() == "-" {
        io::read_to_string(io::stdin()).with_context(|| format!("cannot read {name}"))?
    } else {
        fs::read_to_string(path).with_context(|| format!("cannot open {name}"))?
    };
    let named = text.starts_with("# rules:");
    let (text, rules) = if named {
        sections(&text, false, None).with_context(|| format!("in {name}"))?
    } else {
        (text, HashMap::new())
    };
    let mut puzzles = Vec::new();
    for item in Reader::new(text.as_bytes(), ReadOptions::new().with_format(format)) {
        let rec = item.with_context(|| format!("in {name}"))?;
        let grid = match rules.get(&rec.line) {
            Some(own) => rec
                .grid
                .with_rules(own.clone())
                .with_context(|| format!("in {name}: line {}", rec.line))?,
            None => rec.grid,
        };
        puzzles.push(grid);
    }
    Ok(puzzles)
}
