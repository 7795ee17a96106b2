//! [`ConstructionAnswer`]: how a full grid was made, step by step
//! ([`construct`](crate::generate::construct)), and how a puzzle was then
//! carved from it ([`removal`](crate::generate::removal)), for showing it.

use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;

use super::{Board, CellRef};
use crate::Shape;
use crate::format::to_line;
use crate::generate::{BuildStep, Construction, Removal};
use crate::shape::Cell;

/// A full grid and the steps of the method that made it.
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct ConstructionAnswer {
    /// The board.
    #[serde(flatten)]
    pub board: Board,
    /// The method: `backtrack`, `shift`, `rows`, `digits` or `solver`.
    pub method: String,
    /// The seed the construction was drawn from.
    pub seed: u64,
    /// The steps, in order.
    pub steps: Vec<BuildStepRecord>,
    /// Whether steps beyond the cap were left out.
    pub cut: bool,
    /// The full grid made (line format).
    pub grid: String,
    /// The clue removal that carved a puzzle from the grid, when asked for.
    pub removal: Option<RemovalRecord>,
}

/// A puzzle carved from the grid: every orbit of the symmetry tried once,
/// in order; the clues of a step stay out when the solution stays unique.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct RemovalRecord {
    /// The symmetry of the clues (`none`, `rot180`, ...).
    pub symmetry: String,
    /// The orbits tried, in order.
    pub steps: Vec<RemovalStepRecord>,
    /// The puzzle carved (line format).
    pub puzzle: String,
}

/// One orbit tried: its cells emptied together, and whether the puzzle kept
/// one solution (`unique`: the cells stay empty) or not (the clues go back).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct RemovalStepRecord {
    /// The cells, in reading order.
    pub cells: Vec<CellRef>,
    /// Whether the solution stayed unique.
    pub unique: bool,
}

/// One step: `place` (a digit in a cell; `guess` for a search's decision),
/// `clear` (a cell emptied again), `row` (a whole row written, `shift`),
/// `restart` (the board emptied, the method starts over) or `transform`
/// (the grid replaced by a random equivalent, in `grid`).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct BuildStepRecord {
    /// `place`, `clear`, `row`, `restart` or `transform`.
    pub kind: String,
    /// The cell of `place` and `clear`.
    pub cell: Option<CellRef>,
    /// The digit of `place`.
    pub digit: Option<u8>,
    /// Whether a `place` was a decision (a guess).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub guess: bool,
    /// The row of `row`, from 1.
    pub row: Option<usize>,
    /// How far `row` shifts the first row.
    pub shift: Option<usize>,
    /// The digits of `row` (line format), or the whole grid after `transform`.
    pub digits: Option<String>,
}

impl ConstructionAnswer {
    /// The record of `made`, drawn from `seed`.
    pub fn new(made: &Construction, seed: u64) -> ConstructionAnswer {
        let shape = made.grid.shape();
        ConstructionAnswer {
            board: Board::new(shape),
            method: made.method.name().to_string(),
            seed,
            steps: made.steps.iter().map(|s| BuildStepRecord::new(shape, s)).collect(),
            cut: made.cut,
            grid: to_line(&made.grid),
            removal: None,
        }
    }

    /// The record with the clue removal `carved` from its grid.
    pub fn with_removal(mut self, carved: &Removal) -> ConstructionAnswer {
        let shape = carved.puzzle.shape();
        self.removal = Some(RemovalRecord {
            symmetry: carved.symmetry.name().to_string(),
            steps: carved
                .steps
                .iter()
                .map(|s| RemovalStepRecord {
                    cells: s
                        .cells
                        .iter()
                        .map(|&i| CellRef::new(shape, Cell::from_index(i)))
                        .collect(),
                    unique: s.unique,
                })
                .collect(),
            puzzle: to_line(&carved.puzzle),
        });
        self
    }
}

impl BuildStepRecord {
    fn new(shape: Shape, step: &BuildStep) -> BuildStepRecord {
        let mut r = BuildStepRecord {
            kind: String::new(),
            cell: None,
            digit: None,
            guess: false,
            row: None,
            shift: None,
            digits: None,
        };
        let symbols = |values: &[u8]| values.iter().map(|&v| symbol(v)).collect::<String>();
        match step {
            BuildStep::Place { index, digit, guess } => {
                r.kind = "place".into();
                r.cell = Some(CellRef::new(shape, Cell::from_index(*index)));
                r.digit = Some(*digit);
                r.guess = *guess;
            }
            BuildStep::Clear { index } => {
                r.kind = "clear".into();
                r.cell = Some(CellRef::new(shape, Cell::from_index(*index)));
            }
            BuildStep::Row { row, shift, digits } => {
                r.kind = "row".into();
                r.row = Some(row + 1);
                r.shift = Some(*shift);
                r.digits = Some(symbols(digits));
            }
            BuildStep::Restart => r.kind = "restart".into(),
            BuildStep::Transform { values } => {
                r.kind = "transform".into();
                r.digits = Some(symbols(values));
            }
        }
        r
    }
}

/// The line-format symbol of a digit (up to 35, which covers every board a
/// construction is recorded for).
fn symbol(v: u8) -> char {
    char::from_digit(u32::from(v), 36).map_or('?', |c| c.to_ascii_uppercase())
}
