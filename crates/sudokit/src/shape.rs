/*!
Board shapes and their unit tables.

A [`Shape`] is a box of `r` rows by `c` columns; the board is `N x N` with
`N = r * c`, `1 <= N <= 64`. Cells are numbered row by row from 0 to `N*N - 1`
([`Cell`]), digits run from 1 to `N` ([`Digit`](crate::Digit)).

Every shape has `3N` units: rows `0..N`, columns `N..2N` and boxes `2N..3N`
(boxes numbered row by row). The unit and peer tables of a shape are computed
once, on first use, and shared for the life of the process ([`Layout`]); there
are fewer than 300 valid shapes, so the cache is bounded.

Invariants: a `Shape` value always has `r, c >= 1` and `r * c <= 64`, so every
cell index fits in a `u16` and every set of digits fits in a `u64`.
*/

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::{Mutex, OnceLock};

/// The largest supported board side, `N = r * c`.
pub const MAX_SIZE: usize = 64;

/// A box shape of `r` rows by `c` columns; the board side is `N = r * c`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

/// Why a shape could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShapeError {
    /// A box dimension was zero.
    Zero,
    /// The board side `N = r * c` is larger than [`MAX_SIZE`].
    TooLarge {
        /// The requested side.
        size: usize,
    },
    /// The text was not of the form `RxC` or `N`.
    Syntax(String),
    /// A box shape was expected (`RxC`) and the text was not one.
    NotABox(String),
    /// A cell count that is not the square of a supported size.
    NotASquare {
        /// The number of cells found.
        cells: usize,
    },
    /// A board side with no natural box shape: below 4, or prime (its
    /// only boxes are single rows). Such a board needs its box shape given
    /// explicitly (`1x5`, say).
    NoNaturalBox {
        /// The board side.
        size: usize,
    },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::Zero => write!(f, "box dimensions must be at least 1"),
            ShapeError::TooLarge { size } => {
                write!(f, "board size {size} is too large (the largest is {MAX_SIZE}x{MAX_SIZE})")
            }
            ShapeError::Syntax(s) => {
                write!(
                    f,
                    "invalid shape {s:?}: expected a box shape like 3x3 or 2x3, or a size like 9"
                )
            }
            ShapeError::NotABox(s) => {
                write!(f, "invalid box shape {s:?}: expected ROWSxCOLS, e.g. 3x3 or 2x3")
            }
            ShapeError::NotASquare { cells } => write!(
                f,
                "{cells} cells is not a square board of a supported size \
                 (16, 36, 64, 81, 100, 144, 256, ... up to 4096)"
            ),
            ShapeError::NoNaturalBox { size } => no_natural_box(f, *size),
        }
    }
}

impl std::error::Error for ShapeError {}

/// The message of [`ShapeError::NoNaturalBox`] (shared with the readers'
/// error for a board too small or prime to guess a shape for).
pub(crate) fn no_natural_box(f: &mut fmt::Formatter<'_>, size: usize) -> fmt::Result {
    if size < 4 {
        write!(
            f,
            "a {size}x{size} board is too small to be a puzzle without an explicit box shape \
             (the smallest default is 4x4 with 2x2 boxes)"
        )
    } else {
        write!(
            f,
            "a {size}x{size} board has no natural box shape ({size} is prime): give the box \
             shape explicitly (1x{size} for boxes of one row)"
        )
    }
}

impl Shape {
    /// The classic 9x9 board with 3x3 boxes.
    pub const CLASSIC: Shape = Shape { box_rows: 3, box_cols: 3 };

