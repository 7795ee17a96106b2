/*!
The fast path for 9x9: a band-oriented bitboard solver.

# Idea
This follows the design of JCZSolve, published by zhouyundong_2012 on the
enjoysudoku.com forum ("3.77us solver", 2012) and refined there by champagne
and JasonLion: the candidates are stored *per digit and per band*. A band is
three rows (27 cells); for digit `d` and band `b`, one `u32` holds a bit for
every cell of the band where `d` may still go (bit `9 * row + col`). The 27
masks make the whole state, about 250 bytes, so a guess copies it.

Rules become whole-register operations on one (digit, band) mask:
- **Band update** (locked candidates inside the band). In a band, a digit
  sits once in each row and once in each box, so its three minirows (row
  `r`, box `k`) follow a permutation of the boxes. A 512-entry table maps the
  nine "minirow still possible" bits to the cells of every minirow that takes
  part in some permutation; the rest are removed. No permutation left is a
  contradiction. This also finds hidden singles in rows and boxes.
- **Columns**. A stack in which the digit has a single possible column in
  this band pins that column: the other two bands lose it.
- **Solved rows**. A row of the band with one possible cell is a placement:
  the other digits lose that cell. This runs on every band update without a
  test for "newly solved" (clearing a solved cell again changes nothing), as
  Emerentius's Rust port of JCZSolve (the `sudoku` crate, 2018) also does to
  avoid a hard-to-predict branch, which mispredicts more than the work it
  would skip costs (measured: see `docs/solver-notes.md`).
- **Naked singles**. Counting candidates per cell across the nine digit
  masks of a band with bit-sliced adders (`once`, `twice`, `thrice`) finds
  empty cells (contradiction), single cells (placements) and bivalue cells
  (where guesses go).

Placements during the search are lazy, as in JCZSolve: a naked single or a
guess only narrows the digit's mask in its own band to the cell (the rest of
its row and box go); the band update then finds the row solved (so the other
digits lose the cell) and the box down to one column (so the other bands lose
it). Givens are placed eagerly, which leaves less for the first update; so
are guesses on AVX-512 ([`Isa::EAGER`], "Eager guesses" below).

Search guesses in a bivalue cell when one exists (virtually always), else in
a cell with the fewest candidates: every digit but the last on a copy of the
state (recursively), the last in place. The depth is at most 81. Of the
bivalue cells of the band richest in them, it takes the one that sees the
most bivalue cells (its row and box, and its column in the other bands
counted [`COLUMN_WEIGHT`] times; popcounts on the `pairs` masks, first cell
on ties), plus the open cells of its column in the other bands: about 15
instructions per bivalue cell looked at, for 10-18% fewer nodes than the
band's first bivalue cell. Guesses on a digit's *configurations* in a band,
the permutations its minirows may still follow, as in tdoku (Tom Dillon,
2019), take over at an open root and after 16 nodes ([`guess`]). They need
intersection counting ([`triads`]), which the search runs from its first
configuration guess on: without it, refuting a configuration can take an
exponential search on puzzles without a solution. The figures behind these
choices, and the alternatives measured and rejected, are in
`docs/solver-notes.md` ("Choosing the guess").

# The stack rule at stalls (the solver's search only)
In a stack a digit sits once in each band's box and once in each column,
so its possible (band, column) pairs must contain a permutation, the column
counterpart of the band update: locked candidates both ways along columns
and, with the band update, hidden singles in columns. For a digit's 9-bit
column sets `a`, `b`, `c` in the three bands, column `x` of a stack stays
possible for band `a` exactly when the other two bands can take the other
two columns: `a & (n1(b) & n2(c) | n2(b) & n1(c))`, with `n1`/`n2` rotating
each 3-bit stack group by one and two, all three stacks at once (`stacks`).

The solver's search runs it at stalls: when no naked single is left and at
least 25 cells are open ([`stacks::MIN_OPEN`]), one lane-wise pass over all
32 mask slots (shifted reads of a padded copy and a select by band, which
the compiler vectorises); if it removed anything, propagation goes on. It
is gated per search: when the root's propagation got nothing from it, it
waits until the search has taken [`stacks::LATE_NODES`] (8) guesses;
puzzles where it helps mostly show it at the root, and the short searches
where it never does (serg-multi) are spared their passes. It takes fewer
nodes on every benchmark set and fewer instructions on all but serg-multi
(measured: see `docs/solver-notes.md`, "The stack rule at stalls"; run in
the band update instead, its extra removals cost more than they save). The
generator's propagation (carving, filling) does not run it:
[`State::propagate`] is [`Isa::propagate_rules`] without it, one source
for both, so the generator's puzzles do not depend on it.

Intersection counting (tdoku's "numerical clauses": a minirow or
minicolumn holds exactly three digits; [`triads`]) is not run at stalls on
its own: it saves nodes but costs more than it saves on the hardest sets.
It runs with configuration guesses (above).

# Instruction sets
The search is one source ([`Search::explore_with`], with everything it calls
inlined) compiled twice: for the target's baseline ([`Scalar`]) and, on
x86-64, for AVX2 with BMI1/2 and POPCNT (`simd::Avx2`), picked at run time by
CPU feature detection, so a plain `cargo build` gets the fast code. The AVX2
form gets one-instruction popcounts and bit scans and a vector change check;
both forms give the same solutions in the same order with the same node count
(tested on the corpus and on random puzzles). On AVX-512 F the search is
compiled a third time (`simd::Avx512`). The `unsafe` this needs (target
feature calls, vector loads) lives in `simd` alone.

On AVX-512 the band update and the naked singles' counts are not the code
below but whole-state vector forms behind [`Isa::update`] and
[`Isa::band_counts`] (`simd::sweep`): all 27 masks per sweep, table-free,
in Jacobi order. The rules only remove candidates, so the fixpoint (and
with it every node and solution) is the sequential update's. The search's
whole propagation ([`Isa::propagate_rules`]: the sweeps, naked singles,
the stack rule and intersection counting, at the same stalls as
[`State::propagate_steps`]) then runs on the two registers from start to
end (`simd::propagate`).

# Per-puzzle and per-node cost
The easy sets (17-clue: one or two nodes a puzzle; serg-multi: count to
two) are dominated by the fixed cost of a puzzle and of a node, so these
are kept small (figures: `docs/solver-notes.md`, "Per-puzzle and per-node
cost"):
- **Givens in bulk** ([`State::from_givens`]): the given cells are found
  branch-free, eight values per `u64`; each given clears its own digit's
  row, box and column, and each band's given cells leave the band's other
  digits in one pass over its nine masks, not nine masks cleared per given.
- **Solutions read on demand**: the callback gets the solved state
  ([`Solved`]); only callers that keep a solution turn it into values, so
  `Solver::count` converts nothing.
- **One copy per guess**: a guess hands its parent's state by reference with
  the narrowing to apply, and the callee copies it once.
- **A guessed cell's digits on AVX2**: shift, `movemask` and `pext` instead
  of nine shift-and-or steps.
- A solve allocates nothing: `Solver::count` on a 9x9 grid goes from the
  grid's values to the first propagated state without conversions.

# Eager guesses (AVX-512)
Where the band update runs in Jacobi sweeps, a lazy placement costs a
sweep: the first only finds the placed digit's row solved and its box down
to one column. So on AVX-512 a guess ([`State::narrow`]) also takes the
cell from the band's other digits and the column from the digit's other
bands, in one lane-wise pass over the 32 slots (compares and blends; it
also narrows the copy on its way from the parent, instead of a scalar
write into a freshly copied state). Same fixpoint, same nodes (tested);
fewer sweeps, which pays most on dives such as serg-multi's searches. On
AVX2 and the scalar path it is off: the sequential update gains no round
from it. Naked singles stay lazy.

The givens on AVX-512 ([`Isa::place_givens`], `simd`): three 32-byte
compares per digit find each mask's given cells, then one lane-wise pass
([`State::from_given_masks`], 16 lanes per instruction) makes every mask,
instead of four read-modify-writes of the state per given; the masks are
stored as two vector writes, which the search's first vector loads can
take forwarded. AVX2 keeps [`State::from_givens`]: there the vector form
does not pay on puzzles with few givens. Figures for both:
`docs/solver-notes.md` ("Instruction sets").

# Invariants
- After propagation, a solved cell has exactly its own digit left, and its
  digit has been removed from its row, box and column, so a state with no
  unsolved cell is a valid grid.
- `done[i] == cand[i]` means mask `i` has been through the band update since
  it last changed; [`State::update`] runs until every mask is done. It works
  in sweeps: one branch-free comparison of `cand` and `done` gives the set of
  changed masks, which are then updated in order (on AVX-512, all masks at
  once per sweep: `simd::sweep`). A sweep's comparison costs less than a
  worklist's bookkeeping would.
- Outside `simd`, everything is plain safe Rust on `u32`s and `[u32; 32]`
  arrays (27 masks and 5 padding slots that stay 0); there is no allocation
  per puzzle.
*/

