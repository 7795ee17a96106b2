/*!
One count searched in several orders at once: the board's images under
symmetries of its rules, explored in turn, the first search to end giving
the answer.

# Idea
A symmetry of the rules (a board map that keeps every house and rule, or
the digit map `d -> N + 1 - d` where the rules read digits only through
their differences and parities) maps the solutions of a board one to one
onto those of its image. Counting the image's solutions up to a limit is
the same question as counting the board's, asked of a search that
branches in another order: the general search picks the first cell of
fewest candidates in reading order and tries digits from the smallest, so
a transposed board is searched column by column and a board with its
digits reversed tries the largest digit first.

On sparse boards under non-consecutive rules the time to find a second
solution depends strongly on the order: the same five-clue board takes
0.01-3.3 s by its image, no order best on every board, while the proofs
that no second solution exists take about the same time in every order
(see `docs/generator-notes.md`, issue 23). So [`Orders::count`] keeps one
paused search per image and resumes them in turn, a slice of nodes at a
time, until one of them ends: a search that ends has explored its whole
tree (or found the limit's solutions), so its count is exact, whichever
image it ran on. Each search continues from where its last slice stopped
(its state between two decisions is a fixpoint, see
[`Search::resume`]), so no work is repeated. The plain order gets most of
the nodes: the others start after its first slice, and their budgets
grow as the square root of its count ([`ALT_SCALE`]) and stay under a
twentieth of it ([`ALT_FRACTION`]), so a proof costs at most about 15%
more than the plain search alone (a few percent for the long ones), and a second solution that another order reaches early
(in the carve's slow refusals, often within a few thousand nodes against
hundreds of thousands in the plain order) ends the check early.

# Invariants
- `to[c]` is the image's cell of the board's cell `c` (a permutation),
  and the image's rules are the board's moved by that map
  ([`Transform::try_move_rules`]), so the image of a board under the
  board's rules is a board under the image's rules with as many solutions.
- The digit map is used only where [`reversible`] says the rules keep it.
- The count returned is that of one search that ended; the orders change
  only how long it takes, never the count.
*/

use crate::deadline::Deadline;
use crate::grid::Grid;
use crate::rules::Rules;
use crate::transform::Transform;

use super::Count;
use super::general::{Ended, Next, Search};

/// The nodes the plain order explores per turn.
const SLICE: u64 = 1_000;

/// The scale of the other orders' budgets: after the plain order has
/// explored `t` nodes, each other order has explored up to
/// `sqrt(ALT_SCALE * t)` (5,000 nodes at `t` = 100,000). A proof, which
/// costs about the same in every order, then pays a few percent more than
/// the plain search alone, while a second solution that another order
/// finds in `n` nodes is found once the plain order has spent
/// `n^2 / ALT_SCALE`.
const ALT_SCALE: u64 = 250;

/// At most this fraction of the plain order's nodes go to each other
/// order, which bounds what the others add to a check that the plain
/// order ends (short proofs and refusals included) to about 15%.
const ALT_FRACTION: u64 = 20;

/// One image of the board and the paused search on it.
struct Order {
    /// Where each of the board's cells goes (identity for the plain order).
    to: Vec<u16>,
    /// Whether digits map to `N + 1 - d`.
    reversed: bool,
    /// The general search under the image's rules.
    search: Search,
}

/// Several searches of one count, in the orders of the board's images
/// under symmetries of its rules.
pub(crate) struct Orders {
    orders: Vec<Order>,
    /// The start masks of one image, reused.
    start: Vec<u64>,
    digits: usize,
}

/// Whether the rules keep the digit map `d -> N + 1 - d`: non-consecutive
/// pairs (a difference of one stays one) and even/odd marks when `N` is
/// odd (`d` and `N + 1 - d` have the same parity), and rules that read no
/// digit values; no cages, thermometers or dots.
fn reversible(rules: &Rules) -> bool {
    use crate::constraint::Constraint;
    let odd = rules.shape().size() % 2 == 1;
    !rules.has_all_dots()
        && rules.constraints().iter().all(|c| matches!(c, Constraint::Parity(_)) && odd)
}

impl Orders {
    /// The orders for counts under `rules`, when the portfolio serves them:
    /// rules with non-consecutive pairs that [`reversible`] keeps. `None`
    /// otherwise. Images the rules do not survive (the transposition of
    /// rectangular boxes, say) are left out.
    pub(crate) fn for_rules(rules: &Rules) -> Option<Orders> {
        let shape = rules.shape();
        if !rules.has_non_consecutive() || !reversible(rules) {
            return None;
        }
        let maps: Vec<Option<Transform>> = vec![
            Some(Transform::identity(shape)),
            Transform::transpose(shape).ok(),
            Transform::rotate(shape, 2).ok(),
        ];
        let images: Vec<Option<(Vec<u16>, Rules)>> = maps
            .iter()
            .map(|t| t.as_ref().and_then(|t| Some((t.cell_map(), t.try_move_rules(rules).ok()?))))
            .collect();
        let mut orders = Vec::new();
        for &(image, reversed) in &PLAN {
            let Some(Some((to, moved))) = images.get(image) else { continue };
            let search = Search::new(moved).with_crossings();
            orders.push(Order { to: to.clone(), reversed, search });
        }
        Some(Orders { orders, start: Vec::new(), digits: shape.size() })
    }

