/*!
Validity-preserving transformations of a board, and canonical forms.

# Overview
- [`Transform`]: one element of a shape's equivalence group, as a value: a
  permutation of the bands, of the rows inside each band, of the stacks, of
  the columns inside each stack, a relabelling of the digits and, for square
  boxes only, a transposition. Applying it to a valid grid gives a valid
  grid, to a puzzle an equivalent puzzle with the same number of solutions.
  Transforms compose ([`Transform::then`]) and invert
  ([`Transform::inverse`]).
- Named constructors for the usual operations: [`Transform::relabel`],
  [`Transform::swap_rows`], [`Transform::swap_bands`],
  [`Transform::swap_cols`], [`Transform::swap_stacks`],
  [`Transform::permute_bands`], [`Transform::permute_stacks`],
  [`Transform::transpose`], [`Transform::rotate`], [`Transform::mirror_h`],
  [`Transform::mirror_v`]; [`Op`] names them in text (`rot90`,
  `swap-bands:1,3`, `relabel:987654321`, ...).
- [`Transform::random`]: a uniformly random element of the group from a
  seed (each factor independently and uniformly, which is uniform over the
  whole group); benchmarks use it so that no data set is favoured by its
  layout, as tdoku's benchmark does. Shifting whole bands or stacks is one
  of the elements it can draw.
- [`Transform::try_apply`] on a grid with variant rules moves the rules
  with the cells ([`Transform::try_move_rules`]): regions, cages,
  thermometers, dots and marks go where their cells go, and a transform
  that would change the puzzle is refused, saying why.
  [`Transform::random_keeping`] draws a random transform that keeps a
  grid's rules.
- [`canonical_form`], [`automorphism_count`], [`Canonicalizer`]: the
  minimal representative of a grid's equivalence class (see the `canon`
  section below).

# The group
For boxes of `r x c` there are `c` bands of `r` rows and `r` stacks of `c`
columns. A board map permutes bands, rows inside bands, stacks and columns
inside stacks: `c! (r!)^c r! (c!)^r` maps, doubled by transposition when the
boxes are square (for 9x9: `2 * 6^8 = 3,359,232`). Transposing a board with
rectangular boxes gives a board with `c x r` boxes, a different shape, so
[`Transform::transpose`] and the quarter-turn rotations refuse such shapes
with [`TransformError::NeedsSquareBoxes`]; the half-turn and both mirrors
keep every shape (they reverse the order of bands and of the rows inside
each band, or of stacks and columns). Digit relabellings (`N!`) complete the
group.

# Canonical form
The canonical form of a grid is the lexicographically smallest value string
(row by row, a blank is `0` and sorts before every digit) among all images
of the grid under the group. For a given board map, the best relabelling
numbers the digits in order of first appearance, so the form is the minimum
over board maps of "map, then relabel by first appearance". The search is
exact; see [`Canonicalizer`] for the algorithm, its cost and the shapes it
serves.

# Invariants
`rows` and `cols` are permutations of `0..N` that keep bands (stacks)
together: new row `i` is old row `rows[i]`, and rows of one band stay in one
band. `digits[d - 1]` is the new label of digit `d`, a permutation of `1..=N`.
With `transpose`, new cell `(i, j)` is old cell `(rows[j], cols[i])`.
*/

mod canon;
mod moved;

use std::fmt;
use std::str::FromStr;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::grid::Grid;
use crate::rules::Rules;
use crate::shape::Shape;

pub use canon::{
    CanonError, Canonical, Canonicalizer, automorphism_count, canonical, canonical_form,
};

/// One validity-preserving transformation of boards of one shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transform {
    shape: Shape,
    rows: Vec<usize>,
    cols: Vec<usize>,
    digits: Vec<u8>,
    transpose: bool,
}

/// Why a transformation could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TransformError {
    /// Transposition and quarter turns need square boxes: on `r x c` boxes
    /// with `r != c` they would give a board of another shape (`c x r`).
    NeedsSquareBoxes {
        /// The operation asked for (`transpose`, `rot90`, `rot270`).
        op: &'static str,
        /// The board's shape.
        shape: Shape,
    },
    /// A row, column, band or stack number beyond the board (numbers from 1).
    OutOfRange {
        /// `row`, `column`, `band` or `stack`.
        what: &'static str,
        /// The number given, from 1.
        number: usize,
        /// How many there are.
        count: usize,
    },
    /// Two rows (columns) to swap that are not in one band (stack).
    NotInOneBand {
        /// `rows` or `columns`.
        what: &'static str,
        /// The first number, from 1.
        a: usize,
        /// The second number, from 1.
        b: usize,
    },
    /// A list that should be a permutation is not one (wrong length, a
    /// repeat, or a value out of range), or a row (column) permutation that
    /// splits a band (stack).
    NotAPermutation {
        /// What the list was for.
        what: &'static str,
        /// The offending text or list.
        found: String,
    },
    /// A digit relabelling that does not fit the board: it must give one
    /// label for each digit `1..=N`, every label in `1..=N`, none twice.
    BadLabels {
        /// The board size `N`.
        size: usize,
        /// The labels given, in order (digit `d` becomes `labels[d - 1]`).
        labels: Vec<u8>,
    },
    /// An operation name or argument that could not be read.
    Syntax(String),
    /// The grid's rules do not survive the transform: it moves a named
    /// rule off itself (a row swap moves the X diagonals), or the data
    /// moved with the cells no longer fits the board (a jigsaw region
    /// split, a thermometer whose cells no longer touch).
    BreaksRules {
        /// The rules' compact name.
        rules: String,
        /// What breaks, in words.
        reason: String,
    },
    /// The transform relabels digits under rules that read digit values:
    /// cage sums, thermometers, dots, even/odd marks, non-consecutive.
    RelabelsConstraints {
        /// The rules' compact name.
        rules: String,
        /// The constraints that read values, named for people.
        parts: String,
    },
}

