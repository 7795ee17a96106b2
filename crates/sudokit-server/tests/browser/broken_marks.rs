//! Broken constraints marked as the player types, in headless Chromium.
//!
//! A killer, a thermo and a kropki puzzle from the service are opened by
//! share link. On each the test types digits that break one constraint,
//! chosen by this file's own arithmetic on the rules' text (a full cage
//! whose digits add up to another sum, then a digit repeated in it; a
//! thermometer step not above the one before it; consecutive-free digits
//! on a white dot), clear of repeats with the givens. It checks that the
//! page marks exactly the constraint's filled cells (a cage's, a
//! thermometer's, the dot's two) and that their labels name it, that
//! correct digits on the way mark nothing, and that the marks go once the
//! solution's digits are typed in. Each check waits until the page has the
//! service's answer for the values shown.

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::time::Duration;

use fantoccini::Client;
use serde_json::json;

use super::play::assert_no_console_errors;
use super::practise::service;
use super::{
    cell, cells_with, in_browser, js, start_server_with_budget, wait_for_status, wait_until,
};

browser_test! {
    async fn typing_digits_that_break_a_cage_a_thermometer_or_a_dot_marks_them() {
        let addr = start_server_with_budget(Duration::from_secs(15)).await;
        in_browser(addr, broken_marks).await;
    }
}

/// A puzzle of the service, opened in the page by its share link.
struct Opened {
    rules: String,
    givens: Vec<u8>,
    solution: Vec<u8>,
}

fn digits(line: &str) -> Vec<u8> {
    line.chars().map(|ch| ch.to_digit(10).map_or(0, |d| d as u8)).collect()
}

/// Asks the service for a `variant` puzzle of `seed` and opens it.
async fn open(c: &Client, addr: SocketAddr, variant: &str, seed: u64) -> Opened {
    let path = format!("generate?box=3x3&variant={variant}&seed={seed}&with_solution=true");
    let item = service(addr, "GET", &path, None).await;
    let rules = item["rules"].as_str().expect("a variant puzzle has rules").to_string();
    let puzzle = item["puzzle"].as_str().unwrap();
    let solution = digits(item["solution"].as_str().unwrap());
    let encoded = rules.replace('+', "%2B").replace('=', "%3D");
    c.goto(&format!("http://{addr}/#shape=3x3&puzzle={puzzle}&rules={encoded}")).await.unwrap();
    c.refresh().await.unwrap(); // a fragment change alone does not reload
    wait_for_status(c, "Opened").await;
    assert_eq!(js(c, "game.rules").await, json!(rules));
    Opened { rules, givens: digits(puzzle), solution }
}

/// The parts of `rules` named `kind:` (`cage:`, `thermo:`, `white:`), as
/// the text after the colon.
fn parts<'a>(rules: &'a str, kind: &str) -> Vec<&'a str> {
    rules.split('+').filter_map(|p| p.strip_prefix(kind)).collect()
}

fn cell_list(text: &str) -> Vec<usize> {
    text.split('.').map(|c| c.parse().unwrap()).collect()
}

/// `r1c1` for cell index `i` of the 9x9 board.
fn name(i: usize) -> String {
    format!("r{}c{}", i / 9 + 1, i % 9 + 1)
}

/// Types `d` into cell `i`, unless it holds `d` already (typing a cell's
/// own digit again clears it; a different digit replaces it).
async fn type_digit(c: &Client, i: usize, d: u8) {
    if cell(c, i).await.text().await.unwrap() == d.to_string() {
        return;
    }
    cell(c, i).await.click().await.unwrap();
    cell(c, i).await.send_keys(&d.to_string()).await.unwrap();
    assert_eq!(cell(c, i).await.text().await.unwrap(), d.to_string(), "cell {i}");
}

/// The cells marked as breaking a constraint, once the page has the
/// service's answer for the values it shows.
async fn marked(c: &Client) -> BTreeSet<usize> {
    wait_until(c, "broken.key === brokenKey()").await;
    cells_with(c, "breaks").await.into_iter().collect()
}

async fn label(c: &Client, i: usize) -> String {
    cell(c, i).await.attr("aria-label").await.unwrap().unwrap()
}

