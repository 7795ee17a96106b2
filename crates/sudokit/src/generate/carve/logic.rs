/*!
Logic carving (large boards) with propagation shared across a window of
orbits.

A removal that the direct singles test does not settle asks whether the
general search's propagation (singles and locked candidates, no decision)
solves the smaller puzzle. Propagated from scratch, every such check
assigns all of the ~half a board of clues again and repeats the same
deductions. Instead the carver keeps a *base*: the propagated state of the
puzzle without the clues of the next [`WINDOW`] orbits of the pass. Each
check in the window starts from the base, assigns the window's clues that
are still given (minus the orbit being removed), propagates, and undoes
back to the base through the search's trail.

# Why the decisions are the same
The rules are monotone eliminations (more givens never allow fewer
eliminations), so propagation reaches the same fixpoint whatever the order
in which they fire: the greatest state below the start that no rule
changes. The base is the fixpoint of a subset of the check's givens, so it
lies between that fixpoint and the start, and propagating from it (with the
remaining givens assigned) ends in the same fixpoint. Cells outside the
window do not change while it lasts, so the base stays a subset. A test
compares the puzzles with those of one propagation from scratch per check.

# Stopping early
The carved puzzle is always solved by propagation (checked once when a
pass starts; from a full grid it is so trivially), and every removal kept
keeps it so. Hence once a check's propagation assigns the removed cells
again, the rest of the board follows: the check stops there.

# Cost
On a 36x36 puzzle the windowed base, the segments kept between passes and
the early stop take the carving's instructions to under a quarter of one
propagation from scratch per check; window sizes from 4 to 64 orbits cost
about the same. Figures, wall-clock on 36x36 to 64x64, and what is left
(most of the time is the singles' cascade from the base):
`docs/generator-notes.md`, "Large boards: logic carving".
*/

use crate::Digit;
use crate::shape::Cell;
use crate::solve::Propagator;

use super::Carver;

/// How many orbits of the pass one base serves: a larger window shares the
/// base's cost among more checks, a smaller one leaves a stronger base (less
/// to propagate per check).
pub(super) const WINDOW: usize = 16;

impl Carver {
    /// [`Carver::carve`] with logic checks, after the shuffle: the same
    /// decisions as [`Carver::try_remove`] orbit by orbit.
    pub(super) fn carve_logic<O: AsRef<[u16]>>(
        &mut self,
        orbits: &[O],
        floor: usize,
        stop: usize,
        mut keep_going: impl FnMut() -> bool,
    ) {
        let mut search = self.propagator.take().expect("logic carvers have one");
        // The cells of the current window given when it started, and the
        // index of the first orbit after it (0: no window yet).
        let mut window: Vec<u32> = Vec::new();
        let mut window_end = 0;
        let mut base_ok = false;
        let mut adds: Vec<(u32, u64)> = Vec::new();
        let mut cells: Vec<usize> = Vec::new();
        // Whether the puzzle is solved by propagation: then it stays so
        // (every removal kept is proved so), and a check can stop once the
        // removed cells are determined again (see `Propagator::solves_with`).
        // Always, when carving starts from a full grid.
        let solvable =
            self.clues == self.solution.len() || search.solves(&self.grid.candidate_masks());
        let mut watch: Vec<u32> = Vec::new();
        for (k, orbit) in orbits.iter().enumerate() {
            let orbit = orbit.as_ref();
            if self.clues <= stop || !keep_going() {
                break;
            }
            cells.clear();
            cells.extend(orbit.iter().map(|&c| c as usize).filter(|&c| self.is_given(c)));
            if cells.is_empty() || self.clues - cells.len() < floor {
                continue;
            }
            if self.unavoidable.forbids(&cells) {
                continue;
            }
            let mut direct = true;
            for &cell in &cells {
                self.blank(cell);
                direct = direct && self.forced(cell);
            }
            if direct {
                continue;
            }
            if k >= window_end {
                window_end = (k + WINDOW).min(orbits.len());
                window.clear();
                window.extend(cells.iter().map(|&c| c as u32));
                for other in &orbits[k + 1..window_end] {
                    let given = other.as_ref().iter().filter(|&&c| self.is_given(c as usize));
                    window.extend(given.map(|&c| u32::from(c)));
                }
                base_ok = self.load_base(&mut search, &window);
            }
            adds.clear();
            adds.extend(
                window
                    .iter()
                    .filter(|&&c| self.is_given(c as usize))
                    .map(|&c| (c, 1u64 << (self.solution[c as usize] - 1))),
            );
            watch.clear();
            if solvable {
                watch.extend(cells.iter().map(|&c| c as u32));
            }
            if base_ok && search.solves_with(&adds, &watch) {
                continue;
            }
            for &cell in &cells {
                self.give(cell);
            }
        }
        self.propagator = Some(search);
    }

