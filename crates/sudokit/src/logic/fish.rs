//! Basic fish: X-wing (3.2), swordfish (3.8), jellyfish (5.2). Every shape.
//!
//! For a digit, `k` base lines (rows, or columns) whose places for it lie in
//! only `k` cover lines of the other direction: the digit fills the cover
//! lines inside the base lines, so it leaves the rest of the cover lines.

use super::state::{State, bits};
use super::step::{Step, Technique, elim_list};
use crate::digit::Digit;
use crate::shape::HouseKind;

/// The first fish of size `k` that removes something: digits ascending,
/// rows as base lines first, then columns.
pub(crate) fn find(st: &State, k: usize) -> Option<Step> {
    let n = st.size();
    for d in 1..=n as u8 {
        let bit = 1u64 << (d - 1);
        for by_rows in [true, false] {
            let base0 = if by_rows { 0 } else { n };
            let cover0 = if by_rows { n } else { 0 };
            // positions within each base line = indices of the cover lines.
            let lines: Vec<(usize, u64)> = (0..n)
                .map(|i| (i, st.positions(base0 + i, bit)))
                .filter(|&(_, p)| (2..=k as u32).contains(&p.count_ones()))
                .collect();
            if lines.len() < k {
                continue;
            }
            let mut chosen: Vec<usize> = Vec::with_capacity(k);
            if let Some(s) = search(st, &lines, k, 0, 0, &mut chosen, d, base0, cover0) {
                return Some(s);
            }
        }
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn search(
    st: &State,
    lines: &[(usize, u64)],
    k: usize,
    start: usize,
    union: u64,
    chosen: &mut Vec<usize>,
    d: u8,
    base0: usize,
    cover0: usize,
) -> Option<Step> {
    if chosen.len() == k {
        if union.count_ones() as usize != k {
            return None;
        }
        let bit = 1u64 << (d - 1);
        let layout = st.layout();
        let base_set: u64 = chosen.iter().map(|&i| 1u64 << i).sum();
        let mut elims = Vec::new();
        for cover in bits(union) {
            for (j, &c) in layout.house(cover0 + cover as usize).iter().enumerate() {
                if base_set & (1 << j) == 0 && st.mask(c as usize) & bit != 0 {
                    elims.push(c as usize);
                }
            }
        }
        if elims.is_empty() {
            return None;
        }
        return Some(step(st, chosen, union, d, base0, cover0, &elims));
    }
    (start..lines.len()).find_map(|i| {
        let u = union | lines[i].1;
        if u.count_ones() as usize > k {
            return None;
        }
        chosen.push(lines[i].0);
        let r = search(st, lines, k, i + 1, u, chosen, d, base0, cover0);
        chosen.pop();
        r
    })
}

fn step(
    st: &State,
    base: &[usize],
    cover: u64,
    d: u8,
    base0: usize,
    cover0: usize,
    elims: &[usize],
) -> Step {
    let shape = st.shape();
    let technique = match base.len() {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    };
    let digit = Digit::new(d);
    let mut s = Step::new(technique);
    s.digits.push(digit);
    s.houses = base.iter().map(|&i| st.layout().name(base0 + i)).collect();
    s.houses.extend(bits(cover).map(|i| st.layout().name(cover0 + i as usize)));
    for &i in base {
        for &c in st.layout().house(base0 + i) {
            if st.mask(c as usize) & digit.bit() != 0 {
                s.cells.push(State::cell(c as usize));
            }
        }
    }
    s.cells.sort();
    s.eliminations = elims.iter().map(|&c| (State::cell(c), digit)).collect();
    s.eliminations.sort();
    let (bk, ck) = line_words(s.houses[0].kind);
    s.explanation = format!(
        "{technique} on {d}: in {bk} {}, {d} can only go in {ck} {}, so {d} is removed from the \
         rest of those {ck}: {}",
        one_based(base.iter().copied()),
        one_based(bits(cover).map(|b| b as usize)),
        elim_list(shape, &s.eliminations)
    );
    s
}

/// The words for a fish's base and cover lines when its base lines are of
/// `kind`: ("rows", "columns") or ("columns", "rows").
pub(super) fn line_words(kind: HouseKind) -> (&'static str, &'static str) {
    if kind == HouseKind::Row { ("rows", "columns") } else { ("columns", "rows") }
}

/// 0-based line indices as the 1-based numbers a person reads: "1, 4, 7".
pub(super) fn one_based(lines: impl Iterator<Item = usize>) -> String {
    lines.map(|i| (i + 1).to_string()).collect::<Vec<_>>().join(", ")
}
