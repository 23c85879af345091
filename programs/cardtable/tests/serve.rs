//! `cardtable serve` as clients meet it: the real binary on a loopback port (port 0) with
//! a real SQLite file, and real WebSocket clients. Whole games of every game, every frame
//! checked for cards its recipient may not see, reconnects and the autopilot, every kind
//! of refusal, and a SIGKILL at a random moment that loses no accepted action.

mod common;

use std::collections::BTreeSet;
use std::time::Duration;

use common::{Client, Served};
use serde_json::{json, Value};
use table::{Game, House, Rng, Turn};

/// The latest snapshot among `frames`.
fn latest(frames: &[Value]) -> Option<&Value> {
    frames.iter().rev().find(|f| f["type"] == "snapshot")
}

/// Plays the table to its end with one client per open seat, each in its own task taking
/// one of its legal actions whenever a snapshot says it is its turn.
async fn play_out(clients: Vec<(usize, Client)>, table: &str) -> Vec<(usize, Client)> {
    let tasks: Vec<_> = clients
        .into_iter()
        .map(|(seat, mut client)| {
            let table = table.to_string();
            tokio::spawn(async move {
                // The snapshot `join` read may already give this seat the turn.
                let mut pending = latest(&client.frames).cloned();
                loop {
                    let frame = match pending.take() {
                        Some(frame) => frame,
                        None => client.next().await,
                    };
                    if frame["type"] != "snapshot" {
                        // An action sent on a snapshot that a newer one had overtaken is
                        // refused as stale, as it should be; any other refusal is a failure.
                        assert!(
                            frame["type"] != "error" || frame["code"] == "stale",
                            "{frame}"
                        );
                        continue;
                    }
                    if frame["finished"] == true {
                        return (seat, client);
                    }
                    // Between hands: read the hand's end, then say so (the deal waits).
                    if frame["scene"]["turn"].is_null() && !frame["scene"]["hand_end"].is_null() {
                        let read = json!({"type": "continue", "table": table, "seq": frame["seq"]});
                        client.send(read).await;
                        continue;
                    }
                    let mine = frame["scene"]["turn"] == json!(seat);
                    let legal = frame["own"]["actions"]
                        .as_array()
                        .cloned()
                        .unwrap_or_default();
                    if mine && !legal.is_empty() {
                        // Varied choices (always passing would throw in every CS 246 hand).
                        let pick = frame["seq"].as_u64().unwrap() as usize * 7 + seat;
                        let action = legal[pick % legal.len()].clone();
                        let act = json!({"type": "act", "table": table, "seq": frame["seq"],
                                         "action": action});
                        client.send(act).await;
                    }
                }
            })
        })
        .collect();
    let mut done = Vec::new();
    for task in tasks {
        done.push(task.await.expect("a client played to the end"));
    }
    done
}

/// Every card named anywhere in a frame, as a code (`JH`) or in words (`J♥` inside a
/// sentence), except the seat's own hand and legal actions (checked against its hand)
/// and the hand before (checked on its own).
fn cards_named(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::String(text) => out.extend(testkit::cards_named(text)),
        Value::Array(items) => items.iter().for_each(|v| cards_named(v, out)),
        Value::Object(map) => map
            .iter()
            .filter(|(k, _)| {
                !["hand", "last_hand", "legal", "actions", "choices"].contains(&k.as_str())
            })
            .for_each(|(_, v)| cards_named(v, out)),
        _ => {}
    }
}

/// The seat's own hand in a snapshot.
fn own_hand(frame: &Value) -> BTreeSet<String> {
    frame["own"]["hand"]["groups"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|group| group.as_array().into_iter().flatten())
        .map(|c| c["card"].as_str().unwrap().to_string())
        .collect()
}

/// What each seat may know after each number of actions of a recorded game: its hand,
/// and the cards it may see named (its hand now and earlier this hand, and the public
/// table); the public table alone for a spectator (index `seats`).
struct Truth {
    hands: Vec<Vec<BTreeSet<String>>>,
    allowed: Vec<Vec<BTreeSet<String>>>,
    /// What each may have seen by the end of the hand before (for `last_hand`).
    before: Vec<Vec<BTreeSet<String>>>,
    /// The same, one hand earlier: between a hand's end and the next deal (which waits
    /// for the people), the hand just played is still the scene's hand and the one before
    /// it its `last_hand`.
    before_deal: Vec<Vec<BTreeSet<String>>>,
}

fn names(cards: impl IntoIterator<Item = cards::Card>) -> BTreeSet<String> {
    cards.into_iter().map(|c| c.to_string()).collect()
}

/// Replays the record's actions on `game` (dealing from its seed) and reads off, after each
/// prefix, what every seat holds and may know, with `see(game, seat)` giving the hand and
/// `public(game)` the cards every seat sees.
fn truth<G: Game>(
    mut game: G,
    record: &Value,
    hand: impl Fn(&G, usize) -> BTreeSet<String>,
    public: impl Fn(&G) -> BTreeSet<String>,
    extra: impl Fn(&G, usize) -> BTreeSet<String>,
) -> Truth {
    use rand::SeedableRng;
    let seats = game.seats();
    let mut chance = Rng::seed_from_u64(record["seed"].as_u64().unwrap());
    let actions = record["actions"].as_array().unwrap();
    let mut held: Vec<BTreeSet<String>> = vec![BTreeSet::new(); seats];
    let mut truth = Truth {
        hands: Vec::new(),
        allowed: Vec::new(),
        before: Vec::new(),
        before_deal: Vec::new(),
    };
    let mut before: Vec<BTreeSet<String>> = vec![BTreeSet::new(); seats + 1];
    let mut index = 0;
    let allowed_now = |game: &G, held: &mut Vec<BTreeSet<String>>| {
        for (s, cards) in held.iter_mut().enumerate() {
            cards.extend(hand(game, s));
        }
        let open = public(game);
        let mut allowed: Vec<BTreeSet<String>> = (0..seats)
            .map(|s| {
                let mut a = held[s].union(&open).cloned().collect::<BTreeSet<_>>();
                a.extend(extra(game, s));
                a
            })
            .collect();
        allowed.push(open);
        allowed
    };
    loop {
        let previous = before.clone();
        if game.turn() == Turn::Chance {
            // A new deal: what was seen of the hand before goes to `before`.
            if game.hands() > 0 {
                before = allowed_now(&game, &mut held);
            }
            game.deal(&mut chance);
            held = vec![BTreeSet::new(); seats];
        }
        let now: Vec<BTreeSet<String>> = (0..seats).map(|s| hand(&game, s)).collect();
        let allowed = allowed_now(&game, &mut held);
        truth.hands.push(now);
        truth.allowed.push(allowed);
        truth.before.push(before.clone());
        truth.before_deal.push(previous);
        let Some(value) = actions.get(index) else {
            return truth;
        };
        let action: G::Action = serde_json::from_value(value.clone()).unwrap();
        game.apply(action).unwrap();
        index += 1;
    }
}

/// Checks every snapshot a client received against the truth.
fn check_frames(frames: &[Value], you: Option<usize>, truth: &Truth) -> usize {
    let mut checked = 0;
    for frame in frames.iter().filter(|f| f["type"] == "snapshot") {
        let seq = frame["seq"].as_u64().unwrap() as usize;
        let column = you.unwrap_or(truth.allowed[seq].len() - 1);
        // Nothing is dealt before every seat is taken.
        let waiting = seq == 0 && frame["seats"].to_string().contains("\"open\"");
        if waiting {
            assert!(
                own_hand(frame).is_empty(),
                "dealt with a seat open: {frame}"
            );
            assert_eq!(
                frame["scene"]["status"],
                "Waiting for every seat to be taken"
            );
            continue;
        }
        // Between hands (a hand's end shown, the next not dealt) the record's replay has
        // already dealt at this `seq`: the hand is checked once dealt.
        let between = frame["scene"]["turn"].is_null() && !frame["scene"]["hand_end"].is_null();
        if let Some(seat) = you {
            let hand = own_hand(frame);
            if frame["finished"] != true && !between {
                assert_eq!(
                    hand, truth.hands[seq][seat],
                    "seat {seat}'s hand at seq {seq}"
                );
            }
        } else {
            assert!(frame["own"].is_null(), "a spectator has no hand");
        }
        let mut named = BTreeSet::new();
        cards_named(frame, &mut named);
        // What the recipient saw of the hand before stays known (the last trick taken).
        // Between hands: the hand just played is the scene's, the one before its last.
        let before = match between {
            true => &truth.before_deal[seq][column],
            false => &truth.before[seq][column],
        };
        let known: BTreeSet<String> = (truth.allowed[seq][column].iter())
            .chain(&truth.before[seq][column])
            .chain(before)
            .cloned()
            .collect();
        let leaked: Vec<_> = named.difference(&known).collect();
        assert!(
            leaked.is_empty(),
            "{you:?} at seq {seq} was shown {leaked:?}: {frame}"
        );
        let mut earlier = BTreeSet::new();
        cards_named(&frame["scene"]["last_hand"], &mut earlier);
        let leaked: Vec<_> = earlier.difference(before).collect();
        assert!(
            leaked.is_empty(),
            "{you:?} at seq {seq} was shown {leaked:?} of the hand before"
        );
        checked += 1;
    }
    checked
}

