#![no_main]
//! Fuzz target `variants`: see `sudokit_fuzz::variants::variants`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzz::variants::variants(data));
