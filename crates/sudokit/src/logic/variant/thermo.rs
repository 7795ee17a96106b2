//! Thermometer bounds (1.2): digits rise by at least one per cell from the
//! bulb, so a cell lies above the smallest candidate of the cell before it
//! and below the largest of the cell after it. Applied along the whole
//! line both ways, as a player slides the bounds up and down it.

use super::{finish, known, narrow, numbered};
use crate::constraint::Constraint;
use crate::logic::state::State;
use crate::logic::step::{Step, Technique};

/// The first thermometer whose bounds remove a candidate.
pub(crate) fn thermometer(st: &State) -> Option<Step> {
    for (number, c) in numbered(st) {
        let Constraint::Thermo(t) = c else { continue };
        let keep = bounds(t.cells().iter().map(|&c| known(st, c as usize)).collect());
        let mut step = Step::new(Technique::ThermometerBounds);
        if !narrow(st, t.cells(), &keep, &mut step) {
            continue;
        }
        let shape = st.shape();
        let name = c.describe(number, shape);
        let bulb = crate::constraint::name(t.cells()[0], shape);
        let tip = crate::constraint::name(t.cells()[t.cells().len() - 1], shape);
        return Some(finish(st, step, t.cells(), 0, || {
            format!(
                "Along {name} from its bulb {bulb} to {tip} each digit is above the one \
                 before it, so each cell lies between the smallest digit possible before it \
                 and the largest possible after it"
            )
        }));
    }
    None
}

/// The masks of a thermometer's cells (bulb first) narrowed to strictly
/// rising bounds: each above the lowest digit of the cell before, below
/// the highest of the cell after. A cell left empty means no filling.
fn bounds(mut masks: Vec<u64>) -> Vec<u64> {
    let mut low = 0u32; // each cell's digits must exceed this
    for m in masks.iter_mut() {
        *m &= if low >= 64 { 0 } else { !((1u64 << low) - 1) };
        if *m == 0 {
            return masks;
        }
        low = m.trailing_zeros() + 1;
    }
    let mut high = 65u32; // each cell's digits must be below this
    for m in masks.iter_mut().rev() {
        if high <= 64 {
            *m &= (1u64 << (high - 1)) - 1;
        }
        if *m == 0 {
            return masks;
        }
        high = 64 - m.leading_zeros();
    }
    masks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_slide_both_ways() {
        let all = 0x1ffu64;
        // Four cells of 1-9: 1-6, 2-7, 3-8, 4-9.
        assert_eq!(bounds(vec![all; 4]), [0x3f, 0x7e, 0xfc, 0x1f8]);
        // A 3 on the third cell caps the first two at 1 and 2.
        assert_eq!(bounds(vec![all, all, 1 << 2, all]), [1, 2, 4, 0x1f8]);
    }
}
