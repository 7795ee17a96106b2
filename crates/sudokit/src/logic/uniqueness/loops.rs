//! Unique rectangles and unique loops (SE's "Unique Rectangle" and
//! "Unique Loop", types 1 to 4).
//!
//! A loop on the digits {a,b}: an even number of cells, each holding both
//! candidates, such that every row, column and box holds two of them or
//! none, and the two of each unit are an odd and an even step apart along
//! the loop. If every cell were {a,b} the digits could alternate either way
//! round (a deadly pattern), so some cell takes another digit. A rectangle
//! is the loop of four cells (two rows, two columns, two boxes).
//! - type 1: one cell has extra digits: it loses a and b;
//! - type 2: the cells with extras (two or more) have the same single
//!   extra digit c: one of them is c, so c leaves every cell seeing all;
//! - type 3: two cells with extras share a unit: one of them holds an
//!   extra digit, so the other is at most a or b. With a naked set, the two
//!   act as one cell holding their extras; with a hidden set, as one cell
//!   for a and b. Either way the set's digits leave (naked), or its cells
//!   keep only its digits (hidden);
//! - type 4: the two cells with extras share a unit where a (or b) has no
//!   other place: one of them is a, the other cannot be b, so neither is.
//!
//! Ratings (SE 1.2.1): 4.5 for four cells, 4.6 for six, 4.7 for eight,
//! 5.0 for ten or more; type 3 adds 0.1 per digit of a naked set beyond
//! the first, or per cell of a hidden set beyond the second.
//!
//! Order (SE's): loops are searched from each bivalue cell in reading
//! order, depth first through its box, row and column (in that order,
//! never twice in a row through the same kind of unit); of every step the
//! loops allow, the easiest is taken, then the lowest type, then the first
//! found. As in SE, the extra digits of every cell tried at one depth
//! count for the cells tried after it there: a loop with three or more
//! cells with extras is found only when they all have the same one.
//! Loops longer than four cells are searched on boards up to 9x9. The
//! path enters only cells that can lie on a loop of the pair (each of
//! their units holds another such cell); a cell left out still counts for
//! the extra digits at its depth, so the loops offered, and their order,
//! are those of the search through every cell.

use super::super::state::{State, bits};
use super::super::step::{Step, Technique, cell_list, elim_list};
use super::{SE_UNIT_ORDER, subsets};
use crate::digit::Digit;
use crate::shape::House;

/// The first unique rectangle or loop that removes something, in SE's
/// order (module docs).
pub(crate) fn unique_loop(st: &State) -> Option<Step> {
    if !st.rules().is_classic() {
        return None;
    }
    let n = st.size();
    let cells = st.shape().cell_count();
    let mut search = Search {
        st,
        pair: 0,
        max_len: if n <= 9 { cells } else { 4 },
        path: Vec::new(),
        on_path: vec![false; cells],
        unit_count: vec![0; 3 * n],
        unit_parity: vec![0; 3 * n],
        half: 0,
        seen: Vec::new(),
        best: None,
        usable: Vec::new(),
    };
    // By pair: the cells that can lie on one of its loops.
    let mut usable_of: Vec<(u64, Vec<bool>)> = Vec::new();
    for start in 0..cells {
        if st.value(start) != 0 || st.count(start) != 2 {
            continue;
        }
        let pair = st.mask(start);
        let known = usable_of.iter().position(|(p, _)| *p == pair);
        let k = known.unwrap_or_else(|| {
            usable_of.push((pair, loop_cells(st, pair)));
            usable_of.len() - 1
        });
        if !usable_of[k].1[start] {
            continue;
        }
        search.pair = pair;
        search.usable = std::mem::take(&mut usable_of[k].1);
        search.enter(start);
        search.walk(2, 0, None);
        search.leave();
        usable_of[k].1 = std::mem::take(&mut search.usable);
        // Nothing comes before a type 1 on four cells.
        if search.best.as_ref().is_some_and(|h| h.key() <= (45, 1)) {
            break;
        }
    }
    search.best.map(|h| h.into_step(st))
}

