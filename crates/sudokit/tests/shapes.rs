//! Every board shape: hand-checkable puzzles with unique solutions, puzzles
//! without any, and empty boards.
//!
//! The unique puzzles were made once by blanking cells of a valid grid while
//! the solution stayed unique, and are stored with their solutions; the test
//! checks the stored solution by the rules (independently of the solver) and
//! that the solver finds exactly it.

use sudokit::solve::{Count, Limits, Solution, Solver};
use sudokit::{Grid, Shape};

use crate::util::{assert_solves, grid};

/// (box rows, box cols, puzzle, solution)
const UNIQUE: &[(usize, usize, &str, &str)] = &[
    (2, 2, "...21...3..4....", "4312124331242431"),
    (2, 3, "5...32..2...146...3.....4......5...3", "514632632514146325325146463251251463"),
    (
        3,
        4,
        "B.....4C..6.9.......BA.5.2.8......4.A.5.7.C..6.B.4...6.B..592.8.........1.....3....A4..2.8..1..7.8B..59.......7..3..8B..C..6.BA1..7......9....26",
        "BA15974C3268974C3268BA153268BA15974CA15974C3268B74C3268BA159268BA15974C315974C3268BA4C3268BA159768BA15974C325974C3268BA1C3268BA159748BA15974C326",
    ),
    (
        4,
        3,
        ".1...6..4..23.......2C...9.A5.C..3.......8376.9.1..7...4......B...5...83.4...C.8376..2C......9...3.6B.4..2..6B...5...83..A5.C1...6.9........9...",
        "C18376B94A52376B94A52C18B94A52C18376A52C18376B9418376B94A52C76B94A52C18394A52C18376B52C18376B94A8376B94A52C16B94A52C18374A52C18376B92C18376B94A5",
    ),
    (
        4,
        4,
        "..5.......G..1......3..7AC....D.9A.C.4E.23......D....9...67.2.4.2.1..C4..D.6...7....2....94.5...8.E..B1.........C.G..E8F...14..A3..BD..A......G......1..6...8DC.6G...3C..5...E94...DG6.47..8.......2.......C.AE9A.375.G.9.2.D..C...F....G..5..76.4.E..71...A.2.3",
        "7356F2BD48G9C1AE12483567ACEF9BDG9ABC14EG235D678FDEFG89AC167B23452913AC45FD86EGB7FB6A2GD3E9475C1887E46B195ACG3F2DCDG57E8F32B1496A382BD75ACE94F6G14579E1F26GA38DCB6GA1B3C8D5F27E94EFCDG6947B18A53251824F36B7DCGAE9A63758GB912ED4FCBCDF9A2EG4351876G49ECD718F6AB253",
    ),
    (
        5,
        5,
        "....L...CEGB14.HP.8.......2.4......H.J.L.C....M.O...A.CFL......9...JK..2.E.DE..H1...KC.NO.5.9..6.AI.JKMN..D.H.....F1....59B....13.DJ......B..K.O7P..M6.JK.5.M9B..P2.......FG8..N..D...C32K....9....J.1.B.O.AM........5N..FJ..C2.D..8F..K.E4.9.6..G.L3..5A..1.7.AB.8.......L.5ED.O.4M4.6..3..N.O.G1..C..E..K.........I...8P.O...1..LHG.G....5JM.......9P......7.D..N..O...E.J......B5.8....C..E1.H8FMD..NO6..PJBA..B.8O.2.M5.HC.PD.79L.E.N..DHF.C.K71L....3.2...G.M.6.LG..B.A4.......CI7H..K.5......G.....OE4...93..86.O..C8..D.3K2......4I.F.8.4.A....F...76......N...9C....65.L.N4..FOIP2HED....J...N.7.B.CL..H.D.....3..5P..9.J..A....EL.....6.",
        "5I9OLJANCEGB142HPM863DK7F123465789BHIJKLACDEFGMNOP78ABCFLMOP3569DGIJKN124EHDEFGH1234KCMNOP579BL68AIJJKMNP6DGHI78AEF1234O59BCL29134DJAF5ICGB8NKEO7PLHM6LJKI5NM9B6OP217CA4HDFG83ENPGDEIOC32KHLFA968M5J714BHO6AMG17L8E435NIBFJPKC29DCB8F7HKPE4J9D6M2G1L3NO5AI31H72ABF8G96IMCKLN5EDJOP4M4P6J73LDN2O5G1B8CAHEFIK9EFC5K246I9ND8PBOJ731MALHGBGL8OE5JMCAKFH3D9PI4216N7ADI9NKHOP1LE7J46F2GMB538C472C93E15H8FMDKLNO6GIPJBAK3BJ8OF26M5GHCIPDA79L4E1NIADHF9C4K71LPNE83B2JO6G5MO6ELG8PBNA4293JM15CI7HFDKP5NM1LIDGJ67BAOE4HFK93C286LOEBC8H1DP3K29JMGNA4I7F58H41AMGI2FDJE7635K9BCNPLO9C7K3B65ALMN48GFOIP2HEDJ1FMJ2IPNE7OB1CL54H6D8AK9G3GN5PD49KJ3FAOIH7EL1C8BM62",
    ),
];

