//! Who sits where: people joining, coming back with their token, leaving, asking for the
//! rematch; and each seat's name and presence as clients and scenes show them.

use scene::{Nameplate, Presence};
use table::Turn;

use super::{Occupant, Opener, Table};
use crate::blocking::blocking;
use crate::outbox::Conn;
use crate::protocol::{SeatInfo, ServerMsg, TableSpec};
use crate::seen::Recipient;
use crate::served::Served;
use crate::store::{Commit, Left, SeatRow, Token};

impl<G: Served> Table<G> {
    /// Adds a spectator (once), who hears the table at once.
    pub(super) fn watch(&mut self, conn: Conn) {
        self.spectators.retain(|c| c.id != conn.id);
        self.spectators.push(conn.clone());
        conn.send(self.snapshot(Recipient::Spectator));
    }

    pub(super) fn join(&mut self, seat: usize, conn: Conn) {
        let id = self.row.id.clone();
        match self.seats.get(seat) {
            Some(Occupant::Open) => {}
            None => {
                conn.failed_join();
                return conn.refuse(&id, "no_seat", format!("there is no seat {seat}"));
            }
            Some(_) => {
                conn.failed_join();
                return conn.refuse(&id, "seat_taken", format!("seat {seat} is taken"));
            }
        }
        if self.seat_of(conn.id).is_some() {
            return conn.refuse(
                &id,
                "seat_taken",
                "this connection already holds a seat here",
            );
        }
        // At a rated table the seat is the account's, under the account's name.
        let name = match (self.row.rated, &conn.account) {
            (false, _) => conn.name.clone(),
            (true, None) => {
                return conn.refuse(
                    &id,
                    "sign_in",
                    "this table is rated: sign in to take a seat (anyone may watch)",
                )
            }
            (true, Some(signed)) if self.holds_a_seat(&signed.id) => {
                return conn.refuse(
                    &id,
                    "seat_taken",
                    "this account already holds a seat at this rated table",
                )
            }
            (true, Some(signed)) => signed.name.clone(),
        };
        let account = conn.account.as_ref().map(|signed| signed.id.clone());
        let token = Token::random();
        let row = SeatRow {
            seat,
            name: name.clone(),
            token: token.clone(),
            account: account.clone(),
            left: None,
        };
        if let Err(e) = blocking(|| self.services.store.commit(Commit::default().seat(&id, row))) {
            return conn.refuse(&id, "storage", e.to_string());
        }
        // A spectator who sits down hears the table once, as its seat.
        self.spectators.retain(|c| c.id != conn.id);
        self.seats[seat] = Occupant::Person {
            name: name.clone(),
            token: token.clone(),
            account,
            conn: Some(conn.clone()),
            autopilot: false,
            left: None,
        };
        tracing::info!(table = %id, seat, name = %name, "seat taken");
        conn.send(ServerMsg::Joined {
            table: id,
            seat,
            token: token.reveal().to_string(),
        });
        self.unsent.changed = true;
    }

    pub(super) fn rejoin(&mut self, token: &str, conn: Conn, barred: Option<crate::edge::Refusal>) {
        let id = self.row.id.clone();
        let found = self
            .seats
            .iter()
            .position(|o| matches!(o, Occupant::Person { token: t, .. } if t.matches(token)));
        let Some(seat) = found else {
            if let Some(refusal) = barred {
                return conn.refuse(&id, refusal.code(), refusal.message());
            }
            conn.failed_join();
            return conn.refuse(&id, "no_seat", "no seat here has that token");
        };
        self.spectators.retain(|c| c.id != conn.id);
        if let Occupant::Person {
            conn: slot,
            autopilot,
            ..
        } = &mut self.seats[seat]
        {
            // The newer connection replaces the older, which hears nothing more.
            *slot = Some(conn.clone());
            *autopilot = false;
        }
        // Back in a game in progress: no longer a person who left it, unless it is rated
        // and the grace period is over (the loss stands; they play on).
        if !self.is_over() && self.back_in_time(seat) {
            self.record_left(seat, None);
        }
        self.timers.waiting[seat] = None;
        conn.send(ServerMsg::Joined {
            table: id,
            seat,
            token: token.to_string(),
        });
        self.unsent.changed = true;
    }

    /// Opens the rematch once the game is over; asked again, it is the same table.
    pub(super) fn rematch(&mut self, conn: Conn, open: Opener) {
        let id = self.row.id.clone();
        if self.seat_of(conn.id).is_none() {
            return conn.refuse(&id, "no_seat", "only a seated person may ask for a rematch");
        }
        if self.game.turn() != Turn::Over {
            return conn.refuse(&id, "bad_table", "the game is not over yet");
        }
        if self.next.is_none() {
            let spec = TableSpec {
                game: self.row.game.name().into(),
                rules: Some(self.row.rules.clone()),
                points: self.row.points,
                house: self.row.house.clone(),
                seats: (self.row.bots.iter())
                    .map(|bot| bot.clone().unwrap_or_else(|| "open".into()))
                    .collect(),
                // Private: the rematch is for the finished table's people, who find it
                // as `next`; listed, a lobby would offer their seats to strangers, and
                // one nobody came back to would stay there as an open table for good.
                public: false,
                autopilot_seconds: self.row.autopilot_seconds,
                coach: Some(self.row.coach),
                // A rematch is rated as the game was: the same people, each signed in.
                rated: self.row.rated,
                speed: Some(self.row.speed),
            };
            match open(&spec) {
                Ok(next) => self.next = Some(next),
                Err(e) => return conn.refuse(&id, "bad_table", e.to_string()),
            }
        }
        self.unsent.changed = true;
    }

