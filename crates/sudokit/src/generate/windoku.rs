/*!
Windoku full grids by construction, on boxes of 3 to 8 rows and columns
whose sides differ by at most one, from 12x12 (12x12, 16x16, 20x20, 25x25,
30x30, ...), and
X-windoku on 16x16 to 64x64, where random fills of the empty board
meet dead ends they cannot leave (on 16x16 they find no grid in a minute).

# The pattern
On boxes of `R` rows and `C` columns (a board of side `N = RC`) the
windows' rows are `1 + i(R + 1) ..= i(R + 1) + R` for the `C - 1` windows
`i` that fit when `C <= R + 1`, and their columns likewise with `C` for
the `R - 1` that fit when `R <= C + 1`. The rows then fall into `C`
classes of `R` rows: each window's, and the `R` rows in no window (before
each window, and below the last where it stops short of the edge), class
`C - 1`; the columns into `R` classes of `C` columns. Cell `(r, c)` of
the pattern holds the element

```text
g(r) + h(c),   g(r) = (class(r), σ(r)),   h(c) = (τ(c), c div C)
```

of the group `Z_C × Z_R` (written as the digit `R * x + y + 1`), where the
offsets `σ` and `τ` are the residues `r mod R` and `c mod C` for windoku: a
Cayley-table grid, the group-based construction of Sudoku grids studied by
Bailey, Cameron and Connelly ("Sudoku, gerechte designs, resolutions,
affine space, spreads, reguli, and Hamming codes", Amer. Math. Monthly
115, 2008). A set of `R` rows and `C` columns holds every value once
exactly when every element of the group is one sum `g(r) + h(c)`. With
`K = Z_C × {0}` and `H = {0} × Z_R`:
- a row or a column: `g` and `h` are one to one;
- a box: `h` of a stack is a coset of `K` (second part `c div C` fixed),
  and `g` of a band a transversal of `K` (its residues differ);
- a window: `g` of its rows is a coset of `H` (first part the class), and
  `h` of its `C` consecutive columns a transversal of `H` (residues
  differ).

So any offsets do that are one to one on each band and class of rows
(`σ`) and on each stack and window's columns (`τ`). With both diagonals as
houses (X-windoku, square boxes of side `b`) the cells `(r, r)` and
`(r, N - 1 - r)` hold `g(r) + h(r)` and `g(r) + h(N - 1 - r)`, which must
be one to one as well: there is no rule for such offsets, so on side 4 a
depth-first search finds them within a few thousand nodes ([`offsets`]),
and sides 5 to 8, where it would need millions or finds none within its
budget, keep theirs as data ([`KEPT_OFFSETS`], found outside the crate by
a search and, for sides 7 and 8, by a SAT solver).

# Moves that keep every house
A grid is then randomised by moves that map rows to rows, columns to
columns, boxes to boxes and windows to windows: the digits relabelled,
the rows permuted within each run that shares its band and its class (on
16x16 the runs have sizes 1, 3, 1, 1, 2, 2, 1, 1, 3, 1), the same for the
columns independently, and on square boxes (whose windows sit
symmetrically) the order of the rows reversed (band `k` becomes band `b -
1 - k`, window `i` window `b - 2 - i`), the columns' likewise, and the
board transposed. With diagonals, the rows and columns take one order
that also commutes with reversing the lines, and the rows alone may be
reversed (which swaps the two diagonals). These give at most
`16! * 288² * 2` grids from the pattern on 16x16, all tables of one group
up to relabelling; then a random half of the cells is refilled by the random
search, a few times over (see [`grid`]), so that grids off that family
come out too: with half the cells kept the search completes the board
within a small budget nearly always, where from an empty board it does
not.

Invariant: [`grid`] returns a grid that the rules' own check finds
complete and without a clash or a broken rule, or nothing.
*/

use std::sync::OnceLock;

use rand::Rng;
use rand::seq::SliceRandom;

use crate::deadline::Deadline;
use crate::grid::Grid;
use crate::rules::Rules;
use crate::shape::Shape;
use crate::solve::random_fill;
use crate::transform::Transform;

