/*!
[`StampSet`]: a set of small indices that empties in constant time.

The chain searches mark the potentials they have met, once per search and
thousands of times per step; zeroing a table of every potential before
each search would cost more than many searches. Each index instead holds
the *stamp* of the last search that marked it, and emptying the set moves
to the next stamp.

Invariants: after [`StampSet::clear`] the stamp is not 0, so the zeroed
table holds no member; an index is a member exactly when its entry equals
the stamp. When the stamp wraps around, the table is zeroed once.
*/

/// A set of indices `0..len`, emptied in constant time (see the module docs).
#[derive(Clone, Debug, Default)]
pub(crate) struct StampSet {
    marks: Vec<u32>,
    stamp: u32,
}

impl StampSet {
    /// Empties the set and makes it hold indices `0..len`.
    pub(crate) fn clear(&mut self, len: usize) {
        if self.marks.len() != len {
            self.marks = vec![0; len];
            self.stamp = 0;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
    }

    /// The indices the set can hold: `0..len()`.
    pub(crate) fn len(&self) -> usize {
        self.marks.len()
    }

    /// Whether `i` is in the set.
    #[inline]
    pub(crate) fn contains(&self, i: usize) -> bool {
        self.marks[i] == self.stamp
    }

    /// Adds `i`; whether it was not in the set before.
    #[inline]
    pub(crate) fn insert(&mut self, i: usize) -> bool {
        let fresh = self.marks[i] != self.stamp;
        self.marks[i] = self.stamp;
        fresh
    }
}

#[cfg(test)]
mod tests {
    use super::StampSet;

    #[test]
    fn clearing_empties_the_set_and_survives_the_stamp_wrapping() {
        let mut set = StampSet::default();
        set.clear(4);
        assert!(set.insert(2));
        assert!(!set.insert(2));
        assert!(set.contains(2) && !set.contains(1));
        set.clear(4);
        assert!(!set.contains(2));
        // The last stamp before the wrap, then the wrap itself.
        set.stamp = u32::MAX - 1;
        set.clear(4);
        assert!(set.insert(3));
        set.clear(4);
        assert_eq!(set.stamp, 1);
        assert!((0..4).all(|i| !set.contains(i)), "a member survived the wrap");
        set.clear(6);
        assert_eq!(set.len(), 6);
        assert!((0..6).all(|i| !set.contains(i)));
    }
}
