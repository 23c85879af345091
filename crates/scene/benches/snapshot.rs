//! What one snapshot costs the server: a seat's scene built from the game and written as
//! JSON, at a position late in a hand (its log long, the hand before's beside it), for a
//! game of each kind. docs/PERFORMANCE.md has the figures.
//!
//! `cargo bench -p cardtable-scene --bench snapshot`

use catalogue::{Ruleset, Variant};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// Benches seat 0's snapshot at step `at` of the random game of `rules` from seed 7.
fn bench_at(c: &mut Criterion, name: &str, rules: &Ruleset, at: usize) {
    let mut step = 0;
    scene::walk(rules, 7, at + 1, |point| {
        step += 1;
        if step == at {
            c.bench_function(name, |b| {
                b.iter(|| serde_json::to_vec(&point.shown(black_box(Some(0)))).unwrap())
            });
        }
    });
    assert!(step >= at, "{name}: the game ended before step {at}");
}

fn snapshots(c: &mut Criterion) {
    let euchre = Ruleset::new(Variant::EuchreEecs280, 10, &[] as &[&str]).unwrap();
    // The second hand's last trick: this hand's log and the hand before's both full.
    bench_at(c, "snapshot/euchre", &euchre, 50);
    let straights = Ruleset::new(Variant::Straights, 80, &[] as &[&str]).unwrap();
    bench_at(c, "snapshot/straights", &straights, 45);
    let panch = Ruleset::new(Variant::TeenDoPanchHandout, 3, &[] as &[&str]).unwrap();
    bench_at(c, "snapshot/teendopanch", &panch, 60);
}

criterion_group!(benches, snapshots);
criterion_main!(benches);
