//! `POST /api/v1/print`: puzzles as a printable PDF book or one SVG page,
//! rendered by `sudokit-print`, the crate behind `sudokit print`.
//!
//! The request names one puzzle (`puzzle`) or several (`puzzles`, at most
//! [`Config::max_print`](crate::Config)), each in any format the engine
//! reads (pencil marks print as small candidates), under the classic rules
//! or the `rules` named, which the pages draw. Solutions follow on later
//! pages unless `solutions` is false; the print crate solves each puzzle
//! under its own node limit and refuses one without a unique solution (422
//! `not_printable`, naming the puzzle's number). Rendering runs on the pool.

use std::sync::Arc;

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use sudokit::Deadline;
use sudokit::wire::ErrorAnswer;
use sudokit_print::{Book, Paper, PerPage, PrintError, PrintItem, PrintOptions};
use utoipa::ToSchema;

use super::{AppState, params};
use crate::error::{ApiError, ApiJson, BodyLimits, Busy};

/// The longest title accepted, in characters.
pub const MAX_TITLE: usize = 120;

/// What to print.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PrintRequest {
    /// One puzzle (any format the engine reads); or use `puzzles`.
    #[schema(
        example = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    )]
    pub puzzle: Option<String>,
    /// Several puzzles, numbered from 1 in this order (at most the service's
    /// limit, 24 by default).
    pub puzzles: Option<Vec<String>>,
    /// The box shape `RxC` when the cell count is ambiguous.
    #[serde(rename = "box")]
    pub box_shape: Option<String>,
    /// The input format, as the CLI's `--from`: `line`, `tokens`, `grid`,
    /// `sdk`, `ss` or `pencilmarks` (default: detected).
    pub from: Option<String>,
    /// The rules of every puzzle by name when they are not the classic ones
    /// (`9+x`, `9+windoku`, `6+jigsaw=...`, `9+cage:15=0.1.9`); they imply the
    /// shape, and the pages draw them (regions, diagonals, windows, cages
    /// with their sums, thermometers, dots, even/odd marks).
    pub rules: Option<String>,
    /// `pdf` (default: the whole book, one document) or `svg` (one page, see `page`).
    pub format: Option<String>,
    /// With `svg`: the page, from 1 (default 1); puzzle pages come first,
    /// then solution pages.
    pub page: Option<usize>,
    /// `a4` (default) or `letter`.
    pub paper: Option<String>,
    /// Puzzles per page: 1, 2, 4 or 6 (default 1 for one puzzle, else 4).
    pub per_page: Option<usize>,
    /// Whether solution pages follow (default true).
    pub solutions: Option<bool>,
    /// A title at the top of every page (at most 120 characters).
    pub title: Option<String>,
    /// A difficulty level for the captions, e.g. `medium`.
    pub level: Option<String>,
    /// A seed for the captions (the one the puzzles were generated from).
    pub seed: Option<u64>,
}

/// The puzzles as a PDF book (`application/pdf`) or one SVG page
/// (`image/svg+xml`), solutions on later pages.
#[utoipa::path(post, path = "/api/v1/print", tag = "print", request_body = PrintRequest,
    responses(
        (status = 200, description = "The document", content(
            (Vec<u8> = "application/pdf"),
            (String = "image/svg+xml"),
        )),
        (status = 400, description = "Malformed JSON, not exactly one of puzzle and puzzles, too many puzzles, or a bad option", body = ErrorAnswer),
        BodyLimits,
        (status = 422, description = "Unreadable puzzle, board too large, or a puzzle without one solution; a body field missing, of the wrong type or unknown (`invalid_field`)", body = ErrorAnswer),
        Busy,
    ))]
