//! Sudoku Explainer's chaining levels above dynamic forcing chains:
//! dynamic forcing chains that apply other techniques inside themselves
//! ("nested" chains), levels 1 to 5 of SE 1.2.1's `Chaining` rule, on 9x9
//! boards whose rules are houses: classic rules, and those with irregular
//! regions (jigsaw) or extra houses (diagonals, windows, any others),
//! also with cells that must differ a knight's or a king's move apart.
//! The units and those cells come from the rules (`board::Tables`);
//! boards with constraints beyond them (cages, thermometers, dots, marks,
//! non-consecutive neighbours) are not searched here.
//!
//! | level | SE name | base | rules applied inside the chain |
//! |---|---|---|---|
//! | 1 | Dynamic Forcing Chains (+) | 9.0 | intersections, hidden and naked pairs, X-wings |
//! | 2 | (+ Forcing Chains) | 9.5 | level 1's, then forcing chains and cycles |
//! | 3 | (+ Multiple Forcing Chains) | 10.0 | level 2's, then cell and unit forcing chains |
//! | 4 | (+ Dynamic Forcing Chains) | 10.5 | level 1's, then dynamic forcing chains |
//! | 5 | (+ Dynamic Forcing Chains (+ Forcing Chains)) | 11.0 | level 4's, then level 2 chains |
//!
//! Each level is tried only when every easier technique, and every lower
//! level, found nothing, as in SE; within a level the easiest deduction
//! (rating, then complexity, then SE's order of forms) is taken. A step's
//! rating is its level's base plus SE's length increment over its
//! complexity: the distinct potentials of its chains plus the complexity
//! of each distinct nested chain they use. The rules for following
//! implications, for what a nested rule depends on (its *rule parents*)
//! and for the order of the searches are SE 1.2.1's (read from its
//! published source; no code copied): see the `engine`, `unary` and
//! `rules` modules.

mod board;
mod engine;
mod found;
mod reach;
mod rules;
mod run;
mod trace;
mod unary;

use std::sync::Arc;

use self::board::{Board, CELLS, Tables, classic_tables, split};
use self::engine::{Caches, Chaining, Family, Hint, Kind};
use self::rules::Context;
use super::Found;
use super::difficulty::Er;
use super::proof::ChainProof;
use super::state::State;
use super::step::{Step, Technique};
use crate::deadline::Deadline;
use crate::digit::Digit;
use crate::rules::Rules;
use crate::shape::Shape;

/// The families this module searches on 9x9 boards, in SE's order.
pub(crate) const FAMILIES: [Technique; 7] = [
    Technique::MultipleForcingChain,
    Technique::DynamicForcingChain,
    Technique::DynamicForcingChainPlus,
    Technique::NestedForcingChain,
    Technique::NestedMultipleForcingChain,
    Technique::NestedDynamicForcingChain,
    Technique::NestedDynamicForcingChainPlus,
];

/// The index in [`FAMILIES`] of the first nesting level (9.0).
const NESTING: usize = 2;

/// The searches of every family, kept between steps for their scratch space.
///
/// Invariant: the searches and caches were built for the rules held in
/// `board` (their hints are keyed by candidates alone), and are dropped
/// when a state of other rules comes.
///
/// Kept hints: when a step of a path comes from a nesting level (9.0 and
/// up), the other hints of that search rated at most as the path's hardest
/// step this module gave so far (`high`: the step, or an earlier one; the
/// next best hints, in the search's order) are kept with the index of
/// their family, until the next full search. A later step of the same path
/// may be the first of them still valid on its board
/// ([`Nested::kept_step`]), so that it needs no search; such a step is
/// rated at most `high`, so the path's maximum does not rise by it. A walk
/// forgets them, and `high`, when it starts.
#[derive(Debug, Default)]
pub(crate) struct Nested {
    searches: Vec<Chaining>,
    caches: Caches,
    board: Option<(Rules, Arc<Tables>)>,
    kept: Vec<(usize, Hint)>,
    high: u16,
}

