//! The OpenAPI document against the service that publishes it: every
//! documented operation is served with exactly the documented methods, and
//! real answers match the documented schemas (required fields present, no
//! field undocumented, types as written), errors included.

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use sudokit_server::{Config, router};
use tower::ServiceExt;

const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

async fn call(method: &str, uri: &str, body: Option<&Value>) -> (StatusCode, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    if body.is_some() {
        req = req.header(header::CONTENT_TYPE, "application/json");
    }
    let body = body.map_or_else(Body::empty, |b| Body::from(b.to_string()));
    let res = router(Config::default()).oneshot(req.body(body).unwrap()).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

async fn document() -> Value {
    let (status, doc) = call("GET", "/api/v1/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    doc
}

/// Checks `value` against `schema` of the document `doc`; `closed` refuses
/// properties the schema does not list (off inside the parts of an `allOf`,
/// whose union is checked instead).
fn check(doc: &Value, schema: &Value, value: &Value, at: &str, closed: bool) -> Result<(), String> {
    if let Some(r) = schema["$ref"].as_str() {
        let name = r.trim_start_matches("#/components/schemas/");
        return check(doc, &doc["components"]["schemas"][name], value, at, closed);
    }
    if let Some(parts) = schema["allOf"].as_array() {
        for part in parts {
            check(doc, part, value, at, false)?;
        }
        return if closed { only_known(doc, schema, value, at) } else { Ok(()) };
    }
    if let Some(options) = schema["oneOf"].as_array() {
        return if options.iter().any(|o| check(doc, o, value, at, closed).is_ok()) {
            Ok(())
        } else {
            Err(format!("{at}: {value} matches none of oneOf"))
        };
    }
    if let Some(allowed) = schema["enum"].as_array()
        && !allowed.contains(value)
    {
        return Err(format!("{at}: {value} is not one of {allowed:?}"));
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    let kind = match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_u64() || n.is_i64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    };
    let fits = types.iter().any(|&t| t == kind || (t == "number" && kind == "integer"));
    if !types.is_empty() && !fits {
        return Err(format!("{at}: {value} is {kind}, documented {types:?}"));
    }
    if let Value::Object(map) = value {
        for key in schema["required"].as_array().into_iter().flatten() {
            let key = key.as_str().unwrap();
            if !map.contains_key(key) {
                return Err(format!("{at}: required {key} is missing"));
            }
        }
        for (key, field) in map {
            if let Some(s) = schema["properties"].get(key) {
                check(doc, s, field, &format!("{at}.{key}"), true)?;
            }
        }
        if closed {
            only_known(doc, schema, value, at)?;
        }
    }
    if let (Value::Array(items), Some(s)) = (value, schema.get("items")) {
        for (k, item) in items.iter().enumerate() {
            check(doc, s, item, &format!("{at}[{k}]"), true)?;
        }
    }
    Ok(())
}

/// The property names `schema` documents, through `$ref` and `allOf`.
fn known(doc: &Value, schema: &Value, out: &mut Vec<String>) {
    if let Some(r) = schema["$ref"].as_str() {
        let name = r.trim_start_matches("#/components/schemas/");
        return known(doc, &doc["components"]["schemas"][name], out);
    }
    for part in schema["allOf"].as_array().into_iter().flatten() {
        known(doc, part, out);
    }
    out.extend(schema["properties"].as_object().into_iter().flatten().map(|(k, _)| k.clone()));
}

fn only_known(doc: &Value, schema: &Value, value: &Value, at: &str) -> Result<(), String> {
    let mut names = Vec::new();
    known(doc, schema, &mut names);
    for key in value.as_object().into_iter().flat_map(|m| m.keys()) {
        if !names.contains(key) {
            return Err(format!("{at}: {key} is not documented"));
        }
    }
    Ok(())
}

/// The documented schema of the `status` answer of `method path`.
fn response_schema(doc: &Value, method: &str, path: &str, status: StatusCode) -> Value {
    let op = &doc["paths"][path][method];
    let schema = &op["responses"][status.as_str()]["content"]["application/json"]["schema"];
    assert!(!schema.is_null(), "{method} {path} documents no {status} JSON answer");
    schema.clone()
}

#[tokio::test]
async fn every_documented_operation_is_served_with_exactly_its_methods() {
    let doc = document().await;
    for (path, ops) in doc["paths"].as_object().unwrap() {
        for method in ["get", "post", "put", "delete", "patch"] {
            let body = (method != "get").then(|| json!({ "puzzle": "1..." }));
            let (status, _) = call(&method.to_uppercase(), path, body.as_ref()).await;
            if ops.get(method).is_some() {
                assert_ne!(status, StatusCode::NOT_FOUND, "{method} {path}");
                assert_ne!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
            } else {
                assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path}");
            }
        }
    }
}

/// Every operation with a JSON body documents the refusals of its body
/// that the service makes before the handler runs: 413 and 415, each
/// answered as an error, and 422 `invalid_field` for a body of the wrong
/// shape.
#[tokio::test]
async fn body_refusals_are_documented_where_a_body_is_read() {
    let doc = document().await;
    let mut posts = 0;
    for (path, ops) in doc["paths"].as_object().unwrap() {
        let Some(op) = ops.get("post") else { continue };
        posts += 1;
        for status in [StatusCode::PAYLOAD_TOO_LARGE, StatusCode::UNSUPPORTED_MEDIA_TYPE] {
            response_schema(&doc, "post", path, status);
        }
        assert!(op["responses"].get("400").is_some(), "post {path} documents no 400");
        let req = Request::builder()
            .method("POST")
            .uri(path.as_str())
            .header(header::CONTENT_TYPE, "text/plain")
            .body(Body::from(r#"{"puzzle": "1..."}"#))
            .unwrap();
        let resp = router(Config::default()).oneshot(req).await.unwrap();
        assert_eq!(resp.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE, "post {path}");
        // A body of the wrong shape is a 422, which the document names.
        let described = op["responses"]["422"]["description"].as_str().unwrap_or_default();
        assert!(described.contains("invalid_field"), "post {path}: 422 says {described:?}");
        let req = Request::builder()
            .method("POST")
            .uri(path.as_str())
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(r#"{"no_such_field": 1}"#))
            .unwrap();
        let resp = router(Config::default()).oneshot(req).await.unwrap();
        assert_eq!(resp.status(), StatusCode::UNPROCESSABLE_ENTITY, "post {path}");
    }
    assert!(posts >= 8, "{posts}");
}

#[tokio::test]
async fn answers_match_their_documented_schemas() {
    let doc = document().await;
    let puzzle = json!({ "puzzle": HARD });
    let cases = [
        ("post", "/api/v1/solve", Some(puzzle.clone())),
        ("post", "/api/v1/solve", Some(json!({ "puzzle": "11.............." }))),
        ("post", "/api/v1/count", Some(json!({ "puzzle": HARD, "limit": 5 }))),
        ("post", "/api/v1/validate", Some(json!({ "puzzle": "1...........1..." }))),
        ("post", "/api/v1/transform", Some(json!({ "puzzle": HARD, "ops": "rot90" }))),
        // f-puzzles boards answered beside the puzzle.
        ("post", "/api/v1/solve", Some(json!({ "puzzle": HARD, "fpuzzles": true }))),
        ("post", "/api/v1/transform", Some(json!({ "puzzle": HARD, "seed": 2, "fpuzzles": true }))),
        ("get", "/api/v1/generate?seed=4&variant=jigsaw&with_solution=true&fpuzzles=true", None),
        ("post", "/api/v1/canon", Some(puzzle.clone())),
        ("post", "/api/v1/rate", Some(puzzle.clone())),
        ("post", "/api/v1/hint", Some(puzzle.clone())),
        ("post", "/api/v1/explain", Some(puzzle.clone())),
        // A path with dynamic chain steps, each with its `chain` (top1465,
        // SE 9.0).
        (
            "post",
            "/api/v1/explain",
            Some(
                json!({ "puzzle": "3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6.." }),
            ),
        ),
        ("get", "/api/v1/generate?seed=4&with_solution=true&difficulty=easy", None),
        ("get", "/api/v1/generate?size=4&seed=4&count=3", None),
        ("get", "/api/v1/daily?size=4&difficulty=easy&date=2026-12-01&with_solution=true", None),
        ("get", "/api/v1/daily?date=2026-12-32", None),
        ("get", "/healthz", None),
        // Errors: an unreadable puzzle (with its cell) and a bad parameter.
        ("post", "/api/v1/solve", Some(json!({ "puzzle": format!("{}x", &HARD[..80]) }))),
        ("post", "/api/v1/count", Some(json!({ "puzzle": HARD, "limit": 0 }))),
    ];
    for (method, uri, body) in cases {
        let (status, answer) = call(&method.to_uppercase(), uri, body.as_ref()).await;
        let path = uri.split('?').next().unwrap();
        let schema = response_schema(&doc, method, path, status);
        if let Err(e) = check(&doc, &schema, &answer, "answer", true) {
            panic!("{method} {uri} ({status}): {e}\n{answer}");
        }
    }
}

#[tokio::test]
async fn the_schema_check_refuses_what_is_not_documented() {
    let doc = document().await;
    let (status, answer) = call("POST", "/api/v1/hint", Some(&json!({ "puzzle": HARD }))).await;
    let schema = response_schema(&doc, "post", "/api/v1/hint", status);
    assert_eq!(check(&doc, &schema, &answer, "answer", true), Ok(()));
    let mut extra = answer.clone();
    extra["surprise"] = json!(1);
    assert!(check(&doc, &schema, &extra, "answer", true).unwrap_err().contains("surprise"));
    let mut missing = answer.clone();
    missing.as_object_mut().unwrap().remove("size");
    assert!(check(&doc, &schema, &missing, "answer", true).unwrap_err().contains("size"));
    let mut strings = answer;
    strings["step"]["cells"] = json!(["r1c1"]);
    assert!(check(&doc, &schema, &strings, "answer", true).is_err(), "cells are {{row, col}}");
}
