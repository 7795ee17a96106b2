//! The layers every request and answer passes through: the body read under
//! a deadline and a size limit, error answers made JSON, and the security
//! headers.
//!
//! - [`read_body`] reads a request body in full before any handler sees
//!   it, within [`BodyLimits`]: a body slower than its timeout answers 408,
//!   a larger one 413, both with `Connection: close` (the rest of the body
//!   is never read). Handlers therefore never wait on a client.
//! - [`json_errors`] gives every 4xx or 5xx answer without a body type the
//!   JSON error body of its status, so no layer's bare error reaches a
//!   client.
//! - [`SECURITY_HEADERS`] are set on every answer (and on the answers the
//!   connection guard writes itself). The page loads only its own files
//!   (`/app.css`, `/app.js`: no inline script or style, no other origin),
//!   so the policy allows `'self'` for scripts, styles, images and API
//!   calls and nothing else; no page may frame it.

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt;

use crate::error::ApiError;

/// The Content-Security-Policy of every answer.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// The security headers of every answer.
pub const SECURITY_HEADERS: [(HeaderName, &str); 4] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::REFERRER_POLICY, "no-referrer"),
];

/// How much of a request body is read, and for how long.
#[derive(Clone, Copy, Debug)]
pub struct BodyLimits {
    /// The largest body in bytes.
    pub max_bytes: usize,
    /// The time the whole body may take to arrive.
    pub timeout: Duration,
}

/// Reads the request body in full (within `limits`) and hands the request
/// on with the bytes; 408 or 413 with `Connection: close` otherwise.
pub async fn read_body(State(limits): State<BodyLimits>, req: Request, next: Next) -> Response {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limits.max_bytes as u64) {
        return closing(ApiError::body_too_large(limits.max_bytes));
    }
    if http_body::Body::is_end_stream(req.body()) {
        return next.run(req).await;
    }
    let (parts, body) = req.into_parts();
    let bytes = match tokio::time::timeout(limits.timeout, collect(body, limits.max_bytes)).await {
        Err(_) => return closing(ApiError::request_timeout("body", limits.timeout)),
        Ok(Err(e)) => return closing(e),
        Ok(Ok(bytes)) => bytes,
    };
    next.run(Request::from_parts(parts, Body::from(bytes))).await
}

/// The body's bytes, at most `max` of them.
async fn collect(mut body: Body, max: usize) -> Result<Bytes, ApiError> {
    let mut bytes = Vec::new();
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|e| {
            ApiError::new(
                axum::http::StatusCode::BAD_REQUEST,
                "bad_request",
                format!("the request body could not be read: {e}"),
            )
        })?;
        if let Ok(data) = frame.into_data() {
            if bytes.len() + data.len() > max {
                return Err(ApiError::body_too_large(max));
            }
            bytes.extend_from_slice(&data);
        }
    }
    Ok(Bytes::from(bytes))
}

/// `err` as an answer that closes the connection after it.
fn closing(err: ApiError) -> Response {
    let mut response = err.into_response();
    response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// Gives a 4xx or 5xx answer without a `Content-Type` (a bare error from a
/// layer) the JSON body of its status; other answers pass unchanged.
pub async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_error = status.is_client_error() || status.is_server_error();
    if !is_error || response.headers().contains_key(header::CONTENT_TYPE) {
        return response;
    }
    let (mut parts, _) = response.into_parts();
    let json = ApiError::from_status(status).into_response();
    parts.headers.remove(header::CONTENT_LENGTH);
    let (json_parts, body) = json.into_parts();
    parts.headers.extend(json_parts.headers);
    Response::from_parts(parts, body)
}

#[cfg(test)]
mod tests {
    use axum::http::StatusCode;

    use super::*;

    #[tokio::test]
    async fn a_bare_error_gets_the_json_body_of_its_status_and_keeps_its_headers() {
        let bare = (StatusCode::METHOD_NOT_ALLOWED, [(header::ALLOW, "GET")]).into_response();
        let json = json_errors(bare).await;
        assert_eq!(json.status(), StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(json.headers()[header::ALLOW], "GET");
        assert_eq!(json.headers()[header::CONTENT_TYPE], "application/json");
        let body = json.into_body().collect().await.unwrap().to_bytes();
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(body["error"]["code"], "method_not_allowed");
    }

    #[tokio::test]
    async fn answers_with_a_body_type_pass_unchanged() {
        let page = (StatusCode::NOT_FOUND, [(header::CONTENT_TYPE, "text/plain")], "x");
        let page = json_errors(page.into_response()).await;
        assert_eq!(page.headers()[header::CONTENT_TYPE], "text/plain");
        let ok = json_errors(StatusCode::NO_CONTENT.into_response()).await;
        assert!(!ok.headers().contains_key(header::CONTENT_TYPE));
    }
}
