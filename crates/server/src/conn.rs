//! One client's WebSocket: checked at the upgrade (origin, key, limits), `hello` first,
//! then messages routed to the lobby or to a table's task; everything a table sends back
//! goes out through one writer with a bounded queue.

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc::{channel, error::TrySendError, Sender};
use tokio::sync::Notify;
use tokio::time::{interval_at, timeout, Instant};

use crate::edge::{self, Admitted, Edge, Refusal};
use crate::protocol::{ClientMsg, ServerMsg, MAX_MESSAGE, VERSION};
use crate::relay::Relays;
use crate::table::Command;
use crate::Server;

/// Frames above this are closed unread; up to it, a message over [`MAX_MESSAGE`] is
/// refused with an error and the connection stays.
const MAX_FRAME: usize = 1024 * 1024;

/// The read buffer a connection starts with (tungstenite's default is 128 KiB): a
/// client's messages are a few hundred bytes, and tungstenite zeroes the whole buffer's
/// capacity before every read, so at 10,000 tables the default cost a memset of 128 KiB
/// per message received (7% of the node's CPU) and 128 KiB per connection held. A larger
/// frame (up to [`MAX_FRAME`]) grows the buffer as it arrives.
const READ_BUFFER: usize = 4 * 1024;

/// How long one frame may take to go out before the client counts as not reading.
const SEND_WAIT: Duration = Duration::from_secs(10);

/// Messages refused in a row for the address's rate, past which the connection is closed:
/// a client that goes on sending after `rate_limited` is flooding, and answering each of
/// its messages would cost the server more than the message.
const REFUSED_IN_A_ROW: u32 = 200;

/// Where a connection's messages wait to go out, serialized: a queue bounded in messages
/// and in bytes, and who to tell when it is full (the client reads nothing, and is
/// dropped).
#[derive(Clone)]
struct Outbox {
    queue: Sender<String>,
    full: Arc<Notify>,
    /// Bytes waiting in `queue`.
    queued: Arc<AtomicUsize>,
    /// The most bytes that may wait (one message of any size may wait alone).
    most: usize,
}

impl crate::relay::Outgoing for Outbox {
    fn send_text(&self, text: String) {
        self.send_encoded(text);
    }
}

impl Outbox {
    fn send(&self, message: ServerMsg) {
        if let ServerMsg::Error { code, .. } = &message {
            crate::metrics::metrics().refused(code);
        }
        self.send_encoded(crate::protocol::encode(&message));
    }

    /// Queues a message already encoded (this server's, or relayed from a table's node).
    fn send_encoded(&self, text: String) {
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
    pub fn for_test(id: u64, edge: Arc<Edge>) -> (Conn, tokio::sync::mpsc::Receiver<String>) {
        let (queue, sent) = channel(1024);
        let out = Outbox {
            queue,
            full: Arc::default(),
            queued: Arc::default(),
            most: usize::MAX,
        };
        let address = IpAddr::from([127, 0, 0, 1]);
        let name = format!("test {id}");
        (
            Conn {
                id,
                name,
                out,
                address,
                edge,
            },
            sent,
        )
    }

    /// Counts a refused join, rejoin or watch against the client's address.
    pub fn failed_join(&self) {
        self.edge.failed_join(self.address);
    }
}

/// `GET /ws`: refused before the upgrade for a foreign origin (403), a malformed key
/// (400), or an address or server at its connection limit (429, 503).
pub async fn upgrade(
    State(server): State<Server>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !edge::valid_key(&headers) {
        let why = "Sec-WebSocket-Key must be base64 of 16 bytes (RFC 6455)";
        return Refusal::new(StatusCode::BAD_REQUEST, "bad_upgrade", why).into_response();
    }
    if let Err(refusal) = server.edge.check_origin(&headers) {
        return refusal.into_response();
    }
    let address = server.edge.client(peer, &headers);
    let admitted = match server.edge.admit(address) {
        Ok(admitted) => admitted,
        Err(refusal) => return refusal.into_response(),
    };
    ws.max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| serve(socket, server, address, admitted))
}

fn error(code: &str, message: impl Into<String>) -> ServerMsg {
    ServerMsg::Error {
        table: None,
        code: code.to_string(),
        message: message.into(),
    }
}

fn refused(refusal: &Refusal) -> ServerMsg {
    error(refusal.code(), refusal.message())
}

