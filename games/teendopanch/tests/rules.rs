//! The handout's rules worked by hand (eecs280-teendopanch.md, "Scoring" and "Pulling
//! Cards"): quotas for each dealer, and who pulls from whom. No compatibility data needed.

use cards::Card;
use teendopanch::{Action, Hand, Phase, Pull, Rules, Seat};

fn seat(n: usize) -> Seat {
    Seat::new(n)
}

/// The unshuffled 30-card deck, dealt by `dealer` with `owed` pulls from the last hand,
/// and trump named at once so that every card is dealt. The cards go one at a time from
/// the dealer's left in rounds of 5, 3 and 2: with dealer 0 to seats 1, 2, 0, 1, 2, 0, …,
/// so seat 0's last card is the 30th and seat 2's the 29th.
fn dealt(rules: Rules, dealer: usize, owed: [i8; 3]) -> (Hand, Vec<Card>) {
    let deck: Vec<Card> = cards::deck::teendopanch().to_vec();
    let mut hand = Hand::deal(rules, seat(dealer), &deck, owed);
    hand.apply(Action::Call(cards::Suit::Spades)).unwrap();
    (hand, deck)
}

#[test]
fn quotas_follow_the_dealer() {
    // "the maker has to win at least 5 tricks, the dealer 2 tricks, and the third player
    // has to win three"; the maker sits left of the dealer.
    for (dealer, quotas) in [(0, [2, 5, 3]), (1, [3, 2, 5]), (2, [5, 3, 2])] {
        let (hand, _) = dealt(Rules::handout(10), dealer, [0; 3]);
        assert_eq!(hand.maker(), seat(dealer + 1));
        assert_eq!(hand.quotas(), quotas, "dealer {dealer}");
    }
}

/// The puller gives back the first card it may.
fn give_back(hand: &mut Hand) {
    let returned = hand.legal_actions()[0];
    assert!(matches!(returned, Action::Return(_)));
    hand.apply(returned).unwrap();
}

#[test]
fn an_over_quota_player_pulls_from_the_lowest_numbered_short_player_first() {
    // Seat 1 made two tricks too many; seats 0 and 2 each one too few. "When choosing
    // which under-quota player to steal from, the over-quota player starts with the
    // player with the lowest number": seat 0, then seat 2; each time "the last card
    // dealt to the under-quota player".
    let (mut hand, deck) = dealt(Rules::handout(10), 0, [-1, 2, -1]);
    assert_eq!(hand.phase(), Phase::Pulling);
    for (victim, taken) in [(0, deck[29]), (2, deck[28])] {
        let pull = Pull {
            puller: seat(1),
            victim: seat(victim),
            taken,
        };
        assert_eq!(hand.pull(), Some(pull));
        give_back(&mut hand);
    }
    assert_eq!(hand.phase(), Phase::Tricks);
}

#[test]
fn the_lowest_numbered_over_quota_player_pulls_first() {
    // Seats 0 and 1 each one over; seat 2 two short: seat 0 pulls first.
    let (mut hand, deck) = dealt(Rules::handout(10), 0, [1, 1, -2]);
    assert_eq!(
        hand.pull().map(|p| (p.puller, p.victim)),
        Some((seat(0), seat(2)))
    );
    assert_eq!(hand.pull().unwrap().taken, deck[28]);
    give_back(&mut hand);
    assert_eq!(
        hand.pull().map(|p| (p.puller, p.victim)),
        Some((seat(1), seat(2)))
    );
}

#[test]
fn the_reference_solution_pulls_from_the_next_player_left_instead() {
    // docs/teendopanch.md: the reference takes from the puller's left neighbour first.
    let (hand, deck) = dealt(Rules::reference(10), 0, [-1, 2, -1]);
    let pull = hand.pull().unwrap();
    assert_eq!((pull.victim, pull.taken), (seat(2), deck[28]));
}
