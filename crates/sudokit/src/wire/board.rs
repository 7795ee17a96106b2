//! [`Board`]: the board a record is about.
//!
//! It travels flattened into every answer about a puzzle (through
//! [`Subject`](super::Subject)), so an answer reads
//! `{"shape": "3x3", "size": 9, "puzzle": ...}`. `rules` is the seam for
//! boards beyond the classic box shapes (extra houses, constraints): absent
//! for classic rules, so classic answers do not change when it is filled in.

use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;

use crate::{Rules, RulesError, Shape, ShapeError};

/// The board of a puzzle: its box shape and side, and its rules when they
/// are not the classic ones.
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct Board {
    /// The box shape `RxC` (boxes of R rows and C columns), e.g. `3x3`.
    pub shape: String,
    /// The side of the board (`R * C`): rows, columns and digits.
    pub size: usize,
    /// The rules beyond rows, columns and boxes, when there are any.
    pub rules: Option<String>,
}

impl Board {
    /// The board of `shape` under classic rules.
    pub fn new(shape: Shape) -> Board {
        Board { shape: shape.to_string(), size: shape.size(), rules: None }
    }

    /// The board of `rules`: `rules` holds their compact name (`9+x`, ...)
    /// unless they are the classic rules of their shape.
    pub fn of_rules(rules: &Rules) -> Board {
        let mut board = Board::new(rules.shape());
        if !rules.is_classic() {
            board.rules = Some(rules.to_string());
        }
        board
    }

    /// The engine's rules of this board: the named rules when there are
    /// any, else the classic rules of the shape.
    ///
    /// # Errors
    /// When the shape or the rules' name is not one the engine reads, or the
    /// rules are of another board side than `size`.
    pub fn to_rules(&self) -> Result<Rules, RulesError> {
        let shape = self.to_shape().map_err(RulesError::Shape)?;
        let rules = match &self.rules {
            Some(name) => name.parse::<Rules>()?,
            None => Rules::classic(shape),
        };
        if rules.shape() != shape {
            return Err(RulesError::OtherShape { rules: rules.shape(), board: shape });
        }
        Ok(rules)
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
