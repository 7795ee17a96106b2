#![no_main]
//! Fuzz target `canon`: see `sudokit_fuzz::engine::canon`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzz::engine::canon(data));
