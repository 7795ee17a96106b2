//! The rules a SudokuPad board carries beside its givens, regions and
//! killer cages: its `metaData` flags, its cages without a sum, and the
//! drawings whose look says the rule by the convention SudokuPad itself
//! follows when it opens an f-puzzles board (feature `serde`).
//!
//! - [`Marks`]: what was read, applied to the rules in two steps: the
//!   named rules and houses ([`Marks::named`]), then the constraints
//!   ([`Marks::constraints`]).
//!
//! # What is read
//! Coordinates are `[row, col]` from the board's top left corner, one
//! cell wide; a cell's centre is `[r + 0.5, c + 0.5]`.
//!
//! | data | rule |
//! |---|---|
//! | `metaData` (or `metadata`) `antiknight`, `antiking`, `nonconsecutive` set `true` | that rule |
//! | `metaData.negative` naming both `ratio` and `difference` | every kropki dot is given |
//! | a cage with cells and no value | its cells differ (a house when it has `N` cells; all the windows together are windoku) |
//! | a cage without cells whose value is `name: text` | the board's texts (title, rules, solution), passed over |
//! | a line of two points from corner to corner | a main diagonal is a house (both: X) |
//! | a line through cell centres from a bulb (a circle at least 0.75 wide on the centre of its first or last cell) | a thermometer from the bulb; straight runs between points take every cell they cross |
//! | a circle at most 0.45 wide on the middle of the edge between two cells, white or black | a kropki dot of that colour |
//! | a circle 0.4 to 0.75 wide on a cell's centre | the cell is odd |
//! | a square 0.4 to 0.9 wide on a cell's centre | the cell is even |
//! | a square at least 0.9 wide on a cell's centre, in a cage without a value | the shading of that cage, passed over |
//!
//! Underlays and overlays are read alike. Anything else is refused by
//! name (`lines[3]`, `overlays[0]`): a drawing with text, a line that is
//! no diagonal and starts at no bulb, a bulb without a line, a shape off
//! the centres and edges, a dot of another colour, a flag sudokit does
//! not know. The meaning of those only the rules text gives.

use serde_json::{Map, Value};

use super::fpuzzles::window_cells;
use super::json_board::JsonBoardError;
use super::sudokupad::{Board, FORMAT, field, holds, is_text_cage, unsupported};
use crate::constraint::{DotKind, ParityKind};
use crate::rules::{Rules, RulesError};

/// How far a coordinate may be from the place it names.
const SLACK: f64 = 0.01;

/// The rules read from a board's flags, plain cages and drawings.
#[derive(Debug, Default)]
pub(super) struct Marks {
    anti_knight: bool,
    anti_king: bool,
    non_consecutive: bool,
    all_dots: bool,
    /// The main diagonals drawn: down (top left to bottom right), up.
    diagonals: [bool; 2],
    /// Cages without a sum: their field and cells.
    distinct: Vec<(String, Vec<u16>)>,
    thermos: Vec<(String, Vec<u16>)>,
    dots: Vec<(String, [u16; 2], DotKind)>,
    /// Even/odd marks, in the order drawn.
    parity: Vec<(ParityKind, u16)>,
}

/// What a circle or square drawn on the board is.
enum Drawn {
    Bulb(u16),
    Odd(u16),
    Even(u16),
    Shade(u16),
    Dot([u16; 2], DotKind),
}

