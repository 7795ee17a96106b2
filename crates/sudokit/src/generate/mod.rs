/*!
Generating full grids and puzzles with exactly one solution, for every shape
and every [`Rules`] (X, windoku, jigsaw, anti-knight, anti-king, any extra
house or distinct group).

# Overview
- [`Options`]: the rules (a [`Shape`] stands for its classic rules) and the
  request, built with setters: `Options::new("9+x".parse()?)`,
  `.symmetry(..)`, `.clues(..)`, `.rating(..)`.
- [`Generator`]: [`Options`] plus a seed. [`Generator::grid`] and
  [`Generator::puzzle`] take an index and derive that item's random stream
  from `(seed, index)` alone, so a batch is reproducible and can be made in
  any order or on any number of threads with identical results.
- [`Method`]: how the full grid is built (`backtrack`, `shift`, `rows`,
  `digits`, `solver`; see the `fill` module for each). Under rules other
  than the classic ones `backtrack` is the solver's random fill over the
  rules' peers (windoku on square boxes of side 4 and up: a constructed
  grid, moved and partly refilled at random, see `windoku`) and `solver`
  a relabelled solution; the methods built on boxes refuse such rules.
- [`Symmetry`]: the clue pattern's symmetry; clues are removed an orbit at
  a time.
- [`CluePreset`]: named 9x9 clue presets (easy, medium, hard).
- [`Options::rating`]: a rating target on the Sudoku Explainer scale (a
  [`RatingRange`], e.g. a [`Level`](crate::logic::Level)'s range):
  minimal candidates are carved as usual, ruled out cheaply when a closure
  (the techniques below the range, or up to its top, applied to a fixpoint;
  see `logic::closure`) already tells their rating is outside the range,
  and otherwise rated by the logical solver with the target's upper end as
  a ceiling, until one lands in the range. Random minimal puzzles spread
  over every level (about 20% easy, 35% medium, 7% hard, 12% expert and 26%
  evil by SE's own ratings of 750 of them in `se-rated-random.txt`), so
  sampling reaches each level. A target whose top is below 1.7 (easy) is
  carved under its ceiling instead (see `rated`): such puzzles are not
  necessarily minimal unless [`Options::minimal`] is set. From 16x16 up
  (logic carving, no clue target, not minimal) puzzles are carved up a
  ladder of rating ceilings instead (see `levelled`), since sampling
  there almost never leaves easy or medium; so are puzzles up to evil
  under anti-knight, anti-king and non-consecutive rules on every board
  (not minimal unless [`Options::minimal`] is set), whose minimal puzzles
  nearly all need chains or guesses.
- [`Options::needs`] and [`Options::hardest`]: technique targets, the
  techniques the logical path must use or the one its hardest step must
  be. Carved with the rater in the loop: the closures below the technique
  first, then a pass in which removals are judged by the rater with the
  technique's rating as a ceiling, until one forces the technique (see
  `targeted`). A technique that cannot occur on the board is refused.
- [`levels_offered`]: the named levels each board size offers; a rating
  target wholly above them is refused up front, naming them.
  [`levels_offered_under`]: fewer under rules whose higher levels are not
  made within a service's time budget (9x9 non-consecutive: up to evil;
  9x9 anti-king: up to extreme).
  [`levels_offered_with`]: with drawn constraints, the levels made by
  adding givens within that budget, per kind and size measured (none
  elsewhere, [`unlevelled`] says why).
- [`Extras`]: constraints drawn from each full grid before carving
  (killer cages with or without givens ([`Cages`]), thermometers, kropki
  dots ([`Dots`]), even/odd marks); see `draw`. With a rating target the
  puzzle made as without one gains givens from its solution until it
  rates in the range (see `given_levels`); a killer without givens may
  so gain givens. [`LineRules`]: how the
  line format names the rules of such puzzles (`# rules:` lines, killer
  lines), for every face that writes them.
- [`ClueRange`]: a clue-count target. Without one a puzzle is carved to
  minimal (no clue, or orbit of clues, can be removed).
- [`Carving`]: how removals are proved safe: exact search (the default up to
  12x12) or logic-solvability by singles and locked candidates (16x16 and
  up, where each check must stay polynomial).
- [`from_catalogue`]: a uniformly chosen puzzle of a catalogue under a
  random equivalence transform (how 17-clue puzzles are best produced).

# Rules
Full grids obey every house and distinct group of the rules, and every
uniqueness check is exact under them (or logic over their houses, for
[`Carving::Logic`]). The fast paths are specialisations for the classic
rules only: the band-bitboard checks shared across a pass (9x9), the
cell masks of the direct test and the unavoidable sets (at most 128
cells), and the closures that filter rating candidates; under other rules
the same decisions come from the general search, so the puzzles are as
unique and as minimal, only made more slowly. Symmetry is of the clue
pattern alone: the rules need not share it.

# Guarantees
Every puzzle returned has exactly one solution, the returned `solution`:
carving keeps that invariant at each step (see `carve`): a clue goes only
when a check proves the puzzle stays unique (the tests count the solutions
of generated puzzles independently). Exact checks are exact: one that
exceeds its node budget is searched again without one, so a minimal puzzle
is minimal. Work is bounded: searches carry node
budgets and restart limits, and [`Options::time_limit`] and
[`Options::deadline`] bound a puzzle.

Whole or error: a puzzle is returned only when it meets the whole request
(unique, in the clue range, minimal when asked, in the rating range). The
clock is read only to give up: when the deadline passes, the puzzle ends in
[`GenerateError::OutOfTime`], never in a partly carved one. Every other
bound is counted (nodes, restarts, tries), so item `i` of a seed is the
same under any budget, load or thread count, or an error.

# Lower bounds refused up front
No classic 9x9 puzzle with 16 or fewer clues has a unique solution
(McGuire, Tugemann and Civario, "There is no 16-clue Sudoku", 2012, an
exhaustive search); rules with more houses allow fewer. On every shape
and under every rule set a unique puzzle needs at least `N - 1` clues:
with two digits absent from the givens they could be swapped in any
solution (a relabelling keeps every house and group valid).
*/

