//! Load on a running `cardtable serve`: TABLES tables at once, each with one client that
//! plays a seat (random legal actions, THINK milliseconds after its turn comes; 0 for at
//! once) beside three handout players, for SECONDS.
//! Reports accepted actions per second (every seat's, from the tables' `seq`), the time
//! from a client's action to the snapshot that shows it accepted (p50, p99, and in how
//! many of the run's seconds the acts answered after 50 ms or more fall: a few seconds
//! mean a stall of everything, such as the disk's), and the server's resident memory
//! when its PID is given. docs/PERFORMANCE.md has the figures.
//!
//! Each table's client connects from its own loopback address (127.1.x.y), as a
//! different person would. With `FLOOD=1` three more addresses flood the server
//! meanwhile — 127.2.0.1 sends `list` as fast as it can, 127.2.0.2 opens connections,
//! 127.2.0.3 creates tables — and what each got through is reported: the normal tables'
//! figures beside a run without `FLOOD` show what one address can do to everyone else.
//! `FLOOD` may instead name issue 40's attacks, each from its own addresses: `idle` (2,000
//! TCP sockets that send nothing or half a request line), `computer` (tables of four
//! `strong:10000` players and no person, created as fast as allowed), `games` (ten
//! `GET /api/games` at a time, over and over), `amplify` (16 sockets sending `list`, never
//! reading) and `steps` (`GET /api/games/{id}/steps` of the longest finished game, ten at a
//! time). A probe at 127.4.0.1 asks `/healthz` every 50 ms; with the PID the server's CPU
//! (user and system time over the run) and peak resident memory are reported too.
//!
//! `cargo run --release -p cardtable-server --example load -- ADDRESS [TABLES] [SECONDS] [THINK] [PID]`
//!
//! WARMUP=S starts the clients S seconds before the measurement (tables opened, games under
//! way). THINK_SPREAD=N makes each think THINK ± N milliseconds. ADDRESS may name several nodes, `host:port,host:port`: the tables are opened on each
//! in turn (the probe and the flooders use the first).

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

/// What a playing client reads of a message; the rest is skipped unread.
#[derive(serde::Deserialize)]
struct Frame {
    #[serde(rename = "type")]
    kind: String,
    table: Option<String>,
    seq: Option<u64>,
    #[serde(default)]
    finished: bool,
    scene: Option<Turn>,
    own: Option<Own>,
}

#[derive(serde::Deserialize)]
struct Turn {
    turn: Option<usize>,
    /// Present between hands: the deal waits for a `continue`.
    #[serde(default)]
    hand_end: Option<Value>,
}

#[derive(serde::Deserialize)]
struct Own {
    actions: Vec<Value>,
}

/// An act-to-snapshot time and the second of the measurement in which the act was sent.
type Timed = (Duration, u64);

/// One client's run: accepted actions seen (seq advanced) and its act-to-snapshot times.
async fn client(
    address: String,
    (warm, until): (Instant, Instant),
    index: usize,
    think: Duration,
) -> (u64, Vec<Timed>) {
    let seat = index % 4;
    let source = format!("127.1.{}.{}", index / 250, index % 250 + 1);
    let Some(mut socket) = connect(&address, &source).await else {
        return (0, Vec::new());
    };
    let text = |message: Value| Message::Text(message.to_string().into());
    let hello = json!({"type": "hello", "protocol": 4, "name": "load"});
    socket.send(text(hello)).await.expect("sent");
    let mut seats = vec!["handout"; 4];
    seats[seat] = "open";
    let create = json!({"type": "create", "game": "euchre", "seats": seats});
    socket.send(text(create.clone())).await.expect("sent");
    let (mut table, mut accepted, mut base) = (String::new(), 0u64, 0u64);
    // What was accepted before the measurement starts (WARMUP), not counted.
    let mut warm_base = 0u64;
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
        // Only what the client acts on is read, so that parsing whole snapshots does
        // not make the client the slower end at thousands of tables.
        let message: Frame = serde_json::from_str(&frame).expect("JSON");
        match message.kind.as_str() {
            "created" => {
                table = message.table.unwrap_or_default();
                let join = text(json!({"type": "join", "table": table, "seat": seat}));
                socket.send(join).await.expect("sent");
            }
            "snapshot" => {
                let seq = message.seq.unwrap_or(0);
                if let Some((acted, at)) = sent {
                    if seq > acted {
                        if at >= warm {
                            latencies.push((at.elapsed(), (at - warm).as_secs()));
                        }
                        sent = None;
                    }
                }
                if Instant::now() < warm {
                    warm_base = base + seq;
                }
                accepted = accepted.max(base + seq);
                if message.finished {
                    base = accepted;
                    socket.send(text(create.clone())).await.expect("sent");
                    continue;
                }
                let legal = message.own.map(|own| own.actions).unwrap_or_default();
                let scene = message.scene;
                if scene
                    .as_ref()
                    .is_some_and(|s| s.turn.is_none() && s.hand_end.is_some())
                {
                    let read = json!({"type": "continue", "table": table, "seq": seq});
                    socket.send(text(read)).await.expect("sent");
                    continue;
                }
                let turn = scene.and_then(|scene| scene.turn);
                if turn == Some(seat) && !legal.is_empty() && sent.is_none() {
                    choice = choice.wrapping_mul(31).wrapping_add(17);
                    tokio::time::sleep(spread(think, choice)).await;
                    let action = legal[choice % legal.len()].clone();
                    let act = json!({"type": "act", "table": table, "seq": seq, "action": action});
                    sent = Some((seq, Instant::now()));
                    socket.send(text(act)).await.expect("sent");
                }
            }
            _ => {}
        }
    }
    // `warm_base` is an earlier value of what `accepted` only grows from.
    (accepted - warm_base, latencies)
}

