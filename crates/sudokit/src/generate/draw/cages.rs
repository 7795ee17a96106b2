//! Killer cages drawn from a full grid, refined until the empty board is
//! unique, or widened until it is not.
//!
//! A layout is a list of cages, each a list of cells that are orthogonally
//! connected and hold distinct digits of the full grid; together they
//! cover every cell once. Drawing, refining and widening keep that
//! invariant: a split cuts a cage into connected pieces, a merge joins two
//! touching cages whose digits do not meet.
//!
//! The refinement proves uniqueness as the carving of the board does
//! ([`Check`]): by exact counts up to 12x12, and on 16x16 by propagation
//! alone (singles, locked candidates and the cages' sums and innies and
//! outies filling the empty board), since there one count of a sparse
//! killer board can take minutes. Both are proofs: a board propagation
//! fills has that one solution.

use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};

use crate::constraint::{Cage, Constraint};
use crate::deadline::{Deadline, Passed};
use crate::generate::carve::Check;
use crate::grid::Grid;
use crate::rules::Rules;
use crate::shape::{Shape, orthogonal};
use crate::solve::{Count, Limits, Propagator, Solver};

/// The weights of cage sizes 1 to 5: mostly 2 to 4 cells, as in published
/// killers.
const SIZE_WEIGHTS: [u32; 5] = [1, 6, 7, 4, 2];

/// The largest cage drawn or made by a merge.
const MAX_CAGE: usize = 5;

/// The node budget of one count while refining: a count that needs more is
/// read as "not unique yet", and the largest cage is split instead of one
/// where two solutions differ.
const REFINE_NODES: u64 = 100_000;

/// A random cage layout of the full grid `values`: cells visited in random
/// order each start a cage of a random size (see [`SIZE_WEIGHTS`], at most
/// the board's side) grown through random free neighbours whose digits are
/// not in it yet; a cage left at one cell against its drawn size joins a
/// touching cage with room and without its digit, when there is one.
pub(super) fn draw(shape: Shape, values: &[u8], rng: &mut impl Rng) -> Vec<Vec<u16>> {
    let (n, cells) = (shape.size(), shape.cell_count());
    let mut owner = vec![usize::MAX; cells];
    let mut cages: Vec<Vec<u16>> = Vec::new();
    let mut order: Vec<usize> = (0..cells).collect();
    order.shuffle(rng);
    let total: u32 = SIZE_WEIGHTS.iter().sum();
    let mut stuck = Vec::new();
    for &start in &order {
        if owner[start] != usize::MAX {
            continue;
        }
        let mut pick = rng.random_range(0..total);
        let mut want = 1;
        for (k, &w) in SIZE_WEIGHTS.iter().enumerate() {
            if pick < w {
                want = k + 1;
                break;
            }
            pick -= w;
        }
        let want = want.min(n);
        let k = cages.len();
        let mut cage = vec![start as u16];
        owner[start] = k;
        let mut digits = 1u64 << values[start];
        while cage.len() < want {
            let mut free: Vec<usize> = cage
                .iter()
                .flat_map(|&c| orthogonal(c as usize, n))
                .filter(|&j| owner[j] == usize::MAX && digits & 1 << values[j] == 0)
                .collect();
            free.sort_unstable();
            free.dedup();
            let Some(&next) = free.choose(rng) else { break };
            owner[next] = k;
            digits |= 1 << values[next];
            cage.push(next as u16);
        }
        if cage.len() == 1 && want > 1 {
            stuck.push(k);
        }
        cages.push(cage);
    }
    for k in stuck {
        let cell = cages[k][0] as usize;
        let mut hosts: Vec<usize> = orthogonal(cell, n)
            .map(|j| owner[j])
            .filter(|&h| h != k && cages[h].len() < MAX_CAGE.min(n))
            .filter(|&h| cages[h].iter().all(|&c| values[c as usize] != values[cell]))
            .collect();
        hosts.sort_unstable();
        hosts.dedup();
        if let Some(&h) = hosts.choose(rng) {
            cages[k].clear();
            cages[h].push(cell as u16);
            owner[cell] = h;
        }
    }
    cages.retain(|c| !c.is_empty());
    for cage in &mut cages {
        cage.sort_unstable();
    }
    cages
}

