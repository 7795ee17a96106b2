//! Singles: full house (1.0), hidden single in a box (1.2) or a line (1.5),
//! naked single (2.3). Every shape.
//!
//! Search order follows Sudoku Explainer 1.2.1: units in the order boxes,
//! columns, rows, digits ascending; full houses before hidden singles; naked
//! singles in reading order.

use super::state::State;
use super::step::{Step, Technique};
use crate::digit::Digit;
use crate::shape::HouseKind;

/// House indices in SE's order: boxes (or regions), then columns, then
/// rows; then the other houses of the rules in their order.
pub(crate) fn se_units(n: usize, houses: usize) -> impl Iterator<Item = usize> {
    (2 * n..3 * n).chain(n..2 * n).chain(0..n).chain(3 * n..houses)
}

/// A full house or hidden single, the first in SE's order.
pub(crate) fn hidden_single(st: &State) -> Option<Step> {
    hidden_single_of(st, None)
}

/// The first full house or hidden single of technique `want` (any of the
/// three when `None`), in SE's order.
pub(crate) fn hidden_single_of(st: &State, want: Option<Technique>) -> Option<Step> {
    let n = st.size();
    let layout = st.layout();
    for alone in [true, false] {
        for u in se_units(n, layout.house_count()) {
            // One pass over the unit: its empty cells, and the digits with
            // exactly one place (`once` but not `twice`).
            let unit = layout.house(u);
            let (mut empty, mut once, mut twice) = (0usize, 0u64, 0u64);
            for &c in unit {
                let m = st.mask(c as usize);
                empty += usize::from(st.value(c as usize) == 0);
                twice |= once & m;
                once |= m;
            }
            if empty == 0 || (empty == 1) != alone {
                continue;
            }
            if want.is_some_and(|t| t != single_technique(st, u, alone)) {
                continue;
            }
            let single = once & !twice;
            if single != 0 {
                // The smallest such digit, as a scan of digits ascending finds.
                let bit = single & single.wrapping_neg();
                let d = bit.trailing_zeros() as u8 + 1;
                let cell = unit.iter().map(|&c| c as usize).find(|&c| st.mask(c) & bit != 0)?;
                return Some(single_step(st, u, cell, d, alone));
            }
        }
    }
    None
}

/// The technique of a single found in house `u`: a hidden single in a box
/// or in a region replacing the boxes is rated as in a box, one in any
/// other house (a row, a diagonal, a window) as in a line.
fn single_technique(st: &State, u: usize, alone: bool) -> Technique {
    if alone {
        Technique::FullHouse
    } else if matches!(st.layout().name(u).kind, HouseKind::Box | HouseKind::Region) {
        Technique::HiddenSingleBox
    } else {
        Technique::HiddenSingleLine
    }
}

fn single_step(st: &State, u: usize, cell: usize, d: u8, alone: bool) -> Step {
    let shape = st.shape();
    let unit = st.layout().name(u);
    let technique = single_technique(st, u, alone);
    let c = State::cell(cell);
    let mut step = Step::new(technique);
    step.placements.push((c, Digit::new(d)));
    if st.quiet() {
        return step;
    }
    step.cells.push(c);
    step.digits.push(Digit::new(d));
    step.houses.push(unit);
    let name = c.display(shape);
    step.explanation = if alone {
        format!("{name} is the last empty cell of {unit}, so it takes the missing {d}")
    } else {
        format!(
            "In {unit}, {d} can only go in {name}: every other empty cell of the {} sees a {d} \
             or has lost it as a candidate",
            unit.kind.name()
        )
    };
    step
}

/// A cell with one candidate left, the first in reading order.
pub(crate) fn naked_single(st: &State) -> Option<Step> {
    let shape = st.shape();
    (0..shape.cell_count()).find(|&i| st.value(i) == 0 && st.count(i) == 1).map(|i| {
        let d = st.mask(i).trailing_zeros() as u8 + 1;
        let c = State::cell(i);
        let mut step = Step::new(Technique::NakedSingle);
        step.placements.push((c, Digit::new(d)));
        if st.quiet() {
            return step;
        }
        step.cells.push(c);
        step.digits.push(Digit::new(d));
        step.explanation = format!(
            "{} can only be {d}: every other digit is placed in its row, column or box or was \
             eliminated",
            c.display(shape)
        );
        step
    })
}
