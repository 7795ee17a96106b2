//! Forcing chains on Sudoku Explainer's model.
//!
//! A *potential* is a candidate assumed on (the digit is in the cell) or
//! off. Implications (SE 1.2.1, "Forcing Chains & Cycles"):
//! - on → off: the other candidates of the cell (*Y-link*, not in X-only
//!   chains) and the same digit in every peer (*X-link*);
//! - off → on: the other candidate of a bivalue cell (Y), the other place of
//!   a digit with two places left in a box, row or column (X);
//! - with constraints (cages, thermometers, dots, neighbour rules), in the
//!   chains with cells: whatever the `links` module says a potential
//!   implies through them, "on" or "off" (a cycle takes their "on" to
//!   "off" links only, to alternate).
//!
//! From every candidate, assumed on and assumed off, the implications are
//! followed breadth-first on the current (static) pencil marks. When the
//! assumption implies its own opposite it is refuted: "on implies off"
//! removes the candidate, "off implies on" places it. A chain's rating is
//! its base (6.6 for single-digit forcing X-chains, 7.0 when cells are used
//! too) plus SE's length increment over the number of potentials in the
//! chain; the easiest chain (rating, then length) is the step, as in SE,
//! whose rater sorts every chain found the same way.
//!
//! Bidirectional cycles (SE's "Bidirectional X-Cycle", "Y-Cycle" and
//! "Cycle"): from a candidate assumed on, the same layered search looks for
//! a loop back to the candidate (at least four links). SE follows every
//! arrival at an "off" potential; this search keeps the first, except for
//! the potentials that close the loop, so among loops of equal length it
//! may pick another one than SE. Each loop is searched from its smallest
//! "on" potential only. Every link of such a loop also works
//! backwards, so either all its "on" potentials are true or all its "off"
//! ones are; a candidate outside the loop's cells that sees its digit both
//! as an "on" and as an "off" potential of the loop is false. With
//! constraints, "seeing" takes in their links too: a candidate that an "on"
//! potential of the loop implies "off" through a constraint, and that the
//! candidate of an "off" potential implies "off" as well, is false. Ratings: 6.5
//! (one digit, or bivalue cells only) or 7.0 (both), plus the length
//! increment over the loop's potentials; they compete with the forcing
//! chains for the easiest step, as in SE (rules from SE 1.2.1's chaining
//! rules; no code copied).
//!
//! A step carries its path as a [`ChainProof`](super::ChainProof) of form
//! chain or cycle (one branch, each potential with the cell, house, cells
//! that must differ or constraint it follows by); rating alone skips it.
//!
//! Then, in that order, aligned triplet exclusion (7.5, the `exclusion`
//! module) and the `forcing` module's Nishio, multiple and dynamic chains;
//! on 9x9 boards the caller stops this search below multiple chains and the
//! `nested` module takes over from there (multiple, dynamic and nested
//! chains).

use super::Found;
use super::difficulty::Er;
use super::forcing::{Forcing, Mode, Said, se_houses};
use super::links::{ConstraintLinks, describe, is_house_link};
use super::potential::Potentials;
use super::proof::{Branch, ChainForm, ChainProof, Implication, Potential, Reason};
use super::stamps::StampSet;
use super::state::{State, bits};
use super::step::{Step, Technique};
use crate::deadline::{Deadline, Passed};
use crate::digit::Digit;

const NONE: u32 = u32::MAX;

