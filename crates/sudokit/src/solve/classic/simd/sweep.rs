//! The band update of all 27 masks at once on AVX-512: Jacobi sweeps of
//! table-free bit logic on two 16-lane registers (mask slots 0-15 and 16-31;
//! the padding slots 27-31 hold 0 and stay 0).
//!
//! One sweep computes, for every mask `x` at once, what
//! [`State::update_band`](super::super::State) computes for one:
//! - **Permutation rule.** `t = (x | x >> 1 | x >> 2) & 0o111111111` has a
//!   bit per non-empty minirow (row `r`, box `k`: bit `9r + 3k`). Minirow
//!   `(r, k)` stays when the other two rows can take the other two boxes:
//!   `t(r+1, k+1) & t(r+2, k+2) | t(r+1, k+2) & t(r+2, k+1)`, with the rows
//!   rotated within the 27 bits (shifts by 9 and 18) and the boxes within
//!   each row (shifts by 3 and 6, a select by `vpternlogd`). The cells of the
//!   kept minirows stay: `y`. A real lane with `y == 0` is a contradiction.
//! - **Pinned columns.** The columns of `y` alone in their stack (a 3-bit
//!   group with one bit) leave the digit's other two bands (lane `3d + b`
//!   reads lanes `3d + (b + 1) % 3` and `3d + (b + 2) % 3`: two two-source
//!   permutes per register).
//! - **Solved rows.** A row of `y` with one cell (`y & (y - 0o001001001)`
//!   has that 9-bit field 0) is a placement: the band's other digits lose
//!   the cell. The band's solved cells are the OR over its nine digits (lanes
//!   `b, b + 3, ..., b + 24`: a three-way OR of lanes `j, j + 9, j + 18`,
//!   then of `j, j + 3, j + 6` modulo 9, then spread back), and a cell
//!   solved by two digits (a majority in either step) is a contradiction;
//!   the sequential update reaches one too (the first placement empties the
//!   other digit's row).
//!
//! Every removal of a sweep is computed from the state at its start, and
//! sweeps repeat until no mask changes.
//!
//! With AVX-512 VBMI and GFNI ([`update512_gfni`]) the permutation rule
//! takes 6 byte-level instructions instead of 12 shifts (which only one port
//! runs at 512 bits): `vpmultishiftqb` copies each row's minirow bits into
//! a byte, already rotated by one row and by two, `vgf2p8affineqb` rotates
//! the boxes inside each byte (a bit permutation is a GF(2) matrix), and two
//! more `vpmultishiftqb` put the two products back at the minirow bits.
//! Naked singles' counts ([`band_counts512`]) use the solved cells' two
//! three-way steps, carrying "at least one / two / three" bit-slices.
//!
//! # Why the result is the sequential one
//! The rules only remove candidates, and each removal's condition, once true,
//! stays true in any smaller state that is not a contradiction (a row single
//! stays single unless the row empties; a kept minirow of a smaller mask was
//! kept in the larger; a lone column stays alone or the stack empties). So a
//! contradiction-free fixpoint `F` reached in one order lies inside every
//! state of any other order, by induction over the steps; that order
//! therefore never meets a contradiction, and its own fixpoint lies inside
//! `F` by the same argument: they are equal. If one order meets a
//! contradiction, so does the other. The unsolved cells are the initial
//! ones less the row singles of the final masks in both orders (a mask
//! that is done at the start had its row singles cleared when it was
//! updated), so propagation, node counts and solutions are the same as on
//! the sequential update; `classic/tests.rs` checks that against the scalar
//! path, and the unit test below compares single updates on random states.
//! (This is the classic result on chaotic iteration of monotone removal
//! operators: K. R. Apt, "The essence of constraint propagation", Theoretical
//! Computer Science 221, 1999; P. Cousot and R. Cousot, "Automatic synthesis
//! of optimal invariant assertions: mathematical foundations", 1977.)
//!
//! # Cost
//! A sweep is about 110 vector instructions, against ~62 instructions per
//! sequential band update and ~12 of those per node: more work per sweep,
//! but no table loads and no branch per changed mask. The sweeps take
//! 1.3-1.8x the puzzles per second of the sequential update on AVX-512; the
//! figures by step, and a rejected hybrid of the two, are in
//! `docs/solver-notes.md` ("AVX-512: the band update in Jacobi sweeps").

