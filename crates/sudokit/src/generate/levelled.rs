/*!
Rated generation on large boards (13x13 and up: those carved by logic; 10x10 and up under extra
houses), on 9x9 boards with two kinds of extra houses (X with windows or
with jigsaw regions) below extreme, and on every board under rules with
cells that differ (anti-knight, anti-king) or non-consecutive neighbours:
carving up a ladder of ceilings, so a puzzle reaches its level on purpose
instead of by sampling.

Logic carving on large boards (see `carve`) keeps what singles and locked
candidates solve, so nearly every puzzle it makes is easy or medium, and
sampling until one lands in a harder range never ends. Under anti-knight,
anti-king and non-consecutive rules it is the other way round: the extra
rule lets few clues fix the grid, so nearly every minimal puzzle needs
chains or guesses, and sampling minimal puzzles almost never meets a level
below evil. Here the rater's verdict drives the carving instead.

# The ladder
For a range `lo..=hi` the carver makes one pass over the clue orbits (in a
random order) per *rung*, each rung a ceiling: the closures' tiers below
`lo` (see `logic::closure`: singles 1.5, basic 2.8, hard 4.4) weakest first,
then `lo - 0.1`, then `hi`. On each rung an orbit is removed when the
puzzle without it is still solved by the techniques rated at most that
ceiling, and given back otherwise. So:

- after the rung `lo - 0.1`, no orbit can go without a technique rated
  `lo` or more: the puzzle is as hard as it can get below the range;
- every removal the last rung then keeps needs a technique rated at least
  `lo` and at most `hi`: one kept removal puts the puzzle in the range,
  and the rest of the pass carves as far as the ceiling allows (the
  "keep removing while at or below the ceiling; give the orbit back when
  it passes" of the issue);
- for easy (`lo` = 0) the ladder is the singles rung alone, so easy
  puzzles keep the clues that hidden singles need and are not minimal.

Under rules no closure serves ([`rater_only`]: cells that differ,
non-consecutive neighbours) every rung is the rater's: a full pass under
`lo - 0.1` (none for easy), then the pass under `hi` that ends at the
first removal rated `lo` or more. Such puzzles are not minimal
(`Options::minimal` asks for sampling minimal puzzles instead). Ranges
reaching extreme (9.0) are sampled as before: minimal puzzles under these
rules reach them by themselves.

A rating only grows as clues go (fewer givens, fewer deductions), so one
pass per rung leaves nothing that rung could still remove.

# Judges
A rung whose ceiling is a closure's tier is judged by the closure: one
fixpoint per removal. The closures serve every size (above 16x16 the hard
tier has no wings, as the rater there has none), but above 16x16 the basic
and hard ones carve only under extra houses (windoku, X-windoku) up to
36x36 ([`CLOSURES_CARVE_MAX_SIZE`]); elsewhere above 16x16 medium and hard
are the rater's rungs, and every rater's rung there climbs the singles
closure alone, since after full passes of the basic and hard closures the
rung's bounded search settles few removals. The closures' techniques are
sound without assuming a unique solution, so a puzzle they solve is unique. Other ceilings are
judged by the exact solver and then the rater ([`LogicSolver`](crate::logic::LogicSolver) with the
ceiling, no guess): the search first, within a node bound (a removal it
cannot settle is given back; one that leaves a second solution is not
tried again in a later pass), because the rater's uniqueness techniques
need a unique puzzle and because on a puzzle with several solutions the
rater finds no step and tries every technique up to the ceiling before it
gives up, which on 16x16 with chains in reach costs seconds. When the
closure of the strongest tier within the ceiling solves the puzzle, it
answers first, without either. Where it stalls on a 15x15 or 16x16 board
with jigsaw regions, a 15x15 windoku or a 16x16 X-windoku ([`unique_from_fixpoint`]),
the search starts from the closure's fixpoint rather than from the clues
(its deductions are sound without assuming uniqueness, so every solution
is still there): from the clues the bounded search settled no removal
there, so no carve got past hard.

# Verdict
The finished puzzle is rated by the full rater up to `hi` and returned only
when its ER lies in the range (when no removal of the last rung was kept,
it is too easy and another grid is carved), after the exact solver has
counted its solutions: uniqueness is always checked by a search, not only
by the logic that carved it. A range reaching trial and error (11.0) is
judged below it: a level is a promise about logic, so a guess never makes
a puzzle hard.
*/

