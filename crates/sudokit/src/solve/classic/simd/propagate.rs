//! The search's whole propagation on AVX-512, in registers: the band
//! update's sweeps ([`super::sweep`]), then at each of their fixpoints naked
//! singles, and at each stall the stack rule and intersection counting, in
//! the order and with the gates of [`State::propagate_steps`], so every stall
//! sees the state the portable steps reach and the search takes the same
//! nodes. The state stays in two registers (mask slots 0-15 and 16-31) from
//! the first sweep to the end; the per-band values (unsolved cells, counts)
//! sit in lanes 0-2 of a register, lane `b` for band `b`.
//!
//! # The rules as whole-state bit logic
//! - **Naked singles.** The counts are [`super::sweep::groups`]'s; a cell with
//!   no candidate is a contradiction, and the single cells (one candidate,
//!   unsolved) of each band go back to the band's nine lanes, where each
//!   digit keeps, in the rows and boxes of its single cells, only those
//!   cells (the lazy placement of `State::place`, all singles at once).
//!   Placed one by one, a single whose digit an earlier single of the pass
//!   took from it is a contradiction: two single cells of one digit in one
//!   row or one box, which the vector form tests directly (two in a
//!   minirow, or two of the row's or box's minirows with one). Otherwise
//!   the placements commute, so both forms give the same masks.
//! - **Stack rule** (`stacks`). Each mask's column set, repeated in its three
//!   rows, and its rotations within each stack ([`Columns`]) are lane-wise;
//!   the digit's other two bands are two-source lane permutes, as the sweeps'
//!   pinned columns are. Bits above bit 26 carry junk that the final `and`
//!   with the mask drops.
//! - **Intersection counting** (`triads`). The words are the portable
//!   pass's, halved: minirow flags and their "forced" bits in one register
//!   pair, minicolumn flags (taken from [`Columns`]) and theirs in another.
//!   The counts over a band's nine digits are binary this time: a carry-save
//!   step over lanes `j`, `j + 9`, `j + 18` (sum and carry of three bits), then
//!   the two kinds packed in lanes 0-5 (minirows in 0-2, minicolumns in
//!   3-5, band `b` at `b` and `3 + b`) and summed over `j`, `j + 3`, `j + 6` to
//!   a 4-bit count, of which the rule needs "exactly three" and "four or
//!   more". The removals (about one pass in ten has any) go back through the
//!   same lanes.
//!
//! Every rule computes its removals from the state at its start, as the
//! portable stack rule and intersection counting do; `propagate`'s unit
//! tests compare the whole propagation with the portable one on random and
//! corpus states, and each vector rule with its portable form.
//!
//! The per-band values go in and out as plain `u32`s, and a guess's copy
//! gets its narrowing as a whole-array lane-wise write (`State::narrow` with
//! `Isa::EAGER`), not as one `u32` store: a masked vector store read back as
//! `u32`s, or a `u32` store under the next vector load, makes the load wait
//! for the store to complete (`perf` showed 5-7% of the search's time on
//! each).
//!
//! With the state in registers, the stalls' passes read no stored arrays
//! (whose shifted reads the CPU cannot forward), and the sweeps are the
//! bulk of the propagation: about 5.7 per node, 3.5 per fixpoint. The
//! search's CPU time against the same rules on the state in memory:
//! `docs/solver-notes.md` ("AVX-512: the whole propagation in registers").

use std::arch::x86_64::{
    __m512i, __mmask16, _mm_cvtsi128_si32, _mm_extract_epi32, _mm_setr_epi32, _mm512_add_epi32,
    _mm512_and_si512, _mm512_andnot_si512, _mm512_castsi512_si128, _mm512_cmpneq_epi32_mask,
    _mm512_mask_cmpneq_epi32_mask, _mm512_mask_test_epi32_mask, _mm512_or_si512,
    _mm512_permutex2var_epi32, _mm512_permutexvar_epi32, _mm512_slli_epi32, _mm512_sllv_epi32,
    _mm512_srli_epi32, _mm512_srlv_epi32, _mm512_sub_epi32, _mm512_test_epi32_mask,
    _mm512_xor_si512, _mm512_zextsi128_si512,
};

use super::super::{ALL, State, Unsolvable, stacks};
use super::sweep::{
    AND_NOT_OR, AND_OR, AND3, MAJORITY, OR_AND, OR3, SELECT, fixpoint, groups, lanes, load, once,
    other_band, splat, store, tern, thrice, twice,
};

