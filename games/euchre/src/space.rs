//! This game's actions as numbers (`table::space`): what research's tensors and the
//! Python package index and mask.

use cards::{Card, Rank};
use table::space::{suit, ActionSpace};

use crate::{Action, Game};

/// Euchre: 0 pass; 1–2 order up (with partner, alone); 3–6 call a suit with partner and
/// 7–10 alone (suits in `Suit::ALL`'s order); 11 defend alone; 12 McEvoy; 13–25 a
/// farmer's hand of that rank (twos first); 26–77 discard a card; 78–129 play a card.
impl ActionSpace for Game {
    const CHOICES: usize = 26;
    const CARD_ACTIONS: &'static [fn(Card) -> Action] = &[Action::Discard, Action::Play];

    fn action_id(action: &Action) -> usize {
        use Action::*;
        match *action {
            Pass => 0,
            OrderUp { alone } => 1 + alone as usize,
            Call { suit, alone } => 3 + 4 * alone as usize + suit.index(),
            DefendAlone => 11,
            McEvoy => 12,
            Farmer(rank) => 13 + rank.index(),
            Discard(card) => Self::card_id(0, card),
            Play(card) => Self::card_id(1, card),
        }
    }

    fn action_of(id: usize) -> Option<Action> {
        use Action::*;
        Some(match id {
            0 => Pass,
            1 | 2 => OrderUp { alone: id == 2 },
            3..=10 => Call {
                suit: suit((id - 3) % 4)?,
                alone: id >= 7,
            },
            11 => DefendAlone,
            12 => McEvoy,
            13..=25 => Farmer(Rank::ALL[id - 13]),
            _ => return Self::card_action(id),
        })
    }
}
