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
    for s in Seat::ALL {
        assert_eq!(other.holding(s).len(), hand.holding(s).len());
        if s != me {
            for card in other.holding(s).cards() {
                assert!(
                    !hand.shown_void(s, card.suit()),
                    "seat {s} was dealt {card} of a suit it lacks"
                );
            }
            assert!(
                other.holding(s).set().intersection(hand.gifts(me, s))
                    == hand.gifts(me, s).intersection(hand.holding(s).set())
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
