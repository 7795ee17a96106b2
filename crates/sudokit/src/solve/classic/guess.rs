//! Guesses on band configurations, and when the search takes them.
//!
//! In a band a digit's three minirows follow a permutation of the boxes (see
//! the band update); the permutations its mask still allows are its
//! *configurations* in the band, one to six. Branching on them partitions
//! the solutions as branching on a cell's digits does: each solution gives
//! the digit exactly one configuration in the band. A branch narrows the
//! digit's mask to the cells of one permutation's three minirows, a single
//! mask narrowing, so it is handed down like a placement; after a branch
//! fails, the mask keeps the minirows of the configurations still to try,
//! and the last one is applied in place. Each branch is one node.
//!
//! The choice follows tdoku (Tom Dillon, "Getting vectorized",
//! t-dillon.github.io/tdoku, 2019), which reports that branching on band
//! configurations takes far fewer guesses than branching on cells: take the
//! band whose digits allow the fewest configurations together, then its
//! digit with the fewest. Here "together" is the product of the digits'
//! counts (ties to the band with more bivalue cells), a digit's ties go to
//! the fewest cells, and when the best digit has three configurations or
//! more and the band has a bivalue cell, that cell (scored as in the cell
//! guess) is the guess instead: two branches beat three.
//!
//! # When
//! Configurations pay on the hard sets and cost on the easy ones, and the
//! first guess decides the most. With [`IN_SEARCH`], the search guesses on
//! configurations at its root when at least [`OPEN_ROOT`] (50) cells are
//! open there, and after [`LATE_NODES`] (16) nodes; else on a bivalue cell
//! ([`State::guess_cell_scored`]). At the root, the permuted hardest sets
//! have 55-60 open cells and serg-multi 30-49 (top1465 and 17-clue spread
//! over 20-60).
//!
//! # Configurations need intersection counting
//! A configuration fixes a digit's minirows without placing it, and the
//! band update, naked singles and the stack rule do not see a minirow asked
//! to hold four digits (or three cells left two digits): the contradiction
//! shows only after more guesses, so refuting a configuration can take an
//! exponential search. The benchmark sets hide it; random puzzles without a
//! solution show it. Intersection counting (tdoku's "numerical clauses",
//! every minirow and minicolumn holds exactly three digits: `triads`) is
//! the missing rule, so the search runs it at its stalls from its first
//! configuration guess on (`Search::used_configs`, handed to
//! `Isa::propagate_rules` like `stacks_on`), and [`IN_SEARCH`] is true. With it,
//! configurations take fewer nodes and instructions on the hard sets and
//! about as many on the easy ones. The choice costs about 220 instructions
//! a guess (the counts of all 27 masks lane-wise, the band products, the
//! digit), against about 1,500 for a node. The figures, and the variants
//! of the choice measured and rejected, are in `docs/solver-notes.md`
//! ("Band configurations").
//!
//! The differential tests (fast path against the general one, on the
//! corpus and on random puzzles: 5-30 random givens, 0-5 givens, corpus
//! puzzles with clues removed) run this search, and
//! `configuration_guesses_find_the_same_solutions` compares it with cell
//! guesses. Carving and filling keep cell guesses and no intersection
//! counting (their puzzles per seed do not depend on this module).

use super::{SLOTS, State};

/// The six permutations of the boxes over a band's three rows.
const PERMS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// The lowest cell of each minirow of a band (bit `9 * row + 3 * box`).
const MINIROW_LOW: u32 = 0o111_111_111;

/// For each permutation, the lowest cells of its three minirows.
static PERM_LOWS: [u32; 6] = {
    let mut t = [0; 6];
    let mut p = 0;
    while p < 6 {
        let mut r = 0;
        while r < 3 {
            t[p] |= 1 << (9 * r + 3 * PERMS[p][r]);
            r += 1;
        }
        p += 1;
    }
    t
};

