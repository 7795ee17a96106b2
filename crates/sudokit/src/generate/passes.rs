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

Invariants: the values are always a subset of the solution's; a removal
is kept exactly when the judge keeps it; the order of the orbits and the
random stream drawn from (one shuffle) depend only on the caller's
generator, so a seed gives the same puzzle on every machine.
*/

use rand::Rng;
use rand::seq::SliceRandom;

use crate::deadline::{Deadline, Passed};
use crate::grid::Grid;
use crate::logic::{Budget, LogicSolver};
use crate::solve::{Count, Limits, Solver};

use super::unavoidable::Unavoidable;

/// The rater, the exact solver and the deadline of one puzzle's work; each
/// carver adds its own judging methods.
pub(super) struct Work<'a> {
    /// The rater, under the deadline.
    pub(super) rater: LogicSolver,
    /// The exact solver that proves uniqueness.
    exact: Solver,
    /// When the work gives up.
    pub(super) deadline: &'a Deadline,
}

impl<'a> Work<'a> {
    /// The work of a carve until `deadline`, rating with `budget` (its
    /// deadline replaced by `deadline`).
    pub(super) fn new(deadline: &'a Deadline, budget: Budget) -> Work<'a> {
        let rater = LogicSolver::with_budget(budget.with_deadline(deadline.clone()));
        Work { rater, exact: Solver::new(), deadline }
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
        let deadline = self.deadline;
        self.exact.set_limits(Limits { max_nodes: nodes, ..Limits::until(deadline.clone()) });
        match self.exact.count(puzzle, 2) {
            Count::Found(n) => Ok(n == 1),
            _ if deadline.passed() => Err(Passed),
            _ => Ok(false),
        }
    }
}

/// What a judge says of one removal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// The clues go back.
    Refused,
    /// The clues stay out.
    Kept,
    /// The clues stay out and the pass ends (the puzzle has what the pass
    /// was for).
    Done,
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
    mut judge: impl FnMut(&P, &[u8], &[usize]) -> Result<Verdict, Passed>,
) -> Result<Vec<u8>, Passed> {
    let mut values = solution.values().to_vec();
    let mut unavoidable = Unavoidable::of(solution.rules(), &values);
    let mut removed = Vec::new();
    orbits.shuffle(rng);
    if !first.is_empty() {
        // A stable sort: the orbits keep their random order within each part.
        orbits.sort_by_key(|orbit| !orbit.iter().any(|&c| first.contains(&(c as usize))));
    }
    for pass in passes {
        for orbit in orbits.iter() {
            if deadline.passed() {
                return Err(Passed);
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
            if verdict == Verdict::Refused {
                for &c in &removed {
                    values[c] = solution.values()[c];
                }
                continue;
            }
            removed.iter().for_each(|&c| unavoidable.blank(c));
            if verdict == Verdict::Done {
                break;
            }
        }
    }
    Ok(values)
}