fn record(served: &Served, table: &str) -> Value {
    serde_json::from_str(&served.get(&format!("/api/games/{table}/record"))).unwrap()
}

fn euchre_held(g: &euchre::Game, s: usize) -> BTreeSet<String> {
    let hand = g.hand();
    hand.map_or_else(BTreeSet::new, |h| names(h.cards(euchre::Seat::new(s))))
}

/// The tricks' cards and the upcard.
fn euchre_open(g: &euchre::Game) -> BTreeSet<String> {
    let h = g.hand().unwrap();
    let mut open = names(h.played());
    open.insert(h.upcard().to_string());
    open
}

fn straights_held(g: &straights::Game, s: usize) -> BTreeSet<String> {
    let round = g.round();
    round.map_or_else(BTreeSet::new, |r| names(r.held(straights::Seat::new(s))))
}

/// The layout's cards, and once the round is over every player's discards (the CS 246
/// handout, 5.6 Scoring: "Player<x>'s discards: …" for each player at the round's end).
fn straights_open(g: &straights::Game) -> BTreeSet<String> {
    let r = g.round().unwrap();
    let laid = |suit| {
        r.layout()
            .run(suit)
            .into_iter()
            .map(move |rank| cards::Card::new(rank, suit))
    };
    let mut open = names(cards::Suit::ALL.into_iter().flat_map(laid));
    if r.is_over() {
        for seat in 0..r.players() {
            open.extend(names(r.discards(straights::Seat::new(seat))));
        }
    }
    open
}

/// A seat's own face-down discards.
fn straights_discards(g: &straights::Game, s: usize) -> BTreeSet<String> {
    names(g.round().unwrap().discards(straights::Seat::new(s)))
}

/// A puller holds the card it took until it gives one back (docs/RULES.md).
fn teendopanch_held(g: &teendopanch::Game, s: usize) -> BTreeSet<String> {
    g.hand().map_or_else(BTreeSet::new, |h| {
        let mut cards = h.holding(teendopanch::Seat::new(s)).set();
        if let Some(pull) = h.pull().filter(|p| p.puller.index() == s) {
            cards.insert(pull.taken);
        }
        names(cards)
    })
}

fn teendopanch_open(g: &teendopanch::Game) -> BTreeSet<String> {
    names(g.hand().unwrap().played())
}

/// The card a puller just took, which it alone has seen.
fn pulled(g: &teendopanch::Game, s: usize) -> BTreeSet<String> {
    let pull = g.hand().and_then(|h| h.pull());
    let taken = pull.filter(|p| p.puller.index() == s).map(|p| p.taken);
    names(taken)
}

