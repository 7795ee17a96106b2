/*!
The level scale per board size: which named [`Level`]s a size offers.

A level means the same techniques on every board (see [`Level`]): hard
16x16 needs what hard 9x9 needs. What a size offers follows from the
techniques that can arise there and that the rater has there:

| size | levels | why |
|---|---|---|
| 4x4 and smaller | easy | hidden singles solve every puzzle (none of 3,000 random minimal 4x4 puzzles needs more; a puzzle is never harder than a minimal one inside it) |
| 9x9 | easy, medium, hard, expert, evil, extreme, diabolical | the whole ladder, Sudoku Explainer's nested chains included |
| 5x5 | easy, medium, expert, evil | each box is a row or a column, and no puzzle rates in hard's band (measured) |
| 6x6 to 16x16 but 9x9 | easy, medium, hard, expert, evil | the ladder up to multiple and dynamic chains; the nested chains of extreme and diabolical are 9x9 only |
| 17x17 and up | easy, medium, hard, expert | the rater has singles, intersections, subsets and fish up to quads there (see `logic`); above them only trial and error, which is no level |

`docs/levels.md` has the same table by size; a test checks it against
this function.

A rating target (a level or a range) that lies wholly above what a size
offers is refused up front with an error naming the levels it does offer.

Some rules offer fewer levels than their size ([`levels_offered_under`]):
levels their puzzles are not made to within a service's time budget (5 s),
by measurement ([`SLOW_LEVELS`]); a target in them is refused up front
with the figures measured.

Puzzles with drawn constraints (cages, thermometers, kropki dots, even/odd
marks: [`Extras`]) reach a level by adding givens (see `given_levels`),
and offer the levels made so within the same budget, by measurement per
kind and board size ([`DRAWN_LEVELS`], [`levels_offered_with`]; the
lowest top of the kinds drawn). Under a rule carved up the rater's ladder
(anti-knight, anti-king, non-consecutive) the levels made so are measured
per rule too ([`RULE_DRAWN_LEVELS`]), and the lower top applies. On sizes
and rules not measured, and for kinds made at no level within the budget,
they offer none ([`unlevelled`] says why) and are rated after they are
made. `docs/levels.md` has the tables; a test checks them.
*/

use crate::logic::{Er, Level, RatingRange};
use crate::rules::Rules;
use crate::shape::Shape;

use super::{Extras, GenerateError, MakeRules};

/// Which boards puzzles with drawn constraints are generated to a level
/// on (see [`levels_offered_with`]); said where a board is not among them.
pub const DRAWN_NOT_LEVELLED: &str = "puzzles with drawn cages, thermometers, dots or even/odd \
     marks are made to a level (by adding givens) on the board sizes measured within a 5 s \
     budget: 4x4, 6x6, 9x9, 12x12 and 16x16";

/// The largest board offering only easy puzzles.
const EASY_ONLY_MAX_SIZE: usize = 4;

/// The largest board on which the rater has chains (the evil level).
const CHAINS_MAX_SIZE: usize = 16;

/// The one size with the nested chains (the extreme and diabolical levels).
const NESTED_SIZE: usize = 9;

/// The one size whose levels have a gap: 5x5 boards (boxes of one row or
/// one column, so each box is a row or a column) offer no hard.
const GAPPED_SIZE: usize = 5;

/// The levels of [`GAPPED_SIZE`]: no puzzle there rates in hard's band (of
/// 3,000 random minimal 5x5 puzzles, seed 7: 2,965 rate 1.2-1.5 and 35
/// rate 6.6-8.3; the ladder's carve met none of 10,000 candidates rated
/// 2.9-4.4, seeds 1-2).
const GAPPED_LEVELS: [Level; 4] = [Level::Easy, Level::Medium, Level::Expert, Level::Evil];

/// What a board whose size has a gap in its levels says of it.
const GAPPED_WHY: &str = "no puzzle of that size rates in hard's band: of 3,000 random minimal \
     5x5 puzzles, 2,965 rate 1.2-1.5 and 35 rate 6.6-8.3";

/// The levels of `offered` up to `top`.
fn up_to(offered: &'static [Level], top: Level) -> &'static [Level] {
    &offered[..offered.iter().take_while(|&&l| l <= top).count()]
}

/// The levels a board of `shape`'s size offers, easiest first: a run of
/// the scale from easy, but on 5x5 boards, which offer no hard.
pub fn levels_offered(shape: Shape) -> &'static [Level] {
    match shape.size() {
        n if n <= EASY_ONLY_MAX_SIZE => &Level::ALL[..1],
        GAPPED_SIZE => &GAPPED_LEVELS,
        NESTED_SIZE => &Level::ALL,
        n if n <= CHAINS_MAX_SIZE => &Level::ALL[..=Level::Evil as usize],
        _ => &Level::ALL[..=Level::Expert as usize],
    }
}

/// The levels puzzles of `shape` with the drawn constraints `extras` are
/// generated at: the size's ([`levels_offered`]) without drawn
/// constraints; with them, the size's levels up to the highest made by
/// adding givens within a service's time budget for every kind drawn
/// (the table in `docs/levels.md`), none on sizes not measured ([`DRAWN_NOT_LEVELLED`]).
pub fn levels_offered_with(shape: Shape, extras: Extras) -> &'static [Level] {
    let offered = levels_offered(shape);
    if extras.is_none() {
        return offered;
    }
    match drawn_top(shape.size(), extras) {
        Some(drawn) => up_to(offered, drawn.top),
        None => &[],
    }
}

/// A kind of drawn constraint, as [`DRAWN_LEVELS`] lists them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Drawn {
    /// Killer cages, with or without givens.
    Cages,
    /// Thermometers.
    Thermos,
    /// Kropki dots.
    Dots,
    /// Even/odd marks.
    Parity,
}

impl Drawn {
    /// The kinds `extras` draws.
    fn of(extras: Extras) -> impl Iterator<Item = Drawn> {
        [
            (extras.get_cages().is_some(), Drawn::Cages),
            (extras.get_thermos(), Drawn::Thermos),
            (extras.get_dots().is_some(), Drawn::Dots),
            (extras.get_parity(), Drawn::Parity),
        ]
        .into_iter()
        .filter_map(|(drawn, kind)| drawn.then_some(kind))
    }
}

/// Every kind of drawn constraint.
const ANY: &[Drawn] = &[Drawn::Cages, Drawn::Thermos, Drawn::Dots, Drawn::Parity];