use super::general::{Ended, Next};
use crate::deadline::Watch;
use guess::Guess;

pub(crate) mod carving;
pub(crate) mod filling;
mod guess;
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod simd;
mod stacks;
mod triads;

const ALL: u32 = (1 << 27) - 1;
const ROW: u32 = 0o777;

/// For the nine "minirow possible" bits of a band (bit `3 * row + box`), the
/// band cells of every minirow that takes part in a valid permutation.
static PERMUTATION_CELLS: [u32; 512] = permutation_cells();
/// For a 9-bit row, the 3 bits of its non-empty minirows.
static SHRINK: [u32; 512] = by_triples([0, 1, 1, 1, 1, 1, 1, 1], 1);
/// For the 9 possible-columns bits of a band, the columns alone in their stack.
static COLUMN_SINGLES: [u32; 512] = by_triples([0, 0b001, 0b010, 0, 0b100, 0, 0, 0], 3);

/// A table over 9-bit values read as three 3-bit triples: entry `x` is the
/// sum over `k` of `of[triple k of x]` shifted left by `width * k`.
const fn by_triples(of: [u32; 8], width: u32) -> [u32; 512] {
    let mut t = [0; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            t[x] |= of[(x >> (3 * k)) & 7] << (width * k as u32);
            k += 1;
        }
        x += 1;
    }
    t
}

