/*!
Canonical forms (minlex) and automorphism counts.

# Definition
The canonical form of a grid is the lexicographically smallest value string,
row by row with a blank as `0` (smaller than every digit), among the images
of the grid under the whole group: board maps (band, row-in-band, stack,
column-in-stack permutations and, for square boxes, transposition) and digit
relabellings. For a fixed board map the smallest relabelling numbers the
digits in order of first appearance, so only board maps are searched. Two
grids are equivalent exactly when their forms are equal. An automorphism is
a group element (board map and relabelling) that maps the grid onto itself;
the identity counts.

# Algorithm
The usual row-by-row minlex search with pruning (the idea behind the
published 9x9 minlex canonicalisers, e.g. those discussed on the New Sudoku
Players' Forum; this is an independent implementation). A *candidate* is a
partial board map: the orientation, the source rows chosen for the first `k`
output rows (respecting bands), the digit labels given so far, and the
column maps that give the smallest `k` rows. Level `k` extends every
candidate by each allowed source row (any row of an unused band at the
start of a band, else an unused row of the current band) and keeps only the
extensions whose row is the smallest seen at this level. After `N` levels
the survivors are exactly the board maps that reach the minimum, and the
rows kept are the form.

Two searches implement it:
- the main one (`tied`) keeps columns that are still blank in every placed
  row as *sets* (whole free stacks, and a tied prefix of each placed
  stack), so the empty columns of a puzzle do not multiply the candidates;
  the smallest image of a row is then found in closed form, and candidates
  branch only over the orders of new digits (which change the labels). It
  needs a grid with no digit repeated in a row or column;
- the breadth-first one below serves the other (invalid) grids: it keeps a
  full column map per candidate, expanding the first non-empty row into
  every column map that reaches its smallest image (stacks in ascending
  order of their number of givens, blanks first inside each stack).

The automorphism count is a by-product: the number of board maps the
survivors stand for times `m!` relabellings, where `m` digits do not appear
in the grid (their labels are free).

# Cost and limits
A full 9x9 grid makes all `18 * 1296` (orientation, first row, column map)
candidates after the first row, so grids cost far more than puzzles (a few
milliseconds against about ten microseconds). The search is offered
for shapes whose row maps and column maps each number at most
100,000 (1x1 to 1x8, 2x2, 2x3, 3x2, 2x4, 4x2, 3x3, 2x5, 5x2, 3x4, 4x3);
other shapes get [`CanonError::Unsupported`], which names the bound. Very
sparse or very symmetric inputs of the larger of those shapes can exceed
the search's bound (2^24 candidates made by the main search, 2^21 live
ones in the breadth-first search) and get [`CanonError::TooManyCandidates`],
which names the bound it hit, instead of an unbounded search.
*/

mod tied;

use std::cell::RefCell;
use std::fmt;

use crate::grid::Grid;
use crate::shape::Shape;

/// The most row maps (or column maps) a shape may have for the search.
const MAX_MAPS: u128 = 100_000;

/// The most live candidates the breadth-first search keeps before giving
/// up; the main search makes at most eight times as many.
const MAX_CANDIDATES: usize = 1 << 21;

/// Why a canonical form could not be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CanonError {
    /// The shape's group is too large for the exact search (more than
    /// `max_maps` row or column maps).
    Unsupported {
        /// The grid's shape.
        shape: Shape,
        /// The most row maps (and the most column maps) a shape may have
        /// for the search.
        max_maps: u128,
    },
    /// The grid is so sparse or symmetric that the search would make more
    /// than `max_candidates` partial maps.
    TooManyCandidates {
        /// The grid's shape.
        shape: Shape,
        /// The bound the search hit: partial maps made by the main search,
        /// or kept at once by the breadth-first one (see the module docs).
        max_candidates: usize,
    },
    /// The grid has rules beyond rows, columns and boxes: canonical forms
    /// are defined over the classic group only.
    NotClassic {
        /// The rules' compact name.
        rules: String,
    },
}

