//! The logical solver: every step checked against the true solution, and
//! the ratings calibrated against Sudoku Explainer's own.

use std::collections::BTreeMap;

use sudokit::logic::{Er, LogicSolver, Path, State};
use sudokit::{Grid, Shape};

use crate::util::{data_dir, grid, load};

/// Checks every step of a path against the solution found independently:
/// an elimination never removes the solution's digit, a placement always
/// matches it, and the path ends at the solution.
pub fn assert_path_sound(puzzle: &Grid, path: &Path) {
    let solution = &path.solution;
    crate::util::assert_solves(puzzle, solution);
    let mut st = State::from_grid(puzzle);
    for (k, step) in path.steps.iter().enumerate() {
        assert!(
            !step.placements.is_empty() || !step.eliminations.is_empty(),
            "step {k} makes no progress: {}",
            step.summary()
        );
        for &(c, d) in &step.eliminations {
            assert_ne!(
                solution.values()[c.index()],
                d.get(),
                "step {k} removes the solution's digit from {}: {}",
                c.display(puzzle.shape()),
                step.summary()
            );
            assert!(
                st.masks()[c.index()] & d.bit() != 0,
                "step {k} removes a candidate that is not there: {}",
                step.summary()
            );
        }
        for &(c, d) in &step.placements {
            assert_eq!(solution.values()[c.index()], d.get(), "step {k}: {}", step.summary());
        }
        st.apply(step);
    }
    assert!(st.is_solved());
    assert_eq!(&st.to_grid(), solution);
}

/// `(puzzle, ER, EP, ED)` from a file of `<puzzle> ER/EP/ED ...` lines.
fn load_rated(name: &str) -> Vec<(Grid, [Er; 3])> {
    let path = data_dir().join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let puzzles = load(name);
    let ratings: Vec<[Er; 3]> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let field = l.split_whitespace().nth(1).expect("a rating field");
            let v: Vec<Er> = field
                .split('/')
                .map(|x| {
                    let (a, b) = x.split_once('.').unwrap();
                    Er(a.parse::<u16>().unwrap() * 10 + b.parse::<u16>().unwrap())
                })
                .collect();
            [v[0], v[1], v[2]]
        })
        .collect();
    assert_eq!(puzzles.len(), ratings.len());
    puzzles.into_iter().zip(ratings).collect()
}

/// Agreement figures of one file: (exact ER, ER within 0.1, ER within 0.3,
/// exact EP, exact ED), in percent; prints them, the ER histogram, the most
/// common ER disagreements, every puzzle whose ER, EP or ED differs (up to
/// 60, both ratings and our hardest technique) and the slowest puzzles.
fn calibrate(name: &str) -> [f64; 5] {
    let set = load_rated(name);
    let mut solver = LogicSolver::new();
    let (mut exact, mut close, mut near, mut ep_ok, mut ed_ok) = (0, 0, 0, 0, 0);
    let mut times: Vec<(std::time::Duration, String)> = Vec::new();
    let mut ours: BTreeMap<u16, i64> = BTreeMap::new();
    let mut theirs: BTreeMap<u16, i64> = BTreeMap::new();
    let mut misses: BTreeMap<(u16, u16), usize> = BTreeMap::new();
    let mut examples: Vec<String> = Vec::new();
    for (puzzle, [er, ep, ed]) in &set {
        let start = std::time::Instant::now();
        let path = solver.solve(puzzle).unwrap_or_else(|e| panic!("{e}"));
        times.push((start.elapsed(), sudokit::format::to_line(puzzle)));
        assert_path_sound(puzzle, &path);
        let r = path.rating();
        *ours.entry(r.er.0).or_default() += 1;
        *theirs.entry(er.0).or_default() += 1;
        if r.er == *er {
            exact += 1;
        } else {
            *misses.entry((er.0, r.er.0)).or_default() += 1;
        }
        if [r.er, r.ep, r.ed] != [*er, *ep, *ed] && examples.len() < 60 {
            examples.push(format!(
                "{} SE {er}/{ep}/{ed} ours {}/{}/{} ({})",
                sudokit::format::to_line(puzzle),
                r.er,
                r.ep,
                r.ed,
                r.hardest.map_or("-", |t| t.name())
            ));
        }
        close += usize::from(r.er.0.abs_diff(er.0) <= 1);
        near += usize::from(r.er.0.abs_diff(er.0) <= 3);
        ep_ok += usize::from(r.ep == *ep);
        ed_ok += usize::from(r.ed == *ed);
    }
    let n = set.len() as f64;
    let pct = |k: usize| 100.0 * k as f64 / n;
    println!("== {name}: {} puzzles", set.len());
    println!(
        "ER exact {:.1}%  ER within 0.1 {:.1}%  ER within 0.3 {:.1}%  EP exact {:.1}%  ED exact \
         {:.1}%",
        pct(exact),
        pct(close),
        pct(near),
        pct(ep_ok),
        pct(ed_ok)
    );
    println!("ER histogram (value: SE / ours / difference):");
    let keys: std::collections::BTreeSet<u16> = ours.keys().chain(theirs.keys()).copied().collect();
    for k in keys {
        let (a, b) = (theirs.get(&k).copied().unwrap_or(0), ours.get(&k).copied().unwrap_or(0));
        if a != b {
            println!("  {}: {a} / {b} / {:+}", Er(k), b - a);
        }
    }
    let mut worst: Vec<_> = misses.into_iter().collect();
    worst.sort_by_key(|w| std::cmp::Reverse(w.1));
    println!("most common disagreements (SE -> ours: count):");
    for ((a, b), c) in worst.iter().take(15) {
        println!("  {} -> {}: {c}", Er(*a), Er(*b));
    }
    for e in examples {
        println!("  e.g. {e}");
    }
    times.sort();
    let total: std::time::Duration = times.iter().map(|t| t.0).sum();
    println!("time: total {:.1?}, slowest:", total);
    for (t, p) in times.iter().rev().take(3) {
        println!("  {t:.1?} {p}");
    }
    [pct(exact), pct(close), pct(near), pct(ep_ok), pct(ed_ok)]
}