mod board;
mod carve;
mod construct;
mod draw;
mod fill;
mod given_levels;
mod hardest;
mod jigsaw;
mod levelled;
mod levels;
mod lines;
mod masks;
mod nested_targets;
mod passes;
mod preset;
mod rated;
mod removal;
mod rules_name;
mod shifted;
mod symmetry;
mod targeted;
mod unavoidable;
mod windoku;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::deadline::{Deadline, Passed};
use crate::grid::Grid;
use crate::logic::closure::Closure;
use crate::logic::{LogicSolver, Rating, RatingRange, Technique};
use crate::rules::Rules;
use crate::shape::Shape;
use crate::transform::Transform;
use given_levels::Settled;

use carve::{Carver, Check, Status};
pub use construct::{BuildStep, ConstructError, Construction, MAX_CONSTRUCT_SIZE, construct};
pub use draw::{Cages, Dots, Extras, NoCages};
pub use fill::{FillError, grids_refused};
pub use jigsaw::{
    JigsawError, MAX_JIGSAW_SIZE, MIN_JIGSAW_SIZE, NON_CONSECUTIVE_MAX_SIZE, jigsaw,
    random_regions_refused,
};
pub use levels::{
    DRAWN_NOT_LEVELLED, levels_offered, levels_offered_made, levels_offered_under,
    levels_offered_with, unlevelled,
};
pub use lines::LineRules;
pub use preset::CluePreset;
pub use removal::{Removal, RemovalStep, removal};
pub use rules_name::MakeRules;
pub use symmetry::{Symmetry, UnknownSymmetry};
pub use targeted::{technique_from_catalogue, technique_occurs};

/// How a full grid is constructed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Method {
    /// Randomized depth-first search, fewest candidates first; every grid
    /// can come out.
    #[default]
    Backtrack,
    /// The shifted-row pattern under a random equivalence transform.
    Shift,
    /// Row by row, pick and eliminate, with rollback.
    Rows,
    /// Digit by digit, box by box, with backtracking.
    Digits,
    /// The exact solver on an empty board, randomly relabelled.
    Solver,
}

crate::named::named_enum!(Method parsed as "method" {
    Backtrack => "backtrack",
    Shift => "shift",
    Rows => "rows",
    Digits => "digits",
    Solver => "solver",
});

/// How the carver proves that a removal keeps the solution unique.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Carving {
    /// Exact up to 12x12, logic from 16x16 on; logic also above 9x9 under
    /// non-consecutive rules, and under jigsaw regions or windows with
    /// cells that differ (anti-knight, anti-king), whose exact checks
    /// search slowly there.
    #[default]
    Auto,
    /// Exact search (any puzzle the rules allow; slow on sparse large boards).
    Exact,
    /// Solvable by singles and locked candidates (polynomial; fewer clues
    /// can be removed, and the puzzles are easier).
    Logic,
}

/// The largest board [`Carving::Auto`] carves by exact search; larger ones
/// are carved by logic, and reach levels above medium up the ladder of
/// `levelled` (logic carving keeps what singles and locked candidates
/// solve, so its puzzles are easy or medium).
pub(crate) const EXACT_CARVE_MAX_SIZE: usize = 12;

impl Carving {
    /// The check of a carve under `rules`.
    fn check(self, rules: &Rules) -> Check {
        // A 12x12 exact check under non-consecutive rules searches hundreds
        // of thousands of nodes at a slow rate (the neighbour rule
        // propagates little), so one carve takes minutes; logic carving
        // takes milliseconds.
        let slow_exact = rules.has_non_consecutive();
        match self {
            Carving::Exact => Check::Exact,
            Carving::Logic => Check::Logic,
            Carving::Auto if rules.shape().size() > 9 && slow_exact => Check::Logic,
            // Under jigsaw regions or windows with cells that differ
            // (anti-knight, anti-king) a 12x12 exact carve took over 10 s
            // of CPU on two or three of seeds 1-3; logic carving 0.0-0.7 s.
            Carving::Auto if rules.shape().size() > 9 && differ_beside_extra_houses(rules) => {
                Check::Logic
            }
            Carving::Auto if rules.shape().size() <= EXACT_CARVE_MAX_SIZE => Check::Exact,
            Carving::Auto => Check::Logic,
        }
    }
}

/// Whether `rules` have cells that differ (anti-knight, anti-king) beside
/// jigsaw regions or windows.
fn differ_beside_extra_houses(rules: &Rules) -> bool {
    rules.layout().has_differ() && (!rules.has_boxes() || rules.has_windows())
}

impl FromStr for Carving {
    type Err = String;

    fn from_str(s: &str) -> Result<Carving, String> {
        match s {
            "auto" => Ok(Carving::Auto),
            "exact" => Ok(Carving::Exact),
            "logic" => Ok(Carving::Logic),
            _ => Err(format!("unknown carving {s:?}; expected auto, exact or logic")),
        }
    }
}

/// A target number of clues, `min..=max`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClueRange {
    min: usize,
    max: usize,
}

impl ClueRange {
    /// The range `min..=max`; `None` if `min > max`.
    pub fn new(min: usize, max: usize) -> Option<ClueRange> {
        (min <= max).then_some(ClueRange { min, max })
    }

    /// The fewest clues wanted.
    pub fn min(self) -> usize {
        self.min
    }

    /// The most clues wanted.
    pub fn max(self) -> usize {
        self.max
    }

    /// Whether `clues` is in the range.
    pub fn contains(self, clues: usize) -> bool {
        (self.min..=self.max).contains(&clues)
    }
}

impl fmt::Display for ClueRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.min == self.max {
            write!(f, "{}", self.min)
        } else {
            write!(f, "{}-{}", self.min, self.max)
        }
    }
}

impl ClueRange {
    /// A clue target for `shape`: `N`, `A-B`, or the name of a 9x9 preset
    /// (`easy`, `medium`, `hard`; see [`CluePreset`]). One parser for the
    /// CLI's `--clues` and the service's `clues`.
    pub fn parse_for(text: &str, shape: Shape) -> Result<ClueRange, String> {
        if let Ok(preset) = text.trim().parse::<CluePreset>() {
            return preset.clue_range_for(shape);
        }
        text.parse::<ClueRange>()
            .map_err(|e| format!("{e} (or one of the 9x9 presets easy, medium, hard)"))
    }
}

impl FromStr for ClueRange {
    type Err = String;

