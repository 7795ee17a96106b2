/*!
Plants: patterns drawn into a full grid before a technique target is carved
from it (step 0 of the carve in [`super`]).

A few techniques can be on the path only where a house or
a digit is nearly empty, as the complementary pattern of a subset or
fish (the unit's other cells, the digit's other lines) is rated lower
and found first otherwise: a naked quad needs a house with 8 or more
empty cells (with `e` empty, its other `e - 4` cells hold a hidden
subset making the same eliminations), a hidden quad a house with 9 (the
rater looks for a hidden set of size `k` only with more than `2k`
empty), a jellyfish a digit missing from 8 or more rows or columns
(with `m`, the other `m - 4` lines make a fish of size `m - 4`). On
boards up to 9x9 that is most of the board, and a random carve rarely
leaves it, so for these targets each full grid gets the pattern
planted ([`Plant`]), drawn at random: the cells to empty (a house; the
clues of a digit) go first in every pass, and clues that make the
pattern are never removed. For a naked quad the house is a row or a
column, and four of its cells each keep one clue (outside the line) of
every digit of the line's other five cells among their peers, drawn
among those that see none of those five cells where there are some: a
clue taking a digit from one of them would leave that digit's own cell
a hidden single in the line, found before the quad. (A line rather than
a box: a clue seeing a cell of a line from the cell's column or box
sees at most the two other line cells of that box, so most such clues
see none of the five.) For a jellyfish, four rows (or columns) keep
every cell outside the four columns (rows) the digit takes in them.
The pattern is then there from the start; the target rung carves until
nothing easier is left before it. A hidden quad's line is planted as a
naked quad's with the roles turned: five of its cells (the quad's
complement, a naked quint, which is no technique) each keep one clue
of every digit of the other four cells among their peers, drawn among
those seeing none of the four where there are some, so the four
digits have their places in the line only in the four cells, which
keep their other candidates. The five cells hold every cell the line
shares with one box (drawn as the box of a random line cell), so the
four lie in the line's other boxes, and the four digits' clues not
kept go first after the line, so the closure rungs leave those digits
few clues and the four cells open to them. (Emptying the house alone
does not do: the closure rungs then carve on until every clue left is
needed for uniqueness while singles still solve the puzzle, and the
target rung has no removal left to judge. Nearly every miss is a carve
whose hard-tier fixpoint has filled some of the line: with the box and
the digits, about half as many grids are carved per puzzle.)
A hidden triple as the hardest step (9x9) gets the same kind of line
(`Plant::HiddenTriple`): six cells, the line's cells outside the box
of a random line cell, keep clues of the three digits of the other
three, whose places in the line are then the line's three cells in
that box, and those digits' other clues go first. A hidden triple
needs seven or more empty cells in its house (the rater looks for a
hidden set of size `k` with more than `2k`), which a carve leaves late,
when the path then often needs more; planted, the line is empty from
the start. A bias, not a condition: needs targets are carved without
it.
A bidirectional X-cycle (9x9) is a loop of one digit's places, so it
needs a digit with many places left where the hard tier stalls: three
digits drawn at random have their clues carved first (`Plant::Digits`,
nothing kept), so the closure rungs leave those digits few clues. That
is no condition of the technique, only a bias of the carve: with it
about a third as many grids are carved per X-cycle puzzle.
An aligned pair exclusion as the hardest step (9x9) gets its pattern
(`Plant::AlignedPair`): two base cells apart, three cells seeing both
kept bivalue by clues around them, each with the digit the exclusion
removes from the first base cell, and the pattern's cells and the
clues taking its digits from them carved first. Unplanted, the carve
met the exclusion on about 3% of the rater's paths, nine in ten times
with a harder step after it; a bias, so needs targets go without it.
A swordfish as the hardest step (9x9 to 16x16) gets the jellyfish's
plant with three rows (`Plant::Swordfish`). Unplanted, a swordfish
turns up late in the carve, when the board is so bare that the path
nearly always needs a step above it afterwards (about 30 such removals
for each one that keeps the swordfish hardest, on 9x9); planted, it is
there while the board is still full, and what follows it is easy. This
is a bias towards the target, not a condition of it, so needs targets
are carved without it, but on 16x16 ([`PLANTED_NEEDS_SIDE`]), where a
needs target is kept within the hard tier (step 2 of the carve) and so must meet a
fish with an easy rest as the hardest target does.

# Invariants
- A plant is drawn from the item's random stream alone: the same grid and
  stream give the same cells.
- `first` lists the cells carved first, the pattern's own cells at its
  start; `keep` marks clues never carved, none of them in `first`.
*/

