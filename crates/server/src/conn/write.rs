//! A connection's writer: what its outbox queued, and pings, out to the socket, each
//! frame within [`SEND_WAIT`]; the server's reason for closing, if it closes.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::stream::SplitSink;
use futures_util::SinkExt;
use tokio::sync::mpsc::Receiver;
use tokio::sync::{oneshot, Notify};
use tokio::time::timeout;

use super::SEND_WAIT;

/// What the writer takes from and tells.
pub(super) struct Wire {
    /// The outbox's queue.
    pub outgoing: Receiver<String>,
    /// Bytes waiting in the queue, less what is sent.
    pub sent: Arc<AtomicUsize>,
    /// Told when a ping is due.
    pub ping: Arc<Notify>,
    /// Why the server closes the connection.
    pub closing: oneshot::Receiver<&'static str>,
    /// Told when a frame did not go out in time: the client reads nothing.
    pub stuck: Arc<Notify>,
}

/// Sends until the queue ends or the server closes the connection.
pub(super) async fn write(mut sink: SplitSink<WebSocket, Message>, mut wire: Wire) {
    let mut reason = None;
    loop {
        let frame = tokio::select! {
            biased;
            message = wire.outgoing.recv() => match message {
                Some(text) => {
                    wire.sent.fetch_sub(text.len(), Ordering::Relaxed);
                    Message::Text(text.into())
                }
                None => break,
            },
            () = wire.ping.notified() => Message::Ping(Vec::new().into()),
            why = &mut wire.closing => {
                reason = why.ok();
                break;
            }
        };
        match timeout(SEND_WAIT, sink.send(frame)).await {
            Ok(Ok(())) => {}
            _ => {
                wire.stuck.notify_one();
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
}
