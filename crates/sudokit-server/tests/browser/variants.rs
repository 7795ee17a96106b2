//! Constraint puzzles made by the page, in headless Chromium.
//!
//! The rules chooser asks the service for a killer and a thermo puzzle.
//! For each, the test asks the service again outside the page for the same
//! seed and checks that the page shows that puzzle and draws exactly its
//! cages (outline cells and sums read back from the SVG) or thermometers
//! (cells in order from the bulb); that the puzzle has one solution under
//! its rules (the exact solver, run here) and that the solution obeys rows,
//! columns, boxes, cages and thermometers by this file's own arithmetic;
//! and that entering the solution wins. The level menu is the service's
//! (for drawn constraints the levels made by adding givens), each ticked
//! rule shows its sentence, the share link reproduces the puzzle, the
//! rating line shows a rating or the service's refusal at its time budget,
//! a killer with givens has givens, and
//! a killer the service cannot make within its time budget shows the
//! service's reason (after a cancelled try), the game staying as it was.
//! The killer's f-puzzles board and SudokuPad link, from the export
//! buttons, read back to its givens and rules.
//! An axe scan and the console close the session.
//!
//! A jigsaw puzzle is made by the page with random regions: the page
//! draws thick borders exactly where the rules' region map changes
//! region, the regions are 9 connected cells each, and the solution keeps
//! rows, columns and regions (checked here), then wins.
//!
//! Killer lines pasted in the puzzle box (as `sudokit generate --variant
//! killer` writes them, and alone with givens) draw exactly their cages and
//! play to the win.

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use fantoccini::Client;
use serde_json::{Value, json};
use sudokit::format::{self, ReadOptions};
use sudokit::solve::Solution;
use sudokit::{Grid, Rules};
use sudokit_server::Config;

use super::play::{assert_only_generate_or_rate_errors, axe_scan, console_errors, settled_rating};
use super::practise::service;
use super::{
    board_text, choose, choose_variants, click, in_browser, js, save_screenshot, start_server,
    start_server_with, start_server_with_budget, status, text_of, wait_for_status, wait_until,
};

browser_test! {
    async fn make_killer_and_thermo_puzzles_from_the_page_and_win_them() {
        // Killers without givens take the generator well under a second on
        // 9x9 and 16x16.
        let addr = start_server_with_budget(Duration::from_secs(4)).await;
        in_browser(addr, variants).await;
    }
}

browser_test! {
    async fn make_a_jigsaw_puzzle_from_the_page_and_win_it() {
        let addr = start_server_with(Config::default()).await;
        in_browser(addr, jigsaw).await;
    }
}

browser_test! {
    async fn a_pasted_killer_line_shows_its_cages_and_plays() {
        let addr = start_server().await;
        in_browser(addr, pasted_killer).await;
    }
}

/// Pastes `text` in the puzzle box and loads it, the status line emptied
/// first.
async fn paste(c: &Client, text: &str) {
    js(
        c,
        &format!("(say(''), document.getElementById('typed-text').value = {}, true)", json!(text)),
    )
    .await;
    click(c, "load").await;
}

