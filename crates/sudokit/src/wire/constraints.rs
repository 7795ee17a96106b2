//! [`Constraints`]: the constraints of a board beyond houses, as data a
//! face can draw: cages with their sums, thermometers, kropki dots, even
//! and odd cells.
//!
//! Cells are indices from 0 in reading order, as in the rules' compact
//! name and in [`Geometry`](super::Geometry). Every list is skipped when
//! empty, so a board without such constraints adds nothing to a record.

use serde::{Deserialize, Serialize};

use crate::Rules;
use crate::constraint::Constraint;

/// The constraints of a board beyond houses and distinct groups.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct Constraints {
    /// Killer cages: distinct digits summing to `sum`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cages: Vec<CageCells>,
    /// Thermometers, each from its bulb: digits strictly rise along it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub thermos: Vec<Vec<u16>>,
    /// Kropki dots between orthogonal neighbours.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dots: Vec<DotCells>,
    /// Whether every dot is given: neighbours without a dot are neither
    /// consecutive nor in ratio 2.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub all_dots: bool,
    /// Cells holding even digits.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub even: Vec<u16>,
    /// Cells holding odd digits.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub odd: Vec<u16>,
}

/// A killer cage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CageCells {
    /// Its cells.
    pub cells: Vec<u16>,
    /// The sum of its digits.
    pub sum: u32,
}

/// A kropki dot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DotCells {
    /// The two neighbours, the smaller index first.
    pub cells: [u16; 2],
    /// `white` (consecutive digits) or `black` (one twice the other).
    pub kind: String,
}

impl Constraints {
    /// The constraints of `rules`, in the order the rules hold them.
    pub fn of_rules(rules: &Rules) -> Constraints {
        let mut out = Constraints { all_dots: rules.has_all_dots(), ..Constraints::default() };
        for c in rules.constraints() {
            match c {
                Constraint::Cage(cage) => {
                    out.cages.push(CageCells { cells: cage.cells().to_vec(), sum: cage.sum() });
                }
                Constraint::Thermo(t) => out.thermos.push(t.cells().to_vec()),
                Constraint::Dot(d) => {
                    out.dots.push(DotCells { cells: d.pair(), kind: d.kind().to_string() });
                }
                Constraint::Parity(p) => match p.kind() {
                    crate::constraint::ParityKind::Even => out.even.extend(p.cells()),
                    crate::constraint::ParityKind::Odd => out.odd.extend(p.cells()),
                },
            }
        }
        out
    }

    /// Whether there is no constraint at all.
    pub fn is_empty(&self) -> bool {
        *self == Constraints::default()
    }
}
