//! `sudokit solve`: the unique solution of each puzzle, or why there is none.
//!
//! With `--format fpuzzles` each answer is the puzzle's f-puzzles board with
//! the solution in its `solution` field, one board a line, and an `error:`
//! line for a puzzle without one solution, as in the text formats. With
//! `--format sudokupad` each answer is the puzzle's SudokuPad link with the
//! solution, likewise.

use anyhow::Result;
use sudokit::format::Record;
use sudokit::format::{to_fpuzzles, to_fpuzzles_solved, to_sudokupad_solved};
use sudokit::solve::{Solution, Solver};
use sudokit::wire::{SolveAnswer, Status as Found};

use crate::args::{OutFormat, SolveArgs};
use crate::batch::{self, Outcome, Status};
use crate::output;

pub fn run(args: SolveArgs) -> Result<Status> {
    let (input, run) = args.batch.resolve()?;
    let format = args.format;
    let limits = args.search.limits()?;
    let gave_up = args.search.describe();
    let json = format == OutFormat::Json;
    batch::run_limited_to(&input, run, limits, json, |solver, rec, out| {
        solve_one(solver, rec, format, &gave_up, out)
    })
}

fn solve_one(
    solver: &mut Solver,
    rec: &Record,
    format: OutFormat,
    gave_up: &str,
    out: &mut String,
) -> Outcome {
    if format == OutFormat::Fpuzzles {
        // Rules the board cannot be written with are named before any search.
        if let Err(e) = to_fpuzzles(&rec.grid) {
            return error_line(out, rec, e.to_string(), Status::Input);
        }
    }
    let found = match &rec.candidates {
        Some(state) => solver.solve_candidates(state),
        None => solver.solve(&rec.grid),
    };
    if format == OutFormat::Fpuzzles {
        let write = |sol: &_| to_fpuzzles_solved(&rec.grid, sol).map_err(|e| e.to_string());
        return board_one(rec, &found, gave_up, out, write);
    }
    if format == OutFormat::Sudokupad {
        let write = |sol: &_| to_sudokupad_solved(&rec.grid, sol).map_err(|e| e.to_string());
        return board_one(rec, &found, gave_up, out, write);
    }
    let text_format = format.text_format(rec.format);
    if let (Some(text_format), Solution::Unique(sol)) = (text_format, &found) {
        // The common case writes the solution alone, without a record.
        output::push_text(out, sol, text_format);
        return Outcome { message: None, status: Status::Ok };
    }
    let mut answer = SolveAnswer::new(&rec.grid, &found);
    if answer.status == Found::Unknown {
        answer.error = Some(gave_up.to_string());
    }
    let message = answer.error.as_ref().map(|e| format!("line {}: {e}", rec.line));
    let status = if answer.status == Found::Unique { Status::Ok } else { Status::Answer };
    if text_format.is_some() {
        out.push_str("error: ");
        out.push_str(answer.error.as_deref().unwrap_or("no solution"));
        out.push('\n');
    } else {
        answer.subject.line = Some(rec.line);
        out.push_str(&output::json_line(&answer));
    }
    Outcome { message, status }
}

/// The board of `rec` with its unique solution as `write` makes it
/// (f-puzzles JSON, a SudokuPad link), or an `error:` line saying why there
/// is none or why the board cannot be written.
fn board_one(
    rec: &Record,
    found: &Solution,
    gave_up: &str,
    out: &mut String,
    write: impl Fn(&sudokit::Grid) -> Result<String, String>,
) -> Outcome {
    let (text, status) = match found {
        Solution::Unique(sol) => match write(sol) {
            Ok(board) => {
                out.push_str(&board);
                out.push('\n');
                return Outcome { message: None, status: Status::Ok };
            }
            Err(e) => (e, Status::Input),
        },
        _ => {
            let answer = SolveAnswer::new(&rec.grid, found);
            let text = match answer.status {
                Found::Unknown => gave_up.to_string(),
                _ => answer.error.unwrap_or_else(|| "no solution".to_string()),
            };
            (text, Status::Answer)
        }
    };
    error_line(out, rec, text, status)
}

/// An `error:` line saying `text` for `rec`, with `status`.
fn error_line(out: &mut String, rec: &Record, text: String, status: Status) -> Outcome {
    out.push_str("error: ");
    out.push_str(&text);
    out.push('\n');
    Outcome { message: Some(format!("line {}: {text}", rec.line)), status }
}
