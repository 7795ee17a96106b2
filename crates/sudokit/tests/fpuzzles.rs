//! The f-puzzles reader (`sudokit::format::parse_fpuzzles`, feature
//! `serde`) on the boards of `data/variants/fpuzzles/`.
//!
//! Each board is solved by the engine and its solution checked twice,
//! never by trusting the solver: against the `solution` field the board
//! was written with, and against the board's rules by a checker written
//! here from the f-puzzles fields (rows, columns, boxes or `region`s,
//! extra regions, diagonals, knight's and king's moves, non-consecutive
//! neighbours, cage sums, thermometers, dots with the negative rule, odd
//! and even cells), which reads the JSON itself.
//!
//! The writer (`to_fpuzzles`, `to_fpuzzles_solved`) is checked on a
//! generated puzzle of every variant: the board it writes reads back to
//! the same rules and givens, and the puzzle's solution keeps the rules
//! the checker reads from the written JSON.
//!
//! A test target of its own (`required-features = ["serde"]`), as
//! `wire.rs` is.

use std::collections::HashSet;
use std::path::PathBuf;

use serde_json::Value;
use sudokit::format::{JsonBoardError, parse_fpuzzles, to_fpuzzles, to_fpuzzles_solved};
use sudokit::generate::{Generator, Options};
use sudokit::solve::Solution;
use sudokit::variant::{Variant, Variants};
use sudokit::{Grid, Rules, Shape};

fn dir() -> PathBuf {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/variants/fpuzzles"));
    assert!(dir.is_dir(), "the f-puzzles boards are missing: expected them at {}", dir.display());
    dir
}

/// Every board of the folder: its file name and its text.
fn boards() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    out.sort();
    assert_eq!(out.len(), 5, "the README names five boards");
    out
}

/// The cell index of an f-puzzles name `R3C4` on a board of side `n`.
fn index(name: &Value, n: usize) -> usize {
    let s = name.as_str().unwrap();
    let (r, c) = s[1..].split_once('C').unwrap();
    (r.parse::<usize>().unwrap() - 1) * n + c.parse::<usize>().unwrap() - 1
}

fn cells(list: &Value, n: usize) -> Vec<usize> {
    list.as_array().unwrap().iter().map(|v| index(v, n)).collect()
}

fn entries<'a>(board: &'a Value, key: &str) -> &'a [Value] {
    board.get(key).and_then(Value::as_array).map_or(&[], Vec::as_slice)
}

