//! What the server's tests share: the real `cardtable serve` binary on a loopback port,
//! and WebSocket clients that keep every frame.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream as AsyncTcp;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A running `cardtable serve` child, killed when dropped.
pub struct Served {
    child: Child,
    /// `host:port`.
    pub address: String,
    /// The folder of its store, where the server made it (removed with the server).
    _dir: Option<tempfile::TempDir>,
}

/// Limits raised for tests whose clients all play at machine speed from one address
/// (the edge's own tests start with the defaults).
pub const MACHINE_SPEED: [&str; 8] = [
    "--messages-per-second",
    "100000",
    "--message-burst",
    "100000",
    "--tables-per-minute",
    "1000",
    "--replays-per-minute",
    "100000",
];

impl Served {
    /// Started on a store of its own in a temporary folder.
    pub fn in_temp() -> Served {
        let dir = tempfile::tempdir().unwrap();
        let mut served = Served::start(&dir.path().join("db.sqlite"));
        served._dir = Some(dir);
        served
    }

    pub fn start(data: &std::path::Path) -> Served {
        Served::start_with(data, &MACHINE_SPEED)
    }

    /// Started with these `cardtable serve` flags besides the address and data.
    pub fn start_with(data: &std::path::Path, flags: &[&str]) -> Served {
        Served::keeping(&["--data".as_ref(), data.as_os_str()], flags)
    }

    /// Started on the PostgreSQL database at `url` (`--store`).
    pub fn on_postgres(url: &str) -> Served {
        Served::node_on_postgres(url, &[])
    }

    /// Started on the PostgreSQL database at `url` with these flags too (`--node a`).
    pub fn node_on_postgres(url: &str, flags: &[&str]) -> Served {
        let flags: Vec<&str> = MACHINE_SPEED.iter().chain(flags).copied().collect();
        Served::keeping(&["--store".as_ref(), url.as_ref()], &flags)
    }

    /// Started keeping its tables where `store` (`--data FILE` or `--store URL`) says.
    fn keeping(store: &[&std::ffi::OsStr], flags: &[&str]) -> Served {
        let listen = [
            "serve".as_ref(),
            "--listen".as_ref(),
            "127.0.0.1:0".as_ref(),
        ];
        let flags = flags.iter().map(|f| f.as_ref());
        let args: Vec<&std::ffi::OsStr> = listen.into_iter().chain(store.iter().copied()).collect();
        Served::running(args.into_iter().chain(flags))
    }

    /// `cardtable ARGS…` (which must serve), once it says its address. Its tables' computers
    /// act at once (`--table-speed instant`) unless ARGS set a speed: the tests of the
    /// pace ask for one.
    pub fn running<'a>(args: impl IntoIterator<Item = &'a std::ffi::OsStr>) -> Served {
        let mut args: Vec<&std::ffi::OsStr> = args.into_iter().collect();
        if !args.iter().any(|a| *a == "--table-speed") {
            args.extend([
                std::ffi::OsStr::new("--table-speed"),
                std::ffi::OsStr::new("instant"),
            ]);
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
            .args(args)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let line = first_line(child.stdout.take().unwrap());
        let address = line
            .trim()
            .strip_prefix("cardtable serves on http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Served {
            child,
            address,
            _dir: None,
        }
    }

    /// A plain HTTP GET; the body.
    pub fn get(&self, path: &str) -> String {
        self.response(path).1
    }

    /// A plain HTTP GET naming `host`; the status code.
    pub fn status_as(&self, path: &str, host: &str) -> u16 {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        write!(stream, "GET {path} HTTP/1.0\r\nHost: {host}\r\n\r\n").unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        response[9..12].parse().unwrap()
    }

    /// A plain HTTP GET; the head (status line and headers) and the body.
    pub fn response(&self, path: &str) -> (String, String) {
        let mut stream = TcpStream::connect(&self.address).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.0\r\nHost: {}\r\n\r\n",
            self.address
        )
        .unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        let (head, body) = response.split_once("\r\n\r\n").unwrap();
        (head.to_ascii_lowercase(), body.to_string())
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Stops the server as an operator does (SIGTERM) and waits for it to end.
    pub fn terminate(&mut self) {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status();
        assert!(sent.is_ok_and(|s| s.success()), "kill -TERM {pid}");
        let _ = self.child.wait();
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        self.kill();
    }
}

