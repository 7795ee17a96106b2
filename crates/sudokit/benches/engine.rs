//! Criterion benches of the engine's four hot paths, over the repository's
//! puzzle sets in `data/`: the exact solver (9x9 sets, 16x16), the generator
//! (9x9 and 16x16 minimal puzzles), the rater (a sample of the QQWing set)
//! and the canonical form.
//!
//! `cargo bench -p sudokit` runs them all (about a minute); a filter runs
//! some: `cargo bench -p sudokit -- solve/`. Each bench reports puzzles per
//! second (`thrpt`). Samples are few and short so a run stays quick; pass
//! criterion's flags for steadier figures, e.g. `-- --measurement-time 20`.
//! Like `sudokit bench`, the solver benches replace each puzzle by a random
//! equivalent (fixed seeds) so no set's layout favours the solver; the
//! figures compare with each other and with earlier runs on the same
//! machine, not with `sudokit bench`'s (which counts whole files on one
//! thread, with its own clock).

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{BatchSize, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use sudokit::format::{ReadOptions, Reader};
use sudokit::generate::{Generator, Options};
use sudokit::logic::{LogicSolver, State};
use sudokit::solve::Solver;
use sudokit::transform::{Transform, canonical_form};
use sudokit::{Grid, Shape};

/// `limit` puzzles of `data/NAME`: the first, then every `step`-th.
fn load(name: &str, limit: usize, step: usize) -> Vec<Grid> {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data")).join(name);
    let file = File::open(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let grids: Vec<Grid> = Reader::new(BufReader::new(file), ReadOptions::new())
        .step_by(step)
        .take(limit)
        .map(|r| r.unwrap_or_else(|e| panic!("{name}: {e}")).grid)
        .collect();
    assert!(!grids.is_empty(), "{name} holds no puzzle");
    grids
}

/// `grids`, each replaced by a random equivalent (seeded by its position).
fn permuted(grids: Vec<Grid>) -> Vec<Grid> {
    let seed = |i: usize| 1u64.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i as u64;
    grids.iter().enumerate().map(|(i, g)| Transform::random(g.shape(), seed(i)).apply(g)).collect()
}

/// `count` minimal puzzles of `shape` from the generator (seed 1).
fn generated(shape: Shape, count: u64) -> Vec<Grid> {
    let generator = Generator::new(Options::new(shape), 1).expect("a valid shape");
    (0..count).map(|i| generator.puzzle(i).expect("a puzzle").puzzle).collect()
}

/// Counts solutions up to 2 (what proves a puzzle unique), one bench per set.
fn solve(c: &mut Criterion) {
    let sets = [
        ("top1465", permuted(load("top1465.txt", 500, 1))),
        ("hardest-1106", permuted(load("hardest-1106.txt", 500, 1))),
        ("17-clue", permuted(load("17-clue.txt", 500, 1))),
        ("16x16-generated", generated(Shape::new(4, 4).expect("4x4 boxes"), 10)),
    ];
    let mut group = c.benchmark_group("solve");
    for (name, puzzles) in &sets {
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        let mut solver = Solver::new();
        group.bench_function(*name, |b| {
            b.iter(|| puzzles.iter().map(|p| solver.count(p, 2).solutions()).sum::<usize>())
        });
    }
    group.finish();
}

/// Minimal unique puzzles, each from a fresh index so no work repeats.
fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.sampling_mode(SamplingMode::Flat).throughput(Throughput::Elements(1));
    for (name, shape) in [("9x9", Shape::CLASSIC), ("16x16", Shape::new(4, 4).expect("4x4 boxes"))]
    {
        let generator = Generator::new(Options::new(shape), 1).expect("a valid shape");
        let mut index = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                index += 1;
                generator.puzzle(index).expect("a puzzle").clues()
            })
        });
    }
    group.finish();
}

/// The Sudoku Explainer rating of 40 puzzles spread over the QQWing set
/// (every level it holds, simple to expert).
fn rate(c: &mut Criterion) {
    let puzzles = load("se-rated-qqwing.txt", 40, 12);
    let mut group = c.benchmark_group("rate");
    group.sampling_mode(SamplingMode::Flat).throughput(Throughput::Elements(puzzles.len() as u64));
    group.bench_function("se-rated-qqwing", |b| {
        b.iter_batched(
            || puzzles.iter().map(State::from_grid).collect::<Vec<_>>(),
            |states| {
                let mut solver = LogicSolver::new();
                states
                    .into_iter()
                    .map(|s| solver.solve_state(s).expect("a rated puzzle").rating().er)
                    .max()
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

/// The canonical form (minlex) of 17-clue puzzles.
fn canon(c: &mut Criterion) {
    let puzzles = load("17-clue.txt", 200, 1);
    let mut group = c.benchmark_group("canon");
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    group.bench_function("17-clue", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .map(|p| canonical_form(p).expect("a 9x9 puzzle").clue_count())
                .sum::<usize>()
        })
    });
    group.finish();
}

/// Few, short samples: the whole run takes about a minute on two cores.
fn quick() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args()
}

criterion_group! {
    name = benches;
    config = quick();
    targets = solve, generate, rate, canon
}
criterion_main!(benches);
