//! Serving from a puzzle bank (`Config::bank`) and the daily puzzle,
//! through the whole router against real bank files. Every puzzle answered
//! is checked by the rules: one solution by the exact solver, equal to the
//! one answered.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use sudokit::format::{self, ReadOptions};
use sudokit::logic::{Level, LogicSolver, Technique};
use sudokit::solve::Solver;
use sudokit::{Rules, Shape};
use sudokit_bank::{Bank, Fill, Target, fill};
use sudokit_server::{Config, router};
use tempfile::TempDir;
use tower::ServiceExt;

/// Status, `X-Sudokit-Source` and body of `GET uri`.
async fn get(app: &Router, uri: &str) -> (StatusCode, String, Value) {
    let req = Request::get(uri).body(Body::empty()).unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let source = res
        .headers()
        .get("x-sudokit-source")
        .map_or(String::new(), |v| v.to_str().unwrap().to_string());
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, source, serde_json::from_slice(&bytes).unwrap())
}

/// A fresh temporary folder and the path of a bank file in it (not made
/// yet); the file goes with the folder.
fn bank_file() -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bank.sqlite");
    (dir, path)
}

/// The puzzle lines the bank at `path` holds.
fn stored(path: &Path) -> HashSet<String> {
    Bank::open(path).unwrap().puzzles().unwrap().into_iter().map(|p| p.puzzle).collect()
}

/// The classic 6x6 rules.
fn six() -> Rules {
    Rules::classic(Shape::new(2, 3).unwrap())
}

/// A bank at `path` holding `n` 6x6 `level` puzzles.
fn bank_with(path: &Path, level: Level, n: usize) {
    let mut bank = Bank::open(path).unwrap();
    let plan = Fill::new(six(), level, 9, n).jobs(2);
    fill(&mut bank, &plan, &mut |_| {}, &|| false).unwrap();
}

fn app(path: &Path, low_water: usize) -> Router {
    router(Config {
        bank: Some(path.to_path_buf()),
        bank_low_water: low_water,
        ..Config::default()
    })
}

/// A bank of `n` 6x6 medium puzzles in a fresh folder (which goes with the
/// `TempDir`), the puzzle lines it holds, and a service answering from it
/// that never refills it.
fn served_bank(n: usize) -> (TempDir, HashSet<String>, Router) {
    let (dir, path) = bank_file();
    bank_with(&path, Level::Medium, n);
    (dir, stored(&path), app(&path, 0))
}