/// Killer lines pasted in the puzzle box, as `sudokit generate --variant
/// killer` writes them (under a `# rules: 9` line, no givens) and alone with
/// givens: the page draws exactly the line's cages, read by the engine
/// here, and the game plays to the win; a line shaped like a killer line
/// with a sum missing is refused naming the counts.
async fn pasted_killer(c: &Client, addr: SocketAddr) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/variants/killer-9.txt");
    let file = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = file
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split('#').next().unwrap().trim())
        .collect();
    c.goto(&format!("http://{addr}/")).await.unwrap();
    wait_for_status(c, "New ").await;

    for (k, text) in [format!("# rules: 9\n{}", lines[0]), lines[1].to_string()].iter().enumerate()
    {
        let killer = format::parse_killer(lines[k]).unwrap();
        let Solution::Unique(solution) = killer.solution() else {
            panic!("{}: one solution", lines[k])
        };
        // The second line with every third cell of its solution given.
        let givens: String = solution
            .values()
            .iter()
            .enumerate()
            .map(|(i, d)| if i % 3 == 0 { char::from(b'0' + d) } else { '.' })
            .collect();
        let text = if k == 0 { text.clone() } else { format!("{text} {givens}") };
        paste(c, &text).await;
        wait_until(
            c,
            "document.getElementById('status').textContent !== 'Counting solutions…' \
                       && document.getElementById('status').textContent !== ''",
        )
        .await;
        assert_eq!(status(c).await, "This puzzle has exactly one solution.", "{text}");
        let rules = js(c, "game.rules").await.as_str().expect("rules").to_string();
        let cages = cage_set(&cages_of(&killer.rules().to_string()));
        assert_eq!(cages.len(), killer.rules().constraints().len());
        assert_eq!(cage_set(&cages_of(&rules)), cages, "the game's rules: {rules}");
        assert_eq!(drawn_cages(c).await, cages, "{text}");
        let shown = if k == 0 { ".".repeat(81) } else { givens.clone() };
        assert_eq!(board_text(c).await, shown);
        if k == 0 {
            save_screenshot(c, "pasted-killer.png").await;
        }
        win(c, &solution).await;
    }

    // One sum short: the page says what is wrong with the line.
    let (map, sums) = lines[0].split_once(' ').unwrap();
    let short = sums.rsplit_once(',').unwrap().0;
    paste(c, &format!("{map} {short}")).await;
    wait_for_status(c, "This killer line cannot be read:").await;
    let said = status(c).await;
    let cages = format::parse_killer(lines[0]).unwrap().rules().constraints().len();
    let want = format!("the map has {cages} cages but {} sums are given.", cages - 1);
    assert!(said.ends_with(&want), "{said}");
    assert_only_generate_or_rate_errors(c).await;
}

/// The game the page plays: its seed, rules name and board (line format).
pub struct Played {
    pub seed: u64,
    pub rules: String,
    pub board: String,
}

pub async fn played(c: &Client) -> Played {
    let seed = js(c, "game.seed").await.as_u64().expect("a generated game has its seed");
    let rules = js(c, "game.rules").await.as_str().expect("a variant game has rules").to_string();
    Played { seed, rules, board: board_text(c).await }
}

/// Asserts that the share link `link` opens the game `played`: its board
/// and its rules.
async fn assert_link_opens(c: &Client, link: &str, played: &Played) {
    c.goto(link).await.unwrap();
    c.refresh().await.unwrap(); // a fragment change alone does not reload
    wait_for_status(c, "Opened").await;
    assert_eq!(board_text(c).await, played.board);
    assert_eq!(js(c, "game.rules").await, json!(played.rules));
}

