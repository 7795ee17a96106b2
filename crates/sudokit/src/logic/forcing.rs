//! Nishio, multiple (cell and unit) and dynamic forcing chains, on Sudoku
//! Explainer's model (SE 1.2.1 "Chaining" with its multiple, dynamic and
//! Nishio modes).
//!
//! One *run* follows every implication of some assumptions, one potential
//! at a time, "on" potentials first, each new potential remembering the
//! potentials that caused it (its parents). In *dynamic* mode each "off"
//! potential is struck from a working copy of the pencil marks, so later
//! implications see earlier ones; the struck candidates become extra
//! parents of what they cause. A rule's complexity is the number of
//! distinct potentials behind its conclusion (summed over its chains); its
//! rating is the base plus SE's length increment of that number.
//!
//! The links come from the rules' houses, whatever they are: "on" in a
//! cell implies "off" in each peer (any house or "must differ" group it
//! shares), and "off" implies "on" at the other place of a digit left with
//! two places in any house of the cell (row, column, box or region, then
//! diagonals, windows and other extra houses). The unit forms start from
//! every house of a cell too. With constraints, the modes with cells also
//! follow the links the `links` module reads from them on the working
//! grid; such a link's parents are the potential and the candidates struck
//! so far from the constraint's cells, and a conclusion names the
//! constraints behind it.
//!
//! - Nishio (7.5+): dynamic, single-digit links only; an assumption that
//!   leads to a contradiction is refuted.
//! - Multiple (8.0+): static links of both kinds, from cells with three or
//!   more candidates: what every candidate of the cell implies, or every
//!   place of a digit in a house implies, is true.
//! - Dynamic (8.5+): dynamic, both kinds of links, from every cell:
//!   contradictions, what both "on" and "off" imply, and the cell and unit
//!   forms.
//!
//! A step carries its proof ([`ChainProof`]): the assumptions are run
//! again once the step is chosen, and each branch keeps the implications
//! its conclusion depends on, each with its reason (a cell, a house, cells
//! that must differ, or a named constraint). Rating alone (a quiet state)
//! skips it.
//!
//! The rater uses this module for Nishio chains and, on boards other than
//! 9x9 with classic rules, for multiple and dynamic chains; on those
//! boards they come from the `nested` module, which follows SE in also intersecting the implications
//! of an assumption that ends in a contradiction.

use super::chains::length_tenths;
use super::difficulty::Er;
use super::links::{ConstraintLinks, describe};
use super::potential::{Potentials, queue_by_polarity};
use super::proof::{Branch, ChainForm, ChainProof, Implication, Potential, Reason};
use super::stamps::StampSet;
use super::state::{State, bits};
use super::step::{Step, Technique};
use crate::deadline::{Deadline, Passed};
use crate::digit::Digit;

/// The potentials implied by some assumptions, with their parents.
#[derive(Debug, Default, Clone)]
pub(crate) struct Run {
    /// `slot[node]`: 0 when absent, else 1 + the entry index.
    slot: Vec<u32>,
    /// Per entry: node, start and length of its parents in `arena`, and
    /// the propagator that implied it ([`NO_CONSTRAINT`] for a house or
    /// a cell).
    entries: Vec<(u32, u32, u32, u32)>,
    arena: Vec<u32>,
}

impl Run {
    fn reset(&mut self, nodes: usize) {
        if self.slot.len() != nodes {
            self.slot = vec![0; nodes];
        } else {
            for &(node, ..) in &self.entries {
                self.slot[node as usize] = 0;
            }
        }
        self.entries.clear();
        self.arena.clear();
    }

    #[inline]
    fn has(&self, node: u32) -> bool {
        self.slot[node as usize] != 0
    }

    fn add(&mut self, node: u32, parents: &[u32]) {
        self.add_via(node, parents, NO_CONSTRAINT);
    }

    /// Adds `node`, implied by `parents` through propagator `via`.
    fn add_via(&mut self, node: u32, parents: &[u32], via: u32) {
        let start = self.arena.len() as u32;
        self.arena.extend_from_slice(parents);
        self.entries.push((node, start, parents.len() as u32, via));
        self.slot[node as usize] = self.entries.len() as u32;
    }

    fn parents(&self, node: u32) -> &[u32] {
        let (_, s, l, _) = self.entries[self.slot[node as usize] as usize - 1];
        &self.arena[s as usize..(s + l) as usize]
    }

    /// The propagator that implied `node` (present), or [`NO_CONSTRAINT`].
    fn via(&self, node: u32) -> u32 {
        self.entries[self.slot[node as usize] as usize - 1].3
    }

    /// The nodes present, in insertion order.
    fn nodes(&self) -> impl Iterator<Item = u32> + '_ {
        self.entries.iter().map(|e| e.0)
    }
}

