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
mod listen;
pub mod protocol;
mod seen;
pub mod store;
pub mod table;
mod web;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};

use axum::extract::{ConnectInfo, Path as UrlPath, Request, State};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::get;
use axum::Router;
use catalogue::{GameKind, PlayerSpec, Roster, Ruleset, Variant, WithGame};
use serde_json::{json, Value};
use tokio::sync::mpsc::{unbounded_channel, UnboundedSender};

use edge::Edge;
use protocol::{TableId, TableSpec};
use store::{Deals, Seed, Store, StoreError, Stored, TableRow};
use table::{Command, Directory, Table};

/// Everything the handlers share.
#[derive(Clone)]
pub struct Server {
    tables: Arc<Mutex<HashMap<TableId, UnboundedSender<Command>>>>,
    directory: Directory,
    store: Arc<dyn Store>,
    journal: journal::Journal,
    next_conn: Arc<AtomicU64>,
    edge: Arc<Edge>,
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
    /// An autopilot wait over an hour.
    #[error("the autopilot waits at most 3600 seconds")]
    Autopilot,
    /// The table could not be stored.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The stored table could not be started again.
    #[error(transparent)]
    Restore(#[from] table::RestoreError),
}

/// Why `cardtable serve` could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened or read.
    #[error("{path}: {source}")]
    Store {
        /// The database file.
        path: std::path::PathBuf,
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
    /// Serving failed.
    #[error("serving failed: {0}")]
    Io(#[from] std::io::Error),
}

impl Server {
    /// A server over `store` at the edge `config` sets, with every unfinished table
    /// restored from it.
    pub fn new(store: Arc<dyn Store>, config: edge::Config) -> Result<Server, StoreError> {
        let server = Server {
            tables: Arc::default(),
            directory: Arc::default(),
            journal: journal::Journal::start(store.clone()),
            store,
            next_conn: Arc::new(AtomicU64::new(1)),
            edge: Arc::new(Edge::new(config)),
        };
        let stored = server.store.tables()?;
        for table in &stored {
            if let Err(e) = server.start(table) {
                tracing::error!(table = %table.row.id, "not restored: {e}");
            }
        }
        tracing::info!(tables = stored.len(), "tables restored from storage");
        Ok(server)
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
                get(|| async { Json(catalogue::offer::offer()) }),
            )
            .route("/api/games", get(list_games))
            .route("/api/games/{id}/record", get(record))
            .route("/api/games/{id}/steps", get(steps))
            .route_layer(middleware::from_fn_with_state(self.clone(), limit_api));
        Router::new()
            .route("/ws", get(conn::upgrade))
            .route("/healthz", get(|| async { "ok" }))
            .merge(api)
            .fallback(get(web::asset))
            .layer(middleware::map_response(edge::headers))
            .with_state(self.clone())
    }

    /// The public tables, newest first.
    pub fn public_tables(&self) -> Vec<protocol::TableSummary> {
        let directory = self.directory.lock().unwrap_or_else(|p| p.into_inner());
        let mut tables: Vec<_> = directory
            .values()
            .filter(|(public, _)| *public)
            .map(|(_, summary)| summary.clone())
            .collect();
        tables.sort_by(|a, b| a.table.cmp(&b.table));
        tables
    }

    /// Opens a table as `spec` asks.
    pub fn create(&self, spec: &TableSpec) -> Result<TableId, SpecError> {
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
            id: table::new_token(),
            game: game.name().to_string(),
            rules: variant.rules().to_string(),
            points: spec.points,
            house: rules.house().to_vec(),
            seed: Seed::from_os()?,
            deals: Deals::default(),
            public: spec.public,
            bots,
            autopilot_seconds: spec.autopilot_seconds,
        };
        self.store.create(&row)?;
        let stored = Stored {
            row: row.clone(),
            seats: Vec::new(),
            actions: Vec::new(),
            finished: false,
        };
        self.start(&stored)?;
        tracing::info!(table = %row.id, game = %row.game, rules = %row.rules, public = row.public, "table opened");
        Ok(row.id)
    }

    /// Starts the task of a stored table.
    fn start(&self, stored: &Stored) -> Result<(), SpecError> {
        let game: GameKind = stored.row.game.parse()?;
        let variant = Variant::named(game, Some(&stored.row.rules))?;
        let rules = Ruleset::new(variant, stored.row.points, &stored.row.house)?;
        let sender = rules.with_game(Start {
            server: self,
            stored,
        })?;
        self.tables
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(stored.row.id.clone(), sender);
        Ok(())
    }

