/*!
Rated generation: closures that rule candidates out without rating them,
and carving under the ceiling for easy.

A rating range's top and bottom often have an exact closure (ER at most
1.5, 2.8 or 4.4; see `logic::closure`): a candidate solved by the
techniques below the range is too easy, one not solved by the techniques
up to its top is too hard, each decided by one fixpoint instead of a
restart-after-every-step rating. Only the candidates left are rated, once,
by the full rater (without its uniqueness search: carving proved it), and
a puzzle is returned only when that ER lies in the range, so the rating
reported is always the rater's.

**Carving under the ceiling** (targets whose top is below 1.7, i.e. easy):
start from the full grid and, orbit by orbit in random order, remove clues
while the ceiling's techniques (singles) still solve the puzzle. Solving by
sound techniques also proves the puzzle unique, so no search is needed. ER
can only grow as clues are removed (fewer givens, a weaker closure), so a
removal refused once is refused for every smaller puzzle: one pass leaves a
puzzle from which no orbit can be removed without a harder technique. It is
minimal for the ceiling, not necessarily minimal; `Options::minimal` asks
for the minimal path instead. For higher ceilings the closure, with
intersections, subsets, fish and wings, costs more at every removal than
carving a minimal puzzle exactly and filtering it (about 1.6x for medium
and 2.6x for hard on 9x9; see `docs/generator-notes.md`), so those targets
carve minimal puzzles.
*/

use rand::Rng;
use rand::seq::SliceRandom;

use crate::deadline::{Deadline, Passed};
use crate::grid::Grid;
use crate::logic::closure::{Closure, Tier};
use crate::logic::{LogicSolver, Rating, RatingRange};
use crate::rules::Rules;

use super::unavoidable::Unavoidable;
use super::{Clock, GenerateError, Generated, Options, RATING_TRIES, fill};

/// The closures that serve a rating range.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tiers {
    /// The techniques rated at most the range's top, if they have a closure.
    pub(super) ceiling: Option<Tier>,
    /// The techniques rated below the range's bottom, if they have a closure.
    pub(super) floor: Option<Tier>,
}

impl Tiers {
    /// The closures of `range` under `rules` (none where the closures do
    /// not carve, see [`super::levelled::closures_carve`]; above 16x16 the
    /// hard tier has no wings, as the rater there): the strongest tier whose
    /// ceiling is below the range, and the weakest whose ceiling is at
    /// least its top.
    pub(super) fn of(range: RatingRange, rules: &Rules) -> Tiers {
        if !super::levelled::closures_carve(rules) {
            return Tiers { ceiling: None, floor: None };
        }
        Tiers {
            ceiling: Tier::ALL.into_iter().find(|t| t.ceiling() >= range.max()),
            floor: Tier::ALL.into_iter().rev().find(|t| t.ceiling() < range.min()),
        }
    }

    /// Whether the closures already tell that `puzzle` is outside the
    /// range (solved below the floor, or not solved within the ceiling).
    pub(super) fn rules_out(self, closure: &mut Closure, puzzle: &[u8]) -> bool {
        closure.start(puzzle);
        // The floor's tier is the weaker: the ceiling's closure goes on from
        // its fixpoint.
        self.floor.is_some_and(|t| closure.goes_on(t, &[]))
            || self.ceiling.is_some_and(|t| !closure.goes_on(t, &[]))
    }
}

/// Whether `opts` are served by carving under the ceiling.
pub(super) fn carves_under_ceiling(opts: &Options) -> Option<(RatingRange, Tier, Option<Tier>)> {
    let range = opts.rating?;
    if opts.clues.is_some() || opts.minimal {
        return None;
    }
    let tiers = Tiers::of(range, &opts.rules);
    if Tier::exactly(range.max()) != tiers.ceiling {
        return None;
    }
    // Cheaper only when the ceiling's closure is singles alone; with
    // intersections, subsets, fish and wings in the closure, checking every
    // removal costs more than carving a minimal puzzle exactly and filtering
    // it (see the module docs).
    match tiers.ceiling? {
        Tier::Singles => Some((range, Tier::Singles, tiers.floor)),
        _ => None,
    }
}

/// The puzzle of item `index` for a rating target carved under its ceiling
/// `ceiling`, kept when not solved by `floor`.
pub(super) fn puzzle(
    opts: &Options,
    (range, ceiling, floor): (RatingRange, Tier, Option<Tier>),
    rng: &mut impl Rng,
    index: u64,
    clock: &Clock,
) -> Result<Generated, GenerateError> {
    let deadline = &clock.deadline;
    let shape = opts.get_shape();
    let mut orbits = opts.symmetry.orbits(shape);
    let mut rater = LogicSolver::new();
    rater.set_deadline(deadline.clone());
    let mut tries = 0u32;
    let late = |tries| clock.out_of_time(opts, tries, None);
    loop {
        let solution = fill::grid_for_try(opts, rng, clock, tries)?;
        let (values, too_easy) = Closure::with(&opts.rules, |closure| {
            let values = carve(&solution, &mut orbits, closure, ceiling, rng, deadline)?;
            let too_easy = floor.is_some_and(|t| closure.solves(&values, t, &[]));
            Ok((values, too_easy))
        })
        .map_err(|Passed| late(tries))?;
        tries += 1;
        if !too_easy {
            let puzzle = Grid::from_values_with(opts.rules.clone(), values)
                .expect("a subset of the solution");
            match rate(&mut rater, &puzzle, &solution, range) {
                Some(rating) => {
                    return Ok(Generated { puzzle, solution, index, rating: Some(rating) });
                }
                // A rating cut short by the deadline is no verdict.
                None if deadline.passed() => return Err(late(tries)),
                None => {}
            }
        }
        if tries >= RATING_TRIES {
            return Err(GenerateError::RatingNotReached { target: range, tries });
        }
    }
}

/// The full rater's rating of `puzzle` (one solution, `solution`) when it
/// lies in `range`.
fn rate(
    rater: &mut LogicSolver,
    puzzle: &Grid,
    solution: &Grid,
    range: RatingRange,
) -> Option<Rating> {
    match rater.rate_known_up_to(puzzle, solution, range.max()) {
        Ok(Some(r)) if range.contains(r.er) => Some(r),
        _ => None,
    }
}

/// One pass over the orbits in random order, removing each while the
/// closure of `tier` still solves the puzzle; the puzzle's values.
fn carve(
    solution: &Grid,
    orbits: &mut [Vec<u16>],
    closure: &mut Closure,
    tier: Tier,
    rng: &mut impl Rng,
    deadline: &Deadline,
) -> Result<Vec<u8>, Passed> {
    let mut values = solution.values().to_vec();
    let mut unavoidable = Unavoidable::of(solution.rules(), &values);
    let mut removed = Vec::new();
    orbits.shuffle(rng);
    for orbit in orbits.iter() {
        if deadline.passed() {
            return Err(Passed);
        }
        removed.clear();
        removed.extend(orbit.iter().map(|&c| c as usize).filter(|&c| values[c] != 0));
        if removed.is_empty() {
            continue;
        }
        // A clue alone in an unavoidable set is needed for uniqueness, so
        // no closure can do without it.
        if unavoidable.forbids(&removed) {
            continue;
        }
        for &c in &removed {
            values[c] = 0;
        }
        if closure.solves(&values, tier, &removed) {
            removed.iter().for_each(|&c| unavoidable.blank(c));
        } else {
            for &c in &removed {
                values[c] = solution.values()[c];
            }
        }
    }
    Ok(values)
}
