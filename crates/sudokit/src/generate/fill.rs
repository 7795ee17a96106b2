/*!
Full grids: the construction methods of [`Method`].

Every method builds the `N * N` values of a valid grid for any shape, drawing
its choices from the caller's random stream, so the same stream gives the same
grid. Methods that search (`backtrack`, `rows`, `digits`) carry a budget of
backtracking steps; when it runs out they start over with fresh choices, and
after a bounded number of restarts they give up with
[`FillError::GaveUp`] rather than run unbounded.

- `backtrack`: depth-first search with forward checking: each step fills the
  empty cell with the fewest allowed digits (the "minimum remaining values"
  rule) with a random one of them, and undoes the most recent choice on a dead
  end. Every valid grid can come out, since at each cell every allowed digit
  has a chance. Above 16x16 forward checking alone meets long dead ends, so
  there the general search (naked and hidden singles, fewest candidates
  first) runs with random digit choices instead: the same idea with stronger
  propagation. On 9x9 the search after the diagonal boxes runs on the fast
  solver's band bitboards (its propagation, random digit order at each
  guess), which is complete too, so again every grid can come out. Windoku
  on square boxes of side 4 and up (16x16, 25x25, 36x36), where random
  fills from the empty board find no grid, takes a constructed grid
  instead (see `windoku`): a group-table pattern moved by symmetries of
  the windows and partly refilled at random.
- `shift`: the shifted-row pattern (row `i` of band `b` is the first row
  shifted left by `i * c + b` places, `c` the box width), which is valid for
  every box shape, then a uniformly random element of the equivalence group
  (digit labels, rows inside bands, bands, columns inside stacks, stacks) to
  hide the pattern. Only grids equivalent to the pattern can come out.
- `rows`: row by row, pick and eliminate: inside the current row the most
  constrained cell is filled first, with the digit that is least frequent
  among the row's remaining candidates (ties at random); on a dead end the row
  is cleared and tried again, and after repeated failures the previous row is
  cleared too (rolled back).
- `digits`: digit by digit, box by box: digit 1 goes into every box at a
  random position whose row and column do not hold a 1 yet, then digit 2, and
  so on; when a box has no position left, the previous placement of the digit
  moves (backtracking through the boxes, and into the previous digit).
- `solver`: the exact solver run on an empty grid, then a random digit order
  (relabelling) and a random equivalence transform. The solver is
  deterministic, so this gives only the equivalents of one grid per shape; it
  is offered as the textbook method, not for variety.
*/

use rand::Rng;
use rand::seq::SliceRandom;

use crate::deadline::Deadline;
use crate::grid::Grid;
use crate::rules::Rules;
use crate::shape::Shape;
use crate::solve::{Count, Limits, Solver, random_fill};
use crate::transform::Transform;

use super::board::Board;
use super::shifted;
use super::windoku;
use super::{Clock, GenerateError, Method, Options};

/// Why a full grid could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FillError {
    /// The search used its whole budget on every restart.
    GaveUp {
        /// The method that gave up.
        method: Method,
        /// The shape it was asked for.
        shape: Shape,
    },
    /// No grid obeys the rules (proved by an exhaustive search once the
    /// random fills gave up).
    NoGrid {
        /// The rules.
        rules: Rules,
    },
    /// No full grid under the rules is found within a service's time
    /// budget on boards this large, by measurement ([`grids_refused`]).
    Slow {
        /// The rules.
        rules: Rules,
        /// What was measured.
        measured: &'static str,
    },
    /// The method builds grids of rows, columns and boxes only, and the
    /// rules have more houses, groups or irregular regions.
    Unsupported {
        /// The method asked for.
        method: Method,
        /// The rules it cannot serve.
        rules: Rules,
    },
}

