//! `GET /api/v1/daily`: the puzzle of a date, the same for everyone.
//!
//! The puzzle of a date, board and level is fixed by
//! [`sudokit_bank::daily_seed`] of the three. With a puzzle bank it is the
//! bank's: the one recorded for the date, or else one picked by that number
//! among the bank's puzzles of the board and level never used as a daily
//! puzzle, recorded at once, so it stays the same for the whole day and
//! after a restart whatever the bank gains. A bank without such a puzzle
//! (none of the key, or each one already a daily puzzle), and a service
//! without a bank, generate item 0 of the generator with that seed (a bank
//! then records it), so dates never share a banked puzzle. A bank that
//! fails, or whose recorded puzzle for the date does not read back (a
//! damaged row), is logged and the date's puzzle is made from its seed as
//! without a bank, and not recorded (the record stays for the bank's
//! keeper to mend). The answer is the generate item with the `date`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sudokit::generate::{Generated, Generator, Method, Options, Symmetry};
use sudokit::logic::{Level, LogicSolver};
use sudokit::wire::{ErrorAnswer, GeneratedItem};
use sudokit::{Deadline, Rules};
use sudokit_bank::{Date, Entry, daily_seed};
use utoipa::{IntoParams, ToSchema};

use super::AppState;
use super::generate::Boards;
use super::params;
use crate::bank::Daily;
use crate::bank::item::Item;
use crate::error::{ApiError, ApiQuery, Busy};

/// The query of `daily`; every parameter is optional.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct DailyQuery {
    /// The date, `YYYY-MM-DD` (default: today in UTC).
    pub date: Option<String>,
    /// Board side (default 9), as for `generate`.
    pub size: Option<usize>,
    /// Box shape `RxC` instead of `size`.
    pub r#box: Option<String>,
    /// Rules instead of `size` or `box`, as for `generate`.
    pub rules: Option<String>,
    /// The level: easy, medium, hard, expert, evil (default medium).
    pub difficulty: Option<String>,
    /// Include the solution (default false).
    pub with_solution: Option<bool>,
    /// Also answer the puzzle as an f-puzzles board, as `generate` does
    /// (default false).
    pub fpuzzles: Option<bool>,
    /// Also answer the puzzle as a SudokuPad link, as `generate` does
    /// (default false).
    pub sudokupad: Option<bool>,
}

/// The daily puzzle: the date and the puzzle.
#[derive(Debug, Serialize, ToSchema)]
pub struct DailyAnswer {
    /// The date, `YYYY-MM-DD`.
    pub date: String,
    /// The puzzle, as `generate` answers it.
    #[serde(flatten)]
    pub item: GeneratedItem,
}

/// Daily puzzles made without a bank, by date, rules and level, so a day's
/// requests after the first are answered at once. Only the last few days
/// are kept.
#[derive(Debug, Default)]
pub struct Made(Mutex<HashMap<(Date, String, Level), Arc<Generated>>>);

/// How many daily puzzles [`Made`] keeps before it forgets the oldest days.
const KEPT: usize = 256;

impl Made {
    fn get(&self, key: &(Date, String, Level)) -> Option<Arc<Generated>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).get(key).cloned()
    }

    fn put(&self, key: (Date, String, Level), made: Arc<Generated>) {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= KEPT {
            let newest = key.0;
            map.retain(|k, _| k.0 >= newest);
        }
        map.insert(key, made);
    }
}

/// The puzzle of a date: the same for everyone who asks for that date,
/// board and level.
#[utoipa::path(get, path = "/api/v1/daily", tag = "puzzles", params(DailyQuery),
    responses(
        (status = 200, description = "The puzzle of the date", body = DailyAnswer),
        (status = 400, description = "A bad parameter (a date not of the form YYYY-MM-DD, say)", body = ErrorAnswer),
        (status = 422, description = "Board too large, a level the board does not offer, or the time budget missed", body = ErrorAnswer),
        Busy,
    ))]
pub async fn daily(
    State(state): State<Arc<AppState>>,
    ApiQuery(q): ApiQuery<DailyQuery>,
) -> Result<Json<DailyAnswer>, ApiError> {
    let date = match &q.date {
        Some(text) => params::parse("date", text.trim())?,
        None => Date::today_utc(),
    };
    let rules = params::board_rules(&state, q.rules.as_deref(), q.r#box.as_deref(), q.size)?;
    let level = params::level(q.difficulty.as_deref())?.unwrap_or(Level::Medium);
    let with_solution = q.with_solution.unwrap_or(false);
    let boards = Boards::of(q.fpuzzles, q.sudokupad, rules.shape().size())?;
    let name = rules.to_string();
    let seed = daily_seed(date, &name, level);
    let answer = |item| Json(DailyAnswer { date: date.to_string(), item });
    let banked = |item: &Item| {
        let (puzzle, solution) = item.grids();
        boards.add(item.answer(with_solution), puzzle, solution).map(answer)
    };
    let mut record = state.bank().is_some();
    if let Some(bank) = state.bank() {
        match bank.daily(&date.to_string(), &rules, level, seed).await {
            Daily::Found(item) => return banked(&item),
            Daily::Missing => {}
            Daily::Unusable => record = false,
        }
    }
    let key = (date, name, level);
    let made = match state.dailies.get(&key) {
        Some(made) => made,
        None => {
            let made = Arc::new(make(&state, rules, level, seed).await?);
            state.dailies.put(key, Arc::clone(&made));
            made
        }
    };
    if let Some(bank) = state.bank().filter(|_| record) {
        let entry = {
            let made = Arc::clone(&made);
            state
                .pool()
                .run(made.puzzle.shape().size(), move || {
                    Entry::make(
                        &made,
                        seed,
                        Method::default(),
                        Symmetry::None,
                        &mut LogicSolver::new(),
                    )
                })
                .await?
        };
        if let Some(entry) = entry
            && let Some(item) = bank.record_daily(&date.to_string(), entry).await
        {
            return banked(&item);
        }
    }
    let item = GeneratedItem::new(0, seed, &made.puzzle, Method::default(), Symmetry::None)
        .with_rating(made.rating.as_ref());
    let item = if with_solution { item.with_solution(&made.solution) } else { item };
    boards.add(item, &made.puzzle, &made.solution).map(answer)
}

/// Item 0 of the generator of `rules` at `level` with `seed`, within the
/// service's time budget.
async fn make(
    state: &AppState,
    rules: Rules,
    level: Level,
    seed: u64,
) -> Result<Generated, ApiError> {
    let budget = state.config().time_budget;
    let size = rules.shape().size();
    state
        .pool()
        .run(size, move || {
            let options =
                Options::new(rules).rating(Some(level.into())).deadline(Deadline::after(budget));
            Generator::new(options, seed)
                .and_then(|g| g.puzzle(0))
                .map_err(|e| super::generate::generate_error(e, 0, 1, budget))
        })
        .await?
}
