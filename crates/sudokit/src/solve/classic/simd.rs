//! The fast path's search compiled for AVX2 and for AVX-512 (x86-64), chosen
//! at run time.
//!
//! [`Avx2`] is a token that exists only when the CPU has AVX2, BMI1, BMI2 and
//! POPCNT ([`Avx2::detect`]), so its safe methods may call code compiled for
//! those features. Its [`Isa::explore`] runs the whole search (the same
//! source as the scalar path, [`Search::explore_with`]) inside a function
//! compiled with those features, so the compiler may use them everywhere in
//! the search (BMI bit scans and clears, 256-bit copies of the state), and
//! the change check is four 8-lane compares with a mask extraction each. A
//! guessed cell's digits are every mask's bit of the cell moved to the sign
//! bit and gathered by `movemask`, then the band's nine picked by `pext`.
//! The carver's steered search and propagation (`carving::Steered`) get
//! AVX2 and AVX-512 entry points compiled the same way.
//!
//! [`Avx512`] adds AVX-512 F: the change check becomes two 16-lane compares
//! straight into a mask register, and the compiler copies the 280-byte state
//! with 512-bit moves instead of calling `memcpy` (which the 256-bit build
//! still does once per guess). It runs slightly more instructions than the
//! AVX2 build but is faster on every benchmark set (measured: see
//! `docs/solver-notes.md`, "Instruction sets").
//!
//! On AVX-512 the band update itself is vector code too ([`sweep`]): every
//! mask at once per sweep, with `vpternlogd` and lane permutes instead of
//! table lookups and a loop over changed masks, and with `vpmultishiftqb` and
//! `vgf2p8affineqb` for the permutation rule where the CPU has AVX-512 VBMI
//! and GFNI (the token records which); naked singles' counts are one
//! vector reduction. The search's propagation as a whole (sweeps, naked
//! singles, the stack rule, intersection counting) stays in registers
//! ([`mod@propagate`]), with the same result as the portable steps; the carver
//! and the filler, which run on these tokens too, get it without the stack
//! rule and intersection counting (their searches and generated puzzles are
//! the same on every instruction set).
//!
//! This is the engine's only `unsafe` code: target-feature calls and vector
//! loads, each with its `// SAFETY:` argument. The differential tests in
//! `classic/tests.rs` run every instruction set the CPU has against the
//! scalar one on the corpus and random puzzles.

use std::arch::x86_64::{
    __m256i, _mm_cvtsi32_si128, _mm256_castsi256_ps, _mm256_cmpeq_epi8, _mm256_cmpeq_epi32,
    _mm256_loadu_si256, _mm256_movemask_epi8, _mm256_movemask_ps, _mm256_set1_epi8,
    _mm256_sll_epi32, _mm512_cmpneq_epi32_mask, _mm512_loadu_si512, _pext_u32,
};

mod propagate;
mod sweep;

use super::carving::{ClassicCarving, Found, Steered};
use super::filling::{self, Filling, Pick};
use super::{ALL, Isa, Narrow, Next, SLOTS, Search, Solved, State, Unsolvable};

