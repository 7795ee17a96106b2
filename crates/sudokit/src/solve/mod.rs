/*!
Exact solving for every shape: count solutions up to a limit, find the unique
solution or say why there is none, enumerate solutions.

# Overview
- [`Solver`]: reusable scratch space plus [`Limits`]; use one per thread in a
  batch so no puzzle allocates.
- [`Solution`]: the answer to "what is the solution?": unique, none, several
  (with two of them as evidence) or clashing givens.
- [`Trace`]: the general search's moves, for replaying it ([`Solver::trace`]).
- Shortcuts on [`Grid`]: [`Grid::solution`], [`Grid::some_solution`],
  [`Grid::count_solutions_up_to`], [`Grid::is_uniquely_solvable`],
  [`Grid::solutions_up_to`].

The search itself (propagation of naked and hidden singles with
minimum-remaining-values branching, iterative with an undo trail) is described
in the `general` module. Clashing givens are not an error of the search: such a
puzzle simply has no solution, and [`Grid::solution`] names the clashes.

# Example
```
use sudokit::{Grid, Shape, solve::Solution};

let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
let values: Vec<u8> = text.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
let puzzle = Grid::from_values(Shape::CLASSIC, values).unwrap();
assert_eq!(puzzle.count_solutions_up_to(2), 1);
match puzzle.solution() {
    Solution::Unique(grid) => assert!(grid.is_solution_of(&puzzle)),
    other => panic!("expected one solution, got {other:?}"),
}
```
*/

mod classic;
mod crossings;
mod general;
mod generation;
mod orders;
mod trace;

use general::Search;
pub(crate) use generation::{PassChecks, Propagator, random_fill};
pub(crate) use orders::Orders;

use std::time::Duration;

use crate::candidates::Candidates;
use crate::deadline::{Deadline, Watch};
use crate::digit::Digit;
use crate::grid::{Clash, Grid};
use crate::logic::State;
use crate::logic::closure::{Closure, Tier};
use crate::rules::Rules;
use crate::shape::{Cell, Shape};
use general::{Ended, Next};
pub use trace::{Trace, TraceMove};

/// The answer to "what is the solution of this puzzle?".
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Solution {
    /// Exactly one solution.
    Unique(Grid),
    /// No grid satisfies the givens (the givens themselves do not clash; a
    /// contradiction appears only on the way).
    None,
    /// Two or more solutions; two different ones as evidence.
    Several(Grid, Grid),
    /// The givens break a rule already.
    Clashing(Vec<Clash>),
    /// A bound of [`Limits`] (nodes or time) ran out first.
    OutOfBudget,
}

/// Bounds on the work of one search; the search gives up at the first one
/// reached.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub struct Limits {
    /// Give up after this many search nodes (decisions and alternatives
    /// tried). Default: no bound. Propagation between nodes is bounded by the
    /// board size, so this bounds the whole search.
    pub max_nodes: Option<u64>,
    /// Give up after this much wall-clock time from the start of each
    /// search: a per-search allowance, for a batch that gives every record
    /// the same time. Default: no bound.
    pub time: Option<Duration>,
    /// Give up once this passes, whenever the search started: the end of a
    /// request, or an interrupt. Default: never. The deadline is read every
    /// few nodes, fewer the larger the board, so a search ends within about
    /// a millisecond of it on every board.
    pub deadline: Deadline,
}

impl Limits {
    /// At most `max_nodes` search nodes, no time bound.
    pub fn nodes(max_nodes: u64) -> Limits {
        Limits { max_nodes: Some(max_nodes), ..Limits::default() }
    }

    /// No node bound; give up once `deadline` passes.
    pub fn until(deadline: Deadline) -> Limits {
        Limits { deadline, ..Limits::default() }
    }

    /// These limits, also ending at `deadline`.
    pub fn with_deadline(self, deadline: Deadline) -> Limits {
        Limits { deadline, ..self }
    }

    /// These limits with at most `max_nodes` search nodes (`None`: no
    /// bound).
    pub fn with_max_nodes(self, max_nodes: impl Into<Option<u64>>) -> Limits {
        Limits { max_nodes: max_nodes.into(), ..self }
    }

    /// These limits with `time` for each search (`None`: no bound).
    ///
    /// ```
    /// use std::time::Duration;
    /// use sudokit::solve::Limits;
    ///
    /// let limits = Limits::default().with_max_nodes(1000).with_time(Duration::from_secs(1));
    /// assert_eq!((limits.max_nodes, limits.time), (Some(1000), Some(Duration::from_secs(1))));
    /// ```
    pub fn with_time(self, time: impl Into<Option<Duration>>) -> Limits {
        Limits { time: time.into(), ..self }
    }

