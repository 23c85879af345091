//! What the rules refuse and why, what a seat's view shows, and the game's face to the
//! common interface — worked from the handout's rules (no compatibility data needed).

use cards::{Card, CardSet, Suit};
use table::{Game as _, Refused, Turn};
use teendopanch::{Action, Game, Hand, IllegalAction, Phase, Round, Rules, Seat};

fn seat(n: usize) -> Seat {
    Seat::new(n)
}

fn deck() -> Vec<Card> {
    cards::deck::teendopanch()
}

/// Dealer 0 with seat 1 two tricks over quota last hand and seats 0 and 2 one short:
/// after trump is named, seat 1 pulls from seat 0.
fn pulling() -> Hand {
    let mut hand = Hand::deal(Rules::handout(10), seat(0), &deck(), [-1, 2, -1]);
    hand.apply(Action::Call(Suit::Spades)).unwrap();
    assert_eq!(hand.phase(), Phase::Pulling);
    hand
}

#[test]
fn making_trump_refuses_what_does_not_belong() {
    let mut hand = Hand::deal(Rules::handout(10), seat(0), &deck(), [0; 3]);
    let any = deck()[0];
    let making = Phase::Making(Round::One);
    for not_now in [Action::Play(any), Action::Return(any)] {
        assert_eq!(hand.check(not_now), Err(IllegalAction::NotNow(making)));
    }
    hand.apply(Action::Pass).unwrap();
    // Round two: the maker must name trump.
    assert_eq!(hand.check(Action::Pass), Err(IllegalAction::MakerMustCall));
    assert!(!hand.is_legal(Action::Pass) && hand.is_legal(Action::Call(Suit::Hearts)));
    assert_eq!(
        IllegalAction::MakerMustCall.to_string(),
        "the maker must name trump in round two and may not pass"
    );
    assert_eq!(
        Phase::Making(Round::Two).to_string(),
        "round two of naming trump"
    );
}

#[test]
fn a_puller_may_not_give_back_the_card_taken_a_card_not_held_or_from_a_short_suit() {
    let hand = pulling();
    let pull = hand.pull().unwrap();
    assert_eq!(
        hand.check(Action::Return(pull.taken)),
        Err(IllegalAction::TakenBack(pull.taken))
    );
    let held = hand.holding(pull.puller).set();
    let other = hand.holding(pull.victim).set().first().unwrap();
    assert_eq!(
        hand.check(Action::Return(other)),
        Err(IllegalAction::NotHeld(other))
    );
    // The handout: a returned card comes from a suit of which the puller holds three or
    // more, the card just taken counted (it may not be returned, so it is held); every
    // held card of a shorter suit is refused, every other accepted.
    let mut counted = held;
    counted.insert(pull.taken);
    for card in held {
        let suit_count = counted.intersection(CardSet::suit(card.suit())).len();
        let expected = if suit_count >= 3 {
            Ok(())
        } else {
            Err(IllegalAction::ShortSuit(card))
        };
        assert_eq!(hand.check(Action::Return(card)), expected, "{card}");
    }
}

#[test]
fn the_card_just_taken_counts_toward_the_three_of_a_suit() {
    // The case: the puller holds 8♦ 10♦ and pulls K♦. Holding three diamonds it
    // may give back 8♦ or 10♦ and keep two ("they must retain at least two cards in that
    // suit after returning one"). Dealer 0 deals one card at a time to seats 1, 2, 0, so
    // seat 1 (the puller) gets every third card from the first, and seat 0 (short) the
    // last card dealt, which the handout's pull takes.
    let card = |c: &str| c.parse::<Card>().unwrap();
    let puller: Vec<Card> = ["8D", "TD", "7S", "8S", "9S", "7H", "8H", "9H", "8C", "9C"]
        .map(card)
        .to_vec();
    let mut rest: Vec<Card> = deck()
        .into_iter()
        .filter(|c| !puller.contains(c) && *c != card("KD"))
        .collect();
    let mut order = Vec::new();
    for k in 0..30 {
        order.push(match (k, k % 3) {
            (29, _) => card("KD"),
            (_, 0) => puller[k / 3],
            _ => rest.remove(0),
        });
    }
    let mut hand = Hand::deal(Rules::handout(10), seat(0), &order, [-1, 2, -1]);
    hand.apply(Action::Call(Suit::Spades)).unwrap();
    let pull = hand.pull().unwrap();
    assert_eq!(
        (pull.puller, pull.victim, pull.taken),
        (seat(1), seat(0), card("KD"))
    );
    for given in ["8D", "TD"] {
        assert_eq!(hand.check(Action::Return(card(given))), Ok(()), "{given}");
    }
    assert!(hand.legal_returns().contains(card("8D")));
    // Clubs: two held and none taken, so still too short.
    assert_eq!(
        hand.check(Action::Return(card("8C"))),
        Err(IllegalAction::ShortSuit(card("8C")))
    );
}