async fn variants(c: &Client, addr: SocketAddr) {
    c.goto(&format!("http://{addr}/")).await.unwrap();
    wait_for_status(c, "New ").await;

    // Killer: the level menu is the service's (the levels made by adding
    // givens), the sentence shows; medium is chosen.
    choose_variants(c, &["killer"]).await;
    let levels = service(addr, "GET", "levels?box=3x3&variant=killer", None).await;
    let names: Vec<Value> =
        levels["levels"].as_array().unwrap().iter().map(|l| l["name"].clone()).collect();
    assert_eq!(json!(names), json!(["easy", "medium", "hard", "expert", "evil"]));
    assert_eq!(
        js(c, "Array.from(document.getElementById('difficulty').options).map((o) => o.value)")
            .await,
        json!(names)
    );
    assert_eq!(js(c, "document.getElementById('difficulty').disabled").await, json!(false));
    choose_level(c, "medium").await;
    let rules_text = text_of(c, "rules-text").await;
    assert_eq!(
        rules_text,
        "Killer: the digits in a dashed cage add up to its small number and do not repeat."
    );
    assert_eq!(js(c, "document.getElementById('killer-givens-label').hidden").await, json!(false));
    click(c, "new").await;
    wait_for_status(c, "New medium killer").await;
    let killer = played(c).await;
    settled_rating(c).await;
    let item = same_puzzle(c, addr, &killer, "variant=killer&difficulty=medium").await;
    assert_eq!(item["level"], json!("medium"), "{item}");
    assert_eq!(status(c).await, format!("New medium killer puzzle: {}.", clues_said(&item)));
    let cages = item["cages"].as_array().expect("a killer has cages");
    assert_eq!(drawn_cages(c).await, cage_set(cages), "the page draws the service's cages");
    let solution = unique_solution(&killer);
    assert_eq!(item["solution"], json!(format::to_line(&solution)));
    check_houses(&solution);
    for cage in cages {
        let cells = cells_of(&cage["cells"]);
        let digits: Vec<u8> = cells.iter().map(|&i| solution.values()[i]).collect();
        let distinct: BTreeSet<u8> = digits.iter().copied().collect();
        assert_eq!(distinct.len(), digits.len(), "no repeat in cage {cage}");
        let sum: u64 = digits.iter().map(|&d| u64::from(d)).sum();
        assert_eq!(json!(sum), cage["sum"], "cage {cage} adds up");
    }
    let rules = text_of(c, "game-rules-text").await;
    assert!(rules.starts_with("Killer: "), "the game's rules beside the board: {rules}");
    save_screenshot(c, "killer.png").await;

    // A hint names a step; Check agrees with a right digit.
    click(c, "hint").await;
    wait_for_status(c, "Hint:").await;
    let empty = killer.board.find('.').expect("a medium killer has empty cells");
    js(c, &format!("(selected = {empty}, enter(game.solution[{empty}]), true)")).await;
    click(c, "check").await;
    let said = status(c).await;
    assert!(said.starts_with("All correct so far"), "{said}");
    let link = js(c, "shareUrl(false)").await.as_str().unwrap().to_string();
    exports(c, &killer).await;
    axe_scan(c, "a killer puzzle").await;
    win(c, &solution).await;

    // Thermo.
    choose_variants(c, &["thermo"]).await;
    let rules_text = text_of(c, "rules-text").await;
    assert!(rules_text.starts_with("Thermo: digits rise along each thermometer"), "{rules_text}");
    assert_eq!(js(c, "document.getElementById('killer-givens-label').hidden").await, json!(true));
    click(c, "new").await;
    wait_for_status(c, "New medium thermo").await;
    let thermo = played(c).await;
    let item = same_puzzle(c, addr, &thermo, "variant=thermo&difficulty=medium").await;
    assert_eq!(item["level"], json!("medium"), "{item}");
    let thermos: Vec<Vec<usize>> =
        item["thermos"].as_array().expect("thermometers").iter().map(cells_of).collect();
    assert_eq!(drawn_thermos(c).await, thermos, "the page draws the service's thermometers");
    let solution = unique_solution(&thermo);
    check_houses(&solution);
    for t in &thermos {
        let digits: Vec<u8> = t.iter().map(|&i| solution.values()[i]).collect();
        assert!(digits.windows(2).all(|w| w[0] < w[1]), "digits rise along {t:?}: {digits:?}");
    }
    save_screenshot(c, "thermo.png").await;
    win(c, &solution).await;

    // The killer's share link opens the same puzzle, cages and all.
    assert_link_opens(c, &link, &killer).await;
    assert_eq!(drawn_cages(c).await, cage_set(&cages_of(&killer.rules)));

    // A killer with givens. About one random cage layout in ten is unique
    // alone and keeps no given (the generator's documented behaviour); the
    // page then says so, and another puzzle is asked for.
    choose_variants(c, &["killer"]).await;
    js(c, "(document.getElementById('killer-givens').checked = true, true)").await;
    let mut tries = 0;
    let (given, item) = loop {
        tries += 1;
        js(c, "(document.getElementById('status').textContent = '', true)").await;
        click(c, "new").await;
        wait_for_status(c, "New medium killer").await;
        let said = status(c).await;
        let game = played(c).await;
        let query = "variant=killer&killer_givens=true&difficulty=medium";
        let item = same_puzzle(c, addr, &game, query).await;
        assert_eq!(said, format!("New medium killer puzzle: {}.", clues_said(&item)));
        if item["clues"].as_u64().unwrap() > 0 {
            break (game, item);
        }
        assert!(tries < 8, "{tries} killer puzzles with givens asked for, none has any");
    };
    assert_eq!(drawn_cages(c).await, cage_set(item["cages"].as_array().unwrap()));
    unique_solution(&given);
    js(c, "(document.getElementById('killer-givens').checked = false, true)").await;

    // 16x16 at easy: cages refined until propagation fills the board, then
    // givens added until singles solve it, well within the budget. (The
    // wait's cancel and a missed budget are checked by the practise test.)
    choose(c, "size", "4x4").await;
    choose_level(c, "easy").await;
    js(c, "(document.getElementById('status').textContent = '', true)").await;
    click(c, "new").await;
    wait_for_status(c, "New easy killer").await;
    let big = played(c).await;
    assert_eq!(big.board.len(), 256, "a 16x16 board");
    let clues = big.board.chars().filter(|&ch| ch != '.').count();
    let plural = if clues == 1 { "" } else { "s" };
    assert_eq!(status(c).await, format!("New easy killer puzzle: {clues} clue{plural}."));
    let cages = cages_of(&big.rules);
    assert!(!cages.is_empty(), "{}", big.rules);
    assert_eq!(drawn_cages(c).await, cage_set(&cages));
    settled_rating(c).await;
    axe_scan(c, "a 16x16 killer").await;
    assert_only_generate_or_rate_errors(c).await;
}