impl std::fmt::Display for FillError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FillError::GaveUp { method, shape } => write!(
                f,
                "the {method} method found no {n}x{n} grid (boxes {shape}) within its search \
                 budget; use --method backtrack, which serves every shape",
                n = shape.size()
            ),
            FillError::NoGrid { rules } => write!(
                f,
                "no full grid obeys the rules {rules} (an exhaustive search found none), so \
                 there are no puzzles under them"
            ),
            FillError::Slow { rules, measured } => write!(
                f,
                "no full grid under {rules} is found within a 5 s budget on a board this large \
                 ({measured}), so no puzzle is made under them; try a smaller board or drop a \
                 rule"
            ),
            FillError::Unsupported { method, rules } => write!(
                f,
                "the {method} method builds grids of rows, columns and boxes only, not grids \
                 under the rules {rules}; use --method backtrack (or solver), which serve \
                 every rule set"
            ),
        }
    }
}

impl std::error::Error for FillError {}

/// The largest side for which `backtrack` uses the plain search with forward
/// checking; larger boards need the solver's hidden singles to avoid long
/// dead ends, so there `backtrack` runs the general search with random digit
/// choices (still every grid can come out).
const BOARD_DFS_MAX: usize = 16;

/// How many times a searching method starts over before giving up.
pub(super) const RESTARTS: u32 = 20;

/// Rules whose full grids the fills do not find within a service's time
/// budget from a board size on: windows beside non-consecutive neighbours
/// or cells that differ, where the windoku pattern does not serve and the
/// random fills give up (release build, `-j 1`, 2026-11-28).
struct SlowFill {
    /// Whether rules are those measured.
    rules: fn(&Rules) -> bool,
    /// The smallest board side refused.
    from: usize,
    /// What was measured.
    measured: &'static str,
}

/// The rules of [`SlowFill`].
const SLOW_FILLS: [SlowFill; 4] = [
    SlowFill {
        rules: |r| r.has_windows() && r.has_non_consecutive(),
        from: 12,
        measured: "12x12, 16x16, 20x20 and 25x25 windoku with non-consecutive neighbours, seeds \
                   1-3: no grid in 10 s of CPU",
    },
    SlowFill {
        rules: |r| r.has_windows() && r.has_anti_king(),
        from: 16,
        measured: "16x16 windoku with anti-king seeds 2-3 (seed 1: 3.0 s of CPU), 20x20 and 25x25 \
                   seeds 1-3: no grid in 10 s",
    },
    SlowFill {
        rules: |r| r.has_windows() && r.has_anti_knight(),
        from: 20,
        measured: "20x20 and 25x25 windoku with anti-knight, seeds 1-3: no grid in 10 s of CPU \
                   (16x16: 0.1-0.4 s)",
    },
    SlowFill {
        rules: |r| {
            let shape = r.shape();
            r.has_windows() && r.has_diagonals() && shape.box_rows() != shape.box_cols()
        },
        from: 20,
        measured: "20x20 X-windoku seeds 1-2 and 30x30 seed 1: no grid in 15 s of CPU; 12x12 \
                   is made",
    },
];

/// Why no grids are made under `rules` within a service's budget, if
/// none are: by measurement, windows beside non-consecutive neighbours
/// from 12x12, beside anti-king from 16x16 and beside anti-knight from
/// 20x20, and with both diagonals on boxes whose sides differ from 20x20,
/// where the windoku pattern does not serve and the random fills give up.
pub fn grids_refused(rules: &Rules) -> Option<FillError> {
    let size = rules.shape().size();
    SLOW_FILLS
        .iter()
        .find(|slow| size >= slow.from && (slow.rules)(rules))
        .map(|slow| FillError::Slow { rules: rules.clone(), measured: slow.measured })
}

/// The largest side on which [`proven_without_grid`] searches.
const PROVED_UP_FRONT: usize = 6;

/// The node budget of [`proven_without_grid`]: tens of milliseconds at most.
const UP_FRONT_NODES: u64 = 200_000;

/// Whether a short exhaustive search proves that no grid obeys `rules`, on
/// boards of side 6 or less with rules beyond the classic ones and no
/// cages, thermometers, dots or marks (4x4 anti-king or non-consecutive,
/// 6x6 X-windoku): such rules are refused up front
/// ([`MakeRules::refused`](super::MakeRules::refused)), not after the fills
/// give up. `false` when the search finds a grid or runs out of its budget.
pub(crate) fn proven_without_grid(rules: &Rules) -> bool {
    rules.shape().size() <= PROVED_UP_FRONT
        && !rules.is_classic()
        && rules.constraints().is_empty()
        && has_no_grid(rules, &Deadline::never(), Some(UP_FRONT_NODES))
}

