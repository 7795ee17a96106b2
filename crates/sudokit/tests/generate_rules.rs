//! The generator under rules beyond rows, columns and boxes: X, windoku,
//! jigsaw (6x6 and 9x9), anti-knight, anti-king and combinations.
//!
//! Every generated solution is checked against the rules written out again
//! from their definitions (`rules::spec`, sharing no table with the engine),
//! uniqueness is counted by the general search under the rules, and on 6x6
//! also by the independent exhaustive enumerator of the spec.

use sudokit::generate::{
    ClueRange, GenerateError, Generated, Generator, Method, Options, Symmetry,
};
use sudokit::logic::{Level, LogicSolver, RatingRange};
use sudokit::solve::{Count, Solver};
use sudokit::{Grid, Rules, Shape};

use crate::rules::{JIGSAW6, Parts, Spec, jigsaw9, spec};

/// The rule sets generated for, with their independent specs.
fn rule_sets(jigsaw: &[u8]) -> Vec<(Rules, Spec)> {
    let p = Parts::default();
    let nine = Rules::classic(Shape::CLASSIC);
    let six = Rules::classic(Shape::new(2, 3).unwrap());
    vec![
        (nine.clone().with_diagonals(), spec(3, 3, Parts { diagonals: true, ..p })),
        (nine.clone().with_windows().unwrap(), spec(3, 3, Parts { windows: true, ..p })),
        (
            nine.clone().with_regions(jigsaw).unwrap(),
            spec(3, 3, Parts { regions: Some(jigsaw), ..p }),
        ),
        (nine.with_anti_knight(), spec(3, 3, Parts { knight: true, ..p })),
        (
            six.clone().with_regions(JIGSAW6).unwrap(),
            spec(2, 3, Parts { regions: Some(JIGSAW6), ..p }),
        ),
        (
            six.with_anti_king().with_regions(JIGSAW6).unwrap(),
            spec(2, 3, Parts { king: true, regions: Some(JIGSAW6), ..p }),
        ),
    ]
}

/// Checks a generated puzzle under `rules`: it carries the rules, its
/// solution obeys the spec and keeps the givens, the general search counts
/// exactly one solution, and (on boards of at most 36 cells) so does the
/// spec's enumerator. When `minimal`, every clue is needed: without it the
/// general search finds a second solution.
fn assert_generated(rules: &Rules, spec: &Spec, g: &Generated, minimal: bool) {
    let (puzzle, solution) = (g.puzzle.values(), g.solution.values());
    assert_eq!(g.puzzle.rules(), rules);
    assert_eq!(g.solution.rules(), rules);
    assert!(spec.obeys(solution), "{rules}: the solution breaks a rule: {solution:?}");
    for (i, (&p, &s)) in puzzle.iter().zip(solution).enumerate() {
        assert!(p == 0 || p == s, "{rules}: cell {i}: given {p}, solution {s}");
    }
    let mut solver = Solver::new().general_only();
    assert_eq!(solver.count(&g.puzzle, 2), Count::Found(1), "{rules}: {puzzle:?}");
    if puzzle.len() <= 36 {
        assert_eq!(spec.count(puzzle, 2), 1, "{rules}: the enumerator disagrees: {puzzle:?}");
    }
    if minimal {
        for i in (0..puzzle.len()).filter(|&i| puzzle[i] != 0) {
            let mut smaller = puzzle.to_vec();
            smaller[i] = 0;
            let smaller = Grid::from_values_with(rules.clone(), smaller).unwrap();
            assert_eq!(solver.count(&smaller, 2), Count::Found(2), "{rules}: clue {i} is spare");
        }
    }
}

