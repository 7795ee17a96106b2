/*!
Logic-solvability: can a puzzle be finished by singles and locked candidates
alone?

The large-board carver asks this instead of counting solutions. Each rule is
a sound deduction (it never removes the digit of any solution), so a puzzle
that these rules fill completely has exactly one solution, the one they
found; and each check is polynomial (at most `N^2` placements, each pass
linear in the board), where an exact count can take exponential time on a
sparse 25x25 board.

The rules, applied until nothing changes:
- naked single: a cell with one candidate takes it;
- hidden single: a digit with one place left in a row, column or box goes
  there (found for all digits of a unit at once with the "seen once / seen
  twice" masks);
- locked candidates (pointing and claiming): when a digit's places in a box
  all lie in one row or column, it leaves the rest of that line, and when a
  digit's places in a line all lie in one box, it leaves the rest of the box.
*/

use crate::shape::Shape;

/// Reusable scratch space for [`Propagator::solves`].
pub(crate) struct Propagator {
    shape: Shape,
    n: usize,
    /// Candidates per cell; a placed cell keeps just its digit.
    cand: Vec<u64>,
    placed: Vec<bool>,
    queue: Vec<(u16, u8)>,
    locked: bool,
    /// Unions of candidates of unplaced cells: per row and stack, per column
    /// and band (the segments where a line crosses a box).
    row_seg: Vec<u64>,
    col_seg: Vec<u64>,
}

impl Propagator {
    /// Scratch for `shape`; `locked` enables locked candidates.
    pub(crate) fn new(shape: Shape, locked: bool) -> Propagator {
        let n = shape.size();
        Propagator {
            shape,
            n,
            cand: vec![0; n * n],
            placed: vec![false; n * n],
            queue: Vec::with_capacity(n * n),
            locked,
            row_seg: vec![0; n * shape.box_rows()],
            col_seg: vec![0; n * shape.box_cols()],
        }
    }

    /// Whether the rules fill every cell of `values` (0 = empty). Givens
    /// that clash simply make it answer `false`.
    pub(crate) fn solves(&mut self, values: &[u8]) -> bool {
        let all = self.shape.all_digits();
        self.cand.iter_mut().for_each(|m| *m = all);
        self.placed.iter_mut().for_each(|p| *p = false);
        self.queue.clear();
        for (i, &v) in values.iter().enumerate() {
            if v != 0 {
                self.queue.push((i as u16, v - 1));
            }
        }
        let mut placed = 0;
        loop {
            while let Some((cell, d)) = self.queue.pop() {
                match self.place(cell as usize, d) {
                    Ok(true) => placed += 1,
                    Ok(false) => {}
                    Err(()) => return false,
                }
            }
            if placed == self.n * self.n {
                return true;
            }
            match self.hidden_singles() {
                Err(()) => return false,
                Ok(true) => continue,
                Ok(false) => {}
            }
            match self.locked && self.locked_candidates() {
                _ if self.cand.contains(&0) => return false,
                true => continue,
                false => return false,
            }
        }
    }

    /// Places digit index `d` at `cell`; `Ok(false)` if it was placed
    /// already, `Err` on a contradiction.
    fn place(&mut self, cell: usize, d: u8) -> Result<bool, ()> {
        let bit = 1u64 << d;
        if self.cand[cell] & bit == 0 {
            return Err(());
        }
        if self.placed[cell] {
            return Ok(false);
        }
        self.placed[cell] = true;
        self.cand[cell] = bit;
        for &p in self.shape.layout().peers(cell) {
            let p = p as usize;
            let pm = self.cand[p];
            if pm & bit != 0 {
                if self.placed[p] {
                    return Err(());
                }
                let left = pm & !bit;
                self.cand[p] = left;
                if left == 0 {
                    return Err(());
                }
                if left & (left - 1) == 0 {
                    self.queue.push((p as u16, left.trailing_zeros() as u8));
                }
            }
        }
        Ok(true)
    }

