/*!
[`ConstraintLinks`]: what the constraints of the rules make one potential
imply, for the chain searches.

The chains' own links come from houses and cells (modules `chains` and
`forcing`). The constraints beyond houses (killer cages and the sums the
houses imply for them, thermometers, kropki dots and "no dot" neighbours,
non-consecutive neighbours, even/odd cells) add more. To read them, the
potential is assumed on the loaded candidates (its cell narrowed to the
digit, or the digit struck from it) and each propagator reading the cell
runs once:
- every digit it strikes from a cell is an implied "off" potential;
- a cell it leaves with one digit is an implied "on" potential;
- a propagator with no completion left refutes the assumption: the
  potential implies its own opposite.

So the white dot between A and B gives A=5 -> B<>x for each x of B but 4
and 6; a black dot gives A=3 -> B=6 once 6 is the only double B has left;
non-consecutive neighbours give A=5 -> B<>4 and B<>6; a thermometer gives
A=k -> B<>1..k for each cell B after A; a cage whatever its digit sets left
allow (a two-cell cage of 10: A<>3 -> B<>7).

This is the one seam between the chains and the constraints: the chain
searches ask it for a potential's links and never read a constraint, so
every kind of constraint with a propagator has links without more code.

Invariants: a potential is implied only when no completion of the
propagator's cells (from the loaded candidates) keeps the assumption
without it, which the propagators' soundness gives, so a chain built on
these links is sound. On rules without constraints nothing is loaded and
nothing is implied.
*/

use super::potential::Potentials;
use super::state::{State, bits};
use crate::Rules;
use crate::constraint::{Constraint, Origin, Relation, name};

/// The most masks the kept links may hold (8 bytes each): boards whose
/// potentials would need more (sides above 16 or so) keep none.
const REMEMBER_MOST: usize = 1 << 21;

/// A potential's links (implied node, propagator) as last found, with the
/// masks of its cell's reach they were found on.
type Remembered = (Vec<u64>, Vec<(u32, u32)>);

/// Scratch for reading the constraints' links (see the module docs).
///
/// A potential's links are a function of the rules and of the loaded
/// masks of the cells its cell's propagators read ([`Propagators::reach`]);
/// the last links found for each potential are kept with those masks and
/// given again while they are the same (the chains of a search meet the
/// same potentials on the same neighbourhoods again and again). They are
/// dropped when the rules change (the rules are held, so they cannot be
/// mistaken for others), and not kept on boards where they would take more
/// than [`REMEMBER_MOST`] masks.
///
/// [`Propagators::reach`]: crate::constraint::Propagators::reach
#[derive(Debug, Default)]
pub(crate) struct ConstraintLinks {
    /// The rules the remembered links are of.
    rules: Option<Rules>,
    /// Per node: the masks of its cell's reach when its links were last
    /// found (empty: never), and those links.
    remembered: Vec<Remembered>,
    /// The candidates the links are read on: each empty cell's mask, a
    /// placed cell's digit.
    known: Vec<u64>,
    /// One propagator's answer.
    narrow: Vec<(u32, u64)>,
    /// The answer of [`ConstraintLinks::reason`]'s search.
    found: Vec<(u32, u32)>,
}

impl ConstraintLinks {
    /// Loads the candidates of `st`; returns whether its rules have
    /// constraints (without them nothing is loaded).
    pub(crate) fn load(&mut self, st: &State) -> bool {
        let Some(props) = st.rules().propagators() else { return false };
        let same = self
            .rules
            .as_ref()
            .and_then(Rules::propagators)
            .is_some_and(|p| std::ptr::eq(p, props));
        if !same {
            self.rules = Some(st.rules().clone());
            self.remembered.clear();
            let sides = st.shape().size() * 2;
            let most: usize = (0..st.values().len()).map(|c| props.reach(c).len() * sides).sum();
            if most <= REMEMBER_MOST {
                self.remembered.resize_with(st.values().len() * sides, Default::default);
            }
        }
        self.known.clear();
        self.known.extend(st.masks().iter().zip(st.values()).map(|(&m, &v)| match v {
            0 => m,
            v => 1 << (v - 1),
        }));
        true
    }

    /// Strikes digit index `d` from the loaded candidates of `cell` (a
    /// dynamic chain's working copy).
    #[inline]
    pub(crate) fn strike(&mut self, cell: usize, d: usize) {
        self.known[cell] &= !(1 << d);
    }

