//! `sudokit count`: the number of solutions of each puzzle, up to a limit.

use anyhow::Result;
use serde::Serialize;

use sudokit::solve::Count;

use crate::args::{CountArgs, PlainOrJson};
use crate::batch::{self, Item, Status};
use crate::output;

#[derive(Serialize)]
struct CountJson {
    line: usize,
    shape: String,
    puzzle: String,
    count: usize,
    limit: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

pub fn run(args: CountArgs) -> Result<Status> {
    let limit = args.limit;
    let json = args.format == PlainOrJson::Json;
    let limits = args.search.limits()?;
    let gave_up = args.search.describe();
    batch::run_limited(&args.input, args.run, limits, json, |solver, rec| {
        let count = match &rec.candidates {
            Some(state) => solver.count_candidates(state, limit as usize),
            None => solver.count(&rec.grid, limit as usize),
        };
        let n = count.solutions();
        let error = match count {
            Count::Found(_) => None,
            _ => Some(format!("{gave_up} (at least {n} found)")),
        };
        let message = error.as_ref().map(|e| format!("line {}: {e}", rec.line));
        let out = if json {
            output::json_line(&CountJson {
                line: rec.line,
                shape: rec.grid.shape().to_string(),
                puzzle: output::line(&rec.grid),
                count: n,
                limit,
                error: error.clone(),
            })
        } else if let Some(e) = &error {
            format!("error: {e}\n")
        } else {
            // No formatting machinery and one allocation: this line is per
            // puzzle, next to a solve of about a microsecond.
            count_line(n)
        };
        let status = if n == 1 && error.is_none() { Status::Ok } else { Status::Answer };
        Item { out, message, status }
    })
}

/// `n` and a newline, in one allocation of the right size (counts are
/// almost always a single digit).
fn count_line(n: usize) -> String {
    if n < 10 {
        let mut line = String::with_capacity(2);
        line.push(char::from(b'0' + n as u8));
        line.push('\n');
        line
    } else {
        let mut line = n.to_string();
        line.push('\n');
        line
    }
}

#[cfg(test)]
mod tests {
    use super::count_line;

    #[test]
    fn count_lines_are_the_decimal_count_and_a_newline() {
        for n in [0, 1, 2, 9, 10, 11, 99, 1000, usize::MAX] {
            assert_eq!(count_line(n), format!("{n}\n"));
        }
    }
}
