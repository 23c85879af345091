//! A program that plays a seat of `cardtable serve` by itself, speaking only the
//! protocol (docs/PROTOCOL.md): it opens a Straights table with three computer players
//! and plays the open seat with random legal actions until the game ends, or joins
//! `TABLE SEAT` if given.
//!
//! `cargo run --release -p cardtable-server --example bot_client -- ADDRESS [TABLE SEAT]`

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let address = args.first().map_or("127.0.0.1:8080", String::as_str);
    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{address}/ws"))
        .await
        .expect("the server answers");
    let text = |message: Value| Message::Text(message.to_string().into());
    let hello = json!({"type": "hello", "protocol": 4, "name": "bot"});
    socket.send(text(hello)).await.expect("sent");
    let (table, seat) = match (args.get(1), args.get(2)) {
        (Some(table), Some(seat)) => (table.clone(), seat.parse::<usize>().expect("SEAT")),
        _ => {
            let create = json!({"type": "create", "game": "straights",
                                "seats": ["open", "handout", "handout", "handout"]});
            socket.send(text(create)).await.expect("sent");
            (String::new(), 0)
        }
    };
    if !table.is_empty() {
        let join = json!({"type": "join", "table": table, "seat": seat});
        socket.send(text(join)).await.expect("sent");
    }
    let mut table = table;
    let mut choice = 0usize;
    while let Some(Ok(Message::Text(frame))) = socket.next().await {
        let message: Value = serde_json::from_str(&frame).expect("JSON");
        match message["type"].as_str() {
            Some("created") => {
                table = message["table"].as_str().unwrap_or_default().to_string();
                let join = json!({"type": "join", "table": table, "seat": seat});
                socket.send(text(join)).await.expect("sent");
            }
            Some("snapshot") if message["finished"] == true => {
                let points: Vec<_> = (message["scene"]["seats"].as_array().into_iter().flatten())
                    .map(|s| s["points"].clone())
                    .collect();
                println!("game over: points {points:?}");
                return;
            }
            // Between hands: the hand's end is read, and the next deal waits for it.
            Some("snapshot")
                if message["scene"]["turn"].is_null()
                    && !message["scene"]["hand_end"].is_null() =>
            {
                println!("{}", message["scene"]["hand_end"]["sentence"]);
                let read = json!({"type": "continue", "table": table, "seq": message["seq"]});
                socket.send(text(read)).await.expect("sent");
            }
            Some("snapshot") if message["scene"]["turn"] == json!(seat) => {
                let Some(legal) = message["own"]["actions"]
                    .as_array()
                    .filter(|l| !l.is_empty())
                else {
                    continue;
                };
                choice = choice.wrapping_mul(31).wrapping_add(17);
                let action = &legal[choice % legal.len()];
                println!("seq {}: {action}", message["seq"]);
                let act = json!({"type": "act", "table": table, "seq": message["seq"],
                                 "action": action});
                socket.send(text(act)).await.expect("sent");
            }
            Some("error") => eprintln!("refused: {}", message["message"]),
            _ => {}
        }
    }
}
