//! `cardtable serve`: tables for every game over HTTP and one WebSocket per client.
//!
//! Each table is one task owning one game ([`table::Table`]); clients speak the typed
//! JSON messages of [`protocol`], documented in docs/PROTOCOL.md. Every accepted action
//! is stored (SQLite, behind [`store::Store`]) before anyone hears of it, and at start
//! every unfinished table is rebuilt by replaying its actions through the rules core.

#![warn(missing_docs)]

mod conn;
pub mod edge;
mod journal;
pub mod listen;
pub mod metrics;
mod names;
pub mod node;
pub mod protocol;
mod relay;
mod replays;
mod seen;
pub mod store;
pub mod table;
mod web;

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};

use axum::extract::{ConnectInfo, Path as UrlPath, Query, Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::get;
use axum::Router;
use catalogue::{GameKind, PlayerSpec, Roster, Ruleset, Variant};
use scene::{Staged, WithScene};

/// A game a server table can hold: the catalogue seats its players and the scene shows it.
pub trait Served: Roster + Staged {}

impl<G: Roster + Staged> Served for G {}
use tokio::sync::mpsc::{unbounded_channel, UnboundedSender};

use ::table::RecordSeat;
use edge::Edge;
use protocol::{TableId, TableSpec};
use store::{Commit, Deals, Seed, Store, StoreError, Stored, TableRow};
use table::{Command, Directory, Table};

/// How often the lobby's followers hear what changed: at most two messages a second each.
pub const LOBBY_TICK: std::time::Duration = std::time::Duration::from_millis(500);

/// Lobby messages a follower may fall behind by; one further behind is sent the whole page
/// again.
const LOBBY_BACKLOG: usize = 16;

/// Leases renewed in one transaction: the store's writer is held meanwhile, and 10,000 at
/// once (70 ms on SQLite) held up every table's next commit; a few hundred at a time let
/// the journal's commits in between.
const RENEWALS_AT_ONCE: usize = 500;

/// How long a finished table stays in the lobby's list.
pub const RECENT: std::time::Duration = std::time::Duration::from_secs(600);

/// Everything the handlers share.
#[derive(Clone)]
pub struct Server {
    tables: table::Running,
    directory: Directory,
    store: Arc<dyn Store>,
    journal: journal::Journal,
    next_conn: Arc<AtomicU64>,
    edge: Arc<Edge>,
    replays: Arc<replays::Replays>,
    /// Finished games' reviews, one seat each, computed once.
    reviews: Arc<replays::Replays>,
    /// Held while a table starts (new, or started again) and while the lease keeper
    /// looks for stopped tables.
    restarting: Arc<Mutex<()>>,
    /// The computer players' permits to search ([`table::Services::thinking`]).
    thinking: Arc<tokio::sync::Semaphore>,
    /// This process among the servers sharing the store.
    node: Arc<node::Node>,
    /// The tables whose lease this node holds.
    held: node::Held,
    /// The other nodes' public tables, as the lease keeper last read them.
    elsewhere: Arc<Mutex<Vec<protocol::TableSummary>>>,
    /// The lobby's changes, encoded, to every client that follows it.
    lobby: tokio::sync::broadcast::Sender<Arc<str>>,
}

/// Why a table could not be opened (the `bad_table` refusal's message).
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    /// A game, rules variant or player the catalogue does not know.
    #[error(transparent)]
    Unknown(#[from] catalogue::Error),
    /// Not one seat kind per seat.
    #[error("{game} has {seats} seats")]
    Seats {
        /// The game asked for.
        game: GameKind,
        /// How many seats its rules have.
        seats: usize,
    },
    /// Points to win outside 1 to 100.
    #[error("points to win are 1 to 100")]
    Points,
    /// A strong player asked to sample more deals than this server allows.
    #[error("this server's strong players sample at most {0} deals a decision")]
    Samples(u32),
    /// Too many computer-only tables from one address, or none allowed.
    #[error(transparent)]
    Limit(#[from] edge::Refusal),
    /// An autopilot wait over an hour.
    #[error("the autopilot waits at most 3600 seconds")]
    Autopilot,
    /// The table could not be stored.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The stored table could not be started again.
    #[error(transparent)]
    Restore(#[from] table::RestoreError),
    /// Another node holds the table's lease: it runs there.
    #[error("the table runs on another node")]
    Elsewhere,
}

/// Why `cardtable serve` could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened or read.
    #[error("{at}: {source}")]
    Store {
        /// Where the tables are kept.
        at: StoreAt,
        /// What failed.
        source: StoreError,
    },
    /// The address could not be listened on.
    #[error("cannot listen on {listen}: {source}")]
    Listen {
        /// The address asked for.
        listen: SocketAddr,
        /// What failed.
        source: std::io::Error,
    },
    /// Another live node already goes by this node's name.
    #[error("node name '{name}' is taken: a live node at {address} announced it within the last {seconds} s (two nodes under one name would each take the other's tables back); give each node its own --node NAME")]
    NameTaken {
        /// The name.
        name: String,
        /// Where the node holding it is reached.
        address: String,
        /// How recently it must have announced itself.
        seconds: u64,
    },
    /// Serving failed.
    #[error("serving failed: {0}")]
    Io(#[from] std::io::Error),
}

impl Server {
    /// A server over `store` at the edge `config` sets, with every unfinished table
    /// restored from it: [`Server::on_node`] as the default node (the host's name).
    pub fn new(store: Arc<dyn Store>, config: edge::Config) -> Result<Server, StoreError> {
        Server::on_node(store, config, node::Node::default())
    }

    /// A server as `node` over `store`, with every unfinished table no other node holds
    /// restored from it. Within a Tokio runtime it keeps its leases from then on.
    pub fn on_node(
        store: Arc<dyn Store>,
        config: edge::Config,
        node: node::Node,
    ) -> Result<Server, StoreError> {
        let held = node::Held::default();
        let server = Server {
            tables: Arc::default(),
            directory: Arc::default(),
            journal: journal::Journal::start(store.clone(), held.clone()),
            store,
            node: Arc::new(node),
            held,
            next_conn: Arc::new(AtomicU64::new(1)),
            replays: Arc::default(),
            reviews: Arc::default(),
            restarting: Arc::default(),
            thinking: Arc::new(tokio::sync::Semaphore::new(
                config.limits.computer_threads.max(1),
            )),
            edge: Arc::new(Edge::new(config)),
            elsewhere: Arc::default(),
            lobby: tokio::sync::broadcast::channel(LOBBY_BACKLOG).0,
        };
        let stored = server.store.unfinished()?;
        let mut restored = 0;
        for table in &stored {
            match server.start(table, Awake::UntilLookedAt) {
                Ok(()) => restored += 1,
                Err(SpecError::Elsewhere) => {}
                Err(e) => tracing::error!(table = %table.row.id, "not restored: {e}"),
            }
        }
        tracing::info!(tables = restored, "tables restored from storage");
        if tokio::runtime::Handle::try_current().is_ok() {
            tokio::spawn(server.clone().keep_leases());
            tokio::spawn(server.clone().watch_lobby());
        }
        Ok(server)
    }

    /// Every [`LOBBY_TICK`]: the lobby's first page (as `list` gives it, every node's
    /// tables) compared with the one before, and what changed sent to every client that
    /// follows the lobby, encoded once for all of them. One computation a tick, however
    /// many follow, and none while nobody does.
    async fn watch_lobby(self) {
        let mut every = tokio::time::interval(LOBBY_TICK);
        let mut before: Vec<protocol::TableSummary> = Vec::new();
        loop {
            every.tick().await;
            if self.lobby.receiver_count() == 0 {
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
            let text: Arc<str> =
                protocol::encode(&protocol::ServerMsg::Lobby { tables, gone }).into();
            let _ = self.lobby.send(text);
        }
    }

    /// Follows the lobby's changes ([`Server::watch_lobby`]).
    pub(crate) fn follow_lobby(&self) -> tokio::sync::broadcast::Receiver<Arc<str>> {
        self.lobby.subscribe()
    }

    /// Every third of a lease: renews this node's leases, stopping the tables whose lease
    /// was lost; gives up those of tables no longer running; takes over the unfinished
    /// tables nobody holds (a node that died), rebuilt from the store.
    async fn keep_leases(self) {
        let mut every = tokio::time::interval(self.node.lease / 3);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            let server = self.clone();
            let kept = tokio::task::spawn_blocking(move || server.keep_leases_once()).await;
            if let Ok(Err(e)) = kept {
                tracing::warn!("leases not kept: {e}");
            }
        }
    }

    fn keep_leases_once(&self) -> Result<(), StoreError> {
        {
            // No table starts meanwhile, so a stopped table's lease is not one just
            // claimed again.
            let _restarting = self.restarting.lock().unwrap_or_else(|p| p.into_inner());
            let stopped: Vec<_> = {
                let held = self.held.lock().unwrap_or_else(|p| p.into_inner());
                let tables = self.tables.lock().unwrap_or_else(|p| p.into_inner());
                (held.values())
                    .filter(|l| tables.get(&l.table).is_none_or(|s| s.is_closed()))
                    .cloned()
                    .collect()
            };
            for lease in stopped {
                self.forget(&lease);
                self.store.release(&lease)?;
            }
        }
        let running: Vec<_> = (self.held.lock().unwrap_or_else(|p| p.into_inner()))
            .values()
            .cloned()
            .collect();
        let lost = (running.chunks(RENEWALS_AT_ONCE))
            .map(|chunk| self.store.renew(chunk, self.node.lease))
            .collect::<Result<Vec<_>, _>>()?;
        for lost in lost.into_iter().flatten() {
            // Unless the table was started again here since, under a new lease.
            if self.forget(&lost) {
                tracing::warn!(table = %lost.table, "lease lost: the table stops here");
                (self.tables.lock().unwrap_or_else(|p| p.into_inner())).remove(&lost.table);
            }
        }
        for id in self.store.unheld()? {
            // As a command would: one start at a time, never of a table running here.
            if self.running(&id).is_none() {
                self.table(&id);
            }
        }
        self.swap_lobbies()
    }

    /// Tells the other nodes where this one is and which public tables it runs, and
    /// reads theirs: tables heard of within three leases.
    fn swap_lobbies(&self) -> Result<(), StoreError> {
        let Some(address) = &self.node.address else {
            return Ok(());
        };
        let own = self.own_public_tables();
        let presence = store::Presence {
            name: &self.node.name,
            address,
            lobby: &own,
            fresh: self.node.lease,
        };
        if let Some(other) = self.store.announce(&presence)? {
            // Started before this one could see it (the store was away): said at every
            // announcement, as nothing else would tell the operator.
            tracing::error!(
                node = %self.node.name,
                other = %other.address,
                "another live node announces this node's name: give each node its own --node"
            );
        }
        let mut others = self.store.lobby(self.node.lease * 3)?;
        others.retain(|t| !own.iter().any(|o| o.table == t.table));
        *self.elsewhere.lock().unwrap_or_else(|p| p.into_inner()) = others;
        Ok(())
    }

    /// The public tables this node runs, and those it ran that ended lately.
    fn own_public_tables(&self) -> Vec<protocol::TableSummary> {
        let directory = self.directory.lock().unwrap_or_else(|p| p.into_inner());
        let listed = directory.values().filter(|listed| listed.public);
        listed.map(|listed| listed.summary.clone()).collect()
    }

    /// Where the node running `table` is reached, when another node runs it.
    fn owner(&self, table: &str) -> Option<String> {
        let owner = blocking(|| self.store.owner(table)).ok()??;
        (owner.node != self.node.name).then_some(owner.address)
    }

    /// Forgets `lease` if it is still the one held for its table; whether it was.
    fn forget(&self, lease: &store::Lease) -> bool {
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        let current = held
            .get(&lease.table)
            .is_some_and(|l| l.token == lease.token);
        if current {
            held.remove(&lease.table);
        }
        current
    }

    /// Gives up every lease at once, so other nodes take the tables over (a graceful
    /// stop).
    pub fn release_leases(&self) {
        let held: Vec<_> = (self.held.lock().unwrap_or_else(|p| p.into_inner()))
            .drain()
            .map(|(_, lease)| lease)
            .collect();
        for lease in held {
            if let Err(e) = self.store.release(&lease) {
                tracing::warn!(table = %lease.table, "lease not released: {e}");
            }
        }
    }

    /// The HTTP routes: `/ws`, `/healthz`, `/api/tables`, `/api/games`,
    /// `/api/games/{id}/record` and `/api/games/{id}/steps` (these four counted against
    /// the address's message bucket), and the browser client for every other path;
    /// every answer with the security headers ([`edge::headers`]). Serve it with
    /// `into_make_service_with_connect_info::<SocketAddr>()`: the edge needs the peer.
    pub fn router(&self) -> Router {
        let api = Router::new()
            .route("/api/tables", get(list_tables))
            .route(
                "/api/catalogue",
                get(|| async { Json(scene::offer::offer()) }),
            )
            .route("/api/games", get(list_games))
            .route("/api/games/{id}", get(game_listing))
            .route("/api/games/{id}/record", get(record))
            .route("/api/games/{id}/steps", get(steps))
            .route("/api/games/{id}/review/{seat}", get(review))
            .route_layer(middleware::from_fn_with_state(self.clone(), limit_api));
        Router::new()
            .route("/ws", get(conn::upgrade))
            .merge(api)
            .fallback(get(web::asset))
            .layer(middleware::from_fn_with_state(self.clone(), check_host))
            .route("/healthz", get(|| async { "ok" }))
            .route("/metrics", get(metrics_text))
            .layer(middleware::map_response(edge::headers))
            .with_state(self.clone())
    }

    /// A page of the lobby: the public tables in play and those finished in the last
    /// [`RECENT`], by id, after the table `after`, at most [`PAGE`].
    /// Every node's (this one's, and the others' as last heard).
    pub fn public_tables(&self, after: Option<&str>) -> Vec<protocol::TableSummary> {
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

    /// Drops from the lobby the tables finished more than [`RECENT`] ago.
    fn forget_finished(&self) {
        let mut directory = self.directory.lock().unwrap_or_else(|p| p.into_inner());
        directory.retain(|_, listed| listed.ended.is_none_or(|at| at.elapsed() < RECENT));
    }

    /// Opens a table as `spec` asks (the operator's, or a test's: no network limits).
    pub fn create(&self, spec: &TableSpec) -> Result<TableId, SpecError> {
        self.open(spec, Awake::Now(None))
    }

    /// Opens a table as a client at `address` asks: within the server's limits on what a
    /// network table may ask of the computer ([`edge::Limits::max_samples`],
    /// [`edge::Limits::computer_tables_per_address`]).
    pub fn create_for(&self, spec: &TableSpec, address: IpAddr) -> Result<TableId, SpecError> {
        let game: GameKind = spec.game.parse()?;
        let limits = self.edge.limits();
        let mut people = 0;
        for seat in &spec.seats {
            match seat.as_str() {
                "open" => people += 1,
                name => {
                    if let PlayerSpec::Strong { samples: Some(n) } = PlayerSpec::parse(game, name)?
                    {
                        if n > limits.max_samples {
                            return Err(SpecError::Samples(limits.max_samples));
                        }
                    }
                }
            }
        }
        let share = if people == 0 {
            let share = self.edge.computer_table(address)?;
            Some(share)
        } else {
            None
        };
        self.open(spec, Awake::Now(share))
    }

    fn open(&self, spec: &TableSpec, awake: Awake) -> Result<TableId, SpecError> {
        let game: GameKind = spec.game.parse()?;
        let variant = Variant::named(game, spec.rules.as_deref())?;
        if !(1..=100).contains(&spec.points) {
            return Err(SpecError::Points);
        }
        let rules = Ruleset::new(variant, spec.points, &spec.house)?;
        // How many sit is the rules' (Straights' house rule `players`).
        if spec.seats.len() != rules.seats() {
            return Err(SpecError::Seats {
                game,
                seats: rules.seats(),
            });
        }
        if spec.autopilot_seconds > 3600 {
            return Err(SpecError::Autopilot);
        }
        let bots = spec
            .seats
            .iter()
            .map(|seat| match seat.as_str() {
                "open" => Ok(None),
                name => PlayerSpec::parse(game, name).map(|spec| Some(spec.to_string())),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let row = TableRow {
            // The whole token: a private table's id is the secret of its link.
            id: store::new_token(),
            game,
            rules: variant.rules().to_string(),
            points: spec.points,
            house: rules.house().to_vec(),
            seed: Seed::from_os()?,
            deals: Deals::default(),
            public: spec.public,
            bots,
            autopilot_seconds: spec.autopilot_seconds,
            coach: spec
                .coach
                .unwrap_or(spec.seats.iter().filter(|s| *s == "open").count() <= 1),
        };
        self.store.commit(Commit::default().create(row.clone()))?;
        let stored = Stored {
            row: row.clone(),
            seats: Vec::new(),
            actions: Vec::new(),
            finished: false,
            ended: None,
        };
        {
            // Not while the lease keeper looks for stopped tables: between its claim and
            // its task's start a table would look stopped.
            let _starting = self.restarting.lock().unwrap_or_else(|p| p.into_inner());
            self.start(&stored, awake)?;
        }
        tracing::info!(table = %row.id, game = %row.game, rules = %row.rules, public = row.public, "table opened");
        Ok(row.id)
    }

    /// Starts the task of a stored table, once this node holds its lease.
    fn start(&self, stored: &Stored, awake: Awake) -> Result<(), SpecError> {
        let variant = Variant::named(stored.row.game, Some(&stored.row.rules))?;
        let rules = Ruleset::new(variant, stored.row.points, &stored.row.house)?;
        let id = &stored.row.id;
        let lease = blocking(|| self.store.claim(id, &self.node.name, self.node.lease))?
            .ok_or(SpecError::Elsewhere)?;
        if let Some(from) = &lease.taken_from {
            metrics::metrics().took_over();
            tracing::info!(table = %id, from, "taken over");
        }
        (self.held.lock().unwrap_or_else(|p| p.into_inner())).insert(id.clone(), lease);
        let sender = scene::with_game(
            &rules,
            Start {
                server: self,
                stored,
                awake,
            },
        )?;
        self.tables
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(stored.row.id.clone(), sender);
        Ok(())
    }

    /// The channel of a table's task; a stored table not running (finished, and left
    /// by everyone) is started again from the store.
    fn table(&self, id: &str) -> Option<UnboundedSender<Command>> {
        if let Some(sender) = self.running(id) {
            return Some(sender);
        }
        // One restart at a time, so two commands cannot start one table twice.
        let _restarting = self.restarting.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(sender) = self.running(id) {
            return Some(sender);
        }
        let stored = blocking(|| self.store.table(id)).ok()??;
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
    fn running(&self, id: &str) -> Option<UnboundedSender<Command>> {
        let running = self.tables.lock().unwrap_or_else(|p| p.into_inner());
        running.get(id).filter(|s| !s.is_closed()).cloned()
    }
}

/// When a started table begins to play.
enum Awake {
    /// At once (a new table), holding its creator's share, if any, until its end.
    Now(Option<edge::ComputerShare>),
    /// Once somebody joins, rejoins or watches (a table restored from the store).
    UntilLookedAt,
}

/// Builds and spawns a table task once the catalogue has named the game type.
struct Start<'a> {
    server: &'a Server,
    stored: &'a Stored,
    awake: Awake,
}

impl WithScene for Start<'_> {
    type Output = Result<UnboundedSender<Command>, table::RestoreError>;

    fn run<G: Roster + Staged>(
        self,
        new: impl Fn() -> G + Clone + Send + Sync + 'static,
    ) -> Self::Output {
        let (sender, receiver) = unbounded_channel();
        let mut table = Table::new(
            self.stored.row.clone(),
            new(),
            &self.stored.seats,
            &self.stored.actions,
            table::Services {
                store: self.server.store.clone(),
                journal: self.server.journal.clone(),
                directory: self.server.directory.clone(),
                running: self.server.tables.clone(),
                thinking: self.server.thinking.clone(),
                hand_pause: std::time::Duration::from_secs(
                    self.server.edge.limits().hand_pause_seconds,
                ),
            },
            sender.clone(),
        )?;
        match self.awake {
            Awake::Now(Some(share)) => table.hold(share),
            Awake::Now(None) => {}
            Awake::UntilLookedAt => table.sleep_until_looked_at(),
        }
        // A crash between a game's last action and its `finished` mark left it "in
        // progress": the replay says it is over, so it is marked now.
        if !self.stored.finished && table.is_over() {
            let finish = Commit::default().finish(&self.stored.row.id);
            if let Err(e) = self.server.store.commit(finish) {
                tracing::error!(table = %self.stored.row.id, "not marked finished: {e}");
            }
        }
        // Listed before anyone hears of it (a rematch's table is announced at once).
        table.publish();
        let span = tracing::info_span!("table", id = %self.stored.row.id);
        tokio::spawn(tracing::Instrument::instrument(table.run(receiver), span));
        Ok(sender)
    }
}

/// Refuses a request naming a host this server is not reached at ([`Edge::check_host`]).
async fn check_host(State(server): State<Server>, request: Request, next: Next) -> Response {
    match server.edge.check_host(request.headers()) {
        Ok(()) => next.run(request).await,
        Err(refusal) => refusal.into_response(),
    }
}

/// Counts an API request against its address's message bucket.
async fn limit_api(
    State(server): State<Server>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    let address = server.edge.client(peer, request.headers());
    match server.edge.message(address) {
        Ok(()) => next.run(request).await,
        Err(refusal) => refusal.into_response(),
    }
}

/// The lobby's page after `?after=` (see [`Server::public_tables`]).
async fn list_tables(
    State(server): State<Server>,
    Query(page): Query<Page>,
) -> Json<Vec<protocol::TableSummary>> {
    let mut tables = server.public_tables(page.after.as_deref());
    tables.truncate(page.limit());
    Json(tables)
}

/// Runs `work` that waits on the store or a search without holding up other tasks: on
/// the multi-threaded runtime the worker hands its other tasks on while this one waits.
pub(crate) fn blocking<T>(work: impl FnOnce() -> T) -> T {
    use tokio::runtime::{Handle, RuntimeFlavor};
    match Handle::try_current().map(|h| h.runtime_flavor()) {
        Ok(RuntimeFlavor::MultiThread) => tokio::task::block_in_place(work),
        _ => work(),
    }
}

/// `?after=ID&limit=N`: the page after the entry `after`, of at most `limit` (and at
/// most [`PAGE`]) entries.
#[derive(serde::Deserialize)]
struct Page {
    after: Option<String>,
    limit: Option<usize>,
}

/// The most entries one page of a list holds.
pub const PAGE: usize = 100;

impl Page {
    fn limit(&self) -> usize {
        self.limit.unwrap_or(PAGE).clamp(1, PAGE)
    }
}

/// `/metrics`: Prometheus text, to loopback and the networks `--metrics-from` names
/// (the TCP peer's address: a forwarded one is the client's to forge); to anyone else
/// the page is not there.
async fn metrics_text(
    State(server): State<Server>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
) -> Response {
    if !server.edge.may_scrape(peer.ip()) {
        return StatusCode::NOT_FOUND.into_response();
    }
    let tables = server
        .tables
        .lock()
        .unwrap_or_else(|p| p.into_inner())
        .len();
    let leases = server.held.lock().unwrap_or_else(|p| p.into_inner()).len();
    let text = metrics::metrics().render(tables, server.edge.connections(), leases);
    let kind = [(
        axum::http::header::CONTENT_TYPE,
        "text/plain; version=0.0.4",
    )];
    (kind, text).into_response()
}

/// Finished public games, newest first, a page at a time (`?after=` the last one's
/// `table`), as `/api/games/{id}/record` serves them; read without their actions. A
/// private table's id is the secret of its link (and of its rematch's), so it is never
/// listed.
async fn list_games(State(server): State<Server>, Query(page): Query<Page>) -> Response {
    let store = server.store.clone();
    let limit = page.limit();
    let games = tokio::task::spawn_blocking(move || store.games(page.after.as_deref(), limit))
        .await
        .expect("the store does not panic");
    match games {
        Ok(games) => Json(
            games
                .iter()
                .map(|g| listing(&g.row, g.actions, g.ended))
                .collect::<Vec<_>>(),
        )
        .into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

/// One finished game as `/api/games` lists it, found by its table's id (the secret of a
/// private table's link), with how it ended ([`ended_listing`]): what a browser's "my
/// games" shows of a game it sat at. A game in progress is refused like its record.
async fn game_listing(State(server): State<Server>, UrlPath(id): UrlPath<String>) -> Response {
    let store = server.store.clone();
    let found = tokio::task::spawn_blocking(move || finished(&*store, &id).map(ended_listing))
        .await
        .expect("the store does not panic");
    match found {
        Ok(listing) => Json(listing).into_response(),
        Err(refusal) => refusal.into_response(),
    }
}

/// A finished table as the finished games' lists show it.
fn listing(row: &TableRow, actions: u64, ended: Option<u64>) -> protocol::GameListing {
    protocol::GameListing {
        table: row.id.clone(),
        game: row.game,
        rules: row.rules.clone(),
        title: table::row_title(row),
        points: row.points,
        actions,
        ended,
        result: None,
    }
}

/// A finished table's listing with its `result`: the game replayed to its end and seen as
/// a spectator sees it — the scene's sentence, standings, winners and sides — each seat's
/// share of it told apart (won, points, partners, opponents). No word of it is made here:
/// the names are the table's, the rest the scene's.
fn ended_listing(stored: Stored) -> protocol::GameListing {
    let mut listed = listing(&stored.row, stored.actions.len() as u64, stored.ended);
    let sitters = seated(&record_seats(&stored));
    let rules = Variant::named(stored.row.game, Some(&stored.row.rules))
        .ok()
        .and_then(|v| Ruleset::new(v, stored.row.points, &stored.row.house).ok());
    let end = rules.and_then(|rules| {
        let at_end = AtTheEnd {
            stored: &stored,
            sitters: &sitters,
        };
        scene::with_game(&rules, at_end)
    });
    let Some(end) = end else {
        return listed;
    };
    let Some(result) = end.result else {
        return listed;
    };
    let side_of = |seat: usize| end.score.rows.iter().find(|r| r.seats.contains(&seat));
    let seats = (sitters.iter().enumerate())
        .map(|(seat, sitter)| {
            let side = side_of(seat).map(|r| r.seats.clone()).unwrap_or(vec![seat]);
            let named = |keep: &dyn Fn(usize) -> bool| {
                (0..sitters.len())
                    .filter(|&s| keep(s))
                    .map(|s| sitters[s].name.clone())
                    .collect::<Vec<_>>()
            };
            let person = sitter.presence == scene::Presence::Person;
            protocol::SeatOutcome {
                seat,
                name: sitter.name.clone(),
                kind: if person { "person" } else { "computer" }.into(),
                won: result.winners.contains(&seat),
                points: end.seats.get(seat).map_or(0.0, |s| s.points),
                partners: named(&|s| s != seat && side.contains(&s)),
                opponents: named(&|s| !side.contains(&s)),
            }
        })
        .collect();
    listed.result = Some(protocol::GameOutcome {
        sentence: result.sentence,
        standings: result.standings,
        winners: result.winners,
        seats,
    });
    listed
}

/// A stored game's scene at its end, as a spectator sees it; `None` if it does not replay
/// to an end.
struct AtTheEnd<'a> {
    stored: &'a Stored,
    sitters: &'a [scene::Sitter],
}

impl WithScene for AtTheEnd<'_> {
    type Output = Option<scene::Scene>;

    fn run<G: Roster + Staged>(
        self,
        new: impl Fn() -> G + Clone + Send + Sync + 'static,
    ) -> Self::Output {
        let actions = (self.stored.actions.iter())
            .map(|&stored| G::from_any(stored))
            .collect::<Option<Vec<_>>>()?;
        let row = &self.stored.row;
        let deals = row.deals.reveal().to_vec();
        let progress =
            ::table::Progress::replay(new(), row.seed.reveal(), deals, actions, |_, _| {}).ok()?;
        let shown = scene::shown(&progress, None, self.sitters, row.points);
        shown.scene.result.is_some().then_some(shown.scene)
    }
}

/// A finished table's game record in the arena's `--record` format. A game in progress
/// is refused: its seed deals every hand.
async fn record(State(server): State<Server>, UrlPath(id): UrlPath<String>) -> Response {
    let store = server.store.clone();
    let record = tokio::task::spawn_blocking(move || finished_record(&*store, &id))
        .await
        .expect("the store does not panic");
    match record {
        Ok(record) => Json(record).into_response(),
        Err(refusal) => refusal.into_response(),
    }
}

/// Every moment of a finished table's game, all hands face up ([`scene::steps`]), for
/// the client's replay page, computed once ([`replays::Replays`]) and downloaded at most
/// [`edge::Limits::replays_per_minute`] times a minute by one address (a long game's are
/// megabytes). A game in progress is refused: its hands are secret.
async fn steps(
    State(server): State<Server>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: axum::http::HeaderMap,
    UrlPath(id): UrlPath<String>,
) -> Response {
    let (store, table) = (server.store.clone(), id.clone());
    kept(&server, peer, &headers, &server.replays, id, move || {
        let record = finished_record(&*store, &table)?;
        let steps = scene::record_steps(&record).map_err(|e| {
            edge::Refusal::new(StatusCode::INTERNAL_SERVER_ERROR, "storage", e.to_string())
        })?;
        Ok(protocol::encode(&protocol::Replay {
            table: &table,
            game: &record.game,
            rules: &record.variant,
            points: record.points,
            seats: &record.seats,
            players: (seated(&record.seats).into_iter())
                .map(|sitter| protocol::ReplayPlayer {
                    person: sitter.presence == scene::Presence::Person,
                    name: sitter.name,
                })
                .collect(),
            steps,
        }))
    })
    .await
}

/// A seat's review of a finished table's game ([`scene::record_review`]): each of its
/// decisions weighed from its own information at that moment. Computed once per seat,
/// one at a time, and counted against the address's replays a minute (each decision is a
/// strong player's search). A game in progress is refused like its steps.
async fn review(
    State(server): State<Server>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: axum::http::HeaderMap,
    UrlPath((id, seat)): UrlPath<(String, usize)>,
) -> Response {
    let store = server.store.clone();
    kept(
        &server,
        peer,
        &headers,
        &server.reviews,
        format!("{id}/{seat}"),
        move || {
            let record = finished_record(&*store, &id)?;
            let review = scene::record_review(&record, seat).map_err(|e| match e {
                scene::ReviewError::NoSeat(_) => {
                    edge::Refusal::new(StatusCode::NOT_FOUND, "no_seat", e.to_string())
                }
                _ => {
                    edge::Refusal::new(StatusCode::INTERNAL_SERVER_ERROR, "storage", e.to_string())
                }
            })?;
            Ok(protocol::encode(&review))
        },
    )
    .await
}

/// A finished game's JSON that `compute` makes once and `cache` keeps under `key`, taken
/// from the asking address's replays a minute.
async fn kept(
    server: &Server,
    peer: SocketAddr,
    headers: &axum::http::HeaderMap,
    cache: &replays::Replays,
    key: String,
    compute: impl FnOnce() -> Result<String, edge::Refusal> + Send + 'static,
) -> Response {
    let address = server.edge.client(peer, headers);
    if let Err(refusal) = server.edge.replay(address) {
        return refusal.into_response();
    }
    let body = cache
        .get(&key, move || compute().map(axum::body::Bytes::from))
        .await;
    match body {
        Ok(body) => ([(header::CONTENT_TYPE, "application/json")], body).into_response(),
        Err(refusal) => refusal.into_response(),
    }
}

/// A stored table as a game record, once its game is over: the one place the seed and
/// prescribed deals leave the server.
fn finished_record(store: &dyn Store, id: &str) -> Result<protocol::GameRecord, edge::Refusal> {
    let stored = finished(store, id)?;
    let seats = record_seats(&stored);
    Ok(protocol::GameRecord {
        game: stored.row.game.name().into(),
        variant: stored.row.rules,
        points: stored.row.points,
        house: stored.row.house,
        seed: stored.row.seed.reveal(),
        deals: stored.row.deals.reveal().to_vec(),
        seats,
        actions: stored.actions,
    })
}

/// Who sat where at a stored table: its computer players, the people who took a seat,
/// and the seats nobody took.
fn record_seats(stored: &Stored) -> Vec<RecordSeat> {
    (stored.row.bots.iter().enumerate())
        .map(|(seat, bot)| match bot {
            Some(kind) => RecordSeat::Computer(kind.clone()),
            None => (stored.seats.iter())
                .find(|s| s.seat == seat)
                .map_or(RecordSeat::Open, |s| RecordSeat::Person(s.name.clone())),
        })
        .collect()
}

/// Each seat's player of a finished table as its pages name them
/// ([`scene::sitter_name`]), a person told apart from a computer.
fn seated(seats: &[RecordSeat]) -> Vec<scene::Sitter> {
    (seats.iter().enumerate())
        .map(|(seat, sat)| scene::Sitter {
            name: scene::sitter_name(seat, sat),
            presence: match sat {
                RecordSeat::Person(_) => scene::Presence::Person,
                _ => scene::Presence::Computer,
            },
        })
        .collect()
}

/// A stored table whose game is over; one in progress is refused (its record would show
/// every hand), a missing one not found.
fn finished(store: &dyn Store, id: &str) -> Result<Stored, edge::Refusal> {
    match store.table(id) {
        Ok(Some(stored)) if !stored.finished => Err(edge::Refusal::new(
            StatusCode::FORBIDDEN,
            "in_progress",
            "the game is not over: its record would show every hand",
        )),
        Ok(Some(stored)) => Ok(stored),
        Ok(None) => Err(edge::Refusal::new(
            StatusCode::NOT_FOUND,
            "no_table",
            "no such table",
        )),
        Err(e) => Err(edge::Refusal::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "storage",
            e.to_string(),
        )),
    }
}

/// Where a server keeps its tables.
#[derive(Clone, Debug, PartialEq)]
pub enum StoreAt {
    /// A SQLite file, created if absent: one server on one machine.
    Sqlite(std::path::PathBuf),
    /// A PostgreSQL database, by its `postgres://` URL.
    Postgres(String),
}

impl std::fmt::Display for StoreAt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreAt::Sqlite(path) => write!(f, "{}", path.display()),
            // The URL less any password.
            StoreAt::Postgres(url) => match url.parse::<tokio_postgres::Config>() {
                Ok(config) => {
                    let hosts: Vec<String> = (config.get_hosts().iter())
                        .map(|h| match h {
                            tokio_postgres::config::Host::Tcp(host) => host.clone(),
                            tokio_postgres::config::Host::Unix(path) => path.display().to_string(),
                        })
                        .collect();
                    let database = config.get_dbname().unwrap_or("");
                    write!(f, "PostgreSQL at {} database {database}", hosts.join(","))
                }
                Err(_) => write!(f, "PostgreSQL (an unreadable URL)"),
            },
        }
    }
}

impl StoreAt {
    /// Opens the store.
    pub fn open(&self) -> Result<Arc<dyn Store>, StoreError> {
        Ok(match self {
            StoreAt::Sqlite(path) => Arc::new(store::Sqlite::open(path)?),
            StoreAt::Postgres(url) => Arc::new(store::Postgres::connect(url)?),
        })
    }
}

/// Serves on `listen` as `node`, with the tables `at` the store and the edge `config`,
/// until Ctrl-C or SIGTERM, when it gives its tables' leases up. `ready` hears the bound
/// address (port 0 picks a free one).
pub async fn serve(
    listen: SocketAddr,
    at: &StoreAt,
    config: edge::Config,
    node: node::Node,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let stored = |source| ServeError::Store {
        at: at.clone(),
        source,
    };
    let listener = listen::bind(listen).map_err(|source| ServeError::Listen { listen, source })?;
    let address = listener.local_addr()?;
    let mut node = node;
    node.address = Some(node.reached_at(address));
    let store = at.open().map_err(stored)?;
    take_name(&store, &node).await.map_err(|e| match e {
        Ok(taken) => taken,
        Err(source) => stored(source),
    })?;
    let server = Server::on_node(store, config, node).map_err(stored)?;
    ready(address);
    let edge = server.edge.clone();
    let lobby = server.clone();
    let forgetting = tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(60));
        loop {
            every.tick().await;
            edge.forget_idle();
            lobby.forget_finished();
        }
    });
    server.edge.set_tcp_total(listen::descriptor_budget());
    listen::run(listener, server.edge.clone(), server.router(), shutdown()).await;
    forgetting.abort();
    // Handed over at once: another node takes the tables on its next look.
    let leaving = server.clone();
    let _ = tokio::task::spawn_blocking(move || leaving.release_leases()).await;
    Ok(())
}

