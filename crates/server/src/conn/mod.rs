//! One client's WebSocket: checked at the upgrade (origin, key, limits), `hello` first,
//! then messages routed to the lobby or to a table's task; everything a table sends back
//! goes out through one writer with a bounded queue. The read loop ([`read`]), what a
//! message passes before it is acted on ([`reader`]), where it goes ([`route`]) and the
//! writer ([`write`]) each have their file.

mod read;
mod reader;
mod route;
mod write;

use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use tokio::sync::Notify;
use tokio::time::timeout;

use crate::accounts::Session;
use crate::blocking::blocking;
use crate::cluster::relay::Relays;
use crate::edge::{self, Admitted, Refusal};
use crate::outbox::Outbox;
use crate::protocol::ServerMsg;
use crate::server::Server;
use crate::table::Command;
use reader::Reader;

/// Frames above this are closed unread; up to it, a message over [`crate::protocol::MAX_MESSAGE`] is
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

/// `GET /ws`: refused before the upgrade for a foreign origin (403), a malformed key
/// (400), or an address or server at its connection limit (429, 503). The session cookie
/// says who is signed in (read here once: signing out closes no open connection); it is
/// kept for the relays, which present it to the nodes that run the tables.
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
    let session = match blocking(|| server.accounts.session(&headers)) {
        Ok(session) => session,
        Err(refusal) => return refusal.into_response(),
    };
    ws.max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .read_buffer_size(READ_BUFFER)
        .on_upgrade(move |socket| serve(socket, server, address, admitted, session))
}

/// A refusal not about a table.
fn error(code: &str, message: impl Into<String>) -> ServerMsg {
    ServerMsg::Error {
        table: None,
        code: code.to_string(),
        message: message.into(),
    }
}

/// The edge's refusal as a message.
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

/// One connection from its upgrade to its end: a writer task sends what its outbox
/// queues ([`write`]) while this task reads ([`read`]); the tables it heard from are
/// told it closed, and its slot at the edge (`admitted`) is given back last.
async fn serve(
    socket: WebSocket,
    server: Server,
    address: IpAddr,
    admitted: Admitted,
    session: Option<Session>,
) {
    let (account, session) = session.map(|s| (s.signed, s.cookie)).unzip();
    let limits = server.edge.limits().clone();
    let (sink, mut stream) = socket.split();
    let queued = Arc::default();
    let drop_client = Arc::new(Notify::new());
    let ping = Arc::new(Notify::new());
    let (out, outgoing) = Outbox::new(
        limits.queue.max(1),
        limits.queue_bytes,
        Arc::clone(&queued),
        drop_client.clone(),
    );
    // Why the server closes the connection, told to the writer once.
    let (close, closing) = tokio::sync::oneshot::channel::<&'static str>();
    let wire = write::Wire {
        outgoing,
        sent: queued,
        ping: ping.clone(),
        closing,
        stuck: drop_client.clone(),
    };
    let writer = tokio::spawn(write::write(sink, wire));
    let id = server.next_conn.fetch_add(1, Ordering::Relaxed);
    let relay_lost = Arc::new(Notify::new());
    let mut reader = Reader {
        server: &server,
        id,
        address,
        out,
        conn: None,
        tables: Vec::new(),
        relays: Relays::new(relay_lost.clone()),
        refused_in_a_row: 0,
        lobby: None,
        account,
        session,
    };
    let alarms = read::Alarms {
        ping,
        drop_client,
        relay_lost,
    };
    let end = read::read(&mut stream, &mut reader, &limits, &alarms).await;
    if let End::Because(why) = end {
        tracing::info!(conn = id, %address, why, "connection closed by the server");
        let _ = close.send(why);
    }
    for table in &reader.tables {
        if let Some(sender) = server.table(table) {
            let _ = sender.send(Command::Closed { conn: id });
        }
    }
    drop(reader);
    let _ = timeout(SEND_WAIT, writer).await;
    drop(admitted);
}
