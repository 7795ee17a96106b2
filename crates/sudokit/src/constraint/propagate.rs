//! `Propagators`: the constraints of a rule set compiled for the searches.
//!
//! Each propagator reads the candidate masks of its cells (bit `d - 1` for
//! digit `d`) and tells which cells to narrow to which masks, or that no
//! completion of its cells exists. See the module above for the invariants
//! (sound; exact on filled cells).

use super::cage::combinations;
use super::{Constraint, Relation};
use crate::shape::Shape;

/// One compiled constraint.
#[derive(Debug)]
enum Prop {
    /// A cage: its cells and every digit set of its size and sum.
    Cage { cells: Box<[u16]>, combos: Box<[u64]> },
    /// A thermometer's cells from the bulb.
    Thermo { cells: Box<[u16]> },
    /// Two cells bound by a relation (its index in [`Relation::ALL`]).
    Pair { a: u16, b: u16, relation: usize },
    /// A cell limited to the digits of a mask.
    Only { cell: u16, mask: u64 },
}

/// The compiled constraints of a rule set and which of them read each cell.
#[derive(Debug)]
pub(crate) struct Propagators {
    props: Vec<Prop>,
    /// Per cell, the propagators reading it.
    of_cell: Vec<Vec<u32>>,
    /// Per relation and digit `d` (index `d - 1`), the digits a neighbour
    /// may hold.
    partners: [Vec<u64>; 4],
}

impl Propagators {
    /// The propagators of `constraints` and of the relation `pairs` on
    /// `shape`'s board; `None` when there are none.
    pub(crate) fn new(
        shape: Shape,
        constraints: &[Constraint],
        pairs: &[([u16; 2], Relation)],
    ) -> Option<Propagators> {
        let n = shape.size();
        let mut props = Vec::new();
        for c in constraints {
            match c {
                Constraint::Cage(cage) => props.push(Prop::Cage {
                    cells: cage.cells().into(),
                    combos: combinations(n, cage.cells().len(), cage.sum()).into(),
                }),
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
        }
        for &([a, b], relation) in pairs {
            props.push(Prop::Pair { a, b, relation: index(relation) });
        }
        if props.is_empty() {
            return None;
        }
        let mut of_cell = vec![Vec::new(); shape.cell_count()];
        for (k, p) in props.iter().enumerate() {
            let cells: Vec<u16> = match p {
                Prop::Cage { cells, .. } | Prop::Thermo { cells } => cells.to_vec(),
                Prop::Pair { a, b, .. } => vec![*a, *b],
                Prop::Only { cell, .. } => vec![*cell],
            };
            for c in cells {
                of_cell[c as usize].push(k as u32);
            }
        }
        let partners = Relation::ALL.map(|r| {
            (1..=n as u8)
                .map(|d| {
                    (1..=n as u8).filter(|&e| r.holds(d, e)).fold(0u64, |m, e| m | 1 << (e - 1))
                })
                .collect()
        });
        Some(Propagators { props, of_cell, partners })
    }

    /// How many propagators there are.
    pub(crate) fn len(&self) -> usize {
        self.props.len()
    }

    /// The propagators reading `cell`.
    #[inline]
    pub(crate) fn of_cell(&self, cell: usize) -> &[u32] {
        &self.of_cell[cell]
    }

    /// Runs propagator `k` on the masks `cand`: pushes `(cell, mask)` for
    /// each cell to narrow (`mask` a strict subset of its candidates) onto
    /// `out`, and returns `false` when its cells have no completion.
    pub(crate) fn prune(&self, k: usize, cand: &[u64], out: &mut Vec<(u32, u64)>) -> bool {
        match &self.props[k] {
            Prop::Cage { cells, combos } => {
                // A digit set fits when each cell can take one of its
                // digits and each of its digits has a cell (the cage holds
                // exactly its digits).
                let mut fit = 0u64;
                for &combo in combos.iter() {
                    let mut union = 0u64;
                    let each = cells.iter().all(|&c| {
                        let m = cand[c as usize] & combo;
                        union |= m;
                        m != 0
                    });
                    if each && union == combo {
                        fit |= combo;
                    }
                }
                narrow_all(cells, cand, |_| fit, out)
            }
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
                    let kind = if x.abs_diff(y) == 1 {
                        DotKind::White
                    } else if x == 2 * y || y == 2 * x {
                        DotKind::Black
                    } else {
                        continue;
                    };
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
}
