//! SudokuPad's own board (its `scl` format), read into [`Rules`] and
//! givens where its data says the rules without the rules text (feature
//! `serde`).
//!
//! - [`parse_sudokupad`]: a [`Grid`] from `scl...` text or a SudokuPad link
//!   holding it (`https://sudokupad.app/scl...`, `.../ctc...`).
//! - [`looks_like_sudokupad`]: a cheap test on the first bytes.
//! - [`JsonBoardError`]: what is wrong, naming the field at fault
//!   (`cages[2].cells[1]`, indices from 0).
//!
//! # The format
//! After the `scl` (or `ctc`) prefix comes LZString base64, as in
//! f-puzzles links. It decompresses to a *zipped* JSON text: keys without
//! quotes, strings in single quotes (`\'` for a quote inside), `t` and `f`
//! for true and false, `#0`, `#F` and six bare hex digits for colours
//! after a `:`, an empty slot in a list or object for `{}`, and short
//! keys (`ce` cells, `re` regions, `ca` cages, `v` value, ...). The reader
//! here parses that text directly ([`loose`]) and widens the short keys.
//!
//! # What is read
//! `cells` (rows of cells; a cell's `value` is a given; pencil marks are
//! passed over), `regions` (lists of `[row, col]` cells from 0; the boxes
//! when they are the box shape's), `cages` with a `value` (killer cages:
//! the digits add up to it and differ). `id`, `cellSize` and the texts
//! (title, author, rules, solution, source...) are passed over. The
//! `metaData` flags, cages without a sum, and the drawings of diagonals,
//! thermometers, kropki dots and even/odd marks are read by
//! `sudokupad_marks`, whose docs list the conventions.
//!
//! Refused by name, never guessed: a board without `regions` (no boxes),
//! cages marked hidden or not unique, a flag sudokit does not know, and
//! the drawings (`arrows`, `lines`, `overlays`, `underlays`, ...) that
//! are none of the above, whose meaning only the rules text gives.

use serde_json::{Map, Value};

use super::fpuzzles::MAX_COMPRESSED;
use super::json_board::{JsonBoard, JsonBoardError};
use super::sudokupad_marks::Marks;
use crate::grid::Grid;
use crate::rules::Rules;
use crate::shape::{MAX_SIZE, Shape};

/// The format of the boards read here, as errors name it.
pub(super) const FORMAT: JsonBoard = JsonBoard::Sudokupad;

/// Whether `text` looks like a SudokuPad board: `scl` or `ctc` text, or a
/// SudokuPad link holding it.
pub fn looks_like_sudokupad(text: &str) -> bool {
    payload(text).is_some()
}

/// The compressed part of `text` after its `scl` or `ctc` prefix, up to
/// a link's settings (`?...`); `None` when `text` is not of that kind. In
/// a link the puzzle is the path after the host (after `sudoku/`, or a
/// `?puzzleid=`); base64 holds `/`, so the path is not split further.
fn payload(text: &str) -> Option<&str> {
    let t = text.trim_start_matches('\u{feff}').trim();
    let mut id = t;
    if let Some(at) = t.find("://") {
        let rest = &t[at + 3..];
        id = &rest[rest.find('/')? + 1..];
        id = id.strip_prefix("sudoku/").unwrap_or(id);
        for key in ["?puzzleid=", "?puzzle="] {
            id = id.strip_prefix(key).unwrap_or(id);
        }
    }
    let packed = id.strip_prefix("scl").or_else(|| id.strip_prefix("ctc"))?;
    packed.split(['?', '#', '&']).next()
}

/// The grid of the SudokuPad board in `text` (`scl...`, `ctc...`, a link
/// holding it, or the board's JSON as [`to_sudokupad_json`] writes it):
/// its givens under the rules its data and drawings make.
///
/// [`to_sudokupad_json`]: super::to_sudokupad_json
///
/// # Errors
/// When the text does not decode, a field is not of the format, the board
/// holds something sudokit does not read (see the module docs), or the
/// constraints do not fit the board ([`JsonBoardError`] names the field).
pub fn parse_sudokupad(text: &str) -> Result<Grid, JsonBoardError> {
    let plain = text.trim_start_matches('\u{feff}').trim();
    let zipped = if plain.starts_with('{') { plain.to_string() } else { unpacked(text)? };
    let value = loose::parse(&zipped).map_err(|reason| FORMAT.decode(reason))?;
    let Value::Object(root) = widened(value) else {
        return Err(FORMAT.decode("the board is not an object"));
    };
    Board::read(&root)
}

