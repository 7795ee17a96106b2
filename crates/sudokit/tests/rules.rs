//! Boards with rules beyond rows, columns and boxes: X (diagonals),
//! windoku, jigsaw, anti-knight, anti-king.
//!
//! The rules are written out again here from their definitions (cell
//! coordinates, not the engine's tables), and an exhaustive enumerator on
//! 4x4 and 6x6 boards counts solutions with them: the engine's counts must
//! agree, and every solution it gives must obey them.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use sudokit::logic::LogicSolver;
use sudokit::solve::Solution;
use sudokit::{Grid, Rules, Shape};

/// A rule set written out independently: the houses (cell lists) and the
/// pairs of cells that must differ.
pub(crate) struct Spec {
    n: usize,
    houses: Vec<Vec<usize>>,
    pairs: Vec<(usize, usize)>,
}

/// Which rules a [`Spec`] holds.
#[derive(Clone, Copy, Default)]
pub(crate) struct Parts<'a> {
    pub(crate) diagonals: bool,
    pub(crate) windows: bool,
    pub(crate) knight: bool,
    pub(crate) king: bool,
    pub(crate) regions: Option<&'a [u8]>,
}

pub(crate) fn spec(r: usize, c: usize, parts: Parts<'_>) -> Spec {
    let n = r * c;
    let at = |row: usize, col: usize| row * n + col;
    let mut houses: Vec<Vec<usize>> = Vec::new();
    for i in 0..n {
        houses.push((0..n).map(|k| at(i, k)).collect());
        houses.push((0..n).map(|k| at(k, i)).collect());
    }
    match parts.regions {
        Some(map) => {
            for label in 0..=255u8 {
                let cells: Vec<usize> = (0..n * n).filter(|&i| map[i] == label).collect();
                if !cells.is_empty() {
                    houses.push(cells);
                }
            }
        }
        None => {
            for b in 0..n {
                let (top, left) = (b / r * r, b % r * c);
                houses.push(
                    (0..r).flat_map(|i| (0..c).map(move |j| at(top + i, left + j))).collect(),
                );
            }
        }
    }
    if parts.diagonals {
        houses.push((0..n).map(|i| at(i, i)).collect());
        houses.push((0..n).map(|i| at(i, n - 1 - i)).collect());
    }
    if parts.windows {
        // Box-shaped windows one row and one column in from the boxes,
        // with one row (column) between neighbouring windows.
        let mut top = 1;
        while top + r <= n {
            let mut left = 1;
            while left + c <= n {
                houses.push(
                    (0..r).flat_map(|i| (0..c).map(move |j| at(top + i, left + j))).collect(),
                );
                left += c + 1;
            }
            top += r + 1;
        }
    }
    let mut pairs = Vec::new();
    for a in 0..n * n {
        for b in a + 1..n * n {
            let (dr, dc) = ((a / n).abs_diff(b / n), (a % n).abs_diff(b % n));
            let knight = (dr, dc) == (1, 2) || (dr, dc) == (2, 1);
            let king = dr <= 1 && dc <= 1;
            if (parts.knight && knight) || (parts.king && king) {
                pairs.push((a, b));
            }
        }
    }
    for h in &houses {
        assert_eq!(h.len(), n, "a house of the spec has {} cells", h.len());
    }
    Spec { n, houses, pairs }
}

impl Spec {
    /// Whether `values` (complete) obeys every house and pair.
    pub(crate) fn obeys(&self, values: &[u8]) -> bool {
        let n = self.n;
        values.iter().all(|&v| (1..=n as u8).contains(&v))
            && self.houses.iter().all(|h| {
                let mut seen = vec![false; n + 1];
                h.iter().all(|&c| !std::mem::replace(&mut seen[values[c] as usize], true))
            })
            && self.pairs.iter().all(|&(a, b)| values[a] != values[b])
    }

    /// The solutions of `givens` counted up to `limit` by plain
    /// backtracking, cell by cell in reading order.
    pub(crate) fn count(&self, givens: &[u8], limit: usize) -> usize {
        let n = self.n;
        let mut sees: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        for h in &self.houses {
            for &a in h {
                sees[a].extend(h.iter().copied().filter(|&b| b != a));
            }
        }
        for &(a, b) in &self.pairs {
            sees[a].push(b);
            sees[b].push(a);
        }
        let mut grid = givens.to_vec();
        // Givens that break a rule leave nothing to count.
        if (0..n * n).any(|i| grid[i] != 0 && sees[i].iter().any(|&p| grid[p] == grid[i])) {
            return 0;
        }
        let mut found = 0;
        walk(&sees, &mut grid, 0, n as u8, limit, &mut found);
        found
    }
}