use std::arch::x86_64::{
    __m512i, __mmask16, _mm512_add_epi32, _mm512_and_si512, _mm512_andnot_si512,
    _mm512_cmpneq_epi32_mask, _mm512_gf2p8affine_epi64_epi8, _mm512_loadu_si512,
    _mm512_mask_test_epi32_mask, _mm512_multishift_epi64_epi8, _mm512_or_si512,
    _mm512_permutex2var_epi32, _mm512_permutexvar_epi32, _mm512_set1_epi32, _mm512_set1_epi64,
    _mm512_setr_epi32, _mm512_slli_epi32, _mm512_srli_epi32, _mm512_storeu_si512, _mm512_sub_epi32,
    _mm512_ternarylogic_epi32, _mm512_testn_epi32_mask,
};

use super::super::{ALL, SLOTS, State, Unsolvable};

// `vpternlogd` truth tables: the function applied to these three bytes.
const A: i32 = 0xF0;
const B: i32 = 0xCC;
const C: i32 = 0xAA;
/// `a | b | c`.
pub(super) const OR3: i32 = A | B | C;
/// `(a | b) & c`.
pub(super) const OR_AND: i32 = (A | B) & C;
/// `c ? a : b`, bitwise.
pub(super) const SELECT: i32 = (C & A) | (!C & B) & 0xFF;
/// `a & !(b | c)`.
pub(super) const AND_NOT_OR: i32 = A & !(B | C) & 0xFF;
/// `(a & b) | c`.
pub(super) const AND_OR: i32 = (A & B) | C;
/// `a & b & c`.
pub(super) const AND3: i32 = A & B & C;
/// `a & (b | c)`.
pub(super) const AND_OF_OR: i32 = A & (B | C);
/// `a & (b | !c)`.
pub(super) const AND_OR_NOT: i32 = A & (B | !C) & 0xFF;
/// At least two of `a`, `b`, `c`.
pub(super) const MAJORITY: i32 = (A & B) | (A & C) | (B & C);

/// The real mask lanes of the upper register (slots 16-26).
pub(super) const HIGH_LANES: __mmask16 = (1 << (27 - 16)) - 1;

#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn splat(x: u32) -> __m512i {
    _mm512_set1_epi32(x as i32)
}

#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn tern<const IMM: i32>(a: __m512i, b: __m512i, c: __m512i) -> __m512i {
    _mm512_ternarylogic_epi32::<IMM>(a, b, c)
}

/// Lane indices as a vector (values 0-31: bit 4 picks the second source of
/// a two-source permute).
#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn lanes(f: impl Fn(i32) -> i32) -> __m512i {
    _mm512_setr_epi32(
        f(0),
        f(1),
        f(2),
        f(3),
        f(4),
        f(5),
        f(6),
        f(7),
        f(8),
        f(9),
        f(10),
        f(11),
        f(12),
        f(13),
        f(14),
        f(15),
    )
}

/// For slot `i = 3d + b`, slot `3d + (b + step) % 3`; padding slots read
/// slot 31 (always 0 in the inputs this is used on).
pub(super) const fn other_band(i: i32, step: i32) -> i32 {
    if i < 27 { 3 * (i / 3) + (i % 3 + step) % 3 } else { 31 }
}

/// Box `k` of each row gets box `k + 1` (cyclically) of the same row, for
/// minirow bits (`9r + 3k`); other bit positions hold junk.
#[inline]
#[target_feature(enable = "avx512f")]
fn boxes1(v: __m512i) -> __m512i {
    tern::<SELECT>(_mm512_srli_epi32::<3>(v), _mm512_slli_epi32::<6>(v), splat(0o011_011_011))
}

