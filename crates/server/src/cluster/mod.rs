//! The cluster: the nodes sharing one store. Each keeps its tables' leases, takes over
//! the tables of a node that died, tells the others which public tables it runs (the
//! lobby across nodes) and under which name, and relays its clients' messages about
//! another node's tables there ([`relay`]).

pub mod relay;

use std::sync::Arc;

use crate::lobby::Lobby;
use crate::node::{Leases, Node};
use crate::store::{Announcement, Store, StoreError};
use crate::tables::Tables;

/// What keeps this node's part of the cluster: its leases, its tables, its lobby.
#[derive(Clone)]
pub struct Keeper {
    /// The tables run here.
    pub tables: Tables,
    /// Their leases.
    pub leases: Leases,
    /// The lobby, whose other nodes' part is swapped here.
    pub lobby: Lobby,
    /// Where the leases and the nodes' lobbies are kept.
    pub store: Arc<dyn Store>,
}

impl Keeper {
    /// Every third of a lease: renews this node's leases, stopping the tables whose lease
    /// was lost; gives up those of tables no longer running; takes over the unfinished
    /// tables nobody holds (a node that died), rebuilt from the store.
    pub async fn keep_leases(self) {
        let mut every = tokio::time::interval(self.leases.node.lease / 3);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            let keeper = self.clone();
            let kept = tokio::task::spawn_blocking(move || keeper.keep_leases_once()).await;
            if let Ok(Err(e)) = kept {
                tracing::warn!("leases not kept: {e}");
            }
        }
    }

    fn keep_leases_once(&self) -> Result<(), StoreError> {
        self.release_stopped()?;
        for lost in self.leases.renew()? {
            // Unless the table was started again here since, under a new lease.
            if self.leases.forget(&lost) {
                tracing::warn!(table = %lost.table, "lease lost: the table stops here");
                let running = self.tables.running_tables();
                (running.lock().unwrap_or_else(|p| p.into_inner())).remove(&lost.table);
            }
        }
        for id in self.store.unheld()? {
            // As a command would: one start at a time, never of a table running here.
            if self.tables.running(&id).is_none() {
                self.tables.table(&id);
            }
        }
        self.swap_lobbies()
    }

    /// Gives up the leases of tables no longer running here.
    fn release_stopped(&self) -> Result<(), StoreError> {
        // No table starts meanwhile, so a stopped table's lease is not one just claimed
        // again.
        let _restarting = self.tables.hold_starts();
        let stopped: Vec<_> = {
            let held = self.leases.held.lock().unwrap_or_else(|p| p.into_inner());
            let running = self.tables.running_tables();
            let tables = running.lock().unwrap_or_else(|p| p.into_inner());
            (held.values())
                .filter(|l| tables.get(&l.table).is_none_or(|s| s.is_closed()))
                .cloned()
                .collect()
        };
        for lease in stopped {
            self.leases.release(&lease)?;
        }
        Ok(())
    }

    /// Tells the other nodes where this one is and which public tables it runs, and
    /// reads theirs: tables heard of within three leases.
    fn swap_lobbies(&self) -> Result<(), StoreError> {
        let node = &self.leases.node;
        let Some(address) = &node.address else {
            return Ok(());
        };
        let own = self.lobby.own_public_tables();
        let announcement = Announcement {
            name: &node.name,
            address,
            lobby: &own,
            fresh: node.lease,
        };
        if let Some(other) = self.store.announce(&announcement)? {
            // Started before this one could see it (the store was away): said at every
            // announcement, as nothing else would tell the operator.
            tracing::error!(
                node = %node.name,
                other = %other.address,
                "another live node announces this node's name: give each node its own --node"
            );
        }
        let others = self.store.lobby(node.lease * 3)?;
        self.lobby.set_elsewhere(others, &own);
        Ok(())
    }
}

/// Why a node could not take its name ([`take_name`]).
pub enum NameError {
    /// Another live node announced it lately, from this address.
    Taken(String),
    /// The store could not be asked.
    Store(StoreError),
    /// The announcement's task failed.
    Io(std::io::Error),
}

/// Announces `node` before it takes any table: a name another live node announces from
/// another address is refused. A node that died stops announcing, so its name is free
/// again a lease after its last word: the start waits that long for a name held by
/// another address before refusing (a node restarted on its own address takes its name,
/// and its tables, back at once).
pub async fn take_name(store: &Arc<dyn Store>, node: &Node) -> Result<(), NameError> {
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
            let announcement = Announcement {
                name: &name,
                address: &address,
                lobby: &[],
                fresh,
            };
            store.announce(&announcement)
        })
        .await
        .map_err(|e| NameError::Io(std::io::Error::other(e)))?
        .map_err(NameError::Store)?;
        let Some(other) = taken else {
            return Ok(());
        };
        if tokio::time::Instant::now() >= deadline {
            return Err(NameError::Taken(other.address));
        }
        tokio::time::sleep(node.lease / 4).await;
    }
}
