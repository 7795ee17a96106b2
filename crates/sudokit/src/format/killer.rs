//! The killer line: a cage map, the cage sums and optional givens on one
//! line, as public killer collections write them.
//!
//! ```text
//! AABBBCDEFGGHHCCDEFGIIJKKFLMMJNNKOPQRJNSSOPQRTUVWXYZaTbcdWXYZaefbcgghhiijjefkkklmmn 3,15,22,4,16,15,25,17,9,8,20,6,14,17,17,13,20,12,27,6,20,6,10,14,8,16,15,13,17,...
//! ```
//!
//! - The map: one letter per cell in reading order, `N * N` of them; the
//!   letters name cages `A`-`Z` then `a`-`z` in order of each cage's first
//!   cell, so a board holds at most 52 cages.
//! - A space, then the sums, comma-separated, one per cage in that order.
//! - Optionally a space and the givens in line format (`.` or `0` for an
//!   empty cell).
//!
//! Every cell belongs to a cage; a cage's cells need not touch.

use std::fmt;

use super::{ReadOptions, parse};
use crate::constraint::{Cage, Constraint};
use crate::grid::Grid;
use crate::rules::{Rules, RulesError};
use crate::shape::{Cell, Shape};

/// The cage letters in order: `A`-`Z` then `a`-`z`.
const LETTERS: &[u8; 52] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// Why a killer line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum KillerError {
    /// The line has no sums after the map, or more than three parts.
    Parts {
        /// The space-separated parts found.
        found: usize,
    },
    /// The map's length is not the cell count of a board.
    MapLength {
        /// The characters of the map.
        found: usize,
    },
    /// A map character that is not a cage letter, or a letter out of
    /// order (each new cage takes the next letter).
    Letter {
        /// The cell.
        cell: Cell,
        /// The board side.
        size: usize,
        /// The character found.
        found: char,
        /// The letter a new cage takes there.
        expected: char,
    },
    /// The number of sums is not the number of cages.
    SumCount {
        /// Cages in the map.
        cages: usize,
        /// Sums given.
        sums: usize,
    },
    /// A sum that is not a number.
    Sum {
        /// Which sum, from 1.
        index: usize,
        /// Its text.
        text: String,
    },
    /// The givens are not a line of the board's cells.
    Givens {
        /// What is wrong with them.
        reason: String,
    },
    /// A cage breaks the rules (its sum out of reach for its size, ...).
    Rules(RulesError),
}

