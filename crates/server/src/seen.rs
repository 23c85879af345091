//! The one way out of a table's game: everything a message carries about the cards is
//! built here, from a recipient's view in the rules core.
//!
//! The game in progress lives in [`Secret`], which is neither `Serialize` nor `Debug` and
//! hands out no reference to the game: code elsewhere in the server can ask whose turn
//! it is and what a given recipient may see ([`Seen`]: the scene, with the scores, and for
//! a seat its own part with its legal actions, and the hand's log as it may know it),
//! and nothing else. [`Seen`] can only be made here, so a message cannot carry a picture that
//! did not come from [`Secret::seen_by`].

use catalogue::AnyAction;
use scene::{Nameplate, Shown};

use crate::served::Served;
use serde::Serialize;
use table::{Agent, Progress, Refused, ReplayError, Rng, Taken, Turn};

use crate::store::{Deals, Seed};

/// Who receives a message: a seat's person, or a spectator (who may see no hand).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recipient {
    /// The person in this seat.
    Seat(usize),
    /// Anyone watching.
    Spectator,
}

impl Recipient {
    fn seat(self) -> Option<usize> {
        match self {
            Recipient::Seat(seat) => Some(seat),
            Recipient::Spectator => None,
        }
    }
}

/// What one recipient may see of the game: the scene in its words, and for a seat its
/// own part (its hand, its choices). Made only by [`Secret::seen_by`]; a spectator's has
/// no `own`.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(transparent)]
pub struct Seen(Shown);

/// A table's game in progress, with every hidden card. Deliberately not `Debug`,
/// `Serialize` or `Deref`: see the module's doc.
#[derive(Clone)]
pub struct Secret<G: Served> {
    progress: Progress<G>,
}

impl<G: Served> Secret<G> {
    /// `game` (fresh) with `actions` replayed: the prescribed `deals` first, then
    /// shuffles from `seed` ([`Progress::replay`]).
    pub fn replay(
        game: G,
        seed: &Seed,
        deals: &Deals,
        actions: Vec<G::Action>,
    ) -> Result<Secret<G>, ReplayError<G::Refusal>> {
        let deals = deals.reveal().to_vec();
        let progress = Progress::replay(game, seed.reveal(), deals, actions, |_, _| {})?;
        Ok(Secret { progress })
    }

    /// The game as it was before its `last` actions, replayed from `fresh` with the
    /// table's deals (`row`); `None` if it has fewer actions, or the replay fails.
    pub fn less(&self, last: usize, fresh: &G, row: &crate::store::TableRow) -> Option<Secret<G>> {
        let actions = self.progress.actions();
        let kept = actions[..actions.len().checked_sub(last)?].to_vec();
        Secret::replay(fresh.clone(), &row.seed, &row.deals, kept).ok()
    }

    /// Who acts next.
    pub fn turn(&self) -> Turn {
        self.progress.turn()
    }

    /// Actions accepted so far: the last one's `seq`.
    pub fn seq(&self) -> u64 {
        self.progress.actions().len() as u64
    }

    /// What the last action of the hand left on the table, for how long it stays
    /// ([`scene::Beat::last`]).
    pub fn beat(&self) -> Option<scene::Beat> {
        scene::Beat::last(&self.progress)
    }

    /// Deals the next hand.
    pub fn deal(&mut self) {
        self.progress.deal();
    }

    /// Applies `seat`'s action; a refusal changes nothing. Gives the action to store.
    pub fn apply_as(
        &mut self,
        seat: usize,
        action: G::Action,
    ) -> Result<AnyAction, Refused<G::Refusal>> {
        self.progress.apply_as(seat, action).map(stored::<G>)
    }

    /// `agent`'s action for `seat` (the seat to move), applied; the action to store.
    pub fn act_for(&mut self, agent: &mut dyn Agent<G>, seat: usize, rng: &mut Rng) -> AnyAction {
        stored::<G>(self.progress.act_for(agent, seat, rng))
    }

    /// The coach on `seat`'s decision, from the seat's information alone: the one
    /// [`scene::Coaching::at`] the game's review asks too; `None` off the seat's turn.
    pub fn coach(&self, seat: usize) -> Option<scene::Coaching> {
        scene::Coaching::at(&self.progress, seat)
    }

    /// Each side of the finished game with its place ([`scene::places`]); `None` while
    /// it goes on.
    pub fn places(&self) -> Option<Vec<(Vec<usize>, usize)>> {
        scene::places(self.progress.game())
    }

    /// What `to` may see of the table now, with `nameplates` in the seats.
    pub fn seen_by(&self, to: Recipient, nameplates: &[Nameplate], points_to_win: u32) -> Seen {
        Seen(scene::shown(
            &self.progress,
            to.seat(),
            nameplates,
            points_to_win,
        ))
    }
}

/// An action as the store keeps it: tagged with its game.
fn stored<G: Served>(taken: &Taken<G>) -> AnyAction {
    G::any(taken.action)
}