/// Lanes 0-2 of a per-band register: one per band.
const BANDS: __mmask16 = 0b111;

/// `vpternlogd` truth tables (see `sweep`): `a & !b & c`.
const A_NOT_B_C: i32 = 0xF0 & !0xCC & 0xAA;
/// `a & (b | !c)`.
const A_AND_B_OR_NOT_C: i32 = 0xF0 & (0xCC | !0xAA) & 0xFF;
/// `(a & c) | b`.
const A_AND_C_OR_B: i32 = (0xF0 & 0xAA) | 0xCC;
/// `a ^ b ^ c`.
const XOR3: i32 = 0xF0 ^ 0xCC ^ 0xAA;

/// The minirow flag bits of a mask (bit `9 * row + 3 * box`).
const MINIROWS: u32 = 0o111_111_111;

/// The search's propagation (see the module docs): the result of
/// [`State::propagate_steps`] with the same `STACKS`, `TRIADS` and flags,
/// on the same state. Always inlined (into the entry points of `simd`,
/// compiled with the features it needs), so that `GFNI`'s band update is
/// inlined too: a function compiled for AVX-512 F alone could not inline it.
///
/// # Safety
/// The CPU must have AVX-512 F and, with `GFNI`, AVX-512 VBMI and GFNI.
#[inline(always)]
pub(super) unsafe fn propagate<const GFNI: bool, const STACKS: bool, const TRIADS: bool>(
    state: &mut State,
    stacks_on: bool,
    triads_on: bool,
) -> Result<bool, Unsolvable> {
    // SAFETY: the caller guarantees the features every call below needs
    // (with `GFNI`, `fixpoint`'s too).
    unsafe {
        let (mut x0, mut x1) = load(&state.cand);
        let (d0, d1) = load(&state.done);
        let mut dirty = _mm512_cmpneq_epi32_mask(x0, d0) | _mm512_cmpneq_epi32_mask(x1, d1) != 0;
        let mut unsolved = per_band(state.unsolved);
        let mut removed = false;
        loop {
            if dirty {
                let (y0, y1, solved) = fixpoint::<GFNI>(x0, x1)?;
                (x0, x1) = (y0, y1);
                unsolved = _mm512_andnot_si512(solved, unsolved);
            }
            dirty = true;
            if _mm512_mask_test_epi32_mask(BANDS, unsolved, unsolved) == 0 {
                finish(state, x0, x1, unsolved, None);
                return Ok(removed);
            }
            let groups = groups(x0, x1);
            let singles = singles(groups, unsolved)?;
            if _mm512_mask_test_epi32_mask(BANDS, singles, singles) != 0 {
                (x0, x1) = place_singles(x0, x1, singles)?;
                continue;
            }
            let stacks = STACKS && stacks_on && open_cells(unsolved) >= stacks::MIN_OPEN;
            let triads = TRIADS && triads_on;
            if stacks || triads {
                let columns = [Columns::of(x0), Columns::of(x1)];
                if stacks {
                    let (n0, n1) = stack_rule(x0, x1, columns);
                    if _mm512_cmpneq_epi32_mask(n0, x0) | _mm512_cmpneq_epi32_mask(n1, x1) != 0 {
                        removed = true;
                        (x0, x1) = (n0, n1);
                        continue;
                    }
                }
                if triads && let Some((n0, n1)) = triads_pass(x0, x1, columns)? {
                    (x0, x1) = (n0, n1);
                    continue;
                }
            }
            let pairs = _mm512_andnot_si512(thrice(groups), twice(groups));
            finish(state, x0, x1, unsolved, Some(pairs));
            return Ok(removed);
        }
    }
}

/// Stores the propagated masks (as done), the unsolved cells and, when
/// given, the bivalue cells (lanes 0-2) into `state`. The per-band values
/// are plain `u32` stores: the search reads them right away as `u32`s,
/// which a masked vector store would make wait for the store to complete.
#[inline]
#[target_feature(enable = "avx512f")]
fn finish(state: &mut State, x0: __m512i, x1: __m512i, unsolved: __m512i, pairs: Option<__m512i>) {
    store(&mut state.cand, x0, x1);
    store(&mut state.done, x0, x1);
    state.unsolved = bands_of(unsolved);
    if let Some(pairs) = pairs {
        state.pairs = bands_of(pairs);
    }
}

