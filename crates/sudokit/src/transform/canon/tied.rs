//! The minlex search with tied columns kept as sets.
//!
//! A search node is a partial board map: the orientation, the source rows
//! chosen for the first `k` output rows, the digit labels given so far, and
//! the *set* of column maps that give the smallest `k` rows. That set has a
//! simple shape because columns only stay interchangeable while they are
//! blank in every row placed so far:
//!
//! - *free stacks*: the source stacks blank in every placed row; they fill
//!   the first output slots, in any order and with their columns in any
//!   order;
//! - every later slot holds one source stack, whose columns still blank so
//!   far form a tied prefix of the slot (any order among them), followed by
//!   columns in a fixed order.
//!
//! The smallest image of the next source row under that set is found
//! directly: free stacks blank in this row stay first (and free), the other
//! free stacks follow in ascending order of their block (blanks first, then
//! old labels ascending, then new digits, which get the next labels in
//! order); inside each tied prefix the blanks stay first (and tied), then
//! old labels ascending, then the new digits. That image does not depend on
//! how equal blocks or new digits are ordered, so each level first finds
//! the smallest image over every node and allowed source row (abandoning an
//! image as soon as a prefix is larger than the best), and only the pairs
//! that reach it branch over the orders of their new digits and of equal
//! stacks (the labels differ between those orders, so they are different
//! nodes). A child is kept only if the smallest image of its own next row
//! ties the smallest seen so far among its siblings and cousins, so a full
//! row of new digits (every first row of a full grid) does not store all
//! its `r! (c!)^r` orders.
//!
//! The image is only right when no digit repeats in a row or column (a new
//! digit is then seen once per row); the caller sends other grids to the
//! breadth-first search.

use std::cmp::Ordering;

/// The largest board side the search serves.
pub(super) const MAXN: usize = 12;

/// A search node; see the module docs.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// 1 when the source is the transposed grid.
    t: u8,
    /// The bands used so far.
    bands: u16,
    /// The band being filled.
    band: u8,
    /// The rows of the current band used so far.
    rows: u16,
    /// The next free digit label.
    next: u8,
    /// Source stacks blank so far (they fill the first slots).
    free: u16,
    /// `labels[d]`: the label given to digit `d`, 0 for none yet.
    labels: [u8; MAXN + 1],
    /// Output column to source column, for slots after the free ones; a
    /// slot's tied prefix lists its columns in any order.
    cmap: [u8; MAXN],
    /// Per slot after the free ones: the length of its tied prefix.
    tied: [u8; MAXN],
}

/// A group of output positions whose order is free for the row's image
/// but matters for the labels: single columns, or whole stack slots.
#[derive(Clone, Copy, Debug)]
struct Group {
    /// First output column, or first slot for a block group.
    start: u8,
    len: u8,
    block: bool,
}

/// The result of a search.
pub(super) struct Outcome {
    /// The canonical values, row-major.
    pub form: Vec<u8>,
    /// Board maps (with relabellings of digits that do not appear left
    /// out) that reach the form.
    pub maps: u128,
}

/// Why the search stopped early.
pub(super) struct OverBudget;

/// Reusable scratch space for the search.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    cur: Vec<Node>,
    next: Vec<Node>,
    /// (node index, source row) pairs whose image equals the level's best.
    ties: Vec<(u32, u8)>,
}

/// Board and search sizes.
struct Dims {
    n: usize,
    r: usize,
    c: usize,
}

