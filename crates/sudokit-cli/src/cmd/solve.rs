//! `sudokit solve`: the unique solution of each puzzle, or why there is none.

use anyhow::Result;
use sudokit::format::Record;
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
    let found = match &rec.candidates {
        Some(state) => solver.solve_candidates(state),
        None => solver.solve(&rec.grid),
    };
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
