/*!
sudokit: a Sudoku engine for every box shape from 1x1 to 8x8 (boards up to 64x64).

# Overview
- [`Shape`]: boxes of `r x c`, the board side `N = r * c`.
- [`Rules`]: a board as data, its shape and its houses (rows, columns,
  boxes or irregular regions, diagonals, windows, ...) and cells that must
  differ, with house and peer tables ([`Layout`]).
- [`Grid`]: the values of a board under its rules; [`Grid::clashes`]
  reports every broken rule as a [`Clash`] (house, digit, cells).
- [`Candidates`]: a pencil-mark state.
- [`Deadline`]: when work must stop (an instant, an interrupt flag, or
  both); every long search of the engine takes one.
- [`format`](mod@format): read and write the text formats (line, tokens, grid, sdk, ss,
  pencilmarks), with errors that name the line, row, column and character.
- [`solve`]: exact solving for every shape: count solutions up to a limit,
  the unique solution or why there is none, and enumeration; 9x9 takes a
  fast band-based path automatically.
- [`generate`]: full grids by five construction methods, and puzzles with
  exactly one solution: minimal or to a clue target, with clue symmetry, for
  every shape, reproducible from a seed and an index.
- [`logic`]: the logical solver (human techniques with explained steps),
  hints and the Sudoku Explainer difficulty rating.
- [`transform`]: validity-preserving transformations (composable, named),
  random equivalents, canonical forms (minlex) and automorphism counts.
- `wire` (feature `serde`): the records the command line, the HTTP service
  and the web page exchange (answers, steps, ratings, errors), built from
  the values above.
*/

// Every public item is documented: the library is the contract that the CLI,
// the service and the web page build on.
#![deny(missing_docs)]
// Every public type can be printed in a test failure or a log line.
#![warn(missing_debug_implementations)]
#![deny(unsafe_code)]

mod candidates;
pub mod constraint;
mod deadline;
mod digit;
pub mod format;
pub mod generate;
mod grid;
pub mod logic;
mod named;
mod range_text;
mod rules;
mod shape;
pub mod solve;
#[cfg(test)]
mod test_corpus;
pub mod transform;
pub mod variant;
#[cfg(feature = "serde")]
pub mod wire;

pub use candidates::Candidates;
pub use deadline::Deadline;
pub use digit::Digit;
pub use grid::{Clash, Grid, GridError};
pub use rules::{Rules, RulesError};
pub use shape::{Cell, CellName, House, HouseKind, Layout, MAX_SIZE, Shape, ShapeError};

// The README's Rust example is compiled and run as a doctest, so it cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
