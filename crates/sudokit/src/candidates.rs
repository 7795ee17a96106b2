/*!
[`Candidates`]: a pencil-mark state, the digits still possible in each cell.

Each cell holds a `u64` mask (bit `d - 1` for digit `d`), never with a bit
above the shape's `N`. A cell with one candidate counts as filled with that
digit ([`Candidates::to_grid`]); a cell with none makes the state
contradictory, which solvers report as "no solution".
*/

use std::fmt;

use crate::digit::Digit;
use crate::grid::{Grid, GridError};
use crate::rules::Rules;
use crate::shape::{Cell, Shape};

/// The candidates of every cell of a board.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Candidates {
    rules: Rules,
    masks: Box<[u64]>,
}

impl Candidates {
    /// The candidates a grid's filled cells allow (see [`Grid::candidate_masks`]).
    pub fn from_grid(grid: &Grid) -> Candidates {
        Candidates { rules: grid.rules().clone(), masks: grid.candidate_masks().into_boxed_slice() }
    }

    /// A state of a board of `shape` with classic rules from `N * N` masks
    /// in reading order. Bits above `N` are an error.
    pub fn from_masks(shape: Shape, masks: impl Into<Vec<u64>>) -> Result<Candidates, GridError> {
        Candidates::from_masks_with(Rules::classic(shape), masks)
    }

    /// A state of a board under `rules` from `N * N` masks in reading
    /// order. Bits above `N` are an error.
    pub fn from_masks_with(
        rules: Rules,
        masks: impl Into<Vec<u64>>,
    ) -> Result<Candidates, GridError> {
        let shape = rules.shape();
        let masks = masks.into();
        GridError::check_length(shape, masks.len())?;
        if let Some(i) = masks.iter().position(|&m| m & !shape.all_digits() != 0) {
            let value = 64 - masks[i].leading_zeros() as u8;
            return Err(GridError::DigitTooLarge {
                cell: Cell::from_index(i),
                value,
                size: shape.size(),
            });
        }
        Ok(Candidates { rules, masks: masks.into_boxed_slice() })
    }

    crate::rules::rules_accessors!("board");

    /// The masks in reading order.
    #[inline]
    pub fn masks(&self) -> &[u64] {
        &self.masks
    }

    /// The candidates of `cell`.
    pub fn get(&self, cell: Cell) -> impl Iterator<Item = Digit> {
        Digit::in_mask(self.masks[cell.index()])
    }

    /// Whether `digit` is a candidate of `cell`.
    pub fn contains(&self, cell: Cell, digit: Digit) -> bool {
        self.masks[cell.index()] & digit.bit() != 0
    }

    /// Removes `digit` from the candidates of `cell`.
    pub fn remove(&mut self, cell: Cell, digit: Digit) {
        self.masks[cell.index()] &= !digit.bit();
    }

    /// The grid of cells with exactly one candidate; other cells are empty.
    pub fn to_grid(&self) -> Grid {
        let values: Vec<u8> = self
            .masks
            .iter()
            .map(|&m| if m.count_ones() == 1 { m.trailing_zeros() as u8 + 1 } else { 0 })
            .collect();
        Grid::from_values_with(self.rules.clone(), values).expect("masks never exceed the shape")
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Candidates({}, {:x?})", self.rules, self.masks)
    }
}