/// The `via` of a run's entry implied by a house or a cell.
const NO_CONSTRAINT: u32 = u32::MAX;

/// Which family of forcing chains to look for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Mode {
    Nishio,
    Multiple,
    Dynamic,
}

impl Mode {
    pub(crate) fn base(self) -> Er {
        match self {
            Mode::Nishio => Technique::Nishio.base(),
            Mode::Multiple => Technique::MultipleForcingChain.base(),
            Mode::Dynamic => Technique::DynamicForcingChain.base(),
        }
    }
    fn dynamic(self) -> bool {
        self != Mode::Multiple
    }
    fn y(self) -> bool {
        self != Mode::Nishio
    }
}

/// Where the branches of a conclusion start.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Start {
    /// One assumption (a node), which leads to a contradiction.
    Contradiction(u32),
    /// A candidate's "on" node: it and its "off" node imply the target.
    Double(u32),
    /// Every candidate of the source cell.
    Cell,
    /// Every place of a digit (its index) in a house.
    Unit(u16, usize),
}

/// A conclusion and what it cost.
pub(crate) struct Conclusion {
    pub difficulty: Er,
    pub complexity: u32,
    /// The node concluded: "on" places it, "off" removes it.
    pub target: u32,
    pub source_cell: usize,
    pub start: Start,
    /// The propagators whose links the chains behind it follow, by index.
    pub via: Vec<u32>,
}

/// A contradiction: (the "on" node, the "off" node, the parents of the
/// second when it is new).
type Absurd = (u32, u32, Vec<u32>);

/// Scratch for the runs of one search.
#[derive(Debug, Default)]
pub(crate) struct Forcing {
    n: usize,
    /// The numbering of potentials for side `n`.
    code: Potentials,
    nodes: usize,
    grid: Vec<u64>,
    pool: Vec<Run>,
    mark: StampSet,
    stack: Vec<u32>,
    pending_on: std::collections::VecDeque<u32>,
    pending_off: std::collections::VecDeque<u32>,
    /// Implications of the potential being expanded: (node, start, length
    /// of its parents in `arena`).
    out: Vec<(u32, u32, u32)>,
    arena: Vec<u32>,
    /// Places of each digit in each house of the rules on the state:
    /// `base_pos[u * n + d]`.
    base_pos: Vec<u64>,
    /// The same on the working grid of the current run.
    pos: Vec<u64>,
    /// "On" runs of the current search by `cell * n + digit`, with their
    /// contradiction: unit chains need the runs of later cells, which the
    /// main loop then reuses instead of following them again.
    on_runs: Vec<Option<(Run, Option<Absurd>)>>,
    /// The constraints' links (module `links`), on the working grid.
    constraint_links: ConstraintLinks,
    /// Whether the rules have constraints: then the modes with cells
    /// follow their links too.
    constrained: bool,
    /// One potential's constraint links.
    implied: Vec<(u32, u32)>,
    /// The candidates struck so far from one propagator's cells, as "off"
    /// nodes (the extra parents of its links).
    struck: Vec<u32>,
    /// The propagators of the expanded potential's constraint links, by
    /// implied node.
    out_via: Vec<(u32, u32)>,
    /// The propagators met by [`Forcing::ancestors`] since the last
    /// conclusion was made.
    via_met: Vec<u32>,
    /// The propagator of the last contradiction's new potential
    /// ([`NO_CONSTRAINT`] for a house or a cell).
    absurd_via: u32,
}

/// The houses of a cell (see [`Layout::houses_of`]) in Sudoku Explainer's
/// order of regions: its box or region, its row, its column, then the
/// extra houses of the rules.
///
/// [`Layout::houses_of`]: crate::shape::Layout::houses_of
#[inline]
pub(super) fn se_houses(houses: &[u16]) -> impl Iterator<Item = u16> + '_ {
    [houses[2], houses[0], houses[1]].into_iter().chain(houses[3..].iter().copied())
}

impl Forcing {
    fn take_run(&mut self) -> Run {
        let mut r = self.pool.pop().unwrap_or_default();
        r.reset(self.nodes);
        r
    }

