//! The web page, embedded in the binary: plain HTML, CSS and JavaScript
//! with no build step, served at `/`, `/app.css` and `/app.js`, and its
//! icon, an SVG served at `/favicon.svg` and at `/favicon.ico` (the path
//! browsers and tools ask for when a page names no icon).
//!
//! The page is a client of the JSON API (generate, solve, count, rate,
//! hint, explain, print); its own script only keeps the game state (entries,
//! pencil marks, undo history, clock, mistakes, settings, local storage),
//! reads and writes share links, draws the search animation,
//! which replays a simple backtracking search in the browser for display,
//! and replays the service's logical steps (placements, eliminations) to
//! show the board between them. Answers it reports (solutions, solution
//! counts, hints, explanations, the PDF) come from the API.

use std::sync::Arc;

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;

use crate::api::AppState;

/// The page's files: path, content type, body.
pub const FILES: [(&str, &str, &str); 5] = [
    ("/", "text/html; charset=utf-8", include_str!("../static/index.html")),
    ("/app.css", "text/css; charset=utf-8", include_str!("../static/app.css")),
    ("/app.js", "text/javascript; charset=utf-8", include_str!("../static/app.js")),
    ("/favicon.svg", "image/svg+xml", include_str!("../static/favicon.svg")),
    ("/favicon.ico", "image/svg+xml", include_str!("../static/favicon.svg")),
];

/// The routes serving [`FILES`].
pub fn routes() -> Router<Arc<AppState>> {
    let mut router = Router::new();
    for (path, content_type, body) in FILES {
        router = router.route(
            path,
            get(move || async move {
                ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-cache")], body)
                    .into_response()
            }),
        );
    }
    router
}