/// The whole searches of the fast path, compiled for one token's features:
/// a module `$name` with the solver's search (`explore`, called by the
/// token's [`Isa::explore`]), the carving checks' steered search and
/// propagation ([`Steered`]) and the grid filler's search ([`Filling`]),
/// each an `unsafe fn` with `#[target_feature(enable = $features)]` around
/// the portable source, and the token's safe [`Steered`] and [`Filling`]
/// impls calling them. The token must exist only when the CPU has every
/// feature of `$features`.
macro_rules! compiled_for {
    ($name:ident, $token:ident, $features:literal) => {
        #[doc = concat!("The searches compiled for `", $features, "` ([`", stringify!($token), "`]).")]
        mod $name {
            use super::*;

            /// The search.
            ///
            /// # Safety
            /// The CPU must have the module's features.
            #[target_feature(enable = $features)]
            pub(super) unsafe fn explore<F: FnMut(Solved<'_>) -> Next>(
                isa: $token,
                search: &mut Search<'_, F>,
                from: &State,
                narrow: Narrow,
            ) {
                search.explore_with(isa, from, narrow);
            }

            /// The carving checks' steered search.
            ///
            /// # Safety
            /// The CPU must have the module's features.
            #[target_feature(enable = $features)]
            unsafe fn carving_search(
                isa: $token,
                carving: &mut ClassicCarving,
                state: State,
            ) -> Found {
                carving.search_with(isa, state)
            }

            /// Propagation.
            ///
            /// # Safety
            /// The CPU must have the module's features.
            #[target_feature(enable = $features)]
            unsafe fn propagate(isa: $token, state: &mut State) -> Result<(), Unsolvable> {
                state.propagate(isa)
            }

            /// The grid filler's search.
            ///
            /// # Safety
            /// The CPU must have the module's features.
            #[target_feature(enable = $features)]
            unsafe fn fill(
                isa: $token,
                state: State,
                nodes: &mut u64,
                max_nodes: u64,
                pick: Pick<'_>,
            ) -> filling::Found {
                filling::explore_with(isa, state, nodes, max_nodes, pick)
            }

            impl Steered for $token {
                fn search(self, carving: &mut ClassicCarving, state: State) -> Found {
                    // SAFETY: the token exists only when its `detect` found
                    // every feature `carving_search` is compiled for.
                    unsafe { carving_search(self, carving, state) }
                }

                fn propagate(self, state: &mut State) -> Result<(), Unsolvable> {
                    // SAFETY: as for `search`.
                    unsafe { propagate(self, state) }
                }
            }

            impl Filling for $token {
                fn fill(
                    self,
                    state: State,
                    nodes: &mut u64,
                    max_nodes: u64,
                    pick: Pick<'_>,
                ) -> filling::Found {
                    // SAFETY: the token exists only when its `detect` found
                    // every feature `fill` is compiled for.
                    unsafe { fill(self, state, nodes, max_nodes, pick) }
                }
            }
        }
    };
}

compiled_for!(avx2, Avx2, "avx2,bmi1,bmi2,popcnt");
compiled_for!(avx512, Avx512, "avx512f,avx2,bmi1,bmi2,popcnt");

/// The [`Isa`] methods that read the same on every token here, inside an
/// `impl Isa for` a token: [`Isa::digits_at`] by `movemask` and `pext`
/// ([`digits_at`]), and [`Isa::explore`] as the search compiled for the
/// token's features (`$searches::explore`, from `compiled_for!`). Every
/// token's `detect` requires AVX2 and BMI2 and the features of its
/// `$searches` module.
macro_rules! movemask_digits_and_search {
    ($searches:ident) => {
        #[inline(always)]
        fn digits_at(self, state: &State, band: usize, bit: u32) -> u32 {
            // SAFETY: the token exists only when `detect` found AVX2 and
            // BMI2.
            unsafe { digits_at(&state.cand, band, bit) }
        }

        #[inline(always)]
        fn explore<F: FnMut(Solved<'_>) -> Next>(
            self,
            search: &mut Search<'_, F>,
            from: &State,
            narrow: Narrow,
        ) {
            // SAFETY: the token exists only when `detect` found every
            // feature `$searches::explore` is compiled for.
            unsafe { $searches::explore(self, search, from, narrow) }
        }
    };
}

/// Proof that this CPU runs AVX2, BMI1, BMI2 and POPCNT code.
#[derive(Clone, Copy, Debug)]
pub(super) struct Avx2(());

impl Avx2 {
    /// The token, when the CPU has the features.
    pub(super) fn detect() -> Option<Avx2> {
        let ok = std::arch::is_x86_feature_detected!("avx2")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
            && std::arch::is_x86_feature_detected!("popcnt");
        ok.then_some(Avx2(()))
    }
}

impl Isa for Avx2 {
    #[inline(always)]
    fn changed(self, state: &State) -> u32 {
        // SAFETY: an `Avx2` exists only when `detect` found AVX2.
        unsafe { changed(&state.cand, &state.done) }
    }

    movemask_digits_and_search!(avx2);
}

/// Bit `i` set when `cand[i] != done[i]`.
///
/// # Safety
/// The CPU must have AVX2.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn changed(cand: &[u32; SLOTS], done: &[u32; SLOTS]) -> u32 {
    let mut same = 0u32;
    for k in 0..SLOTS / 8 {
        // SAFETY: lanes 8k..8k+8 lie inside both arrays (k < SLOTS / 8), and
        // `loadu` accepts any alignment.
        let (a, b) = unsafe {
            (
                _mm256_loadu_si256(cand.as_ptr().add(8 * k).cast::<__m256i>()),
                _mm256_loadu_si256(done.as_ptr().add(8 * k).cast::<__m256i>()),
            )
        };
        let eq = _mm256_castsi256_ps(_mm256_cmpeq_epi32(a, b));
        same |= (_mm256_movemask_ps(eq) as u32) << (8 * k);
    }
    !same
}

