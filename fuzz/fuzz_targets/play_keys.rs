#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzzing::play_keys(data));
