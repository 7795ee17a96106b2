//! Intersection counting ("triads"): every minirow and every minicolumn
//! holds exactly three digits. On its own it does not pay on the hardest
//! sets; the search runs it once it has guessed on a band configuration,
//! which it refutes quickly (see the end).
//!
//! # Idea
//! A minirow (a row inside a box) and a minicolumn (a column inside a box)
//! are three cells, so they hold three distinct digits. This is the
//! "numerical clauses" counting of Tom Dillon's tdoku (2019,
//! <https://t-dillon.github.io/tdoku/>), put on the band masks: in a band,
//! a digit's possible minirows are the non-empty 3-cell groups of its mask
//! (the `SHRINK` bits of the band update) and its possible minicolumns are
//! `columns(mask)`. Counting across the band's nine digits, per section:
//! - fewer than three possible digits: contradiction;
//! - exactly three: each of them must go there, so a digit keeps, in the
//!   minirow's row and box (the minicolumn's box), only the section's cells
//!   (the band update then carries a minicolumn's column to the other
//!   bands). This is a naked triple confined to one intersection, naked
//!   pairs with a solved cell included;
//! - three digits *forced* there (the section is the only one of the
//!   digit's box that holds it; after the band update, for a minirow, also
//!   the only one of its row): the other digits lose the section's cells,
//!   a hidden triple of the intersection; more than three is a
//!   contradiction.
//!
//! Neither half follows from the band update, the stack rule or naked
//! singles, which reason about one digit or one cell at a time.
//!
//! # The pass
//! Lane-wise over the 32 mask slots (the compiler vectorises it, as it does
//! the stack rule), each mask gets a word: minirow flags at bits
//! `9 * row + 3 * box` with "forced" one bit above, minicolumn flags at
//! `32 + column` with "forced" 16 bits above. Bit-sliced adders (`c1`..`c4`:
//! at least 1..4 digits), lane `b` for band `b`, count all eighteen
//! sections of the three bands at once, possible and forced alike. A section
//! with exactly three possible digits that are also the three forced ones
//! (a solved section, for one) has nothing left to remove, so only the
//! symmetric difference is applied; when a band has none, the pass reads
//! nothing more of it.
//!
//! On AVX-512 the search runs this pass in vector form on the state's two
//! registers (`simd::propagate`: binary counts, minirows and minicolumns
//! packed in one register), tested against this one.
//!
//! # Invariants
//! - The pass expects the band update's fixpoint (every minirow left in a
//!   mask takes part in a permutation of its band), as at the search's
//!   stalls; on other states it is still sound but may miss removals.
//! - It removes only candidates that no solution of the state holds
//!   (tested against a brute-force reading of the definitions on random
//!   band states, and on corpus puzzles: the unique solution's candidates
//!   survive every pass), and it reports a removal exactly when a mask
//!   changed, so propagation cannot loop.
//! - The generator's propagation (carving, filling) never runs it:
//!   [`State::propagate`] passes `TRIADS = false`, so the generator's
//!   searches and puzzles do not depend on it.
//!
//! # Not a rule of its own
//! At the search's stalls on its own, it takes fewer nodes on every set
//! but more instructions on the hardest ones: there it never removes
//! anything at the root, deeper a pass removes something about one time in
//! ten, and the nodes it saves are the cheap ones near the leaves, so a
//! pass (about 360 instructions) would have to cost less than half as much
//! to break even. Figures, gates tried and wall-clock:
//! `docs/solver-notes.md` ("Intersection counting as a rule of its own").
//!
//! # With configuration guesses
//! The search runs it at every stall the stack rule leaves, from its first
//! guess on a band configuration on ([`super::guess`]): a configuration fixes
//! a digit's minirows without placing it, and this rule is what sees a
//! minirow asked for a fourth digit, so wrong configurations are refuted at
//! once (without it, random puzzles blow up exponentially). Figures for
//! the pair: `docs/solver-notes.md` ("Band configurations").

use super::{SLOTS, State, Unsolvable};

