/*!
The level scale per board size: which named [`Level`]s a size offers.

A level means the same techniques on every board (see [`Level`]): hard
16x16 needs what hard 9x9 needs. What a size offers follows from the
techniques that can arise there and that the rater has there:

| size | levels | why |
|---|---|---|
| 4x4 and smaller | easy | hidden singles solve every puzzle (none of 3,000 random minimal 4x4 puzzles needs more; a puzzle is never harder than a minimal one inside it) |
| 9x9 | easy, medium, hard, expert, evil, extreme, diabolical | the whole ladder, Sudoku Explainer's nested chains included |
| 5x5 to 16x16 but 9x9 | easy, medium, hard, expert, evil | the ladder up to multiple and dynamic chains; the nested chains of extreme and diabolical are 9x9 only |
| 17x17 and up | easy, medium, hard, expert | the rater has singles, intersections, subsets and fish up to quads there (see `logic`); above them only trial and error, which is no level |

`docs/levels.md` has the same table by size; a test checks it against
this function.

A rating target (a level or a range) that lies wholly above what a size
offers is refused up front with an error naming the levels it does offer.

Puzzles with drawn constraints (cages, thermometers, kropki dots, even/odd
marks: [`Extras`]) offer no level at all ([`levels_offered_with`]): the
carvers aimed at a rating judge removals under the board's houses and
cells that differ, not under the drawn constraints
([`DRAWN_NOT_LEVELLED`]). Such puzzles are rated after they are made.
*/

use crate::logic::{Er, Level, RatingRange};
use crate::shape::Shape;

use super::{Extras, GenerateError};

/// Why puzzles with drawn constraints are not generated to a level (or to
/// any rating or technique target).
pub const DRAWN_NOT_LEVELLED: &str = "rating and technique targets are carved for under houses \
     and cells that differ, not for drawn cages, thermometers, dots or even/odd marks";

/// The largest board offering only easy puzzles.
const EASY_ONLY_MAX_SIZE: usize = 4;

/// The largest board on which the rater has chains (the evil level).
const CHAINS_MAX_SIZE: usize = 16;

/// The one size with the nested chains (the extreme and diabolical levels).
const NESTED_SIZE: usize = 9;

/// The levels a board of `shape`'s size offers, easiest first.
pub fn levels_offered(shape: Shape) -> &'static [Level] {
    match shape.size() {
        n if n <= EASY_ONLY_MAX_SIZE => &Level::ALL[..1],
        NESTED_SIZE => &Level::ALL,
        n if n <= CHAINS_MAX_SIZE => &Level::ALL[..=Level::Evil as usize],
        _ => &Level::ALL[..=Level::Expert as usize],
    }
}

/// The levels puzzles of `shape` with the drawn constraints `extras` are
/// generated at: the size's ([`levels_offered`]) without drawn
/// constraints, none with them ([`DRAWN_NOT_LEVELLED`] says why).
pub fn levels_offered_with(shape: Shape, extras: Extras) -> &'static [Level] {
    if extras.is_none() { levels_offered(shape) } else { &[] }
}

/// Refuses a rating target no puzzle of `shape` can meet: one whose lowest
/// rating is above every level the size offers.
pub(super) fn check_offered(shape: Shape, range: RatingRange) -> Result<(), GenerateError> {
    let offered = levels_offered(shape);
    let top = offered.last().expect("every size offers easy");
    let highest = RatingRange::from(*top).max();
    if range.min() <= highest {
        return Ok(());
    }
    let n = shape.size();
    let names: Vec<&str> = offered.iter().map(|l| l.name()).collect();
    let wanted = match Level::ALL.into_iter().find(|&l| RatingRange::from(l) == range) {
        Some(level) => format!("{level} ({range})"),
        None => format!("rated {range}"),
    };
    let why = if n <= EASY_ONLY_MAX_SIZE {
        "hidden singles solve every puzzle of that size".to_string()
    } else if n <= CHAINS_MAX_SIZE {
        format!(
            "above {} a puzzle needs nested chains, which the rater has on 9x9 boards only",
            Er(highest.0)
        )
    } else {
        format!(
            "above {} the rater has no chains on boards larger than {CHAINS_MAX_SIZE}x{CHAINS_MAX_SIZE}, \
             only trial and error",
            Er(highest.0)
        )
    };
    Err(GenerateError::Impossible {
        reason: format!(
            "a {n}x{n} board offers the levels {} ({why}); no {n}x{n} puzzle is {wanted}",
            names.join(", ")
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(n: usize) -> Shape {
        Shape::from_size(n).unwrap()
    }

    /// Drawn constraints offer no level, and the generator refuses each
    /// level for them with the reason the levels answer gives.
    #[test]
    fn drawn_constraints_offer_no_level_and_the_generator_agrees() {
        use crate::Rules;
        use crate::generate::{Cages, Dots, Generator, Options};
        for n in [4, 9, 16] {
            assert_eq!(levels_offered_with(shape(n), Extras::none()), levels_offered(shape(n)));
        }
        let drawn = [
            Extras::none().cages(Cages::NoGivens),
            Extras::none().cages(Cages::WithGivens),
            Extras::none().thermos(),
            Extras::none().dots(Dots::All),
            Extras::none().parity(),
        ];
        for extras in drawn {
            assert!(levels_offered_with(shape(9), extras).is_empty(), "{extras:?}");
            let options = Options::new(Rules::classic(shape(9)))
                .extras(extras)
                .rating(Some(Level::Easy.into()));
            match Generator::new(options, 1) {
                Err(GenerateError::Impossible { reason }) => {
                    assert!(reason.starts_with(DRAWN_NOT_LEVELLED), "{reason}");
                }
                other => panic!("{extras:?} with a level: {other:?}"),
            }
        }
    }

    #[test]
    fn each_size_offers_its_levels_and_refuses_the_rest_by_name() {
        assert_eq!(levels_offered(shape(4)), [Level::Easy]);
        assert_eq!(levels_offered(shape(9)), Level::ALL);
        assert_eq!(levels_offered(shape(9)).last(), Some(&Level::Diabolical));
        assert_eq!(levels_offered(shape(16)).last(), Some(&Level::Evil));
        assert_eq!(levels_offered(shape(6)), &Level::ALL[..5]);
        assert_eq!(levels_offered(shape(25)), &Level::ALL[..4]);
        for n in [4, 6, 9, 12, 16, 25, 36] {
            for level in Level::ALL {
                let verdict = check_offered(shape(n), level.into());
                assert_eq!(
                    verdict.is_ok(),
                    levels_offered(shape(n)).contains(&level),
                    "{n} {level}"
                );
            }
        }
        let Err(GenerateError::Impossible { reason }) = check_offered(shape(4), Level::Hard.into())
        else {
            panic!("hard 4x4 is refused");
        };
        assert!(reason.contains("offers the levels easy (") && reason.contains("hard (2.9-4.4)"));
        let Err(GenerateError::Impossible { reason }) =
            check_offered(shape(25), Level::Evil.into())
        else {
            panic!("evil 25x25 is refused");
        };
        assert!(reason.contains("easy, medium, hard, expert"), "{reason}");
        let Err(GenerateError::Impossible { reason }) =
            check_offered(shape(16), Level::Extreme.into())
        else {
            panic!("extreme 16x16 is refused");
        };
        assert!(reason.contains("expert, evil (") && reason.contains("9x9"), "{reason}");
        assert!(check_offered(shape(9), "9.5-10.5".parse().unwrap()).is_ok());
        // A range reaching into an offered level is served.
        assert!(check_offered(shape(25), "6.0-9.0".parse().unwrap()).is_ok());
    }
}
