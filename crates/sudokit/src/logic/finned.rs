//! Finned and sashimi fish (X-wing, swordfish, jellyfish). Every shape.
//!
//! A basic fish of size `k` on a digit needs `k` base lines whose places for
//! the digit lie in `k` cover lines (see `fish`). A *finned* fish almost has
//! that shape: the base lines' places lie in the `k` cover lines except for a
//! few *fins*, all inside one box. Either no fin holds the digit, and the
//! basic fish removes the digit from the rest of the cover lines, or some fin
//! holds it, and it removes the digit from every cell of that box. So the
//! digit leaves the cells that are in both: the cover lines' cells inside the
//! fins' box, outside the base lines. The fish is *sashimi* when some base
//! line keeps only one place in the cover lines (without its fins it would
//! not be a fish at all). Every base line keeps at least one.
//!
//! Sudoku Explainer has no finned fish, so these are **not on the rating
//! path**: `rate`, `solve` and hints never use them, and ratings stay on
//! SE's scale. They are found on request ([`super::LogicSolver::find_technique`]),
//! rated by a sudokit convention: the basic fish plus 0.1 when finned, plus
//! 0.2 when sashimi. Sources: Andrew Stuart's sudokuwiki pages "Finned
//! X-Wing" and "Finned Swordfish"; HoDoKu's fish pages (Bernhard Hobiger),
//! whose finned/sashimi distinction is the one used here.

use super::fish::{line_words, one_based};
use super::state::{State, bits};
use super::step::{Step, Technique, elim_list};
use crate::digit::Digit;

