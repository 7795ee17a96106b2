/*!
The JSON API under `/api/v1`: request and response types and handlers.

# Endpoints
- `GET /generate` ([`generate`]): puzzles with exactly one solution, from
  the puzzle bank when the service has one and the request is plain.
- `GET /daily` ([`daily`]): the puzzle of a date, the same for everyone.
- `POST /solve`, `/count`, `/validate`, `/transform`, `/canon` ([`puzzle`]):
  one puzzle in, one answer out; the puzzle is text in any format the
  engine reads (the line format usually), with an optional `box` shape.
- `POST /rate`, `/hint`, `/explain` ([`logic`]): the logical solver on a
  puzzle or a pencil-mark state, within the time budget.
- `POST /print` ([`print`](mod@print)): puzzles as a PDF book or an SVG page.
- `GET /geometry`, `GET /construct`, `GET /levels`, `GET /techniques`
  ([`board`]): a board's houses and extra peers, for drawing; how a full
  grid is made and a puzzle carved from it, step by step; the named levels
  a size offers; the techniques a puzzle of a size can be generated to need.
- `GET /openapi.json`: the OpenAPI document of all of the above.

Answers are the engine's wire records ([`sudokit::wire`]), the ones the
CLI prints with `--format json`. Each handler carries its route and its
OpenAPI operation in one `#[utoipa::path]`; [`routes()`] adds the handlers by
that attribute, so the router and the document list the same routes.

# Where work runs
Cheap calls (validate, transform) run on the async threads; the logical
solver and printing always run on the [`Pool`]. Searches on
boards up to 9x9 first run inline with a small node budget
([`INLINE_NODES`], a few microseconds for almost every puzzle); a search
that needs more, every larger board, canonical forms and generation run on
the [`Pool`] with the configured budgets.
*/

pub mod board;
pub mod daily;
pub mod generate;
pub mod logic;
pub mod params;
pub mod print;
pub mod puzzle;

use std::sync::Arc;

use axum::Json;
use serde::Serialize;
use sudokit::format::{self, ReadOptions, Record};
use sudokit::solve::{Limits, Solver};
use sudokit::{Candidates, Deadline, Grid, Rules, Shape};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::bank::Served;
use crate::config::Config;
use crate::error::ApiError;
use crate::work::Pool;

/// The node budget of a search run inline on an async thread before it is
/// moved to the pool.
pub const INLINE_NODES: u64 = 1000;

/// What every handler shares: the configuration, the job pool, the puzzle
/// bank when there is one, and the daily puzzles made without one.
#[derive(Debug)]
pub struct AppState {
    config: Config,
    pool: Pool,
    bank: Option<Served>,
    dailies: daily::Made,
}

impl AppState {
    /// The state for `config`, without a bank.
    pub fn new(config: Config) -> AppState {
        let pool = Pool::new(config.workers, config.queue, config.queue_wait, config.slow_after);
        AppState { config, pool, bank: None, dailies: daily::Made::default() }
    }

    /// This state answering from `bank`.
    pub fn with_bank(self, bank: Option<Served>) -> AppState {
        AppState { bank, ..self }
    }

