//! The exact solver with house crossings (`Solver::with_house_crossings`,
//! as the command-line tool, the service and the Python package count and
//! solve): the same verdicts and counts as the plain search, and answers
//! on large variant boards where the plain search does not end.

use sudokit::solve::{Count, Limits, Solution, Solver};
use sudokit::{Grid, Rules};

use crate::util::data_dir;

/// The puzzles of a file as `generate` writes them (a `# rules:` line
/// before the puzzles it names, then one puzzle per line, its values
/// space-separated or as digits, optionally followed by its solution's).
fn puzzles_with_rules(name: &str) -> Vec<(Grid, Option<Vec<u8>>)> {
    let path = data_dir().join("variants").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut rules: Option<Rules> = None;
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        if let Some(name) = line.strip_prefix("# rules: ") {
            rules = Some(name.trim().parse().unwrap_or_else(|e| panic!("{name}: {e}")));
            continue;
        }
        let rules = rules.clone().expect("a rules line first");
        let cells = rules.shape().cell_count();
        let values: Vec<u8> = if line.contains(' ') && rules.shape().size() > 9 {
            line.split_whitespace().map(|t| t.parse().unwrap()).collect()
        } else {
            let mut parts = line.split_whitespace();
            let digits = |t: &str| -> Vec<u8> {
                t.bytes().map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 }).collect()
            };
            let mut v = digits(parts.next().unwrap());
            v.extend(parts.next().map(digits).unwrap_or_default());
            v
        };
        let solution = (values.len() == 2 * cells).then(|| values[cells..].to_vec());
        let grid = Grid::from_values_with(rules, values[..cells].to_vec()).unwrap();
        out.push((grid, solution));
    }
    out
}

/// Whether `v` fills a 36x36 board's rows, columns, 6x6 boxes, both
/// diagonals and the 25 windows (6x6 blocks at rows and columns 1, 8, 15,
/// 22 and 29) with 1-36 each: the X-windoku rule, written out here.
fn x_windoku_36_holds(v: &[u8]) -> bool {
    let n = 36;
    let full = |cells: Vec<usize>| {
        let mut seen = [false; 37];
        cells.len() == n
            && cells.iter().all(|&c| {
                (1..=36).contains(&v[c]) && !std::mem::replace(&mut seen[v[c] as usize], true)
            })
    };
    let block =
        |r0: usize, c0: usize| (0..36).map(|k| (r0 + k / 6) * n + c0 + k % 6).collect::<Vec<_>>();
    (0..n).all(|i| full((0..n).map(|j| i * n + j).collect()))
        && (0..n).all(|j| full((0..n).map(|i| i * n + j).collect()))
        && (0..n).all(|b| full(block(b / 6 * 6, b % 6 * 6)))
        && full((0..n).map(|i| i * n + i).collect())
        && full((0..n).map(|i| i * n + n - 1 - i).collect())
        && (0..25).all(|w| full(block(1 + w / 5 * 7, 1 + w % 5 * 7)))
}

/// The 36x36 X-windoku `hard` puzzles of `data/variants/x-windoku-36.txt`
/// (`generate --variant x,windoku --size 36 --difficulty hard -n 2 --seed 1
/// --with-solution`): their recorded solutions keep the rule, and the
/// solver with house crossings proves each unique within a thousand nodes
/// and gives back that solution (the plain search did not end in minutes).
#[test]
fn big_x_windoku_puzzles_are_settled_with_house_crossings() {
    let puzzles = puzzles_with_rules("x-windoku-36.txt");
    assert_eq!(puzzles.len(), 2);
    let mut solver = Solver::with_limits(Limits::nodes(1_000)).with_house_crossings();
    for (puzzle, solution) in puzzles {
        let solution = solution.expect("a recorded solution");
        assert!(x_windoku_36_holds(&solution));
        assert!(puzzle.values().iter().zip(&solution).all(|(&p, &s)| p == 0 || p == s));
        assert_eq!(solver.count(&puzzle, 2), Count::Found(1));
        match solver.solve(&puzzle) {
            Solution::Unique(g) => assert_eq!(g.values(), &solution[..]),
            other => panic!("expected one solution, got {other:?}"),
        }
    }
}

/// A small deterministic generator of choices for the tests.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Counts of `puzzle` and of variations of it (clues struck, so several
/// solutions, and a clue changed, so often none), by the plain search and
/// with house crossings; returns how many counts were compared.
fn compare_counts(
    puzzle: &Grid,
    rng: &mut Xorshift,
    plain: &mut Solver,
    crossed: &mut Solver,
) -> usize {
    let cells = puzzle.values().len();
    let n = puzzle.shape().size();
    let mut compared = 0;
    for variation in 0..4 {
        let mut values = puzzle.values().to_vec();
        let given: Vec<usize> = (0..cells).filter(|&c| values[c] != 0).collect();
        match variation {
            0 => {}
            1 | 2 => {
                for _ in 0..1 + variation * 3 {
                    values[given[rng.below(given.len())]] = 0;
                }
            }
            _ => {
                let c = given[rng.below(given.len())];
                values[c] = values[c] % n as u8 + 1;
            }
        }
        let grid = Grid::from_values_with(puzzle.rules().clone(), values).unwrap();
        let (a, b) = (plain.count(&grid, 30), crossed.count(&grid, 30));
        if let Count::Found(_) = a {
            assert_eq!(a, b, "{:?}", grid.values());
            compared += 1;
        }
        if let (Solution::Unique(x), Solution::Unique(y)) =
            (plain.solve(&grid), crossed.solve(&grid))
        {
            assert_eq!(x, y);
        }
    }
    compared
}

/// On 9x9 jigsaw and windoku (crossings) and 16x16 windoku, X-windoku and
/// X (crossings and the closure's start), counts up to 30 agree with the
/// plain search's on unique puzzles, on puzzles with several solutions
/// and on puzzles with none.
#[test]
fn house_crossings_keep_every_count() {
    let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
    let mut plain = Solver::with_limits(Limits::nodes(20_000));
    let mut crossed = Solver::with_limits(Limits::nodes(20_000)).with_house_crossings();
    let mut compared = 0;
    for file in ["jigsaw-9.txt", "windoku-9.txt"] {
        for (puzzle, _) in puzzles_with_rules(&format!("bench/{file}")).iter().take(25) {
            compared += compare_counts(puzzle, &mut rng, &mut plain, &mut crossed);
        }
    }
    for name in ["16+windoku", "16+windoku+x", "16+x"] {
        let rules: Rules = name.parse().unwrap();
        let generator =
            sudokit::generate::Generator::new(sudokit::generate::Options::new(rules), 7).unwrap();
        for i in 0..4 {
            let puzzle = generator.puzzle(i).unwrap().puzzle;
            compared += compare_counts(&puzzle, &mut rng, &mut plain, &mut crossed);
        }
    }
    assert!(compared >= 200, "only {compared} counts compared");
}
