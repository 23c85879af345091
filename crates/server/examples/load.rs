//! Load on a running `cardtable serve`: TABLES tables at once, each with one client that
//! plays a seat (random legal actions, THINK milliseconds after its turn comes; 0 for at
//! once) beside three handout players, for SECONDS.
//! Reports accepted actions per second (every seat's, from the tables' `seq`), the time
//! from a client's action to the snapshot that shows it accepted (p50, p99), and the
//! server's resident memory when its PID is given. docs/PERFORMANCE.md has the figures.
//!
//! Each table's client connects from its own loopback address (127.1.x.y), as a
//! different person would. With `FLOOD=1` three more addresses flood the server
//! meanwhile — 127.2.0.1 sends `list` as fast as it can, 127.2.0.2 opens connections,
//! 127.2.0.3 creates tables — and what each got through is reported: the normal tables'
//! figures beside a run without `FLOOD` show what one address can do to everyone else.
//!
//! `cargo run --release -p cardtable-server --example load -- ADDRESS [TABLES] [SECONDS] [THINK] [PID]`

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// One client's run: accepted actions seen (seq advanced) and its act-to-snapshot times.
async fn client(
    address: String,
    until: Instant,
    index: usize,
    think: Duration,
) -> (u64, Vec<Duration>) {
    let seat = index % 4;
    let source = format!("127.1.{}.{}", index / 250, index % 250 + 1);
    let Some(mut socket) = connect(&address, &source).await else {
        return (0, Vec::new());
    };
    let text = |message: Value| Message::Text(message.to_string().into());
    let hello = json!({"type": "hello", "protocol": 2, "name": "load"});
    socket.send(text(hello)).await.expect("sent");
    let mut seats = vec!["handout"; 4];
    seats[seat] = "open";
    let create = json!({"type": "create", "game": "euchre", "seats": seats});
    socket.send(text(create.clone())).await.expect("sent");
    let (mut table, mut accepted, mut base) = (String::new(), 0u64, 0u64);
    let mut latencies = Vec::new();
    let mut sent: Option<(u64, Instant)> = None;
    let mut choice = seat;
    while Instant::now() < until {
        let wait = until.saturating_duration_since(Instant::now());
        let frame = match tokio::time::timeout(wait, socket.next()).await {
            Ok(Some(Ok(Message::Text(frame)))) => frame,
            Ok(Some(Ok(_))) => continue, // pings are answered by the library
            _ => break,
        };
        let message: Value = serde_json::from_str(&frame).expect("JSON");
        match message["type"].as_str() {
            Some("created") => {
                table = message["table"].as_str().unwrap_or_default().to_string();
                let join = text(json!({"type": "join", "table": table, "seat": seat}));
                socket.send(join).await.expect("sent");
            }
            Some("snapshot") => {
                let seq = message["seq"].as_u64().unwrap_or(0);
                if let Some((acted, at)) = sent {
                    if seq > acted {
                        latencies.push(at.elapsed());
                        sent = None;
                    }
                }
                accepted = accepted.max(base + seq);
                if message["finished"] == true {
                    base = accepted;
                    socket.send(text(create.clone())).await.expect("sent");
                    continue;
                }
                let legal = message["legal"].as_array().cloned().unwrap_or_default();
                if message["turn"] == json!(seat) && !legal.is_empty() && sent.is_none() {
                    tokio::time::sleep(think).await;
                    choice = choice.wrapping_mul(31).wrapping_add(17);
                    let action = legal[choice % legal.len()].clone();
                    let act = json!({"type": "act", "table": table, "seq": seq, "action": action});
                    sent = Some((seq, Instant::now()));
                    socket.send(text(act)).await.expect("sent");
                }
            }
            _ => {}
        }
    }
    (accepted, latencies)
}

type Socket = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

/// A WebSocket to `address` from the loopback address `source`; `None` when refused.
async fn connect(address: &str, source: &str) -> Option<Socket> {
    let socket = tokio::net::TcpSocket::new_v4().ok()?;
    socket.bind(format!("{source}:0").parse().ok()?).ok()?;
    let stream = socket.connect(address.parse().ok()?).await.ok()?;
    let url = format!("ws://{address}/ws");
    let (socket, _) = tokio_tungstenite::client_async(url, stream).await.ok()?;
    Some(socket)
}

