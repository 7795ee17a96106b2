//! `sudokit validate`: rules checks without solving.

use anyhow::Result;
use sudokit::wire::ValidateAnswer;

use crate::args::{PlainOrJson, ValidateArgs};
use crate::batch::{self, Outcome, Status};
use crate::output;

pub fn run(args: ValidateArgs) -> Result<Status> {
    let (input, run) = args.batch.resolve()?;
    let json = args.format == PlainOrJson::Json;
    batch::run_to(&input, run, json, |_, rec, out| {
        let grid = &rec.grid;
        if json {
            let mut answer = ValidateAnswer::new(grid);
            answer.subject.line = Some(rec.line);
            out.push_str(&output::json_line(&answer));
            let status = if answer.valid { Status::Ok } else { Status::Answer };
            return Outcome { message: None, status };
        }
        let clashes = grid.clashes();
        let broken = grid.broken();
        let complete = grid.is_complete();
        let valid = clashes.is_empty() && broken.is_empty();
        if !valid {
            let text: Vec<String> = clashes
                .iter()
                .map(ToString::to_string)
                .chain(broken.iter().map(ToString::to_string))
                .collect();
            out.push_str("invalid: ");
            out.push_str(&text.join("; "));
            out.push('\n');
        } else if complete {
            out.push_str("solved\n");
        } else {
            out.push_str("valid\n");
        }
        Outcome { message: None, status: if valid { Status::Ok } else { Status::Answer } }
    })
}