/// The cells that can lie on a loop on the digits `pair`: each holds both
/// digits and has, in each of its row, column and box, another such cell
/// (a loop holds two cells or none of every unit), cells without one taken
/// out until every one left has them.
fn loop_cells(st: &State, pair: u64) -> Vec<bool> {
    let layout = st.layout();
    let mut usable: Vec<bool> =
        (0..st.shape().cell_count()).map(|c| st.mask(c) & pair == pair).collect();
    let mut changed = true;
    while changed {
        changed = false;
        for c in 0..usable.len() {
            if usable[c]
                && !layout.houses_of(c)[..3].iter().all(|&u| {
                    layout.house(u as usize).iter().any(|&x| x as usize != c && usable[x as usize])
                })
            {
                usable[c] = false;
                changed = true;
            }
        }
    }
    usable
}

/// The depth-first loop search of one start cell and pair.
struct Search<'a> {
    st: &'a State,
    /// The two digits of the loop.
    pair: u64,
    /// The longest loop searched.
    max_len: usize,
    /// The cells so far, from the start cell.
    path: Vec<usize>,
    on_path: Vec<bool>,
    /// How many path cells each unit holds (at most two), and the parity of
    /// the first one's position.
    unit_count: Vec<u8>,
    unit_parity: Vec<u8>,
    /// Units holding exactly one path cell: a closed path is a loop when
    /// there are none.
    half: usize,
    /// The cell sets of the loops already looked at (the same loop is met
    /// from each of its bivalue cells, both ways round).
    seen: Vec<(u64, Vec<usize>)>,
    best: Option<Hint>,
    /// The cells that can lie on a loop on the pair ([`loop_cells`]): the
    /// path enters no other.
    usable: Vec<bool>,
}

