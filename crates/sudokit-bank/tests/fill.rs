//! Filling: targets, resuming, determinism, duplicates, concurrency.

use std::sync::atomic::{AtomicBool, Ordering};

use sudokit::logic::Level;
use sudokit_bank::{Bank, BankError, Claim, Fill, fill};

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
