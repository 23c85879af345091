//! Where a client's messages go: its connection's bounded queue ([`Outbox`]), and the
//! connection as a table knows it ([`Conn`]). Below the tables and the connection's
//! loops, which both send through it.

use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tokio::sync::mpsc::{channel, error::TrySendError, Receiver, Sender};
use tokio::sync::Notify;

use crate::edge::Edge;
use crate::metrics;
use crate::protocol::{self, ServerMsg};

/// Where a connection's messages wait to go out, serialized: a queue bounded in messages
/// and in bytes, and who to tell when it is full (the client reads nothing, and is
/// dropped).
#[derive(Clone)]
pub struct Outbox {
    queue: Sender<String>,
    full: Arc<Notify>,
    /// Bytes waiting in `queue`.
    queued: Arc<AtomicUsize>,
    /// The most bytes that may wait (one message of any size may wait alone).
    most: usize,
}

impl Outbox {
    /// Queues `message`, encoded.
    pub fn send(&self, message: ServerMsg) {
        if let ServerMsg::Error { code, .. } = &message {
            metrics::metrics().refused(code);
        }
        self.send_encoded(protocol::encode(&message));
    }

    /// Queues a message already encoded (this server's, or relayed from a table's node).
    pub fn send_encoded(&self, text: String) {
        let size = text.len();
        let before = self.queued.fetch_add(size, Ordering::Relaxed);
        if before > 0 && before + size > self.most {
            self.queued.fetch_sub(size, Ordering::Relaxed);
            return self.full.notify_one();
        }
        match self.queue.try_send(text) {
            Ok(()) => {}
            // A closed connection's messages go nowhere; its reader reports it closed.
            Err(TrySendError::Closed(_)) => {
                self.queued.fetch_sub(size, Ordering::Relaxed);
            }
            Err(TrySendError::Full(_)) => {
                self.queued.fetch_sub(size, Ordering::Relaxed);
                self.full.notify_one();
            }
        }
    }
}

/// A client connection as a table knows it: where to send its messages.
#[derive(Clone)]
pub struct Conn {
    /// Unique for the server's lifetime.
    pub id: u64,
    /// The name the client gave in `hello`.
    pub name: String,
    /// Who is signed in, from the session cookie of the WebSocket's upgrade (`None`: a
    /// guest).
    pub account: Option<crate::ids::Signed>,
    out: Outbox,
    address: IpAddr,
    edge: Arc<Edge>,
}

impl std::fmt::Debug for Conn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Conn({}, {})", self.id, self.name)
    }
}

impl Conn {
    /// Queues `message`; a client whose queue is full reads nothing, and is dropped.
    pub fn send(&self, message: ServerMsg) {
        self.out.send(message);
    }

    /// Refuses a message about `table`.
    pub fn refuse(&self, table: &str, code: &str, message: impl Into<String>) {
        self.send(ServerMsg::Error {
            table: Some(table.to_string()),
            code: code.to_string(),
            message: message.into(),
        });
    }

    /// A connection for a test, and what it is sent.
    #[cfg(test)]
    pub fn for_test(id: u64, edge: Arc<Edge>) -> (Conn, Receiver<String>) {
        let (out, sent) = Outbox::new(1024, usize::MAX, Arc::default(), Arc::default());
        let address = IpAddr::from([127, 0, 0, 1]);
        (
            Conn::new(id, format!("test {id}"), out, address, edge),
            sent,
        )
    }

    /// Counts a refused join, rejoin or watch against the client's address.
    pub fn failed_join(&self) {
        self.edge.failed_join(self.address);
    }
}

impl Outbox {
    /// A queue of at most `messages` messages and `most` bytes, whose fill is counted in
    /// `queued` (the writer takes off what it sends) and which tells `full` when a
    /// message does not fit: the client reads nothing, and is dropped.
    pub fn new(
        messages: usize,
        most: usize,
        queued: Arc<AtomicUsize>,
        full: Arc<Notify>,
    ) -> (Outbox, Receiver<String>) {
        let (queue, outgoing) = channel(messages);
        let outbox = Outbox {
            queue,
            full,
            queued,
            most,
        };
        (outbox, outgoing)
    }
}

impl Conn {
    /// The connection `id` of the client at `address` who said `hello` as `name`.
    pub fn new(id: u64, name: String, out: Outbox, address: IpAddr, edge: Arc<Edge>) -> Conn {
        Conn {
            id,
            name,
            account: None,
            out,
            address,
            edge,
        }
    }

    /// The same connection, signed in as `account`.
    pub fn signed_in(mut self, account: Option<crate::ids::Signed>) -> Conn {
        self.account = account;
        self
    }
}
