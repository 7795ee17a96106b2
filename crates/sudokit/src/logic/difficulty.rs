//! [`Difficulty`]: a rating on the Sudoku Explainer scale, in tenths; and the
//! named [`Level`]s built on it.
//!
//! Ratings are kept as whole tenths (`Difficulty(72)` prints `7.2`), never
//! as floats, so comparisons and histograms are exact.

use std::fmt;

/// A difficulty on the Sudoku Explainer (SE) scale, in tenths: `Difficulty(72)` is 7.2.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Difficulty(pub u16);

impl Difficulty {
    /// The rating in tenths.
    pub fn tenths(self) -> u16 {
        self.0
    }

    /// The rating as a float (for display and statistics only).
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }

    /// The named level of this rating.
    pub fn level(self) -> Level {
        Level::of(self)
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

/// A named difficulty level, from the hardest step's rating (ER).
///
/// | level    | ER          | what it takes                                    |
/// |----------|-------------|--------------------------------------------------|
/// | `easy`   | up to 1.5   | hidden singles                                   |
/// | `medium` | 1.6 to 2.8  | naked singles, direct and plain intersections    |
/// | `hard`   | 2.9 to 4.4  | pairs, triples, X-wing, swordfish, XY/XYZ-wings  |
/// | `expert` | 4.5 to 6.9  | uniqueness, quads, jellyfish, BUG, short chains  |
/// | `evil`   | 7.0 and up  | forcing chains, Nishio, dynamic chains           |
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Level {
    /// ER up to 1.5.
    Easy,
    /// ER 1.6 to 2.8.
    Medium,
    /// ER 2.9 to 4.4.
    Hard,
    /// ER 4.5 to 6.9.
    Expert,
    /// ER 7.0 and above.
    Evil,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] =
        [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Evil];

    /// The level of a rating (see the table on [`Level`]).
    pub fn of(er: Difficulty) -> Level {
        match er.0 {
            0..=15 => Level::Easy,
            16..=28 => Level::Medium,
            29..=44 => Level::Hard,
            45..=69 => Level::Expert,
            _ => Level::Evil,
        }
    }

    /// The inclusive range of ER (in tenths) of this level.
    pub fn range(self) -> (Difficulty, Difficulty) {
        let (a, b) = match self {
            Level::Easy => (0, 15),
            Level::Medium => (16, 28),
            Level::Hard => (29, 44),
            Level::Expert => (45, 69),
            Level::Evil => (70, u16::MAX),
        };
        (Difficulty(a), Difficulty(b))
    }

    /// The level's name: `easy`, `medium`, `hard`, `expert` or `evil`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Evil => "evil",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Level, String> {
        Level::ALL.into_iter().find(|l| l.name().eq_ignore_ascii_case(s.trim())).ok_or_else(|| {
            format!("unknown level {s:?} (expected easy, medium, hard, expert or evil)")
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_tenths_and_maps_levels_at_their_edges() {
        assert_eq!(Difficulty(72).to_string(), "7.2");
        assert_eq!(Difficulty(10).to_string(), "1.0");
        assert_eq!(Level::of(Difficulty(15)), Level::Easy);
        assert_eq!(Level::of(Difficulty(16)), Level::Medium);
        assert_eq!(Level::of(Difficulty(28)), Level::Medium);
        assert_eq!(Level::of(Difficulty(44)), Level::Hard);
        assert_eq!(Level::of(Difficulty(45)), Level::Expert);
        assert_eq!(Level::of(Difficulty(69)), Level::Expert);
        assert_eq!(Level::of(Difficulty(70)), Level::Evil);
        for l in Level::ALL {
            let (a, b) = l.range();
            assert_eq!((Level::of(a), Level::of(b)), (l, l));
            assert_eq!(l.name().parse::<Level>().unwrap(), l);
        }
    }
}
