//! A game in progress, kept once for every front end: the game, its deals, every action
//! with what it did and who may see it, hand by hand. The terminal's session and the
//! server's table are this plus their players and connections; its record is the
//! arena's [`GameRecord`], which replays to the same progress.

use cards::Card;
use rand::SeedableRng;
use table::{Agent, GameRecord, Happened, Outcome, Refused, ReplayError, Rng, Seated, Turn};

use crate::scene::{Moment, Shown, Sitter, Stage};
use crate::Roster;

/// One accepted action: who took it, what it did, and who may see it (each seat, then
/// spectators), decided when it was taken from the state it was taken in.
#[derive(Clone, Debug, PartialEq)]
pub struct Taken<A> {
    /// The seat that acted.
    pub seat: usize,
    /// The action.
    pub action: A,
    /// What it did.
    pub happened: Happened,
    seen: Vec<bool>,
}

impl<A: Copy> Taken<A> {
    /// Whether `to` (a seat, or `None` for a spectator) may see the action itself.
    pub fn seen_by(&self, to: Option<usize>) -> bool {
        self.seen[to.unwrap_or(self.seen.len() - 1).min(self.seen.len() - 1)]
    }

    /// As `to` may know it.
    pub fn moment(&self, to: Option<usize>) -> Moment<A> {
        Moment {
            seat: self.seat,
            action: self.seen_by(to).then_some(self.action),
            happened: self.happened,
        }
    }
}

/// A prescribed deal that is not the game's pack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("deal {0} is not the game's pack")]
pub struct NotADeck(pub usize);

/// A game in progress. See the module's doc.
#[derive(Clone)]
pub struct Progress<G: Roster> {
    game: G,
    seed: u64,
    chance: Rng,
    /// Decks dealt in order before shuffling from `chance` (duplicate play, tests).
    deals: Vec<Vec<Card>>,
    dealt: usize,
    actions: Vec<G::Action>,
    hand: Vec<Taken<G::Action>>,
    last_hand: Vec<Taken<G::Action>>,
}

impl<G: Roster> Progress<G> {
    /// `game` before its first deal, shuffling from `seed` once `deals` run out.
    pub fn new(game: G, seed: u64, deals: Vec<Vec<Card>>) -> Result<Progress<G>, NotADeck> {
        if let Some(index) = deals.iter().position(|d| !table::is_deck(&game, d)) {
            return Err(NotADeck(index));
        }
        Ok(Progress {
            game,
            seed,
            chance: Rng::seed_from_u64(seed),
            deals,
            dealt: 0,
            actions: Vec::new(),
            hand: Vec::new(),
            last_hand: Vec::new(),
        })
    }

    /// The game, for players to act from ([`Seated`]) and for scores.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// Who acts next.
    pub fn turn(&self) -> Turn {
        self.game.turn()
    }

    /// Every action so far.
    pub fn actions(&self) -> &[G::Action] {
        &self.actions
    }

    /// This hand's actions.
    pub fn hand(&self) -> &[Taken<G::Action>] {
        &self.hand
    }

    /// The hand before's.
    pub fn last_hand(&self) -> &[Taken<G::Action>] {
        &self.last_hand
    }

    /// Deals the next hand (only when the turn is [`Turn::Chance`]): the next prescribed
    /// deck, else a shuffle. This hand's actions become the hand before's.
    pub fn deal(&mut self) {
        self.last_hand = std::mem::take(&mut self.hand);
        match self.deals.get(self.dealt) {
            Some(deck) => self.game.deal_from(deck),
            None => self.game.deal(&mut self.chance),
        }
        self.dealt += 1;
    }

    /// Applies `seat`'s action if it is that seat's turn and the rules allow it; a
    /// refusal changes nothing.
    pub fn apply_as(
        &mut self,
        seat: usize,
        action: G::Action,
    ) -> Result<&Taken<G::Action>, Refused<G::Refusal>> {
        let seen = self.seen(seat, &action);
        let happened = self.game.apply_as(seat, action)?.happened();
        Ok(self.keep(seat, action, happened, seen))
    }

    /// `agent`'s action for `seat` (the seat to move), applied.
    pub fn act_for(
        &mut self,
        agent: &mut dyn Agent<G>,
        seat: usize,
        rng: &mut Rng,
    ) -> &Taken<G::Action> {
        let action = agent.act(Seated::new(&self.game, seat), rng);
        let seen = self.seen(seat, &action);
        let outcome = self.game.apply(action).expect("players act legally");
        self.keep(seat, action, outcome.happened(), seen)
    }

    fn seen(&self, seat: usize, action: &G::Action) -> Vec<bool> {
        (0..self.game.seats())
            .map(Some)
            .chain([None])
            .map(|to| self.game.reveals(action, seat, to))
            .collect()
    }

    fn keep(
        &mut self,
        seat: usize,
        action: G::Action,
        happened: Happened,
        seen: Vec<bool>,
    ) -> &Taken<G::Action> {
        self.actions.push(action);
        self.hand.push(Taken {
            seat,
            action,
            happened,
            seen,
        });
        self.hand.last().expect("just kept")
    }

    /// What `to` (a seat, or `None` for a spectator) is shown, with `sitters` in the
    /// seats, for a game to `points_to_win`.
    pub fn shown(&self, to: Option<usize>, sitters: &[Sitter], points_to_win: u32) -> Shown {
        let log: Vec<_> = self.hand.iter().map(|t| t.moment(to)).collect();
        let last_hand: Vec<_> = self.last_hand.iter().map(|t| t.moment(to)).collect();
        Stage {
            to,
            sitters,
            log: &log,
            last_hand: &last_hand,
            points_to_win,
            face_up: false,
        }
        .shown(&self.game)
    }

    /// The game as a record, with `seats` naming who sat where.
    pub fn record(&self, seats: Vec<String>, points: u32) -> GameRecord<G::Action> {
        GameRecord {
            game: self.game.name().to_string(),
            variant: self.game.variant().to_string(),
            points,
            house: self.game.house(),
            seed: self.seed,
            deals: self.deals.clone(),
            seats,
            actions: self.actions.clone(),
        }
    }

    /// The progress `record` made from `game` (fresh), dealing as it dealt.
    pub fn replay(
        game: G,
        record: &GameRecord<G::Action>,
    ) -> Result<Progress<G>, ReplayError<G::Refusal>> {
        let mut progress = Progress::new(game, record.seed, record.deals.clone())
            .map_err(|NotADeck(index)| ReplayError::NotADeck { index })?;
        for (index, &action) in record.actions.iter().enumerate() {
            while progress.turn() == Turn::Chance {
                progress.deal();
            }
            let Turn::Seat(seat) = progress.turn() else {
                return Err(ReplayError::ActionsAfterEnd { index });
            };
            progress
                .apply_as(seat, action)
                .map_err(|refused| match refused {
                    Refused::Illegal(refusal) => ReplayError::Refused { index, refusal },
                    Refused::NotYourTurn { .. } => ReplayError::ActionsAfterEnd { index },
                })?;
        }
        Ok(progress)
    }
}