/// What `solution` breaks of the rules of the f-puzzles `board`, read
/// from its JSON; empty when it keeps them all.
fn broken(board: &Value, s: &[u8]) -> Vec<String> {
    let n = board["size"].as_u64().unwrap() as usize;
    let mut out = Vec::new();
    let mut houses: Vec<(String, Vec<usize>)> = Vec::new();
    for k in 0..n {
        houses.push((format!("row {k}"), (0..n).map(|j| k * n + j).collect()));
        houses.push((format!("column {k}"), (0..n).map(|j| j * n + k).collect()));
    }
    // Regions: the cells' `region` when given, else the boxes, closest to
    // square with rows the shorter side (3x3 on 9x9, 2x3 on 6x6).
    let box_rows = (1..=n).filter(|&r| n.is_multiple_of(r) && r * r <= n).max().unwrap();
    let box_cols = n / box_rows;
    let mut regions: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n * n {
        let cell = &board["grid"][i / n][i % n];
        let region = match cell.get("region") {
            Some(r) => r.as_u64().unwrap() as usize,
            None => (i / n / box_rows) * (n / box_cols) + (i % n) / box_cols,
        };
        regions[region].push(i);
    }
    houses.extend(regions.into_iter().enumerate().map(|(k, r)| (format!("region {k}"), r)));
    for (k, extra) in entries(board, "extraregion").iter().enumerate() {
        houses.push((format!("extra region {k}"), cells(&extra["cells"], n)));
    }
    if board.get("diagonal-") == Some(&Value::Bool(true)) {
        houses.push(("diagonal-".into(), (0..n).map(|i| i * n + i).collect()));
    }
    if board.get("diagonal+") == Some(&Value::Bool(true)) {
        houses.push(("diagonal+".into(), (0..n).map(|i| (n - 1 - i) * n + i).collect()));
    }
    for (name, cells) in &houses {
        let digits: HashSet<u8> = cells.iter().map(|&c| s[c]).collect();
        if digits.len() != n || cells.iter().any(|&c| !(1..=n as u8).contains(&s[c])) {
            out.push(name.clone());
        }
    }
    let flag = |key: &str| board.get(key) == Some(&Value::Bool(true));
    for a in 0..n * n {
        for b in 0..n * n {
            let (dr, dc) = ((a / n).abs_diff(b / n), (a % n).abs_diff(b % n));
            let knight = (dr, dc) == (1, 2) || (dr, dc) == (2, 1);
            if flag("antiknight") && knight && s[a] == s[b] {
                out.push(format!("anti-knight {a} {b}"));
            }
            if flag("antiking") && (dr, dc) == (1, 1) && s[a] == s[b] {
                out.push(format!("anti-king {a} {b}"));
            }
            if flag("nonconsecutive") && dr + dc == 1 && s[a].abs_diff(s[b]) == 1 {
                out.push(format!("non-consecutive {a} {b}"));
            }
        }
    }
    for cage in entries(board, "killercage") {
        let cells = cells(&cage["cells"], n);
        let sum: u32 = cells.iter().map(|&c| u32::from(s[c])).sum();
        let distinct: HashSet<u8> = cells.iter().map(|&c| s[c]).collect();
        let want: u32 = cage["value"].as_str().unwrap().parse().unwrap();
        if sum != want || distinct.len() != cells.len() {
            out.push(format!("cage {cells:?}"));
        }
    }
    for thermo in entries(board, "thermometer") {
        for line in thermo["lines"].as_array().unwrap() {
            let cells = cells(line, n);
            if cells.windows(2).any(|w| s[w[0]] >= s[w[1]]) {
                out.push(format!("thermometer {cells:?}"));
            }
        }
    }
    let mut dotted = HashSet::new();
    for (key, holds) in [
        ("difference", (|a: u8, b: u8| a.abs_diff(b) == 1) as fn(u8, u8) -> bool),
        ("ratio", |a: u8, b: u8| a == 2 * b || b == 2 * a),
    ] {
        for dot in entries(board, key) {
            let cells = cells(&dot["cells"], n);
            dotted.insert((cells[0].min(cells[1]), cells[0].max(cells[1])));
            if !holds(s[cells[0]], s[cells[1]]) {
                out.push(format!("{key} {cells:?}"));
            }
        }
    }
    let negative: Vec<&str> = entries(board, "negative").iter().filter_map(Value::as_str).collect();
    if negative.contains(&"difference") && negative.contains(&"ratio") {
        for a in 0..n * n {
            for b in [a + 1, a + n] {
                let neighbours = b < n * n && (b == a + n || b % n != 0);
                if neighbours && !dotted.contains(&(a, b)) {
                    let (x, y) = (s[a], s[b]);
                    if x.abs_diff(y) == 1 || x == 2 * y || y == 2 * x {
                        out.push(format!("no dot between {a} and {b}"));
                    }
                }
            }
        }
    }
    for (key, rest) in [("odd", 1), ("even", 0)] {
        for mark in entries(board, key) {
            let c = index(&mark["cell"], n);
            if s[c] % 2 != rest {
                out.push(format!("{key} {c}"));
            }
        }
    }
    out
}

/// The digits of a board's `solution` field.
fn solution_field(board: &Value) -> Vec<u8> {
    let digits = board["solution"].as_array().expect("a solution field");
    digits.iter().map(|v| v.as_u64().expect("a digit") as u8).collect()
}

#[test]
fn boards_solve_to_their_recorded_solution_and_keep_their_rules() {
    for (name, text) in boards() {
        let board: Value = serde_json::from_str(&text).unwrap();
        let recorded = solution_field(&board);
        assert!(broken(&board, &recorded).is_empty(), "{name}: the recorded solution");
        let puzzle = parse_fpuzzles(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!puzzle.rules().is_classic(), "{name}: rules read");
        let Solution::Unique(solution) = puzzle.solution() else { panic!("{name}: not unique") };
        assert_eq!(solution.values(), recorded, "{name}");
        assert!(broken(&board, solution.values()).is_empty(), "{name}");
        // A grid that breaks the board is caught by the checker too: two
        // digits swapped in the first row.
        let mut swapped = recorded.clone();
        swapped.swap(0, 1);
        assert!(!broken(&board, &swapped).is_empty(), "{name}: the checker checks");
        // Givens are the grid's values marked given.
        for (i, &v) in puzzle.values().iter().enumerate() {
            let cell = &board["grid"][i / 9][i % 9];
            assert_eq!(u64::from(v), cell.get("value").and_then(Value::as_u64).unwrap_or(0));
        }
        // Written back, the board reads the same.
        let again = parse_fpuzzles(&to_fpuzzles(&puzzle).unwrap()).unwrap();
        assert_eq!(again, puzzle, "{name}");
    }
}

