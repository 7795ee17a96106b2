/*!
The carving loop of the rated carvers (`levelled`, `targeted`): passes
over the clue orbits, each removal judged by the caller, and [`Work`], the
rater, exact solver and deadline their judges share.

From a full grid, with the orbits in one random order kept for every
pass (the orbits holding a cell of the caller's `first` cells moved to the
front, keeping their random order), each pass tries every orbit once: it empties the orbit's remaining
clues and asks the caller's judge about the puzzle, giving the clues back
when the judge refuses. An orbit with no clue left, or one whose removal
would empty an unavoidable set (a clue alone in such a set is needed for
uniqueness, so no technique can do without it), is skipped without asking.
What each pass is (a closure tier, a rater's ceiling) is the caller's:
the loop hands each pass to the judge with the puzzle and the removal.
A judge that finds a removal leaves a second solution says so
([`Verdict::NotUnique`]): every later puzzle of the carve has fewer clues,
so that removal would leave a second solution there too, and the orbit is
not tried again in any later pass. A judge may also keep a removal on
condition that a few empty cells get their clues back
([`Verdict::KeptGiving`]: it judged the puzzle with them); such a clue can
make a removal judged not unique unique again, which is then still
skipped (a skipped removal only leaves a clue in). [`carve_from`] runs the same passes
from a puzzle (a subset of the solution's values) instead of the full
grid, offering only its clues.

Invariants: the values are always a subset of the solution's; a removal
is kept exactly when the judge keeps it; the order of the orbits and the
random stream drawn from (one shuffle) depend only on the caller's
generator, so a seed gives the same puzzle on every machine.
*/

use rand::Rng;
use rand::seq::SliceRandom;

use crate::Digit;
use crate::candidates::Candidates;
use crate::deadline::{Deadline, Passed};
use crate::grid::Grid;
use crate::logic::{Budget, LogicSolver};
use crate::shape::Cell;
use crate::solve::{Count, Limits, Solver};

use super::unavoidable::Unavoidable;

/// The rater, the exact solver and the deadline of one puzzle's work; each
/// carver adds its own judging methods.
pub(super) struct Work<'a> {
    /// The rater, under the deadline.
    pub(super) rater: LogicSolver,
    /// The exact solver that proves uniqueness within a node bound: its
    /// node counts decide which removals are settled, so its propagation
    /// stays as it is.
    exact: Solver,
    /// The exact solver of counts without a node bound, with the crossings
    /// of extra houses (the same answers in fewer nodes).
    whole: Solver,
    /// When the work gives up.
    pub(super) deadline: &'a Deadline,
}

