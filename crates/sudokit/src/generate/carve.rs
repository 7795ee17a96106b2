/*!
Carving: removing clues from a full grid while exactly one solution remains.

The carver holds the full grid `S` and the current puzzle `P` (a subset of
`S`'s cells), which always has `S` as its only solution. It tries to remove
one orbit of the clue symmetry at a time and keeps the removal only if the
smaller puzzle is still unique, so the invariant holds after every step and
no puzzle with several solutions can come out.

# Checking one removal, cheapest first
The full grid and the puzzle carry their rules, and every check below is
made under them: the houses and distinct groups of X, windoku, jigsaw,
anti-knight and the rest take part exactly as rows, columns and boxes do.
Steps 0, the masks of step 1 and the shared checks of step 2 are
specialisations for classic rules and are skipped under any other.

0. Unavoidable sets (classic rules, at most 128 cells): if the removal
   would leave one of the solution's two-digit swap cycles without a clue, it fails at
   once (see `unavoidable`). This only shortcuts failures the search below
   would find, so the puzzles are the same with or without it. On 9x9 it
   runs after the direct test (1.), which allows about half of all removals
   and any removal it allows breaks no set. A 9x9 grid's 2-digit cycles are
   found on its rows and kept as row masks (see `unavoidable`). Line swaps
   (two rows of a band, or two columns of a stack, exchanging their cells
   where they hold the same digits) are walked only when a removal asks;
   each refusal saves a search.
1. Direct: remove the orbit's cells one by one; if each removed cell's digit
   is a naked single (its peers' clues show every other digit) or a hidden
   single (every other empty cell of one of its houses sees that digit among
   the clues), the remaining clues still force `S`. Most early removals pass
   here without a search. Under classic rules on boards of at most 128
   cells the test runs on bit masks (`masks`: the peers of the cell against each digit's clues,
   the cells that see the digit against each unit's empty cells), with the
   same answers.
2. Exact (small boards): one removed cell of digit `v` is redundant exactly
   when no solution has another digit there, one search with the cell's `v`
   excluded ([`Solver::count_excluding`]), which usually ends in a quick
   contradiction; for a larger orbit, counting solutions up to two. Searches
   carry a node budget; running out counts as "not removable", which is safe.
   Under classic 9x9 rules the same questions go to the band bitboards of
   the fast solver with work shared across the pass (`solve::PassChecks`,
   which the solver offers for the rules it has such a path for): each
   check starts from the intersection of two propagated states, that of the clues kept
   so far and that of the clues not yet visited, and its search tries the
   solution's digit first. The decisions are the same (a test compares the
   puzzles with those of one solver search per check), for about 25% fewer
   instructions per minimal puzzle (see `docs/generator-notes.md`).
   Under non-consecutive rules each exact check is searched in four orders
   at once, the board's images under the rules' symmetries (`solve::orders`),
   until one search ends: the same answers, without the node budget.
3. Logic (large boards): the smaller puzzle must be solvable by singles and
   locked candidates alone (the general search's propagation, allowed no
   decision); sound rules that fill the board prove uniqueness in
   polynomial time, where an exact count can take exponential time on a
   sparse 25x25 board. The checks of a pass share a propagated base
   state per window of orbits and stop once the removed cells are
   determined again (see `logic`).

# Minimality in one pass
If removing an orbit fails for `P`, it fails for every subset of `P` too
(fewer clues cannot rule out the second solution; for the logic check, fewer
clues allow no more deductions: the rules are monotone in the givens). So one pass over the orbits in random order
leaves a puzzle from which no orbit can be removed: a minimal puzzle when the
orbits are single cells.

# Cost
On a minimal 9x9 puzzle about half of the removals pass the direct test
and a tenth are refused by the two-digit cycles; the searches that refuse
a removal (each a short walk to a second solution) are most of the search
cost. Where the work goes, the cost history and the alternatives measured
and rejected (more unavoidable sets, other guess orders in the refusing
search, cross-band line swaps): `docs/generator-notes.md`.
*/

use rand::Rng;
use rand::seq::SliceRandom;

use crate::Digit;
use crate::deadline::{Deadline, Passed};
use crate::grid::Grid;
use crate::rules::Rules;
use crate::shape::Cell;
use crate::solve::{Count, Limits, Orders, PassChecks, Propagator, Solver};

