//! How a full grid is made, step by step: [`construct`] records each
//! construction [`Method`] on a real board, for showing it (the web page's
//! "How it's made").
//!
//! The steps are those of the methods themselves, on the boards they fill:
//! - `shift`: each row written at once as the first row shifted (by the box
//!   width within a band, by one from band to band), then one random
//!   equivalence transform (relabel digits, permute rows within bands,
//!   bands, columns within stacks, stacks, transpose) that keeps it valid;
//! - `rows` (row-by-row pick and eliminate), `digits` (digit by digit, box
//!   by box) and `backtrack` (randomized depth-first search, the most
//!   constrained cell first): every digit placed and every cell emptied;
//!   an attempt that gives up restarts from an empty board;
//! - `solver`: the exact solver's search on the empty board (decisions and
//!   digits forced by singles), then one random equivalence transform.
//!
//! On 9x9 the default `backtrack` of [`Generator`](super::Generator) runs
//! the fast solver's search with random choices after the diagonal boxes;
//! the record shows the board-level search of the same method that every
//! other size up to 16x16 uses. Records are kept for boards up to 16x16.
//!
//! Invariant: replaying the steps on an empty board (placing, emptying,
//! writing rows, clearing on a restart, replacing the grid on a transform)
//! ends on [`Construction::grid`], a full grid that obeys the rules.

use std::sync::{Arc, Mutex};

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::Method;
use super::board::Board;
use super::fill::{FillError, shift_of, shift_row};
use crate::grid::Grid;
use crate::shape::Shape;
use crate::solve::Solver;
use crate::transform::Transform;

/// The largest board side a construction is recorded for.
pub const MAX_CONSTRUCT_SIZE: usize = 16;

/// One step of a construction.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BuildStep {
    /// `digit` written in the cell at `index` (reading order, from 0);
    /// `guess` when it was a decision of a search rather than forced.
    Place {
        /// The cell index.
        index: usize,
        /// The digit, from 1.
        digit: u8,
        /// Whether the digit was a decision.
        guess: bool,
    },
    /// The cell at `index` emptied again (a search going back).
    Clear {
        /// The cell index.
        index: usize,
    },
    /// A whole row written at once (`shift`): row `row` (from 0) is the
    /// first row shifted left by `shift` places.
    Row {
        /// The row, from 0.
        row: usize,
        /// How far the first row is shifted.
        shift: usize,
        /// The row's digits.
        digits: Vec<u8>,
    },
    /// The attempt gave up: the board is emptied and the method starts over.
    Restart,
    /// The full grid replaced by a random equivalent (relabelled and
    /// permuted), which is just as valid.
    Transform {
        /// The grid after the transform, in reading order.
        values: Vec<u8>,
    },
}

/// A full grid and the steps that made it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Construction {
    /// The method.
    pub method: Method,
    /// The steps, in order (at most the cap asked for).
    pub steps: Vec<BuildStep>,
    /// Whether steps beyond the cap were left out (the grid is still the
    /// method's result).
    pub cut: bool,
    /// The full grid made.
    pub grid: Grid,
}

/// Why a construction could not be recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConstructError {
    /// Records are kept for boards up to [`MAX_CONSTRUCT_SIZE`].
    TooLarge {
        /// The board's side.
        size: usize,
    },
    /// The method gave up on every attempt.
    Fill(FillError),
}

