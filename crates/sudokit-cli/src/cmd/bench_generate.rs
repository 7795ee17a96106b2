//! `sudokit bench --generate`: generator throughput, one thread.
//!
//! Each line times one kind of work (full grids by a method and shape, or
//! puzzles of a shape and symmetry) on consecutive item indices of a fixed
//! seed until a time budget is spent, and prints items per second and the
//! median time per item. Work that fails (a method that cannot serve a
//! shape) prints the reason instead of a figure.

use std::time::{Duration, Instant};

use anyhow::Result;
use sudokit::generate::{ClueRange, Generator, Method, Options, Symmetry, levels_offered};
use sudokit::logic::Level;
use sudokit::{Rules, Shape};

use crate::args::BenchArgs;
use crate::batch::Status;
use crate::sink;
use crate::stop::{self, Output, Stopped};

/// The rule sets timed beyond the classic ones: a label and the rules.
const RULES: [(&str, &str); 4] = [
    ("9+x", "9+x"),
    ("9+windoku", "9+windoku"),
    ("9+anti-knight", "9+anti-knight"),
    (
        "9x9 jigsaw",
        "9+jigsaw=000111222000111222000111222333444555333445555333444455666777888666777888666777888",
    ),
];

pub fn run(args: &BenchArgs) -> Result<Status> {
    if cfg!(debug_assertions) {
        eprintln!("sudokit: warning: this is a debug build; build with --release for real figures");
    }
    stop::install(Output::Stdout);
    let budget = Duration::from_secs_f64(args.seconds);
    let header =
        format!("{:<40} {:>8} {:>12} {:>12}", "work (one thread)", "items", "items/s", "median ms");
    sink::line(&header)?;
    let shape = |r, c| Shape::new(r, c).expect("listed shapes are valid");
    let shapes = [shape(2, 2), shape(2, 3), shape(3, 3), shape(3, 4), shape(4, 4), shape(5, 5)];
    for method in Method::ALL {
        for s in shapes {
            let options = Options::new(s).method(method).deadline(stop::deadline());
            let generator = Generator::new(options, args.seed)?;
            let label = format!("grids {method} {n}x{n}", n = s.size());
            time(&label, budget, 1_000_000, |i| {
                generator.grid(i).map(drop).map_err(|e| e.to_string())
            })?;
        }
    }
    let mut puzzles: Vec<(String, Options, u64)> = vec![
        ("puzzles 9x9 minimal".into(), Options::new(Shape::CLASSIC), 1_000_000),
        (
            "puzzles 9x9 minimal rot180".into(),
            Options::new(Shape::CLASSIC).symmetry(Symmetry::Rot180),
            1_000_000,
        ),
        (
            "puzzles 9x9 27-35 clues (medium)".into(),
            Options::new(Shape::CLASSIC).clues(ClueRange::new(27, 35)),
            1_000_000,
        ),
        ("puzzles 16x16".into(), Options::new(shape(4, 4)), 10_000),
    ];
    // Other rules: full grids by the solver's random fill over the rules'
    // peers, uniqueness by the general search (no classic fast path).
    for (label, name) in RULES {
        let rules: Rules = name.parse().expect("listed rules are valid");
        puzzles.push((format!("puzzles {label} minimal"), Options::new(rules), 100_000));
    }
    puzzles.extend([("puzzles 25x25".into(), Options::new(shape(5, 5)), 1_000)]);
    // Rated levels (Sudoku Explainer scale): candidates are rated until one
    // falls in the level, so these include the rejected candidates' cost.
    for level in Level::ALL {
        let options = Options::new(Shape::CLASSIC)
            .rating(Some(level.into()))
            .time_limit(Some(Duration::from_secs(60)));
        puzzles.push((format!("puzzles 9x9 rated {level}"), options, 100_000));
    }
    // Big boards by level, carved up the ladder of rating ceilings: every
    // level each size offers, 20 items at most (the median).
    for s in [shape(4, 4), shape(5, 5)] {
        for &level in levels_offered(s) {
            let options = Options::new(s)
                .rating(Some(level.into()))
                .time_limit(Some(Duration::from_secs(60)));
            puzzles.push((format!("puzzles {n}x{n} rated {level}", n = s.size()), options, 20));
        }
    }
    if args.large {
        for k in [6, 7, 8] {
            puzzles.push((format!("puzzles {n}x{n}", n = k * k), Options::new(shape(k, k)), 3));
            let options = Options::new(shape(k, k))
                .rating(Some(Level::Easy.into()))
                .time_limit(Some(Duration::from_secs(120)));
            puzzles.push((format!("puzzles {n}x{n} rated easy", n = k * k), options, 3));
        }
    }
    if let Some(clues) = args.low_clue {
        let options = Options::new(Shape::CLASSIC)
            .clues(ClueRange::new(17, clues))
            .time_limit(Some(Duration::from_secs(600)));
        puzzles.push((format!("puzzles 9x9 <= {clues} clues"), options, 5));
    }
    for (label, options, max) in puzzles {
        let options = options.deadline(stop::deadline());
        let generator = Generator::new(options, args.seed)?;
        time(&label, budget, max, |i| generator.puzzle(i).map(drop).map_err(|e| e.to_string()))?;
    }
    Ok(Status::Ok)
}

/// The columns of a timing line: the label's width, and the width and
/// decimal places of the rate and of the median (ms).
pub(super) struct Columns {
    pub label: usize,
    pub rate: (usize, usize),
    pub median: (usize, usize),
}

/// The columns of this table.
const COLUMNS: Columns = Columns { label: 40, rate: (12, 0), median: (12, 3) };

/// Runs `work` on indices 0, 1, ... until `budget` is spent (at least one
/// item) or `max` items are done, and prints the line in `columns`;
/// [`Stopped`] once the run must stop.
pub(super) fn time_items(
    label: &str,
    columns: &Columns,
    budget: Duration,
    max: u64,
    mut work: impl FnMut(u64) -> Result<(), String>,
) -> Result<()> {
    let lw = columns.label;
    let start = Instant::now();
    let mut each = Vec::new();
    for i in 0..max {
        let t = Instant::now();
        let done = work(i);
        if stop::requested() {
            return Err(Stopped::now());
        }
        if let Err(e) = done {
            sink::line(&format!("{label:<lw$} fails: {e}"))?;
            return Ok(sink::flush()?);
        }
        each.push(t.elapsed());
        if start.elapsed() >= budget {
            break;
        }
    }
    let total = start.elapsed().as_secs_f64();
    each.sort_unstable();
    let median = each[each.len() / 2].as_secs_f64() * 1e3;
    let rate = each.len() as f64 / total;
    let ((rw, rp), (mw, mp)) = (columns.rate, columns.median);
    let n = each.len();
    sink::line(&format!("{label:<lw$} {n:>8} {rate:>rw$.rp$} {median:>mw$.mp$}"))?;
    Ok(sink::flush()?)
}

/// [`time_items`] in this table's columns.
fn time(
    label: &str,
    budget: Duration,
    max: u64,
    work: impl FnMut(u64) -> Result<(), String>,
) -> Result<()> {
    time_items(label, &COLUMNS, budget, max, work)
}
