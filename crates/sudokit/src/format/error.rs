/*!
Errors of the readers: [`ParseError`] (what is wrong and where) and
[`ReadError`] (a parse error or an I/O error).

A [`ParseError`] always knows the 1-based input line; where the problem is in
a cell it also knows the 1-based board row and column, so a user interface can
point at the cell. Its message always starts with the line, e.g.
`line 12, row 3, column 7: unexpected character 'x'`.
*/

use std::fmt;
use std::io;

use crate::shape::Shape;

/// The longest token kept in an error, in characters; longer ones are cut.
const MAX_TOKEN_CHARS: usize = 32;

/// What is wrong with the input (see [`ParseError`] for where).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A character that is neither a symbol nor a separator here.
    UnexpectedChar(char),
    /// A token that is not a decimal integer (cut to 32 characters).
    BadToken(String),
    /// A symbol or token whose value is larger than the board side.
    SymbolTooLarge {
        /// The character, for one-character formats; `None` for tokens.
        ch: Option<char>,
        /// The value it stands for (saturated for absurdly long tokens).
        value: usize,
        /// The board side `N`.
        size: usize,
    },
    /// A cell count that is not the square of a supported board side, when
    /// the shape is inferred from the count.
    NotASquare {
        /// The number of cells found.
        cells: usize,
        /// The largest board side this form can hold (35 or 64).
        max_size: usize,
    },
    /// A cell count that does not match the explicitly given shape.
    WrongCellCount {
        /// The shape's cell count.
        expected: usize,
        /// The number of cells found.
        found: usize,
        /// The shape.
        shape: Shape,
    },
    /// A row with the wrong number of cells.
    WrongRowLength {
        /// The board side.
        expected: usize,
        /// The number of cells in the row.
        found: usize,
    },
    /// A board side this form cannot hold: more than 64, or more than 35
    /// where each cell is one character.
    UnsupportedSize {
        /// The board side found.
        size: usize,
        /// The largest side this form can hold.
        max_size: usize,
    },
    /// A board side with no default box shape (below 4, or prime), when
    /// the shape is inferred and not given.
    NoNaturalBox {
        /// The board side found.
        size: usize,
    },
    /// A first row whose side has no default box shape (below 4, or prime),
    /// with nothing to show a shape (none given, no box separators) and no
    /// second row: too short for a puzzle line, and a grid of that side
    /// needs its shape given.
    LoneRow {
        /// The number of cells in the row.
        size: usize,
    },
    /// A line longer than 1 MiB; the rest of the line was skipped.
    LineTooLong,
    /// A line with a NUL byte or invalid UTF-8.
    Binary,
    /// A block format ended before all `N` rows were read.
    Incomplete {
        /// The rows read.
        found: usize,
        /// The board side.
        expected: usize,
        /// Whether the input ended (otherwise a blank line or a new section
        /// cut the block short).
        end_of_input: bool,
    },
    /// The text holds no puzzle at all (only from [`parse`](super::parse)).
    NoPuzzle,
}

/// A problem in the input text, with where it is.
///
/// [`line`](ParseError::line) is always known; [`row`](ParseError::row) and
/// [`col`](ParseError::col) (both from 1) when the problem is in a cell or a
/// board row.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseError {
    line: usize,
    row: Option<usize>,
    col: Option<usize>,
    kind: ParseErrorKind,
}

impl ParseError {
    /// An error on input line `line` (from 1) with no cell position.
    pub(crate) fn new(line: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { line, row: None, col: None, kind }
    }

    /// An error in board row `row` (from 1), optionally at column `col`.
    pub(crate) fn at(line: usize, row: usize, col: Option<usize>, kind: ParseErrorKind) -> Self {
        ParseError { line, row: Some(row), col, kind }
    }

    /// An error at cell index `index` (row-major, from 0) of a board of side
    /// `n`.
    pub(crate) fn at_cell(line: usize, index: usize, n: usize, kind: ParseErrorKind) -> Self {
        let n = n.max(1);
        ParseError::at(line, index / n + 1, Some(index % n + 1), kind)
    }

    /// An error for a token that is not a number.
    pub(crate) fn bad_token(line: usize, row: usize, col: usize, token: &str) -> ParseError {
        let kept: String = token.chars().take(MAX_TOKEN_CHARS).collect();
        ParseError::at(line, row, Some(col), ParseErrorKind::BadToken(kept))
    }

