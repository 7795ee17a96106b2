//! The one error shape of the API: `{"error": {"code", "message", "line"?,
//! "cell"?}}` (the engine's [`ErrorAnswer`]) with a 4xx status (503 when
//! the service is busy).
//!
//! Every error answer has this shape, whoever makes it: handlers and
//! extractors return an [`ApiError`]; an answer of 4xx or 5xx that a layer
//! made without a body gets one named after its status
//! ([`ApiError::from_status`], see [`crate::layers`]); and the errors of a
//! request head (408, 414, 431), answered before any handler runs, are
//! written by the connection guard (see [`crate::conn`]).
//!
//! [`ApiError`] is what handlers and extractors return; every rejection of
//! axum's extractors is turned into one ([`ApiJson`], [`ApiQuery`]), so a
//! client never sees a plain-text error. `code` is a stable machine name;
//! `message` says what is wrong and where, for a person.

use std::time::Duration;

use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Query, Request};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use sudokit::format::ReadError;
use sudokit::wire::{Error, ErrorAnswer};
use utoipa::IntoResponses;

/// An API error: a status and the JSON body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong: the body is `{"error": body}`.
    pub body: Error,
    /// Seconds a client should wait before retrying (503 only).
    pub retry_after: Option<u32>,
}

impl ApiError {
    /// An error with `status`, `code` and `message`.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError { status, body: Error::new(code, message), retry_after: None }
    }

    /// 400 `invalid_parameter`: a field or query parameter has a bad value.
    pub fn parameter(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "invalid_parameter", message)
    }

    /// 400 `invalid_parameter` naming the parameter: "`name`: `why`".
    pub fn invalid(name: &str, why: impl std::fmt::Display) -> ApiError {
        ApiError::parameter(format!("{name}: {why}"))
    }

    /// 422 with `code`: the request is well formed but cannot be served.
    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

    /// 422 `invalid_puzzle` from a parse error, with its line and cell.
    pub fn puzzle(err: &ReadError) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            body: Error::read("invalid_puzzle", err),
            retry_after: None,
        }
    }

    /// 503 `busy` with `Retry-After: 1`.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError {
            retry_after: Some(1),
            ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", message)
        }
    }

    /// 408 `request_timeout`: the request (`what`: its head or its body) did
    /// not arrive within `limit`.
    pub fn request_timeout(what: &str, limit: Duration) -> ApiError {
        ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "request_timeout",
            format!("the request {what} did not arrive within {} s", limit.as_secs_f64()),
        )
    }

    /// 413 `body_too_large`: the body is over `limit` bytes.
    pub fn body_too_large(limit: usize) -> ApiError {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "body_too_large",
            format!("the request body is over the limit of {limit} bytes"),
        )
    }

    /// 414 `uri_too_long`: the request line is over `limit` bytes.
    pub fn uri_too_long(limit: usize) -> ApiError {
        ApiError::new(
            StatusCode::URI_TOO_LONG,
            "uri_too_long",
            format!("the request line (method, path and query) is over the limit of {limit} bytes"),
        )
    }

    /// 431 `headers_too_large`: the head is over `bytes` bytes or
    /// `headers` header lines.
    pub fn headers_too_large(bytes: usize, headers: usize) -> ApiError {
        ApiError::new(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            "headers_too_large",
            format!(
                "the request headers are over the limit of {bytes} bytes or {headers} \
                 header lines"
            ),
        )
    }

    /// The error for an answer of `status` that came without a body (from
    /// a layer rather than a handler): a code named after the status.
    pub fn from_status(status: StatusCode) -> ApiError {
        let (code, message) = match status.as_u16() {
            400 => ("bad_request", "the request is malformed"),
            404 => ("not_found", "no such path; the API is under /api/v1"),
            405 => ("method_not_allowed", "this path does not take that method"),
            408 => ("request_timeout", "the request did not arrive in time"),
            413 => ("body_too_large", "the request body is larger than this service accepts"),
            414 => ("uri_too_long", "the request line is longer than this service accepts"),
            415 => ("unsupported_media_type", "the body must be JSON (application/json)"),
            422 => ("unprocessable", "the request cannot be served"),
            429 => ("too_many_requests", "too many requests; retry shortly"),
            431 => {
                ("headers_too_large", "the request headers are larger than this service accepts")
            }
            503 => ("busy", "the service is busy; retry shortly"),
            500..=599 => return ApiError { status, ..ApiError::internal() },
            _ => ("http_error", status.canonical_reason().unwrap_or("the request failed")),
        };
        ApiError::new(status, code, message)
    }

    /// 500 `internal`: a bug, never the client's input.
    pub fn internal() -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "internal error: this is a bug in sudokit, not a problem with the request",
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(ErrorAnswer::from(self.body))).into_response();
        if let Some(secs) = self.retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> ApiError {
        let status = r.status();
        let code = match status {
            StatusCode::PAYLOAD_TOO_LARGE => "body_too_large",
            StatusCode::UNSUPPORTED_MEDIA_TYPE => "unsupported_media_type",
            StatusCode::UNPROCESSABLE_ENTITY => "invalid_field",
            _ => "malformed_json",
        };
        let status = if status.is_client_error() { status } else { StatusCode::BAD_REQUEST };
        ApiError::new(status, code, body_message(&r.body_text()))
    }
}