/// Box `k` of each row gets box `k + 2` (cyclically) of the same row.
#[inline]
#[target_feature(enable = "avx512f")]
fn boxes2(v: __m512i) -> __m512i {
    tern::<SELECT>(_mm512_srli_epi32::<6>(v), _mm512_slli_epi32::<3>(v), splat(0o001_001_001))
}

/// The first half of a sweep on 16 masks `x`: the kept cells `y`, the
/// columns `y` pins (to be removed from the digit's other bands) and the
/// cells of `y`'s solved rows. With `GFNI`, the permutation rule is
/// [`keep_minirows`]'s.
///
/// # Safety
/// With `GFNI`, the CPU must have AVX-512 VBMI and GFNI.
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn band_step<const GFNI: bool>(x: __m512i) -> (__m512i, __m512i, __m512i) {
    // Permutation rule on the minirow bits.
    let keep = if GFNI {
        let t_raw = tern::<OR3>(x, _mm512_srli_epi32::<1>(x), _mm512_srli_epi32::<2>(x));
        // SAFETY: with `GFNI` the caller guarantees VBMI and GFNI.
        unsafe { keep_minirows(t_raw) }
    } else {
        let t = tern::<OR_AND>(
            _mm512_or_si512(x, _mm512_srli_epi32::<1>(x)),
            _mm512_srli_epi32::<2>(x),
            splat(0o111_111_111),
        );
        let all = splat(ALL);
        let r1 = tern::<OR_AND>(_mm512_srli_epi32::<9>(t), _mm512_slli_epi32::<18>(t), all);
        let r2 = tern::<OR_AND>(_mm512_srli_epi32::<18>(t), _mm512_slli_epi32::<9>(t), all);
        let p = _mm512_and_si512(boxes1(r1), boxes2(r2));
        _mm512_and_si512(tern::<AND_OR>(boxes2(r1), boxes1(r2), p), t)
    };
    let cells = tern::<OR3>(keep, _mm512_slli_epi32::<1>(keep), _mm512_slli_epi32::<2>(keep));
    let y = _mm512_and_si512(x, cells);
    // Columns alone in their stack, repeated in the three rows.
    let c = tern::<OR_AND>(
        _mm512_or_si512(y, _mm512_srli_epi32::<9>(y)),
        _mm512_srli_epi32::<18>(y),
        splat(0o777),
    );
    let n1 = tern::<SELECT>(_mm512_srli_epi32::<1>(c), _mm512_slli_epi32::<2>(c), splat(0o333));
    let n2 = tern::<SELECT>(_mm512_srli_epi32::<2>(c), _mm512_slli_epi32::<1>(c), splat(0o111));
    let single = tern::<AND_NOT_OR>(c, n1, n2);
    let pinned =
        tern::<OR3>(single, _mm512_slli_epi32::<9>(single), _mm512_slli_epi32::<18>(single));
    // Rows with one cell. Every row of a non-empty `y` is non-empty, so the
    // per-row decrement borrows across no row; a lane with `y == 0` gives 0.
    let z = _mm512_and_si512(y, _mm512_sub_epi32(y, splat(0o001_001_001)));
    let low = splat(0o377_377_377);
    // Bit 8 of each row of `h`: the row of `z` is not 0.
    let h =
        tern::<OR_AND>(_mm512_add_epi32(_mm512_and_si512(z, low), low), z, splat(0o400_400_400));
    let multi = _mm512_or_si512(h, _mm512_sub_epi32(h, _mm512_srli_epi32::<8>(h)));
    let solved = _mm512_andnot_si512(multi, y);
    (y, pinned, solved)
}

