//! The stack rule: the band update's counterpart along columns, run at the
//! search's stalls.
//!
//! In a stack a digit sits once in each band's box and once in each column,
//! so its possible (band, column) pairs must contain a permutation. For a
//! digit's 9-bit column sets `a`, `b`, `c` in the three bands, column `x` of
//! a stack stays possible for band `a` exactly when the other two bands can
//! take the other two columns of the stack:
//! `a & (n1(b) & n2(c) | n2(b) & n1(c))`, where `n1`/`n2` bring to each
//! column the bit of the next / next-but-one column of its stack (all three
//! stacks at once). This is locked candidates both ways along columns and,
//! with the band update, hidden singles in columns.
//!
//! The pass works lane-wise on plain arrays of the 32 mask slots, so the
//! compiler vectorises it; every column set is taken before any mask
//! changes, so the result does not depend on an order. A mask it empties is
//! a contradiction that the next band update reports (the mask has changed).
//! On AVX-512 the search runs it on the state's two registers instead
//! (`simd::propagate`, tested against this pass).

use super::{SLOTS, State, columns};

/// Each column's bit moved to the column before it in its stack (cyclically):
/// bit `x` of the result is bit `x + 1` of `v` within the stack.
#[inline(always)]
fn next1(v: u32) -> u32 {
    ((v >> 1) & 0o333) | ((v << 2) & 0o444)
}

/// Bit `x` of the result is bit `x + 2` of `v` within the stack (cyclically).
#[inline(always)]
fn next2(v: u32) -> u32 {
    ((v >> 2) & 0o111) | ((v << 1) & 0o666)
}

/// All ones in the lanes of band 0 (mask index `3 * digit`), else 0.
static BAND0: [u32; SLOTS] = band_lanes(0);
/// All ones in the lanes of band 2 (mask index `3 * digit + 2`), else 0.
static BAND2: [u32; SLOTS] = band_lanes(2);

const fn band_lanes(band: usize) -> [u32; SLOTS] {
    let mut t = [0; SLOTS];
    let mut i = 0;
    while i < 27 {
        if i % 3 == band {
            t[i] = u32::MAX;
        }
        i += 1;
    }
    t
}

/// The stack rule runs only with at least this many open cells.
pub(super) const MIN_OPEN: u32 = 25;

/// Without a productive pass at the search's root, the rule waits until the
/// search has taken this many guesses (see "The stack rule at stalls").
pub(super) const LATE_NODES: u64 = 8;

/// Where a lane's column set sits in [`State::stack_rule`]'s padded copy.
const PAD: usize = 2;

impl State {
    /// The unsolved cells.
    #[inline(always)]
    pub(super) fn open_cells(&self) -> u32 {
        self.unsolved.iter().map(|u| u.count_ones()).sum()
    }

    /// Runs the stack rule on all 27 masks once. Returns whether it removed
    /// a candidate.
    ///
    /// Lane `i = 3 * digit + band` finds the digit's next band at `i + 1`
    /// (band 2: `i - 2`) and the one after at `i + 2` (bands 1 and 2:
    /// `i - 1`): shifted reads of one padded array and a select by band,
    /// all lane-wise over the 32 slots. Padding lanes stay 0.
    #[inline(always)]
    pub(super) fn stack_rule(&mut self) -> bool {
        let mut cols = [0u32; SLOTS + 2 * PAD];
        for i in 0..SLOTS {
            cols[i + PAD] = columns(self.cand[i]);
        }
        let mut next = [0u32; SLOTS];
        for i in 0..SLOTS {
            let (b0, b2) = (BAND0[i], BAND2[i]);
            let b = cols[i + PAD + 1] & !b2 | cols[i + PAD - 2] & b2;
            let c = cols[i + PAD + 2] & b0 | cols[i + PAD - 1] & !b0;
            let keep = next1(b) & next2(c) | next2(b) & next1(c);
            next[i] = self.cand[i] & (keep | keep << 9 | keep << 18);
        }
        if next == self.cand {
            return false;
        }
        self.cand = next;
        true
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::super::{ALL, State};
    use super::{next1, next2};

    #[test]
    fn rotations_stay_in_their_stack() {
        for x in 0..9 {
            let (stack, pos) = (x / 3, x % 3);
            assert_eq!(next1(1 << (3 * stack + (pos + 1) % 3)), 1 << x);
            assert_eq!(next2(1 << (3 * stack + (pos + 2) % 3)), 1 << x);
        }
    }

    /// Whether the digit of mask index `3 * d` can still take column `col`
    /// in `band`: some assignment of the stack's three columns to the three
    /// bands, one each, gives `band` that column and every band a column
    /// where it has a candidate. (The definition, by enumeration.)
    fn possible(state: &State, d: usize, band: usize, col: usize) -> bool {
        let has = |b: usize, c: usize| {
            let m = state.cand[3 * d + b];
            (0..3).any(|r| m >> (9 * r + c) & 1 != 0)
        };
        let base = 3 * (col / 3);
        let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        perms.iter().any(|p| base + p[band] == col && (0..3).all(|b| has(b, base + p[b])))
    }

    #[test]
    fn stack_rule_keeps_exactly_the_columns_a_permutation_allows() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut removals = 0;
        for _ in 0..2000 {
            let mut state = State::new();
            for i in 0..27 {
                // Sparse masks, so that the rule often has something to remove.
                state.cand[i] = rng.random::<u32>() & rng.random::<u32>() & ALL;
            }
            let before = state;
            let removed = state.stack_rule();
            assert_eq!(removed, state.cand != before.cand);
            for d in 0..9 {
                for band in 0..3 {
                    for cell in 0..27 {
                        let was = before.cand[3 * d + band] >> cell & 1 != 0;
                        let is = state.cand[3 * d + band] >> cell & 1 != 0;
                        let want = was && possible(&before, d, band, cell % 9);
                        assert_eq!(is, want, "digit {d} band {band} cell {cell}");
                        removals += usize::from(was && !is);
                    }
                }
            }
            assert_eq!(state.cand[27..], [0; 5]);
        }
        assert!(removals > 1000, "the random states exercise the rule ({removals} removals)");
    }
}
