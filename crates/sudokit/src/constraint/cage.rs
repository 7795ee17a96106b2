//! [`Cage`]: a killer cage, cells whose distinct digits sum to a total.
//!
//! Invariant: the cells are 1 to `N` distinct cells of the board and the
//! sum lies between the smallest and the largest sum of that many distinct
//! digits (checked by [`Cage::new`]).

use super::{ConstraintError, check_cells};
use crate::shape::Shape;

/// The largest board side with cages: their propagator lists every set of
/// digits of each cage's size and sum (at most 12,870 on 16x16).
pub(crate) const CAGE_MAX_SIZE: usize = 16;

/// A killer cage: its cells hold distinct digits that sum to [`Cage::sum`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    cells: Box<[u16]>,
    sum: u32,
}

impl Cage {
    /// The cage of `cells` summing to `sum` on `shape`'s board; `part`
    /// names it in errors.
    pub(crate) fn new(
        shape: Shape,
        cells: &[u16],
        sum: u32,
        part: &str,
    ) -> Result<Cage, ConstraintError> {
        let n = shape.size();
        if n > CAGE_MAX_SIZE {
            return Err(ConstraintError::CageBoard { size: n });
        }
        check_cells(shape, cells, 1, n)
            .map_err(|reason| ConstraintError::Cells { part: part.to_string(), reason })?;
        let range = sum_range(n, cells.len());
        if sum < range.0 || sum > range.1 {
            return Err(ConstraintError::CageSum {
                part: part.to_string(),
                cells: cells.len(),
                range,
            });
        }
        Ok(Cage { cells: cells.into(), sum })
    }

    /// The cells, in the order given.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// The total of the cage's digits.
    pub fn sum(&self) -> u32 {
        self.sum
    }

    /// Whether `values` break the cage: a digit twice, filled cells over
    /// the sum, or every cell filled and the total off the sum.
    pub(crate) fn is_broken_by(&self, values: &[u8]) -> bool {
        let filled: Vec<u32> =
            self.cells.iter().map(|&c| u32::from(values[c as usize])).filter(|&v| v != 0).collect();
        let total: u32 = filled.iter().sum();
        let mut sorted = filled.clone();
        sorted.sort_unstable();
        sorted.dedup();
        sorted.len() < filled.len()
            || total > self.sum
            || (filled.len() == self.cells.len() && total != self.sum)
    }
}

/// The smallest and largest sums of `k` distinct digits from 1 to `n`.
pub(crate) fn sum_range(n: usize, k: usize) -> (u32, u32) {
    let (n, k) = (n as u32, k as u32);
    (k * (k + 1) / 2, k * (2 * n - k + 1) / 2)
}

/// Every set of `k` distinct digits from 1 to `n` summing to `sum`, as
/// masks (bit `d - 1` for digit `d`), in increasing order of their
/// smallest digits.
pub(crate) fn combinations(n: usize, k: usize, sum: u32) -> Vec<u64> {
    fn go(from: u32, n: u32, k: usize, sum: u32, mask: u64, out: &mut Vec<u64>) {
        if k == 0 {
            if sum == 0 {
                out.push(mask);
            }
            return;
        }
        for d in from..=n {
            if d > sum {
                break;
            }
            go(d + 1, n, k - 1, sum - d, mask | 1 << (d - 1), out);
        }
    }
    let mut out = Vec::new();
    go(1, n as u32, k, sum, 0, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_every_set_of_the_size_and_sum() {
        assert_eq!(combinations(9, 2, 3), [0b11]);
        assert_eq!(combinations(9, 2, 10).len(), 4); // 1+9, 2+8, 3+7, 4+6
        assert_eq!(combinations(9, 9, 45), [0x1ff]);
        assert!(combinations(9, 2, 18).is_empty());
        // Every subset of 1..=9 counted once by its size and sum.
        let total: usize =
            (0..=9).flat_map(|k| (0..=45).map(move |s| combinations(9, k, s).len())).sum();
        assert_eq!(total, 512);
        assert_eq!(sum_range(9, 3), (6, 24));
        assert_eq!(sum_range(16, 1), (1, 16));
    }
}