/// The highest level puzzles with drawn constraints are made to by adding
/// givens (see `given_levels`) within a service's time budget (5 s of CPU
/// on the loaded development machine, release build), per kind and board
/// size measured, and what was measured above it (empty where the top is
/// the size's own). With several kinds drawn the lowest top applies; a
/// board size not listed for a kind offers no level with it.
pub(super) const DRAWN_LEVELS: [DrawnLevels; 9] = [
    DrawnLevels { drawn: ANY, size: 4, top: Level::Easy, measured: "" },
    DrawnLevels { drawn: ANY, size: 6, top: Level::Evil, measured: "" },
    DrawnLevels {
        drawn: &[Drawn::Cages, Drawn::Dots],
        size: 9,
        top: Level::Evil,
        measured: "seeds 1-5: killer cages reached extreme once in 8.8 s of CPU and not in 13 s \
                   on two seeds; kropki dots not in 2.7-8.2 s on any",
    },
    DrawnLevels {
        drawn: &[Drawn::Thermos, Drawn::Parity],
        size: 9,
        top: Level::Extreme,
        measured: "seeds 1-5 reached extreme in 0.1-1.4 s of CPU; diabolical was not measured",
    },
    DrawnLevels {
        drawn: &[Drawn::Cages],
        size: 12,
        top: Level::Medium,
        measured: "seeds 1-2: killer cages took 2.6-2.8 s of CPU at medium, 9.3 s and over 9.9 s \
                   at hard",
    },
    DrawnLevels {
        drawn: &[Drawn::Dots],
        size: 12,
        top: Level::Medium,
        measured: "seeds 1-3: kropki dots took up to 2.2 s of CPU at medium, and were not made \
                   at hard in 1.9 s on two seeds, nor at evil in 10 s",
    },
    DrawnLevels {
        drawn: &[Drawn::Thermos, Drawn::Parity],
        size: 12,
        top: Level::Evil,
        measured: "",
    },
    DrawnLevels { drawn: &[Drawn::Cages], size: 16, top: Level::Evil, measured: "" },
    DrawnLevels {
        drawn: &[Drawn::Thermos, Drawn::Dots, Drawn::Parity],
        size: 16,
        top: Level::Medium,
        measured: "16x16 givens are carved by logic (singles and intersections), so the \
                   unlevelled puzzles are at most medium; seeds 1-2 reached no hard one in 1.3 s \
                   of CPU",
    },
];

/// One entry of [`DRAWN_LEVELS`].
pub(super) struct DrawnLevels {
    /// The kinds of drawn constraint measured.
    drawn: &'static [Drawn],
    /// The board size measured.
    size: usize,
    /// The highest level made within the budget.
    top: Level,
    /// What was measured above `top` (empty when `top` is the size's own).
    measured: &'static str,
}

/// The entry of [`DRAWN_LEVELS`] with the lowest top among the kinds
/// `extras` draws on a board of side `size`; `None` when one of them is
/// not measured there, or nothing is drawn.
fn drawn_top(size: usize, extras: Extras) -> Option<&'static DrawnLevels> {
    let mut lowest: Option<&'static DrawnLevels> = None;
    for kind in Drawn::of(extras) {
        let entry = DRAWN_LEVELS.iter().find(|d| d.size == size && d.drawn.contains(&kind))?;
        if lowest.is_none_or(|l| entry.top < l.top) {
            lowest = Some(entry);
        }
    }
    lowest
}

/// Drawn kinds made at fewer levels, with anything more beside them (one
/// more kind drawn, or house rules beyond rows, columns and boxes), than
/// each kind alone, by measurement (`generate -j 1`, release build, 5 s of
/// CPU, seeds 1-8): the board size, the kinds, a test of what stands
/// beside them (none: anything), the levels made, and what was measured at
/// the others. The first entry that matches applies; the levels of
/// [`DRAWN_LEVELS`] and [`RULE_DRAWN_LEVELS`] cap them too. On 6x6 the
/// ratings of these puzzles jump: hard (2.9-4.4), below expert, is the level
/// missed most.
pub(super) const TOGETHER_LEVELS: [TogetherLevels; 2] = [
    TogetherLevels {
        size: 6,
        drawn: &[Drawn::Cages, Drawn::Dots],
        beside: Some(|rules| rules.has_diagonals() || rules.has_anti_knight()),
        name: "killer cages and kropki dots beside diagonals or anti-knight",
        levels: &[Level::Easy, Level::Medium],
        measured: "seeds 1-8: beside diagonals hard was missed on 3, expert on 5, evil on 3; \
                   beside anti-knight hard on 6, expert on 3, evil on 1; each miss is 10,000 \
                   candidates rated in 3-5 s of CPU",
    },
    TogetherLevels {
        size: 6,
        drawn: &[Drawn::Cages, Drawn::Dots],
        beside: None,
        name: "killer cages and kropki dots beside more constraints",
        levels: &[Level::Easy, Level::Medium, Level::Expert],
        measured: "seeds 1-8: with even/odd marks, thermometers, windows, jigsaw regions or \
                   anti-king beside them, hard was missed on 1-7 seeds and evil on 1-5 by \
                   combination, each miss 10,000 candidates rated in 3-5 s of CPU; expert on \
                   none, made in at most 3.0 s",
    },
];

/// One entry of [`TOGETHER_LEVELS`].
pub(super) struct TogetherLevels {
    /// The board size measured.
    size: usize,
    /// The kinds drawn together.
    drawn: &'static [Drawn],
    /// What must stand beside them besides being more (none: anything more).
    beside: Option<fn(&Rules) -> bool>,
    /// What the entry is about, for messages.
    name: &'static str,
    /// The levels made within the budget.
    levels: &'static [Level],
    /// What was measured at the others.
    measured: &'static str,
}

/// The entry of [`TOGETHER_LEVELS`] for `rules` with `extras` drawn, if
/// any: its kinds all drawn, with one more kind or house rules beyond
/// the boxes beside them (random jigsaw regions, with `random`, among
/// them).
fn together_levels(rules: &Rules, extras: Extras, random: bool) -> Option<&'static TogetherLevels> {
    let kinds: Vec<Drawn> = Drawn::of(extras).collect();
    TOGETHER_LEVELS.iter().find(|t| {
        let more = kinds.len() > t.drawn.len() || !rules.is_classic() || random;
        t.size == rules.shape().size()
            && t.drawn.iter().all(|k| kinds.contains(k))
            && more
            && t.beside.is_none_or(|beside| beside(rules))
    })
}

