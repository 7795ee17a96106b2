//! Cell masks of small boards (at most 128 cells, so up to 11x11): each
//! cell's row, column and box, and all its peers, as `u128` bit masks (bit
//! `i` for cell index `i`). The carver's direct test and the unavoidable
//! sets work on such masks. Invariant: a cell's masks hold the cell itself.

use std::sync::OnceLock;

use crate::shape::{Cell, Shape};

/// The unit and peer masks of one shape.
pub(super) struct CellMasks {
    /// Per cell: its row, column and box.
    pub(super) units: Vec<[u128; 3]>,
    /// Per cell: the union of its three units.
    pub(super) peers: Vec<u128>,
}

impl CellMasks {
    /// The masks of `shape`, `None` beyond 128 cells. Each shape's masks
    /// are built once per process and kept (there are few such shapes).
    pub(super) fn of(shape: Shape) -> Option<&'static CellMasks> {
        if shape == Shape::CLASSIC {
            static CLASSIC: OnceLock<CellMasks> = OnceLock::new();
            return Some(CLASSIC.get_or_init(|| CellMasks::build(Shape::CLASSIC)));
        }
        if shape.cell_count() > 128 {
            return None;
        }
        static OTHERS: OnceLock<std::sync::Mutex<Vec<(Shape, &'static CellMasks)>>> =
            OnceLock::new();
        let mut cache =
            OTHERS.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&(_, masks)) = cache.iter().find(|(s, _)| *s == shape) {
            return Some(masks);
        }
        let masks: &'static CellMasks = Box::leak(Box::new(CellMasks::build(shape)));
        cache.push((shape, masks));
        Some(masks)
    }

    fn build(shape: Shape) -> CellMasks {
        let n = shape.size();
        let mut unit = vec![0u128; 3 * n];
        let place =
            |cell: usize| [cell / n, n + cell % n, 2 * n + shape.box_of(Cell::from_index(cell))];
        for cell in 0..n * n {
            for u in place(cell) {
                unit[u] |= 1 << cell;
            }
        }
        let units: Vec<[u128; 3]> = (0..n * n).map(|cell| place(cell).map(|u| unit[u])).collect();
        let peers = units.iter().map(|[r, c, b]| r | c | b).collect();
        CellMasks { units, peers }
    }
}
