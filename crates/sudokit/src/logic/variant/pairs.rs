//! Neighbour relations: kropki dots (white: consecutive; black: one digit
//! twice the other; with all dots given, "no dot": neither) rated 1.4 as
//! "Kropki Dot", and non-consecutive neighbours, 1.4. A cell's
//! candidates limit those of each neighbour it is bound to: the neighbour
//! keeps only digits that some candidate of the cell allows. Two cells that
//! see each other under the rules (orthogonal neighbours always share a
//! row or a column) never hold the same digit, so a candidate allows its
//! own digit in the neighbour only when they do not see each other.
//!
//! One step per source cell (the first in reading order that limits a
//! neighbour): it names the cell's candidates and what each bound
//! neighbour is left with.

use super::{finish, known, narrow, numbered};
use crate::constraint::{Constraint, Relation};
use crate::logic::state::State;
use crate::logic::step::{Step, Technique};

/// The first kropki step: a dot, or the "no dot" rule when all dots are
/// given.
pub(crate) fn kropki(st: &State) -> Option<Step> {
    let mut pairs: Vec<([u16; 2], Relation)> = Vec::new();
    for (_, c) in numbered(st) {
        if let Constraint::Dot(d) = c {
            pairs.push((d.pair(), Relation::from(d.kind())));
        }
    }
    if st.rules().has_all_dots() {
        pairs.extend(
            st.rules().neighbour_relations().into_iter().filter(|p| p.1 == Relation::NoDot),
        );
    }
    by_source(st, &pairs, Technique::KropkiDot)
}

/// The first non-consecutive step.
pub(crate) fn non_consecutive(st: &State) -> Option<Step> {
    if !st.rules().has_non_consecutive() {
        return None;
    }
    let pairs: Vec<([u16; 2], Relation)> = st
        .rules()
        .neighbour_relations()
        .into_iter()
        .filter(|p| p.1 == Relation::NotConsecutive)
        .collect();
    by_source(st, &pairs, Technique::NonConsecutive)
}

/// The digits of `within` that relation `r` allows beside some digit of
/// `mask`; when the two cells see each other (`differ`), a digit never
/// stands beside itself.
fn partners(r: Relation, mask: u64, within: u64, differ: bool) -> u64 {
    let mut out = 0u64;
    for e in crate::digit::Digit::in_mask(within) {
        let allows = |d: crate::digit::Digit| r.holds(d.get(), e.get()) && !(differ && d == e);
        if crate::digit::Digit::in_mask(mask).any(allows) {
            out |= e.bit();
        }
    }
    out
}

/// The relation's name in a sentence, between cells `a` and `b`.
fn relation_text(r: Relation, a: u16, b: u16, st: &State) -> String {
    let (x, y) = (a.min(b), a.max(b));
    let cells = format!(
        "{}-{}",
        crate::constraint::name(x, st.shape()),
        crate::constraint::name(y, st.shape())
    );
    match r {
        Relation::Consecutive => format!("the white dot {cells} (consecutive digits)"),
        Relation::Double => format!("the black dot {cells} (one digit twice the other)"),
        Relation::NotConsecutive => format!("the non-consecutive rule on {cells}"),
        Relation::NoDot => format!("the missing dot {cells} (neither consecutive nor double)"),
    }
}

/// The first cell, in reading order, whose candidates remove a digit from
/// a neighbour bound to it by one of `pairs`.
fn by_source(st: &State, pairs: &[([u16; 2], Relation)], technique: Technique) -> Option<Step> {
    if pairs.is_empty() {
        return None;
    }
    let mut bound: Vec<Vec<(u16, Relation)>> = vec![Vec::new(); st.shape().cell_count()];
    for &([a, b], r) in pairs {
        bound[a as usize].push((b, r));
        bound[b as usize].push((a, r));
    }
    for (a, list) in bound.iter().enumerate() {
        let from = known(st, a);
        let mut step = Step::new(technique);
        let mut cells = vec![a as u16];
        let mut parts = Vec::new();
        for &(b, r) in list {
            if st.value(b as usize) != 0 {
                continue;
            }
            let had = st.mask(b as usize);
            let differ = st.rules().layout().sees(a, b as usize);
            let keep = partners(r, from, had, differ);
            if keep == had {
                continue;
            }
            narrow(st, &[b], &[keep], &mut step);
            cells.push(b);
            if !st.quiet() {
                let name = crate::constraint::name(b, st.shape());
                parts.push(format!(
                    "by {} {name} keeps {}",
                    relation_text(r, a as u16, b, st),
                    super::set_text(keep)
                ));
            }
        }
        if cells.len() == 1 {
            continue;
        }
        let source = crate::constraint::name(a as u16, st.shape());
        let holds = match st.value(a) {
            0 if from == st.shape().all_digits() => format!("Whatever {source} holds"),
            0 => format!("{source} can only be {}", super::set_text(from)),
            v => format!("{source} is {v}"),
        };
        return Some(finish(st, step, &cells, from, || format!("{holds}; {}", parts.join("; "))));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partners_follow_the_relation() {
        let all = 0x1ff;
        assert_eq!(partners(Relation::Consecutive, 1 << 4, all, true), 1 << 3 | 1 << 5); // 5: 4, 6
        assert_eq!(partners(Relation::Double, 1 << 2, all, true), 1 << 5); // 3: 6 only
        let not_consecutive = partners(Relation::NotConsecutive, 1 << 4, all, false);
        assert_eq!(not_consecutive, all & !(1 << 3 | 1 << 5));
        // Beside a 2, no dot rules out 1, 3 (consecutive) and 4 (double).
        assert_eq!(partners(Relation::NoDot, 1 << 1, all, false), all & !(1 | 1 << 2 | 1 << 3));
    }

    #[test]
    fn cells_that_see_each_other_never_pair_a_digit_with_itself() {
        let all = 0x1ff;
        // {4,5} beside a non-consecutive neighbour that sees it: 4 would
        // need 4 (the same digit) or 5 (consecutive), and 5 likewise, so
        // both go; 3 stays beside 5 and 6 beside 4.
        let pair = 1 << 3 | 1 << 4;
        let apart = partners(Relation::NotConsecutive, pair, all, false);
        let seen = partners(Relation::NotConsecutive, pair, all, true);
        assert_eq!(apart, all, "cells apart may repeat 4 or 5");
        assert_eq!(seen, all & !pair);
        // No dot between {1,2} and a neighbour: 1 pairs only with 1 (2 is
        // consecutive and double), so a neighbour that sees it loses 1 and 2.
        let low = 1 | 1 << 1;
        assert_eq!(partners(Relation::NoDot, low, all, true) & low, 0);
        assert_eq!(partners(Relation::NoDot, low, all, false) & low, low);
    }
}
