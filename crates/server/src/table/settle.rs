//! Storing before telling: a command's actions are stored (in one batch with other
//! tables') and only then does anyone hear of them; a failed store rebuilds the table.

use catalogue::AnyAction;
use table::Turn;

use super::Table;
use crate::ids::TableId;
use crate::outbox::Conn;
use crate::protocol::ServerMsg;
use crate::served::Served;
use crate::store::{Finished, RatedGame, RatedSide, StoreError};

/// What the table did that nobody has heard of yet: sent only once stored.
#[derive(Default)]
pub(super) struct Unsent {
    /// Actions applied but not yet stored: nobody hears of them until they are.
    pub(super) pending: Vec<(TableId, u64, AnyAction)>,
    /// Snapshots taken before a deal that would push unsent actions out of every
    /// scene's `log` and `last_hand`: sent, once stored, before the current ones.
    pub(super) staged: Vec<(Conn, ServerMsg)>,
    /// Whether a hand was dealt since snapshots were last sent.
    pub(super) dealt: bool,
    /// Whether the table changed since snapshots were last sent.
    pub(super) changed: bool,
}

impl<G: Served> Table<G> {
    /// Stores the staged actions, then sends snapshots and updates the lobby. Should the
    /// store fail, the table is rebuilt from what it holds: nobody heard of the rest.
    pub(super) async fn settle(&mut self) {
        if !self.unsent.pending.is_empty() {
            let batch = std::mem::take(&mut self.unsent.pending);
            let unstored = batch.len();
            // The game's end is marked in the transaction that stores its last action,
            // with its rating when rated.
            let over = (self.game.turn() == Turn::Over).then(|| Finished {
                table: self.row.id.clone(),
                rated: self.rated_game(),
            });
            match self.services.journal.append(batch, over).await {
                Ok(()) => {}
                Err(StoreError::Fenced(_)) => {
                    tracing::warn!(table = %self.row.id, "lease lost: the table stops here");
                    self.unsent.staged.clear();
                    self.unsent.changed = false;
                    self.lost = true;
                    return;
                }
                Err(e) => {
                    tracing::error!(table = %self.row.id, "storing failed, rebuilding: {e}");
                    self.unsent.staged.clear();
                    self.rebuild(unstored);
                    let why = format!("the table could not be saved, so nothing changed: {e}");
                    for (conn, _) in self.recipients() {
                        conn.refuse(&self.row.id, "storage", why.clone());
                    }
                }
            }
        }
        for (conn, message) in std::mem::take(&mut self.unsent.staged) {
            conn.send(message);
        }
        if std::mem::take(&mut self.unsent.changed) {
            self.broadcast();
        }
        self.unsent.dealt = false;
        self.publish();
    }

    /// A rated table's finished game as the store rates it: each side's seats and its
    /// place, as the core ranks them ([`scene::places`]); `None` unrated or not over.
    fn rated_game(&self) -> Option<RatedGame> {
        if !self.row.rated {
            return None;
        }
        let sides = (self.game.places()?.into_iter())
            .map(|(seats, place)| RatedSide { seats, place })
            .collect();
        Some(RatedGame {
            table: self.row.id.clone(),
            key: crate::ratings::key(self.row.game, &self.row.rules),
            sides,
        })
    }

    /// Goes back to the stored game (its seats and connections kept): as the store has
    /// it, or, when the store cannot be read either (the database is gone), the game
    /// less its `unstored` last actions, which nobody heard of.
    pub(super) fn rebuild(&mut self, unstored: usize) {
        let Ok(Some(stored)) = self.services.store.table(&self.row.id) else {
            if let Some(game) = self.game.less(unstored, &self.fresh, &self.row) {
                self.game = game;
                self.unsent.changed = true;
            }
            return;
        };
        if let Ok(table) = Table::new(
            self.row.clone(),
            self.fresh.clone(),
            &stored.seats,
            &stored.actions,
            self.services.clone(),
            self.commands.clone(),
        ) {
            self.game = table.game;
            self.unsent.changed = true;
        }
    }

    /// Stages an applied action for storing; nobody hears of it before
    /// [`Table::settle`] has stored it.
    pub(super) fn commit(&mut self, stored: AnyAction) {
        let seq = self.game.seq();
        self.unsent.pending.push((self.row.id.clone(), seq, stored));
        self.unsent.changed = true;
        self.beats.struck();
    }
}
