//! Variant constraints (killer cages, thermometers, kropki dots,
//! non-consecutive, even/odd) against independent facts: the puzzles of
//! `data/variants/` (self-made, see its README) solve to their recorded
//! solutions, which a checker written here from the rules accepts; counts
//! are exact; bad constraints are named.

use std::collections::HashMap;

use sudokit::constraint::{DotKind, ParityKind};
use sudokit::format::{parse_killer, to_killer};
use sudokit::solve::Solver;
use sudokit::{Grid, Rules, RulesError, Shape};

use crate::util::data_dir;

pub(crate) fn lines(name: &str) -> Vec<(String, Vec<u8>)> {
    let path = data_dir().join("variants").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let out: Vec<(String, Vec<u8>)> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (puzzle, solution) = l.split_once(" # ").expect("a puzzle and its solution");
            (puzzle.to_string(), solution.trim().bytes().map(|b| b - b'0').collect())
        })
        .collect();
    assert!(out.len() >= 4, "{name}: too few puzzles");
    out
}

/// Whether `v` (81 digits) fills every row, column and box with 1-9.
pub(crate) fn latin_boxes(v: &[u8]) -> bool {
    let full = |cells: Vec<usize>| {
        let mut seen = [false; 10];
        cells
            .iter()
            .all(|&c| (1..=9).contains(&v[c]) && !std::mem::replace(&mut seen[v[c] as usize], true))
    };
    (0..9).all(|i| {
        full((0..9).map(|j| i * 9 + j).collect())
            && full((0..9).map(|j| j * 9 + i).collect())
            && full((0..9).map(|j| (i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3).collect())
    })
}

/// The killer rules read here from the line: each cage's cells and sum.
pub(crate) fn killer_cages(line: &str) -> Vec<(Vec<usize>, u32)> {
    let (map, sums) = line.split_once(' ').unwrap();
    let mut order: Vec<char> = Vec::new();
    let mut cells: HashMap<char, Vec<usize>> = HashMap::new();
    for (i, ch) in map.chars().enumerate() {
        if !order.contains(&ch) {
            order.push(ch);
        }
        cells.entry(ch).or_default().push(i);
    }
    let sums: Vec<u32> = sums.split(',').map(|s| s.trim().parse().unwrap()).collect();
    assert_eq!(sums.len(), order.len());
    order.iter().zip(sums).map(|(ch, s)| (cells[ch].clone(), s)).collect()
}

/// Whether `v` keeps every cage: its digits add up to the sum, no repeat.
pub(crate) fn keeps_cages(v: &[u8], cages: &[(Vec<usize>, u32)]) -> bool {
    cages.iter().all(|(cells, sum)| {
        let digits: Vec<u8> = cells.iter().map(|&c| v[c]).collect();
        let mut unique = digits.clone();
        unique.sort_unstable();
        unique.dedup();
        unique.len() == digits.len() && digits.iter().map(|&d| u32::from(d)).sum::<u32>() == *sum
    })
}

/// The thermometers of a rules name, read here: `thermo:` lists of cells.
pub(crate) fn thermos(name: &str) -> Vec<Vec<usize>> {
    name.split('+')
        .filter_map(|p| p.strip_prefix("thermo:"))
        .map(|l| l.split('.').map(|c| c.parse().unwrap()).collect())
        .collect()
}

#[test]
fn killer_puzzles_have_their_one_solution() {
    for (line, solution) in lines("killer-9.txt") {
        let cages = killer_cages(&line);
        assert!(latin_boxes(&solution) && keeps_cages(&solution, &cages), "{line}: recorded");
        let puzzle = parse_killer(&line).unwrap();
        assert_eq!(puzzle.rules().constraints().len(), cages.len());
        let mut solver = Solver::new();
        assert_eq!(solver.count(&puzzle, 2).solutions(), 1, "{line}");
        let found = solver.solutions(&puzzle, 2);
        assert_eq!(found[0].values(), &solution[..], "{line}");
        assert!(found[0].is_solution_of(&puzzle));
        // The line round-trips.
        assert_eq!(to_killer(&puzzle).as_deref(), Some(line.as_str()));
    }
}

#[test]
fn thermo_puzzles_have_their_one_solution() {
    for (line, solution) in lines("thermo-9.txt") {
        let (name, givens) = line.split_once(' ').unwrap();
        let thermos = thermos(name);
        assert!(latin_boxes(&solution), "{line}");
        for t in &thermos {
            assert!(t.windows(2).all(|w| solution[w[0]] < solution[w[1]]), "{line}: recorded");
        }
        let rules: Rules = name.parse().unwrap();
        assert_eq!(rules.to_string(), name);
        let values: Vec<u8> =
            givens.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect();
        let puzzle = Grid::from_values_with(rules, values).unwrap();
        let found = Solver::new().solutions(&puzzle, 2);
        assert_eq!(found.len(), 1, "{line}");
        assert_eq!(found[0].values(), &solution[..], "{line}");
    }
}

/// Kropki dots and even/odd marks read off a killer's solution: the
/// marked puzzle without givens keeps that solution among its solutions,
/// and with every white and black dot and "all dots given" it has exactly
/// the solutions that a brute check here accepts among those found.
#[test]
fn dots_and_parity_keep_the_grid_they_were_read_from() {
    let (_, v) = &lines("killer-9.txt")[0];
    let mut rules = Rules::classic(Shape::CLASSIC).with_all_dots();
    let mut dots = Vec::new();
    for a in 0..81u16 {
        for b in [a + 1, a + 9] {
            let adjacent = (b == a + 1 && a % 9 != 8) || (b == a + 9 && b < 81);
            if !adjacent {
                continue;
            }
            let (x, y) = (v[a as usize], v[b as usize]);
            let Some(kind) = DotKind::between(x, y) else { continue };
            rules = rules.with_dot(a, b, kind).unwrap();
            dots.push((a as usize, b as usize, kind));
        }
    }
    let evens: Vec<u16> = (0..81u16).filter(|&i| v[i as usize] % 2 == 0 && i % 4 == 0).collect();
    rules = rules.with_parity(&evens, ParityKind::Even).unwrap();
    // Some givens, so the count is small.
    let values: Vec<u8> = (0..81).map(|i| if i % 5 == 0 { v[i] } else { 0 }).collect();
    let puzzle = Grid::from_values_with(rules.clone(), values).unwrap();
    let found = Solver::new().solutions(&puzzle, 50);
    assert!(!found.is_empty() && found.len() < 50, "{} solutions", found.len());
    assert!(found.iter().any(|g| g.values() == &v[..]), "the grid the dots came from");
    for g in &found {
        let s = g.values();
        assert!(latin_boxes(s));
        for &(a, b, kind) in &dots {
            let (x, y) = (s[a], s[b]);
            match kind {
                DotKind::White => assert_eq!(x.abs_diff(y), 1),
                _ => assert!(x == 2 * y || y == 2 * x),
            }
        }
        // No dot: neither consecutive nor double.
        for a in 0..81 {
            for b in [a + 1, a + 9] {
                if ((b == a + 1 && a % 9 != 8) || (b == a + 9 && b < 81))
                    && !dots.iter().any(|&(p, q, _)| (p, q) == (a, b))
                {
                    let (x, y) = (s[a], s[b]);
                    assert!(x.abs_diff(y) != 1 && x != 2 * y && y != 2 * x, "r{a} {b}");
                }
            }
        }
        assert!(evens.iter().all(|&c| s[c as usize] % 2 == 0));
        assert!(g.is_solution_of(&puzzle) && g.broken().is_empty());
    }
    // Rename round trip.
    assert_eq!(rules.to_string().parse::<Rules>().unwrap(), rules);
}

/// Every non-consecutive 9x9 grid found keeps the rule by a check here,
/// and the 4x4 count is that of trying every grid here.
#[test]
fn non_consecutive_solutions_keep_the_rule() {
    let rules: Rules = "9+non-consecutive".parse().unwrap();
    let found = Solver::new().solutions(&Grid::empty_with(rules), 20);
    assert_eq!(found.len(), 20);
    for g in &found {
        let s = g.values();
        assert!(latin_boxes(s));
        for a in 0..81 {
            if a % 9 != 8 {
                assert_ne!(s[a].abs_diff(s[a + 1]), 1);
            }
            if a + 9 < 81 {
                assert_ne!(s[a].abs_diff(s[a + 9]), 1);
            }
        }
    }
    let four: Rules = "4+non-consecutive".parse().unwrap();
    let brute = count_4x4(|v: &[u8; 16]| {
        (0..16).all(|a| {
            (a % 4 == 3 || v[a].abs_diff(v[a + 1]) != 1)
                && (a + 4 >= 16 || v[a].abs_diff(v[a + 4]) != 1)
        })
    });
    assert_eq!(Solver::new().count(&Grid::empty_with(four), 1000).solutions(), brute);
}

/// The 4x4 sudoku grids (rows, columns, 2x2 boxes) that `keep`, counted
/// by trying every row permutation.
fn count_4x4(keep: impl Fn(&[u8; 16]) -> bool) -> usize {
    let mut perms = Vec::new();
    for a in 1..=4u8 {
        for b in 1..=4u8 {
            for c in 1..=4u8 {
                for d in 1..=4u8 {
                    if a != b && a != c && a != d && b != c && b != d && c != d {
                        perms.push([a, b, c, d]);
                    }
                }
            }
        }
    }
    let mut count = 0;
    for p in &perms {
        for q in &perms {
            for r in &perms {
                for s in &perms {
                    let mut v = [0u8; 16];
                    for (i, row) in [p, q, r, s].into_iter().enumerate() {
                        v[i * 4..i * 4 + 4].copy_from_slice(row);
                    }
                    let cols = (0..4).all(|c| {
                        let mut col: Vec<u8> = (0..4).map(|r| v[r * 4 + c]).collect();
                        col.sort_unstable();
                        col == [1, 2, 3, 4]
                    });
                    let boxes = (0..4).all(|b| {
                        let mut bx: Vec<u8> = (0..4)
                            .map(|k| v[(b / 2 * 2 + k / 2) * 4 + b % 2 * 2 + k % 2])
                            .collect();
                        bx.sort_unstable();
                        bx == [1, 2, 3, 4]
                    });
                    if cols && boxes && keep(&v) {
                        count += 1;
                    }
                }
            }
        }
    }
    count
}

/// Small killers and thermos counted two ways: the solver, and every 4x4
/// grid tried here against the constraints.
#[test]
fn counts_are_exact_on_4x4() {
    // Cages of two cells down the left column pairs, one thermometer.
    let rules: Rules = "4+cage:7=0.4+cage:3=8.12+thermo:1.2.3".parse().unwrap();
    let brute = count_4x4(|v| v[0] + v[4] == 7 && v[8] + v[12] == 3 && v[1] < v[2] && v[2] < v[3]);
    assert!(brute > 0);
    assert_eq!(Solver::new().count(&Grid::empty_with(rules), 1000).solutions(), brute);
    let odd: Rules = "4+odd:0.5+black:1.2+white:14.15".parse().unwrap();
    let brute = count_4x4(|v| {
        v[0] % 2 == 1
            && v[5] % 2 == 1
            && (v[1] == 2 * v[2] || v[2] == 2 * v[1])
            && v[14].abs_diff(v[15]) == 1
    });
    assert_eq!(Solver::new().count(&Grid::empty_with(odd), 1000).solutions(), brute);
}

/// The grid of `values` under the rules named `rules`, and its broken
/// constraints as the engine words them.
fn broken_under(rules: &str, values: Vec<u8>) -> (Grid, Vec<String>) {
    let rules: Rules = rules.parse().unwrap();
    let grid = Grid::from_values_with(rules, values).unwrap();
    let broken = grid.broken().iter().map(ToString::to_string).collect();
    (grid, broken)
}

#[test]
fn broken_constraints_are_named_with_their_cells() {
    let (grid, broken) = broken_under(
        "4+cage:3=0.1+thermo:4.5.6+white:10.11",
        vec![1, 3, 0, 0, 4, 2, 0, 0, 0, 0, 1, 4, 0, 0, 0, 0],
    );
    assert_eq!(
        broken,
        [
            "cage 1 (sum 3) is broken at r1c1, r1c2",
            "thermometer 1 is broken at r2c1, r2c2",
            "white dot r3c3-r3c4 is broken at r3c3, r3c4",
        ]
    );
    assert!(!grid.is_consistent() && grid.clashes().is_empty());
}

#[test]
fn a_wrong_parity_names_only_its_own_cells() {
    // Cells 0, 5 and 10 are marked odd; 0 and 10 hold odd digits, 5 an
    // even one, so only r2c2 is at fault.
    let (_, broken) =
        broken_under("4+odd:0.5.10+even:15", vec![1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4]);
    assert_eq!(broken, ["odd cells is broken at r2c2"]);
}

#[test]
fn bad_constraints_name_the_part_at_fault() {
    let err = |name: &str| name.parse::<Rules>().unwrap_err().to_string();
    assert_eq!(
        err("9+cage:3=0.1+cage:25=9.10.11"),
        "cage 2 (sum 25) cannot be made: 3 distinct digits sum to 6 to 24"
    );
    assert_eq!(err("9+cage:3=0.1+cage:10=1.2"), "cage 2 (sum 10) overlaps cage 1 (sum 3) at r1c2");
    assert_eq!(
        err("9+thermo:0.1.3"),
        "thermometer 1 is not a path of neighbouring cells: r1c2 and r1c4 do not touch"
    );
    assert_eq!(
        err("9+white:0.10"),
        "white dot r1c1-r2c2: a dot sits between two orthogonal neighbours"
    );
    assert_eq!(err("9+even:4+odd:3.4"), "r1c5 is marked both even and odd");
    // A second mark of the same kind on a cell would not read back from
    // f-puzzles or SudokuPad, whose lists hold each cell once.
    assert_eq!(err("9+even:4+even:3.4"), "even cells: r1c5 is marked even already");
    assert!(matches!("9+thermo:0".parse::<Rules>(), Err(RulesError::Constraint(_))));
    assert!(err("9+cage:5=0.0").contains("r1c1 appears twice"), "{}", err("9+cage:5=0.0"));
    assert!(err("25+cage:5=0.1").contains("side 16 or less"));
}

#[test]
fn bad_killer_lines_name_the_part_at_fault() {
    let err = |line: &str| parse_killer(line).unwrap_err().to_string();
    assert!(
        err("AABB 3").contains("cage map has 4 characters") || err("AABB 3").contains("2 cages")
    );
    assert_eq!(err("AABCDDBCEFFGEHHG 3,4,6,7,6,5,4"), "the map has 8 cages but 7 sums are given");
    assert!(err("ABBCDDBCEFFGEHHG 3,4,6,7,6,5,4,5,1").contains("8 cages"));
    assert_eq!(
        err("AACBDDBCEFFGEHHG 3,4,6,7,6,5,4,5"),
        "the cage map has 'C' at r1c3: cages are lettered A-Z then a-z in order of first \
         appearance, so a new cage there is 'B'"
    );
    assert_eq!(err("AABCDDBCEFFGEHHG 3,4,6,x,6,5,4,5"), "sum 4 (\"x\") is not a number");
    assert_eq!(
        err("AABCDDBCEFFGEHHG 3,4,6,7,6,5,4,9"),
        "cage 8 (sum 9) cannot be made: 2 distinct digits sum to 3 to 7"
    );
    assert!(err("AABCDDBCEFFGEHHG").contains("found 1 part"));
    let g = parse_killer("AABCDDBCEFFGEHHG 3,4,6,7,6,5,4,5 1...............").unwrap();
    assert_eq!(g.values()[0], 1);
    // Spaces beside the commas and a comma after the last sum are read
    // past, givens and all; an empty sum inside is still named.
    for spaced in [
        "AABCDDBCEFFGEHHG 3, 4,6,7,6,5,4,5 1...............",
        "AABCDDBCEFFGEHHG 3 ,4 , 6,7,6,5,4,5, 1...............",
        "AABCDDBCEFFGEHHG 3,4,6,7,6,5,4,5, 1...............",
    ] {
        assert_eq!(parse_killer(spaced).as_ref(), Ok(&g), "{spaced}");
    }
    assert_eq!(err("AABCDDBCEFFGEHHG 3,4,,6,7,6,5,4"), "sum 3 (\"\") is not a number");
    // Read off the grid 1234/3412/2143/4321, which it must keep.
    let found = Solver::new().solutions(&g, 100);
    assert!(found.iter().any(|s| s.values() == [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]));
}

/// Every 6x6 non-consecutive grid (rows, columns, 2x3 boxes, orthogonal
/// neighbours not one apart), found here row by row over the 720 row
/// permutations, sharing no code with the solver.
fn non_consecutive_6x6_grids() -> Vec<[u8; 36]> {
    let mut perms: Vec<[u8; 6]> = Vec::new();
    let mut row = [0u8; 6];
    fn permute(at: usize, row: &mut [u8; 6], out: &mut Vec<[u8; 6]>) {
        if at == 6 {
            out.push(*row);
            return;
        }
        for d in 1..=6u8 {
            if !row[..at].contains(&d) && (at == 0 || row[at - 1].abs_diff(d) != 1) {
                row[at] = d;
                permute(at + 1, row, out);
            }
        }
    }
    permute(0, &mut row, &mut perms);
    let mut grids = Vec::new();
    let mut rows: Vec<[u8; 6]> = Vec::new();
    fn stack(perms: &[[u8; 6]], rows: &mut Vec<[u8; 6]>, grids: &mut Vec<[u8; 36]>) {
        let r = rows.len();
        if r == 6 {
            let mut g = [0u8; 36];
            for (i, row) in rows.iter().enumerate() {
                g[i * 6..i * 6 + 6].copy_from_slice(row);
            }
            grids.push(g);
            return;
        }
        for p in perms {
            let fits = (0..6).all(|c| {
                rows.iter().all(|above| above[c] != p[c])
                    && (r == 0 || rows[r - 1][c].abs_diff(p[c]) != 1)
                    && (r.is_multiple_of(2) || {
                        let box_above = &rows[r - 1][c / 3 * 3..c / 3 * 3 + 3];
                        !box_above.contains(&p[c])
                    })
            });
            if fits {
                rows.push(*p);
                stack(perms, rows, grids);
                rows.pop();
            }
        }
    }
    stack(&perms, &mut rows, &mut grids);
    grids
}

/// Counts under the non-consecutive rule agree with counting every 6x6
/// grid here: the empty board, sparse puzzles of several grids, and the
/// same puzzles with one given's digit excluded (the generator's removal
/// check).
#[test]
fn non_consecutive_counts_agree_with_every_6x6_grid() {
    let grids = non_consecutive_6x6_grids();
    assert!(grids.len() > 10, "{} grids", grids.len());
    let rules: Rules = "6+non-consecutive".parse().unwrap();
    let mut solver = Solver::new();
    assert_eq!(solver.count(&Grid::empty_with(rules.clone()), 1_000_000).solutions(), grids.len());
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let (mut unique, mut several) = (0, 0);
    for k in 0..60 {
        let grid = grids[next() as usize % grids.len()];
        let keep = [3, 4, 5, 6][k % 4];
        let mut givens = [0u8; 36];
        for _ in 0..keep {
            let c = next() as usize % 36;
            givens[c] = grid[c];
        }
        let matching = |g: &[u8; 36]| (0..36).all(|c| givens[c] == 0 || givens[c] == g[c]);
        let brute = grids.iter().filter(|g| matching(g)).count();
        let puzzle = Grid::from_values_with(rules.clone(), givens.to_vec()).unwrap();
        assert_eq!(solver.count(&puzzle, 100_000).solutions(), brute, "{givens:?}");
        unique += usize::from(brute == 1);
        several += usize::from(brute > 1);
        if let Some(c) = (0..36).find(|&c| givens[c] != 0) {
            let mut without = givens;
            without[c] = 0;
            let others = grids
                .iter()
                .filter(|g| {
                    g[c] != givens[c] && (0..36).all(|x| without[x] == 0 || without[x] == g[x])
                })
                .count();
            let puzzle = Grid::from_values_with(rules.clone(), without.to_vec()).unwrap();
            let digit = sudokit::Digit::new(givens[c]);
            let cell = sudokit::Cell::from_index(c);
            assert_eq!(solver.count_excluding(&puzzle, cell, digit, 100_000).solutions(), others);
        }
    }
    assert!(unique > 3 && several > 3, "{unique} unique, {several} several");
}

/// On sparse 9x9 non-consecutive puzzles counting finds as many solutions
/// as listing them, and every listed one solves the puzzle: a reference
/// for any change to the counting search's order or propagation.
#[test]
fn non_consecutive_counts_agree_with_the_listing_order() {
    let rules: Rules = "9+non-consecutive".parse().unwrap();
    let mut solver = Solver::new();
    let full = solver.solutions(&Grid::empty_with(rules.clone()), 1).remove(0);
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut compared = 0;
    for k in 0..12 {
        let mut givens = vec![0u8; 81];
        for _ in 0..[14, 18, 22][k % 3] {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let c = state as usize % 81;
            givens[c] = full.values()[c];
        }
        let puzzle = Grid::from_values_with(rules.clone(), givens).unwrap();
        let listed = solver.solutions(&puzzle, 400);
        for g in &listed {
            assert!(g.is_solution_of(&puzzle));
        }
        let counted = solver.count(&puzzle, 400).solutions();
        assert_eq!(counted, listed.len());
        compared += usize::from(listed.len() > 1 && listed.len() < 400);
    }
    assert!(compared >= 2, "{compared} puzzles with several solutions below the limit");
}
