//! One client's WebSocket: `hello` first, then messages routed to the lobby or to a
//! table's task; everything a table sends back goes out through one writer.

use std::sync::atomic::Ordering;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc::unbounded_channel;

use crate::protocol::{ClientMsg, ServerMsg, MAX_MESSAGE, VERSION};
use crate::table::{Command, Conn};
use crate::Server;

/// Frames above this are closed unread; up to it, a message over [`MAX_MESSAGE`] is
/// refused with an error and the connection stays.
const MAX_FRAME: usize = 1024 * 1024;

pub async fn upgrade(ws: WebSocketUpgrade, State(server): State<Server>) -> Response {
    ws.max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .on_upgrade(move |socket| serve(socket, server))
}

fn error(code: &str, message: impl Into<String>) -> ServerMsg {
    ServerMsg::Error {
        table: None,
        code: code.to_string(),
        message: message.into(),
    }
}

async fn serve(socket: WebSocket, server: Server) {
    let (mut sink, mut stream) = socket.split();
    let (out, mut outgoing) = unbounded_channel::<ServerMsg>();
    let writer = tokio::spawn(async move {
        while let Some(message) = outgoing.recv().await {
            let text = serde_json::to_string(&message).expect("messages serialize");
            if sink.send(Message::Text(text.into())).await.is_err() {
                break;
            }
        }
    });
    let id = server.next_conn.fetch_add(1, Ordering::Relaxed);
    let mut conn: Option<Conn> = None;
    let mut tables: Vec<String> = Vec::new();
    while let Some(Ok(message)) = stream.next().await {
        let text = match message {
            Message::Text(text) => text.to_string(),
            Message::Binary(_) => {
                let _ = out.send(error("malformed", "messages are JSON text"));
                continue;
            }
            Message::Close(_) => break,
            _ => continue,
        };
        if text.len() > MAX_MESSAGE {
            let _ = out.send(error(
                "too_large",
                format!("messages are at most {MAX_MESSAGE} bytes"),
            ));
            continue;
        }
        let message = match serde_json::from_str::<ClientMsg>(&text) {
            Ok(message) => message,
            Err(e) => {
                let _ = out.send(error("malformed", e.to_string()));
                continue;
            }
        };
        let Some(client) = &conn else {
            match message {
                ClientMsg::Hello { protocol, name } if protocol == VERSION => {
                    let name: String = name.trim().chars().take(32).collect();
                    conn = Some(Conn {
                        id,
                        name: if name.is_empty() {
                            "Player".into()
                        } else {
                            name
                        },
                        out: out.clone(),
                    });
                    let _ = out.send(ServerMsg::Welcome { protocol: VERSION });
                }
                ClientMsg::Hello { protocol, .. } => {
                    let _ = out.send(error(
                        "protocol",
                        format!("this server speaks protocol {VERSION}, not {protocol}"),
                    ));
                }
                _ => {
                    let _ = out.send(error("protocol", "say hello first"));
                }
            }
            continue;
        };
        let table = |name: &str| server.table(name);
        let route = |name: &str, command: Command| match table(name) {
            Some(sender) => sender.send(command).is_ok(),
            None => {
                let _ = out.send(ServerMsg::Error {
                    table: Some(name.to_string()),
                    code: "no_table".into(),
                    message: "no such table".into(),
                });
                false
            }
        };
        // Sends a command that attaches this connection to `table`, and remembers the
        // table so that it hears when the connection closes.
        let attach = |tables: &mut Vec<String>, table: String, command: Command| {
            if route(&table, command) && !tables.contains(&table) {
                tables.push(table);
            }
        };
        match message {
            ClientMsg::Hello { .. } => {
                let _ = out.send(error("protocol", "hello was already said"));
            }
            ClientMsg::List => {
                let _ = out.send(ServerMsg::Tables {
                    tables: server.public_tables(),
                });
            }
            ClientMsg::Create(spec) => {
                let _ = out.send(match server.create(&spec) {
                    Ok(table) => ServerMsg::Created { table },
                    Err(e) => error("bad_table", e.0),
                });
            }
            ClientMsg::Join { table, seat } => {
                let conn = client.clone();
                attach(&mut tables, table, Command::Join { seat, conn });
            }
            ClientMsg::Rejoin { table, token } => {
                let conn = client.clone();
                attach(&mut tables, table, Command::Rejoin { token, conn });
            }
            ClientMsg::Watch { table } => {
                let conn = client.clone();
                attach(&mut tables, table, Command::Watch { conn });
            }
            ClientMsg::Leave { table } => {
                route(&table, Command::Leave { conn: id });
                tables.retain(|t| *t != table);
            }
            ClientMsg::Rematch { table } => {
                let opener = server.clone();
                let open = Box::new(move |spec: &crate::protocol::TableSpec| {
                    opener.create(spec).map_err(|e| e.0)
                });
                route(
                    &table,
                    Command::Rematch {
                        conn: client.clone(),
                        open,
                    },
                );
            }
            ClientMsg::Act { table, seq, action } => {
                route(
                    &table,
                    Command::Act {
                        conn: client.clone(),
                        seq,
                        action,
                    },
                );
            }
        }
    }
    for table in tables {
        if let Some(sender) = server.table(&table) {
            let _ = sender.send(Command::Closed { conn: id });
        }
    }
    drop(out);
    drop(conn);
    let _ = writer.await;
}