    /// `N` or `A-B`.
    fn from_str(s: &str) -> Result<ClueRange, String> {
        let number = |t: &str| {
            t.trim().parse::<usize>().map_err(|_| format!("clue count {t:?} is not a number"))
        };
        let (min, max) = crate::range_text::parse_bounds("clue", s, number)?;
        Ok(ClueRange { min, max })
    }
}

/// Builder setters of [`Options`]: for each `$(#[$doc])* $field: $ty;`, a
/// `pub fn $field(self, $field: $ty) -> Options` with those docs (each
/// states its default) that sets the field of that name.
macro_rules! setters {
    ($($(#[$doc:meta])* $field:ident: $ty:ty;)+) => {$(
        $(#[$doc])*
        pub fn $field(mut self, $field: $ty) -> Options {
            self.$field = $field;
            self
        }
    )+};
}

/// What to generate; see the module documentation.
///
/// Built from the rules (or a shape, for classic rules) with setters that
/// each document their default, and read back with the `get_` methods:
///
/// ```
/// use sudokit::generate::{ClueRange, Generator, Options, Symmetry};
/// use sudokit::{Rules, Shape};
///
/// let classic = Options::new(Shape::CLASSIC).symmetry(Symmetry::Rot180);
/// assert_eq!(classic.get_rules(), &Rules::classic(Shape::CLASSIC));
///
/// let x: Rules = "9+x".parse().unwrap();
/// let options = Options::new(x.clone()).clues(ClueRange::new(26, 30));
/// let made = Generator::new(options, 7).unwrap().puzzle(0).unwrap();
/// assert_eq!(made.puzzle.rules(), &x);
/// assert_eq!(made.puzzle.count_solutions_up_to(2), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    rules: Rules,
    method: Method,
    symmetry: Symmetry,
    clues: Option<ClueRange>,
    minimal: bool,
    carving: Carving,
    time_limit: Option<Duration>,
    deadline: Deadline,
    rating: Option<RatingRange>,
    needs: Vec<Technique>,
    hardest: Option<Technique>,
    random_regions: bool,
    /// A full grid under the rules, for the fill to fall back on when its
    /// random search gives up (the witness of random regions).
    witness: Option<Arc<Grid>>,
    extras: Extras,
}

impl Options {
    /// Defaults for `rules` (a [`Shape`] stands for its classic rules):
    /// backtrack, no symmetry, minimal, auto carving, no time limit, no
    /// deadline, no rating target, no technique target.
    pub fn new(rules: impl Into<Rules>) -> Options {
        Options {
            rules: rules.into(),
            method: Method::Backtrack,
            symmetry: Symmetry::None,
            clues: None,
            minimal: false,
            carving: Carving::Auto,
            time_limit: None,
            deadline: Deadline::never(),
            rating: None,
            needs: Vec::new(),
            hardest: None,
            random_regions: false,
            witness: None,
            extras: Extras::none(),
        }
    }

    /// The rules every grid and puzzle obeys, and under which uniqueness is
    /// proved. Default: those given to [`Options::new`].
    pub fn rules(mut self, rules: impl Into<Rules>) -> Options {
        self.rules = rules.into();
        self
    }

    setters! {
        /// How full grids are built. Default: [`Method::Backtrack`], the one
        /// method that serves every rule set.
        method: Method;

        /// The clue pattern's symmetry (of the pattern only: the rules need
        /// not share it). Default: [`Symmetry::None`].
        symmetry: Symmetry;

        /// A clue-count target; `None` carves to minimal. Default: `None`.
        clues: Option<ClueRange>;

        /// Carve to minimal even with a clue target (the result must then be
        /// minimal and in the range), or with a rating target whose top is
        /// below 1.7 (otherwise carved under that ceiling, not always minimal).
        /// Default: `false`.
        minimal: bool;

        /// How removals are proved safe. Default: [`Carving::Auto`].
        carving: Carving;

        /// The most time one puzzle may take from its start; `None` for no
        /// limit (the search for very low clue counts then runs until it
        /// succeeds). Default: `None`.
        time_limit: Option<Duration>;

        /// Give up once this passes, whenever the puzzle was started (the end
        /// of a request or batch, or an interrupt). Default: never.
        deadline: Deadline;

        /// A Sudoku Explainer rating target (ER): candidates are made as usual
        /// and rated, and the first whose ER lies in the range is returned.
        /// On classic 9x9 a range from 9.5 up (diabolical, the nested
        /// chains), with no other target, is served from the catalogue of
        /// the hardest known puzzles instead: an entry under a random
        /// equivalence transform, rated in the range (see
        /// [`Options::draws_from_catalogue`]). Default: `None`.
        rating: Option<RatingRange>;
    }

    /// Techniques the logical path must use, each at least once (the
    /// rater's path: always the easiest step next). Puzzles are carved
    /// with the rater in the loop until a removal forces them (see the
    /// `targeted` module); a technique that cannot occur on the board is
    /// refused by [`Generator::new`]. Not with a clue target or
    /// [`Options::minimal`]; with [`Options::rating`] the puzzle's ER must
    /// also lie in the range. Default: none.
    ///
    /// ```
    /// use sudokit::generate::{Generator, Options};
    /// use sudokit::logic::{LogicSolver, Technique};
    /// use sudokit::Shape;
    ///
    /// let options = Options::new(Shape::CLASSIC).needs(&[Technique::XWing]);
    /// let made = Generator::new(options, 1).unwrap().puzzle(0).unwrap();
    /// let path = LogicSolver::new().solve(&made.puzzle).unwrap();
    /// assert!(path.steps.iter().any(|s| s.technique == Technique::XWing));
    /// ```
    pub fn needs(mut self, needs: &[Technique]) -> Options {
        self.needs = needs.to_vec();
        self.needs.sort_unstable();
        self.needs.dedup();
        self
    }

    /// The technique of the path's hardest step (the one its ER comes
    /// from), carved for as [`Options::needs`] is. Default: `None`.
    pub fn hardest(mut self, hardest: impl Into<Option<Technique>>) -> Options {
        self.hardest = hardest.into();
        self
    }

    setters! {
        /// Random jigsaw regions for each item: item `i`'s rules are the
        /// options' rules with their boxes replaced by regions drawn from
        /// `(seed, i)` (see [`jigsaw`]), and its grid and puzzle are made under
        /// them; the puzzle's rules carry the regions. For boards of side 4 to
        /// 16, with the methods that serve every rule set (backtrack, solver).
        /// Default: `false`.
        ///
        /// ```
        /// use sudokit::generate::{Generator, Options};
        /// use sudokit::Shape;
        ///
        /// let options = Options::new(Shape::new(2, 3).unwrap()).random_regions(true);
        /// let made = Generator::new(options, 1).unwrap().puzzle(0).unwrap();
        /// assert!(made.puzzle.rules().regions().is_some());
        /// assert_eq!(made.puzzle.count_solutions_up_to(2), 1);
        /// ```
        random_regions: bool;
    }

    /// Whether each item draws random jigsaw regions.
    pub fn get_random_regions(&self) -> bool {
        self.random_regions
    }

    setters! {
        /// Constraints drawn from each full grid before its givens are carved
        /// (killer cages, thermometers, kropki dots, even/odd marks): the
        /// puzzle's rules are the options' rules and these. Default: none.
        extras: Extras;
    }

    /// The rules.
    pub fn get_rules(&self) -> &Rules {
        &self.rules
    }

    /// The board shape (that of the rules).
    pub fn get_shape(&self) -> Shape {
        self.rules.shape()
    }

    /// How full grids are built.
    pub fn get_method(&self) -> Method {
        self.method
    }

    /// The clue pattern's symmetry.
    pub fn get_symmetry(&self) -> Symmetry {
        self.symmetry
    }

    /// The clue-count target, if any.
    pub fn get_clues(&self) -> Option<ClueRange> {
        self.clues
    }

    /// Whether puzzles are carved to minimal even with a target.
    pub fn get_minimal(&self) -> bool {
        self.minimal
    }

    /// How removals are proved safe.
    pub fn get_carving(&self) -> Carving {
        self.carving
    }

    /// The time limit per puzzle, if any.
    pub fn get_time_limit(&self) -> Option<Duration> {
        self.time_limit
    }

    /// The deadline.
    pub fn get_deadline(&self) -> &Deadline {
        &self.deadline
    }

    /// The rating target, if any.
    pub fn get_rating(&self) -> Option<RatingRange> {
        self.rating
    }

    /// The techniques the path must use (none without a technique target).
    pub fn get_needs(&self) -> &[Technique] {
        &self.needs
    }

    /// The technique the hardest step must be, if any.
    pub fn get_hardest(&self) -> Option<Technique> {
        self.hardest
    }

    /// The constraints drawn from each full grid.
    pub fn get_extras(&self) -> Extras {
        self.extras
    }

    /// Whether the puzzles are drawn from the catalogue of the hardest
    /// known puzzles (under a random equivalence transform, then rated)
    /// rather than carved from full grids: on classic 9x9, for a rating
    /// range from 9.5 up with no other target, and for technique targets
    /// with a technique rated 9.0 or more (the nested chains; a hardest
    /// step below the entry's is reached by giving clues of its solution
    /// back), which carving does not reach.
    ///
    /// ```
    /// use sudokit::generate::Options;
    /// use sudokit::logic::Level;
    /// use sudokit::Shape;
    ///
    /// let diabolical = Options::new(Shape::CLASSIC).rating(Some(Level::Diabolical.into()));
    /// assert!(diabolical.draws_from_catalogue());
    /// let evil = Options::new(Shape::CLASSIC).rating(Some(Level::Evil.into()));
    /// assert!(!evil.draws_from_catalogue());
    /// ```
    pub fn draws_from_catalogue(&self) -> bool {
        hardest::applies(self).is_some() || nested_targets::applies(self)
    }
}

/// A generated puzzle with its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle (blank cells are 0).
    pub puzzle: Grid,
    /// Its one solution.
    pub solution: Grid,
    /// The index it was generated for.
    pub index: u64,
    /// Its rating, when a rating target was asked for.
    pub rating: Option<Rating>,
}

