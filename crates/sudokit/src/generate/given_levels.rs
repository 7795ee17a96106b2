/*!
Levels for puzzles with drawn constraints (cages, thermometers, kropki dots,
even/odd marks), reached by adding givens.

The carvers aimed at a rating judge removals under the board's houses, not
under the drawn constraints, so these puzzles are levelled the other way
round: the puzzle is made as without a target (cages alone, or cages,
thermometers, dots or marks with their carved givens), rated with the
target's top as the ceiling, and while the rater is stuck under that
ceiling a given from the solution is added and the puzzle rated again:

- the given goes to a cell the path has not reached: one of the unsolved
  cells with the fewest candidates where the capped path stops (chosen by
  the item's random stream among them), so that one given answers the
  smallest question the path could not;
- a rating in the target range ends the item;
- a rating below the range (the last given helped too much) drops the
  puzzle, and the next full grid of the item's stream is made.

# Invariants
- Every puzzle rated has exactly one solution: the unlevelled puzzle has
  one (see `carve`, `draw`) and a given from that solution keeps it.
- The rating returned is the rater's own, under the drawn constraints,
  found with the target's top as its ceiling (the same as uncapped when it
  is within the range, see `LogicSolver::prefix_known_up_to`).
- Work is counted, not timed: each puzzle gains at most one given per
  empty cell (a full board rates 0.0), and the item rates at most
  `RATING_TRIES` puzzles in all; the clock only ends the item in an error.
  So an item is a function of its seed and index.
- A killer without givens asked for a level gains givens: the cages alone
  are rated first, and only kept given-free when they rate in the range.
- Several kinds drawn together can leave too little to find: on 9x9,
  killer cages with every kropki dot rate 1.6 (seeds 1-5) before any
  given is added, and on 6x6 thermometers with every dot mostly 1.5, so
  no level above them could be reached. When the puzzle as made rates
  below the range ([`Settled::TooEasy`]), the item draws its later grids
  thinner ([`Extras::thinned`](super::Extras::thinned): half the dots and
  no negative constraint, fewer thermometers and marks), which reach the
  levels to evil on 9x9 (`docs/levels.md`).
*/

use rand::Rng;
use rand::seq::IndexedRandom;

use crate::deadline::{Deadline, Passed};
use crate::digit::Digit;
use crate::logic::{LogicError, LogicSolver, Path, RatingRange, State};
use crate::shape::Cell;

use super::{Generated, RATING_TRIES};

/// How levelling one unlevelled puzzle ended.
pub(super) enum Settled {
    /// A puzzle rated in the range, with its rating.
    InRange(Generated),
    /// The puzzle fell below the range, or the item's bound on ratings was
    /// reached: make another (or give up when `rated` is at the bound).
    Missed,
    /// The puzzle as made, before any given was added, rated below the
    /// range: its drawn constraints alone leave too little to find.
    TooEasy,
}

/// Adds givens from `made.solution` to `made.puzzle` until it rates in
/// `range` ([`Settled::InRange`]) or below it ([`Settled::Missed`]);
/// `rated` counts the ratings of the item and stops at [`RATING_TRIES`].
/// `Err` when the deadline passes during a rating.
pub(super) fn settle(
    made: Generated,
    range: RatingRange,
    rater: &mut LogicSolver,
    rng: &mut impl Rng,
    rated: &mut u32,
    deadline: &Deadline,
) -> Result<Settled, Passed> {
    let Generated { mut puzzle, solution, index, .. } = made;
    let mut added = false;
    rater.set_deadline(deadline.clone());
    while *rated < RATING_TRIES {
        *rated += 1;
        let (steps, complete) = match rater.prefix_known_up_to(&puzzle, &solution, range.max()) {
            Ok(found) => found,
            Err(LogicError::OutOfBudget { .. }) if deadline.passed() => return Err(Passed),
            // No verdict from the rater: this puzzle cannot be levelled.
            Err(_) => return Ok(Settled::Missed),
        };
        if complete {
            let path = Path { steps, solution };
            let rating = path.rating();
            if !range.contains(rating.er) {
                return Ok(if !added && rating.er < range.min() {
                    Settled::TooEasy
                } else {
                    Settled::Missed
                });
            }
            let solution = path.solution;
            return Ok(Settled::InRange(Generated {
                puzzle,
                solution,
                index,
                rating: Some(rating),
            }));
        }
        // Stuck under the ceiling: give one of the open cells with the
        // fewest candidates where the path stops.
        let mut st = State::from_grid(&puzzle);
        for step in &steps {
            st.apply(step);
        }
        let open = (0..st.values().len()).filter(|&i| st.values()[i] == 0);
        let fewest = open.clone().map(|i| st.masks()[i].count_ones()).min();
        let Some(fewest) = fewest else {
            // Every cell placed yet the path incomplete: no verdict.
            return Ok(Settled::Missed);
        };
        let cells: Vec<usize> = open.filter(|&i| st.masks()[i].count_ones() == fewest).collect();
        let &i = cells.choose(rng).expect("an open cell has the fewest candidates");
        puzzle.set(Cell::from_index(i), Digit::new_checked(solution.values()[i]));
        added = true;
    }
    Ok(Settled::Missed)
}