impl fmt::Display for CanonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CanonError::NotClassic { rules } => {
                write!(
                    f,
                    "canonical forms are defined for classic rules only, not for {}: \
                     a variant's form would have to minimise over its regions, cages and \
                     marks too, which sudokit does not do (transform moves such rules)",
                    super::short_name(rules)
                )
            }
            CanonError::Unsupported { shape, max_maps } => write!(
                f,
                "canonical forms are not implemented for {shape} boxes: the exact search serves \
                 shapes with at most {max_maps} row and column maps each, which {shape} boxes \
                 exceed (it serves 9x9 and most shapes up to 12x12, not 2x6, 6x2 or 1x9 and \
                 wider rows of boxes)"
            ),
            CanonError::TooManyCandidates { shape, max_candidates } => write!(
                f,
                "this {shape} grid is too sparse or symmetric for the canonical search \
                 (more than {max_candidates} partial maps)"
            ),
        }
    }
}

impl std::error::Error for CanonError {}

/// A canonical form with the number of automorphisms of the grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The smallest equivalent grid (see the module docs).
    pub form: Grid,
    /// How many group elements (board map and digit relabelling) map the
    /// grid onto itself, the identity included.
    pub automorphisms: u128,
}

/// The canonical form of `grid` (see [`Canonicalizer`]).
pub fn canonical_form(grid: &Grid) -> Result<Grid, CanonError> {
    canonical(grid).map(|c| c.form)
}

/// The number of automorphisms of `grid`: group elements that map it onto
/// itself, the identity included.
pub fn automorphism_count(grid: &Grid) -> Result<u128, CanonError> {
    canonical(grid).map(|c| c.automorphisms)
}

/// The canonical form and automorphism count of `grid`, with a scratch
/// [`Canonicalizer`] kept per thread.
pub fn canonical(grid: &Grid) -> Result<Canonical, CanonError> {
    thread_local! {
        static LOCAL: RefCell<Canonicalizer> = RefCell::new(Canonicalizer::new());
    }
    LOCAL.with(|c| c.borrow_mut().canonicalize(grid))
}

/// A partial board map (see the module docs); its column map and labels
/// live in the candidate data buffer at the same index.
#[derive(Clone, Copy, Debug)]
struct Cand {
    /// 1 when the source is the transposed grid.
    t: u8,
    /// The bands used so far.
    bands: u64,
    /// The band being filled.
    band: u8,
    /// The rows of the current band used so far (bit `q` for row `q` of it).
    rows: u64,
    /// The next free digit label.
    next: u8,
}

/// The minlex search with reusable scratch space; use one per thread for a
/// batch (the free functions do).
#[derive(Debug, Default)]
pub struct Canonicalizer {
    shape: Option<Shape>,
    /// Every order of the stacks (permutations of `0..r`).
    stack_orders: Vec<Vec<u8>>,
    cur: Vec<Cand>,
    cur_data: Vec<u8>,
    next: Vec<Cand>,
    next_data: Vec<u8>,
    /// The grid and its transpose, row-major.
    vals: [Vec<u8>; 2],
    best: Vec<u8>,
    row: Vec<u8>,
    labels: Vec<u8>,
    form: Vec<u8>,
    /// Scratch space of the search with tied columns.
    tied: tied::Scratch,
}

impl Canonicalizer {
    /// A canonicalizer with empty scratch space.
    pub fn new() -> Canonicalizer {
        Canonicalizer::default()
    }

    /// Whether the exact search serves `shape`.
    pub fn supports(shape: Shape) -> bool {
        let (r, c) = (shape.box_rows() as u128, shape.box_cols() as u128);
        let fact = |k: u128| (1..=k).product::<u128>();
        let maps = |groups: u128, size: u128| {
            (0..groups).try_fold(fact(groups), |acc: u128, _| acc.checked_mul(fact(size)))
        };
        let row_maps = maps(c, r);
        let col_maps = maps(r, c);
        row_maps.is_some_and(|m| m <= MAX_MAPS) && col_maps.is_some_and(|m| m <= MAX_MAPS)
    }

    /// The canonical form and automorphism count of `grid`.
    pub fn canonicalize(&mut self, grid: &Grid) -> Result<Canonical, CanonError> {
        if !grid.rules().is_classic() {
            return Err(CanonError::NotClassic { rules: grid.rules().to_string() });
        }
        let shape = grid.shape();
        if !Canonicalizer::supports(shape) {
            return Err(CanonError::Unsupported { shape, max_maps: MAX_MAPS });
        }
        if shape.size() == 1 || shape.size() > tied::MAXN || repeats_in_a_line(grid) {
            return self.canonicalize_bfs(grid);
        }
        self.canonicalize_tied(grid)
    }