/// For each permutation, the band cells of its three minirows.
pub(super) static PERM_CELLS: [u32; 6] = {
    let mut t = [0; 6];
    let mut p = 0;
    while p < 6 {
        t[p] = PERM_LOWS[p] * 0b111;
        p += 1;
    }
    t
};

/// For a set of permutations (bit `p` for permutation `p`), the cells of
/// all their minirows.
pub(super) static PERM_SET_CELLS: [u32; 64] = {
    let mut t = [0; 64];
    let mut s = 0;
    while s < 64 {
        let mut p = 0;
        while p < 6 {
            if (s >> p) & 1 != 0 {
                t[s] |= PERM_CELLS[p];
            }
            p += 1;
        }
        s += 1;
    }
    t
};

/// The configurations the band mask `m` allows, as bits `1 << permutation`.
#[inline(always)]
pub(super) fn configs(m: u32) -> u32 {
    let lows = (m | m >> 1 | m >> 2) & MINIROW_LOW;
    let mut set = 0;
    for (p, &want) in PERM_LOWS.iter().enumerate() {
        set |= u32::from(lows & want == want) << p;
    }
    set
}

/// Whether the solver's search guesses on configurations (see
/// "Configurations need intersection counting"); tests also run it without.
pub(super) const IN_SEARCH: bool = true;

/// The search's first guess is on configurations when at least this many
/// cells are open; with fewer, on a bivalue cell (see "When").
pub(super) const OPEN_ROOT: u32 = 50;

/// After this many nodes, the search guesses on configurations (see "When").
pub(super) const LATE_NODES: u64 = 16;

/// What the search branches on.
#[derive(Clone, Copy, Debug)]
pub(super) enum Guess {
    /// Every digit of the cell at band bit `bit` of `band`.
    Cell { band: usize, bit: u32 },
    /// Every configuration (bits `1 << permutation`) of mask `index`.
    Config { index: usize, perms: u32 },
}

impl State {
    /// The number of configurations of every mask, lane-wise (the compiler
    /// vectorises it); padding lanes (all-zero masks) count 0.
    #[inline(always)]
    pub(super) fn config_counts(&self) -> [u32; SLOTS] {
        self.cand.map(|m| {
            let lows = (m | m >> 1 | m >> 2) & MINIROW_LOW;
            PERM_LOWS.iter().map(|&want| u32::from(lows & want == want)).sum()
        })
    }
}

impl State {
    /// The configuration guess: of the band whose unplaced digits allow the
    /// fewest configurations together (the product of their counts; ties
    /// to the band with more bivalue cells, then the lower band), the digit
    /// with the fewest configurations (ties to the fewest cells, then the
    /// lower digit); but when that digit has more than two and the band has
    /// a bivalue cell, the band's best bivalue cell. With no digit of two
    /// configurations or more anywhere, a cell ([`State::guess_cell_scored`]).
    #[inline(always)]
    pub(super) fn guess_config(&self) -> Guess {
        let n = self.config_counts();
        let mut prod = [1u32; 3];
        for d in 0..9 {
            for (b, p) in prod.iter_mut().enumerate() {
                *p *= n[3 * d + b].max(1);
            }
        }
        // A product is at most 6^9 < 2^24, so it fits beside the tie-break.
        let key = |b: usize| {
            if prod[b] == 1 { u32::MAX } else { prod[b] << 5 | (31 - self.pairs[b].count_ones()) }
        };
        let keys = [key(0), key(1), key(2)];
        let band = if keys[1] < keys[0] { 1 } else { 0 };
        let band = if keys[2] < keys[band] { 2 } else { band };
        if keys[band] == u32::MAX {
            let (band, bit) = self.guess_cell_scored::<true>();
            return Guess::Cell { band, bit };
        }
        // (configurations << 10 | cells << 5 | digit), the least wins.
        let mut best = u32::MAX;
        for d in 0..9 {
            let i = 3 * d + band;
            let k = if n[i] >= 2 {
                n[i] << 10 | self.cand[i].count_ones() << 5 | d as u32
            } else {
                u32::MAX
            };
            best = best.min(k);
        }
        if best >> 10 > 2 && self.pairs[band] != 0 {
            return Guess::Cell { band, bit: self.best_pair_in::<true>(band) };
        }
        let index = (3 * (best & 31) as usize + band) % SLOTS;
        Guess::Config { index, perms: configs(self.cand[index]) }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Choice, Next, run_search};
    use super::{PERMS, configs};
    use crate::deadline::Watch;

