//! [`Item`]: one banked puzzle as the service answers it, built once when
//! its board is loaded; [`TechniqueSet`]: the techniques of its path.
//!
//! Building an item reads the stored lines back into grids under the
//! stored rules (so a row that does not read back is found at load time,
//! never per request) and makes the answer item; a request then only
//! clones it. The level, the hardest step and the techniques of the path
//! are kept as engine values, for matching [`Target`]s in memory.
//!
//! A technique name the engine does not know (a bank written by another
//! build) is left out of the set: such a row never meets a target naming
//! it, and meets the others as it would.

use sudokit::Grid;
use sudokit::generate::{Method, Symmetry};
use sudokit::logic::{Level, Technique};
use sudokit::wire::GeneratedItem;
use sudokit_bank::{Stored, Target};

/// One puzzle of the bank, ready to answer.
#[derive(Debug)]
pub struct Item {
    /// The row id.
    pub id: i64,
    /// The level of its rating.
    pub level: Level,
    /// The technique of its hardest step.
    pub hardest: Option<Technique>,
    /// The techniques its path uses.
    pub techniques: TechniqueSet,
    /// The answer, without the solution.
    answer: GeneratedItem,
    /// The solution line.
    solution: String,
    /// The puzzle and its solution as grids.
    grids: (Grid, Grid),
}

impl Item {
    /// The item of a stored row; an error naming the row and what does
    /// not read back.
    pub fn from_stored(stored: &Stored) -> Result<Item, String> {
        let bad = |what: String| format!("the bank holds a bad row {}: {what}", stored.id);
        let (puzzle, solution) = stored.grids().map_err(bad)?;
        let level: Level = stored.level.parse().map_err(bad)?;
        let hardest = match &stored.hardest {
            Some(name) => {
                Some(name.parse::<Technique>().map_err(|e| bad(format!("hardest: {e}")))?)
            }
            None => None,
        };
        // Names another build may write fall back to the defaults: they
        // only describe how the puzzle was made.
        let method = stored.method.parse::<Method>().unwrap_or_default();
        let symmetry = stored.symmetry.parse::<Symmetry>().unwrap_or(Symmetry::None);
        let mut answer = GeneratedItem::new(stored.index, stored.seed, &puzzle, method, symmetry);
        answer.rating = Some(f64::from(stored.er) / 10.0);
        answer.level = Some(level.name().to_string());
        let techniques = stored.techniques.iter().filter_map(|name| name.parse().ok()).collect();
        Ok(Item {
            id: stored.id,
            level,
            hardest,
            techniques,
            solution: sudokit::format::to_line(&solution),
            answer,
            grids: (puzzle, solution),
        })
    }

    /// The puzzle and its solution as grids under their rules.
    pub fn grids(&self) -> (&Grid, &Grid) {
        (&self.grids.0, &self.grids.1)
    }

    /// The answer item, with the solution when asked.
    pub fn answer(&self, with_solution: bool) -> GeneratedItem {
        let mut item = self.answer.clone();
        if with_solution {
            item.solution = Some(self.solution.clone());
        }
        item
    }

    /// The puzzle line (for telling it apart from puzzles made live).
    pub fn line(&self) -> &str {
        self.answer.puzzle.as_deref().unwrap_or_default()
    }

    /// Whether the puzzle meets `target`.
    pub fn meets(&self, target: &Target) -> bool {
        target.is_met(self.level, self.hardest, |t| self.techniques.contains(t))
    }
}

/// A set of techniques: one bit per place in [`Technique::ALL`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TechniqueSet(u64);

const _: () = assert!(Technique::ALL.len() <= 64, "a TechniqueSet holds 64 techniques");

impl TechniqueSet {
    /// Whether `t` is in the set.
    pub fn contains(self, t: Technique) -> bool {
        self.0 & bit(t) != 0
    }

    /// The techniques in the set, in [`Technique::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Technique> {
        Technique::ALL.into_iter().filter(move |&t| self.contains(t))
    }
}

impl FromIterator<Technique> for TechniqueSet {
    fn from_iter<I: IntoIterator<Item = Technique>>(iter: I) -> TechniqueSet {
        TechniqueSet(iter.into_iter().fold(0, |set, t| set | bit(t)))
    }
}

/// The bit of `t`: its place in [`Technique::ALL`].
fn bit(t: Technique) -> u64 {
    let at = Technique::ALL.iter().position(|&x| x == t).expect("every technique is in ALL");
    1 << at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_holds_what_was_put_in() {
        let set: TechniqueSet = [Technique::XWing, Technique::NakedSingle].into_iter().collect();
        assert!(set.contains(Technique::XWing) && set.contains(Technique::NakedSingle));
        assert!(!set.contains(Technique::Swordfish));
        assert_eq!(set.iter().count(), 2);
        let all: TechniqueSet = Technique::ALL.into_iter().collect();
        assert!(Technique::ALL.iter().all(|&t| all.contains(t)));
    }
}
