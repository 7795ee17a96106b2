/*!
Unavoidable sets of a full grid, for proving a clue necessary without a search.

A set `U` of cells of a solution `S` is *unavoidable* when some other valid
grid differs from `S` exactly on `U`: a puzzle taken from `S` with no clue in
`U` has that grid as a second solution. So a clue is necessary whenever it is
the only clue left in one of the sets, and the carver can refuse its removal
at the cost of a few mask operations instead of a search (most clues of a
minimal puzzle are necessary, so this is most of the failing checks).

The sets used here are the two-digit swap cycles: for digits `a` and `b`,
start at a cell holding one of them and close the set under "the cell of the
other digit in the same row, column or box". Every row, column and box
meeting the closed set holds both its `a` and its `b` cell in it, so swapping
`a` and `b` on the set gives another valid grid. This is the classic source of
the smallest unavoidable sets (the four-cell "deadly rectangle" is the
smallest cycle); see Gary McGuire, Bastian Tugemann and Gilles Civario, "There
is no 16-clue Sudoku" (2012), section 3, on unavoidable sets and their use in
proving clues necessary.

A second kind comes from swapping two lines: two rows of one band that hold
the same digits on some columns can exchange their cells there (see
[`Unavoidable::swap_forbids`]), and so can two columns of one stack. Their
smallest cases are deadly rectangles again, but the larger ones hold three
or more digits and are not two-digit cycles.

Both kinds are kept as small row or column masks and checked against the
clues' row and column masks, which the owner keeps in step with
[`Unavoidable::give`] and [`Unavoidable::blank`]: the `a`-`b` cycle through
a row is a set of rows (each holding the cycle's `a` cell and `b` cell),
found once per grid; a line swap is walked when a removal asks, as far as
its first clue. This serves boards of at most 11 rows (and 128 cells);
larger boards get no sets and the carver searches for every refusal.

Row masks cost less to find than cell masks with a per-cell index, and
walking a line swap on demand less than finding every swap of the grid in
advance; the line swaps refuse about 2.3 of the ~15 removals per minimal
9x9 puzzle that would otherwise each take a search (figures:
`docs/generator-notes.md`, "Unavoidable sets").
*/

use crate::rules::Rules;
use crate::shape::{Cell, Shape};

/// The unavoidable sets of one solution, and which of their cells are
/// clues now.
pub(crate) struct Unavoidable {
    /// The board size; 0 when no sets are kept.
    n: usize,
    /// `cycles[(a * n + b) * n + r]` for digits `a != b` (0-based): the rows
    /// of the `a`-`b` cycle through row `r`, as a row mask. The cycle's
    /// cells are the `a` and `b` cells of those rows.
    cycles: Vec<u16>,
    /// The solution's digits (0-based), per cell.
    digits: Vec<u8>,
    /// Per cell: its row, column and box (see `board`).
    places: &'static [[u8; 3]],
    /// Per digit: the rows whose cell of that digit is a clue now.
    clue_rows: [u16; 11],
    /// Per digit: its column in each row (for the line swaps).
    col_in_row: [[u8; 11]; 11],
    /// Per digit: its row in each column.
    row_in_col: [[u8; 11]; 11],
    /// The rows of a band and the columns of a stack.
    box_rows: usize,
    box_cols: usize,
    /// Per row: the columns whose cell is a clue now.
    clue_cols_in_row: [u16; 11],
    /// Per column: the rows whose cell is a clue now.
    clue_rows_in_col: [u16; 11],
}

impl Unavoidable {
    /// The two-digit swap cycles of `solution`, all of its cells clues
    /// (no sets for boards of more than 128 cells). For each digit pair
    /// `a < b`, the cycles are the connected components of the pair's
    /// cells, two cells joined when they share a row, column or box. A
    /// row's `a` and `b` cells are always joined, so the components are
    /// found on the rows: row `r` is linked to the row holding `a` in the
    /// column (and in the box) of `r`'s `b` cell, and the rows are flooded
    /// along those links as small bit masks.
    ///
    /// Under rules other than the classic ones no sets are kept: a swap
    /// closed over rows, columns and boxes may break a diagonal, a window,
    /// an irregular region or a distinct group.
    pub(crate) fn of(rules: &Rules, solution: &[u8]) -> Unavoidable {
        let shape = rules.shape();
        let n = shape.size();
        if n * n > 128 || n < 2 || !rules.is_classic() {
            return Unavoidable {
                n: 0,
                cycles: Vec::new(),
                digits: Vec::new(),
                places: &[],
                clue_rows: [0; 11],
                col_in_row: [[0; 11]; 11],
                row_in_col: [[0; 11]; 11],
                box_rows: 0,
                box_cols: 0,
                clue_cols_in_row: [0; 11],
                clue_rows_in_col: [0; 11],
            };
        }
        // The same code with the size a constant for 9x9 (its divisions and
        // loop bounds then compile to cheaper forms).
        if shape == Shape::CLASSIC {
            Self::sized(shape, solution, 9)
        } else {
            Self::sized(shape, solution, n)
        }
    }

