//! Budgets: every long search ends close to its deadline on every board
//! size, and the generator's answers do not depend on the clock: under any
//! budget and on any number of threads an item is the one an unhurried run
//! makes, or an error saying the time ran out.
//!
//! The boards: a contradictory board whose refutation needs an exponential
//! search (see [`contradictory`]) and a nearly empty board (solutions
//! without end to enumerate), on 9x9, 25x25 and 64x64.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use sudokit::generate::{Carving, ClueRange, GenerateError, Generated, Generator, Options};
use sudokit::logic::{Budget, LogicError, LogicSolver, RatingRange};
use sudokit::solve::{Count, Limits, Solution, Solver};
use sudokit::{Deadline, Grid, Shape};

use crate::util::assert_solves;

/// The most a search may run past its deadline: 10% of the budget or
/// 100 ms, whichever is more, plus 100 ms for a busy test machine (debug
/// builds, two cores shared with other tests).
fn slack(budget: Duration) -> Duration {
    (budget / 10).max(Duration::from_millis(100)) + Duration::from_millis(100)
}

/// Runs `work` under a deadline `budget` from now; asserts it ended within
/// [`slack`] of it and returns its answer.
fn timed<T>(what: &str, budget: Duration, work: impl FnOnce(Deadline) -> T) -> T {
    let start = Instant::now();
    let answer = work(Deadline::after(budget));
    let took = start.elapsed();
    assert!(
        took <= budget + slack(budget),
        "{what}: a budget of {budget:?} took {took:?} (slack {:?})",
        slack(budget)
    );
    answer
}

/// A board of boxes `b x b` whose givens do not clash and which no rule
/// of propagation refutes, but which has no solution: the last `b` digits
/// fill box `k` of row `k` (`k = 2..b`) and the top of column `b` below the
/// first band, so in row 1 they must all lie in the first `b - 1` cells of
/// box 1. Each of those cells still has every candidate, while the rest of
/// the board is open, so a search branches on cells with fewer candidates
/// elsewhere and refutes the pigeonhole only by exhausting them.
fn contradictory(b: usize) -> Grid {
    let shape = Shape::new(b, b).unwrap();
    let n = b * b;
    let mut values = vec![0u8; n * n];
    let last = |j: usize| (n - b + 1 + j) as u8;
    for k in 1..b {
        for j in 0..b {
            values[k * n + k * b + j] = last(j);
        }
    }
    for j in 0..b {
        values[(b + j) * n + (b - 1)] = last(j);
    }
    let grid = Grid::from_values(shape, values).unwrap();
    assert!(grid.clashes().is_empty(), "{b}x{b} boxes: the givens must not clash");
    grid
}

/// An empty board with one given: solutions without end.
fn nearly_empty(b: usize) -> Grid {
    let shape = Shape::new(b, b).unwrap();
    let mut values = vec![0u8; shape.cell_count()];
    values[0] = 1;
    Grid::from_values(shape, values).unwrap()
}

#[test]
fn the_small_contradictory_board_has_no_solution() {
    // On 4x4 the same construction is small enough to refute in full.
    assert_eq!(Solver::new().solve(&contradictory(2)), Solution::None);
    assert_eq!(Solver::new().solve(&contradictory(3)), Solution::None);
}

