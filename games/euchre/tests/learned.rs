//! The learned player: its network files load, a network that encodes the strong
//! player's own bidding rule bids exactly as the strong player does, it decides from its
//! seat's information only, and its training data is reproducible.

use euchre::players::bid_inputs::{bid_inputs, INPUTS};
use euchre::players::learned::{bid_samples, Against};
use euchre::players::{Learned, Simple, Strong};
use euchre::{Action, Game, Phase, Rules};
use rand::SeedableRng;
use std::sync::Arc;
use table::search::Advisor;
use table::{Agent, Rng, Seated};

/// A network written by hand for the strong player's rule: a bid is worth its estimate
/// over passing less 0.3 (the `bid_threshold` docs/BOTS.md gives).
const EXPERT_RULE: &str = include_str!("../models/expert-rule.json");

/// Bidding positions (with passing allowed) from games of handout players, `rules`.
fn bidding_positions(rules: Rules, count: usize, seed: u64) -> Vec<Game> {
    positions(rules, count, seed, |view| {
        matches!(view.phase(), Phase::Making(_)) && view.legal_actions().contains(Action::Pass)
    })
}

/// The first `count` positions of games of handout players, `rules`, whose view for the
/// seat to act is `wanted`.
fn positions(
    rules: Rules,
    count: usize,
    seed: u64,
    wanted: impl Fn(&euchre::View<'_>) -> bool,
) -> Vec<Game> {
    let mut chance = Rng::seed_from_u64(seed);
    let mut rng = Rng::seed_from_u64(seed + 1);
    let mut found = Vec::new();
    while found.len() < count {
        let mut game = Game::new(rules);
        while !game.is_over() && found.len() < count {
            if game.needs_deal() {
                table::Game::deal(&mut game, &mut chance);
                continue;
            }
            let seat = game.turn().expect("a seat acts");
            if wanted(&game.view(seat).expect("a hand is dealt")) {
                found.push(game);
            }
            let action = Simple.act(Seated::new(&game, seat.index()), &mut rng);
            game.apply(action).expect("legal");
        }
    }
    found
}

#[test]
fn the_shipped_networks_load_and_take_the_bid_inputs() {
    for rules in [Rules::eecs280(10), Rules::cs246()] {
        let network = Learned::shipped_bids(&rules);
        assert_eq!(network.inputs, INPUTS.map(String::from).to_vec());
    }
    let wrong = EXPERT_RULE.replacen("\"estimate\"", "\"guess\"", 1);
    assert!(Learned::bids_network(&wrong).is_err());
}

#[test]
fn a_network_of_the_strong_players_rule_bids_as_it_does() {
    let rule = Arc::new(Learned::bids_network(EXPERT_RULE).unwrap());
    let mut bids_seen = 0;
    for rules in [Rules::eecs280(10), Rules::cs246()] {
        for (i, game) in bidding_positions(rules, 60, 7).iter().enumerate() {
            let seat = game.turn().unwrap().index();
            let mut strong = Strong::new(8);
            let mut learned = Learned::new(Strong::new(8), rule.clone());
            let a = strong.advise(Seated::new(game, seat), &mut Rng::seed_from_u64(i as u64));
            let b = learned.advise(Seated::new(game, seat), &mut Rng::seed_from_u64(i as u64));
            assert_eq!(a.chosen(), b.chosen(), "position {i}");
            for (x, y) in a.compared().iter().zip(b.compared()) {
                assert!((x - y).abs() < 1e-9, "position {i}: {x} against {y}");
            }
            bids_seen += usize::from(b.actions.iter().any(|&x| x != Action::Pass));
        }
    }
    assert!(bids_seen > 100, "the positions have bids to weigh");
}

/// The same position with every card the bidder cannot see dealt again: a player that
/// reads only its seat's information decides the same.
#[test]
fn the_learned_player_decides_from_its_seat_alone() {
    let shipped = Learned::shipped_bids(&Rules::eecs280(10));
    let mut differing_worlds = 0;
    for (i, game) in bidding_positions(Rules::eecs280(10), 40, 11)
        .iter()
        .enumerate()
    {
        let seat = game.turn().unwrap().index();
        let other = Seated::new(game, seat).determinize(&mut Rng::seed_from_u64(100 + i as u64));
        let hidden = |g: &Game| {
            (0..4)
                .filter(|&s| s != seat)
                .map(|s| g.hand().unwrap().cards(euchre::Seat::new(s)))
                .collect::<Vec<_>>()
        };
        differing_worlds += usize::from(hidden(game) != hidden(&other));
        let decide = |g: &Game| {
            let mut player = Learned::new(Strong::new(8), shipped.clone());
            let advice = player.advise(Seated::new(g, seat), &mut Rng::seed_from_u64(i as u64));
            (advice.chosen(), advice.values)
        };
        assert_eq!(decide(game), decide(&other), "position {i}");
    }
    assert!(differing_worlds > 30, "the other worlds hide other cards");
}

#[test]
fn bid_inputs_read_the_bidders_hand() {
    // Seat 1 (left of the dealer, seat 0) in round one: the upcard is the nine of hearts.
    let games = bidding_positions(Rules::eecs280(10), 200, 3);
    let game = games
        .iter()
        .find(|g| {
            g.turn().unwrap().index() == 1
                && g.view(euchre::Seat::new(1)).unwrap().phase()
                    == Phase::Making(euchre::Round::One)
        })
        .expect("a first bid");
    let view = game.view(euchre::Seat::new(1)).unwrap();
    let inputs = bid_inputs(&view, Action::OrderUp { alone: false }, 0.25).unwrap();
    let trump = view.upcard().suit();
    let order = cards::euchre_order::TrumpOrder::euchre(trump);
    let cards = view.cards();
    let at = |name: &str| inputs[INPUTS.iter().position(|&n| n == name).unwrap()];
    assert_eq!(at("estimate"), 0.25);
    assert_eq!(at("place_1"), 1.0);
    assert_eq!(at("place_0") + at("place_2") + at("place_3"), 0.0);
    assert_eq!(
        at("upcard_to_us"),
        0.0,
        "seat 1 is not the dealer's partner"
    );
    assert_eq!(
        at("trumps"),
        cards.iter().filter(|&c| order.is_trump(c)).count() as f64
    );
    assert_eq!(at("our_points_to_go"), 1.0);
    assert!(bid_inputs(&view, Action::Pass, 0.0).is_none());
}

#[test]
fn training_samples_are_reproducible_and_each_bid_is_near_passing() {
    let run = || bid_samples(Rules::eecs280(5), 9, 1, Against::Strong, (4, 4), None);
    let samples = run();
    assert_eq!(samples, run());
    assert!(!samples.is_empty());
    let estimate = INPUTS.iter().position(|&n| n == "estimate").unwrap();
    for pair in samples.windows(2) {
        assert!(pair[1].decision >= pair[0].decision);
    }
    for s in &samples {
        assert!(s.inputs[estimate] > -euchre::players::learned::FAR_BELOW);
        assert!(s.brought.is_finite());
    }
    // On its own play, the learned player's decisions are those of its bids: with the
    // strong player's rule as the policy, the same samples as the strong player's.
    let rule = Arc::new(Learned::bids_network(EXPERT_RULE).unwrap());
    let on_policy = bid_samples(Rules::eecs280(5), 9, 1, Against::Strong, (4, 4), Some(rule));
    assert_eq!(on_policy, samples);
    // A policy that never bids (every bid worth 9 points less than passing) plays other
    // games, in which every deal is thrown in or the dealer is stuck.
    let never = EXPERT_RULE.replace("-0.3", "-9.0");
    let never = Arc::new(Learned::bids_network(&never).unwrap());
    let passing = bid_samples(
        Rules::eecs280(5),
        9,
        1,
        Against::Strong,
        (4, 4),
        Some(never),
    );
    assert_ne!(passing, samples, "another policy plays other games");
}

/// `learned:N` and `with_play_samples`: until the first trick is over the player samples
/// its default deals (the network was trained on those estimates; a seat's first decision
/// of a hand comes before then and costs the most), from the second trick on N, once it
/// no longer takes its opponents for the handout player.
#[test]
fn play_samples_count_from_the_second_trick_on() {
    let games = positions(Rules::eecs280(10), 60, 11, |view| {
        view.legal_actions().len() > 1
    });
    let later = |game: &Game| {
        let view = game.view(game.turn().unwrap()).unwrap();
        let tricks: u8 = euchre::Seat::ALL.iter().map(|&s| view.tricks_won(s)).sum();
        view.phase() == Phase::Tricks && tricks > 0
    };
    let phases: Vec<_> = games
        .iter()
        .map(|g| g.view(g.turn().unwrap()).unwrap().phase())
        .collect();
    assert!(phases.iter().any(|p| matches!(p, Phase::Making(_))));
    assert!(games.iter().any(later));
    assert!((games.iter().zip(&phases)).any(|(g, &p)| p == Phase::Tricks && !later(g)));
    let mut told_apart = [false; 2];
    for (i, (game, phase)) in games.iter().zip(phases).enumerate() {
        let seat = game.turn().unwrap().index();
        let advise = |mut player: Strong| {
            let mut rng = Rng::seed_from_u64(i as u64);
            player.advise(Seated::new(game, seat), &mut rng).values
        };
        // Against the handout players the count never changes.
        let handout = advise(Strong::new(96).with_play_samples(8));
        assert_eq!(handout, advise(Strong::new(96)), "decision {i}, {phase:?}");
        let unknown = |samples| Strong::new(samples).with_handout_opponents(false);
        let split = advise(unknown(96).with_play_samples(8));
        let later = later(game);
        let (like, unlike) = if later { (8, 96) } else { (96, 8) };
        assert_eq!(split, advise(unknown(like)), "decision {i}, {phase:?}");
        // Some late decisions come out the same on any number of deals.
        told_apart[usize::from(later)] |= split != advise(unknown(unlike));
    }
    assert_eq!(told_apart, [true, true], "the two counts differ somewhere");
}
