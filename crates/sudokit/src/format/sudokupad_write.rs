//! SudokuPad boards written from a grid and its rules (feature `serde`).
//!
//! - [`to_sudokupad`]: a SudokuPad link, `https://sudokupad.app/scl...`,
//!   that opens the puzzle in SudokuPad; [`to_sudokupad_solved`] adds the
//!   solution, against which SudokuPad checks a player's grid.
//! - [`to_sudokupad_json`]: the same board as plain JSON (SudokuPad's long
//!   keys).
//!
//! # The board written
//! SudokuPad's board holds givens, regions and cages as data, and
//! everything else as drawings. The drawings written are the ones
//! SudokuPad itself makes when it opens an f-puzzles board, so a puzzle
//! looks the same whichever way it reaches SudokuPad, and
//! `parse_sudokupad` reads each of them back (see its module docs):
//!
//! | rule | written as |
//! |---|---|
//! | givens, regions | `cells[r][c].value`, `regions` (lists of `[row, col]`) |
//! | killer cage | a cage with `value` the sum and `unique: true` |
//! | an extra house, a window, a group of distinct cells | a cage without a value; windows also shade their cells |
//! | a main diagonal | a thin line from corner to corner |
//! | thermometer | a grey line through the cell centres from a grey bulb (a circle 0.85 wide) |
//! | kropki dot | a circle 0.3 wide, white or black, on the edge between the cells |
//! | even / odd | a grey square / circle 0.7 wide in the cell |
//! | anti-knight, anti-king, non-consecutive, every dot given | `metaData` flags: `antiknight`, `antiking`, `nonconsecutive`, `negative: ['ratio', 'difference']` |
//!
//! Cages without cells carry the text SudokuPad shows beside the grid:
//! `title: ...`, `rules: ...` (every rule in words, since SudokuPad
//! enforces none of the drawings), and with a solution `solution: ...`
//! (every digit in reading order, each padded to the width of the
//! largest).
//!
//! # The link
//! `scl` then the board's *zipped* JSON text (short keys, unquoted keys,
//! single quotes, `t`/`f`, bare colours, empty slots for `{}`), compressed
//! with LZString to base64, as SudokuPad's own links carry it. The zipped
//! text holds no `"` and no sequence SudokuPad's unzipping would rewrite
//! inside a string.

use serde_json::{Map, Value, json};

use super::fpuzzles::window_cells;
use super::json_board::{JsonBoardError, solution_problem};
use super::sudokupad::FORMAT;
use crate::constraint::{Constraint, DotKind, ParityKind};
use crate::grid::Grid;
use crate::rules::Rules;
use crate::variant::Variant;

/// Where SudokuPad opens a board.
pub const SUDOKUPAD_URL: &str = "https://sudokupad.app/";

/// The grey of thermometers and even/odd marks.
const GREY: &str = "#CFCFCF";
/// The colour of a diagonal line.
const DIAGONAL: &str = "#34BBE6";

/// The SudokuPad link of `grid`: its givens and its rules.
///
/// ```
/// use sudokit::format::{parse_sudokupad, to_sudokupad};
/// use sudokit::{Grid, Rules};
///
/// let rules: Rules = "4+x+thermo:0.1.2".parse().unwrap();
/// let grid = Grid::from_values_with(rules, vec![0; 16]).unwrap();
/// let link = to_sudokupad(&grid);
/// assert!(link.starts_with("https://sudokupad.app/scl"));
/// assert_eq!(parse_sudokupad(&link).unwrap(), grid);
/// ```
pub fn to_sudokupad(grid: &Grid) -> String {
    link(&board(grid, None))
}

