//! [`Run`]: the potentials implied by some assumptions, each with the
//! potentials it follows from (its parents) and the rule that gave it.
//!
//! Invariant: a potential is *in* the run at most once (the first arrival
//! wins, as in SE's sets); a *loose* entry (the second half of a
//! contradiction) has parents but is not in the run's set, so the sets a
//! cell or unit chain intersects are exactly SE's.

use super::board::{NODES, split};
use crate::logic::stamps::StampSet;

/// Why a potential holds, for the rule parents of a nested chain.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Cause {
    /// An assumption.
    Assumed,
    /// The cell: the other candidates of a cell (on to off), or the last
    /// candidate of a cell (off to on).
    Cell,
    /// A unit (0..27): the other places of the digit, or its last place.
    Unit(u8),
    /// A cell that must differ from the cell of an "on" potential and
    /// shares no unit with it: the digit there is off.
    Differ,
    /// A cheaper technique applied inside the chain.
    Advanced,
}

/// One potential of a run.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    pub node: u16,
    start: u32,
    len: u32,
    pub cause: Cause,
    /// The nested chain behind an advanced potential: `(id, complexity)`,
    /// id 0 for none.
    pub nested: (u32, u32),
}

/// Words of a bit set over the potentials.
const WORDS: usize = NODES.div_ceil(64);

/// The potentials implied by some assumptions.
///
/// Membership is a bit set (184 bytes, so that the many runs a search
/// keeps stay in cache while every implication tests it); `slot` is read
/// only for members and is not cleared between runs.
#[derive(Debug, Clone)]
pub(super) struct Run {
    /// Bit `node`: whether the potential is in the run (`WORDS` words, on
    /// the heap so that moving a run stays cheap).
    set: Vec<u64>,
    /// `slot[node]`: the entry of a member (a run has at most `NODES + 1`
    /// entries: each potential once, and one loose entry that ends it).
    slot: Vec<u16>,
    entries: Vec<Entry>,
    arena: Vec<u16>,
}

impl Default for Run {
    fn default() -> Run {
        Run { set: vec![0; WORDS], slot: vec![0; NODES], entries: Vec::new(), arena: Vec::new() }
    }
}

impl Run {
    pub fn reset(&mut self) {
        self.set.fill(0);
        self.entries.clear();
        self.arena.clear();
    }

    #[inline]
    pub fn has(&self, node: u16) -> bool {
        self.set[node as usize / 64] >> (node % 64) & 1 != 0
    }

    /// The entry of a potential in the run.
    #[inline]
    pub fn get(&self, node: u16) -> Option<usize> {
        self.has(node).then(|| self.slot[node as usize] as usize)
    }

    /// Adds a potential (not yet in the run); returns its entry.
    #[inline]
    pub fn add(&mut self, node: u16, parents: &[u16], cause: Cause, nested: (u32, u32)) -> usize {
        let e = self.add_loose(node, parents, cause, nested);
        self.set[node as usize / 64] |= 1 << (node % 64);
        self.slot[node as usize] = e as u16;
        e
    }

    /// Records a potential with its parents without putting it in the set.
    #[inline]
    pub fn add_loose(
        &mut self,
        node: u16,
        parents: &[u16],
        cause: Cause,
        nested: (u32, u32),
    ) -> usize {
        let start = self.arena.len() as u32;
        match parents {
            [p] => self.arena.push(*p),
            _ => self.arena.extend_from_slice(parents),
        }
        self.entries.push(Entry { node, start, len: parents.len() as u32, cause, nested });
        self.entries.len() - 1
    }

    #[inline]
    pub fn entry(&self, e: usize) -> &Entry {
        &self.entries[e]
    }

    #[inline]
    pub fn parents(&self, e: usize) -> &[u16] {
        let en = &self.entries[e];
        &self.arena[en.start as usize..(en.start + en.len) as usize]
    }

    /// The potentials of this run that every run of `others` holds too:
    /// its "on" potentials in order of arrival, then its "off" ones (SE's
    /// order of the conclusions of a double, cell or unit chain). The sets
    /// are intersected word by word first.
    pub fn common<'a>(&self, others: impl IntoIterator<Item = &'a Run>) -> Vec<u16> {
        let mut all = [0u64; WORDS];
        all.copy_from_slice(&self.set);
        for r in others {
            for (a, b) in all.iter_mut().zip(&r.set) {
                *a &= b;
            }
        }
        let mut on: Vec<u16> = Vec::new();
        let mut off: Vec<u16> = Vec::new();
        if all.iter().all(|&w| w == 0) {
            return on;
        }
        for q in self.entries.iter().map(|e| e.node) {
            if all[q as usize / 64] >> (q % 64) & 1 != 0 {
                if q & 1 == 1 { on.push(q) } else { off.push(q) }
            }
        }
        on.append(&mut off);
        on
    }

    /// The potentials in the set, in insertion order.
    pub fn nodes(&self) -> impl Iterator<Item = u16> + '_ {
        self.entries.iter().map(|e| e.node).filter(|&n| self.has(n))
    }
}

