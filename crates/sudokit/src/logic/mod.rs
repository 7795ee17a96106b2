/*!
The logical solver: human techniques, one module per family, each producing
a [`Step`] with its evidence and a sentence; hints; and the difficulty
rating on the Sudoku Explainer (SE) scale.

# Overview
- [`State`]: a pencil-mark state (placed values, candidates of empty cells).
- [`Step`] and [`Technique`]: one deduction, its technique and rating.
- [`LogicSolver`]: finds the next step ([`LogicSolver::next_step`]), the
  whole path ([`LogicSolver::solve`]) and the rating ([`LogicSolver::rate`]),
  within [`Budget`]; [`rate`] and [`hint`] are shortcuts.
  [`LogicSolver::find_technique`] looks for one technique alone.
- [`Rating`]: ER/EP/ED, the [`Level`] and the hardest technique.
- [`Er`]: a rating in tenths (`7.2`), never a float.

# Path choice
Like SE 1.2.1 the solver always applies *one* step at a time, the first one
found when the techniques are tried in this fixed order (their SE rating,
except that SE tries direct hidden triples after naked singles):

| rating | technique | module |
|---|---|---|
| 1.0 | even/odd mark (variant) | `variant` |
| 1.0 / 1.2 / 1.5 | full house, hidden single in a box / a line | `singles` |
| 1.2 | thermometer bounds (variant) | `variant` |
| 1.4 / 1.4 | kropki dot, non-consecutive (variant) | `variant` |
| 1.6 to 2.2 | cage combination, 1 to 4 digit sets left (variant) | `variant` |
| 1.7 / 1.9 | direct pointing / claiming | `intersections` |
| 2.0 | direct hidden pair | `subsets` |
| 2.3 | naked single | `singles` |
| 2.5 | direct hidden triple | `subsets` |
| 2.6 / 2.8 | pointing / claiming | `intersections` |
| 2.7 | cage intersection (variant) | `variant` |
| 2.8 / 3.1 | innies/outies of a house / two lines (variant) | `variant` |
| 2.4 to 3.0 | cage combination, 5 to 8 sets left (variant) | `variant` |
| 3.0, 3.2, 3.4 | naked pair, X-wing, hidden pair | `subsets`, `fish` |
| 3.6, 3.8, 4.0 | naked triple, swordfish, hidden triple | `subsets`, `fish` |
| 4.2, 4.4 | XY-wing, XYZ-wing | `wings` |
| 4.5+ | unique rectangles and loops (types 1 to 4; by length and set size) | `uniqueness` |
| 5.0, 5.2, 5.4 | naked quad, jellyfish, hidden quad | `subsets`, `fish` |
| 5.6+ | BUG (types 1 to 4) | `uniqueness` |
| 6.2 | aligned pair exclusion | `exclusion` |
| 6.5+ | bidirectional X-cycles and Y-cycles (by length) | `chains` |
| 6.6+ / 7.0+ | forcing X-chains / forcing chains (by length) | `chains` |
| 7.0+ | bidirectional cycles through cells and units | `chains` |
| 7.5 | aligned triplet exclusion | `exclusion` |
| 7.5+ | Nishio forcing chains | `chains` |
| 8.0+ | cell and unit (multiple) forcing chains | `nested` (classic 9x9), `chains` |
| 8.5+ | dynamic forcing chains | `nested` (classic 9x9), `chains` |
| 9.0+ | dynamic forcing chains (+): pairs, intersections, X-wings inside (9x9 houses) | `nested` |
| 9.5+, 10.0+, 10.5+, 11.0+ | nested forcing chains, levels 2 to 5 (9x9 houses) | `nested` |
| 11.0 | trial and error: a guess, always named so | `guess` |

On 9x9 boards whose rules are houses (classic, jigsaw, diagonals,
windows, extra houses) trial and error is left only for a state where
even level 5 of the nested chains finds nothing (none on the reference
sets in `data/`: every puzzle of `se-rated-hardest.txt` is rated without
a guess); on other boards it follows dynamic forcing chains.

Finned and sashimi fish (module `finned`) are **not** on this path: Sudoku
Explainer has none, so using them would move ratings off its scale. They
are found on request ([`LogicSolver::find_technique`]) and rated by a
sudokit convention (basic fish + 0.1 finned, + 0.2 sashimi).

Within a chain family every candidate chain is built and the easiest (by
rating, then by number of implications) is taken, as SE does. Chain ratings
add SE's length increments to the base: 0.1 each time the number of
implications exceeds 4, 6, 8, 12, 16, 24, 32, ... (alternately times 3/2
and 4/3).

The rating follows SE: **ER** is the hardest step on this path, **EP** the
hardest step up to and including the first step that places a digit, **ED**
the rating of the first step. The named [`Level`] comes from ER.

Tests: every technique is checked on published pencil-mark states, mostly
lines of HoDoKu's regression library (Bernhard Hobiger), asserting the exact
eliminations (`tests/techniques.rs`).

Sources for the ratings and rules: Sudoku Explainer 1.2.1 by Nicolas
Juillerat and its documentation; the table "Difficulty ratings in Sudoku
Explainer v1.2.1" on the SukakuExplainer wiki. Techniques are described on
Sudopedia and in Andrew Stuart's strategy pages.

# Variants
Houses-only variants (X, windoku, jigsaw, anti-knight, anti-king) use the
ladder as it is. Each kind of constraint (killer cages, thermometers,
kropki dots, non-consecutive, even/odd) has techniques of its own in the
`variant` module, rated by sudokit beside SE's scale and placed in the
ladder by rating (the table above; `docs/variant-logic.md` says why).
The other techniques stay sound under constraints (they read houses and
cells that must differ only); the chains with cells also follow the
links the constraints give (module `links`: a dot, a cage, a thermometer
or a neighbour rule as implications between potentials). Unique
rectangles and BUG, which need the houses to be the only rules, are off
for every rule set but the classic one. The levels use the same ER bands.

# Shapes
Singles, intersections, subsets and fish work on every shape. Wings,
uniqueness, BUG, exclusion and chains run on boards up to 16x16; larger
boards fall back to trial and error after the basic techniques.

# Uniqueness
Unique rectangles and BUG assume the puzzle has one solution, so every
entry point first checks that with the exact solver and refuses puzzles
with none or several.
*/