/// The SudokuPad link of `puzzle` with its `solution`, which SudokuPad
/// checks a finished grid against.
///
/// # Errors
/// When `solution` is not a solution of `puzzle` (checked by its rules,
/// not by solving): not a full grid of its board, a given changed, or a
/// rule broken; the message names the first cell at fault.
pub fn to_sudokupad_solved(puzzle: &Grid, solution: &Grid) -> Result<String, JsonBoardError> {
    if let Some(reason) = solution_problem(puzzle, solution) {
        return Err(FORMAT.field("solution", reason));
    }
    Ok(link(&board(puzzle, Some(solution.values()))))
}

/// The SudokuPad board of `grid` as plain JSON, with SudokuPad's long
/// keys; `parse_sudokupad` reads it back.
pub fn to_sudokupad_json(grid: &Grid) -> String {
    board(grid, None).to_string()
}

/// The link of a board.
fn link(board: &Value) -> String {
    let mut zipped = String::new();
    zip(board, false, &mut zipped);
    format!("{SUDOKUPAD_URL}scl{}", lz_str::compress_to_base64(zipped.as_str()))
}

/// `[row, col]` of the centre of cell `i` on a board of side `n`.
fn centre(i: u16, n: usize) -> Value {
    let (r, c) = (i as usize / n, i as usize % n);
    json!([r as f64 + 0.5, c as f64 + 0.5])
}

/// `[row, col]` of cell `i`, from 0.
fn rc(i: u16, n: usize) -> Value {
    json!([i as usize / n, i as usize % n])
}

/// The board of `grid`, with the solution's digits when given.
fn board(grid: &Grid, solution: Option<&[u8]>) -> Value {
    let rules = grid.rules();
    let n = rules.shape().size();
    let values = grid.values();
    let cells: Vec<Value> = (0..n)
        .map(|r| {
            let row = (0..n).map(|c| match values[r * n + c] {
                0 => json!({}),
                d => json!({ "value": d }),
            });
            Value::Array(row.collect())
        })
        .collect();
    let mut cages: Vec<Value> = Vec::new();
    let mut lines: Vec<Value> = Vec::new();
    let mut underlays: Vec<Value> = Vec::new();
    let mut overlays: Vec<Value> = Vec::new();
    let cells_of = |list: &[u16]| Value::Array(list.iter().map(|&i| rc(i, n)).collect());

    let diagonals = diagonal_cells(n);
    if rules.has_diagonals() {
        lines.extend([diagonal_line(n, false), diagonal_line(n, true)]);
    }
    for house in rules.extra_houses() {
        let mut sorted = house.clone();
        sorted.sort_unstable();
        match diagonals.iter().position(|d| *d == sorted) {
            Some(k) => lines.push(diagonal_line(n, k == 1)),
            None => cages.push(json!({ "cells": cells_of(house) })),
        }
    }
    if rules.has_windows() {
        for window in window_cells(rules) {
            for &i in &window {
                underlays.push(json!({
                    "center": centre(i, n), "width": 1, "height": 1, "rounded": false,
                    "backgroundColor": GREY,
                }));
            }
            cages.push(json!({ "cells": cells_of(&window) }));
        }
    }
    for group in rules.distinct_groups() {
        cages.push(json!({ "cells": cells_of(group) }));
    }
    for c in rules.constraints() {
        match c {
            Constraint::Cage(cage) => cages.push(json!({
                "cells": cells_of(cage.cells()), "value": cage.sum(), "unique": true,
            })),
            Constraint::Thermo(t) => {
                let path: Vec<Value> = t.cells().iter().map(|&i| centre(i, n)).collect();
                underlays.push(json!({
                    "center": path[0], "width": 0.85, "height": 0.85, "rounded": true,
                    "backgroundColor": GREY, "borderColor": GREY,
                }));
                lines.push(json!({ "wayPoints": path, "color": GREY, "thickness": 21 }));
            }
            Constraint::Dot(d) => {
                let [a, b] = d.pair();
                let (ra, ca) = (a as usize / n, a as usize % n);
                let (rb, cb) = (b as usize / n, b as usize % n);
                let mid = json!([(ra + rb) as f64 / 2.0 + 0.5, (ca + cb) as f64 / 2.0 + 0.5]);
                let fill = if d.kind() == DotKind::White { "#FFFFFF" } else { "#000000" };
                overlays.push(json!({
                    "center": mid, "width": 0.3, "height": 0.3, "rounded": true,
                    "backgroundColor": fill, "borderColor": "#000000",
                }));
            }
            Constraint::Parity(p) => {
                let rounded = p.kind() == ParityKind::Odd;
                for &i in p.cells() {
                    underlays.push(json!({
                        "center": centre(i, n), "width": 0.7, "height": 0.7,
                        "rounded": rounded, "backgroundColor": GREY, "borderColor": GREY,
                    }));
                }
            }
        }
    }
    cages.push(json!({ "value": format!("title: {}", title(rules)) }));
    cages.push(json!({ "value": format!("rules: {}", rules_text(rules)) }));
    if let Some(digits) = solution {
        let width = n.to_string().len();
        let text: String = digits.iter().map(|d| format!("{d:0width$}")).collect();
        cages.push(json!({ "value": format!("solution: {text}") }));
    }

    let mut meta = Map::new();
    if rules.has_anti_knight() {
        meta.insert("antiknight".into(), json!(true));
    }
    if rules.has_anti_king() {
        meta.insert("antiking".into(), json!(true));
    }
    if rules.has_non_consecutive() {
        meta.insert("nonconsecutive".into(), json!(true));
    }
    if rules.has_all_dots() {
        meta.insert("negative".into(), json!(["ratio", "difference"]));
    }

    let regions: Vec<Value> = region_cells(rules).iter().map(|r| cells_of(r)).collect();
    let mut root = Map::new();
    root.insert("id".into(), json!("sudokit"));
    root.insert("cellSize".into(), json!(50));
    root.insert("cells".into(), Value::Array(cells));
    root.insert("regions".into(), Value::Array(regions));
    for (key, list) in [("cages", cages), ("lines", lines), ("underlays", underlays)] {
        if !list.is_empty() {
            root.insert(key.into(), Value::Array(list));
        }
    }
    if !overlays.is_empty() {
        root.insert("overlays".into(), Value::Array(overlays));
    }
    if !meta.is_empty() {
        root.insert("metaData".into(), Value::Object(meta));
    }
    Value::Object(root)
}

