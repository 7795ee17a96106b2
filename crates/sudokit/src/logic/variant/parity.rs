//! Even/odd marks (1.0): a cell marked even loses its odd candidates, one
//! marked odd its even ones. The marks are given like digits, so this is
//! read off the board; one step per set of marks.

use super::{finish, narrow, numbered};
use crate::constraint::Constraint;
use crate::logic::state::State;
use crate::logic::step::{Step, Technique};

/// The first set of even or odd marks whose cells still hold a digit of
/// the other parity.
pub(crate) fn parity(st: &State) -> Option<Step> {
    let n = st.size();
    for (_, c) in numbered(st) {
        let Constraint::Parity(p) = c else { continue };
        let keep = p.kind().mask(n);
        let keeps = vec![keep; p.cells().len()];
        let mut step = Step::new(Technique::EvenOddMark);
        if !narrow(st, p.cells(), &keeps, &mut step) {
            continue;
        }
        let mut hit: Vec<u16> = step.eliminations.iter().map(|(c, _)| c.index() as u16).collect();
        hit.extend(step.placements.iter().map(|(c, _)| c.index() as u16));
        hit.dedup();
        return Some(finish(st, step, &hit, keep, || {
            format!("The cells marked {} hold {} digits only", p.kind(), p.kind())
        }));
    }
    None
}