/// Why a connection ends.
enum End {
    /// The client closed it, or the socket failed.
    Closed,
    /// The server closes it, saying why.
    Because(&'static str),
}

async fn serve(socket: WebSocket, server: Server, address: IpAddr, admitted: Admitted) {
    let limits = server.edge.limits().clone();
    let (mut sink, mut stream) = socket.split();
    let (out, mut outgoing) = channel::<String>(limits.queue.max(1));
    let queued = Arc::new(AtomicUsize::new(0));
    let sent = queued.clone();
    let drop_client = Arc::new(Notify::new());
    let ping = Arc::new(Notify::new());
    let pinging = ping.clone();
    // Why the server closes the connection, told to the writer once.
    let (close, mut closing) = tokio::sync::oneshot::channel::<&'static str>();
    let stuck = drop_client.clone();
    let writer = tokio::spawn(async move {
        let mut reason = None;
        loop {
            let frame = tokio::select! {
                biased;
                message = outgoing.recv() => match message {
                    Some(text) => {
                        sent.fetch_sub(text.len(), Ordering::Relaxed);
                        Message::Text(text.into())
                    }
                    None => break,
                },
                () = pinging.notified() => Message::Ping(Vec::new().into()),
                why = &mut closing => {
                    reason = why.ok();
                    break;
                }
            };
            match timeout(SEND_WAIT, sink.send(frame)).await {
                Ok(Ok(())) => {}
                _ => {
                    stuck.notify_one();
                    return;
                }
            }
        }
        // Say why, when the server ends the connection.
        if let Some(why) = reason {
            let frame = CloseFrame {
                code: 1008,
                reason: why.into(),
            };
            let _ = timeout(SEND_WAIT, sink.send(Message::Close(Some(frame)))).await;
        }
    });
    let id = server.next_conn.fetch_add(1, Ordering::Relaxed);
    let relay_lost = Arc::new(Notify::new());
    let mut session = Session {
        server: &server,
        id,
        address,
        out: Outbox {
            queue: out.clone(),
            full: drop_client.clone(),
            queued,
            most: limits.queue_bytes,
        },
        conn: None,
        tables: Vec::new(),
        relays: Relays::new(relay_lost.clone()),
        refused_in_a_row: 0,
        lobby: None,
    };
    let hello_by = Instant::now() + Duration::from_secs(limits.hello_seconds);
    let idle = Duration::from_secs(limits.idle_seconds.max(1));
    let mut pings = interval_at(Instant::now() + idle / 3, idle / 3);
    let mut heard = Instant::now();
    let end = loop {
        let waiting_hello = session.conn.is_none();
        tokio::select! {
            message = stream.next() => {
                let Some(Ok(message)) = message else { break End::Closed };
                heard = Instant::now();
                match message {
                    Message::Text(text) => {
                        session.receive(text.as_str());
                        if session.refused_in_a_row > REFUSED_IN_A_ROW {
                            server.edge.shun(address);
                            break End::Because("flooding");
                        }
                    }
                    Message::Binary(_) => {
                        session.reply(error("malformed", "messages are JSON text"));
                    }
                    Message::Close(_) => break End::Closed,
                    _ => {}
                }
            }
            () = sleep_until_or_never(hello_by, waiting_hello) => {
                let n = limits.hello_seconds;
                let within = format!("say hello first, within {n} second{}", if n == 1 { "" } else { "s" });
                session.reply(error("timeout", within));
                break End::Because("no hello");
            }
            _ = pings.tick() => {
                if heard.elapsed() >= idle {
                    session.reply(error("timeout", "nothing heard from this client"));
                    break End::Because("idle");
                }
                ping.notify_one();
            }
            change = lobby_change(&mut session.lobby) => match change {
                Ok(text) => session.out.send_encoded(text.to_string()),
                // Fallen behind: the whole page again.
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                    session.reply(ServerMsg::Tables { tables: server.public_tables(None) });
                }
                Err(tokio::sync::broadcast::error::RecvError::Closed) => session.lobby = None,
            },
            () = drop_client.notified() => break End::Because("not reading"),
            () = relay_lost.notified() => break End::Because("a table's node went away: connect again"),
        }
    };
    if let End::Because(why) = end {
        tracing::info!(conn = id, %address, why, "connection closed by the server");
        let _ = close.send(why);
    }
    for table in &session.tables {
        if let Some(sender) = server.table(table) {
            let _ = sender.send(Command::Closed { conn: id });
        }
    }
    drop(session);
    drop(out);
    let _ = timeout(SEND_WAIT, writer).await;
    drop(admitted);
}