/// Plays a whole game of `game`/`rules` with a person in every seat and a spectator,
/// then checks every frame against the replayed record.
async fn whole_game(nodes: &[&Served], game: &str, rules: &str, seats: usize, house: &[&str]) {
    let spec = json!({"game": game, "rules": rules, "points": 2, "house": house,
                       "seats": vec!["open"; seats], "public": true});
    let (opener, table) = Client::opening(&nodes[0].address, "opener", spec).await;
    drop(opener);
    // The spectator and each seat on the nodes in turn: on several nodes, most of them
    // reach the table through another node's relay.
    let on = |i: usize| &nodes[i % nodes.len()].address;
    let mut watcher = Client::connect(on(seats + 1), "watcher").await;
    watcher.send(json!({"type": "watch", "table": table})).await;
    let mut clients = Vec::new();
    for seat in 0..seats {
        let mut client = Client::connect(on(seat + 1), &format!("p{seat}")).await;
        client.join(&table, seat).await;
        clients.push((seat, client));
    }
    let clients = play_out(clients, &table).await;
    while watcher.try_next(Duration::from_millis(200)).await.is_some() {}
    let record = record(nodes[0], &table);
    assert_eq!(
        (record["game"].as_str(), record["variant"].as_str()),
        (Some(game), Some(rules))
    );
    let truth = match game {
        "euchre" => {
            let rules = euchre::Rules::named(rules, 2).unwrap().with_house(house);
            let game = euchre::Game::new(rules.expect("valid house rules"));
            truth(game, &record, euchre_held, euchre_open, |_, _| {
                BTreeSet::new()
            })
        }
        "straights" => truth(
            straights::Game::with_rules(straights::Rules::HANDOUT.with_house(house).unwrap()),
            &record,
            straights_held,
            straights_open,
            straights_discards,
        ),
        _ => {
            let rules = teendopanch::Rules::named(rules, 2)
                .unwrap()
                .with_house(house);
            let game = teendopanch::Game::new(rules.expect("valid house rules"));
            truth(game, &record, teendopanch_held, teendopanch_open, pulled)
        }
    };
    let mut checked = check_frames(&watcher.frames, None, &truth);
    for (seat, client) in &clients {
        checked += check_frames(&client.frames, Some(*seat), &truth);
    }
    assert!(
        latest(&watcher.frames).unwrap()["finished"] == true,
        "{game} ended"
    );
    assert!(
        checked > record["actions"].as_array().unwrap().len(),
        "{checked} frames checked for {} actions",
        record["actions"].as_array().unwrap().len()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn whole_games_of_every_game_show_each_seat_only_its_own_cards() {
    let served = Served::in_temp();
    let games = [
        ("euchre", "eecs280", 4),
        ("euchre", "cs246", 4),
        ("straights", "cs246", 4),
        ("teendopanch", "handout", 3),
        ("teendopanch", "reference", 3),
    ];
    whole_games(&served, &games).await;
}

/// A whole game of each `(game, rules, seats)`, each then listed as finished.
async fn whole_games(served: &Served, games: &[(&str, &str, usize)]) {
    for &(game, rules, seats) in games {
        whole_game(&[served], game, rules, seats, &[]).await;
    }
    let listed: Value = serde_json::from_str(&served.get("/api/games")).unwrap();
    let listed = listed.as_array().unwrap().len();
    assert_eq!(listed, games.len(), "finished games are listed");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_messages_change_nothing() {
    let served = Served::in_temp();
    let spec = json!({"game": "euchre", "points": 2,
                       "seats": ["open", "open", "handout", "handout"]});
    let (mut a, table) = Client::opening(&served.address, "a", spec).await;
    let (_, first) = a.join(&table, 0).await;
    let mut b = Client::connect(&served.address, "b").await;
    b.join(&table, 1).await;
    // Seat 1 (b) is first to bid, left of dealer 0.
    let state = latest(&b.frames).unwrap().clone();
    assert_eq!(state["scene"]["turn"], 1, "{state}");
    let seq = state["seq"].clone();
    let cases: Vec<(bool, String, &str)> = vec![
        // (from a?, message, expected code)
        (
            true,
            json!({"type": "act", "table": table, "seq": seq, "action": "Pass"}).to_string(),
            "not_your_turn",
        ),
        (
            false,
            json!({"type": "act", "table": table, "seq": seq, "action": {"Discard": "AS"}})
                .to_string(),
            "illegal",
        ),
        (
            false,
            json!({"type": "act", "table": table, "seq": 99, "action": "Pass"}).to_string(),
            "bad_seq",
        ),
        (
            false,
            json!({"type": "list", "tables": "all"}).to_string(),
            "malformed",
        ),
        (
            false,
            json!({"type": "act", "table": table, "seq": seq, "action": {"Fold": 1}}).to_string(),
            "malformed",
        ),
        (false, "{not json".to_string(), "malformed"),
        (
            false,
            json!({"type": "act", "table": table, "seq": seq, "action": "x".repeat(70_000)})
                .to_string(),
            "too_large",
        ),
        (
            false,
            json!({"type": "join", "table": table, "seat": 0}).to_string(),
            "seat_taken",
        ),
        (
            false,
            json!({"type": "join", "table": "nope", "seat": 0}).to_string(),
            "no_table",
        ),
        (
            false,
            json!({"type": "create", "game": "chess", "seats": []}).to_string(),
            "bad_table",
        ),
    ];
    for (from_a, message, code) in cases {
        let client = if from_a { &mut a } else { &mut b };
        client.send_text(message.clone()).await;
        let reply = client.until("error").await;
        assert_eq!(reply["code"], code, "{message:.80}: {reply}");
    }
    // Nothing changed: a watcher sees the same seq and turn as before.
    let mut w = Client::connect(&served.address, "w").await;
    w.send(json!({"type": "watch", "table": table})).await;
    let now = w.until("snapshot").await;
    assert_eq!(
        (now["seq"].clone(), now["scene"]["turn"].clone()),
        (seq, json!(1))
    );
    assert!(
        first["own"]["actions"].as_array().unwrap().is_empty(),
        "not a's turn"
    );
    // And the legal move is taken.
    b.send(json!({"type": "act", "table": table, "seq": now["seq"], "action": "Pass"}))
        .await;
    let after = b.until("snapshot").await;
    assert!(after["seq"].as_u64() > now["seq"].as_u64());
}

/// `name` at a new table of `game`, seat 0 open for them and the rest handout players,
/// whose autopilot covers an absence after `seconds`.
async fn autopiloted(served: &Served, name: &str, game: &str, seconds: u64) -> (Client, String) {
    let mut client = Client::connect(&served.address, name).await;
    let seats = ["open", "handout", "handout", "handout"];
    let spec = json!({"game": game, "seats": seats, "autopilot_seconds": seconds});
    let table = client.create(spec).await;
    (client, table)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_survives_reconnects_and_the_autopilot_covers_an_absence() {
    let served = Served::in_temp();
    let (mut a, table) = autopiloted(&served, "a", "straights", 1).await;
    let (token, first) = a.join(&table, 0).await;
    let hand = own_hand(&first);
    // A reload: a new connection with the token gets the seat and the same hand back.
    drop(a);
    let mut again = Client::connect(&served.address, "a").await;
    again.rejoin(&table, &token).await;
    assert_eq!(again.until("joined").await["seat"], 0);
    let snapshot = again.until("snapshot").await;
    assert_eq!(snapshot["scene"]["you"], 0);
    if snapshot["seq"] == first["seq"] {
        assert_eq!(own_hand(&snapshot), hand);
    }
    // Two connections for one seat: the newer wins and the older hears nothing more.
    let mut newer = Client::connect(&served.address, "a").await;
    newer.rejoin(&table, &token).await;
    newer.until("snapshot").await;
    while again.try_next(Duration::from_millis(100)).await.is_some() {}
    let seq = latest(&newer.frames).unwrap()["seq"].clone();
    let turn = latest(&newer.frames).unwrap()["scene"]["turn"].clone();
    if turn == 0 {
        let action = latest(&newer.frames).unwrap()["own"]["actions"][0].clone();
        newer
            .send(json!({"type": "act", "table": table, "seq": seq, "action": action}))
            .await;
        newer.until("snapshot").await;
    }
    assert!(
        again.try_next(Duration::from_millis(500)).await.is_none(),
        "the stale connection is quiet"
    );
    // Absent on its turn: after a second the computer plays for it, and everyone sees
    // the seat on autopilot; coming back hands the seat back.
    drop(newer);
    drop(again);
    let mut watcher = Client::connect(&served.address, "w").await;
    watcher.send(json!({"type": "watch", "table": table})).await;
    let covered = watcher.until_autopilot(0, Duration::from_secs(3)).await;
    let covered = covered.expect("the autopilot took over the absent seat");
    assert_eq!(covered["seats"][0]["connected"], false);
    let mut back = Client::connect(&served.address, "a").await;
    back.rejoin(&table, &token).await;
    let returned = back.until("snapshot").await;
    assert_eq!(returned["seats"][0]["autopilot"], false);
    assert_eq!(returned["seats"][0]["connected"], true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_who_leaves_a_game_in_progress_has_the_computer_play_their_seat_at_once() {
    let served = Served::in_temp();
    // An hour's wait for an absent person: only leaving can start the autopilot here.
    let seats = ["open", "handout", "handout", "handout"];
    let spec = json!({"game": "euchre", "points": 1, "seats": seats, "autopilot_seconds": 3600});
    let (mut a, table) = Client::opening(&served.address, "a", spec).await;
    let (token, _) = a.join(&table, 0).await;
    let mut watcher = Client::connect(&served.address, "w").await;
    watcher.send(json!({"type": "watch", "table": table})).await;
    watcher.until("snapshot").await;
    a.send(json!({"type": "leave", "table": table})).await;
    let covered = watcher.until_autopilot(0, Duration::from_secs(3)).await;
    let covered = covered.expect("the computer plays the seat of a person who left");
    assert_eq!(covered["seats"][0]["connected"], false);
    // The game goes on without them to its end, the seat played by the computer.
    let mut last = covered;
    while last["finished"] != true {
        last = watcher.until("snapshot").await;
    }
    // Coming back to a finished game changes nothing but the connection.
    let mut back = Client::connect(&served.address, "a").await;
    back.rejoin(&table, &token).await;
    assert_eq!(back.until("snapshot").await["finished"], true);
    // The finished game says who left, and when: on every device, from the store.
    let listed: Value = serde_json::from_str(&served.get(&format!("/api/games/{table}"))).unwrap();
    let seats = &listed["result"]["seats"];
    assert!(seats[0]["left"].as_u64().is_some(), "{listed}");
    assert!(seats[1].get("left").is_none(), "{listed}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_server_restarts_with_every_accepted_action() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db.sqlite");
    killed_and_restarted(|| Served::start(&db)).await;
}

/// The same on PostgreSQL (`--store`), and whole games of every game there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgresql_whole_games_play_and_a_killed_server_loses_no_action() {
    let Some(url) = testkit::postgres_database() else {
        return;
    };
    {
        let served = Served::on_postgres(&url);
        let games = [
            ("euchre", "cs246", 4),
            ("straights", "cs246", 4),
            ("teendopanch", "handout", 3),
        ];
        whole_games(&served, &games).await;
    }
    killed_and_restarted(|| Served::on_postgres(&url)).await;
}

/// Two and three nodes on one PostgreSQL database: the spectator and each seat of a
/// table on the nodes in turn, so most reach it through another node's relay; whole
/// games of every variant, some under house rules, every frame checked against the
/// record as in [`whole_game`]. Each node's lobby lists every node's public tables.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_on_different_nodes_play_one_table() {
    let Some(url) = testkit::postgres_database() else {
        return;
    };
    let node =
        |name: &str| Served::node_on_postgres(&url, &["--node", name, "--lease-seconds", "2"]);
    let nodes = [node("a"), node("b"), node("c")];
    let (two, three) = ([&nodes[0], &nodes[1]], [&nodes[0], &nodes[1], &nodes[2]]);
    let euchre = ["deal=5", "dealer=throw-in", "alone=on", "renege=2"];
    whole_game(&two, "euchre", "eecs280", 4, &euchre).await;
    whole_game(
        &three,
        "euchre",
        "cs246",
        4,
        &["defend-alone=on", "mcevoy=on"],
    )
    .await;
    whole_game(
        &three,
        "straights",
        "cs246",
        4,
        &["end=rounds-1", "stuck=pass"],
    )
    .await;
    whole_game(&two, "teendopanch", "handout", 3, &[]).await;
    whole_game(&three, "teendopanch", "reference", 3, &[]).await;
    // A public table opened on c is soon in a's lobby and b's.
    let spec =
        json!({"game": "euchre", "public": true, "seats": ["open", "random", "random", "random"]});
    let (_opener, table) = Client::opening(&nodes[2].address, "Cleo", spec).await;
    for other in &nodes[..2] {
        let listed = (0..50).any(|_| {
            std::thread::sleep(Duration::from_millis(100));
            other.get("/api/tables").contains(&table)
        });
        assert!(listed, "{table} is in every node's lobby");
    }
}

/// Two nodes on one PostgreSQL database, two-second leases. Twenty times: the person
/// plays one to three actions on the table's node (every other time through the other
/// node's relay), that node is killed (SIGKILL) and a new one started in its place; the
/// person, rejoining on the other node, finds the table there once it has taken the
/// lease over, with every accepted action (none lost: the
/// same `seq`, scene and hand; none doubled: `(table, seq)` is the store's key). Then the
/// owner stops gracefully (SIGTERM) and the other takes the table over from the released
/// lease, and the person plays on there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dead_nodes_tables_are_taken_over_with_every_accepted_action() {
    let Some(url) = testkit::postgres_database() else {
        return;
    };
    let node =
        |name: String| Served::node_on_postgres(&url, &["--node", &name, "--lease-seconds", "2"]);
    let mut nodes = [node("n0".into()), node("n1".into())];
    let spec = json!({"game": "euchre", "rules": "cs246", "points": 10,
                       "seats": ["open", "random", "random", "random"]});
    let (mut ada, table) = Client::opening(&nodes[0].address, "Ada", spec).await;
    let (token, mut last) = ada.join(&table, 0).await;
    let mut owner = 0;
    for round in 0..20 {
        if round % 2 == 1 {
            // Every other round through the node that does not run the table: its relay
            // carries the actions, and ends when the owner dies.
            (ada, last) = rejoin_until_found(&nodes[1 - owner], &table, &token).await;
        }
        // The client goes with the killed node, or with its relay there.
        (_, last) = act_a_few(ada, &table, last, 1 + round % 3).await;
        nodes[owner].kill();
        let (back, restored) = rejoin_until_found(&nodes[1 - owner], &table, &token).await;
        let (back, restored) = dealt_again(back, &table, restored, &last).await;
        same_table(&restored, &last, round);
        nodes[owner] = node(format!("n{}", round + 2));
        owner = 1 - owner;
        (ada, last) = (back, restored);
    }
    drop(ada);
    nodes[owner].terminate();
    let (back, moved) = rejoin_until_found(&nodes[1 - owner], &table, &token).await;
    assert_eq!(moved["seq"], last["seq"], "handed over whole");
    let (_, after) = act_a_few(back, &table, moved, 1).await;
    assert!(after["seq"].as_u64() > last["seq"].as_u64() || after["finished"] == true);
    let metrics = nodes[1 - owner].get("/metrics");
    assert!(
        metrics.contains("cardtable_tables_taken_over_total 1"),
        "{metrics}"
    );
}

/// A table brought back at a hand's end pauses there again (the deal is no stored
/// action, docs/PROTOCOL.md): where the person had already continued to the next deal,
/// it continues once more and must find the same deal, with nothing played meanwhile.
async fn dealt_again(
    mut back: Client,
    table: &str,
    restored: Value,
    last: &Value,
) -> (Client, Value) {
    let between = |v: &Value| v["scene"]["turn"].is_null() && !v["scene"]["hand_end"].is_null();
    if !between(&restored) || between(last) || restored["seq"] != last["seq"] {
        return (back, restored);
    }
    back.send(json!({"type": "continue", "table": table, "seq": restored["seq"]}))
        .await;
    let dealt = back.until("snapshot").await;
    (back, dealt)
}

/// A table brought back (restarted or taken over) is the one last seen: no accepted
/// action lost, the same scene and the same own view.
fn same_table(restored: &Value, last: &Value, round: u64) {
    let seq = (&restored["seq"], &last["seq"]);
    assert_eq!(seq.0, seq.1, "round {round}: no accepted action lost");
    let views = [
        (&restored["scene"], &last["scene"]),
        (&restored["own"], &last["own"]),
    ];
    for (now, then) in views {
        assert_eq!(now, then, "round {round}: the same table");
    }
}

/// The person at seat 0 plays `count` actions (its first legal one each time, and
/// continues at each hand's end), or to the game's end: the client and the last snapshot.
async fn act_a_few(mut ada: Client, table: &str, mut last: Value, count: u64) -> (Client, Value) {
    let mut acted = 0;
    let between =
        |last: &Value| last["scene"]["turn"].is_null() && !last["scene"]["hand_end"].is_null();
    // Never left between hands: a node killed then would leave a pause nobody waits on,
    // and the node taking over would deal at once.
    while (acted < count || between(&last)) && last["finished"] != true {
        if between(&last) {
            // Between hands: the deal waits for the person to have read the hand's end.
            ada.send(json!({"type": "continue", "table": table, "seq": last["seq"]}))
                .await;
        } else if last["scene"]["turn"] == 0
            && !last["own"]["actions"].as_array().unwrap().is_empty()
        {
            let action = last["own"]["actions"][0].clone();
            ada.send(json!({"type": "act", "table": table, "seq": last["seq"], "action": action}))
                .await;
            acted += 1;
        }
        let frame = ada.until_any(&["snapshot", "error"]).await;
        assert_eq!(frame["type"], "snapshot", "{frame}");
        last = frame;
    }
    // The computers' replies come in the same snapshot as the action: settled.
    while let Some(frame) = ada.try_next(Duration::from_millis(100)).await {
        if frame["type"] == "snapshot" {
            last = frame;
        }
    }
    if between(&last) && last["finished"] != true {
        return Box::pin(act_a_few(ada, table, last, 0)).await;
    }
    (ada, last)
}

/// Rejoins `table` on `served` as Ada until a node there has taken it over
/// ([`common::rejoin_until_found`]).
async fn rejoin_until_found(served: &Served, table: &str, token: &str) -> (Client, Value) {
    common::rejoin_until_found(table, token, || Client::connect(&served.address, "Ada")).await
}

/// Three times: a table played to a pseudo-random accepted action, the server killed
/// (SIGKILL) and started again by `start` on the same store; the person's rejoin finds
/// every accepted action and the same table.
async fn killed_and_restarted(start: impl Fn() -> Served) {
    for round in 0..3u64 {
        let mut served = start();
        let spec = json!({"game": "teendopanch", "points": 5,
                           "seats": ["open", "random", "random"]});
        let (mut a, table) = Client::opening(&served.address, "a", spec).await;
        let (token, _) = a.join(&table, 0).await;
        // A pseudo-random number of accepted actions (3 to 40), then SIGKILL.
        let stop = 3 + (round * 17 + 11) % 38;
        let mut last = latest(&a.frames).unwrap().clone();
        while last["seq"].as_u64().unwrap() < stop && last["finished"] != true {
            if last["scene"]["turn"] == 0 && !last["own"]["actions"].as_array().unwrap().is_empty()
            {
                let action = last["own"]["actions"][0].clone();
                a.send(
                    json!({"type": "act", "table": table, "seq": last["seq"], "action": action}),
                )
                .await;
            }
            last = a.until("snapshot").await;
        }
        served.kill();
        let served = start();
        let mut back = Client::connect(&served.address, "a").await;
        back.rejoin(&table, &token).await;
        let restored = back.until("snapshot").await;
        let (_back, restored) = dealt_again(back, &table, restored, &last).await;
        same_table(&restored, &last, round);
    }
}

#[test]
fn health_and_lists_answer_over_http() {
    let served = Served::in_temp();
    assert_eq!(served.get("/healthz"), "ok");
    assert_eq!(served.get("/api/tables"), "[]");
    assert_eq!(served.get("/api/games"), "[]");
}

#[test]
fn the_browser_client_is_served_from_the_binary() {
    let served = Served::in_temp();
    for page in ["/", "/t/3f2a9c01b7de", "/replay/3f2a9c01b7de", "/games"] {
        let (head, body) = served.response(page);
        assert!(head.starts_with("http/1.0 200"), "{page}: {head}");
        assert!(head.contains("content-type: text/html"), "{page}: {head}");
        assert!(
            body.contains(r#"<script type="module" src="/app.js">"#),
            "{page}"
        );
    }
    for (file, kind) in [
        ("/app.js", "text/javascript"),
        ("/table.js", "text/javascript"),
        ("/style.css", "text/css"),
        ("/favicon.svg", "image/svg+xml"),
    ] {
        let (head, body) = served.response(file);
        assert!(head.starts_with("http/1.0 200"), "{file}: {head}");
        assert!(
            head.contains(&format!("content-type: {kind}")),
            "{file}: {head}"
        );
        assert!(!body.is_empty());
    }
    let (head, _) = served.response("/no-such-file.js");
    assert!(head.starts_with("http/1.0 404"), "{head}");
    // The API keeps its own answers.
    assert_eq!(served.get("/api/tables"), "[]");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_replays_step_by_step_and_rematches_once() {
    let served = Served::in_temp();
    let mut ada = Client::connect(&served.address, "Ada").await;
    let table = ada
        .create(
            json!({"game": "euchre", "rules": "eecs280", "points": 1, "public": true,
                       "seats": ["open", "handout", "handout", "handout"]}),
        )
        .await;
    ada.join(&table, 0).await;
    // Before the end: no replay (the hands are secret) and no rematch.
    let (head, body) = served.response(&format!("/api/games/{table}/steps"));
    assert!(head.starts_with("http/1.0 403"), "{head}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["code"],
        "in_progress"
    );
    // Nor its record, whose seed would deal every hand, nor a review.
    let (head, body) = served.response(&format!("/api/games/{table}/record"));
    assert!(head.starts_with("http/1.0 403"), "{head}");
    assert!(!body.contains("seed"), "{body}");
    let (head, _) = served.response(&format!("/api/games/{table}/review/0"));
    assert!(head.starts_with("http/1.0 403"), "{head}");
    let (head, _) = served.response(&format!("/api/games/{table}"));
    assert!(head.starts_with("http/1.0 403"), "{head}");
    ada.send(json!({"type": "rematch", "table": table})).await;
    let refused = ada.until("error").await;
    assert_eq!(refused["code"], "bad_table", "{refused}");

    let mut done = play_out(vec![(0, ada)], &table).await;
    let (_, mut ada) = done.pop().unwrap();
    let last = latest(&ada.frames).unwrap().clone();
    assert_eq!(last["finished"], true);
    assert_eq!(last["next"], Value::Null);

    // The steps: a deal, then one step per action, ending at the scores the table ended on.
    let game: Value =
        serde_json::from_str(&served.get(&format!("/api/games/{table}/steps"))).unwrap();
    let steps = game["steps"].as_array().unwrap();
    let actions = record(&served, &table)["actions"].as_array().unwrap().len();
    let deals = steps.iter().filter(|s| s["seat"].is_null()).count();
    assert_eq!(steps.len(), actions + deals);
    assert!(deals >= 1);
    assert_eq!(steps[0]["action"], Value::Null);
    assert_eq!(steps[0]["scene"]["seats"].as_array().unwrap().len(), 4);
    let hands = steps[0]["hands"].as_array().unwrap();
    assert_eq!(hands.len(), 4);
    assert!(hands.iter().all(|h| h.as_array().unwrap().len() == 5));
    assert_ne!(hands[0], hands[1]);
    let points: Vec<Value> = (last["scene"]["seats"].as_array().unwrap().iter())
        .map(|s| s["points"].clone())
        .collect();
    assert_eq!(steps.last().unwrap()["points"], json!(points));
    assert_eq!(game["seats"][0], "person:Ada");
    // Its listing, by its id (a browser's "my games").
    let listing: Value = serde_json::from_str(&served.get(&format!("/api/games/{table}"))).unwrap();
    assert_eq!(listing["table"], json!(table));
    assert_eq!(
        listing["title"], "Euchre · EECS 280 rules · first to 1 point",
        "{listing}"
    );
    assert_eq!(listing["actions"], json!(actions));
    // And in the list of finished public games, with the same count of actions.
    let games: Value = serde_json::from_str(&served.get("/api/games")).unwrap();
    let listed = (games.as_array().unwrap().iter())
        .find(|g| g["table"] == json!(table))
        .expect("a public finished game is listed");
    assert_eq!(listed["actions"], json!(actions), "{listed}");

    // Ada's review: each decision marks a step of hers, and its costs add up.
    let review: Value =
        serde_json::from_str(&served.get(&format!("/api/games/{table}/review/0"))).unwrap();
    assert_eq!(review["seat"], 0, "{review}");
    let decisions: Vec<&Value> = (review["hands"].as_array().unwrap().iter())
        .flat_map(|h| h["decisions"].as_array().unwrap())
        .collect();
    assert!(!decisions.is_empty(), "{review}");
    let mut given_up = 0.0;
    for decision in &decisions {
        let step = &steps[decision["step"].as_u64().unwrap() as usize];
        assert_eq!(
            (&step["seat"], &step["action"]),
            (&json!(0), &decision["action"])
        );
        given_up += decision["cost"].as_f64().unwrap();
    }
    assert!((review["given_up"].as_f64().unwrap() - given_up).abs() < 1e-9);
    let (head, body) = served.response(&format!("/api/games/{table}/review/4"));
    assert!(head.starts_with("http/1.0 404"), "{head}");
    assert!(body.contains("no_seat"), "{body}");

    // A rematch: opened once, the same table however often asked, seats as before.
    ada.send(json!({"type": "rematch", "table": table})).await;
    let next = ada.until("snapshot").await["next"].clone();
    let next = next.as_str().expect("a rematch table").to_string();
    assert_ne!(next, table);
    ada.send(json!({"type": "rematch", "table": table})).await;
    assert_eq!(ada.until("snapshot").await["next"], json!(next));
    let mut bob = Client::connect(&served.address, "Bob").await;
    bob.send(json!({"type": "watch", "table": table})).await;
    assert_eq!(bob.until("snapshot").await["next"], json!(next));
    bob.send(json!({"type": "rematch", "table": table})).await;
    assert_eq!(bob.until("error").await["code"], "no_seat");
    // Issue 55, item 3: a public table's rematch stayed in the lobby as an open table
    // when nobody came back to it. It is the finished table's people's: not listed.
    let listed: Value = serde_json::from_str(&served.get("/api/tables")).unwrap();
    assert!(
        !(listed.as_array().unwrap().iter()).any(|t| t["table"] == json!(next)),
        "the rematch is not in the lobby: {listed}"
    );
    // Its link opens it: the same game and seats, the person's seat open for them.
    let mut cy = Client::connect(&served.address, "Cy").await;
    cy.send(json!({"type": "watch", "table": next})).await;
    let rematch = cy.until("snapshot").await;
    let kinds: Vec<&str> = (0..4)
        .map(|s| rematch["seats"][s]["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["open", "computer", "computer", "computer"]);
    assert_eq!(rematch["points"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_who_sits_down_hears_each_action_once() {
    let served = Served::in_temp();
    let spec = json!({"game": "teendopanch", "points": 1,
                       "seats": ["open", "handout", "handout"]});
    let (mut cleo, table) = Client::opening(&served.address, "Cleo", spec).await;
    cleo.send(json!({"type": "watch", "table": table})).await;
    assert_eq!(cleo.until("snapshot").await["scene"]["you"], Value::Null);
    cleo.join(&table, 0).await;
    let seated_from = cleo.frames.len();
    let mut done = play_out(vec![(0, cleo)], &table).await;
    let (_, cleo) = done.pop().unwrap();
    let snapshots: Vec<&Value> = cleo.frames[seated_from..]
        .iter()
        .filter(|f| f["type"] == "snapshot")
        .collect();
    assert!(snapshots.len() > 3);
    assert!(
        snapshots.iter().all(|s| s["scene"]["you"] == 0),
        "no spectator snapshots"
    );
    let seqs: BTreeSet<u64> = snapshots
        .iter()
        .map(|s| s["seq"].as_u64().unwrap())
        .collect();
    assert_eq!(seqs.len(), snapshots.len(), "one snapshot per change");
}

/// Under CS 246 rules a partner may go alone and the person sit a whole hand out: the
/// computer players then play it and deal the next without the person acting. Every
/// action must still reach the person, in some snapshot's scene's `log` or `last_hand`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_action_reaches_a_person_who_sits_hands_out() {
    let served = Served::in_temp();
    let mut sat_out = 0;
    for _ in 0..24 {
        let spec = json!({"game": "euchre", "rules": "cs246", "points": 10,
                           "seats": ["open", "handout", "strong:20", "handout"]});
        let (mut ada, table) = Client::opening(&served.address, "Ada", spec).await;
        ada.join(&table, 0).await;
        let (_, ada) = play_out(vec![(0, ada)], &table).await.pop().unwrap();
        let snapshots: Vec<&Value> = ada
            .frames
            .iter()
            .filter(|f| f["type"] == "snapshot")
            .collect();
        let last = snapshots.last().unwrap()["seq"].as_u64().unwrap();
        let mut heard = BTreeSet::new();
        for snapshot in &snapshots {
            for entry in ["log", "last_hand"]
                .iter()
                .flat_map(|k| snapshot["scene"][*k].as_array().unwrap())
            {
                let seq = entry["seq"].as_u64().unwrap();
                let action = &entry["action"];
                let alone = action["OrderUp"]["alone"] == true || action["Call"]["alone"] == true;
                if entry["seat"] == 2 && alone && heard.insert(seq) {
                    sat_out += 1;
                }
                heard.insert(seq);
            }
        }
        let missing: Vec<u64> = (1..=last).filter(|seq| !heard.contains(seq)).collect();
        assert!(missing.is_empty(), "actions never sent: {missing:?}");
    }
    // The case the test is for came up (the partner, a strong player, goes alone at times).
    assert!(sat_out > 0, "the partner never went alone");
}

/// The autopilot waits its whole time from the latest disconnection: a wait that a
/// rejoin ended does not fire when the person leaves again on the same turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_autopilot_waits_from_the_latest_disconnection() {
    let served = Served::in_temp();
    let (mut ada, table) = autopiloted(&served, "Ada", "euchre", 2).await;
    let (token, mut now) = ada.join(&table, 0).await;
    while now["scene"]["turn"] != 0 {
        now = ada.until("snapshot").await;
    }
    let seq = now["seq"].clone();
    let mut watcher = Client::connect(&served.address, "w").await;
    watcher.send(json!({"type": "watch", "table": table})).await;
    watcher.until("snapshot").await;
    // Leave on the turn, come back after a second, leave again.
    drop(ada);
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let mut back = Client::connect(&served.address, "Ada").await;
    back.rejoin(&table, &token).await;
    back.until("joined").await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    drop(back);
    // 2.6 s after the first departure, 1.4 s after the second: nobody has acted for Ada.
    tokio::time::sleep(Duration::from_millis(1400)).await;
    while watcher.try_next(Duration::from_millis(50)).await.is_some() {}
    let latest = latest(&watcher.frames).unwrap();
    assert_eq!(latest["seq"], seq, "the first wait fired: {latest}");
    assert_eq!(latest["seats"][0]["autopilot"], false);
    // The second wait's two seconds pass: the computer plays for her.
    let covered = watcher.until_autopilot(0, Duration::from_secs(4)).await;
    assert!(covered.is_some(), "the autopilot never came");
}

/// A table waits for its people: nothing is dealt or played while a seat is open, so the
/// person who opened it misses no hand however long they take to sit (before, a partner
/// going alone let the computers play whole hands in that time).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nothing_is_dealt_while_a_seat_is_open() {
    let served = Served::in_temp();
    let spec = json!({"game": "euchre", "rules": "cs246",
                       "seats": ["open", "strong:20", "handout", "handout"]});
    let (mut ada, table) = Client::opening(&served.address, "Ada", spec).await;
    ada.send(json!({"type": "watch", "table": table})).await;
    let watched = ada.until("snapshot").await;
    assert_eq!(watched["seq"], 0, "{watched}");
    assert_eq!(watched["scene"]["phase"]["kind"], "dealing");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (_, joined) = ada.join(&table, 0).await;
    // Whatever the computers played once she sat is all in this hand's log, from seq 1.
    let seqs: Vec<u64> = joined["scene"]["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["seq"].as_u64().unwrap())
        .collect();
    let expected: Vec<u64> = (1..=joined["seq"].as_u64().unwrap()).collect();
    assert_eq!(
        seqs, expected,
        "nothing was played before Ada sat: {joined}"
    );
    assert!(joined["scene"]["last_hand"].as_array().unwrap().is_empty());
}

/// The create form's catalogue: every game with its seats and variants as the handouts
/// have them (Euchre 4 seats, EECS 280 and CS 246; Straights 4 and played to 80 whatever
/// the table says; Teen Do Panch 3, handout and reference rules).
#[test]
fn the_catalogue_route_offers_every_game_as_the_handouts_have_it() {
    let served = Served::in_temp();
    let offer: Value = serde_json::from_str(&served.get("/api/catalogue")).unwrap();
    // The five named levels of BOTS.md, weakest first, medium offered first: what the
    // browser's level menu draws.
    let levels = common::texts(&offer["levels"], "kind");
    assert_eq!(levels, ["beginner", "easy", "medium", "hard", "expert"]);
    assert_eq!(common::texts(&offer["levels"], "title")[2], "Medium");
    assert_eq!(offer["default_level"], "medium");
    // The speeds of docs/PROTOCOL.md's "Pace", slowest first; the one offered first is the
    // server's own `--table-speed` (this test server's `instant`), which a table created
    // without a speed plays at.
    let speeds = common::texts(&offer["speeds"], "speed");
    assert_eq!(speeds, ["slow", "normal", "fast", "instant"]);
    assert_eq!(offer["default_speed"], "instant");
    let games: Vec<(String, u64, bool, Vec<String>)> = offer["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            let rules = g["variants"].as_array().unwrap();
            (
                g["game"].as_str().unwrap().to_string(),
                g["seats"].as_u64().unwrap(),
                g["points_to_win"].as_bool().unwrap(),
                rules
                    .iter()
                    .map(|v| v["rules"].as_str().unwrap().to_string())
                    .collect(),
            )
        })
        .collect();
    let owned = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        games,
        [
            ("euchre".to_string(), 4, true, owned(&["eecs280", "cs246"])),
            ("straights".to_string(), 4, false, owned(&["cs246"])),
            (
                "teendopanch".to_string(),
                3,
                true,
                owned(&["handout", "reference"])
            ),
        ]
    );
    // A person, the five named levels (issue 44), the handout's player and random.
    let kinds = common::texts(&offer["seats"], "kind");
    let levels = ["beginner", "easy", "medium", "hard", "expert"];
    assert_eq!(kinds[0], "open");
    assert_eq!(kinds[1..6], levels);
    assert_eq!(kinds[6..], ["handout", "random"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_straights_table_seats_as_many_as_its_players_rule_says() {
    let served = Served::in_temp();
    let mut ada = Client::connect(&served.address, "Ada").await;
    // Four seats under `players=6`: refused, naming the six the rules seat.
    ada.send(
        json!({"type": "create", "game": "straights", "house": ["players=6"],
                    "seats": ["open", "handout", "handout", "handout"]}),
    )
    .await;
    let refused = ada.until("error").await;
    assert_eq!(refused["code"], "bad_table", "{refused}");
    assert!(
        refused["message"].as_str().unwrap().contains("6 seats"),
        "{refused}"
    );
    // Six seats: a table of six, 52 cards dealt 9, 9, 9, 9, 8, 8 (pagat: all the cards,
    // some players one more).
    let mut seats = vec!["open"];
    seats.extend(["handout"; 5]);
    let table = ada
        .create(json!({"game": "straights", "house": ["players=6"], "seats": seats}))
        .await;
    let (_, snapshot) = ada.join(&table, 0).await;
    let panels = snapshot["scene"]["seats"].as_array().unwrap();
    assert_eq!(panels.len(), 6, "{snapshot}");
    let mut held: Vec<u64> = panels
        .iter()
        .map(|p| p["cards"].as_u64().unwrap())
        .collect();
    // The computers before the person may already have played: count the layout back.
    let rows = snapshot["scene"]["middle"]["rows"].as_array().unwrap();
    let played = rows
        .iter()
        .flat_map(|row| row["slots"].as_array().unwrap())
        .filter(|slot| !slot.is_null())
        .count() as u64;
    // And the discards, face down, each panel's tally (`discards`, with its count).
    let discarded: u64 = panels
        .iter()
        .map(|p| {
            assert_eq!(p["tally"]["kind"], "discards");
            p["tally"]["count"].as_u64().unwrap()
        })
        .sum();
    held.sort_unstable();
    assert_eq!(
        held.iter().sum::<u64>() + played + discarded,
        52,
        "{held:?}"
    );
    assert!(held.iter().all(|&n| (6..=9).contains(&n)), "{held:?}");
}

/// A PostgreSQL cluster of the test's own (`scripts/postgres.sh`), stopped and removed
/// when dropped: one the test may cut off.
struct OwnCluster {
    url: String,
    dir: String,
}

impl OwnCluster {
    /// Started where the test script's cluster could be (none: the test skips).
    fn start() -> Option<OwnCluster> {
        testkit::postgres_database()?;
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/postgres.sh");
        let output = std::process::Command::new(script)
            .arg("start")
            .output()
            .unwrap();
        let exports = testkit::succeeded(&output, "scripts/postgres.sh start");
        let value = |name: &str| {
            let line = exports
                .lines()
                .find_map(|l| l.strip_prefix(&format!("export {name}=")));
            line.expect("the script's exports").to_string()
        };
        Some(OwnCluster {
            url: value("CARDTABLE_POSTGRES_URL"),
            dir: value("CARDTABLE_POSTGRES_DIR"),
        })
    }

    /// `scripts/postgres.sh VERB DIR` (`halt`, `resume`, `stop`).
    fn run(&self, verb: &str) {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/postgres.sh");
        let output = std::process::Command::new(script)
            .args([verb, &self.dir])
            .output()
            .unwrap();
        testkit::succeeded(&output, verb);
    }
}

impl Drop for OwnCluster {
    fn drop(&mut self) {
        self.run("stop");
    }
}

/// A node whose database goes away refuses a person's action (`storage`) instead of
/// accepting what it cannot store, shows the table as it was, and plays on once the
/// database is back; a restart then finds exactly the actions the person saw accepted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_cut_from_its_database_refuses_actions_and_recovers() {
    let Some(cluster) = OwnCluster::start() else {
        return;
    };
    let mut served = Served::on_postgres(&cluster.url);
    let spec = json!({"game": "euchre", "seats": ["open", "random", "random", "random"]});
    let (mut ada, table) = Client::opening(&served.address, "Ada", spec).await;
    let (token, mut before) = ada.join(&table, 0).await;
    while before["scene"]["turn"] != 0 {
        before = ada.until("snapshot").await;
    }
    let act = |last: &Value| {
        let action = last["own"]["actions"][0].clone();
        json!({"type": "act", "table": table, "seq": last["seq"], "action": action})
    };
    cluster.run("halt");
    ada.send(act(&before)).await;
    let refused = ada.until_any(&["error", "snapshot"]).await;
    assert_eq!(refused["code"], "storage", "{refused}");
    while let Some(frame) = ada.try_next(Duration::from_millis(500)).await {
        if frame["type"] == "snapshot" {
            assert_eq!(
                frame["seq"], before["seq"],
                "nothing unstored is shown: {frame}"
            );
        }
    }
    cluster.run("resume");
    // The pool's connections to the old server fail once each, then new ones are made.
    let mut accepted = None;
    for _ in 0..20 {
        ada.send(act(&before)).await;
        let answer = ada.until_any(&["error", "snapshot"]).await;
        if answer["type"] == "snapshot" {
            accepted = Some(answer);
            break;
        }
        assert_eq!(answer["code"], "storage", "{answer}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let mut last = accepted.expect("the action is accepted once the database is back");
    assert!(last["seq"].as_u64() > before["seq"].as_u64());
    while let Some(frame) = ada.try_next(Duration::from_millis(300)).await {
        if frame["type"] == "snapshot" {
            last = frame;
        }
    }
    served.kill();
    let served = Served::on_postgres(&cluster.url);
    let mut back = Client::connect(&served.address, "Ada").await;
    back.rejoin(&table, &token).await;
    let restored = back.until("snapshot").await;
    let (_back, restored) = dealt_again(back, &table, restored, &last).await;
    same_table(&restored, &last, 0);
}

/// The first snapshot where `seat` has a choice to make: two legal actions or more. A
/// turn with a single legal action (a forced card) is played for it on the way, since
/// the table waits for a person even then: a caller waiting only for a choice would wait
/// for ever. Three CI runs of the twin-node test stalled so, their first turn forced.
async fn until_my_turn(client: &mut Client, table: &str, seat: usize) -> Value {
    let mut pending = latest(&client.frames).cloned();
    loop {
        let frame = match pending.take() {
            Some(frame) => frame,
            None => client.until("snapshot").await,
        };
        let legal = frame["own"]["actions"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let mine = frame["scene"]["turn"] == json!(seat);
        if mine && legal.len() > 1 {
            return frame;
        }
        eprintln!(
            "until_my_turn: seq {} turn {} legal {} finished {}",
            frame["seq"],
            frame["scene"]["turn"],
            legal.len(),
            frame["finished"]
        );
        if let [forced] = &legal[..] {
            let act = json!({"type": "act", "table": table, "seq": frame["seq"], "action": forced});
            client.send(act).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_coach_answers_a_seat_on_its_turn_where_the_creator_allows_it() {
    let dir = tempfile::tempdir().unwrap();
    let served = Served::start_with(&dir.path().join("t.db"), &["--coaches-per-minute", "5"]);
    // One person and three computers: the coach is on unless the creator says otherwise.
    let (mut ada, table) = Client::opening(
        &served.address,
        "Ada",
        json!({"game": "euchre", "rules": "eecs280", "seats": ["open", "handout", "handout", "handout"]}),
    )
    .await;
    ada.join(&table, 0).await;
    let now = until_my_turn(&mut ada, &table, 0).await;
    assert_eq!(now["coach"], true, "{now}");
    let seq = now["seq"].as_u64().unwrap();
    ada.send(json!({"type": "coach", "table": table, "seq": seq}))
        .await;
    let answer = ada.until("coach").await;
    assert_eq!(
        (answer["table"].as_str(), answer["seq"].as_u64()),
        (Some(table.as_str()), Some(seq))
    );
    let coaching = &answer["coaching"];
    assert_eq!(coaching["seat"], 0);
    // One choice per legal action, in the order the seat is offered them.
    let choices = coaching["choices"].as_array().unwrap();
    let actions: Vec<&Value> = choices.iter().map(|c| &c["action"]).collect();
    assert_eq!(json!(actions), now["own"]["actions"]);
    // The pick gives up nothing and nothing gives up less; each choice has its words.
    let pick = coaching["pick"].as_u64().unwrap() as usize;
    assert_eq!(choices[pick]["cost"], json!(0.0));
    assert!(choices.iter().all(|c| c["cost"].as_f64().unwrap() >= 0.0));
    assert!(choices
        .iter()
        .all(|c| !c["words"].as_str().unwrap().is_empty()));
    let picked = choices[pick]["words"].as_str().unwrap();
    assert_eq!(coaching["advice"], format!("The coach's pick: {picked}."));
    // Asked again about the same decision, the same answer.
    ada.send(json!({"type": "coach", "table": table, "seq": seq}))
        .await;
    assert_eq!(ada.until("coach").await, answer);
    // About a decision never sent: refused.
    ada.send(json!({"type": "coach", "table": table, "seq": seq + 1}))
        .await;
    ada.refused("bad_seq", "never sent").await;

    // Two people: the coach is off by default, and the creator's word turns it on.
    let (mut bob, off) = Client::opening(
        &served.address,
        "Bob",
        json!({"game": "straights", "seats": ["open", "open", "handout", "handout"]}),
    )
    .await;
    let (_, snapshot) = bob.join(&off, 0).await;
    assert_eq!(snapshot["coach"], false, "{snapshot}");
    bob.send(json!({"type": "coach", "table": off, "seq": snapshot["seq"]}))
        .await;
    bob.refused("no_coach", "off").await;
    let on = bob
        .create(json!({"game": "straights", "coach": true, "seats": ["open", "open", "handout", "handout"]}))
        .await;
    let (_, snapshot) = bob.join(&on, 0).await;
    assert_eq!(snapshot["coach"], true, "{snapshot}");
    // Nothing is dealt while a seat is open: nobody's turn, nothing to coach.
    let ask = json!({"type": "coach", "table": on, "seq": snapshot["seq"]});
    bob.send(ask.clone()).await;
    bob.refused("not_your_turn", "turn").await;
    // Both addresses are loopback: that was the fifth question in a minute, the last.
    bob.send(ask).await;
    bob.refused("rate_limited", "coach").await;
}

/// Asked live about a decision, and then in the finished game's review, the coach says
/// the same of it, value for value, pick for pick, in every game: both are the one
/// `scene::Coaching::at`, with a generator fixed by what the seat knew.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_review_of_a_decision_is_what_the_coach_said_of_it_live() {
    let served = Served::in_temp();
    // One hand or round each (Straights ends by a house rule, not by points).
    let games = [
        ("euchre", 4, &[][..]),
        ("straights", 4, &["end=rounds-1"][..]),
        ("teendopanch", 3, &[][..]),
    ];
    for (game, seats, house) in games {
        let mut lineup = vec!["open"];
        lineup.extend(vec!["handout"; seats - 1]);
        let mut ada = Client::connect(&served.address, "Ada").await;
        let spec = json!({"game": game, "points": 1, "house": house, "seats": lineup});
        let table = ada.create(spec).await;
        ada.join(&table, 0).await;
        // Ada's first decision with a choice (Straights' 7♠ is led without one).
        let now = until_my_turn(&mut ada, &table, 0).await;
        let seq = now["seq"].as_u64().unwrap();
        ada.send(json!({"type": "coach", "table": table, "seq": seq}))
            .await;
        let live = ada.until("coach").await["coaching"].clone();
        play_out(vec![(0, ada)], &table).await;
        let review: Value =
            serde_json::from_str(&served.get(&format!("/api/games/{table}/review/0"))).unwrap();
        let decision = (review["hands"].as_array().unwrap().iter())
            .flat_map(|h| h["decisions"].as_array().unwrap())
            .find(|d| d["seq"] == seq + 1)
            .unwrap_or_else(|| panic!("{game}: no decision at {}: {review}", seq + 1));
        assert_eq!(decision["coaching"], live, "{game}");
        let pick = live["pick"].as_u64().unwrap() as usize;
        assert_eq!(decision["best"], live["choices"][pick]["words"], "{game}");
    }
}

/// The next `lobby` message within `wait`, if any.
async fn lobby_push(client: &mut Client, wait: Duration) -> Option<Value> {
    while let Some(frame) = client.try_next(wait).await {
        if frame["type"] == "lobby" {
            return Some(frame);
        }
    }
    None
}

#[tokio::test(flavor = "multi_thread")]
async fn the_lobby_is_pushed_to_those_who_follow_it() {
    let served = Served::in_temp();
    let mut watcher = Client::connect(&served.address, "Lou").await;
    watcher.send(json!({"type": "lobby"})).await;
    let first = watcher.until("tables").await;
    assert_eq!(first["tables"], json!([]), "{first}");
    // A public table opens: it is pushed, seats as listed.
    let (mut ada, table) = Client::opening(
        &served.address,
        "Ada",
        json!({"game": "euchre", "public": true, "seats": ["open", "open", "handout", "handout"]}),
    )
    .await;
    let wait = Duration::from_secs(3);
    let pushed = lobby_push(&mut watcher, wait)
        .await
        .expect("the new table pushed");
    assert_eq!(pushed["tables"][0]["table"], json!(table), "{pushed}");
    assert_eq!(pushed["tables"][0]["seats"][0]["kind"], "open");
    // A seat is taken: the table is pushed again, whole, with the person in it.
    ada.join(&table, 0).await;
    let pushed = lobby_push(&mut watcher, wait)
        .await
        .expect("the seat taken pushed");
    assert_eq!(pushed["tables"][0]["seats"][0]["name"], "Ada", "{pushed}");
    // A private table is never pushed.
    ada.create(json!({"game": "straights", "seats": ["open", "handout", "handout", "handout"]}))
        .await;
    assert!(lobby_push(&mut watcher, Duration::from_millis(1500))
        .await
        .is_none());
    // Stopped, nothing more comes.
    watcher
        .send(json!({"type": "lobby", "follow": false}))
        .await;
    let mut bea = Client::connect(&served.address, "Bea").await;
    bea.join(&table, 1).await;
    assert!(lobby_push(&mut watcher, Duration::from_millis(1500))
        .await
        .is_none());
    // Followed again: the page as it is now, Bea seated.
    watcher.send(json!({"type": "lobby"})).await;
    let again = watcher.until("tables").await;
    assert_eq!(again["tables"][0]["seats"][1]["name"], "Bea", "{again}");
}

/// Plays `seat`'s random legal actions until a snapshot shows a hand's end between hands
/// (no turn, `scene.hand_end` set); returns it.
async fn until_hand_end(client: &mut Client, table: &str, seat: usize) -> Value {
    let mut pending = latest(&client.frames).cloned();
    loop {
        let frame = match pending.take() {
            Some(frame) => frame,
            None => client.until("snapshot").await,
        };
        if frame["scene"]["turn"].is_null() && !frame["scene"]["hand_end"].is_null() {
            return frame;
        }
        let legal = frame["own"]["actions"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        if frame["scene"]["turn"] == json!(seat) && !legal.is_empty() {
            let action = legal[frame["seq"].as_u64().unwrap() as usize % legal.len()].clone();
            let act = json!({"type": "act", "table": table, "seq": frame["seq"], "action": action});
            client.send(act).await;
        }
    }
}

/// Every hand ends visibly: the next deal waits, with the hand's end in the scene, until
/// the person seated says `continue`, or the server's pause is over (nobody holds a table
/// longer); a spectator cannot continue it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_next_deal_waits_for_the_person_to_read_the_hand_or_the_pause() {
    let dir = tempfile::tempdir().unwrap();
    let flags: Vec<&str> = common::MACHINE_SPEED
        .iter()
        .copied()
        .chain(["--hand-pause-seconds", "3"])
        .collect();
    let served = Served::start_with(&dir.path().join("t.db"), &flags);
    let spec =
        json!({"game": "euchre", "seats": ["open", "random", "random", "random"], "points": 10});
    let (mut ada, table) = Client::opening(&served.address, "Ada", spec).await;
    ada.join(&table, 0).await;
    let ended = until_hand_end(&mut ada, &table, 0).await;
    let seq = ended["seq"].clone();
    assert_eq!(ended["scene"]["hand_end"]["seq"], seq, "{ended}");
    assert_eq!(ended["scene"]["status"], "Hand 1 is over");
    // A spectator's `continue` is refused and deals nothing.
    let mut bea = Client::connect(&served.address, "Bea").await;
    bea.send(json!({"type": "watch", "table": table})).await;
    bea.until("snapshot").await;
    bea.send(json!({"type": "continue", "table": table, "seq": seq}))
        .await;
    bea.refused("no_seat", "seated").await;
    // Nothing is dealt while Ada reads (within the three seconds' pause)...
    let quiet = ada.try_next(Duration::from_millis(1500)).await;
    assert!(quiet.is_none(), "dealt before Ada read the hand: {quiet:?}");
    // ...and her `continue` deals at once: the next snapshot is the new hand.
    ada.send(json!({"type": "continue", "table": table, "seq": seq}))
        .await;
    let dealt = ada.until("snapshot").await;
    assert!(dealt["scene"]["hand_end"].is_null(), "{dealt}");
    assert_eq!(dealt["scene"]["heading"], "Hand 2");
    // The next hand's end, unread: the pause alone brings the deal.
    let ended = until_hand_end(&mut ada, &table, 0).await;
    let mut dealt = None;
    while let Some(frame) = ada.try_next(Duration::from_secs(10)).await {
        if frame["type"] == "snapshot"
            && frame["seq"] == ended["seq"]
            && frame["scene"]["hand_end"].is_null()
        {
            dealt = Some(frame);
            break;
        }
        if frame["type"] == "snapshot" && frame["seq"] != ended["seq"] {
            dealt = Some(frame);
            break;
        }
    }
    let dealt = dealt.expect("the pause ended and the next hand was dealt");
    assert_eq!(dealt["scene"]["heading"], "Hand 3", "{dealt}");
}

/// Two nodes on one database under one name would each take the other's tables back,
/// and stall them: the second refuses to start, naming the name and where the first is;
/// once the first is dead, a node under its name starts (a lease later) and takes its
/// tables back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_live_node_under_a_taken_name_refuses_to_start() {
    let Some(url) = testkit::postgres_database() else {
        return;
    };
    // Bounded, with each step said on standard error: a run that stalls fails and shows
    // where (three CI runs waited here for ever on Ada's forced first card, which
    // `until_my_turn` now plays).
    let steps = tokio::time::timeout(Duration::from_secs(120), twin_refused(url));
    steps
        .await
        .expect("the twin-node test did not end in 120 s: its last step is above");
}

async fn twin_refused(url: String) {
    // A lease of 10 s: a live node announces every third of it, so even a node starved of
    // CPU by the other tests (2 cores) stays fresh; at 2 s it went stale under CI's load.
    let flags = ["--node", "twin", "--lease-seconds", "10"];
    let mut first = Served::node_on_postgres(&url, &flags);
    let spec = json!({"game": "euchre", "rules": "cs246", "points": 10,
                       "seats": ["open", "random", "random", "random"]});
    eprintln!("twin: the first node serves");
    let (mut ada, table) = Client::opening(&first.address, "Ada", spec).await;
    let (token, _) = ada.join(&table, 0).await;
    // The computers play on until Ada's turn; from there the table waits for her.
    let last = until_my_turn(&mut ada, &table, 0).await;
    drop(ada);
    eprintln!(
        "twin: Ada's turn at seq {}; the second node starts",
        last["seq"]
    );
    let mut second = std::process::Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .args(["serve", "--listen", "127.0.0.1:0", "--store", &url])
        .args(common::MACHINE_SPEED)
        .args(flags)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // It gives up within a lease and a half (15 s); still serving after 30 s, it started.
    let mut waited = 0;
    let status = loop {
        if let Some(status) = second.try_wait().unwrap() {
            break status;
        }
        if waited == 300 {
            let _ = second.kill();
            panic!("a second node under a live node's name started");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        waited += 1;
    };
    let mut said = String::new();
    std::io::Read::read_to_string(&mut second.stderr.take().unwrap(), &mut said).unwrap();
    assert!(!status.success(), "{said}");
    let expected = format!(
        "node name 'twin' is taken: a live node at {} announced it",
        first.address
    );
    assert!(said.contains(&expected), "{said}");
    assert!(
        said.contains("give each node its own --node NAME"),
        "{said}"
    );
    // The first still has its table, untouched.
    eprintln!("twin: the second refused; rejoining the first");
    let (_, still) = rejoin_until_found(&first, &table, &token).await;
    assert_eq!(still["seq"], last["seq"]);
    // Dead, it stops announcing: a node under its name (on another port) starts and takes
    // the table back.
    first.kill();
    eprintln!("twin: the first killed; a node under its name starts");
    let again = Served::node_on_postgres(&url, &flags);
    let (_, back) = rejoin_until_found(&again, &table, &token).await;
    assert_eq!(back["seq"], last["seq"], "no accepted action lost");
}
