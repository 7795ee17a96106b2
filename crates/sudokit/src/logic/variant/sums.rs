//! Fillings of cells with a known total: the digits each cell can hold in
//! some filling, and the digit sets such fillings use.
//!
//! Two searches, both exact for what they are told:
//! - [`distinct`]: the cells hold different digits (a cage, or cells that
//!   all see each other). A layered walk over the sets of digits used so
//!   far (the sum is the set's), forward from no cell, then backward from
//!   the sets that reach the total; at most `C(N, k)` sets per layer,
//!   fewer as the sum bounds of the cells left cut sets that cannot reach
//!   the total. Layers are sorted vectors: cheaper than hashing here.
//! - [`differing`]: only the pairs `differ` names must hold different
//!   digits (a virtual cage across two rows). A depth-first walk with sum
//!   bounds, for a few cells only.
//!
//! [`distinct`] remembers its recent answers per thread (a pure function
//! of its arguments, so a remembered answer is the answer).
//!
//! Invariant: a digit is in a cell's support exactly when some filling
//! that keeps the rules given puts it there; so removing the rest loses
//! no solution.

use std::cell::RefCell;
use std::collections::HashMap;

/// The fillings of cells with distinct digits summing to a total.
#[derive(Clone, Debug)]
pub(super) struct Fillings {
    /// Per cell, the digits some filling puts there.
    pub(super) support: Vec<u64>,
    /// Every digit set some filling uses, in order of their digits
    /// (`{1,5,9}` before `{2,4,9}`).
    pub(super) sets: Vec<u64>,
}

/// The sum of the digits of `mask` (bit `d - 1` for digit `d`).
pub(super) fn mask_sum(mask: u64) -> u32 {
    let (mut m, mut s) = (mask, 0u32);
    while m != 0 {
        s += m.trailing_zeros() + 1;
        m &= m - 1;
    }
    s
}

/// The fillings of cells with candidates `cands` (a placed cell given as
/// its one digit) by distinct digits summing to `total` and, when
/// `required` is not 0, using every digit of `required`; `None` when there
/// is none.
///
/// Remembered per thread: a rating asks again for every cage at every step,
/// and most cages' candidates have not changed since the last.
pub(super) fn distinct(cands: &[u64], total: u32, required: u64) -> Option<Fillings> {
    /// Entries kept before the memory starts afresh.
    const KEEP: usize = 1 << 12;
    type Memo = HashMap<(Vec<u64>, u32, u64), Option<Fillings>>;
    thread_local! {
        static MEMO: RefCell<Memo> = RefCell::new(HashMap::new());
    }
    MEMO.with_borrow_mut(|memo| {
        let key = (cands.to_vec(), total, required);
        if let Some(found) = memo.get(&key) {
            return found.clone();
        }
        if memo.len() >= KEEP {
            memo.clear();
        }
        let found = walk_distinct(cands, total, required);
        memo.insert(key, found.clone());
        found
    })
}

/// [`distinct`], worked out.
fn walk_distinct(cands: &[u64], total: u32, required: u64) -> Option<Fillings> {
    let k = cands.len();
    let (min_rest, max_rest) = rest_bounds(cands)?;
    // layers[i]: the digit sets the first i cells can use and still reach
    // the total, sorted and without repeats.
    let mut layers: Vec<Vec<u64>> = Vec::with_capacity(k + 1);
    layers.push(vec![0]);
    for (i, &cand) in cands.iter().enumerate() {
        let (low, high) = (min_rest[i + 1], max_rest[i + 1]);
        let mut next = Vec::new();
        for &used in &layers[i] {
            let base = mask_sum(used);
            let mut free = cand & !used;
            while free != 0 {
                let d = free.trailing_zeros() + 1;
                free &= free - 1;
                let sum = base + d;
                if sum + low > total {
                    break;
                }
                if sum + high >= total {
                    next.push(used | 1 << (d - 1));
                }
            }
        }
        next.sort_unstable();
        next.dedup();
        if next.is_empty() {
            return None;
        }
        layers.push(next);
    }
    let mut sets: Vec<u64> = layers[k]
        .iter()
        .copied()
        .filter(|&m| mask_sum(m) == total && m & required == required)
        .collect();
    if sets.is_empty() {
        return None;
    }
    // Backward: keep the sets of each layer that lead to a kept set.
    let mut support = vec![0u64; k];
    let mut good = sets.clone();
    for i in (0..k).rev() {
        let mut prev = Vec::with_capacity(good.len());
        for &m in &good {
            let mut own = m & cands[i];
            while own != 0 {
                let bit = own & own.wrapping_neg();
                own &= own - 1;
                if layers[i].binary_search(&(m & !bit)).is_ok() {
                    prev.push(m & !bit);
                    support[i] |= bit;
                }
            }
        }
        prev.sort_unstable();
        prev.dedup();
        good = prev;
    }
    sets.sort_unstable_by_key(|&m| std::cmp::Reverse(m.reverse_bits()));
    Some(Fillings { support, sets })
}

