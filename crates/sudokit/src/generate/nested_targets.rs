/*!
Technique targets of the nested chains (the techniques rated 9.0 and up:
dynamic forcing chains (+) and the four nested forcing chains), served from
the catalogue of the hardest known puzzles (`hardest`) instead of carved.

Carving random grids almost never reaches these techniques: none of the
750 random minimal puzzles of `se-rated-random.txt` is rated 9.0 or more by
Sudoku Explainer, and the carve of `targeted` forced none in 10,000 full
grids (see `docs/levels.md`). Every catalogue entry is listed with the
technique of its hardest step and the techniques rated 9.0 and up its path
uses, so an item draws, on purpose, an entry that has what is asked:

- *Needs* (no hardest step asked): an entry whose path uses every nested
  technique asked for (with no rating range, among the shallowest hardest
  steps that give [`CHEAP_POOL`] entries: they are the cheapest to rate), under a uniformly random equivalence transform,
  rated; kept when its own path meets the target (a transform moves the
  path where two steps tie; see `hardest`), drawn again otherwise.
- *Hardest* `T`: an entry whose path uses `T` and whose hardest step is
  `T` or harder, transformed and *softened*: its path is walked up to the
  target's ceiling (`T`'s base plus four tenths, or the range's top): the
  rater never tries a technique above it, and without a range it takes a
  step of one within it at any length (a chain's length adds to its base,
  and these puzzles' chains are long), so the walk is complete exactly
  when no harder technique is needed. Where it stalls, one cell still open
  there gets its clue from the solution back (a harder technique, or a
  step above the range, was needed there), and the walk starts again,
  until the path is complete (an entry whose hardest step is `T` is
  walked so and kept as it is). The puzzle is kept when its path meets
  the target; when the last clue took the path below `T`, up to
  [`SOFTEN_TRIES`] other cells of that stall are tried instead;
  otherwise the next entry is drawn. More clues of the same solution keep
  the puzzle unique.

Only plain requests are served so: classic 9x9 rules, no symmetry (the
catalogue's puzzles have none), no drawn constraints, no random regions
(`targeted` refuses clue targets and minimality for every technique
target).

# Invariants
- An item is a function of its random stream (the seed and index) alone;
  every bound is a count (draws, walks), and the deadline only ends it in
  an error.
- Every puzzle returned has exactly one solution (an exact count, made
  again before it is returned) and the rating of its own whole path, which
  meets the target (`Plan::met`).
*/

use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};

use super::hardest::{Entry, entries};
use super::targeted::Plan;
use super::{GenerateError, Generated, Job, Options, Symmetry};
use crate::grid::Grid;
use crate::logic::{Er, LogicError, LogicSolver, Path, RatingRange, Step, Technique};
use crate::shape::Shape;
use crate::transform::Transform;

/// The techniques served from the catalogue: those rated 9.0 and up.
pub(super) const NESTED: [Technique; 5] = [
    Technique::DynamicForcingChainPlus,
    Technique::NestedForcingChain,
    Technique::NestedMultipleForcingChain,
    Technique::NestedDynamicForcingChain,
    Technique::NestedDynamicForcingChainPlus,
];

/// How far from a rating range an entry's listed ER may be and still be
/// drawn as it is (in tenths): a transform moves a rating by a tenth or two.
const NEAR: u16 = 3;

/// For needs alone, the fewest entries drawn from: those whose hardest
/// step is the shallowest nesting level that gives this many (rating the
/// whole path of a deeper entry costs several times more CPU).
const CHEAP_POOL: usize = 20;

/// The most entries one item draws before it gives up with
/// [`GenerateError::CatalogueTargetNotReached`].
const DRAWS: u32 = 60;

/// The most clues a softening gives back, and the most other cells of the
/// last stall it tries when a clue took the path below the target.
const SOFTEN_CLUES: usize = 40;
const SOFTEN_TRIES: usize = 3;

/// The most walks a carve back makes (see [`carve_back`]).
const CARVE_WALKS: usize = 30;

