//! A hand described from outside (a saved game, a server's record), checked for
//! consistency, and the description of any hand in progress: [`Hand::to_position`] and
//! [`Hand::from_position`] are inverses.

use std::fmt;

use cards::{Card, CardSet, Suit};

use crate::hand::Trick;
use crate::{Game, Hand, Phase, Round, Rules, Seat};

/// Who made trump, if anyone has yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Making {
    /// The suit made trump.
    pub trump: Suit,
    /// The seat that ordered up or named it.
    pub maker: Seat,
    /// Whether the maker plays without its partner.
    pub alone: bool,
}

/// A hand described from outside: who deals, who acts next, what each seat holds, the
/// cards of the tricks each seat has taken and, as far as known, the order of play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Each team's points before this hand.
    pub scores: [u32; 2],
    /// The dealer of this hand.
    pub dealer: Seat,
    /// The next to act: a bidder, the dealer about to discard, or the next to play.
    pub turn: Seat,
    /// While nobody has made trump, the round of making it (saved games: round one).
    pub round: Round,
    /// Who made trump, once someone has.
    pub making: Option<Making>,
    /// The card turned up on the kitty.
    pub upcard: Card,
    /// What each seat holds now (six cards for a dealer who has yet to discard).
    pub hands: [CardSet; 4],
    /// The cards of the tricks each seat has taken.
    pub won: [CardSet; 4],
    /// The dealer's discard, where known (only the dealer saw it; saved games omit it).
    pub discard: Option<Card>,
    /// The cards played to tricks, in order, as far as known: whole tricks (whose cards
    /// are also in `won`), then the trick in progress. Saved games know none.
    pub plays: Vec<(Seat, Card)>,
}

/// Where a card was found twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pile {
    /// A seat's hand.
    Hand,
    /// A seat's taken tricks.
    Tricks,
    /// The trick in progress.
    Trick,
    /// The dealer's discard.
    Discard,
}

/// Why a position cannot be played: one variant per failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// `card` appears twice, the second time in `seat`'s `pile`.
    Repeated {
        /// The repeated card.
        card: Card,
        /// The seat of the second pile.
        seat: Seat,
        /// The second pile.
        pile: Pile,
    },
    /// Someone goes alone under rules without going alone.
    NoGoingAlone,
    /// A seat's taken cards are not whole tricks (or a seat sitting out took some).
    PartialTricks {
        /// The seat.
        seat: Seat,
        /// How many cards it took.
        cards: usize,
        /// Cards to a trick this hand.
        per_trick: usize,
    },
    /// Five tricks are taken: the hand is over.
    AllTricksTaken,
    /// Cards were played though nobody made trump.
    TricksWithoutTrump,
    /// The upcard is also in a hand before anyone picked it up.
    UpcardInHand(Card),
    /// A seat holds the wrong number of cards for the point of the hand.
    HandSize {
        /// The seat.
        seat: Seat,
        /// What it holds.
        held: usize,
        /// What it should hold.
        expected: usize,
    },
    /// The seat to act sits this hand out (a lone maker's partner).
    SitsOut(Seat),
    /// A team already has the points to win.
    ScoreReached(u32),
    /// The play at this index of `plays` is not by the seat whose turn it was.
    OutOfTurn(usize),
    /// A whole trick in `plays` is not in its winner's taken tricks.
    TrickNotWon(usize),
    /// `turn` is not the seat to act after the known plays.
    NotNext(Seat),
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Pile::Hand => "hand",
            Pile::Tricks => "tricks",
            Pile::Trick => "play to the current trick",
            Pile::Discard => "discard",
        })
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::Repeated { card, seat, pile } => {
                write!(f, "{card} appears twice (again in player {seat}'s {pile})")
            }
            PositionError::NoGoingAlone => f.write_str("these rules have no going alone"),
            PositionError::PartialTricks {
                seat,
                cards,
                per_trick,
            } => write!(
                f,
                "player {seat} holds {cards} trick cards, not whole tricks of {per_trick}"
            ),
            PositionError::AllTricksTaken => f.write_str("all five tricks are already taken"),
            PositionError::TricksWithoutTrump => {
                f.write_str("tricks were taken but nobody made trump")
            }
            PositionError::UpcardInHand(card) => {
                write!(f, "the top card {card} is also in a hand")
            }
            PositionError::HandSize {
                seat,
                held,
                expected,
            } => write!(
                f,
                "player {seat} holds {held} cards; at this point of the hand each player holds {expected}"
            ),
            PositionError::SitsOut(seat) => {
                write!(f, "player {seat} sits out this hand and cannot be next")
            }
            PositionError::ScoreReached(points) => {
                write!(f, "a score has already reached {points}")
            }
            PositionError::OutOfTurn(index) => write!(f, "play {index} is out of turn"),
            PositionError::TrickNotWon(index) => write!(
                f,
                "the trick ending at play {index} is not among its winner's tricks"
            ),
            PositionError::NotNext(seat) => write!(f, "player {seat} is not the next to act"),
        }
    }
}

