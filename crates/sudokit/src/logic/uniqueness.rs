//! Uniqueness techniques, valid because the puzzle has one solution (the
//! solver checks that first): unique rectangles (SE "unique loops" of four
//! cells, 4.5, SE preferring type 1, then 2, then 4) and BUG+1 (5.6). Boards
//! up to 16x16.
//!
//! A deadly pattern: four cells in two rows, two columns and two boxes that
//! could all take only the digits {a,b}. Their values could be swapped, so
//! a unique puzzle never reaches it:
//! - type 1: three cells are {a,b}; the fourth loses a and b;
//! - type 2: two cells are {a,b} and the other two {a,b,c}: one of those two
//!   is c, so c leaves every cell seeing both;
//! - type 3: the two cells with extras share a unit and form, with other
//!   cells of it, a naked set of their extra digits (4.6 for a pair, + 0.1
//!   per further cell); those digits leave the rest of the unit;
//! - type 4: the two cells with extras share a unit in which a has no other
//!   place: one of them is a, so neither can be b.
//!
//! Both assume that swapping digits between cells in a way that keeps every
//! row, column and box valid keeps the puzzle valid: true under classic
//! rules only (a swap may break a diagonal, a window, a jigsaw region or a
//! pair that must differ, so the pattern is not deadly there). So they
//! find nothing under other rules.
//!
//! BUG+1: every empty cell is bivalue except one with three candidates, and
//! each digit has two places in every unit except the digit with three in
//! that cell's units; anything but that digit would leave a bivalue
//! universal grave (two solutions), so the cell takes it.

use super::state::{State, bits};
use super::step::{Step, Technique, cell_list, elim_list};
use super::wings::sees;
use crate::digit::Digit;

/// The first unique rectangle that removes something, in SE's order: the
/// first type 1 in scan order, else the first type 2, else the first type 4
/// (all 4.5), else the type 3 with the smallest naked set (4.6 and up).
pub(crate) fn unique_rectangle(st: &State) -> Option<Step> {
    if !st.rules().is_classic() {
        return None;
    }
    let shape = st.shape();
    let n = st.size();
    let (mut type2, mut type4) = (None, None);
    let mut type3: Option<Step> = None;
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    if cells.iter().any(|&c| st.value(c) != 0) {
                        continue;
                    }
                    let common = cells.iter().fold(u64::MAX, |m, &c| m & st.mask(c));
                    if common.count_ones() < 2 {
                        continue;
                    }
                    let b = cells.map(|c| shape.box_of(State::cell(c)));
                    // Two boxes: the rectangle spans one band or one stack.
                    if (b[0] == b[1]) == (b[0] == b[2]) {
                        continue;
                    }
                    for a in bits(common) {
                        for b in bits(common & !((2u64 << a) - 1)) {
                            let pair = (1u64 << a) | (1u64 << b);
                            if let Some(s) = rectangle(st, &cells, pair, 1) {
                                return Some(s);
                            }
                            if type2.is_none() {
                                type2 = rectangle(st, &cells, pair, 2);
                            }
                            if type4.is_none() {
                                type4 = rectangle(st, &cells, pair, 4);
                            }
                            if type2.is_none()
                                && type4.is_none()
                                && let Some(t) = type3_naked(st, &cells, pair)
                                && type3.as_ref().is_none_or(|b| t.difficulty < b.difficulty)
                            {
                                type3 = Some(t);
                            }
                        }
                    }
                }
            }
        }
    }
    type2.or(type4).or(type3)
}

