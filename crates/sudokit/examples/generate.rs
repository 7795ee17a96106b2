//! Generates one 9x9 puzzle of a difficulty level, reproducibly from a seed,
//! and prints it with its solution and Sudoku Explainer rating.
//!
//! ```sh
//! cargo run --release -p sudokit --example generate -- 42 medium
//! ```
//!
//! Arguments: the seed (default 1) and a rating target (default `easy`): a
//! level (`easy` to `diabolical`, see `docs/levels.md`) or a range of ratings
//! such as `3.0-4.5`. The same seed and target give the same puzzle on every
//! machine.

use std::process::ExitCode;

use sudokit::generate::{Generator, Options};
use sudokit::logic::RatingRange;
use sudokit::{Shape, format};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let seed: u64 = match args.next().map(|s| s.parse()) {
        None => 1,
        Some(Ok(seed)) => seed,
        Some(Err(e)) => {
            eprintln!("error: the seed must be a whole number: {e}");
            return ExitCode::from(2);
        }
    };
    let target: RatingRange = match args.next().unwrap_or_else(|| "easy".to_string()).parse() {
        Ok(range) => range,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let options = Options::new(Shape::CLASSIC).rating(Some(target));
    let generator = match Generator::new(options, seed) {
        Ok(generator) => generator,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    // Index 0 of the seed's stream; other indices give other puzzles.
    match generator.puzzle(0) {
        Ok(made) => {
            println!("puzzle   {}", format::to_line(&made.puzzle));
            println!("solution {}", format::to_line(&made.solution));
            println!("clues    {}", made.clues());
            if let Some(rating) = made.rating {
                let hardest = rating.hardest.map_or("-", |t| t.name());
                println!("rating   {} ({}, hardest: {hardest})", rating.er, rating.level);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