impl Generated {
    /// The number of clues.
    pub fn clues(&self) -> usize {
        self.puzzle.clue_count()
    }
}

/// Why generation failed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GenerateError {
    /// The target cannot be met by any puzzle; the reason says why.
    Impossible {
        /// The reason, citing the result it rests on.
        reason: String,
    },
    /// The full-grid method failed.
    Fill(FillError),
    /// No random jigsaw regions could be drawn ([`Options::random_regions`]).
    Jigsaw(JigsawError),
    /// Logic carving (which cannot use the hill climber) stayed above the
    /// clue target on every try.
    NotReached {
        /// The target.
        target: ClueRange,
        /// The fewest clues reached.
        best: usize,
        /// How many full grids were carved.
        tries: u32,
    },
    /// No candidate rated within the target among the most that are tried
    /// (10,000).
    RatingNotReached {
        /// The target.
        target: RatingRange,
        /// How many candidates were rated.
        tries: u32,
    },
    /// No carve forced the technique target on the most full grids that
    /// are tried (10,000).
    TargetNotReached {
        /// What was asked for, in words ("a puzzle that needs Jellyfish").
        wanted: String,
        /// How many full grids were carved.
        tries: u32,
        /// How long the carving took.
        elapsed: Duration,
    },
    /// No entry drawn from the catalogue of the hardest known puzzles met
    /// a technique target of the nested chains within the most draws (60).
    CatalogueTargetNotReached {
        /// What was asked for, in words.
        wanted: String,
        /// How many entries were drawn.
        draws: u32,
        /// How long the draws took.
        elapsed: Duration,
    },
    /// The deadline (the time limit, the options' deadline or an
    /// interrupt) passed before a puzzle meeting the request was finished.
    /// Nothing partial is returned: given more time the same seed and index
    /// make exactly the puzzle they make without a limit.
    OutOfTime {
        /// What was asked for, in words ("a minimal puzzle", "a puzzle with
        /// 20-22 clues", "a puzzle rated 7.0-20.0").
        wanted: String,
        /// The kind of target, which says what the rate of `carved` means.
        sought: Sought,
        /// Full grids whose carving was finished (catalogue entries drawn,
        /// for [`Sought::Catalogue`]).
        carved: u32,
        /// The fewest clues of a finished carving, if one finished.
        best: Option<usize>,
        /// The time limit, when that is what passed (not the options'
        /// deadline or an interrupt).
        limit: Option<Duration>,
        /// Whether the interrupt flag stopped it.
        interrupted: bool,
        /// The time spent on the puzzle, for the rate of a rating target's
        /// candidates (carved and rated, all outside the range).
        elapsed: Duration,
    },
}