    /// The depth-first search with tied columns (see `tied`); needs a grid
    /// without a repeated digit in any row or column.
    fn canonicalize_tied(&mut self, grid: &Grid) -> Result<Canonical, CanonError> {
        let shape = grid.shape();
        let n = shape.size();
        let values = grid.values();
        let transposed = if shape.is_square_box() {
            self.vals[1].clear();
            self.vals[1].extend((0..n * n).map(|i| values[(i % n) * n + i / n]));
            Some(&self.vals[1][..])
        } else {
            None
        };
        let (r, c) = (shape.box_rows(), shape.box_cols());
        let max_candidates = MAX_CANDIDATES * 8;
        let outcome = tied::search(&mut self.tied, r, c, values, transposed, max_candidates)
            .map_err(|_| CanonError::TooManyCandidates { shape, max_candidates })?;
        let form = Grid::from_values(shape, outcome.form)
            .expect("relabelled values stay within the board size");
        Ok(Canonical { form, automorphisms: outcome.maps * free_labels(grid) })
    }

    /// The breadth-first search (see the module docs): serves every grid,
    /// including those with a digit repeated in a row or column.
    fn canonicalize_bfs(&mut self, grid: &Grid) -> Result<Canonical, CanonError> {
        let shape = grid.shape();
        if !Canonicalizer::supports(shape) {
            return Err(CanonError::Unsupported { shape, max_maps: MAX_MAPS });
        }
        let n = shape.size();
        let (r, c) = (shape.box_rows(), shape.box_cols());
        let distinct = {
            let mut seen = 0u64;
            for &v in grid.values() {
                if v != 0 {
                    seen |= 1 << (v - 1);
                }
            }
            seen.count_ones() as u128
        };
        let free_labels: u128 = (1..=(n as u128 - distinct)).product();
        if n == 1 {
            return Ok(Canonical { form: grid.clone(), automorphisms: 1 });
        }
        if self.shape != Some(shape) {
            self.stack_orders = permutations(&(0..r as u8).collect::<Vec<_>>());
            self.shape = Some(shape);
        }
        let values = grid.values();
        self.vals[0].clear();
        self.vals[0].extend_from_slice(values);
        self.vals[1].clear();
        if shape.is_square_box() {
            self.vals[1].extend((0..n * n).map(|i| values[(i % n) * n + i / n]));
        }
        let stride = 2 * n + 1;
        self.cur.clear();
        self.cur_data.clear();
        let orientations = if shape.is_square_box() { 2 } else { 1 };
        for t in 0..orientations {
            self.cur.push(Cand { t, bands: 0, band: 0, rows: 0, next: 1 });
            self.cur_data.resize(self.cur_data.len() + stride, 0);
        }
        self.form.clear();
        self.best.resize(n, 0);
        self.row.resize(n, 0);
        self.labels.resize(n + 1, 0);
        let mut constrained = false;
        for k in 0..n {
            self.next.clear();
            self.next_data.clear();
            let mut level = Level { have_best: false };
            for i in 0..self.cur.len() {
                let cand = self.cur[i];
                if k % r == 0 {
                    for b in 0..c {
                        if cand.bands >> b & 1 == 0 {
                            for q in 0..r {
                                let child = Cand {
                                    bands: cand.bands | 1 << b,
                                    band: b as u8,
                                    rows: 1 << q,
                                    ..cand
                                };
                                self.extend(&mut level, i, child, b * r + q, constrained, shape);
                            }
                        }
                    }
                } else {
                    for q in 0..r {
                        if cand.rows >> q & 1 == 0 {
                            let child = Cand { rows: cand.rows | 1 << q, ..cand };
                            let row = cand.band as usize * r + q;
                            self.extend(&mut level, i, child, row, constrained, shape);
                        }
                    }
                }
                if self.next.len() > MAX_CANDIDATES {
                    let max_candidates = MAX_CANDIDATES;
                    return Err(CanonError::TooManyCandidates { shape, max_candidates });
                }
            }
            constrained |= self.best.iter().any(|&v| v != 0);
            self.form.extend_from_slice(&self.best);
            std::mem::swap(&mut self.cur, &mut self.next);
            std::mem::swap(&mut self.cur_data, &mut self.next_data);
        }
        let mut maps = self.cur.len() as u128;
        if !constrained {
            // An empty grid: every column map fits every row map.
            let fact = |k: usize| (1..=k as u128).product::<u128>();
            maps *= fact(r) * fact(c).pow(r as u32);
        }
        let form = Grid::from_values(shape, self.form.clone())
            .expect("relabelled values stay within the board size");
        Ok(Canonical { form, automorphisms: maps * free_labels })
    }

