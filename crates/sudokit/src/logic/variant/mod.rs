/*!
Techniques for the constraints beyond houses: killer cages, thermometers,
kropki dots, non-consecutive neighbours and even/odd cells. Each reads the
constraints of the state's [`Rules`](crate::Rules) and nothing else; the
ratings are sudokit's, set beside the Sudoku Explainer ladder (see the
table in `docs/variant-logic.md`).

- `parity`: even/odd marks remove the other parity (1.0).
- `thermo`: thermometer bounds (1.2).
- `pairs`: white and black dots, "no dot" when all dots are given (kropki,
  1.4) and non-consecutive neighbours (1.4).
- `cages`: cage combinations (1.6 and up, by the digit sets left) and cage
  intersections (2.7): a digit the cage needs, or one a house must put in
  the cage.
- `innies`: the 45 rule over one house (2.8) or two neighbouring rows or
  columns (3.1).
- `sums`: the fillings of cells with a known total, shared by the two
  above.

A step that leaves a cell one digit places it: the constraint proves the
digit, as a hidden single does.

Invariant: every step removes only digits that no solution of the
constraint's own cells (from their current candidates, with the houses
they share) can hold, so it never removes a digit of the puzzle's solution.
*/

mod cages;
mod innies;
mod pairs;
mod parity;
mod sums;
mod thermo;

pub(crate) use cages::{combination, intersection};
pub(crate) use innies::innies_outies;
pub(crate) use pairs::{kropki, non_consecutive};
pub(crate) use parity::parity;
pub(crate) use thermo::thermometer;

use super::state::State;
use super::step::Step;
use crate::constraint::Constraint;
use crate::digit::Digit;
use crate::shape::Cell;

/// The digits cell `i` can hold: its candidates, or its value when placed.
fn known(st: &State, i: usize) -> u64 {
    match st.value(i) {
        0 => st.mask(i),
        v => 1 << (v - 1),
    }
}

/// Narrows each empty cell of `cells` to `keep` (the same positions) in
/// `step`: a cell left with one digit gets it placed (the constraint
/// proves it), any other loses the rest as eliminations. Returns whether
/// anything changed.
fn narrow(st: &State, cells: &[u16], keep: &[u64], step: &mut Step) -> bool {
    let before = step.placements.len() + step.eliminations.len();
    for (&c, &k) in cells.iter().zip(keep) {
        let i = c as usize;
        let (had, left) = (st.mask(i), st.mask(i) & k);
        if st.value(i) != 0 || had == left {
            continue;
        }
        let cell = Cell::from_index(i);
        if left.count_ones() == 1 {
            step.placements.push((cell, Digit::new(left.trailing_zeros() as u8 + 1)));
        } else {
            step.eliminations.extend(Digit::in_mask(had & !left).map(|d| (cell, d)));
        }
    }
    step.placements.len() + step.eliminations.len() > before
}

/// The constraints of the state's rules with their number among those of
/// their kind (from 1), as [`Constraint::describe`] names them.
fn numbered(st: &State) -> impl Iterator<Item = (usize, &Constraint)> {
    crate::constraint::numbered(st.rules().constraints())
}

/// `{1,5,9}` for a digit mask.
fn set_text(mask: u64) -> String {
    let digits: Vec<String> = Digit::in_mask(mask).map(|d| d.to_string()).collect();
    format!("{{{}}}", digits.join(","))
}

/// The cells of a list in reading order, as cells.
fn sorted_cells(cells: &[u16]) -> Vec<Cell> {
    let mut out: Vec<Cell> = cells.iter().map(|&c| Cell::from_index(c as usize)).collect();
    out.sort_unstable_by_key(|c| c.index());
    out.dedup();
    out
}

/// Finishes a step: the evidence `cells` (reading order), the digits of
/// `digits`, and the sentence `text()` followed by the placements and
/// eliminations, unless the state is quiet.
fn finish(
    st: &State,
    mut step: Step,
    cells: &[u16],
    digits: u64,
    text: impl FnOnce() -> String,
) -> Step {
    if st.quiet() {
        return step;
    }
    step.cells = sorted_cells(cells);
    step.digits = Digit::in_mask(digits).collect();
    let shape = st.shape();
    let mut moves: Vec<String> =
        step.placements.iter().map(|(c, d)| format!("{}={d}", c.display(shape))).collect();
    if !step.eliminations.is_empty() {
        moves.push(super::step::elim_list(shape, &step.eliminations));
    }
    step.explanation = format!("{}: {}", text(), moves.join(", "));
    step
}

#[cfg(test)]
mod tests;