/// The start of a rules' compact name, for messages: a killer's name runs
/// to hundreds of characters, and its first ones say which rules they are.
pub(crate) fn short_name(rules: &str) -> String {
    const KEEP: usize = 40;
    match rules.char_indices().nth(KEEP) {
        Some((at, _)) => format!("{}...", &rules[..at]),
        None => rules.to_string(),
    }
}

/// A digit value as written on a line (1-9 then A-Z), or its number.
fn symbol(v: u8) -> String {
    match v {
        1..=9 => ((b'0' + v) as char).to_string(),
        10..=35 => ((b'A' + v - 10) as char).to_string(),
        _ => v.to_string(),
    }
}

/// What is wrong with `labels` as a relabelling of `size` digits, in words.
fn describe_bad_labels(size: usize, labels: &[u8]) -> String {
    let all = |vs: &[u8]| vs.iter().map(|&v| symbol(v)).collect::<Vec<_>>().join(", ");
    let board = format!("a {size}x{size} board");
    let range = format!("1-{}", symbol(size as u8));
    if labels.len() != size {
        return format!(
            "the relabelling gives {} labels but {board} needs {size}: one new label for each \
             digit {range}, in order",
            labels.len()
        );
    }
    let beyond: Vec<u8> = labels.iter().copied().filter(|&v| v == 0 || v as usize > size).collect();
    if !beyond.is_empty() {
        return format!(
            "the relabelling uses {} beyond the digits of {board} (labels must be {range})",
            all(&beyond)
        );
    }
    let mut twice: Vec<u8> =
        (1..=size as u8).filter(|d| labels.iter().filter(|&&v| v == *d).count() > 1).collect();
    twice.dedup();
    let missing: Vec<u8> = (1..=size as u8).filter(|d| !labels.contains(d)).collect();
    format!(
        "the relabelling gives the label {} to more than one digit and never uses {} (each \
         of {range} must appear once)",
        all(&twice),
        all(&missing)
    )
}

impl fmt::Display for TransformError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TransformError::BreaksRules { rules, reason } => {
                write!(f, "this transform does not keep the rules {}: {reason}", short_name(rules))
            }
            TransformError::RelabelsConstraints { rules, parts } => write!(
                f,
                "relabelling digits would change the puzzle under the rules {}: its {parts} \
                 read the digits' values; only moves of the cells (rotations, mirrors, swaps, \
                 transposition) keep such a puzzle",
                short_name(rules)
            ),
            TransformError::NeedsSquareBoxes { op, shape } => write!(
                f,
                "{op} needs square boxes: on {shape} boxes it would make a board with {}x{} \
                 boxes, a different shape (use rot180, mirror-h or mirror-v)",
                shape.box_cols(),
                shape.box_rows()
            ),
            TransformError::OutOfRange { what, number, count } => {
                write!(f, "{what} {number} does not exist (there are {count}, numbered from 1)")
            }
            TransformError::NotInOneBand { what, a, b } => {
                let group = if *what == "rows" { "band" } else { "stack" };
                write!(f, "{what} {a} and {b} are not in the same {group}")
            }
            TransformError::NotAPermutation { what, found } => {
                write!(f, "{what}: {found:?} is not a permutation")
            }
            TransformError::BadLabels { size, labels } => {
                write!(f, "{}", describe_bad_labels(*size, labels))
            }
            TransformError::Syntax(s) => write!(f, "{s}"),
        }
    }
}

impl std::error::Error for TransformError {}

impl Transform {
    /// The transformation that changes nothing.
    pub fn identity(shape: Shape) -> Transform {
        let n = shape.size();
        Transform {
            shape,
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            digits: (1..=n as u8).collect(),
            transpose: false,
        }
    }

    /// A uniformly random element of the equivalence group of `shape`, drawn
    /// from `seed` (the same seed always gives the same transformation).
    pub fn random(shape: Shape, seed: u64) -> Transform {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let (r, c) = (shape.box_rows(), shape.box_cols());
        // Bands are r rows tall and there are c of them; stacks are c
        // columns wide and there are r of them.
        let rows = grouped_permutation(&mut rng, c, r);
        let cols = grouped_permutation(&mut rng, r, c);
        let mut digits: Vec<u8> = (1..=shape.size() as u8).collect();
        digits.shuffle(&mut rng);
        let transpose = shape.is_square_box() && rng.random_bool(0.5);
        Transform { shape, rows, cols, digits, transpose }
    }

