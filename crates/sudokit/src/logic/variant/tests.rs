//! Hand-made positions where each variant technique must fire, with the
//! eliminations worked out by hand in the comments.

use super::*;
use crate::candidates::Candidates;
use crate::constraint::{DotKind, ParityKind};
use crate::grid::Grid;
use crate::logic::difficulty::Er;
use crate::logic::step::Technique;
use crate::rules::Rules;
use crate::shape::Shape;

/// The state of an empty board (but for `givens`, `(cell, digit)`) under `rules`.
fn state(rules: Rules, givens: &[(usize, u8)]) -> State {
    let mut values = vec![0u8; rules.shape().cell_count()];
    for &(c, d) in givens {
        values[c] = d;
    }
    State::from_grid(&Grid::from_values_with(rules, values).unwrap())
}

/// The state of pencil marks: every cell 1-9 but for `masks`.
fn marks(rules: Rules, masks: &[(usize, u64)]) -> State {
    let mut all = vec![0x1ffu64; 81];
    for &(c, m) in masks {
        all[c] = m;
    }
    State::from_candidates(&Candidates::from_masks_with(rules, all).unwrap())
}

/// The eliminations of a step as `(cell index, digit)`, sorted.
fn elims(step: &Step) -> Vec<(usize, u8)> {
    let mut out: Vec<(usize, u8)> =
        step.eliminations.iter().map(|(c, d)| (c.index(), d.get())).collect();
    out.sort_unstable();
    out
}

/// `(cell, digit)` for each cell of `cells` and digit of `digits`, sorted.
fn each(cells: &[usize], digits: &[u8]) -> Vec<(usize, u8)> {
    let mut out: Vec<(usize, u8)> =
        cells.iter().flat_map(|&c| digits.iter().map(move |&d| (c, d))).collect();
    out.sort_unstable();
    out
}

fn nine() -> Rules {
    Rules::classic(Shape::CLASSIC)
}

#[test]
fn even_marks_remove_odd_digits() {
    let st = state(nine().with_parity(&[0, 10], ParityKind::Even).unwrap(), &[]);
    let step = parity(&st).unwrap();
    assert_eq!(step.technique, Technique::EvenOddMark);
    assert_eq!(elims(&step), each(&[0, 10], &[1, 3, 5, 7, 9]));
    assert!(step.explanation.contains("marked even"), "{}", step.explanation);
}

#[test]
fn thermometer_bounds_slide_along_the_line() {
    // r1c1 < r1c2 < r1c3 on an empty board: 1-7, 2-8, 3-9.
    let st = state(nine().with_thermo(&[0, 1, 2]).unwrap(), &[]);
    let step = thermometer(&st).unwrap();
    assert_eq!(step.difficulty, Er(12));
    let mut want = each(&[0], &[8, 9]);
    want.extend(each(&[1], &[1, 9]));
    want.extend(each(&[2], &[1, 2]));
    want.sort_unstable();
    assert_eq!(elims(&step), want);
    assert!(step.explanation.starts_with("Along thermometer 1 from its bulb r1c1 to r1c3"));
    // A 3 placed on the middle cell caps the bulb at 1-2 and lifts the tip.
    let st = state(nine().with_thermo(&[0, 1, 2]).unwrap(), &[(1, 3)]);
    let step = thermometer(&st).unwrap();
    let mut want = each(&[0], &[4, 5, 6, 7, 8, 9]);
    want.extend(each(&[2], &[1, 2]));
    want.sort_unstable();
    assert_eq!(elims(&step), want); // 3 itself left the row with the given
}

#[test]
fn dots_limit_the_neighbour() {
    let rules =
        nine().with_dot(0, 1, DotKind::White).unwrap().with_dot(9, 10, DotKind::Black).unwrap();
    // r1c1 = 5: across the white dot r1c2 keeps 4 and 6.
    let st = state(rules.clone(), &[(0, 5)]);
    let step = kropki(&st).unwrap();
    assert_eq!(step.technique, Technique::KropkiDot);
    assert_eq!(elims(&step), each(&[1], &[1, 2, 3, 7, 8, 9]));
    assert!(step.explanation.contains("r1c1 is 5; by the white dot r1c1-r1c2"));
    // r2c1 = 3: across the black dot r2c2 can only be 6 (1.5 is no
    // digit), which the step places.
    let st = state(rules, &[(9, 3)]);
    let step = kropki(&st).unwrap();
    assert!(step.eliminations.is_empty());
    assert_eq!(step.placements, [(Cell::from_index(10), Digit::new(6))]);
    assert!(step.explanation.ends_with("r2c2 keeps {6}: r2c2=6"), "{}", step.explanation);
    // With every dot given, a neighbour without a dot is neither: beside
    // a 2 (r9c9), r9c8 and r8c9 lose 1, 3 and 4.
    let st = state(nine().with_all_dots(), &[(80, 2)]);
    let step = kropki(&st).unwrap();
    assert_eq!(elims(&step), each(&[71, 79], &[1, 3, 4]));
    assert!(step.explanation.contains("missing dot"), "{}", step.explanation);
}