/// The candidates of the cell at band bit `bit` of `band`: every mask's bit
/// `bit` moved to its sign bit and gathered by `movemask` (bit `i` from mask
/// `i`), then the band's masks `3 * digit + band` picked out by `pext`.
///
/// # Safety
/// The CPU must have AVX2 and BMI2.
#[inline]
#[target_feature(enable = "avx2,bmi2")]
unsafe fn digits_at(cand: &[u32; SLOTS], band: usize, bit: u32) -> u32 {
    let shift = _mm_cvtsi32_si128(31 - bit as i32);
    let mut at = 0u32;
    for k in 0..SLOTS / 8 {
        // SAFETY: lanes 8k..8k+8 lie inside the array (k < SLOTS / 8), and
        // `loadu` accepts any alignment.
        let v = unsafe { _mm256_loadu_si256(cand.as_ptr().add(8 * k).cast::<__m256i>()) };
        let top = _mm256_castsi256_ps(_mm256_sll_epi32(v, shift));
        at |= (_mm256_movemask_ps(top) as u32) << (8 * k);
    }
    _pext_u32(at, 0o111_111_111 << band)
}

/// The given cells of each mask (slot `3 * digit + band`, padding slots 0):
/// for each digit, a 32-byte compare of the values with it per band (bytes
/// 0-31, 27-58 and 49-80: the band's 27 cells from bit 0, 0 and 5), each
/// gathered into 32 bits by `movemask`.
///
/// # Safety
/// The CPU must have AVX2.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn given_masks(values: &[u8; 81]) -> [u32; SLOTS] {
    let p = values.as_ptr();
    // SAFETY: bytes 0-31, 27-58 and 49-80 lie inside the 81, and `loadu`
    // accepts any alignment.
    let bands = unsafe {
        [
            _mm256_loadu_si256(p.cast::<__m256i>()),
            _mm256_loadu_si256(p.add(27).cast::<__m256i>()),
            _mm256_loadu_si256(p.add(49).cast::<__m256i>()),
        ]
    };
    let mut out = [0u32; SLOTS];
    for d in 0..9 {
        let k = _mm256_set1_epi8(d as i8 + 1);
        for (band, (&v, shift)) in bands.iter().zip([0, 0, 5]).enumerate() {
            let bits = _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, k)) as u32;
            out[3 * d + band] = (bits >> shift) & ALL;
        }
    }
    out
}

/// [`State::from_givens`] with the given cells from byte compares
/// ([`given_masks`]) and the lane-wise pass ([`State::from_given_masks`])
/// compiled for AVX-512 F.
///
/// # Safety
/// The CPU must have AVX-512 F and AVX2.
#[target_feature(enable = "avx512f,avx2")]
unsafe fn from_givens512(values: &[u8; 81]) -> Result<State, Unsolvable> {
    // SAFETY: the caller guarantees AVX2.
    let given = unsafe { given_masks(values) };
    State::from_given_masks(&given)
}

/// Proof that this CPU runs AVX-512 (F) code besides [`Avx2`]'s features.
#[derive(Clone, Copy, Debug)]
pub(super) struct Avx512 {
    /// Whether the CPU also has AVX-512 VBMI and GFNI (the faster band
    /// update, `sweep::update512_gfni`).
    gfni: bool,
}

impl Avx512 {
    /// The token, when the CPU has the features.
    pub(super) fn detect() -> Option<Avx512> {
        let ok = Avx2::detect().is_some() && std::arch::is_x86_feature_detected!("avx512f");
        let gfni = std::arch::is_x86_feature_detected!("avx512vbmi")
            && std::arch::is_x86_feature_detected!("gfni");
        ok.then_some(Avx512 { gfni })
    }

    /// The same token with the band update of AVX-512 F alone (the one CPUs
    /// without VBMI or GFNI run), for the tests.
    #[cfg(test)]
    pub(super) fn without_gfni(self) -> Avx512 {
        Avx512 { gfni: false }
    }

