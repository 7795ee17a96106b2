/*!
Random full 9x9 grids on the band bitboards: the `backtrack` method's search
with the fast solver's propagation.

The search is the parent module's (propagate, then guess in a bivalue cell
of the band richest in them), except that each guess takes its digits in an
order chosen by the caller (`pick`, one candidate at a time). With a random
pick every digit of every guess can come first, and the search is complete
(a dead end moves to the next digit), so every valid grid that extends the
givens can come out. Propagation is sound, so the result is a valid grid.
The search runs on the best instruction set of the CPU (AVX2 or AVX-512
when present, through entry points in `simd`, [`Filling`]); all give the
same grids for the same picks (tested). The whole search is compiled per
instruction set, so popcounts and the guessed cell's digits take single
instructions (figures: `docs/generator-notes.md`, "Full 9x9 grids").
*/

use super::{Choice, Isa, KEEP_AFTER_PLACE, Scalar, State};

/// Why a branch ended without a grid.
pub(super) enum Stop {
    /// No grid below it.
    Dead,
    /// The node budget ran out.
    Budget,
}

/// The filling search compiled for one instruction set (as the solver's
/// [`Isa::explore`]): the AVX2 and AVX-512 forms live in `simd`.
pub(super) trait Filling: Isa {
    /// [`explore_with`] on this instruction set.
    fn fill(self, state: State, nodes: &mut u64, max_nodes: u64, pick: Pick<'_>) -> Found;
}

/// The caller's digit choice: gets the candidates left, names one.
pub(super) type Pick<'a> = &'a mut dyn FnMut(u32) -> u32;

/// A branch's outcome: the grid, or why there is none.
pub(super) type Found = Result<[u8; 81], Stop>;

impl Filling for Scalar {
    fn fill(self, state: State, nodes: &mut u64, max_nodes: u64, pick: Pick<'_>) -> Found {
        explore_with(self, state, nodes, max_nodes, pick)
    }
}

/// A full grid extending `givens` (81 values, 0 for empty; they must not
/// clash), guessing digits in the order `pick` chooses (it gets the mask of
/// the candidates left, bit `d` for digit `d + 1`, and names one). `None`
/// when the givens have no completion or `max_nodes` guesses were not
/// enough.
pub(crate) fn random_grid(
    givens: &[u8],
    max_nodes: u64,
    pick: &mut dyn FnMut(u32) -> u32,
) -> Option<Vec<u8>> {
    random_grid_on(Choice::best(), givens, max_nodes, pick)
}

/// [`random_grid`] on the instruction set `isa`.
fn random_grid_on(
    isa: Choice,
    givens: &[u8],
    max_nodes: u64,
    pick: &mut dyn FnMut(u32) -> u32,
) -> Option<Vec<u8>> {
    debug_assert_eq!(givens.len(), 81);
    let mut state = State::new();
    for (i, &v) in givens.iter().enumerate() {
        if v != 0 {
            state.place_given(v as usize - 1, i / 27, (i % 27) as u32).ok()?;
        }
    }
    let mut nodes = 0;
    let found = match isa {
        Choice::Scalar => Scalar.fill(state, &mut nodes, max_nodes, pick),
        #[cfg(target_arch = "x86_64")]
        Choice::Avx2(isa) => isa.fill(state, &mut nodes, max_nodes, pick),
        #[cfg(target_arch = "x86_64")]
        Choice::Avx512(isa) => isa.fill(state, &mut nodes, max_nodes, pick),
    };
    found.ok().map(|values| values.to_vec())
}

/// The search from `state`, with the state operations of `isa`: inlined
/// into each instruction set's entry point ([`Filling::fill`]), which the
/// recursion goes back through.
#[inline(always)]
pub(super) fn explore_with<I: Filling>(
    isa: I,
    mut state: State,
    nodes: &mut u64,
    max_nodes: u64,
    pick: Pick<'_>,
) -> Found {
    loop {
        state.propagate(isa).map_err(|_| Stop::Dead)?;
        if state.is_solved() {
            return Ok(state.values());
        }
        let (band, bit) = state.guess_cell();
        let mut digits = isa.digits_at(&state, band, bit);
        loop {
            let d = pick(digits);
            debug_assert!(digits >> d & 1 == 1, "pick names a candidate");
            digits &= !(1 << d);
            *nodes += 1;
            if *nodes > max_nodes {
                return Err(Stop::Budget);
            }
            let i = 3 * d as usize + band;
            if digits == 0 {
                state.cand[i] &= KEEP_AFTER_PLACE[bit as usize];
                break;
            }
            let mut next = state;
            next.cand[i] &= KEEP_AFTER_PLACE[bit as usize];
            match isa.fill(next, nodes, max_nodes, pick) {
                Err(Stop::Dead) => state.cand[i] &= !(1 << bit),
                done => return done,
            }
        }
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// The same digit choices give the same grids on both instruction sets.
    #[test]
    fn instruction_sets_fill_alike() {
        let Some(avx2) = super::super::simd::Avx2::detect() else {
            eprintln!("note: no AVX2 on this CPU; only the scalar path runs");
            return;
        };
        for seed in 1..50u64 {
            let grid = |isa| {
                let mut state = seed;
                let mut pick = |mask: u32| {
                    state =
                        state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    let bits: Vec<u32> = (0..9).filter(|d| mask >> d & 1 == 1).collect();
                    bits[(state >> 33) as usize % bits.len()]
                };
                random_grid_on(isa, &[0; 81], 10_000, &mut pick)
            };
            let scalar = grid(Choice::Scalar).expect("an empty grid has completions");
            assert_eq!(grid(Choice::Avx2(avx2)), Some(scalar.clone()));
            if let Some(avx512) = super::super::simd::Avx512::detect() {
                assert_eq!(grid(Choice::Avx512(avx512)), Some(scalar));
            }
        }
    }
}
