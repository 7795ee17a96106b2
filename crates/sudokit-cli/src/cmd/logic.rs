//! Shared glue of `rate`, `hint` and `explain`: the budget from the flags,
//! the state of a record, and the record of a refusal.

use std::time::Duration;

use anyhow::{Result, bail};
use sudokit::format::Record;
use sudokit::logic::{Budget, LogicError, Rating, State};
use sudokit::wire::{Error, ErrorAnswer};

use crate::args::LogicArgs;
use crate::batch::{Item, Status};
use crate::output;

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
