//! `Propagators`: the constraints of a rule set compiled for the searches.
//!
//! Each propagator reads the candidate masks of its cells (bit `d - 1` for
//! digit `d`) and tells which cells to narrow to which masks, or that no
//! completion of its cells exists. See the module above for the invariants
//! (sound; exact on filled cells).
//!
//! Cages keep their cells *arc consistent* up to [`EXACT_CAGE`] cells: a
//! digit stays in a cell only if some assignment of distinct digits to the
//! whole cage, each from its cell's candidates, reaches the sum with it
//! (found per digit set of the cage's size and sum by dynamic programming
//! over the subsets of the set). Larger cages keep the digits of the sets that fit. A digit
//! every fitting set holds is in the cage, so it leaves each cell outside
//! the cage that must differ from all of its cells.
//!
//! Besides the rules' constraints there are the sums the houses imply
//! (innies and outies, see `derived`): a set whose cells are all peers is
//! a cage without a cage's name; one that is not is a plain sum, kept arc
//! consistent through the sums its cells can reach.

use super::cage::{CAGE_MAX_SIZE, combinations, sum_range};
use super::derived::{MAX_CELLS, derived_sums};
use super::fit_memo;
use super::{Cage, Constraint, Relation};
use crate::shape::Layout;

/// The largest cage kept arc consistent: the subsets of a digit set of
/// `k` digits are the bits of one `u64` up to 6.
const EXACT_CAGE: usize = 6;

/// One compiled constraint.
#[derive(Debug)]
enum Prop {
    /// A cage (or a derived sum over peers): its cells, every digit set of
    /// its size and sum, and the cells outside it that differ from all of
    /// its cells.
    /// `key` names the digit sets for [`prune_cage_remembered`]: the
    /// number of cells, the board's side and the sum (see [`cage_key`]).
    Cage { cells: Box<[u16]>, combos: Box<[u64]>, seen: Box<[u16]>, key: u64 },
    /// Cells, not all peers, whose digits sum to `sum` (at most 127; at
    /// most [`MAX_CELLS`] cells).
    Sum { cells: Box<[u16]>, sum: u32 },
    /// A thermometer's cells from the bulb.
    Thermo { cells: Box<[u16]> },
    /// Two cells bound by a relation (its index in [`Relation::ALL`]).
    Pair { a: u16, b: u16, relation: usize },
    /// A cell limited to the digits of a mask.
    Only { cell: u16, mask: u64 },
}

/// Where a propagator comes from, to name it in sentences.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// The constraint of this index in the rules' list (an even/odd
    /// constraint gives one propagator per cell, all with its index).
    Constraint(u32),
    /// A sum the houses imply for the cages (innies and outies).
    Derived(u32),
    /// A neighbour rule on two cells (non-consecutive, "no dot").
    Pair(Relation),
}

/// The compiled constraints of a rule set and which of them read each cell.
#[derive(Debug)]
pub(crate) struct Propagators {
    props: Vec<Prop>,
    /// Per propagator, where it comes from.
    origins: Vec<Origin>,
    /// Per propagator, the cells it reads.
    cells: Vec<Box<[u16]>>,
    /// Per cell, the propagators reading it.
    of_cell: Vec<Vec<u32>>,
    /// Per cell, every cell its propagators read (their cells and, for a
    /// cage, the cells that see it all), each once.
    reach: Vec<Box<[u16]>>,
    /// Per relation and digit `d` (index `d - 1`), the digits a neighbour
    /// may hold.
    partners: [Vec<u64>; 4],
}

