//! How a puzzle is carved from a full grid, step by step: [`removal`]
//! records the textbook clue removal for showing it (the web page's "How
//! it's made").
//!
//! The method: take the cells in orbits of the chosen [`Symmetry`] (one
//! cell each with none, symmetric pairs with `rot180`, ...), in a random
//! order drawn from the seed; empty an orbit and count the solutions up to
//! two; with one solution the clues stay out, with two they go back. Every
//! orbit is tried once, so the result is minimal for its symmetry: no
//! orbit of its clues can be removed without a second solution.
//!
//! The fast generators ([`Generator`](super::Generator)) reach the same kind
//! of puzzle with more machinery (unavoidable sets, bulk removals); this
//! record is the plain method they refine, on the grid the page has just
//! shown being built.
//!
//! Invariant: replaying the steps on the grid (emptying the cells of every
//! step whose `unique` is true) ends on [`Removal::puzzle`], which has
//! exactly one solution: the grid.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::Symmetry;
use crate::grid::Grid;
use crate::shape::Cell;
use crate::solve::Solver;

/// One orbit tried.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct RemovalStep {
    /// The cells emptied together (reading-order indices, increasing).
    pub cells: Vec<usize>,
    /// Whether the puzzle kept one solution, so the cells stay empty;
    /// `false` means a second solution appeared and the clues went back.
    pub unique: bool,
}

/// A puzzle carved from a full grid, and the orbits tried on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Removal {
    /// The symmetry of the clues.
    pub symmetry: Symmetry,
    /// Every orbit of the board once, in the order tried.
    pub steps: Vec<RemovalStep>,
    /// The puzzle: the grid with the cells of every unique step emptied.
    pub puzzle: Grid,
}

/// Carves `grid` (a full grid, whose rules the count uses) orbit by orbit
/// of `symmetry`, in an order drawn from `seed`.
///
/// # Example
/// ```
/// use sudokit::Shape;
/// use sudokit::generate::{Method, Symmetry, construct, removal};
///
/// let grid = construct(Shape::CLASSIC, Method::Shift, 3, 0).unwrap().grid;
/// let carved = removal(&grid, Symmetry::Rot180, 3);
/// assert_eq!(carved.steps.len(), 41);
/// assert!(carved.puzzle.is_uniquely_solvable());
/// ```
pub fn removal(grid: &Grid, symmetry: Symmetry, seed: u64) -> Removal {
    let shape = grid.shape();
    let mut orbits = symmetry.orbits(shape);
    orbits.shuffle(&mut Xoshiro256PlusPlus::seed_from_u64(seed));
    let mut solver = Solver::new();
    let mut puzzle = grid.clone();
    let mut steps = Vec::with_capacity(orbits.len());
    for orbit in orbits {
        let cells: Vec<usize> = orbit.iter().map(|&i| usize::from(i)).collect();
        let mut trial = puzzle.clone();
        for &i in &cells {
            trial.set(Cell::from_index(i), None);
        }
        let unique = solver.count(&trial, 2).solutions() == 1;
        if unique {
            puzzle = trial;
        }
        steps.push(RemovalStep { cells, unique });
    }
    Removal { symmetry, steps, puzzle }
}
