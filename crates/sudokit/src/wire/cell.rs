//! Cells as records: [`CellRef`] (a cell) and [`CellDigit`] (a digit at a
//! cell: a placement, or a candidate removed), by 1-based row and column.

use serde::{Deserialize, Serialize};

use crate::{Cell, Digit, Shape};

/// A cell by row and column, both from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CellRef {
    /// The row, from 1.
    pub row: usize,
    /// The column, from 1.
    pub col: usize,
}

impl CellRef {
    /// The cell `cell` of a board of `shape`.
    pub fn new(shape: Shape, cell: Cell) -> CellRef {
        CellRef { row: shape.row(cell) + 1, col: shape.col(cell) + 1 }
    }

    /// The engine's cell on a board of `shape`, or `None` when the row or
    /// column is off the board.
    pub fn to_cell(self, shape: Shape) -> Option<Cell> {
        let n = shape.size();
        let inside = (1..=n).contains(&self.row) && (1..=n).contains(&self.col);
        inside.then(|| shape.cell(self.row - 1, self.col - 1))
    }
}

/// A digit at a cell: a digit placed, or a candidate removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CellDigit {
    /// The row, from 1.
    pub row: usize,
    /// The column, from 1.
    pub col: usize,
    /// The digit, from 1.
    pub digit: u8,
}

impl CellDigit {
    /// `digit` at `cell` of a board of `shape`.
    pub fn new(shape: Shape, cell: Cell, digit: Digit) -> CellDigit {
        let CellRef { row, col } = CellRef::new(shape, cell);
        CellDigit { row, col, digit: digit.get() }
    }
}
