//! Fuzz check of the service's request decoding: a request built from bytes
//! goes through the whole router (extractors, JSON and query decoding,
//! validation, the handlers and their budgets) with `tower::ServiceExt::oneshot`.
//!
//! The promise checked is the service's own: user input never yields a 500
//! (the router turns a handler panic into a 500, so a panic shows up here
//! too), every API answer is JSON, and every error body has the documented
//! shape `{"error": {"code", "message", ...}}`. Budgets are set small so a
//! generate request cannot take seconds.

use std::sync::OnceLock;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// The endpoints a request may go to; the last is a free-form path.
const PATHS: [(&str, &str); 9] = [
    ("POST", "/api/v1/solve"),
    ("POST", "/api/v1/count"),
    ("POST", "/api/v1/validate"),
    ("POST", "/api/v1/transform"),
    ("POST", "/api/v1/canon"),
    ("GET", "/api/v1/generate?"),
    ("GET", "/healthz"),
    ("GET", "/api/v1/openapi.json"),
    ("POST", "/"),
];

fn runtime() -> &'static (tokio::runtime::Runtime, Router) {
    static APP: OnceLock<(tokio::runtime::Runtime, Router)> = OnceLock::new();
    APP.get_or_init(|| {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime");
        let config = sudokit_server::Config {
            max_nodes: 200_000,
            time_budget: Duration::from_millis(200),
            workers: 1,
            queue: 4,
            ..sudokit_server::Config::default()
        };
        let router = {
            let _guard = rt.enter();
            sudokit_server::router(config)
        };
        (rt, router)
    })
}

/// Sends one request decoded from `data` and checks the answer.
pub fn request(data: &[u8]) {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Some((&flags, rest)) = rest.split_first() else { return };
    let (method, path) = PATHS[usize::from(pick) % PATHS.len()];
    let text = String::from_utf8_lossy(rest);
    let uri = if method == "GET" && path.ends_with('?') {
        format!("{path}{text}")
    } else if path == "/" {
        // A free-form path: the body's first line.
        format!("/{}", text.lines().next().unwrap_or(""))
    } else {
        path.to_string()
    };
    let method = if flags & 0x80 != 0 {
        Method::PUT
    } else {
        Method::from_bytes(method.as_bytes()).unwrap()
    };
    let mut builder = Request::builder().method(method).uri(uri.as_str());
    builder = match flags % 4 {
        0 | 1 => builder.header(header::CONTENT_TYPE, "application/json"),
        2 => builder.header(header::CONTENT_TYPE, "text/plain"),
        _ => builder,
    };
    let Ok(req) = builder.body(Body::from(rest.to_vec())) else {
        // Not a request a client could send (a malformed URI).
        return;
    };
    let (rt, router) = runtime();
    let (status, body) = rt.block_on(async {
        let res = router.clone().oneshot(req).await.expect("the router is infallible");
        let status = res.status();
        let body = res.into_body().collect().await.expect("a body").to_bytes();
        (status, body)
    });
    assert_ne!(
        status,
        StatusCode::INTERNAL_SERVER_ERROR,
        "500 for {uri}: {}",
        String::from_utf8_lossy(&body)
    );
    if uri.starts_with("/api/") || status.is_client_error() {
        let json: serde_json::Value = serde_json::from_slice(&body)
            .unwrap_or_else(|e| panic!("{status} for {uri} is not JSON ({e})"));
        if !status.is_success() {
            let err = &json["error"];
            assert!(
                err["code"].is_string() && err["message"].is_string(),
                "error body without code and message: {json}"
            );
        }
    }
}
