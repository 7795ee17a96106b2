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

Sets are bit masks over the cells, so this serves boards of at most 128 cells
(up to 11x11); larger boards get no sets and the carver searches as before.
*/

use crate::shape::{Cell, Shape};

/// `1 << cell` for the cells of a mask (a table: variable 128-bit shifts
/// take several instructions).
static CELL_BIT: [u128; 128] = {
    let mut t = [0; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// The unavoidable sets of one solution, indexed by cell.
pub(crate) struct Unavoidable {
    /// Digits on the board minus one: the sets through each cell.
    per_cell: usize,
    /// Every cycle once.
    sets: Vec<u128>,
    /// `sets[through[cell * per_cell + k]]`: the cycle through `cell` of the
    /// `k`-th digit pair holding `cell`'s digit (each cell lies on exactly
    /// one cycle per other digit).
    through: Vec<u16>,
}

impl Unavoidable {
    /// The two-digit swap cycles of `solution` (none for boards of more
    /// than 128 cells). For each digit pair `a < b`, the cycles are the
    /// connected components of the pair's cells, two cells joined when they
    /// share a row, column or box. A row's `a` and `b` cells are always
    /// joined, so the components are found on the rows: row `r` is linked to
    /// the row holding `a` in the column (and in the box) of `r`'s `b` cell,
    /// and the rows are flooded along those links as small bit masks. (By
    /// callgrind, 45k -> 28k instructions per 9x9 grid against flooding the
    /// cells by 128-bit peer masks.)
    pub(crate) fn of(shape: Shape, solution: &[u8]) -> Unavoidable {
        let n = shape.size();
        if n * n > 128 || n < 2 {
            return Unavoidable { per_cell: 0, sets: Vec::new(), through: Vec::new() };
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
        for (cell, &v) in solution.iter().enumerate() {
            let (d, r, c) = (v as usize - 1, cell / n, cell % n);
            let b = shape.box_of(Cell::from_index(cell));
            col_in_row[d][r] = c as u8;
            box_in_row[d][r] = b as u8;
            row_in_col[d][c] = r as u8;
            row_in_box[d][b] = r as u8;
        }
        let per_cell = n - 1;
        let mut sets = Vec::with_capacity(n * n);
        let mut through = vec![0u16; n * n * per_cell];
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
                    let index = sets.len() as u16;
                    let mut set = 0u128;
                    let mut members = rows;
                    while members != 0 {
                        let r = members.trailing_zeros() as usize;
                        members &= members - 1;
                        let (col_a, col_b) = (col_in_row[a][r] as usize, col_in_row[b][r] as usize);
                        set |= CELL_BIT[r * n + col_a] | CELL_BIT[r * n + col_b];
                        // The `k`-th other digit of a cell: `b - 1` for `a`'s
                        // cell (as `a < b`), `a` for `b`'s.
                        through[(r * n + col_a) * per_cell + b - 1] = index;
                        through[(r * n + col_b) * per_cell + a] = index;
                    }
                    sets.push(set);
                }
            }
        }
        Unavoidable { per_cell, sets, through }
    }

    /// Whether removing the cells `removing` from the clues `clues` would
    /// leave some set without a clue (so the puzzle would not be unique).
    /// Only the sets through removed cells can lose their last clue.
    pub(crate) fn forbids(&self, clues: u128, removing: u128) -> bool {
        if self.per_cell == 0 {
            return false;
        }
        let left = clues & !removing;
        let mut cells = removing;
        while cells != 0 {
            let x = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let through = &self.through[x * self.per_cell..][..self.per_cell];
            if through.iter().any(|&k| left & self.sets[k as usize] == 0) {
                return true;
            }
        }
        false
    }

    /// The distinct sets.
    #[cfg(test)]
    fn distinct(&self) -> Vec<u128> {
        let mut sets = self.sets.clone();
        sets.sort_unstable();
        sets.dedup();
        assert_eq!(sets.len(), self.sets.len(), "each cycle is stored once");
        sets
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Grid;

    /// Swapping the two digits on each set gives another valid grid, and a
    /// known grid has its deadly rectangle among the sets.
    #[test]
    fn every_set_swaps_into_another_valid_grid() {
        let text =
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
        let grid =
            Grid::from_values(Shape::CLASSIC, text.bytes().map(|b| b - b'0').collect::<Vec<u8>>())
                .unwrap();
        let sets = Unavoidable::of(Shape::CLASSIC, grid.values());
        for cell in 0..81 {
            let through = &sets.through[cell * 8..][..8];
            assert!(through.iter().all(|&k| sets.sets[k as usize] >> cell & 1 == 1), "cell {cell}");
        }
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
        assert!(sets.forbids(u128::MAX >> 47, 1 << 0 | 1 << 1 | 1 << 27 | 1 << 28));
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
                let grid = crate::generate::fill::fill(
                    shape,
                    crate::generate::Method::Backtrack,
                    &mut rng,
                )
                .unwrap();
                let sets = Unavoidable::of(shape, grid.values());
                let mut expected = flooded(shape, grid.values());
                expected.sort_unstable();
                assert_eq!(sets.distinct(), expected, "{shape:?}");
                let n = shape.size();
                for cell in 0..n * n {
                    for (k, &i) in sets.through[cell * (n - 1)..][..n - 1].iter().enumerate() {
                        let set = sets.sets[i as usize];
                        assert!(set >> cell & 1 == 1);
                        let own = grid.values()[cell] as usize - 1;
                        let other = if k < own { k } else { k + 1 };
                        let digits = (0..n * n)
                            .filter(|&x| set >> x & 1 == 1)
                            .all(|x| [own, other].contains(&(grid.values()[x] as usize - 1)));
                        assert!(digits, "cell {cell}, pair {own} {other}");
                    }
                }
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
                    let start = left & left.wrapping_neg();
                    let (mut set, mut frontier) = (start, start);
                    while frontier != 0 {
                        let x = frontier.trailing_zeros() as usize;
                        frontier &= frontier - 1;
                        let new = peers[x] & both & !set;
                        set |= new;
                        frontier |= new;
                    }
                    left &= !set;
                    out.push(set);
                }
            }
        }
        out
    }
}
