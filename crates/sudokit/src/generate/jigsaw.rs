/*!
Random jigsaw regions: `N` orthogonally connected regions of `N` cells that
replace the boxes of an `N x N` board, drawn from a random stream, and only
ones that some grid fills.

# Overview
- [`jigsaw`]: rules with their boxes replaced by random regions, drawn from
  the caller's stream (the other rules — diagonals, windows, groups,
  constraints — are kept, and the layout is fillable under all of them).
- [`Rules::random_jigsaw`]: the same from a shape and a seed.
- [`JigsawError`]: a board outside 4x4..16x16, non-consecutive rules above
  9x9 (most layouts admit no grid there: [`random_regions_refused`]), a
  method built on boxes, or no fillable layout found.

# Method
A balanced flip walk over partitions, as used to sample districting plans
(Fifield, Higgins, Imai and Tarr, "Automated Redistricting Simulation Using
Markov Chain Monte Carlo", J. Comput. Graph. Stat. 29(4), 2020; the flip
chains and the cut-edge compactness score of DeFord, Duchin and Solomon,
"Recombination: A Family of Markov Chains for Redistricting", Harvard Data
Science Review 3(1), 2021). The walk starts from the shape's boxes. Each
step proposes a swap on the boundary between two regions: a random cell
`a` of region `A` next to a region `B`, and a random cell `b` of `B` next
to `A`; `a` moves to `B` and `b` to `A`. The swap is kept when both regions
stay connected (a flood fill of each) and, Metropolis-style, with
probability `e^(-COMPACTNESS * k)` when it adds `k` cut edges (edges
between cells of different regions), so regions stay compact enough to
read. A swap keeps every size `N`, so every state of the walk is a valid
region map. After [`PROPOSALS_PER_CELL`] proposals a cell the layout is
checked.

# Fillable
Not every layout admits a grid. Each layout is checked by the solver's
random fill (the exact search with random digit choices, as the
`backtrack` method fills) with a node budget per try, [`FILL_TRIES`] tries:
a grid found is the layout's *witness*, checked against the drawn rules by
the grid check and handed to the generator (which falls back on it when
its own random fills give up). A layout without a grid in the budget
(about one in twenty at 9x9 and 12x12, most at 16x16) is dropped and the
walk goes on from it, at most [`MAX_ROUNDS`] rounds. The layout is never
the boxes themselves (that is the classic board).

# Invariants
- Every map the walk holds has `N` regions of `N` cells, each connected.
- The result depends only on the rules and the stream: the fills count
  their budget in nodes (a deadline only decides between the result and
  giving up).
*/

use std::fmt;

use rand::Rng;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::deadline::{Deadline, Passed};
use crate::grid::Grid;
use crate::rules::Rules;
use crate::shape::{Cell, Shape, orthogonal};
use crate::solve::random_fill;

use super::{GenerateError, Method, Options, fill};

/// The smallest board side with random regions.
pub const MIN_JIGSAW_SIZE: usize = 4;
/// The largest board side with random regions.
pub const MAX_JIGSAW_SIZE: usize = 16;

/// The largest board random regions are drawn on under non-consecutive
/// rules: above it most layouts admit no grid a random fill finds, so a
/// draw ends after every round.
pub const NON_CONSECUTIVE_MAX_SIZE: usize = 9;

/// What was measured above [`NON_CONSECUTIVE_MAX_SIZE`] (release build,
/// unrated puzzles, `-j 1`, 2026-11-28).
const NON_CONSECUTIVE_MEASURED: &str = "none of 200 layouts admitted a grid on 10x10 seed 1 \
     (12.7 s of CPU), 12x12 seed 1 (16.1 s) and 16x16 seeds 2-3 (24 s each); 10x10 seeds 2-3 \
     took 6.5 and 2.2 s";

/// Why random regions are not drawn under `rules`, if they are not: a
/// board side outside 4..=16, or non-consecutive rules above 9x9.
pub fn random_regions_refused(rules: &Rules) -> Option<JigsawError> {
    let size = rules.shape().size();
    if !(MIN_JIGSAW_SIZE..=MAX_JIGSAW_SIZE).contains(&size) {
        return Some(JigsawError::Size { size });
    }
    (rules.has_non_consecutive() && size > NON_CONSECUTIVE_MAX_SIZE)
        .then(|| JigsawError::Crowded { rules: rules.clone() })
}

