/*!
[`Grid`]: the values of a board, and the rules checks on them.

A grid holds one byte per cell: 0 for an empty cell, `1..=N` for a digit.
The constructor checks that every value fits the shape, so a `Grid` never
holds a digit larger than its `N`; it may hold clashing digits (two 5s in a
row), because users type such grids and validation must be able to say where
they clash ([`Grid::clashes`]).

A grid carries its [`Rules`] (classic rules of its shape unless it was made
with others), so everything that takes a grid knows its houses.
*/

use std::fmt;

use crate::constraint::{Broken, Constraint, Relation};
use crate::digit::{Bits, Digit};
use crate::rules::Rules;
use crate::shape::{Cell, House, Shape, write_cell_names};

/// The values of a board under some [`Rules`]: empty cells and digits.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    rules: Rules,
    cells: Box<[u8]>,
}

/// A value that does not fit the grid's shape.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GridError {
    /// The number of values is not `N * N`.
    WrongLength {
        /// The shape's cell count.
        expected: usize,
        /// The number of values given.
        found: usize,
    },
    /// A value larger than `N`.
    DigitTooLarge {
        /// The cell holding it.
        cell: Cell,
        /// The value.
        value: u8,
        /// The board side.
        size: usize,
    },
    /// Rules for a board of another side than the grid's.
    RulesShape {
        /// The grid's shape.
        grid: Shape,
        /// The rules' shape.
        rules: Shape,
    },
}

impl GridError {
    /// `Ok` when `found` cells (values or masks) fill a board of `shape`,
    /// else [`GridError::WrongLength`].
    pub(crate) fn check_length(shape: Shape, found: usize) -> Result<(), GridError> {
        let expected = shape.cell_count();
        if found == expected { Ok(()) } else { Err(GridError::WrongLength { expected, found }) }
    }
}

impl fmt::Display for GridError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GridError::WrongLength { expected, found } => {
                write!(f, "expected {expected} cells, found {found}")
            }
            GridError::DigitTooLarge { cell, value, size } => {
                write!(
                    f,
                    "cell index {} holds {value}, larger than the board size {size}",
                    cell.index()
                )
            }
            GridError::RulesShape { grid, rules } => {
                write!(
                    f,
                    "rules for a {0}x{0} board ({rules} boxes) do not fit a {1}x{1} grid",
                    rules.size(),
                    grid.size()
                )
            }
        }
    }
}

impl std::error::Error for GridError {}

/// Two or more cells of one house holding the same digit, or two cells
/// that must differ (and share no house) holding the same digit.
///
/// `Display` writes a sentence naming the house and the cells in `rXcY`
/// form, e.g. `row 1 has 5 in r1c1, r1c4`, or `r1c1 and r2c3 must differ
/// but both hold 5`:
///
/// ```
/// use sudokit::Grid;
///
/// let grid: Grid = "11..............".parse().unwrap();
/// let clashes: Vec<String> = grid.clashes().iter().map(|c| c.to_string()).collect();
/// assert_eq!(clashes, ["row 1 has 1 in r1c1, r1c2", "box 1 has 1 in r1c1, r1c2"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Clash {
    /// The house (row, column, box, diagonal, ...); `None` for two cells
    /// that share no house but must differ (a knight's move apart, say).
    pub house: Option<House>,
    /// The repeated digit.
    pub digit: Digit,
    /// Every cell of the house holding the digit, in reading order (the
    /// two cells that must differ when there is no house).
    pub cells: Vec<Cell>,
    /// The board's shape, which names the cells.
    shape: Shape,
}

impl Clash {
    /// Where the clash is: the house (`row 1`), or `cells that must differ`.
    pub fn place(&self) -> String {
        self.house.map_or_else(|| "cells that must differ".to_string(), |h| h.to_string())
    }

    /// The shape of the board the clash is on.
    pub fn shape(&self) -> Shape {
        self.shape
    }
}

impl fmt::Display for Clash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.house {
            Some(house) => {
                write!(f, "{house} has {} in ", self.digit)?;
                write_cell_names(f, &self.cells, self.shape, ", ")
            }
            None => {
                write_cell_names(f, &self.cells, self.shape, " and ")?;
                write!(f, " must differ but both hold {}", self.digit)
            }
        }
    }
}

impl Grid {
    /// An empty grid of `shape` with classic rules.
    pub fn empty(shape: Shape) -> Grid {
        Grid::empty_with(Rules::classic(shape))
    }

    /// An empty grid under `rules`.
    pub fn empty_with(rules: Rules) -> Grid {
        let cells = vec![0; rules.shape().cell_count()].into_boxed_slice();
        Grid { rules, cells }
    }

    /// A grid of `shape` with classic rules from `N * N` values in reading
    /// order, 0 for empty.
    pub fn from_values(shape: Shape, values: impl Into<Vec<u8>>) -> Result<Grid, GridError> {
        Grid::from_values_with(Rules::classic(shape), values)
    }