type Socket = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

/// A WebSocket to `address` from the loopback address `source`; `None` when refused, or
/// not open within 10 seconds (a server out of descriptors accepts nothing).
async fn connect(address: &str, source: &str) -> Option<Socket> {
    tokio::time::timeout(Duration::from_secs(10), open(address, source))
        .await
        .ok()?
}

async fn open(address: &str, source: &str) -> Option<Socket> {
    let socket = tokio::net::TcpSocket::new_v4().ok()?;
    socket.bind(format!("{source}:0").parse().ok()?).ok()?;
    let stream = socket.connect(address.parse().ok()?).await.ok()?;
    let url = format!("ws://{address}/ws");
    // A small read buffer, as the server's: tungstenite zeroes its whole capacity (128 KiB
    // by default) before every read, which made the client the slower end at 10,000 tables.
    let config = WebSocketConfig::default().read_buffer_size(4 * 1024);
    let (socket, _) = tokio_tungstenite::client_async_with_config(url, stream, Some(config))
        .await
        .ok()?;
    Some(socket)
}

/// Sends `message` (after `hello`) from `source` as fast as it can until `until`,
/// connecting again whenever the server closes the connection; counts the answers of
/// each type (errors by code) and the connections.
async fn flood_messages(address: String, source: &str, message: Value, until: Instant) -> String {
    let text = |m: &Value| Message::Text(m.to_string().into());
    let hello = json!({"type": "hello", "protocol": 4, "name": "flood"});
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

/// A plain HTTP GET from `source`; whether a whole answer came.
async fn get(address: &str, source: &str, path: &str) -> bool {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let Ok(socket) = tokio::net::TcpSocket::new_v4() else {
        return false;
    };
    let Ok(bound) = format!("{source}:0").parse() else {
        return false;
    };
    if socket.bind(bound).is_err() {
        return false;
    }
    let connecting = socket.connect(address.parse().expect("an address"));
    let Ok(Ok(mut stream)) = tokio::time::timeout(Duration::from_secs(10), connecting).await else {
        return false;
    };
    let request = format!("GET {path} HTTP/1.0\r\nHost: {address}\r\n\r\n");
    if stream.write_all(request.as_bytes()).await.is_err() {
        return false;
    }
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.is_ok() && answer.get(8..13) == Some(b" 200 ")
}

/// How the acts answered after `slow` or more fall in the measurement's seconds: spread
/// over the run (the node slower throughout) or in a few seconds (a stall of everything,
/// such as the disk's).
fn slow_seconds(timed: &[Timed], slow: Duration) -> String {
    let mut by_second = std::collections::BTreeMap::<u64, usize>::new();
    for (_, second) in timed.iter().filter(|(d, _)| *d >= slow) {
        *by_second.entry(*second).or_default() += 1;
    }
    let over: usize = by_second.values().sum();
    let worst = by_second.iter().max_by_key(|(_, n)| **n);
    format!(
        "acts answered after {} ms or more: {over} ({:.2}%), in {} seconds of the run{}",
        slow.as_millis(),
        100.0 * over as f64 / timed.len().max(1) as f64,
        by_second.len(),
        worst.map_or(String::new(), |(s, n)| format!(
            "; {n} of them in second {s}"
        ))
    )
}

/// Asks `/healthz` every 50 ms until `until`; the latencies (a failure counts as 10 s).
async fn probe_health(address: String, until: Instant) -> Vec<Duration> {
    let mut latencies = Vec::new();
    while Instant::now() < until {
        let asked = Instant::now();
        let answered = tokio::time::timeout(
            Duration::from_secs(10),
            get(&address, "127.4.0.1", "/healthz"),
        )
        .await;
        latencies.push(match answered {
            Ok(true) => asked.elapsed(),
            _ => Duration::from_secs(10),
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    latencies
}

/// 2,000 TCP connections from 127.2.0.4 that send nothing or half a request line, held
/// until `until`; how many the server still held open at the end.
async fn flood_idle(address: String, until: Instant) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut held = Vec::new();
    let mut refused = 0;
    for n in 0..2000 {
        if Instant::now() >= until {
            break;
        }
        let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
        socket.bind("127.2.0.4:0".parse().unwrap()).expect("bound");
        let connecting = socket.connect(address.parse().expect("an address"));
        match tokio::time::timeout(Duration::from_millis(200), connecting).await {
            Ok(Ok(mut stream)) => {
                if n % 2 == 1 {
                    let _ = stream.write_all(b"GET /healthz HT").await;
                }
                held.push(stream);
            }
            _ => refused += 1,
        }
    }
    tokio::time::sleep_until(until.into()).await;
    let mut open = 0;
    for stream in &mut held {
        let mut byte = [0u8; 1];
        let read = tokio::time::timeout(Duration::from_millis(1), stream.read(&mut byte)).await;
        if read.is_err() {
            open += 1; // nothing to read and no end: still open
        }
    }
    format!(
        "127.2.0.4: {} sockets connected ({refused} refused), {open} still open at the end",
        held.len()
    )
}

/// Creates tables of four `strong:10000` players and no person from 127.2.0.5, one a
/// second, until `until`; counts the answers.
async fn flood_computer(address: String, until: Instant) -> String {
    let Some(mut socket) = connect(&address, "127.2.0.5").await else {
        return "127.2.0.5: refused".into();
    };
    let text = |m: Value| Message::Text(m.to_string().into());
    let hello = json!({"type": "hello", "protocol": 4, "name": "cpu"});
    let _ = socket.send(text(hello)).await;
    let create = json!({"type": "create", "game": "euchre", "points": 3, "seats": ["strong:10000", "strong:10000", "strong:10000", "strong:10000"]});
    let mut counts = std::collections::BTreeMap::<String, u64>::new();
    while Instant::now() < until {
        let _ = socket.send(text(create.clone())).await;
        let deadline = Instant::now() + Duration::from_millis(200);
        while let Ok(Some(Ok(Message::Text(frame)))) =
            tokio::time::timeout_at(deadline.into(), socket.next()).await
        {
            let reply: Value = serde_json::from_str(&frame).unwrap_or_default();
            let kind = match reply["type"].as_str() {
                Some("error") => format!("error {}", reply["code"].as_str().unwrap_or("?")),
                other => other.unwrap_or("?").to_string(),
            };
            *counts.entry(kind).or_default() += 1;
        }
    }
    format!("127.2.0.5: {counts:?}")
}

/// Ten HTTP GETs of `path` at a time from 127.2.1.x until `until`; how many answered.
async fn flood_gets(address: String, path: String, until: Instant) -> String {
    let workers: Vec<_> = (1..=10)
        .map(|n| {
            let (address, path) = (address.clone(), path.clone());
            tokio::spawn(async move {
                let source = format!("127.2.1.{n}");
                let (mut ok, mut failed) = (0u64, 0u64);
                while Instant::now() < until {
                    let left = until.saturating_duration_since(Instant::now());
                    let asked = tokio::time::timeout(left, get(&address, &source, &path));
                    if asked.await == Ok(true) {
                        ok += 1;
                    } else {
                        failed += 1;
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                }
                (ok, failed)
            })
        })
        .collect();
    let (mut ok, mut failed) = (0, 0);
    for worker in workers {
        let (o, f) = worker.await.expect("a worker ran");
        ok += o;
        failed += f;
    }
    format!("127.2.1.1-10 GET {path}: {ok} answered, {failed} refused or failed")
}

/// 16 sockets from 127.2.0.6 sending `list` as fast as they may, never reading.
async fn flood_amplify(address: String, until: Instant) -> String {
    let list = Message::Text(json!({"type": "list"}).to_string().into());
    let hello = Message::Text(
        json!({"type": "hello", "protocol": 4, "name": "amp"})
            .to_string()
            .into(),
    );
    let mut sent = 0u64;
    let mut sockets = Vec::new();
    for _ in 0..16 {
        if let Some(mut socket) = connect(&address, "127.2.0.6").await {
            let _ = socket.send(hello.clone()).await;
            sockets.push(socket);
        }
    }
    let connected = sockets.len();
    while Instant::now() < until && !sockets.is_empty() {
        let mut open = Vec::new();
        for mut socket in sockets {
            let sending =
                tokio::time::timeout(Duration::from_millis(100), socket.send(list.clone()));
            if matches!(sending.await, Ok(Ok(()))) {
                sent += 1;
                open.push(socket);
            }
        }
        sockets = open;
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    format!(
        "127.2.0.6: {connected} sockets, {sent} lists sent unread, {} still open",
        sockets.len()
    )
}

/// Fills a server with `games` finished public games of four random players to `points`
/// (its limits raised): created from 127.5.x.y, a hundred a connection, then waited for
/// until `/api/games` lists them all.
async fn fill(address: &str, games: usize, points: u32) {
    let text = |m: Value| Message::Text(m.to_string().into());
    let create = json!({"type": "create", "game": "euchre", "points": points, "public": true,
                        "seats": ["random", "random", "random", "random"]});
    for batch in 0..games.div_ceil(100) {
        let source = format!("127.5.{}.1", batch + 1);
        let mut socket = connect(address, &source).await.expect("connected");
        socket
            .send(text(
                json!({"type": "hello", "protocol": 4, "name": "fill"}),
            ))
            .await
            .expect("sent");
        let count = (games - batch * 100).min(100);
        for _ in 0..count {
            socket.send(text(create.clone())).await.expect("sent");
        }
        let mut created = 0;
        while created < count {
            let Some(Ok(Message::Text(frame))) = socket.next().await else {
                panic!("closed")
            };
            let reply: Value = serde_json::from_str(&frame).expect("JSON");
            match reply["type"].as_str() {
                Some("created") => created += 1,
                Some("welcome") => {}
                _ => panic!("{reply}"),
            }
        }
    }
    loop {
        let (mut listed, mut path) = (0, "/api/games".to_string());
        loop {
            let page: Vec<Value> = get_json(address, &path).await;
            listed += page.len();
            match page.last() {
                Some(last) if page.len() == 100 => {
                    path = format!("/api/games?after={}", last["table"].as_str().unwrap_or(""))
                }
                _ => break,
            }
        }
        eprintln!("{listed} of {games} games finished");
        if listed >= games {
            return;
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
}

/// A JSON answer to a GET of `path` on `address`, from 127.0.0.1.
async fn get_json(address: &str, path: &str) -> Vec<Value> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(address)
        .await
        .expect("connected");
    let request = format!("GET {path} HTTP/1.0\r\nHost: {address}\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("sent");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.expect("read");
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    serde_json::from_str(body).unwrap_or_default()
}

/// The server's user and system time so far, in seconds.
fn cpu_seconds(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// `think`, give or take THINK_SPREAD milliseconds (0 unless set), by `choice`.
fn spread(think: Duration, choice: usize) -> Duration {
    let spread: u64 = std::env::var("THINK_SPREAD").map_or(0, |s| s.parse().expect("THINK_SPREAD"));
    if spread == 0 {
        return think;
    }
    let offset = (choice as u64 >> 3) % (2 * spread + 1);
    // A spread wider than the think is cut at no wait: a delay, never a count.
    (think + Duration::from_millis(offset)).saturating_sub(Duration::from_millis(spread))
}

fn resident_kib(pid: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let nodes: Vec<String> = (args.first().cloned())
        .unwrap_or("127.0.0.1:8080".into())
        .split(',')
        .map(str::to_string)
        .collect();
    let address = nodes[0].clone();
    let tables: usize = args.get(1).map_or(1000, |n| n.parse().expect("TABLES"));
    let seconds: u64 = args.get(2).map_or(20, |n| n.parse().expect("SECONDS"));
    let think = Duration::from_millis(args.get(3).map_or(0, |n| n.parse().expect("THINK")));
    let pid = args.get(4).cloned();
    if let Ok(games) = std::env::var("FILL") {
        let points = std::env::var("POINTS").map_or(100, |p| p.parse().expect("POINTS"));
        return fill(&address, games.parse().expect("FILL"), points).await;
    }
    // WARMUP=S: the clients start S seconds before the measured SECONDS (tables opened,
    // games under way); only what comes after counts.
    let warmup =
        Duration::from_secs(std::env::var("WARMUP").map_or(0, |w| w.parse().expect("WARMUP")));
    let warm = Instant::now() + warmup;
    let tasks: Vec<_> = (0..tables)
        .map(|i| {
            let until = warm + Duration::from_secs(seconds);
            tokio::spawn(client(
                nodes[i % nodes.len()].clone(),
                (warm, until),
                i,
                think,
            ))
        })
        .collect();
    tokio::time::sleep_until(warm.into()).await;
    let cpu_before = pid.as_deref().and_then(cpu_seconds);
    let started = Instant::now();
    let until = started + Duration::from_secs(seconds);
    let health = tokio::spawn(probe_health(address.clone(), until));
    let sampling = pid.clone().map(|pid| {
        tokio::spawn(async move {
            let mut peak = 0;
            while Instant::now() < until {
                peak = resident_kib(&pid).unwrap_or(0).max(peak);
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            peak
        })
    });
    // FLOOD=1 starts the three flooders of issue 26, `all` every attack; a list of names
    // (`list`, `connect`, `create`, `idle`, `computer`, `games`, `amplify`) only those.
    let flood = std::env::var("FLOOD").unwrap_or_default();
    let first_three = ["list", "connect", "create"];
    let flooding = |name: &str| {
        (flood == "1" && first_three.contains(&name))
            || flood == "all"
            || flood.split(',').any(|f| f == name)
    };
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
    if flooding("idle") {
        flooders.push(tokio::spawn(flood_idle(address.clone(), until)));
    }
    if flooding("computer") {
        flooders.push(tokio::spawn(flood_computer(address.clone(), until)));
    }
    if flooding("games") {
        flooders.push(tokio::spawn(flood_gets(
            address.clone(),
            "/api/games".into(),
            until,
        )));
    }
    if flooding("amplify") {
        flooders.push(tokio::spawn(flood_amplify(address.clone(), until)));
    }
    if let Ok(table) = std::env::var("STEPS") {
        let path = format!("/api/games/{table}/steps");
        flooders.push(tokio::spawn(flood_gets(address.clone(), path, until)));
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
    if let Some(sampling) = sampling {
        peak = peak.max(sampling.await.unwrap_or(0));
    }
    let cpu = match (cpu_before, pid.as_deref().and_then(cpu_seconds)) {
        (Some(before), Some(after)) => {
            format!(", server CPU {:.2} cores", (after - before) / elapsed)
        }
        _ => String::new(),
    };
    let slow = slow_seconds(&latencies, Duration::from_millis(50));
    let mut latencies: Vec<Duration> = latencies.into_iter().map(|(d, _)| d).collect();
    latencies.sort();
    let mut health = health.await.expect("the probe ran");
    health.sort();
    let quantile = |values: &[Duration], q: f64| {
        values
            .get(((values.len() as f64 - 1.0) * q) as usize)
            .copied()
    };
    let at = |q: f64| quantile(&latencies, q);
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
    let failed = health
        .iter()
        .filter(|d| **d >= Duration::from_secs(10))
        .count();
    println!(
        "  /healthz p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms over {} probes ({failed} unanswered in 10 s){cpu}",
        ms(quantile(&health, 0.5)),
        ms(quantile(&health, 0.99)),
        ms(health.last().copied()),
        health.len()
    );
    println!("  {slow}");
    for flooder in flooders {
        println!("  flood {}", flooder.await.expect("a flooder ran"));
    }
}