/// One WebSocket client that remembers every frame it received.
pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<AsyncTcp>>,
    /// Every frame received, parsed.
    pub frames: Vec<Value>,
    /// Every frame received, as sent.
    pub raw: Vec<String>,
}

impl Client {
    pub async fn connect(address: &str, name: &str) -> Client {
        let (socket, _) = tokio_tungstenite::connect_async(format!("ws://{address}/ws"))
            .await
            .unwrap();
        let mut client = Client {
            socket,
            frames: Vec::new(),
            raw: Vec::new(),
        };
        client
            .send(json!({"type": "hello", "protocol": 4, "name": name}))
            .await;
        assert_eq!(client.next().await["type"], "welcome");
        client
    }

    /// Connects presenting `cookie` at the upgrade (a session cookie,
    /// `cardtable_session=…`: a signed-in browser, without its `Origin`) and says `hello`.
    pub async fn connect_signed(address: &str, name: &str, cookie: &str) -> Client {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut request = format!("ws://{address}/ws").into_client_request().unwrap();
        let cookie = cookie.parse().expect("a cookie fit for a header");
        request.headers_mut().insert("cookie", cookie);
        let (socket, _) = tokio_tungstenite::connect_async(request).await.unwrap();
        let mut client = Client {
            socket,
            frames: Vec::new(),
            raw: Vec::new(),
        };
        client.hello(name).await;
        client
    }

    /// Connects from the loopback address `source` (127.x.y.z): another person, as the
    /// server sees it. No `hello` is said.
    pub async fn connect_from(address: &str, source: &str) -> Client {
        Client::try_connect_from(address, source).await.unwrap()
    }

