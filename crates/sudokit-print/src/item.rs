//! [`PrintItem`]: one puzzle to print, with what the caption says about it.
//!
//! The type is plain data so every producer (the CLI's `print` and
//! `generate`, the HTTP service) can build it without knowing the layout.

use sudokit::{Candidates, Grid};

/// One puzzle to print.
///
/// Only `puzzle` and `number` are required; every other field is printed when
/// present: the caption under the grid reads like
/// `No. 12 · hard · rating 4.4 · seed 42`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintItem {
    /// The givens.
    pub puzzle: Grid,
    /// The solution, printed on the solution pages. When solutions are asked
    /// for and this is `None`, the engine solves the puzzle.
    pub solution: Option<Grid>,
    /// A pencil-mark state: empty cells of `puzzle` show these candidates as
    /// small symbols.
    pub candidates: Option<Candidates>,
    /// The puzzle's number in the book (shown as `No. n`).
    pub number: u64,
    /// A difficulty level, e.g. `hard`.
    pub level: Option<String>,
    /// A rating, e.g. `4.4`.
    pub rating: Option<String>,
    /// The seed the puzzle was generated from.
    pub seed: Option<u64>,
}

impl PrintItem {
    /// An item with just the puzzle and its number.
    pub fn new(puzzle: Grid, number: u64) -> PrintItem {
        PrintItem {
            puzzle,
            solution: None,
            candidates: None,
            number,
            level: None,
            rating: None,
            seed: None,
        }
    }

    /// The caption under the puzzle grid.
    pub(crate) fn caption(&self) -> String {
        let mut parts = vec![format!("No. {}", self.number)];
        if let Some(level) = self.level.as_deref().map(str::trim).filter(|l| !l.is_empty()) {
            parts.push(level.to_string());
        }
        if let Some(rating) = self.rating.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
            parts.push(format!("rating {rating}"));
        }
        if let Some(seed) = self.seed {
            parts.push(format!("seed {seed}"));
        }
        parts.join("  \u{b7}  ")
    }
}
