#![no_main]
//! Fuzz target `parse`: see `sudokit_fuzz::engine::parse`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzz::engine::parse(data));