impl Marks {
    /// The marks of `board`.
    ///
    /// # Errors
    /// A field holding what the format does not allow, or a flag or drawing
    /// sudokit does not read (see the module docs).
    pub(super) fn read(board: &Board<'_>) -> Result<Marks, JsonBoardError> {
        let mut marks = Marks::default();
        for key in ["metadata", "metaData"] {
            if let Some(meta) = board.root.get(key) {
                marks.flags(key, meta)?;
            }
        }
        marks.plain_cages(board)?;
        let n = board.n;
        let mut bulbs: Vec<(String, u16, bool)> = Vec::new();
        let mut shades: Vec<(String, u16)> = Vec::new();
        for key in ["underlays", "overlays"] {
            for (i, item) in list(board.root, key)?.iter().enumerate() {
                let at = format!("{key}[{i}]");
                match shape(item, n, &at)? {
                    Drawn::Bulb(cell) => bulbs.push((at, cell, false)),
                    Drawn::Odd(cell) => marks.parity.push((ParityKind::Odd, cell)),
                    Drawn::Even(cell) => marks.parity.push((ParityKind::Even, cell)),
                    Drawn::Shade(cell) => shades.push((at, cell)),
                    Drawn::Dot(pair, kind) => marks.dots.push((at, pair, kind)),
                }
            }
        }
        for (i, item) in list(board.root, "lines")?.iter().enumerate() {
            let at = format!("lines[{i}]");
            let points = way_points(item, &at)?;
            if let Some(up) = diagonal(&points, n) {
                marks.diagonals[usize::from(up)] = true;
                continue;
            }
            let Some(mut cells) = path(&points, n) else {
                return Err(unsupported(
                    at,
                    "a line that is neither a main diagonal nor a thermometer through cell \
                     centres",
                ));
            };
            let has_bulb = |cell: u16| bulbs.iter().any(|b| b.1 == cell);
            if !has_bulb(cells[0]) && has_bulb(cells[cells.len() - 1]) {
                cells.reverse();
            }
            if !has_bulb(cells[0]) {
                return Err(unsupported(
                    at,
                    "a line through cell centres without a bulb at either end (a thermometer \
                     has one), whose meaning only the rules text gives",
                ));
            }
            bulbs.iter_mut().filter(|b| b.1 == cells[0]).for_each(|b| b.2 = true);
            marks.thermos.push((at, cells));
        }
        if let Some((at, _, _)) = bulbs.iter().find(|b| !b.2) {
            return Err(unsupported(at.clone(), "a circle in a cell that starts no thermometer"));
        }
        for (at, cell) in shades {
            if !marks.distinct.iter().any(|(_, cells)| cells.contains(&cell)) {
                return Err(unsupported(
                    at,
                    "a shaded cell outside any cage without a sum, whose meaning only the \
                     rules text gives",
                ));
            }
        }
        Ok(marks)
    }

    /// The flags of `metaData`.
    fn flags(&mut self, key: &str, meta: &Value) -> Result<(), JsonBoardError> {
        let Some(map) = meta.as_object() else {
            return Err(field(key, format!("expected an object, found {meta}")));
        };
        for (name, value) in map {
            let at = format!("{key}.{name}");
            let set = match name.as_str() {
                "antiknight" => &mut self.anti_knight,
                "antiking" => &mut self.anti_king,
                "nonconsecutive" => &mut self.non_consecutive,
                "negative" => {
                    let names: Vec<&str> = match value {
                        Value::Array(items) => items.iter().filter_map(Value::as_str).collect(),
                        _ => Vec::new(),
                    };
                    let both = names.contains(&"ratio") && names.contains(&"difference");
                    if holds(value) && (!both || names.len() != 2) {
                        return Err(unsupported(
                            at,
                            format!(
                                "negative constraints {value}: sudokit knows only \
                                 ['ratio', 'difference'], every kropki dot given"
                            ),
                        ));
                    }
                    self.all_dots = both;
                    continue;
                }
                _ if *value == Value::Bool(true) => {
                    return Err(unsupported(at, "a flag sudokit does not know"));
                }
                _ => continue,
            };
            *set = match value {
                Value::Bool(b) => *b,
                Value::Null => false,
                other => return Err(field(at, format!("expected true or false, found {other}"))),
            };
        }
        Ok(())
    }

    /// The cages with cells and without a value: cells that differ.
    fn plain_cages(&mut self, board: &Board<'_>) -> Result<(), JsonBoardError> {
        for (k, cage) in list(board.root, "cages")?.iter().enumerate() {
            let Some(entry) = cage.as_object() else { continue };
            if is_text_cage(entry) || entry.get("value").is_some_and(holds) {
                continue;
            }
            if entry.get("hidden") == Some(&Value::Bool(true))
                || entry.get("unique") == Some(&Value::Bool(false))
            {
                continue; // refused by the killer cage reader
            }
            let at = format!("cages[{k}]");
            let cells = board.cells(entry.get("cells"), &format!("{at}.cells"))?;
            if cells.len() >= 2 {
                self.distinct.push((at, cells));
            }
        }
        Ok(())
    }

