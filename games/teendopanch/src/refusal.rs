//! Why the rules refuse an action in a hand of Teen Do Panch, in words for the player.

use std::fmt;

use cards::{Card, Suit};

use crate::Phase;

/// Why the rules refused an action; the hand did not change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalAction {
    /// No hand is being played: none dealt yet, or the last one is over.
    NoHand,
    /// The action belongs to another part of the hand (a card played while trump is
    /// being named, a pass during the tricks, …).
    NotNow(Phase),
    /// Round two: the maker must name trump and may not pass.
    MakerMustCall,
    /// The card is not in the player's hand.
    NotHeld(Card),
    /// The card the puller just took cannot go straight back.
    TakenBack(Card),
    /// Under the handout's rule a returned card comes from a suit the puller holds three
    /// or more of; this one does not.
    ShortSuit(Card),
    /// The player holds a card of the led suit and must play one.
    MustFollow(Suit),
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAction::NoHand => f.write_str("no hand is being played"),
            IllegalAction::NotNow(phase) => write!(f, "that is not possible during {phase}"),
            IllegalAction::MakerMustCall => {
                f.write_str("the maker must name trump in round two and may not pass")
            }
            IllegalAction::NotHeld(card) => write!(f, "{} is not in the hand", card.long()),
            IllegalAction::TakenBack(card) => {
                write!(f, "{} was just taken and cannot be given back", card.long())
            }
            IllegalAction::ShortSuit(card) => write!(
                f,
                "{} is not from a suit held three or more times",
                card.long()
            ),
            IllegalAction::MustFollow(suit) => {
                write!(
                    f,
                    "{suit} was led and the hand holds one, so it must follow suit"
                )
            }
        }
    }
}

impl std::error::Error for IllegalAction {}