/// Sleeps until `at` while `armed`; never wakes otherwise.
async fn sleep_until_or_never(at: Instant, armed: bool) {
    if armed {
        tokio::time::sleep_until(at).await;
    } else {
        std::future::pending::<()>().await;
    }
}

/// One connection's state between messages.
struct Session<'a> {
    server: &'a Server,
    id: u64,
    address: IpAddr,
    out: Outbox,
    /// Set by `hello`.
    conn: Option<Conn>,
    /// Tables this connection hears from here (told when it closes).
    tables: Vec<String>,
    /// Tables it hears from through their nodes.
    relays: Relays,
    /// Messages refused for the rate since the last one let through: each is answered,
    /// and past [`REFUSED_IN_A_ROW`] the connection is closed.
    refused_in_a_row: u32,
    /// The lobby's changes, while the client follows the lobby.
    lobby: Option<tokio::sync::broadcast::Receiver<Arc<str>>>,
}

/// The next change of the lobby for a follower; never, for a client that does not follow.
async fn lobby_change(
    lobby: &mut Option<tokio::sync::broadcast::Receiver<Arc<str>>>,
) -> Result<Arc<str>, tokio::sync::broadcast::error::RecvError> {
    match lobby {
        Some(receiver) => receiver.recv().await,
        None => std::future::pending().await,
    }
}

