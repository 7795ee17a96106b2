//! The search trace: replayed from the givens, its moves visit only empty
//! cells, never touch a given, and end on a grid the independent checker
//! accepts as the solution.

use sudokit::solve::{Limits, Solver, Trace};
use sudokit::{Grid, Shape};

use crate::util::{assert_solves, load};

/// Replays `trace` from `puzzle` and returns the final board, checking
/// every move against the board it is made on.
fn replay(puzzle: &Grid, trace: &Trace) -> Vec<u8> {
    let givens = puzzle.values();
    let mut board = givens.to_vec();
    for m in &trace.moves {
        let i = m.cell.index();
        assert_eq!(givens[i], 0, "a move touches the given at {i}");
        match m.digit {
            Some(d) => {
                assert_eq!(board[i], 0, "a digit is placed on a filled cell {i}");
                board[i] = d.get();
            }
            None => {
                assert_ne!(board[i], 0, "an empty cell {i} is emptied");
                assert!(!m.guess, "emptying a cell is no guess");
                board[i] = 0;
            }
        }
    }
    board
}

#[test]
fn a_replayed_trace_ends_on_the_solution() {
    let mut solver = Solver::new();
    let mut guessed = 0;
    for puzzle in
        load("hardest-1106.txt").iter().take(30).chain(load("17-clue.txt").iter().take(30))
    {
        let trace = solver.trace(puzzle, usize::MAX);
        assert!(trace.finished && !trace.cut);
        let solution = trace.solution.clone().expect("every corpus puzzle has a solution");
        assert_solves(puzzle, &solution);
        assert_eq!(replay(puzzle, &trace), solution.values());
        assert!(
            trace.moves.iter().any(|m| m.guess) || trace.moves.iter().all(|m| m.digit.is_some())
        );
        guessed += usize::from(trace.moves.iter().any(|m| m.guess));
    }
    assert!(guessed > 10, "hard puzzles need decisions: {guessed} of 60 had one");

    // A 16x16 board: every row, column and box full at the end.
    let shape = Shape::new(4, 4).unwrap();
    let mut values = Grid::empty(shape).some_solution().unwrap().values().to_vec();
    for (i, v) in values.iter_mut().enumerate() {
        if i % 3 != 0 {
            *v = 0;
        }
    }
    let puzzle = Grid::from_values(shape, values).unwrap();
    let trace = solver.trace(&puzzle, usize::MAX);
    let solution = trace.solution.clone().unwrap();
    assert_solves(&puzzle, &solution);
    assert_eq!(replay(&puzzle, &trace), solution.values());
}

#[test]
fn a_trace_is_cut_at_its_cap_and_bounded_by_the_limits() {
    let puzzle = &load("hardest-1106.txt")[0];
    let full = Solver::new().trace(puzzle, usize::MAX);
    assert!(full.moves.len() > 100, "{}", full.moves.len());
    let cut = Solver::new().trace(puzzle, 100);
    assert!(cut.cut && cut.finished);
    assert_eq!(cut.moves[..], full.moves[..100], "the cap keeps the first moves");
    assert_eq!(cut.solution, full.solution);
    // A node budget of 1 ends the search early, without a solution.
    let short = Solver::with_limits(Limits::nodes(1)).trace(puzzle, usize::MAX);
    assert!(!short.finished && short.solution.is_none());
    // A puzzle with no solution: the search ends, every placement undone.
    let mut values = vec![0u8; 81];
    values[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
    values[9 * 4 + 8] = 9; // r5c9 = 9 leaves no digit for r1c9
    let none = Grid::from_values(Shape::CLASSIC, values).unwrap();
    let trace = Solver::new().trace(&none, usize::MAX);
    assert!(trace.finished && trace.solution.is_none());
    assert_eq!(replay(&none, &trace), none.values(), "a failed search ends where it began");
}
