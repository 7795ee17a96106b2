//! `GET /api/v1/generate`: puzzles with exactly one solution.
//!
//! Item `i` of a request is `Generator::puzzle(i)` for the request's seed,
//! the same call the CLI makes, so a seed names its puzzles. As in the CLI,
//! a puzzle equal to an earlier one of the same request is skipped and the
//! next index takes its place, so `count` puzzles are all different (each
//! answer carries its `index`); a shape with too few distinct puzzles (4x4)
//! ends with 422 `too_few_distinct` after `20 * count + 100` tries.
//!
//! Whole or error: the whole request shares one time budget
//! ([`Config::time_budget`](crate::Config)), counted from the start of the
//! work, as the generator's deadline. Every item answered meets the
//! request (unique, in the clue range, minimal when asked, in the rating
//! range, using the techniques asked for), and the items do not depend on the clock: when the budget runs
//! out before all `count` are finished the answer is 422 `budget_exceeded`
//! saying how many were finished and what to ask for instead, never a
//! shorter list or a cruder puzzle.
//!
//! With a puzzle bank (`sudokit serve --bank`), a *bankable* request — a
//! `size`, `box`, `rules` or a `variant` that only adds houses or cells
//! that differ (x, windoku, anti-knight, anti-king, non-consecutive) and a
//! `difficulty`, `needs` or `hardest` (any of them together), optionally
//! `count`, `with_solution` and `client`, nothing else — is answered from
//! the bank at once with stored puzzles of that board that meet it (any
//! stored puzzle whose level, path and hardest step meet it, whatever fill
//! stored it) and that the `client` key (default: the empty key) has not
//! had in its current round (see [`crate::bank`]); when the round has fewer
//! than `count` left, the rest is generated live, and every other request
//! is generated live. The header `X-Sudokit-Source` says which (`bank`,
//! `mixed` or `live`); a puzzle from the bank carries the `seed` and `index`
//! that make it again.
//!
//! A live 9x9 `diabolical` request (or a `rating` from 9.5 up) with no
//! other target is served as the generator serves it: an entry of the
//! catalogue of the hardest known puzzles under a random transform, rated
//! afresh, with `method` `catalogue`
//! ([`Options::draws_from_catalogue`](sudokit::generate::Options::draws_from_catalogue)).

use std::collections::HashSet;
use std::fmt::Display;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use sudokit::generate::technique_occurs;
use sudokit::generate::{
    Carving, ClueRange, Extras, GenerateError, Generated, Generator, MakeRules, Method, Options,
    Sought, Symmetry,
};
use sudokit::logic::{RatingRange, Technique};
use sudokit::variant::Variants;
use sudokit::wire::{ErrorAnswer, GeneratedItem};
use sudokit::{Deadline, Grid, Rules, Shape};
use sudokit_bank::Target;
use utoipa::{IntoParams, ToSchema};

use super::{AppState, line, params};
use crate::bank::item::Item;
use crate::error::{ApiError, ApiQuery, Busy};

