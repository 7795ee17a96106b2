/*!
Windoku full grids by construction, on square boxes of side 4 and up,
where random fills of the empty board meet dead ends they cannot leave
(on 16x16 they find no grid in a minute).

# The pattern
On boxes of side `b` (a board of side `N = b²`) window `i` (from 0) takes
the rows `1 + i(b + 1) ..= i(b + 1) + b`, for `i < b - 1`; the `b` rows in
no window (`0, b + 1, 2(b + 1), ..., N - 1`) are a class of their own,
class `b - 1`. So the rows fall into `b` classes of `b` rows each, and in
every class (and in every band, and in every window) the rows have
distinct residues mod `b`; the same holds for the columns. Cell `(r, c)`
of the pattern holds the element

```text
g(r) + h(c),   g(r) = (class(r), r mod b),   h(c) = (c mod b, c div b)
```

of the group `Z_b × Z_b` (written as the digit `b * x + y + 1`): a
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

# Moves that keep every house
A grid is then randomised by moves that map rows to rows, columns to
columns, boxes to boxes and windows to windows: the digits relabelled,
the rows permuted within each run that shares its band and its class (on
16x16 the runs have sizes 1, 3, 1, 1, 2, 2, 1, 1, 3, 1), the order of the
rows reversed (band `k` becomes band `b - 1 - k`, window `i` window
`b - 2 - i`), the same for the columns independently, and the board
transposed. These give at most `16! * 288² * 2` grids from the pattern on
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
/// boxes of side [`MIN_SIDE`] or more.
pub(super) fn serves(rules: &Rules) -> bool {
    let shape = rules.shape();
    let side = shape.box_rows();
    side == shape.box_cols()
        && side >= MIN_SIDE
        && Rules::classic(shape).with_windows().is_ok_and(|windoku| windoku == *rules)
}

/// A random windoku grid under `rules` (which [`serves`] accepts): the
/// pattern moved by a random [`moves`] (digits relabelled too), then
/// [`REFILLS`] times the cells outside a random half of them refilled by
/// the random search within a counted node budget (so the same stream
/// gives the same grid). `None` once `deadline` has passed, or if the
/// rules' check rejected the result.
pub(super) fn grid(rules: &Rules, rng: &mut impl Rng, deadline: &Deadline) -> Option<Vec<u8>> {
    let shape = rules.shape();
    let start = Grid::from_values(shape, pattern(shape)).expect("the pattern fits its shape");
    let mut values = moves(shape, rng).apply(&start).values().to_vec();
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

/// The pattern on the square-boxed `shape` (values `1..=N` in reading
/// order; see the module doc).
pub(super) fn pattern(shape: Shape) -> Vec<u8> {
    let (b, n) = (shape.box_rows(), shape.size());
    debug_assert_eq!(b, shape.box_cols());
    let mut values = Vec::with_capacity(n * n);
    for r in 0..n {
        for c in 0..n {
            let (x, y) = ((class(b, r) + c) % b, (r + c / b) % b);
            values.push((b * x + y + 1) as u8);
        }
    }
    values
}

/// A random move of windoku on the square-boxed `shape` that keeps every
/// house (the group described in the module doc): rows and columns each
/// in a random [`lines`] order, transposed or not, digits relabelled.
fn moves(shape: Shape, rng: &mut impl Rng) -> Transform {
    let rows = lines(shape, rng);
    let cols = lines(shape, rng);
    let transpose = rng.random();
    let mut digits: Vec<u8> = (1..=shape.size() as u8).collect();
    digits.shuffle(rng);
    Transform::from_parts(shape, rows, cols, digits, transpose)
        .expect("line orders keep bands and stacks together; square boxes transpose")
}

/// A random order of the lines (rows or columns) of a square-boxed
/// `shape` that keeps bands and windows: each run of lines sharing its
/// band and its class shuffled, then the whole reversed with probability
/// one half.
fn lines(shape: Shape, rng: &mut impl Rng) -> Vec<usize> {
    let (b, n) = (shape.box_rows(), shape.size());
    let mut order: Vec<usize> = (0..n).collect();
    let mut start = 0;
    while start < n {
        let key = |r: usize| (r / b, class(b, r));
        let end = (start..n).find(|&r| key(r) != key(start)).unwrap_or(n);
        order[start..end].shuffle(rng);
        start = end;
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

    /// The houses of windoku on boxes of side `b`, written out from the
    /// definition: rows, columns, boxes, and the `b x b` squares with top
    /// left corners at `(1 + i(b + 1), 1 + j(b + 1))`.
    fn houses(b: usize) -> Vec<Vec<usize>> {
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
        out
    }

    fn keeps_houses(b: usize, values: &[u8]) -> bool {
        houses(b).iter().all(|h| {
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
            let values = pattern(shape);
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
            let start = Grid::from_values(shape, pattern(shape)).unwrap();
            let mut transposed = false;
            for _ in 0..200 {
                let moves = moves(shape, &mut rng);
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
        assert!(!serves(&windoku(4).with_diagonals()));
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
        let start = Grid::from_values(shape, pattern(shape)).unwrap();
        let moved = moves(shape, &mut rng).apply(&start);
        assert!(rows_translate(16, moved.values()));
        let off = (0..10)
            .filter(|_| !rows_translate(16, &grid(&rules, &mut rng, &Deadline::never()).unwrap()))
            .count();
        assert!(off >= 5, "{off} of 10 grids off the family");
    }
}