use rand::Rng;

use crate::deadline::Passed;
use crate::grid::Grid;
use crate::logic::closure::{Closure, Tier};
use crate::logic::{Budget, Er, Rating, RatingRange, Technique};
use crate::rules::Rules;

use super::passes::{self, Verdict, Work};
use super::{
    Carving, EXACT_CARVE_MAX_SIZE, GenerateError, Generated, Job, Options, RATING_TRIES, fill,
};

/// The smallest board carved by the ladder: every board carved by logic by
/// default. Smaller boards sample minimal puzzles made by exact carving,
/// which reach every level they offer.
const LADDER_MIN_SIZE: usize = EXACT_CARVE_MAX_SIZE + 1;

/// The smallest board carved by the ladder under rules with houses beyond
/// rows, columns and boxes (diagonals, windows, jigsaw regions): there the
/// minimal puzzles of 12x12 are nearly all expert or evil, so sampling
/// them met no medium or hard puzzle in 20 s.
const LADDER_MIN_SIZE_EXTRA: usize = 10;

/// The smallest board carved by the ladder, below extreme, under rules with
/// two kinds of houses beyond rows, columns and boxes (diagonals and
/// windows, diagonals and jigsaw regions): there the minimal puzzles of
/// 9x9 are nearly all extreme or diabolical (X and random jigsaw regions,
/// seed 1: 20 of 20), so sampling them met no medium or hard puzzle in 8 s.
const LADDER_MIN_SIZE_TWO_EXTRA: usize = 9;

/// How many kinds of houses beyond rows, columns and boxes `rules` have:
/// diagonals, windows, jigsaw regions in place of the boxes.
fn extra_house_kinds(rules: &Rules) -> usize {
    [rules.has_diagonals(), rules.has_windows(), !rules.has_boxes()]
        .into_iter()
        .filter(|&k| k)
        .count()
}

/// The most search nodes the exact solver may spend proving one removal
/// of a rater's rung unique: a removal it cannot settle within them is
/// given back. A count, not a time, so the puzzle of a seed does not depend
/// on the machine.
const CHECK_NODES: Option<u64> = Some(200);

/// Whether a rater's rung proves a removal unique by a search from its
/// `pre` closure's fixpoint, within [`CHECK_NODES`] all the same, rather
/// than from the clues: under jigsaw regions on 15x15 and 16x16, on 15x15
/// windoku and on 16x16 X-windoku (expert 0.06-0.45 s of CPU on seeds 1-5,
/// from the clues 8.8 s on seed 1). There, from the clues, the bounded search settled none
/// of the removals the hard closure left (16x16 jigsaw expert seed 1: 404
/// grids, every removal unsettled, the carves ending at 2.8-4.2), so
/// expert and evil were not made in 8-30 s of CPU; from the fixpoint
/// they take 0.03-1.6 s (seeds 1-5, docs/generator-notes.md). Elsewhere
/// the search from the clues is kept, so those puzzles stay as they were
/// (the fixpoint made 12x12 jigsaw and 16x16 windoku expert faster, but
/// other puzzles).
fn unique_from_fixpoint(rules: &Rules) -> bool {
    match rules.shape().size() {
        15 => rules.regions().is_some() || rules.has_windows(),
        16 => rules.regions().is_some() || (rules.has_windows() && rules.has_diagonals()),
        _ => false,
    }
}

/// Whether `opts` are served by the ladder: a rating target with no clue
/// target and no demand for minimality, reachable without a guess, either
/// on a board of 16x16 or more carved by logic (the default there) under
/// rules the closures serve, or, for a range whose top is below
/// [`RATER_ONLY_TOP`], on any board under rules of houses with cells that
/// differ or non-consecutive neighbours (see [`rater_only`]).
pub(super) fn applies(opts: &Options) -> Option<RatingRange> {
    let range = opts.rating?;
    let logic = matches!(opts.carving, Carving::Auto | Carving::Logic);
    let size = opts.get_shape().size();
    // The ladder's rungs below the rater are closures.
    let from =
        if opts.rules.has_irregular_houses() { LADDER_MIN_SIZE_EXTRA } else { LADDER_MIN_SIZE };
    let large = size >= from && Closure::serves(&opts.rules) && logic;
    let crowded = size >= LADDER_MIN_SIZE_TWO_EXTRA
        && extra_house_kinds(&opts.rules) >= 2
        && Closure::serves(&opts.rules)
        && logic;
    let below_nested = range.max() < RATER_ONLY_TOP;
    let rater = rater_only(&opts.rules);
    (large || ((rater || crowded) && below_nested)).then_some(range).filter(|range| {
        opts.clues.is_none() && !opts.minimal && range.min() < Technique::TrialAndError.base()
    })
}