/// Checks an answered puzzle and its solution by the rules; returns the
/// puzzle line.
#[track_caller]
fn check(item: &Value, size: usize) -> String {
    let shape = Shape::from_size(size).unwrap();
    let read = |key: &str| {
        let text = item[key].as_str().unwrap_or_else(|| panic!("no {key} in {item}"));
        format::parse(text, ReadOptions::new().with_shape(shape)).unwrap().grid
    };
    let (puzzle, solution) = (read("puzzle"), read("solution"));
    let found = Solver::new().solutions(&puzzle, 2);
    assert_eq!(found, vec![solution.clone()], "{item}");
    assert!(solution.is_solved() && solution.is_solution_of(&puzzle), "{item}");
    item["puzzle"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn plain_requests_come_from_the_bank_without_repeats_per_client() {
    let (_dir, stored, app) = served_bank(5);
    let uri = "/api/v1/generate?size=6&difficulty=medium&with_solution=true&client=ann";
    let mut seen = HashSet::new();
    for _ in 0..5 {
        let (status, source, item) = get(&app, uri).await;
        assert_eq!((status, source.as_str()), (StatusCode::OK, "bank"), "{item}");
        assert_eq!(item["level"], "medium");
        assert_eq!(item["seed"], 9);
        let line = check(&item, 6);
        assert!(stored.contains(&line), "{line} is not in the bank");
        assert!(seen.insert(line), "ann got a puzzle twice");
    }
    // Ann has had them all: the next one is made live, still a medium
    // puzzle with one solution.
    let (status, source, item) = get(&app, uri).await;
    assert_eq!((status, source.as_str()), (StatusCode::OK, "live"), "{item}");
    assert_eq!(item["level"], "medium");
    check(&item, 6);
    // Another client starts its own round.
    let (_, source, _) = get(&app, "/api/v1/generate?size=6&difficulty=medium&client=bo").await;
    assert_eq!(source, "bank");
}

#[tokio::test]
async fn other_requests_are_made_live() {
    let (_dir, path) = bank_file();
    bank_with(&path, Level::Medium, 2);
    let app = app(&path, 0);
    for uri in [
        "/api/v1/generate?size=6&difficulty=medium&seed=3",
        "/api/v1/generate?size=6&difficulty=medium&minimal=true",
        "/api/v1/generate?size=6&difficulty=medium&symmetry=rot180",
        "/api/v1/generate?size=6",
    ] {
        let (status, source, body) = get(&app, uri).await;
        assert_eq!((status, source.as_str()), (StatusCode::OK, "live"), "{uri}: {body}");
    }
    // The bank holds no cages: a killer at a level is not a plain request,
    // and is made live (givens added to reach the level), not served a
    // classic puzzle.
    let (status, source, body) =
        get(&app, "/api/v1/generate?size=6&difficulty=medium&variant=killer").await;
    assert_eq!((status, source.as_str()), (StatusCode::OK, "live"), "{body}");
    assert_eq!(body["level"], "medium", "{body}");
    assert!(!body["cages"].as_array().unwrap().is_empty(), "{body}");
    let long = "x".repeat(129);
    let (status, _, body) =
        get(&app, &format!("/api/v1/generate?size=6&difficulty=medium&client={long}")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"]["message"].as_str().unwrap().contains("client"), "{body}");
}

/// A key the bank lacks is made live and refilled in the background up to
/// the low-water mark; then it is served from the bank.
#[tokio::test]
async fn a_missing_key_is_refilled_in_the_background() {
    let (_dir, path) = bank_file();
    let app = app(&path, 3);
    let uri = "/api/v1/generate?size=6&difficulty=hard&with_solution=true";
    let (status, source, item) = get(&app, uri).await;
    assert_eq!((status, source.as_str()), (StatusCode::OK, "live"), "{item}");
    let start = Instant::now();
    let reader = Bank::open_read_only(&path).unwrap();
    while reader.count("6", Level::Hard).unwrap() < 3 {
        assert!(start.elapsed() < Duration::from_secs(60), "no refill within a minute");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let item = from_the_bank_soon(&app, uri).await;
    check(&item, 6);
}

/// The answer to `uri` once it comes from the bank: the refill thread adds
/// what it committed to memory just after the commit, so a request right
/// after the file shows the puzzles may still be made live. Fails after
/// ten seconds of live answers.
async fn from_the_bank_soon(app: &Router, uri: &str) -> Value {
    let start = Instant::now();
    loop {
        let (status, source, item) = get(app, uri).await;
        assert_eq!(status, StatusCode::OK, "{item}");
        if source == "bank" {
            return item;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "still {source} after 10 s: {item}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn the_daily_puzzle_is_the_same_for_everyone_on_a_date() {
    let plain = router(Config::default());
    let uri = "/api/v1/daily?size=6&difficulty=medium&date=2026-12-01&with_solution=true";
    let (status, _, first) = get(&plain, uri).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["date"], "2026-12-01");
    assert_eq!(first["level"], "medium");
    check(&first, 6);
    // Another service, no bank: the same puzzle (from the date's seed).
    let (_, _, again) = get(&router(Config::default()), uri).await;
    assert_eq!(again, first);
    let (_, _, next_day) = get(&plain, &uri.replace("12-01", "12-02")).await;
    assert_ne!(next_day["puzzle"], first["puzzle"]);
    for (bad, says) in
        [("2026-13-01", "month 13"), ("tomorrow", "YYYY-MM-DD"), ("2026-02-30", "28 days")]
    {
        let (status, _, body) = get(&plain, &format!("/api/v1/daily?date={bad}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
        let message = body["error"]["message"].as_str().unwrap();
        assert!(message.starts_with("date: ") && message.contains(says), "{bad}: {message}");
    }
    let (status, _, body) = get(&plain, "/api/v1/daily?difficulty=hardest").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

#[tokio::test]
async fn with_a_bank_the_daily_puzzle_is_recorded_and_kept() {
    let (_dir, path) = bank_file();
    bank_with(&path, Level::Medium, 4);
    let uri = "/api/v1/daily?size=6&difficulty=medium&date=2026-12-01&with_solution=true";
    let (status, _, first) = get(&app(&path, 0), uri).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    check(&first, 6);
    bank_with(&path, Level::Medium, 8);
    // A restarted service with a bigger bank: the same puzzle.
    let (_, _, again) = get(&app(&path, 0), uri).await;
    assert_eq!(again, first);
    // A level the bank lacks: made from the date's seed and recorded.
    let hard = uri.replace("medium", "hard");
    let (status, _, made) = get(&app(&path, 0), &hard).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    check(&made, 6);
    let bank = Bank::open(&path).unwrap();
    assert_eq!(bank.count("6", Level::Hard).unwrap(), 1);
    let (_, _, kept) = get(&app(&path, 0), &hard).await;
    assert_eq!(kept["puzzle"], made["puzzle"]);
}

/// A bank puzzle is the daily puzzle of one date only: once the key's
/// puzzles have all been used, a new date gets its own puzzle, made from its
/// seed and recorded, not an earlier date's again.
#[tokio::test]
async fn dates_do_not_share_a_banked_daily_puzzle() {
    let (_dir, path) = bank_file();
    bank_with(&path, Level::Medium, 2);
    let held = Bank::open(&path).unwrap().count("6", Level::Medium).unwrap();
    let mut puzzles = HashSet::new();
    let dates = ["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"];
    for date in dates {
        let uri = format!("/api/v1/daily?size=6&difficulty=medium&date={date}&with_solution=true");
        let (status, _, item) = get(&app(&path, 0), &uri).await;
        assert_eq!(status, StatusCode::OK, "{item}");
        assert!(puzzles.insert(check(&item, 6)), "{date} repeats an earlier date's puzzle");
    }
    let bank = Bank::open(&path).unwrap();
    assert!(held < dates.len(), "{held}");
    assert_eq!(bank.count("6", Level::Medium).unwrap(), dates.len(), "the made ones are recorded");
}

/// `count` above 1 is answered from the bank; when the client's round has
/// fewer left, the rest is made live ("mixed"), all different.
#[tokio::test]
async fn count_above_one_comes_from_the_bank() {
    let (_dir, stored, app) = served_bank(5);
    let uri = "/api/v1/generate?size=6&difficulty=medium&with_solution=true&client=cy&count=3";
    let (status, source, items) = get(&app, uri).await;
    assert_eq!((status, source.as_str()), (StatusCode::OK, "bank"), "{items}");
    let first: Vec<String> = items.as_array().unwrap().iter().map(|i| check(i, 6)).collect();
    assert_eq!(first.len(), 3);
    let (status, source, items) = get(&app, uri).await;
    assert_eq!((status, source.as_str()), (StatusCode::OK, "mixed"), "{items}");
    let second: Vec<String> = items.as_array().unwrap().iter().map(|i| check(i, 6)).collect();
    assert_eq!(second.len(), 3);
    assert!(second[..2].iter().all(|p| stored.contains(p)), "{second:?}");
    let all: HashSet<&String> = first.iter().chain(&second).collect();
    assert_eq!(all.len(), 6, "a repeat among {first:?} {second:?}");
    let banked: HashSet<String> = first.iter().chain(&second[..2]).cloned().collect();
    assert_eq!(banked, stored, "the round handed every stored puzzle");
}

/// Places are saved when the service stops: a restarted service goes on
/// with each client's round, without repeats.
#[tokio::test]
async fn a_client_gets_no_repeat_across_a_restart() {
    let (_dir, path) = bank_file();
    bank_with(&path, Level::Medium, 6);
    let uri = "/api/v1/generate?size=6&difficulty=medium&client=dee";
    let mut seen = HashSet::new();
    for _ in 0..2 {
        let app = app(&path, 0);
        for _ in 0..3 {
            let (status, source, item) = get(&app, uri).await;
            assert_eq!((status, source.as_str()), (StatusCode::OK, "bank"), "{item}");
            assert!(seen.insert(item["puzzle"].as_str().unwrap().to_string()), "a repeat");
        }
        drop(app);
    }
    assert_eq!(Bank::open(&path).unwrap().places("6", Level::Medium).unwrap().len(), 1);
    let (status, source, item) = get(&app(&path, 0), uri).await;
    assert_eq!((status, source.as_str()), (StatusCode::OK, "live"), "{item}");
}

/// A bank that fails to read (here a file overwritten under the running
/// service) is logged and the request is generated live, never a 503.
#[tokio::test]
async fn a_failing_bank_falls_back_to_live_generation() {
    let (_dir, path) = bank_file();
    bank_with(&path, Level::Medium, 3);
    let app = app(&path, 0);
    let len = std::fs::metadata(&path).unwrap().len() as usize;
    std::fs::write(&path, vec![0x5a; len.max(8192)]).unwrap();
    for _ in 0..2 {
        let uri = "/api/v1/generate?size=6&difficulty=medium&with_solution=true&client=eli";
        let (status, source, item) = get(&app, uri).await;
        assert_eq!((status, source.as_str()), (StatusCode::OK, "live"), "{item}");
        assert_eq!(item["level"], "medium");
        check(&item, 6);
        let daily = "/api/v1/daily?size=6&difficulty=medium&date=2026-12-01&with_solution=true";
        let (status, _, item) = get(&app, daily).await;
        assert_eq!(status, StatusCode::OK, "{item}");
        check(&item, 6);
    }
}

/// The technique these tests ask for: common enough on 6x6 for quick
/// fills, above the singles every puzzle uses.
const TECHNIQUE: Technique = Technique::Pointing;

/// Rates `line` (a 6x6 puzzle answered by the service) with the logical
/// solver: its level, hardest technique and the techniques of its path.
/// This is independent of what the bank stored about the puzzle.
fn rate(line: &str) -> (Level, Option<Technique>, Vec<Technique>) {
    let grid = format::parse(line, ReadOptions::new().with_shape(Shape::from_size(6).unwrap()))
        .unwrap()
        .grid;
    let path = LogicSolver::new().solve(&grid).unwrap();
    let uses = path.technique_counts().into_iter().map(|(t, _)| t).collect();
    (path.rating().level, path.rating().hardest, uses)
}

/// The puzzles of the bank at `path` whose rating, found again, meets `f`.
fn stored_meeting(
    path: &Path,
    f: impl Fn(Level, Option<Technique>, &[Technique]) -> bool,
) -> HashSet<String> {
    let puzzles = Bank::open(path).unwrap().puzzles().unwrap();
    puzzles
        .into_iter()
        .filter(|p| {
            let (level, hardest, uses) = rate(&p.puzzle);
            f(level, hardest, &uses)
        })
        .map(|p| p.puzzle)
        .collect()
}

/// `generate?needs=` is answered from the bank with every stored puzzle
/// that needs the technique, whichever fill stored it, once each per
/// client; each one answered is rated again and its path uses the
/// technique. Then the round is over and the answer is made live.
#[tokio::test]
async fn technique_requests_come_from_the_bank_and_need_the_technique() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bank.sqlite");
    bank_with(&path, Level::Hard, 6);
    let target = Target::new(None, &[TECHNIQUE], None);
    let already = Bank::open(&path).unwrap().count("6", target.clone()).unwrap();
    let mut bank = Bank::open(&path).unwrap();
    fill(&mut bank, &Fill::of(six(), target.clone(), 4, already + 3).jobs(2), &mut |_| {}, &|| {
        false
    })
    .unwrap();
    drop(bank);
    let needing = stored_meeting(&path, |_, _, uses| uses.contains(&TECHNIQUE));
    let hard_needing =
        stored_meeting(&path, |level, _, uses| level == Level::Hard && uses.contains(&TECHNIQUE));
    assert_eq!(needing.len(), already + 3, "the bank counts what needs it");
    let app = app(&path, 0);
    let uri = format!("/api/v1/generate?size=6&needs={}&with_solution=true", TECHNIQUE.slug());
    let mut seen = HashSet::new();
    let ann = format!("{uri}&client=ann");
    for _ in 0..needing.len() {
        let (status, source, item) = get(&app, &ann).await;
        assert_eq!((status, source.as_str()), (StatusCode::OK, "bank"), "{item}");
        let line = check(&item, 6);
        assert!(rate(&line).2.contains(&TECHNIQUE), "{line} does not need {TECHNIQUE}");
        assert!(seen.insert(line), "ann got a puzzle twice");
    }
    assert_eq!(seen, needing, "the round handed every stored puzzle that needs it");
    let (status, source, item) = get(&app, &ann).await;
    assert_eq!((status, source.as_str()), (StatusCode::OK, "live"), "{item}");
    let line = check(&item, 6);
    assert!(rate(&line).2.contains(&TECHNIQUE));
    // With a level too: the hard ones among them, and then live.
    assert!(!hard_needing.is_empty() && hard_needing.len() < needing.len());
    let hard = format!("{uri}&difficulty=hard&client=bo");
    let mut seen = HashSet::new();
    for _ in 0..hard_needing.len() {
        let (status, source, item) = get(&app, &hard).await;
        assert_eq!((status, source.as_str()), (StatusCode::OK, "bank"), "{item}");
        assert_eq!(item["level"], "hard");
        seen.insert(check(&item, 6));
    }
    assert_eq!(seen, hard_needing);
    let (_, source, _) = get(&app, &hard).await;
    assert_eq!(source, "live");
}

/// `generate?hardest=` is answered from the bank with puzzles whose
/// hardest step, rated again, is the technique.
#[tokio::test]
async fn hardest_requests_come_from_the_bank() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bank.sqlite");
    let target = Target::new(None, &[], Some(TECHNIQUE));
    let mut bank = Bank::open(&path).unwrap();
    fill(&mut bank, &Fill::of(six(), target, 2, 3).jobs(2), &mut |_| {}, &|| false).unwrap();
    drop(bank);
    let app = app(&path, 0);
    let uri =
        format!("/api/v1/generate?size=6&hardest={}&with_solution=true&count=3", TECHNIQUE.slug());
    let (status, source, items) = get(&app, &uri).await;
    assert_eq!((status, source.as_str()), (StatusCode::OK, "bank"), "{items}");
    for item in items.as_array().unwrap() {
        let line = check(item, 6);
        assert_eq!(rate(&line).1, Some(TECHNIQUE), "{line}");
    }
    // A technique that cannot occur on the board is refused by the live
    // path, with the reason, not answered from the bank.
    let (status, _, body) = get(&app, "/api/v1/generate?size=6&needs=jellyfish").await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
}

/// A technique target the bank lacks is made live and refilled in the
/// background up to the low-water mark; then it is served from the bank.
#[tokio::test]
async fn a_missing_technique_is_refilled_in_the_background() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bank.sqlite");
    let app = app(&path, 2);
    let uri = format!("/api/v1/generate?size=6&needs={}&with_solution=true", TECHNIQUE.slug());
    let (status, source, item) = get(&app, &uri).await;
    assert_eq!((status, source.as_str()), (StatusCode::OK, "live"), "{item}");
    let target = Target::new(None, &[TECHNIQUE], None);
    let start = Instant::now();
    let reader = Bank::open_read_only(&path).unwrap();
    while reader.count("6", target.clone()).unwrap() < 2 {
        assert!(start.elapsed() < Duration::from_secs(60), "no refill within a minute");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let item = from_the_bank_soon(&app, &uri).await;
    assert!(rate(&check(&item, 6)).2.contains(&TECHNIQUE));
}

/// A recorded daily puzzle whose row was damaged is logged and the date's
/// puzzle is made from its seed, as without a bank: the same answer a
/// service without a bank gives, never an error.
#[tokio::test]
async fn a_damaged_daily_row_is_answered_as_without_a_bank() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bank.sqlite");
    bank_with(&path, Level::Medium, 3);
    let uri = "/api/v1/daily?size=6&difficulty=medium&date=2026-12-01&with_solution=true";
    let (status, _, first) = get(&app(&path, 0), uri).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let conn = rusqlite::Connection::open(&path).unwrap();
    let damaged = conn
        .execute(
            "UPDATE puzzles SET puzzle = 'not a puzzle' WHERE id = (SELECT puzzle FROM daily)",
            [],
        )
        .unwrap();
    assert_eq!(damaged, 1);
    drop(conn);
    let (status, _, item) = get(&app(&path, 0), uri).await;
    assert_eq!(status, StatusCode::OK, "{item}");
    check(&item, 6);
    let (_, _, plain) = get(&router(Config::default()), uri).await;
    assert_eq!(item, plain);
}
