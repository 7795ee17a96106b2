/*!
When a piece of work must stop: a wall-clock instant, a shared interrupt
flag, both or neither.

# Overview
- [`Deadline`]: what every long search of the engine takes (the exact
  solver's [`Limits`](crate::solve::Limits), the logical solver's
  [`Budget`](crate::logic::Budget), the generator's
  [`Options`](crate::generate::Options)). [`Deadline::passed`] is true once
  the instant is reached or the flag is set; [`Deadline::default`] never
  passes.

# Invariants
- Once passed, a deadline stays passed: the clock is monotonic
  ([`Instant`]) and nothing in the engine clears the flag. So a search that
  stopped because of its deadline can tell afterwards, by asking again,
  that its answer was cut short, and a caller can always tell "ran out"
  from "finished".
- Cloning shares the flag: setting it (from a Ctrl-C handler, or a service
  that drops a request) stops every search holding a clone.
- Reading it is cheap: one relaxed load of the flag, and one reading of the
  monotonic clock when an instant is set (tens of nanoseconds). Searches
  still read it only every so many nodes or candidates, sized so a check
  comes at least every millisecond or so on any board.
- Hot loops borrow it for a whole search ([`Deadline::watch`]) instead of
  cloning it per call, so batches on several threads that share one flag do
  not contend for its reference count.
*/

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// When work must stop: an optional instant and an optional interrupt flag.
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use std::time::Duration;
/// use sudokit::Deadline;
///
/// assert!(!Deadline::never().passed());
/// assert!(Deadline::after(Duration::ZERO).passed());
///
/// let flag = Arc::new(AtomicBool::new(false));
/// let deadline = Deadline::after(Duration::from_secs(60)).with_interrupt(flag.clone());
/// assert!(!deadline.passed());
/// flag.store(true, Ordering::Relaxed);
/// assert!(deadline.passed());
/// assert!(deadline.is_interrupted());
/// ```
#[derive(Clone, Default)]
pub struct Deadline {
    at: Option<Instant>,
    interrupt: Option<Arc<AtomicBool>>,
}

impl Deadline {
    /// A deadline that never passes (the default).
    pub fn never() -> Deadline {
        Deadline::default()
    }

    /// The instant `at`.
    pub fn at(at: Instant) -> Deadline {
        Deadline { at: Some(at), interrupt: None }
    }

    /// `time` from now. A time too long for the clock means no instant.
    pub fn after(time: Duration) -> Deadline {
        Deadline { at: Instant::now().checked_add(time), interrupt: None }
    }

    /// `time` from now, or never for `None`.
    pub fn within(time: Option<Duration>) -> Deadline {
        time.map_or_else(Deadline::never, Deadline::after)
    }

    /// This deadline, also passed once `flag` is set (replacing any flag it
    /// had).
    pub fn with_interrupt(mut self, flag: Arc<AtomicBool>) -> Deadline {
        self.interrupt = Some(flag);
        self
    }

    /// This deadline or `time` from now, whichever comes first (`None`
    /// keeps this deadline); the flag is shared.
    pub fn sooner(&self, time: Option<Duration>) -> Deadline {
        Deadline { at: self.watch_within(time).at, interrupt: self.interrupt.clone() }
    }

    /// The instant, if one is set.
    pub fn instant(&self) -> Option<Instant> {
        self.at
    }

    /// The interrupt flag, if one is set.
    pub fn interrupt(&self) -> Option<&Arc<AtomicBool>> {
        self.interrupt.as_ref()
    }

    /// Whether the interrupt flag is set.
    pub fn is_interrupted(&self) -> bool {
        self.interrupt.as_ref().is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// Whether work must stop: the flag is set or the instant is reached.
    pub fn passed(&self) -> bool {
        self.watch().passed()
    }

    /// The time left before the instant (zero once it passed), or `None`
    /// when no instant is set. The flag is not consulted.
    pub fn remaining(&self) -> Option<Duration> {
        self.at.map(|at| at.saturating_duration_since(Instant::now()))
    }

    /// Whether this deadline can never pass (no instant and no flag).
    pub fn is_never(&self) -> bool {
        self.at.is_none() && self.interrupt.is_none()
    }

    /// This deadline borrowed for the length of one search.
    pub(crate) fn watch(&self) -> Watch<'_> {
        Watch { at: self.at, flag: self.interrupt.as_deref() }
    }

