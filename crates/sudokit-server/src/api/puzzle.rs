//! One-puzzle endpoints: solve, count, validate, transform, canon.
//!
//! Field names follow the CLI's JSON output (`shape`, `puzzle`, `clues`,
//! `status`, `solution`, `clashes`, `count`, `canon`, ...), without the
//! CLI's input `line`. "No solution" and "several solutions" are answers
//! (200 with a `status`), not errors; a search that runs out of its budget
//! (the time budget or the node budget, whichever comes first) is 422
//! `budget_exceeded`.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use sudokit::format::{JsonBoardError, Record, to_fpuzzles};
use sudokit::solve::{Count, Solution, Solver};
use sudokit::transform::{Op, Transform, TransformError, canonical};
use sudokit::wire::{
    CanonAnswer, CountAnswer, ErrorAnswer, SolveAnswer, TransformAnswer, ValidateAnswer,
};
use utoipa::ToSchema;

use super::AppState;
use crate::error::{ApiError, ApiJson, BodyLimits, BodyRefusals, Busy};

/// The fields every one-puzzle request has, then its own: a request type
/// that reads its puzzle with [`AppState::read`].
macro_rules! puzzle_request {
    ($(#[$meta:meta])* $name:ident { $($(#[$fmeta:meta])* $field:ident: $ty:ty,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Deserialize, ToSchema)]
        #[serde(deny_unknown_fields)]
        pub struct $name {
            /// The puzzle in any format the engine reads: usually the line
            /// format (`1-9` then `A-Z`, blanks `.` or `0`), or tokens, grid,
            /// pencil marks; a `# rules: NAME` line before it names its
            /// rules, as `rules` does.
            #[schema(
                example = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            )]
            pub puzzle: String,
            /// The box shape `RxC` when the cell count is ambiguous (e.g. `3x4`).
            #[serde(rename = "box")]
            pub box_shape: Option<String>,
            /// The input format, as the CLI's `--from`: `line`, `tokens`,
            /// `grid`, `sdk`, `ss`, `pencilmarks`, or `fpuzzles` (the JSON of
            /// an f-puzzles or SudokuPad board as text, its compressed form,
            /// or a link holding it; it carries its rules; `sudokupad` is the
            /// same) (default: detected, f-puzzles and SudokuPad boards too).
            pub from: Option<String>,
            /// The rules by name when they are not the classic ones (`9+x`,
            /// `9+windoku`, `9+anti-knight`, `6+jigsaw=...`); they imply the
            /// shape.
            pub rules: Option<String>,
            $($(#[$fmeta])* pub $field: $ty,)*
        }

        impl PuzzleInput for $name {
            fn input(&self) -> (&str, Option<&str>, Option<&str>, Option<&str>) {
                (&self.puzzle, self.box_shape.as_deref(), self.from.as_deref(), self.rules.as_deref())
            }
        }
    };
}

/// A request that carries one puzzle: its text, box shape, format and rules.
pub trait PuzzleInput {
    /// `(puzzle, box, from, rules)` as the request gives them.
    fn input(&self) -> (&str, Option<&str>, Option<&str>, Option<&str>);
}

impl AppState {
    /// Reads the puzzle of a one-puzzle request ([`AppState::read_puzzle`]).
    pub fn read(&self, req: &impl PuzzleInput) -> Result<Record, ApiError> {
        let (text, box_shape, from, rules) = req.input();
        self.read_puzzle(text, box_shape, from, rules)
    }
}

puzzle_request! {
    /// A puzzle, as in every one-puzzle request.
    PuzzleRequest {}
}

puzzle_request! {
    /// A puzzle to solve, and whether to record the search.
    SolveRequest {
        /// Also answer the exact search's moves up to its first solution
        /// (`trace`: at most [`MAX_TRACE_MOVES`] moves), for replaying it.
        #[serde(default)]
        trace: bool,
        /// Also answer the puzzle as an f-puzzles board (`fpuzzles`: the
        /// JSON text that f-puzzles and SudokuPad open, with its rules and,
        /// when unique, its solution); boards up to 16x16.
        #[serde(default)]
        fpuzzles: bool,
        /// Also answer the puzzle as a SudokuPad link (`sudokupad`: with
        /// its rules and, when unique, its solution).
        #[serde(default)]
        sudokupad: bool,
    }
}

/// The most moves a solve answer's trace holds (about 2 MB of JSON).
pub const MAX_TRACE_MOVES: usize = 200_000;

/// The unique solution of a puzzle, or why there is none; with `trace`,
/// also the moves of the search that found it.
#[utoipa::path(post, path = "/api/v1/solve", tag = "puzzles", request_body = SolveRequest,
    responses(
        (status = 200, description = "The answer (unique, none, several, clashing)", body = SolveAnswer),
        BodyRefusals,
        (status = 422, description = "Unreadable puzzle, board too large, or search budget exceeded; a body field missing, of the wrong type or unknown (`invalid_field`)", body = ErrorAnswer),
        (status = 503, description = "Busy; retry after the Retry-After header", body = ErrorAnswer),
    ))]