/// SE's length increment, in tenths, for a chain of `complexity` potentials:
/// 0.1 each time `complexity - 2` exceeds 4, 6, 8, 12, 16, 24, 32, ...
pub(crate) fn length_tenths(complexity: u32) -> u16 {
    let length = complexity.saturating_sub(2);
    let (mut ceil, mut odd, mut added) = (4u32, false, 0u16);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The largest complexity `c` for which a chain of base `base` would still
/// be easier than `best` (rating, then complexity): the ratings only grow
/// with the complexity, so those `c` are a prefix.
fn max_complexity(base: Er, best: (Er, u32)) -> u32 {
    let mut c = 0;
    while c < best.1.max(1) * 64 {
        let next = c + 1;
        if (Er(base.0 + length_tenths(next)), next) >= best {
            break;
        }
        c = next;
    }
    c
}

/// Scratch space for chain searches, reused across steps.
#[derive(Debug, Default)]
pub(crate) struct Chainer {
    n: usize,
    /// The numbering of potentials for side `n`.
    code: Potentials,
    /// The nodes the current search has met.
    seen: StampSet,
    parent: Vec<u32>,
    depth: Vec<u32>,
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    /// Implications of every potential (see `build_links`).
    links: Vec<u32>,
    link_start: Vec<u32>,
    /// Places of each digit in each unit: `upos[u * n + d]`.
    upos: Vec<u64>,
    forcing: Forcing,
    /// Cycle search entries `(node, parent entry, depth)`, each node once.
    arena: Vec<(u32, u32, u32)>,
    cycle_on: Vec<u32>,
    cycle_off: Vec<u32>,
    /// Where aligned triplet exclusion last found nothing.
    triplets: super::exclusion::TripletMemo,
    /// The constraints' links (module `links`), loaded on the state.
    constraint_links: ConstraintLinks,
    /// Whether the rules have constraints (then `links` holds theirs too
    /// in the passes with cells, and a link may keep its polarity).
    constrained: bool,
    /// One potential's constraint links.
    implied: Vec<(u32, u32)>,
}

/// The links a bidirectional cycle may use (SE's three loop searches): X
/// (one digit: peers and conjugate places), Y (cells: "on" implies "off"
/// through peers and cells, "off" implies "on" only in bivalue cells), or
/// both.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum CycleKind {
    X,
    Y,
    XY,
}

impl CycleKind {
    fn technique(self) -> Technique {
        match self {
            CycleKind::X => Technique::BidirectionalXCycle,
            CycleKind::Y => Technique::BidirectionalYCycle,
            CycleKind::XY => Technique::BidirectionalCycle,
        }
    }
}

/// The best chain found so far.
struct Best {
    difficulty: Er,
    complexity: u32,
    /// Potentials from the assumption to its refutation.
    path: Vec<u32>,
    technique: Technique,
    /// A cycle's eliminations `(cell, digit index)`; empty for forcing chains.
    cycle_elims: Vec<(usize, usize)>,
    /// Whether some of them come from the constraints' links.
    through_constraints: bool,
}

impl Chainer {
    fn prepare(&mut self, st: &State) {
        let n = st.size();
        self.n = n;
        self.code = Potentials::new(self.n);
        let nodes = st.shape().cell_count() * n * 2;
        if self.seen.len() != nodes {
            self.seen.clear(nodes);
            self.parent = vec![NONE; nodes];
            self.depth = vec![0; nodes];
        }
        self.upos.clear();
        for u in 0..st.layout().house_count() {
            for d in 0..n {
                self.upos.push(st.positions(u, 1 << d));
            }
        }
        self.constrained = self.constraint_links.load(st);
    }

    fn new_search(&mut self) {
        self.seen.clear(self.seen.len());
    }

    /// The next step from the chain families, or `Found::Nothing`; families
    /// whose easiest chain is rated above `ceiling` are not tried.
    pub(crate) fn find(&mut self, st: &State, deadline: &Deadline, ceiling: Er) -> Found {
        self.prepare(st);
        let mut best: Option<Best> = None;
        let easiest_y = (Technique::BidirectionalYCycle.base(), 4);
        for y in [false, true] {
            // X-only chains and cycles rate 6.5+; the second pass has Y-cycles
            // (6.5+, at least 4 potentials) and chains with cells (7.0+), so it
            // runs only when the first left room for those.
            if y && best.as_ref().is_some_and(|b| (b.difficulty, b.complexity) <= easiest_y) {
                break;
            }
            if !self.unary_pass(st, y, deadline, &mut best) {
                return Found::OutOfTime;
            }
        }
        if let Some(b) = best {
            return Found::Step(self.chain_step(st, b));
        }
        // SE tries aligned triplet exclusion (7.5) after these chains and
        // before Nishio.
        if ceiling >= Technique::AlignedTripletExclusion.base()
            && let Some(s) = self.triplets.aligned_triplet(st)
        {
            return Found::Step(s);
        }
        for mode in [Mode::Nishio, Mode::Multiple, Mode::Dynamic] {
            if ceiling < mode.base() {
                break;
            }
            if deadline.passed() {
                return Found::OutOfTime;
            }
            match self.forcing.find(st, mode, deadline) {
                Err(Passed) => return Found::OutOfTime,
                Ok(Some(c)) => return Found::Step(self.forcing.step(st, &c, mode)),
                Ok(None) => {}
            }
        }
        Found::Nothing
    }