/// The flag bits of the nine minirows of a band in a digit's word: bit
/// `9 * row + 3 * box` ("may go there").
const MINIROWS: u64 = 0o111_111_111;
/// The flag bits of the nine minicolumns of a band: bit `32 + column`.
const MINICOLUMNS: u64 = 0o777 << 32;
/// Where a word holds the "forced there" flags: one bit above each minirow
/// flag, 16 bits above each minicolumn flag.
const FORCED: u64 = MINIROWS << 1 | MINICOLUMNS << 16;

/// The band cells of the sections in `x` (flags as in [`MINIROWS`] and
/// [`MINICOLUMNS`]): three cells per minirow or minicolumn.
#[inline(always)]
fn cells(x: u64) -> u32 {
    let rows = (x & MINIROWS) as u32;
    let cols = (x >> 32) as u32 & 0o777;
    (rows * 7) | (cols * 0o1001001)
}

/// The band cells that a digit which must go in the sections `x` loses: the
/// rest of each minirow's row and box and of each minicolumn's box.
#[inline(always)]
fn outside(x: u64) -> u32 {
    let rows = (x & MINIROWS) as u32;
    let cols = (x >> 32) as u32 & 0o777;
    let row_lines = ((rows | rows >> 3 | rows >> 6) & 0o001_001_001) * 0o777;
    let row_boxes = ((rows | rows >> 9 | rows >> 18) & 0o111) * 0o007_007_007;
    let col_stacks = ((cols | cols >> 1 | cols >> 2) & 0o111) * 7;
    let col_boxes = (col_stacks & !cols) * 0o1001001;
    (row_lines | row_boxes) & !(rows * 7) | col_boxes
}

/// The low half of every mask's word, lane-wise over the mask slots: the
/// minirow flags of the mask and, one bit above each, whether the digit is
/// forced into that minirow (it is the only one of its box).
#[inline(always)]
fn minirow_words(cand: &[u32; SLOTS]) -> [u32; SLOTS + 4] {
    let mut out = [0; SLOTS + 4];
    for i in 0..SLOTS {
        let m = cand[i];
        let r = (m | m >> 1 | m >> 2) & MINIROWS as u32;
        // The same box's minirows of the other two rows (bits pushed past
        // bit 26 land where `r` has none).
        let others = r >> 9 | r << 18 | r >> 18 | r << 9;
        out[i] = r | (r & !others) << 1;
    }
    out
}

/// The high half of every mask's word: the minicolumn flags (bit `column`)
/// and, 16 bits above, whether the digit is forced into that minicolumn (it
/// is the only one of its box).
#[inline(always)]
fn minicolumn_words(cand: &[u32; SLOTS]) -> [u32; SLOTS + 4] {
    let mut out = [0; SLOTS + 4];
    for i in 0..SLOTS {
        let m = cand[i];
        let c = (m | m >> 9 | m >> 18) & 0o777;
        let others = (c >> 1 & 0o333) | (c >> 2 & 0o111) | (c << 1 & 0o666) | (c << 2 & 0o444);
        out[i] = c | (c & !others) << 16;
    }
    out
}

