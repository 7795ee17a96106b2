/*!
The general exact search, for every shape up to 64x64.

# Idea
Constraint propagation with backtracking, in the tradition of Norvig's
"Solving Every Sudoku Puzzle" (2006) and of DPLL-style SAT solvers:

The board is its [`Rules`]: the houses and peers of its [`Layout`], so
every rule made of houses (rows, columns, boxes or regions, diagonals,
windows, ...) and of cells that must differ is solved here unchanged.

- **State**: one `u64` candidate mask per cell, the assigned value per cell,
  and per house the mask of digits already placed in it.
- **Naked singles**: assigning a digit removes it from every peer; a peer left
  with one candidate is queued for assignment, a peer left with none is a
  contradiction.
- **Hidden singles**: for each house whose cells changed, one pass computes the
  digits that occur in exactly one cell (`once & !twice`); such a digit is
  assigned there, and a digit with no cell left is a contradiction.
- **Locked candidates** (16x16 and up, once singles are exhausted, on
  boards whose third block of houses is the boxes; a rule the other houses
  do not need, so leaving it out for jigsaw regions costs speed only): a digit
  confined to one line within a box leaves the rest of the line (pointing),
  and one confined to one box within a line leaves the rest of the box
  (claiming). Both rules read only the OR of each *segment* (the cells a
  line shares with a box), kept between passes: a change to a cell, or
  undoing one, flags its two segments, and a pass recomputes only flagged
  segments and examines only the lines and boxes that hold one, so a pass
  costs in proportion to what changed (a full rescan dominates logic
  carving on large boards: see `docs/solver-notes.md`).
- **Crossings** (when asked for, see [`Search::with_crossings`], on
  boards without locked candidates, or [`Search::with_extra_crossings`],
  which with locked candidates adds the crossings of the extra houses):
  a digit that a house can place only where it crosses another house
  leaves the rest of that other house
  (see `crossings`): pointing and claiming for jigsaw regions, diagonals
  and windows as for boxes. A house's crossings are examined again only
  after one of its cells changed.
- **Constraints** (cages, thermometers, dots, neighbour rules, parity:
  see [`crate::constraint`]), once singles are exhausted: each constraint
  whose cells changed runs its propagator, which narrows its cells'
  candidates or finds a contradiction; narrowed cells feed the singles
  again, to a fixpoint of all rules. On filled cells a propagator rejects
  exactly the grids that break its constraint, so solutions and counts
  are exact under any combination.
- **Branching**: the unassigned cell with the fewest candidates
  (minimum-remaining-values), trying its digits from smallest to largest.

# Invariants
- Every change to the state is recorded on an undo *trail*; a decision notes
  the trail length before it, so backtracking restores exactly the state in
  which the decision was taken. Nothing is copied per branch, and the search
  is a loop over an explicit decision stack: no recursion, so no depth limit
  even on an empty 64x64 board (4,096 cells).
- After `propagate` returns `true`, no queued single is pending and every
  dirty unit has been scanned: the state is a fixpoint of the rules
  (unless [`Search::solves_with`] watches cells and they were all assigned:
  then it stops there).
- All buffers live in [`Search`] and are reused across puzzles, so a batch
  allocates only when the shape grows.
- The rules are monotone eliminations, so propagation ends in the same
  fixpoint whatever order they fire in (the greatest state below the start
  that no rule changes). Hence the incremental locked candidates, and
  [`Search::solves_with`] (a check from a shared base, undone through the
  trail), give the same answers and the same search trees as full passes
  from scratch; tests compare both with the plain rules.
*/

use std::sync::Arc;

use super::crossings::Crossings;
use crate::deadline::Watch;
use crate::rules::Rules;
use crate::shape::Shape;

/// How a search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ended {
    /// Every branch was explored or the solution limit was reached.
    Finished,
    /// The node budget ran out first.
    OutOfBudget,
}

/// What the caller's solution callback wants next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Next {
    Continue,
    Stop,
}

/// One entry of the undo trail: which slot changed and its old contents.
#[derive(Clone, Copy, Debug)]
struct Undo {
    slot: Slot,
    old: u64,
}

#[derive(Clone, Copy, Debug)]
enum Slot {
    Candidates(u32),
    Value(u32),
    Placed(u32),
}

#[derive(Clone, Copy, Debug)]
struct Decision {
    /// Trail length before the decision: undoing to it restores the node.
    trail: usize,
    cell: u32,
    /// Digits of `cell` not tried yet.
    rest: u64,
}

/// Reusable scratch space for the general search.
#[derive(Debug)]
pub(crate) struct Search {
    rules: Rules,
    cand: Vec<u64>,
    value: Vec<u8>,
    placed: Vec<u64>,
    unsolved: usize,
    trail: Vec<Undo>,
    queue: Vec<u32>,
    dirty: Vec<bool>,
    dirty_units: Vec<u32>,
    decisions: Vec<Decision>,
    /// What locked candidates read, kept up to date between passes.
    segs: Segments,
    /// Cells whose assignment ends propagation early (see
    /// [`Search::solves_with`]); empty otherwise.
    watch: Vec<u32>,
    /// Scratch of `locked_candidates`: the rules found in one direction.
    found: Vec<(u16, u16, u64, u64)>,
    /// Whether propagation includes locked candidates (see [`Search::new`]).
    locked: bool,
    /// The houses' crossings, when propagation includes them (see
    /// [`Search::with_crossings`]).
    crossings: Option<Arc<Crossings>>,
    /// Per house, whether one of its cells changed since its crossings were
    /// last examined; the flagged ones, in order (empty without crossings).
    cross_dirty: Vec<bool>,
    cross_queue: Vec<u32>,
    /// Per propagator of the rules' constraints, whether one of its cells
    /// changed since it last ran; the flagged ones, in order.
    con_dirty: Vec<bool>,
    con_queue: Vec<u32>,
    /// Scratch of a propagator run: the cells to narrow and their masks.
    narrow: Vec<(u32, u64)>,
    /// Nodes (decisions and alternatives) explored by the last `run`.
    pub(crate) nodes: u64,
    /// How many nodes pass between two readings of the deadline (see
    /// [`clock_every`]).
    clock_every: u64,
    /// The node count at which the deadline is read next.
    next_clock: u64,
    /// Whether the last `run` stopped inside a backtrack because its
    /// deadline passed.
    cut: bool,
    /// The record of the search's moves, when one is kept (see
    /// [`Search::record`]).
    trace: Option<Recorder>,
}

/// One move of the search: a digit placed in a cell, by a decision or by
/// propagation, or a cell emptied again by a backtrack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Move {
    pub(crate) cell: u32,
    /// The digit placed, or 0 when the cell was emptied.
    pub(crate) digit: u8,
    /// Whether the digit was a decision (a guess) rather than forced.
    pub(crate) guess: bool,
}

