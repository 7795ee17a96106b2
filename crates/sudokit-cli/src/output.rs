//! Output shapes shared by the commands: puzzle text and JSON records.
//!
//! JSON records are the engine's wire types (`sudokit::wire`), the ones
//! the HTTP service answers with, one object per line.

use serde::Serialize;
use sudokit::format::{self, Format};
use sudokit::{Candidates, Grid};

/// A puzzle in the compact one-line form (line format, or tokens for N > 35).
pub fn line(grid: &Grid) -> String {
    format::to_line(grid)
}

/// `grid` written in `format`, ending with a newline.
pub fn text(grid: &Grid, format: Format) -> String {
    let mut s = format::write(grid, format);
    if !s.ends_with('\n') {
        s.push('\n');
    }
    s
}

/// Appends `grid` written in `format` to `out`, ending with a newline (as
/// [`text`] gives it).
pub fn push_text(out: &mut String, grid: &Grid, format: Format) {
    let s = format::write(grid, format);
    out.push_str(&s);
    if !s.ends_with('\n') {
        out.push('\n');
    }
}

/// A pencil-mark state in one line: its decided cells (for JSON records).
pub fn state_line(state: &Candidates) -> String {
    line(&state.to_grid())
}

/// One JSON object followed by a newline.
pub fn json_line<T: Serialize>(value: &T) -> String {
    let mut s = serde_json::to_string(value).expect("plain structs serialize");
    s.push('\n');
    s
}