/// Scratch for counting ancestors: the potentials met, and a stack.
#[derive(Debug, Default)]
pub(super) struct Marks {
    mark: StampSet,
    stack: Vec<usize>,
}

/// What a walk over the ancestors of some targets found.
#[derive(Debug, Default)]
pub(super) struct Walk {
    /// Distinct potentials, summed over the targets walked.
    pub count: u32,
    /// Distinct nested chains met: `(id, complexity)`.
    pub nested: Vec<(u32, u32)>,
    /// Rule parents of the chain as a nested rule: the cells and
    /// `(unit, digit)` whose links the chain uses.
    pub deps: Vec<Dep>,
    /// The sum of the complexities in `nested`.
    nested_sum: u32,
}

/// A link a chain relies on: the cell's candidates, or the places of a
/// digit in a unit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Dep {
    Cell(u8),
    Unit(u8, u8),
}

impl Walk {
    pub fn clear(&mut self) {
        self.count = 0;
        self.nested.clear();
        self.deps.clear();
        self.nested_sum = 0;
    }

    /// The complexity: distinct potentials plus the nested chains'.
    pub fn complexity(&self) -> u32 {
        self.count.saturating_add(self.nested_sum)
    }

    fn dep(&mut self, d: Dep) {
        if !self.deps.contains(&d) {
            self.deps.push(d);
        }
    }
}

impl Marks {
    /// Walks the ancestors of entry `e` of `run` (itself included), adding
    /// to `walk`. `assumed` is the rule parent an assumption stands for
    /// (the source cell of a cell chain, the unit of a unit chain).
    pub fn walk(&mut self, run: &Run, e: usize, assumed: Option<Dep>, walk: &mut Walk) {
        self.walk_within(run, e, assumed, walk, u32::MAX);
    }

    /// [`Marks::walk`], stopped as soon as the walk's complexity exceeds
    /// `limit`; whether it stayed within. The complexity only grows as a
    /// walk goes on, so a walk stopped early ends above `limit` too.
    pub fn walk_within(
        &mut self,
        run: &Run,
        e: usize,
        assumed: Option<Dep>,
        walk: &mut Walk,
        limit: u32,
    ) -> bool {
        self.mark.clear(NODES);
        self.stack.clear();
        self.stack.push(e);
        // The target may be loose: mark by node, follow by entry.
        while let Some(k) = self.stack.pop() {
            let en = *run.entry(k);
            if !self.mark.insert(en.node as usize) {
                continue;
            }
            walk.count += 1;
            if en.nested.0 != 0 && !walk.nested.iter().any(|n| n.0 == en.nested.0) {
                walk.nested.push(en.nested);
                walk.nested_sum = walk.nested_sum.saturating_add(en.nested.1);
            }
            if walk.complexity() > limit {
                return false;
            }
            let (cell, d, on) = split(en.node);
            if on {
                match en.cause {
                    Cause::Cell => walk.dep(Dep::Cell(cell as u8)),
                    Cause::Unit(u) => walk.dep(Dep::Unit(u, d as u8)),
                    Cause::Assumed => {
                        if let Some(a) = assumed {
                            walk.dep(a);
                        }
                    }
                    Cause::Advanced | Cause::Differ => {}
                }
            }
            for &p in run.parents(k) {
                if let Some(pe) = run.get(p) {
                    self.stack.push(pe);
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::{Cause, Marks, Run, Walk};

    /// A walk within a limit gives the full walk's complexity when that is
    /// within the limit, and says so; one unit below, it says it is not.
    #[test]
    fn a_walk_within_a_limit_stops_only_above_it() {
        let mut run = Run::default();
        run.reset();
        run.add(1, &[], Cause::Assumed, (0, 0));
        run.add(2, &[1], Cause::Cell, (0, 0));
        run.add(4, &[1], Cause::Unit(3), (0, 0));
        let last = run.add(7, &[2, 4], Cause::Advanced, (9, 5));
        let mut marks = Marks::default();
        let mut full = Walk::default();
        marks.walk(&run, last, None, &mut full);
        assert_eq!((full.count, full.complexity()), (4, 9));
        for limit in [9, 10, u32::MAX] {
            let mut walk = Walk::default();
            assert!(marks.walk_within(&run, last, None, &mut walk, limit));
            assert_eq!((walk.count, walk.complexity(), walk.deps.len()), (4, 9, full.deps.len()));
        }
        for limit in [0, 4, 8] {
            let mut walk = Walk::default();
            assert!(!marks.walk_within(&run, last, None, &mut walk, limit), "limit {limit}");
        }
    }
}