/// Chooses `level` in the level menu, as a player does (the menu keeps it
/// while it offers it).
async fn choose_level(c: &Client, level: &str) {
    js(
        c,
        &format!(
            "(() => {{ const m = document.getElementById('difficulty'); m.value = '{level}'; \
             m.dispatchEvent(new Event('change')); return true; }})()"
        ),
    )
    .await;
    assert_eq!(js(c, "document.getElementById('difficulty').value").await, json!(level));
}

/// How the page's status says an item's clue count ("no givens", "1 clue",
/// "3 clues").
fn clues_said(item: &Value) -> String {
    match item["clues"].as_u64().unwrap() {
        0 => "no givens".to_string(),
        1 => "1 clue".to_string(),
        n => format!("{n} clues"),
    }
}

/// The export buttons: "Copy f-puzzles" shows (and copies) the game's
/// f-puzzles board, and "Open in SudokuPad", when no tab may open, shows
/// its SudokuPad link; both read back to the game's givens and rules.
async fn exports(c: &Client, game: &Played) {
    let shown = || async { js(c, "document.getElementById('share-url').value").await };
    click(c, "to-fpuzzles").await;
    wait_for_status(c, "f-puzzles board").await;
    let board = format::parse_fpuzzles(shown().await.as_str().unwrap()).unwrap();
    assert_eq!(board.rules().to_string(), game.rules);
    assert_eq!(format::to_line(&board), game.board);
    js(c, "(window.open = () => null, true)").await;
    click(c, "to-sudokupad").await;
    wait_for_status(c, "SudokuPad link").await;
    let link = shown().await.as_str().unwrap().to_string();
    assert!(link.starts_with("https://sudokupad.app/scl"), "{link}");
    let read = format::parse_sudokupad(&link).unwrap();
    assert_eq!(read.rules().to_string(), game.rules);
    assert_eq!(format::to_line(&read), game.board);
    assert_eq!(text_of(c, "share-label").await, "SudokuPad link");
}