const fn permutation_cells() -> [u32; 512] {
    const PERMS: [[usize; 3]; 6] =
        [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut t = [0; 512];
    let mut s = 0;
    while s < 512 {
        let mut p = 0;
        while p < 6 {
            let perm = PERMS[p];
            let mut ok = true;
            let mut r = 0;
            while r < 3 {
                if (s >> (3 * r + perm[r])) & 1 == 0 {
                    ok = false;
                }
                r += 1;
            }
            if ok {
                let mut r = 0;
                while r < 3 {
                    t[s] |= 0b111 << (9 * r + 3 * perm[r]);
                    r += 1;
                }
            }
            p += 1;
        }
        s += 1;
    }
    t
}

/// For a 9-bit row, the row itself when it holds exactly one cell, else 0.
static ROW_SINGLE: [u32; 512] = {
    let mut t = [0; 512];
    let mut x = 1;
    while x < 512 {
        if x & (x - 1) == 0 {
            t[x] = x as u32;
        }
        x += 1;
    }
    t
};

/// For mask index `3 * digit + band`, the indices of the same digit's other
/// two bands (padded to [`SLOTS`] entries, so a mask index needs no bounds
/// check; the padding entries are never used).
static OTHER_BANDS: [[usize; 2]; SLOTS] = {
    let mut t = [[0; 2]; SLOTS];
    let mut i = 0;
    while i < 27 {
        let (d, b) = (i / 3, i % 3);
        t[i] = [3 * d + (b + 1) % 3, 3 * d + (b + 2) % 3];
        i += 1;
    }
    t
};

/// For mask index `3 * digit + band`, the band (padded like [`OTHER_BANDS`]).
static BAND_OF: [usize; SLOTS] = {
    let mut t = [0; SLOTS];
    let mut i = 0;
    while i < 27 {
        t[i] = i % 3;
        i += 1;
    }
    t
};

/// The band cells that stay possible for a digit placed at band bit `bit`:
/// everything but the rest of its row and box.
const fn keep_after_place(bit: usize) -> u32 {
    let (row, col) = (bit / 9, bit % 9);
    let mut clear = ROW << (9 * row);
    let mut r = 0;
    while r < 3 {
        clear |= 0b111 << (9 * r + 3 * (col / 3));
        r += 1;
    }
    (ALL & !clear) | (1 << bit)
}

/// For band bit `bit`, the band cells in its row or box (itself included).
static ROW_BOX: [u32; 27] = {
    let mut t = [0; 27];
    let mut i = 0;
    while i < 27 {
        t[i] = (ROW << (9 * (i / 9))) | (0o007007007 << (3 * ((i % 9) / 3)));
        i += 1;
    }
    t
};

/// For band bit `bit`, the band cells in its column (itself included).
static COLUMN: [u32; 27] = {
    let mut t = [0; 27];
    let mut i = 0;
    while i < 27 {
        t[i] = 0o001001001 << (i % 9);
        i += 1;
    }
    t
};

static KEEP_AFTER_PLACE: [u32; 27] = {
    let mut t = [0; 27];
    let mut i = 0;
    while i < 27 {
        t[i] = keep_after_place(i);
        i += 1;
    }
    t
};

/// How much more a bivalue cell in the guess cell's column (in the other
/// bands) counts than one in its row or box: the band update carries a
/// placement along the row and box at once, along the column only through
/// whole stacks, so the column is where a guess tells the most. Weight 3
/// takes 0.4-3% fewer nodes than weight 1 on every benchmark set, at no
/// cost; 2 and 5 do about as well (measured: see `docs/solver-notes.md`).
const COLUMN_WEIGHT: u32 = 3;

/// The columns (a 9-bit set) where the band mask `m` has a cell.
#[inline(always)]
fn columns(m: u32) -> u32 {
    (m | m >> 9 | m >> 18) & ROW
}

/// The cells holding a given (a value other than 0), as one mask per band.
/// Branch-free: eight values at a time as the bytes of a `u64`.
#[inline(always)]
fn given_cells(values: &[u8; 81]) -> [u32; 3] {
    let mut all = u128::from(values[80] != 0) << 80;
    for (k, chunk) in values[..80].chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        // Values are at most 9, so adding 0x7f sets a byte's top bit exactly
        // when the byte is not 0, with no carry into the next byte; the
        // multiplication gathers the eight top bits into the top byte.
        let top = (x + 0x7f7f_7f7f_7f7f_7f7f) & 0x8080_8080_8080_8080;
        let bits = (top >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        all |= u128::from(bits) << (8 * k);
    }
    [all as u32 & ALL, (all >> 27) as u32 & ALL, (all >> 54) as u32 & ALL]
}

/// What a guess hands down: mask `index` keeps only `keep`, the band's other
/// digits lose `cell` and the digit's other bands lose `column` (all three
/// at once, lane-wise over the mask slots: [`State::narrowed`]).
#[derive(Clone, Copy, Debug)]
struct Narrow {
    /// A mask index below [`SLOTS`] (a `u32`, so that a `Narrow` is passed
    /// in two registers).
    index: u32,
    keep: u32,
    cell: u32,
    column: u32,
}

impl Narrow {
    /// Nothing removed (mask 0 keeps everything).
    const NONE: Narrow = Narrow { index: 0, keep: ALL, cell: 0, column: 0 };

    /// Places `digit` (0-based) at band bit `bit` of `band`: the rest of its
    /// row and box leave the digit's mask and, where the instruction set
    /// `I` places eagerly ([`Isa::EAGER`]; else they are 0 and unused), the
    /// cell leaves the band's other digits and the column the digit's other
    /// bands (see [`State::narrow`]).
    #[inline(always)]
    fn place<I: Isa>(digit: usize, band: usize, bit: u32) -> Narrow {
        let bit = bit as usize % 27;
        Narrow {
            index: ((3 * digit + band) % SLOTS) as u32,
            keep: KEEP_AFTER_PLACE[bit],
            cell: if I::EAGER { 1 << bit } else { 0 },
            column: if I::EAGER { COLUMN[bit] } else { 0 },
        }
    }

    /// Mask `index` narrowed to `keep`, nothing else (a configuration, or a
    /// digit taken out of a cell).
    #[inline(always)]
    fn mask(index: usize, keep: u32) -> Narrow {
        Narrow { index: (index % SLOTS) as u32, keep, cell: 0, column: 0 }
    }
}

/// All ones in the 27 mask slots, 0 in the padding slots.
static SLOT_MASK: [u32; SLOTS] = {
    let mut t = [0; SLOTS];
    let mut i = 0;
    while i < 27 {
        t[i] = u32::MAX;
        i += 1;
    }
    t
};

/// For each mask slot, its band (`3` in the padding slots: no band).
static SLOT_BAND: [u32; SLOTS] = {
    let mut t = [3; SLOTS];
    let mut i = 0;
    while i < 27 {
        t[i] = (i % 3) as u32;
        i += 1;
    }
    t
};

/// For each mask slot, its digit (0-based; `9` in the padding slots).
static SLOT_DIGIT: [u32; SLOTS] = {
    let mut t = [9; SLOTS];
    let mut i = 0;
    while i < 27 {
        t[i] = (i / 3) as u32;
        i += 1;
    }
    t
};

/// A contradiction: the state has no solution.
#[derive(Debug)]
struct Unsolvable;

/// The state operations that have a faster form on some instruction sets,
/// and the search's entry point compiled for that set. An implementor is a
/// proof that the set is present: only [`Scalar`] can be made everywhere.
trait Isa: Copy {
    /// Whether a guess places its digit eagerly ([`State::narrow`]): worth it
    /// where the band update runs in Jacobi sweeps (AVX-512), which then
    /// start one round further on; the sequential update gains nothing from
    /// it, and the lane-wise pass costs instructions there.
    const EAGER: bool = false;
    /// The masks changed since their last band update, as bits `1 << i`.
    fn changed(self, state: &State) -> u32;
    /// The candidates of the cell at band bit `bit` of `band`, as bits
    /// `1 << digit` (0-based digits).
    fn digits_at(self, state: &State, band: usize, bit: u32) -> u32;
    /// Runs the band update until no mask changes ([`State::update`], the
    /// default). Any order of the band updates reaches the same state (see
    /// `simd::update512`), so an implementor may reorder or batch them.
    #[inline(always)]
    fn update(self, state: &mut State) -> Result<(), Unsolvable> {
        state.update(self)
    }
    /// For each band, the cells with at least one, two and three candidates
    /// (bit-sliced counts over the band's nine digit masks), as
    /// `[once, twice, thrice]` per band, when this instruction set has a
    /// faster form than [`State::band_counts`] (which `None` asks for: band
    /// by band, the form the generator's searches are tuned for).
    #[inline(always)]
    fn band_counts(self, _state: &State) -> Option<[[u32; 3]; 3]> {
        None
    }
    /// The state of the givens `values` ([`State::from_givens`], the
    /// default), where this instruction set has a faster form.
    #[inline(always)]
    fn place_givens(self, values: &[u8; 81]) -> Result<State, Unsolvable> {
        State::from_givens(values)
    }
    /// Propagates `state` to a fixpoint of the band update and naked singles
    /// and, with `STACKS` and `stacks_on`, of the stack rule at stalls (no
    /// naked single left; see "The stack rule at stalls" in the module
    /// docs): the solver's search. With `TRIADS` and `triads_on`,
    /// intersection counting runs at the stalls the stack rule leaves
    /// (`triads`: the search turns it on once it has guessed on a band
    /// configuration, see [`guess`]). Returns whether the stack rule removed
    /// anything.
    ///
    /// The default runs the rules as steps ([`State::propagate_steps`]); an
    /// implementor may compute them in another form (on AVX-512,
    /// whole-state vector code: `simd::propagate`), with the same rules in
    /// the same order at the same stalls, so the result is the same.
    #[inline(always)]
    fn propagate_rules<const STACKS: bool, const TRIADS: bool>(
        self,
        state: &mut State,
        stacks_on: bool,
        triads_on: bool,
    ) -> Result<bool, Unsolvable> {
        state.propagate_steps::<Self, STACKS, TRIADS>(self, stacks_on, triads_on)
    }
    /// Searches from `from` narrowed by `narrow` (through [`Search::explore_with`]).
    fn explore<F: FnMut(Solved<'_>) -> Next>(
        self,
        search: &mut Search<'_, F>,
        from: &State,
        narrow: Narrow,
    );
}

/// The portable instruction set: plain Rust for the target's baseline.
#[derive(Clone, Copy, Debug)]
struct Scalar;

impl Isa for Scalar {
    #[inline(always)]
    fn changed(self, state: &State) -> u32 {
        state.changed()
    }

    #[inline(always)]
    fn digits_at(self, state: &State, band: usize, bit: u32) -> u32 {
        state.digits_at(band, bit)
    }

    fn explore<F: FnMut(Solved<'_>) -> Next>(
        self,
        search: &mut Search<'_, F>,
        from: &State,
        narrow: Narrow,
    ) {
        search.explore_with(self, from, narrow);
    }
}

/// The number of mask slots: the 27 masks padded to 32, so the change check
/// is four 8-lane compares on AVX2. The padding masks stay 0.
const SLOTS: usize = 32;

/// The whole solver state: candidates per (digit, band), index `3 * digit + band`.
#[derive(Clone, Copy, Debug)]
struct State {
    cand: [u32; SLOTS],
    /// The value of `cand[i]` when it was last through the band update.
    done: [u32; SLOTS],
    /// Unsolved cells per band.
    unsolved: [u32; 3],
    /// Bivalue cells per band, as found by the last naked-singles pass.
    pairs: [u32; 3],
}

impl State {
    fn new() -> State {
        let mut cand = [0; SLOTS];
        cand[..27].fill(ALL);
        State { cand, done: [0; SLOTS], unsolved: [ALL; 3], pairs: [0; 3] }
    }

    /// Applies a guess's narrowing `n`: lazily by default, only mask
    /// `n.index` narrowed to `n.keep`, as JCZSolve places a digit (the band
    /// update derives the rest: the row of a placed digit has one cell left,
    /// so the other digits lose the cell, and its box one column, which the
    /// digit's other bands lose); with [`Isa::EAGER`], those removals too,
    /// in one lane-wise pass ([`State::narrowed`]), so the AVX-512 sweeps
    /// (Jacobi order) start a round further on. The fixpoint, and with it
    /// every node and solution, is the same: the eager removals are ones the
    /// band update makes from the narrowed mask (see `simd::sweep` for why
    /// the order of removals does not change the fixpoint).
    ///
    /// A placed digit must be a candidate of its cell (as a guess is), so
    /// this cannot fail; contradictions show in propagation.
    #[inline(always)]
    fn narrow<I: Isa>(&mut self, n: Narrow) {
        if I::EAGER {
            self.cand = self.narrowed(n);
        } else {
            self.cand[n.index as usize % SLOTS] &= n.keep;
        }
    }

    /// Places `digit` (0-based) at band bit `bit` of `band` lazily: only the
    /// digit's mask in this band changes (the rest of the cell's row and box
    /// go; see [`State::narrow`]).
    #[cfg(test)]
    fn place(&mut self, digit: usize, band: usize, bit: u32) {
        debug_assert!(self.cand[3 * digit + band] & (1 << bit) != 0, "a candidate is placed");
        self.narrow::<Scalar>(Narrow::place::<Scalar>(digit, band, bit));
    }

    /// The masks narrowed by `n`, lane by lane over the [`SLOTS`] (branch-
    /// free selects the compiler vectorises; padding slots stay 0).
    #[inline(always)]
    fn narrowed(&self, n: Narrow) -> [u32; SLOTS] {
        let (band, digit) = (n.index % 3, n.index / 3);
        let mut out = [0; SLOTS];
        for j in 0..SLOTS {
            let by_band = if SLOT_BAND[j] == band { !n.cell } else { !0 };
            let by_digit = if SLOT_DIGIT[j] == digit { !n.column } else { !0 };
            let m = if j as u32 == n.index { n.keep } else { by_band & by_digit };
            out[j] = self.cand[j] & m;
        }
        out
    }

    /// Places the given `digit` at band bit `bit` of `band`, eagerly: the
    /// cell leaves the other digits and the digit leaves the cell's row, box
    /// and column. (For givens this beats the lazy [`State::narrow`]: the
    /// band update has less to derive from the start.)
    #[inline]
    fn place_given(&mut self, digit: usize, band: usize, bit: u32) -> Result<(), Unsolvable> {
        let cell = 1u32 << bit;
        let i = 3 * digit + band;
        if self.cand[i] & cell == 0 {
            return Err(Unsolvable);
        }
        for d in 0..9 {
            self.cand[3 * d + band] &= !cell;
        }
        self.cand[i] = (self.cand[i] | cell) & KEEP_AFTER_PLACE[bit as usize];
        let col = 0o1001001u32 << (bit % 9);
        let [j, k] = OTHER_BANDS[i];
        self.cand[j] &= !col;
        self.cand[k] &= !col;
        self.unsolved[band] &= !cell;
        Ok(())
    }

    /// The state of the 81 `values` (0 = empty, else 1-9) with every given
    /// placed eagerly, as [`State::place_given`] would place them one by one
    /// (same state, same clashes found), for less work per given: the given
    /// cells of a band leave the band's other digits in one pass over its
    /// nine masks, instead of nine masks per given.
    #[inline(always)]
    fn from_givens(values: &[u8; 81]) -> Result<State, Unsolvable> {
        let mut state = State::new();
        let filled = given_cells(values);
        // The given cells of each mask.
        let mut given = [0u32; SLOTS];
        for band in 0..3 {
            let cells: &[u8; 27] = values[27 * band..][..27].try_into().expect("27 cells");
            let mut todo = filled[band];
            while todo != 0 {
                let bit = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                debug_assert!((1..=9).contains(&cells[bit]), "a given is a digit");
                let i = (3 * (cells[bit] as usize - 1) + band) % SLOTS;
                let cell = 1 << bit;
                if state.cand[i] & cell == 0 {
                    return Err(Unsolvable);
                }
                given[i] |= cell;
                state.cand[i] &= KEEP_AFTER_PLACE[bit];
                let [j, k] = OTHER_BANDS[i];
                state.cand[j] &= !COLUMN[bit];
                state.cand[k] &= !COLUMN[bit];
            }
            // Later bands' givens only clear columns of this band, which
            // commutes with this: the result is the one-by-one result.
            for d in 0..9 {
                state.cand[3 * d + band] &= !filled[band] | given[3 * d + band];
            }
            state.unsolved[band] = ALL & !filled[band];
        }
        Ok(state)
    }

    /// The state of the givens, from the given cells of each mask (`given`,
    /// slot `3 * digit + band`; padding slots 0): as [`State::from_givens`]
    /// (the same state, and a clash exactly when that finds one), in one
    /// lane-wise pass for instruction sets that find the given cells with
    /// byte compares (`simd`). Each mask keeps the cells outside its givens'
    /// rows and boxes, its digit's given columns and its band's other given
    /// cells, and its own givens. A clash (a digit given twice in a row, box
    /// or column) is a row or box field of a mask with two given cells, or
    /// a column given in two bands of a digit.
    #[inline(always)]
    fn from_given_masks(given: &[u32; SLOTS]) -> Result<State, Unsolvable> {
        let mut filled = [0u32; 3];
        // Per slot: the digit's given columns (repeated in the three rows)
        // and the band's given cells, so that the pass below is lane-wise.
        let (mut column_cells, mut others) = ([0u32; SLOTS], [0u32; SLOTS]);
        let mut clash = 0;
        for d in 0..9 {
            let [a, b, c] = [0, 1, 2].map(|band| given[3 * d + band]);
            filled[0] |= a;
            filled[1] |= b;
            filled[2] |= c;
            let [a, b, c] = [a, b, c].map(columns);
            clash |= a & b | a & c | b & c;
            column_cells[3 * d..3 * d + 3].fill((a | b | c) * 0o1001001);
        }
        for d in 0..9 {
            others[3 * d..3 * d + 3].copy_from_slice(&filled);
        }
        let mut cand = [0u32; SLOTS];
        let mut twice = [0u32; SLOTS];
        for i in 0..SLOTS {
            let g = given[i];
            // A row or box field with a given goes, and one with two is a
            // clash.
            let mut lines = 0;
            for k in 0..3 {
                let (row, boxed) = (ROW << (9 * k), 0o007_007_007 << (3 * k));
                let (in_row, in_box) = (g & row, g & boxed);
                lines |= row & 0u32.wrapping_sub(u32::from(in_row != 0));
                lines |= boxed & 0u32.wrapping_sub(u32::from(in_box != 0));
                twice[i] |= in_row & in_row.wrapping_sub(1) | in_box & in_box.wrapping_sub(1);
            }
            // Padding slots: no givens and no cells, so they stay 0.
            cand[i] = (!(lines | column_cells[i] | others[i]) | g) & ALL & SLOT_MASK[i];
        }
        if clash | twice.iter().fold(0, |a, &t| a | t) != 0 {
            return Err(Unsolvable);
        }
        let unsolved = filled.map(|f| ALL & !f);
        Ok(State { cand, done: [0; SLOTS], unsolved, pairs: [0; 3] })
    }

    /// The masks changed since their last band update, as bits `1 << i`.
    /// A branch-free comparison of the two arrays (the compiler makes it a
    /// few vector compares).
    #[inline(always)]
    fn changed(&self) -> u32 {
        let mut m = 0;
        for i in 0..27 {
            m |= u32::from(self.cand[i] != self.done[i]) << i;
        }
        m
    }

    /// The candidates of the cell at band bit `bit` of `band`, as bits
    /// `1 << digit` (0-based digits).
    #[inline(always)]
    fn digits_at(&self, band: usize, bit: u32) -> u32 {
        let mut digits = 0;
        for d in 0..9 {
            digits |= ((self.cand[3 * d + band] >> bit) & 1) << d;
        }
        digits
    }

    /// Runs the band update on every changed mask until none changes: each
    /// sweep updates the masks changed when it began, in order.
    #[inline(always)]
    fn update<I: Isa>(&mut self, isa: I) -> Result<(), Unsolvable> {
        loop {
            let mut work = isa.changed(self);
            if work == 0 {
                return Ok(());
            }
            while work != 0 {
                let i = (work.trailing_zeros() % SLOTS as u32) as usize;
                work &= work - 1;
                self.update_band(i)?;
            }
        }
    }

    /// The band update of mask `i`: locked candidates and hidden singles in
    /// its band, then its consequences for the digit's other bands (columns)
    /// and for the band's other digits (solved rows).
    #[inline(always)]
    fn update_band(&mut self, i: usize) -> Result<(), Unsolvable> {
        let x = self.cand[i];
        let shrunk = SHRINK[(x & ROW) as usize]
            | SHRINK[((x >> 9) & ROW) as usize] << 3
            | SHRINK[(x >> 18) as usize] << 6;
        let y = x & PERMUTATION_CELLS[shrunk as usize];
        if y == 0 {
            return Err(Unsolvable);
        }
        self.done[i] = y;
        let band = BAND_OF[i];
        let pinned = COLUMN_SINGLES[columns(y) as usize] * 0o1001001;
        let [j, k] = OTHER_BANDS[i];
        self.cand[j] &= !pinned;
        self.cand[k] &= !pinned;
        // Rows of the band where the digit has one cell left are solved: the
        // other digits lose that cell. Unconditional and branch-free: clear
        // the cells from every digit of the band, then restore this one.
        let solved = ROW_SINGLE[(y & ROW) as usize]
            | ROW_SINGLE[((y >> 9) & ROW) as usize] << 9
            | ROW_SINGLE[(y >> 18) as usize] << 18;
        self.unsolved[band] &= !solved;
        for d in 0..9 {
            self.cand[3 * d + band] &= !solved;
        }
        self.cand[i] = y;
        Ok(())
    }

    /// Places every naked single. Returns whether any was found; records
    /// the bivalue cells for guessing.
    #[inline(always)]
    fn naked_singles<I: Isa>(&mut self, isa: I) -> Result<bool, Unsolvable> {
        let mut found = false;
        let counts = isa.band_counts(self);
        for band in 0..3 {
            let [once, twice, thrice] = match counts {
                Some(c) => c[band],
                None => self.band_counts(band),
            };
            if once != ALL {
                return Err(Unsolvable);
            }
            self.pairs[band] = twice & !thrice;
            let mut singles = once & !twice & self.unsolved[band];
            while singles != 0 {
                let bit = singles.trailing_zeros();
                singles &= singles - 1;
                let cell = 1 << bit;
                let Some(d) = (0..9).find(|&d| self.cand[3 * d + band] & cell != 0) else {
                    // An earlier single of this pass took the cell's digit.
                    return Err(Unsolvable);
                };
                // Lazily, as in `place`: the band update does the rest.
                self.cand[3 * d + band] &= KEEP_AFTER_PLACE[bit as usize];
                found = true;
            }
        }
        Ok(found)
    }

    /// The cells of `band` with at least one, two and three candidates, as
    /// `[once, twice, thrice]`: bit-sliced adders over its nine digit masks.
    #[inline(always)]
    fn band_counts(&self, band: usize) -> [u32; 3] {
        let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
        for d in 0..9 {
            let m = self.cand[3 * d + band];
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        [once, twice, thrice]
    }

    /// Propagates to a fixpoint of the band update and naked singles: the
    /// generator's propagation (carving and filling), without the stack rule.
    #[inline(always)]
    fn propagate<I: Isa>(&mut self, isa: I) -> Result<(), Unsolvable> {
        isa.propagate_rules::<false, false>(self, false, false).map(|_| ())
    }

    /// [`Isa::propagate_rules`] as steps on the state: the band update
    /// ([`Isa::update`]) to its fixpoint, then naked singles, and at a stall
    /// (no single) the stack rule, then intersection counting, until none
    /// of them changes anything.
    #[inline(always)]
    fn propagate_steps<I: Isa, const STACKS: bool, const TRIADS: bool>(
        &mut self,
        isa: I,
        stacks_on: bool,
        triads_on: bool,
    ) -> Result<bool, Unsolvable> {
        let mut removed = false;
        loop {
            isa.update(self)?;
            if self.is_solved() {
                return Ok(removed);
            }
            // One `||` chain: the next rule runs only when the previous one
            // made no progress (cheaper than an `if` after the singles).
            let progress = self.naked_singles(isa)?
                || (STACKS && stacks_on && self.open_cells() >= stacks::MIN_OPEN && {
                    let r = self.stack_rule();
                    removed |= r;
                    r
                })
                || (TRIADS && triads_on && self.triads()?);
            if !progress {
                return Ok(removed);
            }
        }
    }

    #[inline(always)]
    fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// The cell to guess in, as (band, bit): of the bivalue cells of the
    /// band with the most of them, the one that sees the most bivalue cells
    /// (in its row and box, and [`COLUMN_WEIGHT`] times those in its column
    /// in the other bands) plus, with `OPEN_COLUMN`, the open cells of that
    /// column; with no bivalue cell, the unsolved cell with the fewest
    /// candidates. The band richest in bivalue cells takes fewer nodes than
    /// the first bivalue cell or the band with the fewest unsolved cells.
    /// The solver's search counts the open column cells; the generator's
    /// searches (carving, filling) do not: there they cost more than they
    /// save and would change the puzzle a seed gives (figures:
    /// `docs/solver-notes.md`, "Choosing the guess").
    #[inline(always)]
    fn guess_cell(&self) -> (usize, u32) {
        self.guess_cell_scored::<false>()
    }

    /// [`State::guess_cell`], with or without the column's open cells.
    #[inline(always)]
    fn guess_cell_scored<const OPEN_COLUMN: bool>(&self) -> (usize, u32) {
        if self.pairs != [0; 3] {
            let counts = self.pairs.map(u32::count_ones);
            let band = (0..3).max_by_key(|&b| counts[b]).unwrap_or(0);
            return (band, self.best_pair_in::<OPEN_COLUMN>(band));
        }
        let mut best = (0, 0, u32::MAX);
        for band in 0..3 {
            let mut cells = self.unsolved[band];
            while cells != 0 {
                let bit = cells.trailing_zeros();
                cells &= cells - 1;
                let n =
                    (0..9).filter(|&d| self.cand[3 * d + band] & (1 << bit) != 0).count() as u32;
                if n < best.2 {
                    best = (band, bit, n);
                }
            }
        }
        (best.0, best.1)
    }

    /// The best-scored bivalue cell of `band`, which must have one, as
    /// [`State::guess_cell_scored`] scores them (ties to the lowest bit).
    #[inline(always)]
    fn best_pair_in<const OPEN_COLUMN: bool>(&self, band: usize) -> u32 {
        let (o1, o2) = ((band + 1) % 3, (band + 2) % 3);
        let (mine, other) =
            (self.pairs[band], u64::from(self.pairs[o1]) << 32 | u64::from(self.pairs[o2]));
        let open = u64::from(self.unsolved[o1]) << 32 | u64::from(self.unsolved[o2]);
        // The best score, ties to the lowest bit: (score << 5) | (31 - bit).
        let mut best = 0;
        let mut cells = mine;
        while cells != 0 {
            let bit = cells.trailing_zeros();
            cells &= cells - 1;
            let col = u64::from(COLUMN[bit as usize]);
            let score = (mine & ROW_BOX[bit as usize]).count_ones()
                + COLUMN_WEIGHT * (other & (col << 32 | col)).count_ones()
                + if OPEN_COLUMN { (open & (col << 32 | col)).count_ones() } else { 0 };
            best = best.max(score << 5 | (31 - bit));
        }
        31 - (best & 31)
    }

    fn values(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for d in 0..9 {
            for band in 0..3 {
                let mut m = self.cand[3 * d + band];
                while m != 0 {
                    let bit = m.trailing_zeros() as usize;
                    m &= m - 1;
                    out[27 * band + bit] = d as u8 + 1;
                }
            }
        }
        out
    }
}

/// A solution found by the search: its final state, whose values are only
/// worked out when asked for (counting solutions never asks).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Solved<'a>(&'a State);

impl Solved<'_> {
    /// The 81 values (1-9) of the solution.
    pub(crate) fn values(self) -> [u8; 81] {
        self.0.values()
    }
}

/// The search over one puzzle: a node budget and the solution callback.
struct Search<'a, F> {
    nodes: u64,
    budget: u64,
    deadline: Watch<'a>,
    on_solution: &'a mut F,
    stopped: Option<Ended>,
    /// Whether the stack rule runs before [`stacks::LATE_NODES`] guesses:
    /// whether it removed anything in the root's propagation.
    stacks: bool,
    /// Whether the search guesses on band configurations ([`guess`]).
    configs: bool,
    /// Whether it has taken a configuration guess: from then on the
    /// propagation runs intersection counting ([`triads`]), which refutes a
    /// wrong configuration quickly (without it, a configuration that asks a
    /// minirow for a fourth digit can take an exponential search).
    used_configs: bool,
}

