//! Naked and hidden subsets of size 2 to 4 in one unit, and the direct
//! hidden pair (2.0) and triple (2.5) that leave a hidden single in the same
//! unit; as in SE, a direct step only places that single (its removals are
//! left to a later step). Every shape.
//!
//! A naked set: `k` empty cells of a unit whose candidates together are `k`
//! digits; those digits leave the unit's other cells. A hidden set: `k`
//! digits of a unit that fit only in `k` cells; those cells lose every other
//! digit. As in SE 1.2.1, a hidden set is only looked for in a unit with more
//! than `2k` empty cells (otherwise the complementary naked set is as small),
//! and units are scanned boxes, columns, rows.

use super::singles::se_units;
use super::state::{State, bits};
use super::step::{Step, Technique, cell_list, digit_list, elim_list};
use crate::digit::Digit;

/// The first naked set of size `k` that removes something.
pub(crate) fn naked(st: &State, k: usize) -> Option<Step> {
    let n = st.size();
    let layout = st.layout();
    for u in se_units(n, layout.house_count()) {
        let cells: Vec<usize> = layout
            .house(u)
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| st.value(c) == 0 && (2..=k as u32).contains(&st.count(c)))
            .collect();
        if cells.len() < k {
            continue;
        }
        let mut chosen = Vec::with_capacity(k);
        let mut found = None;
        combos(&cells, k, 0, 0, &mut chosen, &|c| st.mask(c), &mut |set, union| {
            let elims: Vec<(usize, u8)> = layout
                .house(u)
                .iter()
                .map(|&c| c as usize)
                .filter(|c| !set.contains(c))
                .flat_map(|c| bits(st.mask(c) & union).map(move |b| (c, b as u8 + 1)))
                .collect();
            if elims.is_empty() {
                return false;
            }
            found = Some(naked_step(st, u, set, union, &elims));
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Chooses `k` items whose `mask`s join into at most `k` bits; calls `f`
/// with each full choice until it returns true. Returns whether it did.
fn combos(
    items: &[usize],
    k: usize,
    start: usize,
    union: u64,
    chosen: &mut Vec<usize>,
    mask: &dyn Fn(usize) -> u64,
    f: &mut dyn FnMut(&[usize], u64) -> bool,
) -> bool {
    if chosen.len() == k {
        return union.count_ones() as usize == k && f(chosen, union);
    }
    for i in start..items.len() {
        if items.len() - i < k - chosen.len() {
            break;
        }
        let u = union | mask(items[i]);
        if u.count_ones() as usize > k {
            continue;
        }
        chosen.push(items[i]);
        let done = combos(items, k, i + 1, u, chosen, mask, f);
        chosen.pop();
        if done {
            return true;
        }
    }
    false
}

fn naked_step(st: &State, u: usize, set: &[usize], union: u64, elims: &[(usize, u8)]) -> Step {
    let shape = st.shape();
    let technique = match set.len() {
        2 => Technique::NakedPair,
        3 => Technique::NakedTriple,
        _ => Technique::NakedQuad,
    };
    let unit = st.layout().name(u);
    let mut s = Step::new(technique);
    s.cells = set.iter().map(|&c| State::cell(c)).collect();
    s.cells.sort();
    s.digits = State::digits(union);
    s.houses.push(unit);
    s.eliminations = elims.iter().map(|&(c, d)| (State::cell(c), Digit::new(d))).collect();
    s.eliminations.sort();
    s.explanation = format!(
        "In {unit}, the cells {} hold only the digits {} between them, so those digits are \
         removed from the other cells of the unit: {}",
        cell_list(shape, &s.cells),
        digit_list(&s.digits),
        elim_list(shape, &s.eliminations)
    );
    s
}

/// The first hidden set of size `k` that removes something; with `direct`,
/// only one that leaves a hidden single in its unit (SE's direct hidden
/// pair and triple).
pub(crate) fn hidden(st: &State, k: usize, direct: bool) -> Option<Step> {
    let n = st.size();
    let layout = st.layout();
    for u in se_units(n, layout.house_count()) {
        let empty = st.empty_count(u);
        if !(empty > 2 * k || (direct && empty > k)) {
            continue;
        }
        let mut pos = [0u64; 64];
        for (k, &c) in layout.house(u).iter().enumerate() {
            for d in bits(st.mask(c as usize)) {
                pos[d as usize] |= 1 << k;
            }
        }
        let mut digits = [0usize; 64];
        let mut count = 0;
        for d in (0..n).filter(|&d| pos[d] != 0) {
            digits[count] = d;
            count += 1;
        }
        let digits = &digits[..count];
        let mut chosen = Vec::with_capacity(k);
        let mut found = None;
        combos(digits, k, 0, 0, &mut chosen, &|d| pos[d], &mut |set, cells_mask| {
            let digit_mask: u64 = set.iter().map(|&d| 1u64 << d).sum();
            let cells: Vec<usize> =
                bits(cells_mask).map(|k| layout.house(u)[k as usize] as usize).collect();
            let elims: Vec<(usize, u8)> = cells
                .iter()
                .flat_map(|&c| bits(st.mask(c) & !digit_mask).map(move |b| (c, b as u8 + 1)))
                .collect();
            if elims.is_empty() {
                return false;
            }
            let single = if direct {
                let hit = (0..n).find(|&d| {
                    digit_mask & (1 << d) == 0
                        && pos[d].count_ones() > 1
                        && (pos[d] & !cells_mask).count_ones() == 1
                });
                match hit {
                    Some(d) => {
                        let k = (pos[d] & !cells_mask).trailing_zeros() as usize;
                        Some((layout.house(u)[k] as usize, d as u8 + 1))
                    }
                    None => return false,
                }
            } else {
                None
            };
            found = Some(hidden_step(st, u, &cells, digit_mask, &elims, single));
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

fn hidden_step(
    st: &State,
    u: usize,
    cells: &[usize],
    digit_mask: u64,
    elims: &[(usize, u8)],
    single: Option<(usize, u8)>,
) -> Step {
    let shape = st.shape();
    let technique = match (cells.len(), single.is_some()) {
        (2, true) => Technique::DirectHiddenPair,
        (3, true) => Technique::DirectHiddenTriple,
        (2, false) => Technique::HiddenPair,
        (3, false) => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    let unit = st.layout().name(u);
    let mut s = Step::new(technique);
    s.cells = cells.iter().map(|&c| State::cell(c)).collect();
    s.digits = State::digits(digit_mask);
    s.houses.push(unit);
    s.eliminations = elims.iter().map(|&(c, d)| (State::cell(c), Digit::new(d))).collect();
    s.eliminations.sort();
    if st.quiet() {
        if let Some((c, d)) = single {
            s.placements.push((State::cell(c), Digit::new(d)));
            s.eliminations.clear();
        }
        return s;
    }
    s.explanation = format!(
        "In {unit}, the digits {} fit only in {}, so those cells lose their other candidates: {}",
        digit_list(&s.digits),
        cell_list(shape, &s.cells),
        elim_list(shape, &s.eliminations)
    );
    if let Some((c, d)) = single {
        let cell = State::cell(c);
        s.placements.push((cell, Digit::new(d)));
        s.explanation = format!(
            "In {unit}, the digits {} fit only in {}, so those cells cannot hold their other \
             candidates ({}); that leaves {} as the only place for {d} in {unit}",
            digit_list(&s.digits),
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
