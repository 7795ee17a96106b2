//! The logical solver on variant rules: the puzzles of `data/variants/`
//! are solved step by step to their recorded solutions, which the rule
//! checkers of `variants` accept, and no step removes a digit of that
//! solution; hand-made positions where each variant technique must fire.

use sudokit::format::parse_killer;
use sudokit::logic::{LogicSolver, Path, Technique};
use sudokit::{Grid, Rules};

use crate::variants::{keeps_cages, killer_cages, latin_boxes, lines, thermos};

/// Checks every step of `path` against `solution`: placements put its
/// digit, eliminations never remove it; returns the path's techniques.
fn check_path(path: &Path, solution: &[u8], what: &str) {
    for (k, s) in path.steps.iter().enumerate() {
        for &(c, d) in &s.placements {
            assert_eq!(d.get(), solution[c.index()], "{what}: step {k} places wrongly: {s}");
        }
        for &(c, d) in &s.eliminations {
            assert_ne!(d.get(), solution[c.index()], "{what}: step {k} removes the answer: {s}");
        }
    }
    assert_eq!(path.solution.values(), solution, "{what}");
}

/// The rules name of a line `NAME GIVENS` and the logical solver's path
/// through its puzzle.
fn solve_line(line: &str) -> (&str, Path) {
    let (name, givens) = line.split_once(' ').unwrap();
    let rules: Rules = name.parse().unwrap();
    let values: Vec<u8> =
        givens.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
    let puzzle = Grid::from_values_with(rules, values).unwrap();
    (name, LogicSolver::new().solve(&puzzle).unwrap())
}

#[test]
fn killer_puzzles_solve_logically_to_their_solution() {
    for (line, solution) in lines("killer-9.txt") {
        let cages = killer_cages(&line);
        let puzzle = parse_killer(&line).unwrap();
        let path = LogicSolver::new().solve(&puzzle).unwrap();
        assert!(latin_boxes(path.solution.values()) && keeps_cages(path.solution.values(), &cages));
        check_path(&path, &solution, &line);
        assert!(!path.rating().guessed, "{line}: the cage techniques and the ladder suffice");
    }
}

#[test]
fn thermo_puzzles_solve_logically_to_their_solution() {
    for (line, solution) in lines("thermo-9.txt") {
        let (name, path) = solve_line(&line);
        let v = path.solution.values();
        assert!(latin_boxes(v));
        assert!(thermos(name).iter().all(|t| t.windows(2).all(|w| v[w[0]] < v[w[1]])));
        check_path(&path, &solution, &line);
        assert!(!path.rating().guessed, "{line}: the bounds and the ladder suffice");
    }
}

/// Whether `v` keeps the marks of a rules name, read here from the name:
/// each `white:a.b` / `black:a.b` dot, no dot elsewhere when
/// `kropki-negative`, `even:` and `odd:` cells, `non-consecutive`.
fn keeps_marks(name: &str, v: &[u8]) -> bool {
    let cells = |l: &str| -> Vec<usize> { l.split('.').map(|c| c.parse().unwrap()).collect() };
    let consecutive = |a: u8, b: u8| a.abs_diff(b) == 1;
    let double = |a: u8, b: u8| a == 2 * b || b == 2 * a;
    let mut dotted = Vec::new();
    for part in name.split('+') {
        let ok = if let Some(l) = part.strip_prefix("white:") {
            let c = cells(l);
            dotted.push((c[0], c[1]));
            consecutive(v[c[0]], v[c[1]])
        } else if let Some(l) = part.strip_prefix("black:") {
            let c = cells(l);
            dotted.push((c[0], c[1]));
            double(v[c[0]], v[c[1]])
        } else if let Some(l) = part.strip_prefix("even:") {
            cells(l).iter().all(|&c| v[c].is_multiple_of(2))
        } else if let Some(l) = part.strip_prefix("odd:") {
            cells(l).iter().all(|&c| v[c] % 2 == 1)
        } else {
            true
        };
        if !ok {
            return false;
        }
    }
    let pairs: Vec<(usize, usize)> = (0..81)
        .flat_map(|a| [(a, a + 1), (a, a + 9)])
        .filter(|&(a, b)| (b == a + 1 && a % 9 != 8) || (b == a + 9 && b < 81))
        .collect();
    let negative = name.split('+').any(|p| p == "kropki-negative");
    let nonconsecutive = name.split('+').any(|p| p == "non-consecutive");
    pairs.iter().all(|&(a, b)| {
        let (x, y) = (v[a], v[b]);
        let no_dot = !dotted.contains(&(a, b));
        !(negative && no_dot && (consecutive(x, y) || double(x, y)))
            && !(nonconsecutive && consecutive(x, y))
    })
}

#[test]
fn dot_parity_and_non_consecutive_puzzles_solve_logically() {
    let mut used = std::collections::HashSet::new();
    for (line, solution) in lines("marks-9.txt") {
        let (name, path) = solve_line(&line);
        assert!(latin_boxes(&solution) && keeps_marks(name, &solution), "{line}: recorded");
        let v = path.solution.values();
        assert!(latin_boxes(v) && keeps_marks(name, v), "{line}");
        check_path(&path, &solution, &line);
        used.extend(path.steps.iter().map(|s| s.technique));
    }
    for t in [Technique::KropkiDot, Technique::EvenOddMark, Technique::NonConsecutive] {
        assert!(used.contains(&t), "{t} never used");
    }
}
