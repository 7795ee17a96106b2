//! [`Board`]: the board a record is about.
//!
//! It travels flattened into every answer about a puzzle (through
//! [`Subject`](super::Subject)), so an answer reads
//! `{"shape": "3x3", "size": 9, "puzzle": ...}`. `rules` is the seam for
//! boards beyond the classic box shapes (extra houses, constraints): absent
//! for classic rules, so classic answers do not change when it is filled in.

use serde::{Deserialize, Serialize};

use crate::{Shape, ShapeError};

/// The board of a puzzle: its box shape and side, and its rules when they
/// are not the classic ones.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct Board {
    /// The box shape `RxC` (boxes of R rows and C columns), e.g. `3x3`.
    pub shape: String,
    /// The side of the board (`R * C`): rows, columns and digits.
    pub size: usize,
    /// The rules beyond rows, columns and boxes, when there are any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
}

impl Board {
    /// The board of `shape` under classic rules.
    pub fn new(shape: Shape) -> Board {
        Board { shape: shape.to_string(), size: shape.size(), rules: None }
    }

    /// The engine's shape of this board.
    ///
    /// # Errors
    /// When `shape` is not a box shape `RxC` the engine serves.
    pub fn to_shape(&self) -> Result<Shape, ShapeError> {
        Shape::parse_box(&self.shape)
    }
}

impl From<Shape> for Board {
    fn from(shape: Shape) -> Board {
        Board::new(shape)
    }
}