/// The kind of target a generation ran out of time on: it says what was
/// counted while looking and which advice fits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Sought {
    /// A technique target (`needs`, `hardest`): the rate of full grids
    /// carved says how rare the target is.
    Technique,
    /// A nested-chain technique target served from the catalogue of the
    /// hardest known puzzles: `carved` counts the entries drawn and rated.
    Catalogue,
    /// A rating range: each finished carving was rated and fell outside it.
    Rating(RatingRange),
    /// A killer without givens: cages refined until the empty board is
    /// unique.
    KillerWithoutGivens,
    /// A clue count or a minimal puzzle.
    Clues,
}

/// "`carved` full grids carved in 1.2 s, 500 a minute": the rate a
/// technique target was looked for at, so a reader can tell a rare target
/// from a slow machine.
pub(crate) fn carve_rate(carved: u32, elapsed: Duration) -> String {
    rate(carved, "full grids carved", elapsed)
}

/// "`draws` drawn and rated in 1.2 s, 50 a minute": the rate catalogue
/// entries were tried at for a nested-chain target.
fn draw_rate(draws: u32, elapsed: Duration) -> String {
    rate(draws, "drawn and rated", elapsed)
}

/// "`count` `done` in 1.2 s, 50 a minute".
fn rate(count: u32, done: &str, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64();
    let per_minute = f64::from(count) * 60.0 / secs.max(1e-3);
    format!("{count} {done} in {secs:.1} s, {per_minute:.0} a minute")
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Impossible { reason } => f.write_str(reason),
            GenerateError::Fill(e) => write!(f, "{e}"),
            GenerateError::Jigsaw(e) => write!(f, "{e}"),
            GenerateError::NotReached { target, best, tries } => write!(
                f,
                "no puzzle with {target} clues in {tries} tries of logic carving (the fewest \
                 reached was {best}); ask for more clues or use --carving exact"
            ),
            GenerateError::RatingNotReached { target, tries } => write!(
                f,
                "no puzzle rated {target} among {tries} candidates (the most tried); widen \
                 the rating range"
            ),
            GenerateError::TargetNotReached { wanted, tries, elapsed } => write!(
                f,
                "no carve of {tries} full grids (the most tried; {}) forced {wanted}; ask for a \
                 technique that is more common on this board",
                carve_rate(*tries, *elapsed)
            ),
            GenerateError::CatalogueTargetNotReached { wanted, draws, elapsed } => write!(
                f,
                "none of {draws} entries drawn from the catalogue of the hardest known puzzles \
                 (the most tried; {}) met {wanted}; ask for another technique",
                draw_rate(*draws, *elapsed)
            ),
            GenerateError::OutOfTime {
                wanted,
                sought,
                carved,
                best,
                limit,
                interrupted,
                elapsed,
            } => {
                if *interrupted {
                    write!(f, "interrupted before {wanted} was finished")?;
                } else {
                    write!(f, "no {} finished ", wanted.trim_start_matches("a "))?;
                    match limit {
                        Some(l) => {
                            // Milliseconds shown when they matter (0.05 s).
                            let secs = (l.as_secs_f64() * 1000.0).round() / 1000.0;
                            write!(f, "within the time limit of {secs} s")?;
                        }
                        None => f.write_str("before the deadline")?,
                    }
                }
                if *sought == Sought::Technique {
                    // The measured rate says how slow the target is here.
                    write!(f, " ({}", carve_rate(*carved, *elapsed))?;
                } else if *sought == Sought::Catalogue {
                    write!(f, " ({}", draw_rate(*carved, *elapsed))?;
                } else {
                    write!(f, " ({carved} full grids carved")?;
                }
                if let Sought::Rating(range) = sought {
                    // The measured rate says how far the target is.
                    let secs = elapsed.as_secs_f64().max(1e-3);
                    write!(
                        f,
                        " and rated in {secs:.1} s, {:.0} a minute, none rated {range}",
                        f64::from(*carved) * 60.0 / secs
                    )?;
                }
                if let Some(best) = best {
                    write!(f, ", the fewest clues reached was {best}")?;
                }
                f.write_str(")")?;
                if !interrupted {
                    f.write_str(if *sought == Sought::KillerWithoutGivens {
                        "; allow more time with --time-limit, carve givens beside the cages \
                         (--killer-givens), or ask for a smaller board"
                    } else {
                        "; allow more time with --time-limit, or ask for an easier target \
                         (more clues, a wider rating range, a smaller board)"
                    })?;
                }
                Ok(())
            }
        }
    }
}

impl GenerateError {
    /// For a technique target that was missed, the rate it was looked for
    /// at: full grids carved ("6 full grids carved in 1.0 s, 359 a
    /// minute") or, for the nested chains, catalogue entries drawn ("12
    /// drawn and rated in 4.1 s, 176 a minute"), which tells a rare target
    /// from a slow machine; `None` for other errors.
    pub fn carve_rate(&self) -> Option<String> {
        match self {
            GenerateError::TargetNotReached { tries, elapsed, .. } => {
                Some(carve_rate(*tries, *elapsed))
            }
            GenerateError::OutOfTime { sought: Sought::Technique, carved, elapsed, .. } => {
                Some(carve_rate(*carved, *elapsed))
            }
            GenerateError::CatalogueTargetNotReached { draws, elapsed, .. }
            | GenerateError::OutOfTime {
                sought: Sought::Catalogue, carved: draws, elapsed, ..
            } => Some(draw_rate(*draws, *elapsed)),
            _ => None,
        }
    }
}

impl std::error::Error for GenerateError {}

impl From<FillError> for GenerateError {
    fn from(e: FillError) -> GenerateError {
        GenerateError::Fill(e)
    }
}

/// Makes grids and puzzles by index from fixed [`Options`] and a seed.
#[derive(Clone, Debug)]
pub struct Generator {
    options: Options,
    seed: u64,
    /// The clue orbits of the options' symmetry, computed once.
    orbits: Vec<Vec<u16>>,
    /// How a technique target is carved, when there is one.
    target: Option<targeted::Plan>,
}