    /// Follows the implications of the assumptions in `run` (already
    /// added). Returns a contradiction: (the "on" node, the "off" node, the
    /// parents of the second when it is new).
    fn chain(&mut self, st: &State, run: &mut Run, mode: Mode) -> Option<(u32, u32, Vec<u32>)> {
        let layout = st.layout();
        let n = self.n;
        let (y, dynamic) = (mode.y(), mode.dynamic());
        let constrained = y && self.constrained;
        if constrained {
            self.constraint_links.load(st);
        }
        self.grid.clear();
        self.grid.extend_from_slice(st.masks());
        self.pos.clear();
        self.pos.extend_from_slice(&self.base_pos);
        queue_by_polarity(run.nodes(), &mut self.pending_on, &mut self.pending_off);
        let mut out = std::mem::take(&mut self.out);
        let mut arena = std::mem::take(&mut self.arena);
        let mut found = None;
        loop {
            out.clear();
            arena.clear();
            if constrained {
                self.out_via.clear();
            }
            let on = if let Some(p) = self.pending_on.pop_front() {
                let (cell, d, _) = self.code.split(p);
                if y {
                    for e in bits(self.grid[cell] & !(1 << d)) {
                        out.push((self.code.node(cell, e as usize, false), arena.len() as u32, 1));
                        arena.push(p);
                    }
                }
                // The peers come house by house (row, column, box, extra
                // houses, then "must differ" groups), each cell once.
                for &q in layout.peers(cell) {
                    let q = q as usize;
                    if self.grid[q] & (1 << d) != 0 {
                        out.push((self.code.node(q, d, false), arena.len() as u32, 1));
                        arena.push(p);
                    }
                }
                if constrained {
                    self.constraint_parents(st, p, &mut out, &mut arena);
                }
                true
            } else if let Some(p) = self.pending_off.pop_front() {
                let (cell, d, _) = self.code.split(p);
                if y && self.grid[cell].count_ones() == 2 {
                    let e = (self.grid[cell] & !(1 << d)).trailing_zeros() as usize;
                    let start = arena.len();
                    arena.push(p);
                    for v in bits(st.mask(cell) & !self.grid[cell]) {
                        arena.push(self.code.node(cell, v as usize, false));
                    }
                    let len = arena.len() - start;
                    out.push((self.code.node(cell, e, true), start as u32, len as u32));
                }
                let units = layout.houses_of(cell);
                for u in se_houses(units) {
                    let cells = layout.house(u as usize);
                    let now = self.pos[u as usize * n + d];
                    if now.count_ones() == 2 {
                        let before = self.base_pos[u as usize * n + d];
                        for k in bits(now) {
                            let q = cells[k as usize] as usize;
                            if q != cell {
                                let node = self.code.node(q, d, true);
                                if !out.iter().any(|o| o.0 == node) {
                                    let start = arena.len();
                                    arena.push(p);
                                    for h in bits(before & !now) {
                                        arena.push(self.code.node(
                                            cells[h as usize] as usize,
                                            d,
                                            false,
                                        ));
                                    }
                                    let len = arena.len() - start;
                                    out.push((node, start as u32, len as u32));
                                }
                            }
                        }
                    }
                }
                if constrained {
                    self.constraint_parents(st, p, &mut out, &mut arena);
                }
                if dynamic && self.grid[cell] & (1 << d) != 0 {
                    if constrained {
                        self.constraint_links.strike(cell, d);
                    }
                    self.grid[cell] &= !(1 << d);
                    for (&u, &k) in units.iter().zip(layout.places_of(cell)) {
                        self.pos[u as usize * n + d] &= !(1u64 << k);
                    }
                }
                false
            } else {
                break;
            };
            for &(q, start, len) in &out {
                let parents = &arena[start as usize..(start + len) as usize];
                if run.has(q ^ 1) {
                    self.absurd_via = if constrained {
                        self.out_via.iter().find(|v| v.0 == q).map_or(NO_CONSTRAINT, |v| v.1)
                    } else {
                        NO_CONSTRAINT
                    };
                    found = Some(if on {
                        (q ^ 1, q, parents.to_vec())
                    } else {
                        (q, q ^ 1, parents.to_vec())
                    });
                    break;
                }
                if !run.has(q) {
                    let via = if constrained {
                        self.out_via.iter().find(|v| v.0 == q).map_or(NO_CONSTRAINT, |v| v.1)
                    } else {
                        NO_CONSTRAINT
                    };
                    run.add_via(q, parents, via);
                    if q & 1 == 1 {
                        self.pending_on.push_back(q);
                    } else {
                        self.pending_off.push_back(q);
                    }
                }
            }
            if found.is_some() {
                break;
            }
        }
        self.out = out;
        self.arena = arena;
        found
    }

