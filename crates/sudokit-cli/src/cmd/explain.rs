//! `sudokit explain`: the whole logical path, one step per line, and the
//! techniques used.

use anyhow::Result;
use sudokit::format::Record;
use sudokit::logic::{LogicSolver, Path};
use sudokit::wire::ExplainAnswer;

use super::logic;
use crate::args::LogicArgs;
use crate::batch::{Item, Status};
use crate::output;

pub fn run(args: LogicArgs) -> Result<Status> {
    logic::each_record(args, LogicSolver::solve_state, |rec, path, json| {
        let out = if json {
            let mut answer = ExplainAnswer::new(&rec.grid, &path);
            answer.subject.line = Some(rec.line);
            output::json_line(&answer)
        } else {
            plain_text(rec, &path)
        };
        Item { out, message: None, status: Status::Ok }
    })
}

/// The path as text: the puzzle, a numbered line per step, and a summary
/// line with the rating and the techniques used.
fn plain_text(rec: &Record, path: &Path) -> String {
    let puzzle = logic::puzzle_line(rec);
    let r = path.rating();
    let mut counts = path.technique_counts();
    counts.sort_by_key(|(t, _)| t.base());
    let mut s = format!("puzzle {puzzle}\n");
    for (k, step) in path.steps.iter().enumerate() {
        s.push_str(&format!("{:>4}. {}\n", k + 1, step.summary()));
    }
    let list: Vec<String> = counts.iter().map(|(t, n)| format!("{t} x{n}")).collect();
    s.push_str(&format!(
        "summary: {} steps, rating {}/{}/{} {}, hardest {}; techniques: {}\n",
        path.steps.len(),
        r.er,
        r.ep,
        r.ed,
        r.level,
        logic::hardest_name(&r),
        list.join(", ")
    ));
    s
}