mod chains;
pub(crate) mod closure;
mod difficulty;
mod exclusion;
mod finned;
mod fish;
mod forcing;
mod guess;
mod intersections;
mod links;
mod nested;
mod potential;
mod proof;
mod singles;
mod stamps;
mod state;
mod step;
mod subsets;
mod uniqueness;
mod variant;
mod wings;

use std::time::Duration;

pub use difficulty::{Er, Level, RatingRange};
pub use proof::{Branch, ChainForm, ChainProof, Implication, NestedChain, Potential, Reason, Rule};
pub use state::State;
pub use step::{Step, Technique, UnknownTechnique};

use crate::deadline::Deadline;
use crate::grid::{Clash, Grid};
use crate::shape::Shape;
use crate::solve::{Limits, Solution, Solver};

/// Bounds on the work of one request (a rating, a path, a hint); the
/// request gives up at the first one reached.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Budget {
    /// Most steps on one path. Default: 100,000.
    pub max_steps: usize,
    /// Wall-clock limit for each request from its start; `None` for none.
    /// Default: none.
    pub time: Option<Duration>,
    /// Give up once this passes, whenever the request started (the end of
    /// a service request, or an interrupt). Default: never.
    pub deadline: Deadline,
    /// Whether trial and error may finish a puzzle the techniques cannot.
    /// Default: true (the step then says it is a guess).
    pub allow_guess: bool,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget { max_steps: 100_000, time: None, deadline: Deadline::never(), allow_guess: true }
    }
}

impl Budget {
    /// This budget with at most `max_steps` steps on one path.
    pub fn with_max_steps(self, max_steps: usize) -> Budget {
        Budget { max_steps, ..self }
    }

    /// This budget with `time` for each request (`None`: no bound).
    ///
    /// ```
    /// use std::time::Duration;
    /// use sudokit::logic::Budget;
    ///
    /// let budget = Budget::default().with_time(Duration::from_secs(2)).with_guesses(false);
    /// assert_eq!((budget.time, budget.allow_guess), (Some(Duration::from_secs(2)), false));
    /// ```
    pub fn with_time(self, time: impl Into<Option<Duration>>) -> Budget {
        Budget { time: time.into(), ..self }
    }

    /// This budget ending at `deadline` too.
    pub fn with_deadline(self, deadline: Deadline) -> Budget {
        Budget { deadline, ..self }
    }

    /// This budget with trial and error allowed or not.
    pub fn with_guesses(self, allow_guess: bool) -> Budget {
        Budget { allow_guess, ..self }
    }

    /// The deadline of a request starting now: `deadline`, or `time` from
    /// now when that comes first.
    fn request_deadline(&self) -> Deadline {
        self.deadline.sooner(self.time)
    }
}

/// Why the logical solver gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LogicError {
    /// The givens break a rule.
    Clashing(Vec<Clash>),
    /// No solution.
    NoSolution,
    /// Two or more solutions (ratings and uniqueness techniques need one).
    Several,
    /// The budget ran out; the steps taken so far.
    OutOfBudget {
        /// Steps taken before the budget ran out.
        steps: usize,
    },
    /// The rules have a kind of constraint no technique reads: no step is
    /// offered rather than a step that could be wrong. (Every kind of
    /// [`Constraint`](crate::constraint::Constraint) has techniques today.)
    Unsupported {
        /// The rules' name.
        rules: String,
    },
    /// No technique applies and guessing is off.
    Stuck {
        /// Steps taken before getting stuck.
        steps: usize,
    },
}

