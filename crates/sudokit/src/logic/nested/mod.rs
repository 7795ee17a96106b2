//! Sudoku Explainer's chaining levels above dynamic forcing chains:
//! dynamic forcing chains that apply other techniques inside themselves
//! ("nested" chains), levels 1 to 5 of SE 1.2.1's `Chaining` rule, on 9x9
//! boards.
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
mod rules;
mod run;
mod unary;

use std::time::Instant;

use self::board::{Board, CELLS, split};
use self::engine::{Chaining, Family, Hint, Kind};
use self::rules::Context;
use super::Found;
use super::difficulty::Difficulty;
use super::state::State;
use super::step::{Step, Technique};
use crate::digit::Digit;
use crate::shape::Shape;

/// The nesting levels, their technique and base rating.
pub(crate) const LEVELS: [Technique; 5] = [
    Technique::DynamicForcingChainPlus,
    Technique::NestedForcingChain,
    Technique::NestedMultipleForcingChain,
    Technique::NestedDynamicForcingChain,
    Technique::NestedDynamicForcingChainPlus,
];

/// The searches of every level, kept between steps for their scratch space.
#[derive(Debug, Default)]
pub(crate) struct Nested {
    levels: Vec<Chaining>,
}

impl Nested {
    /// The easiest step of the lowest level that has one, trying only the
    /// levels whose base is at most `ceiling`; `Found::Nothing` on boards
    /// other than 9x9.
    pub(crate) fn find(
        &mut self,
        st: &State,
        deadline: Option<Instant>,
        ceiling: Difficulty,
    ) -> Found {
        if st.shape() != Shape::CLASSIC {
            return Found::Nothing;
        }
        for (k, technique) in LEVELS.into_iter().enumerate() {
            if ceiling < technique.base() {
                break;
            }
            match self.find_level(st, k as u8 + 1, deadline) {
                Ok(Some(s)) => return Found::Step(s),
                Ok(None) => {}
                Err(()) => return Found::OutOfTime,
            }
        }
        Found::Nothing
    }

    /// The easiest step of one level (1 to 5), `Err(())` past the deadline.
    pub(crate) fn find_level(
        &mut self,
        st: &State,
        level: u8,
        deadline: Option<Instant>,
    ) -> Result<Option<Step>, ()> {
        if st.shape() != Shape::CLASSIC {
            return Ok(None);
        }
        while self.levels.len() < level as usize {
            let l = self.levels.len() as u8 + 1;
            self.levels.push(Chaining::new(Family::Dynamic, l));
        }
        let (board, ctx) = board_of(st);
        let search = &mut self.levels[level as usize - 1];
        let best = search.best(&ctx, &board, deadline);
        search.clear_cache();
        Ok(best?.map(|h| step_of(st, &h, LEVELS[level as usize - 1])))
    }
}

/// The board and context of a 9x9 state.
fn board_of(st: &State) -> (Board, Context) {
    let mut board = [0u16; CELLS];
    let mut ctx = Context { empty: 0, placed: [0; 9] };
    for (c, b) in board.iter_mut().enumerate() {
        *b = st.mask(c) as u16;
        match st.value(c) {
            0 => ctx.empty |= 1 << c,
            v => ctx.placed[v as usize - 1] += 1,
        }
    }
    (board, ctx)
}

/// `row 3`, `column 5`, `box 7` for a unit number of the `board` module.
fn unit_name(u: u8) -> String {
    match u / 9 {
        0 => format!("box {}", u % 9 + 1),
        1 => format!("row {}", u % 9 + 1),
        _ => format!("column {}", u % 9 + 1),
    }
}

/// The step of a top-level hint.
fn step_of(st: &State, h: &Hint, technique: Technique) -> Step {
    let shape = st.shape();
    let mut s = Step::new(technique);
    s.difficulty = Difficulty(h.difficulty);
    s.complexity = h.complexity;
    let (cell, d, on) = split(h.target);
    let target = State::cell(cell);
    let digit = Digit::new(d as u8 + 1);
    if on {
        s.placements.push((target, digit));
    } else {
        s.eliminations.push((target, digit));
    }
    let (scell, sd, son) = split(h.source);
    let source = State::cell(scell);
    s.cells = if source == target { vec![target] } else { vec![source, target] };
    s.digits.push(digit);
    let verdict = format!("{}{}{}", target.display(shape), if on { "=" } else { "<>" }, digit);
    let assumption = format!("{}{}{}", source.display(shape), if son { "=" } else { "<>" }, sd + 1);
    let inside = match technique {
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
            unit_name(h.unit)
        ),
    };
    s
}
