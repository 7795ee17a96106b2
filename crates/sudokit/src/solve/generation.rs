/*!
What the generator asks of the solver, and nothing more: random full grids,
and whether a puzzle stays unique without some of its clues.

- [`random_fill`]: a full grid under any [`Rules`] extending some givens,
  each decision's digit chosen by the caller (a random pick makes every grid
  possible).
- [`PassChecks`]: removal checks that share work across one carving pass
  over a fixed solution; offered for the rules that have such a path (the
  classic 9x9 rules, on the band bitboards) and `None` otherwise, where the
  caller counts with [`Solver`](super::Solver) instead.
- [`Propagator`]: whether propagation alone (singles and locked candidates,
  no decision) solves a puzzle, from scratch or from a loaded base state.

The generator picks none of the solver's paths itself: each function here
selects the fastest path the rules allow, so either side can change inside
without the other.
*/

use crate::deadline::Deadline;
use crate::rules::Rules;
use crate::shape::Shape;

use super::classic::carving::ClassicCarving;
use super::classic::filling;
use super::general::{Next, Search};

/// A full grid under `rules` extending `givens` (one value per cell, 0 for
/// empty; they must not clash), each decision trying its digits in the
/// order `pick` chooses: it is shown the mask of the digits left (bit `d`
/// for digit `d + 1`) and names one bit. With a random pick every grid
/// extending the givens can come out. `None` when `max_nodes` decisions
/// were not enough, or when `deadline` passed (the classic 9x9 path, which
/// takes well under a millisecond, does not read it).
#[inline]
pub(crate) fn random_fill(
    rules: &Rules,
    givens: &[u8],
    max_nodes: u64,
    deadline: &Deadline,
    mut pick: impl FnMut(u64) -> u32,
) -> Option<Vec<u8>> {
    let shape = rules.shape();
    debug_assert_eq!(givens.len(), shape.cell_count());
    if shape == Shape::CLASSIC && rules.is_classic() {
        return filling::random_grid(givens, max_nodes, &mut |mask| pick(u64::from(mask)));
    }
    let start: Vec<u64> =
        givens.iter().map(|&v| if v == 0 { shape.all_digits() } else { 1 << (v - 1) }).collect();
    let mut search = Search::new(rules);
    let mut grid = None;
    search.run_with_pick(
        &start,
        Some(max_nodes),
        deadline.watch(),
        &mut |mask| 1 << pick(mask),
        |values| {
            grid = Some(values.to_vec());
            Next::Stop
        },
    );
    grid
}

/// Uniqueness checks for one full grid `S`, sharing work across a carving
/// pass: the caller announces the pass's orbit order, then asks orbit by
/// orbit whether removing its clues keeps `S` the only solution, and says
/// which orbits stay.
pub(crate) struct PassChecks(Box<ClassicCarving>);

impl PassChecks {
    /// Checks for the full grid `solution` under `rules`, each search
    /// bounded by `max_nodes`; `None` when the rules have no shared path
    /// (all but the classic 9x9 rules).
    pub(crate) fn for_rules(rules: &Rules, solution: &[u8], max_nodes: u64) -> Option<PassChecks> {
        (rules.shape() == Shape::CLASSIC && rules.is_classic())
            .then(|| PassChecks(Box::new(ClassicCarving::new(solution, max_nodes))))
    }

    /// Starts a pass over `orbits` in this order; `given(cell)` says which
    /// cells are clues now. No orbit is kept yet.
    pub(crate) fn start_pass<O: AsRef<[u16]>>(
        &mut self,
        orbits: &[O],
        given: impl Fn(usize) -> bool,
    ) {
        self.0.start_pass(orbits, given);
    }

    /// Records that the given `cells` of an orbit visited in this pass stay
    /// clues.
    pub(crate) fn keep(&mut self, cells: &[usize]) {
        self.0.keep(cells);
    }

    /// Whether removing the given `cells` of orbit `k` (of the pass's
    /// order) leaves a puzzle whose only solution is `S`, the puzzle being
    /// the kept clues and those of the orbits after `k`; `None` when a
    /// search ran out of its node budget first.
    pub(crate) fn removable(&mut self, k: usize, cells: &[usize]) -> Option<bool> {
        self.0.removable(k, cells)
    }
}

/// Whether propagation alone solves a puzzle under some rules: naked and
/// hidden singles over every house, and locked candidates when the board
/// has boxes. Such deductions are sound, so a board they fill is the one
/// solution.
pub(crate) struct Propagator(Search);

impl Propagator {
    /// A propagator for `rules`.
    pub(crate) fn new(rules: &Rules) -> Propagator {
        Propagator(Search::new(rules).with_locked_candidates())
    }

    /// Whether propagation fills every cell from the candidate masks
    /// `start` (a given cell has one candidate).
    pub(crate) fn solves(&mut self, start: &[u64]) -> bool {
        self.0.propagation_solves(start)
    }

    /// The cells propagation leaves open from the candidate masks `start`,
    /// in reading order (none when it solves the puzzle); `None` on a
    /// contradiction.
    pub(crate) fn open_cells(&mut self, start: &[u64]) -> Option<Vec<usize>> {
        self.0.load(start).then(|| self.0.open_cells())
    }

    /// Loads and propagates the puzzle of the candidate masks `start` as
    /// the base of [`Propagator::solves_with`]; `false` on a contradiction.
    pub(crate) fn load(&mut self, start: &[u64]) -> bool {
        self.0.load(start)
    }

    /// Whether propagation from the loaded base with the cells of `adds`
    /// given as well (`(cell, digit bit)`) fills every cell; the base is
    /// kept. Once every cell of a non-empty `watch` is assigned the answer
    /// is taken to be yes (the caller knows they settle it).
    pub(crate) fn solves_with(&mut self, adds: &[(u32, u64)], watch: &[u32]) -> bool {
        self.0.solves_with(adds, watch)
    }
}
