//! What each recipient is sent: snapshots built from its own view, and the lobby's entry.

use table::Turn;

use super::{Occupant, Table};
use crate::lobby::Listed;
use crate::outbox::Conn;
use crate::protocol::{ServerMsg, Snapshot, TableSummary};
use crate::seen::Recipient;
use crate::served::Served;

impl<G: Served> Table<G> {
    /// What `to` may see now: built from its view alone ([`Secret`]).
    pub(super) fn snapshot(&self, to: Recipient) -> ServerMsg {
        ServerMsg::Snapshot(Box::new(Snapshot {
            table: self.row.id.clone(),
            seq: self.game.seq(),
            rules: self.row.rules.clone(),
            points: self.row.points,
            seats: self.seat_infos(),
            finished: self.game.turn() == Turn::Over,
            coach: self.row.coach,
            rated: self.row.rated,
            view: self.game.seen_by(to, &self.nameplates(), self.row.points),
            next: self.next.clone(),
            hold_ms: (self.game.beat()).map_or(0, |beat| {
                self.row.speed.pace().hold(beat).as_millis() as u64
            }),
            leave_grace_seconds: (self.row.rated).then_some(self.services.leave_grace.as_secs()),
        }))
    }

    /// Everyone at the table and what each may see.
    pub(super) fn recipients(&self) -> impl Iterator<Item = (&Conn, Recipient)> {
        let seated = self
            .seats
            .iter()
            .enumerate()
            .filter_map(|(seat, o)| match o {
                Occupant::Person { conn: Some(c), .. } => Some((c, Recipient::Seat(seat))),
                _ => None,
            });
        seated.chain(self.spectators.iter().map(|c| (c, Recipient::Spectator)))
    }

    pub(super) fn broadcast(&self) {
        for (conn, to) in self.recipients() {
            conn.send(self.snapshot(to));
        }
    }

    /// Takes everyone's snapshot now, to send once what it shows is stored.
    pub(super) fn stage_broadcast(&mut self) {
        let staged: Vec<_> = self
            .recipients()
            .map(|(conn, to)| (conn.clone(), self.snapshot(to)))
            .collect();
        self.unsent.staged.extend(staged);
    }

    /// Updates the lobby's entry for this table.
    pub(crate) fn publish(&self) {
        let summary = TableSummary {
            table: self.row.id.clone(),
            game: self.row.game,
            rules: self.row.rules.clone(),
            points: self.row.points,
            house: self.row.house.clone(),
            title: self.title.clone(),
            seats: self.seat_infos(),
            finished: self.game.turn() == Turn::Over,
            rated: self.row.rated,
        };
        let mut directory = self
            .services
            .directory
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        let ended = directory
            .get(&self.row.id)
            .and_then(|listed| listed.ended)
            .or_else(|| summary.finished.then(std::time::Instant::now));
        let listed = Listed {
            public: self.row.public,
            summary,
            ended,
        };
        directory.insert(self.row.id.clone(), listed);
    }
}
