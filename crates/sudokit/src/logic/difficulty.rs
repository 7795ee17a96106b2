//! [`Er`]: a rating on the Sudoku Explainer scale, in tenths; and the
//! named [`Level`]s built on it.
//!
//! Ratings are kept as whole tenths (`Er(72)` prints `7.2`), never
//! as floats, so comparisons and histograms are exact.

use std::fmt;

/// An ER: a rating on the Sudoku Explainer (SE) scale, in tenths:
/// `Er(72)` is 7.2. (The named levels built on it are [`Level`]; the clue
/// presets are [`generate::CluePreset`](crate::generate::CluePreset).)
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Er(pub u16);

impl Er {
    /// Above every rating: a ceiling that lets every technique run.
    pub const MAX: Er = Er(u16::MAX);

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

impl fmt::Display for Er {
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
/// | `evil`   | 7.0 to 8.9  | forcing chains, Nishio, multiple and dynamic chains |
/// | `extreme` | 9.0 to 9.9 | dynamic chains with pairs and X-wings, or with forcing chains, inside |
/// | `diabolical` | 10.0 and up | chains with multiple or dynamic chains inside; a guess |
///
/// `extreme` and `diabolical` take Sudoku Explainer's nested chains
/// (levels 1 to 5 of its chaining rule), which the rater has on classic
/// 9x9 boards; elsewhere a rating of 9.0 or more comes from a long dynamic
/// chain or from a guess.
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
    /// ER 7.0 to 8.9.
    Evil,
    /// ER 9.0 to 9.9.
    Extreme,
    /// ER 10.0 and above.
    Diabolical,
}

crate::named::named_enum!(Level {
    Easy => "easy",
    Medium => "medium",
    Hard => "hard",
    Expert => "expert",
    Evil => "evil",
    Extreme => "extreme",
    Diabolical => "diabolical",
});

impl Level {
    /// The level of a rating (see the table on [`Level`]).
    pub fn of(er: Er) -> Level {
        match er.0 {
            0..=15 => Level::Easy,
            16..=28 => Level::Medium,
            29..=44 => Level::Hard,
            45..=69 => Level::Expert,
            70..=89 => Level::Evil,
            90..=99 => Level::Extreme,
            _ => Level::Diabolical,
        }
    }

    /// The inclusive range of ER (in tenths) of this level.
    pub fn range(self) -> (Er, Er) {
        let (a, b) = match self {
            Level::Easy => (0, 15),
            Level::Medium => (16, 28),
            Level::Hard => (29, 44),
            Level::Expert => (45, 69),
            Level::Evil => (70, 89),
            Level::Extreme => (90, 99),
            Level::Diabolical => (100, u16::MAX),
        };
        (Er(a), Er(b))
    }
}

impl std::str::FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Level, String> {
        Level::from_name(s).ok_or_else(|| {
            format!(
                "unknown level {s:?} (expected easy, medium, hard, expert, evil, extreme or \
                 diabolical)"
            )
        })
    }
}

/// An inclusive range of ratings: `6.5-9.0`, a single rating `7.2`, an open
/// range `7.0+` (no upper bound; `7.0-` also parses), or a [`Level`]'s range.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct RatingRange {
    min: Er,
    max: Er,
}

impl RatingRange {
    /// The range `min..=max`; `None` when it is empty.
    pub fn new(min: Er, max: Er) -> Option<RatingRange> {
        (min <= max).then_some(RatingRange { min, max })
    }

    /// The lowest rating in the range.
    pub fn min(self) -> Er {
        self.min
    }

    /// The highest rating in the range ([`Er::MAX`] when open).
    pub fn max(self) -> Er {
        self.max
    }

    /// Whether `er` lies in the range.
    pub fn contains(self, er: Er) -> bool {
        self.min <= er && er <= self.max
    }
}

impl From<Level> for RatingRange {
    fn from(level: Level) -> RatingRange {
        let (min, max) = level.range();
        RatingRange { min, max: if level == Level::Diabolical { Er::MAX } else { max } }
    }
}

impl fmt::Display for RatingRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.min, self.max) {
            (a, b) if a == b => write!(f, "{a}"),
            (a, Er::MAX) => write!(f, "{a}+"),
            (a, b) => write!(f, "{a}-{b}"),
        }
    }
}

