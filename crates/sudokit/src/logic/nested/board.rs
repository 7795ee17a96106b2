//! The 9x9 pencil-mark board the nested chains work on, its unit tables in
//! Sudoku Explainer's order, and the numbering of potentials.
//!
//! The units are the houses of the board's rules: on classic rules
//! exactly SE's 27; on other 9x9 rules the regions of a jigsaw stand
//! where the boxes are, and extra houses (diagonals, windows, any
//! others) follow the columns. Cells that must differ without sharing a
//! house (a knight's or a king's move apart, under those rules) are kept
//! beside the units, per cell: they add "on" to "off" links of the same
//! digit, but no last-place rule, as they form no house.
//!
//! A *candidate* is `cell * 9 + d` (digit index `d` in 0..9); a *potential*
//! (a node of the implication graph) is `candidate * 2 + on`, "on" meaning
//! the digit is in the cell. Units are numbered boxes (or regions) 0-8,
//! rows 9-17, columns 18-26 (SE's region order: block, row, column), then
//! the extra houses from 27, each listing its cells in reading order.

use std::sync::{Arc, OnceLock};

use crate::shape::{House, Layout, Shape};

/// Cells of the board.
pub(super) const CELLS: usize = 81;
/// Potentials: every candidate, on and off.
pub(super) const NODES: usize = CELLS * 9 * 2;

/// Candidate masks of the 81 cells (bit `d` for digit `d + 1`); a placed
/// cell has none.
pub(super) type Board = [u16; CELLS];

/// The most units a board may have here: its 27 rows, columns and boxes
/// (or regions) and up to 18 extra houses.
pub(super) const MAX_UNITS: usize = 45;
/// The most units a cell may belong to.
pub(super) const MAX_UNITS_OF: usize = 6;

/// The unit tables.
///
/// Invariants: units `0..count` each hold 9 cells in reading order; the
/// units of a cell are listed in increasing order, its box or region,
/// row and column first.
#[derive(Debug)]
pub(super) struct Tables {
    /// How many units the board has.
    pub count: usize,
    /// The cells of each unit, in reading order.
    pub units: [[u8; 9]; MAX_UNITS],
    /// The name of each unit.
    pub names: Vec<House>,
    /// The cells of each unit as a bit set.
    pub unit_set: [u128; MAX_UNITS],
    /// The units of each cell (the first `len[cell]` entries).
    unit_of: [[u8; MAX_UNITS_OF]; CELLS],
    len: [u8; CELLS],
    /// The index of each cell inside each of its units.
    slot: [[u8; MAX_UNITS_OF]; CELLS],
    /// For each cell, the slots of each of its units (bit `k` for the
    /// unit's `k`-th cell) that hold a peer not met in an earlier unit of
    /// the cell. Their cells, unit by unit and each in reading order, are
    /// the cell's peers in SE's order (on classic rules: box first, then
    /// row, then column, each peer once).
    fresh: [[u16; MAX_UNITS_OF]; CELLS],
    /// For each cell, the cells that must differ from it and share none
    /// of its units (none on rules of houses alone).
    pub differ: [u128; CELLS],
    /// Whether some cell has such cells.
    pub has_differ: bool,
}

impl Tables {
    /// The units of `cell`.
    #[inline]
    pub fn unit_of(&self, cell: usize) -> &[u8] {
        &self.unit_of[cell][..self.len[cell] as usize]
    }

    /// The index of `cell` inside each of its units.
    #[inline]
    pub fn slot(&self, cell: usize) -> &[u8] {
        &self.slot[cell][..self.len[cell] as usize]
    }

    /// The slots of each unit of `cell` holding a peer not met earlier.
    #[inline]
    pub fn fresh(&self, cell: usize) -> &[u16] {
        &self.fresh[cell][..self.len[cell] as usize]
    }