impl std::fmt::Display for ConstructError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConstructError::TooLarge { size } => write!(
                f,
                "constructions are recorded for boards up to {MAX_CONSTRUCT_SIZE}x{MAX_CONSTRUCT_SIZE}, \
                 not {size}x{size}"
            ),
            ConstructError::Fill(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ConstructError {}

/// Makes a full grid of `shape` with `method` from `seed`, recording up to
/// `cap` steps.
///
/// # Example
/// ```
/// use sudokit::Shape;
/// use sudokit::generate::{BuildStep, Method, construct};
///
/// let made = construct(Shape::CLASSIC, Method::Shift, 7, 100).unwrap();
/// assert!(made.grid.is_solved());
/// assert!(matches!(made.steps[0], BuildStep::Row { row: 0, shift: 0, .. }));
/// assert!(matches!(made.steps.last(), Some(BuildStep::Transform { .. })));
/// ```
pub fn construct(
    shape: Shape,
    method: Method,
    seed: u64,
    cap: usize,
) -> Result<Construction, ConstructError> {
    if shape.size() > MAX_CONSTRUCT_SIZE {
        return Err(ConstructError::TooLarge { size: shape.size() });
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut steps = Vec::new();
    let values = match method {
        Method::Shift => shifted(shape, &mut rng, &mut steps),
        Method::Solver => solved(shape, &mut rng, &mut steps),
        Method::Backtrack | Method::Rows | Method::Digits => {
            searched(shape, method, &mut rng, &mut steps, cap)
        }
    }
    .ok_or(ConstructError::Fill(FillError::GaveUp { method, shape }))?;
    let cut = steps.len() > cap;
    steps.truncate(cap);
    let grid = Grid::from_values(shape, values).expect("a full grid of the shape");
    Ok(Construction { method, steps, cut, grid })
}

/// `shift`: the pattern row by row, then a random transform.
fn shifted(shape: Shape, rng: &mut impl Rng, steps: &mut Vec<BuildStep>) -> Option<Vec<u8>> {
    let n = shape.size();
    let mut values = Vec::with_capacity(n * n);
    for row in 0..n {
        let digits = shift_row(shape, row);
        values.extend_from_slice(&digits);
        steps.push(BuildStep::Row { row, shift: shift_of(shape, row), digits });
    }
    Some(transformed(shape, values, rng, steps))
}

/// `solver`: the exact search on the empty board, then a random transform.
fn solved(shape: Shape, rng: &mut impl Rng, steps: &mut Vec<BuildStep>) -> Option<Vec<u8>> {
    let trace = Solver::new().trace(&Grid::empty(shape), usize::MAX);
    for m in &trace.moves {
        steps.push(match m.digit {
            Some(d) => BuildStep::Place { index: m.cell.index(), digit: d.get(), guess: m.guess },
            None => BuildStep::Clear { index: m.cell.index() },
        });
    }
    let values = trace.solution?.values().to_vec();
    Some(transformed(shape, values, rng, steps))
}

/// `backtrack`, `rows`, `digits`: the board-level method on a recorded
/// board, attempt after attempt.
fn searched(
    shape: Shape,
    method: Method,
    rng: &mut impl Rng,
    steps: &mut Vec<BuildStep>,
    cap: usize,
) -> Option<Vec<u8>> {
    for attempt in 0..super::fill::RESTARTS {
        if attempt > 0 {
            steps.push(BuildStep::Restart);
        }
        let log = Arc::new(Mutex::new(Vec::new()));
        let board = Board::recorded(shape, log.clone());
        let values = match method {
            Method::Rows => board.rows(rng),
            Method::Digits => board.digits(rng),
            _ => board.backtrack(rng),
        };
        let log = log.lock().unwrap_or_else(|e| e.into_inner());
        steps.extend(log.iter().map(|&(cell, digit)| match digit {
            0 => BuildStep::Clear { index: cell.into() },
            d => BuildStep::Place { index: cell.into(), digit: d, guess: false },
        }));
        // One step past the cap tells the caller the record was cut.
        steps.truncate(cap.saturating_add(1));
        if values.is_some() {
            return values;
        }
    }
    None
}

/// `values` under a random equivalence transform, recorded as one step.
fn transformed(
    shape: Shape,
    values: Vec<u8>,
    rng: &mut impl Rng,
    steps: &mut Vec<BuildStep>,
) -> Vec<u8> {
    let grid = Grid::from_values(shape, values).expect("a full grid of the shape");
    let values = Transform::random(shape, rng.random()).apply(&grid).values().to_vec();
    steps.push(BuildStep::Transform { values: values.clone() });
    values
}
