//! [`Error`] (what went wrong and where) and [`ErrorAnswer`] (the record
//! a face writes in place of an answer).
//!
//! `code` is a stable machine name (`invalid_puzzle`, `budget_exceeded`,
//! ...); `message` says what is wrong and where, for a person; `line` and
//! `cell` say where when that is known, so a page can point at the cell.

use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;

use super::CellRef;
use crate::format::ReadError;

/// What went wrong, and where in the puzzle when that is known.
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct Error {
    /// A stable machine-readable code, e.g. `invalid_puzzle`, `busy`.
    pub code: String,
    /// A sentence for a person, naming what is wrong and where.
    pub message: String,
    /// The 1-based line of the puzzle text at fault.
    pub line: Option<usize>,
    /// The cell at fault.
    pub cell: Option<CellRef>,
}

impl Error {
    /// An error with `code` and `message`, at no particular place.
    pub fn new(code: impl Into<String>, message: impl Into<String>) -> Error {
        Error { code: code.into(), message: message.into(), line: None, cell: None }
    }

    /// The error `code` for puzzle text that could not be read, with the
    /// line and cell the reader names.
    pub fn read(code: impl Into<String>, err: &ReadError) -> Error {
        let mut e = Error::new(code, err.to_string());
        if let Some(p) = err.parse_error() {
            e.line = (p.line() > 0).then_some(p.line());
            e.cell = p.cell().map(|(row, col)| CellRef { row, col });
        }
        e
    }
}

/// The record written in place of an answer: `{"error": {...}}`, with the
/// item it belongs to when there is one.
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct ErrorAnswer {
    /// The input line of the puzzle (command line only).
    pub line: Option<usize>,
    /// The index of the generated item that failed.
    pub index: Option<u64>,
    /// The seed of the generated item that failed.
    pub seed: Option<u64>,
    /// The puzzle in line format, when it was read.
    pub puzzle: Option<String>,
    /// What went wrong.
    pub error: Error,
}

impl From<Error> for ErrorAnswer {
    fn from(error: Error) -> ErrorAnswer {
        ErrorAnswer { line: None, index: None, seed: None, puzzle: None, error }
    }
}