    /// A shape with boxes of `box_rows` rows by `box_cols` columns.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        if box_rows == 0 || box_cols == 0 {
            return Err(ShapeError::Zero);
        }
        let size = box_rows.saturating_mul(box_cols);
        if size > MAX_SIZE {
            return Err(ShapeError::TooLarge { size });
        }
        Ok(Shape { box_rows: box_rows as u8, box_cols: box_cols as u8 })
    }

    /// The default shape for a board of side `size`: the box `r x c` with
    /// `r <= c` and `r` as large as possible (so 6 is 2x3, 12 is 3x4, 9 is
    /// 3x3). A side below 4 or a prime side has no such box (only boxes of
    /// one row, a guess nobody means): it is
    /// [`ShapeError::NoNaturalBox`], and [`Shape::new`] makes `1xN`
    /// boxes when they are asked for.
    pub fn from_size(size: usize) -> Result<Shape, ShapeError> {
        if size == 0 {
            return Err(ShapeError::Zero);
        }
        if size > MAX_SIZE {
            return Err(ShapeError::TooLarge { size });
        }
        let r = (1..=size).filter(|r| size.is_multiple_of(*r) && r * r <= size).max().unwrap_or(1);
        if r == 1 {
            return Err(ShapeError::NoNaturalBox { size });
        }
        Shape::new(r, size / r)
    }

    /// A box shape written `RxC` (also `R*C`, `RXC`): unlike [`str::parse`],
    /// a plain size is refused, so `--box 9` or `"box": "9"` is an error
    /// rather than a guess.
    pub fn parse_box(text: &str) -> Result<Shape, ShapeError> {
        if !text.contains(['x', 'X', '*']) {
            return Err(ShapeError::NotABox(text.to_string()));
        }
        text.parse()
    }

    /// The default shape for a board of `cells` cells, when `cells` is the
    /// square of a supported size.
    pub fn from_cell_count(cells: usize) -> Result<Shape, ShapeError> {
        let n = cells.isqrt();
        if n == 0 || n * n != cells {
            return Err(ShapeError::NotASquare { cells });
        }
        if n > MAX_SIZE {
            return Err(ShapeError::TooLarge { size: n });
        }
        Shape::from_size(n)
    }

    /// Rows in a box (`r`).
    #[inline]
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns in a box (`c`).
    #[inline]
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// The board side `N = r * c`: rows, columns, boxes and digits.
    #[inline]
    pub fn size(self) -> usize {
        self.box_rows as usize * self.box_cols as usize
    }

    /// The number of cells, `N * N`.
    #[inline]
    pub fn cell_count(self) -> usize {
        self.size() * self.size()
    }

    /// The number of units (rows, columns and boxes), `3N`.
    #[inline]
    pub fn unit_count(self) -> usize {
        3 * self.size()
    }

    /// The mask with one bit for each digit: bit `d - 1` stands for digit `d`.
    #[inline]
    pub fn all_digits(self) -> u64 {
        if self.size() == 64 { u64::MAX } else { (1u64 << self.size()) - 1 }
    }

    /// Whether boxes are square (`r == c`), which transposition needs.
    pub fn is_square_box(self) -> bool {
        self.box_rows == self.box_cols
    }

    /// The cell at `row`, `col` (both from 0).
    ///
    /// # Panics
    /// When `row` or `col` is not below `N`.
    #[inline]
    pub fn cell(self, row: usize, col: usize) -> Cell {
        let n = self.size();
        assert!(row < n && col < n, "cell ({row}, {col}) is outside a {n}x{n} board");
        Cell((row * n + col) as u16)
    }

    /// The row of `cell`, from 0.
    #[inline]
    pub fn row(self, cell: Cell) -> usize {
        cell.index() / self.size()
    }

    /// The column of `cell`, from 0.
    #[inline]
    pub fn col(self, cell: Cell) -> usize {
        cell.index() % self.size()
    }

    /// The box of `cell`, from 0, numbered row by row.
    #[inline]
    pub fn box_of(self, cell: Cell) -> usize {
        let (r, c) = (self.box_rows(), self.box_cols());
        // Boxes per band = N / c = r.
        (self.row(cell) / r) * r + self.col(cell) / c
    }

    /// The unit tables of this shape, computed once per process.
    pub fn layout(self) -> &'static Layout {
        static CACHE: OnceLock<Mutex<HashMap<Shape, &'static Layout>>> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
        // A poisoned lock only means another thread panicked while building a
        // layout; the map itself is always consistent (insertions are atomic).
        let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
        map.entry(self).or_insert_with(|| Box::leak(Box::new(Layout::build(self))))
    }

    /// Every valid shape, ordered by size then box rows.
    pub fn all() -> impl Iterator<Item = Shape> {
        (1..=MAX_SIZE).flat_map(|n| {
            (1..=n).filter(move |r| n % r == 0).map(move |r| Shape::new(r, n / r).unwrap())
        })
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Shape({self})")
    }
}

impl FromStr for Shape {
    type Err = ShapeError;