    /// The deadline of a search starting now: `deadline`, or `time` from
    /// now when that comes first.
    fn watch(&self) -> Watch<'_> {
        self.deadline.watch_within(self.time)
    }
}

/// A count of solutions, exact up to the limit asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Count {
    /// The number of solutions found, at most the limit. When it equals the
    /// limit there may be more.
    Found(usize),
    /// A bound of [`Limits`] (nodes or time) ran out; at least this many
    /// solutions were found.
    OutOfBudget(usize),
}

impl Count {
    /// The number of solutions found, whether or not the budget ran out.
    pub fn solutions(self) -> usize {
        match self {
            Count::Found(n) | Count::OutOfBudget(n) => n,
        }
    }
}

/// An exact solver with reusable scratch space.
///
/// Build one per thread and call it for every puzzle of a batch.
#[derive(Debug, Default)]
pub struct Solver {
    limits: Limits,
    search: Option<Search>,
    last_nodes: u64,
    general_only: bool,
    /// Whether the general search propagates crossings of houses.
    crossings: bool,
    /// Whether it propagates the crossings of extra houses on boards with
    /// locked candidates too.
    extra_crossings: bool,
    /// Whether rules with houses beyond rows, columns and boxes get the
    /// crossings of every house (see [`Solver::with_house_crossings`]).
    house_crossings: bool,
}

impl Solver {
    /// A solver without limits.
    pub fn new() -> Solver {
        Solver::default()
    }

    /// A solver that gives up after `limits`.
    pub fn with_limits(limits: Limits) -> Solver {
        Solver { limits, ..Solver::default() }
    }

    /// The limits of the following searches.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Replaces the limits of the following searches (the scratch space is
    /// kept).
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// Replaces the deadline of the following searches, keeping the other
    /// limits.
    pub fn set_deadline(&mut self, deadline: Deadline) {
        self.limits.deadline = deadline;
    }

    /// This solver, set to use the general search for every shape, 9x9
    /// included (default: 9x9 takes the fast band-based path). The answers
    /// are the same; this exists to compare the two paths and measure them.
    pub fn general_only(mut self) -> Solver {
        self.general_only = true;
        self
    }

    /// This solver, with crossings of houses (pointing and claiming for any
    /// houses, jigsaw regions included) in the general search's
    /// propagation. Counts are the same in fewer nodes on boards with
    /// irregular houses; solutions may be found in another order, so the
    /// generator asks for it only where it counts.
    pub(crate) fn with_crossings(mut self) -> Solver {
        self.crossings = true;
        self
    }

    /// [`Solver::with_crossings`], and on boards from 16x16 with boxes
    /// (whose search has locked candidates) the crossings of the extra
    /// houses too (diagonals, windows): counts are the same in far fewer
    /// nodes on X-windoku, for instance, so a count without a node bound
    /// asks for it.
    pub(crate) fn with_extra_crossings(mut self) -> Solver {
        self.extra_crossings = true;
        self
    }

    /// This solver, set for rules with houses beyond rows, columns and
    /// boxes (diagonals, windows, jigsaw regions, houses given cell by
    /// cell):
    /// - the search propagates the crossings of houses (a digit a house can
    ///   place only where it crosses another house leaves the rest of that
    ///   house) with jigsaw regions or windows, and from 16x16 with any
    ///   extra house;
    /// - from 16x16 the search starts from the fixpoint of the rater's
    ///   techniques up to ER 4.4 (a closure: singles, intersections, pairs
    ///   and triples, X-wing, swordfish, wings; each sound without assuming
    ///   a unique solution).
    ///
    /// Verdicts and counts are the same, found in far fewer nodes: a 36x36
    /// X-windoku puzzle of `generate --difficulty hard` is counted in
    /// milliseconds, where the plain search does not end in minutes. When a
    /// puzzle has several solutions they may come in another order. Classic
    /// rules, and rules that only add constraints, search as before.
    ///
    /// The command-line tool, the service and the Python package count and
    /// solve with it; the generator chooses per check.
    pub fn with_house_crossings(mut self) -> Solver {
        self.house_crossings = true;
        self
    }

    /// Whether searches under `rules` start from the hard closure's
    /// fixpoint (see [`Solver::with_house_crossings`]).
    fn narrows(&self, rules: &Rules) -> bool {
        self.house_crossings
            && rules.shape().size() >= NARROW_MIN_SIZE
            && rules.has_irregular_houses()
            && Closure::serves(rules)
    }