/// Whether `opts`' technique target is served from the catalogue: a
/// technique rated 9.0 or more among the needs or the hardest step, on
/// classic 9x9 rules with no symmetry, drawn constraints or random regions.
pub(crate) fn applies(opts: &Options) -> bool {
    asks_nested(opts)
        && opts.symmetry == Symmetry::None
        && opts.extras.is_none()
        && !opts.random_regions
        && opts.rules.is_classic()
        && opts.rules.shape() == Shape::CLASSIC
}

/// Whether `opts` names a nested chain (9.0 and up) as a technique target.
pub(crate) fn asks_nested(opts: &Options) -> bool {
    opts.needs.iter().chain(&opts.hardest).any(|t| NESTED.contains(t))
}

/// Whether `entry` can serve `plan`: its path uses every nested technique
/// asked for, and for a hardest target `T` its hardest step is `T` or
/// harder (and then its path uses `T`).
fn serves(entry: &Entry, plan: &Plan) -> bool {
    let Some(hardest) = entry.hardest else { return false };
    let needs = plan.needs.iter().all(|t| !NESTED.contains(t) || entry.uses.contains(t));
    match plan.hardest {
        // Softened, its ER only falls.
        Some(h) => {
            needs
                && entry.uses.contains(&h)
                && hardest.base() >= h.base()
                && plan.range.is_none_or(|r| entry.er >= r.min())
        }
        None => {
            let near =
                |r: RatingRange| entry.er.0 + NEAR >= r.min().0 && entry.er.0 <= r.max().0 + NEAR;
            needs && plan.range.is_none_or(near)
        }
    }
}

/// What the catalogue lacks for `plan` when no entry serves it: the first
/// of a nested technique asked for that no path uses, those asked for
/// together, a hardest step as hard as the one asked for, and the rating
/// range that leaves no entry.
fn lacks(plan: &Plan) -> String {
    let mut asked: Vec<Technique> = Vec::new();
    for &t in plan.needs.iter().chain(&plan.hardest) {
        if NESTED.contains(&t) && !asked.contains(&t) {
            asked.push(t);
        }
    }
    let annotated = || entries().iter().filter(|e| e.hardest.is_some());
    if let Some(t) = asked.iter().find(|&t| !annotated().any(|e| e.uses.contains(t))) {
        return format!("no path of it uses {t}");
    }
    let names: Vec<&str> = asked.iter().map(|t| t.name()).collect();
    let names = match names.as_slice() {
        [most @ .., last] if !most.is_empty() => format!("{} and {last}", most.join(", ")),
        _ => names.concat(),
    };
    let using: Vec<&Entry> =
        annotated().filter(|e| asked.iter().all(|t| e.uses.contains(t))).collect();
    if using.is_empty() {
        return format!("no path of it uses {names} together");
    }
    let deep_enough: Vec<&Entry> = match plan.hardest {
        Some(h) => using
            .iter()
            .copied()
            .filter(|e| e.hardest.is_some_and(|t| t.base() >= h.base()))
            .collect(),
        None => using,
    };
    let Some(h) = plan.hardest.filter(|_| deep_enough.is_empty()) else {
        let lo = deep_enough.iter().map(|e| e.er).min();
        let hi = deep_enough.iter().map(|e| e.er).max();
        let (lo, hi) = (lo.unwrap_or(Er(0)), hi.unwrap_or(Er(0)));
        let range = plan.range.map_or(String::new(), |r| format!(" near {r}"));
        return format!("its paths that use {names} are rated {lo} to {hi}, none{range}");
    };
    format!("no path of it that uses {names} has a hardest step of {h} or harder")
}

