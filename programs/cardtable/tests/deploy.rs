//! The deploy of docs/DEPLOY.md as its files say it: deploy/compose.yaml's nodes run as
//! plain processes with the commands the file gives them, deploy/nginx.conf in front of
//! them in Debian's nginx, on the throwaway PostgreSQL cluster. No Docker engine runs
//! here, so the compose network is mapped onto loopback: each service's host name and
//! port to a free port of 127.0.0.1, the compose network (where the proxy and the other
//! node stand) to 127.0.0.1/32, the database URL to a database of the cluster's, and
//! `${VAR:-default}` to its default. Test clients connect from other 127.x.y.z addresses.
//! Through the proxy: two people on one table land on different nodes and play; one
//! address is held to the proxy's 16 connections over both nodes; `/metrics` is not
//! served; and five times the table's node is killed (`kill -9`), the people reconnect
//! through the proxy, find every accepted action on the other node and play on.

mod common;

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::{Client, Served};
use serde_json::{json, Value};

/// The repository's deploy folder.
fn deploy() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy")
}

/// A free port on loopback, for a service to listen on.
fn free_port() -> u16 {
    let socket = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    socket.local_addr().unwrap().port()
}

/// The compose services' commands, mapped onto loopback.
struct Loopback {
    /// `node1:8080` → `127.0.0.1:PORT`, for every service that listens.
    hosts: BTreeMap<String, String>,
    /// The database the nodes share.
    database: String,
}

impl Loopback {
    /// One argument of a compose command as it runs here.
    fn map(&self, arg: &str, service: &str) -> String {
        if let Some(rest) = arg.strip_prefix("${") {
            let (_, default) = rest
                .trim_end_matches('}')
                .split_once(":-")
                .expect("a default");
            return default.to_string();
        }
        if arg.starts_with("postgres://") {
            return self.database.clone();
        }
        if arg.starts_with("10.77.0.") {
            return "127.0.0.1/32".to_string();
        }
        if arg.starts_with("0.0.0.0:") {
            return self.hosts[&format!("{service}:8080")].clone();
        }
        self.hosts
            .get(arg)
            .cloned()
            .unwrap_or_else(|| arg.to_string())
    }
}

/// The running deploy: the nodes by service name, and nginx.
struct Deploy {
    nodes: BTreeMap<String, Served>,
    /// Each node's command, to start it again.
    commands: BTreeMap<String, Vec<String>>,
    proxy: String,
    nginx: Child,
    _dir: tempfile::TempDir,
}

impl Drop for Deploy {
    fn drop(&mut self) {
        let _ = self.nginx.kill();
        let _ = self.nginx.wait();
    }
}

fn nginx() -> Option<PathBuf> {
    let found = ["/usr/sbin/nginx", "/usr/bin/nginx"].map(PathBuf::from);
    found.into_iter().find(|p| p.exists())
}

/// Starts deploy/compose.yaml's nodes and proxy on loopback over `database`.
fn start(database: String, nginx: &Path) -> Deploy {
    let compose: Value = serde_norway::from_str(&testkit::read(&deploy().join("compose.yaml")))
        .expect("compose.yaml is YAML");
    let services = compose["services"].as_object().expect("services").clone();
    let nodes: Vec<&String> = services
        .iter()
        .filter(|(_, s)| s["command"].as_array().is_some_and(|c| c[0] == "serve"))
        .map(|(name, _)| name)
        .collect();
    assert_eq!(nodes.len(), 2, "two nodes: {nodes:?}");
    let hosts = nodes
        .iter()
        .map(|name| (format!("{name}:8080"), format!("127.0.0.1:{}", free_port())))
        .collect();
    let loopback = Loopback { hosts, database };
    let (mut running, mut commands) = (BTreeMap::new(), BTreeMap::new());
    for name in nodes {
        let command = services[name]["command"].as_array().unwrap();
        let args: Vec<String> = (command.iter())
            .map(|a| loopback.map(a.as_str().expect("a word"), name))
            .collect();
        running.insert(name.clone(), Served::running(args.iter().map(OsStr::new)));
        commands.insert(name.clone(), args);
    }
    // The proxy's configuration, as compose mounts it, with the upstreams on loopback.
    let volumes = services["proxy"]["volumes"]
        .as_array()
        .expect("the proxy's volumes");
    let mount = volumes[0].as_str().unwrap();
    assert!(mount.ends_with(":/etc/nginx/nginx.conf:ro"), "{mount}");
    let source = mount.split(':').next().unwrap();
    let mut config = testkit::read(&deploy().join(source));
    for (host, at) in &loopback.hosts {
        config = config.replace(&format!("server {host}"), &format!("server {at}"));
    }
    let proxy = format!("127.0.0.1:{}", free_port());
    assert!(config.contains("listen 80;"));
    config = config.replace("listen 80;", &format!("listen {proxy};"));
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("nginx.conf"), config).unwrap();
    let prefix = dir.path().to_str().unwrap();
    let nginx = Command::new(nginx)
        .args(["-p", prefix, "-c", "nginx.conf", "-e", "error.log"])
        .args(["-g", &format!("daemon off; pid {prefix}/nginx.pid;")])
        .stdout(Stdio::null())
        .spawn()
        .expect("nginx starts");
    let up = (0..100).any(|_| {
        std::thread::sleep(Duration::from_millis(50));
        std::net::TcpStream::connect(&proxy).is_ok()
    });
    assert!(up, "nginx listens on {proxy}");
    Deploy {
        nodes: running,
        commands,
        proxy,
        nginx,
        _dir: dir,
    }
}