impl State {
    /// Intersection counting on every band once. Returns whether it removed
    /// a candidate; a minirow or minicolumn with fewer than three possible
    /// digits, or more than three forced ones, is a contradiction.
    #[inline(always)]
    pub(super) fn triads(&mut self) -> Result<bool, Unsolvable> {
        let lo = minirow_words(&self.cand);
        let hi = minicolumn_words(&self.cand);
        // One bit-sliced counter per flag bit, per band: lane `b` is band
        // `b` (lane 3 reads the next digit's band 0 or a padding slot and
        // is ignored), so the compiler runs the three bands in one vector.
        let (mut c1, mut c2, mut c3, mut c4) = ([0u64; 4], [0u64; 4], [0u64; 4], [0u64; 4]);
        for d in 0..9 {
            for b in 0..4 {
                let w = u64::from(lo[3 * d + b]) | u64::from(hi[3 * d + b]) << 32;
                c4[b] |= c3[b] & w;
                c3[b] |= c2[b] & w;
                c2[b] |= c1[b] & w;
                c1[b] |= w;
            }
        }
        let mut removed = false;
        for band in 0..3 {
            if c3[band] & !FORCED != MINIROWS | MINICOLUMNS || c4[band] & FORCED != 0 {
                return Err(Unsolvable);
            }
            // Exactly three possible digits: each must go there. Exactly
            // three forced digits: the others cannot go there. When both
            // hold (a solved section, for one) there is nothing left to do:
            // a forced digit is in no other minirow of the box, and after the
            // band update in no other of the row either.
            let exact = c3[band] & !c4[band] & !FORCED;
            let full = forced_flags(c3[band]);
            let work = exact ^ full;
            if work == 0 {
                continue;
            }
            let (exact, full) = (exact & work, full & work);
            for d in 0..9 {
                let i = 3 * d + band;
                let w = u64::from(lo[i]) | u64::from(hi[i]) << 32;
                let m = self.cand[i];
                let n = m & !(outside(exact & w) | cells(full & !forced_flags(w)));
                removed |= n != m;
                self.cand[i] = n;
            }
        }
        Ok(removed)
    }
}

