//! docs/PROTOCOL.md is the contract: every limit its edge table names is a flag of
//! `cardtable serve` with the default the table gives, and every error code its table
//! lists is tripped here against the real server (issue 40: the protocol-2 rewrite had
//! dropped the codes and the edge, and nothing noticed).

mod common;

use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use common::{Client, Served};
use serde_json::{json, Value};

fn protocol_doc() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/PROTOCOL.md");
    std::fs::read_to_string(path).unwrap()
}

/// The rows of the first table under `heading`, each cell trimmed, header and rule left
/// out.
fn table_under(doc: &str, heading: &str) -> Vec<Vec<String>> {
    let start = doc.find(heading).unwrap_or_else(|| panic!("no {heading}"));
    doc[start..]
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            l.trim_matches('|')
                .split(" | ")
                .map(|c| c.trim().trim_matches('`').to_string())
                .collect()
        })
        .collect()
}

/// `cardtable serve --help`'s limits: each flag with a default, and the default.
fn help_defaults() -> Vec<(String, String)> {
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args(["serve", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    let mut defaults = Vec::new();
    let mut flag = None;
    for line in help.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("--") {
            flag = rest.split_whitespace().next().map(|f| format!("--{f}"));
        }
        if let (Some(f), Some(at)) = (&flag, line.find("[default: ")) {
            let value = line[at + 10..].trim_end_matches(']').to_string();
            defaults.push((f.clone(), value));
        }
    }
    defaults
}

#[test]
fn every_limit_in_the_doc_is_a_flag_with_that_default() {
    let rows = table_under(&protocol_doc(), "### The edge");
    let documented: Vec<(String, String)> =
        rows.iter().map(|r| (r[0].clone(), r[1].clone())).collect();
    let defaults = help_defaults();
    for (flag, default) in &defaults {
        if ["--listen", "--data", "--log-format", "--lease-seconds"].contains(&flag.as_str()) {
            continue;
        }
        // No limit: a table's pace, said where the doc explains it.
        if flag == "--table-speed" {
            assert!(protocol_doc().contains("`--table-speed` (default `normal`)"));
            continue;
        }
        let (_, doc) = documented
            .iter()
            .find(|(f, _)| f == flag)
            .unwrap_or_else(|| panic!("{flag} is a limit the edge table does not name"));
        // A default that depends on the machine (half the CPUs) is said in words.
        if let Ok(number) = doc.replace(',', "").parse::<u64>() {
            assert_eq!(number.to_string(), *default, "{flag}");
        } else {
            assert!(flag == "--computer-threads", "{flag}: {doc}");
        }
    }
    for (flag, _) in &documented {
        assert!(
            defaults.iter().any(|(f, _)| f == flag),
            "the doc names {flag}, which is no flag"
        );
    }
}

/// The status and JSON body of a raw HTTP request.
fn http(served: &Served, request: &str) -> (u16, Value) {
    let mut stream = TcpStream::connect(&served.address).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut response = String::new();
    let _ = stream.read_to_string(&mut response);
    let status = response[9..12].parse().unwrap();
    let body = response.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

fn upgrade_request(host: &str, key: &str, origin: &str) -> String {
    format!(
        "GET /ws HTTP/1.1\r\nHost: {host}\r\nConnection: Upgrade, close\r\nUpgrade: websocket\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: {key}\r\n{origin}\r\n"
    )
}

/// The code of the next `error` the client receives.
async fn code(client: &mut Client) -> String {
    client.until("error").await["code"]
        .as_str()
        .unwrap()
        .to_string()
}

/// A client from its own loopback address, `hello` said.
async fn person(served: &Served, source: &str, name: &str) -> Client {
    let mut client = Client::connect_from(&served.address, source).await;
    client.hello(name).await;
    client
}

/// The WebSocket codes, each tripped as a client would; the codes seen.
async fn websocket_codes(served: &Served, data: &std::path::Path) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut raw = Client::connect_from(&served.address, "127.0.0.50").await;
    raw.send(json!({"type": "list"})).await;
    seen.insert(code(&mut raw).await);
    raw.send(json!({"type": "hello", "protocol": 4, "name": "You"}))
        .await;
    seen.insert(code(&mut raw).await);
    raw.hello("Ada").await;
    raw.send_text("not json".into()).await;
    seen.insert(code(&mut raw).await);
    raw.send_text(format!(
        "{{\"type\":\"list\",\"x\":\"{}\"}}",
        "y".repeat(70_000)
    ))
    .await;
    seen.insert(code(&mut raw).await);
    raw.send(json!({"type": "watch", "table": format!("{:032x}", 1)}))
        .await;
    seen.insert(code(&mut raw).await);
    raw.send(json!({"type": "create", "game": "chess", "seats": []}))
        .await;
    seen.insert(code(&mut raw).await);

    let mut ada = person(served, "127.0.0.51", "Ada").await;
    let table = ada
        .create(json!({"game": "euchre", "seats": ["open", "open", "handout", "handout"]}))
        .await;
    ada.join(&table, 0).await;
    let mut bea = person(served, "127.0.0.52", "Bea").await;
    bea.send(json!({"type": "join", "table": table, "seat": 0}))
        .await;
    seen.insert(code(&mut bea).await);
    bea.send(json!({"type": "join", "table": table, "seat": 9}))
        .await;
    seen.insert(code(&mut bea).await);
    // A guest at a rated table.
    let rated = ada
        .create(json!({"game": "euchre", "seats": ["open", "open", "open", "open"], "rated": true}))
        .await;
    bea.send(json!({"type": "join", "table": rated, "seat": 0}))
        .await;
    seen.insert(code(&mut bea).await);
    let (_, now) = bea.join(&table, 1).await;
    let turn = now["scene"]["turn"].as_u64().unwrap();
    let seq = now["seq"].clone();
    // Two people at the table: the coach is off unless its creator said otherwise.
    bea.send(json!({"type": "coach", "table": table, "seq": seq}))
        .await;
    seen.insert(code(&mut bea).await);
    let (mover, waiter) = if turn == 0 {
        (&mut ada, &mut bea)
    } else {
        (&mut bea, &mut ada)
    };
    let legal = now["own"]["actions"]
        .as_array()
        .filter(|l| !l.is_empty())
        .cloned()
        .unwrap_or_default();
    waiter
        .send(json!({"type": "act", "table": table, "seq": seq, "action": "Pass"}))
        .await;
    seen.insert(code(waiter).await);
    mover
        .send(json!({"type": "act", "table": table, "seq": seq, "action": {"Play": "AS"}}))
        .await;
    seen.insert(code(mover).await);
    mover
        .send(json!({"type": "act", "table": table, "seq": 1_000_000, "action": "Pass"}))
        .await;
    seen.insert(code(mover).await);
    let action = legal.first().cloned().unwrap_or(json!("Pass"));
    mover
        .send(json!({"type": "act", "table": table, "seq": seq, "action": action}))
        .await;
    mover.until("snapshot").await;
    mover
        .send(json!({"type": "act", "table": table, "seq": seq, "action": action}))
        .await;
    seen.insert(code(mover).await);

    // The store locked by another writer: a seat cannot be stored.
    let other = ada
        .create(json!({"game": "euchre", "seats": ["open", "random", "random", "random"]}))
        .await;
    let lock = rusqlite::Connection::open(data).unwrap();
    lock.execute_batch("BEGIN EXCLUSIVE").unwrap();
    ada.send(json!({"type": "join", "table": other, "seat": 0}))
        .await;
    seen.insert(code(&mut ada).await);
    drop(lock);

    let mut flooder = person(served, "127.0.0.53", "Flo").await;
    for _ in 0..60 {
        flooder.send(json!({"type": "list"})).await;
    }
    seen.insert(code(&mut flooder).await);

    let mut silent = Client::connect_from(&served.address, "127.0.0.54").await;
    seen.insert(code(&mut silent).await);
    seen
}

/// The HTTP codes, each tripped; the codes seen.
fn http_codes(served: &Served, full: &Served, in_play: &str) -> BTreeSet<String> {
    const KEY: &str = "dGhlIHNhbXBsZSBub25jZQ==";
    let host = served.address.as_str();
    let requests = [
        (served, upgrade_request(host, "not base64!", ""), 400),
        (
            served,
            upgrade_request(host, KEY, "Origin: http://evil.example\r\n"),
            403,
        ),
        (served, upgrade_request("evil.example", KEY, ""), 421),
        (
            served,
            format!("GET /api/games/{in_play}/record HTTP/1.0\r\nHost: {host}\r\n\r\n"),
            403,
        ),
        (
            served,
            format!(
                "GET /api/games/{:032x}/record HTTP/1.0\r\nHost: {host}\r\n\r\n",
                3
            ),
            404,
        ),
        (full, upgrade_request(&full.address, KEY, ""), 503),
        (
            served,
            format!("GET /api/leaderboard/chess/standard HTTP/1.0\r\nHost: {host}\r\n\r\n"),
            404,
        ),
        (
            served,
            format!(
                "GET /api/leaderboard/euchre/eecs280?after=99999 HTTP/1.0\r\nHost: {host}\r\n\r\n"
            ),
            400,
        ),
        (
            served,
            format!("GET /api/account/games HTTP/1.0\r\nHost: {host}\r\n\r\n"),
            401,
        ),
        (
            served,
            format!("GET /api/users/nobody HTTP/1.0\r\nHost: {host}\r\n\r\n"),
            404,
        ),
    ];
    let mut seen = BTreeSet::new();
    for (server, request, status) in requests {
        let (got, body) = http(server, &request);
        assert_eq!(got, status, "{request}: {body}");
        seen.insert(body["code"].as_str().unwrap_or("").to_string());
    }
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_error_code_in_the_doc_is_tripped() {
    let documented: BTreeSet<String> = table_under(&protocol_doc(), "### Error codes")
        .into_iter()
        .map(|row| row[0].clone())
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("db.sqlite");
    let served = Served::start_with(&data, &["--hello-seconds", "1"]);
    let full_dir = tempfile::tempdir().unwrap();
    let full = Served::start_with(
        &full_dir.path().join("db.sqlite"),
        &["--max-connections", "1"],
    );
    let _holding = Client::connect(&full.address, "held").await;
    let mut seen = websocket_codes(&served, &data).await;
    let mut owner = Client::connect(&served.address, "Own").await;
    let in_play = owner
        .create(json!({"game": "euchre", "seats": ["open", "random", "random", "random"]}))
        .await;
    seen.extend(http_codes(&served, &full, &in_play));
    assert_eq!(seen, documented, "tripped ≠ documented");
}

/// docs/protocol.schema.json is what the protocol's Rust types make: every message a
/// client sends, every message the server sends (the snapshot with its scene), and a
/// finished game's steps, the versions as constants (regenerate the file with
/// `CARDTABLE_BLESS=1 cargo test -p cardtable --test protocol_doc`).
#[test]
fn the_checked_in_protocol_schema_is_the_messages_types() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/protocol.schema.json"
    );
    let made = server::protocol::schema();
    if std::env::var_os("CARDTABLE_BLESS").is_some() {
        std::fs::write(path, &made).unwrap();
    }
    let kept = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        kept == made,
        "docs/protocol.schema.json differs from the protocol's types"
    );
    let schema: Value = serde_json::from_str(&made).unwrap();
    let defs = &schema["$defs"];
    for name in [
        "ClientMsg",
        "ServerMsg",
        "Snapshot",
        "Replay",
        "Step",
        "Scene",
        "Own",
    ] {
        assert!(defs[name].is_object(), "the schema defines {name}");
    }
    let scene_version = &defs["Scene"]["properties"]["version"]["const"];
    assert_eq!(scene_version, &json!(scene::SCENE_VERSION));
    let text = defs["ServerMsg"].to_string();
    assert!(text.contains(&format!("\"const\":{}", server::protocol::VERSION)));
}
