//! `--variant killer` and `--rules NAME` on solve, count, validate and the
//! logic commands, run through the real binary.

use crate::util::{Run, data_dir, sudokit};

/// The killer file's puzzles and their recorded solutions, and the puzzles
/// as input (a line each).
fn killers() -> (Vec<(String, String)>, String) {
    let text = std::fs::read_to_string(data_dir().join("variants/killer-9.txt")).unwrap();
    let killers: Vec<(String, String)> = text
        .lines()
        .map(|l| {
            let (p, s) = l.split_once(" # ").unwrap();
            (p.to_string(), s.trim().to_string())
        })
        .collect();
    let input = killers.iter().map(|(p, _)| format!("{p}\n")).collect();
    (killers, input)
}

#[test]
fn solve_variant_killer_prints_each_recorded_solution() {
    let (killers, input) = killers();
    let run = sudokit(&["solve", "--variant", "killer"], input.as_bytes());
    run.expect_code(0);
    let want: Vec<&str> = killers.iter().map(|(_, s)| s.as_str()).collect();
    assert_eq!(run.lines(), want);
    // The file itself, comments and all, as a user would pass it.
    let file = data_dir().join("variants/killer-9.txt");
    let run = sudokit(&["solve", "--variant", "killer", file.to_str().unwrap()], b"");
    run.expect_code(0);
    assert_eq!(run.lines(), want);
}

#[test]
fn count_and_validate_read_rules_by_name() {
    // A thermometer along the whole first row of a 4x4 fixes it to 1234;
    // of the 288 4x4 grids, one in 24 has a given first row: 12 (exit 1,
    // several solutions).
    let run =
        sudokit(&["count", "--rules", "4+thermo:0.1.2.3", "--limit", "100"], b"................\n");
    run.expect_code(1);
    assert_eq!(run.lines(), ["12"]);
    let run = sudokit(&["validate", "--rules", "4+thermo:0.1.2.3"], b"21..............\n");
    run.expect_code(1);
    assert_eq!(run.lines(), ["invalid: thermometer 1 is broken at r1c1, r1c2"]);
}

#[test]
fn bad_variant_input_is_named() {
    sudokit(&["count", "--rules", "9+thermo:0.2"], b".\n").expect_code(2).expect_stderr(&[
        "--rules",
        "thermometer 1 is not a path",
        "r1c1 and r1c3",
    ]);
    sudokit(&["solve", "--variant", "killer"], b"AABCDDBCEFFGEHHG 3,4,6,7,6,5,4,9\n")
        .expect_code(2)
        .expect_stderr(&["line 1", "cage 8 (sum 9) cannot be made"]);
}

#[test]
fn rate_and_hint_read_killer_lines() {
    let (killers, input) = killers();
    let run = sudokit(&["rate", "--variant", "killer"], input.as_bytes());
    run.expect_code(0);
    assert_eq!(run.lines().len(), killers.len(), "{run}");
    for line in run.lines() {
        let level =
            line.split(' ').find(|w| ["easy", "medium", "hard", "expert", "evil"].contains(w));
        assert!(level.is_some(), "{run}");
    }
    // The first hint of each: a cage combination naming its cage, whose
    // placements the recorded solution has and whose removals it lacks.
    let run = sudokit(&["hint", "--variant", "killer"], input.as_bytes());
    run.expect_code(0);
    for (line, (_, solution)) in run.lines().iter().zip(&killers) {
        assert!(line.contains("Cage Combination: The digits of cage "), "{line}");
        let mut moves = 0;
        for (tag, sep, want) in [("[place: ", "=", true), ("[remove: ", "<>", false)] {
            let Some(list) = line.split(tag).nth(1) else { continue };
            let list = list.split(']').next().unwrap();
            for m in list.split(' ') {
                let (cell, digit) = m.split_once(sep).unwrap();
                let (row, col) = cell[1..].split_once('c').unwrap();
                let i = (row.parse::<usize>().unwrap() - 1) * 9 + col.parse::<usize>().unwrap() - 1;
                assert_eq!(solution.as_bytes()[i] == digit.as_bytes()[0], want, "{line}");
                moves += 1;
            }
        }
        assert!(moves > 0, "{line}");
    }
}

