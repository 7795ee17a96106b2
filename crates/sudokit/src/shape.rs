/*!
Board shapes and their unit tables.

A [`Shape`] is a box of `r` rows by `c` columns; the board is `N x N` with
`N = r * c`, `1 <= N <= 64`. Cells are numbered row by row from 0 to `N*N - 1`
([`Cell`]), digits run from 1 to `N` ([`Digit`](crate::Digit)).

Every shape has `3N` houses: rows `0..N`, columns `N..2N` and boxes `2N..3N`
(boxes numbered row by row). The house and peer tables of a shape with
classic rules are computed once, on first use, and shared for the life of
the process ([`Layout`]); there are fewer than 300 valid shapes, so the
cache is bounded. Other rules ([`Rules`](crate::Rules)) own their tables.

Invariants: a `Shape` value always has `r, c >= 1` and `r * c <= 64`, so every
cell index fits in a `u16` and every set of digits fits in a `u64`.
*/

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

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

/// The orthogonal neighbours of cell `i` (reading order from 0) on a board
/// of side `n`: up, down, left, right, those inside the board.
pub(crate) fn orthogonal(i: usize, n: usize) -> impl Iterator<Item = usize> + use<> {
    let (row, col) = (i / n, i % n);
    [
        (row > 0).then(|| i - n),
        (row + 1 < n).then(|| i + n),
        (col > 0).then(|| i - 1),
        (col + 1 < n).then(|| i + 1),
    ]
    .into_iter()
    .flatten()
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

    /// Whether these are the default boxes of the side ([`Shape::from_size`]):
    /// the shape a reader infers from the side alone, so text need not name
    /// it (`3x4` on 12x12, not `4x3`; no shape of a prime side).
    pub fn has_default_boxes(self) -> bool {
        Shape::from_size(self.size()) == Ok(self)
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

    /// The number of houses of classic rules (rows, columns and boxes), `3N`.
    #[inline]
    pub fn house_count(self) -> usize {
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

    /// The house tables of this shape with classic rules (rows, columns,
    /// boxes), computed once per process.
    pub fn layout(self) -> &'static Layout {
        // One slot per box shape `r x c` (most unused): a lookup takes no lock.
        static CACHE: [OnceLock<&'static Layout>; MAX_SIZE * MAX_SIZE] =
            [const { OnceLock::new() }; MAX_SIZE * MAX_SIZE];
        let slot = (self.box_rows() - 1) * MAX_SIZE + self.box_cols() - 1;
        CACHE[slot].get_or_init(|| Box::leak(Box::new(Layout::build(self))))
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

/// Writes the `rXcY` names of `cells` on `shape`'s board, `sep` between
/// them.
pub(crate) fn write_cell_names(
    f: &mut fmt::Formatter<'_>,
    cells: &[Cell],
    shape: Shape,
    sep: &str,
) -> fmt::Result {
    for (k, c) in cells.iter().enumerate() {
        if k > 0 {
            f.write_str(sep)?;
        }
        write!(f, "{}", c.display(shape))?;
    }
    Ok(())
}

/// The kind of a house.
///
/// Every board has rows, columns and either boxes or irregular regions;
/// [`Rules`](crate::Rules) add the other kinds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[non_exhaustive]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box of the shape.
    Box,
    /// An irregular region replacing the boxes (jigsaw).
    Region,
    /// A main diagonal: 1 runs from the top left, 2 from the top right.
    Diagonal,
    /// An extra window (windoku).
    Window,
    /// Any other house a rule set adds.
    Extra,
}

impl HouseKind {
    /// The word for the kind in sentences: `row`, `column`, `box`, ...
    pub fn name(self) -> &'static str {
        match self {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
            HouseKind::Region => "region",
            HouseKind::Diagonal => "diagonal",
            HouseKind::Window => "window",
            HouseKind::Extra => "house",
        }
    }
}

/// A house (a set of `N` cells holding every digit once) named by its kind
/// and its index from 0 among the houses of that kind.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct House {
    /// Row, column, box, ...
    pub kind: HouseKind,
    /// The index from 0 among houses of this kind (boxes numbered row by row).
    pub index: usize,
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind.name(), self.index + 1)
    }
}