    /// The easiest step of one chain technique alone (no time limit).
    pub(crate) fn find_technique(&mut self, st: &State, technique: Technique) -> Option<Step> {
        self.prepare(st);
        let mode = match technique {
            Technique::ForcingXChain | Technique::ForcingChain => {
                let mut best = None;
                let y = technique == Technique::ForcingChain;
                self.build_links(st, y);
                self.each_source(st, &Deadline::never(), |me, i, d| {
                    for on in [true, false] {
                        me.unary(me.code.node(i, d, on), y, &mut best);
                    }
                });
                return best.map(|b| self.chain_step(st, b));
            }
            Technique::BidirectionalXCycle
            | Technique::BidirectionalYCycle
            | Technique::BidirectionalCycle => {
                let kind = match technique {
                    Technique::BidirectionalXCycle => CycleKind::X,
                    Technique::BidirectionalYCycle => CycleKind::Y,
                    _ => CycleKind::XY,
                };
                let mut best = None;
                self.build_links(st, kind != CycleKind::X);
                self.each_source(st, &Deadline::never(), |me, i, d| {
                    if kind != CycleKind::Y || st.count(i) == 2 {
                        me.cycles(st, me.code.node(i, d, true), kind, &mut best);
                    }
                });
                return best.map(|b| self.chain_step(st, b));
            }
            Technique::Nishio => Mode::Nishio,
            Technique::MultipleForcingChain => Mode::Multiple,
            Technique::DynamicForcingChain => Mode::Dynamic,
            _ => return None,
        };
        let found = self.forcing.find(st, mode, &Deadline::never());
        found.ok().flatten().map(|c| self.forcing.step(st, &c, mode))
    }

    /// Tries every candidate, assumed on and off, as the source of a
    /// single-digit (`y` false) or general chain; keeps the easiest in
    /// `best`. Returns false when the deadline passed.
    fn unary_pass(
        &mut self,
        st: &State,
        y: bool,
        deadline: &Deadline,
        best: &mut Option<Best>,
    ) -> bool {
        self.build_links(st, y);
        // Below 7.0 only Y-cycles can still win the second pass.
        let y_cycles_only =
            y && best.as_ref().is_some_and(|b| b.difficulty < Technique::BidirectionalCycle.base());
        self.each_source(st, deadline, |me, i, d| {
            let src = me.code.node(i, d, true);
            if y_cycles_only {
                if st.count(i) == 2 {
                    me.cycles(st, src, CycleKind::Y, best);
                }
                return;
            }
            // SE's order per candidate: its cycles, then its chains.
            if y {
                if st.count(i) == 2 {
                    me.cycles(st, src, CycleKind::Y, best);
                }
                me.cycles(st, src, CycleKind::XY, best);
            } else {
                me.cycles(st, src, CycleKind::X, best);
            }
            for on in [true, false] {
                me.unary(me.code.node(i, d, on), y, best);
            }
        })
    }

    /// Calls `f(self, cell, digit index)` for every candidate of every cell
    /// with two or more, in reading order; false when the deadline passed.
    fn each_source(
        &mut self,
        st: &State,
        deadline: &Deadline,
        mut f: impl FnMut(&mut Self, usize, usize),
    ) -> bool {
        for i in 0..st.shape().cell_count() {
            if st.value(i) != 0 || st.count(i) < 2 {
                continue;
            }
            if deadline.passed() {
                return false;
            }
            for d in bits(st.mask(i)) {
                f(self, i, d as usize);
            }
        }
        true
    }