use rand::Rng;
use rand::seq::IndexedRandom;

use crate::grid::Grid;
use crate::logic::Technique;
use crate::shape::HouseKind;

/// The board side on which a needs target of swordfish gets the plant of
/// the hardest one ([`Plant::Swordfish`]): there it is kept within the
/// hard tier (see [`super::HARD_FIRST_SIDE`]), as a hardest swordfish is.
pub(super) const PLANTED_NEEDS_SIDE: usize = 16;

/// How many digits the X-cycle's plant carves first ([`Plant::Digits`]):
/// measured on 9x9 against one, two and four (docs/generator-notes.md).
const DIGITS_FIRST: usize = 3;

/// A pattern planted in each full grid for a technique that can be on the
/// path only where a house or a digit is nearly empty (see the module
/// docs): drawn at random for each grid, its empty cells' orbits go first
/// in every pass and its kept cells are never removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Plant {
    /// An emptied line with four cells whose candidates the kept clues
    /// confine to those cells' four digits, and none of the other five
    /// cells' candidates.
    NakedQuad,
    /// An emptied line with five cells whose candidates the kept clues
    /// confine to those cells' five digits, and none of the other four
    /// cells' candidates: the four digits of those cells are a hidden quad.
    /// The five hold the line's cells in one box; the four digits' other
    /// clues are carved first, after the line.
    HiddenQuad,
    /// As [`Plant::HiddenQuad`] for a hidden triple as the hardest step
    /// (9x9): the six confined cells are the line's cells outside one box,
    /// so the triple's three cells are the line's cells in that box.
    HiddenTriple,
    /// A digit with every clue removed, and kept clues filling four of its
    /// rows (or columns) outside the four columns (rows) it takes there.
    Jellyfish,
    /// As [`Plant::Jellyfish`] with three rows (or columns): for swordfish
    /// as the hardest step.
    Swordfish,
    /// Three digits with every clue carved first and none kept: places
    /// of one digit for an X-cycle's loop.
    Digits,
    /// An aligned pair exclusion of two base cells apart (9x9): the first
    /// keeps a digit `x` among its candidates, the second is left its digit
    /// `b` and two more `y`, `z`; three cells seeing both are left `{x,b}`, `{x,y}` and
    /// `{x,z}` by kept clues, so every filling of the pair with `x` in the
    /// first is killed. The second base cell is not bivalue: with two
    /// candidates the pattern is an XY-wing (docs/generator-notes.md).
    AlignedPair,
}

/// The cells of a planted pattern in one full grid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Planted {
    /// Carved first.
    pub(super) first: Vec<usize>,
    /// Never carved (by cell index).
    pub(super) keep: Vec<bool>,
    /// How many of `first`, from its start, the pattern needs empty.
    empty: usize,
}

impl Planted {
    /// The cells the pattern needs empty: a hidden subset's line, or the
    /// five cells of an aligned pair exclusion (none for the other
    /// plants), where neither a repair nor a reopening gives a clue back.
    pub(super) fn empty(&self) -> &[usize] {
        &self.first[..self.empty]
    }
}

impl Plant {
    /// The plant for a target of `t` on a board of side `n`: only where the
    /// room the pattern needs is most of the board (up to 9x9).
    pub(super) fn of(t: Technique, n: usize) -> Option<Plant> {
        match t {
            Technique::NakedQuad if n <= 9 => Some(Plant::NakedQuad),
            Technique::HiddenQuad if n <= 9 => Some(Plant::HiddenQuad),
            Technique::Jellyfish if n <= 9 => Some(Plant::Jellyfish),
            Technique::BidirectionalXCycle if n == 9 => Some(Plant::Digits),
            _ => None,
        }
    }