/// The query of `generate`; every parameter is optional.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct GenerateQuery {
    /// Board side (4, 6, 8, 9, 10, 12, 16, 25, ...; default 9). A prime side
    /// has no natural box shape and is refused: name the boxes with `box`.
    pub size: Option<usize>,
    /// Box shape `RxC` instead of `size` (e.g. `4x3`).
    pub r#box: Option<String>,
    /// Rules instead of `size` or `box`: the board and its extra houses,
    /// e.g. `9+x`, `9+windoku`, `9+anti-knight`, `6+jigsaw=<one region
    /// symbol per cell>`. Each answer's `rules` names them again.
    pub rules: Option<String>,
    /// Variants, comma-separated: `x`, `windoku`, `anti-knight`,
    /// `anti-king`, `non-consecutive` add their rules to the board (of
    /// `size`, `box` or `rules`); `killer` (cages without givens), `thermo`,
    /// `kropki` (every dot given) and `even-odd` draw their constraints
    /// from each solution (when two or more drawn together leave puzzles
    /// below the `difficulty` asked, later grids draw fewer thermometers
    /// and marks and half the dots, and no `all_dots`), and each answer
    /// carries them (`cages`, `thermos`, `dots`, `all_dots`, `even`,
    /// `odd`) and names them in `rules`. `jigsaw` takes its regions from `rules` (`N+jigsaw=...`),
    /// or else draws random regions for each puzzle (connected, fillable;
    /// sides 4 to 16), which each answer's `rules` names (`9+jigsaw=...`).
    pub variant: Option<String>,
    /// With `killer`: carve givens beside the cages instead of refining the
    /// cages until none is needed (default false).
    pub killer_givens: Option<bool>,
    /// A rated level on the Sudoku Explainer scale: `easy` (ER up to 1.5),
    /// `medium` (1.6-2.8), `hard` (2.9-4.4), `expert` (4.5-6.9), `evil`
    /// (7.0-8.9), `extreme` (9.0-9.9), `diabolical` (10.0+; these two on
    /// 9x9 only).
    /// Candidates are rated until one falls in the level.
    pub difficulty: Option<String>,
    /// A rating range `A-B`, `A+` or `A` instead of `difficulty` (e.g. `6.5-8.0`).
    pub rating: Option<String>,
    /// Techniques the logical path must use, comma-separated (e.g.
    /// `x-wing,swordfish`): the rater's path (always the easiest step next)
    /// uses each at least once. Names as the `hint` and `explain` answers
    /// give them; case, spaces and `-` are ignored (`X-Wing`, `x wing`,
    /// `xwing`). Puzzles are carved with the rater in the loop until a
    /// removal forces the techniques. With `difficulty` or `rating` the ER
    /// must lie in the range too; not with `clues` or `minimal`. A
    /// technique that cannot occur on the board (jellyfish on 4x4, chains
    /// above 16x16, finned fish, which are not on the rating path) is
    /// refused with 422 `impossible`.
    pub needs: Option<String>,
    /// The technique of the path's hardest step (the one ER comes from),
    /// named as for `needs`, e.g. `xy-wing`.
    pub hardest: Option<String>,
    /// A clue count `N`, a range `A-B`, or a 9x9 clue preset `easy` (36-45),
    /// `medium` (27-35), `hard` (19-26). Without a clue target puzzles are
    /// minimal (no clue can be removed), except `difficulty` `easy` (see `minimal`).
    pub clues: Option<String>,
    /// Clue symmetry: none, rot180, rot90, mirror-h, mirror-v, diagonal,
    /// anti-diagonal, both-mirrors, both-diagonals, full (default none).
    pub symmetry: Option<String>,
    /// Full-grid method: backtrack, shift, rows, digits, solver (default backtrack).
    pub method: Option<String>,
    /// How uniqueness is proved while carving: auto, exact, logic (default auto).
    pub carving: Option<String>,
    /// With a clue target, or `difficulty` `easy` (otherwise carved while
    /// singles solve it, not always minimal): also minimal.
    pub minimal: Option<bool>,
    /// The seed (default: a fresh one, below 2^53 so JavaScript keeps it exact).
    pub seed: Option<u64>,
    /// How many puzzles (default 1; at most the service's limit, 100 by default).
    /// With more than 1 the answer is an array.
    pub count: Option<u32>,
    /// Include each puzzle's solution (default false).
    pub with_solution: Option<bool>,
    /// Also answer each puzzle as an f-puzzles board (`fpuzzles`: the JSON
    /// text that f-puzzles and SudokuPad open, with the puzzle's rules and,
    /// with `with_solution`, its solution); boards up to 16x16 (default
    /// false).
    pub fpuzzles: Option<bool>,
    /// Also answer each puzzle as a SudokuPad link (`sudokupad`: with the
    /// puzzle's rules and, with `with_solution`, its solution) (default
    /// false).
    pub sudokupad: Option<bool>,
    /// A client key (up to 128 characters, e.g. a user id): with a puzzle
    /// bank, the same key is never handed the same puzzle twice until it
    /// has had every banked puzzle of that board meeting the request's
    /// level and techniques. Ignored without a bank.
    pub client: Option<String>,
}

