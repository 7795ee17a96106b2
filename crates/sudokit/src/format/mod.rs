//! Text formats (in progress).