impl Propagators {
    /// The propagators of `constraints` and of the relation `pairs` on the
    /// board of `layout`, with the sums its houses imply for the cages;
    /// `None` when there are none.
    pub(crate) fn new(
        layout: &Layout,
        constraints: &[Constraint],
        pairs: &[([u16; 2], Relation)],
    ) -> Option<Propagators> {
        let shape = layout.shape();
        let n = shape.size();
        let mut props = Vec::new();
        let mut origins = Vec::new();
        let mut cages: Vec<&Cage> = Vec::new();
        for (i, c) in constraints.iter().enumerate() {
            match c {
                Constraint::Cage(cage) => {
                    cages.push(cage);
                    props.push(cage_prop(layout, cage.cells(), cage.sum()));
                }
                Constraint::Thermo(t) => props.push(Prop::Thermo { cells: t.cells().into() }),
                Constraint::Dot(d) => {
                    let [a, b] = d.pair();
                    let relation = index(Relation::from(d.kind()));
                    props.push(Prop::Pair { a, b, relation });
                }
                Constraint::Parity(p) => {
                    let mask = p.kind().mask(n);
                    props.extend(p.cells().iter().map(|&cell| Prop::Only { cell, mask }));
                }
            }
            origins.resize(props.len(), Origin::Constraint(i as u32));
        }
        for (cells, sum) in derived_sums(layout, &cages) {
            let peers = cells
                .iter()
                .enumerate()
                .all(|(i, &a)| cells[i + 1..].iter().all(|b| layout.peers(a as usize).contains(b)));
            let (lo, hi) = sum_range(n, cells.len());
            if peers && (lo..=hi).contains(&sum) {
                props.push(cage_prop(layout, &cells, sum));
            } else if !peers && sum <= 127 {
                props.push(Prop::Sum { cells: cells.into(), sum });
            } else if peers {
                // Out of reach: the cages contradict the houses. A cage
                // prop with no digit set says so at the first run.
                let key = cage_key(n, cells.len(), sum);
                props.push(Prop::Cage {
                    cells: cells.into(),
                    combos: [].into(),
                    seen: [].into(),
                    key,
                });
            }
            origins.resize(props.len(), Origin::Derived(sum));
        }
        for &([a, b], relation) in pairs {
            props.push(Prop::Pair { a, b, relation: index(relation) });
            origins.push(Origin::Pair(relation));
        }
        debug_assert_eq!(origins.len(), props.len());
        if props.is_empty() {
            return None;
        }
        let mut of_cell = vec![Vec::new(); shape.cell_count()];
        let mut cells_of = Vec::with_capacity(props.len());
        for (k, p) in props.iter().enumerate() {
            let cells: Box<[u16]> = match p {
                Prop::Cage { cells, .. } | Prop::Sum { cells, .. } | Prop::Thermo { cells } => {
                    cells.clone()
                }
                Prop::Pair { a, b, .. } => [*a, *b].into(),
                Prop::Only { cell, .. } => [*cell].into(),
            };
            for &c in cells.iter() {
                of_cell[c as usize].push(k as u32);
            }
            cells_of.push(cells);
        }
        let reach = of_cell
            .iter()
            .map(|ks| {
                let mut read: Vec<u16> = Vec::new();
                for &k in ks {
                    read.extend_from_slice(&cells_of[k as usize]);
                    if let Prop::Cage { seen, .. } = &props[k as usize] {
                        read.extend_from_slice(seen);
                    }
                }
                read.sort_unstable();
                read.dedup();
                read.into_boxed_slice()
            })
            .collect();
        let partners = Relation::ALL.map(|r| {
            (1..=n as u8)
                .map(|d| {
                    (1..=n as u8).filter(|&e| r.holds(d, e)).fold(0u64, |m, e| m | 1 << (e - 1))
                })
                .collect()
        });
        Some(Propagators { props, origins, cells: cells_of, of_cell, reach, partners })
    }

    /// How many propagators there are.
    pub(crate) fn len(&self) -> usize {
        self.props.len()
    }

    /// Where propagator `k` comes from.
    pub(crate) fn origin(&self, k: usize) -> Origin {
        self.origins[k]
    }

    /// The cells propagator `k` reads (a thermometer's from the bulb).
    pub(crate) fn cells(&self, k: usize) -> &[u16] {
        &self.cells[k]
    }

    /// The propagators reading `cell`.
    #[inline]
    pub(crate) fn of_cell(&self, cell: usize) -> &[u32] {
        &self.of_cell[cell]
    }

    /// Every cell the propagators reading `cell` read, in order: their
    /// answers on a cell's potentials depend on these masks only.
    pub(crate) fn reach(&self, cell: usize) -> &[u16] {
        &self.reach[cell]
    }

