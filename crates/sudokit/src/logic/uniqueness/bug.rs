//! The bivalue universal grave (BUG, SE's types 1 to 4).
//!
//! A BUG is a state where every empty cell has two candidates and every
//! digit two places in every unit it still needs: it has two solutions (or
//! none), so a puzzle with one solution never reaches it. When a few *BUG
//! cells* hold extra candidates (the *BUG digits*) whose removal would leave
//! a BUG, some BUG cell takes its BUG digit:
//! - type 1 (5.6): one BUG cell: it keeps only its BUG digits;
//! - type 2 (5.7): one BUG digit in every BUG cell: it leaves every cell
//!   seeing all of them;
//! - type 3 (5.8 and up): the BUG cells share a unit where other cells form
//!   a naked set with their BUG digits counted as one cell: the set's
//!   digits leave the rest of the unit (+0.1 per digit beyond two);
//! - type 4 (5.7): two BUG cells in one unit with one common digit besides
//!   their BUG digits, which has no other place there: each is its BUG
//!   digit or that digit, so loses the rest.
//!
//! Found as SE 1.2.1 finds them: units box, row, column in turn, digits in
//! order; a digit with neither zero nor two places in a unit must have
//! exactly one of them in a cell of three or more candidates, the BUG cell
//! of that digit. SE takes type 2 before 4 and type 4 before 3.

use super::super::state::{State, bits};
use super::super::step::{Step, Technique, cell_list, elim_list};
use super::{SE_UNIT_ORDER, subsets};
use crate::digit::Digit;

/// The first BUG step in SE's order (module docs).
pub(crate) fn bug(st: &State) -> Option<Step> {
    if !st.rules().is_classic() {
        return None;
    }
    let grave = Grave::find(st)?;
    match grave.cells.as_slice() {
        &[c] => Some(type1(st, c, grave.digits)),
        _ if grave.digits.count_ones() == 1 => type2(st, &grave).or_else(|| type4(st, &grave)),
        _ if !grave.common.is_empty() => type4(st, &grave).or_else(|| type3(st, &grave)),
        _ => None,
    }
}

/// A BUG with its BUG cells.
struct Grave {
    /// The BUG cells in the order found, with their BUG digits.
    cells: Vec<usize>,
    cell_digits: Vec<u64>,
    /// Every BUG digit.
    digits: u64,
    /// The cells (empty or not) seeing every BUG cell, in SE's order.
    common: Vec<usize>,
}

impl Grave {
    fn find(st: &State) -> Option<Grave> {
        let n = st.size();
        let layout = st.layout();
        let mut rest = st.masks().to_vec();
        let mut g =
            Grave { cells: Vec::new(), cell_digits: Vec::new(), digits: 0, common: Vec::new() };
        let mut common: Option<Vec<usize>> = None;
        for kind in SE_UNIT_ORDER {
            for i in 0..n {
                let unit = kind * n + i;
                for d in 0..n {
                    let places: Vec<usize> = layout
                        .house(unit)
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| st.mask(c) & (1 << d) != 0)
                        .collect();
                    if places.is_empty() || places.len() == 2 {
                        continue;
                    }
                    let wide: Vec<usize> =
                        places.iter().copied().filter(|&c| st.count(c) >= 3).collect();
                    match wide.as_slice() {
                        [] => return None,
                        &[c] => {
                            let at = match g.cells.iter().position(|&x| x == c) {
                                Some(at) => at,
                                None => {
                                    g.cells.push(c);
                                    g.cell_digits.push(0);
                                    g.cells.len() - 1
                                }
                            };
                            g.cell_digits[at] |= 1 << d;
                            g.digits |= 1 << d;
                            rest[c] &= !(1 << d);
                            let seen = house_cells(st, c);
                            let mut now = match common.take() {
                                None => seen,
                                Some(prev) => {
                                    prev.into_iter().filter(|x| seen.contains(x)).collect()
                                }
                            };
                            now.retain(|x| !g.cells.contains(x));
                            if g.cells.len() > 1 && g.digits.count_ones() > 1 && now.is_empty() {
                                return None;
                            }
                            common = Some(now);
                        }
                        _ => {}
                    }
                }
            }
        }
        // Without the BUG digits: every empty cell bivalue, every digit
        // with zero or two places in every unit.
        if (0..rest.len()).any(|c| st.value(c) == 0 && rest[c].count_ones() != 2) {
            return None;
        }
        for unit in 0..3 * n {
            for d in 0..n {
                let k = layout
                    .house(unit)
                    .iter()
                    .filter(|&&c| rest[c as usize] & (1 << d) != 0)
                    .count();
                if k != 0 && k != 2 {
                    return None;
                }
            }
        }
        if g.cells.is_empty() {
            return None;
        }
        g.common = common.unwrap_or_default();
        Some(g)
    }
}

