//! `sudokit bench --needs`: technique targets' throughput, one thread.
//!
//! One line per target: on 9x9 every technique of the rating path up to
//! dynamic forcing chains (8.5), asked for with `needs` and with
//! `hardest`; on 16x16 the techniques up to the wings (4.4) with `needs`.
//! Each line makes consecutive items of a fixed seed until `--seconds`
//! are spent (at least one item) and prints puzzles per second and the
//! median time per puzzle; a target that fails prints the error instead.

use std::time::Duration;

use anyhow::Result;
use sudokit::Shape;
use sudokit::generate::{Generator, Options};
use sudokit::logic::Technique;

use super::bench_generate::{Columns, time_items};
use crate::args::BenchArgs;
use crate::batch::Status;
use crate::sink;
use crate::stop::{self, Output};

/// The most time one puzzle may take: a target slower than this fails its
/// line with the generator's message rather than holding the run.
const ITEM_LIMIT: Duration = Duration::from_secs(60);

/// The most puzzles one line makes.
const MAX_ITEMS: u64 = 100_000;

/// The columns of this table (technique names are long).
const COLUMNS: Columns = Columns { label: 58, rate: (10, 2), median: (11, 1) };

pub fn run(args: &BenchArgs) -> Result<Status> {
    if cfg!(debug_assertions) {
        eprintln!("sudokit: warning: this is a debug build; build with --release for real figures");
    }
    stop::install(Output::Stdout);
    let budget = Duration::from_secs_f64(args.seconds);
    let header = format!(
        "{:<58} {:>8} {:>10} {:>11}",
        "technique target (one thread)", "puzzles", "puzzles/s", "median ms"
    );
    sink::line(&header)?;
    let on_path = |t: &Technique| {
        sudokit::generate::technique_occurs(*t, &sudokit::Rules::classic(Shape::CLASSIC)).is_ok()
    };
    let nine: Vec<Technique> = Technique::ALL
        .into_iter()
        .filter(on_path)
        .filter(|t| t.base() <= Technique::DynamicForcingChain.base())
        .collect();
    let sixteen = Shape::new(4, 4).expect("4x4 boxes");
    let mut lines: Vec<(String, Options)> = Vec::new();
    for &t in &nine {
        let options = Options::new(Shape::CLASSIC).needs(&[t]);
        lines.push((format!("9x9 needs {}", t.slug()), options));
    }
    for &t in &nine {
        let options = Options::new(Shape::CLASSIC).hardest(t);
        lines.push((format!("9x9 hardest {}", t.slug()), options));
    }
    for t in nine.iter().filter(|t| t.base() <= Technique::XYZWing.base()) {
        let options = Options::new(sixteen).needs(&[*t]);
        lines.push((format!("16x16 needs {}", t.slug()), options));
    }
    for (label, options) in lines {
        let options = options.time_limit(Some(ITEM_LIMIT)).deadline(stop::deadline());
        let generator = Generator::new(options, args.seed)?;
        time_items(&label, &COLUMNS, budget, MAX_ITEMS, |i| {
            generator.puzzle(i).map(drop).map_err(|e| e.to_string())
        })?;
    }
    Ok(Status::Ok)
}