    /// The input line, from 1 (0 only for [`ParseErrorKind::NoPuzzle`]).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The board row, from 1, when known.
    pub fn row(&self) -> Option<usize> {
        self.row
    }

    /// The board column, from 1, when known.
    pub fn col(&self) -> Option<usize> {
        self.col
    }

    /// The board row and column (both from 1) when both are known: the cell
    /// to highlight.
    pub fn cell(&self) -> Option<(usize, usize)> {
        Some((self.row?, self.col?))
    }

    /// The offending character, when the problem is one character.
    pub fn ch(&self) -> Option<char> {
        match self.kind {
            ParseErrorKind::UnexpectedChar(c) => Some(c),
            ParseErrorKind::SymbolTooLarge { ch, .. } => ch,
            _ => None,
        }
    }

    /// The offending token, when the problem is a token that is not a number.
    pub fn token(&self) -> Option<&str> {
        match &self.kind {
            ParseErrorKind::BadToken(t) => Some(t),
            _ => None,
        }
    }

    /// What is wrong.
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }
}

/// The board size `n` as `NxN`.
struct Board(usize);

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}x{0}", self.0)
    }
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseErrorKind::UnexpectedChar(c) => {
                write!(f, "unexpected character '{}'", c.escape_debug())
            }
            ParseErrorKind::BadToken(t) => write!(f, "'{}' is not a number", t.escape_debug()),
            ParseErrorKind::SymbolTooLarge { ch: Some(c), value, size } if !c.is_ascii_digit() => {
                write!(f, "symbol '{c}' ({value}) is larger than the board size {size}")
            }
            ParseErrorKind::SymbolTooLarge { ch: Some(c), size, .. } => {
                write!(f, "symbol '{c}' is larger than the board size {size}")
            }
            ParseErrorKind::SymbolTooLarge { ch: None, value, size } => {
                write!(f, "value {value} is larger than the board size {size}")
            }
            ParseErrorKind::NotASquare { cells, max_size } => {
                let most = max_size * max_size;
                if cells > &most {
                    return write!(
                        f,
                        "{cells} cells is more than the largest board here holds \
                         ({most} for {})",
                        Board(*max_size)
                    );
                }
                let n = cells.isqrt();
                write!(f, "{cells} cells is not a square board: expected ")?;
                if n >= 1 {
                    write!(f, "{} for {}", n * n, Board(n))?;
                }
                if n < *max_size {
                    let m = n + 1;
                    let or = if n >= 1 { " or " } else { "" };
                    write!(f, "{or}{} for {}", m * m, Board(m))?;
                }
                write!(f, " (or give the shape explicitly)")
            }
            ParseErrorKind::WrongCellCount { expected, found, shape } => {
                write!(f, "expected {expected} cells for {shape}, found {found}")
            }
            ParseErrorKind::WrongRowLength { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
            ParseErrorKind::UnsupportedSize { size, max_size } if *max_size < 64 => write!(
                f,
                "a {} board needs more than one character per cell \
                 (this format goes up to {}; use tokens)",
                Board(*size),
                Board(*max_size)
            ),
            ParseErrorKind::UnsupportedSize { size, max_size } => write!(
                f,
                "board size {size} is not supported (the largest is {})",
                Board(*max_size)
            ),
            ParseErrorKind::NoNaturalBox { size } => crate::shape::no_natural_box(f, *size),
            ParseErrorKind::LoneRow { size } if *size < 4 => write!(
                f,
                "{size} cells is too short for a puzzle: a puzzle line has N*N cells (81 for \
                 9x9), and the smallest grid without a given box shape is 4x4"
            ),
            ParseErrorKind::LoneRow { size } => write!(
                f,
                "{size} cells is neither a puzzle line (N*N cells, 81 for 9x9) nor the first row \
                 of a grid with a default box shape ({size} is prime: give the box shape, \
                 1x{size} for boxes of one row)"
            ),
            ParseErrorKind::LineTooLong => write!(f, "line is longer than 1 MiB"),
            ParseErrorKind::Binary => write!(f, "line is not text (binary data)"),
            ParseErrorKind::Incomplete { found, expected, end_of_input: true } => {
                write!(f, "end of input after {found} of {expected} rows")
            }
            ParseErrorKind::Incomplete { found, expected, end_of_input: false } => {
                write!(f, "the puzzle ends after {found} of {expected} rows")
            }
            ParseErrorKind::NoPuzzle => write!(f, "no puzzle found"),
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ParseErrorKind::LineTooLong => {
                return write!(f, "line {} is longer than 1 MiB", self.line);
            }
            ParseErrorKind::Binary => {
                return write!(f, "line {} is not text (binary data)", self.line);
            }
            ParseErrorKind::NoPuzzle => return write!(f, "{}", self.kind),
            _ => {}
        }
        write!(f, "line {}", self.line)?;
        if let Some(row) = self.row {
            write!(f, ", row {row}")?;
        }
        if let Some(col) = self.col {
            write!(f, ", column {col}")?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl std::error::Error for ParseError {}

/// An error from a [`Reader`](super::Reader): the input could not be read, or
/// a puzzle in it could not be parsed.
///
/// After a [`ReadError::Parse`] the reader goes on with the next puzzle;
/// after a [`ReadError::Io`] it stops.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadError {
    /// Reading the input failed.
    Io(io::Error),
    /// A puzzle could not be parsed.
    Parse(ParseError),
}