use super::fill::pick_bit;

/// The smallest square box side served (16x16).
const MIN_SIDE: usize = 4;

/// The smallest board served: 12x12, on boxes of 3x4 or 4x3. On 9x9 and
/// smaller boards the random fills find windoku grids at once; on 12x12
/// they can take seconds of CPU per grid.
const MIN_SIZE: usize = 12;

/// How many times [`grid`] refills the cells outside a random half of
/// them.
const REFILLS: u32 = 8;

/// The node budget of one refill, per cell of the board: a refill that
/// runs out leaves the grid as it was.
const REFILL_NODES_PER_CELL: u64 = 16;

/// Whether [`grid`] serves `rules`: windoku (and nothing more) on boards
/// from [`MIN_SIZE`] whose box sides differ by at most one
/// (the pattern's condition, see the module doc), or windoku with both
/// diagonals where [`offsets`] finds a pattern whose diagonals are houses
/// too.
pub(super) fn serves(rules: &Rules) -> bool {
    let shape = rules.shape();
    let (rows, cols) = (shape.box_rows(), shape.box_cols());
    if shape.size() < MIN_SIZE || rows.abs_diff(cols) > 1 {
        return false;
    }
    let Ok(windoku) = Rules::classic(shape).with_windows() else { return false };
    if windoku == *rules {
        return true;
    }
    windoku.with_diagonals() == *rules && offsets(shape, true).is_some()
}

/// A random windoku grid under `rules` (which [`serves`] accepts): the
/// pattern moved by a random [`moves`] (digits relabelled too), then
/// [`REFILLS`] times the cells outside a random half of them refilled by
/// the random search within a counted node budget (so the same stream
/// gives the same grid). `None` once `deadline` has passed, or if the
/// rules' check rejected the result.
pub(super) fn grid(rules: &Rules, rng: &mut impl Rng, deadline: &Deadline) -> Option<Vec<u8>> {
    let shape = rules.shape();
    let diagonals = rules.has_diagonals();
    let offsets = offsets(shape, diagonals)?;
    let start = pattern(shape, &offsets);
    let start = Grid::from_values(shape, start).expect("the pattern fits its shape");
    let mut values = moves(shape, diagonals, rng).apply(&start).values().to_vec();
    let budget = REFILL_NODES_PER_CELL * shape.cell_count() as u64;
    for _ in 0..REFILLS {
        let kept: Vec<u8> = values.iter().map(|&v| if rng.random() { v } else { 0 }).collect();
        let mut pick = |mask| pick_bit(mask, rng);
        if let Some(refilled) = random_fill(rules, &kept, budget, deadline, &mut pick) {
            values = refilled;
        }
    }
    // A refill cut short by the deadline would make the grid depend on
    // the clock: then there is no grid (the caller reports the deadline).
    (!deadline.passed() && obeys(rules, &values)).then_some(values)
}

/// Whether `values` is a full grid under `rules` by the rules' own check.
fn obeys(rules: &Rules, values: &[u8]) -> bool {
    Grid::from_values_with(rules.clone(), values.to_vec()).is_ok_and(|grid| grid.is_solved())
}

/// The lines of one direction of the board (rows or columns): the boxes
/// span `width` of them, and they fall into `classes` classes.
#[derive(Clone, Copy, Debug)]
struct Axis {
    width: usize,
    classes: usize,
    count: usize,
}

impl Axis {
    /// The rows of `shape`: as many classes as a box has columns.
    fn rows(shape: Shape) -> Axis {
        Axis { width: shape.box_rows(), classes: shape.box_cols(), count: shape.size() }
    }

    /// The columns of `shape`: as many classes as a box has rows.
    fn cols(shape: Shape) -> Axis {
        Axis { width: shape.box_cols(), classes: shape.box_rows(), count: shape.size() }
    }

    /// The class of line `l`: the window holding it, or `classes - 1` for
    /// the lines in no window (those before each window and, where the
    /// windows stop short of the edge, the lines after the last).
    fn class(self, l: usize) -> usize {
        let (i, k) = (l / (self.width + 1), l % (self.width + 1));
        if k == 0 { self.classes - 1 } else { i }
    }

