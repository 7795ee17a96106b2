//! [`State`]: the pencil-mark state the techniques read and the steps change.
//!
//! A cell is either *placed* (a value, no candidates) or *empty* (a candidate
//! mask, bit `d - 1` for digit `d`). Placing a digit removes it from every
//! peer's candidates, as Sudoku Explainer does, so a placed digit is never a
//! candidate of a peer. A cell with a single candidate is still empty until a
//! step places it (a naked or hidden single): that difference is what the
//! ratings measure.

use crate::candidates::Candidates;
use crate::digit::{Bits, Digit};
use crate::grid::Grid;
use crate::rules::Rules;
use crate::shape::{Cell, Layout, Shape};

/// A pencil-mark state: placed values and the candidates of empty cells.
#[derive(Clone, Debug)]
pub struct State {
    shape: Shape,
    rules: Rules,
    values: Vec<u8>,
    masks: Vec<u64>,
    /// Steps found from this state carry no sentence (rating only).
    quiet: bool,
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.rules == other.rules && self.values == other.values && self.masks == other.masks
    }
}

impl Eq for State {}

impl State {
    /// The state of a puzzle: givens placed, every other cell with the digits
    /// its peers allow.
    pub fn from_grid(grid: &Grid) -> State {
        let shape = grid.shape();
        let values = grid.values().to_vec();
        let masks = grid
            .candidate_masks()
            .into_iter()
            .zip(&values)
            .map(|(m, &v)| if v == 0 { m } else { 0 })
            .collect();
        State { shape, rules: grid.rules().clone(), values, masks, quiet: false }
    }

    /// Makes this a copy of `other` (same rules), keeping this state's
    /// buffers and its quiet flag.
    pub(crate) fn copy_from(&mut self, other: &State) {
        debug_assert!(self.rules == other.rules, "a state of other rules");
        self.values.copy_from_slice(&other.values);
        self.masks.copy_from_slice(&other.masks);
    }

    /// Makes this the state of a puzzle given by its `values` (same rules),
    /// reusing the buffers: givens placed, every other cell with the digits
    /// its peers allow. `used` is scratch (one mask per house).
    pub(crate) fn reset(&mut self, values: &[u8], used: &mut Vec<u64>) {
        let layout = self.rules.layout();
        used.clear();
        used.resize(layout.house_count(), 0);
        for (i, &v) in values.iter().enumerate() {
            if v != 0 {
                for &u in layout.houses_of(i) {
                    used[u as usize] |= 1 << (v - 1);
                }
            }
        }
        let all = self.shape.all_digits();
        for (i, &v) in values.iter().enumerate() {
            self.values[i] = v;
            self.masks[i] = if v != 0 {
                0
            } else {
                layout.houses_of(i).iter().fold(all, |m, &u| m & !used[u as usize])
            };
        }
        if layout.has_differ() {
            for (i, &v) in values.iter().enumerate() {
                if v != 0 {
                    for &p in layout.peers(i) {
                        self.masks[p as usize] &= !(1 << (v - 1));
                    }
                }
            }
        }
    }

    /// The state of a player's pencil marks: a cell with one candidate is
    /// placed; the placed digits are removed from their peers' candidates.
    pub fn from_candidates(cands: &Candidates) -> State {
        let shape = cands.shape();
        let rules = cands.rules().clone();
        let masks = cands.masks().to_vec();
        let values: Vec<u8> = masks
            .iter()
            .map(|&m| if m.count_ones() == 1 { m.trailing_zeros() as u8 + 1 } else { 0 })
            .collect();
        let mut st = State { shape, rules, values, masks, quiet: false };
        let layout = st.rules.layout();
        for i in 0..st.masks.len() {
            if st.values[i] != 0 {
                st.masks[i] = 0;
            }
        }
        for i in 0..st.values.len() {
            if st.values[i] != 0 {
                let bit = 1u64 << (st.values[i] - 1);
                for &p in layout.peers(i) {
                    st.masks[p as usize] &= !bit;
                }
            }
        }
        st
    }

    /// Whether the most frequent steps found from this state skip their
    /// sentence: set when only the rating is wanted.
    #[inline]
    pub(crate) fn quiet(&self) -> bool {
        self.quiet
    }

    /// See [`State::quiet`].
    pub(crate) fn set_quiet(&mut self, quiet: bool) {
        self.quiet = quiet;
    }

    /// The board's shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The board's rules.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The house and peer tables.
    #[inline]
    pub(crate) fn layout(&self) -> &Layout {
        self.rules.layout()
    }