/// The house and peer tables of a board, flat for cache-friendly scans.
///
/// Houses are numbered from 0: rows `0..N`, columns `N..2N`, boxes (or the
/// regions replacing them) `2N..3N`, then any extra houses of the rules.
/// So the first three houses of every cell ([`Layout::houses_of`]) are its
/// row, its column and its box or region, in that order.
///
/// Invariants: every house holds exactly `N` distinct cells; the peers of
/// a cell are the other cells of its houses and of its "must differ"
/// groups, each once.
#[derive(Debug)]
pub struct Layout {
    shape: Shape,
    /// `N` cells per house, house after house.
    houses: Vec<u16>,
    /// The name of each house.
    names: Vec<House>,
    /// For each cell `i`, its houses are `cell_houses[at[i]..at[i + 1]]`.
    cell_houses: Vec<u16>,
    cell_houses_at: Vec<u32>,
    /// Parallel to `cell_houses`: the cell's index inside that house.
    cell_places: Vec<u8>,
    /// For each cell `i`, its peers are `peers[peers_at[i]..peers_at[i + 1]]`.
    peers: Vec<u16>,
    peers_at: Vec<u32>,
    /// Whether some peers share no house (a "must differ" group).
    has_differ: bool,
    /// For each house `a`, the houses sharing two cells or more with it
    /// are `overlaps[overlaps_at[a]..overlaps_at[a + 1]]` (see
    /// [`Layout::overlaps`]).
    overlaps: Vec<(u16, u64)>,
    overlaps_at: Vec<u32>,
}

impl Layout {
    fn build(shape: Shape) -> Layout {
        let boxes: Vec<u8> =
            (0..shape.cell_count()).map(|i| shape.box_of(Cell::from_index(i)) as u8).collect();
        Layout::new(shape, &boxes, HouseKind::Box, &[], &[])
    }

    /// The tables of a board of `shape` whose third block of houses is
    /// given by `blocks` (the block of each cell, `N` cells in each, named
    /// `block_kind`), with `extra` houses and `differ` groups (cells that
    /// must hold different digits without being a house).
    pub(crate) fn new(
        shape: Shape,
        blocks: &[u8],
        block_kind: HouseKind,
        extra: &[(HouseKind, Vec<u16>)],
        differ: &[Vec<u16>],
    ) -> Layout {
        let n = shape.size();
        let cells = shape.cell_count();
        let count = 3 * n + extra.len();
        let mut houses = vec![0u16; 3 * n * n];
        let mut fill = vec![0usize; 3 * n];
        for (i, &block) in blocks.iter().enumerate() {
            let cell = Cell::from_index(i);
            for u in [shape.row(cell), n + shape.col(cell), 2 * n + block as usize] {
                houses[u * n + fill[u]] = i as u16;
                fill[u] += 1;
            }
        }
        let mut names: Vec<House> = (0..3 * n)
            .map(|u| {
                let kind = [HouseKind::Row, HouseKind::Column, block_kind][u / n];
                House { kind, index: u % n }
            })
            .collect();
        for (kind, cells) in extra {
            debug_assert_eq!(cells.len(), n);
            let index = names.iter().filter(|h| h.kind == *kind).count();
            names.push(House { kind: *kind, index });
            houses.extend_from_slice(cells);
        }
        let mut per_cell: Vec<Vec<(u16, u8)>> = vec![Vec::new(); cells];
        for u in 0..count {
            for (k, &c) in houses[u * n..(u + 1) * n].iter().enumerate() {
                per_cell[c as usize].push((u as u16, k as u8));
            }
        }
        let mut groups_of: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for (g, group) in differ.iter().enumerate() {
            for &c in group {
                groups_of[c as usize].push(g);
            }
        }
        let (mut cell_houses, mut cell_houses_at) = (Vec::new(), vec![0u32]);
        let mut cell_places = Vec::new();
        let (mut peers, mut peers_at) = (Vec::new(), vec![0u32]);
        let mut seen = vec![usize::MAX; cells];
        let mut has_differ = false;
        for i in 0..cells {
            cell_houses.extend(per_cell[i].iter().map(|&(u, _)| u));
            cell_places.extend(per_cell[i].iter().map(|&(_, k)| k));
            cell_houses_at.push(cell_houses.len() as u32);
            seen[i] = i;
            for &(u, _) in &per_cell[i] {
                for &p in &houses[u as usize * n..(u as usize + 1) * n] {
                    if seen[p as usize] != i {
                        seen[p as usize] = i;
                        peers.push(p);
                    }
                }
            }
            for &g in &groups_of[i] {
                for &p in &differ[g] {
                    if seen[p as usize] != i {
                        seen[p as usize] = i;
                        peers.push(p);
                        has_differ = true;
                    }
                }
            }
            peers_at.push(peers.len() as u32);
        }
        Layout {
            shape,
            houses,
            names,
            cell_houses,
            cell_houses_at,
            cell_places,
            peers,
            peers_at,
            has_differ,
            overlaps: Vec::new(),
            overlaps_at: Vec::new(),
        }
        .with_overlaps()
    }

