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
//! - Nishio (7.5+): dynamic, single-digit links only; an assumption that
//!   leads to a contradiction is refuted.
//! - Multiple (8.0+): static links of both kinds, from cells with three or
//!   more candidates: what every candidate of the cell implies, or every
//!   place of a digit in a unit implies, is true.
//! - Dynamic (8.5+): dynamic, both kinds of links, from every cell:
//!   contradictions, what both "on" and "off" imply, and the cell and unit
//!   forms.
//!
//! The rater uses this module for Nishio chains and, on boards other than
//! 9x9, for multiple and dynamic chains; on 9x9 boards those come from the
//! `nested` module, which follows SE in also intersecting the implications
//! of an assumption that ends in a contradiction.

use super::chains::length_tenths;
use super::difficulty::Er;
use super::potential::Potentials;
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
    /// Per entry: node, start and length of its parents in `arena`.
    entries: Vec<(u32, u32, u32)>,
    arena: Vec<u32>,
}

impl Run {
    fn reset(&mut self, nodes: usize) {
        if self.slot.len() != nodes {
            self.slot = vec![0; nodes];
        } else {
            for &(node, _, _) in &self.entries {
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
        let start = self.arena.len() as u32;
        self.arena.extend_from_slice(parents);
        self.entries.push((node, start, parents.len() as u32));
        self.slot[node as usize] = self.entries.len() as u32;
    }

    fn parents(&self, node: u32) -> &[u32] {
        let (_, s, l) = self.entries[self.slot[node as usize] as usize - 1];
        &self.arena[s as usize..(s + l) as usize]
    }

    /// The nodes present, in insertion order.
    fn nodes(&self) -> impl Iterator<Item = u32> + '_ {
        self.entries.iter().map(|e| e.0)
    }
}

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

/// A conclusion and what it cost.
pub(crate) struct Conclusion {
    pub difficulty: Er,
    pub complexity: u32,
    /// The node concluded: "on" places it, "off" removes it.
    pub target: u32,
    pub source_cell: usize,
    pub kind: &'static str,
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
    /// Places of each digit in each unit on the state: `base_pos[u * n + d]`.
    base_pos: Vec<u64>,
    /// The same on the working grid of the current run.
    pos: Vec<u64>,
    /// For each cell, its index inside its row, column and box.
    slots: Vec<[u8; 3]>,
    /// "On" runs of the current search by `cell * n + digit`, with their
    /// contradiction: unit chains need the runs of later cells, which the
    /// main loop then reuses instead of following them again.
    on_runs: Vec<Option<(Run, Option<Absurd>)>>,
    /// The shape `slots` was built for.
    slots_shape: Option<crate::shape::Shape>,
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
        self.grid.clear();
        self.grid.extend_from_slice(st.masks());
        self.pos.clear();
        self.pos.extend_from_slice(&self.base_pos);
        self.pending_on.clear();
        self.pending_off.clear();
        for node in run.nodes() {
            if node & 1 == 1 {
                self.pending_on.push_back(node);
            } else {
                self.pending_off.push_back(node);
            }
        }
        let mut out = std::mem::take(&mut self.out);
        let mut arena = std::mem::take(&mut self.arena);
        let mut found = None;
        loop {
            out.clear();
            arena.clear();
            let on = if let Some(p) = self.pending_on.pop_front() {
                let (cell, d, _) = self.code.split(p);
                if y {
                    for e in bits(self.grid[cell] & !(1 << d)) {
                        out.push((self.code.node(cell, e as usize, false), arena.len() as u32, 1));
                        arena.push(p);
                    }
                }
                // The peers come row, column, box, each cell once: the
                // order of a scan of the three units that skips repeats.
                for &q in layout.peers(cell) {
                    let q = q as usize;
                    if self.grid[q] & (1 << d) != 0 {
                        out.push((self.code.node(q, d, false), arena.len() as u32, 1));
                        arena.push(p);
                    }
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
                let units = layout.row_col_block(cell);
                for u in [units[2], units[0], units[1]] {
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
                if dynamic && self.grid[cell] & (1 << d) != 0 {
                    self.grid[cell] &= !(1 << d);
                    let slots = self.slots[cell];
                    for (k, u) in units.into_iter().enumerate() {
                        self.pos[u as usize * n + d] &= !(1u64 << slots[k]);
                    }
                }
                false
            } else {
                break;
            };
            for &(q, start, len) in &out {
                let parents = &arena[start as usize..(start + len) as usize];
                if run.has(q ^ 1) {
                    found = Some(if on {
                        (q ^ 1, q, parents.to_vec())
                    } else {
                        (q, q ^ 1, parents.to_vec())
                    });
                    break;
                }
                if !run.has(q) {
                    run.add(q, parents);
                    if on {
                        self.pending_off.push_back(q);
                    } else {
                        self.pending_on.push_back(q);
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
        self.n = st.size();
        self.code = Potentials::new(self.n);
        self.nodes = st.shape().cell_count() * self.n * 2;
        self.prepare(st);
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
                            self.conclusion(mode, cx, on ^ 1, cell, "contradiction"),
                        );
                    }
                    if let Some((a, b, ps)) = &absurd_off {
                        let cx = self.absurd_cost(&run_off, *a, *b, ps);
                        consider(&mut best, self.conclusion(mode, cx, on, cell, "contradiction"));
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
                            consider(&mut best, self.conclusion(mode, cx, q, cell, "double"));
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
                    consider(&mut best, self.conclusion(mode, cx, q, cell, "cell"));
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

    /// The per-state tables: places of each digit per unit, and each
    /// cell's index inside its units.
    fn prepare(&mut self, st: &State) {
        let n = self.n;
        let layout = st.layout();
        self.base_pos.clear();
        for u in 0..3 * n {
            for d in 0..n {
                self.base_pos.push(st.positions(u, 1 << d));
            }
        }
        if self.slots_shape != Some(st.shape()) {
            self.slots_shape = Some(st.shape());
            self.slots = (0..st.shape().cell_count())
                .map(|c| {
                    layout.row_col_block(c).map(|u| {
                        layout.house(u as usize).iter().position(|&x| x as usize == c).unwrap()
                            as u8
                    })
                })
                .collect();
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

    fn conclusion(
        &self,
        mode: Mode,
        complexity: u32,
        target: u32,
        cell: usize,
        kind: &'static str,
    ) -> Conclusion {
        Conclusion {
            difficulty: Er(mode.base().0 + length_tenths(complexity)),
            complexity,
            target,
            source_cell: cell,
            kind,
        }
    }

    /// Unit forcing chains: every place of digit `d` in a unit of `cell`
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
        let units = layout.row_col_block(cell);
        for u in [units[2], units[0], units[1]] {
            let pos = st.positions(u as usize, 1 << d);
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
                    consider(best, self.conclusion(mode, cx, q, cell, "unit"));
                }
            }
            for (&other, r) in cells[1..].iter().zip(runs) {
                self.keep_on_run(other, d, r);
            }
        }
    }

    /// The step of a conclusion.
    pub(crate) fn step(&self, st: &State, c: &Conclusion, mode: Mode) -> Step {
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
        let mut s = Step::new(technique);
        s.difficulty = c.difficulty;
        s.complexity = c.complexity;
        if on {
            s.placements.push((target, digit));
        } else {
            s.eliminations.push((target, digit));
        }
        s.cells = if source == target { vec![target] } else { vec![source, target] };
        s.digits.push(digit);
        let verdict = format!("{}{}{}", target.display(shape), if on { "=" } else { "<>" }, digit);
        let src = source.display(shape);
        s.explanation = match c.kind {
            "contradiction" => format!(
                "assuming the opposite of {verdict} leads, through {} implications, to a cell or \
                 digit with no possibility left, so {verdict}",
                c.complexity
            ),
            "double" => format!(
                "whether {src} takes the digit or not, the implications ({} in all) give {verdict}",
                c.complexity
            ),
            "cell" => format!(
                "every candidate of {src} implies {verdict} ({} implications in all), so {verdict}",
                c.complexity
            ),
            _ => format!(
                "every place of the digit in a unit through {src} implies {verdict} ({} \
                 implications in all), so {verdict}",
                c.complexity
            ),
        };
        s
    }
}