    /// `rules` with the named rules and the houses: diagonals, flags,
    /// windows, cages without a sum.
    pub(super) fn named(&self, mut rules: Rules) -> Result<Rules, JsonBoardError> {
        let n = rules.shape().size();
        match self.diagonals {
            [true, true] => rules = rules.with_diagonals(),
            [down, up] if down || up => {
                let cells: Vec<u16> = (0..n)
                    .map(|i| if down { i * n + i } else { (n - 1 - i) * n + i } as u16)
                    .collect();
                rules = rules.with_house(&cells).map_err(|e| rules_error("lines", e))?;
            }
            _ => {}
        }
        if self.anti_knight {
            rules = rules.with_anti_knight();
        }
        if self.anti_king {
            rules = rules.with_anti_king();
        }
        if self.all_dots {
            rules = rules.with_all_dots();
        }
        if self.non_consecutive {
            rules = rules.with_non_consecutive();
        }
        let windows = window_cells(&rules);
        let sorted = |cells: &[u16]| {
            let mut s = cells.to_vec();
            s.sort_unstable();
            s
        };
        let windoku = !windows.is_empty()
            && windows.iter().all(|w| self.distinct.iter().any(|(_, c)| sorted(c) == *w));
        if windoku {
            rules = rules.with_windows().map_err(|e| rules_error("cages", e))?;
        }
        for (at, cells) in &self.distinct {
            if windoku && windows.contains(&sorted(cells)) {
                continue;
            }
            rules =
                if cells.len() == n { rules.with_house(cells) } else { rules.with_distinct(cells) }
                    .map_err(|e| rules_error(at, e))?;
        }
        Ok(rules)
    }

    /// `rules` with the thermometers, dots and even/odd marks, each kind
    /// in the order drawn (a run of marks of one kind is one constraint).
    pub(super) fn constraints(&self, mut rules: Rules) -> Result<Rules, JsonBoardError> {
        for (at, cells) in &self.thermos {
            rules = rules.with_thermo(cells).map_err(|e| rules_error(at, e))?;
        }
        for (at, [a, b], kind) in &self.dots {
            rules = rules.with_dot(*a, *b, *kind).map_err(|e| rules_error(at, e))?;
        }
        for run in self.parity.chunk_by(|a, b| a.0 == b.0) {
            let cells: Vec<u16> = run.iter().map(|&(_, cell)| cell).collect();
            rules = rules.with_parity(&cells, run[0].0).map_err(|e| rules_error("underlays", e))?;
        }
        Ok(rules)
    }
}

fn rules_error(at: &str, error: RulesError) -> JsonBoardError {
    FORMAT.rules(at, error)
}

/// The list at `key` (none when absent or `null`).
fn list<'a>(root: &'a Map<String, Value>, key: &str) -> Result<&'a [Value], JsonBoardError> {
    match root.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(items)) => Ok(items),
        Some(v) => Err(field(key, format!("expected a list, found {v}"))),
    }
}

/// A point `[row, col]`.
fn point(v: &Value) -> Option<(f64, f64)> {
    match v.as_array()?.as_slice() {
        [r, c] => Some((r.as_f64()?, c.as_f64()?)),
        _ => None,
    }
}

/// `x` as a whole number from `lo` to `hi`, when it is one.
fn whole(x: f64, lo: usize, hi: usize) -> Option<usize> {
    let k = x.round();
    ((x - k).abs() < SLACK && k >= lo as f64 && k <= hi as f64).then_some(k as usize)
}

/// The cell whose centre `p` is.
fn cell_at(p: (f64, f64), n: usize) -> Option<u16> {
    let r = whole(p.0 - 0.5, 0, n - 1)?;
    let c = whole(p.1 - 0.5, 0, n - 1)?;
    Some((r * n + c) as u16)
}

