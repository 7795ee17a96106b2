//! The logical solver's endpoints: `rate`, `hint` and `explain`.
//!
//! Each is one `sudokit::logic::LogicSolver` call, the one the CLI's
//! command of the same name makes (`solve_state` for rate and explain,
//! `next_step` for hint), on the state the puzzle text stands for: a puzzle,
//! or a pencil-mark grid (the player's candidates). Field names follow the
//! CLI's `--format json` output, without its input `line`.
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
use serde::Serialize;
use sudokit::Shape;
use sudokit::format::Record;
use sudokit::logic::{Budget, LogicError, LogicSolver, Rating, State, Step};
use utoipa::ToSchema;

use super::puzzle::PuzzleRequest;
use super::{AppState, line};
use crate::error::{ApiError, ApiJson, CellRef, ErrorBody};

/// A rating: the CLI's `rate --format json` fields.
#[derive(Debug, Serialize, ToSchema)]
pub struct RatingJson {
    /// ER: the hardest step on the path (Sudoku Explainer scale, one decimal).
    pub er: f64,
    /// EP: the hardest step up to the first placement.
    pub ep: f64,
    /// ED: the first step.
    pub ed: f64,
    /// The level of ER: easy, medium, hard, expert, evil, ...
    pub level: &'static str,
    /// The hardest technique's name (`-` for a grid already solved).
    pub hardest: String,
    /// Whether the path needed trial and error.
    pub guessed: bool,
}

impl RatingJson {
    /// The JSON fields of a rating.
    pub fn new(r: &Rating) -> RatingJson {
        RatingJson {
            er: r.er.as_f64(),
            ep: r.ep.as_f64(),
            ed: r.ed.as_f64(),
            level: r.level.name(),
            hardest: r.hardest.map_or("-".to_string(), |t| t.name().to_string()),
            guessed: r.guessed,
        }
    }
}

/// One logical step: the CLI's `hint --format json` step fields. Cells are
/// named `rXcY` from 1.
#[derive(Debug, Serialize, ToSchema)]
pub struct StepJson {
    /// The technique, e.g. `Hidden Single (box)`.
    pub technique: &'static str,
    /// The step's rating (the technique's base plus any length increment).
    pub rating: f64,
    /// Digits placed, e.g. `r1c2=5`.
    pub placements: Vec<String>,
    /// Candidates removed, e.g. `r4c6<>7`.
    pub eliminations: Vec<String>,
    /// The evidence cells to highlight, in reading order, e.g. `r1c1`.
    pub cells: Vec<String>,
    /// The digits of the pattern.
    pub digits: Vec<u8>,
    /// The units of the pattern, e.g. `row 1`, `box 5`.
    pub units: Vec<String>,
    /// A sentence a person can follow.
    pub explanation: String,
    /// Whether the step is a guess (trial and error) rather than a technique.
    pub guess: bool,
}

impl StepJson {
    /// The JSON fields of a step on a board of `shape`.
    pub fn new(step: &Step, shape: Shape) -> StepJson {
        let cell = |c: sudokit::Cell| c.display(shape).to_string();
        StepJson {
            technique: step.technique.name(),
            rating: step.difficulty.as_f64(),
            placements: step.placements.iter().map(|&(c, d)| format!("{}={d}", cell(c))).collect(),
            eliminations: step
                .eliminations
                .iter()
                .map(|&(c, d)| format!("{}<>{d}", cell(c)))
                .collect(),
            cells: step.cells.iter().map(|&c| cell(c)).collect(),
            digits: step.digits.iter().map(|d| d.get()).collect(),
            units: step.houses.iter().map(|u| u.to_string()).collect(),
            explanation: step.explanation.clone(),
            guess: step.technique.is_guess(),
        }
    }
}

/// The answer of `rate`.
#[derive(Debug, Serialize, ToSchema)]
pub struct RateResponse {
    /// The box shape.
    pub shape: String,
    /// The puzzle in line format (for pencil marks: the cells with one candidate).
    pub puzzle: String,
    /// The rating.
    #[serde(flatten)]
    pub rating: RatingJson,
}

/// The answer of `hint`.
#[derive(Debug, Serialize, ToSchema)]
pub struct HintResponse {
    /// The box shape.
    pub shape: String,
    /// The puzzle in line format (for pencil marks: the cells with one candidate).
    pub puzzle: String,
    /// Whether the state is already solved (then there is no step).
    pub solved: bool,
    /// The easiest next step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<StepJson>,
}

/// How often one technique was used on the path.
#[derive(Debug, Serialize, ToSchema)]
pub struct CountJson {
    /// The technique.
    pub technique: &'static str,
    /// Its base rating.
    pub rating: f64,
    /// Steps that used it.
    pub count: usize,
}

