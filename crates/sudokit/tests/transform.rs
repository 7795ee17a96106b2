//! Transformations and canonical forms on the public corpus.
//!
//! The canonical form must be the same for every equivalent of a grid
//! (random group elements), must itself be an equivalent (same clue count,
//! same solution count, its own canonical form), and must tell different
//! classes apart: the 17-clue catalogue (Royle's list of 49,158 essentially
//! different minimal puzzles) has no two puzzles with the same form.
//!
//! The default run takes small samples; the `--ignored` tests (run by
//! `.ci/run` in release mode) take the full sizes: 1,000 transforms of 100
//! puzzles and 100 grids, and the whole 17-clue catalogue.

use std::collections::HashSet;

use sudokit::solve::{Count, Solver};
use sudokit::transform::{Canonicalizer, Op, Transform, automorphism_count, canonical_form};
use sudokit::{Grid, Shape};

use crate::util::load;

/// Checks that `grid`'s form is unchanged by `transforms` random elements
/// of the group, and that the form is a fixed point with the same clues.
fn assert_invariant(grid: &Grid, transforms: u64, seed: u64) {
    let mut canon = Canonicalizer::new();
    let form = canon.canonicalize(grid).unwrap();
    assert_eq!(form.form.clue_count(), grid.clue_count());
    let again = canon.canonicalize(&form.form).unwrap();
    assert_eq!(again, form, "the form of a form is itself: {grid:?}");
    for k in 0..transforms {
        let t = Transform::random(grid.shape(), seed.wrapping_mul(1_000_003) ^ k);
        let other = canon.canonicalize(&t.apply(grid)).unwrap();
        assert_eq!(other, form, "transform {k} of {grid:?}: {t:?}");
    }
}

fn sample(name: &str, count: usize) -> Vec<Grid> {
    let all = load(name);
    let step = (all.len() / count).max(1);
    all.into_iter().step_by(step).take(count).collect()
}

fn full_grids(puzzles: &[Grid]) -> Vec<Grid> {
    puzzles.iter().map(|p| p.some_solution().expect("corpus puzzles are solvable")).collect()
}

#[test]
fn canonical_form_is_invariant_for_a_sample_of_puzzles_and_grids() {
    let puzzles = sample("top1465.txt", 20);
    for (i, p) in puzzles.iter().enumerate() {
        assert_invariant(p, 50, i as u64);
    }
    for (i, g) in full_grids(&puzzles[..4]).iter().enumerate() {
        assert_invariant(g, 10, 100 + i as u64);
    }
    for (i, p) in sample("17-clue.txt", 10).iter().enumerate() {
        assert_invariant(p, 50, 200 + i as u64);
    }
}

#[test]
#[ignore = "1,000 transforms of 100 puzzles and 100 grids; run with --release -- --ignored"]
fn canonical_form_is_invariant_for_100_puzzles_and_100_grids_times_1000() {
    let puzzles = sample("top1465.txt", 100);
    for (i, p) in puzzles.iter().enumerate() {
        assert_invariant(p, 1000, i as u64);
    }
    for (i, g) in full_grids(&puzzles).iter().enumerate() {
        assert_invariant(g, 1000, 1000 + i as u64);
    }
}

#[test]
fn canonical_form_is_invariant_for_other_shapes() {
    for (r, c) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 4), (4, 3)] {
        let shape = Shape::new(r, c).unwrap();
        let grid = Grid::empty(shape).some_solution().unwrap();
        let puzzle: Vec<u8> = grid
            .values()
            .iter()
            .enumerate()
            .map(|(i, &v)| if (i * 5 + 3) % 4 == 0 { v } else { 0 })
            .collect();
        let puzzle = Grid::from_values(shape, puzzle).unwrap();
        let transforms = if shape.size() >= 12 { 3 } else { 20 };
        assert_invariant(&puzzle, transforms, 7);
        if shape.size() < 12 {
            assert_invariant(&grid, transforms, 8);
        }
    }
}

#[test]
fn different_17_clue_puzzles_have_different_forms_in_a_sample() {
    let puzzles: Vec<Grid> = load("17-clue.txt").into_iter().take(3000).collect();
    let forms: HashSet<Grid> = puzzles.iter().map(|p| canonical_form(p).unwrap()).collect();
    assert_eq!(forms.len(), puzzles.len());
}

#[test]
#[ignore = "the whole 17-clue catalogue; run with --release -- --ignored"]
fn the_17_clue_catalogue_has_49158_different_forms() {
    let puzzles = load("17-clue.txt");
    assert_eq!(puzzles.len(), 49_158);
    let mut canon = Canonicalizer::new();
    let forms: HashSet<Grid> =
        puzzles.iter().map(|p| canon.canonicalize(p).unwrap().form).collect();
    assert_eq!(forms.len(), puzzles.len());
}

#[test]
fn solution_counts_are_invariant_under_every_transform() {
    let shape = Shape::CLASSIC;
    let mut named: Vec<Transform> = [
        "rot90",
        "rot180",
        "rot270",
        "mirror-h",
        "mirror-v",
        "transpose",
        "swap-bands:1,3",
        "swap-stacks:2,3",
        "swap-rows:4,6",
        "swap-cols:7,8",
        "relabel:987654321",
    ]
    .iter()
    .map(|s| Transform::from_ops(shape, &Op::parse_list(s).unwrap()).unwrap())
    .collect();
    named.extend((0..20).map(|s| Transform::random(shape, s)));
    let mut solver = Solver::new();
    let unique = sample("top1465.txt", 10);
    let several = sample("serg-multi.txt", 10);
    for p in unique.iter().chain(&several) {
        let want = solver.count(p, 50);
        for t in &named {
            assert_eq!(solver.count(&t.apply(p), 50), want, "{t:?} on {p:?}");
        }
        assert_eq!(solver.count(&canonical_form(p).unwrap(), 50), want);
    }
    assert!(unique.iter().all(|p| solver.count(p, 2) == Count::Found(1)));
}

#[test]
fn automorphisms_of_a_symmetric_grid_are_counted() {
    // The grid with the most automorphisms, 648 (Russell and Jarvis,
    // "Mathematics of Sudoku II", 2006).
    let text = "123456789456789123789123456231564897564897231897231564312645978645978312978312645";
    let values: Vec<u8> = text.bytes().map(|b| b - b'0').collect();
    let grid = Grid::from_values(Shape::CLASSIC, values).unwrap();
    assert!(grid.is_solved());
    assert_eq!(automorphism_count(&grid).unwrap(), 648);
    // A random grid almost surely has only the identity.
    let p = &sample("top1465.txt", 1)[0];
    assert_eq!(automorphism_count(&p.some_solution().unwrap()).unwrap(), 1);
}