impl Generator {
    /// A generator; refuses clue, rating and technique targets that no
    /// puzzle can meet, and full-grid methods that cannot serve the rules.
    pub fn new(options: Options, seed: u64) -> Result<Generator, GenerateError> {
        if options.random_regions {
            jigsaw::supports(&options)?;
        }
        fill::supports(options.method, &options.rules)?;
        if let Some(range) = options.clues {
            check_possible(&options.rules, range, !options.extras.is_none())?;
        }
        check_extras(&options)?;
        if let Some(range) = options.rating {
            levels::check_offered_made(
                &options.rules,
                options.extras,
                range,
                options.random_regions,
            )?;
        }
        let target = targeted::Plan::of(&options)?;
        let orbits = options.symmetry.orbits(options.get_shape());
        Ok(Generator { options, seed, orbits, target })
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The random stream of item `index`: a function of `(seed, index)`
    /// only (for drawing other things per item, such as a catalogue entry).
    pub fn rng(&self, index: u64) -> impl Rng + use<> {
        item_rng(self.seed, index)
    }

    /// The full grid of item `index`, under the options' rules; within the
    /// time limit and the deadline, like [`Generator::puzzle`] (the clock
    /// decides only between this grid and [`GenerateError::OutOfTime`]).
    pub fn grid(&self, index: u64) -> Result<Grid, GenerateError> {
        let clock = Clock::start(&self.options);
        let item = self.item(index, &clock)?;
        let opts = &item.as_ref().unwrap_or(self).options;
        let mut rng = item_rng(self.seed, index);
        fill::grid_for_try(opts, &mut rng, &clock, 0)
    }

    /// The generator of item `index` when its rules are its own (random
    /// regions drawn from a stream of `(seed, index)` apart from the
    /// item's, so the rest of the item is made as under fixed rules).
    fn item(&self, index: u64, clock: &Clock) -> Result<Option<Generator>, GenerateError> {
        if !self.options.random_regions {
            return Ok(None);
        }
        let mut rng = item_rng(self.seed, index);
        rng.long_jump();
        let (rules, witness) = jigsaw::jigsaw_until(&self.options.rules, &mut rng, &clock.deadline)
            .map_err(|Passed| clock.out_of_time(&self.options, 0, None))?
            .map_err(GenerateError::Jigsaw)?;
        let options = Options {
            rules,
            random_regions: false,
            witness: Some(Arc::new(witness)),
            ..self.options.clone()
        };
        let target = targeted::Plan::of(&options)?;
        Ok(Some(Generator { options, target, ..self.clone() }))
    }

    /// The puzzle of item `index`: unique, in the clue range asked for,
    /// minimal when asked, rated in the rating range asked for. A function
    /// of the options, the seed and the index alone: the clock (the time
    /// limit, the deadline) only decides between this puzzle and
    /// [`GenerateError::OutOfTime`], never which puzzle comes out.
    pub fn puzzle(&self, index: u64) -> Result<Generated, GenerateError> {
        let clock = Clock::start(&self.options);
        match self.item(index, &clock)? {
            Some(item) => item.carved(index, &clock),
            None => self.carved(index, &clock),
        }
    }

    /// The puzzle of item `index` under the options' rules.
    fn carved(&self, index: u64, clock: &Clock) -> Result<Generated, GenerateError> {
        let opts = &self.options;
        let mut rng = item_rng(self.seed, index);
        let job = Job { opts, orbits: &self.orbits, index, clock };
        if let Some(plan) = &self.target {
            if nested_targets::applies(opts) {
                return nested_targets::puzzle(&job, plan, &mut rng);
            }
            return targeted::puzzle(&job, plan, &mut rng);
        }
        if let Some(range) = hardest::applies(opts) {
            return hardest::puzzle(&job, range, &mut rng);
        }
        // Drawn constraints are levelled by adding givens (see
        // `given_levels`), below; the carvers aimed at a rating judge
        // removals under the rules' houses only.
        let drawn = !opts.extras.is_none();
        if let Some(range) = levelled::applies(opts).filter(|_| !drawn) {
            return levelled::puzzle(&job, range, &mut rng);
        }
        if let Some(plan) = rated::carves_under_ceiling(opts).filter(|_| !drawn) {
            return rated::puzzle(opts, plan, &mut rng, index, clock);
        }
        let shape = opts.get_shape();
        let check = opts.carving.check(&opts.rules);
        let orbits = &self.orbits;
        let cells = shape.cell_count();
        let target = opts.clues.unwrap_or(ClueRange { min: 0, max: cells });
        let mut rater = opts.rating.map(|_| LogicSolver::new());
        // Closures that rule candidates out before they are rated.
        let mut filter = opts.rating.filter(|_| !drawn).map(|r| rated::Tiers::of(r, &opts.rules));
        let (mut best, mut rated) = (None::<usize>, 0u32);
        // The constraints drawn: thinned once when they leave puzzles
        // below the rating asked for (see `given_levels`).
        let mut extras = opts.extras;
        for tries in 1.. {
            let late = |best| clock.out_of_time(opts, tries - 1, best);
            let solution = match fill::fill_item(opts, &mut rng, &clock.deadline) {
                Err(_) if clock.deadline.passed() => return Err(late(best)),
                other => other?,
            };
            let solution = if opts.extras.is_none() {
                solution
            } else {
                draw::draw(extras, &solution, check, &mut rng, &clock.deadline)
                    .map_err(|Passed| late(best))?
            };
            let made = if opts.extras.no_givens() {
                let puzzle = Grid::empty_with(solution.rules().clone());
                Generated { puzzle, solution, index, rating: None }
            } else {
                let mut carver = Carver::new(&solution, check, clock.deadline.clone());
                let mut order: Vec<&[u16]> = orbits.iter().map(Vec::as_slice).collect();
                let (floor, stop) = match opts.clues {
                    Some(range) if !opts.minimal => {
                        (range.min, rng.random_range(range.min..=range.max.min(cells)))
                    }
                    _ => (0, 0),
                };
                carver.carve(&mut order, floor, stop, &mut rng).map_err(|Passed| late(best))?;
                let solution = if carver.clues() == 0 && opts.extras.get_cages().is_some() {
                    // Cages asked for with givens, and unique alone: widen
                    // them until a given is needed, and carve again; keep one
                    // given when no count proved one needed.
                    let (wider, needed) = draw::widen_cages(&solution, &mut rng, &clock.deadline)
                        .map_err(|Passed| late(best))?;
                    carver = Carver::new(&wider, check, clock.deadline.clone());
                    let floor = if needed { floor } else { floor.max(1) };
                    carver.carve(&mut order, floor, stop, &mut rng).map_err(|Passed| late(best))?;
                    wider
                } else {
                    solution
                };
                if carver.clues() > target.max && check == Check::Exact {
                    climb(&mut carver, orbits, target, opts.minimal, &mut rng)
                        .map_err(|Passed| late(best))?;
                }
                best = Some(best.map_or(carver.clues(), |b| b.min(carver.clues())));
                if !target.contains(carver.clues()) {
                    if check == Check::Logic && tries >= LOGIC_TRIES {
                        let best = best.unwrap_or(cells);
                        return Err(GenerateError::NotReached { target, best, tries });
                    }
                    continue;
                }
                Generated {
                    puzzle: carver.puzzle(),
                    solution: Grid::from_values_with(
                        solution.rules().clone(),
                        carver.solution().to_vec(),
                    )
                    .expect("the solution fits its shape"),
                    index,
                    rating: None,
                }
            };
            let (Some(range), Some(rater)) = (opts.rating, rater.as_mut()) else {
                return Ok(made);
            };
            if !opts.extras.is_none() {
                // Drawn constraints: levelled by adding givens.
                let settled =
                    given_levels::settle(made, range, rater, &mut rng, &mut rated, &clock.deadline)
                        .map_err(|Passed| late(best))?;
                if let (Settled::TooEasy, Some(thinned)) = (&settled, extras.thinned()) {
                    extras = thinned;
                }
                match settled {
                    // The givens added must leave the clue count asked for.
                    Settled::InRange(made) if target.contains(made.clues()) => return Ok(made),
                    _ if rated >= RATING_TRIES => {
                        return Err(GenerateError::RatingNotReached {
                            target: range,
                            tries: rated,
                        });
                    }
                    _ => continue,
                }
            }
            rated += 1;
            rater.set_deadline(clock.deadline.clone());
            let ruled_out = filter.as_mut().is_some_and(|tiers| {
                Closure::with(&opts.rules, |c| tiers.rules_out(c, made.puzzle.values()))
            });
            // Rated outside the range: try another. A rating cut short
            // by the deadline is no verdict: give up instead.
            if !ruled_out {
                match rater.rate_known_up_to(&made.puzzle, &made.solution, range.max()) {
                    Ok(Some(r)) if range.contains(r.er) => {
                        return Ok(Generated { rating: Some(r), ..made });
                    }
                    _ if clock.deadline.passed() => return Err(late(best)),
                    _ => {}
                }
            }
            if rated >= RATING_TRIES {
                return Err(GenerateError::RatingNotReached { target: range, tries: rated });
            }
        }
        unreachable!("the loop returns")
    }
}

/// One item's work as the carving strategies take it: the options, the
/// orbits of the clue pattern's symmetry, the item's index and its clock.
pub(crate) struct Job<'a> {
    pub(crate) opts: &'a Options,
    pub(crate) orbits: &'a [Vec<u16>],
    pub(crate) index: u64,
    pub(crate) clock: &'a Clock,
}