/// The first finned (`sashimi` false) or sashimi fish of size `k` that
/// removes something: digits ascending, rows as base lines first, base line
/// sets then cover line sets in lexicographic order.
pub(crate) fn find(st: &State, k: usize, sashimi: bool) -> Option<Step> {
    let n = st.size();
    let shape = st.shape();
    // The widest a box can be across a line: fins lie in one box, so they
    // cover at most this many lines of the other direction.
    let max_fin_lines = shape.box_rows().max(shape.box_cols());
    for d in 1..=n as u8 {
        let bit = 1u64 << (d - 1);
        for by_rows in [true, false] {
            let base0 = if by_rows { 0 } else { n };
            let lines: Vec<(usize, u64)> = (0..n)
                .map(|i| (i, st.positions(base0 + i, bit)))
                .filter(|&(_, p)| p.count_ones() >= 2 || (sashimi && p.count_ones() == 1))
                .collect();
            if lines.len() < k {
                continue;
            }
            let mut found = None;
            combinations(lines.len(), k, &mut |pick| {
                let base: Vec<(usize, u64)> = pick.iter().map(|&i| lines[i]).collect();
                let union = base.iter().fold(0u64, |u, &(_, p)| u | p);
                if union.count_ones() as usize > k + max_fin_lines {
                    return false;
                }
                let cols: Vec<u32> = bits(union).collect();
                if cols.len() <= k {
                    return false; // a basic fish or less: no fins
                }
                combinations(cols.len(), k, &mut |cpick| {
                    let cover: u64 = cpick.iter().map(|&i| 1u64 << cols[i]).sum();
                    found = fish(st, d, by_rows, &base, cover, sashimi);
                    found.is_some()
                })
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// Calls `f` with every `k`-subset of `0..m` in lexicographic order until it
/// returns true; returns whether it did.
fn combinations(m: usize, k: usize, f: &mut dyn FnMut(&[usize]) -> bool) -> bool {
    fn go(
        m: usize,
        k: usize,
        start: usize,
        pick: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if pick.len() == k {
            return f(pick);
        }
        for i in start..=m - (k - pick.len()) {
            pick.push(i);
            if go(m, k, i + 1, pick, f) {
                return true;
            }
            pick.pop();
        }
        false
    }
    k <= m && go(m, k, 0, &mut Vec::with_capacity(k), f)
}

/// The finned fish on base lines `base` (index, places) and cover lines
/// `cover` (a mask of line indices), if it is of the asked kind and removes
/// something.
fn fish(
    st: &State,
    d: u8,
    by_rows: bool,
    base: &[(usize, u64)],
    cover: u64,
    sashimi: bool,
) -> Option<Step> {
    let n = st.size();
    let cell_at = |line: usize, pos: usize| if by_rows { line * n + pos } else { pos * n + line };
    let mut is_sashimi = false;
    let mut fins = Vec::new();
    for &(line, places) in base {
        match (places & cover).count_ones() {
            0 => return None,
            1 => is_sashimi = true,
            _ => {}
        }
        fins.extend(bits(places & !cover).map(|p| cell_at(line, p as usize)));
    }
    if is_sashimi != sashimi || fins.is_empty() {
        return None;
    }
    // The fins' box, or region on a jigsaw board: a cell of it sees them all.
    let block = |c: usize| st.layout().row_col_block(c)[2];
    let fin_box = block(fins[0]);
    if fins.iter().any(|&f| block(f) != fin_box) {
        return None;
    }
    let bit = 1u64 << (d - 1);
    let base_set: u64 = base.iter().map(|&(i, _)| 1u64 << i).sum();
    let mut elims = Vec::new();
    for c in bits(cover) {
        for line in (0..n).filter(|&l| base_set & (1 << l) == 0) {
            let cell = cell_at(line, c as usize);
            if st.mask(cell) & bit != 0 && block(cell) == fin_box {
                elims.push(cell);
            }
        }
    }
    if elims.is_empty() {
        return None;
    }
    Some(step(st, d, by_rows, base, cover, &fins, &elims, sashimi))
}

#[allow(clippy::too_many_arguments)]
fn step(
    st: &State,
    d: u8,
    by_rows: bool,
    base: &[(usize, u64)],
    cover: u64,
    fins: &[usize],
    elims: &[usize],
    sashimi: bool,
) -> Step {
    let shape = st.shape();
    let n = st.size();
    let technique = match (base.len(), sashimi) {
        (2, false) => Technique::FinnedXWing,
        (3, false) => Technique::FinnedSwordfish,
        (_, false) => Technique::FinnedJellyfish,
        (2, true) => Technique::SashimiXWing,
        (3, true) => Technique::SashimiSwordfish,
        (_, true) => Technique::SashimiJellyfish,
    };
    let digit = Digit::new(d);
    let (base0, cover0) = if by_rows { (0, n) } else { (n, 0) };
    let mut s = Step::new(technique);
    s.digits.push(digit);
    s.houses = base.iter().map(|&(i, _)| st.layout().name(base0 + i)).collect();
    s.houses.extend(bits(cover).map(|i| st.layout().name(cover0 + i as usize)));
    for &(line, places) in base {
        for p in bits(places) {
            let cell = if by_rows { line * n + p as usize } else { p as usize * n + line };
            s.cells.push(State::cell(cell));
        }
    }
    s.cells.sort();
    s.eliminations = elims.iter().map(|&c| (State::cell(c), digit)).collect();
    s.eliminations.sort();
    let (bk, ck) = line_words(s.houses[0].kind);
    let fin_names: Vec<String> =
        fins.iter().map(|&f| State::cell(f).display(shape).to_string()).collect();
    s.explanation = format!(
        "{technique} on {d}: in {bk} {}, {d} can only go in {ck} {} or in the fin{} {}; either \
         the fish holds and {d} leaves the rest of those {ck}, or a fin is {d} and {d} leaves \
         its box; both remove {}",
        one_based(base.iter().map(|&(i, _)| i)),
        one_based(bits(cover).map(|b| b as usize)),
        if fins.len() > 1 { "s" } else { "" },
        fin_names.join(", "),
        elim_list(shape, &s.eliminations)
    );
    s
}
