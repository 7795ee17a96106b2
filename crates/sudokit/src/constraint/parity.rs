//! [`Parity`]: cells marked even, or cells marked odd.
//!
//! Invariant: the cells are distinct cells of the board.

use std::fmt;

use super::{ConstraintError, check_cells};
use crate::shape::Shape;

/// Whether marked cells hold even or odd digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParityKind {
    /// Even digits (drawn as squares).
    Even,
    /// Odd digits (drawn as circles).
    Odd,
}

impl fmt::Display for ParityKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParityKind::Even => "even",
            ParityKind::Odd => "odd",
        })
    }
}

impl ParityKind {
    /// The digits of this parity up to `n`, as a mask (bit `d - 1` for `d`).
    pub(crate) fn mask(self, n: usize) -> u64 {
        let odd_bits = 0x5555_5555_5555_5555u64; // digits 1, 3, 5, ...
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        match self {
            ParityKind::Odd => odd_bits & all,
            ParityKind::Even => !odd_bits & all,
        }
    }
}

/// Cells that all hold digits of one parity.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Parity {
    cells: Box<[u16]>,
    kind: ParityKind,
}

impl Parity {
    /// `cells` marked `kind` on `shape`'s board; `part` names them in
    /// errors.
    pub(crate) fn new(
        shape: Shape,
        cells: &[u16],
        kind: ParityKind,
        part: &str,
    ) -> Result<Parity, ConstraintError> {
        check_cells(shape, cells, 1, shape.cell_count())
            .map_err(|reason| ConstraintError::Cells { part: part.to_string(), reason })?;
        Ok(Parity { cells: cells.into(), kind })
    }

    /// The marked cells.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// Even or odd.
    pub fn kind(&self) -> ParityKind {
        self.kind
    }

    /// Whether a filled marked cell of `values` has the other parity.
    pub(crate) fn is_broken_by(&self, values: &[u8]) -> bool {
        self.cells.iter().any(|&c| self.is_wrong(values[c as usize]))
    }

    /// The marked cells of `values` holding a digit of the other parity,
    /// in the order the constraint lists them.
    pub(crate) fn wrong_cells<'a>(&'a self, values: &'a [u8]) -> impl Iterator<Item = u16> + 'a {
        self.cells.iter().copied().filter(|&c| self.is_wrong(values[c as usize]))
    }

    /// Whether `v` is a digit (not 0) of the other parity.
    fn is_wrong(&self, v: u8) -> bool {
        let want = match self.kind {
            ParityKind::Even => 0,
            ParityKind::Odd => 1,
        };
        v != 0 && v % 2 != want
    }
}