    /// A random transformation that keeps `rules`, drawn from `seed`: for
    /// classic rules [`Transform::random`] itself; otherwise one of the
    /// board's rotations and mirrors (transpositions too with square
    /// boxes), uniformly among those that keep the rules (see
    /// [`Transform::try_move_rules`]), then a uniformly random relabelling
    /// of the digits when no rule reads digit values. Row, band and stack
    /// swaps are left out: they split jigsaw regions and move diagonals,
    /// thermometers and dots off their cells.
    pub fn random_keeping(rules: &Rules, seed: u64) -> Transform {
        let shape = rules.shape();
        if rules.is_classic() {
            return Transform::random(shape, seed);
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let mut symmetries: Vec<Transform> = (0..4)
            .filter_map(|q| Transform::rotate(shape, q).ok())
            .flat_map(|t| [t.clone(), t.then(&Transform::mirror_h(shape))])
            .collect();
        symmetries.dedup();
        symmetries.shuffle(&mut rng);
        let identity = Transform::identity(shape);
        let board = symmetries
            .into_iter()
            .find(|t| t.try_move_rules(rules).is_ok())
            .unwrap_or_else(|| identity.clone());
        let mut digits: Vec<u8> = (1..=shape.size() as u8).collect();
        digits.shuffle(&mut rng);
        let relabel = Transform { digits, ..identity };
        let both = board.then(&relabel);
        if both.try_move_rules(rules).is_ok() { both } else { board }
    }

    /// A transformation from its parts, checked: new row `i` is old row
    /// `rows[i]`, new column `j` old column `cols[j]` (both from 0, keeping
    /// bands and stacks together), digit `d` becomes `digits[d - 1]`, and
    /// with `transpose` the result is transposed last.
    pub fn from_parts(
        shape: Shape,
        rows: Vec<usize>,
        cols: Vec<usize>,
        digits: Vec<u8>,
        transpose: bool,
    ) -> Result<Transform, TransformError> {
        let (r, c) = (shape.box_rows(), shape.box_cols());
        check_grouped(&rows, c, r, "row order")?;
        check_grouped(&cols, r, c, "column order")?;
        let as_index: Vec<usize> = digits.iter().map(|&d| (d as usize).wrapping_sub(1)).collect();
        if !is_permutation(&as_index, shape.size()) {
            return Err(TransformError::BadLabels { size: shape.size(), labels: digits });
        }
        if transpose && !shape.is_square_box() {
            return Err(TransformError::NeedsSquareBoxes { op: "transpose", shape });
        }
        Ok(Transform { shape, rows, cols, digits, transpose })
    }

    /// Relabels the digits: digit `d` becomes `digits[d - 1]`.
    pub fn relabel(shape: Shape, digits: &[u8]) -> Result<Transform, TransformError> {
        let id = Transform::identity(shape);
        Transform::from_parts(shape, id.rows, id.cols, digits.to_vec(), false)
    }

    /// Swaps rows `a` and `b` (from 0), which must be in one band.
    pub fn swap_rows(shape: Shape, a: usize, b: usize) -> Result<Transform, TransformError> {
        let rows = swapped("row", shape.size(), a, b)?;
        check_one_group("rows", shape.box_rows(), a, b)?;
        Ok(Transform { rows, ..Transform::identity(shape) })
    }

    /// Swaps columns `a` and `b` (from 0), which must be in one stack.
    pub fn swap_cols(shape: Shape, a: usize, b: usize) -> Result<Transform, TransformError> {
        let cols = swapped("column", shape.size(), a, b)?;
        check_one_group("columns", shape.box_cols(), a, b)?;
        Ok(Transform { cols, ..Transform::identity(shape) })
    }

    /// Swaps bands `a` and `b` (from 0; a band is `r` rows).
    pub fn swap_bands(shape: Shape, a: usize, b: usize) -> Result<Transform, TransformError> {
        Transform::permute_bands(shape, &swapped("band", shape.box_cols(), a, b)?)
    }

    /// Swaps stacks `a` and `b` (from 0; a stack is `c` columns).
    pub fn swap_stacks(shape: Shape, a: usize, b: usize) -> Result<Transform, TransformError> {
        Transform::permute_stacks(shape, &swapped("stack", shape.box_rows(), a, b)?)
    }

    /// Reorders the bands: new band `i` is old band `order[i]` (from 0).
    pub fn permute_bands(shape: Shape, order: &[usize]) -> Result<Transform, TransformError> {
        let rows = lines_of_groups("band order", order, shape.box_cols(), shape.box_rows())?;
        Ok(Transform { rows, ..Transform::identity(shape) })
    }

    /// Reorders the stacks: new stack `i` is old stack `order[i]` (from 0).
    pub fn permute_stacks(shape: Shape, order: &[usize]) -> Result<Transform, TransformError> {
        let cols = lines_of_groups("stack order", order, shape.box_rows(), shape.box_cols())?;
        Ok(Transform { cols, ..Transform::identity(shape) })
    }

    /// Transposes the board (rows become columns). Square boxes only.
    pub fn transpose(shape: Shape) -> Result<Transform, TransformError> {
        if !shape.is_square_box() {
            return Err(TransformError::NeedsSquareBoxes { op: "transpose", shape });
        }
        Ok(Transform { transpose: true, ..Transform::identity(shape) })
    }

    /// Rotates the board clockwise by `quarter_turns` times 90 degrees
    /// (any integer; taken modulo 4). Odd quarter turns need square boxes.
    pub fn rotate(shape: Shape, quarter_turns: i32) -> Result<Transform, TransformError> {
        let n = shape.size();
        let reversed: Vec<usize> = (0..n).rev().collect();
        let id = Transform::identity(shape);
        match quarter_turns.rem_euclid(4) {
            0 => Ok(id),
            // Clockwise: new (i, j) = old (n-1-j, i) = transpose of rows reversed.
            1 if shape.is_square_box() => Ok(Transform { rows: reversed, transpose: true, ..id }),
            // Half turn: new (i, j) = old (n-1-i, n-1-j).
            2 => Ok(Transform { rows: reversed.clone(), cols: reversed, ..id }),
            // Counter-clockwise: new (i, j) = old (j, n-1-i).
            3 if shape.is_square_box() => Ok(Transform { cols: reversed, transpose: true, ..id }),
            q => Err(TransformError::NeedsSquareBoxes {
                op: if q == 1 { "rot90" } else { "rot270" },
                shape,
            }),
        }
    }

    /// Mirrors left to right (each row reversed; the mirror axis is vertical):
    /// new `(i, j)` is old `(i, N-1-j)`. Every shape.
    pub fn mirror_h(shape: Shape) -> Transform {
        let cols = (0..shape.size()).rev().collect();
        Transform { cols, ..Transform::identity(shape) }
    }

    /// Mirrors top to bottom (the row order reversed; the mirror axis is
    /// horizontal): new `(i, j)` is old `(N-1-i, j)`. Every shape.
    pub fn mirror_v(shape: Shape) -> Transform {
        let rows = (0..shape.size()).rev().collect();
        Transform { rows, ..Transform::identity(shape) }
    }

    /// The transformation of a list of operations, applied in order.
    pub fn from_ops(shape: Shape, ops: &[Op]) -> Result<Transform, TransformError> {
        ops.iter()
            .try_fold(Transform::identity(shape), |t, op| Ok(t.then(&op.to_transform(shape)?)))
    }

    /// The shape this transformation applies to.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The row order: new row `i` is old row `rows()[i]` (before a transposition).
    pub fn rows(&self) -> &[usize] {
        &self.rows
    }

    /// The column order: new column `j` is old column `cols()[j]` (before a transposition).
    pub fn cols(&self) -> &[usize] {
        &self.cols
    }

    /// The digit labels: digit `d` becomes `digits()[d - 1]`.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Whether the board is transposed after the row and column orders.
    pub fn is_transposed(&self) -> bool {
        self.transpose
    }

    /// This transformation followed by `next`: `a.then(&b).apply(g) ==
    /// b.apply(&a.apply(g))`.
    ///
    /// # Panics
    /// When the two are for different shapes.
    pub fn then(&self, next: &Transform) -> Transform {
        assert_eq!(self.shape, next.shape, "composing transforms of different shapes");
        // Applying self gives g1(i, j) = d1[src(p1(i, j))] with p1(i, j) =
        // (r1[i], c1[j]) or, transposed, (r1[j], c1[i]); following it by next
        // works out to rows r1[x[k]], cols c1[y[k]], where (x, y) = (r2, c2),
        // swapped when self transposes.
        let (x, y) =
            if self.transpose { (&next.cols, &next.rows) } else { (&next.rows, &next.cols) };
        Transform {
            shape: self.shape,
            rows: x.iter().map(|&k| self.rows[k]).collect(),
            cols: y.iter().map(|&k| self.cols[k]).collect(),
            digits: self.digits.iter().map(|&d| next.digits[d as usize - 1]).collect(),
            transpose: self.transpose != next.transpose,
        }
    }

    /// The transformation that undoes this one.
    pub fn inverse(&self) -> Transform {
        let invert = |p: &[usize]| {
            let mut q = vec![0; p.len()];
            for (i, &v) in p.iter().enumerate() {
                q[v] = i;
            }
            q
        };
        let mut digits = vec![0u8; self.digits.len()];
        for (i, &d) in self.digits.iter().enumerate() {
            digits[d as usize - 1] = i as u8 + 1;
        }
        let (rows, cols) = if self.transpose {
            (invert(&self.cols), invert(&self.rows))
        } else {
            (invert(&self.rows), invert(&self.cols))
        };
        Transform { shape: self.shape, rows, cols, digits, transpose: self.transpose }
    }

    /// `grid` transformed, with its rules moved along: houses, regions,
    /// cages, thermometers, dots and marks go with their cells, so the
    /// result is the same puzzle written differently. Classic rules are
    /// always kept; an error when the rules do not survive the transform
    /// (see [`TransformError::BreaksRules`] and
    /// [`TransformError::RelabelsConstraints`]).
    ///
    /// # Panics
    /// When `grid` has another shape.
    pub fn try_apply(&self, grid: &Grid) -> Result<Grid, TransformError> {
        let rules = grid.rules();
        if rules.is_classic() {
            return Ok(self.map_values(grid));
        }
        let moved = self.try_move_rules(rules)?;
        let out = self.map_values(grid);
        Ok(out.with_rules(moved).expect("a transform keeps the shape"))
    }

    /// `rules` moved by this transform: the rules under which the image of
    /// a grid under `rules` is the same puzzle (see [`Transform::try_apply`]).
    ///
    /// # Panics
    /// When `rules` are of another shape.
    pub fn try_move_rules(&self, rules: &Rules) -> Result<Rules, TransformError> {
        assert_eq!(
            rules.shape(),
            self.shape,
            "transform for {} applied to rules of {}",
            self.shape,
            rules.shape()
        );
        if rules.is_classic() {
            return Ok(rules.clone());
        }
        moved::moved_rules(self, rules)
    }

    /// Where each cell goes: `cell_map()[c]` is the index of the cell that
    /// takes cell `c`'s value.
    pub fn cell_map(&self) -> Vec<u16> {
        let n = self.shape.size();
        let mut to = vec![0u16; n * n];
        for i in 0..n {
            for j in 0..n {
                let (a, b) = if self.transpose { (j, i) } else { (i, j) };
                to[self.rows[a] * n + self.cols[b]] = (i * n + j) as u16;
            }
        }
        to
    }

    /// `grid` transformed.
    ///
    /// # Panics
    /// When `grid` has another shape, or rules that the transform does not
    /// keep ([`Transform::try_apply`]).
    pub fn apply(&self, grid: &Grid) -> Grid {
        if !grid.rules().is_classic() {
            return self.try_apply(grid).unwrap_or_else(|e| panic!("{e}"));
        }
        self.map_values(grid)
    }

    /// The values of `grid` transformed, as a grid with classic rules.
    fn map_values(&self, grid: &Grid) -> Grid {
        assert_eq!(
            grid.shape(),
            self.shape,
            "transform for {} applied to {}",
            self.shape,
            grid.shape()
        );
        let n = self.shape.size();
        let src = grid.values();
        let mut out = vec![0u8; n * n];
        for (i, row) in out.chunks_mut(n).enumerate() {
            for (j, v) in row.iter_mut().enumerate() {
                let (a, b) = if self.transpose { (j, i) } else { (i, j) };
                let old = src[self.rows[a] * n + self.cols[b]];
                *v = if old == 0 { 0 } else { self.digits[old as usize - 1] };
            }
        }
        Grid::from_values(self.shape, out).expect("a transform keeps values in range")
    }
}

fn check_index(what: &'static str, index: usize, count: usize) -> Result<(), TransformError> {
    if index < count {
        Ok(())
    } else {
        Err(TransformError::OutOfRange { what, number: index.wrapping_add(1), count })
    }
}

/// The line order that moves whole groups of `size` lines (bands or
/// stacks) by `order`, a permutation of the `groups` groups: new group `i`
/// is old group `order[i]`. `what` names the order in the error.
fn lines_of_groups(
    what: &'static str,
    order: &[usize],
    groups: usize,
    size: usize,
) -> Result<Vec<usize>, TransformError> {
    if !is_permutation(order, groups) {
        return Err(TransformError::NotAPermutation { what, found: format!("{order:?}") });
    }
    Ok(order.iter().flat_map(|&g| (0..size).map(move |k| g * size + k)).collect())
}

/// The order `0..count` with `a` and `b` swapped, once both exist (`what`
/// names them in the error).
fn swapped(
    what: &'static str,
    count: usize,
    a: usize,
    b: usize,
) -> Result<Vec<usize>, TransformError> {
    check_index(what, a, count)?;
    check_index(what, b, count)?;
    let mut order: Vec<usize> = (0..count).collect();
    order.swap(a, b);
    Ok(order)
}

/// Checks that lines `a` and `b` (`what`: `rows` or `columns`) lie in one
/// group of `size` lines (a band or a stack).
fn check_one_group(
    what: &'static str,
    size: usize,
    a: usize,
    b: usize,
) -> Result<(), TransformError> {
    if a / size == b / size {
        Ok(())
    } else {
        Err(TransformError::NotInOneBand { what, a: a + 1, b: b + 1 })
    }
}

fn is_permutation(p: &[usize], n: usize) -> bool {
    let mut seen = vec![false; n];
    p.len() == n && p.iter().all(|&v| v < n && !std::mem::replace(&mut seen[v], true))
}

/// Checks that `p` permutes `groups` groups of `size` consecutive indices
/// as wholes, and inside each group.
fn check_grouped(
    p: &[usize],
    groups: usize,
    size: usize,
    what: &'static str,
) -> Result<(), TransformError> {
    let ok = is_permutation(p, groups * size)
        && p.chunks(size.max(1)).all(|g| g.iter().all(|&v| v / size == g[0] / size));
    if ok { Ok(()) } else { Err(TransformError::NotAPermutation { what, found: format!("{p:?}") }) }
}

/// A named operation, as written on a command line: `relabel:987654321`,
/// `rot90`, `rot180`, `rot270`, `mirror-h`, `mirror-v`, `transpose`,
/// `swap-rows:1,2`, `swap-cols:4,6`, `swap-bands:1,3`, `swap-stacks:2,3`,
/// `identity`. Numbers are from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Op {
    /// No change.
    Identity,
    /// Digit `d` becomes the `d`-th value of the list.
    Relabel(Vec<u8>),
    /// Clockwise quarter turns: 1, 2 or 3.
    Rotate(u8),
    /// Left-right mirror ([`Transform::mirror_h`]).
    MirrorH,
    /// Top-bottom mirror ([`Transform::mirror_v`]).
    MirrorV,
    /// Transposition.
    Transpose,
    /// Swap two rows of one band (from 0).
    SwapRows(usize, usize),
    /// Swap two columns of one stack (from 0).
    SwapCols(usize, usize),
    /// Swap two bands (from 0).
    SwapBands(usize, usize),
    /// Swap two stacks (from 0).
    SwapStacks(usize, usize),
}