/// The search over `vals` (and `transposed`, for square boxes) for boxes
/// of `r x c`: level by level, each level in two passes (the smallest image
/// of the next row over every node and allowed source row, then the
/// children of the pairs that reach it). Gives up after making `budget`
/// children in all.
pub(super) fn search(
    scratch: &mut Scratch,
    r: usize,
    c: usize,
    vals: &[u8],
    transposed: Option<&[u8]>,
    budget: usize,
) -> Result<Outcome, OverBudget> {
    let d = Dims { n: r * c, r, c };
    let n = d.n;
    let sources = [vals, transposed.unwrap_or(&[])];
    let Scratch { cur, next, ties } = scratch;
    let given = &mut [(0u128, 0u8); MAXN];
    cur.clear();
    for t in 0..if transposed.is_some() { 2 } else { 1 } {
        cur.push(Node {
            t,
            bands: 0,
            band: 0,
            rows: 0,
            next: 1,
            free: (1u16 << r) - 1,
            labels: [0; MAXN + 1],
            cmap: [0; MAXN],
            tied: [0; MAXN],
        });
    }
    let mut form = Vec::with_capacity(n * n);
    let mut work = 0usize;
    for k in 0..n {
        // Images packed big-endian (first cell highest): integer order is
        // lexicographic order.
        let mut best = u128::MAX;
        ties.clear();
        for (i, node) in cur.iter().enumerate() {
            let src = sources[node.t as usize];
            for_each_row(&d, k, node, |row| {
                let img = image(&d, node, &src[row * n..(row + 1) * n], given, best);
                match img.cmp(&best) {
                    Ordering::Greater => {}
                    Ordering::Less => {
                        best = img;
                        ties.clear();
                        ties.push((i as u32, row as u8));
                    }
                    Ordering::Equal => ties.push((i as u32, row as u8)),
                }
            });
        }
        form.extend_from_slice(&best.to_be_bytes()[..n]);
        next.clear();
        // Children are filtered as they are made by the smallest image of
        // their next row (a look-ahead): a child whose next row cannot reach
        // the smallest one seen so far is dropped before it is stored.
        let mut next_best = u128::MAX;
        let lookahead = &mut [(0u128, 0u8); MAXN];
        let mut keep = |child: Node| {
            if k + 1 < n {
                let src = sources[child.t as usize];
                let mut m = u128::MAX;
                for_each_row(&d, k + 1, &child, |row| {
                    let src = &src[row * n..(row + 1) * n];
                    m = m.min(image(&d, &child, src, lookahead, m.min(next_best)));
                });
                match m.cmp(&next_best) {
                    Ordering::Greater => return,
                    Ordering::Less => {
                        next_best = m;
                        next.clear();
                    }
                    Ordering::Equal => {}
                }
            }
            next.push(child);
        };
        for &(i, row) in ties.iter() {
            let node = &cur[i as usize];
            let row = row as usize;
            let mut child = *node;
            if k % r == 0 {
                child.bands |= 1 << (row / r);
                child.band = (row / r) as u8;
                child.rows = 1 << (row % r);
            } else {
                child.rows |= 1 << (row % r);
            }
            let src = &sources[node.t as usize][row * n..(row + 1) * n];
            expand(&d, node, child, src, &mut keep, &mut work);
            if work > budget {
                return Err(OverBudget);
            }
        }
        std::mem::swap(cur, next);
    }
    let maps = cur.iter().map(|node| consistent(&d, node)).sum();
    Ok(Outcome { form, maps })
}

/// Calls `f` with every source row allowed at output row `k` below `node`.
fn for_each_row(d: &Dims, k: usize, node: &Node, mut f: impl FnMut(usize)) {
    let r = d.r;
    if k.is_multiple_of(r) {
        for b in 0..d.c {
            if node.bands >> b & 1 == 0 {
                for q in 0..r {
                    f(b * r + q);
                }
            }
        }
    } else {
        for q in 0..r {
            if node.rows >> q & 1 == 0 {
                f(node.band as usize * r + q);
            }
        }
    }
}

fn fact(k: usize) -> u128 {
    (1..=k as u128).product()
}

/// How many column maps `node` stands for.
fn consistent(d: &Dims, node: &Node) -> u128 {
    let f = node.free.count_ones() as usize;
    let mut m = fact(f) * fact(d.c).pow(f as u32);
    for p in f..d.r {
        m *= fact(node.tied[p] as usize);
    }
    m
}

