//! [`GeneratedItem`]: one generated puzzle (or full grid) as a record;
//! [`LevelsAnswer`]: the named levels a board size offers;
//! [`TechniquesAnswer`]: the techniques a puzzle of a board size can be
//! generated to need.
//!
//! `seed` and `index` name the item: the same pair makes the same puzzle
//! again with the same options.

use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;

use super::{Board, Constraints};
use crate::Grid;
use crate::format::{
    JsonBoardError, to_fpuzzles, to_fpuzzles_solved, to_line, to_sudokupad, to_sudokupad_solved,
};
use crate::generate::{
    Extras, MakeRules, Method, Symmetry, levels_offered_made, technique_from_catalogue,
    technique_occurs, unlevelled,
};
use crate::logic::{self, Technique};
use crate::{Rules, Shape};

/// One generated puzzle, or one full grid.
#[skip_serializing_none]
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
    pub puzzle: Option<String>,
    /// The puzzle's one solution, when asked for.
    pub solution: Option<String>,
    /// The full grid, when full grids were asked for instead of puzzles.
    pub grid: Option<String>,
    /// The number of clues (every cell for a full grid).
    pub clues: usize,
    /// The full-grid method, or `catalogue` for a puzzle drawn from a
    /// catalogue (the hardest known puzzles for 9x9 ratings from 9.5 up).
    pub method: String,
    /// The clue symmetry.
    pub symmetry: String,
    /// ER, when a rating target was asked for.
    pub rating: Option<f64>,
    /// The rated level, when a rating target was asked for.
    pub level: Option<String>,
    /// The puzzle (or full grid) as an f-puzzles board (the JSON text that
    /// f-puzzles and SudokuPad open) with its rules, and its solution when
    /// the item carries one; when asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fpuzzles: Option<String>,
    /// The puzzle (or full grid) as a SudokuPad link with its rules, and
    /// its solution when the item carries one; when asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sudokupad: Option<String>,
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
            fpuzzles: None,
            sudokupad: None,
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

    /// The item drawn from the catalogue of the hardest known puzzles (see
    /// [`Options::draws_from_catalogue`](crate::generate::Options::draws_from_catalogue))
    /// or from a catalogue file: its `method` is `catalogue`, as no
    /// full-grid method made it.
    pub fn from_catalogue(mut self) -> GeneratedItem {
        self.method = "catalogue".to_string();
        self
    }

    /// The item with the puzzle's solution.
    pub fn with_solution(mut self, solution: &Grid) -> GeneratedItem {
        self.solution = Some(to_line(solution));
        self
    }

    /// The item with `puzzle` (the puzzle or full grid it names) as an
    /// f-puzzles board, with `solution` when the item carries one.
    ///
    /// # Errors
    /// When the rules hold what the f-puzzles format cannot.
    pub fn with_fpuzzles(
        mut self,
        puzzle: &Grid,
        solution: &Grid,
    ) -> Result<GeneratedItem, JsonBoardError> {
        let board = match self.solution {
            Some(_) => to_fpuzzles_solved(puzzle, solution)?,
            None => to_fpuzzles(puzzle)?,
        };
        self.fpuzzles = Some(board);
        Ok(self)
    }

    /// The item with `puzzle` (the puzzle or full grid it names) as a
    /// SudokuPad link, with `solution` when the item carries one.
    ///
    /// # Errors
    /// When `solution` is not a full grid of the puzzle's board.
    pub fn with_sudokupad(
        mut self,
        puzzle: &Grid,
        solution: &Grid,
    ) -> Result<GeneratedItem, JsonBoardError> {
        self.sudokupad = Some(match self.solution {
            Some(_) => to_sudokupad_solved(puzzle, solution)?,
            None => to_sudokupad(puzzle),
        });
        Ok(self)
    }

    /// The item with its rating (ER and level), when there is one.
    pub fn with_rating(mut self, rating: Option<&logic::Rating>) -> GeneratedItem {
        self.rating = rating.map(|r| r.er.as_f64());
        self.level = rating.map(|r| r.level.name().to_string());
        self
    }
}

/// The named levels a board size offers, easiest first
/// ([`levels_offered`](crate::generate::levels_offered)), without those
/// not made within a service's time budget under the rules
/// ([`levels_offered_under`](crate::generate::levels_offered_under)); for puzzles with drawn constraints, those
/// made by adding givens within the budget (none on boards not measured,
/// with the reason).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct LevelsAnswer {
    /// The board.
    #[serde(flatten)]
    pub board: Board,
    /// The levels, easiest first.
    pub levels: Vec<LevelRecord>,
    /// Why `levels` is empty: puzzles with drawn constraints (cages,
    /// thermometers, dots, even/odd marks) are generated to a level on the
    /// board sizes measured only, and on others are rated after they are
    /// made. Absent when levels are offered.
    pub unlevelled: Option<String>,
}

/// One named level and its band of ratings (ER).
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct LevelRecord {
    /// The level's name, as `difficulty` takes it.
    pub name: String,
    /// The lowest ER of the level.
    pub min: f64,
    /// The highest ER of the level; absent for the top level, open above.
    pub max: Option<f64>,
}

impl LevelsAnswer {
    /// The levels a board of `shape` offers.
    pub fn new(shape: Shape) -> LevelsAnswer {
        LevelsAnswer::of_rules(&Rules::classic(shape), Extras::none())
    }