fn walk(sees: &[Vec<usize>], grid: &mut [u8], i: usize, n: u8, limit: usize, found: &mut usize) {
    if *found >= limit {
        return;
    }
    if i == grid.len() {
        *found += 1;
        return;
    }
    if grid[i] != 0 {
        return walk(sees, grid, i + 1, n, limit, found);
    }
    for d in 1..=n {
        if sees[i].iter().all(|&p| grid[p] != d) {
            grid[i] = d;
            walk(sees, grid, i + 1, n, limit, found);
            grid[i] = 0;
        }
    }
}

/// A 6x6 jigsaw: regions drawn by hand, each six connected cells.
pub(crate) const JIGSAW6: &[u8; 36] = b"000111002111022223442333445553445553";
/// A 4x4 jigsaw.
const JIGSAW4: &[u8; 16] = b"0001021122312333";
/// A 9x9 jigsaw that has solutions: the boxes, with two cells of the same
/// digit in a classic solution swapped between neighbouring boxes (the
/// right column of one, the left column of the next, in different rows), so
/// that solution obeys it. The classic solution is checked by the spec.
pub(crate) fn jigsaw9() -> Vec<u8> {
    let full = Grid::empty(Shape::CLASSIC).some_solution().unwrap();
    let s = full.values();
    assert!(spec(3, 3, Parts::default()).obeys(s));
    let mut map: Vec<u8> = (0..81).map(|i| (i / 27 * 3 + i % 9 / 3) as u8).collect();
    for (left, right) in [(2, 3), (5, 6)] {
        for band in 0..3 {
            for r in band * 3..band * 3 + 3 {
                for r2 in (band * 3..band * 3 + 3).filter(|&r2| r2 != r) {
                    let (a, b) = (r * 9 + left, r2 * 9 + right);
                    if s[a] == s[b] {
                        map.swap(a, b);
                        return map;
                    }
                }
            }
        }
    }
    panic!("no two cells to swap in {full:?}");
}

/// The rule sets compared, with their independent specs.
fn cases() -> Vec<(Rules, Spec)> {
    let four = Shape::new(2, 2).unwrap();
    let six = Shape::new(2, 3).unwrap();
    let mut out = Vec::new();
    for (shape, r, c) in [(four, 2, 2), (six, 2, 3)] {
        let classic = Rules::classic(shape);
        let p = Parts::default();
        out.push((classic.clone().with_diagonals(), spec(r, c, Parts { diagonals: true, ..p })));
        out.push((
            classic.clone().with_windows().unwrap(),
            spec(r, c, Parts { windows: true, ..p }),
        ));
        out.push((classic.clone().with_anti_knight(), spec(r, c, Parts { knight: true, ..p })));
        out.push((classic.clone().with_anti_king(), spec(r, c, Parts { king: true, ..p })));
        out.push((
            classic.clone().with_diagonals().with_windows().unwrap(),
            spec(r, c, Parts { diagonals: true, windows: true, ..p }),
        ));
        let map: &[u8] = if r * c == 4 { JIGSAW4 } else { JIGSAW6 };
        out.push((
            classic.clone().with_regions(map).unwrap().with_diagonals(),
            spec(r, c, Parts { regions: Some(map), diagonals: true, ..p }),
        ));
    }
    out
}