    /// The number of solutions of `puzzle` (up to `limit`) in which the
    /// cell `exclude.0`, if given, does not hold the digit `exclude.1`:
    /// [`Solver::count_excluding`](super::Solver::count_excluding) and
    /// [`Solver::count`](super::Solver::count) asked of every order in
    /// turn. `OutOfBudget` only when `deadline` passes first.
    pub(crate) fn count(
        &mut self,
        puzzle: &Grid,
        exclude: Option<(usize, u8)>,
        limit: usize,
        deadline: &Deadline,
    ) -> Count {
        if limit == 0 {
            return Count::Found(0);
        }
        let mut base = puzzle.candidate_masks();
        if let Some((cell, digit)) = exclude {
            base[cell] &= !(1u64 << (digit - 1));
        }
        let watch = deadline.watch();
        let mut found = [0usize; PLAN.len()];
        let mut first = |rest: u64| rest & rest.wrapping_neg();
        let mut turn = 0u64;
        loop {
            turn += 1;
            // The other orders start once the plain one has spent a slice:
            // most checks end within it, and starting a search (loading and
            // propagating the board) costs as much as tens of nodes.
            let started = if turn == 1 { 1 } else { self.orders.len() };
            if turn <= 2 {
                for i in turn as usize - 1..started {
                    if let Some(ended) = self.begin(i, &base, watch) {
                        return match ended {
                            Ended::Finished => Count::Found(0),
                            Ended::OutOfBudget => Count::OutOfBudget(0),
                        };
                    }
                }
            }
            let plain = SLICE * turn;
            let other = (((ALT_SCALE * plain) as f64).sqrt() as u64).min(plain / ALT_FRACTION);
            for (i, (order, found)) in
                self.orders[..started].iter_mut().zip(found.iter_mut()).enumerate()
            {
                let mut on_solution = |_: &[u8]| {
                    *found += 1;
                    if *found < limit { Next::Continue } else { Next::Stop }
                };
                let budget = if i == 0 { plain } else { other };
                match order.search.resume(budget, watch, &mut first, &mut on_solution) {
                    Ended::Finished => return Count::Found(*found),
                    Ended::OutOfBudget if deadline.passed() => {
                        return Count::OutOfBudget(*found);
                    }
                    Ended::OutOfBudget => {}
                }
            }
        }
    }

    /// Maps the start masks `base` to order `i`'s image and starts its
    /// search ([`Search::begin`]).
    fn begin(
        &mut self,
        i: usize,
        base: &[u64],
        watch: crate::deadline::Watch<'_>,
    ) -> Option<Ended> {
        let n = self.digits;
        let order = &mut self.orders[i];
        self.start.clear();
        self.start.resize(base.len(), 0);
        for (c, &m) in base.iter().enumerate() {
            let m = if order.reversed { m.reverse_bits() >> (64 - n) } else { m };
            self.start[order.to[c] as usize] = m;
        }
        order.search.begin(&self.start, watch)
    }
}

