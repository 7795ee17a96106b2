//! Sudoku Explainer's "Forcing Chains & Cycles" as a rule nested in a
//! chain: every forcing chain (an assumption implying its own opposite)
//! and every bidirectional cycle on the static links of a board, with the
//! links each relies on.
//!
//! SE's three passes, each over every candidate in reading order: X-links
//! only (X-cycles 6.5, X-chains 6.6), Y-cycles through bivalue cells
//! (6.5), both kinds (cycles and chains 7.0); plus SE's length increment.
//! Searches are breadth-first by layers. A cycle search follows every
//! arrival at an "off" potential that is not already on its own chain and
//! the first arrival at an "on" potential; a cycle closes when the
//! assumption comes back after at least four links. A candidate outside
//! the cycle's cells that sees its digit both as an "on" and as an "off"
//! potential of the cycle is removed.
//!
//! Searches that cannot find anything are not run: a forcing search only
//! when its assumption reaches its opposite along the links of the last
//! pass, which has every link (the closure of the `reach` module), a cycle
//! search only when a strong link leads back to its source. A forcing
//! search stops at its first hit, the only one it reports.
//!
//! The link table holds the potentials present on the board only, each
//! with a compact number (reading order of the candidates, "on" before
//! "off"), so that building it and its closure costs in proportion to the
//! candidates left rather than to every potential of an empty board.

use std::ops::ControlFlow;
use std::sync::Arc;

use super::board::{
    Board, CELLS, MAX_UNITS, NODES, Ones, Tables, bits16, cells_of, classic_tables, node,
    positions, split,
};
use super::engine::{Hint, Kind, next_id, removable_of, removed_digits};
use super::reach::Reach;
use super::run::{Cause, Dep};
use crate::logic::chains::length_tenths;
use crate::logic::stamps::StampSet;
use crate::logic::state::bits;

const NONE: u32 = u32::MAX;

/// Words of a bit set over the candidates.
pub(super) const REMOVABLE_WORDS: usize = (CELLS * 9).div_ceil(64);
/// A bit set over the candidates (`cell * 9 + d`).
pub(super) type Removable = [u64; REMOVABLE_WORDS];

/// Whether a candidate of `set` has an "off" potential `old` does not
/// hold (the answer of [`Unary::multiple_may_add`] from
/// [`Unary::multiple_removable`]).
pub(super) fn removable_adds(set: &Removable, old: impl Fn(u16) -> bool) -> bool {
    set.iter()
        .enumerate()
        .any(|(w, &word)| bits(word).any(|b| !old(((w * 64 + b as usize) as u16) << 1)))
}
/// The compact number of a potential absent from the board.
const ABSENT: u16 = u16::MAX;

/// The unary search with its scratch space, reused between boards.
#[derive(Debug)]
pub(super) struct Unary {
    board: Board,
    /// The units of the board's rules.
    tables: Arc<Tables>,
    /// (node, parent entry, cause).
    arena: Vec<(u16, u32, Cause)>,
    on_set: StampSet,
    off_set: StampSet,
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    /// The layer being expanded (its buffer kept between layers).
    layer: Vec<u32>,
    /// The compact number of each potential present on the board
    /// (`ABSENT` for the others): the potentials present are numbered
    /// `0..n` in reading order of their candidates, "on" before "off".
    index: Vec<u16>,
    /// The links of the potentials present, by compact number `i`: its
    /// cell links are `links[start[i]..mid[i]]` and its unit links
    /// `links[mid[i]..start[i + 1]]`.
    start: Vec<u32>,
    mid: Vec<u32>,
    links: Vec<(u16, Cause)>,
    /// The compact number of each link's target (beside `links`).
    targets: Vec<u16>,
    /// What each potential reaches by the links of the last pass (all).
    reach: Reach,
    /// The potential of each compact number.
    nodes: Vec<u16>,
    /// The vertices of each component of `reach`:
    /// `members[member_start[c]..member_start[c + 1]]`, built on demand
    /// (`grouped`) for the board built.
    members: Vec<u16>,
    member_start: Vec<u32>,
    grouped: bool,
    /// Scratch bit set over the components.
    acc: Vec<u64>,
}

