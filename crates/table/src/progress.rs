//! A game in progress, kept once for every front end: the game, its deals, every action
//! with what it did and who may see it, hand by hand. The terminal's session, the
//! server's table and every replay of a record are this; its record is a
//! [`GameRecord`], and [`Progress::replay`] is the one loop that plays a record back.

use cards::Card;
use rand::SeedableRng;

use crate::{
    Agent, Game, GameRecord, HappenedIn, Outcome, RecordSeat, Refused, ReplayError, Rng, Seated,
    Turn,
};

/// One accepted action: who took it, what it did, and who may see it (each seat, then
/// spectators), decided when it was taken from the state it was taken in.
#[derive(Clone, Debug, PartialEq)]
pub struct Taken<G: Game> {
    /// The seat that acted.
    pub seat: usize,
    /// The action.
    pub action: G::Action,
    /// What it did.
    pub happened: HappenedIn<G>,
    seen: Vec<bool>,
}

impl<G: Game> Taken<G> {
    /// Whether `to` (a seat, or `None` for a spectator) may see the action itself.
    pub fn seen_by(&self, to: Option<usize>) -> bool {
        let last = self.seen.len() - 1;
        self.seen[to.unwrap_or(last).min(last)]
    }
}

/// A prescribed deal that is not the game's pack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotADeck(pub usize);

impl std::fmt::Display for NotADeck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "deal {} is not the game's pack", self.0)
    }
}

impl std::error::Error for NotADeck {}

/// What a replay just did, for its observer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayEvent {
    /// A hand was dealt.
    Dealt,
    /// An action was applied: the last of [`Progress::hand`].
    Acted,
}

/// A game in progress. See the module's doc.
#[derive(Clone)]
pub struct Progress<G: Game> {
    game: G,
    seed: u64,
    chance: Rng,
    /// Decks dealt in order before shuffling from `chance` (duplicate play, tests).
    deals: Vec<Vec<Card>>,
    dealt: usize,
    actions: Vec<G::Action>,
    hand: Vec<Taken<G>>,
    last_hand: Vec<Taken<G>>,
}

impl<G: Game> Progress<G> {
    /// `game` before its first deal, shuffling from `seed` once `deals` run out.
    pub fn new(game: G, seed: u64, deals: Vec<Vec<Card>>) -> Result<Progress<G>, NotADeck> {
        if let Some(index) = deals.iter().position(|d| !crate::is_deck(&game, d)) {
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

    /// The one replay: `game` (fresh) dealt from `seed` after `deals`, each of `actions`
    /// applied as the seat to move's once the hand it belongs to is dealt. `observe` sees
    /// the progress after every deal and every action. The next hand is not dealt after
    /// the last action: the progress stops where the actions did.
    pub fn replay(
        game: G,
        seed: u64,
        deals: Vec<Vec<Card>>,
        actions: impl IntoIterator<Item = G::Action>,
        mut observe: impl FnMut(&Progress<G>, ReplayEvent),
    ) -> Result<Progress<G>, ReplayError<G::Refusal>> {
        let mut progress = Progress::new(game, seed, deals)
            .map_err(|NotADeck(index)| ReplayError::NotADeck { index })?;
        for (index, action) in actions.into_iter().enumerate() {
            while progress.turn() == Turn::Chance {
                progress.deal();
                observe(&progress, ReplayEvent::Dealt);
            }
            let Turn::Seat(seat) = progress.turn() else {
                return Err(ReplayError::ActionsAfterEnd { index });
            };
            match progress.apply_as(seat, action) {
                Ok(_) => observe(&progress, ReplayEvent::Acted),
                Err(Refused::Illegal(refusal)) => {
                    return Err(ReplayError::Refused { index, refusal })
                }
                Err(Refused::NotYourTurn { .. }) => unreachable!("the seat to move acted"),
            }
        }
        Ok(progress)
    }

    /// The progress `record` made from `game` (fresh, of the record's game, variant and
    /// house rules), dealing as it dealt.
    pub fn from_record(
        game: G,
        record: &GameRecord<G::Action>,
    ) -> Result<Progress<G>, ReplayError<G::Refusal>> {
        record.check_game(&game)?;
        let actions = record.actions.iter().copied();
        Progress::replay(game, record.seed, record.deals.clone(), actions, |_, _| {})
    }

    /// The game, for players to act from ([`Seated`]) and for scores.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The game itself, once nothing more will be played through this progress.
    pub fn into_game(self) -> G {
        self.game
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
    pub fn hand(&self) -> &[Taken<G>] {
        &self.hand
    }

    /// The hand before's.
    pub fn last_hand(&self) -> &[Taken<G>] {
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

    /// Deals `deck` as the next hand (only when the turn is [`Turn::Chance`] and every
    /// prescribed deck is dealt): a deal drawn outside, card by card (a learning
    /// program's chance nodes). It joins the prescribed decks, so the record replays it.
    pub fn deal_deck(&mut self, deck: Vec<Card>) -> Result<(), NotADeck> {
        if !crate::is_deck(&self.game, &deck) {
            return Err(NotADeck(self.deals.len()));
        }
        debug_assert_eq!(self.dealt, self.deals.len(), "prescribed decks come first");
        self.deals.push(deck);
        self.deal();
        Ok(())
    }

    /// The same progress with `game` in place of its game: a determinization, every
    /// card hidden from a seat dealt again (its actions and record are the real game's,
    /// so only a search from that seat may use it).
    pub fn with_game(&self, game: G) -> Progress<G> {
        Progress {
            game,
            ..self.clone()
        }
    }

    /// Applies `seat`'s action if it is that seat's turn and the rules allow it; a
    /// refusal changes nothing.
    pub fn apply_as(
        &mut self,
        seat: usize,
        action: G::Action,
    ) -> Result<&Taken<G>, Refused<G::Refusal>> {
        let seen = self.seen(seat, &action);
        let happened = self.game.apply_as(seat, action)?.happened();
        Ok(self.keep(seat, action, happened, seen))
    }

    /// `agent`'s action for `seat` (the seat to move), applied.
    pub fn act_for(&mut self, agent: &mut dyn Agent<G>, seat: usize, rng: &mut Rng) -> &Taken<G> {
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
        happened: HappenedIn<G>,
        seen: Vec<bool>,
    ) -> &Taken<G> {
        self.actions.push(action);
        self.hand.push(Taken {
            seat,
            action,
            happened,
            seen,
        });
        self.hand.last().expect("just kept")
    }

    /// The game as a record, with `seats` saying who sat where.
    pub fn record(&self, seats: Vec<RecordSeat>, points: u32) -> GameRecord<G::Action> {
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
}
