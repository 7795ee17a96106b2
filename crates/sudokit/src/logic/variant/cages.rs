//! Killer cages.
//!
//! - Cage combination (1.6 + 0.2 per digit set beyond the first, at most
//!   3.0): the sets of distinct digits of the cage's size and sum that its
//!   cells can still hold, each digit in a place; a candidate no such
//!   filling puts in its cell goes. One set left is read at a glance; each
//!   further set is one more case a player keeps in mind.
//! - Cage intersection (2.7), in two forms, like pointing and claiming:
//!   a digit every set left needs is in the cage, so a cell outside it
//!   that sees every cage cell able to hold that digit loses it; and a
//!   digit whose places in a house all lie in one cage puts it in the
//!   cage, which then keeps only the sets that hold it.

use super::sums::{self, Fillings};
use super::{finish, known, narrow, numbered, set_text};
use crate::constraint::{Cage, Constraint};
use crate::digit::Digit;
use crate::logic::difficulty::Er;
use crate::logic::state::State;
use crate::logic::step::{Step, Technique, cell_list};
use crate::shape::Cell;

/// The cages of the state's rules with their numbers (from 1).
fn cages(st: &State) -> impl Iterator<Item = (usize, &Cage)> {
    numbered(st).filter_map(|(k, c)| if let Constraint::Cage(c) = c { Some((k, c)) } else { None })
}

/// The cage's fillings from the current candidates, `required` digits in
/// it; `None` when its cells are all placed or it has none.
fn fillings(st: &State, cage: &Cage, required: u64) -> Option<Fillings> {
    if cage.cells().iter().all(|&c| st.value(c as usize) != 0) {
        return None;
    }
    let cands: Vec<u64> = cage.cells().iter().map(|&c| known(st, c as usize)).collect();
    sums::distinct(&cands, cage.sum(), required)
}

/// `cage 3 (sum 15) at r1c1, r1c2`.
fn cage_text(st: &State, number: usize, cage: &Cage) -> String {
    let shape = st.shape();
    let cells: Vec<Cell> = cage.cells().iter().map(|&c| Cell::from_index(c as usize)).collect();
    format!("cage {number} (sum {}) at {}", cage.sum(), cell_list(shape, &cells))
}

/// `{1,5,9} or {2,4,9}`.
fn sets_text(sets: &[u64]) -> String {
    let names: Vec<String> = sets.iter().map(|&s| set_text(s)).collect();
    names.join(" or ")
}

/// The rating of a combination step with `sets` digit sets left.
fn combination_rating(sets: usize) -> Er {
    Er((16 + 2 * (sets.max(1) as u16 - 1)).min(30))
}

/// The easiest cage combination step (fewest digit sets left, then the
/// first cage), if it is rated at most `cap`.
pub(crate) fn combination(st: &State, cap: Er) -> Option<Step> {
    let mut best: Option<Step> = None;
    for (number, cage) in cages(st) {
        let Some(f) = fillings(st, cage, 0) else { continue };
        let difficulty = combination_rating(f.sets.len());
        if difficulty > cap || best.as_ref().is_some_and(|b| b.difficulty <= difficulty) {
            continue;
        }
        let mut step = Step::new(Technique::CageCombination);
        if !narrow(st, cage.cells(), &f.support, &mut step) {
            continue;
        }
        step.difficulty = difficulty;
        let digits = f.sets.iter().fold(0, |m, s| m | s);
        best = Some(finish(st, step, cage.cells(), digits, || {
            format!(
                "The digits of {} can only be {}, each in a cell that can take it",
                cage_text(st, number, cage),
                sets_text(&f.sets)
            )
        }));
    }
    best
}

/// The first cage intersection: a digit a cage needs, seen by cells
/// outside it; or a digit a house can only put in one cage.
pub(crate) fn intersection(st: &State) -> Option<Step> {
    needed(st).or_else(|| confined(st))
}