    /// The board side `N`.
    #[inline]
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The placed values in reading order, 0 for an empty cell.
    #[inline]
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The candidate masks in reading order (0 for a placed cell).
    #[inline]
    pub fn masks(&self) -> &[u64] {
        &self.masks
    }

    /// The candidate mask of cell index `i`.
    #[inline]
    pub(crate) fn mask(&self, i: usize) -> u64 {
        self.masks[i]
    }

    /// The value of cell index `i` (0 when empty).
    #[inline]
    pub(crate) fn value(&self, i: usize) -> u8 {
        self.values[i]
    }

    /// Whether every cell is placed.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The placed values as a grid.
    pub fn to_grid(&self) -> Grid {
        Grid::from_values_with(self.rules.clone(), self.values.clone())
            .expect("values fit the shape")
    }

    /// The state as pencil marks (a placed cell has its value as its only candidate).
    pub fn to_candidates(&self) -> Candidates {
        let masks: Vec<u64> = (0..self.masks.len())
            .map(|i| if self.values[i] != 0 { 1u64 << (self.values[i] - 1) } else { self.masks[i] })
            .collect();
        Candidates::from_masks_with(self.rules.clone(), masks).expect("masks fit the shape")
    }

    /// Places `digit` in cell index `i` and removes it from the peers.
    pub(crate) fn place(&mut self, i: usize, digit: u8) {
        self.values[i] = digit;
        self.masks[i] = 0;
        let bit = 1u64 << (digit - 1);
        for &p in self.rules.layout().peers(i) {
            self.masks[p as usize] &= !bit;
        }
    }

    /// Removes candidate `digit` from cell index `i`.
    #[inline]
    pub(crate) fn remove(&mut self, i: usize, digit: u8) {
        self.masks[i] &= !(1u64 << (digit - 1));
    }

    /// Removes the candidates of `mask` from cell index `i`.
    #[inline]
    pub(crate) fn remove_mask(&mut self, i: usize, mask: u64) {
        self.masks[i] &= !mask;
    }

    /// Removes candidate `digit` from the empty cell `cell`, as a player
    /// crossing out a pencil mark. Returns whether it was a candidate.
    pub fn remove_candidate(&mut self, cell: Cell, digit: Digit) -> bool {
        let i = cell.index();
        let had = i < self.masks.len() && self.masks[i] & digit.bit() != 0;
        if had {
            self.masks[i] &= !digit.bit();
        }
        had
    }

    /// Applies a step: eliminations first, then placements (as SE does).
    pub fn apply(&mut self, step: &super::Step) {
        for &(c, d) in &step.eliminations {
            self.remove(c.index(), d.get());
        }
        for &(c, d) in &step.placements {
            self.place(c.index(), d.get());
        }
    }

    /// The positions of digit bit `bit` in flat unit `u`: bit `k` is set
    /// when the unit's `k`-th cell has the candidate.
    #[inline]
    pub(crate) fn positions(&self, u: usize, bit: u64) -> u64 {
        let mut m = 0u64;
        for (k, &c) in self.layout().house(u).iter().enumerate() {
            if self.masks[c as usize] & bit != 0 {
                m |= 1 << k;
            }
        }
        m
    }

    /// The number of empty cells of flat unit `u`.
    pub(crate) fn empty_count(&self, u: usize) -> usize {
        self.layout().house(u).iter().filter(|&&c| self.values[c as usize] == 0).count()
    }

    /// Whether the state is visibly broken: an empty cell without candidates,
    /// or a digit neither placed nor possible in some unit.
    pub fn is_contradictory(&self) -> bool {
        let all = self.shape.all_digits();
        if (0..self.masks.len()).any(|i| self.values[i] == 0 && self.masks[i] == 0) {
            return true;
        }
        let layout = self.layout();
        (0..layout.house_count()).any(|u| {
            let mut seen = 0u64;
            for &c in layout.house(u) {
                let c = c as usize;
                seen |= self.masks[c];
                if self.values[c] != 0 {
                    seen |= 1 << (self.values[c] - 1);
                }
            }
            seen != all
        })
    }

    /// The cell of flat index `i`.
    #[inline]
    pub(crate) fn cell(i: usize) -> Cell {
        Cell::from_index(i)
    }

    /// The digits of a mask.
    pub(crate) fn digits(mask: u64) -> Vec<Digit> {
        Digit::in_mask(mask).collect()
    }

    /// Number of candidates of cell `i`.
    #[inline]
    pub(crate) fn count(&self, i: usize) -> u32 {
        self.masks[i].count_ones()
    }
}

/// The set bits of a mask as indices (re-exported for the technique modules).
pub(crate) fn bits(mask: u64) -> Bits {
    Bits(mask)
}
