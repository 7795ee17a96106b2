/*!
Technique targets: puzzles whose logical path uses chosen techniques
([`Options::needs`]) or whose hardest step is a chosen technique
([`Options::hardest`]), reached by carving with the rater in the loop.

"Needs T" means the rater's path (the one its rating is read from: always
the easiest step next, as in Sudoku Explainer) has a step of T; "hardest
T" that the path's hardest step, the one its ER comes from, is T.

The nested chains (9.0 and up) on classic 9x9 are not carved:
`nested_targets` serves them from the catalogue of the hardest known
puzzles, once the refusals below have passed. Those puzzles have no clue
symmetry, so a nested target with symmetry is refused, and so is the fifth
nesting level (11.0), which no catalogue path uses.

# Refused up front
A target no puzzle can meet is refused before any work, with the reason:
finned and sashimi fish and trial and error are not on the rating path; the
variant techniques (parity marks, thermometers, dots, cages) need
constraints that targets are not carved under; on
4x4 and smaller boards hidden singles solve every puzzle (see `levels`);
above 16x16 the rater has no wings, uniqueness, exclusion or chains, and
nested chains (9.0 and up) only on classic 9x9; a fish or naked subset of
size `k` on a board of side `n < 2k` always has a complementary pattern of
size `n - k` (the other lines of the digit, or the other cells of the
unit) making the same eliminations, rated lower and so found first, and a
hidden subset of size `k` with `n <= 2k` has a naked one of size at most
`k`, rated lower. Direct claiming is refused under classic rules whose
boxes have at most 3 rows and 3 columns (9x9, 6x6): say digit `d` of line
`L` lies only in box `B`, and a parallel line `L'` crossing `B` keeps one
place `p` for `d` outside `B`, in box `P`. The band of `L` has as many
lines as boxes, at most three. With two, `P` can hold `d` only at `p` (a
hidden single in a box, 1.2). With three, let `L''` be the third line and
`Q` the third box: `L` and `L'` have no place in `Q`, so `d` is placed in
`Q` (on `L''`; then `P` has `p` alone: a hidden single) or `Q`'s places
all lie on `L''`; then `Q` has one place, or `P` has `p` alone (hidden
singles), or `Q` points along `L''` and removes `d` from `L''` in `P`,
leaving `p` alone in `P` (a direct pointing, 1.7). Either is found before a direct claiming (1.9). A
technique the request's other parts exclude (a need
harder than the hardest step asked for, a rating range outside the
technique's ratings, a clue target or minimality) is refused too.

# Carving
Let the *floor* be the lowest base rating among the targeted techniques and
the *ceiling* the highest rating they can take (their base, plus four
tenths for those rated by length or size: uniqueness, BUG, cycles and
chains; the rating range's top when one is given with needs). From a full
grid, with the clue orbits in a random order:

0. *Planting*: a few techniques can be on the path only where a house or
   a digit is nearly empty (a naked or hidden quad, a hidden triple, a
   jellyfish, a swordfish as the hardest step, an X-cycle, an aligned pair
   exclusion as the hardest step): for these each full grid gets the
   technique's pattern planted ([`plant`]), drawn at random: its cells
   to empty go first in every pass, and the clues that make it are never
   removed.
1. *Closure rungs*: one pass per closure tier (see `logic::closure`) rated
   below the floor, weakest first, but the strongest, removing an orbit
   while the tier still solves the puzzle. The strongest such tier answers
   first in the target rung instead (a removal it solves is kept without
   the rater): completing it first would leave a puzzle from which almost
   every removal needs far more than the target (as `levelled` found for
   expert), and on 9x9 made X-wing targets 1.6 times slower. For some
   hardest targets on 9x9 (`UNLADDERED_HARDEST`) there are no closure
   rungs: the target rung carves from the full grid. A removal the weaker
   tiers cannot solve is then judged at once, while the grid still has
   many clues, instead of being given back and tried again only when the
   target rung comes, by which time the weaker rungs have left a puzzle
   from which almost every removal has a second solution.
2. *The target rung*: one more pass in which a removal is judged by the
   rater with the ceiling ([`LogicSolver`](crate::logic::LogicSolver)
   never tries a technique above it): given back when the puzzle is no longer unique (the exact solver,
   within a node bound) or needs a step above the ceiling; given back, for
   a hardest target, when another technique now rates as high as the
   target (ER never falls as clues go, so that puzzle can never have the
   target hardest); kept otherwise. A removal whose path meets the target
   *forces* it. For needs alone (no hardest step, no range) the path's
   first steps, up to the first that needs more than the ceiling, are
   enough: every step is the easiest available, so those steps are the
   whole path's first steps, and a technique among them is on the path
   whatever comes after (the finished puzzle's whole path is rated once
   and checked). On boards of side 16 and up (`HARD_FIRST_SIDE`), when the
   ceiling is within the hard tier (targets up to the XYZ-wing), the hard
   tier's closure answers next in the target rung, going on from the `pre`
   closure's fixpoint when that stalls (or first, without one; the
   deductions only accumulate, so the answer is the one from the clues): a
   puzzle it does not solve needs a step above the ceiling and is refused,
   with neither a search nor the rater;
   one it solves is unique and goes to the rater without a search (but for
   the needs of `NEEDS_PAST_HARD`, whose puzzles rarely stay within the
   tier). For needs alone this also keeps the puzzle within the hard tier
   after the target (the path beyond the ceiling is not judged otherwise):
   carved past it, a 16x16 puzzle needs chains, and rating its whole path
   once costs more than the carve. For every target the rater starts from
   the fixpoint of the closure asked first (the strongest tier below the
   floor), where that closure fails: the path's steps up to its first step
   rated above the tier are one order of applying the tier, so they end at
   that fixpoint (see `logic::closure`), and none of them is a targeted
   technique; the path's hardest step, its ER and its needs are in the
   steps from there, so the verdict is the whole path's (the whole path
   is rated once the target is met). For some hardest targets on 9x9
   (`CLOSED_HARDEST`, no needs) the rater goes on past that fixpoint with
   the tier's closure between its steps: it looks only for steps rated
   above the tier, each at the tier's fixpoint, where none of the tier
   applies (the path's steps between two harder ones are one order of
   applying the tier), so the steps above the tier, the path's end, its
   hardest step and its ER are the path's. For needs alone the walk
   ends at the first step by which the path uses every need (what follows
   cannot change the verdict). For dynamic forcing chains a fixpoint with
   fewer than `DFC_ROOM` candidates is taken as below the target without
   a walk (a measured bias, not a proof: such a puzzle is passed over,
   never returned wrongly). Once the
   target is forced, the pass keeps only removals whose path still meets
   it, so the puzzle ends with as few clues as the target allows from
   that grid.
   For some hardest targets on 9x9 (`REPAIRED_HARDEST`), and the planted
   swordfish on 16x16 (`REPAIRED_HARDEST_16`), a removal whose path
   reaches the target and then needs a step above the ceiling is
   *repaired* before it is given back: one orbit at a time, drawn among
   those with a cell still open where the path stalled (never a cell a
   planted pattern needs empty, see [`Planted::empty`]), gets its clues back and the puzzle is judged
   again, up to `REPAIR_TRIES` orbits; the first whose path meets the
   target is kept with the removal (`Verdict::KeptGiving`). More clues of
   the same solution keep the puzzle unique, so no search is needed. The
   removal made room for the target; the clue given back is where the
   harder step was needed. For aligned pair exclusion (`CHAINED_HARDEST`)
   the cells open at a stall leave out the exclusion's cells, the cells it
   eliminates from and their peers (so the clues given back, by a repair
   or a reopening, tend to stay off the exclusion's deductions; most tries
   still end on a puzzle easier steps solve), and the repair is chained: a
   try whose path reaches the target and stalls again keeps its clue, and
   the next is drawn among the cells open at the new stall. The repair
   draws from its own random stream, seeded from the carve's only for those
   targets.
3. When the pass ends without forcing the target, the carve missed: the
   next full grid is drawn. For some targets on 9x9 (`REOPENED_NEEDS`,
   `REOPENED_HARDEST`) a missed carve is first *reopened*, up to
   `REOPEN_ROUNDS` times: `REOPEN_CLUES` empty orbits drawn at random get
   their clues from the solution back (a puzzle with more clues of the
   same solution stays unique), and the target rung runs again from there
   (`passes::carve_from`), judging every removal as above. Most missed
   carves end minimal with the closure below the floor still solving
   them, so the target rung had no removal to judge; a reopened puzzle
   has removals the rung can judge again, for a few exact searches each
   instead of a fresh grid's closure rungs. For a hardest target, when a
   removal of the carve (or of the last round) was refused because its
   path reached the target and then needed a step above the ceiling, the
   orbits given back are drawn among those with a cell still open where
   that path stalled (the rest of the path's work lies there), and among
   all empty orbits otherwise. Measured on 9x9, this takes a third to two
   thirds of the CPU time for aligned pair exclusion, BUG, Nishio and
   dynamic forcing chain needs and for the hardest targets listed;
   aligned triplet exclusion and the X-cycle gained nothing and are not
   reopened. A reopening never gives back a clue of a hidden subset's
   planted line (the hidden quad, the hidden triple as the hardest step)
   or of a planted aligned pair exclusion's five cells: the pattern needs
   them empty, so such a clue wastes the round
   (measured: drawn among the line too, reopening made the hidden quad
   slower, not faster). Every bound is counted (grids,
   search nodes, rounds), never timed, so item `i` of a seed is the same
   on every machine.

In every rung a removal is first checked unique by the exact solver
(within a node bound) and given back when it is not, before any closure
or the rater, on boards below 16x16 (`CLOSURE_FIRST_SIDE`); on 16x16 and
up the rung's closure (the target rung's `pre`) answers first, a puzzle
it solves being unique, and the exact solver is asked only when it
stalls, starting from its fixpoint (the closures' deductions are sound
without assuming uniqueness, so every solution is still there, with fewer
candidates to branch on): there a closure costs a fraction of a search
(the verdicts are the same either way). Where the hard closure judges the
target rung first (step 2), a closure rung gives a stalled removal back
without a search: that search only marked a removal with a second
solution for the target rung to skip, and the hard closure refuses it
there for less. On 9x9 most removals no rung keeps leave a second solution
(some 99% of those the target rung refuses, 92% of those the closure rungs
refuse, for BUG targets), and the search tells that for a fraction of a
closure (callgrind: about 17,000 instructions a search against 45,000
a closure on average).
Such a removal is not tried again in a later pass (`passes`): the puzzle
only loses clues, so it would leave a second solution there too. Uniqueness
first also keeps the rater off puzzles with several solutions, on which
its uniqueness techniques do not hold and it would try every technique up
to the ceiling before giving up.

The finished puzzle's path comes from the last judgement that kept a
removal; its uniqueness is checked again by an unbounded exact count before
it is returned, with the rating of that path.

A rating only grows as clues go, so a removal refused once for its ceiling
is refused on every later puzzle of the pass: one pass per rung is
complete, as in `levelled`.
*/

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};

