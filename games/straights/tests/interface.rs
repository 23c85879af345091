//! Straights through the common game interface: random games replayed from their
//! records, with views and determinizations checked at every move.

use cards::CardSet;
use straights::{Game, Seat};
use table::check::random_games;

fn accounted(game: &Game) {
    let Some(round) = game.round() else { return };
    let mut all = CardSet::EMPTY;
    let mut count = round.layout().len();
    for s in Seat::ALL {
        let mine: CardSet = round.hand(s).chain(round.discards(s)).collect();
        assert!(all.intersection(mine).is_empty());
        all = all.union(mine);
        count += mine.len();
    }
    assert_eq!(count, 52, "every card is held, discarded or on the table");
}

fn consistent(game: &Game, seat: usize, world: &Game) {
    let me = Seat::new(seat);
    let (round, other) = (game.round().unwrap(), world.round().unwrap());
    let view = game.view(me).unwrap();
    assert_eq!(
        view.hand().collect::<Vec<_>>(),
        round.hand(me).collect::<Vec<_>>()
    );
    assert_eq!(
        other.hand(me).collect::<Vec<_>>(),
        round.hand(me).collect::<Vec<_>>()
    );
    assert_eq!(other.layout(), round.layout());
    for s in Seat::ALL {
        assert_eq!(other.held(s).len(), round.held(s).len());
        assert_eq!(other.discards(s).count(), round.discards(s).count());
    }
    accounted(world);
}

#[test]
fn random_games_through_the_interface() {
    let actions = random_games(Game::new, 1000, 7, accounted, consistent);
    assert!(actions > 150_000, "{actions} actions");
}