fn generate_and_check(per_set: u64) {
    let jigsaw = jigsaw9();
    for (rules, spec) in rule_sets(&jigsaw) {
        let generator = Generator::new(Options::new(rules.clone()), 5).unwrap();
        let many = if rules.shape().size() == 6 { 4 * per_set } else { per_set };
        for index in 0..many {
            let g = generator.puzzle(index).unwrap_or_else(|e| panic!("{rules}: {e}"));
            assert_generated(&rules, &spec, &g, true);
            let grid = generator.grid(index).unwrap_or_else(|e| panic!("{rules}: {e}"));
            assert!(spec.obeys(grid.values()), "{rules}: full grid {index}");
        }
    }
}

#[test]
fn minimal_puzzles_under_each_rule_set_are_unique_and_obey_the_rules() {
    generate_and_check(4);
}

#[test]
#[ignore = "long: run in release with --ignored"]
fn many_minimal_puzzles_under_each_rule_set_are_unique_and_obey_the_rules() {
    generate_and_check(40);
}

/// Puzzles of each `(rules, level, seed)`, carved up the rater's ladder
/// (no closure serves cells that differ or non-consecutive neighbours):
/// each carries its rules, its solution obeys the spec (and, under
/// non-consecutive, neighbours differ by more than 1 by the checker in
/// `util`), the general search counts one solution, its reported rating is
/// that of a separate full rating (which checks uniqueness again), lies in
/// the level without a guess, and the item comes out the same again.
fn variant_levels_hold(cases: &[(&(Rules, Spec), Level, u64)]) {
    let mut rater = LogicSolver::new();
    for &((rules, spec), level, seed) in cases {
        let options = Options::new(rules.clone()).rating(Some(level.into()));
        let generator = Generator::new(options, seed).unwrap();
        let g = generator.puzzle(0).unwrap_or_else(|e| panic!("{rules} {level} {seed}: {e}"));
        assert_generated(rules, spec, &g, false);
        assert!(crate::util::constraints_hold(rules, g.solution.values()), "{rules}");
        assert_rated_in(&mut rater, &g, level, &format!("{rules} {level} seed {seed}"));
        assert_eq!(generator.puzzle(0).unwrap(), g, "{rules} {level} seed {seed}");
    }
}

/// `g`'s reported rating is that of a full rating from scratch, lies in
/// `level` and needs no guess; `what` names the case in failures.
fn assert_rated_in(rater: &mut LogicSolver, g: &Generated, level: Level, what: &str) {
    let rating = g.rating.expect("a rated target returns the rating");
    assert_eq!(rater.rate(&g.puzzle).unwrap(), rating, "{what}: {:?}", g.puzzle);
    assert_eq!(rating.level, level, "{what}: {:?}", g.puzzle);
    assert!(!rating.guessed, "{what}");
}

/// Anti-knight and non-consecutive 9x9 rule sets with their specs (the
/// spec holds the houses and knight moves; non-consecutive neighbours are
/// checked apart).
fn knight_and_non_consecutive() -> [(Rules, Spec); 2] {
    let nine = Rules::classic(Shape::CLASSIC);
    let p = Parts::default();
    [
        (nine.clone().with_anti_knight(), spec(3, 3, Parts { knight: true, ..p })),
        (nine.with_non_consecutive(), spec(3, 3, p)),
    ]
}

#[test]
fn anti_knight_and_non_consecutive_levels_are_unique_and_in_their_band() {
    let [knight, non_consecutive] = knight_and_non_consecutive();
    let mut cases = Vec::new();
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Expert] {
        cases.push((&knight, level, 1));
    }
    // Seeds whose items are quick in a debug build.
    for (level, seed) in [(Level::Easy, 10), (Level::Medium, 9), (Level::Hard, 6)] {
        cases.push((&non_consecutive, level, seed));
    }
    variant_levels_hold(&cases);
}

#[test]
#[ignore = "long: run in release with --ignored"]
fn every_level_below_extreme_under_anti_knight_and_non_consecutive_on_ten_seeds() {
    let sets = knight_and_non_consecutive();
    let mut cases = Vec::new();
    for set in &sets {
        for &level in &Level::ALL[..=Level::Evil as usize] {
            for seed in 1..=10 {
                cases.push((set, level, seed));
            }
        }
    }
    variant_levels_hold(&cases);
}