    /// The runs of lines sharing their band (or stack) and their class, as
    /// ranges.
    fn runs(self) -> Vec<std::ops::Range<usize>> {
        let key = |l: usize| (l / self.width, self.class(l));
        let mut out = Vec::new();
        let mut start = 0;
        while start < self.count {
            let end = (start..self.count).find(|&l| key(l) != key(start)).unwrap_or(self.count);
            out.push(start..end);
            start = end;
        }
        out
    }
}

/// The offsets `σ(r)` of the rows and `τ(c)` of the columns on boxes of
/// side `b` (see the module doc): `σ` one to one on each band and each
/// class of rows, `τ` on each stack and each window's columns; with
/// `diagonals`, chosen so that both diagonals hold every value too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Offsets {
    rows: Vec<usize>,
    cols: Vec<usize>,
}

/// The search nodes [`offsets`] may spend on a side before it gives up
/// (side 4 needs 4,696; sides 5 and up would need millions, see
/// `docs/generator-notes.md`, so theirs are [`KEPT_OFFSETS`]).
const OFFSET_NODES: u64 = 20_000;

/// Diagonal offsets kept as data for box sides 5 to 8 (25x25 to 64x64),
/// where [`DiagonalSearch`] does not finish within [`OFFSET_NODES`]: for
/// each side, `σ` of rows `0..N` and `τ` of columns `0..N`. They meet the
/// conditions of the module doc (found outside the crate by a search of
/// those conditions, and on sides 7 and 8 by a SAT solver given them as
/// clauses, see `docs/generator-notes.md`); the tests check that
/// their pattern holds every house of X-windoku written out from the
/// definition, both diagonals included.
const KEPT_OFFSETS: [(usize, &[u8], &[u8]); 4] = [
    (
        5,
        &[0, 2, 1, 4, 3, 0, 2, 3, 4, 1, 2, 0, 3, 1, 4, 3, 2, 0, 4, 1, 3, 0, 2, 4, 1],
        &[0, 2, 4, 1, 3, 0, 3, 4, 1, 2, 3, 0, 2, 4, 1, 0, 3, 2, 1, 4, 1, 0, 3, 2, 4],
    ),
    (
        6,
        &[
            0, 2, 4, 3, 1, 5, 0, 2, 1, 4, 5, 3, 0, 2, 3, 5, 1, 4, 3, 2, 0, 5, 4, 1, 3, 0, 5, 2, 4,
            1, 2, 3, 0, 5, 4, 1,
        ],
        &[
            0, 2, 3, 1, 4, 5, 0, 4, 2, 3, 5, 1, 4, 0, 1, 5, 3, 2, 1, 0, 4, 2, 5, 3, 0, 2, 1, 4, 5,
            3, 1, 2, 5, 0, 4, 3,
        ],
    ),
    (
        7,
        &[
            0, 4, 2, 5, 6, 3, 1, 0, 3, 5, 4, 6, 2, 1, 0, 3, 5, 2, 4, 6, 1, 5, 0, 3, 2, 4, 6, 1, 2,
            3, 5, 0, 6, 4, 1, 2, 3, 0, 6, 5, 4, 1, 3, 4, 6, 5, 0, 2, 1,
        ],
        &[
            0, 6, 2, 1, 5, 4, 3, 0, 1, 5, 4, 3, 2, 6, 0, 1, 4, 3, 6, 2, 5, 0, 4, 1, 5, 2, 3, 6, 1,
            4, 0, 5, 3, 2, 6, 5, 4, 3, 0, 1, 6, 2, 6, 3, 1, 5, 4, 0, 2,
        ],
    ),
    (
        8,
        &[
            0, 5, 4, 3, 2, 6, 1, 7, 0, 2, 5, 1, 6, 4, 3, 7, 2, 0, 3, 6, 4, 7, 5, 1, 2, 0, 3, 1, 6,
            7, 5, 4, 3, 2, 1, 0, 7, 5, 6, 4, 0, 3, 1, 7, 2, 6, 5, 4, 3, 0, 7, 1, 6, 2, 5, 4, 2, 5,
            1, 6, 0, 3, 7, 4,
        ],
        &[
            0, 5, 1, 3, 6, 2, 7, 4, 0, 3, 6, 4, 2, 5, 7, 1, 3, 0, 4, 1, 6, 2, 7, 5, 0, 3, 4, 6, 7,
            5, 1, 2, 4, 0, 6, 3, 2, 5, 7, 1, 4, 2, 0, 3, 6, 5, 7, 1, 6, 0, 2, 3, 5, 4, 7, 1, 7, 5,
            2, 6, 0, 4, 3, 1,
        ],
    ),
];

