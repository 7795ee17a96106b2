//! Property tests (proptest): random puzzles of every small shape, checked by
//! the rules with the independent checker of `fuzz/src/engine.rs` (see
//! `fuzz_regressions`), never by the solver that gave the answer.
//!
//! The default run tries a few dozen cases per property so `cargo test`
//! stays quick; the `#[ignore]`d `*_long` tests run the same properties on
//! many more cases (`cargo test --release -- --ignored`).

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::time::Duration;
use sudokit::format::{self, Format};

use sudokit::generate::{ClueRange, GenerateError, Generator, Options, Symmetry};
use sudokit::solve::{Count, Solution, Solver};
use sudokit::transform::Transform;
use sudokit::{Grid, Shape};

use crate::fuzz_regressions::engine::{consistent, round_trip, solves};

const QUICK: u32 = 64;
const LONG: u32 = 1000;

fn shapes() -> Vec<Shape> {
    [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3)].map(|(r, c)| Shape::new(r, c).unwrap()).to_vec()
}

/// A puzzle: a full grid from a seed, with each cell kept with probability
/// `keep` percent (so anywhere from nearly empty to full).
fn puzzle() -> impl Strategy<Value = Grid> {
    (prop::sample::select(shapes()), any::<u64>(), 0u32..=100, any::<u64>()).prop_map(
        |(shape, seed, keep, mask_seed)| {
            let full = Generator::new(Options::new(shape), seed).unwrap().grid(0).unwrap();
            let mut x = mask_seed | 1;
            let values = full
                .values()
                .iter()
                .map(|&v| {
                    // xorshift: a cheap independent mask stream.
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    if (x % 100) < u64::from(keep) { v } else { 0 }
                })
                .collect::<Vec<u8>>();
            Grid::from_values(shape, values).unwrap()
        },
    )
}

fn run<S: Strategy>(cases: u32, strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>)
where
    S::Value: std::fmt::Debug,
{
    let mut runner =
        TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
    if let Err(e) = runner.run(&strategy, test) {
        panic!("{e}");
    }
}

fn solve_keeps_the_rules_and_the_givens(cases: u32) {
    run(cases, puzzle(), |p| {
        match p.solution() {
            Solution::Unique(s) => prop_assert!(solves(&s, &p), "{s:?} does not solve {p:?}"),
            Solution::Several(a, b) => {
                prop_assert!(solves(&a, &p) && solves(&b, &p) && a != b);
            }
            other => prop_assert!(false, "a puzzle carved from a full grid: {other:?}"),
        }
        let some = p.some_solution().expect("carved from a full grid");
        prop_assert!(solves(&some, &p));
        Ok(())
    });
}

/// Every named operation that applies to `shape`, and a random element of
/// the whole group.
fn transforms(shape: Shape, seed: u64) -> Vec<Transform> {
    let n = shape.size();
    let mut out = vec![
        Transform::random(shape, seed),
        Transform::mirror_h(shape),
        Transform::mirror_v(shape),
        Transform::rotate(shape, 2).unwrap(),
        Transform::swap_rows(shape, 0, 1.min(shape.box_rows() - 1)).unwrap(),
        Transform::swap_cols(shape, 0, 1.min(shape.box_cols() - 1)).unwrap(),
        Transform::swap_bands(shape, 0, shape.box_cols() - 1).unwrap(),
        Transform::swap_stacks(shape, 0, shape.box_rows() - 1).unwrap(),
        Transform::relabel(shape, &(1..=n as u8).rev().collect::<Vec<_>>()).unwrap(),
    ];
    if shape.is_square_box() {
        out.push(Transform::transpose(shape).unwrap());
        out.push(Transform::rotate(shape, 1).unwrap());
    }
    out
}

fn count_is_invariant_under_every_transform(cases: u32) {
    run(cases, (puzzle(), any::<u64>()), |(p, seed)| {
        let count = |g: &Grid| Solver::new().general_only().count(g, 3);
        let base = count(&p);
        prop_assert!(matches!(base, Count::Found(1..=3)));
        for t in transforms(p.shape(), seed) {
            let moved = t.apply(&p);
            prop_assert_eq!(moved.clue_count(), p.clue_count());
            prop_assert_eq!(consistent(&moved), consistent(&p));
            prop_assert_eq!(count(&moved), base, "{:?}", t);
            prop_assert_eq!(t.inverse().apply(&moved), p.clone());
        }
        Ok(())
    });
}

/// A map of cells `(row, col, n) -> (row, col)` on an `n x n` board.
type CellMap = fn(usize, usize, usize) -> (usize, usize);

/// The cell maps that generate each symmetry, written from their meaning.
fn symmetry_maps(sym: Symmetry) -> Vec<CellMap> {
    let rot180 = |r, c, n: usize| (n - 1 - r, n - 1 - c);
    let rot90 = |r, c, n: usize| (c, n - 1 - r);
    let mirror_h = |r, c, n: usize| (r, n - 1 - c);
    let mirror_v = |r, c, n: usize| (n - 1 - r, c);
    let diagonal = |r, c, _| (c, r);
    let anti = |r, c, n: usize| (n - 1 - c, n - 1 - r);
    match sym {
        Symmetry::None => vec![],
        Symmetry::Rot180 => vec![rot180],
        Symmetry::Rot90 => vec![rot90],
        Symmetry::MirrorH => vec![mirror_h],
        Symmetry::MirrorV => vec![mirror_v],
        Symmetry::Diagonal => vec![diagonal],
        Symmetry::AntiDiagonal => vec![anti],
        Symmetry::BothMirrors => vec![mirror_h, mirror_v],
        Symmetry::BothDiagonals => vec![diagonal, anti],
        Symmetry::Full => vec![rot90, diagonal],
    }
}

