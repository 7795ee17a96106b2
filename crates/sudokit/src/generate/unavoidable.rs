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

use std::sync::OnceLock;

use crate::shape::{Cell, Shape};

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
    /// than 128 cells). For each digit pair, the cycles are the connected
    /// components of the pair's cells, two cells joined when they share a
    /// row, column or box; each grows from a cell by peer masks.
    pub(crate) fn of(shape: Shape, solution: &[u8]) -> Unavoidable {
        let n = shape.size();
        let cells = n * n;
        if cells > 128 || n < 2 {
            return Unavoidable { per_cell: 0, sets: Vec::new(), through: Vec::new() };
        }
        let computed;
        let peers: &[u128] = if shape == Shape::CLASSIC {
            static CLASSIC: OnceLock<Vec<u128>> = OnceLock::new();
            CLASSIC.get_or_init(|| peer_masks(Shape::CLASSIC))
        } else {
            computed = peer_masks(shape);
            &computed
        };
        let mut of_digit = [0u128; 11];
        for (cell, &v) in solution.iter().enumerate() {
            of_digit[v as usize - 1] |= 1 << cell;
        }
        let per_cell = n - 1;
        let mut sets = Vec::with_capacity(n * n);
        let mut through = vec![0u16; cells * per_cell];
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
                    let index = sets.len() as u16;
                    sets.push(set);
                    let mut members = set;
                    while members != 0 {
                        let x = members.trailing_zeros() as usize;
                        members &= members - 1;
                        let own = solution[x] as usize - 1;
                        let other = if own == a { b } else { a };
                        let k = if other < own { other } else { other - 1 };
                        through[x * per_cell + k] = index;
                    }
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

/// For each cell of `shape` (at most 128 cells), its row, column and box
/// as a mask (itself included).
fn peer_masks(shape: Shape) -> Vec<u128> {
    let n = shape.size();
    let mut unit = vec![0u128; 3 * n];
    let place =
        |cell: usize| (cell / n, n + cell % n, 2 * n + shape.box_of(Cell::from_index(cell)));
    for cell in 0..n * n {
        let (r, c, b) = place(cell);
        for u in [r, c, b] {
            unit[u] |= 1 << cell;
        }
    }
    (0..n * n)
        .map(|cell| {
            let (r, c, b) = place(cell);
            unit[r] | unit[c] | unit[b]
        })
        .collect()
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
}
