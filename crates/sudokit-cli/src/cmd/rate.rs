//! `sudokit rate`: the Sudoku Explainer style rating of each puzzle.

use anyhow::Result;
use sudokit::logic::LogicSolver;
use sudokit::wire::RateAnswer;

use super::logic;
use crate::args::LogicArgs;
use crate::batch::{Item, Status};
use crate::output;

pub fn run(args: LogicArgs) -> Result<Status> {
    logic::each_record(args, LogicSolver::solve_state, |rec, path, json| {
        let r = path.rating();
        let out = if json {
            let mut answer = RateAnswer::new(&rec.grid, &r);
            answer.subject.line = Some(rec.line);
            output::json_line(&answer)
        } else {
            let puzzle = logic::puzzle_line(rec);
            format!("{puzzle} {}/{}/{} {} {}\n", r.er, r.ep, r.ed, r.level, logic::hardest_name(&r))
        };
        Item { out, message: None, status: Status::Ok }
    })
}
