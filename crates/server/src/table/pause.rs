//! The pause between a hand's end and the next deal, while its people read how it ended.

use std::time::Duration;

use super::{Command, Occupant, Table};
use crate::outbox::Conn;
use crate::served::Served;

/// The pause between a hand's last action and the next deal: the deal waits until every
/// person seated and connected has said `continue`, or the server's pause is over.
pub(super) struct Pause {
    /// The `seq` of the hand's last action.
    pub(super) seq: u64,
    /// The seats that said `continue`.
    pub(super) ready: Vec<bool>,
    /// Whether its timer is running.
    pub(super) timed: bool,
    /// Whether the deal may come.
    pub(super) over: bool,
}

impl<G: Served> Table<G> {
    /// The seats of people here to read a hand's end: seated, connected, not on
    /// autopilot.
    pub(super) fn people_here(&self) -> Vec<usize> {
        (self.seats.iter().enumerate())
            .filter(|(_, o)| {
                matches!(
                    o,
                    Occupant::Person {
                        conn: Some(_),
                        autopilot: false,
                        ..
                    }
                )
            })
            .map(|(seat, _)| seat)
            .collect()
    }

    /// Whether the next deal waits: a hand has just ended and the people at the table
    /// have not all said `continue`, within the server's pause (a few seconds where only
    /// spectators watch; none where nobody does).
    pub(super) fn holds_the_deal(&mut self) -> bool {
        let seq = self.game.seq();
        if seq == 0 {
            return false;
        }
        let people = self.people_here();
        let wait = if !people.is_empty() {
            self.services.hand_pause
        } else if !self.spectators.is_empty() {
            (self.services.hand_pause).min(Duration::from_secs(crate::edge::WATCHED_PAUSE_SECONDS))
        } else {
            Duration::ZERO
        };
        let seats = self.seats.len();
        let pause = match &mut self.pause {
            Some(pause) if pause.seq == seq => pause,
            slot => slot.insert(Pause {
                seq,
                ready: vec![false; seats],
                timed: false,
                over: false,
            }),
        };
        let all_read = !people.is_empty() && people.iter().all(|&s| pause.ready[s]);
        if pause.over || all_read || wait.is_zero() {
            pause.over = true;
            return false;
        }
        if !pause.timed {
            pause.timed = true;
            let commands = self.commands.clone();
            tokio::spawn(async move {
                tokio::time::sleep(wait).await;
                let _ = commands.send(Command::Paused { seq });
            });
        }
        true
    }

    /// A seated person has read the hand's end at `seq`: the deal may come once everyone
    /// has.
    pub(super) fn continue_from(&mut self, conn: Conn, seq: u64) {
        let Some(seat) = self.seat_of(conn.id) else {
            return conn.refuse(
                &self.row.id,
                "no_seat",
                "only a person seated at the table continues it",
            );
        };
        if let Some(pause) = self.pause.as_mut().filter(|p| p.seq == seq) {
            pause.ready[seat] = true;
        }
    }

    /// The pause's timer for the hand's end at `seq` ran out: the deal may come.
    pub(super) fn pause_over(&mut self, seq: u64) {
        if let Some(pause) = self.pause.as_mut().filter(|p| p.seq == seq) {
            pause.over = true;
        }
    }
}
