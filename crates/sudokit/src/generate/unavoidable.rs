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

use crate::shape::Shape;

/// The unavoidable sets of one solution, smallest first.
pub(crate) struct Unavoidable {
    sets: Vec<u128>,
}

impl Unavoidable {
    /// The two-digit swap cycles of `solution` (empty for boards of more
    /// than 128 cells). For each digit pair the cells of both digits (one
    /// per row) are joined by union-find along rows, columns and boxes; each
    /// component is one cycle.
    pub(crate) fn of(shape: Shape, solution: &[u8]) -> Unavoidable {
        let n = shape.size();
        let mut sets = Vec::new();
        if n * n > 128 || n < 2 {
            return Unavoidable { sets };
        }
        // For digit d: its row in each column and in each box, its column in each row.
        let (mut col_of, mut row_in_col, mut row_in_box) =
            (vec![0u8; n * n], vec![0u8; n * n], vec![0u8; n * n]);
        for (cell, &v) in solution.iter().enumerate() {
            let (r, c, d) = (cell / n, cell % n, v as usize - 1);
            let k = shape.box_of(crate::shape::Cell::from_index(cell));
            col_of[d * n + r] = c as u8;
            row_in_col[d * n + c] = r as u8;
            row_in_box[d * n + k] = r as u8;
        }
        // Nodes 0..n: digit a's cell in row r; n..2n: digit b's.
        let mut parent = [0u8; 22];
        fn root(parent: &mut [u8], mut x: usize) -> usize {
            while parent[x] as usize != x {
                parent[x] = parent[parent[x] as usize];
                x = parent[x] as usize;
            }
            x
        }
        for a in 0..n {
            for b in a + 1..n {
                for (i, p) in parent.iter_mut().enumerate().take(2 * n) {
                    *p = i as u8;
                }
                let mut join = |x: usize, y: usize| {
                    let (rx, ry) = (root(&mut parent, x), root(&mut parent, y));
                    parent[rx] = ry as u8;
                };
                for u in 0..n {
                    join(u, n + u);
                    join(row_in_col[a * n + u] as usize, n + row_in_col[b * n + u] as usize);
                    join(row_in_box[a * n + u] as usize, n + row_in_box[b * n + u] as usize);
                }
                let mut masks = [0u128; 22];
                for r in 0..n {
                    let (ca, cb) = (col_of[a * n + r] as usize, col_of[b * n + r] as usize);
                    masks[root(&mut parent, r)] |= 1u128 << (r * n + ca);
                    masks[root(&mut parent, n + r)] |= 1u128 << (r * n + cb);
                }
                sets.extend(masks.iter().copied().filter(|&m| m != 0));
            }
        }
        sets.sort_unstable_by_key(|s| s.count_ones());
        Unavoidable { sets }
    }

    /// Whether removing the cells `removing` from the clues `clues` would
    /// leave some set without a clue (so the puzzle would not be unique).
    pub(crate) fn forbids(&self, clues: u128, removing: u128) -> bool {
        let left = clues & !removing;
        self.sets.iter().any(|&u| left & u == 0)
    }

    /// How many sets there are.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.sets.len()
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
        assert!(sets.len() >= 36, "at least one cycle per digit pair");
        for &set in &sets.sets {
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
        assert!(sets.sets.contains(&rect));
        assert!(sets.forbids(u128::MAX >> 47, 1 << 0 | 1 << 1 | 1 << 27 | 1 << 28));
    }
}