/// Levels a board size offers that puzzles under some rules are not made
/// to within a service's time budget (5 s of CPU on the 2 shared cores of
/// the development machine, release build, seeds 1-10): the rules (by a
/// test and a name), the board size, the levels they are made to, and
/// what was measured at the others. Extreme and diabolical are sampled
/// minimal puzzles (see `levelled`), and rating one minimal non-consecutive
/// candidate takes seconds.
/// The first entry whose rules match applies.
pub(super) const SLOW_LEVELS: [SlowLevels; 13] = [
    SlowLevels {
        rules: Rules::has_non_consecutive,
        regions: Regions::Any,
        name: "non-consecutive",
        size: 9,
        levels: Level::ALL.split_at(Level::Evil as usize + 1).0,
        measured: "in 5 s on a loaded machine (1.0-2.4 s of CPU), seeds 1-10 carved and rated \
                   at most one minimal candidate each (0-12 a minute), none rated 9.0 or more",
    },
    SlowLevels {
        rules: Rules::has_anti_king,
        regions: Regions::Any,
        name: "anti-king",
        size: 9,
        levels: Level::ALL.split_at(Level::Extreme as usize + 1).0,
        measured: "in 5 s on a loaded machine (0.8-1.3 s of CPU), 9 of seeds 1-10 carved and \
                   rated 11-23 minimal candidates each (about 170 a minute), none rated 10.0 or more",
    },
    SlowLevels {
        rules: Rules::has_anti_knight,
        regions: Regions::Any,
        name: "anti-knight",
        size: 6,
        levels: Level::ALL.split_at(Level::Expert as usize + 1).0,
        measured: "seeds 1-8 on 2x3 and 3x2 boxes: 5 of the 16 rated none of 10,000 carved \
                   candidates evil (2.8-3.1 s of CPU), and sampling minimal puzzles missed on 3 \
                   of the 16",
    },
    SlowLevels {
        rules: |r| r.has_anti_knight() && r.has_diagonals(),
        regions: Regions::Any,
        name: "X anti-knight",
        size: 9,
        levels: Level::ALL.split_at(Level::Evil as usize + 1).0,
        measured: "seeds 1-6: extreme not made in 20 s of CPU on 4, the others in 1.6 and 15.2 \
                   s; minimal puzzles under these rules rate 10.0 or more, often with nested \
                   dynamic chains, and diabolical took 3.0-20.6 s of CPU, 4 seeds over 5 s",
    },
    SlowLevels {
        rules: |r| r.has_anti_knight() && r.has_windows(),
        regions: Regions::Any,
        name: "windoku anti-knight",
        size: 9,
        levels: Level::ALL.split_at(Level::Extreme as usize + 1).0,
        measured: "seeds 1-6: diabolical took 1.8-12.9 s of CPU and was not made in 26 s on \
                   seed 1, 4 seeds over 5 s",
    },
    SlowLevels {
        rules: Rules::has_anti_knight,
        regions: Regions::Jigsaw,
        name: "jigsaw anti-knight",
        size: 9,
        levels: Level::ALL.split_at(Level::Extreme as usize + 1).0,
        measured: "random regions, seeds 1-6: diabolical took 1.5-23.8 s of CPU, 4 seeds over \
                   4.5 s",
    },
    SlowLevels {
        rules: |r| r.has_windows() && !r.has_diagonals(),
        regions: Regions::Any,
        name: "windoku",
        size: 25,
        levels: Level::ALL.split_at(Level::Hard as usize + 1).0,
        measured: "seeds 1-2: expert took 11.9 s and over 14.9 s of CPU; with both diagonals \
                   it takes 2.2-4.4 s and is offered",
    },
    SlowLevels {
        rules: Rules::has_windows,
        regions: Regions::Any,
        name: "windoku",
        size: 36,
        levels: Level::ALL.split_at(Level::Hard as usize + 1).0,
        measured: "seed 1: expert not made in 20 s of CPU, with or without both diagonals",
    },
    SlowLevels {
        rules: Rules::has_windows,
        regions: Regions::Any,
        name: "windoku",
        size: 49,
        levels: Level::ALL.split_at(Level::Hard as usize + 1).0,
        measured: "seed 1: expert took 17.3 s of CPU, and with both diagonals was not made in \
                   25 s",
    },
    SlowLevels {
        rules: Rules::has_windows,
        regions: Regions::Any,
        name: "windoku",
        size: 64,
        levels: Level::ALL.split_at(Level::Hard as usize + 1).0,
        measured: "seed 1: expert not made in 20 s of CPU, nor with both diagonals in 25 s",
    },
    SlowLevels {
        rules: |r| r.has_windows() && !r.has_diagonals(),
        regions: Regions::Any,
        name: "windoku",
        size: 9,
        levels: Level::ALL.split_at(Level::Extreme as usize + 1).0,
        measured: "seeds 1-5: diabolical not made in 30 s (500-870 minimal candidates carved \
                   and rated each, none 10.0 or more); with both diagonals it takes 0.3-3.0 s \
                   and is offered",
    },
    SlowLevels {
        rules: |r| !r.has_diagonals(),
        regions: Regions::Jigsaw,
        name: "jigsaw",
        size: 9,
        levels: Level::ALL.split_at(Level::Extreme as usize + 1).0,
        measured: "random regions, seeds 1-5: diabolical took 5.6, 7.0 and 20.0 s of CPU and \
                   was not made in 30 s on two",
    },
    SlowLevels {
        rules: |r| r.has_diagonals() && !r.has_windows(),
        regions: Regions::Boxes,
        name: "X",
        size: 9,
        levels: Level::ALL.split_at(Level::Extreme as usize + 1).0,
        measured: "seeds 1-5: diabolical took 1.5-23.1 s of CPU, 3 seeds over 10 s",
    },
];

/// Which regions an entry of [`SLOW_LEVELS`] was measured with.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Regions {
    /// Boxes or jigsaw regions alike.
    Any,
    /// Jigsaw regions only, given in the rules or drawn for each puzzle.
    Jigsaw,
    /// Boxes only.
    Boxes,
}

/// One entry of [`SLOW_LEVELS`].
pub(super) struct SlowLevels {
    /// Whether rules are those measured.
    rules: fn(&Rules) -> bool,
    /// The regions the entry holds with.
    regions: Regions,
    /// Their name.
    name: &'static str,
    /// The board size measured.
    size: usize,
    /// The levels made within the budget, a part of the size's.
    levels: &'static [Level],
    /// What was measured at the levels left out.
    measured: &'static str,
}

/// The entry of [`SLOW_LEVELS`] for `rules` with nothing drawn (drawn
/// constraints under these rules have their own measures), if any.
fn slow_levels(rules: &Rules, extras: Extras, random: bool) -> Option<&'static SlowLevels> {
    let plain = extras.is_none();
    let jigsaw = random || !rules.has_boxes();
    SLOW_LEVELS.iter().find(|s| {
        let regions = match s.regions {
            Regions::Any => true,
            Regions::Jigsaw => jigsaw,
            Regions::Boxes => !jigsaw,
        };
        plain && s.size == rules.shape().size() && (s.rules)(rules) && regions
    })
}

/// The levels puzzles under `rules` with the drawn constraints `extras` are
/// generated at ([`levels_offered_with`]), without those not made within a
/// service's time budget of 5 s, by measurement (9x9 non-consecutive up to
/// evil, 9x9 anti-king and windoku anti-knight up to extreme, 9x9 X
/// anti-knight up to evil, drawn
/// constraints under those rules and anti-knight as the table in `docs/levels.md`
/// says; a target above them is refused with the figures measured).
pub fn levels_offered_under(rules: &Rules, extras: Extras) -> &'static [Level] {
    offered_under(rules, extras, false)
}

/// [`levels_offered_under`], with random jigsaw regions drawn for each
/// puzzle when `random`.
fn offered_under(rules: &Rules, extras: Extras, random: bool) -> &'static [Level] {
    if unlevelled(rules, extras).is_some() || super::grids_refused(rules).is_some() {
        return &[];
    }
    let mut offered = offered_apart_from_together(rules, extras);
    if let (Some(together), Some(&top)) = (together_levels(rules, extras, random), offered.last()) {
        offered = up_to(together.levels, top);
    }
    match slow_levels(rules, extras, random) {
        // Only without drawn constraints, so `offered` is the size's own.
        Some(slow) => slow.levels,
        None => offered,
    }
}

/// The levels the size and the drawn kinds offer under `rules`, capped by
/// [`RULE_DRAWN_LEVELS`]: those of [`levels_offered_under`] before
/// [`TOGETHER_LEVELS`] takes its levels out.
fn offered_apart_from_together(rules: &Rules, extras: Extras) -> &'static [Level] {
    let offered = levels_offered_with(rules.shape(), extras);
    match rule_drawn_top(rules, extras) {
        Ok(Some(RuleDrawnLevels { top: Some(top), .. })) => up_to(offered, *top),
        _ => offered,
    }
}

