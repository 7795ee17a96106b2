//! [`Board`]: a partly filled board with the digits used per row, column and
//! box, so the digits a cell still allows are three loads and a mask.
//!
//! Invariant: `row`, `col` and `bx` hold exactly the digits of `values` in
//! each unit (bit `d - 1` for digit `d`). The full-grid methods fill one; the
//! carver keeps its current puzzle in one.
//!
//! Each cell's row, column and box come from a table built once per shape
//! (the carver places and clears every cell of each puzzle: a division by
//! the board's size per call cost more than the load).

use std::sync::{Arc, Mutex, OnceLock};

use crate::shape::{Cell, Shape};

/// A shape's table of [`places`].
type Places = &'static [[u8; 3]];

/// Per cell of `shape`: its row, column and box, built once per shape and
/// kept (there are few shapes in a process).
pub(super) fn places(shape: Shape) -> Places {
    let build = || -> Places {
        let n = shape.size();
        let table: Vec<[u8; 3]> = (0..n * n)
            .map(|i| [(i / n) as u8, (i % n) as u8, shape.box_of(Cell::from_index(i)) as u8])
            .collect();
        Box::leak(table.into_boxed_slice())
    };
    if shape == Shape::CLASSIC {
        static CLASSIC: OnceLock<Places> = OnceLock::new();
        return CLASSIC.get_or_init(build);
    }
    static OTHERS: OnceLock<Mutex<Vec<(Shape, Places)>>> = OnceLock::new();
    let mut cache = OTHERS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&(_, table)) = cache.iter().find(|(s, _)| *s == shape) {
        return table;
    }
    let table = build();
    cache.push((shape, table));
    table
}

pub(super) struct Board {
    pub(super) shape: Shape,
    pub(super) n: usize,
    /// Cell values, 0 for empty.
    pub(super) values: Vec<u8>,
    pub(super) row: Vec<u64>,
    pub(super) col: Vec<u64>,
    bx: Vec<u64>,
    /// Per cell: its row, column and box.
    places: Places,
    /// Where every change is recorded as (cell, digit, 0 when emptied),
    /// when it is (see [`Board::recorded`]).
    log: Option<Moves>,
}

/// The changes a recorded board made, shared with whoever reads them after
/// the board is consumed by a full-grid method.
pub(super) type Moves = Arc<Mutex<Vec<(u16, u8)>>>;

impl Board {
    /// An empty board of `shape`.
    pub(super) fn new(shape: Shape) -> Board {
        let n = shape.size();
        Board {
            shape,
            n,
            values: vec![0; n * n],
            row: vec![0; n],
            col: vec![0; n],
            bx: vec![0; n],
            places: places(shape),
            log: None,
        }
    }

    /// An empty board of `shape` that records every change into `log`
    /// (for showing how a method builds a grid).
    pub(super) fn recorded(shape: Shape, log: Moves) -> Board {
        Board { log: Some(log), ..Board::new(shape) }
    }

    /// Records a change (only on a recorded board).
    #[cold]
    fn record(&self, cell: usize, digit: u8) {
        if let Some(log) = &self.log {
            log.lock().unwrap_or_else(|e| e.into_inner()).push((cell as u16, digit));
        }
    }

    /// The digits no filled peer of `cell` holds.
    #[inline]
    pub(super) fn allowed(&self, cell: usize) -> u64 {
        let [r, c, b] = self.places[cell].map(usize::from);
        self.shape.all_digits() & !(self.row[r] | self.col[c] | self.bx[b])
    }

    /// Places digit bit `d` (0-based) at the empty `cell`.
    #[inline]
    pub(super) fn place(&mut self, cell: usize, d: u32) {
        let [r, c, b] = self.places[cell].map(usize::from);
        let bit = 1u64 << d;
        self.row[r] |= bit;
        self.col[c] |= bit;
        self.bx[b] |= bit;
        self.values[cell] = d as u8 + 1;
        if self.log.is_some() {
            self.record(cell, d as u8 + 1);
        }
    }

    /// Empties `cell` (nothing happens if it is empty).
    #[inline]
    pub(super) fn clear(&mut self, cell: usize) {
        let v = self.values[cell];
        if v == 0 {
            return;
        }
        let [r, c, b] = self.places[cell].map(usize::from);
        let bit = !(1u64 << (v - 1));
        self.row[r] &= bit;
        self.col[c] &= bit;
        self.bx[b] &= bit;
        self.values[cell] = 0;
        if self.log.is_some() {
            self.record(cell, 0);
        }
    }
}
