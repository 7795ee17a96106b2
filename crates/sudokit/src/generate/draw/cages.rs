//! Killer cages drawn from a full grid, and refined until the empty board
//! is unique.
//!
//! A layout is a list of cages, each a list of cells that are orthogonally
//! connected and hold distinct digits of the full grid; together they
//! cover every cell once. Drawing and refining keep that invariant: a
//! split cuts a cage into connected pieces, a merge joins two touching
//! cages whose digits do not meet.

use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};

use crate::constraint::{Cage, Constraint};
use crate::deadline::{Deadline, Passed};
use crate::grid::Grid;
use crate::rules::Rules;
use crate::shape::{Shape, orthogonal};
use crate::solve::{Count, Limits, Solver};

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
/// one solution: while it has two, the cage holding a cell where they
/// differ is split (a count over its budget splits every largest cage), so
/// at worst every cage is one cell and the grid is given whole. Then each
/// one-cell cage joins a touching cage when the board stays unique.
/// `Err` when `deadline` passed.
///
/// Bounded by work as well as by the deadline: every round of the first
/// phase splits at least one cage of two or more cells (a split leaves at
/// least two pieces), so it ends within one round per cell; a board of
/// one-cell cages gives every digit and is unique without a count. The
/// second phase makes at most four counts per one-cell cage, each within
/// [`REFINE_NODES`].
pub(super) fn refine(
    base: &Rules,
    values: &[u8],
    layout: &mut Vec<Vec<u16>>,
    rng: &mut impl Rng,
    deadline: &Deadline,
) -> Result<(), Passed> {
    let shape = base.shape();
    let n = shape.size();
    let limits = Limits::nodes(REFINE_NODES).with_deadline(deadline.clone());
    let mut solver = Solver::with_limits(limits);
    let board = |layout: &[Vec<u16>]| {
        let rules = base.clone().with_constraints(constraints(shape, values, layout), false);
        Grid::empty_with(rules)
    };
    while layout.len() < values.len() {
        if deadline.passed() {
            return Err(Passed);
        }
        let puzzle = board(layout);
        let split_at = match solver.count(&puzzle, 2) {
            Count::Found(1) => break,
            Count::Found(_) => {
                let found = solver.solutions(&puzzle, 2);
                let differ: Vec<usize> = match &found[..] {
                    [a, b] => {
                        (0..values.len()).filter(|&i| a.values()[i] != b.values()[i]).collect()
                    }
                    _ => Vec::new(),
                };
                differ.choose(rng).copied()
            }
            Count::OutOfBudget(_) if deadline.passed() => return Err(Passed),
            Count::OutOfBudget(_) => None,
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
    // Single cells are givens in disguise: fold them into neighbours where
    // uniqueness allows.
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
            if solver.count(&board(&trial), 2) == Count::Found(1) {
                *layout = trial;
                break;
            }
        }
    }
    Ok(())
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
