//! Construction records: replayed on an empty board, every step is legal by
//! the rules (a digit goes only where no row, column or box has it) and the
//! replay ends on the method's grid, which the independent checker accepts.

use sudokit::generate::{BuildStep, ConstructError, Method, construct};
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