impl std::fmt::Display for LogicError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LogicError::Clashing(c) => write!(f, "the givens clash ({} clashes)", c.len()),
            LogicError::NoSolution => write!(f, "no solution"),
            LogicError::Several => {
                write!(f, "several solutions (logical solving needs exactly one)")
            }
            LogicError::OutOfBudget { steps } => {
                write!(f, "out of budget after {steps} steps (raise the step or time limit)")
            }
            LogicError::Stuck { steps } => {
                write!(f, "no implemented technique applies after {steps} steps")
            }
            LogicError::Unsupported { rules } => write!(
                f,
                "the logical solver has no technique for a constraint of the rules {rules}; \
                 solve and count these puzzles exactly instead"
            ),
        }
    }
}

impl std::error::Error for LogicError {}

/// A Sudoku Explainer style rating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rating {
    /// ER: the hardest step on the path.
    pub er: Er,
    /// EP: the hardest step up to the first placement.
    pub ep: Er,
    /// ED: the first step.
    pub ed: Er,
    /// The level of ER.
    pub level: Level,
    /// The technique of the hardest step (`None` for a solved grid).
    pub hardest: Option<Technique>,
    /// Whether the path needed trial and error.
    pub guessed: bool,
}

/// A whole solving path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The solution reached.
    pub solution: Grid,
}

impl Path {
    /// The rating of this path.
    pub fn rating(&self) -> Rating {
        let mut er = Er(0);
        let mut ep = Er(0);
        let mut ed = Er(0);
        let mut hardest = None;
        let mut placed = false;
        for (k, s) in self.steps.iter().enumerate() {
            if s.difficulty > er || hardest.is_none() {
                er = er.max(s.difficulty);
                hardest = Some(s.technique);
            }
            if k == 0 {
                ed = s.difficulty;
            }
            if !placed {
                ep = er;
                placed = s.places();
            }
        }
        Rating {
            er,
            ep,
            ed,
            level: er.level(),
            hardest,
            guessed: self.steps.iter().any(|s| s.technique.is_guess()),
        }
    }

    /// How many steps used each technique, in order of first use.
    pub fn technique_counts(&self) -> Vec<(Technique, usize)> {
        let mut out: Vec<(Technique, usize)> = Vec::new();
        for s in &self.steps {
            match out.iter_mut().find(|(t, _)| *t == s.technique) {
                Some((_, n)) => *n += 1,
                None => out.push((s.technique, 1)),
            }
        }
        out
    }
}

/// The logical solver: a budget and reusable scratch space. Use one per thread.
#[derive(Debug)]
pub struct LogicSolver {
    budget: Budget,
    chains: chains::Chainer,
    nested: nested::Nested,
    /// The uniqueness check before a step or a rating, with the crossings
    /// of extra houses (its verdict is all that is read).
    exact: Solver,
}

impl Default for LogicSolver {
    fn default() -> LogicSolver {
        LogicSolver {
            budget: Budget::default(),
            chains: chains::Chainer::default(),
            nested: nested::Nested::default(),
            exact: Solver::new().with_house_crossings(),
        }
    }
}

/// The largest board side for wings, uniqueness, exclusion and chains.
const ADVANCED_MAX_SIZE: usize = 16;

impl LogicSolver {
    /// A solver with the default [`Budget`].
    pub fn new() -> LogicSolver {
        LogicSolver::default()
    }

    /// A solver with `budget`.
    pub fn with_budget(budget: Budget) -> LogicSolver {
        LogicSolver { budget, ..LogicSolver::default() }
    }

    /// Replaces the budget (for the following calls).
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// Replaces the deadline of the budget (for the following calls),
    /// keeping its other bounds.
    pub fn set_deadline(&mut self, deadline: Deadline) {
        self.budget.deadline = deadline;
    }

    /// The unique solution of a state, or why there is none. The exact
    /// search that tells it runs under the request's `deadline` too, so no
    /// request runs unbounded before its first step.
    fn solution_of(&mut self, st: &State, deadline: &Deadline) -> Result<Grid, LogicError> {
        supported(st)?;
        if st.is_contradictory() {
            return Err(LogicError::NoSolution);
        }
        // Only placed digits that clash are clashing givens; two empty cells
        // left with the same single candidate are a contradiction, not a
        // clash (tests/limits.rs, a case the fuzzer found).
        let clashes = st.to_grid().clashes();
        if !clashes.is_empty() {
            return Err(LogicError::Clashing(clashes));
        }
        self.exact.set_limits(Limits::until(deadline.clone()));
        match self.exact.solve_candidates(&st.to_candidates()) {
            Solution::Unique(g) => Ok(g),
            Solution::Several(..) => Err(LogicError::Several),
            Solution::OutOfBudget => Err(LogicError::OutOfBudget { steps: 0 }),
            _ => Err(LogicError::NoSolution),
        }
    }