/// Item `i` of a seed is the same on every call and in any order; the
/// clue pattern follows the symmetry asked for (of the pattern only: the
/// rules need not share it), and clue targets are met.
#[test]
fn generation_under_rules_is_reproducible_symmetric_and_meets_clue_targets() {
    let jigsaw = jigsaw9();
    let sets = rule_sets(&jigsaw);
    let (x, x_spec) = &sets[0];
    let options = Options::new(x.clone()).symmetry(Symmetry::Rot180);
    let a = Generator::new(options.clone(), 77).unwrap();
    let b = Generator::new(options, 77).unwrap();
    let late = b.puzzle(1).unwrap();
    let first = a.puzzle(0).unwrap();
    assert_eq!(first, b.puzzle(0).unwrap());
    assert_eq!(late, a.puzzle(1).unwrap());
    assert_ne!(first.puzzle, late.puzzle);
    for g in [&first, &late] {
        assert_generated(x, x_spec, g, false);
        let given: Vec<bool> = g.puzzle.values().iter().map(|&v| v != 0).collect();
        assert!(Symmetry::Rot180.holds_for(Shape::CLASSIC, &given));
    }
    // A jigsaw has no symmetry of its regions, yet the pattern has one.
    let (jig, jig_spec) = &sets[2];
    let range = ClueRange::new(28, 31).unwrap();
    let options = Options::new(jig.clone()).symmetry(Symmetry::MirrorV).clues(Some(range));
    let generator = Generator::new(options, 3).unwrap();
    for index in 0..2 {
        let g = generator.puzzle(index).unwrap();
        assert_generated(jig, jig_spec, &g, false);
        assert!(range.contains(g.clues()), "{} clues", g.clues());
        let given: Vec<bool> = g.puzzle.values().iter().map(|&v| v != 0).collect();
        assert!(Symmetry::MirrorV.holds_for(Shape::CLASSIC, &given));
    }
}

/// The full-grid methods built on boxes refuse other rules up front, naming
/// the method and the rules; `solver` serves them (relabelled solutions).
#[test]
fn box_only_methods_refuse_other_rules_by_name() {
    let x: Rules = "9+x".parse().unwrap();
    for method in [Method::Shift, Method::Rows, Method::Digits] {
        let err = Generator::new(Options::new(x.clone()).method(method), 1).unwrap_err();
        assert!(matches!(err, GenerateError::Fill(_)), "{method}: {err:?}");
        let text = err.to_string();
        assert!(text.contains(method.name()) && text.contains("9+x"), "{text}");
        // Classic rules of the same shape are served.
        assert!(Generator::new(Options::new(Shape::CLASSIC).method(method), 1).is_ok());
    }
    let spec = spec(3, 3, Parts { diagonals: true, ..Parts::default() });
    let generator = Generator::new(Options::new(x.clone()).method(Method::Solver), 1).unwrap();
    let grids: Vec<Grid> = (0..3).map(|i| generator.grid(i).unwrap()).collect();
    for grid in &grids {
        assert!(spec.obeys(grid.values()) && grid.rules() == &x);
    }
    assert!(grids[0] != grids[1] || grids[1] != grids[2], "relabelled at random");
}

/// Windoku on 16x16 (nine windows), alone and with both diagonals, and
/// on 20x20 (boxes of 4 rows and 5 columns, twelve windows): random fills
/// of the empty board find no grid, so grids are built from a pattern.
/// Seeds 1-3 each make a puzzle whose solution obeys the spec (rows,
/// columns, boxes, windows and diagonals written out here), unique by the
/// general search, and the same again; full grids of one seed obey the
/// spec and differ.
#[test]
fn windoku_16x16_and_20x20_puzzles_are_unique_and_obey_the_windows() {
    let windoku = |r, c| Rules::classic(Shape::new(r, c).unwrap()).with_windows().unwrap();
    let p = Parts { windows: true, ..Parts::default() };
    for (rules, spec) in [
        (windoku(4, 4), spec(4, 4, p)),
        (windoku(4, 4).with_diagonals(), spec(4, 4, Parts { diagonals: true, ..p })),
        (windoku(4, 5), spec(4, 5, p)),
    ] {
        assert_made_again_and_grids_differ(&rules, &spec, 4);
    }
}

