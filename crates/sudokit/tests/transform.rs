//! Transformations and canonical forms on the public corpus.
//!
//! The canonical form must be the same for every equivalent of a grid
//! (random group elements), must itself be an equivalent (same clue count,
//! same solution count, its own canonical form), and must tell different
//! classes apart: the 17-clue catalogue (Royle's list of 49,158 essentially
//! different minimal puzzles) has no two puzzles with the same form.
//!
//! The default run takes small samples; the `--ignored` tests (run by
//! `.ci/run` in release mode) take the full sizes: 1,000 transforms of 100
//! puzzles and 100 grids, and the whole 17-clue catalogue.

use std::collections::HashSet;

use sudokit::constraint::Constraint;
use sudokit::solve::{Count, Solver};
use sudokit::transform::{Canonicalizer, Op, Transform, automorphism_count, canonical_form};
use sudokit::{Grid, Shape};

use crate::util::load;

/// Checks that `grid`'s form is unchanged by `transforms` random elements
/// of the group, and that the form is a fixed point with the same clues.
fn assert_invariant(grid: &Grid, transforms: u64, seed: u64) {
    let mut canon = Canonicalizer::new();
    let form = canon.canonicalize(grid).unwrap();
    assert_eq!(form.form.clue_count(), grid.clue_count());
    let again = canon.canonicalize(&form.form).unwrap();
    assert_eq!(again, form, "the form of a form is itself: {grid:?}");
    for k in 0..transforms {
        let t = Transform::random(grid.shape(), seed.wrapping_mul(1_000_003) ^ k);
        let other = canon.canonicalize(&t.apply(grid)).unwrap();
        assert_eq!(other, form, "transform {k} of {grid:?}: {t:?}");
    }
}

fn sample(name: &str, count: usize) -> Vec<Grid> {
    let all = load(name);
    let step = (all.len() / count).max(1);
    all.into_iter().step_by(step).take(count).collect()
}

fn full_grids(puzzles: &[Grid]) -> Vec<Grid> {
    puzzles.iter().map(|p| p.some_solution().expect("corpus puzzles are solvable")).collect()
}

#[test]
fn canonical_form_is_invariant_for_a_sample_of_puzzles_and_grids() {
    let puzzles = sample("top1465.txt", 20);
    for (i, p) in puzzles.iter().enumerate() {
        assert_invariant(p, 50, i as u64);
    }
    for (i, g) in full_grids(&puzzles[..4]).iter().enumerate() {
        assert_invariant(g, 10, 100 + i as u64);
    }
    for (i, p) in sample("17-clue.txt", 10).iter().enumerate() {
        assert_invariant(p, 50, 200 + i as u64);
    }
}

#[test]
#[ignore = "1,000 transforms of 100 puzzles and 100 grids; run with --release -- --ignored"]
fn canonical_form_is_invariant_for_100_puzzles_and_100_grids_times_1000() {
    let puzzles = sample("top1465.txt", 100);
    for (i, p) in puzzles.iter().enumerate() {
        assert_invariant(p, 1000, i as u64);
    }
    for (i, g) in full_grids(&puzzles).iter().enumerate() {
        assert_invariant(g, 1000, 1000 + i as u64);
    }
}

#[test]
fn canonical_form_is_invariant_for_other_shapes() {
    for (r, c) in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 4), (4, 3)] {
        let shape = Shape::new(r, c).unwrap();
        let grid = Grid::empty(shape).some_solution().unwrap();
        let puzzle: Vec<u8> = grid
            .values()
            .iter()
            .enumerate()
            .map(|(i, &v)| if (i * 5 + 3) % 4 == 0 { v } else { 0 })
            .collect();
        let puzzle = Grid::from_values(shape, puzzle).unwrap();
        let transforms = if shape.size() >= 12 { 3 } else { 20 };
        assert_invariant(&puzzle, transforms, 7);
        if shape.size() < 12 {
            assert_invariant(&grid, transforms, 8);
        }
    }
}

#[test]
fn different_17_clue_puzzles_have_different_forms_in_a_sample() {
    let puzzles: Vec<Grid> = load("17-clue.txt").into_iter().take(3000).collect();
    let forms: HashSet<Grid> = puzzles.iter().map(|p| canonical_form(p).unwrap()).collect();
    assert_eq!(forms.len(), puzzles.len());
}

#[test]
#[ignore = "the whole 17-clue catalogue; run with --release -- --ignored"]
fn the_17_clue_catalogue_has_49158_different_forms() {
    let puzzles = load("17-clue.txt");
    assert_eq!(puzzles.len(), 49_158);
    let mut canon = Canonicalizer::new();
    let forms: HashSet<Grid> =
        puzzles.iter().map(|p| canon.canonicalize(p).unwrap().form).collect();
    assert_eq!(forms.len(), puzzles.len());
}