/// Solve and count on the 9x9, 25x25 and 64x64 boards, contradictory and
/// nearly empty, on both exact paths, end within the slack of a 300 ms
/// deadline and say they ran out (the 9x9 contradiction is refuted in
/// time).
#[test]
fn exact_searches_end_at_their_deadline_on_every_size() {
    let budget = Duration::from_millis(300);
    for b in [3, 5, 8] {
        let hard = contradictory(b);
        let open = nearly_empty(b);
        let what = format!("{b}x{b} boxes");
        let solved = timed(&format!("solve, contradictory, {what}"), budget, |d| {
            Solver::with_limits(Limits::until(d)).solve(&hard)
        });
        // 9x9 is small enough to refute in time; the larger boards are not.
        let refuted = if b == 3 { Solution::None } else { Solution::OutOfBudget };
        assert_eq!(solved, refuted, "{what}");
        let general = timed(&format!("solve, contradictory, {what}, general"), budget, |d| {
            Solver::with_limits(Limits::until(d)).general_only().solve(&hard)
        });
        assert!(matches!(general, Solution::None | Solution::OutOfBudget), "{what}: {general:?}");
        let counted = timed(&format!("count, contradictory, {what}"), budget, |d| {
            Solver::with_limits(Limits::until(d)).count(&hard, 2)
        });
        let refuted = if b == 3 { Count::Found(0) } else { Count::OutOfBudget(0) };
        assert_eq!(counted, refuted, "{what}");
        let counted = timed(&format!("count, nearly empty, {what}"), budget, |d| {
            Solver::with_limits(Limits::until(d)).count(&open, usize::MAX)
        });
        // The first 64x64 solution may take longer than the budget in a
        // debug build; smaller boards give many.
        let some = |n: usize| b == 8 || n > 0;
        assert!(matches!(counted, Count::OutOfBudget(n) if some(n)), "{what}: {counted:?}");
    }
}

/// The logical solver (rate, explain, hint) ends within the slack of its
/// deadline on contradictory boards, in its uniqueness check.
#[test]
fn logic_searches_end_at_their_deadline_on_every_size() {
    let budget = Duration::from_millis(300);
    let logic = |d: Deadline| LogicSolver::with_budget(Budget::default().with_deadline(d));
    for b in [3, 5, 8] {
        let hard = contradictory(b);
        let rated =
            timed(&format!("rate, contradictory, {b}x{b} boxes"), budget, |d| logic(d).rate(&hard));
        let refuted =
            if b == 3 { LogicError::NoSolution } else { LogicError::OutOfBudget { steps: 0 } };
        assert_eq!(rated, Err(refuted.clone()), "{b}x{b} boxes");
        let state = sudokit::logic::State::from_grid(&hard);
        let hint = timed(&format!("hint, contradictory, {b}x{b} boxes"), budget, |d| {
            logic(d).next_step(&state)
        });
        assert_eq!(hint, Err(refuted), "{b}x{b} boxes");
    }
}

/// Rating the hardest 9x9 puzzles takes nested forcing chains, searches
/// within searches that run for seconds: the deadline still ends them within
/// the slack, and a rating that ends in time is whole (never one cut short).
#[test]
fn nested_chains_end_at_their_deadline() {
    let budget = Duration::from_millis(300);
    let logic = |d: Deadline| LogicSolver::with_budget(Budget::default().with_deadline(d));
    let hardest = crate::util::load("hardest-1106.txt");
    for (k, puzzle) in hardest.iter().take(6).enumerate() {
        let rated = timed(&format!("rate hardest-1106 #{k}"), budget, |d| logic(d).rate(puzzle));
        match rated {
            Err(LogicError::OutOfBudget { .. }) => {}
            Ok(r) => assert!(r.er >= sudokit::logic::Er(90), "#{k}: {r:?}"),
            Err(e) => panic!("#{k}: {e:?}"),
        }
    }
}

/// Generation ends within the slack of its deadline where it cannot
/// finish in time (exact carving of 25x25, logic carving of 64x64, a
/// rated 9x9 target), and says so.
#[test]
fn generation_ends_at_its_deadline_on_every_size() {
    let budget = Duration::from_millis(300);
    let cases = [
        Options::new(Shape::new(5, 5).unwrap()).carving(Carving::Exact),
        Options::new(Shape::new(8, 8).unwrap()).carving(Carving::Logic),
        Options::new(Shape::CLASSIC).rating(Some("9.0+".parse::<RatingRange>().unwrap())),
    ];
    for options in cases {
        let what = format!("{} {:?}", options.get_shape(), options.get_carving());
        let made = timed(&format!("generate {what}"), budget, |d| {
            Generator::new(options.clone().deadline(d), 1).unwrap().puzzle(0)
        });
        assert!(matches!(made, Err(GenerateError::OutOfTime { .. })), "{what}: {made:?}");
    }
    // The per-puzzle time limit holds the same way.
    let options =
        Options::new(Shape::new(5, 5).unwrap()).carving(Carving::Exact).time_limit(Some(budget));
    let made = timed("generate 25x25 with a time limit", budget, |_| {
        Generator::new(options.clone(), 2).unwrap().puzzle(0)
    });
    match made {
        Err(e @ GenerateError::OutOfTime { limit: Some(_), .. }) => {
            assert!(e.to_string().contains("time limit of 0.3 s"), "{e}");
        }
        other => panic!("expected OutOfTime with the limit, got {other:?}"),
    }
}

