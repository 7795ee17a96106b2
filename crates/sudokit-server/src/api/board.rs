//! What the web page shows about boards, from the engine's own tables and
//! methods rather than rebuilt in the page:
//! - `GET /api/v1/geometry`: a board's houses and extra peers, to draw
//!   regions, diagonals and windows and to highlight peers;
//! - `GET /api/v1/construct`: how a full grid is made by each construction
//!   method, step by step ("How it's made").

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use sudokit::generate::{MAX_CONSTRUCT_SIZE, Method, construct};
use sudokit::wire::{ConstructionAnswer, ErrorAnswer, Geometry};
use sudokit::{Rules, Shape};
use utoipa::IntoParams;

use super::AppState;
use crate::error::{ApiError, ApiQuery};

/// The board whose geometry is asked for: a rule set, or a box shape.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct GeometryQuery {
    /// The rules by name, as a board's `rules` field carries them (`9+x`,
    /// `9+windoku`, `6+jigsaw=...`); they imply the shape.
    pub rules: Option<String>,
    /// Box shape `RxC` of a board with classic rules (e.g. `3x3`).
    #[serde(rename = "box")]
    #[param(rename = "box")]
    pub box_shape: Option<String>,
}

/// A board's houses (rows, columns, boxes or regions, then extra houses)
/// and each cell's peers outside its houses.
#[utoipa::path(get, path = "/api/v1/geometry", tag = "puzzles", params(GeometryQuery),
    responses(
        (status = 200, description = "The board's houses and extra peers", body = Geometry),
        (status = 400, description = "Neither or both of rules and box, or a bad name", body = ErrorAnswer),
        (status = 422, description = "Board too large", body = ErrorAnswer),
    ))]
pub async fn geometry(
    State(state): State<Arc<AppState>>,
    ApiQuery(query): ApiQuery<GeometryQuery>,
) -> Result<Json<Geometry>, ApiError> {
    let rules = match (&query.rules, &query.box_shape) {
        (Some(name), None) => {
            name.parse::<Rules>().map_err(|e| ApiError::parameter(format!("rules: {e}")))?
        }
        (None, Some(b)) => Rules::classic(state.box_shape(b)?),
        (None, None) => Rules::classic(Shape::CLASSIC),
        (Some(_), Some(_)) => {
            return Err(ApiError::parameter("give rules or box, not both (rules imply the shape)"));
        }
    };
    state.check_size(rules.shape())?;
    Ok(Json(Geometry::new(&rules)))
}

/// The most steps a construction answer holds.
pub const MAX_BUILD_STEPS: usize = 20_000;

/// The construction to record; every parameter is optional.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct ConstructQuery {
    /// Box shape `RxC` (default `3x3`), up to 16x16.
    #[serde(rename = "box")]
    #[param(rename = "box")]
    pub box_shape: Option<String>,
    /// `backtrack`, `shift`, `rows`, `digits` or `solver` (default `backtrack`).
    pub method: Option<String>,
    /// The seed (default 1).
    pub seed: Option<u64>,
}

/// A full grid and the steps of the construction method that made it (at
/// most 20,000 steps; `cut` says when more were left out).
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
    let shape = match &query.box_shape {
        Some(b) => state.box_shape(b)?,
        None => Shape::CLASSIC,
    };
    let method = match &query.method {
        Some(name) => {
            name.parse::<Method>().map_err(|e| ApiError::parameter(format!("method: {e}")))?
        }
        None => Method::Backtrack,
    };
    if shape.size() > MAX_CONSTRUCT_SIZE {
        let n = shape.size();
        return Err(ApiError::unprocessable(
            "board_too_large",
            format!(
                "constructions are shown for boards up to {MAX_CONSTRUCT_SIZE}x{MAX_CONSTRUCT_SIZE}, not {n}x{n}"
            ),
        ));
    }
    let seed = query.seed.unwrap_or(1);
    let made = state
        .pool()
        .run(shape.size(), move || construct(shape, method, seed, MAX_BUILD_STEPS))
        .await?
        .map_err(|e| ApiError::unprocessable("unsupported", e.to_string()))?;
    Ok(Json(ConstructionAnswer::new(&made, seed)))
}