/// The largest box side of a board (64x64).
const MAX_SIDE: usize = 8;

/// The answer of [`DiagonalSearch`] for each square box side from
/// [`MIN_SIDE`] to [`MAX_SIDE`], found once per process: [`serves`] and
/// [`grid`] both ask for it on every grid.
static DIAGONAL_OFFSETS: [OnceLock<Option<Offsets>>; MAX_SIDE - MIN_SIDE + 1] =
    [const { OnceLock::new() }; MAX_SIDE - MIN_SIDE + 1];

/// The offsets for `shape`: the residues (`σ(r) = r mod R`, `τ(c) = c mod
/// C` on boxes of `R` rows and `C` columns) without `diagonals`; with them,
/// on square boxes, the [`KEPT_OFFSETS`] of the side if there are any,
/// else the first offsets found by a depth-first search within
/// [`OFFSET_NODES`] nodes, or `None` (the same answer for the same shape
/// every time, kept in [`DIAGONAL_OFFSETS`]).
pub(super) fn offsets(shape: Shape, diagonals: bool) -> Option<Offsets> {
    let (rows, cols, n) = (shape.box_rows(), shape.box_cols(), shape.size());
    if !diagonals {
        return Some(Offsets {
            rows: (0..n).map(|r| r % rows).collect(),
            cols: (0..n).map(|c| c % cols).collect(),
        });
    }
    let b = rows;
    if b != cols {
        return None;
    }
    if let Some(&(_, rows, cols)) = KEPT_OFFSETS.iter().find(|kept| kept.0 == b) {
        let widen = |offsets: &[u8]| offsets.iter().map(|&o| usize::from(o)).collect();
        return Some(Offsets { rows: widen(rows), cols: widen(cols) });
    }
    let search = || {
        let mut search = DiagonalSearch::new(b);
        search.run(0).then_some(Offsets { rows: search.rows, cols: search.cols })
    };
    match b.checked_sub(MIN_SIDE).and_then(|i| DIAGONAL_OFFSETS.get(i)) {
        Some(kept) => kept.get_or_init(search).clone(),
        None => search(),
    }
}

/// The depth-first search behind [`offsets`] with diagonals. Lines are
/// decided in the order `0, n - 1, 1, n - 2, ...` (the middle last on odd
/// sides), so each diagonal value is checked as soon as both of its lines
/// are decided; a line takes its row offset and its column offset together.
struct DiagonalSearch {
    b: usize,
    axis: Axis,
    order: Vec<usize>,
    rows: Vec<usize>,
    cols: Vec<usize>,
    decided: Vec<bool>,
    nodes: u64,
}

impl DiagonalSearch {
    fn new(b: usize) -> DiagonalSearch {
        let n = b * b;
        let mut order: Vec<usize> = (0..n / 2).flat_map(|k| [k, n - 1 - k]).collect();
        if n % 2 == 1 {
            order.push(n / 2);
        }
        let axis = Axis { width: b, classes: b, count: n };
        DiagonalSearch {
            b,
            axis,
            order,
            rows: vec![0; n],
            cols: vec![0; n],
            decided: vec![false; n],
            nodes: 0,
        }
    }

    /// The group element (as `b * x + y`) at cell `(r, c)` of the pattern.
    fn value(&self, r: usize, c: usize) -> usize {
        let b = self.b;
        b * ((self.axis.class(r) + self.cols[c]) % b) + (self.rows[r] + c / b) % b
    }

