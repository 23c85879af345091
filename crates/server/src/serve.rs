//! `cardtable serve` from start to stop: where the tables are kept ([`StoreAt`]), the
//! node's name taken, the server built and listening, and its leases handed over at the
//! end.

use std::net::SocketAddr;
use std::sync::Arc;

use crate::cluster::{take_name, NameError};
use crate::node::Node;
use crate::server::Server;
use crate::store::{self, Store, StoreError};
use crate::{edge, listen, routes};

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
    node: Node,
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
        NameError::Taken(address) => ServeError::NameTaken {
            name: node.name.clone(),
            address,
            seconds: node.lease.as_secs().max(1),
        },
        NameError::Store(source) => stored(source),
        NameError::Io(e) => ServeError::Io(e),
    })?;
    let server = Server::on_node(store, config, node).map_err(stored)?;
    ready(address);
    let (edge, lobby, accounts) = (
        server.edge.clone(),
        server.lobby.clone(),
        server.accounts.clone(),
    );
    let forgetting = tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(60));
        loop {
            every.tick().await;
            edge.forget_idle();
            accounts.forget_idle();
            lobby.forget_finished();
        }
    });
    server.edge.set_tcp_total(listen::descriptor_budget());
    let router = routes::router(&server);
    listen::run(listener, server.edge.clone(), router, shutdown()).await;
    forgetting.abort();
    // Handed over at once: another node takes the tables on its next look.
    let leaving = server.clone();
    let _ = tokio::task::spawn_blocking(move || leaving.release_leases()).await;
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