    /// The plant for a hardest step of `t` on a board of side `n`, where
    /// the target alone has none: a swordfish planted while the board is
    /// still full leaves the rest of the path easy (measured on 9x9, 12x12
    /// and 16x16; docs/generator-notes.md).
    pub(super) fn for_hardest(t: Technique, n: usize) -> Option<Plant> {
        match t {
            Technique::Swordfish if (9..=16).contains(&n) => Some(Plant::Swordfish),
            Technique::HiddenTriple if n == 9 => Some(Plant::HiddenTriple),
            Technique::AlignedPairExclusion if n == 9 => Some(Plant::AlignedPair),
            _ => None,
        }
    }

    /// The plant for a need of `t` on a board of side `n`, where the target
    /// alone has none: the hardest swordfish's on [`PLANTED_NEEDS_SIDE`].
    pub(super) fn for_needs(t: Technique, n: usize) -> Option<Plant> {
        match t {
            Technique::Swordfish if n == PLANTED_NEEDS_SIDE => Some(Plant::Swordfish),
            _ => None,
        }
    }

    /// The pattern's cells in the full grid `solution`, drawn from `rng`.
    pub(super) fn draw(self, solution: &Grid, rng: &mut impl Rng) -> Planted {
        match self {
            Plant::NakedQuad | Plant::HiddenQuad | Plant::HiddenTriple => {
                line_subset(self, solution, rng)
            }
            Plant::Jellyfish => fish(4, solution, rng),
            Plant::Swordfish => fish(3, solution, rng),
            Plant::AlignedPair => aligned_pair(solution, rng),
            Plant::Digits => digits(solution, rng),
        }
    }
}

/// A naked quad's, hidden quad's or hidden triple's line (`plant`), with
/// the clues that confine its cells kept.
fn line_subset(plant: Plant, solution: &Grid, rng: &mut impl Rng) -> Planted {
    let layout = solution.rules().layout();
    let values = solution.values();
    let mut keep = vec![false; values.len()];
    // A row or a column: a clue seeing one of its cells from the
    // cell's column (row) or box sees few of the others.
    let lines: Vec<usize> = (0..layout.house_count())
        .filter(|&h| matches!(layout.name(h).kind, HouseKind::Row | HouseKind::Column))
        .collect();
    let &h = lines.choose(rng).expect("a board has rows");
    let house: Vec<usize> = layout.house(h).iter().map(|&c| c as usize).collect();
    // The confined cells: the naked quad's four; the five
    // holding a hidden quad's other digits, among them every
    // cell the line shares with the box of one of its cells;
    // the six holding a hidden triple's other digits, every
    // cell of the line outside the box of one of its cells.
    let block = |c: usize| layout.row_col_block(c)[2];
    let confined: Vec<usize> = if plant == Plant::NakedQuad {
        house.choose_multiple(rng, 4).copied().collect()
    } else if plant == Plant::HiddenTriple {
        let &c = house.choose(rng).expect("a line has cells");
        house.iter().copied().filter(|&s| block(s) != block(c)).collect()
    } else {
        let &c = house.choose(rng).expect("a line has cells");
        let shared: Vec<usize> = house.iter().copied().filter(|&s| block(s) == block(c)).collect();
        let mut five: Vec<usize> = shared.choose_multiple(rng, 5).copied().collect();
        let rest: Vec<usize> = house.iter().copied().filter(|o| !five.contains(o)).collect();
        five.extend(rest.choose_multiple(rng, 5 - five.len()).copied());
        five
    };
    let others: Vec<usize> = house.iter().copied().filter(|o| !confined.contains(o)).collect();
    // Each confined cell sees each other cell's digit through a
    // kept peer outside the line, drawn among those seeing none
    // of the other cells when there are some: a clue taking a
    // digit from another cell would leave that digit's own
    // cell a hidden single in the line.
    for &q in &confined {
        for &o in &others {
            let holders: Vec<usize> = layout
                .peers(q)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| values[c] == values[o] && !house.contains(&c))
                .collect();
            let clear: Vec<usize> = holders
                .iter()
                .copied()
                .filter(|&c| !others.iter().any(|&s| layout.sees(c, s)))
                .collect();
            let pool = if clear.is_empty() { &holders } else { &clear };
            if let Some(&c) = pool.choose(rng) {
                keep[c] = true;
            }
        }
    }
    if plant == Plant::NakedQuad {
        return Planted { first: house, keep, empty: 0 };
    }
    // The hidden subset's digits: their clues not kept go
    // first, after the line.
    let quad: Vec<u8> = others.iter().map(|&o| values[o]).collect();
    let digits =
        (0..values.len()).filter(|&c| !keep[c] && !house.contains(&c) && quad.contains(&values[c]));
    let empty = house.len();
    Planted { first: house.iter().copied().chain(digits).collect(), keep, empty }
}

