//! What the one-puzzle examples share: where the puzzle comes from.

use std::io::Read;
use std::process::ExitCode;

use sudokit::{Grid, format};

/// The puzzle of the first argument, or of standard input when there is
/// none (one puzzle in any text format `sudokit::format` reads); without a
/// puzzle, the error is printed and the exit status to end with is 2.
pub fn puzzle_from_args() -> Result<Grid, ExitCode> {
    read_puzzle().map_err(|e| {
        eprintln!("error: {e}");
        ExitCode::from(2)
    })
}

/// The puzzle, or a message saying why there is none.
fn read_puzzle() -> Result<Grid, String> {
    let text = match std::env::args().nth(1) {
        Some(arg) => arg,
        None => {
            let mut input = String::new();
            std::io::stdin()
                .read_to_string(&mut input)
                .map_err(|e| format!("cannot read standard input: {e}"))?;
            input
        }
    };
    format::parse_grid(text.trim()).map_err(|e| e.to_string())
}
