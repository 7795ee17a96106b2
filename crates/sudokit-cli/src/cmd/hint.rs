//! `sudokit hint`: the easiest next step of each puzzle or pencil-mark state.

use anyhow::Result;
use serde::Serialize;
use sudokit::logic::LogicSolver;

use super::logic::{self, StepJson};
use crate::args::{LogicArgs, PlainOrJson};
use crate::batch::{self, Item, Status};
use crate::output;

#[derive(Serialize)]
struct HintJson {
    line: usize,
    puzzle: String,
    solved: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<StepJson>,
}

pub fn run(args: LogicArgs) -> Result<Status> {
    let budget = logic::budget(&args)?;
    let json = args.format == PlainOrJson::Json;
    batch::run_each(&args.input, args.run, json, |_, rec| {
        let shape = rec.grid.shape();
        let mut solver = LogicSolver::with_budget(budget.clone());
        match solver.next_step(&logic::state_of(rec)) {
            Err(e) => logic::error_item(rec, &e, json),
            Ok(step) => {
                let out = if json {
                    output::json_line(&HintJson {
                        line: rec.line,
                        puzzle: logic::puzzle_line(rec),
                        solved: step.is_none(),
                        step: step.as_ref().map(|s| StepJson::new(s, shape)),
                    })
                } else {
                    match &step {
                        None => "solved: nothing left to do\n".to_string(),
                        Some(s) => {
                            let j = StepJson::new(s, shape);
                            let mut line = s.summary();
                            line.push_str(&format!(" [highlight: {}]", j.cells.join(" ")));
                            if !j.placements.is_empty() {
                                line.push_str(&format!(" [place: {}]", j.placements.join(" ")));
                            }
                            if !j.eliminations.is_empty() {
                                line.push_str(&format!(" [remove: {}]", j.eliminations.join(" ")));
                            }
                            line.push('\n');
                            line
                        }
                    }
                };
                Item { out, message: None, status: Status::Ok }
            }
        }
    })
}