impl Session<'_> {
    fn reply(&self, message: ServerMsg) {
        self.out.send(message);
    }

    /// Handles one text message.
    fn receive(&mut self, text: &str) {
        let edge = &self.server.edge;
        if let Err(refusal) = edge.message(self.address) {
            self.refused_in_a_row += 1;
            return self.reply(refused(&refusal));
        }
        self.refused_in_a_row = 0;
        if text.len() > MAX_MESSAGE {
            return self.reply(error(
                "too_large",
                format!("messages are at most {MAX_MESSAGE} bytes"),
            ));
        }
        let message = match crate::protocol::decode(text) {
            Ok(message) => message,
            Err(e) => return self.reply(error("malformed", e.to_string())),
        };
        match &self.conn {
            None => self.hello(message),
            Some(client) => {
                let client = client.clone();
                self.handle(client, message, text);
            }
        }
    }

    fn hello(&mut self, message: ClientMsg) {
        match message {
            ClientMsg::Hello { protocol, name } if protocol == VERSION => {
                let name = match crate::names::clean(&name) {
                    Ok(name) => name,
                    Err(refused) => return self.reply(error("bad_name", refused.to_string())),
                };
                self.conn = Some(Conn {
                    id: self.id,
                    name,
                    out: self.out.clone(),
                    address: self.address,
                    edge: self.server.edge.clone(),
                });
                self.reply(ServerMsg::Welcome { protocol: VERSION });
            }
            ClientMsg::Hello { protocol, .. } => self.reply(error(
                "protocol",
                format!("this server speaks protocol {VERSION}, not {protocol}"),
            )),
            _ => self.reply(error("protocol", "say hello first")),
        }
    }

    /// Routes `command` to `table`'s task; `false` (and `no_table`) when there is none.
    fn route(&self, table: &str, command: Command) -> bool {
        let routed = self.route_quietly(table, command);
        if !routed {
            self.refuse(table, "no_table", "no such table");
        }
        routed
    }

    /// Routes `command` to `table`'s task; `false` when there is none. A table that
    /// stopped as the command came is started again for it.
    fn route_quietly(&self, table: &str, command: Command) -> bool {
        let Some(sender) = self.server.table(table) else {
            return false;
        };
        match sender.send(command) {
            Ok(()) => true,
            Err(unsent) => self
                .server
                .table(table)
                .is_some_and(|sender| sender.send(unsent.0).is_ok()),
        }
    }

    /// Sends a command that attaches this connection to `table` (join, rejoin, watch):
    /// refused while the address is barred for failed tries, except a rejoin, which the
    /// table lets through with the right token (a good rejoin is never locked out by
    /// others behind the same address) and refuses like a missing table without it. A
    /// missing table counts as a failed try. The table then hears when the connection
    /// closes. A table another node runs is relayed there (`text`, the message as sent).
    fn attach(&mut self, table: String, command: Command, text: &str) {
        let command = match (self.server.edge.may_join(self.address), command) {
            (Ok(()), command) => command,
            (Err(refusal), Command::Rejoin { token, conn, .. }) => {
                let command = Command::Rejoin {
                    token,
                    conn,
                    barred: Some(refusal.clone()),
                };
                if !self.route_or_relay(&table, command, text) {
                    self.refuse(&table, refusal.code(), refusal.message());
                }
                return;
            }
            (Err(refusal), _) => {
                return self.refuse(&table, refusal.code(), refusal.message());
            }
        };
        if !self.route_or_relay(&table, command, text) {
            self.refuse(&table, "no_table", "no such table");
            self.server.edge.failed_join(self.address);
        }
    }

    /// Sends `command` to `table`'s task here, or `text` to the node that runs it (for
    /// the client `name`); `false` when neither runs it.
    fn route_or_relay(&mut self, table: &str, command: Command, text: &str) -> bool {
        let name = self
            .conn
            .as_ref()
            .map(|c| c.name.clone())
            .unwrap_or_default();
        if self.route_quietly(table, command) {
            if !self.tables.iter().any(|t| t == table) {
                self.tables.push(table.to_string());
            }
            return true;
        }
        let Some(owner) = self.server.owner(table) else {
            return false;
        };
        let client = crate::relay::Client {
            name,
            address: self.address,
            out: self.out.clone(),
        };
        self.relays.open(table, &owner, text, client);
        true
    }

    /// Refuses a message about `table`.
    fn refuse(&self, table: &str, code: &str, message: &str) {
        self.reply(ServerMsg::Error {
            table: Some(table.to_string()),
            code: code.into(),
            message: message.into(),
        });
    }

    fn handle(&mut self, client: Conn, message: ClientMsg, text: &str) {
        if let Some(table) = message.table() {
            if self.relays.forward(table, text) {
                if matches!(message, ClientMsg::Leave { .. }) {
                    self.relays.drop_table(table);
                }
                return;
            }
        }
        match message {
            ClientMsg::Hello { .. } => self.reply(error("protocol", "hello was already said")),
            // A new name for what the connection joins from now on, without reconnecting
            // (a reconnect for a name dropped the message sent meanwhile): cleaned and
            // refused as in hello. The nodes this connection is relayed to take it too.
            ClientMsg::Name { name } => match crate::names::clean(&name) {
                Ok(name) => {
                    if let Some(conn) = &mut self.conn {
                        conn.name = name.clone();
                    }
                    self.relays.rename(text);
                    self.reply(ServerMsg::Named { name });
                }
                Err(refused) => self.reply(error("bad_name", refused.to_string())),
            },
            ClientMsg::List { after } => self.reply(ServerMsg::Tables {
                tables: self.server.public_tables(after.as_deref()),
            }),
            ClientMsg::Lobby { follow } => {
                self.lobby = follow.then(|| self.server.follow_lobby());
                if follow {
                    self.reply(ServerMsg::Tables {
                        tables: self.server.public_tables(None),
                    });
                }
            }
            ClientMsg::Create(spec) => {
                let answer = match self.server.edge.create(self.address) {
                    Err(refusal) => refused(&refusal),
                    Ok(()) => match crate::blocking(|| self.server.create_for(&spec, self.address))
                    {
                        Ok(table) => ServerMsg::Created { table },
                        Err(crate::SpecError::Limit(refusal)) => refused(&refusal),
                        Err(e) => error("bad_table", e.to_string()),
                    },
                };
                self.reply(answer);
            }
            ClientMsg::Join { table, seat } => {
                self.attach(table, Command::Join { seat, conn: client }, text)
            }
            ClientMsg::Rejoin { table, token } => self.attach(
                table,
                Command::Rejoin {
                    token,
                    conn: client,
                    barred: None,
                },
                text,
            ),
            ClientMsg::Watch { table } => self.attach(table, Command::Watch { conn: client }, text),
            ClientMsg::Leave { table } => {
                self.route(&table, Command::Leave { conn: self.id });
                self.tables.retain(|t| *t != table);
            }
            ClientMsg::Rematch { table } => {
                let (opener, address) = (self.server.clone(), self.address);
                let open = Box::new(move |spec: &crate::protocol::TableSpec| {
                    opener.create_for(spec, address)
                });
                self.route(&table, Command::Rematch { conn: client, open });
            }
            ClientMsg::Coach { table, seq } => match self.server.edge.coach(self.address) {
                Err(refusal) => self.refuse(&table, refusal.code(), refusal.message()),
                Ok(()) => {
                    self.route(&table, Command::Coach { conn: client, seq });
                }
            },
            ClientMsg::Continue { table, seq } => {
                self.route(&table, Command::Continue { conn: client, seq });
            }
            ClientMsg::Act { table, seq, action } => {
                self.route(
                    &table,
                    Command::Act {
                        conn: client,
                        seq,
                        action,
                    },
                );
            }
        }
    }
}
