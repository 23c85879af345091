//! `cardtable serve`: tables for every game over HTTP and one WebSocket per client.
//!
//! Each table is one task owning one game ([`table::Table`]); clients speak the typed
//! JSON messages of [`protocol`], documented in docs/PROTOCOL.md. Every accepted action
//! is stored (SQLite, behind [`store::Store`]) before anyone hears of it, and at start
//! every unfinished table is rebuilt by replaying its actions through the rules core.
//!
//! The modules stand in layers, each importing only from those below it (tests/layers.rs
//! checks), so the crate reads bottom up: the names the store and the wire share
//! ([`ids`]) and small tools; the store; the node, its leases and the secret game; the
//! journal and the protocol; the edge's limits and the [`lobby`]; people's accounts
//! (passkeys, sessions); a client's outbox; the
//! checks of a new table (`spec`); one [`table`]'s task; the running tables; the
//! `cluster` of nodes; the [`Server`] that wires them; a client's WebSocket; the HTTP
//! routes; and [`serve`] from start to stop. This file only declares and re-exports.

#![warn(missing_docs)]

mod accounts;
mod blocking;
mod brief;
mod cluster;
mod conn;
pub mod edge;
mod graph;
pub mod ids;
mod journal;
pub mod listen;
pub mod lobby;
pub mod metrics;
pub mod names;
pub mod node;
mod outbox;
pub mod protocol;
pub mod ratings;
mod replays;
mod restore;
mod routes;
mod seen;
mod serve;
mod served;
mod server;
mod spec;
pub mod store;
pub mod table;
mod tables;
#[cfg(test)]
mod tests;
mod web;

pub use lobby::{LOBBY_TICK, PAGE, RECENT};
pub use routes::router;
pub use serve::{serve, ServeError, StoreAt};
pub use served::Served;
pub use server::Server;
pub use spec::SpecError;