    /// The start of a search of the pencil marks `state`: narrowed to the
    /// hard closure's fixpoint when [`Solver::narrows`] says so.
    fn start_of(&self, state: &Candidates) -> Vec<u64> {
        if self.narrows(state.rules()) && state.to_grid().clashes().is_empty() {
            narrowed(state.rules(), |closure| closure.start_from(&State::from_candidates(state)))
        } else {
            restrict(state)
        }
    }

    /// Explores from the candidate masks `start` and calls `each` with every
    /// solution's values until it returns `false` or the search ends. Returns
    /// `false` when a bound of the limits ran out.
    fn explore(
        &mut self,
        rules: &Rules,
        start: &[u64],
        mut each: impl FnMut(&[u8]) -> bool,
    ) -> bool {
        if self.search.as_ref().is_none_or(|s| s.rules() != rules) {
            let search = Search::new(rules);
            self.search =
                Some(if self.extra_crossings || (self.house_crossings && crosses(rules)) {
                    search.with_extra_crossings()
                } else if self.crossings {
                    search.with_crossings()
                } else {
                    search
                });
        }
        let search = self.search.as_mut().expect("just created");
        let watch = self.limits.watch();
        let ended = search.run(start, self.limits.max_nodes, watch, |values| {
            if each(values) { Next::Continue } else { Next::Stop }
        });
        self.last_nodes = search.nodes;
        ended == Ended::Finished
    }

