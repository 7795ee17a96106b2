//! `sudokit canon`: the canonical (minlex) form of each puzzle.

use anyhow::Result;
use sudokit::transform::canonical;
use sudokit::wire::CanonAnswer;

use crate::args::{CanonArgs, PlainOrJson};
use crate::batch::{self, Item, Status};
use crate::cmd::transform::error_item;
use crate::output;

pub fn run(args: CanonArgs) -> Result<Status> {
    let json = args.format == PlainOrJson::Json;
    let with_count = args.automorphisms;
    batch::run(&args.input, args.run, json, |_, rec| match canonical(&rec.grid) {
        Ok(c) => {
            let out = if json {
                let mut answer = CanonAnswer::new(&rec.grid, &c);
                answer.subject.line = Some(rec.line);
                output::json_line(&answer)
            } else if with_count {
                let canon = output::line(&c.form);
                format!("{canon} {}\n", c.automorphisms)
            } else {
                format!("{}\n", output::line(&c.form))
            };
            Item { out, message: None, status: Status::Ok }
        }
        Err(e) => error_item(rec.line, &e.to_string(), json),
    })
}