use super::board::Board;
use super::masks::CellMasks;
use super::unavoidable::Unavoidable;

mod logic;

/// The mask bit of `cell` (0 beyond 128 cells, where no sets are kept).
fn bit(cell: usize) -> u128 {
    1u128.checked_shl(cell as u32).unwrap_or(0)
}

/// How a removal is proved safe beyond the direct singles test.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Check {
    Exact,
    Logic,
}

/// The node budget of one exact check's first search. A check that needs
/// more is searched again without a node bound (only the carver's deadline
/// bounds it), so every exact decision is exact: a clue stays only when its
/// removal really leaves several solutions, and "minimal" means minimal.
const CHECK_NODES: u64 = 200_000;

pub(crate) struct Carver {
    /// The current puzzle: a subset of `solution`'s cells. Its digit masks
    /// are those of rows, columns and boxes, read only under classic rules
    /// (see [`Carver::forced`]).
    board: Board,
    solution: Vec<u8>,
    check: Check,
    solver: Solver,
    /// The logic check: propagation, no decision.
    propagator: Option<Propagator>,
    clues: usize,
    /// Unavoidable sets of `solution` (boards of at most 128 cells).
    unavoidable: Unavoidable,
    /// The given cells as a bit mask (boards of at most 128 cells).
    given: u128,
    /// The given cells of each digit (index digit - 1), as `given`.
    given_of: [u128; 11],
    /// The shape's cell masks (boards of at most 128 cells).
    masks: Option<&'static CellMasks>,
    /// The current puzzle as a grid, kept in step with `board` so checks
    /// need no allocation.
    grid: Grid,
    /// The rules, whose houses and peers the direct test reads.
    rules: Rules,
    /// Whether the rules are the classic ones of the shape, so `board`'s
    /// unit masks tell the digits a cell allows.
    classic_rules: bool,
    /// Exact checks that share work across a pass, where the solver has
    /// them for the rules (the classic 9x9 ones).
    classic: Option<PassChecks>,
    /// When carving must stop; the exact checks' searches stop at it too.
    deadline: Deadline,
    /// The node budget of an exact check's first search ([`CHECK_NODES`]).
    check_nodes: u64,
    /// Exact checks searched in several orders at once, where the rules
    /// have such symmetries and the search order matters much (see
    /// `solve::orders`): non-consecutive rules.
    orders: Option<Orders>,
}

impl Carver {
    /// A carver whose puzzle starts as the whole of `solution` (under its
    /// rules), working until `deadline`.
    pub(crate) fn new(solution: &Grid, check: Check, deadline: Deadline) -> Carver {
        let shape = solution.shape();
        let rules = solution.rules();
        let classic_rules = rules.is_classic();
        let mut carver = Carver {
            board: Board::new(shape),
            solution: solution.values().to_vec(),
            check,
            solver: Solver::with_limits(Limits::nodes(CHECK_NODES).with_deadline(deadline.clone()))
                .with_crossings(),
            propagator: (check == Check::Logic).then(|| Propagator::new(rules)),
            clues: 0,
            unavoidable: Unavoidable::of(rules, solution.values()),
            given: 0,
            given_of: [0; 11],
            masks: if classic_rules { CellMasks::of(shape) } else { None },
            grid: Grid::empty_with(rules.clone()),
            rules: rules.clone(),
            classic_rules,
            classic: if check == Check::Exact {
                PassChecks::for_rules(rules, solution.values(), CHECK_NODES)
            } else {
                None
            },
            orders: if check == Check::Exact { Orders::for_rules(rules) } else { None },
            deadline,
            check_nodes: CHECK_NODES,
        };
        carver.give_all();
        carver
    }

    pub(crate) fn clues(&self) -> usize {
        self.clues
    }

    pub(crate) fn values(&self) -> &[u8] {
        &self.board.values
    }

    pub(crate) fn is_given(&self, cell: usize) -> bool {
        self.board.values[cell] != 0
    }

    pub(crate) fn puzzle(&self) -> Grid {
        self.grid.clone()
    }