/// The cage map and sums of a killer line hold on `solution` (a line of
/// digits), checked with plain arithmetic: each cage's digits add up to its
/// sum and do not repeat.
fn cages_hold(killer: &str, solution: &str) -> bool {
    let mut fields = killer.split_whitespace();
    let (map, sums) = (fields.next().unwrap(), fields.next().unwrap());
    let sums: Vec<u32> = sums.split(',').map(|s| s.parse().unwrap()).collect();
    let mut letters: Vec<char> = Vec::new();
    for c in map.chars() {
        if !letters.contains(&c) {
            letters.push(c);
        }
    }
    letters.len() == sums.len()
        && letters.iter().zip(&sums).all(|(&letter, &sum)| {
            let mut digits: Vec<u32> = map
                .chars()
                .zip(solution.chars())
                .filter(|&(m, _)| m == letter)
                .map(|(_, d)| d.to_digit(10).unwrap())
                .collect();
            let total: u32 = digits.iter().sum();
            digits.sort_unstable();
            digits.dedup();
            total == sum && digits.len() == map.chars().filter(|&m| m == letter).count()
        })
}

#[test]
fn generated_killers_solve_back_without_repeating_the_flag() {
    let made = sudokit(&["generate", "--variant", "killer", "--seed", "3", "-n", "3"], b"");
    made.expect_code(0);
    let lines = made.lines();
    assert_eq!(lines[0], "# rules: 9", "{made}");
    let run = sudokit(&["solve"], made.stdout.as_slice());
    run.expect_code(0);
    let solutions = run.lines();
    assert_eq!(solutions.len(), 3, "{run}");
    for (killer, solution) in lines[1..].iter().zip(&solutions) {
        let empty = "0".repeat(81);
        crate::util::check_solution(
            &crate::util::line_values(&empty),
            &crate::util::line_values(solution),
            3,
            3,
        )
        .unwrap();
        assert!(cages_hold(killer, solution), "{killer}: {solution}");
    }
    // With X: the rules line names the diagonals, and solve keeps them.
    let made = sudokit(&["generate", "--variant", "x,killer", "--seed", "3"], b"");
    made.expect_code(0);
    assert_eq!(made.lines()[0], "# rules: 9+x", "{made}");
    let run = sudokit(&["solve"], made.stdout.as_slice());
    run.expect_code(0);
    let solution: Vec<char> = run.lines()[0].chars().collect();
    for diagonal in [[0, 10, 20, 30, 40, 50, 60, 70, 80], [8, 16, 24, 32, 40, 48, 56, 64, 72]] {
        let mut digits: Vec<char> = diagonal.iter().map(|&i| solution[i]).collect();
        digits.sort_unstable();
        digits.dedup();
        assert_eq!(digits.len(), 9, "{run}");
    }
    assert!(cages_hold(made.lines()[1], run.lines()[0]));
}

#[test]
fn generated_thermos_carry_their_rules_to_solve_and_to_json() {
    let made = sudokit(&["generate", "--variant", "thermo", "--seed", "3", "-n", "2"], b"");
    made.expect_code(0);
    let run = sudokit(&["solve"], made.stdout.as_slice());
    run.expect_code(0);
    assert_eq!(run.lines().len(), 2, "{run}");
    let json = sudokit(
        &["generate", "--variant", "thermo", "--seed", "3", "--format", "json", "--with-solution"],
        b"",
    );
    json.expect_code(0);
    let v: serde_json::Value = serde_json::from_str(json.lines()[0]).unwrap();
    let solution: Vec<char> = v["solution"].as_str().unwrap().chars().collect();
    let thermos = v["thermos"].as_array().unwrap();
    assert!(thermos.len() >= 2, "{json}");
    for t in thermos {
        let cells: Vec<usize> =
            t.as_array().unwrap().iter().map(|c| c.as_u64().unwrap() as usize).collect();
        assert!(cells.windows(2).all(|w| solution[w[0]] < solution[w[1]]), "{t} on {solution:?}");
    }
    assert_eq!(run.lines()[0], v["solution"].as_str().unwrap());
}

