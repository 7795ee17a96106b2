//! What the web page shows about boards, from the engine's own tables and
//! methods rather than rebuilt in the page:
//! - `GET /api/v1/geometry`: a board's houses and extra peers, to draw
//!   regions, diagonals and windows and to highlight peers;
//! - `GET /api/v1/construct`: how a full grid is made by each construction
//!   method, step by step, and how clues are then removed from it ("How
//!   it's made");
//! - `GET /api/v1/levels`: the named levels a board size (and variant)
//!   offers, for the level menu;
//! - `GET /api/v1/techniques`: the techniques a puzzle of a board size can
//!   be generated to need, for the practise menu.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use sudokit::Rules;
use sudokit::generate::{
    ConstructError, MAX_CONSTRUCT_SIZE, MakeRules, Method, Symmetry, construct, extras_refused,
    removal,
};
use sudokit::variant::Variants;
use sudokit::wire::{ConstructionAnswer, ErrorAnswer, Geometry, LevelsAnswer, TechniquesAnswer};
use utoipa::IntoParams;

use super::{AppState, params};
use crate::error::{ApiError, ApiQuery, BoardTooLarge};

/// The board whose geometry is asked for: a rule set, or a box shape.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct GeometryQuery {
    /// The rules by name, as a board's `rules` field carries them (`9+x`,
    /// `9+windoku`, `6+jigsaw=...`); they imply the shape.
    pub rules: Option<String>,
    /// Box shape `RxC` of a board with classic rules (e.g. `3x3`).
    pub r#box: Option<String>,
}

/// A board's houses (rows, columns, boxes or regions, then extra houses)
/// and each cell's peers outside its houses.
#[utoipa::path(get, path = "/api/v1/geometry", tag = "puzzles", params(GeometryQuery),
    responses(
        (status = 200, description = "The board's houses and extra peers", body = Geometry),
        (status = 400, description = "Neither or both of rules and box, or a bad name", body = ErrorAnswer),
        BoardTooLarge,
    ))]
pub async fn geometry(
    State(state): State<Arc<AppState>>,
    ApiQuery(query): ApiQuery<GeometryQuery>,
) -> Result<Json<Geometry>, ApiError> {
    let rules = match (&query.rules, query.r#box.as_deref()) {
        (Some(name), None) => {
            let rules: Rules = params::parse("rules", name)?;
            state.check_size(rules.shape())?;
            rules
        }
        (None, b) => Rules::classic(state.box_or_classic(b)?),
        (Some(_), Some(_)) => {
            return Err(ApiError::parameter("give rules or box, not both (rules imply the shape)"));
        }
    };
    Ok(Json(Geometry::new(&rules)))
}

/// The board size whose levels are asked for, and the variants.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct LevelsQuery {
    /// Box shape `RxC` (default `3x3`).
    pub r#box: Option<String>,
    /// Variants, comma-separated, as `generate` takes them (`x`,
    /// `killer`, `windoku,thermo`...). Variants that add houses or cells
    /// that differ offer the size's levels; `killer`, `thermo`, `kropki`
    /// and `even-odd` draw constraints and offer the levels made by adding
    /// givens within the budget on the sizes measured, or none
    /// (`unlevelled` says why).
    pub variant: Option<String>,
}

/// The board size whose techniques are asked for.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct TechniquesQuery {
    /// Box shape `RxC` (default `3x3`).
    pub r#box: Option<String>,
}

/// The named levels a board size offers, easiest first, each with its band
/// of ratings (ER); `difficulty` on `/generate` takes these names, and
/// refuses the others for that size. With `variant`, the levels of that
/// variant's puzzles: with drawn constraints, those made by adding givens.
#[utoipa::path(get, path = "/api/v1/levels", tag = "generate", params(LevelsQuery),
    responses(
        (status = 200, description = "The levels the size offers", body = LevelsAnswer),
        (status = 400, description = "A bad box shape or variant", body = ErrorAnswer),
        BoardTooLarge,
    ))]
