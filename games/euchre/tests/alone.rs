//! CS 246 going alone, worked by hand from the handout (section 1.2.1 and footnote 2):
//! every expected value below was worked out on paper before the code ran.

use cards::{Card, CardSet, Suit};
use euchre::{Action, Game, Hand, Making, Outcome, Phase, Position, Round, Rules, Seat};

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn seat(n: usize) -> Seat {
    Seat::new(n)
}

/// The CS 246 deck unshuffled, dealt five at a time by dealer 0: seat 1 gets the first
/// five cards, seat 2 the next five, seat 3, then seat 0; the 21st card is the upcard.
fn fresh_hand() -> Hand {
    Hand::deal(Rules::cs246(), seat(0), &cards::deck::cs246_euchre())
}

#[test]
fn ordering_up_ones_partner_is_going_alone() {
    // §1.2.1: "if the player orders up their partner, they are implicitly choosing to go
    // alone". Seat 2 orders up its partner, dealer 0, without saying "alone".
    let mut hand = fresh_hand();
    let dealers_cards = hand.cards(seat(0));
    hand.apply(Action::Pass).unwrap();
    hand.apply(Action::OrderUp { alone: false }).unwrap();
    assert_eq!(hand.maker(), Some(seat(2)));
    assert!(hand.is_alone(), "ordering up one's partner is going alone");
    assert_eq!(hand.sitting_out(), Some(seat(0)), "the dealer sits out");
    // The dealer who sits out does not pick the upcard up: no discard, straight to play.
    assert_eq!(hand.phase(), Phase::Tricks);
    assert_eq!(hand.cards(seat(0)), dealers_cards);
    // Seat 1, left of the dealer, leads; three play: 1, 2, 3, and the dealer never.
    assert_eq!(hand.turn(), seat(1));
    for expected in [1, 2, 3] {
        assert_eq!(hand.turn(), seat(expected));
        let play = hand.legal_actions().iter().next().unwrap();
        hand.apply(play).unwrap();
    }
    assert_eq!(hand.played().len(), 3);
    assert!(
        hand.trick().is_empty(),
        "a lone hand's trick is three cards"
    );
}

#[test]
fn ordering_up_an_opponent_dealer_is_not_alone() {
    // The rule is only for one's partner: seat 1 orders up dealer 0, its opponent.
    let mut hand = fresh_hand();
    hand.apply(Action::OrderUp { alone: false }).unwrap();
    assert!(!hand.is_alone());
    assert_eq!(hand.phase(), Phase::Discard, "the dealer picks up");
    assert_eq!(hand.cards(seat(0)).len(), 6);
}

#[test]
fn the_player_opposite_the_dealer_leads_when_the_eldest_sits_out() {
    // Footnote 2: when the player left of the dealer sits out (its partner, seat 3,
    // went alone), the player opposite the dealer (seat 2) leads.
    let mut hand = fresh_hand();
    hand.apply(Action::Pass).unwrap();
    hand.apply(Action::Pass).unwrap();
    hand.apply(Action::OrderUp { alone: true }).unwrap();
    assert_eq!(hand.sitting_out(), Some(seat(1)));
    assert_eq!(hand.phase(), Phase::Discard);
    let discard = hand.cards(seat(0)).first().unwrap();
    hand.apply(Action::Discard(discard)).unwrap();
    assert_eq!((hand.phase(), hand.turn()), (Phase::Tricks, seat(2)));
    // And in round two: everyone passes round one, seats 1 and 2 pass again, and seat 3
    // names a suit alone.
    let mut hand = fresh_hand();
    for _ in 0..6 {
        hand.apply(Action::Pass).unwrap();
    }
    let other = Suit::ALL
        .into_iter()
        .find(|&s| s != hand.upcard().suit())
        .unwrap();
    hand.apply(Action::Call {
        suit: other,
        alone: true,
    })
    .unwrap();
    assert_eq!((hand.phase(), hand.turn()), (Phase::Tricks, seat(2)));
}