    /// A grid under `rules` from `N * N` values in reading order, 0 for
    /// empty.
    pub fn from_values_with(rules: Rules, values: impl Into<Vec<u8>>) -> Result<Grid, GridError> {
        let shape = rules.shape();
        let values = values.into();
        GridError::check_length(shape, values.len())?;
        // The maximum first (a vectorised scan): the position only on error.
        let max = values.iter().copied().max().unwrap_or(0);
        if max as usize > shape.size()
            && let Some(i) = values.iter().position(|&v| v as usize > shape.size())
        {
            return Err(GridError::DigitTooLarge {
                cell: Cell::from_index(i),
                value: values[i],
                size: shape.size(),
            });
        }
        Ok(Grid { rules, cells: values.into_boxed_slice() })
    }

    /// This grid's values under `rules`, which must be for a board of the
    /// grid's side. The boxes are the rules': a 12x12 puzzle read as 3x4
    /// boxes (the default for its side) takes the 4x3 boxes of rules that
    /// name them, as a `# rules: 4x3` line does.
    pub fn with_rules(mut self, rules: Rules) -> Result<Grid, GridError> {
        if rules.shape().size() != self.shape().size() {
            return Err(GridError::RulesShape { grid: self.shape(), rules: rules.shape() });
        }
        self.rules = rules;
        Ok(self)
    }

    /// Overwrites the grid with `values` of `shape` (the checks of
    /// [`Grid::from_values`]), reusing its storage when the cell count is
    /// unchanged: so a reader can parse many puzzles into one record without
    /// a heap allocation each. On error the grid is left as it was.
    pub(crate) fn assign(&mut self, shape: Shape, values: &[u8]) -> Result<(), GridError> {
        if values.len() != self.cells.len() {
            *self = Grid::from_values(shape, values)?;
            return Ok(());
        }
        let max = values.iter().copied().max().unwrap_or(0);
        if max as usize > shape.size() || values.len() != shape.cell_count() {
            // The error (and its message) of the allocating constructor.
            return Grid::from_values(shape, values).map(drop);
        }
        if self.rules.shape() != shape || !self.rules.is_classic() {
            self.rules = Rules::classic(shape);
        }
        self.cells.copy_from_slice(values);
        Ok(())
    }

    crate::rules::rules_accessors!("grid");

    /// The values in reading order, 0 for empty.
    #[inline]
    pub fn values(&self) -> &[u8] {
        &self.cells
    }