/// The killer board with `edit` applied, read.
fn edited(edit: impl Fn(&mut Value)) -> Result<sudokit::Grid, JsonBoardError> {
    let text = std::fs::read_to_string(dir().join("killer-9.json")).unwrap();
    let mut board: Value = serde_json::from_str(&text).unwrap();
    edit(&mut board);
    parse_fpuzzles(&board.to_string())
}

#[test]
fn bad_boards_name_the_field_at_fault() {
    let text = |r: Result<sudokit::Grid, JsonBoardError>| r.unwrap_err().to_string();
    let off = text(edited(|b| b["killercage"][3]["cells"][0] = "R10C1".into()));
    assert!(
        off.contains("killercage[3].cells[0]") && off.contains("\"R10C1\" is outside"),
        "{off}"
    );
    let sum = text(edited(|b| b["killercage"][0]["value"] = "99".into()));
    assert!(sum.contains("killercage[0]") && sum.contains("cannot be made"), "{sum}");
    let overlap = text(edited(|b| {
        let first = b["killercage"][0]["cells"][0].clone();
        b["killercage"][1]["cells"].as_array_mut().unwrap().push(first);
    }));
    assert!(overlap.contains("killercage[1]") && overlap.contains("overlaps"), "{overlap}");
    let arrow = text(edited(|b| {
        b["arrow"] = serde_json::json!([{ "cells": ["R1C1"], "lines": [["R1C1", "R1C2"]] }])
    }));
    assert!(arrow.contains("f-puzzles arrow: sudokit does not support"), "{arrow}");
    let sandwich =
        text(edited(|b| b["sandwichsum"] = serde_json::json!([{ "cell": "R0C1", "value": "12" }])));
    assert!(sandwich.contains("sandwichsum"), "{sandwich}");
    let given = text(edited(|b| b["grid"][0][0] = serde_json::json!({"value": 12, "given": true})));
    assert!(given.contains("grid[0][0].value") && given.contains("1 to 9"), "{given}");
    let region = text(edited(|b| b["grid"][0][0]["region"] = 4.into()));
    assert!(region.contains("grid (regions)") && region.contains("region"), "{region}");
}

/// A generated puzzle of `variants` on `shape`'s board, from `seed`: its
/// puzzle and solution.
fn generated(variants: &str, shape: Shape, seed: u64) -> (Grid, Grid) {
    let variants: Variants = variants.parse().unwrap();
    let rules = variants.apply(Rules::classic(shape)).unwrap();
    let options = Options::new(rules)
        .extras(variants.extras())
        .random_regions(variants.contains(Variant::Jigsaw));
    let made = Generator::new(options, seed).unwrap().puzzle(0).unwrap();
    (made.puzzle, made.solution)
}

/// The parts of a rules name (`6+x+cage:5=0.1` gives `6`, `x`,
/// `cage:5=0.1`), sorted: rules compared whatever the order of their
/// constraints.
fn parts(rules: &Rules) -> Vec<String> {
    let mut parts: Vec<String> = rules.to_string().split('+').map(str::to_string).collect();
    parts.sort();
    parts
}

#[test]
fn generated_puzzles_of_every_variant_round_trip_with_their_solution() {
    let six = Shape::new(2, 3).unwrap();
    let cases = [
        "x",
        "windoku",
        "jigsaw",
        "killer",
        "anti-knight",
        "anti-king",
        "non-consecutive",
        "thermo",
        "kropki",
        "even-odd",
        "x,killer",
        "windoku,thermo",
        "jigsaw,even-odd",
        "anti-king,kropki",
    ];
    for (k, variants) in cases.into_iter().enumerate() {
        let (puzzle, solution) = generated(variants, six, 7 + k as u64);
        let json = to_fpuzzles_solved(&puzzle, &solution).unwrap();
        let again = parse_fpuzzles(&json).unwrap_or_else(|e| panic!("{variants}: {e}\n{json}"));
        // The same rules: the board lists constraints by kind, so they
        // read back in another order.
        assert_eq!(parts(again.rules()), parts(puzzle.rules()), "{variants}: rules\n{json}");
        assert_eq!(again.values(), puzzle.values(), "{variants}: givens");
        assert_eq!(again, parse_fpuzzles(&to_fpuzzles(&puzzle).unwrap()).unwrap(), "{variants}");
        // Written again, the board read back is the same text.
        assert_eq!(to_fpuzzles_solved(&again, &solution).unwrap(), json, "{variants}");
        let board: Value = serde_json::from_str(&json).unwrap();
        let written = solution_field(&board);
        assert_eq!(written, solution.values(), "{variants}");
        assert_eq!(broken(&board, &written), Vec::<String>::new(), "{variants}\n{json}");
        // The checker can fail: two digits of the first row swapped break
        // the written board.
        let mut swapped = written.clone();
        let j = (1..6).find(|&j| swapped[j] != swapped[0]).unwrap();
        swapped.swap(0, j);
        assert!(!broken(&board, &swapped).is_empty(), "{variants}: the checker checks");
    }
}

