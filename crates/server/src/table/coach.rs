//! The coach: a seated person's question about its own decision, answered by a search
//! from that seat's information alone.

use table::Turn;

use super::Table;
use crate::blocking::blocking;
use crate::outbox::Conn;
use crate::protocol::ServerMsg;
use crate::served::Served;

/// The questions to the coach.
#[derive(Default)]
pub(super) struct Questions {
    /// Waiting for its search: who asked, for which seat.
    asked: Vec<(Conn, usize)>,
    /// The last answer (its `seq` and seat): asked again, it is sent without a search.
    answered: Option<(u64, usize, scene::Coaching)>,
}

impl<G: Served> Table<G> {
    /// Takes a question to the coach from a seated person on its turn, where the table's
    /// creator allowed the coach; [`Table::answer_coach`] answers it.
    pub(super) fn ask_coach(&mut self, conn: Conn, seq: u64) {
        let id = self.row.id.clone();
        if !self.row.coach {
            return conn.refuse(&id, "no_coach", "the coach is off at this table");
        }
        let Some(seat) = self.seat_of(conn.id) else {
            return conn.refuse(&id, "no_seat", "this connection holds no seat here");
        };
        if let Err((code, why)) = self.at_seq(seq) {
            return conn.refuse(&id, code, why);
        }
        if self.game.turn() != Turn::Seat(seat) {
            return conn.refuse(&id, "not_your_turn", "the coach speaks on this seat's turn");
        }
        self.questions.asked.push((conn, seat));
    }

    /// Answers the questions to the coach: a search with a permit of the server's pool
    /// (as a searching computer's), from the seat's information alone, with a generator
    /// seeded from what the seat knows (the `seq` and the seat: [`scene::Coaching::at`],
    /// which the game's review asks too) so the answer depends on nothing hidden, asking
    /// never changes what the computers do, and the review says the same.
    pub(super) async fn answer_coach(&mut self) {
        for (conn, seat) in std::mem::take(&mut self.questions.asked) {
            let seq = self.game.seq();
            let answered =
                matches!(&self.questions.answered, Some((s, at, _)) if (*s, *at) == (seq, seat));
            if !answered {
                let thinking = self.services.thinking.clone();
                let _permit = thinking.acquire_owned().await.expect("never closed");
                let game = &self.game;
                let coaching = blocking(|| game.coach(seat));
                let Some(coaching) = coaching else {
                    conn.refuse(
                        &self.row.id,
                        "not_your_turn",
                        "the coach speaks on this seat's turn",
                    );
                    continue;
                };
                self.questions.answered = Some((seq, seat, coaching));
            }
            if let Some((_, _, coaching)) = &self.questions.answered {
                conn.send(ServerMsg::Coach {
                    table: self.row.id.clone(),
                    seq,
                    coaching: Box::new(coaching.clone()),
                });
            }
        }
    }
}