    /// Gives the solution's digit at `cell` (no uniqueness check needed:
    /// adding a clue of the solution keeps the solution unique... or makes a
    /// non-unique puzzle less ambiguous).
    pub(crate) fn give(&mut self, cell: usize) {
        if self.is_given(cell) {
            return;
        }
        self.board.place(cell, u32::from(self.solution[cell] - 1));
        self.grid.set(Cell::from_index(cell), Some(Digit::new(self.solution[cell])));
        self.clues += 1;
        self.given |= bit(cell);
        self.unavoidable.give(cell);
        if self.masks.is_some() {
            self.given_of[self.solution[cell] as usize - 1] |= bit(cell);
        }
    }

    /// Gives every cell of the solution to the empty puzzle at once: the
    /// same state as [`Carver::give`] on each cell, without its per-cell
    /// bookkeeping.
    fn give_all(&mut self) {
        for (cell, &v) in self.solution.iter().enumerate() {
            self.board.place(cell, u32::from(v - 1));
        }
        self.grid = Grid::from_values_with(self.rules.clone(), self.solution.clone())
            .expect("the solution fits its shape");
        self.clues = self.solution.len();
        if self.masks.is_some() {
            for (cell, &v) in self.solution.iter().enumerate() {
                self.given |= bit(cell);
                self.given_of[v as usize - 1] |= bit(cell);
            }
        } else {
            for cell in 0..self.solution.len() {
                self.given |= bit(cell);
            }
        }
    }

    /// Blanks `cell` without any check.
    pub(crate) fn blank(&mut self, cell: usize) {
        if self.is_given(cell) {
            self.board.clear(cell);
            self.grid.set(Cell::from_index(cell), None);
            self.clues -= 1;
            self.given &= !bit(cell);
            self.unavoidable.blank(cell);
            if self.masks.is_some() {
                self.given_of[self.solution[cell] as usize - 1] &= !bit(cell);
            }
        }
    }

    /// Whether the clues force the solution's digit at the empty `cell`
    /// directly, as a naked or a hidden single.
    fn forced(&self, cell: usize) -> bool {
        if let Some(masks) = self.masks {
            return self.forced_by_masks(masks, cell);
        }
        if self.classic_rules {
            self.forced_by(cell, |c| self.board.allowed(c))
        } else {
            self.forced_by(cell, |c| self.allowed_by_peers(c))
        }
    }

    /// [`Carver::forced`] on the rules' houses, `allowed(c)` giving the
    /// digits no clue among the peers of `c` holds.
    #[inline]
    fn forced_by(&self, cell: usize, allowed: impl Fn(usize) -> u64) -> bool {
        let v = self.solution[cell];
        let bit = 1u64 << (v - 1);
        if allowed(cell) == bit {
            return true;
        }
        let layout = self.rules.layout();
        layout.houses_of(cell).iter().any(|&u| {
            layout.house(u as usize).iter().all(|&other| {
                let other = other as usize;
                other == cell || self.is_given(other) || allowed(other) & bit == 0
            })
        })
    }

    /// The digits no clue among the peers of `cell` holds, by the rules'
    /// peers (those of every house and distinct group).
    fn allowed_by_peers(&self, cell: usize) -> u64 {
        let values = &self.board.values;
        let used = self.rules.layout().peers(cell).iter().fold(0u64, |used, &p| {
            match values[p as usize] {
                0 => used,
                v => used | 1 << (v - 1),
            }
        });
        self.rules.shape().all_digits() & !used
    }

    /// [`Carver::forced`] on bit masks (boards of at most 128 cells): a
    /// naked single when a peer clue shows each other digit; a hidden single
    /// when one of the cell's units has no other empty cell outside the
    /// cells that see the digit (the peers of its clues).
    fn forced_by_masks(&self, masks: &CellMasks, cell: usize) -> bool {
        let v = self.solution[cell] as usize - 1;
        // The board's unit digits answer the naked single in three loads.
        if self.board.allowed(cell) == 1 << v {
            return true;
        }
        let mut seeing = 0;
        let mut clues = self.given_of[v];
        while clues != 0 {
            seeing |= masks.peers[clues.trailing_zeros() as usize];
            clues &= clues - 1;
        }
        let open = !(self.given | seeing | bit(cell));
        masks.units[cell].iter().any(|&unit| unit & open == 0)
    }