impl Op {
    /// The transformation of boards of `shape` this operation stands for.
    pub fn to_transform(&self, shape: Shape) -> Result<Transform, TransformError> {
        match *self {
            Op::Identity => Ok(Transform::identity(shape)),
            Op::Relabel(ref d) => Transform::relabel(shape, d),
            Op::Rotate(q) => Transform::rotate(shape, q as i32),
            Op::MirrorH => Ok(Transform::mirror_h(shape)),
            Op::MirrorV => Ok(Transform::mirror_v(shape)),
            Op::Transpose => Transform::transpose(shape),
            Op::SwapRows(a, b) => Transform::swap_rows(shape, a, b),
            Op::SwapCols(a, b) => Transform::swap_cols(shape, a, b),
            Op::SwapBands(a, b) => Transform::swap_bands(shape, a, b),
            Op::SwapStacks(a, b) => Transform::swap_stacks(shape, a, b),
        }
    }

    /// Reads a comma-separated list of operations. A comma followed by a
    /// number continues the previous operation's arguments, so
    /// `swap-bands:1,3,rot90` is two operations.
    pub fn parse_list(text: &str) -> Result<Vec<Op>, TransformError> {
        let mut pieces: Vec<String> = Vec::new();
        for piece in text.split(',').map(str::trim) {
            match pieces.last_mut() {
                Some(last) if piece.starts_with(|c: char| c.is_ascii_digit()) => {
                    last.push(',');
                    last.push_str(piece);
                }
                _ => pieces.push(piece.to_string()),
            }
        }
        pieces.iter().map(|p| p.parse()).collect()
    }
}