#[test]
fn non_consecutive_neighbours_lose_the_digits_next_to_a_given() {
    let st = state(nine().with_non_consecutive(), &[(40, 5)]);
    let step = non_consecutive(&st).unwrap();
    assert_eq!(step.technique, Technique::NonConsecutive);
    assert_eq!(elims(&step), each(&[31, 39, 41, 49], &[4, 6]));
    assert!(kropki(&st).is_none());
}

#[test]
fn cage_combinations_keep_the_digit_sets_left() {
    // 3 in two cells: {1,2}.
    let rules = nine().with_cage(&[0, 1], 3).unwrap();
    let step = combination(&state(rules, &[]), Er::MAX).unwrap();
    assert_eq!((step.technique, step.difficulty), (Technique::CageCombination, Er(16)));
    assert_eq!(elims(&step), each(&[0, 1], &[3, 4, 5, 6, 7, 8, 9]));
    assert!(step.explanation.contains("cage 1 (sum 3) at r1c1, r1c2 can only be {1,2}"));
    // 15 down r1c1-r3c1 with a 9 given: {1,5,9} or {2,4,9}, two sets (1.8).
    let rules = nine().with_cage(&[0, 9, 18], 15).unwrap();
    let st = state(rules, &[(0, 9)]);
    let step = combination(&st, Er::MAX).unwrap();
    assert_eq!(step.difficulty, Er(18));
    assert_eq!(elims(&step), each(&[9, 18], &[3, 6, 7, 8]));
    assert!(step.explanation.contains("{1,5,9} or {2,4,9}"), "{}", step.explanation);
    // Under a cap below its rating the step is not offered.
    assert!(combination(&st, Er(17)).is_none());
}

#[test]
fn a_digit_the_cage_needs_leaves_the_house() {
    // Cage {1,2} in r1c1-r1c2: every other cell of row 1 and box 1 loses
    // 1 (the first digit; 2 comes in the next step).
    let st = state(nine().with_cage(&[0, 1], 3).unwrap(), &[]);
    let step = intersection(&st).unwrap();
    assert_eq!((step.technique, step.difficulty), (Technique::CageIntersection, Er(27)));
    assert_eq!(elims(&step), each(&[2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 18, 19, 20], &[1]));
}

#[test]
fn a_digit_a_house_confines_to_a_cage_limits_its_sets() {
    // Cage 10 in r1c1-r2c1; in row 1, 7 can only go in r1c1: the cage
    // holds a 7, so it is {3,7}.
    let no7: Vec<(usize, u64)> = (1..9).map(|c| (c, 0x1ff & !(1 << 6))).collect();
    let st = marks(nine().with_cage(&[0, 9], 10).unwrap(), &no7);
    let step = intersection(&st).unwrap();
    assert_eq!(elims(&step), each(&[0, 9], &[1, 2, 4, 5, 6, 8, 9]));
    assert!(step.explanation.contains("In row 1, 7 can only go in r1c1"), "{}", step.explanation);
}

#[test]
fn innies_and_outies_of_a_row() {
    // Row 1: cages 3, 17 and 15 inside take 35; r1c8 and r1c9 sum to 10:
    // no 5 (5 + 5 repeats).
    let row = || {
        nine()
            .with_cage(&[0, 1], 3)
            .unwrap()
            .with_cage(&[2, 3], 17)
            .unwrap()
            .with_cage(&[4, 5, 6], 15)
            .unwrap()
    };
    let step = innies_outies(&state(row(), &[])).unwrap();
    assert_eq!((step.technique, step.difficulty), (Technique::InniesOuties, Er(28)));
    assert_eq!(elims(&step), each(&[7, 8], &[5]));
    assert!(step.explanation.contains("(the innies) r1c8, r1c9 sum to 10"), "{}", step.explanation);
    // With a cage 20 over r1c8-r2c9, its cells below row 1 are the outies:
    // 20 - 10 = 10, no 5. The innies have lost their 5 already.
    let rules = row().with_cage(&[7, 8, 16, 17], 20).unwrap();
    let st = marks(rules, &[(7, 0x1ef), (8, 0x1ef)]);
    let step = innies_outies(&st).unwrap();
    assert_eq!(elims(&step), each(&[16, 17], &[5]));
    assert!(step.explanation.contains("(the outies) r2c8, r2c9 sum to 10"), "{}", step.explanation);
}

#[test]
fn neighbours_that_see_each_other_never_share_the_digit() {
    // r1c1 is {4,5}. Its non-consecutive neighbours r1c2 and r2c1 share a
    // row or a column with it, so neither can repeat its digit: 4 would
    // stand beside 4 (same digit) or 5 (consecutive), 5 likewise. Both
    // lose 4 and 5; 3 and 6 stay (beside 5 and 4).
    let st = marks(nine().with_non_consecutive(), &[(0, 1 << 3 | 1 << 4)]);
    let step = non_consecutive(&st).unwrap();
    assert_eq!(elims(&step), each(&[1, 9], &[4, 5]));
}