    /// [`Unavoidable::of`] for a board of size `n` (at most 11).
    #[inline(always)]
    fn sized(shape: Shape, solution: &[u8], n: usize) -> Unavoidable {
        // For each digit (0-based): its column and box in each row, its row
        // in each column and in each box.
        let mut col_in_row = [[0u8; 11]; 11];
        let mut box_in_row = [[0u8; 11]; 11];
        let mut row_in_col = [[0u8; 11]; 11];
        let mut row_in_box = [[0u8; 11]; 11];
        let mut digits = Vec::with_capacity(n * n);
        for (cell, &v) in solution.iter().enumerate() {
            let (d, r, c) = (v as usize - 1, cell / n, cell % n);
            let b = shape.box_of(Cell::from_index(cell));
            col_in_row[d][r] = c as u8;
            box_in_row[d][r] = b as u8;
            row_in_col[d][c] = r as u8;
            row_in_box[d][b] = r as u8;
            digits.push(d as u8);
        }
        let mut cycles = vec![0u16; n * n * n];
        for a in 0..n {
            for b in a + 1..n {
                // Row `r` leads to the rows of `a` in the column and in the
                // box of its `b`: two permutations of the rows, so following
                // links forwards reaches the whole component.
                let mut links = [0u16; 11];
                for (r, link) in links.iter_mut().enumerate().take(n) {
                    let by_col = row_in_col[a][col_in_row[b][r] as usize];
                    let by_box = row_in_box[a][box_in_row[b][r] as usize];
                    *link = 1 << by_col | 1 << by_box;
                }
                let (ab, ba) = (&mut cycles[(a * n + b) * n..][..n], (b * n + a) * n);
                let mut left: u16 = (1 << n) - 1;
                while left != 0 {
                    let start = left & left.wrapping_neg();
                    let (mut rows, mut frontier) = (start, start);
                    while frontier != 0 {
                        let r = frontier.trailing_zeros() as usize;
                        frontier &= frontier - 1;
                        let new = links[r] & !rows;
                        rows |= new;
                        frontier |= new;
                    }
                    left &= !rows;
                    let mut members = rows;
                    while members != 0 {
                        let r = members.trailing_zeros() as usize;
                        members &= members - 1;
                        ab[r] = rows;
                    }
                }
                let (lo, hi) = cycles.split_at_mut(ba);
                hi[..n].copy_from_slice(&lo[(a * n + b) * n..][..n]);
            }
        }
        let all = (1u16 << n) - 1;
        Unavoidable {
            n,
            cycles,
            digits,
            places: super::board::places(shape),
            clue_rows: [all; 11],
            col_in_row,
            row_in_col,
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
            clue_cols_in_row: [all; 11],
            clue_rows_in_col: [all; 11],
        }
    }

    /// Marks `cell` a clue (again).
    #[inline]
    pub(crate) fn give(&mut self, cell: usize) {
        // No sets (n = 0): nothing to track.
        if self.n != 0 {
            let [r, c, _] = self.places[cell].map(usize::from);
            self.clue_rows[self.digits[cell] as usize] |= 1 << r;
            self.clue_cols_in_row[r] |= 1 << c;
            self.clue_rows_in_col[c] |= 1 << r;
        }
    }

    /// Marks `cell` empty.
    #[inline]
    pub(crate) fn blank(&mut self, cell: usize) {
        // No sets (n = 0): nothing to track.
        if self.n != 0 {
            let [r, c, _] = self.places[cell].map(usize::from);
            self.clue_rows[self.digits[cell] as usize] &= !(1 << r);
            self.clue_cols_in_row[r] &= !(1 << c);
            self.clue_rows_in_col[c] &= !(1 << r);
        }
    }