/// Item `job.index` for `plan` (see the module docs).
pub(crate) fn puzzle(
    job: &Job,
    plan: &Plan,
    rng: &mut impl Rng,
) -> Result<Generated, GenerateError> {
    let mut pool: Vec<&Entry> = entries().iter().filter(|e| serves(e, plan)).collect();
    if plan.hardest.is_none() && plan.range.is_none() {
        // Needs alone: the entries cheapest to rate (the shallowest
        // hardest step) that are at least `CHEAP_POOL`.
        for t in NESTED {
            let cheap = |e: &&Entry| e.hardest.is_some_and(|h| h.base() <= t.base());
            let shallow: Vec<&Entry> = pool.iter().copied().filter(cheap).collect();
            if shallow.len() >= CHEAP_POOL {
                pool = shallow;
                break;
            }
        }
    }
    if pool.is_empty() {
        return Err(GenerateError::Impossible {
            reason: format!(
                "no annotated path of the catalogue of the hardest known puzzles can serve {}: \
                 {}; carving does not reach 9.0",
                plan.wanted(),
                lacks(plan)
            ),
        });
    }
    let deadline = &job.clock.deadline;
    let mut rater = LogicSolver::new();
    rater.set_deadline(deadline.clone());
    for draw in 0..DRAWS {
        let entry = pool.choose(rng).expect("the pool is not empty");
        let puzzle = Transform::random(Shape::CLASSIC, rng.random()).apply(&entry.puzzle);
        let mut solutions = puzzle.solutions_up_to(2);
        let solution = match (solutions.pop(), solutions.is_empty()) {
            (Some(solution), true) => solution,
            _ => unreachable!("catalogue entries have one solution (a test checks every one)"),
        };
        let made = match plan.hardest {
            Some(h) if entry.hardest != Some(h) => {
                soften(&mut rater, plan, h, &puzzle, &solution, rng)
            }
            Some(_) => walk(&mut rater, plan, &puzzle, &solution).map(|(steps, complete)| {
                let path = Path { steps, solution: solution.clone() };
                (complete && plan.met(&path)).then_some((puzzle, path))
            }),
            None => {
                let ceiling = plan.range.map_or(Er::MAX, |r| r.max());
                rater
                    .path_known_up_to(&puzzle, &solution, ceiling)
                    .map(|path| path.filter(|p| plan.met(p)).map(|p| (puzzle, p)))
            }
        };
        match made {
            Ok(Some((puzzle, path))) if puzzle.count_solutions_up_to(2) == 1 => {
                let rating = Some(path.rating());
                return Ok(Generated { puzzle, solution, index: job.index, rating });
            }
            _ if deadline.passed() => return Err(job.clock.out_of_time(job.opts, draw + 1, None)),
            _ => {}
        }
    }
    Err(GenerateError::CatalogueTargetNotReached {
        wanted: plan.wanted(),
        draws: DRAWS,
        elapsed: job.clock.started.elapsed(),
    })
}

/// The first steps of `puzzle`'s path for a hardest target, and whether
/// they solve it: up to the first that needs a technique above the
/// target's ceiling, or a step rated above the range asked for. A step of
/// a technique within the ceiling counts at any length without a range
/// (a chain's length adds to its base, past the four tenths of the
/// ceiling), so the walk completes exactly when the path's hardest
/// technique is within the ceiling.
fn walk(
    rater: &mut LogicSolver,
    plan: &Plan,
    puzzle: &Grid,
    solution: &Grid,
) -> Result<(Vec<Step>, bool), LogicError> {
    let cap = plan.range.map_or(Er::MAX, |r| r.max());
    rater.prefix_known_capped(puzzle, solution, plan.ceiling, cap)
}

/// `puzzle` (whose one solution is `solution`, its path using `h`)
/// softened until its path is complete within the target's ceiling, then,
/// when that took it below `h`, carved back: the puzzle and its path when
/// the path meets `plan` (see the module docs).
fn soften(
    rater: &mut LogicSolver,
    plan: &Plan,
    h: Technique,
    puzzle: &Grid,
    solution: &Grid,
    rng: &mut impl Rng,
) -> Result<Option<(Grid, Path)>, LogicError> {
    let rules = solution.rules().clone();
    let grid = |values: &[u8]| {
        Grid::from_values_with(rules.clone(), values.to_vec()).expect("a subset of the solution")
    };
    let mut values = puzzle.values().to_vec();
    // The values before the last clue given back, and the other cells
    // open where the path stalled then.
    let mut before = values.clone();
    let mut others: Vec<usize> = Vec::new();
    let mut tries = 0;
    for _ in 0..SOFTEN_CLUES {
        let (steps, complete) = walk(rater, plan, &grid(&values), solution)?;
        let open: Vec<usize> = if complete {
            let path = Path { steps, solution: solution.clone() };
            if plan.met(&path) {
                return Ok(Some((grid(&values), path)));
            }
            if path.rating().er >= h.base() {
                return Ok(None);
            }
            // Below the target: another cell of the last stall instead,
            // or the clues carved back.
            if others.is_empty() || tries == SOFTEN_TRIES {
                return carve_back(rater, plan, h, values, solution, rng);
            }
            tries += 1;
            values = before.clone();
            std::mem::take(&mut others)
        } else {
            let mut open: Vec<bool> = values.iter().map(|&v| v == 0).collect();
            for s in &steps {
                for &(c, _) in &s.placements {
                    open[c.index()] = false;
                }
            }
            before = values.clone();
            (0..open.len()).filter(|&c| open[c]).collect()
        };
        let mut open = open;
        if open.is_empty() {
            return Ok(None);
        }
        let c = open.swap_remove(rng.random_range(0..open.len()));
        values[c] = solution.values()[c];
        others = open;
    }
    Ok(None)
}