/// Swap proposals a cell between two checks of a layout.
const PROPOSALS_PER_CELL: usize = 24;
/// The weight of compactness: a swap that adds `k` cut edges (edges between
/// cells of different regions) is kept with probability `e^(-k * COMPACTNESS)`.
const COMPACTNESS: f64 = 1.0;
/// The node budget of one random fill, a multiple of the cell count (as
/// the `backtrack` fill's).
const FILL_NODES: u64 = 64;
/// Random fills tried on each layout.
const FILL_TRIES: u32 = 4;
/// The most layouts checked before giving up.
const MAX_ROUNDS: u32 = 200;

/// Why no random regions were drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum JigsawError {
    /// The board side is outside 4..=16.
    Size {
        /// The board side asked for.
        size: usize,
    },
    /// The full-grid method builds grids of boxes only.
    Method {
        /// The method asked for.
        method: Method,
    },
    /// Random regions are not drawn under these rules on a board this
    /// large: measured, most layouts admit no grid a fill finds
    /// ([`NON_CONSECUTIVE_MAX_SIZE`]).
    Crowded {
        /// The rules the regions were asked for.
        rules: Rules,
    },
    /// No layout the walk reached was filled within the budget (other
    /// rules leave too little room).
    NoLayout {
        /// The rules the regions were drawn for.
        rules: Rules,
        /// How many layouts were checked.
        rounds: u32,
    },
}

impl fmt::Display for JigsawError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JigsawError::Size { size } => write!(
                f,
                "random jigsaw regions are drawn for boards of side {MIN_JIGSAW_SIZE} to \
                 {MAX_JIGSAW_SIZE}, not {size}"
            ),
            JigsawError::Method { method } => write!(
                f,
                "the {method} method builds grids of rows, columns and boxes only, not grids \
                 with jigsaw regions; use --method backtrack (or solver)"
            ),
            JigsawError::Crowded { rules } => write!(
                f,
                "random jigsaw regions under non-consecutive rules are drawn on boards up to \
                 {NON_CONSECUTIVE_MAX_SIZE}x{NON_CONSECUTIVE_MAX_SIZE}, not under {rules}: \
                 above, most layouts admit no grid ({NON_CONSECUTIVE_MEASURED}); give the \
                 regions with --rules, or drop a rule"
            ),
            JigsawError::NoLayout { rules, rounds } => write!(
                f,
                "none of {rounds} random jigsaw layouts admitted a grid under {rules} within \
                 the search budget; drop some of the other rules"
            ),
        }
    }
}

impl std::error::Error for JigsawError {}

/// `rules` with their boxes (or regions) replaced by random jigsaw regions
/// drawn from `rng`: `N` connected regions of `N` cells, never the boxes,
/// such that some grid obeys every rule (see the module docs for the
/// method). The other rules are kept.
///
/// # Example
/// ```
/// use rand::SeedableRng;
/// use rand_xoshiro::Xoshiro256PlusPlus;
/// use sudokit::generate::jigsaw;
///
/// let x: sudokit::Rules = "9+x".parse().unwrap();
/// let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
/// let rules = jigsaw(&x, &mut rng).unwrap();
/// assert!(rules.regions().is_some() && rules.has_diagonals());
/// assert!(sudokit::Grid::empty_with(rules).some_solution().is_some());
/// ```
pub fn jigsaw(rules: &Rules, rng: &mut impl Rng) -> Result<Rules, JigsawError> {
    match jigsaw_until(rules, rng, &Deadline::never()) {
        Ok(drawn) => drawn.map(|(rules, _)| rules),
        Err(Passed) => unreachable!("the deadline never passes"),
    }
}

