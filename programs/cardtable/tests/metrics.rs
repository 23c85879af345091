//! `/metrics` in Prometheus text, counted from a real server's work: a game's accepted
//! actions, the wait from a person's act to its snapshot, the store's commits, refusals by
//! code, the tables and connections open; and `--log-format json`'s log lines.

mod common;

use std::collections::BTreeMap;
use std::process::{Command, Stdio};

use common::{Client, Served};
use serde_json::json;

/// Each sample line (`name{labels} value`) of the exposition, by its name with labels.
fn samples(text: &str) -> BTreeMap<String, f64> {
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| {
            let (name, value) = line.rsplit_once(' ').expect("name and value");
            (name.to_string(), value.parse().expect("a number"))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_count_what_the_server_did() {
    let served = Served::in_temp();
    let spec = json!({"game": "straights", "seats": ["open", "handout", "handout", "handout"]});
    let (mut ada, table) = Client::opening(&served.address, "Ada", spec).await;
    let (_, mut now) = ada.join(&table, 0).await;
    // Three of Ada's own actions, each answered by a snapshot.
    let mut acted = 0;
    while acted < 3 {
        if now["scene"]["turn"] == 0 {
            let action = now["own"]["actions"][0].clone();
            let seq = now["seq"].clone();
            ada.send(json!({"type": "act", "table": table, "seq": seq, "action": action}))
                .await;
            acted += 1;
        }
        now = ada.until("snapshot").await;
    }
    // One refusal: an act quoting a seq long gone.
    ada.send(json!({"type": "act", "table": table, "seq": 0, "action": "Pass"}))
        .await;
    assert_eq!(ada.until("error").await["code"], "stale");
    let (head, body) = served.response("/metrics");
    assert!(
        head.contains("content-type: text/plain; version=0.0.4"),
        "{head}"
    );
    let got = samples(&body);
    let seq = now["seq"].as_f64().unwrap();
    assert_eq!(
        got["cardtable_actions_total"], seq,
        "every accepted action stored"
    );
    assert!(
        got["cardtable_act_to_snapshot_seconds_count"] >= 3.0,
        "{body}"
    );
    assert!(got["cardtable_store_write_seconds_count"] >= 1.0, "{body}");
    // Each group commit answers at least one table's hand-over.
    assert!(
        got["cardtable_journal_wait_seconds_count"] >= got["cardtable_store_write_seconds_count"],
        "{body}"
    );
    // Each flush makes at least one commit durable, and every commit is flushed before
    // its tables hear of it (the metrics are read after the snapshots came).
    let flushes = got["cardtable_store_flush_seconds_count"];
    assert!(
        flushes >= 1.0 && flushes <= got["cardtable_store_write_seconds_count"],
        "{body}"
    );
    assert_eq!(got["cardtable_refusals_total{code=\"stale\"}"], 1.0);
    assert_eq!(got["cardtable_tables_open"], 1.0);
    assert_eq!(got["cardtable_connections"], 1.0);
    assert_eq!(got["cardtable_leases_held"], 1.0, "the one table's");
}

#[test]
fn json_logs_are_one_object_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args([
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--log-format",
            "json",
            "--data",
        ])
        .arg(dir.path().join("db.sqlite"))
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let line = common::first_line(child.stderr.take().unwrap());
    let _ = child.kill();
    let _ = child.wait();
    let logged: serde_json::Value = serde_json::from_str(&line).expect("a JSON object");
    assert_eq!(logged["level"], "INFO", "{line}");
    assert!(logged["fields"]["message"].is_string(), "{line}");
}