/// On 12x12 under X, windoku and a jigsaw (boards carved up the ladder of
/// closures, whose minimal puzzles are nearly all expert or evil): medium
/// and hard puzzles are made, unique, obeying the spec, and re-rated into
/// their level.
#[test]
fn twelve_by_twelve_x_windoku_and_jigsaw_levels_hold() {
    let shape = Shape::new(3, 4).unwrap();
    let p = Parts::default();
    let jigsaw = Rules::random_jigsaw(shape, 3).unwrap();
    let map = jigsaw.regions().expect("regions").to_vec();
    let sets = [
        (Rules::classic(shape).with_diagonals(), spec(3, 4, Parts { diagonals: true, ..p })),
        (Rules::classic(shape).with_windows().unwrap(), spec(3, 4, Parts { windows: true, ..p })),
        (jigsaw.clone(), spec(3, 4, Parts { regions: Some(&map), ..p })),
    ];
    let cases: Vec<_> =
        sets.iter().flat_map(|set| [(set, Level::Medium, 1), (set, Level::Hard, 2)]).collect();
    variant_levels_hold(&cases);
}

/// On 9x9 under two kinds of extra houses (X with windows, X with jigsaw
/// regions), whose minimal puzzles are nearly all extreme or diabolical, the
/// levels below extreme are carved up the ladder: medium and hard puzzles
/// are made, unique, obeying the spec, and re-rated into their level.
#[test]
fn nine_by_nine_x_windoku_and_x_jigsaw_levels_hold() {
    let p = Parts::default();
    let x_jigsaw = Rules::random_jigsaw(Shape::CLASSIC, 5).unwrap().with_diagonals();
    let map = x_jigsaw.regions().expect("regions").to_vec();
    let x_windoku = Rules::classic(Shape::CLASSIC).with_windows().unwrap().with_diagonals();
    let sets = [
        (x_windoku, spec(3, 3, Parts { windows: true, diagonals: true, ..p })),
        (x_jigsaw.clone(), spec(3, 3, Parts { regions: Some(&map), diagonals: true, ..p })),
    ];
    let cases: Vec<_> =
        sets.iter().flat_map(|set| [(set, Level::Medium, 1), (set, Level::Hard, 2)]).collect();
    variant_levels_hold(&cases);
}

/// Random jigsaw regions with cells that differ above 9x9 are carved by
/// logic (exact carves of 12x12 took over 12 s of CPU on two of seeds 1-3):
/// the puzzles are unique and obey the regions drawn and the knight's or
/// king's moves, written out in the test. Random regions under
/// non-consecutive rules above 9x9 are refused up front, naming the measure.
#[test]
fn random_jigsaw_regions_with_cells_that_differ_above_9x9() {
    let ten = Rules::classic(Shape::new(2, 5).unwrap());
    let twelve = Rules::classic(Shape::new(3, 4).unwrap());
    for (rules, knight, king) in
        [(ten.with_anti_knight(), true, false), (twelve.clone().with_anti_king(), false, true)]
    {
        let options = Options::new(rules.clone()).random_regions(true);
        let g = Generator::new(options, 1).unwrap().puzzle(0).unwrap();
        let drawn = g.puzzle.rules().clone();
        let map = drawn.regions().expect("random regions").to_vec();
        let (r, c) = (rules.shape().box_rows(), rules.shape().box_cols());
        let spec = spec(r, c, Parts { regions: Some(&map), knight, king, ..Parts::default() });
        assert_generated(&drawn, &spec, &g, false);
    }
    let options = Options::new(twelve.with_non_consecutive()).random_regions(true);
    let text = Generator::new(options, 1).unwrap_err().to_string();
    assert!(text.contains("non-consecutive") && text.contains("up to 9x9"), "{text}");
}

