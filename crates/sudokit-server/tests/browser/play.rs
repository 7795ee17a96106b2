//! The player's flows and the page's quality bars, in headless Chromium.
//!
//! One 4x4 game is played with the keyboard alone to the completion
//! screen (the final board is checked by the rules here, not by the page),
//! on the way checking the clock (runs, pauses), the mistakes counter and a
//! share link opened in a fresh browser session. Then a 9x9 game: theme
//! toggle, keyboard help, favicon, an axe-core scan in both themes (no
//! serious or critical violation) and screenshots at 1280x1000 and 390x844.
//! Every session ends by asserting that the page logged no console error.
//!
//! axe-core is vendored as `tests/vendor/axe.min.js` (MPL-2.0, Deque
//! Systems; `tests/vendor/axe-LICENSE.txt`), used by this test only.

use std::net::SocketAddr;
use std::time::Duration;

use fantoccini::Client;
use fantoccini::key::Key;
use fantoccini::wd::WebDriverCompatibleCommand;
use serde_json::{Value, json};
use sudokit::Shape;
use sudokit::format::{self, ReadOptions};

use super::{
    board_text, choose, click, in_browser, js, save_screenshot, start_server, status, text_of,
    wait_for_status, wait_until,
};

const AXE: &str = include_str!("../vendor/axe.min.js");

/// `POST /session/{id}/se/log`: the browser's console entries since the
/// last call (chromedriver's logging extension).
#[derive(Debug)]
struct BrowserLog;