/// The cells of the box, row and column of `c` (in that order, each
/// once), without `c`: SE's house cells.
fn house_cells(st: &State, c: usize) -> Vec<usize> {
    let layout = st.layout();
    let mut out: Vec<usize> = Vec::with_capacity(3 * st.size());
    for kind in SE_UNIT_ORDER {
        for &x in layout.house(layout.houses_of(c)[kind] as usize) {
            let x = x as usize;
            if x != c && !out.contains(&x) {
                out.push(x);
            }
        }
    }
    out
}

fn digit(bit: u32) -> Digit {
    Digit::new(bit as u8 + 1)
}

fn cells_of(st: &State, cells: &[usize]) -> String {
    let list: Vec<_> = cells.iter().map(|&c| State::cell(c)).collect();
    cell_list(st.shape(), &list)
}

fn step(difficulty: u16, grave: &Grave) -> Step {
    let mut s = Step::new(Technique::Bug);
    s.difficulty.0 = difficulty;
    s.cells = grave.cells.iter().map(|&c| State::cell(c)).collect();
    s.cells.sort();
    s.digits = State::digits(grave.digits);
    s
}

/// Type 1: the single BUG cell keeps only its BUG digits (placed when one).
fn type1(st: &State, c: usize, digits: u64) -> Step {
    let shape = st.shape();
    let cell = State::cell(c);
    let mut s = Step::new(Technique::Bug);
    s.cells.push(cell);
    s.digits = State::digits(digits);
    let at = cell.display(shape);
    if digits.count_ones() == 1 {
        let d = digit(digits.trailing_zeros());
        s.placements.push((cell, d));
        s.explanation = format!(
            "BUG type 1: every empty cell but {at} has two candidates and every digit two places \
             per unit, except {d} with three around {at}; without {d} there the puzzle would have \
             two solutions, so {at} takes {d}"
        );
    } else {
        s.eliminations = bits(st.mask(c) & !digits).map(|d| (cell, digit(d))).collect();
        s.explanation = format!(
            "BUG type 1: without the candidates {} of {at}, every empty cell would have two \
             candidates and every digit two places per unit, so the puzzle would have two \
             solutions; {at} holds one of them and loses the rest: {}",
            super::super::step::digit_list(&s.digits),
            elim_list(shape, &s.eliminations)
        );
    }
    s
}

/// The sentence's opening: the BUG cells and what removing their digits
/// would leave.
fn opening(st: &State, grave: &Grave) -> String {
    format!(
        "without their extra candidates {} the cells {} would leave every empty cell two \
         candidates and every digit two places per unit, a pattern with two solutions, so one of \
         them holds its extra digit",
        super::super::step::digit_list(&State::digits(grave.digits)),
        cells_of(st, &grave.cells)
    )
}

/// Type 2: the one BUG digit leaves every cell seeing all BUG cells.
fn type2(st: &State, grave: &Grave) -> Option<Step> {
    let d = grave.digits.trailing_zeros();
    let elims: Vec<usize> =
        grave.common.iter().copied().filter(|&c| st.mask(c) & (1 << d) != 0).collect();
    if elims.is_empty() {
        return None;
    }
    let mut s = step(57, grave);
    let d = digit(d);
    s.eliminations = elims.iter().map(|&c| (State::cell(c), d)).collect();
    s.eliminations.sort();
    s.explanation = format!(
        "BUG type 2: {}, and that is {d} in each; so {d} leaves every cell seeing all of them: {}",
        opening(st, grave),
        elim_list(st.shape(), &s.eliminations)
    );
    Some(s)
}

/// Type 4: two BUG cells in one unit sharing one digit that is not a BUG
/// digit; SE names the first unit of box, row, column that holds both.
fn type4(st: &State, grave: &Grave) -> Option<Step> {
    let &[c1, c2] = grave.cells.as_slice() else { return None };
    let shared = st.mask(c1) & st.mask(c2) & !grave.digits;
    if shared.count_ones() != 1 {
        return None;
    }
    let layout = st.layout();
    let unit = SE_UNIT_ORDER
        .iter()
        .map(|&k| layout.houses_of(c1)[k])
        .find(|&u| layout.houses_of(c2)[..3].contains(&u))?;
    let mut s = step(57, grave);
    for (k, &c) in [c1, c2].iter().enumerate() {
        let lose = st.mask(c) & !grave.cell_digits[k] & !shared;
        s.eliminations.extend(bits(lose).map(|d| (State::cell(c), digit(d))));
    }
    s.eliminations.sort();
    let name = layout.name(unit as usize);
    s.houses.push(name);
    let d = digit(shared.trailing_zeros());
    s.explanation = format!(
        "BUG type 4: {}; both are in {name}, where {d} has no other place, so one of them is {d} \
         and the other its extra digit: each keeps only those: {}",
        opening(st, grave),
        elim_list(st.shape(), &s.eliminations)
    );
    Some(s)
}

