//! All-computer games over many seeds, checked against a naive model of the rules.

use std::collections::HashSet;

use cards::shuffle::{std_shuffle, MinStdRand0};
use cards::{Card, Rank};
use proptest::prelude::*;
use straights::players::Computer;
use straights::{Action, Game, Outcome, Player, Seat};

fn pips(card: Card) -> u32 {
    match card.rank() {
        Rank::Ace => 1,
        r => r.index() as u32 + 2,
    }
}

/// The handout's legal-play rule, written out on the list of cards played so far.
fn naive_legal(played: &[Card], card: Card) -> bool {
    if played.is_empty() {
        return card.to_string() == "7S";
    }
    let same_suit: Vec<u32> = played
        .iter()
        .filter(|c| c.suit() == card.suit())
        .map(|&c| pips(c))
        .collect();
    if same_suit.is_empty() {
        return pips(card) == 7;
    }
    same_suit
        .iter()
        .any(|&p| p + 1 == pips(card) || p == pips(card) + 1)
        && !same_suit.contains(&pips(card))
}

fn play_game(seed: u32) -> Result<(), TestCaseError> {
    let mut rng = MinStdRand0::new(seed);
    let mut deck = cards::deck::cs246_straights();
    let mut game = Game::new();
    let mut players = [Computer; 4];
    let mut totals = [0u32; 4];
    while !game.is_over() {
        std_shuffle(&mut deck, &mut rng);
        game.deal(&deck);
        let mut played: Vec<Card> = Vec::new();
        let mut seen: HashSet<Card> = HashSet::new();
        let mut discarded = [0u32; 4];
        loop {
            let seat = game.turn().unwrap();
            let view = game.view(seat).unwrap();
            let hand: Vec<Card> = view.hand().collect();
            let can_play = hand.iter().any(|&c| naive_legal(&played, c));
            let action = players[seat.index()].act(&view).unwrap();
            match action {
                Action::Play(card) => {
                    prop_assert!(naive_legal(&played, card), "{card} is not legal");
                    prop_assert_eq!(
                        Some(&card),
                        hand.iter().find(|&&c| naive_legal(&played, c)),
                        "first legal play"
                    );
                    played.push(card);
                }
                Action::Discard(card) => {
                    prop_assert!(!can_play, "discarded {} while able to play", card);
                    prop_assert_eq!(card, hand[0], "the first card is discarded");
                    discarded[seat.index()] += pips(card);
                }
                Action::Pass => prop_assert!(false, "the handout's rules never pass"),
            }
            let (Action::Play(card) | Action::Discard(card)) = action else {
                unreachable!("checked above")
            };
            prop_assert!(seen.insert(card), "{} played or discarded twice", card);
            if let Outcome::RoundOver(points) = game.apply(action).unwrap() {
                prop_assert_eq!(seen.len(), 52, "every card once per round");
                prop_assert_eq!(points, discarded);
                for s in 0..4 {
                    totals[s] += discarded[s];
                }
                prop_assert_eq!(game.scores(), totals);
                break;
            }
        }
        prop_assert_eq!(game.is_over(), totals.iter().any(|&t| t >= 80));
    }
    let low = *totals.iter().min().unwrap();
    let winners: Vec<Seat> = game.seats().filter(|s| totals[s.index()] == low).collect();
    prop_assert_eq!(game.winners(), winners);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn computer_games_follow_the_rules(seed in any::<u32>()) {
        play_game(seed)?;
    }
}

#[test]
fn the_handouts_seeds_play_through() {
    for seed in [0, 1, 44, 6788, 147_827] {
        play_game(seed).unwrap();
    }
}
