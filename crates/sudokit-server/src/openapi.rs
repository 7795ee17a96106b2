//! The OpenAPI document, generated from the handlers' annotations and the
//! request and response types, so it cannot drift from the code.

use utoipa::OpenApi;

use crate::api::{self, generate, logic, print, puzzle};
use crate::error::{CellRef, ErrorBody, ErrorDetail};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "sudokit",
        description = "Sudoku puzzles of every box shape: generate, solve, count, validate, \
                       transform, canonical forms, logical hints, ratings and explanations, \
                       printable PDF and SVG. Errors are `{\"error\": {\"code\", \
                       \"message\", \"line\"?, \"cell\"?}}` with a 4xx status (also 408, \
                       413, 414 and 431 for requests too slow or too large), or 503 with \
                       Retry-After when busy."
    ),
    paths(
        api::healthz,
        generate::generate,
        puzzle::solve,
        puzzle::count,
        puzzle::validate,
        puzzle::transform,
        puzzle::canon,
        logic::rate,
        logic::hint,
        logic::explain,
        print::print,
    ),
    components(schemas(ErrorBody, ErrorDetail, CellRef))
)]
struct ApiDoc;

/// The OpenAPI 3.1 document of the service.
pub fn openapi() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}
