//! Transformations as records: [`TransformAnswer`] and [`CanonAnswer`].

use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;

use super::Subject;
use crate::Grid;
use crate::format::{JsonBoardError, to_fpuzzles, to_line};
use crate::transform::Canonical;

/// A puzzle and an equivalent of it.
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct TransformAnswer {
    /// The puzzle: its input line, board and text.
    #[serde(flatten)]
    pub subject: Subject,
    /// The transformed puzzle.
    pub transformed: String,
    /// The rules of the transformed puzzle, when they are not the classic
    /// ones: the puzzle's rules moved with its cells (cages, regions,
    /// thermometers... go where their cells go).
    pub transformed_rules: Option<String>,
    /// The transformed puzzle as an f-puzzles board (the JSON text that
    /// f-puzzles and SudokuPad open) with its moved rules; when asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fpuzzles: Option<String>,
}

impl TransformAnswer {
    /// `puzzle` and its image `transformed`.
    pub fn new(puzzle: &Grid, transformed: &Grid) -> TransformAnswer {
        let rules = transformed.rules();
        TransformAnswer {
            subject: Subject::new(puzzle),
            transformed: to_line(transformed),
            transformed_rules: (!rules.is_classic()).then(|| rules.to_string()),
            fpuzzles: None,
        }
    }

    /// This answer with `transformed` (the grid it names) as an f-puzzles
    /// board.
    ///
    /// # Errors
    /// When the rules hold what the f-puzzles format cannot.
    pub fn with_fpuzzles(self, transformed: &Grid) -> Result<TransformAnswer, JsonBoardError> {
        Ok(TransformAnswer { fpuzzles: Some(to_fpuzzles(transformed)?), ..self })
    }
}

/// The canonical form of a puzzle and its automorphism count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct CanonAnswer {
    /// The puzzle: its input line, board and text.
    #[serde(flatten)]
    pub subject: Subject,
    /// The canonical (minlex) form: equal for equivalent puzzles.
    pub canon: String,
    /// The number of transformations that map the puzzle to itself (a
    /// decimal string: it can exceed what a JSON number holds exactly).
    pub automorphisms: String,
}

impl CanonAnswer {
    /// `puzzle` and its canonical form `canon`.
    pub fn new(puzzle: &Grid, canon: &Canonical) -> CanonAnswer {
        CanonAnswer {
            subject: Subject::new(puzzle),
            canon: to_line(&canon.form),
            automorphisms: canon.automorphisms.to_string(),
        }
    }
}
