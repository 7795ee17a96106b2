#![no_main]
//! Fuzz target `solve`: see `sudokit_fuzz::engine::solve`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzz::engine::solve(data));