/// The moves recorded so far, up to a cap.
#[derive(Debug)]
struct Recorder {
    moves: Vec<Move>,
    cap: usize,
    /// The next placement is a decision.
    guessing: bool,
    /// Moves were dropped at the cap.
    cut: bool,
}

impl Recorder {
    #[inline]
    fn push(&mut self, cell: usize, digit: u8) {
        if self.moves.len() < self.cap {
            let guess = std::mem::take(&mut self.guessing) && digit != 0;
            self.moves.push(Move { cell: cell as u32, digit, guess });
        } else {
            self.cut = true;
        }
    }
}

/// The *segments* of the board (the cells a line shares with a box) and the
/// candidates of their unassigned cells, for locked candidates.
///
/// Invariant while `valid`: every segment not flagged dirty holds the OR
/// of its unassigned cells' candidates, and every pointing and claiming
/// rule whose line's and box's segments are all clean has been applied.
/// A change to a cell flags its two segments, and so does undoing one:
/// the search only undoes to fixpoints (a decision's or the loaded state),
/// where every rule has been applied, so after an undo the clean segments
/// are right and the invariant holds without starting over. A reset
/// clears `valid` (the next pass starts over).
#[derive(Debug)]
struct Segments {
    valid: bool,
    /// Row segments, `stacks` per row in order, and column segments,
    /// `bands` per column.
    row: Vec<u64>,
    col: Vec<u64>,
    row_dirty: Vec<bool>,
    col_dirty: Vec<bool>,
    /// Per cell: its row segment and its column segment.
    of: Vec<(u16, u16)>,
    /// Scratch of a pass: which lines and which boxes (by band or stack,
    /// and segment position) to examine.
    line_eval: Vec<bool>,
    box_eval: Vec<bool>,
    /// The row and column segments saved by [`Search::solves_with`].
    saved: Vec<u64>,
    /// Tests: start every pass after an undo over (the reference the
    /// incremental passes are compared with).
    #[cfg(test)]
    full_after_undo: bool,
}

impl Segments {
    fn new(shape: Shape) -> Segments {
        let (r, c, n) = (shape.box_rows(), shape.box_cols(), shape.size());
        let (stacks, bands) = (n / c, n / r);
        let of = (0..n * n)
            .map(|i| {
                let (row, col) = (i / n, i % n);
                ((row * stacks + col / c) as u16, (col * bands + row / r) as u16)
            })
            .collect();
        Segments {
            valid: false,
            row: vec![0; n * stacks],
            col: vec![0; n * bands],
            row_dirty: vec![true; n * stacks],
            col_dirty: vec![true; n * bands],
            of,
            line_eval: vec![false; n],
            box_eval: vec![false; n * stacks.max(bands)],
            saved: Vec::new(),
            #[cfg(test)]
            full_after_undo: false,
        }
    }

    #[inline]
    fn touch(&mut self, cell: usize) {
        let (a, b) = self.of[cell];
        self.row_dirty[a as usize] = true;
        self.col_dirty[b as usize] = true;
    }
}

/// How many nodes pass between two readings of the clock on a 9x9 board:
/// reading it costs tens of nanoseconds, a node a microsecond or so.
pub(crate) const CLOCK_NODES: u64 = 256;

/// How many nodes of `shape` pass between two readings of the deadline. A
/// node's work grows with the cell count (propagation walks the peers and
/// units of every cell it changes), so the interval shrinks with it: 256
/// on 9x9, 81 on 16x16, 33 on 25x25, 5 on 64x64, which keeps the time
/// between two readings under a millisecond on every board.
fn clock_every(shape: Shape) -> u64 {
    (CLOCK_NODES * 81 / shape.cell_count() as u64).max(1)
}

impl Search {
    pub(crate) fn new(rules: &Rules) -> Search {
        let shape = rules.shape();
        Search {
            rules: rules.clone(),
            cand: Vec::new(),
            value: Vec::new(),
            placed: Vec::new(),
            unsolved: 0,
            trail: Vec::new(),
            queue: Vec::new(),
            dirty: Vec::new(),
            dirty_units: Vec::new(),
            decisions: Vec::new(),
            segs: Segments::new(shape),
            found: Vec::new(),
            watch: Vec::new(),
            // From 16x16 on singles alone leave sparse puzzles (such as the
            // generator's, carved to be solvable by singles and locked
            // candidates) to long searches; on smaller boards the pass
            // costs more than it saves.
            locked: shape.size() >= 16 && rules.has_boxes(),
            crossings: None,
            cross_dirty: Vec::new(),
            cross_queue: Vec::new(),
            con_dirty: vec![false; rules.propagators().map_or(0, |p| p.len())],
            con_queue: Vec::new(),
            narrow: Vec::new(),
            nodes: 0,
            clock_every: clock_every(shape),
            next_clock: 0,
            cut: false,
            trace: None,
        }
    }

    /// Keeps a record of the moves of the following runs, up to `cap`
    /// moves per run: every placement (decided or forced) and every cell
    /// emptied by a backtrack, in order. Read it with [`Search::moves`].
    pub(crate) fn record(&mut self, cap: usize) {
        self.trace = Some(Recorder { moves: Vec::new(), cap, guessing: false, cut: false });
    }

    /// The moves of the last run, and whether some were dropped at the cap;
    /// empty unless [`Search::record`] was called.
    pub(crate) fn moves(&self) -> (&[Move], bool) {
        self.trace.as_ref().map_or((&[], false), |t| (&t.moves, t.cut))
    }

    /// Marks the next placement as a decision in the record.
    #[inline]
    fn deciding(&mut self) {
        if let Some(t) = &mut self.trace {
            t.guessing = true;
        }
    }

    /// The same search with locked candidates in its propagation whatever
    /// the shape (when the board has boxes): the generator's logic check
    /// on any board.
    pub(crate) fn with_locked_candidates(mut self) -> Search {
        self.locked = self.rules.has_boxes();
        self
    }

    /// The same search with crossings in its propagation (see
    /// `crossings`), unless it has locked candidates, which are the
    /// crossings of boxes and lines already. The solutions and counts are
    /// the same, found in fewer nodes on boards with irregular houses;
    /// the order of the solutions, and so the first one, may differ.
    pub(crate) fn with_crossings(self) -> Search {
        if self.locked { self } else { self.crossing(0) }
    }