/// The cage constraints of `layout`, each summing its digits of `values`.
pub(super) fn constraints(shape: Shape, values: &[u8], layout: &[Vec<u16>]) -> Vec<Constraint> {
    layout
        .iter()
        .enumerate()
        .map(|(k, cells)| {
            let sum = cells.iter().map(|&c| u32::from(values[c as usize])).sum();
            let cage = Cage::new(shape, cells, sum, &format!("cage {}", k + 1))
                .expect("a drawn cage holds distinct digits of the board");
            Constraint::Cage(cage)
        })
        .collect()
}

/// Refines `layout` until the empty board under `base` and the cages has
/// one solution, proved by `check`: [`Fixed::refine_exact`] or
/// [`Fixed::refine_logic`]. `Err` when `deadline` passed.
pub(super) fn refine(
    base: &Rules,
    values: &[u8],
    layout: &mut Vec<Vec<u16>>,
    check: Check,
    rng: &mut impl Rng,
    deadline: &Deadline,
) -> Result<(), Passed> {
    let fixed = Fixed { base, values, deadline };
    match check {
        Check::Exact => fixed.refine_exact(layout, rng),
        Check::Logic => fixed.refine_logic(layout, rng),
    }
}

/// The empty board under `base` and the cages of `layout`.
fn board(base: &Rules, values: &[u8], layout: &[Vec<u16>]) -> Grid {
    let rules = base.clone().with_constraints(constraints(base.shape(), values, layout), false);
    Grid::empty_with(rules)
}

/// The share of the cages over open cells that [`Fixed::refine_logic`]
/// splits in one round: one in `SPLIT_SHARE`, at least one. Splitting one
/// cage a round propagates the board once per cage split; all of them at
/// once cuts cages that a neighbour's split would have settled.
const SPLIT_SHARE: usize = 4;

/// What stays fixed while a layout is refined: the rules without the
/// cages, the full grid's digits and the deadline.
struct Fixed<'a> {
    base: &'a Rules,
    values: &'a [u8],
    deadline: &'a Deadline,
}

