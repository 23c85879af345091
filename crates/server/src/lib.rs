//! `cardtable serve`: tables for every game over HTTP and one WebSocket per client.
//!
//! Each table is one task owning one game ([`table::Table`]); clients speak the typed
//! JSON messages of [`protocol`], documented in docs/PROTOCOL.md. Every accepted action
//! is stored (SQLite, behind [`store::Store`]) before anyone hears of it, and at start
//! every unfinished table is rebuilt by replaying its actions through the rules core.

//!
//! The modules stand in layers, each importing only those below it (tests/layers.rs
//! checks): at the bottom the names both store and wire use ([`ids`]) and small tools;
//! then the store and journal; the protocol and what each recipient may see; the edge's
//! limits; a client's outbox; the table's task; the running tables; the cluster; the
//! [`Server`] that wires them; a client's connection; the HTTP routes; and `serve`.

#![warn(missing_docs)]

mod blocking;
pub mod cluster;
mod conn;
pub mod edge;
pub mod ids;
mod journal;
pub mod listen;
pub mod lobby;
pub mod metrics;
mod names;
pub mod node;
mod outbox;
pub mod protocol;
mod replays;
mod restore;
mod routes;
mod seen;
mod serve;
mod served;
mod server;
pub mod spec;
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