/// Windows beside non-consecutive neighbours (from 12x12), anti-king (from
/// 16x16) or anti-knight (from 20x20), whose grids the fills did not find
/// in 10 s, are refused up front naming the measure, and offer no level;
/// the sizes below are made.
#[test]
fn windoku_grids_not_found_in_the_budget_are_refused() {
    let windoku = |r, c| Rules::classic(Shape::new(r, c).unwrap()).with_windows().unwrap();
    for rules in [
        windoku(3, 4).with_non_consecutive(),
        windoku(4, 4).with_anti_king(),
        windoku(4, 5).with_anti_knight(),
        windoku(4, 5).with_diagonals(),
    ] {
        let err = Generator::new(Options::new(rules.clone()), 1).unwrap_err();
        assert!(matches!(err, GenerateError::Fill(_)), "{rules}: {err:?}");
        let text = err.to_string();
        let figures = text.contains("no grid in 10 s") || text.contains("no grid in 15 s");
        assert!(text.contains(&rules.to_string()) && figures, "{text}");
        let offered =
            sudokit::generate::levels_offered_under(&rules, sudokit::generate::Extras::none());
        assert!(offered.is_empty(), "{rules}");
    }
    for rules in [windoku(3, 4).with_anti_king(), windoku(4, 4).with_anti_knight()] {
        let g = Generator::new(Options::new(rules.clone()), 1).unwrap().puzzle(0).unwrap();
        assert_eq!(g.puzzle.rules(), &rules);
    }
}

/// Seeds 1-3 each make a puzzle of `rules` obeying `spec`, unique, and the
/// same again; `grids` full grids of one seed obey the spec and differ.
fn assert_made_again_and_grids_differ(rules: &Rules, spec: &Spec, grids: u64) {
    for seed in 1..=3 {
        let generator = Generator::new(Options::new(rules.clone()), seed).unwrap();
        let g = generator.puzzle(0).unwrap_or_else(|e| panic!("{rules} seed {seed}: {e}"));
        assert_generated(rules, spec, &g, false);
        assert_eq!(generator.puzzle(0).unwrap(), g, "{rules} seed {seed}");
    }
    let generator = Generator::new(Options::new(rules.clone()), 9).unwrap();
    let grids: Vec<Grid> = (0..grids).map(|i| generator.grid(i).unwrap()).collect();
    for grid in &grids {
        assert!(spec.obeys(grid.values()) && grid.rules() == rules, "{rules}");
    }
    assert!(grids.windows(2).all(|w| w[0] != w[1]), "{rules}");
}

/// X-windoku on 25x25 and 36x36 (windows and both diagonals): the
/// pattern's offsets are kept as data there. Seeds 1-3 each make a puzzle
/// whose solution obeys the spec (rows, columns, boxes, windows and
/// diagonals written out here), unique by the general search, and the same
/// again; full grids of one seed obey the spec and differ.
#[test]
fn x_windoku_25x25_and_36x36_puzzles_are_unique_and_obey_the_houses() {
    let parts = Parts { windows: true, diagonals: true, ..Parts::default() };
    for side in [5, 6] {
        let rules = Rules::classic(Shape::new(side, side).unwrap())
            .with_windows()
            .unwrap()
            .with_diagonals();
        let spec = spec(side, side, parts);
        assert_made_again_and_grids_differ(&rules, &spec, 3);
    }
}

