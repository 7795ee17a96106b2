//! The last resort: trial and error, said out loud.
//!
//! When no implemented technique applies, the solver picks the empty cell
//! with the fewest candidates (first in reading order) and places its digit
//! from the unique solution, found by the exact search of [`crate::solve`].
//! That is sound: the state has exactly one completion (checked before any
//! logic runs), so every other candidate of the cell leads to no solution.
//! But it is not a technique a person can follow, so the step's technique
//! is [`Technique::TrialAndError`] and its sentence says it is a guess.

use super::state::State;
use super::step::{Step, Technique};
use crate::digit::Digit;
use crate::grid::Grid;

/// Places the solution's digit in the empty cell with the fewest candidates.
pub(crate) fn guess(st: &State, solution: &Grid) -> Option<Step> {
    let shape = st.shape();
    let i = (0..shape.cell_count()).filter(|&i| st.value(i) == 0).min_by_key(|&i| st.count(i))?;
    let d = solution.values()[i];
    let cell = State::cell(i);
    let mut s = Step::new(Technique::TrialAndError);
    s.placements.push((cell, Digit::new(d)));
    s.cells.push(cell);
    s.digits.push(Digit::new(d));
    s.explanation = format!(
        "GUESS (no implemented technique applies): {} takes {d}; every other candidate of the \
         cell ({}) was checked by exhaustive search to leave no solution",
        cell.display(shape),
        State::digits(st.mask(i) & !(1u64 << (d - 1)))
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    Some(s)
}