/// The forced flags of a word, moved onto the sections' flag bits.
#[inline(always)]
fn forced_flags(w: u64) -> u64 {
    (w >> 1 & MINIROWS) | (w >> 16 & MINICOLUMNS)
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::super::tests::{corpus, random, solves};
    use super::super::{
        ALL, Choice, Isa, Next, PERMUTATION_CELLS, ROW, SHRINK, Scalar, State, guess, run_search,
    };
    use crate::deadline::Watch;

    /// The cells (band bits) of minirow `(row, box)`.
    fn minirow(row: usize, bx: usize) -> Vec<usize> {
        (0..3).map(|j| 9 * row + 3 * bx + j).collect()
    }

    /// The cells (band bits) of minicolumn `col`.
    fn minicolumn(col: usize) -> Vec<usize> {
        (0..3).map(|r| 9 * r + col).collect()
    }

    /// The cells of box `bx` of a band.
    fn box_cells(bx: usize) -> Vec<usize> {
        (0..3).flat_map(|r| minirow(r, bx)).collect()
    }

    /// What the rule should do to one band, from the definitions: `None`
    /// for a contradiction, else the nine masks after it and how many
    /// candidates each half of the rule removes (must-go, others-lose).
    ///
    /// A digit that must go in some minirows (the only three possible digits
    /// there) keeps, in the rows and boxes of those minirows, only their
    /// cells; one that must go in some minicolumns keeps, in their boxes,
    /// only their cells. (Two such sections in one row or box cannot both
    /// hold the digit; the band update finds that contradiction.)
    fn reference(masks: [u32; 9]) -> Option<([u32; 9], [u32; 2])> {
        let has = |d: usize, cells: &[usize]| cells.iter().any(|&c| masks[d] >> c & 1 != 0);
        // The sections: 9 minirows and 9 minicolumns, each with its box and
        // whether it is a minirow.
        let mut sections = Vec::new();
        for row in 0..3 {
            for bx in 0..3 {
                sections.push((minirow(row, bx), bx, Some(row)));
            }
        }
        for col in 0..9 {
            sections.push((minicolumn(col), col / 3, None));
        }
        let (mut out, mut lose_b) = (masks, [0u32; 9]);
        // Per digit: the cells of its must-sections and the cells of their
        // rows and boxes, for minirows and for minicolumns apart.
        let mut keep = [[0u32; 2]; 9];
        let mut area = [[0u32; 2]; 9];
        let bits = |cells: &[usize]| cells.iter().fold(0u32, |m, &c| m | 1 << c);
        for (cells, bx, row) in &sections {
            let possible: Vec<usize> = (0..9).filter(|&d| has(d, cells)).collect();
            // Forced: all the digit's cells in the box lie in the section.
            let others: Vec<usize> =
                box_cells(*bx).into_iter().filter(|c| !cells.contains(c)).collect();
            let forced: Vec<usize> =
                possible.iter().copied().filter(|&d| !has(d, &others)).collect();
            if possible.len() < 3 || forced.len() > 3 {
                return None;
            }
            if possible.len() == 3 {
                let kind = usize::from(row.is_none());
                let line: Vec<usize> =
                    row.iter().flat_map(|&r| (0..9).map(move |k| 9 * r + k)).collect();
                for &d in &possible {
                    keep[d][kind] |= bits(cells);
                    area[d][kind] |= bits(&box_cells(*bx)) | bits(&line);
                }
            }
            if forced.len() == 3 {
                for d in (0..9).filter(|d| !forced.contains(d)) {
                    lose_b[d] |= masks[d] & bits(cells);
                }
            }
        }
        let mut removed = [0; 2];
        for d in 0..9 {
            let lose_a = masks[d] & (area[d][0] & !keep[d][0] | area[d][1] & !keep[d][1]);
            removed[0] += lose_a.count_ones();
            removed[1] += lose_b[d].count_ones();
            out[d] &= !(lose_a | lose_b[d]);
        }
        Some((out, removed))
    }

    #[test]
    fn triads_match_the_definitions_on_random_states() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let (mut removals, mut contradictions, mut changed) = ([0; 2], 0, 0);
        for _ in 0..20_000 {
            // Each band: a valid filling plus random extra candidates, now
            // and then with a few of the filling's candidates taken away.
            let mut state = State::new();
            let extra = [0.03, 0.1, 0.25][rng.random_range(0..3)];
            for band in 0..3 {
                let mut digits: Vec<usize> = (0..9).collect();
                let mut cols: Vec<usize> = (0..9).collect();
                for k in (1..9).rev() {
                    digits.swap(k, rng.random_range(0..=k));
                }
                for stack in 0..3 {
                    for k in (1..3).rev() {
                        cols.swap(3 * stack + k, 3 * stack + rng.random_range(0..=k));
                    }
                }
                let mut masks = [0u32; 9];
                for row in 0..3 {
                    for col in 0..9 {
                        // A valid band: row r, column c holds (3r + c) mod 9
                        // after the relabelling and column shuffle.
                        let d = digits[(3 * row + cols[col]) % 9];
                        masks[d] |= 1 << (9 * row + col);
                    }
                }
                for m in &mut masks {
                    for cell in 0..27 {
                        if rng.random_bool(extra) {
                            *m |= 1 << cell;
                        }
                    }
                }
                if rng.random_bool(0.2) {
                    for _ in 0..rng.random_range(1..3) {
                        masks[rng.random_range(0..9)] &= !(1 << rng.random_range(0..27));
                    }
                }
                for (d, &m) in masks.iter().enumerate() {
                    // As after the band update (which the rule relies on):
                    // every minirow left takes part in a permutation.
                    let m = m & ALL;
                    let shrunk = SHRINK[(m & ROW) as usize]
                        | SHRINK[(m >> 9 & ROW) as usize] << 3
                        | SHRINK[(m >> 18) as usize] << 6;
                    state.cand[3 * d + band] = m & PERMUTATION_CELLS[shrunk as usize];
                }
            }
            let before = state;
            let got = state.triads();
            let want: Vec<Option<([u32; 9], [u32; 2])>> = (0..3)
                .map(|band| reference(std::array::from_fn(|d| before.cand[3 * d + band])))
                .collect();
            if want.iter().any(Option::is_none) {
                assert!(got.is_err(), "a contradiction is reported");
                contradictions += 1;
                continue;
            }
            let removed = got.expect("no contradiction");
            assert_eq!(removed, state.cand != before.cand);
            changed += usize::from(removed);
            for band in 0..3 {
                let (want, by_half) = want[band].expect("checked");
                for (d, &want) in want.iter().enumerate() {
                    let is = state.cand[3 * d + band];
                    assert_eq!(is, want, "digit {d} band {band}: {before:?}");
                }
                removals[0] += by_half[0];
                removals[1] += by_half[1];
            }
            assert_eq!(state.cand[27..], [0; 5]);
        }
        assert!(
            removals[0] > 10_000 && removals[1] > 10_000 && contradictions > 300 && changed > 1_000,
            "the random states exercise the rule ({removals:?} removals by each half, {changed} \
             changed, {contradictions} contradictions)"
        );
    }

    /// Propagates `state` with the band update, naked singles and the rule
    /// at every stall, checking after each pass of the rule that every
    /// candidate of `solution` (a solution of the state) is still there.
    /// Returns how many candidates the rule removed.
    fn propagate_keeping(state: &mut State, solution: &[u8]) -> u32 {
        let keeps = |s: &State| {
            solution
                .iter()
                .enumerate()
                .all(|(cell, &v)| s.cand[3 * (v as usize - 1) + cell / 27] >> (cell % 27) & 1 != 0)
        };
        let mut removed = 0;
        loop {
            state.update(Scalar).expect("a state with a solution");
            if state.naked_singles(Scalar).expect("a state with a solution") {
                continue;
            }
            let before = state.cand;
            let changed = state.triads().expect("a state with a solution");
            assert!(keeps(state), "a solution's candidate was removed");
            removed += (0..27).map(|i| (before[i] & !state.cand[i]).count_ones()).sum::<u32>();
            if !changed {
                return removed;
            }
        }
    }

    #[test]
    fn triads_keep_every_candidate_of_the_solution() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        let (mut states, mut removed) = (0, 0);
        for puzzle in corpus(41) {
            let mut solutions = Vec::new();
            run_search(Choice::Scalar, guess::IN_SEARCH, &puzzle, None, None, Watch::NEVER, |s| {
                solutions.push(s.values());
                Next::Continue
            });
            // Unique-solution puzzles: their solution is every solution.
            let [solution] = solutions.as_slice() else { continue };
            assert!(solves(&puzzle, solution), "not a solution of {puzzle:?}");
            // The puzzle, then with more and more of the solution given.
            let mut values: [u8; 81] = puzzle.as_slice().try_into().expect("81 values");
            for _ in 0..6 {
                let mut state = State::from_givens(&values).expect("valid givens");
                removed += propagate_keeping(&mut state, solution);
                states += 1;
                for _ in 0..4 {
                    let cell = rng.random_range(0..81);
                    values[cell] = solution[cell];
                }
            }
        }
        assert!(states > 5_000 && removed > 1_000, "{states} states, {removed} removals");
    }

    /// Up to two solutions of `state`, searching with the rule in the
    /// propagation (as the solver's search would with the rule on).
    fn search_with_triads(mut state: State, found: &mut Vec<[u8; 81]>) {
        if Scalar.propagate_rules::<true, true>(&mut state, true, true).is_err() {
            return;
        }
        if state.is_solved() {
            found.push(state.values());
            return;
        }
        let (band, bit) = state.guess_cell();
        let mut digits = state.digits_at(band, bit);
        while digits != 0 && found.len() < 2 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            let mut next = state;
            next.place(d, band, bit);
            search_with_triads(next, found);
        }
    }

    #[test]
    fn searches_with_and_without_triads_agree() {
        let base = corpus(97);
        let (mut unique, mut several, mut none) = (0, 0, 0);
        for puzzle in base.iter().chain(&random(1_000, 13, &base)) {
            let mut want = Vec::new();
            run_search(Choice::Scalar, guess::IN_SEARCH, puzzle, None, None, Watch::NEVER, |s| {
                want.push(s.values());
                if want.len() < 2 { Next::Continue } else { Next::Stop }
            });
            let mut got = Vec::new();
            if let Ok(state) = State::from_givens(puzzle.as_slice().try_into().expect("81")) {
                search_with_triads(state, &mut got);
            }
            assert_eq!(got.len(), want.len(), "solutions of {puzzle:?}");
            for s in &got {
                assert!(solves(puzzle, s), "not a solution of {puzzle:?}");
            }
            match want.len() {
                0 => none += 1,
                1 => {
                    assert_eq!(got, want, "the solution of {puzzle:?}");
                    unique += 1;
                }
                _ => several += 1,
            }
        }
        assert!(unique > 100 && several > 100 && none > 100, "{unique} / {several} / {none}");
    }
}
