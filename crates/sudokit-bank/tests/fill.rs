//! Filling: targets, resuming, determinism, duplicates, concurrency.

use std::sync::atomic::{AtomicBool, Ordering};

use sudokit::logic::{Level, LogicSolver, Technique};
use sudokit_bank::{Bank, BankError, Claim, Fill, Stored, Target, fill};

use crate::util::{four, run, six, six_fill, verify};

#[test]
fn a_fill_reaches_its_target_and_every_puzzle_checks() {
    let dir = tempfile::tempdir().unwrap();
    let mut bank = Bank::open(dir.path().join("b.sqlite")).unwrap();
    let done = run(&mut bank, &six_fill(Level::Medium, 7, 12, 2));
    assert_eq!((done.held, done.added), (12, 12));
    let puzzles = verify(&bank);
    assert_eq!(puzzles.len(), 12);
    assert!(puzzles.iter().all(|p| p.level == "medium" && p.rules == "6" && p.seed == 7));
    let counts = bank.counts().unwrap();
    assert_eq!(counts.len(), 1);
    assert_eq!((counts[0].size, counts[0].box_rows, counts[0].box_cols), (6, 2, 3));
    assert_eq!(counts[0].puzzles, 12);
    // The cursor is past every stored index.
    let next = bank.fill_cursor("6", Level::Medium, "none", 7).unwrap();
    assert_eq!(next, done.next_index);
    assert!(puzzles.iter().all(|p| p.index < next));
}

#[test]
fn running_a_full_fill_again_adds_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut bank = Bank::open(dir.path().join("b.sqlite")).unwrap();
    run(&mut bank, &six_fill(Level::Medium, 1, 5, 2));
    let again = run(&mut bank, &six_fill(Level::Medium, 1, 5, 2));
    assert_eq!((again.held, again.added), (5, 0));
    // A higher target continues from the cursor.
    let more = run(&mut bank, &six_fill(Level::Medium, 1, 9, 2));
    assert_eq!((more.held, more.added), (9, 4));
    verify(&bank);
}

/// A stopped fill, resumed, stores exactly the puzzles of one
/// uninterrupted fill, whatever the thread count.
#[test]
fn a_stopped_fill_resumes_to_the_same_set() {
    let dir = tempfile::tempdir().unwrap();
    let mut whole = Bank::open(dir.path().join("whole.sqlite")).unwrap();
    run(&mut whole, &six_fill(Level::Hard, 3, 10, 2));
    let mut parts = Bank::open(dir.path().join("parts.sqlite")).unwrap();
    let stop = AtomicBool::new(false);
    let first = fill(
        &mut parts,
        &six_fill(Level::Hard, 3, 10, 1),
        &mut |p| stop.store(p.held > 0, Ordering::Relaxed),
        &|| stop.load(Ordering::Relaxed),
    )
    .unwrap();
    assert!(first.held > 0 && first.held < 10, "stopped part way: {first:?}");
    run(&mut parts, &six_fill(Level::Hard, 3, 10, 2));
    let key = |b: &Bank| -> Vec<(u64, u64, String)> {
        b.puzzles().unwrap().into_iter().map(|p| (p.seed, p.index, p.puzzle)).collect()
    };
    assert_eq!(key(&whole), key(&parts));
    verify(&parts);
}

/// 4x4 boards have few distinct puzzles: repeats by canonical form are
/// skipped, and a target beyond what exists ends with an error instead of
/// running for ever.
#[test]
fn repeats_are_skipped_and_an_unreachable_target_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut bank = Bank::open(dir.path().join("b.sqlite")).unwrap();
    let err =
        fill(&mut bank, &Fill::new(four(), Level::Easy, 1, 500).jobs(2), &mut |_| {}, &|| false)
            .unwrap_err();
    let BankError::TooFewDistinct { held, skipped, .. } = &err else { panic!("{err}") };
    assert!(*held > 0 && *held < 500, "{err}");
    assert!(*skipped > 100, "{err}");
    assert!(err.to_string().contains("too few distinct"), "{err}");
    let stored = verify(&bank);
    assert_eq!(stored.len(), *held);
}

#[test]
fn a_level_the_board_does_not_offer_is_refused_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let mut bank = Bank::open(dir.path().join("b.sqlite")).unwrap();
    let err =
        fill(&mut bank, &Fill::new(four(), Level::Evil, 1, 5), &mut |_| {}, &|| false).unwrap_err();
    assert!(matches!(err, BankError::Generate(_)), "{err}");
    assert!(bank.puzzles().unwrap().is_empty());
}