/// The zipped text of the board in `text` (`scl...`, `ctc...` or a link).
fn unpacked(text: &str) -> Result<String, JsonBoardError> {
    let bad = |reason: &str| FORMAT.decode(reason);
    let packed = payload(text).ok_or_else(|| bad("expected text starting with scl or ctc"))?;
    let packed = percent_decoded(packed).ok_or_else(|| bad("a bad %-escape in the link"))?;
    // Links may carry '+' as a space.
    let packed: String =
        packed.chars().filter(|c| !c.is_whitespace() || *c == ' ').map(plus).collect();
    if packed.len() > MAX_COMPRESSED {
        return Err(bad(&format!(
            "the compressed board has {} characters, more than the {MAX_COMPRESSED} read",
            packed.len()
        )));
    }
    if let Some(c) = packed.chars().find(|c| !(c.is_ascii_alphanumeric() || "+/=".contains(*c))) {
        return Err(bad(&format!("{c:?} in the compressed board (expected base64)")));
    }
    let wide = lz_str::decompress_from_base64(&packed)
        .ok_or_else(|| bad("the compressed board is cut short or damaged"))?;
    String::from_utf16(&wide).map_err(|_| bad("the compressed board decompresses to invalid text"))
}

fn plus(c: char) -> char {
    if c == ' ' { '+' } else { c }
}

/// `text` with `%XX` escapes replaced; `None` for a bad escape.
fn percent_decoded(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(text.get(i + 1..i + 3)?, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The long key of each short key of the zipped text.
pub(super) const SHORT_KEYS: &[(&str, &str)] = &[
    ("c", "color"),
    ("ca", "cages"),
    ("ct", "center"),
    ("c1", "borderColor"),
    ("c2", "backgroundColor"),
    ("ce", "cells"),
    ("cs", "cellSize"),
    ("a", "arrows"),
    ("o", "overlays"),
    ("u", "underlays"),
    ("w", "width"),
    ("h", "height"),
    ("v", "value"),
    ("vd", "videos"),
    ("l", "lines"),
    ("r", "rounded"),
    ("re", "regions"),
    ("fs", "fontSize"),
    ("th", "thickness"),
    ("hl", "headLength"),
    ("wp", "wayPoints"),
    ("t", "title"),
    ("te", "text"),
    ("d", "duration"),
    ("d2", "d"),
];

/// `value` with every short key widened.
fn widened(value: Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.into_iter().map(widened).collect()),
        Value::Object(map) => Value::Object(
            map.into_iter()
                .map(|(k, v)| {
                    let long = SHORT_KEYS.iter().find(|(s, _)| *s == k).map(|(_, l)| *l);
                    (long.map_or(k, str::to_string), widened(v))
                })
                .collect(),
        ),
        other => other,
    }
}

pub(super) fn field(name: impl Into<String>, reason: impl Into<String>) -> JsonBoardError {
    FORMAT.field(name, reason)
}

pub(super) fn unsupported(name: impl Into<String>, note: impl Into<String>) -> JsonBoardError {
    FORMAT.unsupported(name, format!(" ({})", note.into()))
}

/// Whether a JSON value holds anything: not `null`, `false`, an empty
/// list, object or string.
pub(super) fn holds(v: &Value) -> bool {
    match v {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Array(a) => !a.is_empty(),
        Value::Object(o) => !o.is_empty(),
        Value::String(s) => !s.is_empty(),
        Value::Number(_) => true,
    }
}