/// Lanes 0-2 of `v`.
#[inline]
#[target_feature(enable = "avx512f")]
fn bands_of(v: __m512i) -> [u32; 3] {
    let v = _mm512_castsi512_si128(v);
    [_mm_cvtsi128_si32(v), _mm_extract_epi32::<1>(v), _mm_extract_epi32::<2>(v)].map(|x| x as u32)
}

/// A per-band register: the three values in lanes 0-2, zeros above.
#[inline]
#[target_feature(enable = "avx512f")]
fn per_band(values: [u32; 3]) -> __m512i {
    let [a, b, c] = values.map(|x| x as i32);
    _mm512_zextsi128_si512(_mm_setr_epi32(a, b, c, 0))
}

/// The number of unsolved cells (lanes 0-2).
#[inline]
#[target_feature(enable = "avx512f")]
fn open_cells(unsolved: __m512i) -> u32 {
    bands_of(unsolved).iter().map(|u| u.count_ones()).sum()
}

/// The naked singles (lanes 0-2: unsolved cells with one candidate) of a
/// state with candidate counts `groups`; a cell without a candidate is a
/// contradiction.
#[inline]
#[target_feature(enable = "avx512f")]
fn singles(groups: [[__m512i; 3]; 3], unsolved: __m512i) -> Result<__m512i, Unsolvable> {
    if _mm512_mask_cmpneq_epi32_mask(BANDS, once(groups), splat(ALL)) != 0 {
        return Err(Unsolvable);
    }
    Ok(tern::<A_NOT_B_C>(once(groups), twice(groups), unsolved))
}

/// For each mask slot, the lane of a per-band register that holds its band.
#[inline]
#[target_feature(enable = "avx512f")]
fn band_lanes(offset: i32) -> (__m512i, __m512i) {
    (lanes(|i| offset + i % 3), lanes(|i| offset + (i + 16) % 3))
}

/// Places the naked singles `singles` (lanes 0-2, one per band) lazily, all
/// at once (see the module docs); two single cells of a digit in one row or
/// one box are a contradiction.
#[inline]
#[target_feature(enable = "avx512f")]
fn place_singles(
    x0: __m512i,
    x1: __m512i,
    singles: __m512i,
) -> Result<(__m512i, __m512i), Unsolvable> {
    let (i0, i1) = band_lanes(0);
    let (n0, twice0) = place(x0, _mm512_permutexvar_epi32(i0, singles));
    let (n1, twice1) = place(x1, _mm512_permutexvar_epi32(i1, singles));
    if _mm512_test_epi32_mask(twice0, twice0) | _mm512_test_epi32_mask(twice1, twice1) != 0 {
        return Err(Unsolvable);
    }
    Ok((n0, n1))
}

/// [`place_singles`] on 16 masks `x` with their bands' single cells `s`:
/// the narrowed masks, and a lane that is not 0 where a mask holds two of
/// the single cells in one row or one box.
#[inline]
#[target_feature(enable = "avx512f")]
fn place(x: __m512i, s: __m512i) -> (__m512i, __m512i) {
    let sl = _mm512_and_si512(x, s);
    let (a, b) = (_mm512_srli_epi32::<1>(sl), _mm512_srli_epi32::<2>(sl));
    // At the minirow flag bits: minirows with a single cell, with two.
    let minirows = tern::<OR3>(sl, a, b);
    let in_minirow = tern::<MAJORITY>(sl, a, b);
    // Two in a row: two of its minirows; in a box: two of its minirows.
    let in_row = tern::<MAJORITY>(
        minirows,
        _mm512_srli_epi32::<3>(minirows),
        _mm512_srli_epi32::<6>(minirows),
    );
    let (m9, m18) = (_mm512_srli_epi32::<9>(minirows), _mm512_srli_epi32::<18>(minirows));
    let in_box = tern::<MAJORITY>(minirows, m9, m18);
    let twice = tern::<OR3>(
        _mm512_and_si512(in_minirow, splat(MINIROWS)),
        _mm512_and_si512(in_row, splat(0o001_001_001)),
        _mm512_and_si512(in_box, splat(0o111)),
    );
    // The boxes of the single cells (bits 0, 3, 6), spread to their cells.
    let boxes = tern::<OR_AND>(_mm512_or_si512(minirows, m9), m18, splat(0o111));
    let boxes = tern::<OR3>(boxes, _mm512_slli_epi32::<1>(boxes), _mm512_slli_epi32::<2>(boxes));
    let boxes = tern::<OR3>(boxes, _mm512_slli_epi32::<9>(boxes), _mm512_slli_epi32::<18>(boxes));
    // Their rows: bit 8 of a row's field when the row has one, then the
    // whole field.
    let low = splat(0o377_377_377);
    let h =
        tern::<OR_AND>(_mm512_add_epi32(_mm512_and_si512(sl, low), low), sl, splat(0o400_400_400));
    let rows = _mm512_or_si512(h, _mm512_sub_epi32(h, _mm512_srli_epi32::<8>(h)));
    (tern::<A_AND_B_OR_NOT_C>(x, sl, _mm512_or_si512(rows, boxes)), twice)
}

