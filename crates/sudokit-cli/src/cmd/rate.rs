//! `sudokit rate`: the Sudoku Explainer style rating of each puzzle.

use anyhow::Result;
use sudokit::logic::LogicSolver;
use sudokit::wire::RateAnswer;

use super::logic;
use crate::args::{LogicArgs, PlainOrJson};
use crate::batch::{self, Item, Status};
use crate::output;

pub fn run(mut args: LogicArgs) -> Result<Status> {
    args.input.variant = args.variant.resolve()?;
    let budget = logic::budget(&args)?;
    let json = args.format == PlainOrJson::Json;
    batch::run_each(&args.input, args.run, json, |_, rec| {
        let mut solver = LogicSolver::with_budget(budget.clone());
        let puzzle = logic::puzzle_line(rec);
        match solver.solve_state(logic::state_of(rec)) {
            Err(e) => logic::error_item(rec, &e, json),
            Ok(path) => {
                let r = path.rating();
                let out = if json {
                    let mut answer = RateAnswer::new(&rec.grid, &r);
                    answer.subject.line = Some(rec.line);
                    output::json_line(&answer)
                } else {
                    format!(
                        "{puzzle} {}/{}/{} {} {}\n",
                        r.er,
                        r.ep,
                        r.ed,
                        r.level,
                        logic::hardest_name(&r)
                    )
                };
                Item { out, message: None, status: Status::Ok }
            }
        }
    })
}
