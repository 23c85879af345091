//! The scoring of a hand and the game's counters, worked from the handouts: makers with
//! three or four tricks score 1, a march 2 (4 alone), a euchre 2 to the defenders.

use euchre::{Action, Game, HandResult, IllegalAction, Phase, Round, Rules, Seat, Team};

#[test]
fn a_hand_scores_as_the_handouts_say() {
    let makers = Team::BOTH[0];
    let cases = [
        (0, false, 1, 2),
        (2, false, 1, 2),
        (2, true, 1, 2),
        (3, false, 0, 1),
        (4, true, 0, 1),
        (5, false, 0, 2),
        (5, true, 0, 4),
    ];
    for (tricks, alone, winner, points) in cases {
        let result = HandResult::score(&euchre::Scoring::STANDARD, makers, alone, false, tricks);
        assert_eq!(result.winner, Team::BOTH[winner], "{tricks} alone {alone}");
        assert_eq!(result.points, points, "{tricks} alone {alone}");
        assert_eq!(result.is_euchre(), tricks < 3);
        assert_eq!(result.is_march(), tricks == 5);
        let sign = if winner == 0 { 1 } else { -1 };
        assert_eq!(result.margin(makers), sign * points as i32);
        assert_eq!(result.margin(makers.other()), -sign * points as i32);
    }
}

/// Plays the hand in progress out with each seat's first legal action.
fn play_hand(game: &mut Game) {
    while let Some(seat) = game.turn() {
        let view = game.view(seat).unwrap();
        let action = view.legal_actions().iter().next().unwrap();
        game.apply(action).unwrap();
    }
}

#[test]
fn a_game_counts_its_hands_and_waits_between_them() {
    let mut game = Game::new(Rules::eecs280(10));
    assert_eq!(
        (game.hands_dealt(), game.hand_number(), game.turn()),
        (0, 0, None)
    );
    assert!(game.needs_deal());
    assert_eq!(game.apply(Action::Pass), Err(IllegalAction::NoHand));
    let deck = cards::deck::eecs280_euchre();
    game.deal(&deck);
    assert_eq!((game.hands_dealt(), game.hand_number()), (1, 0));
    assert_eq!(
        game.turn(),
        Some(Seat::new(1)),
        "left of dealer 0 bids first"
    );
    play_hand(&mut game);
    assert!(game.needs_deal() && !game.is_over());
    assert!(game.scores().iter().sum::<u32>() > 0, "a hand scores");
    assert_eq!(game.next_dealer(), Seat::new(1), "the deal moves left");
    game.deal(&deck);
    assert_eq!((game.hands_dealt(), game.hand_number()), (2, 1));
    assert_eq!(game.turn(), Some(Seat::new(2)));
}

#[test]
fn refusals_and_phases_read_as_words() {
    assert_eq!(
        Phase::Making(Round::One).to_string(),
        "round one of making trump"
    );
    assert_eq!(Phase::Discard.to_string(), "the dealer's discard");
    let cases = [
        (IllegalAction::NoHand, "no hand is being played"),
        (
            IllegalAction::NotNow(Phase::Tricks),
            "that is not possible during the tricks",
        ),
        (
            IllegalAction::UpcardSuitOnly(cards::Suit::Hearts),
            "in round one only Hearts, the upcard's suit, can be made trump",
        ),
        (
            IllegalAction::TurnedDown(cards::Suit::Clubs),
            "Clubs was turned down in round one",
        ),
        (
            IllegalAction::DealerMustCall,
            "the dealer may not pass in round two and must name a suit",
        ),
        (
            IllegalAction::NoGoingAlone,
            "these rules have no going alone",
        ),
        (
            IllegalAction::NotHeld("9S".parse().unwrap()),
            "Nine of Spades is not in the hand",
        ),
        (
            IllegalAction::MustFollow(cards::Suit::Diamonds),
            "Diamonds was led and the hand holds one, so it must follow suit",
        ),
        (
            IllegalAction::LeftBower {
                card: "JD".parse().unwrap(),
                led: cards::Suit::Diamonds,
                trump: cards::Suit::Hearts,
            },
            "the Jack of Diamonds is the left bower, one of Hearts while Hearts are trump, so it does not follow Diamonds; Diamonds was led and the hand holds one, so it must follow suit",
        ),
    ];
    for (refusal, text) in cases {
        assert_eq!(refusal.to_string(), text);
    }
}