    /// Extends candidate `i` (of the current level) by source row `row`,
    /// as `child`, keeping it when its output row is the smallest so far.
    fn extend(
        &mut self,
        level: &mut Level,
        i: usize,
        child: Cand,
        row: usize,
        constrained: bool,
        shape: Shape,
    ) {
        let n = shape.size();
        let stride = 2 * n + 1;
        let src = &self.vals[child.t as usize][row * n..(row + 1) * n];
        if constrained {
            let data = &self.cur_data[i * stride..(i + 1) * stride];
            let (cp, labels) = data.split_at(n);
            self.labels.copy_from_slice(labels);
            let mut next = child.next;
            let mut less = !level.have_best;
            for j in 0..n {
                let v = src[cp[j] as usize];
                let l = if v == 0 {
                    0
                } else {
                    let x = &mut self.labels[v as usize];
                    if *x == 0 {
                        *x = next;
                        next += 1;
                    }
                    *x
                };
                if !less {
                    if l > self.best[j] {
                        return;
                    }
                    less = l < self.best[j];
                }
                self.row[j] = l;
            }
            if less {
                level.have_best = true;
                self.best.copy_from_slice(&self.row);
                self.next.clear();
                self.next_data.clear();
            }
            self.next.push(Cand { next, ..child });
            self.next_data.extend_from_slice(cp);
            self.next_data.extend_from_slice(&self.labels);
            return;
        }
        // No column map yet: every row so far was empty. Without a repeated
        // digit this row's smallest image is known in closed form: stacks in
        // ascending order of givens, blanks first in each stack, labels 1, 2,
        // ... in order. With a repeated digit the labels depend on where the
        // copies go, so each map of that blank pattern is compared below.
        let (r, c) = (shape.box_rows(), shape.box_cols());
        let repeats = {
            let (mut seen, mut twice) = (0u64, false);
            for &v in src.iter().filter(|&&v| v != 0) {
                twice |= seen >> (v - 1) & 1 == 1;
                seen |= 1 << (v - 1);
            }
            twice
        };
        let mut counts = [0u8; 64];
        for (s, count) in counts.iter_mut().enumerate().take(r) {
            *count = src[s * c..(s + 1) * c].iter().filter(|&&v| v != 0).count() as u8;
        }
        if !repeats {
            let mut sorted = counts[..r].to_vec();
            sorted.sort_unstable();
            let mut label = 0u8;
            let mut j = 0;
            for &k in &sorted {
                for p in 0..c {
                    self.row[j] = if p < c - k as usize {
                        0
                    } else {
                        label += 1;
                        label
                    };
                    j += 1;
                }
            }
            let ord =
                if level.have_best { self.row.cmp(&self.best) } else { std::cmp::Ordering::Less };
            if ord == std::cmp::Ordering::Greater {
                return;
            }
            if ord == std::cmp::Ordering::Less {
                level.have_best = true;
                self.best.copy_from_slice(&self.row);
                self.next.clear();
                self.next_data.clear();
            }
            if label == 0 {
                // Still empty: no column map needed.
                self.next.push(child);
                self.next_data.resize(self.next_data.len() + stride, 0);
                return;
            }
        }
        // Expand into every column map that reaches the smallest image:
        // stacks ordered by ascending count (any order among equal counts)
        // and inside each stack its blank columns (in any order) first. That
        // places the most blanks first, which any smallest image must do
        // (a blank is below every label), repeats or not; with repeats the
        // labels then differ between these maps, so each one is compared.
        let arrangements: Vec<Vec<Vec<u8>>> = (0..r)
            .map(|s| {
                let cols = (s * c..(s + 1) * c).map(|x| x as u8);
                let blank: Vec<u8> = cols.clone().filter(|&x| src[x as usize] == 0).collect();
                let given: Vec<u8> = cols.filter(|&x| src[x as usize] != 0).collect();
                let mut out = Vec::new();
                for a in permutations(&blank) {
                    for b in permutations(&given) {
                        let mut v = a.clone();
                        v.extend_from_slice(&b);
                        out.push(v);
                    }
                }
                out
            })
            .collect();
        let mut cp = vec![0u8; n];
        let mut pick = vec![0usize; r];
        for order in &self.stack_orders {
            if order.windows(2).any(|w| counts[w[0] as usize] > counts[w[1] as usize]) {
                continue;
            }
            pick.iter_mut().for_each(|p| *p = 0);
            loop {
                for (slot, &s) in order.iter().enumerate() {
                    cp[slot * c..(slot + 1) * c]
                        .copy_from_slice(&arrangements[s as usize][pick[slot]]);
                }
                self.labels.iter_mut().for_each(|l| *l = 0);
                let mut next = 1u8;
                for (j, &col) in cp.iter().enumerate() {
                    let v = src[col as usize];
                    self.row[j] = if v == 0 {
                        0
                    } else {
                        if self.labels[v as usize] == 0 {
                            self.labels[v as usize] = next;
                            next += 1;
                        }
                        self.labels[v as usize]
                    };
                }
                let ord = if !repeats {
                    std::cmp::Ordering::Equal
                } else if level.have_best {
                    self.row.cmp(&self.best)
                } else {
                    std::cmp::Ordering::Less
                };
                if ord == std::cmp::Ordering::Less {
                    level.have_best = true;
                    self.best.copy_from_slice(&self.row);
                    self.next.clear();
                    self.next_data.clear();
                }
                if ord != std::cmp::Ordering::Greater {
                    self.next.push(Cand { next, ..child });
                    self.next_data.extend_from_slice(&cp);
                    self.next_data.extend_from_slice(&self.labels);
                }
                // Odometer over the arrangements of each slot's stack.
                let mut slot = 0;
                loop {
                    if slot == r {
                        break;
                    }
                    pick[slot] += 1;
                    if pick[slot] < arrangements[order[slot] as usize].len() {
                        break;
                    }
                    pick[slot] = 0;
                    slot += 1;
                }
                if slot == r {
                    break;
                }
            }
        }
    }
}

