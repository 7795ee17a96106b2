//! End-to-end test of the web page in headless Chromium (Debian's
//! `chromium` and `chromium-driver`), driven over WebDriver.
//!
//! `#[ignore]`d so the default `cargo test --workspace` needs no browser;
//! `.ci/run` installs both packages and runs it with the other ignored
//! tests. It never skips: without a browser it fails and says what to
//! install. Screenshots are saved under `target/e2e/` (desktop and phone).
//! `CHROMIUM` and `CHROMEDRIVER` override the binaries' paths.
//!
//! [`play`] holds the player-facing flows (clock, mistakes, completion,
//! share links, theme, keyboard help, favicon) and the quality checks (no
//! console errors, an axe-core accessibility scan, keyboard-only play);
//! [`practise`] the practise mode and the daily puzzle; [`variants`] the
//! rules chooser making constraint puzzles (killer, thermo, jigsaw) and
//! killer lines pasted in the puzzle box;
//! [`other_variants`] the windoku, anti-knight, anti-king, non-consecutive,
//! kropki and even/odd puzzles it makes; [`broken_marks`] the marks on a
//! cage, thermometer or dot the player's digits break; [`errors`] what the
//! page says when the service cannot be reached or its answer not read.

/// A test of the page in a real browser: an `async fn` run on a
/// two-thread runtime and `#[ignore]`d, because it needs Chromium (see the
/// module docs), with the one reason every such test gives.
macro_rules! browser_test {
    ($(#[$meta:meta])* async fn $name:ident() $body:block) => {
        $(#[$meta])*
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        #[ignore = "needs chromium and chromium-driver; .ci/run installs them and runs it"]
        async fn $name() $body
    };
}

#[path = "browser/broken_marks.rs"]
mod broken_marks;
#[path = "browser/errors.rs"]
mod errors;
#[path = "browser/other_variants.rs"]
mod other_variants;
#[path = "browser/play.rs"]
mod play;
#[path = "browser/practise.rs"]
mod practise;
#[path = "browser/variants.rs"]
mod variants;

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};
use sudokit::format::{self, ReadOptions};
use sudokit::logic::Step;
use sudokit::{Grid, Shape};
use sudokit_server::{Config, serve_until};

/// Kills chromedriver when the test ends, however it ends.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn tool(var: &str, default: &str, package: &str) -> String {
    let path = std::env::var(var).unwrap_or_else(|_| default.to_string());
    assert!(
        Path::new(&path).exists(),
        "{path} is missing: the browser test needs Debian's `{package}` \
         (apt-get install chromium chromium-driver; .ci/run installs it), or set {var}"
    );
    path
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn artifacts() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/e2e");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn start_server() -> SocketAddr {
    start_server_with(Config::default()).await
}

async fn start_server_with(config: Config) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let serving = serve_until(listener, config, std::future::pending());
    tokio::spawn(async move { serving.await.unwrap() });
    addr
}

/// A service whose time budget is `time_budget`, the rest as default.
async fn start_server_with_budget(time_budget: Duration) -> SocketAddr {
    start_server_with(Config { time_budget, ..Config::default() }).await
}

/// How many more times a WebDriver session is asked for after a failed
/// request.
const SESSION_TRIES: u32 = 5;

async fn start_browser() -> (Driver, Client) {
    let chromium = tool("CHROMIUM", "/usr/bin/chromium", "chromium");
    let chromedriver = tool("CHROMEDRIVER", "/usr/bin/chromedriver", "chromium-driver");
    let port = free_port();
    let child = Command::new(&chromedriver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {chromedriver}: {e}"));
    let driver = Driver(child);
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(start.elapsed() < Duration::from_secs(20), "chromedriver did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1100,900"],
        }),
    );
    // The page's console, read back by `play::console_errors`.
    caps.insert("goog:loggingPrefs".into(), json!({ "browser": "ALL" }));
    // chromedriver takes connections before it serves them: with several
    // browsers starting at once on a busy machine the first request can be
    // reset, so a session is asked for a few times before the test fails.
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let url = format!("http://127.0.0.1:{port}");
    let mut tries = 0;
    let client = loop {
        let session =
            ClientBuilder::new(connector.clone()).capabilities(caps.clone()).connect(&url).await;
        match session {
            Ok(client) => break client,
            Err(e) if tries < SESSION_TRIES => {
                tries += 1;
                eprintln!("WebDriver session, try {tries} of {SESSION_TRIES}: {e}");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
            Err(e) => panic!("a WebDriver session with headless chromium: {e:?}"),
        }
    };
    (driver, client)
}