/// Whether `method` can build grids under `rules`: every method serves
/// classic rules; `backtrack` and `solver` serve every rule set but those
/// whose grids are not found within a service's budget ([`grids_refused`]).
pub(crate) fn supports(method: Method, rules: &Rules) -> Result<(), FillError> {
    if let Some(refused) = grids_refused(rules) {
        return Err(refused);
    }
    match method {
        _ if rules.is_classic() => Ok(()),
        Method::Backtrack | Method::Solver => Ok(()),
        Method::Shift | Method::Rows | Method::Digits => {
            Err(FillError::Unsupported { method, rules: rules.clone() })
        }
    }
}

/// Builds a full grid under `rules` with `method`, drawing from `rng`.
#[cfg(test)]
pub(crate) fn fill(rules: &Rules, method: Method, rng: &mut impl Rng) -> Result<Grid, FillError> {
    fill_until(rules, method, rng, &Deadline::never())
}

/// A full grid for a generator's next try: [`fill_until`] with `opts`'
/// rules and method and `clock`'s deadline. When the deadline passes
/// during the fill, the error is [`Clock::out_of_time`] after `tries`
/// grids carved.
pub(super) fn grid_for_try(
    opts: &Options,
    rng: &mut impl Rng,
    clock: &Clock,
    tries: u32,
) -> Result<Grid, GenerateError> {
    match fill_item(opts, rng, &clock.deadline) {
        Err(_) if clock.deadline.passed() => Err(clock.out_of_time(opts, tries, None)),
        other => Ok(other?),
    }
}

/// [`fill`], whose searches on large boards (the general search of
/// `backtrack` above 16x16 or under rules other than the classic ones, and
/// `solver`) also stop once `deadline` passes: the caller tells that from
/// giving up by asking the deadline.
pub(crate) fn fill_until(
    rules: &Rules,
    method: Method,
    rng: &mut impl Rng,
    deadline: &Deadline,
) -> Result<Grid, FillError> {
    supports(method, rules)?;
    let shape = rules.shape();
    let classic = rules.is_classic();
    let values = match method {
        Method::Backtrack if shape == Shape::CLASSIC && classic => {
            retry(|| classic_backtrack(rules, rng))
        }
        Method::Backtrack if shape.size() <= BOARD_DFS_MAX && classic => {
            retry(|| Board::new(shape).backtrack(rng))
        }
        Method::Backtrack if windoku::serves(rules) => windoku::grid(rules, rng, deadline),
        Method::Backtrack => {
            let grid = retry(|| fill_once(rules, rng, budget(shape), deadline))
                .or_else(|| constructed(rules, rng, deadline));
            // Rules without a grid on a small tree are told at once; then
            // longer fills, then the exhaustive search until the deadline.
            let quick = Some(budget(shape) << QUICK_PROOF_SHIFT);
            if grid.is_none() && !classic && has_no_grid(rules, deadline, quick) {
                return Err(FillError::NoGrid { rules: rules.clone() });
            }
            let grid = grid.or_else(|| patient(rules, rng, deadline));
            if grid.is_none() && !classic && has_no_grid(rules, deadline, None) {
                return Err(FillError::NoGrid { rules: rules.clone() });
            }
            grid
        }
        Method::Shift => Some(shift(shape, rng)),
        Method::Rows => retry(|| Board::new(shape).rows(rng)),
        Method::Digits => retry(|| Board::new(shape).digits(rng)),
        Method::Solver if classic => solver(shape, rng, deadline),
        Method::Solver => relabelled_solution(rules, rng, deadline),
    };
    let values = values.ok_or(FillError::GaveUp { method, shape })?;
    Ok(Grid::from_values_with(rules.clone(), values)
        .expect("a filled board has the shape's cell count"))
}

