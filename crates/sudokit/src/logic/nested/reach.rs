//! [`Reach`]: which potentials each potential reaches along the static
//! links of a board (the transitive closure of the implication graph),
//! so that a forcing-chain search that cannot meet its target is skipped
//! instead of followed to its end.
//!
//! The graph is given in compact form: its vertices are numbered `0..n`
//! (the potentials present on the board, numbered by the caller) and the
//! links of vertex `v` are `targets[start[v]..start[v + 1]]`.
//!
//! The closure is built from the strongly connected components (Tarjan,
//! "Depth-first search and linear graph algorithms", SIAM J. Comput. 1972):
//! every vertex of a component reaches the same set, the union of the
//! component itself and of what its successor components reach, and
//! Tarjan's algorithm closes each component after all of its successors.
//! Sets are bit sets over the components, one per component; a component
//! reaches only components closed before it, so its set is as long as its
//! number.
//!
//! Invariant: after [`Reach::build`], `reaches(a, b)` is true exactly when
//! a path of one or more links leads from `a` to `b`, or `a` and `b` lie
//! on a common cycle, or `a == b`.

const NONE: u32 = u32::MAX;

/// The closure of one link graph, with the scratch space to build it.
#[derive(Debug, Default)]
pub(super) struct Reach {
    /// The component of each vertex (`NONE` while it is on Tarjan's
    /// stack or not yet met).
    comp: Vec<u32>,
    /// Where the set of each component starts in `sets`.
    start: Vec<u32>,
    /// Whether each component is one vertex without links: its set,
    /// itself alone, is not stored.
    sink: Vec<bool>,
    /// The components each component reaches, as bit sets over the
    /// components (numbered as Tarjan closes them).
    sets: Vec<u64>,
    /// Depth-first number and low link of each vertex (`NONE`: not met).
    order: Vec<(u32, u32)>,
    stack: Vec<u32>,
    /// Depth-first frames of the vertices above the current one:
    /// (vertex, next link).
    frames: Vec<(u32, u32)>,
}

impl Reach {
    /// Builds the closure of the graph on the vertices `0..start.len() - 1`
    /// whose links from `v` are `targets[start[v]..start[v + 1]]` (every
    /// target a vertex).
    ///
    /// A vertex met and not yet given a component is on Tarjan's stack,
    /// so `comp` doubles as the on-stack test.
    pub(super) fn build(&mut self, start: &[u32], targets: &[u16]) {
        let n = start.len() - 1;
        self.start.clear();
        self.sink.clear();
        self.sets.clear();
        self.order.clear();
        self.order.resize(n, (NONE, NONE));
        self.comp.clear();
        self.comp.resize(n, NONE);
        self.stack.clear();
        self.frames.clear();
        let mut counter = 0u32;
        for root in 0..n {
            if self.order[root].0 != NONE {
                continue;
            }
            let mut v = root;
            let (mut k, mut end) = (start[v] as usize, start[v + 1] as usize);
            self.order[v] = (counter, counter);
            counter += 1;
            self.stack.push(v as u32);
            loop {
                if k < end {
                    let w = usize::from(targets[k]);
                    k += 1;
                    let ow = self.order[w].0;
                    if ow == NONE {
                        self.frames.push((v as u32, k as u32));
                        v = w;
                        (k, end) = (start[v] as usize, start[v + 1] as usize);
                        self.order[v] = (counter, counter);
                        counter += 1;
                        self.stack.push(v as u32);
                    } else if self.comp[w] == NONE && ow < self.order[v].1 {
                        self.order[v].1 = ow;
                    }
                    continue;
                }
                let (ov, lv) = self.order[v];
                if lv == ov {
                    self.close(v as u32, start, targets);
                }
                let Some((p, pk)) = self.frames.pop() else { break };
                let p = p as usize;
                if lv < self.order[p].1 {
                    self.order[p].1 = lv;
                }
                v = p;
                (k, end) = (pk as usize, start[p + 1] as usize);
            }
        }
    }

