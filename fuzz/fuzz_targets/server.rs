#![no_main]
//! Fuzz target `server`: see `sudokit_fuzz::server::request`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| sudokit_fuzz::server::request(data));
