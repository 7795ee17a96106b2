//! The public corpus in `data/` for unit tests (the integration
//! tests have their own reader in `tests/util.rs`). A missing file panics,
//! so no test passes by skipping its data.

use crate::{Grid, Shape};

/// The 9x9 puzzles of a corpus file: the first 81 characters of every line
/// that is neither blank nor a `#` comment, digits as clues, anything else
/// as an empty cell.
pub(crate) fn classic(name: &str) -> Vec<Grid> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/").to_string() + name;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let v: Vec<u8> =
                l.bytes().take(81).map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
            Grid::from_values(Shape::CLASSIC, v).unwrap()
        })
        .collect()
}