#[test]
fn counts_agree_with_an_exhaustive_enumerator_on_small_boards() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(22);
    for (rules, spec) in cases() {
        let cells = rules.shape().cell_count();
        let empty = Grid::empty_with(rules.clone());
        let limit = 6;
        assert_eq!(
            empty.count_solutions_up_to(limit),
            spec.count(&vec![0; cells], limit),
            "{rules}"
        );
        let Some(solution) = empty.some_solution() else {
            continue;
        };
        assert!(spec.obeys(solution.values()), "{rules}: {solution:?}");
        assert!(solution.clashes().is_empty() && solution.is_solution_of(&empty), "{rules}");
        for round in 0..40 {
            // Givens from the solution (one or more solutions), or random
            // digits (often none).
            let keep = rng.random_range(0.15..0.6);
            let givens: Vec<u8> =
                if round % 4 == 3 {
                    (0..cells)
                        .map(|_| {
                            if rng.random_bool(0.2) {
                                rng.random_range(1..=spec.n as u8)
                            } else {
                                0
                            }
                        })
                        .collect()
                } else {
                    solution
                        .values()
                        .iter()
                        .map(|&v| if rng.random_bool(keep) { v } else { 0 })
                        .collect()
                };
            let puzzle = Grid::from_values_with(rules.clone(), givens.clone()).unwrap();
            let want = spec.count(&givens, limit);
            assert_eq!(puzzle.count_solutions_up_to(limit), want, "{rules}: {givens:?}");
            assert_eq!(
                puzzle.clashes().is_empty(),
                clash_free(&spec, &givens),
                "{rules}: {givens:?}"
            );
            for s in puzzle.solutions_up_to(limit) {
                assert!(spec.obeys(s.values()) && s.is_solution_of(&puzzle), "{rules}: {s:?}");
            }
        }
    }
}

/// Whether no two givens that must differ are equal (by the spec).
fn clash_free(spec: &Spec, givens: &[u8]) -> bool {
    let same = |a: usize, b: usize| givens[a] != 0 && givens[a] == givens[b];
    spec.houses.iter().all(|h| h.iter().all(|&a| h.iter().all(|&b| a == b || !same(a, b))))
        && spec.pairs.iter().all(|&(a, b)| !same(a, b))
}

/// A puzzle under `rules` (9x9): a solution of the empty board, then givens
/// removed in random order while the engine still counts one solution, down
/// to `floor` clues. With the solution it was carved from.
fn carve(rules: &Rules, rng: &mut Xoshiro256PlusPlus, floor: usize) -> (Grid, Grid) {
    let full =
        Grid::empty_with(rules.clone()).some_solution().expect("the empty board has solutions");
    let mut values = full.values().to_vec();
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.shuffle(rng);
    for i in order {
        if values.iter().filter(|&&v| v != 0).count() <= floor {
            break;
        }
        let old = std::mem::replace(&mut values[i], 0);
        let trial = Grid::from_values_with(rules.clone(), values.clone()).unwrap();
        if trial.count_solutions_up_to(2) != 1 {
            values[i] = old;
        }
    }
    (Grid::from_values_with(rules.clone(), values).unwrap(), full)
}

/// The 9x9 rule sets, with their independent specs' parts.
fn nine_by_nine_sets(map: &[u8]) -> Vec<(Rules, Parts<'_>)> {
    let p = Parts::default();
    let classic = Rules::classic(Shape::CLASSIC);
    let windoku = classic.clone().with_windows().unwrap();
    vec![
        (classic.clone().with_diagonals(), Parts { diagonals: true, ..p }),
        (windoku.clone(), Parts { windows: true, ..p }),
        (windoku.with_diagonals(), Parts { windows: true, diagonals: true, ..p }),
        (classic.clone().with_anti_knight(), Parts { knight: true, ..p }),
        (classic.clone().with_anti_king(), Parts { king: true, ..p }),
        (classic.with_regions(map).unwrap(), Parts { regions: Some(map), ..p }),
    ]
}

/// Puzzles on 9x9 for each rule set, carved down to `floor` clues: the
/// solution the engine gives must obey the spec and keep the givens.
fn nine_by_nine_variant_puzzles(floor: usize) {
    let map = jigsaw9();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    for (rules, parts) in nine_by_nine_sets(&map) {
        let spec = spec(3, 3, parts);
        let (puzzle, full) = carve(&rules, &mut rng, floor);
        assert!(spec.obeys(full.values()), "{rules}");
        assert!(puzzle.clue_count() < 40.max(floor + 1), "{rules}: {} clues", puzzle.clue_count());
        let Solution::Unique(solution) = puzzle.solution() else {
            panic!("{rules}: not unique");
        };
        assert!(spec.obeys(solution.values()), "{rules}");
        assert_eq!(solution, full, "{rules}");
        assert!(solution.is_solution_of(&puzzle) && solution.clashes().is_empty(), "{rules}");
    }
}