/// A whole number written as a number or a string.
fn number(v: &Value) -> Option<u32> {
    match v {
        Value::Number(n) => n.as_u64().and_then(|n| u32::try_from(n).ok()),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// The board being read: its side.
pub(super) struct Board<'a> {
    pub(super) root: &'a Map<String, Value>,
    pub(super) n: usize,
}

impl Board<'_> {
    fn read(root: &Map<String, Value>) -> Result<Grid, JsonBoardError> {
        for (key, value) in root {
            match key.as_str() {
                "cells" | "regions" | "cages" | "id" | "cellSize" | "title" | "author"
                | "rules" => {}
                // Read by `sudokupad_marks`.
                "metadata" | "metaData" | "lines" | "underlays" | "overlays" => {}
                _ if !holds(value) => {}
                _ => {
                    return Err(unsupported(
                        key.clone(),
                        "a drawing or setting whose meaning only the rules text gives",
                    ));
                }
            }
        }
        let rows = match root.get("cells") {
            Some(Value::Array(rows)) => rows,
            _ => return Err(field("cells", "missing: expected the rows of cells")),
        };
        let n = rows.len();
        if !(4..=MAX_SIZE).contains(&n) {
            return Err(field("cells", format!("{n} rows, expected 4 to {MAX_SIZE}")));
        }
        let board = Board { root, n };
        let values = board.givens(rows)?;
        let mut rules = board.regions()?;
        let marks = Marks::read(&board)?;
        rules = marks.named(rules)?;
        rules = board.cages(rules)?;
        rules = marks.constraints(rules)?;
        Grid::from_values_with(rules, values).map_err(|e| field("cells", e.to_string()))
    }

    /// The given digits, row by row.
    fn givens(&self, rows: &[Value]) -> Result<Vec<u8>, JsonBoardError> {
        let n = self.n;
        let mut values = vec![0u8; n * n];
        for (r, row) in rows.iter().enumerate() {
            let cells = match row.as_array() {
                Some(cells) if cells.len() == n => cells,
                _ => return Err(field(format!("cells[{r}]"), format!("expected {n} cells"))),
            };
            for (c, cell) in cells.iter().enumerate() {
                let at = format!("cells[{r}][{c}]");
                let cell = match cell {
                    Value::Null => continue,
                    Value::Object(cell) => cell,
                    other => return Err(field(at, format!("expected a cell, found {other}"))),
                };
                for (key, v) in cell {
                    match key.as_str() {
                        "value" => {
                            let d = number(v).filter(|d| (1..=n as u32).contains(d)).ok_or_else(
                                || {
                                    field(
                                        format!("{at}.value"),
                                        format!("expected 1 to {n}, found {v}"),
                                    )
                                },
                            )?;
                            values[r * n + c] = d as u8;
                        }
                        "pencilMarks" | "centremarks" | "cornermarks" | "candidates" => {}
                        _ if !holds(v) => {}
                        _ => {
                            return Err(unsupported(
                                format!("{at}.{key}"),
                                "a cell marking whose meaning only the rules text gives",
                            ));
                        }
                    }
                }
            }
        }
        Ok(values)
    }

    /// The cell `[row, col]` (from 0) at `at`.
    pub(super) fn cell(&self, v: &Value, at: &str) -> Result<u16, JsonBoardError> {
        let n = self.n;
        let pair = v.as_array().and_then(|p| match p[..] {
            [ref r, ref c] => Some((r.as_u64()?, c.as_u64()?)),
            _ => None,
        });
        match pair {
            Some((r, c)) if (r as usize) < n && (c as usize) < n => {
                Ok((r as usize * n + c as usize) as u16)
            }
            Some(_) => Err(field(at, format!("{v} is outside the {n}x{n} board"))),
            None => Err(field(at, format!("expected a cell [row, col], found {v}"))),
        }
    }

    pub(super) fn cells(&self, list: Option<&Value>, at: &str) -> Result<Vec<u16>, JsonBoardError> {
        let list = list
            .and_then(Value::as_array)
            .ok_or_else(|| field(at, "expected a list of cells [row, col]"))?;
        list.iter().enumerate().map(|(i, v)| self.cell(v, &format!("{at}[{i}]"))).collect()
    }

    /// Classic rules of the board's box shape, with its regions when they
    /// are not the boxes.
    fn regions(&self) -> Result<Rules, JsonBoardError> {
        let n = self.n;
        let list = match self.root.get("regions") {
            Some(Value::Array(list)) if !list.is_empty() => list,
            _ => {
                return Err(unsupported(
                    "regions",
                    "a board without regions has no boxes, which sudokit does not play",
                ));
            }
        };
        let mut map = vec![u8::MAX; n * n];
        for (k, region) in list.iter().enumerate() {
            let at = format!("regions[{k}]");
            for (i, cell) in self.cells(Some(region), &at)?.into_iter().enumerate() {
                if map[cell as usize] != u8::MAX {
                    return Err(field(format!("{at}[{i}]"), "a cell of an earlier region"));
                }
                map[cell as usize] = k as u8;
            }
        }
        if list.len() != n || map.contains(&u8::MAX) {
            return Err(field(
                "regions",
                format!(
                    "{} regions cover {} cells; expected {n} covering all {}",
                    list.len(),
                    map.iter().filter(|&&r| r != u8::MAX).count(),
                    n * n
                ),
            ));
        }
        // The side's default boxes, else the boxes of any other shape of the
        // side (taller than wide, `4x3`, or one column, `5x1`) that the
        // regions are; regions that are no shape's boxes are a jigsaw on
        // the default boxes (one row, `1xN`, for a side without one).
        let default = match Shape::from_size(n) {
            Ok(wide) => wide,
            Err(_) => Shape::new(1, n).map_err(|e| field("cells", e.to_string()))?,
        };
        let shape = std::iter::once(default)
            .chain(Shape::all().filter(|s| s.size() == n && *s != default))
            .find(|&s| super::sudokupad_marks::are_boxes(&map, s))
            .unwrap_or(default);
        Rules::classic(shape).with_regions(&map).map_err(|error| FORMAT.rules("regions", error))
    }

    /// Killer cages: cages with a sum. Cages without a sum are read by
    /// `sudokupad_marks` (cells that differ, or the board's texts).
    fn cages(&self, mut rules: Rules) -> Result<Rules, JsonBoardError> {
        let list = match self.root.get("cages") {
            None | Some(Value::Null) => return Ok(rules),
            Some(Value::Array(list)) => list,
            Some(v) => return Err(field("cages", format!("expected a list, found {v}"))),
        };
        for (k, cage) in list.iter().enumerate() {
            let at = format!("cages[{k}]");
            let Some(entry) = cage.as_object() else {
                return Err(field(at, "expected a cage object"));
            };
            for (key, refused) in [("hidden", true), ("unique", false)] {
                if entry.get(key) == Some(&Value::Bool(refused)) {
                    return Err(unsupported(
                        format!("{at}.{key}"),
                        "a cage of another kind than killer",
                    ));
                }
            }
            if is_text_cage(entry) {
                continue;
            }
            let sum = match entry.get("value") {
                Some(v) if holds(v) => number(v).ok_or_else(|| {
                    field(format!("{at}.value"), format!("expected the cage's sum, found {v}"))
                })?,
                _ => continue,
            };
            let cells = self.cells(entry.get("cells"), &format!("{at}.cells"))?;
            rules = rules.with_cage(&cells, sum).map_err(|error| FORMAT.rules(at, error))?;
        }
        Ok(rules)
    }
}

