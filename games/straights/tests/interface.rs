//! Straights through the common game interface: random games replayed from their
//! records, with views and determinizations checked at every move.

use cards::CardSet;
use straights::{Game, Seat};
use table::check::random_games;

fn accounted(game: &Game) {
    let Some(round) = game.round() else { return };
    let mut all = CardSet::EMPTY;
    let mut count = round.layout().len();
    for s in round.seats() {
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
    for s in round.seats() {
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

mod house_rules {
    use super::*;
    use proptest::prelude::*;
    use straights::{End, Rules};
    use table::house::each_combination;

    /// Every combination of options is accepted and plays: every card accounted for,
    /// views and determinizations consistent, the round opened by the chosen seven,
    /// and the game ending as its `end` says.
    #[test]
    fn every_combination_plays_to_its_end() {
        each_combination(&[Rules::HANDOUT], 24, |_, _, rules, seed| {
            let rules = rules.expect("no Straights option contradicts another");
            let opened = |game: &Game| {
                accounted(game);
                if let Some(round) = game.round() {
                    if round.layout().len() == 1 {
                        let run = round.layout().run(rules.opener.suit());
                        assert_eq!(run, [rules.opener.rank()], "{:?} opens", rules.opener);
                    }
                }
            };
            random_games(
                move || Game::with_rules(rules),
                3,
                seed >> 8,
                opened,
                consistent,
            );
            // One more game to its end, checked against the rules' end.
            let mut game = Game::with_rules(rules);
            let mut agents: Vec<Box<dyn table::Agent<Game>>> = (0..rules.players())
                .map(|_| Box::new(table::RandomAgent::default()) as _)
                .collect();
            table::play_seeded(&mut game, &mut agents, seed, None);
            match rules.end {
                End::Points(p) => prop_assert!(game.scores().iter().any(|&s| s >= p)),
                End::Rounds(n) => prop_assert_eq!(game.rounds(), n),
            }
            Ok(())
        });
    }
}