/// One puzzle of the variant benchmark set: its rules line (if any), its
/// puzzle line as written, and its recorded solution.
struct BenchItem {
    rules: String,
    line: String,
    solution: Vec<u8>,
}

/// The items of `data/variants/bench/NAME`.
fn bench_items(name: &str) -> Vec<BenchItem> {
    let text = std::fs::read_to_string(data_dir().join("variants/bench").join(name)).unwrap();
    let mut rules = String::new();
    let mut items = Vec::new();
    for line in text.lines() {
        if let Some(named) = line.strip_prefix("# rules: ") {
            rules = named.to_string();
            continue;
        }
        let solution = match line.split_once(" # ") {
            Some((_, s)) => s.trim(),
            None => line.split_whitespace().nth(1).unwrap(),
        };
        let solution = solution.bytes().map(|b| b - b'0').collect();
        items.push(BenchItem { rules: rules.clone(), line: line.to_string(), solution });
    }
    items
}

/// The houses of a 9x9 board under `rules` (rows, columns, the boxes or the
/// jigsaw regions of `jigsaw=MAP`, the diagonals of `x`), written here from
/// the rules' text alone.
fn houses(rules: &str) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = (0..9).map(|r| (0..9).map(|c| r * 9 + c).collect()).collect();
    out.extend((0..9).map(|c| (0..9).map(|r| r * 9 + c).collect()));
    match rules.split('+').find_map(|p| p.strip_prefix("jigsaw=")) {
        Some(map) => {
            out.extend((b'0'..=b'8').map(|l| (0..81).filter(|&i| map.as_bytes()[i] == l).collect()))
        }
        None => out.extend(
            (0..9).map(|b| (0..9).map(|k| (b / 3 * 3 + k / 3) * 9 + b % 3 * 3 + k % 3).collect()),
        ),
    }
    if rules.split('+').any(|p| p == "x") {
        out.push((0..9).map(|i| i * 10).collect());
        out.push((0..9).map(|i| i * 8 + 8).collect());
    }
    out
}

