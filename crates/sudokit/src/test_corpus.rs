//! The public corpus in `data/` for unit tests (the integration
//! tests have their own reader in `tests/util.rs`). A missing file panics,
//! so no test passes by skipping its data.

use crate::{Grid, Shape};

/// The 9x9 puzzles of a corpus file: the first 81 characters of every line
/// that is neither blank nor a `#` comment, digits as clues, anything else
/// as an empty cell.
pub(crate) fn classic(name: &str) -> Vec<Grid> {
    let (_, text) = read(name);
    entries(&text)
        .map(|l| {
            let v: Vec<u8> =
                l.bytes().take(81).map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
            Grid::from_values(Shape::CLASSIC, v).unwrap()
        })
        .collect()
}

/// The path and text of the file `name` in `data/`; panics when it cannot
/// be read.
fn read(name: &str) -> (String, String) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/").to_string() + name;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    (path, text)
}

/// The lines of `text` that are neither blank nor a `#` comment.
fn entries(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
}

/// A killer's cages (cells in reading order, sum) and its solution's digits.
pub(crate) type Killer = (Vec<(Vec<u16>, u32)>, Vec<u8>);

/// The killers of a corpus file in the killer line format (cage map,
/// sums, optional givens, then ` # ` and the solution). `#` comment lines
/// are skipped.
pub(crate) fn killers(name: &str) -> Vec<Killer> {
    let (path, text) = read(name);
    entries(&text)
        .map(|l| {
            let (puzzle, solution) = l.split_once(" # ").unwrap_or_else(|| panic!("{path}: {l}"));
            let mut parts = puzzle.split_whitespace();
            let (map, sums) = (parts.next().unwrap().as_bytes(), parts.next().unwrap());
            let mut letters: Vec<u8> = Vec::new();
            let mut cages: Vec<(Vec<u16>, u32)> = Vec::new();
            for (i, &ch) in map.iter().enumerate() {
                let k = letters.iter().position(|&x| x == ch).unwrap_or_else(|| {
                    letters.push(ch);
                    cages.push((Vec::new(), 0));
                    letters.len() - 1
                });
                cages[k].0.push(i as u16);
            }
            for (cage, sum) in cages.iter_mut().zip(sums.split(',')) {
                cage.1 = sum.parse().unwrap();
            }
            let values = solution.trim().bytes().map(|b| b - b'0').collect();
            (cages, values)
        })
        .collect()
}

/// The puzzles and solutions of a variant benchmark file in `data/` (see
/// `data/variants/README.md`): each `# rules: NAME` line sets the rules of
/// the puzzle lines after it, each `PUZZLE SOLUTION` in line format.
pub(crate) fn with_rules(name: &str) -> Vec<(Grid, Grid)> {
    let (path, text) = read(name);
    let mut rules: Option<crate::Rules> = None;
    let mut out = Vec::new();
    for (k, line) in text.lines().enumerate() {
        if let Some(name) = line.strip_prefix("# rules: ") {
            rules = Some(name.parse().unwrap_or_else(|e| panic!("{path}:{}: {e}", k + 1)));
        } else if !line.trim().is_empty() && !line.starts_with('#') {
            let rules = rules.clone().unwrap_or_else(|| panic!("{path}:{}: no rules", k + 1));
            let grid = |text: &str| {
                let values = text.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 });
                Grid::from_values_with(rules.clone(), values.collect::<Vec<u8>>())
                    .unwrap_or_else(|e| panic!("{path}:{}: {e}", k + 1))
            };
            let (puzzle, solution) = line.split_once(' ').expect("a puzzle and its solution");
            out.push((grid(puzzle), grid(solution.trim())));
        }
    }
    out
}
