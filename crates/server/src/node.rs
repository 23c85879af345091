//! This process among the servers that share a store: each table runs on the node that
//! holds its lease ([`Lease`]). A node renews its leases while it runs, gives them up when
//! it stops, and takes over the unfinished tables whose lease ran out (a node that died),
//! rebuilding each from its stored actions; its writes carry each lease's fencing token,
//! so a node that lost a table writes nothing to it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::ids::TableId;
use crate::store::Lease;

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
