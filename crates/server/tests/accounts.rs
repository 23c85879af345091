//! Accounts end to end (issue 58): the real server (`server::serve`, as `cardtable
//! serve` runs it) on a loopback port over a real SQLite file, spoken to in raw HTTP
//! and over its WebSocket, with webauthn-authenticator-rs's software passkey standing
//! for the browser's authenticator. What each check expects comes from the plan's
//! contract (plan58.md's HTTP API) and from the rows written before the server started,
//! never from the server's own answers.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use webauthn_authenticator_rs::softpasskey::SoftPasskey;
use webauthn_authenticator_rs::WebauthnAuthenticator;

use server::edge::{Config, Limits};
use server::store::{Commit, Deals, Reads, SeatRow, Seed, Sqlite, TableRow, Token, Writes};

/// A Euchre table whose seat 0 is a person's and the rest random computers'.
fn table(id: &str) -> TableRow {
    TableRow {
        id: id.into(),
        game: catalogue::GameKind::Euchre,
        rules: "cs246".into(),
        points: 10,
        house: Vec::new(),
        seed: Seed::new(7),
        deals: Deals::default(),
        public: false,
        bots: vec![None, Some("random".into()), None, Some("random".into())],
        autopilot_seconds: 20,
        coach: false,
        rated: false,
        speed: scene::Speed::Instant,
    }
}

fn seat(seat: usize, name: &str, token: &str) -> SeatRow {
    SeatRow {
        seat,
        name: name.into(),
        token: Token::new(token.into()),
        account: None,
        left: None,
    }
}

/// The guest's seat tokens of table `played` (finished) as a browser kept them.
const MINE: &str = "0123456789abcdef0123456789abcdef";
const THEIRS: &str = "fedcba9876543210fedcba9876543210";

/// A store with a finished game where a guest sat at seat 0 (token [`MINE`]) and
/// somebody else at seat 2 ([`THEIRS`]), and an open table `open` waiting for people.
fn prepare(path: &Path) {
    let store = Sqlite::open(path).unwrap();
    store
        .commit(
            Commit::default()
                .create(table("played"))
                .seat("played", seat(0, "Ada", MINE))
                .seat("played", seat(2, "Bob", THEIRS))
                .finish("played")
                .create(table("open")),
        )
        .unwrap();
}

/// The server on a free loopback port over the SQLite file `path`.
async fn start(path: &Path, limits: Limits) -> SocketAddr {
    start_node(
        server::StoreAt::Sqlite(path.to_path_buf()),
        limits,
        "accounts",
    )
    .await
}

/// A server (a node named `name`) on a free loopback port over the store `at`.
async fn start_node(at: server::StoreAt, limits: Limits, name: &str) -> SocketAddr {
    let (ready, address) = tokio::sync::oneshot::channel();
    let config = Config {
        limits,
        ..Config::default()
    };
    let node = server::node::Node {
        name: format!("{name}-{}", std::process::id()),
        ..Default::default()
    };
    tokio::spawn(async move {
        let listen: SocketAddr = "127.0.0.1:0".parse().unwrap();
        server::serve(listen, &at, config, node, move |a| {
            let _ = ready.send(a);
        })
        .await
        .unwrap();
    });
    address.await.unwrap()
}

/// An answer: status, headers (lowercase names), JSON body.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Value,
}

impl Answer {
    /// The session cookie it sets (`name=value`).
    fn cookie(&self) -> String {
        let set = self
            .headers
            .iter()
            .find(|(n, _)| n == "set-cookie")
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| panic!("no Set-Cookie: {:?} {}", self.headers, self.body));
        set.split(';').next().unwrap().to_string()
    }

    fn header(&self, name: &str) -> Option<&str> {
        (self.headers.iter())
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn code(&self) -> &str {
        self.body["code"].as_str().unwrap_or("")
    }

    /// A refusal's words.
    fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or("")
    }
}

/// The loopback address a test's own browser sends from; the others stand for other
/// people's, so that the per-address buckets are not shared by accident.
const HOME: &str = "127.0.0.1";

/// A browser on the server's page at a loopback address, signed in (it holds a session's
/// cookie, `name=value`) or a guest: what it sends. Requests go out as they are written
/// here and nowhere else, so each check names only what differs: the path, the body, an
/// extra header line.
#[derive(Clone)]
struct Browser {
    server: SocketAddr,
    from: &'static str,
    cookie: Option<String>,
}