    /// Whether "off" potential `q` implies `src` directly.
    fn closes(&self, links: &[u32], q: u32, src: u32) -> bool {
        let (a, b) = (self.link_start[q as usize], self.link_start[q as usize + 1]);
        links[a as usize..b as usize].contains(&src)
    }

    /// Whether `node` is on the chain of arena entry `e` (its ancestors).
    fn on_chain(&self, mut e: u32, node: u32) -> bool {
        while e != NONE {
            let (n, parent, _) = self.arena[e as usize];
            if n == node {
                return true;
            }
            e = parent;
        }
        false
    }

    /// Looks for bidirectional cycles through `src` (an "on" potential) as
    /// SE does: implications followed breadth-first, alternating layers,
    /// and a cycle whenever an "off" potential at least three links away
    /// implies `src` again. Keeps the easiest cycle that removes something.
    fn cycles(&mut self, st: &State, src: u32, kind: CycleKind, best: &mut Option<Best>) {
        let base = kind.technique().base();
        let limit_of = |best: &Option<Best>| {
            best.as_ref().map_or(u32::MAX, |b| max_complexity(base, (b.difficulty, b.complexity)))
        };
        let mut limit = limit_of(best);
        if limit < 4 {
            return;
        }
        // The loop ends with an "off" potential implying `src`: through a
        // bivalue cell (Y) or a unit where the digit has two places (X).
        let (cell, d, _) = self.code.split(src);
        let bivalue = st.count(cell) == 2;
        let conjugate = kind != CycleKind::Y
            && st
                .layout()
                .houses_of(cell)
                .iter()
                .any(|&u| self.upos[u as usize * self.n + d].count_ones() == 2);
        if !(conjugate || (bivalue && kind != CycleKind::X)) {
            return;
        }
        self.new_search();
        self.seen.insert(src as usize);
        self.arena.clear();
        self.arena.push((src, NONE, 1));
        self.cycle_on.clear();
        self.cycle_off.clear();
        self.cycle_on.push(0);
        let links = std::mem::take(&mut self.links);
        let mut length = 0;
        while !self.cycle_on.is_empty() || !self.cycle_off.is_empty() {
            length += 1;
            let layer = std::mem::take(&mut self.cycle_on);
            for &e in &layer {
                let (p, _, depth) = self.arena[e as usize];
                if depth >= limit {
                    continue;
                }
                let (a, b) = (self.link_start[p as usize], self.link_start[p as usize + 1]);
                for &q in &links[a as usize..b as usize] {
                    // A loop alternates "on" and "off" potentials; only
                    // constraint links may keep the polarity.
                    if self.constrained && q & 1 == 1 {
                        continue;
                    }
                    // Unlike SE, which keeps every arrival at an "off"
                    // potential, only the first (shortest) one is followed,
                    // except for the potentials that imply `src` back (the
                    // loop's last link): those are kept on every arrival
                    // whose chain does not already hold them.
                    let first = !self.seen.contains(q as usize);
                    if first || (self.closes(&links, q, src) && !self.on_chain(e, q)) {
                        self.seen.insert(q as usize);
                        self.cycle_off.push(self.arena.len() as u32);
                        self.arena.push((q, e, depth + 1));
                    }
                }
            }
            self.cycle_on = layer;
            self.cycle_on.clear();
            length += 1;
            let layer = std::mem::take(&mut self.cycle_off);
            for &e in &layer {
                let (p, _, depth) = self.arena[e as usize];
                let (a, b) = (self.link_start[p as usize], self.link_start[p as usize + 1]);
                for &q in &links[a as usize..b as usize] {
                    if self.constrained && q & 1 == 0 {
                        continue;
                    }
                    if kind == CycleKind::Y && (q >> 1) / self.n as u32 != (p >> 1) / self.n as u32
                    {
                        continue; // Y-cycles: "off" implies "on" only inside a cell
                    }
                    if length >= 4 && q == src && depth <= limit {
                        self.record_cycle(st, e, kind, best);
                        limit = limit_of(best);
                    }
                    // Each loop is looked for from its smallest "on"
                    // potential only: from there it is found at least as
                    // short, and the other searches stay small.
                    if !self.seen.contains(q as usize) && depth < limit && q > src {
                        self.seen.insert(q as usize);
                        self.cycle_on.push(self.arena.len() as u32);
                        self.arena.push((q, e, depth + 1));
                    }
                }
            }
            self.cycle_off = layer;
            self.cycle_off.clear();
        }
        self.links = links;
    }