/// Jigsaw: the page asks for random regions, draws the thick borders of
/// exactly the regions its rules name, and the puzzle is the service's,
/// unique, and won by its solution, which keeps the regions.
async fn jigsaw(c: &Client, addr: SocketAddr) {
    c.goto(&format!("http://{addr}/")).await.unwrap();
    wait_until(c, "document.getElementById('status').textContent.startsWith('New ')").await;
    choose_variants(c, &["jigsaw"]).await;
    assert_eq!(
        text_of(c, "rules-text").await,
        "Jigsaw: the digits in each region with a thick border do not repeat."
    );
    // Jigsaw puzzles are made to a level, as the service offers them.
    let levels = service(addr, "GET", "levels?box=3x3&variant=jigsaw", None).await;
    let offered: Vec<Value> =
        levels["levels"].as_array().unwrap().iter().map(|l| l["name"].clone()).collect();
    let menu =
        js(c, "Array.from(document.getElementById('difficulty').options).map((o) => o.value)")
            .await;
    assert_eq!(menu, json!(offered));
    assert_eq!(js(c, "document.getElementById('difficulty').disabled").await, json!(false));
    js(c, "(document.getElementById('difficulty').value = 'easy', true)").await;
    click(c, "new").await;
    wait_until(c, "document.getElementById('status').textContent.startsWith('New easy jigsaw')")
        .await;
    let game = played(c).await;
    let symmetry = js(c, "document.getElementById('symmetry').value").await;
    let map = game.rules.strip_prefix("9+jigsaw=").expect("the game's rules name its regions");
    let regions: Vec<char> = map.chars().collect();
    let item = same_puzzle(c, addr, &game, "variant=jigsaw&difficulty=easy").await;
    assert_eq!(item["level"], json!("easy"), "{item}");
    check_regions(&regions);
    // Another puzzle draws other regions.
    let other =
        service(addr, "GET", &format!("generate?variant=jigsaw&seed={}", game.seed + 1), None)
            .await;
    assert_ne!(other["rules"], json!(game.rules), "each puzzle draws its own regions");

    // The thick borders are exactly the region boundaries of the map.
    let drawn = js(
        c,
        "Array.from(document.querySelectorAll('#board .cell')).map((e) => \
         [e.classList.contains('box-right'), e.classList.contains('box-bottom')])",
    )
    .await;
    let drawn = drawn.as_array().unwrap();
    assert_eq!(drawn.len(), 81);
    for (i, borders) in drawn.iter().enumerate() {
        let (r, col) = (i / 9, i % 9);
        let right = col < 8 && regions[i] != regions[i + 1];
        let bottom = r < 8 && regions[i] != regions[i + 9];
        assert_eq!(borders, &json!([right, bottom]), "the borders of cell {i}");
    }
    let rules = text_of(c, "game-rules-text").await;
    assert!(rules.starts_with("Jigsaw: "), "the game's rules beside the board: {rules}");
    save_screenshot(c, "jigsaw.png").await;

    // The solution: unique under the rules, rows, columns and regions
    // each holding 1 to 9 by this file's own arithmetic.
    let solution = unique_solution(&game);
    assert_eq!(item["solution"], json!(format::to_line(&solution)));
    let v = solution.values();
    let all: BTreeSet<u8> = (1..=9).collect();
    for k in 0..9 {
        let row: BTreeSet<u8> = (0..9).map(|c| v[k * 9 + c]).collect();
        let col: BTreeSet<u8> = (0..9).map(|r| v[r * 9 + k]).collect();
        assert!(row == all && col == all, "row and column {k} of {v:?}");
    }
    let labels: BTreeSet<char> = regions.iter().copied().collect();
    for label in labels {
        let digits: BTreeSet<u8> = (0..81).filter(|&i| regions[i] == label).map(|i| v[i]).collect();
        assert_eq!(digits, all, "region {label} of {v:?}");
    }

    // A hint names a step; the share link opens the same puzzle and regions.
    click(c, "hint").await;
    wait_until(c, "document.getElementById('status').textContent.startsWith('Hint:')").await;
    let link = js(c, "shareUrl(false)").await.as_str().unwrap().to_string();
    axe_scan(c, "a jigsaw puzzle").await;
    win(c, &solution).await;
    assert_link_opens(c, &link, &game).await;
    let ticked = js(c, "chosenVariants()").await;
    assert_eq!(ticked, json!(["jigsaw"]), "the link's rules tick jigsaw");

    // The service's f-puzzles board of the same puzzle, pasted into the
    // page, plays the same puzzle under the same regions.
    let path =
        format!("generate?box=3x3&variant=jigsaw&difficulty=easy&seed={}&fpuzzles=true", game.seed);
    let path = format!("{path}&symmetry={}", symmetry.as_str().unwrap());
    let board = service(addr, "GET", &path, None).await["fpuzzles"].as_str().unwrap().to_string();
    js(c, &format!("(document.getElementById('typed-text').value = {}, true)", json!(board))).await;
    click(c, "load").await;
    wait_until(c, "document.getElementById('status').textContent.includes('exactly one solution')")
        .await;
    assert_eq!(board_text(c).await, game.board);
    assert_eq!(js(c, "game.rules").await, json!(game.rules));
    let errors = console_errors(c).await;
    assert!(errors.is_empty(), "console errors: {errors:#?}");
}