/// The cells of each region (the boxes, or the jigsaw regions), each in
/// reading order.
fn region_cells(rules: &Rules) -> Vec<Vec<u16>> {
    let n = rules.shape().size();
    let mut out = vec![Vec::new(); n];
    for i in 0..n * n {
        let k = match rules.regions() {
            Some(map) => map[i] as usize,
            None => rules.shape().box_of(crate::shape::Cell::from_index(i)),
        };
        out[k].push(i as u16);
    }
    out
}

/// The cells of the two main diagonals, each sorted: down (top left to
/// bottom right), then up.
fn diagonal_cells(n: usize) -> [Vec<u16>; 2] {
    let down = (0..n).map(|i| (i * n + i) as u16).collect();
    let mut up: Vec<u16> = (0..n).map(|i| ((n - 1 - i) * n + i) as u16).collect();
    up.sort_unstable();
    [down, up]
}

/// The line of a main diagonal from corner to corner: down, or `up`
/// (bottom left to top right).
fn diagonal_line(n: usize, up: bool) -> Value {
    let points = if up { json!([[n, 0], [0, n]]) } else { json!([[0, 0], [n, n]]) };
    json!({ "wayPoints": points, "color": DIAGONAL, "thickness": 2 })
}

/// The puzzle's title: the variants it has.
fn title(rules: &Rules) -> String {
    let names: Vec<&str> =
        Variant::ALL.into_iter().filter(|v| v.is_in(rules)).map(Variant::name).collect();
    if names.is_empty() { "Sudoku".to_string() } else { format!("Sudoku ({})", names.join(", ")) }
}