/// The full grid of an item under `opts`: [`fill_until`], or with a
/// witness (a grid under the rules that random jigsaw regions were drawn
/// beside) a few random fills of the backtrack method and then the witness
/// under a random relabelling of its digits. The exhaustive search
/// [`fill_until`] falls back on can take minutes on a 16x16 jigsaw, where
/// random fills often give up; the witness ends that in every case.
pub(crate) fn fill_item(
    opts: &Options,
    rng: &mut impl Rng,
    deadline: &Deadline,
) -> Result<Grid, FillError> {
    let Some(witness) = opts.witness.as_deref() else {
        return fill_until(&opts.rules, opts.method, rng, deadline);
    };
    let (rules, shape) = (&opts.rules, opts.get_shape());
    let found = (opts.method == Method::Backtrack)
        .then(|| (0..WITNESS_RESTARTS).find_map(|_| fill_once(rules, rng, budget(shape), deadline)))
        .flatten();
    let values = found.unwrap_or_else(|| {
        let mut labels: Vec<u8> = (1..=shape.size() as u8).collect();
        labels.shuffle(rng);
        witness.values().iter().map(|&v| labels[v as usize - 1]).collect()
    });
    Ok(Grid::from_values_with(rules.clone(), values).expect("a full grid of the board"))
}

/// How many random fills [`fill_item`] tries before it takes the witness.
const WITNESS_RESTARTS: u32 = 4;

fn retry(mut attempt: impl FnMut() -> Option<Vec<u8>>) -> Option<Vec<u8>> {
    (0..RESTARTS).find_map(|_| attempt())
}

/// The budget of undone choices of one attempt: generous for the sizes each
/// method handles well, small enough that a hopeless attempt ends quickly.
fn budget(shape: Shape) -> u64 {
    (shape.cell_count() as u64) * 64
}

/// `backtrack` on 9x9 under classic `rules`: the diagonal boxes as random
/// permutations (as [`Board::backtrack`] starts), then the solver's random
/// fill (on 9x9, the fast solver's search with random digit choices).
fn classic_backtrack(rules: &Rules, rng: &mut impl Rng) -> Option<Vec<u8>> {
    let mut givens = [0u8; 81];
    let mut digits: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    for k in 0..3 {
        digits.shuffle(rng);
        for (j, &d) in digits.iter().enumerate() {
            givens[(3 * k + j / 3) * 9 + 3 * k + j % 3] = d;
        }
    }
    let budget = budget(Shape::CLASSIC);
    random_fill(rules, &givens, budget, &Deadline::never(), |mask| pick_bit(mask, rng))
}

/// The shifted-row pattern, then a random equivalence transform.
fn shift(shape: Shape, rng: &mut impl Rng) -> Vec<u8> {
    let values: Vec<u8> = (0..shape.size()).flat_map(|row| shift_row(shape, row)).collect();
    let grid = Grid::from_values(shape, values).expect("pattern has the right length");
    Transform::random(shape, rng.random()).apply(&grid).values().to_vec()
}

/// How far the shift pattern moves row `row` (from 0) left of the first
/// row: by the box width from row to row within a band, by one more from
/// band to band. Every row, column and box then holds each digit once.
pub(super) fn shift_of(shape: Shape, row: usize) -> usize {
    (row % shape.box_rows() * shape.box_cols() + row / shape.box_rows()) % shape.size()
}

/// Row `row` of the shift pattern: the digits 1 to N shifted left by
/// [`shift_of`].
pub(super) fn shift_row(shape: Shape, row: usize) -> Vec<u8> {
    let (n, shift) = (shape.size(), shift_of(shape, row));
    (0..n).map(|col| ((shift + col) % n) as u8 + 1).collect()
}

/// The solver on an empty board, then a random relabelling and transform.
fn solver(shape: Shape, rng: &mut impl Rng, deadline: &Deadline) -> Option<Vec<u8>> {
    let mut solver = Solver::with_limits(Limits::until(deadline.clone()));
    let grid = solver.solutions(&Grid::empty(shape), 1).pop()?;
    Some(Transform::random(shape, rng.random()).apply(&grid).values().to_vec())
}