/// A fish of `size` lines: a digit's clues carved first, and every cell of
/// `size` lines outside the lines the digit crosses them in kept.
fn fish(size: usize, solution: &Grid, rng: &mut impl Rng) -> Planted {
    let values = solution.values();
    let mut keep = vec![false; values.len()];
    let n = solution.shape().size();
    let digit = rng.random_range(1..=n as u8);
    // Base lines: rows (or columns, transposed), `size` at random.
    let by_rows = rng.random_bool(0.5);
    let cell = |line: usize, across: usize| {
        if by_rows { line * n + across } else { across * n + line }
    };
    let lines: Vec<usize> = (0..n).collect();
    let base: Vec<usize> = lines.choose_multiple(rng, size).copied().collect();
    let cover: Vec<usize> = base
        .iter()
        .map(|&l| (0..n).find(|&a| values[cell(l, a)] == digit).expect("a full grid"))
        .collect();
    for &l in &base {
        for a in (0..n).filter(|a| !cover.contains(a)) {
            keep[cell(l, a)] = true;
        }
    }
    let first = (0..values.len()).filter(|&c| values[c] == digit).collect();
    Planted { first, keep, empty: 0 }
}

/// An aligned pair exclusion's five cells with the clues that leave them
/// their digits (nothing, when 200 draws find none).
fn aligned_pair(solution: &Grid, rng: &mut impl Rng) -> Planted {
    let layout = solution.rules().layout();
    let values = solution.values();
    // Drawn until the digits differ and every kept clue leaves
    // the pattern's digits to its cells; none after 200 draws
    // leaves the grid unplanted.
    let cells = values.len();
    'draw: for _ in 0..200 {
        let a = rng.random_range(0..cells);
        let b = rng.random_range(0..cells);
        if a == b || layout.sees(a, b) {
            continue;
        }
        let common: Vec<usize> = (0..cells)
            .filter(|&c| c != a && c != b && layout.sees(c, a) && layout.sees(c, b))
            .collect();
        let ks: Vec<usize> = common.choose_multiple(rng, 3).copied().collect();
        if ks.len() < 3 {
            continue;
        }
        let (x, y, z) = (values[ks[0]], values[ks[1]], values[ks[2]]);
        if x == y || x == z || y == z {
            continue;
        }
        let bv = values[b];
        let wanted: Vec<(usize, Vec<u8>)> = vec![
            (a, vec![values[a], x]),
            (b, vec![bv, y, z]),
            (ks[0], vec![x, bv]),
            (ks[1], vec![y, x]),
            (ks[2], vec![z, x]),
        ];
        let plant: Vec<usize> = wanted.iter().map(|w| w.0).collect();
        let mut kept = vec![false; cells];
        for (p, want) in wanted.iter().skip(1) {
            for d in 1..=9u8 {
                if want.contains(&d) {
                    continue;
                }
                let holders: Vec<usize> = layout
                    .peers(*p)
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| values[c] == d && !plant.contains(&c))
                    .filter(|&c| wanted.iter().all(|(q, w)| !w.contains(&d) || !layout.sees(c, *q)))
                    .collect();
                if holders.iter().any(|&c| kept[c]) {
                    continue;
                }
                match holders.choose(rng) {
                    Some(&c) => kept[c] = true,
                    None => continue 'draw,
                }
            }
        }
        let mut first = plant.clone();
        first.extend((0..cells).filter(|&c| {
            !kept[c]
                && !plant.contains(&c)
                && wanted.iter().any(|(q, w)| w.contains(&values[c]) && layout.sees(c, *q))
        }));
        return Planted { first, keep: kept, empty: plant.len() };
    }
    Planted { first: Vec::new(), keep: vec![false; cells], empty: 0 }
}