/// The rating from which puzzles under [`rater_only`] rules are sampled
/// minimal puzzles, not carved up the ladder: extreme and diabolical, which
/// minimal puzzles under those rules reach by themselves (and diabolical
/// ones by trial and error, which the ladder never keeps).
const RATER_ONLY_TOP: Er = Er(90);

/// Whether `rules` are carved up a ladder of the rater's rungs alone: rules
/// of houses with cells that differ (anti-knight, anti-king) or
/// non-consecutive neighbours, and no constraint drawn or given. No closure
/// serves them, and their minimal puzzles nearly all need chains or
/// guesses, so sampling minimal puzzles almost never meets a level below
/// evil.
pub(super) fn rater_only(rules: &Rules) -> bool {
    !Closure::serves(rules)
        && rules.constraints().is_empty()
        && !rules.has_all_dots()
        && (rules.layout().has_differ() || rules.has_non_consecutive())
}

/// One pass of the carving: what decides a removal there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rung {
    /// The closure of a tier solves the puzzle; a full pass.
    Closure(Tier),
    /// The exact solver finds the puzzle unique and the rater solves it
    /// within `ceiling` (a tier's closure `pre`, when it solves the
    /// puzzle, answers first without either). With a `floor`, the pass
    /// ends at the first removal the rater rates at least `floor`: the
    /// puzzle is then in the range; without one it is a full pass.
    Rater { pre: Option<Tier>, ceiling: Er, floor: Option<Er> },
}

/// The largest board on which a rater's rung climbs the basic and hard
/// closures first. Above it a full pass of those closures leaves a puzzle
/// so sparse that the exact search of the rater's rung ([`CHECK_NODES`])
/// settles few removals (25x25 expert found none in 20 s), so there the
/// rater's rungs and technique targets climb the singles closure alone.
const RATER_CLOSURES_MAX_SIZE: usize = 16;

/// The largest board above 16x16 whose basic and hard closures carve full
/// passes, and only under rules with extra houses (windoku, X-windoku):
/// there the ladder of the rater's rungs found no hard puzzle on 25x25 and
/// 36x36. Classic rules above 16x16, and every rule set above this size,
/// carve medium and hard as the rater's rungs over the singles closure:
/// there the closures' full passes made them 1.5 to 27 times slower (64x64
/// medium 0.25 -> 6.7 s, hard 4.7 -> 12.0 s of CPU, seed 1) for no level
/// the rungs missed.
const CLOSURES_CARVE_MAX_SIZE: usize = 36;

/// Whether the basic and hard closures carve full passes of the ladder under
/// `rules` (see [`CLOSURES_CARVE_MAX_SIZE`]); the singles closure does
/// wherever closures serve.
pub(super) fn closures_carve(rules: &Rules) -> bool {
    let n = rules.shape().size();
    Closure::serves(rules) && (n <= 16 || (n <= CLOSURES_CARVE_MAX_SIZE && !rules.is_classic()))
}

/// Whether the closure of `tier` serves a rater's rung, or a technique
/// target's carve, under `rules` (see [`Closure::serves`]; above
/// [`RATER_CLOSURES_MAX_SIZE`], only the singles' closure).
pub(super) fn closure_serves(tier: Tier, rules: &Rules) -> bool {
    Closure::serves(rules)
        && (tier == Tier::Singles || rules.shape().size() <= RATER_CLOSURES_MAX_SIZE)
}

