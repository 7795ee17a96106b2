//! The 9x9 pencil-mark board the nested chains work on, its unit tables in
//! Sudoku Explainer's order, and the numbering of potentials.
//!
//! A *candidate* is `cell * 9 + d` (digit index `d` in 0..9); a *potential*
//! (a node of the implication graph) is `candidate * 2 + on`, "on" meaning
//! the digit is in the cell. Units are numbered boxes 0-8, rows 9-17,
//! columns 18-26 (SE's region order: block, row, column), each listing its
//! cells in reading order.

use std::sync::OnceLock;

/// Cells of the board.
pub(super) const CELLS: usize = 81;
/// Potentials: every candidate, on and off.
pub(super) const NODES: usize = CELLS * 9 * 2;

/// Candidate masks of the 81 cells (bit `d` for digit `d + 1`); a placed
/// cell has none.
pub(super) type Board = [u16; CELLS];

/// The unit tables.
#[derive(Debug)]
pub(super) struct Tables {
    /// The cells of each unit, in reading order.
    pub units: [[u8; 9]; 27],
    /// The box, row and column of each cell.
    pub unit_of: [[u8; 3]; CELLS],
    /// The cells of each unit as a bit set.
    pub unit_set: [u128; 27],
    /// The index of each cell inside its box, row and column.
    pub slot: [[u8; 3]; CELLS],
    /// For each cell, the slots of its box, row and column (bit `k` for
    /// the unit's `k`-th cell) that hold a peer not met in an earlier unit
    /// of the cell. Their cells, unit by unit and each in reading order,
    /// are the cell's 20 peers in SE's order: box first, then row, then
    /// column, each peer once.
    pub fresh: [[u16; 3]; CELLS],
}

/// The shared tables.
pub(super) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut units = [[0u8; 9]; 27];
        let mut unit_of = [[0u8; 3]; CELLS];
        let mut unit_set = [0u128; 27];
        for (cell, us) in unit_of.iter_mut().enumerate() {
            let (r, c) = (cell / 9, cell % 9);
            let b = (r / 3) * 3 + c / 3;
            *us = [b as u8, (9 + r) as u8, (18 + c) as u8];
        }
        let mut fill = [0usize; 27];
        for (cell, us) in unit_of.iter().enumerate() {
            for &u in us {
                let u = u as usize;
                units[u][fill[u]] = cell as u8;
                fill[u] += 1;
                unit_set[u] |= 1 << cell;
            }
        }
        let mut slot = [[0u8; 3]; CELLS];
        let mut fresh = [[0u16; 3]; CELLS];
        for cell in 0..CELLS {
            let mut seen: u128 = 1 << cell;
            for (i, &u) in unit_of[cell].iter().enumerate() {
                for (j, &c) in units[u as usize].iter().enumerate() {
                    if c as usize == cell {
                        slot[cell][i] = j as u8;
                    }
                    if seen >> c & 1 == 0 {
                        seen |= 1 << c;
                        fresh[cell][i] |= 1 << j;
                    }
                }
            }
        }
        Tables { units, unit_of, unit_set, slot, fresh }
    })
}

/// The potential of digit index `d` in `cell`, on or off.
#[inline]
pub(super) fn node(cell: usize, d: usize, on: bool) -> u16 {
    (((cell * 9 + d) << 1) | usize::from(on)) as u16
}

/// `(cell, digit index, on)` of a potential.
#[inline]
pub(super) fn split(node: u16) -> (usize, usize, bool) {
    let c = (node >> 1) as usize;
    (c / 9, c % 9, node & 1 == 1)
}

/// The positions (bit `k` for the unit's `k`-th cell) of digit index `d`
/// in unit `u`.
#[inline]
pub(super) fn positions(board: &Board, u: usize, d: usize) -> u16 {
    let cells = &tables().units[u];
    let mut m = 0u16;
    for (k, &c) in cells.iter().enumerate() {
        m |= ((board[c as usize] >> d) & 1) << k;
    }
    m
}

/// The set bits of a small mask, lowest first.
#[inline]
pub(super) fn bits16(mut m: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            b
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fresh slots of each cell's units name its 20 peers in SE's
    /// order, computed here from rows and columns: the rest of its box,
    /// then its row outside the box, then its column outside the box,
    /// each in reading order.
    #[test]
    fn fresh_slots_list_the_peers() {
        let t = tables();
        for cell in 0..CELLS {
            let (r, c) = (cell / 9, cell % 9);
            let same_box = |o: usize| o / 27 == cell / 27 && o % 9 / 3 == c / 3;
            let mut expected: Vec<usize> =
                (0..CELLS).filter(|&o| o != cell && same_box(o)).collect();
            expected.extend((0..CELLS).filter(|&o| o / 9 == r && !same_box(o)));
            expected.extend((0..CELLS).filter(|&o| o % 9 == c && !same_box(o)));
            let mut listed = Vec::new();
            for (i, &u) in t.unit_of[cell].iter().enumerate() {
                for k in bits16(t.fresh[cell][i]) {
                    listed.push(t.units[u as usize][k] as usize);
                }
            }
            assert_eq!(expected.len(), 20);
            assert_eq!(listed, expected, "cell {cell}");
        }
    }
}