    /// The next step from `state` (the easiest, by the order in the module
    /// docs), or `None` when it is solved. Checks first that the state has
    /// exactly one completion.
    pub fn next_step(&mut self, state: &State) -> Result<Option<Step>, LogicError> {
        if state.is_solved() {
            return Ok(None);
        }
        let deadline = self.budget.request_deadline();
        let solution = self.solution_of(state, &deadline)?;
        self.nested.forget_kept();
        match self.find(state, &solution, &deadline, Er::MAX) {
            Found::Step(s) => Ok(Some(s)),
            Found::Nothing => Err(LogicError::Stuck { steps: 0 }),
            Found::OutOfTime => Err(LogicError::OutOfBudget { steps: 0 }),
        }
    }

    /// The first step of one technique from `state`, ignoring every other
    /// technique (for "is there an X-wing here?" and for tests). Searches in
    /// the same order as [`LogicSolver::next_step`]; chain techniques return
    /// their easiest chain. Boards larger than 16x16 have only the basic
    /// techniques and the size-4 patterns. Checks first that the state has
    /// exactly one completion; `Ok(None)` when the technique does not apply.
    pub fn find_technique(
        &mut self,
        state: &State,
        technique: Technique,
    ) -> Result<Option<Step>, LogicError> {
        use Technique::*;
        let solution = self.solution_of(state, &self.budget.request_deadline())?;
        let advanced = state.size() <= ADVANCED_MAX_SIZE;
        let st = state;
        Ok(match technique {
            FullHouse | HiddenSingleBox | HiddenSingleLine => {
                singles::hidden_single_of(st, Some(technique))
            }
            NakedSingle => singles::naked_single(st),
            DirectPointing | Pointing => {
                intersections::find_of(st, technique == DirectPointing, Some(true))
            }
            DirectClaiming | Claiming => {
                intersections::find_of(st, technique == DirectClaiming, Some(false))
            }
            DirectHiddenPair => subsets::hidden(st, 2, true),
            DirectHiddenTriple => subsets::hidden(st, 3, true),
            NakedPair => subsets::naked(st, 2),
            NakedTriple => subsets::naked(st, 3),
            NakedQuad => subsets::naked(st, 4),
            HiddenPair => subsets::hidden(st, 2, false),
            HiddenTriple => subsets::hidden(st, 3, false),
            HiddenQuad => subsets::hidden(st, 4, false),
            XWing => fish::find(st, 2),
            Swordfish => fish::find(st, 3),
            Jellyfish => fish::find(st, 4),
            FinnedXWing => finned::find(st, 2, false),
            FinnedSwordfish => finned::find(st, 3, false),
            FinnedJellyfish => finned::find(st, 4, false),
            SashimiXWing => finned::find(st, 2, true),
            SashimiSwordfish => finned::find(st, 3, true),
            SashimiJellyfish => finned::find(st, 4, true),
            XYWing if advanced => wings::xy_wing(st),
            XYZWing if advanced => wings::xyz_wing(st),
            UniqueRectangle if advanced => uniqueness::unique_loop(st),
            Bug if advanced => uniqueness::bug(st),
            AlignedPairExclusion if advanced => exclusion::aligned_pair(st),
            AlignedTripletExclusion if advanced => exclusion::aligned_triplet(st),
            BidirectionalXCycle | BidirectionalYCycle | BidirectionalCycle | ForcingXChain
            | ForcingChain | Nishio | MultipleForcingChain | DynamicForcingChain
                if advanced =>
            {
                self.chains.find_technique(st, technique)
            }
            DynamicForcingChainPlus
            | NestedForcingChain
            | NestedMultipleForcingChain
            | NestedDynamicForcingChain
            | NestedDynamicForcingChainPlus => {
                self.nested.find_technique(st, technique, &Deadline::never()).unwrap_or(None)
            }
            EvenOddMark => variant::parity(st),
            ThermometerBounds => variant::thermometer(st),
            KropkiDot => variant::kropki(st),
            NonConsecutive => variant::non_consecutive(st),
            CageCombination => variant::combination(st, Er::MAX),
            CageIntersection => variant::intersection(st),
            InniesOuties => variant::innies_outies(st),
            TrialAndError => guess::guess(st, &solution),
            _ => None,
        })
    }

    /// The whole path from a puzzle to its solution.
    pub fn solve(&mut self, puzzle: &Grid) -> Result<Path, LogicError> {
        self.solve_state(State::from_grid(puzzle))
    }

    /// The whole path from a pencil-mark state to its solution.
    pub fn solve_state(&mut self, st: State) -> Result<Path, LogicError> {
        let path = self.walk(st, Er::MAX)?;
        Ok(path.expect("without a ceiling every step is taken"))
    }