impl FromStr for Op {
    type Err = TransformError;

    fn from_str(s: &str) -> Result<Op, TransformError> {
        let t = s.trim();
        let (name, arg) = match t.split_once(':') {
            Some((n, a)) => (n.trim().to_ascii_lowercase(), Some(a.trim())),
            None => (t.to_ascii_lowercase(), None),
        };
        let pair = |arg: Option<&str>| -> Result<(usize, usize), TransformError> {
            let bad = || {
                TransformError::Syntax(format!(
                    "{name} needs two numbers from 1, like {name}:1,2 (found {s:?})"
                ))
            };
            let (a, b) = arg.and_then(|a| a.split_once(',')).ok_or_else(bad)?;
            let num = |x: &str| x.trim().parse::<usize>().ok().filter(|&v| v >= 1).ok_or_else(bad);
            Ok((num(a)? - 1, num(b)? - 1))
        };
        let plain = |op: Op| {
            if arg.is_some() {
                Err(TransformError::Syntax(format!("{name} takes no argument (found {s:?})")))
            } else {
                Ok(op)
            }
        };
        match name.as_str() {
            "identity" | "id" => plain(Op::Identity),
            "rot90" | "rotate90" => plain(Op::Rotate(1)),
            "rot180" | "rotate180" => plain(Op::Rotate(2)),
            "rot270" | "rotate270" => plain(Op::Rotate(3)),
            "mirror-h" | "mirror_h" => plain(Op::MirrorH),
            "mirror-v" | "mirror_v" => plain(Op::MirrorV),
            "transpose" => plain(Op::Transpose),
            "swap-rows" => pair(arg).map(|(a, b)| Op::SwapRows(a, b)),
            "swap-cols" | "swap-columns" => pair(arg).map(|(a, b)| Op::SwapCols(a, b)),
            "swap-bands" => pair(arg).map(|(a, b)| Op::SwapBands(a, b)),
            "swap-stacks" => pair(arg).map(|(a, b)| Op::SwapStacks(a, b)),
            "relabel" => {
                let arg = arg.unwrap_or("");
                let digits: Option<Vec<u8>> = arg
                    .chars()
                    .map(|ch| match ch.to_ascii_uppercase() {
                        c @ '1'..='9' => Some(c as u8 - b'0'),
                        c @ 'A'..='Z' => Some(c as u8 - b'A' + 10),
                        _ => None,
                    })
                    .collect();
                match digits {
                    Some(d) if !d.is_empty() => Ok(Op::Relabel(d)),
                    _ => Err(TransformError::Syntax(format!(
                        "relabel needs the new label of each digit in order, like \
                         relabel:987654321 (symbols 1-9 then A-Z; found {s:?})"
                    ))),
                }
            }
            _ => Err(TransformError::Syntax(format!(
                "unknown operation {t:?} (expected relabel:..., rot90, rot180, rot270, \
                 mirror-h, mirror-v, transpose, swap-rows:A,B, swap-cols:A,B, swap-bands:A,B, \
                 swap-stacks:A,B or identity)"
            ))),
        }
    }
}

