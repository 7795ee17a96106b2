/*!
Puzzles rated 9.5 and more on classic 9x9, drawn from the hardest known
puzzles instead of carved.

Carving random minimal puzzles almost never reaches Sudoku Explainer's
nested levels: none of the 750 random minimal puzzles of
`se-rated-random.txt` is rated 9.0 or more by SE, and `--rating 9.5-10.5`
carved and rated 2,992 candidates in 60 s without one (see
`docs/levels.md`). The forum's hardest-puzzle lists are where such puzzles
are. The catalogue (`hardest.txt` beside this module) holds the puzzles of
`hardest-1106.txt` (the enjoysudoku forum's "hardest sudokus" database of
2011-06-26) that sudokit rates 9.5 or more, each with that ER, the
technique of its hardest step and the techniques rated 9.0 and up its path
uses (which `nested_targets` draws from for the nested chains' technique
targets).

An item draws an entry listed within [`NEAR`] of the range, applies a
uniformly random equivalence transform (digits relabelled, rows within
bands, bands, columns within stacks, stacks, transpose), counts the
result's solutions with the exact solver and rates it up to the range's
top. Ratings are not invariant under these transforms: where two steps of
equal difficulty compete, the first in cell and digit order is taken, and
that order moves (2 of 20 hardest puzzles moved by 0.1 under random
transforms). So every item carries the rating of the puzzle it returns,
and a transformed entry rated outside the range is drawn again.

# Invariants
- An item is a function of its random stream (the seed and index) alone;
  the deadline only ends it in an error.
- Every puzzle returned has exactly one solution (an exact count) and its
  own rating, in the range asked for.
- The catalogue's entries are unique, classic 9x9, and listed with the ER
  (and, where annotated, the hardest technique and nested techniques)
  sudokit's path gives them (the
  test `catalogue_entries_keep_their_listed_rating` rates a sample;
  `sudokit explain -f json` remakes the file, as its header says).
*/

use std::sync::OnceLock;

use rand::Rng;
use rand::seq::IndexedRandom;

use super::{GenerateError, Generated, Job, Options, Symmetry};
use crate::grid::Grid;
use crate::logic::{Er, LogicSolver, RatingRange, Technique};
use crate::shape::Shape;
use crate::transform::Transform;

/// The catalogue: `<puzzle in line format> <ER> [<hardest> <uses>]` per
/// line (the annotation: the hardest step's technique, and the techniques
/// rated 9.0 and up the path uses in order of rating, comma-separated,
/// as slugs; entries without it are not drawn for technique targets), `#`
/// comments.
const CATALOGUE: &str = include_str!("hardest.txt");

/// The lowest bound of a rating range served from the catalogue: below it,
/// carving reaches the range (extreme, 9.0-9.9, takes about a second).
pub(crate) const CATALOGUE_FLOOR: Er = Er(95);

/// How far from the range an entry's listed ER may be and still be drawn
/// (in tenths): a transform moves a rating by a tenth or two.
const NEAR: u16 = 3;

/// The most entries one item draws before it gives up.
const DRAWS: u32 = 100;

/// One catalogue entry.
pub(super) struct Entry {
    pub(super) puzzle: Grid,
    pub(super) er: Er,
    /// The technique of the path's hardest step (`None`: not annotated).
    pub(super) hardest: Option<Technique>,
    /// The techniques rated 9.0 and up the path uses, when annotated.
    pub(super) uses: Vec<Technique>,
}

/// The catalogue's entries, read once.
pub(super) fn entries() -> &'static [Entry] {
    static ENTRIES: OnceLock<Vec<Entry>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        CATALOGUE
            .lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .map(|line| {
                let fields: Vec<&str> = line.split_whitespace().collect();
                let (puzzle, er, path) = match fields[..] {
                    [puzzle, er] => (puzzle, er, None),
                    [puzzle, er, hardest, uses] => (puzzle, er, Some((hardest, uses))),
                    _ => panic!("an entry is a puzzle, its ER and maybe its path's techniques"),
                };
                let puzzle: Grid = puzzle.parse().expect("an entry's puzzle is a 9x9 line");
                let er: RatingRange = er.parse().expect("an entry's ER is a rating");
                let er = er.min();
                let technique = |t: &str| t.parse::<Technique>().expect("a technique's slug");
                let hardest = path.map(|(hardest, _)| technique(hardest));
                let uses =
                    path.map_or(Vec::new(), |(_, uses)| uses.split(',').map(technique).collect());
                Entry { puzzle, er, hardest, uses }
            })
            .collect()
    })
}

/// The rating range of `opts` when the catalogue serves them: a range
/// from [`CATALOGUE_FLOOR`] up, on classic 9x9 rules, with no other target
/// (clue count, minimality, symmetry, techniques, drawn constraints).
pub(crate) fn applies(opts: &Options) -> Option<RatingRange> {
    let range = opts.rating?;
    let plain = opts.clues.is_none()
        && !opts.minimal
        && opts.symmetry == Symmetry::None
        && opts.needs.is_empty()
        && opts.hardest.is_none()
        && opts.extras.is_none()
        && !opts.random_regions
        && opts.rules.is_classic()
        && opts.rules.shape() == Shape::CLASSIC;
    (plain && range.min() >= CATALOGUE_FLOOR).then_some(range)
}

