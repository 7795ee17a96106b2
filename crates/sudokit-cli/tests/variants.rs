//! `--variant killer` and `--rules NAME` on solve, count, validate and the
//! logic commands, run through the real binary.

use crate::util::{data_dir, sudokit};

/// The killer file's puzzles and their recorded solutions.
fn killers() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(data_dir().join("variants/killer-9.txt")).unwrap();
    text.lines()
        .map(|l| {
            let (p, s) = l.split_once(" # ").unwrap();
            (p.to_string(), s.trim().to_string())
        })
        .collect()
}

#[test]
fn solve_variant_killer_prints_each_recorded_solution() {
    let killers = killers();
    let input: String = killers.iter().map(|(p, _)| format!("{p}\n")).collect();
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
    let killers = killers();
    let input: String = killers.iter().map(|(p, _)| format!("{p}\n")).collect();
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