/// Runs `flow` in a fresh browser session (no saved game) against the
/// service at `addr`, and closes the session after it. A panicking flow
/// leaves the session open; dropping the [`Driver`] ends chromedriver.
async fn in_browser<T>(addr: SocketAddr, flow: impl AsyncFnOnce(&Client, SocketAddr) -> T) -> T {
    let (_driver, c) = start_browser().await;
    let out = flow(&c, addr).await;
    c.close().await.unwrap();
    out
}

/// Evaluates `expr` in the page.
async fn js(c: &Client, expr: &str) -> Value {
    c.execute(&format!("return ({expr});"), vec![]).await.unwrap()
}

/// Waits until `expr` is true in the page (at most 20 s).
async fn wait_until(c: &Client, expr: &str) {
    let start = Instant::now();
    loop {
        if js(c, expr).await == json!(true) {
            return;
        }
        if start.elapsed() > Duration::from_secs(20) {
            let status = js(c, "document.getElementById('status').textContent").await;
            panic!("timed out waiting for {expr}; the page says {status}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until the status line starts with `prefix` (at most 20 s).
async fn wait_for_status(c: &Client, prefix: &str) {
    let expr = format!("document.getElementById('status').textContent.startsWith({prefix:?})");
    wait_until(c, &expr).await;
}

/// Makes the page's next `generate` requests ask for `seeds`, one each in
/// order (the page leaves the seed to the service, which draws one at
/// random, and some variants' puzzles take the service far longer on a few
/// seeds than on most: see CHANGELOG, Known gaps). Those requests are kept
/// in `window.pinned`.
async fn pin_seeds(c: &Client, seeds: &[u64]) {
    let wrap = format!(
        "(() => {{ const plain = window.fetch, seeds = {seeds:?}; window.pinned = []; \
         window.fetch = (url, init) => {{ \
         if (String(url).startsWith('/api/v1/generate?')) {{ url += '&seed=' + seeds.shift(); \
         window.pinned.push(url); if (!seeds.length) window.fetch = plain; }} \
         return plain(url, init); }}; return true; }})()"
    );
    assert_eq!(js(c, &wrap).await, json!(true));
}

/// The `generate` requests sent with the seeds of [`pin_seeds`].
async fn pinned(c: &Client) -> Vec<String> {
    let v = js(c, "window.pinned").await;
    v.as_array().unwrap().iter().map(|u| u.as_str().unwrap().to_string()).collect()
}

async fn status(c: &Client) -> String {
    js(c, "document.getElementById('status').textContent").await.as_str().unwrap().to_string()
}

/// The board as the page shows it, in line format (blanks as `.`).
async fn board_text(c: &Client) -> String {
    let v = js(
        c,
        "Array.from(document.querySelectorAll('#board .cell')).map(e => \
         e.querySelector('.marks') ? '.' : (e.textContent || '.')).join('')",
    )
    .await;
    v.as_str().unwrap().to_string()
}

async fn cell(c: &Client, i: usize) -> fantoccini::elements::Element {
    c.find(Locator::Css(&format!("#board .cell[data-i=\"{i}\"]"))).await.unwrap()
}

/// Ticks exactly the rules chooser's `variants` (none: classic) and waits
/// until the level menu is the one of that choice.
async fn choose_variants(c: &Client, variants: &[&str]) {
    let list = json!(variants);
    c.execute_async(
        &format!(
            "const done = arguments[arguments.length - 1]; \
             for (const b of variantBoxes()) {{ \
               const want = {list}.includes(b.value); \
               if (b.checked !== want) {{ b.checked = want; b.dispatchEvent(new Event('change')); }} \
             }} \
             offerLevels().then(() => done(true));"
        ),
        vec![],
    )
    .await
    .unwrap();
}

/// Sets the menu `id` to `value` as the player does: the value, then a
/// `change` event.
async fn choose(c: &Client, id: &str, value: &str) {
    js(c, &format!("(document.getElementById('{id}').value = '{value}', true)")).await;
    js(c, &format!("(document.getElementById('{id}').dispatchEvent(new Event('change')), true)"))
        .await;
}

/// Checks that a search for a puzzle the service cannot make in its time
/// budget can be cancelled and then waited out, the board staying
/// `before`. `start` starts the search and `cancel` stops it; while it runs
/// the status starts with `waiting` and `start` is disabled. The second try
/// waits for a status starting with `missed`, which is returned.
async fn cancel_then_miss(
    c: &Client,
    before: &str,
    [start, cancel]: [&str; 2],
    waiting: &str,
    missed: &str,
) -> String {
    let disabled = format!("document.getElementById('{start}').disabled");
    click(c, start).await;
    wait_until(c, &format!("!document.getElementById('{cancel}').hidden")).await;
    assert!(status(c).await.starts_with(waiting), "{}", status(c).await);
    assert_eq!(js(c, &disabled).await, json!(true));
    click(c, cancel).await;
    wait_for_status(c, "Cancelled").await;
    assert_eq!(board_text(c).await, before);
    assert_eq!(js(c, &disabled).await, json!(false));
    click(c, start).await;
    wait_for_status(c, missed).await;
    status(c).await
}

async fn save_screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.unwrap();
    assert!(png.starts_with(b"\x89PNG"), "a PNG screenshot");
    std::fs::write(artifacts().join(name), png).unwrap();
}

browser_test! {
    async fn play_a_game_in_a_real_browser() {
        let addr = start_server().await;
        in_browser(addr, play).await;
    }
}

async fn play(c: &Client, addr: SocketAddr) {
    let url = format!("http://{addr}/");
    c.goto(&url).await.unwrap();

    // A first visit makes a medium 9x9 puzzle.
    wait_until(c, "document.querySelectorAll('#board .cell').length === 81").await;
    wait_for_status(c, "New medium").await;
    let puzzle = board_text(c).await;
    let given = format::parse_grid(&puzzle).expect("the board reads as a 9x9 puzzle");
    let rating = sudokit::logic::rate(&given).unwrap();
    assert_eq!(rating.level, sudokit::logic::Level::Medium, "medium: {puzzle}");
    wait_until(c, "document.getElementById('rating').textContent.startsWith('Rating ')").await;
    let line = js(c, "document.getElementById('rating').textContent").await;
    let line = line.as_str().unwrap().to_string();
    assert!(line.starts_with(&format!("Rating {} (medium)", rating.er)), "{line}");
    assert!(!status(c).await.contains("rating"), "the status does not repeat the rating");
    assert_eq!(given.count_solutions_up_to(2), 1, "a generated puzzle is unique");
    let solution = given.some_solution().unwrap();
    let label =
        js(c, "document.querySelector('#board .cell.given').getAttribute('aria-label')").await;
    let label = label.as_str().unwrap();
    assert!(label.starts_with("Row ") && label.contains(", given "), "cells are labelled: {label}");

    // Enter a right digit with the keyboard.
    let empty: Vec<usize> = (0..81).filter(|&i| given.values()[i] == 0).collect();
    let (a, b) = (empty[0], empty[1]);
    let digit = |i: usize| solution.values()[i].to_string();
    cell(c, a).await.click().await.unwrap();
    cell(c, a).await.send_keys(&digit(a)).await.unwrap();
    assert_eq!(cell(c, a).await.text().await.unwrap(), digit(a));

    // A clashing digit is highlighted, and undo takes it away.
    let row = a / 9;
    let clash = (0..9)
        .map(|col| row * 9 + col)
        .find(|&i| given.values()[i] != 0)
        .map(|i| given.values()[i])
        .or_else(|| {
            let col = a % 9;
            (0..9).map(|r| given.values()[r * 9 + col]).find(|&v| v != 0)
        })
        .expect("a given in the row or column");
    cell(c, a).await.send_keys(&clash.to_string()).await.unwrap();
    wait_until(
        c,
        &format!("document.querySelector('.cell[data-i=\"{a}\"]').classList.contains('conflict')"),
    )
    .await;
    c.find(Locator::Id("undo")).await.unwrap().click().await.unwrap();
    assert_eq!(cell(c, a).await.text().await.unwrap(), digit(a), "undo restores the right digit");
    c.find(Locator::Id("redo")).await.unwrap().click().await.unwrap();
    assert_eq!(cell(c, a).await.text().await.unwrap(), clash.to_string());
    c.find(Locator::Id("undo")).await.unwrap().click().await.unwrap();

    // Pencil marks in another cell: two digits, neither of them right.
    let wrong: Vec<String> =
        (1..=9u8).filter(|&d| d != solution.values()[b]).take(2).map(|d| d.to_string()).collect();
    let marks_label = format!("pencil marks {} {}", wrong[0], wrong[1]);
    cell(c, b).await.click().await.unwrap();
    c.find(Locator::Id("pencil")).await.unwrap().click().await.unwrap();
    cell(c, b).await.send_keys(&wrong.concat()).await.unwrap();
    c.find(Locator::Id("pencil")).await.unwrap().click().await.unwrap();
    let label = cell(c, b).await.attr("aria-label").await.unwrap().unwrap();
    assert!(label.ends_with(&marks_label), "{label}");

    // Check says nothing is wrong so far.
    c.find(Locator::Id("check")).await.unwrap().click().await.unwrap();
    assert!(status(c).await.starts_with("All correct so far"), "{}", status(c).await);
    save_screenshot(c, "playing.png").await;

    // The game survives a reload.
    c.refresh().await.unwrap();
    wait_until(c, "document.querySelectorAll('#board .cell').length === 81").await;
    assert!(status(c).await.starts_with("Welcome back"));
    let after = board_text(c).await;
    let mut expected: Vec<char> = puzzle.chars().collect();
    expected[a] = digit(a).chars().next().unwrap();
    assert_eq!(after, expected.into_iter().collect::<String>());
    let label = cell(c, b).await.attr("aria-label").await.unwrap().unwrap();
    assert!(label.ends_with(&marks_label), "marks survive a reload: {label}");

    hint_steps_and_print(c, &given, a, b, &solution).await;

    // Solve with the animation at full speed; the page ends on the solution.
    js(c, "(document.getElementById('speed').value = 6, true)").await;
    c.find(Locator::Id("solve")).await.unwrap().click().await.unwrap();
    wait_for_status(c, "Solved:").await;
    let shown = board_text(c).await;
    let shown = format::parse_grid(&shown).unwrap();
    assert!(shown.is_solved() && shown.is_solution_of(&given), "the page shows the solution");
    // The replay is the engine's search (its moves carry its decisions).
    let said = status(c).await;
    assert!(said.contains("digits placed") && said.contains("guesses"), "{said}");
    save_screenshot(c, "solved.png").await;

    // A typed-in puzzle: the empty 4x4 board has 288 solutions.
    c.find(Locator::Id("typed-text")).await.unwrap().send_keys("................").await.unwrap();
    c.find(Locator::Id("load")).await.unwrap().click().await.unwrap();
    wait_until(c, "document.getElementById('status').textContent.includes('288 solutions')").await;
    assert_eq!(js(c, "document.querySelectorAll('#board .cell').length").await, json!(16));

    // A 16x16 game at phone width.
    c.set_window_size(390, 844).await.unwrap();
    js(c, "(document.getElementById('size').value = '4x4', true)").await;
    c.find(Locator::Id("new")).await.unwrap().click().await.unwrap();
    wait_until(c, "document.querySelectorAll('#board .cell').length === 256").await;
    wait_for_status(c, "New medium").await;
    let text = board_text(c).await;
    let sixteen = format::parse(&text, ReadOptions::new().with_shape(Shape::new(4, 4).unwrap()))
        .unwrap()
        .grid;
    assert_eq!(Grid::count_solutions_up_to(&sixteen, 2), 1);
    let width = js(c, "document.getElementById('board').getBoundingClientRect().right").await;
    assert!(width.as_f64().unwrap() <= 390.0, "the board fits a phone screen: {width}");
    // The rating line of a big board: the service's level, or why there is none.
    wait_until(c, "document.getElementById('rating').textContent !== 'Rating…'").await;
    let rating = text_of(c, "rating").await;
    println!("16x16 rating line: {rating}");
    assert!(rating.starts_with("Level ") || rating.starts_with("Not rated: "), "{rating}");
    save_screenshot(c, "phone-16x16.png").await;
}

/// The indices of the cells carrying `class`.
async fn cells_with(c: &Client, class: &str) -> Vec<usize> {
    let v = js(
        c,
        &format!(
            "Array.from(document.querySelectorAll('#board .cell.{class}')).map(e => Number(e.dataset.i))"
        ),
    )
    .await;
    v.as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as usize).collect()
}

async fn text_of(c: &Client, id: &str) -> String {
    js(c, &format!("document.getElementById('{id}').textContent")).await.as_str().unwrap().into()
}

async fn click(c: &Client, id: &str) {
    c.find(Locator::Id(id)).await.unwrap().click().await.unwrap();
}

/// The cells a step names as its evidence, in index order.
fn step_cells(s: &Step) -> Vec<usize> {
    let mut v: Vec<usize> = s.cells.iter().map(|c| c.index()).collect();
    v.sort_unstable();
    v
}

/// Checks that the step walk shows step `k` of `steps`: its number, its
/// sentence and its evidence cells.
async fn walk_shows(c: &Client, steps: &[Step], k: usize) {
    let title = text_of(c, "explain-title").await;
    assert!(title.starts_with(&format!("Step {} of {}: ", k + 1, steps.len())), "{title}");
    assert_eq!(text_of(c, "explain-text").await, steps[k].explanation);
    let page_step = js(c, &format!("JSON.stringify(walk.steps[{k}])")).await;
    assert_eq!(
        cells_with(c, "hint-cell").await,
        step_cells(&steps[k]),
        "{page_step} vs {:?}",
        steps[k]
    );
}

/// Takes a hint (first refused for marks without the right digit), steps
/// through the logical solution, and prints a PDF. On entry cell `a` holds
/// its right digit and cell `b` two wrong pencil marks.
async fn hint_steps_and_print(c: &Client, given: &Grid, a: usize, b: usize, solution: &Grid) {
    use sudokit::logic::{LogicSolver, State};

    // The marks in b leave out its digit: the page says so and outlines b.
    click(c, "hint").await;
    wait_for_status(c, "Fix these first").await;
    let name = format!("r{}c{}", b / 9 + 1, b % 9 + 1);
    assert!(status(c).await.contains(&name), "{} should name {name}", status(c).await);
    assert_eq!(cells_with(c, "hint-cell").await, vec![b]);

    // Without them, the hint is the engine's next step from the player's
    // state (the givens and the digit in a).
    cell(c, b).await.click().await.unwrap();
    click(c, "erase").await;
    assert!(cells_with(c, "hint-cell").await.is_empty(), "a move clears the highlights");
    click(c, "hint").await;
    wait_for_status(c, "Hint:").await;
    let mut values = given.values().to_vec();
    values[a] = solution.values()[a];
    let played = Grid::from_values(Shape::CLASSIC, values).unwrap();
    let step = LogicSolver::new().next_step(&State::from_grid(&played)).unwrap().unwrap();
    assert!(js(c, "!document.getElementById('explain').hidden").await == json!(true));
    assert_eq!(text_of(c, "explain-text").await, step.explanation);
    let title = text_of(c, "explain-title").await;
    assert!(title.starts_with("Hint: ") && title.contains(step.technique.name()), "{title}");
    assert_eq!(cells_with(c, "hint-cell").await, step_cells(&step), "evidence highlighted");
    let mut placed: Vec<usize> = step.placements.iter().map(|(c, _)| c.index()).collect();
    placed.sort_unstable();
    assert_eq!(cells_with(c, "hint-place").await, placed);
    save_screenshot(c, "hint.png").await;

    // A hint that comes back after the player's next move is for a board
    // that is gone: it is dropped, not shown (the service is slowed here).
    let slow = "(() => { const plain = window.fetch; window.plainFetch = plain; \
                window.fetch = (url, init) => String(url).includes('/api/v1/hint') \
                ? new Promise((ok) => setTimeout(ok, 1500)).then(() => plain(url, init)) \
                : plain(url, init); return true; })()";
    assert_eq!(js(c, slow).await, json!(true));
    click(c, "hint").await;
    wait_for_status(c, "Looking for the next step").await;
    cell(c, a).await.click().await.unwrap();
    click(c, "erase").await;
    wait_for_status(c, "The board changed while the hint was looked for").await;
    assert_eq!(js(c, "document.getElementById('explain').hidden").await, json!(true));
    assert!(cells_with(c, "hint-place").await.is_empty(), "no stale placement shown");
    assert_eq!(js(c, "(window.fetch = window.plainFetch, true)").await, json!(true));
    click(c, "undo").await;
    let digit = solution.values()[a].to_string();
    assert_eq!(cell(c, a).await.text().await.unwrap(), digit, "undo puts the digit back");

    // Step through the logical solution of the givens.
    let path = LogicSolver::new().solve(given).unwrap();
    let total = path.steps.len();
    click(c, "steps").await;
    wait_until(c, "document.getElementById('explain-title').textContent.startsWith('Step 1 of')")
        .await;
    walk_shows(c, &path.steps, 0).await;
    click(c, "walk-next").await;
    click(c, "walk-next").await;
    walk_shows(c, &path.steps, 2).await;
    // The board shows the first two steps' placements, and not the player's
    // entry unless a step placed it.
    let board = board_text(c).await;
    let mut expected = given.values().to_vec();
    for s in &path.steps[..2] {
        for (cell, d) in &s.placements {
            expected[cell.index()] = d.get();
        }
    }
    let shown: Vec<u8> = board.chars().map(|ch| ch.to_digit(10).map_or(0, |d| d as u8)).collect();
    assert_eq!(shown, expected, "the walk's board");
    save_screenshot(c, "steps.png").await;
    click(c, "walk-prev").await;
    assert!(text_of(c, "explain-title").await.starts_with("Step 2 of"));
    // The last position says the puzzle is solved.
    for _ in 0..total {
        js(c, "(document.getElementById('walk-next').click(), true)").await;
    }
    assert!(text_of(c, "explain-title").await.starts_with(&format!("Solved in {total} steps")));
    let end = format::parse_grid(&board_text(c).await).unwrap();
    assert_eq!(end.values(), solution.values(), "the last step leaves the solution");
    click(c, "walk-close").await;
    let mut back = given.values().to_vec();
    back[a] = solution.values()[a];
    let shown: Vec<u8> =
        board_text(c).await.chars().map(|ch| ch.to_digit(10).map_or(0, |d| d as u8)).collect();
    assert_eq!(shown, back, "back to the game as it was");

    // Print: the page downloads the service's PDF.
    js(
        c,
        "(window.__blobs = [], URL.createObjectURL = ((orig) => (b) => \
         (window.__blobs.push(b), orig.call(URL, b)))(URL.createObjectURL), true)",
    )
    .await;
    click(c, "print").await;
    wait_for_status(c, "PDF downloaded").await;
    let head = c
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             const b = window.__blobs[0]; \
             b.slice(0, 5).text().then((t) => done([t, b.type, b.size]));",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(head[0], "%PDF-", "{head}");
    assert_eq!(head[1], "application/pdf");
    assert!(head[2].as_u64().unwrap() > 2000, "{head}");
}
