//! Why the rules refuse an action in a hand of Euchre, in words for the player.

use std::fmt;

use cards::{Card, Suit};

use crate::Phase;

/// Why the rules refused an action; the hand did not change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IllegalAction {
    /// No hand is being played: none dealt yet, the last one is over, or the game is won.
    NoHand,
    /// The action belongs to another part of the hand (a card played while trump is
    /// being made, a pass during the tricks, …).
    NotNow(Phase),
    /// Round one: only the upcard's suit (this one) can be made trump, by ordering it up.
    UpcardSuitOnly(Suit),
    /// Round two: this suit, the upcard's, was turned down in round one.
    TurnedDown(Suit),
    /// Screw the dealer: in round two the dealer may not pass.
    DealerMustCall,
    /// These rules have no going alone.
    NoGoingAlone,
    /// Only a defender against a lone maker, under the house rule, may defend alone.
    NoDefendingAlone,
    /// Only a hand with no card above a ten, right after the deal under the house rule,
    /// may be declared a McEvoy, once a game by each player.
    NotAMcEvoy,
    /// Only three nines or three tens, right after the deal under the house rule, and
    /// before another player took the kitty, make a farmer's hand.
    NotAFarmersHand,
    /// The card is not in the player's hand.
    NotHeld(Card),
    /// The player holds a card of the led suit (as trump counts suits) and must play one.
    MustFollow(Suit),
    /// The card is the left bower, printed in the led suit but a trump now, and the hand
    /// holds a card of the led suit: it does not follow, so the player must play one of
    /// those. The same refusal as [`IllegalAction::MustFollow`] (a renege, where the rules
    /// score one), said so that a player sees why the jack does not follow.
    LeftBower {
        /// The jack played.
        card: Card,
        /// The suit led.
        led: Suit,
        /// Trump, the jack's suit now.
        trump: Suit,
    },
    /// The benny was turned up (joker house rule): the dealer names trump blind, with
    /// its partner, and may neither pass nor go alone.
    BennyTurnedUp,
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAction::NoHand => f.write_str("no hand is being played"),
            IllegalAction::NotNow(phase) => write!(f, "that is not possible during {phase}"),
            IllegalAction::UpcardSuitOnly(suit) => write!(
                f,
                "in round one only {suit}, the upcard's suit, can be made trump"
            ),
            IllegalAction::TurnedDown(suit) => {
                write!(f, "{suit} was turned down in round one")
            }
            IllegalAction::DealerMustCall => {
                f.write_str("the dealer may not pass in round two and must name a suit")
            }
            IllegalAction::NoGoingAlone => f.write_str("these rules have no going alone"),
            IllegalAction::NotAFarmersHand => f.write_str(
                "only three nines or three tens make a farmer's hand, right after the deal, while the kitty is untaken, under that house rule",
            ),
            IllegalAction::NotAMcEvoy => f.write_str(
                "only a hand with no card above a ten may be declared a McEvoy, right after the deal, once a game, under that house rule",
            ),
            IllegalAction::NoDefendingAlone => f.write_str(
                "only a defender against a lone maker may defend alone, under that house rule",
            ),
            IllegalAction::NotHeld(card) => write!(f, "{} is not in the hand", card.long()),
            IllegalAction::MustFollow(suit) => {
                write!(
                    f,
                    "{suit} was led and the hand holds one, so it must follow suit"
                )
            }
            IllegalAction::LeftBower { card, led, trump } => write!(
                f,
                "the {} is the left bower, one of {trump} while {trump} are trump, so it does not follow {led}; {led} was led and the hand holds one, so it must follow suit",
                card.long()
            ),
            IllegalAction::BennyTurnedUp => f.write_str(
                "the benny was turned up: the dealer names trump without looking, and neither passes nor goes alone",
            ),
        }
    }
}

impl std::error::Error for IllegalAction {}