/// A JSON body rejection's text in the service's words: `body: ` and what
/// serde says is wrong, without axum's preamble, and without the names of
/// the service's own types (a body that is not an object, `[]` or `null`,
/// is told to be one).
fn body_message(text: &str) -> String {
    let text = [
        "Failed to deserialize the JSON body into the target type: ",
        "Failed to parse the request body as JSON: ",
    ]
    .iter()
    .find_map(|preamble| text.strip_prefix(preamble))
    .unwrap_or(text);
    if text.contains("expected struct ") {
        let at = text.find(" at line ").map_or("", |i| &text[i..]);
        return format!("body: the body must be a JSON object of the request's fields{at}");
    }
    format!("body: {text}")
}

impl From<QueryRejection> for ApiError {
    fn from(r: QueryRejection) -> ApiError {
        ApiError::parameter(r.body_text())
    }
}

/// `Json<T>` whose rejections are [`ApiError`]s.
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<ApiJson<T>, ApiError> {
        Ok(ApiJson(Json::<T>::from_request(req, state).await?.0))
    }
}

/// `Query<T>` whose rejections are [`ApiError`]s.
#[derive(Debug)]
pub struct ApiQuery<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for ApiQuery<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<ApiQuery<T>, ApiError> {
        Ok(ApiQuery(Query::<T>::from_request_parts(parts, state).await?.0))
    }
}

/// The fallback for unknown paths: 404 `not_found`.
pub async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such path; the API is under /api/v1")
}

/// The fallback for a known path with another method: 405 `method_not_allowed`.
pub async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this path does not take that method (see /api/v1/openapi.json)",
    )
}

/// The refusals of a handler whose one parameter is its JSON body, for the
/// `responses` of its `#[utoipa::path]`: 400, 413 (the body limit holds
/// for every route) and 415.
#[derive(Debug, IntoResponses)]
pub enum BodyRefusals {
    /// 400: the body is not the request's JSON.
    #[response(status = 400, description = "Malformed JSON")]
    Malformed(ErrorAnswer),
    /// 413: the body is over the limit.
    #[response(status = 413, description = "Body too large")]
    TooLarge(ErrorAnswer),
    /// 415: the body is not sent as JSON.
    #[response(status = 415, description = "The body's content type is not application/json")]
    NotJson(ErrorAnswer),
}

/// 413 and 415, for the `responses` of a handler with a JSON body that
/// documents its own 400.
#[derive(Debug, IntoResponses)]
pub enum BodyLimits {
    /// 413: the body is over the limit.
    #[response(status = 413, description = "Body too large")]
    TooLarge(ErrorAnswer),
    /// 415: the body is not sent as JSON.
    #[response(status = 415, description = "The body's content type is not application/json")]
    NotJson(ErrorAnswer),
}

/// 422 `board_too_large`, for the `responses` of a handler whose only
/// refusal of a readable request is a board over the service's size limit.
#[derive(Debug, IntoResponses)]
#[response(status = 422, description = "Board too large")]
pub struct BoardTooLarge(pub ErrorAnswer);

/// 503, for the `responses` of a handler that runs on the worker pool.
#[derive(Debug, IntoResponses)]
#[response(status = 503, description = "Busy")]
pub struct Busy(pub ErrorAnswer);
