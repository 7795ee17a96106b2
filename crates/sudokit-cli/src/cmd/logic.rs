//! Shared glue of `rate`, `hint` and `explain`: the budget from the flags,
//! the state of a record, the record of a refusal, and the run that asks
//! the logical solver about every record.

use std::time::Duration;

use anyhow::{Result, bail};
use sudokit::format::Record;
use sudokit::logic::{Budget, LogicError, LogicSolver, Rating, State};
use sudokit::wire::{Error, ErrorAnswer};

use crate::args::{LogicArgs, PlainOrJson};
use crate::batch::{self, Item, Status};
use crate::output;

/// Runs the batch of `args`: for each record, `solve` asks a logical
/// solver with the flags' budget about the record's state, and
/// `answer(record, found, json)` writes what it found ([`error_item`] when
/// the solver refuses or gives up).
pub fn each_record<T, S, A>(args: LogicArgs, solve: S, answer: A) -> Result<Status>
where
    S: Fn(&mut LogicSolver, State) -> Result<T, LogicError> + Sync,
    A: Fn(&Record, T, bool) -> Item + Sync,
{
    let budget = budget(&args)?;
    let json = args.format == PlainOrJson::Json;
    let (input, run) = args.batch.resolve()?;
    batch::run_each(&input, run, json, |_, rec| {
        let mut solver = LogicSolver::with_budget(budget.clone());
        match solve(&mut solver, state_of(rec)) {
            Err(e) => error_item(rec, &e, json),
            Ok(found) => answer(rec, found, json),
        }
    })
}

/// The budget the flags ask for.
pub fn budget(args: &LogicArgs) -> Result<Budget> {
    let time = match args.time_limit {
        Some(t) if !(t > 0.0 && t.is_finite()) => {
            bail!("--time-limit must be a positive number of seconds")
        }
        Some(t) => Some(Duration::from_secs_f64(t)),
        None => None,
    };
    // Every request also stops when the run must (Ctrl-C, a closed output).
    let deadline = crate::stop::deadline();
    Ok(Budget::default().with_time(time).with_deadline(deadline).with_guesses(!args.no_guess))
}

/// The state a record stands for: its pencil marks, or the puzzle's.
pub fn state_of(rec: &Record) -> State {
    match &rec.candidates {
        Some(c) => State::from_candidates(c),
        None => State::from_grid(&rec.grid),
    }
}

/// The record's puzzle on one line (the decided cells of a pencil-mark state).
pub fn puzzle_line(rec: &Record) -> String {
    match &rec.candidates {
        Some(c) => output::state_line(c),
        None => output::line(&rec.grid),
    }
}

/// The output item for a puzzle the logical solver refused or gave up on.
pub fn error_item(rec: &Record, err: &LogicError, json: bool) -> Item {
    let text = err.to_string();
    let code = match err {
        LogicError::OutOfBudget { .. } => "budget",
        LogicError::Stuck { .. } => "stuck",
        _ => "puzzle",
    };
    let out = if json {
        let mut answer = ErrorAnswer::from(Error::new(code, text.clone()));
        answer.line = Some(rec.line);
        answer.puzzle = Some(puzzle_line(rec));
        output::json_line(&answer)
    } else {
        format!("error: {text}\n")
    };
    Item { out, message: Some(format!("line {}: {text}", rec.line)), status: Status::Answer }
}

/// The hardest technique's name (`-` for a grid that was already solved).
pub fn hardest_name(r: &Rating) -> String {
    r.hardest.map_or("-".to_string(), |t| t.name().to_string())
}