impl fmt::Display for KillerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KillerError::Parts { found } => write!(
                f,
                "a killer line is a cage map, a space, the comma-separated sums and \
                 optionally a space and the givens; found {found} part(s)"
            ),
            KillerError::MapLength { found } => write!(
                f,
                "the cage map has {found} characters, expected a board's cell count \
                 (81 for 9x9)"
            ),
            KillerError::Letter { cell, size, found, expected } => write!(
                f,
                "the cage map has {found:?} at {}: cages are lettered A-Z then a-z in \
                 order of first appearance, so a new cage there is {expected:?}",
                cell.display(Shape::from_size(*size).expect("a board's side"))
            ),
            KillerError::SumCount { cages, sums } => {
                write!(f, "the map has {cages} cages but {sums} sums are given")
            }
            KillerError::Sum { index, text } => {
                write!(f, "sum {index} ({text:?}) is not a number")
            }
            KillerError::Givens { reason } => write!(f, "the givens: {reason}"),
            KillerError::Rules(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for KillerError {}

/// Reads a killer line into a grid (the givens, or an empty grid) whose
/// rules are the board's houses and the cages; anything after a `#` is a
/// comment.
///
/// ```
/// use sudokit::format::parse_killer;
///
/// // A 4x4 killer: eight cages of two cells.
/// let grid = parse_killer("AABCDDBCEFFGEHHG 3,4,6,7,6,5,4,5").unwrap();
/// assert_eq!(grid.rules().constraints().len(), 8);
/// assert!(parse_killer("AABCDDBCEFFGEHHG 3,4,6,7,6,5,4").is_err());
/// // Spaces after the commas, and a comma after the last sum, are read past.
/// assert!(parse_killer("AABCDDBCEFFGEHHG 3, 4, 6, 7, 6, 5, 4, 5,").is_ok());
/// // A `#` starts a comment, as in the line format.
/// assert!(parse_killer("AABCDDBCEFFGEHHG 3,4,6,7,6,5,4,5 # from a book").is_ok());
/// ```
pub fn parse_killer(line: &str) -> Result<Grid, KillerError> {
    // As in the line format, a `#` starts the record's comment.
    let line = line.split_once('#').map_or(line, |(record, _)| record);
    let parts = sums_joined(line.split_whitespace().collect());
    if !(2..=3).contains(&parts.len()) {
        return Err(KillerError::Parts { found: parts.len() });
    }
    let map = parts[0].as_bytes();
    let size = (map.len() as f64).sqrt().round() as usize;
    let shape = match Shape::from_size(size) {
        Ok(shape) if size * size == map.len() => shape,
        _ => return Err(KillerError::MapLength { found: map.len() }),
    };
    let mut cages: Vec<Vec<u16>> = Vec::new();
    for (i, &ch) in map.iter().enumerate() {
        let known = LETTERS[..cages.len()].iter().position(|&l| l == ch);
        let k = match known {
            Some(k) => k,
            None if cages.len() < LETTERS.len() && LETTERS[cages.len()] == ch => {
                cages.push(Vec::new());
                cages.len() - 1
            }
            None => {
                return Err(KillerError::Letter {
                    cell: Cell::from_index(i),
                    size,
                    found: ch as char,
                    expected: LETTERS.get(cages.len()).map_or('?', |&l| l as char),
                });
            }
        };
        cages[k].push(i as u16);
    }
    let mut sums: Vec<&str> = parts[1].split(',').map(str::trim).collect();
    if sums.len() > 1 && sums.last() == Some(&"") {
        // A comma after the last sum.
        sums.pop();
    }
    if sums.len() != cages.len() {
        return Err(KillerError::SumCount { cages: cages.len(), sums: sums.len() });
    }
    // The cages of one map never overlap, so they are checked one by one
    // and the rules' tables (with the sums the houses imply) built once.
    let mut list = Vec::with_capacity(cages.len());
    for (k, (cells, text)) in cages.iter().zip(&sums).enumerate() {
        let sum = text
            .parse::<u32>()
            .map_err(|_| KillerError::Sum { index: k + 1, text: text.to_string() })?;
        let cage = Cage::new(shape, cells, sum, &format!("cage {} (sum {sum})", k + 1))
            .map_err(|e| KillerError::Rules(e.into()))?;
        list.push(Constraint::Cage(cage));
    }
    let rules = Rules::classic(shape).with_constraints(list, false);
    let grid = match parts.get(2) {
        None => Grid::empty(shape),
        Some(givens) => {
            if givens.chars().count() != shape.cell_count() {
                return Err(KillerError::Givens {
                    reason: format!(
                        "{} characters, expected {}",
                        givens.chars().count(),
                        shape.cell_count()
                    ),
                });
            }
            parse(givens, ReadOptions::new().with_shape(shape))
                .map_err(|e| KillerError::Givens { reason: e.to_string() })?
                .grid
        }
    };
    Ok(grid.with_rules(rules).expect("the rules are of the givens' shape"))
}

/// The space-separated `parts` of a killer line with the sums as one part
/// where spaces follow or precede their commas (`3, 4, 6`): a part is
/// joined to the sums while the sums end with a comma or it starts with
/// one, and it holds only digits and commas and is not a whole board of
/// givens (as long as the map).
fn sums_joined(parts: Vec<&str>) -> Vec<String> {
    let mut out: Vec<String> = parts.iter().take(2).map(|p| p.to_string()).collect();
    let cells = parts.first().map_or(0, |m| m.len());
    let mut rest = parts.iter().skip(2).peekable();
    while let Some(next) = rest.peek() {
        let sums = &out[1];
        let numeric = next.bytes().all(|b| b.is_ascii_digit() || b == b',');
        if numeric && next.len() != cells && (sums.ends_with(',') || next.starts_with(',')) {
            out[1].push_str(next);
            rest.next();
        } else {
            break;
        }
    }
    out.extend(rest.map(|p| p.to_string()));
    out
}

/// The killer line of `grid`: `None` unless its rules are the classic
/// houses of its shape and cages covering every cell (at most 52). The
/// givens follow when there are any.
pub fn to_killer(grid: &Grid) -> Option<String> {
    use crate::constraint::Constraint;
    let rules = grid.rules();
    let shape = grid.shape();
    let plain = Rules::classic(shape);
    let mut rebuilt = plain.clone();
    let mut map = vec![0u8; shape.cell_count()];
    let mut sums = Vec::new();
    // Cages in order of their first cell: the letters' order.
    let mut cages: Vec<(u16, &crate::constraint::Cage)> = Vec::new();
    for c in rules.constraints() {
        match c {
            Constraint::Cage(cage) => {
                cages.push((*cage.cells().iter().min()?, cage));
            }
            _ => return None,
        }
    }
    cages.sort_by_key(|&(first, _)| first);
    if cages.len() > LETTERS.len() {
        return None;
    }
    for (k, (_, cage)) in cages.iter().enumerate() {
        for &c in cage.cells() {
            map[c as usize] = LETTERS[k];
        }
        sums.push(cage.sum().to_string());
        rebuilt = rebuilt.with_cage(cage.cells(), cage.sum()).ok()?;
    }
    if map.contains(&0) || rebuilt.layout().house_count() != rules.layout().house_count() {
        return None;
    }
    // Only cages beyond the classic houses: same named rules and groups.
    let same = rules.regions().is_none()
        && rules.extra_houses().is_empty()
        && rules.distinct_groups().is_empty()
        && !rules.has_non_consecutive()
        && !rules.has_all_dots()
        && !rules.has_diagonals()
        && !rules.has_windows()
        && !rules.has_anti_king()
        && !rules.has_anti_knight();
    if !same {
        return None;
    }
    let mut out = String::from_utf8(map).expect("letters are ASCII");
    out.push(' ');
    out.push_str(&sums.join(","));
    if grid.values().iter().any(|&v| v != 0) {
        out.push(' ');
        out.push_str(&super::to_line(grid));
    }
    Some(out)
}