/// The unit tables of `rules` when this module searches them: 9x9 boards
/// whose rules are houses, with or without cells that must differ.
fn tables_of(rules: &Rules) -> Option<Arc<Tables>> {
    if rules.shape() != Shape::CLASSIC {
        return None;
    }
    if rules.is_classic() {
        return Some(Arc::clone(classic_tables()));
    }
    if rules.has_constraints() {
        return None;
    }
    Tables::of(rules.layout()).map(Arc::new)
}

impl Nested {
    /// The tables of `st`'s rules, with the searches and caches readied
    /// for them; `None` on boards this module does not search.
    fn ready(&mut self, st: &State) -> Option<Arc<Tables>> {
        if let Some((rules, tables)) = &self.board
            && rules == st.rules()
        {
            return Some(Arc::clone(tables));
        }
        let tables = tables_of(st.rules())?;
        self.searches.clear();
        self.kept.clear();
        self.high = 0;
        self.caches = Caches::default();
        self.board = Some((st.rules().clone(), Arc::clone(&tables)));
        Some(tables)
    }

    /// The easiest step of the first family that has one: multiple forcing
    /// chains (8.0), dynamic forcing chains (8.5), then the nesting levels;
    /// families whose base is above `ceiling` are not tried. On rules other
    /// than classic the search starts at the nesting levels (the `chains`
    /// module gives multiple and dynamic chains there). `Found::Nothing` on
    /// boards this module does not search (see [`tables_of`]).
    pub(crate) fn find(&mut self, st: &State, deadline: &Deadline, ceiling: Er) -> Found {
        if self.ready(st).is_none() {
            return Found::Nothing;
        }
        self.kept.clear();
        let first = if st.rules().is_classic() { 0 } else { 2 };
        for (k, technique) in FAMILIES.into_iter().enumerate().skip(first) {
            if ceiling < technique.base() {
                break;
            }
            match self.find_family(st, k, deadline, true) {
                Ok(Some(s)) => return Found::Step(s),
                Ok(None) => {}
                Err(()) => return Found::OutOfTime,
            }
        }
        Found::Nothing
    }

    /// The easiest step of one technique of [`FAMILIES`], `Ok(None)` for
    /// other techniques or boards; `Err(())` past the deadline. (The
    /// solver's `find_technique` asks this module for the nested levels
    /// only; multiple and dynamic chains alone come from `forcing`.)
    pub(crate) fn find_technique(
        &mut self,
        st: &State,
        technique: Technique,
        deadline: &Deadline,
    ) -> Result<Option<Step>, ()> {
        match FAMILIES.iter().position(|&t| t == technique) {
            Some(k) if self.ready(st).is_some() => self.find_family(st, k, deadline, false),
            _ => Ok(None),
        }
    }

    /// Forgets the kept hints: a path starts, or a state comes that is not
    /// the next of the path they were found on.
    pub(crate) fn forget_kept(&mut self) {
        self.kept.clear();
        self.high = 0;
    }

    /// The step of the first kept hint still valid on `st`: rebuilt on its
    /// board as a full search of its family would build it (see
    /// [`Chaining::rebuild`]), it removes something and is rated at most
    /// as the step it was kept with. The hints tried are dropped, the one
    /// taken too. `Found::Nothing` when none is valid (a full search is
    /// needed), `Found::OutOfTime` past the deadline.
    pub(crate) fn kept_step(&mut self, st: &State, deadline: &Deadline) -> Found {
        if self.kept.is_empty() {
            return Found::Nothing;
        }
        let Some(tables) = self.ready(st) else { return Found::Nothing };
        let (board, ctx) = board_of(st, deadline.clone(), tables);
        self.caches.prepare(&ctx);
        let kept = std::mem::take(&mut self.kept);
        let mut rest = kept.into_iter();
        for (k, old) in rest.by_ref() {
            let search = &mut self.searches[k];
            let Some(hint) = search.rebuild(&ctx, &board, &old) else {
                if deadline.passed() {
                    return Found::OutOfTime;
                }
                continue;
            };
            if hint.difficulty > old.difficulty {
                continue;
            }
            let proof = trace::prove(search, &ctx, &board, &hint);
            self.kept = rest.collect();
            return Found::Step(step_of(st, &ctx.tables, &hint, FAMILIES[k], proof));
        }
        Found::Nothing
    }