/// What [`calibrate`] measures, in its order, as the failure names them.
const AGREEMENTS: [&str; 5] = ["ER exact", "ER within-0.1", "ER within-0.3", "EP", "ED"];

/// One release-mode test per data set: [`calibrate`] on `$file`, each
/// agreement at or above its floor in `$floors` (percent, in the order of
/// [`AGREEMENTS`]; 0 where the set sets none).
macro_rules! calibrations {
    ($($(#[$meta:meta])* $test:ident: $file:literal, $floors:expr;)+) => {$(
        $(#[$meta])*
        #[test]
        fn $test() {
            let reached = calibrate($file);
            for ((what, got), floor) in AGREEMENTS.iter().zip(reached).zip($floors) {
                assert!(got >= floor, "{what} agreement fell to {got:.1}% (floor {floor}%)");
            }
        }
    )+};
}

calibrations! {
    // Floors at or below the agreement reached (docs/rater-notes.md: 99.8%
    // and 100%), above the targets (the same ER on 96%, within 0.3 on 99%).
    #[ignore = "release-mode calibration against Sudoku Explainer's ratings"]
    calibration_se_rated_qqwing: "se-rated-qqwing.txt", [99.0, 0.0, 100.0, 99.0, 99.0];
    // Floors at or below the agreement reached (98.8% and 100%), above the
    // targets.
    #[ignore = "release-mode calibration against Sudoku Explainer's ratings"]
    calibration_se_rated_random: "se-rated-random.txt", [98.0, 0.0, 100.0, 99.0, 99.0];
    // The targets are 90% and 97%; these are the figures reached
    // (docs/rater-notes.md), kept as a floor. ER exact is 96.0%: with the
    // kept hints of a nesting level, two 11.0 puzzles take a path of equal
    // steps that ends without the 11.0 step (10.9).
    #[ignore = "release-mode fidelity on the hardest puzzles against Sudoku Explainer (minutes)"]
    calibration_se_rated_hardest: "se-rated-hardest.txt", [96.0, 100.0, 0.0, 97.0, 97.0];
    // The top of the scale (SE's nesting levels 3-5, ER 11 and up): the
    // rater agrees with SE on every puzzle of the file, so every figure must
    // stay at 100%.
    #[ignore = "release-mode fidelity at the top of the scale against Sudoku Explainer (minutes)"]
    calibration_se_rated_top: "se-rated-top.txt", [100.0, 100.0, 100.0, 100.0, 100.0];
}

#[test]
#[ignore = "release-mode: rates 40 of the hardest puzzles (a minute or more)"]
fn nested_ratings_unchanged() {
    // data/nested-ratings.txt: the rater's own ER/EP/ED, level and hardest
    // technique for the first 40 puzzles of hardest-1106.txt, recorded
    // before the nested chains were optimised (the file says how). Every
    // path is also checked against the solution.
    let name = "nested-ratings.txt";
    let text = std::fs::read_to_string(data_dir().join(name)).unwrap();
    let labels: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split_whitespace().skip(2).collect::<Vec<_>>().join(" "))
        .collect();
    let set = load_rated(name);
    assert_eq!(set.len(), 40);
    let mut solver = LogicSolver::new();
    let mut differ = Vec::new();
    for ((puzzle, [er, ep, ed]), label) in set.iter().zip(&labels) {
        let path = solver.solve(puzzle).unwrap_or_else(|e| panic!("{e}"));
        assert_path_sound(puzzle, &path);
        let r = path.rating();
        let ours = format!("{} {}", r.level, r.hardest.map_or("-", |t| t.name()));
        if [r.er, r.ep, r.ed] != [*er, *ep, *ed] || &ours != label {
            differ.push(format!(
                "{} recorded {er}/{ep}/{ed} {label}, now {}/{}/{} {ours}",
                sudokit::format::to_line(puzzle),
                r.er,
                r.ep,
                r.ed
            ));
        }
    }
    assert!(differ.is_empty(), "{} ratings changed:\n{}", differ.len(), differ.join("\n"));
}

#[test]
fn dynamic_forcing_chains_plus_find_a_sound_step_on_a_hardest_puzzle() {
    // From se-rated-hardest.txt (hardest-1106), SE 10.0/1.2/1.2: on its
    // starting pencil marks the "+" chains find a deduction; it must agree
    // with the solution and be rated at least 9.0.
    let p = grid(
        Shape::CLASSIC,
        "1.......2....1..3...5..34....2..1..4....8.7..6..9.......1..5.4.8.....5..9...6....",
    );
    let solution = sudokit::solve::Solver::new().solutions(&p, 1).pop().unwrap();
    let st = State::from_grid(&p);
    let step = LogicSolver::new()
        .find_technique(&st, sudokit::logic::Technique::DynamicForcingChainPlus)
        .unwrap()
        .expect("a step");
    assert!(step.difficulty >= Er(90), "{}", step.summary());
    assert!(!step.placements.is_empty() || !step.eliminations.is_empty());
    for &(c, d) in &step.eliminations {
        assert_ne!(solution.values()[c.index()], d.get(), "{}", step.summary());
    }
    for &(c, d) in &step.placements {
        assert_eq!(solution.values()[c.index()], d.get(), "{}", step.summary());
    }
}

#[test]
fn simple_puzzle_path_is_sound_and_rated_by_hidden_singles() {
    // From se-rated-qqwing.txt (QQWing "simple"): SE 1.2/1.2/1.2.
    let p = grid(
        Shape::CLASSIC,
        "...8...43...1..2.59..3......39..2.84.1.............72......8.3.8.....47..4357..1.",
    );
    let path = LogicSolver::new().solve(&p).unwrap();
    assert_path_sound(&p, &path);
    let r = path.rating();
    assert_eq!((r.er, r.ep, r.ed), (Er(12), Er(12), Er(12)));
}

/// Every `step`-th puzzle of a corpus file, solved logically (guesses
/// allowed and counted), every step checked against the solution.
fn sound_on_sample(name: &str, step: usize) -> (usize, usize) {
    let puzzles = load(name);
    let mut solver = LogicSolver::new();
    let (mut total, mut guessed) = (0, 0);
    for p in puzzles.iter().step_by(step) {
        let path = solver.solve(p).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_path_sound(p, &path);
        total += 1;
        guessed += usize::from(path.rating().guessed);
    }
    (total, guessed)
}

#[test]
#[ignore = "release-mode: logical paths over samples of every corpus"]
fn every_step_is_sound_on_samples_of_the_corpus() {
    for (name, step) in [("top1465.txt", 5), ("hardest-1106.txt", 15), ("17-clue.txt", 1000)] {
        let (total, guessed) = sound_on_sample(name, step);
        println!("{name}: {total} puzzles, {guessed} needed a guess");
        assert!(total > 0);
    }
}

#[test]
fn small_shapes_are_solved_logically_and_soundly() {
    // 4x4 and (minimal) 6x6 puzzles with one solution; the basic
    // techniques work on every shape.
    let cases = [
        (Shape::new(2, 2).unwrap(), "1...\n..3.\n.2..\n...4"),
        (Shape::new(2, 3).unwrap(), "1.3... .56... ...5.4 .6...1 .1.6.. ...3.2"),
    ];
    for (shape, text) in cases {
        let p = grid(shape, text);
        assert_eq!(p.count_solutions_up_to(2), 1);
        let path = LogicSolver::new().solve(&p).unwrap();
        assert_path_sound(&p, &path);
        assert!(!path.rating().guessed, "{shape}: {:?}", path.rating());
    }
}
