/*!
Constraints drawn from a full grid before its givens are carved: killer
cages, thermometers, kropki dots and even/odd marks.

- [`Extras`]: which constraints to draw, set with
  [`Options::extras`](super::Options::extras).
- [`Cages`]: killer cages whose givens are then carved, or cages refined
  until the puzzle needs no given.
- [`Dots`]: every kropki dot of the grid (with the negative constraint: no
  dot means neither consecutive nor ratio 2), or a random half of them.
- `draw` (crate-private): the full grid under rules extended by the drawn
  constraints.

# Invariants
- Every constraint is read off the full grid `S`: a cage's sum is the sum
  of its digits in `S`, which it does not repeat; a thermometer rises along
  `S`; a dot's relation holds in `S` (and with all dots, every pair of
  neighbours with a relation has its dot); a mark is the parity of `S`'s
  digit. So `S` obeys the extended rules, and carving them keeps `S` the
  only solution.
- Drawing reads the full grid and the item's random stream only (its
  searches are bounded by node counts, not time), so an item stays a
  function of its seed and index; the deadline only ends it in an error.
- With [`Cages::NoGivens`] the empty board has exactly one solution under
  the extended rules, proved by an exact count or, with logic carving, by
  propagation filling it.
- With [`Cages::WithGivens`] a widened layout (see `widen_cages`) is
  still drawn from `S`: merged cages hold distinct digits of `S`, and
  their sums are `S`'s.
*/

mod cages;
mod marks;
mod thermos;

use rand::Rng;

use super::carve::Check;
use crate::constraint::Constraint;
use crate::deadline::{Deadline, Passed};
use crate::grid::Grid;

/// How killer cages are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cages {
    /// Random cages, then givens carved while the puzzle stays unique.
    /// The puzzle has at least one given: when the cages alone leave the
    /// board unique (about one layout in ten on 9x9), touching cages are
    /// merged into larger ones until an exact count finds a second
    /// solution, and the givens are carved again, so that each given left
    /// is needed. Where that count runs out of its budget, or no two cages
    /// can merge, one given is kept.
    WithGivens,
    /// Random cages split where two solutions differ until the empty board
    /// is unique, then single cells merged into a neighbouring cage
    /// wherever uniqueness allows: a puzzle of cages alone, as killer
    /// collections print them. Uniqueness is proved as the carving proves
    /// it ([`Carving`](super::Carving)): by exact counts up to 12x12, by
    /// propagation alone from 16x16 on (the puzzle is then solvable
    /// without guessing).
    NoGivens,
}

/// Killer givens were asked for without killer cages (see
/// [`Extras::with_cage_givens`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoCages;

impl std::fmt::Display for NoCages {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("only with the killer variant")
    }
}

impl std::error::Error for NoCages {}

/// Which kropki dots are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dots {
    /// Every dot the grid has, with the negative constraint: neighbours
    /// without a dot are neither consecutive nor in ratio 2.
    All,
    /// Each dot of the grid with probability one half, no negative
    /// constraint.
    Some,
}

/// The constraints drawn from each full grid before carving; none by
/// default.
///
/// ```
/// use sudokit::generate::{Cages, Extras, Generator, Options};
/// use sudokit::Shape;
///
/// let options = Options::new(Shape::CLASSIC).extras(Extras::none().cages(Cages::NoGivens));
/// let made = Generator::new(options, 1).unwrap().puzzle(0).unwrap();
/// assert_eq!(made.clues(), 0);
/// assert_eq!(made.puzzle.count_solutions_up_to(2), 1);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Extras {
    cages: Option<Cages>,
    thermos: bool,
    dots: Option<Dots>,
    parity: bool,
    /// Fewer thermometers and marks (see [`Extras::thinned`]).
    sparse: bool,
}

impl Extras {
    /// No constraint drawn.
    pub fn none() -> Extras {
        Extras::default()
    }

    /// Killer cages covering the board (boards of side 16 or less).
    pub fn cages(self, cages: Cages) -> Extras {
        Extras { cages: Some(cages), ..self }
    }

    /// These extras with their killer cages drawn [`Cages::WithGivens`]:
    /// what a "killer with givens" switch asks for. [`NoCages`] when they
    /// draw no cages, as givens kept beside cages mean nothing without them.
    ///
    /// ```
    /// use sudokit::generate::{Cages, Extras, NoCages};
    ///
    /// let killer = Extras::none().cages(Cages::NoGivens);
    /// assert_eq!(killer.with_cage_givens().unwrap().get_cages(), Some(Cages::WithGivens));
    /// assert_eq!(Extras::none().thermos().with_cage_givens(), Err(NoCages));
    /// ```
    pub fn with_cage_givens(self) -> Result<Extras, NoCages> {
        match self.cages {
            Some(_) => Ok(self.cages(Cages::WithGivens)),
            None => Err(NoCages),
        }
    }

    /// Thermometers along rising paths of the grid.
    pub fn thermos(self) -> Extras {
        Extras { thermos: true, ..self }
    }

    /// Kropki dots.
    pub fn dots(self, dots: Dots) -> Extras {
        Extras { dots: Some(dots), ..self }
    }

    /// Even and odd marks on about a third of the cells.
    pub fn parity(self) -> Extras {
        Extras { parity: true, ..self }
    }

    /// Whether nothing is drawn.
    pub fn is_none(&self) -> bool {
        *self == Extras::none()
    }

