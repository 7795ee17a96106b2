//! Intersections: pointing (a digit of a box confined to one line, 2.6) and
//! claiming (a digit of a line confined to one box, 2.8), and their *direct*
//! forms (1.7 and 1.9) that SE rates lower because the elimination at once
//! leaves a hidden single in another unit of the first kind. As in SE, a
//! direct step only places that single: its removals are left to a later
//! step (which rates them as plain pointing or claiming if they are still
//! needed). Every shape.
//!
//! Search order (SE 1.2.1): box→column, box→row, column→box, row→box; for
//! each pair of crossing units, digits ascending.
//!
//! Under rules with other houses (diagonals, windows, jigsaw regions) the
//! same rule holds for any two houses that share two cells or more: a digit
//! whose places in one lie in the other leaves the rest of the other. It
//! is rated as pointing when the first house is a box or region, as
//! claiming otherwise; the search takes the boxes and regions first, then
//! every other house, each against every house in order.

use super::state::{State, bits};
use super::step::{Step, Technique, cell_list, elim_list};
use crate::digit::Digit;
use crate::shape::{Cell, HouseKind};

/// Whether flat unit `u` contains cell index `c`.
#[inline]
pub(crate) fn unit_has(st: &State, u: usize, c: usize) -> bool {
    st.layout().houses_of(c).contains(&(u as u16))
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

/// The cells of flat unit `a` that lie in the crossing flat unit `b` (a box
/// and a line, in either order), as bits of their rank in `a`. Units list
/// their cells in reading order; box `k` of an `r x c` shape starts at row
/// `(k / r) * r` and column `(k % r) * c`.
fn inside(shape: crate::shape::Shape, a: usize, b: usize) -> u64 {
    let n = shape.size();
    let (r, c) = (shape.box_rows(), shape.box_cols());
    let ones = |len: usize| u64::MAX >> (64 - len);
    if a >= 2 * n {
        let bx = a - 2 * n;
        let (top, left) = ((bx / r) * r, (bx % r) * c);
        if b < n {
            ones(c) << ((b - top) * c)
        } else {
            (0..r).fold(0, |m, j| m | 1 << (j * c + (b - n - left)))
        }
    } else {
        let bx = b - 2 * n;
        let (top, left) = ((bx / r) * r, (bx % r) * c);
        if a < n { ones(c) << left } else { ones(r) << top }
    }
}

/// The cells of house `a` that lie in house `b`, as bits of their rank in
/// `a`, for any two houses.
fn shared(st: &State, a: usize, b: usize) -> u64 {
    st.layout()
        .house(a)
        .iter()
        .enumerate()
        .filter(|&(_, &c)| unit_has(st, b, c as usize))
        .fold(0, |m, (k, _)| m | 1 << k)
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

/// The places of each digit in the first `count` houses, from the cells'
/// masks: bit `k` of `pos[u * N + d - 1]` is set when the `k`-th cell of
/// house `u` may hold `d`.
fn places(st: &State, count: usize) -> Vec<u64> {
    let n = st.size();
    let layout = st.layout();
    let mut pos = vec![0u64; count * n];
    for u in 0..count {
        for (k, &c) in layout.house(u).iter().enumerate() {
            for d in bits(st.mask(c as usize)) {
                pos[u * n + d as usize] |= 1 << k;
            }
        }
    }
    pos
}

/// The cells of house `u2` that lose `d` because every place of `d` in
/// house `u1` (two or more) lies in `u2`, or `None`. `in1` marks the cells
/// of `u1` inside `u2` and `in2` those of `u2` inside `u1`, by rank; `pos`
/// is from [`places`].
#[inline]
fn confined(
    st: &State,
    pos: &[u64],
    (u1, in1): (usize, u64),
    (u2, in2): (usize, u64),
    d: u8,
) -> Option<Vec<usize>> {
    let n = st.size();
    let p1 = pos[u1 * n + d as usize - 1];
    if p1.count_ones() < 2 || p1 & !in1 != 0 {
        return None;
    }
    let out2 = pos[u2 * n + d as usize - 1] & !in2;
    if out2 == 0 {
        return None;
    }
    Some(bits(out2).map(|k| st.layout().house(u2)[k as usize] as usize).collect())
}

/// The first pointing or claiming; `direct` looks only for the direct forms.
pub(crate) fn find(st: &State, direct: bool) -> Option<Step> {
    find_of(st, direct, None)
}

/// Like [`find`]; `pointing` keeps only pointing (`Some(true)`) or only
/// claiming (`Some(false)`).
pub(crate) fn find_of(st: &State, direct: bool, pointing: Option<bool>) -> Option<Step> {
    if !st.rules().is_classic() {
        return find_any(st, direct, pointing);
    }
    let n = st.size();
    let layout = st.layout();
    let pos = places(st, 3 * n);
    let shape = st.shape();
    let crosses = |a: usize, b: usize| crosses(shape, a, b);
    // The cells of unit `a` that lie in unit `b`, by their rank in `a`.
    let inside = |a: usize, b: usize| -> u64 {
        let fast = inside(shape, a, b);
        debug_assert_eq!(fast, shared(st, a, b));
        fast
    };
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
                let (in1, in2) = (inside(u1, u2), inside(u2, u1));
                for d in 1..=n as u8 {
                    let Some(elims) = confined(st, &pos, (u1, in1), (u2, in2), d) else {
                        continue;
                    };
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
                        let rest = pos3 & !inside(u3, u2);
                        if rest.count_ones() == 1 {
                            let cell = layout.house(u3)[rest.trailing_zeros() as usize] as usize;
                            return Some(step(st, u1, u2, d, &elims, Some((u3, cell))));
                        }
                    }
                }
            }
        }
    }
    None
}

