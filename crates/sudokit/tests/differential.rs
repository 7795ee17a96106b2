//! The fast 9x9 path against the general path: same counts, same unique
//! solutions, on the corpus and on random puzzles (valid, invalid and
//! near-empty). Every solution is also checked by the rules.
//!
//! The default run takes samples; the `--ignored` tests take every corpus
//! puzzle and 100,000 random ones.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use sudokit::solve::{Count, Solver};
use sudokit::{Grid, Shape};

use crate::util::{assert_solves, load};

/// Both paths agree on `puzzle`: the count up to `limit`, and for a unique
/// puzzle the solution; every solution either finds obeys the rules.
fn assert_agree(fast: &mut Solver, general: &mut Solver, puzzle: &Grid, limit: usize) {
    let a = fast.count(puzzle, limit);
    let b = general.count(puzzle, limit);
    assert_eq!(a, b, "counts differ for {:?}", puzzle.values());
    let sa = fast.solutions(puzzle, 2);
    let sb = general.solutions(puzzle, 2);
    assert_eq!(sa.len(), sb.len());
    for s in sa.iter().chain(&sb) {
        assert_solves(puzzle, s);
    }
    if a == Count::Found(1) {
        assert_eq!(sa, sb, "different unique solutions");
    }
    if sa.len() == 2 {
        assert_ne!(sa[0], sa[1]);
    }
}

fn solvers() -> (Solver, Solver) {
    (Solver::new(), Solver::new().general_only())
}

fn corpus(files: &[&str], step: usize) {
    let (mut fast, mut general) = solvers();
    for name in files {
        for p in load(name).iter().step_by(step) {
            assert_agree(&mut fast, &mut general, p, 3);
        }
    }
}

const FILES: &[&str] = &[
    "17-clue.txt",
    "top1465.txt",
    "hardest-11plus.txt",
    "hardest-1106.txt",
    "serg-multi.txt",
    "se-rated-qqwing.txt",
    "se-rated-random.txt",
];

/// A random puzzle of one of three kinds: givens taken from a solution grid
/// (valid: unique or several solutions), random digits in random cells
/// (often clashing or unsolvable), or a near-empty board.
fn random_puzzle(rng: &mut StdRng, solutions: &[Grid]) -> Grid {
    let mut values = vec![0u8; 81];
    match rng.random_range(0..3) {
        0 => {
            let s = &solutions[rng.random_range(0..solutions.len())];
            let keep = rng.random_range(17..=40);
            for _ in 0..keep {
                let i = rng.random_range(0..81);
                values[i] = s.values()[i];
            }
        }
        1 => {
            for _ in 0..rng.random_range(5..=30) {
                values[rng.random_range(0..81)] = rng.random_range(1..=9);
            }
        }
        _ => {
            for _ in 0..rng.random_range(0..=8) {
                values[rng.random_range(0..81)] = rng.random_range(1..=9);
            }
        }
    }
    Grid::from_values(Shape::CLASSIC, values).unwrap()
}

fn random(count: usize, seed: u64) {
    let solutions: Vec<Grid> =
        load("top1465.txt").iter().take(50).map(|p| p.some_solution().unwrap()).collect();
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut fast, mut general) = solvers();
    let mut kinds = [0usize; 4];
    for _ in 0..count {
        let p = random_puzzle(&mut rng, &solutions);
        assert_agree(&mut fast, &mut general, &p, 3);
        if let Count::Found(n) = fast.count(&p, 3) {
            kinds[n] += 1;
        }
    }
    // The generator must exercise every outcome, or the test proves little.
    assert!(kinds.iter().all(|&k| k > 0), "outcomes 0/1/2/3+: {kinds:?}");
}

#[test]
fn fast_and_general_paths_agree_on_corpus_samples() {
    corpus(FILES, 211);
}

#[test]
fn fast_and_general_paths_agree_on_random_puzzles() {
    random(3_000, 1);
}

#[test]
#[ignore = "whole corpus: run with --release -- --ignored"]
fn fast_and_general_paths_agree_on_the_whole_corpus() {
    corpus(FILES, 1);
}

#[test]
#[ignore = "100,000 random puzzles: run with --release -- --ignored"]
fn fast_and_general_paths_agree_on_100_000_random_puzzles() {
    random(100_000, 2);
}