    /// [`Search::with_crossings`], and with locked candidates the crossings
    /// of the extra houses too (diagonals, windows, houses added cell by
    /// cell, with each other and with rows, columns and boxes): the same
    /// counts in fewer nodes on X and windoku boards from 16x16, where a
    /// search with locked candidates alone can take seconds to exhaust.
    pub(crate) fn with_extra_crossings(self) -> Search {
        if self.locked {
            let first = 3 * self.shape().size();
            self.crossing(first)
        } else {
            self.crossing(0)
        }
    }

    /// This search with the crossings of houses numbered from `first` on
    /// (see [`Crossings::beyond`]) in its propagation, when there are any.
    fn crossing(mut self, first: usize) -> Search {
        let crossings = Crossings::beyond(self.rules.layout(), first);
        if !crossings.is_empty() {
            self.cross_dirty = vec![false; self.rules.layout().house_count()];
            self.crossings = Some(Arc::new(crossings));
        }
        self
    }

    /// Whether propagation alone (singles, and locked candidates when
    /// enabled) fills every cell from `start`: no decision is taken. Such
    /// rules are sound, so a filled board is the one solution.
    pub(crate) fn propagation_solves(&mut self, start: &[u64]) -> bool {
        let mut solved = false;
        self.run(start, Some(0), Watch::NEVER, |_| {
            solved = true;
            Next::Stop
        });
        solved
    }

    /// The cells the current state leaves unassigned, in reading order
    /// (after [`Search::load`]: the cells propagation did not fill).
    pub(crate) fn open_cells(&self) -> Vec<usize> {
        (0..self.value.len()).filter(|&c| self.value[c] == 0).collect()
    }

    /// Loads the puzzle given by its starting candidate masks and
    /// propagates it to a fixpoint, keeping the state as a base for
    /// [`Search::solves_with`]. Returns `false` on a contradiction.
    pub(crate) fn load(&mut self, start: &[u64]) -> bool {
        debug_assert_eq!(start.len(), self.shape().cell_count());
        self.reset(start);
        !start.contains(&0) && self.propagate()
    }

    /// Whether propagation from the state [`Search::load`] left, with the
    /// cells of `adds` given as well (`(cell, digit bit)`), fills every
    /// cell; the loaded state is restored afterwards (through the trail).
    /// Propagation reaches the same fixpoint in whatever order the rules
    /// fire, and the loaded state is that of a subset of the givens, so
    /// the answer is that of [`Search::propagation_solves`] on all givens.
    ///
    /// `watch` may name cells whose assignment settles the question: the
    /// caller knows that propagation solves the puzzle once they are given
    /// (so once propagation assigns them, it goes on to fill the board).
    /// Propagation then stops as soon as they are all assigned.
    pub(crate) fn solves_with(&mut self, adds: &[(u32, u64)], watch: &[u32]) -> bool {
        let mark = self.trail.len();
        let valid = self.segs.valid;
        if valid {
            let segs = &mut self.segs;
            segs.saved.clear();
            segs.saved.extend_from_slice(&segs.row);
            segs.saved.extend_from_slice(&segs.col);
        }
        let placed = adds.iter().all(|&(cell, bit)| {
            let cell = cell as usize;
            if self.value[cell] != 0 { self.cand[cell] == bit } else { self.assign(cell, bit) }
        });
        self.watch.clear();
        self.watch.extend_from_slice(watch);
        let solved = placed && self.propagate() && (self.unsolved == 0 || self.watched());
        self.watch.clear();
        self.undo_to(mark);
        if valid {
            // Back to the loaded fixpoint: its segments, all rules applied.
            let segs = &mut self.segs;
            let rows = segs.row.len();
            segs.row.copy_from_slice(&segs.saved[..rows]);
            segs.col.copy_from_slice(&segs.saved[rows..]);
            segs.row_dirty.fill(false);
            segs.col_dirty.fill(false);
            segs.valid = true;
        }
        solved
    }

    /// Whether every cell of a non-empty `watch` is assigned.
    fn watched(&self) -> bool {
        !self.watch.is_empty() && self.watch.iter().all(|&c| self.value[c as usize] != 0)
    }

    pub(crate) fn shape(&self) -> Shape {
        self.rules.shape()
    }

