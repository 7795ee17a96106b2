//! `sudokit count`: the number of solutions of each puzzle, up to a limit.

use anyhow::Result;
use sudokit::solve::Count;
use sudokit::wire::CountAnswer;

use crate::args::{CountArgs, PlainOrJson};
use crate::batch::{self, Outcome, Status};
use crate::output;

pub fn run(args: CountArgs) -> Result<Status> {
    let (input, run) = args.batch.resolve()?;
    let limit = args.limit;
    let json = args.format == PlainOrJson::Json;
    let limits = args.search.limits()?;
    let gave_up = args.search.describe();
    batch::run_limited_to(&input, run, limits, json, |solver, rec, out| {
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
        if json {
            let mut answer = CountAnswer::new(&rec.grid, n, limit as usize);
            answer.subject.line = Some(rec.line);
            answer.error = error.clone();
            out.push_str(&output::json_line(&answer));
        } else if let Some(e) = &error {
            out.push_str("error: ");
            out.push_str(e);
            out.push('\n');
        } else {
            // No formatting machinery, no allocation: this line is per
            // puzzle, next to a solve of about a microsecond.
            push_count_line(out, n);
        }
        let status = if n == 1 && error.is_none() { Status::Ok } else { Status::Answer };
        Outcome { message, status }
    })
}

/// Appends `n` and a newline to `out` (counts are almost always a single
/// digit).
fn push_count_line(out: &mut String, n: usize) {
    if n < 10 {
        out.push(char::from(b'0' + n as u8));
    } else {
        out.push_str(&n.to_string());
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::push_count_line;

    #[test]
    fn count_lines_are_the_decimal_count_and_a_newline() {
        let mut out = String::from("x\n");
        let mut expected = out.clone();
        for n in [0, 1, 2, 9, 10, 11, 99, 1000, usize::MAX] {
            push_count_line(&mut out, n);
            expected.push_str(&format!("{n}\n"));
        }
        assert_eq!(out, expected);
    }
}
