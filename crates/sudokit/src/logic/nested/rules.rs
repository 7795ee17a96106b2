//! The cheaper techniques a "+" chain applies inside itself (SE's level 1
//! rules: intersections, hidden pairs, naked pairs, X-wings), on the
//! working board of a chain, each with its *rule parents*: the candidates
//! the chain removed (present on the chain's base board, gone from the
//! working board) that the pattern needs. A pattern without rule parents
//! was already there without the chain and is not used.
//!
//! Each finder pushes every pattern it finds (in SE's scan order) as a
//! [`Pattern`]; the chain takes all the patterns of the first technique
//! that has any with rule parents.

use std::sync::Arc;

use super::board::{Board, MAX_UNITS, Ones, Tables, bits16, cells_of, node};
use crate::deadline::Deadline;

/// A pattern found on the working board.
#[derive(Debug, Default, Clone)]
pub(super) struct Pattern {
    /// The candidates it removes (`cell * 9 + d`).
    pub removable: Vec<u16>,
    /// Its rule parents: "off" potentials of the chain.
    pub parents: Vec<u16>,
}

/// What the rules know of the board beyond its candidates, and when the
/// step must stop.
#[derive(Clone, Debug)]
pub(super) struct Context {
    /// The cells not placed.
    pub empty: u128,
    /// How many times each digit is placed.
    pub placed: [u8; 9],
    /// The request's deadline, read by every search (nested ones too) per
    /// cell. Once it has passed a search may come back short, so the step
    /// is abandoned (its caches go with it).
    pub deadline: Deadline,
    /// The units of the board's rules.
    pub tables: Arc<Tables>,
}

/// The chain's two boards and what differs between them: only patterns
/// touching a difference can have rule parents, so the finders skip the
/// others (they would be dropped anyway).
#[derive(Debug)]
pub(super) struct View<'a> {
    pub ctx: &'a Context,
    pub base: &'a Board,
    pub work: &'a Board,
    /// Places of each digit per unit (`u * 9 + d`) on the working board.
    pub pos: &'a [u16; MAX_UNITS * 9],
    /// The cells holding each digit on the working and on the base board.
    pub hold: &'a [u128; 9],
    pub was: &'a [u128; 9],
    /// Cells whose candidates changed.
    pub changed_cells: u128,
    /// Per unit, the digits whose places changed.
    pub changed: [u16; MAX_UNITS],
}

/// The unit numbers of a type: boxes (or regions), rows, columns, or the
/// extra houses.
fn of_type(t: &Tables, ty: usize) -> std::ops::Range<usize> {
    match ty {
        EXTRA => 27..t.count,
        _ => ty * 9..ty * 9 + 9,
    }
}

/// The pairs `(a, b)`, `a < b < 9`, in SE's order (by `b`, then `a`).
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|b| (0..b).map(move |a| (a, b)))
}

const BOX: usize = 0;
const ROW: usize = 1;
const COL: usize = 2;
const EXTRA: usize = 3;

/// Pointing and claiming (SE's order: box-column, box-row, column-box,
/// row-box, then the crossings of extra houses with the others): a digit
/// of unit 1 confined to its crossing with unit 2 leaves the rest of
/// unit 2.
pub(super) fn locking(v: &View, out: &mut Vec<Pattern>) {
    let t = &*v.ctx.tables;
    let (hold, was) = (v.hold, v.was);
    for (t1, t2) in CROSSINGS {
        for u1 in of_type(t, t1) {
            if v.changed[u1] == 0 {
                continue;
            }
            for u2 in of_type(t, t2) {
                let (s1, s2) = (t.unit_set[u1], t.unit_set[u2]);
                if s1 & s2 == 0 {
                    continue;
                }
                for d in bits16(v.changed[u1]) {
                    let p1 = s1 & hold[d];
                    if p1.count_ones() <= 1 || p1 & !s2 != 0 {
                        continue;
                    }
                    let rem = s2 & !s1 & hold[d];
                    if rem == 0 {
                        continue;
                    }
                    let gone = s1 & !s2 & was[d] & !hold[d];
                    out.push(Pattern {
                        removable: cells_of(rem).map(|c| (c * 9 + d) as u16).collect(),
                        parents: cells_of(gone).map(|c| node(c, d, false)).collect(),
                    });
                }
            }
        }
    }
}

/// The pairs of unit types whose crossings `locking` reads, in order.
const CROSSINGS: [(usize, usize); 10] = [
    (BOX, COL),
    (BOX, ROW),
    (COL, BOX),
    (ROW, BOX),
    (EXTRA, BOX),
    (EXTRA, ROW),
    (EXTRA, COL),
    (BOX, EXTRA),
    (ROW, EXTRA),
    (COL, EXTRA),
];

