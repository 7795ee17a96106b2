/*!
Clue symmetry: which cells must be given or blank together.

A [`Symmetry`] names a group of geometric maps of the square board (the
identity always among them); the orbit of a cell is the set of its images.
The carver removes a whole orbit at a time, so the clue pattern of the result
is invariant under every map of the group. The board is square for every box
shape, so every symmetry serves every shape: it constrains where clues are,
not which grids are valid.

Coordinates are `(row, col)` from 0 and `m = N - 1`:
- `rot180`: `(m-r, m-c)`; `rot90`: also `(c, m-r)` and `(m-c, r)`.
- `mirror-h`: left-right, `(r, m-c)` (the axis is vertical, as
  `Transform::mirror_h`); `mirror-v`: top-bottom, `(m-r, c)`.
- `diagonal`: `(c, r)`; `anti-diagonal`: `(m-c, m-r)`.
- `both-mirrors`, `both-diagonals`: each pair together with `rot180`.
- `full`: all eight maps of the square.
*/

use std::fmt;
use std::str::FromStr;

use crate::shape::Shape;

/// A symmetry of the clue pattern.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No constraint.
    #[default]
    None,
    /// Half-turn rotation.
    Rot180,
    /// Quarter-turn rotation (and so half-turn too).
    Rot90,
    /// Left-right mirror.
    MirrorH,
    /// Top-bottom mirror.
    MirrorV,
    /// Mirror in the main diagonal.
    Diagonal,
    /// Mirror in the anti-diagonal.
    AntiDiagonal,
    /// Both mirrors (and so the half turn).
    BothMirrors,
    /// Both diagonal mirrors (and so the half turn).
    BothDiagonals,
    /// All eight symmetries of the square.
    Full,
}

crate::named::named_enum!(Symmetry {
    None => "none",
    Rot180 => "rot180",
    Rot90 => "rot90",
    MirrorH => "mirror-h",
    MirrorV => "mirror-v",
    Diagonal => "diagonal",
    AntiDiagonal => "anti-diagonal",
    BothMirrors => "both-mirrors",
    BothDiagonals => "both-diagonals",
    Full => "full",
});

impl Symmetry {
    /// The maps of the group as functions of `(row, col, m)`, identity first.
    fn maps(self) -> &'static [Map] {
        use Map::*;
        match self {
            Symmetry::None => &[Id],
            Symmetry::Rot180 => &[Id, Rot180],
            Symmetry::Rot90 => &[Id, Rot90, Rot180, Rot270],
            Symmetry::MirrorH => &[Id, MirrorH],
            Symmetry::MirrorV => &[Id, MirrorV],
            Symmetry::Diagonal => &[Id, Diagonal],
            Symmetry::AntiDiagonal => &[Id, AntiDiagonal],
            Symmetry::BothMirrors => &[Id, MirrorH, MirrorV, Rot180],
            Symmetry::BothDiagonals => &[Id, Diagonal, AntiDiagonal, Rot180],
            Symmetry::Full => {
                &[Id, Rot90, Rot180, Rot270, MirrorH, MirrorV, Diagonal, AntiDiagonal]
            }
        }
    }

    /// The images of cell index `cell` under every map of the group.
    pub fn images(self, shape: Shape, cell: usize) -> impl Iterator<Item = usize> {
        let n = shape.size();
        let (r, c, m) = (cell / n, cell % n, n - 1);
        self.maps().iter().map(move |map| {
            let (r2, c2) = map.apply(r, c, m);
            r2 * n + c2
        })
    }

    /// The orbits of the board's cells: disjoint, covering every cell, each
    /// in increasing order, listed by their smallest cell.
    pub fn orbits(self, shape: Shape) -> Vec<Vec<u16>> {
        let cells = shape.cell_count();
        let mut seen = vec![false; cells];
        let mut orbits = Vec::new();
        for cell in 0..cells {
            if seen[cell] {
                continue;
            }
            let mut orbit: Vec<u16> = self.images(shape, cell).map(|i| i as u16).collect();
            orbit.sort_unstable();
            orbit.dedup();
            for &i in &orbit {
                seen[i as usize] = true;
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the given cells (a clue pattern, `true` = given) are invariant
    /// under every map of the group.
    pub fn holds_for(self, shape: Shape, given: &[bool]) -> bool {
        (0..shape.cell_count())
            .all(|cell| self.images(shape, cell).all(|i| given[i] == given[cell]))
    }
}

#[derive(Clone, Copy, Debug)]
enum Map {
    Id,
    Rot90,
    Rot180,
    Rot270,
    MirrorH,
    MirrorV,
    Diagonal,
    AntiDiagonal,
}

impl Map {
    fn apply(self, r: usize, c: usize, m: usize) -> (usize, usize) {
        match self {
            Map::Id => (r, c),
            Map::Rot90 => (c, m - r),
            Map::Rot180 => (m - r, m - c),
            Map::Rot270 => (m - c, r),
            Map::MirrorH => (r, m - c),
            Map::MirrorV => (m - r, c),
            Map::Diagonal => (c, r),
            Map::AntiDiagonal => (m - c, m - r),
        }
    }
}

/// A symmetry name that is not one of [`Symmetry::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSymmetry(pub String);

impl fmt::Display for UnknownSymmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
        write!(f, "unknown symmetry {:?}; expected one of: {}", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownSymmetry {}

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        Symmetry::from_name(s).ok_or_else(|| UnknownSymmetry(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_board_and_have_the_group_sizes() {
        for shape in [Shape::from_size(9).unwrap(), Shape::from_size(6).unwrap()] {
            for sym in Symmetry::ALL {
                let orbits = sym.orbits(shape);
                let mut count = vec![0; shape.cell_count()];
                for orbit in &orbits {
                    assert!(orbit.len() <= sym.maps().len());
                    assert_eq!(sym.maps().len() % orbit.len(), 0, "{sym}: orbit {orbit:?}");
                    for &c in orbit {
                        count[c as usize] += 1;
                    }
                }
                assert!(count.iter().all(|&k| k == 1), "{sym} on {shape}");
            }
        }
        // On 9x9 the half turn pairs every cell but the centre: 40 pairs + 1.
        assert_eq!(Symmetry::Rot180.orbits(Shape::CLASSIC).len(), 41);
        // The full group: orbits of 8, 4 (axes and diagonals) and the centre.
        assert_eq!(Symmetry::Full.orbits(Shape::CLASSIC).len(), 15);
    }

    #[test]
    fn names_round_trip() {
        for sym in Symmetry::ALL {
            assert_eq!(sym.name().parse::<Symmetry>(), Ok(sym));
        }
        let err = "spiral".parse::<Symmetry>().unwrap_err().to_string();
        assert!(err.contains("spiral") && err.contains("both-diagonals"), "{err}");
    }
}