/// Every rule of `rules` in words, for the player.
fn rules_text(rules: &Rules) -> String {
    let n = rules.shape().size();
    let has = |kind: fn(&Constraint) -> bool| rules.constraints().iter().any(kind);
    let region = if rules.regions().is_some() { "outlined region" } else { "box" };
    let mut out = vec![format!("Place 1 to {n} once in each row, column and {region}.")];
    if rules.has_diagonals() {
        out.push(format!("Each main diagonal (blue line) holds 1 to {n} once."));
    }
    if !rules.extra_houses().is_empty()
        || rules.has_windows()
        || !rules.distinct_groups().is_empty()
    {
        out.push(
            "Digits do not repeat within a dashed cage without a sum (a blue diagonal \
             alone holds no repeat either)."
                .to_string(),
        );
    }
    if has(|c| matches!(c, Constraint::Cage(_))) {
        out.push("Digits in a cage add up to its sum and do not repeat.".to_string());
    }
    if rules.has_anti_knight() {
        out.push("Cells a knight's move apart do not hold the same digit.".to_string());
    }
    if rules.has_anti_king() {
        out.push("Cells a king's move apart do not hold the same digit.".to_string());
    }
    if rules.has_non_consecutive() {
        out.push("Orthogonally adjacent cells do not hold consecutive digits.".to_string());
    }
    if has(|c| matches!(c, Constraint::Thermo(_))) {
        out.push("Digits strictly increase along each thermometer from its bulb.".to_string());
    }
    if has(|c| matches!(c, Constraint::Dot(_))) || rules.has_all_dots() {
        out.push(
            "Cells joined by a white dot hold consecutive digits; cells joined by a black \
             dot hold a digit and its double."
                .to_string(),
        );
    }
    if rules.has_all_dots() {
        out.push("Every dot is given.".to_string());
    }
    if has(|c| matches!(c, Constraint::Parity(_))) {
        out.push("A grey square marks an even digit, a grey circle an odd digit.".to_string());
    }
    out.join(" ")
}

/// Appends the zipped text of `v` to `out`; `in_object` for an object's
/// value (where SudokuPad writes `t`, `f` and colours short).
fn zip(v: &Value, in_object: bool, out: &mut String) {
    match v {
        Value::Object(map) => {
            out.push('{');
            for (k, (key, value)) in map.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                out.push_str(short_key(key));
                out.push(':');
                zip(value, true, out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (k, item) in items.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                // An empty object is an empty slot.
                if !matches!(item, Value::Object(m) if m.is_empty()) {
                    zip(item, false, out);
                }
            }
            out.push(']');
        }
        Value::Bool(b) if in_object => out.push(if *b { 't' } else { 'f' }),
        Value::String(s) if in_object && is_colour(s) => out.push_str(match s.as_str() {
            "#000000" => "#0",
            "#FFFFFF" => "#F",
            hex => &hex[1..],
        }),
        Value::String(s) => {
            out.push('\'');
            for c in s.chars() {
                match c {
                    '\'' | '\\' => {
                        out.push('\\');
                        out.push(c);
                    }
                    '"' => out.push('\u{2033}'),
                    _ => out.push(c),
                }
            }
            out.push('\'');
        }
        other => out.push_str(&other.to_string()),
    }
}

