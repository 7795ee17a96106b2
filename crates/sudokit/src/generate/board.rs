//! [`Board`]: a partly filled board with the digits used per row, column and
//! box, so the digits a cell still allows are three loads and a mask.
//!
//! Invariant: `row`, `col` and `bx` hold exactly the digits of `values` in
//! each unit (bit `d - 1` for digit `d`). The full-grid methods fill one; the
//! carver keeps its current puzzle in one.

use crate::shape::{Cell, Shape};

pub(super) struct Board {
    pub(super) shape: Shape,
    pub(super) n: usize,
    /// Cell values, 0 for empty.
    pub(super) values: Vec<u8>,
    pub(super) row: Vec<u64>,
    pub(super) col: Vec<u64>,
    bx: Vec<u64>,
    box_of: Vec<u8>,
}

impl Board {
    /// An empty board of `shape`.
    pub(super) fn new(shape: Shape) -> Board {
        let n = shape.size();
        let box_of = (0..n * n).map(|i| shape.box_of(Cell::from_index(i)) as u8).collect();
        Board {
            shape,
            n,
            values: vec![0; n * n],
            row: vec![0; n],
            col: vec![0; n],
            bx: vec![0; n],
            box_of,
        }
    }

    /// The digits no filled peer of `cell` holds.
    #[inline]
    pub(super) fn allowed(&self, cell: usize) -> u64 {
        let (r, c) = (cell / self.n, cell % self.n);
        self.shape.all_digits() & !(self.row[r] | self.col[c] | self.bx[self.box_of[cell] as usize])
    }

    /// Places digit bit `d` (0-based) at the empty `cell`.
    #[inline]
    pub(super) fn place(&mut self, cell: usize, d: u32) {
        let (r, c, b) = (cell / self.n, cell % self.n, self.box_of[cell] as usize);
        let bit = 1u64 << d;
        self.row[r] |= bit;
        self.col[c] |= bit;
        self.bx[b] |= bit;
        self.values[cell] = d as u8 + 1;
    }

    /// Empties `cell` (nothing happens if it is empty).
    #[inline]
    pub(super) fn clear(&mut self, cell: usize) {
        let v = self.values[cell];
        if v == 0 {
            return;
        }
        let (r, c, b) = (cell / self.n, cell % self.n, self.box_of[cell] as usize);
        let bit = !(1u64 << (v - 1));
        self.row[r] &= bit;
        self.col[c] &= bit;
        self.bx[b] &= bit;
        self.values[cell] = 0;
    }
}