    /// The SE-style rating of a puzzle.
    pub fn rate(&mut self, puzzle: &Grid) -> Result<Rating, LogicError> {
        self.solve(puzzle).map(|p| p.rating())
    }

    /// The SE-style rating of a puzzle whose ER is at most `ceiling`, or
    /// `Ok(None)` as soon as the path needs a harder step. Techniques rated
    /// above the ceiling are never tried, so telling "too hard" costs about
    /// as much as rating an easy puzzle: this is what generation by
    /// difficulty calls for every candidate.
    pub fn rate_up_to(&mut self, puzzle: &Grid, ceiling: Er) -> Result<Option<Rating>, LogicError> {
        Ok(self.walk(State::from_grid(puzzle), ceiling)?.map(|p| p.rating()))
    }

    /// [`LogicSolver::rate_up_to`] for a puzzle already known to have the
    /// one solution `solution` (the generator proved it): the same rating,
    /// without the exact search that checks uniqueness first.
    pub(crate) fn rate_known_up_to(
        &mut self,
        puzzle: &Grid,
        solution: &Grid,
        ceiling: Er,
    ) -> Result<Option<Rating>, LogicError> {
        Ok(self.path_known_up_to(puzzle, solution, ceiling)?.map(|p| p.rating()))
    }

    /// The path of [`LogicSolver::rate_known_up_to`]: the steps (with quiet
    /// sentences), or `Ok(None)` as soon as a step harder than `ceiling`
    /// is needed.
    pub(crate) fn path_known_up_to(
        &mut self,
        puzzle: &Grid,
        solution: &Grid,
        ceiling: Er,
    ) -> Result<Option<Path>, LogicError> {
        let mut st = State::from_grid(puzzle);
        st.set_quiet(true);
        let deadline = self.budget.request_deadline();
        self.walk_from(st, solution.clone(), ceiling, &deadline)
    }

    /// Steps from `st` to the solution, or `None` when a step harder than
    /// `ceiling` is needed.
    fn walk(&mut self, st: State, ceiling: Er) -> Result<Option<Path>, LogicError> {
        let deadline = self.budget.request_deadline();
        let solution = self.solution_of(&st, &deadline)?;
        self.walk_from(st, solution, ceiling, &deadline)
    }

    /// [`LogicSolver::walk`] from a state whose one solution is `solution`.
    fn walk_from(
        &mut self,
        st: State,
        solution: Grid,
        ceiling: Er,
        deadline: &Deadline,
    ) -> Result<Option<Path>, LogicError> {
        let (steps, complete) = self.steps_until(st, &solution, ceiling, ceiling, &[], deadline)?;
        Ok(complete.then_some(Path { steps, solution }))
    }

    /// The steps of the path from a puzzle whose one solution is
    /// `solution`, up to the first that needs a step harder than
    /// `ceiling`, and whether they reach the solution. The steps are the
    /// path's first steps whatever the ceiling: every step is the easiest
    /// available, and one within the ceiling is found with it as without.
    pub(crate) fn prefix_known_up_to(
        &mut self,
        puzzle: &Grid,
        solution: &Grid,
        ceiling: Er,
    ) -> Result<(Vec<Step>, bool), LogicError> {
        self.prefix_known_from(State::from_grid(puzzle), solution, ceiling)
    }

    /// [`LogicSolver::prefix_known_up_to`] from `st`, a state on the path
    /// of a puzzle whose one solution is `solution`: the steps from there.
    /// A closure's fixpoint of a tier rated below every step sought is
    /// such a state (see `closure`: the path's steps up to the first rated
    /// above the tier's ceiling are one order of applying the tier, so
    /// they reach that fixpoint, and the path goes on from it).
    pub(crate) fn prefix_known_from(
        &mut self,
        st: State,
        solution: &Grid,
        ceiling: Er,
    ) -> Result<(Vec<Step>, bool), LogicError> {
        self.prefix_known_until(st, solution, ceiling, &[])
    }

    /// [`LogicSolver::prefix_known_from`], stopping as soon as the steps
    /// use every technique of `until` (none: never): the steps up to that
    /// one are the path's first steps all the same, and the last of them
    /// is the first step by which the path uses them all. Stopped there,
    /// the steps are not complete (`false`) unless they solve the puzzle.
    pub(crate) fn prefix_known_until(
        &mut self,
        mut st: State,
        solution: &Grid,
        ceiling: Er,
        until: &[Technique],
    ) -> Result<(Vec<Step>, bool), LogicError> {
        st.set_quiet(true);
        let deadline = self.budget.request_deadline();
        self.steps_until(st, solution, ceiling, ceiling, until, &deadline)
    }

