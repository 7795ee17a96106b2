//! The f-puzzles board: the JSON that the f-puzzles editor exports and
//! SudokuPad opens, read into [`Rules`] and givens, and written back
//! (feature `serde`).
//!
//! - [`parse_fpuzzles`]: a [`Grid`] (its givens under its rules) from the
//!   JSON, from its compressed form (LZString base64, as share links carry
//!   it), or from a link holding that form (`?load=...`, `.../fpuzzles...`);
//!   SudokuPad's own boards (`scl`) through `parse_sudokupad`.
//! - [`to_fpuzzles`]: the JSON of a grid and its rules;
//!   [`to_fpuzzles_solved`] adds the solution.
//! - [`JsonBoardError`]: what is wrong, naming the JSON field at fault
//!   (`killercage[2].cells[1]`, indices from 0).
//!
//! # What is read
//! `size` (the side), `grid` (`size` rows of `size` cells; a cell's `value`
//! counts as a given only with `"given": true`, other values are a
//! player's entries; `region` numbers a cell's region, the boxes in reading
//! order by default), `diagonal-` (top left to bottom right) and
//! `diagonal+` (bottom left to top right), `antiknight`, `antiking`,
//! `nonconsecutive`, `disjointgroups` (the cells at one place in every box
//! form a house), `extraregion` (a house of `size` cells, else cells that
//! differ; when every window of windoku is among them, the windows), `killercage` (`cells`, `value` the sum; without a value the
//! cells only differ), `thermometer` (`lines`, each from its bulb),
//! `difference` (a white kropki dot, `value` 1 or absent), `ratio` (a black
//! dot, `value` 2 or absent), `odd` and `even` (`cell`), and `negative`
//! with both `difference` and `ratio` (every dot is given). Cells are
//! named `R1C1` (row, column from 1).
//!
//! `title`, `author`, `ruleset`, `solution` and the editor's settings are
//! ignored, and so is any other field that holds nothing (an empty list,
//! `false`). Anything else is refused by name: arrows, sandwiches, XV,
//! little killers, lines of other kinds, and the drawings (`text`, `line`,
//! `circle`, `rectangle`, `cage`), whose meaning only the rules text gives.
//! A refusal, never a guess: a puzzle read here has exactly the rules its
//! setter gave it.
//!
//! Two readings follow the convention of kropki and of the solvers made
//! for f-puzzles: with `negative`, a pair with a dot of either colour is
//! exempt from both negative rules; `nonconsecutive` together with dots is
//! refused (whether dotted pairs are exempt is not settled), as is a
//! `negative` list naming only one kind of dot while dots are present.
//!
//! # Bounds
//! The compressed form is decompressed only up to [`MAX_COMPRESSED`]
//! characters: LZString output can grow quadratically with its input, so
//! a longer link is refused before any work is done.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use super::json_board::{JsonBoard, JsonBoardError, JsonBoardErrorKind, solution_problem};
use super::sudokupad::{looks_like_sudokupad, parse_sudokupad};

use crate::constraint::{Constraint, DotKind, ParityKind};
use crate::grid::Grid;
use crate::rules::{Rules, RulesError};
use crate::shape::{Cell, HouseKind, MAX_SIZE, Shape};

/// The longest compressed puzzle read, in characters. LZString output can
/// grow with the square of its input, so this bounds the memory a hostile
/// link can take (to tens of megabytes); plain JSON has no such bound.
pub const MAX_COMPRESSED: usize = 16 * 1024;

/// The format of the boards read and written here, as errors name it.
const FORMAT: JsonBoard = JsonBoard::Fpuzzles;

/// Fields that say nothing about the rules.
const IGNORED: &[&str] = &[
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
];

/// Drawings: shapes and text whose meaning only the rules text gives.
const DRAWINGS: &[&str] = &["text", "line", "circle", "rectangle", "cage"];

/// The grid of the f-puzzles board in `text`: its givens, under the rules
/// its constraints make.
///
/// `text` is the JSON, its LZString base64 form, or a link holding that
/// form after `load=`, `puzzle=` or `fpuzzles` (percent-escapes are read);
/// or SudokuPad's own board (`scl...`, a link holding it), read by
/// [`parse_sudokupad`].
///
/// # Errors
/// When the text does not decode, the JSON does not parse, a field is not
/// of the format, a constraint is one sudokit does not support, or the
/// constraints do not fit the board ([`JsonBoardError`] names the field).
///
/// # Example
/// ```
/// use sudokit::format::parse_fpuzzles;
///
/// let row = |v: [u8; 4]| v.map(|d| if d == 0 { "{}".to_string() }
///     else { format!("{{\"value\":{d},\"given\":true}}") }).join(",");
/// let json = format!(
///     "{{\"size\":4,\"grid\":[[{}],[{}],[{}],[{}]],\"diagonal-\":true,\
///      \"killercage\":[{{\"cells\":[\"R4C3\",\"R4C4\"],\"value\":\"5\"}}]}}",
///     row([1, 0, 0, 0]), row([0, 0, 0, 0]), row([0, 0, 0, 0]), row([0, 0, 0, 0]));
/// let grid = parse_fpuzzles(&json).unwrap();
/// assert_eq!(grid.values()[0], 1);
/// assert_eq!(grid.rules().to_string(), "4+house:0.5.10.15+cage:5=14.15");
/// ```
pub fn parse_fpuzzles(text: &str) -> Result<Grid, JsonBoardError> {
    if looks_like_sudokupad(text) {
        return parse_sudokupad(text);
    }
    let json = decode(text)?;
    let value: Value = serde_json::from_str(&json).map_err(|e| {
        FORMAT.error(JsonBoardErrorKind::Json {
            line: e.line(),
            column: e.column(),
            reason: e.to_string(),
        })
    })?;
    let Value::Object(root) = value else {
        return Err(field("(the top level)", "expected a JSON object"));
    };
    Board::read(&root)
}

