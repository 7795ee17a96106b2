//! [`Place`]: where a client key stands in the puzzles of one board and
//! level, and the one walk every server follows from it.
//!
//! The puzzles of a key are its ids in increasing order. A client walks
//! them from a starting point chosen by a hash of its key (so clients do
//! not all begin with the same puzzle): first the ids above the start
//! (lap 0), then, after wrapping, the ids up to the start, then any id
//! stored since it passed the top of lap 0 (lap 1). When no id is left the
//! round is over and the next step starts a new round from the start.
//!
//! The walk reads the ids only through a lookup ("the first id in this
//! range"), so the same code walks an SQLite index ([`crate::Bank::claim`])
//! and a sorted list in memory ([`Place::step_in`]).
//!
//! Invariants: within one round no id is handed twice, and every id stored
//! before the round ends is handed in it (ids only grow, so an id stored
//! during the round lies above the top of lap 0 or above the cursor).

/// A client's place in one key's walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// The id the round starts after.
    pub start: i64,
    /// The last id handed (the start itself before the first step).
    pub cursor: i64,
    /// 0 above the start, 1 after wrapping around.
    pub lap: u8,
    /// The last id handed in lap 0 (0 in lap 0).
    pub top: i64,
    /// Rounds finished.
    pub rounds: u32,
}

/// What one step of the walk found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The next id; the place moved past it.
    Id(i64),
    /// No id was left: the round is over and the place starts a new one.
    Exhausted,
}

impl Place {
    /// The place of a key that has not walked yet, for ids from `lo` to
    /// `hi` (the least and greatest id held): its start is chosen by the
    /// FNV-1a hash of `client` among them.
    pub fn begin(client: &str, lo: i64, hi: i64) -> Place {
        let span = (hi - lo + 1).max(1) as u64;
        let start = lo - 1 + (crate::bank::fnv1a(client.as_bytes()) % span) as i64;
        Place { start, cursor: start, lap: 0, top: 0, rounds: 0 }
    }

    /// One step, with `first(above, up_to)` giving the least id in
    /// `(above, up_to]`, or `None`.
    pub fn step<E>(
        &mut self,
        mut first: impl FnMut(i64, i64) -> Result<Option<i64>, E>,
    ) -> Result<Step, E> {
        if self.lap == 0 {
            if let Some(id) = first(self.cursor, i64::MAX)? {
                self.cursor = id;
                return Ok(Step::Id(id));
            }
            // Everything above the start was handed; wrap around.
            self.lap = 1;
            self.top = self.cursor;
            self.cursor = i64::MIN;
        }
        let found = match first(self.cursor, self.start)? {
            Some(id) => Some(id),
            None => first(self.cursor.max(self.top), i64::MAX)?,
        };
        Ok(match found {
            Some(id) => {
                self.cursor = id;
                Step::Id(id)
            }
            None => {
                *self =
                    Place { cursor: self.start, lap: 0, top: 0, rounds: self.rounds + 1, ..*self };
                Step::Exhausted
            }
        })
    }

    /// [`Place::step`] over `ids`, sorted and without repeats.
    pub fn step_in(&mut self, ids: &[i64]) -> Step {
        let first = |above: i64, up_to: i64| -> Result<Option<i64>, std::convert::Infallible> {
            let at = ids.partition_point(|&id| id <= above);
            Ok(ids.get(at).copied().filter(|&id| id <= up_to))
        };
        match self.step(first) {
            Ok(step) => step,
            Err(never) => match never {},
        }
    }

    /// How many of `ids` (sorted, without repeats) this round has still to
    /// hand.
    pub fn left_in(&self, ids: &[i64]) -> usize {
        let above = |id: i64| ids.len() - ids.partition_point(|&x| x <= id);
        if self.lap == 0 {
            // Above the cursor, then everything up to the start.
            above(self.cursor) + (ids.len() - above(self.start))
        } else {
            // Between the cursor and the start, then above the top.
            let below_start =
                (ids.len() - above(self.start)).saturating_sub(ids.len() - above(self.cursor));
            below_start + above(self.cursor.max(self.top))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Walks `ids` from `place` until the round ends; the ids handed.
    fn round(place: &mut Place, ids: &[i64]) -> Vec<i64> {
        let mut out = Vec::new();
        loop {
            let left = place.left_in(ids);
            match place.step_in(ids) {
                Step::Id(id) => {
                    assert_eq!(left, ids.len() - out.len(), "left before {id}");
                    out.push(id);
                }
                Step::Exhausted => {
                    assert_eq!(left, 0);
                    return out;
                }
            }
        }
    }

    #[test]
    fn a_round_hands_every_id_once_from_the_start_and_wraps() {
        let ids = [3, 5, 8, 13, 21];
        let mut place = Place { start: 8, cursor: 8, lap: 0, top: 0, rounds: 0 };
        assert_eq!(round(&mut place, &ids), [13, 21, 3, 5, 8]);
        assert_eq!(place, Place { start: 8, cursor: 8, lap: 0, top: 0, rounds: 1 });
        assert_eq!(round(&mut place, &ids), [13, 21, 3, 5, 8]);
        assert_eq!(place.rounds, 2);
    }

    #[test]
    fn ids_stored_during_a_round_join_it() {
        let mut ids = vec![3, 5, 8];
        let mut place = Place { start: 3, cursor: 3, lap: 0, top: 0, rounds: 0 };
        assert_eq!(place.step_in(&ids), Step::Id(5));
        assert_eq!(place.step_in(&ids), Step::Id(8));
        assert_eq!(place.step_in(&ids), Step::Id(3));
        assert_eq!(place.left_in(&ids), 0);
        ids.extend([9, 12]);
        assert_eq!(place.left_in(&ids), 2);
        assert_eq!(place.step_in(&ids), Step::Id(9));
        ids.push(14);
        assert_eq!(place.step_in(&ids), Step::Id(12));
        assert_eq!(place.step_in(&ids), Step::Id(14));
        assert_eq!(place.step_in(&ids), Step::Exhausted);
    }

    #[test]
    fn starts_spread_over_the_ids() {
        let starts: std::collections::HashSet<i64> =
            (0..50).map(|k| Place::begin(&format!("key-{k}"), 1, 100).start).collect();
        assert!(starts.len() > 30, "{} starts", starts.len());
        assert!(starts.iter().all(|&s| (0..100).contains(&s)));
    }
}
