//! Innies and outies, the 45 rule: the houses of a set hold every digit
//! once each, so they sum to `N(N+1)/2` each. Take away the cages lying
//! wholly inside the set and the cells left (the innies) sum to the rest;
//! the cells that the other cages touching the set have outside it (the
//! outies) sum to those cages' total less the innies'. Either group is a
//! virtual cage of known sum: a candidate no filling of it allows goes.
//!
//! Sets: each house (2.8), then each two neighbouring rows or columns
//! (3.1, a union whose cells may repeat a digit across the two lines).
//! Virtual cages of at most [`MAX_CELLS`] empty cells, the sizes a player
//! sums in the head.

use super::sums;
use super::{finish, known, narrow};
use crate::constraint::Constraint;
use crate::logic::difficulty::Er;
use crate::logic::state::State;
use crate::logic::step::{Step, Technique, cell_list};
use crate::shape::{Cell, House};

/// The most empty cells of a virtual cage.
const MAX_CELLS: usize = 5;

/// The first innies or outies step: single houses first, then pairs of
/// neighbouring rows, then of columns.
pub(crate) fn innies_outies(st: &State) -> Option<Step> {
    let cages: Vec<(&[u16], u32)> = st
        .rules()
        .constraints()
        .iter()
        .filter_map(|c| if let Constraint::Cage(c) = c { Some((c.cells(), c.sum())) } else { None })
        .collect();
    if cages.is_empty() {
        return None;
    }
    let n = st.size();
    let mut cage_of = vec![usize::MAX; st.shape().cell_count()];
    for (k, (cells, _)) in cages.iter().enumerate() {
        for &c in cells.iter() {
            cage_of[c as usize] = k;
        }
    }
    let layout = st.layout();
    let singles = (0..layout.house_count()).map(|u| vec![u]);
    let rows = (0..n - 1).map(|r| vec![r, r + 1]);
    let cols = (n..2 * n - 1).map(|c| vec![c, c + 1]);
    for houses in singles.chain(rows).chain(cols) {
        let set = Set { st, houses: &houses, cages: &cages, cage_of: &cage_of };
        if let Some(step) = set.innies().or_else(|| set.outies()) {
            return Some(step);
        }
    }
    None
}

/// Which cells of a set form the virtual cage.
#[derive(Clone, Copy, Debug)]
enum Side {
    /// The set's cells outside the cages wholly inside it.
    Innies,
    /// The cells outside the set of the cages crossing its border, whose
    /// sums add up to `crossing`.
    Outies { crossing: u32 },
}

/// A set of disjoint houses and the cages of the board.
struct Set<'a> {
    st: &'a State,
    houses: &'a [usize],
    cages: &'a [(&'a [u16], u32)],
    cage_of: &'a [usize],
}