/// Each mask's column set repeated in its three rows (`all`), and that
/// rotated by one and by two columns within each stack (`next1`, `next2`:
/// bit `x` gets column `x + 1`, `x + 2` of its stack), for the stack rule and
/// intersection counting. Bits above bit 26 hold junk.
#[derive(Clone, Copy)]
struct Columns {
    all: __m512i,
    next1: __m512i,
    next2: __m512i,
}

impl Columns {
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn of(x: __m512i) -> Columns {
        let c = tern::<OR3>(x, _mm512_srli_epi32::<9>(x), _mm512_srli_epi32::<18>(x));
        let all = tern::<OR3>(c, _mm512_slli_epi32::<9>(c), _mm512_slli_epi32::<18>(c));
        let next1 = tern::<SELECT>(
            _mm512_srli_epi32::<1>(all),
            _mm512_slli_epi32::<2>(all),
            splat(0o333_333_333),
        );
        let next2 = tern::<SELECT>(
            _mm512_srli_epi32::<2>(all),
            _mm512_slli_epi32::<1>(all),
            splat(0o111_111_111),
        );
        Columns { all, next1, next2 }
    }
}

/// The stack rule (`State::stack_rule`) on the masks `x0`, `x1`, whose
/// [`Columns`] are `columns`: a column stays possible for a digit's band
/// when the digit's other two bands can take the other two columns of the
/// stack.
#[inline]
#[target_feature(enable = "avx512f")]
fn stack_rule(x0: __m512i, x1: __m512i, columns: [Columns; 2]) -> (__m512i, __m512i) {
    let [c0, c1] = columns;
    let keep = |k: i32| {
        let (b, c) = (lanes(|i| other_band(i + 16 * k, 1)), lanes(|i| other_band(i + 16 * k, 2)));
        let b1 = _mm512_permutex2var_epi32(c0.next1, b, c1.next1);
        let b2 = _mm512_permutex2var_epi32(c0.next2, b, c1.next2);
        let c1_ = _mm512_permutex2var_epi32(c0.next1, c, c1.next1);
        let c2 = _mm512_permutex2var_epi32(c0.next2, c, c1.next2);
        tern::<AND_OR>(b2, c1_, _mm512_and_si512(b1, c2))
    };
    (_mm512_and_si512(x0, keep(0)), _mm512_and_si512(x1, keep(1)))
}

/// The intersection-counting words of 16 masks `x` with [`Columns`] `c`:
/// minirow flags with "forced" one bit above each, and minicolumn flags
/// (bits 0-8) with "forced" 16 bits above (junk above bit 24).
#[inline]
#[target_feature(enable = "avx512f")]
fn triad_words(x: __m512i, c: Columns) -> (__m512i, __m512i) {
    let t = tern::<OR_AND>(
        _mm512_or_si512(x, _mm512_srli_epi32::<1>(x)),
        _mm512_srli_epi32::<2>(x),
        splat(MINIROWS),
    );
    let others = tern::<OR3>(
        _mm512_or_si512(_mm512_srli_epi32::<9>(t), _mm512_slli_epi32::<18>(t)),
        _mm512_srli_epi32::<18>(t),
        _mm512_slli_epi32::<9>(t),
    );
    let rows = _mm512_or_si512(t, _mm512_slli_epi32::<1>(_mm512_andnot_si512(others, t)));
    let forced = tern::<AND_NOT_OR>(c.all, c.next1, c.next2);
    let cols = tern::<A_AND_C_OR_B>(c.all, _mm512_slli_epi32::<16>(forced), splat(0o777));
    (rows, cols)
}

/// A binary sum of three bit vectors: (sum, carry).
#[inline]
#[target_feature(enable = "avx512f")]
fn add3(a: __m512i, b: __m512i, c: __m512i) -> (__m512i, __m512i) {
    (tern::<XOR3>(a, b, c), tern::<MAJORITY>(a, b, c))
}

