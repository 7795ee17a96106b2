//! API tests: every endpoint through the whole router (`oneshot`, no
//! network), good answers checked against the rules by the engine, bad input
//! checked for its status and error body.

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use sudokit::format::{self, ReadOptions};
use sudokit::generate::{Generator, Options, Symmetry};
use sudokit::{Grid, Shape};
use sudokit_server::{Config, router};
use tower::ServiceExt;

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: Value,
}

async fn call(app: Router, method: &str, uri: &str, body: Option<&str>) -> Answer {
    let mut req = Request::builder().method(method).uri(uri);
    if body.is_some() {
        req = req.header(header::CONTENT_TYPE, "application/json");
    }
    let req = req.body(body.map_or_else(Body::empty, |b| Body::from(b.to_string()))).unwrap();
    send(app, req).await
}

async fn send(app: Router, req: Request<Body>) -> Answer {
    let res = app.oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let body = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    Answer { status, headers, body }
}

async fn get(uri: &str) -> Answer {
    call(router(Config::default()), "GET", uri, None).await
}

async fn post(uri: &str, body: Value) -> Answer {
    call(router(Config::default()), "POST", uri, Some(&body.to_string())).await
}

/// Asserts an error answer: the status, the code, the error body's shape,
/// and words the message must contain.
fn assert_error(a: &Answer, status: StatusCode, code: &str, words: &[&str]) {
    assert_eq!(a.status, status, "body: {}", a.body);
    assert_eq!(a.headers[header::CONTENT_TYPE], "application/json");
    let e = &a.body["error"];
    assert_eq!(e["code"], code, "body: {}", a.body);
    let message = e["message"].as_str().expect("a message");
    for w in words {
        assert!(message.contains(w), "{message:?} should mention {w:?}");
    }
}

fn grid(text: &str) -> Grid {
    format::parse_grid(text).unwrap()
}

fn grid_of(shape: Shape, text: &str) -> Grid {
    format::parse(text, ReadOptions::new().with_shape(shape)).unwrap().grid
}

// ---- service ----

#[tokio::test]
async fn healthz_answers_ok() {
    let a = get("/healthz").await;
    assert_eq!(a.status, StatusCode::OK);
    assert_eq!(a.body["status"], "ok");
}

