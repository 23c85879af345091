//! Failover time: two nodes on one PostgreSQL database, a person at a table; ROUNDS times
//! the table's node is killed (SIGKILL) and the time is taken from the kill to the
//! person's first snapshot of the table on the other node (rejoining every 50 ms; until
//! the dead node's lease runs out a relay to it fails). The killed node is started again
//! under a new name each round. Reports the median and the slowest round, with the lease.
//!
//! `cargo run --release -p cardtable-server --example failover -- BINARY POSTGRES_URL [ROUNDS] [LEASE_SECONDS]`

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A node: its process and address.
struct Node {
    child: Child,
    address: String,
}

fn start(binary: &str, url: &str, name: &str, lease: &str) -> Node {
    let mut child = Command::new(binary)
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--store",
            url,
            "--node",
            name,
        ])
        .args(["--lease-seconds", lease])
        // One address plays and rejoins at machine speed here.
        .args([
            "--messages-per-second",
            "100000",
            "--message-burst",
            "100000",
        ])
        .args(["--failed-joins-per-minute", "100000"])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the node starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let address = line
        .trim()
        .strip_prefix("cardtable serves on http://")
        .and_then(|a| a.strip_suffix('/'))
        .expect("the node says its address")
        .to_string();
    Node { child, address }
}

async fn send(socket: &mut Socket, message: Value) -> bool {
    socket
        .send(Message::Text(message.to_string().into()))
        .await
        .is_ok()
}

/// The next message, within ten seconds; `None` if the connection ended.
async fn next(socket: &mut Socket) -> Option<Value> {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(10), socket.next()).await;
        match frame.ok()?? {
            Ok(Message::Text(text)) => return serde_json::from_str(&text).ok(),
            Ok(_) => {}
            Err(_) => return None,
        }
    }
}

async fn hello(address: &str) -> Option<Socket> {
    let (mut socket, _) = tokio_tungstenite::connect_async(format!("ws://{address}/ws"))
        .await
        .ok()?;
    send(
        &mut socket,
        json!({"type": "hello", "protocol": 4, "name": "Ada"}),
    )
    .await;
    next(&mut socket).await?;
    Some(socket)
}

/// The first message of one of `kinds`; `None` if the connection ended.
async fn until(socket: &mut Socket, kinds: &[&str]) -> Option<Value> {
    loop {
        let message = next(socket).await?;
        if kinds.iter().any(|k| message["type"] == *k) {
            return Some(message);
        }
    }
}

/// Acts once on the person's turn (its first legal action): the snapshot after.
async fn act_once(socket: &mut Socket, table: &str, mut last: Value) -> Value {
    while last["scene"]["turn"] != 0 && last["finished"] != true {
        if last["scene"]["turn"].is_null() && !last["scene"]["hand_end"].is_null() {
            // Between hands: the deal waits for the person to read the hand's end.
            let read = json!({"type": "continue", "table": table, "seq": last["seq"]});
            send(socket, read).await;
        }
        last = until(socket, &["snapshot"]).await.expect("snapshots");
    }
    if last["finished"] == true {
        return last;
    }
    let action = last["own"]["actions"][0].clone();
    send(
        socket,
        json!({"type": "act", "table": table, "seq": last["seq"], "action": action}),
    )
    .await;
    let answer = until(socket, &["snapshot", "error"])
        .await
        .expect("an answer");
    assert_eq!(answer["type"], "snapshot", "{answer}");
    answer
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (binary, url) = (&args[0], &args[1]);
    let rounds: usize = args.get(2).map_or(10, |n| n.parse().expect("ROUNDS"));
    let lease = args.get(3).cloned().unwrap_or("3".into());
    let mut nodes = [
        start(binary, url, "f0", &lease),
        start(binary, url, "f1", &lease),
    ];
    let mut ada = hello(&nodes[0].address).await.expect("a connection");
    let create = json!({"type": "create", "game": "euchre", "points": 100,
                        "seats": ["open", "random", "random", "random"]});
    send(&mut ada, create).await;
    let table = until(&mut ada, &["created"]).await.unwrap()["table"]
        .as_str()
        .unwrap()
        .to_string();
    send(&mut ada, json!({"type": "join", "table": table, "seat": 0})).await;
    let token = until(&mut ada, &["joined"]).await.unwrap()["token"]
        .as_str()
        .unwrap()
        .to_string();
    let mut last = until(&mut ada, &["snapshot"]).await.unwrap();
    let mut owner = 0;
    let mut times = Vec::new();
    for round in 0..rounds {
        last = act_once(&mut ada, &table, last).await;
        let _ = nodes[owner].child.kill();
        let _ = nodes[owner].child.wait();
        let killed = Instant::now();
        let other = &nodes[1 - owner].address;
        let found = loop {
            if let Some(mut back) = hello(other).await {
                send(
                    &mut back,
                    json!({"type": "rejoin", "table": table, "token": token}),
                )
                .await;
                if let Some(snapshot) = until(&mut back, &["snapshot", "error"]).await {
                    if snapshot["type"] == "snapshot" {
                        break (back, snapshot);
                    }
                }
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        let took = killed.elapsed();
        assert_eq!(
            found.1["seq"], last["seq"],
            "round {round}: no accepted action lost"
        );
        times.push(took);
        (ada, last) = found;
        nodes[owner] = start(binary, url, &format!("f{}", round + 2), &lease);
        owner = 1 - owner;
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "failover, {rounds} rounds, {lease} s leases: median {:.0} ms, slowest {:.0} ms (kill -9 to the table playing on the other node)",
        ms(times[times.len() / 2]),
        ms(times[times.len() - 1])
    );
    for mut node in nodes {
        let _ = node.child.kill();
        let _ = node.child.wait();
    }
}