pub async fn solve(
    State(state): State<Arc<AppState>>,
    ApiJson(req): ApiJson<SolveRequest>,
) -> Result<Json<SolveAnswer>, ApiError> {
    let record = state.read(&req)?;
    if req.fpuzzles {
        // Refused before the search: rules the board cannot be written with.
        to_fpuzzles(&record.grid).map_err(fpuzzles_error)?;
    }
    let (record, answer) =
        state.search(record, solve_record, |a| matches!(a, Solution::OutOfBudget)).await?;
    if matches!(answer, Solution::OutOfBudget) {
        return Err(budget_exceeded(&state, None));
    }
    let mut solved = SolveAnswer::new(&record.grid, &answer);
    let solution = match &answer {
        Solution::Unique(sol) => Some(sol),
        _ => None,
    };
    if req.fpuzzles {
        solved = solved.with_fpuzzles(&record.grid, solution).map_err(fpuzzles_error)?;
    }
    if req.sudokupad {
        solved = solved
            .with_sudokupad(&record.grid, solution)
            .map_err(|e| ApiError::unprocessable("unsupported", format!("sudokupad: {e}")))?;
    }
    if !req.trace || !matches!(answer, Solution::Unique(_)) {
        return Ok(Json(solved));
    }
    let (_, trace) =
        state.search(record, |s, r| s.trace(&r.grid, MAX_TRACE_MOVES), |t| !t.finished).await?;
    if !trace.finished {
        return Err(budget_exceeded(&state, None));
    }
    Ok(Json(solved.with_trace(&trace)))
}

/// 422 `unsupported`: rules the f-puzzles format cannot hold.
fn fpuzzles_error(e: JsonBoardError) -> ApiError {
    ApiError::unprocessable("unsupported", format!("fpuzzles: {e}"))
}

fn solve_record(solver: &mut Solver, rec: &Record) -> Solution {
    match &rec.candidates {
        Some(state) => solver.solve_candidates(state),
        None => solver.solve(&rec.grid),
    }
}

fn budget_exceeded(state: &AppState, found: Option<usize>) -> ApiError {
    let nodes = state.config().max_nodes;
    let time = state.config().time_budget.as_secs_f64();
    let found = found.map_or(String::new(), |n| format!(" after finding {n} solutions"));
    ApiError::unprocessable(
        "budget_exceeded",
        format!(
            "the search stopped at this service's budget of {time:.1} s or {nodes} nodes{found}; \
             the puzzle is too open or too hard to answer here (try the command line)"
        ),
    )
}

puzzle_request! {
    /// A puzzle and the most solutions to count.
    CountRequest {
        /// Stop counting at this many solutions (default 2: 0 none, 1 unique,
        /// 2 several); at most the service's limit (1000 by default). Any
        /// JSON number is read, so one that is not a whole number in range
        /// (`-1`, `2.5`, `1e30`) is refused as out of range, naming it.
        #[schema(value_type = Option<usize>, minimum = 1)]
        limit: Option<serde_json::Number>,
    }
}

/// The `limit` of a count request: a whole number from 1 to `max` (a whole
/// float such as `1e3` too), else 400 naming the field and the range.
fn count_limit(limit: Option<&serde_json::Number>, max: usize) -> Result<usize, ApiError> {
    let Some(number) = limit else { return Ok(2) };
    let whole = number.as_u64().or_else(|| {
        number
            .as_f64()
            .filter(|f| f.fract() == 0.0 && (1.0..=max as f64).contains(f))
            .map(|f| f as u64)
    });
    match whole.and_then(|n| usize::try_from(n).ok()) {
        Some(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(ApiError::parameter(format!(
            "limit {number}: expected a whole number from 1 to {max}"
        ))),
    }
}

/// The number of solutions of a puzzle, up to a limit.
#[utoipa::path(post, path = "/api/v1/count", tag = "puzzles", request_body = CountRequest,
    responses(
        (status = 200, description = "The count", body = CountAnswer),
        (status = 400, description = "Malformed JSON or a bad limit", body = ErrorAnswer),
        BodyLimits,
        (status = 422, description = "Unreadable puzzle, board too large, or search budget exceeded; a body field missing, of the wrong type or unknown (`invalid_field`)", body = ErrorAnswer),
        Busy,
    ))]
pub async fn count(
    State(state): State<Arc<AppState>>,
    ApiJson(req): ApiJson<CountRequest>,
) -> Result<Json<CountAnswer>, ApiError> {
    let limit = count_limit(req.limit.as_ref(), state.config().max_count_limit)?;
    let record = state.read(&req)?;
    let (record, counted) = state
        .search(
            record,
            move |s, r| count_record(s, r, limit),
            |c| matches!(c, Count::OutOfBudget(_)),
        )
        .await?;
    match counted {
        Count::Found(count) => Ok(Json(CountAnswer::new(&record.grid, count, limit))),
        other => Err(budget_exceeded(&state, Some(other.solutions()))),
    }
}

