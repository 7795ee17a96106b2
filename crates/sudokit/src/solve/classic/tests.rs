//! Every instruction set of the fast path against the scalar one: the same
//! solutions in the same order and the same node count, on corpus puzzles
//! and on random ones (valid, clashing or unsolvable, near-empty); every
//! solution is checked by the rules. The default run takes samples; the
//! `--ignored` test takes the whole corpus and 100,000 random puzzles.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{Choice, Next, State, guess, run_search};
use crate::deadline::Watch;

/// What one search reports: up to three solutions, the end and the nodes.
fn outcome(isa: Choice, values: &[u8]) -> (Vec<Vec<u8>>, super::Ended, u64) {
    let mut found = Vec::new();
    let (ended, nodes) = run_search(isa, guess::IN_SEARCH, values, None, None, Watch::NEVER, |s| {
        found.push(s.values().to_vec());
        if found.len() < 3 { Next::Continue } else { Next::Stop }
    });
    (found, ended, nodes)
}

/// Whether `grid` is a full valid grid that keeps the givens of `puzzle`.
pub(super) fn solves(puzzle: &[u8], grid: &[u8]) -> bool {
    let units = (0..9).flat_map(|i| {
        [
            (0..9).map(|j| 9 * i + j).collect::<Vec<_>>(),
            (0..9).map(|j| 9 * j + i).collect(),
            (0..9).map(|j| 27 * (i / 3) + 3 * (i % 3) + 9 * (j / 3) + j % 3).collect(),
        ]
    });
    puzzle.iter().zip(grid).all(|(&p, &g)| p == 0 || p == g)
        && units.into_iter().all(|u| {
            let seen = u.iter().fold(0u16, |m, &c| m | 1 << grid[c]);
            seen == 0b11_1111_1110
        })
}

/// The instruction sets this CPU offers besides the scalar one.
fn others() -> Vec<Choice> {
    let mut out = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        let has = std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("popcnt");
        let found = super::simd::Avx2::detect();
        assert_eq!(found.is_some(), has, "AVX2 detection disagrees with the CPU flags");
        match found {
            Some(isa) => out.push(Choice::Avx2(isa)),
            None => eprintln!("note: no AVX2 on this CPU; only the scalar path is tested"),
        }
        let has512 = has && std::arch::is_x86_feature_detected!("avx512f");
        let found = super::simd::Avx512::detect();
        assert_eq!(found.is_some(), has512, "AVX-512 detection disagrees with the CPU flags");
        match found {
            Some(isa) => {
                // Both band updates: with VBMI and GFNI (when present) and without.
                out.push(Choice::Avx512(isa));
                out.push(Choice::Avx512(isa.without_gfni()));
            }
            None => eprintln!("note: no AVX-512 on this CPU; its path is not tested"),
        }
    }
    out
}

fn assert_agree(others: &[Choice], values: &[u8]) {
    let want = outcome(Choice::Scalar, values);
    for s in &want.0 {
        assert!(solves(values, s), "scalar path: not a solution of {values:?}");
    }
    for &isa in others {
        assert_eq!(outcome(isa, values), want, "{isa:?} differs from scalar on {values:?}");
    }
}

pub(super) fn corpus(step: usize) -> Vec<Vec<u8>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data");
    let files = ["17-clue", "top1465", "hardest-11plus", "hardest-1106", "serg-multi"];
    let mut out = Vec::new();
    for name in files {
        let path = format!("{dir}/{name}.txt");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let lines = text.lines().filter(|l| !l.starts_with('#') && l.len() >= 81);
        for line in lines.step_by(step) {
            let values = line.bytes().take(81).map(|b| match b {
                b'1'..=b'9' => b - b'0',
                _ => 0,
            });
            out.push(values.collect());
        }
    }
    assert!(out.len() >= 5, "corpus not found");
    out
}

/// `n` random puzzles: corpus puzzles with clues removed (several
/// solutions), random digits in random cells (often clashing or without a
/// solution) and near-empty boards.
pub(super) fn random(n: usize, seed: u64, base: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    (0..n)
        .map(|_| match rng.random_range(0..3) {
            0 => {
                let mut p = base[rng.random_range(0..base.len())].clone();
                for _ in 0..rng.random_range(1..8) {
                    p[rng.random_range(0..81)] = 0;
                }
                p
            }
            1 => {
                let mut p = vec![0; 81];
                for _ in 0..rng.random_range(5..30) {
                    p[rng.random_range(0..81)] = rng.random_range(1..=9);
                }
                p
            }
            _ => {
                let mut p = vec![0; 81];
                for _ in 0..rng.random_range(0..6) {
                    p[rng.random_range(0..81)] = rng.random_range(1..=9);
                }
                p
            }
        })
        .collect()
}

#[test]
fn instruction_sets_agree_on_samples() {
    let others = others();
    let base = corpus(97);
    for p in base.iter().chain(&random(2_000, 7, &base)) {
        assert_agree(&others, p);
    }
}

#[test]
#[ignore = "whole corpus and 100,000 random puzzles; run with --release"]
fn instruction_sets_agree_on_everything() {
    let others = others();
    let base = corpus(1);
    for p in base.iter().chain(&random(100_000, 11, &base)) {
        assert_agree(&others, p);
    }
}

/// The givens placed one by one with `place_given`: the reference for
/// `State::from_givens`. `None` at the first clash.
fn one_by_one(values: &[u8]) -> Option<State> {
    let mut state = State::new();
    for (i, &v) in values.iter().enumerate() {
        if v != 0 {
            state.place_given(v as usize - 1, i / 27, (i % 27) as u32).ok()?;
        }
    }
    Some(state)
}

/// Every instruction set's bulk placement of the givens (`Isa::place_givens`:
/// the plain one, and byte compares with a lane-wise pass on AVX-512).
#[test]
fn givens_in_bulk_match_givens_one_by_one() {
    let base = corpus(97);
    let isas: Vec<Choice> = std::iter::once(Choice::Scalar).chain(others()).collect();
    let (mut ok, mut clashing) = (0, 0);
    for p in base.iter().chain(&random(3_000, 5, &base)) {
        let want = one_by_one(p);
        for &isa in &isas {
            let bulk = isa.place_givens(p.as_slice().try_into().unwrap()).ok();
            assert_eq!(bulk.is_some(), want.is_some(), "{isa:?}: clash found by one only: {p:?}");
            if let (Some(a), Some(b)) = (bulk, want) {
                let (a, b) = ((a.cand, a.done, a.unsolved), (b.cand, b.done, b.unsolved));
                assert_eq!(a, b, "{isa:?}: {p:?}");
            }
        }
        if want.is_some() {
            ok += 1;
        } else {
            clashing += 1;
        }
    }
    // Both kinds were met, so both branches were compared.
    assert!(ok > 100 && clashing > 100, "{ok} placed, {clashing} clashing");
}