/// A 9x9 region map: 9 regions of 9 orthogonally connected cells.
fn check_regions(regions: &[char]) {
    assert_eq!(regions.len(), 81);
    let labels: BTreeSet<char> = regions.iter().copied().collect();
    assert_eq!(labels.len(), 9, "{regions:?}");
    for label in labels {
        let cells: BTreeSet<usize> = (0..81).filter(|&i| regions[i] == label).collect();
        assert_eq!(cells.len(), 9, "region {label}");
        let first = *cells.first().unwrap();
        let mut reached = BTreeSet::from([first]);
        let mut todo = vec![first];
        while let Some(i) = todo.pop() {
            let (r, col) = (i / 9, i % 9);
            let next = [
                r.checked_sub(1).map(|r| r * 9 + col),
                (r < 8).then(|| i + 9),
                col.checked_sub(1).map(|_| i - 1),
                (col < 8).then(|| i + 1),
            ];
            for j in next.into_iter().flatten() {
                if cells.contains(&j) && reached.insert(j) {
                    todo.push(j);
                }
            }
        }
        assert_eq!(reached, cells, "region {label} is connected");
    }
}

/// Asks the service outside the page for the puzzle of the game's seed
/// with `variant` (and the page's symmetry), checks the page shows it
/// under the same rules, and returns the service's answer.
pub async fn same_puzzle(c: &Client, addr: SocketAddr, game: &Played, variant: &str) -> Value {
    let symmetry = js(c, "document.getElementById('symmetry').value").await;
    let symmetry = symmetry.as_str().unwrap();
    let path = format!(
        "generate?box=3x3&{variant}&symmetry={symmetry}&seed={}&with_solution=true",
        game.seed
    );
    let item = service(addr, "GET", &path, None).await;
    assert_eq!(item["puzzle"], json!(game.board), "the page shows the service's puzzle");
    assert_eq!(item["rules"], json!(game.rules), "under the service's rules");
    item
}

/// The puzzle's one solution under its rules, from the exact solver.
pub fn unique_solution(game: &Played) -> Grid {
    let rules: Rules = game.rules.parse().expect("the game's rules parse");
    let grid = format::parse(&game.board, ReadOptions::new().with_shape(rules.shape()))
        .unwrap()
        .grid
        .with_rules(rules)
        .unwrap();
    let solutions = grid.solutions_up_to(2);
    assert_eq!(solutions.len(), 1, "one solution under {}: {}", game.rules, game.board);
    solutions.into_iter().next().unwrap()
}

