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
    parse_in("", e)
}

/// A `ParseError` for a puzzle that could not be read, with its position,
/// its message after `prefix` (`"item 3: "` for an item of a batch).
pub fn parse_in(prefix: &str, e: &ReadError) -> PyErr {
    let err = ParseError::new_err(format!("{prefix}{e}"));
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

/// The most solutions a count counts to, as the CLI's `--limit` and the
/// service take it.
pub const MAX_LIMIT: i128 = 1_000_000_000;

/// The largest side of a board (64x64).
pub const MAX_SIZE: i128 = 64;

/// The integer argument `name` as a `T`, when it lies in `lo..=hi`;
/// otherwise an `InputError` naming the argument and its range. The
/// arguments are taken from Python as `i128`, so a negative or too large
/// integer reaches this check instead of PyO3's unnamed `OverflowError`.
pub fn in_range<T: TryFrom<i128>>(name: &str, value: i128, lo: i128, hi: i128) -> PyResult<T> {
    match T::try_from(value) {
        Ok(v) if (lo..=hi).contains(&value) => Ok(v),
        _ => Err(input(format!(
            "{name}={value}: expected an integer from {} to {}",
            grouped(lo),
            grouped(hi)
        ))),
    }
}

/// `n` with its digits in groups of three (`1,000,000,000`).
fn grouped(n: i128) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    if n < 0 { format!("-{out}") } else { out }
}

/// The `limit` of a count: 1 to [`MAX_LIMIT`], as the CLI and the service.
pub fn limit(value: i128) -> PyResult<usize> {
    in_range("limit", value, 1, MAX_LIMIT)
}

/// A `seed`, `start` or `n` of the generator: 0 to 2^64-1.
pub fn index(name: &str, value: i128) -> PyResult<u64> {
    in_range(name, value, 0, u64::MAX.into())
}

/// A board's `size`: 1 to [`MAX_SIZE`] (the engine says which sides have
/// a box shape).
pub fn size(value: Option<i128>) -> PyResult<Option<usize>> {
    value.map(|v| in_range("size", v, 1, MAX_SIZE)).transpose()
}
