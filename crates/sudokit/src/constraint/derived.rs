//! Sums the houses imply for killer cages: innies and outies (the "45 rule").
//!
//! A house holds each digit once, so its cells sum to `N(N+1)/2` (45 on
//! 9x9), and `k` houses that share no cell sum to `k` times that. Take
//! such a union `U` of houses (one house, or consecutive rows, or
//! consecutive columns):
//! - **innies**: the cells of `U` outside every cage lying wholly inside
//!   `U` sum to `U`'s total less those cages' sums;
//! - **outies**: when every innie is covered by cages that cross the edge
//!   of `U`, the cells of those cages outside `U` sum to their cages' sums
//!   less the innies' sum.
//!
//! Both are facts of every solution, so a propagator built on them is
//! sound, and on filled cells it only rejects grids the houses and cages
//! reject already: counts stay exact. The exact search reads them as extra
//! sum constraints (see `propagate`); they are derived once, when the
//! rules are built.
//!
//! Invariant of [`derived_sums`]' answer: each set is 1 to [`MAX_CELLS`]
//! distinct cells in increasing order, appears once and is not the cell
//! set of a cage. Its sum may be out of reach of its cells when the cages
//! contradict the houses; its propagator then reports the contradiction.

use super::Cage;
use crate::shape::Layout;

/// The most cells a derived sum may have: larger sets prune little and
/// cost a propagator run on every change to any of their cells.
pub(crate) const MAX_CELLS: usize = 6;

/// The innie and outie sums of `cages` over the single houses of `layout`
/// and over every run of 2 to `N - 1` consecutive rows or columns: each a
/// set of cells and the sum of their digits.
pub(crate) fn derived_sums(layout: &Layout, cages: &[&Cage]) -> Vec<(Vec<u16>, u32)> {
    let shape = layout.shape();
    let (n, cells) = (shape.size(), shape.cell_count());
    if cages.is_empty() {
        return Vec::new();
    }
    let mut cage_of = vec![usize::MAX; cells];
    for (k, cage) in cages.iter().enumerate() {
        for &c in cage.cells() {
            cage_of[c as usize] = k;
        }
    }
    let house_total = (n * (n + 1) / 2) as u32;
    // Unions of houses: each house, then runs of rows and of columns.
    let mut unions: Vec<(Vec<bool>, u32)> = Vec::new();
    for h in 0..layout.house_count() {
        let mut inside = vec![false; cells];
        for &c in layout.house(h) {
            inside[c as usize] = true;
        }
        unions.push((inside, house_total));
    }
    for columns in [false, true] {
        for first in 0..n {
            for last in first + 1..(first + n - 1).min(n) {
                let inside: Vec<bool> = (0..cells)
                    .map(|i| {
                        let line = if columns { i % n } else { i / n };
                        (first..=last).contains(&line)
                    })
                    .collect();
                unions.push((inside, house_total * (last - first + 1) as u32));
            }
        }
    }
    let mut out: Vec<(Vec<u16>, u32)> = Vec::new();
    let add = |set: Vec<u16>, sum: u32, out: &mut Vec<(Vec<u16>, u32)>| {
        let is_cage = |set: &[u16]| {
            let k = cage_of[set[0] as usize];
            k != usize::MAX && cages[k].cells().len() == set.len()
        };
        if !set.is_empty()
            && set.len() <= MAX_CELLS
            && !is_cage(&set)
            && !out.iter().any(|(s, _)| *s == set)
        {
            out.push((set, sum));
        }
    };
    for (inside, total) in &unions {
        // Cages wholly inside the union, and those crossing its edge.
        let mut whole = vec![false; cages.len()];
        let mut crossing = vec![false; cages.len()];
        for (k, cage) in cages.iter().enumerate() {
            let ins = cage.cells().iter().filter(|&&c| inside[c as usize]).count();
            whole[k] = ins == cage.cells().len();
            crossing[k] = ins > 0 && !whole[k];
        }
        let covered: u32 = (0..cages.len()).filter(|&k| whole[k]).map(|k| cages[k].sum()).sum();
        // Cages inside that sum to more than the union leave no solution;
        // the search finds that without a derived sum.
        let Some(innie_sum) = total.checked_sub(covered) else { continue };
        let innies: Vec<u16> = (0..cells as u16)
            .filter(|&c| {
                let k = cage_of[c as usize];
                inside[c as usize] && (k == usize::MAX || !whole[k])
            })
            .collect();
        let innies_caged = innies.iter().all(|&c| cage_of[c as usize] != usize::MAX);
        add(innies.clone(), innie_sum, &mut out);
        if innies.is_empty() || !innies_caged {
            continue;
        }
        let crossing_sum: u32 =
            (0..cages.len()).filter(|&k| crossing[k]).map(|k| cages[k].sum()).sum();
        if let Some(outie_sum) = crossing_sum.checked_sub(innie_sum) {
            let outies: Vec<u16> = (0..cells as u16)
                .filter(|&c| {
                    let k = cage_of[c as usize];
                    !inside[c as usize] && k != usize::MAX && crossing[k]
                })
                .collect();
            add(outies, outie_sum, &mut out);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use crate::constraint::Constraint;
    use crate::shape::Shape;
    use crate::test_corpus;

    /// Every derived sum holds in the recorded solution of each killer of
    /// the corpus (digits added up here), and the corpus gives many, single
    /// cells and sets across rows among them.
    #[test]
    fn derived_sums_hold_in_every_solution() {
        let mut sizes = [0usize; MAX_CELLS + 1];
        let (mut total, mut across) = (0, 0);
        for file in ["variants/killer-9.txt", "variants/bench/killer-9-nogivens.txt"] {
            for (cages, values) in test_corpus::killers(file) {
                let mut rules = Rules::classic(Shape::CLASSIC);
                for (cells, sum) in &cages {
                    rules = rules.with_cage(cells, *sum).unwrap();
                }
                let cages: Vec<&Cage> = rules
                    .constraints()
                    .iter()
                    .filter_map(|c| if let Constraint::Cage(c) = c { Some(c) } else { None })
                    .collect();
                let layout = rules.layout();
                for (set, sum) in derived_sums(layout, &cages) {
                    let got: u32 = set.iter().map(|&c| u32::from(values[c as usize])).sum();
                    assert_eq!(got, sum, "{file}: cells {set:?}");
                    assert!(set.windows(2).all(|w| w[0] < w[1]));
                    sizes[set.len()] += 1;
                    total += 1;
                    across += usize::from(set.iter().any(|&c| c / 9 != set[0] / 9));
                }
            }
        }
        assert!(total > 1000 && sizes[1] > 100 && across > 100, "{total} {sizes:?} {across}");
    }
}
