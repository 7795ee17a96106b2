//! [`Pool`]: the puzzles of one board meeting one target (a level, or
//! techniques) in memory, and the places of the client keys walking them.
//!
//! A pool holds every puzzle of its key (ids sorted, items beside them,
//! shared with the board's other pools) and the [`Place`] of each client
//! key seen, read from the bank when the board is loaded. Handing puzzles out ([`Pool::take`]) is a few
//! binary searches under the pool's lock; each moved place is sent to the
//! writer, which saves places in batches.
//!
//! Invariants: `ids` is strictly increasing and `rows[i].id == ids[i]`;
//! puzzles are only appended, above the greatest id held (SQLite commits
//! ids in increasing order, so a later read never finds a smaller new one).

use std::collections::HashMap;
use std::sync::Arc;

use sudokit_bank::{Place, Step};

/// One key's puzzles (of type `T`) and client places.
#[derive(Debug)]
pub struct Pool<T> {
    ids: Vec<i64>,
    rows: Vec<Arc<T>>,
    places: HashMap<String, Place>,
}

impl<T> Default for Pool<T> {
    fn default() -> Pool<T> {
        Pool { ids: Vec::new(), rows: Vec::new(), places: HashMap::new() }
    }
}

/// What [`Pool::take`] handed out.
#[derive(Debug)]
pub struct Taken<T> {
    /// The puzzles, in the order handed.
    pub puzzles: Vec<Arc<T>>,
    /// The client's place after them, when it moved.
    pub moved: Option<Place>,
    /// The client's round ended (it had every puzzle of the key).
    pub exhausted: bool,
}

impl<T> Default for Taken<T> {
    fn default() -> Taken<T> {
        Taken { puzzles: Vec::new(), moved: None, exhausted: false }
    }
}

impl<T> Pool<T> {
    /// A pool of `rows` (ids with their puzzles, in id order) and the
    /// saved `places`.
    pub fn new(
        rows: impl IntoIterator<Item = (i64, Arc<T>)>,
        places: Vec<(String, Place)>,
    ) -> Pool<T> {
        let mut pool = Pool { places: places.into_iter().collect(), ..Pool::default() };
        pool.append(rows);
        pool
    }

    /// Adds `rows` (in id order); those not above the greatest id held
    /// are ignored.
    pub fn append(&mut self, rows: impl IntoIterator<Item = (i64, Arc<T>)>) {
        for (id, row) in rows {
            if self.ids.last().is_none_or(|&top| id > top) {
                self.ids.push(id);
                self.rows.push(row);
            }
        }
    }

    /// How many puzzles the pool holds.
    pub fn len(&self) -> usize {
        self.ids.len()
    }

    /// Whether the pool holds no puzzle.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// The greatest id held (0 when empty).
    pub fn top(&self) -> i64 {
        self.ids.last().copied().unwrap_or(0)
    }

    /// How many puzzles `client`'s round has still to hand.
    pub fn left_for(&self, client: &str) -> usize {
        match self.places.get(client) {
            Some(place) => place.left_in(&self.ids),
            None => self.ids.len(),
        }
    }

    /// Up to `count` puzzles for `client`, the next of its round; fewer
    /// when its round ends first (then `exhausted`, and the place starts
    /// a new round).
    pub fn take(&mut self, client: &str, count: usize) -> Taken<T> {
        let (Some(&lo), Some(&hi)) = (self.ids.first(), self.ids.last()) else {
            return Taken::default();
        };
        let place =
            self.places.entry(client.to_string()).or_insert_with(|| Place::begin(client, lo, hi));
        let mut taken = Taken::default();
        while taken.puzzles.len() < count {
            match place.step_in(&self.ids) {
                Step::Id(id) => {
                    let at = self.ids.binary_search(&id).expect("the walk hands held ids");
                    taken.puzzles.push(Arc::clone(&self.rows[at]));
                }
                Step::Exhausted => {
                    taken.exhausted = true;
                    break;
                }
            }
        }
        taken.moved = Some(*place);
        taken
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows `ids`, each puzzle its own id.
    fn rows(ids: impl IntoIterator<Item = i64>) -> Vec<(i64, Arc<i64>)> {
        ids.into_iter().map(|id| (id, Arc::new(id))).collect()
    }

    fn ids(taken: &Taken<i64>) -> Vec<i64> {
        taken.puzzles.iter().map(|p| **p).collect()
    }

    #[test]
    fn a_client_takes_each_puzzle_once_per_round_in_batches() {
        let mut pool = Pool::new(rows(1..=5), vec![]);
        let mut seen = Vec::new();
        let first = pool.take("ann", 3);
        assert!(!first.exhausted && first.moved.is_some());
        seen.extend(ids(&first));
        assert_eq!(pool.left_for("ann"), 2);
        let second = pool.take("ann", 3);
        assert!(second.exhausted);
        seen.extend(ids(&second));
        seen.sort_unstable();
        assert_eq!(seen, [1, 2, 3, 4, 5]);
        assert_eq!(pool.left_for("ann"), 5, "a new round");
    }

    #[test]
    fn saved_places_continue_and_appended_puzzles_join_the_round() {
        let mut pool = Pool::new(rows(1..=4), vec![]);
        let taken = pool.take("bo", 2);
        let place = taken.moved.unwrap();
        let mut again = Pool::new(rows(1..=4), vec![("bo".into(), place)]);
        let rest = again.take("bo", 10);
        let mut all = [ids(&taken), ids(&rest)].concat();
        all.sort_unstable();
        assert_eq!(all, [1, 2, 3, 4]);
        let mut grown = Pool::new(rows(1..=4), vec![("bo".into(), place)]);
        grown.append(rows([3, 7]));
        assert_eq!(grown.len(), 5, "row 3 is held already");
        assert_eq!(grown.left_for("bo"), 3);
        assert!(ids(&grown.take("bo", 3)).contains(&7));
    }

    #[test]
    fn an_empty_pool_hands_nothing() {
        let mut pool = Pool::<i64>::default();
        let taken = pool.take("cy", 1);
        assert!(taken.puzzles.is_empty() && !taken.exhausted && taken.moved.is_none());
    }
}