    /// Runs propagator `k` on the masks `cand`: pushes `(cell, mask)` for
    /// each cell to narrow (`mask` a strict subset of its candidates) onto
    /// `out`, and returns `false` when its cells have no completion.
    pub(crate) fn prune(&self, k: usize, cand: &[u64], out: &mut Vec<(u32, u64)>) -> bool {
        match &self.props[k] {
            Prop::Cage { cells, combos, seen, .. } => prune_cage(cells, combos, seen, cand, out),
            Prop::Sum { cells, sum } => prune_sum(cells, *sum, cand, out),
            Prop::Thermo { cells } => {
                let mut masks: Vec<u64> = cells.iter().map(|&c| cand[c as usize]).collect();
                // Forward, each cell above the lowest digit before it.
                let mut low = 0u32;
                for m in masks.iter_mut() {
                    *m &= if low >= 64 { 0 } else { !((1u64 << low) - 1) };
                    if *m == 0 {
                        return false;
                    }
                    low = m.trailing_zeros() + 1;
                }
                // Backward, each cell below the highest digit after it.
                let mut high = 65u32;
                for m in masks.iter_mut().rev() {
                    if high <= 64 {
                        *m &= (1u64 << (high - 1)) - 1;
                    }
                    if *m == 0 {
                        return false;
                    }
                    high = 64 - m.leading_zeros();
                }
                for (i, &c) in cells.iter().enumerate() {
                    if masks[i] != cand[c as usize] {
                        out.push((u32::from(c), masks[i]));
                    }
                }
                true
            }
            Prop::Pair { a, b, relation } => {
                let table = &self.partners[*relation];
                let support = |m: u64| {
                    let (mut m, mut s) = (m, 0u64);
                    while m != 0 {
                        s |= table[m.trailing_zeros() as usize];
                        m &= m - 1;
                    }
                    s
                };
                let (a, b) = (*a as usize, *b as usize);
                let ma = cand[a] & support(cand[b]);
                let mb = cand[b] & support(ma);
                if ma == 0 || mb == 0 {
                    return false;
                }
                for (c, m) in [(a, ma), (b, mb)] {
                    if m != cand[c] {
                        out.push((c as u32, m));
                    }
                }
                true
            }
            Prop::Only { cell, mask } => narrow_all(&[*cell], cand, |_| *mask, out),
        }
    }

    /// [`Propagators::prune`], with a cage's answer on its cells' masks
    /// remembered per thread (module `fit_memo`): for searches that meet
    /// the same masks again and again, as the chains' links and the exact
    /// solver do.
    pub(crate) fn prune_remembered(
        &self,
        k: usize,
        cand: &[u64],
        out: &mut Vec<(u32, u64)>,
    ) -> bool {
        match &self.props[k] {
            Prop::Cage { cells, combos, seen, key } => {
                prune_cage_remembered(cells, combos, *key, seen, cand, out)
            }
            Prop::Sum { cells, sum } => prune_sum_remembered(cells, *sum, cand, out),
            _ => self.prune(k, cand, out),
        }
    }
}

/// The name of a cage's digit sets (or, with bit 62, of a plain sum) for
/// the memory of module `fit_memo`: `k` cells on a board of side `n`
/// summing to `sum`.
fn cage_key(n: usize, k: usize, sum: u32) -> u64 {
    (k as u64) << 48 | (n as u64) << 32 | u64::from(sum)
}

/// The propagator of a cage of `cells` summing to `sum`.
fn cage_prop(layout: &Layout, cells: &[u16], sum: u32) -> Prop {
    let n = layout.shape().size();
    // Cells that differ from every cell of the cage: the peers of its
    // first cell that are peers of all the others and not in it.
    let seen: Vec<u16> = layout
        .peers(cells[0] as usize)
        .iter()
        .copied()
        .filter(|p| !cells.contains(p))
        .filter(|p| cells[1..].iter().all(|&c| layout.peers(c as usize).contains(p)))
        .collect();
    Prop::Cage {
        cells: cells.into(),
        combos: combinations(n, cells.len(), sum).into(),
        seen: seen.into(),
        key: cage_key(n, cells.len(), sum),
    }
}

/// Writes the candidate masks of `cells` from `cand` to the first
/// `cells.len()` entries of `masks` (the caller's stack array, so nothing
/// is allocated or copied) and returns those entries.
#[inline(always)]
fn masks_of<'a>(cells: &[u16], cand: &[u64], masks: &'a mut [u64]) -> &'a [u64] {
    let masks = &mut masks[..cells.len()];
    for (m, &c) in masks.iter_mut().zip(cells) {
        *m = cand[c as usize];
    }
    masks
}

/// A cage's propagator: each cell narrowed to the digits some fitting
/// assignment gives it (arc consistency, up to [`EXACT_CAGE`] cells; the
/// digits of the fitting sets beyond), and the digits every fitting set
/// holds removed from the `seen` cells.
fn prune_cage(
    cells: &[u16],
    combos: &[u64],
    seen: &[u16],
    cand: &[u64],
    out: &mut Vec<(u32, u64)>,
) -> bool {
    prune_cage_with(cells, combos, seen, cand, out, None)
}

/// [`prune_cage`] with [`fit_cage`]'s answer remembered under `key` (the
/// side and the sum, which give `combos`) and the cells' masks.
fn prune_cage_remembered(
    cells: &[u16],
    combos: &[u64],
    key: u64,
    seen: &[u16],
    cand: &[u64],
    out: &mut Vec<(u32, u64)>,
) -> bool {
    prune_cage_with(cells, combos, seen, cand, out, Some(key))
}

