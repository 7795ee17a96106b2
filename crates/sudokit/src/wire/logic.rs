//! The logical solver as records: [`Rating`], [`Step`],
//! [`TechniqueCount`], and the answers [`RateAnswer`], [`HintAnswer`] and
//! [`ExplainAnswer`].
//!
//! A technique travels by its name (`Hidden Single (box)`, for people) and
//! its id ([`technique_id`]: `hidden-single-box`, for programs).

use serde::{Deserialize, Serialize};
use serde_with::skip_serializing_none;

use super::{CellDigit, CellRef, Subject};
use crate::logic::{self, Path, Technique};
use crate::{Grid, Shape};

/// The stable machine name of `technique`: its name in lower case, words
/// joined by `-`, `+` spelled `plus` (`Dynamic Forcing Chain (+)` is
/// `dynamic-forcing-chain-plus`).
pub fn technique_id(technique: Technique) -> String {
    technique.slug()
}

/// A rating on the Sudoku Explainer scale.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct Rating {
    /// ER: the hardest step on the path (one decimal).
    pub er: f64,
    /// EP: the hardest step up to the first placement.
    pub ep: f64,
    /// ED: the first step.
    pub ed: f64,
    /// The level of ER: easy, medium, hard, expert, evil, extreme or
    /// diabolical.
    pub level: String,
    /// The hardest technique's name (`-` for a grid already solved).
    pub hardest: String,
    /// Whether the path needed trial and error.
    pub guessed: bool,
}

impl From<&logic::Rating> for Rating {
    fn from(r: &logic::Rating) -> Rating {
        Rating {
            er: r.er.as_f64(),
            ep: r.ep.as_f64(),
            ed: r.ed.as_f64(),
            level: r.level.name().to_string(),
            hardest: r.hardest.map_or_else(|| "-".to_string(), |t| t.name().to_string()),
            guessed: r.guessed,
        }
    }
}

/// One logical step: the technique, its evidence and what it changes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct Step {
    /// The technique's name, e.g. `Hidden Single (box)`.
    pub technique: String,
    /// The technique's id, e.g. `hidden-single-box` (see [`technique_id`]).
    pub technique_id: String,
    /// The step's rating (the technique's base plus any length increment).
    pub rating: f64,
    /// Digits placed.
    pub placements: Vec<CellDigit>,
    /// Candidates removed.
    pub eliminations: Vec<CellDigit>,
    /// The evidence cells to highlight, in reading order.
    pub cells: Vec<CellRef>,
    /// The digits of the pattern.
    pub digits: Vec<u8>,
    /// The houses of the pattern, e.g. `row 1`, `box 5`, `diagonal 1`.
    pub houses: Vec<String>,
    /// A sentence a person can follow.
    pub explanation: String,
    /// Whether the step is a guess (trial and error) rather than a technique.
    pub guess: bool,
}

impl Step {
    /// The record of `step` on a board of `shape`.
    pub fn new(step: &logic::Step, shape: Shape) -> Step {
        let cell_digits = |list: &[(crate::Cell, crate::Digit)]| {
            list.iter().map(|&(c, d)| CellDigit::new(shape, c, d)).collect()
        };
        Step {
            technique: step.technique.name().to_string(),
            technique_id: technique_id(step.technique),
            rating: step.difficulty.as_f64(),
            placements: cell_digits(&step.placements),
            eliminations: cell_digits(&step.eliminations),
            cells: step.cells.iter().map(|&c| CellRef::new(shape, c)).collect(),
            digits: step.digits.iter().map(|d| d.get()).collect(),
            houses: step.houses.iter().map(|u| u.to_string()).collect(),
            explanation: step.explanation.clone(),
            guess: step.technique.is_guess(),
        }
    }
}

/// How often one technique was used on a path.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct TechniqueCount {
    /// The technique's name.
    pub technique: String,
    /// The technique's id (see [`technique_id`]).
    pub technique_id: String,
    /// Its base rating.
    pub rating: f64,
    /// Steps that used it.
    pub count: usize,
}

impl TechniqueCount {
    /// `count` steps of `technique`.
    pub fn new(technique: Technique, count: usize) -> TechniqueCount {
        TechniqueCount {
            technique: technique.name().to_string(),
            technique_id: technique_id(technique),
            rating: technique.base().as_f64(),
            count,
        }
    }

    /// The techniques of `path`, easiest first.
    pub fn of_path(path: &Path) -> Vec<TechniqueCount> {
        let mut counts = path.technique_counts();
        counts.sort_by_key(|(t, _)| t.base());
        counts.into_iter().map(|(t, n)| TechniqueCount::new(t, n)).collect()
    }
}

/// The rating of a puzzle.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct RateAnswer {
    /// The puzzle: its input line, board and text.
    #[serde(flatten)]
    pub subject: Subject,
    /// The rating.
    #[serde(flatten)]
    pub rating: Rating,
}

impl RateAnswer {
    /// `puzzle` rated `rating`.
    pub fn new(puzzle: &Grid, rating: &logic::Rating) -> RateAnswer {
        RateAnswer { subject: Subject::new(puzzle), rating: rating.into() }
    }
}

/// The easiest next step of a puzzle or pencil-mark state.
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct HintAnswer {
    /// The puzzle: its input line, board and text.
    #[serde(flatten)]
    pub subject: Subject,
    /// Whether the state is already solved (then there is no step).
    pub solved: bool,
    /// The easiest next step.
    pub step: Option<Step>,
}

impl HintAnswer {
    /// The next step of `puzzle`: `step`, or `None` when it is solved.
    pub fn new(puzzle: &Grid, step: Option<&logic::Step>) -> HintAnswer {
        let shape = puzzle.shape();
        HintAnswer {
            subject: Subject::new(puzzle),
            solved: step.is_none(),
            step: step.map(|s| Step::new(s, shape)),
        }
    }
}

/// The whole logical path of a puzzle, its rating and the techniques used.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct ExplainAnswer {
    /// The puzzle: its input line, board and text.
    #[serde(flatten)]
    pub subject: Subject,
    /// The rating of the path.
    #[serde(flatten)]
    pub rating: Rating,
    /// Every step, in order, from the puzzle to its solution.
    pub steps: Vec<Step>,
    /// The techniques used, easiest first.
    pub counts: Vec<TechniqueCount>,
}

impl ExplainAnswer {
    /// The path `path` from `puzzle` to its solution.
    pub fn new(puzzle: &Grid, path: &Path) -> ExplainAnswer {
        let shape = puzzle.shape();
        ExplainAnswer {
            subject: Subject::new(puzzle),
            rating: (&path.rating()).into(),
            steps: path.steps.iter().map(|s| Step::new(s, shape)).collect(),
            counts: TechniqueCount::of_path(path),
        }
    }
}
