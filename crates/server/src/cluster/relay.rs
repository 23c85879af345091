//! Forwarding a client's table to the node that runs it. A client may connect to any
//! node; a table runs on the node holding its lease. For a table running elsewhere the
//! client's node opens one WebSocket of the ordinary protocol to the owner on the
//! client's behalf (`hello` with the client's name, `X-Forwarded-For` with its address,
//! and the client's session cookie when it is signed in) and passes that table's messages
//! there, and the owner's frames back, unchanged: the owner works out who the client is
//! (the session, looked up in the shared store as for a client of its own) and what this
//! recipient may see, so a relay carries nothing the client would not be sent directly
//! and no node takes another's word for who is signed in. A relay whose owner goes away
//! (it died, or stopped and handed its tables over) ends the client's connection, whose
//! reconnect finds the table on its new node.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use tokio::sync::Notify;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::{header, HeaderValue};
use tokio_tungstenite::tungstenite::Message;

use crate::accounts::cookie::SessionCookie;
use crate::outbox::Outbox;
use crate::protocol::{ClientMsg, ServerMsg, TableId, VERSION};

/// How long a relay waits for the owner to answer its `hello`.
const CONNECT_WAIT: Duration = Duration::from_secs(5);

/// Where a relay's frames go: the client's outbox, pre-encoded.
pub trait Outgoing: Send + Sync + 'static {
    /// Queues a frame the owner sent, as it is.
    fn send_text(&self, text: String);
}

impl Outgoing for Outbox {
    fn send_text(&self, text: String) {
        self.send_encoded(text);
    }
}

/// One client's relays, one per owner node it reaches.
pub struct Relays {
    /// By the owner's address.
    links: HashMap<String, Link>,
    /// Which link carries each relayed table.
    tables: HashMap<TableId, String>,
    /// Told when a link ends by itself (its owner went away).
    lost: Arc<Notify>,
}

struct Link {
    to_owner: UnboundedSender<String>,
    task: tokio::task::JoinHandle<()>,
}

impl Relays {
    /// No relays yet; `lost` hears when one ends by itself.
    pub fn new(lost: Arc<Notify>) -> Relays {
        Relays {
            links: HashMap::new(),
            tables: HashMap::new(),
            lost,
        }
    }

    /// Passes `text`, a message about a relayed table, to its owner; `false` if the
    /// table is not relayed.
    pub fn forward(&self, table: &str, text: &str) -> bool {
        let link = self
            .tables
            .get(table)
            .and_then(|owner| self.links.get(owner));
        link.is_some_and(|link| link.to_owner.send(text.to_string()).is_ok())
    }

    /// Relays `table` to the node at `owner` from now on, opening the link if this client
    /// has none there yet, and passes `text` on.
    pub fn open(&mut self, table: &str, owner: &str, text: &str, client: Client<impl Outgoing>) {
        let lost = self.lost.clone();
        let link = self.links.entry(owner.to_string()).or_insert_with(|| {
            let (to_owner, from_client) = unbounded_channel();
            let task = tokio::spawn(link(owner.to_string(), client, from_client, lost));
            Link { to_owner, task }
        });
        let _ = link.to_owner.send(text.to_string());
        self.tables.insert(table.to_string(), owner.to_string());
    }

    /// Passes a client's `name` message to every node it is relayed to, so the seats it
    /// takes there carry its new name (their `named` answers are not passed back: the
    /// client's own node answered).
    pub fn rename(&self, text: &str) {
        for link in self.links.values() {
            let _ = link.to_owner.send(text.to_string());
        }
    }

    /// Stops relaying `table` (the client left it); the link stays for the others.
    pub fn drop_table(&mut self, table: &str) {
        self.tables.remove(table);
    }
}

impl Drop for Relays {
    /// The client went: each link closes, so each owner hears its connection close.
    fn drop(&mut self) {
        for link in self.links.values() {
            link.task.abort();
        }
    }
}

/// Who a link speaks for.
pub struct Client<O> {
    /// The name the client gave in `hello`.
    pub name: String,
    /// Its address, passed on in `X-Forwarded-For`.
    pub address: IpAddr,
    /// Its session cookie, presented at the owner's upgrade (`None`: a guest).
    pub session: Option<SessionCookie>,
    /// Where the owner's frames go.
    pub out: O,
}

/// Connects to `owner`, says hello for the client, then passes messages both ways until
/// either side ends; tells `lost` if the owner's side ended (or never answered).
async fn link(
    owner: String,
    client: Client<impl Outgoing>,
    mut from_client: UnboundedReceiver<String>,
    lost: Arc<Notify>,
) {
    let connected = tokio::time::timeout(CONNECT_WAIT, connect(&owner, &client)).await;
    let mut socket = match connected {
        Ok(Ok(socket)) => socket,
        Ok(Err(e)) => {
            tracing::info!(%owner, "no relay to the table's node: {e}");
            return lost.notify_one();
        }
        Err(_) => {
            tracing::info!(%owner, "no relay to the table's node: no answer");
            return lost.notify_one();
        }
    };
    loop {
        tokio::select! {
            text = from_client.recv() => match text {
                Some(text) => {
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        break;
                    }
                }
                None => return,
            },
            frame = socket.next() => match frame {
                Some(Ok(Message::Text(text))) => {
                    if !text.as_str().starts_with(r#"{"type":"named""#) {
                        client.out.send_text(text.to_string());
                    }
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                Some(Ok(_)) => {}
            },
        }
    }
    lost.notify_one();
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The owner's WebSocket, past its `welcome`. Reached by IP address (resolved here), so
/// its `Host` check passes whatever name the owner advertised. No `Origin` is sent (a
/// program's request, as the owner's checks treat one); the client's session cookie is,
/// so the owner signs the relay in as the client, or as nobody.
async fn connect(owner: &str, client: &Client<impl Outgoing>) -> Result<Socket, RelayError> {
    let at = tokio::net::lookup_host(owner)
        .await?
        .next()
        .ok_or(RelayError::Unresolved)?;
    let mut request = format!("ws://{at}/ws").into_client_request()?;
    let forwarded = HeaderValue::from_str(&client.address.to_string()).expect("an IP address");
    request.headers_mut().insert("x-forwarded-for", forwarded);
    if let Some(session) = &client.session {
        let mut cookie = HeaderValue::from_str(session.reveal()).map_err(|_| RelayError::Cookie)?;
        cookie.set_sensitive(true);
        request.headers_mut().insert(header::COOKIE, cookie);
    }
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await?;
    let hello = ClientMsg::Hello {
        protocol: VERSION,
        name: client.name.clone(),
    };
    let hello = crate::protocol::encode(&hello);
    socket.send(Message::Text(hello.into())).await?;
    match socket.next().await {
        Some(Ok(Message::Text(text))) if welcomed(&text) => Ok(socket),
        other => Err(RelayError::Refused(format!("{other:?}"))),
    }
}

/// Whether the owner's first frame is its `welcome`.
fn welcomed(text: &str) -> bool {
    let welcome = crate::protocol::encode(&ServerMsg::Welcome { protocol: VERSION });
    text == welcome
}

/// Why a relay could not be opened.
#[derive(Debug, thiserror::Error)]
enum RelayError {
    #[error("{0}")]
    Io(#[from] std::io::Error),
    #[error("the node's address resolves to nothing")]
    Unresolved,
    #[error("{0}")]
    WebSocket(#[from] tokio_tungstenite::tungstenite::Error),
    #[error("the session cookie is no header value")]
    Cookie,
    #[error("the node did not welcome the relay: {0}")]
    Refused(String),
}
