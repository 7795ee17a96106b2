//! End-to-end tests of the `sudokit` binary: they run the real executable on
//! files and standard input and check exit codes, stdout and stderr.
//!
//! Solutions are checked by the rules and against the givens with the
//! checker in `util`, never by trusting the solver.

#[cfg(feature = "bank")]
mod bank;
mod blocks;
mod edges;
mod generate;
mod hardening;
#[cfg(feature = "print")]
mod print;
#[cfg(feature = "serve")]
mod serve;
mod stopping;
mod util;
mod variants;
mod wire;

use util::{
    Run, assert_no_panic, assert_solves, carve, check_solution, corpus, data_dir,
    first_line_then_close, line_values, pattern_grid, sudokit, text_of, to_line, token_values,
    write_file,
};

/// A 9x9 puzzle with no solution although no givens clash: row 1 needs a 9
/// in r1c9, and column 9 already has one.
const NO_SOLUTION: &str =
    "12345678.........9...............................................................";

/// A complete, correct 9x9 grid (the solution of top1465's first puzzle).
const SOLVED: &str =
    "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

/// Checks a `solve` run in line format: one valid solution per puzzle.
#[track_caller]
fn assert_solutions(run: &Run, puzzles: &[String]) {
    let lines = run.lines();
    assert_eq!(lines.len(), puzzles.len(), "one line per puzzle: {run}");
    for (puzzle, solution) in puzzles.iter().zip(lines) {
        assert_solves(puzzle, solution, 3, 3);
    }
}

// The checker itself: it must reject what it is there to catch.

#[test]
fn the_checker_rejects_broken_solutions() {
    let puzzle = &corpus("top1465.txt", 1)[0];
    let (p, good) = (line_values(puzzle), line_values(SOLVED));
    assert_eq!(check_solution(&p, &good, 3, 3), Ok(()));
    let mut swapped = good.clone();
    swapped.swap(79, 80);
    assert!(check_solution(&p, &swapped, 3, 3).is_err());
    // Swapping two columns of a solved grid keeps rows, columns and (here,
    // inside one stack) boxes valid, but changes a given.
    let mut moved = good.clone();
    for r in 0..9 {
        moved.swap(r * 9, r * 9 + 1);
    }
    assert_eq!(check_solution(&[0; 81], &moved, 3, 3), Ok(()));
    assert!(check_solution(&p, &moved, 3, 3).is_err());
    assert!(check_solution(&p, &good[..80], 3, 3).is_err());
    assert!(check_solution(&p, &p, 3, 3).is_err(), "blanks are not a solution");
    // A valid 12x12 grid for 4x3 boxes breaks the boxes of 3x4.
    let grid = pattern_grid(4, 3);
    assert_eq!(check_solution(&grid, &grid, 4, 3), Ok(()));
    assert!(check_solution(&grid, &grid, 3, 4).is_err());
}

// solve on the corpus

#[test]
fn solve_gives_a_valid_solution_for_each_of_200_top1465_puzzles_from_a_file() {
    let puzzles = corpus("top1465.txt", 200);
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(dir.path(), "top200.txt", text_of(&puzzles));
    let run = sudokit(&["solve", &path], b"");
    run.expect_code(0);
    assert_solutions(&run, &puzzles);
}

#[test]
fn solve_gives_a_valid_solution_for_each_of_200_top1465_puzzles_from_stdin() {
    let puzzles = corpus("top1465.txt", 200);
    let run = sudokit(&["solve"], text_of(&puzzles).as_bytes());
    run.expect_code(0);
    assert_solutions(&run, &puzzles);
}

#[test]
fn solve_reads_files_and_stdin_in_the_order_given() {
    let top = corpus("top1465.txt", 2);
    let dir = tempfile::tempdir().unwrap();
    let first = write_file(dir.path(), "first.txt", text_of(&top[..1]));
    let last = write_file(dir.path(), "last.txt", text_of(&top[1..]));
    let run = sudokit(&["solve", &first, "-", &last], b"...21...3..4....\n");
    run.expect_code(0);
    let lines = run.lines();
    assert_eq!(lines.len(), 3, "{run}");
    assert_solves(&top[0], lines[0], 3, 3);
    assert_solves("...21...3..4....", lines[1], 2, 2);
    assert_solves(&top[1], lines[2], 3, 3);
}

// --jobs

/// What one line of the mixed batch is.
enum Entry {
    Unique(String),
    Several,
    Bad,
    /// A comment or blank line: no output.
    Skipped,
}

/// About 5000 lines (more than one chunk of the batch runner) mixing puzzles
/// with one and with several solutions, a bad line, a comment and a blank
/// line.
fn mixed_batch() -> (String, Vec<Entry>) {
    let top = corpus("top1465.txt", 1465);
    let serg = corpus("serg-multi.txt", 5000);
    let mut text = String::new();
    let mut entries = Vec::new();
    for i in 0..5000 {
        let (line, entry) = match i {
            1000 => ("# a comment".to_string(), Entry::Skipped),
            2500 => (top[0][..80].to_string(), Entry::Bad),
            3000 => (String::new(), Entry::Skipped),
            _ if i % 3 == 0 => {
                let p = top[i / 3 % top.len()].clone();
                (p.clone(), Entry::Unique(p))
            }
            _ => (serg[i].clone(), Entry::Several),
        };
        text.push_str(&line);
        text.push('\n');
        entries.push(entry);
    }
    (text, entries)
}

/// Runs `command` on the mixed batch with `--jobs 1` and `--jobs 2`, asserts
/// identical results, and checks each output line against its entry: a
/// unique puzzle's by `unique(puzzle, line)`, one with several solutions
/// equal to `several`, the bad line starting with `bad`.
fn jobs_agree(command: &str, unique: impl Fn(&str, &str), several: &str, bad: &str) {
    let (text, entries) = mixed_batch();
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(dir.path(), "mixed.txt", text);
    let one = sudokit(&[command, "--jobs", "1", &path], b"");
    let two = sudokit(&[command, "--jobs", "2", &path], b"");
    one.expect_code(2);
    two.expect_code(2);
    assert!(one.stdout == two.stdout, "{command}: --jobs 1 and --jobs 2 print different output");
    let entries: Vec<Entry> =
        entries.into_iter().filter(|e| !matches!(e, Entry::Skipped)).collect();
    let lines = one.lines();
    assert_eq!(lines.len(), entries.len(), "one line per puzzle");
    for (line, entry) in lines.into_iter().zip(&entries) {
        match entry {
            Entry::Unique(p) => unique(p, line),
            Entry::Several => assert_eq!(line, several, "{command}"),
            Entry::Bad => assert!(line.starts_with(bad), "{command}: {line}"),
            Entry::Skipped => unreachable!(),
        }
    }
}