    /// A connection stops following the table (`leave`): from a seat of a game in
    /// progress its person has left, so the computer plays the seat at once (the
    /// autopilot), until a `rejoin` brings the person back.
    pub(super) fn leave_table(&mut self, id: u64) {
        let over = self.is_over();
        if let Some(seat) = self.seat_of(id).filter(|_| !over) {
            if let Occupant::Person { autopilot, .. } = &mut self.seats[seat] {
                *autopilot = true;
            }
            let left = Left {
                seq: self.game.seq(),
                at: crate::store::seconds_now(),
            };
            self.record_left(seat, Some(left));
        }
        self.drop_conn(id);
    }

    /// Whether `seat`'s person, rejoining, is back within the grace period: always at an
    /// unrated table, and at a rated one within [`super::Services::leave_grace`] of
    /// leaving, by the time stored (so every node judges it alike).
    fn back_in_time(&self, seat: usize) -> bool {
        let Occupant::Person {
            left: Some(left), ..
        } = &self.seats[seat]
        else {
            return true;
        };
        let away = crate::store::seconds_now().saturating_sub(left.at);
        !self.row.rated || away < self.services.leave_grace.as_secs()
    }

    /// Stores that `seat`'s person left the game (or, `None`, came back): the finished
    /// game's listing says so, on every device and node, and a rated game's rating reads
    /// it. A store that fails is logged: the seat is played as asked either way.
    fn record_left(&mut self, seat: usize, left: Option<Left>) {
        let Occupant::Person {
            name,
            token,
            account,
            left: stored,
            ..
        } = &mut self.seats[seat]
        else {
            return;
        };
        if *stored == left {
            return;
        }
        *stored = left;
        let row = SeatRow {
            seat,
            name: name.clone(),
            token: token.clone(),
            account: account.clone(),
            left,
        };
        let id = self.row.id.clone();
        if let Err(e) = blocking(|| self.services.store.commit(Commit::default().seat(&id, row))) {
            tracing::warn!(table = %id, seat, "storing that the seat was left failed: {e}");
        }
    }

    pub(super) fn drop_conn(&mut self, id: u64) {
        self.spectators.retain(|c| c.id != id);
        if let Some(seat) = self.seat_of(id) {
            if let Occupant::Person { conn, .. } = &mut self.seats[seat] {
                *conn = None;
            }
            self.unsent.changed = true;
        }
    }

    /// Whether `account` already holds a seat here: one seat an account at a rated table,
    /// whose ratings compare different people.
    fn holds_a_seat(&self, account: &crate::ids::AccountId) -> bool {
        (self.seats.iter())
            .any(|o| matches!(o, Occupant::Person { account: Some(a), .. } if a == account))
    }

    pub(super) fn seat_of(&self, conn: u64) -> Option<usize> {
        self.seats
            .iter()
            .position(|o| matches!(o, Occupant::Person { conn: Some(c), .. } if c.id == conn))
    }

    /// Each person's name as every face shows it: two seats with one name are told apart
    /// by their seat's number ("Ada (seat 3)").
    pub(super) fn names(&self) -> Vec<String> {
        let plain: Vec<Option<&str>> = (self.seats.iter())
            .map(|o| match o {
                Occupant::Person { name, .. } => Some(name.as_str()),
                _ => None,
            })
            .collect();
        (plain.iter().enumerate())
            .map(|(seat, name)| match name {
                Some(name) if plain.iter().filter(|n| **n == Some(*name)).count() > 1 => {
                    format!("{name} (seat {})", seat + 1)
                }
                Some(name) => name.to_string(),
                None => String::new(),
            })
            .collect()
    }

    pub(super) fn seat_infos(&self) -> Vec<SeatInfo> {
        let names = self.names();
        (self.seats.iter().zip(names))
            .map(|(o, shown)| match o {
                Occupant::Open => SeatInfo {
                    name: String::new(),
                    kind: "open".into(),
                    connected: false,
                    autopilot: false,
                },
                Occupant::Person {
                    conn, autopilot, ..
                } => SeatInfo {
                    name: shown,
                    kind: "person".into(),
                    connected: conn.is_some(),
                    autopilot: *autopilot,
                },
                Occupant::Computer { name, .. } => SeatInfo {
                    name: name.clone(),
                    kind: "computer".into(),
                    connected: true,
                    autopilot: false,
                },
            })
            .collect()
    }

    /// Each seat's name and presence, as scenes show them.
    pub(super) fn nameplates(&self) -> Vec<Nameplate> {
        let names = self.names();
        (self.seats.iter().zip(names).enumerate())
            .map(|(seat, (o, shown))| match o {
                Occupant::Open => Nameplate {
                    name: format!("Seat {} (open)", seat + 1),
                    presence: Presence::Open,
                },
                Occupant::Person {
                    conn, autopilot, ..
                } => Nameplate {
                    name: shown,
                    presence: match (conn, autopilot) {
                        (_, true) => Presence::Autopilot,
                        (Some(_), false) => Presence::Person,
                        (None, false) => Presence::Away,
                    },
                },
                Occupant::Computer { name, .. } => Nameplate {
                    name: scene::computer_name(seat, name),
                    presence: Presence::Computer,
                },
            })
            .collect()
    }
}