/// The levels puzzles made under `made` with the drawn constraints
/// `extras` are generated at: those of [`levels_offered_under`] for its
/// rules, and none where no puzzle is made under them ([`MakeRules::refused`]:
/// random jigsaw regions not drawn, or grids not found).
///
/// ```
/// use sudokit::generate::{Extras, MakeRules, levels_offered_made};
/// use sudokit::logic::Level;
/// use sudokit::{Rules, Shape};
///
/// let made: MakeRules = "16+jigsaw".parse().unwrap();
/// assert_eq!(levels_offered_made(&made, Extras::none()).last(), Some(&Level::Evil));
/// let made: MakeRules = "12+non-consecutive+jigsaw".parse().unwrap();
/// assert!(levels_offered_made(&made, Extras::none()).is_empty());
/// let given = MakeRules::from(Rules::classic(Shape::from_size(12).unwrap()).with_non_consecutive());
/// assert_eq!(levels_offered_made(&given, Extras::none()).last(), Some(&Level::Evil));
/// ```
pub fn levels_offered_made(made: &MakeRules, extras: Extras) -> &'static [Level] {
    if made.refused().is_some() {
        &[]
    } else {
        offered_under(&made.rules, extras, made.random_regions)
    }
}

/// The highest level puzzles with drawn constraints are made to by adding
/// givens under a house rule the rater's ladder carves (anti-knight,
/// anti-king, non-consecutive: see `levelled::rater_only`), per rule, kind
/// and board size measured (5 s of CPU on the loaded development machine,
/// release build, seeds 1-5), and what was measured: `None` where a kind
/// is made at no level within the budget. The top of [`DRAWN_LEVELS`] for
/// the kind and size applies too; a rule, kind or size not listed here, or
/// two of these rules at once, offers no level.
pub(super) const RULE_DRAWN_LEVELS: [RuleDrawnLevels; 9] = [
    RuleDrawnLevels {
        rule: HouseRule::AntiKnight,
        drawn: ANY,
        size: 9,
        top: Some(Level::Extreme),
        measured: "seeds 1-5 reached evil with cages or dots and extreme with thermometers or \
                   marks in 0.0-1.1 s of CPU",
    },
    RuleDrawnLevels {
        rule: HouseRule::AntiKing,
        drawn: ANY,
        size: 9,
        top: Some(Level::Extreme),
        measured: "seeds 1-5 reached evil with cages or dots and extreme with thermometers or \
                   marks in 0.0-0.6 s of CPU",
    },
    RuleDrawnLevels {
        rule: HouseRule::NonConsecutive,
        drawn: &[Drawn::Cages, Drawn::Dots],
        size: 9,
        top: Some(Level::Evil),
        measured: "seeds 1-5 reached evil in 0.0-0.5 s of CPU",
    },
    RuleDrawnLevels {
        rule: HouseRule::NonConsecutive,
        drawn: &[Drawn::Thermos, Drawn::Parity],
        size: 9,
        top: None,
        measured: "seeds 1-5: thermometers took over 5.8 s of CPU on seed 1 even at easy, and \
                   on 3-5 seeds at medium to expert; even/odd marks over 5.8 s on seed 3 at \
                   every level (1-2 seeds more at medium to expert)",
    },
    RuleDrawnLevels {
        rule: HouseRule::AntiKnight,
        drawn: &[Drawn::Cages, Drawn::Thermos, Drawn::Dots],
        size: 6,
        top: Some(Level::Evil),
        measured: "seeds 1-5 reached evil in 0.0-0.5 s of CPU",
    },
    RuleDrawnLevels {
        rule: HouseRule::AntiKnight,
        drawn: &[Drawn::Parity],
        size: 6,
        top: Some(Level::Expert),
        measured: "seeds 1-5: even/odd marks reached evil on four seeds in 0.2-1.2 s of CPU; \
                   seed 3 rated none of its 10,000 candidates evil (1.1 s)",
    },
    RuleDrawnLevels {
        rule: HouseRule::AntiKing,
        drawn: ANY,
        size: 6,
        top: Some(Level::Evil),
        measured: "seeds 1-5 reached evil in 0.0-0.7 s of CPU",
    },
    RuleDrawnLevels {
        rule: HouseRule::NonConsecutive,
        drawn: &[Drawn::Cages, Drawn::Thermos, Drawn::Parity],
        size: 6,
        top: Some(Level::Evil),
        measured: "seeds 1-5 reached evil in 0.0-0.2 s of CPU",
    },
    RuleDrawnLevels {
        rule: HouseRule::NonConsecutive,
        drawn: &[Drawn::Dots],
        size: 6,
        top: Some(Level::Easy),
        measured: "seeds 1-5: kropki dots (black ones only, white ones break the rule) rated \
                   none of 10,000 candidates medium, hard, expert or evil (3.1-3.5 s of CPU \
                   each)",
    },
];

/// A house rule of [`RULE_DRAWN_LEVELS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum HouseRule {
    /// Cells a knight's move apart differ.
    AntiKnight,
    /// Cells a king's move apart differ.
    AntiKing,
    /// Orthogonal neighbours are not consecutive.
    NonConsecutive,
}

impl HouseRule {
    /// The one house rule of `rules` among those measured, `None` with
    /// none or several.
    fn of(rules: &Rules) -> Option<HouseRule> {
        let mut held = [
            (rules.has_anti_knight(), HouseRule::AntiKnight),
            (rules.has_anti_king(), HouseRule::AntiKing),
            (rules.has_non_consecutive(), HouseRule::NonConsecutive),
        ]
        .into_iter()
        .filter_map(|(has, rule)| has.then_some(rule));
        let rule = held.next()?;
        held.next().is_none().then_some(rule)
    }
}

/// One entry of [`RULE_DRAWN_LEVELS`].
pub(super) struct RuleDrawnLevels {
    /// The house rule measured.
    rule: HouseRule,
    /// The kinds of drawn constraint measured.
    drawn: &'static [Drawn],
    /// The board size measured.
    size: usize,
    /// The highest level made within the budget, `None` for none.
    top: Option<Level>,
    /// What was measured.
    measured: &'static str,
}

/// The entry of [`RULE_DRAWN_LEVELS`] with the lowest top among the kinds
/// `extras` draws under `rules` (`None` ranks lowest); `Err` with the
/// reason when the rules are carved up the rater's ladder and a kind is
/// not measured under them; `Ok(None)` under other rules.
fn rule_drawn_top(
    rules: &Rules,
    extras: Extras,
) -> Result<Option<&'static RuleDrawnLevels>, String> {
    if extras.is_none() || !super::levelled::rater_only(rules) {
        return Ok(None);
    }
    let n = rules.shape().size();
    let not_measured = || {
        format!(
            "puzzles with drawn cages, thermometers, dots or even/odd marks under {rules} \
             (cells that differ or non-consecutive neighbours) are made at no level: \
             levelling them within a 5 s budget was measured on 9x9 and 6x6 boards under one of \
             anti-knight, anti-king and non-consecutive, and not for these"
        )
    };
    let rule = HouseRule::of(rules).ok_or_else(not_measured)?;
    let mut lowest: Option<&'static RuleDrawnLevels> = None;
    for kind in Drawn::of(extras) {
        let entry = RULE_DRAWN_LEVELS
            .iter()
            .find(|d| d.rule == rule && d.size == n && d.drawn.contains(&kind))
            .ok_or_else(not_measured)?;
        if lowest.is_none_or(|l| entry.top < l.top) {
            lowest = Some(entry);
        }
    }
    Ok(lowest)
}