use crate::deadline::Passed;
use crate::grid::Grid;
use crate::logic::closure::{Closure, Tier};
use crate::logic::{Budget, Er, Path, RatingRange, State, Technique};
use crate::rules::Rules;
use crate::shape::Shape;

use super::levelled::closure_serves;
use super::passes::{self, Verdict, Work};
use super::{GenerateError, Generated, Job, Options, fill};

mod plant;

use plant::{Plant, Planted};

/// The most full grids carved for one puzzle before giving up with
/// [`GenerateError::TargetNotReached`]: a count, not a time, so the
/// answer does not depend on the clock.
pub(super) const TARGET_TRIES: u32 = 10_000;

/// The most search nodes the exact solver may spend proving one removal of
/// the target rung unique; a removal it cannot settle is given back.
const CHECK_NODES: Option<u64> = Some(20_000);

/// The node bound of the target rung's search from a stalled closure's
/// fixpoint (16x16 and up): the searches that reach it are a large part of
/// the CPU there, and a removal it cannot settle is given back. Measured on
/// 16x16 against 20,000 and 2,000 (docs/generator-notes.md).
const FIXPOINT_TARGET_NODES: Option<u64> = Some(5_000);

/// The smallest board side on which a removal goes to the closure before
/// the exact solver (see the module docs): measured on 16x16, where a
/// closure costs a fraction of a search (docs/generator-notes.md).
const CLOSURE_FIRST_SIDE: usize = 16;

/// The smallest board side on which a target rated within the hard tier
/// has each removal of the target rung judged by the hard tier's closure
/// before the exact solver and the rater (see the module docs): on 16x16
/// a closure costs a fraction of a search, and the whole path of a needs
/// puzzle carved past the hard tier takes a second or more to rate
/// (dynamic forcing chains), more than its carve (docs/generator-notes.md).
const HARD_FIRST_SIDE: usize = 16;

/// Needs targets alone that the hard closure does not judge first (see
/// [`HARD_FIRST_SIDE`]): judged first, their puzzles must stay within the
/// hard tier, which few carves reach for it, and on 16x16 that took up to
/// 3.3 times the CPU (docs/generator-notes.md). A swordfish, planted, stays
/// within it faster ([`plant::PLANTED_NEEDS_SIDE`]).
const NEEDS_PAST_HARD: [Technique; 1] = [Technique::XYZWing];

/// How many times a missed carve is reopened, and how many clue orbits
/// each reopening gives back (see the module docs): measured on 9x9 for
/// aligned pair exclusion against 4 to 32 rounds of 1 to 12 orbits, and
/// for the other reopened targets against 4 rounds of 4 orbits, 16 of 6
/// and 8 of 10 (docs/generator-notes.md).
const REOPEN_ROUNDS: usize = 8;
const REOPEN_CLUES: usize = 6;

/// The fewest candidates left at the hard closure's fixpoint for which a
/// needs target with dynamic forcing chains asks the rater: with fewer,
/// the removal is taken as judged below the target without a walk, and
/// the carve goes on towards sparser puzzles. A bias, not a proof: on
/// 9x9 the walks that meet the target start from 129 to 212 candidates,
/// most of them above 150, and most walks start from fewer; with missed
/// carves reopened, skipping below 175 loses some of those hits but
/// spends the walks where the rest lie (measured against 110 to 220,
/// docs/generator-notes.md). The finished puzzle's whole path is rated
/// and checked all the same.
const DFC_ROOM: u32 = 175;

/// The candidates left in `st`.
fn candidates(st: &State) -> u32 {
    st.masks().iter().map(|m| m.count_ones()).sum()
}

/// The needs whose missed carves are reopened on 9x9: those measured
/// faster so (docs/generator-notes.md). Not aligned triplet exclusion, nor
/// the planted hidden quad and X-cycle (no gain measured).
const REOPENED_NEEDS: [Technique; 4] = [
    Technique::AlignedPairExclusion,
    Technique::Bug,
    Technique::Nishio,
    Technique::DynamicForcingChain,
];

/// The hardest steps whose missed carves are reopened on 9x9, as
/// [`REOPENED_NEEDS`].
const REOPENED_HARDEST: [Technique; 11] = [
    Technique::XWing,
    Technique::NakedTriple,
    Technique::HiddenTriple,
    Technique::NakedQuad,
    Technique::HiddenQuad,
    Technique::XYZWing,
    Technique::BidirectionalYCycle,
    Technique::BidirectionalCycle,
    Technique::Nishio,
    Technique::AlignedPairExclusion,
    Technique::DynamicForcingChain,
];

/// The hardest steps whose removals that stall after the target are
/// repaired in the carve on 9x9 (see the module docs): those measured
/// faster so (docs/generator-notes.md). Not the X-cycle (no gain
/// measured).
const REPAIRED_HARDEST: [Technique; 4] = [
    Technique::NakedQuad,
    Technique::HiddenQuad,
    Technique::HiddenTriple,
    Technique::AlignedPairExclusion,
];

/// The repaired hardest steps whose repair is *chained* and kept clear of
/// the target's pattern on 9x9 (see the module docs): the cells open at a
/// stall leave out those of the target step (its pattern and the cells it
/// eliminates from) and their peers, and a try whose path stalls after the
/// target again keeps its clue and draws on among the new stall's cells.
/// Aligned pair exclusion alone, where the plain repair gained nothing
/// (measured, docs/generator-notes.md).
const CHAINED_HARDEST: [Technique; 1] = [Technique::AlignedPairExclusion];

/// The hardest steps whose target rung rates only the steps above the
/// `pre` tier on 9x9, the tier's closure running between them (see the
/// module docs): the same verdicts for less. The targets measured
/// (docs/generator-notes.md).
const CLOSED_HARDEST: [Technique; 3] =
    [Technique::AlignedPairExclusion, Technique::BidirectionalXCycle, Technique::HiddenQuad];