/// A person through the proxy, from the loopback address `source`.
async fn person(proxy: &str, source: &str, name: &str) -> Client {
    let mut client = Client::connect_from(proxy, source).await;
    client.hello(name).await;
    client
}

/// The two people at seats 0 and 1 play `actions` actions between them (each its first
/// legal one, on its turn, and both continuing at a hand's end): the last `seq` both saw.
async fn take_turns(people: &mut [(Client, Value); 2], table: &str, actions: usize) -> u64 {
    let mut acted = 0;
    loop {
        for (client, last) in people.iter_mut() {
            while let Some(frame) = client.try_next(Duration::from_millis(300)).await {
                if frame["type"] == "snapshot" {
                    *last = frame;
                }
            }
        }
        let scene = &people[0].1["scene"];
        if scene["turn"].is_null()
            && !scene["hand_end"].is_null()
            && people[0].1["finished"] != true
        {
            // Between hands the deal waits for both to have read the hand's end: say so,
            // so no node dies with a deal still to come (nobody would be there to wait for
            // after the takeover, and it would deal at once).
            for (client, last) in people.iter_mut() {
                let read = json!({"type": "continue", "table": table, "seq": last["seq"]});
                client.send(read).await;
            }
            continue;
        }
        if acted >= actions {
            break;
        }
        if let Some(seat @ 0..=1) = people[0].1["scene"]["turn"].as_u64() {
            let (client, last) = &mut people[seat as usize];
            let action = last["own"]["actions"][0].clone();
            let message =
                json!({"type": "act", "table": table, "seq": last["seq"], "action": action});
            client.send(message).await;
            acted += 1;
        }
    }
    for (client, last) in people.iter_mut() {
        while let Some(frame) = client.try_next(Duration::from_millis(300)).await {
            if frame["type"] == "snapshot" {
                *last = frame;
            }
        }
    }
    assert_eq!(
        people[0].1["seq"], people[1].1["seq"],
        "both saw every action"
    );
    people[0].1["seq"].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_compose_deploy_runs_behind_its_proxy() {
    let Some(nginx) = nginx() else {
        return testkit::missing("no nginx: scripts/test.sh installs Debian's nginx-light");
    };
    let Some(database) = testkit::postgres_database() else {
        return;
    };
    let mut deploy = start(database, &nginx);
    let proxy = deploy.proxy.clone();

    // Two people at one table through the proxy, which sends them to different nodes.
    let mut ada = person(&proxy, "127.0.0.2", "Ada").await;
    let spec =
        json!({"game": "euchre", "rules": "cs246", "seats": ["open", "open", "random", "random"]});
    let table = ada.create(spec).await;
    let (ada_token, ada_last) = ada.join(&table, 0).await;
    let mut bea = person(&proxy, "127.0.0.3", "Bea").await;
    let (bea_token, bea_last) = bea.join(&table, 1).await;
    let mut people = [(ada, ada_last), (bea, bea_last)];
    let seq = take_turns(&mut people, &table, 4).await;
    assert!(seq >= 4, "both played: {seq}");

    // One address holds at most 16 connections through the proxy, over both nodes.
    let mut held = Vec::new();
    let refused = loop {
        match Client::try_connect_from(&proxy, "127.0.0.4").await {
            Ok(client) => held.push(client),
            Err(refusal) => break refusal,
        }
        assert!(held.len() <= 16, "the proxy let a 17th connection through");
    };
    assert_eq!(held.len(), 16, "{refused}");
    assert!(refused.to_string().contains("429"), "{refused}");
    drop(held);

    // The metrics are the nodes' own, never the proxy's to give.
    let (status, _) = http_get(&proxy, "/metrics");
    assert_eq!(status, 404);
    // Five times: the table's node dies (kill -9); both people come back through the
    // proxy to the other node, find every accepted action and play on; the dead node is
    // started again with its command.
    let tokens = [(ada_token, "127.0.0.2"), (bea_token, "127.0.0.3")];
    let mut seq = seq;
    for round in 0..5 {
        let owner = (deploy.nodes.iter())
            .find(|(_, node)| node.get("/metrics").contains("cardtable_leases_held 1"))
            .map(|(name, _)| name.clone())
            .expect("one node holds the table's lease");
        deploy.nodes.get_mut(&owner).unwrap().kill();
        let mut back = Vec::new();
        for (token, source) in &tokens {
            let (client, found) = rejoin_through(&proxy, source, &table, token).await;
            assert_eq!(
                found["seq"].as_u64(),
                Some(seq),
                "round {round}: no accepted action lost"
            );
            back.push((client, found));
        }
        let mut people: [(Client, Value); 2] = back.try_into().ok().unwrap();
        seq = take_turns(&mut people, &table, 2).await;
        let args = &deploy.commands[&owner];
        deploy
            .nodes
            .insert(owner.clone(), Served::running(args.iter().map(OsStr::new)));
    }
}

/// The person with `token` back at `table` through the proxy from `source`, once a node
/// runs it (until the dead node's lease runs out, its relay fails and the connection
/// ends), as a browser reconnects: the client and its first snapshot.
async fn rejoin_through(proxy: &str, source: &str, table: &str, token: &str) -> (Client, Value) {
    for _ in 0..100 {
        // The proxy answers 502 while it counts every node down (each refused it lately).
        let Ok(mut back) = Client::try_connect_from(proxy, source).await else {
            tokio::time::sleep(Duration::from_millis(300)).await;
            continue;
        };
        back.hello("back").await;
        back.rejoin(table, token).await;
        while let Some(frame) = back.try_next(Duration::from_secs(10)).await {
            match frame["type"].as_str() {
                Some("snapshot") => return (back, frame),
                Some("joined") => continue,
                _ => break,
            }
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    panic!("{table} is never found on the other node");
}

/// A plain HTTP GET: the status and the body.
fn http_get(address: &str, path: &str) -> (u16, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    write!(stream, "GET {path} HTTP/1.0\r\nHost: {address}\r\n\r\n").unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

/// The image's default command (the Dockerfile's `CMD` after its `ENTRYPOINT`) serves one
/// node on SQLite, with the file in the data folder: run here with the folder and port
/// mapped onto a temporary folder and a free loopback port.
#[test]
fn the_images_default_command_serves_one_node_on_sqlite() {
    let dockerfile = testkit::read(&deploy().join("../Dockerfile"));
    let words = |directive: &str| -> Vec<String> {
        let line = (dockerfile.lines())
            .find_map(|l| l.strip_prefix(directive))
            .unwrap_or_else(|| panic!("the Dockerfile has no {directive}"));
        serde_json::from_str(line).expect("an exec-form JSON array")
    };
    assert_eq!(words("ENTRYPOINT "), ["cardtable"]);
    assert!(dockerfile.contains("cargo build --release --locked -p cardtable"));
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let args: Vec<String> = (words("CMD ").iter())
        .map(|w| match w.as_str() {
            "0.0.0.0:8080" => "127.0.0.1:0".to_string(),
            other => other.replace("/data", data),
        })
        .collect();
    let served = Served::running(args.iter().map(OsStr::new));
    assert_eq!(served.get("/healthz"), "ok");
    assert!(
        dir.path().join("cardtable.sqlite").exists(),
        "the store is in the data folder"
    );
}