/// Rows, columns and 3x3 boxes each hold 1 to 9.
pub fn check_houses(solution: &Grid) {
    let v = solution.values();
    let all: BTreeSet<u8> = (1..=9).collect();
    for k in 0..9 {
        let row: BTreeSet<u8> = (0..9).map(|c| v[k * 9 + c]).collect();
        let col: BTreeSet<u8> = (0..9).map(|r| v[r * 9 + k]).collect();
        let (br, bc) = (k / 3 * 3, k % 3 * 3);
        let bx: BTreeSet<u8> = (0..9).map(|j| v[(br + j / 3) * 9 + bc + j % 3]).collect();
        assert!(row == all && col == all && bx == all, "house {k} of {v:?}");
    }
}

/// Enters the solution's missing digits and waits for the win.
pub async fn win(c: &Client, solution: &Grid) {
    let digits = json!(solution.values());
    js(
        c,
        &format!(
            "({digits}.forEach((d, i) => {{ if (!game.givens[i] && game.entries[i] !== d) \
             {{ selected = i; enter(d); }} }}), true)"
        ),
    )
    .await;
    wait_until(c, "document.getElementById('done').open").await;
    assert_eq!(status(c).await, "Solved! Well done.");
    click(c, "done-close").await;
}

pub fn cells_of(list: &Value) -> Vec<usize> {
    list.as_array().unwrap().iter().map(|x| x.as_u64().unwrap() as usize).collect()
}

/// A cage as this test compares them: its sum, and its cells in order.
type Cage = (u64, Vec<usize>);

fn cage_set(cages: &[Value]) -> BTreeSet<Cage> {
    cages
        .iter()
        .map(|cage| {
            let mut cells = cells_of(&cage["cells"]);
            cells.sort_unstable();
            (cage["sum"].as_u64().unwrap(), cells)
        })
        .collect()
}

/// The cages of a rules name, as the service writes them.
fn cages_of(rules: &str) -> Vec<Value> {
    rules
        .split('+')
        .filter_map(|part| part.strip_prefix("cage:"))
        .map(|cage| {
            let (sum, cells) = cage.split_once('=').unwrap();
            let cells: Vec<u64> = cells.split('.').map(|c| c.parse().unwrap()).collect();
            json!({ "sum": sum.parse::<u64>().unwrap(), "cells": cells })
        })
        .collect()
}

