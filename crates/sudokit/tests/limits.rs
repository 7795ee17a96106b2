//! Resource bounds: a time limit stops every search path promptly, and the
//! logical solver reports a contradiction as such (a fuzzer finding).

use std::time::{Duration, Instant};

use sudokit::logic::{Budget, LogicError, LogicSolver};
use sudokit::solve::{Count, Limits, Solution, Solver};
use sudokit::{Grid, Shape};

/// A search that would run for years stops within a small multiple of its
/// time limit, on the 9x9 fast path, the general path and a large board.
#[test]
fn a_time_limit_stops_every_search_path() {
    let limit = Duration::from_millis(100);
    let limits = Limits::default().with_time(limit);
    let cases = [
        (Shape::CLASSIC, Solver::with_limits(limits.clone())),
        (Shape::CLASSIC, Solver::with_limits(limits.clone()).general_only()),
        (Shape::new(5, 5).unwrap(), Solver::with_limits(limits.clone())),
    ];
    for (shape, mut solver) in cases {
        // The shape's tables are built on first use: not inside the limit.
        assert_eq!(Solver::new().count(&Grid::empty(shape), 1), Count::Found(1));
        let start = Instant::now();
        let count = solver.count(&Grid::empty(shape), usize::MAX);
        let took = start.elapsed();
        assert!(matches!(count, Count::OutOfBudget(n) if n > 0), "{shape}: {count:?}");
        assert!(took < Duration::from_secs(2), "{shape}: a 100 ms limit took {took:?}");
        let start = Instant::now();
        let _ = solver.solutions(&Grid::empty(shape), usize::MAX);
        assert!(start.elapsed() < Duration::from_secs(2), "{shape}: solutions overran");
    }
    // Without a bound the same solver answers as before.
    let mut v = vec![0u8; 16];
    v[..4].copy_from_slice(&[1, 2, 3, 4]);
    let small = Grid::from_values(Shape::new(2, 2).unwrap(), v).unwrap();
    assert_eq!(Solver::with_limits(limits).count(&small, 1000), Count::Found(12));
}

/// Found by the `logic` fuzz target: two empty cells of row 1 are left
/// with the same single candidate. The givens do not clash, so the answer
/// is "no solution", not "clashing givens".
#[test]
fn a_contradiction_of_candidates_is_no_solution_not_a_clash() {
    let v = [
        9, 0, 0, 6, 3, 4, 0, 0, 7, 6, 0, 0, 5, 9, 7, 8, 2, 1, 0, 7, 0, 2, 0, 0, 0, 6, 0, 8, 9, 0,
        0, 0, 0, 3, 0, 0, 7, 6, 0, 0, 4, 0, 0, 8, 2, 1, 0, 0, 9, 8, 0, 0, 7, 5, 3, 5, 0, 0, 0, 0,
        0, 0, 0, 0, 8, 7, 0, 0, 0, 0, 9, 0, 0, 1, 9, 0, 0, 6, 7, 3, 0,
    ];
    let g = Grid::from_values(Shape::CLASSIC, v.to_vec()).unwrap();
    assert!(g.clashes().is_empty());
    assert_eq!(g.solution(), Solution::None);
    let budget = Budget::default().with_time(Duration::from_secs(5));
    assert_eq!(LogicSolver::with_budget(budget).solve(&g), Err(LogicError::NoSolution));
}

/// Setting the interrupt flag of a [`Deadline`] from another thread stops
/// an exact search that would run for years well within a second.
#[test]
fn an_interrupt_stops_an_exact_search() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use sudokit::Deadline;

    let interrupted = |work: &dyn Fn(Deadline) -> bool| {
        let flag = Arc::new(AtomicBool::new(false));
        let deadline = Deadline::never().with_interrupt(flag.clone());
        let setter = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(150));
            flag.store(true, Ordering::Relaxed);
            Instant::now()
        });
        let stopped = work(deadline);
        let set_at = setter.join().unwrap();
        (stopped, set_at.elapsed())
    };
    let big = Shape::new(5, 5).unwrap();
    let (stopped, after) = interrupted(&|d| {
        let count = Solver::with_limits(Limits::until(d)).count(&Grid::empty(big), usize::MAX);
        matches!(count, Count::OutOfBudget(_))
    });
    assert!(stopped, "count ended without the interrupt");
    assert!(after < Duration::from_millis(500), "count stopped {after:?} after the interrupt");
}