/// Rules that no grid obeys (6x6 X-windoku, 6x6 X-anti-king: checked by
/// the spec's enumerator) are named in the error, not retried for ever.
#[test]
fn rules_without_grids_are_named() {
    let six = Rules::classic(Shape::new(2, 3).unwrap());
    let p = Parts::default();
    for (rules, parts) in [
        (
            six.clone().with_diagonals().with_windows().unwrap(),
            Parts { diagonals: true, windows: true, ..p },
        ),
        (six.with_diagonals().with_anti_king(), Parts { diagonals: true, king: true, ..p }),
    ] {
        assert_eq!(spec(2, 3, parts).count(&[0; 36], 1), 0, "{rules}");
        let generator = Generator::new(Options::new(rules.clone()), 1).unwrap();
        let err = generator.puzzle(0).unwrap_err().to_string();
        assert!(err.contains(&rules.to_string()) && err.contains("no full grid"), "{err}");
    }
}

/// The classic 17-clue bound is for classic rules only; the `N - 1` bound
/// (two absent digits could be swapped) holds under every rule set.
#[test]
fn clue_bounds_follow_the_rules() {
    let x: Rules = "9+x".parse().unwrap();
    let low = ClueRange::new(14, 16);
    assert!(Generator::new(Options::new(x.clone()).clues(low), 1).is_ok());
    let classic = Generator::new(Options::new(Shape::CLASSIC).clues(low), 1).unwrap_err();
    assert!(matches!(classic, GenerateError::Impossible { .. }));
    let err = Generator::new(Options::new(x).clues(ClueRange::new(3, 7)), 1).unwrap_err();
    assert!(err.to_string().contains("swapping"), "{err}");
}

/// Rated generation reads the rules' houses: an X and a jigsaw puzzle
/// rated medium come out rated in the range, and the rater, run again from
/// scratch on the puzzle, agrees.
#[test]
fn rated_generation_serves_x_and_jigsaw() {
    let jigsaw = jigsaw9();
    let sets = rule_sets(&jigsaw);
    let range = RatingRange::from(Level::Medium);
    for (rules, spec) in [&sets[0], &sets[2]] {
        let options = Options::new(rules.clone()).rating(Some(range));
        let g = Generator::new(options, 21).unwrap().puzzle(0).unwrap();
        assert_generated(rules, spec, &g, true);
        let rating = g.rating.expect("a rating target gives a rating");
        assert!(range.contains(rating.er), "{rules}: {}", rating.er);
        assert_eq!(LogicSolver::new().rate(&g.puzzle).unwrap().er, rating.er, "{rules}");
    }
}

/// Whether `map` (a region label per cell of an `n x n` board) is `n`
/// orthogonally connected regions of `n` cells, worked out here by a flood
/// fill of each label.
fn is_jigsaw_layout(n: usize, map: &[u8]) -> bool {
    let mut labels: Vec<u8> = map.to_vec();
    labels.sort_unstable();
    labels.dedup();
    labels.len() == n
        && labels.iter().all(|&label| {
            let cells: Vec<usize> = (0..n * n).filter(|&i| map[i] == label).collect();
            let mut seen = vec![cells[0]];
            let mut k = 0;
            while k < seen.len() {
                let i = seen[k];
                k += 1;
                for (j, &there) in map.iter().enumerate() {
                    let near = (i / n).abs_diff(j / n) + (i % n).abs_diff(j % n) == 1;
                    if near && there == label && !seen.contains(&j) {
                        seen.push(j);
                    }
                }
            }
            cells.len() == n && seen.len() == n
        })
}