/// The hardest steps carved on 9x9 without the closure rungs, the target
/// rung from the full grid (see the module docs): those measured faster
/// so (docs/generator-notes.md). Not aligned pair exclusion or the hidden
/// triple (no gain measured).
const UNLADDERED_HARDEST: [Technique; 2] = [Technique::BidirectionalXCycle, Technique::HiddenQuad];

/// The hardest steps whose removals that stall after the target are
/// repaired in the carve on 16x16 (see the module docs), as those of
/// [`REPAIRED_HARDEST`] on 9x9: the planted swordfish, measured faster so
/// (docs/generator-notes.md).
const REPAIRED_HARDEST_16: [Technique; 1] = [Technique::Swordfish];

/// How many orbits a repair gives back, one at a time, before the removal
/// is refused after all: measured on 9x9 against 2, 4 and 8.
const REPAIR_TRIES: usize = 16;

/// How far above its base a technique rated by length or size is still
/// the target: four tenths (chains of up to about 16 implications).
const LENGTH_SLACK: u16 = 4;

/// A checked technique target and how it is carved (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Plan {
    pub(super) needs: Vec<Technique>,
    pub(super) hardest: Option<Technique>,
    pub(super) range: Option<RatingRange>,
    /// No technique rated above it is tried.
    pub(super) ceiling: Er,
    /// The closure tiers rated below every targeted technique but the
    /// strongest, weakest first: one carving pass each.
    rungs: Vec<Tier>,
    /// The strongest such tier: in the target rung, a removal it still
    /// solves is kept without the rater.
    pre: Option<Tier>,
    /// The cells carved first, when a targeted technique needs room.
    plant: Option<Plant>,
}

impl Plan {
    /// Whether a missed carve is reopened: on 9x9, for the targets of
    /// [`REOPENED_NEEDS`] and [`REOPENED_HARDEST`] (see the module docs).
    fn reopens(&self, shape: Shape) -> bool {
        shape == Shape::CLASSIC
            && (self.needs.iter().any(|t| REOPENED_NEEDS.contains(t))
                || self.hardest.is_some_and(|h| REOPENED_HARDEST.contains(&h)))
    }

    /// Whether a removal whose path stalls after a hardest target is
    /// repaired: on 9x9, for the targets of [`REPAIRED_HARDEST`], and on
    /// 16x16 for those of [`REPAIRED_HARDEST_16`].
    fn repairs(&self, shape: Shape) -> bool {
        let repaired: &[Technique] = if shape == Shape::CLASSIC {
            &REPAIRED_HARDEST
        } else if shape.size() == 16 {
            &REPAIRED_HARDEST_16
        } else {
            &[]
        };
        self.hardest.is_some_and(|h| repaired.contains(&h))
    }

    /// Whether a repair is chained and kept clear of the target's pattern:
    /// on 9x9, for the targets of [`CHAINED_HARDEST`].
    fn chains(&self, shape: Shape) -> bool {
        shape == Shape::CLASSIC && self.hardest.is_some_and(|h| CHAINED_HARDEST.contains(&h))
    }

    /// Whether the target rung's rater leaves the steps of the `pre` tier
    /// to its closure: on 9x9, for the targets of [`CLOSED_HARDEST`] with
    /// no needs (a need may be a step of the tier, which that path omits).
    fn closes_between(&self, shape: Shape) -> bool {
        shape == Shape::CLASSIC
            && self.needs.is_empty()
            && self.hardest.is_some_and(|h| CLOSED_HARDEST.contains(&h))
    }

    /// The plan for `opts`' technique target; `Ok(None)` without one, and
    /// [`GenerateError::Impossible`] for a target no puzzle can meet.
    pub(super) fn of(opts: &Options) -> Result<Option<Plan>, GenerateError> {
        let (needs, hardest) = (opts.needs.clone(), opts.hardest);
        if needs.is_empty() && hardest.is_none() {
            return Ok(None);
        }
        let refuse = |reason: String| Err(GenerateError::Impossible { reason });
        let wanted = describe(&needs, hardest, opts.rating);
        if let Some(clues) = opts.clues {
            return refuse(format!(
                "{wanted} is carved until the technique is forced, so it cannot also have \
                 {clues} clues; drop the clue target"
            ));
        }
        if opts.minimal {
            return refuse(format!(
                "{wanted} is carved to as few clues as the target allows, not to minimal; drop \
                 the demand for a minimal puzzle"
            ));
        }
        let rules = &opts.rules;
        if rules.has_constraints() {
            return refuse(format!(
                "the logical solver knows houses and cells that must differ, not the other \
                 constraints of {rules}, so it cannot tell which techniques a puzzle needs"
            ));
        }
        for &t in needs.iter().chain(&hardest) {
            if let Err(why) = technique_occurs(t, rules) {
                return refuse(why);
            }
        }
        if opts.symmetry != super::Symmetry::None && super::nested_targets::asks_nested(opts) {
            return refuse(format!(
                "{wanted} is drawn from the catalogue of the hardest known puzzles (carving \
                 does not reach 9.0), whose puzzles have no clue symmetry; ask with symmetry \
                 none"
            ));
        }
        let floor = needs.iter().chain(&hardest).map(|t| t.base()).min().expect("one technique");
        let most = needs.iter().map(|t| t.base()).max();
        let ceiling = match (hardest, opts.rating) {
            (Some(h), range) => {
                if let Some(t) = needs.iter().find(|t| t.base() > top(h)) {
                    return refuse(format!(
                        "{t} (rated {}) is harder than {h} (rated {}), which the hardest step is \
                         asked to be",
                        t.base(),
                        rated(h)
                    ));
                }
                match range {
                    Some(r) if r.max() < h.base() || r.min() > top(h) => {
                        return refuse(format!(
                            "a hardest step of {h} rates the puzzle {}, outside the range {r}",
                            rated(h)
                        ));
                    }
                    Some(r) => top(h).min(r.max()),
                    None => top(h),
                }
            }
            (None, Some(r)) => {
                let most = most.expect("needs without hardest");
                if r.max() < most {
                    let t = needs.iter().find(|t| t.base() == most).expect("the hardest need");
                    return refuse(format!(
                        "a path that uses {t} has a step rated {most} or more, above the range \
                         {r}"
                    ));
                }
                r.max().min(Er(Technique::TrialAndError.base().0 - 1)).max(most)
            }
            (None, None) => needs.iter().map(|&t| top(t)).max().expect("needs"),
        };
        let mut rungs: Vec<Tier> = Tier::ALL
            .into_iter()
            .filter(|&t| closure_serves(t, rules))
            .filter(|t| t.ceiling() < floor)
            .collect();
        let pre = rungs.pop();
        let n = rules.shape().size();
        let plant = needs
            .iter()
            .chain(&hardest)
            .find_map(|&t| Plant::of(t, n))
            .or_else(|| hardest.and_then(|h| Plant::for_hardest(h, n)))
            .or_else(|| needs.iter().find_map(|&t| Plant::for_needs(t, n)));
        Ok(Some(Plan { needs, hardest, range: opts.rating, ceiling, rungs, pre, plant }))
    }

    /// What is asked for, in words.
    pub(super) fn wanted(&self) -> String {
        describe(&self.needs, self.hardest, self.range)
    }

    /// Whether `path` meets the target (and the rating range).
    pub(super) fn met(&self, path: &Path) -> bool {
        let rating = path.rating();
        let uses = |t: Technique| path.steps.iter().any(|s| s.technique == t);
        !rating.guessed
            && self.needs.iter().all(|&t| uses(t))
            && self.hardest.is_none_or(|h| rating.hardest == Some(h))
            && self.range.is_none_or(|r| r.contains(rating.er))
    }

    /// The closure rungs a carve of a grid of `shape` runs before the
    /// target rung: none for the targets of [`UNLADDERED_HARDEST`] on 9x9.
    fn rungs(&self, shape: Shape) -> &[Tier] {
        let unladdered = shape == Shape::CLASSIC
            && self.hardest.is_some_and(|h| UNLADDERED_HARDEST.contains(&h));
        if unladdered { &[] } else { &self.rungs }
    }

    /// Whether the target is judged by the path's first steps: needs alone
    /// (no hardest step, no range) are met once the steps up to the
    /// ceiling use them, whatever the path needs after.
    fn by_prefix(&self) -> bool {
        self.hardest.is_none() && self.range.is_none()
    }