    /// The levels puzzles under `rules` with the drawn constraints `extras`
    /// are generated at: those of the board's size (without those not made
    /// within a service's time budget under the rules, or with the drawn
    /// constraints).
    pub fn of_rules(rules: &Rules, extras: Extras) -> LevelsAnswer {
        LevelsAnswer::of_made(&MakeRules::from(rules.clone()), extras)
    }

    /// The levels puzzles made under `made` with the drawn constraints
    /// `extras` are generated at ([`levels_offered_made`]): as
    /// [`of_rules`](LevelsAnswer::of_rules), and with random jigsaw regions
    /// those made with them within a service's time budget.
    pub fn of_made(made: &MakeRules, extras: Extras) -> LevelsAnswer {
        let rules = &made.rules;
        let er = |e: logic::Er| f64::from(e.0) / 10.0;
        let offered = levels_offered_made(made, extras);
        LevelsAnswer {
            board: Board::of_rules(rules),
            unlevelled: unlevelled(rules, extras)
                .map(|why| format!("{why}; such puzzles are rated after they are made")),
            levels: offered
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

/// The techniques that can be on the rating path of a puzzle of a board
/// size under classic rules, by base rating: exactly those a generate
/// target (`needs`, `hardest`) accepts for that size ([`technique_occurs`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct TechniquesAnswer {
    /// The board.
    #[serde(flatten)]
    pub board: Board,
    /// The techniques, easiest first (by base rating, then by name).
    pub techniques: Vec<TechniqueRecord>,
}

/// One technique of the rating ladder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct TechniqueRecord {
    /// The technique's name, as steps carry it (`X-Wing`).
    pub name: String,
    /// Its id, as steps carry it in `technique_id` and `needs` and
    /// `hardest` take it (`x-wing`).
    pub id: String,
    /// Its base rating (ER) on the Sudoku Explainer scale; chains,
    /// uniqueness and BUG steps rate up to a few tenths more by length.
    pub er: f64,
    /// True when puzzles that need it are drawn from the catalogue of the
    /// hardest known puzzles rather than carved (the nested chains, 9.0
    /// and up, on 9x9): such requests take no clue symmetry and seconds
    /// of CPU per puzzle, so a short time budget can miss.
    #[serde(default)]
    pub catalogue: bool,
}

impl TechniquesAnswer {
    /// The techniques a puzzle of `shape` can need.
    pub fn new(shape: Shape) -> TechniquesAnswer {
        let rules = Rules::classic(shape);
        let mut techniques: Vec<Technique> =
            Technique::ALL.into_iter().filter(|&t| technique_occurs(t, &rules).is_ok()).collect();
        techniques.sort_by_key(|t| (t.base(), t.name()));
        TechniquesAnswer {
            board: Board::new(shape),
            techniques: techniques
                .into_iter()
                .map(|t| TechniqueRecord {
                    name: t.name().to_string(),
                    id: t.slug(),
                    er: t.base().as_f64(),
                    catalogue: technique_from_catalogue(t, &rules),
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn techniques_are_the_targets_generate_accepts() {
        for shape in [Shape::new(2, 2), Shape::new(2, 3), Shape::new(3, 3), Shape::new(5, 5)] {
            let shape = shape.unwrap();
            let answer = TechniquesAnswer::new(shape);
            let rules = Rules::classic(shape);
            let listed: Vec<&str> = answer.techniques.iter().map(|t| t.id.as_str()).collect();
            for t in Technique::ALL {
                let accepted = technique_occurs(t, &rules).is_ok();
                assert_eq!(listed.contains(&t.slug().as_str()), accepted, "{t} on {shape}");
            }
            for pair in answer.techniques.windows(2) {
                assert!(pair[0].er <= pair[1].er, "{pair:?}");
            }
            for record in &answer.techniques {
                let t: Technique = record.id.parse().unwrap();
                assert_eq!((t.name(), t.base().as_f64()), (record.name.as_str(), record.er));
            }
        }
        // Hidden singles solve every 4x4 puzzle; 9x9 has the whole ladder
        // up to the nested chains of level 4 (no known path uses the fifth
        // level), and no finned fish or guess.
        let small = TechniquesAnswer::new(Shape::new(2, 2).unwrap());
        assert_eq!(small.techniques.last().unwrap().id, "hidden-single-line");
        let classic = TechniquesAnswer::new(Shape::CLASSIC);
        let ids: Vec<String> = classic.techniques.iter().map(|t| t.id.clone()).collect();
        let listed = |t: Technique| ids.contains(&t.slug());
        assert!(listed(Technique::XWing) && listed(Technique::NestedDynamicForcingChain));
        assert!(!listed(Technique::NestedDynamicForcingChainPlus));
        assert!(!listed(Technique::FinnedXWing) && !listed(Technique::TrialAndError));
        // The catalogue serves the nested chains, 9.0 and up, on 9x9 only.
        for record in &classic.techniques {
            assert_eq!(record.catalogue, record.er >= 9.0, "{record:?}");
        }
        assert!(classic.techniques.iter().any(|t| t.catalogue));
        let big = TechniquesAnswer::new(Shape::new(4, 4).unwrap());
        assert!(big.techniques.iter().all(|t| !t.catalogue), "{:?}", big.techniques);
    }
}