/// The rungs for `range` under `rules`, weakest first (see the module docs).
fn ladder(range: RatingRange, rules: &Rules) -> Vec<Rung> {
    let top = ceiling(range);
    if !Closure::serves(rules) {
        return rater_ladder(range);
    }
    let carves = |t: Tier| t == Tier::Singles || closures_carve(rules);
    if let Some(tier) = Tier::exactly(top).filter(|&t| carves(t)) {
        // Closures all the way: the tiers below the range, then the top.
        let mut rungs: Vec<Rung> = Tier::ALL
            .into_iter()
            .filter(|&t| t.ceiling() < range.min() && carves(t))
            .map(Rung::Closure)
            .collect();
        rungs.push(Rung::Closure(tier));
        return rungs;
    }
    let served: Vec<Tier> = Tier::ALL.into_iter().filter(|&t| closure_serves(t, rules)).collect();
    // The strongest closure within the top answers first in the rater's
    // rung; the weaker ones below the range carve full passes before it.
    let pre = served.iter().rev().find(|t| t.ceiling() <= top).copied();
    let mut rungs: Vec<Rung> = served
        .iter()
        .filter(|&&t| t.ceiling() < range.min() && Some(t) != pre)
        .map(|&t| Rung::Closure(t))
        .collect();
    rungs.push(Rung::Rater { pre, ceiling: top, floor: Some(range.min()) });
    rungs
}

/// The rungs for `range` when no closure serves the rules: a full pass
/// under the rater's ceiling just below the range (none for a range from
/// 0), then the top, ending at the first removal in the range.
fn rater_ladder(range: RatingRange) -> Vec<Rung> {
    let top = ceiling(range);
    let below = range.min().0.checked_sub(1).map(Er);
    let below = below.map(|ceiling| Rung::Rater { pre: None, ceiling, floor: None });
    let floor = below.is_some().then_some(range.min());
    below.into_iter().chain([Rung::Rater { pre: None, ceiling: top, floor }]).collect()
}

/// The top of `range` as a carving ceiling: below trial and error.
fn ceiling(range: RatingRange) -> Er {
    range.max().min(Er(Technique::TrialAndError.base().0 - 1))
}

/// The puzzle of the job's item for the rating range `range`, carved up the
/// ladder on grids drawn from `rng`.
pub(super) fn puzzle(
    job: &Job<'_>,
    range: RatingRange,
    rng: &mut impl Rng,
) -> Result<Generated, GenerateError> {
    let &Job { opts, orbits, index, clock } = job;
    let deadline = &clock.deadline;
    let rungs = ladder(range, &opts.rules);
    let mut order: Vec<&[u16]> = orbits.iter().map(Vec::as_slice).collect();
    let mut work = Work::new(deadline, Budget::default());
    let late = |tries| clock.out_of_time(opts, tries, None);
    for tries in 0..RATING_TRIES {
        let solution = fill::grid_for_try(opts, rng, clock, tries)?;
        let values = work
            .carve_up_ladder(&solution, &rungs, &mut order, rng)
            .map_err(|Passed| late(tries))?;
        let puzzle =
            Grid::from_values_with(opts.rules.clone(), values).expect("a subset of the solution");
        match work.verdict(&puzzle, &solution, range) {
            Ok(Some(rating)) => {
                return Ok(Generated { puzzle, solution, index, rating: Some(rating) });
            }
            Ok(None) => {}
            Err(Passed) => return Err(late(tries + 1)),
        }
    }
    Err(GenerateError::RatingNotReached { target: range, tries: RATING_TRIES })
}

