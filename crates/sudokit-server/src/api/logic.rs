//! The logical solver's endpoints: `rate`, `hint` and `explain`.
//!
//! Each is one `sudokit::logic::LogicSolver` call, the one the CLI's
//! command of the same name makes (`solve_state` for rate and explain,
//! `next_step` for hint), on the state the puzzle text stands for: a puzzle,
//! or a pencil-mark grid (the player's candidates). The answers are the
//! engine's wire records, the CLI's `--format json` lines without their
//! input `line`.
//!
//! The solver runs on the [`Pool`](crate::work::Pool) with a
//! [`Budget`] whose time is the service's time budget; running out of it
//! is 422 `budget_exceeded`, as is the solver's step limit. A puzzle with no
//! solution or several is 422 (`no_solution`, `several_solutions`): the
//! techniques and the rating need exactly one; clashing givens are 422
//! `clashing` naming the first clashing cell.

use std::sync::Arc;

use axum::Json;
use axum::extract::State as AxumState;
use sudokit::format::Record;
use sudokit::logic::{Budget, LogicError, LogicSolver, State};
use sudokit::wire::{CellRef, ErrorAnswer, ExplainAnswer, HintAnswer, RateAnswer};

use super::AppState;
use super::puzzle::PuzzleRequest;
use crate::error::{ApiError, ApiJson, BodyRefusals, Busy};

/// The Sudoku Explainer style rating of a puzzle (ER/EP/ED, level, hardest technique).
#[utoipa::path(post, path = "/api/v1/rate", tag = "logic", request_body = PuzzleRequest,
    responses(
        (status = 200, description = "The rating", body = RateAnswer),
        BodyRefusals,
        (status = 422, description = "Unreadable puzzle, board too large, no or several solutions, clashing givens, or the time budget exceeded; a body field missing, of the wrong type or unknown (`invalid_field`)", body = ErrorAnswer),
        Busy,
    ))]
pub async fn rate(
    AxumState(state): AxumState<Arc<AppState>>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> Result<Json<RateAnswer>, ApiError> {
    let (record, path) = run_logic(&state, &req, |solver, st| solver.solve_state(st)).await?;
    Ok(Json(RateAnswer::new(&record.grid, &path.rating())))
}

/// The easiest next logical step from a puzzle or a pencil-mark state, with
/// its explanation and the cells to highlight.
#[utoipa::path(post, path = "/api/v1/hint", tag = "logic", request_body = PuzzleRequest,
    responses(
        (status = 200, description = "The next step (none when solved)", body = HintAnswer),
        BodyRefusals,
        (status = 422, description = "Unreadable puzzle, board too large, no or several solutions (e.g. a wrong entry or pencil mark), clashing cells, or the time budget exceeded; a body field missing, of the wrong type or unknown (`invalid_field`)", body = ErrorAnswer),
        Busy,
    ))]
pub async fn hint(
    AxumState(state): AxumState<Arc<AppState>>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> Result<Json<HintAnswer>, ApiError> {
    let (record, step) = run_logic(&state, &req, |solver, st| solver.next_step(&st)).await?;
    Ok(Json(HintAnswer::new(&record.grid, step.as_ref())))
}

/// The whole logical path from a puzzle to its solution, its rating and the
/// techniques used.
#[utoipa::path(post, path = "/api/v1/explain", tag = "logic", request_body = PuzzleRequest,
    responses(
        (status = 200, description = "The path", body = ExplainAnswer),
        BodyRefusals,
        (status = 422, description = "Unreadable puzzle, board too large, no or several solutions, clashing givens, or the time budget exceeded; a body field missing, of the wrong type or unknown (`invalid_field`)", body = ErrorAnswer),
        Busy,
    ))]
pub async fn explain(
    AxumState(state): AxumState<Arc<AppState>>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> Result<Json<ExplainAnswer>, ApiError> {
    let (record, path) = run_logic(&state, &req, |solver, st| solver.solve_state(st)).await?;
    Ok(Json(ExplainAnswer::new(&record.grid, &path)))
}

/// Reads the request's puzzle and runs `call` on its state with a solver on
/// the pool, under the service's budget; a refusal becomes its 422.
async fn run_logic<T: Send + 'static>(
    state: &Arc<AppState>,
    req: &PuzzleRequest,
    call: fn(&mut LogicSolver, State) -> Result<T, LogicError>,
) -> Result<(Record, T), ApiError> {
    let record = state.read(req)?;
    let budget = budget(state);
    let (record, answer) = state
        .pool()
        .run(record.grid.shape().size(), move || {
            let answer = call(&mut LogicSolver::with_budget(budget), state_of(&record));
            (record, answer)
        })
        .await?;
    let answer = answer.map_err(|e| logic_error(state, &record, e))?;
    Ok((record, answer))
}

/// The solver's budget: the service's time budget, guessing allowed (a
/// guess is always named so in its step).
fn budget(state: &AppState) -> Budget {
    Budget::default().with_time(state.config().time_budget)
}

/// The state a record stands for: its pencil marks, or the puzzle's.
fn state_of(rec: &Record) -> State {
    match &rec.candidates {
        Some(c) => State::from_candidates(c),
        None => State::from_grid(&rec.grid),
    }
}

/// A refusal of the logical solver as a 422.
fn logic_error(state: &AppState, rec: &Record, e: LogicError) -> ApiError {
    let shape = rec.grid.shape();
    match e {
        LogicError::Clashing(clashes) => {
            let text: Vec<String> = clashes.iter().map(ToString::to_string).collect();
            let mut err = ApiError::unprocessable(
                "clashing",
                format!("the givens break a rule: {}", text.join("; ")),
            );
            err.body.cell = clashes
                .first()
                .and_then(|c| c.cells.first())
                .map(|&cell| CellRef::new(shape, cell));
            err
        }
        LogicError::NoSolution => ApiError::unprocessable(
            "no_solution",
            "this puzzle (or pencil-mark state) has no solution: an entry or a removed \
             candidate is wrong",
        ),
        LogicError::Several => ApiError::unprocessable(
            "several_solutions",
            "this puzzle has several solutions; logical solving and rating need exactly one",
        ),
        LogicError::OutOfBudget { steps } => ApiError::unprocessable(
            "budget_exceeded",
            format!(
                "the logical solver stopped at this service's time budget of {:.1} s after \
                 {steps} steps; the puzzle is too hard to answer here (try the command line)",
                state.config().time_budget.as_secs_f64()
            ),
        ),
        other => ApiError::unprocessable("stuck", other.to_string()),
    }
}
