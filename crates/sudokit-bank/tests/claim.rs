//! Serving: each client gets every puzzle once per round.

use std::collections::HashSet;
use std::time::Duration;

use sudokit::logic::Level;
use sudokit_bank::{Bank, Claim, Place, PlaceRecord, Step};

use crate::util::{run, six_fill};

fn claim(bank: &mut Bank, client: &str) -> Claim {
    bank.claim(client, "6", Level::Medium).unwrap()
}

#[test]
fn a_client_gets_every_puzzle_once_then_a_new_round() {
    let dir = tempfile::tempdir().unwrap();
    let mut bank = Bank::open(dir.path().join("b.sqlite")).unwrap();
    run(&mut bank, &six_fill(Level::Medium, 5, 8, 2));
    let all: HashSet<i64> = bank.puzzles().unwrap().iter().map(|p| p.id).collect();
    for client in ["alice", "bob", ""] {
        let mut seen = HashSet::new();
        for _ in 0..8 {
            let Claim::Puzzle(p) = claim(&mut bank, client) else { panic!("{client}") };
            assert!(seen.insert(p.id), "{client} got {} twice", p.id);
        }
        assert_eq!(seen, all);
        assert_eq!(claim(&mut bank, client), Claim::Exhausted);
        // The next round hands them out again.
        let Claim::Puzzle(p) = claim(&mut bank, client) else { panic!("{client}") };
        assert!(all.contains(&p.id));
    }
}

#[test]
fn clients_start_at_different_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let mut bank = Bank::open(dir.path().join("b.sqlite")).unwrap();
    run(&mut bank, &six_fill(Level::Medium, 5, 8, 2));
    let firsts: HashSet<i64> = (0..20)
        .map(|k| match claim(&mut bank, &format!("client-{k}")) {
            Claim::Puzzle(p) => p.id,
            other => panic!("{other:?}"),
        })
        .collect();
    assert!(firsts.len() >= 4, "20 clients began at only {} puzzles", firsts.len());
}

/// Puzzles stored while a client is in a round (above, below or past its
/// starting point) are handed to it in the same round, and none twice.
#[test]
fn puzzles_added_during_a_round_join_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut bank = Bank::open(dir.path().join("b.sqlite")).unwrap();
    run(&mut bank, &six_fill(Level::Medium, 5, 6, 2));
    let mut seen = HashSet::new();
    for step in 0..3 {
        for _ in 0..4 {
            let Claim::Puzzle(p) = claim(&mut bank, "carol") else { panic!("step {step}") };
            assert!(seen.insert(p.id), "{} twice", p.id);
        }
        run(&mut bank, &six_fill(Level::Medium, 5, 6 + 3 * (step + 1), 2));
    }
    let total = bank.count("6", Level::Medium).unwrap();
    while let Claim::Puzzle(p) = claim(&mut bank, "carol") {
        assert!(seen.insert(p.id), "{} twice", p.id);
    }
    assert_eq!(seen.len(), total);
}

#[test]
fn an_empty_key_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut bank = Bank::open(dir.path().join("b.sqlite")).unwrap();
    assert_eq!(claim(&mut bank, "dan"), Claim::Empty);
    run(&mut bank, &six_fill(Level::Medium, 5, 2, 1));
    assert_eq!(bank.claim("dan", "6", Level::Hard).unwrap(), Claim::Empty);
    assert_eq!(bank.claim("dan", "9", Level::Medium).unwrap(), Claim::Empty);
}

/// The walk over ids in memory hands the same puzzles in the same order as
/// the claims in SQL, and a place saved and read back continues it.
#[test]
fn the_walk_in_memory_matches_the_claims_in_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let mut bank = Bank::open(dir.path().join("b.sqlite")).unwrap();
    run(&mut bank, &six_fill(Level::Medium, 5, 7, 2));
    let ids: Vec<i64> =
        bank.puzzles_after("6", Level::Medium, 0, 100).unwrap().iter().map(|p| p.id).collect();
    assert_eq!(ids.len(), 7);
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
    let mut place = Place::begin("frank", ids[0], ids[6]);
    for step in 0..10 {
        let in_memory = place.step_in(&ids);
        let in_file = claim(&mut bank, "frank");
        match (in_memory, in_file) {
            (Step::Id(id), Claim::Puzzle(p)) => assert_eq!(id, p.id, "step {step}"),
            (Step::Exhausted, Claim::Exhausted) => {}
            other => panic!("step {step}: {other:?}"),
        }
    }
    let saved = bank.places("6", Level::Medium).unwrap();
    assert_eq!(saved, vec![("frank".to_string(), place)]);
    // Another key's place, saved in a batch, reads back the same.
    let mut gina = Place::begin("gina", ids[0], ids[6]);
    gina.step_in(&ids);
    let record = PlaceRecord {
        client: "gina".into(),
        rules: "6".into(),
        target: Level::Medium.into(),
        place: gina,
    };
    bank.save_places(&[record]).unwrap();
    let mut saved = bank.places("6", Level::Medium).unwrap();
    saved.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(saved, vec![("frank".to_string(), place), ("gina".to_string(), gina)]);
    assert_eq!(bank.places("6", Level::Hard).unwrap(), vec![]);
}

#[test]
fn keys_unused_for_the_period_are_forgotten() {
    let dir = tempfile::tempdir().unwrap();
    let mut bank = Bank::open(dir.path().join("b.sqlite")).unwrap();
    run(&mut bank, &six_fill(Level::Medium, 5, 3, 1));
    let Claim::Puzzle(_) = claim(&mut bank, "hal") else { panic!() };
    assert_eq!(bank.expire_clients(Duration::from_secs(3600)).unwrap(), 0);
    assert_eq!(bank.places("6", Level::Medium).unwrap().len(), 1);
    std::thread::sleep(Duration::from_millis(1100));
    assert_eq!(bank.expire_clients(Duration::ZERO).unwrap(), 1);
    assert_eq!(bank.places("6", Level::Medium).unwrap(), vec![]);
}
