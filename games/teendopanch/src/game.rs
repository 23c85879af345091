use cards::Card;

use crate::{Action, Hand, IllegalAction, Outcome, Rules, Seat, View};

/// A game of Teen Do Panch: hands until a player reaches the points to win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    rules: Rules,
    scores: [u32; 3],
    hands_dealt: u32,
    hand: Option<Hand>,
    /// The last hand's tricks above or below quota: the next hand's pulls.
    surplus: [i8; 3],
}

impl Game {
    /// A new game: every score 0, player 0 deals first.
    pub fn new(rules: Rules) -> Game {
        Game {
            rules,
            scores: [0; 3],
            hands_dealt: 0,
            hand: None,
            surplus: [0; 3],
        }
    }

    /// The rules variant.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Each player's points so far.
    pub fn scores(&self) -> [u32; 3] {
        self.scores
    }

    /// The current (or last) hand.
    pub fn hand(&self) -> Option<&Hand> {
        self.hand.as_ref()
    }

    /// Hands dealt so far; the current hand's number, counting from 1.
    pub fn hands_dealt(&self) -> u32 {
        self.hands_dealt
    }

    /// Over once a player has the points to win at the end of a hand.
    pub fn is_over(&self) -> bool {
        self.scores.iter().any(|&s| s >= self.rules.points_to_win)
    }

    /// Whether the next step is a deal.
    pub fn needs_deal(&self) -> bool {
        !self.is_over() && self.turn().is_none()
    }

    /// The next dealer: player 0 first, then each next player in the direction of play.
    pub fn next_dealer(&self) -> Seat {
        self.hand
            .as_ref()
            .map_or(Seat::new(0), |h| self.rules.after(h.dealer()))
    }

    /// Deals the next hand from 30 cards; see [`Hand::deal`].
    ///
    /// # Panics
    /// If the game does not need a deal.
    pub fn deal(&mut self, deck: &[Card]) {
        assert!(self.needs_deal(), "deal only between hands");
        self.hand = Some(Hand::deal(
            self.rules,
            self.next_dealer(),
            deck,
            self.surplus,
        ));
        self.hands_dealt += 1;
    }

    /// The game with its hand replaced (a determinization for search).
    pub fn with_hand(&self, hand: Hand) -> Game {
        Game {
            hand: Some(hand),
            ..*self
        }
    }

    /// The player to move, if a hand is in progress.
    pub fn turn(&self) -> Option<Seat> {
        self.hand
            .as_ref()
            .filter(|h| h.phase() != crate::Phase::Over)
            .map(|h| h.turn())
    }

    /// What `seat` may see, once a hand is dealt.
    pub fn view(&self, seat: Seat) -> Option<View<'_>> {
        self.hand.as_ref().map(|h| h.view(seat))
    }

    /// Applies the action of the player to move; a finished hand adds its points.
    pub fn apply(&mut self, action: Action) -> Result<Outcome, IllegalAction> {
        let hand = self.hand.as_mut().ok_or(IllegalAction::NoHand)?;
        let outcome = hand.apply(action)?;
        Ok(self.scored(outcome))
    }

    /// Applies an action taken from the hand's legal actions without checking it again
    /// (debug builds do).
    pub fn apply_legal(&mut self, action: Action) -> Outcome {
        let hand = self.hand.as_mut().expect("a hand is being played");
        let outcome = hand.apply_legal(action);
        self.scored(outcome)
    }

    /// Adds a finished hand's points.
    fn scored(&mut self, outcome: Outcome) -> Outcome {
        if let Outcome::Trick {
            result: Some(result),
            ..
        } = outcome
        {
            for (score, points) in self.scores.iter_mut().zip(result.points) {
                *score += points;
            }
            self.surplus = result.surplus;
        }
        outcome
    }
}

table::public_game!();

impl<'a> Public<'a> {
    /// The hand in play (or the last one, once over), as everyone sees it.
    pub fn hand(&self) -> Option<crate::PublicHand<'a>> {
        self.game.hand().map(Hand::public)
    }

    /// Each player's tricks above (more than 0) or below (less than 0) its quota in the
    /// last hand finished: the pulls of the next hand (the handout's "pull" section: a
    /// player over quota takes that many cards from those under theirs).
    pub fn surplus(&self) -> [i8; 3] {
        self.game.surplus
    }
}
