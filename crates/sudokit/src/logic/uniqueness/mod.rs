//! Uniqueness techniques, valid because the puzzle has one solution (the
//! solver checks that first), as Sudoku Explainer (SE) 1.2.1 has them:
//! unique rectangles and loops (module `loops`, 4.5 and up) and the
//! bivalue universal grave (module `bug`, 5.6 and up). Boards up to 16x16.
//!
//! Both rest on a *deadly pattern*: cells that could take their digits in
//! two ways, each keeping every row, column and box valid, so a puzzle
//! with one solution never reaches it. They assume that such a swap keeps
//! the puzzle valid: true under classic rules only (a swap may break a
//! diagonal, a window, a jigsaw region or a pair that must differ, so the
//! pattern is not deadly there). So they find nothing under other rules.

mod bug;
mod loops;

pub(crate) use bug::bug;
pub(crate) use loops::unique_loop;

/// SE's order of the three unit kinds, box, row, column, as indices into
/// [`Layout::houses_of`](crate::shape::Layout::houses_of) (row, column,
/// box).
const SE_UNIT_ORDER: [usize; 3] = [2, 0, 1];

/// The `k`-element subsets of `0..n` as bit masks in SE's order
/// (increasing value: colexicographic), as its `Permutations` gives them;
/// for `k = 0` the empty set once (none when `n = 0`).
fn subsets(k: usize, n: usize) -> impl Iterator<Item = u32> {
    let end = 1u64 << n;
    let mut next = if k <= n && n > 0 { Some((1u64 << k) - 1) } else { None };
    std::iter::from_fn(move || {
        let v = next?;
        next = if v == 0 {
            None
        } else {
            // Gosper's hack: the next larger value with as many bits.
            let low = v & v.wrapping_neg();
            let ripple = v + low;
            let w = (((ripple ^ v) >> 2) / low) | ripple;
            (w < end).then_some(w)
        };
        Some(v as u32)
    })
}

/// Test support: states where a technique applies, checked against the
/// exact solver's solution.
#[cfg(test)]
pub(super) mod testing {
    use super::super::state::State;
    use super::super::step::Step;
    use crate::candidates::Candidates;
    use crate::grid::Grid;
    use crate::logic::Er;
    use crate::shape::Shape;
    use crate::solve::{Solution, Solver};

    /// The pencil-mark state `marks` (81 runs of candidates, a single digit
    /// placed) of `puzzle`, after checking that every cell still allows the
    /// puzzle's one solution; returns the state and that solution.
    pub(crate) fn state(puzzle: &str, marks: &str) -> (State, Grid) {
        let grid: Grid = puzzle.parse().expect("a puzzle");
        let Solution::Unique(solution) = Solver::new().solve(&grid) else {
            panic!("{puzzle} has not one solution")
        };
        let masks: Vec<u64> = marks
            .split_whitespace()
            .map(|run| run.bytes().fold(0, |m, b| m | 1 << (b - b'1')))
            .collect();
        assert_eq!(masks.len(), 81, "{marks}");
        for (i, &m) in masks.iter().enumerate() {
            let v = solution.values()[i];
            assert!(m & (1 << (v - 1)) != 0, "cell {i} lost the solution's {v}");
            if grid.values()[i] != 0 {
                assert_eq!(m, 1 << (v - 1), "given {i} not kept");
            }
        }
        let cands = Candidates::from_masks(Shape::CLASSIC, masks).expect("masks");
        (State::from_candidates(&cands), solution)
    }

    /// Asserts that `step` keeps the solution: no elimination removes the
    /// solution's digit, every placement is it.
    pub(crate) fn assert_sound(step: &Step, solution: &Grid) {
        let removes = step.eliminations.iter().map(|&(c, d)| (c, d, "removes", false));
        let places = step.placements.iter().map(|&(c, d)| (c, d, "places", true));
        for (c, d, what, solution_digit) in removes.chain(places) {
            let at = c.display(Shape::CLASSIC);
            assert_eq!(
                solution.values()[c.index()] == d.get(),
                solution_digit,
                "{step}: {what} {at}"
            );
        }
        assert!(!step.eliminations.is_empty() || !step.placements.is_empty(), "{step}");
    }

    /// The step `find` takes in `marks` (a state of `puzzle`, see
    /// [`state`]), checked against the solution with [`assert_sound`].
    pub(crate) fn found(puzzle: &str, marks: &str, find: fn(&State) -> Option<Step>) -> Step {
        let (st, solution) = state(puzzle, marks);
        let step = find(&st).expect("a step");
        assert_sound(&step, &solution);
        step
    }

    /// Checks `step`'s rating (ER times 10), the opening of its
    /// explanation and its eliminations ([`removed`]).
    pub(crate) fn check(step: &Step, er: u16, opening: &str, eliminations: &[&str]) {
        assert_eq!(step.difficulty, Er(er), "{step}");
        assert!(step.explanation.starts_with(opening), "{step}");
        assert_eq!(removed(step), eliminations);
    }

    /// `r1c2<>5`-style names of a step's eliminations, sorted.
    pub(crate) fn removed(step: &Step) -> Vec<String> {
        let mut v: Vec<String> = step
            .eliminations
            .iter()
            .map(|(c, d)| format!("{}<>{d}", c.display(Shape::CLASSIC)))
            .collect();
        v.sort();
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_come_in_colexicographic_order_each_once() {
        let pairs: Vec<u32> = subsets(2, 4).collect();
        assert_eq!(pairs, vec![0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100]);
        assert_eq!(subsets(0, 5).collect::<Vec<_>>(), vec![0]);
        assert_eq!(subsets(0, 0).count(), 0);
        assert_eq!(subsets(3, 2).count(), 0);
        assert_eq!(subsets(9, 9).collect::<Vec<_>>(), vec![0x1ff]);
        let all: Vec<u32> = subsets(4, 9).collect();
        assert_eq!(all.len(), 126);
        assert!(all.windows(2).all(|w| w[0] < w[1]) && all.iter().all(|m| m.count_ones() == 4));
    }
}