    /// Keeps the cycle closed by arena entry `e` if it removes something and
    /// beats `best`. SE's rule: a candidate outside the cycle's cells that
    /// sees the same digit both in an "on" and in an "off" potential of the
    /// cycle is false either way round.
    fn record_cycle(&mut self, st: &State, e: u32, kind: CycleKind, best: &mut Option<Best>) {
        let complexity = self.arena[e as usize].2;
        let technique = kind.technique();
        let difficulty = Er(technique.base().0 + length_tenths(complexity));
        if best.as_ref().is_some_and(|b| (b.difficulty, b.complexity) <= (difficulty, complexity)) {
            return;
        }
        let mut path = Vec::with_capacity(complexity as usize + 1);
        let mut k = e;
        while k != NONE {
            path.push(self.arena[k as usize].0);
            k = self.arena[k as usize].1;
        }
        path.reverse();
        path.push(path[0]);
        let cells: Vec<usize> = path.iter().map(|&p| self.code.split(p).0).collect();
        let layout = st.layout();
        let (mut forw, mut back) = (Vec::new(), Vec::new());
        for &p in &path[1..] {
            let (cell, d, on) = self.code.split(p);
            for &q in layout.peers(cell) {
                let q = q as usize;
                if !cells.contains(&q) && st.mask(q) & (1 << d) != 0 {
                    if on { forw.push((q, d)) } else { back.push((q, d)) }
                }
            }
        }
        let mut by_peers: Vec<(usize, usize)> =
            forw.iter().copied().filter(|x| back.contains(x)).collect();
        by_peers.sort_unstable();
        by_peers.dedup();
        let mut elims = by_peers.clone();
        if self.constrained {
            // The constraints rule candidates out too: whatever the loop's
            // "on" potentials imply "off", and whatever its "off"
            // potentials' candidates imply "off" when they hold instead.
            for &p in &path[1..] {
                let (cell, d, on) = self.code.split(p);
                self.implied.clear();
                let holds = self.code.node(cell, d, true);
                self.constraint_links.implied(st, self.code, holds, &mut self.implied);
                for &(q, _) in &self.implied {
                    let (q, e, q_on) = self.code.split(q);
                    if !q_on && !cells.contains(&q) && st.mask(q) & (1 << e) != 0 {
                        if on { forw.push((q, e)) } else { back.push((q, e)) }
                    }
                }
            }
            elims.extend(forw.iter().copied().filter(|x| back.contains(x)));
            elims.sort_unstable();
            elims.dedup();
        }
        if elims.is_empty() {
            return;
        }
        let through_constraints = elims.iter().any(|x| !by_peers.contains(x));
        *best = Some(Best {
            difficulty,
            complexity,
            path,
            technique,
            cycle_elims: elims,
            through_constraints,
        });
    }