    /// The steps of the path from a puzzle whose one solution is
    /// `solution`, up to the first that needs a technique whose easiest
    /// form is rated above `ceiling` or is itself rated above `cap`, and
    /// whether they reach the solution. With `cap` above `ceiling`, a step
    /// of a technique tried counts up to `cap` whatever the length that
    /// adds to its base, which [`LogicSolver::prefix_known_up_to`] refuses
    /// above its ceiling. The steps are the path's first steps: a
    /// technique is tried only when every one before it found nothing.
    pub(crate) fn prefix_known_capped(
        &mut self,
        puzzle: &Grid,
        solution: &Grid,
        ceiling: Er,
        cap: Er,
    ) -> Result<(Vec<Step>, bool), LogicError> {
        let mut st = State::from_grid(puzzle);
        st.set_quiet(true);
        let deadline = self.budget.request_deadline();
        self.steps_until(st, solution, ceiling, cap, &[], &deadline)
    }

    /// [`LogicSolver::walk_from`]'s steps and whether they are complete,
    /// ending early once they use every technique of `until` (when there
    /// are some). Techniques whose easiest form is rated above `ceiling`
    /// are not tried, and a step rated above `cap` ends the walk.
    fn steps_until(
        &mut self,
        mut st: State,
        solution: &Grid,
        ceiling: Er,
        cap: Er,
        until: &[Technique],
        deadline: &Deadline,
    ) -> Result<(Vec<Step>, bool), LogicError> {
        supported(&st)?;
        self.nested.forget_kept();
        let mut steps: Vec<Step> = Vec::new();
        // The techniques of `until` no step has used yet.
        let mut missing = until.to_vec();
        while !st.is_solved() {
            // Read before every step: on large boards a path has thousands
            // of steps, each found by the basic techniques alone.
            if steps.len() >= self.budget.max_steps || deadline.passed() {
                return Err(LogicError::OutOfBudget { steps: steps.len() });
            }
            match self.find(&st, solution, deadline, ceiling) {
                Found::Step(s) if s.difficulty > cap => return Ok((steps, false)),
                Found::Step(s) => {
                    st.apply(&s);
                    missing.retain(|&t| t != s.technique);
                    steps.push(s);
                    if !until.is_empty() && missing.is_empty() {
                        return Ok((steps, st.is_solved()));
                    }
                }
                Found::Nothing if ceiling < Er::MAX => return Ok((steps, false)),
                Found::Nothing => return Err(LogicError::Stuck { steps: steps.len() }),
                Found::OutOfTime => return Err(LogicError::OutOfBudget { steps: steps.len() }),
            }
        }
        Ok((steps, true))
    }

    /// [`LogicSolver::prefix_known_from`] with the steps of `tier` left to
    /// its closure: from `st` (a state on the path, as there) the closure
    /// runs to its fixpoint, the first step rated above the tier is found
    /// there and applied, and so on. The path's steps between two steps
    /// rated above the tier are one order of applying the tier, so they end
    /// at its fixpoint (see `closure`), where no technique of the tier
    /// applies; the rest of the path is the same. The steps returned are
    /// the path's steps rated above the tier, in order; with them whether
    /// the path is complete, and the state where it ends (solved, or
    /// where it first needs a step above `ceiling`). `rules` must be
    /// served by closures ([`closure::Closure::serves`]).
    pub(crate) fn prefix_past_tier(
        &mut self,
        mut st: State,
        solution: &Grid,
        ceiling: Er,
        tier: closure::Tier,
    ) -> Result<(Vec<Step>, bool, State), LogicError> {
        st.set_quiet(true);
        supported(&st)?;
        let deadline = self.budget.request_deadline();
        let rules = st.rules().clone();
        self.nested.forget_kept();
        let mut steps: Vec<Step> = Vec::new();
        loop {
            let solved = closure::Closure::with(&rules, |c| {
                c.start_from(&st);
                let solved = c.goes_on(tier, &[]);
                st.copy_from(c.state());
                solved
            });
            if solved {
                return Ok((steps, true, st));
            }
            if steps.len() >= self.budget.max_steps || deadline.passed() {
                return Err(LogicError::OutOfBudget { steps: steps.len() });
            }
            match self.find_above(&st, solution, &deadline, ceiling, tier.ceiling()) {
                Found::Step(s) if s.difficulty > ceiling => return Ok((steps, false, st)),
                Found::Step(s) => {
                    st.apply(&s);
                    steps.push(s);
                }
                Found::Nothing if ceiling < Er::MAX => return Ok((steps, false, st)),
                Found::Nothing => return Err(LogicError::Stuck { steps: steps.len() }),
                Found::OutOfTime => return Err(LogicError::OutOfBudget { steps: steps.len() }),
            }
        }
    }

    /// The first step found trying the techniques in order, skipping those
    /// whose easiest form is rated above `ceiling`.
    fn find(&mut self, st: &State, solution: &Grid, deadline: &Deadline, ceiling: Er) -> Found {
        self.find_above(st, solution, deadline, ceiling, Er(0))
    }

