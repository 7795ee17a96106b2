//! Exact solving (in progress).