/// Whether `text` looks like an f-puzzles board: JSON with a `grid`, or a
/// link or compressed text of the kind [`parse_fpuzzles`] reads (SudokuPad's
/// own boards too). A cheap test on the first bytes, to tell it from the
/// line formats.
pub fn looks_like_fpuzzles(text: &str) -> bool {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    t.starts_with('{')
        || t.starts_with("N4Ig")
        || (t.starts_with("http") && (t.contains("load=") || t.contains("fpuzzles")))
        || looks_like_sudokupad(t)
}

fn field(name: impl Into<String>, reason: impl Into<String>) -> JsonBoardError {
    FORMAT.field(name, reason)
}

/// The JSON text of `text`: itself, or decompressed from a link or from
/// LZString base64.
fn decode(text: &str) -> Result<String, JsonBoardError> {
    let t = text.trim_start_matches('\u{feff}').trim();
    if t.starts_with(['{', '[']) {
        return Ok(t.to_string());
    }
    let bad = |reason: String| FORMAT.decode(reason);
    let mut payload = t;
    let link = payload.starts_with("http");
    for key in ["load=", "puzzle="] {
        if let Some(at) = payload.find(key) {
            payload = &payload[at + key.len()..];
            payload = payload.split(['&', '#']).next().unwrap_or("");
        }
    }
    if let Some(at) = payload.rfind("fpuzzles") {
        payload = &payload[at + "fpuzzles".len()..];
    } else if link && payload.starts_with("http") {
        // The puzzle is the last part of the link's path.
        let path = payload.split(['?', '#']).next().unwrap_or("");
        payload = path.rsplit('/').next().unwrap_or("");
    }
    if payload.starts_with("scl") || payload.starts_with("ctc") {
        return Err(bad("this is SudokuPad's own format (scl); sudokit reads the f-puzzles \
             format, which the f-puzzles editor exports"
            .to_string()));
    }
    if link && !payload.starts_with("N4Ig") {
        return Err(bad("a link without the puzzle in it (a short link names a puzzle stored \
             online): export the puzzle from f-puzzles or SudokuPad and give that"
            .to_string()));
    }
    let payload = percent_decoded(payload).map_err(bad)?;
    let payload: String = payload.chars().filter(|c| !c.is_whitespace()).collect();
    if payload.is_empty() {
        return Err(bad("the text is empty".to_string()));
    }
    if payload.len() > MAX_COMPRESSED {
        return Err(bad(format!(
            "the compressed puzzle has {} characters, more than the {MAX_COMPRESSED} read",
            payload.len()
        )));
    }
    if let Some((i, c)) =
        payload.char_indices().find(|&(_, c)| !(c.is_ascii_alphanumeric() || "+/=".contains(c)))
    {
        return Err(bad(format!(
            "expected JSON (starting with '{{') or its compressed base64 form, found {c:?} at \
             character {}",
            i + 1
        )));
    }
    let wide = lz_str::decompress_from_base64(&payload)
        .ok_or_else(|| bad("the compressed puzzle is cut short or damaged".to_string()))?;
    let json = String::from_utf16(&wide)
        .map_err(|_| bad("the compressed puzzle decompresses to invalid text".to_string()))?;
    if !json.trim_start().starts_with('{') {
        return Err(bad("the compressed text does not decompress to a JSON object".to_string()));
    }
    Ok(json)
}

/// `text` with `%XX` escapes replaced by their characters.
fn percent_decoded(text: &str) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = text.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(h, 16).ok());
            let Some(b) = hex else {
                return Err(format!("a '%' not followed by two hex digits at character {}", i + 1));
            };
            out.push(b);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).map_err(|_| "the percent-escapes are not UTF-8 text".to_string())
}

/// The board being read: its side and shape.
struct Board<'a> {
    root: &'a Map<String, Value>,
    n: usize,
}

