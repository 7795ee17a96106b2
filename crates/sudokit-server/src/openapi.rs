//! The OpenAPI document: the service's description and shared schemas here,
//! every operation from the route that serves it ([`crate::api::routes()`]),
//! and every schema from the types the handlers read and answer (the
//! engine's wire records), so the document cannot drift from the code.

use std::sync::Arc;

use axum::Router;
use utoipa::OpenApi;
use utoipa::openapi::OpenApi as Document;
use utoipa_axum::router::OpenApiRouter;

use crate::api::{self, AppState};

#[derive(OpenApi)]
#[openapi(info(
    title = "sudokit",
    description = "Sudoku puzzles of every box shape: generate, solve, count, validate, \
                   transform, canonical forms, logical hints, ratings and explanations, \
                   printable PDF and SVG. Errors are `{\"error\": {\"code\", \
                   \"message\", \"line\"?, \"cell\"?}}` with a 4xx status (also 408, \
                   413, 414 and 431 for requests too slow or too large), or 503 with \
                   Retry-After when busy."
))]
struct ApiDoc;

/// The service's routes and the OpenAPI document that lists exactly them.
pub(crate) fn documented_routes() -> (Router<Arc<AppState>>, Document) {
    OpenApiRouter::with_openapi(ApiDoc::openapi()).merge(api::routes()).split_for_parts()
}

/// The OpenAPI 3.1 document of the service.
pub fn openapi() -> Document {
    documented_routes().1
}
