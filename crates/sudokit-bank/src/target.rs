//! [`Target`]: what a puzzle must meet to count for a fill or a request —
//! a level, techniques its path needs, the technique of its hardest step.
//!
//! A target means what `sudokit generate --difficulty L --needs T[,T...]
//! --hardest T` means: the puzzle's ER lies in the level, its logical path
//! (the one `sudokit explain` prints) uses each needed technique at least
//! once, and its hardest step is the named technique. Each part is
//! optional; a target of a level alone is *plain*.
//!
//! Every stored puzzle whose level, techniques and hardest step meet a
//! target counts for it, whichever fill stored it: the bank counts them
//! with one query ([`Target::sql_filter`]) and a server indexes them in
//! memory ([`Target::is_met`]).
//!
//! Invariants: the needed techniques are sorted and without repeats, so
//! equal targets compare, hash and are named ([`Target::name`]) the same.
//! The name of a plain target is its level's name, which is what the
//! `fills.level` and `clients.level` columns held before targets had
//! techniques; a target with techniques is named
//! `LEVEL;needs=SLUG,SLUG;hardest=SLUG` (`any` when no level is asked,
//! each part present only when asked), e.g. `any;needs=x-wing`.

use std::fmt;

use sudokit::Rules;
use sudokit::generate::{Options, Symmetry};
use sudokit::logic::{Level, Technique};

/// What a puzzle must meet: a level, needed techniques, a hardest
/// technique, each optional.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Target {
    level: Option<Level>,
    needs: Vec<Technique>,
    hardest: Option<Technique>,
}

impl Target {
    /// Puzzles of `level`, whatever their techniques (a plain target).
    pub fn level(level: Level) -> Target {
        Target { level: Some(level), ..Target::default() }
    }

    /// Puzzles of `level` (any level when `None`) whose path uses each of
    /// `needs` and whose hardest step is `hardest` (any when `None`).
    pub fn new(level: Option<Level>, needs: &[Technique], hardest: Option<Technique>) -> Target {
        let mut needs = needs.to_vec();
        needs.sort_unstable();
        needs.dedup();
        Target { level, needs, hardest }
    }

    /// The level asked for (`None`: any).
    pub fn get_level(&self) -> Option<Level> {
        self.level
    }

    /// The techniques the path must use, sorted.
    pub fn get_needs(&self) -> &[Technique] {
        &self.needs
    }

    /// The technique of the hardest step asked for.
    pub fn get_hardest(&self) -> Option<Technique> {
        self.hardest
    }

    /// Whether only a level is asked for.
    pub fn is_plain(&self) -> bool {
        self.needs.is_empty() && self.hardest.is_none()
    }

    /// The target's name, as the `fills` and `clients` tables key it (see
    /// the module docs).
    pub fn name(&self) -> String {
        let mut name = self.level.map_or("any", Level::name).to_string();
        if !self.needs.is_empty() {
            let slugs: Vec<String> = self.needs.iter().map(|t| t.slug()).collect();
            name.push_str(";needs=");
            name.push_str(&slugs.join(","));
        }
        if let Some(t) = self.hardest {
            name.push_str(";hardest=");
            name.push_str(&t.slug());
        }
        name
    }

    /// Whether a puzzle of `level` whose hardest step is `hardest` and
    /// whose path uses the techniques `uses` says yes to meets the target.
    pub fn is_met(
        &self,
        level: Level,
        hardest: Option<Technique>,
        uses: impl Fn(Technique) -> bool,
    ) -> bool {
        self.level.is_none_or(|l| l == level)
            && self.hardest.is_none_or(|t| hardest == Some(t))
            && self.needs.iter().all(|&t| uses(t))
    }

    /// The generator options that make puzzles meeting the target on
    /// `rules` with `symmetry`: the level's rating range, the needed
    /// techniques and the hardest one, as `sudokit generate` sets them.
    pub fn options(&self, rules: Rules, symmetry: Symmetry) -> Options {
        Options::new(rules)
            .symmetry(symmetry)
            .rating(self.level.map(Into::into))
            .needs(&self.needs)
            .hardest(self.hardest)
    }

    /// The SQL condition on a `puzzles` row (named `p`) meeting the target,
    /// with its parameters in order (numbered from `?first`).
    pub(crate) fn sql_filter(&self, first: usize) -> (String, Vec<&'static str>) {
        let mut sql = String::new();
        let mut params = Vec::new();
        let mut next = |sql: &mut String, text: &str, value: &'static str| {
            params.push(value);
            sql.push_str(&text.replace('#', &format!("?{}", first + params.len() - 1)));
        };
        if let Some(level) = self.level {
            next(&mut sql, " AND p.level = #", level.name());
        }
        if let Some(t) = self.hardest {
            next(&mut sql, " AND p.hardest = #", t.name());
        }
        for t in &self.needs {
            next(
                &mut sql,
                " AND EXISTS (SELECT 1 FROM techniques t WHERE t.technique = # AND t.puzzle = p.id)",
                t.name(),
            );
        }
        (sql, params)
    }
}

impl From<Level> for Target {
    fn from(level: Level) -> Target {
        Target::level(level)
    }
}

impl fmt::Display for Target {
    /// A phrase for messages: `medium puzzles`, `puzzles that need X-Wing`,
    /// `hard puzzles whose hardest step is Swordfish`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(level) = self.level {
            write!(f, "{} ", level.name())?;
        }
        f.write_str("puzzles")?;
        if !self.needs.is_empty() {
            let names: Vec<&str> = self.needs.iter().map(|t| t.name()).collect();
            write!(f, " that need {}", names.join(" and "))?;
        }
        if let Some(t) = self.hardest {
            let and = if self.needs.is_empty() { "" } else { " and" };
            write!(f, "{and} whose hardest step is {}", t.name())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_the_level_for_plain_targets_and_sorted_otherwise() {
        assert_eq!(Target::level(Level::Medium).name(), "medium");
        let a = Target::new(None, &[Technique::Swordfish, Technique::XWing], None);
        let b =
            Target::new(None, &[Technique::XWing, Technique::Swordfish, Technique::XWing], None);
        assert_eq!(a, b);
        assert_eq!(a.name(), "any;needs=x-wing,swordfish");
        let c = Target::new(Some(Level::Hard), &[], Some(Technique::XWing));
        assert_eq!(c.name(), "hard;hardest=x-wing");
        assert!(!c.is_plain() && Target::level(Level::Easy).is_plain());
        assert_eq!(c.to_string(), "hard puzzles whose hardest step is X-Wing");
    }

    #[test]
    fn a_target_is_met_only_by_all_its_parts() {
        let t = Target::new(Some(Level::Hard), &[Technique::XWing], Some(Technique::XWing));
        let uses_x = |u: Technique| u == Technique::XWing;
        assert!(t.is_met(Level::Hard, Some(Technique::XWing), uses_x));
        assert!(!t.is_met(Level::Expert, Some(Technique::XWing), uses_x));
        assert!(!t.is_met(Level::Hard, Some(Technique::Swordfish), uses_x));
        assert!(!t.is_met(Level::Hard, Some(Technique::XWing), |_| false));
        assert!(Target::default().is_met(Level::Easy, None, |_| false));
    }
}