    /// The tables of a 9x9 board's houses: its boxes or regions, rows and
    /// columns, then its extra houses, and the cells that must differ
    /// beside them. `None` for other sizes, for boards
    /// with more than [`MAX_UNITS`] houses or a cell in more than
    /// [`MAX_UNITS_OF`].
    pub fn of(layout: &Layout) -> Option<Tables> {
        let n = layout.shape().size();
        let count = layout.house_count();
        if n != 9 || layout.shape().cell_count() != CELLS || count > MAX_UNITS {
            return None;
        }
        // Units in SE's region order: blocks (layout houses 18..27), rows
        // (0..9), columns (9..18), then the extra houses.
        let order: Vec<usize> = (18..27).chain(0..18).chain(27..count).collect();
        let mut units = [[0u8; 9]; MAX_UNITS];
        let mut unit_set = [0u128; MAX_UNITS];
        let mut names = Vec::with_capacity(count);
        let mut unit_of = [[0u8; MAX_UNITS_OF]; CELLS];
        let mut len = [0u8; CELLS];
        for (u, &h) in order.iter().enumerate() {
            let mut cells: Vec<u16> = layout.house(h).to_vec();
            cells.sort_unstable();
            for (k, &c) in cells.iter().enumerate() {
                let c = c as usize;
                units[u][k] = c as u8;
                unit_set[u] |= 1 << c;
            }
            names.push(layout.name(h));
        }
        for (u, cells) in units.iter().enumerate().take(count) {
            for &c in cells {
                let c = c as usize;
                if len[c] as usize == MAX_UNITS_OF {
                    return None;
                }
                unit_of[c][len[c] as usize] = u as u8;
                len[c] += 1;
            }
        }
        let mut slot = [[0u8; MAX_UNITS_OF]; CELLS];
        let mut fresh = [[0u16; MAX_UNITS_OF]; CELLS];
        for cell in 0..CELLS {
            let mut seen: u128 = 1 << cell;
            for i in 0..len[cell] as usize {
                let u = unit_of[cell][i] as usize;
                for (j, &c) in units[u].iter().enumerate() {
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
        let mut differ = [0u128; CELLS];
        if layout.has_differ() {
            for (cell, set) in differ.iter_mut().enumerate() {
                let units: u128 =
                    (0..len[cell] as usize).fold(0, |m, i| m | unit_set[unit_of[cell][i] as usize]);
                for &peer in layout.peers(cell) {
                    if units >> peer & 1 == 0 {
                        *set |= 1 << peer;
                    }
                }
            }
        }
        let has_differ = differ.iter().any(|&m| m != 0);
        Some(Tables {
            count,
            units,
            names,
            unit_set,
            unit_of,
            len,
            slot,
            fresh,
            differ,
            has_differ,
        })
    }
}

/// The tables of classic 9x9 rules.
pub(super) fn classic_tables() -> &'static Arc<Tables> {
    static TABLES: OnceLock<Arc<Tables>> = OnceLock::new();
    TABLES.get_or_init(|| {
        Arc::new(Tables::of(Shape::CLASSIC.layout()).expect("classic 9x9 houses fit the tables"))
    })
}

/// The positions (bit `k` for the unit's `k`-th cell) of digit index `d`
/// in unit `u`.
#[inline]
pub(super) fn positions(t: &Tables, board: &Board, u: usize, d: usize) -> u16 {
    let cells = &t.units[u];
    let mut m = 0u16;
    for (k, &c) in cells.iter().enumerate() {
        m |= ((board[c as usize] >> d) & 1) << k;
    }
    m
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

/// How many digits (or places) a mask of nine bits holds, read from a
/// table: the portable build has no population-count instruction, and
/// the chains ask this of every cell and unit they follow. Masks wider
/// than nine bits are counted bit by bit.
pub(super) trait Ones {
    fn ones(self) -> u32;
}

/// The set bits of each nine-bit mask.
const ONES: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 1;
    while m < 512 {
        t[m] = t[m >> 1] + (m & 1) as u8;
        m += 1;
    }
    t
};

impl Ones for u16 {
    #[inline]
    fn ones(self) -> u32 {
        match ONES.get(self as usize) {
            Some(&n) => u32::from(n),
            None => self.count_ones(),
        }
    }
}

/// The cells of a set of cells, in reading order.
pub(super) fn cells_of(set: u128) -> impl Iterator<Item = usize> {
    let mut m = set;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            b
        })
    })
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

    /// The table's count of every 16-bit mask (nine bits and wider) is
    /// `count_ones`'.
    #[test]
    fn ones_counts_every_mask() {
        for m in 0..=u16::MAX {
            assert_eq!(m.ones(), m.count_ones(), "{m:#x}");
        }
    }

    /// The fresh slots of each cell's units name its 20 peers in SE's
    /// order, computed here from rows and columns: the rest of its box,
    /// then its row outside the box, then its column outside the box,
    /// each in reading order.
    #[test]
    fn fresh_slots_list_the_peers() {
        let t = classic_tables();
        for cell in 0..CELLS {
            let (r, c) = (cell / 9, cell % 9);
            let same_box = |o: usize| o / 27 == cell / 27 && o % 9 / 3 == c / 3;
            let mut expected: Vec<usize> =
                (0..CELLS).filter(|&o| o != cell && same_box(o)).collect();
            expected.extend((0..CELLS).filter(|&o| o / 9 == r && !same_box(o)));
            expected.extend((0..CELLS).filter(|&o| o % 9 == c && !same_box(o)));
            let mut listed = Vec::new();
            for (i, &u) in t.unit_of(cell).iter().enumerate() {
                for k in bits16(t.fresh(cell)[i]) {
                    listed.push(t.units[u as usize][k] as usize);
                }
            }
            assert_eq!(expected.len(), 20);
            assert_eq!(listed, expected, "cell {cell}");
        }
    }

    /// On rules with regions or extra houses the units are the rules'
    /// houses: each unit of a cell holds it at its slot, and the fresh
    /// slots of a cell name each of its peers (the cells sharing a house
    /// with it) once.
    #[test]
    fn tables_of_variant_rules_hold_their_houses() {
        let jigsaw = "9+jigsaw=000011111000021113022221443225244433255554333555444633775888666777888666777788866";
        for name in ["9+x", "9+windoku", "9+x+windoku", jigsaw] {
            let rules: crate::Rules = name.parse().unwrap();
            let layout = rules.layout();
            let t = Tables::of(layout).unwrap();
            assert_eq!(t.count, layout.house_count(), "{name}");
            for cell in 0..CELLS {
                let mut listed = Vec::new();
                for (i, &u) in t.unit_of(cell).iter().enumerate() {
                    let cells = &t.units[u as usize];
                    assert_eq!(cells[t.slot(cell)[i] as usize] as usize, cell, "{name}");
                    assert!(cells.windows(2).all(|w| w[0] < w[1]), "{name}: reading order");
                    listed.extend(bits16(t.fresh(cell)[i]).map(|k| cells[k] as usize));
                }
                let mut peers: Vec<usize> = (0..CELLS)
                    .filter(|&o| {
                        o != cell
                            && (0..layout.house_count()).any(|h| {
                                layout.house(h).contains(&(cell as u16))
                                    && layout.house(h).contains(&(o as u16))
                            })
                    })
                    .collect();
                listed.sort_unstable();
                peers.sort_unstable();
                assert_eq!(listed, peers, "{name}: cell {cell}");
            }
            assert!(!t.has_differ && t.differ.iter().all(|&m| m == 0), "{name}");
        }
    }

    /// Under anti-knight and anti-king rules the cells that must differ
    /// from a cell and share none of its houses are those a knight's
    /// (king's) move away outside its row, column and box (or window),
    /// from the geometry of the moves.
    #[test]
    fn tables_hold_the_cells_a_move_apart_outside_the_houses() {
        let knight = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)];
        let king = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        for (name, moves) in [
            ("9+anti-knight", &knight[..]),
            ("9+anti-king", &king[..]),
            ("9+windoku+anti-knight", &knight[..]),
        ] {
            let rules: crate::Rules = name.parse().unwrap();
            let t = Tables::of(rules.layout()).unwrap();
            assert!(t.has_differ, "{name}");
            for cell in 0..CELLS {
                let (r, c) = ((cell / 9) as i32, (cell % 9) as i32);
                let houses: u128 =
                    t.unit_of(cell).iter().fold(0, |m, &u| m | t.unit_set[u as usize]);
                let mut expected = 0u128;
                for &(dr, dc) in moves {
                    let (r, c) = (r + dr, c + dc);
                    if (0..9).contains(&r) && (0..9).contains(&c) {
                        let o = (r * 9 + c) as usize;
                        if houses >> o & 1 == 0 {
                            expected |= 1 << o;
                        }
                    }
                }
                assert_eq!(t.differ[cell], expected, "{name}: cell {cell}");
            }
        }
    }
}
