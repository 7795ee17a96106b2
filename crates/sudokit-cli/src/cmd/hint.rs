//! `sudokit hint`: the easiest next step of each puzzle or pencil-mark state.

use anyhow::Result;
use sudokit::logic::{LogicSolver, Step};
use sudokit::wire::HintAnswer;
use sudokit::{Cell, Digit, Shape};

use super::logic;
use crate::args::LogicArgs;
use crate::batch::{Item, Status};
use crate::output;

pub fn run(args: LogicArgs) -> Result<Status> {
    let next = |solver: &mut LogicSolver, state| solver.next_step(&state);
    logic::each_record(args, next, |rec, step, json| {
        let out = if json {
            let mut answer = HintAnswer::new(&rec.grid, step.as_ref());
            answer.subject.line = Some(rec.line);
            output::json_line(&answer)
        } else {
            match &step {
                None => "solved: nothing left to do\n".to_string(),
                Some(s) => plain_line(s, rec.grid.shape()),
            }
        };
        Item { out, message: None, status: Status::Ok }
    })
}

/// A step in one line: its summary, then the cells to highlight and the
/// moves, named `r1c2`, `r1c2=5` (placed) and `r4c6<>7` (removed).
fn plain_line(step: &Step, shape: Shape) -> String {
    let name = |c: Cell| c.display(shape).to_string();
    let moves = |list: &[(Cell, Digit)], sep: &str| -> Vec<String> {
        list.iter().map(|&(c, d)| format!("{}{sep}{d}", name(c))).collect()
    };
    let cells: Vec<String> = step.cells.iter().map(|&c| name(c)).collect();
    let mut line = step.summary();
    line.push_str(&format!(" [highlight: {}]", cells.join(" ")));
    let placements = moves(&step.placements, "=");
    if !placements.is_empty() {
        line.push_str(&format!(" [place: {}]", placements.join(" ")));
    }
    let eliminations = moves(&step.eliminations, "<>");
    if !eliminations.is_empty() {
        line.push_str(&format!(" [remove: {}]", eliminations.join(" ")));
    }
    line.push('\n');
    line
}
