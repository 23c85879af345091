//! Teen Do Panch through the common game interface under both rule sets: random games
//! replayed from their records, with views and determinizations checked at every move.

use table::check::random_games;
use teendopanch::{Game, Rules, Seat};

fn accounted(game: &Game) {
    let Some(hand) = game.hand() else { return };
    let mut all = hand.played();
    let mut count = all.len() + hand.undealt().len() + usize::from(hand.pull().is_some());
    for s in Seat::ALL {
        let cards = hand.holding(s).set();
        // The arrival order lists each card held once (a card can come back in a pull).
        assert_eq!(
            hand.holding(s).cards().count(),
            cards.len(),
            "a card listed twice"
        );
        assert!(all.intersection(cards).is_empty(), "a card in two places");
        all = all.union(cards);
        count += cards.len();
    }
    assert_eq!(count, 30);
}

fn consistent(game: &Game, seat: usize, world: &Game) {
    let me = Seat::new(seat);
    let (hand, other) = (game.hand().unwrap(), world.hand().unwrap());
    assert_eq!(game.view(me).unwrap().cards(), hand.holding(me).set());
    assert_eq!(other.holding(me).set(), hand.holding(me).set());
    assert_eq!(other.played(), hand.played());
    // A packet turned up for everyone stays with the maker in every sampled world.
    let shown = hand
        .turned_up()
        .intersection(hand.holding(hand.maker()).set());
    assert_eq!(other.holding(hand.maker()).set().intersection(shown), shown);
    for s in Seat::ALL {
        assert_eq!(other.holding(s).len(), hand.holding(s).len());
        if s != me {
            for card in other.holding(s).cards() {
                // Suits as the trick counts them: the sevens on top are trumps.
                let suit = hand.trump_order().map_or(card.suit(), |o| o.suit_of(card));
                assert!(
                    !hand.shown_void(s, suit),
                    "seat {s} was dealt {card} of a suit it lacks"
                );
            }
            // What `me` handed `s` and `s` still holds stays there (a card can pass on
            // to the third player under the house rule's pulls, unseen by `me`).
            let kept = hand.gifts(me, s).intersection(hand.holding(s).set());
            assert!(
                kept.difference(other.holding(s).set()).is_empty(),
                "seat {s} keeps what seat {me} gave it: {kept:?}, sampled {:?}",
                other.holding(s).set()
            );
        }
    }
    accounted(world);
}

#[test]
fn random_games_under_both_rules() {
    for (rules, seed) in [(Rules::handout(10), 3), (Rules::reference(10), 5)] {
        let actions = random_games(move || Game::new(rules), 300, seed, accounted, consistent);
        assert!(actions > 50_000, "{rules:?}: {actions} actions");
    }
}

mod house_rules {
    use super::*;
    use proptest::prelude::*;
    use table::house::{each_combination, HouseError};
    use teendopanch::Direction;

    /// Every combination over either preset: refused only where the reference's
    /// quota rotation meets play to the right, else random games play with every card
    /// accounted for, views and determinizations consistent, and the quotas 5-3-2
    /// going round in the direction of play.
    #[test]
    fn every_combination_plays_or_is_refused_by_name() {
        let presets = [Rules::reference(5), Rules::handout(5)];
        each_combination(&presets, 32, |preset, house, rules, seed| {
            match rules {
                Err(HouseError::Conflict(_)) => {
                    let reference = *preset == Rules::reference(5);
                    prop_assert!(reference && house.contains(&"direction=right".to_string()));
                }
                Err(other) => prop_assert!(false, "a listed value was refused: {other}"),
                Ok(rules) => {
                    let quotas = move |game: &Game| {
                        accounted(game);
                        let Some(hand) = game.hand() else { return };
                        if rules.quotas == teendopanch::QuotaRule::ByRole {
                            let q = hand.quotas();
                            assert_eq!(q[hand.maker().index()], 5);
                            assert_eq!(q[hand.dealer().index()], 2);
                            let after = match rules.direction {
                                Direction::Left => hand.dealer().left(),
                                Direction::Right => hand.dealer().left().left(),
                            };
                            assert_eq!(hand.maker(), after);
                        }
                    };
                    let actions =
                        random_games(move || Game::new(rules), 4, seed >> 8, quotas, consistent);
                    prop_assert!(actions > 0);
                }
            }
            Ok(())
        });
    }
}
