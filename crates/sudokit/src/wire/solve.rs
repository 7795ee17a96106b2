//! Exact solving as records: [`SolveAnswer`] (with its [`Status`]),
//! [`CountAnswer`], [`ValidateAnswer`], and the [`Clash`] they report.

use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;

use super::{CellRef, Subject};
use crate::Grid;
use crate::format::{
    JsonBoardError, to_fpuzzles, to_fpuzzles_solved, to_line, to_sudokupad, to_sudokupad_solved,
};
use crate::solve::{Solution, Trace};

/// A broken rule: a digit more than once in a unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct Clash {
    /// The house, e.g. `row 1`, `column 4`, `box 2`, `diagonal 1`, or
    /// `cells that must differ` for two cells of a distinct group that
    /// share no house.
    pub house: String,
    /// The digit.
    pub digit: u8,
    /// The cells holding it, in reading order.
    pub cells: Vec<CellRef>,
}

impl Clash {
    /// The record of `clash`.
    pub fn new(clash: &crate::Clash) -> Clash {
        Clash {
            house: clash.place(),
            digit: clash.digit.get(),
            cells: clash.cells.iter().map(|&c| CellRef::new(clash.shape(), c)).collect(),
        }
    }

    /// The records of `clashes`, in order.
    pub fn all(clashes: &[crate::Clash]) -> Vec<Clash> {
        clashes.iter().map(Clash::new).collect()
    }
}

/// What solving found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum Status {
    /// Exactly one solution.
    Unique,
    /// No solution.
    None,
    /// Two or more solutions.
    Several,
    /// The givens break a rule already.
    Clashing,
    /// The search stopped at its budget before an answer.
    Unknown,
}

/// The unique solution of a puzzle, or why there is none.
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct SolveAnswer {
    /// The puzzle: its input line, board and text.
    #[serde(flatten)]
    pub subject: Subject,
    /// Its number of givens.
    pub clues: usize,
    /// What solving found.
    pub status: Status,
    /// The solution, when it is unique.
    pub solution: Option<String>,
    /// Why there is no unique solution.
    pub error: Option<String>,
    /// The clashing givens, for `clashing`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clashes: Vec<Clash>,
    /// The search's moves, when asked for (see [`SearchTrace`]).
    pub trace: Option<SearchTrace>,
    /// The puzzle as an f-puzzles board (the JSON text that f-puzzles and
    /// SudokuPad open) with its rules and, when unique, its solution; when
    /// asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fpuzzles: Option<String>,
    /// The puzzle as a SudokuPad link with its rules (and its solution
    /// when it has one); when asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sudokupad: Option<String>,
}

/// The moves of the exact search ([`Trace`](crate::solve::Trace)), for
/// replaying it.
///
/// Each move is `[cell, digit, guess]`, compact because a hard search makes
/// thousands: the cell index (`row * size + col`, from 0), the digit placed
/// or 0 when a backtrack empties the cell, and 1 for a decision (0 for a
/// digit forced by singles).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct SearchTrace {
    /// The moves, in order.
    pub moves: Vec<[u32; 3]>,
    /// Whether the search made more moves than were recorded.
    pub cut: bool,
}

impl SearchTrace {
    /// The record of `trace`.
    pub fn new(trace: &Trace) -> SearchTrace {
        let moves = trace
            .moves
            .iter()
            .map(|m| {
                let digit = m.digit.map_or(0, |d| u32::from(d.get()));
                [m.cell.index() as u32, digit, u32::from(m.guess)]
            })
            .collect();
        SearchTrace { moves, cut: trace.cut }
    }
}

impl SolveAnswer {
    /// This answer with the search's moves.
    pub fn with_trace(self, trace: &Trace) -> SolveAnswer {
        SolveAnswer { trace: Some(SearchTrace::new(trace)), ..self }
    }

