//! The f-puzzles reader (`sudokit::format::parse_fpuzzles`, feature
//! `serde`) on the boards of `data/variants/fpuzzles/`.
//!
//! Each board is solved by the engine and its solution checked twice,
//! never by trusting the solver: against the `solution` field the board
//! was written with, and against the board's rules by a checker written
//! here from the f-puzzles fields (rows, columns, boxes or `region`s,
//! diagonals, knight's moves, cage sums, thermometers, dots with the
//! negative rule, odd and even cells), which reads the JSON itself.
//!
//! A test target of its own (`required-features = ["serde"]`), as
//! `wire.rs` is.

use std::collections::HashSet;
use std::path::PathBuf;

use serde_json::Value;
use sudokit::format::{FpuzzlesError, parse_fpuzzles, to_fpuzzles};
use sudokit::solve::Solution;

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
    // Regions: the cells' `region` when given, else the 3x3 boxes.
    let mut regions: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in 0..n * n {
        let cell = &board["grid"][i / n][i % n];
        let region = match cell.get("region") {
            Some(r) => r.as_u64().unwrap() as usize,
            None => (i / n / 3) * 3 + (i % n) / 3,
        };
        regions[region].push(i);
    }
    houses.extend(regions.into_iter().enumerate().map(|(k, r)| (format!("region {k}"), r)));
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
    if board.get("antiknight") == Some(&Value::Bool(true)) {
        for a in 0..n * n {
            for b in 0..n * n {
                let (dr, dc) = ((a / n).abs_diff(b / n), (a % n).abs_diff(b % n));
                if ((dr, dc) == (1, 2) || (dr, dc) == (2, 1)) && s[a] == s[b] {
                    out.push(format!("anti-knight {a} {b}"));
                }
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

#[test]
fn boards_solve_to_their_recorded_solution_and_keep_their_rules() {
    for (name, text) in boards() {
        let board: Value = serde_json::from_str(&text).unwrap();
        let recorded: Vec<u8> = board["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as u8)
            .collect();
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
fn edited(edit: impl Fn(&mut Value)) -> Result<sudokit::Grid, FpuzzlesError> {
    let text = std::fs::read_to_string(dir().join("killer-9.json")).unwrap();
    let mut board: Value = serde_json::from_str(&text).unwrap();
    edit(&mut board);
    parse_fpuzzles(&board.to_string())
}

#[test]
fn bad_boards_name_the_field_at_fault() {
    let text = |r: Result<sudokit::Grid, FpuzzlesError>| r.unwrap_err().to_string();
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
