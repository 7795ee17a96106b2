//! [`Subject`]: what an answer is about, flattened into each answer as its
//! first fields: `{"line"?, "shape", "size", "rules"?, "puzzle", ...}`.

use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;

use super::Board;
use crate::Grid;
use crate::format::to_line;

/// The puzzle an answer is about: where it was read, its board and its text.
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct Subject {
    /// The input line of the puzzle (command line only).
    pub line: Option<usize>,
    /// The board.
    #[serde(flatten)]
    pub board: Board,
    /// The puzzle in line format (for pencil marks: the cells with one
    /// candidate).
    pub puzzle: String,
}

impl Subject {
    /// The subject `grid`, read from no particular line.
    pub fn new(grid: &Grid) -> Subject {
        Subject { line: None, board: Board::of_rules(grid.rules()), puzzle: to_line(grid) }
    }
}