/// Type 3 with a naked set (SE's "Unique Rectangle type 3"): the two cells
/// with extra digits share a unit; one of them holds an extra digit, so
/// together they act as one cell whose candidates are all their extras. If
/// that virtual cell and `k - 1` other cells of the unit hold only `k`
/// digits, those digits leave the rest of the unit. Rated 4.5 plus 0.1 per
/// cell of the set beyond the first (a pair 4.6). As in SE, the other cells
/// alone must hold every digit of the set except extras common to both
/// rectangle cells, and the unit needs at least `2k` empty cells.
fn type3_naked(st: &State, cells: &[usize; 4], pair: u64) -> Option<Step> {
    let extra: Vec<usize> = cells.iter().copied().filter(|&c| st.mask(c) != pair).collect();
    let &[x, y] = extra.as_slice() else { return None };
    let e = (st.mask(x) | st.mask(y)) & !pair;
    let common = st.mask(x) & st.mask(y) & !pair;
    if e.count_ones() < 2 {
        return None;
    }
    let layout = st.layout();
    let (ux, uy) = (layout.houses_of(x), layout.houses_of(y));
    let n = st.size();
    for degree in e.count_ones() as usize..=n.saturating_sub(2) {
        // SE's unit order: box, row, column.
        for k in [2, 0, 1] {
            if ux[k] != uy[k] {
                continue;
            }
            let u = ux[k] as usize;
            if degree * 2 > st.empty_count(u) {
                continue;
            }
            let others: Vec<usize> = layout
                .house(u)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| c != x && c != y && st.value(c) == 0)
                .collect();
            let mut pick = Vec::with_capacity(degree);
            if let Some(s) =
                naked_pick(st, cells, pair, u, &others, degree - 1, 0, &mut pick, e, common)
            {
                return Some(s);
            }
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn naked_pick(
    st: &State,
    rect: &[usize; 4],
    pair: u64,
    u: usize,
    others: &[usize],
    want: usize,
    start: usize,
    pick: &mut Vec<usize>,
    e: u64,
    common: u64,
) -> Option<Step> {
    if pick.len() == want {
        let own = pick.iter().fold(0u64, |m, &c| m | st.mask(c));
        let set = own | e;
        if set.count_ones() as usize != want + 1 || (own | common).count_ones() as usize != want + 1
        {
            return None;
        }
        let elims: Vec<usize> = st
            .layout()
            .house(u)
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| {
                !rect.contains(&c)
                    && !pick.contains(&c)
                    && st.value(c) == 0
                    && st.mask(c) & set != 0
            })
            .collect();
        if elims.is_empty() {
            return None;
        }
        return Some(type3_step(st, rect, pair, u, pick, set, &elims));
    }
    for i in start..others.len() {
        let c = others[i];
        if (st.mask(c) | e).count_ones() as usize > want + 1 {
            continue;
        }
        pick.push(c);
        let r = naked_pick(st, rect, pair, u, others, want, i + 1, pick, e, common);
        pick.pop();
        if r.is_some() {
            return r;
        }
    }
    None
}

fn type3_step(
    st: &State,
    rect: &[usize; 4],
    pair: u64,
    u: usize,
    pick: &[usize],
    set: u64,
    elims: &[usize],
) -> Step {
    let shape = st.shape();
    let digits = State::digits(pair);
    let mut s = Step::new(Technique::UniqueRectangle);
    s.difficulty.0 += pick.len() as u16;
    s.cells = rect.iter().chain(pick).map(|&c| State::cell(c)).collect();
    s.digits = digits.clone();
    let unit = st.layout().name(u);
    s.houses.push(unit);
    for &c in elims {
        for d in bits(st.mask(c) & set) {
            s.eliminations.push((State::cell(c), Digit::new(d as u8 + 1)));
        }
    }
    s.eliminations.sort();
    let rect_cells: Vec<_> = rect.iter().map(|&c| State::cell(c)).collect();
    let pick_cells: Vec<_> = pick.iter().map(|&c| State::cell(c)).collect();
    let set_digits: Vec<String> = bits(set).map(|d| (d + 1).to_string()).collect();
    s.explanation = format!(
        "Unique rectangle type 3: the cells {} would form a deadly pattern on {} and {}, so one \
         of the two cells with extra digits holds one of them; with {} they make a naked set \
         {{{}}} in {unit}, so those digits leave the rest of it: {}",
        cell_list(shape, &rect_cells),
        digits[0],
        digits[1],
        cell_list(shape, &pick_cells),
        set_digits.join(""),
        elim_list(shape, &s.eliminations)
    );
    s
}

fn rectangle(st: &State, cells: &[usize; 4], pair: u64, kind: u8) -> Option<Step> {
    let extra: Vec<usize> = cells.iter().copied().filter(|&c| st.mask(c) != pair).collect();
    let shape = st.shape();
    let digits = State::digits(pair);
    let mut s = Step::new(Technique::UniqueRectangle);
    s.cells = cells.iter().map(|&c| State::cell(c)).collect();
    s.digits = digits.clone();
    // Written only for a step returned: most rectangles give none.
    let pattern = |s: &Step| {
        format!(
            "the cells {} would form a deadly pattern on {} and {}",
            cell_list(shape, &s.cells),
            digits[0],
            digits[1]
        )
    };
    match extra.len() {
        1 if kind == 1 => {
            let c = extra[0];
            s.eliminations =
                bits(pair).map(|d| (State::cell(c), Digit::new(d as u8 + 1))).collect();
            s.explanation = format!(
                "Unique rectangle type 1: {} unless {} holds another digit, so it loses {}",
                pattern(&s),
                State::cell(c).display(shape),
                elim_list(shape, &s.eliminations)
            );
            Some(s)
        }
        2 => {
            let (x, y) = (extra[0], extra[1]);
            let (mx, my) = (st.mask(x) & !pair, st.mask(y) & !pair);
            if kind == 2 && mx == my && mx.count_ones() == 1 {
                // Type 2: one of the two holds the extra digit.
                let layout = st.layout();
                let elims: Vec<usize> = layout
                    .peers(x)
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| c != y && st.mask(c) & mx != 0 && sees(st, c, y))
                    .collect();
                if !elims.is_empty() {
                    let d = Digit::new(mx.trailing_zeros() as u8 + 1);
                    s.eliminations = elims.iter().map(|&c| (State::cell(c), d)).collect();
                    s.eliminations.sort();
                    s.explanation = format!(
                        "Unique rectangle type 2: {} unless {} or {} is {d}, so {d} \
                         leaves the cells seeing both: {}",
                        pattern(&s),
                        State::cell(x).display(shape),
                        State::cell(y).display(shape),
                        elim_list(shape, &s.eliminations)
                    );
                    return Some(s);
                }
            }
            // Type 4: the two share a unit where one of the pair has no other place.
            if kind != 4 {
                return None;
            }
            let (ux, uy) = (st.layout().houses_of(x), st.layout().houses_of(y));
            for k in 0..3 {
                if ux[k] != uy[k] {
                    continue;
                }
                let u = ux[k] as usize;
                for d in bits(pair) {
                    let places = st.positions(u, 1 << d).count_ones();
                    if places == 2 {
                        let other = (pair & !(1 << d)).trailing_zeros() as u8 + 1;
                        let o = Digit::new(other);
                        s.eliminations = vec![(State::cell(x), o), (State::cell(y), o)];
                        s.eliminations.sort();
                        let unit = st.layout().name(u);
                        s.houses.push(unit);
                        s.explanation = format!(
                            "Unique rectangle type 4: {}; in {unit}, {} only goes in {} \
                             and {}, so neither can be {other}: {}",
                            pattern(&s),
                            d + 1,
                            State::cell(x).display(shape),
                            State::cell(y).display(shape),
                            elim_list(shape, &s.eliminations)
                        );
                        return Some(s);
                    }
                }
            }
            None
        }
        _ => None,
    }
}