    /// The easiest step of the `k`-th family of [`FAMILIES`]; with `keep`,
    /// the other hints of a nesting level rated at most as the path's hardest
    /// step so far are kept.
    fn find_family(
        &mut self,
        st: &State,
        k: usize,
        deadline: &Deadline,
        keep: bool,
    ) -> Result<Option<Step>, ()> {
        while self.searches.len() <= k {
            let (family, level) = match self.searches.len() {
                0 => (Family::Multiple, 0),
                n => (Family::Dynamic, n as u8 - 1),
            };
            self.searches.push(Chaining::new(family, level, &self.caches));
        }
        let Some(tables) = self.ready(st) else { return Ok(None) };
        let (board, ctx) = board_of(st, deadline.clone(), tables);
        self.caches.prepare(&ctx);
        let search = &mut self.searches[k];
        let mut hints = search.all(&ctx, &board)?.into_iter();
        let Some(hint) = hints.next() else { return Ok(None) };
        if keep {
            self.high = self.high.max(hint.difficulty);
        }
        if keep && k >= NESTING {
            let high = self.high;
            let next = hints.take_while(|h| h.difficulty <= high);
            self.kept = next.map(|h| (k, h)).collect();
        }
        let proof = trace::prove(search, &ctx, &board, &hint);
        Ok(Some(step_of(st, &ctx.tables, &hint, FAMILIES[k], proof)))
    }
}

/// The board and context of a 9x9 state whose rules have `tables`.
fn board_of(st: &State, deadline: Deadline, tables: Arc<Tables>) -> (Board, Context) {
    let mut board = [0u16; CELLS];
    let mut ctx = Context { empty: 0, placed: [0; 9], deadline, tables };
    for (c, b) in board.iter_mut().enumerate() {
        *b = st.mask(c) as u16;
        match st.value(c) {
            0 => ctx.empty |= 1 << c,
            v => ctx.placed[v as usize - 1] += 1,
        }
    }
    (board, ctx)
}