#[cfg(test)]
mod tests {
    use crate::constraint::Constraint;
    use crate::generate::{Cages, Dots, Extras, GenerateError, Generator, Options};
    use crate::generate::{levels_offered_under, levels_offered_with};
    use crate::logic::{Level, LogicSolver};
    use crate::{Grid, Rules, Shape};

    /// The 9x9 variants levelled: a name, the rules, the drawn constraints.
    fn variants() -> Vec<(&'static str, Rules, Extras)> {
        let classic = Rules::classic(Shape::CLASSIC);
        vec![
            ("killer", classic.clone(), Extras::none().cages(Cages::NoGivens)),
            ("killer with givens", classic.clone(), Extras::none().cages(Cages::WithGivens)),
            ("thermo", classic.clone(), Extras::none().thermos()),
            ("kropki", classic.clone(), Extras::none().dots(Dots::All)),
            ("even-odd", classic.clone(), Extras::none().parity()),
            ("x,killer", classic.clone().with_diagonals(), Extras::none().cages(Cages::NoGivens)),
            (
                "killer,kropki",
                classic.clone(),
                Extras::none().cages(Cages::NoGivens).dots(Dots::All),
            ),
        ]
    }

    /// Item 0 of `seed` at `level` checked against facts the generator
    /// does not supply: the solution obeys every rule and drawn constraint
    /// and keeps every given, an exact count finds one solution, and a
    /// fresh rater rates the puzzle in the level. Returns the puzzle.
    fn made_at(name: &str, rules: &Rules, extras: Extras, level: Level, seed: u64) -> Grid {
        let options = Options::new(rules.clone()).extras(extras).rating(Some(level.into()));
        let generator = Generator::new(options, seed).unwrap();
        let made = generator.puzzle(0).unwrap_or_else(|e| panic!("{name} {level} {seed}: {e}"));
        let at = format!("{name} {level} seed {seed}");
        assert!(!made.puzzle.rules().constraints().is_empty(), "{at}: constraints drawn");
        assert!(made.solution.is_solution_of(&made.puzzle), "{at}");
        assert_eq!(made.puzzle.count_solutions_up_to(2), 1, "{at}");
        let fresh = LogicSolver::new().rate(&made.puzzle).unwrap();
        assert_eq!(fresh.level, level, "{at}: rated {}", fresh.er);
        assert_eq!(made.rating, Some(fresh), "{at}");
        made.puzzle
    }

    /// Easy, medium and hard puzzles of every drawn variant are unique and
    /// re-rate into their level (the levels quick in a debug build).
    #[test]
    fn drawn_puzzles_at_the_low_levels_are_unique_and_rate_in_their_level() {
        for (name, rules, extras) in variants() {
            for level in [Level::Easy, Level::Medium, Level::Hard] {
                made_at(name, &rules, extras, level, 1);
            }
        }
    }