/// A digit every digit set of a cage holds, removed from the cells outside
/// the cage that see all its places in the cage.
fn needed(st: &State) -> Option<Step> {
    let layout = st.layout();
    for (number, cage) in cages(st) {
        let Some(f) = fillings(st, cage, 0) else { continue };
        let need = f.sets.iter().fold(u64::MAX, |m, s| m & s);
        for d in Digit::in_mask(need) {
            let places: Vec<u16> = cage
                .cells()
                .iter()
                .copied()
                .filter(|&c| st.value(c as usize) == 0 && st.mask(c as usize) & d.bit() != 0)
                .collect();
            if places.is_empty() {
                continue; // placed already
            }
            let sees_all = |t: u16| places.iter().all(|&p| layout.peers(p as usize).contains(&t));
            let targets: Vec<u16> = layout
                .peers(places[0] as usize)
                .iter()
                .copied()
                .filter(|&t| {
                    !cage.cells().contains(&t)
                        && st.value(t as usize) == 0
                        && st.mask(t as usize) & d.bit() != 0
                        && sees_all(t)
                })
                .collect();
            if targets.is_empty() {
                continue;
            }
            let mut step = Step::new(Technique::CageIntersection);
            step.eliminations =
                targets.iter().map(|&t| (Cell::from_index(t as usize), d)).collect();
            step.houses = layout
                .houses_of(places[0] as usize)
                .iter()
                .filter(|&&u| places.iter().all(|&p| layout.house(u as usize).contains(&p)))
                .map(|&u| layout.name(u as usize))
                .collect();
            let shape = st.shape();
            let cells: Vec<Cell> = places.iter().map(|&p| Cell::from_index(p as usize)).collect();
            return Some(finish(st, step, &places, d.bit(), || {
                format!(
                    "The digits of {} can only be {}, so it holds {d}; only {} can take it, so \
                     every cell seeing them all loses {d}",
                    cage_text(st, number, cage),
                    sets_text(&f.sets),
                    cell_list(shape, &cells)
                )
            }));
        }
    }
    None
}

/// A digit whose places in a house all lie in one cage: the cage holds it,
/// and keeps only the fillings with it.
fn confined(st: &State) -> Option<Step> {
    cages(st).next()?;
    let layout = st.layout();
    let mut cage_of: Vec<Option<(usize, &Cage)>> = vec![None; st.shape().cell_count()];
    for (number, cage) in cages(st) {
        for &c in cage.cells() {
            cage_of[c as usize] = Some((number, cage));
        }
    }
    for u in 0..layout.house_count() {
        let house = layout.house(u);
        let placed = house.iter().fold(0u64, |m, &c| m | known_placed(st, c as usize));
        let open = house.iter().fold(0u64, |m, &c| m | st.mask(c as usize)) & !placed;
        for d in Digit::in_mask(open) {
            let places: Vec<u16> =
                house.iter().copied().filter(|&c| st.mask(c as usize) & d.bit() != 0).collect();
            let Some((number, cage)) = cage_of[places[0] as usize] else { continue };
            if places.iter().any(|&p| cage_of[p as usize].map(|x| x.0) != Some(number)) {
                continue;
            }
            let Some(f) = fillings(st, cage, d.bit()) else { continue };
            let mut step = Step::new(Technique::CageIntersection);
            if !narrow(st, cage.cells(), &f.support, &mut step) {
                continue;
            }
            step.houses.push(layout.name(u));
            let house_name = layout.name(u);
            let shape = st.shape();
            let cells: Vec<Cell> = places.iter().map(|&p| Cell::from_index(p as usize)).collect();
            return Some(finish(st, step, cage.cells(), d.bit(), || {
                format!(
                    "In {house_name}, {d} can only go in {}, all in {}, so the cage holds a {d} \
                     and can only hold {}",
                    cell_list(shape, &cells),
                    cage_text(st, number, cage),
                    sets_text(&f.sets)
                )
            }));
        }
    }
    None
}

/// The bit of cell `i`'s value, 0 when empty.
fn known_placed(st: &State, i: usize) -> u64 {
    match st.value(i) {
        0 => 0,
        v => 1 << (v - 1),
    }
}
