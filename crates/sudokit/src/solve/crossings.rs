/*!
The crossings of a layout's houses, for intersection eliminations on any
board (pointing and claiming generalised to irregular houses).

# Idea
Two houses `A` and `B` that share at least two cells (a row and a jigsaw
region, a column and a box, a diagonal and a window, ...) meet in a
*crossing* `S = A ∩ B`. Each house holds every digit once, so a digit that
house `A` can place only inside `S` is placed in `S`, hence in `B`, and no
other cell of `B` can hold it: it leaves `B \ A`. With rows, columns and
boxes these are the pointing and claiming rules; with jigsaw regions they
are the line-region intersections a solver of irregular boards reads
(Andrew Stuart, "Intersection Removal", sudokuwiki.org).

The tables hold, for each house `A` and each other house `B` crossing it
in at least two cells (and not in all of them: a house repeated adds
nothing), the cells of `A` inside `S`, those outside it and the targets
`B \ A`. The rule reads only `A`'s candidates, so a search re-examines a
house's crossings only after one of its cells changed.

# Invariants
- A crossing lists every cell of `A` exactly once, in `inside` or
  `outside`; `targets` are the cells of `B` not in `A`.
- Crossings of house `A` are contiguous, in increasing order of `B`.
*/

use crate::shape::Layout;

/// One crossing of a house `A` with a house `B`, as ranges of
/// [`Crossings::cells`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Crossing {
    /// Cells of `A` in `B`.
    pub(super) inside: (u32, u32),
    /// Cells of `A` not in `B`.
    pub(super) outside: (u32, u32),
    /// Cells of `B` not in `A`.
    pub(super) targets: (u32, u32),
}

/// Every crossing of a layout, grouped by house.
#[derive(Clone, Debug)]
pub(super) struct Crossings {
    /// The crossings of house `h` are `list[at[h]..at[h + 1]]`.
    at: Vec<u32>,
    list: Vec<Crossing>,
    cells: Vec<u16>,
}

impl Crossings {
    /// The crossings of `layout`'s houses `A` and `B` of which one at least
    /// is numbered `first` or more: with `first` = 0 every crossing, with
    /// `3N` those of the extra houses (where locked candidates hold the
    /// crossings of boxes and lines).
    pub(super) fn beyond(layout: &Layout, first: usize) -> Crossings {
        let houses = layout.house_count();
        let mut at = Vec::with_capacity(houses + 1);
        let mut list = Vec::new();
        let mut cells = Vec::new();
        let mut shared = vec![0usize; houses];
        let push = |cells: &mut Vec<u16>, part: &mut dyn Iterator<Item = u16>| {
            let start = cells.len() as u32;
            cells.extend(part);
            (start, cells.len() as u32)
        };
        for a in 0..houses {
            at.push(list.len() as u32);
            shared.fill(0);
            let own = layout.house(a);
            for &c in own {
                for &b in layout.houses_of(c as usize) {
                    shared[b as usize] += 1;
                }
            }
            for (b, &k) in shared.iter().enumerate() {
                if b == a || k < 2 || k == own.len() || a.max(b) < first {
                    continue;
                }
                let in_b = |c: u16| layout.houses_of(c as usize).contains(&(b as u16));
                let in_a = |c: u16| layout.houses_of(c as usize).contains(&(a as u16));
                let inside = push(&mut cells, &mut own.iter().copied().filter(|&c| in_b(c)));
                let outside = push(&mut cells, &mut own.iter().copied().filter(|&c| !in_b(c)));
                let targets =
                    push(&mut cells, &mut layout.house(b).iter().copied().filter(|&c| !in_a(c)));
                list.push(Crossing { inside, outside, targets });
            }
        }
        at.push(list.len() as u32);
        Crossings { at, list, cells }
    }

    /// The crossings of house `h`.
    #[inline]
    pub(super) fn of_house(&self, h: usize) -> &[Crossing] {
        &self.list[self.at[h] as usize..self.at[h + 1] as usize]
    }

    /// The cells of a range of a [`Crossing`].
    #[inline]
    pub(super) fn cells(&self, (start, end): (u32, u32)) -> &[u16] {
        &self.cells[start as usize..end as usize]
    }

    /// Whether no house crosses another in two cells or more.
    pub(super) fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}