/// Item `job.index`: a catalogue entry listed near `range`, transformed,
/// rated in `range`.
pub(crate) fn puzzle(
    job: &Job,
    range: RatingRange,
    rng: &mut impl Rng,
) -> Result<Generated, GenerateError> {
    let near: Vec<&Entry> = entries()
        .iter()
        .filter(|e| e.er.0 + NEAR >= range.min().0 && e.er.0 <= range.max().0.saturating_add(NEAR))
        .collect();
    if near.is_empty() {
        let (lo, hi) = span();
        return Err(GenerateError::Impossible {
            reason: format!(
                "no puzzle of the catalogue of the hardest known puzzles is rated near {range} \
                 (it holds ratings {lo} to {hi}), and carving does not reach 9.5"
            ),
        });
    }
    let deadline = &job.clock.deadline;
    let mut rater = LogicSolver::new();
    rater.set_deadline(deadline.clone());
    for draw in 0..DRAWS {
        let entry = near.choose(rng).expect("near is not empty");
        let puzzle = Transform::random(Shape::CLASSIC, rng.random()).apply(&entry.puzzle);
        let mut solutions = puzzle.solutions_up_to(2);
        let solution = match (solutions.pop(), solutions.is_empty()) {
            (Some(solution), true) => solution,
            _ => unreachable!("catalogue entries have one solution (a test checks every one)"),
        };
        match rater.rate_known_up_to(&puzzle, &solution, range.max()) {
            Ok(Some(rating)) if range.contains(rating.er) => {
                return Ok(Generated { puzzle, solution, index: job.index, rating: Some(rating) });
            }
            _ if deadline.passed() => return Err(job.clock.out_of_time(job.opts, draw, None)),
            _ => {}
        }
    }
    Err(GenerateError::RatingNotReached { target: range, tries: DRAWS })
}

/// The lowest and highest ER the catalogue lists.
fn span() -> (Er, Er) {
    let ers = entries().iter().map(|e| e.er);
    (ers.clone().min().unwrap_or(CATALOGUE_FLOOR), ers.max().unwrap_or(CATALOGUE_FLOOR))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Level;
    use crate::rules::Rules;

    #[test]
    fn catalogue_entries_are_unique_classic_puzzles_rated_from_the_floor() {
        let entries = entries();
        assert!(entries.len() >= 300, "{} entries", entries.len());
        for e in entries {
            assert_eq!(e.puzzle.shape(), Shape::CLASSIC);
            assert_eq!(
                e.puzzle.count_solutions_up_to(2),
                1,
                "{}",
                crate::format::to_line(&e.puzzle)
            );
            assert!(e.er >= CATALOGUE_FLOOR, "{}", e.er);
        }
        let lines: std::collections::HashSet<String> =
            entries.iter().map(|e| crate::format::to_line(&e.puzzle)).collect();
        assert_eq!(lines.len(), entries.len(), "no entry is listed twice");
    }

    #[test]
    #[ignore = "rates 25 hardest puzzles (half a minute in release); CI runs it"]
    fn catalogue_entries_keep_their_listed_rating() {
        // Every fifteenth entry, rated afresh by the whole rater: its ER,
        // hardest technique and the techniques from 9.0 up its path uses.
        for e in entries().iter().step_by(15).filter(|e| e.hardest.is_some()) {
            let path = LogicSolver::new().solve(&e.puzzle).unwrap();
            let rating = path.rating();
            let line = crate::format::to_line(&e.puzzle);
            assert_eq!(rating.er, e.er, "{line}");
            assert_eq!(rating.hardest, e.hardest, "{line}");
            let mut uses: Vec<Technique> = path
                .technique_counts()
                .into_iter()
                .map(|(t, _)| t)
                .filter(|t| t.base() >= Technique::DynamicForcingChainPlus.base() && !t.is_guess())
                .collect();
            uses.sort_by_key(|t| t.base());
            assert_eq!(uses, e.uses, "{line}");
        }
    }

    #[test]
    #[ignore = "rates eight hardest puzzles (seconds in release); CI runs it"]
    fn diabolical_items_are_unique_transformed_entries_rated_as_they_say() {
        use super::super::Generator;
        let diabolical = RatingRange::from(Level::Diabolical);
        let options = Options::new(Shape::CLASSIC).rating(Some(diabolical));
        let generator = Generator::new(options, 7).unwrap();
        let canon = |g: &Grid| crate::transform::canonical_form(g).unwrap();
        let listed: std::collections::HashSet<_> =
            entries().iter().map(|e| canon(&e.puzzle)).collect();
        let mut lines = std::collections::HashSet::new();
        for index in 0..4 {
            let made = generator.puzzle(index).unwrap();
            assert_eq!(made.puzzle.count_solutions_up_to(2), 1);
            assert!(made.solution.is_solution_of(&made.puzzle));
            let rating = crate::logic::rate(&made.puzzle).unwrap();
            assert_eq!(Some(rating), made.rating, "the item's rating is its own");
            assert!(diabolical.contains(rating.er), "{}", rating.er);
            assert!(listed.contains(&canon(&made.puzzle)), "an entry, transformed");
            assert!(lines.insert(crate::format::to_line(&made.puzzle)));
            assert_eq!(generator.puzzle(index).unwrap(), made, "a function of seed and index");
        }
    }

    #[test]
    fn only_plain_classic_requests_from_the_floor_are_served() {
        let diabolical = RatingRange::from(Level::Diabolical);
        let plain = Options::new(Shape::CLASSIC).rating(Some(diabolical));
        assert_eq!(applies(&plain), Some(diabolical));
        assert_eq!(
            applies(&Options::new(Shape::CLASSIC).rating(Some(Level::Extreme.into()))),
            None
        );
        assert_eq!(applies(&plain.clone().symmetry(Symmetry::Rot180)), None);
        assert_eq!(applies(&plain.clone().minimal(true)), None);
        let x: Rules = "9+x".parse().unwrap();
        assert_eq!(applies(&Options::new(x).rating(Some(diabolical))), None);
        assert_eq!(applies(&Options::new(Shape::CLASSIC)), None);
    }
}
