//! [`Board`]: every banked puzzle of one board (rules) in memory, indexed
//! by level, by technique and by hardest technique, and the [`Pool`] of
//! each [`Target`] asked for.
//!
//! A board is read from the file once, when a request first asks for it,
//! whatever the level or technique: each row becomes an answer-ready
//! [`Item`] (rows that do not read back are left out and reported by
//! [`Board::append`]). A target's pool is made from the indexes when it is
//! first asked for: the puzzles of the shortest list among the target's
//! level, needed techniques and hardest technique, kept when they meet the
//! whole target. So every puzzle of the board that meets a target is in
//! its pool, whichever fill stored it.
//!
//! Invariants: `items` is in increasing id order, and each index holds
//! positions in `items` in increasing order; puzzles are only appended
//! above the greatest id held, and each one appended joins every pool
//! whose target it meets. Client places read from the file wait in
//! `saved` (by target name) until their target's pool is made.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use sudokit::logic::{Level, Technique};
use sudokit_bank::{Place, Stored, Target};

use super::item::Item;
use super::lock;
use super::pool::Pool;

/// A target's pool, shared by the requests for it.
pub type Queue = Arc<Mutex<Pool<Item>>>;

/// One board's puzzles, indexes and pools.
#[derive(Debug, Default)]
pub struct Board {
    items: Vec<Arc<Item>>,
    by_level: HashMap<Level, Vec<usize>>,
    by_technique: HashMap<Technique, Vec<usize>>,
    by_hardest: HashMap<Technique, Vec<usize>>,
    queues: HashMap<Target, Queue>,
    saved: HashMap<String, Vec<(String, Place)>>,
}

/// Rows [`Board::append`] left out, and why the first one was.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Skipped {
    /// How many rows did not read back.
    pub rows: usize,
    /// The first one's error.
    pub first: Option<String>,
}

impl Board {
    /// A board of `rows` (in id order) and the saved client `places`
    /// (target name, client key, place).
    pub fn new(rows: Vec<Stored>, places: Vec<(String, String, Place)>) -> (Board, Skipped) {
        let mut board = Board::default();
        for (target, client, place) in places {
            board.saved.entry(target).or_default().push((client, place));
        }
        let skipped = board.append(rows);
        (board, skipped)
    }

    /// How many puzzles the board holds.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether the board holds no puzzle.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The greatest id held (0 when empty).
    pub fn top(&self) -> i64 {
        self.items.last().map_or(0, |item| item.id)
    }

    /// Adds `rows` (in id order) above the greatest id held, to the
    /// indexes and to every pool whose target they meet.
    pub fn append(&mut self, rows: Vec<Stored>) -> Skipped {
        let mut skipped = Skipped::default();
        let first_new = self.items.len();
        for row in rows {
            if row.id <= self.top() {
                continue;
            }
            let item = match Item::from_stored(&row) {
                Ok(item) => Arc::new(item),
                Err(e) => {
                    skipped.rows += 1;
                    skipped.first.get_or_insert(e);
                    continue;
                }
            };
            let at = self.items.len();
            self.by_level.entry(item.level).or_default().push(at);
            for t in item.techniques.iter() {
                self.by_technique.entry(t).or_default().push(at);
            }
            if let Some(t) = item.hardest {
                self.by_hardest.entry(t).or_default().push(at);
            }
            self.items.push(item);
        }
        let added = &self.items[first_new..];
        if !added.is_empty() {
            for (target, queue) in &self.queues {
                let meeting = added.iter().filter(|item| item.meets(target));
                lock(queue).append(meeting.map(|item| (item.id, Arc::clone(item))));
            }
        }
        skipped
    }

    /// The pool of `target`, made from the indexes when first asked for.
    pub fn queue(&mut self, target: &Target) -> Queue {
        if let Some(queue) = self.queues.get(target) {
            return Arc::clone(queue);
        }
        let all: Vec<usize>;
        let candidates: &[usize] = match self.shortest_index(target) {
            Some(list) => list,
            None => {
                all = (0..self.items.len()).collect();
                &all
            }
        };
        let rows = candidates
            .iter()
            .map(|&at| &self.items[at])
            .filter(|item| item.meets(target))
            .map(|item| (item.id, Arc::clone(item)))
            .collect::<Vec<_>>();
        let places = self.saved.remove(&target.name()).unwrap_or_default();
        let queue = Arc::new(Mutex::new(Pool::new(rows, places)));
        self.queues.insert(target.clone(), Arc::clone(&queue));
        queue
    }

