//! Aligned pair exclusion (SE 6.2) and aligned triplet exclusion (SE 7.5).
//! Boards up to 16x16.
//!
//! Take two (or three) *base* cells and every way of filling them from
//! their candidates. A combination is impossible when two base cells that
//! share a unit take the same digit, or when some *excluding* cell, one
//! that sees every base cell, has only digits of the combination left (it
//! would have none). A candidate of a base cell that appears in no possible
//! combination is removed.
//!
//! The search follows the rules of Sudoku Explainer 1.2.1 (Nicolas
//! Juillerat; the rules were read from its source, no code copied): base
//! cells have two or more candidates and no peer with a single candidate
//! left; excluding cells have 2 to `k` candidates (`k` = 2 for pairs, 3 for
//! triplets); the base cells need at least two excluding cells in common;
//! for triplets the third cell is an excluding-size cell seeing the first or
//! the second. The base cells need not see each other (SE's "aligned" is
//! loose). Sudopedia's "Aligned Pair Exclusion" and Andrew Stuart's
//! sudokuwiki page of the same name describe the idea.
//!
//! Cost: pairs of base cells with bitset intersections; the combinations
//! are at most `N^k` per set and the sets are pruned by the common
//! excluding cells first.
//!
//! [`TripletMemo`] remembers the last classic board on which aligned
//! triplet exclusion found nothing. What a set of base cells gives depends
//! only on those cells and their peers (their candidates, whether they
//! are base cells, their excluding cells), so on a later board only the
//! sets with a cell that is, or sees, a changed cell are tried again; the
//! first one found is the one a full search finds, since the others find
//! nothing still.

use super::state::{State, bits};
use super::step::{Step, Technique, cell_list, elim_list};
use super::wings::sees;
use crate::digit::Digit;

/// A set of cells of a board up to 16x16 (256 cells).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct CellSet([u64; 4]);

impl CellSet {
    fn insert(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }
    fn and(self, o: CellSet) -> CellSet {
        CellSet([0, 1, 2, 3].map(|k| self.0[k] & o.0[k]))
    }
    fn or(self, o: CellSet) -> CellSet {
        CellSet([0, 1, 2, 3].map(|k| self.0[k] | o.0[k]))
    }
    fn contains(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }
    fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn iter(self) -> impl Iterator<Item = usize> {
        (0..4).flat_map(move |k| bits(self.0[k]).map(move |b| (k << 6) + b as usize))
    }
}

/// The first aligned pair exclusion that removes something.
pub(crate) fn aligned_pair(st: &State) -> Option<Step> {
    aligned(st, 2, None)
}

/// The first aligned triplet exclusion that removes something.
pub(crate) fn aligned_triplet(st: &State) -> Option<Step> {
    aligned(st, 3, None)
}

/// The candidates and values of the last classic board on which aligned
/// triplet exclusion found nothing (see the module docs).
#[derive(Debug, Default)]
pub(crate) struct TripletMemo {
    last: Option<(crate::shape::Shape, Vec<u64>, Vec<u8>)>,
}

impl TripletMemo {
    /// [`aligned_triplet`], trying again only the sets of base cells near a
    /// change since the board remembered.
    pub(crate) fn aligned_triplet(&mut self, st: &State) -> Option<Step> {
        if !st.rules().is_classic() || st.shape().cell_count() > 256 {
            return aligned_triplet(st);
        }
        let dirty = match &self.last {
            Some((shape, masks, values)) if *shape == st.shape() => {
                let mut dirty = CellSet::default();
                for i in 0..masks.len() {
                    if masks[i] != st.mask(i) || values[i] != st.value(i) {
                        dirty.insert(i);
                        for &p in st.layout().peers(i) {
                            dirty.insert(p as usize);
                        }
                    }
                }
                Some(dirty)
            }
            _ => None,
        };
        let found = aligned(st, 3, dirty);
        if found.is_none() {
            self.last = Some((st.shape(), st.masks().to_vec(), st.values().to_vec()));
        }
        found
    }
}

/// The first exclusion of `k` base cells; with `dirty`, only sets with a
/// base cell in it are tried.
fn aligned(st: &State, k: usize, dirty: Option<CellSet>) -> Option<Step> {
    let cells = st.shape().cell_count();
    if cells > 256 {
        return None;
    }
    // Base cells in reading order, each with its excluding cells.
    let mut base: Vec<usize> = Vec::new();
    let mut excl: Vec<CellSet> = vec![CellSet::default(); cells];
    let mut is_base = CellSet::default();
    for (i, ex) in excl.iter_mut().enumerate() {
        if st.value(i) != 0 || st.count(i) < 2 {
            continue;
        }
        let mut set = CellSet::default();
        let mut single = false;
        for &p in st.layout().peers(i) {
            let p = p as usize;
            if st.value(p) != 0 {
                continue;
            }
            match st.count(p) as usize {
                1 => single = true,
                c if c >= 2 && c <= k => set.insert(p),
                _ => {}
            }
        }
        if !single && set.len() > 0 {
            *ex = set;
            base.push(i);
            is_base.insert(i);
        }
    }
    if base.len() < k {
        return None;
    }
    for a in 0..base.len() {
        for b in a + 1..base.len() {
            let (c0, c1) = (base[a], base[b]);
            if k == 2 {
                if let Some(s) = try_set(st, &[c0, c1], excl[c0].and(excl[c1])) {
                    return Some(s);
                }
                continue;
            }
            let pair_common = excl[c0].and(excl[c1]);
            if pair_common.len() < 2 {
                continue;
            }
            let twin = excl[c0].or(excl[c1]).and(is_base);
            let near = dirty.is_none_or(|d| d.contains(c0) || d.contains(c1));
            for c2 in twin.iter().filter(|&c| c != c0 && c != c1) {
                if !near && dirty.is_some_and(|d| !d.contains(c2)) {
                    continue;
                }
                if let Some(s) = try_set(st, &[c0, c1, c2], pair_common.and(excl[c2])) {
                    return Some(s);
                }
            }
        }
    }
    None
}