/// The ladder's judges.
impl Work<'_> {
    /// One pass per rung over the orbits in a random order, from the full
    /// grid `solution`; the puzzle's values.
    fn carve_up_ladder(
        &mut self,
        solution: &Grid,
        rungs: &[Rung],
        order: &mut [&[u16]],
        rng: &mut impl Rng,
    ) -> Result<Vec<u8>, Passed> {
        let deadline = self.deadline;
        passes::carve(
            solution,
            rungs.iter().copied(),
            order,
            &[],
            rng,
            deadline,
            |&rung, values, removed| self.judge_rung(rung, values, removed, solution),
        )
    }

    /// What `rung` says of the puzzle `values` (whose last removal was
    /// `removed`; one solution of it is `solution`).
    fn judge_rung(
        &mut self,
        rung: Rung,
        values: &[u8],
        removed: &[usize],
        solution: &Grid,
    ) -> Result<Verdict, Passed> {
        let rules = solution.rules();
        let (pre, ceiling, floor) = match rung {
            Rung::Closure(tier) => {
                let solved = Closure::with(rules, |c| c.solves(values, tier, removed));
                return Ok(Verdict::kept_if(solved));
            }
            Rung::Rater { pre, ceiling, floor } => (pre, ceiling, floor),
        };
        // The closure's fixpoint when it stalls, where the search starts
        // there.
        let mut fixpoint = None;
        if let Some(tier) = pre {
            let solved = Closure::with(rules, |c| {
                let solved = c.solves(values, tier, removed);
                if !solved && unique_from_fixpoint(rules) {
                    fixpoint = Some(c.state().to_candidates());
                }
                solved
            });
            if solved {
                return Ok(Verdict::Kept);
            }
        }
        let puzzle = Grid::from_values_with(rules.clone(), values.to_vec())
            .expect("a subset of the solution");
        // Unique first: on a puzzle with several solutions the rater finds
        // no step and tries every technique up to the ceiling before it
        // gives up, chains included, which costs far more than a search.
        let refusal = match &fixpoint {
            Some(known) => self.refusal_unless_unique_from(known, CHECK_NODES)?,
            None => self.refusal_unless_unique(&puzzle, CHECK_NODES)?,
        };
        if let Some(refused) = refusal {
            return Ok(refused);
        }
        match self.rater.rate_known_up_to(&puzzle, solution, ceiling) {
            Ok(Some(r)) if floor.is_some_and(|f| r.er >= f) => Ok(Verdict::Done),
            Ok(Some(_)) => Ok(Verdict::Kept),
            Err(_) if self.deadline.passed() => Err(Passed),
            _ => Ok(Verdict::Refused),
        }
    }

    /// The rater's rating of the finished `puzzle` when it lies in `range`
    /// and the exact solver finds it unique; `Ok(None)` otherwise.
    fn verdict(
        &mut self,
        puzzle: &Grid,
        solution: &Grid,
        range: RatingRange,
    ) -> Result<Option<Rating>, Passed> {
        let rating = match self.rater.rate_known_up_to(puzzle, solution, ceiling(range)) {
            Ok(Some(r)) if range.contains(r.er) && !r.guessed => r,
            Err(_) if self.deadline.passed() => return Err(Passed),
            _ => return Ok(None),
        };
        if !closures_carve(puzzle.rules()) {
            return Ok(self.unique_within(puzzle, None)?.then_some(rating));
        }
        // The search starts from the hard closure's fixpoint (the solution
        // when the closure solves the puzzle): its deductions are sound
        // without assuming uniqueness, so its candidates hold every
        // solution, and the search from the clues alone on a board above
        // 16x16 carved by the closures can take minutes.
        let known = Closure::with(puzzle.rules(), |c| {
            c.solves(puzzle.values(), Tier::Hard, &[]);
            c.state().to_candidates()
        });
        Ok(self.refusal_unless_unique_from(&known, None)?.is_none().then_some(rating))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Level;
    use crate::shape::Shape;

    fn rungs(level: Level, size: usize) -> Vec<Rung> {
        ladder(level.into(), &Rules::classic(Shape::from_size(size).unwrap()))
    }

    #[test]
    fn each_level_climbs_the_closures_below_it_then_its_own_ceiling() {
        use Rung::Closure;
        use Tier::*;
        let rater = |pre, ceiling, floor| Rung::Rater {
            pre: Some(pre),
            ceiling: Er(ceiling),
            floor: Some(Er(floor)),
        };
        assert_eq!(rungs(Level::Easy, 16), [Closure(Singles)]);
        assert_eq!(rungs(Level::Medium, 16), [Closure(Singles), Closure(Basic)]);
        assert_eq!(rungs(Level::Hard, 16), [Closure(Singles), Closure(Basic), Closure(Hard)]);
        assert_eq!(
            rungs(Level::Expert, 16),
            [Closure(Singles), Closure(Basic), rater(Hard, 69, 45)]
        );
        // Evil stops at its top, 8.9; an open range below trial and error.
        assert_eq!(rungs(Level::Evil, 16), [Closure(Singles), Closure(Basic), rater(Hard, 89, 70)]);
        assert_eq!(
            ladder("7.0+".parse().unwrap(), &Rules::classic(Shape::from_size(16).unwrap())),
            [Closure(Singles), Closure(Basic), rater(Hard, 109, 70)]
        );
        // Above 16x16 the basic and hard closures carve only under extra
        // houses, up to 36x36; a rater's rung climbs the singles closure
        // alone.
        assert_eq!(rungs(Level::Easy, 25), [Closure(Singles)]);
        assert_eq!(rungs(Level::Medium, 36), [rater(Singles, 28, 16)]);
        assert_eq!(rungs(Level::Hard, 25), [rater(Singles, 44, 29)]);
        assert_eq!(rungs(Level::Expert, 64), [rater(Singles, 69, 45)]);
        let windows = |level: Level, size: usize| {
            ladder(level.into(), &format!("{size}+windoku+x").parse::<Rules>().unwrap())
        };
        assert_eq!(windows(Level::Medium, 36), [Closure(Singles), Closure(Basic)]);
        assert_eq!(windows(Level::Hard, 25), [Closure(Singles), Closure(Basic), Closure(Hard)]);
        assert_eq!(windows(Level::Expert, 36), [rater(Singles, 69, 45)]);
        assert_eq!(windows(Level::Hard, 49), [rater(Singles, 44, 29)]);
    }

    /// On 9x9, two kinds of extra houses are carved up the ladder below
    /// extreme; one kind, and smaller boards, sample minimal puzzles.
    #[test]
    fn nine_by_nine_with_two_kinds_of_extra_houses_climbs_below_extreme() {
        let jigsaw = Rules::random_jigsaw(Shape::CLASSIC, 1).unwrap();
        let six_jigsaw = Rules::random_jigsaw(Shape::new(2, 3).unwrap(), 1).unwrap();
        for (rules, two) in [
            ("9+x+windoku".parse().unwrap(), true),
            (jigsaw.clone().with_diagonals(), true),
            (jigsaw, false),
            ("9+x".parse().unwrap(), false),
            ("9+windoku".parse().unwrap(), false),
            (six_jigsaw.with_diagonals(), false),
        ] {
            let options = Options::new(rules.clone()).rating(Some(Level::Hard.into()));
            assert_eq!(applies(&options).is_some(), two, "{rules}");
            assert!(applies(&options.clone().minimal(true)).is_none(), "{rules}");
            let options = options.rating(Some(Level::Extreme.into()));
            assert!(applies(&options).is_none(), "{rules}");
        }
    }

    /// Under rules no closure serves, every rung is the rater's: a full
    /// pass just below the level (none for easy), then the level's top,
    /// ending in the band; classic 9x9 and house variants are not served.
    #[test]
    fn rules_without_closures_climb_the_rater_alone() {
        let rater = |ceiling, floor: Option<u16>| Rung::Rater {
            pre: None,
            ceiling: Er(ceiling),
            floor: floor.map(Er),
        };
        let knight: Rules = "9+anti-knight".parse().unwrap();
        let level = |l: Level| ladder(l.into(), &knight);
        assert_eq!(level(Level::Easy), [rater(15, None)]);
        assert_eq!(level(Level::Medium), [rater(15, None), rater(28, Some(16))]);
        assert_eq!(level(Level::Evil), [rater(69, None), rater(89, Some(70))]);
        for (name, served) in [
            ("9+anti-knight", true),
            ("9+non-consecutive", true),
            ("12+anti-king", true),
            ("9+x+anti-knight", true),
            ("9", false),
            ("9+x", false),
            ("9+windoku", false),
        ] {
            let rules: Rules = name.parse().unwrap();
            assert_eq!(rater_only(&rules), served, "{name}");
            let options = Options::new(rules).rating(Some(Level::Hard.into()));
            assert_eq!(applies(&options).is_some(), served, "{name}");
            assert!(applies(&options.clone().minimal(true)).is_none(), "{name} minimal");
            for (level, ladder) in [(Level::Evil, served), (Level::Extreme, false)] {
                let options = options.clone().rating(Some(level.into()));
                assert_eq!(applies(&options).is_some(), ladder, "{name} {level}");
            }
        }
    }
}