impl Browser {
    /// A guest's browser at `from`.
    fn guest(server: SocketAddr, from: &'static str) -> Browser {
        Browser {
            server,
            from,
            cookie: None,
        }
    }

    /// The browser at [`HOME`] holding `cookie`.
    fn signed_in(server: SocketAddr, cookie: String) -> Browser {
        Browser {
            cookie: Some(cookie),
            ..Browser::guest(server, HOME)
        }
    }

    /// The cookie it holds.
    fn cookie(&self) -> &str {
        self.cookie.as_deref().expect("signed in")
    }

    /// `GET path`, the cookie only (a page's own GET carries no origin).
    async fn get(&self, path: &str) -> Answer {
        self.send("GET", path, &[], None).await
    }

    /// `POST path` with `body` from the page itself: it names its origin.
    async fn post(&self, path: &str, body: Option<Value>) -> Answer {
        self.send("POST", path, &[&own(self.server)], body).await
    }

    /// `POST path` with `body` and no origin, as a client other than a browser sends it.
    async fn post_bare(&self, path: &str, body: Value) -> Answer {
        self.send("POST", path, &[], Some(body)).await
    }

    /// One HTTP/1.1 request: the cookie, then the `extra` header lines.
    async fn send(&self, method: &str, path: &str, extra: &[&str], body: Option<Value>) -> Answer {
        let cookie = self.cookie.iter().map(|c| format!("Cookie: {c}"));
        let lines: Vec<String> = cookie
            .chain(extra.iter().map(|line| line.to_string()))
            .collect();
        http(self.server, self.from, method, path, &lines, body).await
    }
}

/// One HTTP/1.1 request from the loopback address `from`, with `extra` header lines.
async fn http(
    server: SocketAddr,
    from: &str,
    method: &str,
    path: &str,
    extra: &[String],
    body: Option<Value>,
) -> Answer {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::new(from.parse::<IpAddr>().unwrap(), 0))
        .unwrap();
    let mut stream = socket.connect(server).await.unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost:{}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n",
        server.port(),
        body.len()
    );
    for line in extra {
        request.push_str(line);
        request.push_str("\r\n");
    }
    request.push_str("\r\n");
    request.push_str(&body);
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut response))
        .await
        .expect("an answer within 20 s")
        .unwrap();
    let text = String::from_utf8_lossy(&response).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").expect("a head");
    let mut lines = head.lines();
    let status = lines.next().unwrap()[9..12].parse().unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect::<Vec<_>>();
    // The body may come chunked.
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let body = if chunked {
        unchunk(rest)
    } else {
        rest.to_string()
    };
    Answer {
        status,
        headers,
        body: serde_json::from_str(&body).unwrap_or(Value::Null),
    }
}

/// A chunked body's data.
fn unchunk(mut rest: &str) -> String {
    let mut data = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let size = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        data.push_str(&after[..size]);
        rest = &after[size + 2..];
    }
    data
}

/// The page's origin, as a browser on it sends.
fn own(server: SocketAddr) -> String {
    format!("Origin: http://localhost:{}", server.port())
}

fn origin(server: SocketAddr) -> url::Url {
    url::Url::parse(&format!("http://localhost:{}", server.port())).unwrap()
}

/// The body that finishes the passkey ceremony `started` (its `/start`'s answer): the
/// ceremony, and the credential `answer` (the authenticator) makes for its options.
/// One for both ceremonies: registering a passkey and signing in with one.
fn finishing<Options, Credential>(
    started: &Answer,
    answer: impl FnOnce(Options) -> Credential,
) -> Value
where
    Options: serde::de::DeserializeOwned,
    Credential: serde::Serialize,
{
    assert_eq!(started.status, 200, "{}", started.body);
    let options = serde_json::from_value(started.body["options"].clone()).unwrap();
    json!({"ceremony": started.body["ceremony"], "credential": answer(options)})
}

type Passkey = WebauthnAuthenticator<SoftPasskey>;

/// Signs up `name` from `browser` with `passkey`, claiming `seats`: the answer.
async fn sign_up(browser: &Browser, passkey: &mut Passkey, name: &str, seats: Value) -> Answer {
    let named = json!({"name": name});
    let started = browser
        .post("/api/account/register/start", Some(named))
        .await;
    let at = origin(browser.server);
    let mut finish = finishing(&started, |o| passkey.do_registration(at, o).unwrap());
    finish["seats"] = seats;
    browser
        .post("/api/account/register/finish", Some(finish))
        .await
}