impl WebDriverCompatibleCommand for BrowserLog {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!("session/{}/se/log", session.unwrap_or_default()))
    }

    fn method_and_body(&self, _: &url::Url) -> (axum::http::Method, Option<String>) {
        (axum::http::Method::POST, Some(r#"{"type":"browser"}"#.to_string()))
    }
}

/// The console entries of level SEVERE (errors, failed requests) logged
/// since the last call.
pub async fn console_errors(c: &Client) -> Vec<String> {
    let log = c.issue_cmd(BrowserLog).await.expect("chromedriver's browser log");
    log.as_array()
        .expect("a list of log entries")
        .iter()
        .filter(|e| e["level"] == "SEVERE")
        .map(|e| e["message"].as_str().unwrap_or_default().to_string())
        .collect()
}

pub async fn assert_no_console_errors(c: &Client, flow: &str) {
    let errors = console_errors(c).await;
    assert!(errors.is_empty(), "console errors during {flow}: {errors:#?}");
}

/// Checks that the only console errors since the last read are failed
/// `generate` requests: a refused one (422) and perhaps a cancelled one.
pub async fn assert_only_generate_errors(c: &Client) {
    let errors = console_errors(c).await;
    assert!(
        errors.iter().all(|e| e.contains("/api/v1/generate?")),
        "console errors other than the generate requests': {errors:#?}"
    );
}

/// Checks that the only console errors since the last read are failed
/// `generate` requests and failed `rate` requests. A rating may miss a test
/// service's short time budget (killer ratings need forcing chains through
/// the cages on some layouts); [`settled_rating`] checks the page says so.
pub async fn assert_only_generate_or_rate_errors(c: &Client) {
    let errors = console_errors(c).await;
    assert!(
        errors.iter().all(|e| e.contains("/api/v1/generate?") || e.contains("/api/v1/rate ")),
        "console errors other than generate and rate requests': {errors:#?}"
    );
}

/// The game's rating line once the page's rate request has answered:
/// checked to be a rating, or the service's refusal at its time budget.
pub async fn settled_rating(c: &Client) -> String {
    wait_until(c, "game.rating !== null").await;
    let line = js(c, "ratingText()").await.as_str().expect("the rating line").to_string();
    let budget = "Not rated: the logical solver stopped at this service's time budget";
    assert!(
        line.starts_with("Rating ") || line.starts_with("Level ") || line.starts_with(budget),
        "the rating line: {line}"
    );
    line
}

/// Types `keys` into the element that has the focus.
async fn type_keys(c: &Client, keys: &str) {
    c.active_element().await.unwrap().send_keys(keys).await.unwrap();
}

async fn selected(c: &Client) -> usize {
    js(c, "Number(document.activeElement.dataset.i)").await.as_u64().expect("a cell has the focus")
        as usize
}

/// Moves the focus from the selected cell to cell `to` with arrow keys.
async fn arrow_to(c: &Client, n: usize, to: usize) {
    let from = selected(c).await;
    let (r0, c0, r1, c1) = (from / n, from % n, to / n, to % n);
    let mut keys = String::new();
    let step = |a: usize, b: usize, less: Key, more: Key| {
        let key: &str = if a < b { &more } else { &less };
        key.repeat(a.abs_diff(b))
    };
    keys += &step(r0, r1, Key::Up, Key::Down);
    keys += &step(c0, c1, Key::Left, Key::Right);
    if !keys.is_empty() {
        type_keys(c, &keys).await;
    }
    assert_eq!(selected(c).await, to, "arrow keys reach cell {to}");
}

/// Back to a classic game: no variant ticked and a new puzzle asked for,
/// once the script `cleared` holds (the last variant's marks are gone) and
/// the status says the game is new.
async fn new_classic_game(c: &Client, cleared: &str) {
    super::choose_variants(c, &[]).await;
    click(c, "new").await;
    wait_until(c, cleared).await;
    wait_for_status(c, "New ").await;
}

async fn elapsed_ms(c: &Client) -> f64 {
    js(c, "elapsedMs()").await.as_f64().unwrap()
}

browser_test! {
    async fn play_flows_and_quality_bars_in_a_real_browser() {
        let addr = start_server().await;
        let shared = in_browser(addr, async |c, addr| {
            let shared = four_by_four_by_keyboard(c, addr).await;
            nine_by_nine_quality(c, addr).await;
            shared
        })
        .await;
        in_browser(addr, async |c, addr| open_links(c, addr, &shared).await).await;
    }
}

/// The share link made mid-game, and the board it was made from.
struct Shared {
    url: String,
    board: String,
}

async fn four_by_four_by_keyboard(c: &Client, addr: SocketAddr) -> Shared {
    c.goto(&format!("http://{addr}/")).await.unwrap();
    wait_for_status(c, "New ").await;
    // The console reader sees what the page logs (so an empty list means
    // something).
    js(c, "(console.error('a probe of the console log'), true)").await;
    let errors = console_errors(c).await;
    assert!(errors.iter().any(|e| e.contains("a probe of the console log")), "{errors:?}");
    assert_no_console_errors(c, "the first visit").await;
    // A 4x4 puzzle: the form is set with the keyboard too (Tab order is the
    // browser's; the select takes its value by typing).
    js(c, "(document.getElementById('size').focus(), true)").await;
    choose(c, "size", "2x2").await;
    // The level menu offers what a 4x4 board holds: easy only.
    let levels =
        "Array.from(document.getElementById('difficulty').options).map((o) => o.value).join()";
    wait_until(c, &format!("{levels} === 'easy'")).await;
    js(c, "(document.getElementById('new').focus(), true)").await;
    type_keys(c, "\u{e007}").await; // Enter on the focused "New puzzle" button
    wait_until(c, "document.querySelectorAll('#board .cell').length === 16").await;
    wait_for_status(c, "New ").await;
    wait_until(c, "document.activeElement.classList.contains('cell')").await;

    let shape = Shape::new(2, 2).unwrap();
    let read = |text: &str| format::parse(text, ReadOptions::new().with_shape(shape)).unwrap().grid;
    let given = read(&board_text(c).await);
    assert_eq!(given.count_solutions_up_to(2), 1, "a generated puzzle is unique");
    let solution = given.some_solution().unwrap();
    let empty: Vec<usize> = (0..16).filter(|&i| given.values()[i] == 0).collect();
    assert!(empty.len() >= 4, "a 4x4 puzzle leaves cells to fill: {}", board_text(c).await);

    // The rating line names the service's level (4x4 is rated by /rate).
    wait_until(c, "document.getElementById('rating').textContent.startsWith('Level ')").await;

    // A wrong digit counts one mistake, once, however often it is entered.
    let first = empty[0];
    let right = |i: usize| solution.values()[i].to_string();
    let wrong = (1..=4u8).find(|&d| d != solution.values()[first]).unwrap().to_string();
    arrow_to(c, 4, first).await;
    type_keys(c, &wrong).await;
    type_keys(c, &wrong).await; // the same digit again clears the cell
    type_keys(c, &wrong).await;
    assert_eq!(text_of(c, "mistakes").await, "Mistakes: 1");
    type_keys(c, &right(first)).await;
    assert_eq!(text_of(c, "mistakes").await, "Mistakes: 1", "a right digit is no mistake");

    // The clock runs, and stands still while paused (the board is hidden).
    let t0 = elapsed_ms(c).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let t1 = elapsed_ms(c).await;
    assert!(t1 - t0 >= 1000.0, "the clock runs: {t0} then {t1}");
    click(c, "pause").await;
    assert_eq!(
        js(c, "document.getElementById('board').classList.contains('paused')").await,
        json!(true)
    );
    let p0 = elapsed_ms(c).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let p1 = elapsed_ms(c).await;
    assert!(p1 - p0 < 50.0, "a paused clock stands still: {p0} then {p1}");
    let shown = text_of(c, "timer").await;
    assert!(shown.contains(':'), "{shown}");
    click(c, "resume").await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert!(elapsed_ms(c).await - p1 >= 800.0, "the clock runs again after Resume");
    // A hidden tab stops the clock. Headless Chromium keeps every tab
    // visible, so the page is told so the way a browser tells it.
    let visibility = |hidden: bool| {
        format!(
            "(Object.defineProperty(document, 'hidden', {{ configurable: true, get: () => {hidden} }}), \
             document.dispatchEvent(new Event('visibilitychange')), true)"
        )
    };
    js(c, &visibility(true)).await;
    let h0 = elapsed_ms(c).await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert!(elapsed_ms(c).await - h0 < 50.0, "the clock stands still in a hidden tab");
    js(c, &visibility(false)).await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert!(elapsed_ms(c).await - h0 >= 800.0, "the clock runs again when the tab shows");
    wait_until(c, "document.activeElement.classList.contains('cell')").await;

    // One more right entry, then a share link with the progress.
    arrow_to(c, 4, empty[1]).await;
    type_keys(c, &right(empty[1])).await;
    click(c, "share").await;
    wait_until(c, "document.getElementById('share-url').value.includes('#')").await;
    let url =
        js(c, "document.getElementById('share-url').value").await.as_str().unwrap().to_string();
    let shared = Shared { url, board: board_text(c).await };
    assert_no_console_errors(c, "the 4x4 game so far").await;

    // The rest by keyboard alone, to the completion screen.
    js(c, "(document.querySelector('#board .cell[tabindex=\"0\"]').focus(), true)").await;
    for &i in &empty[2..] {
        arrow_to(c, 4, i).await;
        type_keys(c, &right(i)).await;
    }
    let end = read(&board_text(c).await);
    assert!(end.is_solved() && end.is_solution_of(&given), "the board is solved by the rules");
    wait_until(c, "document.getElementById('done').open").await;
    let done = js(c, "document.getElementById('done').innerText").await;
    let done = done.as_str().unwrap();
    assert!(done.contains("Mistakes\n1") || done.contains("Mistakes\t1"), "{done}");
    assert!(done.contains("Level "), "the completion screen names the rating: {done}");
    assert!(status(c).await.starts_with("Solved!"));
    let frozen = elapsed_ms(c).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(elapsed_ms(c).await, frozen, "the clock stops at the end");
    save_screenshot(c, "completed-4x4.png").await;
    type_keys(c, &Key::Escape).await;
    wait_until(c, "!document.getElementById('done').open").await;
    assert_no_console_errors(c, "the 4x4 game").await;
    shared
}

async fn nine_by_nine_quality(c: &Client, addr: SocketAddr) {
    c.goto(&format!("http://{addr}/")).await.unwrap();
    // The page restores the last game (and its size) first.
    wait_until(c, "document.querySelectorAll('#board .cell').length > 0").await;
    choose(c, "size", "3x3").await;
    // 9x9 offers every level again, and the level chosen before (medium by
    // default) comes back.
    let menu = "document.getElementById('difficulty')";
    wait_until(c, &format!("{menu}.options.length > 4 && {menu}.value === 'medium'")).await;
    let offered = js(c, &format!("Array.from({menu}.options).map((o) => o.value)")).await;
    let names: Vec<&str> = sudokit::logic::Level::ALL.iter().map(|l| l.name()).collect();
    assert_eq!(offered, json!(names), "the menu lists the engine's levels");
    click(c, "new").await;
    wait_until(c, "document.querySelectorAll('#board .cell').length === 81").await;
    wait_for_status(c, "New ").await;
    wait_until(c, "document.getElementById('rating').textContent.startsWith('Rating ')").await;

    // Favicon: both paths answer 200 with the SVG.
    for path in ["/favicon.ico", "/favicon.svg"] {
        let got = c
            .execute_async(
                &format!(
                    "const done = arguments[arguments.length - 1]; \
                     fetch('{path}').then(r => r.text().then(t => \
                     done([r.status, r.headers.get('content-type'), t.slice(0, 4)])));"
                ),
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(got, json!([200, "image/svg+xml", "<svg"]), "{path}");
    }

    // How it's made: the shift pattern replayed on the board ends on a full
    // grid that obeys the rules, then clues come out in half-turn pairs down
    // to a unique puzzle; Stop brings the game back, Play it plays the puzzle.
    let game = board_text(c).await;
    js(c, "(document.getElementById('made').open = true, true)").await;
    js(c, "(document.getElementById('made-method').value = 'shift', true)").await;
    js(c, "(document.getElementById('symmetry').value = 'rot180', true)").await;
    js(c, "(document.getElementById('speed').value = 6, true)").await;
    click(c, "made-show").await;
    wait_for_status(c, "Carved a puzzle").await;
    let made = format::parse_grid(js(c, "anim.grid").await.as_str().unwrap()).unwrap();
    assert!(made.is_solved(), "the construction ends on a valid full grid");
    let carved = format::parse_grid(&board_text(c).await).unwrap();
    let solutions = carved.solutions_up_to(2);
    assert_eq!(solutions, vec![made.clone()], "the carved puzzle has the grid as its one solution");
    let v = carved.values();
    assert!((0..81).all(|i| (v[i] == 0) == (v[80 - i] == 0)), "half-turn symmetric clues");
    let sentence = text_of(c, "made-text").await;
    assert!(sentence.starts_with("Done: a puzzle with"), "the last words: {sentence}");
    save_screenshot(c, "how-its-made.png").await;
    click(c, "stop").await;
    assert_eq!(board_text(c).await, game, "Stop returns to the game");
    click(c, "made-show").await;
    wait_until(c, "!document.getElementById('made-play').hidden").await;
    let carved = board_text(c).await;
    click(c, "made-play").await;
    wait_until(c, "!anim && game.givens.some((v) => v > 0)").await;
    assert_eq!(board_text(c).await, carved, "Play it makes the carved puzzle the game");

    // X rules: the page asks for an X puzzle, draws both diagonals, and the
    // puzzle is unique under X rules (counted by the engine here).
    super::choose_variants(c, &["x"]).await;
    click(c, "new").await;
    wait_until(
        c,
        "document.querySelectorAll('#board .cell[data-extra~=\"diagonal-1\"]').length === 9",
    )
    .await;
    let on_diagonals =
        js(c, "document.querySelectorAll('#board .cell[data-extra*=\"diagonal\"]').length").await;
    assert_eq!(on_diagonals, json!(17), "two diagonals of 9 sharing the centre");
    let text = board_text(c).await;
    let x: sudokit::Rules = "9+x".parse().unwrap();
    let puzzle = format::parse_grid(&text).unwrap().with_rules(x).unwrap();
    assert_eq!(puzzle.count_solutions_up_to(2), 1, "unique under X: {text}");
    let link = js(c, "shareUrl(false)").await;
    assert!(
        link.as_str().unwrap().contains("rules=9%2Bx"),
        "the share link keeps the rules: {link}"
    );
    new_classic_game(c, "document.querySelectorAll('#board .cell[data-extra]').length === 0").await;

    // A cage from a shared link: the game's puzzle with a cage over its
    // first two cells (summing to their digits in the solution) is drawn as
    // one dashed outline with its sum, and read out in the cell's label.
    let sum = js(c, "game.solution[0] + game.solution[1]").await.as_u64().unwrap();
    let opened = js(
        c,
        &format!(
            "openShared('#shape=3x3&puzzle=' + givensLine() + '&rules=' + \
             encodeURIComponent('9+cage:{sum}=0.1')).then((problem) => problem === null)"
        ),
    )
    .await;
    assert_eq!(opened, json!(true), "the caged puzzle opens");
    wait_until(c, "document.querySelectorAll('#board svg.constraints path.cage').length === 1")
        .await;
    let label = js(c, "document.querySelector('#board svg .cage-sum').textContent").await;
    assert_eq!(label, json!(sum.to_string()));
    let aria =
        js(c, "document.querySelector('#board .cell[data-i=\"0\"]').getAttribute('aria-label')")
            .await;
    assert!(aria.as_str().unwrap().contains(&format!("summing to {sum}")), "{aria}");
    // The chooser ticks the link's rules, and their sentence is beside the board.
    let ticked = js(c, "document.querySelector('#variants input[value=\"killer\"]').checked").await;
    assert_eq!(ticked, json!(true), "a caged link ticks Killer");
    let rules = text_of(c, "game-rules-text").await;
    assert!(rules.starts_with("Killer: the digits in a dashed cage"), "{rules}");
    save_screenshot(c, "cage.png").await;
    new_classic_game(c, "document.querySelectorAll('#board svg.constraints').length === 0").await;

    // Keyboard help: ? opens it, Escape closes it.
    js(c, "(document.querySelector('#board .cell[tabindex=\"0\"]').focus(), true)").await;
    type_keys(c, "?").await;
    wait_until(c, "document.getElementById('keys').open").await;
    type_keys(c, &Key::Escape).await;
    wait_until(c, "!document.getElementById('keys').open").await;

    // Same-digit and peer highlighting around a given: the other cells
    // with its digit, and its row, column and box (those not already
    // highlighted for the digit).
    let g = js(c, "Number(document.querySelector('#board .cell.given').dataset.i)").await;
    let g = g.as_u64().unwrap() as usize;
    js(c, &format!("(document.querySelector('#board .cell[data-i=\"{g}\"]').click(), true)")).await;
    let text: Vec<char> = board_text(c).await.chars().collect();
    let same: Vec<usize> = (0..81).filter(|&i| i != g && text[i] == text[g]).collect();
    let (row, col, bx) = (g / 9, g % 9, (g / 27) * 3 + (g % 9) / 3);
    let peers: Vec<usize> = (0..81)
        .filter(|&i| i != g && (i / 9 == row || i % 9 == col || (i / 27) * 3 + (i % 9) / 3 == bx))
        .filter(|&i| text[i] != text[g])
        .collect();
    assert_eq!(super::cells_with(c, "same").await, same, "same-digit highlighting");
    assert_eq!(super::cells_with(c, "peer").await, peers, "peer highlighting");

    // The timer can be hidden (and the choice is kept); it still runs.
    js(c, "(document.getElementById('settings').open = true, true)").await;
    click(c, "set-timer").await;
    assert_eq!(js(c, "document.getElementById('clock').hidden").await, json!(true));
    assert_eq!(
        js(c, "JSON.parse(localStorage.getItem('sudokit-settings-v1')).timer").await,
        json!(false)
    );
    click(c, "set-timer").await;
    assert_eq!(js(c, "document.getElementById('clock').hidden").await, json!(false));

    c.set_window_size(1280, 1000).await.unwrap();
    axe_scan(c, "light").await;
    save_screenshot(c, "desktop-1280.png").await;

    // Dark mode: the toggle changes the page's computed colours.
    let background = "getComputedStyle(document.body).backgroundColor";
    let light = js(c, background).await;
    click(c, "theme").await;
    let dark = js(c, background).await;
    assert_ne!(light, dark, "the theme toggle changes the background");
    assert_eq!(dark, json!("rgb(20, 23, 28)"));
    assert_eq!(
        js(c, "document.getElementById('theme').getAttribute('aria-pressed')").await,
        "true"
    );
    axe_scan(c, "dark").await;
    save_screenshot(c, "desktop-1280-dark.png").await;
    c.refresh().await.unwrap();
    wait_until(c, "document.querySelectorAll('#board .cell').length === 81").await;
    assert_eq!(js(c, background).await, dark, "the theme is kept across reloads");
    click(c, "theme").await;
    assert_eq!(js(c, background).await, light);

    c.set_window_size(390, 844).await.unwrap();
    let right = js(c, "document.getElementById('board').getBoundingClientRect().right").await;
    assert!(right.as_f64().unwrap() <= 390.0, "the board fits a phone screen: {right}");
    axe_scan(c, "phone").await;
    save_screenshot(c, "phone-390.png").await;
    c.set_window_size(1100, 900).await.unwrap();
    assert_no_console_errors(c, "the 9x9 checks").await;
}

/// Runs axe-core in the page and fails on serious or critical violations.
pub async fn axe_scan(c: &Client, when: &str) {
    let loaded = js(c, "typeof window.axe === 'object'").await;
    if loaded != json!(true) {
        c.execute(&format!("{AXE}\nreturn true;"), vec![]).await.unwrap();
    }
    let found = c
        .execute_async(
            "const done = arguments[arguments.length - 1]; \
             axe.run(document, { resultTypes: ['violations'] }).then((r) => done(r.violations.map( \
               (v) => ({ id: v.id, impact: v.impact, help: v.help, \
                         nodes: v.nodes.slice(0, 3).map((n) => n.html) }))));",
            vec![],
        )
        .await
        .unwrap();
    let found = found.as_array().expect("axe's violations");
    for v in found {
        println!("axe ({when}): {} [{}] {}", v["id"], v["impact"], v["help"]);
    }
    let bad: Vec<&Value> =
        found.iter().filter(|v| v["impact"] == "serious" || v["impact"] == "critical").collect();
    assert!(bad.is_empty(), "serious accessibility violations ({when}): {bad:#?}");
}

/// A share link opened in a fresh session shows the same puzzle and
/// progress; a broken link says what is wrong and still leaves a game.
async fn open_links(c: &Client, addr: SocketAddr, shared: &Shared) {
    c.goto(&shared.url).await.unwrap();
    wait_for_status(c, "Opened the shared").await;
    assert_eq!(board_text(c).await, shared.board, "the same puzzle and entries");
    let given = js(c, "document.querySelectorAll('#board .cell.given').length").await;
    let filled = shared.board.chars().filter(|&ch| ch != '.').count() as u64;
    assert_eq!(given.as_u64().unwrap(), filled - 2, "two cells are the player's entries");
    assert!(!js(c, "location.hash").await.as_str().unwrap().contains("puzzle"));
    assert_no_console_errors(c, "opening a share link").await;

    for (fragment, says) in [
        ("#shape=3x3&puzzle=12", "the puzzle has 2 cells, a 9×9 board 81"),
        ("#shape=9x9&puzzle=1", "\"9x9\" is not a board shape"),
        ("#puzzle=1234", "it has no shape and puzzle"),
        ("#shape=2x2&puzzle=123..........Z..", "the puzzle has \"Z\" at row 4, column 2"),
    ] {
        c.goto(&format!("http://{addr}/{fragment}")).await.unwrap();
        c.refresh().await.unwrap(); // a fragment change alone does not reload
        wait_until(c, "document.getElementById('status').textContent.includes('cannot be read')")
            .await;
        let said = status(c).await;
        assert!(said.contains(says), "{fragment}: {said}");
        assert!(js(c, "document.querySelectorAll('#board .cell').length > 0").await == json!(true));
    }
    assert_no_console_errors(c, "broken share links").await;
}

/// The service's cell index of a chain potential (`row`, `col` from 1).
fn chain_cell(p: &Value) -> usize {
    let at = |k: &str| p[k].as_u64().unwrap() as usize - 1;
    at("row") * 9 + at("col")
}

browser_test! {
    async fn a_chain_step_outlines_its_source_and_implications() {
        let addr = start_server().await;
        in_browser(addr, chain_step).await;
    }
}

/// Walks to the first forcing-chain step of a puzzle whose path needs
/// dynamic forcing chains (top1465, SE 9.0): the cells outlined as the
/// chain's source and implications are those of the service's own
/// `/explain` answer for the puzzle, read outside the page.
async fn chain_step(c: &Client, addr: SocketAddr) {
    let puzzle =
        "3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6..";
    let answer =
        super::practise::service(addr, "POST", "explain", Some(json!({ "puzzle": puzzle }))).await;
    let steps = answer["steps"].as_array().unwrap();
    let k = steps.iter().position(|s| !s["chain"].is_null()).expect("a chain step");
    let chain = &steps[k]["chain"];
    let (mut source, mut links) = (Vec::new(), Vec::new());
    for branch in chain["branches"].as_array().unwrap() {
        for (j, link) in branch["implications"].as_array().unwrap().iter().enumerate() {
            let to = if j == 0 { &mut source } else { &mut links };
            to.push(chain_cell(link));
        }
    }
    for v in [&mut source, &mut links] {
        v.sort_unstable();
        v.dedup();
    }
    assert!(!source.is_empty() && !links.is_empty(), "{chain}");

    c.goto(&format!("http://{addr}/#shape=3x3&puzzle={puzzle}")).await.unwrap();
    wait_for_status(c, "Opened the shared").await;
    click(c, "steps").await;
    wait_until(c, "document.getElementById('explain-title').textContent.startsWith('Step 1 of')")
        .await;
    js(c, &format!("(() => {{ for (let i = 0; i < {k}; i++) document.getElementById('walk-next').click(); return true; }})()")).await;
    let title = text_of(c, "explain-title").await;
    assert!(title.starts_with(&format!("Step {} of", k + 1)), "{title}");
    assert_eq!(super::cells_with(c, "chain-source").await, source, "the chain's sources");
    assert_eq!(super::cells_with(c, "chain-link").await, links, "the chain's implications");
    // Each source cell's label names the assumption, as the list does.
    let first = &chain["branches"][0]["implications"][0];
    let name = format!(
        "r{}c{}{}{}",
        first["row"],
        first["col"],
        if first["on"] == json!(true) { "=" } else { "<>" },
        first["digit"]
    );
    let label = js(
        c,
        &format!(
            "document.querySelector('#board .cell[data-i=\"{}\"]').getAttribute('aria-label')",
            chain_cell(first)
        ),
    )
    .await;
    assert!(label.as_str().unwrap().contains(&format!("the chain starts from {name}")), "{label}");
    save_screenshot(c, "chain-step.png").await;
    // A step without a chain, and closing the walk, outline nothing.
    if let Some(plain) = steps.iter().position(|s| s["chain"].is_null()) {
        js(c, &format!("(walkTo({plain}), true)")).await;
        assert!(super::cells_with(c, "chain-source").await.is_empty());
    }
    click(c, "walk-close").await;
    assert!(super::cells_with(c, "chain-link").await.is_empty());
    assert_no_console_errors(c, "a chain step").await;
}
