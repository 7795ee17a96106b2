#![no_main]
//! Fuzz target `logic`: see `sudokit_fuzz::engine::logic`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzz::engine::logic(data));