/// The header naming where the generated puzzles came from: `bank`, `live`,
/// or `mixed` (some of each).
pub const SOURCE_HEADER: &str = "x-sudokit-source";

pub use super::params::MAX_CLIENT_KEY;

/// One puzzle, or an array with `count` > 1.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum GenerateResponse {
    /// The puzzle.
    One(Box<GeneratedItem>),
    /// The puzzles, in index order.
    Many(Vec<GeneratedItem>),
}

/// Generates puzzles with exactly one solution.
#[utoipa::path(get, path = "/api/v1/generate", tag = "puzzles", params(GenerateQuery),
    responses(
        (status = 200, description = "The puzzle (an array when count > 1); the header \
            X-Sudokit-Source says whether it came from the puzzle bank or was generated live",
            body = GenerateResponse,
            headers(("x-sudokit-source" = String, description = "bank, live or mixed"))),
        (status = 400, description = "A bad parameter", body = ErrorAnswer),
        (status = 422, description = "Board too large, an impossible target, or the time budget missed", body = ErrorAnswer),
        Busy,
    ))]
pub async fn generate(
    State(state): State<Arc<AppState>>,
    ApiQuery(q): ApiQuery<GenerateQuery>,
) -> Result<([(&'static str, &'static str); 1], Json<GenerateResponse>), ApiError> {
    let options = options(&state, &q)?;
    let max = state.config().max_count;
    let count = q.count.unwrap_or(1);
    if count == 0 || count > max {
        return Err(ApiError::parameter(format!("count {count}: expected 1 to {max}")));
    }
    let client = params::client_key(q.client.as_deref())?;
    let with_solution = q.with_solution.unwrap_or(false);
    let boards = Boards::of(q.fpuzzles, q.sudokupad, options.get_shape().size())?;
    let wrap = |mut items: Vec<GeneratedItem>| {
        if count == 1 {
            GenerateResponse::One(Box::new(items.pop().expect("one item was made")))
        } else {
            GenerateResponse::Many(items)
        }
    };
    // A banked item's answer, as a live one's is made below.
    let from_bank = |item: &Arc<Item>| {
        let answer = item.answer(with_solution);
        let (puzzle, solution) = item.grids();
        boards.add(answer, puzzle, solution)
    };
    let mut banked = Vec::new();
    if let (Some(bank), Some(target)) = (state.bank(), bank_target(&q, &options)?) {
        banked = bank.take(client, options.get_rules(), &target, count as usize).await;
        if banked.len() == count as usize {
            let items = banked.iter().map(from_bank).collect::<Result<_, _>>()?;
            return Ok(([(SOURCE_HEADER, "bank")], Json(wrap(items))));
        }
    }
    let seed = q.seed.unwrap_or_else(fresh_seed);
    let budget = state.config().time_budget;
    let (method, symmetry) = (options.get_method(), options.get_symmetry());
    let from_catalogue = options.draws_from_catalogue();
    let size = options.get_shape().size();
    let avoid: HashSet<String> = banked.iter().map(|item| item.line().to_string()).collect();
    let live = count - banked.len() as u32;
    let made = state.pool().run(size, move || make(options, seed, live, budget, avoid)).await??;
    let source = if banked.is_empty() { "live" } else { "mixed" };
    let items = banked
        .iter()
        .map(from_bank)
        .chain(made.into_iter().map(|g| {
            let item = GeneratedItem::new(g.index, seed, &g.puzzle, method, symmetry)
                .with_rating(g.rating.as_ref());
            let item = if from_catalogue { item.from_catalogue() } else { item };
            let item = if with_solution { item.with_solution(&g.solution) } else { item };
            boards.add(item, &g.puzzle, &g.solution)
        }))
        .collect::<Result<_, _>>()?;
    Ok(([(SOURCE_HEADER, source)], Json(wrap(items))))
}

