//! The server's parts, wired together once and shared by every handler and connection:
//! the running tables, the lobby, the leases, the edge's limits and the finished games'
//! caches.

use std::net::IpAddr;
use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use crate::accounts::Desk;
use crate::cluster::Keeper;
use crate::edge::{self, Edge};
use crate::journal::Journal;
use crate::lobby::Lobby;
use crate::node::{Leases, Node};
use crate::protocol::{TableId, TableSpec};
use crate::replays::Replays;
use crate::spec::{self, SpecError};
use crate::store::{Store, StoreError};
use crate::table::{Command, Services};
use crate::tables::{Awake, Tables};

/// How long a profile, a rating graph or a leaderboard's page is kept: a new rating shows
/// within it, and the store answers each at most once in it.
const BRIEF: std::time::Duration = std::time::Duration::from_secs(5);

/// Everything the handlers share.
#[derive(Clone)]
pub struct Server {
    /// The tables running here.
    pub(crate) tables: Tables,
    /// Every node's public tables.
    pub(crate) lobby: Lobby,
    /// The tables whose lease this node holds.
    pub(crate) leases: Leases,
    /// Tables, seats, actions, leases and nodes.
    pub(crate) store: Arc<dyn Store>,
    /// The next connection's id.
    pub(crate) next_conn: Arc<AtomicU64>,
    /// The limits on what clients may ask.
    pub(crate) edge: Arc<Edge>,
    /// Finished games' steps, computed once.
    pub(crate) replays: Arc<Replays>,
    /// Finished games' reviews, one seat each, computed once.
    pub(crate) reviews: Arc<Replays>,
    /// People's accounts: passkeys, sessions, names.
    pub(crate) accounts: Arc<Desk>,
    /// Profiles, rating graphs and leaderboards, kept a few seconds.
    pub(crate) brief: Arc<crate::brief::Brief>,
}

impl Server {
    /// A server over `store` at the edge `config` sets, with every unfinished table
    /// restored from it: [`Server::on_node`] as the default node (the host's name).
    pub fn new(store: Arc<dyn Store>, config: edge::Config) -> Result<Server, StoreError> {
        Server::on_node(store, config, Node::default())
    }

    /// A server as `node` over `store`, with every unfinished table no other node holds
    /// restored from it. Within a Tokio runtime it keeps its leases from then on.
    pub fn on_node(
        store: Arc<dyn Store>,
        config: edge::Config,
        node: Node,
    ) -> Result<Server, StoreError> {
        let leases = Leases::new(node, store.clone());
        let lobby = Lobby::default();
        let services = Services {
            store: store.clone(),
            journal: Journal::start(store.clone(), leases.held.clone()),
            directory: lobby.directory().clone(),
            running: Arc::default(),
            thinking: Arc::new(tokio::sync::Semaphore::new(
                config.limits.computer_threads.max(1),
            )),
            hand_pause: std::time::Duration::from_secs(config.limits.hand_pause_seconds),
            leave_grace: std::time::Duration::from_secs(config.limits.leave_grace_seconds),
        };
        let edge = Arc::new(Edge::new(config.clone()));
        let accounts = Arc::new(Desk::new(store.clone(), edge.clone(), &config));
        let server = Server {
            tables: Tables::new(services, leases.clone()),
            lobby,
            leases,
            store,
            next_conn: Arc::new(AtomicU64::new(1)),
            edge,
            accounts,
            replays: Arc::default(),
            reviews: Arc::default(),
            brief: Arc::new(crate::brief::Brief::new(BRIEF)),
        };
        server.tables.restore_all()?;
        if tokio::runtime::Handle::try_current().is_ok() {
            tokio::spawn(server.keeper().keep_leases());
            tokio::spawn(server.lobby.clone().watch());
        }
        Ok(server)
    }

    /// What keeps this node's leases and its part of the lobby across nodes.
    fn keeper(&self) -> Keeper {
        Keeper {
            tables: self.tables.clone(),
            leases: self.leases.clone(),
            lobby: self.lobby.clone(),
            store: self.store.clone(),
        }
    }

    /// A page of the lobby ([`Lobby::public_tables`]).
    pub fn public_tables(&self, after: Option<&str>) -> Vec<crate::protocol::TableSummary> {
        self.lobby.public_tables(after)
    }

    /// Gives up every lease at once, so other nodes take the tables over (a graceful
    /// stop).
    pub fn release_leases(&self) {
        self.leases.release_all();
    }

    /// The channel of a table's task; a stored table not running is started again.
    pub(crate) fn table(&self, id: &str) -> Option<tokio::sync::mpsc::UnboundedSender<Command>> {
        self.tables.table(id)
    }

    /// Opens a table as `spec` asks (the operator's, or a test's: no network limits).
    pub fn create(&self, spec: &TableSpec) -> Result<TableId, SpecError> {
        self.open(spec, Awake::Now(None))
    }

    /// Opens a table as a client at `address` asks: within the server's limits on what a
    /// network table may ask of the computer ([`edge::Limits::max_samples`],
    /// [`edge::Limits::computer_tables_per_address`]).
    pub fn create_for(&self, spec: &TableSpec, address: IpAddr) -> Result<TableId, SpecError> {
        let people = spec::people(spec, self.edge.limits())?;
        let share = if people == 0 {
            let share = self.edge.computer_table(address)?;
            Some(share)
        } else {
            None
        };
        self.open(spec, Awake::Now(share))
    }

    fn open(&self, spec: &TableSpec, awake: Awake) -> Result<TableId, SpecError> {
        let row = spec::row(spec, self.edge.limits().table_speed)?;
        self.tables.open(&row, awake)?;
        tracing::info!(table = %row.id, game = %row.game, rules = %row.rules, public = row.public, "table opened");
        Ok(row.id)
    }

    /// Where the node running `table` is reached, when another node runs it.
    pub(crate) fn owner(&self, table: &str) -> Option<String> {
        self.leases.owner(table)
    }
}