    /// The shortest index list among the target's parts (`None` when it
    /// names none). A part that no puzzle has gives the empty list.
    fn shortest_index(&self, target: &Target) -> Option<&[usize]> {
        const NONE: &[usize] = &[];
        let level = target.get_level().map(|l| self.by_level.get(&l));
        let hardest = target.get_hardest().map(|t| self.by_hardest.get(&t));
        let needs = target.get_needs().iter().map(|t| self.by_technique.get(t));
        level
            .into_iter()
            .chain(hardest)
            .chain(needs)
            .map(|list| list.map_or(NONE, Vec::as_slice))
            .min_by_key(|list| list.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stored 4x4 row: a valid 4x4 solution and four of its givens
    /// (the rows are only read back here, never solved).
    fn row(id: i64, level: &str, hardest: &str, techniques: &[&str]) -> Stored {
        Stored {
            id,
            rules: "4".into(),
            puzzle: "1.....2..3.....4".into(),
            solution: "1243342143122134".into(),
            er: 23,
            level: level.into(),
            hardest: Some(hardest.into()),
            techniques: techniques.iter().map(|t| t.to_string()).collect(),
            symmetry: "none".into(),
            method: "backtrack".into(),
            canonical: String::new(),
            seed: 1,
            index: id as u64,
        }
    }

    /// The ids of the pool: a whole round of a client key never seen.
    fn ids(queue: &Queue) -> Vec<i64> {
        static CLIENTS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let client = CLIENTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed).to_string();
        let mut pool = lock(queue);
        let n = pool.len();
        let mut out: Vec<i64> = pool.take(&client, n).puzzles.iter().map(|i| i.id).collect();
        out.sort_unstable();
        out
    }

    #[test]
    fn every_puzzle_meeting_a_target_is_in_its_pool_whenever_it_came() {
        let (mut board, skipped) = Board::new(
            vec![
                row(1, "medium", "Naked Single", &["Naked Single", "Full House"]),
                row(2, "hard", "X-Wing", &["X-Wing", "Naked Single"]),
                row(3, "medium", "Naked Single", &["Naked Single"]),
            ],
            vec![],
        );
        assert_eq!(skipped, Skipped::default());
        let x = Target::new(None, &[Technique::XWing], None);
        let x_queue = board.queue(&x);
        assert_eq!(ids(&x_queue), [2]);
        let singles = Target::new(Some(Level::Medium), &[Technique::NakedSingle], None);
        assert_eq!(ids(&board.queue(&singles)), [1, 3]);
        assert_eq!(ids(&board.queue(&Target::level(Level::Hard))), [2]);
        let hardest = Target::new(None, &[], Some(Technique::XWing));
        assert_eq!(ids(&board.queue(&hardest)), [2]);
        let none = Target::new(None, &[Technique::Swordfish], None);
        assert!(ids(&board.queue(&none)).is_empty());
        // Puzzles stored later join every pool they meet.
        let late = board.append(vec![
            row(2, "hard", "X-Wing", &["X-Wing"]),
            row(5, "expert", "Swordfish", &["Swordfish", "X-Wing"]),
        ]);
        assert_eq!(late, Skipped::default());
        assert_eq!(ids(&x_queue), [2, 5]);
        assert_eq!(ids(&board.queue(&none)), [5]);
        assert_eq!(board.len(), 4);
    }

    #[test]
    fn rows_that_do_not_read_back_are_left_out_and_named() {
        let mut bad = row(2, "medium", "Naked Single", &[]);
        bad.puzzle = "1.....2..3.....".into();
        let mut level = row(3, "medium", "Naked Single", &[]);
        level.level = "fiendish".into();
        let (board, skipped) =
            Board::new(vec![row(1, "medium", "Naked Single", &[]), bad, level], vec![]);
        assert_eq!(board.len(), 1);
        assert_eq!(skipped.rows, 2);
        let first = skipped.first.unwrap();
        assert!(first.contains("bad row 2"), "{first}");
    }
}