/// Every puzzle of the variant benchmark set is unique (counted by
/// `bench`), `solve` gives back its recorded solution, and that solution
/// obeys the rules by arithmetic done here: every house holds 1 to 9, the
/// givens agree, each killer cage holds distinct digits adding up to its
/// sum, each thermometer rises from its bulb.
#[test]
fn variant_bench_set_is_unique_and_solves_to_its_solutions() {
    let files = [
        ("killer-9-nogivens.txt", 100),
        ("killer-9-givens.txt", 100),
        ("thermo-9.txt", 100),
        ("kropki-9.txt", 100),
        ("even-odd-9.txt", 100),
        ("x-9.txt", 100),
        ("windoku-9.txt", 100),
        ("jigsaw-9.txt", 100),
        ("x-killer-9.txt", 50),
    ];
    for (name, count) in files {
        let path = data_dir().join("variants/bench").join(name);
        let path = path.to_str().unwrap();
        let items = bench_items(name);
        assert_eq!(items.len(), count, "{name}");

        let run = sudokit(&["bench", "--runs", "1", path], b"");
        run.expect_code(0);
        assert!(run.lines()[1].ends_with(&format!("0 / {count} / 0")), "{name}: {run}");

        let run = sudokit(&["solve", "-q", path], b"");
        run.expect_code(0);
        let solved: Vec<Vec<u8>> =
            run.lines().iter().map(|l| l.bytes().map(|b| b - b'0').collect()).collect();
        let recorded: Vec<Vec<u8>> = items.iter().map(|i| i.solution.clone()).collect();
        assert_eq!(solved, recorded, "{name}");

        for (k, item) in items.iter().enumerate() {
            let s = &item.solution;
            let at = format!("{name} puzzle {}", k + 1);
            for house in houses(&item.rules) {
                let mut digits: Vec<u8> = house.iter().map(|&i| s[i]).collect();
                digits.sort_unstable();
                assert_eq!(digits, (1..=9).collect::<Vec<u8>>(), "{at}: house {house:?}");
            }
            let fields: Vec<&str> = item.line.split(" # ").next().unwrap().split(' ').collect();
            let killer = fields.len() >= 2 && fields[1].contains(',');
            if killer {
                let (map, sums) = (fields[0].as_bytes(), fields[1]);
                let mut labels: Vec<u8> = Vec::new();
                for &l in map {
                    if !labels.contains(&l) {
                        labels.push(l);
                    }
                }
                let sums: Vec<u32> = sums.split(',').map(|t| t.parse().unwrap()).collect();
                assert_eq!(labels.len(), sums.len(), "{at}");
                for (label, sum) in labels.iter().zip(&sums) {
                    let mut cage: Vec<u8> =
                        (0..81).filter(|&i| map[i] == *label).map(|i| s[i]).collect();
                    assert_eq!(cage.iter().map(|&d| u32::from(d)).sum::<u32>(), *sum, "{at}");
                    cage.sort_unstable();
                    cage.dedup();
                    assert_eq!(cage.len(), map.iter().filter(|&&m| m == *label).count(), "{at}");
                }
            } else {
                for (i, g) in fields[0].bytes().enumerate() {
                    assert!(g == b'.' || g - b'0' == s[i], "{at}: given at cell {i}");
                }
            }
            for part in item.rules.split('+') {
                if let Some(cells) = part.strip_prefix("thermo:") {
                    let cells: Vec<usize> = cells.split('.').map(|c| c.parse().unwrap()).collect();
                    assert!(cells.windows(2).all(|w| s[w[0]] < s[w[1]]), "{at}: thermo {part}");
                }
            }
        }
    }
}

/// The f-puzzles boards of `data/variants/fpuzzles/`: each file's path and
/// the solution in its `solution` field, as a line.
fn fpuzzles_boards() -> Vec<(String, String)> {
    let dir = data_dir().join("variants/fpuzzles");
    let mut out = Vec::new();
    for name in ["jigsaw-9", "killer-9", "kropki-even-odd-9", "thermo-9", "x-anti-knight-9"] {
        let path = dir.join(format!("{name}.json"));
        let text = std::fs::read_to_string(&path).unwrap();
        let list = text.split("\"solution\": [").nth(1).unwrap().split(']').next().unwrap();
        let solution: String = list.split(',').map(|d| d.trim()).collect();
        assert_eq!(solution.len(), 81, "{name}");
        out.push((path.to_str().unwrap().to_string(), solution));
    }
    out
}

#[test]
fn fpuzzles_boards_solve_to_their_solution() {
    for (path, solution) in fpuzzles_boards() {
        // Detected from the file's first bytes, and named with --from.
        for args in [&["solve", &path][..], &["solve", "--from", "fpuzzles", &path]] {
            let run = sudokit(args, b"");
            run.expect_code(0);
            assert_eq!(run.lines(), [solution.as_str()], "{args:?}");
        }
        let run = sudokit(&["count"], &std::fs::read(&path).unwrap());
        run.expect_code(0);
        assert_eq!(run.lines(), ["1"], "{path}");
    }
    let (jigsaw, _) = &fpuzzles_boards()[0];
    let run = sudokit(&["validate", jigsaw], b"");
    run.expect_code(0);
    assert_eq!(run.lines(), ["valid"]);
    let run = sudokit(&["hint", jigsaw], b"");
    run.expect_code(0);
    assert!(run.lines()[0].contains("region"), "{:?}", run.lines());
}

