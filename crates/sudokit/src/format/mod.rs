/*!
Reading and writing puzzles as text.

# Overview
- [`Format`]: the text formats (`line`, `tokens`, `grid`, `sdk`, `ss`,
  `pencilmarks`).
- [`Reader`]: a streaming reader of [`Record`]s, configured by
  [`ReadOptions`] (format, shape); [`parse`] and [`parse_grid`] for a single
  puzzle in a string; [`batch`] for reading `line` input in blocks that
  other threads parse.
- [`write()`], [`to_line`], [`to_tokens_line`], [`write_candidates`]: the
  writers.
- `parse_fpuzzles`, `to_fpuzzles`, `to_fpuzzles_solved` (feature `serde`): the JSON board of
  the f-puzzles editor and SudokuPad, with its rules; `parse_sudokupad`: SudokuPad's own
  boards (`scl`), their data and the drawings whose look says the rule;
  `to_sudokupad`, `to_sudokupad_solved`: a SudokuPad link of a grid, `to_sudokupad_json` its
  board as JSON. Readers and writers report a `JsonBoardError` naming the format and the field
  at fault.
- [`sections`]: a file's `# rules:` lines and the killer lines below them,
  the rules of each puzzle line ([`Sections`], [`SectionError`]).
- [`ParseError`] (with [`ParseErrorKind`]) says what is wrong and where: the
  input line, and the board row, column and character when known.
  [`ReadError`] adds I/O errors.

# Symbols
For boards up to 35x35 ([`MAX_CHAR_SIZE`]) a cell is one character: `1`-`9`
then `A`-`Z` (10 to 35; lower case is accepted), and a blank is any of
`.` `0` `_` `-` `*`. Any board, up to 64x64, can be written as tokens:
whitespace-separated decimal integers with `0` for a blank. A symbol larger
than the board side is an error.

# Formats
- `line`: a whole puzzle on one line, `N*N` characters; anything after the
  first whitespace or `#` is the record's comment. Blank lines and lines
  starting with `#` are skipped. The shape is the given one or inferred from
  the length (81 is 9x9, 144 is 12x12 with 3x4 boxes). Boards larger than
  35x35 are written, and read, as one-line tokens.
- `tokens`: integers, a whole puzzle on one line (`N*N` tokens, optionally
  followed by a `#` comment) or `N` lines of `N` tokens. Without a given
  shape the first line decides per puzzle: a count `n*n` with `n >= 4` whose
  values all fit `n` is a whole puzzle; otherwise the count is the side `N`
  and `N` rows follow.
- `grid`: `N` rows of `N` cells, in any common layout: plain (`53..7....`),
  spaced, `|`, `!` or `:` between boxes, rule lines made of `- + = | ! : . *
  '` with at least one `-`, `+` or `=` (so a row of only `-` blanks reads as
  a rule). The first row gives `N`; the box shape is the given one, else the
  one the separators show (`|` every `c` cells, a rule every `r` rows), else
  the default for `N`. Rows of tokens are read too (they are how boards
  larger than 35x35 are written).
- `sdk` (SadMan Software): an optional `[Puzzle]` header, `#` metadata lines
  (kept as the comment), then plain rows. Any other `[Section]` ends the
  puzzle and is skipped up to the next `[Puzzle]`.
- `ss` (Simple Sudoku): rows like `..4|...|..7` with dash rules; read like
  `grid`.
- `pencilmarks`: `N` rows of `N` cells separated by whitespace, each cell the
  run of its candidates (one candidate: a solved cell); box separators and
  border lines are skipped. Every cell needs a candidate. Up to 35x35.

Block formats (all but `line` and one-line `tokens`) end a puzzle after `N`
rows. Blank lines separate puzzles (a blank line inside a puzzle is an
error: the puzzle ends early). `#` lines before a puzzle become its comment
(joined with `; `, at most 16 lines).

# Detection
Without a given format the reader decides once, from the first line that is
not blank, not a `#` comment and not a border line (up to 16 such lines,
then `line`), and keeps the format for the whole stream:
1. a line starting with `[` is `sdk`;
2. a first word (up to whitespace or `#`) of `n*n` symbols, `4 <= n <= 35`,
   none larger than `n`, is `line` (so `81 symbols  # hard` is `line`, while
   a 9-cell grid row or a 16x16 grid row using `G` is not); so is a word of
   more than 35 symbols, too long for a grid row (the line reader then
   reports its length); with the shape given, so is a word of exactly its
   cell count of blanks and its digits (a 1x3 board's 9 symbols, which
   would otherwise be a 9x9 grid row);
3. a line of integers only is `tokens` when the values fit the token count
   and some token has two or more digits or the count is `n*n` with
   `n >= 4`; otherwise it is `grid` (a spaced grid row like `5 3 0 0 7 0`);
4. a line of at least 4 cells (after removing `| ! :`) made only of symbols
   that fit that many cells, some cell with two or more, is `pencilmarks`;
5. a line with `|` and no inner whitespace is `ss`;
6. anything else is `grid`.

An explicit format always wins.

# Errors and streaming
The [`Reader`] holds one record's lines at a time. A line longer than 1 MiB
([`MAX_LINE`]) is an error (the rest of the line is skipped); a line with a
NUL byte or invalid UTF-8 is an error naming the line. After a parse error
the reader resynchronises and goes on; after an I/O error it stops.

Input that is not text at all ends the reading after a bounded read, with
an [`io::ErrorKind::InvalidData`](std::io::ErrorKind::InvalidData) error
naming the line: an overlong line whose first 1 MiB holds a NUL byte
(`/dev/zero`, most binary files), or a line with no end within 16 MiB
([`MAX_SKIPPED_LINE`]).

A board whose shape is inferred (no shape given) must have a natural box
shape: a side below 4 (a one-character line, say) or a prime side is an
error ([`ParseErrorKind::NoNaturalBox`]) unless the shape is given
(`1x5`, say). A lone first row of such a side with no box separators
(`abc`, `12345`) is [`ParseErrorKind::LoneRow`]: too short for a puzzle
line, and a grid of that side needs its shape.
*/