#[tokio::test]
async fn unknown_paths_and_methods_answer_json_errors() {
    assert_error(&get("/api/v1/rate").await, StatusCode::NOT_FOUND, "not_found", &["/api/v1"]);
    let a = get("/api/v1/solve").await;
    assert_error(&a, StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed", &["method"]);
    let a = post("/api/v1/generate", json!({})).await;
    assert_error(&a, StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed", &[]);
}

#[tokio::test]
async fn the_page_and_its_files_are_served() {
    for (path, kind, marker) in [
        ("/", "text/html", "<html"),
        ("/app.js", "text/javascript", "/api/v1/generate"),
        ("/app.css", "text/css", ".board"),
    ] {
        let a = get(path).await;
        assert_eq!(a.status, StatusCode::OK, "{path}");
        assert!(a.headers[header::CONTENT_TYPE].to_str().unwrap().starts_with(kind), "{path}");
        assert!(a.body.as_str().unwrap().contains(marker), "{path} should contain {marker}");
    }
}

#[tokio::test]
async fn openapi_documents_exactly_the_routes_and_each_answers() {
    let a = get("/api/v1/openapi.json").await;
    assert_eq!(a.status, StatusCode::OK);
    let paths = a.body["paths"].as_object().unwrap();
    let mut documented: Vec<(String, String)> = paths
        .iter()
        .flat_map(|(p, ops)| ops.as_object().unwrap().keys().map(move |m| (p.clone(), m.clone())))
        .collect();
    documented.sort();
    let expected = [
        ("/api/v1/canon", "post"),
        ("/api/v1/count", "post"),
        ("/api/v1/generate", "get"),
        ("/api/v1/solve", "post"),
        ("/api/v1/transform", "post"),
        ("/api/v1/validate", "post"),
        ("/healthz", "get"),
    ];
    let expected: Vec<(String, String)> =
        expected.iter().map(|(p, m)| (p.to_string(), m.to_string())).collect();
    assert_eq!(documented, expected);
    // Each documented operation is routed (a request reaches its handler,
    // which answers something other than 404/405).
    for (path, method) in &documented {
        let body = (method == "post").then_some(r#"{"puzzle": "1..."}"#);
        let a = call(router(Config::default()), &method.to_uppercase(), path, body).await;
        assert!(
            a.status != StatusCode::NOT_FOUND && a.status != StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path}: {}",
            a.status
        );
    }
    // Every documented error response refers to the error schema.
    let schemas = a.body["components"]["schemas"].as_object().unwrap();
    for name in ["ErrorBody", "SolveResponse", "GenerateResponse", "CountResponse"] {
        assert!(schemas.contains_key(name), "schema {name} is missing");
    }
}

#[tokio::test]
async fn cors_is_off_by_default_and_answers_configured_origins() {
    let preflight = |app: Router| async move {
        let req = Request::builder()
            .method("OPTIONS")
            .uri("/api/v1/solve")
            .header(header::ORIGIN, "https://example.org")
            .header(header::ACCESS_CONTROL_REQUEST_METHOD, "POST")
            .body(Body::empty())
            .unwrap();
        send(app, req).await
    };
    let a = preflight(router(Config::default())).await;
    assert!(!a.headers.contains_key(header::ACCESS_CONTROL_ALLOW_ORIGIN));
    let config = Config { cors_origins: vec!["https://example.org".into()], ..Config::default() };
    let a = preflight(router(config)).await;
    assert_eq!(a.headers[header::ACCESS_CONTROL_ALLOW_ORIGIN], "https://example.org");
}

// ---- generate ----

/// Checks a generated item: fields, one solution (counted by the engine),
/// and the solution obeys the rules and the givens.
fn check_item(item: &Value, shape: Shape) -> Grid {
    assert_eq!(item["shape"], shape.to_string());
    let puzzle = grid_of(shape, item["puzzle"].as_str().unwrap());
    assert_eq!(item["clues"], puzzle.clue_count());
    assert_eq!(puzzle.count_solutions_up_to(2), 1, "{item}");
    if let Some(s) = item["solution"].as_str() {
        let solution = grid_of(shape, s);
        assert!(solution.is_solved() && solution.is_solution_of(&puzzle), "{item}");
    }
    puzzle
}

#[tokio::test]
async fn generate_defaults_to_one_minimal_9x9_puzzle_without_its_solution() {
    let a = get("/api/v1/generate").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    check_item(&a.body, Shape::CLASSIC);
    assert!(a.body.get("solution").is_none());
    assert_eq!(a.body["index"], 0);
    assert!(a.body["seed"].as_u64().unwrap() < 1 << 53);
    assert_eq!(a.body["method"], "backtrack");
    assert_eq!(a.body["symmetry"], "none");
}

#[tokio::test]
async fn generate_is_the_engine_call_for_the_seed() {
    let a =
        get("/api/v1/generate?seed=42&difficulty=medium&symmetry=rot180&with_solution=true").await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    let puzzle = check_item(&a.body, Shape::CLASSIC);
    let clues = puzzle.clue_count();
    assert!((27..=35).contains(&clues), "medium gave {clues} clues");
    let given: Vec<bool> = puzzle.values().iter().map(|&v| v != 0).collect();
    assert!(Symmetry::Rot180.holds_for(Shape::CLASSIC, &given));
    // The same puzzle as the engine (and so the CLI) makes for seed 42, index 0.
    let mut options = Options::new(Shape::CLASSIC);
    options.symmetry = Symmetry::Rot180;
    options.clues = Some("27-35".parse().unwrap());
    let made = Generator::new(options, 42).unwrap().puzzle(0).unwrap();
    assert_eq!(a.body["puzzle"], format::to_line(&made.puzzle));
    assert_eq!(a.body["solution"], format::to_line(&made.solution));
    // And again.
    let b =
        get("/api/v1/generate?seed=42&difficulty=medium&symmetry=rot180&with_solution=true").await;
    assert_eq!(a.body, b.body);
}

#[tokio::test]
async fn generate_serves_every_size_and_box_and_batches() {
    for (query, shape) in [
        ("size=4", Shape::new(2, 2).unwrap()),
        ("size=6&with_solution=true", Shape::new(2, 3).unwrap()),
        ("box=4x3&clues=60-80", Shape::new(4, 3).unwrap()),
        ("size=16&with_solution=true", Shape::new(4, 4).unwrap()),
    ] {
        let a = get(&format!("/api/v1/generate?seed=1&{query}")).await;
        assert_eq!(a.status, StatusCode::OK, "{query}: {}", a.body);
        check_item(&a.body, shape);
    }
    let a = get("/api/v1/generate?seed=5&count=3&difficulty=easy").await;
    let items = a.body.as_array().expect("count=3 gives an array");
    assert_eq!(items.len(), 3);
    for (i, item) in items.iter().enumerate() {
        assert_eq!(item["index"], i);
        let clues = check_item(item, Shape::CLASSIC).clue_count();
        assert!((36..=45).contains(&clues));
    }
}

#[tokio::test]
async fn generate_rejects_bad_parameters_with_the_reason() {
    let cases: [(&str, StatusCode, &str, &[&str]); 12] = [
        ("size=30", StatusCode::UNPROCESSABLE_ENTITY, "board_too_large", &["30x30", "25x25"]),
        ("size=100", StatusCode::BAD_REQUEST, "invalid_parameter", &["size", "100"]),
        ("size=abc", StatusCode::BAD_REQUEST, "invalid_parameter", &["size"]),
        ("box=5", StatusCode::BAD_REQUEST, "invalid_parameter", &["box", "ROWSxCOLS"]),
        ("box=6x6", StatusCode::UNPROCESSABLE_ENTITY, "board_too_large", &["36x36"]),
        ("difficulty=evil", StatusCode::BAD_REQUEST, "invalid_parameter", &["evil"]),
        ("size=6&difficulty=easy", StatusCode::BAD_REQUEST, "invalid_parameter", &["9x9"]),
        ("clues=16", StatusCode::UNPROCESSABLE_ENTITY, "impossible", &["McGuire"]),
        ("clues=9-3", StatusCode::BAD_REQUEST, "invalid_parameter", &["empty"]),
        ("count=0", StatusCode::BAD_REQUEST, "invalid_parameter", &["count", "100"]),
        ("count=101", StatusCode::BAD_REQUEST, "invalid_parameter", &["count", "100"]),
        ("symmetry=spiral", StatusCode::BAD_REQUEST, "invalid_parameter", &["symmetry"]),
    ];
    for (query, status, code, words) in cases {
        let a = get(&format!("/api/v1/generate?{query}")).await;
        assert_error(&a, status, code, words);
    }
    let a = get("/api/v1/generate?method=magic").await;
    assert_error(&a, StatusCode::BAD_REQUEST, "invalid_parameter", &["method"]);
    let a = get("/api/v1/generate?colour=red").await;
    assert_error(&a, StatusCode::BAD_REQUEST, "invalid_parameter", &["colour"]);
}

#[tokio::test]
async fn generate_ends_at_its_time_budget_with_422() {
    let config = Config { time_budget: Duration::from_millis(1), ..Config::default() };
    let a = call(router(config), "GET", "/api/v1/generate?clues=18&seed=3", None).await;
    assert_error(&a, StatusCode::UNPROCESSABLE_ENTITY, "budget_exceeded", &["time budget"]);
}

// ---- solve, count, validate ----

#[tokio::test]
async fn solve_answers_the_unique_solution_checked_by_the_rules() {
    let small = Shape::new(2, 2).unwrap();
    let made = Generator::new(Options::new(small), 4).unwrap().puzzle(0).unwrap();
    let small_text = format::write(&made.puzzle, format::Format::Grid);
    for (puzzle, shape) in [(HARD, Shape::CLASSIC), (small_text.as_str(), small)] {
        let a = post("/api/v1/solve", json!({ "puzzle": puzzle })).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        assert_eq!(a.body["status"], "unique");
        let given = grid_of(shape, puzzle);
        let solution = grid_of(shape, a.body["solution"].as_str().unwrap());
        assert!(solution.is_solved() && solution.is_solution_of(&given));
        assert_eq!(a.body["clues"], given.clue_count());
    }
}

#[tokio::test]
async fn solve_reads_a_box_shape_and_larger_boards_run_on_the_pool() {
    // A 12x12 generated puzzle with 4x3 boxes (ambiguous by length alone).
    let shape = Shape::new(4, 3).unwrap();
    let made = Generator::new(Options::new(shape), 9).unwrap().puzzle(0).unwrap();
    let text = format::to_line(&made.puzzle);
    let a = post("/api/v1/solve", json!({ "puzzle": text, "box": "4x3" })).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!(a.body["shape"], "4x3");
    assert_eq!(a.body["solution"], format::to_line(&made.solution));
}

#[tokio::test]
async fn solve_says_none_several_and_clashing_as_answers() {
    let a = post("/api/v1/solve", json!({ "puzzle": "................" })).await;
    assert_eq!((a.status, &a.body["status"]), (StatusCode::OK, &json!("several")));
    // Row 1 needs its 1 in r1c1, but box 1 has one in r2c2.
    let a = post("/api/v1/solve", json!({ "puzzle": ".234.1..........", "box": "2x2" })).await;
    assert_eq!(a.body["status"], "none", "{}", a.body);
    let a = post("/api/v1/solve", json!({ "puzzle": "11.............." })).await;
    assert_eq!(a.body["status"], "clashing");
    assert_eq!(a.body["clashes"][0]["cells"], json!(["r1c1", "r1c2"]));
    assert!(a.body.get("solution").is_none());
}

#[tokio::test]
async fn solve_and_count_stop_at_the_node_budget_with_422() {
    let config = Config { max_nodes: 10, ..Config::default() };
    // An empty 16x16 needs no backtracking but many nodes to count two.
    let empty = ".".repeat(256);
    let a = call(
        router(config.clone()),
        "POST",
        "/api/v1/count",
        Some(&json!({ "puzzle": empty, "limit": 1000 }).to_string()),
    )
    .await;
    assert_error(&a, StatusCode::UNPROCESSABLE_ENTITY, "budget_exceeded", &["10 nodes"]);
    // One of the hardest known 9x9 puzzles (SE rating 11+) needs more than 10 guesses.
    let hardest =
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";
    let a = call(
        router(config),
        "POST",
        "/api/v1/solve",
        Some(&json!({ "puzzle": hardest }).to_string()),
    )
    .await;
    assert_error(&a, StatusCode::UNPROCESSABLE_ENTITY, "budget_exceeded", &["budget"]);
}

#[tokio::test]
async fn count_counts_up_to_the_limit() {
    // 4x4 Sudoku has exactly 288 solution grids.
    let a = post("/api/v1/count", json!({ "puzzle": "................", "limit": 1000 })).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.body);
    assert_eq!((a.body["count"].clone(), a.body["limit"].clone()), (json!(288), json!(1000)));
    let a = post("/api/v1/count", json!({ "puzzle": HARD })).await;
    assert_eq!((a.body["count"].clone(), a.body["limit"].clone()), (json!(1), json!(2)));
    for limit in [0, 1001] {
        let a = post("/api/v1/count", json!({ "puzzle": HARD, "limit": limit })).await;
        assert_error(&a, StatusCode::BAD_REQUEST, "invalid_parameter", &["limit", "1000"]);
    }
}

#[tokio::test]
async fn validate_names_the_clashing_cells() {
    let a = post("/api/v1/validate", json!({ "puzzle": "1.......\n.1..\n" })).await;
    assert_eq!(a.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", a.body);
    let a = post("/api/v1/validate", json!({ "puzzle": "1...........1..." })).await;
    assert_eq!(a.body["valid"], false);
    assert_eq!(
        a.body["clashes"],
        json!([{ "unit": "column 1", "digit": 1, "cells": ["r1c1", "r4c1"] }])
    );
    let solved = "1234341221434321";
    assert!(grid(solved).is_solved());
    let a = post("/api/v1/validate", json!({ "puzzle": solved })).await;
    assert_eq!((a.body["valid"].clone(), a.body["solved"].clone()), (json!(true), json!(true)));
}

// ---- transform, canon ----

#[tokio::test]
async fn transform_applies_named_ops_and_random_equivalents() {
    let puzzle = grid(HARD);
    let mut text = HARD.to_string();
    for turn in 1..=4 {
        let a = post("/api/v1/transform", json!({ "puzzle": text, "ops": "rot90" })).await;
        assert_eq!(a.status, StatusCode::OK, "{}", a.body);
        text = a.body["transformed"].as_str().unwrap().to_string();
        assert_eq!(text == HARD, turn == 4, "after {turn} quarter turns");
    }
    assert_eq!(grid(&text), puzzle, "four quarter turns are the identity");
    let a = post("/api/v1/transform", json!({ "puzzle": HARD, "seed": 7 })).await;
    let other = grid(a.body["transformed"].as_str().unwrap());
    assert_eq!(other.clue_count(), 17);
    assert_eq!(other.count_solutions_up_to(2), 1);
    // Equivalent: the same canonical form through the API.
    let c1 = post("/api/v1/canon", json!({ "puzzle": HARD })).await;
    let c2 = post("/api/v1/canon", json!({ "puzzle": format::to_line(&other) })).await;
    assert_eq!(c1.status, StatusCode::OK, "{}", c1.body);
    assert_eq!(c1.body["canon"], c2.body["canon"]);
    assert_eq!(c1.body["automorphisms"], "1");
}

#[tokio::test]
async fn transform_and_canon_reject_what_does_not_fit() {
    let a = post("/api/v1/transform", json!({ "puzzle": HARD })).await;
    assert_error(&a, StatusCode::BAD_REQUEST, "invalid_parameter", &["ops", "seed"]);
    let a = post("/api/v1/transform", json!({ "puzzle": HARD, "ops": "rot90", "seed": 1 })).await;
    assert_error(&a, StatusCode::BAD_REQUEST, "invalid_parameter", &["exactly one"]);
    let a = post("/api/v1/transform", json!({ "puzzle": HARD, "ops": "twirl" })).await;
    assert_error(&a, StatusCode::BAD_REQUEST, "invalid_parameter", &["twirl"]);
    let six = ".".repeat(36);
    let a = post("/api/v1/transform", json!({ "puzzle": six, "ops": "transpose" })).await;
    assert_error(&a, StatusCode::UNPROCESSABLE_ENTITY, "unsupported", &["transpose"]);
    let a = post("/api/v1/canon", json!({ "puzzle": ".".repeat(256) })).await;
    assert_error(&a, StatusCode::UNPROCESSABLE_ENTITY, "unsupported", &[]);
}

// ---- bad input, every endpoint ----

const POSTS: [&str; 5] =
    ["/api/v1/solve", "/api/v1/count", "/api/v1/validate", "/api/v1/transform", "/api/v1/canon"];

/// A request body for `path` with `puzzle` and an optional box (transform
/// also needs its operations).
fn body(path: &str, puzzle: &str, box_shape: Option<&str>) -> Value {
    let mut b = json!({ "puzzle": puzzle });
    if let Some(s) = box_shape {
        b["box"] = json!(s);
    }
    if path.ends_with("transform") {
        b["ops"] = json!("rot90");
    }
    b
}

#[tokio::test]
async fn malformed_json_is_400_everywhere() {
    for path in POSTS {
        let a = call(router(Config::default()), "POST", path, Some(r#"{"puzzle": "#)).await;
        assert_error(&a, StatusCode::BAD_REQUEST, "malformed_json", &["EOF"]);
        let a = call(router(Config::default()), "POST", path, Some(r#"{"puzzle": "1",}"#)).await;
        assert_error(&a, StatusCode::BAD_REQUEST, "malformed_json", &[]);
    }
}

#[tokio::test]
async fn wrong_fields_and_types_are_422_naming_the_field() {
    for path in POSTS {
        let a = post(path, json!({ "puzle": HARD })).await;
        assert_error(&a, StatusCode::UNPROCESSABLE_ENTITY, "invalid_field", &["puzle"]);
        let a = post(path, json!({ "puzzle": 17 })).await;
        assert_error(&a, StatusCode::UNPROCESSABLE_ENTITY, "invalid_field", &["puzzle"]);
    }
}

#[tokio::test]
async fn a_body_without_json_content_type_is_415() {
    let req = Request::builder()
        .method("POST")
        .uri("/api/v1/solve")
        .header(header::CONTENT_TYPE, "text/plain")
        .body(Body::from(format!(r#"{{"puzzle": "{HARD}"}}"#)))
        .unwrap();
    let a = send(router(Config::default()), req).await;
    assert_error(&a, StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type", &["json"]);
}

#[tokio::test]
async fn bad_puzzles_are_422_with_line_and_cell() {
    for path in POSTS {
        // 80 cells: not a square board.
        let a = post(path, body(path, &HARD[..80], None)).await;
        assert_error(&a, StatusCode::UNPROCESSABLE_ENTITY, "invalid_puzzle", &["line 1"]);
        assert_eq!(a.body["error"]["line"], 1);
        // A bad character in row 1, column 3.
        let a = post(path, body(path, &format!("12?{}", &HARD[3..]), None)).await;
        assert_error(&a, StatusCode::UNPROCESSABLE_ENTITY, "invalid_puzzle", &["'?'"]);
        assert_eq!(a.body["error"]["cell"], json!({ "row": 1, "col": 3 }), "{path}");
        // The wrong count for an explicit shape.
        let a = post(path, body(path, HARD, Some("3x4"))).await;
        assert_error(&a, StatusCode::UNPROCESSABLE_ENTITY, "invalid_puzzle", &["81"]);
        // Nothing at all.
        let a = post(path, body(path, "", None)).await;
        assert_error(&a, StatusCode::UNPROCESSABLE_ENTITY, "invalid_puzzle", &[]);
        let a = post(path, body(path, HARD, Some("3by3"))).await;
        assert_error(&a, StatusCode::BAD_REQUEST, "invalid_parameter", &["box"]);
    }
}

#[tokio::test]
async fn huge_boards_are_refused_before_any_search() {
    // 36x36 in tokens: within the body limit, beyond the board limit.
    let tokens = vec!["0"; 36 * 36].join(" ");
    for path in POSTS {
        let a = post(path, body(path, &tokens, None)).await;
        assert_error(&a, StatusCode::UNPROCESSABLE_ENTITY, "board_too_large", &["36x36"]);
        let a = post(path, body(path, HARD, Some("8x8"))).await;
        assert_error(&a, StatusCode::UNPROCESSABLE_ENTITY, "board_too_large", &["64x64"]);
    }
}

#[tokio::test]
async fn oversized_bodies_are_413() {
    let big = json!({ "puzzle": ".".repeat(100_000) }).to_string();
    for path in POSTS {
        let a = call(router(Config::default()), "POST", path, Some(&big)).await;
        assert_error(&a, StatusCode::PAYLOAD_TOO_LARGE, "body_too_large", &["limit"]);
    }
}