/// A full grid alone keeps the time limit too: under diagonals and windows
/// beside the regions of a random jigsaw (found by the variants fuzz
/// target), random fills and the proof that no grid exists both run long,
/// and `grid` searched on with no deadline at all.
#[test]
fn a_full_grid_keeps_the_time_limit() {
    let budget = Duration::from_millis(300);
    let rules = sudokit::Rules::random_jigsaw(Shape::CLASSIC, 529_405_053_184)
        .unwrap()
        .with_diagonals()
        .with_windows()
        .unwrap();
    let options = Options::new(rules).time_limit(Some(budget));
    let made = timed("a full grid with a time limit", budget, |_| {
        Generator::new(options.clone(), 0).unwrap().grid(0)
    });
    match made {
        Ok(grid) => assert!(grid.is_solved(), "{grid:?}"),
        Err(e) => assert!(matches!(e, GenerateError::OutOfTime { .. }), "{e}"),
    }
}

/// Setting the interrupt flag stops a generation that would run for a long
/// time within the slack, and the error says it was interrupted.
#[test]
fn an_interrupt_stops_generation() {
    let flag = Arc::new(AtomicBool::new(false));
    let options = Options::new(Shape::new(5, 5).unwrap())
        .carving(Carving::Exact)
        .deadline(Deadline::never().with_interrupt(flag.clone()));
    let setter = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        flag.store(true, Ordering::Relaxed);
        Instant::now()
    });
    let made = Generator::new(options, 1).unwrap().puzzle(0);
    let after = setter.join().unwrap().elapsed();
    assert!(after <= slack(Duration::ZERO), "stopped {after:?} after the interrupt");
    match made {
        Err(e @ GenerateError::OutOfTime { interrupted: true, .. }) => {
            assert!(e.to_string().starts_with("interrupted"), "{e}");
        }
        other => panic!("expected an interrupted OutOfTime, got {other:?}"),
    }
}

/// Checks that `g` meets `options`: unique with the given solution, never a
/// filled grid, in the clue range, minimal when asked (no clue removable,
/// by exact counts), rated in the rating range.
fn assert_meets(g: &Generated, options: &Options) {
    assert_solves(&g.puzzle, &g.solution);
    let cells = g.puzzle.shape().cell_count();
    assert!(g.clues() < cells, "a filled grid came out as a puzzle");
    let mut solver = Solver::new().general_only();
    assert_eq!(solver.count(&g.puzzle, 2), Count::Found(1), "not unique: {:?}", g.puzzle);
    if let Some(range) = options.get_clues() {
        assert!(range.contains(g.clues()), "{} clues, asked {range}", g.clues());
    }
    if options.get_clues().is_none() || options.get_minimal() {
        for i in (0..cells).filter(|&i| g.puzzle.values()[i] != 0) {
            let mut values = g.puzzle.values().to_vec();
            values[i] = 0;
            let smaller = Grid::from_values(g.puzzle.shape(), values).unwrap();
            assert_eq!(solver.count(&smaller, 2), Count::Found(2), "clue {i} is removable");
        }
    }
    if let Some(range) = options.get_rating() {
        let r = g.rating.expect("a rated item carries its rating");
        assert!(range.contains(r.er), "rated {}, asked {range}", r.er);
    }
}