/// `values` (a unique puzzle whose path is complete within the ceiling
/// and below `h`) with clues removed in a random order, each kept removed
/// while the puzzle stays unique (the exact count) and its path complete
/// within the ceiling, up to [`CARVE_WALKS`] walks: the puzzle and its
/// path once the path meets `plan`. A rating only grows as clues go, so
/// this climbs back towards `h` from below.
fn carve_back(
    rater: &mut LogicSolver,
    plan: &Plan,
    h: Technique,
    mut values: Vec<u8>,
    solution: &Grid,
    rng: &mut impl Rng,
) -> Result<Option<(Grid, Path)>, LogicError> {
    let rules = solution.rules().clone();
    let mut clues: Vec<usize> = (0..values.len()).filter(|&c| values[c] != 0).collect();
    clues.shuffle(rng);
    let mut walks = 0;
    for c in clues {
        if walks == CARVE_WALKS {
            break;
        }
        values[c] = 0;
        let puzzle = Grid::from_values_with(rules.clone(), values.clone())
            .expect("a subset of the solution");
        if puzzle.count_solutions_up_to(2) != 1 {
            values[c] = solution.values()[c];
            continue;
        }
        walks += 1;
        let (steps, complete) = walk(rater, plan, &puzzle, solution)?;
        if !complete {
            values[c] = solution.values()[c];
            continue;
        }
        let path = Path { steps, solution: solution.clone() };
        if plan.met(&path) {
            return Ok(Some((puzzle, path)));
        }
        if path.rating().er >= h.base() {
            values[c] = solution.values()[c];
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Generator;

    fn options() -> Options {
        Options::new(Shape::CLASSIC)
    }

    #[test]
    fn only_plain_classic_targets_with_a_nested_chain_are_served() {
        let dfc_plus = options().needs(&[Technique::DynamicForcingChainPlus]);
        assert!(applies(&dfc_plus));
        assert!(applies(&options().hardest(Some(Technique::NestedForcingChain))));
        assert!(!applies(&options().needs(&[Technique::DynamicForcingChain])));
        assert!(!applies(&dfc_plus.clone().symmetry(Symmetry::Rot180)));
        assert!(dfc_plus.draws_from_catalogue());
    }

    #[test]
    fn every_nested_technique_but_the_fifth_level_has_catalogue_entries_using_it() {
        for t in NESTED {
            let n = entries().iter().filter(|e| e.uses.contains(&t)).count();
            match t {
                Technique::NestedDynamicForcingChainPlus => assert_eq!(n, 0),
                _ => assert!(n >= 10, "{t}: {n} entries"),
            }
        }
        let fifth = options().needs(&[Technique::NestedDynamicForcingChainPlus]);
        match Generator::new(fifth, 1) {
            Err(GenerateError::Impossible { reason }) => {
                assert!(reason.contains("nesting level 4 at most"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
        // The catalogue's puzzles have no symmetry.
        let symmetric =
            options().needs(&[Technique::NestedForcingChain]).symmetry(Symmetry::Rot180);
        match Generator::new(symmetric, 1) {
            Err(GenerateError::Impossible { reason }) => {
                assert!(reason.contains("no clue symmetry"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
        // A need harder than the hardest step asked for is refused too.
        let none = options()
            .needs(&[Technique::NestedDynamicForcingChain])
            .hardest(Technique::DynamicForcingChainPlus);
        match Generator::new(none, 1).map(|g| g.puzzle(0)) {
            Ok(Err(GenerateError::Impossible { reason }))
            | Err(GenerateError::Impossible { reason }) => {
                assert!(reason.contains("never") || reason.contains("harder"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_empty_pool_names_what_the_catalogue_lacks() {
        // Every path using the fourth level is rated 11.2 or more.
        let range = RatingRange::new(Er(105), Er(106)).unwrap();
        let low = options()
            .needs(&[Technique::NestedForcingChain, Technique::NestedDynamicForcingChain])
            .rating(Some(range));
        match Generator::new(low, 1).map(|g| g.puzzle(0)) {
            Ok(Err(GenerateError::Impossible { reason })) => {
                assert!(reason.contains("rated 11.2 to"), "{reason}");
                assert!(reason.contains("none near 10.5-10.6"), "{reason}");
                assert!(!reason.contains("never"), "{reason}");
            }
            other => panic!("{other:?}"),
        }
    }

    /// A catalogue entry whose hardest step is a dynamic forcing chain (+)
    /// rated past the ceiling's four tenths: the capped walk takes its
    /// long chains and follows the whole rater's path to the end, where
    /// the walk capped at the ceiling stops.
    #[test]
    #[ignore = "rates hardest puzzles (a second in release); CI runs it"]
    fn a_walk_capped_above_the_ceiling_follows_the_whole_path() {
        let h = Technique::DynamicForcingChainPlus;
        let ceiling = Er(h.base().0 + 4);
        let plus: Vec<&Entry> = entries().iter().filter(|e| e.hardest == Some(h)).collect();
        assert!(!plus.is_empty());
        for e in plus {
            let solution = e.puzzle.solutions_up_to(2).pop().unwrap();
            let whole = LogicSolver::new().solve(&e.puzzle).unwrap();
            assert!(whole.rating().er > ceiling, "{}", whole.rating().er);
            let mut rater = LogicSolver::new();
            let (steps, complete) =
                rater.prefix_known_capped(&e.puzzle, &solution, ceiling, Er::MAX).unwrap();
            assert!(complete);
            let key = |s: &Step| (s.technique, s.difficulty, s.placements.clone());
            let keys: Vec<_> = steps.iter().map(key).collect();
            assert_eq!(keys, whole.steps.iter().map(key).collect::<Vec<_>>());
            let (_, capped) = rater.prefix_known_up_to(&e.puzzle, &solution, ceiling).unwrap();
            assert!(!capped);
        }
    }

    /// The item's puzzle is unique by the exact search, its solution
    /// obeys the rules, and its path, rated afresh by the whole rater,
    /// meets the target and gives the rating returned.
    fn check(options: Options, seed: u64, want: impl Fn(&Path) -> bool) {
        let generator = Generator::new(options, seed).unwrap();
        let made = generator.puzzle(0).unwrap();
        assert_eq!(made.puzzle.count_solutions_up_to(2), 1);
        assert!(made.solution.is_solution_of(&made.puzzle));
        let path = LogicSolver::new().solve(&made.puzzle).unwrap();
        assert!(want(&path), "{}", crate::format::to_line(&made.puzzle));
        assert_eq!(made.rating, Some(path.rating()));
        assert_eq!(generator.puzzle(0).unwrap(), made, "a function of seed and index");
    }

    #[test]
    #[ignore = "rates nested-chain puzzles (seconds in release); CI runs it"]
    fn needs_targets_of_nested_chains_use_them() {
        for (seed, &t) in NESTED[..4].iter().enumerate() {
            check(options().needs(&[t]), seed as u64, |p| p.steps.iter().any(|s| s.technique == t));
        }
    }

    #[test]
    #[ignore = "rates nested-chain puzzles (seconds in release); CI runs it"]
    fn hardest_targets_of_nested_chains_end_with_them() {
        for (seed, &t) in NESTED[..4].iter().enumerate() {
            check(options().hardest(Some(t)), seed as u64, |p| p.rating().hardest == Some(t));
        }
    }
}
