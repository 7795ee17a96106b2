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
- the state of every suffix `U_j` (backwards, one given at a time, the
  clues placed eagerly and the state propagated once per `SUFFIX_STRIDE`
  (9) clues; once a suffix is solved outright, every longer one is too and
  is not stored), and
- the state of `K_k`, extended by one orbit whenever a removal fails (the
  new clues placed eagerly, never propagated: the check's search
  propagates the intersection anyway).

Each check starts from the intersection of two such states, which is
already close to its fixpoint. A state between propagations is still sound
(eager placement only removes candidates the clues rule out); its changed
masks are simply not marked done, so the check's propagation visits them.
The checks' answers do not depend on the start state (unless a search
runs out of its node budget), only their cost: propagating every suffix
step, or the kept state before each check, costs more than the checks'
extra propagation saves (the stride and the alternatives measured:
`docs/generator-notes.md`, "The 9x9 carving checks").

# The check
Removing the cells `c_1..c_m` (digits `v_i` of the solution `S`) keeps the
puzzle unique exactly when for each `i` no solution of the smaller puzzle
with `c_1..c_{i-1}` given has a digit other than `v_i` in `c_i`. Each such
question is one search with `v_i` excluded from `c_i`; usually propagation
alone ends it in a contradiction. When another solution exists (the removal
fails), it differs from `S` on an unavoidable set through `c_i`, usually a
small one, so the search tries `S`'s digit first at every guess: it then
walks towards the solution closest to `S`.

# Instruction sets
As the solver's search, the steered search is one source compiled for the
baseline, for AVX2/BMI1/BMI2/POPCNT and for AVX-512 F on top (`Steered`,
the entry points in `simd`), picked by CPU detection when the checks are
made; the pass's own propagations (suffix and kept states) and the grid
filler's call propagation compiled the same way. All give the same answers
with the same node counts (tested).

# Invariants
- A stored state keeps `S`: its givens are cells of `S`, placed eagerly,
  and propagation is sound. A mask counts as done (`done[i] == cand[i]`)
  only if it went through the band update with that value.
- A search that runs out of its node budget answers "another solution may
  exist", so a clue stays: never a puzzle with two solutions.
*/

use super::{ALL, Choice, Isa, KEEP_AFTER_PLACE, SLOTS, Scalar, State, Unsolvable};

/// The carving checks' entry points compiled for one instruction set (as
/// the solver's [`Isa::explore`]): the steered search, and propagation for
/// the pass's shared states. The AVX2 forms live in `simd`.
pub(super) trait Steered: Isa {
    /// [`ClassicCarving::search_with`] on this instruction set.
    fn search(self, carving: &mut ClassicCarving, state: State) -> Found;
    /// [`State::propagate`] on this instruction set.
    fn propagate(self, state: &mut State) -> Result<(), Unsolvable>;
}

impl Steered for Scalar {
    fn search(self, carving: &mut ClassicCarving, state: State) -> Found {
        carving.search_with(self, state)
    }

    fn propagate(self, state: &mut State) -> Result<(), Unsolvable> {
        state.propagate(self)
    }
}

impl Choice {
    /// [`State::propagate`] on this instruction set (one call, not inlined:
    /// for callers outside a search compiled per instruction set).
    pub(super) fn propagate(self, state: &mut State) -> Result<(), Unsolvable> {
        match self {
            Choice::Scalar => Scalar.propagate(state),
            #[cfg(target_arch = "x86_64")]
            Choice::Avx2(isa) => isa.propagate(state),
            #[cfg(target_arch = "x86_64")]
            Choice::Avx512(isa) => isa.propagate(state),
        }
    }
}

/// The outcome of one steered search.
pub(super) enum Found {
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
    /// The empty grid's propagated state, computed once: where every pass
    /// starts its kept and suffix states.
    empty: State,
    /// The state of the kept clues `K`: the empty grid's propagated state
    /// with the kept clues given eagerly, never propagated again (each
    /// check's search propagates the intersection anyway).
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
    /// The instruction set the checks run on.
    isa: Choice,
}

impl State {
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
        // Branch-free over every slot (the padding stays 0), so the loop
        // vectorizes: `open_in(x)` is 1 unless the mask is done in `x`.
        for i in 0..SLOTS {
            let m = a.cand[i] & b.cand[i];
            s.cand[i] = m;
            let open_in = |x: &State| u32::from((m ^ x.cand[i]) | (x.done[i] ^ x.cand[i]) != 0);
            let open = open_in(a) & open_in(b);
            s.done[i] = m ^ open.wrapping_neg();
        }
        for band in 0..3 {
            s.unsolved[band] = a.unsolved[band] & b.unsolved[band];
        }
        s
    }
}

/// Clues given to the suffix state between two propagations.
const SUFFIX_STRIDE: usize = 9;

/// Propagates `state` in place on `isa`; states of the solution's clues
/// never fail.
fn settle(isa: Choice, state: &mut State) {
    let ok = isa.propagate(state).is_ok();
    debug_assert!(ok, "a state of the solution's clues propagates");
}

impl ClassicCarving {
    /// Checks for the 81 values (1-9) of the full grid `solution`.
    pub(crate) fn new(solution: &[u8], max_nodes: u64) -> ClassicCarving {
        ClassicCarving::on(Choice::best(), solution, max_nodes)
    }

