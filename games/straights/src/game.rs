use cards::Card;

use crate::{Action, IllegalAction, Outcome, Points, Round, Rules, Seat, View};

/// A game of Straights: rounds until someone has 80 points (or as the rules end it); the
/// lowest score wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    rules: Rules,
    scores: Points,
    round: Option<Round>,
    rounds: u32,
    over: bool,
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

impl Game {
    /// A new game under the handout's rules: every score 0, no round dealt.
    pub fn new() -> Game {
        Game::with_rules(Rules::HANDOUT)
    }

    /// A new game under `rules`.
    pub fn with_rules(rules: Rules) -> Game {
        Game {
            rules,
            scores: Points::zero(rules.players()),
            round: None,
            rounds: 0,
            over: false,
        }
    }

    /// A handout game whose earlier rounds left these scores (a resumed game).
    pub fn with_scores(scores: [u32; 4]) -> Game {
        let rules = Rules::HANDOUT;
        Game {
            scores: Points::from_fn(4, |s| scores[s]),
            over: rules.is_over(&scores, 0),
            ..Game::with_rules(rules)
        }
    }

    /// How many play.
    pub fn players(&self) -> usize {
        self.rules.players()
    }

    /// The seats, in playing order from seat 0.
    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        (0..self.players()).map(Seat::new)
    }

    /// The rules it is played by.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Each player's points so far.
    pub fn scores(&self) -> Points {
        self.scores
    }

    /// The current (or last) round.
    pub fn round(&self) -> Option<&Round> {
        self.round.as_ref()
    }

    /// Rounds dealt so far.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// Whether the game has ended (someone reached 80 points at the end of a round).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Whether the next step is a deal.
    pub fn needs_deal(&self) -> bool {
        !self.over && self.round.as_ref().is_none_or(|r| r.is_over())
    }

    /// Deals the next round from a 52-card deck; see [`Round::deal`].
    ///
    /// # Panics
    /// If the game does not need a deal.
    pub fn deal(&mut self, deck: &[Card]) {
        assert!(self.needs_deal(), "deal only between rounds");
        self.round = Some(Round::deal_with(&self.rules, deck));
        self.rounds += 1;
    }

    /// The game with its round replaced (a determinization for search).
    pub fn with_round(&self, round: Round) -> Game {
        Game {
            round: Some(round),
            ..*self
        }
    }

    /// The player to move, if a round is in progress.
    pub fn turn(&self) -> Option<Seat> {
        self.round
            .as_ref()
            .filter(|r| !r.is_over())
            .map(|r| r.turn())
    }

    /// What `seat` may see, once a round is dealt.
    pub fn view(&self, seat: Seat) -> Option<View<'_>> {
        self.round.as_ref().map(|r| r.view(seat))
    }

    /// Applies the action of the player to move; a finished round adds its points.
    pub fn apply(&mut self, action: Action) -> Result<Outcome, IllegalAction> {
        let round = self.round.as_mut().ok_or(IllegalAction::RoundOver)?;
        let outcome = round.apply(action)?;
        Ok(self.scored(outcome))
    }

    /// Applies an action taken from the round's legal actions without checking it again
    /// (debug builds do).
    pub fn apply_legal(&mut self, action: Action) -> Outcome {
        let round = self.round.as_mut().expect("a round is being played");
        let outcome = round.apply_legal(action);
        self.scored(outcome)
    }

    /// Adds a finished round's points. Inlined, with the round's end out of line: it
    /// is asked at every action.
    #[inline]
    fn scored(&mut self, outcome: Outcome) -> Outcome {
        if let Outcome::RoundOver(points) = &outcome {
            self.add_round(points);
        }
        outcome
    }

    #[cold]
    #[inline(never)]
    fn add_round(&mut self, points: &Points) {
        for (score, gained) in self.scores.iter_mut().zip(points.iter()) {
            *score += gained;
        }
        self.over = self.rules.is_over(&self.scores, self.rounds);
    }

    /// The players with the lowest score (all of them on a tie), once the game is over.
    pub fn winners(&self) -> Vec<Seat> {
        if !self.over {
            return Vec::new();
        }
        let low = *self.scores.iter().min().unwrap();
        self.seats()
            .filter(|s| self.scores[s.index()] == low)
            .collect()
    }
}

table::public_game!();

impl<'a> Public<'a> {
    /// The round in play (or the last one, once over), as everyone sees it.
    pub fn round(&self) -> Option<crate::PublicRound<'a>> {
        self.game.round().map(Round::public)
    }
}
