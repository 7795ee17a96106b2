//! [`Thermo`]: a thermometer, digits strictly rising from its bulb.
//!
//! Invariant: the cells are 2 to `N` distinct cells of the board, each a
//! king's move from the one before it (checked by [`Thermo::new`]).

use super::{ConstraintError, check_cells, name};
use crate::shape::Shape;

/// A thermometer: its digits strictly increase from the bulb (the first
/// cell) along the path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Thermo {
    cells: Box<[u16]>,
}

impl Thermo {
    /// The thermometer along `cells` (bulb first) on `shape`'s board;
    /// `part` names it in errors.
    pub(crate) fn new(shape: Shape, cells: &[u16], part: &str) -> Result<Thermo, ConstraintError> {
        let n = shape.size();
        check_cells(shape, cells, 2, n)
            .map_err(|reason| ConstraintError::Cells { part: part.to_string(), reason })?;
        for w in cells.windows(2) {
            let (a, b) = (w[0] as usize, w[1] as usize);
            if (a / n).abs_diff(b / n) > 1 || (a % n).abs_diff(b % n) > 1 {
                return Err(ConstraintError::ThermoNotPath {
                    part: part.to_string(),
                    from: name(w[0], shape),
                    to: name(w[1], shape),
                });
            }
        }
        Ok(Thermo { cells: cells.into() })
    }

    /// The cells from the bulb to the tip.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// Whether `values` break the thermometer: two filled cells `i < j`
    /// steps along it whose digits rise by less than `j - i`.
    pub(crate) fn is_broken_by(&self, values: &[u8]) -> bool {
        let filled: Vec<(usize, i32)> = self
            .cells
            .iter()
            .enumerate()
            .map(|(i, &c)| (i, i32::from(values[c as usize])))
            .filter(|&(_, v)| v != 0)
            .collect();
        filled.windows(2).any(|w| w[1].1 - w[0].1 < (w[1].0 - w[0].0) as i32)
    }
}
