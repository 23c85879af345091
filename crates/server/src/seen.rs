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
use scene::{Nameplate, Said, Shown};
use std::sync::Mutex;

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
pub struct Secret<G: Served> {
    progress: Progress<G>,
    /// The words its snapshots said that do not change once said (each recipient's log
    /// lines, the title, the rules card), kept for the next snapshot ([`scene::Said`]).
    /// Behind a lock only because a snapshot is built from a shared `&self`: one table's
    /// task is its only user.
    said: Mutex<Said<G::Action>>,
}

impl<G: Served> Clone for Secret<G> {
    /// The same game; its words are said afresh.
    fn clone(&self) -> Self {
        Secret::of(self.progress.clone())
    }
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
        Ok(Secret::of(progress))
    }

    fn of(progress: Progress<G>) -> Secret<G> {
        Secret {
            progress,
            said: Mutex::default(),
        }
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
    /// Built as [`scene::shown`] builds it, the words said before taken from this
    /// table's [`Said`].
    pub fn seen_by(&self, to: Recipient, nameplates: &[Nameplate], points_to_win: u32) -> Seen {
        // A snapshot that panicked may have left its words half kept: start them afresh.
        let mut said = self.said.lock().unwrap_or_else(|poisoned| {
            let mut said = poisoned.into_inner();
            *said = Said::default();
            said
        });
        Seen(scene::shown_saying(
            &self.progress,
            to.seat(),
            nameplates,
            points_to_win,
            &mut said,
        ))
    }
}

/// An action as the store keeps it: tagged with its game.
fn stored<G: Served>(taken: &Taken<G::Action>) -> AnyAction {
    G::any(taken.action)
}

#[cfg(test)]
mod tests {
    use super::{Recipient, Secret};
    use cards::shuffle::random_index;
    use catalogue::{Ruleset, Variant};
    use rand::SeedableRng;
    use scene::{Nameplate, Presence, Staged, WithScene};
    use table::{Progress, Rng, Turn};

    use crate::served::Served;

    /// Plays a random game through a table's [`Secret`], its seats taken over now and
    /// then, its game cloned (as a rebuilt table's is) now and then, and checks every
    /// recipient's snapshot at every position against one built afresh.
    struct Played(u64);

    impl WithScene for Played {
        type Output = ();
        fn run<G: catalogue::Roster + Staged>(
            self,
            new: impl Fn() -> G + Clone + Send + Sync + 'static,
        ) {
            let mut rng = Rng::seed_from_u64(self.0);
            let progress = Progress::new(new(), self.0, Vec::new()).expect("no prescribed deal");
            let mut secret = Secret::of(progress);
            let mut nameplates: Vec<Nameplate> = (1..=new().seats())
                .map(|n| Nameplate::computer(format!("Computer {n}")))
                .collect();
            let mut legal = Vec::new();
            loop {
                snapshots_agree(&secret, &nameplates);
                if random_index(&mut rng, 10) == 0 {
                    let seat = random_index(&mut rng, nameplates.len());
                    nameplates[seat] = Nameplate {
                        name: format!("Person {}", random_index(&mut rng, 3)),
                        presence: Presence::Person,
                    };
                }
                if random_index(&mut rng, 30) == 0 {
                    secret = secret.clone();
                }
                match secret.turn() {
                    Turn::Over => break,
                    Turn::Chance => secret.deal(),
                    Turn::Seat(seat) => {
                        secret.progress.game().legal_actions(&mut legal);
                        let action = legal[random_index(&mut rng, legal.len())];
                        assert!(secret.apply_as(seat, action).is_ok(), "a legal action");
                    }
                }
            }
        }
    }

    fn snapshots_agree<G: Served>(secret: &Secret<G>, nameplates: &[Nameplate]) {
        let seats = (0..nameplates.len()).map(Recipient::Seat);
        for to in seats.chain([Recipient::Spectator]) {
            let sent = serde_json::to_string(&secret.seen_by(to, nameplates, 10));
            let fresh = scene::shown(&secret.progress, to.seat(), nameplates, 10);
            let fresh = serde_json::to_string(&fresh);
            assert_eq!(sent.ok(), fresh.ok(), "{to:?} at {}", secret.seq());
        }
    }

    #[test]
    fn a_tables_snapshots_are_the_ones_built_afresh() {
        for variant in Variant::ALL {
            for seed in 1..=2 {
                scene::with_game(&Ruleset::plain(variant, 10), Played(seed));
            }
        }
    }
}