/// [`DIGITS_FIRST`] digits drawn at random, every clue of theirs first.
fn digits(solution: &Grid, rng: &mut impl Rng) -> Planted {
    let values = solution.values();
    let n = solution.shape().size() as u8;
    let digits: Vec<u8> = (1..=n).collect();
    let chosen: Vec<u8> = digits.choose_multiple(rng, DIGITS_FIRST).copied().collect();
    let first = (0..values.len()).filter(|&c| chosen.contains(&values[c])).collect();
    Planted { first, keep: vec![false; values.len()], empty: 0 }
}

#[cfg(test)]
mod tests {
    use super::super::{Options, Plan};
    use super::*;
    use crate::shape::Shape;
    use Technique::*;
    use rand::SeedableRng;

    /// The plant the plan of `o` carves first.
    fn plant(o: Options) -> Option<Plant> {
        Plan::of(&o).unwrap().unwrap().plant
    }

    /// The first full 9x9 grid of the classic generator of `seed`.
    fn classic_grid(seed: u64) -> crate::Grid {
        crate::generate::Generator::new(Options::new(Shape::CLASSIC), seed)
            .unwrap()
            .grid(0)
            .unwrap()
    }

    #[test]
    fn quads_and_fish_plant_a_house_or_a_digit() {
        let nine = || Options::new(Shape::CLASSIC);
        assert_eq!(plant(nine().needs(&[NakedQuad])), Some(Plant::NakedQuad));
        assert_eq!(plant(nine().hardest(HiddenQuad)), Some(Plant::HiddenQuad));
        assert_eq!(plant(nine().needs(&[XWing, Jellyfish])), Some(Plant::Jellyfish));
        assert_eq!(plant(nine().needs(&[XWing])), None);
        // A swordfish as the hardest step on 9x9 to 16x16, and as a need
        // on 16x16 alone.
        assert_eq!(plant(nine().hardest(Swordfish)), Some(Plant::Swordfish));
        assert_eq!(plant(nine().hardest(AlignedPairExclusion)), Some(Plant::AlignedPair));
        assert_eq!(plant(nine().needs(&[Swordfish])), None);
        assert_eq!(plant(nine().hardest(XWing)), None);
        let sixteen = || Options::new(Shape::new(4, 4).unwrap());
        assert_eq!(plant(sixteen().hardest(Swordfish)), Some(Plant::Swordfish));
        assert_eq!(plant(sixteen().needs(&[Swordfish])), Some(Plant::Swordfish));
        assert_eq!(plant(sixteen().needs(&[XWing, Swordfish])), Some(Plant::Swordfish));
        assert_eq!(plant(Options::new(Shape::new(3, 4).unwrap()).needs(&[Swordfish])), None);
        assert_eq!(plant(Options::new(Shape::new(2, 3).unwrap()).hardest(Swordfish)), None);
        assert_eq!(plant(Options::new(Shape::new(4, 4).unwrap()).needs(&[NakedQuad])), None);
        let solution = classic_grid(3);
        let values = solution.values();
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
        // The candidates of cell `c` given the kept clues alone.
        let candidates = |keep: &[bool], c: usize| -> u16 {
            let seen = solution.rules().layout().peers(c).iter().map(|&p| p as usize);
            seen.filter(|&p| keep[p]).fold(0x3fe, |m, p| m & !(1 << values[p]))
        };
        // Whether `size` of the items together hold `size` bits.
        let sets_of = |items: &[u16], size: u32| -> bool {
            let k = items.len();
            (0..1u32 << k).filter(|s| s.count_ones() == size).any(|s| {
                let union = (0..k).filter(|i| s >> i & 1 == 1).fold(0, |m, i| m | items[i]);
                union.count_ones() == size
            })
        };
        let fours = |items: &[u16]| sets_of(items, 4);
        let mut naked_clear = 0;
        let mut hidden_open = 0;
        for _ in 0..20 {
            for plant in [Plant::NakedQuad, Plant::HiddenQuad] {
                let Planted { first: planted, keep, .. } = plant.draw(&solution, &mut rng);
                // The line, then (hidden quad) the four digits' clues.
                let (first, after) = planted.split_at(9);
                let mut digits: Vec<u8> = first.iter().map(|&c| values[c]).collect();
                digits.sort();
                assert_eq!(digits, (1..=9).collect::<Vec<u8>>(), "one house: {first:?}");
                assert!(first.iter().all(|&c| !keep[c]), "the house is emptied");
                let masks: Vec<u16> = first.iter().map(|&c| candidates(&keep, c)).collect();
                let line = first.iter().all(|&c| c / 9 == first[0] / 9)
                    || first.iter().all(|&c| c % 9 == first[0] % 9);
                assert!(line, "a row or a column: {first:?}");
                if plant == Plant::NakedQuad {
                    assert!(after.is_empty(), "the line alone: {after:?}");
                    assert!(fours(&masks), "no four cells with four digits: {masks:?}");
                    // Cells no kept clue sees (the other five, when each
                    // quad cell sees their digits from elsewhere).
                    naked_clear += masks.iter().filter(|&&k| k == 0x3fe).count();
                } else {
                    // Four digits of the line whose places in it, given the
                    // kept clues, are four cells.
                    let places: Vec<u16> = (1..=9u8)
                        .map(|d| {
                            (0..9).filter(|&i| masks[i] >> d & 1 == 1).fold(0, |m, i| m | 1 << i)
                        })
                        .collect();
                    assert!(fours(&places), "no four digits in four cells: {places:?}");
                    hidden_open += masks.iter().filter(|&&k| k == 0x3fe).count();
                    // After the line: every clue outside it, not kept, of
                    // four digits, whose places in the line are four cells.
                    let mut quad: Vec<u8> = after.iter().map(|&c| values[c]).collect();
                    quad.sort();
                    quad.dedup();
                    assert_eq!(quad.len(), 4, "four digits after the line: {after:?}");
                    let of_quad: Vec<usize> = (0..81)
                        .filter(|&c| !keep[c] && !first.contains(&c))
                        .filter(|&c| quad.contains(&values[c]))
                        .collect();
                    let mut sorted = after.to_vec();
                    sorted.sort();
                    assert_eq!(sorted, of_quad, "the four digits' clues, none kept");
                    let cells = quad.iter().fold(0u16, |m, &d| m | places[d as usize - 1]);
                    assert_eq!(cells.count_ones(), 4, "{quad:?} in the line: {places:?}");
                    // The other five hold the line's cells in some box.
                    let five: Vec<usize> =
                        (0..9).filter(|&i| cells >> i & 1 == 0).map(|i| first[i]).collect();
                    let block = |c: usize| c / 27 * 3 + c % 9 / 3;
                    let whole = five.iter().any(|&f| {
                        first.iter().filter(|&&c| block(c) == block(f)).all(|c| five.contains(c))
                    });
                    assert!(whole, "no box's line cells all among {five:?}");
                }
            }
            for (plant, size) in [(Plant::Jellyfish, 4), (Plant::Swordfish, 3)] {
                let Planted { first, keep, .. } = plant.draw(&solution, &mut rng);
                let d = values[first[0]];
                assert_eq!(first.len(), 9);
                assert!(first.iter().all(|&c| values[c] == d && !keep[c]), "{first:?}");
                // With no `d` placed, its places in a line are the cells not
                // kept: `size` lines with them in `size` crossing lines, and
                // only those lines' cells kept.
                let line_places = |by_rows: bool| -> Vec<u16> {
                    (0..9)
                        .map(|l| {
                            let cell = |a: usize| if by_rows { l * 9 + a } else { a * 9 + l };
                            (0..9).filter(|&a| !keep[cell(a)]).fold(0, |m, a| m | 1 << a)
                        })
                        .collect()
                };
                let fish = sets_of(&line_places(true), size) || sets_of(&line_places(false), size);
                assert!(fish, "no fish of size {size}");
                assert_eq!(
                    keep.iter().filter(|&&k| k).count(),
                    size as usize * (9 - size as usize)
                );
            }
        }
        // A naked quad's other five cells keep every candidate where the
        // quad cells can see their digits otherwise (23 of 100 here).
        assert!(naked_clear >= 15, "{naked_clear} of 100 cells clear");
        // A hidden quad's four cells keep every candidate where the five
        // others can see the four digits otherwise (21 of 80 here).
        assert!(hidden_open >= 15, "{hidden_open} of 80 cells open");
    }

