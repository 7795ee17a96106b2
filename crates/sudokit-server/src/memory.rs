//! Giving memory back to the operating system after a burst of connections.
//!
//! glibc's allocator keeps the memory a burst of connections freed in its
//! arenas for reuse; it returns to the system only the top of the main heap.
//! After 19,000 idle connections came and went the service stayed at about
//! 29 MiB resident where it started at 6 MiB; `malloc_trim(0)` (glibc 2.8
//! and later trims every arena) brought it back to 7 MiB. So the accept loop
//! calls [`release_free_memory`] when the number of open connections has
//! fallen far below its peak ([`BURST`]): a burst, not everyday load, pays
//! for the trim. Other platforms and C libraries do nothing here.

/// How far the open connections must fall below their peak since the last
/// trim before memory is given back.
pub const BURST: usize = 256;

/// Returns the allocator's free memory to the operating system where the
/// C library can (glibc on Linux); elsewhere does nothing.
pub fn release_free_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` takes no pointers and only releases free pages of
    // the allocator's own arenas; it is thread-safe (it locks each arena).
    #[allow(unsafe_code)]
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Follows the open-connection count and says when to trim: after it fell
/// [`BURST`] or more below the highest count since the last trim.
#[derive(Debug, Default)]
pub struct BurstWatch {
    peak: usize,
}

impl BurstWatch {
    /// Records a look at the connections: `seen` is the most open at once
    /// since the previous look (at least `open`), `open` those open now; true
    /// when memory should be given back now.
    pub fn trim_now(&mut self, seen: usize, open: usize) -> bool {
        self.peak = self.peak.max(seen).max(open);
        if self.peak >= open + BURST {
            self.peak = open;
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trims_once_after_each_burst_ends() {
        let mut w = BurstWatch::default();
        let mut look = |open| w.trim_now(open, open);
        assert!(!look(10));
        assert!(!look(900));
        assert!(!look(700), "still within BURST of the peak");
        assert!(look(5));
        assert!(!look(5), "the same low count does not trim again");
        assert!(!look(200));
        assert!(!look(0), "a rise smaller than BURST is everyday load");
        assert!(!look(BURST));
        assert!(look(0));
        // A burst that came and went between two looks still counts.
        assert!(!w.trim_now(3, 3));
        assert!(w.trim_now(1000, 2), "the peak between looks was 1,000");
        assert!(!w.trim_now(2, 2));
        // Trimming is harmless whenever it runs.
        release_free_memory();
    }
}
