//! The strong player's advice, as the coach shows it: a bid must beat passing by the bid
//! margin (0.30 points), so the advice carries that margin for every bid and none for
//! passing, its choice is the best value less its margin, and a sentence says so.

use euchre::players::Strong;
use euchre::{Action, Game, Rules};
use rand::SeedableRng;
use table::search::{highest, Advisor};
use table::{Rng, Seated, Turn};

#[test]
fn a_bids_margin_is_in_the_advice_and_its_choice_is_the_best_less_it() {
    let mut bidding = 0;
    for seed in 0..4 {
        let mut game = Game::new(Rules::eecs280(10));
        table::Game::deal(&mut game, &mut Rng::seed_from_u64(seed));
        // The first seat to bid: pass or order up.
        let Turn::Seat(seat) = table::Game::turn(&game) else {
            panic!("a seat bids after the deal");
        };
        let advice = Strong::new(8).advise(Seated::new(&game, seat), &mut Rng::seed_from_u64(1));
        for (action, margin) in advice.actions.iter().zip(&advice.margins) {
            let bid = matches!(action, Action::OrderUp { .. } | Action::Call { .. });
            assert_eq!(*margin, if bid { 0.3 } else { 0.0 }, "{action:?}");
        }
        bidding += 1;
        // By hand: each compared value is the estimate less the margin.
        let compared = advice.compared();
        for ((c, v), m) in compared.iter().zip(&advice.values).zip(&advice.margins) {
            assert_eq!(*c, v - m);
        }
        assert_eq!(compared.len(), advice.actions.len());
        assert_eq!(advice.choice, highest(&compared));
        assert_eq!(
            advice.note,
            "A bid must promise 0.30 points more than passing before the coach makes it: its \
             sampled deals are played with every hand open, which makes a bid look better than \
             it is. So each bid's value here is its estimate less 0.30."
        );
    }
    assert_eq!(bidding, 4);
}

#[test]
fn a_card_play_has_no_margin_and_no_note() {
    let mut game = Game::new(Rules::eecs280(10));
    table::Game::deal(&mut game, &mut Rng::seed_from_u64(2));
    // Everyone orders up at once: the dealer discards, then the first card is led.
    let mut player = Strong::new(8);
    loop {
        let Turn::Seat(seat) = table::Game::turn(&game) else {
            panic!("the hand goes on");
        };
        let mut legal = Vec::new();
        table::Game::legal_actions(&game, &mut legal);
        if legal.iter().all(|a| matches!(a, Action::Play(_))) && legal.len() > 1 {
            let advice = player.advise(Seated::new(&game, seat), &mut Rng::seed_from_u64(1));
            assert!(advice.margins.iter().all(|&m| m == 0.0));
            assert!(advice.note.is_empty());
            assert_eq!(advice.choice, highest(&advice.values));
            return;
        }
        let action = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::OrderUp { .. }))
            .unwrap_or(legal[0]);
        table::Game::apply(&mut game, action).unwrap();
    }
}
