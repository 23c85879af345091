//! Storing before telling: a command's actions are stored (in one batch with other
//! tables') and only then does anyone hear of them; a failed store rebuilds the table.

use catalogue::AnyAction;
use table::Turn;

use super::Table;
use crate::served::Served;
use crate::store::StoreError;

impl<G: Served> Table<G> {
    /// Stores the staged actions, then sends snapshots and updates the lobby. Should the
    /// store fail, the table is rebuilt from what it holds: nobody heard of the rest.
    pub(super) async fn settle(&mut self) {
        if !self.pending.is_empty() {
            let batch = std::mem::take(&mut self.pending);
            let unstored = batch.len();
            // The game's end is marked in the transaction that stores its last action.
            let over = (self.game.turn() == Turn::Over).then(|| self.row.id.clone());
            match self.services.journal.append(batch, over).await {
                Ok(()) => {}
                Err(StoreError::Fenced(_)) => {
                    tracing::warn!(table = %self.row.id, "lease lost: the table stops here");
                    self.staged.clear();
                    self.changed = false;
                    self.lost = true;
                    return;
                }
                Err(e) => {
                    tracing::error!(table = %self.row.id, "storing failed, rebuilding: {e}");
                    self.staged.clear();
                    self.rebuild(unstored);
                    let why = format!("the table could not be saved, so nothing changed: {e}");
                    for (conn, _) in self.recipients() {
                        conn.refuse(&self.row.id, "storage", why.clone());
                    }
                }
            }
        }
        for (conn, message) in std::mem::take(&mut self.staged) {
            conn.send(message);
        }
        if std::mem::take(&mut self.changed) {
            self.broadcast();
        }
        self.dealt_unsent = false;
        self.publish();
    }

    /// Goes back to the stored game (its seats and connections kept): as the store has
    /// it, or, when the store cannot be read either (the database is gone), the game
    /// less its `unstored` last actions, which nobody heard of.
    pub(super) fn rebuild(&mut self, unstored: usize) {
        let Ok(Some(stored)) = self.services.store.table(&self.row.id) else {
            if let Some(game) = self.game.less(unstored, &self.fresh, &self.row) {
                self.game = game;
                self.changed = true;
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
            self.changed = true;
        }
    }

    /// Stages an applied action for storing; nobody hears of it before
    /// [`Table::settle`] has stored it.
    pub(super) fn commit(&mut self, stored: AnyAction) {
        let seq = self.game.seq();
        self.pending.push((self.row.id.clone(), seq, stored));
        self.changed = true;
    }
}