    /// Parses a box shape `RxC` (also `R*C`, `RXC`) or a plain size `N`.
    fn from_str(s: &str) -> Result<Shape, ShapeError> {
        let t = s.trim();
        let syntax = || ShapeError::Syntax(s.to_string());
        let num = |x: &str| x.trim().parse::<usize>().map_err(|_| syntax());
        match t.split_once(['x', 'X', '*']) {
            Some((r, c)) => Shape::new(num(r)?, num(c)?),
            None => Shape::from_size(num(t)?),
        }
    }
}

/// A cell of a board, numbered row by row from 0.
///
/// A `Cell` means something only together with its [`Shape`]; it prints in
/// the `rXcY` notation (from 1) through [`Cell::display`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(transparent)]
pub struct Cell(u16);

impl Cell {
    /// The cell with index `index` (row-major).
    #[inline]
    pub fn from_index(index: usize) -> Cell {
        debug_assert!(index < MAX_SIZE * MAX_SIZE);
        Cell(index as u16)
    }

    /// The row-major index of the cell.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The cell in `rXcY` notation (rows and columns from 1) for `shape`.
    pub fn display(self, shape: Shape) -> CellName {
        CellName { row: shape.row(self) + 1, col: shape.col(self) + 1 }
    }
}

/// A cell's name in `rXcY` notation, e.g. `r4c2`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CellName {
    /// The row, from 1.
    pub row: usize,
    /// The column, from 1.
    pub col: usize,
}

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row, self.col)
    }
}

/// The kind of a unit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum UnitKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
}

/// A unit (row, column or box) with its index from 0.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Unit {
    /// Row, column or box.
    pub kind: UnitKind,
    /// The index from 0 (boxes numbered row by row).
    pub index: usize,
}

impl Unit {
    /// The unit with flat index `u` in `0..3N` (rows, then columns, then boxes).
    pub fn from_flat(shape: Shape, u: usize) -> Unit {
        let n = shape.size();
        let kind = match u / n {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            _ => UnitKind::Box,
        };
        Unit { kind, index: u % n }
    }

    /// The flat index of the unit in `0..3N`.
    pub fn flat(self, shape: Shape) -> usize {
        let n = shape.size();
        let base = match self.kind {
            UnitKind::Row => 0,
            UnitKind::Column => n,
            UnitKind::Box => 2 * n,
        };
        base + self.index
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
        };
        write!(f, "{kind} {}", self.index + 1)
    }
}

/// The unit and peer tables of one shape, flat for cache-friendly scans.
#[derive(Debug)]
pub struct Layout {
    shape: Shape,
    /// `3N` units of `N` cells each, rows then columns then boxes.
    units: Vec<u16>,
    /// For each cell, its three units (row, column, box) as flat indices.
    cell_units: Vec<[u16; 3]>,
    /// For each cell, its peers (cells sharing a unit, itself excluded).
    peers: Vec<u16>,
    peer_count: usize,
}

impl Layout {
    fn build(shape: Shape) -> Layout {
        let n = shape.size();
        let cells = shape.cell_count();
        let mut units = vec![0u16; 3 * n * n];
        let mut cell_units = vec![[0u16; 3]; cells];
        let mut fill = [0usize; 3 * MAX_SIZE];
        for (i, slot) in cell_units.iter_mut().enumerate() {
            let cell = Cell::from_index(i);
            let us = [shape.row(cell), n + shape.col(cell), 2 * n + shape.box_of(cell)];
            for &u in &us {
                units[u * n + fill[u]] = i as u16;
                fill[u] += 1;
            }
            *slot = us.map(|u| u as u16);
        }
        let peer_count = 3 * n - shape.box_rows() - shape.box_cols() - 1;
        let mut peers = Vec::with_capacity(cells * peer_count);
        let mut seen = vec![usize::MAX; cells];
        for (i, us) in cell_units.iter().enumerate() {
            let start = peers.len();
            for &u in us {
                for &p in &units[u as usize * n..(u as usize + 1) * n] {
                    if p as usize != i && seen[p as usize] != i {
                        seen[p as usize] = i;
                        peers.push(p);
                    }
                }
            }
            debug_assert_eq!(peers.len() - start, peer_count);
        }
        Layout { shape, units, cell_units, peers, peer_count }
    }

    /// The shape these tables belong to.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cells of flat unit `u` (see [`Unit::flat`]), in reading order.
    #[inline]
    pub fn unit(&self, u: usize) -> &[u16] {
        let n = self.shape.size();
        &self.units[u * n..(u + 1) * n]
    }