#[test]
fn random_jigsaw_regions_are_connected_fillable_and_repeat_per_seed() {
    // 16x16 (a second a layout) is in the ignored test below.
    for (r, c) in [(2, 2), (2, 3), (3, 3), (3, 4)] {
        let shape = Shape::new(r, c).unwrap();
        let n = shape.size();
        for seed in 0..3 {
            let rules = Rules::random_jigsaw(shape, seed).unwrap();
            let map = rules.regions().expect("regions, not the boxes");
            assert!(is_jigsaw_layout(n, map), "{rules}");
            assert_eq!(Rules::random_jigsaw(shape, seed).unwrap(), rules);
            // Fillable: a grid that the spec (rows, columns, regions)
            // accepts. (The solver's first grid of an empty 12x12 or 16x16
            // jigsaw can take minutes; the generator's grids below serve.)
            if n <= 9 {
                let grid = Solver::new().solutions(&Grid::empty_with(rules.clone()), 1).pop();
                let grid = grid.unwrap_or_else(|| panic!("{rules}: no grid"));
                let spec = spec(r, c, Parts { regions: Some(map), ..Parts::default() });
                assert!(spec.obeys(grid.values()), "{rules}");
            }
        }
        let options = Options::new(shape).random_regions(true);
        let grid = Generator::new(options, 3).unwrap().grid(0).unwrap();
        let map = grid.rules().regions().expect("random regions");
        assert!(is_jigsaw_layout(n, map), "{}", grid.rules());
        let spec = spec(r, c, Parts { regions: Some(map), ..Parts::default() });
        assert!(spec.obeys(grid.values()), "{}", grid.rules());
        // 4x4 has few fillable layouts: seeds may meet there.
        if n > 4 {
            let other = Rules::random_jigsaw(shape, 1).unwrap();
            assert_ne!(Rules::random_jigsaw(shape, 0).unwrap(), other);
        }
    }
    // The other rules are kept, and the regions are fillable under them.
    let x = Rules::classic(Shape::CLASSIC).with_diagonals();
    let mut rng = <rand_xoshiro::Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(2);
    let rules = sudokit::generate::jigsaw(&x, &mut rng).unwrap();
    assert!(rules.has_diagonals());
    let map = rules.regions().unwrap();
    let spec = spec(3, 3, Parts { regions: Some(map), diagonals: true, ..Parts::default() });
    let grid = Grid::empty_with(rules.clone()).some_solution().unwrap();
    assert!(spec.obeys(grid.values()), "{rules}");
}

/// Puzzles on random regions: each item's own regions (a valid layout, the
/// same for the same seed and index), its solution obeying them by the
/// spec, exactly one solution, minimal.
#[test]
fn random_jigsaw_puzzles_are_unique_under_their_own_regions() {
    for (r, c, items) in [(2, 3, 4), (3, 3, 3)] {
        let options = Options::new(Shape::new(r, c).unwrap()).random_regions(true);
        let generator = Generator::new(options, 11).unwrap();
        let mut layouts = Vec::new();
        for i in 0..items {
            let g = generator.puzzle(i).unwrap();
            let rules = g.puzzle.rules().clone();
            let map = rules.regions().expect("random regions").to_vec();
            assert!(is_jigsaw_layout(r * c, &map), "{rules}");
            let spec = spec(r, c, Parts { regions: Some(&map), ..Parts::default() });
            assert_generated(&rules, &spec, &g, true);
            assert_eq!(generator.puzzle(i).unwrap(), g);
            assert_eq!(generator.grid(i).unwrap().rules(), &rules);
            layouts.push(map);
        }
        layouts.dedup();
        assert_eq!(layouts.len(), items as usize, "each item draws its own regions");
    }
}

#[test]
#[ignore = "12x12 and 16x16 jigsaw puzzles take seconds each in debug"]
fn random_jigsaw_puzzles_on_large_boards_are_unique() {
    for (r, c) in [(3, 4), (4, 4)] {
        let options = Options::new(Shape::new(r, c).unwrap()).random_regions(true);
        let generator = Generator::new(options, 5).unwrap();
        for i in 0..2 {
            let g = generator.puzzle(i).unwrap();
            let rules = g.puzzle.rules().clone();
            let map = rules.regions().expect("random regions").to_vec();
            assert!(is_jigsaw_layout(r * c, &map), "{rules}");
            assert_eq!(
                Rules::random_jigsaw(Shape::new(r, c).unwrap(), i).unwrap().shape().size(),
                r * c
            );
            let spec = spec(r, c, Parts { regions: Some(&map), ..Parts::default() });
            // Logic carving on 16x16 is not carved to minimal.
            assert_generated(&rules, &spec, &g, r * c <= 12);
        }
    }
}

