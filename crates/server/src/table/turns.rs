//! The game moving on: a person's action checked and applied, deals, computer players
//! (searching ones with a permit of the server's pool) and the autopilot for an absent
//! person.

use std::time::Duration;

use table::{Refused, Turn};

use super::{Command, Occupant, Table};
use crate::blocking::blocking;
use crate::outbox::Conn;
use crate::served::Served;

/// The autopilot's timers: an absent person's turn waits so long, then the computer
/// acts for the person.
pub(super) struct Timers {
    /// Seats whose timer is running: the `seq` it started at, and the timer.
    pub(super) waiting: Vec<Option<(u64, u64)>>,
    /// Timers started so far.
    started: u64,
}

impl Timers {
    /// No timer running at any of `seats` seats.
    pub(super) fn new(seats: usize) -> Timers {
        Timers {
            waiting: vec![None; seats],
            started: 0,
        }
    }
}

impl<G: Served> Table<G> {
    pub(super) fn act(&mut self, conn: Conn, seq: u64, text: crate::protocol::ActionText) {
        let id = self.row.id.clone();
        let Some(seat) = self.seat_of(conn.id) else {
            return conn.refuse(&id, "no_seat", "this connection holds no seat here");
        };
        if let Err((code, why)) = self.at_seq(seq) {
            return conn.refuse(&id, code, why);
        }
        let Some(action) = text.read(G::KIND).and_then(G::from_any) else {
            return conn.refuse(&id, "malformed", "not an action of this game");
        };
        match self.game.apply_as(seat, action) {
            Err(Refused::NotYourTurn { .. }) => {
                conn.refuse(&id, "not_your_turn", "it is not this seat's turn")
            }
            Err(Refused::Illegal(reason)) => conn.refuse(&id, "illegal", reason.to_string()),
            Ok(stored) => self.commit(stored),
        }
    }

    /// Whether the client's `seq` is the table's: refused as `stale` when older, as
    /// `bad_seq` when never sent.
    pub(super) fn at_seq(&self, seq: u64) -> Result<(), (&'static str, String)> {
        let now = self.game.seq();
        match seq.cmp(&now) {
            std::cmp::Ordering::Less => {
                Err(("stale", format!("the table is at seq {now}, not {seq}")))
            }
            std::cmp::Ordering::Greater => Err((
                "bad_seq",
                format!("the table is at seq {now}: {seq} was never sent"),
            )),
            std::cmp::Ordering::Equal => Ok(()),
        }
    }

    /// Deals and lets computers (and the autopilot) act until a person must; a searching
    /// computer thinks only with a permit of the server's pool ([`Services::thinking`]),
    /// waited for in turn with every other table's. A table restored at start plays
    /// nothing until somebody joins, rejoins or watches it.
    pub(super) async fn play(&mut self) {
        if self.dormant {
            return;
        }
        while let Some(seat) = self.advance() {
            let thinking = self.services.thinking.clone();
            let _permit = thinking.acquire_owned().await.expect("never closed");
            let (game, rng) = (&mut self.game, &mut self.rng);
            if let Occupant::Computer { agent, .. } = &mut self.seats[seat] {
                let stored = blocking(|| game.act_for(agent.as_mut(), seat, rng));
                self.commit(stored);
            }
        }
        if self.is_over() {
            // The address's share of computer tables comes back with the game's end.
            self.held = None;
        }
    }

    /// Deals and lets quick computers (and the autopilot) act until a person must, or a
    /// searching computer (its seat returned).
    pub(super) fn advance(&mut self) -> Option<usize> {
        loop {
            match self.game.turn() {
                Turn::Over => return None,
                // No deal while a seat is open: the computers would otherwise play whole
                // hands (a partner gone alone) before the person who opened the table sat.
                Turn::Chance if self.seats.iter().any(|o| matches!(o, Occupant::Open)) => {
                    return None
                }
                // A hand just ended: its people read how before the next deal.
                Turn::Chance if self.holds_the_deal() => return None,
                Turn::Chance => {
                    if self.unsent.dealt {
                        // The hand about to become the scene's `last_hand` was never
                        // sent: send it before the deal pushes it out of every snapshot.
                        self.stage_broadcast();
                    }
                    // A deal that ends a pause may come with no action after it (the
                    // person is first to bid): it is news itself.
                    let seq = self.game.seq();
                    if self.pause.as_ref().is_some_and(|p| p.seq == seq && p.over) {
                        self.unsent.changed = true;
                    }
                    self.game.deal();
                    self.beats.struck();
                    self.unsent.dealt = true;
                }
                // What the last action left stays its beat before a computer acts.
                Turn::Seat(seat) if self.computer_acts(seat) && self.beat_holds() => return None,
                Turn::Seat(seat) => {
                    let (game, rng) = (&mut self.game, &mut self.rng);
                    let stored = match &mut self.seats[seat] {
                        Occupant::Computer { slow: true, .. } => return Some(seat),
                        Occupant::Computer { agent, .. } => game.act_for(agent.as_mut(), seat, rng),
                        Occupant::Person {
                            autopilot: true, ..
                        } => game.act_for(self.stand_in.as_mut(), seat, rng),
                        Occupant::Person { conn: None, .. } => {
                            self.wait_for(seat);
                            return None;
                        }
                        _ => return None,
                    };
                    self.commit(stored);
                }
            }
        }
    }

    /// Whether a computer acts in `seat` (its own, or the autopilot for its person).
    fn computer_acts(&self, seat: usize) -> bool {
        matches!(
            self.seats[seat],
            Occupant::Computer { .. }
                | Occupant::Person {
                    autopilot: true,
                    ..
                }
        )
    }

    /// Starts the autopilot timer for an absent person's turn.
    pub(super) fn wait_for(&mut self, seat: usize) {
        if self.timers.waiting[seat].is_some_and(|(seq, _)| seq == self.game.seq()) {
            return;
        }
        self.timers.started += 1;
        let (seq, timer) = (self.game.seq(), self.timers.started);
        self.timers.waiting[seat] = Some((seq, timer));
        let commands = self.commands.clone();
        let delay = Duration::from_secs(self.row.autopilot_seconds);
        tokio::spawn(async move {
            tokio::time::sleep(delay).await;
            let _ = commands.send(Command::Autopilot { seat, seq, timer });
        });
    }

    /// Timer `timer` for `seat`'s turn at `seq` ran out: unless stale (the game moved on,
    /// or the person came back), the computer acts for the person from now on.
    pub(super) fn autopilot_due(&mut self, seat: usize, seq: u64, timer: u64) {
        if self.timers.waiting[seat] == Some((seq, timer)) && self.game.seq() == seq {
            if let Occupant::Person { autopilot, .. } = &mut self.seats[seat] {
                *autopilot = true;
            }
            self.timers.waiting[seat] = None;
            self.unsent.changed = true;
        }
    }
}