    /// Adds to `out` the potentials `p` implies through the constraints on
    /// the working grid, each not there yet, with its parents in `arena`:
    /// `p`, and the candidates of the constraint's cells struck so far
    /// (the working grid the link was read on).
    fn constraint_parents(
        &mut self,
        st: &State,
        p: u32,
        out: &mut Vec<(u32, u32, u32)>,
        arena: &mut Vec<u32>,
    ) {
        let Some(props) = st.rules().propagators() else { return };
        self.implied.clear();
        self.constraint_links.implied(st, self.code, p, &mut self.implied);
        // The struck candidates of the cells of propagator `struck_of`
        // (a propagator's links come together, so each is listed once).
        let mut struck_of = u32::MAX;
        for &(q, k) in &self.implied {
            if out.iter().any(|o| o.0 == q) {
                continue;
            }
            if k != struck_of {
                struck_of = k;
                self.struck.clear();
                for &c in props.cells(k as usize) {
                    let c = c as usize;
                    for v in bits(st.mask(c) & !self.grid[c]) {
                        self.struck.push(self.code.node(c, v as usize, false));
                    }
                }
            }
            let start = arena.len();
            arena.push(p);
            arena.extend_from_slice(&self.struck);
            out.push((q, start as u32, (arena.len() - start) as u32));
            self.out_via.push((q, k));
        }
    }

    /// Distinct potentials behind `node` in `run` (itself included); `extra`
    /// are the parents of a node that is not in the run.
    fn ancestors(&mut self, run: &Run, node: u32, extra: Option<&[u32]>) -> u32 {
        self.mark.clear(self.nodes);
        let mut count = 0;
        self.stack.clear();
        match extra {
            Some(ps) => {
                count += 1;
                self.stack.extend_from_slice(ps);
            }
            None => self.stack.push(node),
        }
        while let Some(p) = self.stack.pop() {
            if !self.mark.insert(p as usize) {
                continue;
            }
            count += 1;
            if run.has(p) {
                if self.constrained && run.via(p) != NO_CONSTRAINT {
                    self.via_met.push(run.via(p));
                }
                let ps = run.parents(p).to_vec();
                self.stack.extend(ps);
            }
        }
        count
    }

    /// The run of "`cell` holds `d`" and its contradiction, from the cache
    /// or followed now. Give it back with [`Forcing::keep_on_run`] or to the pool.
    fn on_run(&mut self, st: &State, mode: Mode, cell: usize, d: usize) -> (Run, Option<Absurd>) {
        if let Some(hit) = self.on_runs[cell * self.n + d].take() {
            return hit;
        }
        let mut run = self.take_run();
        run.add(self.code.node(cell, d, true), &[]);
        let absurd = self.chain(st, &mut run, mode);
        (run, absurd)
    }

    fn keep_on_run(&mut self, cell: usize, d: usize, run: (Run, Option<Absurd>)) {
        self.on_runs[cell * self.n + d] = Some(run);
    }

    /// The easiest conclusion of `mode` on the state, if any; `Err` when
    /// `deadline` passed first (read before each cell's chains).
    pub(crate) fn find(
        &mut self,
        st: &State,
        mode: Mode,
        deadline: &Deadline,
    ) -> Result<Option<Conclusion>, Passed> {
        self.setup(st);
        self.on_runs.clear();
        self.on_runs.resize_with(st.shape().cell_count() * self.n, || None);
        let mut best: Option<Conclusion> = None;
        let consider = |best: &mut Option<Conclusion>, c: Conclusion| {
            if best
                .as_ref()
                .is_none_or(|b| (c.difficulty, c.complexity) < (b.difficulty, b.complexity))
            {
                *best = Some(c);
            }
        };
        for cell in 0..st.shape().cell_count() {
            let card = st.count(cell);
            if st.value(cell) != 0 || card < 2 || (mode == Mode::Multiple && card < 3) {
                continue;
            }
            if deadline.passed() {
                for (r, _) in std::mem::take(&mut self.on_runs).into_iter().flatten() {
                    self.pool.push(r);
                }
                return Err(Passed);
            }
            let mut value_runs: Vec<(usize, Run)> = Vec::new();
            for d in bits(st.mask(cell)) {
                let d = d as usize;
                let on = self.code.node(cell, d, true);
                let (run_on, absurd_on) = self.on_run(st, mode, cell, d);
                let mut run_off = self.take_run();
                run_off.add(on ^ 1, &[]);
                let absurd_off =
                    if mode == Mode::Multiple { None } else { self.chain(st, &mut run_off, mode) };
                if mode != Mode::Multiple {
                    if let Some((a, b, ps)) = &absurd_on {
                        let cx = self.absurd_cost(&run_on, *a, *b, ps);
                        consider(
                            &mut best,
                            self.conclusion(mode, cx, on ^ 1, cell, Start::Contradiction(on)),
                        );
                    }
                    if let Some((a, b, ps)) = &absurd_off {
                        let cx = self.absurd_cost(&run_off, *a, *b, ps);
                        let start = Start::Contradiction(on ^ 1);
                        consider(&mut best, self.conclusion(mode, cx, on, cell, start));
                    }
                }
                if mode == Mode::Dynamic && card >= 3 && absurd_on.is_none() && absurd_off.is_none()
                {
                    // Both "on" and "off" imply the same potential.
                    let common: Vec<u32> = run_on
                        .nodes()
                        .filter(|&q| run_off.has(q) && q != on && q != on ^ 1)
                        .collect();
                    for q in common {
                        if self.worth(st, q) {
                            let cx = self.ancestors(&run_on, q, None)
                                + self.ancestors(&run_off, q, None);
                            consider(
                                &mut best,
                                self.conclusion(mode, cx, q, cell, Start::Double(on)),
                            );
                        }
                    }
                }
                if mode != Mode::Nishio && absurd_on.is_none() {
                    self.region_chains(st, mode, cell, d, &run_on, &mut best, &consider);
                }
                self.pool.push(run_off);
                if absurd_on.is_none() {
                    value_runs.push((d, run_on));
                } else {
                    self.pool.push(run_on);
                }
            }
            if mode != Mode::Nishio && value_runs.len() == card as usize {
                let (_, first) = &value_runs[0];
                let common: Vec<u32> =
                    first.nodes().filter(|&q| value_runs.iter().all(|(_, r)| r.has(q))).collect();
                for q in common {
                    if (q >> 1) as usize / self.n == cell || !self.worth(st, q) {
                        continue;
                    }
                    let mut cx = 0;
                    for (_, r) in &value_runs {
                        cx += self.ancestors(r, q, None);
                    }
                    consider(&mut best, self.conclusion(mode, cx, q, cell, Start::Cell));
                }
            }
            for (_, r) in value_runs {
                self.pool.push(r);
            }
        }
        for (r, _) in std::mem::take(&mut self.on_runs).into_iter().flatten() {
            self.pool.push(r);
        }
        Ok(best)
    }