/// The step of a top-level hint, with the chains behind it when traced.
fn step_of(
    st: &State,
    tables: &Tables,
    h: &Hint,
    technique: Technique,
    proof: Option<ChainProof>,
) -> Step {
    let shape = st.shape();
    let (cell, d, on) = split(h.target);
    let target = State::cell(cell);
    let digit = Digit::new(d as u8 + 1);
    let mut s = Step::chain(technique, (Er(h.difficulty), h.complexity), target, digit, on);
    let (scell, sd, son) = split(h.source);
    let source = State::cell(scell);
    s.cells = if source == target { vec![target] } else { vec![source, target] };
    s.digits.push(digit);
    let verdict = format!("{}{}{}", target.display(shape), if on { "=" } else { "<>" }, digit);
    let assumption = format!("{}{}{}", source.display(shape), if son { "=" } else { "<>" }, sd + 1);
    let inside = match technique {
        Technique::MultipleForcingChain | Technique::DynamicForcingChain => "no other technique",
        Technique::DynamicForcingChainPlus => "intersections, pairs and X-wings",
        Technique::NestedForcingChain => "those and forcing chains",
        Technique::NestedMultipleForcingChain => {
            "those, forcing chains and multiple forcing chains"
        }
        _ => "those and dynamic forcing chains",
    };
    let how = format!("({} implications in all, using {inside} inside the chains)", h.complexity);
    s.explanation = match h.kind {
        Kind::Contradiction => {
            format!("assuming {assumption} leads to a contradiction {how}, so {verdict}")
        }
        Kind::Double => format!(
            "whether {} holds {} or not, the chains give {verdict} {how}",
            source.display(shape),
            sd + 1
        ),
        Kind::Cell => format!(
            "every candidate of {} implies {verdict} {how}, so {verdict}",
            source.display(shape)
        ),
        _ => format!(
            "every place of {} in {} implies {verdict} {how}, so {verdict}",
            sd + 1,
            tables.names[usize::from(h.unit)]
        ),
    };
    if let Some(proof) = proof {
        s.attach_chain(proof, shape);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::LogicSolver;

    /// Along the solving path of `puzzle`, from the first `states` states
    /// where the path needs a nested step, the searches of `techniques`
    /// give with the caches kept from state to state (as a rating keeps
    /// them) the same step as a search with empty caches. Returns the
    /// steps found.
    fn kept_caches_agree(puzzle: &crate::Grid, techniques: &[Technique], limit: usize) -> usize {
        let path = LogicSolver::new().solve(puzzle).unwrap();
        let never = Deadline::never();
        let mut kept = Nested::default();
        let mut st = State::from_grid(puzzle);
        let (mut states, mut found) = (0, 0);
        for step in &path.steps {
            if step.difficulty >= Technique::DynamicForcingChainPlus.base() && states < limit {
                states += 1;
                for &t in techniques {
                    let quick = kept.find_technique(&st, t, &never).unwrap();
                    let full = Nested::default().find_technique(&st, t, &never).unwrap();
                    assert_eq!(quick, full, "{puzzle:?}, {t:?}, state {states}");
                    found += usize::from(full.is_some());
                }
            }
            st.apply(step);
        }
        assert!(states >= 3, "{puzzle:?}: {states} nested states");
        found
    }

    /// The first puzzle of hardest-11plus (11.1, nested levels 2 and 3):
    /// level-3 steps (which nest the unary and multiple searches) at its
    /// first nested states.
    #[test]
    fn kept_caches_find_what_empty_caches_find() {
        let puzzle = &crate::test_corpus::classic("hardest-11plus.txt")[0];
        let found = kept_caches_agree(puzzle, &[Technique::NestedMultipleForcingChain], 3);
        assert!(found >= 3, "{found} steps found");
    }

    /// A hint rebuilt on the board it was found on is the hint the full
    /// search built (form, conclusion, source, removals, complexity and
    /// rating): on the first states of the first puzzle of hardest-1106
    /// where the path needs a nesting level, for every hint of a level-1
    /// search of that state.
    #[test]
    fn a_hint_rebuilt_on_its_own_board_is_the_one_the_full_search_built() {
        let puzzle = &crate::test_corpus::classic("hardest-1106.txt")[0];
        let path = LogicSolver::new().solve(puzzle).unwrap();
        let mut nested = Nested::default();
        let mut st = State::from_grid(puzzle);
        let (mut states, mut rebuilt) = (0, 0);
        for step in &path.steps {
            if step.difficulty >= Technique::DynamicForcingChainPlus.base() && states < 2 {
                states += 1;
                let tables = nested.ready(&st).unwrap();
                let (board, ctx) = board_of(&st, Deadline::never(), tables);
                let mut search = Chaining::new(Family::Dynamic, 1, &nested.caches);
                let hints = search.all(&ctx, &board).unwrap();
                for h in &hints {
                    let again = search.rebuild(&ctx, &board, h).expect("rebuilt");
                    let key = |h: &Hint| {
                        (
                            h.kind,
                            h.target,
                            h.source,
                            h.removable.clone(),
                            h.complexity,
                            h.difficulty,
                        )
                    };
                    assert_eq!(key(&again), key(h), "state {states}");
                    rebuilt += 1;
                }
            }
            st.apply(step);
        }
        assert!(states == 2 && rebuilt >= 10, "{states} states, {rebuilt} hints");
    }

    /// Every nested level from 2 to 5 (level 4 nests the `dynamic` cache,
    /// level 5 the level-2 chains, whose cache depends on the placed
    /// cells) at the first nested states of the first puzzles of
    /// hardest-1106.
    #[test]
    #[ignore = "level-4 and level-5 searches take minutes"]
    fn kept_caches_find_what_empty_caches_find_up_to_level_5() {
        let puzzles = crate::test_corpus::classic("hardest-1106.txt");
        let techniques = [
            Technique::NestedForcingChain,
            Technique::NestedMultipleForcingChain,
            Technique::NestedDynamicForcingChain,
            Technique::NestedDynamicForcingChainPlus,
        ];
        let mut found = 0;
        for puzzle in &puzzles[..2] {
            found += kept_caches_agree(puzzle, &techniques, 4);
        }
        assert!(found >= 8, "{found} steps found");
    }
}
