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

use std::io::Read;
use std::process::ExitCode;

use sudokit::format;
use sudokit::solve::Solution;

fn main() -> ExitCode {
    let text = match std::env::args().nth(1) {
        Some(arg) => arg,
        None => {
            let mut input = String::new();
            if let Err(e) = std::io::stdin().read_to_string(&mut input) {
                eprintln!("error: cannot read standard input: {e}");
                return ExitCode::from(2);
            }
            input
        }
    };
    let puzzle = match format::parse_grid(text.trim()) {
        Ok(grid) => grid,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
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
                println!("clash: {}", clash.describe(puzzle.shape()));
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