    /// Sets the scratch up for the state's size and rules.
    fn setup(&mut self, st: &State) {
        self.n = st.size();
        self.code = Potentials::new(self.n);
        self.nodes = st.shape().cell_count() * self.n * 2;
        self.prepare(st);
        self.constrained = self.constraint_links.load(st);
    }

    /// The per-state table: places of each digit in each house.
    fn prepare(&mut self, st: &State) {
        self.base_pos.clear();
        for u in 0..st.layout().house_count() {
            for d in 0..self.n {
                self.base_pos.push(st.positions(u, 1 << d));
            }
        }
    }

    fn absurd_cost(&mut self, run: &Run, a: u32, b: u32, parents: &[u32]) -> u32 {
        // One of the two is in the run, the other is new with `parents`.
        if run.has(a) && run.has(b) {
            self.ancestors(run, a, None) + self.ancestors(run, b, None)
        } else if run.has(a) {
            self.ancestors(run, a, None) + self.ancestors(run, b, Some(parents))
        } else {
            self.ancestors(run, a, Some(parents)) + self.ancestors(run, b, None)
        }
    }

    /// Whether concluding `q` changes the state.
    fn worth(&self, st: &State, q: u32) -> bool {
        let (cell, d, on) = self.code.split(q);
        if on {
            st.value(cell) == 0 && st.mask(cell) & (1 << d) != 0
        } else {
            st.mask(cell) & (1 << d) != 0
        }
    }

    /// The conclusion `target` from `cell`'s chains, whose potentials (as
    /// [`Forcing::ancestors`] has just counted them) are `complexity`.
    fn conclusion(
        &mut self,
        mode: Mode,
        complexity: u32,
        target: u32,
        cell: usize,
        start: Start,
    ) -> Conclusion {
        let mut via = std::mem::take(&mut self.via_met);
        via.sort_unstable();
        via.dedup();
        Conclusion {
            via,
            difficulty: Er(mode.base().0 + length_tenths(complexity)),
            complexity,
            target,
            source_cell: cell,
            start,
        }
    }

    /// Unit forcing chains: every place of digit `d` in a house of `cell`
    /// (met first at `cell`) implies the same potential.
    #[allow(clippy::too_many_arguments)]
    fn region_chains(
        &mut self,
        st: &State,
        mode: Mode,
        cell: usize,
        d: usize,
        run_on: &Run,
        best: &mut Option<Conclusion>,
        consider: &dyn Fn(&mut Option<Conclusion>, Conclusion),
    ) {
        let layout = st.layout();
        for u in se_houses(layout.houses_of(cell)) {
            let pos = self.base_pos[u as usize * self.n + d];
            if pos.count_ones() < 2 {
                continue;
            }
            let cells: Vec<usize> =
                bits(pos).map(|k| layout.house(u as usize)[k as usize] as usize).collect();
            if cells[0] != cell {
                continue;
            }
            let mut runs: Vec<(Run, Option<Absurd>)> = Vec::new();
            for &other in &cells[1..] {
                runs.push(self.on_run(st, mode, other, d));
            }
            let ok = runs.iter().all(|r| r.1.is_none());
            if ok {
                let common: Vec<u32> =
                    run_on.nodes().filter(|&q| runs.iter().all(|r| r.0.has(q))).collect();
                for q in common {
                    let (qc, qd, _) = self.code.split(q);
                    if (qd == d && cells.contains(&qc)) || !self.worth(st, q) {
                        continue;
                    }
                    let mut cx = self.ancestors(run_on, q, None);
                    for r in &runs {
                        cx += self.ancestors(&r.0, q, None);
                    }
                    consider(best, self.conclusion(mode, cx, q, cell, Start::Unit(u, d)));
                }
            }
            for (&other, r) in cells[1..].iter().zip(runs) {
                self.keep_on_run(other, d, r);
            }
        }
    }