/// Expert and evil puzzles of `(r, c, windows, level, seed)`: random
/// jigsaw regions without windows (a layout of `n` connected regions of `n`
/// cells, by the flood fill here), the box windows of a windoku with them
/// (written out by the spec). Each is unique by the general search, its
/// solution obeys the houses by the spec, and a full rating from scratch
/// agrees with the generator's and lies in the level without a guess.
fn large_levels_hold(cases: &[(usize, usize, bool, Level, u64)]) {
    let mut rater = LogicSolver::new();
    for &(r, c, windows, level, seed) in cases {
        let shape = Shape::new(r, c).unwrap();
        let options = match windows {
            true => Options::new(Rules::classic(shape).with_windows().unwrap()),
            false => Options::new(shape).random_regions(true),
        };
        let options = options.rating(Some(level.into()));
        let g = Generator::new(options, seed).unwrap().puzzle(0);
        let g = g.unwrap_or_else(|e| panic!("{r}x{c} {level} seed {seed}: {e}"));
        let rules = g.puzzle.rules().clone();
        let map = rules.regions().map(<[u8]>::to_vec);
        assert_eq!(map.is_none(), windows, "{rules}");
        if let Some(map) = &map {
            assert!(is_jigsaw_layout(r * c, map), "{rules}");
        }
        let spec = spec(r, c, Parts { windows, regions: map.as_deref(), ..Parts::default() });
        assert_generated(&rules, &spec, &g, false);
        assert_rated_in(&mut rater, &g, level, &format!("{rules} {level} seed {seed}"));
    }
}

/// Random regions on 15x15 and 16x16 and 15x15 windoku are made at expert
/// and evil (the fastest seeds of 1-5 here; all of them in the ignored
/// test below), and no level of random regions is refused.
#[test]
fn expert_and_evil_are_made_on_15x15_and_16x16_jigsaw_and_15x15_windoku() {
    large_levels_hold(&[(3, 5, false, Level::Expert, 4), (3, 5, true, Level::Expert, 2)]);
    for (r, c) in [(3, 5), (4, 4)] {
        for level in [Level::Expert, Level::Evil] {
            let shape = Shape::new(r, c).unwrap();
            let options = Options::new(shape).random_regions(true).rating(Some(level.into()));
            assert!(Generator::new(options, 1).is_ok(), "{r}x{c} {level}");
        }
    }
}

/// 16x16 X-windoku expert (the ladder's uniqueness search from the hard
/// closure's fixpoint; from the clues it took 8.8 s of CPU on seed 1):
/// unique, obeying the windows and diagonals written out, re-rated into
/// the level.
#[test]
fn x_windoku_16x16_expert_holds() {
    let rules = Rules::classic(Shape::new(4, 4).unwrap()).with_windows().unwrap().with_diagonals();
    let set = (rules, spec(4, 4, Parts { windows: true, diagonals: true, ..Parts::default() }));
    variant_levels_hold(&[(&set, Level::Expert, 1)]);
}

/// Expert and evil on seeds 1-5 (0.03-1.6 s of CPU each to make in release).
#[test]
#[ignore = "about 6 min in release: the general search from the clues takes seconds on some"]
fn expert_and_evil_on_seeds_1_to_5_hold_on_15x15_and_16x16_jigsaw_and_15x15_windoku() {
    let mut cases = Vec::new();
    for (r, c, windows) in [(3, 5, false), (4, 4, false), (3, 5, true)] {
        for level in [Level::Expert, Level::Evil] {
            cases.extend((1..=5).map(|seed| (r, c, windows, level, seed)));
        }
    }
    large_levels_hold(&cases);
}