/// Two processes' worth of fills (two connections, two threads) on one
/// file, with a reader claiming and counting throughout: no lock error,
/// the target is met exactly, and every row checks.
#[test]
fn concurrent_fills_and_reads_share_one_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shared.sqlite");
    Bank::open(&path).unwrap();
    let filling = AtomicBool::new(true);
    std::thread::scope(|s| {
        let fills: Vec<_> = [11, 12]
            .into_iter()
            .map(|seed| {
                let path = &path;
                s.spawn(move || {
                    let mut bank = Bank::open(path).unwrap();
                    run(&mut bank, &six_fill(Level::Medium, seed, 16, 1))
                })
            })
            .collect();
        let reader = s.spawn(|| {
            let mut bank = Bank::open(&path).unwrap();
            let mut seen = std::collections::HashSet::new();
            let mut claims = 0;
            while filling.load(Ordering::Relaxed) || claims < 5 {
                bank.counts().unwrap();
                match bank.claim("reader", "6", Level::Medium).unwrap() {
                    Claim::Puzzle(p) => {
                        assert!(seen.insert(p.id), "puzzle {} handed twice in one round", p.id);
                        claims += 1;
                    }
                    Claim::Exhausted => seen.clear(),
                    Claim::Empty => {}
                }
            }
            claims
        });
        for f in fills {
            f.join().unwrap();
        }
        filling.store(false, Ordering::Relaxed);
        assert!(reader.join().unwrap() >= 5);
    });
    let bank = Bank::open(&path).unwrap();
    assert_eq!(bank.count("6", Level::Medium).unwrap(), 16);
    bank.integrity_check().unwrap();
    let stored = verify(&bank);
    assert!(stored.iter().all(|p| p.rules == six().to_string()));
}

/// The technique these tests fill for: common enough on 6x6 for quick
/// fills, above the singles every puzzle uses.
const TECHNIQUE: Technique = Technique::Pointing;

/// Each stored puzzle rated again by the logical solver (not read from
/// the bank): its level, hardest technique and the techniques of its path.
fn rated(bank: &Bank) -> Vec<(Stored, Level, Option<Technique>, Vec<Technique>)> {
    let mut solver = LogicSolver::new();
    bank.puzzles()
        .unwrap()
        .into_iter()
        .map(|p| {
            let (puzzle, _) = p.grids().unwrap();
            let path = solver.solve(&puzzle).unwrap();
            let uses = path.technique_counts().into_iter().map(|(t, _)| t).collect();
            let rating = path.rating();
            (p, rating.level, rating.hardest, uses)
        })
        .collect()
}

/// A fill for a technique stores only puzzles whose path uses it (rated
/// again here), and counts every stored puzzle that needs it, whichever
/// fill stored it: puzzles of a plain fill count too.
#[test]
fn a_technique_fill_stores_what_needs_it_and_counts_all_that_do() {
    let dir = tempfile::tempdir().unwrap();
    let mut bank = Bank::open(dir.path().join("b.sqlite")).unwrap();
    run(&mut bank, &six_fill(Level::Hard, 5, 8, 2));
    let target = Target::new(None, &[TECHNIQUE], None);
    let needing = |bank: &Bank| rated(bank).iter().filter(|r| r.3.contains(&TECHNIQUE)).count();
    let already = needing(&bank);
    assert_eq!(bank.count("6", target.clone()).unwrap(), already);
    let plan = Fill::of(six(), target.clone(), 11, already + 3).jobs(2);
    let done = run(&mut bank, &plan);
    assert_eq!((done.held, done.added), (already + 3, 3));
    assert_eq!(needing(&bank), already + 3);
    for (p, _, _, uses) in rated(&bank).iter().filter(|r| r.0.seed == 11) {
        assert!(uses.contains(&TECHNIQUE), "row {} does not need {TECHNIQUE}", p.id);
        assert!(p.techniques.iter().any(|t| t == TECHNIQUE.name()), "row {}", p.id);
    }
    assert_eq!(bank.fill_cursor("6", target, "none", 11).unwrap(), done.next_index);
    // The plain fill's cursor is its own.
    assert!(bank.fill_cursor("6", Level::Hard, "none", 11).unwrap() == 0);
    verify(&bank);
}

/// A fill for a hardest technique with a level stores puzzles of that
/// level whose hardest step (rated again) is the technique, the same set
/// whatever the thread count.
#[test]
fn a_hardest_fill_meets_level_and_hardest_whatever_the_threads() {
    let dir = tempfile::tempdir().unwrap();
    let target = Target::new(Some(Level::Medium), &[], Some(TECHNIQUE));
    let mut sets = Vec::new();
    for jobs in [1, 2] {
        let mut bank = Bank::open(dir.path().join(format!("b{jobs}.sqlite"))).unwrap();
        let done = run(&mut bank, &Fill::of(six(), target.clone(), 3, 3).jobs(jobs));
        assert_eq!(done.held, 3);
        for (p, level, hardest, _) in rated(&bank) {
            assert_eq!((level, hardest), (Level::Medium, Some(TECHNIQUE)), "row {}", p.id);
        }
        assert_eq!(bank.count("6", target.clone()).unwrap(), 3);
        sets.push(
            bank.puzzles().unwrap().into_iter().map(|p| (p.index, p.puzzle)).collect::<Vec<_>>(),
        );
    }
    assert_eq!(sets[0], sets[1]);
}