    /// The digit in `cell`, if any.
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new_checked(self.cells[cell.index()])
    }

    /// Puts `digit` in `cell`, or empties it with `None`.
    ///
    /// # Panics
    /// When the digit is larger than the board size.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        let v = digit.map_or(0, Digit::get);
        let shape = self.shape();
        assert!(v as usize <= shape.size(), "digit {v} does not fit a {shape} board");
        self.cells[cell.index()] = v;
    }

    /// The number of filled cells.
    pub fn clue_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Every clash: each house with a digit in two or more of its cells,
    /// in house order (rows, columns, boxes, then the rules' other houses)
    /// then by digit; then each pair of cells that must differ, share no
    /// house and hold the same digit, in reading order.
    pub fn clashes(&self) -> Vec<Clash> {
        let layout = self.rules.layout();
        let mut out = Vec::new();
        for u in 0..layout.house_count() {
            let (mut seen, mut twice) = (0u64, 0u64);
            for &c in layout.house(u) {
                let v = self.cells[c as usize];
                if v != 0 {
                    let bit = 1u64 << (v - 1);
                    twice |= seen & bit;
                    seen |= bit;
                }
            }
            for b in Bits(twice) {
                let d = b as u8 + 1;
                let mut cells: Vec<Cell> = layout
                    .house(u)
                    .iter()
                    .filter(|&&c| self.cells[c as usize] == d)
                    .map(|&c| Cell::from_index(c as usize))
                    .collect();
                cells.sort_unstable();
                let (house, digit) = (Some(layout.name(u)), Digit::new(d));
                out.push(Clash { house, digit, cells, shape: self.shape() });
            }
        }
        if layout.has_differ() {
            for (i, &v) in self.cells.iter().enumerate() {
                for &p in layout.peers(i) {
                    let p = p as usize;
                    if v != 0 && p > i && self.cells[p] == v && !shares_house(layout, i, p) {
                        let cells = vec![Cell::from_index(i), Cell::from_index(p)];
                        out.push(Clash {
                            house: None,
                            digit: Digit::new(v),
                            cells,
                            shape: self.shape(),
                        });
                    }
                }
            }
        }
        out
    }

    /// Every constraint beyond "all different" that the grid breaks (see
    /// [`crate::constraint`]): the rules' constraints in order, then each
    /// pair of neighbours against a neighbour rule (non-consecutive, no
    /// dot), in reading order.
    pub fn broken(&self) -> Vec<Broken> {
        let shape = self.shape();
        let mut out = Vec::new();
        let mut numbers = [0usize; 4];
        for c in self.rules.constraints() {
            let kind = match c {
                Constraint::Cage(_) => 0,
                Constraint::Thermo(_) => 1,
                Constraint::Dot(_) => 2,
                _ => 3,
            };
            numbers[kind] += 1;
            if c.is_broken_by(&self.cells) {
                // A marked cell is at fault alone; a cage, thermometer or
                // dot with all its filled cells.
                let at_fault: Vec<u16> = match c {
                    Constraint::Parity(p) => p.wrong_cells(&self.cells).collect(),
                    _ => {
                        c.cells().iter().copied().filter(|&x| self.cells[x as usize] != 0).collect()
                    }
                };
                let mut cells: Vec<Cell> =
                    at_fault.iter().map(|&x| Cell::from_index(x as usize)).collect();
                cells.sort_unstable();
                out.push(Broken { constraint: c.describe(numbers[kind], shape), cells, shape });
            }
        }
        for ([a, b], relation) in self.rules.neighbour_relations() {
            let (va, vb) = (self.cells[a as usize], self.cells[b as usize]);
            if va != 0 && vb != 0 && !relation.holds(va, vb) {
                let constraint = match relation {
                    Relation::NoDot => "no dot",
                    _ => "non-consecutive",
                };
                let cells = vec![Cell::from_index(a as usize), Cell::from_index(b as usize)];
                out.push(Broken { constraint: constraint.to_string(), cells, shape });
            }
        }
        out
    }

    /// Whether no house holds a digit twice, no cells that must differ
    /// hold the same digit, and no constraint is broken.
    pub fn is_consistent(&self) -> bool {
        self.clashes().is_empty() && self.broken().is_empty()
    }

    /// Whether the grid is complete and breaks no rule.
    pub fn is_solved(&self) -> bool {
        self.is_complete() && self.is_consistent()
    }

    /// Whether this grid is a correct solution of `puzzle`: same rules,
    /// complete, no clash, and every given of `puzzle` kept.
    ///
    /// This check uses only the rules, never a solver.
    pub fn is_solution_of(&self, puzzle: &Grid) -> bool {
        self.rules == puzzle.rules
            && self.is_solved()
            && puzzle.cells.iter().zip(self.cells.iter()).all(|(&p, &s)| p == 0 || p == s)
    }

    /// The candidates of every cell implied by the filled cells: a filled
    /// cell has its own digit only; an empty cell has every digit none of
    /// its peers holds.
    pub fn candidate_masks(&self) -> Vec<u64> {
        let layout = self.rules.layout();
        let all = self.shape().all_digits();
        let mut used = vec![0u64; layout.house_count()];
        for (i, &v) in self.cells.iter().enumerate() {
            if v != 0 {
                for &u in layout.houses_of(i) {
                    used[u as usize] |= 1u64 << (v - 1);
                }
            }
        }
        let mut masks: Vec<u64> = (0..self.cells.len())
            .map(|i| match self.cells[i] {
                0 => layout.houses_of(i).iter().fold(all, |m, &u| m & !used[u as usize]),
                v => 1u64 << (v - 1),
            })
            .collect();
        if layout.has_differ() {
            for (i, &v) in self.cells.iter().enumerate() {
                if v != 0 {
                    for &p in layout.peers(i) {
                        if self.cells[p as usize] == 0 {
                            masks[p as usize] &= !(1u64 << (v - 1));
                        }
                    }
                }
            }
        }
        masks
    }
}

/// Whether cells `a` and `b` share a house.
fn shares_house(layout: &crate::shape::Layout, a: usize, b: usize) -> bool {
    let hb = layout.houses_of(b);
    layout.houses_of(a).iter().any(|h| hb.contains(h))
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({}, {:?})", self.rules, self.cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(s: &str) -> Grid {
        s.parse().unwrap()
    }

    #[test]
    fn reports_each_clash_with_unit_digit_and_cells() {
        // 4x4: two 1s in row 1 (r1c1, r1c2), which also share box 1.
        let g = grid("11..............");
        let clashes = g.clashes();
        let text: Vec<String> = clashes.iter().map(Clash::to_string).collect();
        assert_eq!(text, ["row 1 has 1 in r1c1, r1c2", "box 1 has 1 in r1c1, r1c2"]);
    }

    #[test]
    fn a_solution_must_keep_the_givens() {
        let solved = grid("1234341221434321");
        assert!(solved.is_solved());
        let puzzle = grid("1...............");
        assert!(solved.is_solution_of(&puzzle));
        let other = grid("2...............");
        assert!(!solved.is_solution_of(&other));
        assert!(!grid("1234341221434312").is_solved());
    }

    #[test]
    fn rejects_values_beyond_the_shape() {
        let err = Grid::from_values(Shape::new(2, 2).unwrap(), vec![5; 16]).unwrap_err();
        assert!(matches!(err, GridError::DigitTooLarge { value: 5, size: 4, .. }));
    }
}