/// [`prune_cage`], its answer remembered under `remember` when given.
fn prune_cage_with(
    cells: &[u16],
    combos: &[u64],
    seen: &[u16],
    cand: &[u64],
    out: &mut Vec<(u32, u64)>,
    remember: Option<u64>,
) -> bool {
    if combos.is_empty() {
        return false;
    }
    let k = cells.len();
    let mut masks = [0u64; CAGE_MAX_SIZE];
    let masks = masks_of(cells, cand, &mut masks);
    let mut keep = [0u64; CAGE_MAX_SIZE];
    let keep = &mut keep[..k];
    let work = |keep: &mut [u64]| fit_cage(masks, combos, keep);
    let found = match remember {
        Some(key) => fit_memo::fit(key, masks, keep, work),
        None => work(keep),
    };
    match found {
        Some(required) => narrow_cage(cells, masks, keep, seen, required, cand, out),
        None => false,
    }
}

/// What the digit sets `combos` of a cage allow its cells, whose masks are
/// `masks`: writes each cell's mask narrowed to `keep` and returns the
/// digits every fitting set holds; `None` when no set fits.
fn fit_cage(masks: &[u64], combos: &[u64], keep: &mut [u64]) -> Option<u64> {
    let k = masks.len();
    let mut support = [0u64; CAGE_MAX_SIZE];
    let mut required = u64::MAX;
    let mut any = false;
    for &combo in combos {
        // A digit set fits when each cell can take one of its digits and
        // each of its digits has a cell.
        let mut union = 0u64;
        if !masks.iter().all(|&m| {
            union |= m & combo;
            m & combo != 0
        }) || union != combo
        {
            continue;
        }
        // A set that could only give cells digits an earlier fitting set
        // gave them is skipped: the supports stay exact, and counting
        // it as fitting only keeps digits out of `required` (a weaker
        // `seen` rule, still sound).
        let adds = masks.iter().zip(&support).any(|(&m, &s)| m & combo & !s != 0);
        // When every cell can take every digit of the set, any order fits
        // and the union below is exact: no need to match.
        if k <= EXACT_CAGE && adds && masks.iter().any(|&m| m & combo != combo) {
            if !matchings(masks, combo, &mut support) {
                continue;
            }
        } else if adds {
            for (s, &m) in support.iter_mut().zip(masks) {
                *s |= m & combo;
            }
        }
        required &= combo;
        any = true;
    }
    if !any {
        return None;
    }
    for (kept, (&m, &s)) in keep.iter_mut().zip(masks.iter().zip(&support)) {
        *kept = m & s;
    }
    Some(required)
}

/// Pushes a cage's narrowings: each of its `cells` (masks `masks`) to
/// `keep` where that is less, and `required` out of each `seen` cell;
/// `false` when a `seen` cell is left with none.
fn narrow_cage(
    cells: &[u16],
    masks: &[u64],
    keep: &[u64],
    seen: &[u16],
    required: u64,
    cand: &[u64],
    out: &mut Vec<(u32, u64)>,
) -> bool {
    for (&c, (&m, &kept)) in cells.iter().zip(masks.iter().zip(keep)) {
        if kept != m {
            out.push((u32::from(c), kept));
        }
    }
    for &c in seen {
        let old = cand[c as usize];
        if old & required != 0 {
            let m = old & !required;
            if m == 0 {
                return false;
            }
            out.push((u32::from(c), m));
        }
    }
    true
}

/// Per digit index `t`, the subsets of up to six indices (bit `S` of a
/// `u64` for subset `S`) that do not hold `t`.
const WITHOUT: [u64; EXACT_CAGE] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

/// Whether the cells of `masks` can take the digits of `combo` one each
/// (`combo` has as many digits as there are cells, at most
/// [`EXACT_CAGE`]); if so, adds to `support` each cell's digits that some
/// such assignment gives it.
///
/// Dynamic programming over subsets of the set's digits (numbered by
/// index `t`): `reach[i]` holds the subsets cells `..i` can take, `need[i]`
/// those after which cells `i..` can take the rest; cell `i` can hold `t`
/// when a reachable subset without `t` plus `t` is needed after it.
fn matchings(masks: &[u64], combo: u64, support: &mut [u64]) -> bool {
    let k = masks.len();
    let mut digit = [0u64; EXACT_CAGE];
    let mut rest = combo;
    for d in digit.iter_mut().take(k) {
        *d = rest & rest.wrapping_neg();
        rest &= rest - 1;
    }
    // Each cell's digits of the set as indices.
    let mut local = [0u32; EXACT_CAGE];
    for (l, &m) in local.iter_mut().zip(masks) {
        *l = (0..k).filter(|&t| m & digit[t] != 0).fold(0, |a, t| a | 1 << t);
    }
    let mut reach = [0u64; EXACT_CAGE + 1];
    reach[0] = 1;
    for i in 0..k {
        let (mut l, mut r) = (local[i], 0u64);
        while l != 0 {
            let t = l.trailing_zeros() as usize;
            l &= l - 1;
            r |= (reach[i] & WITHOUT[t]) << (1u32 << t);
        }
        reach[i + 1] = r;
    }
    if reach[k] & 1 << ((1u32 << k) - 1) == 0 {
        return false;
    }
    let mut need = 1u64 << ((1u32 << k) - 1);
    for i in (0..k).rev() {
        let (mut l, mut before) = (local[i], 0u64);
        while l != 0 {
            let t = l.trailing_zeros() as usize;
            l &= l - 1;
            let with = (need & !WITHOUT[t]) >> (1u32 << t);
            if reach[i] & with != 0 {
                support[i] |= digit[t];
            }
            before |= with;
        }
        need = before;
    }
    true
}