    /// Whether blanking the cells `removing` would leave a line swap
    /// without a clue.
    ///
    /// Two rows `r` and `r'` of a band hold the same digits on a set of
    /// columns `C` when `C` is closed under "the column of `r'` holding the
    /// digit that `r` has in this column"; exchanging the two rows' cells on
    /// `C` keeps every row (same digits), column (its two cells trade
    /// places) and box (both rows lie in the same boxes) valid, so those
    /// `2|C|` cells are an unavoidable set. The same holds for two columns
    /// of a stack. The smallest (`|C| = 2`) are deadly rectangles, which are
    /// two-digit cycles too; the larger ones hold three digits or more. The
    /// swaps through a cell are walked when asked, stopping at the first
    /// clue (most walks end at once), which costs less than finding every
    /// swap of the grid in advance.
    fn swap_forbids(&self, removing: &[usize]) -> bool {
        let n = self.n;
        let (mut in_row, mut in_col) = (self.clue_cols_in_row, self.clue_rows_in_col);
        for &x in removing {
            in_row[x / n] &= !(1 << (x % n));
            in_col[x % n] &= !(1 << (x / n));
        }
        let (h, w) = (self.box_rows, self.box_cols);
        removing.iter().any(|&x| {
            let (r, c) = (x / n, x % n);
            let rows = (r / h * h..(r / h + 1) * h).filter(|&r2| r2 != r);
            let cols = (c / w * w..(c / w + 1) * w).filter(|&c2| c2 != c);
            rows.into_iter().any(|r2| {
                let clues = in_row[r] | in_row[r2];
                let next = |y: usize| self.col_in_row[self.digits[r * n + y] as usize][r2];
                bare_cycle(c, clues, next)
            }) || cols.into_iter().any(|c2| {
                let clues = in_col[c] | in_col[c2];
                let next = |y: usize| self.row_in_col[self.digits[y * n + c] as usize][c2];
                bare_cycle(r, clues, next)
            })
        })
    }

    /// Whether blanking the cells `removing` (clues now, or blanked
    /// already) would leave some set without a clue, so that the puzzle
    /// would not be unique. Only the sets through removed cells can lose
    /// their last clue: the `a`-`b` cycle through rows `R` keeps a clue
    /// exactly when `R` meets the clue rows of `a` or of `b`.
    pub(crate) fn forbids(&self, removing: &[usize]) -> bool {
        let n = self.n;
        if n == 0 {
            return false;
        }
        let mut rows = self.clue_rows;
        for &x in removing {
            rows[self.digits[x] as usize] &= !(1 << (x / n));
        }
        removing.iter().any(|&x| {
            let (a, r) = (self.digits[x] as usize, x / n);
            let cycles = &self.cycles[a * n * n..][..n * n];
            (0..n).any(|b| b != a && cycles[b * n + r] & (rows[a] | rows[b]) == 0)
        }) || self.swap_forbids(removing)
    }
}

impl Unavoidable {
    /// The cells of the `a`-`b` cycle through row `r`, as a cell mask.
    #[cfg(test)]
    fn set(&self, a: usize, b: usize, r: usize) -> u128 {
        let n = self.n;
        let rows = self.cycles[(a * n + b) * n + r];
        assert_eq!(rows, self.cycles[(b * n + a) * n + r], "both orders hold the cycle");
        assert!(rows >> r & 1 == 1, "a cycle through row {r} holds it");
        (0..n * n)
            .filter(|&x| rows >> (x / n) & 1 == 1 && [a, b].contains(&(self.digits[x] as usize)))
            .fold(0, |m, x| m | 1 << x)
    }

    /// The distinct sets.
    #[cfg(test)]
    fn distinct(&self) -> Vec<u128> {
        let n = self.n;
        let mut sets = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                sets.extend((0..n).map(|r| self.set(a, b, r)));
            }
        }
        sets.sort_unstable();
        sets.dedup();
        sets
    }

    /// The line swaps through `cell`, as cell masks: the row pairs, then
    /// the column pairs, each with the other line.
    #[cfg(test)]
    fn swaps_through(&self, cell: usize) -> Vec<(u128, usize)> {
        let n = self.n;
        let (r, c) = (cell / n, cell % n);
        let (h, w) = (self.box_rows, self.box_cols);
        let rows = (r / h * h..(r / h + 1) * h).filter(|&r2| r2 != r).map(|r2| {
            let next = |y: usize| self.col_in_row[self.digits[r * n + y] as usize][r2];
            let cells = cycle(c, next).map(|y| 1u128 << (r * n + y) | 1 << (r2 * n + y));
            (cells.fold(0, |set, pair| set | pair), r2)
        });
        let cols = (c / w * w..(c / w + 1) * w).filter(|&c2| c2 != c).map(|c2| {
            let next = |y: usize| self.row_in_col[self.digits[y * n + c] as usize][c2];
            let cells = cycle(r, next).map(|y| 1u128 << (y * n + c) | 1 << (y * n + c2));
            (cells.fold(0, |set, pair| set | pair), c2)
        });
        rows.chain(cols).collect()
    }
}