/// Random fills with budgets doubling from twice [`budget`], at most
/// [`PATIENT_ROUNDS`] of them, until `deadline`: after the [`RESTARTS`]
/// short attempts give up. Under some rules (windoku on 12x12) most random
/// starts lead the search into a part of the tree without a
/// grid that it cannot leave within a short budget, a heavy tail that
/// restarts with growing budgets cut (Luby, Sinclair and Zuckerman, 1993;
/// Gomes, Selman and Kautz, 1998). A board whose whole tree is small ends
/// each attempt quickly, with or without a grid.
fn patient(rules: &Rules, rng: &mut impl Rng, deadline: &Deadline) -> Option<Vec<u8>> {
    let budget = budget(rules.shape());
    (1..=PATIENT_ROUNDS).find_map(|k| fill_once(rules, rng, budget << k, deadline))
}

/// One random fill of the empty board under `rules` within `max_nodes`;
/// none once `deadline` has passed.
fn fill_once(
    rules: &Rules,
    rng: &mut impl Rng,
    max_nodes: u64,
    deadline: &Deadline,
) -> Option<Vec<u8>> {
    if deadline.passed() {
        return None;
    }
    let empty = vec![0; rules.shape().cell_count()];
    random_fill(rules, &empty, max_nodes, deadline, |mask| pick_bit(mask, rng))
}

/// How many doubling rounds [`patient`] tries.
const PATIENT_ROUNDS: u32 = 12;

/// The node budget of the first proof that no grid exists: [`budget`]
/// shifted left by this.
const QUICK_PROOF_SHIFT: u32 = 6;

/// Whether an exhaustive search (until `deadline`, within `max_nodes`)
/// proves that no grid obeys `rules`.
fn has_no_grid(rules: &Rules, deadline: &Deadline, max_nodes: Option<u64>) -> bool {
    let limits = Limits { max_nodes, ..Limits::until(deadline.clone()) };
    let mut solver = Solver::with_limits(limits);
    solver.count(&Grid::empty_with(rules.clone()), 1) == Count::Found(0)
}

/// For non-consecutive rules where the random fills gave up: a grid of
/// the shifted pattern (see `shifted`), when it obeys every rule, refilled
/// at random around a random half of its cells (so that grids of other
/// patterns come out too), or the pattern itself when that refill gives
/// up. `None` under other rules, or when the pattern breaks one.
fn constructed(rules: &Rules, rng: &mut impl Rng, deadline: &Deadline) -> Option<Vec<u8>> {
    if !rules.has_non_consecutive() {
        return None;
    }
    let shape = rules.shape();
    let pattern = shifted::non_consecutive(shape, rng)?;
    let grid = Grid::from_values_with(rules.clone(), pattern.clone()).ok()?;
    if !grid.clashes().is_empty() || !grid.broken().is_empty() {
        return None;
    }
    let kept: Vec<u8> = pattern.iter().map(|&v| if rng.random() { v } else { 0 }).collect();
    let mut pick = |mask| pick_bit(mask, rng);
    random_fill(rules, &kept, budget(shape), deadline, &mut pick).or(Some(pattern))
}

/// The general solver's first solution of the empty board under `rules`,
/// its digits relabelled at random (a relabelling keeps every house and
/// group valid; the equivalence transforms of the classic path would not
/// keep diagonals, windows or regions).
fn relabelled_solution(rules: &Rules, rng: &mut impl Rng, deadline: &Deadline) -> Option<Vec<u8>> {
    let mut solver = Solver::with_limits(Limits::until(deadline.clone()));
    let grid = solver.solutions(&Grid::empty_with(rules.clone()), 1).pop()?;
    let mut labels: Vec<u8> = (1..=rules.shape().size() as u8).collect();
    labels.shuffle(rng);
    Some(grid.values().iter().map(|&v| labels[v as usize - 1]).collect())
}