#[test]
fn bad_fpuzzles_boards_are_named() {
    let (killer, _) = &fpuzzles_boards()[1];
    let text = std::fs::read_to_string(killer).unwrap();
    let off = text.replacen("\"R1C1\"", "\"R10C1\"", 1);
    sudokit(&["solve"], off.as_bytes()).expect_code(2).expect_stderr(&[
        "<stdin>",
        "killercage[0].cells[0]",
        "\"R10C1\" is outside the 9x9 board",
    ]);
    let arrow = text.replacen('{', "{\"arrow\": [{\"cells\": [\"R1C1\"], \"lines\": []}],", 1);
    sudokit(&["count"], arrow.as_bytes())
        .expect_code(2)
        .expect_stderr(&["f-puzzles arrow: sudokit does not support this constraint"]);
    sudokit(&["solve", "--from", "fpuzzles"], b"N4Ig%%\n")
        .expect_code(2)
        .expect_stderr(&["line 1", "not an f-puzzles board"]);
}

#[test]
fn transform_moves_the_rules_with_the_cells_or_says_why_not() {
    let (killer, solution) = &fpuzzles_boards()[1];
    // A quarter turn: the moved rules come first, and the output solves to
    // the turned solution (new r, c holds old 9-c, r).
    let run = sudokit(&["transform", "--op", "rot90", killer], b"");
    run.expect_code(0);
    let out = run.lines().join("\n") + "\n";
    assert!(out.starts_with("# rules: 9+cage:"), "{out}");
    let old: Vec<char> = solution.chars().collect();
    let turned: String = (0..81).map(|i| old[(8 - i % 9) * 9 + i / 9]).collect();
    let run = sudokit(&["solve"], out.as_bytes());
    run.expect_code(0);
    assert_eq!(run.lines(), [turned.as_str()]);
    // Relabelling would change the sums; a band swap splits jigsaw regions.
    sudokit(&["transform", "--op", "relabel:987654321", killer], b"")
        .expect_code(2)
        .expect_stderr(&["its killer cages read the digits"]);
    let (jigsaw, _) = &fpuzzles_boards()[0];
    sudokit(&["transform", "--op", "swap-bands:1,3", jigsaw], b"")
        .expect_code(2)
        .expect_stderr(&["jigsaw regions moved with their cells are no longer regions"]);
    // --random keeps the rules: its output has one solution.
    let run = sudokit(&["transform", "--random", "--seed", "5", killer], b"");
    run.expect_code(0);
    let out = run.lines().join("\n") + "\n";
    sudokit(&["count"], out.as_bytes()).expect_code(0);
}

/// `--killer-givens` without killer cages is refused, naming the flag.
#[test]
fn killer_givens_without_killer_is_refused() {
    for variant in [&["--variant", "x"][..], &[]] {
        let args = [&["generate", "--killer-givens", "--seed", "1"][..], variant].concat();
        sudokit(&args, b"")
            .expect_code(2)
            .expect_stderr(&["--killer-givens: only with the killer variant"]);
    }
}

/// Two killer X puzzles with givens beside their cages, as `generate`
/// makes them for seed 3.
const KILLER_X: [&str; 8] =
    ["generate", "--variant", "x,killer", "--killer-givens", "-n", "2", "--seed", "3"];

/// The [`KILLER_X`] puzzles written in `format` with their solutions, and
/// the same puzzles as JSON items (`--format json`).
fn killer_x_as(format: &str) -> (Run, Vec<serde_json::Value>) {
    let with = |format| [&KILLER_X[..], &["--format", format, "--with-solution"]].concat();
    let boards = sudokit(&with(format), b"");
    boards.expect_code(0);
    let json = sudokit(&with("json"), b"");
    json.expect_code(0);
    let items: Vec<serde_json::Value> =
        json.lines().into_iter().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(boards.lines().len(), 2);
    assert_eq!(items.len(), 2);
    (boards, items)
}

/// Asserts that `grid`, read back from a board, has the rules and givens
/// of the JSON `item`.
#[track_caller]
fn assert_same_puzzle(grid: &sudokit::Grid, item: &serde_json::Value) {
    assert_eq!(grid.rules().to_string(), item["rules"].as_str().unwrap());
    assert_eq!(sudokit::format::to_line(grid), item["puzzle"].as_str().unwrap());
}