    /// The step of a conclusion found by [`Forcing::find`] on `st`, with
    /// its proof.
    pub(crate) fn step(&mut self, st: &State, c: &Conclusion, mode: Mode) -> Step {
        let shape = st.shape();
        let technique = match mode {
            Mode::Nishio => Technique::Nishio,
            Mode::Multiple => Technique::MultipleForcingChain,
            Mode::Dynamic => Technique::DynamicForcingChain,
        };
        let (cell, d, on) = self.code.split(c.target);
        let target = State::cell(cell);
        let digit = Digit::new(d as u8 + 1);
        let source = State::cell(c.source_cell);
        let mut s = Step::chain(technique, (c.difficulty, c.complexity), target, digit, on);
        s.cells = if source == target { vec![target] } else { vec![source, target] };
        s.digits.push(digit);
        let verdict = format!("{}{}{}", target.display(shape), if on { "=" } else { "<>" }, digit);
        let src = source.display(shape);
        s.explanation = match c.start {
            Start::Contradiction(_) => format!(
                "assuming the opposite of {verdict} leads, through {} implications, to a cell or \
                 digit with no possibility left, so {verdict}",
                c.complexity
            ),
            Start::Double(_) => format!(
                "whether {src} takes the digit or not, the implications ({} in all) give {verdict}",
                c.complexity
            ),
            Start::Cell => format!(
                "every candidate of {src} implies {verdict} ({} implications in all), so {verdict}",
                c.complexity
            ),
            _ => format!(
                "every place of the digit in a unit through {src} implies {verdict} ({} \
                 implications in all), so {verdict}",
                c.complexity
            ),
        };
        if !c.via.is_empty() {
            let names: Vec<String> = c.via.iter().map(|&k| describe(st, k)).collect();
            s.explanation.push_str(&format!(" (the chains follow {})", names.join(", ")));
        }
        // The proof runs the assumptions again: not for a rating alone.
        let proof = if st.quiet() { None } else { self.proof(st, c, mode) };
        if let Some(proof) = proof {
            s.attach_chain(proof, shape);
        }
        s
    }

    /// The implications behind conclusion `c` of `mode` on `st`: its
    /// assumptions are run again (runs are deterministic, so these are the
    /// runs the search made), and each branch keeps the implications its
    /// conclusion depends on, in the order found. `None` when a run does
    /// not reach the conclusion (not expected).
    fn proof(&mut self, st: &State, c: &Conclusion, mode: Mode) -> Option<ChainProof> {
        self.setup(st);
        let mut said = Said::default();
        let mut branches = Vec::new();
        let form = match c.start {
            Start::Contradiction(a) => {
                let mut run = self.take_run();
                run.add(a, &[]);
                let absurd = self.chain(st, &mut run, mode);
                let via = self.absurd_via;
                let branch = absurd.map(|(x, y, ps)| {
                    let new = [x, y].into_iter().find(|&q| !run.has(q));
                    let ends: Vec<u32> = [x, y].into_iter().filter(|&q| run.has(q)).collect();
                    let extra = new.map(|q| (q, ps.as_slice(), via));
                    self.branch(st, &run, &ends, extra, &mut said)
                });
                self.pool.push(run);
                branches.push(branch?);
                ChainForm::Contradiction
            }
            Start::Double(on) => {
                for a in [on, on ^ 1] {
                    branches.push(self.branch_to(st, mode, a, c.target, &mut said)?);
                }
                ChainForm::Double
            }
            Start::Cell => {
                let cell = c.source_cell;
                for d in bits(st.mask(cell)) {
                    let a = self.code.node(cell, d as usize, true);
                    branches.push(self.branch_to(st, mode, a, c.target, &mut said)?);
                }
                ChainForm::Cell(State::cell(cell))
            }
            Start::Unit(u, d) => {
                let layout = st.layout();
                let places = self.base_pos[u as usize * self.n + d];
                for k in bits(places) {
                    let q = layout.house(u as usize)[k as usize] as usize;
                    let a = self.code.node(q, d, true);
                    branches.push(self.branch_to(st, mode, a, c.target, &mut said)?);
                }
                ChainForm::Region(layout.name(u as usize), Digit::new(d as u8 + 1))
            }
        };
        Some(ChainProof { form, branches, nested: Vec::new(), constraints: said.names })
    }