/// The answer of `explain`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExplainResponse {
    /// The box shape.
    pub shape: String,
    /// The puzzle in line format (for pencil marks: the cells with one candidate).
    pub puzzle: String,
    /// The rating of the path.
    #[serde(flatten)]
    pub rating: RatingJson,
    /// Every step, in order, from the puzzle to its solution.
    pub steps: Vec<StepJson>,
    /// The techniques used, easiest first.
    pub counts: Vec<CountJson>,
}

/// The Sudoku Explainer style rating of a puzzle (ER/EP/ED, level, hardest technique).
#[utoipa::path(post, path = "/api/v1/rate", tag = "logic", request_body = PuzzleRequest,
    responses(
        (status = 200, description = "The rating", body = RateResponse),
        (status = 400, description = "Malformed JSON", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 422, description = "Unreadable puzzle, board too large, no or several solutions, clashing givens, or the time budget exceeded", body = ErrorBody),
        (status = 503, description = "Busy", body = ErrorBody),
    ))]
pub async fn rate(
    AxumState(state): AxumState<Arc<AppState>>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> Result<Json<RateResponse>, ApiError> {
    let (record, path) = run_logic(&state, &req, |solver, st| solver.solve_state(st)).await?;
    Ok(Json(RateResponse {
        shape: record.grid.shape().to_string(),
        puzzle: line(&record.grid),
        rating: RatingJson::new(&path.rating()),
    }))
}

/// The easiest next logical step from a puzzle or a pencil-mark state, with
/// its explanation and the cells to highlight.
#[utoipa::path(post, path = "/api/v1/hint", tag = "logic", request_body = PuzzleRequest,
    responses(
        (status = 200, description = "The next step (none when solved)", body = HintResponse),
        (status = 400, description = "Malformed JSON", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 422, description = "Unreadable puzzle, board too large, no or several solutions (e.g. a wrong entry or pencil mark), clashing cells, or the time budget exceeded", body = ErrorBody),
        (status = 503, description = "Busy", body = ErrorBody),
    ))]
pub async fn hint(
    AxumState(state): AxumState<Arc<AppState>>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> Result<Json<HintResponse>, ApiError> {
    let (record, step) = run_logic(&state, &req, |solver, st| solver.next_step(&st)).await?;
    let shape = record.grid.shape();
    Ok(Json(HintResponse {
        shape: shape.to_string(),
        puzzle: line(&record.grid),
        solved: step.is_none(),
        step: step.as_ref().map(|s| StepJson::new(s, shape)),
    }))
}

/// The whole logical path from a puzzle to its solution, its rating and the
/// techniques used.
#[utoipa::path(post, path = "/api/v1/explain", tag = "logic", request_body = PuzzleRequest,
    responses(
        (status = 200, description = "The path", body = ExplainResponse),
        (status = 400, description = "Malformed JSON", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 422, description = "Unreadable puzzle, board too large, no or several solutions, clashing givens, or the time budget exceeded", body = ErrorBody),
        (status = 503, description = "Busy", body = ErrorBody),
    ))]
pub async fn explain(
    AxumState(state): AxumState<Arc<AppState>>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> Result<Json<ExplainResponse>, ApiError> {
    let (record, path) = run_logic(&state, &req, |solver, st| solver.solve_state(st)).await?;
    let shape = record.grid.shape();
    let mut counts = path.technique_counts();
    counts.sort_by_key(|(t, _)| t.base());
    Ok(Json(ExplainResponse {
        shape: shape.to_string(),
        puzzle: line(&record.grid),
        rating: RatingJson::new(&path.rating()),
        steps: path.steps.iter().map(|s| StepJson::new(s, shape)).collect(),
        counts: counts
            .iter()
            .map(|&(t, count)| CountJson { technique: t.name(), rating: t.base().as_f64(), count })
            .collect(),
    }))
}

/// Reads the request's puzzle and runs `call` on its state with a solver on
/// the pool, under the service's budget; a refusal becomes its 422.
async fn run_logic<T: Send + 'static>(
    state: &Arc<AppState>,
    req: &PuzzleRequest,
    call: fn(&mut LogicSolver, State) -> Result<T, LogicError>,
) -> Result<(Record, T), ApiError> {
    let record = state.read_puzzle(&req.puzzle, req.box_shape.as_deref(), req.from.as_deref())?;
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
    Budget { time: Some(state.config().time_budget), ..Budget::default() }
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
            let text: Vec<String> = clashes.iter().map(|c| c.describe(shape)).collect();
            let mut err = ApiError::unprocessable(
                "clashing",
                format!("the givens break a rule: {}", text.join("; ")),
            );
            err.body.cell = clashes
                .first()
                .and_then(|c| c.cells.first())
                .map(|&cell| CellRef { row: shape.row(cell) + 1, col: shape.col(cell) + 1 });
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