/// [`jigsaw`] and its witness (a full grid under the drawn rules), giving
/// up with [`Passed`] once `deadline` passes.
pub(crate) fn jigsaw_until(
    rules: &Rules,
    rng: &mut impl Rng,
    deadline: &Deadline,
) -> Result<Result<(Rules, Grid), JigsawError>, Passed> {
    let shape = rules.shape();
    if let Some(refused) = random_regions_refused(rules) {
        return Ok(Err(refused));
    }
    let mut walk = Walk::new(shape);
    let empty = vec![0; shape.cell_count()];
    let budget = FILL_NODES * shape.cell_count() as u64;
    for _ in 0..MAX_ROUNDS {
        walk.steps(PROPOSALS_PER_CELL * shape.cell_count(), rng);
        let drawn = rules.clone().with_regions(&walk.map).expect("the walk keeps a valid map");
        if drawn.regions().is_none() {
            continue; // The boxes again.
        }
        for _ in 0..FILL_TRIES {
            if deadline.passed() {
                return Err(Passed);
            }
            let mut pick = |mask| fill::pick_bit(mask, rng);
            if let Some(values) = random_fill(&drawn, &empty, budget, deadline, &mut pick) {
                let grid = Grid::from_values_with(drawn.clone(), values)
                    .expect("a fill has the board's cell count");
                assert!(grid.is_solved(), "the fill obeys the rules it was made under");
                return Ok(Ok((drawn, grid)));
            }
        }
    }
    Ok(Err(JigsawError::NoLayout { rules: rules.clone(), rounds: MAX_ROUNDS }))
}

/// Refuses options whose items cannot have random regions
/// ([`random_regions_refused`]) or a full-grid method built on boxes.
pub(super) fn supports(opts: &Options) -> Result<(), GenerateError> {
    if let Some(refused) = random_regions_refused(&opts.rules) {
        return Err(GenerateError::Jigsaw(refused));
    }
    match opts.get_method() {
        Method::Backtrack | Method::Solver => Ok(()),
        method => Err(GenerateError::Jigsaw(JigsawError::Method { method })),
    }
}

impl Rules {
    /// Classic rules of `shape` with random jigsaw regions in place of the
    /// boxes, drawn from `seed` (the same seed gives the same regions):
    /// `N` connected regions of `N` cells that some grid fills. See
    /// [`jigsaw`](crate::generate::jigsaw) to keep other rules and draw
    /// from a stream of your own.
    ///
    /// # Example
    /// ```
    /// use sudokit::{Rules, Shape};
    ///
    /// let rules = Rules::random_jigsaw(Shape::CLASSIC, 1).unwrap();
    /// assert_eq!(rules, Rules::random_jigsaw(Shape::CLASSIC, 1).unwrap());
    /// assert!(rules.to_string().starts_with("9+jigsaw="));
    /// assert!(Rules::random_jigsaw(Shape::new(5, 5).unwrap(), 1).is_err());
    /// ```
    pub fn random_jigsaw(shape: Shape, seed: u64) -> Result<Rules, JigsawError> {
        jigsaw(&Rules::classic(shape), &mut Xoshiro256PlusPlus::seed_from_u64(seed))
    }
}

/// The state of the flip walk: each cell's region, each region's cells,
/// and scratch for the flood fills.
struct Walk {
    n: usize,
    map: Vec<u8>,
    members: Vec<Vec<u16>>,
    /// The cells reached by the current flood fill: those marked `stamp`.
    marks: Vec<u32>,
    stamp: u32,
    stack: Vec<u16>,
}

impl Walk {
    /// The walk at the shape's boxes.
    fn new(shape: Shape) -> Walk {
        let n = shape.size();
        let map: Vec<u8> =
            (0..shape.cell_count()).map(|i| shape.box_of(Cell::from_index(i)) as u8).collect();
        let mut members = vec![Vec::with_capacity(n); n];
        for (i, &r) in map.iter().enumerate() {
            members[r as usize].push(i as u16);
        }
        Walk { n, map, members, marks: vec![0; n * n], stamp: 0, stack: Vec::new() }
    }

    /// The orthogonal neighbours of cell `i`.
    fn near(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        orthogonal(i, self.n)
    }

