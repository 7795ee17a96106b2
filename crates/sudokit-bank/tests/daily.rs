//! The daily puzzle: one per date and key, kept once chosen.

use sudokit::logic::Level;
use sudokit_bank::{Bank, Date, daily_seed};

use crate::util::{filled_bank, run, six_fill};

#[test]
fn a_date_keeps_its_puzzle_and_dates_differ() {
    let (_dir, path, mut bank) = filled_bank("b.sqlite", &six_fill(Level::Medium, 5, 6, 2));
    let day = |bank: &mut Bank, date: &str| {
        let d: Date = date.parse().unwrap();
        bank.daily(&d.to_string(), "6", Level::Medium, daily_seed(d, "6", Level::Medium))
            .unwrap()
            .unwrap()
    };
    let first = day(&mut bank, "2026-12-01");
    // More puzzles later, and another connection: the date keeps its own.
    run(&mut bank, &six_fill(Level::Medium, 5, 12, 2));
    let mut other = Bank::open(&path).unwrap();
    assert_eq!(day(&mut other, "2026-12-01"), first);
    // Six dates take six different puzzles while unused ones last.
    let mut ids: Vec<i64> = ["2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"]
        .iter()
        .map(|d| day(&mut bank, d).id)
        .collect();
    ids.push(first.id);
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 6);
    assert_eq!(bank.daily("2026-12-01", "6", Level::Hard, 1).unwrap(), None);
    // Once every puzzle of the key has been a daily puzzle, a new date gets
    // none (the service then makes the date's own), never an old one again.
    let held: i64 = bank
        .counts()
        .unwrap()
        .iter()
        .filter(|c| c.rules == "6" && c.level == "medium")
        .map(|c| c.puzzles as i64)
        .sum();
    assert!(held >= 6, "{held}");
    let mut seen = ids.clone();
    for k in 0..held - 6 {
        let date = format!("2027-01-{:02}", k + 1);
        seen.push(day(&mut bank, &date).id);
    }
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len() as i64, held);
    let d: Date = "2027-02-01".parse().unwrap();
    let next = bank.daily(&d.to_string(), "6", Level::Medium, daily_seed(d, "6", Level::Medium));
    assert_eq!(next.unwrap(), None);
    // Dates already served keep their puzzle.
    assert_eq!(day(&mut bank, "2026-12-01"), first);
}