impl Search<'_> {
    /// Whether cell `c` can be the next path cell without a unit holding
    /// three path cells or two an even number of steps apart.
    fn fits(&self, c: usize) -> bool {
        let parity = (self.path.len() % 2) as u8;
        self.st.layout().houses_of(c)[..3].iter().all(|&u| match self.unit_count[u as usize] {
            0 => true,
            1 => self.unit_parity[u as usize] != parity,
            _ => false,
        })
    }

    fn enter(&mut self, c: usize) {
        let parity = (self.path.len() % 2) as u8;
        for &u in &self.st.layout().houses_of(c)[..3] {
            let u = u as usize;
            self.unit_count[u] += 1;
            if self.unit_count[u] == 1 {
                self.unit_parity[u] = parity;
                self.half += 1;
            } else {
                self.half -= 1;
            }
        }
        self.path.push(c);
        self.on_path[c] = true;
    }

    fn leave(&mut self) {
        let c = self.path.pop().expect("a cell to leave");
        self.on_path[c] = false;
        for &u in &self.st.layout().houses_of(c)[..3] {
            let u = u as usize;
            self.unit_count[u] -= 1;
            if self.unit_count[u] == 1 {
                self.half += 1;
            } else {
                self.half -= 1;
            }
        }
    }

    /// Extends the path from its last cell; `allowed` more cells may have
    /// extra digits, `extra` are those met so far, `last` the kind of unit
    /// the path came through.
    fn walk(&mut self, allowed: u32, extra: u64, last: Option<usize>) {
        let st = self.st;
        let layout = st.layout();
        let cell = *self.path.last().expect("a path");
        let mut extra = extra;
        for kind in SE_UNIT_ORDER {
            if last == Some(kind) {
                continue;
            }
            let unit = layout.houses_of(cell)[kind] as usize;
            for &next in layout.house(unit) {
                let next = next as usize;
                if next == self.path[0] && self.path.len() >= 4 {
                    if self.half == 0 {
                        self.closed();
                    }
                    continue;
                }
                let mask = st.mask(next);
                if self.on_path[next] || mask & self.pair != self.pair {
                    continue;
                }
                extra |= mask & !self.pair;
                let more = st.count(next) > 2;
                if (!more || extra.count_ones() == 1 || allowed > 0)
                    && self.usable[next]
                    && self.path.len() < self.max_len
                    && self.fits(next)
                {
                    self.enter(next);
                    self.walk(allowed.saturating_sub(u32::from(more)), extra, Some(kind));
                    self.leave();
                }
            }
        }
    }

    /// The path closes into a loop: offers every step it gives.
    fn closed(&mut self) {
        let mut key = self.path.clone();
        key.sort_unstable();
        if self.seen.iter().any(|(p, k)| *p == self.pair && *k == key) {
            return;
        }
        self.seen.push((self.pair, key));
        let st = self.st;
        let pair = self.pair;
        let extras: Vec<usize> = self.path.iter().copied().filter(|&c| st.count(c) > 2).collect();
        let base = loop_rating(self.path.len());
        let mut offers = Vec::new();
        match extras.as_slice() {
            [] => {}
            &[c] => offers.push((base, Rescue::One { cell: c })),
            &[c1, c2] => {
                let more = (st.mask(c1) | st.mask(c2)) & !pair;
                if more.count_ones() == 1 {
                    offers.extend(type2(st, pair, &extras, base));
                } else if more.count_ones() >= 2 {
                    let bound = self.best.as_ref().map_or((u16::MAX, 0), Hint::key);
                    offers.extend(type3(st, pair, c1, c2, base, bound));
                }
                offers.extend(type4(st, pair, c1, c2).map(|r| (base, r)));
            }
            _ => offers.extend(type2(st, pair, &extras, base)),
        }
        for (difficulty, rescue) in offers {
            let hint = Hint { cells: self.path.clone(), pair, difficulty, rescue };
            if self.best.as_ref().is_none_or(|b| hint.key() < b.key()) {
                self.best = Some(hint);
            }
        }
    }
}

/// SE's rating of a loop of `len` cells, in tenths.
fn loop_rating(len: usize) -> u16 {
    45 + match len {
        ..6 => 0,
        6 | 7 => 1,
        8 | 9 => 2,
        _ => 5,
    }
}

/// What saves a loop from being deadly, and what it removes.
enum Rescue {
    /// Type 1: the one cell with extras loses the pair.
    One { cell: usize },
    /// Type 2: the cells with extras share the single extra digit `digit`
    /// (a bit index), which leaves the cells in `elims`.
    Two { extras: Vec<usize>, digit: u32, elims: Vec<usize> },
    /// Type 3: `c1` and `c2` form with `others` in `unit` a naked set
    /// (`hidden` false) or a hidden set of `digits`; `elims` are the
    /// candidates removed, by cell.
    Three {
        c1: usize,
        c2: usize,
        unit: usize,
        others: Vec<usize>,
        digits: u64,
        hidden: bool,
        elims: Vec<(usize, u64)>,
    },
    /// Type 4: in `unit`, digit `lock` goes only in `c1` or `c2`, so
    /// neither can be `remove` (both bit indices).
    Four { c1: usize, c2: usize, unit: usize, lock: u32, remove: u32 },
}

impl Rescue {
    fn kind(&self) -> u8 {
        match self {
            Rescue::One { .. } => 1,
            Rescue::Two { .. } => 2,
            Rescue::Three { .. } => 3,
            Rescue::Four { .. } => 4,
        }
    }
}

/// A step found on a loop; turned into a [`Step`] (with its sentence) only
/// when chosen.
struct Hint {
    /// The loop, in path order.
    cells: Vec<usize>,
    pair: u64,
    difficulty: u16,
    rescue: Rescue,
}

impl Hint {
    /// SE's order among the steps of loops: rating, then type.
    fn key(&self) -> (u16, u8) {
        (self.difficulty, self.rescue.kind())
    }