/// Why puzzles under `rules` with the drawn constraints `extras` are made
/// at no level, when they are: drawn constraints on a board size not
/// measured ([`DRAWN_NOT_LEVELLED`]), or under a rule whose levels are
/// carved up the rater's ladder (anti-knight, anti-king, non-consecutive)
/// where levelling them by adding givens was not measured or took more
/// than the budget (the table in `docs/levels.md`; the reason carries the figures).
pub fn unlevelled(rules: &Rules, extras: Extras) -> Option<String> {
    if extras.is_none() {
        return None;
    }
    let n = rules.shape().size();
    match rule_drawn_top(rules, extras) {
        Err(reason) => return Some(reason),
        Ok(Some(RuleDrawnLevels { top: None, measured, .. })) => {
            return Some(format!(
                "{n}x{n} puzzles with drawn constraints under {rules} are made at no level by \
                 adding givens within a 5 s budget ({measured})"
            ));
        }
        Ok(_) => {}
    }
    drawn_top(n, extras)
        .is_none()
        .then(|| format!("{DRAWN_NOT_LEVELLED}; the {n}x{n} board is not among them"))
}

/// The refusal of a target `wanted` on a board of side `n` under the rules
/// of `slow`, which offer the levels `names`.
fn slow_refusal(n: usize, slow: &SlowLevels, names: &[&str], wanted: &str) -> GenerateError {
    GenerateError::Impossible {
        reason: format!(
            "{n}x{n} {} puzzles are made at the levels {} within a 5 s budget; none is {wanted} \
             within it ({})",
            slow.name,
            names.join(", "),
            slow.measured
        ),
    }
}

/// [`check_offered_made`] without random regions.
#[cfg(test)]
pub(super) fn check_offered(
    rules: &Rules,
    extras: Extras,
    range: RatingRange,
) -> Result<(), GenerateError> {
    check_offered_made(rules, extras, range, false)
}

