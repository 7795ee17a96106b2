//! Thermometers drawn along rising paths of a full grid.
//!
//! Each thermometer starts at a random free cell and steps a king's move
//! at a time to a random free cell with a larger digit; thermometers do
//! not share cells, and no two diagonal steps cross (two diagonal steps in
//! the same 2x2 square would).

use rand::Rng;
use rand::seq::IndexedRandom;

use crate::constraint::{Constraint, Thermo};
use crate::shape::Shape;

/// Random thermometers on the full grid `values`: between two thirds of the
/// board's side and the side of them (at least two; when `sparse`, between
/// a third and half of the side, at least one), each of 3 to 6 cells
/// (at most the side), drawn from random starts until enough are found or
/// a bounded number of starts is spent.
pub(super) fn draw(
    shape: Shape,
    values: &[u8],
    sparse: bool,
    rng: &mut impl Rng,
) -> Vec<Constraint> {
    let (n, cells) = (shape.size(), shape.cell_count());
    let want = if sparse {
        rng.random_range((n / 3).max(1)..=(n / 2).max(1))
    } else {
        rng.random_range((2 * n / 3).max(2)..=n.max(2))
    };
    let longest = n.clamp(2, 6);
    let mut used = vec![false; cells];
    // The 2x2 squares (by top-left cell) a diagonal step crosses.
    let mut crossed = vec![false; cells];
    let mut out = Vec::new();
    for _ in 0..20 * n {
        if out.len() == want {
            break;
        }
        let start = rng.random_range(0..cells);
        if used[start] {
            continue;
        }
        let length = rng.random_range(longest.min(3)..=longest);
        let mut path = vec![start];
        while path.len() < length {
            let at = *path.last().expect("a path has a bulb");
            let (row, col) = ((at / n) as isize, (at % n) as isize);
            let mut next = Vec::new();
            for dr in -1..=1isize {
                for dc in -1..=1isize {
                    let (r, c) = (row + dr, col + dc);
                    if (dr, dc) == (0, 0) || r < 0 || c < 0 || r >= n as isize || c >= n as isize {
                        continue;
                    }
                    let j = r as usize * n + c as usize;
                    let square = row.min(r) as usize * n + col.min(c) as usize;
                    if used[j] || path.contains(&j) || values[j] <= values[at] {
                        continue;
                    }
                    if dr != 0 && dc != 0 && crossed[square] {
                        continue;
                    }
                    next.push(j);
                }
            }
            let Some(&j) = next.choose(rng) else { break };
            path.push(j);
        }
        if path.len() < longest.min(3) {
            continue;
        }
        for w in path.windows(2) {
            let (a, b) = (w[0], w[1]);
            if a / n != b / n && a % n != b % n {
                crossed[(a / n).min(b / n) * n + (a % n).min(b % n)] = true;
            }
        }
        for &c in &path {
            used[c] = true;
        }
        let cells: Vec<u16> = path.iter().map(|&c| c as u16).collect();
        let thermo = Thermo::new(shape, &cells, &format!("thermometer {}", out.len() + 1))
            .expect("a drawn thermometer is a path of distinct cells");
        out.push(Constraint::Thermo(thermo));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thermometers_rise_along_the_grid_and_share_no_cell() {
        for sparse in [false, true] {
            let (grid, drawings) = super::super::samples(5, |s, v, r| draw(s, v, sparse, r));
            for thermos in drawings {
                check(&grid, &thermos, sparse);
            }
        }
    }

    /// Full: 6 to 9 thermometers wanted on 9x9 (the search may find
    /// fewer, at least two); sparse: 3 or 4 wanted, at most 4.
    fn check(grid: &[u8], thermos: &[Constraint], sparse: bool) {
        if sparse {
            assert!((1..=4).contains(&thermos.len()), "{}", thermos.len());
        } else {
            assert!(thermos.len() >= 2);
        }
        let mut seen = [false; 81];
        for t in thermos {
            assert!(t.cells().len() >= 3);
            assert!(t.cells().windows(2).all(|w| grid[w[0] as usize] < grid[w[1] as usize]));
            for &c in t.cells() {
                assert!(!seen[c as usize]);
                seen[c as usize] = true;
            }
        }
    }
}
