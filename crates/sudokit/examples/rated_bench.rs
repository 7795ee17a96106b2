//! Engine-only throughput of generation by rated level, for profiling
//! without building the CLI: `cargo run --release -p sudokit --example
//! rated_bench -- [LEVEL|all] [COUNT] [--minimal]`. Makes COUNT puzzles
//! (default 200) of each level with seed 1, as `sudokit bench --generate`
//! does, and prints puzzles/s, mean clues and the ER histogram.

use std::time::Instant;

use sudokit::Shape;
use sudokit::generate::{Generator, Options};
use sudokit::logic::Level;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map_or("all", String::as_str);
    let count: u64 = args.get(2).map_or(200, |s| s.parse().expect("COUNT"));
    let minimal = args.iter().any(|a| a == "--minimal");
    for level in Level::ALL {
        if which != "all" && which != level.name() {
            continue;
        }
        let options = Options::new(Shape::CLASSIC).rating(Some(level.into())).minimal(minimal);
        let generator = Generator::new(options, 1).expect("options");
        let start = Instant::now();
        let (mut clues, mut ers) = (0, std::collections::BTreeMap::new());
        for i in 0..count {
            let g = generator.puzzle(i).expect("puzzle");
            clues += g.clues();
            *ers.entry(g.rating.expect("rated").er.to_string()).or_insert(0) += 1;
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{level:<7} {count} puzzles {:>8.0}/s  mean clues {:.1}  ER {ers:?}",
            count as f64 / secs,
            clues as f64 / count as f64
        );
    }
}