/// Whether a cage carries one of the board's texts (`title: ...`,
/// `rules: ...`, `solution: ...`): no cells, a value `name: text`.
pub(super) fn is_text_cage(entry: &Map<String, Value>) -> bool {
    let no_cells = entry.get("cells").is_none_or(|c| !holds(c));
    let named = entry.get("value").and_then(Value::as_str).is_some_and(|v| {
        v.split_once(": ").is_some_and(|(name, _)| {
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric())
        })
    });
    no_cells && named
}

/// A reader of SudokuPad's zipped JSON text (see the module docs) into a
/// JSON value, by recursive descent.
mod loose {
    use serde_json::{Map, Number, Value};

    /// The deepest nesting read: a bound on the recursion.
    const MAX_DEPTH: usize = 64;

    /// The value of the zipped text `s`, or what is wrong and where.
    pub fn parse(s: &str) -> Result<Value, String> {
        let mut p = Parser { s: s.as_bytes(), at: 0 };
        let v = p.value(0, false)?;
        p.space();
        if p.at != p.s.len() {
            return Err(p.error("text after the board"));
        }
        Ok(v)
    }

    struct Parser<'a> {
        s: &'a [u8],
        at: usize,
    }

    impl Parser<'_> {
        fn error(&self, what: &str) -> String {
            format!("{what} at character {} of the unpacked board", self.at + 1)
        }

        fn space(&mut self) {
            while self.s.get(self.at).is_some_and(u8::is_ascii_whitespace) {
                self.at += 1;
            }
        }

        fn peek(&mut self) -> Option<u8> {
            self.space();
            self.s.get(self.at).copied()
        }

        /// A value; `in_object` for an object's value, where bare hex
        /// digits and `#0`/`#F` are colours.
        fn value(&mut self, depth: usize, in_object: bool) -> Result<Value, String> {
            if depth > MAX_DEPTH {
                return Err(self.error("nesting too deep"));
            }
            match self.peek() {
                Some(b'{') => self.object(depth),
                Some(b'[') => self.array(depth),
                Some(q @ (b'\'' | b'"')) => self.string(q).map(Value::String),
                Some(_) => self.bare(in_object),
                None => Err(self.error("the text ends inside the board")),
            }
        }

        fn object(&mut self, depth: usize) -> Result<Value, String> {
            self.at += 1;
            let mut map = Map::new();
            loop {
                match self.peek() {
                    Some(b'}') => {
                        self.at += 1;
                        return Ok(Value::Object(map));
                    }
                    Some(b',') => {
                        self.at += 1;
                        continue;
                    }
                    Some(q @ (b'\'' | b'"')) => {
                        let key = self.string(q)?;
                        self.colon()?;
                        map.insert(key, self.value(depth + 1, true)?);
                    }
                    Some(_) => {
                        let key = self.word();
                        if key.is_empty() {
                            return Err(self.error("expected a key"));
                        }
                        self.colon()?;
                        map.insert(key, self.value(depth + 1, true)?);
                    }
                    None => return Err(self.error("the text ends inside an object")),
                }
            }
        }

        fn colon(&mut self) -> Result<(), String> {
            if self.peek() == Some(b':') {
                self.at += 1;
                Ok(())
            } else {
                Err(self.error("expected ':'"))
            }
        }

        /// A list; an empty slot (`[,` `,,` `,]`) is an empty object.
        fn array(&mut self, depth: usize) -> Result<Value, String> {
            self.at += 1;
            let mut items = Vec::new();
            if self.peek() == Some(b']') {
                self.at += 1;
                return Ok(Value::Array(items));
            }
            loop {
                match self.peek() {
                    Some(b',' | b']') => items.push(Value::Object(Map::new())),
                    _ => items.push(self.value(depth + 1, false)?),
                }
                match self.peek() {
                    Some(b',') => self.at += 1,
                    Some(b']') => {
                        self.at += 1;
                        return Ok(Value::Array(items));
                    }
                    None => return Err(self.error("the text ends inside a list")),
                    _ => return Err(self.error("expected ',' or ']'")),
                }
            }
        }

        /// A quoted string; in single quotes `\'` is a quote.
        fn string(&mut self, quote: u8) -> Result<String, String> {
            self.at += 1;
            let mut out = Vec::new();
            loop {
                match self.s.get(self.at) {
                    None => return Err(self.error("the text ends inside a string")),
                    Some(&b) if b == quote => {
                        self.at += 1;
                        break;
                    }
                    Some(b'\\') => {
                        let e =
                            *self.s.get(self.at + 1).ok_or_else(|| self.error("a lone '\\'"))?;
                        self.at += 2;
                        match e {
                            b'n' => out.push(b'\n'),
                            b't' => out.push(b'\t'),
                            b'r' => out.push(b'\r'),
                            b'u' => {
                                let hex = self
                                    .s
                                    .get(self.at..self.at + 4)
                                    .ok_or_else(|| self.error("a short \\u escape"))?;
                                let code = std::str::from_utf8(hex)
                                    .ok()
                                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                                    .ok_or_else(|| self.error("a bad \\u escape"))?;
                                let c = char::from_u32(code).unwrap_or('\u{fffd}');
                                out.extend_from_slice(c.to_string().as_bytes());
                                self.at += 4;
                            }
                            other => out.push(other),
                        }
                    }
                    Some(&b) => {
                        out.push(b);
                        self.at += 1;
                    }
                }
            }
            String::from_utf8(out).map_err(|_| self.error("a string that is not UTF-8"))
        }

        /// A run of characters up to a delimiter.
        fn word(&mut self) -> String {
            let start = self.at;
            while self
                .s
                .get(self.at)
                .is_some_and(|&b| !b",:[]{}".contains(&b) && !b.is_ascii_whitespace())
            {
                self.at += 1;
            }
            String::from_utf8_lossy(&self.s[start..self.at]).into_owned()
        }

        /// `t`, `f`, `true`, `false`, `null`, a number, or a colour.
        fn bare(&mut self, in_object: bool) -> Result<Value, String> {
            let start = self.at;
            let w = self.word();
            let hex6 = w.len() == 6 && w.bytes().all(|b| b.is_ascii_hexdigit());
            Ok(match w.as_str() {
                "t" | "true" => Value::Bool(true),
                "f" | "false" => Value::Bool(false),
                "null" => Value::Null,
                "#0" => Value::String("#000000".into()),
                "#F" => Value::String("#FFFFFF".into()),
                _ if in_object && hex6 => Value::String(format!("#{w}")),
                _ if w.starts_with('#') => Value::String(w),
                _ => {
                    let n: Option<Number> = serde_json::from_str(&w).ok();
                    match n {
                        Some(n) => Value::Number(n),
                        None => {
                            self.at = start;
                            return Err(self.error(&format!("unexpected {w:?}")));
                        }
                    }
                }
            })
        }
    }

    #[cfg(test)]
    mod tests {
        use serde_json::json;

        #[test]
        fn zipped_text_reads_as_its_json() {
            let text =
                "{id:'a\\'b',ce:[[,,{v:3}],[]],o:[{c:#0,c2:#F,c1:ff8800,r:t,w:f,th:1.5}],n:-2}";
            let want = json!({
                "id": "a'b",
                "ce": [[{}, {}, {"v": 3}], []],
                "o": [{"c": "#000000", "c2": "#FFFFFF", "c1": "#ff8800", "r": true, "w": false, "th": 1.5}],
                "n": -2,
            });
            assert_eq!(super::parse(text).unwrap(), want);
            assert_eq!(super::parse("{\"a\":[1,2]}").unwrap(), json!({"a": [1, 2]}));
        }

        #[test]
        fn broken_text_is_refused_with_the_place() {
            let err = super::parse("{ce:[[,,]").unwrap_err();
            assert!(err.contains("ends inside"), "{err}");
            let err = super::parse("{a:zz}").unwrap_err();
            assert!(err.contains("\"zz\"") && err.contains("character 4"), "{err}");
            let deep = "[".repeat(100);
            assert!(super::parse(&deep).unwrap_err().contains("too deep"));
        }
    }
}

