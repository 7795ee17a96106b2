//! `GET /api/v1/geometry`: a board's houses and extra peers, so the web page
//! draws regions, diagonals and windows and highlights peers from the
//! engine's own tables rather than rebuilding them.

use std::sync::Arc;

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use sudokit::wire::{ErrorAnswer, Geometry};
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
