//! The conversions from the engine's errors to the package's Python
//! exceptions (defined in `sudokit/errors.py`).
//!
//! Every exception derives from `SudokitError`; those caused by bad input
//! also derive from `ValueError`, so `except ValueError` code keeps
//! working. An exception carries the engine's message unchanged and, where
//! the engine knows it, where the problem is as attributes (`line`, `row`,
//! `col` of a `ParseError`; `clashes` of a `ClashError`; `index` of a
//! `GenerateError`), set to `None` when unknown.

use pyo3::prelude::*;
use pyo3::{PyErr, import_exception};
use sudokit::format::ReadError;
use sudokit::logic::LogicError;

use crate::board::PyClash;

// The classes are defined in Python (`sudokit/errors.py`), where an
// exception can have two bases (`InputError` is also a `ValueError`).
import_exception!(sudokit.errors, InputError);
import_exception!(sudokit.errors, ParseError);
import_exception!(sudokit.errors, ClashError);
import_exception!(sudokit.errors, UnsolvableError);
import_exception!(sudokit.errors, BudgetError);
import_exception!(sudokit.errors, StuckError);
import_exception!(sudokit.errors, GenerateError);

/// An `InputError` with `message`.
pub fn input(message: impl Into<String>) -> PyErr {
    InputError::new_err(message.into())
}

/// A `ParseError` for a puzzle that could not be read, with its position.
pub fn parse(e: &ReadError) -> PyErr {
    let err = ParseError::new_err(e.to_string());
    Python::with_gil(|py| {
        let value = err.value(py);
        let pe = e.parse_error();
        let _ = value.setattr("line", pe.map(|p| p.line()));
        let _ = value.setattr("row", pe.and_then(|p| p.row()));
        let _ = value.setattr("col", pe.and_then(|p| p.col()));
    });
    err
}

/// The exception for a logical-solver refusal.
pub fn logic(e: &LogicError, shape: sudokit::Shape) -> PyErr {
    match e {
        LogicError::Clashing(clashes) => clash(e.to_string(), clashes, shape),
        LogicError::NoSolution | LogicError::Several => UnsolvableError::new_err(e.to_string()),
        LogicError::Stuck { .. } => StuckError::new_err(e.to_string()),
        _ => BudgetError::new_err(e.to_string()),
    }
}

/// A `ClashError` carrying the clashes as `Clash` objects.
pub fn clash(message: String, clashes: &[sudokit::Clash], shape: sudokit::Shape) -> PyErr {
    let err = ClashError::new_err(message);
    Python::with_gil(|py| {
        let list: Vec<PyClash> = clashes.iter().map(|c| PyClash::new(c, shape)).collect();
        let _ = err.value(py).setattr("clashes", list);
    });
    err
}

/// A `GenerateError` for item `index`.
pub fn generate(message: String, index: Option<u64>) -> PyErr {
    let err = GenerateError::new_err(message);
    Python::with_gil(|py| {
        let _ = err.value(py).setattr("index", index);
    });
    err
}
