//! This node's running tables: each one's task, started when a table opens, when the
//! node takes a table's lease over, or when a command comes for a stored table not
//! running; one start at a time, and only under the table's lease.

use std::sync::{Arc, Mutex, MutexGuard};

use catalogue::WithGame;
use catalogue::{Roster, Ruleset, Variant};
use tokio::sync::mpsc::{unbounded_channel, UnboundedSender};

use crate::blocking::blocking;
use crate::edge::ComputerShare;
use crate::node::Leases;
use crate::restore::RestoreError;
use crate::spec::SpecError;
use crate::store::{Commit, Stored, TableRow};
use crate::table::{Command, Running, Services, Table};

/// When a started table begins to play.
pub enum Awake {
    /// At once (a new table), holding its creator's share, if any, until its end.
    Now(Option<ComputerShare>),
    /// Once somebody joins, rejoins or watches (a table restored from the store).
    UntilLookedAt,
}

/// The running tables and what starts them.
#[derive(Clone)]
pub struct Tables {
    /// What every table shares, the running tables' channels among it.
    services: Services,
    /// Held while a table starts (new, or started again) and while the lease keeper
    /// looks for stopped tables.
    restarting: Arc<Mutex<()>>,
    /// The leases under which tables run here.
    leases: Leases,
}

impl Tables {
    /// No table running yet.
    pub fn new(services: Services, leases: Leases) -> Tables {
        Tables {
            services,
            restarting: Arc::default(),
            leases,
        }
    }

    /// The running tables' channels.
    pub fn running_tables(&self) -> &Running {
        &self.services.running
    }

    /// No table starts while this is held.
    pub fn hold_starts(&self) -> MutexGuard<'_, ()> {
        self.restarting.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Starts every unfinished stored table no other node holds, as restored ones.
    pub fn restore_all(&self) -> Result<(), crate::store::StoreError> {
        let stored = self.services.store.unfinished()?;
        let mut restored = 0;
        for table in &stored {
            match self.start(table, Awake::UntilLookedAt) {
                Ok(()) => restored += 1,
                Err(SpecError::Elsewhere) => {}
                Err(e) => tracing::error!(table = %table.row.id, "not restored: {e}"),
            }
        }
        tracing::info!(tables = restored, "tables restored from storage");
        Ok(())
    }

    /// Stores a new table's `row` and starts it.
    pub fn open(&self, row: &TableRow, awake: Awake) -> Result<(), SpecError> {
        self.services
            .store
            .commit(Commit::default().create(row.clone()))?;
        let stored = Stored {
            row: row.clone(),
            seats: Vec::new(),
            actions: Vec::new(),
            finished: false,
            ended: None,
        };
        // Not while the lease keeper looks for stopped tables: between its claim and its
        // task's start a table would look stopped.
        let _starting = self.hold_starts();
        self.start(&stored, awake)
    }

    /// Starts the task of a stored table, once this node holds its lease.
    fn start(&self, stored: &Stored, awake: Awake) -> Result<(), SpecError> {
        let variant = Variant::named(stored.row.game, Some(&stored.row.rules))?;
        let rules = Ruleset::new(variant, stored.row.points, &stored.row.house)?;
        if !self.leases.claim(&stored.row.id)? {
            return Err(SpecError::Elsewhere);
        }
        let start = Start {
            services: &self.services,
            stored,
            awake,
        };
        let sender = rules.with_game(start)?;
        (self
            .services
            .running
            .lock()
            .unwrap_or_else(|p| p.into_inner()))
        .insert(stored.row.id.clone(), sender);
        Ok(())
    }

    /// The channel of a table's task; a stored table not running (finished, and left
    /// by everyone) is started again from the store.
    pub fn table(&self, id: &str) -> Option<UnboundedSender<Command>> {
        if let Some(sender) = self.running(id) {
            return Some(sender);
        }
        // One restart at a time, so two commands cannot start one table twice.
        let _restarting = self.hold_starts();
        if let Some(sender) = self.running(id) {
            return Some(sender);
        }
        let stored = blocking(|| self.services.store.table(id)).ok()??;
        match self.start(&stored, Awake::UntilLookedAt) {
            Ok(()) => {}
            // It runs on the node holding its lease.
            Err(SpecError::Elsewhere) => return None,
            Err(e) => {
                tracing::error!(table = %id, "not restarted: {e}");
                return None;
            }
        }
        self.running(id)
    }

    /// The channel of a running table's task.
    pub fn running(&self, id: &str) -> Option<UnboundedSender<Command>> {
        let running = self.services.running.lock();
        let running = running.unwrap_or_else(|p| p.into_inner());
        running.get(id).filter(|s| !s.is_closed()).cloned()
    }

    /// How many tables run here.
    pub fn count(&self) -> usize {
        (self
            .services
            .running
            .lock()
            .unwrap_or_else(|p| p.into_inner()))
        .len()
    }
}

/// Builds and spawns a table task once the catalogue has named the game type.
struct Start<'a> {
    services: &'a Services,
    stored: &'a Stored,
    awake: Awake,
}

impl WithGame for Start<'_> {
    type Output = Result<UnboundedSender<Command>, RestoreError>;

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        let (sender, receiver) = unbounded_channel();
        let (stored, services) = (self.stored, self.services.clone());
        let mut table = Table::new(
            stored.row.clone(),
            new(),
            &stored.seats,
            &stored.actions,
            services,
            sender.clone(),
        )?;
        match self.awake {
            Awake::Now(Some(share)) => table.hold(share),
            Awake::Now(None) => {}
            Awake::UntilLookedAt => table.sleep_until_looked_at(),
        }
        // A crash between a game's last action and its `finished` mark left it "in
        // progress": the replay says it is over, so it is marked now.
        if !stored.finished && table.is_over() {
            let finish = Commit::default().finish(&stored.row.id);
            if let Err(e) = self.services.store.commit(finish) {
                tracing::error!(table = %stored.row.id, "not marked finished: {e}");
            }
        }
        // Listed before anyone hears of it (a rematch's table is announced at once).
        table.publish();
        let span = tracing::info_span!("table", id = %stored.row.id);
        tokio::spawn(tracing::Instrument::instrument(table.run(receiver), span));
        Ok(sender)
    }
}