    /// Whether line `k`'s offsets clash with a decided line: row offsets
    /// repeated in a band or class, column offsets in a stack or window,
    /// or a value repeated on a diagonal among the cells decided.
    fn clashes(&self, k: usize) -> bool {
        let (b, n) = (self.b, self.b * self.b);
        let class = |l: usize| self.axis.class(l);
        let window = |c: usize| class(c) < b - 1;
        let mut main = vec![false; n];
        let mut anti = vec![false; n];
        for j in (0..n).filter(|&j| self.decided[j] || j == k) {
            if j != k && self.decided[j] {
                let same_row = j / b == k / b || class(j) == class(k);
                if same_row && self.rows[j] == self.rows[k] {
                    return true;
                }
                let same_col = j / b == k / b || (window(j) && class(j) == class(k));
                if same_col && self.cols[j] == self.cols[k] {
                    return true;
                }
            }
            if std::mem::replace(&mut main[self.value(j, j)], true) {
                return true;
            }
            let m = n - 1 - j;
            if (self.decided[m] || m == k) && std::mem::replace(&mut anti[self.value(j, m)], true) {
                return true;
            }
        }
        false
    }

    /// Decides the lines from `order[i]` on; `false` when none fits or the
    /// node budget is spent.
    fn run(&mut self, i: usize) -> bool {
        let Some(&k) = self.order.get(i) else { return true };
        let b = self.b;
        for (row, col) in (0..b).flat_map(|x| (0..b).map(move |y| (x, y))) {
            self.nodes += 1;
            if self.nodes > OFFSET_NODES {
                return false;
            }
            (self.rows[k], self.cols[k]) = (row, col);
            if !self.clashes(k) {
                self.decided[k] = true;
                if self.run(i + 1) {
                    return true;
                }
                self.decided[k] = false;
            }
        }
        false
    }
}

/// The pattern on `shape` with `offsets` (values `1..=N` in reading order;
/// see the module doc).
pub(super) fn pattern(shape: Shape, offsets: &Offsets) -> Vec<u8> {
    let (rows, cols, n) = (shape.box_rows(), shape.box_cols(), shape.size());
    let axis = Axis::rows(shape);
    let mut values = Vec::with_capacity(n * n);
    for r in 0..n {
        for c in 0..n {
            let x = (axis.class(r) + offsets.cols[c]) % cols;
            let y = (offsets.rows[r] + c / cols) % rows;
            values.push((rows * x + y + 1) as u8);
        }
    }
    values
}

/// A random move of windoku on `shape` that keeps every house (the group
/// described in the module doc): rows and columns each in a random
/// [`lines`] order, on square boxes transposed or not, digits relabelled.
/// With `diagonals` (square boxes) the columns take the rows' order, drawn
/// from [`mirrored_lines`], and the rows alone may be reversed, which swaps
/// the two diagonals.
fn moves(shape: Shape, diagonals: bool, rng: &mut impl Rng) -> Transform {
    let square = shape.is_square_box();
    let (rows, cols) = if diagonals {
        let cols = mirrored_lines(Axis::cols(shape), rng);
        let mut rows = cols.clone();
        if rng.random() {
            rows.reverse();
        }
        (rows, cols)
    } else {
        (lines(Axis::rows(shape), square, rng), lines(Axis::cols(shape), square, rng))
    };
    let transpose = square && rng.random();
    let mut digits: Vec<u8> = (1..=shape.size() as u8).collect();
    digits.shuffle(rng);
    Transform::from_parts(shape, rows, cols, digits, transpose)
        .expect("line orders keep bands and stacks together; square boxes transpose")
}

/// A random order of the lines along `axis` that keeps bands (or stacks)
/// and windows: each run of lines sharing its band and its class
/// shuffled, then, on square boxes (whose windows sit symmetrically), the
/// whole reversed with probability one half.
fn lines(axis: Axis, square: bool, rng: &mut impl Rng) -> Vec<usize> {
    let mut order: Vec<usize> = (0..axis.count).collect();
    for run in axis.runs() {
        order[run].shuffle(rng);
    }
    if square && rng.random() {
        order.reverse();
    }
    order
}