impl Default for Unary {
    fn default() -> Unary {
        Unary {
            board: [0; CELLS],
            tables: Arc::clone(classic_tables()),
            arena: Vec::new(),
            on_set: StampSet::default(),
            off_set: StampSet::default(),
            pending_on: Vec::new(),
            pending_off: Vec::new(),
            layer: Vec::new(),
            index: Vec::new(),
            start: Vec::new(),
            mid: Vec::new(),
            links: Vec::new(),
            targets: Vec::new(),
            reach: Reach::default(),
            nodes: Vec::new(),
            members: Vec::new(),
            member_start: Vec::new(),
            grouped: false,
            acc: Vec::new(),
        }
    }
}

impl Unary {
    /// Every unary hint on `board`, in SE's search order (not sorted).
    pub(super) fn hints(&mut self, tables: &Arc<Tables>, board: &Board) -> Vec<Hint> {
        if !Arc::ptr_eq(&self.tables, tables) {
            self.tables = Arc::clone(tables);
        }
        self.build(board);
        let mut hints = Vec::new();
        for (y, x) in [(false, true), (true, false), (true, true)] {
            for (cell, &mask) in board.iter().enumerate() {
                let card = mask.ones();
                if card < 2 || (card > 2 && !x) {
                    continue;
                }
                for d in bits16(mask) {
                    let src = node(cell, d, true);
                    // Only a strong link (a bivalue cell, a unit with two
                    // places) leads back to `src`: without one no cycle
                    // closes.
                    let off = self.index[src as usize ^ 1] as usize;
                    let by_unit = self.mid[off] < self.start[off + 1];
                    if (y && card == 2) || (x && by_unit) {
                        for e in self.cycles(src, y, x) {
                            hints.extend(self.cycle_hint(e, y, x));
                        }
                    }
                    if x {
                        for s in [src, src ^ 1] {
                            let (i, j) = (self.index[s as usize], self.index[s as usize ^ 1]);
                            if !self.reach.reaches(i, j) {
                                continue;
                            }
                            if let Some(e) = self.forcing(s, y) {
                                hints.extend(self.chain_hint(e, y));
                            }
                        }
                    }
                }
            }
        }
        hints
    }

    /// Whether the link table and closure are those of `board`.
    pub(super) fn built_for(&self, board: &Board) -> bool {
        !self.nodes.is_empty() && self.board == *board
    }

    /// Builds the link table of `board` and its closure: every link of
    /// every pass (a forcing search of any pass meets its target only if
    /// the assumption reaches it along these).
    fn build(&mut self, board: &Board) {
        self.board = *board;
        self.grouped = false;
        self.build_links();
        self.reach.build(&self.start, &self.targets);
    }

    /// Whether the static multiple forcing chains of `board` (the
    /// [`super::engine::Family::Multiple`] search of level 0) may remove a
    /// candidate whose "off" potential `old` does not hold. `false` means
    /// that every candidate that search removes is held by `old`, so it
    /// adds nothing to a run that holds `old`.
    ///
    /// The search's runs follow the static links of `board`, the links of
    /// this table, and end at their first contradiction, so each run holds
    /// at most what its assumption reaches in the closure. A cell chain
    /// concludes what every candidate's run holds (cells with more than two
    /// candidates), a region chain what every place's run holds (units
    /// whose first place is such a cell), so every conclusion lies in the
    /// intersection of the closures, and every candidate it removes is
    /// tested here.
    pub(super) fn multiple_may_add(
        &mut self,
        tables: &Arc<Tables>,
        board: &Board,
        old: impl Fn(u16) -> bool,
    ) -> bool {
        if !Arc::ptr_eq(&self.tables, tables) {
            self.tables = Arc::clone(tables);
            // The table built was of other rules.
            self.nodes.clear();
        }
        if !self.built_for(board) {
            self.build(board);
        }
        self.scan_conclusions(board, |u, acc| u.adds(board, acc, &old))
    }