    /// Pops the component rooted at `v` and computes its set: itself and
    /// the sets of the components its links lead to (all closed already,
    /// so numbered lower: a component's set has `c / 64 + 1` words). A
    /// component already in the set is skipped: the sets are closed, so
    /// whatever set put it there holds its set too.
    fn close(&mut self, v: u32, start: &[u32], targets: &[u16]) {
        let c = self.start.len() as u32;
        let base = self.sets.len();
        self.start.push(base as u32);
        let at = self.stack.iter().rposition(|&m| m == v).expect("the root is on the stack");
        let members = &self.stack[at..];
        for &m in members {
            self.comp[m as usize] = c;
        }
        let links = |m: u32| &targets[start[m as usize] as usize..start[m as usize + 1] as usize];
        let alone = members.len() == 1 && links(v).is_empty();
        self.sink.push(alone);
        if alone {
            self.stack.truncate(at);
            return;
        }
        self.sets.resize(base + c as usize / 64 + 1, 0);
        self.sets[base + c as usize / 64] |= 1 << (c % 64);
        let (done, own) = self.sets.split_at_mut(base);
        for &m in &self.stack[at..] {
            for &q in links(m) {
                let cq = self.comp[q as usize];
                if own[cq as usize / 64] >> (cq % 64) & 1 != 0 {
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

    /// How many components the graph has (numbered `0..count`).
    pub(super) fn components(&self) -> usize {
        self.start.len()
    }

    /// The component of vertex `v`.
    pub(super) fn component(&self, v: u16) -> usize {
        self.comp[v as usize] as usize
    }

    /// Intersects `acc`, a bit set over the components, with the
    /// components vertex `from` reaches (sets it to them when `first`).
    pub(super) fn meet(&self, from: u16, acc: &mut [u64], first: bool) {
        let a = self.comp[from as usize] as usize;
        let words = a / 64 + 1;
        if self.sink[a] {
            let own = acc[a / 64] & 1 << (a % 64);
            acc.fill(0);
            acc[a / 64] = if first { 1 << (a % 64) } else { own };
            return;
        }
        let set = &self.sets[self.start[a] as usize..self.start[a] as usize + words];
        for (i, o) in acc.iter_mut().enumerate() {
            let w = set.get(i).copied().unwrap_or(0);
            *o = if first { w } else { *o & w };
        }
    }

    /// Whether vertex `from` reaches vertex `to` of the graph built.
    #[inline]
    pub(super) fn reaches(&self, from: u16, to: u16) -> bool {
        let (a, b) = (self.comp[from as usize] as usize, self.comp[to as usize] as usize);
        if self.sink[a] {
            return a == b;
        }
        b <= a && self.sets[self.start[a] as usize + b / 64] >> (b % 64) & 1 != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// The closure against a plain depth-first search, on a graph with
    /// cycles, chains and an isolated potential.
    #[test]
    fn closure_matches_a_search() {
        let edges: [(u16, u16); 9] =
            [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (5, 3), (4, 6), (6, 4), (7, 5)];
        let mut out: Vec<Vec<u16>> = vec![Vec::new(); 9];
        for (a, b) in edges {
            out[a as usize].push(b);
        }
        let mut start = vec![0u32];
        let mut targets = Vec::new();
        for v in &out {
            targets.extend_from_slice(v);
            start.push(targets.len() as u32);
        }
        let mut reach = Reach::default();
        reach.build(&start, &targets);
        for a in 0..9u16 {
            let mut seen = [false; 9];
            let mut todo: Vec<u16> = out[a as usize].clone();
            while let Some(q) = todo.pop() {
                if !seen[q as usize] {
                    seen[q as usize] = true;
                    todo.extend_from_slice(&out[q as usize]);
                }
            }
            for b in 0..9u16 {
                assert_eq!(reach.reaches(a, b), seen[b as usize] || a == b, "{a} -> {b}");
            }
        }
    }

    /// The closure against a plain depth-first search on pseudo-random
    /// graphs of 300 vertices (several words of components), sparse and
    /// dense, with vertices without links among them.
    #[test]
    fn closure_matches_a_search_on_larger_graphs() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x9e37_79b9);
        let n = 300usize;
        let mut reach = Reach::default();
        for degree in [1u64, 2, 3, 6] {
            let mut out: Vec<Vec<u16>> = vec![Vec::new(); n];
            for v in out.iter_mut() {
                if rng.random_ratio(1, 5) {
                    continue;
                }
                for _ in 0..rng.random_range(0..=degree) {
                    v.push(rng.random_range(0..n as u16));
                }
            }
            let mut start = vec![0u32];
            let mut targets = Vec::new();
            for v in &out {
                targets.extend_from_slice(v);
                start.push(targets.len() as u32);
            }
            reach.build(&start, &targets);
            for a in 0..n as u16 {
                let mut seen = vec![false; n];
                let mut todo: Vec<u16> = out[a as usize].clone();
                while let Some(q) = todo.pop() {
                    if !seen[q as usize] {
                        seen[q as usize] = true;
                        todo.extend_from_slice(&out[q as usize]);
                    }
                }
                for b in 0..n as u16 {
                    let expected = seen[b as usize] || a == b;
                    assert_eq!(reach.reaches(a, b), expected, "degree {degree}: {a} -> {b}");
                }
            }
        }
    }
}