/// A random [`lines`] order on square boxes that also commutes with
/// reversing the lines (line `n - 1 - r` goes where the mirror of line
/// `r`'s place is), so that taken for rows and columns alike it maps each
/// diagonal onto a diagonal: the runs of the first half shuffled and
/// mirrored into the second (the pattern's runs mirror each other; a run
/// that is its own mirror stays), then the whole reversed with probability
/// one half.
fn mirrored_lines(axis: Axis, rng: &mut impl Rng) -> Vec<usize> {
    let n = axis.count;
    let mut order: Vec<usize> = (0..n).collect();
    for run in axis.runs().into_iter().filter(|run| run.end <= n - run.end) {
        order[run.clone()].shuffle(rng);
        for r in run {
            order[n - 1 - r] = n - 1 - order[r];
        }
    }
    if rng.random() {
        order.reverse();
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;
    use std::collections::HashSet;

    fn windoku(side: usize) -> Rules {
        windoku_on(Shape::new(side, side).unwrap())
    }

    fn windoku_on(shape: Shape) -> Rules {
        Rules::classic(shape).with_windows().unwrap()
    }

    fn plain(shape: Shape) -> Vec<u8> {
        pattern(shape, &offsets(shape, false).unwrap())
    }

    /// The shapes the pattern covers in these tests: square boxes and boxes
    /// whose sides differ by one.
    const SHAPES: [(usize, usize); 12] = [
        (2, 2),
        (3, 3),
        (4, 4),
        (5, 5),
        (6, 6),
        (2, 3),
        (3, 2),
        (3, 4),
        (4, 3),
        (4, 5),
        (5, 4),
        (5, 6),
    ];

    /// The houses of windoku on `shape` (boxes of `r` rows and `c` columns,
    /// side `n = r c`), written out from the definition: rows, columns,
    /// boxes, and the `r x c` rectangles with top left corners at `(1 + i(r +
    /// 1), 1 + j(c + 1))` that fit on the board; with `diagonals` also the
    /// two diagonals `(i, i)` and `(i, n - 1 - i)`.
    fn houses(shape: Shape, diagonals: bool) -> Vec<Vec<usize>> {
        let (r, c, n) = (shape.box_rows(), shape.box_cols(), shape.size());
        let rect = |top: usize, left: usize| -> Vec<usize> {
            (0..n).map(|k| (top + k / c) * n + left + k % c).collect()
        };
        let mut out = Vec::new();
        for i in 0..n {
            out.push((0..n).map(|j| i * n + j).collect());
            out.push((0..n).map(|j| j * n + i).collect());
            out.push(rect(i / r * r, i % r * c));
        }
        let tops = (0..).map(|i| 1 + i * (r + 1)).take_while(|&t| t + r <= n);
        for top in tops {
            for left in (0..).map(|j| 1 + j * (c + 1)).take_while(|&l| l + c <= n) {
                out.push(rect(top, left));
            }
        }
        if diagonals {
            out.push((0..n).map(|i| i * n + i).collect());
            out.push((0..n).map(|i| i * n + n - 1 - i).collect());
        }
        out
    }

    fn keeps_houses(shape: Shape, diagonals: bool, values: &[u8]) -> bool {
        let n = shape.size();
        houses(shape, diagonals).iter().all(|h| {
            let mut seen = vec![false; n + 1];
            h.iter().all(|&c| {
                let v = values[c] as usize;
                (1..=n).contains(&v) && !std::mem::replace(&mut seen[v], true)
            })
        })
    }

    #[test]
    fn the_pattern_holds_every_house() {
        for (r, c) in SHAPES {
            let shape = Shape::new(r, c).unwrap();
            let values = plain(shape);
            assert!(keeps_houses(shape, false, &values), "{shape}");
            assert!(obeys(&windoku_on(shape), &values), "{shape}");
        }
        // The written-out windows are the rules' windows: 12 on 4x5 boxes.
        let shape = Shape::new(4, 5).unwrap();
        assert_eq!(houses(shape, false).len(), 3 * 20 + 12);
        assert_eq!(windoku_on(shape).layout().house_count(), 3 * 20 + 12);
    }

    /// Every move maps each house onto a house: the cells of each house of
    /// the moved board come from one house of the source (read from the
    /// move's cell map, so no grid's values can hide a miss). Square boxes
    /// are transposed by some moves.
    #[test]
    fn moves_map_every_house_onto_a_house() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for (r, c) in [(3, 3), (4, 4), (5, 5), (3, 4), (4, 5), (5, 4)] {
            let shape = Shape::new(r, c).unwrap();
            let houses = houses(shape, false);
            let mut sorted: Vec<Vec<usize>> = houses.clone();
            sorted.iter_mut().for_each(|h| h.sort_unstable());
            let start = Grid::from_values(shape, plain(shape)).unwrap();
            let (mut transposed, mut moved) = (false, false);
            for _ in 0..200 {
                let moves = moves(shape, false, &mut rng);
                transposed |= moves.is_transposed();
                let mut source = vec![0usize; shape.cell_count()];
                for (from, &to) in moves.cell_map().iter().enumerate() {
                    source[to as usize] = from;
                }
                moved |= source.iter().enumerate().any(|(k, &from)| k != from);
                for h in &houses {
                    let mut from: Vec<usize> = h.iter().map(|&k| source[k]).collect();
                    from.sort_unstable();
                    assert!(sorted.contains(&from), "{shape}: {moves:?} breaks {h:?}");
                }
                assert!(keeps_houses(shape, false, moves.apply(&start).values()));
            }
            assert_eq!(transposed, r == c, "{shape}");
            assert!(moved, "{shape}");
        }
    }

    #[test]
    fn grids_obey_windoku_and_vary_with_the_stream() {
        assert!(!serves(&windoku(3)));
        assert!(!serves(&windoku_on(Shape::new(2, 3).unwrap())));
        assert!(!serves(&windoku_on(Shape::new(2, 4).unwrap())));
        assert!(!serves(&Rules::classic(Shape::new(4, 4).unwrap())));
        assert!(!serves(&windoku(4).with_anti_king()));
        for (r, c) in [(3, 4), (4, 3), (4, 4), (4, 5), (5, 4)] {
            let shape = Shape::new(r, c).unwrap();
            let rules = windoku_on(shape);
            assert!(serves(&rules), "{shape}");
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
            let a = grid(&rules, &mut rng, &Deadline::never()).unwrap();
            let b = grid(&rules, &mut rng, &Deadline::never()).unwrap();
            assert!(keeps_houses(shape, false, &a) && keeps_houses(shape, false, &b), "{shape}");
            assert_ne!(a, b, "{shape}");
        }
    }

    /// Whether, for every pair of rows, the permutation taking the digit
    /// of one row to the digit of the other in the same column has cycles
    /// of one length. Every grid of the pattern's family has this: moved
    /// and relabelled, it is still a group's table, where the permutation
    /// is a translation by a group element.
    fn rows_translate(n: usize, values: &[u8]) -> bool {
        (0..n).all(|a| {
            (0..n).all(|b| {
                let mut next = vec![0usize; n + 1];
                for c in 0..n {
                    next[values[a * n + c] as usize] = values[b * n + c] as usize;
                }
                let cycle = |start: usize| {
                    let (mut x, mut len) = (next[start], 1);
                    while x != start {
                        x = next[x];
                        len += 1;
                    }
                    len
                };
                (1..=n).all(|d| cycle(d) == cycle(1))
            })
        })
    }

    /// The refills leave the pattern's family: the moved pattern passes
    /// [`rows_translate`], and most grids returned fail it.
    #[test]
    fn refilled_grids_leave_the_pattern_family() {
        let rules = windoku(4);
        let shape = rules.shape();
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let start = Grid::from_values(shape, plain(shape)).unwrap();
        let moved = moves(shape, false, &mut rng).apply(&start);
        assert!(rows_translate(16, moved.values()));
        let off = (0..10)
            .filter(|_| !rows_translate(16, &grid(&rules, &mut rng, &Deadline::never()).unwrap()))
            .count();
        assert!(off >= 5, "{off} of 10 grids off the family");
    }

    /// With diagonals on sides 4 to 8 there are offsets (searched on side
    /// 4, kept on 5 to 8), the pattern holds every house of the definition
    /// and both diagonals, and so does every moved pattern; the moves map
    /// each house, diagonals included, onto a house, and the rows' reversal
    /// (which swaps the diagonals) is drawn.
    #[test]
    fn diagonal_offsets_and_moves_keep_the_diagonals() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        for b in 4..=MAX_SIDE {
            let shape = Shape::new(b, b).unwrap();
            let n = b * b;
            let offsets = offsets(shape, true).unwrap_or_else(|| panic!("side {b}: no offsets"));
            let start = Grid::from_values(shape, pattern(shape, &offsets)).unwrap();
            assert!(keeps_houses(shape, true, start.values()), "side {b}");
            assert!(obeys(&windoku(b).with_diagonals(), start.values()), "side {b}");
            assert!(!keeps_houses(shape, true, &plain(shape)), "side {b}: the residues miss");
            let houses = houses(shape, true);
            let mut sorted: HashSet<Vec<usize>> = HashSet::new();
            for h in &houses {
                let mut h = h.clone();
                h.sort_unstable();
                sorted.insert(h);
            }
            let mut swapped = false;
            for _ in 0..100 {
                let moves = moves(shape, true, &mut rng);
                let mut source = vec![0usize; n * n];
                for (from, &to) in moves.cell_map().iter().enumerate() {
                    source[to as usize] = from;
                }
                for h in &houses {
                    let mut from: Vec<usize> = h.iter().map(|&k| source[k]).collect();
                    from.sort_unstable();
                    assert!(sorted.contains(&from), "{moves:?} breaks {h:?}");
                }
                swapped |= source[0] % n == n - 1 || source[0] / n == n - 1;
                assert!(keeps_houses(shape, true, moves.apply(&start).values()), "side {b}");
            }
            assert!(swapped, "side {b}: no move took a corner of diagonal 2 to the top left");
        }
    }

    /// The kept offsets are the only diagonal offsets not searched, and
    /// with them every square side from 4 to 8 is served.
    #[test]
    fn kept_offsets_cover_sides_5_to_8() {
        for (b, rows, cols) in KEPT_OFFSETS {
            assert_eq!((rows.len(), cols.len()), (b * b, b * b));
            assert!(rows.iter().chain(cols).all(|&o| usize::from(o) < b));
        }
        let served: Vec<usize> =
            (4..=MAX_SIDE).filter(|&b| serves(&windoku(b).with_diagonals())).collect();
        assert_eq!(served, [4, 5, 6, 7, 8]);
        let kept: Vec<usize> = KEPT_OFFSETS.iter().map(|kept| kept.0).collect();
        assert_eq!(kept, [5, 6, 7, 8]);
    }

    #[test]
    fn x_windoku_grids_obey_their_rules_and_vary() {
        x_windoku_grids_on(4..=6);
    }

    /// As above on 49x49 and 64x64, whose refills take seconds of CPU
    /// (release: `cargo test --release -p sudokit -- --ignored grids_on_the_largest`).
    #[test]
    #[ignore = "seconds of CPU in release, a minute in debug"]
    fn x_windoku_grids_on_the_largest_boards_obey_their_rules_and_vary() {
        x_windoku_grids_on(7..=MAX_SIDE);
    }

    fn x_windoku_grids_on(sides: std::ops::RangeInclusive<usize>) {
        for side in sides {
            let rules = windoku(side).with_diagonals();
            assert!(serves(&rules));
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
            let a = grid(&rules, &mut rng, &Deadline::never()).unwrap();
            let b = grid(&rules, &mut rng, &Deadline::never()).unwrap();
            let shape = rules.shape();
            assert!(keeps_houses(shape, true, &a) && keeps_houses(shape, true, &b), "{side}");
            assert_ne!(a, b, "side {side}");
        }
    }
}
