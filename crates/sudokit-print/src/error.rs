//! [`PrintError`]: why a book cannot be made.

use std::fmt;

/// Why a book cannot be laid out or rendered. Each variant names the puzzle
/// (its number) at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PrintError {
    /// No puzzles were given.
    NoItems,
    /// The board is larger than one character per cell can print (35x35).
    TooLarge {
        /// The puzzle's number.
        number: u64,
        /// Its board side.
        size: usize,
    },
    /// The candidates belong to another shape than the puzzle.
    CandidatesShape {
        /// The puzzle's number.
        number: u64,
    },
    /// The solution given is not a solution of the puzzle (another shape, a
    /// changed given, an empty cell or a broken rule).
    WrongSolution {
        /// The puzzle's number.
        number: u64,
    },
    /// Solutions were asked for, and the puzzle has none, several, or the
    /// search gave up.
    NoUniqueSolution {
        /// The puzzle's number.
        number: u64,
        /// What the solver found.
        reason: &'static str,
    },
    /// The deadline of [`PrintOptions`](crate::PrintOptions) passed while
    /// solving the puzzles for the solution pages.
    OutOfTime {
        /// The puzzle being solved when it passed.
        number: u64,
        /// How many puzzles were ready before it.
        ready: usize,
        /// How many puzzles the book has.
        total: usize,
    },
    /// The PNG resolution is outside the supported range.
    Dpi(u32),
    /// The PNG encoder failed.
    Png(String),
}

impl PrintError {
    /// The number of the puzzle at fault, when one is.
    pub fn number(&self) -> Option<u64> {
        match self {
            PrintError::TooLarge { number, .. }
            | PrintError::CandidatesShape { number }
            | PrintError::WrongSolution { number }
            | PrintError::NoUniqueSolution { number, .. }
            | PrintError::OutOfTime { number, .. } => Some(*number),
            PrintError::NoItems | PrintError::Dpi(_) | PrintError::Png(_) => None,
        }
    }
}

impl fmt::Display for PrintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PrintError::NoItems => write!(f, "no puzzles to print"),
            PrintError::TooLarge { number, size } => write!(
                f,
                "puzzle {number}: a {size}x{size} board is too large to print (at most 35x35)"
            ),
            PrintError::CandidatesShape { number } => {
                write!(f, "puzzle {number}: the pencil marks are for another shape")
            }
            PrintError::WrongSolution { number } => {
                write!(f, "puzzle {number}: the solution given does not solve the puzzle")
            }
            PrintError::NoUniqueSolution { number, reason } => {
                write!(f, "puzzle {number}: cannot print its solution: {reason}")
            }
            PrintError::OutOfTime { number, ready, total } => write!(
                f,
                "puzzle {number}: ran out of time solving it for the solution pages ({ready} \
                 of {total} puzzles were ready); print fewer or easier puzzles, or without \
                 solutions"
            ),
            PrintError::Dpi(dpi) => {
                write!(f, "resolution {dpi} dpi is out of range (expected 36 to 600)")
            }
            PrintError::Png(e) => write!(f, "PNG encoding failed: {e}"),
        }
    }
}

impl std::error::Error for PrintError {}