    /// Whether the target rung asks the hard tier's closure before the
    /// exact solver and the rater: a ceiling within that tier, on boards
    /// of side [`HARD_FIRST_SIDE`] and up (see the module docs).
    fn hard_first(&self, rules: &Rules) -> bool {
        let past_hard = self.by_prefix() && self.needs.iter().any(|t| NEEDS_PAST_HARD.contains(t));
        !past_hard
            && rules.shape().size() >= HARD_FIRST_SIDE
            && self.ceiling <= Tier::Hard.ceiling()
            && closure_serves(Tier::Hard, rules)
    }

    /// Whether no puzzle carved further from one with `path` can meet a
    /// hardest target: another technique already rates as high.
    fn lost(&self, path: &Path) -> bool {
        let rating = path.rating();
        self.hardest.is_some_and(|h| rating.er >= h.base() && rating.hardest != Some(h))
    }
}

/// "a puzzle that needs X-Wing and Swordfish", "a puzzle whose hardest
/// step is XY-Wing", with " rated A-B" for a range.
pub(super) fn describe(
    needs: &[Technique],
    hardest: Option<Technique>,
    range: Option<RatingRange>,
) -> String {
    let names: Vec<&str> = needs.iter().map(|t| t.name()).collect();
    let needs = match names.as_slice() {
        [] => String::new(),
        [one] => format!("needs {one}"),
        [most @ .., last] => format!("needs {} and {last}", most.join(", ")),
    };
    let mut out = match (hardest, needs.is_empty()) {
        (Some(h), true) => format!("a puzzle whose hardest step is {h}"),
        (Some(h), false) => format!("a puzzle whose hardest step is {h} and that {needs}"),
        (None, _) => format!("a puzzle that {needs}"),
    };
    if let Some(r) = range {
        out.push_str(&format!(" rated {r}"));
    }
    out
}

/// The highest rating a step of `t` takes as a target (see the module docs).
fn top(t: Technique) -> Er {
    use Technique::*;
    let by_length = matches!(
        t,
        UniqueRectangle
            | Bug
            | BidirectionalXCycle
            | BidirectionalYCycle
            | ForcingXChain
            | BidirectionalCycle
            | ForcingChain
            | Nishio
            | MultipleForcingChain
            | DynamicForcingChain
            | DynamicForcingChainPlus
            | NestedForcingChain
            | NestedMultipleForcingChain
            | NestedDynamicForcingChain
            | NestedDynamicForcingChainPlus
    );
    Er(t.base().0 + if by_length { LENGTH_SLACK } else { 0 })
}

/// `4.2`, or `7.0-7.4` for a technique rated by length.
fn rated(t: Technique) -> String {
    if top(t) == t.base() { t.base().to_string() } else { format!("{}-{}", t.base(), top(t)) }
}

/// Whether a puzzle that needs `t` under `rules` is drawn from the
/// catalogue of the hardest known puzzles rather than carved: true for the
/// nested chains (9.0 and up) on classic 9x9 boards, whose targets take no
/// clue symmetry and seconds of CPU per puzzle (rating a catalogue entry
/// whole after its transform). False for a technique `rules` cannot need
/// ([`technique_occurs`]).
pub fn technique_from_catalogue(t: Technique, rules: &Rules) -> bool {
    super::nested_targets::NESTED.contains(&t) && technique_occurs(t, rules).is_ok()
}

/// `Ok` when a step of `t` can be on the rating path of a puzzle under
/// `rules`; otherwise why not (see the module docs).
pub fn technique_occurs(t: Technique, rules: &Rules) -> Result<(), String> {
    use Technique::*;
    let shape = rules.shape();
    let n = shape.size();
    match t {
        FinnedXWing | FinnedSwordfish | FinnedJellyfish | SashimiXWing | SashimiSwordfish
        | SashimiJellyfish => {
            return Err(format!(
                "{t} is not on the rating path: Sudoku Explainer has no finned or sashimi fish, \
                 so the rater finds them only when asked for one and no path uses them"
            ));
        }
        TrialAndError => {
            return Err("trial and error is a guess, not a technique: no target can ask for \
                        it (a rating of 11.0 or more asks for puzzles beyond the techniques)"
                .to_string());
        }
        EvenOddMark | ThermometerBounds | KropkiDot | NonConsecutive | CageCombination
        | CageIntersection | InniesOuties => {
            return Err(format!(
                "{t} reads a variant constraint (a parity mark, thermometer, dot, cage or the \
                 non-consecutive rule), and technique targets are carved under houses and \
                 cells that must differ only, so no target path uses it"
            ));
        }
        _ => {}
    }
    if n <= 4 && t.base() > HiddenSingleLine.base() {
        return Err(format!(
            "hidden singles solve every {n}x{n} puzzle, so no {n}x{n} path uses {t}"
        ));
    }
    let basic = t.base() < XYWing.base() || matches!(t, NakedQuad | Jellyfish | HiddenQuad);
    if n > 16 && !basic {
        return Err(format!(
            "the rater has no {t} on boards larger than 16x16 (only singles, intersections, \
             subsets and fish there), so no {n}x{n} path uses it"
        ));
    }
    if super::nested_targets::NESTED.contains(&t)
        && !(shape == Shape::CLASSIC && rules.is_classic())
    {
        return Err(format!(
            "the rater searches {t} on classic 9x9 boards only, so no path under {rules} uses it"
        ));
    }
    if t == NestedDynamicForcingChainPlus {
        return Err(format!(
            "no known puzzle's rating path uses {t}: the paths of the 375 hardest known puzzles \
             (hardest-1106) reach nesting level 4 at most, their ratings of 11 and more coming \
             from long level-4 chains, and carving does not reach 9.0"
        ));
    }
    let small_boxes = shape.box_rows() <= 3 && shape.box_cols() <= 3;
    if t == DirectClaiming && rules.is_classic() && small_boxes {
        return Err(format!(
            "on a {n}x{n} board (boxes of at most 3 rows and 3 columns) every Direct Claiming \
             comes with a hidden single in a box or a direct pointing, rated lower and so found \
             first: no path uses {t}"
        ));
    }
    let (size, hidden) = match t {
        NakedPair | XWing => (2, false),
        NakedTriple | Swordfish => (3, false),
        NakedQuad | Jellyfish => (4, false),
        HiddenPair => (2, true),
        HiddenTriple => (3, true),
        HiddenQuad => (4, true),
        _ => return Ok(()),
    };
    if !hidden && 2 * size > n {
        return Err(format!(
            "on a {n}x{n} board every {t} (of size {size}) comes with a complementary pattern of \
             size {} or less making the same eliminations (the digit's other lines, or the \
             unit's other cells), rated lower and so found first: no path uses {t}",
            n - size
        ));
    }
    if hidden && 2 * size >= n {
        return Err(format!(
            "on a {n}x{n} board every {t} (of size {size}) comes with a naked subset of size {} \
             or less in the unit's other cells making the same eliminations, rated lower and so \
             found first: no path uses {t}",
            n - size
        ));
    }
    Ok(())
}

/// The puzzle of the job's item for `plan`, carved from grids drawn from
/// `rng` (see the module docs).
pub(super) fn puzzle(
    job: &Job<'_>,
    plan: &Plan,
    rng: &mut impl Rng,
) -> Result<Generated, GenerateError> {
    let &Job { opts, orbits, index, clock } = job;
    let deadline = &clock.deadline;
    let mut order: Vec<&[u16]> = orbits.iter().map(Vec::as_slice).collect();
    let budget = Budget::default().with_guesses(false);
    let mut work = Work::new(deadline, budget);
    let late = |tries| clock.out_of_time(opts, tries, None);
    for tries in 0..TARGET_TRIES {
        let solution = fill::grid_for_try(opts, rng, clock, tries)?;
        let carved = work
            .carve_to_target(plan, &solution, &mut order, rng)
            .map_err(|Passed| late(tries + 1))?;
        let Some(Forced { values, path }) = carved else { continue };
        let puzzle =
            Grid::from_values_with(opts.rules.clone(), values).expect("a subset of the solution");
        // Met by the first steps: the whole path, rated once, for the
        // rating returned (and checked again).
        let path = match path {
            Some(path) => path,
            None => match work.rater.path_known_up_to(&puzzle, &solution, Er::MAX) {
                Ok(Some(path)) if plan.met(&path) => path,
                Err(_) if deadline.passed() => return Err(late(tries + 1)),
                _ => continue,
            },
        };
        if work.unique_within(&puzzle, None).map_err(|Passed| late(tries + 1))? {
            let rating = Some(path.rating());
            return Ok(Generated { puzzle, solution, index, rating });
        }
    }
    Err(GenerateError::TargetNotReached {
        wanted: plan.wanted(),
        tries: TARGET_TRIES,
        elapsed: clock.started.elapsed(),
    })
}