    /// The implications of every potential on the current pencil marks, in
    /// the order the search meets them: `links[link_start[v]..link_start[v + 1]]`.
    fn build_links(&mut self, st: &State, y: bool) {
        let layout = st.layout();
        let nodes = self.seen.len();
        self.link_start.clear();
        self.links.clear();
        for v in 0..nodes as u32 {
            self.link_start.push(self.links.len() as u32);
            let (cell, d, on) = self.code.split(v);
            if st.mask(cell) & (1 << d) == 0 {
                continue;
            }
            if on {
                if y {
                    for e in bits(st.mask(cell) & !(1 << d)) {
                        self.links.push(self.code.node(cell, e as usize, false));
                    }
                }
                for &q in layout.peers(cell) {
                    if st.mask(q as usize) & (1 << d) != 0 {
                        self.links.push(self.code.node(q as usize, d, false));
                    }
                }
            } else {
                if y && st.count(cell) == 2 {
                    let e = (st.mask(cell) & !(1 << d)).trailing_zeros() as usize;
                    self.links.push(self.code.node(cell, e, true));
                }
                for &u in layout.houses_of(cell) {
                    let pos = self.upos[u as usize * self.n + d];
                    if pos.count_ones() == 2 {
                        for k in bits(pos) {
                            let q = layout.house(u as usize)[k as usize] as usize;
                            if q != cell {
                                self.links.push(self.code.node(q, d, true));
                            }
                        }
                    }
                }
            }
            // The constraints' links come after the houses' and cells':
            // where both give a potential, the chain names the house.
            if y && self.constrained {
                self.implied.clear();
                self.constraint_links.implied(st, self.code, v, &mut self.implied);
                let own = self.link_start[v as usize] as usize;
                for &(q, _) in &self.implied {
                    if !self.links[own..].contains(&q) {
                        self.links.push(q);
                    }
                }
            }
        }
        self.link_start.push(self.links.len() as u32);
    }

    /// Records the implications `out` of node `p` in the current
    /// search: each unseen one gets `p` as parent and joins the next
    /// layer of its polarity; reaching `conj` first sets `found`.
    fn visit(&mut self, out: &[u32], p: u32, conj: u32, found: &mut Option<u32>) {
        for &q in out {
            if q == conj && found.is_none() {
                *found = Some(p);
            }
            if self.seen.insert(q as usize) {
                self.parent[q as usize] = p;
                self.depth[q as usize] = self.depth[p as usize] + 1;
                if q & 1 == 1 { self.pending_on.push(q) } else { self.pending_off.push(q) }
            }
        }
    }

    /// Follows the implications of `src` breadth-first (SE's layered order)
    /// and records the chain when it reaches the opposite of `src`.
    fn unary(&mut self, src: u32, y: bool, best: &mut Option<Best>) {
        self.new_search();
        let conj = src ^ 1;
        let technique = if y { Technique::ForcingChain } else { Technique::ForcingXChain };
        self.seen.insert(src as usize);
        self.parent[src as usize] = NONE;
        self.depth[src as usize] = 1;
        self.pending_on.clear();
        self.pending_off.clear();
        if src & 1 == 1 {
            self.pending_on.push(src);
        } else {
            self.pending_off.push(src);
        }
        let mut found: Option<u32> = None;
        let links = std::mem::take(&mut self.links);
        // A chain found from a node at depth `k` has complexity `k + 1`; past
        // `limit` it could not beat `best`, so deeper layers are not built.
        let limit = best
            .as_ref()
            .map_or(u32::MAX, |b| max_complexity(technique.base(), (b.difficulty, b.complexity)));
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            for on in [true, false] {
                let layer =
                    std::mem::take(if on { &mut self.pending_on } else { &mut self.pending_off });
                let deep = layer.first().is_some_and(|&p| self.depth[p as usize] >= limit);
                if !deep {
                    for &p in &layer {
                        let (a, b) = (self.link_start[p as usize], self.link_start[p as usize + 1]);
                        self.visit(&links[a as usize..b as usize], p, conj, &mut found);
                    }
                }
                let mut layer = layer;
                layer.clear();
                if on {
                    self.pending_on = layer
                } else {
                    self.pending_off = layer
                }
                if deep || found.is_some() {
                    self.pending_on.clear();
                    self.pending_off.clear();
                    break;
                }
            }
        }
        self.links = links;
        let Some(last) = found else { return };
        let complexity = self.depth[last as usize] + 1;
        let difficulty = Er(technique.base().0 + length_tenths(complexity));
        if best.as_ref().is_some_and(|b| (b.difficulty, b.complexity) <= (difficulty, complexity)) {
            return;
        }
        let mut path = vec![conj];
        let mut p = last;
        while p != NONE {
            path.push(p);
            p = self.parent[p as usize];
        }
        path.reverse();
        *best = Some(Best {
            difficulty,
            complexity,
            path,
            technique,
            cycle_elims: Vec::new(),
            through_constraints: false,
        });
    }

    fn chain_step(&mut self, st: &State, b: Best) -> Step {
        if !b.cycle_elims.is_empty() {
            return self.cycle_step(st, b);
        }
        let shape = st.shape();
        let src = b.path[0];
        let (cell, d, on) = self.code.split(src);
        let c = State::cell(cell);
        let digit = Digit::new(d as u8 + 1);
        // The assumption is refuted: "on" removes the digit, "off" places it.
        let mut s = Step::chain(b.technique, (b.difficulty, b.complexity), c, digit, !on);
        let names = self.path_evidence(&b.path, st, &mut s);
        let (assume, conclude) = if on { ("=", "<>") } else { ("<>", "=") };
        let name = c.display(shape);
        s.explanation = format!(
            "if {name}{assume}{digit} then {}, a contradiction; so {name}{conclude}{digit}",
            names[1..].join(" -> ")
        );
        s.chain = self.path_proof(st, &b.path, ChainForm::Chain);
        s
    }
}