    /// The same, or why the server refused the WebSocket.
    pub async fn try_connect_from(
        address: &str,
        source: &str,
    ) -> Result<Client, tokio_tungstenite::tungstenite::Error> {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind(format!("{source}:0").parse().unwrap()).unwrap();
        let stream = socket.connect(address.parse().unwrap()).await?;
        let url = format!("ws://{address}/ws");
        let (socket, _) =
            tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream)).await?;
        Ok(Client {
            socket,
            frames: Vec::new(),
            raw: Vec::new(),
        })
    }

    /// Says `hello` and reads the `welcome`.
    pub async fn hello(&mut self, name: &str) {
        self.send(json!({"type": "hello", "protocol": 4, "name": name}))
            .await;
        assert_eq!(self.next().await["type"], "welcome");
    }

    pub async fn send(&mut self, message: Value) {
        self.socket
            .send(Message::Text(message.to_string().into()))
            .await
            .unwrap();
    }

    /// Sends `text`; `false` once the connection is gone.
    pub async fn try_send_text(&mut self, text: String) -> bool {
        self.socket.send(Message::Text(text.into())).await.is_ok()
    }

    pub async fn send_text(&mut self, text: String) {
        self.socket.send(Message::Text(text.into())).await.unwrap();
    }

    /// The next frame, within 10 seconds.
    pub async fn next(&mut self) -> Value {
        match self.try_next(Duration::from_secs(10)).await {
            Some(frame) => frame,
            None => panic!("no frame within 10 s after {:?}", self.frames.last()),
        }
    }

    pub async fn try_next(&mut self, wait: Duration) -> Option<Value> {
        loop {
            let message = tokio::time::timeout(wait, self.socket.next())
                .await
                .ok()??;
            if let Ok(Message::Text(text)) = message {
                let value: Value = serde_json::from_str(&text).unwrap();
                self.frames.push(value.clone());
                self.raw.push(text.to_string());
                return Some(value);
            }
        }
    }

    /// Frames until one of `kind`.
    pub async fn until(&mut self, kind: &str) -> Value {
        loop {
            let frame = self.next().await;
            if frame["type"] == kind {
                return frame;
            }
        }
    }

    /// The next frame of any of these types.
    pub async fn until_any(&mut self, kinds: &[&str]) -> Value {
        loop {
            let frame = self.next().await;
            if kinds.iter().any(|k| frame["type"] == *k) {
                return frame;
            }
        }
    }

    /// `name` connected and at a new table made to `spec`: the client and the table.
    pub async fn opening(address: &str, name: &str, spec: Value) -> (Client, String) {
        let mut client = Client::connect(address, name).await;
        let table = client.create(spec).await;
        (client, table)
    }

    pub async fn create(&mut self, spec: Value) -> String {
        let mut spec = spec;
        spec["type"] = json!("create");
        self.send(spec).await;
        let created = self.until("created").await;
        created["table"].as_str().unwrap().to_string()
    }

    /// The next frame, which must be a refusal with `code` whose message says `says`.
    pub async fn refused(&mut self, code: &str, says: &str) -> Value {
        let refused = self.next().await;
        assert_eq!(refused["code"], code, "{refused}");
        let message = refused["message"].as_str().unwrap_or_default();
        assert!(message.contains(says), "{refused}");
        refused
    }

    /// Comes back to a seat with its token (a reload, a new connection).
    pub async fn rejoin(&mut self, table: &str, token: &str) {
        self.send(json!({"type": "rejoin", "table": table, "token": token}))
            .await;
    }

    /// Waits (at most `wait` between frames) for a snapshot showing `seat` on autopilot;
    /// returns that snapshot, or `None` if the frames stop first.
    pub async fn until_autopilot(&mut self, seat: usize, wait: Duration) -> Option<Value> {
        while let Some(frame) = self.try_next(wait).await {
            if frame["type"] == "snapshot" && frame["seats"][seat]["autopilot"] == true {
                return Some(frame);
            }
        }
        None
    }

    /// Joins `seat`; returns its token and the first snapshot.
    pub async fn join(&mut self, table: &str, seat: usize) -> (String, Value) {
        self.send(json!({"type": "join", "table": table, "seat": seat}))
            .await;
        let joined = self.until("joined").await;
        let snapshot = self.until("snapshot").await;
        (joined["token"].as_str().unwrap().to_string(), snapshot)
    }
}

/// The text of `field` in each object of the array `list`.
pub fn texts<'a>(list: &'a Value, field: &str) -> Vec<&'a str> {
    let list = list.as_array().expect("an array");
    list.iter()
        .map(|item| item[field].as_str().unwrap())
        .collect()
}

/// The first line a child writes to `from`.
pub fn first_line(from: impl std::io::Read) -> String {
    let mut line = String::new();
    BufReader::new(from).read_line(&mut line).unwrap();
    line
}

/// The latest snapshot among `frames`.
pub fn latest_snapshot(frames: &[Value]) -> Option<&Value> {
    frames.iter().rev().find(|f| f["type"] == "snapshot")
}

/// Rejoins `table` with `token` over connections `connect` opens (to a node of the
/// cluster) until a node there has taken it over — a `no_table` refusal, or a relay to
/// the dead owner ending the connection, meanwhile — for at most thirty seconds: the
/// client and its first snapshot.
pub async fn rejoin_until_found<F, C>(table: &str, token: &str, connect: F) -> (Client, Value)
where
    F: Fn() -> C,
    C: std::future::Future<Output = Client>,
{
    // Thirty seconds in all: a node that answers a rejoin with silence fails the test
    // then, not after 100 tries of 10 s each (one CI run was held 7 minutes).
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while tokio::time::Instant::now() < deadline {
        let mut back = connect().await;
        back.rejoin(table, token).await;
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        while let Some(answer) = back.try_next(left.max(Duration::from_secs(1))).await {
            match answer["type"].as_str() {
                Some("snapshot") => return (back, answer),
                Some("error") => {
                    assert_eq!(answer["code"], "no_table", "{answer}");
                    break;
                }
                _ if tokio::time::Instant::now() >= deadline => break,
                _ => {}
            }
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    panic!("{table} was never taken over: no snapshot for a rejoin within 30 s");
}