use std::fmt;
use std::str::FromStr;

use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::shape::Shape;

pub mod batch;
mod error;
#[cfg(feature = "serde")]
mod fpuzzles;
#[cfg(feature = "serde")]
mod json_board;
mod killer;
mod lines;
mod reader;
mod sections;
#[cfg(feature = "serde")]
mod sudokupad;
#[cfg(feature = "serde")]
mod sudokupad_marks;
#[cfg(feature = "serde")]
mod sudokupad_write;
mod symbol;
mod text;
mod write;

#[cfg(test)]
mod tests;

pub use error::{ParseError, ParseErrorKind, ReadError};
#[cfg(feature = "serde")]
pub use fpuzzles::{
    MAX_COMPRESSED, looks_like_fpuzzles, parse_fpuzzles, to_fpuzzles, to_fpuzzles_solved,
};
#[cfg(feature = "serde")]
pub use json_board::{JsonBoard, JsonBoardError, JsonBoardErrorKind};
pub use killer::{KillerError, parse_killer, to_killer};
pub use reader::{MAX_LINE, MAX_SKIPPED_LINE, Reader};
pub use sections::{RULES_LINE, SectionError, SectionErrorKind, Sections, rules_line, sections};
#[cfg(feature = "serde")]
pub use sudokupad::{looks_like_sudokupad, parse_sudokupad};
#[cfg(feature = "serde")]
pub use sudokupad_write::{SUDOKUPAD_URL, to_sudokupad, to_sudokupad_json, to_sudokupad_solved};
pub use symbol::{MAX_CHAR_SIZE, symbol_char};
pub use write::{to_line, to_tokens_line, write, write_candidates};

/// A text format for puzzles.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Format {
    /// One puzzle per line, one character per cell; the batch format.
    Line,
    /// Whitespace-separated integers, `0` for blanks; any size.
    Tokens,
    /// `N` rows of `N` cells with optional box separators.
    Grid,
    /// SadMan Software Sudoku: `[Puzzle]`, `#` metadata, plain rows.
    Sdk,
    /// Simple Sudoku: rows like `..4|...|..7` with dash rules.
    Ss,
    /// A candidate grid: each cell the run of its candidates.
    Pencilmarks,
}

