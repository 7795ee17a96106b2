/*!
The sudokit HTTP service: a JSON API over the engine, and the web page.

# Overview
- [`router`] builds the whole application for a [`Config`]: the JSON API
  under `/api/v1` (see [`api`]), its OpenAPI document at
  `/api/v1/openapi.json`, `/healthz`, and the page at `/` (see [`page`]).
- [`serve`] binds an address and runs the router until Ctrl-C;
  [`serve_blocking`] does the same on a runtime of its own (for the CLI).

# Invariants
- Handlers are glue: every Sudoku rule is an engine call, the same one the
  CLI makes, so the service, the CLI and the page cannot disagree.
- User input never produces a 500 or a panic: every rejection is a JSON
  error body `{"error": {"code", "message", "line"?, "cell"?}}` with a 4xx
  status (see [`error`]); a panic would still answer JSON (a last-resort
  layer), but none is expected.
- Work is bounded: request bodies, board sizes, batch counts and solution
  limits are capped by [`Config`]; searches carry node budgets and the
  generator a time limit; CPU-heavy work runs on blocking threads behind a
  bounded queue (see [`work`]), and a full queue answers 503 with
  `Retry-After` instead of piling up.
*/

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

pub mod api;
mod config;
pub mod error;
mod openapi;
pub mod page;
pub mod work;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderValue, Method, header};
use axum::response::IntoResponse;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};

pub use config::Config;
pub use openapi::openapi;

/// The application for `config`: API, OpenAPI document, health check and page.
pub fn router(config: Config) -> Router {
    let state = api::AppState::new(config);
    let cors = cors_layer(&state.config().cors_origins);
    let body_limit = state.config().max_body_bytes;
    let mut app = Router::new()
        .nest("/api/v1", api::routes())
        .route("/healthz", axum::routing::get(api::healthz))
        .merge(page::routes())
        .fallback(error::not_found)
        .method_not_allowed_fallback(error::method_not_allowed)
        .with_state(Arc::new(state))
        .layer(DefaultBodyLimit::max(body_limit));
    if let Some(cors) = cors {
        app = app.layer(cors);
    }
    app.layer(last_resort())
}

/// Turns a panic in a handler (a bug) into a JSON 500 instead of a dropped
/// connection.
fn last_resort() -> CatchPanicLayer<fn(Box<dyn std::any::Any + Send>) -> axum::response::Response> {
    CatchPanicLayer::custom(|_| error::ApiError::internal().into_response())
}

/// A CORS layer for the configured origins; `None` when there are none
/// (the page and the API are then same-origin only). `*` allows any origin.
fn cors_layer(origins: &[String]) -> Option<CorsLayer> {
    if origins.is_empty() {
        return None;
    }
    let allow = if origins.iter().any(|o| o == "*") {
        AllowOrigin::any()
    } else {
        AllowOrigin::list(origins.iter().filter_map(|o| HeaderValue::from_str(o).ok()))
    };
    Some(
        CorsLayer::new()
            .allow_origin(allow)
            .allow_methods([Method::GET, Method::POST])
            .allow_headers([header::CONTENT_TYPE]),
    )
}

/// Serves the application on `addr` until Ctrl-C. Prints the address it
/// listens on (useful with port 0).
pub async fn serve(addr: SocketAddr, config: Config) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    eprintln!("sudokit: serving on http://{}", listener.local_addr()?);
    axum::serve(listener, router(config))
        .with_graceful_shutdown(async {
            // If the signal cannot be installed, run until killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        })
        .await
}

/// [`serve`] on a multi-threaded runtime of its own, for callers without one.
pub fn serve_blocking(addr: SocketAddr, config: Config) -> std::io::Result<()> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build()?.block_on(serve(addr, config))
}

#[cfg(test)]
mod tests {
    use axum::body::Body;
    use axum::http::{Request, StatusCode};
    use http_body_util::BodyExt;
    use tower::ServiceExt;

    use super::*;

    #[tokio::test]
    async fn a_panicking_handler_still_answers_json() {
        async fn boom() -> &'static str {
            panic!("a bug")
        }
        let app = Router::new().route("/boom", axum::routing::get(boom)).layer(last_resort());
        let req = Request::get("/boom").body(Body::empty()).unwrap();
        let res = app.oneshot(req).await.unwrap();
        assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = res.into_body().collect().await.unwrap().to_bytes();
        let json: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(json["error"]["code"], "internal");
    }
}
