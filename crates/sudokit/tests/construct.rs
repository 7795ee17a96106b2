//! Construction records: replayed on an empty board, every step is legal by
//! the rules (a digit goes only where no row, column or box has it) and the
//! replay ends on the method's grid, which the independent checker accepts.
//! Clue removal records replay to their puzzle; every step put back had a
//! second solution (two grids the checker accepts), and the puzzle is
//! minimal for its symmetry.

use sudokit::Cell;
use sudokit::generate::{BuildStep, ConstructError, Method, Symmetry, construct, removal};
use sudokit::{Grid, Shape};

use crate::util::assert_solves;

/// Whether `digit` is free at `index` on `board` by the rules of `shape`.
fn free(shape: Shape, board: &[u8], index: usize, digit: u8) -> bool {
    let (r, c, n) = (shape.box_rows(), shape.box_cols(), shape.size());
    let (row, col) = (index / n, index % n);
    let (top, left) = (row / r * r, col / c * c);
    (0..n).all(|k| {
        board[row * n + k] != digit
            && board[k * n + col] != digit
            && board[(top + k / c) * n + left + k % c] != digit
    })
}

#[test]
fn every_method_replays_to_its_grid_by_legal_steps() {
    for (r, c) in [(2, 2), (2, 3), (3, 3), (3, 4)] {
        let shape = Shape::new(r, c).unwrap();
        let n = shape.size();
        for method in Method::ALL {
            for seed in 0..3 {
                let made = construct(shape, method, seed, usize::MAX).unwrap();
                assert!(!made.cut);
                let mut board = vec![0u8; n * n];
                for step in &made.steps {
                    match step {
                        BuildStep::Place { index, digit, .. } => {
                            assert_eq!(board[*index], 0, "{method} {shape}: a filled cell");
                            assert!(
                                free(shape, &board, *index, *digit),
                                "{method} {shape}: {step:?}"
                            );
                            board[*index] = *digit;
                        }
                        BuildStep::Clear { index } => {
                            assert_ne!(board[*index], 0, "{method} {shape}: an empty cell emptied");
                            board[*index] = 0;
                        }
                        BuildStep::Row { row, digits, .. } => {
                            board[row * n..(row + 1) * n].copy_from_slice(digits);
                        }
                        BuildStep::Restart => board.iter_mut().for_each(|v| *v = 0),
                        BuildStep::Transform { values } => {
                            let before = Grid::from_values(shape, board.clone()).unwrap();
                            assert_solves(&Grid::empty(shape), &before);
                            board.clone_from(values);
                        }
                        other => panic!("unknown step {other:?}"),
                    }
                }
                assert_eq!(board, made.grid.values(), "{method} {shape} seed {seed}");
                assert_solves(&Grid::empty(shape), &made.grid);
                let again = construct(shape, method, seed, usize::MAX).unwrap();
                assert_eq!(again, made, "{method} {shape}: the seed decides the record");
            }
        }
    }
}

#[test]
fn records_are_capped_and_bounded_in_size() {
    let full = construct(Shape::CLASSIC, Method::Rows, 1, usize::MAX).unwrap();
    let capped = construct(Shape::CLASSIC, Method::Rows, 1, 10).unwrap();
    assert!(capped.cut && capped.steps.len() == 10);
    assert_eq!((&capped.steps[..], &capped.grid), (&full.steps[..10], &full.grid));
    let e = construct(Shape::new(5, 5).unwrap(), Method::Shift, 1, 10).unwrap_err();
    assert_eq!(e, ConstructError::TooLarge { size: 25 });
    assert!(e.to_string().contains("16x16"), "{e}");
}

/// Two different solutions of `puzzle`, each accepted by the checker.
fn assert_two_solutions(puzzle: &Grid) {
    let found = puzzle.solutions_up_to(2);
    assert_eq!(found.len(), 2, "a second solution");
    assert_ne!(found[0], found[1]);
    for s in &found {
        assert_solves(puzzle, s);
    }
}

#[test]
fn clue_removal_replays_to_a_minimal_symmetric_puzzle() {
    for (r, c, symmetry) in [
        (2, 2, Symmetry::None),
        (2, 3, Symmetry::Rot180),
        (3, 3, Symmetry::Rot180),
        (3, 3, Symmetry::Full),
    ] {
        let shape = Shape::new(r, c).unwrap();
        let grid = construct(shape, Method::Backtrack, 5, 0).unwrap().grid;
        let carved = removal(&grid, symmetry, 5);
        assert_eq!(carved.steps.len(), symmetry.orbits(shape).len(), "every orbit once");
        let mut board = grid.clone();
        for step in &carved.steps {
            let mut trial = board.clone();
            for &i in &step.cells {
                assert_ne!(board.values()[i], 0, "{shape}: an orbit emptied twice");
                trial.set(Cell::from_index(i), None);
            }
            if step.unique {
                board = trial;
            } else {
                assert_two_solutions(&trial);
            }
        }
        assert_eq!(board, carved.puzzle, "{shape} {symmetry}");
        assert_solves(&carved.puzzle, &grid);
        assert_eq!(carved.puzzle.solutions_up_to(2), vec![grid.clone()], "{shape}: unique");
        let given: Vec<bool> = carved.puzzle.values().iter().map(|&v| v != 0).collect();
        assert!(symmetry.holds_for(shape, &given), "{shape} {symmetry}");
        for orbit in symmetry.orbits(shape) {
            if given[usize::from(orbit[0])] {
                let mut fewer = carved.puzzle.clone();
                orbit.iter().for_each(|&i| fewer.set(Cell::from_index(usize::from(i)), None));
                assert_two_solutions(&fewer);
            }
        }
        assert_eq!(removal(&grid, symmetry, 5), carved, "the seed decides the order");
    }
}
