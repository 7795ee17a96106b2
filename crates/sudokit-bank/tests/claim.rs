//! Serving: each client gets every puzzle once per round.

use std::collections::HashSet;
use std::time::Duration;

use sudokit::logic::{Level, LogicSolver, Technique};
use sudokit_bank::{Bank, Claim, Place, PlaceRecord, Step, Stored, Target};

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

/// What the logical solver finds for a stored puzzle, computed again from
/// its grid: the techniques of its path and the one of its hardest step.
fn path_of(p: &Stored, solver: &mut LogicSolver) -> (HashSet<Technique>, Option<Technique>) {
    let (puzzle, _) = p.grids().unwrap();
    let path = solver.solve(&puzzle).unwrap();
    let uses = path.technique_counts().into_iter().map(|(t, _)| t).collect();
    (uses, path.rating().hardest)
}

/// Claims for `client` until the round ends, returning the ids handed out;
/// none may come twice.
fn round(bank: &mut Bank, client: &str, target: &Target) -> HashSet<i64> {
    let mut seen = HashSet::new();
    loop {
        match bank.claim(client, "6", target.clone()).unwrap() {
            Claim::Puzzle(p) => assert!(seen.insert(p.id), "{client}: {} twice", p.id),
            Claim::Exhausted => return seen,
            Claim::Empty => panic!("{client}: {target} said empty"),
        }
    }
}

/// Technique targets (`needs`, `hardest`, across levels) are served from the
/// file: a round hands exactly the puzzles whose path, solved again, meets
/// the target, none twice, even across reopening the file; then a new round.
#[test]
fn technique_targets_are_claimed_once_per_round_from_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.sqlite");
    let mut bank = Bank::open(&path).unwrap();
    run(&mut bank, &six_fill(Level::Easy, 7, 6, 2));
    run(&mut bank, &six_fill(Level::Medium, 5, 8, 2));
    let mut solver = LogicSolver::new();
    let paths: Vec<(i64, HashSet<Technique>, Option<Technique>)> = bank
        .puzzles()
        .unwrap()
        .iter()
        .map(|p| {
            let (uses, hardest) = path_of(p, &mut solver);
            (p.id, uses, hardest)
        })
        .collect();
    // A technique some puzzles need and others do not, so the filter shows.
    let needed = Technique::ALL
        .into_iter()
        .find(|t| {
            let n = paths.iter().filter(|(_, uses, _)| uses.contains(t)).count();
            n >= 2 && n < paths.len()
        })
        .expect("no technique splits the bank's puzzles");
    let hardest = paths.iter().find_map(|(_, _, h)| *h).expect("no puzzle has a hardest step");
    let meeting = |keep: &dyn Fn(&HashSet<Technique>, Option<Technique>) -> bool| {
        paths.iter().filter(|(_, u, h)| keep(u, *h)).map(|(id, _, _)| *id).collect::<HashSet<_>>()
    };
    let targets = [
        (Target::new(None, &[needed], None), meeting(&|u, _| u.contains(&needed))),
        (Target::new(None, &[], Some(hardest)), meeting(&|_, h| h == Some(hardest))),
    ];
    for (target, expected) in targets {
        assert!(!expected.is_empty() && expected.len() < paths.len(), "{target}");
        assert_eq!(bank.count("6", target.clone()).unwrap(), expected.len(), "{target}");
        // Half a round, then the file is closed and opened again.
        let mut seen = HashSet::new();
        for _ in 0..expected.len() / 2 {
            let Claim::Puzzle(p) = bank.claim("ivy", "6", target.clone()).unwrap() else {
                panic!("{target}")
            };
            assert!(seen.insert(p.id), "{target}: {} twice", p.id);
        }
        drop(bank);
        bank = Bank::open(&path).unwrap();
        let rest = round(&mut bank, "ivy", &target);
        assert!(seen.is_disjoint(&rest), "{target}: {:?} came twice", seen.intersection(&rest));
        seen.extend(rest);
        assert_eq!(seen, expected, "{target}");
        // Another client gets the same puzzles; the next round starts again.
        assert_eq!(round(&mut bank, "jay", &target), expected, "{target}");
        let Claim::Puzzle(p) = bank.claim("ivy", "6", target.clone()).unwrap() else {
            panic!("{target}")
        };
        assert!(expected.contains(&p.id), "{target}");
    }
    // A plain level's place is its own: ivy still gets every medium puzzle.
    let medium = bank.count("6", Level::Medium).unwrap();
    assert_eq!(round(&mut bank, "ivy", &Target::level(Level::Medium)).len(), medium);
    // A target no stored puzzle meets is empty, not exhausted.
    let none = Target::new(Some(Level::Evil), &[needed], None);
    assert_eq!(bank.claim("ivy", "6", none).unwrap(), Claim::Empty);
}
