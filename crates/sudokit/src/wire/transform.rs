//! Transformations as records: [`TransformAnswer`] and [`CanonAnswer`].

use serde::{Deserialize, Serialize};

use super::Board;
use crate::Grid;
use crate::format::to_line;
use crate::transform::Canonical;

/// A puzzle and an equivalent of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct TransformAnswer {
    /// The input line of the puzzle (command line only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The board.
    #[serde(flatten)]
    pub board: Board,
    /// The puzzle in line format.
    pub puzzle: String,
    /// The transformed puzzle.
    pub transformed: String,
}

impl TransformAnswer {
    /// `puzzle` and its image `transformed`.
    pub fn new(puzzle: &Grid, transformed: &Grid) -> TransformAnswer {
        TransformAnswer {
            line: None,
            board: Board::new(puzzle.shape()),
            puzzle: to_line(puzzle),
            transformed: to_line(transformed),
        }
    }
}

/// The canonical form of a puzzle and its automorphism count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct CanonAnswer {
    /// The input line of the puzzle (command line only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The board.
    #[serde(flatten)]
    pub board: Board,
    /// The puzzle in line format.
    pub puzzle: String,
    /// The canonical (minlex) form: equal for equivalent puzzles.
    pub canon: String,
    /// The number of transformations that map the puzzle to itself (a
    /// decimal string: it can exceed what a JSON number holds exactly).
    pub automorphisms: String,
}

impl CanonAnswer {
    /// `puzzle` and its canonical form `canon`.
    pub fn new(puzzle: &Grid, canon: &Canonical) -> CanonAnswer {
        CanonAnswer {
            line: None,
            board: Board::new(puzzle.shape()),
            puzzle: to_line(puzzle),
            canon: to_line(&canon.form),
            automorphisms: canon.automorphisms.to_string(),
        }
    }
}