/// Refuses a rating target no puzzle under `rules` (with random jigsaw
/// regions drawn for each puzzle when `random`) can meet, or none within a
/// service's time budget: one whose lowest rating is above every level the
/// rules offer ([`levels_offered_made`]).
pub(super) fn check_offered_made(
    rules: &Rules,
    extras: Extras,
    range: RatingRange,
    random: bool,
) -> Result<(), GenerateError> {
    let shape = rules.shape();
    let n = shape.size();
    let offered = offered_under(rules, extras, random);
    if let Some(reason) = unlevelled(rules, extras) {
        return Err(GenerateError::Impossible { reason });
    }
    if let Some(refused) = super::grids_refused(rules) {
        return Err(GenerateError::Fill(refused));
    }
    let top = offered.last().expect("every size offers easy");
    let highest = RatingRange::from(*top).max();
    let names: Vec<&str> = offered.iter().map(|l| l.name()).collect();
    let wanted = match Level::ALL.into_iter().find(|&l| RatingRange::from(l) == range) {
        Some(level) => format!("{level} ({range})"),
        None => format!("rated {range}"),
    };
    let meets = |l: &Level| {
        let band = RatingRange::from(*l);
        band.min() <= range.max() && range.min() <= band.max()
    };
    // Refused for the kinds drawn together only where the levels apart
    // from them would serve the range.
    if let Some(together) = together_levels(rules, extras, random)
        && !offered.iter().any(meets)
        && offered_apart_from_together(rules, extras).iter().any(meets)
    {
        return Err(GenerateError::Impossible {
            reason: format!(
                "{n}x{n} puzzles with {} are made at the levels {} by adding givens within a \
                 5 s budget; none is {wanted} within it ({})",
                together.name,
                names.join(", "),
                together.measured
            ),
        });
    }
    if range.min() <= highest {
        if offered.iter().any(meets) {
            return Ok(());
        }
        if let Some(slow) = slow_levels(rules, extras, random) {
            return Err(slow_refusal(n, slow, &names, &wanted));
        }
        return Err(GenerateError::Impossible {
            reason: format!(
                "a {n}x{n} board offers the levels {} ({GAPPED_WHY}); no {n}x{n} puzzle is \
                 {wanted}",
                names.join(", ")
            ),
        });
    }
    if let Some(drawn) = drawn_top(n, extras).filter(|d| *top == d.top && !d.measured.is_empty()) {
        return Err(GenerateError::Impossible {
            reason: format!(
                "{n}x{n} puzzles with drawn constraints are made at the levels {} by adding \
                 givens within a 5 s budget; none is {wanted} within it ({})",
                names.join(", "),
                drawn.measured
            ),
        });
    }
    if let Ok(Some(RuleDrawnLevels { top: Some(rule_top), measured, .. })) =
        rule_drawn_top(rules, extras)
        && rule_top == top
        && levels_offered_with(shape, extras).last() != Some(top)
    {
        return Err(GenerateError::Impossible {
            reason: format!(
                "{n}x{n} puzzles with drawn constraints under {rules} are made at the levels {} \
                 by adding givens within a 5 s budget; none is {wanted} within it ({measured})",
                names.join(", ")
            ),
        });
    }
    if let Some(slow) = slow_levels(rules, extras, random).filter(|s| s.levels.last() == Some(top))
    {
        return Err(slow_refusal(n, slow, &names, &wanted));
    }
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
    use crate::generate::{MAX_JIGSAW_SIZE, MIN_JIGSAW_SIZE};

    fn shape(n: usize) -> Shape {
        Shape::from_size(n).unwrap()
    }

    fn classic(n: usize) -> Rules {
        Rules::classic(shape(n))
    }

    /// With random jigsaw regions the levels offered are exactly those the
    /// generator takes: every size's levels where random regions are drawn
    /// (4x4 to 16x16), none elsewhere, and the generator refuses the levels
    /// left out (and only those).
    #[test]
    fn random_regions_offer_the_levels_the_generator_takes() {
        use crate::generate::{Cages, Dots, Generator, Options};
        for n in 2..=18 {
            let shape = Shape::from_size(n).or_else(|_| Shape::new(1, n)).unwrap();
            let made = MakeRules { rules: Rules::classic(shape), random_regions: true };
            let offered = levels_offered_made(&made, Extras::none());
            let drawn = (MIN_JIGSAW_SIZE..=MAX_JIGSAW_SIZE).contains(&n);
            // 9x9 jigsaw diabolical is left out (`SLOW_LEVELS`).
            let own = match n {
                9 => &levels_offered(shape)[..=Level::Extreme as usize],
                _ => levels_offered(shape),
            };
            match drawn {
                true => assert_eq!(offered, own, "{n}"),
                false => assert!(offered.is_empty(), "{n}"),
            }
            for &level in levels_offered(shape) {
                let options = Options::new(made.rules.clone())
                    .random_regions(true)
                    .rating(Some(level.into()));
                match Generator::new(options, 1) {
                    Ok(_) => assert!(offered.contains(&level), "{n}x{n} {level} made, not offered"),
                    Err(GenerateError::Jigsaw(e)) => assert!(!drawn, "{n}x{n} {level}: {e}"),
                    Err(GenerateError::Impossible { reason }) if !own.contains(&level) => {
                        assert!(reason.contains("jigsaw"), "{n}x{n} {level}: {reason}")
                    }
                    Err(e) => panic!("{n}x{n} {level}: {e}"),
                }
            }
        }
        let given = MakeRules::from(classic(16).with_diagonals());
        assert_eq!(levels_offered_made(&given, Extras::none()), levels_offered(shape(16)));
        // Non-consecutive rules: random regions up to 9x9 only.
        for (n, drawn) in [(9, true), (10, false), (12, false)] {
            let rules = Rules::classic(shape(n)).with_non_consecutive();
            let under = levels_offered_under(&rules, Extras::none());
            let made = MakeRules { rules, random_regions: true };
            let offered = levels_offered_made(&made, Extras::none());
            assert_eq!(offered, if drawn { under } else { &[] }, "{n}");
        }
        // Anti-knight with jigsaw regions, drawn or given, stops at
        // extreme (without regions it offers every level), and diabolical
        // is refused naming the measure.
        let knight = classic(9).with_anti_knight();
        assert_eq!(levels_offered_under(&knight, Extras::none()), Level::ALL);
        let up_to_extreme = &Level::ALL[..=Level::Extreme as usize];
        let made = MakeRules { rules: knight.clone(), random_regions: true };
        assert_eq!(levels_offered_made(&made, Extras::none()), up_to_extreme);
        let given = Rules::random_jigsaw(Shape::CLASSIC, 1).unwrap().with_anti_knight();
        assert_eq!(levels_offered_under(&given, Extras::none()), up_to_extreme);
        let options =
            Options::new(knight).random_regions(true).rating(Some(Level::Diabolical.into()));
        let Err(GenerateError::Impossible { reason }) = Generator::new(options, 1) else {
            panic!("diabolical anti-knight on random regions is refused");
        };
        assert!(reason.contains("jigsaw anti-knight") && reason.contains("23.8 s"), "{reason}");
        // Killer cages with kropki dots on random 6x6 regions offer the
        // levels of those kinds beside more, with the gap at hard.
        let six = Rules::classic(Shape::new(2, 3).unwrap());
        let killer_kropki = Extras::none().cages(Cages::NoGivens).dots(Dots::All);
        let made = MakeRules { rules: six.clone(), random_regions: true };
        let gap = [Level::Easy, Level::Medium, Level::Expert];
        assert_eq!(levels_offered_made(&made, killer_kropki), gap);
        assert_eq!(levels_offered_under(&six, killer_kropki).last(), Some(&Level::Evil));
        let options = Options::new(six)
            .random_regions(true)
            .extras(killer_kropki)
            .rating(Some(Level::Hard.into()));
        let Err(GenerateError::Impossible { reason }) = Generator::new(options, 1) else {
            panic!("hard killer with kropki on random 6x6 regions is refused");
        };
        assert!(reason.contains("killer cages and kropki dots"), "{reason}");
    }

    /// 5x5 boards offer no hard: the generator refuses it (and a range
    /// within its band) naming the measure, and takes the levels around it.
    #[test]
    fn five_by_five_offers_no_hard_and_refuses_it_with_the_reason() {
        use crate::generate::{Generator, Options};
        for shape in [Shape::new(1, 5).unwrap(), Shape::new(5, 1).unwrap()] {
            let offered = levels_offered(shape);
            assert_eq!(offered, [Level::Easy, Level::Medium, Level::Expert, Level::Evil]);
            for level in Level::ALL {
                let options = Options::new(shape).rating(Some(level.into()));
                let made = Generator::new(options, 1);
                assert_eq!(made.is_ok(), offered.contains(&level), "{level}");
            }
            let band = RatingRange::new(Er(30), Er(40)).unwrap();
            let options = Options::new(shape).rating(Some(band));
            let Err(GenerateError::Impossible { reason }) = Generator::new(options, 1) else {
                panic!("3.0-4.0 on 5x5 is refused");
            };
            assert!(reason.contains("easy, medium, expert, evil") && reason.contains("6.6"));
            let across = RatingRange::new(Er(25), Er(50)).unwrap();
            assert!(Generator::new(Options::new(shape).rating(Some(across)), 1).is_ok());
        }
    }

    /// Every entry of [`SLOW_LEVELS`] offers a part of its size's levels,
    /// easiest first; 9x9 X anti-knight offers up to evil and refuses
    /// extreme and diabolical naming the measures.
    #[test]
    fn slow_levels_are_part_of_the_size_s_and_may_leave_a_gap() {
        use crate::generate::{Generator, Options};
        for slow in &SLOW_LEVELS {
            let own = levels_offered(shape(slow.size));
            assert!(slow.levels.iter().all(|l| own.contains(l)), "{}", slow.name);
            assert!(slow.levels.windows(2).all(|w| w[0] < w[1]), "{}", slow.name);
            assert!(slow.levels.len() < own.len() && !slow.measured.is_empty(), "{}", slow.name);
        }
        let rules = classic(9).with_diagonals().with_anti_knight();
        let offered = levels_offered_under(&rules, Extras::none());
        assert_eq!(offered, &Level::ALL[..=Level::Evil as usize]);
        for level in [Level::Extreme, Level::Diabolical] {
            let options = Options::new(rules.clone()).rating(Some(level.into()));
            let Err(GenerateError::Impossible { reason }) = Generator::new(options, 1) else {
                panic!("{level:?} X anti-knight is refused");
            };
            assert!(reason.contains("9x9 X anti-knight") && reason.contains("20.6 s"), "{reason}");
        }
        let windoku = classic(9).with_windows().unwrap().with_anti_knight();
        let up_to_extreme = &Level::ALL[..=Level::Extreme as usize];
        assert_eq!(levels_offered_under(&windoku, Extras::none()), up_to_extreme);
        let knight = classic(9).with_anti_knight();
        assert_eq!(levels_offered_under(&knight, Extras::none()), Level::ALL);
        // 9x9 windoku, X and jigsaw stop at extreme; X-windoku and X-jigsaw
        // (measured at 0.3-3.7 s on most seeds) keep diabolical.
        let jigsaw: Rules = "9+jigsaw=000011111000021113022221443225244433255554333555444633775888666777888666777788866"
            .parse()
            .unwrap();
        let x = classic(9).with_diagonals();
        let x_windoku = classic(9).with_windows().unwrap().with_diagonals();
        for (rules, random, offered) in [
            (classic(9).with_windows().unwrap(), false, up_to_extreme),
            (x.clone(), false, up_to_extreme),
            (jigsaw.clone(), false, up_to_extreme),
            (classic(9), true, up_to_extreme),
            (x_windoku, false, &Level::ALL[..]),
            (jigsaw.with_diagonals(), false, &Level::ALL[..]),
            (x.clone(), true, &Level::ALL[..]),
            (classic(9), false, &Level::ALL[..]),
        ] {
            assert_eq!(offered_under(&rules, Extras::none(), random), offered, "{rules} {random}");
        }
        let options = Options::new(x).rating(Some(Level::Diabolical.into()));
        let Err(GenerateError::Impossible { reason }) = Generator::new(options, 1) else {
            panic!("diabolical X is refused");
        };
        assert!(reason.contains("9x9 X") && reason.contains("23.1 s"), "{reason}");
        // Windoku on 25x25 stops at hard, X-windoku there at expert; both
        // stop at hard from 36x36.
        let up_to_hard = &Level::ALL[..=Level::Hard as usize];
        for (n, diagonals, offered) in [
            (25, false, up_to_hard),
            (25, true, levels_offered(shape(25))),
            (36, false, up_to_hard),
            (36, true, up_to_hard),
            (49, true, up_to_hard),
            (64, false, up_to_hard),
        ] {
            let windoku = classic(n).with_windows().unwrap();
            let rules = if diagonals { windoku.with_diagonals() } else { windoku };
            assert_eq!(levels_offered_under(&rules, Extras::none()), offered, "{rules}");
        }
    }

    /// Non-consecutive 9x9 offers the levels up to evil, and the generator
    /// refuses extreme and diabolical there with the measured figures;
    /// other sizes and rules keep their size's levels.
    #[test]
    fn levels_out_of_budget_are_not_offered_and_are_refused_with_the_figures() {
        use crate::generate::{Generator, Options};
        let non_consecutive = classic(9).with_non_consecutive();
        let offered = levels_offered_under(&non_consecutive, Extras::none());
        assert_eq!(offered, &Level::ALL[..=Level::Evil as usize]);
        let x_non_consecutive = classic(9).with_diagonals().with_non_consecutive();
        assert_eq!(levels_offered_under(&x_non_consecutive, Extras::none()), offered);
        for rules in [classic(9), classic(9).with_anti_knight(), classic(6).with_non_consecutive()]
        {
            let size = levels_offered(rules.shape());
            assert_eq!(levels_offered_under(&rules, Extras::none()), size, "{rules}");
        }
        let anti_king = classic(9).with_anti_king();
        let below_diabolical = &Level::ALL[..=Level::Extreme as usize];
        assert_eq!(levels_offered_under(&anti_king, Extras::none()), below_diabolical);
        let options = Options::new(anti_king).rating(Some(Level::Diabolical.into()));
        let Err(GenerateError::Impossible { reason }) = Generator::new(options, 1) else {
            panic!("diabolical anti-king is refused");
        };
        assert!(reason.contains("9x9 anti-king") && reason.contains("10.0"), "{reason}");
        // 6x6 anti-knight stops at expert, but not with drawn constraints,
        // which have their own measures.
        for boxes in [(2, 3), (3, 2)] {
            let anti_knight =
                Rules::classic(Shape::new(boxes.0, boxes.1).unwrap()).with_anti_knight();
            let below_evil = &Level::ALL[..=Level::Expert as usize];
            assert_eq!(levels_offered_under(&anti_knight, Extras::none()), below_evil);
            let thermos = Extras::none().thermos();
            assert_eq!(levels_offered_under(&anti_knight, thermos).last(), Some(&Level::Evil));
            let options = Options::new(anti_knight).rating(Some(Level::Evil.into()));
            let Err(GenerateError::Impossible { reason }) = Generator::new(options, 1) else {
                panic!("evil 6x6 anti-knight is refused");
            };
            assert!(reason.contains("6x6 anti-knight") && reason.contains("10,000"), "{reason}");
        }
        let drawn = Extras::none().parity();
        assert!(levels_offered_under(&non_consecutive, drawn).is_empty());
        let why = unlevelled(&non_consecutive, drawn).unwrap();
        assert!(why.contains("9+non-consecutive") && why.contains("easy"), "{why}");
        let twice = non_consecutive.clone().with_anti_knight();
        let why = unlevelled(&twice, drawn).unwrap();
        assert!(why.contains("not for these"), "{why}");
        assert!(unlevelled(&classic(12).with_anti_king(), drawn).unwrap().contains("not for"));
        for level in Level::ALL {
            let options = Options::new(non_consecutive.clone()).rating(Some(level.into()));
            match Generator::new(options, 1) {
                Ok(_) => assert!(offered.contains(&level), "{level}"),
                Err(GenerateError::Impossible { reason }) => {
                    assert!(!offered.contains(&level), "{level}");
                    for part in ["9x9 non-consecutive", "easy, medium, hard, expert, evil", "5 s"] {
                        assert!(reason.contains(part), "{level}: {reason}");
                    }
                    assert!(reason.contains(level.name()) && reason.contains("a minute"));
                }
                Err(e) => panic!("{level}: {e}"),
            }
        }
    }

    /// 6x6 killer cages and kropki dots with more beside them offer the
    /// levels made on seeds 1-8 (a gap at hard; easy and medium beside
    /// diagonals or anti-knight); alone they offer every level to evil.
    /// The others are refused up front with the figures, and expert is
    /// made and re-rated into its level.
    #[test]
    fn cages_with_dots_and_more_on_6x6_offer_the_levels_made() {
        use crate::generate::{Cages, Dots, GenerateError, Generator, Options};
        use crate::logic::LogicSolver;
        let six = Rules::classic(Shape::new(2, 3).unwrap());
        let killer_kropki = Extras::none().cages(Cages::NoGivens).dots(Dots::All);
        assert_eq!(levels_offered_under(&six, killer_kropki).last(), Some(&Level::Evil));
        assert!(together_levels(&six, killer_kropki, false).is_none());
        let marks = killer_kropki.parity();
        let gap = [Level::Easy, Level::Medium, Level::Expert];
        assert_eq!(levels_offered_under(&six, marks), gap);
        assert_eq!(levels_offered_under(&six.clone().with_windows().unwrap(), killer_kropki), gap);
        let x = six.clone().with_diagonals();
        assert_eq!(levels_offered_under(&x, killer_kropki), [Level::Easy, Level::Medium]);
        let knight = six.clone().with_anti_knight();
        assert_eq!(levels_offered_under(&knight, marks), [Level::Easy, Level::Medium]);
        // Only cages and dots together: thermometers with marks keep evil.
        let thermo_marks = Extras::none().thermos().parity().cages(Cages::NoGivens);
        assert_eq!(levels_offered_under(&six, thermo_marks).last(), Some(&Level::Evil));
        for (rules, extras, level) in [
            (&six, marks, Level::Hard),
            (&six, marks, Level::Evil),
            (&x, killer_kropki, Level::Expert),
        ] {
            let options = Options::new(rules.clone()).extras(extras).rating(Some(level.into()));
            let Err(GenerateError::Impossible { reason }) = Generator::new(options, 1) else {
                panic!("{rules} {level} is refused");
            };
            assert!(
                reason.contains(level.name())
                    && reason.contains("5 s")
                    && reason.contains("seeds 1-8"),
                "{reason}"
            );
        }
        // Where non-consecutive dots allow easy alone, medium is refused
        // for them, not for the kinds drawn together.
        let apart = six.clone().with_non_consecutive();
        assert_eq!(levels_offered_under(&apart, killer_kropki), [Level::Easy]);
        let options =
            Options::new(apart.clone()).extras(killer_kropki).rating(Some(Level::Medium.into()));
        let Err(GenerateError::Impossible { reason }) = Generator::new(options, 1) else {
            panic!("{apart} medium is refused");
        };
        assert!(reason.contains("non-consecutive") && !reason.contains("seeds 1-8"), "{reason}");
        let options = Options::new(six.clone()).extras(marks).rating(Some(Level::Expert.into()));
        let made = Generator::new(options, 1).unwrap().puzzle(0).unwrap();
        assert_eq!(made.puzzle.count_solutions_up_to(2), 1);
        assert!(made.solution.is_solution_of(&made.puzzle));
        assert_eq!(LogicSolver::new().rate(&made.puzzle).unwrap().level, Level::Expert);
    }

    /// Drawn constraints offer the levels measured for every kind drawn
    /// (the lowest top of them), none on a size not measured; the
    /// generator takes the levels offered and refuses the others with the
    /// reason the levels answer gives.
    #[test]
    fn drawn_constraints_offer_the_levels_measured_and_the_generator_agrees() {
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
            Extras::none().thermos().cages(Cages::NoGivens),
        ];
        for extras in drawn {
            assert_eq!(levels_offered_with(shape(4), extras), [Level::Easy], "{extras:?}");
            assert_eq!(levels_offered_with(shape(6), extras), levels_offered(shape(6)));
            let nine = levels_offered_with(shape(9), extras);
            let top = Drawn::of(extras)
                .map(|k| DRAWN_LEVELS.iter().find(|d| d.size == 9 && d.drawn.contains(&k)))
                .map(|d| d.unwrap().top)
                .min()
                .unwrap();
            assert_eq!(nine, &Level::ALL[..=top as usize], "{extras:?}");
            assert!(unlevelled(&Rules::classic(shape(9)), extras).is_none());
            // 8x8 is not measured: no level, and the reason names the sizes.
            assert!(levels_offered_with(Shape::new(2, 4).unwrap(), extras).is_empty());
            let options = Options::new(Rules::classic(Shape::new(2, 4).unwrap()))
                .extras(extras)
                .rating(Some(Level::Easy.into()));
            match Generator::new(options, 1) {
                Err(GenerateError::Impossible { reason }) => {
                    assert!(reason.starts_with(DRAWN_NOT_LEVELLED), "{reason}");
                    assert!(reason.contains("8x8"), "{reason}");
                }
                other => panic!("{extras:?} with a level on 8x8: {other:?}"),
            }
            for level in Level::ALL {
                let options = Options::new(Rules::classic(shape(9)))
                    .extras(extras)
                    .rating(Some(level.into()));
                match Generator::new(options, 1) {
                    Ok(_) => assert!(nine.contains(&level), "{extras:?} {level}"),
                    Err(GenerateError::Impossible { reason }) => {
                        assert!(!nine.contains(&level), "{extras:?} {level}: {reason}");
                        assert!(reason.contains("adding givens"), "{reason}");
                    }
                    Err(e) => panic!("{extras:?} {level}: {e}"),
                }
            }
        }
    }

    /// Every drawn size's top below the size's own says what was measured
    /// above it; a kind is listed at most once per size.
    #[test]
    fn drawn_levels_below_the_size_say_what_was_measured() {
        for d in &DRAWN_LEVELS {
            let own = *levels_offered(shape(d.size)).last().unwrap();
            assert!(d.top <= own, "{}", d.size);
            assert_eq!(d.top < own, !d.measured.is_empty(), "{} {:?}", d.size, d.drawn);
            for kind in d.drawn {
                let listed = DRAWN_LEVELS.iter().filter(|e| e.size == d.size);
                assert_eq!(listed.filter(|e| e.drawn.contains(kind)).count(), 1);
            }
        }
    }

    /// The table of drawn levels in `docs/levels.md` is what the code
    /// offers: the highest level per kind and size.
    #[test]
    fn the_documented_drawn_table_is_the_code_s() {
        use crate::generate::{Cages, Dots};
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/levels.md");
        let text = std::fs::read_to_string(path).expect("docs/levels.md is in the repository");
        let table = text.split("| drawn | ").nth(1).expect("the drawn table is there");
        let mut lines = table.lines();
        let sizes: Vec<usize> = lines
            .next()
            .unwrap()
            .trim_matches('|')
            .split('|')
            .map(|c| c.trim().split_once('x').unwrap().0.parse().unwrap())
            .collect();
        let mut rows = 0;
        for row in lines.skip(1).take_while(|l| l.starts_with('|')) {
            let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
            let extras = match cells[0] {
                "killer cages" => Extras::none().cages(Cages::NoGivens),
                "thermometers" => Extras::none().thermos(),
                "kropki dots" => Extras::none().dots(Dots::All),
                "even/odd marks" => Extras::none().parity(),
                other => panic!("an unknown kind {other}"),
            };
            for (&n, &top) in sizes.iter().zip(&cells[1..]) {
                let offered = levels_offered_with(shape(n), extras);
                assert_eq!(offered.last().map(|l| l.name()), Some(top), "{} {n}", cells[0]);
            }
            rows += 1;
        }
        assert_eq!((rows, sizes.len()), (4, 5));
    }

    /// The table of drawn levels under house rules in `docs/levels.md` is
    /// what the code offers: the highest level per rule, size and kind
    /// ("none" for none).
    #[test]
    fn the_documented_house_rule_table_is_the_code_s() {
        use crate::generate::{Cages, Dots};
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/levels.md");
        let text = std::fs::read_to_string(path).expect("docs/levels.md is in the repository");
        let table = text.split("| rule | size | ").nth(1).expect("the house rule table is there");
        let kinds = [
            Extras::none().cages(Cages::NoGivens),
            Extras::none().thermos(),
            Extras::none().dots(Dots::All),
            Extras::none().parity(),
        ];
        let mut rows = 0;
        for row in table.lines().skip(2).take_while(|l| l.starts_with('|')) {
            let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
            let board = classic(cells[1].split_once('x').unwrap().0.parse().unwrap());
            let rules = match cells[0] {
                "anti-knight" => board.with_anti_knight(),
                "anti-king" => board.with_anti_king(),
                "non-consecutive" => board.with_non_consecutive(),
                other => panic!("an unknown rule {other}"),
            };
            for (extras, &top) in kinds.iter().zip(&cells[2..]) {
                let offered = levels_offered_under(&rules, *extras);
                let name = offered.last().map_or("none", |l| l.name());
                assert_eq!(name, top, "{rules} {extras:?}");
                assert_eq!(offered.is_empty(), unlevelled(&rules, *extras).is_some());
            }
            rows += 1;
        }
        assert_eq!(rows, 6);
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
                let verdict = check_offered(&classic(n), Extras::none(), level.into());
                assert_eq!(
                    verdict.is_ok(),
                    levels_offered(shape(n)).contains(&level),
                    "{n} {level}"
                );
            }
        }
        let Err(GenerateError::Impossible { reason }) =
            check_offered(&classic(4), Extras::none(), Level::Hard.into())
        else {
            panic!("hard 4x4 is refused");
        };
        assert!(reason.contains("offers the levels easy (") && reason.contains("hard (2.9-4.4)"));
        let Err(GenerateError::Impossible { reason }) =
            check_offered(&classic(25), Extras::none(), Level::Evil.into())
        else {
            panic!("evil 25x25 is refused");
        };
        assert!(reason.contains("easy, medium, hard, expert"), "{reason}");
        let Err(GenerateError::Impossible { reason }) =
            check_offered(&classic(16), Extras::none(), Level::Extreme.into())
        else {
            panic!("extreme 16x16 is refused");
        };
        assert!(reason.contains("expert, evil (") && reason.contains("9x9"), "{reason}");
        assert!(check_offered(&classic(9), Extras::none(), "9.5-10.5".parse().unwrap()).is_ok());
        // Rules whose grids are not found are refused with that reason.
        let crowded = classic(16).with_windows().unwrap().with_non_consecutive();
        let verdict = check_offered(&crowded, Extras::none(), Level::Easy.into());
        assert!(matches!(verdict, Err(GenerateError::Fill(_))), "{verdict:?}");
        // A range reaching into an offered level is served.
        assert!(check_offered(&classic(25), Extras::none(), "6.0-9.0".parse().unwrap()).is_ok());
    }
}
