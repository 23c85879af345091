//! What one snapshot costs the server: a seat's scene built from the game and written as
//! JSON, at a position late in a hand (its log long, the hand before's beside it), for a
//! game of each kind; built afresh (`scene::shown`, `snapshot/GAME`) and as the server
//! builds it, from the words its table kept when it sent the snapshot before this one
//! (`scene::shown_saying`, `snapshot/GAME-said`: the new action's line is worded, the
//! rest kept). docs/PERFORMANCE.md has the figures.
//!
//! `cargo bench -p cardtable-scene --bench snapshot`

use catalogue::{Roster, Ruleset, Variant};
use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use scene::{Nameplate, Said, Staged, WithScene};
use std::hint::black_box;
use table::Progress;

/// Seat 0's snapshot at step `at` of the random game from seed 7 (as `scene::walk`
/// plays it) to `points`, under `name`.
struct Bench<'c> {
    c: &'c mut Criterion,
    name: &'static str,
    at: usize,
    points: u32,
}

impl WithScene for Bench<'_> {
    type Output = ();
    fn run<G: Roster + Staged>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) {
        let Bench {
            c,
            name,
            at,
            points,
        } = self;
        let game = new();
        let names: Vec<Nameplate> = (1..=game.seats())
            .map(|n| Nameplate::computer(format!("Seat {n}")))
            .collect();
        let mut progress = Progress::new(game, 7, Vec::new()).expect("no prescribed deal");
        let (mut step, mut before) = (0, None);
        table::check::walk(&mut progress, !7, at + 1, |progress| {
            step += 1;
            if step == at - 1 {
                before = Some(progress.clone());
            }
            if step != at {
                return;
            }
            let before = before.take().expect("the position before");
            c.bench_function(name, |b| {
                b.iter(|| {
                    let shown = scene::shown(progress, black_box(Some(0)), &names, points);
                    serde_json::to_vec(&shown).expect("a scene serializes")
                })
            });
            c.bench_function(&format!("{name}-said"), |b| {
                // The table's words as the snapshot before this one left them.
                let said = || {
                    let mut said = Said::default();
                    scene::shown_saying(&before, Some(0), &names, points, &mut said);
                    said
                };
                b.iter_batched(
                    said,
                    |mut said| {
                        let shown = scene::shown_saying(
                            progress,
                            black_box(Some(0)),
                            &names,
                            points,
                            &mut said,
                        );
                        let bytes = serde_json::to_vec(&shown).expect("a scene serializes");
                        (bytes, said)
                    },
                    BatchSize::SmallInput,
                )
            });
        });
        assert!(step >= at, "{name}: the game ended before step {at}");
    }
}

fn snapshots(c: &mut Criterion) {
    let euchre = Ruleset::new(Variant::EuchreEecs280, 10, &[] as &[&str]).unwrap();
    // The second hand's last trick: this hand's log and the hand before's both full.
    scene::with_game(
        &euchre,
        Bench {
            c,
            name: "snapshot/euchre",
            at: 50,
            points: euchre.points(),
        },
    );
    let straights = Ruleset::new(Variant::Straights, 80, &[] as &[&str]).unwrap();
    scene::with_game(
        &straights,
        Bench {
            c,
            name: "snapshot/straights",
            at: 45,
            points: straights.points(),
        },
    );
    let panch = Ruleset::new(Variant::TeenDoPanchHandout, 3, &[] as &[&str]).unwrap();
    scene::with_game(
        &panch,
        Bench {
            c,
            name: "snapshot/teendopanch",
            at: 60,
            points: panch.points(),
        },
    );
}

criterion_group!(benches, snapshots);
criterion_main!(benches);