fn count_record(solver: &mut Solver, rec: &Record, limit: usize) -> Count {
    match &rec.candidates {
        Some(state) => solver.count_candidates(state, limit),
        None => solver.count(&rec.grid, limit),
    }
}

/// Which cells clash, and whether the grid is complete and solved.
#[utoipa::path(post, path = "/api/v1/validate", tag = "puzzles", request_body = PuzzleRequest,
    responses(
        (status = 200, description = "The check", body = ValidateAnswer),
        BodyRefusals,
        (status = 422, description = "Unreadable puzzle or board too large; a body field missing, of the wrong type or unknown (`invalid_field`)", body = ErrorAnswer),
    ))]
pub async fn validate(
    State(state): State<Arc<AppState>>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> Result<Json<ValidateAnswer>, ApiError> {
    let record = state.read(&req)?;
    Ok(Json(ValidateAnswer::new(&record.grid)))
}

puzzle_request! {
    /// A puzzle and the transformation to apply: named operations or a
    /// random equivalent.
    TransformRequest {
        /// Operations applied in order, comma-separated, as the CLI's `--op`:
        /// e.g. `rot90,mirror-h,relabel:987654321`.
        ops: Option<String>,
        /// Instead of `ops`: a random equivalent drawn from this seed.
        seed: Option<u64>,
        /// Also answer the transformed puzzle as an f-puzzles board
        /// (`fpuzzles`), with its moved rules; boards up to 16x16.
        #[serde(default)]
        fpuzzles: bool,
    }
}

/// A transformed (equivalent) puzzle.
#[utoipa::path(post, path = "/api/v1/transform", tag = "puzzles", request_body = TransformRequest,
    responses(
        (status = 200, description = "The transformed puzzle", body = TransformAnswer),
        (status = 400, description = "Malformed JSON, or not exactly one of ops and seed, or a bad operation", body = ErrorAnswer),
        BodyLimits,
        (status = 422, description = "Unreadable puzzle, board too large, or an operation that does not fit the shape; a body field missing, of the wrong type or unknown (`invalid_field`)", body = ErrorAnswer),
    ))]
pub async fn transform(
    State(state): State<Arc<AppState>>,
    ApiJson(req): ApiJson<TransformRequest>,
) -> Result<Json<TransformAnswer>, ApiError> {
    let record = state.read(&req)?;
    let shape = record.grid.shape();
    let t = match (&req.ops, req.seed) {
        (Some(ops), None) => {
            let ops = Op::parse_list(ops).map_err(|e| ApiError::invalid("ops", e))?;
            Transform::from_ops(shape, &ops).map_err(ops_error)?
        }
        (None, Some(seed)) => Transform::random_keeping(record.grid.rules(), seed),
        _ => return Err(ApiError::parameter("give exactly one of ops and seed")),
    };
    let transformed = t
        .try_apply(&record.grid)
        .map_err(|e| ApiError::unprocessable("unsupported", e.to_string()))?;
    let answer = TransformAnswer::new(&record.grid, &transformed);
    if req.fpuzzles {
        return Ok(Json(answer.with_fpuzzles(&transformed).map_err(fpuzzles_error)?));
    }
    Ok(Json(answer))
}

/// An `ops` list that does not make a transform of the board: numbers
/// beyond it, rows of two bands, a relabelling that is no permutation are
/// bad parameters (400), as an unreadable list is; an operation the board's
/// shape does not allow (a transpose of 2x3 boxes) is a 422.
fn ops_error(e: TransformError) -> ApiError {
    match e {
        TransformError::NeedsSquareBoxes { .. } => {
            ApiError::unprocessable("unsupported", format!("ops: {e}"))
        }
        _ => ApiError::invalid("ops", e),
    }
}

/// The canonical form of a puzzle and its automorphism count.
#[utoipa::path(post, path = "/api/v1/canon", tag = "puzzles", request_body = PuzzleRequest,
    responses(
        (status = 200, description = "The canonical form", body = CanonAnswer),
        BodyRefusals,
        (status = 422, description = "Unreadable puzzle, or a shape canonical forms do not support; a body field missing, of the wrong type or unknown (`invalid_field`)", body = ErrorAnswer),
        Busy,
    ))]
pub async fn canon(
    State(state): State<Arc<AppState>>,
    ApiJson(req): ApiJson<PuzzleRequest>,
) -> Result<Json<CanonAnswer>, ApiError> {
    let record = state.read(&req)?;
    let grid = record.grid;
    let (grid, result) = state
        .pool()
        .run(grid.shape().size(), move || {
            let c = canonical(&grid);
            (grid, c)
        })
        .await?;
    let c = result.map_err(|e| ApiError::unprocessable("unsupported", e.to_string()))?;
    Ok(Json(CanonAnswer::new(&grid, &c)))
}