impl Board<'_> {
    fn read(root: &Map<String, Value>) -> Result<Grid, JsonBoardError> {
        let n = match root.get("size") {
            None => return Err(field("size", "missing: the board's side is needed")),
            Some(v) => {
                v.as_u64().filter(|&n| (4..=MAX_SIZE as u64).contains(&n)).ok_or_else(|| {
                    field(
                        "size",
                        format!("expected a whole number from 4 to {MAX_SIZE}, found {v}"),
                    )
                })? as usize
            }
        };
        let board = Board { root, n };
        board.check_fields()?;
        let (values, regions) = board.grid()?;
        let shape = board.shape(regions.is_some())?;
        let mut rules = Rules::classic(shape);
        if let Some(map) = regions {
            match boxes_of(&map) {
                Some(boxes) => rules = Rules::classic(boxes),
                None => {
                    rules =
                        rules.with_regions(&map).map_err(|e| rules_error("grid (regions)", e))?;
                }
            }
        }
        rules = board.named(rules)?;
        rules = board.houses(rules)?;
        rules = board.cages(rules)?;
        rules = board.thermometers(rules)?;
        rules = board.dots(rules)?;
        rules = board.parity(rules)?;
        Grid::from_values_with(rules, values).map_err(|e| field("grid", e.to_string()))
    }

    /// The board's box shape: the one closest to square, rows the shorter
    /// side (as f-puzzles draws them); a board of prime side needs its
    /// regions.
    fn shape(&self, has_regions: bool) -> Result<Shape, JsonBoardError> {
        match Shape::from_size(self.n) {
            Ok(shape) => Ok(shape),
            Err(_) if has_regions => {
                Shape::new(1, self.n).map_err(|e| field("size", e.to_string()))
            }
            Err(_) => Err(field(
                "size",
                format!("a board of side {} has no box shape: give its regions", self.n),
            )),
        }
    }

    /// Refuses the fields that hold a constraint sudokit does not know.
    fn check_fields(&self) -> Result<(), JsonBoardError> {
        const READ: &[&str] = &[
            "size",
            "grid",
            "diagonal+",
            "diagonal-",
            "antiknight",
            "antiking",
            "nonconsecutive",
            "disjointgroups",
            "negative",
            "extraregion",
            "killercage",
            "thermometer",
            "difference",
            "ratio",
            "odd",
            "even",
        ];
        for (key, value) in self.root {
            if READ.contains(&key.as_str()) || IGNORED.contains(&key.as_str()) {
                continue;
            }
            let holds = match value {
                Value::Array(a) => !a.is_empty(),
                Value::Object(o) => !o.is_empty(),
                Value::Bool(b) => *b,
                Value::Null | Value::Number(_) | Value::String(_) => false,
            };
            if holds {
                let note = if DRAWINGS.contains(&key.as_str()) {
                    " (a drawing, whose meaning only the rules text gives)".to_string()
                } else {
                    String::new()
                };
                return Err(FORMAT.unsupported(key.clone(), note));
            }
        }
        Ok(())
    }

    /// Whether `key` is `true` (absent, `null` and `false` are not).
    fn flag(&self, key: &str) -> Result<bool, JsonBoardError> {
        match self.root.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(v) => Err(field(key, format!("expected true or false, found {v}"))),
        }
    }

    /// The entries of the list `key` (none when absent or `null`).
    fn list(&self, key: &str) -> Result<&[Value], JsonBoardError> {
        match self.root.get(key) {
            None | Some(Value::Null) => Ok(&[]),
            Some(Value::Array(a)) => Ok(a),
            Some(v) => Err(field(key, format!("expected a list, found {v}"))),
        }
    }

    /// The cell index a name like `R1C2` gives, at `at`.
    fn cell(&self, value: &Value, at: &str) -> Result<u16, JsonBoardError> {
        let n = self.n;
        let text = value.as_str().ok_or_else(|| {
            field(at, format!("expected a cell name like \"R1C2\", found {value}"))
        })?;
        let upper = text.trim().to_ascii_uppercase();
        let parsed = upper.strip_prefix('R').and_then(|rest| {
            let (r, c) = rest.split_once('C')?;
            Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?))
        });
        match parsed {
            None => Err(field(at, format!("{text:?} is not a cell name like \"R1C2\""))),
            Some((r, c)) if !(1..=n).contains(&r) || !(1..=n).contains(&c) => Err(field(
                at,
                format!("{text:?} is outside the {n}x{n} board (rows and columns 1 to {n})"),
            )),
            Some((r, c)) => Ok(((r - 1) * n + c - 1) as u16),
        }
    }

    /// The cells of the list at `entry[key]`, named `at` in errors.
    fn cells(&self, entry: &Value, key: &str, at: &str) -> Result<Vec<u16>, JsonBoardError> {
        let list = entry
            .get(key)
            .and_then(Value::as_array)
            .ok_or_else(|| field(at, format!("expected a list of cells in \"{key}\"")))?;
        list.iter().enumerate().map(|(i, v)| self.cell(v, &format!("{at}.{key}[{i}]"))).collect()
    }

    /// The givens and, when any cell names a region other than its box,
    /// the region of every cell.
    fn grid(&self) -> Result<(Vec<u8>, Option<Vec<u8>>), JsonBoardError> {
        let n = self.n;
        let rows = match self.root.get("grid") {
            Some(Value::Array(rows)) if rows.len() == n => rows,
            Some(Value::Array(rows)) => {
                return Err(field("grid", format!("{} rows, expected {n}", rows.len())));
            }
            _ => return Err(field("grid", "missing: expected a list of rows of cells")),
        };
        let boxes = Shape::from_size(n).ok();
        let mut values = vec![0u8; n * n];
        let mut regions = vec![0u8; n * n];
        let mut irregular = false;
        for (r, row) in rows.iter().enumerate() {
            let cells = match row.as_array() {
                Some(cells) if cells.len() == n => cells,
                _ => {
                    return Err(field(
                        format!("grid[{r}]"),
                        format!("expected a list of {n} cells"),
                    ));
                }
            };
            for (c, cell) in cells.iter().enumerate() {
                let at = format!("grid[{r}][{c}]");
                let i = r * n + c;
                let Some(cell) = cell.as_object() else {
                    return Err(field(at, format!("expected a cell object, found {cell}")));
                };
                let given = match cell.get("given") {
                    None | Some(Value::Null) => false,
                    Some(Value::Bool(b)) => *b,
                    Some(v) => {
                        return Err(field(
                            at + ".given",
                            format!("expected true or false, found {v}"),
                        ));
                    }
                };
                match cell.get("value") {
                    None | Some(Value::Null) => {}
                    Some(v) => {
                        let d = v.as_u64().filter(|&d| (1..=n as u64).contains(&d)).ok_or_else(
                            || {
                                field(
                                    format!("{at}.value"),
                                    format!("expected a digit from 1 to {n}, found {v}"),
                                )
                            },
                        )?;
                        if given {
                            values[i] = d as u8;
                        }
                    }
                }
                let default = boxes.map(|s| s.box_of(Cell::from_index(i)));
                regions[i] = match (cell.get("region"), default) {
                    (None, Some(b)) => b as u8,
                    (None, None) => {
                        return Err(field(
                            format!("{at}.region"),
                            format!(
                                "missing: a board of side {n} has no boxes, so every cell needs its region"
                            ),
                        ));
                    }
                    (Some(v), _) => {
                        let k = v.as_u64().filter(|&k| k < n as u64).ok_or_else(|| {
                            field(format!("{at}.region"), format!("expected a region number from 0 to {}, found {v} (every cell must be in a region)", n - 1))
                        })? as u8;
                        irregular |= default != Some(usize::from(k));
                        k
                    }
                };
            }
        }
        Ok((values, irregular.then_some(regions)))
    }

    /// The diagonals, anti-knight, anti-king and the neighbour rules.
    fn named(&self, mut rules: Rules) -> Result<Rules, JsonBoardError> {
        let n = self.n;
        let (down, up) = (self.flag("diagonal-")?, self.flag("diagonal+")?);
        if down && up {
            rules = rules.with_diagonals();
        } else if down || up {
            let (key, cells): (&str, Vec<u16>) = if down {
                ("diagonal-", (0..n).map(|i| (i * n + i) as u16).collect())
            } else {
                ("diagonal+", (0..n).map(|i| ((n - 1 - i) * n + i) as u16).collect())
            };
            rules = rules.with_house(&cells).map_err(|e| rules_error(key, e))?;
        }
        if self.flag("antiknight")? {
            rules = rules.with_anti_knight();
        }
        if self.flag("antiking")? {
            rules = rules.with_anti_king();
        }
        let dots = !self.list("difference")?.is_empty() || !self.list("ratio")?.is_empty();
        let mut negative = Vec::new();
        for (i, v) in self.list("negative")?.iter().enumerate() {
            match v.as_str() {
                Some(name @ ("difference" | "ratio")) => negative.push(name),
                Some(name) => {
                    return Err(
                        FORMAT.unsupported(format!("negative[{i}] ({name:?})"), String::new())
                    );
                }
                None => {
                    return Err(field(
                        format!("negative[{i}]"),
                        format!("expected a constraint name, found {v}"),
                    ));
                }
            }
        }
        let (neg_difference, neg_ratio) =
            (negative.contains(&"difference"), negative.contains(&"ratio"));
        let nonconsecutive = self.flag("nonconsecutive")?;
        if nonconsecutive && dots {
            return Err(FORMAT.unsupported(
                "nonconsecutive".to_string(),
                " together with kropki dots (sudokit's non-consecutive rule exempts no \
                       pair)"
                    .to_string(),
            ));
        }
        if neg_difference && neg_ratio {
            rules = rules.with_all_dots();
        } else if neg_difference && !dots {
            rules = rules.with_non_consecutive();
        } else if neg_difference || neg_ratio {
            let which = if neg_ratio { "ratio" } else { "difference" };
            return Err(FORMAT.unsupported(
                format!("negative ({which:?} alone)"),
                " (sudokit knows every dot given, both colours, or non-consecutive \
                       without dots)"
                    .to_string(),
            ));
        }
        if nonconsecutive && !rules.has_non_consecutive() {
            rules = rules.with_non_consecutive();
        }
        Ok(rules)
    }

    /// Disjoint groups and extra regions.
    fn houses(&self, mut rules: Rules) -> Result<Rules, JsonBoardError> {
        let n = self.n;
        if self.flag("disjointgroups")? {
            if !rules.has_boxes() {
                return Err(FORMAT.unsupported(
                    "disjointgroups".to_string(),
                    " on a board with irregular regions".to_string(),
                ));
            }
            let shape = rules.shape();
            let mut by_box: Vec<Vec<u16>> = vec![Vec::new(); n];
            for i in 0..n * n {
                by_box[shape.box_of(Cell::from_index(i))].push(i as u16);
            }
            for place in 0..n {
                let house: Vec<u16> = by_box.iter().map(|b| b[place]).collect();
                rules = rules.with_house(&house).map_err(|e| rules_error("disjointgroups", e))?;
            }
        }
        let mut extra = Vec::new();
        for (i, entry) in self.list("extraregion")?.iter().enumerate() {
            let at = format!("extraregion[{i}]");
            extra.push((at.clone(), self.cells(entry, "cells", &at)?));
        }
        // Every window of the board among the extra regions is windoku.
        let windows = window_cells(&rules);
        let sorted = |cells: &[u16]| {
            let mut s = cells.to_vec();
            s.sort_unstable();
            s
        };
        let windoku = !windows.is_empty()
            && windows.iter().all(|w| extra.iter().any(|(_, cells)| sorted(cells) == *w));
        if windoku {
            extra.retain(|(_, cells)| !windows.contains(&sorted(cells)));
            rules = rules.with_windows().map_err(|e| rules_error("extraregion", e))?;
        }
        for (at, cells) in extra {
            rules = if cells.len() == n {
                rules.with_house(&cells)
            } else {
                rules.with_distinct(&cells)
            }
            .map_err(|e| rules_error(&at, e))?;
        }
        Ok(rules)
    }

    fn cages(&self, mut rules: Rules) -> Result<Rules, JsonBoardError> {
        for (i, entry) in self.list("killercage")?.iter().enumerate() {
            let at = format!("killercage[{i}]");
            let cells = self.cells(entry, "cells", &at)?;
            let sum = match entry.get("value") {
                None | Some(Value::Null) => None,
                Some(Value::String(s)) if s.trim().is_empty() => None,
                Some(v) => Some(number(v).ok_or_else(|| {
                    field(format!("{at}.value"), format!("expected the cage's sum, found {v}"))
                })?),
            };
            rules = match sum {
                Some(sum) => rules.with_cage(&cells, sum),
                None if cells.len() < 2 => Ok(rules),
                None => rules.with_distinct(&cells),
            }
            .map_err(|e| rules_error(&at, e))?;
        }
        Ok(rules)
    }

    fn thermometers(&self, mut rules: Rules) -> Result<Rules, JsonBoardError> {
        for (i, entry) in self.list("thermometer")?.iter().enumerate() {
            let at = format!("thermometer[{i}]");
            let lines = entry
                .get("lines")
                .and_then(Value::as_array)
                .ok_or_else(|| field(&at, "expected a list of lines in \"lines\""))?;
            for (j, line) in lines.iter().enumerate() {
                let at = format!("{at}.lines[{j}]");
                let list = line.as_array().ok_or_else(|| field(&at, "expected a list of cells"))?;
                let cells: Vec<u16> = list
                    .iter()
                    .enumerate()
                    .map(|(k, v)| self.cell(v, &format!("{at}[{k}]")))
                    .collect::<Result<_, _>>()?;
                rules = rules.with_thermo(&cells).map_err(|e| rules_error(&at, e))?;
            }
        }
        Ok(rules)
    }

    fn dots(&self, mut rules: Rules) -> Result<Rules, JsonBoardError> {
        for (key, kind, value) in [("difference", DotKind::White, 1), ("ratio", DotKind::Black, 2)]
        {
            for (i, entry) in self.list(key)?.iter().enumerate() {
                let at = format!("{key}[{i}]");
                match entry.get("value") {
                    None | Some(Value::Null) => {}
                    Some(Value::String(s)) if s.trim().is_empty() => {}
                    Some(v) if number(v) == Some(value) => {}
                    Some(v) => {
                        return Err(FORMAT.unsupported(
                            format!("{at}.value"),
                            format!(" ({key} {v}: sudokit's kropki dots are {key} {value} only)"),
                        ));
                    }
                }
                let cells = self.cells(entry, "cells", &at)?;
                let [a, b] = cells[..] else {
                    return Err(field(at, format!("a dot joins 2 cells, found {}", cells.len())));
                };
                rules = rules.with_dot(a, b, kind).map_err(|e| rules_error(&at, e))?;
            }
        }
        Ok(rules)
    }

    fn parity(&self, mut rules: Rules) -> Result<Rules, JsonBoardError> {
        for (key, kind) in [("odd", ParityKind::Odd), ("even", ParityKind::Even)] {
            let cells: Vec<u16> = self
                .list(key)?
                .iter()
                .enumerate()
                .map(|(i, entry)| {
                    let at = format!("{key}[{i}].cell");
                    let v = entry.get("cell").ok_or_else(|| field(&at, "missing"))?;
                    self.cell(v, &at)
                })
                .collect::<Result<_, _>>()?;
            if !cells.is_empty() {
                rules = rules.with_parity(&cells, kind).map_err(|e| rules_error(key, e))?;
            }
        }
        Ok(rules)
    }
}