    /// The answer for `puzzle` when solving it gave `answer`.
    pub fn new(puzzle: &Grid, answer: &Solution) -> SolveAnswer {
        let (status, solution, error, clashes) = match answer {
            Solution::Unique(sol) => (Status::Unique, Some(to_line(sol)), None, Vec::new()),
            Solution::None => (Status::None, None, Some("no solution".into()), Vec::new()),
            Solution::Several(..) => {
                (Status::Several, None, Some("several solutions".into()), Vec::new())
            }
            Solution::Clashing(c) => {
                let text: Vec<String> = c.iter().map(crate::Clash::to_string).collect();
                let error = format!("givens clash: {}", text.join("; "));
                (Status::Clashing, None, Some(error), Clash::all(c))
            }
            Solution::OutOfBudget => {
                (Status::Unknown, None, Some("the search stopped at its budget".into()), Vec::new())
            }
        };
        SolveAnswer {
            subject: Subject::new(puzzle),
            clues: puzzle.clue_count(),
            status,
            solution,
            error,
            clashes,
            trace: None,
            fpuzzles: None,
            sudokupad: None,
        }
    }

    /// This answer with `puzzle` as an f-puzzles board, with the solution
    /// when this answer has one (`solution` is the grid it names).
    ///
    /// # Errors
    /// When the rules hold what the f-puzzles format cannot.
    pub fn with_fpuzzles(
        self,
        puzzle: &Grid,
        solution: Option<&Grid>,
    ) -> Result<SolveAnswer, JsonBoardError> {
        let board = match solution {
            Some(sol) => to_fpuzzles_solved(puzzle, sol)?,
            None => to_fpuzzles(puzzle)?,
        };
        Ok(SolveAnswer { fpuzzles: Some(board), ..self })
    }

    /// This answer with `puzzle` as a SudokuPad link, with the solution
    /// when this answer has one (`solution` is the grid it names).
    ///
    /// # Errors
    /// When `solution` is not a full grid of `puzzle`'s board.
    pub fn with_sudokupad(
        self,
        puzzle: &Grid,
        solution: Option<&Grid>,
    ) -> Result<SolveAnswer, JsonBoardError> {
        let link = match solution {
            Some(sol) => to_sudokupad_solved(puzzle, sol)?,
            None => to_sudokupad(puzzle),
        };
        Ok(SolveAnswer { sudokupad: Some(link), ..self })
    }
}

/// The number of solutions of a puzzle, up to a limit.
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct CountAnswer {
    /// The puzzle: its input line, board and text.
    #[serde(flatten)]
    pub subject: Subject,
    /// Solutions found, at most `limit` (equal to `limit`: there may be more).
    pub count: usize,
    /// The limit counted up to.
    pub limit: usize,
    /// Why the count may be short: the search stopped at its budget
    /// (command line only; the service answers an error instead).
    pub error: Option<String>,
}

impl CountAnswer {
    /// `count` solutions of `puzzle` found, counting up to `limit`.
    pub fn new(puzzle: &Grid, count: usize, limit: usize) -> CountAnswer {
        CountAnswer { subject: Subject::new(puzzle), count, limit, error: None }
    }
}

/// Which cells clash, and whether the grid is complete and solved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct ValidateAnswer {
    /// The puzzle: its input line, board and text.
    #[serde(flatten)]
    pub subject: Subject,
    /// No rule is broken.
    pub valid: bool,
    /// Every cell is filled.
    pub complete: bool,
    /// Valid and complete.
    pub solved: bool,
    /// Every broken rule, with the cells at fault.
    pub clashes: Vec<Clash>,
    /// Every broken constraint beyond "all different" (a cage, a
    /// thermometer, a dot, ...), with the cells at fault.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub broken: Vec<Broken>,
}

/// A broken constraint beyond "all different".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct Broken {
    /// The constraint, e.g. `cage 3 (sum 15)`, `thermometer 1`,
    /// `white dot r1c1-r1c2`, `odd cells`, `non-consecutive`.
    pub constraint: String,
    /// Its filled cells at fault, in reading order.
    pub cells: Vec<CellRef>,
}

impl Broken {
    /// The record of `broken`.
    pub fn new(broken: &crate::constraint::Broken) -> Broken {
        Broken {
            constraint: broken.constraint.clone(),
            cells: broken.cells.iter().map(|&c| CellRef::new(broken.shape(), c)).collect(),
        }
    }
}

impl ValidateAnswer {
    /// The rules check of `grid`.
    pub fn new(grid: &Grid) -> ValidateAnswer {
        let clashes = grid.clashes();
        let broken = grid.broken();
        let complete = grid.is_complete();
        let valid = clashes.is_empty() && broken.is_empty();
        ValidateAnswer {
            subject: Subject::new(grid),
            valid,
            complete,
            solved: valid && complete,
            clashes: Clash::all(&clashes),
            broken: broken.iter().map(Broken::new).collect(),
        }
    }
}