fn generated_puzzles_are_unique_symmetric_and_in_range(cases: u32) {
    let strategy = (
        prop::sample::select(shapes()),
        prop::sample::select(Symmetry::ALL.to_vec()),
        any::<bool>(),
        any::<u64>(),
    );
    run(cases, strategy, |(shape, symmetry, ranged, seed)| {
        let cells = shape.cell_count();
        // A wide range (about a third to a half of the cells): reachable
        // with every symmetry.
        let range = ClueRange::new(cells / 3, cells / 2).unwrap();
        let limit = Some(Duration::from_secs(2));
        let options =
            Options::new(shape).symmetry(symmetry).clues(ranged.then_some(range)).time_limit(limit);
        let g = match Generator::new(options, seed).unwrap().puzzle(0) {
            Ok(g) => g,
            // A clue range with a symmetry may be out of reach in the time
            // limit; the generator must then say so (never a puzzle out of
            // range). Minimal puzzles are always reachable.
            Err(GenerateError::OutOfTime { .. } | GenerateError::NotReached { .. }) if ranged => {
                return Ok(());
            }
            Err(e) => return Err(TestCaseError::fail(format!("{e}"))),
        };
        let p = &g.puzzle;
        prop_assert!(solves(&g.solution, p), "the solution does not solve the puzzle");
        // Unique: the general search (not the 9x9 path the generator uses)
        // finds exactly one completion, and it is the one given.
        let mut found = Solver::new().general_only().solutions(p, 2);
        prop_assert_eq!(found.len(), 1, "{:?} is not unique", p);
        prop_assert_eq!(found.pop().unwrap(), g.solution.clone());
        if ranged {
            prop_assert!(range.contains(p.clue_count()), "{} clues", p.clue_count());
        }
        let n = shape.size();
        for map in symmetry_maps(symmetry) {
            for r in 0..n {
                for c in 0..n {
                    let (r2, c2) = map(r, c, n);
                    let given = |r: usize, c: usize| p.values()[r * n + c] != 0;
                    prop_assert_eq!(
                        given(r, c),
                        given(r2, c2),
                        "{:?} broken at r{}c{}",
                        symmetry,
                        r + 1,
                        c + 1
                    );
                }
            }
        }
        Ok(())
    });
}

/// Any grid of any shape (values need not obey the rules) reads back from
/// every format it is written in.
fn parse_print_round_trips(cases: u32) {
    let every: Vec<Shape> = Shape::all().filter(|s| s.size() <= 36).collect();
    let strategy = (prop::sample::select(every), any::<u64>(), 0u32..=100);
    run(cases, strategy, |(shape, seed, keep)| {
        let n = shape.size() as u64;
        let mut x = seed | 1;
        let values: Vec<u8> = (0..shape.cell_count())
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                if x % 100 < u64::from(keep) { (x / 100 % n + 1) as u8 } else { 0 }
            })
            .collect();
        let grid = Grid::from_values(shape, values).unwrap();
        round_trip(&grid, None);
        // Detection too: the line format read with only the shape given.
        // Boards of side 2 and 3 are left out: their lines (4 or 9
        // characters) read as rows of a grid, a known gap (use --from line).
        if (4..=format::MAX_CHAR_SIZE).contains(&shape.size()) && grid.clue_count() > 0 {
            let text = format::write(&grid, Format::Line);
            if let Ok(r) = format::parse(&text, format::ReadOptions::new().with_shape(shape)) {
                prop_assert_eq!(r.grid, grid);
            } else {
                prop_assert!(false, "line output does not read back: {text}");
            }
        }
        Ok(())
    });
}

#[test]
fn solve_keeps_the_rules_and_the_givens_quick() {
    solve_keeps_the_rules_and_the_givens(QUICK);
}

#[test]
fn count_is_invariant_under_every_transform_quick() {
    count_is_invariant_under_every_transform(QUICK);
}

#[test]
fn generated_puzzles_are_unique_symmetric_and_in_range_quick() {
    generated_puzzles_are_unique_symmetric_and_in_range(QUICK);
}

#[test]
fn parse_print_round_trips_quick() {
    parse_print_round_trips(QUICK * 4);
}

#[test]
#[ignore = "many cases; run with --release -- --ignored"]
fn solve_keeps_the_rules_and_the_givens_long() {
    solve_keeps_the_rules_and_the_givens(LONG);
}

#[test]
#[ignore = "many cases; run with --release -- --ignored"]
fn count_is_invariant_under_every_transform_long() {
    count_is_invariant_under_every_transform(LONG);
}

#[test]
#[ignore = "many cases; run with --release -- --ignored"]
fn generated_puzzles_are_unique_symmetric_and_in_range_long() {
    generated_puzzles_are_unique_symmetric_and_in_range(LONG / 4);
}

#[test]
#[ignore = "many cases; run with --release -- --ignored"]
fn parse_print_round_trips_long() {
    parse_print_round_trips(LONG * 4);
}