    /// Removes the clues of `orbit` if the puzzle stays unique; returns
    /// whether it did. Cells of the orbit that are blank already are skipped.
    pub(crate) fn try_remove(&mut self, orbit: &[u16]) -> bool {
        let removed: Vec<usize> =
            orbit.iter().map(|&c| c as usize).filter(|&c| self.is_given(c)).collect();
        if removed.is_empty() {
            return false;
        }
        if self.unavoidable.forbids(&removed) {
            return false;
        }
        let mut direct = true;
        for &cell in &removed {
            self.blank(cell);
            direct = direct && self.forced(cell);
        }
        if direct || self.proves_unique(&removed) {
            return true;
        }
        for &cell in &removed {
            self.give(cell);
        }
        false
    }

    /// Whether the current puzzle (just without `removed`) is still unique.
    fn proves_unique(&mut self, removed: &[usize]) -> bool {
        match self.check {
            Check::Logic => {
                let masks = self.grid.candidate_masks();
                let search = self.propagator.as_mut().expect("logic carvers have one");
                search.solves(&masks)
            }
            Check::Exact => match self.exact_check(removed) {
                Some(unique) => unique,
                None => {
                    // Over the node budget: decide it exactly, bounded by
                    // the deadline alone (when that passes, the pass is
                    // abandoned and the decision does not matter).
                    let bounded =
                        Limits::nodes(self.check_nodes).with_deadline(self.deadline.clone());
                    self.solver.set_limits(Limits::until(self.deadline.clone()));
                    let unique = self.exact_check(removed);
                    self.solver.set_limits(bounded);
                    unique.unwrap_or(false)
                }
            },
        }
    }

    /// The exact check of [`Carver::proves_unique`] under the solver's
    /// limits; `None` when they ran out first. With several search orders
    /// (non-consecutive rules) the count is bounded by the deadline alone,
    /// so `None` means the deadline passed.
    fn exact_check(&mut self, removed: &[usize]) -> Option<bool> {
        let puzzle = &self.grid;
        let excluded = match removed {
            [cell] => Some((*cell, self.solution[*cell])),
            _ => None,
        };
        let limit = if excluded.is_some() { 1 } else { 2 };
        let count = match (&mut self.orders, excluded) {
            (Some(orders), _) => orders.count(puzzle, excluded, limit, &self.deadline),
            (None, Some((cell, digit))) => self.solver.count_excluding(
                puzzle,
                Cell::from_index(cell),
                Digit::new(digit),
                limit,
            ),
            (None, None) => self.solver.count(puzzle, limit),
        };
        match count {
            // A solution without the excluded digit is a second one.
            Count::Found(n) => Some(n + usize::from(excluded.is_some()) == 1),
            Count::OutOfBudget(_) => None,
        }
    }

    /// One pass over `orbits` in random order, removing each whose removal
    /// keeps the puzzle unique, while the clue count stays at least `floor`;
    /// stops once the count is at most `stop`. The carver's deadline is
    /// read before each orbit and once more at the end: when it has passed
    /// the pass is abandoned (`Err`), since a check cut short by it may have
    /// kept a removable clue, and the puzzle is then neither minimal nor the
    /// one an unhurried pass makes.
    pub(crate) fn carve<O: AsRef<[u16]>>(
        &mut self,
        orbits: &mut [O],
        floor: usize,
        stop: usize,
        rng: &mut impl Rng,
    ) -> Result<(), Passed> {
        orbits.shuffle(rng);
        let deadline = self.deadline.clone();
        let keep_going = || !deadline.passed();
        if let Some(mut classic) = self.classic.take() {
            self.carve_classic(&mut classic, orbits, floor, stop, keep_going);
            self.classic = Some(classic);
        } else if self.check == Check::Logic {
            self.carve_logic(orbits, floor, stop, keep_going);
        } else {
            for orbit in orbits.iter() {
                let orbit = orbit.as_ref();
                if self.clues <= stop || !keep_going() {
                    break;
                }
                let given = orbit.iter().filter(|&&c| self.is_given(c as usize)).count();
                if given == 0 || self.clues - given < floor {
                    continue;
                }
                self.try_remove(orbit);
            }
        }
        if deadline.passed() { Err(Passed) } else { Ok(()) }
    }