/// The cages the page drew, read from the SVG: each dashed outline's cells
/// (a segment along a cell's side names that cell) completed by the cells
/// inside it, with the sum written in its first cell. Each outline is
/// checked closed around its cells: every side of the cage's edge has its
/// segment, and no segment lies between two cells of the cage.
async fn drawn_cages(c: &Client) -> BTreeSet<Cage> {
    let drawn = js(
        c,
        "Array.from(document.querySelectorAll('#board svg.constraints path.cage')).map((p, k) => \
         [p.getAttribute('d'), \
          document.querySelectorAll('#board svg.constraints text.cage-sum')[k].textContent, \
          Number(document.querySelectorAll('#board svg.constraints text.cage-sum')[k].getAttribute('x')), \
          Number(document.querySelectorAll('#board svg.constraints text.cage-sum')[k].getAttribute('y'))])",
    )
    .await;
    let n = js(c, "game.n").await.as_u64().expect("the board's side") as usize;
    let mut out = BTreeSet::new();
    for cage in drawn.as_array().unwrap() {
        let path = cage[0].as_str().unwrap();
        // Sides as (cell, side): 0 top, 1 bottom, 2 left, 3 right.
        let mut sides = BTreeSet::new();
        for segment in path.split('M').filter(|s| !s.is_empty()) {
            let (start, horizontal, end) = match segment.split_once('H') {
                Some((start, end)) => (start, true, end),
                None => {
                    let (start, end) = segment.split_once('V').expect("an H or V segment");
                    (start, false, end)
                }
            };
            let (a, b) = start.split_once(' ').unwrap();
            let (a, b, e): (f64, f64, f64) =
                (a.parse().unwrap(), b.parse().unwrap(), end.parse().unwrap());
            let (row, col, side) = if horizontal {
                let row = b.floor() as usize;
                (row, ((a + e) / 2.0).floor() as usize, if b - (row as f64) < 0.5 { 0 } else { 1 })
            } else {
                let col = a.floor() as usize;
                (((b + e) / 2.0).floor() as usize, col, if a - (col as f64) < 0.5 { 2 } else { 3 })
            };
            sides.insert((row * n + col, side));
        }
        let mut cells: BTreeSet<usize> = sides.iter().map(|&(cell, _)| cell).collect();
        // Cells with no side on the edge lie inside: add them while some
        // cell of the cage has a neighbour across a side without a segment.
        loop {
            let mut more = Vec::new();
            for &cell in &cells {
                let (r, col) = (cell / n, cell % n);
                let across = [
                    (0, r.checked_sub(1).map(|r| r * n + col)),
                    (1, (r + 1 < n).then(|| (r + 1) * n + col)),
                    (2, col.checked_sub(1).map(|c| r * n + c)),
                    (3, (col + 1 < n).then(|| r * n + col + 1)),
                ];
                for (side, other) in across {
                    if !sides.contains(&(cell, side)) {
                        let other = other.expect("an open side inside the board");
                        if !cells.contains(&other) {
                            more.push(other);
                        }
                    }
                }
            }
            if more.is_empty() {
                break;
            }
            cells.extend(more);
        }
        // No segment between two cells of the cage.
        for &(cell, side) in &sides {
            let (r, col) = (cell / n, cell % n);
            let other = match side {
                0 => r.checked_sub(1).map(|r| r * n + col),
                1 => (r + 1 < n).then(|| (r + 1) * n + col),
                2 => col.checked_sub(1).map(|c| r * n + c),
                _ => (col + 1 < n).then(|| r * n + col + 1),
            };
            assert!(!other.is_some_and(|o| cells.contains(&o)), "an inner segment in {path}");
        }
        let first = *cells.first().unwrap();
        let (x, y) = (cage[2].as_f64().unwrap(), cage[3].as_f64().unwrap());
        assert_eq!(y.floor() as usize * n + x.floor() as usize, first, "the sum in the first cell");
        let sum: u64 = cage[1].as_str().unwrap().parse().unwrap();
        out.insert((sum, cells.into_iter().collect()));
    }
    out
}

/// The thermometers the page drew: each line's cells from the bulb, the
/// bulb drawn on the first.
async fn drawn_thermos(c: &Client) -> Vec<Vec<usize>> {
    let drawn = js(
        c,
        "Array.from(document.querySelectorAll('#board svg.constraints polyline.thermo')).map((p) => \
         [p.getAttribute('points'), \
          Number(p.nextElementSibling.getAttribute('cx')), \
          Number(p.nextElementSibling.getAttribute('cy')), \
          p.nextElementSibling.getAttribute('class')])",
    )
    .await;
    let n = 9;
    let at = |x: f64, y: f64| y.floor() as usize * n + x.floor() as usize;
    drawn
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let cells: Vec<usize> = t[0]
                .as_str()
                .unwrap()
                .split(' ')
                .map(|point| {
                    let (x, y) = point.split_once(',').unwrap();
                    at(x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            assert_eq!(t[3], "thermo-bulb");
            let bulb = at(t[1].as_f64().unwrap(), t[2].as_f64().unwrap());
            assert_eq!(bulb, cells[0], "the bulb is on the first cell");
            cells
        })
        .collect()
}