/// Picks a uniformly random set bit of a non-empty mask.
pub(super) fn pick_bit(mask: u64, rng: &mut impl Rng) -> u32 {
    debug_assert!(mask != 0);
    let mut k = rng.random_range(0..mask.count_ones());
    let mut m = mask;
    while k > 0 {
        m &= m - 1;
        k -= 1;
    }
    m.trailing_zeros()
}

impl Board {
    /// Randomized depth-first search, fewest allowed digits first.
    pub(super) fn backtrack(mut self, rng: &mut impl Rng) -> Option<Vec<u8>> {
        let cells = self.n * self.n;
        // The boxes on the diagonal share no row or column, so each is an
        // independent uniform permutation: filling them first saves the
        // search a third of its steps on 9x9, and every grid can still come
        // out. On boxes of side 2 many such fillings cannot be completed
        // (the search would just restart), so small boards skip it.
        let diagonal = if self.shape.box_rows().min(self.shape.box_cols()) >= 3 {
            self.fill_diagonal_boxes(rng)
        } else {
            Vec::new()
        };
        // order[..depth] are filled, order[depth..] empty.
        let mut order: Vec<u16> = diagonal.clone();
        order.extend((0..cells as u16).filter(|&c| self.values[c as usize] == 0));
        // Per filled cell: the digits of its original choice not yet tried
        // (none for the diagonal boxes: they are never revisited).
        let mut left: Vec<u64> = vec![0; diagonal.len()];
        left.reserve(cells);
        let mut undone = 0u64;
        let budget = budget(self.shape);
        loop {
            let depth = left.len();
            if depth == cells {
                return Some(self.values);
            }
            // The empty cell with the fewest allowed digits.
            let mut best = (u32::MAX, 0usize, 0u64);
            for (j, &cell) in order.iter().enumerate().skip(depth) {
                let mask = self.allowed(cell as usize);
                let count = mask.count_ones();
                if count < best.0 {
                    best = (count, j, mask);
                    if count <= 1 {
                        break;
                    }
                }
            }
            if best.0 > 0 {
                order.swap(depth, best.1);
                let d = pick_bit(best.2, rng);
                self.place(order[depth] as usize, d);
                left.push(best.2 & !(1 << d));
                continue;
            }
            // Dead end: move the most recent choice that has an alternative.
            loop {
                let depth = left.len().checked_sub(1).filter(|&d| d >= diagonal.len())?;
                let cell = order[depth] as usize;
                self.clear(cell);
                undone += 1;
                if undone > budget {
                    return None;
                }
                if left[depth] != 0 {
                    let d = pick_bit(left[depth], rng);
                    left[depth] &= !(1 << d);
                    self.place(cell, d);
                    break;
                }
                left.pop();
            }
        }
    }

    /// Fills boxes `(k, k)` (band `k`, stack `k`) with random permutations;
    /// returns their cells.
    fn fill_diagonal_boxes(&mut self, rng: &mut impl Rng) -> Vec<u16> {
        let (r, c, n) = (self.shape.box_rows(), self.shape.box_cols(), self.n);
        let mut cells = Vec::new();
        let mut digits: Vec<u32> = (0..n as u32).collect();
        for k in 0..r.min(c) {
            digits.shuffle(rng);
            for (j, &d) in digits.iter().enumerate() {
                let cell = (k * r + j / c) * n + k * c + j % c;
                self.place(cell, d);
                cells.push(cell as u16);
            }
        }
        cells
    }

    /// Row by row, pick and eliminate, rolling back a row on repeated failure.
    pub(super) fn rows(mut self, rng: &mut impl Rng) -> Option<Vec<u8>> {
        let n = self.n;
        let mut failures = vec![0u32; n];
        let mut row = 0;
        let mut undone = 0u64;
        let budget = budget(self.shape);
        while row < n {
            if self.fill_row(row, rng) {
                row += 1;
                continue;
            }
            undone += 1;
            if undone > budget {
                return None;
            }
            self.clear_row(row);
            failures[row] += 1;
            // A row that keeps failing is not the real culprit: roll back.
            if failures[row] > 2 && row > 0 {
                failures[row] = 0;
                row -= 1;
                self.clear_row(row);
            }
        }
        Some(self.values)
    }

