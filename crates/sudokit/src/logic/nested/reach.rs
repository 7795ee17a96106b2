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
    /// The component of each vertex.
    comp: Vec<u32>,
    /// Where the set of each component starts in `sets`.
    start: Vec<u32>,
    /// Whether each component is one vertex without links: its set,
    /// itself alone, is not stored.
    sink: Vec<bool>,
    /// The components each component reaches, as bit sets over the
    /// components (numbered as Tarjan closes them).
    sets: Vec<u64>,
    order: Vec<u32>,
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    /// Depth-first frames: (vertex, next link).
    frames: Vec<(u32, u32)>,
}

impl Reach {
    /// Builds the closure of the graph on the vertices `0..start.len() - 1`
    /// whose links from `v` are `targets[start[v]..start[v + 1]]` (every
    /// target a vertex).
    pub(super) fn build(&mut self, start: &[u32], targets: &[u16]) {
        let n = start.len() - 1;
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
            self.open(root, start, &mut counter);
            while let Some(&(v, k)) = self.frames.last() {
                if k < start[v as usize + 1] {
                    self.frames.last_mut().expect("a frame").1 += 1;
                    let w = u32::from(targets[k as usize]);
                    if self.order[w as usize] == NONE {
                        self.open(w, start, &mut counter);
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
                    self.close(v, start, targets);
                }
            }
        }
    }

    fn open(&mut self, v: u32, start: &[u32], counter: &mut u32) {
        self.order[v as usize] = *counter;
        self.low[v as usize] = *counter;
        *counter += 1;
        self.stack.push(v);
        self.on_stack[v as usize] = true;
        self.frames.push((v, start[v as usize]));
    }

    /// Pops the component rooted at `v` and computes its set: itself and
    /// the sets of the components its links lead to (all closed already,
    /// so numbered lower: a component's set has `c / 64 + 1` words).
    fn close(&mut self, v: u32, start: &[u32], targets: &[u16]) {
        let c = self.start.len() as u32;
        let base = self.sets.len();
        self.start.push(base as u32);
        let at = self.stack.iter().rposition(|&m| m == v).expect("the root is on the stack");
        let members = &self.stack[at..];
        for &m in members {
            self.comp[m as usize] = c;
            self.on_stack[m as usize] = false;
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
}
