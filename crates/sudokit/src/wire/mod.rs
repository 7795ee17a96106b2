/*!
The wire format: the serialisable records every face of sudokit speaks
(feature `serde`).

The command line's `--format json`, the HTTP service and the web page
exchange these types and nothing else, so a field means the same thing
everywhere and a client can read any of them with one set of types.
Each record is built from the engine's own values by a constructor here
(`SolveAnswer::new`, `Step::new`, ...); the faces add only what is theirs
(the CLI's input `line`, the service's status codes).

# Types
- [`Subject`]: what an answer is about (input line, [`Board`], puzzle text),
  the first fields of every answer about a puzzle.
- [`Board`]: the board (box shape, side, room for rules).
- [`CellRef`], [`CellDigit`]: a cell, and a digit at a cell, by 1-based row
  and column.
- [`Clash`]: a broken rule (unit, digit, cells).
- [`SolveAnswer`] with its [`Status`] and optional [`SearchTrace`],
  [`CountAnswer`], [`ValidateAnswer`]: exact solving.
- [`TransformAnswer`], [`CanonAnswer`]: transformations and canonical forms.
- [`Rating`], [`Step`], [`TechniqueCount`], [`RateAnswer`], [`HintAnswer`],
  [`ExplainAnswer`]: the logical solver.
- [`GeneratedItem`]: one generated puzzle or full grid, with the
  [`Constraints`] drawn for it ([`CageCells`], [`DotCells`]).
- [`LevelsAnswer`], [`LevelRecord`]: the named levels a board size offers;
  [`TechniquesAnswer`], [`TechniqueRecord`]: the techniques a puzzle of a
  board size can be generated to need.
- [`ConstructionAnswer`], [`BuildStepRecord`]: how a full grid was made,
  step by step.
- [`Geometry`], [`HouseCells`]: a board's houses and extra peers, for a
  face that draws the board.
- [`Error`], [`ErrorAnswer`]: what went wrong (code, message, line, cell).

# Invariants
- Rows, columns and digits are 1-based, as a person counts them.
- Grids travel in the line format ([`format::to_line`](crate::format::to_line)):
  one character per cell up to 35x35, tokens above.
- Fields that a face may leave out are `Option`s, left out when `None`
  (`serde_with::skip_serializing_none` on the record), or lists skipped
  when empty; everything else is always present. Records only grow: new fields
  are optional, so a reader of an older record still understands a newer one.
- With the feature `openapi` every record also derives
  `utoipa::ToSchema`, so the service's OpenAPI document is generated from
  these same types.
*/

mod board;
mod cell;
mod constraints;
mod construct;
mod error;
mod generate;
mod geometry;
mod logic;
mod solve;
mod subject;
mod transform;

pub use board::Board;
pub use cell::{CellDigit, CellRef};
pub use constraints::{CageCells, Constraints, DotCells};
pub use construct::{BuildStepRecord, ConstructionAnswer, RemovalRecord, RemovalStepRecord};
pub use error::{Error, ErrorAnswer};
pub use generate::{GeneratedItem, LevelRecord, LevelsAnswer, TechniqueRecord, TechniquesAnswer};
pub use geometry::{Geometry, HouseCells};
pub use logic::{
    Chain, ChainBranch, ChainLink, ChainPotential, ExplainAnswer, HintAnswer, NestedChain,
    RateAnswer, Rating, Step, TechniqueCount, technique_id,
};
pub use solve::{Broken, Clash, CountAnswer, SearchTrace, SolveAnswer, Status, ValidateAnswer};
pub use subject::Subject;
pub use transform::{CanonAnswer, TransformAnswer};