    /// The shape these tables belong to.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The number of houses: `3N` and the extra houses.
    #[inline]
    pub fn house_count(&self) -> usize {
        self.names.len()
    }

    /// The cells of house `h`, in the order of the rules (reading order for
    /// rows, columns, boxes and regions).
    #[inline]
    pub fn house(&self, h: usize) -> &[u16] {
        let n = self.shape.size();
        &self.houses[h * n..(h + 1) * n]
    }

    /// The name of house `h`, e.g. "row 1" or "diagonal 2" when printed.
    #[inline]
    pub fn name(&self, h: usize) -> House {
        self.names[h]
    }

    /// The tables with [`Layout::overlaps`] made, read from each cell's
    /// houses.
    fn with_overlaps(mut self) -> Layout {
        let count = self.house_count();
        let mut masks = vec![0u64; count];
        let (mut overlaps, mut overlaps_at) = (Vec::new(), vec![0u32]);
        for a in 0..count {
            for (k, &c) in self.house(a).iter().enumerate() {
                for &b in self.houses_of(c as usize) {
                    masks[b as usize] |= 1 << k;
                }
            }
            for (b, mask) in masks.iter_mut().enumerate() {
                let mask = std::mem::take(mask);
                if b != a && mask.count_ones() >= 2 {
                    overlaps.push((b as u16, mask));
                }
            }
            overlaps_at.push(overlaps.len() as u32);
        }
        self.overlaps = overlaps;
        self.overlaps_at = overlaps_at;
        self
    }

    /// The houses `b` that share two cells or more with house `a`,
    /// ascending, each with the mask of `a`'s cells in `b` (bit `k` for
    /// `house(a)[k]`): the pairs a pointing or claiming can be made of.
    #[inline]
    pub(crate) fn overlaps(&self, a: usize) -> &[(u16, u64)] {
        &self.overlaps[self.overlaps_at[a] as usize..self.overlaps_at[a + 1] as usize]
    }

    /// The houses of cell index `cell`, in increasing order: its row,
    /// column and box (or region) first.
    #[inline]
    pub fn houses_of(&self, cell: usize) -> &[u16] {
        &self.cell_houses
            [self.cell_houses_at[cell] as usize..self.cell_houses_at[cell + 1] as usize]
    }

    /// Parallel to [`Layout::houses_of`]: the index of cell `cell` inside
    /// each of its houses (`house(houses_of(cell)[k])[places_of(cell)[k]]`
    /// is `cell`).
    #[inline]
    pub(crate) fn places_of(&self, cell: usize) -> &[u8] {
        &self.cell_places
            [self.cell_houses_at[cell] as usize..self.cell_houses_at[cell + 1] as usize]
    }

    /// The row, column and box (or region) of cell index `cell`: the
    /// first three of [`Layout::houses_of`].
    #[inline]
    pub fn row_col_block(&self, cell: usize) -> [u16; 3] {
        let h = self.houses_of(cell);
        [h[0], h[1], h[2]]
    }

    /// The peers of cell index `cell`: every other cell sharing a house or
    /// a "must differ" group with it.
    #[inline]
    pub fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[self.peers_at[cell] as usize..self.peers_at[cell + 1] as usize]
    }

    /// Whether cell indices `a` and `b` are peers: different cells that
    /// share a house or a "must differ" group, so they hold different
    /// digits.
    #[inline]
    pub fn sees(&self, a: usize, b: usize) -> bool {
        let (ha, hb) = (self.houses_of(a), self.houses_of(b));
        if a == b {
            return false;
        }
        // Row, column and box (or region) come first in every cell's list.
        if ha[0] == hb[0] || ha[1] == hb[1] || ha[2] == hb[2] {
            return true;
        }
        let only_three = self.names.len() == 3 * self.shape.size() && !self.has_differ;
        !only_three && self.peers(a).contains(&(b as u16))
    }

    /// Whether some cells must differ without sharing a house (anti-knight,
    /// say): then the peers are more than the houses tell.
    #[inline]
    pub fn has_differ(&self) -> bool {
        self.has_differ
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
            for u in 0..shape.house_count() {
                let mut cells: Vec<u16> = layout.house(u).to_vec();
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
