#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| fuzzing::client_message(data));