fn is_colour(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

/// SudokuPad's short form of `key`, or the key itself.
fn short_key(key: &str) -> &str {
    super::sudokupad::SHORT_KEYS.iter().find(|(_, long)| *long == key).map_or(key, |(s, _)| s)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::format::parse_sudokupad;

    /// `rules` rebuilt with their houses and groups sorted, and their
    /// constraints grouped by kind in the order the reader adds them
    /// (cages, thermometers, white then black dots, odd then even cells,
    /// each kind's cells merged): equal for equal rules, whatever order
    /// they were built in.
    fn canonical(rules: &Rules) -> Rules {
        let mut out = Rules::classic(rules.shape());
        if let Some(map) = rules.regions() {
            out = out.with_regions(map).unwrap();
        }
        let named = [
            (rules.has_diagonals(), Rules::with_diagonals as fn(Rules) -> Rules),
            (rules.has_anti_knight(), Rules::with_anti_knight),
            (rules.has_anti_king(), Rules::with_anti_king),
            (rules.has_all_dots(), Rules::with_all_dots),
            (rules.has_non_consecutive(), Rules::with_non_consecutive),
        ];
        for (on, add) in named {
            if on {
                out = add(out);
            }
        }
        if rules.has_windows() {
            out = out.with_windows().unwrap();
        }
        let sorted = |lists: &[Vec<u16>]| {
            let mut lists: Vec<Vec<u16>> = lists.to_vec();
            lists.iter_mut().for_each(|l| l.sort_unstable());
            lists.sort();
            lists
        };
        for h in sorted(rules.extra_houses()) {
            out = out.with_house(&h).unwrap();
        }
        let groups = sorted(rules.distinct_groups());
        for g in groups {
            out = out.with_distinct(&g).unwrap();
        }
        let cs = rules.constraints();
        for c in cs {
            if let Constraint::Cage(cage) = c {
                out = out.with_cage(cage.cells(), cage.sum()).unwrap();
            }
        }
        for c in cs {
            if let Constraint::Thermo(t) = c {
                out = out.with_thermo(t.cells()).unwrap();
            }
        }
        for kind in [DotKind::White, DotKind::Black] {
            for c in cs {
                if let Constraint::Dot(d) = c
                    && d.kind() == kind
                {
                    let [a, b] = d.pair();
                    out = out.with_dot(a, b, kind).unwrap();
                }
            }
        }
        for kind in [ParityKind::Odd, ParityKind::Even] {
            let mut cells: Vec<u16> = cs
                .iter()
                .filter_map(|c| match c {
                    Constraint::Parity(p) if p.kind() == kind => Some(p.cells().to_vec()),
                    _ => None,
                })
                .flatten()
                .collect();
            cells.sort_unstable();
            if !cells.is_empty() {
                out = out.with_parity(&cells, kind).unwrap();
            }
        }
        out
    }

    /// Writes `rules` with `givens` both ways (link, JSON) and checks the
    /// board read back has the same rules and givens.
    fn round_trip(rules: &str, givens: &[(usize, u8)]) {
        let rules: Rules = rules.parse().unwrap_or_else(|e| panic!("{rules}: {e}"));
        let n = rules.shape().size();
        let mut values = vec![0u8; n * n];
        for &(i, d) in givens {
            values[i] = d;
        }
        let grid = Grid::from_values_with(rules.clone(), values.clone()).unwrap();
        for text in [to_sudokupad(&grid), to_sudokupad_json(&grid)] {
            let back = parse_sudokupad(&text).unwrap_or_else(|e| panic!("{rules}: {e}\n{text}"));
            assert_eq!(back.values(), &values[..], "{rules}: givens");
            assert_eq!(canonical(back.rules()), canonical(&rules), "{rules}: {text}");
        }
    }

    #[test]
    fn every_rule_reads_back_the_same() {
        for rules in [
            "4",
            "4+x",
            "4+house:0.5.10.15",
            "4+house:3.6.9.12",
            "4+house:0.1.6.7",
            "4+distinct:0.5+distinct:2.7.15",
            "4+jigsaw=0001021122312333",
            "4+anti-knight",
            "4+anti-king",
            "4+non-consecutive",
            "4+cage:7=0.1+cage:3=14.15",
            "4+thermo:4.8.12+thermo:0.5.10",
            "4+white:2.3+black:6.7+white:4.8",
            "4+kropki-negative+white:2.3+black:6.7",
            "4+odd:9.11+even:0.2",
            "9+windoku",
            "9+x+windoku+anti-king",
            "3x2+x+cage:11=0.1.2",
            "2x3+jigsaw=000111002211022213442333445533445555",
            "9+anti-knight+cage:10=0.1.9+thermo:20.21.22.31+white:40.41+black:50.59+odd:80",
        ] {
            round_trip(rules, &[]);
        }
        round_trip("4+x+cage:7=0.1", &[(0, 4), (5, 1), (15, 2)]);
        round_trip("16+anti-king", &[(0, 16), (255, 1)]);
    }

    #[test]
    fn boxes_of_either_orientation_are_written_as_their_regions() {
        for (rows, cols) in [(2, 3), (3, 2), (3, 4), (4, 3), (2, 4), (4, 2), (1, 5), (5, 1)] {
            let Ok(shape) = crate::shape::Shape::new(rows, cols) else { continue };
            let n = shape.size();
            let rules = Rules::classic(shape).with_anti_king();
            let mut values = vec![0u8; n * n];
            values[1] = 2;
            let grid = Grid::from_values_with(rules, values).unwrap();
            // Independent of the writer: each region written holds exactly
            // the cells of one box of `rows` x `cols` (counted by hand: the
            // box of r, c is (r / rows, c / cols)).
            let root: Value = serde_json::from_str(&to_sudokupad_json(&grid)).unwrap();
            let regions = root["regions"].as_array().unwrap();
            assert_eq!(regions.len(), n, "{rows}x{cols}");
            let mut seen = vec![false; n * n];
            for region in regions {
                let cells: Vec<(usize, usize)> = region
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|rc| (rc[0].as_u64().unwrap() as usize, rc[1].as_u64().unwrap() as usize))
                    .collect();
                assert_eq!(cells.len(), n, "{rows}x{cols}: {region}");
                let (r0, c0) = cells[0];
                let (top, left) = (r0 / rows * rows, c0 / cols * cols);
                let mut expected: Vec<(usize, usize)> =
                    (0..rows).flat_map(|r| (0..cols).map(move |c| (top + r, left + c))).collect();
                let mut got = cells.clone();
                expected.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, expected, "{rows}x{cols}: {region}");
                for (r, c) in cells {
                    assert!(!seen[r * n + c], "{rows}x{cols}: r{r}c{c} twice");
                    seen[r * n + c] = true;
                }
            }
            // Read back, both ways, as the same boxes and rules.
            for text in [to_sudokupad(&grid), to_sudokupad_json(&grid)] {
                let back = parse_sudokupad(&text).unwrap_or_else(|e| panic!("{rows}x{cols}: {e}"));
                assert_eq!(back.shape(), shape, "{rows}x{cols}: {text}");
                assert_eq!(back, grid, "{rows}x{cols}: {text}");
            }
        }
    }

    #[test]
    fn zipped_text_is_short_and_holds_no_double_quote() {
        let rules: Rules = "4+x+anti-knight+white:0.1+even:5".parse().unwrap();
        let grid = Grid::from_values_with(rules, vec![0; 16]).unwrap();
        let mut text = String::new();
        zip(&board(&grid, None), false, &mut text);
        assert!(!text.contains('"'), "{text}");
        assert!(text.contains("ce:[[,,,],[,,,],[,,,],[,,,]]"), "{text}");
        assert!(text.contains("c2:#F") && text.contains("c1:#0"), "{text}");
        assert!(text.contains("metaData:{antiknight:t}"), "{text}");
    }

    #[test]
    fn the_solution_is_written_padded_and_checked() {
        let rules = Rules::classic(crate::shape::Shape::from_size(4).unwrap());
        let puzzle = Grid::from_values_with(rules.clone(), vec![0; 16]).unwrap();
        let full: Vec<u8> = vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let solution = Grid::from_values_with(rules, full).unwrap();
        let board = board(&puzzle, Some(solution.values()));
        assert!(board.to_string().contains("solution: 1234341221434321"), "{board}");
        let err = to_sudokupad_solved(&puzzle, &puzzle).unwrap_err();
        assert!(err.to_string().contains("solution"), "{err}");
    }
}
