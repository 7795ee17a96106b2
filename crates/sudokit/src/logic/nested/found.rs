//! [`Found`]: the hints of one search as it goes, only the one per set of
//! removed candidates that SE's order puts first.
//!
//! A search's answer is its hints sorted by difficulty, complexity and
//! sort key (stable, so ties keep the order in which they were found),
//! then the first hint of each set of removed candidates
//! ([`super::engine::sort_hints`]). Within one search the difficulty
//! grows with the complexity, so the first of a set is the one of least
//! (complexity, sort key), the earliest found among equals. `Found` keeps
//! that one as the search goes: a hint offered later takes its place only
//! when its (complexity, sort key) is smaller, and it is then put where it
//! was found, so the kept hints stand in the order the whole list had.
//! Sorted, they are the answer the whole list gives.
//!
//! The set a hint removes lies in one cell
//! ([`super::engine::removed_digits`]), so its cell and nine-bit mask of
//! digits name it ([`Found::key`]).
//!
//! Invariant: `at[key]`, when set, is the index in `hints` of the kept hint
//! removing that set, and every other entry of `hints` for it is `None`.

use super::board::{Board, CELLS};
use super::engine::{Hint, removed_digits};
use crate::logic::stamps::StampSet;

/// Sets of digits of one cell (nine-bit masks).
const KEYS_PER_CELL: usize = 512;
/// Keys of every cell.
const KEYS: usize = CELLS * KEYS_PER_CELL;

/// The hints kept so far, by set of removed candidates.
#[derive(Debug, Default)]
pub(super) struct Found {
    /// In the order found; `None` where a later hint took the place.
    hints: Vec<Option<Hint>>,
    /// The keys that have a hint.
    has: StampSet,
    /// `at[key]`: the index of its hint in `hints`.
    at: Vec<u32>,
}

impl Found {
    /// Empties the list.
    pub fn clear(&mut self) {
        self.hints.clear();
        self.has.clear(KEYS);
        if self.at.len() != KEYS {
            self.at = vec![0; KEYS];
        }
    }

    /// The number naming the set of candidates that concluding `target`
    /// removes on `board`: its cell and digits.
    pub fn key(board: &Board, target: u16) -> usize {
        let (cell, digits) = removed_digits(board, target);
        cell * KEYS_PER_CELL + usize::from(digits)
    }

    /// The (complexity, sort key) of the hint kept for `key`.
    pub fn best(&self, key: usize) -> Option<(u32, u8)> {
        if !self.has.contains(key) {
            return None;
        }
        let h = self.hints[self.at[key] as usize].as_ref().expect("kept");
        Some((h.complexity, h.sort_key))
    }

    /// Whether a hint of `complexity` and `sort_key` for `key`, found
    /// after the kept one, would come first.
    pub fn beats(&self, key: usize, complexity: u32, sort_key: u8) -> bool {
        self.best(key).is_none_or(|b| (complexity, sort_key) < b)
    }

    /// Keeps `hint` for `key` in place of the one kept so far (the caller
    /// checked [`Found::beats`]).
    pub fn put(&mut self, key: usize, hint: Hint) {
        if !self.has.insert(key) {
            self.hints[self.at[key] as usize] = None;
        }
        self.at[key] = self.hints.len() as u32;
        self.hints.push(Some(hint));
    }

    /// The kept hints, easiest first (SE's order: difficulty, complexity,
    /// sort key, then the order found): the search's answer.
    pub fn take(&mut self) -> Vec<Hint> {
        let mut hints: Vec<Hint> = self.hints.drain(..).flatten().collect();
        self.has.clear(KEYS);
        hints.sort_by_key(|h| (h.difficulty, h.complexity, h.sort_key));
        hints
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::Found;
    use crate::logic::nested::board::{Board, node};
    use crate::logic::nested::engine::{Hint, Kind, removable_of, sort_hints};

    fn hint(board: &Board, target: u16, complexity: u32, sort_key: u8, id: u32) -> Hint {
        Hint {
            id,
            kind: Kind::Contradiction,
            difficulty: 85 + complexity as u16 / 4,
            complexity,
            sort_key,
            removable: removable_of(board, target),
            target,
            source: 0,
            unit: 0,
            deps: Vec::new(),
        }
    }

    /// Hints offered one by one, each kept when it beats the kept one of
    /// its removals, give after sorting the list that sorting all of them
    /// and keeping the first per removals gives (conclusions drawn on
    /// three cells of one, two and four candidates, so that an "on" and
    /// an "off" conclusion share removals, with few complexities and sort
    /// keys, so that ties are common).
    #[test]
    fn offered_hints_sort_to_the_first_per_removals_of_all() {
        let mut board: Board = [0; 81];
        board[0] = 1 << 4;
        board[1] = 0b11;
        board[2] = 0b1011_0100;
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(20);
        let mut found = Found::default();
        for round in 0..200 {
            let mut all = Vec::new();
            found.clear();
            for id in 0..rng.random_range(1..40) {
                let cell = rng.random_range(0..3);
                let d = rng.random_range(0..9);
                let target = node(cell, d, rng.random());
                if removable_of(&board, target).is_empty() {
                    continue;
                }
                let h = hint(&board, target, rng.random_range(4..8), rng.random_range(5..8), id);
                let key = Found::key(&board, target);
                if found.beats(key, h.complexity, h.sort_key) {
                    found.put(key, h.clone());
                }
                all.push(h);
            }
            let ids = |hs: Vec<Hint>| hs.iter().map(|h| h.id).collect::<Vec<_>>();
            let kept = found.take();
            assert_eq!(ids(kept), ids(sort_hints(all)), "round {round}");
        }
    }
}
