//! `sudokit canon`: the canonical (minlex) form of each puzzle.

use anyhow::Result;
use serde::Serialize;
use sudokit::transform::canonical;

use crate::args::{CanonArgs, PlainOrJson};
use crate::batch::{self, Item, Status};
use crate::cmd::transform::error_item;
use crate::output;

#[derive(Serialize)]
struct CanonJson {
    line: usize,
    shape: String,
    puzzle: String,
    canon: String,
    automorphisms: String,
}

pub fn run(args: CanonArgs) -> Result<Status> {
    let json = args.format == PlainOrJson::Json;
    let with_count = args.automorphisms;
    batch::run(&args.input, args.run, json, |_, rec| match canonical(&rec.grid) {
        Ok(c) => {
            let canon = output::line(&c.form);
            let out = if json {
                output::json_line(&CanonJson {
                    line: rec.line,
                    shape: rec.grid.shape().to_string(),
                    puzzle: output::line(&rec.grid),
                    canon,
                    // A string: counts can exceed what JSON numbers hold exactly.
                    automorphisms: c.automorphisms.to_string(),
                })
            } else if with_count {
                format!("{canon} {}\n", c.automorphisms)
            } else {
                format!("{canon}\n")
            };
            Item { out, message: None, status: Status::Ok }
        }
        Err(e) => error_item(rec.line, &e.to_string(), json),
    })
}
