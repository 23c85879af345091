//! A connection's reader: what it knows between messages (its `hello`, the tables it
//! hears from, its relays, whether it follows the lobby) and the checks every message
//! passes (the address's rate, the size, the JSON) before [`super::route`] acts on it.

use std::net::IpAddr;
use std::sync::Arc;

use tokio::sync::broadcast;

use super::{error, refused};
use crate::accounts::cookie::SessionCookie;
use crate::cluster::relay::Relays;
use crate::names;
use crate::outbox::{Conn, Outbox};
use crate::protocol::{self, ClientMsg, ServerMsg, MAX_MESSAGE, VERSION};
use crate::server::Server;

/// One connection's reader: its state between messages, and what it does with each.
pub(super) struct Reader<'a> {
    pub(super) server: &'a Server,
    pub(super) id: u64,
    pub(super) address: IpAddr,
    pub(super) out: Outbox,
    /// Set by `hello`.
    pub(super) conn: Option<Conn>,
    /// Tables this connection hears from here (told when it closes).
    pub(super) tables: Vec<String>,
    /// Tables it hears from through their nodes.
    pub(super) relays: Relays,
    /// Messages refused for the rate since the last one let through: each is answered,
    /// and past [`super::REFUSED_IN_A_ROW`] the connection is closed.
    pub(super) refused_in_a_row: u32,
    /// The lobby's changes, while the client follows the lobby.
    pub(super) lobby: Option<broadcast::Receiver<Arc<str>>>,
    /// Who is signed in, from the upgrade's session cookie (`None`: a guest).
    pub(super) account: Option<crate::ids::Signed>,
    /// That cookie, which the relays present to the nodes running this client's tables
    /// (`None`: a guest, or a cookie that named no live session here).
    pub(super) session: Option<SessionCookie>,
}

impl Reader<'_> {
    pub(super) fn reply(&self, message: ServerMsg) {
        self.out.send(message);
    }

    /// Handles one text message.
    pub(super) fn receive(&mut self, text: &str) {
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
        let message = match protocol::decode(text) {
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
                let name = match names::clean(&name) {
                    Ok(name) => name,
                    Err(refused) => return self.reply(error("bad_name", refused.to_string())),
                };
                let (out, edge) = (self.out.clone(), self.server.edge.clone());
                let conn = Conn::new(self.id, name, out, self.address, edge);
                self.conn = Some(conn.signed_in(self.account.clone()));
                self.reply(ServerMsg::Welcome { protocol: VERSION });
            }
            ClientMsg::Hello { protocol, .. } => self.reply(error(
                "protocol",
                format!("this server speaks protocol {VERSION}, not {protocol}"),
            )),
            _ => self.reply(error("protocol", "say hello first")),
        }
    }
}
