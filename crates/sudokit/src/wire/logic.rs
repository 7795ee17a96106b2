//! The logical solver as records: [`Rating`], [`Step`] (with the
//! [`Chain`] of a chain step: [`ChainBranch`], [`ChainLink`],
//! [`ChainPotential`], [`NestedChain`]), [`TechniqueCount`], and the answers [`RateAnswer`], [`HintAnswer`] and
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
    /// The implications behind a dynamic or nested forcing-chain step on a
    /// 9x9 board (absent for other steps).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain: Option<Chain>,
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
            chain: step.chain.as_deref().map(|c| Chain::new(c, shape)),
        }
    }
}

/// A digit in a cell, on (the cell holds it) or off (it does not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ChainPotential {
    /// The row, from 1.
    pub row: usize,
    /// The column, from 1.
    pub col: usize,
    /// The digit, from 1.
    pub digit: u8,
    /// Whether the digit is in the cell (`r1c2=5`) or not (`r1c2<>5`).
    pub on: bool,
}

impl ChainPotential {
    fn new(p: logic::Potential, shape: Shape) -> ChainPotential {
        let CellRef { row, col } = CellRef::new(shape, p.cell);
        ChainPotential { row, col, digit: p.digit.get(), on: p.on }
    }
}

/// One implication of a branch: a potential, why it holds and the earlier
/// implications it follows from.
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct ChainLink {
    /// What holds.
    #[serde(flatten)]
    pub potential: ChainPotential,
    /// Why: `assumption` (the branch's first), `cell` (an on digit removes
    /// the cell's others; the last candidate of a cell is on), `house` (an
    /// on digit removes the digit from the house's other cells; the last
    /// place of a digit is on), `rule` (a technique applied on the board as
    /// the branch has reduced it), `nested` (a chain applied so), `differ`
    /// (cells that must differ without sharing a house, e.g. a knight's
    /// move apart under anti-knight) or `constraint` (a cage, thermometer,
    /// dot or mark, on the board as the branch has reduced it).
    pub reason: String,
    /// The house of reason `house`, e.g. `row 3`.
    pub house: Option<String>,
    /// The technique of reason `rule`: `intersection`, `hidden pair`,
    /// `naked pair` or `X-wing`.
    pub rule: Option<String>,
    /// The index in `nested` of the chain of reason `nested`.
    pub nested: Option<usize>,
    /// The constraint of reason `constraint`, in words, e.g. `cage 3 (sum
    /// 15) at r1c1, r1c2` or `the white dot between r1c1 and r1c2`.
    pub constraint: Option<String>,
    /// The indices, in this branch, of the implications it follows from
    /// (empty for the assumption).
    pub parents: Vec<usize>,
}

/// The implications of one assumption, in the order found: the
/// assumption first, the branch's conclusion last.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct ChainBranch {
    /// The implications; each names earlier ones as parents.
    pub implications: Vec<ChainLink>,
}

/// A chain applied inside the outer chain, summarised.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct NestedChain {
    /// Its technique's name, e.g. `Forcing Chain`.
    pub technique: String,
    /// Its technique's id, e.g. `forcing-chain`.
    pub technique_id: String,
    /// Its form: `contradiction`, `double`, `cell`, `region`, `chain` or
    /// `cycle`.
    pub form: String,
    /// Its (first) assumption; for a cycle, a potential of the cycle.
    pub assumption: ChainPotential,
    /// What its branches imply: the potential they share, or for a
    /// contradiction the two that clash; empty for a cycle.
    pub implied: Vec<ChainPotential>,
    /// The candidates it removes on the outer chain's board.
    pub removes: Vec<CellDigit>,
    /// The cells it involves, in reading order.
    pub cells: Vec<CellRef>,
    /// The digits it involves, ascending.
    pub digits: Vec<u8>,
    /// The summary in words.
    pub summary: String,
}

/// The implications behind a chain step: one branch per assumption, each
/// in full, and the chains applied inside them.
#[skip_serializing_none]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct Chain {
    /// How the branches combine: `contradiction` (one branch implies a
    /// potential and its opposite, so its assumption is false), `double`
    /// (a candidate on and off imply the same), `cell` (every candidate of
    /// `cell` implies the same), `region` (every place of `digit` in
    /// `house` implies the same), `chain` (one branch: an assumption
    /// implies its opposite, each potential from the one before) or
    /// `cycle` (one branch around a bidirectional cycle, back to its first
    /// potential).
    pub form: String,
    /// The cell of form `cell`.
    pub cell: Option<CellRef>,
    /// The house of form `region`, e.g. `row 4`.
    pub house: Option<String>,
    /// The digit of form `region`.
    pub digit: Option<u8>,
    /// One branch per assumption.
    pub branches: Vec<ChainBranch>,
    /// The chains applied inside the branches, each once
    /// (`ChainLink::nested` indexes this list).
    pub nested: Vec<NestedChain>,
}

impl Chain {
    /// The record of `proof` on a board of `shape`.
    pub fn new(proof: &logic::ChainProof, shape: Shape) -> Chain {
        let (cell, house, digit) = match proof.form {
            logic::ChainForm::Cell(c) => (Some(CellRef::new(shape, c)), None, None),
            logic::ChainForm::Region(h, d) => (None, Some(h.to_string()), Some(d.get())),
            _ => (None, None, None),
        };
        let link = |i: &logic::Implication| {
            let mut constraint = None;
            let (reason, house, rule, nested) = match i.reason {
                logic::Reason::Assumed => ("assumption", None, None, None),
                logic::Reason::Cell => ("cell", None, None, None),
                logic::Reason::House(h) => ("house", Some(h.to_string()), None, None),
                logic::Reason::Rule(r) => ("rule", None, Some(r.name().to_string()), None),
                logic::Reason::Nested(n) => ("nested", None, None, Some(n)),
                logic::Reason::Differ => ("differ", None, None, None),
                logic::Reason::Constraint(c) => {
                    constraint = proof.constraints.get(c).cloned();
                    ("constraint", None, None, None)
                }
            };
            ChainLink {
                potential: ChainPotential::new(i.potential, shape),
                reason: reason.to_string(),
                house,
                rule,
                nested,
                constraint,
                parents: i.parents.clone(),
            }
        };
        let nested = |n: &logic::NestedChain| NestedChain {
            technique: n.technique.name().to_string(),
            technique_id: technique_id(n.technique),
            form: n.form.name().to_string(),
            assumption: ChainPotential::new(n.assumption, shape),
            implied: n.implied.iter().map(|&p| ChainPotential::new(p, shape)).collect(),
            removes: n.removes.iter().map(|&(c, d)| CellDigit::new(shape, c, d)).collect(),
            cells: n.cells.iter().map(|&c| CellRef::new(shape, c)).collect(),
            digits: n.digits.iter().map(|d| d.get()).collect(),
            summary: n.summary.clone(),
        };
        Chain {
            form: proof.form.name().to_string(),
            cell,
            house,
            digit,
            branches: proof
                .branches
                .iter()
                .map(|b| ChainBranch { implications: b.implications.iter().map(link).collect() })
                .collect(),
            nested: proof.nested.iter().map(nested).collect(),
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
