//! Intersections: pointing (a digit of a box confined to one line, 2.6) and
//! claiming (a digit of a line confined to one box, 2.8), and their *direct*
//! forms (1.7 and 1.9) that SE rates lower because the elimination at once
//! leaves a hidden single in another unit of the first kind. Every shape.
//!
//! Search order (SE 1.2.1): box→column, box→row, column→box, row→box; for
//! each pair of crossing units, digits ascending.

use super::state::{State, bits};
use super::step::{Step, Technique, cell_list, elim_list};
use crate::digit::Digit;
use crate::shape::{Cell, Unit, UnitKind};

/// Whether flat unit `u` contains cell index `c`.
#[inline]
pub(crate) fn unit_has(st: &State, u: usize, c: usize) -> bool {
    st.layout().units_of(c).contains(&(u as u16))
}

/// Whether flat units `a` and `b` (a box and a line, in either order)
/// share a cell.
fn crosses(shape: crate::shape::Shape, a: usize, b: usize) -> bool {
    let n = shape.size();
    let (bx, line) = if a >= 2 * n { (a - 2 * n, b) } else { (b - 2 * n, a) };
    let stacks = n / shape.box_cols();
    if line < n {
        bx / stacks == line / shape.box_rows()
    } else {
        bx % stacks == (line - n) / shape.box_cols()
    }
}

/// The four (first kind, second kind) pairs in SE's order, as flat ranges.
fn kind_pairs(n: usize) -> [(std::ops::Range<usize>, std::ops::Range<usize>); 4] {
    let (rows, cols, boxes) = (0..n, n..2 * n, 2 * n..3 * n);
    [
        (boxes.clone(), cols.clone()),
        (boxes.clone(), rows.clone()),
        (cols, boxes.clone()),
        (rows, boxes),
    ]
}

/// The first pointing or claiming; `direct` looks only for the direct forms.
pub(crate) fn find(st: &State, direct: bool) -> Option<Step> {
    find_of(st, direct, None)
}

/// Like [`find`]; `pointing` keeps only pointing (`Some(true)`) or only
/// claiming (`Some(false)`).
pub(crate) fn find_of(st: &State, direct: bool, pointing: Option<bool>) -> Option<Step> {
    let n = st.size();
    let layout = st.layout();
    // Places of each digit per unit, and which units cross, computed once.
    let pos: Vec<u64> = (0..3 * n)
        .flat_map(|u| (0..n).map(move |d| (u, d)))
        .map(|(u, d)| st.positions(u, 1 << d))
        .collect();
    let shape = st.shape();
    let crosses = |a: usize, b: usize| crosses(shape, a, b);
    for (k, (kind1, kind2)) in kind_pairs(n).into_iter().enumerate() {
        // The first two pairs start from a box (pointing), the others from a line.
        if pointing.is_some_and(|p| p != (k < 2)) {
            continue;
        }
        for u1 in kind1.clone() {
            for u2 in kind2.clone() {
                if !crosses(u1, u2) {
                    continue;
                }
                for d in 1..=n as u8 {
                    let bit = 1u64 << (d - 1);
                    let p1 = pos[u1 * n + d as usize - 1];
                    if p1.count_ones() < 2 {
                        continue;
                    }
                    let inside =
                        bits(p1).all(|k| unit_has(st, u2, layout.unit(u1)[k as usize] as usize));
                    if !inside {
                        continue;
                    }
                    let elims: Vec<usize> = layout
                        .unit(u2)
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| st.mask(c) & bit != 0 && !unit_has(st, u1, c))
                        .collect();
                    if elims.is_empty() {
                        continue;
                    }
                    if !direct {
                        return Some(step(st, u1, u2, d, &elims, None));
                    }
                    // Direct: another unit of the first kind crossing u2 keeps
                    // exactly one place for d once u2's cells lose it.
                    for u3 in kind1.clone() {
                        if u3 == u1 || !crosses(u3, u2) {
                            continue;
                        }
                        let pos3 = pos[u3 * n + d as usize - 1];
                        if pos3.count_ones() < 2 {
                            continue;
                        }
                        let rest: Vec<usize> = bits(pos3)
                            .map(|k| layout.unit(u3)[k as usize] as usize)
                            .filter(|&c| !unit_has(st, u2, c))
                            .collect();
                        if rest.len() == 1 {
                            return Some(step(st, u1, u2, d, &elims, Some((u3, rest[0]))));
                        }
                    }
                }
            }
        }
    }
    None
}

fn step(
    st: &State,
    u1: usize,
    u2: usize,
    d: u8,
    elims: &[usize],
    single: Option<(usize, usize)>,
) -> Step {
    let shape = st.shape();
    let (unit1, unit2) = (Unit::from_flat(shape, u1), Unit::from_flat(shape, u2));
    let pointing = unit1.kind == UnitKind::Box;
    let technique = match (pointing, single.is_some()) {
        (true, false) => Technique::Pointing,
        (false, false) => Technique::Claiming,
        (true, true) => Technique::DirectPointing,
        (false, true) => Technique::DirectClaiming,
    };
    let digit = Digit::new(d);
    let mut s = Step::new(technique);
    s.digits.push(digit);
    s.units = vec![unit1, unit2];
    s.cells = st
        .layout()
        .unit(u1)
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| st.mask(c) & digit.bit() != 0)
        .map(State::cell)
        .collect();
    s.cells.sort();
    s.eliminations = elims.iter().map(|&c| (State::cell(c), digit)).collect();
    s.eliminations.sort();
    s.explanation = format!(
        "In {unit1}, {d} can only go in {} (all in {unit2}), so {d} is removed from the rest of \
         {unit2}: {}",
        cell_list(shape, &s.cells),
        elim_list(shape, &s.eliminations)
    );
    if let Some((u3, c)) = single {
        let cell: Cell = State::cell(c);
        let unit3 = Unit::from_flat(shape, u3);
        s.placements.push((cell, digit));
        s.units.push(unit3);
        s.explanation.push_str(&format!(
            "; that leaves {} as the only place for {d} in {unit3}",
            cell.display(shape)
        ));
    }
    s
}