impl std::str::FromStr for RatingRange {
    type Err = String;

    /// Parses `A-B`, `A`, or `A-` / `A+` (at least `A`), with ratings of at
    /// most one decimal (`6.5`, `7`), or a level name (`expert`).
    fn from_str(s: &str) -> Result<RatingRange, String> {
        let s = s.trim();
        if let Ok(level) = s.parse::<Level>() {
            return Ok(level.into());
        }
        if let Some(a) = s.strip_suffix('+') {
            return Ok(RatingRange { min: rating(a)?, max: Er::MAX });
        }
        if let Some((a, "")) = s.split_once('-') {
            return Ok(RatingRange { min: rating(a)?, max: Er::MAX });
        }
        let (min, max) = crate::range_text::parse_bounds("rating", s, rating)?;
        Ok(RatingRange { min, max })
    }
}

/// A rating such as `7.2` or `7` in tenths.
fn rating(text: &str) -> Result<Er, String> {
    let text = text.trim();
    let bad = || {
        format!(
            "{text:?} is not a rating: expected a number from 0 to 20 with at most one \
             decimal, like 7.2"
        )
    };
    let (whole, tenth) = match text.split_once('.') {
        Some((w, t)) if t.len() == 1 => (w, t),
        Some(_) => return Err(bad()),
        None => (text, "0"),
    };
    let digits = |p: &str| !p.is_empty() && p.len() <= 2 && p.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(tenth) {
        return Err(bad());
    }
    let tenths =
        whole.parse::<u16>().map_err(|_| bad())? * 10 + tenth.parse::<u16>().map_err(|_| bad())?;
    if tenths > 200 {
        return Err(bad());
    }
    Ok(Er(tenths))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_tenths_and_maps_levels_at_their_edges() {
        assert_eq!(Er(72).to_string(), "7.2");
        assert_eq!(Er(10).to_string(), "1.0");
        // The first rating of each level after the easiest, from the table
        // on `Level`: one tenth below it is the level before.
        let starts = [16, 29, 45, 70, 90, 100];
        for (pair, first) in Level::ALL.windows(2).zip(starts) {
            assert_eq!(Level::of(Er(first - 1)), pair[0], "ER {}", first - 1);
            assert_eq!(Level::of(Er(first)), pair[1], "ER {first}");
        }
        assert_eq!(Level::of(Er(118)), Level::Diabolical);
        for l in Level::ALL {
            let (a, b) = l.range();
            assert_eq!((Level::of(a), Level::of(b)), (l, l));
            assert_eq!(l.name().parse::<Level>().unwrap(), l);
        }
    }

    #[test]
    fn rating_ranges_parse_print_and_refuse_nonsense() {
        let r: RatingRange = "6.5-9".parse().unwrap();
        assert_eq!((r.min(), r.max()), (Er(65), Er(90)));
        assert_eq!(r.to_string(), "6.5-9.0");
        assert!(r.contains(Er(65)) && r.contains(Er(90)));
        assert!(!r.contains(Er(64)) && !r.contains(Er(91)));
        let open: RatingRange = "7.0-".parse().unwrap();
        assert_eq!(open.max(), Er::MAX);
        assert_eq!(open.to_string(), "7.0+");
        assert_eq!("7+".parse::<RatingRange>().unwrap(), open);
        assert_eq!("7.2".parse::<RatingRange>().unwrap().to_string(), "7.2");
        let evil: RatingRange = "evil".parse().unwrap();
        assert_eq!((evil.min(), evil.max()), (Er(70), Er(89)));
        let extreme: RatingRange = "extreme".parse().unwrap();
        assert_eq!(extreme.to_string(), "9.0-9.9");
        assert_eq!("diabolical".parse::<RatingRange>().unwrap().to_string(), "10.0+");
        let hard: RatingRange = "hard".parse().unwrap();
        assert_eq!((hard.min(), hard.max()), (Er(29), Er(44)));
        for bad in ["", "x", "7.25", "9-6.5", "-3", "1e3", "300", "7..2", "7.-", "+", "7-+"] {
            assert!(bad.parse::<RatingRange>().is_err(), "{bad:?} parsed");
        }
    }
}