pub async fn print(
    State(state): State<Arc<AppState>>,
    ApiJson(req): ApiJson<PrintRequest>,
) -> Result<Response, ApiError> {
    let texts = match (req.puzzle, req.puzzles) {
        (Some(one), None) => vec![one],
        (None, Some(many)) => many,
        _ => return Err(ApiError::parameter("give exactly one of puzzle and puzzles")),
    };
    let max = state.config().max_print;
    if texts.is_empty() || texts.len() > max {
        return Err(ApiError::parameter(format!(
            "puzzles: {} given, expected 1 to {max}",
            texts.len()
        )));
    }
    let svg = match req.format.as_deref().map(str::trim).unwrap_or("pdf") {
        "pdf" => false,
        "svg" => true,
        other => {
            return Err(ApiError::parameter(format!("format {other:?}: expected pdf or svg")));
        }
    };
    if req.page.is_some() && !svg {
        return Err(ApiError::parameter("page: only with format svg (a PDF holds every page)"));
    }
    let paper = params::parse_opt("paper", req.paper.as_deref())?.unwrap_or(Paper::A4);
    let per_page = match req.per_page {
        Some(n) => PerPage::try_from(n).map_err(|e| ApiError::invalid("per_page", e))?,
        None if texts.len() == 1 => PerPage::One,
        None => PerPage::Four,
    };
    for (name, text) in [("title", &req.title), ("level", &req.level)] {
        if text.as_ref().is_some_and(|t| t.chars().count() > MAX_TITLE) {
            return Err(ApiError::parameter(format!("{name}: longer than {MAX_TITLE} characters")));
        }
    }
    let mut items = Vec::with_capacity(texts.len());
    for (k, text) in texts.iter().enumerate() {
        let record = state
            .read_puzzle(text, req.box_shape.as_deref(), req.from.as_deref(), req.rules.as_deref())
            .map_err(|mut e| {
                if texts.len() > 1 {
                    e.body.message = format!("puzzle {}: {}", k + 1, e.body.message);
                }
                e
            })?;
        let mut item = PrintItem::new(record.grid, k as u64 + 1);
        item.candidates = record.candidates;
        item.level = req.level.clone();
        item.seed = req.seed;
        items.push(item);
    }
    let mut options = PrintOptions {
        paper,
        per_page,
        title: req.title,
        solutions: req.solutions.unwrap_or(true),
        ..PrintOptions::default()
    };
    let page = req.page.unwrap_or(1);
    let budget = state.config().time_budget;
    let size = items.iter().map(|i| i.puzzle.shape().size()).max().unwrap_or(0);
    let rendered = state
        .pool()
        .run(size, move || -> Result<Document, ApiError> {
            // The budget counts from the start of the work, not of the wait.
            options.deadline = Deadline::after(budget);
            let book = Book::new(&items, &options).map_err(|e| match e {
                PrintError::OutOfTime { .. } => ApiError::unprocessable(
                    "budget_exceeded",
                    format!(
                        "{e} (within this service's time budget of {:.1} s)",
                        budget.as_secs_f64()
                    ),
                ),
                e => ApiError::unprocessable("not_printable", e.to_string()),
            })?;
            if !svg {
                return Ok(Document::Pdf(book.to_pdf()));
            }
            let pages = book.pages().len();
            if page == 0 || page > pages {
                return Err(ApiError::parameter(format!(
                    "page {page}: this book has pages 1 to {pages}"
                )));
            }
            Ok(Document::Svg(book.to_svg().swap_remove(page - 1)))
        })
        .await??;
    Ok(rendered.into_response())
}

/// A rendered document.
enum Document {
    Pdf(Vec<u8>),
    Svg(String),
}

impl IntoResponse for Document {
    fn into_response(self) -> Response {
        match self {
            Document::Pdf(bytes) => (
                [
                    (header::CONTENT_TYPE, "application/pdf"),
                    (header::CONTENT_DISPOSITION, "attachment; filename=\"sudokit.pdf\""),
                ],
                bytes,
            )
                .into_response(),
            Document::Svg(text) => {
                ([(header::CONTENT_TYPE, "image/svg+xml; charset=utf-8")], text).into_response()
            }
        }
    }
}