/// Announces `node` before it takes any table: a name another live node announces from
/// another address is refused. A node that died stops announcing, so its name is free
/// again a lease after its last word: the start waits that long for a name held by
/// another address before refusing (a node restarted on its own address takes its name,
/// and its tables, back at once).
async fn take_name(
    store: &Arc<dyn Store>,
    node: &node::Node,
) -> Result<(), Result<ServeError, StoreError>> {
    let Some(address) = &node.address else {
        return Ok(());
    };
    let deadline = tokio::time::Instant::now() + node.lease + node.lease / 2;
    loop {
        let (store, name, address, fresh) = (
            store.clone(),
            node.name.clone(),
            address.clone(),
            node.lease,
        );
        let taken = tokio::task::spawn_blocking(move || {
            let presence = store::Presence {
                name: &name,
                address: &address,
                lobby: &[],
                fresh,
            };
            store.announce(&presence)
        })
        .await
        .map_err(|e| Ok(ServeError::Io(std::io::Error::other(e))))?
        .map_err(Err)?;
        let Some(other) = taken else {
            return Ok(());
        };
        if tokio::time::Instant::now() >= deadline {
            return Err(Ok(ServeError::NameTaken {
                name: node.name.clone(),
                address: other.address,
                seconds: node.lease.as_secs().max(1),
            }));
        }
        tokio::time::sleep(node.lease / 4).await;
    }
}