/// Intersection counting (`State::triads`) on the masks `x0`, `x1` with
/// [`Columns`] `columns`: the narrowed masks when it removed a candidate,
/// `None` when not; a contradiction is an error. Always inlined (as
/// [`propagate`]): a call would spill the registers the search's loop holds.
///
/// # Safety
/// The CPU must have AVX-512 F.
#[inline(always)]
unsafe fn triads_pass(
    x0: __m512i,
    x1: __m512i,
    columns: [Columns; 2],
) -> Result<Option<(__m512i, __m512i)>, Unsolvable> {
    // SAFETY: the caller guarantees AVX-512 F, all that the calls below need.
    unsafe {
        let (r0, k0) = triad_words(x0, columns[0]);
        let (r1, k1) = triad_words(x1, columns[1]);
        // Sum and carry over lanes j, j + 9, j + 18 (j < 9) of each kind.
        let (plus9, plus18) = (lanes(|j| j + 9), lanes(|j| (j + 18) & 31));
        let (rs, rc) = add3(
            r0,
            _mm512_permutex2var_epi32(r0, plus9, r1),
            _mm512_permutex2var_epi32(r0, plus18, r1),
        );
        let (ks, kc) = add3(
            k0,
            _mm512_permutex2var_epi32(k0, plus9, k1),
            _mm512_permutex2var_epi32(k0, plus18, k1),
        );
        // Both kinds in lanes 0-5, then lanes j, j + 3, j + 6 of the first step.
        let pack = |s: i32| {
            lanes(move |j| {
                if j < 3 {
                    j + s
                } else if j < 6 {
                    16 + j - 3 + s
                } else {
                    0
                }
            })
        };
        let (p0, p3, p6) = (pack(0), pack(3), pack(6));
        let sums = [p0, p3, p6].map(|p| _mm512_permutex2var_epi32(rs, p, ks));
        let carries = [p0, p3, p6].map(|p| _mm512_permutex2var_epi32(rc, p, kc));
        let (bit0, carry) = add3(sums[0], sums[1], sums[2]);
        let (twos, fours) = add3(carries[0], carries[1], carries[2]);
        let bit1 = _mm512_xor_si512(twos, carry);
        // Four or more: a carry into the fours.
        let many = tern::<AND_OR>(twos, carry, fours);
        let three = tern::<A_NOT_B_C>(bit0, many, bit1);
        let at_least_three = tern::<AND_OR>(bit0, bit1, many);
        // The section flags and forced bits of each kind, and the shift from a
        // forced bit to its flag.
        let flags = lanes(|j| {
            if j < 3 {
                MINIROWS as i32
            } else if j < 6 {
                0o777
            } else {
                0
            }
        });
        let forced = lanes(|j| {
            if j < 3 {
                (MINIROWS << 1) as i32
            } else if j < 6 {
                0o777 << 16
            } else {
                0
            }
        });
        let shift = lanes(|j| {
            if j < 3 {
                1
            } else if j < 6 {
                16
            } else {
                0
            }
        });
        const KINDS: __mmask16 = 0b11_1111;
        if _mm512_mask_cmpneq_epi32_mask(KINDS, _mm512_and_si512(at_least_three, flags), flags)
            | _mm512_mask_test_epi32_mask(KINDS, many, forced)
            != 0
        {
            return Err(Unsolvable);
        }
        // Exactly three possible digits (each must go there), exactly three
        // forced ones (the others cannot); where both hold, nothing is left.
        let exact = _mm512_and_si512(three, flags);
        let full = _mm512_srlv_epi32(_mm512_and_si512(three, forced), shift);
        let work = _mm512_xor_si512(exact, full);
        if _mm512_mask_test_epi32_mask(KINDS, work, work) == 0 {
            return Ok(None);
        }
        // Each section's "must go" at its flag bit, "others lose" at its forced bit.
        let todo = _mm512_or_si512(
            _mm512_and_si512(exact, work),
            _mm512_sllv_epi32(_mm512_and_si512(full, work), shift),
        );
        let (rows_lo, rows_hi) = band_lanes(0);
        let (cols_lo, cols_hi) = band_lanes(3);
        let n0 = triad_removals(
            x0,
            (r0, _mm512_permutexvar_epi32(rows_lo, todo)),
            (k0, _mm512_permutexvar_epi32(cols_lo, todo)),
        );
        let n1 = triad_removals(
            x1,
            (r1, _mm512_permutexvar_epi32(rows_hi, todo)),
            (k1, _mm512_permutexvar_epi32(cols_hi, todo)),
        );
        if _mm512_cmpneq_epi32_mask(n0, x0) | _mm512_cmpneq_epi32_mask(n1, x1) == 0 {
            return Ok(None);
        }
        Ok(Some((n0, n1)))
    }
}