    fn into_step(self, st: &State) -> Step {
        let shape = st.shape();
        let digits = State::digits(self.pair);
        let (a, b) = (digits[0], digits[1]);
        let mut s = Step::new(Technique::UniqueRectangle);
        s.difficulty.0 = self.difficulty;
        let mut cells = self.cells.clone();
        cells.sort_unstable();
        let shown = |cs: &[usize]| {
            cell_list(shape, &cs.iter().map(|&c| State::cell(c)).collect::<Vec<_>>())
        };
        let name = if self.cells.len() == 4 {
            format!("Unique rectangle type {}", self.rescue.kind())
        } else {
            format!("Unique loop type {} ({} cells)", self.rescue.kind(), self.cells.len())
        };
        let pattern = if self.cells.len() == 4 {
            format!("the cells {} would form a deadly pattern on {a} and {b}", shown(&cells))
        } else {
            format!(
                "the cells {} (in that order round the loop, every row, column and box holding \
                 two of them or none) would form a deadly pattern on {a} and {b}",
                shown(&self.cells)
            )
        };
        let at = |c: usize| State::cell(c).display(shape).to_string();
        let unit_name = |u: usize| -> House { st.layout().name(u) };
        s.cells = cells.iter().map(|&c| State::cell(c)).collect();
        s.digits = digits.clone();
        let sentence = match self.rescue {
            Rescue::One { cell } => {
                s.eliminations = bits(self.pair).map(|d| (State::cell(cell), digit(d))).collect();
                format!(
                    "{name}: {pattern} unless {} holds another digit, so it loses {}",
                    at(cell),
                    elim_list(shape, &s.eliminations)
                )
            }
            Rescue::Two { extras, digit: d, elims } => {
                let d = digit(d);
                s.eliminations = elims.iter().map(|&c| (State::cell(c), d)).collect();
                s.eliminations.sort();
                format!(
                    "{name}: {pattern} unless one of {} is {d}, so {d} leaves the cells seeing \
                     all of them: {}",
                    shown(&extras),
                    elim_list(shape, &s.eliminations)
                )
            }
            Rescue::Three { c1, c2, unit, others, digits: set, hidden, elims } => {
                for (c, m) in &elims {
                    s.eliminations.extend(bits(*m).map(|d| (State::cell(*c), digit(d))));
                }
                s.eliminations.sort();
                s.cells.extend(others.iter().map(|&c| State::cell(c)));
                s.cells.sort();
                s.houses.push(unit_name(unit));
                let set_digits: String = bits(set).map(|d| (d + 1).to_string()).collect();
                let (x, y, u) = (at(c1), at(c2), unit_name(unit));
                if hidden {
                    format!(
                        "{name} with a hidden set: {pattern}, so {x} or {y} holds another digit \
                         and the two hold at most one of {a} and {b}; counted as one cell, they \
                         and {o} are the only places in {u} for the digits {{{set_digits}}}, so \
                         {o} {keep} only those: {gone}",
                        o = shown(&others),
                        keep = if others.len() == 1 { "keeps" } else { "keep" },
                        gone = elim_list(shape, &s.eliminations)
                    )
                } else {
                    format!(
                        "{name} with a naked set: {pattern}, so {x} or {y} holds one of its \
                         other digits; counted as one cell holding those, the two make with {} \
                         a naked set {{{set_digits}}} in {u}, so those digits leave the rest of \
                         it: {}",
                        shown(&others),
                        elim_list(shape, &s.eliminations)
                    )
                }
            }
            Rescue::Four { c1, c2, unit, lock, remove } => {
                let (l, r) = (digit(lock), digit(remove));
                s.eliminations = vec![(State::cell(c1), r), (State::cell(c2), r)];
                s.eliminations.sort();
                s.houses.push(unit_name(unit));
                format!(
                    "{name}: {pattern}; in {}, {l} only goes in {} and {}, so neither can be \
                     {r}: {}",
                    unit_name(unit),
                    at(c1),
                    at(c2),
                    elim_list(shape, &s.eliminations)
                )
            }
        };
        s.explanation = sentence;
        s
    }
}