/// Boards and checks the SudokuPad readers' tests share (here and in
/// `sudokupad_marks`).
#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The SudokuPad link of a zipped board.
    pub(in crate::format) fn link(zipped: &str) -> String {
        format!("https://sudokupad.app/scl{}", lz_str::compress_to_base64(zipped))
    }

    /// The regions field of a 4x4 board whose regions are its boxes.
    pub(in crate::format) const BOXES4: &str = "re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],\
         [[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]";

    /// The zipped text of a titled 4x4 board with `cells`, its boxes as
    /// regions and `extra` fields.
    fn board4(cells: &str, extra: &str) -> String {
        format!(
            "{{id:'t',metadata:{{t:'A test',rules:'Normal rules.'}},ce:{cells},{BOXES4}{extra}}}"
        )
    }

    /// The cells of an empty 4x4 board.
    pub(in crate::format) const EMPTY: &str = "[[,,,],[,,,],[,,,],[,,,]]";

    /// Asserts that the board of `zipped` is refused with an error naming
    /// each of `needles`.
    #[track_caller]
    pub(in crate::format) fn refused(zipped: &str, needles: &[&str]) {
        let text = parse_sudokupad(&link(zipped)).unwrap_err().to_string();
        assert!(needles.iter().all(|n| text.contains(n)), "{needles:?}: {text}");
    }

    #[test]
    fn givens_regions_and_cages_are_read() {
        let cells = "[[{v:1},,,],[,,{v:'3'},],[,,,],[,,,]]";
        let grid =
            parse_sudokupad(&link(&board4(cells, ",ca:[{ce:[[3,2],[3,3]],v:'5',c:#0}]"))).unwrap();
        assert_eq!(&grid.values()[..8], &[1, 0, 0, 0, 0, 0, 3, 0]);
        assert_eq!(grid.rules().to_string(), "4+cage:5=14.15");
        // Irregular regions, and the same board as bare scl text.
        let jigsaw = "{ce:[[,,,],[,,,],[,,,],[,,,]],re:[[[0,0],[0,1],[0,2],[1,0]],\
                      [[0,3],[1,3],[2,3],[1,2]],[[1,1],[2,1],[2,2],[2,0]],[[3,0],[3,1],[3,2],[3,3]]]}";
        let packed = format!("scl{}", lz_str::compress_to_base64(jigsaw));
        let grid = parse_sudokupad(&packed).unwrap();
        assert_eq!(
            grid.rules().regions(),
            Some(&[0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 2, 1, 3, 3, 3, 3][..])
        );
        assert!(looks_like_sudokupad(&packed) && looks_like_sudokupad(&link(jigsaw)));
        assert!(
            !looks_like_sudokupad("N4Ig") && !looks_like_sudokupad("https://sudokupad.app/abc")
        );
    }

    #[test]
    fn what_only_the_rules_text_says_is_refused_by_name() {
        refused(
            &board4(EMPTY, ",l:[{wp:[[0.5,0.5],[3.5,3.5]],c:#0,th:2}]"),
            &["SudokuPad lines", "rules text"],
        );
        refused(
            &board4(EMPTY, ",a:[{wp:[[0.5,0.5],[0.5,2.5]],c:#0,th:2}]"),
            &["SudokuPad arrows", "rules text"],
        );
        refused(&board4(EMPTY, ",ca:[{ce:[[0,0],[0,1]],v:3,unique:f}]"), &["cages[0].unique"]);
        refused(&board4("[[{v:1,c:ff0000},,,],[,,,],[,,,],[,,,]]", ""), &["cells[0][0].color"]);
        refused("{ce:[[,,,],[,,,],[,,,],[,,,]]}", &["regions", "no boxes"]);
        refused(&board4(EMPTY, ",metadata:{sandwich:t}"), &["metadata.sandwich"]);
        // Empty drawings say nothing and are passed over.
        assert!(parse_sudokupad(&link(&board4(EMPTY, ",o:[],l:[]"))).is_ok());
    }

    #[test]
    fn bad_fields_are_named() {
        refused(
            &board4(EMPTY, ",ca:[{ce:[[0,0],[4,1]],v:3}]"),
            &["cages[0].cells[1]", "outside the 4x4"],
        );
        refused(&board4(EMPTY, ",ca:[{ce:[[0,0],[0,1]],v:30}]"), &["cages[0]", "cannot be made"]);
        refused(&board4("[[{v:7},,,],[,,,],[,,,],[,,,]]", ""), &["cells[0][0].value", "1 to 4"]);
        refused("{ce:[[,,,],[,,,],[,,,],[,,,]],re:[[[0,0],[0,1]]]}", &["regions", "expected 4"]);
        assert!(parse_sudokupad("sclN4Ig!!").unwrap_err().to_string().contains("'!'"));
        assert!(parse_sudokupad("sclQUJD").unwrap_err().to_string().starts_with("not a SudokuPad"));
    }
}