#[test]
fn a_player_holding_the_led_suit_must_follow() {
    let mut hand = Hand::deal(Rules::handout(10), seat(0), &deck(), [0; 3]);
    hand.apply(Action::Call(Suit::Spades)).unwrap();
    let mut checked = 0;
    while hand.phase() == Phase::Tricks {
        if let Some(led) = hand.trick().led() {
            let held = hand.holding(hand.turn()).set();
            let following = held.intersection(CardSet::suit(led.suit()));
            if let (false, Some(off)) = (following.is_empty(), held.difference(following).first()) {
                assert_eq!(
                    hand.check(Action::Play(off)),
                    Err(IllegalAction::MustFollow(led.suit()))
                );
                assert_eq!(hand.legal_plays(), following);
                checked += 1;
            }
        }
        let play = hand.legal_plays().first().unwrap();
        hand.apply(Action::Play(play)).unwrap();
    }
    assert!(checked > 0, "some follower could have failed to follow");
    // Under the reference rules anything goes.
    let mut loose = Hand::deal(Rules::reference(10), seat(0), &deck(), [0; 3]);
    loose.apply(Action::Call(Suit::Spades)).unwrap();
    let led = loose.legal_plays().first().unwrap();
    loose.apply(Action::Play(led)).unwrap();
    assert_eq!(loose.legal_plays(), loose.holding(loose.turn()).set());
}

#[test]
fn a_seat_sees_its_own_cards_and_the_public_table() {
    let hand = pulling();
    let pull = hand.pull().unwrap();
    for s in Seat::ALL {
        let view = hand.view(s);
        assert_eq!(view.seat(), s);
        assert_eq!(view.is_turn(), s == pull.puller);
        assert_eq!(view.quotas(), [2, 5, 3], "dealer 2, maker 5, third 3");
        assert_eq!(view.trump(), Some(Suit::Spades));
        assert!(view.trump_order().is_some());
        assert_eq!(view.pulling(), Some((pull.puller, pull.victim)));
        assert_eq!(
            view.pull(),
            (s == pull.puller).then_some(pull),
            "only the puller sees the card"
        );
        for other in Seat::ALL {
            assert_eq!(view.hand_size(other), hand.holding(other).len());
            assert_eq!(view.tricks_won(other), 0);
        }
        if s == pull.puller {
            assert_eq!(view.legal_actions(), hand.legal_actions());
            assert_eq!(view.legal_returns(), hand.legal_returns());
        } else {
            assert!(view.legal_actions().is_empty() && view.legal_returns().is_empty());
            assert_eq!(
                view.check(Action::Return(pull.taken)),
                Err(Refused::NotYourTurn {
                    turn: Turn::Seat(pull.puller.index())
                })
            );
        }
        assert!(view.legal_plays().is_empty(), "no tricks during a pull");
    }
    assert_eq!(pull.puller, seat(1));
    // The taken card is apart until the puller gives one back.
    assert_eq!(hand.holding(pull.puller).len(), 10);
    assert_eq!(hand.holding(pull.victim).len(), 9);
    assert!(!hand.holding(pull.puller).is_empty());
    assert!(!hand.holding(pull.puller).contains(pull.taken));
    assert!(!hand.holding(pull.victim).contains(pull.taken));
}