/// For a `vgf2p8affineqb` bit matrix: output bit `out` is input bit `inp`,
/// for each pair.
const fn bit_matrix(pairs: &[(u32, u32)]) -> i64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < pairs.len() {
        let (out, inp) = pairs[i];
        m |= (1u64 << inp) << (8 * (7 - out));
        i += 1;
    }
    m as i64
}

/// Per byte with minirow bits at 0, 3, 6 (boxes 0-2): boxes rotated by one
/// at bits 0, 3, 6 and by two at bits 1, 4, 7.
const ROTATE_12: i64 = bit_matrix(&[(0, 3), (3, 6), (6, 0), (1, 6), (4, 0), (7, 3)]);
/// Boxes rotated by two at bits 0, 3, 6 and by one at bits 1, 4, 7.
const ROTATE_21: i64 = bit_matrix(&[(0, 6), (3, 0), (6, 3), (1, 3), (4, 6), (7, 0)]);

/// Eight byte offsets for `vpmultishiftqb`, one per byte of each qword.
const fn offsets(o: [u8; 8]) -> i64 {
    i64::from_le_bytes([o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7]])
}

/// The permutation rule with byte tricks (AVX-512 VBMI and GFNI): the same
/// result as the shifts in [`band_step`]. `vpmultishiftqb` brings each row's
/// first eight bits of `t` (minirow bits at 0, 3, 6) into a byte, already
/// rotated by one row (`b`) and by two (`c`); `vgf2p8affineqb` rotates the
/// boxes inside the bytes; two more `vpmultishiftqb` put the two products
/// back at the minirow bits.
#[inline]
#[target_feature(enable = "avx512f,avx512vbmi,gfni")]
fn keep_minirows(t_raw: __m512i) -> __m512i {
    let next = _mm512_set1_epi64(offsets([9, 18, 0, 0, 41, 50, 32, 32]));
    let after = _mm512_set1_epi64(offsets([18, 0, 9, 0, 50, 32, 41, 32]));
    let g1 = _mm512_gf2p8affine_epi64_epi8::<0>(
        _mm512_multishift_epi64_epi8(next, t_raw),
        _mm512_set1_epi64(ROTATE_12),
    );
    let g2 = _mm512_gf2p8affine_epi64_epi8::<0>(
        _mm512_multishift_epi64_epi8(after, t_raw),
        _mm512_set1_epi64(ROTATE_21),
    );
    let p = _mm512_and_si512(g1, g2);
    let back_a = _mm512_set1_epi64(offsets([0, 7, 14, 22, 32, 39, 46, 54]));
    let back_b = _mm512_set1_epi64(offsets([1, 8, 15, 23, 33, 40, 47, 55]));
    let t = _mm512_and_si512(t_raw, splat(0o111_111_111));
    tern::<OR_AND>(
        _mm512_multishift_epi64_epi8(back_a, p),
        _mm512_multishift_epi64_epi8(back_b, p),
        t,
    )
}

/// Runs the band update on every mask until none changes, all masks at once
/// per sweep (see the module docs), with AVX-512 F alone.
#[target_feature(enable = "avx512f")]
pub(super) fn update512(state: &mut State) -> Result<(), Unsolvable> {
    // SAFETY: without `GFNI`, AVX-512 F (enabled here) is all it needs.
    unsafe { sweeps::<false>(state) }
}

/// [`update512`] with the permutation rule of [`keep_minirows`] (AVX-512
/// VBMI and GFNI): fewer shifts, which only one port runs at 512 bits.
#[target_feature(enable = "avx512f,avx512vbmi,gfni")]
pub(super) fn update512_gfni(state: &mut State) -> Result<(), Unsolvable> {
    // SAFETY: VBMI and GFNI are enabled here, so the caller has them.
    unsafe { sweeps::<true>(state) }
}