/// Seat 1 goes alone with spades trump (dealer 0, seat 3 sits out, seat 1 leads).
fn lone_game(hands: [&str; 4], upcard: &str) -> Game {
    let position = Position {
        scores: [0, 0],
        dealer: seat(0),
        turn: seat(1),
        round: Round::Two,
        making: Some(Making {
            trump: Suit::Spades,
            maker: seat(1),
            alone: true,
        }),
        upcard: card(upcard),
        hands: hands.map(|h| h.parse::<CardSet>().unwrap()),
        won: [CardSet::EMPTY; 4],
        discard: None,
        plays: Vec::new(),
    };
    Game::from_position(Rules::cs246(), &position).unwrap_or_else(|e| panic!("{e}"))
}

/// Plays `tricks` (each the cards in playing order) and checks each trick's winner;
/// returns the last outcome.
fn play(game: &mut Game, tricks: &[(&[&str], usize)]) -> Outcome {
    let mut outcome = Outcome::Continue;
    for (cards, winner) in tricks {
        for &c in *cards {
            outcome = game.apply(Action::Play(card(c))).unwrap();
        }
        match outcome {
            Outcome::Trick { winner: w, .. } => assert_eq!(w, seat(*winner), "{cards:?}"),
            other => panic!("{cards:?} ended with {other:?}"),
        }
    }
    outcome
}

/// A lone hand worked by hand: seat 1 alone (as [`lone_game`] sets up), the hands, the
/// upcard, each trick in playing order with who takes it, and the score after.
struct LoneHand {
    says: &'static str,
    hands: [&'static str; 4],
    upcard: &'static str,
    tricks: [(&'static [&'static str], usize); 5],
    scores: [u32; 2],
}

#[rustfmt::skip]
const LONE_HANDS: [LoneHand; 3] = [
    // Seat 1 holds the five best spades: it takes every trick (played 1, 2, 0).
    LoneHand { says: "a lone march scores four", hands: ["9H TH JH QH KH", "JS JC AS KS QS", "9D TD JD QD KD", "9C TC QC KC AC"], upcard: "AD", tricks: [(&["JS", "9D", "9H"], 1), (&["JC", "TD", "TH"], 1), (&["AS", "JD", "JH"], 1), (&["KS", "QD", "QH"], 1), (&["QS", "KD", "KH"], 1)], scores: [0, 4] },
    // The fourth trick: hearts led, seat 2 must follow with its ace, which wins.
    LoneHand { says: "three tricks alone score one", hands: ["KH QH JH 9D TD", "JS JC AS 9H TH", "AH KD QD JD AD", "KS QS TS 9S TC"], upcard: "9C", tricks: [(&["JS", "JD", "9D"], 1), (&["JC", "QD", "TD"], 1), (&["AS", "KD", "JH"], 1), (&["9H", "AH", "QH"], 2), (&["AD", "KH", "TH"], 2)], scores: [0, 1] },
    // The third trick: seat 0 leads; seat 1 follows diamonds; seat 2, void, trumps.
    LoneHand { says: "a euchred lone maker gives the defenders two", hands: ["AH KH QH AD KD", "JS 9H TH 9D TD", "AS KS QS AC KC", "JC JH JD QD QC"], upcard: "TS", tricks: [(&["JS", "AS", "AH"], 1), (&["9H", "AC", "KH"], 0), (&["AD", "9D", "KS"], 2), (&["QS", "QH", "TH"], 2), (&["KC", "KD", "TD"], 2)], scores: [2, 0] },
];

#[test]
fn lone_hands_score_as_the_handout_says() {
    for case in &LONE_HANDS {
        let mut game = lone_game(case.hands, case.upcard);
        let outcome = play(&mut game, &case.tricks);
        let Outcome::Trick {
            result: Some(result),
            ..
        } = outcome
        else {
            panic!("{}: the hand ended", case.says);
        };
        assert!(result.alone, "{}", case.says);
        assert_eq!(game.scores(), case.scores, "{}", case.says);
        let winners = if case.scores[1] > 0 { 1 } else { 0 };
        assert_eq!(result.winner.index(), winners, "{}", case.says);
        assert_eq!(result.points, case.scores[winners], "{}", case.says);
    }
}