/// Every action out of its phase is refused as such, worked on the Appendix B deal (dealer
/// 0, Bob first to bid, the Jack of Diamonds turned up).
#[test]
fn actions_out_of_their_phase_are_refused() {
    use cards::{Card, Suit};
    let card = |text: &str| -> Card { text.parse().unwrap() };
    let deck = cards::deck::eecs280_euchre();
    let mut hand = euchre::Hand::deal(Rules::eecs280(10), Seat::new(0), &deck);
    let one = Phase::Making(Round::One);
    let bobs = card("9S");
    for not_now in [Action::Play(bobs), Action::Discard(bobs)] {
        assert_eq!(hand.check(not_now), Err(IllegalAction::NotNow(one)));
    }
    let hearts = Action::Call {
        suit: Suit::Hearts,
        alone: false,
    };
    assert_eq!(
        hand.check(hearts),
        Err(IllegalAction::UpcardSuitOnly(Suit::Diamonds))
    );
    let diamonds = Action::Call {
        suit: Suit::Diamonds,
        alone: false,
    };
    assert_eq!(hand.check(diamonds), Err(IllegalAction::NotNow(one)));
    let alone = Action::OrderUp { alone: true };
    assert_eq!(hand.check(alone), Err(IllegalAction::NoGoingAlone));
    for _ in 0..4 {
        hand.apply(Action::Pass).unwrap();
    }
    let two = Phase::Making(Round::Two);
    let order = Action::OrderUp { alone: false };
    assert_eq!(hand.check(order), Err(IllegalAction::NotNow(two)));
    assert_eq!(
        hand.check(Action::Play(bobs)),
        Err(IllegalAction::NotNow(two))
    );
    assert_eq!(
        hand.check(Action::Pass),
        Ok(()),
        "Bob may pass in round two"
    );
    hand.apply(hearts).unwrap();
    assert_eq!(
        hand.check(Action::Pass),
        Err(IllegalAction::NotNow(Phase::Tricks))
    );
    assert_eq!(
        hand.check(Action::Discard(bobs)),
        Err(IllegalAction::NotNow(Phase::Tricks))
    );
    for bid in [
        Action::Call {
            suit: Suit::Spades,
            alone: false,
        },
        order,
    ] {
        assert_eq!(hand.check(bid), Err(IllegalAction::NotNow(Phase::Tricks)));
    }
    assert_eq!(
        hand.check(Action::Play(card("AC"))),
        Err(IllegalAction::NotHeld(card("AC")))
    );
    // The dealer's discard, and a hand given other cards keeps the discard given.
    let mut ordered = euchre::Hand::deal(Rules::eecs280(10), Seat::new(0), &deck);
    ordered.apply(order).unwrap();
    assert_eq!(
        ordered.check(Action::Discard(card("AS"))),
        Err(IllegalAction::NotHeld(card("AS")))
    );
    assert_eq!(
        ordered.check(Action::Play(card("9D"))),
        Err(IllegalAction::NotNow(Phase::Discard))
    );
    let hands = Seat::ALL.map(|s| ordered.cards(s));
    assert_eq!(
        ordered.with_cards(hands, Some(card("9D"))).discard(),
        Some(card("9D"))
    );
    // After the game is won nothing more is taken.
    let mut game = Game::new(Rules::eecs280(1));
    game.deal(&deck);
    play_hand(&mut game);
    assert!(game.is_over());
    assert_eq!(
        game.hand().unwrap().check(Action::Pass),
        Err(IllegalAction::NoHand)
    );
}
