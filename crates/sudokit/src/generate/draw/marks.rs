//! Kropki dots and even/odd marks read off a full grid.

use rand::Rng;

use crate::constraint::{Constraint, Dot, DotKind, Parity, ParityKind, Relation, neighbours};
use crate::shape::Shape;

use super::Dots;

/// The dots of the full grid `values`: a white dot between consecutive
/// neighbours, a black one where one digit is twice the other (1 and 2 are
/// both: a random colour); every one with [`Dots::All`], each with
/// probability one half with [`Dots::Some`].
pub(super) fn dots(
    shape: Shape,
    values: &[u8],
    which: Dots,
    rng: &mut impl Rng,
) -> Vec<Constraint> {
    let mut out = Vec::new();
    for [a, b] in neighbours(shape) {
        let (x, y) = (values[a as usize], values[b as usize]);
        let white = Relation::Consecutive.holds(x, y);
        let black = Relation::Double.holds(x, y);
        let kind = match (white, black) {
            (true, true) if rng.random_bool(0.5) => DotKind::White,
            (true, true) => DotKind::Black,
            (true, false) => DotKind::White,
            (false, true) => DotKind::Black,
            (false, false) => continue,
        };
        if which == Dots::Some && !rng.random_bool(0.5) {
            continue;
        }
        let dot = Dot::new(shape, a, b, kind).expect("neighbours of the board");
        out.push(Constraint::Dot(dot));
    }
    out
}

/// Even and odd marks on about a third of the cells of the full grid
/// `values` (a sixth when `sparse`), each the parity of its digit.
pub(super) fn parity(
    shape: Shape,
    values: &[u8],
    sparse: bool,
    rng: &mut impl Rng,
) -> Vec<Constraint> {
    let (mut even, mut odd) = (Vec::new(), Vec::new());
    let one_in = if sparse { 6 } else { 3 };
    for (i, &v) in values.iter().enumerate() {
        if rng.random_ratio(1, one_in) {
            if v % 2 == 0 { even.push(i as u16) } else { odd.push(i as u16) }
        }
    }
    let mut out = Vec::new();
    for (cells, kind) in [(even, ParityKind::Even), (odd, ParityKind::Odd)] {
        if !cells.is_empty() {
            let marks = Parity::new(shape, &cells, kind, &format!("{kind} cells"))
                .expect("distinct cells of the board");
            out.push(Constraint::Parity(marks));
        }
    }
    out
}