/// The smallest image of source row `src` under the column maps of `node`,
/// packed big-endian (`given` is scratch for [`free_blocks`]); `u128::MAX`
/// as soon as a prefix is larger than the same prefix of `best`.
fn image(d: &Dims, node: &Node, src: &[u8], given: &mut [(u128, u8); MAXN], best: u128) -> u128 {
    let (r, c) = (d.r, d.c);
    let mut next = node.next;
    let mut img = [0u8; 16];
    let larger = |img: &[u8; 16], filled: usize| {
        let mask = !(u128::MAX >> (8 * filled));
        u128::from_be_bytes(*img) & mask > best & mask
    };
    let (ng, nb) = if node.free == 0 { (0, 0) } else { free_blocks(d, node, src, given) };
    let mut pos = nb * c;
    for &(key, _) in &given[..ng] {
        write_block(key, c, &mut img[pos..pos + c], &mut next);
        pos += c;
    }
    if larger(&img, pos) {
        return u128::MAX;
    }
    for p in nb + ng..r {
        let base = p * c;
        let b = node.tied[p] as usize;
        if b > 0 {
            let cells = node.cmap[base..base + b].iter().map(|&j| src[j as usize]);
            let key = block_key(cells, &node.labels);
            write_block(key, b, &mut img[base..base + b], &mut next);
        }
        for j in base + b..base + c {
            let v = src[node.cmap[j] as usize];
            img[j] = match v {
                0 => 0,
                _ if node.labels[v as usize] != 0 => node.labels[v as usize],
                _ => {
                    next += 1;
                    next - 1
                }
            };
        }
        if larger(&img, base + c) {
            return u128::MAX;
        }
    }
    u128::from_be_bytes(img)
}

/// Writes the free stacks of `node` with givens in `src` into `given`,
/// sorted by block key, and returns their count and the number of free
/// stacks blank in `src`.
fn free_blocks(
    d: &Dims,
    node: &Node,
    src: &[u8],
    given: &mut [(u128, u8); MAXN],
) -> (usize, usize) {
    let c = d.c;
    let (mut ng, mut nb) = (0usize, 0usize);
    let mut free = node.free;
    while free != 0 {
        let s = free.trailing_zeros() as usize;
        free &= free - 1;
        let block = &src[s * c..(s + 1) * c];
        if block.iter().all(|&v| v == 0) {
            nb += 1;
            continue;
        }
        let key = block_key(block.iter().copied(), &node.labels);
        let mut i = ng;
        while i > 0 && given[i - 1].0 > key {
            given[i] = given[i - 1];
            i -= 1;
        }
        given[i] = (key, s as u8);
        ng += 1;
    }
    (ng, nb)
}

/// Pushes onto `out` every child of `node` whose row `k` is the smallest
/// image of `src` (`child` already carries the row bookkeeping).
fn expand(
    d: &Dims,
    node: &Node,
    mut child: Node,
    src: &[u8],
    out: &mut impl FnMut(Node),
    made: &mut usize,
) {
    let (r, c) = (d.r, d.c);
    let given = &mut [(0u128, 0u8); MAXN];
    let (ng, nb) = free_blocks(d, node, src, given);
    let mut groups = [Group { start: 0, len: 0, block: false }; 2 * MAXN];
    let mut ngroups = 0;
    let mut blank_free = node.free;
    for &(_, s) in &given[..ng] {
        blank_free &= !(1 << s);
    }
    child.free = blank_free;
    for (i, &(key, s)) in given[..ng].iter().enumerate() {
        let p = nb + i;
        let cols = (s as usize * c..(s as usize + 1) * c).map(|x| x as u8);
        let (tied, news) = arrange(cols, src, &node.labels, &mut child.cmap[p * c..(p + 1) * c]);
        child.tied[p] = tied;
        if news > 1 {
            let start = (p * c + c) as u8 - news;
            groups[ngroups] = Group { start, len: news, block: false };
            ngroups += 1;
        }
        // Equal keys (only possible without old labels): the stacks' order
        // is free; the run is recorded once, at its start.
        if i > 0 && given[i - 1].0 == key {
            continue;
        }
        let run = given[i..ng].iter().take_while(|g| g.0 == key).count();
        if run > 1 {
            groups[ngroups] = Group { start: p as u8, len: run as u8, block: true };
            ngroups += 1;
        }
    }
    for p in nb + ng..r {
        let base = p * c;
        let b = node.tied[p] as usize;
        if b > 1 {
            let mut cols = [0u8; MAXN];
            cols[..b].copy_from_slice(&node.cmap[base..base + b]);
            let (tied, news) = arrange(
                cols[..b].iter().copied(),
                src,
                &node.labels,
                &mut child.cmap[base..base + b],
            );
            child.tied[p] = tied;
            if news > 1 {
                groups[ngroups] = Group { start: (base + b) as u8 - news, len: news, block: false };
                ngroups += 1;
            }
        } else if b == 1 {
            child.tied[p] = u8::from(src[node.cmap[base] as usize] == 0);
        }
    }
    // Block groups first, so that column groups act on whatever stack lands
    // in their slot (stacks with equal keys have the same layout).
    groups[..ngroups].sort_by_key(|g| !g.block);
    branch(d, nb * c, src, &mut child, &groups[..ngroups], 0, 0, out, made);
}