#[test]
fn hand_checked_puzzles_of_every_shape_have_their_one_solution() {
    let mut solver = Solver::new();
    for &(r, c, puzzle, solution) in UNIQUE {
        let shape = Shape::new(r, c).unwrap();
        let (puzzle, solution) = (grid(shape, puzzle), grid(shape, solution));
        assert_solves(&puzzle, &solution);
        assert_eq!(solver.count(&puzzle, 2), Count::Found(1), "{shape}");
        assert_eq!(solver.solve(&puzzle), Solution::Unique(solution), "{shape}");
    }
}

#[test]
fn clashing_givens_have_no_solution_and_are_named() {
    let shape = Shape::CLASSIC;
    // Two 5s in row 1 (r1c1 and r1c4).
    let p = grid(shape, &format!("5..5{}", ".".repeat(77)));
    assert_eq!(p.count_solutions_up_to(2), 0);
    match p.solution() {
        Solution::Clashing(clashes) => {
            let text: Vec<String> = clashes.iter().map(ToString::to_string).collect();
            assert_eq!(text, ["row 1 has 5 in r1c1, r1c4"]);
        }
        other => panic!("expected a clash, got {other:?}"),
    }
}

#[test]
fn a_contradiction_only_search_reveals_means_no_solution() {
    // top1465 puzzle 1 with a wrong 5 added at r1c2: the givens do not clash
    // and singles alone do not refute it, so the search must branch.
    let p = grid(
        Shape::CLASSIC,
        "45..3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    );
    assert!(p.is_consistent());
    let mut singles_only = Solver::with_limits(Limits::nodes(0));
    assert_eq!(singles_only.count(&p, 2), Count::OutOfBudget(0));
    let mut solver = Solver::new();
    assert_eq!(solver.solve(&p), Solution::None);
    assert!(solver.last_nodes() > 0);
}

#[test]
fn empty_boards_of_every_size_have_several_solutions() {
    let shapes = [
        (1, 2),
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (3, 3),
        (2, 5),
        (3, 4),
        (4, 3),
        (1, 7),
        (4, 4),
        (5, 5),
        (6, 6),
        (7, 7),
        (8, 8),
    ];
    let mut solver = Solver::new();
    for (r, c) in shapes {
        let shape = Shape::new(r, c).unwrap();
        let empty = Grid::empty(shape);
        let found = solver.solutions(&empty, 2);
        assert_eq!(found.len(), 2, "{shape}");
        assert_ne!(found[0], found[1], "{shape}");
        for s in &found {
            assert_solves(&empty, s);
        }
    }
}

#[test]
fn every_small_shape_completes_a_partial_grid() {
    // Every shape up to 16x16, including prime sizes with 1-row boxes: the
    // first row given, the rest found by search.
    let mut solver = Solver::new();
    for shape in Shape::all().filter(|s| s.size() <= 16) {
        let n = shape.size();
        let mut values = vec![0u8; n * n];
        for (col, v) in values.iter_mut().take(n).enumerate() {
            *v = ((col * 7 + 3) % n) as u8 + 1;
        }
        if (0..n).map(|col| (col * 7 + 3) % n).collect::<std::collections::HashSet<_>>().len() < n {
            continue; // 7 shares a factor with n: not a permutation
        }
        let puzzle = Grid::from_values(shape, values).unwrap();
        let found = solver.solutions(&puzzle, 1);
        assert_eq!(found.len(), 1, "{shape}");
        assert_solves(&puzzle, &found[0]);
    }
}
