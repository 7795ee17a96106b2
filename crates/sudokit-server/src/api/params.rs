//! The parameters `generate` and `daily` share, each parsed in one place:
//! the board (`size`, `box` or `rules`: `board_rules`), the level
//! (`difficulty`: `level`) and the client key (`client`: `client_key`);
//! and `parse`/`parse_opt` for any parameter read by `FromStr`.
//! Every error names the parameter first (`size: ...`, `difficulty: ...`).

use std::fmt::Display;
use std::str::FromStr;

use sudokit::logic::Level;
use sudokit::{Rules, Shape, ShapeError};

use super::AppState;
use crate::error::ApiError;

/// The longest `client` key accepted.
pub const MAX_CLIENT_KEY: usize = 128;

/// Parameter `name` read from `text`; a bad value is 400 naming `name`.
pub(crate) fn parse<T: FromStr<Err: Display>>(name: &str, text: &str) -> Result<T, ApiError> {
    text.parse().map_err(|e| ApiError::invalid(name, e))
}

/// The optional parameter `name`: [`parse`] of `text` when given.
pub(crate) fn parse_opt<T: FromStr<Err: Display>>(
    name: &str,
    text: Option<&str>,
) -> Result<Option<T>, ApiError> {
    text.map(|t| parse(name, t)).transpose()
}

/// The rules of the `rules`, `box` and `size` parameters (at most one of
/// `rules` and the others; the classic 9x9 rules by default), each checked.
pub(crate) fn board_rules(
    state: &AppState,
    rules: Option<&str>,
    box_shape: Option<&str>,
    size: Option<usize>,
) -> Result<Rules, ApiError> {
    let rules = match (rules, box_shape, size) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => {
            return Err(ApiError::parameter("give rules, or size or box, not both"));
        }
        (Some(text), None, None) => {
            let rules: Rules = parse("rules", text)?;
            state.check_size(rules.shape())?;
            Some(rules)
        }
        _ => None,
    };
    let shape = match (&rules, box_shape, size) {
        (Some(rules), _, _) => return Ok(rules.clone()),
        (None, Some(b), n) => {
            let shape = state.box_shape(b)?;
            if let Some(n) = n.filter(|&n| n != shape.size()) {
                return Err(ApiError::parameter(format!(
                    "size={n} and box={b} disagree: {b} boxes make a {0}x{0} board; give size \
                     or box, not both",
                    shape.size()
                )));
            }
            shape
        }
        (None, None, n) => {
            let n = n.unwrap_or(9);
            let shape = Shape::from_size(n).map_err(|e| match e {
                ShapeError::NoNaturalBox { size } => ApiError::parameter(format!(
                    "size: a {size}x{size} board has no natural box shape; name the boxes \
                     with box (box=1x{size} for boxes of one row)"
                )),
                e => ApiError::invalid("size", e),
            })?;
            state.check_size(shape)?;
            shape
        }
    };
    Ok(Rules::classic(shape))
}

/// The level named by a `difficulty` parameter, if any.
pub(crate) fn level(difficulty: Option<&str>) -> Result<Option<Level>, ApiError> {
    parse_opt("difficulty", difficulty)
}

/// The `client` key (the empty key when none is given), checked for length.
pub(crate) fn client_key(client: Option<&str>) -> Result<&str, ApiError> {
    let client = client.unwrap_or("");
    let chars = client.chars().count();
    if chars > MAX_CLIENT_KEY {
        return Err(ApiError::parameter(format!(
            "client: a key of {chars} characters is longer than {MAX_CLIENT_KEY}"
        )));
    }
    Ok(client)
}