    #[test]
    fn a_hidden_triple_as_the_hardest_step_plants_a_line_with_its_triple_in_one_box() {
        let nine = || Options::new(Shape::CLASSIC);
        assert_eq!(plant(nine().hardest(HiddenTriple)), Some(Plant::HiddenTriple));
        assert_eq!(plant(nine().needs(&[HiddenTriple])), None);
        let sixteen = Options::new(Shape::new(4, 4).unwrap());
        assert_eq!(plant(sixteen.hardest(HiddenTriple)), None);
        let solution = classic_grid(5);
        let values = solution.values();
        let block = |c: usize| c / 27 * 3 + c % 9 / 3;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(2);
        for _ in 0..40 {
            let Planted { first, keep, .. } = Plant::HiddenTriple.draw(&solution, &mut rng);
            let (line, after) = first.split_at(9);
            let row = line.iter().all(|&c| c / 9 == line[0] / 9);
            assert!(row || line.iter().all(|&c| c % 9 == line[0] % 9), "a line: {line:?}");
            assert!(line.iter().all(|&c| !keep[c]), "the line is emptied");
            // Each digit's places in the line, given the kept clues alone.
            let places = |d: u8| -> Vec<usize> {
                let seen = |c: usize| {
                    solution.rules().layout().peers(c).iter().any(|&p| {
                        let p = p as usize;
                        keep[p] && values[p] == d
                    })
                };
                line.iter().copied().filter(|&c| !seen(c)).collect()
            };
            // Three digits whose places are among the line's three cells in
            // one box, and they are the digits of those cells.
            let confined: Vec<u8> = (1..=9u8).filter(|&d| places(d).len() < 9).collect();
            assert_eq!(confined.len(), 3, "{confined:?}");
            let mut cells: Vec<usize> = confined.iter().flat_map(|&d| places(d)).collect();
            cells.sort();
            cells.dedup();
            assert_eq!(cells.len(), 3, "{cells:?}");
            assert!(cells.iter().all(|&c| block(c) == block(cells[0])), "{cells:?}");
            let mut own: Vec<u8> = cells.iter().map(|&c| values[c]).collect();
            own.sort();
            assert_eq!(own, confined);
            // After the line: every clue of the three digits not kept.
            let mut sorted = after.to_vec();
            sorted.sort();
            let of_triple: Vec<usize> = (0..81)
                .filter(|&c| !keep[c] && !line.contains(&c) && confined.contains(&values[c]))
                .collect();
            assert_eq!(sorted, of_triple, "the three digits' clues, none kept");
        }
    }

