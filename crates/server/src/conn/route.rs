//! What a connection's messages ask, after `hello`: each routed to the lobby, to the
//! table's task here, or relayed to the node that runs the table.

use super::reader::Reader;
use super::{error, refused};
use crate::blocking::blocking;
use crate::cluster::relay;
use crate::names;
use crate::outbox::Conn;
use crate::protocol::{ClientMsg, ServerMsg, TableSpec};
use crate::spec::SpecError;
use crate::table::Command;

impl Reader<'_> {
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
        let client = relay::Client {
            name,
            address: self.address,
            session: self.session.clone(),
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

    /// Passes a message about a table relayed to its node there; whether it was.
    fn relayed(&mut self, message: &ClientMsg, text: &str) -> bool {
        let Some(table) = message.table() else {
            return false;
        };
        if !self.relays.forward(table, text) {
            return false;
        }
        if matches!(message, ClientMsg::Leave { .. }) {
            self.relays.drop_table(table);
        }
        true
    }

    /// A new name for what the connection joins from now on, without reconnecting (a
    /// reconnect for a name dropped the message sent meanwhile): cleaned and refused as
    /// in hello. The nodes this connection is relayed to take it too (`text`).
    fn rename(&mut self, name: &str, text: &str) {
        match names::clean(name) {
            Ok(name) => {
                if let Some(conn) = &mut self.conn {
                    conn.name = name.clone();
                }
                self.relays.rename(text);
                self.reply(ServerMsg::Named { name });
            }
            Err(refused) => self.reply(error("bad_name", refused.to_string())),
        }
    }

    /// Follows the lobby's changes from its whole page, or stops.
    fn follow_lobby(&mut self, follow: bool) {
        self.lobby = follow.then(|| self.server.lobby.follow());
        if follow {
            self.reply(ServerMsg::Tables {
                tables: self.server.public_tables(None),
            });
        }
    }

    /// Opens a table as `spec` asks, within the address's tables a minute.
    fn create(&mut self, spec: &TableSpec) {
        let answer = match self.server.edge.create(self.address) {
            Err(refusal) => refused(&refusal),
            Ok(()) => match blocking(|| self.server.create_for(spec, self.address)) {
                Ok(table) => ServerMsg::Created { table },
                Err(SpecError::Limit(refusal)) => refused(&refusal),
                Err(e) => error("bad_table", e.to_string()),
            },
        };
        self.reply(answer);
    }

    /// Acts on a message after `hello`, as `client`.
    pub(super) fn handle(&mut self, client: Conn, message: ClientMsg, text: &str) {
        if let ClientMsg::Join { table, .. } = &message {
            // Accounts (issue 58): a name is one person's; a guest may not sit as one.
            let name_is_free =
                || (self.server.accounts).may_use_name(&client.name, client.account.as_ref());
            if let Err(refusal) = blocking(name_is_free) {
                return self.refuse(table, refusal.code(), refusal.message());
            }
        }
        if self.relayed(&message, text) {
            return;
        }
        match message {
            ClientMsg::Hello { .. } => self.reply(error("protocol", "hello was already said")),
            ClientMsg::Name { name } => self.rename(&name, text),
            ClientMsg::List { after } => self.reply(ServerMsg::Tables {
                tables: self.server.public_tables(after.as_deref()),
            }),
            ClientMsg::Lobby { follow } => self.follow_lobby(follow),
            ClientMsg::Create(spec) => self.create(&spec),
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
                let open = Box::new(move |spec: &TableSpec| opener.create_for(spec, address));
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
            ClientMsg::Hurry { table, seq } => {
                self.route(&table, Command::Hurry { conn: client, seq });
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
