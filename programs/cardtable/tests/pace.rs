//! The pace of a table someone is at (docs/PROTOCOL.md, "Pace"): the real server on a
//! loopback port, real WebSocket clients. The floors are the issue's, from the card
//! sites: at the normal speed a computer's card is in view at least half a second before
//! the next change, a finished trick with its taker at least a second; a table of
//! computers alone keeps its full speed; a seated person's `hurry` ends the wait.

mod common;

use std::time::{Duration, Instant};

use common::{Client, Served};
use serde_json::{json, Value};

/// A one-point Euchre table: the person in seat 0, three random computers, at `speed`.
fn spec(speed: &str) -> Value {
    json!({
        "game": "euchre", "points": 1, "seats": ["open", "random", "random", "random"],
        "speed": speed,
    })
}

/// Whether `snapshot` shows a trick just finished (all four cards, none in play).
fn trick_just_taken(snapshot: &Value) -> bool {
    let middle = &snapshot["scene"]["middle"];
    middle["current"].is_null()
        && middle["last"]["plays"]
            .as_array()
            .is_some_and(|p| p.len() == 4)
}

/// Whether `snapshot` asks a computer to act.
fn computer_to_act(snapshot: &Value) -> bool {
    let turn = &snapshot["scene"]["turn"];
    turn.as_u64()
        .is_some_and(|seat| snapshot["scene"]["seats"][seat as usize]["presence"] == "computer")
}

/// The next snapshot and when it came.
async fn next_snapshot(client: &mut Client) -> (Instant, Value) {
    loop {
        let frame = client.next().await;
        if frame["type"] == "snapshot" {
            return (Instant::now(), frame);
        }
        assert_ne!(frame["type"], "error", "{frame}");
    }
}

/// Plays the person's first legal action, or reads the hand's end.
async fn answer(client: &mut Client, table: &str, snapshot: &Value) {
    let seq = &snapshot["seq"];
    if snapshot["scene"]["turn"] == 0 {
        let action = snapshot["own"]["actions"][0].clone();
        client
            .send(json!({"type": "act", "table": table, "seq": seq, "action": action}))
            .await;
    } else if snapshot["scene"]["turn"].is_null() && !snapshot["scene"]["hand_end"].is_null() {
        client
            .send(json!({"type": "continue", "table": table, "seq": seq}))
            .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_sees_each_computer_card_and_each_finished_trick_for_its_beat() {
    let served = Served::in_temp();
    let (mut person, table) = Client::opening(&served.address, "Ann", spec("normal")).await;
    person.join(&table, 0).await;
    let mut last = next_snapshot(&mut person).await;
    let (mut cards, mut tricks) = (0, 0);
    while (cards < 6 || tricks < 1) && last.1["finished"] != true {
        answer(&mut person, &table, &last.1).await;
        let next = next_snapshot(&mut person).await;
        let (before, after) = (&last.1, &next.1);
        // A computer's action that followed one the person saw.
        let by_computer = after["seq"].as_u64() == before["seq"].as_u64().map(|s| s + 1)
            && computer_to_act(before);
        // A trick just taken says how long it stays: what a face waits before drawing a
        // hand's end over it.
        if trick_just_taken(after) {
            assert!(
                after["hold_ms"].as_u64().unwrap() >= 1000,
                "{}",
                after["hold_ms"]
            );
        }
        if by_computer {
            let shown = next.0 - last.0;
            let floor = if trick_just_taken(before) {
                tricks += 1;
                Duration::from_secs(1)
            } else {
                Duration::from_millis(500)
            };
            // Arrival jitter on loopback is a few milliseconds.
            assert!(
                shown + Duration::from_millis(30) >= floor,
                "seq {} shown {shown:?}, less than {floor:?}",
                before["seq"]
            );
            cards += 1;
        }
        last = next;
    }
    assert!(
        cards >= 6 && tricks >= 1,
        "{cards} computer actions, {tricks} tricks seen"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_of_computers_alone_plays_at_full_speed() {
    let served = Served::in_temp();
    let mut opener = Client::connect(&served.address, "Opener").await;
    let alone = json!({"game": "euchre", "points": 3, "seats": ["random", "random", "random", "random"], "speed": "slow", "public": true});
    let table = opener.create(alone).await;
    // Nobody watches: at the slow speed a three-point game would take minutes.
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let tables: Value = serde_json::from_str(&served.get("/api/tables")).unwrap();
        let listed = tables
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["table"] == table.as_str());
        if listed.is_some_and(|t| t["finished"] == true) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the computers' game did not end in 20 s: {}",
            served.get("/api/tables")
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seated_person_hurries_the_computers_and_a_spectator_may_not() {
    let served = Served::in_temp();
    // Seat 0 is the person's; seat 1 bids first after the first deal (the dealer is 0).
    let (mut person, table) = Client::opening(&served.address, "Ann", spec("slow")).await;
    person.join(&table, 0).await;
    let mut watcher = Client::connect(&served.address, "Bo").await;
    watcher.send(json!({"type": "watch", "table": table})).await;
    next_snapshot(&mut watcher).await;
    let mut hurried = 0;
    let mut last = next_snapshot(&mut person).await.1;
    while hurried < 3 && last["finished"] != true {
        if computer_to_act(&last) {
            let seq = last["seq"].clone();
            watcher
                .send(json!({"type": "hurry", "table": table, "seq": seq}))
                .await;
            let refused = watcher.until("error").await;
            assert_eq!(refused["code"], "no_seat", "{refused}");
            let asked = Instant::now();
            person
                .send(json!({"type": "hurry", "table": table, "seq": seq}))
                .await;
            let (came, next) = next_snapshot(&mut person).await;
            // At the slow speed the least beat is a card's 1.2 s.
            assert!(
                came - asked < Duration::from_millis(900),
                "hurried at seq {seq}, the next action came after {:?}",
                came - asked
            );
            hurried += 1;
            last = next;
        } else {
            answer(&mut person, &table, &last).await;
            last = next_snapshot(&mut person).await.1;
        }
    }
    assert_eq!(hurried, 3);
}