/// Under budgets from nothing to plenty, every item that comes out meets
/// its request and is the item of an unhurried run; the others are
/// `OutOfTime`. Before, a budget cut carving short and the partly carved
/// puzzle (a filled grid at worst) came out as the answer.
#[test]
fn generated_items_meet_the_request_or_are_errors_under_any_budget() {
    let classic = Options::new(Shape::CLASSIC);
    let cases = [
        classic.clone(),
        classic.clone().clues(ClueRange::new(22, 26)).minimal(true),
        classic.clone().clues(ClueRange::new(25, 30)),
        classic.clone().rating(Some("2.9-4.4".parse().unwrap())),
        Options::new(Shape::new(2, 3).unwrap()),
        Options::new(Shape::new(3, 4).unwrap()).carving(Carving::Exact),
    ];
    let budgets = [Some(0), Some(1), Some(3), Some(10), Some(40), None];
    let (mut made, mut late) = (0, 0);
    for options in &cases {
        let reference = Generator::new(options.clone(), 11).unwrap();
        let want: Vec<Generated> = (0..3).map(|i| reference.puzzle(i).unwrap()).collect();
        for g in &want {
            assert_meets(g, options);
        }
        for ms in budgets {
            let deadline = Deadline::within(ms.map(Duration::from_millis));
            let generator = Generator::new(options.clone().deadline(deadline), 11).unwrap();
            for (i, want) in want.iter().enumerate() {
                match generator.puzzle(i as u64) {
                    Ok(g) => {
                        assert_eq!(&g, want, "{options:?}, budget {ms:?} ms, item {i}");
                        made += 1;
                    }
                    Err(GenerateError::OutOfTime { .. }) => late += 1,
                    Err(e) => panic!("{options:?}, budget {ms:?} ms, item {i}: {e}"),
                }
            }
        }
    }
    // Both outcomes were seen: the budgets cut some items and not others.
    assert!(made > 0 && late > 0, "made {made}, out of time {late}");
}

/// The same 25x25 exact-carving request under different budgets and on 1,
/// 2 or 3 threads gives the same items as an unhurried run on one thread,
/// or errors; never another puzzle.
#[test]
fn the_same_25x25_request_gives_the_same_puzzles_or_errors_under_any_budget_and_threads() {
    let options = Options::new(Shape::new(5, 5).unwrap())
        .carving(Carving::Exact)
        .clues(ClueRange::new(300, 320));
    let items = 4u64;
    let reference = Generator::new(options.clone(), 7).unwrap();
    let want: Vec<Generated> = (0..items).map(|i| reference.puzzle(i).unwrap()).collect();
    for g in &want {
        assert_meets(g, &options);
    }
    let (mut made, mut late) = (0, 0);
    for ms in [0, 20, 60, 200, 5_000] {
        for threads in [1, 2, 3] {
            let deadline = Deadline::after(Duration::from_millis(ms));
            let generator = Generator::new(options.clone().deadline(deadline), 7).unwrap();
            let got: Vec<(u64, Result<Generated, GenerateError>)> = std::thread::scope(|s| {
                let workers: Vec<_> = (0..threads)
                    .map(|t| {
                        let generator = &generator;
                        s.spawn(move || {
                            (t..items)
                                .step_by(threads as usize)
                                .map(|i| (i, generator.puzzle(i)))
                                .collect::<Vec<_>>()
                        })
                    })
                    .collect();
                workers.into_iter().flat_map(|w| w.join().unwrap()).collect()
            });
            for (i, answer) in got {
                match answer {
                    Ok(g) => {
                        assert_eq!(g, want[i as usize], "{ms} ms, {threads} threads, item {i}");
                        made += 1;
                    }
                    Err(GenerateError::OutOfTime { .. }) => late += 1,
                    Err(e) => panic!("{ms} ms, {threads} threads, item {i}: {e}"),
                }
            }
        }
    }
    assert!(made > 0 && late > 0, "made {made}, out of time {late}");
}
