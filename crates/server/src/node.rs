//! This process among the servers that share a store: each table runs on the node that
//! holds its lease ([`Lease`]). A node renews its leases while it runs, gives them up when
//! it stops, and takes over the unfinished tables whose lease ran out (a node that died),
//! rebuilding each from its stored actions; its writes carry each lease's fencing token,
//! so a node that lost a table writes nothing to it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::blocking::blocking;
use crate::ids::TableId;
use crate::metrics;
use crate::store::{Lease, Store, StoreError};

/// A node's name and how long its leases run.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// Unique among the servers sharing a store; a server restarted under its name takes
    /// its tables back at once.
    pub name: String,
    /// How long a lease runs unrenewed: how soon another node takes over a dead node's
    /// tables. Renewed every third of it.
    pub lease: Duration,
    /// Where the other nodes reach this one (`host:port`) to relay their clients' messages
    /// about its tables; `None`: the address it listens on.
    pub address: Option<String>,
}

impl Default for Node {
    /// The machine's host name, four-second leases.
    fn default() -> Node {
        let name = std::fs::read_to_string("/proc/sys/kernel/hostname")
            .map(|name| name.trim().to_string())
            .ok()
            .filter(|name| !name.is_empty())
            .unwrap_or_else(|| "cardtable".into());
        Node {
            name,
            lease: Duration::from_secs(4),
            address: None,
        }
    }
}

impl Node {
    /// Where others reach this node: its `address`, else `listening` (an unspecified IP,
    /// `0.0.0.0`, by the node's name).
    pub fn reached_at(&self, listening: std::net::SocketAddr) -> String {
        match &self.address {
            Some(address) => address.clone(),
            None if listening.ip().is_unspecified() => {
                format!("{}:{}", self.name, listening.port())
            }
            None => listening.to_string(),
        }
    }
}

/// The leases this node holds, by table.
pub type Held = Arc<Mutex<HashMap<TableId, Lease>>>;

/// Leases renewed in one transaction. The store's writer is held
/// meanwhile, and 10,000 at once (70 ms on SQLite) held up every table's next commit; a
/// few hundred at a time let the journal's commits in between.
const RENEWALS_AT_ONCE: usize = 500;

/// This node's leases in the store: which tables it runs, claimed, renewed and given up.
#[derive(Clone)]
pub struct Leases {
    /// This process among the servers sharing the store.
    pub node: Arc<Node>,
    /// The tables whose lease this node holds.
    pub held: Held,
    store: Arc<dyn Store>,
}

impl Leases {
    /// No leases yet, as `node` over `store`.
    pub fn new(node: Node, store: Arc<dyn Store>) -> Leases {
        Leases {
            node: Arc::new(node),
            held: Held::default(),
            store,
        }
    }

    /// Claims the lease of table `id` for this node; `false` if another node holds it.
    pub fn claim(&self, id: &str) -> Result<bool, StoreError> {
        let lease = blocking(|| self.store.claim(id, &self.node.name, self.node.lease))?;
        let Some(lease) = lease else {
            return Ok(false);
        };
        if let Some(from) = &lease.taken_from {
            metrics::metrics().took_over();
            tracing::info!(table = %id, from, "taken over");
        }
        (self.held.lock().unwrap_or_else(|p| p.into_inner())).insert(id.to_string(), lease);
        Ok(true)
    }

    /// Renews every lease held; those lost meanwhile (another node took the table).
    pub fn renew(&self) -> Result<Vec<Lease>, StoreError> {
        let running: Vec<_> = self.all();
        let lost = (running.chunks(RENEWALS_AT_ONCE))
            .map(|chunk| self.store.renew(chunk, self.node.lease))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(lost.into_iter().flatten().collect())
    }

    /// Every lease held.
    pub fn all(&self) -> Vec<Lease> {
        (self.held.lock().unwrap_or_else(|p| p.into_inner()))
            .values()
            .cloned()
            .collect()
    }

    /// How many leases are held.
    pub fn count(&self) -> usize {
        self.held.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// Gives `lease` up, once forgotten here.
    pub fn release(&self, lease: &Lease) -> Result<(), StoreError> {
        self.forget(lease);
        self.store.release(lease)
    }

    /// Forgets `lease` if it is still the one held for its table; whether it was.
    pub fn forget(&self, lease: &Lease) -> bool {
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
    pub fn release_all(&self) {
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

    /// Where the node running `table` is reached, when another node runs it.
    pub fn owner(&self, table: &str) -> Option<String> {
        let owner = blocking(|| self.store.owner(table)).ok()??;
        (owner.node != self.node.name).then_some(owner.address)
    }
}