/// The clock of one puzzle: its deadline (the options' deadline, or the
/// time limit from the start when that comes first), and how to report it
/// passing.
pub(crate) struct Clock {
    pub(crate) deadline: Deadline,
    /// The time limit, when it is what sets the deadline's instant.
    limit: Option<Duration>,
    /// When work on the puzzle began.
    pub(crate) started: Instant,
}

impl Clock {
    fn start(opts: &Options) -> Clock {
        let deadline = opts.deadline.sooner(opts.time_limit);
        let limit = opts.time_limit.filter(|_| deadline.instant() != opts.deadline.instant());
        Clock { deadline, limit, started: Instant::now() }
    }

    /// The error for a deadline that passed after `carved` finished
    /// carvings, the fewest clues reached being `best`.
    pub(crate) fn out_of_time(
        &self,
        opts: &Options,
        carved: u32,
        best: Option<usize>,
    ) -> GenerateError {
        let technique = !opts.needs.is_empty() || opts.hardest.is_some();
        let (sought, wanted) = match (opts.rating, opts.clues) {
            _ if technique => {
                // Catalogue entries drawn, or full grids carved.
                let sought = if nested_targets::applies(opts) {
                    Sought::Catalogue
                } else {
                    Sought::Technique
                };
                (sought, targeted::describe(&opts.needs, opts.hardest, opts.rating))
            }
            _ if opts.extras.no_givens() && opts.rating.is_none() => (
                Sought::KillerWithoutGivens,
                "a killer without givens (cages refined until the empty board is unique)"
                    .to_string(),
            ),
            (Some(r), _) => (Sought::Rating(r), format!("a puzzle rated {r}")),
            (None, Some(c)) if opts.minimal => {
                (Sought::Clues, format!("a minimal puzzle with {c} clues"))
            }
            (None, Some(c)) => (Sought::Clues, format!("a puzzle with {c} clues")),
            (None, None) => (Sought::Clues, "a minimal puzzle".to_string()),
        };
        let interrupted = self.deadline.is_interrupted();
        GenerateError::OutOfTime {
            wanted,
            sought,
            carved,
            best,
            limit: self.limit.filter(|_| !interrupted),
            interrupted,
            elapsed: self.started.elapsed(),
        }
    }
}

/// How many candidates are rated for a rating target before giving up, so
/// no request runs unbounded; a bound in candidates, not time, so the
/// answer does not depend on the clock.
const RATING_TRIES: u32 = 10_000;

/// How many grids logic carving tries for a clue target before giving up.
const LOGIC_TRIES: u32 = 20;

/// The random stream for `(seed, index)`: distinct indices give distinct
/// stream seeds (the index is spread by an odd multiplier, a bijection), and
/// `seed_from_u64` mixes them through SplitMix64 before use.
fn item_rng(seed: u64, index: u64) -> Xoshiro256PlusPlus {
    let mixed = seed.rotate_left(32) ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    Xoshiro256PlusPlus::seed_from_u64(mixed)
}