#[test]
fn the_interface_names_counts_and_scores() {
    let mut game = Game::new(Rules::handout(1));
    assert_eq!(
        (game.name(), table::Game::variant(&game)),
        ("teendopanch", "handout")
    );
    assert_eq!(
        table::Game::variant(&Game::new(Rules::reference(1))),
        "reference"
    );
    assert_eq!(Rules::named("handout", 1), Some(Rules::handout(1)));
    assert_eq!(table::Game::hands(&game), 0);
    let mut rng = <table::Rng as rand::SeedableRng>::seed_from_u64(3);
    let mut legal = Vec::new();
    while table::Game::turn(&game) != Turn::Over {
        match table::Game::turn(&game) {
            Turn::Chance => table::Game::deal(&mut game, &mut rng),
            _ => {
                table::Game::legal_actions(&game, &mut legal);
                table::Game::apply(&mut game, legal[0]).unwrap();
            }
        }
    }
    // To 1 point: the game ends after the first hand anyone scores in.
    let hands = table::Game::hands(&game);
    assert!(hands >= 1, "a hand was played");
    assert_eq!(hands, game.hands_dealt());
    let points = table::Game::points(&game);
    assert_eq!(points, game.scores().map(f64::from).to_vec());
    let best = game.scores().into_iter().max().unwrap();
    assert!(best >= 1);
    let winners: Vec<bool> = game.scores().iter().map(|&s| s == best).collect();
    assert_eq!(table::Game::winners(&game), winners);
}

#[test]
fn a_hand_reports_its_deal_trump_tricks_voids_and_gifts() {
    let mut hand = Hand::deal(Rules::handout(10), seat(0), &deck(), [0; 3]);
    // Round one: five cards each, the maker may pass; round two: eight, it may not.
    assert_eq!(hand.dealt(), 15);
    assert_eq!(hand.holding(seat(1)).len(), 5);
    assert!(hand.legal_actions().contains(&Action::Pass));
    hand.apply(Action::Pass).unwrap();
    assert_eq!(hand.dealt(), 24);
    assert!(!hand.legal_actions().contains(&Action::Pass));
    assert_eq!(hand.trump(), None);
    hand.apply(Action::Call(Suit::Hearts)).unwrap();
    assert_eq!((hand.dealt(), hand.trump()), (30, Some(Suit::Hearts)));
    // Play until someone fails to follow: that seat shows a void in the suit led.
    let mut void = None;
    while hand.phase() == Phase::Tricks && void.is_none() {
        let seat_to_play = hand.turn();
        let led = hand.trick().led();
        let play = hand.legal_plays().last().unwrap();
        hand.apply(Action::Play(play)).unwrap();
        if let Some(led) = led.filter(|l| l.suit() != play.suit()) {
            void = Some((seat_to_play, led.suit()));
        }
    }
    let (who, suit) = void.expect("someone failed to follow");
    assert!(hand.shown_void(who, suit));
    let won: u8 = Seat::ALL.iter().map(|&s| hand.tricks_won(s)).sum();
    assert!(won >= 1, "a trick was taken");
    // A pull: what the puller gives back is a gift the victim alone knows of.
    let mut pulled = pulling();
    let pull = pulled.pull().unwrap();
    let back = pulled.legal_returns().first().unwrap();
    pulled.apply(Action::Return(back)).unwrap();
    assert!(pulled.gifts(pull.puller, pull.victim).contains(back));
    assert!(pulled.gifts(pull.victim, pull.puller).is_empty());
    // A game given another hand keeps it.
    let mut game = Game::new(Rules::handout(10));
    game.deal(&deck());
    let replaced = game.with_hand(pulled);
    assert_eq!(replaced.hand(), Some(&pulled));
}

