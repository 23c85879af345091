//! Starting a hand from a described position (a saved game), checked for consistency.

use std::fmt;

use cards::{Card, CardSet, Suit};

use crate::hand::Trick;
use crate::{Game, Hand, Phase, Round, Rules, Seat};

/// Who made trump, if anyone has yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Making {
    pub trump: Suit,
    pub maker: Seat,
    pub alone: bool,
}

/// A hand described from outside: who deals, who acts next, what each seat holds and
/// the cards of the tricks each seat has taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub scores: [u32; 2],
    pub dealer: Seat,
    /// The next to act: the first bidder, or the leader of the next trick.
    pub turn: Seat,
    pub making: Option<Making>,
    pub upcard: Card,
    pub hands: [CardSet; 4],
    pub won: [CardSet; 4],
}

/// Why a position cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError(pub String);

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PositionError {}

fn fail<T>(message: String) -> Result<T, PositionError> {
    Err(PositionError(message))
}

impl Hand {
    /// The hand at `position`: making trump from round one if nobody has made it, else
    /// the start of the next trick.
    pub fn from_position(rules: Rules, position: &Position) -> Result<Hand, PositionError> {
        let mut seen = CardSet::EMPTY;
        for seat in Seat::ALL {
            for (what, cards) in [
                ("hand", position.hands[seat.index()]),
                ("tricks", position.won[seat.index()]),
            ] {
                let repeated = seen.intersection(cards);
                if let Some(card) = repeated.first() {
                    return fail(format!(
                        "{card} appears twice (again in player {seat}'s {what})"
                    ));
                }
                seen = seen.union(cards);
            }
        }
        let alone = position.making.is_some_and(|m| m.alone);
        if alone && !rules.going_alone {
            return fail("these rules have no going alone".to_string());
        }
        let sitting_out = position
            .making
            .filter(|m| m.alone)
            .map(|m| m.maker.partner());
        let per_trick = if alone { 3 } else { 4 };
        let mut tricks_won = [0u8; 4];
        for seat in Seat::ALL {
            let won = position.won[seat.index()].len();
            if !won.is_multiple_of(per_trick) || (Some(seat) == sitting_out && won > 0) {
                return fail(format!(
                    "player {seat} holds {won} trick cards, not whole tricks of {per_trick}"
                ));
            }
            tricks_won[seat.index()] = (won / per_trick) as u8;
        }
        let tricks_done: usize = tricks_won.iter().map(|&t| t as usize).sum();
        if tricks_done >= 5 {
            return fail("all five tricks are already taken".to_string());
        }
        if position.making.is_none() && tricks_done > 0 {
            return fail("tricks were taken but nobody made trump".to_string());
        }
        if position.making.is_none() && seen.contains(position.upcard) {
            return fail(format!(
                "the top card {} is also in a hand",
                position.upcard
            ));
        }
        for seat in Seat::ALL.into_iter().filter(|&s| Some(s) != sitting_out) {
            let held = position.hands[seat.index()].len();
            if held != 5 - tricks_done {
                return fail(format!("player {seat} holds {held} cards; after {tricks_done} tricks each player holds {}", 5 - tricks_done));
            }
        }
        if Some(position.turn) == sitting_out {
            return fail(format!(
                "player {} sits out this hand and cannot be next",
                position.turn
            ));
        }
        let (phase, trump, maker) = match position.making {
            None => (Phase::Making(Round::One), None, None),
            Some(m) => (Phase::Tricks, Some(m.trump), Some(m.maker)),
        };
        Ok(Hand::assemble(
            rules,
            position.dealer,
            position.turn,
            phase,
            position.hands,
            position.upcard,
            (trump, maker, alone),
            Trick::new(position.turn),
            tricks_won,
            position
                .won
                .iter()
                .fold(CardSet::EMPTY, |all, &w| all.union(w)),
        ))
    }
}

impl Game {
    /// A game resumed at `position` (its hand in progress, its scores).
    pub fn from_position(rules: Rules, position: &Position) -> Result<Game, PositionError> {
        if position.scores.iter().any(|&s| s >= rules.points_to_win) {
            return fail(format!(
                "a score has already reached {}",
                rules.points_to_win
            ));
        }
        let hand = Hand::from_position(rules, position)?;
        Ok(Game::resume(rules, position.scores, hand))
    }
}