#[test]
fn windoku_is_written_as_its_windows_and_read_back_as_windoku() {
    let rules: Rules = "9+windoku".parse().unwrap();
    let grid = Grid::from_values_with(rules, vec![0; 81]).unwrap();
    let json: Value = serde_json::from_str(&to_fpuzzles(&grid).unwrap()).unwrap();
    let windows: Vec<Vec<usize>> =
        entries(&json, "extraregion").iter().map(|w| cells(&w["cells"], 9)).collect();
    // The four windows of 9x9 windoku, top left corners at R2C2, R2C6, R6C2, R6C6.
    let corners: Vec<usize> = windows.iter().map(|w| *w.iter().min().unwrap()).collect();
    assert_eq!(corners, [10, 14, 46, 50]);
    assert!(windows.iter().all(|w| w.len() == 9));
    assert!(parse_fpuzzles(&json.to_string()).unwrap().rules().has_windows());
    // Three of the four windows are three extra houses, not windoku.
    let mut three = json.clone();
    three["extraregion"].as_array_mut().unwrap().pop();
    let read = parse_fpuzzles(&three.to_string()).unwrap();
    assert!(!read.rules().has_windows());
    assert_eq!(read.rules().extra_houses().len(), 3);
}

#[test]
fn a_solution_that_is_not_a_full_grid_of_the_board_is_refused() {
    let (puzzle, _) = generated("x", Shape::new(2, 2).unwrap(), 1);
    let err = to_fpuzzles_solved(&puzzle, &puzzle).unwrap_err().to_string();
    assert!(err.contains("solution") && err.contains("full 4x4 grid"), "{err}");
}

/// A full grid that is not the puzzle's solution is refused by the rules,
/// naming the first cell at fault: a given changed, or a rule broken (the
/// grid read under the puzzle's rules, whatever its own).
#[test]
fn a_full_grid_that_is_not_the_solution_is_refused_naming_its_cell() {
    use sudokit::format::to_sudokupad_solved;
    let (puzzle, solution) = generated("x", Shape::new(2, 2).unwrap(), 1);
    assert!(to_fpuzzles_solved(&puzzle, &solution).is_ok());
    let given = puzzle.values().iter().position(|&v| v != 0).unwrap();
    let mut changed = solution.values().to_vec();
    // Swap the first given's digit with another in its row: the row stays
    // Latin, and that given is the first cell at fault.
    let row = given / 4 * 4;
    let other = (row..row + 4).find(|&i| i != given).unwrap();
    changed.swap(given, other);
    let wrong = Grid::from_values(Shape::new(2, 2).unwrap(), changed).unwrap();
    let name = |i: usize| format!("r{}c{}", i / 4 + 1, i % 4 + 1);
    for err in [
        to_fpuzzles_solved(&puzzle, &wrong).unwrap_err().to_string(),
        to_sudokupad_solved(&puzzle, &wrong).unwrap_err().to_string(),
    ] {
        assert!(
            err.contains("solution") && err.contains(&format!("{} holds", name(given))),
            "{err}"
        );
    }
    // The givens kept, a clash: a blank puzzle and a grid with 1 twice in
    // row 1, or a Latin square whose main diagonal repeats under X.
    let blank = Grid::from_values_with("4+x".parse().unwrap(), vec![0; 16]).unwrap();
    let latin = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    let latin = Grid::from_values(Shape::new(2, 2).unwrap(), latin).unwrap();
    let err = to_fpuzzles_solved(&blank, &latin).unwrap_err().to_string();
    assert!(err.contains("r1c1 breaks the rules 4+x: diagonal"), "{err}");
    let ones = Grid::from_values(Shape::new(2, 2).unwrap(), vec![1; 16]).unwrap();
    let err = to_sudokupad_solved(&blank, &ones).unwrap_err().to_string();
    assert!(err.contains("solution: r1c1 breaks the rules 4+x: "), "{err}");
}