/// The boards a `generate` or `daily` answer adds to each puzzle: its
/// f-puzzles board, its SudokuPad link.
#[derive(Clone, Copy, Debug)]
pub(super) struct Boards {
    fpuzzles: bool,
    sudokupad: bool,
}

impl Boards {
    /// The boards the options `fpuzzles` and `sudokupad` ask for, on a
    /// board of side `size`; 400 for f-puzzles boards above 16x16.
    pub(super) fn of(
        fpuzzles: Option<bool>,
        sudokupad: Option<bool>,
        size: usize,
    ) -> Result<Boards, ApiError> {
        let fpuzzles = fpuzzles.unwrap_or(false);
        if fpuzzles && size > 16 {
            return Err(ApiError::parameter(format!(
                "fpuzzles: f-puzzles boards go up to 16x16, this board is {size}x{size}"
            )));
        }
        Ok(Boards { fpuzzles, sudokupad: sudokupad.unwrap_or(false) })
    }

    /// `item` with the boards of `puzzle` (and `solution`, when the item
    /// carries it); 422 `unsupported` naming what a format cannot hold.
    pub(super) fn add(
        self,
        mut item: GeneratedItem,
        puzzle: &Grid,
        solution: &Grid,
    ) -> Result<GeneratedItem, ApiError> {
        let refused = |name: &str, e: &dyn std::fmt::Display| {
            ApiError::unprocessable("unsupported", format!("{name}: {e}"))
        };
        if self.fpuzzles {
            item = item.with_fpuzzles(puzzle, solution).map_err(|e| refused("fpuzzles", &e))?;
        }
        if self.sudokupad {
            item = item.with_sudokupad(puzzle, solution).map_err(|e| refused("sudokupad", &e))?;
        }
        Ok(item)
    }
}

/// The target of a bankable request (see the module docs), which a bank
/// may answer; `None` for any other request. The bank holds puzzles of a
/// board with their level, path and hardest step, so a request with drawn
/// constraints (`variant=killer`...) or any other generator option is
/// not bankable; `variant=x` and the like only name the board's rules, as
/// `rules` does. A technique that cannot occur on the board is left to
/// the live path, which refuses it with the reason.
fn bank_target(q: &GenerateQuery, options: &Options) -> Result<Option<Target>, ApiError> {
    let bankable = q.rating.is_none()
        && options.get_extras().is_none()
        && !options.get_random_regions()
        && q.clues.is_none()
        && q.symmetry.is_none()
        && q.method.is_none()
        && q.carving.is_none()
        && q.minimal.is_none()
        && q.seed.is_none();
    if !bankable {
        return Ok(None);
    }
    let level = params::level(q.difficulty.as_deref())?;
    let (needs, hardest) = (options.get_needs(), options.get_hardest());
    let rules = options.get_rules();
    let occurs = needs.iter().chain(&hardest).all(|&t| technique_occurs(t, rules).is_ok());
    if (level.is_none() && needs.is_empty() && hardest.is_none()) || !occurs {
        return Ok(None);
    }
    Ok(Some(Target::new(level, needs, hardest)))
}

/// The first `count` different puzzles in index order that are not in
/// `avoid` (puzzle lines of the query's own rules), under one deadline
/// `budget` from now. Two puzzles differ in their givens or their rules:
/// killer puzzles without givens, or jigsaw puzzles on random regions,
/// share an empty line and differ in their cages or regions.
fn make(
    options: Options,
    seed: u64,
    count: u32,
    budget: Duration,
    avoid: HashSet<String>,
) -> Result<Vec<Generated>, ApiError> {
    let options = options.deadline(Deadline::after(budget));
    let count = count as usize;
    let max_tries = 20 * count as u64 + 100;
    let mut out = Vec::with_capacity(count);
    let rules = options.get_rules().clone();
    let mut seen: HashSet<(String, Rules)> =
        avoid.into_iter().map(|line| (line, rules.clone())).collect();
    let mut index = 0;
    let generator = Generator::new(options, seed).map_err(|e| generate_error(e, 0, 1, budget))?;
    while out.len() < count {
        if index == max_tries {
            return Err(ApiError::unprocessable(
                "too_few_distinct",
                format!(
                    "only {} different puzzles in {index} tries: this shape has few distinct \
                     puzzles with these options; ask for fewer",
                    out.len()
                ),
            ));
        }
        let made =
            generator.puzzle(index).map_err(|e| generate_error(e, out.len(), count, budget))?;
        index += 1;
        if (count == 1 && seen.is_empty())
            || seen.insert((line(&made.puzzle), made.puzzle.rules().clone()))
        {
            out.push(made);
        }
    }
    Ok(out)
}