#[test]
fn solution_counts_are_invariant_under_every_transform() {
    let shape = Shape::CLASSIC;
    let mut named: Vec<Transform> = [
        "rot90",
        "rot180",
        "rot270",
        "mirror-h",
        "mirror-v",
        "transpose",
        "swap-bands:1,3",
        "swap-stacks:2,3",
        "swap-rows:4,6",
        "swap-cols:7,8",
        "relabel:987654321",
    ]
    .iter()
    .map(|s| Transform::from_ops(shape, &Op::parse_list(s).unwrap()).unwrap())
    .collect();
    named.extend((0..20).map(|s| Transform::random(shape, s)));
    let mut solver = Solver::new();
    let unique = sample("top1465.txt", 10);
    let several = sample("serg-multi.txt", 10);
    for p in unique.iter().chain(&several) {
        let want = solver.count(p, 50);
        for t in &named {
            assert_eq!(solver.count(&t.apply(p), 50), want, "{t:?} on {p:?}");
        }
        assert_eq!(solver.count(&canonical_form(p).unwrap(), 50), want);
    }
    assert!(unique.iter().all(|p| solver.count(p, 2) == Count::Found(1)));
}

#[test]
fn automorphisms_of_a_symmetric_grid_are_counted() {
    // The grid with the most automorphisms, 648 (Russell and Jarvis,
    // "Mathematics of Sudoku II", 2006).
    let text = "123456789456789123789123456231564897564897231897231564312645978645978312978312645";
    let values: Vec<u8> = text.bytes().map(|b| b - b'0').collect();
    let grid = Grid::from_values(Shape::CLASSIC, values).unwrap();
    assert!(grid.is_solved());
    assert_eq!(automorphism_count(&grid).unwrap(), 648);
    // A random grid almost surely has only the identity.
    let p = &sample("top1465.txt", 1)[0];
    assert_eq!(automorphism_count(&p.some_solution().unwrap()).unwrap(), 1);
}

/// The first `count` puzzles of a file of `data/variants/bench/` with their
/// solutions, each under its rules (a `# rules:` line, and a killer line's
/// cages).
fn variant_puzzles(name: &str, count: usize) -> Vec<(Grid, Grid)> {
    use sudokit::Rules;
    let path = crate::util::data_dir().join("variants/bench").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut rules: Option<Rules> = None;
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        if let Some(named) = line.strip_prefix("# rules:") {
            rules = Some(named.trim().parse().unwrap());
            continue;
        }
        let rules = rules.clone().expect("a rules line comes first");
        let (puzzle, solution) = match line.split_once(" # ") {
            // A killer line: its cages join the rules.
            Some((killer, solution)) => {
                let grid = sudokit::format::parse_killer(killer).unwrap();
                let mut with = rules.clone();
                for c in grid.rules().constraints() {
                    if let Constraint::Cage(cage) = c {
                        with = with.with_cage(cage.cells(), cage.sum()).unwrap();
                    }
                }
                (grid.with_rules(with).unwrap(), solution.trim())
            }
            None => {
                let (p, s) = line.split_once(' ').unwrap();
                (grid9(p).with_rules(rules).unwrap(), s.trim())
            }
        };
        let solution = grid9(solution).with_rules(puzzle.rules().clone()).unwrap();
        out.push((puzzle, solution));
        if out.len() == count {
            break;
        }
    }
    assert_eq!(out.len(), count, "{name}");
    out
}

fn grid9(line: &str) -> Grid {
    let values: Vec<u8> = line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
    Grid::from_values(Shape::CLASSIC, values).unwrap()
}

/// Whether the full grid `v` obeys `rules`, by arithmetic: every house of
/// the rules' table holds each digit once, knight's and king's moves
/// differ, and each constraint and neighbour rule holds.
fn obeys(rules: &sudokit::Rules, v: &[u8]) -> bool {
    let n = rules.shape().size();
    let layout = rules.layout();
    let houses_ok = (0..layout.house_count()).all(|h| {
        let mut digits: Vec<u8> = layout.house(h).iter().map(|&c| v[c as usize]).collect();
        digits.sort_unstable();
        digits == (1..=n as u8).collect::<Vec<_>>()
    });
    let apart = |dr: usize, dc: usize| {
        (0..n * n).all(|a| {
            (0..n * n).all(|b| {
                let d = ((a / n).abs_diff(b / n), (a % n).abs_diff(b % n));
                (d != (dr, dc) && d != (dc, dr)) || v[a] != v[b]
            })
        })
    };
    let moves_ok =
        (!rules.has_anti_knight() || apart(1, 2)) && (!rules.has_anti_king() || apart(1, 1));
    houses_ok && moves_ok && crate::util::constraints_hold(rules, v)
}

