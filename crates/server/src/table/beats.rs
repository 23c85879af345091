//! The pace of a table someone is at: before a computer (or the autopilot) acts, what the
//! last action left stays in view as long as the table's speed holds its beat
//! ([`scene::Pace`], the rule every face shares), so a person sees each card arrive and
//! each finished trick with its taker. A seated person's `hurry` ends the wait at once; a
//! table nobody is at (computers alone) never waits.

use std::time::Instant;

use super::{Command, Table};
use crate::outbox::Conn;
use crate::served::Served;

/// Where the table is in its beat.
pub(super) struct Beats {
    /// When the last action was taken or the hand dealt: its beat counts from there.
    since: Instant,
    /// The `seq` whose beat is over (waited out, or hurried).
    over: Option<u64>,
    /// The `seq` whose timer is running.
    timed: Option<u64>,
}

impl Beats {
    pub(super) fn new() -> Beats {
        Beats {
            since: Instant::now(),
            over: None,
            timed: None,
        }
    }

    /// An action was taken or a hand dealt: the next beat counts from now.
    pub(super) fn struck(&mut self) {
        self.since = Instant::now();
    }
}

impl<G: Served> Table<G> {
    /// Whether the computer to act waits for the last action's beat: someone is at the
    /// table and the table's pace holds it longer than it has been shown. Starts the
    /// timer that ends the wait ([`Command::Beat`]).
    pub(super) fn beat_holds(&mut self) -> bool {
        let seq = self.game.seq();
        if self.beats.over == Some(seq) || self.recipients().next().is_none() {
            return false;
        }
        let Some(beat) = self.game.beat() else {
            return false;
        };
        let left = (self.row.speed.pace().hold(beat)).saturating_sub(self.beats.since.elapsed());
        if left.is_zero() {
            self.beats.over = Some(seq);
            return false;
        }
        if self.beats.timed != Some(seq) {
            self.beats.timed = Some(seq);
            let commands = self.commands.clone();
            tokio::spawn(async move {
                tokio::time::sleep(left).await;
                let _ = commands.send(Command::Beat { seq });
            });
        }
        true
    }

    /// The beat of the action at `seq` is over: the next computer may act (a later `seq`
    /// makes it stale).
    pub(super) fn beat_over(&mut self, seq: u64) {
        if self.game.seq() == seq {
            self.beats.over = Some(seq);
        }
    }

    /// A seated person asks the computers not to wait for the beat at `seq`.
    pub(super) fn hurry(&mut self, conn: Conn, seq: u64) {
        if self.seat_of(conn.id).is_none() {
            return conn.refuse(
                &self.row.id,
                "no_seat",
                "only a person seated at the table hurries it",
            );
        }
        self.beat_over(seq);
    }
}