/// The sweeps of [`update512`] and [`update512_gfni`] (inlined into each).
///
/// # Safety
/// With `GFNI`, the CPU must have AVX-512 VBMI and GFNI.
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn sweeps<const GFNI: bool>(state: &mut State) -> Result<(), Unsolvable> {
    let (x0, x1) = load(&state.cand);
    let (d0, d1) = load(&state.done);
    if _mm512_cmpneq_epi32_mask(x0, d0) | _mm512_cmpneq_epi32_mask(x1, d1) == 0 {
        return Ok(());
    }
    // SAFETY: the caller guarantees what `GFNI` needs.
    let (y0, y1, solved) = unsafe { fixpoint::<GFNI>(x0, x1)? };
    store(&mut state.cand, y0, y1);
    store(&mut state.done, y0, y1);
    let mut solved_cells = [0u32; 16];
    // SAFETY: `solved_cells` is 64 bytes, and `storeu` accepts any alignment.
    unsafe { _mm512_storeu_si512(solved_cells.as_mut_ptr().cast(), solved) };
    for (unsolved, solved) in state.unsolved.iter_mut().zip(solved_cells) {
        *unsolved &= !solved;
    }
    Ok(())
}

/// The 32 mask slots of `masks` as two registers (slots 0-15, 16-31).
#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn load(masks: &[u32; SLOTS]) -> (__m512i, __m512i) {
    const _: () = assert!(SLOTS == 32);
    // SAFETY: slots 0-15 and 16-31 are 64 bytes each inside the array, and
    // `loadu` accepts any alignment.
    unsafe {
        (
            _mm512_loadu_si512(masks.as_ptr().cast()),
            _mm512_loadu_si512(masks.as_ptr().add(16).cast()),
        )
    }
}

/// Stores two registers into the 32 mask slots of `masks` (as [`load`]).
#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn store(masks: &mut [u32; SLOTS], lo: __m512i, hi: __m512i) {
    // SAFETY: as for `load`.
    unsafe {
        _mm512_storeu_si512(masks.as_mut_ptr().cast(), lo);
        _mm512_storeu_si512(masks.as_mut_ptr().add(16).cast(), hi);
    }
}

/// The band update's fixpoint of the masks `x0` (slots 0-15) and `x1`
/// (slots 16-31), in Jacobi sweeps (see the module docs), and the cells
/// its solved rows placed on the way: lanes 0-8 of the third register, lane
/// `j` for band `j % 3`. A contradiction is an error.
///
/// # Safety
/// With `GFNI`, the CPU must have AVX-512 VBMI and GFNI.
#[inline]
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn fixpoint<const GFNI: bool>(
    mut x0: __m512i,
    mut x1: __m512i,
) -> Result<(__m512i, __m512i, __m512i), Unsolvable> {
    let other1_lo = lanes(|i| other_band(i, 1));
    let other1_hi = lanes(|i| other_band(i + 16, 1));
    let other2_lo = lanes(|i| other_band(i, 2));
    let other2_hi = lanes(|i| other_band(i + 16, 2));
    let plus9 = lanes(|j| j + 9);
    let plus18 = lanes(|j| (j + 18) & 31);
    let rot3 = lanes(|j| if j < 9 { (j + 3) % 9 } else { j });
    let rot6 = lanes(|j| if j < 9 { (j + 6) % 9 } else { j });
    let mod9_lo = lanes(|i| i % 9);
    let mod9_hi = lanes(|i| (i + 16) % 9);
    let mut solved_acc = splat(0);
    loop {
        // SAFETY: the caller guarantees what `GFNI` needs.
        let ((y0, p0, s0), (y1, p1, s1)) =
            unsafe { (band_step::<GFNI>(x0), band_step::<GFNI>(x1)) };
        if _mm512_testn_epi32_mask(y0, y0) | (_mm512_testn_epi32_mask(y1, y1) & HIGH_LANES) != 0 {
            return Err(Unsolvable);
        }
        // The band's solved cells: lanes j, j + 9, j + 18 (j < 9) first.
        let sb = _mm512_permutex2var_epi32(s0, plus9, s1);
        let sc = _mm512_permutex2var_epi32(s0, plus18, s1);
        let w = tern::<OR3>(s0, sb, sc);
        let twice = tern::<MAJORITY>(s0, sb, sc);
        let w3 = _mm512_permutexvar_epi32(rot3, w);
        let w6 = _mm512_permutexvar_epi32(rot6, w);
        let u = tern::<OR3>(w, w3, w6);
        let clash = tern::<MAJORITY>(w, w3, w6);
        let clash = _mm512_or_si512(clash, twice);
        if _mm512_mask_test_epi32_mask(0x1FF, clash, clash) != 0 {
            return Err(Unsolvable);
        }
        solved_acc = _mm512_or_si512(solved_acc, u);
        let band0 = _mm512_permutexvar_epi32(mod9_lo, u);
        let band1 = _mm512_permutexvar_epi32(mod9_hi, u);
        // Removals: pinned columns from the other bands, and cells solved by
        // the band's other digits.
        let q0 = _mm512_permutex2var_epi32(p0, other1_lo, p1);
        let q1 = _mm512_permutex2var_epi32(p0, other1_hi, p1);
        let r0 = _mm512_permutex2var_epi32(p0, other2_lo, p1);
        let r1 = _mm512_permutex2var_epi32(p0, other2_hi, p1);
        let n0 = tern::<AND_OR_NOT>(tern::<AND_NOT_OR>(y0, q0, r0), s0, band0);
        let n1 = tern::<AND_OR_NOT>(tern::<AND_NOT_OR>(y1, q1, r1), s1, band1);
        if _mm512_cmpneq_epi32_mask(n0, y0) | _mm512_cmpneq_epi32_mask(n1, y1) == 0 {
            return Ok((y0, y1, solved_acc));
        }
        (x0, x1) = (n0, n1);
    }
}