    /// The same seed and index make the same puzzle; levelling adds givens
    /// to a killer without givens only when the cages alone miss the level.
    #[test]
    fn levelled_drawn_puzzles_are_a_function_of_the_seed() {
        let (name, rules, extras) = variants().swap_remove(2);
        let a = made_at(name, &rules, extras, Level::Medium, 3);
        let b = made_at(name, &rules, extras, Level::Medium, 3);
        assert_eq!(a, b);
        let (name, rules, killer) = variants().swap_remove(0);
        let easy = made_at(name, &rules, killer, Level::Easy, 2);
        // Cages alone need cage combinations (above easy): givens were added.
        assert!(easy.clue_count() > 0);
    }

    /// Killer cages with every kropki dot rate 1.6 before any given is
    /// added, and givens only make a puzzle easier: a hard puzzle is
    /// reached with half the dots (no negative constraint), while an easy
    /// one keeps them all. On 6x6, thermometers with every dot rate 1.5
    /// (easy) and the first medium puzzle thins them too; so do four kinds
    /// at hard on 9x9.
    #[test]
    fn constraints_drawn_together_are_thinned_for_a_level_they_miss() {
        let (name, rules, extras) = variants().pop().unwrap();
        let dots = |g: &Grid| {
            g.rules().constraints().iter().filter(|c| matches!(c, Constraint::Dot(_))).count()
        };
        let hard = made_at(name, &rules, extras, Level::Hard, 1);
        assert!(!hard.rules().has_all_dots() && dots(&hard) > 0, "{name} hard: half the dots");
        let easy = made_at(name, &rules, extras, Level::Easy, 1);
        assert!(easy.rules().has_all_dots(), "{name} easy: every dot");
        let small = Rules::classic(Shape::new(2, 3).unwrap());
        let thermo_kropki = Extras::none().thermos().dots(Dots::All);
        let medium = made_at("6x6 thermo,kropki", &small, thermo_kropki, Level::Medium, 1);
        assert!(!medium.rules().has_all_dots() && dots(&medium) > 0, "6x6 medium: half the dots");
        // Four kinds on 9x9: no hard puzzle among 10,000 candidates drawn
        // in full (6 to 9 thermometers wanted); thinned, at most 4.
        let all = Extras::none().cages(Cages::NoGivens).thermos().dots(Dots::All).parity();
        let four = made_at("killer,thermo,kropki,even-odd", &rules, all, Level::Hard, 1);
        let thermos =
            four.rules().constraints().iter().filter(|c| matches!(c, Constraint::Thermo(_)));
        assert!(thermos.count() <= 4 && !four.rules().has_all_dots(), "four kinds thinned");
    }

    /// Levels above those offered for drawn constraints are refused up
    /// front with the figures measured, and technique targets with why.
    #[test]
    fn drawn_levels_not_offered_are_refused_with_a_reason() {
        for (name, rules, extras) in variants() {
            let offered = levels_offered_under(&rules, extras);
            assert_eq!(offered, levels_offered_with(Shape::CLASSIC, extras), "{name}");
            assert!(offered.contains(&Level::Evil), "{name}");
            for level in Level::ALL.into_iter().filter(|l| !offered.contains(l)) {
                let options = Options::new(rules.clone()).extras(extras).rating(Some(level.into()));
                let Err(GenerateError::Impossible { reason }) = Generator::new(options, 1) else {
                    panic!("{name} {level} is refused");
                };
                assert!(reason.contains(level.name()) && reason.contains("5 s"), "{reason}");
            }
        }
        let killer = Extras::none().cages(Cages::NoGivens);
        let options =
            Options::new(Shape::CLASSIC).extras(killer).hardest(crate::logic::Technique::XWing);
        let Err(GenerateError::Impossible { reason }) = Generator::new(options, 1) else {
            panic!("a technique target with cages is refused");
        };
        assert!(reason.contains("technique targets") && reason.contains("level"), "{reason}");
    }

    /// Every offered 9x9 level of every drawn variant, seeds 1-3: unique and
    /// rated in the level by a fresh rater. Long in a debug build: run
    /// with `cargo test --release -- --ignored drawn_levels_sweep`.
    #[test]
    #[ignore]
    fn drawn_levels_sweep() {
        for (name, rules, extras) in variants() {
            for &level in levels_offered_under(&rules, extras) {
                for seed in 1..=3 {
                    made_at(name, &rules, extras, level, seed);
                }
            }
        }
    }
}