    /// Whether the carver's deadline has passed.
    pub(crate) fn late(&self) -> bool {
        self.deadline.passed()
    }

    /// [`Carver::carve`] on 9x9 with exact checks, after the shuffle: the
    /// same decisions (each removal is kept exactly when the puzzle stays
    /// unique), with the searches sharing work through [`PassChecks`].
    fn carve_classic<O: AsRef<[u16]>>(
        &mut self,
        classic: &mut PassChecks,
        orbits: &[O],
        floor: usize,
        stop: usize,
        mut keep_going: impl FnMut() -> bool,
    ) {
        classic.start_pass(orbits, |c| self.board.values[c] != 0);
        let mut cells = [0usize; 8];
        for (k, orbit) in orbits.iter().enumerate() {
            if self.clues <= stop || !keep_going() {
                break;
            }
            let mut given = 0;
            for &c in orbit.as_ref() {
                if self.is_given(c as usize) {
                    cells[given] = c as usize;
                    given += 1;
                }
            }
            let cells = &cells[..given];
            if given == 0 {
                continue;
            }
            if self.clues - given >= floor && self.try_remove_classic(classic, k, cells) {
                continue;
            }
            classic.keep(cells);
        }
    }

    /// [`Carver::try_remove`] for `carve_classic`: `cells` are the given
    /// cells of orbit `k` of the pass.
    fn try_remove_classic(&mut self, classic: &mut PassChecks, k: usize, cells: &[usize]) -> bool {
        let mut direct = true;
        for &cell in cells {
            self.blank(cell);
            direct = direct && self.forced(cell);
        }
        // The direct test first: a removal it allows breaks no unavoidable
        // set, and it settles about half of all removals.
        if direct {
            return true;
        }
        if !self.unavoidable.forbids(cells) {
            // A search over its node budget is decided exactly by the
            // general check instead.
            let removable = match classic.removable(k, cells) {
                Some(removable) => removable,
                None => self.proves_unique(cells),
            };
            if removable {
                return true;
            }
        }
        for &cell in cells {
            self.give(cell);
        }
        false
    }

    /// How the current puzzle stands: unique, or two different solutions
    /// (the hill climber's way back to uniqueness), or unknown (the search
    /// ran out of budget).
    pub(crate) fn status(&mut self) -> Status {
        let puzzle = self.puzzle();
        match self.solver.count(&puzzle, 2) {
            Count::Found(1) => Status::Unique,
            Count::Found(2) => {
                let mut found = self.solver.solutions(&puzzle, 2);
                match (found.pop(), found.pop()) {
                    (Some(b), Some(a)) => Status::Several(a, b),
                    _ => Status::Unknown,
                }
            }
            _ => Status::Unknown,
        }
    }

    /// The full grid being carved.
    pub(crate) fn solution(&self) -> &[u8] {
        &self.solution
    }
}

/// See [`Carver::status`].
pub(crate) enum Status {
    Unique,
    Several(Grid, Grid),
    Unknown,
}