impl Chainer {
    /// Adds the cells and digits of `path` to the step's evidence (digits
    /// sorted) and names its potentials in order (`r1c2=5`, `r3c4<>7`),
    /// each reached through a constraint followed by it (`r1c2<>4 (by the
    /// white dot between r1c1 and r1c2)`).
    fn path_evidence(&mut self, path: &[u32], st: &State, s: &mut Step) -> Vec<String> {
        let shape = st.shape();
        let mut names = Vec::with_capacity(path.len());
        for (i, &p) in path.iter().enumerate() {
            let (pc, pd, pon) = self.code.split(p);
            let pcell = State::cell(pc);
            if !s.cells.contains(&pcell) {
                s.cells.push(pcell);
            }
            let pdig = Digit::new(pd as u8 + 1);
            if !s.digits.contains(&pdig) {
                s.digits.push(pdig);
            }
            let mut name =
                format!("{}{}{}", pcell.display(shape), if pon { "=" } else { "<>" }, pd + 1);
            if let Some(k) = self.constraint_reason(st, path, i) {
                name.push_str(&format!(" (by {})", describe(st, k)));
            }
            names.push(name);
        }
        s.digits.sort();
        names
    }

    /// The constraint through which `path[i - 1]` implies `path[i]`, when
    /// no house or cell does.
    fn constraint_reason(&mut self, st: &State, path: &[u32], i: usize) -> Option<u32> {
        if !self.constrained || i == 0 || is_house_link(st, self.code, path[i - 1], path[i]) {
            return None;
        }
        self.constraint_links.reason(st, self.code, path[i - 1], path[i])
    }

    fn cycle_step(&mut self, st: &State, b: Best) -> Step {
        let shape = st.shape();
        let mut s = Step::new(b.technique);
        s.difficulty = b.difficulty;
        s.complexity = b.complexity;
        s.eliminations =
            b.cycle_elims.iter().map(|&(c, d)| (State::cell(c), Digit::new(d as u8 + 1))).collect();
        let names = self.path_evidence(&b.path, st, &mut s);
        s.explanation = format!(
            "the loop {} closes, and each of its links also works backwards, so either every \
             \"=\" in it is true or every \"<>\" is; a candidate seeing its digit both ways{} is \
             false in both cases: {}",
            names.join(" -> "),
            if b.through_constraints { ", or ruled out by a constraint both ways," } else { "" },
            super::step::elim_list(shape, &s.eliminations)
        );
        s.chain = self.path_proof(st, &b.path, ChainForm::Cycle);
        s
    }

    /// The proof of a chain or cycle along `path`, for programs (the
    /// step's sentence already names the path): one branch whose every
    /// potential follows from the one before, by a cell, a house, cells
    /// that must differ or a named constraint. A chain ends at the
    /// opposite of its assumption, a cycle at its first potential again.
    /// `None` when only the rating is wanted.
    fn path_proof(&mut self, st: &State, path: &[u32], form: ChainForm) -> Option<Box<ChainProof>> {
        if st.quiet() {
            return None;
        }
        let mut said = Said::default();
        let mut implications = Vec::with_capacity(path.len());
        for (i, &q) in path.iter().enumerate() {
            let reason = if i == 0 {
                Reason::Assumed
            } else if let Some(k) = self.constraint_reason(st, path, i) {
                Reason::Constraint(said.index(st, k))
            } else {
                self.link_reason(st, path[i - 1], q)
            };
            let (cell, d, on) = self.code.split(q);
            let potential =
                Potential { cell: State::cell(cell), digit: Digit::new(d as u8 + 1), on };
            let parents = if i == 0 { Vec::new() } else { vec![i - 1] };
            implications.push(Implication { potential, reason, parents });
        }
        let branches = vec![Branch { implications }];
        Some(Box::new(ChainProof { form, branches, nested: Vec::new(), constraints: said.names }))
    }

