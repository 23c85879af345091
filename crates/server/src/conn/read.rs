//! A connection's read loop: the client's frames, and the clocks and alarms that end a
//! connection (no `hello` in time, nothing heard, not reading, a relay's node gone),
//! with the lobby's changes for a client that follows it.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use futures_util::stream::SplitStream;
use futures_util::StreamExt;
use tokio::sync::broadcast::{self, error::RecvError};
use tokio::sync::Notify;
use tokio::time::{interval_at, Instant};

use super::reader::Reader;
use super::{error, End, REFUSED_IN_A_ROW};
use crate::edge::Limits;
use crate::protocol::ServerMsg;

/// What ends a connection from outside its frames.
pub(super) struct Alarms {
    /// Told when a ping is due (to the writer).
    pub ping: Arc<Notify>,
    /// Told when the client reads nothing.
    pub drop_client: Arc<Notify>,
    /// Told when a relay's node went away.
    pub relay_lost: Arc<Notify>,
}

/// Reads until the connection ends; why it did.
pub(super) async fn read(
    stream: &mut SplitStream<WebSocket>,
    reader: &mut Reader<'_>,
    limits: &Limits,
    alarms: &Alarms,
) -> End {
    let hello_by = Instant::now() + Duration::from_secs(limits.hello_seconds);
    let idle = Duration::from_secs(limits.idle_seconds.max(1));
    let mut pings = interval_at(Instant::now() + idle / 3, idle / 3);
    let mut heard = Instant::now();
    loop {
        let waiting_hello = reader.conn.is_none();
        tokio::select! {
            message = stream.next() => {
                let Some(Ok(message)) = message else { return End::Closed };
                heard = Instant::now();
                if let Some(end) = frame(reader, message) {
                    return end;
                }
            }
            () = sleep_until_or_never(hello_by, waiting_hello) => {
                let n = limits.hello_seconds;
                let within = format!("say hello first, within {n} second{}", if n == 1 { "" } else { "s" });
                reader.reply(error("timeout", within));
                return End::Because("no hello");
            }
            _ = pings.tick() => {
                if heard.elapsed() >= idle {
                    reader.reply(error("timeout", "nothing heard from this client"));
                    return End::Because("idle");
                }
                alarms.ping.notify_one();
            }
            change = lobby_change(&mut reader.lobby) => lobby_changed(reader, change),
            () = alarms.drop_client.notified() => return End::Because("not reading"),
            () = alarms.relay_lost.notified() => return End::Because("a table's node went away: connect again"),
        }
    }
}

/// Handles one frame from the client; why the connection ends, if it does.
fn frame(reader: &mut Reader<'_>, message: Message) -> Option<End> {
    match message {
        Message::Text(text) => {
            reader.receive(text.as_str());
            if reader.refused_in_a_row > REFUSED_IN_A_ROW {
                reader.server.edge.shun(reader.address);
                return Some(End::Because("flooding"));
            }
        }
        Message::Binary(_) => {
            reader.reply(error("malformed", "messages are JSON text"));
        }
        Message::Close(_) => return Some(End::Closed),
        _ => {}
    }
    None
}

/// Passes a change of the lobby on to a follower.
fn lobby_changed(reader: &mut Reader<'_>, change: Result<Arc<str>, RecvError>) {
    match change {
        Ok(text) => reader.out.send_encoded(text.to_string()),
        // Fallen behind: the whole page again.
        Err(RecvError::Lagged(_)) => {
            let tables = reader.server.public_tables(None);
            reader.reply(ServerMsg::Tables { tables });
        }
        Err(RecvError::Closed) => reader.lobby = None,
    }
}

/// Sleeps until `at` while `armed`; never wakes otherwise.
async fn sleep_until_or_never(at: Instant, armed: bool) {
    if armed {
        tokio::time::sleep_until(at).await;
    } else {
        std::future::pending::<()>().await;
    }
}

/// The next change of the lobby for a follower; never, for a client that does not follow.
async fn lobby_change(
    lobby: &mut Option<broadcast::Receiver<Arc<str>>>,
) -> Result<Arc<str>, RecvError> {
    match lobby {
        Some(receiver) => receiver.recv().await,
        None => std::future::pending().await,
    }
}