    /// Queues every hidden single; `Ok(true)` if any was found.
    fn hidden_singles(&mut self) -> Result<bool, ()> {
        let layout = self.shape.layout();
        let all = self.shape.all_digits();
        let mut found = false;
        for u in 0..3 * self.n {
            let (mut once, mut twice, mut done) = (0u64, 0u64, 0u64);
            for &c in layout.unit(u) {
                let m = self.cand[c as usize];
                if self.placed[c as usize] {
                    done |= m;
                } else {
                    twice |= once & m;
                    once |= m;
                }
            }
            if (once | done) != all {
                return Err(());
            }
            let mut single = once & !twice & !done;
            while single != 0 {
                let d = single.trailing_zeros() as u8;
                single &= single - 1;
                let cell = layout
                    .unit(u)
                    .iter()
                    .find(|&&c| !self.placed[c as usize] && self.cand[c as usize] & (1 << d) != 0)
                    .expect("a digit seen once has a cell");
                self.queue.push((*cell, d));
                found = true;
            }
        }
        Ok(found)
    }

    /// One pass of pointing and claiming over every box; `true` if any
    /// candidate went. Deductions use the segment unions of the start of
    /// the pass; a union can only shrink meanwhile, so each stays sound.
    fn locked_candidates(&mut self) -> bool {
        let (r, c, n) = (self.shape.box_rows(), self.shape.box_cols(), self.n);
        // There are r stacks of c columns and c bands of r rows.
        for row in 0..n {
            for s in 0..r {
                self.row_seg[row * r + s] = self.union((0..c).map(|j| row * n + s * c + j));
            }
        }
        for col in 0..n {
            for b in 0..c {
                self.col_seg[col * c + b] = self.union((0..r).map(|i| (b * r + i) * n + col));
            }
        }
        let mut changed = false;
        for row in 0..n {
            let (band, i0) = (row / r, row % r);
            for s in 0..r {
                let seg = self.row_seg[row * r + s];
                let other_rows = (0..r)
                    .filter(|&i| i != i0)
                    .fold(0, |m, i| m | self.row_seg[(band * r + i) * r + s]);
                let other_stacks =
                    (0..r).filter(|&t| t != s).fold(0, |m, t| m | self.row_seg[row * r + t]);
                // Pointing: in the box only on this row, so not elsewhere on it.
                let pointing = seg & !other_rows;
                changed |= self.remove(pointing, |col| col / c != s, |col| row * n + col);
                // Claiming: on the row only in this box, so not elsewhere in it.
                let claiming = seg & !other_stacks;
                for i in (0..r).filter(|&i| i != i0) {
                    let other = band * r + i;
                    changed |= self.remove(claiming, |col| col / c == s, |col| other * n + col);
                }
            }
        }
        for col in 0..n {
            let (stack, j0) = (col / c, col % c);
            for b in 0..c {
                let seg = self.col_seg[col * c + b];
                let other_cols = (0..c)
                    .filter(|&j| j != j0)
                    .fold(0, |m, j| m | self.col_seg[(stack * c + j) * c + b]);
                let other_bands =
                    (0..c).filter(|&t| t != b).fold(0, |m, t| m | self.col_seg[col * c + t]);
                let pointing = seg & !other_cols;
                changed |= self.remove(pointing, |row| row / r != b, |row| row * n + col);
                let claiming = seg & !other_bands;
                for j in (0..c).filter(|&j| j != j0) {
                    let other = stack * c + j;
                    changed |= self.remove(claiming, |row| row / r == b, |row| row * n + other);
                }
            }
        }
        changed
    }

    /// The candidates of the unplaced cells among `cells`.
    fn union(&self, cells: impl Iterator<Item = usize>) -> u64 {
        cells.filter(|&i| !self.placed[i]).fold(0, |a, i| a | self.cand[i])
    }

    /// Removes `digits` from the unplaced cells `cell(k)` for `k` in `0..N`
    /// where `keep(k)`; queues new naked singles.
    fn remove(
        &mut self,
        digits: u64,
        keep: impl Fn(usize) -> bool,
        cell: impl Fn(usize) -> usize,
    ) -> bool {
        if digits == 0 {
            return false;
        }
        let mut changed = false;
        for k in (0..self.n).filter(|&k| keep(k)) {
            let i = cell(k);
            let m = self.cand[i];
            if !self.placed[i] && m & digits != 0 {
                let left = m & !digits;
                self.cand[i] = left;
                changed = true;
                if left != 0 && left & (left - 1) == 0 {
                    self.queue.push((i as u16, left.trailing_zeros() as u8));
                }
            }
        }
        changed
    }
}