/// SE's unit order for subsets: boxes, columns, rows; then extra houses.
const SUBSET_UNITS: [usize; 4] = [BOX, COL, ROW, EXTRA];

/// Hidden pairs: two digits with the same two places in a unit (which
/// has more than four empty cells).
pub(super) fn hidden_pair(v: &View, out: &mut Vec<Pattern>) {
    let t = &*v.ctx.tables;
    let (base, work) = (v.base, v.work);
    for ty in SUBSET_UNITS {
        for u in of_type(t, ty) {
            if v.changed[u] == 0 || (t.unit_set[u] & v.ctx.empty).count_ones() <= 4 {
                continue;
            }
            let pos = &v.pos[u * 9..u * 9 + 9];
            for (a, b) in pairs() {
                {
                    if (v.changed[u] >> a | v.changed[u] >> b) & 1 == 0
                        || pos[a].ones() < 2
                        || pos[b].ones() < 2
                        || (pos[a] | pos[b]).ones() != 2
                    {
                        continue;
                    }
                    let both = (1u16 << a) | (1 << b);
                    let mut p = Pattern::default();
                    for k in bits16(pos[a] | pos[b]) {
                        let c = t.units[u][k] as usize;
                        for v in bits16(work[c] & !both) {
                            p.removable.push((c * 9 + v) as u16);
                        }
                    }
                    if p.removable.is_empty() {
                        continue;
                    }
                    for k in 0..9 {
                        if (pos[a] | pos[b]) >> k & 1 != 0 {
                            continue;
                        }
                        let c = t.units[u][k] as usize;
                        for v in [a, b] {
                            if base[c] >> v & 1 != 0 {
                                p.parents.push(node(c, v, false));
                            }
                        }
                    }
                    out.push(p);
                }
            }
        }
    }
}

/// Naked pairs: two cells of a unit (with at least four empty cells) with
/// the same two candidates.
pub(super) fn naked_pair(v: &View, out: &mut Vec<Pattern>) {
    let t = &*v.ctx.tables;
    let (base, work) = (v.base, v.work);
    for ty in SUBSET_UNITS {
        for u in of_type(t, ty) {
            if t.unit_set[u] & v.changed_cells == 0
                || (t.unit_set[u] & v.ctx.empty).count_ones() < 4
            {
                continue;
            }
            let cells = &t.units[u];
            for (i, j) in pairs() {
                let ci = cells[i] as usize;
                {
                    let cj = cells[j] as usize;
                    if work[ci].ones() != 2
                        || work[cj] != work[ci]
                        || (v.changed_cells >> ci | v.changed_cells >> cj) & 1 == 0
                    {
                        continue;
                    }
                    let pair = work[ci];
                    let mut p = Pattern::default();
                    for &c in cells {
                        let c = c as usize;
                        if c != ci && c != cj {
                            for v in bits16(work[c] & pair) {
                                p.removable.push((c * 9 + v) as u16);
                            }
                        }
                    }
                    if p.removable.is_empty() {
                        continue;
                    }
                    for c in [ci, cj] {
                        for v in bits16(base[c] & !pair) {
                            p.parents.push(node(c, v, false));
                        }
                    }
                    out.push(p);
                }
            }
        }
    }
}

/// X-wings: columns as base lines first, then rows.
pub(super) fn x_wing(v: &View, out: &mut Vec<Pattern>) {
    let ctx = v.ctx;
    let t = &*ctx.tables;
    for (base_ty, cover_ty) in [(COL, ROW), (ROW, COL)] {
        for (i, j) in pairs() {
            {
                let (ui, uj) = (base_ty * 9 + i, base_ty * 9 + j);
                for d in bits16(v.changed[ui] | v.changed[uj]) {
                    if ctx.placed[d] as usize + 4 > 9 {
                        continue;
                    }
                    let (pi, pj) = (v.pos[ui * 9 + d], v.pos[uj * 9 + d]);
                    if pi.ones() < 2 || pj.ones() < 2 || (pi | pj).ones() != 2 {
                        continue;
                    }
                    let lines = t.unit_set[ui] | t.unit_set[uj];
                    let mut covers = 0u128;
                    for k in bits16(pi | pj) {
                        covers |= t.unit_set[cover_ty * 9 + k];
                    }
                    let hold = v.hold[d];
                    let rem = covers & !lines & hold;
                    if rem == 0 {
                        continue;
                    }
                    let gone = lines & !covers & v.was[d] & !hold;
                    out.push(Pattern {
                        removable: cells_of(rem).map(|c| (c * 9 + d) as u16).collect(),
                        parents: cells_of(gone).map(|c| node(c, d, false)).collect(),
                    });
                }
            }
        }
    }
}