    /// Every candidate the static multiple forcing chains of the board
    /// built (see [`Unary::multiple_may_add`]) may remove, as a bit set
    /// over the candidates (`cell * 9 + d`): the candidates removed by the
    /// potentials in the intersection of the closures of some cell's
    /// candidates or some unit's places. A run holding the "off" potential
    /// of each adds nothing by that search.
    pub(super) fn multiple_removable(&mut self, board: &Board) -> Removable {
        debug_assert!(self.built_for(board));
        let mut set = [0u64; REMOVABLE_WORDS];
        self.scan_conclusions(board, |u, acc| {
            u.for_members(acc, |q| {
                let (cell, digits) = removed_digits(board, q);
                for e in bits16(digits) {
                    let r = cell * 9 + e;
                    set[r / 64] |= 1 << (r % 64);
                }
                false
            })
        });
        set
    }

    /// Calls `stop` with the intersection of the closures (a bit set over
    /// the components) of the candidates of each cell with more than two
    /// candidates and of the places of each digit in each unit whose first
    /// place is such a cell, in reading order; stops at the first `true`,
    /// and returns whether there was one.
    fn scan_conclusions(
        &mut self,
        board: &Board,
        mut stop: impl FnMut(&Unary, &[u64]) -> bool,
    ) -> bool {
        if !self.grouped {
            self.group_members();
        }
        let tables = Arc::clone(&self.tables);
        let t = &*tables;
        let words = self.reach.components() / 64 + 1;
        let mut acc = std::mem::take(&mut self.acc);
        acc.clear();
        acc.resize(words, 0);
        let mut stopped = false;
        'cells: for (cell, &mask) in board.iter().enumerate() {
            if mask.ones() <= 2 {
                continue;
            }
            for (i, d) in bits16(mask).enumerate() {
                let v = self.index[node(cell, d, true) as usize];
                self.reach.meet(v, &mut acc, i == 0);
            }
            if stop(self, &acc) {
                stopped = true;
                break 'cells;
            }
            for d in bits16(mask) {
                for &u in t.unit_of(cell) {
                    let u = u as usize;
                    let pos = positions(t, board, u, d);
                    if pos.ones() < 2 || t.units[u][pos.trailing_zeros() as usize] as usize != cell
                    {
                        continue;
                    }
                    for (i, k) in bits16(pos).enumerate() {
                        let c = t.units[u][k] as usize;
                        let v = self.index[node(c, d, true) as usize];
                        self.reach.meet(v, &mut acc, i == 0);
                    }
                    if stop(self, &acc) {
                        stopped = true;
                        break 'cells;
                    }
                }
            }
        }
        self.acc = acc;
        stopped
    }

    /// Whether a potential of a component in `acc` removes a candidate of
    /// `board` whose "off" potential `old` does not hold.
    fn adds(&self, board: &Board, acc: &[u64], old: &impl Fn(u16) -> bool) -> bool {
        self.for_members(acc, |q| removable_of(board, q).iter().any(|&r| !old(r << 1)))
    }

    /// Calls `stop` with the potential of each vertex of the components in
    /// `acc`; stops at the first `true`, and returns whether there was one.
    fn for_members(&self, acc: &[u64], mut stop: impl FnMut(u16) -> bool) -> bool {
        for (w, &word) in acc.iter().enumerate() {
            for b in bits(word) {
                let c = w * 64 + b as usize;
                let range = self.member_start[c] as usize..self.member_start[c + 1] as usize;
                for &v in &self.members[range] {
                    if stop(self.nodes[v as usize]) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Groups the vertices by component (for [`Unary::adds`]).
    fn group_members(&mut self) {
        let count = self.reach.components();
        self.member_start.clear();
        self.member_start.resize(count + 1, 0);
        for v in 0..self.nodes.len() as u16 {
            self.member_start[self.reach.component(v) + 1] += 1;
        }
        for c in 0..count {
            self.member_start[c + 1] += self.member_start[c];
        }
        self.members.clear();
        self.members.resize(self.nodes.len(), 0);
        let mut next = self.member_start.clone();
        for v in 0..self.nodes.len() as u16 {
            let c = self.reach.component(v);
            self.members[next[c] as usize] = v;
            next[c] += 1;
        }
        self.grouped = true;
    }

    fn reset(&mut self) {
        self.arena.clear();
        self.pending_on.clear();
        self.pending_off.clear();
        self.on_set.clear(NODES);
        self.off_set.clear(NODES);
    }

    fn push(&mut self, node: u16, parent: u32, cause: Cause) -> u32 {
        self.arena.push((node, parent, cause));
        self.arena.len() as u32 - 1
    }

    /// The links of every potential present: "on" to "off" through the
    /// cell (Y) and through the digit's other places in its box, row and
    /// column (X, SE's peer order), then in the cells that must differ
    /// from it (X, reading order); "off" to "on" through a bivalue cell
    /// (Y) and through a unit where the digit has two places (X, box
    /// first, each target once). Absent potentials have no entry.
    fn build_links(&mut self) {
        let tables = Arc::clone(&self.tables);
        let t = &*tables;
        let board = self.board;
        // The places of each digit in each unit (`u * 9 + d`), set from
        // the candidates present.
        let mut places = [0u16; MAX_UNITS * 9];
        self.index.clear();
        self.index.resize(NODES, ABSENT);
        self.nodes.clear();
        let mut n = 0u16;
        for (cell, &mask) in board.iter().enumerate() {
            for d in bits16(mask) {
                for (&u, &slot) in t.unit_of(cell).iter().zip(t.slot(cell)) {
                    places[u as usize * 9 + d] |= 1 << slot;
                }
                self.index[node(cell, d, true) as usize] = n;
                self.index[node(cell, d, false) as usize] = n + 1;
                self.nodes.extend([node(cell, d, true), node(cell, d, false)]);
                n += 2;
            }
        }
        self.start.clear();
        self.mid.clear();
        self.links.clear();
        self.targets.clear();
        for (cell, &mask) in board.iter().enumerate() {
            for d in bits16(mask) {
                // "On": the cell's other candidates, the digit's peers.
                self.start.push(self.links.len() as u32);
                for e in bits16(mask & !(1 << d)) {
                    self.link(node(cell, e, false), Cause::Cell);
                }
                self.mid.push(self.links.len() as u32);
                for (&u, &fresh) in t.unit_of(cell).iter().zip(t.fresh(cell)) {
                    let u = u as usize;
                    for k in bits16(places[u * 9 + d] & fresh) {
                        self.link(node(t.units[u][k] as usize, d, false), Cause::Unit(u as u8));
                    }
                }
                for c in cells_of(t.differ[cell]) {
                    if board[c] >> d & 1 != 0 {
                        self.link(node(c, d, false), Cause::Differ);
                    }
                }
                // "Off": the cell's last candidate, the digit's last place.
                self.start.push(self.links.len() as u32);
                if mask.ones() == 2 {
                    let e = (mask & !(1 << d)).trailing_zeros() as usize;
                    self.link(node(cell, e, true), Cause::Cell);
                }
                let first = self.links.len();
                self.mid.push(first as u32);
                for &u in t.unit_of(cell) {
                    let pos = places[u as usize * 9 + d];
                    if pos.ones() == 2 {
                        for k in bits16(pos) {
                            let c = t.units[u as usize][k] as usize;
                            let q = node(c, d, true);
                            if c != cell && !self.links[first..].iter().any(|o| o.0 == q) {
                                self.link(q, Cause::Unit(u));
                            }
                        }
                    }
                }
            }
        }
        self.start.push(self.links.len() as u32);
    }

    /// Adds a link to potential `q` (present) to the table being built.
    #[inline]
    fn link(&mut self, q: u16, cause: Cause) {
        self.links.push((q, cause));
        self.targets.push(self.index[q as usize]);
    }

    /// The implications of `p` (present): its cell links when `y`, its
    /// unit links when `x`, as a range of `links` (the two parts are
    /// adjacent).
    #[inline]
    fn implied(&self, p: u16, y: bool, x: bool) -> std::ops::Range<usize> {
        let i = self.index[p as usize] as usize;
        let from = if y { self.start[i] } else { self.mid[i] };
        let to = if x { self.start[i + 1] } else { self.mid[i] };
        from as usize..to as usize
    }

    /// The pending "on" (or "off") entries, moved out into the scratch
    /// layer's allocation; the pending list is left empty. Give the layer
    /// back to `self.layer` when done with it.
    fn next_layer(&mut self, on: bool) -> Vec<u32> {
        let mut layer = std::mem::take(&mut self.layer);
        layer.clear();
        let pending = if on { &mut self.pending_on } else { &mut self.pending_off };
        std::mem::swap(&mut layer, pending);
        layer
    }

    /// Whether `node` is a strict ancestor of entry `e`.
    fn is_parent(&self, e: u32, node: u16) -> bool {
        let mut k = self.arena[e as usize].1;
        while k != NONE {
            if self.arena[k as usize].0 == node {
                return true;
            }
            k = self.arena[k as usize].1;
        }
        false
    }

    /// The entries closing a cycle through `src` (an "on" potential).
    fn cycles(&mut self, src: u16, y: bool, x: bool) -> Vec<u32> {
        self.reset();
        let root = self.push(src, NONE, Cause::Assumed);
        self.on_set.insert(src as usize);
        self.pending_on.push(root);
        let mut found = Vec::new();
        let mut length = 0;
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            length += 1;
            self.walk_layer(true, y, true, |u, e, q, cause| {
                if !u.is_parent(e, q) {
                    let k = u.push(q, e, cause);
                    u.pending_off.push(k);
                }
                ControlFlow::Continue(())
            });
            length += 1;
            self.walk_layer(false, y, x, |u, e, q, cause| {
                if length >= 4 && q == src {
                    found.push(u.push(q, e, cause));
                }
                if u.on_set.insert(q as usize) {
                    let k = u.push(q, e, cause);
                    u.pending_on.push(k);
                }
                ControlFlow::Continue(())
            });
        }
        found
    }

    /// The entry where the assumption `src` first implies its opposite
    /// (the search stops there: later entries are not on that chain).
    fn forcing(&mut self, src: u16, y: bool) -> Option<u32> {
        self.reset();
        let root = self.push(src, NONE, Cause::Assumed);
        if src & 1 == 1 {
            self.on_set.insert(src as usize);
            self.pending_on.push(root);
        } else {
            self.off_set.insert(src as usize);
            self.pending_off.push(root);
        }
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            for on in [true, false] {
                if let Some(k) = self.forcing_layer(src, y, on) {
                    return Some(k);
                }
            }
        }
        None
    }

    /// Expands the pending "on" (or "off") layer of a forcing search from
    /// `src`: each potential reached for the first time is pending for the
    /// next layer; the entry of `src`'s opposite when it is reached.
    fn forcing_layer(&mut self, src: u16, y: bool, on: bool) -> Option<u32> {
        self.walk_layer(on, y, true, |u, e, q, cause| {
            if q ^ 1 == src {
                return ControlFlow::Break(u.push(q, e, cause));
            }
            let seen = if on { &mut u.off_set } else { &mut u.on_set };
            if seen.insert(q as usize) {
                let k = u.push(q, e, cause);
                if on {
                    u.pending_off.push(k);
                } else {
                    u.pending_on.push(k);
                }
            }
            ControlFlow::Continue(())
        })
    }

    /// Walks the pending "on" (or "off") layer: `visit(self, e, q, cause)`
    /// for each entry `e` of the layer, in order, and each implication
    /// `(q, cause)` of its potential ([`Unary::implied`] with `y`, `x`), in
    /// link order, until a visit breaks with a value, which is returned.
    /// The pending list is empty when `visit` first runs, so it collects
    /// the next layer; the layer's buffer goes back to `self.layer` after.
    #[inline(always)]
    fn walk_layer(
        &mut self,
        on: bool,
        y: bool,
        x: bool,
        mut visit: impl FnMut(&mut Self, u32, u16, Cause) -> ControlFlow<u32>,
    ) -> Option<u32> {
        let layer = self.next_layer(on);
        let mut found = None;
        'layer: for &e in &layer {
            let p = self.arena[e as usize].0;
            for i in self.implied(p, y, x) {
                let (q, cause) = self.links[i];
                if let ControlFlow::Break(k) = visit(self, e, q, cause) {
                    found = Some(k);
                    break 'layer;
                }
            }
        }
        self.layer = layer;
        found
    }

    /// The distinct potentials of the chain ending at `e`, and its links
    /// (all of them, or those of its "on" potentials only).
    fn chain_of(&self, e: u32, all_links: bool) -> (Vec<u16>, Vec<Dep>) {
        let mut nodes: Vec<u16> = Vec::new();
        let mut deps: Vec<Dep> = Vec::new();
        let mut k = e;
        while k != NONE {
            let (n, parent, cause) = self.arena[k as usize];
            if !nodes.contains(&n) {
                nodes.push(n);
                let (cell, d, on) = split(n);
                if on || all_links {
                    let dep = match cause {
                        Cause::Cell => Some(Dep::Cell(cell as u8)),
                        Cause::Unit(u) => Some(Dep::Unit(u, d as u8)),
                        _ => None,
                    };
                    if let Some(dep) = dep.filter(|x| !deps.contains(x)) {
                        deps.push(dep);
                    }
                }
            }
            k = parent;
        }
        (nodes, deps)
    }

    fn cycle_hint(&self, e: u32, y: bool, x: bool) -> Option<Hint> {
        let t = &*self.tables;
        let mut cells: u128 = 0;
        let mut k = e;
        while k != NONE {
            let (n, parent, _) = self.arena[k as usize];
            cells |= 1 << split(n).0;
            k = parent;
        }
        // Per digit, the cells seeing it as an "on" and as an "off"
        // potential of the cycle.
        let (mut forw, mut back) = ([0u128; 9], [0u128; 9]);
        let mut k = e;
        while self.arena[k as usize].1 != NONE {
            let (n, parent, _) = self.arena[k as usize];
            let (cell, d, on) = split(n);
            let mut seen = t.differ[cell];
            for &u in t.unit_of(cell) {
                seen |= t.unit_set[u as usize];
            }
            if on {
                forw[d] |= seen;
            } else {
                back[d] |= seen;
            }
            k = parent;
        }
        // The cells outside the cycle that see some digit both ways.
        let mut seen_both = forw.iter().zip(&back).fold(0, |m, (f, b)| m | (f & b)) & !cells;
        let mut removable = Vec::new();
        while seen_both != 0 {
            let c = seen_both.trailing_zeros() as usize;
            seen_both &= seen_both - 1;
            for d in bits16(self.board[c]) {
                if (forw[d] & back[d]) >> c & 1 != 0 {
                    removable.push((c * 9 + d) as u16);
                }
            }
        }
        if removable.is_empty() {
            return None;
        }
        let (nodes, deps) = self.chain_of(e, true);
        let complexity = nodes.len() as u32;
        let base = if x && y { 70 } else { 65 };
        Some(Hint {
            id: next_id(),
            kind: Kind::Cycle,
            difficulty: base + length_tenths(complexity),
            complexity,
            sort_key: sort_key(y, x),
            removable,
            target: u16::MAX,
            source: self.arena[e as usize].0,
            unit: 0,
            deps,
        })
    }

    fn chain_hint(&self, e: u32, y: bool) -> Option<Hint> {
        let target = self.arena[e as usize].0;
        let removable = removable_of(&self.board, target);
        if removable.is_empty() {
            return None;
        }
        let (nodes, deps) = self.chain_of(e, false);
        let complexity = nodes.len() as u32;
        let base = if y { 70 } else { 66 };
        Some(Hint {
            id: next_id(),
            kind: Kind::Chain,
            difficulty: base + length_tenths(complexity),
            complexity,
            sort_key: sort_key(y, true),
            removable,
            target,
            source: target ^ 1,
            unit: 0,
            deps,
        })
    }
}