    /// Pushes onto `out` each potential that `node` implies through the
    /// constraints of `st`'s rules on the loaded candidates, with the
    /// propagator that gives it. A node whose digit is not a candidate, or
    /// an "off" node of a cell's last candidate, implies nothing here.
    pub(crate) fn implied(
        &mut self,
        st: &State,
        code: Potentials,
        node: u32,
        out: &mut Vec<(u32, u32)>,
    ) {
        let Some(props) = st.rules().propagators() else { return };
        let (cell, d, on) = code.split(node);
        let old = self.known[cell];
        let bit = 1u64 << d;
        let assumed = if on { bit } else { old & !bit };
        if old & bit == 0 || assumed == 0 || st.value(cell) != 0 {
            return;
        }
        if self.remembered.is_empty() {
            self.find(st, code, node, out);
            return;
        }
        let reach = props.reach(cell);
        let (masks, links) = &mut self.remembered[node as usize];
        if masks.len() == reach.len()
            && reach.iter().zip(masks.iter()).all(|(&c, &m)| self.known[c as usize] == m)
        {
            out.extend_from_slice(links);
            return;
        }
        masks.clear();
        masks.extend(reach.iter().map(|&c| self.known[c as usize]));
        let start = out.len();
        self.find(st, code, node, out);
        let links = &mut self.remembered[node as usize].1;
        links.clear();
        links.extend_from_slice(&out[start..]);
    }

    /// [`ConstraintLinks::implied`] worked out: each propagator of the
    /// node's cell run on the loaded masks with the node assumed (the node
    /// is a candidate of an empty cell, not its last when "off").
    fn find(&mut self, st: &State, code: Potentials, node: u32, out: &mut Vec<(u32, u32)>) {
        let Some(props) = st.rules().propagators() else { return };
        let (cell, d, on) = code.split(node);
        let old = self.known[cell];
        let bit = 1u64 << d;
        let assumed = if on { bit } else { old & !bit };
        self.known[cell] = assumed;
        for &k in props.of_cell(cell) {
            self.narrow.clear();
            if !props.prune_remembered(k as usize, &self.known, &mut self.narrow) {
                out.push((node ^ 1, k));
                continue;
            }
            for &(c, keep) in &self.narrow {
                let c = c as usize;
                let had = self.known[c];
                for e in bits(had & !keep) {
                    out.push((code.node(c, e as usize, false), k));
                }
                if keep.count_ones() == 1 && (c != cell || !on) {
                    out.push((code.node(c, keep.trailing_zeros() as usize, true), k));
                }
            }
        }
        self.known[cell] = old;
    }

    /// The propagator through which `from` implies `to` on the loaded
    /// candidates, if any (to name it in a sentence).
    pub(crate) fn reason(
        &mut self,
        st: &State,
        code: Potentials,
        from: u32,
        to: u32,
    ) -> Option<u32> {
        let mut found = std::mem::take(&mut self.found);
        found.clear();
        self.implied(st, code, from, &mut found);
        let k = found.iter().find(|f| f.0 == to).map(|f| f.1);
        self.found = found;
        k
    }
}

/// Whether `from` implies `to` through a house or a cell on `st`'s
/// candidates (the chains' own links): "on" to "off" in the same cell or
/// for the same digit in a peer; "off" to "on" in a bivalue cell or at the
/// other of a digit's two places in a house.
pub(crate) fn is_house_link(st: &State, code: Potentials, from: u32, to: u32) -> bool {
    let (a, d, on) = code.split(from);
    let (b, e, to_on) = code.split(to);
    let layout = st.layout();
    match (on, to_on) {
        (true, false) => (a == b && d != e) || (d == e && layout.peers(a).contains(&(b as u16))),
        (false, true) if a == b => d != e && st.count(a) == 2,
        (false, true) => {
            d == e
                && layout.houses_of(a).iter().any(|&u| {
                    let house = layout.house(u as usize);
                    house.contains(&(b as u16))
                        && st.positions(u as usize, 1 << d).count_ones() == 2
                })
        }
        _ => false,
    }
}