/// CS 246 rules with the handout's other readings (`cs246_euchre::readings`).
fn read(picks_up: bool, lead: euchre::LoneLead) -> Rules {
    Rules {
        sitting_out_dealer_picks_up: picks_up,
        lone_lead: lead,
        ..Rules::cs246()
    }
}

#[test]
fn under_the_pickup_reading_the_sitting_out_dealer_picks_up_and_discards() {
    // §1.2.3: "If the dealer is ordered up, they must pick up the top card of the kitty",
    // read as holding even when the one ordering it up goes alone. Seat 2 orders up its
    // partner, dealer 0: the dealer takes the upcard, discards, then sits out.
    let rules = read(true, euchre::LoneLead::DealerLeft);
    let mut hand = Hand::deal(rules, seat(0), &cards::deck::cs246_euchre());
    let upcard = hand.upcard();
    hand.apply(Action::Pass).unwrap();
    hand.apply(Action::OrderUp { alone: false }).unwrap();
    assert_eq!(hand.sitting_out(), Some(seat(0)));
    assert_eq!((hand.phase(), hand.turn()), (Phase::Discard, seat(0)));
    assert_eq!(hand.cards(seat(0)).len(), 6);
    assert!(hand.cards(seat(0)).contains(upcard));
    // A position saved while the sitting-out dealer discards loads again.
    let position = hand.to_position([0, 0]);
    assert_eq!(Hand::from_position(rules, &position), Ok(hand));
    hand.apply(Action::Discard(upcard)).unwrap();
    // Play is as without the reading: seat 1 leads, the dealer never plays.
    assert_eq!((hand.phase(), hand.turn()), (Phase::Tricks, seat(1)));
    assert_eq!(hand.discard(), Some(upcard));
}

#[test]
fn under_the_literal_footnote_the_player_opposite_the_dealer_leads_into_a_loner_on_its_left() {
    // Footnote 2 word for word: "if the player directly clockwise of the dealer goes
    // alone, then the player opposite the dealer leads". Seat 1, clockwise of dealer 0
    // (1.2.2: "player 1 is sitting to its left"), orders up alone; seat 3 sits out.
    for (lead, leader) in [
        (euchre::LoneLead::OppositeWhenDealerLeftAlone, 2),
        (euchre::LoneLead::DealerLeft, 1),
    ] {
        let mut hand = Hand::deal(read(false, lead), seat(0), &cards::deck::cs246_euchre());
        hand.apply(Action::OrderUp { alone: true }).unwrap();
        let discard = hand.cards(seat(0)).first().unwrap();
        hand.apply(Action::Discard(discard)).unwrap();
        assert_eq!((hand.phase(), hand.turn()), (Phase::Tricks, seat(leader)));
        // Then clockwise past the sitting-out seat 3: 2, 0, 1 or 1, 2, 0.
        let order: Vec<usize> = (0..3)
            .map(|_| {
                let turn = hand.turn().index();
                let play = hand.legal_actions().iter().next().unwrap();
                hand.apply(play).unwrap();
                turn
            })
            .collect();
        let expected = if leader == 2 { [2, 0, 1] } else { [1, 2, 0] };
        assert_eq!(order, expected);
    }
    // A loner elsewhere leads as usual: seat 2 alone, seat 0 sits out, seat 1 leads.
    let rules = read(false, euchre::LoneLead::OppositeWhenDealerLeftAlone);
    let mut hand = Hand::deal(rules, seat(0), &cards::deck::cs246_euchre());
    hand.apply(Action::Pass).unwrap();
    hand.apply(Action::OrderUp { alone: true }).unwrap();
    assert_eq!((hand.phase(), hand.turn()), (Phase::Tricks, seat(1)));
}
