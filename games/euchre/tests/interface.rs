//! Euchre through the common game interface: thousands of random games under both
//! variants, replayed from their records, with determinizations checked at every move.

use cards::{Card, CardSet};
use euchre::{Game, Phase, Rules, Seat};
use table::check::random_games;

/// The cards of the pack the game's rules name (24, 28 or 32), as the pack lists them.
fn pack_of(game: &Game) -> CardSet {
    table::Game::pack(game).iter().copied().collect()
}

/// Every card is in exactly one place: a hand, the tricks played, or the undealt rest.
fn accounted(game: &Game) {
    let Some(hand) = game.hand() else { return };
    let mut seen = hand.played();
    for seat in Seat::ALL {
        let cards = hand.cards(seat);
        assert!(seen.intersection(cards).is_empty(), "a card in two places");
        seen = seen.union(cards);
    }
    assert!(seen.difference(pack_of(game)).is_empty());
    assert!(seen.len() <= 21);
}

/// The view shows the seat's own cards and no other hand; a determinization keeps the
/// seat's cards, the table and every hand's size, and respects shown voids.
fn consistent(game: &Game, seat: usize, world: &Game) {
    let me = Seat::new(seat);
    let hand = game.hand().unwrap();
    let view = game.view(me).unwrap();
    // A dealer naming trump blind (the benny turned up) sees none of its cards, and its
    // sampled worlds deal them too.
    let blind = hand.blind(me);
    let shown = if blind {
        CardSet::EMPTY
    } else {
        hand.cards(me)
    };
    assert_eq!(view.cards(), shown);
    assert!(
        view.discard().is_none() || me == hand.dealer(),
        "only the dealer sees its discard"
    );
    let other = world.hand().unwrap();
    if !blind {
        assert_eq!(other.cards(me), hand.cards(me));
    }
    assert_eq!(other.played(), hand.played());
    // Cards a farmer's hand showed are in the kitty, in no sampled hand.
    if let Some((_, shown)) = hand.farmer() {
        for s in Seat::ALL {
            assert!(
                other.cards(s).intersection(shown).is_empty(),
                "{s} holds a shown card"
            );
        }
    }
    assert_eq!(other.trick(), hand.trick());
    let mut seen = other.played();
    for s in Seat::ALL {
        let cards = other.cards(s);
        assert_eq!(
            cards.len(),
            hand.cards(s).len(),
            "seat {s} holds as many cards"
        );
        assert!(
            seen.intersection(cards).is_empty(),
            "each card once in the sampled world"
        );
        seen = seen.union(cards);
        assert!(
            cards.difference(pack_of(game)).is_empty(),
            "seat {s} was dealt a card from outside the pack"
        );
        if let (Some(order), true) = (hand.trump_order(), s != me) {
            for card in cards {
                let suit = order.suit_of(card);
                assert!(
                    !hand.shown_void(s, suit),
                    "seat {s} was dealt {card} of a suit it showed it lacks"
                );
            }
            let truly_holds = |suit| hand.cards(s).iter().any(|c: Card| order.suit_of(c) == suit);
            for suit in cards::Suit::ALL {
                assert!(
                    !(hand.shown_void(s, suit) && truly_holds(suit)),
                    "a shown void is a true void"
                );
            }
        }
    }
    if hand.phase() == Phase::Tricks
        && hand.dealer() != me
        && !hand.played().contains(hand.upcard())
    {
        let dealer = hand.dealer();
        let ordered_up = hand.trump() == Some(hand.upcard().suit()) && !hand.sits_out(dealer);
        if ordered_up
            && !hand.shown_void(dealer, hand.upcard().suit())
            && !hand.cards(dealer).is_empty()
        {
            assert!(
                other.cards(hand.dealer()).contains(hand.upcard()),
                "the dealer keeps the upcard"
            );
        }
    }
}

#[test]
fn eecs280_random_games() {
    let actions = random_games(
        || Game::new(Rules::eecs280(10)),
        600,
        1,
        accounted,
        consistent,
    );
    assert!(actions > 100_000, "{actions} actions");
}

