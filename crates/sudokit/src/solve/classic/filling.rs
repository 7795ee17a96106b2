/*!
Random full 9x9 grids on the band bitboards: the `backtrack` method's search
with the fast solver's propagation.

The search is the parent module's (propagate, then guess in a bivalue cell
of the band richest in them), except that each guess takes its digits in an
order chosen by the caller (`pick`, one candidate at a time). With a random
pick every digit of every guess can come first, and the search is complete
(a dead end moves to the next digit), so every valid grid that extends the
givens can come out. Propagation is sound, so the result is a valid grid.
Propagation runs on the best instruction set of the CPU (AVX2 when present,
through the carver's entry point in `simd`); both give the same grids for
the same picks (tested), 32k -> 29k instructions per grid by callgrind.
*/

use super::{Choice, KEEP_AFTER_PLACE, State};

/// Why a branch ended without a grid.
enum Stop {
    /// No grid below it.
    Dead,
    /// The node budget ran out.
    Budget,
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

/// [`random_grid`] with propagation on the instruction set `isa`.
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
    explore(isa, state, &mut nodes, max_nodes, pick).ok().map(|values| values.to_vec())
}

fn explore(
    isa: Choice,
    mut state: State,
    nodes: &mut u64,
    max_nodes: u64,
    pick: &mut dyn FnMut(u32) -> u32,
) -> Result<[u8; 81], Stop> {
    loop {
        isa.propagate(&mut state).map_err(|_| Stop::Dead)?;
        if state.is_solved() {
            return Ok(state.values());
        }
        let (band, bit) = state.guess_cell();
        let mut digits: u32 = 0;
        for d in 0..9 {
            digits |= ((state.cand[3 * d + band] >> bit) & 1) << d;
        }
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
            match explore(isa, next, nodes, max_nodes, pick) {
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
