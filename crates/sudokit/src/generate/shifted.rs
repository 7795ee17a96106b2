//! Non-consecutive full grids by construction, for boards where the random
//! fill gives up.
//!
//! The shifted pattern (row `i` of band `b` is the first row shifted by
//! `k * c + b` places, `k = i mod r`, on boxes of `r` rows and `c`
//! columns) gives cell `(i, j)` the residue `x = (k * c + b + j) mod N`,
//! and holds every residue once per row, column and box. Orthogonal
//! neighbours hold residues `x` and `x + δ` with `δ` in `{1, c, c + 1}`
//! (beside each other; below within a band; below across a band edge).
//! So the grid that writes digit `σ(x)` for residue `x` is non-consecutive
//! exactly when no residue `x` has `σ(x)` and `σ(x + δ)` consecutive: the
//! digits `1, 2, ..., N` must sit at residues that pairwise differ, one
//! to the next, by none of `±1, ±c, ±(c + 1)` (mod `N`). Such an order is a
//! Hamiltonian path of a circulant graph, found by a random depth-first
//! search; none exists on 4x4 and 6x6, where indeed no non-consecutive grid
//! does.
//!
//! Invariant: a grid returned holds each digit once per row, column and
//! box, and no two orthogonal neighbours hold consecutive digits.

use rand::Rng;
use rand::seq::SliceRandom;

use crate::shape::Shape;

/// The most steps of the search for a digit order: the orders sought are
/// dense on the boards that have any, so a search that runs this long
/// has met a board without one.
const STEPS: u32 = 100_000;

/// A random non-consecutive full grid of `shape` (values `1..=N` in
/// reading order), or `None` when the search finds no digit order.
/// Besides the digit order, the rows and the columns are each reversed
/// with probability one half and the digits `d` replaced by `N + 1 - d`
/// (each keeps the houses and the neighbours).
pub(super) fn non_consecutive(shape: Shape, rng: &mut impl Rng) -> Option<Vec<u8>> {
    let (n, r, c) = (shape.size(), shape.box_rows(), shape.box_cols());
    let order = digit_order(n, c, rng)?;
    // The digit of each residue.
    let mut digit = vec![0u8; n];
    for (d, &x) in order.iter().enumerate() {
        digit[x] = d as u8 + 1;
    }
    let (flip_rows, flip_cols, reverse) = (rng.random(), rng.random(), rng.random::<bool>());
    let mut values = vec![0u8; n * n];
    for (cell, v) in values.iter_mut().enumerate() {
        let (mut i, mut j) = (cell / n, cell % n);
        if flip_rows {
            i = n - 1 - i;
        }
        if flip_cols {
            j = n - 1 - j;
        }
        let (b, k) = (i / r, i % r);
        let d = digit[(k * c + b + j) % n];
        *v = if reverse { n as u8 + 1 - d } else { d };
    }
    Some(values)
}

/// The residues of digits `1..=n` in order, each differing from the one
/// before by none of `±1, ±c, ±(c + 1)` mod `n`: a random depth-first
/// search, `None` when it ends or runs [`STEPS`] steps without one.
fn digit_order(n: usize, c: usize, rng: &mut impl Rng) -> Option<Vec<usize>> {
    let apart = |x: usize, y: usize| {
        let d = (y + n - x) % n;
        ![1, c, c + 1].iter().any(|&e| d == e % n || d == (n - e % n) % n)
    };
    let mut first: Vec<usize> = (0..n).collect();
    first.shuffle(rng);
    // Each level's candidates, tried from the back.
    let mut stack: Vec<Vec<usize>> = vec![first];
    let mut path: Vec<usize> = Vec::new();
    let mut used = vec![false; n];
    for _ in 0..STEPS {
        let Some(next) = stack.last_mut()?.pop() else {
            stack.pop();
            let x = path.pop()?;
            used[x] = false;
            continue;
        };
        path.push(next);
        used[next] = true;
        if path.len() == n {
            return Some(path);
        }
        let mut options: Vec<usize> = (0..n).filter(|&y| !used[y] && apart(next, y)).collect();
        options.shuffle(rng);
        stack.push(options);
    }
    None
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::*;

    /// Whether `v` holds each digit once per row, column and box of
    /// `shape` and no orthogonal neighbours hold consecutive digits, by
    /// the rules' plain definitions.
    fn valid(shape: Shape, v: &[u8]) -> bool {
        let (n, r, c) = (shape.size(), shape.box_rows(), shape.box_cols());
        let once = |cells: Vec<usize>| {
            let mut seen = vec![false; n + 1];
            cells.iter().all(|&x| !std::mem::replace(&mut seen[v[x] as usize], true))
        };
        let houses = (0..n).all(|h| {
            let (top, left) = (h / (n / c) * r, h % (n / c) * c);
            once((0..n).map(|j| h * n + j).collect())
                && once((0..n).map(|i| i * n + h).collect())
                && once((0..n).map(|t| (top + t / c) * n + left + t % c).collect())
        });
        let apart = |a: usize, b: usize| v[a].abs_diff(v[b]) != 1;
        houses
            && (0..n * n)
                .all(|x| (x % n + 1 == n || apart(x, x + 1)) && (x / n + 1 == n || apart(x, x + n)))
    }

    #[test]
    fn the_grids_are_non_consecutive_sudoku_grids() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for (r, c) in [(3, 3), (3, 4), (4, 3), (4, 4), (2, 5)] {
            let shape = Shape::new(r, c).unwrap();
            let grids: Vec<Vec<u8>> =
                (0..5).map(|_| non_consecutive(shape, &mut rng).expect("an order")).collect();
            for v in &grids {
                assert!(valid(shape, v), "{shape}: {v:?}");
            }
            assert!(grids.iter().any(|v| v != &grids[0]), "{shape}: one grid only");
        }
    }

    #[test]
    fn boards_without_a_non_consecutive_grid_get_none() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for (r, c) in [(2, 2), (2, 3), (3, 2), (2, 4)] {
            assert_eq!(non_consecutive(Shape::new(r, c).unwrap(), &mut rng), None);
        }
    }
}