fn sort_key(y: bool, x: bool) -> u8 {
    match (y, x) {
        (true, true) => 4,
        (true, false) => 3,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pencil marks of the first puzzles of hardest-1106 (each given
    /// struck from its peers), and the same with every `k`-th candidate
    /// of an unsolved cell struck too, as a working board would be (more
    /// bivalue cells and units with two places). Cells left without a
    /// candidate are fine here: the table is checked, not solved.
    fn boards() -> Vec<Board> {
        let mut out = Vec::new();
        for grid in crate::test_corpus::classic("hardest-1106.txt").into_iter().take(12) {
            let values = grid.values();
            let mut board = [0x1ffu16; CELLS];
            for (cell, &v) in values.iter().enumerate() {
                if v != 0 {
                    for (other, mask) in board.iter_mut().enumerate() {
                        let (r, c, o_r, o_c) = (cell / 9, cell % 9, other / 9, other % 9);
                        let same_box = r / 3 == o_r / 3 && c / 3 == o_c / 3;
                        if other == cell {
                            *mask = 0;
                        } else if r == o_r || c == o_c || same_box {
                            *mask &= !(1 << (v - 1));
                        }
                    }
                }
            }
            out.push(board);
            for k in [5, 7] {
                let mut struck = board;
                let mut n = 0;
                for mask in struck.iter_mut() {
                    for d in bits16(*mask) {
                        n += 1;
                        if n % k == 0 && mask.ones() > 1 {
                            *mask &= !(1 << d);
                        }
                    }
                }
                out.push(struck);
            }
        }
        out
    }

    /// The links of a potential by the rules, as (target, cause) sets:
    /// "on" to the cell's other candidates and to the digit's peers off;
    /// "off" to the cell's last candidate and to the digit's other place
    /// in each unit where it has two.
    fn links_by_rule(board: &Board, p: u16) -> (Vec<(u16, Cause)>, Vec<u16>) {
        let t = classic_tables();
        let (cell, d, on) = split(p);
        let mut by_cell = Vec::new();
        let mut by_unit = Vec::new();
        if on {
            for e in bits16(board[cell] & !(1 << d)) {
                by_cell.push((node(cell, e, false), Cause::Cell));
            }
            for (other, &mask) in board.iter().enumerate() {
                let shared = t.unit_of(cell).iter().any(|u| t.unit_of(other).contains(u));
                if other != cell && shared && mask >> d & 1 != 0 {
                    by_unit.push(node(other, d, false));
                }
            }
        } else {
            if board[cell].ones() == 2 {
                let e = (board[cell] & !(1 << d)).trailing_zeros() as usize;
                by_cell.push((node(cell, e, true), Cause::Cell));
            }
            for &u in t.unit_of(cell) {
                let places: Vec<u8> = t.units[u as usize]
                    .iter()
                    .copied()
                    .filter(|&c| board[c as usize] >> d & 1 != 0)
                    .collect();
                if places.len() == 2 {
                    for c in places {
                        let q = node(c as usize, d, true);
                        if c as usize != cell && !by_unit.contains(&q) {
                            by_unit.push(q);
                        }
                    }
                }
            }
        }
        by_unit.sort_unstable();
        (by_cell, by_unit)
    }

    /// The link table of every board holds exactly the rules' links of
    /// the potentials present (with the compact number of each target),
    /// and the closure answers "does `s` reach its opposite" as a plain
    /// depth-first search over those links does.
    #[test]
    fn link_table_and_closure_follow_the_rules() {
        let mut u = Unary::default();
        for board in boards() {
            u.board = board;
            u.build_links();
            u.reach.build(&u.start, &u.targets);
            let present: Vec<u16> = (0..NODES as u16)
                .filter(|&p| {
                    let (cell, d, _) = split(p);
                    board[cell] >> d & 1 != 0
                })
                .collect();
            assert_eq!(u.start.len(), present.len() + 1);
            for k in 0..u.links.len() {
                assert_eq!(u.targets[k], u.index[u.links[k].0 as usize]);
            }
            for &p in &present {
                let (by_cell, by_unit) = links_by_rule(&board, p);
                let cell_links: Vec<(u16, Cause)> =
                    u.implied(p, true, false).map(|k| u.links[k]).collect();
                assert_eq!(cell_links, by_cell, "cell links of {p}");
                let mut unit_links: Vec<u16> =
                    u.implied(p, false, true).map(|k| u.links[k].0).collect();
                unit_links.sort_unstable();
                assert_eq!(unit_links, by_unit, "unit links of {p}");
                for k in u.implied(p, false, true) {
                    let (q, cause) = u.links[k];
                    let Cause::Unit(unit) = cause else { panic!("a unit link by {cause:?}") };
                    let cells = &classic_tables().units[unit as usize];
                    assert!(
                        cells.contains(&(split(p).0 as u8)) && cells.contains(&(split(q).0 as u8))
                    );
                }
                // A plain search from `p` along every link.
                let mut seen = vec![false; NODES];
                let mut todo = vec![p];
                while let Some(v) = todo.pop() {
                    for k in u.implied(v, true, true) {
                        let q = u.links[k].0;
                        if !seen[q as usize] {
                            seen[q as usize] = true;
                            todo.push(q);
                        }
                    }
                }
                let (i, j) = (u.index[p as usize], u.index[p as usize ^ 1]);
                assert_eq!(u.reach.reaches(i, j), seen[p as usize ^ 1], "{p} reaches its opposite");
            }
        }
    }

    /// The closure never answers "nothing to add" while the static multiple
    /// chains search (run in full) removes a candidate the run lacks: for
    /// every removal of the search, a run holding all the others is told
    /// the search may add. On a puzzle's pencil marks, a run holding them
    /// all is told it adds nothing (the answer that saves the search). The
    /// set kept for the check (`multiple_removable`) holds every candidate
    /// the search removes and gives the check's answers.
    #[test]
    fn multiple_chains_may_add_only_what_the_search_removes() {
        use super::super::engine::{Caches, Chaining, Family};
        use super::super::rules::Context;
        use crate::deadline::Deadline;
        let tables = classic_tables();
        let mut u = Unary::default();
        let (mut seen, mut removing, mut silent) = (0, 0, 0);
        for (i, board) in boards().into_iter().enumerate() {
            let empty = (0..CELLS).filter(|&c| board[c] != 0).fold(0u128, |m, c| m | 1 << c);
            let ctx = Context {
                empty,
                placed: [0; 9],
                deadline: Deadline::never(),
                tables: Arc::clone(tables),
            };
            let mut search = Chaining::new(Family::Multiple, 0, &Caches::default());
            let hints = search.all(&ctx, &board).expect("no deadline");
            let mut removed: Vec<u16> = hints.iter().flat_map(|h| h.removable.clone()).collect();
            removed.sort();
            removed.dedup();
            seen += 1;
            if removed.is_empty() {
                assert!(!u.multiple_may_add(tables, &board, |_| false), "nothing to remove");
                silent += 1;
                continue;
            }
            removing += 1;
            // The set kept for the check holds every candidate removed,
            // and answers as the check does.
            assert!(u.multiple_may_add(tables, &board, |_| false));
            let set = u.multiple_removable(&board);
            for &r in &removed {
                assert!(set[r as usize / 64] >> (r % 64) & 1 != 0, "{r} not in the set: {board:?}");
                let old = |q: u16| q & 1 == 0 && q >> 1 != r && removed.contains(&(q >> 1));
                assert!(u.multiple_may_add(tables, &board, old), "{r} is removed: {board:?}");
                assert!(removable_adds(&set, old), "{r} is removed: {board:?}");
            }
            let all = |q: u16| q & 1 == 0 && removed.contains(&(q >> 1));
            assert_eq!(
                removable_adds(&set, all),
                u.multiple_may_add(tables, &board, all),
                "board {i}: the set and the check differ"
            );
            // The pencil marks of a puzzle (every third board; the others
            // are struck at random and often contradictory, where runs end
            // early and hold less than the closure).
            if i % 3 == 0 {
                assert!(!u.multiple_may_add(tables, &board, all), "board {i}: nothing to add");
                silent += 1;
            }
        }
        assert!(removing >= 10 && silent >= 10, "{removing} of {seen} boards with removals");
    }
}