/// Every step of the logical solver on variant puzzles keeps the solution:
/// no elimination of a solution digit, no placement of another digit.
#[test]
fn logical_steps_on_variant_puzzles_keep_the_solution() {
    let map = jigsaw9();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(23);
    let mut techniques = std::collections::BTreeSet::new();
    for (rules, _) in nine_by_nine_sets(&map) {
        for _ in 0..2 {
            let (puzzle, full) = carve(&rules, &mut rng, 26);
            let path = LogicSolver::new().solve(&puzzle).unwrap_or_else(|e| panic!("{rules}: {e}"));
            assert_eq!(path.solution, full, "{rules}");
            for step in &path.steps {
                techniques.insert(step.technique);
                for &(cell, d) in &step.eliminations {
                    assert_ne!(full.get(cell), Some(d), "{rules}: {}", step.explanation);
                }
                for &(cell, d) in &step.placements {
                    assert_eq!(full.get(cell), Some(d), "{rules}: {}", step.explanation);
                }
            }
        }
    }
    // Beyond singles: the variants' houses take part in intersections.
    assert!(techniques.len() > 3, "{techniques:?}");
}

#[test]
fn minimal_nine_by_nine_variant_puzzles_are_solved_by_the_rules() {
    nine_by_nine_variant_puzzles(0);
}

#[test]
fn clashes_name_the_house_or_the_cells_that_must_differ() {
    let x: Rules = "4+x".parse().unwrap();
    // r1c1 and r4c4 are both 1: only diagonal 1 holds both.
    let g =
        Grid::from_values_with(x, vec![1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]).unwrap();
    let text: Vec<String> = g.clashes().iter().map(ToString::to_string).collect();
    assert_eq!(text, ["diagonal 1 has 1 in r1c1, r4c4"]);
    let knight: Rules = "9+anti-knight".parse().unwrap();
    let mut values = vec![0; 81];
    values[2] = 5; // r1c3
    values[13] = 5; // r2c5, a knight's move away in another box
    let g = Grid::from_values_with(knight, values).unwrap();
    let clashes = g.clashes();
    assert_eq!(clashes.len(), 1);
    assert_eq!(clashes[0].house, None);
    assert_eq!(clashes[0].to_string(), "r1c3 and r2c5 must differ but both hold 5");
    assert!(matches!(g.solution(), Solution::Clashing(_)));
    let windoku: Rules = "9+windoku".parse().unwrap();
    let mut values = vec![0; 81];
    values[10] = 3; // r2c2
    values[30] = 3; // r4c4: same window 1, different row, column and box
    let g = Grid::from_values_with(windoku, values).unwrap();
    let text: Vec<String> = g.clashes().iter().map(ToString::to_string).collect();
    assert_eq!(text, ["window 1 has 3 in r2c2, r4c4"]);
}

#[test]
fn transforms_keep_the_rules_or_say_they_cannot() {
    use sudokit::transform::{Transform, TransformError, canonical_form};
    let x: Rules = "9+x".parse().unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let (puzzle, full) = carve(&x, &mut rng, 40);
    let spec = spec(3, 3, Parts { diagonals: true, ..Parts::default() });
    // Transposition and quarter turns map the diagonals onto themselves.
    for t in [
        Transform::transpose(Shape::CLASSIC).unwrap(),
        Transform::rotate(Shape::CLASSIC, 1).unwrap(),
    ] {
        let (p, s) = (t.try_apply(&puzzle).unwrap(), t.try_apply(&full).unwrap());
        assert_eq!(p.rules(), &x);
        assert!(spec.obeys(s.values()) && s.is_solution_of(&p));
        assert_eq!(p.solution(), Solution::Unique(s));
    }
    // Swapping two rows of a band moves the diagonals.
    let swap = Transform::swap_rows(Shape::CLASSIC, 1, 2).unwrap();
    assert!(matches!(swap.try_apply(&puzzle), Err(TransformError::BreaksRules { .. })));
    assert!(
        swap.try_apply(&Grid::from_values(Shape::CLASSIC, puzzle.values().to_vec()).unwrap())
            .is_ok()
    );
    let err = canonical_form(&puzzle).unwrap_err();
    assert!(err.to_string().contains("classic rules only"), "{err}");
}