/// [`Isa::band_counts`](super::super::Isa::band_counts) on all three bands
/// at once ([`groups`]).
#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn band_counts512(cand: &[u32; SLOTS]) -> [[u32; 3]; 3] {
    let (x0, x1) = load(cand);
    let groups = groups(x0, x1);
    let all = [once(groups), twice(groups), thrice(groups)];
    let mut out = [[0u32; 16]; 3];
    for (o, v) in out.iter_mut().zip(all) {
        // SAFETY: `o` is 64 bytes, and `storeu` accepts any alignment.
        unsafe { _mm512_storeu_si512(o.as_mut_ptr().cast(), v) };
    }
    let mut counts = [[0; 3]; 3];
    for (band, c) in counts.iter_mut().enumerate() {
        *c = [out[0][band], out[1][band], out[2][band]];
    }
    counts
}

/// The bit-sliced candidate counts of the three bands' cells, in two
/// three-way steps as the sweeps' solved cells (lanes `j`, `j + 9`, `j + 18`,
/// then `j`, `j + 3`, `j + 6` modulo 9): the first step's counts "at least
/// one / two / three" of three digits in lanes 0-8 and their rotations by
/// three and six lanes (`[[c, c3, c6]; 3]`), from which [`once`], [`twice`]
/// and [`thrice`] give the nine digits' counts, lane `j` (`j < 9`) for band
/// `j % 3`.
#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn groups(x0: __m512i, x1: __m512i) -> [[__m512i; 3]; 3] {
    let (b, c) = (
        _mm512_permutex2var_epi32(x0, lanes(|j| j + 9), x1),
        _mm512_permutex2var_epi32(x0, lanes(|j| (j + 18) & 31), x1),
    );
    let (rot3, rot6) = (
        lanes(|j| if j < 9 { (j + 3) % 9 } else { j }),
        lanes(|j| if j < 9 { (j + 6) % 9 } else { j }),
    );
    [tern::<OR3>(x0, b, c), tern::<MAJORITY>(x0, b, c), tern::<AND3>(x0, b, c)]
        .map(|v| [v, _mm512_permutexvar_epi32(rot3, v), _mm512_permutexvar_epi32(rot6, v)])
}