impl Fixed<'_> {
    /// The empty board under the rules and the cages of `layout`.
    fn board(&self, layout: &[Vec<u16>]) -> Grid {
        board(self.base, self.values, layout)
    }

    /// [`refine`] by exact counts: while the empty board has two solutions,
    /// the cage holding a cell where they differ is split (a count over its
    /// budget splits every largest cage), so at worst every cage is one cell
    /// and the grid is given whole. Then each one-cell cage joins a touching
    /// cage when the board stays unique.
    ///
    /// Bounded by work as well as by the deadline: every round of the first
    /// phase splits at least one cage of two or more cells (a split leaves at
    /// least two pieces), so it ends within one round per cell; a board of
    /// one-cell cages gives every digit and is unique without a count. The
    /// second phase makes at most four counts per one-cell cage, each within
    /// [`REFINE_NODES`].
    fn refine_exact(&self, layout: &mut Vec<Vec<u16>>, rng: &mut impl Rng) -> Result<(), Passed> {
        let Self { base, values, deadline } = *self;
        let n = base.shape().size();
        let limits = Limits::nodes(REFINE_NODES).with_deadline(deadline.clone());
        let mut solver = Solver::with_limits(limits);
        while layout.len() < values.len() {
            if deadline.passed() {
                return Err(Passed);
            }
            // One search up to two solutions: finished with one is unique.
            let (found, finished) = solver.solutions_within(&self.board(layout), 2);
            let split_at = match (&found[..], finished) {
                ([_], true) => break,
                ([a, b], _) => {
                    let differ: Vec<usize> =
                        (0..values.len()).filter(|&i| a.values()[i] != b.values()[i]).collect();
                    differ.choose(rng).copied()
                }
                (_, false) if deadline.passed() => return Err(Passed),
                _ => None,
            };
            // Two solutions agree on every one-cell cage (its sum is its
            // digit), so the cage found has cells to split; a cell in a one-cell
            // cage is read as no cell found.
            let found = split_at.and_then(|cell| {
                let k = layout.iter().position(|c| c.contains(&(cell as u16))).expect("covered");
                (layout[k].len() > 1).then_some((k, cell))
            });
            let (k, at) = match found {
                Some(found) => found,
                None => {
                    // Far from unique: split every largest cage at once.
                    let most = layout.iter().map(Vec::len).max().unwrap_or(1);
                    let (largest, rest): (Vec<Vec<u16>>, Vec<Vec<u16>>) =
                        std::mem::take(layout).into_iter().partition(|c| c.len() == most);
                    *layout = rest;
                    for cage in largest {
                        let at = *cage.choose(rng).expect("a cage has cells") as usize;
                        layout.extend(split(&cage, at, n));
                    }
                    continue;
                }
            };
            let cage = layout.swap_remove(k);
            layout.extend(split(&cage, at, n));
        }
        self.merge_singles(layout, rng, |trial| {
            solver.count(&self.board(trial), 2) == Count::Found(1)
        })
    }

    /// [`refine`] by propagation: while propagation leaves cells of the empty
    /// board open, a random quarter of the cages holding open cells (at least
    /// one) are split, each at one of its open cells. Then each one-cell cage
    /// joins a touching cage when propagation still fills the board.
    ///
    /// Bounded by work: each round splits at least one cage of two or more
    /// cells (a one-cell cage fixes its digit, so an open cell lies in a
    /// larger cage), so the first phase ends within one round per cell; the
    /// second makes at most four propagations per one-cell cage.
    fn refine_logic(&self, layout: &mut Vec<Vec<u16>>, rng: &mut impl Rng) -> Result<(), Passed> {
        let Self { base, values, deadline } = *self;
        let shape = base.shape();
        let n = shape.size();
        let empty = vec![shape.all_digits(); values.len()];
        let open = |layout: &[Vec<u16>]| {
            let puzzle = self.board(layout);
            Propagator::new(puzzle.rules())
                .open_cells(&empty)
                .expect("the full grid obeys the cages, so propagation meets no contradiction")
        };
        loop {
            if deadline.passed() {
                return Err(Passed);
            }
            let open = open(layout);
            if open.is_empty() {
                break;
            }
            let mut cage_of = vec![usize::MAX; values.len()];
            for (k, cage) in layout.iter().enumerate() {
                for &c in cage {
                    cage_of[c as usize] = k;
                }
            }
            let mut cages: Vec<usize> =
                open.iter().map(|&c| cage_of[c]).filter(|&k| layout[k].len() > 1).collect();
            cages.sort_unstable();
            cages.dedup();
            cages.shuffle(rng);
            cages.truncate(cages.len().div_ceil(SPLIT_SHARE));
            if cages.is_empty() {
                // Not reached (see above); one-cell cages give the grid whole.
                *layout = (0..values.len() as u16).map(|c| vec![c]).collect();
                break;
            }
            let mut pieces = Vec::new();
            for &k in &cages {
                let cells: Vec<usize> = open.iter().copied().filter(|&c| cage_of[c] == k).collect();
                let at = *cells.choose(rng).expect("the cage holds an open cell");
                pieces.extend(split(&layout[k], at, n));
            }
            let mut k = 0;
            layout.retain(|_| {
                k += 1;
                !cages.contains(&(k - 1))
            });
            layout.extend(pieces);
        }
        self.merge_singles(layout, rng, |trial| open(trial).is_empty())
    }

    /// Folds one-cell cages (givens in disguise) into a touching cage, in
    /// random order, wherever `unique` accepts the merged layout: the first
    /// accepted of the random touching cages with room and without the cell's
    /// digit. At most four calls of `unique` per one-cell cage.
    fn merge_singles(
        &self,
        layout: &mut Vec<Vec<u16>>,
        rng: &mut impl Rng,
        mut unique: impl FnMut(&[Vec<u16>]) -> bool,
    ) -> Result<(), Passed> {
        let Self { base, values, deadline } = *self;
        let n = base.shape().size();
        let mut singles: Vec<u16> = layout.iter().filter(|c| c.len() == 1).map(|c| c[0]).collect();
        singles.shuffle(rng);
        for cell in singles {
            if deadline.passed() {
                return Err(Passed);
            }
            let Some(k) = layout.iter().position(|c| c[..] == [cell]) else { continue };
            let digit = values[cell as usize];
            let mut hosts: Vec<usize> = orthogonal(cell as usize, n)
                .filter_map(|j| layout.iter().position(|c| c.contains(&(j as u16))))
                .filter(|&h| h != k && layout[h].len() < MAX_CAGE.min(n))
                .filter(|&h| layout[h].iter().all(|&c| values[c as usize] != digit))
                .collect();
            hosts.sort_unstable();
            hosts.dedup();
            hosts.shuffle(rng);
            for h in hosts {
                let mut trial = layout.clone();
                trial[h].push(cell);
                trial[h].sort_unstable();
                trial.swap_remove(k);
                if unique(&trial) {
                    *layout = trial;
                    break;
                }
            }
        }
        Ok(())
    }
}