/// A permutation of `0..groups * size` that moves whole groups of `size`
/// consecutive indices and permutes inside each group, each order uniform.
fn grouped_permutation(rng: &mut impl Rng, groups: usize, size: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    order.shuffle(rng);
    let mut out = Vec::with_capacity(groups * size);
    for g in order {
        let mut inner: Vec<usize> = (0..size).map(|k| g * size + k).collect();
        inner.shuffle(rng);
        out.extend(inner);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solved(shape: Shape) -> Grid {
        Grid::empty(shape).some_solution().expect("empty boards have solutions")
    }

    #[test]
    fn random_transforms_keep_grids_valid_and_counts_equal() {
        for (r, c) in [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 4)] {
            let shape = Shape::new(r, c).unwrap();
            let grid = solved(shape);
            for seed in 0..20 {
                let t = Transform::random(shape, seed);
                let g = t.apply(&grid);
                assert!(g.is_solved(), "{shape} seed {seed}");
                // A puzzle made from the grid keeps its solution count.
                let mut puzzle = grid.values().to_vec();
                for (i, v) in puzzle.iter_mut().enumerate() {
                    if !(i * 7 + seed as usize).is_multiple_of(3) {
                        *v = 0;
                    }
                }
                let p = Grid::from_values(shape, puzzle).unwrap();
                assert_eq!(
                    t.apply(&p).count_solutions_up_to(3),
                    p.count_solutions_up_to(3),
                    "{shape} seed {seed}"
                );
            }
        }
    }

    #[test]
    fn seeds_are_deterministic_and_varied() {
        let shape = Shape::CLASSIC;
        assert_eq!(Transform::random(shape, 7), Transform::random(shape, 7));
        let distinct: std::collections::HashSet<_> =
            (0..50).map(|s| Transform::random(shape, s).apply(&solved(shape))).collect();
        assert!(distinct.len() > 45);
        assert_eq!(Transform::identity(shape).apply(&solved(shape)), solved(shape));
    }

    #[test]
    fn rectangular_boxes_are_never_transposed() {
        let shape = Shape::new(2, 3).unwrap();
        assert!((0..100).all(|s| !Transform::random(shape, s).transpose));
    }

    fn cells(g: &Grid) -> Vec<u8> {
        g.values().to_vec()
    }

    #[test]
    fn composition_and_inverse_agree_with_applying_in_turn() {
        for (r, c) in [(2, 2), (2, 3), (3, 2), (3, 3)] {
            let shape = Shape::new(r, c).unwrap();
            let grid = solved(shape);
            for seed in 0..30 {
                let a = Transform::random(shape, seed);
                let b = Transform::random(shape, seed + 1000);
                assert_eq!(a.then(&b).apply(&grid), b.apply(&a.apply(&grid)), "{shape} {seed}");
                assert_eq!(a.inverse().apply(&a.apply(&grid)), grid, "{shape} {seed}");
                assert_eq!(a.then(&a.inverse()), Transform::identity(shape));
            }
        }
    }

    #[test]
    fn rotations_and_mirrors_move_cells_as_named() {
        let shape = Shape::new(2, 2).unwrap();
        let g =
            Grid::from_values(shape, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]).unwrap();
        let at = |g: &Grid, i: usize, j: usize| g.values()[i * 4 + j];
        let r90 = Transform::rotate(shape, 1).unwrap().apply(&g);
        let r180 = Transform::rotate(shape, 2).unwrap().apply(&g);
        let r270 = Transform::rotate(shape, 3).unwrap().apply(&g);
        let mh = Transform::mirror_h(shape).apply(&g);
        let mv = Transform::mirror_v(shape).apply(&g);
        let tr = Transform::transpose(shape).unwrap().apply(&g);
        for i in 0..4 {
            for j in 0..4 {
                assert_eq!(at(&r90, i, j), at(&g, 3 - j, i));
                assert_eq!(at(&r180, i, j), at(&g, 3 - i, 3 - j));
                assert_eq!(at(&r270, i, j), at(&g, j, 3 - i));
                assert_eq!(at(&mh, i, j), at(&g, i, 3 - j));
                assert_eq!(at(&mv, i, j), at(&g, 3 - i, j));
                assert_eq!(at(&tr, i, j), at(&g, j, i));
            }
        }
        let four = (0..4)
            .fold(Transform::identity(shape), |t, _| t.then(&Transform::rotate(shape, 1).unwrap()));
        assert_eq!(four, Transform::identity(shape));
    }

    #[test]
    fn rectangular_boxes_refuse_transpose_and_quarter_turns() {
        let shape = Shape::new(2, 3).unwrap();
        let err = Transform::transpose(shape).unwrap_err();
        assert_eq!(err, TransformError::NeedsSquareBoxes { op: "transpose", shape });
        assert!(err.to_string().contains("3x2 boxes"), "{err}");
        assert!(Transform::rotate(shape, 1).is_err());
        assert!(Transform::rotate(shape, -1).is_err());
        let grid = solved(shape);
        for t in [
            Transform::rotate(shape, 2).unwrap(),
            Transform::mirror_h(shape),
            Transform::mirror_v(shape),
            Transform::swap_bands(shape, 0, 2).unwrap(),
            Transform::swap_stacks(shape, 0, 1).unwrap(),
            Transform::swap_rows(shape, 2, 3).unwrap(),
            Transform::swap_cols(shape, 3, 5).unwrap(),
        ] {
            assert!(t.apply(&grid).is_solved(), "{t:?}");
        }
    }

    #[test]
    fn named_operations_check_their_arguments() {
        let shape = Shape::CLASSIC;
        assert!(matches!(
            Transform::swap_rows(shape, 2, 3),
            Err(TransformError::NotInOneBand { what: "rows", a: 3, b: 4 })
        ));
        assert!(matches!(
            Transform::swap_bands(shape, 0, 3),
            Err(TransformError::OutOfRange { what: "band", number: 4, count: 3 })
        ));
        assert!(Transform::relabel(shape, &[1, 2, 3]).is_err());
        assert!(Transform::relabel(shape, &[1, 1, 3, 4, 5, 6, 7, 8, 9]).is_err());
        assert!(
            Transform::from_parts(
                shape,
                vec![0, 1, 3, 2, 4, 5, 6, 7, 8],
                (0..9).collect(),
                (1..=9).collect(),
                false
            )
            .is_err()
        );
        let t = Transform::relabel(shape, &[9, 8, 7, 6, 5, 4, 3, 2, 1]).unwrap();
        let g = solved(shape);
        assert!(cells(&t.apply(&g)).iter().zip(cells(&g)).all(|(&a, b)| a == 10 - b));
    }

    #[test]
    fn bad_relabellings_say_what_is_wrong_in_words() {
        let message = |shape: Shape, labels: &[u8]| {
            let err = Transform::relabel(shape, labels).unwrap_err();
            assert_eq!(
                err,
                TransformError::BadLabels { size: shape.size(), labels: labels.to_vec() }
            );
            let text = err.to_string();
            assert!(!text.contains('['), "no Rust list in {text:?}");
            text
        };
        let four = Shape::new(2, 2).unwrap();
        let text = message(four, &[9, 8, 7, 6, 5, 4, 3, 2, 1]);
        assert!(text.contains("gives 9 labels but a 4x4 board needs 4"), "{text}");
        assert!(text.contains("digit 1-4"), "{text}");
        let text = message(Shape::CLASSIC, &[1, 2, 3]);
        assert!(text.contains("gives 3 labels but a 9x9 board needs 9"), "{text}");
        assert!(text.contains("one new label for each digit 1-9, in order"), "{text}");
        let text = message(four, &[1, 2, 3, 9]);
        assert!(text.contains("uses 9 beyond the digits of a 4x4 board"), "{text}");
        assert!(text.contains("labels must be 1-4"), "{text}");
        let text = message(Shape::new(3, 4).unwrap(), &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 12]);
        assert!(text.contains("uses D beyond"), "{text}");
        let text = message(Shape::CLASSIC, &[9, 9, 7, 6, 5, 4, 3, 2, 1]);
        assert!(text.contains("label 9 to more than one digit and never uses 8"), "{text}");
        assert!(text.ends_with("(each of 1-9 must appear once)"), "{text}");
    }

    #[test]
    fn operation_lists_parse_with_numbers_after_commas() {
        let ops = Op::parse_list("swap-bands:1,3,rot90, relabel:987654321,mirror-h").unwrap();
        assert_eq!(
            ops,
            [
                Op::SwapBands(0, 2),
                Op::Rotate(1),
                Op::Relabel(vec![9, 8, 7, 6, 5, 4, 3, 2, 1]),
                Op::MirrorH
            ]
        );
        assert!(Op::parse_list("spin").unwrap_err().to_string().contains("unknown operation"));
        assert!(Op::parse_list("swap-rows:0,1").is_err());
        assert!(Op::parse_list("rot90:2").is_err());
        let t = Transform::from_ops(Shape::CLASSIC, &ops).unwrap();
        let g = solved(Shape::CLASSIC);
        let by_hand = Transform::swap_bands(Shape::CLASSIC, 0, 2)
            .unwrap()
            .then(&Transform::rotate(Shape::CLASSIC, 1).unwrap())
            .then(&Transform::relabel(Shape::CLASSIC, &[9, 8, 7, 6, 5, 4, 3, 2, 1]).unwrap())
            .then(&Transform::mirror_h(Shape::CLASSIC));
        assert_eq!(t.apply(&g), by_hand.apply(&g));
    }
}
