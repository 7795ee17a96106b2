/*!
Constraints that are not "all different": killer cages, thermometers,
kropki dots, non-consecutive neighbours, even and odd cells.

- [`Constraint`]: one constraint given with the rules, as data: a [`Cage`],
  a [`Thermo`], a [`Dot`] or a [`Parity`] mark. Each is made only through
  [`Rules`](crate::Rules) (`with_cage`, `with_thermo`, ...), which checks it
  against the board, so a value of these types always fits its board.
- [`Relation`]: what two orthogonal neighbours must satisfy: a white or a
  black dot, or the negative rules (non-consecutive, "all dots given").
- [`Broken`]: a constraint a grid breaks, with the cells at fault.
- `Propagators` (crate-private): the constraints compiled for the searches:
  each one prunes the candidates of its cells given the others' and tells
  a contradiction; with them the sums the houses imply for the cages
  (innies and outies, `derived`).

# Invariants
- A propagator only removes digits that no completion of its own cells
  (from their current candidates) can hold: it is sound, so a search that
  calls it loses no solution.
- On cells that each hold one candidate, a propagator keeps them all if
  and only if the constraint holds ([`Constraint::is_broken_by`] agrees):
  a search that calls it at every fixpoint accepts exactly the grids that
  keep every constraint, so counts are exact.
- The checkers ([`Constraint::is_broken_by`], [`Relation::holds`]) read
  digits with plain arithmetic and share no code with the propagators.
*/

mod cage;
mod derived;
mod dot;
mod fit_memo;
mod parity;
mod propagate;
mod thermo;

use std::fmt;

pub use cage::Cage;
pub(crate) use dot::neighbours;
pub use dot::{Dot, DotKind, Relation};
pub use parity::{Parity, ParityKind};
pub(crate) use propagate::{Origin, Propagators};
pub use thermo::Thermo;

use crate::shape::{Cell, Shape, write_cell_names};

/// One constraint of the rules beyond houses and distinct groups.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Constraint {
    /// A killer cage: its digits sum to a total and do not repeat.
    Cage(Cage),
    /// A thermometer: digits strictly increase from the bulb.
    Thermo(Thermo),
    /// A kropki dot between two orthogonal neighbours.
    Dot(Dot),
    /// Cells marked even or odd.
    Parity(Parity),
}

impl Constraint {
    /// The cells the constraint reads, in its own order (a thermometer's
    /// from the bulb).
    pub fn cells(&self) -> &[u16] {
        match self {
            Constraint::Cage(c) => c.cells(),
            Constraint::Thermo(t) => t.cells(),
            Constraint::Dot(d) => d.cells(),
            Constraint::Parity(p) => p.cells(),
        }
    }

    /// Whether the digits of `values` (reading order, 0 for empty) break
    /// the constraint: a filled cell against its mark, two filled cells
    /// against their relation, a cage with a repeat, over its sum, or full
    /// and off it, a thermometer whose filled cells do not rise by at
    /// least one per step.
    pub fn is_broken_by(&self, values: &[u8]) -> bool {
        match self {
            Constraint::Cage(c) => c.is_broken_by(values),
            Constraint::Thermo(t) => t.is_broken_by(values),
            Constraint::Dot(d) => d.is_broken_by(values),
            Constraint::Parity(p) => p.is_broken_by(values),
        }
    }

    /// The constraint's name in sentences, numbered by its place among the
    /// constraints of its kind (from 1): `cage 3 (sum 15)`,
    /// `thermometer 1`, `white dot r1c1-r1c2`, `even cells`.
    pub fn describe(&self, number: usize, shape: Shape) -> String {
        match self {
            Constraint::Cage(c) => format!("cage {number} (sum {})", c.sum()),
            Constraint::Thermo(_) => format!("thermometer {number}"),
            Constraint::Dot(d) => {
                let [a, b] = d.pair();
                format!("{} dot {}-{}", d.kind(), name(a, shape), name(b, shape))
            }
            Constraint::Parity(p) => format!("{} cells", p.kind()),
        }
    }
}

/// A constraint a grid breaks.
///
/// `Display` writes a sentence naming the constraint and the cells at
/// fault in `rXcY` form, e.g. `cage 3 (sum 15) is broken at r1c1, r1c2`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Broken {
    /// The constraint, named as in sentences: `cage 3 (sum 15)`,
    /// `thermometer 1`, `black dot r1c1-r1c2`, `odd cells`,
    /// `non-consecutive`, `no dot` (all dots given).
    pub constraint: String,
    /// The cells at fault, in reading order: the constraint's filled cells
    /// (a cage, a thermometer), the two neighbours, or the marked cell.
    pub cells: Vec<Cell>,
    /// The board's shape, which names the cells.
    pub(crate) shape: Shape,
}