impl std::error::Error for PositionError {}

/// Adds `cards` to `seen`, or names the first card seen before.
fn see(seen: &mut CardSet, cards: CardSet, seat: Seat, pile: Pile) -> Result<(), PositionError> {
    match seen.intersection(cards).first() {
        Some(card) => Err(PositionError::Repeated { card, seat, pile }),
        None => {
            *seen = seen.union(cards);
            Ok(())
        }
    }
}

impl Hand {
    /// The hand at `position`, checked for consistency with `rules`.
    ///
    /// # Examples
    /// ```
    /// use euchre::{Action, Hand, Rules, Seat};
    ///
    /// let deck = cards::deck::eecs280_euchre();
    /// let mut hand = Hand::deal(Rules::eecs280(10), Seat::new(0), &deck);
    /// hand.apply(Action::OrderUp { alone: false }).unwrap();
    /// let position = hand.to_position([0, 0]);
    /// assert_eq!(Hand::from_position(Rules::eecs280(10), &position), Ok(hand));
    /// ```
    pub fn from_position(rules: Rules, position: &Position) -> Result<Hand, PositionError> {
        let mut seen = CardSet::EMPTY;
        for seat in Seat::ALL {
            see(&mut seen, position.hands[seat.index()], seat, Pile::Hand)?;
            see(&mut seen, position.won[seat.index()], seat, Pile::Tricks)?;
        }
        let alone = position.making.is_some_and(|m| m.alone);
        if alone && !rules.going_alone {
            return Err(PositionError::NoGoingAlone);
        }
        let sitting_out = position
            .making
            .filter(|m| m.alone)
            .map(|m| m.maker.partner());
        let per_trick = if alone { 3 } else { 4 };
        let mut tricks_won = [0u8; 4];
        for seat in Seat::ALL {
            let cards = position.won[seat.index()].len();
            if !cards.is_multiple_of(per_trick) || (Some(seat) == sitting_out && cards > 0) {
                return Err(PositionError::PartialTricks {
                    seat,
                    cards,
                    per_trick,
                });
            }
            tricks_won[seat.index()] = (cards / per_trick) as u8;
        }
        let tricks_done: usize = tricks_won.iter().map(|&t| t as usize).sum();
        if tricks_done >= 5 {
            return Err(PositionError::AllTricksTaken);
        }
        let current = &position.plays[position.plays.len() / per_trick * per_trick..];
        if position.making.is_none() && (tricks_done > 0 || !position.plays.is_empty()) {
            return Err(PositionError::TricksWithoutTrump);
        }
        if position.making.is_none() && seen.contains(position.upcard) {
            return Err(PositionError::UpcardInHand(position.upcard));
        }
        for &(seat, card) in current {
            see(&mut seen, CardSet::from_iter([card]), seat, Pile::Trick)?;
        }
        if let Some(card) = position.discard {
            see(
                &mut seen,
                CardSet::from_iter([card]),
                position.dealer,
                Pile::Discard,
            )?;
        }
        let phase = match position.making {
            None => Phase::Making(position.round),
            Some(_) if tricks_done == 0 && position.hands[position.dealer.index()].len() == 6 => {
                Phase::Discard
            }
            Some(_) => Phase::Tricks,
        };
        for seat in Seat::ALL.into_iter().filter(|&s| Some(s) != sitting_out) {
            let played_now = current.iter().any(|&(s, _)| s == seat);
            let extra = phase == Phase::Discard && seat == position.dealer;
            let expected = 5 - tricks_done - usize::from(played_now) + usize::from(extra);
            let held = position.hands[seat.index()].len();
            if held != expected {
                return Err(PositionError::HandSize {
                    seat,
                    held,
                    expected,
                });
            }
        }
        let discarding = phase == Phase::Discard && rules.sitting_out_dealer_picks_up;
        if Some(position.turn) == sitting_out && !discarding {
            return Err(PositionError::SitsOut(position.turn));
        }
        if phase == Phase::Discard && position.turn != position.dealer {
            return Err(PositionError::NotNext(position.turn));
        }
        let hand = Hand::assemble(rules, position, phase, tricks_won);
        hand.check_plays(position, per_trick)?;
        Ok(hand)
    }