/// Sends `message` (after `hello`) from `source` as fast as it can until `until`,
/// connecting again whenever the server closes the connection; counts the answers of
/// each type (errors by code) and the connections.
async fn flood_messages(address: String, source: &str, message: Value, until: Instant) -> String {
    let text = |m: &Value| Message::Text(m.to_string().into());
    let hello = json!({"type": "hello", "protocol": 2, "name": "flood"});
    let (mut sent, mut connections, mut refused) = (0u64, 0u64, 0u64);
    let mut counts = std::collections::BTreeMap::<String, u64>::new();
    while Instant::now() < until {
        let Some(socket) = connect(&address, source).await else {
            refused += 1;
            continue;
        };
        connections += 1;
        let (mut sink, mut stream) = socket.split();
        let _ = sink.send(text(&hello)).await;
        let sender = async {
            while Instant::now() < until {
                if sink.send(text(&message)).await.is_err() {
                    break;
                }
                sent += 1;
                tokio::task::yield_now().await;
            }
        };
        let reader = async {
            let wait = until.saturating_duration_since(Instant::now()) + Duration::from_secs(1);
            while let Ok(Some(Ok(frame))) = tokio::time::timeout(wait, stream.next()).await {
                let Message::Text(frame) = frame else {
                    continue;
                };
                let reply: Value = serde_json::from_str(&frame).unwrap_or_default();
                let kind = match reply["type"].as_str() {
                    Some("error") => format!("error {}", reply["code"].as_str().unwrap_or("?")),
                    other => other.unwrap_or("?").to_string(),
                };
                *counts.entry(kind).or_default() += 1;
            }
        };
        tokio::select! {
            () = sender => {}
            () = reader => {}
        }
    }
    format!("{source}: {sent} sent over {connections} connections ({refused} refused), answers {counts:?}")
}

/// Opens connections from `source` until `until`, keeping them; counts both ways.
async fn flood_connections(address: String, source: &str, until: Instant) -> String {
    let (mut open, mut refused) = (Vec::new(), 0u64);
    while Instant::now() < until {
        match connect(&address, source).await {
            Some(socket) => open.push(socket),
            None => refused += 1,
        }
    }
    format!(
        "{source}: {} connections opened, {refused} refused",
        open.len()
    )
}

fn resident_kib(pid: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let address = args.first().cloned().unwrap_or("127.0.0.1:8080".into());
    let tables: usize = args.get(1).map_or(1000, |n| n.parse().expect("TABLES"));
    let seconds: u64 = args.get(2).map_or(20, |n| n.parse().expect("SECONDS"));
    let think = Duration::from_millis(args.get(3).map_or(0, |n| n.parse().expect("THINK")));
    let pid = args.get(4).cloned();
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    let tasks: Vec<_> = (0..tables)
        .map(|i| tokio::spawn(client(address.clone(), until, i, think)))
        .collect();
    // FLOOD=1 (or `all`) starts the three flooders; a list of `list`, `connect`, `create`
    // starts only those.
    let flood = std::env::var("FLOOD").unwrap_or_default();
    let flooding =
        |name: &str| flood == "1" || flood == "all" || flood.split(',').any(|f| f == name);
    let mut flooders = Vec::new();
    if flooding("list") {
        let (a, list) = (address.clone(), json!({"type": "list"}));
        flooders.push(tokio::spawn(async move {
            flood_messages(a, "127.2.0.1", list, until).await
        }));
    }
    if flooding("connect") {
        let a = address.clone();
        flooders.push(tokio::spawn(async move {
            flood_connections(a, "127.2.0.2", until).await
        }));
    }
    if flooding("create") {
        let a = address.clone();
        let create = json!({"type": "create", "game": "euchre", "seats": ["open", "handout", "handout", "handout"]});
        flooders.push(tokio::spawn(async move {
            flood_messages(a, "127.2.0.3", create, until).await
        }));
    }
    let mut accepted = 0;
    let mut latencies = Vec::new();
    let mut peak = 0;
    for task in tasks {
        let (n, mut l) = task.await.expect("a client ran");
        accepted += n;
        latencies.append(&mut l);
        if let Some(kib) = pid.as_deref().and_then(resident_kib) {
            peak = peak.max(kib);
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort();
    let at = |q: f64| {
        latencies
            .get(((latencies.len() as f64 - 1.0) * q) as usize)
            .copied()
    };
    let ms = |d: Option<Duration>| d.map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0);
    println!(
        "{tables} tables, {seconds} s, think {} ms: {accepted} accepted actions ({:.0}/s), {} client actions timed, p50 {:.2} ms, p99 {:.2} ms{}",
        think.as_millis(),
        accepted as f64 / elapsed,
        latencies.len(),
        ms(at(0.5)),
        ms(at(0.99)),
        if peak > 0 { format!(", server resident {:.0} MiB", peak as f64 / 1024.0) } else { String::new() }
    );
    for flooder in flooders {
        println!("  flood {}", flooder.await.expect("a flooder ran"));
    }
}
