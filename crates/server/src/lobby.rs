//! The lobby: the tables this node lists, kept up to date by the tables themselves, with
//! those other nodes list as last heard (the cluster swaps them), a page at a
//! time, and its changes pushed to every client that follows it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::broadcast;

use crate::ids::{TableId, TableSummary};
use crate::protocol::{self, ServerMsg};

/// How often the lobby's followers hear what changed: at most two messages a second each.
pub const LOBBY_TICK: Duration = Duration::from_millis(500);

/// Lobby messages a follower may fall behind by; one further behind is sent the whole page
/// again.
const LOBBY_BACKLOG: usize = 16;

/// How long a finished table stays in the lobby's list.
pub const RECENT: Duration = Duration::from_secs(600);

/// The most entries one page of a list holds.
pub const PAGE: usize = 100;

/// The lobby's picture of every open table and every recently finished one, kept up to
/// date by the tables themselves.
pub type Directory = Arc<Mutex<HashMap<TableId, Listed>>>;

/// A table as the lobby knows it.
#[derive(Clone, Debug)]
pub struct Listed {
    /// Whether `list` shows it.
    pub public: bool,
    /// What `list` shows.
    pub summary: TableSummary,
    /// When its game ended (it leaves the lobby [`RECENT`] later).
    pub ended: Option<std::time::Instant>,
}

/// This node's lobby: its own tables' entries, the other nodes', and its followers.
#[derive(Clone)]
pub struct Lobby {
    /// The tables this node runs or ran lately, as each last published itself.
    directory: Directory,
    /// The other nodes' public tables, as the lease keeper last read them.
    elsewhere: Arc<Mutex<Vec<TableSummary>>>,
    /// The lobby's changes, encoded, to every client that follows it.
    changes: broadcast::Sender<Arc<str>>,
}

impl Default for Lobby {
    fn default() -> Lobby {
        Lobby {
            directory: Directory::default(),
            elsewhere: Arc::default(),
            changes: broadcast::channel(LOBBY_BACKLOG).0,
        }
    }
}

impl Lobby {
    /// Where the tables publish themselves.
    pub fn directory(&self) -> &Directory {
        &self.directory
    }

    /// A page of the lobby: the public tables in play and those finished in the last
    /// [`RECENT`], by id, after the table `after`, at most [`PAGE`].
    /// Every node's (this one's, and the others' as last heard).
    pub fn public_tables(&self, after: Option<&str>) -> Vec<TableSummary> {
        let mut tables = self.own_public_tables();
        let elsewhere = self.elsewhere.lock().unwrap_or_else(|p| p.into_inner());
        let others = elsewhere
            .iter()
            .filter(|t| !tables.iter().any(|o| o.table == t.table));
        let others: Vec<_> = others.cloned().collect();
        tables.extend(others);
        tables.retain(|t| after.is_none_or(|after| t.table.as_str() > after));
        tables.sort_by(|a, b| a.table.cmp(&b.table));
        tables.truncate(PAGE);
        tables
    }

    /// The public tables this node runs, and those it ran that ended lately.
    pub fn own_public_tables(&self) -> Vec<TableSummary> {
        let directory = self.directory.lock().unwrap_or_else(|p| p.into_inner());
        let listed = directory.values().filter(|listed| listed.public);
        listed.map(|listed| listed.summary.clone()).collect()
    }

    /// The other nodes' public tables, as just read (those this node lists are its own).
    pub fn set_elsewhere(&self, mut others: Vec<TableSummary>, own: &[TableSummary]) {
        others.retain(|t| !own.iter().any(|o| o.table == t.table));
        *self.elsewhere.lock().unwrap_or_else(|p| p.into_inner()) = others;
    }

    /// Drops from the lobby the tables finished more than [`RECENT`] ago.
    pub fn forget_finished(&self) {
        let mut directory = self.directory.lock().unwrap_or_else(|p| p.into_inner());
        directory.retain(|_, listed| listed.ended.is_none_or(|at| at.elapsed() < RECENT));
    }

    /// Follows the lobby's changes ([`Lobby::watch`]).
    pub fn follow(&self) -> broadcast::Receiver<Arc<str>> {
        self.changes.subscribe()
    }

    /// Every [`LOBBY_TICK`]: the lobby's first page (as `list` gives it, every node's
    /// tables) compared with the one before, and what changed sent to every client that
    /// follows the lobby, encoded once for all of them. One computation a tick, however
    /// many follow, and none while nobody does.
    pub async fn watch(self) {
        let mut every = tokio::time::interval(LOBBY_TICK);
        let mut before: Vec<TableSummary> = Vec::new();
        loop {
            every.tick().await;
            if self.changes.receiver_count() == 0 {
                // Nobody follows: nothing computed. The page kept is older then, and the
                // first push to a new follower holds a little more than changed since.
                continue;
            }
            let now = self.public_tables(None);
            let tables: Vec<_> = (now.iter())
                .filter(|t| !before.contains(t))
                .cloned()
                .collect();
            let gone: Vec<_> = (before.iter())
                .filter(|b| !now.iter().any(|t| t.table == b.table))
                .map(|b| b.table.clone())
                .collect();
            before = now;
            if tables.is_empty() && gone.is_empty() {
                continue;
            }
            let text: Arc<str> = protocol::encode(&ServerMsg::Lobby { tables, gone }).into();
            let _ = self.changes.send(text);
        }
    }
}
