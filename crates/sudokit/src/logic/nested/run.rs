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

/// The potentials implied by some assumptions.
#[derive(Debug, Default, Clone)]
pub(super) struct Run {
    /// `slot[node]`: 0 when absent, else 1 + its entry.
    slot: Vec<u32>,
    entries: Vec<Entry>,
    arena: Vec<u16>,
}

impl Run {
    pub fn reset(&mut self) {
        if self.slot.len() != NODES {
            self.slot = vec![0; NODES];
        } else {
            for e in &self.entries {
                self.slot[e.node as usize] = 0;
            }
        }
        self.entries.clear();
        self.arena.clear();
    }

    #[inline]
    pub fn has(&self, node: u16) -> bool {
        self.slot[node as usize] != 0
    }

    /// The entry of a potential in the run.
    #[inline]
    pub fn get(&self, node: u16) -> Option<usize> {
        let s = self.slot[node as usize];
        (s != 0).then(|| s as usize - 1)
    }

    /// Adds a potential (not yet in the run); returns its entry.
    pub fn add(&mut self, node: u16, parents: &[u16], cause: Cause, nested: (u32, u32)) -> usize {
        let e = self.add_loose(node, parents, cause, nested);
        self.slot[node as usize] = e as u32 + 1;
        e
    }

    /// Records a potential with its parents without putting it in the set.
    pub fn add_loose(
        &mut self,
        node: u16,
        parents: &[u16],
        cause: Cause,
        nested: (u32, u32),
    ) -> usize {
        let start = self.arena.len() as u32;
        self.arena.extend_from_slice(parents);
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
    }

    /// The complexity: distinct potentials plus the nested chains'.
    pub fn complexity(&self) -> u32 {
        self.count + self.nested.iter().map(|n| n.1).sum::<u32>()
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
                    Cause::Advanced => {}
                }
            }
            for &p in run.parents(k) {
                if let Some(pe) = run.get(p) {
                    self.stack.push(pe);
                }
            }
        }
    }
}
