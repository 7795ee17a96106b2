/*!
Uniqueness checks for the 9x9 carver on the band bitboards, sharing work
between the checks of one carving pass.

# Idea
A carving pass visits the clue orbits in a fixed order `o_0, o_1, ...` and
removes each orbit whose removal keeps the puzzle unique. When orbit `k` is
tried, the puzzle without it is `K_k ∪ U_{k+1}`: the clues `K_k` kept from
the orbits already visited, and the clues `U_{k+1}` of the orbits not yet
visited (all still given). Propagation (the band update and naked singles of
the parent module) only ever removes candidates that the givens rule out, so
the state reached from `K_k` and the state reached from `U_{k+1}` are both
sound for `K_k ∪ U_{k+1}`, and so is their intersection (candidate masks
ANDed). So the pass computes, once:
- the propagated state of every suffix `U_j` (backwards, one given at a time,
  each step an incremental propagation; once a suffix is solved outright,
  every longer one is too and is not stored), and
- the propagated state of `K_k`, extended by one orbit whenever a removal
  fails.

Each check starts from the intersection of two such states, which is
already close to its fixpoint.

# The check
Removing the cells `c_1..c_m` (digits `v_i` of the solution `S`) keeps the
puzzle unique exactly when for each `i` no solution of the smaller puzzle
with `c_1..c_{i-1}` given has a digit other than `v_i` in `c_i`. Each such
question is one search with `v_i` excluded from `c_i`; usually propagation
alone ends it in a contradiction. When another solution exists (the removal
fails), it differs from `S` on an unavoidable set through `c_i`, usually a
small one, so the search tries `S`'s digit first at every guess: it then
walks towards the solution closest to `S`.

# Invariants
- A stored state has been through `propagate` (every mask done) and keeps
  `S`: its givens are cells of `S`, and propagation is sound.
- A search that runs out of its node budget answers "another solution may
  exist", so a clue stays: never a puzzle with two solutions.
*/

use super::{ALL, KEEP_AFTER_PLACE, State};

/// The outcome of one steered search.
enum Found {
    /// No solution.
    None,
    /// A solution (not `S`: `S` is excluded by the question).
    Some,
    /// The node budget ran out.
    OutOfBudget,
}

/// Shared uniqueness checks for one 9x9 solution; see the module docs.
#[derive(Debug)]
pub(crate) struct ClassicCarving {
    /// The solution `S`, 0-based digits.
    solution: [u8; 81],
    /// The propagated state of the kept clues `K`.
    kept: State,
    /// `suffix[m - j]`: the propagated state of `U_j` (`m` orbits in the
    /// pass), for `j >= solved_from`.
    suffix: Vec<State>,
    /// The number of orbits in the pass.
    orbits: usize,
    /// Every suffix below this index is solved outright (its state is
    /// `suffix[solved_from]`, which is solved).
    solved_from: usize,
    /// The node budget of one search.
    max_nodes: u64,
    nodes: u64,
}

impl State {
    /// This state with a propagation run; `S`-consistent states never fail.
    fn propagated(mut self) -> State {
        let ok = self.propagate(super::Scalar).is_ok();
        debug_assert!(ok, "a state of the solution's clues propagates");
        self
    }

    /// Gives the digit `d` (0-based) at `cell` eagerly.
    fn give(&mut self, cell: usize, d: u8) {
        let ok = self.place_given(d as usize, cell / 27, (cell % 27) as u32).is_ok();
        debug_assert!(ok, "a clue of the solution fits a sound state");
    }

    /// The intersection of two states: sound for the union of their givens.
    /// A mask equal to its value in a state where it was done (a fixpoint
    /// of the band update whose side effects hold there, and so in the
    /// intersection, whose other masks are subsets) counts as done.
    fn meet(a: &State, b: &State) -> State {
        let mut s = *a;
        for i in 0..27 {
            let m = a.cand[i] & b.cand[i];
            s.cand[i] = m;
            let done_in = |x: &State| m == x.cand[i] && x.done[i] == x.cand[i];
            s.done[i] = if done_in(a) || done_in(b) { m } else { !m };
        }
        for band in 0..3 {
            s.unsolved[band] = a.unsolved[band] & b.unsolved[band];
        }
        s
    }
}

