/*!
Validity-preserving transformations of a board.

# Overview
A [`Transform`] is one element of a shape's equivalence group, as a value:
a permutation of the bands, of the rows inside each band, of the stacks, of
the columns inside each stack, a relabelling of the digits and, for square
boxes only, a transposition. Applying it to a valid grid gives a valid grid,
to a puzzle an equivalent puzzle with the same number of solutions.

[`Transform::random`] draws a uniformly random element of the group from a
seed (each factor independently and uniformly, which is uniform over the
whole group): benchmarks use it so that no data set is favoured by its
layout, as tdoku's benchmark does.

# Invariants
`rows` and `cols` are permutations of `0..N` that keep bands (stacks)
together: new row `i` is old row `rows[i]`, and rows of one band stay in one
band. `digits[d - 1]` is the new label of digit `d`, a permutation of `1..=N`.
*/

use crate::grid::Grid;
use crate::shape::Shape;

/// One validity-preserving transformation of boards of one shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transform {
    shape: Shape,
    rows: Vec<usize>,
    cols: Vec<usize>,
    digits: Vec<u8>,
    transpose: bool,
}

impl Transform {
    /// The transformation that changes nothing.
    pub fn identity(shape: Shape) -> Transform {
        let n = shape.size();
        Transform {
            shape,
            rows: (0..n).collect(),
            cols: (0..n).collect(),
            digits: (1..=n as u8).collect(),
            transpose: false,
        }
    }

    /// A uniformly random element of the equivalence group of `shape`, drawn
    /// from `seed` (the same seed always gives the same transformation).
    pub fn random(shape: Shape, seed: u64) -> Transform {
        let mut rng = SplitMix64(seed);
        let (r, c) = (shape.box_rows(), shape.box_cols());
        // Bands are r rows tall and there are c of them; stacks are c
        // columns wide and there are r of them.
        let rows = rng.grouped_permutation(c, r);
        let cols = rng.grouped_permutation(r, c);
        let mut digits: Vec<u8> = (1..=shape.size() as u8).collect();
        rng.shuffle(&mut digits);
        let transpose = shape.is_square_box() && rng.below(2) == 1;
        Transform { shape, rows, cols, digits, transpose }
    }

    /// The shape this transformation applies to.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// `grid` transformed.
    ///
    /// # Panics
    /// When `grid` has another shape.
    pub fn apply(&self, grid: &Grid) -> Grid {
        assert_eq!(
            grid.shape(),
            self.shape,
            "transform for {} applied to {}",
            self.shape,
            grid.shape()
        );
        let n = self.shape.size();
        let src = grid.values();
        let mut out = vec![0u8; n * n];
        for (i, row) in out.chunks_mut(n).enumerate() {
            for (j, v) in row.iter_mut().enumerate() {
                let (a, b) = if self.transpose { (j, i) } else { (i, j) };
                let old = src[self.rows[a] * n + self.cols[b]];
                *v = if old == 0 { 0 } else { self.digits[old as usize - 1] };
            }
        }
        Grid::from_values(self.shape, out).expect("a transform keeps values in range")
    }
}

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014): small, fast and good enough for shuffles. It
/// keeps the engine free of a random-number dependency.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (`n >= 1`), by rejection so there is no
    /// modulo bias.
    fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next();
            if x < zone {
                return (x % n) as usize;
            }
        }
    }

    /// Fisher-Yates shuffle.
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// A permutation of `0..groups * size` that moves whole groups of `size`
    /// consecutive indices and permutes inside each group.
    fn grouped_permutation(&mut self, groups: usize, size: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..groups).collect();
        self.shuffle(&mut order);
        let mut out = Vec::with_capacity(groups * size);
        for g in order {
            let mut inner: Vec<usize> = (0..size).map(|k| g * size + k).collect();
            self.shuffle(&mut inner);
            out.extend(inner);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solved(shape: Shape) -> Grid {
        Grid::empty(shape).some_solution().expect("empty boards have solutions")
    }

    #[test]
    fn random_transforms_keep_grids_valid_and_counts_equal() {
        for (r, c) in [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 4)] {
            let shape = Shape::new(r, c).unwrap();
            let grid = solved(shape);
            for seed in 0..20 {
                let t = Transform::random(shape, seed);
                let g = t.apply(&grid);
                assert!(g.is_solved(), "{shape} seed {seed}");
                // A puzzle made from the grid keeps its solution count.
                let mut puzzle = grid.values().to_vec();
                for (i, v) in puzzle.iter_mut().enumerate() {
                    if (i * 7 + seed as usize) % 3 != 0 {
                        *v = 0;
                    }
                }
                let p = Grid::from_values(shape, puzzle).unwrap();
                assert_eq!(
                    t.apply(&p).count_solutions_up_to(3),
                    p.count_solutions_up_to(3),
                    "{shape} seed {seed}"
                );
            }
        }
    }

    #[test]
    fn seeds_are_deterministic_and_varied() {
        let shape = Shape::CLASSIC;
        assert_eq!(Transform::random(shape, 7), Transform::random(shape, 7));
        let distinct: std::collections::HashSet<_> =
            (0..50).map(|s| Transform::random(shape, s).apply(&solved(shape))).collect();
        assert!(distinct.len() > 45);
        assert_eq!(Transform::identity(shape).apply(&solved(shape)), solved(shape));
    }

    #[test]
    fn rectangular_boxes_are_never_transposed() {
        let shape = Shape::new(2, 3).unwrap();
        assert!((0..100).all(|s| !Transform::random(shape, s).transpose));
    }
}
