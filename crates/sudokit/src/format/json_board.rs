//! The JSON board formats and the one error type both report with
//! (feature `serde`).
//!
//! - [`JsonBoard`]: which format: the f-puzzles board or SudokuPad's own
//!   (`scl`).
//! - [`JsonBoardError`]: why a board could not be read or written: the
//!   format, and a [`JsonBoardErrorKind`] naming what is wrong and where
//!   (the field at fault as a path, `killercage[2].cells[1]`, indices from
//!   0; or the line and column of the JSON text).
//!
//! The readers share the kinds: text that does not decode, a field that
//! holds what the format does not allow, something sudokit does not
//! support, and constraints that do not fit the board. The message names
//! the format first, so a reader that hands a board to the other format's
//! reader still says which one refused it.

use std::fmt;

use crate::grid::Grid;
use crate::rules::RulesError;

/// A JSON board format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum JsonBoard {
    /// The board the f-puzzles editor exports and SudokuPad opens.
    Fpuzzles,
    /// SudokuPad's own board (`scl`, `ctc`).
    Sudokupad,
}

impl JsonBoard {
    /// The format's name as its users write it.
    pub fn name(self) -> &'static str {
        match self {
            JsonBoard::Fpuzzles => "f-puzzles",
            JsonBoard::Sudokupad => "SudokuPad",
        }
    }

    /// An error of this format.
    pub(crate) fn error(self, kind: JsonBoardErrorKind) -> JsonBoardError {
        JsonBoardError { board: self, kind }
    }

    /// [`JsonBoardErrorKind::Decode`].
    pub(crate) fn decode(self, reason: impl Into<String>) -> JsonBoardError {
        self.error(JsonBoardErrorKind::Decode { reason: reason.into() })
    }

    /// [`JsonBoardErrorKind::Field`].
    pub(crate) fn field(self, at: impl Into<String>, reason: impl Into<String>) -> JsonBoardError {
        self.error(JsonBoardErrorKind::Field { field: at.into(), reason: reason.into() })
    }

    /// [`JsonBoardErrorKind::Unsupported`].
    pub(crate) fn unsupported(
        self,
        at: impl Into<String>,
        note: impl Into<String>,
    ) -> JsonBoardError {
        self.error(JsonBoardErrorKind::Unsupported { field: at.into(), note: note.into() })
    }

    /// [`JsonBoardErrorKind::Rules`].
    pub(crate) fn rules(self, at: impl Into<String>, error: RulesError) -> JsonBoardError {
        self.error(JsonBoardErrorKind::Rules { field: at.into(), error })
    }

    /// What sudokit does not do with a refused part of a board, and what
    /// it reads from boards of this format.
    fn refusal(self) -> (&'static str, &'static str) {
        match self {
            JsonBoard::Fpuzzles => (
                "support this constraint",
                "givens, regions, diagonal+/-, antiknight, antiking, nonconsecutive, \
                 disjointgroups, extraregion, killercage, thermometer, difference, ratio, odd, \
                 even and negative kropki",
            ),
            JsonBoard::Sudokupad => (
                "read this",
                "givens, regions, cages, the flags of metaData, and the drawings of diagonals, \
                 thermometers, kropki dots and even/odd marks",
            ),
        }
    }
}

impl fmt::Display for JsonBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a JSON board could not be read or written: the format and what is
/// wrong ([`JsonBoardErrorKind`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonBoardError {
    board: JsonBoard,
    kind: JsonBoardErrorKind,
}

impl JsonBoardError {
    /// The format whose reader or writer refused the board.
    pub fn board(&self) -> JsonBoard {
        self.board
    }

    /// What is wrong.
    pub fn kind(&self) -> &JsonBoardErrorKind {
        &self.kind
    }

    /// The field at fault, as a path (`grid[2][4].value`), when one is.
    pub fn field(&self) -> Option<&str> {
        match &self.kind {
            JsonBoardErrorKind::Field { field, .. }
            | JsonBoardErrorKind::Unsupported { field, .. }
            | JsonBoardErrorKind::Rules { field, .. } => Some(field),
            JsonBoardErrorKind::Decode { .. }
            | JsonBoardErrorKind::Json { .. }
            | JsonBoardErrorKind::Unwritable { .. } => None,
        }
    }
}

/// What is wrong with a JSON board. Fields are named as paths into the
/// board's JSON (`killercage[2].cells[1]`, indices from 0).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum JsonBoardErrorKind {
    /// The text is not a board of the format, or does not decode.
    Decode {
        /// What is wrong with it.
        reason: String,
    },
    /// The JSON does not parse.
    Json {
        /// The line of the JSON text, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
        /// What the JSON reader found.
        reason: String,
    },
    /// A field holds what the format does not allow there.
    Field {
        /// The field, as a path: `grid[2][4].value`.
        field: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Something sudokit does not support: a constraint, a drawing, a
    /// flag, a cage kind.
    Unsupported {
        /// The field that holds it.
        field: String,
        /// Why, when there is more to say than "unsupported": a phrase
        /// that follows the refusal (` on a board with irregular
        /// regions`), or empty.
        note: String,
    },
    /// A constraint that does not fit the board: a cage sum out of reach,
    /// a thermometer that is not a path, a region that is not connected...
    Rules {
        /// The field that holds it.
        field: String,
        /// What the rules say is wrong.
        error: RulesError,
    },
    /// Rules the format cannot hold, met when writing a board.
    Unwritable {
        /// What cannot be written, and why.
        what: String,
    },
}