/// Type 3: the BUG cells, counted as one cell holding all BUG digits, form a
/// naked set with other cells of a unit they share; the first by unit (box,
/// row, column), then size, then SE's order of cell sets.
fn type3(st: &State, grave: &Grave) -> Option<Step> {
    let layout = st.layout();
    for kind in SE_UNIT_ORDER {
        let unit = layout.houses_of(grave.cells[0])[kind];
        if grave.cells.iter().any(|&c| layout.houses_of(c)[kind] != unit) {
            continue;
        }
        let cells: Vec<usize> =
            grave.common.iter().copied().filter(|&c| layout.houses_of(c)[kind] == unit).collect();
        for degree in 2..=6.min(st.size().saturating_sub(3)) {
            if cells.len() < degree {
                continue;
            }
            for pick in subsets(degree - 1, cells.len()) {
                let naked: Vec<usize> = bits(u64::from(pick)).map(|i| cells[i as usize]).collect();
                if naked.iter().any(|&c| st.count(c) <= 1) {
                    continue;
                }
                let set = naked.iter().fold(0, |m, &c| m | st.mask(c));
                if set.count_ones() as usize != degree || (set | grave.digits) != set {
                    continue;
                }
                let mut s = step(57 + degree as u16 - 1, grave);
                for &c in cells.iter().filter(|c| !naked.contains(c)) {
                    s.eliminations
                        .extend(bits(st.mask(c) & set).map(|d| (State::cell(c), digit(d))));
                }
                if s.eliminations.is_empty() {
                    continue;
                }
                s.eliminations.sort();
                let name = layout.name(unit as usize);
                s.houses.push(name);
                s.cells.extend(naked.iter().map(|&c| State::cell(c)));
                s.cells.sort();
                let set_digits: String = bits(set).map(|d| (d + 1).to_string()).collect();
                s.explanation = format!(
                    "BUG type 3: {}; counted as one cell holding those, they make with {} a \
                     naked set {{{set_digits}}} in {name}, so those digits leave the rest of it: {}",
                    opening(st, grave),
                    cells_of(st, &naked),
                    elim_list(st.shape(), &s.eliminations)
                );
                return Some(s);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::testing::{check, found};
    use super::*;
    use crate::Shape;
    use crate::logic::Er;

    #[test]
    fn type_2_removes_the_one_bug_digit_from_cells_seeing_every_bug_cell() {
        // Met on the solving path of a puzzle of data/se-rated-random.txt,
        // which Sudoku Explainer 1.2.1 rates 5.7 for this step.
        let p = ".1...9..65..1.......6.......8..4.9..7.2....4.4....32.5.59.3....1...7.3....4..8..1";
        let m = "8 1 3 47 25 9 47 25 6 5 24 7 1 28 6 48 3 9 9 24 6 3 58 47 1 58 247 6 8 5 27 4 27 \
                 9 1 3 7 3 2 9 1 5 6 4 8 4 9 1 8 6 3 2 7 5 2 5 9 46 3 1 478 68 47 1 6 8 5 7 24 3 \
                 9 24 3 7 4 26 9 8 5 26 1";
        let removed = ["r1c7<>4", "r2c7<>4", "r7c9<>4", "r8c9<>4"];
        check(&found(p, m, bug), 57, "BUG type 2", &removed);
    }

    /// A BUG+1 state met on the solving path of a puzzle of
    /// data/se-rated-random.txt: r5c3 holds 5, 6 and the BUG digit 7.
    const BUG_PLUS_1: [&str; 2] = [
        "54..1..6.2..........9432........167......41...3.5...89....8..9..5.7...1.69.2.....",
        "5 4 37 9 1 8 23 6 27 2 1 38 6 57 57 9 34 48 78 6 9 4 3 2 78 5 1 4 28 25 38 9 1 6 7 35 9 78 567 38 67 4 1 2 35 1 3 67 5 2 67 4 8 9 37 27 4 1 8 36 5 9 26 38 5 28 7 46 9 23 1 46 6 9 1 2 45 35 78 34 78",
    ];

    #[test]
    fn type_4_keeps_each_bug_cell_to_its_bug_digit_or_the_shared_one() {
        // BUG_PLUS_1 with the candidate 8 added to r4c3 (not its solution
        // digit): now r4c3 {2,5,8} and r5c3 {5,6,7} are BUG cells of box 4
        // and column 3, where 5 has no other place.
        let [p, m] = BUG_PLUS_1;
        let m = m.replacen(" 25 ", " 258 ", 1);
        let s = found(p, &m, bug);
        check(&s, 57, "BUG type 4", &["r4c3<>2", "r5c3<>6"]);
        assert!(s.explanation.contains("box 4"), "{s}");
    }

    #[test]
    fn type_1_without_the_extra_candidate_is_the_placement() {
        let [p, m] = BUG_PLUS_1;
        let s = found(p, m, bug);
        assert_eq!(s.difficulty, Er(56), "{s}");
        let placed: Vec<String> =
            s.placements.iter().map(|(c, _)| c.display(Shape::CLASSIC).to_string()).collect();
        assert_eq!(placed, ["r5c3"], "{s}");
    }
}
