//! Solves one puzzle and prints its solution in line format.
//!
//! ```sh
//! cargo run -p sudokit --example solve -- '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
//! echo '...21...3..4....' | cargo run -p sudokit --example solve   # a 4x4 from stdin
//! ```
//!
//! The puzzle is one line (any text format `sudokit::format` reads: `.` or
//! `0` for blanks, any box shape). Exit status: 0 with the solution, 1 when
//! there is none or several, 2 when the text is not a puzzle.

use std::process::ExitCode;

mod common;

use sudokit::format;
use sudokit::solve::Solution;

fn main() -> ExitCode {
    let puzzle = match common::puzzle_from_args() {
        Ok(grid) => grid,
        Err(status) => return status,
    };
    match puzzle.solution() {
        Solution::Unique(solution) => {
            println!("{}", format::to_line(&solution));
            ExitCode::SUCCESS
        }
        Solution::None => {
            println!("no solution");
            ExitCode::from(1)
        }
        Solution::Several(a, b) => {
            println!("several solutions, e.g.\n{}\n{}", format::to_line(&a), format::to_line(&b));
            ExitCode::from(1)
        }
        Solution::Clashing(clashes) => {
            for clash in clashes {
                println!("clash: {clash}");
            }
            ExitCode::from(1)
        }
        // Out of budget cannot happen without limits; the enum may grow.
        other => {
            println!("no answer: {other:?}");
            ExitCode::from(1)
        }
    }
}