impl<'a> Work<'a> {
    /// The work of a carve until `deadline`, rating with `budget` (its
    /// deadline replaced by `deadline`).
    pub(super) fn new(deadline: &'a Deadline, budget: Budget) -> Work<'a> {
        let rater = LogicSolver::with_budget(budget.with_deadline(deadline.clone()));
        Work { rater, exact: Solver::new(), whole: Solver::new().with_extra_crossings(), deadline }
    }

    /// Whether `puzzle` has exactly one solution, by the exact solver
    /// within `nodes` search nodes (`None`: no bound) and the deadline; a
    /// search cut short by the node bound answers no, which only gives a
    /// clue back.
    pub(super) fn unique_within(
        &mut self,
        puzzle: &Grid,
        nodes: Option<u64>,
    ) -> Result<bool, Passed> {
        Ok(self.solutions_within(puzzle, nodes)? == Solutions::One)
    }

    /// The verdict on a removal whose puzzle the exact solver does not find
    /// unique within `nodes` search nodes and the deadline: `NotUnique` for
    /// a second solution, `Refused` when the bound ran out first; `None`
    /// when the puzzle is unique.
    pub(super) fn refusal_unless_unique(
        &mut self,
        puzzle: &Grid,
        nodes: Option<u64>,
    ) -> Result<Option<Verdict>, Passed> {
        Ok(self.solutions_within(puzzle, nodes)?.refusal())
    }

    /// [`Work::refusal_unless_unique`] for the puzzle `puzzle` of
    /// `solution` just carved from a unique one by emptying the cells
    /// `removed`. One cell emptied: the puzzle has a second solution
    /// exactly when it has one without that cell's digit, which one search
    /// that usually ends in a contradiction tells (as the plain carver
    /// asks, `carve`); more cells: the count to two.
    pub(super) fn refusal_unless_unique_after(
        &mut self,
        puzzle: &Grid,
        removed: &[usize],
        solution: &[u8],
        nodes: Option<u64>,
    ) -> Result<Option<Verdict>, Passed> {
        let &[cell] = removed else { return self.refusal_unless_unique(puzzle, nodes) };
        let (cell, digit) = (Cell::from_index(cell), Digit::new(solution[cell]));
        // The solutions without the digit, and the one with it.
        let solutions = self.solutions_by(nodes, |exact| {
            match exact.count_excluding(puzzle, cell, digit, 1) {
                Count::Found(n) => Count::Found(n + 1),
                out => out,
            }
        })?;
        Ok(solutions.refusal())
    }

    /// [`Work::refusal_unless_unique`] for a puzzle of which `known` holds
    /// every solution and no more (a closure's fixpoint: its deductions are
    /// sound without assuming uniqueness). The search starts from those
    /// candidates, so it spends fewer nodes than from the clues alone; the
    /// answer is the same whenever both settle it within `nodes`.
    pub(super) fn refusal_unless_unique_from(
        &mut self,
        known: &Candidates,
        nodes: Option<u64>,
    ) -> Result<Option<Verdict>, Passed> {
        Ok(self.solutions_by(nodes, |exact| exact.count_candidates(known, 2))?.refusal())
    }

    /// How many solutions `puzzle` has, by the exact solver within `nodes`
    /// search nodes (`None`: no bound) and the deadline.
    fn solutions_within(&mut self, puzzle: &Grid, nodes: Option<u64>) -> Result<Solutions, Passed> {
        self.solutions_by(nodes, |exact| exact.count(puzzle, 2))
    }

    /// What `count` (a count to two by the exact solver) finds within
    /// `nodes` search nodes and the deadline; without a bound, by the
    /// solver with the extra houses' crossings.
    fn solutions_by(
        &mut self,
        nodes: Option<u64>,
        count: impl FnOnce(&mut Solver) -> Count,
    ) -> Result<Solutions, Passed> {
        let deadline = self.deadline;
        let exact = if nodes.is_some() { &mut self.exact } else { &mut self.whole };
        exact.set_limits(Limits { max_nodes: nodes, ..Limits::until(deadline.clone()) });
        match count(exact) {
            Count::Found(1) => Ok(Solutions::One),
            Count::Found(n) if n >= 2 => Ok(Solutions::Several),
            _ if deadline.passed() => Err(Passed),
            _ => Ok(Solutions::Unsettled),
        }
    }
}

/// What the exact solver found of a puzzle within its node bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Solutions {
    /// Exactly one solution.
    One,
    /// Two or more.
    Several,
    /// The node bound ran out first.
    Unsettled,
}

impl Solutions {
    /// The verdict on a removal that left these solutions: `None` for a
    /// unique puzzle, `NotUnique` for a second solution, `Refused` when
    /// the bound ran out first.
    fn refusal(self) -> Option<Verdict> {
        match self {
            Solutions::One => None,
            Solutions::Several => Some(Verdict::NotUnique),
            Solutions::Unsettled => Some(Verdict::Refused),
        }
    }
}

/// What a judge says of one removal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// The clues go back.
    Refused,
    /// The clues go back, and the orbit is not tried again: the puzzle
    /// without them has a second solution, and so has every puzzle carved
    /// further.
    NotUnique,
    /// The clues stay out.
    Kept,
    /// The clues stay out and the pass ends (the puzzle has what the pass
    /// was for).
    Done,
    /// The clues stay out, and the empty cells listed get their clues from
    /// the solution back (the judge asked about the puzzle with them).
    KeptGiving(Vec<usize>),
}

impl Verdict {
    /// [`Verdict::Kept`] when `kept`, else [`Verdict::Refused`].
    pub(super) fn kept_if(kept: bool) -> Verdict {
        if kept { Verdict::Kept } else { Verdict::Refused }
    }
}

/// Carves the full grid `solution` in one pass per item of `passes`, over
/// `orbits` shuffled once by `rng`, those holding a cell of `first` tried
/// first; `judge(pass, values, removed)` decides each removal (`removed`
/// the cells just emptied in `values`). The puzzle's values, or [`Passed`]
/// when `deadline` passes first.
pub(super) fn carve<P>(
    solution: &Grid,
    passes: impl IntoIterator<Item = P>,
    orbits: &mut [&[u16]],
    first: &[usize],
    rng: &mut impl Rng,
    deadline: &Deadline,
    judge: impl FnMut(&P, &[u8], &[usize]) -> Result<Verdict, Passed>,
) -> Result<Vec<u8>, Passed> {
    carve_from(solution, solution.values().to_vec(), passes, orbits, first, rng, deadline, judge)
}