/// BUG+1: the single step that avoids a bivalue universal grave.
pub(crate) fn bug(st: &State) -> Option<Step> {
    if !st.rules().is_classic() {
        return None;
    }
    let shape = st.shape();
    let n = st.size();
    let mut odd = None;
    for i in 0..shape.cell_count() {
        if st.value(i) != 0 {
            continue;
        }
        match st.count(i) {
            2 => {}
            3 if odd.is_none() => odd = Some(i),
            _ => return None,
        }
    }
    let cell = odd?;
    let units = st.layout().houses_of(cell);
    let mut digit = None;
    for u in 0..3 * n {
        for d in 0..n {
            let k = st.positions(u, 1 << d).count_ones();
            let in_cell = units.contains(&(u as u16)) && st.mask(cell) & (1 << d) != 0;
            match k {
                0 | 2 => {}
                3 if in_cell => match digit {
                    None => digit = Some(d),
                    Some(e) if e == d => {}
                    _ => return None,
                },
                _ => return None,
            }
        }
    }
    let d = Digit::new(digit? as u8 + 1);
    let c = State::cell(cell);
    let mut s = Step::new(Technique::Bug);
    s.placements.push((c, d));
    s.cells.push(c);
    s.digits.push(d);
    s.explanation = format!(
        "BUG+1: every empty cell but {} has two candidates and every digit two places per unit, \
         except {d} with three around {}; without {d} there the puzzle would have two solutions, \
         so {} takes {d}",
        c.display(shape),
        c.display(shape),
        c.display(shape)
    );
    Some(s)
}
