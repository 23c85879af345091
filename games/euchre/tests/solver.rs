//! The open-hand solver against plain minimax on thousands of random deals, full and
//! part-played, with and without a lone hand, and with a lone defender against it.

use cards::{Card, CardSet, Suit};
use euchre::solver::{minimax, OpenDeal, Solver};
use euchre::{Seat, Team};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// Cards written `JH JD AH` as a set.
fn set(text: &str) -> CardSet {
    text.split(' ')
        .map(|c| c.parse::<Card>().unwrap())
        .collect()
}

fn random_deal(rng: &mut table::Rng, max_tricks: usize) -> OpenDeal {
    random_deal_from(rng, max_tricks, &cards::deck::EECS280_EUCHRE)
}

/// Numbered random deals from `seed`: `short` of up to four tricks, then `whole` of five.
fn deals(seed: u64, short: usize, whole: usize) -> impl Iterator<Item = (usize, OpenDeal)> {
    let mut rng = table::Rng::seed_from_u64(seed);
    (0..short + whole).map(move |n| (n, random_deal(&mut rng, if n < short { 4 } else { 5 })))
}

/// A deal from `pack`, as [`random_deal`].
fn random_deal_from(rng: &mut table::Rng, max_tricks: usize, pack: &[Card]) -> OpenDeal {
    let mut deck = pack.to_vec();
    deck.shuffle(rng);
    let trump = Suit::from_index(rng.random_range(0..4));
    let out = rng
        .random_bool(0.25)
        .then(|| Seat::new(rng.random_range(0..4)));
    // Sometimes a lone defender (the out seat's left) too: its partner sits out as well.
    let second = out
        .filter(|_| rng.random_bool(0.4))
        .map(|s| s.left().partner());
    let sits = |seat| Some(seat) == out || Some(seat) == second;
    let mut hands = [CardSet::EMPTY; 4];
    let tricks = rng.random_range(1..=max_tricks);
    let mut cards = deck.into_iter();
    for seat in Seat::ALL {
        if !sits(seat) {
            hands[seat.index()] = cards.by_ref().take(tricks).collect();
        }
    }
    let mut leader = Seat::new(rng.random_range(0..4));
    while sits(leader) {
        leader = leader.left();
    }
    let mut deal = OpenDeal::new(hands, trump, out, leader);
    if let Some(second) = second {
        deal = deal.also_out(second);
    }
    // Sometimes start part-way through a trick.
    for _ in 0..rng.random_range(0..3) {
        let legal: Vec<Card> = deal.legal().iter().collect();
        if deal.play(legal[rng.random_range(0..legal.len())]).is_some() {
            break;
        }
    }
    deal
}

#[test]
fn the_solver_agrees_with_minimax() {
    let mut solver = Solver::new();
    // Thousands of deals of up to four tricks, and two hundred whole five-trick deals
    // (plain minimax is slow on those).
    for (n, deal) in deals(2024, 3000, 200) {
        for team in Team::BOTH {
            assert_eq!(
                solver.tricks(&deal, team),
                minimax(&deal, team),
                "deal {n} team {team:?}: {deal:?}"
            );
        }
        for (card, value) in solver.card_values(&deal) {
            let mut next = deal;
            let team = deal.turn().team();
            let won = next.play(card).map_or(0, |w| u8::from(w.team() == team));
            assert_eq!(value, won + minimax(&next, team), "deal {n}, card {card}");
        }
    }
}

#[test]
fn threshold_searches_agree_with_minimax() {
    // One solver for all: bounds left in its table by one window must not mislead another.
    let mut solver = Solver::new();
    for (n, deal) in deals(2025, 1400, 100) {
        for team in Team::BOTH {
            let exact = minimax(&deal, team);
            for tricks in 0..=6 {
                assert_eq!(
                    solver.at_least(&deal, team, tricks),
                    exact >= tricks,
                    "deal {n} team {team:?} at least {tricks}: {deal:?}"
                );
            }
        }
    }
}

#[test]
fn a_hand_of_all_the_top_trumps_takes_every_trick() {
    let hands = [
        set("JH JD AH KH QH"),
        set("9S TS JS QS KS"),
        set("9C TC JC QC KC"),
        set("9D TD QD KD AD"),
    ];
    let deal = OpenDeal::new(hands, Suit::Hearts, None, Seat::new(1));
    assert_eq!(Solver::new().tricks(&deal, Team::BOTH[0]), 5);
}

#[test]
fn the_longer_packs_solve_as_minimax_does_long_trump_suits_included() {
    let mut rng = table::Rng::seed_from_u64(2026);
    let mut solver = Solver::new();
    let packs = [&cards::deck::EUCHRE_28[..], &cards::deck::EUCHRE_32[..]];
    for n in 0..1600 {
        let pack = packs[n % 2];
        let tricks = if n < 1580 { 4 } else { 5 };
        let deal = if n % 4 >= 2 {
            every_trump_in_play(&mut rng, tricks, pack)
        } else {
            random_deal_from(&mut rng, tricks, pack)
        };
        for team in Team::BOTH {
            let exact = minimax(&deal, team);
            assert_eq!(solver.tricks(&deal, team), exact, "deal {n}: {deal:?}");
            for tricks in [3, 5] {
                assert_eq!(solver.at_least(&deal, team, tricks), exact >= tricks);
            }
        }
    }
}