/// [`carve`] from `values`, a puzzle of `solution` (a subset of its
/// values) rather than the full grid.
#[allow(clippy::too_many_arguments)]
pub(super) fn carve_from<P>(
    solution: &Grid,
    mut values: Vec<u8>,
    passes: impl IntoIterator<Item = P>,
    orbits: &mut [&[u16]],
    first: &[usize],
    rng: &mut impl Rng,
    deadline: &Deadline,
    mut judge: impl FnMut(&P, &[u8], &[usize]) -> Result<Verdict, Passed>,
) -> Result<Vec<u8>, Passed> {
    let mut unavoidable = Unavoidable::of(solution.rules(), solution.values());
    for c in (0..values.len()).filter(|&c| values[c] == 0) {
        unavoidable.blank(c);
    }
    let mut removed = Vec::new();
    // By position in `orbits`: removals known to leave a second solution.
    let mut not_unique = vec![false; orbits.len()];
    orbits.shuffle(rng);
    if !first.is_empty() {
        // A stable sort: the orbits keep their random order within each part.
        orbits.sort_by_key(|orbit| !orbit.iter().any(|&c| first.contains(&(c as usize))));
    }
    for pass in passes {
        for (k, orbit) in orbits.iter().enumerate() {
            if deadline.passed() {
                return Err(Passed);
            }
            if not_unique[k] {
                continue;
            }
            removed.clear();
            removed.extend(orbit.iter().map(|&c| c as usize).filter(|&c| values[c] != 0));
            if removed.is_empty() || unavoidable.forbids(&removed) {
                continue;
            }
            for &c in &removed {
                values[c] = 0;
            }
            let verdict = judge(&pass, &values, &removed)?;
            if matches!(verdict, Verdict::Refused | Verdict::NotUnique) {
                for &c in &removed {
                    values[c] = solution.values()[c];
                }
                not_unique[k] = verdict == Verdict::NotUnique;
                continue;
            }
            removed.iter().for_each(|&c| unavoidable.blank(c));
            match verdict {
                Verdict::Done => break,
                Verdict::KeptGiving(given) => {
                    for c in given {
                        values[c] = solution.values()[c];
                        unavoidable.give(c);
                    }
                }
                _ => {}
            }
        }
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;
    use crate::generate::{Generator, Options};
    use rand::SeedableRng;

    /// From a puzzle rather than the full grid: the empty cells are never
    /// offered, a clue at most once a pass, and the values are the start's
    /// less the removals kept.
    #[test]
    fn a_carve_from_a_puzzle_offers_its_clues_alone() {
        let solution = Generator::new(Options::new(Shape::CLASSIC), 2).unwrap().grid(0).unwrap();
        let cells: Vec<Vec<u16>> = (0..81u16).map(|c| vec![c]).collect();
        let mut orbits: Vec<&[u16]> = cells.iter().map(Vec::as_slice).collect();
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(4);
        let mut start = solution.values().to_vec();
        (0..81).filter(|c| c % 3 == 0).for_each(|c| start[c] = 0);
        let mut asked = [0u32; 81];
        let values = carve_from(
            &solution,
            start.clone(),
            [()],
            &mut orbits,
            &[],
            &mut rng,
            &Deadline::never(),
            |_, values, removed| {
                let c = removed[0];
                assert_eq!(removed.len(), 1);
                assert!(start[c] != 0 && values[c] == 0, "cell {c} was a clue");
                asked[c] += 1;
                Ok(Verdict::kept_if(c % 3 == 1))
            },
        )
        .unwrap();
        // A removal that would empty an unavoidable set is skipped unasked.
        for c in 0..81 {
            assert!(asked[c] <= u32::from(c % 3 != 0), "cell {c} asked {}", asked[c]);
            let blank = c % 3 == 0 || (asked[c] == 1 && c % 3 == 1);
            let want = if blank { 0 } else { solution.values()[c] };
            assert_eq!(values[c], want, "cell {c}");
        }
        let offered: u32 = asked.iter().sum();
        assert!(offered >= 40, "{offered} of 54 clues offered");
    }

    /// A removal kept giving cells back leaves those cells' clues from the
    /// solution in the puzzle, and they are offered again later in the pass.
    #[test]
    fn a_removal_kept_giving_cells_back_restores_their_clues() {
        let solution = Generator::new(Options::new(Shape::CLASSIC), 2).unwrap().grid(0).unwrap();
        let cells: Vec<Vec<u16>> = (0..81u16).map(|c| vec![c]).collect();
        let mut orbits: Vec<&[u16]> = cells.iter().map(Vec::as_slice).collect();
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
        let mut start = solution.values().to_vec();
        start[0] = 0;
        let mut offered_zero = 0;
        let mut gave = false;
        let values = carve_from(
            &solution,
            start,
            [()],
            &mut orbits,
            &[],
            &mut rng,
            &Deadline::never(),
            |_, values, removed| {
                let c = removed[0];
                if c == 0 {
                    offered_zero += 1;
                    return Ok(Verdict::Refused);
                }
                if !gave {
                    gave = true;
                    assert_eq!(values[0], 0);
                    return Ok(Verdict::KeptGiving(vec![0]));
                }
                Ok(Verdict::Refused)
            },
        )
        .unwrap();
        assert!(gave);
        assert_eq!(values[0], solution.values()[0], "cell 0 given back");
        let empty = values.iter().filter(|&&v| v == 0).count();
        assert_eq!(empty, 1, "the removal kept, cell 0 filled");
        assert!(offered_zero <= 1);
    }

    /// A one-cell removal from a unique puzzle is judged as the count to
    /// two judges it: unique exactly when the exact solver finds one
    /// solution of the puzzle without the clue.
    #[test]
    fn a_one_cell_removal_is_judged_as_by_the_count_to_two() {
        let solution = Generator::new(Options::new(Shape::CLASSIC), 7).unwrap().grid(0).unwrap();
        let s = solution.values();
        let deadline = Deadline::never();
        let mut work = Work::new(&deadline, Budget::default());
        let mut counter = Solver::new();
        let mut values = s.to_vec();
        let (mut unique, mut several) = (0, 0);
        for c in (0..81).map(|k| (k * 37) % 81) {
            values[c] = 0;
            let puzzle = Grid::from_values_with(solution.rules().clone(), values.clone()).unwrap();
            let verdict = work.refusal_unless_unique_after(&puzzle, &[c], s, None).unwrap();
            let count = counter.count(&puzzle, 2);
            assert!(matches!(count, Count::Found(1 | 2)), "{count:?}");
            if count == Count::Found(1) {
                assert_eq!(verdict, None, "cell {c}");
                unique += 1;
            } else {
                assert_eq!(verdict, Some(Verdict::NotUnique), "cell {c}");
                values[c] = s[c];
                several += 1;
            }
        }
        assert!(unique >= 17 && several >= 17, "{unique} kept, {several} given back");
    }

    /// An orbit judged [`Verdict::NotUnique`] is never offered again; one
    /// [`Verdict::Refused`] is offered again in the next pass, and both
    /// give their clues back.
    #[test]
    fn a_removal_judged_not_unique_is_not_tried_again() {
        let solution = Generator::new(Options::new(Shape::CLASSIC), 1).unwrap().grid(0).unwrap();
        let cells: Vec<Vec<u16>> = (0..81u16).map(|c| vec![c]).collect();
        let mut orbits: Vec<&[u16]> = cells.iter().map(Vec::as_slice).collect();
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
        let mut asked = vec![[0u32; 2]; 81];
        let values = carve(
            &solution,
            [0usize, 1],
            &mut orbits,
            &[],
            &mut rng,
            &Deadline::never(),
            |&pass, values, removed| {
                let c = removed[0];
                assert_eq!(values.iter().filter(|&&v| v == 0).count(), 1, "one cell out");
                asked[c][pass] += 1;
                Ok(if c % 2 == 0 { Verdict::NotUnique } else { Verdict::Refused })
            },
        )
        .unwrap();
        assert_eq!(values, solution.values(), "every clue given back");
        for (c, [first, second]) in asked.iter().copied().enumerate() {
            assert_eq!(first, 1, "cell {c} offered once in the first pass");
            assert_eq!(second, (c % 2) as u32, "cell {c} in the second pass");
        }
    }
}