/// Signs in to `name` with `passkey` from [`HOME`]: the answer.
async fn sign_in(server: SocketAddr, passkey: &mut Passkey, name: &str) -> Answer {
    let browser = Browser::guest(server, HOME);
    let named = json!({"name": name});
    let started = browser.post("/api/account/login/start", Some(named)).await;
    let at = origin(server);
    let finish = finishing(&started, |o| passkey.do_authentication(at, o).unwrap());
    browser
        .post("/api/account/login/finish", Some(finish))
        .await
}

fn authenticator() -> Passkey {
    WebauthnAuthenticator::new(SoftPasskey::new(true))
}

/// A fresh store ([`prepare`]d) in a folder of its own and the server over it under
/// `limits`: the folder (removed when dropped), the store's file, the server's address.
async fn serving(limits: Limits) -> (tempfile::TempDir, PathBuf, SocketAddr) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tables.db");
    prepare(&path);
    let server = start(&path, limits).await;
    (dir, path, server)
}

/// A WebSocket to `server` with `headers`, `hello` said as `name`.
async fn connect(
    server: SocketAddr,
    headers: &[(&'static str, String)],
    name: &str,
) -> tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>> {
    let url = format!("ws://localhost:{}/ws", server.port());
    let mut request = url.into_client_request().unwrap();
    for (name, value) in headers {
        request.headers_mut().insert(*name, value.parse().unwrap());
    }
    let (mut socket, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    let hello = json!({"type": "hello", "protocol": server::protocol::VERSION, "name": name});
    socket.send(Message::text(hello.to_string())).await.unwrap();
    assert_eq!(next(&mut socket).await["type"], "welcome");
    socket
}

/// The next message.
async fn next(
    socket: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a message within 10 s")
            .unwrap()
            .unwrap();
        if let Message::Text(text) = message {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// The answer to joining `table`'s seat 0: `joined`, or an error.
async fn join(
    socket: &mut tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    table: &str,
) -> Value {
    let join = json!({"type": "join", "table": table, "seat": 0});
    socket.send(Message::text(join.to_string())).await.unwrap();
    loop {
        let message = next(socket).await;
        if message["type"] == "joined" || message["type"] == "error" {
            return message;
        }
    }
}

/// Sign-up, a second passkey, sign-out (the old cookie refused), sign-in by a look-alike
/// spelling of the name, a foreign origin's requests, claimed seats (only with their
/// token), a taken name, the WebSocket signed in, export and delete.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_signs_up_signs_in_and_out_exports_and_deletes() {
    let (_dir, path, server) = serving(Limits::default()).await;
    let mut first = authenticator();
    let seats = json!([
        {"table": "played", "seat": 0, "token": MINE},
        // Bob's seat with a token that is not its own, and a seat with none.
        {"table": "played", "seat": 2, "token": MINE},
        {"table": "played", "seat": 2, "token": ""},
    ]);
    let home = Browser::guest(server, HOME);
    let signed = sign_up(&home, &mut first, "Ada", seats).await;
    assert_eq!(signed.status, 200, "{}", signed.body);
    assert_eq!(signed.body["name"], "Ada");
    assert_eq!(signed.body["claimed"], 1);
    let set = signed.header("set-cookie").unwrap();
    for attribute in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=2592000"] {
        assert!(set.contains(attribute), "{set}");
    }
    assert!(set.starts_with("cardtable_session="), "{set}");
    let recovery = signed.body["recovery"].as_str().unwrap().to_string();
    let ada = Browser::signed_in(server, signed.cookie());

    // The seats: Ada's claimed, Bob's not.
    let store = Sqlite::open(&path).unwrap();
    let played = store.table("played").unwrap().unwrap();
    let account = played.seats[0].account.clone().expect("claimed");
    assert_eq!(
        played.seats[1].account, None,
        "Bob's seat, without its token"
    );

    let me = ada.get("/api/account").await;
    assert_eq!(me.status, 200, "{}", me.body);
    assert_eq!(me.body["name"], "Ada");
    assert_eq!(me.body["passkeys"].as_array().unwrap().len(), 1);
    assert_eq!(me.body["sessions"], 1);

    // The cookie from another origin's page is a guest's; changes from there refused.
    let evil = "Origin: http://evil.example";
    let guest = ada.send("GET", "/api/account", &[evil], None).await;
    assert_eq!(
        (guest.status, guest.code()),
        (401, "signed_out"),
        "{}",
        guest.body
    );
    let cross = "Sec-Fetch-Site: cross-site";
    let guest = ada.send("GET", "/api/account", &[cross], None).await;
    assert_eq!(guest.status, 401, "{}", guest.body);
    for path in ["/api/account/logout-all", "/api/account/delete"] {
        let refused = ada.send("POST", path, &[evil], None).await;
        assert_eq!((refused.status, refused.code()), (403, "origin"), "{path}");
    }

    // A second passkey.
    let mut second = authenticator();
    let started = ada
        .post("/api/account/passkeys/start", Some(json!({})))
        .await;
    let at = origin(server);
    let finish = finishing(&started, |o| second.do_registration(at, o).unwrap());
    let added = ada
        .post("/api/account/passkeys/finish", Some(finish.clone()))
        .await;
    assert_eq!(added.body, json!({"passkeys": 2}));
    // A ceremony finishes once.
    let again = ada.post("/api/account/passkeys/finish", Some(finish)).await;
    assert_eq!((again.status, again.code()), (400, "no_ceremony"));

    // Signed out, the cookie is refused however it is replayed.
    let out = ada.post("/api/account/logout", None).await;
    assert_eq!(out.status, 200);
    assert!(out.header("set-cookie").unwrap().contains("Max-Age=0"));
    let replayed = ada.get("/api/account").await;
    assert_eq!((replayed.status, replayed.code()), (401, "signed_out"));

    // Sign-in with the second passkey, the name written in capitals.
    let back = sign_in(server, &mut second, "ADA").await;
    assert_eq!(back.status, 200, "{}", back.body);
    assert_eq!(back.body["name"], "Ada");
    let ada = Browser::signed_in(server, back.cookie());
    assert_eq!(ada.get("/api/account").await.status, 200);

    // Ada with a Cyrillic A is Ada.
    let cyrillic = json!({"name": "\u{410}da"});
    let other = Browser::guest(server, "127.0.0.2");
    let started = other
        .post_bare("/api/account/register/start", cyrillic)
        .await;
    assert_eq!(
        (started.status, started.code()),
        (409, "name_taken"),
        "{}",
        started.body
    );

    // The WebSocket: signed in, Ada sits as herself; a guest calling itself ADA may not.
    let cookie = ada.cookie().to_string();
    let mut signed_in = connect(server, &[("cookie", cookie.clone())], "Ada").await;
    let joined = join(&mut signed_in, "open").await;
    assert_eq!(joined["type"], "joined", "{joined}");
    let open = store.table("open").unwrap().unwrap();
    assert_eq!(open.seats[0].account.as_ref(), Some(&account));
    let mut guest = connect(server, &[], "ADA").await;
    let refused = join(&mut guest, "open").await;
    assert_eq!(refused["code"], "name_taken", "{refused}");
    // The cookie on a foreign origin's upgrade: refused as today (403 origin).
    let url = format!("ws://localhost:{}/ws", server.port());
    let mut foreign = url.into_client_request().unwrap();
    foreign
        .headers_mut()
        .insert("cookie", cookie.parse().unwrap());
    let evil_origin = "http://evil.example".parse().unwrap();
    foreign.headers_mut().insert("origin", evil_origin);
    let refused = tokio_tungstenite::connect_async(foreign).await.unwrap_err();
    assert!(refused.to_string().contains("403"), "{refused}");

    // The recovery code works once and is replaced.
    let recover = |code: String| async move {
        let asked = json!({"name": "ada", "code": code});
        let browser = Browser::guest(server, "127.0.0.3");
        browser.post("/api/account/recover", Some(asked)).await
    };
    let recovered = recover(recovery.clone()).await;
    assert_eq!(recovered.status, 200, "{}", recovered.body);
    let next_code = recovered.body["recovery"].as_str().unwrap().to_string();
    assert_ne!(next_code, recovery);
    let spent = recover(recovery.clone()).await;
    assert_eq!((spent.status, spent.code()), (401, "bad_code"));
    assert_eq!(recover(next_code).await.status, 200);

    // Export: what is held, never a secret's hash.
    let export = ada.get("/api/account/export").await;
    assert_eq!(export.status, 200, "{}", export.body);
    assert!(export
        .header("content-disposition")
        .unwrap()
        .starts_with("attachment"));
    assert_eq!(export.body["account"]["name"], "Ada");
    assert_eq!(export.body["passkeys"].as_array().unwrap().len(), 2);
    let games: Vec<(&str, u64)> = (export.body["games"].as_array().unwrap().iter())
        .map(|g| (g["table"].as_str().unwrap(), g["seat"].as_u64().unwrap()))
        .collect();
    assert_eq!(games, [("played", 0), ("open", 0)]);
    let text = export.body.to_string();
    let session_hash = server_hash(cookie.split_once('=').unwrap().1);
    assert!(
        !text.contains(&session_hash),
        "no session's hash in the export"
    );
    assert!(!text.contains(&server_hash(&recovery.replace('-', ""))));

    // Delete: gone, seats renamed, cookie cleared.
    let deleted = ada.post("/api/account/delete", None).await;
    assert_eq!(deleted.status, 200, "{}", deleted.body);
    assert!(deleted.header("set-cookie").unwrap().contains("Max-Age=0"));
    let played = store.table("played").unwrap().unwrap();
    assert_eq!(
        (played.seats[0].name.as_str(), &played.seats[0].account),
        ("a deleted player", &None)
    );
    assert_eq!(played.seats[1].name, "Bob");
    assert_eq!(ada.get("/api/account").await.status, 401);
    let named = json!({"name": "Ada"});
    let somebody = Browser::guest(server, "127.0.0.4");
    let nobody = somebody.post_bare("/api/account/login/start", named).await;
    assert_eq!((nobody.status, nobody.code()), (404, "no_account"));
}

/// SHA-256 as hex, computed here by the sha2 crate (the server's own helper is not
/// asked).
fn server_hash(text: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A flood of sign-ups from one address stops at its bucket; another address goes on.
/// Ceremonies begun and never finished are bounded per address too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sign_ups_and_ceremonies_are_bounded_per_address() {
    let limits = Limits {
        sign_ups_per_hour: 3,
        ceremonies_per_address: 2,
        ..Limits::default()
    };
    let (_dir, _, server) = serving(limits).await;
    let start_from = |from: &'static str, n: usize| async move {
        let named = json!({"name": format!("Flood {n}")});
        let browser = Browser::guest(server, from);
        browser
            .post_bare("/api/account/register/start", named)
            .await
    };
    // Two ceremonies under way from one address, the third refused for that.
    assert_eq!(start_from("127.0.0.5", 1).await.status, 200);
    assert_eq!(start_from("127.0.0.5", 2).await.status, 200);
    let third = start_from("127.0.0.5", 3).await;
    assert_eq!((third.status, third.code()), (429, "rate_limited"));
    assert!(third.message().contains("ceremonies"), "{}", third.body);
    // The fourth is refused by the hour's bucket (three taken), whatever the ceremonies.
    let fourth = start_from("127.0.0.5", 4).await;
    assert_eq!((fourth.status, fourth.code()), (429, "rate_limited"));
    assert!(
        fourth.message().contains("sign-ups an hour"),
        "{}",
        fourth.body
    );
    assert_eq!(
        start_from("127.0.0.6", 5).await.status,
        200,
        "another address"
    );
    // Bad names are refused with a reason.
    let browser = Browser::guest(server, "127.0.0.7");
    let bad = json!({"name": "Computer 2"});
    let bad = browser.post_bare("/api/account/register/start", bad).await;
    assert_eq!((bad.status, bad.code()), (400, "bad_name"));
    let malformed = json!({"nom": 1});
    let malformed = browser
        .post_bare("/api/account/register/start", malformed)
        .await;
    assert_eq!((malformed.status, malformed.code()), (400, "malformed"));
}

/// An account holds at most `sessions_per_account` sessions: a new one ends the oldest.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_oldest_session_past_the_most_is_ended() {
    let limits = Limits {
        sessions_per_account: 2,
        ..Limits::default()
    };
    let (_dir, _, server) = serving(limits).await;
    let mut passkey = authenticator();
    let home = Browser::guest(server, HOME);
    let first = sign_up(&home, &mut passkey, "Cy", json!([])).await;
    assert_eq!(first.status, 200, "{}", first.body);
    let mut sessions = vec![Browser::signed_in(server, first.cookie())];
    for _ in 0..2 {
        // Sessions are ordered by the second they began.
        tokio::time::sleep(Duration::from_millis(1100)).await;
        let next = sign_in(server, &mut passkey, "Cy").await;
        assert_eq!(next.status, 200, "{}", next.body);
        sessions.push(Browser::signed_in(server, next.cookie()));
    }
    let status = |n: usize| sessions[n].get("/api/account");
    assert_eq!(status(0).await.status, 401, "the oldest ended");
    let newest = status(2).await;
    assert_eq!(newest.status, 200);
    assert_eq!(newest.body["sessions"], 2);
    assert_eq!(status(1).await.status, 200);
    // Everywhere: both end.
    let all = sessions[2].post("/api/account/logout-all", None).await;
    assert_eq!(all.body["signed_out"], 2, "{}", all.body);
    assert_eq!(status(1).await.status, 401);
}

/// Two nodes sharing one PostgreSQL store, as the deploy runs them behind a round-robin
/// balancer: every passkey ceremony begun at one node finishes at the other (a sign-up,
/// a sign-in, a new passkey), once; and the ceremonies one address has under way are
/// counted over both nodes. Before the ceremonies were kept in the store, each node knew
/// only its own, and every finish here was refused `no_ceremony`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_ceremony_begun_at_one_node_finishes_at_another() {
    let Some(url) = testkit::postgres_database() else {
        return;
    };
    let limits = Limits {
        ceremonies_per_address: 2,
        ..Limits::default()
    };
    let one = start_node(
        server::StoreAt::Postgres(url.clone()),
        limits.clone(),
        "one",
    )
    .await;
    let two = start_node(server::StoreAt::Postgres(url), limits, "two").await;
    let mut passkey = authenticator();

    // Sign-up: begun at one, finished at two; the same finish again, at one, is refused.
    let named = json!({"name": "Ada"});
    let started = (Browser::guest(one, HOME))
        .post("/api/account/register/start", Some(named))
        .await;
    let at = origin(one);
    let mut finish = finishing(&started, |o| passkey.do_registration(at, o).unwrap());
    finish["seats"] = json!([]);
    let path = "/api/account/register/finish";
    let signed = Browser::guest(two, HOME)
        .post(path, Some(finish.clone()))
        .await;
    assert_eq!(signed.status, 200, "{}", signed.body);
    assert_eq!(signed.body["name"], "Ada");
    let again = Browser::guest(one, HOME).post(path, Some(finish)).await;
    assert_eq!(
        (again.status, again.code()),
        (400, "no_ceremony"),
        "{}",
        again.body
    );

    // Sign-in: begun at two, finished at one.
    let named = json!({"name": "ada"});
    let started = (Browser::guest(two, HOME))
        .post("/api/account/login/start", Some(named))
        .await;
    let at = origin(two);
    let finish = finishing(&started, |o| passkey.do_authentication(at, o).unwrap());
    let back = (Browser::guest(one, HOME))
        .post("/api/account/login/finish", Some(finish))
        .await;
    assert_eq!(back.status, 200, "{}", back.body);
    assert_eq!(back.body["name"], "Ada");

    // A second passkey: begun at one, finished at two, the session's cookie at both.
    let cookie = back.cookie();
    let mut second = authenticator();
    let started = (Browser::signed_in(one, cookie.clone()))
        .post("/api/account/passkeys/start", Some(json!({})))
        .await;
    let at = origin(one);
    let finish = finishing(&started, |o| second.do_registration(at, o).unwrap());
    let added = (Browser::signed_in(two, cookie))
        .post("/api/account/passkeys/finish", Some(finish))
        .await;
    assert_eq!(added.body, json!({"passkeys": 2}));

    // One address's ceremonies under way are counted over both nodes: two begun at one,
    // the third refused at two.
    let start_at = |server: SocketAddr, n: usize| async move {
        let named = json!({"name": format!("Flood {n}")});
        (Browser::guest(server, "127.0.0.8"))
            .post_bare("/api/account/register/start", named)
            .await
    };
    assert_eq!(start_at(one, 1).await.status, 200);
    assert_eq!(start_at(one, 2).await.status, 200);
    let third = start_at(two, 3).await;
    assert_eq!(
        (third.status, third.code()),
        (429, "rate_limited"),
        "{}",
        third.body
    );
    assert!(third.message().contains("ceremonies"), "{}", third.body);
}