    fn clear_row(&mut self, row: usize) {
        for col in 0..self.n {
            self.clear(row * self.n + col);
        }
    }

    /// Fills one row: the most constrained cell first, with the digit least
    /// frequent among the row's remaining candidates. `false` on a dead end.
    fn fill_row(&mut self, row: usize, rng: &mut impl Rng) -> bool {
        let n = self.n;
        let mut frequency = vec![0u32; n];
        for _ in 0..n {
            let mut best: Option<(u32, usize, u64)> = None;
            let mut ties = 0u32;
            frequency.iter_mut().for_each(|f| *f = 0);
            for col in 0..n {
                let cell = row * n + col;
                if self.values[cell] != 0 {
                    continue;
                }
                let mask = self.allowed(cell);
                if mask == 0 {
                    return false;
                }
                let mut m = mask;
                while m != 0 {
                    frequency[m.trailing_zeros() as usize] += 1;
                    m &= m - 1;
                }
                let count = mask.count_ones();
                match best {
                    Some((b, _, _)) if count > b => {}
                    Some((b, _, _)) if count == b => {
                        // Reservoir choice among equally constrained cells.
                        ties += 1;
                        if rng.random_range(0..=ties) == 0 {
                            best = Some((count, cell, mask));
                        }
                    }
                    _ => {
                        ties = 0;
                        best = Some((count, cell, mask));
                    }
                }
            }
            let Some((_, cell, mask)) = best else { return true };
            let fewest =
                bits(mask).map(|d| frequency[d as usize]).min().expect("mask is non-empty");
            let rarest =
                bits(mask).filter(|&d| frequency[d as usize] == fewest).fold(0, |m, d| m | 1 << d);
            self.place(cell, pick_bit(rarest, rng));
        }
        true
    }

    /// Digit by digit, box by box, with per-box positions left to try.
    pub(super) fn digits(mut self, rng: &mut impl Rng) -> Option<Vec<u8>> {
        let n = self.n;
        let layout = self.shape.layout();
        // Box cells in reading order: the unit of box b is 2n + b.
        let box_cells = |b: usize| layout.house(2 * n + b);
        // One frame per placed (digit, box): positions (indices into the box)
        // not yet tried.
        let mut left: Vec<u64> = Vec::with_capacity(n * n);
        let mut placed: Vec<usize> = Vec::with_capacity(n * n);
        let mut undone = 0u64;
        let budget = budget(self.shape);
        let open = |board: &Board, d: u32, b: usize| -> u64 {
            let mut mask = 0u64;
            for (k, &cell) in box_cells(b).iter().enumerate() {
                let cell = cell as usize;
                let (r, c) = (cell / n, cell % n);
                if board.values[cell] == 0 && (board.row[r] | board.col[c]) & (1 << d) == 0 {
                    mask |= 1 << k;
                }
            }
            mask
        };
        loop {
            let step = left.len();
            if step == n * n {
                return Some(self.values);
            }
            let (d, b) = ((step / n) as u32, step % n);
            let mask = open(&self, d, b);
            if mask != 0 {
                let k = pick_bit(mask, rng);
                let cell = box_cells(b)[k as usize] as usize;
                self.place(cell, d);
                placed.push(cell);
                left.push(mask & !(1 << k));
                continue;
            }
            // No position in this box: move an earlier placement.
            loop {
                let step = left.len().checked_sub(1)?;
                self.clear(placed[step]);
                undone += 1;
                if undone > budget {
                    return None;
                }
                if left[step] != 0 {
                    let (d, b) = ((step / n) as u32, step % n);
                    let k = pick_bit(left[step], rng);
                    left[step] &= !(1 << k);
                    let cell = box_cells(b)[k as usize] as usize;
                    self.place(cell, d);
                    placed[step] = cell;
                    break;
                }
                left.pop();
                placed.pop();
            }
        }
    }
}

/// The set bits of a mask, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let d = mask.trailing_zeros();
            mask &= mask - 1;
            d
        })
    })
}