/// The two cells whose shared edge has its middle at `p`.
fn edge_at(p: (f64, f64), n: usize) -> Option<[u16; 2]> {
    if let (Some(r), Some(c)) = (whole(p.0 - 0.5, 0, n - 1), whole(p.1, 1, n - 1)) {
        return Some([(r * n + c - 1) as u16, (r * n + c) as u16]);
    }
    let (r, c) = (whole(p.0, 1, n - 1)?, whole(p.1 - 0.5, 0, n - 1)?);
    Some([((r - 1) * n + c) as u16, (r * n + c) as u16])
}

/// Black or white, for a colour that is one of them.
fn dot_kind(colour: Option<&Value>) -> Option<DotKind> {
    let c = colour?.as_str()?.trim().to_ascii_lowercase();
    match c.as_str() {
        "#fff" | "#ffffff" | "#ffffffff" | "white" => Some(DotKind::White),
        "#000" | "#000000" | "#000000ff" | "black" => Some(DotKind::Black),
        _ => None,
    }
}

/// What the underlay or overlay `item` (at `at`) is.
fn shape(item: &Value, n: usize, at: &str) -> Result<Drawn, JsonBoardError> {
    let Some(entry) = item.as_object() else {
        return Err(field(at, format!("expected an object, found {item}")));
    };
    if entry.get("text").is_some_and(holds) {
        return Err(unsupported(
            at,
            "a drawing with text, whose meaning only the rules text gives",
        ));
    }
    let centre = entry
        .get("center")
        .and_then(point)
        .ok_or_else(|| field(format!("{at}.center"), "expected a point [row, col]"))?;
    let size = |key: &str| entry.get(key).and_then(Value::as_f64);
    let (Some(w), Some(h)) = (size("width"), size("height")) else {
        return Err(field(at, "expected a width and a height"));
    };
    let rounded = entry.get("rounded") == Some(&Value::Bool(true));
    let refuse = |what: &str| {
        Err(unsupported(at, format!("{what}, whose meaning only the rules text gives")))
    };
    if (w - h).abs() > SLACK {
        return refuse("a shape wider than it is high");
    }
    if let Some(cell) = cell_at(centre, n) {
        return match (rounded, w) {
            (true, w) if (0.75..=1.0 + SLACK).contains(&w) => Ok(Drawn::Bulb(cell)),
            (true, w) if (0.4..0.75).contains(&w) => Ok(Drawn::Odd(cell)),
            (false, w) if (0.4..0.9).contains(&w) => Ok(Drawn::Even(cell)),
            (false, w) if (0.9..=1.0 + SLACK).contains(&w) => Ok(Drawn::Shade(cell)),
            _ => refuse("a shape of this size in a cell"),
        };
    }
    if let Some(pair) = edge_at(centre, n) {
        if !rounded || w > 0.45 {
            return refuse("a shape on an edge that is not a small circle (a kropki dot)");
        }
        return match dot_kind(entry.get("backgroundColor")) {
            Some(kind) => Ok(Drawn::Dot(pair, kind)),
            None => refuse("a dot neither white nor black"),
        };
    }
    refuse("a shape off the cell centres and edges")
}

/// The points of a line.
fn way_points(item: &Value, at: &str) -> Result<Vec<(f64, f64)>, JsonBoardError> {
    let points = item
        .get("wayPoints")
        .and_then(Value::as_array)
        .ok_or_else(|| field(format!("{at}.wayPoints"), "expected a list of points [row, col]"))?;
    points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            point(p).ok_or_else(|| {
                field(format!("{at}.wayPoints[{i}]"), format!("expected a point, found {p}"))
            })
        })
        .collect()
}

/// Which main diagonal a line of two points from corner to corner is:
/// `Some(false)` down, `Some(true)` up.
fn diagonal(points: &[(f64, f64)], n: usize) -> Option<bool> {
    let [a, b] = points else { return None };
    let corner = |p: (f64, f64)| Some((whole(p.0, 0, n)?, whole(p.1, 0, n)?));
    let (a, b) = (corner(*a)?, corner(*b)?);
    let (a, b) = if a.0 <= b.0 { (a, b) } else { (b, a) };
    match (a, b) {
        ((0, 0), (r, c)) if r == n && c == n => Some(false),
        ((0, c), (r, 0)) if c == n && r == n => Some(true),
        _ => None,
    }
}