/// A plain sum's propagator: each cell narrowed to the digits `d` for
/// which the other cells can reach `sum - d` (digits may repeat).
fn prune_sum(cells: &[u16], sum: u32, cand: &[u64], out: &mut Vec<(u32, u64)>) -> bool {
    prune_sum_with(cells, sum, cand, out, false)
}

/// [`prune_sum`] with [`fit_sum`]'s answer remembered by the sum, the
/// number of cells and their masks.
fn prune_sum_remembered(cells: &[u16], sum: u32, cand: &[u64], out: &mut Vec<(u32, u64)>) -> bool {
    prune_sum_with(cells, sum, cand, out, true)
}

/// [`prune_sum`], its answer remembered when `remember`.
fn prune_sum_with(
    cells: &[u16],
    sum: u32,
    cand: &[u64],
    out: &mut Vec<(u32, u64)>,
    remember: bool,
) -> bool {
    let k = cells.len();
    let mut masks = [0u64; MAX_CELLS];
    let masks = masks_of(cells, cand, &mut masks);
    let mut keep = [0u64; MAX_CELLS];
    let keep = &mut keep[..k];
    let fits = if remember {
        let what = 1 << 62 | cage_key(0, k, sum);
        fit_memo::fit(what, masks, keep, |keep| fit_sum(masks, sum, keep).then_some(0)).is_some()
    } else {
        fit_sum(masks, sum, keep)
    };
    fits && narrow_sum(cells, masks, keep, out)
}

/// Pushes each of `cells` (masks `masks`) narrowed to `keep` where that
/// is less; always `true`.
fn narrow_sum(cells: &[u16], masks: &[u64], keep: &[u64], out: &mut Vec<(u32, u64)>) -> bool {
    for (&c, (&m, &kept)) in cells.iter().zip(masks.iter().zip(keep)) {
        if kept != m {
            out.push((u32::from(c), kept));
        }
    }
    true
}

/// Whether cells of masks `masks` (at most [`MAX_CELLS`]) can sum to
/// `sum`; if so writes to `keep` each cell's digits `d` with which the
/// others reach `sum - d` (sums reachable by a prefix and needed by a
/// suffix, as 128-bit sets).
fn fit_sum(masks: &[u64], sum: u32, keep: &mut [u64]) -> bool {
    let k = masks.len();
    // `reach[i]`: the sums cells `..i` can make; `need[i]`: the partial
    // sums from which cells `i..` can make exactly `sum`.
    let mut reach = [0u128; MAX_CELLS];
    let mut need = [0u128; MAX_CELLS + 1];
    reach[0] = 1;
    for i in 0..k {
        let (mut m, mut r) = (masks[i], 0u128);
        while m != 0 {
            let d = m.trailing_zeros() + 1;
            m &= m - 1;
            r |= reach[i] << d;
        }
        if i + 1 < k {
            reach[i + 1] = r;
        }
    }
    need[k] = 1u128 << sum;
    for i in (0..k).rev() {
        let (mut m, mut r) = (masks[i], 0u128);
        while m != 0 {
            let d = m.trailing_zeros() + 1;
            m &= m - 1;
            r |= need[i + 1] >> d;
        }
        need[i] = r;
    }
    if need[0] & 1 == 0 {
        return false;
    }
    for i in 0..k {
        let (mut m, mut kept) = (masks[i], 0u64);
        while m != 0 {
            let bit = m & m.wrapping_neg();
            m &= m - 1;
            let d = bit.trailing_zeros() + 1;
            if reach[i] & (need[i + 1] >> d) != 0 {
                kept |= bit;
            }
        }
        keep[i] = kept;
    }
    true
}