    /// The puzzle bank, when the service has one.
    pub fn bank(&self) -> Option<&Served> {
        self.bank.as_ref()
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The job pool.
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    /// A shape from a `box` field (`RxC`), within the size limit.
    pub fn box_shape(&self, text: &str) -> Result<Shape, ApiError> {
        let shape = Shape::parse_box(text).map_err(|e| ApiError::invalid("box", e))?;
        self.check_size(shape)?;
        Ok(shape)
    }

    /// The shape of an optional `box` parameter: [`Self::box_shape`] when
    /// given, the classic 3x3 boxes when not; either within the size limit.
    pub fn box_or_classic(&self, text: Option<&str>) -> Result<Shape, ApiError> {
        match text {
            Some(b) => self.box_shape(b),
            None => self.check_size(Shape::CLASSIC).map(|()| Shape::CLASSIC),
        }
    }

    /// 422 `board_too_large` unless `shape` is within the size limit.
    pub fn check_size(&self, shape: Shape) -> Result<(), ApiError> {
        let max = self.config.max_size;
        if shape.size() > max {
            let n = shape.size();
            return Err(ApiError::unprocessable(
                "board_too_large",
                format!("a {n}x{n} board is larger than this service accepts ({max}x{max})"),
            ));
        }
        Ok(())
    }

    /// Reads the puzzle text of a request (format and shape detected, or
    /// given by `from` and `box`), within the size limit, under the rules
    /// named by `rules` (which imply the shape) or the classic ones.
    pub fn read_puzzle(
        &self,
        text: &str,
        box_shape: Option<&str>,
        from: Option<&str>,
        rules: Option<&str>,
    ) -> Result<Record, ApiError> {
        let from = from.map(str::trim);
        let named = from.is_some_and(|f| {
            f.eq_ignore_ascii_case("fpuzzles") || f.eq_ignore_ascii_case("sudokupad")
        });
        if named || (matches!(from, None | Some("auto")) && format::looks_like_fpuzzles(text)) {
            return self.read_fpuzzles(text, box_shape, rules);
        }
        let mut shape = box_shape.map(|b| self.box_shape(b)).transpose()?;
        let mut rules = rules
            .map(|name| name.parse::<Rules>().map_err(|e| ApiError::invalid("rules", e)))
            .transpose()?;
        let (text, named) = rules_line(text)?;
        if let Some(named) = named {
            if rules.as_ref().is_some_and(|r| *r != named) {
                return Err(ApiError::parameter(format!(
                    "rules {} differ from the rules {named} of the puzzle's '# rules:' line: \
                     give one of them",
                    rules.as_ref().map(Rules::to_string).unwrap_or_default()
                )));
            }
            rules = Some(named);
        }
        if let Some(rules) = &rules {
            self.check_size(rules.shape())?;
            if shape.is_some_and(|s| s != rules.shape()) {
                return Err(ApiError::parameter(format!(
                    "box {} does not match the rules {rules}, whose boxes are {}",
                    shape.map(|s| s.to_string()).unwrap_or_default(),
                    rules.shape()
                )));
            }
            shape = Some(rules.shape());
        }
        let format = match from {
            None | Some("auto") => None,
            Some(name) => Some(name.parse::<format::Format>().map_err(|e| {
                // The service also reads f-puzzles and SudokuPad boards.
                ApiError::parameter(format!(
                    "from: {}, auto, fpuzzles or sudokupad)",
                    e.to_string().trim_end_matches(')')
                ))
            })?),
        };
        let mut record =
            format::parse(&text, ReadOptions::new().with_format(format).with_shape(shape))
                .map_err(|e| ApiError::puzzle(&e))?;
        self.check_size(record.grid.shape())?;
        if let Some(rules) = rules {
            record.candidates = record
                .candidates
                .map(|c| Candidates::from_masks_with(rules.clone(), c.masks().to_vec()))
                .transpose()
                .map_err(|e| ApiError::invalid("rules", e))?;
            record.grid =
                record.grid.with_rules(rules).map_err(|e| ApiError::invalid("rules", e))?;
        }
        Ok(record)
    }

    /// Reads an f-puzzles board (JSON, its compressed form or a link), which
    /// carries its own rules and shape: `box` and `rules` are refused
    /// beside it. The board becomes the record of its givens in line
    /// format under its rules, as any other input does.
    fn read_fpuzzles(
        &self,
        text: &str,
        box_shape: Option<&str>,
        rules: Option<&str>,
    ) -> Result<Record, ApiError> {
        if box_shape.is_some() || rules.is_some() {
            return Err(ApiError::parameter(
                "an f-puzzles board carries its own rules and shape: give neither rules nor box",
            ));
        }
        let grid = format::parse_fpuzzles(text)
            .map_err(|e| ApiError::unprocessable("invalid_puzzle", format!("puzzle: {e}")))?;
        self.check_size(grid.shape())?;
        let name = grid.rules().to_string();
        self.read_puzzle(&format::to_line(&grid), None, Some("line"), Some(&name))
    }

    /// Runs the search `f` on `record`: inline with [`INLINE_NODES`] on
    /// boards up to 9x9, and when that is not enough (`out_of_budget`) or
    /// the board is larger, on the pool with the configured budgets: the
    /// node budget and the time budget, whichever runs out first.
    pub async fn search<T, F>(
        &self,
        record: Record,
        f: F,
        out_of_budget: fn(&T) -> bool,
    ) -> Result<(Record, T), ApiError>
    where
        T: Send + 'static,
        F: Fn(&mut Solver, &Record) -> T + Send + 'static,
    {
        let budget = self.config.max_nodes;
        if record.grid.shape().size() <= 9 {
            let inline = INLINE_NODES.min(budget);
            let answer =
                f(&mut Solver::with_limits(Limits::nodes(inline)).with_house_crossings(), &record);
            if !out_of_budget(&answer) || inline == budget {
                return Ok((record, answer));
            }
        }
        let time = self.config.time_budget;
        self.pool
            .run(record.grid.shape().size(), move || {
                // The time budget counts from the start of the work.
                let limits = Limits::nodes(budget).with_deadline(Deadline::after(time));
                let answer = f(&mut Solver::with_limits(limits).with_house_crossings(), &record);
                (record, answer)
            })
            .await
    }
}

/// The puzzle text with its `# rules: NAME` line blanked (so that line
/// numbers stay the user's), and the rules it names, as the CLI reads the
/// files `generate --variant` writes: the line may come before the puzzle
/// only, once; a `# rules:` line elsewhere is refused rather than read past
/// as a comment.
fn rules_line(text: &str) -> Result<(String, Option<Rules>), ApiError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let start = text.len() - text.trim_start().len();
    let mut named = None;
    let mut rest = text.to_string();
    let first = text[start..].split('\n').next().unwrap_or_default();
    if let Some(rules) = format::rules_line(first) {
        let rules =
            rules.map_err(|e| ApiError::invalid("puzzle", format!("its '# rules:' line: {e}")))?;
        named = Some(rules);
        rest = format!("{}{}", &text[..start], &text[start + first.len()..]);
    }
    if rest.lines().any(|l| format::rules_line(l).is_some()) {
        return Err(ApiError::invalid(
            "puzzle",
            "a '# rules:' line comes before the puzzle, once (a request holds one puzzle)",
        ));
    }
    Ok((rest, named))
}

