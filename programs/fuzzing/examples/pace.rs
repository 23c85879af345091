//! How long each fuzz target takes per input on stable, over its saved corpus: where a
//! target is slow, this (under a profiler) says why.
//! Usage: cargo run --release -p cardtable-fuzzing --example pace [TARGET...]
//! (`FUZZ_CORPUS=DIR` reads DIR/TARGET instead of the repository's `fuzz/corpus`, as a
//! campaign's grown corpus.)

use std::path::{Path, PathBuf};
use std::time::Instant;

fn main() {
    let wanted: Vec<String> = std::env::args().skip(1).collect();
    let corpus = std::env::var_os("FUZZ_CORPUS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus"),
        PathBuf::from,
    );
    println!("{:<20} {:>8} {:>12}", "target", "inputs", "µs/input");
    for (name, target) in fuzzing::TARGETS {
        if !wanted.is_empty() && !wanted.iter().any(|w| w == name) {
            continue;
        }
        let inputs: Vec<Vec<u8>> = std::fs::read_dir(corpus.join(name))
            .map(|dir| {
                dir.filter_map(|e| std::fs::read(e.ok()?.path()).ok())
                    .collect()
            })
            .unwrap_or_default();
        let start = Instant::now();
        for input in &inputs {
            target(input);
        }
        let micros = start.elapsed().as_secs_f64() * 1e6 / inputs.len().max(1) as f64;
        println!("{name:<20} {:>8} {micros:>12.1}", inputs.len());
    }
}