/// The cells of each window (windoku) that fits `rules`' board, each in
/// increasing order; none when no window fits.
pub(super) fn window_cells(rules: &Rules) -> Vec<Vec<u16>> {
    let Ok(windoku) = Rules::classic(rules.shape()).with_windows() else {
        return Vec::new();
    };
    let layout = windoku.layout();
    (0..layout.house_count())
        .filter(|&h| layout.name(h).kind == HouseKind::Window)
        .map(|h| {
            let mut cells = layout.house(h).to_vec();
            cells.sort_unstable();
            cells
        })
        .collect()
}

fn rules_error(at: &str, error: RulesError) -> JsonBoardError {
    FORMAT.rules(at, error)
}

/// A whole number written as a number or a string (f-puzzles writes cage
/// sums as strings).
fn number(v: &Value) -> Option<u32> {
    match v {
        Value::Number(n) => n.as_u64().and_then(|n| u32::try_from(n).ok()),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// The box shape whose boxes are the regions of `map` (labels in reading
/// order, any numbering), when there is one: f-puzzles has no box shape
/// field, so boxes other than the side's default (`3x2` on a 6x6 board,
/// `4x3` on 12x12) travel as regions.
fn boxes_of(map: &[u8]) -> Option<Shape> {
    let n = map.len().isqrt();
    Shape::all().filter(|s| s.size() == n).find(|&s| {
        // One label per box and one box per label: the same partition.
        let mut label_of_box = vec![None; n];
        let mut box_of_label = std::collections::HashMap::new();
        map.iter().enumerate().all(|(i, &label)| {
            let b = s.box_of(Cell::from_index(i));
            *label_of_box[b].get_or_insert(label) == label
                && *box_of_label.entry(label).or_insert(b) == b
        })
    })
}

/// The f-puzzles JSON of `grid`: its givens and its rules, which
/// [`parse_fpuzzles`] reads back to the same grid.
///
/// # Errors
/// When the rules hold what f-puzzles cannot say: a board above 16x16
/// (the editor's largest), or the negative white-dot rule beside dots.
/// Windows (windoku) are written as extra regions, which
/// [`parse_fpuzzles`] reads back as windows.
pub fn to_fpuzzles(grid: &Grid) -> Result<String, JsonBoardError> {
    board_json(grid).map(|root| Value::Object(root).to_string())
}

/// The f-puzzles JSON of `puzzle` with its `solution` (the `solution`
/// field: every digit in reading order), which f-puzzles and SudokuPad
/// check a player's grid against. [`parse_fpuzzles`] reads the puzzle back
/// and passes over the solution.
///
/// # Errors
/// As [`to_fpuzzles`], and when `solution` is not a solution of `puzzle`
/// (checked by its rules, not by solving): not a full grid of its board,
/// a given changed, or a rule broken; the message names the first cell at
/// fault.
pub fn to_fpuzzles_solved(puzzle: &Grid, solution: &Grid) -> Result<String, JsonBoardError> {
    let mut root = board_json(puzzle)?;
    if let Some(reason) = solution_problem(puzzle, solution) {
        return Err(field("solution", reason));
    }
    root.insert("solution".into(), json!(solution.values()));
    Ok(Value::Object(root).to_string())
}

/// The JSON object of `grid` and its rules ([`to_fpuzzles`]).
fn board_json(grid: &Grid) -> Result<Map<String, Value>, JsonBoardError> {
    let rules = grid.rules();
    let n = rules.shape().size();
    let refuse =
        |what: &str| FORMAT.error(JsonBoardErrorKind::Unwritable { what: what.to_string() });
    if n > 16 {
        return Err(refuse(&format!("a {n}x{n} board (its boards go up to 16x16)")));
    }
    let name = |i: u16| format!("R{}C{}", i as usize / n + 1, i as usize % n + 1);
    let names = |cells: &[u16]| cells.iter().map(|&c| name(c)).collect::<Vec<_>>();
    // Boxes other than the reader's default shape are written as regions.
    let shape = rules.shape();
    let box_map: Option<Vec<u8>> = (rules.has_boxes() && !shape.has_default_boxes())
        .then(|| (0..n * n).map(|i| shape.box_of(Cell::from_index(i)) as u8).collect());
    let regions = rules.regions().or(box_map.as_deref());
    let values = grid.values();
    let rows: Vec<Value> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| {
                    let i = r * n + c;
                    let mut cell = Map::new();
                    if values[i] != 0 {
                        cell.insert("value".into(), json!(values[i]));
                        cell.insert("given".into(), json!(true));
                    }
                    if let Some(map) = regions {
                        cell.insert("region".into(), json!(map[i]));
                    }
                    Value::Object(cell)
                })
                .collect()
        })
        .collect();
    let mut root = Map::new();
    root.insert("size".into(), json!(n));
    root.insert("grid".into(), Value::Array(rows));
    let mut flags: BTreeMap<&str, bool> = BTreeMap::new();
    if rules.has_diagonals() {
        flags.insert("diagonal+", true);
        flags.insert("diagonal-", true);
    }
    flags.insert("antiknight", rules.has_anti_knight());
    flags.insert("antiking", rules.has_anti_king());
    let has_dots = rules.constraints().iter().any(|c| matches!(c, Constraint::Dot(_)));
    if rules.has_non_consecutive() {
        if has_dots {
            return Err(refuse(
                "non-consecutive beside kropki dots (its negative white-dot rule exempts \
                 dotted pairs, sudokit's non-consecutive rule does not)",
            ));
        }
        flags.insert("nonconsecutive", true);
    }
    for (k, v) in flags.into_iter().filter(|&(_, v)| v) {
        root.insert(k.into(), json!(v));
    }
    if rules.has_all_dots() {
        root.insert("negative".into(), json!(["ratio", "difference"]));
    }
    let mut extra: Vec<Value> = Vec::new();
    if rules.has_windows() {
        extra.extend(window_cells(rules).iter().map(|w| json!({ "cells": names(w) })));
    }
    for house in rules.extra_houses().iter().chain(rules.distinct_groups()) {
        extra.push(json!({ "cells": names(house) }));
    }
    let mut lists: BTreeMap<&str, Vec<Value>> = BTreeMap::new();
    for c in rules.constraints() {
        let (key, entry) = match c {
            Constraint::Cage(cage) => (
                "killercage",
                json!({ "cells": names(cage.cells()), "value": cage.sum().to_string() }),
            ),
            Constraint::Thermo(t) => ("thermometer", json!({ "lines": [names(t.cells())] })),
            Constraint::Dot(d) => {
                let key = if d.kind() == DotKind::White { "difference" } else { "ratio" };
                (key, json!({ "cells": names(d.cells()) }))
            }
            Constraint::Parity(p) => {
                let key = if p.kind() == ParityKind::Odd { "odd" } else { "even" };
                let list = lists.entry(key).or_default();
                list.extend(p.cells().iter().map(|&c| json!({ "cell": name(c) })));
                continue;
            }
        };
        lists.entry(key).or_default().push(entry);
    }
    if !extra.is_empty() {
        lists.insert("extraregion", extra);
    }
    for (k, v) in lists {
        root.insert(k.into(), Value::Array(v));
    }
    Ok(root)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An empty 4x4 board's JSON with `extra` fields after the grid.
    fn board4(extra: &str) -> String {
        let row = "[{},{},{},{}]";
        format!("{{\"size\":4,\"grid\":[{row},{row},{row},{row}]{extra}}}")
    }

    fn err(text: &str) -> String {
        parse_fpuzzles(text).unwrap_err().to_string()
    }

    #[test]
    fn links_and_compressed_text_decode_to_the_same_board() {
        let json = board4(",\"antiking\":true");
        let packed = lz_str::compress_to_base64(json.as_str());
        let plain = parse_fpuzzles(&json).unwrap();
        assert!(plain.rules().has_anti_king());
        for text in [
            packed.clone(),
            format!("https://www.f-puzzles.com/?load={packed}"),
            format!("https://sudokupad.app/fpuzzles{packed}"),
            format!("https://sudokupad.app/?puzzle=fpuzzles{}", packed.replace('+', "%2B")),
        ] {
            assert_eq!(parse_fpuzzles(&text).unwrap(), plain, "{text}");
            assert!(looks_like_fpuzzles(&text) || !text.starts_with("http"), "{text}");
        }
        assert!(looks_like_fpuzzles(&json));
        assert!(!looks_like_fpuzzles("1234............"));
    }

    #[test]
    fn damaged_or_foreign_text_is_refused_with_the_reason() {
        assert!(err("N4Ig!!").contains("found '!'"), "{}", err("N4Ig!!"));
        assert!(err("https://sudokupad.app/scl123").starts_with("not a SudokuPad board"));
        assert!(err("{\"size\":4,").contains("JSON, line 1"));
        assert!(err("[1,2]").contains("top level"));
        let long = "A".repeat(MAX_COMPRESSED + 1);
        assert!(err(&long).contains("more than"), "{}", err(&long));
        // Garbage that is base64 but not a compressed object.
        assert!(err("QUJDREVGRw==").starts_with("not an f-puzzles board"));
    }

    #[test]
    fn every_field_at_fault_is_named() {
        assert!(err("{\"grid\":[]}").contains("size: missing"));
        assert!(err("{\"size\":4,\"grid\":[]}").contains("grid: 0 rows, expected 4"));
        let cage = board4(",\"killercage\":[{\"cells\":[\"R1C1\",\"R5C1\"],\"value\":\"3\"}]");
        let text = err(&cage);
        assert!(text.contains("killercage[0].cells[1]") && text.contains("\"R5C1\""), "{text}");
        let sum = board4(",\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"9\"}]");
        let text = err(&sum);
        assert!(text.contains("killercage[0]") && text.contains("cannot be made"), "{text}");
        let arrow = board4(",\"arrow\":[{\"cells\":[\"R1C1\"],\"lines\":[]}]");
        let text = err(&arrow);
        assert!(text.contains("arrow") && text.contains("does not support"), "{text}");
        let drawing = board4(",\"text\":[{\"cells\":[\"R1C1\"],\"value\":\"x\"}]");
        assert!(err(&drawing).contains("a drawing"));
        let dot = board4(",\"difference\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"}]");
        assert!(err(&dot).contains("difference[0].value"), "{}", err(&dot));
        let far = board4(",\"ratio\":[{\"cells\":[\"R1C1\",\"R1C3\"]}]");
        assert!(err(&far).contains("ratio[0]"), "{}", err(&far));
        let anti_xv = board4(",\"negative\":[\"xv\"]");
        assert!(err(&anti_xv).contains("negative[0] (\"xv\")"), "{}", err(&anti_xv));
        // Empty lists and metadata say nothing and are read past.
        let quiet = board4(",\"arrow\":[],\"title\":\"t\",\"solution\":[1,2],\"xv\":false");
        assert!(parse_fpuzzles(&quiet).unwrap().rules().is_classic());
    }

    #[test]
    fn one_diagonal_is_a_house_and_both_are_x() {
        let up = parse_fpuzzles(&board4(",\"diagonal+\":true")).unwrap();
        assert_eq!(up.rules().extra_houses(), [vec![12, 9, 6, 3]]);
        let both = parse_fpuzzles(&board4(",\"diagonal+\":true,\"diagonal-\":true")).unwrap();
        assert!(both.rules().has_diagonals());
    }

    #[test]
    fn written_boards_read_back_the_same() {
        let rules: Rules =
            "4+x+anti-king+cage:7=0.1+thermo:4.8.12+white:2.3+black:6.7+odd:9.11".parse().unwrap();
        let grid = Grid::from_values_with(rules, vec![0; 16]).unwrap();
        let json = to_fpuzzles(&grid).unwrap();
        assert_eq!(parse_fpuzzles(&json).unwrap(), grid, "{json}");
        let jigsaw: Rules = "4+jigsaw=0001021122312333".parse().unwrap();
        let grid = Grid::from_values_with(jigsaw, vec![0; 16]).unwrap();
        assert_eq!(parse_fpuzzles(&to_fpuzzles(&grid).unwrap()).unwrap(), grid);
    }

    #[test]
    fn boxes_of_either_orientation_read_back_as_the_same_boxes() {
        for (rows, cols) in [(2, 3), (3, 2), (3, 4), (4, 3), (1, 5), (5, 1), (4, 2), (2, 4)] {
            let shape = Shape::new(rows, cols).unwrap();
            let n = shape.size();
            let rules = Rules::classic(shape).with_anti_king();
            let mut values = vec![0u8; n * n];
            values[1] = 2;
            let grid = Grid::from_values_with(rules, values).unwrap();
            let json = to_fpuzzles(&grid).unwrap();
            let back = parse_fpuzzles(&json).unwrap();
            assert_eq!(back, grid, "{rows}x{cols}: {json}");
            assert_eq!(back.shape(), shape);
            // Independent of the reader: the cells written in one region
            // are exactly the cells of one box (rows x cols, counted by hand).
            let root: Value = serde_json::from_str(&json).unwrap();
            let region = |i: usize| {
                let cell = &root["grid"][i / n][i % n];
                cell.get("region").map(|v| v.as_u64().unwrap())
            };
            let same_box =
                |i: usize, j: usize| (i / n / rows, i % n / cols) == (j / n / rows, j % n / cols);
            let regions: Vec<Option<u64>> = (0..n * n).map(region).collect();
            if regions.iter().all(Option::is_none) {
                assert_eq!(Shape::from_size(n).ok(), Some(shape), "{rows}x{cols}: no regions");
                continue;
            }
            for i in 0..n * n {
                for j in 0..n * n {
                    assert_eq!(regions[i] == regions[j], same_box(i, j), "{rows}x{cols} {i} {j}");
                }
            }
        }
        // A jigsaw whose regions are the other orientation's boxes reads as
        // those boxes.
        let map: Vec<u8> = (0..36).map(|i| (i / 6 / 3 * 3 + i % 6 / 2) as u8).collect();
        assert_eq!(boxes_of(&map), Some(Shape::new(3, 2).unwrap()));
        let mut jigsaw = map.clone();
        jigsaw.swap(0, 35);
        assert_eq!(boxes_of(&jigsaw), None);
    }
}
