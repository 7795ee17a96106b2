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
}