    /// [`LogicSolver::find`], skipping also the techniques whose easiest
    /// form is rated at most `above` (at a closure's fixpoint, those of the
    /// tier: none applies there).
    fn find_above(
        &mut self,
        st: &State,
        solution: &Grid,
        deadline: &Deadline,
        ceiling: Er,
        above: Er,
    ) -> Found {
        let within =
            |&(from, f): &(u16, Finder)| (from <= ceiling.0 && from > above.0).then_some(f);
        for f in BASIC.iter().filter_map(within) {
            if let Some(s) = f(st) {
                return Found::Step(s);
            }
        }
        if st.size() <= ADVANCED_MAX_SIZE {
            for f in MIDDLE.iter().filter_map(within) {
                if let Some(s) = f(st) {
                    return Found::Step(s);
                }
            }
            // On classic 9x9 boards the `nested` module searches multiple
            // and dynamic chains (and the levels above); `chains` stops
            // below. On other rules `chains` gives those, and `nested` the
            // levels above where it searches.
            // A hint kept from the path's last nesting-level step, still
            // valid here, is the step before any chain is searched (none
            // is kept outside a walk).
            match self.nested.kept_step(st, deadline) {
                Found::Nothing => {}
                other => return other,
            }
            let classic = st.shape() == Shape::CLASSIC && st.rules().is_classic();
            let below_multiple = Er(Technique::MultipleForcingChain.base().0 - 1);
            if ceiling >= Technique::BidirectionalXCycle.base() {
                let cap = if classic { ceiling.min(below_multiple) } else { ceiling };
                match self.chains.find(st, deadline, cap) {
                    Found::Nothing => {}
                    other => return other,
                }
            }
            // The `nested` module declines boards it does not search
            // (constraints, distinct groups, other sizes).
            if ceiling >= Technique::MultipleForcingChain.base() {
                match self.nested.find(st, deadline, ceiling) {
                    Found::Nothing => {}
                    other => return other,
                }
            }
        } else {
            for f in QUADS.iter().filter_map(within) {
                if let Some(s) = f(st) {
                    return Found::Step(s);
                }
            }
        }
        if deadline.passed() {
            return Found::OutOfTime;
        }
        if self.budget.allow_guess
            && ceiling >= Technique::TrialAndError.base()
            && let Some(s) = guess::guess(st, solution)
        {
            return Found::Step(s);
        }
        Found::Nothing
    }
}

/// A technique search: the first step it finds.
type Finder = fn(&State) -> Option<Step>;

/// Singles to hidden triples (4.0), in SE's order, each with the rating (in
/// tenths) of the easiest step it can give, and the variant techniques
/// among them by their ratings (they find nothing on rules without
/// constraints). Cage combinations come twice: up to 2.2 before naked
/// singles, the rest before naked pairs.
const BASIC: [(u16, Finder); 20] = [
    (10, variant::parity),
    (10, singles::hidden_single),
    (12, variant::thermometer),
    (14, variant::kropki),
    (14, variant::non_consecutive),
    (16, |s| variant::combination(s, Er(22))),
    (17, |s| intersections::find(s, true)),
    (20, |s| subsets::hidden(s, 2, true)),
    (23, singles::naked_single),
    (25, |s| subsets::hidden(s, 3, true)),
    (26, |s| intersections::find(s, false)),
    (27, variant::intersection),
    (28, variant::innies_outies),
    (24, |s| variant::combination(s, Er::MAX)),
    (30, |s| subsets::naked(s, 2)),
    (32, |s| fish::find(s, 2)),
    (34, |s| subsets::hidden(s, 2, false)),
    (36, |s| subsets::naked(s, 3)),
    (38, |s| fish::find(s, 3)),
    (40, |s| subsets::hidden(s, 3, false)),
];

/// Wings (4.2) to aligned pair exclusion (6.2), in SE's order, with the
/// rating of the easiest step each can give.
const MIDDLE: [(u16, Finder); 8] = [
    (42, wings::xy_wing),
    (44, wings::xyz_wing),
    (45, uniqueness::unique_loop),
    (50, |s| subsets::naked(s, 4)),
    (52, |s| fish::find(s, 4)),
    (54, |s| subsets::hidden(s, 4, false)),
    (56, uniqueness::bug),
    (62, exclusion::aligned_pair),
];

/// The size-4 patterns alone, for boards larger than [`ADVANCED_MAX_SIZE`].
const QUADS: [(u16, Finder); 3] = [
    (50, |s| subsets::naked(s, 4)),
    (52, |s| fish::find(s, 4)),
    (54, |s| subsets::hidden(s, 4, false)),
];

/// The result of looking for a step.
#[derive(Debug)]
pub(crate) enum Found {
    Step(Step),
    Nothing,
    OutOfTime,
}

