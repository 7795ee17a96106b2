//! Explains the easiest next logical step of a puzzle: the technique, its
//! rating, a sentence, and the digits it places or the candidates it removes.
//!
//! ```sh
//! cargo run -p sudokit --example hint -- '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'
//! ```
//!
//! The puzzle comes as the first argument or on standard input (one line).

use std::process::ExitCode;

mod common;

use sudokit::logic::{LogicSolver, State};

fn main() -> ExitCode {
    let puzzle = match common::puzzle_from_args() {
        Ok(grid) => grid,
        Err(status) => return status,
    };
    let shape = puzzle.shape();
    match LogicSolver::new().next_step(&State::from_grid(&puzzle)) {
        Ok(Some(step)) => {
            println!("{} (rating {})", step.technique, step.difficulty);
            println!("{}", step.explanation);
            for (cell, digit) in &step.placements {
                println!("place {digit} in {}", cell.display(shape));
            }
            for (cell, digit) in &step.eliminations {
                println!("remove {digit} from {}", cell.display(shape));
            }
            ExitCode::SUCCESS
        }
        Ok(None) => {
            println!("already solved");
            ExitCode::SUCCESS
        }
        // No solution, several, clashing givens, or out of budget.
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
