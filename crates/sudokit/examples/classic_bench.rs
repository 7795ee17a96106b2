//! Quick engine-only throughput check for the 9x9 fast path, for profiling
//! without building the CLI: `cargo run --release -p sudokit --example
//! classic_bench -- FILE [RUNS] [LIMIT]`. Puzzles are permuted exactly as
//! `sudokit bench` does with its default seed, so the figures compare.

use std::time::Instant;

use sudokit::format::{ReadOptions, Reader};
use sudokit::solve::Solver;
use sudokit::transform::Transform;

/// One solve, kept out of line so that profilers can measure the solver
/// alone (`valgrind --tool=callgrind --toggle-collect=classic_bench::count`).
#[inline(never)]
fn count(solver: &mut Solver, grid: &sudokit::Grid) -> sudokit::solve::Count {
    solver.count(grid, 2)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = args.get(1).expect("usage: classic_bench FILE [RUNS] [LIMIT]");
    let runs: usize = args.get(2).map_or(3, |s| s.parse().expect("RUNS"));
    let limit: usize = args.get(3).map_or(usize::MAX, |s| s.parse().expect("LIMIT"));
    let file = std::io::BufReader::new(std::fs::File::open(path).expect("open"));
    let mut puzzles = Vec::new();
    for item in Reader::new(file, ReadOptions::new()).take(limit) {
        let grid = item.expect("parse").grid;
        let seed = 1u64.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ puzzles.len() as u64;
        puzzles.push(Transform::random(grid.shape(), seed).apply(&grid));
    }
    let mut solver = Solver::new();
    let mut rates = Vec::new();
    let (mut nodes, mut most) = (0, 0);
    for _ in 0..runs {
        nodes = 0;
        let start = Instant::now();
        for p in &puzzles {
            std::hint::black_box(count(&mut solver, p));
            nodes += solver.last_nodes();
            most = most.max(solver.last_nodes());
        }
        rates.push(puzzles.len() as f64 / start.elapsed().as_secs_f64());
    }
    rates.sort_by(f64::total_cmp);
    println!(
        "{path}: {} puzzles, {nodes} nodes (most {most}), median {:.0}/s",
        puzzles.len(),
        rates[runs / 2]
    );
}