/// The lines of the cycle of `next` through line `start`, `start` first.
#[cfg(test)]
fn cycle(start: usize, next: impl Fn(usize) -> u8) -> impl Iterator<Item = usize> {
    let mut y = Some(start);
    std::iter::from_fn(move || {
        let line = y?;
        let after = next(line) as usize;
        y = (after != start).then_some(after);
        Some(line)
    })
}

/// Whether the cycle of `next` through line `start` (a line swap's cross
/// lines) avoids every line of `clues`.
#[inline(always)]
fn bare_cycle(start: usize, clues: u16, next: impl Fn(usize) -> u8) -> bool {
    let mut y = start;
    loop {
        if clues >> y & 1 == 1 {
            return false;
        }
        y = next(y) as usize;
        if y == start {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    /// A random full grid of `shape` under classic rules, and its sets.
    fn random_sets(shape: Shape, rng: &mut impl rand::Rng) -> (Grid, Unavoidable) {
        let rules = Rules::classic(shape);
        let grid =
            crate::generate::fill::fill(&rules, crate::generate::Method::Backtrack, rng).unwrap();
        let sets = Unavoidable::of(&rules, grid.values());
        (grid, sets)
    }

    /// Swapping the two digits on each set gives another valid grid, and a
    /// known grid has its deadly rectangle among the sets.
    #[test]
    fn every_set_swaps_into_another_valid_grid() {
        let text =
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
        let grid =
            Grid::from_values(Shape::CLASSIC, text.bytes().map(|b| b - b'0').collect::<Vec<u8>>())
                .unwrap();
        let sets = Unavoidable::of(&Rules::classic(Shape::CLASSIC), grid.values());
        let distinct = sets.distinct();
        assert!(distinct.len() >= 36, "at least one cycle per digit pair");
        for &set in &distinct {
            let cells: Vec<usize> = (0..81).filter(|&i| set >> i & 1 == 1).collect();
            let digits: std::collections::BTreeSet<u8> =
                cells.iter().map(|&i| grid.values()[i]).collect();
            assert_eq!(digits.len(), 2, "{cells:?}");
            let (a, b) = (*digits.first().unwrap(), *digits.last().unwrap());
            let mut values = grid.values().to_vec();
            for &i in &cells {
                values[i] = if values[i] == a { b } else { a };
            }
            let swapped = Grid::from_values(Shape::CLASSIC, values).unwrap();
            assert!(swapped.clashes().is_empty() && swapped != grid, "{cells:?}");
        }
        // r1c1=1, r1c2=2 and r4c1=2, r4c2=1: a four-cell rectangle in boxes 1 and 4.
        let rect = 1u128 << 0 | 1u128 << 1 | 1u128 << 27 | 1u128 << 28;
        assert!(distinct.contains(&rect));
        assert!(sets.forbids(&[0, 1, 27, 28]));
        assert!(!sets.forbids(&[0, 1, 27]));
    }

    /// Each line swap through each cell holds the cell and exchanges into
    /// another valid grid, and a cell has one swap per other line of its
    /// band and of its stack, on grids of several shapes.
    #[test]
    fn line_swaps_exchange_into_valid_grids() {
        use rand::SeedableRng;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
        let mut larger = 0;
        for (rows, cols) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (2, 5), (3, 3)] {
            let shape = Shape::new(rows, cols).unwrap();
            let n = shape.size();
            for _ in 0..10 {
                let (grid, sets) = random_sets(shape, &mut rng);
                for cell in 0..n * n {
                    let through = sets.swaps_through(cell);
                    assert_eq!(through.len(), rows - 1 + cols - 1);
                    for (k, &(set, line)) in through.iter().enumerate() {
                        assert!(set >> cell & 1 == 1, "{shape:?} cell {cell}");
                        let cells: Vec<usize> = (0..n * n).filter(|&i| set >> i & 1 == 1).collect();
                        // Exchange the pair's two cells on each cross line.
                        let mut values = grid.values().to_vec();
                        for &i in &cells {
                            let (r, c) = (i / n, i % n);
                            let mate = if k < rows - 1 {
                                let other = if r == cell / n { line } else { cell / n };
                                other * n + c
                            } else {
                                let other = if c == cell % n { line } else { cell % n };
                                r * n + other
                            };
                            values[i] = grid.values()[mate];
                        }
                        let swapped = Grid::from_values(shape, values).unwrap();
                        assert!(swapped.clashes().is_empty(), "{shape:?} {cells:?}");
                        assert!(swapped != grid, "{shape:?} {cells:?}");
                        larger += usize::from(cells.len() > 4);
                    }
                }
            }
        }
        assert!(larger > 0, "some swaps are more than deadly rectangles");
    }

    /// The cycles found on rows are exactly the connected components of
    /// each digit pair's cells under the peer relation (flooded cell by
    /// cell here), on grids of several shapes.
    #[test]
    fn row_components_are_the_cell_components() {
        use rand::SeedableRng;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
        for (rows, cols) in [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (2, 5), (3, 3)] {
            let shape = Shape::new(rows, cols).unwrap();
            for _ in 0..20 {
                let (grid, sets) = random_sets(shape, &mut rng);
                let mut expected = flooded(shape, grid.values());
                expected.sort_unstable();
                assert_eq!(sets.distinct(), expected, "{shape:?}");
                let n = shape.size();
                for cell in 0..n * n {
                    let own = grid.values()[cell] as usize - 1;
                    for other in (0..n).filter(|&b| b != own) {
                        let set = sets.set(own, other, cell / n);
                        assert!(set >> cell & 1 == 1, "cell {cell}, pair {own} {other}");
                    }
                }
            }
        }
    }

    /// `forbids` answers as the sets do (two-digit cycles and line swaps):
    /// some set through a removed cell has no clue left, on random clue
    /// masks and removals.
    #[test]
    fn forbids_answers_as_the_sets() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
        for (rows, cols) in [(2, 2), (2, 3), (3, 3), (2, 5)] {
            let shape = Shape::new(rows, cols).unwrap();
            let n = shape.size();
            for _ in 0..40 {
                let (_, mut sets) = random_sets(shape, &mut rng);
                let mut distinct = sets.distinct();
                distinct.extend((0..n * n).flat_map(|x| sets.swaps_through(x)).map(|(s, _)| s));
                let mut clues: u128 = (1u128 << (n * n)) - 1;
                let (mut allowed, mut refused) = (0, 0);
                for _ in 0..4 * n * n {
                    let k = rng.random_range(1..=2);
                    let removing: Vec<usize> = (0..k).map(|_| rng.random_range(0..n * n)).collect();
                    let mask = removing.iter().fold(0u128, |m, &x| m | 1 << x);
                    let left = clues & !mask;
                    let expected = distinct.iter().any(|&s| s & mask != 0 && s & left == 0);
                    assert_eq!(sets.forbids(&removing), expected, "{shape:?} {removing:?}");
                    if expected {
                        refused += 1;
                    } else {
                        allowed += 1;
                        clues = left;
                        removing.iter().for_each(|&x| sets.blank(x));
                    }
                    // Now and then a clue comes back.
                    if rng.random_range(0..4) == 0 {
                        let x = rng.random_range(0..n * n);
                        clues |= 1 << x;
                        sets.give(x);
                    }
                }
                assert!(allowed > 0 && refused > 0, "{shape:?}: {allowed} {refused}");
            }
        }
    }

    /// The components of each digit pair's cells, flooded by peer masks.
    fn flooded(shape: Shape, solution: &[u8]) -> Vec<u128> {
        let n = shape.size();
        let peers = &crate::generate::masks::CellMasks::of(shape).unwrap().peers;
        let mut of_digit = [0u128; 11];
        for (cell, &v) in solution.iter().enumerate() {
            of_digit[v as usize - 1] |= 1 << cell;
        }
        let mut out = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                let both = of_digit[a] | of_digit[b];
                let mut left = both;
                while left != 0 {
                    // Grown from the lowest cell left, by all the peers of
                    // the set at once, until it no longer grows.
                    let mut set = left & left.wrapping_neg();
                    loop {
                        let members = (0..n * n).filter(|&x| set >> x & 1 == 1);
                        let grown = members.fold(set, |m, x| m | peers[x] & both);
                        if grown == set {
                            break;
                        }
                        set = grown;
                    }
                    left &= !set;
                    out.push(set);
                }
            }
        }
        out
    }
}