/// The API's routes and the health check, each with its OpenAPI operation
/// (the path and method of its `#[utoipa::path]`).
pub fn routes() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new()
        .routes(routes!(generate::generate))
        .routes(routes!(daily::daily))
        .routes(routes!(puzzle::solve))
        .routes(routes!(puzzle::count))
        .routes(routes!(puzzle::validate))
        .routes(routes!(puzzle::transform))
        .routes(routes!(puzzle::canon))
        .routes(routes!(logic::rate))
        .routes(routes!(logic::hint))
        .routes(routes!(logic::explain))
        .routes(routes!(print::print))
        .routes(routes!(board::geometry))
        .routes(routes!(board::construction))
        .routes(routes!(board::levels))
        .routes(routes!(board::techniques))
        .routes(routes!(healthz))
}

/// The answer of `/healthz`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Health {
    /// Always `ok` while the service answers.
    pub status: &'static str,
    /// The service's version.
    pub version: &'static str,
}

/// Whether the service is up.
#[utoipa::path(get, path = "/healthz", tag = "service",
    responses((status = 200, description = "The service is up", body = Health)))]
pub async fn healthz() -> Json<Health> {
    Json(Health { status: "ok", version: env!("CARGO_PKG_VERSION") })
}

/// A grid in the compact one-line form (line format, tokens above 35x35).
fn line(grid: &Grid) -> String {
    format::to_line(grid)
}
