//! What a table is asked to do: the commands on its channel, from its connections and its
//! own timers.

use crate::outbox::Conn;
use crate::protocol::{TableId, TableSpec};
use crate::spec::SpecError;

/// What a table is asked to do.
pub enum Command {
    /// Take an open seat.
    Join {
        /// The seat.
        seat: usize,
        /// Who asks.
        conn: Conn,
    },
    /// Come back to a seat with its token.
    Rejoin {
        /// The seat's secret, as the client gave it.
        token: String,
        /// Who asks.
        conn: Conn,
        /// Set when the address spent its failed joins: a wrong token is then refused
        /// with this (as a missing table is), and not counted.
        barred: Option<crate::edge::Refusal>,
    },
    /// Watch without a seat.
    Watch {
        /// Who asks.
        conn: Conn,
    },
    /// Stop receiving this table's messages.
    Leave {
        /// The connection.
        conn: u64,
    },
    /// Act in the connection's seat.
    Act {
        /// Who acts.
        conn: Conn,
        /// The `seq` the client last saw.
        seq: u64,
        /// The action as the client wrote it.
        action: crate::protocol::ActionText,
    },
    /// Open the rematch of a finished table with `open`, once.
    Rematch {
        /// Who asks: a seated person.
        conn: Conn,
        /// Opens a table as the spec asks (the server's `create`).
        open: Opener,
    },
    /// Ask the coach about the connection's seat's decision at `seq`.
    Coach {
        /// Who asks.
        conn: Conn,
        /// The `seq` the client last saw.
        seq: u64,
    },
    /// A connection closed.
    Closed {
        /// The connection.
        conn: u64,
    },
    /// A seated person has read the hand just finished (`continue`).
    Continue {
        /// Who says so.
        conn: Conn,
        /// The `seq` the client last saw: another moment's is ignored.
        seq: u64,
    },
    /// The pause between hands that began at `seq` is over (the table's own timer).
    Paused {
        /// The `seq` of the hand's last action.
        seq: u64,
    },
    /// The beat of the action at `seq` is over: a computer may act (the table's own
    /// timer).
    Beat {
        /// The `seq` of the action whose beat it was.
        seq: u64,
    },
    /// A seated person asks the computers not to wait for the beat at `seq`.
    Hurry {
        /// Who asks.
        conn: Conn,
        /// The `seq` the client last saw: another moment's is ignored.
        seq: u64,
    },
    /// An absent person's turn has waited long enough (sent by the table's own timer).
    Autopilot {
        /// The seat.
        seat: usize,
        /// The `seq` when the wait began: a later one makes the timer stale.
        seq: u64,
        /// Which wait: one that a rejoin ended is stale, even at the same `seq`.
        timer: u64,
    },
}

/// Opens a new table (the server's `create`), for a rematch.
pub type Opener = Box<dyn FnOnce(&TableSpec) -> Result<TableId, SpecError> + Send>;

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = match self {
            Command::Join { .. } => "Join",
            Command::Rejoin { .. } => "Rejoin",
            Command::Watch { .. } => "Watch",
            Command::Leave { .. } => "Leave",
            Command::Act { .. } => "Act",
            Command::Rematch { .. } => "Rematch",
            Command::Coach { .. } => "Coach",
            Command::Closed { .. } => "Closed",
            Command::Autopilot { .. } => "Autopilot",
            Command::Continue { .. } => "Continue",
            Command::Paused { .. } => "Paused",
            Command::Beat { .. } => "Beat",
            Command::Hurry { .. } => "Hurry",
        };
        f.write_str(name)
    }
}