pub async fn levels(
    State(state): State<Arc<AppState>>,
    ApiQuery(query): ApiQuery<LevelsQuery>,
) -> Result<Json<LevelsAnswer>, ApiError> {
    let shape = state.box_or_classic(query.r#box.as_deref())?;
    let Some(text) = &query.variant else {
        return Ok(Json(LevelsAnswer::new(shape)));
    };
    let variants: Variants = params::parse("variant", text)?;
    let made = MakeRules::from(Rules::classic(shape))
        .with_variants(&variants)
        .map_err(|e| ApiError::invalid("variant", e))?;
    if let Some(refused) = made.refused() {
        return Err(ApiError::invalid("variant", refused));
    }
    if let Some(refused) = extras_refused(variants.extras(), shape) {
        return Err(ApiError::invalid("variant", refused));
    }
    Ok(Json(LevelsAnswer::of_made(&made, variants.extras())))
}

/// The techniques on the rating ladder that a puzzle of the size can need,
/// easiest first, each with its name, id and base rating (ER); `needs` and
/// `hardest` on `/generate` take these ids, and refuse the others for that
/// size with the reason.
#[utoipa::path(get, path = "/api/v1/techniques", tag = "generate", params(TechniquesQuery),
    responses(
        (status = 200, description = "The techniques the size can need", body = TechniquesAnswer),
        (status = 400, description = "A bad box shape", body = ErrorAnswer),
        BoardTooLarge,
    ))]
pub async fn techniques(
    State(state): State<Arc<AppState>>,
    ApiQuery(query): ApiQuery<TechniquesQuery>,
) -> Result<Json<TechniquesAnswer>, ApiError> {
    let shape = state.box_or_classic(query.r#box.as_deref())?;
    Ok(Json(TechniquesAnswer::new(shape)))
}

/// The most steps a construction answer holds.
pub const MAX_BUILD_STEPS: usize = 20_000;

/// The construction to record; every parameter is optional.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ConstructQuery {
    /// Box shape `RxC` (default `3x3`), up to 16x16.
    pub r#box: Option<String>,
    /// `backtrack`, `shift`, `rows`, `digits` or `solver` (default `backtrack`).
    pub method: Option<String>,
    /// The seed (default 1).
    pub seed: Option<u64>,
    /// `true` to carve a puzzle from the grid too, recording each orbit of
    /// clues tried (default `false`).
    pub carve: Option<bool>,
    /// The symmetry of the carved clues: `none` (default), `rot180`,
    /// `rot90`, `mirror-h`, `mirror-v`, `diagonal`, `anti-diagonal`,
    /// `both-mirrors`, `both-diagonals` or `full`.
    pub symmetry: Option<String>,
}

/// A full grid and the steps of the construction method that made it (at
/// most 20,000 steps; `cut` says when more were left out); with `carve`,
/// also the clue removal that carves a puzzle from it.
#[utoipa::path(get, path = "/api/v1/construct", tag = "generate", params(ConstructQuery),
    responses(
        (status = 200, description = "The grid and its construction", body = ConstructionAnswer),
        (status = 400, description = "A bad box shape or method", body = ErrorAnswer),
        (status = 422, description = "A board larger than 16x16, or the method gave up", body = ErrorAnswer),
    ))]
pub async fn construction(
    State(state): State<Arc<AppState>>,
    ApiQuery(query): ApiQuery<ConstructQuery>,
) -> Result<Json<ConstructionAnswer>, ApiError> {
    let shape = state.box_or_classic(query.r#box.as_deref())?;
    let method = params::parse_opt("method", query.method.as_deref())?;
    let method = method.unwrap_or(Method::Backtrack);
    if shape.size() > MAX_CONSTRUCT_SIZE {
        let n = shape.size();
        return Err(ApiError::unprocessable(
            "board_too_large",
            format!(
                "constructions are shown for boards up to {MAX_CONSTRUCT_SIZE}x{MAX_CONSTRUCT_SIZE}, not {n}x{n}"
            ),
        ));
    }
    let symmetry = params::parse_opt("symmetry", query.symmetry.as_deref())?;
    let symmetry = symmetry.unwrap_or(Symmetry::None);
    let carve = query.carve.unwrap_or(false);
    let seed = query.seed.unwrap_or(1);
    let (made, carved) = state
        .pool()
        .run(shape.size(), move || {
            let made = construct(shape, method, seed, MAX_BUILD_STEPS)?;
            let carved = carve.then(|| removal(&made.grid, symmetry, seed));
            Ok::<_, ConstructError>((made, carved))
        })
        .await?
        .map_err(|e| ApiError::unprocessable("unsupported", e.to_string()))?;
    let answer = ConstructionAnswer::new(&made, seed);
    Ok(Json(match &carved {
        Some(c) => answer.with_removal(c),
        None => answer,
    }))
}