fn digit(bit: u32) -> Digit {
    Digit::new(bit as u8 + 1)
}

/// Type 2 on the cells with extras, rated `base`, if it removes something.
fn type2(st: &State, pair: u64, extras: &[usize], base: u16) -> Option<(u16, Rescue)> {
    let more = extras.iter().fold(0, |m, &c| m | st.mask(c)) & !pair;
    if more.count_ones() != 1 {
        return None;
    }
    let d = more.trailing_zeros();
    let layout = st.layout();
    let elims: Vec<usize> = layout
        .peers(extras[0])
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| {
            st.mask(c) & more != 0
                && !extras.contains(&c)
                && extras[1..].iter().all(|&e| layout.sees(c, e))
        })
        .collect();
    (!elims.is_empty()).then(|| (base, Rescue::Two { extras: extras.to_vec(), digit: d, elims }))
}

/// Every type 3 step of a loop whose cells with extras are `c1` and `c2`
/// (first along the loop), in SE's order: by set size, then unit (box,
/// row, column), naked sets before hidden ones. Only those rated below
/// `bound` (a rating and type) can be chosen, so the search stops there.
fn type3(
    st: &State,
    pair: u64,
    c1: usize,
    c2: usize,
    base: u16,
    bound: (u16, u8),
) -> Vec<(u16, Rescue)> {
    let n = st.size();
    let layout = st.layout();
    let extra = (st.mask(c1) | st.mask(c2)) & !pair;
    let common = st.mask(c1) & st.mask(c2) & !pair;
    let mut out = Vec::new();
    for degree in extra.count_ones() as usize..=n.saturating_sub(2) {
        // The easiest this size can give: a hidden set, base + degree - 2.
        if (base + degree as u16 - 2, 3) >= bound {
            break;
        }
        for kind in SE_UNIT_ORDER {
            let unit = layout.houses_of(c1)[kind] as usize;
            if unit != layout.houses_of(c2)[kind] as usize {
                continue;
            }
            let cells = layout.house(unit);
            let index = |c: usize| cells.iter().position(|&x| x as usize == c).expect("in unit");
            let (i1, i2) = (index(c1), index(c2));
            let empty = st.empty_count(unit);
            if degree * 2 <= empty {
                for pick in subsets(degree, n) {
                    if pick & (1 << i1) == 0 || pick & (1 << i2) != 0 {
                        continue;
                    }
                    let others: Vec<usize> = bits(u64::from(pick & !(1 << i1)))
                        .map(|i| cells[i as usize] as usize)
                        .collect();
                    if others.iter().any(|&c| st.count(c) <= 1) {
                        continue;
                    }
                    let own = others.iter().fold(0, |m, &c| m | st.mask(c));
                    let set = own | extra;
                    if (own | common).count_ones() as usize != degree
                        || set.count_ones() as usize != degree
                    {
                        continue;
                    }
                    let elims: Vec<(usize, u64)> = cells
                        .iter()
                        .map(|&c| c as usize)
                        .filter(|&c| c != c1 && c != c2 && !others.contains(&c))
                        .map(|c| (c, st.mask(c) & set))
                        .filter(|&(_, m)| m != 0)
                        .collect();
                    if !elims.is_empty() {
                        let rescue = Rescue::Three {
                            c1,
                            c2,
                            unit,
                            others,
                            digits: set,
                            hidden: false,
                            elims,
                        };
                        out.push((base + degree as u16 - 1, rescue));
                    }
                }
            }
            if degree * 2 < empty {
                let rest: Vec<u32> = bits(st.shape().all_digits() & !pair & !extra).collect();
                if degree - 2 > rest.len() {
                    continue;
                }
                'sets: for pick in subsets(degree - 2, rest.len()) {
                    let mut digits = pair;
                    for i in bits(u64::from(pick)) {
                        digits |= 1 << rest[i as usize];
                    }
                    let mut places = 0u64;
                    for d in bits(digits) {
                        let p = st.positions(unit, 1 << d) & !(1 << i2);
                        if p == 0 {
                            continue 'sets;
                        }
                        places |= p;
                    }
                    if places.count_ones() as usize != degree {
                        continue;
                    }
                    let others: Vec<usize> =
                        bits(places & !(1 << i1)).map(|i| cells[i as usize] as usize).collect();
                    let elims: Vec<(usize, u64)> = others
                        .iter()
                        .map(|&c| (c, st.mask(c) & !digits))
                        .filter(|&(_, m)| m != 0)
                        .collect();
                    if !elims.is_empty() {
                        let rating = base + others.len() as u16 - 1;
                        let rescue =
                            Rescue::Three { c1, c2, unit, others, digits, hidden: true, elims };
                        out.push((rating, rescue));
                    }
                }
            }
        }
    }
    out
}