/// The generator options of a query, each parameter checked.
fn options(state: &AppState, q: &GenerateQuery) -> Result<Options, ApiError> {
    let rules = params::board_rules(state, q.rules.as_deref(), q.r#box.as_deref(), q.size)?;
    let shape = rules.shape();
    let rules = Some(rules);
    finish_options(q, rules, shape)
}

/// The value of parameter `name` whose values are names: trimmed and in
/// lower case (an empty one refused), then read as a `T`.
fn named<T: FromStr<Err: Display>>(
    name: &str,
    value: &Option<String>,
) -> Result<Option<T>, ApiError> {
    let Some(value) = value else { return Ok(None) };
    let value = value.trim().to_ascii_lowercase();
    if value.is_empty() {
        return Err(ApiError::invalid(name, "empty value"));
    }
    params::parse(name, &value).map(Some)
}

/// The options of a query for `rules`, the other parameters checked.
fn finish_options(
    q: &GenerateQuery,
    rules: Option<Rules>,
    shape: Shape,
) -> Result<Options, ApiError> {
    let clues = match &q.clues {
        Some(text) => {
            Some(ClueRange::parse_for(text, shape).map_err(|e| ApiError::invalid("clues", e))?)
        }
        None => None,
    };
    let rating = match (&q.rating, &q.difficulty) {
        (Some(_), Some(_)) => {
            return Err(ApiError::parameter("give difficulty or rating, not both"));
        }
        (Some(text), None) => Some(params::parse::<RatingRange>("rating", text)?),
        (None, Some(level)) => params::level(Some(level))?.map(Into::into),
        (None, None) => None,
    };
    let symmetry = named("symmetry", &q.symmetry)?.unwrap_or(Symmetry::None);
    let method = named("method", &q.method)?.unwrap_or(Method::Backtrack);
    let needs = match &q.needs {
        Some(list) => list
            .split(',')
            .map(|name| params::parse::<Technique>("needs", name))
            .collect::<Result<Vec<_>, _>>()?,
        None => Vec::new(),
    };
    let hardest = params::parse_opt::<Technique>("hardest", q.hardest.as_deref())?;
    let carving = named("carving", &q.carving)?.unwrap_or(Carving::Auto);
    let mut made = MakeRules::from(rules.unwrap_or_else(|| Rules::classic(shape)));
    let mut extras = Extras::none();
    if let Some(text) = &q.variant {
        let variants: Variants = params::parse("variant", text)?;
        made = made.with_variants(&variants).map_err(|e| ApiError::invalid("variant", e))?;
        extras = variants.extras();
    }
    if q.killer_givens.unwrap_or(false) {
        extras = extras
            .with_cage_givens()
            .map_err(|e| ApiError::parameter(format!("killer_givens: {e}")))?;
    }
    Ok(Options::new(made.rules)
        .random_regions(made.random_regions)
        .extras(extras)
        .method(method)
        .symmetry(symmetry)
        .clues(clues)
        .minimal(q.minimal.unwrap_or(false))
        .carving(carving)
        .rating(rating)
        .needs(&needs)
        .hardest(hardest))
}

/// The error answer for `e`, met after `done` of the `count` puzzles were
/// finished.
pub(crate) fn generate_error(
    e: GenerateError,
    done: usize,
    count: usize,
    budget: Duration,
) -> ApiError {
    let budget = budget.as_secs_f64();
    let finished = if count == 1 {
        String::new()
    } else {
        format!("{done} of the {count} puzzles asked for were finished; ")
    };
    let carve_rate = e.carve_rate().unwrap_or_default();
    match e {
        GenerateError::Impossible { reason } => ApiError::unprocessable("impossible", reason),
        GenerateError::OutOfTime { wanted, sought, best, carved, elapsed, .. } => {
            let secs = elapsed.as_secs_f64();
            let per_minute = f64::from(carved) * 60.0 / secs.max(1e-3);
            let best = match (sought, best) {
                // A rating target: the rate of candidates says how far it is.
                (Sought::Rating(range), _) => format!(
                    " ({carved} candidates carved and rated in {secs:.1} s, {per_minute:.0} a \
                     minute, none rated {range})"
                ),
                // A technique target: so does the rate of full grids carved.
                (Sought::Technique, _) => format!(" ({carve_rate}, none forced it)"),
                (Sought::Catalogue, _) => format!(
                    " ({carve_rate} from the catalogue of the hardest known puzzles, none met \
                     it)"
                ),
                (_, Some(b)) => format!(" (the fewest clues reached was {b})"),
                (_, None) => String::new(),
            };
            let fewer = if count > 1 { "fewer puzzles (count), " } else { "" };
            ApiError::unprocessable(
                "budget_exceeded",
                format!(
                    "{finished}{wanted} was not finished within this service's time budget of \
                     {budget:.1} s{best}; ask for {fewer}a smaller board or an easier target \
                     (more clues, a wider rating range, carving=logic on large boards)"
                ),
            )
        }
        GenerateError::NotReached { target, best, tries } => ApiError::unprocessable(
            "budget_exceeded",
            format!(
                "{finished}no puzzle with {target} clues in {tries} tries of logic carving (the \
                 fewest reached was {best}); ask for more clues or use carving=exact"
            ),
        ),
        GenerateError::RatingNotReached { target, tries } => ApiError::unprocessable(
            "budget_exceeded",
            format!(
                "{finished}no puzzle rated {target} among {tries} candidates; widen the rating \
                 range or pick another level"
            ),
        ),
        GenerateError::TargetNotReached { wanted, .. } => ApiError::unprocessable(
            "budget_exceeded",
            format!(
                "{finished}{wanted} was not found: no carve of the most full grids tried forced \
                 it ({carve_rate}, none forced it); ask for a technique that is more common on \
                 this board"
            ),
        ),
        e @ GenerateError::CatalogueTargetNotReached { .. } => {
            ApiError::unprocessable("budget_exceeded", format!("{finished}{e}"))
        }
        other => ApiError::unprocessable("unsupported", format!("{finished}{other}")),
    }
}

/// A seed from the clock, below 2^53 so a JavaScript number holds it exactly.
fn fresh_seed() -> u64 {
    let now =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let mixed = (now.as_nanos() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    mixed >> 11
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether a technique target ran out of time or out of full grids,
    /// the answer names the rate the grids were carved at: which one it
    /// is depends on the machine's speed, and a client (the page) shows
    /// the same reason either way.
    #[test]
    fn a_missed_technique_target_names_the_rate_however_it_ended() {
        let wanted = "a puzzle that needs Hidden Quad".to_string();
        let ends = [
            GenerateError::TargetNotReached {
                wanted: wanted.clone(),
                tries: 10_000,
                elapsed: Duration::from_secs(4),
            },
            GenerateError::OutOfTime {
                wanted,
                sought: Sought::Technique,
                best: None,
                carved: 3_000,
                limit: None,
                interrupted: false,
                elapsed: Duration::from_secs(2),
            },
        ];
        for (e, rate) in ends.into_iter().zip(["150000 a minute", "90000 a minute"]) {
            let said = generate_error(e, 0, 1, Duration::from_secs(2)).body.message;
            for words in ["Hidden Quad", "full grids carved in", rate, "none forced it"] {
                assert!(said.contains(words), "{words:?} missing from {said:?}");
            }
        }
    }
}