/// The cells a line through cell centres passes, each straight run
/// (orthogonal or diagonal) filled in; `None` when a point is off the
/// centres or a run is bent.
fn path(points: &[(f64, f64)], n: usize) -> Option<Vec<u16>> {
    let cells: Vec<u16> = points.iter().map(|&p| cell_at(p, n)).collect::<Option<_>>()?;
    if cells.len() < 2 {
        return None;
    }
    let mut out = vec![cells[0]];
    for pair in cells.windows(2) {
        let (r0, c0) = ((pair[0] as usize / n) as i64, (pair[0] as usize % n) as i64);
        let (r1, c1) = ((pair[1] as usize / n) as i64, (pair[1] as usize % n) as i64);
        let (dr, dc) = (r1 - r0, c1 - c0);
        if !(dr == 0 || dc == 0 || dr.abs() == dc.abs()) || (dr, dc) == (0, 0) {
            return None;
        }
        let steps = dr.abs().max(dc.abs());
        for s in 1..=steps {
            let (r, c) = (r0 + dr / steps * s, c0 + dc / steps * s);
            out.push((r as usize * n + c as usize) as u16);
        }
    }
    Some(out)
}

/// Whether the region of each cell (`map`, in reading order) splits the
/// board as the boxes of `shape` do.
pub(super) fn are_boxes(map: &[u8], shape: crate::shape::Shape) -> bool {
    let n = shape.size();
    let (mut box_of_region, mut region_of_box) = (vec![None; n], vec![None; n]);
    map.iter().enumerate().all(|(i, &k)| {
        let b = shape.box_of(crate::shape::Cell::from_index(i));
        let (k, b) = (usize::from(k), b);
        k < n && *box_of_region[k].get_or_insert(b) == b && *region_of_box[b].get_or_insert(k) == k
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_sudokupad;
    use crate::format::sudokupad::tests::{BOXES4, EMPTY, link};

    /// The zipped text of an empty 4x4 board with its boxes as regions and
    /// `extra` fields.
    fn zipped4(extra: &str) -> String {
        format!("{{ce:{EMPTY},{BOXES4}{extra}}}")
    }

    /// The link of [`zipped4`].
    fn board4(extra: &str) -> String {
        link(&zipped4(extra))
    }

    /// Asserts that the 4x4 board with `extra` fields is refused with an
    /// error naming each of `needles`.
    #[track_caller]
    fn refused(extra: &str, needles: &[&str]) {
        crate::format::sudokupad::tests::refused(&zipped4(extra), needles);
    }

    /// A board drawn the way SudokuPad draws an f-puzzles board it opens:
    /// each drawing reads as its rule.
    #[test]
    fn drawings_in_sudokupads_own_style_are_read() {
        let grey = "c1:CFCFCF,c2:CFCFCF";
        let extra = format!(
            ",l:[{{c:34BBE6,th:2,wp:[[0,0],[4,4]]}},{{c:34BBE6,th:2,wp:[[0,4],[4,0]]}},\
             {{c:CFCFCF,th:21,wp:[[3.5,0.5],[3.5,1.5],[3.5,2.5]]}}],\
             u:[{{{grey},ct:[3.5,0.5],r:t,w:0.85,h:0.85}},{{{grey},ct:[0.5,1.5],r:f,w:0.7,h:0.7}},\
             {{{grey},ct:[1.5,3.5],r:t,w:0.7,h:0.7}},\
             {{c2:'rgba(207, 207, 207, 0.95)',ct:[0.5,0.5],r:f,w:1,h:1}}],\
             o:[{{c1:#0,c2:#F,ct:[1,2.5],r:t,w:0.3,h:0.3,te:''}},\
             {{c1:#0,c2:#0,ct:[2.5,3],r:t,w:0.3,h:0.3,te:''}}],\
             ca:[{{ce:[[0,0],[1,3]]}},{{v:'title: A test'}},{{v:'rules: Normal rules.'}}],\
             metaData:{{antiknight:t,antiking:f}}"
        );
        let grid = parse_sudokupad(&board4(&extra)).unwrap();
        assert_eq!(
            grid.rules().to_string(),
            "4+anti-knight+x+distinct:0.7+thermo:12.13.14+white:2.6+black:10.11+even:1+odd:7"
        );
    }

    #[test]
    fn drawings_without_a_known_meaning_are_refused_by_name() {
        refused(",l:[{wp:[[0.5,0.5],[0.5,2.5]]}]", &["SudokuPad lines[0]", "without a bulb"]);
        refused(
            ",l:[{wp:[[0.5,0.5],[1.5,2.5]]}],u:[{ct:[0.5,0.5],r:t,w:0.85,h:0.85}]",
            &["lines[0]", "neither"],
        );
        refused(",u:[{ct:[0.5,0.5],r:t,w:0.85,h:0.85}]", &["underlays[0]", "no thermometer"]);
        refused(",o:[{c2:ff0000,ct:[0.5,1],r:t,w:0.3,h:0.3}]", &["overlays[0]", "neither white"]);
        refused(",o:[{ct:[0.5,1],r:t,w:0.3,h:0.3,te:'V'}]", &["overlays[0]", "text"]);
        refused(",u:[{ct:[1.5,1.5],r:f,w:1,h:1}]", &["underlays[0]", "shaded"]);
        refused(",u:[{ct:[0.2,1.5],r:f,w:0.3,h:0.3}]", &["underlays[0]", "off the cell"]);
        refused(",metaData:{sandwich:t}", &["metaData.sandwich", "flag"]);
        refused(",metaData:{negative:['xv']}", &["metaData.negative"]);
        refused(",u:[{ct:[0.5,0.5],r:t,w:0.7}]", &["underlays[0]", "width and a height"]);
        // A thermometer that does not fit the rules names its line.
        refused(
            ",l:[{wp:[[0.5,0.5],[0.5,3.5],[3.5,3.5]]}],u:[{ct:[0.5,0.5],r:t,w:0.85,h:0.85}]",
            &["lines[0]"],
        );
    }

    #[test]
    fn cut_or_garbled_links_are_refused() {
        let link = board4(",metaData:{antiknight:t}");
        assert!(parse_sudokupad(&link).unwrap().rules().has_anti_knight());
        for cut in [link.len() / 2, link.len() - 8] {
            let text = parse_sudokupad(&link[..cut]).unwrap_err().to_string();
            assert!(text.starts_with("not a SudokuPad board"), "{cut}: {text}");
        }
        let garbled = format!("{}*{}", &link[..40], &link[40..]);
        let text = parse_sudokupad(&garbled).unwrap_err().to_string();
        assert!(text.contains("'*'"), "{text}");
    }

    #[test]
    fn places_on_the_board_are_found() {
        assert_eq!(cell_at((0.5, 3.5), 4), Some(3));
        assert_eq!(cell_at((0.5, 4.5), 4), None);
        assert_eq!(edge_at((0.5, 1.0), 4), Some([0, 1]));
        assert_eq!(edge_at((2.0, 3.5), 4), Some([7, 11]));
        assert_eq!(edge_at((0.0, 1.5), 4), None);
        assert_eq!(diagonal(&[(4.0, 0.0), (0.0, 4.0)], 4), Some(true));
        assert_eq!(diagonal(&[(4.0, 4.0), (0.0, 0.0)], 4), Some(false));
        assert_eq!(diagonal(&[(0.0, 0.0), (4.0, 3.0)], 4), None);
        // A straight run takes every cell it crosses; a bent one is refused.
        assert_eq!(
            path(&[(0.5, 0.5), (0.5, 3.5), (3.5, 0.5)], 4),
            Some(vec![0, 1, 2, 3, 6, 9, 12])
        );
        assert_eq!(path(&[(0.5, 0.5), (1.5, 2.5)], 4), None);
        assert_eq!(path(&[(0.5, 0.5)], 4), None);
    }
}
