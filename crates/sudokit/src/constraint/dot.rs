//! [`Dot`]: a kropki dot between two orthogonal neighbours, and the
//! [`Relation`]s that two neighbours may be bound by.
//!
//! Invariant: a dot's two cells are distinct orthogonal neighbours of the
//! board, the smaller index first (checked by [`Dot::new`]).

use std::fmt;

use super::{ConstraintError, name};
use crate::shape::Shape;

/// The colour of a kropki dot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DotKind {
    /// The two digits are consecutive (differ by 1).
    White,
    /// One digit is twice the other.
    Black,
}

impl DotKind {
    /// The dot that digits `a` and `b` call for: white when they are
    /// consecutive (so 1 and 2 get white), else black when one is twice the
    /// other, else none.
    ///
    /// ```
    /// use sudokit::constraint::DotKind;
    ///
    /// assert_eq!(DotKind::between(4, 8), Some(DotKind::Black));
    /// assert_eq!(DotKind::between(2, 1), Some(DotKind::White));
    /// assert_eq!(DotKind::between(3, 7), None);
    /// ```
    pub fn between(a: u8, b: u8) -> Option<DotKind> {
        if a.abs_diff(b) == 1 {
            Some(DotKind::White)
        } else if Relation::Double.holds(a, b) {
            Some(DotKind::Black)
        } else {
            None
        }
    }
}

impl fmt::Display for DotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DotKind::White => "white",
            DotKind::Black => "black",
        })
    }
}

/// What the digits of two cells must satisfy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// They differ by 1 (a white dot).
    Consecutive,
    /// One is twice the other (a black dot).
    Double,
    /// They do not differ by 1 (non-consecutive).
    NotConsecutive,
    /// They neither differ by 1 nor is one twice the other (neighbours
    /// without a dot when all dots are given).
    NoDot,
}

impl Relation {
    /// Every relation, in the order of the propagators' tables.
    pub(crate) const ALL: [Relation; 4] =
        [Relation::Consecutive, Relation::Double, Relation::NotConsecutive, Relation::NoDot];

    /// Whether digits `a` and `b` satisfy the relation.
    pub fn holds(self, a: u8, b: u8) -> bool {
        let consecutive = a.abs_diff(b) == 1;
        let double = u16::from(a) * 2 == u16::from(b) || u16::from(b) * 2 == u16::from(a);
        match self {
            Relation::Consecutive => consecutive,
            Relation::Double => double,
            Relation::NotConsecutive => !consecutive,
            Relation::NoDot => !consecutive && !double,
        }
    }
}

impl From<DotKind> for Relation {
    fn from(kind: DotKind) -> Relation {
        match kind {
            DotKind::White => Relation::Consecutive,
            DotKind::Black => Relation::Double,
        }
    }
}

/// A kropki dot on the edge between two orthogonal neighbours.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dot {
    cells: [u16; 2],
    kind: DotKind,
}

impl Dot {
    /// The dot of `kind` between cells `a` and `b` of `shape`'s board.
    pub(crate) fn new(shape: Shape, a: u16, b: u16, kind: DotKind) -> Result<Dot, ConstraintError> {
        let (n, cells) = (shape.size(), shape.cell_count());
        let (a, b) = (a.min(b), a.max(b));
        let part = |s: Shape| {
            if (b as usize) < cells {
                format!("{kind} dot {}-{}", name(a, s), name(b, s))
            } else {
                format!("{kind} dot {a}-{b}")
            }
        };
        let reason = if b as usize >= cells {
            Some(format!("cell index {b} is outside a board of {cells} cells"))
        } else {
            let (ra, ca, rb, cb) = (a as usize / n, a as usize % n, b as usize / n, b as usize % n);
            (ra.abs_diff(rb) + ca.abs_diff(cb) != 1)
                .then(|| "a dot sits between two orthogonal neighbours".to_string())
        };
        if let Some(reason) = reason {
            return Err(ConstraintError::Dot { part: part(shape), reason });
        }
        Ok(Dot { cells: [a, b], kind })
    }

    /// The two cells, the smaller index first.
    pub fn pair(&self) -> [u16; 2] {
        self.cells
    }

    /// The two cells, as a slice.
    pub fn cells(&self) -> &[u16] {
        &self.cells
    }

    /// White or black.
    pub fn kind(&self) -> DotKind {
        self.kind
    }

    /// Whether both cells are filled in `values` and break the dot.
    pub(crate) fn is_broken_by(&self, values: &[u8]) -> bool {
        let [a, b] = self.cells.map(|c| values[c as usize]);
        a != 0 && b != 0 && !Relation::from(self.kind).holds(a, b)
    }
}

/// Every pair of orthogonal neighbours of `shape`'s board, the smaller
/// index first, in reading order of that cell (right, then down).
pub(crate) fn neighbours(shape: Shape) -> Vec<[u16; 2]> {
    let n = shape.size();
    let mut out = Vec::new();
    for i in 0..n * n {
        if i % n + 1 < n {
            out.push([i as u16, (i + 1) as u16]);
        }
        if i / n + 1 < n {
            out.push([i as u16, (i + n) as u16]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relations_hold_by_their_arithmetic() {
        assert!(Relation::Consecutive.holds(4, 5) && !Relation::Consecutive.holds(4, 6));
        assert!(Relation::Double.holds(3, 6) && Relation::Double.holds(8, 4));
        assert!(!Relation::Double.holds(3, 5));
        assert!(Relation::NotConsecutive.holds(1, 3) && !Relation::NotConsecutive.holds(2, 1));
        assert!(!Relation::NoDot.holds(1, 2) && !Relation::NoDot.holds(2, 4));
        assert!(Relation::NoDot.holds(3, 5));
        assert_eq!(neighbours(Shape::CLASSIC).len(), 144);
    }
}