/// `Ok` when the techniques know every rule of `st`. Houses and distinct
/// groups are read by every technique; each kind of constraint has its
/// own (module `variant`), so this lists them: a kind added without a
/// technique must be refused here by name.
fn supported(st: &State) -> Result<(), LogicError> {
    use crate::constraint::Constraint;
    for c in st.rules().constraints() {
        match c {
            Constraint::Cage(_) => {}   // cage combination, intersection, innies/outies
            Constraint::Thermo(_) => {} // thermometer bounds
            Constraint::Dot(_) => {}    // kropki dot
            Constraint::Parity(_) => {} // even/odd mark
        }
    }
    Ok(())
}

/// The SE-style rating of a puzzle with the default budget.
pub fn rate(puzzle: &Grid) -> Result<Rating, LogicError> {
    LogicSolver::new().rate(puzzle)
}

/// The next step from a pencil-mark state with the default budget.
pub fn hint(state: &State) -> Result<Option<Step>, LogicError> {
    LogicSolver::new().next_step(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With the hard tier left to its closure, the steps are the rater's
    /// own path's steps rated above the tier, in order, and they end where
    /// that path ends (the same state, complete or not), at ceilings below
    /// and among the chains.
    #[test]
    fn a_prefix_past_the_hard_tier_keeps_the_paths_harder_steps() {
        let puzzles = crate::test_corpus::classic("se-rated-random.txt");
        assert!(puzzles.len() >= 100, "too few puzzles");
        let mut rater = LogicSolver::new();
        let mut exact = crate::solve::Solver::new();
        let (mut harder, mut incomplete) = (0, 0);
        for p in puzzles.iter().step_by(7) {
            let crate::solve::Solution::Unique(solution) = exact.solve(p) else {
                panic!("{p:?} has one solution");
            };
            for ceiling in [Er(56), Er(62), Er(74)] {
                let mut st = State::from_grid(p);
                st.set_quiet(true);
                let (steps, complete) =
                    rater.prefix_known_from(st.clone(), &solution, ceiling).unwrap();
                let (past, done, end) = rater
                    .prefix_past_tier(st.clone(), &solution, ceiling, closure::Tier::Hard)
                    .unwrap();
                let above: Vec<&Step> = steps.iter().filter(|s| s.difficulty > Er(44)).collect();
                assert_eq!(past.iter().collect::<Vec<_>>(), above, "{p:?} at {ceiling}");
                assert_eq!(done, complete, "{p:?} at {ceiling}");
                steps.iter().for_each(|s| st.apply(s));
                assert_eq!(end, st, "{p:?} at {ceiling}: where the path ends");
                harder += past.len();
                incomplete += usize::from(!done);
            }
        }
        // Both kinds of path are covered: steps above the tier, and paths
        // that stop at the ceiling.
        assert!(harder >= 20 && incomplete >= 20, "{harder} harder steps, {incomplete} stops");
    }

    /// Stopped at the techniques of `until`, the steps are the whole
    /// prefix's up to the first step by which every one of them is used;
    /// with a technique the path never uses, the whole prefix.
    #[test]
    fn a_prefix_until_techniques_ends_at_their_first_use() {
        let puzzles = crate::test_corpus::classic("se-rated-random.txt");
        assert!(puzzles.len() >= 100, "too few puzzles");
        let ceiling = Er(74);
        let mut rater = LogicSolver::new();
        let mut exact = crate::solve::Solver::new();
        let mut stopped = 0;
        for p in puzzles.iter().step_by(10) {
            let crate::solve::Solution::Unique(solution) = exact.solve(p) else {
                panic!("{p:?} has one solution");
            };
            let (steps, complete) = rater.prefix_known_up_to(p, &solution, ceiling).unwrap();
            let first_use = |t: Technique| steps.iter().position(|s| s.technique == t);
            let unused = Technique::ALL.into_iter().find(|&t| first_use(t).is_none()).unwrap();
            // The last technique the prefix takes up, then it with an
            // earlier one: the walk ends at the later first use.
            let mut order: Vec<Technique> = Vec::new();
            steps.iter().for_each(|s| {
                if !order.contains(&s.technique) {
                    order.push(s.technique)
                }
            });
            let cases: Vec<(Vec<Technique>, Option<usize>)> = match order.as_slice() {
                [] => vec![(vec![unused], None)],
                [.., last] => vec![
                    (vec![*last], first_use(*last)),
                    (vec![*last, order[0]], first_use(*last)),
                    (vec![order[0], unused], None),
                ],
            };
            for (until, end) in cases {
                let st = State::from_grid(p);
                let (got, whole) =
                    rater.prefix_known_until(st, &solution, ceiling, &until).unwrap();
                match end {
                    Some(i) => {
                        stopped += 1;
                        assert_eq!(got.as_slice(), &steps[..=i], "{until:?} on {p:?}");
                        assert_eq!(whole, i + 1 == steps.len() && complete, "{p:?}");
                    }
                    None => assert_eq!((got.as_slice(), whole), (steps.as_slice(), complete)),
                }
            }
        }
        assert!(stopped >= 20, "{stopped} walks stopped early");
    }
}