crate::named::named_enum!(Format {
    Line => "line",
    Tokens => "tokens",
    Grid => "grid",
    Sdk => "sdk",
    Ss => "ss",
    Pencilmarks => "pencilmarks",
});

/// A format name that [`Format::from_str`] does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownFormat(pub String);

impl fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        write!(
            f,
            "unknown format '{}' (expected one of {})",
            self.0.escape_debug(),
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownFormat {}

impl FromStr for Format {
    type Err = UnknownFormat;

    /// Parses a format name, ignoring case: `line`, `tokens`, `grid`, `sdk`,
    /// `ss`, `pencilmarks` (also `pm`).
    fn from_str(s: &str) -> Result<Format, UnknownFormat> {
        if s.trim().eq_ignore_ascii_case("pm") {
            return Ok(Format::Pencilmarks);
        }
        Format::from_name(s).ok_or_else(|| UnknownFormat(s.to_string()))
    }
}

/// How to read: the format and the shape, each detected when `None`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[non_exhaustive]
pub struct ReadOptions {
    /// The format; `None` detects it from the first lines.
    pub format: Option<Format>,
    /// The box shape; `None` infers it from each puzzle (its cell count, its
    /// row length, its box separators).
    pub shape: Option<Shape>,
}

impl ReadOptions {
    /// Options that detect both the format and the shape.
    pub fn new() -> ReadOptions {
        ReadOptions::default()
    }

    /// These options with the format fixed (`None`: detected).
    pub fn with_format(self, format: impl Into<Option<Format>>) -> ReadOptions {
        ReadOptions { format: format.into(), ..self }
    }

    /// These options with the shape fixed (`None`: inferred).
    pub fn with_shape(self, shape: impl Into<Option<Shape>>) -> ReadOptions {
        ReadOptions { shape: shape.into(), ..self }
    }
}

/// One puzzle read from the input.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub struct Record {
    /// The input line where the puzzle starts (its first row), from 1.
    pub line: usize,
    /// The format it was read as.
    pub format: Format,
    /// The puzzle; for pencil-mark input, the cells with one candidate.
    pub grid: Grid,
    /// The candidates, for pencil-mark input only.
    pub candidates: Option<Candidates>,
    /// The comment: the rest of the line in `line` format, `#` lines before
    /// a block; trimmed, without the `#`.
    pub comment: Option<String>,
}

/// Reads the first puzzle of `text` (later ones are ignored).
///
/// Text without any puzzle is an error of kind [`ParseErrorKind::NoPuzzle`].
///
/// ```
/// use sudokit::format::{parse, ReadOptions};
///
/// let record = parse("12.4\n..1.\n.1..\n4..1\n", ReadOptions::default()).unwrap();
/// assert_eq!(record.grid.values()[..4], [1, 2, 0, 4]);
/// ```
pub fn parse(text: &str, options: ReadOptions) -> Result<Record, ReadError> {
    match Reader::new(text.as_bytes(), options).next() {
        Some(result) => result,
        None => Err(ReadError::Parse(ParseError::new(0, ParseErrorKind::NoPuzzle))),
    }
}

/// Reads the first puzzle of `text` with the format and shape detected.
pub fn parse_grid(text: &str) -> Result<Grid, ParseError> {
    match parse(text, ReadOptions::default()) {
        Ok(record) => Ok(record.grid),
        Err(ReadError::Parse(e)) => Err(e),
        // Reading from a string cannot fail; should it ever, the text holds
        // no puzzle that could be read.
        Err(ReadError::Io(_)) => Err(ParseError::new(0, ParseErrorKind::NoPuzzle)),
    }
}

/// A grid from the first puzzle of a text, with the format and shape
/// detected: [`parse_grid`].
///
/// ```
/// use sudokit::Grid;
///
/// let grid: Grid = "12.4..1..1..4..1".parse().unwrap();
/// assert_eq!(grid.shape().size(), 4);
/// assert_eq!(grid.clue_count(), 7);
/// ```
impl FromStr for Grid {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Grid, ParseError> {
        parse_grid(text)
    }
}