    /// Loads into `search` the current puzzle without the clues of
    /// `window`; returns whether it propagated without contradiction
    /// (always, for a subset of the solution's cells).
    fn load_base(&mut self, search: &mut Propagator, window: &[u32]) -> bool {
        for &c in window {
            self.grid.set(Cell::from_index(c as usize), None);
        }
        let masks = self.grid.candidate_masks();
        for &c in window {
            let c = c as usize;
            if self.is_given(c) {
                self.grid.set(Cell::from_index(c), Some(Digit::new(self.solution[c])));
            }
        }
        search.load(&masks)
    }
}

#[cfg(test)]
mod tests {
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::super::Check;
    use super::super::tests::{CarveWay, carved_twice};
    use crate::generate::{Method, Symmetry, fill};
    use crate::rules::Rules;
    use crate::shape::Shape;

    /// With the windowed checks (`first`), or with one propagation from
    /// scratch per check ([`Carver::try_remove`]), keeping `floor` clues and
    /// stopping at `stop`.
    fn windowed_or_not((floor, stop): (usize, usize)) -> Box<CarveWay> {
        Box::new(move |carver, order, rng, windowed| {
            if windowed {
                carver.carve(order, floor, stop, rng).unwrap();
            } else {
                order.shuffle(rng);
                for orbit in order.iter() {
                    if carver.clues() <= stop {
                        break;
                    }
                    let given = orbit.iter().filter(|&&c| carver.is_given(c as usize)).count();
                    if given > 0 && carver.clues() - given >= floor {
                        carver.try_remove(orbit);
                    }
                }
            }
        })
    }

    fn compare(shapes: &[Shape], rounds: u64, seed: u64) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        for round in 0..rounds {
            let shape = shapes[round as usize % shapes.len()];
            let grid = fill::fill(&Rules::classic(shape), Method::Backtrack, &mut rng).unwrap();
            let symmetry = [Symmetry::None, Symmetry::Rot180, Symmetry::Full]
                [round as usize / shapes.len() % 3];
            let orbits = symmetry.orbits(shape);
            let from_grid = (&grid, grid.values(), Check::Logic);
            let (a, b) = carved_twice(from_grid, &orbits, round, &windowed_or_not((0, 0)));
            assert_eq!(a, b, "round {round}, {shape}, {symmetry}");
            // From the carved puzzle with clues given back, with a floor
            // or a stop.
            let cells = shape.cell_count();
            let mut start = a.clone();
            for _ in 0..cells / 8 {
                let cell = rng.random_range(0..cells);
                start[cell] = grid.values()[cell];
            }
            let clues = start.iter().filter(|&&v| v != 0).count();
            let limits = if round % 2 == 0 { (clues * 9 / 10, 0) } else { (0, clues * 19 / 20) };
            let from_start = (&grid, &start[..], Check::Logic);
            let (a, b) = carved_twice(from_start, &orbits, round + 1000, &windowed_or_not(limits));
            assert_eq!(a, b, "round {round}, {shape}, {symmetry}, second pass");
        }
    }

    /// The windowed checks decide every removal as one propagation from
    /// scratch does: the same puzzles, for single cells and orbits, from
    /// full grids and partly carved ones, with a floor and a stop.
    #[test]
    fn windowed_checks_decide_as_propagation_from_scratch() {
        let shapes = [Shape::CLASSIC, Shape::new(2, 3).unwrap(), Shape::new(4, 4).unwrap()];
        compare(&shapes, 12, 3);
    }

    /// The same on more and larger boards (release, `--ignored`).
    #[test]
    #[ignore = "long: run in release with --ignored"]
    fn windowed_checks_decide_as_propagation_from_scratch_on_large_boards() {
        let shapes =
            [Shape::new(4, 4).unwrap(), Shape::new(5, 5).unwrap(), Shape::new(3, 4).unwrap()];
        compare(&shapes, 30, 4);
    }
}
