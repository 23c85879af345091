//! Positions round-trip: every point of a hand described by `to_position` rebuilds the
//! same hand, and a hand resumed as a saved game resumes it (no order of past plays)
//! keeps an exact history of what is played after.

use euchre::{Game, Hand, Phase, Rules, Seat};
use rand::{Rng as _, SeedableRng};
use table::{Game as _, Rng, Turn};

/// Plays `games` random games of `rules`, calling `each` before every action with the
/// game and the action about to be taken.
fn random_games(rules: Rules, games: u64, mut each: impl FnMut(&Game, euchre::Action)) {
    for n in 0..games {
        let mut game = Game::new(rules);
        let (mut chance, mut rng) = (Rng::seed_from_u64(n), Rng::seed_from_u64(!n));
        let mut legal = Vec::new();
        loop {
            match table::Game::turn(&game) {
                Turn::Over => break,
                Turn::Chance => table::Game::deal(&mut game, &mut chance),
                Turn::Seat(_) => {
                    table::Game::legal_actions(&game, &mut legal);
                    let action = legal[rng.random_range(0..legal.len())];
                    each(&game, action);
                    table::Game::apply(&mut game, action).unwrap();
                }
            }
        }
    }
}

fn both_rules() -> [Rules; 2] {
    [Rules::eecs280(10), Rules::cs246()]
}

#[test]
fn every_point_of_a_hand_round_trips() {
    for rules in both_rules() {
        let mut points = 0;
        random_games(rules, 60, |game, _| {
            let position = game.to_position().expect("a hand is in progress");
            let back = Game::from_position(rules, &position)
                .unwrap_or_else(|e| panic!("{e}: {position:?}"));
            assert_eq!(back.hand(), game.hand(), "{position:?}");
            assert_eq!(back.scores(), game.scores());
            let seat = game.hand().unwrap().turn().index();
            let mut a = Rng::seed_from_u64(points);
            let mut b = Rng::seed_from_u64(points);
            assert_eq!(
                back.determinize(seat, &mut a).hand(),
                game.determinize(seat, &mut b).hand(),
                "the same determinizations"
            );
            points += 1;
        });
        assert!(points > 2_000, "{points} points checked");
    }
}

/// What a saved game keeps of a hand at the start of a trick: no order of play, no
/// discard.
fn as_saved(game: &Game) -> Game {
    let mut position = game.to_position().unwrap();
    position.plays.clear();
    position.discard = None;
    Game::from_position(*game.rules(), &position).unwrap()
}

#[test]
fn a_hand_resumed_from_a_saved_game_keeps_its_history_from_there() {
    for rules in both_rules() {
        let mut resumed: Option<(Game, usize)> = None;
        let mut checked = 0;
        random_games(rules, 200, |game, action| {
            let hand = game.hand().unwrap();
            if hand.phase() == Phase::Tricks && hand.trick().is_empty() && resumed.is_none() {
                let skipped = hand.history().count();
                if skipped > 0 {
                    resumed = Some((as_saved(game), skipped));
                }
            }
            let Some((copy, skipped)) = &mut resumed else {
                return;
            };
            let mine: &Hand = copy.hand().unwrap();
            let since: Vec<_> = hand.history().skip(*skipped).collect();
            assert_eq!(mine.history().collect::<Vec<_>>(), since);
            assert_eq!(mine.played(), hand.played());
            for seat in Seat::ALL {
                assert_eq!(mine.won(seat), hand.won(seat));
                assert_eq!(mine.cards(seat), hand.cards(seat));
                let later: cards::CardSet =
                    since.iter().filter(|p| p.0 == seat).map(|p| p.1).collect();
                assert_eq!(mine.played_by(seat), later);
            }
            let (mine_voids, all_voids) = (mine.voids(), hand.voids());
            for seat in 0..4 {
                assert_eq!(
                    mine_voids[seat] & !all_voids[seat],
                    0,
                    "a resumed hand shows no void the whole hand does not"
                );
            }
            assert_eq!(mine.legal_actions(), hand.legal_actions());
            copy.apply(action).unwrap();
            checked += 1;
            if copy.hand().unwrap().phase() == Phase::Over {
                resumed = None;
            }
        });
        assert!(checked > 1_000, "{checked} actions checked");
    }
}
