//! [`Reach`]: which potentials each potential reaches along the static
//! links of a board (the transitive closure of the implication graph),
//! so that a forcing-chain search that cannot meet its target is skipped
//! instead of followed to its end.
//!
//! The closure is built from the strongly connected components (Tarjan,
//! "Depth-first search and linear graph algorithms", SIAM J. Comput. 1972):
//! every potential of a component reaches the same set, the union of the
//! component itself and of what its successor components reach, and
//! Tarjan's algorithm closes each component after all of its successors.
//! Sets are bit sets over the components, one per component; a component
//! reaches only components closed before it, so its set is as long as its
//! number.
//!
//! Invariant: after [`Reach::build`], `reaches(a, b)` is true exactly when
//! a path of one or more links leads from `a` to `b`, or `a` and `b` lie
//! on a common cycle, or `a == b`.

use super::board::NODES;
use super::run::Cause;

const NONE: u32 = u32::MAX;

/// The closure of one link graph, with the scratch space to build it.
#[derive(Debug, Default)]
pub(super) struct Reach {
    /// The potentials present, by compact index.
    nodes: Vec<u16>,
    /// The compact index of each potential (`NONE` when absent).
    index: Vec<u32>,
    /// The component of each compact index.
    comp: Vec<u32>,
    /// Where the set of each component starts in `sets`.
    start: Vec<u32>,
    /// Whether each component is one potential without links: its set,
    /// itself alone, is not stored.
    sink: Vec<bool>,
    /// The components each component reaches, as bit sets over the
    /// components (numbered as Tarjan closes them).
    sets: Vec<u64>,
    order: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    /// Depth-first frames: (compact index, next link).
    frames: Vec<(u32, u32)>,
}

impl Reach {
    /// Builds the closure of the graph whose potentials are `present` and
    /// whose links from `p` are `links(p)` (every target present).
    pub(super) fn build<'a>(
        &mut self,
        present: impl Iterator<Item = u16>,
        links: impl Fn(u16) -> &'a [(u16, Cause)],
    ) {
        self.index.clear();
        self.index.resize(NODES, NONE);
        self.nodes.clear();
        for p in present {
            self.index[p as usize] = self.nodes.len() as u32;
            self.nodes.push(p);
        }
        let n = self.nodes.len();
        self.start.clear();
        self.sink.clear();
        self.sets.clear();
        for v in [&mut self.order, &mut self.low, &mut self.comp] {
            v.clear();
            v.resize(n, NONE);
        }
        self.on_stack.clear();
        self.on_stack.resize(n, false);
        let mut counter = 0u32;
        for root in 0..n as u32 {
            if self.order[root as usize] != NONE {
                continue;
            }
            self.open(root, &mut counter);
            while let Some(&(v, k)) = self.frames.last() {
                let out = links(self.nodes[v as usize]);
                if let Some(&(q, _)) = out.get(k as usize) {
                    self.frames.last_mut().expect("a frame").1 += 1;
                    let w = self.index[q as usize];
                    if self.order[w as usize] == NONE {
                        self.open(w, &mut counter);
                    } else if self.on_stack[w as usize] {
                        let low = self.low[v as usize].min(self.order[w as usize]);
                        self.low[v as usize] = low;
                    }
                    continue;
                }
                self.frames.pop();
                if let Some(&(parent, _)) = self.frames.last() {
                    let low = self.low[parent as usize].min(self.low[v as usize]);
                    self.low[parent as usize] = low;
                }
                if self.low[v as usize] == self.order[v as usize] {
                    self.close(v, &links);
                }
            }
        }
    }

    fn open(&mut self, v: u32, counter: &mut u32) {
        self.order[v as usize] = *counter;
        self.low[v as usize] = *counter;
        *counter += 1;
        self.stack.push(v);
        self.on_stack[v as usize] = true;
        self.frames.push((v, 0));
    }

    /// Pops the component rooted at `v` and computes its set: itself and
    /// the sets of the components its links lead to (all closed already,
    /// so numbered lower: a component's set has `c / 64 + 1` words).
    fn close<'a>(&mut self, v: u32, links: &impl Fn(u16) -> &'a [(u16, Cause)]) {
        let c = self.start.len() as u32;
        let base = self.sets.len();
        self.start.push(base as u32);
        let at = self.stack.iter().rposition(|&m| m == v).expect("the root is on the stack");
        let members = &self.stack[at..];
        for &m in members {
            self.comp[m as usize] = c;
            self.on_stack[m as usize] = false;
        }
        let alone = members.len() == 1 && links(self.nodes[v as usize]).is_empty();
        self.sink.push(alone);
        if alone {
            self.stack.truncate(at);
            return;
        }
        self.sets.resize(base + c as usize / 64 + 1, 0);
        self.sets[base + c as usize / 64] |= 1 << (c % 64);
        let (done, own) = self.sets.split_at_mut(base);
        for &m in &self.stack[at..] {
            for &(q, _) in links(self.nodes[m as usize]) {
                let cq = self.comp[self.index[q as usize] as usize];
                if cq == c {
                    continue;
                }
                if self.sink[cq as usize] {
                    own[cq as usize / 64] |= 1 << (cq % 64);
                } else {
                    let from = self.start[cq as usize] as usize;
                    let words = cq as usize / 64 + 1;
                    for (o, f) in own.iter_mut().zip(&done[from..from + words]) {
                        *o |= f;
                    }
                }
            }
        }
        self.stack.truncate(at);
    }

    /// Whether `from` reaches `to` (both present on the board built).
    #[inline]
    pub(super) fn reaches(&self, from: u16, to: u16) -> bool {
        let (i, j) = (self.index[from as usize], self.index[to as usize]);
        if i == NONE || j == NONE {
            return false;
        }
        let (a, b) = (self.comp[i as usize] as usize, self.comp[j as usize] as usize);
        if self.sink[a] {
            return a == b;
        }
        b <= a && self.sets[self.start[a] as usize + b / 64] >> (b % 64) & 1 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The closure against a plain depth-first search, on a graph with
    /// cycles, chains and an isolated potential.
    #[test]
    fn closure_matches_a_search() {
        let edges: [(u16, u16); 9] =
            [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (5, 3), (4, 6), (6, 4), (7, 5)];
        let mut out: Vec<Vec<(u16, Cause)>> = vec![Vec::new(); 9];
        for (a, b) in edges {
            out[a as usize].push((b, Cause::Cell));
        }
        let mut reach = Reach::default();
        reach.build(0..9u16, |p| &out[p as usize]);
        for a in 0..9u16 {
            let mut seen = [false; 9];
            let mut todo: Vec<u16> = out[a as usize].iter().map(|l| l.0).collect();
            while let Some(q) = todo.pop() {
                if !seen[q as usize] {
                    seen[q as usize] = true;
                    todo.extend(out[q as usize].iter().map(|l| l.0));
                }
            }
            for b in 0..9u16 {
                assert_eq!(reach.reaches(a, b), seen[b as usize] || a == b, "{a} -> {b}");
            }
        }
        assert!(!reach.reaches(0, 100), "an absent potential is never reached");
    }
}
