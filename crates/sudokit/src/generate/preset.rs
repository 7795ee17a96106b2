//! Named difficulty presets as 9x9 clue-count ranges from the literature
//! (easy 36-45, medium 27-35, hard 19-26 clues), shared by the CLI and the
//! service so both map a level to the same target.
//!
//! These are clue presets, not ratings: clue counts barely predict how hard
//! a puzzle is. Difficulty by the techniques a person needs is a rating
//! target ([`super::Options::rating`], measured by the `logic` module).
//! Other shapes have no preset; a caller must give a clue range there.

use super::ClueRange;
use crate::shape::Shape;

/// A clue-count preset for 9x9 puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CluePreset {
    /// 36-45 clues.
    Easy,
    /// 27-35 clues.
    Medium,
    /// 19-26 clues.
    Hard,
}

crate::named::named_enum!(CluePreset parsed as "difficulty" {
    Easy => "easy",
    Medium => "medium",
    Hard => "hard",
});

impl CluePreset {
    /// The 9x9 clue range of this preset.
    pub fn clue_range(self) -> ClueRange {
        let (min, max) = match self {
            CluePreset::Easy => (36, 45),
            CluePreset::Medium => (27, 35),
            CluePreset::Hard => (19, 26),
        };
        ClueRange { min, max }
    }

    /// The clue range of this preset for `shape`; an error naming the
    /// alternative for shapes other than 9x9, which have no preset.
    pub fn clue_range_for(self, shape: Shape) -> Result<ClueRange, String> {
        if shape == Shape::CLASSIC {
            Ok(self.clue_range())
        } else {
            Err(format!(
                "difficulty {} is a 9x9 clue range (from the literature); for {shape} boxes give \
                 a clue count or range instead",
                self.name()
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_the_literature_ranges_and_parse_back() {
        for d in CluePreset::ALL {
            assert_eq!(d.name().parse::<CluePreset>(), Ok(d));
            assert_eq!(d.clue_range_for(Shape::CLASSIC), Ok(d.clue_range()));
            assert!(d.clue_range_for(Shape::new(2, 2).unwrap()).is_err());
        }
        assert_eq!(CluePreset::Medium.clue_range().to_string(), "27-35");
        assert!("evil".parse::<CluePreset>().is_err());
    }
}
