//! Random games under both rule sets: ten tricks a hand, each card once, quotas and
//! scores consistent, and pulls equal to the last hand's surpluses and deficits.

use cards::{Card, CardSet};
use proptest::prelude::*;
use teendopanch::{Action, Game, Outcome, Phase, QuotaRule, Rules, Seat};

fn pack() -> impl Strategy<Value = Vec<Card>> {
    Just(cards::deck::teendopanch()).prop_shuffle()
}

fn play(rules: Rules, decks: &[Vec<Card>], choices: &[usize]) -> Result<(), TestCaseError> {
    let mut game = Game::new(rules);
    let mut choices = choices.iter().copied().cycle();
    let mut owed = [0i8; 3];
    let mut totals = [0u32; 3];
    let mut hands = 0;
    while !game.is_over() && hands < 60 {
        game.deal(&decks[hands % decks.len()]);
        hands += 1;
        let dealer = game.hand().unwrap().dealer();
        prop_assert_eq!(dealer, Seat::new(hands - 1));
        let mut pulls = [0i8; 3];
        let mut played = CardSet::EMPTY;
        loop {
            let hand = *game.hand().unwrap();
            if hand.phase() == Phase::Tricks && hand.trick().is_empty() && played.is_empty() {
                // All pulls done: each player's net pulls settle last hand's surplus.
                prop_assert_eq!(pulls, owed);
                let all: CardSet = Seat::ALL
                    .iter()
                    .map(|&s| hand.holding(s).set())
                    .fold(CardSet::EMPTY, CardSet::union);
                prop_assert_eq!(all.len(), 30, "every card in exactly one hand");
                for s in Seat::ALL {
                    prop_assert_eq!(hand.holding(s).len(), 10);
                }
            }
            let legal = hand.legal_actions();
            prop_assert!(!legal.is_empty());
            let action = legal[choices.next().unwrap() % legal.len()];
            if let Action::Return(card) = action {
                let pull = hand.pull().unwrap();
                prop_assert!(!hand.holding(pull.victim).contains(pull.taken));
                prop_assert_ne!(card, pull.taken);
                pulls[pull.puller.index()] += 1;
                pulls[pull.victim.index()] -= 1;
            }
            if let Action::Play(card) = action {
                prop_assert!(played.insert(card), "{} played twice", card);
            }
            if let Outcome::Trick {
                result: Some(result),
                ..
            } = game.apply(action).unwrap()
            {
                prop_assert_eq!(played.len(), 30, "ten tricks of three");
                prop_assert_eq!(result.tricks.iter().map(|&t| t as u32).sum::<u32>(), 10);
                // Handout: maker (dealer's left) 5, the third player 3, the dealer 2.
                // Reference: player i gets {2, 5, 3}[(i + dealer) % 3].
                let dealer = dealer.index();
                let quotas: [u8; 3] = std::array::from_fn(|i| match rules.quotas {
                    QuotaRule::ByRole => [2, 5, 3][(i + 3 - dealer) % 3],
                    QuotaRule::ReferenceRotation => [2, 5, 3][(i + dealer) % 3],
                });
                prop_assert_eq!(result.quotas, quotas, "dealer {}", dealer);
                for (s, total) in totals.iter_mut().enumerate() {
                    let (t, q) = (u32::from(result.tricks[s]), u32::from(result.quotas[s]));
                    let expected = if t < q {
                        0
                    } else if q == 5 {
                        2 + t - q
                    } else {
                        t - q
                    };
                    prop_assert_eq!(result.points[s], expected);
                    prop_assert_eq!(i32::from(result.surplus[s]), t as i32 - q as i32);
                    *total += expected;
                }
                prop_assert_eq!(game.scores(), totals);
                owed = result.surplus;
                break;
            }
        }
        prop_assert_eq!(
            game.is_over(),
            totals.iter().any(|&t| t >= rules.points_to_win)
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn handout_games(decks in proptest::collection::vec(pack(), 8), choices in proptest::collection::vec(any::<usize>(), 64), points in 1u32..20) {
        play(Rules::handout(points), &decks, &choices)?;
    }

    #[test]
    fn reference_games(decks in proptest::collection::vec(pack(), 8), choices in proptest::collection::vec(any::<usize>(), 64), points in 1u32..20) {
        play(Rules::reference(points), &decks, &choices)?;
    }
}