/// The images searched, the plain order first: (index among identity,
/// transpose and half turn; digits reversed). Four orders measured best
/// on the slow seeds of issue 23 (two and six did worse; see
/// `docs/generator-notes.md`).
const PLAN: [(usize, bool); 4] = [(0, false), (0, true), (1, false), (2, false)];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Cell;
    use crate::solve::{Limits, Solver};
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// A non-consecutive 9x9 grid (the generator's, seed 2).
    const GRID: &str =
        "352684917197352684864917352286491735419735268735268491573826149941573826628149573";

    /// Whether `values` obey 9x9 non-consecutive rules and the marks, read
    /// from the rules' definitions (not from the solver's layout):
    /// rows, columns and boxes hold each digit once, orthogonal neighbours
    /// differ by more than one, even cells are even and odd cells odd.
    fn obeys(values: &[u8], even: &[usize], odd: &[usize]) -> bool {
        let at = |r: usize, c: usize| values[r * 9 + c];
        let mut ok = values.iter().all(|v| (1..=9).contains(v));
        for i in 0..9 {
            let mut row = 0u16;
            let mut col = 0u16;
            let mut bx = 0u16;
            for j in 0..9 {
                row |= 1 << at(i, j);
                col |= 1 << at(j, i);
                bx |= 1 << at(i / 3 * 3 + j / 3, i % 3 * 3 + j % 3);
            }
            ok &= row == 0x3fe && col == 0x3fe && bx == 0x3fe;
        }
        for r in 0..9 {
            for c in 0..9 {
                if c + 1 < 9 {
                    ok &= at(r, c).abs_diff(at(r, c + 1)) > 1;
                }
                if r + 1 < 9 {
                    ok &= at(r, c).abs_diff(at(r + 1, c)) > 1;
                }
            }
        }
        ok && even.iter().all(|&c| values[c].is_multiple_of(2))
            && odd.iter().all(|&c| values[c] % 2 == 1)
    }

    /// The orders count as the plain search does (the general search in
    /// reading order) on boards of 8-22 clues of a non-consecutive grid, with
    /// and without even/odd marks, with and without one clue's digit
    /// excluded; boards with a second solution show two grids that obey the
    /// rules by their definitions, and unique boards the grid itself.
    #[test]
    fn orders_count_as_the_plain_search() {
        let solution: Vec<u8> = GRID.bytes().map(|b| b - b'0').collect();
        assert!(obeys(&solution, &[], &[]));
        let even: Vec<usize> =
            (0..81).filter(|&c| solution[c].is_multiple_of(2)).step_by(3).collect();
        let odd: Vec<usize> =
            (0..81).filter(|&c| !solution[c].is_multiple_of(2)).step_by(3).collect();
        let list =
            |cells: &[usize]| cells.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(".");
        let marked = format!("9+non-consecutive+even:{}+odd:{}", list(&even), list(&odd));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(23);
        let mut seen = [[0usize; 2]; 2];
        for (name, even, odd) in
            [("9+non-consecutive", &[][..], &[][..]), (marked.as_str(), &even[..], &odd[..])]
        {
            let rules: Rules = name.parse().unwrap();
            let mut orders = Orders::for_rules(&rules).expect("non-consecutive rules have orders");
            assert_eq!(orders.orders.len(), 4);
            let mut plain = Solver::with_limits(Limits::default()).general_only();
            for clues in [8, 10, 12, 14, 16, 18, 22] {
                for _ in 0..3 {
                    let mut cells: Vec<usize> = (0..81).collect();
                    cells.shuffle(&mut rng);
                    let mut values = vec![0u8; 81];
                    for &c in &cells[..clues] {
                        values[c] = solution[c];
                    }
                    let puzzle = Grid::from_values_with(rules.clone(), values.clone()).unwrap();
                    let kept = cells[0];
                    let digit = crate::Digit::new(solution[kept]);
                    let got = orders.count(&puzzle, None, 2, &Deadline::never());
                    assert_eq!(got, plain.count(&puzzle, 2), "{name} {values:?}");
                    let excluded =
                        orders.count(&puzzle, Some((kept, solution[kept])), 1, &Deadline::never());
                    let shown = plain.count_excluding(&puzzle, Cell::from_index(kept), digit, 1);
                    assert_eq!(excluded, shown, "{name} {values:?} without {kept}");
                    let found = plain.solutions(&puzzle, 2);
                    assert_eq!(Count::Found(found.len()), got);
                    for grid in &found {
                        let v = grid.values();
                        assert!(obeys(v, even, odd), "{name} {v:?}");
                        assert!(values.iter().zip(v).all(|(&g, &s)| g == 0 || g == s));
                    }
                    if found.len() == 1 {
                        assert_eq!(found[0].values(), &solution[..]);
                        assert_eq!(excluded, Count::Found(0));
                    } else {
                        assert_ne!(found[0].values(), found[1].values());
                    }
                    seen[usize::from(!even.is_empty())][found.len() - 1] += 1;
                }
            }
        }
        // Both kinds of board, under both rules.
        assert!(seen.iter().flatten().all(|&n| n > 0), "{seen:?}");
    }

    /// The orders serve non-consecutive rules only, and reverse digits
    /// only where the rules keep the map.
    #[test]
    fn orders_serve_rules_that_keep_them() {
        for name in ["9", "9+x", "9+cage:6=0.1.2", "9+anti-knight"] {
            let rules: Rules = name.parse().unwrap();
            assert!(Orders::for_rules(&rules).is_none(), "{name}");
        }
        let rules: Rules = "9+non-consecutive+x".parse().unwrap();
        let orders = Orders::for_rules(&rules).expect("x is kept by transposing");
        // The half turn and the transposition keep both diagonals.
        assert_eq!(orders.orders.len(), 4);
        assert!(reversible(&"9+non-consecutive+even:0".parse().unwrap()));
        assert!(!reversible(&"9+non-consecutive+thermo:0.1.2".parse().unwrap()));
        assert!(!reversible(&"6+non-consecutive+even:0".parse().unwrap()));
    }
}