/// Whether `values` repeat no digit in a row, column or box.
fn no_repeats(values: &[u8]) -> bool {
    (0..9).all(|k| {
        let houses = [
            (0..9).map(|j| k * 9 + j).collect::<Vec<_>>(),
            (0..9).map(|j| j * 9 + k).collect(),
            (0..9).map(|j| (k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3).collect(),
        ];
        houses.iter().all(|h| {
            let filled: Vec<u8> = h.iter().map(|&i| values[i]).filter(|&v| v != 0).collect();
            filled.iter().collect::<BTreeSet<_>>().len() == filled.len()
        })
    })
}

async fn broken_marks(c: &Client, addr: SocketAddr) {
    c.goto(&format!("http://{addr}/")).await.unwrap();
    wait_for_status(c, "New ").await;
    killer(c, addr).await;
    thermo(c, addr).await;
    kropki(c, addr).await;
    assert_no_console_errors(c, "typing broken constraints").await;
}

/// A cage of the killer filled with its solution digits but one, then that
/// one replaced by a digit the cage lacks (a wrong sum), then by a digit it
/// holds (a repeat), then by the right digit.
async fn killer(c: &Client, addr: SocketAddr) {
    let game = open(c, addr, "killer", 11).await;
    assert!(game.givens.iter().all(|&v| v == 0), "a killer without givens");
    let cages: Vec<(u32, Vec<usize>)> = parts(&game.rules, "cage:")
        .iter()
        .map(|p| {
            let (sum, cells) = p.split_once('=').unwrap();
            (sum.parse().unwrap(), cell_list(cells))
        })
        .collect();
    let (k, (sum, cells)) =
        cages.iter().enumerate().find(|(_, (_, cells))| cells.len() >= 3).expect("a cage of 3");
    let sol: Vec<u8> = cells.iter().map(|&i| game.solution[i]).collect();
    assert_eq!(sol.iter().map(|&d| u32::from(d)).sum::<u32>(), *sum, "the solution fills the cage");
    let (&last, rest) = cells.split_last().unwrap();
    for &i in rest {
        type_digit(c, i, game.solution[i]).await;
        assert!(marked(c).await.is_empty(), "a part of the cage's solution breaks nothing");
    }
    let whole: BTreeSet<usize> = cells.iter().copied().collect();
    let constraint = format!("breaks cage {} (sum {sum})", k + 1);

    let wrong = (1..=9u8).find(|d| !sol.contains(d)).expect("a digit the cage lacks");
    type_digit(c, last, wrong).await;
    assert_eq!(marked(c).await, whole, "a full cage of another sum marks its cells");
    assert!(cells_with(c, "conflict").await.is_empty(), "and repeats nothing");
    for &i in cells {
        let said = label(c, i).await;
        assert!(said.contains(&constraint), "{said}");
    }

    let repeat = game.solution[rest[0]];
    type_digit(c, last, repeat).await;
    assert_eq!(marked(c).await, whole, "a digit repeated in the cage marks its cells");

    type_digit(c, last, game.solution[last]).await;
    assert!(marked(c).await.is_empty(), "the cage's solution breaks nothing");
    assert!(!label(c, last).await.contains("breaks"));
}

/// Two neighbouring empty steps of a thermometer take a falling pair, then
/// their solution digits.
async fn thermo(c: &Client, addr: SocketAddr) {
    let (game, thermo, j) = 'found: {
        for seed in 1..20 {
            let game = open(c, addr, "thermo", seed).await;
            let thermos: Vec<Vec<usize>> =
                parts(&game.rules, "thermo:").iter().map(|p| cell_list(p)).collect();
            for t in &thermos {
                let alone = t.iter().all(|i| thermos.iter().filter(|u| u.contains(i)).count() == 1);
                let empty = (0..t.len() - 1)
                    .find(|&j| game.givens[t[j]] == 0 && game.givens[t[j + 1]] == 0);
                if let (true, Some(j)) = (alone, empty) {
                    let t = t.clone();
                    break 'found (game, t, j);
                }
            }
        }
        panic!("no thermo puzzle with two empty neighbouring steps on its own thermometer");
    };
    let (a, b) = (thermo[j], thermo[j + 1]);
    // A falling pair: the step after the bulb side holds less.
    let (hi, lo) = (2..=9u8)
        .flat_map(|hi| (1..hi).map(move |lo| (hi, lo)))
        .find(|&(hi, lo)| {
            let mut v = game.givens.clone();
            v[a] = hi;
            v[b] = lo;
            no_repeats(&v)
        })
        .expect("a falling pair clear of the givens");
    type_digit(c, a, hi).await;
    type_digit(c, b, lo).await;
    let filled: BTreeSet<usize> =
        thermo.iter().copied().filter(|&i| i == a || i == b || game.givens[i] != 0).collect();
    assert_eq!(marked(c).await, filled, "a falling step marks the thermometer's filled cells");
    let said = label(c, b).await;
    assert!(said.contains("breaks thermometer "), "{said}");

    type_digit(c, a, game.solution[a]).await;
    type_digit(c, b, game.solution[b]).await;
    assert!(game.solution[a] < game.solution[b], "the solution rises along the thermometer");
    assert!(marked(c).await.is_empty(), "the solution's digits break nothing");
}

/// The two empty cells of a white dot, with no other filled neighbour,
/// take digits two or more apart, then their solution digits.
async fn kropki(c: &Client, addr: SocketAddr) {
    let game = open(c, addr, "kropki", 5).await;
    let neighbours = |i: usize| -> Vec<usize> {
        let (r, col) = (i / 9, i % 9);
        let mut out = Vec::new();
        if r > 0 {
            out.push(i - 9);
        }
        if r < 8 {
            out.push(i + 9);
        }
        if col > 0 {
            out.push(i - 1);
        }
        if col < 8 {
            out.push(i + 1);
        }
        out
    };
    let lonely = |i: usize| neighbours(i).iter().all(|&n| game.givens[n] == 0);
    let (a, b) = parts(&game.rules, "white:")
        .iter()
        .map(|p| cell_list(p))
        .map(|pair| (pair[0], pair[1]))
        .find(|&(a, b)| game.givens[a] == 0 && game.givens[b] == 0 && lonely(a) && lonely(b))
        .expect("a white dot between empty cells with no filled neighbour");
    let (x, y) = (1..=9u8)
        .flat_map(|x| (1..=9u8).map(move |y| (x, y)))
        .find(|&(x, y)| {
            let mut v = game.givens.clone();
            v[a] = x;
            v[b] = y;
            x.abs_diff(y) >= 2 && no_repeats(&v)
        })
        .expect("two digits not consecutive, clear of the givens");
    type_digit(c, a, x).await;
    type_digit(c, b, y).await;
    assert_eq!(marked(c).await, BTreeSet::from([a, b]), "a broken white dot marks its cells");
    let said = label(c, a).await;
    assert!(said.contains(&format!("breaks white dot {}-{}", name(a), name(b))), "{said}");

    type_digit(c, a, game.solution[a]).await;
    type_digit(c, b, game.solution[b]).await;
    assert_eq!(game.solution[a].abs_diff(game.solution[b]), 1, "the solution keeps the dot");
    assert!(marked(c).await.is_empty(), "the solution's digits break nothing");
}