    /// The channel of a table's task.
    fn table(&self, id: &str) -> Option<UnboundedSender<Command>> {
        self.tables
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(id)
            .cloned()
    }
}

/// Builds and spawns a table task once the catalogue has named the game type.
struct Start<'a> {
    server: &'a Server,
    stored: &'a Stored,
}

impl WithGame for Start<'_> {
    type Output = Result<UnboundedSender<Command>, table::RestoreError>;

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        let (sender, receiver) = unbounded_channel();
        let table = Table::new(
            self.stored.row.clone(),
            new(),
            &self.stored.seats,
            &self.stored.actions,
            table::Services {
                store: self.server.store.clone(),
                journal: self.server.journal.clone(),
                directory: self.server.directory.clone(),
            },
            sender.clone(),
        )?;
        // A crash between a game's last action and its `finished` mark left it "in
        // progress": the replay says it is over, so it is marked now.
        if !self.stored.finished && table.is_over() {
            if let Err(e) = self.server.store.finish(&self.stored.row.id) {
                tracing::error!(table = %self.stored.row.id, "not marked finished: {e}");
            }
        }
        // Listed before anyone hears of it (a rematch's table is announced at once).
        table.publish();
        tokio::spawn(table.run(receiver));
        Ok(sender)
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

async fn list_tables(State(server): State<Server>) -> Json<Value> {
    Json(json!(server.public_tables()))
}

