//! Random games by the million, every action checked: it is one of the legal actions and
//! the rules accept it, every card is in exactly one place, and each hand's points are the
//! handout's arithmetic. Prints games, actions and seconds per variant; panics on the first
//! broken invariant with its seed. The figures are in docs/RELIABILITY.md.
//!
//! `cargo run --release -p cardtable-arena --example invariants -- [GAMES]` (default 1,000,000)

use std::time::Instant;

use cards::CardSet;
use rand::{Rng as _, SeedableRng};
use rayon::prelude::*;
use table::{Game, Rng, Turn};

/// Plays game `seed` with random choices, calling `check(before, after)` around each
/// action; returns the number of actions.
fn play<G: Game>(mut game: G, seed: u64, check: impl Fn(&G, &G)) -> u64 {
    let mut chance = Rng::seed_from_u64(seed);
    let mut rng = Rng::seed_from_u64(!seed);
    let mut legal = Vec::new();
    let mut actions = 0;
    loop {
        match game.turn() {
            Turn::Over => return actions,
            Turn::Chance => game.deal(&mut chance),
            Turn::Seat(_) => {
                game.legal_actions(&mut legal);
                assert!(
                    !legal.is_empty(),
                    "seed {seed}: a seat to act has no action"
                );
                let action = legal[rng.random_range(0..legal.len())];
                let before = game.clone();
                game.apply(action)
                    .unwrap_or_else(|e| panic!("seed {seed}: legal {action:?} refused: {e}"));
                check(&before, &game);
                actions += 1;
                assert!(actions < 100_000, "seed {seed}: the game does not end");
            }
        }
    }
}

fn euchre(before: &euchre::Game, after: &euchre::Game) {
    let hand = after.hand().expect("a hand is dealt");
    let held = euchre::Seat::ALL.map(|s| hand.cards(s));
    let mut all = hand.played();
    let mut count = hand.played().len();
    for cards in held {
        all = all.union(cards);
        count += cards.len();
    }
    count += usize::from(hand.discard().is_some());
    all = all.union(hand.discard().into_iter().collect());
    assert_eq!(all.len(), count, "no card is in two places");
    let picked_up = hand.discard().is_some() || hand.phase() == euchre::Phase::Discard;
    assert_eq!(
        count,
        20 + usize::from(picked_up),
        "the 20 dealt cards (+ the upcard)"
    );
    let gained = [0, 1].map(|t| after.scores()[t] - before.scores()[t]);
    match gained {
        [0, 0] => {}
        // A hand scores 1, 2 or 4 to one team; a renege 2 (CS 246).
        [p, 0] | [0, p] => assert!(matches!(p, 1 | 2 | 4), "{gained:?}"),
        _ => panic!("both teams scored at once: {gained:?}"),
    }
}

fn straights(_: &straights::Game, after: &straights::Game) {
    let round = after.round().expect("a round is dealt");
    let mut all = CardSet::EMPTY;
    let mut count = 0;
    for seat in round.seats() {
        let cards: CardSet = round.hand(seat).chain(round.discards(seat)).collect();
        all = all.union(cards);
        count += cards.len();
    }
    for suit in cards::Suit::ALL {
        let run: CardSet = round
            .layout()
            .run(suit)
            .into_iter()
            .map(|r| cards::Card::new(r, suit))
            .collect();
        all = all.union(run);
        count += run.len();
    }
    assert_eq!((all.len(), count), (52, 52), "every card once");
    if round.is_over() {
        let points: Vec<u32> = round.seats().map(|s| round.points(s)).collect();
        let pips: Vec<u32> = round
            .seats()
            .map(|s| round.discards(s).map(|c| c.rank().pips()).sum())
            .collect();
        assert_eq!(points, pips, "a round scores the pips discarded");
    }
}

fn teendopanch(before: &teendopanch::Game, after: &teendopanch::Game) {
    let hand = after.hand().expect("a hand is dealt");
    let mut all = hand
        .played()
        .union(hand.undealt().iter().copied().collect());
    let mut count = hand.played().len() + hand.undealt().len();
    if let Some(pull) = hand.pull() {
        all.insert(pull.taken);
        count += 1;
    }
    for seat in teendopanch::Seat::ALL {
        all = all.union(hand.holding(seat).set());
        count += hand.holding(seat).len();
    }
    assert_eq!((all.len(), count), (30, 30), "every card once");
    let gained: u32 = (0..3).map(|s| after.scores()[s] - before.scores()[s]).sum();
    if gained > 0 {
        // Ten tricks against quotas of 10 in all: the maker's 2 for its quota and one a
        // trick above quota (at most 8: the dealer, quota 2, taking all ten).
        assert!(gained <= 10, "{gained} points in one hand");
    }
}

fn run<G: Game>(name: &str, games: u64, new: impl Fn() -> G + Sync, check: fn(&G, &G)) {
    let started = Instant::now();
    let actions: u64 = (0..games)
        .into_par_iter()
        .map(|seed| play(new(), seed, check))
        .sum();
    println!(
        "{name:<24} {games:>9} games {actions:>12} actions checked in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .map(|n| n.parse().expect("GAMES"))
        .unwrap_or(1_000_000);
    for rules in [euchre::Rules::eecs280(10), euchre::Rules::cs246()] {
        let name = format!("euchre {}", rules.name());
        run(&name, games, || euchre::Game::new(rules), euchre);
    }
    run("straights cs246", games, straights::Game::new, straights);
    for rules in [
        teendopanch::Rules::handout(10),
        teendopanch::Rules::reference(10),
    ] {
        let name = format!("teendopanch {}", rules.name());
        run(&name, games, || teendopanch::Game::new(rules), teendopanch);
    }
}