    /// `proposals` swap proposals, each kept when both regions stay
    /// connected and the Metropolis rule on cut edges accepts it.
    fn steps(&mut self, proposals: usize, rng: &mut impl Rng) {
        let cells = self.n * self.n;
        let mut across = Vec::with_capacity(4);
        let mut touching = Vec::with_capacity(self.n);
        for _ in 0..proposals {
            let a = rng.random_range(0..cells);
            let ra = self.map[a];
            across.clear();
            across.extend(self.near(a).filter(|&j| self.map[j] != ra));
            let Some(&other) = across.get(rng.random_range(0..across.len().max(1))) else {
                continue;
            };
            let rb = self.map[other];
            touching.clear();
            touching.extend(
                self.members[rb as usize]
                    .iter()
                    .map(|&b| b as usize)
                    .filter(|&b| self.near(b).any(|j| self.map[j] == ra)),
            );
            let b = touching[rng.random_range(0..touching.len())];
            let before = self.cut(a) + self.cut(b);
            self.swap(a, b);
            let grown = (self.cut(a) + self.cut(b)) as f64 - before as f64;
            let kept = grown <= 0.0 || rng.random::<f64>() < (-COMPACTNESS * grown).exp();
            if !(kept && self.connected(ra) && self.connected(rb)) {
                self.swap(a, b);
            }
        }
    }

    /// The edges from cell `i` to neighbours in other regions.
    fn cut(&self, i: usize) -> usize {
        self.near(i).filter(|&j| self.map[j] != self.map[i]).count()
    }

    /// Exchanges the regions of cells `a` and `b`.
    fn swap(&mut self, a: usize, b: usize) {
        let (ra, rb) = (self.map[a] as usize, self.map[b] as usize);
        self.map.swap(a, b);
        let at = self.members[ra].iter().position(|&c| c as usize == a).expect("a is in A");
        self.members[ra][at] = b as u16;
        let at = self.members[rb].iter().position(|&c| c as usize == b).expect("b is in B");
        self.members[rb][at] = a as u16;
    }

    /// Whether region `r`'s cells are orthogonally connected.
    fn connected(&mut self, r: u8) -> bool {
        self.stamp += 1;
        let start = self.members[r as usize][0];
        self.marks[start as usize] = self.stamp;
        self.stack.clear();
        self.stack.push(start);
        let mut reached = 1;
        while let Some(i) = self.stack.pop() {
            for j in self.near(i as usize) {
                if self.map[j] == r && self.marks[j] != self.stamp {
                    self.marks[j] = self.stamp;
                    self.stack.push(j as u16);
                    reached += 1;
                }
            }
        }
        reached == self.n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(shape: Shape, seed: u64) -> (Walk, Xoshiro256PlusPlus) {
        (Walk::new(shape), Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// The walk never leaves the valid maps: `with_regions` checks sizes
    /// and connectivity independently of the walk.
    #[test]
    fn every_state_of_the_walk_is_a_region_map() {
        for shape in [Shape::new(2, 2).unwrap(), Shape::new(2, 3).unwrap(), Shape::CLASSIC] {
            let (mut walk, mut rng) = walk(shape, 3);
            for _ in 0..50 {
                walk.steps(shape.size(), &mut rng);
                Rules::classic(shape).with_regions(&walk.map).unwrap();
            }
        }
    }

    #[test]
    fn the_walk_moves_far_from_the_boxes() {
        let shape = Shape::CLASSIC;
        let (mut walk, mut rng) = walk(shape, 5);
        walk.steps(PROPOSALS_PER_CELL * 81, &mut rng);
        let moved = (0..81).filter(|&i| walk.map[i] as usize != shape.box_of(Cell::from_index(i)));
        assert!(moved.count() > 20, "{:?}", walk.map);
    }

    #[test]
    fn sizes_outside_the_range_and_box_methods_are_refused() {
        for (r, c) in [(1, 3), (5, 5), (1, 17)] {
            let shape = Shape::new(r, c).unwrap();
            assert_eq!(
                Rules::random_jigsaw(shape, 0).unwrap_err(),
                JigsawError::Size { size: r * c }
            );
        }
        let options = Options::new(Shape::CLASSIC).random_regions(true).method(Method::Shift);
        let err = super::super::Generator::new(options, 1).unwrap_err();
        assert_eq!(err, GenerateError::Jigsaw(JigsawError::Method { method: Method::Shift }));
        assert!(err.to_string().contains("--method backtrack"), "{err}");
    }
}