/// A carve that forced the target: the puzzle's values, and its path when
/// the whole path was rated (not only its first steps, nor its steps from a
/// closure's fixpoint).
struct Forced {
    values: Vec<u8>,
    path: Option<Path>,
}

/// A repaired removal: the cells whose clues come back, and the path of
/// the puzzle with them, which meets the target.
struct Mended {
    given: Vec<usize>,
    path: Option<Path>,
}

/// What a repair of removals that stall after the target draws from.
struct Repair<'o> {
    /// Its own random stream.
    rng: rand_xoshiro::Xoshiro256PlusPlus,
    /// The orbit of each cell.
    orbit_of: Vec<&'o [u16]>,
    /// Cells never given back.
    shield: Vec<usize>,
    /// Whether a try whose path stalls after the target again keeps its
    /// clue ([`CHAINED_HARDEST`]).
    chained: bool,
}

/// The orbit of each of the `cells` cells among `orbits`.
fn orbit_of<'o>(orbits: &[&'o [u16]], cells: usize) -> Vec<&'o [u16]> {
    let mut of: Vec<&'o [u16]> = vec![&[]; cells];
    for &orbit in orbits {
        orbit.iter().for_each(|&c| of[c as usize] = orbit);
    }
    of
}

/// What the target rung says of one removal.
enum Target {
    /// Not unique, beyond the ceiling, or a hardest target lost: the
    /// orbit is given back.
    Refused,
    /// Within the ceiling, the target not met: the orbit stays removed.
    Kept,
    /// The target is met on this path (`None`: met by the first steps of
    /// the path, the rest of which is above the ceiling, or by the steps
    /// from a closure's fixpoint): the orbit stays removed.
    Met(Option<Path>),
    /// A hardest target's path has a step of the target, then needs one
    /// above the ceiling: refused, with the cells still open where the
    /// path stalled (a missed carve gives clues back among them).
    Past(Vec<usize>),
}

/// The fixpoint of the closure of `tier` on `values` (whose last removal
/// was `removed`), or `None` when the closure solves the puzzle.
fn stall_of(rules: &Rules, values: &[u8], tier: Tier, removed: &[usize]) -> Option<State> {
    Closure::with(rules, |c| (!c.solves(values, tier, removed)).then(|| c.state().clone()))
}