/// Whether house `u` is a box or a region replacing the boxes.
fn is_block(st: &State, u: usize) -> bool {
    matches!(st.layout().name(u).kind, HouseKind::Box | HouseKind::Region)
}

/// [`find_of`] over every pair of houses sharing two cells or more (see
/// the module docs), for rules beyond the classic ones.
fn find_any(st: &State, direct: bool, pointing: Option<bool>) -> Option<Step> {
    let n = st.size();
    let layout = st.layout();
    let count = layout.house_count();
    let pos = places(st, count);
    let inside = |a: usize, b: usize| -> u64 {
        let pairs = layout.overlaps(a);
        pairs.binary_search_by_key(&(b as u16), |&(u, _)| u).map_or(0, |i| pairs[i].1)
    };
    let firsts =
        (0..count).filter(|&u| is_block(st, u)).chain((0..count).filter(|&u| !is_block(st, u)));
    for u1 in firsts {
        if pointing.is_some_and(|p| p != is_block(st, u1)) {
            continue;
        }
        // The digits with two places or more in u1, ascending: the only
        // ones u1 can confine.
        let spread: Vec<u8> =
            (1..=n as u8).filter(|&d| pos[u1 * n + d as usize - 1].count_ones() >= 2).collect();
        if spread.is_empty() {
            continue;
        }
        for &(u2, in1) in layout.overlaps(u1) {
            let u2 = u2 as usize;
            debug_assert_eq!(in1, shared(st, u1, u2));
            let mut in2 = None;
            for &d in &spread {
                if pos[u1 * n + d as usize - 1] & !in1 != 0 {
                    continue;
                }
                let in2 = *in2.get_or_insert_with(|| inside(u2, u1));
                debug_assert_eq!(in2, shared(st, u2, u1));
                let Some(elims) = confined(st, &pos, (u1, in1), (u2, in2), d) else {
                    continue;
                };
                if !direct {
                    return Some(step(st, u1, u2, d, &elims, None));
                }
                // Direct: another house of the first one's kind (a block,
                // or not) keeps one place for d once u2's cells lose it.
                // Only a house holding a removed cell loses a place: each
                // such house with the ranks of its removed cells, in order.
                let block1 = is_block(st, u1);
                let mut losing: Vec<(u16, u64)> = elims
                    .iter()
                    .flat_map(|&c| {
                        let ranks = layout.places_of(c).iter().map(|&k| 1u64 << k);
                        layout.houses_of(c).iter().copied().zip(ranks)
                    })
                    .filter(|&(u3, _)| u3 as usize != u1 && is_block(st, u3 as usize) == block1)
                    .collect();
                losing.sort_unstable_by_key(|&(u3, _)| u3);
                for group in losing.chunk_by(|a, b| a.0 == b.0) {
                    let u3 = group[0].0 as usize;
                    let pos3 = pos[u3 * n + d as usize - 1];
                    let lost = group.iter().fold(0u64, |m, &(_, bit)| m | bit);
                    let rest = pos3 & !lost;
                    if pos3.count_ones() >= 2 && pos3 != rest && rest.count_ones() == 1 {
                        let cell = layout.house(u3)[rest.trailing_zeros() as usize] as usize;
                        return Some(step(st, u1, u2, d, &elims, Some((u3, cell))));
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
    let (unit1, unit2) = (st.layout().name(u1), st.layout().name(u2));
    let pointing = is_block(st, u1);
    let technique = match (pointing, single.is_some()) {
        (true, false) => Technique::Pointing,
        (false, false) => Technique::Claiming,
        (true, true) => Technique::DirectPointing,
        (false, true) => Technique::DirectClaiming,
    };
    let digit = Digit::new(d);
    let mut s = Step::new(technique);
    if st.quiet() {
        // Rating only: what the step changes, no evidence.
        match single {
            Some((_, c)) => s.placements.push((State::cell(c), digit)),
            None => s.eliminations = elims.iter().map(|&c| (State::cell(c), digit)).collect(),
        }
        return s;
    }
    s.digits.push(digit);
    s.houses = vec![unit1, unit2];
    s.cells = st
        .layout()
        .house(u1)
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
        let unit3 = st.layout().name(u3);
        s.placements.push((cell, digit));
        s.houses.push(unit3);
        s.explanation = format!(
            "In {unit1}, {d} can only go in {} (all in {unit2}), so it cannot be in the rest of \
             {unit2} ({}); that leaves {} as the only place for {d} in {unit3}",
            cell_list(shape, &s.cells),
            elim_list(shape, &s.eliminations),
            cell.display(shape)
        );
        // As in SE, a direct step only places: the removals that lead to
        // the single are left to a later step.
        s.eliminations.clear();
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Generator, Options};
    use crate::logic::singles;
    use crate::rules::Rules;

    /// The first pointing or claiming under houses beyond the classic
    /// ones, by the module docs' definition read plainly: blocks first,
    /// then the other houses, each against every house sharing two cells
    /// or more, digits ascending; a direct form's single is looked for in
    /// every other house of the first one's kind, in order.
    fn plain(st: &State, direct: bool) -> Option<Step> {
        let (n, layout) = (st.size(), st.layout());
        let count = layout.house_count();
        let places = |u: usize, d: u8| -> Vec<usize> {
            let cells = layout.house(u).iter().map(|&c| c as usize);
            cells.filter(|&c| st.mask(c) & Digit::new(d).bit() != 0).collect()
        };
        let firsts =
            (0..count).filter(|&u| is_block(st, u)).chain((0..count).filter(|&u| !is_block(st, u)));
        for u1 in firsts {
            for u2 in (0..count).filter(|&u2| u2 != u1 && shared(st, u1, u2).count_ones() >= 2) {
                for d in 1..=n as u8 {
                    let p1 = places(u1, d);
                    let in_u2 = |c: &usize| unit_has(st, u2, *c);
                    if p1.len() < 2 || !p1.iter().all(in_u2) {
                        continue;
                    }
                    let elims: Vec<usize> =
                        places(u2, d).into_iter().filter(|c| !p1.contains(c)).collect();
                    if elims.is_empty() {
                        continue;
                    }
                    if !direct {
                        return Some(step(st, u1, u2, d, &elims, None));
                    }
                    let kind =
                        (0..count).filter(|&u3| u3 != u1 && is_block(st, u3) == is_block(st, u1));
                    for u3 in kind {
                        let p3 = places(u3, d);
                        let rest: Vec<usize> =
                            p3.iter().copied().filter(|c| !elims.contains(c)).collect();
                        if p3.len() >= 2 && rest.len() < p3.len() && rest.len() == 1 {
                            return Some(step(st, u1, u2, d, &elims, Some((u3, rest[0]))));
                        }
                    }
                }
            }
        }
        None
    }

    /// Along each puzzle's solving by singles and intersections, every
    /// state's first pointing or claiming (direct or not) is the plain
    /// definition's.
    #[test]
    fn pointing_and_claiming_beyond_boxes_find_what_the_definition_finds() {
        let mut compared = [0usize; 2];
        for name in ["9+x", "9+windoku+x", "16+windoku", "2x3+x"] {
            let rules: Rules = name.parse().unwrap();
            let generator = Generator::new(Options::new(rules), 7).unwrap();
            for i in 0..3 {
                let mut st = State::from_grid(&generator.puzzle(i).unwrap().puzzle);
                while !st.is_solved() {
                    for direct in [true, false] {
                        let (found, wanted) = (find(&st, direct), plain(&st, direct));
                        let key =
                            |s: &Step| (s.technique, s.placements.clone(), s.eliminations.clone());
                        assert_eq!(
                            found.as_ref().map(key),
                            wanted.as_ref().map(key),
                            "{name} #{i}"
                        );
                        compared[usize::from(direct)] += usize::from(found.is_some());
                    }
                    let next = singles::hidden_single(&st)
                        .or_else(|| singles::naked_single(&st))
                        .or_else(|| find(&st, false));
                    let Some(next) = next else { break };
                    st.apply(&next);
                }
            }
        }
        // Both forms were met often enough to mean something.
        assert!(compared.iter().all(|&c| c >= 20), "{compared:?}");
    }
}