    /// [`ClassicCarving::new`] on the instruction set `isa`.
    fn on(isa: Choice, solution: &[u8], max_nodes: u64) -> ClassicCarving {
        let mut s = [0u8; 81];
        for (out, &v) in s.iter_mut().zip(solution) {
            *out = v - 1;
        }
        // The empty grid's propagated state, without propagating: every
        // mask is whole and a fixpoint of the band update (tested).
        let mut empty = State::new();
        empty.done = empty.cand;
        ClassicCarving {
            solution: s,
            empty,
            kept: empty,
            suffix: Vec::new(),
            orbits: 0,
            solved_from: 0,
            max_nodes,
            nodes: 0,
            isa,
        }
    }

    /// Starts a pass over `orbits` in this order; `given(cell)` says which
    /// cells are clues now. Nothing is kept yet.
    pub(crate) fn start_pass<O: AsRef<[u16]>>(
        &mut self,
        orbits: &[O],
        given: impl Fn(usize) -> bool,
    ) {
        let empty = self.empty;
        self.kept = empty;
        self.suffix.clear();
        // Room for every suffix at once: growing by doubling copies the states.
        self.suffix.reserve(orbits.len() + 1);
        self.suffix.push(empty);
        self.orbits = orbits.len();
        self.solved_from = 0;
        let mut state = empty;
        let mut pending = 0;
        for j in (0..orbits.len()).rev() {
            if state.is_solved() {
                self.solved_from = j + 1;
                return;
            }
            for &c in orbits[j].as_ref() {
                let c = c as usize;
                if given(c) {
                    state.give(c, self.solution[c]);
                    pending += 1;
                }
            }
            if pending >= SUFFIX_STRIDE {
                settle(self.isa, &mut state);
                pending = 0;
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
    }

    /// Whether removing the given `cells` of orbit `k` (of the pass's order)
    /// leaves a puzzle whose only solution is `S`, the puzzle being the kept
    /// clues and the clues of the orbits after `k`; `None` when a search ran
    /// out of budget before it could tell.
    pub(crate) fn removable(&mut self, k: usize, cells: &[usize]) -> Option<bool> {
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
                    Found::Some => return Some(false),
                    Found::OutOfBudget => return None,
                }
            }
            if i + 1 < cells.len() {
                base.give(c, self.solution[c]);
            }
        }
        Some(true)
    }

    /// Depth-first search for any solution of `state`, trying `S`'s digit
    /// first at every guess, on the instruction set chosen at `new`.
    fn search(&mut self, state: State) -> Found {
        match self.isa {
            Choice::Scalar => Scalar.search(self, state),
            #[cfg(target_arch = "x86_64")]
            Choice::Avx2(isa) => isa.search(self, state),
            #[cfg(target_arch = "x86_64")]
            Choice::Avx512(isa) => isa.search(self, state),
        }
    }

    /// [`ClassicCarving::search`] on `isa`: inlined into each instruction
    /// set's entry point ([`Steered::search`]), which the recursion goes
    /// back through.
    #[inline(always)]
    pub(super) fn search_with<I: Steered>(&mut self, isa: I, mut state: State) -> Found {
        loop {
            if state.propagate(isa).is_err() {
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
                match isa.search(self, next) {
                    Found::None => state.cand[i] &= !(1 << bit) & ALL,
                    other => return other,
                }
            }
        }
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// A pass over single cells in a scrambled order, as the carver runs it
    /// (a clue stays when its removal fails): each check's answer and node
    /// count.
    fn pass(isa: Choice, grid: &[u8], order: &[u16]) -> Vec<(bool, u64)> {
        let mut carving = ClassicCarving::on(isa, grid, 200_000);
        let orbits: Vec<[u16; 1]> = order.iter().map(|&c| [c]).collect();
        carving.start_pass(&orbits, |_| true);
        let mut out = Vec::new();
        for (k, &[c]) in orbits.iter().enumerate() {
            let removable =
                carving.removable(k, &[c as usize]).expect("9x9 checks stay within 200,000 nodes");
            out.push((removable, carving.nodes));
            if !removable {
                carving.keep(&[c as usize]);
            }
        }
        out
    }

    /// The empty grid's state, as `on` writes it, is its propagated state.
    #[test]
    fn empty_state_is_propagated() {
        let carving = ClassicCarving::on(Choice::Scalar, &[1; 81], 1);
        let mut settled = State::new();
        settle(Choice::Scalar, &mut settled);
        assert_eq!(format!("{:?}", carving.empty), format!("{settled:?}"));
    }

    /// The AVX2 and AVX-512 builds of the checks answer as the scalar one,
    /// with the same node counts, on random grids and orders.
    #[test]
    fn instruction_sets_decide_alike() {
        let Some(avx2) = super::super::simd::Avx2::detect() else {
            eprintln!("note: no AVX2 on this CPU; only the scalar path runs");
            return;
        };
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..40 {
            let mut pick = |mask: u32| {
                let bits: Vec<u32> = (0..9).filter(|d| mask >> d & 1 == 1).collect();
                bits[next() as usize % bits.len()]
            };
            let grid = super::super::filling::random_grid(&[0; 81], 10_000, &mut pick)
                .expect("an empty grid has completions");
            let mut order: Vec<u16> = (0..81).collect();
            for i in (1..81).rev() {
                order.swap(i, next() as usize % (i + 1));
            }
            let scalar = pass(Choice::Scalar, &grid, &order);
            assert_eq!(pass(Choice::Avx2(avx2), &grid, &order), scalar);
            if let Some(avx512) = super::super::simd::Avx512::detect() {
                assert_eq!(pass(Choice::Avx512(avx512), &grid, &order), scalar);
            }
            assert!(scalar.iter().any(|&(r, _)| !r) && scalar.iter().any(|&(r, _)| r));
        }
    }
}