/// Propagator `k` of `st`'s rules in a sentence: `the white dot between
/// r1c1 and r1c2`, `cage 3 (sum 15)`, `the non-consecutive rule between
/// r4c4 and r4c5`.
pub(crate) fn describe(st: &State, k: u32) -> String {
    let shape = st.shape();
    let Some(props) = st.rules().propagators() else { return String::new() };
    let cells = props.cells(k as usize);
    let between = || {
        let (a, b) = (cells[0], cells[cells.len() - 1]);
        format!("between {} and {}", name(a, shape), name(b, shape))
    };
    match props.origin(k as usize) {
        Origin::Constraint(i) => {
            let list = st.rules().constraints();
            let Some((number, c)) = crate::constraint::numbered(list).nth(i as usize) else {
                return String::new();
            };
            match c {
                Constraint::Dot(d) => format!("the {} dot {}", d.kind(), between()),
                Constraint::Parity(p) => {
                    format!("the {} mark on {}", p.kind(), name(cells[0], shape))
                }
                other => other.describe(number, shape),
            }
        }
        Origin::Derived(sum) => {
            let names: Vec<String> = cells.iter().map(|&c| name(c, shape)).collect();
            format!("the sum {sum} of {} that the houses imply for the cages", names.join(","))
        }
        Origin::Pair(Relation::NotConsecutive) => format!("the non-consecutive rule {}", between()),
        Origin::Pair(_) => format!("the missing dot {} (all dots given)", between()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rules;
    use crate::constraint::DotKind;
    use crate::grid::Grid;

    /// The potentials "`cell` holds `digit`" (or not, `on` false) implies
    /// on the empty board of `rules`, as `(cell, digit, on)` sorted.
    fn implied_by(rules: Rules, cell: usize, digit: usize, on: bool) -> Vec<(usize, usize, bool)> {
        let grid = Grid::from_values_with(rules, vec![0; 81]).unwrap();
        let st = State::from_grid(&grid);
        let code = Potentials::new(9);
        let mut links = ConstraintLinks::default();
        assert!(links.load(&st));
        let mut out = Vec::new();
        links.implied(&st, code, code.node(cell, digit - 1, on), &mut out);
        let mut found: Vec<(usize, usize, bool)> = out
            .iter()
            .map(|&(q, _)| {
                let (c, d, on) = code.split(q);
                (c, d + 1, on)
            })
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }

    fn offs(cell: usize, digits: &[usize]) -> Vec<(usize, usize, bool)> {
        digits.iter().map(|&d| (cell, d, false)).collect()
    }

    /// Remembered links are the links: on a killer board (cages along the
    /// rows of a full grid, with the sums the houses imply), one
    /// `ConstraintLinks` that keeps its links gives, for every potential,
    /// the links a fresh one finds, over working grids struck at random
    /// (rounds share strikes, so most potentials meet masks they met
    /// before and their remembered links are given again).
    #[test]
    fn remembered_links_equal_fresh_ones() {
        use rand::{Rng, SeedableRng};
        use rand_xoshiro::Xoshiro256PlusPlus;

        use crate::generate::{Generator, Options};

        let shape = crate::Shape::CLASSIC;
        let v = Generator::new(Options::new(shape), 5).unwrap().grid(0).unwrap().values().to_vec();
        let mut rules = Rules::classic(shape);
        for row in 0..9u16 {
            for (a, b) in [(0, 3), (3, 5), (5, 9)] {
                let cage: Vec<u16> = (row * 9 + a..row * 9 + b).collect();
                let sum = cage.iter().map(|&c| u32::from(v[c as usize])).sum();
                rules = rules.with_cage(&cage, sum).unwrap();
            }
        }
        let st = State::from_grid(&Grid::from_values_with(rules, vec![0; 81]).unwrap());
        let code = Potentials::new(9);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
        let strikes: Vec<Vec<(usize, usize)>> = (0..4)
            .map(|_| (0..40).map(|_| (rng.random_range(0..81), rng.random_range(0..9))).collect())
            .collect();
        let mut kept = ConstraintLinks::default();
        let (mut links, mut fresh_links) = (0, 0);
        for round in 0..12 {
            let struck = &strikes[[0, 1, 0, 2, 1, 3][round % 6]];
            assert!(kept.load(&st));
            let mut fresh = ConstraintLinks::default();
            assert!(fresh.load(&st));
            for &(cell, d) in &struck[..round * 3 + 4] {
                kept.strike(cell, d);
                fresh.strike(cell, d);
            }
            for node in 0..(81 * 9 * 2) as u32 {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                kept.implied(&st, code, node, &mut a);
                fresh.implied(&st, code, node, &mut b);
                assert_eq!(a, b, "round {round}, node {node}");
                links += a.len();
                fresh_links += b.len();
            }
        }
        assert_eq!(links, fresh_links);
        assert!(links > 10_000, "{links}");
    }

    #[test]
    fn a_white_dot_keeps_the_two_neighbours_of_the_digit() {
        let rules = Rules::classic(crate::Shape::CLASSIC).with_dot(0, 1, DotKind::White).unwrap();
        // r1c1=5 -> r1c2 is 4 or 6.
        assert_eq!(implied_by(rules.clone(), 0, 5, true), offs(1, &[1, 2, 3, 5, 7, 8, 9]));
        // r1c1=1 -> r1c2=2: a one-digit answer is an "on" potential too.
        let mut want = offs(1, &[1, 3, 4, 5, 6, 7, 8, 9]);
        want.push((1, 2, true));
        want.sort_unstable();
        assert_eq!(implied_by(rules, 0, 1, true), want);
    }

    #[test]
    fn a_black_dot_forces_the_double() {
        let rules = Rules::classic(crate::Shape::CLASSIC).with_dot(0, 1, DotKind::Black).unwrap();
        // r1c1=3 -> r1c2=6, and every other digit off.
        let mut want = offs(1, &[1, 2, 3, 4, 5, 7, 8, 9]);
        want.push((1, 6, true));
        want.sort_unstable();
        assert_eq!(implied_by(rules.clone(), 0, 3, true), want);
        // r1c1=5 has no double on the board: refuted outright.
        assert_eq!(implied_by(rules, 0, 5, true), [(0, 5, false)]);
    }

    #[test]
    fn non_consecutive_neighbours_lose_the_digits_beside() {
        let rules = Rules::classic(crate::Shape::CLASSIC).with_non_consecutive();
        // r5c5 (index 40) = 5: its four neighbours lose 4 and 6.
        let mut want = Vec::new();
        for c in [31, 39, 41, 49] {
            want.extend(offs(c, &[4, 6]));
        }
        want.sort_unstable();
        assert_eq!(implied_by(rules, 40, 5, true), want);
    }

    #[test]
    fn a_thermometer_raises_every_cell_after_the_assumed_one() {
        let rules = Rules::classic(crate::Shape::CLASSIC).with_thermo(&[0, 1, 2]).unwrap();
        // r1c2=4 -> r1c1 below 4, r1c3 above 4.
        let mut want = offs(0, &[4, 5, 6, 7, 8, 9]);
        want.extend(offs(2, &[1, 2, 3, 4]));
        want.sort_unstable();
        assert_eq!(implied_by(rules, 1, 4, true), want);
    }

    #[test]
    fn a_two_cell_cage_pairs_its_digits_both_ways() {
        let rules = Rules::classic(crate::Shape::CLASSIC).with_cage(&[0, 1], 10).unwrap();
        // r1c1=3 -> r1c2=7; r1c1<>3 -> r1c2<>7 (the digits of 10 pair up).
        assert!(implied_by(rules.clone(), 0, 3, true).contains(&(1, 7, true)));
        // 5 + 5 repeats, so r1c1<>3 also strikes 5 from both.
        let mut want = offs(0, &[5]);
        want.extend(offs(1, &[5, 7]));
        assert_eq!(implied_by(rules, 0, 3, false), want);
    }

    #[test]
    fn propagators_are_named_as_the_sentences_name_them() {
        let rules = Rules::classic(crate::Shape::CLASSIC)
            .with_cage(&[3, 4], 10)
            .unwrap()
            .with_dot(0, 1, DotKind::White)
            .unwrap()
            .with_non_consecutive();
        let st = State::from_grid(&Grid::from_values_with(rules, vec![0; 81]).unwrap());
        let props = st.rules().propagators().unwrap();
        let names: Vec<String> = (0..props.len() as u32).map(|k| describe(&st, k)).collect();
        assert!(names.contains(&"cage 1 (sum 10)".to_string()), "{names:?}");
        assert!(names.contains(&"the white dot between r1c1 and r1c2".to_string()), "{names:?}");
        let rule = "the non-consecutive rule between r1c2 and r1c3".to_string();
        assert!(names.contains(&rule), "{names:?}");
    }
}