/// `generate --format fpuzzles`: one board a line, the same puzzles, rules
/// and solutions as `--format json` for the seed; the boards read back by
/// `solve` (detected), and `solve --format fpuzzles` writes each board
/// again with its solution.
#[test]
fn generate_and_solve_write_fpuzzles_boards_that_read_back() {
    let (boards, items) = killer_x_as("fpuzzles");
    let mut solutions = Vec::new();
    for (board, item) in boards.lines().into_iter().zip(&items) {
        assert_same_puzzle(&sudokit::format::parse_fpuzzles(board).unwrap(), item);
        let written: serde_json::Value = serde_json::from_str(board).unwrap();
        let solution: String = written["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| char::from(b'0' + d.as_u64().unwrap() as u8))
            .collect();
        assert_eq!(solution, item["solution"].as_str().unwrap());
        solutions.push(solution);
    }
    let run = sudokit(&["solve"], boards.out().as_bytes());
    run.expect_code(0);
    assert_eq!(run.lines(), solutions);
    let run = sudokit(&["solve", "--format", "fpuzzles"], boards.out().as_bytes());
    run.expect_code(0);
    let parse = |text: &str| serde_json::from_str::<serde_json::Value>(text).unwrap();
    let again: Vec<_> = run.lines().into_iter().map(parse).collect();
    let want: Vec<_> = boards.lines().into_iter().map(parse).collect();
    assert_eq!(again, want);
    // Without --with-solution the boards have none.
    let run = sudokit(&[&KILLER_X[..], &["--format", "fpuzzles"]].concat(), b"");
    assert!(run.lines().iter().all(|l| parse(l).get("solution").is_none()), "{}", run.out());
}

#[test]
fn generate_and_solve_write_sudokupad_links_that_read_back() {
    let (links, items) = killer_x_as("sudokupad");
    let mut solutions = Vec::new();
    for (link, item) in links.lines().into_iter().zip(&items) {
        assert!(link.starts_with("https://sudokupad.app/scl"), "{link}");
        assert_same_puzzle(&sudokit::format::parse_sudokupad(link).unwrap(), item);
        solutions.push(item["solution"].as_str().unwrap().to_string());
    }
    // Read back detected and named, solved to the same solutions, and
    // written again the same.
    for from in [&["solve"][..], &["solve", "--from", "sudokupad"]] {
        let run = sudokit(from, links.out().as_bytes());
        run.expect_code(0);
        assert_eq!(run.lines(), solutions);
    }
    let run = sudokit(&["solve", "--format", "sudokupad"], links.out().as_bytes());
    run.expect_code(0);
    assert_eq!(run.lines(), links.lines());
    let plain = sudokit(&[&KILLER_X[..], &["--format", "sudokupad"]].concat(), b"");
    assert!(plain.lines().iter().all(|l| !links.lines().contains(l)), "{}", plain.out());
}

/// Every board of the f-puzzles corpus, written as a SudokuPad link,
/// reads back to the same rules and solves to the same solution.
#[test]
fn fpuzzles_boards_become_sudokupad_links() {
    for (path, solution) in fpuzzles_boards() {
        let run = sudokit(&["solve", "--format", "sudokupad", &path], b"");
        run.expect_code(0);
        let link = run.lines()[0].to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let board = sudokit::format::parse_fpuzzles(&text).unwrap();
        let read = sudokit::format::parse_sudokupad(&link).unwrap();
        assert_eq!(read.rules().to_string(), board.rules().to_string(), "{path}");
        assert_eq!(read.values(), board.values(), "{path}");
        let again = sudokit(&["solve"], link.as_bytes());
        again.expect_code(0);
        assert_eq!(again.lines(), [solution.as_str()], "{path}");
        let turned = sudokit(&["transform", "--op", "rot90", "--format", "sudokupad", &path], b"");
        turned.expect_code(0);
        assert!(turned.lines()[0].starts_with("https://sudokupad.app/scl"), "{path}");
    }
}

#[test]
fn bad_sudokupad_links_are_named() {
    let (thermo, _) = &fpuzzles_boards()[3];
    let link = sudokit(&["solve", "--format", "sudokupad", thermo], b"").out().trim().to_string();
    let cut = &link[..link.len() / 2];
    sudokit(&["solve"], cut.as_bytes())
        .expect_code(2)
        .expect_stderr(&["<stdin>", "not a SudokuPad board"]);
    let garbled = format!("{}!{}", &link[..40], &link[40..]);
    sudokit(&["count", "--from", "sudokupad"], garbled.as_bytes())
        .expect_code(2)
        .expect_stderr(&["not a SudokuPad board", "'!'"]);
    let zipped = "{ce:[[,,,],[,,,],[,,,],[,,,]],re:[[[0,0],[0,1],[1,0],[1,1]],\
                  [[0,2],[0,3],[1,2],[1,3]],[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]],\
                  a:[{wp:[[0.5,0.5],[0.5,2.5]],c:#0,th:2}]}";
    let arrow = format!("scl{}\n", lz_str::compress_to_base64(zipped));
    sudokit(&["count"], arrow.as_bytes())
        .expect_code(2)
        .expect_stderr(&["SudokuPad arrows", "sudokit does not read this"]);
}

/// Jigsaw regions drawn per puzzle travel in each board's `region`s.
#[test]
fn generated_jigsaw_boards_carry_their_regions() {
    let args = ["generate", "--variant", "jigsaw", "--size", "6", "-n", "2", "--seed", "4"];
    let run = sudokit(&[&args[..], &["--format", "fpuzzles"]].concat(), b"");
    run.expect_code(0);
    let line = sudokit(&args, b"");
    // The line output names each puzzle's rules on a line of its own.
    let rules: Vec<&str> =
        line.lines().into_iter().filter_map(|l| l.strip_prefix("# rules: ")).collect();
    let read: Vec<String> = run
        .lines()
        .into_iter()
        .map(|b| sudokit::format::parse_fpuzzles(b).unwrap().rules().to_string())
        .collect();
    assert_eq!(read, rules);
    assert!(rules[0].starts_with("6+jigsaw=") && rules[0] != rules[1], "{rules:?}");
}

#[test]
fn transform_writes_the_moved_board() {
    let (killer, _) = &fpuzzles_boards()[1];
    let lines = sudokit(&["transform", "--op", "rot90", killer], b"");
    lines.expect_code(0);
    let run = sudokit(&["transform", "--op", "rot90", "--format", "fpuzzles", killer], b"");
    run.expect_code(0);
    let moved = sudokit::format::parse_fpuzzles(run.lines()[0]).unwrap();
    let want = lines.lines();
    assert_eq!(format!("# rules: {}", moved.rules()), want[0]);
    assert_eq!(sudokit::format::to_line(&moved), want[1]);
}

#[test]
fn what_fpuzzles_cannot_hold_is_named() {
    sudokit(&["generate", "--size", "25", "--format", "fpuzzles"], b"")
        .expect_code(2)
        .expect_stderr(&["--format fpuzzles", "cannot hold a 25x25 board", "16x16"]);
    let both = b"# rules: 4+non-consecutive+white:0.1\n................\n";
    sudokit(&["transform", "--op", "rot90", "--format", "fpuzzles"], both)
        .expect_code(2)
        .expect_stderr(&["line 2", "non-consecutive beside kropki dots"]);
    // A puzzle without one solution is an error line, as in line output.
    let run = sudokit(&["solve", "--format", "fpuzzles"], b"................\n");
    run.expect_code(1);
    assert_eq!(run.lines(), ["error: several solutions"]);
    let run = sudokit(&["solve", "--format", "fpuzzles"], &vec![b'.'; 625]);
    run.expect_code(2).expect_stderr(&["line 1", "cannot hold a 25x25 board"]);
}

/// SudokuPad's own boards (`scl`, zipped JSON packed as in its links) are
/// detected and read: givens, regions and killer cages; a drawing is
/// refused by name.
#[test]
fn sudokupad_scl_boards_are_read() {
    let regions = "re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],\
                   [[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]";
    let zipped = format!(
        "{{id:'own',metadata:{{t:'A 4x4 killer'}},ce:[[,{{v:2}},{{v:3}},{{v:4}}],\
         [{{v:3}},,{{v:1}},{{v:2}}],[{{v:2}},{{v:1}},,{{v:3}}],[{{v:4}},{{v:3}},{{v:2}},]],\
         {regions},ca:[{{ce:[[3,2],[3,3]],v:3}}]}}"
    );
    let scl = format!("scl{}", lz_str::compress_to_base64(zipped.as_str()));
    let link = format!("https://sudokupad.app/{scl}\n");
    for input in [format!("{scl}\n"), link] {
        let run = sudokit(&["solve"], input.as_bytes());
        run.expect_code(0);
        assert_eq!(run.lines(), ["1234341221434321"]);
    }
    let run = sudokit(&["solve", "--format", "json"], format!("{scl}\n").as_bytes());
    assert!(run.out().contains("\"rules\":\"4+cage:3=14.15\""), "{}", run.out());
    let drawn = zipped.replacen("ca:", "l:[{wp:[[0.5,0.5],[3.5,3.5]],c:#0}],ca:", 1);
    let scl = format!("scl{}\n", lz_str::compress_to_base64(drawn.as_str()));
    sudokit(&["count"], scl.as_bytes()).expect_code(2).expect_stderr(&[
        "line 1",
        "SudokuPad lines",
        "rules text",
    ]);
}

/// A byte order mark (as Windows editors write) before a `# rules:` line
/// is read past: the rules still apply, on every command that reads them.
#[test]
fn a_byte_order_mark_does_not_hide_the_rules_line() {
    // Digit 1 twice on the main diagonal: classic 4x4 allows it, X does not.
    let body = "# rules: 4+x\n1..............1\n";
    let bom = |text: &str| [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat();
    let run = sudokit(&["validate"], &bom(body));
    run.expect_code(1);
    assert!(run.out().contains("diagonal"), "{run}");
    let run = sudokit(&["count", "--limit", "100"], &bom(body));
    assert_eq!(run.lines(), ["0"], "{run}");
    // A comment first, then the rules line.
    let run = sudokit(&["count", "--limit", "100"], &bom(&format!("# made by hand\n{body}")));
    assert_eq!(run.lines(), ["0"], "{run}");
    // Without rules lines the mark is read past as before; a rules line
    // below puzzles is still refused, naming its line.
    let run = sudokit(&["count", "--limit", "100"], &bom("1..............1\n"));
    assert_eq!(run.lines(), ["18"], "{run}");
    let run = sudokit(&["count"], &bom("1..............1\n# rules: 4+x\n"));
    run.expect_code(2);
    assert!(run.stderr.contains("line 2"), "{run}");
}

/// Pencil marks take variant rules as puzzles do: this 4x4 state has one
/// solution under X only, whose first step uses a diagonal (r3c2's 2 sees
/// r2c3 along the anti-diagonal).
#[test]
fn pencil_mark_states_are_hinted_under_variant_rules() {
    let state = "1234 1234 | 3 4\n1234 1234 | 1234 1234\n----------+----------\n\
                 1234 2 | 1234 1234\n1234 1234 | 1234 1234\n";
    let run = sudokit(&["hint", "--from", "pencilmarks"], state.as_bytes());
    run.expect_code(1);
    assert!(run.out().contains("several solutions"), "{run}");
    for rules in [["--variant", "x"], ["--rules", "4+x"]] {
        let args = ["hint", "--from", "pencilmarks", rules[0], rules[1]];
        let run = sudokit(&args, state.as_bytes());
        run.expect_code(0);
        assert!(run.out().contains("[place: r2c4=2]"), "{run}");
    }
}