    /// The branch of assumption `a` up to `target`; `None` when its run
    /// ends in a contradiction or does not reach it.
    fn branch_to(
        &mut self,
        st: &State,
        mode: Mode,
        a: u32,
        target: u32,
        said: &mut Said,
    ) -> Option<Branch> {
        let mut run = self.take_run();
        run.add(a, &[]);
        let absurd = self.chain(st, &mut run, mode);
        let branch = (absurd.is_none() && run.has(target))
            .then(|| self.branch(st, &run, &[target], None, said));
        self.pool.push(run);
        branch
    }

    /// The implications of `run` behind the nodes `ends` and, for a
    /// contradiction, behind a new node with its parents and propagator
    /// (`extra`, last), in the order found.
    fn branch(
        &self,
        st: &State,
        run: &Run,
        ends: &[u32],
        extra: Option<(u32, &[u32], u32)>,
        said: &mut Said,
    ) -> Branch {
        let mut keep = std::collections::HashSet::new();
        let mut stack: Vec<u32> = ends.to_vec();
        if let Some((_, ps, _)) = extra {
            stack.extend_from_slice(ps);
        }
        while let Some(p) = stack.pop() {
            if run.has(p) && keep.insert(p) {
                stack.extend_from_slice(run.parents(p));
            }
        }
        let mut order: Vec<(u32, &[u32], u32)> = run
            .nodes()
            .filter(|q| keep.contains(q))
            .map(|q| (q, run.parents(q), run.via(q)))
            .collect();
        order.extend(extra);
        let mut index = std::collections::HashMap::new();
        let mut implications = Vec::with_capacity(order.len());
        for (i, &(q, ps, via)) in order.iter().enumerate() {
            index.insert(q, i);
            let parents: Vec<usize> = ps.iter().filter_map(|p| index.get(p).copied()).collect();
            let reason = if ps.is_empty() {
                Reason::Assumed
            } else if via != NO_CONSTRAINT {
                Reason::Constraint(said.index(st, via))
            } else {
                self.link_reason(st, ps, q)
            };
            let (cell, d, on) = self.code.split(q);
            let potential =
                Potential { cell: State::cell(cell), digit: Digit::new(d as u8 + 1), on };
            implications.push(Implication { potential, reason, parents });
        }
        Branch { implications }
    }

    /// Why `parents` (the potential expanded first, then the candidates
    /// struck that the link needed) imply `q` through a cell, a house or
    /// cells that must differ.
    fn link_reason(&self, st: &State, parents: &[u32], q: u32) -> Reason {
        let layout = st.layout();
        let (from, _, _) = self.code.split(parents[0]);
        let (cell, _, _) = self.code.split(q);
        if from == cell {
            return Reason::Cell;
        }
        let holds = |u: u16, c: usize| layout.house(u as usize).contains(&(c as u16));
        let struck = || parents[1..].iter().map(|&p| self.code.split(p).0);
        let shared = |all: bool| {
            se_houses(layout.houses_of(cell))
                .find(|&u| holds(u, from) && (!all || struck().all(|c| holds(u, c))))
        };
        match shared(true).or_else(|| shared(false)) {
            Some(u) => Reason::House(layout.name(u as usize)),
            None => Reason::Differ,
        }
    }
}

/// The constraints a proof names, each once.
#[derive(Default)]
pub(super) struct Said {
    /// Propagator indices, in the order first named.
    props: Vec<u32>,
    /// Their descriptions.
    pub(super) names: Vec<String>,
}

impl Said {
    /// The index in the proof's list of propagator `k`'s description.
    pub(super) fn index(&mut self, st: &State, k: u32) -> usize {
        if let Some(i) = self.props.iter().position(|&p| p == k) {
            return i;
        }
        self.props.push(k);
        self.names.push(describe(st, k));
        self.names.len() - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Candidates, Grid, Rules};

    /// A puzzle, its solution as the exact solver finds it (checked
    /// against the recorded one, and unique), and a pencil-mark state met
    /// on its rater's path: each cell's candidates as a run of digits, a
    /// placed cell as its one digit.
    struct Case {
        rules: &'static str,
        puzzle: &'static str,
        solution: &'static str,
        marks: &'static str,
    }

