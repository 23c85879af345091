//! This game's actions as numbers (`table::space`): what research's tensors and the
//! Python package index and mask.

use cards::Card;
use table::space::ActionSpace;

use crate::{Action, Game};

/// Straights: 0 pass; 1–52 play a card on the layout; 53–104 discard a card face down.
impl ActionSpace for Game {
    const CHOICES: usize = 1;
    const CARD_ACTIONS: &'static [fn(Card) -> Action] = &[Action::Play, Action::Discard];

    fn action_id(action: &Action) -> usize {
        match *action {
            Action::Pass => 0,
            Action::Play(card) => Self::card_id(0, card),
            Action::Discard(card) => Self::card_id(1, card),
        }
    }

    fn action_of(id: usize) -> Option<Action> {
        match id {
            0 => Some(Action::Pass),
            _ => Self::card_action(id),
        }
    }
}
