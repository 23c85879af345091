//! The one way out of a table's game: everything a message carries about the cards is
//! built here, from a recipient's view in the rules core.
//!
//! The game itself lives in [`Secret`], which is neither `Serialize` nor `Debug` and
//! hands out no reference to the game: code elsewhere in the server can ask whose turn
//! it is, the scores, and what a given recipient may see ([`Seen`]: the catalogue's scene,
//! and for a seat its own part; [`LogEntry`]s and the seat's own legal actions), and
//! nothing else. [`Seen`] can only be made here, so a message cannot carry a picture that
//! did not come from [`Secret::seen_by`].

use catalogue::scene::{Moment, Shown, Sitter, Stage};
use catalogue::Roster;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use table::{Agent, Happened, Outcome, Refused, Rng, Seated, Turn};

use crate::store::Deals;

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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seen(Shown);

/// What a table tells [`Secret::seen_by`] besides the game: who sits where, the hands'
/// logs, and the points to win.
pub struct Setting<'a, A> {
    /// Each seat's name and presence.
    pub sitters: &'a [Sitter],
    /// This hand's actions.
    pub log: &'a [Logged<A>],
    /// The hand before's.
    pub last_hand: &'a [Logged<A>],
    /// Points to win.
    pub points_to_win: u32,
}

/// One accepted action, as a recipient may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogEntry {
    /// Its sequence number, from 1.
    pub seq: u64,
    /// The seat that acted.
    pub seat: usize,
    /// The action, or `null` where it is hidden from the recipient (a face-down discard).
    action: Option<Value>,
}

impl LogEntry {
    /// The action, where the recipient may see it.
    pub fn action(&self) -> Option<&Value> {
        self.action.as_ref()
    }
}

/// An accepted action and who may see it (each seat, then spectators): decided when it
/// was taken, from the state it was taken in.
pub struct Logged<A> {
    seq: u64,
    seat: usize,
    action: A,
    seen: Vec<bool>,
    happened: Happened,
}

impl<A: Serialize + Copy> Logged<A> {
    fn sees(&self, to: Recipient) -> bool {
        self.seen[to.seat().unwrap_or(self.seen.len() - 1)]
    }

    /// As `to` may see it.
    pub fn entry(&self, to: Recipient) -> LogEntry {
        LogEntry {
            seq: self.seq,
            seat: self.seat,
            action: self
                .sees(to)
                .then(|| serde_json::to_value(self.action).expect("actions serialize")),
        }
    }

    /// As `to` may see it, with what it did: what a scene is built from.
    fn moment(&self, to: Recipient) -> Moment<A> {
        Moment {
            seat: self.seat,
            action: self.sees(to).then_some(self.action),
            happened: self.happened,
        }
    }

    /// Its `seq` and the action as stored (never sent).
    pub fn stored(&self) -> (u64, Value) {
        let value = serde_json::to_value(self.action).expect("actions serialize");
        (self.seq, value)
    }
}

/// A table's game, with every hidden card. Deliberately not `Debug`, `Serialize` or
/// `Deref`: see the module's doc.
#[derive(Clone)]
pub struct Secret<G> {
    game: G,
    /// Hands dealt so far: which prescribed deck deals next.
    dealt: usize,
}

impl<G: Roster> Secret<G> {
    /// A game before its first deal.
    pub fn new(game: G) -> Secret<G> {
        Secret { game, dealt: 0 }
    }

    /// Who acts next.
    pub fn turn(&self) -> Turn {
        self.game.turn()
    }

    /// Each seat's points (public).
    pub fn points(&self) -> Vec<f64> {
        self.game.points()
    }

    /// Whether every prescribed deck is the game's pack in some order.
    pub fn deals_fit(&self, deals: &Deals) -> bool {
        deals.reveal().iter().all(|d| table::is_deck(&self.game, d))
    }

    /// Deals the next hand: the next prescribed deck, else a shuffle from `chance`.
    pub fn deal(&mut self, chance: &mut Rng, deals: &Deals) {
        match deals.reveal().get(self.dealt) {
            Some(deck) => self.game.deal_from(deck),
            None => self.game.deal(chance),
        }
        self.dealt += 1;
    }

    /// Applies `seat`'s action, logged as number `seq`; a refusal changes nothing.
    pub fn apply_as(
        &mut self,
        seat: usize,
        action: G::Action,
        seq: u64,
    ) -> Result<Logged<G::Action>, Refused<G::Refusal>> {
        let mut logged = self.logged(seat, action, seq);
        logged.happened = self.game.apply_as(seat, action)?.happened();
        Ok(logged)
    }

    /// `agent`'s action for `seat` (the seat to move), applied and logged as `seq`.
    pub fn act_for(
        &mut self,
        agent: &mut dyn Agent<G>,
        seat: usize,
        rng: &mut Rng,
        seq: u64,
    ) -> Logged<G::Action> {
        let action = agent.act(Seated::new(&self.game, seat), rng);
        let mut logged = self.logged(seat, action, seq);
        logged.happened = self
            .game
            .apply(action)
            .expect("computer players act legally")
            .happened();
        logged
    }

    fn logged(&self, seat: usize, action: G::Action, seq: u64) -> Logged<G::Action> {
        let seats = self.game.seats();
        let seen = (0..seats)
            .map(Some)
            .chain([None])
            .map(|to| self.game.reveals(&action, seat, to))
            .collect();
        Logged {
            seq,
            seat,
            action,
            seen,
            happened: Happened::default(),
        }
    }

    /// What `to` may see of the table now.
    pub fn seen_by(&self, to: Recipient, setting: &Setting<G::Action>) -> Seen {
        let log: Vec<_> = setting.log.iter().map(|l| l.moment(to)).collect();
        let last_hand: Vec<_> = setting.last_hand.iter().map(|l| l.moment(to)).collect();
        let stage = Stage {
            to: to.seat(),
            sitters: setting.sitters,
            log: &log,
            last_hand: &last_hand,
            points_to_win: setting.points_to_win,
            face_up: false,
        };
        Seen(stage.shown(&self.game))
    }

    /// `to`'s legal actions: none but on its own turn.
    pub fn legal_for(&self, to: Recipient) -> Vec<Value> {
        let mut legal = Vec::new();
        if matches!(to, Recipient::Seat(seat) if self.game.turn() == Turn::Seat(seat)) {
            self.game.legal_actions(&mut legal);
        }
        legal
            .iter()
            .map(|a| serde_json::to_value(a).expect("actions serialize"))
            .collect()
    }
}
