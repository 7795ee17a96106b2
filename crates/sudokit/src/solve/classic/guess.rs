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
//! A configuration fixes a digit's minirows without
//! placing it, and the band update, naked singles and the stack rule do
//! not see a minirow asked to hold four digits (or three cells left two
//! digits): the contradiction shows only after more guesses, so refuting a
//! configuration can take an exponential search. The benchmark sets hide
//! it; random puzzles show it (the differential tests' kinds, 2,000 each,
//! nodes before -> with configurations): 5-30 random givens, mostly
//! without a solution, 12,245 -> 199,045,519 (one puzzle 14.6 million);
//! 0-5 givens, 80,686 -> more than a minute (the empty grid: 371,643 nodes
//! to find two solutions); corpus puzzles with clues removed, 77,394 ->
//! 68,513. Allowing configurations only with at most 55-64 open cells does
//! not help.
//!
//! Intersection counting (tdoku's "numerical clauses", every minirow and
//! minicolumn holds exactly three digits: branch `s6-triads`, module
//! `triads`, off in the search there because alone it does not pay) is the
//! missing rule. Measured together (session 6, triads' working tree
//! copied in): triads at the search's stalls (after the stack rule) from
//! the first configuration guess of a search on, configurations as above:
//! random puzzles 12,268, 75,462 and 61,366 nodes (at most 50, 88, 553 a
//! puzzle: no blow-up; triads only with at least 50 open cells still blow
//! up: 128,612, one puzzle 39,701), and on the benchmark sets:
//!
//! | | 17-clue | top1465 | h-11plus | h-1106 | serg-multi |
//! |---|---:|---:|---:|---:|---:|
//! | nodes, before | 5,496 | 34,371 | 216,125 | 142,310 | 41,526 |
//! | configurations alone (unsafe) | 5,629 | 35,764 | 179,654 | 111,048 | 41,523 |
//! | with triads | 4,508 | 27,951 | 155,713 | 93,286 | 41,523 |
//! | instructions/puzzle, before | 11,191 | 46,361 | 339,697 | 581,616 | 14,888 |
//! | configurations alone (unsafe) | +0.8% | +5.3% | -10.3% | -13.7% | +1.3% |
//! | with triads | -1.3% | +1.5% | -5.8% | -11.4% | +2.3% |
//! | with triads at every stall | -1.1% | +0.5% | -6.1% | -11.7% | +19.9% |
//!
//! (Callgrind, instructions per puzzle in `Solver::count`, AVX2 build;
//! 17-clue and serg-multi first 5,000 puzzles, hardest-11plus first 1,000,
//! the others whole; sets permuted as in `bench`. serg-multi's +1.3% is
//! mostly code layout: with configurations compiled in but never taken it
//! measures +0.6%, most of it in the givens' placement, unchanged source.)
//! Wall-clock, configurations with triads against this branch with them
//! off (`sudokit bench --runs 5`, AVX-512 build, three interleaved pairs at
//! load 2-2.5 on 2 cores, so indicative; median pair ratios, above 1 is
//! faster): 17-clue 1.05, top1465 0.95, hardest-11plus 1.03, hardest-1106
//! 1.18, serg-multi 1.01.
//! On the whole sets, configurations alone take 17-clue 76,776 -> 73,609
//! nodes, top1465 34,371 -> 35,764, hardest-11plus 9,687,851 -> 8,265,976,
//! hardest-1106 142,310 -> 111,048, serg-multi 82,897 -> 82,893.
//!
//! The choice costs about 220 instructions a guess (the counts of all 27
//! masks lane-wise, the band products, the digit), against about 1,500 for
//! a node.
//!
//! Measured and rejected (nodes on the subsets above, in the order 17-clue,
//! top1465, hardest-11plus, hardest-1106, serg-multi; before: 5,496, 34,371,
//! 216,125, 142,310, 41,526; all without triads):
//! - Configurations at every guess: 6,954, 38,324, 175,252, 108,510, 43,302
//!   (instructions +4.2%, +12.6%, -12.3%, -16.0%, +9.9%).
//! - The fewest configurations of any mask, no band choice: 10,034, 67,506,
//!   366,510, 255,312, 42,263. The band by the sum of counts instead of the
//!   product: 7,497, 41,336, 196,344, 119,288, 43,593 (no cell fallback).
//! - The tdoku band with its best bivalue cell always (configurations only
//!   without one): 6,222, 40,198, 226,618, 152,433, 40,828: the gain is in
//!   branching on configurations, not in the band.
//! - A bivalue cell whenever one exists, configurations otherwise: 5,430,
//!   34,038, 221,398, 156,430, 41,526; a configuration pair (any mask with
//!   two) before a bivalue cell: 9,836, 66,102, 359,032, 249,464, 42,321.
//! - Digits' ties to the most cells: 8,750, 44,247, 201,859, 121,578, 44,019.
//! - Configurations only after 8 nodes (no root rule): 6,248, 38,680,
//!   210,461, 125,914, 41,564; from the second node on: 6,673, 38,716,
//!   189,103, 112,052, 42,345; configurations only while at least 50 cells
//!   are open: 6,169, 39,032, 235,786, 174,677, 41,526. The root rule with 8
//!   late nodes: 5,875, 36,927, 178,654, 111,042, 41,558 (instructions +1.5%,
//!   +8.7%, -10.7%, -13.6%, +1.8%); with 16: the table above (kept).
//!
//! # On, with intersection counting (session 6)
//! The search runs intersection counting (`triads`) at its stalls from its
//! first configuration guess on (`Search::used_configs`, handed to
//! `propagate_with` like `stacks_on`), and [`IN_SEARCH`] is true. The
//! differential tests (fast path against the general one, on the corpus
//! and on random puzzles of the three kinds above) run this search, and
//! `configuration_guesses_find_the_same_solutions` compares it with cell
//! guesses. Carving and filling keep cell guesses and no triads (same
//! puzzles per seed).
//!
//! Measured on main after the AVX-512 sweeps (`sudokit bench --runs 5`,
//! AVX-512 build, idle machine at a slow moment, five interleaved pairs on
//! hardest-1106, 17-clue and serg-multi, three on the others; puzzles/s,
//! cell guesses -> configurations): hardest-1106 12.6k/13.1k/12.1k/12.8k/13.0k
//! -> 13.2k/13.5k/13.0k/14.4k/14.1k (median pair ratio 1.07), 17-clue 0.91M
//! -> 0.95M (1.05), hardest-11plus 22.3k/23.6k/21.8k -> 23.3k/22.7k/22.4k
//! (1.0), top1465 about equal (noisy), serg-multi 500k/521k/430k/510k/514k
//! -> 495k/478k/408k/517k/496k (0.97).

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

/// Whether the solver's search guesses on configurations (see "On, with
/// intersection counting"); tests also run it without.
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
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/data");
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