#[test]
fn solve_output_is_the_same_for_jobs_1_and_2() {
    jobs_agree(
        "solve",
        |p, line| assert_solves(p, line, 3, 3),
        "error: several solutions",
        "error: line 2501: 80 cells",
    );
}

#[test]
fn count_output_is_the_same_for_jobs_1_and_2() {
    jobs_agree("count", |_, line| assert_eq!(line, "1"), "2", "error: line 2501");
}

#[test]
fn validate_output_is_the_same_for_jobs_1_and_2() {
    jobs_agree("validate", |_, line| assert_eq!(line, "valid"), "valid", "error: line 2501");
}

// count

/// Puzzles with several solutions count 2 and exit 1; unique ones count 1
/// and exit 0.
#[test]
fn count_gives_2_and_exit_1_for_several_solutions_and_1_and_exit_0_for_one() {
    for (file, count, code) in [("serg-multi.txt", "2", 1), ("top1465.txt", "1", 0)] {
        let puzzles = corpus(file, 100);
        let run = sudokit(&["count"], text_of(&puzzles).as_bytes());
        run.expect_code(code);
        assert_eq!(run.lines(), vec![count; 100], "{file}");
    }
}

#[test]
fn count_stops_at_the_limit() {
    let run = sudokit(&["count", "--limit", "5"], b"................\n");
    run.expect_code(1);
    assert_eq!(run.out(), "5\n");
}

#[test]
fn count_finds_all_288_grids_of_the_empty_4x4() {
    // 288 is the known number of 4x4 Sudoku grids.
    let run = sudokit(&["count", "--limit", "1000"], b"................\n");
    assert_eq!(run.out(), "288\n", "{run}");
}

#[test]
fn count_gives_0_for_clashing_givens() {
    let run = sudokit(&["count"], b"11..............\n");
    run.expect_code(1);
    assert_eq!(run.out(), "0\n");
}

#[test]
fn count_json_names_count_and_limit() {
    let puzzle = &corpus("serg-multi.txt", 1)[0];
    let run = sudokit(&["count", "--format", "json", "--limit", "3"], puzzle.as_bytes());
    run.expect_code(1);
    let v: serde_json::Value = serde_json::from_str(run.out().trim()).expect("JSON");
    assert_eq!(v["count"], 3);
    assert_eq!(v["limit"], 3);
    assert_eq!(v["puzzle"], puzzle.as_str());
}

// solve: no solution, several

/// A puzzle without a solution, or with several, gets an error line in its
/// place (line 3 of the input, after a comment or a blank line) and the
/// batch goes on.
#[test]
fn solve_puts_an_error_line_in_place_of_a_puzzle_without_one_solution() {
    let puzzle = &corpus("top1465.txt", 1)[0];
    let several = &corpus("serg-multi.txt", 1)[0];
    for (input, why) in [
        (format!("{puzzle}\n# a comment\n{NO_SOLUTION}\n{puzzle}\n"), "no solution"),
        (format!("{puzzle}\n\n{several}\n{puzzle}\n"), "several"),
    ] {
        let run = sudokit(&["solve"], input.as_bytes());
        run.expect_code(1).expect_stderr(&["line 3", why]);
        let lines = run.lines();
        assert_eq!(lines.len(), 3, "{run}");
        assert_solves(puzzle, lines[0], 3, 3);
        assert!(lines[1].starts_with("error:") && lines[1].contains(why), "{run}");
        assert_solves(puzzle, lines[2], 3, 3);
    }
}

#[test]
fn solve_json_reports_several_solutions_without_a_solution_field() {
    let several = &corpus("serg-multi.txt", 1)[0];
    let run = sudokit(&["solve", "--format", "json"], several.as_bytes());
    run.expect_code(1);
    let v: serde_json::Value = serde_json::from_str(run.out().trim()).expect("JSON");
    assert_eq!(v["status"], "several");
    assert!(v.get("solution").is_none(), "{run}");
}

#[test]
fn solve_names_the_clashing_givens() {
    let run = sudokit(&["solve"], b"11..............\n");
    run.expect_code(1).expect_stderr(&["line 1", "row 1 has 1 in r1c1, r1c2"]);
    assert!(run.out().starts_with("error: givens clash"), "{run}");
}

// validate

fn clash_in_row_1() -> String {
    format!("5..5{}", ".".repeat(77))
}

#[test]
fn validate_says_solved_for_a_complete_correct_grid() {
    let run = sudokit(&["validate"], SOLVED.as_bytes());
    run.expect_code(0);
    assert_eq!(run.out(), "solved\n");
}

#[test]
fn validate_says_valid_for_a_partial_grid_without_clash() {
    let puzzle = &corpus("top1465.txt", 1)[0];
    let run = sudokit(&["validate"], puzzle.as_bytes());
    run.expect_code(0);
    assert_eq!(run.out(), "valid\n");
}

#[test]
fn validate_names_the_unit_digit_and_cells_of_a_clash() {
    let run = sudokit(&["validate"], clash_in_row_1().as_bytes());
    run.expect_code(1);
    assert_eq!(run.out(), "invalid: row 1 has 5 in r1c1, r1c4\n");
}

#[test]
fn validate_finds_the_clashes_of_a_complete_grid() {
    // The last two cells of row 9 swapped: columns 8 and 9 now repeat.
    let swapped = format!("{}{}{}", &SOLVED[..79], &SOLVED[80..], &SOLVED[79..80]);
    let run = sudokit(&["validate"], swapped.as_bytes());
    run.expect_code(1);
    assert_eq!(run.out(), "invalid: column 8 has 6 in r3c8, r9c8; column 9 has 8 in r4c9, r9c9\n");
}