/// The target's judges.
impl Work<'_> {
    /// The closure rungs then the target rung over the orbits in a random
    /// order, from the full grid `solution`: the puzzle's values and its
    /// path when the target was forced, `None` when the carve missed.
    fn carve_to_target(
        &mut self,
        plan: &Plan,
        solution: &Grid,
        order: &mut [&[u16]],
        rng: &mut impl Rng,
    ) -> Result<Option<Forced>, Passed> {
        let rules = solution.rules();
        let deadline = self.deadline;
        let planted = plan.plant.map_or_else(Planted::default, |p| p.draw(solution, rng));
        let kept = |removed: &[usize]| removed.iter().any(|&c| planted.keep.get(c) == Some(&true));
        // A repair's own random stream, drawn only for targets repaired.
        let mut repair = plan.repairs(solution.shape()).then(|| Repair {
            rng: rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(rng.random()),
            orbit_of: orbit_of(order, solution.values().len()),
            // The planted pattern's cells stay empty: it needs them so.
            shield: planted.empty().to_vec(),
            chained: plan.chains(solution.shape()),
        });
        let closure_first = solution.shape().size() >= CLOSURE_FIRST_SIDE;
        let hard_first = plan.hard_first(rules);
        // Set by the judge, read between the carves.
        let forced: std::cell::RefCell<Option<Option<Path>>> = std::cell::RefCell::new(None);
        // The cells open where the path of a hardest target's last refused
        // removal stalled after the target (see `Target::Past`).
        let stall: std::cell::RefCell<Option<Vec<usize>>> = std::cell::RefCell::new(None);
        let mut judge = |rung: &Option<Tier>, values: &[u8], removed: &[usize]| {
            if kept(removed) {
                return Ok(Verdict::Refused);
            }
            // On large boards the rung's closure (the target rung's `pre`)
            // first: a puzzle it solves is unique and kept, and the exact
            // solver is asked only about the others.
            //
            // Within the hard tier on large boards, the hard closure next,
            // going on from the `pre` closure's fixpoint: a puzzle it does
            // not solve needs a step above the ceiling, one it solves is
            // unique. Every puzzle kept before this one was solved by it,
            // so it may end once `removed` is placed.
            let hard_solved = rung.is_none() && hard_first;
            let mut stalled = None;
            if closure_first && let Some(tier) = rung.or(plan.pre) {
                let judged = Closure::with(rules, |c| {
                    c.start(values);
                    if c.goes_on(tier, removed) {
                        return None;
                    }
                    let st = c.state().clone();
                    Some((st, !hard_solved || c.goes_on(Tier::Hard, removed)))
                });
                match judged {
                    None if rung.is_some() => return Ok(Verdict::Kept),
                    None => return Ok(Verdict::kept_if(forced.borrow().is_none())),
                    Some((_, false)) => return Ok(Verdict::Refused),
                    Some((st, true)) => stalled = Some(st),
                }
            } else if hard_solved
                && !Closure::with(rules, |c| c.solves(values, Tier::Hard, removed))
            {
                return Ok(Verdict::Refused);
            }
            // Unique first elsewhere: most removals that no rung keeps
            // leave a second solution, which the exact solver tells for
            // far less than a closure run to its fixpoint on 9x9. After a
            // stalled closure, the search starts from its fixpoint.
            let puzzle = Grid::from_values_with(rules.clone(), values.to_vec())
                .expect("a subset of the solution");
            let refused = match &stalled {
                _ if hard_solved => None,
                // A closure rung's search only marks a removal that leaves
                // a second solution, so the target rung skips it; there the
                // hard closure refuses it for less (a sound closure never
                // solves a puzzle with two solutions).
                Some(_) if hard_first => return Ok(Verdict::Refused),
                Some(st) => {
                    let nodes = if rung.is_none() { FIXPOINT_TARGET_NODES } else { CHECK_NODES };
                    self.refusal_unless_unique_from(&st.to_candidates(), nodes)?
                }
                None => self.refusal_unless_unique_after(
                    &puzzle,
                    removed,
                    solution.values(),
                    CHECK_NODES,
                )?,
            };
            if let Some(refused) = refused {
                return Ok(refused);
            }
            Ok(match *rung {
                Some(_) if stalled.is_some() => Verdict::Refused,
                Some(tier) => {
                    Verdict::kept_if(Closure::with(rules, |c| c.solves(values, tier, removed)))
                }
                None => match self.judge_target(plan, &puzzle, removed, solution, stalled)? {
                    Target::Met(path) => {
                        *forced.borrow_mut() = Some(path);
                        Verdict::Kept
                    }
                    // Once the target is forced, only removals that keep
                    // it are kept.
                    Target::Kept => Verdict::kept_if(forced.borrow().is_none()),
                    Target::Refused => Verdict::Refused,
                    Target::Past(open) => {
                        let mended = match repair.as_mut() {
                            Some(r) => self.repair(plan, values, removed, solution, &open, r)?,
                            None => None,
                        };
                        match mended {
                            Some(Mended { given, path }) => {
                                *forced.borrow_mut() = Some(path);
                                Verdict::KeptGiving(given)
                            }
                            None => {
                                *stall.borrow_mut() = Some(open);
                                Verdict::Refused
                            }
                        }
                    }
                },
            })
        };
        // A closure tier's rung, then the target rung (`None`).
        let rungs = plan.rungs(solution.shape()).iter().copied().map(Some).chain([None]);
        let mut values =
            passes::carve(solution, rungs, order, &planted.first, rng, deadline, &mut judge)?;
        // Reopened: a few clues of the solution given back, then the
        // target rung again (see the module docs).
        let rounds = if plan.reopens(solution.shape()) { REOPEN_ROUNDS } else { 0 };
        // Never a cell the planted pattern needs empty.
        let held = planted.empty();
        for _ in 0..rounds {
            if forced.borrow().is_some() {
                break;
            }
            let empty: Vec<&[u16]> = order
                .iter()
                .copied()
                .filter(|orbit| orbit.iter().all(|&c| values[c as usize] == 0))
                .filter(|orbit| !orbit.iter().any(|&c| held.contains(&(c as usize))))
                .collect();
            // Drawn among those open where the path last stalled after a
            // hardest target, when it did.
            let open = stall.borrow_mut().take().unwrap_or_default();
            let near: Vec<&[u16]> = empty
                .iter()
                .copied()
                .filter(|orbit| orbit.iter().any(|&c| open.contains(&(c as usize))))
                .collect();
            let pool = if near.is_empty() { &empty } else { &near };
            let mut start = values.clone();
            for orbit in pool.choose_multiple(rng, REOPEN_CLUES) {
                for &c in orbit.iter() {
                    start[c as usize] = solution.values()[c as usize];
                }
            }
            values =
                passes::carve_from(solution, start, [None], order, &[], rng, deadline, &mut judge)?;
        }
        Ok(forced.into_inner().map(|path| Forced { values, path }))
    }

    /// A removal of `values` (its cells `removed`) whose path reached the
    /// hardest target and then stalled with the cells `open` still empty,
    /// repaired: one orbit at a time with a cell among `open` gets its clues
    /// back (the others tried taken out again), up to [`REPAIR_TRIES`]
    /// times, until the path meets the target.
    /// `None` when no try met it.
    fn repair(
        &mut self,
        plan: &Plan,
        values: &[u8],
        removed: &[usize],
        solution: &Grid,
        open: &[usize],
        repair: &mut Repair<'_>,
    ) -> Result<Option<Mended>, Passed> {
        let mut pool: Vec<usize> = open
            .iter()
            .copied()
            .filter(|c| !removed.contains(c) && !repair.shield.contains(c))
            .collect();
        let mut trial = values.to_vec();
        for _ in 0..REPAIR_TRIES {
            if pool.is_empty() {
                break;
            }
            let c = pool.swap_remove(repair.rng.random_range(0..pool.len()));
            let cells: Vec<usize> = repair.orbit_of[c]
                .iter()
                .map(|&x| x as usize)
                .filter(|&x| trial[x] == 0 && !removed.contains(&x))
                .collect();
            if cells.is_empty() {
                continue;
            }
            for &x in &cells {
                trial[x] = solution.values()[x];
            }
            // More clues of the same solution: still unique.
            let puzzle = Grid::from_values_with(solution.rules().clone(), trial.clone())
                .expect("a subset of the solution");
            match self.judge_target(plan, &puzzle, &[], solution, None)? {
                Target::Met(path) => {
                    // Every clue the tries kept, with this one.
                    let given = (0..trial.len()).filter(|&x| trial[x] != 0 && values[x] == 0);
                    return Ok(Some(Mended { given: given.collect(), path }));
                }
                // Chained: the clue stays, and the next is drawn among the
                // cells still open where the new path stalls.
                Target::Past(again) if repair.chained => pool.retain(|c| again.contains(c)),
                _ => cells.iter().for_each(|&x| trial[x] = 0),
            }
        }
        Ok(None)
    }

    /// What the target rung says of `puzzle` (proved unique; its last
    /// removal was `removed`; its solution is `solution`; `stalled` the
    /// fixpoint of the `pre` closure when it was asked already and did not
    /// solve the puzzle).
    fn judge_target(
        &mut self,
        plan: &Plan,
        puzzle: &Grid,
        removed: &[usize],
        solution: &Grid,
        stalled: Option<State>,
    ) -> Result<Target, Passed> {
        // Solved by the strongest closure below the floor: within the
        // ceiling, and no targeted technique on the path. Otherwise its
        // fixpoint is where the path first needs a step above the tier.
        let fixpoint = match (stalled, plan.pre) {
            (Some(st), _) => Some(st),
            (None, Some(tier)) => {
                match stall_of(solution.rules(), puzzle.values(), tier, removed) {
                    None => return Ok(Target::Kept),
                    stall => stall,
                }
            }
            (None, None) => None,
        };
        if plan.by_prefix() {
            // The steps before the fixpoint are rated at most the tier's
            // ceiling, below every targeted technique: the rater goes on
            // from there and stops at the first step by which the path
            // uses every need (the steps after it cannot change the
            // verdict). Under dynamic forcing chains a fixpoint with fewer
            // than `DFC_ROOM` candidates is taken as below the target.
            let st = fixpoint.unwrap_or_else(|| State::from_grid(puzzle));
            if plan.needs.contains(&Technique::DynamicForcingChain) && candidates(&st) < DFC_ROOM {
                return Ok(Target::Kept);
            }
            let prefix = self.rater.prefix_known_until(st, solution, plan.ceiling, &plan.needs);
            return match prefix {
                Ok((steps, _))
                    if plan.needs.iter().all(|&t| steps.iter().any(|s| s.technique == t)) =>
                {
                    Ok(Target::Met(None))
                }
                Ok((_, true)) => Ok(Target::Kept),
                Err(_) if self.deadline.passed() => Err(Passed),
                _ => Ok(Target::Refused),
            };
        }
        // From the fixpoint too: the steps before it are rated below every
        // targeted technique, so the path's hardest step, its ER and its
        // needs lie in the steps after it (the rest of the path). The
        // whole path is rated once the target is met.
        let from_fixpoint = fixpoint.is_some();
        let start = fixpoint.unwrap_or_else(|| State::from_grid(puzzle));
        let mut open: Vec<bool> = start.values().iter().map(|&v| v == 0).collect();
        let prefix = match plan.pre {
            // The steps above the tier alone, its closure between them:
            // the path's hardest step, its ER and its end are the same.
            Some(tier) if from_fixpoint && plan.closes_between(solution.shape()) => self
                .rater
                .prefix_past_tier(start, solution, plan.ceiling, tier)
                .map(|(steps, done, end)| {
                    open = end.values().iter().map(|&v| v == 0).collect();
                    (steps, done)
                }),
            _ => self.rater.prefix_known_from(start, solution, plan.ceiling),
        };
        let path = match prefix {
            Ok((steps, true)) => Some(Path { steps, solution: solution.clone() }),
            Ok((steps, false)) => {
                if let Some(h) = plan.hardest
                    && steps.iter().any(|s| s.technique == h)
                {
                    for s in &steps {
                        for &(c, _) in &s.placements {
                            open[c.index()] = false;
                        }
                    }
                    if plan.chains(solution.shape()) {
                        // Clear of the target's pattern: its cells, the
                        // cells it eliminates from, and their peers.
                        let layout = solution.rules().layout();
                        let pattern: Vec<usize> = steps
                            .iter()
                            .filter(|s| s.technique == h)
                            .flat_map(|s| {
                                s.cells.iter().chain(s.eliminations.iter().map(|(c, _)| c))
                            })
                            .map(|c| c.index())
                            .collect();
                        for (c, open) in open.iter_mut().enumerate() {
                            if pattern.iter().any(|&p| p == c || layout.sees(p, c)) {
                                *open = false;
                            }
                        }
                    }
                    let open = (0..open.len()).filter(|&c| open[c]).collect();
                    return Ok(Target::Past(open));
                }
                None
            }
            Err(_) if self.deadline.passed() => return Err(Passed),
            Err(_) => None,
        };
        match path {
            Some(path) if plan.met(&path) => Ok(Target::Met((!from_fixpoint).then_some(path))),
            Some(path) if plan.lost(&path) => Ok(Target::Refused),
            Some(_) => Ok(Target::Kept),
            None => Ok(Target::Refused),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Technique::*;

    fn rules(n: usize) -> Rules {
        Rules::classic(Shape::from_size(n).unwrap())
    }

    #[test]
    fn each_size_refuses_the_techniques_no_path_there_can_use() {
        for t in Technique::ALL {
            let on_9 = technique_occurs(t, &rules(9));
            let off_path = matches!(
                t,
                FinnedXWing
                    | FinnedSwordfish
                    | FinnedJellyfish
                    | SashimiXWing
                    | SashimiSwordfish
                    | SashimiJellyfish
                    | TrialAndError
                    | DirectClaiming
                    | EvenOddMark
                    | ThermometerBounds
                    | KropkiDot
                    | NonConsecutive
                    | CageCombination
                    | CageIntersection
                    | InniesOuties
                    | NestedDynamicForcingChainPlus
            );
            assert_eq!(on_9.is_err(), off_path, "{t} on 9x9: {on_9:?}");
        }
        assert!(technique_occurs(HiddenSingleLine, &rules(4)).is_ok());
        // Direct claiming: boxes of 3 rows and columns at most, classic
        // rules only (a diagonal can claim under X rules).
        let why = technique_occurs(DirectClaiming, &rules(6)).unwrap_err();
        assert!(why.contains("hidden single in a box or a direct pointing"), "{why}");
        assert!(technique_occurs(DirectClaiming, &rules(8)).is_ok());
        assert!(technique_occurs(DirectClaiming, &rules(16)).is_ok());
        assert!(technique_occurs(DirectClaiming, &"9+x".parse().unwrap()).is_ok());
        let why = technique_occurs(Jellyfish, &rules(4)).unwrap_err();
        assert!(why.contains("hidden singles solve every 4x4 puzzle"), "{why}");
        // 6x6: size-3 naked and fish patterns can occur, the hidden triple
        // and every size-4 pattern cannot.
        for (t, ok) in [(NakedTriple, true), (Swordfish, true), (HiddenTriple, false)] {
            assert_eq!(technique_occurs(t, &rules(6)).is_ok(), ok, "{t} on 6x6");
        }
        for t in [NakedQuad, Jellyfish, HiddenQuad] {
            let why = technique_occurs(t, &rules(6)).unwrap_err();
            assert!(why.contains("6x6") && why.contains("found first"), "{why}");
        }
        assert!(
            technique_occurs(Jellyfish, &rules(8)).is_ok()
                && technique_occurs(HiddenQuad, &rules(8)).is_err()
        );
        assert!(
            technique_occurs(XYWing, &rules(16)).is_ok()
                && technique_occurs(ForcingChain, &rules(16)).is_ok()
        );
        let why = technique_occurs(XYWing, &rules(25)).unwrap_err();
        assert!(why.contains("larger than 16x16"), "{why}");
        assert!(technique_occurs(Jellyfish, &rules(25)).is_ok());
        let why = technique_occurs(NestedForcingChain, &rules(16)).unwrap_err();
        assert!(why.contains("classic 9x9 boards only"), "{why}");
        assert!(technique_occurs(NestedForcingChain, &"9+x".parse().unwrap()).is_err());
    }

    #[test]
    fn plans_climb_the_closures_below_the_floor_and_stop_at_the_ceiling() {
        let plan = |o: Options| Plan::of(&o).unwrap().unwrap();
        let nine = || Options::new(Shape::CLASSIC);
        let p = plan(nine().needs(&[XWing]));
        assert_eq!(
            (p.rungs.as_slice(), p.pre, p.ceiling),
            ([Tier::Singles].as_slice(), Some(Tier::Basic), Er(32))
        );
        let p = plan(nine().needs(&[XWing, XYWing]));
        assert_eq!(p.ceiling, Er(42));
        let p = plan(nine().hardest(ForcingChain));
        assert_eq!((p.rungs.len(), p.pre, p.ceiling), (2, Some(Tier::Hard), Er(74)));
        let p = plan(nine().needs(&[XWing]).rating(Some("2.9-4.4".parse().unwrap())));
        assert_eq!(p.ceiling, Er(44));
        // Closures serve rules of houses alone, not those with other
        // constraints.
        let p = plan(Options::new("9+x".parse::<Rules>().unwrap()).hardest(XYWing));
        assert_eq!((p.rungs.as_slice(), p.pre), ([Tier::Singles].as_slice(), Some(Tier::Basic)));
        let p = plan(Options::new("9+anti-knight".parse::<Rules>().unwrap()).hardest(XYWing));
        assert!(p.rungs.is_empty() && p.pre.is_none());
        assert_eq!(Plan::of(&nine()), Ok(None));
    }

    #[test]
    fn missed_carves_are_reopened_for_the_measured_targets_on_9x9_alone() {
        let reopens = |o: Options| {
            let shape = o.rules.shape();
            Plan::of(&o).unwrap().unwrap().reopens(shape)
        };
        let nine = || Options::new(Shape::CLASSIC);
        for t in [AlignedPairExclusion, Bug, Nishio, DynamicForcingChain] {
            assert!(reopens(nine().needs(&[t])), "needs {t}");
            assert!(reopens(nine().needs(&[XWing, t])), "needs X-Wing and {t}");
        }
        for t in REOPENED_HARDEST {
            assert!(reopens(nine().hardest(t)), "hardest {t}");
        }
        // Measured without a gain, or not measured.
        for t in [AlignedTripletExclusion, HiddenQuad, BidirectionalXCycle, XWing, XYWing] {
            assert!(!reopens(nine().needs(&[t])), "needs {t}");
        }
        for t in [AlignedTripletExclusion, BidirectionalXCycle, Swordfish, XYWing] {
            assert!(!reopens(nine().hardest(t)), "hardest {t}");
        }
        let sixteen = Options::new(Shape::new(4, 4).unwrap());
        assert!(!reopens(sixteen.hardest(XWing)), "16x16");
    }

    #[test]
    fn the_closure_runs_between_the_raters_steps_for_the_measured_hardest_targets_on_9x9() {
        let closes = |o: Options| {
            let shape = o.rules.shape();
            Plan::of(&o).unwrap().unwrap().closes_between(shape)
        };
        let nine = || Options::new(Shape::CLASSIC);
        for t in [AlignedPairExclusion, BidirectionalXCycle, HiddenQuad] {
            assert!(closes(nine().hardest(t)), "hardest {t}");
            // A need may be a step of the tier, which that path omits.
            assert!(!closes(nine().hardest(t).needs(&[XWing])), "hardest {t} with needs");
            assert!(!closes(Options::new(Shape::new(4, 4).unwrap()).hardest(t)), "16x16 {t}");
        }
        for t in [HiddenTriple, NakedQuad, XYWing] {
            assert!(!closes(nine().hardest(t)), "hardest {t}");
        }
    }

    #[test]
    fn stalled_removals_are_repaired_for_the_measured_hardest_quads_on_9x9_alone() {
        let repairs = |o: Options| {
            let shape = o.rules.shape();
            Plan::of(&o).unwrap().unwrap().repairs(shape)
        };
        let nine = || Options::new(Shape::CLASSIC);
        for t in REPAIRED_HARDEST {
            assert!(repairs(nine().hardest(t)), "hardest {t}");
            assert!(!repairs(nine().needs(&[t])), "needs {t}");
        }
        // Measured without a gain, or not measured.
        for t in [BidirectionalXCycle, XWing, Swordfish] {
            assert!(!repairs(nine().hardest(t)), "hardest {t}");
        }
        let sixteen = || Options::new(Shape::new(4, 4).unwrap());
        assert!(!repairs(sixteen().hardest(NakedQuad)), "16x16");
        // The planted swordfish on 16x16, as the hardest step alone.
        assert!(repairs(sixteen().hardest(Swordfish)), "16x16 swordfish");
        assert!(!repairs(sixteen().needs(&[Swordfish])), "16x16 needs swordfish");
        let twelve = Options::new(Shape::new(3, 4).unwrap());
        assert!(!repairs(twelve.hardest(Swordfish)), "12x12 swordfish");
        // Chained and clear of the pattern: aligned pair exclusion alone.
        let chains = |o: Options| {
            let shape = o.rules.shape();
            Plan::of(&o).unwrap().unwrap().chains(shape)
        };
        assert!(chains(nine().hardest(AlignedPairExclusion)));
        assert!(!chains(nine().needs(&[AlignedPairExclusion])));
        for t in [NakedQuad, HiddenQuad] {
            assert!(!chains(nine().hardest(t)), "hardest {t}");
        }
        let sixteen = Options::new(Shape::new(4, 4).unwrap());
        assert!(!chains(sixteen.hardest(AlignedPairExclusion)), "16x16");
    }

    /// For aligned pair exclusion as the hardest step, the cells open where
    /// a path stalled after it leave out the exclusion's cells, the cells it
    /// eliminates from and their peers: checked against a fresh rater's
    /// whole path of puzzles that need the exclusion.
    #[test]
    fn a_stall_after_an_exclusion_names_open_cells_clear_of_its_pattern() {
        let t = AlignedPairExclusion;
        let plan = Plan::of(&Options::new(Shape::CLASSIC).hardest(t)).unwrap().unwrap();
        let deadline = crate::deadline::Deadline::never();
        let mut work = Work::new(&deadline, Budget::default().with_guesses(false));
        let generator =
            crate::generate::Generator::new(Options::new(Shape::CLASSIC).needs(&[t]), 3).unwrap();
        let mut past = 0;
        for index in 0..16 {
            let g = generator.puzzle(index).unwrap();
            let layout = g.puzzle.rules().layout();
            let path = crate::logic::LogicSolver::new().solve(&g.puzzle).unwrap();
            let Some(k) = path.steps.iter().position(|s| s.difficulty > plan.ceiling) else {
                continue;
            };
            let before = &path.steps[..k];
            let Target::Past(open) =
                work.judge_target(&plan, &g.puzzle, &[], &g.solution, None).unwrap()
            else {
                assert!(!before.iter().any(|s| s.technique == t), "reached, not named past");
                continue;
            };
            let placed: Vec<usize> =
                before.iter().flat_map(|s| &s.placements).map(|(c, _)| c.index()).collect();
            let pattern: Vec<usize> = before
                .iter()
                .filter(|s| s.technique == t)
                .flat_map(|s| s.cells.iter().chain(s.eliminations.iter().map(|(c, _)| c)))
                .map(|c| c.index())
                .collect();
            assert!(!pattern.is_empty());
            let want: Vec<usize> = (0..81)
                .filter(|&c| g.puzzle.values()[c] == 0 && !placed.contains(&c))
                .filter(|&c| !pattern.iter().any(|&p| p == c || layout.sees(p, c)))
                .collect();
            assert_eq!(open, want, "{:?}", g.puzzle.values());
            past += 1;
        }
        assert!(past >= 1, "no path past the exclusion in 16 puzzles");
    }

    #[test]
    fn the_measured_hardest_targets_skip_the_closure_rungs_on_9x9_alone() {
        let rungs = |o: Options| {
            let shape = o.rules.shape();
            Plan::of(&o).unwrap().unwrap().rungs(shape).len()
        };
        let nine = || Options::new(Shape::CLASSIC);
        for t in UNLADDERED_HARDEST {
            assert_eq!(rungs(nine().hardest(t)), 0, "hardest {t}");
            assert!(rungs(nine().needs(&[t])) > 0, "needs {t}");
        }
        // Measured without a gain, or not measured.
        for t in [HiddenTriple, AlignedPairExclusion, NakedQuad, XWing, Swordfish] {
            assert!(rungs(nine().hardest(t)) > 0, "hardest {t}");
        }
        let sixteen = Options::new(Shape::new(4, 4).unwrap());
        assert!(rungs(sixteen.hardest(HiddenQuad)) > 0, "16x16");
    }

    /// A 16x16 puzzle that needs an XY-wing, from `generate --size 16
    /// --hardest xy-wing --seed 1`: unique, and past the basic closure.
    const XY_WING_16: &str = ".F...9...6...E..1......F...C...3.C7....5D.81.....82.D.CE......5..9.A..4.E35....C.4.8...7F.D...6BD.C2A....9.8E...7.1...FB.......4........1G9....7.....2D..4.....G.....3.G6B..D9A8B.847..C.....5.6..9DG.2..7.4..CA.1.......83G....4....7.8.D6B..3F...6..1...2...7.";

    /// The uniqueness search from a stalled closure's fixpoint answers as
    /// an unbounded count from the clues alone: checked on the puzzle and
    /// on each puzzle with one of its first clues taken out.
    #[test]
    fn a_search_from_the_fixpoint_answers_as_one_from_the_clues() {
        let rules = rules(16);
        let digit = |ch: char| ch.to_digit(17).map_or(0, |d| d as u8);
        let values: Vec<u8> = XY_WING_16.chars().map(digit).collect();
        let deadline = crate::deadline::Deadline::never();
        let mut work = Work::new(&deadline, Budget::default());
        let givens: Vec<usize> = (0..values.len()).filter(|&c| values[c] != 0).take(8).collect();
        let (mut unique, mut several) = (0, 0);
        for removed in [None].into_iter().chain(givens.into_iter().map(Some)) {
            let mut trial = values.clone();
            removed.iter().for_each(|&c| trial[c] = 0);
            let removed: Vec<usize> = removed.into_iter().collect();
            let puzzle = Grid::from_values_with(rules.clone(), trial.clone()).unwrap();
            let count = crate::solve::Solver::new().count(&puzzle, 2).solutions();
            let st = stall_of(&rules, &trial, Tier::Basic, &removed).expect("past the closure");
            let verdict = work.refusal_unless_unique_from(&st.to_candidates(), None).unwrap();
            match count {
                1 => unique += 1,
                _ => several += 1,
            }
            let want = if count == 1 { None } else { Some(Verdict::NotUnique) };
            assert_eq!(verdict, want, "{count} solutions without {removed:?}");
        }
        assert!(unique >= 1 && several >= 1, "{unique} unique, {several} with more solutions");
    }

    /// A removal whose path reaches a hardest target and then needs a step
    /// above the ceiling is refused with the cells open where the path
    /// stalled: those a fresh rater's whole path has not placed before its
    /// first step above the ceiling.
    #[test]
    fn a_path_past_a_hardest_target_names_the_cells_open_where_it_stalled() {
        let plan = Plan::of(&Options::new(Shape::CLASSIC).hardest(XWing)).unwrap().unwrap();
        let deadline = crate::deadline::Deadline::never();
        let mut work = Work::new(&deadline, Budget::default().with_guesses(false));
        let needs = Options::new(Shape::CLASSIC).needs(&[XWing]);
        let generator = crate::generate::Generator::new(needs, 5).unwrap();
        let (mut past, mut not_reached) = (0, 0);
        for index in 0..12 {
            let g = generator.puzzle(index).unwrap();
            let path = crate::logic::LogicSolver::new().solve(&g.puzzle).unwrap();
            let Some(k) = path.steps.iter().position(|s| s.difficulty > plan.ceiling) else {
                continue;
            };
            let before = &path.steps[..k];
            let reached = before.iter().any(|s| s.technique == XWing);
            match work.judge_target(&plan, &g.puzzle, &[], &g.solution, None).unwrap() {
                Target::Past(open) => {
                    assert!(reached, "no X-wing before step {k}");
                    let placed: Vec<usize> =
                        before.iter().flat_map(|s| &s.placements).map(|(c, _)| c.index()).collect();
                    let want: Vec<usize> = (0..81)
                        .filter(|&c| g.puzzle.values()[c] == 0 && !placed.contains(&c))
                        .collect();
                    assert_eq!(open, want, "{:?}", g.puzzle.values());
                    past += 1;
                }
                Target::Refused => {
                    assert!(!reached, "an X-wing before step {k}, not named past");
                    not_reached += 1;
                }
                _ => panic!("a path above the ceiling kept: {:?}", g.puzzle.values()),
            }
        }
        assert!(past >= 2, "{past} paths past the target, {not_reached} not reaching it");
    }

    #[test]
    fn conflicting_requests_are_refused_with_the_reason() {
        let refused = |o: Options| match Plan::of(&o) {
            Err(GenerateError::Impossible { reason }) => reason,
            other => panic!("not refused: {other:?}"),
        };
        let nine = || Options::new(Shape::CLASSIC);
        let why = refused(nine().hardest(XWing).needs(&[Swordfish]));
        assert!(why.contains("Swordfish (rated 3.8) is harder than X-Wing"), "{why}");
        let why = refused(nine().hardest(XYWing).rating(Some("7.0-20.0".parse().unwrap())));
        assert!(why.contains("rates the puzzle 4.2, outside the range 7.0-20.0"), "{why}");
        let why = refused(nine().needs(&[Jellyfish]).rating(Some("2.9-4.4".parse().unwrap())));
        assert!(why.contains("uses Jellyfish has a step rated 5.2 or more"), "{why}");
        let why = refused(nine().needs(&[XWing]).clues(super::super::ClueRange::new(25, 30)));
        assert!(why.contains("cannot also have 25-30 clues"), "{why}");
        let why = refused(nine().needs(&[XWing]).minimal(true));
        assert!(why.contains("not to minimal"), "{why}");
        let why = refused(nine().hardest(SashimiXWing));
        assert!(why.contains("not on the rating path"), "{why}");
    }

    #[test]
    fn wanted_names_the_target_in_words() {
        assert_eq!(describe(&[XWing], None, None), "a puzzle that needs X-Wing");
        assert_eq!(
            describe(&[XWing, Swordfish, XYWing], None, Some("2.9-4.4".parse().unwrap())),
            "a puzzle that needs X-Wing, Swordfish and XY-Wing rated 2.9-4.4"
        );
        assert_eq!(
            describe(&[XWing], Some(XYWing), None),
            "a puzzle whose hardest step is XY-Wing and that needs X-Wing"
        );
    }
}