    /// Why `from` implies `to` through a cell, a house (for "off" to "on",
    /// one where the digit has just the two places) or cells that must
    /// differ; houses in Sudoku Explainer's order (box, row, column, then
    /// the rules' extra houses).
    fn link_reason(&self, st: &State, from: u32, to: u32) -> Reason {
        let (a, d, _) = self.code.split(from);
        let (b, _, on) = self.code.split(to);
        if a == b {
            return Reason::Cell;
        }
        let layout = st.layout();
        se_houses(layout.houses_of(b))
            .find(|&u| {
                layout.house(u as usize).contains(&(a as u16))
                    && (!on || self.upos[u as usize * self.n + d].count_ones() == 2)
            })
            .map_or(Reason::Differ, |u| Reason::House(layout.name(u as usize)))
    }
}

#[cfg(test)]
mod tests {
    use super::length_tenths;
    use crate::grid::Grid;
    use crate::logic::LogicSolver;
    use crate::logic::step::Technique;
    use crate::rules::Rules;

    #[test]
    fn cycles_remove_what_a_dot_rules_out_both_ways() {
        // A givenless kropki puzzle, every dot given (`generate --variant
        // kropki --seed 23`, the first): its path has cycles whose
        // eliminations a dot gives, not a house.
        let rules: Rules = concat!(
            "9+kropki-negative+black:0.1+white:1.2+black:4.13+white:8.17+white:9.10",
            "+black:10.19+black:12.21+white:13.14+white:15.24+white:17.26+white:19.20",
            "+black:19.28+white:21.30+white:27.36+white:28.37+white:34.43+white:38.47",
            "+white:40.41+black:42.43+white:42.51+white:43.44+white:45.46+white:45.54",
            "+white:47.48+black:47.56+white:49.50+white:50.59+white:52.61+white:56.57",
            "+black:58.67+black:59.60+white:60.61+white:63.64+black:63.72+white:64.65",
            "+white:76.77+white:77.78+white:79.80",
        )
        .parse()
        .unwrap();
        let puzzle = Grid::from_values_with(rules, vec![0; 81]).unwrap();
        let path = LogicSolver::new().solve(&puzzle).unwrap();
        // The solution is checked by the rules, not by the solver.
        assert!(path.solution.is_solution_of(&puzzle));
        let cycles = [
            Technique::BidirectionalXCycle,
            Technique::BidirectionalYCycle,
            Technique::BidirectionalCycle,
        ];
        let through: Vec<_> = path
            .steps
            .iter()
            .filter(|s| cycles.contains(&s.technique))
            .filter(|s| s.explanation.contains("ruled out by a constraint"))
            .collect();
        assert!(!through.is_empty(), "no cycle elimination through a constraint");
        for step in through {
            for &(cell, digit) in &step.eliminations {
                assert_ne!(
                    path.solution.values()[cell.index()],
                    digit.get(),
                    "{}",
                    step.explanation
                );
            }
        }
    }

    #[test]
    fn length_increments_follow_se_thresholds() {
        // complexity - 2 thresholds: 4, 6, 8, 12, 16, 24.
        let want = [
            (6, 0),
            (7, 1),
            (8, 1),
            (9, 2),
            (10, 2),
            (11, 3),
            (14, 3),
            (15, 4),
            (18, 4),
            (19, 5),
            (26, 5),
            (27, 6),
        ];
        for (c, t) in want {
            assert_eq!(length_tenths(c), t, "complexity {c}");
        }
    }
}