    #[test]
    fn x_cycles_plant_three_whole_digits_first_on_9x9_and_keep_nothing() {
        let nine = || Options::new(Shape::CLASSIC);
        assert_eq!(plant(nine().needs(&[BidirectionalXCycle])), Some(Plant::Digits));
        assert_eq!(plant(nine().hardest(BidirectionalXCycle)), Some(Plant::Digits));
        assert_eq!(plant(nine().needs(&[BidirectionalYCycle])), None);
        let sixteen = Options::new(Shape::new(4, 4).unwrap());
        assert_eq!(plant(sixteen.needs(&[BidirectionalXCycle])), None);
        let solution = classic_grid(5);
        let values = solution.values();
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(2);
        let mut drawn = [0u32; 10];
        for _ in 0..30 {
            let Planted { first, keep, .. } = Plant::Digits.draw(&solution, &mut rng);
            assert!(keep.iter().all(|&k| !k), "nothing kept");
            let mut digits: Vec<u8> = first.iter().map(|&c| values[c]).collect();
            digits.sort();
            digits.dedup();
            assert_eq!(digits.len(), DIGITS_FIRST, "{first:?}");
            let whole: Vec<usize> = (0..81).filter(|&c| digits.contains(&values[c])).collect();
            assert_eq!(first, whole, "every cell of the digits, none other");
            digits.iter().for_each(|&d| drawn[d as usize] += 1);
        }
        // Drawn at random: every digit comes up in 30 draws of three.
        assert!(drawn[1..].iter().all(|&k| k > 0), "{drawn:?}");
    }
}