    /// How cages are drawn, if they are.
    pub fn get_cages(&self) -> Option<Cages> {
        self.cages
    }

    /// Whether thermometers are drawn.
    pub fn get_thermos(&self) -> bool {
        self.thermos
    }

    /// Which dots are drawn, if any.
    pub fn get_dots(&self) -> Option<Dots> {
        self.dots
    }

    /// Whether even/odd marks are drawn.
    pub fn get_parity(&self) -> bool {
        self.parity
    }

    /// These extras drawn thinner, when they draw two kinds or more and
    /// are not thinned yet: half the kropki dots without the negative
    /// constraint ([`Dots::Some`]), a third to half as many thermometers
    /// as the board's side (not two thirds to all of it), and even/odd
    /// marks on a sixth of the cells (not a third); `None` otherwise. What
    /// a level above the puzzles these extras make is reached with (see
    /// `given_levels`).
    ///
    /// ```
    /// use sudokit::generate::{Cages, Dots, Extras};
    ///
    /// let killer_kropki = Extras::none().cages(Cages::NoGivens).dots(Dots::All);
    /// let thinned = killer_kropki.thinned().unwrap();
    /// assert_eq!(thinned.get_dots(), Some(Dots::Some));
    /// assert_eq!(thinned.thinned(), None);
    /// assert_eq!(Extras::none().dots(Dots::All).thinned(), None);
    /// ```
    pub fn thinned(self) -> Option<Extras> {
        let kinds = [self.cages.is_some(), self.thermos, self.dots.is_some(), self.parity];
        let several = kinds.iter().filter(|&&k| k).count() >= 2;
        if !several || self.sparse {
            return None;
        }
        let dots = self.dots.map(|_| Dots::Some);
        Some(Extras { dots, sparse: true, ..self })
    }

    /// Whether the puzzles have no givens (cages refined until none is
    /// needed).
    pub fn no_givens(&self) -> bool {
        self.cages == Some(Cages::NoGivens)
    }
}

/// The full grid `solution` under its rules extended by the constraints
/// of `extras` drawn from it with `rng`; with [`Cages::NoGivens`] the
/// empty board is unique under them, proved by `check`. `Err` when
/// `deadline` passed during the refinement.
pub(super) fn draw(
    extras: Extras,
    solution: &Grid,
    check: Check,
    rng: &mut impl Rng,
    deadline: &Deadline,
) -> Result<Grid, Passed> {
    let shape = solution.shape();
    let values = solution.values();
    let mut drawn: Vec<Constraint> = Vec::new();
    if extras.thermos {
        drawn.extend(thermos::draw(shape, values, extras.sparse, rng));
    }
    if let Some(dots) = extras.dots {
        drawn.extend(marks::dots(shape, values, dots, rng));
    }
    if extras.parity {
        drawn.extend(marks::parity(shape, values, extras.sparse, rng));
    }
    let all_dots = extras.dots == Some(Dots::All);
    let base = solution.rules().clone().with_constraints(drawn, all_dots);
    let rules = match extras.cages {
        None => base,
        Some(how) => {
            let mut layout = cages::draw(shape, values, rng);
            if how == Cages::NoGivens {
                cages::refine(&base, values, &mut layout, check, rng, deadline)?;
            }
            base.with_constraints(cages::constraints(shape, values, &layout), false)
        }
    };
    Ok(Grid::from_values_with(rules, values.to_vec()).expect("the grid fits its own shape"))
}

/// The drawn full grid `drawn`, whose cages alone make its empty board
/// unique, with touching cages merged until a given is needed (see
/// `cages::widen`); `true` with it when a count proved a given needed.
/// `Err` when `deadline` passed.
pub(super) fn widen_cages(
    drawn: &Grid,
    rng: &mut impl Rng,
    deadline: &Deadline,
) -> Result<(Grid, bool), Passed> {
    let rules = drawn.rules();
    let mut layout: Vec<Vec<u16>> = rules
        .constraints()
        .iter()
        .filter_map(|c| match c {
            Constraint::Cage(cage) => Some(cage.cells().to_vec()),
            _ => None,
        })
        .collect();
    let base = rules.clone().without_cages();
    let values = drawn.values();
    let needed = cages::widen(&base, values, &mut layout, rng, deadline)?;
    let rules = base.with_constraints(cages::constraints(drawn.shape(), values, &layout), false);
    let grid = Grid::from_values_with(rules, values.to_vec()).expect("the grid fits its own shape");
    Ok((grid, needed))
}

/// Twenty drawings by `draw` on a valid 9x9 grid (each row the one above
/// shifted, by three within a band and by one across bands) from one random
/// stream seeded with `seed`, returned with the grid: the drawing tests'
/// samples.
#[cfg(test)]
fn samples<T>(
    seed: u64,
    mut draw: impl FnMut(crate::Shape, &[u8], &mut rand_xoshiro::Xoshiro256PlusPlus) -> T,
) -> (Vec<u8>, Vec<T>) {
    use rand::SeedableRng;

    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed);
    let grid: Vec<u8> = (0..81).map(|i| ((i / 9 * 3 + i / 27 + i % 9) % 9 + 1) as u8).collect();
    let drawings = (0..20).map(|_| draw(crate::Shape::CLASSIC, &grid, &mut rng)).collect();
    (grid, drawings)
}