/// Enumerates the orders of `groups[gi..]` (from item `i` of group `gi`)
/// and pushes each resulting child, its new digits labelled in order.
#[allow(clippy::too_many_arguments)]
fn branch(
    d: &Dims,
    from: usize,
    src: &[u8],
    child: &mut Node,
    groups: &[Group],
    gi: usize,
    i: usize,
    out: &mut impl FnMut(Node),
    made: &mut usize,
) {
    if gi == groups.len() {
        let mut done = *child;
        for j in from..d.n {
            let v = src[done.cmap[j] as usize] as usize;
            if v != 0 && done.labels[v] == 0 {
                done.labels[v] = done.next;
                done.next += 1;
            }
        }
        *made += 1;
        out(done);
        return;
    }
    let g = groups[gi];
    if i + 1 >= g.len as usize {
        return branch(d, from, src, child, groups, gi + 1, 0, out, made);
    }
    for j in i..g.len as usize {
        swap(d, child, g, i, j);
        branch(d, from, src, child, groups, gi, i + 1, out, made);
        swap(d, child, g, i, j);
    }
}

fn swap(d: &Dims, node: &mut Node, g: Group, i: usize, j: usize) {
    if i == j {
        return;
    }
    let s = g.start as usize;
    if g.block {
        let c = d.c;
        let (a, b) = ((s + i) * c, (s + j) * c);
        for x in 0..c {
            node.cmap.swap(a + x, b + x);
        }
        node.tied.swap(s + i, s + j);
    } else {
        node.cmap.swap(s + i, s + j);
    }
}

/// The sort key of a block of cells: its smallest image, packed 8 bits a
/// cell with the first cell highest, new digits as `0xFF` (after every
/// label), blanks first, old labels ascending.
fn block_key(cells: impl Iterator<Item = u8>, labels: &[u8; MAXN + 1]) -> u128 {
    // Old labels are distinct (no digit repeats in a row), so a bit mask
    // sorts them.
    let (mut olds, mut news) = (0u16, 0u32);
    for v in cells {
        if v != 0 {
            match labels[v as usize] {
                0 => news += 1,
                l => olds |= 1 << l,
            }
        }
    }
    let mut key = 0u128;
    while olds != 0 {
        key = key << 8 | olds.trailing_zeros() as u128;
        olds &= olds - 1;
    }
    for _ in 0..news {
        key = key << 8 | 0xFF;
    }
    // The blanks are the leading zero bytes of a key of the block's length.
    key
}

/// Writes the image of a block from its key, giving new digits the next
/// labels.
fn write_block(key: u128, len: usize, out: &mut [u8], next: &mut u8) {
    for (i, cell) in out[..len].iter_mut().enumerate() {
        let byte = (key >> (8 * (len - 1 - i))) as u8;
        *cell = if byte == 0xFF {
            *next += 1;
            *next - 1
        } else {
            byte
        };
    }
}

/// Writes `cols` into `out` in the order of the smallest image (blanks,
/// then old labels ascending, then new digits in their given order) and
/// returns (blanks, new digits).
fn arrange(
    cols: impl Iterator<Item = u8> + Clone,
    src: &[u8],
    labels: &[u8; MAXN + 1],
    out: &mut [u8],
) -> (u8, u8) {
    let mut at = 0;
    for x in cols.clone() {
        if src[x as usize] == 0 {
            out[at] = x;
            at += 1;
        }
    }
    let blanks = at as u8;
    let old_start = at;
    for x in cols.clone() {
        let v = src[x as usize];
        if v != 0 && labels[v as usize] != 0 {
            let mut i = at;
            while i > old_start && labels[src[out[i - 1] as usize] as usize] > labels[v as usize] {
                out[i] = out[i - 1];
                i -= 1;
            }
            out[i] = x;
            at += 1;
        }
    }
    let new_start = at;
    for x in cols {
        let v = src[x as usize];
        if v != 0 && labels[v as usize] == 0 {
            out[at] = x;
            at += 1;
        }
    }
    (blanks, (at - new_start) as u8)
}