impl Set<'_> {
    /// The set's cells.
    fn cells(&self) -> Vec<u16> {
        let layout = self.st.layout();
        self.houses.iter().flat_map(|&u| layout.house(u).iter().copied()).collect()
    }

    /// Whether cell `c` lies in the set.
    fn holds(&self, c: u16) -> bool {
        let layout = self.st.layout();
        self.houses.iter().any(|&u| layout.house(u).contains(&c))
    }

    /// The cages touching the set, split into those wholly inside and the
    /// others (cage indices, in order).
    fn touching(&self) -> (Vec<usize>, Vec<usize>) {
        let mut seen: Vec<usize> = self
            .cells()
            .iter()
            .map(|&c| self.cage_of[c as usize])
            .filter(|&k| k != usize::MAX)
            .collect();
        seen.sort_unstable();
        seen.dedup();
        seen.into_iter().partition(|&k| self.cages[k].0.iter().all(|&c| self.holds(c)))
    }

    /// The set's total.
    fn total(&self) -> u32 {
        let n = self.st.size() as u32;
        self.houses.len() as u32 * n * (n + 1) / 2
    }

    /// The cells of the set outside the cages wholly inside, and their sum.
    fn innie_cells(&self) -> (Vec<u16>, u32) {
        let (inside, _) = self.touching();
        let cells: Vec<u16> = self
            .cells()
            .into_iter()
            .filter(|&c| !inside.contains(&self.cage_of[c as usize]))
            .collect();
        let sum: u32 = inside.iter().map(|&k| self.cages[k].1).sum();
        // A puzzle with a solution has inside cages within the total.
        (cells, self.total().saturating_sub(sum))
    }

    fn innies(&self) -> Option<Step> {
        let (cells, sum) = self.innie_cells();
        self.virtual_cage(&cells, sum, Side::Innies)
    }

    fn outies(&self) -> Option<Step> {
        let (innies, innie_sum) = self.innie_cells();
        if innies.iter().any(|&c| self.cage_of[c as usize] == usize::MAX) {
            return None; // an uncaged cell: the outies' sum is unknown
        }
        let (_, crossing) = self.touching();
        let outside: Vec<u16> = crossing
            .iter()
            .flat_map(|&k| self.cages[k].0.iter().copied())
            .filter(|&c| !self.holds(c))
            .collect();
        let total: u32 = crossing.iter().map(|&k| self.cages[k].1).sum();
        self.virtual_cage(&outside, total.checked_sub(innie_sum)?, Side::Outies { crossing: total })
    }

    /// The step from the virtual cage of `cells` summing to `sum`, if it
    /// removes a candidate.
    fn virtual_cage(&self, cells: &[u16], sum: u32, side: Side) -> Option<Step> {
        let st = self.st;
        let placed: u32 = cells.iter().map(|&c| u32::from(st.value(c as usize))).sum();
        let open: Vec<u16> = cells.iter().copied().filter(|&c| st.value(c as usize) == 0).collect();
        if open.is_empty() || open.len() > MAX_CELLS || placed > sum {
            return None;
        }
        let left = sum - placed;
        let cands: Vec<u64> = open.iter().map(|&c| known(st, c as usize)).collect();
        let layout = st.layout();
        let differ = |i: usize, j: usize| layout.peers(open[i] as usize).contains(&open[j]);
        let clique = (0..open.len()).all(|i| (0..i).all(|j| differ(i, j)));
        let support = if clique {
            sums::distinct(&cands, left, 0)?.support
        } else {
            sums::differing(&cands, left, &differ)?
        };
        let mut step = Step::new(Technique::InniesOuties);
        if !narrow(st, &open, &support, &mut step) {
            return None;
        }
        if self.houses.len() > 1 {
            step.difficulty = Er(Technique::InniesOuties.base().0 + 3);
        }
        step.houses = self.houses.iter().map(|&u| layout.name(u)).collect();
        let names: Vec<House> = step.houses.clone();
        Some(finish(st, step, &open, 0, || {
            let set = names.iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" and ");
            let verb = if names.len() > 1 { "hold" } else { "holds" };
            let group: Vec<Cell> = cells.iter().map(|&c| Cell::from_index(c as usize)).collect();
            let group = cell_list(st.shape(), &group);
            let (_, innie_sum) = self.innie_cells();
            let inside = self.total() - innie_sum;
            let why = match side {
                Side::Innies => format!(
                    "the cages wholly inside take {inside}, so the other cells (the innies) \
                     {group} sum to {sum}"
                ),
                Side::Outies { crossing } => format!(
                    "the cages wholly inside take {inside}, so the other cells sum to \
                     {innie_sum}; the cages reaching out hold {crossing}, so their cells \
                     outside (the outies) {group} sum to {sum}"
                ),
            };
            let placed_text =
                if placed > 0 { format!(" ({left} for the empty ones)") } else { String::new() };
            format!("{set} {verb} {}; {why}{placed_text}", self.total())
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::rules::Rules;
    use crate::shape::Shape;

    #[test]
    fn innies_of_two_rows_may_repeat_a_digit() {
        // Rows 1-2 caged but for r1c1 and r2c5, which see each other in no
        // house: the cages hold 72 of the 90, so the two sum to 18, which
        // only 9 + 9 makes.
        let cages: [(&[u16], u32); 7] = [
            (&[1, 9, 10], 24),
            (&[2, 11], 3),
            (&[3, 12], 3),
            (&[4, 5, 14], 21),
            (&[6, 15], 7),
            (&[7, 16], 7),
            (&[8, 17], 7),
        ];
        let mut rules = Rules::classic(Shape::CLASSIC);
        for (cells, sum) in cages {
            rules = rules.with_cage(cells, sum).unwrap();
        }
        let st = State::from_grid(&Grid::from_values_with(rules, vec![0u8; 81]).unwrap());
        let mut cage_of = vec![usize::MAX; 81];
        for (k, (cells, _)) in cages.iter().enumerate() {
            for &c in cells.iter() {
                cage_of[c as usize] = k;
            }
        }
        let set = Set { st: &st, houses: &[0, 1], cages: &cages, cage_of: &cage_of };
        let step = set.innies().unwrap();
        assert_eq!(step.difficulty, Er(31));
        // The step places both 9s (each cell is left with one digit).
        let got: Vec<(usize, u8)> =
            step.placements.iter().map(|(c, d)| (c.index(), d.get())).collect();
        assert_eq!((got, step.eliminations.len()), (vec![(0, 9), (13, 9)], 0));
        assert!(step.explanation.starts_with("row 1 and row 2 hold 90"), "{}", step.explanation);
        assert!(set.outies().is_none(), "r1c1 is in no cage: the outies have no known sum");
    }
}
