use cards::Card;

use crate::{Action, Hand, IllegalAction, Outcome, Rules, Seat, Team, View};

/// A game of Euchre: hands dealt in turn until a team reaches the points to win.
///
/// Dealing is the chance step: the game asks for a deck ([`needs_deal`](Game::needs_deal))
/// and the caller supplies one, shuffled however its handout says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    rules: Rules,
    scores: [u32; 2],
    first_dealer: Seat,
    hands_dealt: u32,
    hand: Option<Hand>,
    winner: Option<Team>,
    /// Seats (a bit each) that have declared their one McEvoy of the game (house rule).
    mcevoys: u8,
}

impl Game {
    /// A new game in which seat 0 deals first, as in every handout.
    pub fn new(rules: Rules) -> Game {
        Game::with_dealer(rules, Seat::new(0))
    }

    /// A new game in which `first_dealer` deals first.
    pub fn with_dealer(rules: Rules, first_dealer: Seat) -> Game {
        Game {
            rules,
            scores: [0, 0],
            first_dealer,
            hands_dealt: 0,
            hand: None,
            winner: None,
            mcevoys: 0,
        }
    }

    /// A game in progress with these scores and this hand (see [`Game::from_position`]).
    pub(crate) fn resume(rules: Rules, scores: [u32; 2], hand: Hand) -> Game {
        Game {
            rules,
            scores,
            first_dealer: hand.dealer(),
            hands_dealt: 1,
            hand: Some(hand),
            winner: None,
            mcevoys: 0,
        }
    }

    /// The rules variant.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// `team`'s points.
    pub fn score(&self, team: Team) -> u32 {
        self.scores[team.index()]
    }

    /// Both teams' points, team 0 (seats 0 and 2) first.
    pub fn scores(&self) -> [u32; 2] {
        self.scores
    }

    /// The team that reached the points to win, once the game is over.
    pub fn winner(&self) -> Option<Team> {
        self.winner
    }

    /// Whether a team has the points to win.
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }

    /// The current (or last) hand.
    pub fn hand(&self) -> Option<&Hand> {
        self.hand.as_ref()
    }

    /// Hands dealt so far (thrown-in hands included).
    pub fn hands_dealt(&self) -> u32 {
        self.hands_dealt
    }

    /// The number of the current hand, counting from 0 as EECS 280 prints it.
    pub fn hand_number(&self) -> u32 {
        self.hands_dealt.saturating_sub(1)
    }

    /// Whether the next step is a deal: no hand yet, or the last one is over.
    pub fn needs_deal(&self) -> bool {
        !self.is_over() && self.turn().is_none()
    }

    /// The dealer of the next hand to be dealt: the same dealer after a McEvoy.
    pub fn next_dealer(&self) -> Seat {
        match &self.hand {
            Some(hand) if hand.mcevoy().is_some() => hand.dealer(),
            Some(hand) => hand.dealer().left(),
            None => self.first_dealer,
        }
    }

    /// Deals the next hand from `deck`; see [`Hand::deal`].
    ///
    /// # Panics
    /// If the game does not need a deal.
    pub fn deal(&mut self, deck: &[Card]) {
        assert!(self.needs_deal(), "deal only between hands");
        let mut hand = Hand::deal(self.rules, self.next_dealer(), deck);
        if self.rules.mcevoy {
            hand = hand.with_mcevoys_declared(self.mcevoys);
        }
        self.hand = Some(hand);
        self.hands_dealt += 1;
    }

    /// The seat to act, if a hand is in progress.
    pub fn turn(&self) -> Option<Seat> {
        match (&self.hand, self.winner) {
            (Some(hand), None) if hand.phase() != crate::Phase::Over => Some(hand.turn()),
            _ => None,
        }
    }

    /// The game with its current hand replaced (a determinization for search).
    pub fn with_hand(&self, hand: Hand) -> Game {
        Game {
            hand: Some(hand),
            ..*self
        }
    }

    /// What `seat` may see of the game.
    pub fn view(&self, seat: Seat) -> Option<View<'_>> {
        self.hand
            .as_ref()
            .map(|hand| View::new(hand, self.scores, seat))
    }

    /// Applies the action of the player to move; a finished hand adds its points.
    pub fn apply(&mut self, action: Action) -> Result<Outcome, IllegalAction> {
        let hand = match (&mut self.hand, self.winner) {
            (Some(hand), None) => hand,
            _ => return Err(IllegalAction::NoHand),
        };
        let outcome = hand.apply(action)?;
        Ok(self.scored(outcome))
    }

    /// Applies an action taken from the hand's legal actions without checking it again
    /// (debug builds do).
    #[inline(always)]
    pub fn apply_legal(&mut self, action: Action) -> Outcome {
        debug_assert!(self.winner.is_none(), "the game is not over");
        let hand = self.hand.as_mut().expect("a hand is being played");
        let outcome = hand.apply_legal(action);
        self.scored(outcome)
    }

    /// Scores what an action led to.
    fn scored(&mut self, outcome: Outcome) -> Outcome {
        match outcome {
            Outcome::Trick {
                result: Some(result),
                ..
            } => self.add_points(result.winner, result.points),
            Outcome::Renege { team, points } => self.add_points(team, points),
            Outcome::McEvoy(seat) => self.mcevoys |= 1 << seat.index(),
            _ => {}
        }
        outcome
    }

    /// Scores points; reaching the points to win ends the game at once.
    fn add_points(&mut self, team: Team, points: u32) {
        self.scores[team.index()] += points;
        if self.scores[team.index()] >= self.rules.points_to_win {
            self.winner = Some(team);
        }
    }
}