async fn shutdown() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Reads, Writes};

    /// A one-point Euchre game of four random computer players.
    fn computers_only() -> TableSpec {
        TableSpec {
            game: "euchre".into(),
            rules: None,
            points: 1,
            house: Vec::new(),
            seats: ["random", "random", "random", "random"]
                .map(String::from)
                .to_vec(),
            public: true,
            autopilot_seconds: 20,
            coach: None,
        }
    }

    /// Whether `check` holds within ten seconds.
    async fn eventually(mut check: impl FnMut() -> bool) -> bool {
        for _ in 0..200 {
            if check() {
                return true;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        false
    }

    /// On a one-thread runtime the table's task cannot run before the check: the lobby
    /// must list the table from `create` alone.
    #[tokio::test(flavor = "current_thread")]
    async fn an_opened_public_table_is_listed_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let store = store::Sqlite::open(&dir.path().join("tables.db")).unwrap();
        let server = Server::new(Arc::new(store), edge::Config::default()).unwrap();
        let mut spec = computers_only();
        spec.seats[0] = "open".into();
        let id = server.create(&spec).unwrap();
        let listed = server.public_tables(None);
        let summary = listed.iter().find(|t| t.table == id).expect("listed");
        let kinds: Vec<&str> = summary.seats.iter().map(|s| s.kind.as_str()).collect();
        assert_eq!(kinds, ["open", "computer", "computer", "computer"]);
    }

    /// House rules are checked when a table opens, kept with it, and survive a restart.
    #[tokio::test(flavor = "current_thread")]
    async fn house_rules_are_refused_by_name_or_kept_across_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tables.db");
        let spec = |house: &[&str]| TableSpec {
            game: "euchre".into(),
            rules: Some("cs246".into()),
            points: 5,
            house: house.iter().map(|h| h.to_string()).collect(),
            seats: ["open", "random", "random", "random"]
                .map(String::from)
                .to_vec(),
            public: true,
            autopilot_seconds: 20,
            coach: None,
        };
        let id = {
            let store = store::Sqlite::open(&path).unwrap();
            let server = Server::new(Arc::new(store), edge::Config::default()).unwrap();
            let unknown = server
                .create(&spec(&["bidding=on"]))
                .unwrap_err()
                .to_string();
            assert!(unknown.contains("`bidding`"), "{unknown}");
            let conflict = server
                .create(&spec(&["alone=off"]))
                .unwrap_err()
                .to_string();
            assert!(conflict.contains("partner-alone"), "{conflict}");
            server.create(&spec(&["renege=off", "march=3"])).unwrap()
        };
        let store = store::Sqlite::open(&path).unwrap();
        let server = Server::new(Arc::new(store), edge::Config::default()).unwrap();
        let listed = server.public_tables(None);
        let summary = listed.iter().find(|t| t.table == id).expect("restored");
        assert_eq!(summary.house, ["renege=off", "march=3"]);
        assert!(
            summary.title.ends_with("· house rules"),
            "{}",
            summary.title
        );
    }

    /// A crash between a game's last action and its `finished` mark (issue 40: 3 of
    /// 1,949 tables over 8 `kill -9`s) left it in progress forever; a restart finishes it.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_restart_marks_finished_a_game_whose_last_action_was_stored() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tables.db");
        let spec = computers_only();
        let id = {
            let store = Arc::new(store::Sqlite::open(&path).unwrap());
            let server = Server::new(store.clone(), edge::Config::default()).unwrap();
            let id = server.create(&spec).unwrap();
            let mut finished = false;
            for _ in 0..200 {
                finished = store.table(&id).unwrap().is_some_and(|t| t.finished);
                if finished {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            assert!(finished, "the computers finished the game");
            id
        };
        // The crash: every action stored, the mark not.
        rusqlite::Connection::open(&path)
            .unwrap()
            .execute("UPDATE tables SET finished = 0 WHERE id = ?1", [&id])
            .unwrap();
        let store = Arc::new(store::Sqlite::open(&path).unwrap());
        assert!(!store.table(&id).unwrap().unwrap().finished);
        let _server = Server::new(store.clone(), edge::Config::default()).unwrap();
        assert!(
            store.table(&id).unwrap().unwrap().finished,
            "finished at restart"
        );
    }

    /// Writes to SQLite, but a lone `finish` (a commit marking a game ended that stores no
    /// action) always fails: a crash between a game's last action and its mark, every
    /// time.
    struct FinishFails(Arc<store::Sqlite>);

    impl store::Writes for FinishFails {
        fn commit(&self, commit: store::Commit) -> Result<(), StoreError> {
            if commit.actions.is_empty() && !commit.finished.is_empty() {
                return Err(rusqlite::Error::InvalidQuery.into());
            }
            self.0.commit(commit)
        }
        fn flush(&self) -> Result<(), StoreError> {
            self.0.flush()
        }
    }

    /// Reads from SQLite, but loading a table with its actions fails the test.
    struct LoadingPanics(Arc<store::Sqlite>);

    impl store::Reads for LoadingPanics {
        fn unfinished(&self) -> Result<Vec<Stored>, StoreError> {
            self.0.unfinished()
        }
        fn games(
            &self,
            after: Option<&str>,
            limit: usize,
        ) -> Result<Vec<store::GameRow>, StoreError> {
            self.0.games(after, limit)
        }
        fn table(&self, table: &str) -> Result<Option<Stored>, StoreError> {
            panic!("{table} loaded with its actions");
        }
    }

    /// Issue 40, item 6: the last action and the `finished` mark are one transaction, so
    /// no crash can come between them.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_last_action_and_the_finished_mark_are_stored_together() {
        let dir = tempfile::tempdir().unwrap();
        let sqlite = Arc::new(store::Sqlite::open(&dir.path().join("tables.db")).unwrap());
        let store = store::Parts::writing_to(sqlite.clone(), Arc::new(FinishFails(sqlite.clone())));
        let server = Server::new(Arc::new(store), edge::Config::default()).unwrap();
        let spec = computers_only();
        let id = server.create(&spec).unwrap();
        let finished = eventually(|| sqlite.table(&id).unwrap().is_some_and(|t| t.finished)).await;
        assert!(finished, "marked finished with its last action");
    }

    async fn body(response: Response) -> serde_json::Value {
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        serde_json::from_slice(&bytes).unwrap()
    }

    /// Issue 40, item 3: `/api/games` loaded every table with every action (7.7 s and
    /// 1.9 GB more with 1,000 long games), and so did every start. Now a start reads
    /// only unfinished tables, and the list is read from the tables alone, a page at a
    /// time, newest first.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn finished_games_are_listed_a_page_at_a_time_without_their_actions() {
        let dir = tempfile::tempdir().unwrap();
        let sqlite = store::Sqlite::open(&dir.path().join("tables.db")).unwrap();
        for n in 0..250 {
            let id = format!("g{n:03}");
            let row = TableRow {
                id: id.clone(),
                game: GameKind::Euchre,
                rules: "eecs280".into(),
                points: 10,
                house: Vec::new(),
                seed: Seed::new(n),
                deals: Deals::default(),
                public: n % 50 != 7,
                bots: vec![Some("random".into()); 4],
                autopilot_seconds: 20,
                coach: false,
            };
            let pass = catalogue::AnyAction::Euchre(euchre::Action::Pass);
            let actions = (1..=3).map(|seq| (id.clone(), seq, pass));
            let game = Commit::default().create(row).append(actions).finish(&id);
            sqlite.commit(game).unwrap();
        }
        let sqlite = Arc::new(sqlite);
        let store = store::Parts::reading_from(sqlite.clone(), Arc::new(LoadingPanics(sqlite)));
        let server = Server::new(Arc::new(store), edge::Config::default()).unwrap();
        assert!(server.tables.lock().unwrap().is_empty(), "nothing started");
        let mut seen = Vec::new();
        let mut after = None;
        loop {
            let page = Page { after, limit: None };
            let games = body(list_games(State(server.clone()), Query(page)).await).await;
            let games = games.as_array().unwrap().clone();
            assert!(games.len() <= PAGE);
            if games.is_empty() {
                break;
            }
            assert!(games.iter().all(|g| g["actions"] == 3), "{games:?}");
            // When each ended, and no result: the list reads no actions.
            assert!(games.iter().all(|g| g["ended"].is_u64()), "{games:?}");
            assert!(games.iter().all(|g| g.get("result").is_none()), "{games:?}");
            after = Some(games.last().unwrap()["table"].as_str().unwrap().to_string());
            seen.extend(
                games
                    .iter()
                    .map(|g| g["table"].as_str().unwrap().to_string()),
            );
        }
        // Five of the 250 are private (n % 50 == 7): never listed.
        let expected: Vec<String> = (0..250)
            .rev()
            .filter(|n| n % 50 != 7)
            .map(|n| format!("g{n:03}"))
            .collect();
        assert_eq!(seen, expected);
    }

    /// Issue 55, item 6: "my games" showed "23 actions" and nothing of how the game went.
    /// `/api/games/{id}` says when it ended, who won, each seat's points, partners and
    /// opponents. A one-point EECS 280 game dealt from the pack in order, worked by hand:
    /// seat 0 deals 3-2-3-2 then 2-3-2-3 from its left, so seat 1 holds 9♠ 10♠ J♠ K♥ A♥,
    /// seat 2 Q♠ K♠ 9♣ 10♣ J♣, seat 3 A♠ 9♥ 10♥ Q♣ K♣, seat 0 J♥ Q♥ A♣ 9♦ 10♦, and J♦
    /// turns up. Everyone passes it; seat 1 calls spades. Tricks: seat 1 (J♠ right
    /// bower), seat 2 (K♠ over 10♠), seat 2 (J♣ left bower), seat 3 (K♣, no trump left),
    /// seat 1 (A♥): the makers, seats 1 and 3, take 3 tricks, 1 point, and the game.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_finished_game_is_listed_with_its_end_its_winners_and_each_seats_side() {
        let dir = tempfile::tempdir().unwrap();
        let sqlite = store::Sqlite::open(&dir.path().join("tables.db")).unwrap();
        let card = |c: &str| c.parse::<cards::Card>().unwrap();
        let deck: Vec<cards::Card> =
            "9S TS JS QS KS AS 9H TH JH QH KH AH 9C TC JC QC KC AC 9D TD JD QD KD AD"
                .split(' ')
                .map(card)
                .collect();
        let id = "hand-worked".to_string();
        let mut game = Commit::default().create(TableRow {
            id: id.clone(),
            game: GameKind::Euchre,
            rules: "eecs280".into(),
            points: 1,
            house: Vec::new(),
            seed: Seed::new(1),
            deals: Deals::new(vec![deck]),
            public: false,
            bots: vec![None, Some("random".into()), None, Some("random".into())],
            autopilot_seconds: 20,
            coach: false,
        });
        for (seat, name) in [(0, "Ada"), (2, "Cy")] {
            let token = store::Token::random();
            let row = store::SeatRow {
                seat,
                name: name.into(),
                token,
            };
            game = game.seat(&id, row);
        }
        use euchre::Action::{Call, Pass, Play};
        let mut actions = vec![Pass, Pass, Pass, Pass];
        actions.push(Call {
            suit: cards::Suit::Spades,
            alone: false,
        });
        for c in "JS QS AS 9D TS KS 9H TD JC QC AC 9S 9C KC JH KH TH QH AH TC".split(' ') {
            actions.push(Play(card(c)));
        }
        let actions: Vec<_> = (actions.into_iter().enumerate())
            .map(|(i, a)| (id.clone(), i as u64 + 1, catalogue::AnyAction::Euchre(a)))
            .collect();
        let before = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs();
        sqlite.commit(game.append(actions).finish(&id)).unwrap();
        let server = Server::new(Arc::new(sqlite), edge::Config::default()).unwrap();
        let listed = body(game_listing(State(server.clone()), UrlPath(id.clone())).await).await;
        assert_eq!(listed["actions"], 25, "{listed}");
        let ended = listed["ended"].as_u64().expect("when it ended");
        assert!(
            ended >= before && ended <= before + 60,
            "{ended} vs {before}"
        );
        let result = &listed["result"];
        assert_eq!(result["winners"], serde_json::json!([1, 3]), "{listed}");
        assert_eq!(
            result["standings"],
            serde_json::json!([
                "Computer 2 (random) & Computer 4 (random): 1 point",
                "Ada & Cy: 0 points"
            ])
        );
        let seat = |n: usize| &result["seats"][n];
        assert_eq!(seat(0)["name"], "Ada");
        assert_eq!(seat(0)["kind"], "person");
        assert_eq!(seat(0)["won"], false);
        assert_eq!(seat(0)["points"], 0.0);
        assert_eq!(seat(0)["partners"], serde_json::json!(["Cy"]));
        assert_eq!(
            seat(0)["opponents"],
            serde_json::json!(["Computer 2 (random)", "Computer 4 (random)"])
        );
        assert_eq!(seat(3)["kind"], "computer");
        assert_eq!(seat(3)["won"], true);
        assert_eq!(seat(3)["points"], 1.0);
        assert_eq!(seat(3)["opponents"], serde_json::json!(["Ada", "Cy"]));
        // The list reads no actions: the time, not the result.
        let page = Page {
            after: None,
            limit: None,
        };
        let games = body(list_games(State(server.clone()), Query(page)).await).await;
        assert_eq!(games, serde_json::json!([]), "private: not listed");
    }

    /// Issue 40, item 4: every table ever made stayed in `list` (2.1 MB a reply at 3,000
    /// tables). The lobby holds tables in play and those finished in the last ten
    /// minutes, a page at a time.
    #[tokio::test(flavor = "current_thread")]
    async fn the_lobby_lists_tables_in_play_and_recent_ones_a_page_at_a_time() {
        let dir = tempfile::tempdir().unwrap();
        let store = store::Sqlite::open(&dir.path().join("tables.db")).unwrap();
        let server = Server::new(Arc::new(store), edge::Config::default()).unwrap();
        let long_ago = std::time::Instant::now()
            .checked_sub(RECENT + std::time::Duration::from_secs(1))
            .unwrap();
        {
            let mut directory = server.directory.lock().unwrap();
            for n in 0..330 {
                let id = format!("t{n:03}");
                let summary = protocol::TableSummary {
                    table: id.clone(),
                    game: GameKind::Euchre,
                    rules: "eecs280".into(),
                    points: 10,
                    house: Vec::new(),
                    title: "Euchre".into(),
                    seats: Vec::new(),
                    finished: n >= 300,
                };
                let ended = match n {
                    300..=314 => Some(long_ago),
                    315.. => Some(std::time::Instant::now()),
                    _ => None,
                };
                let listed = table::Listed {
                    public: true,
                    summary,
                    ended,
                };
                directory.insert(id, listed);
            }
        }
        server.forget_finished();
        let mut seen = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let page = server.public_tables(after.as_deref());
            assert!(page.len() <= PAGE);
            let Some(last) = page.last() else { break };
            after = Some(last.table.clone());
            seen.extend(page.iter().map(|t| t.table.clone()));
        }
        let expected: Vec<String> = (0..300)
            .chain(315..330)
            .map(|n| format!("t{n:03}"))
            .collect();
        assert_eq!(seen, expected, "in play and recent, each once");
    }

    /// A finished table nobody is at stops running (memory follows the tables in play);
    /// a command for it starts it again from the store.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_finished_table_left_alone_stops_and_starts_again_when_asked() {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(store::Sqlite::open(&dir.path().join("tables.db")).unwrap());
        let server = Server::new(store.clone(), edge::Config::default()).unwrap();
        let spec = computers_only();
        let id = server.create(&spec).unwrap();
        let stopped = eventually(|| server.running(&id).is_none()).await;
        assert!(stopped, "the finished table left the running tables");
        assert!(store.table(&id).unwrap().unwrap().finished);
        assert!(server.table(&id).is_some(), "started again");
        assert!(server.running(&id).is_some());
    }

    /// Issue 40, item 2: after a restart unfinished computer tables played on with
    /// nobody watching (1.85 of 2 cores for 34 minutes). A restored table now plays
    /// nothing until somebody looks, then plays on.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_restored_table_plays_only_once_somebody_looks() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tables.db");
        let row = TableRow {
            id: "sleeper".into(),
            game: GameKind::Euchre,
            rules: "eecs280".into(),
            points: 1,
            house: Vec::new(),
            seed: Seed::new(7),
            deals: Deals::default(),
            public: true,
            bots: vec![Some("random".into()); 4],
            autopilot_seconds: 20,
            coach: false,
        };
        store::Sqlite::open(&path)
            .unwrap()
            .commit(Commit::default().create(row))
            .unwrap();
        let store = Arc::new(store::Sqlite::open(&path).unwrap());
        let server = Server::new(store.clone(), edge::Config::default()).unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        let stored = store.table("sleeper").unwrap().unwrap();
        assert!(
            stored.actions.is_empty(),
            "{} actions",
            stored.actions.len()
        );
        let (conn, _sent) = conn::Conn::for_test(1, server.edge.clone());
        let table = server.table("sleeper").unwrap();
        table.send(Command::Watch { conn }).unwrap();
        let finished = eventually(|| store.table("sleeper").unwrap().unwrap().finished).await;
        assert!(finished, "played to the end once watched");
    }
}
