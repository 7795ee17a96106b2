/*!
Windoku full grids by construction, on square boxes of side 4 and up
(and X-windoku on side 4), where random fills of the empty board meet
dead ends they cannot leave (on 16x16 they find no grid in a minute).

# The pattern
On boxes of side `b` (a board of side `N = b²`) window `i` (from 0) takes
the rows `1 + i(b + 1) ..= i(b + 1) + b`, for `i < b - 1`; the `b` rows in
no window (`0, b + 1, 2(b + 1), ..., N - 1`) are a class of their own,
class `b - 1`. So the rows fall into `b` classes of `b` rows each, and in
every class (and in every band, and in every window) the rows have
distinct residues mod `b`; the same holds for the columns. Cell `(r, c)`
of the pattern holds the element

```text
g(r) + h(c),   g(r) = (class(r), σ(r)),   h(c) = (τ(c), c div b)
```

of the group `Z_b × Z_b` (written as the digit `b * x + y + 1`), where the
offsets `σ` and `τ` are the residues `r mod b` and `c mod b` for windoku: a
Cayley-table grid, the group-based construction of Sudoku grids studied by
Bailey, Cameron and Connelly ("Sudoku, gerechte designs, resolutions,
affine space, spreads, reguli, and Hamming codes", Amer. Math. Monthly
115, 2008). A set of rows `R` and columns `C` of `b` each holds every
value once exactly when every element of the group is one sum `g(r) +
h(c)`. With `K = Z_b × {0}` and `H = {0} × Z_b`:
- a row or a column: `g` and `h` are one to one;
- a box: `h` of a stack is a coset of `K` (second part `c div b` fixed),
  and `g` of a band a transversal of `K` (its residues differ);
- a window: `g` of its rows is a coset of `H` (first part the class), and
  `h` of its `b` consecutive columns a transversal of `H` (residues
  differ).

So any offsets do that are one to one on each band and class of rows
(`σ`) and on each stack and window's columns (`τ`). With both diagonals as
houses (X-windoku) the cells `(r, r)` and `(r, N - 1 - r)` hold `g(r) +
h(r)` and `g(r) + h(N - 1 - r)`, which must be one to one as well: there
is no rule for such offsets, so a depth-first search finds them
([`offsets`]; on side 4 within a few thousand nodes).

# Moves that keep every house
A grid is then randomised by moves that map rows to rows, columns to
columns, boxes to boxes and windows to windows: the digits relabelled,
the rows permuted within each run that shares its band and its class (on
16x16 the runs have sizes 1, 3, 1, 1, 2, 2, 1, 1, 3, 1), the order of the
rows reversed (band `k` becomes band `b - 1 - k`, window `i` window
`b - 2 - i`), the same for the columns independently, and the board
transposed. With diagonals, the rows and columns take one order that
also commutes with reversing the lines, and the rows alone may be
reversed (which swaps the two diagonals). These give at most `16! * 288² * 2` grids from the pattern on
16x16, all tables of one group up to relabelling; then a random half of the
cells is refilled by the random search, a few times over (see [`grid`]), so
that grids off that family come out too: with half the cells kept the
search completes the board within a small budget nearly always, where from
an empty board it does not.

Invariant: [`grid`] returns a grid that the rules' own check finds
complete and without a clash or a broken rule, or nothing.
*/

use rand::Rng;
use rand::seq::SliceRandom;

use crate::deadline::Deadline;
use crate::grid::Grid;
use crate::rules::Rules;
use crate::shape::Shape;
use crate::solve::random_fill;
use crate::transform::Transform;

use super::fill::pick_bit;

/// The smallest box side served: on 9x9 and smaller boards the random
/// fills find windoku grids at once.
const MIN_SIDE: usize = 4;

/// How many times [`grid`] refills the cells outside a random half of
/// them.
const REFILLS: u32 = 8;

/// The node budget of one refill, per cell of the board: a refill that
/// runs out leaves the grid as it was.
const REFILL_NODES_PER_CELL: u64 = 16;

