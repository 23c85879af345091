//! Throughput of each game's rules core under random and handout players, and of the
//! arena. Run with `cargo bench -p cardtable-arena`; figures are in docs/PERFORMANCE.md.

mod cores;
mod floors;

use cores::random_hands;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::SeedableRng;
use table::{Game, Rng, Turn};

/// Plays whole games with each seat's handout bot.
fn handout_games<G: Game>(
    new: impl Fn() -> G,
    games: u32,
    rng: &mut Rng,
    bot: impl Fn(&G, usize) -> G::Action,
) -> u32 {
    let mut hands = 0;
    for _ in 0..games {
        let mut game = new();
        loop {
            match game.turn() {
                Turn::Over => break,
                Turn::Chance => game.deal(rng),
                Turn::Seat(seat) => {
                    let action = bot(&game, seat);
                    game.apply_legal(action);
                }
            }
        }
        hands += game.hands();
    }
    hands
}

const BATCH: u32 = 1000;

/// A rules core with its rules, for choosing one by name.
#[derive(Clone, Copy)]
enum AnyCore {
    Euchre(euchre::Rules),
    Straights,
    TeenDoPanch(teendopanch::Rules),
}

fn rules_cores(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_hands");
    group.throughput(Throughput::Elements(u64::from(BATCH)));
    let mut rng = Rng::seed_from_u64(1);
    let mut random = |name: &str, core: AnyCore, listed: bool| {
        group.bench_function(name, |b| {
            b.iter(|| match (core, listed) {
                (AnyCore::Euchre(rules), false) => {
                    random_hands::<_, false>(|| euchre::Game::new(rules), BATCH, &mut rng)
                }
                (AnyCore::Euchre(rules), true) => {
                    random_hands::<_, true>(|| euchre::Game::new(rules), BATCH, &mut rng)
                }
                (AnyCore::Straights, _) => {
                    random_hands::<_, false>(straights::Game::new, BATCH, &mut rng)
                }
                (AnyCore::TeenDoPanch(rules), _) => {
                    random_hands::<_, false>(|| teendopanch::Game::new(rules), BATCH, &mut rng)
                }
            })
        });
    };
    random(
        "euchre_eecs280",
        AnyCore::Euchre(euchre::Rules::eecs280(10)),
        false,
    );
    random(
        "euchre_cs246",
        AnyCore::Euchre(euchre::Rules::cs246()),
        false,
    );
    random("straights", AnyCore::Straights, false);
    random(
        "teendopanch",
        AnyCore::TeenDoPanch(teendopanch::Rules::handout(10)),
        false,
    );
    // What a caller that lists the legal actions pays for the same hands.
    random(
        "euchre_eecs280_listed",
        AnyCore::Euchre(euchre::Rules::eecs280(10)),
        true,
    );
    group.finish();

    // The same hands at the least possible cost: read `random_hands` beside these.
    let mut group = c.benchmark_group("floor");
    group.throughput(Throughput::Elements(u64::from(BATCH)));
    let tables = floors::euchre::Tables::new();
    group.bench_function("euchre_eecs280", |b| {
        b.iter(|| {
            (0..BATCH)
                .map(|_| floors::euchre::hand(&tables, &mut rng))
                .sum::<u32>()
        })
    });
    // The same floor picking its cards as the rules core does where the processor has
    // a fast `pdep` (found at run time): the core's gain from the instruction, which
    // the portable floor above does without.
    group.bench_function("euchre_eecs280_cores_pick", |b| {
        b.iter(|| {
            (0..BATCH)
                .map(|_| {
                    floors::euchre::hand_picking(&tables, &mut rng, |mask, rng| {
                        let cards = cards::CardSet::from_bits(mask);
                        cards.random_card(rng).map_or(0, |c| c.index() as u32)
                    })
                })
                .sum::<u32>()
        })
    });
    group.bench_function("straights", |b| {
        b.iter(|| {
            (0..BATCH)
                .map(|_| floors::straights::round(&mut rng))
                .sum::<u32>()
        })
    });
    group.bench_function("teendopanch", |b| {
        b.iter(|| {
            (0..BATCH)
                .map(|_| floors::teendopanch::hand(&mut rng))
                .sum::<u32>()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("handout_games");
    group.throughput(Throughput::Elements(u64::from(BATCH)));
    let mut handout = |name: &str, core: AnyCore| {
        group.bench_function(name, |b| {
            b.iter(|| match core {
                AnyCore::Euchre(rules) if rules.going_alone => handout_games(
                    || euchre::Game::new(rules),
                    BATCH,
                    &mut rng,
                    |g, s| euchre::players::cs246_decision(&g.view(euchre::Seat::new(s)).unwrap()),
                ),
                AnyCore::Euchre(rules) => handout_games(
                    || euchre::Game::new(rules),
                    BATCH,
                    &mut rng,
                    |g, s| euchre::players::simple_decision(&g.view(euchre::Seat::new(s)).unwrap()),
                ),
                AnyCore::Straights => {
                    handout_games(straights::Game::new, BATCH, &mut rng, |g, s| {
                        straights::players::computer_decision(
                            &g.view(straights::Seat::new(s)).unwrap(),
                        )
                    })
                }
                AnyCore::TeenDoPanch(rules) => handout_games(
                    || teendopanch::Game::new(rules),
                    BATCH,
                    &mut rng,
                    |g, s| {
                        let seat = teendopanch::Seat::new(s);
                        teendopanch::players::simple_decision(&g.view(seat).unwrap())
                    },
                ),
            })
        });
    };
    // Each game's handout player: EECS 280's Simple, CS 246's computer player (the
    // rules that go alone), Straights' computer, Teen Do Panch's Simple.
    handout(
        "euchre_eecs280_simple",
        AnyCore::Euchre(euchre::Rules::eecs280(10)),
    );
    handout(
        "euchre_cs246_computer",
        AnyCore::Euchre(euchre::Rules::cs246()),
    );
    handout("straights_computer", AnyCore::Straights);
    handout(
        "teendopanch_simple",
        AnyCore::TeenDoPanch(teendopanch::Rules::handout(10)),
    );
    group.finish();
}

fn arena_runs(c: &mut Criterion) {
    let mut group = c.benchmark_group("arena_euchre_simple_vs_random");
    group.sample_size(10);
    let games = 20_000u64;
    group.throughput(Throughput::Elements(games));
    for threads in [1usize, 2] {
        group.bench_with_input(
            BenchmarkId::new("threads", threads),
            &threads,
            |b, &threads| {
                let euchre = catalogue::GameKind::Euchre;
                let config = arena::Config {
                    rules: catalogue::Ruleset::plain(
                        catalogue::Variant::named(euchre, Some("eecs280")).unwrap(),
                        10,
                    ),
                    count: arena::Count::Games(games),
                    lineup: catalogue::Lineup::parse(euchre, "simple,random,simple,random")
                        .unwrap(),
                    seed: 1,
                    threads: Some(threads),
                    progress: false,
                    stop: None,
                };
                b.iter(|| arena::run(&config, None).unwrap())
            },
        );
    }
    group.finish();
}

criterion_group!(benches, rules_cores, arena_runs);
criterion_main!(benches);
