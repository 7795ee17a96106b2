//! [`GeneratedItem`]: one generated puzzle (or full grid) as a record;
//! [`LevelsAnswer`]: the named levels a board size offers.
//!
//! `seed` and `index` name the item: the same pair makes the same puzzle
//! again with the same options.

use serde::{Deserialize, Serialize};

use super::{Board, Constraints};
use crate::Grid;
use crate::format::to_line;
use crate::generate::{Method, Symmetry, levels_offered};
use crate::logic;

/// One generated puzzle, or one full grid.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct GeneratedItem {
    /// The item's index under `seed` (0 for the first).
    pub index: u64,
    /// The seed: `seed` and `index` make the same item again.
    pub seed: u64,
    /// The board.
    #[serde(flatten)]
    pub board: Board,
    /// The puzzle's cages, thermometers, dots and even/odd marks, when it
    /// has any (each list absent when empty).
    #[serde(flatten)]
    pub constraints: Constraints,
    /// The puzzle in line format (absent for a full grid).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub puzzle: Option<String>,
    /// The puzzle's one solution, when asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solution: Option<String>,
    /// The full grid, when full grids were asked for instead of puzzles.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid: Option<String>,
    /// The number of clues (every cell for a full grid).
    pub clues: usize,
    /// The full-grid method.
    pub method: String,
    /// The clue symmetry.
    pub symmetry: String,
    /// ER, when a rating target was asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<f64>,
    /// The rated level, when a rating target was asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
}

impl GeneratedItem {
    /// Item `index` under `seed`: `puzzle`, made with `method` and
    /// `symmetry`, without its solution or rating.
    pub fn new(
        index: u64,
        seed: u64,
        puzzle: &Grid,
        method: Method,
        symmetry: Symmetry,
    ) -> GeneratedItem {
        GeneratedItem {
            index,
            seed,
            board: Board::of_rules(puzzle.rules()),
            constraints: Constraints::of_rules(puzzle.rules()),
            puzzle: Some(to_line(puzzle)),
            solution: None,
            grid: None,
            clues: puzzle.clue_count(),
            method: method.name().to_string(),
            symmetry: symmetry.name().to_string(),
            rating: None,
            level: None,
        }
    }

    /// Item `index` under `seed` when full grids were asked for: `grid`
    /// in `grid`, no puzzle.
    pub fn filled(
        index: u64,
        seed: u64,
        grid: &Grid,
        method: Method,
        symmetry: Symmetry,
    ) -> GeneratedItem {
        let mut item = GeneratedItem::new(index, seed, grid, method, symmetry);
        item.grid = item.puzzle.take();
        item
    }

    /// The item with the puzzle's solution.
    pub fn with_solution(mut self, solution: &Grid) -> GeneratedItem {
        self.solution = Some(to_line(solution));
        self
    }

    /// The item with its rating (ER and level), when there is one.
    pub fn with_rating(mut self, rating: Option<&logic::Rating>) -> GeneratedItem {
        self.rating = rating.map(|r| r.er.as_f64());
        self.level = rating.map(|r| r.level.name().to_string());
        self
    }
}

/// The named levels a board size offers, easiest first
/// ([`levels_offered`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct LevelsAnswer {
    /// The board.
    #[serde(flatten)]
    pub board: Board,
    /// The levels, easiest first.
    pub levels: Vec<LevelRecord>,
}

/// One named level and its band of ratings (ER).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct LevelRecord {
    /// The level's name, as `difficulty` takes it.
    pub name: String,
    /// The lowest ER of the level.
    pub min: f64,
    /// The highest ER of the level; absent for the top level, open above.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
}

impl LevelsAnswer {
    /// The levels a board of `shape` offers.
    pub fn new(shape: crate::Shape) -> LevelsAnswer {
        let er = |e: logic::Er| f64::from(e.0) / 10.0;
        LevelsAnswer {
            board: Board::new(shape),
            levels: levels_offered(shape)
                .iter()
                .map(|&level| {
                    let (lo, hi) = level.range();
                    LevelRecord {
                        name: level.name().to_string(),
                        min: er(lo),
                        max: (hi.0 != u16::MAX).then(|| er(hi)),
                    }
                })
                .collect(),
        }
    }
}