/// Narrows each of `cells` to its candidates within `keep(cell)`; `false`
/// when one is left with none.
fn narrow_all(
    cells: &[u16],
    cand: &[u64],
    keep: impl Fn(u16) -> u64,
    out: &mut Vec<(u32, u64)>,
) -> bool {
    for &c in cells {
        let old = cand[c as usize];
        let m = old & keep(c);
        if m == 0 {
            return false;
        }
        if m != old {
            out.push((u32::from(c), m));
        }
    }
    true
}

/// The index of `r` in [`Relation::ALL`].
fn index(r: Relation) -> usize {
    Relation::ALL.iter().position(|&x| x == r).expect("every relation is listed")
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::*;
    use crate::Rules;
    use crate::constraint::{DotKind, ParityKind};
    use crate::generate::{Generator, Options};
    use crate::shape::Shape;

    /// Soundness: from candidates that always hold a full grid's digit
    /// (random supersets of it), no propagator removes that digit or
    /// reports a contradiction, for constraints the grid keeps. Exactness
    /// on filled cells: with every cell narrowed to the grid's digit, a
    /// propagator keeps them all; with one cell changed to a digit that
    /// breaks its constraint, it reports a contradiction or removes it.
    #[test]
    fn propagators_never_prune_a_solution_digit() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(23);
        for (k, (r, c)) in [(3, 3), (2, 3), (2, 2), (4, 4)].into_iter().enumerate() {
            let shape = Shape::new(r, c).unwrap();
            let (n, cells) = (shape.size(), shape.cell_count());
            let generator = Generator::new(Options::new(shape), k as u64).unwrap();
            for index in 0..4 {
                let v = generator.grid(index).unwrap().values().to_vec();
                // Constraints the grid keeps: cages of random runs along a
                // row, thermometers along rising runs, dots and parity.
                let mut rules = Rules::classic(shape);
                for row in (0..n).step_by(2) {
                    let len = rng.random_range(1..=n.min(4));
                    let cage: Vec<u16> = (0..len).map(|j| (row * n + j) as u16).collect();
                    let sum = cage.iter().map(|&x| u32::from(v[x as usize])).sum();
                    rules = rules.with_cage(&cage, sum).unwrap();
                }
                for row in (1..n).step_by(2) {
                    let mut path = vec![(row * n) as u16];
                    for j in 1..n {
                        let x = (row * n + j) as u16;
                        if v[x as usize] > v[*path.last().unwrap() as usize] {
                            path.push(x);
                        } else {
                            break;
                        }
                    }
                    if path.len() >= 2 {
                        rules = rules.with_thermo(&path).unwrap();
                    }
                }
                for a in 0..cells - n {
                    let (x, y) = (v[a], v[a + n]);
                    let Some(kind) = DotKind::between(x, y) else { continue };
                    rules = rules.with_dot(a as u16, (a + n) as u16, kind).unwrap();
                }
                let odd: Vec<u16> =
                    (0..cells as u16).filter(|&i| v[i as usize] % 2 == 1 && i % 3 == 0).collect();
                rules = rules.with_parity(&odd, ParityKind::Odd).unwrap();
                let props = rules.propagators().unwrap();
                let mut out = Vec::new();
                for round in 0..200 {
                    let keep = [0.3, 0.6, 0.9][round % 3];
                    let cand: Vec<u64> = v
                        .iter()
                        .map(|&d| {
                            let noise =
                                (0..n).filter(|_| rng.random_bool(keep)).fold(0, |m, e| m | 1 << e);
                            noise | 1 << (d - 1)
                        })
                        .collect();
                    for p in 0..props.len() {
                        out.clear();
                        assert!(
                            props.prune(p, &cand, &mut out),
                            "{shape} {index}.{round}: prop {p}"
                        );
                        for &(cell, mask) in &out {
                            let bit = 1u64 << (v[cell as usize] - 1);
                            assert_ne!(
                                mask & bit,
                                0,
                                "{shape} {index}.{round}: prop {p} cell {cell}"
                            );
                            assert_eq!(mask & !cand[cell as usize], 0);
                        }
                    }
                }
                let filled: Vec<u64> = v.iter().map(|&d| 1u64 << (d - 1)).collect();
                for p in 0..props.len() {
                    out.clear();
                    assert!(props.prune(p, &filled, &mut out) && out.is_empty());
                }
                // Change a cell of each constraint: where the constraint
                // check says broken, the propagator must not accept it.
                for (i, con) in rules.constraints().iter().enumerate() {
                    for &cell in con.cells() {
                        for d in 1..=n as u8 {
                            let mut w = v.clone();
                            w[cell as usize] = d;
                            if !con.is_broken_by(&w) {
                                continue;
                            }
                            let masks: Vec<u64> = w.iter().map(|&d| 1u64 << (d - 1)).collect();
                            let rejected = props.of_cell(cell as usize).iter().any(|&p| {
                                out.clear();
                                !props.prune(p as usize, &masks, &mut out) || !out.is_empty()
                            });
                            assert!(rejected, "{shape} {index}: constraint {i}, r{cell} = {d}");
                        }
                    }
                }
            }
        }
    }

    /// The masks of `digits` lists, one per cell.
    fn masks(cells: &[&[u32]]) -> Vec<u64> {
        cells.iter().map(|ds| ds.iter().fold(0, |m, d| m | 1 << (d - 1))).collect()
    }

    /// The narrowings `out` holds, as `(cell, digits)`, sorted.
    fn narrowed(out: &[(u32, u64)]) -> Vec<(u32, Vec<u32>)> {
        let mut v: Vec<(u32, Vec<u32>)> = out
            .iter()
            .map(|&(c, m)| (c, (1..=16).filter(|d| m & 1 << (d - 1) != 0).collect()))
            .collect();
        v.sort();
        v
    }

    /// A cage keeps only digits that some whole assignment uses: in a
    /// 2-cell cage of 10 with candidates {1, 4, 9} and {6, 9}, 9 fits the
    /// set {1, 9} but needs the other cell to take 1; and a digit every
    /// set holds leaves the rest of the row.
    #[test]
    fn cages_keep_digits_of_whole_assignments() {
        let all = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        let mut cells: Vec<&[u32]> = vec![&all; 81];
        cells[0] = &[1, 4, 9];
        cells[1] = &[6, 9];
        let cand = masks(&cells);
        let layout = Shape::CLASSIC.layout();
        let mut out = Vec::new();
        assert!(prune_cage(&[0, 1], &combinations(9, 2, 10), &[], &cand, &mut out));
        assert_eq!(narrowed(&out), [(0, vec![1, 4])]);

        // 1 + 2 is the only way to 3: both leave the cage's row and box.
        let Prop::Cage { cells, combos, seen, .. } = cage_prop(layout, &[3, 4], 3) else {
            unreachable!()
        };
        out.clear();
        assert!(prune_cage(&cells, &combos, &seen, &masks(&vec![&all[..]; 81]), &mut out));
        let changed = narrowed(&out);
        let expect: Vec<u32> = [0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 21, 22, 23].into();
        assert_eq!(changed.iter().map(|c| c.0).collect::<Vec<_>>(), expect);
        assert!(changed.iter().all(|(c, ds)| {
            if [3, 4].contains(c) { ds == &[1, 2] } else { ds == &[3, 4, 5, 6, 7, 8, 9] }
        }));
        // With 1 gone from one cell, the other must take it.
        let mut cand = masks(&vec![&all[..]; 81]);
        cand[3] &= !1;
        out.clear();
        assert!(prune_cage(&cells, &combos, &seen, &cand, &mut out));
        assert!(narrowed(&out).contains(&(4, vec![1])));
        // With 1 gone from both, nothing fits.
        cand[4] &= !1;
        assert!(!prune_cage(&cells, &combos, &seen, &cand, &mut out));
    }

    /// A remembered cage or sum answer is the answer: on random cages of
    /// 9x9 and 16x16 boards (up to the largest size, in rows, so cages of
    /// the same size and sum share keys with other cells and `seen` cells),
    /// plain sums on their first cells, and random candidates, each met
    /// many times, the remembered propagators narrow exactly as the plain
    /// ones do.
    #[test]
    fn remembered_cage_answers_equal_the_worked_ones() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(41);
        let (mut pruned, mut refuted, mut sums_pruned) = (0, 0, 0);
        for shape in [Shape::CLASSIC, Shape::new(4, 4).unwrap()] {
            let (n, layout) = (shape.size(), shape.layout());
            for _ in 0..60 {
                let k = rng.random_range(1..=n.min(CAGE_MAX_SIZE));
                let row = rng.random_range(0..n);
                let start = rng.random_range(0..=n - k);
                let cells: Vec<u16> = (start..start + k).map(|c| (row * n + c) as u16).collect();
                let (lo, hi) = sum_range(n, k);
                let sum = rng.random_range(lo..=hi);
                let Prop::Cage { cells, combos, seen, key } = cage_prop(layout, &cells, sum) else {
                    unreachable!()
                };
                // A few candidate grids, dense enough that most sets fit.
                let grids: Vec<Vec<u64>> = (0..6)
                    .map(|_| {
                        let keep = [0.5, 0.75, 0.9][rng.random_range(0..3)];
                        (0..shape.cell_count())
                            .map(|_| {
                                (0..n).filter(|_| rng.random_bool(keep)).fold(0, |m, e| m | 1 << e)
                            })
                            .collect()
                    })
                    .collect();
                for _ in 0..20 {
                    let cand = &grids[rng.random_range(0..grids.len())];
                    let (mut want, mut got) = (Vec::new(), Vec::new());
                    let ok = prune_cage(&cells, &combos, &seen, cand, &mut want);
                    let again = prune_cage_remembered(&cells, &combos, key, &seen, cand, &mut got);
                    assert_eq!((again, &got), (ok, &want), "{shape} {cells:?} = {sum}");
                    pruned += usize::from(ok && !want.is_empty());
                    refuted += usize::from(!ok);
                    // A plain sum over the cage's first cells (digits may
                    // repeat), with the same key's sum and size.
                    let (k, sum) = (k.min(MAX_CELLS), sum.min(127));
                    let (mut want, mut got) = (Vec::new(), Vec::new());
                    let ok = prune_sum(&cells[..k], sum, cand, &mut want);
                    let again = prune_sum_remembered(&cells[..k], sum, cand, &mut got);
                    assert_eq!((again, &got), (ok, &want), "{shape} {cells:?} sum {sum}");
                    sums_pruned += usize::from(ok && !want.is_empty());
                }
            }
        }
        assert!(
            pruned > 200 && refuted > 50 && sums_pruned > 200,
            "{pruned} {refuted} {sums_pruned}"
        );
    }

    /// A plain sum lets digits repeat and keeps a digit only when the other
    /// cells can make up the rest.
    #[test]
    fn sums_keep_digits_the_other_cells_complete() {
        let all: &[u32] = &[1, 2, 3, 4, 5, 6, 7, 8, 9];
        let mut out = Vec::new();
        // Two cells to 2: both 1.
        let cand = masks(&[all, all]);
        assert!(prune_sum(&[0, 1], 2, &cand, &mut out));
        assert_eq!(narrowed(&out), [(0, vec![1]), (1, vec![1])]);
        // Three cells to 20 with {1, 2}, {1, 9}, any: the third holds 9 at
        // most, so the first two need 11: 2 and 9, and the third 9.
        out.clear();
        let cand = masks(&[&[1, 2], &[1, 9], all]);
        assert!(prune_sum(&[0, 1, 2], 20, &cand, &mut out));
        assert_eq!(narrowed(&out), [(0, vec![2]), (1, vec![9]), (2, vec![9])]);
        // Out of reach.
        out.clear();
        let cand = masks(&[&[1, 2], &[1, 9]]);
        assert!(!prune_sum(&[0, 1], 12, &cand, &mut out));
        assert!(prune_sum(&[0, 1], 11, &cand, &mut out));
        assert_eq!(narrowed(&out), [(0, vec![2]), (1, vec![9])]);
    }

    /// The subset dynamic programming of `matchings` against every
    /// permutation of the set's digits, on random candidates.
    #[test]
    fn matchings_agree_with_every_permutation() {
        fn permutations(digits: &[u64]) -> Vec<Vec<u64>> {
            if digits.is_empty() {
                return vec![Vec::new()];
            }
            let mut out = Vec::new();
            for (i, &d) in digits.iter().enumerate() {
                let mut rest = digits.to_vec();
                rest.remove(i);
                for mut p in permutations(&rest) {
                    p.insert(0, d);
                    out.push(p);
                }
            }
            out
        }
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(6);
        let mut fits = 0;
        for _ in 0..3000 {
            let k = rng.random_range(1..=EXACT_CAGE);
            let n = rng.random_range(k..=12);
            let combos = combinations(
                n,
                k,
                rng.random_range(k * (k + 1) / 2..=k * (2 * n - k + 1) / 2) as u32,
            );
            let combo = combos[rng.random_range(0..combos.len())];
            let masks: Vec<u64> = (0..k).map(|_| rng.random_range(1..1u64 << n)).collect();
            let digits: Vec<u64> = (0..n).map(|d| 1u64 << d).filter(|b| combo & b != 0).collect();
            let mut expect = vec![0u64; k];
            let mut any = false;
            for p in permutations(&digits) {
                if p.iter().zip(&masks).all(|(d, m)| d & m != 0) {
                    any = true;
                    for (e, d) in expect.iter_mut().zip(&p) {
                        *e |= d;
                    }
                }
            }
            let mut support = vec![0u64; k];
            assert_eq!(matchings(&masks, combo, &mut support), any, "{masks:?} {combo:b}");
            assert_eq!(support, expect, "{masks:?} {combo:b}");
            fits += usize::from(any);
        }
        assert!(fits > 300, "{fits}");
    }
}