    /// Explores `puzzle` like [`Solver::explore`], on the fast path for 9x9
    /// with classic rules (the fast path knows rows, columns and boxes only).
    fn explore_grid(
        &mut self,
        puzzle: &Grid,
        exclude: Option<(usize, u8)>,
        mut each: impl FnMut(Found<'_>) -> bool,
    ) -> bool {
        if puzzle.shape() == Shape::CLASSIC && puzzle.rules().is_classic() && !self.general_only {
            let (ended, nodes) = classic::run(
                puzzle.values(),
                exclude,
                self.limits.max_nodes,
                self.limits.watch(),
                |solved| {
                    if each(Found::Classic(solved)) { Next::Continue } else { Next::Stop }
                },
            );
            self.last_nodes = nodes;
            return ended == Ended::Finished;
        }
        let mut start = if self.narrows(puzzle.rules()) && puzzle.clashes().is_empty() {
            narrowed(puzzle.rules(), |closure| closure.start(puzzle.values()))
        } else {
            puzzle.candidate_masks()
        };
        if let Some((cell, digit)) = exclude {
            start[cell] &= !(1u64 << (digit - 1));
        }
        self.explore(puzzle.rules(), &start, |values| each(Found::Values(values)))
    }

    /// Counts solutions up to `limit` with `explore`, which calls its
    /// argument once per solution found and stops when that returns `false`.
    fn count_with(limit: usize, explore: impl FnOnce(&mut dyn FnMut() -> bool) -> bool) -> Count {
        let mut found = 0;
        if limit == 0 {
            return Count::Found(0);
        }
        let finished = explore(&mut || {
            found += 1;
            found < limit
        });
        if finished { Count::Found(found) } else { Count::OutOfBudget(found) }
    }

    /// Counts the solutions of `puzzle` in which `cell` does not hold
    /// `digit`, stopping at `limit`. When `puzzle` has the unique solution
    /// `s` and `digit` is `s`'s digit at a given `cell`, one such solution
    /// exists exactly when the puzzle without that clue has a second
    /// solution: the generator's question, answered by one search that
    /// usually ends in a contradiction instead of a count to two.
    pub fn count_excluding(
        &mut self,
        puzzle: &Grid,
        cell: Cell,
        digit: Digit,
        limit: usize,
    ) -> Count {
        let exclude = Some((cell.index(), digit.get()));
        Self::count_with(limit, |each| self.explore_grid(puzzle, exclude, |_| each()))
    }

    /// Counts the solutions of `puzzle`, stopping at `limit`.
    pub fn count(&mut self, puzzle: &Grid, limit: usize) -> Count {
        Self::count_with(limit, |each| self.explore_grid(puzzle, None, |_| each()))
    }

    /// Counts the completions of a pencil-mark state, stopping at `limit`.
    /// Only the marked candidates are allowed in each cell.
    pub fn count_candidates(&mut self, state: &Candidates, limit: usize) -> Count {
        let start = self.start_of(state);
        Self::count_with(limit, |each| self.explore(state.rules(), &start, |_| each()))
    }

    /// Up to `limit` solutions of `puzzle`, in search order. When the node
    /// budget runs out, the solutions found so far.
    pub fn solutions(&mut self, puzzle: &Grid, limit: usize) -> Vec<Grid> {
        let rules = puzzle.rules();
        let mut out = Vec::new();
        if limit == 0 {
            return out;
        }
        self.explore_grid(puzzle, None, |found| {
            out.push(found.grid(rules));
            out.len() < limit
        });
        out
    }

    /// [`Solver::solutions`], and whether the search finished (`false`
    /// when a bound of the limits ran out first).
    pub(crate) fn solutions_within(&mut self, puzzle: &Grid, limit: usize) -> (Vec<Grid>, bool) {
        let rules = puzzle.rules();
        let mut out = Vec::new();
        if limit == 0 {
            return (out, true);
        }
        let finished = self.explore_grid(puzzle, None, |found| {
            out.push(found.grid(rules));
            out.len() < limit
        });
        (out, finished)
    }

    /// The unique solution of `puzzle`, or why there is none.
    pub fn solve(&mut self, puzzle: &Grid) -> Solution {
        let clashes = puzzle.clashes();
        if !clashes.is_empty() {
            return Solution::Clashing(clashes);
        }
        let rules = puzzle.rules();
        let mut found = Vec::with_capacity(2);
        let finished = self.explore_grid(puzzle, None, |solution| {
            found.push(solution.grid(rules));
            found.len() < 2
        });
        verdict(found, finished)
    }

    /// The unique completion of a pencil-mark state, or why there is none.
    /// Only the marked candidates are allowed in each cell; cells with one
    /// candidate count as givens.
    pub fn solve_candidates(&mut self, state: &Candidates) -> Solution {
        let clashes = state.to_grid().clashes();
        if !clashes.is_empty() {
            return Solution::Clashing(clashes);
        }
        let rules = state.rules();
        let mut found = Vec::with_capacity(2);
        let start = self.start_of(state);
        let finished =
            self.explore(rules, &start, |values| keep_up_to_two(rules, &mut found, values));
        verdict(found, finished)
    }

    /// Nodes explored by the last search (for benchmarks and budgets).
    pub fn last_nodes(&self) -> u64 {
        self.last_nodes
    }
}

/// A solution as a search reports it. The 9x9 fast path hands over its
/// final state, whose values are only worked out when asked for: counting
/// never asks, so it costs no conversion per solution.
enum Found<'a> {
    /// The values of the general search.
    Values(&'a [u8]),
    /// The fast path's solved state.
    Classic(classic::Solved<'a>),
}

impl Found<'_> {
    /// The solution as a grid under `rules`.
    fn grid(self, rules: &Rules) -> Grid {
        let values = match self {
            Found::Values(values) => values.to_vec(),
            Found::Classic(solved) => solved.values().to_vec(),
        };
        Grid::from_values_with(rules.clone(), values).expect("solver values fit")
    }
}

/// Keeps a solution; asks for more until two are found.
fn keep_up_to_two(rules: &Rules, found: &mut Vec<Grid>, values: &[u8]) -> bool {
    found.push(Grid::from_values_with(rules.clone(), values.to_vec()).expect("solver values fit"));
    found.len() < 2
}

/// The answer from the solutions found (at most two) and whether the search
/// finished.
fn verdict(found: Vec<Grid>, finished: bool) -> Solution {
    let mut found = found.into_iter();
    match (found.next(), found.next(), finished) {
        (Some(a), Some(b), _) => Solution::Several(a, b),
        (_, _, false) => Solution::OutOfBudget,
        (Some(a), None, true) => Solution::Unique(a),
        (None, _, true) => Solution::None,
    }
}

/// The smallest board side on which [`Solver::with_house_crossings`] starts
/// its searches from the hard closure's fixpoint: below it the search from
/// the clues is fast, and the closure would cost more than it saves.
const NARROW_MIN_SIZE: usize = 16;

/// Whether [`Solver::with_house_crossings`] propagates crossings under
/// `rules`: with jigsaw regions or windows on any board, and from 16x16
/// with any houses beyond rows, columns and boxes. Below 16x16 the
/// diagonals alone rarely confine a digit, and on the variant bench set
/// crossings made 9x9 X slower while jigsaw and windoku got faster (see
/// CHANGELOG.md), so there X keeps the plain search.
fn crosses(rules: &Rules) -> bool {
    !rules.has_boxes()
        || rules.has_windows()
        || (rules.shape().size() >= NARROW_MIN_SIZE && rules.has_irregular_houses())
}

/// The candidate masks of the hard closure's fixpoint from the start that
/// `begin` sets. Its deductions are sound without assuming uniqueness, so
/// the masks hold every solution of that start; when the start has none,
/// the masks may be anything, and the search from them finds none either,
/// since it checks every rule itself.
fn narrowed(rules: &Rules, begin: impl FnOnce(&mut Closure)) -> Vec<u64> {
    Closure::with(rules, |closure| {
        begin(closure);
        closure.goes_on(Tier::Hard, &[]);
        restrict(&closure.state().to_candidates())
    })
}

/// The starting masks of a pencil-mark state: its marks, further narrowed by
/// the cells it already decides (one candidate) so the search starts sound.
fn restrict(state: &Candidates) -> Vec<u64> {
    let from_values = state.to_grid().candidate_masks();
    state.masks().iter().zip(from_values).map(|(&m, v)| m & v).collect()
}

impl Grid {
    /// The number of solutions, counted up to `limit` (so `0`, `1`, or
    /// `limit` meaning "`limit` or more").
    pub fn count_solutions_up_to(&self, limit: usize) -> usize {
        Solver::new().count(self, limit).solutions()
    }