    impl Case {
        fn grid(&self, text: &str) -> Grid {
            let values = text.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 });
            Grid::from_values_with(self.rules.parse().unwrap(), values.collect::<Vec<u8>>())
                .unwrap()
        }

        /// The unique solution, from the exact solver.
        fn solution(&self) -> Grid {
            let found = crate::solve::Solver::new().solutions(&self.grid(self.puzzle), 2);
            assert_eq!(found.len(), 1, "{}: not unique", self.rules);
            assert_eq!(found[0], self.grid(self.solution), "{}: another solution", self.rules);
            found[0].clone()
        }

        /// The state of the marks under `rules`; every digit of the
        /// solution is still a candidate (or placed) there.
        fn state(&self, rules: &str) -> State {
            let masks: Vec<u64> = self
                .marks
                .split_whitespace()
                .map(|c| c.bytes().fold(0, |m, b| m | 1 << (b - b'1')))
                .collect();
            let solution = self.solution();
            for (i, &m) in masks.iter().enumerate() {
                assert!(m >> (solution.values()[i] - 1) & 1 == 1, "cell {i} lost its digit");
            }
            let rules: Rules = rules.parse().unwrap();
            State::from_candidates(&Candidates::from_masks_with(rules, masks).unwrap())
        }
    }

    /// Asserts that the step of `mode` on the case's state is true of the
    /// solution and changes the state; returns it.
    fn true_step(case: &Case, mode: Mode) -> Step {
        let st = case.state(case.rules);
        let mut forcing = Forcing::default();
        let c = forcing.find(&st, mode, &Deadline::never()).unwrap();
        let c = c.unwrap_or_else(|| panic!("{}: no {mode:?} conclusion", case.rules));
        let step = forcing.step(&st, &c, mode);
        let solution = case.solution();
        let digit = |cell: crate::Cell| solution.values()[cell.index()];
        for &(cell, d) in &step.placements {
            assert_eq!(digit(cell), d.get(), "{}: {}", case.rules, step.explanation);
        }
        for &(cell, d) in &step.eliminations {
            assert_ne!(digit(cell), d.get(), "{}: {}", case.rules, step.explanation);
            assert!(st.mask(cell.index()) & d.bit() != 0, "{}: nothing removed", case.rules);
        }
        assert_eq!(step.placements.len() + step.eliminations.len(), 1);
        step
    }

    /// `data/variants/bench/windoku-9.txt`, line 2, after 27 steps.
    const WINDOKU: Case = Case {
        rules: "9+windoku",
        puzzle: "..8.....9....6......17...2...234..6...6..95....................8.4.36...61.......",
        solution: "378452619245961873961783425182345967436279581597618234723894156854136792619527348",
        marks: "3457 3457 8 45 125 12345 6 1345 9 2 459 59 4589 6 1358 1378 13578 13578 359 6 1 7 \
                589 3458 48 2 358 157 58 2 3 4 1578 9 6 178 1347 347 6 2 178 9 5 13478 13478 \
                134579 35789 3579 6 1578 1578 12378 1378 123478 3579 259 3579 1589 25789 24578 \
                12348 134589 6 8 259 4 159 3 6 127 1579 1257 6 1 3579 459 25789 24578 238 3458 \
                23458",
    };

    /// `data/variants/bench/x-9.txt`, line 2, a state on its rater's path.
    const X: Case = Case {
        rules: "9+x",
        puzzle: ".......2..1...4..5.....9.3.....15.7..52......6.........7..9........5...6.91......",
        solution: "834576921719234685265189734983615472152748369647923518576891243428357196391462857",
        marks: "3489 3468 3489 5 3678 3678 4689 2 1 7 1 389 238 2368 4 689 89 5 248 2468 5 1 68 9 \
                47 3 478 3489 348 3489 6 1 5 2348 7 2348 1 5 2 34789 3478 378 348 6 3489 6 348 7 \
                2389 2348 238 15 15 3489 5 7 6 2348 9 1238 238 14 238 2348 2348 348 237 5 1237 \
                12379 489 6 2348 9 1 23478 23468 2368 23578 458 2378",
    };

    /// Asserts that `mode` finds a true step of `technique` on the case's
    /// marks, in the words `words`, and nothing on the same marks under
    /// classic rules (the extra houses forgotten): the step needs them.
    fn needs_the_extra_houses(case: &Case, mode: Mode, technique: Technique, words: &str) {
        let step = true_step(case, mode);
        assert_eq!(step.technique, technique);
        assert!(step.explanation.contains(words), "{}", step.explanation);
        let st = case.state("9");
        assert!(Forcing::default().find(&st, mode, &Deadline::never()).unwrap().is_none());
    }

    #[test]
    fn a_nishio_contradiction_runs_through_a_window() {
        needs_the_extra_houses(&WINDOKU, Mode::Nishio, Technique::Nishio, "no possibility left");
    }

    #[test]
    fn a_unit_forcing_chain_starts_from_a_diagonal() {
        let technique = Technique::MultipleForcingChain;
        needs_the_extra_houses(&X, Mode::Multiple, technique, "every place of the digit");
    }
}
