/*!
The sudokit HTTP service: a JSON API over the engine, and the web page.

# Overview
- [`router`] builds the whole application for a [`Config`]: the JSON API
  under `/api/v1` (see [`api`]), its OpenAPI document at
  `/api/v1/openapi.json`, `/healthz`, and the page at `/` (see [`page`]).
- [`serve`] binds an address and serves the router until SIGINT or
  SIGTERM; [`serve_blocking`] does the same on a runtime of its own (for
  the CLI); [`serve_until`] serves on a bound listener until a future of
  the caller's completes. Connections are capped, idle ones time out, and
  request heads and bodies are bounded in time and size (see [`listen`],
  [`conn`] and [`layers`]); a shutdown finishes the requests in flight
  within a bound.

# Invariants
- Handlers are glue: every Sudoku rule is an engine call, the same one the
  CLI makes, so the service, the CLI and the page cannot disagree.
- User input never produces a 500 or a panic: every rejection is a JSON
  error body `{"error": {"code", "message", "line"?, "cell"?}}` with a 4xx
  status (see [`error`]); a panic would still answer JSON (a last-resort
  layer), but none is expected.
- Every answer, the page's and the errors' too, carries the security
  headers (Content-Security-Policy and friends, see [`layers`]); every
  error answer, whichever layer makes it, has the JSON error body.
- Work is bounded: request bodies, board sizes, batch counts and solution
  limits are capped by [`Config`]; searches carry node budgets and the
  generator a time limit; CPU-heavy work runs on blocking threads in
  lanes by board size, each behind a bounded queue (see [`work`]), so
  cheap requests never wait behind expensive ones, and a full queue
  answers 503 with `Retry-After` instead of piling up.
- Clients are bounded too: open connections are capped, and a client
  that is idle, or slow to send its head or body, is cut off after the
  configured timeout (see [`Config`]).
*/

#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
// The one `unsafe` call is glibc's `malloc_trim` in `memory`, with its
// safety argument there.
#![deny(unsafe_code)]

pub mod api;
pub mod bank;
mod config;
pub mod conn;
pub mod error;
pub mod layers;
pub mod listen;
mod memory;
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
use tower_http::set_header::SetResponseHeaderLayer;

pub use config::Config;
pub use listen::serve_until;
pub use openapi::openapi;

/// The application for `config`: API, OpenAPI document, health check and page.
///
/// # Panics
/// When `config` names a bank that cannot be opened; [`try_router`] says
/// why instead.
pub fn router(config: Config) -> Router {
    try_router(config).unwrap_or_else(|e| panic!("{e}"))
}

/// [`router`], or the error of opening the configured bank.
pub fn try_router(config: Config) -> std::io::Result<Router> {
    let bank = match &config.bank {
        Some(path) => Some(
            bank::Served::open(path, config.bank_low_water, config.bank_forget_after)
                .map_err(std::io::Error::other)?,
        ),
        None => None,
    };
    Ok(app(api::AppState::new(config).with_bank(bank)))
}

/// The application over `state`.
fn app(state: api::AppState) -> Router {
    let cors = cors_layer(&state.config().cors_origins);
    let body_limit = state.config().max_body_bytes;
    let body = layers::BodyLimits { max_bytes: body_limit, timeout: state.config().body_timeout };
    let (routes, document) = openapi::documented_routes();
    let document = axum::body::Bytes::from(
        serde_json::to_vec(&document).expect("the OpenAPI document serializes"),
    );
    let serve_document = move || {
        let body = document.clone();
        async move { ([(header::CONTENT_TYPE, "application/json")], body) }
    };
    let mut app = routes
        .route("/api/v1/openapi.json", axum::routing::get(serve_document))
        .merge(page::routes())
        .fallback(error::not_found)
        .method_not_allowed_fallback(error::method_not_allowed)
        .with_state(Arc::new(state))
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(axum::middleware::from_fn_with_state(body, layers::read_body));
    if let Some(cors) = cors {
        app = app.layer(cors);
    }
    app = app.layer(axum::middleware::map_response(layers::json_errors)).layer(last_resort());
    for (name, value) in layers::SECURITY_HEADERS {
        let value = HeaderValue::from_static(value);
        app = app.layer(SetResponseHeaderLayer::if_not_present(name, value));
    }
    app
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

/// Serves the application on `addr` until SIGINT (Ctrl-C) or SIGTERM, then
/// shuts down gracefully. Prints the address it listens on (useful with
/// port 0) once the signals are handled.
pub async fn serve(addr: SocketAddr, config: Config) -> std::io::Result<()> {
    let stop = stop_signal();
    let listener = tokio::net::TcpListener::bind(addr).await?;
    eprintln!("sudokit: serving on http://{}", listener.local_addr()?);
    let grace = config.shutdown_grace;
    serve_until(listener, config, async {
        stop.await;
        eprintln!(
            "sudokit: stopping; finishing the requests in flight (at most {} s)",
            grace.as_secs_f64()
        );
    })
    .await
}

/// A future completing on SIGINT or SIGTERM (on Unix; Ctrl-C elsewhere);
/// the handlers are installed when this is called. If they cannot be, it
/// never completes (the process runs until killed).
fn stop_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    let signals = {
        use tokio::signal::unix::{SignalKind, signal};
        (signal(SignalKind::interrupt()), signal(SignalKind::terminate()))
    };
    async move {
        #[cfg(unix)]
        match signals {
            (Ok(mut int), Ok(mut term)) => {
                tokio::select! {
                    _ = int.recv() => {}
                    _ = term.recv() => {}
                }
            }
            _ => std::future::pending::<()>().await,
        }
        #[cfg(not(unix))]
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

/// [`serve`] on a multi-threaded runtime of its own, for callers without one.
/// Jobs still running on blocking threads after the shutdown's grace are
/// abandoned (each is bounded by its own budget).
pub fn serve_blocking(addr: SocketAddr, config: Config) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let served = runtime.block_on(serve(addr, config));
    runtime.shutdown_timeout(std::time::Duration::from_millis(100));
    served
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