impl Broken {
    /// The shape of the board the constraint is on.
    pub fn shape(&self) -> Shape {
        self.shape
    }
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is broken at ", self.constraint)?;
        write_cell_names(f, &self.cells, self.shape, ", ")
    }
}

/// The `rNcM` name of cell index `i` on `shape`'s board.
pub(crate) fn name(i: u16, shape: Shape) -> String {
    Cell::from_index(i as usize).display(shape).to_string()
}

/// Why a constraint does not fit its board.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConstraintError {
    /// A cell index beyond the board, or a cell given twice.
    Cells {
        /// The constraint, as in [`Constraint::describe`].
        part: String,
        /// What is wrong with its cells.
        reason: String,
    },
    /// A cage's sum no set of distinct digits of its size reaches.
    CageSum {
        /// The cage, as in [`Constraint::describe`].
        part: String,
        /// Its cell count.
        cells: usize,
        /// The smallest and largest sums of that many distinct digits.
        range: (u32, u32),
    },
    /// Two cages share a cell.
    CagesOverlap {
        /// The cage added.
        part: String,
        /// The cage it overlaps.
        other: String,
        /// A shared cell, as `rNcM`.
        cell: String,
    },
    /// Cages on a board larger than their combination tables allow.
    CageBoard {
        /// The board side.
        size: usize,
    },
    /// Two consecutive cells of a thermometer are not neighbours (a
    /// king's move apart).
    ThermoNotPath {
        /// The thermometer, as in [`Constraint::describe`].
        part: String,
        /// The two cells, as `rNcM`.
        from: String,
        /// The cell after `from`.
        to: String,
    },
    /// A dot between two cells that are not orthogonal neighbours, or a
    /// second dot between the same two.
    Dot {
        /// The dot, as in [`Constraint::describe`].
        part: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A cell marked both even and odd.
    ParityConflict {
        /// The cell, as `rNcM`.
        cell: String,
    },
}

impl fmt::Display for ConstraintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConstraintError::Cells { part, reason } => write!(f, "{part}: {reason}"),
            ConstraintError::CageSum { part, cells, range: (lo, hi) } => {
                write!(f, "{part} cannot be made: {cells} distinct digits sum to {lo} to {hi}")
            }
            ConstraintError::CagesOverlap { part, other, cell } => {
                write!(f, "{part} overlaps {other} at {cell}")
            }
            ConstraintError::CageBoard { size } => {
                write!(f, "killer cages need a board of side 16 or less, this one has side {size}")
            }
            ConstraintError::ThermoNotPath { part, from, to } => write!(
                f,
                "{part} is not a path of neighbouring cells: {from} and {to} do not touch"
            ),
            ConstraintError::Dot { part, reason } => write!(f, "{part}: {reason}"),
            ConstraintError::ParityConflict { cell } => {
                write!(f, "{cell} is marked both even and odd")
            }
        }
    }
}

impl std::error::Error for ConstraintError {}

/// What is wrong with `cells` as `min..=max` distinct cells of the board.
pub(crate) fn check_cells(
    shape: Shape,
    cells: &[u16],
    min: usize,
    max: usize,
) -> Result<(), String> {
    if let Some(&c) = cells.iter().find(|&&c| c as usize >= shape.cell_count()) {
        return Err(format!("cell index {c} is outside a board of {} cells", shape.cell_count()));
    }
    let mut sorted = cells.to_vec();
    sorted.sort_unstable();
    if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("{} appears twice", name(w[0], shape)));
    }
    if cells.len() < min || cells.len() > max {
        let want = if min == max { format!("{min}") } else { format!("{min} to {max}") };
        return Err(format!("{} cells, expected {want}", cells.len()));
    }
    Ok(())
}

/// Each of `list` with its place among the constraints of its kind (from
/// 1), the number [`Constraint::describe`] names it by.
pub(crate) fn numbered(list: &[Constraint]) -> impl Iterator<Item = (usize, &Constraint)> {
    let mut counts = [0usize; 4];
    list.iter().map(move |c| {
        let kind = match c {
            Constraint::Cage(_) => 0,
            Constraint::Thermo(_) => 1,
            Constraint::Dot(_) => 2,
            Constraint::Parity(_) => 3,
        };
        counts[kind] += 1;
        (counts[kind], c)
    })
}