#[test]
fn views_holdings_and_counts_through_a_whole_hand() {
    let mut game = Game::new(Rules::handout(10));
    game.deal(&deck());
    assert_eq!(
        table::Game::hands(&game),
        0,
        "a hand in progress is not yet counted"
    );
    game.apply(Action::Call(Suit::Clubs)).unwrap();
    let mut checked_plays = false;
    while let Some(turn) = game.turn() {
        let hand = *game.hand().unwrap();
        let view = game.view(turn).unwrap();
        assert_eq!(view.legal_plays(), hand.legal_plays());
        checked_plays |= !view.legal_plays().is_empty();
        let holding = hand.holding(turn);
        let card = holding.cards().next().unwrap();
        assert!(holding.contains(card));
        assert_eq!(
            holding.get(holding.len()),
            None,
            "nothing past the last card"
        );
        let play = hand.legal_plays().first().unwrap();
        game.apply(Action::Play(play)).unwrap();
        let after = game.hand().unwrap();
        assert_eq!(after.holding(turn).get(after.holding(turn).len()), None);
        for s in Seat::ALL {
            assert_eq!(game.view(s).unwrap().tricks_won(s), after.tricks_won(s));
        }
    }
    assert!(checked_plays);
    let hand = game.hand().unwrap();
    assert!(Seat::ALL.iter().all(|&s| hand.holding(s).is_empty()));
    assert!(Seat::ALL.iter().any(|&s| hand.tricks_won(s) > 0));
    assert_eq!(
        hand.view(seat(0)).check(Action::Pass),
        Err(Refused::NotYourTurn { turn: Turn::Over }),
        "a finished hand has no turn"
    );
    assert_eq!(table::Game::hands(&game), 1);
}

#[test]
fn bids_are_listed_pass_first_then_every_suit_in_order() {
    let mut hand = Hand::deal(Rules::handout(10), seat(0), &deck(), [0; 3]);
    let calls = Suit::ALL.map(Action::Call);
    let round_one: Vec<Action> = [Action::Pass].into_iter().chain(calls).collect();
    assert_eq!(hand.legal_actions(), round_one);
    assert_eq!(hand.legal_action_count(), 5);
    assert_eq!(hand.nth_legal_action(5), None);
    hand.apply(Action::Pass).unwrap();
    assert_eq!(hand.legal_actions(), calls.to_vec(), "round two: no pass");
    assert_eq!(hand.nth_legal_action(4), None);
}

/// The card each of 200 shuffled deals' pull takes from seat 0 under `pull`, and the
/// last card dealt to seat 0 (the victim).
fn pulls(pull: &str) -> Vec<(Card, Card, CardSet)> {
    use cards::shuffle::{std_shuffle, MinStdRand0};
    use table::house::House;
    let rules = Rules::handout(10).with_house(&[pull]).unwrap();
    let mut rng = MinStdRand0::new(7);
    (0..200)
        .map(|_| {
            let mut order = deck();
            std_shuffle(&mut order, &mut rng);
            let victim: CardSet = order.iter().skip(2).step_by(3).copied().collect();
            let mut hand = Hand::deal(rules, seat(0), &order, [-1, 2, -1]);
            hand.apply(Action::Call(Suit::Spades)).unwrap();
            (hand.pull().unwrap().taken, order[29], victim)
        })
        .collect()
}

#[test]
fn the_handouts_pull_takes_the_last_card_dealt_and_an_unseen_draw_any() {
    // The handout: "the over-quota player will always take the last card dealt".
    for (taken, last, _) in pulls("pull=last-dealt") {
        assert_eq!(taken, last);
    }
    // Drawn unseen (pagat.com): any of the victim's ten cards, about one in ten the last.
    let drawn = pulls("pull=unseen");
    let last = drawn
        .iter()
        .filter(|(taken, last, _)| taken == last)
        .count();
    assert!(drawn
        .iter()
        .all(|(taken, _, victim)| victim.contains(*taken)));
    assert!(
        (5..=45).contains(&last),
        "{last} of 200 drew the last card dealt"
    );
    // Which card is fixed by the deal: the same deals draw the same cards.
    assert_eq!(drawn, pulls("pull=unseen"));
}