    /// Checks that the known plays were made in turn, that each whole trick went to its
    /// winner, and that `turn` is the seat to act after them.
    fn check_plays(&self, position: &Position, per_trick: usize) -> Result<(), PositionError> {
        let order = self.trump_order();
        let mut trick = Vec::with_capacity(per_trick);
        for (index, &(seat, card)) in position.plays.iter().enumerate() {
            if let Some(&(last, _)) = trick.last() {
                if seat != self.next_player(last) {
                    return Err(PositionError::OutOfTurn(index));
                }
            }
            trick.push((seat, card));
            if trick.len() == per_trick {
                let order = order.ok_or(PositionError::TricksWithoutTrump)?;
                let led = order.suit_of(trick[0].1);
                let winner = trick
                    .iter()
                    .max_by_key(|&&(_, c)| order.led_key(c, led))
                    .map(|&(s, _)| s)
                    .expect("a whole trick");
                let won = position.won[winner.index()];
                if !trick.iter().all(|&(_, c)| won.contains(c)) {
                    return Err(PositionError::TrickNotWon(index));
                }
                trick.clear();
            }
        }
        let next = match self.trick().plays().last() {
            Some((last, _)) => self.next_player(last),
            None => position.turn,
        };
        if next != position.turn {
            return Err(PositionError::NotNext(position.turn));
        }
        Ok(())
    }

    /// This hand as a [`Position`] with the game's `scores`: everything
    /// [`Hand::from_position`] needs to rebuild it exactly.
    pub fn to_position(&self, scores: [u32; 2]) -> Position {
        let making = match (self.trump(), self.maker()) {
            (Some(trump), Some(maker)) => Some(Making {
                trump,
                maker,
                alone: self.is_alone(),
            }),
            _ => None,
        };
        Position {
            scores,
            dealer: self.dealer(),
            turn: self.turn(),
            round: match self.phase() {
                Phase::Making(round) => round,
                _ => Round::Two,
            },
            making,
            upcard: self.upcard(),
            hands: Seat::ALL.map(|s| self.cards(s)),
            won: Seat::ALL.map(|s| self.won(s)),
            discard: self.discard(),
            plays: self.history().collect(),
        }
    }

    /// The current trick of a position: its leader and cards so far. Before the tricks
    /// it is the empty trick the deal starts (led from the dealer's left).
    pub(crate) fn trick_of(position: &Position, phase: Phase, per_trick: usize) -> Trick {
        if phase != Phase::Tricks {
            return Trick::new(position.dealer.left());
        }
        let start = position.plays.len() / per_trick * per_trick;
        let current = &position.plays[start..];
        let mut trick = Trick::new(current.first().map_or(position.turn, |&(s, _)| s));
        for &(seat, card) in current {
            trick.push(seat, card);
        }
        trick
    }
}

impl Game {
    /// A game resumed at `position` (its hand in progress, its scores).
    ///
    /// # Examples
    /// ```
    /// use euchre::{Game, Rules};
    ///
    /// let rules = Rules::cs246();
    /// let mut game = Game::new(rules);
    /// game.deal(&cards::deck::cs246_euchre());
    /// let position = game.to_position().expect("a hand is in progress");
    /// assert_eq!(Game::from_position(rules, &position).unwrap().to_position(), Some(position));
    /// ```
    pub fn from_position(rules: Rules, position: &Position) -> Result<Game, PositionError> {
        if position.scores.iter().any(|&s| s >= rules.points_to_win) {
            return Err(PositionError::ScoreReached(rules.points_to_win));
        }
        let hand = Hand::from_position(rules, position)?;
        Ok(Game::resume(rules, position.scores, hand))
    }

    /// The hand in progress and the scores as a [`Position`]; `None` between hands.
    pub fn to_position(&self) -> Option<Position> {
        self.hand()
            .filter(|h| h.phase() != Phase::Over && !self.is_over())
            .map(|h| h.to_position(self.scores()))
    }
}
