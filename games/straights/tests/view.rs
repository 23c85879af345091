//! What each player sees, worked by hand from the handout (section 5): its own hand,
//! the layout, the others' hand sizes and discard counts, and its moves on its turn only.

use cards::{Card, Rank, Suit};
use straights::{Action, Game, IllegalAction, Layout, Refused};

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

/// A game dealt from the deck in its unshuffled order: Player 1 holds the first 13
/// cards, Player 2 the next, …; whoever holds the seven of spades opens.
fn dealt() -> Game {
    let mut game = Game::new();
    game.deal(&cards::deck::cs246_straights());
    game
}

#[test]
fn every_player_sees_its_own_hand_and_the_others_sizes() {
    let game = dealt();
    assert_eq!(game.rounds(), 1);
    let round = game.round().unwrap();
    let opener = round.turn();
    assert!(round.held(opener).contains(card("7S")));
    for seat in game.seats() {
        let view = game.view(seat).unwrap();
        assert_eq!(view.seat(), seat);
        assert!(view.layout().is_empty());
        assert_eq!(view.layout().len(), 0);
        assert_eq!(view.discards().count(), 0);
        for other in game.seats() {
            assert_eq!(view.hand_size(other), 13);
            assert_eq!(view.discard_count(other), 0);
        }
        if seat == opener {
            // The first move of a round is the seven of spades, and nothing else.
            assert_eq!(view.legal_actions(), [Action::Play(card("7S"))]);
            assert_eq!(view.check(Action::Play(card("7S"))), Ok(()));
            let other = view.hand().find(|&c| c != card("7S")).unwrap();
            assert_eq!(
                view.check(Action::Play(other)),
                Err(Refused::Illegal(IllegalAction::NotPlayable(other)))
            );
        } else {
            assert!(view.legal_actions().is_empty());
            assert_eq!(
                view.check(Action::Play(card("7S"))),
                Err(Refused::NotYourTurn {
                    turn: table::Turn::Seat(opener.index())
                }),
                "another seat's move says nothing of the opener's hand"
            );
        }
    }
}

#[test]
fn plays_and_discards_show_to_everyone_as_they_should() {
    // The deck taken every fifth card (5 and 52 share no factor), so that hands mix suits
    // and someone must discard.
    let deck = cards::deck::cs246_straights();
    let mixed: Vec<Card> = (0..52).map(|i| deck[i * 5 % 52]).collect();
    let mut game = Game::new();
    game.deal(&mixed);
    let opener = game.round().unwrap().turn();
    game.apply(Action::Play(card("7S"))).unwrap();
    for seat in game.seats() {
        let view = game.view(seat).unwrap();
        assert_eq!(view.layout().run(Suit::Spades), [Rank::Seven]);
        assert_eq!((view.layout().len(), view.layout().is_empty()), (1, false));
        assert_eq!(view.hand_size(opener), 12);
    }
    // Play on at random until someone must discard: its discard shows to it face up and
    // to the others as a count.
    let mut rng = 7u64;
    loop {
        let seat = game.round().unwrap().turn();
        let legal = game.view(seat).unwrap().legal_actions();
        assert!(!legal.is_empty(), "the round ended with no discard");
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let action = legal[(rng >> 33) as usize % legal.len()];
        game.apply(action).unwrap();
        if let Action::Discard(discarded) = action {
            let view = game.view(seat).unwrap();
            assert_eq!(view.discards().collect::<Vec<_>>(), [discarded]);
            let other = game.view(game.round().unwrap().after(seat)).unwrap();
            assert_eq!(other.discard_count(seat), 1);
            assert_eq!(other.discards().count(), 0, "a discard is face down");
            assert_eq!(other.hand_size(seat), view.hand().count());
            break;
        }
    }
}

#[test]
fn the_layout_grows_out_from_the_sevens() {
    let mut layout = Layout::default();
    assert!(!layout.accepts(card("8H")), "hearts open with their seven");
    for c in ["7H", "8H", "6H", "9H", "5H"] {
        assert!(layout.accepts(card(c)), "{c}");
        layout.place_public(card(c));
    }
    use Rank::*;
    assert_eq!(layout.run(Suit::Hearts), [Five, Six, Seven, Eight, Nine]);
    assert_eq!(layout.len(), 5);
    assert!(!layout.accepts(card("JH")) && layout.accepts(card("TH")));
}

#[test]
fn refusals_read_as_sentences() {
    let cases = [
        (IllegalAction::NotHeld(card("AS")), "AS is not in the hand"),
        (
            IllegalAction::NotPlayable(card("AS")),
            "AS is not a legal play",
        ),
        (
            IllegalAction::MustPlay(card("AS")),
            "AS may not be discarded: a card can be played",
        ),
        (IllegalAction::RoundOver, "the round is over"),
    ];
    for (refusal, text) in cases {
        assert_eq!(refusal.to_string(), text);
    }
}

#[test]
fn a_game_counts_its_rounds_and_keeps_a_replaced_round() {
    let mut game = Game::with_scores([79, 0, 0, 0]);
    assert!(!game.is_over(), "79 is short of 80");
    assert!(Game::with_scores([80, 0, 0, 0]).is_over());
    let deck = cards::deck::cs246_straights();
    game.deal(&deck);
    assert_eq!(game.rounds(), 1);
    // Another deal (the deck every fifth card) replaces the round, scores kept.
    let mixed: Vec<Card> = (0..52).map(|i| deck[i * 5 % 52]).collect();
    let mut other_game = Game::new();
    other_game.deal(&mixed);
    let other = *other_game.round().unwrap();
    assert_ne!(Some(&other), game.round());
    let replaced = game.with_round(other);
    assert_eq!(replaced.round(), Some(&other));
    assert_eq!(replaced.scores(), [79, 0, 0, 0]);
    assert_eq!(replaced.rounds(), 1);
    // Play the mixed round out (first legal action each time) and deal a second.
    while let Some(seat) = other_game.turn() {
        let action = other_game.view(seat).unwrap().legal_actions()[0];
        other_game.apply(action).unwrap();
    }
    assert!(!other_game.is_over(), "one round reaches nobody's 80 here");
    other_game.deal(&deck);
    assert_eq!(other_game.rounds(), 2);
}
