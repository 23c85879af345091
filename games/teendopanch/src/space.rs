//! This game's actions as numbers (`table::space`): what research's tensors and the
//! Python package index and mask.

use cards::Card;
use table::space::{suit, ActionSpace, Block};

use crate::{Action, Game};

/// Teen Do Panch: 0 pass (wait for more cards before naming trump); 1–4 name a suit
/// trump; 5–56 give a card back in a pull; 57–108 hand over a card (house rule);
/// 109–160 play a card.
impl ActionSpace for Game {
    /// Each seat's quota of tricks this hand (the handout's "Quota": the maker 5, the
    /// dealer 2, the third player 3), which the shared `tally` block's tricks are read
    /// against.
    fn own_blocks(seats: usize) -> Vec<Block> {
        vec![Block {
            name: "quota",
            len: seats,
            what: "per seat: its quota of tricks this hand (0 before the deal)",
        }]
    }

    fn observe_own(&self, to: Option<usize>, out: &mut [f32]) {
        let Some(hand) = self.public().hand() else {
            return;
        };
        let quotas = hand.quotas();
        for (seat, quota) in quotas.into_iter().enumerate() {
            out[(seat + quotas.len() - to.unwrap_or(0)) % quotas.len()] = f32::from(quota);
        }
    }

    const CHOICES: usize = 5;
    const CARD_ACTIONS: &'static [fn(Card) -> Action] =
        &[Action::Return, Action::Give, Action::Play];

    fn action_id(action: &Action) -> usize {
        use Action::*;
        match *action {
            Pass => 0,
            Call(suit) => 1 + suit.index(),
            Return(card) => Self::card_id(0, card),
            Give(card) => Self::card_id(1, card),
            Play(card) => Self::card_id(2, card),
        }
    }

    fn action_of(id: usize) -> Option<Action> {
        match id {
            0 => Some(Action::Pass),
            1..=4 => Some(Action::Call(suit(id - 1)?)),
            _ => Self::card_action(id),
        }
    }
}