    /// The token for a test of `what`, or `None` with a note on stderr that
    /// `what` is not tested when the CPU lacks AVX-512.
    #[cfg(test)]
    fn for_test_of(what: &str) -> Option<Avx512> {
        let isa = Avx512::detect();
        if isa.is_none() {
            eprintln!("note: no AVX-512 on this CPU; {what} not tested");
        }
        isa
    }
}

impl Isa for Avx512 {
    const EAGER: bool = true;

    #[inline(always)]
    fn place_givens(self, values: &[u8; 81]) -> Result<State, Unsolvable> {
        // SAFETY: an `Avx512` exists only when `detect` found AVX-512 F and
        // AVX2.
        unsafe { from_givens512(values) }
    }

    #[inline(always)]
    fn changed(self, state: &State) -> u32 {
        // SAFETY: an `Avx512` exists only when `detect` found AVX-512 F.
        unsafe { changed512(&state.cand, &state.done) }
    }

    #[inline(always)]
    fn band_counts(self, state: &State) -> Option<[[u32; 3]; 3]> {
        // SAFETY: an `Avx512` exists only when `detect` found AVX-512 F.
        Some(unsafe { sweep::band_counts512(&state.cand) })
    }

    #[inline(always)]
    fn update(self, state: &mut State) -> Result<(), Unsolvable> {
        if self.gfni {
            // SAFETY: `gfni` is true only when `detect` found AVX-512 F, VBMI
            // and GFNI.
            unsafe { sweep::update512_gfni(state) }
        } else {
            // SAFETY: an `Avx512` exists only when `detect` found AVX-512 F.
            unsafe { sweep::update512(state) }
        }
    }

    #[inline(always)]
    fn propagate_rules<const STACKS: bool, const TRIADS: bool>(
        self,
        state: &mut State,
        stacks_on: bool,
        triads_on: bool,
    ) -> Result<bool, Unsolvable> {
        if self.gfni {
            // SAFETY: `gfni` is true only when `detect` found AVX-512 F, VBMI
            // and GFNI.
            unsafe { search_propagate512_gfni::<STACKS, TRIADS>(state, stacks_on, triads_on) }
        } else {
            // SAFETY: an `Avx512` exists only when `detect` found AVX-512 F.
            unsafe { search_propagate512::<STACKS, TRIADS>(state, stacks_on, triads_on) }
        }
    }

    movemask_digits_and_search!(avx512);
}

/// The search's propagation in registers (`propagate`), with AVX-512 F
/// alone.
#[target_feature(enable = "avx512f")]
fn search_propagate512<const STACKS: bool, const TRIADS: bool>(
    state: &mut State,
    stacks_on: bool,
    triads_on: bool,
) -> Result<bool, Unsolvable> {
    // SAFETY: without `GFNI`, AVX-512 F (enabled here) is all it needs.
    unsafe { propagate::propagate::<false, STACKS, TRIADS>(state, stacks_on, triads_on) }
}

/// [`search_propagate512`] with the band update of AVX-512 VBMI and GFNI.
#[target_feature(enable = "avx512f,avx512vbmi,gfni")]
fn search_propagate512_gfni<const STACKS: bool, const TRIADS: bool>(
    state: &mut State,
    stacks_on: bool,
    triads_on: bool,
) -> Result<bool, Unsolvable> {
    // SAFETY: VBMI and GFNI are enabled here, so the caller has them.
    unsafe { propagate::propagate::<true, STACKS, TRIADS>(state, stacks_on, triads_on) }
}

/// Bit `i` set when `cand[i] != done[i]`: two 16-lane compares.
///
/// # Safety
/// The CPU must have AVX-512 F.
#[inline]
#[target_feature(enable = "avx512f")]
unsafe fn changed512(cand: &[u32; SLOTS], done: &[u32; SLOTS]) -> u32 {
    let mut changed = 0u32;
    for k in 0..SLOTS / 16 {
        // SAFETY: lanes 16k..16k+16 lie inside both arrays (k < SLOTS / 16),
        // and `loadu` accepts any alignment.
        let (a, b) = unsafe {
            (
                _mm512_loadu_si512(cand.as_ptr().add(16 * k).cast()),
                _mm512_loadu_si512(done.as_ptr().add(16 * k).cast()),
            )
        };
        changed |= u32::from(_mm512_cmpneq_epi32_mask(a, b)) << (16 * k);
    }
    changed
}