/// Per position `i`, the least and the greatest sum the cells from `i` on
/// can make, each cell on its own (so a bound, not exact, for distinct
/// digits); `None` when a cell has no candidate.
fn rest_bounds(cands: &[u64]) -> Option<(Vec<u32>, Vec<u32>)> {
    let k = cands.len();
    let mut min_rest = vec![0u32; k + 1];
    let mut max_rest = vec![0u32; k + 1];
    for i in (0..k).rev() {
        if cands[i] == 0 {
            return None;
        }
        min_rest[i] = min_rest[i + 1] + cands[i].trailing_zeros() + 1;
        max_rest[i] = max_rest[i + 1] + 64 - cands[i].leading_zeros();
    }
    Some((min_rest, max_rest))
}

/// The digits each cell can hold when cells with candidates `cands` sum to
/// `total` and the cell pairs `differ(i, j)` (positions in `cands`) hold
/// different digits; `None` when no filling exists. Depth-first: meant for
/// a handful of cells.
pub(super) fn differing(
    cands: &[u64],
    total: u32,
    differ: &dyn Fn(usize, usize) -> bool,
) -> Option<Vec<u64>> {
    let k = cands.len();
    let (min_rest, max_rest) = rest_bounds(cands)?;
    struct Walk<'a> {
        cands: &'a [u64],
        differ: &'a dyn Fn(usize, usize) -> bool,
        min_rest: Vec<u32>,
        max_rest: Vec<u32>,
        chosen: Vec<u32>,
        support: Vec<u64>,
    }
    impl Walk<'_> {
        /// Fills cell `i` on with `left` to reach; records every filling.
        fn go(&mut self, i: usize, left: u32) {
            if i == self.cands.len() {
                if left == 0 {
                    for (j, &d) in self.chosen.iter().enumerate() {
                        self.support[j] |= 1 << (d - 1);
                    }
                }
                return;
            }
            if left < self.min_rest[i] || left > self.max_rest[i] {
                return;
            }
            // Every digit of every cell already supported: nothing to learn.
            if self.support.iter().zip(self.cands).all(|(s, c)| s == c) {
                return;
            }
            let mut m = self.cands[i];
            while m != 0 {
                let d = m.trailing_zeros() + 1;
                m &= m - 1;
                if d > left {
                    break;
                }
                let clash = (0..i).any(|j| self.chosen[j] == d && (self.differ)(j, i));
                if !clash {
                    self.chosen.push(d);
                    self.go(i + 1, left - d);
                    self.chosen.pop();
                }
            }
        }
    }
    let mut walk =
        Walk { cands, differ, min_rest, max_rest, chosen: Vec::new(), support: vec![0; k] };
    walk.go(0, total);
    walk.support.iter().all(|&s| s != 0).then_some(walk.support)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digits of a list as a mask.
    fn m(digits: &[u32]) -> u64 {
        digits.iter().fold(0, |m, d| m | 1 << (d - 1))
    }

    /// Calls `f` with every choice of digits 1-9 for `k` cells.
    fn each_choice(k: usize, mut f: impl FnMut(&[u32])) {
        let mut choice = vec![1u32; k];
        loop {
            f(&choice);
            let mut i = 0;
            while i < k && choice[i] == 9 {
                choice[i] = 1;
                i += 1;
            }
            if i == k {
                return;
            }
            choice[i] += 1;
        }
    }

    /// Every filling by brute force over all digit choices, for comparison.
    fn brute(cands: &[u64], total: u32, differ: &dyn Fn(usize, usize) -> bool) -> Vec<u64> {
        let k = cands.len();
        let mut support = vec![0u64; k];
        each_choice(k, |choice| {
            let fits = (0..k).all(|i| cands[i] & 1 << (choice[i] - 1) != 0)
                && choice.iter().sum::<u32>() == total
                && (0..k).all(|i| (0..i).all(|j| !(differ(j, i) && choice[i] == choice[j])));
            if fits {
                for i in 0..k {
                    support[i] |= 1 << (choice[i] - 1);
                }
            }
        });
        support
    }

    #[test]
    fn distinct_fillings_are_the_cages_combinations() {
        let all = 0x1ff;
        let f = distinct(&[all, all], 3, 0).unwrap();
        assert_eq!((f.support, f.sets), (vec![m(&[1, 2]); 2], vec![m(&[1, 2])]));
        // 15 in three cells, one of them 9 only: {1,5,9}, {2,4,9}.
        let f = distinct(&[m(&[9]), all, all], 15, 0).unwrap();
        assert_eq!(f.sets, [m(&[1, 5, 9]), m(&[2, 4, 9])]);
        assert_eq!(f.support[1], m(&[1, 2, 4, 5]));
        // Requiring a 4 leaves {2,4,9}.
        let f = distinct(&[m(&[9]), all, all], 15, m(&[4])).unwrap();
        assert_eq!((f.sets, f.support[2]), (vec![m(&[2, 4, 9])], m(&[2, 4])));
        // A digit in a set but in no cell's place is not supported: 10 in
        // two cells, the first {1,3}, the second {7,9}: only 1+9 and 3+7.
        let f = distinct(&[m(&[1, 3]), m(&[7, 9, 8])], 10, 0).unwrap();
        assert_eq!(f.support, [m(&[1, 3]), m(&[7, 9])]);
        assert!(distinct(&[m(&[1]), m(&[1])], 2, 0).is_none());
        assert!(distinct(&[all, all], 18, 0).is_none());
    }

    /// The digit sets of the distinct fillings and their support, by brute
    /// force over every digit choice.
    fn brute_distinct(cands: &[u64], total: u32, required: u64) -> (Vec<u64>, Vec<u64>) {
        let k = cands.len();
        let (mut sets, mut support) = (Vec::new(), vec![0u64; k]);
        each_choice(k, |choice| {
            let set = choice.iter().fold(0u64, |m, d| m | 1 << (d - 1));
            let fits = (0..k).all(|i| cands[i] & 1 << (choice[i] - 1) != 0)
                && set.count_ones() as usize == k
                && choice.iter().sum::<u32>() == total
                && set & required == required;
            if fits {
                sets.push(set);
                for i in 0..k {
                    support[i] |= 1 << (choice[i] - 1);
                }
            }
        });
        sets.sort_unstable_by_key(|&m| std::cmp::Reverse(m.reverse_bits()));
        sets.dedup();
        (sets, support)
    }

    #[test]
    fn distinct_agrees_with_brute_force_on_random_cells() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for _ in 0..2000 {
            let k = rng.random_range(1..=5);
            let cands: Vec<u64> = (0..k).map(|_| rng.random_range(1..0x200u64)).collect();
            let total = rng.random_range(1..=45);
            let required = if rng.random_bool(0.3) { 1 << rng.random_range(0..9) } else { 0 };
            let (sets, support) = brute_distinct(&cands, total, required);
            match walk_distinct(&cands, total, required) {
                Some(f) => assert_eq!((f.sets, f.support), (sets, support), "{cands:?} {total}"),
                None => assert!(sets.is_empty(), "{cands:?} {total}: missed {sets:?}"),
            }
        }
    }

    #[test]
    fn both_walks_agree_with_brute_force() {
        let cases: [(&[u64], u32); 5] = [
            (&[0x1ff, 0x1ff, 0x1ff], 12),
            (&[m(&[1, 2, 3]), m(&[2, 3]), m(&[3, 4, 8])], 9),
            (&[m(&[5, 6]), m(&[5, 6]), m(&[1, 9])], 17),
            (&[m(&[2, 9]), m(&[4, 7]), m(&[1, 2]), m(&[3, 6, 9])], 20),
            (&[m(&[1, 2])], 2),
        ];
        let all_differ = |_: usize, _: usize| true;
        let first_two = |j: usize, i: usize| j == 0 && i == 1;
        for (cands, total) in cases {
            let want = brute(cands, total, &all_differ);
            let got = distinct(cands, total, 0).map(|f| f.support);
            assert_eq!(got.unwrap_or(vec![0; cands.len()]), want, "{cands:?} {total}");
            let got = differing(cands, total, &all_differ);
            assert_eq!(got.unwrap_or(vec![0; cands.len()]), want);
            let want = brute(cands, total, &first_two);
            let got = differing(cands, total, &first_two);
            assert_eq!(got.unwrap_or(vec![0; cands.len()]), want, "{cands:?} {total}");
        }
    }
}