impl<F: FnMut(Solved<'_>) -> Next> Search<'_, F> {
    /// The search from `state`, with the state operations of `isa`. Inlined
    /// into each instruction set's entry point ([`Isa::explore`]), which the
    /// recursion goes back through, so the whole search is compiled for the
    /// instruction set chosen at the top.
    ///
    /// The search starts from a copy of `from` narrowed by `narrow`: a guess
    /// is handed down as its parent's state and the narrowing, so the state
    /// is copied once per guess, in the callee, and narrowed on the way.
    #[inline(always)]
    fn explore_with<I: Isa>(&mut self, isa: I, from: &State, narrow: Narrow) {
        let mut state = *from;
        state.narrow::<I>(narrow);
        // Each turn propagates, then guesses in one cell (or on one digit's
        // configurations in a band): every branch but the last on a copy of
        // the state, the last in place (by then it is the only one left),
        // which saves a copy per guess.
        loop {
            let on = self.stacks || self.nodes >= stacks::LATE_NODES;
            match isa.propagate_rules::<true, true>(&mut state, on, self.used_configs) {
                Err(_) => return,
                Ok(removed) => {
                    if self.nodes == 0 {
                        self.stacks = removed;
                    }
                }
            }
            if state.is_solved() {
                if (self.on_solution)(Solved(&state)) == Next::Stop {
                    self.stopped = Some(Ended::Finished);
                }
                return;
            }
            // Configurations at an open root and after a few nodes (when
            // on), a bivalue cell else (see `guess`).
            let guess = if self.configs
                && (self.nodes >= guess::LATE_NODES
                    || (self.nodes == 0 && state.open_cells() >= guess::OPEN_ROOT))
            {
                state.guess_config()
            } else {
                let (band, bit) = state.guess_cell_scored::<true>();
                Guess::Cell { band, bit }
            };
            match guess {
                Guess::Cell { band, bit } => {
                    let cell = 1u32 << bit;
                    let mut digits = isa.digits_at(&state, band, bit);
                    loop {
                        let d = digits.trailing_zeros() as usize;
                        digits &= digits - 1;
                        if self.out_of_budget() {
                            return;
                        }
                        if digits == 0 {
                            state.narrow::<I>(Narrow::place::<I>(d, band, bit));
                            break;
                        }
                        isa.explore(self, &state, Narrow::place::<I>(d, band, bit));
                        if self.stopped.is_some() {
                            return;
                        }
                        state.narrow::<I>(Narrow::mask(3 * d + band, !cell));
                    }
                }
                Guess::Config { index, mut perms } => {
                    self.used_configs = true;
                    let index = index % SLOTS;
                    loop {
                        let p = perms.trailing_zeros() as usize % 6;
                        perms &= perms - 1;
                        if self.out_of_budget() {
                            return;
                        }
                        if perms == 0 {
                            state.narrow::<I>(Narrow::mask(index, guess::PERM_CELLS[p]));
                            break;
                        }
                        isa.explore(self, &state, Narrow::mask(index, guess::PERM_CELLS[p]));
                        if self.stopped.is_some() {
                            return;
                        }
                        let rest = guess::PERM_SET_CELLS[perms as usize % 64];
                        state.narrow::<I>(Narrow::mask(index, rest));
                    }
                }
            }
        }
    }

    /// Counts a node (one branch tried); whether the budget or the deadline
    /// has run out, which stops the search.
    #[inline(always)]
    fn out_of_budget(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget
            || (self.nodes.is_multiple_of(super::general::CLOCK_NODES) && self.deadline.passed())
        {
            self.stopped = Some(Ended::OutOfBudget);
            return true;
        }
        false
    }
}

/// Solves a 9x9 puzzle given as 81 values (0 = empty), calling `on_solution`
/// with each solution until it answers `Stop`. Returns how the search ended
/// and the number of guesses taken.
///
/// With `exclude = Some((cell, digit))` (cell index, digit 1-9) only the
/// solutions where that cell does not hold that digit count: the carver's
/// question "does removing this clue allow another solution?".
pub(crate) fn run(
    values: &[u8],
    exclude: Option<(usize, u8)>,
    max_nodes: Option<u64>,
    deadline: Watch<'_>,
    on_solution: impl FnMut(Solved<'_>) -> Next,
) -> (Ended, u64) {
    run_search(Choice::best(), guess::IN_SEARCH, values, exclude, max_nodes, deadline, on_solution)
}

/// The instruction set a search runs on.
#[derive(Clone, Copy, Debug)]
enum Choice {
    /// Plain code for the baseline of the target: always available.
    Scalar,
    /// AVX2 (with BMI1/2 and POPCNT), found on this CPU at run time.
    #[cfg(target_arch = "x86_64")]
    Avx2(simd::Avx2),
    /// AVX-512 F on top of AVX2, found on this CPU at run time.
    #[cfg(target_arch = "x86_64")]
    Avx512(simd::Avx512),
}

impl Choice {
    /// The fastest instruction set this CPU has.
    fn best() -> Choice {
        #[cfg(target_arch = "x86_64")]
        if let Some(isa) = simd::Avx512::detect() {
            return Choice::Avx512(isa);
        }
        if let Some(isa) = simd::Avx2::detect() {
            return Choice::Avx2(isa);
        }
        Choice::Scalar
    }
}

impl Choice {
    /// The state of the givens `values`, on this instruction set
    /// ([`Isa::place_givens`]).
    fn place_givens(self, values: &[u8; 81]) -> Result<State, Unsolvable> {
        match self {
            Choice::Scalar => Scalar.place_givens(values),
            #[cfg(target_arch = "x86_64")]
            Choice::Avx2(isa) => isa.place_givens(values),
            #[cfg(target_arch = "x86_64")]
            Choice::Avx512(isa) => isa.place_givens(values),
        }
    }
}

/// [`run`] on the instruction set `isa`, guessing on band configurations
/// or not (`configs`; the search guesses on them with [`guess::IN_SEARCH`]).
fn run_search(
    isa: Choice,
    configs: bool,
    values: &[u8],
    exclude: Option<(usize, u8)>,
    max_nodes: Option<u64>,
    deadline: Watch<'_>,
    mut on_solution: impl FnMut(Solved<'_>) -> Next,
) -> (Ended, u64) {
    let values: &[u8; 81] = values.try_into().expect("a 9x9 grid has 81 values");
    let Ok(mut state) = isa.place_givens(values) else {
        return (Ended::Finished, 0);
    };
    if let Some((cell, digit)) = exclude {
        if values[cell] != 0 {
            // A given cannot avoid its own digit; any other is no constraint.
            if values[cell] == digit {
                return (Ended::Finished, 0);
            }
        } else {
            state.cand[3 * (digit as usize - 1) + cell / 27] &= !(1 << (cell % 27));
        }
    }
    let mut search = Search {
        nodes: 0,
        budget: max_nodes.unwrap_or(u64::MAX),
        deadline,
        on_solution: &mut on_solution,
        stopped: None,
        stacks: true,
        configs,
        used_configs: false,
    };
    match isa {
        Choice::Scalar => Scalar.explore(&mut search, &state, Narrow::NONE),
        #[cfg(target_arch = "x86_64")]
        Choice::Avx2(isa) => isa.explore(&mut search, &state, Narrow::NONE),
        #[cfg(target_arch = "x86_64")]
        Choice::Avx512(isa) => isa.explore(&mut search, &state, Narrow::NONE),
    }
    (search.stopped.unwrap_or(Ended::Finished), search.nodes)
}

#[cfg(test)]
mod tests;