    /// [`Deadline::watch`], moved earlier to `time` from now when that
    /// comes first.
    pub(crate) fn watch_within(&self, time: Option<Duration>) -> Watch<'_> {
        let mut watch = self.watch();
        if let Some(at) = time.and_then(|t| Instant::now().checked_add(t)) {
            watch.at = Some(watch.at.map_or(at, |mine| mine.min(at)));
        }
        watch
    }
}

impl fmt::Debug for Deadline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Deadline")
            .field("remaining", &self.remaining())
            .field("interrupted", &self.interrupt.as_ref().map(|f| f.load(Ordering::Relaxed)))
            .finish()
    }
}

/// Two deadlines are equal when they have the same instant and share the
/// same flag (or both have none).
impl PartialEq for Deadline {
    fn eq(&self, other: &Deadline) -> bool {
        self.at == other.at
            && match (&self.interrupt, &other.interrupt) {
                (None, None) => true,
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                _ => false,
            }
    }
}

impl Eq for Deadline {}

/// A search stopped because its deadline passed (for `?` in the engine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Passed;

/// A [`Deadline`] borrowed by one search: copied freely in hot loops.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Watch<'a> {
    at: Option<Instant>,
    flag: Option<&'a AtomicBool>,
}

impl Watch<'_> {
    /// A watch that never passes.
    pub(crate) const NEVER: Watch<'static> = Watch { at: None, flag: None };

    /// Whether work must stop (see [`Deadline::passed`]).
    #[inline]
    pub(crate) fn passed(self) -> bool {
        self.flag.is_some_and(|f| f.load(Ordering::Relaxed))
            || self.at.is_some_and(|at| Instant::now() >= at)
    }

    /// Whether it can never pass (the checks can be skipped).
    #[inline]
    pub(crate) fn is_never(self) -> bool {
        self.at.is_none() && self.flag.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_does_not_pass_and_zero_has_passed() {
        assert!(!Deadline::never().passed());
        assert!(Deadline::never().is_never());
        assert!(Deadline::never().remaining().is_none());
        assert!(Deadline::after(Duration::ZERO).passed());
        assert_eq!(Deadline::after(Duration::ZERO).remaining(), Some(Duration::ZERO));
        assert!(!Deadline::within(None).passed());
        assert!(!Deadline::after(Duration::from_secs(3600)).passed());
    }

    #[test]
    fn a_time_beyond_the_clock_means_no_instant() {
        let far = Deadline::after(Duration::MAX);
        assert!(far.instant().is_none());
        assert!(!far.passed());
    }

    #[test]
    fn the_flag_is_shared_by_clones_and_stays_set() {
        let flag = Arc::new(AtomicBool::new(false));
        let a = Deadline::never().with_interrupt(flag.clone());
        let b = a.clone();
        assert!(!a.passed() && !b.passed());
        assert!(!a.is_never());
        flag.store(true, Ordering::Relaxed);
        assert!(a.passed() && b.passed());
        assert!(b.is_interrupted());
        assert_eq!(a, b);
        assert_ne!(a, Deadline::never());
    }

    #[test]
    fn sooner_takes_the_earlier_instant_and_keeps_the_flag() {
        let flag = Arc::new(AtomicBool::new(false));
        let late = Deadline::after(Duration::from_secs(3600)).with_interrupt(flag.clone());
        let soon = late.sooner(Some(Duration::ZERO));
        assert!(soon.passed());
        assert!(!late.passed());
        assert_eq!(late.sooner(None), late);
        let from_never = Deadline::never().sooner(Some(Duration::from_secs(60)));
        assert!(from_never.instant().is_some());
        flag.store(true, Ordering::Relaxed);
        assert!(late.sooner(Some(Duration::from_secs(60))).passed());
    }
}
