//! [`Geometry`]: a board's houses and extra peers as plain lists, for a face
//! that draws the board or highlights peers (the web page) without knowing
//! how rules are built.
//!
//! Cells are indices in reading order (`row * size + col`, from 0): a
//! geometry lists every cell of every house, so the compact form keeps a
//! 64x64 board's table small. The engine's [`Layout`](crate::Layout) is the
//! source; nothing here is computed twice.

use serde::{Deserialize, Serialize};

use super::{Board, Constraints};
use crate::Rules;

/// A board's houses, and the cells each cell must differ from without
/// sharing a house with it (anti-knight, anti-king, distinct groups).
///
/// Invariants: `houses` lists rows, then columns, then boxes or regions,
/// then the rules' extra houses, each with `size` cells; `differ` is empty
/// when the rules have no such groups, else holds one list per cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct Geometry {
    /// The board.
    #[serde(flatten)]
    pub board: Board,
    /// Every house, in the engine's order.
    pub houses: Vec<HouseCells>,
    /// Per cell, its peers outside its houses (empty when there are none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub differ: Vec<Vec<u16>>,
    /// The rules' cages, thermometers, dots and even/odd marks, to draw
    /// (absent when there are none).
    #[serde(default, skip_serializing_if = "Constraints::is_empty")]
    pub constraints: Constraints,
}

/// One house: its kind, its number among houses of that kind, its cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[non_exhaustive]
pub struct HouseCells {
    /// `row`, `column`, `box`, `region`, `diagonal`, `window` or `house`.
    pub kind: String,
    /// The number among houses of this kind, from 1 (as in "box 3").
    pub number: usize,
    /// The cell indices (`row * size + col`, from 0).
    pub cells: Vec<u16>,
}

impl Geometry {
    /// The geometry of `rules`.
    pub fn new(rules: &Rules) -> Geometry {
        let layout = rules.layout();
        let houses = (0..layout.house_count())
            .map(|h| {
                let name = layout.name(h);
                HouseCells {
                    kind: name.kind.name().to_string(),
                    number: name.index + 1,
                    cells: layout.house(h).to_vec(),
                }
            })
            .collect();
        let differ = if layout.has_differ() {
            (0..rules.shape().cell_count())
                .map(|cell| {
                    let mut in_house = Vec::new();
                    for &h in layout.houses_of(cell) {
                        in_house.extend_from_slice(layout.house(usize::from(h)));
                    }
                    layout.peers(cell).iter().copied().filter(|p| !in_house.contains(p)).collect()
                })
                .collect()
        } else {
            Vec::new()
        };
        Geometry {
            board: Board::of_rules(rules),
            houses,
            differ,
            constraints: Constraints::of_rules(rules),
        }
    }
}