/// Whether [`grid`] serves `rules`: windoku (and nothing more) on square
/// boxes of side [`MIN_SIDE`] or more, or windoku with both diagonals
/// where [`offsets`] finds a pattern whose diagonals are houses too.
pub(super) fn serves(rules: &Rules) -> bool {
    let shape = rules.shape();
    let side = shape.box_rows();
    if side != shape.box_cols() || side < MIN_SIDE {
        return false;
    }
    let Ok(windoku) = Rules::classic(shape).with_windows() else { return false };
    if windoku == *rules {
        return true;
    }
    windoku.with_diagonals() == *rules && offsets(side, true).is_some()
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
    let offsets = offsets(shape.box_rows(), diagonals)?;
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

/// The class of row (or column) `r` on boxes of side `b`: the window
/// holding it, or `b - 1` for the lines in no window.
fn class(b: usize, r: usize) -> usize {
    let (i, k) = (r / (b + 1), r % (b + 1));
    if k == 0 { b - 1 } else { i }
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
/// (side 4 needs 4,696; sides 5 and 6 need millions, see
/// `docs/generator-notes.md`, so they are not served).
const OFFSET_NODES: u64 = 20_000;

/// The offsets for side `b`: the residues (`σ(r) = r mod b`, `τ(c) = c mod
/// b`) without `diagonals`, else the first offsets found by a depth-first
/// search within [`OFFSET_NODES`] nodes, or `None` (the same answer for the
/// same side every time, so callers may ask per grid).
pub(super) fn offsets(b: usize, diagonals: bool) -> Option<Offsets> {
    let n = b * b;
    if !diagonals {
        return Some(Offsets {
            rows: (0..n).map(|r| r % b).collect(),
            cols: (0..n).map(|c| c % b).collect(),
        });
    }
    let mut search = DiagonalSearch::new(b);
    search.run(0).then_some(Offsets { rows: search.rows, cols: search.cols })
}

/// The depth-first search behind [`offsets`] with diagonals. Lines are
/// decided in the order `0, n - 1, 1, n - 2, ...` (the middle last on odd
/// sides), so each diagonal value is checked as soon as both of its lines
/// are decided; a line takes its row offset and its column offset together.
struct DiagonalSearch {
    b: usize,
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
        DiagonalSearch {
            b,
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
        b * ((class(b, r) + self.cols[c]) % b) + (self.rows[r] + c / b) % b
    }

    /// Whether line `k`'s offsets clash with a decided line: row offsets
    /// repeated in a band or class, column offsets in a stack or window,
    /// or a value repeated on a diagonal among the cells decided.
    fn clashes(&self, k: usize) -> bool {
        let (b, n) = (self.b, self.b * self.b);
        let window = |c: usize| class(b, c) < b - 1;
        let mut main = vec![false; n];
        let mut anti = vec![false; n];
        for j in (0..n).filter(|&j| self.decided[j] || j == k) {
            if j != k && self.decided[j] {
                let same_row = j / b == k / b || class(b, j) == class(b, k);
                if same_row && self.rows[j] == self.rows[k] {
                    return true;
                }
                let same_col = j / b == k / b || (window(j) && class(b, j) == class(b, k));
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

/// The pattern on the square-boxed `shape` with `offsets` (values `1..=N`
/// in reading order; see the module doc).
pub(super) fn pattern(shape: Shape, offsets: &Offsets) -> Vec<u8> {
    let (b, n) = (shape.box_rows(), shape.size());
    debug_assert_eq!(b, shape.box_cols());
    let mut values = Vec::with_capacity(n * n);
    for r in 0..n {
        for c in 0..n {
            let (x, y) = ((class(b, r) + offsets.cols[c]) % b, (offsets.rows[r] + c / b) % b);
            values.push((b * x + y + 1) as u8);
        }
    }
    values
}

/// A random move of windoku on the square-boxed `shape` that keeps every
/// house (the group described in the module doc): rows and columns each
/// in a random [`lines`] order, transposed or not, digits relabelled. With
/// `diagonals` the columns take the rows' order, drawn from
/// [`mirrored_lines`], and the rows alone may be reversed, which swaps the
/// two diagonals.
fn moves(shape: Shape, diagonals: bool, rng: &mut impl Rng) -> Transform {
    let (rows, cols) = if diagonals {
        let cols = mirrored_lines(shape, rng);
        let mut rows = cols.clone();
        if rng.random() {
            rows.reverse();
        }
        (rows, cols)
    } else {
        (lines(shape, rng), lines(shape, rng))
    };
    let transpose = rng.random();
    let mut digits: Vec<u8> = (1..=shape.size() as u8).collect();
    digits.shuffle(rng);
    Transform::from_parts(shape, rows, cols, digits, transpose)
        .expect("line orders keep bands and stacks together; square boxes transpose")
}

/// The runs of lines sharing their band and their class, as ranges.
fn runs(shape: Shape) -> Vec<std::ops::Range<usize>> {
    let (b, n) = (shape.box_rows(), shape.size());
    let key = |r: usize| (r / b, class(b, r));
    let mut out = Vec::new();
    let mut start = 0;
    while start < n {
        let end = (start..n).find(|&r| key(r) != key(start)).unwrap_or(n);
        out.push(start..end);
        start = end;
    }
    out
}

/// A random order of the lines (rows or columns) of a square-boxed
/// `shape` that keeps bands and windows: each run of lines sharing its
/// band and its class shuffled, then the whole reversed with probability
/// one half.
fn lines(shape: Shape, rng: &mut impl Rng) -> Vec<usize> {
    let mut order: Vec<usize> = (0..shape.size()).collect();
    for run in runs(shape) {
        order[run].shuffle(rng);
    }
    if rng.random() {
        order.reverse();
    }
    order
}

/// A random [`lines`] order that also commutes with reversing the lines
/// (line `n - 1 - r` goes where the mirror of line `r`'s place is), so
/// that taken for rows and columns alike it maps each diagonal onto a
/// diagonal: the runs of the first half shuffled and mirrored into the
/// second (the pattern's runs mirror each other; a run that is its own
/// mirror stays), then the whole reversed with probability one half.
fn mirrored_lines(shape: Shape, rng: &mut impl Rng) -> Vec<usize> {
    let n = shape.size();
    let mut order: Vec<usize> = (0..n).collect();
    for run in runs(shape).into_iter().filter(|run| run.end <= n - run.end) {
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

    fn windoku(side: usize) -> Rules {
        Rules::classic(Shape::new(side, side).unwrap()).with_windows().unwrap()
    }

    fn plain(shape: Shape) -> Vec<u8> {
        pattern(shape, &offsets(shape.box_rows(), false).unwrap())
    }

    /// The houses of windoku on boxes of side `b`, written out from the
    /// definition: rows, columns, boxes, and the `b x b` squares with top
    /// left corners at `(1 + i(b + 1), 1 + j(b + 1))`.
    fn houses(b: usize) -> Vec<Vec<usize>> {
        houses_with(b, false)
    }

    /// [`houses`], and with `diagonals` the two diagonals `(i, i)` and `(i,
    /// n - 1 - i)`.
    fn houses_with(b: usize, diagonals: bool) -> Vec<Vec<usize>> {
        let n = b * b;
        let square = |top: usize, left: usize| -> Vec<usize> {
            (0..n).map(|k| (top + k / b) * n + left + k % b).collect()
        };
        let mut out = Vec::new();
        for i in 0..n {
            out.push((0..n).map(|j| i * n + j).collect());
            out.push((0..n).map(|j| j * n + i).collect());
            out.push(square(i / b * b, i % b * b));
        }
        for i in 0..b - 1 {
            for j in 0..b - 1 {
                out.push(square(1 + i * (b + 1), 1 + j * (b + 1)));
            }
        }
        if diagonals {
            out.push((0..n).map(|i| i * n + i).collect());
            out.push((0..n).map(|i| i * n + n - 1 - i).collect());
        }
        out
    }

    fn keeps_houses(b: usize, values: &[u8]) -> bool {
        keeps_houses_with(b, false, values)
    }

    fn keeps_houses_with(b: usize, diagonals: bool, values: &[u8]) -> bool {
        houses_with(b, diagonals).iter().all(|h| {
            let mut seen = vec![false; b * b + 1];
            h.iter().all(|&c| {
                let v = values[c] as usize;
                (1..=b * b).contains(&v) && !std::mem::replace(&mut seen[v], true)
            })
        })
    }

    #[test]
    fn the_pattern_holds_every_house_on_square_boxes() {
        for b in 2..=6 {
            let shape = Shape::new(b, b).unwrap();
            let values = plain(shape);
            assert!(keeps_houses(b, &values), "side {b}");
            assert!(obeys(&windoku(b), &values), "side {b}");
        }
    }

    /// Every move maps each house onto a house: the cells of each house of
    /// the moved board come from one house of the source (read from the
    /// move's cell map, so no grid's values can hide a miss).
    #[test]
    fn moves_map_every_house_onto_a_house() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for b in [3, 4, 5] {
            let shape = Shape::new(b, b).unwrap();
            let houses = houses(b);
            let mut sorted: Vec<Vec<usize>> = houses.clone();
            sorted.iter_mut().for_each(|h| h.sort_unstable());
            let start = Grid::from_values(shape, plain(shape)).unwrap();
            let mut transposed = false;
            for _ in 0..200 {
                let moves = moves(shape, false, &mut rng);
                transposed |= moves.is_transposed();
                let mut source = vec![0usize; b * b * b * b];
                for (from, &to) in moves.cell_map().iter().enumerate() {
                    source[to as usize] = from;
                }
                for h in &houses {
                    let mut from: Vec<usize> = h.iter().map(|&k| source[k]).collect();
                    from.sort_unstable();
                    assert!(sorted.contains(&from), "side {b}: {moves:?} breaks {h:?}");
                }
                assert!(keeps_houses(b, moves.apply(&start).values()));
            }
            assert!(transposed);
        }
    }

    #[test]
    fn grids_obey_windoku_and_vary_with_the_stream() {
        let rules = windoku(4);
        assert!(serves(&rules));
        assert!(!serves(&windoku(3)));
        assert!(!serves(&Rules::classic(Shape::new(4, 4).unwrap())));
        assert!(!serves(&windoku(4).with_anti_king()));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        let a = grid(&rules, &mut rng, &Deadline::never()).unwrap();
        let b = grid(&rules, &mut rng, &Deadline::never()).unwrap();
        assert!(keeps_houses(4, &a) && keeps_houses(4, &b));
        assert_ne!(a, b);
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

    /// With diagonals on side 4 the search finds offsets, the pattern holds
    /// every house of the definition and both diagonals, and so does every
    /// moved pattern; the moves map each house, diagonals included, onto a
    /// house, and the rows' reversal (which swaps the diagonals) is drawn.
    #[test]
    fn diagonal_offsets_and_moves_keep_the_diagonals() {
        let b = 4;
        let shape = Shape::new(b, b).unwrap();
        let offsets = offsets(b, true).expect("side 4 has diagonal offsets");
        let start = Grid::from_values(shape, pattern(shape, &offsets)).unwrap();
        assert!(keeps_houses_with(b, true, start.values()));
        assert!(!keeps_houses_with(b, true, &plain(shape)), "the residues alone miss a diagonal");
        let houses = houses_with(b, true);
        let mut sorted = houses.clone();
        sorted.iter_mut().for_each(|h| h.sort_unstable());
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut swapped = false;
        for _ in 0..200 {
            let moves = moves(shape, true, &mut rng);
            let mut source = vec![0usize; b.pow(4)];
            for (from, &to) in moves.cell_map().iter().enumerate() {
                source[to as usize] = from;
            }
            for h in &houses {
                let mut from: Vec<usize> = h.iter().map(|&k| source[k]).collect();
                from.sort_unstable();
                assert!(sorted.contains(&from), "{moves:?} breaks {h:?}");
            }
            swapped |= source[0] % 16 == 15 || source[0] / 16 == 15;
            assert!(keeps_houses_with(b, true, moves.apply(&start).values()));
        }
        assert!(swapped, "no move took a corner of diagonal 2 to the top left");
    }

    #[test]
    fn x_windoku_grids_obey_their_rules_and_vary() {
        let rules = windoku(4).with_diagonals();
        assert!(serves(&rules));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        let a = grid(&rules, &mut rng, &Deadline::never()).unwrap();
        let b = grid(&rules, &mut rng, &Deadline::never()).unwrap();
        assert!(keeps_houses_with(4, true, &a) && keeps_houses_with(4, true, &b));
        assert_ne!(a, b);
    }
}