/// A deal of `tricks` (three or more) cards each from `pack` with every trump in play:
/// eight in the 28-card pack, nine in the 32-card pack, more than a narrow packing holds.
fn every_trump_in_play(rng: &mut table::Rng, tricks: usize, pack: &[Card]) -> OpenDeal {
    let trump = Suit::from_index(rng.random_range(0..4));
    let order = cards::euchre_order::TrumpOrder::euchre(trump);
    let (mut cards, mut rest): (Vec<Card>, Vec<Card>) =
        pack.iter().partition(|&&c| order.is_trump(c));
    rest.shuffle(rng);
    cards.extend(rest.into_iter().take(4 * tricks - cards.len()));
    cards.shuffle(rng);
    dealt_out(rng, &cards, tricks, trump)
}

/// `tricks` cards each, in order from `cards`, to a fresh trick with a random leader.
fn dealt_out(rng: &mut table::Rng, cards: &[Card], tricks: usize, trump: Suit) -> OpenDeal {
    let hands = std::array::from_fn(|s| {
        cards[s * tricks..(s + 1) * tricks]
            .iter()
            .copied()
            .collect()
    });
    OpenDeal::new(hands, trump, None, Seat::new(rng.random_range(0..4)))
}

#[test]
fn four_top_trumps_beat_the_five_lowest_of_the_32_card_pack() {
    // Hand-worked: hearts trump, all nine trumps in play. Seat 1 holds the four highest
    // (both bowers, ace, king) and wins every trick it plays a trump to, so its side
    // takes four; seat 0 holds the five lowest, so its side takes the trick seat 1's
    // seven of spades is played to (seat 0 trumps it), whoever leads.
    let hands = [
        set("7H 8H 9H TH QH"),
        set("JH JD AH KH 7S"),
        set("7C 8C 9C TC AS"),
        set("7D 8D 9D TD KS"),
    ];
    for leader in Seat::ALL {
        let deal = OpenDeal::new(hands, Suit::Hearts, None, leader);
        let mut solver = Solver::new();
        assert_eq!(solver.tricks(&deal, Team::BOTH[0]), 1, "{leader:?} leads");
        assert_eq!(solver.tricks(&deal, Team::BOTH[1]), 4, "{leader:?} leads");
        assert!(solver.at_least(&deal, Team::BOTH[1], 4));
        assert!(!solver.at_least(&deal, Team::BOTH[1], 5));
    }
}

#[test]
fn the_benny_solves_as_minimax_does_in_every_pack() {
    let mut rng = table::Rng::seed_from_u64(2027);
    let mut solver = Solver::new();
    let packs = [
        &cards::deck::EUCHRE_25[..],
        &cards::deck::EUCHRE_29[..],
        &cards::deck::EUCHRE_33[..],
    ];
    for n in 0..1500 {
        let pack = packs[n % 3];
        let tricks = if n < 1480 { 4 } else { 5 };
        // Fresh deals (no card down yet) under the joker rule: the two of spades is the
        // top trump; half of them with every other trump in play too.
        let deal = if n % 2 == 0 {
            every_trump_in_play(&mut rng, tricks, pack)
        } else {
            fresh_deal(&mut rng, tricks, pack)
        }
        .with_joker();
        for team in Team::BOTH {
            let exact = minimax(&deal, team);
            assert_eq!(solver.tricks(&deal, team), exact, "deal {n}: {deal:?}");
            assert_eq!(solver.at_least(&deal, team, 3), exact >= 3);
        }
    }
}

/// `tricks` cards each from `pack`, a random trump and leader, no card down yet.
fn fresh_deal(rng: &mut table::Rng, tricks: usize, pack: &[Card]) -> OpenDeal {
    let mut cards = pack.to_vec();
    cards.shuffle(rng);
    let trump = Suit::from_index(rng.random_range(0..4));
    dealt_out(rng, &cards, tricks, trump)
}

#[test]
fn the_benny_must_follow_trump_and_takes_the_right_bower() {
    // Hand-worked, hearts trump: the only trumps are the right bower (seat 1) and the
    // two of spades (seat 0). Under the joker rule the two of spades is the benny, a
    // trump above the bowers: led to by the right bower, seat 0 must play it, and wins.
    // Without the rule it is a plain spade: seat 0 may play anything, and loses.
    let card = |t: &str| t.parse::<Card>().unwrap();
    let hands = [
        set("2S 9C TC QC KC"),
        set("JH 9D TD QD KD"),
        set("AC AD AS KS QS"),
        set("9S TS JS JC AH"),
    ];
    for (joker, legal, winner) in [(true, set("2S"), 0), (false, hands[0], 1)] {
        let mut deal = OpenDeal::new(hands, Suit::Hearts, None, Seat::new(1));
        if joker {
            deal = deal.with_joker();
        }
        deal.play(card("JH"));
        deal.play(card("AC"));
        deal.play(card("9S"));
        assert_eq!(deal.legal(), legal, "joker {joker}");
        assert_eq!(
            deal.play(card("2S")),
            Some(Seat::new(winner)),
            "joker {joker}"
        );
    }
}