/// Widens `layout`, whose empty board under `base` is unique, for a
/// puzzle that should need a given: two random touching cages whose
/// digits do not meet (at most [`MAX_CAGE`] cells together, and at most
/// the board's side) are merged, until an exact count within
/// [`REFINE_NODES`] finds a second solution. Returns whether it did, so
/// that the puzzle needs a given; `false` when a count ran out of budget
/// or no pair could merge. `Err` when `deadline` passed.
///
/// Bounded: each round merges two cages, so there are fewer rounds than
/// cages.
pub(super) fn widen(
    base: &Rules,
    values: &[u8],
    layout: &mut Vec<Vec<u16>>,
    rng: &mut impl Rng,
    deadline: &Deadline,
) -> Result<bool, Passed> {
    let n = base.shape().size();
    let limits = Limits::nodes(REFINE_NODES).with_deadline(deadline.clone());
    let mut solver = Solver::with_limits(limits);
    loop {
        let mut cage_of = vec![usize::MAX; values.len()];
        for (k, cage) in layout.iter().enumerate() {
            for &c in cage {
                cage_of[c as usize] = k;
            }
        }
        let digits = |k: usize| layout[k].iter().fold(0u64, |m, &c| m | 1 << values[c as usize]);
        let mut pairs: Vec<(usize, usize)> = (0..values.len())
            .flat_map(|i| orthogonal(i, n).map(move |j| (i, j)))
            .map(|(i, j)| (cage_of[i], cage_of[j]))
            .filter(|&(a, b)| a < b)
            .filter(|&(a, b)| layout[a].len() + layout[b].len() <= MAX_CAGE.min(n))
            .filter(|&(a, b)| digits(a) & digits(b) == 0)
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        let Some(&(a, b)) = pairs.choose(rng) else { return Ok(false) };
        let joined = std::mem::take(&mut layout[b]);
        layout[a].extend(joined);
        layout[a].sort_unstable();
        layout.swap_remove(b);
        match solver.count(&board(base, values, layout), 2) {
            Count::Found(1) => {}
            Count::Found(_) => return Ok(true),
            Count::OutOfBudget(_) if deadline.passed() => return Err(Passed),
            Count::OutOfBudget(_) => return Ok(false),
        }
    }
}

