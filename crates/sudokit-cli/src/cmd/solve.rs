//! `sudokit solve`: the unique solution of each puzzle, or why there is none.

use anyhow::Result;
use serde::Serialize;
use sudokit::format::Record;
use sudokit::solve::{Solution, Solver};

use crate::args::{OutFormat, SolveArgs};
use crate::batch::{self, Outcome, Status};
use crate::output::{self, ClashJson};

#[derive(Serialize)]
struct SolveJson {
    line: usize,
    shape: String,
    puzzle: String,
    clues: usize,
    status: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    clashes: Vec<ClashJson>,
}

pub fn run(args: SolveArgs) -> Result<Status> {
    let format = args.format;
    let limits = args.search.limits()?;
    let gave_up = args.search.describe();
    let json = format == OutFormat::Json;
    batch::run_limited_to(&args.input, args.run, limits, json, |solver, rec, out| {
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
    let answer = match &rec.candidates {
        Some(state) => solver.solve_candidates(state),
        None => solver.solve(&rec.grid),
    };
    let shape = rec.grid.shape();
    let (status, solution, error, clashes) = match answer {
        Solution::Unique(sol) => ("unique", Some(sol), None, Vec::new()),
        Solution::None => ("none", None, Some("no solution".to_string()), Vec::new()),
        Solution::Several(..) => {
            ("several", None, Some("several solutions".to_string()), Vec::new())
        }
        Solution::Clashing(c) => {
            let text: Vec<String> = c.iter().map(|c| c.describe(shape)).collect();
            let json = c.iter().map(|c| ClashJson::new(c, shape)).collect();
            ("clashing", None, Some(format!("givens clash: {}", text.join("; "))), json)
        }
        _ => ("unknown", None, Some(gave_up.to_string()), Vec::new()),
    };
    let message = error.as_ref().map(|e| format!("line {}: {e}", rec.line));
    let item_status = if solution.is_some() { Status::Ok } else { Status::Answer };
    match format.text_format(rec.format) {
        None => out.push_str(&output::json_line(&SolveJson {
            line: rec.line,
            shape: shape.to_string(),
            puzzle: match &rec.candidates {
                Some(state) => output::state_line(state),
                None => output::line(&rec.grid),
            },
            clues: rec.grid.clue_count(),
            status,
            solution: solution.as_ref().map(output::line),
            error,
            clashes,
        })),
        Some(text_format) => match &solution {
            Some(sol) => output::push_text(out, sol, text_format),
            None => {
                out.push_str("error: ");
                out.push_str(error.as_deref().unwrap_or("no solution"));
                out.push('\n');
            }
        },
    }
    Outcome { message, status: item_status }
}