impl ReadError {
    /// The parse error, if this is one.
    pub fn parse_error(&self) -> Option<&ParseError> {
        match self {
            ReadError::Parse(e) => Some(e),
            ReadError::Io(_) => None,
        }
    }

    /// The input line of a parse error.
    pub fn line(&self) -> Option<usize> {
        self.parse_error().map(ParseError::line)
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The inner message is part of this one, so `source` stays `None`
        // and an error chain does not print it twice.
        match self {
            ReadError::Io(e) => write!(f, "read error: {e}"),
            ReadError::Parse(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<ParseError> for ReadError {
    fn from(e: ParseError) -> ReadError {
        ReadError::Parse(e)
    }
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> ReadError {
        ReadError::Io(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_line_then_the_cell() {
        let e = ParseError::at(12, 3, Some(7), ParseErrorKind::UnexpectedChar('x'));
        assert_eq!(e.to_string(), "line 12, row 3, column 7: unexpected character 'x'");
        assert_eq!(e.cell(), Some((3, 7)));
        assert_eq!(e.ch(), Some('x'));
        let e = ParseError::new(4, ParseErrorKind::Binary);
        assert_eq!(e.to_string(), "line 4 is not text (binary data)");
        let e = ParseError::new(4, ParseErrorKind::LineTooLong);
        assert_eq!(e.to_string(), "line 4 is longer than 1 MiB");
    }

    #[test]
    fn size_messages_suggest_the_nearest_boards() {
        let k = ParseErrorKind::NotASquare { cells: 80, max_size: 35 };
        assert_eq!(
            k.to_string(),
            "80 cells is not a square board: expected 64 for 8x8 or 81 for 9x9 \
             (or give the shape explicitly)"
        );
        let k = ParseErrorKind::NotASquare { cells: 2, max_size: 35 };
        assert!(k.to_string().contains("expected 1 for 1x1 or 4 for 2x2"), "{k}");
        let k = ParseErrorKind::NotASquare { cells: 1300, max_size: 35 };
        assert!(k.to_string().contains("more than the largest board"), "{k}");
        let k = ParseErrorKind::SymbolTooLarge { ch: Some('A'), value: 10, size: 9 };
        assert_eq!(k.to_string(), "symbol 'A' (10) is larger than the board size 9");
        let k = ParseErrorKind::SymbolTooLarge { ch: Some('5'), value: 5, size: 4 };
        assert_eq!(k.to_string(), "symbol '5' is larger than the board size 4");
    }

    #[test]
    fn tokens_in_errors_are_cut_and_escaped() {
        let long = "x".repeat(1000);
        let e = ParseError::bad_token(1, 1, 1, &long);
        assert_eq!(e.token().map(str::len), Some(MAX_TOKEN_CHARS));
        let e = ParseError::at(1, 1, Some(1), ParseErrorKind::UnexpectedChar('\u{7}'));
        assert_eq!(e.to_string(), "line 1, row 1, column 1: unexpected character '\\u{7}'");
    }
}