/// `cage` cut in connected pieces: the first half of its cells in
/// breadth-first order from `at`, and each connected piece of the rest.
fn split(cage: &[u16], at: usize, n: usize) -> Vec<Vec<u16>> {
    let inside = |j: usize, part: &[u16]| part.contains(&(j as u16));
    let mut order = vec![at as u16];
    let mut k = 0;
    while k < order.len() {
        let i = order[k] as usize;
        for j in orthogonal(i, n) {
            if inside(j, cage) && !inside(j, &order) {
                order.push(j as u16);
            }
        }
        k += 1;
    }
    let half = cage.len().div_ceil(2);
    let mut pieces = vec![order[..half].to_vec()];
    let mut rest: Vec<u16> = order[half..].to_vec();
    while let Some(seed) = rest.pop() {
        let mut piece = vec![seed];
        let mut k = 0;
        while k < piece.len() {
            let i = piece[k] as usize;
            for j in orthogonal(i, n) {
                if let Some(p) = rest.iter().position(|&c| c as usize == j) {
                    piece.push(rest.swap_remove(p));
                }
            }
            k += 1;
        }
        pieces.push(piece);
    }
    for piece in &mut pieces {
        piece.sort_unstable();
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `cells` are orthogonally connected on a board of side `n`.
    fn connected(cells: &[u16], n: usize) -> bool {
        let mut reached = vec![cells[0]];
        let mut k = 0;
        while k < reached.len() {
            let i = reached[k] as usize;
            for &c in cells {
                let (a, b) = (i, c as usize);
                let touch = (a / n == b / n && (a % n).abs_diff(b % n) == 1)
                    || (a % n == b % n && (a / n).abs_diff(b / n) == 1);
                if touch && !reached.contains(&c) {
                    reached.push(c);
                }
            }
            k += 1;
        }
        reached.len() == cells.len()
    }

    #[test]
    fn drawn_cages_cover_the_board_once_connected_and_without_repeats() {
        let (grid, layouts) = super::super::samples(3, draw);
        for layout in layouts {
            let mut seen = vec![0; 81];
            for cage in &layout {
                assert!((1..=MAX_CAGE).contains(&cage.len()), "{cage:?}");
                assert!(connected(cage, 9), "{cage:?}");
                let mut digits: Vec<u8> = cage.iter().map(|&c| grid[c as usize]).collect();
                digits.sort_unstable();
                digits.dedup();
                assert_eq!(digits.len(), cage.len(), "{cage:?} repeats a digit");
                for &c in cage {
                    seen[c as usize] += 1;
                }
            }
            assert!(seen.iter().all(|&s| s == 1));
        }
    }

    /// Whether `layout` covers the 81 cells once with connected cages of
    /// distinct digits of `grid`.
    fn well_formed(layout: &[Vec<u16>], grid: &[u8]) -> bool {
        let mut seen = vec![0; 81];
        for cage in layout {
            let mut digits: Vec<u8> = cage.iter().map(|&c| grid[c as usize]).collect();
            digits.sort_unstable();
            digits.dedup();
            if !connected(cage, 9) || digits.len() != cage.len() {
                return false;
            }
            for &c in cage {
                seen[c as usize] += 1;
            }
        }
        seen.iter().all(|&s| s == 1)
    }

    #[test]
    fn logic_refinement_leaves_cages_that_propagation_solves_alone() {
        use rand::SeedableRng;

        let (grid, layouts) = super::super::samples(5, draw);
        let base = Rules::classic(Shape::CLASSIC);
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(1);
        for mut layout in layouts.into_iter().take(3) {
            refine(&base, &grid, &mut layout, Check::Logic, &mut rng, &Deadline::never()).unwrap();
            assert!(well_formed(&layout, &grid), "{layout:?}");
            let puzzle = board(&base, &grid, &layout);
            let open = Propagator::new(puzzle.rules()).open_cells(&[0x1ff; 81]);
            assert_eq!(open, Some(Vec::new()), "{layout:?}");
            let found = Solver::new().solutions(&puzzle, 2);
            assert_eq!(found.len(), 1);
            assert_eq!(found[0].values(), &grid[..]);
            // Some single cell was folded into a cage.
            assert!(layout.len() < 81);
        }
    }

    #[test]
    fn widening_a_unique_layout_makes_a_given_needed() {
        use rand::SeedableRng;

        let (grid, _) = super::super::samples(5, |_, _, _| ());
        let base = Rules::classic(Shape::CLASSIC);
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(2);
        // One-cell cages: the grid given whole, unique.
        let mut layout: Vec<Vec<u16>> = (0..81).map(|c| vec![c]).collect();
        let needed = widen(&base, &grid, &mut layout, &mut rng, &Deadline::never()).unwrap();
        assert!(needed);
        assert!(well_formed(&layout, &grid), "{layout:?}");
        assert!(layout.iter().all(|c| c.len() <= MAX_CAGE));
        assert_eq!(Solver::new().count(&board(&base, &grid, &layout), 2), Count::Found(2));
    }

    #[test]
    fn a_split_gives_connected_pieces_of_the_cage() {
        // An L of five cells on 9x9, cut at its corner.
        let cage = [0u16, 9, 18, 19, 20];
        let pieces = split(&cage, 18, 9);
        let mut all: Vec<u16> = pieces.concat();
        all.sort_unstable();
        assert_eq!(all, cage);
        assert!(pieces.len() >= 2);
        assert!(pieces.iter().all(|p| connected(p, 9)));
        assert!(pieces[0].contains(&18));
    }
}