    /// The unique solution, or why there is none.
    pub fn solution(&self) -> Solution {
        Solver::new().solve(self)
    }

    /// Some solution (the first found), if any.
    pub fn some_solution(&self) -> Option<Grid> {
        Solver::new().solutions(self, 1).pop()
    }

    /// Up to `limit` solutions.
    pub fn solutions_up_to(&self, limit: usize) -> Vec<Grid> {
        Solver::new().solutions(self, limit)
    }

    /// Whether the puzzle has exactly one solution.
    pub fn is_uniquely_solvable(&self) -> bool {
        self.count_solutions_up_to(2) == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A grid of `shape` from one line of symbols.
    fn grid(shape: Shape, s: &str) -> Grid {
        let options = crate::format::ReadOptions::new().with_shape(shape);
        crate::format::parse(s, options).unwrap().grid
    }

    #[test]
    fn empty_boards_have_several_valid_solutions() {
        for (r, c) in [(1, 1), (1, 2), (2, 2), (2, 3), (3, 2), (3, 3), (2, 5), (4, 4), (5, 5)] {
            let shape = Shape::new(r, c).unwrap();
            let empty = Grid::empty(shape);
            let sols = empty.solutions_up_to(2);
            let want = if shape.size() == 1 { 1 } else { 2 };
            assert_eq!(sols.len(), want, "{shape}");
            assert!(sols.iter().all(|s| s.is_solution_of(&empty)), "{shape}");
            if want == 2 {
                assert_ne!(sols[0], sols[1]);
            }
        }
    }

    #[test]
    fn clashing_givens_are_named() {
        let shape = Shape::new(2, 2).unwrap();
        let g = grid(shape, "1..1............");
        assert!(matches!(g.solution(), Solution::Clashing(c) if c.len() == 1));
        assert_eq!(g.count_solutions_up_to(2), 0);
    }

    #[test]
    fn consistent_givens_without_a_solution_mean_none() {
        // 4x4: r1c1 and r1c2 need 1 and 2, but box 1 holds a 1 in r2c2.
        let shape = Shape::new(2, 2).unwrap();
        let g = grid(shape, "..34.1..1.......");
        assert!(g.is_consistent());
        assert_eq!(g.solution(), Solution::None);
    }

    #[test]
    fn a_node_budget_stops_the_search() {
        let mut solver = Solver::with_limits(Limits::nodes(3));
        let empty = Grid::empty(Shape::new(5, 5).unwrap());
        assert_eq!(solver.count(&empty, 1_000_000), Count::OutOfBudget(0));
        assert!(solver.last_nodes() <= 4);
    }

    #[test]
    fn pencil_marks_restrict_the_search() {
        let shape = Shape::new(2, 2).unwrap();
        let empty = Grid::empty(shape);
        let mut state = Candidates::from_grid(&empty);
        let mut solver = Solver::new();
        assert_eq!(solver.count_candidates(&state, 1000), Count::Found(288));
        // Allow only 1 in r1c1: a quarter of the 4x4 grids remain.
        for d in 2..=4 {
            state.remove(shape.cell(0, 0), crate::Digit::new(d));
        }
        assert_eq!(solver.count_candidates(&state, 1000), Count::Found(72));
    }
}
