//! The public corpus in `data/`: known solution counts, and every
//! solution checked by the rules.
//!
//! The default run takes every puzzle of the small sets and a sample of the
//! two large ones; the `--ignored` tests (run by `.ci/run` in release mode)
//! take every puzzle.

use sudokit::Grid;
use sudokit::solve::{Count, Solution, Solver};

use crate::util::{assert_solves, load};

/// Each puzzle has exactly one solution, and it obeys the rules.
fn assert_unique(name: &str, puzzles: &[Grid]) {
    let mut solver = Solver::new();
    for (i, p) in puzzles.iter().enumerate() {
        assert_eq!(solver.count(p, 2), Count::Found(1), "{name} puzzle {}", i + 1);
        match solver.solve(p) {
            Solution::Unique(s) => assert_solves(p, &s),
            other => panic!("{name} puzzle {}: {other:?}", i + 1),
        }
    }
}

fn every(step: usize, puzzles: Vec<Grid>) -> Vec<Grid> {
    puzzles.into_iter().step_by(step).collect()
}

/// Loads every `(name, size)` set of `data/` (`name.txt`), checks that it
/// holds `size` puzzles and that each has exactly one solution.
fn assert_sets_unique(sets: &[(&str, usize)]) {
    for &(name, size) in sets {
        let puzzles = load(&format!("{name}.txt"));
        assert_eq!(puzzles.len(), size, "{name}");
        assert_unique(name, &puzzles);
    }
}

#[test]
fn top1465_and_hardest_1106_puzzles_each_have_one_solution() {
    assert_sets_unique(&[("top1465", 1465), ("hardest-1106", 375)]);
}

#[test]
fn sampled_17_clue_puzzles_each_have_one_solution() {
    let puzzles = every(97, load("17-clue.txt"));
    assert!(puzzles.iter().all(|p| p.clue_count() == 17));
    assert_unique("17-clue", &puzzles);
}

#[test]
fn sampled_hardest_11plus_puzzles_each_have_one_solution() {
    assert_unique("hardest-11plus", &every(199, load("hardest-11plus.txt")));
}

#[test]
fn se_rated_puzzles_each_have_one_solution() {
    assert_unique("se-rated-qqwing", &load("se-rated-qqwing.txt"));
    assert_unique("se-rated-random", &load("se-rated-random.txt"));
    assert_unique("se-rated-top", &load("se-rated-top.txt"));
}

#[test]
fn serg_multi_puzzles_each_have_several_solutions() {
    let puzzles = load("serg-multi.txt");
    assert_eq!(puzzles.len(), 10_000);
    let mut solver = Solver::new();
    for (i, p) in puzzles.iter().enumerate() {
        let found = solver.solutions(p, 2);
        assert_eq!(found.len(), 2, "serg-multi puzzle {}", i + 1);
        assert_ne!(found[0], found[1]);
        for s in &found {
            assert_solves(p, s);
        }
    }
}

#[test]
#[ignore = "whole datasets: run with --release -- --ignored"]
fn every_17_clue_and_hardest_11plus_puzzle_has_one_solution() {
    assert_sets_unique(&[("17-clue", 49_158), ("hardest-11plus", 48_766)]);
}