#[test]
fn validate_json_names_the_clash() {
    let run = sudokit(&["validate", "--format", "json"], clash_in_row_1().as_bytes());
    run.expect_code(1);
    let out = run.out();
    assert!(out.contains(r#""valid":false"#), "{run}");
    assert!(out.contains(r#""cells":[{"row":1,"col":1},{"row":1,"col":4}]"#), "{run}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).expect("JSON");
    assert_eq!(v["clashes"][0]["house"], "row 1");
    assert_eq!(v["clashes"][0]["digit"], 5);
}

// Output formats

/// The first puzzle of the corpus and `sudokit solve --format FORMAT` of
/// it, which succeeded.
fn solve_first_as(format: &str) -> (String, Run) {
    let puzzle = corpus("top1465.txt", 1).swap_remove(0);
    let run = sudokit(&["solve", "--format", format], puzzle.as_bytes());
    run.expect_code(0);
    (puzzle, run)
}

#[test]
fn solve_format_grid_draws_a_boxed_grid_that_reads_back() {
    let (puzzle, run) = solve_first_as("grid");
    let lines = run.lines();
    assert_eq!(lines.len(), 11, "{run}");
    assert_eq!(lines[3], "------+-------+------");
    assert_eq!(lines[7], "------+-------+------");
    let rows: Vec<&str> = lines.iter().copied().filter(|l| l.contains('|')).collect();
    assert_eq!(rows.len(), 9, "{run}");
    let digits: String = rows.concat().chars().filter(char::is_ascii_digit).collect();
    assert_solves(&puzzle, &digits, 3, 3);
    let again = sudokit(&["validate"], &run.stdout);
    assert_eq!(again.out(), "solved\n", "{again}");
}

#[test]
fn solve_format_json_gives_one_object_per_puzzle() {
    let puzzles = corpus("top1465.txt", 3);
    let run = sudokit(&["solve", "--format", "json"], text_of(&puzzles).as_bytes());
    run.expect_code(0);
    let lines = run.lines();
    assert_eq!(lines.len(), 3, "{run}");
    for (i, (line, puzzle)) in lines.iter().zip(&puzzles).enumerate() {
        assert!(line.contains(r#""status":"unique""#), "{line}");
        assert!(line.contains(r#""solution":""#), "{line}");
        let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
        assert_eq!(v["line"], i + 1);
        assert_eq!(v["shape"], "3x3");
        assert_eq!(v["puzzle"], puzzle.as_str());
        assert_solves(puzzle, v["solution"].as_str().expect("a string"), 3, 3);
    }
}

#[test]
fn solve_format_tokens_gives_9_rows_of_9_numbers() {
    let (puzzle, run) = solve_first_as("tokens");
    let lines = run.lines();
    assert_eq!(lines.len(), 9, "{run}");
    for line in &lines {
        assert_eq!(line.split_whitespace().count(), 9, "{line}");
    }
    let solution = token_values(run.out());
    if let Err(e) = check_solution(&line_values(&puzzle), &solution, 3, 3) {
        panic!("{e}: {run}");
    }
}

// Shapes

#[test]
fn solve_4x4_line() {
    let run = sudokit(&["solve"], b"...21...3..4....\n");
    run.expect_code(0);
    assert_solves("...21...3..4....", run.out().trim(), 2, 2);
}

#[test]
fn solve_6x6_line_has_2x3_boxes() {
    let puzzle = "5...32..2...146...3.....4......5...3";
    let run = sudokit(&["solve"], puzzle.as_bytes());
    run.expect_code(0);
    assert_solves(puzzle, run.out().trim(), 2, 3);
}

/// Solves a carved pattern puzzle of boxes `box_rows` x `box_cols` with
/// `args` and checks that the answer is the grid it was carved from.
fn solve_carved(box_rows: usize, box_cols: usize, args: &[&str]) -> String {
    let grid = pattern_grid(box_rows, box_cols);
    let puzzle = to_line(&carve(&grid, box_rows, box_cols));
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    let run = sudokit(&all, puzzle.as_bytes());
    run.expect_code(0);
    let solution = run.out().trim();
    assert_solves(&puzzle, solution, box_rows, box_cols);
    assert_eq!(solution, to_line(&grid), "the puzzle has one solution");
    puzzle
}

#[test]
fn solve_12x12_with_box_4x3() {
    let puzzle = solve_carved(4, 3, &["--box", "4x3"]);
    // Read with the default 3x4 boxes, the same givens clash.
    let run = sudokit(&["solve"], puzzle.as_bytes());
    run.expect_code(1);
    assert!(run.out().starts_with("error: givens clash"), "{run}");
}

/// Boards with sides below 4 made by `generate` read back: their lines
/// (9 cells for 1x3 boxes) are whole boards when the shape is named, by
/// `--box` or by the `# rules:` line `generate` writes.
#[test]
fn tiny_boards_read_back_what_generate_writes() {
    for b in ["1x2", "2x1", "1x3", "3x1"] {
        let made = sudokit(&["generate", "--box", b, "-n", "2", "--seed", "1"], b"");
        made.expect_code(0);
        let puzzles: Vec<&str> = made.lines().into_iter().filter(|l| !l.starts_with('#')).collect();
        let (r, c): (usize, usize) = {
            let (r, c) = b.split_once('x').unwrap();
            (r.parse().unwrap(), c.parse().unwrap())
        };
        assert_eq!(puzzles.len(), 2, "{made}");
        assert!(puzzles.iter().all(|p| p.len() == (r * c).pow(2)), "{made}");
        for args in [vec!["count", "--box", b], vec!["count"]] {
            let run = sudokit(&args, made.out().as_bytes());
            assert_eq!(run.lines(), ["1", "1"], "{b} {args:?}: {run}");
        }
        let run = sudokit(&["solve", "--box", b], puzzles[0].as_bytes());
        run.expect_code(0);
        assert_solves(puzzles[0], run.out().trim(), r, c);
    }
}

#[test]
fn solve_12x12_with_the_default_3x4_boxes() {
    solve_carved(3, 4, &[]);
    solve_carved(3, 4, &["--size", "12"]);
}

#[test]
fn solve_16x16_with_letters() {
    let puzzle = solve_carved(4, 4, &[]);
    assert!(puzzle.contains('G'), "the puzzle uses the letters up to G");
    // Lower-case letters read the same.
    let run = sudokit(&["solve"], puzzle.to_lowercase().as_bytes());
    run.expect_code(0);
    assert_eq!(run.out().trim(), to_line(&pattern_grid(4, 4)));
}

#[test]
fn count_on_an_empty_36x36_or_64x64_tokens_grid_gives_2() {
    for n in [36, 64] {
        let zeros = vec!["0"; n * n].join(" ");
        let run = sudokit(&["count"], format!("{zeros}\n").as_bytes());
        run.expect_code(1);
        assert_eq!(run.out(), "2\n", "{n}x{n}");
    }
}

#[test]
fn an_empty_36x36_line_grid_is_refused_with_a_hint_to_use_tokens() {
    // One character per cell goes up to 35x35 (DESIGN.md, "Boards and
    // symbols"), so 1296 dots are not a 36x36 board in line format.
    let run = sudokit(&["count"], format!("{}\n", ".".repeat(1296)).as_bytes());
    run.expect_code(2).expect_stderr(&["line 1", "36x36", "use tokens"]);
}

// Bad input: exit 2, a message naming the problem, no panic

/// A 9x9 puzzle with `c` in place of the cell at `index`.
fn with_char(index: usize, c: char) -> String {
    let puzzle = &corpus("top1465.txt", 1)[0];
    let mut chars: Vec<char> = puzzle.chars().collect();
    chars[index] = c;
    chars.into_iter().collect()
}

#[test]
fn a_line_of_80_cells_is_an_input_error() {
    let line = &corpus("top1465.txt", 1)[0][..80];
    let run = sudokit(&["solve"], line.as_bytes());
    run.expect_code(2).expect_stderr(&["line 1", "80 cells"]);
    assert!(run.out().starts_with("error: line 1"), "{run}");
}

#[test]
fn an_unknown_character_is_named_with_its_line_and_cell() {
    let good = &corpus("top1465.txt", 1)[0];
    // Cell index 40 is row 5, column 5.
    let input = format!("{good}\n{}\n", with_char(40, '?'));
    let run = sudokit(&["solve"], input.as_bytes());
    run.expect_code(2).expect_stderr(&["line 2, row 5, column 5", "'?'"]);
    let lines = run.lines();
    assert_eq!(lines.len(), 2, "{run}");
    assert_solves(good, lines[0], 3, 3);
    assert!(lines[1].starts_with("error:"), "{run}");
}

#[test]
fn an_x_in_a_9x9_line_is_named_with_its_line_and_cell() {
    let run = sudokit(&["solve"], with_char(40, 'x').as_bytes());
    run.expect_code(2).expect_stderr(&["line 1, row 5, column 5", "'x'"]);
}

#[test]

fn an_unknown_character_in_the_first_puzzle_does_not_swallow_the_others() {
    let good = corpus("top1465.txt", 2);
    let input = format!("{}\n{}\n{}\n", with_char(40, '?'), good[0], good[1]);
    let run = sudokit(&["solve"], input.as_bytes());
    run.expect_code(2);
    let lines = run.lines();
    assert_eq!(lines.len(), 3, "one output line per input puzzle: {run}");
    run.expect_stderr(&["line 1, row 5, column 5", "'?'"]);
    assert!(lines[0].starts_with("error:"), "{run}");
    assert_solves(&good[0], lines[1], 3, 3);
    assert_solves(&good[1], lines[2], 3, 3);
}

#[test]
fn a_symbol_beyond_a_4x4_board_is_named() {
    // After a 4x4 line the format is settled, so the 16-character line is a
    // 4x4 puzzle with a 5 in it.
    let run = sudokit(&["solve"], b"...21...3..4....\n5...............\n");
    run.expect_code(2).expect_stderr(&["line 2, row 1, column 1", "'5'", "board size 4"]);
    let run = sudokit(&["solve", "--from", "line"], b"5...............\n");
    run.expect_code(2).expect_stderr(&["'5'", "board size 4"]);
}

#[test]
fn a_letter_in_a_9x9_line_is_named() {
    let run = sudokit(&["solve"], with_char(0, 'A').as_bytes());
    run.expect_code(2).expect_stderr(&["line 1, row 1, column 1", "'A'", "board size 9"]);
}

#[test]
fn a_65x65_tokens_board_is_refused() {
    let zeros = vec!["0"; 65 * 65].join(" ");
    let run = sudokit(&["count"], format!("{zeros}\n").as_bytes());
    run.expect_code(2).expect_stderr(&["line 1", "board size 65", "64x64"]);
}

#[test]
fn size_65_is_refused() {
    let puzzle = &corpus("top1465.txt", 1)[0];
    let run = sudokit(&["solve", "--size", "65"], puzzle.as_bytes());
    run.expect_code(2).expect_stderr(&["--size", "65"]);
    assert!(run.stdout.is_empty(), "{run}");
}

#[test]
fn an_empty_file_or_one_of_only_comments_is_an_input_error() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [("empty.txt", ""), ("comments.txt", "# one\n\n# two\n   \n")] {
        let path = write_file(dir.path(), name, text);
        let run = sudokit(&["solve", &path], b"");
        run.expect_code(2).expect_stderr(&["no puzzles found"]);
    }
    let run = sudokit(&["count"], b"");
    run.expect_code(2).expect_stderr(&["no puzzles found in standard input"]);
}

#[test]
fn a_binary_file_is_an_input_error() {
    let bytes: Vec<u8> = (0..=255u8).cycle().take(256 * 16).collect();
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(dir.path(), "binary.dat", bytes);
    let run = sudokit(&["solve", &path], b"");
    run.expect_code(2).expect_stderr(&["binary.dat", "line 1", "not text"]);
    assert!(!run.stdout.is_empty(), "{run}");
    for line in run.lines() {
        assert!(line.starts_with("error:"), "{run}");
    }
}

#[test]
fn a_10_mb_line_is_reported_as_too_long_and_the_next_puzzle_is_solved() {
    let puzzle = &corpus("top1465.txt", 1)[0];
    let dir = tempfile::tempdir().unwrap();
    let text = format!("{}\n{puzzle}\n", ".".repeat(10 << 20));
    let path = write_file(dir.path(), "long.txt", text);
    let run = sudokit(&["solve", &path], b"");
    run.expect_code(2).expect_stderr(&["line 1", "longer than 1 MiB"]);
    let lines = run.lines();
    assert_eq!(lines.len(), 2, "{run}");
    assert!(lines[0].starts_with("error: line 1"), "{run}");
    assert_solves(puzzle, lines[1], 3, 3);
}

#[test]
fn a_missing_file_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("no-such-file.txt");
    let path = path.to_str().unwrap();
    let run = sudokit(&["solve", path], b"");
    run.expect_code(2).expect_stderr(&[path]);
    assert!(run.stdout.is_empty(), "{run}");
}

#[test]
fn box_0x3_is_a_usage_error() {
    let run = sudokit(&["solve", "--box", "0x3"], SOLVED.as_bytes());
    run.expect_code(2).expect_stderr(&["--box"]);
    assert!(run.stdout.is_empty(), "{run}");
}

#[test]
fn an_unknown_input_format_is_a_usage_error() {
    let run = sudokit(&["solve", "--from", "nonsense"], SOLVED.as_bytes());
    run.expect_code(2).expect_stderr(&["--from", "nonsense", "line, tokens"]);
}

#[test]
fn an_unknown_subcommand_is_a_usage_error() {
    let run = sudokit(&["frobnicate"], b"");
    run.expect_code(2).expect_stderr(&["frobnicate"]);
}

#[test]
fn jobs_0_is_a_usage_error() {
    let run = sudokit(&["solve", "--jobs", "0"], SOLVED.as_bytes());
    run.expect_code(2).expect_stderr(&["--jobs"]);
    // So is a pool too large to start at once (10,000 threads took over a
    // minute), on every command that takes --jobs.
    for args in [
        vec!["count", "-j", "10000"],
        vec!["generate", "-j", "257"],
        vec!["serve", "-j", "100000"],
        vec!["bank", "fill", "--db", "x.db", "--difficulty", "easy", "-j", "300"],
    ] {
        let run = sudokit(&args, SOLVED.as_bytes());
        run.expect_code(2).expect_stderr(&["--jobs", "1..=256"]);
    }
    sudokit(&["count", "-j", "256"], SOLVED.as_bytes()).expect_code(0);
}

#[test]
fn a_bad_line_in_a_batch_gets_an_error_line_and_the_others_are_solved() {
    let top = corpus("top1465.txt", 3);
    let input = format!("{}\n{}\n{}\n", top[0], &top[1][..80], top[2]);
    let run = sudokit(&["solve"], input.as_bytes());
    run.expect_code(2).expect_stderr(&["line 2"]);
    let lines = run.lines();
    assert_eq!(lines.len(), 3, "{run}");
    assert_solves(&top[0], lines[0], 3, 3);
    assert!(lines[1].starts_with("error: line 2"), "{run}");
    assert_solves(&top[2], lines[2], 3, 3);
}

#[test]
fn a_bad_line_in_json_mode_is_an_error_object() {
    let top = corpus("top1465.txt", 2);
    let input = format!("{}\n{}\n", &top[0][..80], top[1]);
    let run = sudokit(&["solve", "--format", "json"], input.as_bytes());
    run.expect_code(2);
    let lines = run.lines();
    assert_eq!(lines.len(), 2, "{run}");
    let v: serde_json::Value = serde_json::from_str(lines[0]).expect("JSON");
    assert_eq!(v["error"]["code"], "input");
    let v: serde_json::Value = serde_json::from_str(lines[1]).expect("JSON");
    assert_eq!(v["status"], "unique");
}

// Help and version

#[track_caller]
fn assert_help_has_examples(command: &str) {
    let run = sudokit(&[command, "--help"], b"");
    run.expect_code(0);
    assert!(run.out().contains("Examples"), "{run}");
}

#[test]
fn solve_help_has_examples() {
    assert_help_has_examples("solve");
}

#[test]
fn count_help_has_examples() {
    assert_help_has_examples("count");
}

#[test]
fn validate_help_has_examples() {
    assert_help_has_examples("validate");
}

#[test]

fn bench_help_has_examples() {
    assert_help_has_examples("bench");
}

#[test]
fn top_level_help_has_examples() {
    let run = sudokit(&["--help"], b"");
    run.expect_code(0);
    assert!(run.out().contains("Examples"), "{run}");
}

#[test]
fn version_names_the_package_version() {
    let run = sudokit(&["-V"], b"");
    run.expect_code(0);
    assert_eq!(run.out().trim(), concat!("sudokit ", env!("CARGO_PKG_VERSION")));
    // The long form also says which optional faces are built in.
    let run = sudokit(&["--version"], b"");
    run.expect_code(0);
    let serve = if cfg!(feature = "serve") { "+serve" } else { "-serve" };
    let print = if cfg!(feature = "print") { "+print" } else { "-print" };
    let bank = if cfg!(feature = "bank") { "+bank" } else { "-bank" };
    let want = format!("sudokit {}\nfeatures: {serve} {print} {bank}", env!("CARGO_PKG_VERSION"));
    assert_eq!(run.out().trim(), want);
}

// Broken pipe

#[test]
fn a_closed_stdout_ends_the_run_quietly_with_status_0() {
    // Five copies of serg-multi give 50,000 error lines (1.2 MB), far more
    // than a pipe holds, and finishing them would end with status 1; so
    // status 0 shows the broken pipe was met and handled.
    let serg = data_dir().join("serg-multi.txt");
    let serg = serg.to_str().unwrap();
    let args = ["solve", "--jobs", "2", serg, serg, serg, serg, serg];
    let run = first_line_then_close(&args);
    assert_eq!(run.stdout, b"error: several solutions\n", "{run}");
    assert_no_panic(&run);
    run.expect_code(0);
    assert!(!run.stderr.contains("error:"), "{run}");
}

// bench

#[test]
fn bench_prints_a_header_and_a_line_per_file() {
    let puzzles = corpus("top1465.txt", 20);
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(dir.path(), "small.txt", text_of(&puzzles));
    let run = sudokit(&["bench", "--runs", "1", &path], b"");
    run.expect_code(0);
    let lines = run.lines();
    assert_eq!(lines.len(), 2, "{run}");
    assert!(lines[0].contains("file") && lines[0].contains("puzzles"), "{run}");
    let fields: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(fields[0], "small.txt", "{run}");
    assert_eq!(fields[1], "20", "{run}");
    assert!(lines[1].ends_with("0 / 20 / 0"), "{run}");
}

/// `bench -` times the puzzles of standard input, as `-` reads it for the
/// other commands (it used to be taken for a file named `-`), with
/// `--rate` too; an empty input is an error naming it.
#[test]
fn bench_reads_standard_input_for_dash() {
    let puzzles = text_of(&corpus("top1465.txt", 5));
    let run = sudokit(&["bench", "--runs", "1", "-"], puzzles.as_bytes());
    run.expect_code(0);
    let lines = run.lines();
    assert_eq!(lines.len(), 2, "{run}");
    let fields: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(&fields[..2], ["<stdin>", "5"], "{run}");
    assert!(lines[1].ends_with("0 / 5 / 0"), "{run}");
    let run = sudokit(&["bench", "--runs", "1", "--rate", "-"], puzzles.as_bytes());
    run.expect_code(0);
    assert!(run.lines()[1].starts_with("<stdin> ") && run.lines()[1].contains(" 5 "), "{run}");
    sudokit(&["bench", "--runs", "1", "-"], b"")
        .expect_code(2)
        .expect_stderr(&["no puzzles found in <stdin>"]);
}

/// The usage line shows the file as required (it showed `[FILE]...`), and
/// the forms that take none; without one it is a usage error.
#[test]
fn bench_usage_shows_the_file_as_required() {
    let run = sudokit(&["bench", "--help"], b"");
    run.expect_code(0);
    let help = run.out();
    assert!(help.contains("Usage: sudokit bench [OPTIONS] <FILE>...\n"), "{run}");
    assert!(help.contains("sudokit bench --generate [OPTIONS]"), "{run}");
    assert!(!help.contains("[FILE]"), "{run}");
    sudokit(&["bench"], b"").expect_code(2).expect_stderr(&["<FILE>...", "Usage: sudokit bench"]);
    for other in ["--generate", "--needs"] {
        let run = sudokit(&["bench", other, "--seconds", "0.01", "-"], b"");
        run.expect_code(2).expect_stderr(&["cannot be used with"]);
    }
}

#[test]
fn bench_on_a_missing_file_names_it() {
    let run = sudokit(&["bench", "--runs", "1", "no-such-file.txt"], b"");
    run.expect_code(2).expect_stderr(&["no-such-file.txt"]);
}

// transform, canon, dedup

/// The canonical forms `sudokit canon` prints for `text`.
fn canon_lines(text: &str, extra: &[&str]) -> Vec<String> {
    let mut args = vec!["canon"];
    args.extend_from_slice(extra);
    let run = sudokit(&args, text.as_bytes());
    run.expect_code(0);
    run.lines().into_iter().map(str::to_string).collect()
}

#[test]
fn transform_ops_keep_the_solution_count_and_the_canonical_form() {
    let puzzles = corpus("top1465.txt", 20);
    let text = text_of(&puzzles);
    let before = canon_lines(&text, &[]);
    for ops in ["rot90", "rot180,mirror-h", "swap-bands:1,3,relabel:987654321", "transpose"] {
        let run = sudokit(&["transform", "--op", ops], text.as_bytes());
        run.expect_code(0);
        let lines = run.lines();
        assert_eq!(lines.len(), puzzles.len(), "{ops}: {run}");
        assert_ne!(lines[0], puzzles[0], "{ops} changed nothing");
        let transformed = lines.join("\n");
        assert_eq!(canon_lines(&transformed, &[]), before, "{ops}");
        sudokit(&["count"], transformed.as_bytes()).expect_code(0);
    }
}

#[test]
fn transform_rot90_turns_a_4x4_clockwise() {
    // r1 = 1 2 . . ; after a clockwise quarter turn it is the last column.
    let run = sudokit(&["transform", "--op", "rot90"], b"12..............\n");
    run.expect_code(0);
    assert_eq!(run.lines(), ["...1...2........"]);
}

#[test]
fn transform_refuses_quarter_turns_of_rectangular_boxes() {
    let run = sudokit(&["transform", "--op", "rot90", "--box", "2x3"], &[b'.'; 36]);
    run.expect_code(2);
    assert!(run.out().starts_with("error: rot90 needs square boxes"), "{run}");
}

#[test]
fn transform_with_an_unknown_op_is_a_usage_error() {
    let run = sudokit(&["transform", "--op", "spin"], b"12..............\n");
    run.expect_code(2);
    run.expect_stderr(&["unknown operation"]);
}

#[test]
fn transform_random_is_the_same_for_jobs_1_and_2_and_keeps_forms() {
    let puzzles = corpus("top1465.txt", 300);
    let text = text_of(&puzzles);
    let one = sudokit(&["transform", "--random", "--seed", "5", "--jobs", "1"], text.as_bytes());
    let two = sudokit(&["transform", "--random", "--seed", "5", "--jobs", "2"], text.as_bytes());
    one.expect_code(0);
    assert!(one.stdout == two.stdout);
    let other = sudokit(&["transform", "--random", "--seed", "6"], text.as_bytes());
    assert!(one.stdout != other.stdout, "the seed matters");
    assert_eq!(canon_lines(&one.lines().join("\n"), &[]), canon_lines(&text, &[]));
}

#[test]
fn canon_prints_automorphism_counts_on_request() {
    let symmetric =
        "123456789456789123789123456231564897564897231897231564312645978645978312978312645";
    let lines = canon_lines(symmetric, &["--automorphisms"]);
    assert!(lines[0].ends_with(" 648"), "{lines:?}");
    let run = sudokit(&["canon", "--format", "json"], symmetric.as_bytes());
    let v: serde_json::Value = serde_json::from_str(run.lines()[0]).expect("JSON");
    assert_eq!(v["automorphisms"], "648");
    assert_eq!(v["canon"].as_str().unwrap().len(), 81);
}

#[test]
fn canon_of_a_16x16_puzzle_is_an_error_line() {
    let run = sudokit(&["canon"], &[b'.'; 256]);
    run.expect_code(2);
    assert!(run.out().starts_with("error: canonical forms are not implemented for 4x4"), "{run}");
}

#[test]
fn dedup_keeps_the_first_of_each_class_in_order() {
    let puzzles = corpus("top1465.txt", 50);
    let text = text_of(&puzzles);
    let shuffled = sudokit(&["transform", "--random", "--seed", "9"], text.as_bytes());
    // Originals, then their equivalents, then the originals again.
    let input = format!("{text}{}{text}", shuffled.out());
    let dir = tempfile::tempdir().unwrap();
    let path = write_file(dir.path(), "dups.txt", input);
    for jobs in ["1", "2"] {
        let run = sudokit(&["dedup", "--jobs", jobs, &path], b"");
        run.expect_code(0);
        assert_eq!(run.lines(), puzzles.iter().map(String::as_str).collect::<Vec<_>>());
    }
}

#[test]
fn transform_canon_and_dedup_help_have_examples() {
    for command in ["transform", "canon", "dedup"] {
        assert_help_has_examples(command);
    }
}

#[test]
fn transform_random_seeds_by_global_record_index() {
    // More records than one chunk of the batch runner (4096), so the index
    // must carry across chunks.
    let base = corpus("top1465.txt", 1465);
    let puzzles: Vec<String> = base.iter().chain(&base).chain(&base).cloned().collect();
    let text = text_of(&puzzles);
    let args = ["transform", "--random", "--seed", "3", "--jobs"];
    let one = sudokit(&[&args[..], &["1"]].concat(), text.as_bytes());
    one.expect_code(0);
    let two = sudokit(&[&args[..], &["2"]].concat(), text.as_bytes());
    assert!(one.stdout == two.stdout, "--jobs 1 and 2 differ");
    let lines = one.lines();
    assert_eq!(lines.len(), puzzles.len());
    // The same puzzle at another index gets another transformation.
    assert_ne!(lines[0], lines[1465]);
    // Comments and blank lines are not records: they change line numbers
    // but not the output.
    let commented: String =
        puzzles.iter().map(|p| format!("# a comment\n\n{p}\n")).collect::<Vec<_>>().concat();
    let run = sudokit(&[&args[..], &["2"]].concat(), commented.as_bytes());
    assert!(run.stdout == one.stdout, "comments changed the transformations");
    // Indices run on across files.
    let dir = tempfile::tempdir().unwrap();
    let a = write_file(dir.path(), "a.txt", text_of(&puzzles[..100]));
    let b = write_file(dir.path(), "b.txt", text_of(&puzzles[100..]));
    let split = sudokit(&["transform", "--random", "--seed", "3", &a, &b], b"");
    assert!(split.stdout == one.stdout, "splitting the input changed the transformations");
}

#[test]
fn relabel_that_does_not_fit_the_board_says_why() {
    let run = sudokit(&["transform", "--op", "relabel:987654321"], b"12..............\n");
    run.expect_code(2);
    assert!(run.out().contains("gives 9 labels but a 4x4 board needs 4"), "{run}");
    assert!(!run.out().contains('['), "{run}");
    let nine =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let run = sudokit(&["transform", "--op", "relabel:987654329"], nine.as_bytes());
    run.expect_code(2);
    assert!(run.out().contains("label 9 to more than one digit and never uses 1"), "{run}");
}

// ---- rate, hint, explain (issue 6) ----

/// A QQWing "simple" puzzle that Sudoku Explainer 1.2.1 rates 1.2/1.2/1.2.
const SIMPLE: &str =
    "...8...43...1..2.59..3......39..2.84.1.............72......8.3.8.....47..4357..1.";

#[test]
fn rate_prints_er_ep_ed_level_and_technique_per_puzzle_in_order() {
    let input = format!("{SIMPLE}\n{SIMPLE}\n");
    let run = sudokit(&["rate", "--jobs", "2"], input.as_bytes());
    run.expect_code(0);
    let want = format!("{SIMPLE} 1.2/1.2/1.2 easy Hidden Single (box)");
    assert_eq!(run.lines(), [want.as_str(), want.as_str()]);
}

#[test]
fn rate_json_has_the_design_fields() {
    let run = sudokit(&["rate", "--format", "json"], SIMPLE.as_bytes());
    run.expect_code(0);
    let v: serde_json::Value = serde_json::from_str(run.lines()[0]).expect("JSON");
    assert_eq!(v["puzzle"], SIMPLE);
    assert_eq!(v["er"], 1.2);
    assert_eq!(v["ep"], 1.2);
    assert_eq!(v["ed"], 1.2);
    assert_eq!(v["level"], "easy");
    assert_eq!(v["hardest"], "Hidden Single (box)");
}

#[test]
fn rate_of_a_puzzle_with_several_solutions_is_an_error_line() {
    let run = sudokit(&["rate"], format!("{}\n{SIMPLE}\n", ".".repeat(81)).as_bytes());
    run.expect_code(1);
    assert!(run.lines()[0].starts_with("error: several solutions"), "{run}");
    assert!(run.lines()[1].ends_with("easy Hidden Single (box)"), "{run}");
}

#[test]
fn hint_names_the_step_cells_and_placement() {
    let run = sudokit(&["hint"], SIMPLE.as_bytes());
    run.expect_code(0);
    let line = run.lines()[0];
    assert!(line.starts_with("1.2 Hidden Single (box): In box 1, 3 can only go in r2c1"), "{run}");
    assert!(line.contains("[highlight: r2c1]") && line.contains("[place: r2c1=3]"), "{run}");
    let json = sudokit(&["hint", "--format", "json"], SIMPLE.as_bytes());
    let v: serde_json::Value = serde_json::from_str(json.lines()[0]).expect("JSON");
    assert_eq!(v["step"]["placements"][0], serde_json::json!({ "row": 2, "col": 1, "digit": 3 }));
    assert_eq!(v["step"]["cells"][0], serde_json::json!({ "row": 2, "col": 1 }));
    assert_eq!(v["step"]["technique"], "Hidden Single (box)");
}

#[test]
fn hint_continues_from_a_pencilmark_state() {
    // A 4x4 player's state: r1c3 and r2c3 decided (one candidate each), and
    // the player's marks elsewhere. Without that mark the puzzle has two
    // solutions, so a hint proves the marks are read.
    let marks = "1 2 3 34\n3 4 1 12\n2 1 34 34\n4 3 12 12\n";
    let run = sudokit(&["hint", "--from", "pencilmarks"], marks.as_bytes());
    run.expect_code(0);
    assert!(run.out().starts_with("1.0 Full House: r1c4 is the last empty cell of row 1"), "{run}");
    assert!(run.out().contains("[place: r1c4=4]"), "{run}");
    let open = "1 2 34 34\n3 4 12 12\n2 1 34 34\n4 3 12 12\n";
    let run = sudokit(&["hint", "--from", "pencilmarks"], open.as_bytes());
    run.expect_code(1);
    assert!(run.out().starts_with("error: several solutions"), "{run}");
}

#[test]
fn explain_lists_every_step_and_a_summary() {
    let run = sudokit(&["explain"], SIMPLE.as_bytes());
    run.expect_code(0);
    let lines = run.lines();
    let empty = SIMPLE.bytes().filter(|&b| b == b'.').count();
    // "puzzle ..." + one line per placement + the summary.
    assert_eq!(lines.len(), empty + 2, "{run}");
    assert!(lines[1].trim_start().starts_with("1. 1.2 Hidden Single (box)"), "{run}");
    let summary = lines.last().unwrap();
    assert!(
        summary.starts_with(&format!("summary: {empty} steps, rating 1.2/1.2/1.2 easy")),
        "{run}"
    );
    let json = sudokit(&["explain", "--format", "json"], SIMPLE.as_bytes());
    let v: serde_json::Value = serde_json::from_str(json.lines()[0]).expect("JSON");
    assert_eq!(v["steps"].as_array().unwrap().len(), empty);
    let counted: u64 =
        v["counts"].as_array().unwrap().iter().map(|c| c["count"].as_u64().unwrap()).sum();
    assert_eq!(counted as usize, empty);
}

#[test]
fn explain_writes_a_dynamic_chain_in_full_and_as_json() {
    // From se-rated-random.txt (top1465), SE 9.0: its path needs dynamic
    // forcing chains (ours: several steps of 8.3 to 9.0).
    let puzzle =
        "3.7..4.2....1..8..9............3..9..5.8......4.6...........5.12...7..........6..\n";
    let run = sudokit(&["explain"], puzzle.as_bytes());
    run.expect_code(0);
    // The Nishio, multiple and dynamic chain steps, each with its branches.
    let chained: Vec<&str> = run
        .lines()
        .into_iter()
        .filter(|l| l.contains("implications in all") || l.contains("Nishio Forcing Chain:"))
        .collect();
    assert!(chained.iter().any(|l| l.contains("Nishio Forcing Chain")), "{run}");
    assert!(chained.iter().any(|l| l.contains("Dynamic Forcing Chain")), "{run}");
    for line in &chained {
        let lead = line.contains(". If ") || line.contains(". Chain: ");
        assert!(line.contains(" -> ") && lead, "{line}");
    }
    let json = sudokit(&["explain", "--format", "json"], puzzle.as_bytes());
    json.expect_code(0);
    let v: serde_json::Value = serde_json::from_str(json.lines()[0]).expect("JSON");
    let steps = v["steps"].as_array().unwrap();
    // Forcing chains and cycles below Nishio carry theirs as one branch.
    let path_form = |s: &serde_json::Value| {
        let id = s["technique_id"].as_str().unwrap();
        let form = if id.contains("cycle") { "cycle" } else { "chain" };
        (id.starts_with("forcing") || id.starts_with("bidirectional")).then_some(form)
    };
    let mut branched = 0;
    let chains: Vec<&serde_json::Value> = steps.iter().filter_map(|s| s.get("chain")).collect();
    for step in steps.iter().filter(|s| s.get("chain").is_some()) {
        let form = step["chain"]["form"].as_str().unwrap();
        match path_form(step) {
            Some(expected) => assert_eq!(form, expected, "{step}"),
            None => {
                assert!(["contradiction", "double", "cell", "region"].contains(&form), "{step}");
                branched += 1;
            }
        }
    }
    assert_eq!(branched, chained.len(), "{v}");
    for chain in chains {
        for branch in chain["branches"].as_array().unwrap() {
            let links = branch["implications"].as_array().unwrap();
            assert_eq!(links[0]["reason"], "assumption", "{chain}");
            for (k, link) in links.iter().enumerate() {
                for key in ["row", "col", "digit"] {
                    assert!((1..=9).contains(&link[key].as_u64().unwrap()), "{link}");
                }
                assert!(link["on"].is_boolean(), "{link}");
                let parents = link["parents"].as_array().unwrap();
                assert_eq!(parents.is_empty(), k == 0, "{link}");
                assert!(parents.iter().all(|p| (p.as_u64().unwrap() as usize) < k), "{link}");
            }
        }
    }
    // Steps of other techniques carry no chain.
    assert!(steps.iter().any(|s| s.get("chain").is_none()));
}

#[test]
fn rate_hint_and_explain_help_have_examples() {
    for command in ["rate", "hint", "explain"] {
        assert_help_has_examples(command);
    }
}

// Builds without the optional features (`--no-default-features`)

#[cfg(not(feature = "serve"))]
#[test]
fn serve_names_the_feature_it_was_built_without() {
    let run = sudokit(&["serve", "--addr", "127.0.0.1:0"], b"");
    run.expect_code(2)
        .expect_stderr(&["`sudokit serve` needs the `serve` feature", "--features serve"]);
    assert!(run.stdout.is_empty(), "{run}");
}

#[cfg(not(feature = "print"))]
#[test]
fn printing_names_the_feature_it_was_built_without() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("book.pdf");
    let out = out.to_str().unwrap();
    let run = sudokit(&["print", "-o", out, "--format", "pdf"], b"");
    run.expect_code(2)
        .expect_stderr(&["`sudokit print` needs the `print` feature", "--features print"]);
    for format in ["pdf", "svg", "png"] {
        // A file named for the format (a name that says another is refused
        // before this, in every build).
        let out = dir.path().join(format!("book.{format}"));
        let out = out.to_str().unwrap();
        let run = sudokit(&["generate", "-n", "1", "--seed", "1", "-f", format, "-o", out], b"");
        run.expect_code(2).expect_stderr(&["needs the `print` feature", "--features print"]);
    }
    assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none(), "a file was written");
    // The text formats need no feature.
    sudokit(&["generate", "-n", "1", "--seed", "1"], b"").expect_code(0);
}