impl fmt::Display for JsonBoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.board.name();
        match &self.kind {
            JsonBoardErrorKind::Decode { reason } => {
                let article = if self.board == JsonBoard::Fpuzzles { "an" } else { "a" };
                write!(f, "not {article} {name} board: {reason}")
            }
            JsonBoardErrorKind::Json { line, column, reason } => {
                write!(f, "{name} JSON, line {line} column {column}: {reason}")
            }
            JsonBoardErrorKind::Field { field, reason } => write!(f, "{name} {field}: {reason}"),
            JsonBoardErrorKind::Unsupported { field, note } => {
                let (not_done, reads) = self.board.refusal();
                write!(f, "{name} {field}: sudokit does not {not_done}{note}; it reads {reads}")
            }
            JsonBoardErrorKind::Rules { field, error } => write!(f, "{name} {field}: {error}"),
            JsonBoardErrorKind::Unwritable { what } => {
                write!(f, "the {name} format cannot hold {what}")
            }
        }
    }
}

impl std::error::Error for JsonBoardError {}

/// Why `solution` is not a solution of `puzzle`, checked by the rules
/// alone (no solver): not a full grid of its board, a given of `puzzle`
/// changed, or a rule of `puzzle`'s broken. The reason names the first
/// cell at fault in reading order (and the rule it breaks); `None` when
/// `solution` is one. The solution's own rules do not count: its values
/// are read under `puzzle`'s.
pub(crate) fn solution_problem(puzzle: &Grid, solution: &Grid) -> Option<String> {
    let shape = puzzle.shape();
    let values = solution.values();
    if solution.shape() != shape || values.contains(&0) {
        return Some(format!("expected a full {0}x{0} grid", shape.size()));
    }
    let cell = |i: usize| crate::shape::Cell::from_index(i).display(shape);
    let given = puzzle.values().iter().zip(values).position(|(&p, &s)| p != 0 && p != s);
    if let Some(i) = given {
        let (p, s) = (puzzle.values()[i], values[i]);
        return Some(format!("{} holds {s} where the puzzle gives {p}", cell(i)));
    }
    let under = Grid::from_values_with(puzzle.rules().clone(), values.to_vec()).ok()?;
    let clashes = under.clashes().into_iter().map(|c| (c.cells.clone(), c.to_string()));
    let broken = under.broken().into_iter().map(|b| (b.cells.clone(), b.to_string()));
    let (i, rule) = clashes
        .chain(broken)
        .filter_map(|(cells, rule)| Some((cells.iter().map(|c| c.index()).min()?, rule)))
        .min_by_key(|&(i, _)| i)?;
    Some(format!("{} breaks the rules {}: {rule}", cell(i), puzzle.rules()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kind's message names the format and the place; the texts are
    /// the ones the CLI and the service show.
    #[test]
    fn messages_name_the_format_and_the_place() {
        let cases = [
            (
                JsonBoard::Fpuzzles.decode("the text is empty"),
                "not an f-puzzles board: the text is empty",
            ),
            (JsonBoard::Sudokupad.decode("cut short"), "not a SudokuPad board: cut short"),
            (
                JsonBoard::Fpuzzles.error(JsonBoardErrorKind::Json {
                    line: 1,
                    column: 9,
                    reason: "EOF".to_string(),
                }),
                "f-puzzles JSON, line 1 column 9: EOF",
            ),
            (
                JsonBoard::Sudokupad.field("cells[0][1].value", "expected 1 to 9, found 10"),
                "SudokuPad cells[0][1].value: expected 1 to 9, found 10",
            ),
            (
                JsonBoard::Fpuzzles.unsupported("arrow", ""),
                "f-puzzles arrow: sudokit does not support this constraint; it reads givens, \
                 regions, diagonal+/-, antiknight, antiking, nonconsecutive, disjointgroups, \
                 extraregion, killercage, thermometer, difference, ratio, odd, even and \
                 negative kropki",
            ),
            (
                JsonBoard::Sudokupad.unsupported("lines", " (a drawing)"),
                "SudokuPad lines: sudokit does not read this (a drawing); it reads givens, \
                 regions, cages, the flags of metaData, and the drawings of diagonals, \
                 thermometers, kropki dots and even/odd marks",
            ),
            (
                JsonBoard::Fpuzzles
                    .error(JsonBoardErrorKind::Unwritable { what: "arrows".to_string() }),
                "the f-puzzles format cannot hold arrows",
            ),
        ];
        for (error, text) in cases {
            assert_eq!(error.to_string(), text);
        }
    }

    #[test]
    fn field_names_the_path_at_fault() {
        let e = JsonBoard::Sudokupad.field("cages[2].cells[1]", "not a cell");
        assert_eq!((e.board(), e.field()), (JsonBoard::Sudokupad, Some("cages[2].cells[1]")));
        assert_eq!(JsonBoard::Fpuzzles.decode("empty").field(), None);
    }
}