    /// The solutions (up to `limit`, sorted), the count and the end of a
    /// search with or without configuration guesses.
    fn solutions(configs: bool, values: &[u8], limit: usize) -> (Vec<[u8; 81]>, bool) {
        let mut found = Vec::new();
        let (ended, _) =
            run_search(Choice::best(), configs, values, None, None, Watch::NEVER, |s| {
                found.push(s.values());
                if found.len() < limit { Next::Continue } else { Next::Stop }
            });
        found.sort_unstable();
        (found, ended == super::super::Ended::Finished)
    }

    /// Every puzzle of the corpus sample, and each with a few clues
    /// removed (several solutions): the same solutions either way, and
    /// every one keeps the givens and is a valid grid.
    #[test]
    fn configuration_guesses_find_the_same_solutions() {
        const LIMIT: usize = 200;
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data");
        let files = ["17-clue", "top1465", "hardest-11plus", "hardest-1106", "serg-multi"];
        let mut checked = 0;
        for name in files {
            let path = format!("{dir}/{name}.txt");
            let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            let lines = text.lines().filter(|l| !l.starts_with('#') && l.len() >= 81);
            for (k, line) in lines.step_by(211).enumerate() {
                let mut values: Vec<u8> = line
                    .bytes()
                    .take(81)
                    .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
                    .collect();
                for variant in 0..2 {
                    if variant == 1 {
                        // Remove two clues (a fixed pattern per puzzle).
                        let clues: Vec<usize> = (0..81).filter(|&i| values[i] != 0).collect();
                        for j in 0..2 {
                            values[clues[(7 * k + 5 * j) % clues.len()]] = 0;
                        }
                    }
                    // All solutions when there are fewer than the limit
                    // (the same set either way), else the limit reached.
                    let with = solutions(true, &values, LIMIT);
                    let without = solutions(false, &values, LIMIT);
                    if with.0.len() < LIMIT || without.0.len() < LIMIT {
                        assert!(with == without, "{name} line {k}: solutions differ");
                    }
                    for s in &with.0 {
                        assert!(values.iter().zip(s).all(|(&v, &g)| v == 0 || v == g));
                        for i in 0..9 {
                            let row = (0..9).fold(0u16, |m, j| m | 1 << s[9 * i + j]);
                            let col = (0..9).fold(0u16, |m, j| m | 1 << s[9 * j + i]);
                            let bx = (0..9).fold(0u16, |m, j| {
                                m | 1 << s[27 * (i / 3) + 3 * (i % 3) + 9 * (j / 3) + j % 3]
                            });
                            assert_eq!(row & col & bx, 0b11_1111_1110, "{name} line {k}");
                        }
                    }
                    checked += with.0.len();
                }
            }
        }
        assert!(checked > 400, "the corpus sample was read ({checked} solutions)");
    }

    #[test]
    fn configs_are_the_permutations_with_a_cell_in_each_minirow() {
        for m in (0u32..1 << 27).step_by(7919) {
            let want = (0..6).fold(0, |set, p| {
                let ok = (0..3).all(|r| (m >> (9 * r + 3 * PERMS[p][r])) & 0b111 != 0);
                set | u32::from(ok) << p
            });
            assert_eq!(configs(m), want, "mask {m:o}");
        }
    }
}