/// Every transform of a list (named operations, random group elements and
/// random rule-keeping ones) on the first `count` puzzles of each variant
/// file: accepted, the transformed puzzle has exactly one solution, the
/// transform of the recorded solution, which obeys the moved rules;
/// refused, the refusal is one of the two that say why.
fn transformed_constraint_puzzles_keep_their_solution(count: usize, randoms: u64) {
    use sudokit::solve::Solution;
    use sudokit::transform::TransformError;
    let s = Shape::CLASSIC;
    let files = [
        "killer-9-givens.txt",
        "thermo-9.txt",
        "kropki-9.txt",
        "even-odd-9.txt",
        "x-9.txt",
        "windoku-9.txt",
        "jigsaw-9.txt",
        "x-killer-9.txt",
    ];
    for file in files {
        let mut kept = 0;
        for (k, (puzzle, solution)) in variant_puzzles(file, count).into_iter().enumerate() {
            assert!(obeys(puzzle.rules(), solution.values()), "{file} {k}: the recorded solution");
            let mut transforms = vec![
                Transform::rotate(s, 1).unwrap(),
                Transform::rotate(s, 2).unwrap(),
                Transform::mirror_h(s),
                Transform::mirror_v(s),
                Transform::transpose(s).unwrap(),
                Transform::swap_rows(s, 0, 1).unwrap(),
                Transform::swap_bands(s, 0, 2).unwrap(),
                Transform::swap_stacks(s, 0, 2)
                    .unwrap()
                    .then(&Transform::swap_bands(s, 0, 2).unwrap()),
                Transform::relabel(s, &[9, 8, 7, 6, 5, 4, 3, 2, 1]).unwrap(),
            ];
            for seed in 0..randoms {
                transforms.push(Transform::random(s, seed));
                transforms.push(Transform::random_keeping(puzzle.rules(), seed));
            }
            for (j, t) in transforms.iter().enumerate() {
                let at = format!("{file} puzzle {k} transform {j}");
                match t.try_apply(&puzzle) {
                    Ok(moved) => {
                        kept += 1;
                        let image =
                            t.try_apply(&solution).expect("the solution moves as the puzzle");
                        assert_eq!(image.rules(), moved.rules(), "{at}");
                        // The image's values are the transform of the values.
                        let plain = Grid::from_values(s, solution.values().to_vec()).unwrap();
                        assert_eq!(image.values(), t.apply(&plain).values(), "{at}");
                        assert!(obeys(moved.rules(), image.values()), "{at}: {}", moved.rules());
                        assert!(image.is_solution_of(&moved), "{at}");
                        assert_eq!(moved.solution(), Solution::Unique(image), "{at}");
                    }
                    Err(TransformError::RelabelsConstraints { .. }) => {
                        assert!(puzzle.rules().has_constraints(), "{at}: nothing reads values");
                    }
                    Err(TransformError::BreaksRules { .. }) => {}
                    Err(e) => panic!("{at}: {e}"),
                }
            }
            // Random rule-keeping transforms are never refused.
            for seed in 0..randoms {
                assert!(Transform::random_keeping(puzzle.rules(), seed).try_apply(&puzzle).is_ok());
            }
        }
        assert!(kept >= 4 * count, "{file}: only {kept} transforms kept the rules");
    }
}

#[test]
fn transformed_constraint_puzzles_keep_their_solution_sample() {
    transformed_constraint_puzzles_keep_their_solution(2, 3);
}

#[test]
#[ignore = "about 1,700 transformed variant puzzles solved (20 s in debug); run in release"]
fn transformed_constraint_puzzles_keep_their_solution_full() {
    transformed_constraint_puzzles_keep_their_solution(10, 6);
}

#[test]
fn refusals_say_why() {
    let (killer, _) = variant_puzzles("killer-9-givens.txt", 1).remove(0);
    let relabel = Transform::relabel(Shape::CLASSIC, &[9, 8, 7, 6, 5, 4, 3, 2, 1]).unwrap();
    let text = relabel.try_apply(&killer).unwrap_err().to_string();
    assert!(text.contains("its killer cages read the digits"), "{text}");
    let (x, _) = variant_puzzles("x-9.txt", 1).remove(0);
    let swap = Transform::swap_rows(Shape::CLASSIC, 0, 1).unwrap();
    let text = swap.try_apply(&x).unwrap_err().to_string();
    assert!(text.contains("rule x onto cells the rule does not bind"), "{text}");
    let (jigsaw, _) = variant_puzzles("jigsaw-9.txt", 1).remove(0);
    let bands = Transform::swap_bands(Shape::CLASSIC, 0, 2).unwrap();
    let text = bands.try_apply(&jigsaw).unwrap_err().to_string();
    assert!(text.contains("jigsaw regions moved with their cells are no longer regions"), "{text}");
    // Relabelling keeps houses: X-Sudoku and jigsaw take it.
    assert!(relabel.try_apply(&x).is_ok() && relabel.try_apply(&jigsaw).is_ok());
}
