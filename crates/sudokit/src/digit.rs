//! [`Digit`]: a value from 1 to `N` that can stand in a cell.
//!
//! Digits are shape-independent numbers from 1 to 64; whether a digit fits a
//! board is checked where a grid is built ([`Grid`](crate::Grid)). In a set of
//! candidates (a `u64` mask) digit `d` is bit `d - 1`.

use std::fmt;
use std::num::NonZeroU8;

use crate::shape::MAX_SIZE;

/// A digit from 1 to 64.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
#[repr(transparent)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// The digit `d`.
    ///
    /// # Panics
    /// When `d` is 0 or more than 64; see [`Digit::new_checked`].
    #[inline]
    pub fn new(d: u8) -> Digit {
        Digit::new_checked(d).unwrap_or_else(|| panic!("digit {d} is not in 1..=64"))
    }

    /// The digit `d`, or `None` when `d` is 0 or more than 64.
    #[inline]
    pub fn new_checked(d: u8) -> Option<Digit> {
        if d as usize > MAX_SIZE { None } else { NonZeroU8::new(d).map(Digit) }
    }

    /// The digit as a number from 1 to 64.
    #[inline]
    pub fn get(self) -> u8 {
        self.0.get()
    }

    /// The candidate-mask bit of the digit (`1 << (d - 1)`).
    #[inline]
    pub fn bit(self) -> u64 {
        1u64 << (self.0.get() - 1)
    }

    /// The digits `1..=size`.
    pub fn all(size: usize) -> impl Iterator<Item = Digit> {
        (1..=size.min(MAX_SIZE) as u8).map(Digit::new)
    }

    /// The digits in a candidate mask, smallest first.
    pub fn in_mask(mask: u64) -> impl Iterator<Item = Digit> {
        Bits(mask).map(|b| Digit::new(b as u8 + 1))
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The set bits of a mask, lowest first.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bits(pub u64);

impl Iterator for Bits {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let b = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(b)
    }
}