#[test]
fn cs246_random_games() {
    let actions = random_games(
        || Game::new(Rules::cs246()),
        600,
        10_000,
        accounted,
        consistent,
    );
    assert!(actions > 100_000, "{actions} actions");
}

mod house_rules {
    use super::*;
    use proptest::prelude::*;
    use std::cell::Cell;
    use table::house::{each_combination, HouseError};

    /// Every scoring change is one the rules name: a hand's 1, march, lone march or
    /// euchre, or a renege penalty.
    fn scored_by_the_rules(rules: Rules) -> impl Fn(&Game) {
        let last = Cell::new([0u32; 2]);
        move |game: &Game| {
            let (before, now) = (last.get(), game.scores());
            for team in 0..2 {
                let gained = now[team].saturating_sub(last.get()[team]);
                let s = rules.scoring;
                let named = [
                    0,
                    1,
                    s.march,
                    s.lone_march,
                    s.euchre,
                    s.lone_euchre,
                    rules.renege_penalty.unwrap_or(0),
                ];
                assert!(
                    named.contains(&gained),
                    "team {team} gained {gained} under {rules:?} ({before:?} → {now:?})"
                );
            }
            last.set(now);
        }
    }

    /// Any combination of every option over either preset: refused only for the one
    /// contradiction the rules name, else random games run to the end with every card
    /// accounted for, views and determinizations consistent, and scores as set.
    #[test]
    fn every_combination_plays_or_is_refused_by_name() {
        let presets = [Rules::cs246(), Rules::eecs280(10)];
        each_combination(&presets, 48, |_, house, rules, seed| {
            match rules {
                Err(HouseError::Conflict(why)) => {
                    let has = |s: &str| house.contains(&s.to_string());
                    let partner_or_defender = has("partner-alone=on") || has("defend-alone=on");
                    prop_assert!(has("alone=off") && partner_or_defender, "{why}");
                }
                Err(other) => {
                    prop_assert!(false, "a value from its option's list was refused: {other}")
                }
                Ok(rules) => {
                    let score = scored_by_the_rules(rules);
                    let checked = |g: &Game| {
                        accounted(g);
                        score(g)
                    };
                    let actions =
                        random_games(move || Game::new(rules), 4, seed >> 8, checked, consistent);
                    prop_assert!(actions > 0);
                }
            }
            Ok(())
        });
    }
}

#[test]
fn a_sampled_world_deals_the_kitty_a_farmers_hand_would_take_to_nobody() {
    use euchre::Action;
    use rand::SeedableRng;
    use table::Game as _;
    let rules = table::House::with_house(&Rules::eecs280(10), &["deal=5", "farmer=swap"]).unwrap();
    // Seat 1, the dealer's left, is dealt three nines and may swap them for the kitty.
    let first: Vec<Card> = ["9S", "9H", "9C", "AD", "KD"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    let deck: Vec<Card> = first
        .iter()
        .copied()
        .chain(rules.deck().iter().copied().filter(|c| !first.contains(c)))
        .collect();
    let mut game = Game::new(rules);
    game.deal(&deck);
    // The farmer weighing its swap samples the others' hands and the kitty.
    for seat in [1] {
        for seed in 0..50 {
            let mut rng = table::Rng::seed_from_u64(seed);
            let mut world = game.determinize(seat, &mut rng);
            world.apply(Action::Farmer(cards::Rank::Nine)).unwrap();
            let hand = world.hand().unwrap();
            let mut seen = CardSet::EMPTY;
            for s in Seat::ALL {
                let cards = hand.cards(s);
                assert_eq!(cards.len(), 5, "seat {s} after the swap, seen from {seat}");
                assert!(
                    seen.intersection(cards).is_empty(),
                    "a card in two hands, seen from {seat}"
                );
                seen = seen.union(cards);
            }
            assert!(!seen.contains(world.hand().unwrap().upcard()));
        }
    }
}