impl ClassicCarving {
    /// Checks for the 81 values (1-9) of the full grid `solution`.
    pub(crate) fn new(solution: &[u8], max_nodes: u64) -> ClassicCarving {
        let mut s = [0u8; 81];
        for (out, &v) in s.iter_mut().zip(solution) {
            *out = v - 1;
        }
        let empty = State::new().propagated();
        ClassicCarving {
            solution: s,
            kept: empty,
            suffix: Vec::new(),
            orbits: 0,
            solved_from: 0,
            max_nodes,
            nodes: 0,
        }
    }

    /// Starts a pass over `orbits` in this order; `given(cell)` says which
    /// cells are clues now. Nothing is kept yet.
    pub(crate) fn start_pass<O: AsRef<[u16]>>(
        &mut self,
        orbits: &[O],
        given: impl Fn(usize) -> bool,
    ) {
        let empty = State::new().propagated();
        self.kept = empty;
        self.suffix.clear();
        self.suffix.push(empty);
        self.orbits = orbits.len();
        self.solved_from = 0;
        let mut state = empty;
        for j in (0..orbits.len()).rev() {
            if state.is_solved() {
                self.solved_from = j + 1;
                return;
            }
            let mut any = false;
            for &c in orbits[j].as_ref() {
                let c = c as usize;
                if given(c) {
                    state.give(c, self.solution[c]);
                    any = true;
                }
            }
            if any {
                state = state.propagated();
            }
            self.suffix.push(state);
        }
    }

    fn suffix(&self, j: usize) -> &State {
        &self.suffix[self.orbits - j.max(self.solved_from)]
    }

    /// Adds the given `cells` (of an orbit visited in this pass, which
    /// stays) to the kept clues.
    pub(crate) fn keep(&mut self, cells: &[usize]) {
        for &c in cells {
            self.kept.give(c, self.solution[c]);
        }
        self.kept = self.kept.propagated();
    }

    /// Whether removing the given `cells` of orbit `k` (of the pass's order)
    /// leaves a puzzle whose only solution is `S`, the puzzle being the kept
    /// clues and the clues of the orbits after `k`. `false` when a search ran
    /// out of budget.
    pub(crate) fn removable(&mut self, k: usize, cells: &[usize]) -> bool {
        let mut base = State::meet(&self.kept, self.suffix(k + 1));
        for (i, &c) in cells.iter().enumerate() {
            let mut state = base;
            let d = self.solution[c] as usize;
            let (band, bit) = (c / 27, 1 << (c % 27));
            state.cand[3 * d + band] &= !bit;
            // Already forced to `S`'s digit: nothing else to rule out.
            let solved = (0..9).all(|e| state.cand[3 * e + band] & bit == 0);
            if !solved {
                self.nodes = 0;
                match self.search(state) {
                    Found::None => {}
                    Found::Some | Found::OutOfBudget => return false,
                }
            }
            if i + 1 < cells.len() {
                base.give(c, self.solution[c]);
            }
        }
        true
    }

    /// Depth-first search for any solution of `state`, trying `S`'s digit
    /// first at every guess.
    fn search(&mut self, mut state: State) -> Found {
        loop {
            if state.propagate(super::Scalar).is_err() {
                return Found::None;
            }
            if state.is_solved() {
                return Found::Some;
            }
            let (band, bit) = state.guess_cell();
            let mut digits: u32 = 0;
            for d in 0..9 {
                digits |= ((state.cand[3 * d + band] >> bit) & 1) << d;
            }
            let prefer = u32::from(self.solution[27 * band + bit as usize]);
            loop {
                let d = if digits >> prefer & 1 == 1 { prefer } else { digits.trailing_zeros() };
                digits &= !(1 << d);
                let i = 3 * d as usize + band;
                self.nodes += 1;
                if self.nodes > self.max_nodes {
                    return Found::OutOfBudget;
                }
                if digits == 0 {
                    state.cand[i] &= KEEP_AFTER_PLACE[bit as usize];
                    break;
                }
                let mut next = state;
                next.cand[i] &= KEEP_AFTER_PLACE[bit as usize];
                match self.search(next) {
                    Found::None => state.cand[i] &= !(1 << bit) & ALL,
                    other => return other,
                }
            }
        }
    }
}