/// How many relabellings fix `grid`: the orders of the digits it lacks.
fn free_labels(grid: &Grid) -> u128 {
    let mut seen = 0u64;
    for &v in grid.values() {
        if v != 0 {
            seen |= 1 << (v - 1);
        }
    }
    (1..=(grid.shape().size() as u128 - seen.count_ones() as u128)).product()
}

/// Whether some digit appears twice in a row or a column (an invalid grid).
fn repeats_in_a_line(grid: &Grid) -> bool {
    let n = grid.shape().size();
    let v = grid.values();
    (0..n).any(|i| {
        let (mut row, mut col) = (0u64, 0u64);
        for j in 0..n {
            for (mask, x) in [(&mut row, v[i * n + j]), (&mut col, v[j * n + i])] {
                if x != 0 {
                    if *mask >> x & 1 == 1 {
                        return true;
                    }
                    *mask |= 1 << x;
                }
            }
        }
        false
    })
}

/// The state of one level of the search.
struct Level {
    have_best: bool,
}

/// Every permutation of `items`, in no particular order.
fn permutations(items: &[u8]) -> Vec<Vec<u8>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut p in permutations(&rest) {
            p.insert(0, first);
            out.push(p);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transform::Transform;

    /// Every permutation of `0..groups * size` that moves whole groups of
    /// `size` and permutes inside each.
    fn grouped(groups: usize, size: usize) -> Vec<Vec<usize>> {
        let to_usize = |p: Vec<u8>| p.into_iter().map(usize::from).collect::<Vec<_>>();
        let outer: Vec<Vec<usize>> = permutations(&(0..groups as u8).collect::<Vec<_>>())
            .into_iter()
            .map(to_usize)
            .collect();
        let inner: Vec<Vec<usize>> =
            permutations(&(0..size as u8).collect::<Vec<_>>()).into_iter().map(to_usize).collect();
        let mut out = Vec::new();
        for o in &outer {
            let mut acc: Vec<Vec<usize>> = vec![Vec::new()];
            for &g in o {
                let mut more = Vec::new();
                for prefix in &acc {
                    for p in &inner {
                        let mut v = prefix.clone();
                        v.extend(p.iter().map(|&k| g * size + k));
                        more.push(v);
                    }
                }
                acc = more;
            }
            out.extend(acc);
        }
        out
    }

    /// The definition, by brute force over every board map: the smallest
    /// first-appearance relabelling, and how many maps reach it.
    fn brute_force(grid: &Grid) -> (Vec<u8>, u128) {
        let shape = grid.shape();
        let (n, r, c) = (shape.size(), shape.box_rows(), shape.box_cols());
        let v = grid.values();
        let (rows, cols) = (grouped(c, r), grouped(r, c));
        let mut best: Option<Vec<u8>> = None;
        let mut count = 0u128;
        let mut img = vec![0u8; n * n];
        for t in 0..if shape.is_square_box() { 2 } else { 1 } {
            for rp in &rows {
                for cp in &cols {
                    let mut labels = vec![0u8; n + 1];
                    let mut next = 1;
                    for i in 0..n {
                        for j in 0..n {
                            let (a, b) = if t == 1 { (j, i) } else { (i, j) };
                            let x = v[rp[a] * n + cp[b]];
                            img[i * n + j] = if x == 0 {
                                0
                            } else {
                                if labels[x as usize] == 0 {
                                    labels[x as usize] = next;
                                    next += 1;
                                }
                                labels[x as usize]
                            };
                        }
                    }
                    match best.as_ref().map(|b| img.cmp(b)) {
                        Some(std::cmp::Ordering::Greater) => {}
                        Some(std::cmp::Ordering::Equal) => count += 1,
                        _ => {
                            best = Some(img.clone());
                            count = 1;
                        }
                    }
                }
            }
        }
        let distinct = (1..=n as u8).filter(|d| v.contains(d)).count();
        let free: u128 = (1..=(n - distinct) as u128).product();
        (best.unwrap(), count * free)
    }

    fn puzzle_of(grid: &Grid, keep: impl Fn(usize) -> bool) -> Grid {
        let v: Vec<u8> =
            grid.values().iter().enumerate().map(|(i, &x)| if keep(i) { x } else { 0 }).collect();
        Grid::from_values(grid.shape(), v).unwrap()
    }

    fn check_against_brute_force(grid: &Grid) {
        let fast = Canonicalizer::new().canonicalize(grid).unwrap();
        let (form, count) = brute_force(grid);
        assert_eq!(fast.form.values(), &form[..], "form of {grid:?}");
        assert_eq!(fast.automorphisms, count, "automorphisms of {grid:?}");
        let bfs = Canonicalizer::new().canonicalize_bfs(grid).unwrap();
        assert_eq!(bfs, fast, "breadth-first search on {grid:?}");
    }

    /// The two searches agree (the breadth-first one is checked against
    /// brute force above on every small shape).
    fn check_searches_agree(grid: &Grid) {
        let mut c = Canonicalizer::new();
        let bfs = c.canonicalize_bfs(grid).unwrap();
        let tied = c.canonicalize_tied(grid).unwrap();
        assert_eq!(tied, bfs, "{grid:?}");
    }

    #[test]
    fn both_searches_agree_on_classic_puzzles_of_every_density() {
        let full = Grid::empty(Shape::CLASSIC).some_solution().unwrap();
        for seed in 0..60u64 {
            let g = Transform::random(Shape::CLASSIC, seed).apply(&full);
            let m = 2 + seed as usize % 9;
            let off = seed as usize * 13;
            check_searches_agree(&puzzle_of(&g, |i| (i * i + off).is_multiple_of(m)));
            check_searches_agree(&puzzle_of(&g, |i| (i * 31 + off) % 81 < 2 + seed as usize % 5));
        }
        // Symmetric inputs: whole empty bands and stacks, a single clue.
        check_searches_agree(&puzzle_of(&full, |i| i / 27 == 1 || i % 9 < 3));
        check_searches_agree(&puzzle_of(&full, |i| i == 40));
        check_searches_agree(&full);
    }

    #[test]
    #[ignore = "both searches on top1465 (puzzles and grids) and 5,000 17-clue puzzles; \
                run with --release -- --ignored"]
    fn both_searches_agree_on_the_corpus() {
        let top = crate::test_corpus::classic("top1465.txt");
        assert_eq!(top.len(), 1465);
        for p in &top {
            check_searches_agree(p);
            check_searches_agree(&p.some_solution().unwrap());
        }
        let seventeen = crate::test_corpus::classic("17-clue.txt");
        for (i, p) in seventeen.iter().step_by(seventeen.len() / 5000).enumerate() {
            let g = Transform::random(Shape::CLASSIC, i as u64).apply(p);
            check_searches_agree(&g);
        }
    }

    #[test]
    fn grids_with_a_repeated_digit_still_get_a_form() {
        // Two 1s in the first row: the depth-first search does not serve
        // this grid, the breadth-first one does.
        let shape = Shape::new(2, 2).unwrap();
        let g =
            Grid::from_values(shape, vec![1, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 3, 0, 0]).unwrap();
        assert!(repeats_in_a_line(&g));
        check_against_brute_force(&g);
    }

    /// Found by the `canon` fuzz target: the first non-empty row repeats
    /// digits, so its smallest image is not the closed form for distinct
    /// digits (the form came out larger than the grid's true minimum).
    #[test]
    fn a_first_row_with_repeated_digits_gets_the_true_minimum() {
        let mut v = vec![9, 8, 5, 2, 5, 8, 0, 4, 1, 9, 5, 5, 5, 1, 7, 4, 8, 5];
        v.resize(81, 0);
        let g = Grid::from_values(Shape::CLASSIC, v).unwrap();
        let fast = Canonicalizer::new().canonicalize(&g).unwrap();
        let (form, count) = brute_force(&g);
        assert_eq!(fast.form.values(), &form[..]);
        assert_eq!(fast.automorphisms, count);
        // Small shapes: rows of random digits, repeats everywhere.
        for (r, c) in [(2, 2), (2, 3), (3, 2)] {
            let shape = Shape::new(r, c).unwrap();
            let n = shape.size();
            for seed in 0..40usize {
                let v: Vec<u8> = (0..n * n)
                    .map(
                        |i| if (i * 7 + seed) % 5 < 2 { ((i * i + seed) % n + 1) as u8 } else { 0 },
                    )
                    .collect();
                check_against_brute_force(&Grid::from_values(shape, v).unwrap());
            }
        }
    }

    #[test]
    fn small_shapes_agree_with_brute_force() {
        for (r, c) in [(1, 2), (1, 4), (2, 1), (2, 2), (2, 3), (3, 2), (1, 5)] {
            let shape = Shape::new(r, c).unwrap();
            let full = Grid::empty(shape).some_solution().unwrap();
            check_against_brute_force(&Grid::empty(shape));
            for seed in 0..12u64 {
                let g = Transform::random(shape, seed).apply(&full);
                check_against_brute_force(&g);
                let m = 2 + seed as usize % 4;
                check_against_brute_force(&puzzle_of(&g, |i| {
                    (i * 7 + seed as usize).is_multiple_of(m)
                }));
                check_against_brute_force(&puzzle_of(&g, |i| i == seed as usize % n_cells(shape)));
            }
        }
    }

    fn n_cells(shape: Shape) -> usize {
        shape.cell_count()
    }

    #[test]
    fn classic_puzzles_agree_with_brute_force() {
        let text =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let v: Vec<u8> = text.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }).collect();
        let p = Grid::from_values(Shape::CLASSIC, v).unwrap();
        check_against_brute_force(&p);
        check_against_brute_force(&p.some_solution().unwrap());
    }

    #[test]
    fn the_empty_classic_grid_has_the_whole_group() {
        let c = canonical(&Grid::empty(Shape::CLASSIC)).unwrap();
        assert_eq!(c.automorphisms, 3_359_232 * 362_880);
        assert_eq!(c.form, Grid::empty(Shape::CLASSIC));
    }

    #[test]
    fn large_shapes_are_refused_clearly() {
        let err = canonical(&Grid::empty(Shape::new(4, 4).unwrap())).unwrap_err();
        let shape = Shape::new(4, 4).unwrap();
        assert_eq!(err, CanonError::Unsupported { shape, max_maps: MAX_MAPS });
        assert!(err.to_string().contains("not implemented for 4x4"), "{err}");
        assert!(err.to_string().contains("at most 100000 row and column maps"), "{err}");
        assert!(Canonicalizer::supports(Shape::new(3, 4).unwrap()));
        assert!(Canonicalizer::supports(Shape::new(4, 3).unwrap()));
        assert!(!Canonicalizer::supports(Shape::new(2, 6).unwrap()));
    }
}
