//! `sudokit validate`: rules checks without solving.

use anyhow::Result;
use serde::Serialize;

use crate::args::{PlainOrJson, ValidateArgs};
use crate::batch::{self, Outcome, Status};
use crate::output::{self, ClashJson};

#[derive(Serialize)]
struct ValidateJson {
    line: usize,
    shape: String,
    puzzle: String,
    valid: bool,
    complete: bool,
    solved: bool,
    clashes: Vec<ClashJson>,
}

pub fn run(args: ValidateArgs) -> Result<Status> {
    let json = args.format == PlainOrJson::Json;
    batch::run_to(&args.input, args.run, json, |_, rec, out| {
        let grid = &rec.grid;
        let shape = grid.shape();
        let clashes = grid.clashes();
        let complete = grid.is_complete();
        let valid = clashes.is_empty();
        if json {
            out.push_str(&output::json_line(&ValidateJson {
                line: rec.line,
                shape: shape.to_string(),
                puzzle: output::line(grid),
                valid,
                complete,
                solved: valid && complete,
                clashes: clashes.iter().map(|c| ClashJson::new(c, shape)).collect(),
            }));
        } else if !valid {
            let text: Vec<String> = clashes.iter().map(|c| c.describe(shape)).collect();
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