    /// The rules searched.
    pub(crate) fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Explores the puzzle given by its starting candidate masks (a filled
    /// cell has a single candidate), calling `on_solution` with the values of
    /// each solution found, until it answers `Stop`, every branch is explored,
    /// `max_nodes` decisions have been taken or `deadline` passes.
    pub(crate) fn run(
        &mut self,
        start: &[u64],
        max_nodes: Option<u64>,
        deadline: Watch<'_>,
        on_solution: impl FnMut(&[u8]) -> Next,
    ) -> Ended {
        let mut first = |rest: u64| rest & rest.wrapping_neg();
        self.run_with_pick(start, max_nodes, deadline, &mut first, on_solution)
    }

    /// [`Search::run`], trying the digits of each decision in the order
    /// `pick` gives: it returns one bit of the non-empty mask it is shown.
    /// The generator passes a random pick, so that every solution can be the
    /// first one found.
    pub(crate) fn run_with_pick(
        &mut self,
        start: &[u64],
        max_nodes: Option<u64>,
        deadline: Watch<'_>,
        pick: &mut dyn FnMut(u64) -> u64,
        mut on_solution: impl FnMut(&[u8]) -> Next,
    ) -> Ended {
        if let Some(ended) = self.begin(start, deadline) {
            return ended;
        }
        self.resume(max_nodes.unwrap_or(u64::MAX), deadline, pick, &mut on_solution)
    }

    /// Loads `start` and propagates it, for [`Search::resume`]: `Some`
    /// when the search ends already (a contradiction: `Finished`; the
    /// deadline passed: `OutOfBudget`).
    pub(crate) fn begin(&mut self, start: &[u64], deadline: Watch<'_>) -> Option<Ended> {
        let shape = self.shape();
        debug_assert_eq!(start.len(), shape.cell_count());
        self.reset(start);
        if deadline.passed() {
            return Some(Ended::OutOfBudget);
        }
        if start.contains(&0) || !self.propagate() {
            return Some(Ended::Finished);
        }
        self.next_clock = self.clock_every;
        self.cut = false;
        None
    }

    /// Continues the search [`Search::begin`] started until the node count
    /// passes `budget` (a total since `begin`, not an allowance) or one of
    /// the ends of [`Search::run`]. After `OutOfBudget` from the node count
    /// the state is a fixpoint between two decisions, so calling this again
    /// with a larger budget explores the same tree on from there. A search
    /// cut by the deadline in the middle of backtracking stays ended
    /// (`OutOfBudget` again).
    pub(crate) fn resume(
        &mut self,
        budget: u64,
        deadline: Watch<'_>,
        pick: &mut dyn FnMut(u64) -> u64,
        on_solution: &mut dyn FnMut(&[u8]) -> Next,
    ) -> Ended {
        if self.cut {
            return Ended::OutOfBudget;
        }
        loop {
            let advanced = if self.unsolved == 0 {
                if on_solution(&self.value) == Next::Stop {
                    return Ended::Finished;
                }
                self.backtrack(pick, deadline)
            } else {
                self.nodes += 1;
                if self.nodes > budget || self.late(deadline) {
                    return Ended::OutOfBudget;
                }
                let cell = self.choose_cell();
                let rest = self.cand[cell];
                let digit = pick(rest);
                self.decisions.push(Decision {
                    trail: self.trail.len(),
                    cell: cell as u32,
                    rest: rest & !digit,
                });
                self.deciding();
                (self.assign(cell, digit) && self.propagate()) || self.backtrack(pick, deadline)
            };
            if self.cut {
                return Ended::OutOfBudget;
            }
            if !advanced {
                return Ended::Finished;
            }
            if self.nodes > budget || self.late(deadline) {
                return Ended::OutOfBudget;
            }
        }
    }

    /// Whether `deadline` has passed (read only every `clock_every` nodes).
    #[inline]
    fn late(&mut self, deadline: Watch<'_>) -> bool {
        if self.nodes < self.next_clock || deadline.is_never() {
            return false;
        }
        self.next_clock = self.nodes + self.clock_every;
        deadline.passed()
    }

    fn reset(&mut self, start: &[u64]) {
        let shape = self.shape();
        let cells = shape.cell_count();
        self.cand.clear();
        self.cand.extend_from_slice(start);
        self.value.clear();
        self.value.resize(cells, 0);
        let houses = self.rules.layout().house_count();
        self.placed.clear();
        self.placed.resize(houses, 0);
        self.unsolved = cells;
        self.trail.clear();
        self.decisions.clear();
        self.nodes = 0;
        self.queue.clear();
        self.queue.extend((0..cells as u32).filter(|&c| start[c as usize].count_ones() == 1));
        self.dirty.clear();
        self.dirty.resize(houses, true);
        self.dirty_units.clear();
        self.dirty_units.extend(0..houses as u32);
        self.segs.valid = false;
        self.con_dirty.fill(true);
        self.con_queue.clear();
        self.con_queue.extend((0..self.con_dirty.len() as u32).rev());
        self.cross_dirty.fill(true);
        self.cross_queue.clear();
        self.cross_queue.extend((0..self.cross_dirty.len() as u32).rev());
        if let Some(t) = &mut self.trace {
            t.moves.clear();
            t.cut = false;
            t.guessing = false;
        }
    }

    /// The unassigned cell with the fewest candidates (the first one in
    /// reading order among equals). Only called while some cell is unassigned.
    fn choose_cell(&self) -> usize {
        let mut best = usize::MAX;
        let mut best_count = u32::MAX;
        for (i, (&m, &v)) in self.cand.iter().zip(&self.value).enumerate() {
            if v == 0 {
                let k = m.count_ones();
                if k < best_count {
                    best = i;
                    best_count = k;
                    if k <= 2 {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Undoes to the most recent decision with an untried digit and tries
    /// it. Returns `false` when no decision is left (the search is over) or
    /// `deadline` passed (then `cut` is set): the alternatives refuted
    /// here can be many, each a node.
    fn backtrack(&mut self, pick: &mut dyn FnMut(u64) -> u64, deadline: Watch<'_>) -> bool {
        loop {
            if self.late(deadline) {
                self.cut = true;
                return false;
            }
            let Some(top) = self.decisions.last_mut() else {
                return false;
            };
            let Decision { trail, cell, rest } = *top;
            if rest == 0 {
                self.decisions.pop();
                continue;
            }
            let digit = pick(rest);
            top.rest = rest & !digit;
            if top.rest == 0 {
                // The last alternative is forced: the parent's trail mark
                // already covers everything this branch will change.
                self.decisions.pop();
            }
            self.undo_to(trail);
            self.nodes += 1;
            self.deciding();
            if self.assign(cell as usize, digit) && self.propagate() {
                return true;
            }
        }
    }

    fn undo_to(&mut self, len: usize) {
        while self.trail.len() > len {
            let Undo { slot, old } = self.trail.pop().expect("trail is longer than len");
            match slot {
                Slot::Candidates(c) => {
                    self.cand[c as usize] = old;
                    self.segs.touch(c as usize);
                }
                Slot::Value(c) => {
                    self.value[c as usize] = old as u8;
                    self.unsolved += 1;
                    self.segs.touch(c as usize);
                    if let Some(t) = &mut self.trace {
                        t.push(c as usize, 0);
                    }
                }
                Slot::Placed(u) => self.placed[u as usize] = old,
            }
        }
        #[cfg(test)]
        if self.segs.full_after_undo {
            self.segs.valid = false;
        }
        self.queue.clear();
        for &u in &self.dirty_units {
            self.dirty[u as usize] = false;
        }
        self.dirty_units.clear();
        // Undoing returns to a fixpoint, where every propagator has run.
        for &k in &self.con_queue {
            self.con_dirty[k as usize] = false;
        }
        self.con_queue.clear();
        for &h in &self.cross_queue {
            self.cross_dirty[h as usize] = false;
        }
        self.cross_queue.clear();
    }

    #[inline]
    fn set_candidates(&mut self, cell: usize, mask: u64) {
        self.trail.push(Undo { slot: Slot::Candidates(cell as u32), old: self.cand[cell] });
        self.cand[cell] = mask;
        self.segs.touch(cell);
        let crossing = !self.cross_dirty.is_empty();
        for &u in self.rules.layout().houses_of(cell) {
            if !self.dirty[u as usize] {
                self.dirty[u as usize] = true;
                self.dirty_units.push(u as u32);
            }
            if crossing && !self.cross_dirty[u as usize] {
                self.cross_dirty[u as usize] = true;
                self.cross_queue.push(u as u32);
            }
        }
        if let Some(props) = self.rules.propagators() {
            for &k in props.of_cell(cell) {
                if !self.con_dirty[k as usize] {
                    self.con_dirty[k as usize] = true;
                    self.con_queue.push(k);
                }
            }
        }
    }

    /// Runs the flagged constraint propagators until one narrows a cell
    /// (`Some(true)`), none is flagged (`Some(false)`), or one finds a
    /// contradiction (`None`).
    fn constraints(&mut self) -> Option<bool> {
        let rules = self.rules.clone();
        let Some(props) = rules.propagators() else {
            return Some(false);
        };
        while let Some(k) = self.con_queue.pop() {
            self.con_dirty[k as usize] = false;
            let mut narrow = std::mem::take(&mut self.narrow);
            narrow.clear();
            // Cage and sum answers through the per-thread table: the
            // search meets the same masks of a cage's cells again and again.
            let ok = props.prune_remembered(k as usize, &self.cand, &mut narrow);
            let mut changed = false;
            let ok = ok
                && narrow.iter().all(|&(cell, mask)| {
                    let cell = cell as usize;
                    if self.value[cell] != 0 {
                        // Assigned cells hold one candidate: narrowing
                        // it away is a contradiction.
                        return false;
                    }
                    self.set_candidates(cell, mask);
                    if mask & (mask - 1) == 0 {
                        self.queue.push(cell as u32);
                    }
                    changed = true;
                    true
                });
            self.narrow = narrow;
            if !ok {
                return None;
            }
            if changed {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Puts the digit `bit` (a one-bit mask) in `cell` and removes it from
    /// the peers. Returns `false` on a contradiction.
    fn assign(&mut self, cell: usize, bit: u64) -> bool {
        if self.cand[cell] & bit == 0 {
            return false;
        }
        debug_assert_eq!(self.value[cell], 0);
        self.trail.push(Undo { slot: Slot::Value(cell as u32), old: 0 });
        self.value[cell] = bit.trailing_zeros() as u8 + 1;
        if let Some(t) = &mut self.trace {
            t.push(cell, self.value[cell]);
        }
        self.unsolved -= 1;
        self.segs.touch(cell);
        if self.cand[cell] != bit {
            self.set_candidates(cell, bit);
        }
        for &u in self.rules.layout().houses_of(cell) {
            let u = u as usize;
            self.trail.push(Undo { slot: Slot::Placed(u as u32), old: self.placed[u] });
            self.placed[u] |= bit;
        }
        // A clone to read the tables while the state changes: a pointer
        // for classic rules, a reference count otherwise.
        let rules = self.rules.clone();
        let layout = rules.layout();
        for &p in layout.peers(cell) {
            let p = p as usize;
            let m = self.cand[p];
            if m & bit != 0 && !self.narrow(p, m & !bit) {
                return false;
            }
        }
        true
    }

    /// One pass of pointing and claiming: a digit whose places in a box
    /// lie on one line leaves the rest of that line, and a digit whose
    /// places on a line lie in one box leaves the rest of the box.
    /// `Some(true)` if a candidate went, `None` on a contradiction.
    ///
    /// Both rules read only the candidates of segments (see [`Segments`]):
    /// a pass recomputes the segments flagged dirty, examines only the
    /// lines and boxes with a dirty segment, and visits a line's or box's
    /// cells only when a rule removes something there. Segments may go
    /// stale (too large) by an elimination of the same pass: that only
    /// hides a deduction, and the change flags them for the next pass (the
    /// caller repeats until nothing changes), so the fixpoint is the same.
    fn locked_candidates(&mut self) -> Option<bool> {
        let shape = self.shape();
        let (r, c, n) = (shape.box_rows(), shape.box_cols(), shape.size());
        if !self.segs.valid {
            self.segs.row_dirty.fill(true);
            self.segs.col_dirty.fill(true);
            self.segs.valid = true;
        }
        let mut changed = false;
        let mut found = std::mem::take(&mut self.found);
        for rows in [true, false] {
            // Lines per box (`span`), cells per segment (`width`).
            let (span, width) = if rows { (r, c) } else { (c, r) };
            let per = n / width;
            let cell = |line: usize, k: usize| if rows { line * n + k } else { k * n + line };
            let segs = &mut self.segs;
            let (seg, dirty) = if rows {
                (&mut segs.row, &mut segs.row_dirty)
            } else {
                (&mut segs.col, &mut segs.col_dirty)
            };
            segs.line_eval.fill(false);
            segs.box_eval[..n / span * per].fill(false);
            for (i, flag) in dirty.iter_mut().enumerate() {
                if !*flag {
                    continue;
                }
                *flag = false;
                let (line, s) = (i / per, i % per);
                seg[i] = (s * width..(s + 1) * width)
                    .map(|k| cell(line, k))
                    .filter(|&x| self.value[x] == 0)
                    .fold(0, |m, x| m | self.cand[x]);
                segs.line_eval[line] = true;
                segs.box_eval[line / span * per + s] = true;
            }
            found.clear();
            for line in 0..n {
                let first = line - line % span;
                let segs_of_line = &seg[line * per..(line + 1) * per];
                for (s, &here) in segs_of_line.iter().enumerate() {
                    if here == 0 || !(segs.line_eval[line] || segs.box_eval[line / span * per + s])
                    {
                        continue;
                    }
                    let line_out = segs_of_line
                        .iter()
                        .enumerate()
                        .filter(|&(t, _)| t != s)
                        .fold(0, |m, (_, &x)| m | x);
                    let box_out = (first..first + span)
                        .filter(|&l| l != line)
                        .fold(0, |m, l| m | seg[l * per + s]);
                    // Pointing: only on this line inside the box.
                    let pointing = here & !box_out & line_out;
                    // Claiming: only inside the box on this line.
                    let claiming = here & !line_out & box_out;
                    if pointing | claiming != 0 {
                        found.push((line as u16, s as u16, pointing, claiming));
                    }
                }
            }
            for &(line, s, pointing, claiming) in &found {
                let (line, s) = (line as usize, s as usize);
                let first = line - line % span;
                if pointing != 0 {
                    for k in (0..n).filter(|&k| k / width != s) {
                        changed |= self.eliminate(cell(line, k), pointing)?;
                    }
                }
                if claiming != 0 {
                    for l in (first..first + span).filter(|&l| l != line) {
                        for k in s * width..(s + 1) * width {
                            changed |= self.eliminate(cell(l, k), claiming)?;
                        }
                    }
                }
            }
        }
        self.found = found;
        Some(changed)
    }

    /// Examines the crossings of the flagged houses until one removes a
    /// candidate (`Some(true)`), none is flagged (`Some(false)`), or one
    /// finds a contradiction (`None`). A house stays flagged until it has
    /// been examined, so the houses not reached yet wait for the next call.
    fn crossings(&mut self) -> Option<bool> {
        let Some(crossings) = self.crossings.clone() else {
            return Some(false);
        };
        let all = self.shape().all_digits();
        while let Some(h) = self.cross_queue.pop() {
            let h = h as usize;
            self.cross_dirty[h] = false;
            if self.placed[h] == all {
                continue;
            }
            let open = !self.placed[h];
            let mut changed = false;
            for x in crossings.of_house(h) {
                let or = |cells: &[u16]| {
                    cells.iter().fold(0, |m, &c| {
                        let c = c as usize;
                        if self.value[c] == 0 { m | self.cand[c] } else { m }
                    })
                };
                let only_here =
                    or(crossings.cells(x.inside)) & !or(crossings.cells(x.outside)) & open;
                if only_here == 0 {
                    continue;
                }
                for &t in crossings.cells(x.targets) {
                    changed |= self.eliminate(t as usize, only_here)?;
                }
            }
            if changed {
                return Some(true);
            }
        }
        Some(false)
    }

    /// Removes `digits` from an unassigned `cell`; `Some(true)` if any went,
    /// `None` when none would be left.
    fn eliminate(&mut self, cell: usize, digits: u64) -> Option<bool> {
        let m = self.cand[cell];
        if self.value[cell] != 0 || m & digits == 0 {
            return Some(false);
        }
        self.narrow(cell, m & !digits).then_some(true)
    }

    /// Narrows `cell`'s candidates to `left`, queueing the cell for naked
    /// singles when one digit is left; `false` (nothing changed) when none
    /// is.
    #[inline]
    fn narrow(&mut self, cell: usize, left: u64) -> bool {
        if left == 0 {
            return false;
        }
        self.set_candidates(cell, left);
        if left & (left - 1) == 0 {
            self.queue.push(cell as u32);
        }
        true
    }

    /// Applies naked and hidden singles to a fixpoint. Returns `false` on a
    /// contradiction.
    fn propagate(&mut self) -> bool {
        let all = self.shape().all_digits();
        let rules = self.rules.clone();
        let layout = rules.layout();
        loop {
            while let Some(c) = self.queue.pop() {
                let c = c as usize;
                if self.value[c] == 0 && !self.assign(c, self.cand[c]) {
                    return false;
                }
            }
            if self.watched() {
                return true;
            }
            let Some(u) = self.dirty_units.pop() else {
                match self.constraints() {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
                if self.locked {
                    match self.locked_candidates() {
                        None => return false,
                        Some(true) => continue,
                        Some(false) => {}
                    }
                }
                match self.crossings() {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
                return true;
            };
            let u = u as usize;
            self.dirty[u] = false;
            if self.placed[u] == all {
                continue;
            }
            let (mut once, mut twice) = (0u64, 0u64);
            for &c in layout.house(u) {
                let m = self.cand[c as usize];
                twice |= once & m;
                once |= m;
            }
            if once != all {
                return false;
            }
            let mut hidden = once & !twice & !self.placed[u];
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= !bit;
                let Some(&c) = layout.house(u).iter().find(|&&c| self.cand[c as usize] & bit != 0)
                else {
                    // An earlier hidden single in this unit took the cell.
                    return false;
                };
                let c = c as usize;
                if self.value[c] == 0 && !self.assign(c, bit) {
                    return false;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::*;
    use crate::generate::{Generator, Options};
    use crate::grid::Grid;
    use crate::shape::Layout;

    /// One pass of naked and hidden singles by their plain definitions:
    /// a cell's single candidate leaves its peers, and a digit with one
    /// place in a house is that cell's only candidate. True when a
    /// candidate went.
    fn plain_singles(layout: &Layout, n: usize, cand: &mut [u64]) -> bool {
        let mut changed = false;
        for cell in 0..cand.len() {
            let m = cand[cell];
            if m.count_ones() == 1 {
                for &p in layout.peers(cell) {
                    let before = cand[p as usize];
                    cand[p as usize] &= !m;
                    changed |= cand[p as usize] != before;
                }
            }
        }
        for u in 0..layout.house_count() {
            for d in 0..n {
                let places: Vec<usize> = layout
                    .house(u)
                    .iter()
                    .map(|&x| x as usize)
                    .filter(|&x| cand[x] >> d & 1 == 1)
                    .collect();
                if let [only] = places[..] {
                    changed |= cand[only] != 1 << d;
                    cand[only] &= 1 << d;
                }
            }
        }
        changed
    }

    /// The fixpoint of singles and locked candidates by the rules' plain
    /// definitions, cell by cell and digit by digit (no incremental state).
    fn plain_fixpoint(shape: Shape, mut cand: Vec<u64>) -> Vec<u64> {
        let layout = shape.layout();
        let (r, c, n) = (shape.box_rows(), shape.box_cols(), shape.size());
        let remove = |cand: &mut Vec<u64>, cell: usize, digits: u64| {
            let before = cand[cell];
            cand[cell] &= !digits;
            cand[cell] != before
        };
        loop {
            let mut changed = plain_singles(layout, n, &mut cand);
            if changed {
                // Locked candidates once singles are done, as the search.
                continue;
            }
            // Every (line, box) crossing, rows then columns.
            for (rows, span, width) in [(true, r, c), (false, c, r)] {
                let at = |line: usize, k: usize| if rows { line * n + k } else { k * n + line };
                for line in 0..n {
                    let first = line - line % span;
                    for s in 0..n / width {
                        let in_seg = |l: usize, k: usize| l == line && k / width == s;
                        let in_box = |l: usize, k: usize| l / span == line / span && k / width == s;
                        for d in 0..n {
                            let bit = 1u64 << d;
                            let has = |l: usize, k: usize| cand[at(l, k)] & bit != 0;
                            let seg = (0..n).any(|k| has(line, k) && in_seg(line, k));
                            if !seg {
                                continue;
                            }
                            let box_rest = (first..first + span).any(|l| {
                                (0..n).any(|k| in_box(l, k) && !in_seg(l, k) && has(l, k))
                            });
                            let line_rest = (0..n).any(|k| !in_seg(line, k) && has(line, k));
                            for l in 0..n {
                                for k in 0..n {
                                    let x = at(l, k);
                                    if cand[x].count_ones() == 1 || in_seg(l, k) {
                                        continue;
                                    }
                                    if (!box_rest && l == line) || (!line_rest && in_box(l, k)) {
                                        changed |= remove(&mut cand, x, bit);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            if !changed {
                return cand;
            }
        }
    }

    /// The search's propagation (incremental locked candidates, also after
    /// an undo) ends where the plain rules do, on subsets of full grids of
    /// square and oblong boxes; a check from a loaded base leaves the base
    /// as it was and answers as propagation from scratch.
    #[test]
    fn propagation_reaches_the_plain_rules_fixpoint() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        for (k, (r, c)) in
            [(2, 3), (3, 2), (3, 4), (4, 3), (2, 5), (4, 4), (1, 5), (5, 1)].into_iter().enumerate()
        {
            let shape = Shape::new(r, c).unwrap();
            let n = shape.size();
            let generator = Generator::new(Options::new(shape), k as u64).unwrap();
            for round in 0..6 {
                let grid = generator.grid(round as u64).unwrap();
                let keep = [0.25, 0.35, 0.45][round % 3];
                let givens: Vec<bool> = (0..n * n).map(|_| rng.random_bool(keep)).collect();
                let masks = |givens: &[bool]| -> Vec<u64> {
                    (0..n * n)
                        .map(|x| {
                            if givens[x] {
                                1u64 << (grid.values()[x] - 1)
                            } else {
                                shape.all_digits()
                            }
                        })
                        .collect()
                };
                let start = masks(&givens);
                let mut search = Search::new(&Rules::classic(shape)).with_locked_candidates();
                assert!(search.load(&start));
                let plain = plain_fixpoint(shape, start.clone());
                assert_eq!(search.cand, plain, "{shape}, case {k}.{round}");
                // Checks from this base, each undone.
                for _ in 0..4 {
                    let adds: Vec<(u32, u64)> = (0..n * n)
                        .filter(|&x| !givens[x] && rng.random_bool(0.1))
                        .map(|x| (x as u32, 1u64 << (grid.values()[x] - 1)))
                        .collect();
                    let mut all = givens.clone();
                    for &(x, _) in &adds {
                        all[x as usize] = true;
                    }
                    let fresh = Search::new(&Rules::classic(shape))
                        .with_locked_candidates()
                        .propagation_solves(&masks(&all));
                    assert_eq!(search.solves_with(&adds, &[]), fresh, "{shape}, case {k}.{round}");
                    assert_eq!(search.cand, plain, "{shape}, case {k}.{round}: base restored");
                }
            }
        }
    }

    /// Searches take the same decisions, node for node, whether locked
    /// candidates keep their segments across backtracking or start over
    /// after every undo: many solutions of sparse puzzles are enumerated.
    #[test]
    fn incremental_locked_candidates_search_as_full_passes() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(12);
        for (k, (r, c)) in [(4, 4), (3, 4), (5, 5), (2, 5)].into_iter().enumerate() {
            let shape = Shape::new(r, c).unwrap();
            let generator = Generator::new(Options::new(shape), k as u64).unwrap();
            for index in 0..3 {
                let grid = generator.grid(index).unwrap();
                let start: Vec<u64> =
                    grid.values()
                        .iter()
                        .map(|&v| {
                            if rng.random_bool(0.3) { 1u64 << (v - 1) } else { shape.all_digits() }
                        })
                        .collect();
                let mut out = Vec::new();
                for full in [false, true] {
                    let mut search = Search::new(&Rules::classic(shape)).with_locked_candidates();
                    search.segs.full_after_undo = full;
                    let (mut count, mut last) = (0, Vec::new());
                    let ended = search.run(&start, Some(3000), Watch::NEVER, |v| {
                        count += 1;
                        last = v.to_vec();
                        Next::Continue
                    });
                    out.push((ended, search.nodes, count, last));
                }
                assert_eq!(out[0], out[1], "{shape}, grid {index}");
                assert!(out[0].1 > 100, "{shape}, grid {index}: the search backtracked");
            }
        }
    }

    /// The fixpoint of singles and crossings by their plain definitions
    /// under any rules without constraints: a digit whose places in one
    /// house all lie in another house leaves the rest of that house.
    fn plain_crossings_fixpoint(rules: &Rules, mut cand: Vec<u64>) -> Vec<u64> {
        let layout = rules.layout();
        let n = rules.shape().size();
        let cells = cand.len();
        loop {
            let mut changed = plain_singles(layout, n, &mut cand);
            if changed {
                continue;
            }
            for a in 0..layout.house_count() {
                for b in (0..layout.house_count()).filter(|&b| b != a) {
                    let in_a = |x: usize| layout.house(a).contains(&(x as u16));
                    let in_b = |x: usize| layout.house(b).contains(&(x as u16));
                    for d in 0..n {
                        let bit = 1u64 << d;
                        let places: Vec<usize> = layout
                            .house(a)
                            .iter()
                            .map(|&x| x as usize)
                            .filter(|&x| cand[x] & bit != 0)
                            .collect();
                        if places.len() < 2 || !places.iter().all(|&x| in_b(x)) {
                            continue;
                        }
                        for x in (0..cells).filter(|&x| in_b(x) && !in_a(x)) {
                            if cand[x].count_ones() > 1 && cand[x] & bit != 0 {
                                cand[x] &= !bit;
                                changed = true;
                            }
                        }
                    }
                }
            }
            if !changed {
                return cand;
            }
        }
    }

    /// Rules with irregular or extra houses, for the crossings tests.
    fn crossing_rules() -> Vec<Rules> {
        let mut out = Vec::new();
        for (k, (r, c)) in [(2, 3), (2, 4), (3, 3), (3, 4)].into_iter().enumerate() {
            let shape = Shape::new(r, c).unwrap();
            out.push(Rules::random_jigsaw(shape, 40 + k as u64).unwrap());
        }
        let classic = Shape::CLASSIC;
        out.push(Rules::classic(classic).with_diagonals());
        out.push(Rules::random_jigsaw(classic, 7).unwrap().with_diagonals());
        out
    }

    /// Sparse puzzles of a random full grid under `rules`, as candidate
    /// masks, with about `keep` of the cells given.
    fn sparse_puzzles(rules: &Rules, rng: &mut Xoshiro256PlusPlus, keep: f64) -> Vec<Vec<u64>> {
        let shape = rules.shape();
        let cells = shape.cell_count();
        let mut pick = |m: u64| {
            let k = rng.random_range(0..m.count_ones());
            (0..k).fold(m, |m, _| m & (m - 1)).trailing_zeros()
        };
        let grid = super::super::random_fill(
            rules,
            &vec![0; cells],
            u64::MAX,
            &crate::deadline::Deadline::never(),
            &mut pick,
        )
        .expect("an empty board has a solution");
        (0..4)
            .map(|_| {
                (0..cells)
                    .map(|x| {
                        if rng.random_bool(keep) {
                            1u64 << (grid[x] - 1)
                        } else {
                            shape.all_digits()
                        }
                    })
                    .collect()
            })
            .collect()
    }

    /// With crossings, loading a puzzle ends where singles and crossings by
    /// their plain definitions do, and crossings remove candidates that
    /// singles leave.
    #[test]
    fn crossings_reach_the_plain_rules_fixpoint() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(21);
        let mut stronger = 0;
        for rules in crossing_rules() {
            for start in sparse_puzzles(&rules, &mut rng, 0.3) {
                let start = Grid::from_values_with(rules.clone(), masks_to_values(&start))
                    .unwrap()
                    .candidate_masks();
                let mut search = Search::new(&rules).with_crossings();
                assert!(search.crossings.is_some(), "{rules:?}");
                assert!(search.load(&start));
                assert_eq!(search.cand, plain_crossings_fixpoint(&rules, start.clone()));
                let mut singles = Search::new(&rules);
                assert!(singles.load(&start));
                let count = |c: &[u64]| c.iter().map(|m| m.count_ones()).sum::<u32>();
                stronger += usize::from(count(&search.cand) < count(&singles.cand));
            }
        }
        assert!(stronger > 4, "crossings removed candidates in {stronger} puzzles");
    }

    /// The digits of one-candidate masks (0 elsewhere).
    fn masks_to_values(masks: &[u64]) -> Vec<u8> {
        masks
            .iter()
            .map(|&m| if m.count_ones() == 1 { m.trailing_zeros() as u8 + 1 } else { 0 })
            .collect()
    }

    /// With crossings, a search finds the same solutions as without (each
    /// checked by the rules), and visits fewer nodes in all.
    #[test]
    fn crossings_find_the_same_solutions() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(22);
        let (mut nodes_with, mut nodes_without, mut compared) = (0, 0, 0);
        for rules in crossing_rules().into_iter().filter(|r| r.shape().size() <= 9) {
            for start in sparse_puzzles(&rules, &mut rng, 0.4) {
                let puzzle =
                    Grid::from_values_with(rules.clone(), masks_to_values(&start)).unwrap();
                let mut found = Vec::new();
                for crossings in [false, true] {
                    let search = Search::new(&rules);
                    let mut search = if crossings { search.with_crossings() } else { search };
                    let mut all = Vec::new();
                    let ended = search.run(&start, Some(5_000), Watch::NEVER, |v| {
                        all.push(v.to_vec());
                        if all.len() < 300 { Next::Continue } else { Next::Stop }
                    });
                    all.sort();
                    found.push((ended == Ended::Finished && all.len() < 300, all));
                    if crossings {
                        nodes_with += search.nodes;
                    } else {
                        nodes_without += search.nodes;
                    }
                }
                if !(found[0].0 && found[1].0) {
                    continue;
                }
                compared += 1;
                assert_eq!(found[0].1, found[1].1, "{rules:?}");
                for values in &found[1].1 {
                    let grid = Grid::from_values_with(rules.clone(), values.clone()).unwrap();
                    assert!(grid.is_solution_of(&puzzle));
                }
            }
        }
        assert!(compared >= 8, "{compared} puzzles enumerated in full");
        assert!(
            nodes_with < nodes_without,
            "{nodes_with} nodes with crossings, {nodes_without} without"
        );
    }

    /// X, windoku and X-windoku boards with boxes, for the extra houses'
    /// crossings.
    fn extra_house_rules(shape: Shape) -> Vec<Rules> {
        let x = Rules::classic(shape).with_diagonals();
        let windoku = Rules::classic(shape).with_windows().unwrap();
        vec![x.clone(), windoku, x.with_windows().unwrap()]
    }

    /// With locked candidates and the extra houses' crossings, loading a
    /// puzzle ends where singles and every crossing by their plain
    /// definitions do (locked candidates being the crossings of boxes and
    /// lines), and the extra houses' crossings remove candidates.
    #[test]
    fn extra_crossings_reach_the_plain_rules_fixpoint() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(23);
        let mut stronger = 0;
        for rules in extra_house_rules(Shape::CLASSIC) {
            for start in sparse_puzzles(&rules, &mut rng, 0.3) {
                let start = Grid::from_values_with(rules.clone(), masks_to_values(&start))
                    .unwrap()
                    .candidate_masks();
                let mut search =
                    Search::new(&rules).with_locked_candidates().with_extra_crossings();
                assert!(search.locked && search.crossings.is_some(), "{rules:?}");
                assert!(search.load(&start));
                assert_eq!(search.cand, plain_crossings_fixpoint(&rules, start.clone()));
                let mut locked = Search::new(&rules).with_locked_candidates();
                assert!(locked.load(&start));
                let count = |c: &[u64]| c.iter().map(|m| m.count_ones()).sum::<u32>();
                stronger += usize::from(count(&search.cand) < count(&locked.cand));
            }
        }
        assert!(stronger > 2, "extra crossings removed candidates in {stronger} puzzles");
    }

    /// Two 16x16 X-windoku puzzles of `generate --variant x,windoku --size
    /// 16 --difficulty hard` (seeds 1 and 3), each with one solution.
    const XWINDOKU_16: [&str; 2] = [
        "B6...........A..........3....7..7.EC.......A.3.....4..B..FEC8.1...6.7F..9..G..4..........D..2B...DA..6....C.....1............F.......E...8......F7.E.8.....D.2...81......3.6..7...D.....E.......6.........9..5.4...F........36................C...........F.1...",
        "...49......6E.2.9..6E7...1.....4.C...2.................B......1..D....G............G.D..2..31....A..1B..8...7.5.............84..A.......5.3........7.........3C.......1...G........3.......7...2...B......7...9.......B...8.....C.8.4.5..G...2..6...C....9.5F...",
    ];

    /// On 16x16 X-windoku a search with the extra houses' crossings finds
    /// the one solution of both puzzles (checked by the rules) and no other,
    /// and on the first, which the search without them exhausts within
    /// its bound, the same solution in far fewer nodes.
    #[test]
    fn extra_crossings_find_the_same_solutions() {
        let rules = Rules::classic(Shape::from_size(16).unwrap()).with_diagonals();
        let rules = rules.with_windows().unwrap();
        let run = |puzzle: &Grid, extra: bool| {
            let search = Search::new(&rules);
            assert!(search.locked);
            let mut search = if extra { search.with_extra_crossings() } else { search };
            let mut all = Vec::new();
            let ended = search.run(&puzzle.candidate_masks(), Some(200_000), Watch::NEVER, |v| {
                all.push(v.to_vec());
                Next::Continue
            });
            assert_eq!(ended, Ended::Finished, "extra crossings: {extra}");
            (all, search.nodes)
        };
        for (k, text) in XWINDOKU_16.into_iter().enumerate() {
            let values: Vec<u8> = text.chars().map(|c| c.to_digit(17).unwrap_or(0) as u8).collect();
            let puzzle = Grid::from_values_with(rules.clone(), values).unwrap();
            let (found, nodes) = run(&puzzle, true);
            assert_eq!(found.len(), 1, "puzzle {k}");
            let grid = Grid::from_values_with(rules.clone(), found[0].clone()).unwrap();
            assert!(grid.is_solution_of(&puzzle), "puzzle {k}");
            if k == 0 {
                let (without, nodes_without) = run(&puzzle, false);
                assert_eq!(without, found);
                assert!(nodes * 100 < nodes_without, "{nodes} nodes, {nodes_without} without");
            }
        }
    }
}
