//! What a sum's fillings allow its cells, remembered per thread.
//!
//! The chain searches read the constraints' links on the working grid of
//! every dynamic chain, and the exact solver's search propagates the same
//! cages on nearby states, so a cage's (or a plain sum's) propagator runs
//! on the same masks of its cells again and again, within a step and
//! across the steps of a rating or the branches of a search. Its answer (each cell's narrowed mask and, for a
//! cage, the digits every fitting set holds) is a pure function of what
//! the propagator is (its kind, the board's side, the sum, the number of
//! cells) and its cells' masks, which is the key here.
//!
//! The memory is a direct-mapped table of [`SLOTS`] entries per thread
//! (8 MiB), each keyed by the full key: a new answer takes the slot of its
//! key's hash, so the memory is bounded and nothing is allocated per
//! answer. An entry is one cache line, so a lookup costs one miss at most.
//! Boards with more than 16 digits and sums of more than [`WIDE`] cells
//! are not remembered.
//!
//! Invariant: a remembered answer is the answer (a slot is used only when
//! its whole key matches).

use std::cell::RefCell;

/// Entries in the table (64 bytes each).
const SLOTS: usize = 1 << 17;

/// The most cells a key holds (one `u16` mask per cell: 16 digits).
const WIDE: usize = 12;

/// One remembered answer, in one cache line.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Entry {
    /// The propagator's name with bit 63 set (0: an empty slot).
    what: u64,
    masks: [u16; WIDE],
    keep: [u16; WIDE],
    /// The digits every fitting set holds; `u32::MAX` when none fits.
    required: u32,
}

const _: () = assert!(std::mem::size_of::<Entry>() == 64);

const EMPTY: Entry = Entry { what: 0, masks: [0; WIDE], keep: [0; WIDE], required: 0 };

thread_local! {
    static TABLE: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
}

/// The answer of `work` for the propagator named `what` (its kind, side,
/// sum and size, below bit 63) on its cells' `masks`: writes each cell's
/// kept mask to `keep` (as long as `masks`) and returns what `work`
/// returns (`None` when nothing fits); `work` runs only for a key not
/// remembered, or on boards of more than 16 digits.
pub(super) fn fit(
    what: u64,
    masks: &[u64],
    keep: &mut [u64],
    work: impl FnOnce(&mut [u64]) -> Option<u64>,
) -> Option<u64> {
    let k = masks.len();
    let wide = masks.iter().any(|&m| m >> 16 != 0);
    if k > WIDE || wide {
        return work(keep);
    }
    let what = what | 1 << 63;
    let mut packed = [0u16; WIDE];
    for (p, &m) in packed.iter_mut().zip(masks) {
        *p = m as u16;
    }
    let mut h = mix(0, what);
    for chunk in packed[..k].chunks(4) {
        let word = chunk.iter().rev().fold(0u64, |w, &m| w << 16 | u64::from(m));
        h = mix(h, word);
    }
    let slot = (h >> 32) as usize % SLOTS;
    TABLE.with_borrow_mut(|table| {
        if table.is_empty() {
            *table = vec![EMPTY; SLOTS];
        }
        let e = &mut table[slot];
        if e.what == what && e.masks == packed {
            for (kept, &m) in keep.iter_mut().zip(&e.keep) {
                *kept = u64::from(m);
            }
            return (e.required != u32::MAX).then_some(u64::from(e.required));
        }
        let found = work(keep);
        e.what = what;
        e.masks = packed;
        e.keep = [0; WIDE];
        for (kept, &m) in e.keep.iter_mut().zip(keep.iter()) {
            *kept = m as u16;
        }
        // The required digits are in a fitting set, so in the masks: 16 bits.
        e.required = found.map_or(u32::MAX, |r| (r & 0xffff) as u32);
        found
    })
}

/// One step of a word-at-a-time multiplicative hash (the "Fx" hash of
/// Firefox and rustc: rotate, xor the word, multiply by a fixed odd
/// constant); the high bits of the result are the well-mixed ones.
#[inline]
fn mix(h: u64, word: u64) -> u64 {
    (h.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95)
}