/// Type 4 of a loop whose cells with extras are `c1` and `c2`: SE prefers
/// locking the lower digit of the pair, and among units the last of box,
/// row, column.
fn type4(st: &State, pair: u64, c1: usize, c2: usize) -> Option<Rescue> {
    let layout = st.layout();
    let (a, b) = (pair.trailing_zeros(), 63 - pair.leading_zeros());
    let (mut lock_a, mut lock_b) = (None, None);
    for kind in SE_UNIT_ORDER {
        let unit = layout.houses_of(c1)[kind] as usize;
        if unit != layout.houses_of(c2)[kind] as usize {
            continue;
        }
        let outside = |d: u32| {
            layout.house(unit).iter().any(|&c| {
                c as usize != c1 && c as usize != c2 && st.mask(c as usize) & (1 << d) != 0
            })
        };
        if !outside(a) {
            lock_a = Some(unit);
        }
        if !outside(b) {
            lock_b = Some(unit);
        }
    }
    match (lock_a, lock_b) {
        (Some(unit), _) => Some(Rescue::Four { c1, c2, unit, lock: a, remove: b }),
        (None, Some(unit)) => Some(Rescue::Four { c1, c2, unit, lock: b, remove: a }),
        (None, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{check, found, removed, state};
    use super::*;
    use crate::logic::Er;

    /// Checks the deadly pattern by the rules alone: `cells` hold both
    /// digits and every row, column and box holds two of them or none.
    fn assert_deadly(puzzle: &str, marks: &str, cells: &[&str], pair: [u8; 2]) {
        let (st, _) = state(puzzle, marks);
        let shape = st.shape();
        let at: Vec<usize> = cells
            .iter()
            .map(|name| {
                let b = name.as_bytes();
                shape.cell((b[1] - b'1') as usize, (b[3] - b'1') as usize).index()
            })
            .collect();
        let bits = pair.iter().fold(0u64, |m, d| m | 1 << (d - 1));
        assert!(at.iter().all(|&c| st.mask(c) & bits == bits), "{cells:?}");
        for u in 0..27 {
            let k = at.iter().filter(|&&c| st.layout().houses_of(c)[..3].contains(&u)).count();
            assert!(k == 0 || k == 2, "unit {u} holds {k} of {cells:?}");
        }
    }

    /// One test per case, a line of `|`-separated fields: the puzzle, the
    /// pencil marks of a state on its solving path, the step's rating (ER
    /// times 10), the opening of its explanation, its eliminations, and
    /// the deadly pattern (its two digits, then its cells), which
    /// [`assert_deadly`] checks by the rules.
    macro_rules! loop_cases {
        ($($test:ident: $case:literal;)+) => {$(
            #[test]
            fn $test() {
                let [p, m, er, opening, eliminations, deadly] =
                    <[&str; 6]>::try_from($case.split(" | ").collect::<Vec<_>>()).unwrap();
                let removed: Vec<&str> = eliminations.split(' ').collect();
                check(&found(p, m, unique_loop), er.parse().unwrap(), opening, &removed);
                let (digits, cells) = deadly.split_once(": ").unwrap();
                let pair = [digits.as_bytes()[0] - b'0', digits.as_bytes()[1] - b'0'];
                assert_deadly(p, m, &cells.split(' ').collect::<Vec<_>>(), pair);
            }
        )+};
    }

    // The states below are met on the solving paths of the puzzles named
    // (from data/se-rated-random.txt and data/top1465.txt); each pencil-mark
    // state is checked to keep the puzzle's solution.

    loop_cases! {
        rectangle_type_3_with_a_hidden_pair_is_rated_4_5: "13..6..4......3..9.9....62.7.1...8.5......9....6....1.8..7....1....42....1..35... | 1 3 2 9 6 8 5 4 7 46 67 47 2 5 3 1 8 9 5 9 8 4 17 17 6 2 3 7 4 1 36 2 9 8 36 5 23 258 35 56 178 147 9 67 246 9 258 6 35 78 47 2347 1 24 8 25 345 7 9 6 234 35 1 36 67 59 1 4 2 37 59 8 24 1 479 8 3 5 247 679 246 | 45 | Unique rectangle type 3 with a hidden set | r5c8<>6 | 17: r3c5 r3c6 r5c5 r5c6";
        loop_of_six_cells_type_1_is_rated_4_6: "1.478...3.7........3.1...6...53.4...2.......4.9...51......9...1......6.581.....2. | 1 25 4 7 8 6 259 59 3 6 7 289 45 23 239 45 1 28 59 3 89 1 45 29 24578 6 278 7 68 5 3 1 4 289 89 2689 2 68 1 9 67 78 35 35 4 4 9 3 28 26 5 1 78 678 35 245 27 6 9 2378 378 3478 1 39 24 279 28 237 1 6 3478 5 8 1 6 45 45 37 379 2 79 | 46 | Unique loop type 1 (6 cells) | r3c7<>4 r3c7<>5 | 45: r2c4 r2c7 r3c7 r3c5 r9c5 r9c4";
        loop_of_six_cells_type_2_with_three_extra_cells: "....6..87..9.......31.7.2....6.98.4.1.....7....87....6..4.....2...5.3...32....... | 45 45 2 13 6 19 139 8 7 7 6 9 1238 158 125 4 135 135 8 3 1 4 7 59 2 6 59 25 7 6 12 9 8 135 4 35 1 459 3 26 45 2456 7 259 8 245 459 8 7 3 1245 19 1259 6 69 18 4 69 18 7 35 35 2 69 18 7 5 2 3 68 19 4 3 2 5 1689 148 146 68 7 19 | 46 | Unique loop type 2 (6 cells) | r1c7<>1 | 35: r4c9 r4c7 r7c7 r7c8 r2c8 r2c9";
        loop_of_six_cells_type_3_with_a_hidden_set: ".8..........2.....5...3.9..1.7.4...3.9..5..6.....274...5.8...243.....51.....13..6 | 247 8 2346 17 9 45 16 347 257 79 14 3469 2 8 456 16 347 57 5 124 246 17 3 46 9 478 278 1 6 7 9 4 8 2 5 3 24 9 24 3 5 1 78 6 78 8 3 5 6 2 7 4 9 1 6 5 1 8 7 9 3 2 4 3 7 8 4 6 2 5 1 9 249 24 249 5 1 3 78 78 6 | 46 | Unique loop type 3 (6 cells) with a hidden | r3c4<>1 | 78: r5c7 r5c9 r3c9 r3c8 r9c8 r9c7";
        loop_of_six_cells_type_4: "65.2.9....2..1..4...8.4.....96.....8....28..32..9......4.59..3....3.........8.156 | 6 5 4 2 3 9 78 178 17 39 2 379 8 1 57 6 4 59 179 17 8 6 4 57 3 29 259 137 9 6 17 5 34 247 27 8 4 17 5 17 2 8 9 6 3 2 8 37 9 6 34 5 17 147 8 4 1 5 9 6 27 3 27 5 6 2 3 7 1 48 89 49 79 3 79 4 8 2 1 5 6 | 46 | Unique loop type 4 (6 cells) | r3c1<>7 r4c1<>7 | 17: r3c2 r3c1 r4c1 r4c4 r5c4 r5c2";
    }

    #[test]
    fn rectangle_type_3_with_a_hidden_triple_is_rated_4_6() {
        let p = "..9...84.1.........67..82.9.413.......8..2...75...9......5.......5.4318....8..9.6";
        let m = "5 23 9 267 2367 67 8 4 1 1 8 23 29 239 4 567 67 57 4 6 7 1 5 8 2 3 9 269 4 1 3 678 5 67 2679 278 369 39 8 467 167 2 34567 1679 3457 7 5 236 46 168 9 346 126 2348 8 1279 26 5 2679 167 34 27 34 269 279 5 2679 4 3 1 8 27 23 1237 4 8 27 17 9 5 6";
        let s = found(p, m, unique_loop);
        assert_eq!(s.difficulty, Er(46), "{s}");
        assert!(s.explanation.contains("hidden set") && s.explanation.contains("{345}"), "{s}");
        assert_eq!(removed(&s), ["r5c7<>6", "r5c7<>7", "r5c9<>7"]);
    }

    /// The cells kept for a pair hold every cell of a deadly pattern on it
    /// (checked by the rules in [`assert_deadly`]), each has another kept
    /// cell in its row, column and box, and cells holding the pair without
    /// such partners are left out.
    #[test]
    fn loop_cells_keep_every_loop_and_drop_cells_without_partners() {
        let p = "1.478...3.7........3.1...6...53.4...2.......4.9...51......9...1......6.581.....2.";
        let m = "1 25 4 7 8 6 259 59 3 6 7 289 45 23 239 45 1 28 59 3 89 1 45 29 24578 6 278 7 68 5 3 1 4 289 89 2689 2 68 1 9 67 78 35 35 4 4 9 3 28 26 5 1 78 678 35 245 27 6 9 2378 378 3478 1 39 24 279 28 237 1 6 3478 5 8 1 6 45 45 37 379 2 79";
        let cells = ["r2c4", "r2c7", "r3c7", "r3c5", "r9c5", "r9c4"];
        assert_deadly(p, m, &cells, [4, 5]);
        let (st, _) = state(p, m);
        let layout = st.layout();
        let pair = 0b11000;
        let usable = loop_cells(&st, pair);
        for name in cells {
            let b = name.as_bytes();
            let c = st.shape().cell((b[1] - b'1') as usize, (b[3] - b'1') as usize).index();
            assert!(usable[c], "{name} left out");
        }
        for c in (0..81).filter(|&c| usable[c]) {
            assert_eq!(st.mask(c) & pair, pair);
            for &u in &layout.houses_of(c)[..3] {
                let partner =
                    layout.house(u as usize).iter().any(|&x| x as usize != c && usable[x as usize]);
                assert!(partner, "cell {c} has no partner in unit {u}");
            }
        }
        let holding = (0..81).filter(|&c| st.mask(c) & pair == pair).count();
        let kept = usable.iter().filter(|&&u| u).count();
        assert!(kept < holding, "{kept} of {holding} cells holding 4 and 5 kept");
    }

    #[test]
    fn loop_ratings_follow_se_by_length() {
        assert_eq!([4, 6, 8, 10, 12, 14].map(loop_rating), [45, 46, 47, 50, 50, 50]);
    }
}