/// Why technique targets are refused for puzzles with drawn constraints.
const DRAWN_NOT_TARGETED: &str = "technique targets are carved for under houses and cells that \
     differ, not for drawn cages, thermometers, dots or even/odd marks";

/// Why drawn constraints `extras` cannot be drawn on boards of `shape`,
/// if they cannot: killer cages beyond the cage tables' board side (16).
pub fn extras_refused(extras: Extras, shape: Shape) -> Option<String> {
    let size = shape.size();
    (extras.get_cages().is_some() && size > 16)
        .then(|| format!("killer cages need a board of side 16 or less, this one has side {size}"))
}

/// Refuses drawn constraints the request cannot take: cages beyond the
/// cage tables' board side, a clue target for puzzles without givens, and
/// technique targets (the carvers aimed at them judge removals by the
/// rules of the options, which do not hold the drawn constraints). Rating
/// targets are taken (see `given_levels`); those above the levels offered
/// are refused by `levels::check_offered`.
fn check_extras(opts: &Options) -> Result<(), GenerateError> {
    let extras = opts.extras;
    let targeted = !opts.needs.is_empty() || opts.hardest.is_some();
    let reason = if let Some(reason) = extras_refused(extras, opts.get_shape()) {
        reason
    } else if extras.no_givens() && opts.clues.is_some() {
        "a killer without givens has no clue count to aim for; ask for cages with givens to \
         set one"
            .to_string()
    } else if !extras.is_none() && targeted {
        format!(
            "{DRAWN_NOT_TARGETED}; ask for a level or a rating instead, or generate without the \
             target and rate the puzzles (sudokit rate) to sort them"
        )
    } else {
        return Ok(());
    };
    Err(GenerateError::Impossible { reason })
}

/// Refuses clue targets below the proven lower bounds.
/// With `drawn` constraints only the board's cell count bounds them: the
/// bounds below rest on relabelling digits, which cages, thermometers,
/// dots and marks do not allow.
fn check_possible(rules: &Rules, range: ClueRange, drawn: bool) -> Result<(), GenerateError> {
    let shape = rules.shape();
    let n = shape.size();
    let cells = shape.cell_count();
    if range.min > cells {
        return Err(GenerateError::Impossible {
            reason: format!(
                "a {n}x{n} board has only {cells} cells, fewer than {} clues",
                range.min
            ),
        });
    }
    if drawn {
        return Ok(());
    }
    if shape == Shape::CLASSIC && rules.is_classic() && range.max <= 16 {
        return Err(GenerateError::Impossible {
            reason: format!(
                "no 9x9 puzzle with {range} clues has a unique solution: 17 is the minimum, \
                 proven by exhaustive search (McGuire, Tugemann and Civario, 2012)"
            ),
        });
    }
    if n >= 2 && range.max < n - 1 {
        return Err(GenerateError::Impossible {
            reason: format!(
                "a {n}x{n} puzzle with {range} clues cannot be unique: with fewer than {} \
                 clues two digits are absent, and swapping them gives a second solution",
                n - 1
            ),
        });
    }
    Ok(())
}

/// Hill climbing towards fewer clues with the solution fixed: blank one or
/// two clue orbits (the puzzle may then have several solutions), give back
/// clues where two solutions differ until it is unique again, then carve to
/// minimal; keep the result when it has no more clues than before. Ends when
/// the target is met, or with `Err` when the carver's deadline passes (a
/// status cut short by it reads as unknown, which the next turn's reading
/// of the deadline turns into the error).
fn climb(
    carver: &mut Carver,
    orbits: &[Vec<u16>],
    target: ClueRange,
    minimal: bool,
    rng: &mut impl Rng,
) -> Result<(), Passed> {
    let cells = orbits.iter().map(|o| o.len()).sum::<usize>();
    let orbit_of = {
        let mut of = vec![0usize; cells];
        for (k, orbit) in orbits.iter().enumerate() {
            for &c in orbit {
                of[c as usize] = k;
            }
        }
        of
    };
    let mut order: Vec<&[u16]> = orbits.iter().map(Vec::as_slice).collect();
    while carver.clues() > target.max {
        if carver.late() {
            return Err(Passed);
        }
        let before: Vec<u8> = carver.values().to_vec();
        let given: Vec<usize> = (0..orbits.len())
            .filter(|&k| orbits[k].iter().any(|&c| carver.is_given(c as usize)))
            .collect();
        let drop = rng.random_range(1..=2).min(given.len());
        for &k in given.choose_multiple(rng, drop) {
            for &c in &orbits[k] {
                carver.blank(c as usize);
            }
        }
        // Back to one solution: give the clue where two solutions differ.
        let restored = loop {
            match carver.status() {
                Status::Unique => break true,
                Status::Several(a, b) => {
                    let differ: Vec<usize> =
                        (0..cells).filter(|&i| a.values()[i] != b.values()[i]).collect();
                    let &cell = differ.choose(rng).expect("two solutions differ somewhere");
                    for &c in &orbits[orbit_of[cell]] {
                        carver.give(c as usize);
                    }
                }
                Status::Unknown => break false,
            }
        };
        if restored {
            let floor = if minimal { 0 } else { target.min };
            carver.carve(&mut order, floor, 0, rng)?;
        }
        if !restored || carver.clues() > before.iter().filter(|&&v| v != 0).count() {
            // Worse (or unproven): go back to the previous puzzle.
            for (i, &v) in before.iter().enumerate() {
                if v == 0 {
                    carver.blank(i);
                } else {
                    carver.give(i);
                }
            }
        }
    }
    Ok(())
}

/// A uniformly chosen entry of `catalogue` under a uniformly random
/// equivalence transform, drawn from `rng`. Every 9x9 puzzle with 17 clues
/// known is in the catalogue of `17-clue.txt` (Royle's collection), so this
/// is how 17-clue puzzles are produced: searching for them is hopeless.
pub fn from_catalogue(catalogue: &[Grid], rng: &mut impl Rng) -> Option<Grid> {
    let entry = catalogue.choose(rng)?;
    Some(Transform::random(entry.shape(), rng.random()).apply(entry))
}