/// The cells with at least one candidate, from [`groups`].
#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn once([[o, o3, o6], _, _]: [[__m512i; 3]; 3]) -> __m512i {
    tern::<OR3>(o, o3, o6)
}

/// The cells with at least two candidates, from [`groups`].
#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn twice([[o, o3, o6], [t, t3, t6], _]: [[__m512i; 3]; 3]) -> __m512i {
    _mm512_or_si512(tern::<MAJORITY>(o, o3, o6), tern::<OR3>(t, t3, t6))
}

/// The cells with at least three candidates, from [`groups`]: three of the
/// groups have one, or one group has two and another one, or one group has
/// three.
#[inline]
#[target_feature(enable = "avx512f")]
pub(super) fn thrice([[o, o3, o6], [t, t3, t6], [h, h3, h6]]: [[__m512i; 3]; 3]) -> __m512i {
    let two_and_one = tern::<OR3>(
        tern::<AND_OF_OR>(t, o3, o6),
        tern::<AND_OF_OR>(t3, o, o6),
        tern::<AND_OF_OR>(t6, o, o3),
    );
    tern::<OR3>(tern::<AND3>(o, o3, o6), two_and_one, tern::<OR3>(h, h3, h6))
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::super::super::{ALL, Isa, Scalar, State};
    use super::super::Avx512;

    /// The sequential update and the sweeps on the same state: both fail, or
    /// both give the same masks, done marks and unsolved cells.
    fn compare(isa: Avx512, state: &State) -> bool {
        let (mut a, mut b) = (*state, *state);
        let want = a.update(Scalar);
        let got = isa.update(&mut b);
        assert_eq!(want.is_ok(), got.is_ok(), "{state:?}");
        if want.is_ok() {
            assert_eq!((a.cand, a.done, a.unsolved), (b.cand, b.done, b.unsolved), "{state:?}");
        }
        want.is_ok()
    }

    #[test]
    fn band_counts_match_the_plain_ones() {
        let Some(isa) = Avx512::for_test_of("the band counts") else { return };
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        for round in 0..5_000 {
            let mut state = State::new();
            for i in 0..27 {
                let (a, b, c) = (rng.random::<u32>(), rng.random::<u32>(), rng.random::<u32>());
                state.cand[i] = [a & b & c, a & b, a, a | b][round % 4] & ALL;
            }
            let plain = [0, 1, 2].map(|band| state.band_counts(band));
            assert_eq!(isa.band_counts(&state), Some(plain), "{state:?}");
        }
    }

    #[test]
    fn sweeps_match_the_sequential_update() {
        let Some(isa) = Avx512::for_test_of("the sweeps") else { return };
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let (mut ok, mut failed) = (0, 0);
        for round in 0..20_000 {
            let mut state = State::new();
            if round % 2 == 0 {
                // Random masks of mixed density, nothing done yet.
                for i in 0..27 {
                    let (a, b) = (rng.random::<u32>(), rng.random::<u32>());
                    state.cand[i] =
                        [a | b, a, a & b | rng.random::<u32>() & a][round / 2 % 3] & ALL;
                }
            } else {
                // A propagated state narrowed a little, as a guess does.
                for _ in 0..rng.random_range(0..12) {
                    let i = rng.random_range(0..27);
                    state.cand[i] &= !(1 << rng.random_range(0..27));
                }
                let _ = state.update(Scalar);
                for _ in 0..rng.random_range(1..6) {
                    let i = rng.random_range(0..27);
                    state.cand[i] &= rng.random::<u32>() | rng.random::<u32>();
                }
            }
            let kept = compare(isa, &state);
            assert_eq!(compare(isa.without_gfni(), &state), kept);
            if kept {
                ok += 1;
            } else {
                failed += 1;
            }
        }
        assert!(ok > 1000 && failed > 1000, "{ok} propagated, {failed} contradictions");
    }
}