/// The removals of intersection counting on 16 masks `x`, given each mask's
/// minirow word and its band's minirow work (flags: must go, forced bits:
/// others lose), and the same for minicolumns.
#[inline]
#[target_feature(enable = "avx512f")]
fn triad_removals(x: __m512i, rows: (__m512i, __m512i), cols: (__m512i, __m512i)) -> __m512i {
    let (rw, rt) = rows;
    let (cw, ct) = cols;
    // Minirows the digit must go in: the rest of their rows and boxes go.
    let must = tern::<AND3>(rw, rt, splat(MINIROWS));
    let h = _mm512_and_si512(_mm512_add_epi32(must, splat(0o377_377_377)), splat(0o400_400_400));
    let lines = _mm512_or_si512(h, _mm512_sub_epi32(h, _mm512_srli_epi32::<8>(h)));
    let boxes = tern::<OR_AND>(
        _mm512_or_si512(must, _mm512_srli_epi32::<9>(must)),
        _mm512_srli_epi32::<18>(must),
        splat(0o111),
    );
    let boxes = tern::<OR3>(boxes, _mm512_slli_epi32::<1>(boxes), _mm512_slli_epi32::<2>(boxes));
    let boxes = tern::<OR3>(boxes, _mm512_slli_epi32::<9>(boxes), _mm512_slli_epi32::<18>(boxes));
    let own = tern::<OR3>(must, _mm512_slli_epi32::<1>(must), _mm512_slli_epi32::<2>(must));
    // Minirows with three forced digits, this one not among them: its cells go.
    let lose =
        _mm512_and_si512(_mm512_srli_epi32::<1>(_mm512_andnot_si512(rw, rt)), splat(MINIROWS));
    let lose = tern::<OR3>(lose, _mm512_slli_epi32::<1>(lose), _mm512_slli_epi32::<2>(lose));
    let row_out = tern::<OR_AND>(lines, boxes, _mm512_andnot_si512(own, splat(ALL)));
    // Minicolumns the digit must go in: the rest of their boxes goes;
    // minicolumns with three forced digits, this one not among them, go.
    let must = tern::<AND3>(cw, ct, splat(0o777));
    let stacks = tern::<OR_AND>(
        _mm512_or_si512(must, _mm512_srli_epi32::<1>(must)),
        _mm512_srli_epi32::<2>(must),
        splat(0o111),
    );
    let stacks =
        tern::<OR3>(stacks, _mm512_slli_epi32::<1>(stacks), _mm512_slli_epi32::<2>(stacks));
    let lose_cols =
        _mm512_and_si512(_mm512_srli_epi32::<16>(_mm512_andnot_si512(cw, ct)), splat(0o777));
    let col_out = tern::<OR_AND>(_mm512_andnot_si512(must, stacks), lose_cols, splat(0o777));
    let col_out =
        tern::<OR3>(col_out, _mm512_slli_epi32::<9>(col_out), _mm512_slli_epi32::<18>(col_out));
    _mm512_andnot_si512(tern::<OR3>(row_out, lose, col_out), x)
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::super::super::tests::corpus;
    use super::super::super::{ALL, Isa, KEEP_AFTER_PLACE, Scalar, State};
    use super::super::Avx512;
    use super::super::sweep::{load, store};
    use std::arch::x86_64::_mm512_mask_test_epi32_mask;

    use super::super::sweep::groups;
    use super::{BANDS, Columns, per_band, place_singles, singles, stack_rule, triads_pass};

    /// A random state of mixed density (nothing propagated).
    fn random_masks(rng: &mut Xoshiro256PlusPlus) -> State {
        let mut state = State::new();
        let kind = rng.random_range(0..3);
        for i in 0..27 {
            let (a, b) = (rng.random::<u32>(), rng.random::<u32>());
            state.cand[i] = [a | b, a, a & b][kind] & ALL;
        }
        state
    }

    /// States as the search meets them: a corpus puzzle's propagated state
    /// narrowed a little (a placement, a candidate or two gone, a mask cut
    /// to random cells), some of them propagated again first.
    fn search_states(n: usize, seed: u64) -> Vec<State> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let base: Vec<State> = corpus(53)
            .iter()
            .filter_map(|p| {
                let mut s = State::from_givens(p.as_slice().try_into().ok()?).ok()?;
                s.propagate_steps::<Scalar, true, true>(Scalar, true, true).ok()?;
                Some(s)
            })
            .collect();
        let mut out = Vec::new();
        while out.len() < n {
            let mut s = base[rng.random_range(0..base.len())];
            for _ in 0..rng.random_range(0..4) {
                narrow(&mut s, &mut rng);
                if rng.random_bool(0.5)
                    && s.propagate_steps::<Scalar, true, true>(Scalar, true, true).is_err()
                {
                    break;
                }
            }
            narrow(&mut s, &mut rng);
            out.push(s);
        }
        out
    }

    fn narrow(s: &mut State, rng: &mut Xoshiro256PlusPlus) {
        let i = rng.random_range(0..27);
        match rng.random_range(0..3) {
            0 => {
                let m = s.cand[i];
                if m != 0 {
                    let bit = (0..27)
                        .filter(|b| m >> b & 1 != 0)
                        .nth(rng.random_range(0..m.count_ones() as usize))
                        .unwrap_or(0);
                    s.cand[i] &= KEEP_AFTER_PLACE[bit];
                }
            }
            1 => s.cand[i] &= !(1 << rng.random_range(0..27)) & !(1 << rng.random_range(0..27)),
            _ => s.cand[i] &= rng.random::<u32>() | rng.random::<u32>(),
        }
    }

    /// The vector naked singles on `state`: `Err` for a contradiction, else
    /// whether there were any (the masks then narrowed in place).
    #[target_feature(enable = "avx512f")]
    fn vector_singles(state: &mut State) -> Result<bool, ()> {
        let (x0, x1) = load(&state.cand);
        let unsolved = per_band(state.unsolved);
        let singles = singles(groups(x0, x1), unsolved).map_err(|_| ())?;
        if _mm512_mask_test_epi32_mask(BANDS, singles, singles) == 0 {
            return Ok(false);
        }
        let (n0, n1) = place_singles(x0, x1, singles).map_err(|_| ())?;
        store(&mut state.cand, n0, n1);
        Ok(true)
    }

    /// States rich in naked singles: a valid grid's candidates with random
    /// extra ones in some cells, now and then a cell cut to one wrong digit
    /// or to none, and a random part of the cells marked solved.
    fn single_states(n: usize, seed: u64) -> Vec<State> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        (0..n)
            .map(|_| {
                let mut state = State::new();
                state.cand[..27].fill(0);
                let (shift, extra) = (rng.random_range(0..9), rng.random_range(0.05..0.9));
                for cell in 0..81 {
                    let (r, c) = (cell / 9, cell % 9);
                    let digit = (3 * (r % 3) + r / 3 + c + shift) % 9;
                    let mut digits = 1u32 << digit;
                    if rng.random_bool(extra) {
                        digits |= rng.random::<u32>() & 0o777;
                    }
                    if rng.random_bool(0.01) {
                        digits = [0, 1 << rng.random_range(0..9)][rng.random_range(0..2)];
                    }
                    for d in 0..9 {
                        if digits >> d & 1 != 0 {
                            state.cand[3 * d + cell / 27] |= 1 << (cell % 27);
                        }
                    }
                }
                for u in &mut state.unsolved {
                    *u &= rng.random::<u32>() | rng.random::<u32>();
                }
                state
            })
            .collect()
    }

    /// Runs the portable pass `want` and the vector pass `got` on a copy of
    /// each state and checks that they agree: both find a contradiction, or
    /// both give the same answer and leave the same masks. Returns how many
    /// answered true and how many found a contradiction.
    fn compare_passes<E>(
        states: impl IntoIterator<Item = State>,
        want: impl Fn(&mut State) -> Result<bool, E>,
        got: impl Fn(&mut State) -> Result<bool, ()>,
    ) -> (usize, usize) {
        let (mut answered, mut failed) = (0, 0);
        for before in states {
            let (mut portable, mut vector) = (before, before);
            let found = got(&mut vector);
            match want(&mut portable) {
                Err(_) => {
                    assert!(found.is_err(), "{before:?}");
                    failed += 1;
                }
                Ok(answer) => {
                    assert_eq!(found, Ok(answer), "{before:?}");
                    assert_eq!(vector.cand, portable.cand, "{before:?}");
                    answered += usize::from(answer);
                }
            }
        }
        (answered, failed)
    }

    #[test]
    fn naked_singles_match_the_portable_ones() {
        let Some(_) = Avx512::for_test_of("the vector naked singles") else { return };
        // SAFETY: `for_test_of` found AVX-512 F.
        let vector = |state: &mut State| unsafe { vector_singles(state) };
        let states = single_states(20_000, 26);
        let (placed, failed) = compare_passes(states, |s| s.naked_singles(Scalar), vector);
        assert!(placed > 5_000 && failed > 5_000, "{placed} placed, {failed} contradictions");
    }

    #[test]
    fn stack_rule_matches_the_portable_one() {
        let Some(_) = Avx512::for_test_of("the vector stack rule") else { return };
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(21);
        let mut changed = 0;
        for round in 0..20_000 {
            let mut state = random_masks(&mut rng);
            if round % 2 == 1 {
                for m in &mut state.cand[..27] {
                    *m &= rng.random::<u32>();
                }
            }
            let before = state;
            changed += usize::from(state.stack_rule());
            let mut got = before;
            // SAFETY: `for_test_of` found AVX-512 F.
            unsafe { vector_stack_rule(&mut got) };
            assert_eq!(got.cand, state.cand, "{before:?}");
        }
        assert!(changed > 5_000, "the random states exercise the rule ({changed} changed)");
    }

    #[target_feature(enable = "avx512f")]
    fn vector_stack_rule(state: &mut State) {
        let (x0, x1) = load(&state.cand);
        let (n0, n1) = stack_rule(x0, x1, [Columns::of(x0), Columns::of(x1)]);
        store(&mut state.cand, n0, n1);
    }

    /// The vector pass on `state`: `Err` for a contradiction, else whether
    /// it removed something (the masks then narrowed in place).
    #[target_feature(enable = "avx512f")]
    fn vector_triads(state: &mut State) -> Result<bool, ()> {
        let (x0, x1) = load(&state.cand);
        // SAFETY: this function is compiled for AVX-512 F, so the caller has it.
        match unsafe { triads_pass(x0, x1, [Columns::of(x0), Columns::of(x1)]) } {
            Err(_) => Err(()),
            Ok(None) => Ok(false),
            Ok(Some((n0, n1))) => {
                store(&mut state.cand, n0, n1);
                Ok(true)
            }
        }
    }

    #[test]
    fn triads_match_the_portable_pass() {
        let Some(_) = Avx512::for_test_of("the vector intersection counting") else { return };
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(22);
        let states = search_states(20_000, 23).into_iter().enumerate().map(|(k, mut state)| {
            // Half as the search meets them (after the band update), half raw.
            if k % 2 == 0 {
                if state.update(Scalar).is_err() {
                    state = random_masks(&mut rng);
                }
            } else if k % 4 == 1 {
                state = random_masks(&mut rng);
            }
            state
        });
        // SAFETY: `for_test_of` found AVX-512 F.
        let vector = |state: &mut State| unsafe { vector_triads(state) };
        let (changed, failed) = compare_passes(states, State::triads, vector);
        assert!(changed > 500 && failed > 500, "{changed} changed, {failed} contradictions");
    }

    #[test]
    fn propagation_matches_the_portable_steps() {
        let Some(isa) = Avx512::for_test_of("the vector propagation") else { return };
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(24);
        let states = search_states(20_000, 25);
        let (mut ok, mut failed) = (0, 0);
        for (k, start) in states.iter().enumerate() {
            let state = if k % 5 == 4 { random_masks(&mut rng) } else { *start };
            let (stacks, triads) = (k % 3 != 2, k % 4 != 3);
            for token in [isa, isa.without_gfni()] {
                let (mut a, mut b) = (state, state);
                let want = a.propagate_steps::<Scalar, true, true>(Scalar, stacks, triads);
                let got = token.propagate_rules::<true, true>(&mut b, stacks, triads);
                assert_eq!(want.is_ok(), got.is_ok(), "{state:?}");
                if let (Ok(w), Ok(g)) = (want, got) {
                    assert_eq!(w, g, "{state:?}");
                    assert_eq!(
                        (a.cand, a.done, a.unsolved),
                        (b.cand, b.done, b.unsolved),
                        "{state:?}"
                    );
                    if !a.is_solved() {
                        assert_eq!(a.pairs, b.pairs, "{state:?}");
                    }
                }
            }
            if state.clone().propagate_steps::<Scalar, true, true>(Scalar, stacks, triads).is_ok() {
                ok += 1;
            } else {
                failed += 1;
            }
        }
        assert!(ok > 5_000 && failed > 5_000, "{ok} propagated, {failed} contradictions");
    }
}