    /// The flat indices of the row, column and box of cell index `cell`.
    #[inline]
    pub fn units_of(&self, cell: usize) -> [u16; 3] {
        self.cell_units[cell]
    }

    /// The peers of cell index `cell`: every other cell in its row, column or box.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_shapes_follow_the_short_side_rule() {
        let cases = [(4, "2x2"), (6, "2x3"), (8, "2x4"), (9, "3x3"), (10, "2x5"), (12, "3x4")];
        for (n, want) in cases {
            assert_eq!(Shape::from_size(n).unwrap().to_string(), want);
        }
        for n in [1, 2, 3, 5, 7, 11, 13, 61] {
            assert_eq!(Shape::from_size(n), Err(ShapeError::NoNaturalBox { size: n }), "{n}");
        }
        assert!(ShapeError::NoNaturalBox { size: 7 }.to_string().contains("1x7"));
        assert!(ShapeError::NoNaturalBox { size: 1 }.to_string().contains("too small"));
        assert_eq!(Shape::new(1, 7).unwrap().to_string(), "1x7");
        assert_eq!("1x7".parse::<Shape>(), Shape::new(1, 7));
        assert_eq!("7".parse::<Shape>(), Err(ShapeError::NoNaturalBox { size: 7 }));
        assert_eq!(Shape::from_size(64).unwrap().to_string(), "8x8");
        assert_eq!(Shape::from_size(49).unwrap().to_string(), "7x7");
        assert_eq!(Shape::from_size(65), Err(ShapeError::TooLarge { size: 65 }));
        assert_eq!(Shape::from_cell_count(144).unwrap().to_string(), "3x4");
        assert!(Shape::from_cell_count(80).is_err());
        assert!(Shape::from_cell_count(65 * 65).is_err());
    }

    #[test]
    fn parses_box_shapes_and_sizes() {
        assert_eq!("4x3".parse::<Shape>().unwrap(), Shape::new(4, 3).unwrap());
        assert_eq!("16".parse::<Shape>().unwrap(), Shape::new(4, 4).unwrap());
        assert!("9x9".parse::<Shape>().is_err());
        assert!("0x3".parse::<Shape>().is_err());
        assert!("abc".parse::<Shape>().is_err());
    }

    #[test]
    fn a_box_shape_needs_both_sides() {
        assert_eq!(Shape::parse_box("4x3").unwrap(), Shape::new(4, 3).unwrap());
        assert_eq!(Shape::parse_box(" 2*3").unwrap(), Shape::new(2, 3).unwrap());
        assert_eq!(Shape::parse_box("9"), Err(ShapeError::NotABox("9".into())));
        let message = Shape::parse_box("9").unwrap_err().to_string();
        assert!(message.contains("expected ROWSxCOLS"), "{message}");
        assert_eq!(Shape::parse_box("9x9"), Err(ShapeError::TooLarge { size: 81 }));
    }

    #[test]
    fn every_shape_has_consistent_units_and_peers() {
        for shape in Shape::all() {
            let n = shape.size();
            let layout = shape.layout();
            for u in 0..shape.unit_count() {
                let mut cells: Vec<u16> = layout.unit(u).to_vec();
                cells.sort_unstable();
                cells.dedup();
                assert_eq!(cells.len(), n, "{shape} unit {u}");
            }
            for i in 0..shape.cell_count() {
                for &p in layout.peers(i) {
                    let (a, b) = (Cell::from_index(i), Cell::from_index(p as usize));
                    let shares = shape.row(a) == shape.row(b)
                        || shape.col(a) == shape.col(b)
                        || shape.box_of(a) == shape.box_of(b);
                    assert!(shares && a != b);
                }
            }
        }
        assert_eq!(
            Shape::all().count(),
            (1..=64).map(|n| (1..=n).filter(|r| n % r == 0).count()).sum::<usize>()
        );
    }

    #[test]
    fn boxes_are_numbered_row_by_row() {
        let s = Shape::new(2, 3).unwrap(); // 6x6: 3 bands of 2 boxes
        assert_eq!(s.box_of(s.cell(0, 5)), 1);
        assert_eq!(s.box_of(s.cell(2, 0)), 2);
        assert_eq!(s.box_of(s.cell(5, 5)), 5);
        assert_eq!(Cell::from_index(10).display(s).to_string(), "r2c5");
    }
}