#[cfg(test)]
impl Carver {
    /// A carver of `grid` without a deadline whose clues are the cells
    /// that `start` gives (not 0).
    fn from_start(grid: &Grid, check: Check, start: &[u8]) -> Carver {
        let mut carver = Carver::new(grid, check, Deadline::never());
        for (cell, &v) in start.iter().enumerate() {
            if v == 0 {
                carver.blank(cell);
            }
        }
        carver
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::*;
    use crate::generate::{Method, Symmetry, fill};
    use crate::shape::Shape;

    /// How a carver carves in [`carved_twice`]: `carve(carver, order, rng,
    /// first)`, one way when `first` and the other way after.
    pub(super) type CarveWay =
        dyn Fn(&mut Carver, &mut Vec<Vec<u16>>, &mut Xoshiro256PlusPlus, bool);

    /// Carves `grid` from `start` twice, with fresh carvers of `check`, each
    /// from its own copy of `orbits` and a random stream seeded with
    /// `seed`, one way and then the other (`carve`); returns both puzzles,
    /// for the tests that two ways agree.
    pub(super) fn carved_twice(
        (grid, start, check): (&Grid, &[u8], Check),
        orbits: &[Vec<u16>],
        seed: u64,
        carve: &CarveWay,
    ) -> (Vec<u8>, Vec<u8>) {
        let [a, b] = [true, false].map(|first| {
            let mut carver = Carver::from_start(grid, check, start);
            let mut order = orbits.to_vec();
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
            carve(&mut carver, &mut order, &mut rng, first);
            carver.values().to_vec()
        });
        (a, b)
    }

    /// With the 9x9 shared checks (`first`), or with one solver search per
    /// check (the classic checks switched off), down to `floor` clues.
    fn shared_or_not(floor: usize) -> Box<CarveWay> {
        Box::new(move |carver, order, rng, shared| {
            assert!(carver.classic.is_some());
            if !shared {
                carver.classic = None;
            }
            carver.carve(order, floor, 0, rng).unwrap();
        })
    }

    /// A check over its node budget is decided exactly by a search without
    /// one: with a budget of a single node (so nearly every check falls
    /// back), the 9x9 shared checks, the general exact checks on 9x9 and on
    /// 6x6 and 12x12 carve the same puzzles as with the usual budget.
    #[test]
    fn checks_over_their_node_budget_are_decided_exactly() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        for (shape, shared) in [
            (Shape::CLASSIC, true),
            (Shape::CLASSIC, false),
            (Shape::new(2, 3).unwrap(), false),
            (Shape::new(3, 4).unwrap(), false),
        ] {
            for round in 0..4u64 {
                let grid = fill::fill(&Rules::classic(shape), Method::Backtrack, &mut rng).unwrap();
                let orbits = Symmetry::None.orbits(shape);
                let mut out = Vec::new();
                for nodes in [CHECK_NODES, 1] {
                    let mut carver = Carver::new(&grid, Check::Exact, Deadline::never());
                    if !shared {
                        carver.classic = None;
                    } else if nodes != CHECK_NODES {
                        carver.classic = PassChecks::for_rules(grid.rules(), grid.values(), nodes);
                    }
                    carver.check_nodes = nodes;
                    carver.solver.set_limits(Limits::nodes(nodes));
                    let mut order = orbits.clone();
                    let mut rng = Xoshiro256PlusPlus::seed_from_u64(round);
                    carver.carve(&mut order, 0, 0, &mut rng).unwrap();
                    out.push(carver.values().to_vec());
                }
                assert_eq!(out[0], out[1], "{shape:?}, shared {shared}, round {round}");
                let puzzle = Grid::from_values(shape, out[1].clone()).unwrap();
                assert_eq!(puzzle.count_solutions_up_to(2), 1);
            }
        }
    }

    /// The shared checks decide every removal as the solver does: the same
    /// puzzles come out, for single cells and orbits, from full grids and
    /// from partly carved ones (as the hill climber starts), with a floor.
    #[test]
    fn shared_classic_checks_decide_as_the_solver() {
        compare_decisions(4, 120);
    }

    /// The same over many more grids (release, `--ignored`).
    #[test]
    #[ignore = "long: run in release with --ignored"]
    fn shared_classic_checks_decide_as_the_solver_on_many_grids() {
        compare_decisions(5, 20_000);
    }

    fn compare_decisions(seed: u64, rounds: u64) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        for round in 0..rounds {
            let grid =
                fill::fill(&Rules::classic(Shape::CLASSIC), Method::Backtrack, &mut rng).unwrap();
            let symmetry = [Symmetry::None, Symmetry::Rot180, Symmetry::Full][round as usize % 3];
            let orbits = symmetry.orbits(Shape::CLASSIC);
            let from_grid = (&grid, grid.values(), Check::Exact);
            let (a, b) = carved_twice(from_grid, &orbits, round, &shared_or_not(0));
            assert_eq!(a, b, "round {round}, {symmetry}");
            // From the carved puzzle with a few clues given back.
            let mut start = a.clone();
            for _ in 0..6 {
                let cell = rng.random_range(0..81);
                start[cell] = grid.values()[cell];
            }
            let floor = if round % 2 == 0 { 0 } else { 30 };
            let from_start = (&grid, &start[..], Check::Exact);
            let (a, b) = carved_twice(from_start, &orbits, round + 1000, &shared_or_not(floor));
            assert_eq!(a, b, "round {round}, {symmetry}, second pass");
        }
    }
}