/// The step of base cells `set` with common excluding cells `common`, if
/// some candidate is in no possible combination.
fn try_set(st: &State, set: &[usize], common: CellSet) -> Option<Step> {
    if common.len() < 2 {
        return None;
    }
    let k = set.len();
    let mut masks = [0u64; 3];
    for (m, &c) in masks.iter_mut().zip(set) {
        *m = st.mask(c);
    }
    let union = masks.iter().fold(0, |a, &m| a | m);
    // Only an excluding cell whose digits all lie in the base cells' can
    // kill a combination. Without one a pair removes nothing (each base
    // cell has two candidates or more, so a clash alone never rules a
    // digit out), and a triplet only what a naked pair of its unit (3.0,
    // tried long before) removes.
    let mut ex = [0u64; 64];
    let mut n_ex = 0;
    for c in common.iter() {
        let m = st.mask(c);
        if m & !union == 0 && n_ex < ex.len() {
            ex[n_ex] = m;
            n_ex += 1;
        }
    }
    if n_ex == 0 {
        return None;
    }
    let ex = &ex[..n_ex];
    let mut linked = [[false; 3]; 3];
    for i in 0..k {
        for j in i + 1..k {
            linked[i][j] = sees(st, set[i], set[j]);
        }
    }
    let mut allowed = [0u64; 3];
    // Every choice of one candidate per base cell (the third loop runs once
    // for pairs).
    let third = if k == 3 { masks[2] } else { 1 };
    for a in bits(masks[0]) {
        for b in bits(masks[1]) {
            if a == b && linked[0][1] {
                continue;
            }
            for c in bits(third) {
                if k == 3 && ((a == c && linked[0][2]) || (b == c && linked[1][2])) {
                    continue;
                }
                let mut used = (1u64 << a) | (1u64 << b);
                if k == 3 {
                    used |= 1 << c;
                }
                if ex.iter().any(|&m| m & !used == 0) {
                    continue;
                }
                allowed[0] |= 1 << a;
                allowed[1] |= 1 << b;
                allowed[2] |= 1 << c;
            }
        }
    }
    let removed: Vec<u64> = (0..k).map(|i| masks[i] & !allowed[i]).collect();
    if removed.iter().all(|&r| r == 0) {
        return None;
    }
    Some(step(st, set, &common.iter().collect::<Vec<_>>(), &removed))
}

fn step(st: &State, set: &[usize], excluders: &[usize], removed: &[u64]) -> Step {
    let shape = st.shape();
    let technique = if set.len() == 2 {
        Technique::AlignedPairExclusion
    } else {
        Technique::AlignedTripletExclusion
    };
    let mut s = Step::new(technique);
    s.cells = set.iter().chain(excluders).map(|&c| State::cell(c)).collect();
    s.cells.sort();
    for (i, &c) in set.iter().enumerate() {
        for d in bits(removed[i]) {
            s.eliminations.push((State::cell(c), Digit::new(d as u8 + 1)));
        }
    }
    s.eliminations.sort();
    let mut digits: Vec<Digit> = s.eliminations.iter().map(|&(_, d)| d).collect();
    digits.sort();
    digits.dedup();
    s.digits = digits;
    let base: Vec<_> = set.iter().map(|&c| State::cell(c)).collect();
    let ex: Vec<String> = excluders
        .iter()
        .map(|&c| {
            let ds: Vec<String> = bits(st.mask(c)).map(|d| (d + 1).to_string()).collect();
            format!("{} {{{}}}", State::cell(c).display(shape), ds.join(""))
        })
        .collect();
    s.explanation = format!(
        "the cells {} see {}; every way of filling them that uses a removed \
         candidate either repeats a digit in a unit or leaves one of those cells without a \
         digit, so {}",
        cell_list(shape, &base),
        ex.join(", "),
        elim_list(shape, &s.eliminations)
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::LogicSolver;

    /// Along the solving paths of the random calibration puzzles (those
    /// SE rates 7.5 or more among them; solved by the rater, which stops
    /// at each step), the memo gives at every state what a full search
    /// gives.
    #[test]
    fn memo_finds_what_a_full_search_finds() {
        let puzzles = crate::test_corpus::classic("se-rated-random.txt");
        assert!(puzzles.len() >= 900, "se-rated-random.txt: too few puzzles");
        let mut solver = LogicSolver::new();
        let (mut states, mut found) = (0, 0);
        for p in puzzles.iter().step_by(5) {
            let Ok(path) = solver.solve(p) else { continue };
            if path.rating().er < crate::logic::Er(75) {
                continue;
            }
            let mut memo = TripletMemo::default();
            let mut st = State::from_grid(p);
            for step in &path.steps {
                let full = aligned_triplet(&st);
                let quick = memo.aligned_triplet(&st);
                let key = |s: &Option<Step>| {
                    s.as_ref().map(|s| (s.cells.clone(), s.eliminations.clone()))
                };
                assert_eq!(key(&quick), key(&full), "{p:?}, state {states}");
                found += usize::from(full.is_some());
                states += 1;
                st.apply(step);
            }
        }
        assert!(states >= 200 && found >= 5, "{states} states, {found} found");
    }
}