/// Finished public games, as `/api/games/{id}/record` serves them. A private table's id
/// is the secret of its link (and of its rematch's), so it is never listed.
async fn list_games(State(server): State<Server>) -> Response {
    match server.store.tables() {
        Ok(tables) => Json(
            tables
                .iter()
                .filter(|t| t.finished && t.row.public)
                .map(|t| {
                    json!({"table": t.row.id, "game": t.row.game, "rules": t.row.rules,
                                "title": table::row_title(&t.row),
                                "points": t.row.points, "actions": t.actions.len()})
                })
                .collect::<Vec<_>>(),
        )
        .into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

/// A finished table's game record in the arena's `--record` format. A game in progress
/// is refused: its seed deals every hand.
async fn record(State(server): State<Server>, UrlPath(id): UrlPath<String>) -> Response {
    match finished_record(&server, &id) {
        Ok(record) => Json(record).into_response(),
        Err(refusal) => refusal.into_response(),
    }
}

/// Every moment of a finished table's game, all hands face up ([`catalogue::steps`]), for
/// the client's replay page. A game in progress is refused: its hands are secret.
async fn steps(State(server): State<Server>, UrlPath(id): UrlPath<String>) -> Response {
    let record = match finished_record(&server, &id) {
        Ok(record) => record,
        Err(refusal) => return refusal.into_response(),
    };
    match catalogue::steps(&record.to_string()) {
        Ok(steps) => Json(json!({
            "table": id, "game": record["game"], "rules": record["variant"],
            "points": record["points"], "seats": record["seats"], "steps": steps,
        }))
        .into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

/// A stored table as a game record, once its game is over: the one place the seed and
/// prescribed deals leave the server.
fn finished_record(server: &Server, id: &str) -> Result<Value, edge::Refusal> {
    match server.store.table(id) {
        Ok(Some(stored)) if !stored.finished => Err(edge::Refusal::new(
            StatusCode::FORBIDDEN,
            "in_progress",
            "the game is not over: its record would show every hand",
        )),
        Ok(Some(stored)) => {
            let seats: Vec<String> = stored
                .row
                .bots
                .iter()
                .enumerate()
                .map(|(seat, bot)| match bot {
                    Some(name) => name.clone(),
                    None => stored
                        .seats
                        .iter()
                        .find(|s| s.seat == seat)
                        .map_or("open".to_string(), |s| format!("person:{}", s.name)),
                })
                .collect();
            let mut record = json!({
                "game": stored.row.game, "variant": stored.row.rules,
                "points": stored.row.points, "seed": stored.row.seed.reveal(),
                "seats": seats, "actions": stored.actions,
            });
            if !stored.row.house.is_empty() {
                record["house"] = json!(stored.row.house);
            }
            if !stored.row.deals.reveal().is_empty() {
                record["deals"] = json!(stored.row.deals.reveal());
            }
            Ok(record)
        }
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

/// Serves on `listen` with the database at `data` and the edge `config` until Ctrl-C or
/// SIGTERM. `ready` hears the bound address (port 0 picks a free one).
pub async fn serve(
    listen: SocketAddr,
    data: &Path,
    config: edge::Config,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), ServeError> {
    let stored = |source| ServeError::Store {
        path: data.to_path_buf(),
        source,
    };
    let store = store::Sqlite::open(data).map_err(stored)?;
    let server = Server::new(Arc::new(store), config).map_err(stored)?;
    let listener = tokio::net::TcpListener::bind(listen)
        .await
        .map_err(|source| ServeError::Listen { listen, source })?;
    let address = listener.local_addr()?;
    ready(address);
    let edge = server.edge.clone();
    let forgetting = tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(60));
        loop {
            every.tick().await;
            edge.forget_idle();
        }
    });
    server.edge.set_tcp_total(listen::descriptor_budget());
    listen::run(listener, server.edge.clone(), server.router(), shutdown()).await;
    forgetting.abort();
    Ok(())
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

    /// On a one-thread runtime the table's task cannot run before the check: the lobby
    /// must list the table from `create` alone.
    #[tokio::test(flavor = "current_thread")]
    async fn an_opened_public_table_is_listed_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let store = store::Sqlite::open(&dir.path().join("tables.db")).unwrap();
        let server = Server::new(Arc::new(store), edge::Config::default()).unwrap();
        let spec = TableSpec {
            game: "euchre".into(),
            rules: None,
            points: 1,
            house: Vec::new(),
            seats: ["open", "random", "random", "random"]
                .map(String::from)
                .to_vec(),
            public: true,
            autopilot_seconds: 20,
        };
        let id = server.create(&spec).unwrap();
        let listed = server.public_tables();
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
        let listed = server.public_tables();
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
        let spec = TableSpec {
            game: "euchre".into(),
            rules: None,
            points: 1,
            house: Vec::new(),
            seats: ["random", "random", "random", "random"]
                .map(String::from)
                .to_vec(),
            public: true,
            autopilot_seconds: 20,
        };
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

    /// A store whose lone `finish` always fails: a crash between a game's last action and
    /// its mark, every time.
    struct CrashBeforeTheMark(store::Sqlite);

    impl Store for CrashBeforeTheMark {
        fn create(&self, row: &TableRow) -> Result<(), StoreError> {
            self.0.create(row)
        }
        fn seat(&self, table: &str, seat: &store::SeatRow) -> Result<(), StoreError> {
            self.0.seat(table, seat)
        }
        fn append(&self, table: &str, seq: u64, action: &Value) -> Result<(), StoreError> {
            self.0.append(table, seq, action)
        }
        fn append_all(
            &self,
            actions: &[(TableId, u64, Value)],
            finished: &[TableId],
        ) -> Result<(), StoreError> {
            self.0.append_all(actions, finished)
        }
        fn finish(&self, _: &str) -> Result<(), StoreError> {
            Err(rusqlite::Error::InvalidQuery.into())
        }
        fn tables(&self) -> Result<Vec<Stored>, StoreError> {
            self.0.tables()
        }
        fn table(&self, table: &str) -> Result<Option<Stored>, StoreError> {
            self.0.table(table)
        }
    }

    /// Issue 40, item 6: the last action and the `finished` mark are one transaction, so
    /// no crash can come between them.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_last_action_and_the_finished_mark_are_stored_together() {
        let dir = tempfile::tempdir().unwrap();
        let sqlite = store::Sqlite::open(&dir.path().join("tables.db")).unwrap();
        let store = Arc::new(CrashBeforeTheMark(sqlite));
        let server = Server::new(store.clone(), edge::Config::default()).unwrap();
        let spec = TableSpec {
            game: "euchre".into(),
            rules: None,
            points: 1,
            house: Vec::new(),
            seats: ["random", "random", "random", "random"]
                .map(String::from)
                .to_vec(),
            public: true,
            autopilot_seconds: 20,
        };
        let id = server.create(&spec).unwrap();
        let mut finished = false;
        for _ in 0..200 {
            finished = store.table(&id).unwrap().is_some_and(|t| t.finished);
            if finished {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        assert!(finished, "marked finished with its last action");
    }
}
