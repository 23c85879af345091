//! Rated games across nodes (issue 58), with real `cardtable serve` nodes on the throwaway
//! PostgreSQL (`scripts/postgres.sh`; the tests say they skip without it, and fail under
//! `CI=true`). People are signed in as a browser is, by the session cookie at the
//! WebSocket's upgrade; their accounts and sessions are made in the shared store by this
//! process (a sign-up through the HTTP routes needs a passkey ceremony, which
//! `crates/server/tests/accounts.rs` covers), exactly as a sign-up stores them.
//!
//! - A signed-in person connected to one node sits at tables another node runs, through
//!   that node's relay: the owner learns the account from the cookie the relay presents.
//! - A rated game finished across a failover (`kill -9` of the table's node just before
//!   its last action, at moments after it is sent, and after the finish was shown) rates
//!   every person exactly once, with the figures worked by hand from Weng and Lin's paper;
//!   a person who left on the dead node is rated the loss there, by the node that finishes.

mod common;

use std::time::Duration;

use common::{Client, Served};
use serde_json::{json, Value};
use server::ids::AccountId;
use server::store::{
    AccountRow, Accounts, NewAccount, PasskeyRow, Postgres, Ratings, Reads, SessionRow, SignedUp,
};
use sha2::{Digest, Sha256};

/// Two newcomer partnerships of Euchre, one beating the other: each winner's μ after,
/// each loser's, and everyone's σ (`server::ratings`' and `crates/server/tests/ratings.rs`'
/// figures, worked from the paper, not from the crate's output).
const UP: f64 = 26.964185503295965;
const DOWN: f64 = 23.035814496704035;
const SIGMA: f64 = 8.17755635771097;

/// The rating key of the rated tables here.
const KEY: &str = "euchre/eecs280";

/// How long a whole round may take before the test fails instead of hanging.
const ROUND: Duration = Duration::from_secs(120);

/// A person with an account and a live session.
#[derive(Clone)]
struct Person {
    id: AccountId,
    name: String,
    /// `cardtable_session=TOKEN`, as the browser sends it.
    cookie: String,
}

/// SHA-256 of `text` as hex: what the store keeps of a session's token.
fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Seconds since 1970.
fn now() -> i64 {
    let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    since.unwrap().as_secs() as i64
}

/// Stores an account named `name` with a passkey and a session for a day, as a sign-up
/// does (the passkey's JSON is never read here: nobody signs in with it).
fn sign_up(store: &Postgres, name: &str) -> Person {
    let (id, token, at) = (
        AccountId(server::store::new_token()),
        server::store::new_token(),
        now(),
    );
    let new = NewAccount {
        account: AccountRow {
            id: id.clone(),
            name: name.to_string(),
            name_key: server::names::key(name),
            handle: server::store::new_token(),
            created: at,
        },
        recovery: sha256_hex(&server::store::new_token()),
        passkey: PasskeyRow {
            id: format!("passkey-{}", id.0),
            account: id.clone(),
            passkey: "{}".to_string(),
            created: at,
            used: None,
        },
        session: SessionRow {
            id: sha256_hex(&token),
            account: id.clone(),
            created: at,
            expires: at + 24 * 60 * 60,
        },
        claims: Vec::new(),
    };
    let made = store.sign_up(&new).unwrap();
    assert_eq!(made, SignedUp::Made { claimed: 0 }, "{name}");
    Person {
        id,
        name: name.to_string(),
        cookie: format!("cardtable_session={token}"),
    }
}

/// Runs `work` on the store at `url` on a blocking thread (the store has a runtime of its
/// own, which may neither block nor be dropped on the test's).
async fn with_store<T: Send + 'static>(
    url: &str,
    work: impl FnOnce(&Postgres) -> T + Send + 'static,
) -> T {
    let url = url.to_string();
    let done = tokio::task::spawn_blocking(move || work(&Postgres::connect(&url).unwrap()));
    done.await.expect("the store's work ran")
}

/// People with accounts, named `names`.
async fn people(url: &str, names: &[&str]) -> Vec<Person> {
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    with_store(url, move |store| {
        names.iter().map(|name| sign_up(store, name)).collect()
    })
    .await
}

/// A node on the PostgreSQL database at `url` with two-second leases, so a dead node's
/// tables are taken over within seconds.
fn node(url: &str, name: &str) -> Served {
    Served::node_on_postgres(url, &["--node", name, "--lease-seconds", "2"])
}

/// Where each seat of `table` is stored: its account, if any.
async fn seat_accounts(url: &str, table: &str) -> Vec<Option<AccountId>> {
    let table = table.to_string();
    let stored = with_store(url, move |store| store.table(&table).unwrap());
    let stored = stored.await.expect("the table is stored");
    let mut seats = stored.seats;
    seats.sort_by_key(|s| s.seat);
    seats.into_iter().map(|s| s.account).collect()
}

/// The node at `address` runs `table`, by its lease.
async fn runs(url: &str, table: &str, address: &str) -> bool {
    let table = table.to_string();
    let owner = with_store(url, move |store| store.owner(&table).unwrap()).await;
    owner.is_some_and(|owner| owner.address == address)
}

/// Joins `seat` of `table`: its token, or the refusal.
async fn try_join(client: &mut Client, table: &str, seat: usize) -> Result<String, Value> {
    client
        .send(json!({"type": "join", "table": table, "seat": seat}))
        .await;
    let answer = client.until_any(&["joined", "error"]).await;
    match answer["type"] == "joined" {
        true => Ok(answer["token"].as_str().unwrap().to_string()),
        false => Err(answer),
    }
}

/// The next snapshot of `table`.
async fn snapshot_of(client: &mut Client, table: &str) -> Value {
    loop {
        let frame = client.until("snapshot").await;
        if frame["table"] == table {
            return frame;
        }
    }
}

/// Two nodes on one database, a table of each kind opened on node B by a guest there.
/// A person signed in on node A sits at both through A's relay: B finds the account from
/// the session cookie the relay presents, so the rated seat is allowed and each seat row
/// carries the account and the account's name. A guest on A is still refused the rated
/// seat (`sign_in`), and B still runs both tables (they were relayed, not taken over).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_relay_carries_who_is_signed_in() {
    let Some(url) = testkit::postgres_database() else {
        return;
    };
    let (a, b) = (node(&url, "a"), node(&url, "b"));
    let ada = people(&url, &["Ada"]).await.remove(0);
    let seats = json!(["open", "open", "open", "open"]);
    let mut opener = Client::connect(&b.address, "Opener").await;
    let rated = opener
        .create(json!({"game": "euchre", "rules": "eecs280", "rated": true, "seats": seats}))
        .await;
    let unrated = opener
        .create(json!({"game": "euchre", "rules": "eecs280", "seats": seats}))
        .await;
    let mut guest = Client::connect(&a.address, "Guest").await;
    let refused = try_join(&mut guest, &rated, 1).await.unwrap_err();
    assert_eq!(refused["code"], "sign_in", "{refused}");
    let mut person = Client::connect_signed(&a.address, "Ada", &ada.cookie).await;
    for table in [&rated, &unrated] {
        let joined = try_join(&mut person, table, 0).await;
        joined.unwrap_or_else(|refused| panic!("{table}: {refused}"));
        let snapshot = snapshot_of(&mut person, table).await;
        assert_eq!(snapshot["seats"][0]["name"], "Ada", "{snapshot}");
        let accounts = seat_accounts(&url, table).await;
        assert_eq!(accounts[0], Some(ada.id.clone()), "{table}'s seat 0");
        assert!(runs(&url, table, &b.address).await, "{table} runs on b");
    }
}

/// When node A is killed (SIGKILL) around the rated game's last action.
#[derive(Clone, Copy, Debug)]
enum Kill {
    /// With the last card still to play: node B finishes the game and rates it.
    BeforeTheLastAction,
    /// This long after the last card is sent: the finish may or may not have landed (at
    /// once, A is mostly gone before it reads the card; a few milliseconds later, the
    /// card may be in its transaction).
    AfterSending(Duration),
    /// Once the finished game was shown: A rated it, B must not rate it again.
    AfterTheFinish,
}

/// A rated one-point Euchre game of four signed-in people on node A, played to its last
/// card; A killed before that card, at moments after sending it, and after the finish
/// was shown; the people rejoin on node B, which takes the table over and finishes it
/// where it was not. Each time every person has exactly one rated game under the key —
/// one rating change, `games == 1`, a win for each winner only — at the hand-worked
/// figures for two newcomer partnerships. The kills after sending race the finish's
/// commit; the first and last kinds decide each side of that race for certain (and the
/// test checks that they did).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_finished_across_a_failover_rates_everyone_once() {
    let Some(url) = testkit::postgres_database() else {
        return;
    };
    let b = node(&url, "b");
    let ms = Duration::from_millis;
    let rounds = [
        Kill::BeforeTheLastAction,
        Kill::AfterSending(ms(0)),
        Kill::AfterSending(ms(3)),
        Kill::AfterSending(ms(10)),
        Kill::AfterSending(ms(30)),
        Kill::AfterTheFinish,
    ];
    // Then once more with a person who left on A before it died: B, finishing the game,
    // rates the leaving A stored (docs/PROTOCOL.md, "A game left is lost").
    let rounds =
        (rounds.into_iter().map(|kill| (kill, false))).chain([(Kill::BeforeTheLastAction, true)]);
    for (round, (kill, leaving)) in rounds.enumerate() {
        let a = node(&url, &format!("a{round}"));
        let played = failover_round(&url, a, &b, round, kill, leaving);
        let played = tokio::time::timeout(ROUND, played);
        played
            .await
            .unwrap_or_else(|_| panic!("round {round} ({kill:?}) took over {ROUND:?}"));
    }
}

/// One round: four people of their own, so each starts a newcomer; with `leaving`, the
/// seat after the last card's leaves on A (`leave`) before the kill, and never comes back.
async fn failover_round(
    url: &str,
    mut a: Served,
    b: &Served,
    round: usize,
    kill: Kill,
    leaving: bool,
) {
    let names: Vec<String> = (0..4).map(|seat| format!("R{round} P{seat}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let people = people(url, &names).await;
    let (table, seated) = seat_everyone(&a, &people).await;
    let tokens: Vec<String> = seated.iter().map(|(token, _)| token.clone()).collect();
    let (seat, mut last_player, before) = play_to_the_last_card(seated, &table).await;
    let action = only_action(&before);
    let act = json!({"type": "act", "table": table, "seq": before["seq"], "action": action});
    let leaver = leaving.then_some((seat + 1) % 4);
    if let Some(leaver) = leaver {
        leave_on(&a, url, &table, &tokens[leaver], &people[leaver], leaver).await;
    }
    match kill {
        Kill::BeforeTheLastAction => a.kill(),
        Kill::AfterSending(wait) => {
            last_player.send(act).await;
            tokio::time::sleep(wait).await;
            a.kill();
        }
        Kill::AfterTheFinish => {
            last_player.send(act).await;
            until_finished(&mut last_player).await;
            a.kill();
        }
    }
    drop(last_player);
    let (landed, finished) = finish_on(b, &table, &people, &tokens, seat, leaver).await;
    match kill {
        Kill::BeforeTheLastAction => assert!(!landed, "round {round}: B played the last card"),
        Kill::AfterTheFinish => assert!(landed, "round {round}: A had stored the finish"),
        Kill::AfterSending(_) => {}
    }
    check_rated_once(url, &people, &winners(&finished), leaver).await;
}

/// `person` comes back to `table` on node `a` and leaves it from `seat`; once the store
/// keeps the leaving.
async fn leave_on(a: &Served, url: &str, table: &str, token: &str, person: &Person, seat: usize) {
    let (mut client, _) = rejoin_until_found(a, table, token, person).await;
    client.send(json!({"type": "leave", "table": table})).await;
    for _ in 0..100 {
        let id = table.to_string();
        let stored = with_store(url, move |store| store.table(&id).unwrap().unwrap()).await;
        if stored.seats[seat].left.is_some() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the leaving of seat {seat} was never stored");
}

/// Four signed-in people on node A, one of whom opens a rated one-point Euchre table of
/// people (one point: the first hand that scores ends the game); each takes a seat. The
/// table and each seat's token with its client.
async fn seat_everyone(a: &Served, people: &[Person]) -> (String, Vec<(String, Client)>) {
    let mut clients = Vec::new();
    for person in people {
        clients.push(Client::connect_signed(&a.address, &person.name, &person.cookie).await);
    }
    let spec = json!({"game": "euchre", "rules": "eecs280", "points": 1, "rated": true,
                      "seats": ["open", "open", "open", "open"]});
    let table = clients[0].create(spec).await;
    let mut seated = Vec::new();
    for (seat, mut client) in clients.into_iter().enumerate() {
        let (token, snapshot) = client.join(&table, seat).await;
        assert_eq!(snapshot["rated"], true, "{snapshot}");
        seated.push((token, client));
    }
    (table, seated)
}

/// The cards still held, all seats together.
fn cards_held(snapshot: &Value) -> u64 {
    let seats = snapshot["scene"]["seats"]
        .as_array()
        .expect("the scene's seats");
    seats.iter().map(|s| s["cards"].as_u64().unwrap_or(0)).sum()
}

/// Whether the hand is over and the next deal waits for its people to have read it.
fn between_hands(snapshot: &Value) -> bool {
    snapshot["scene"]["turn"].is_null() && !snapshot["scene"]["hand_end"].is_null()
}

/// Whether `snapshot` waits on the game's last action: one card left in play, to be
/// played (nobody goes alone here, so every hand plays four cards a trick).
fn at_the_last_card(snapshot: &Value) -> bool {
    cards_held(snapshot) == 1 && !snapshot["scene"]["turn"].is_null()
}

/// The one legal action of a seat holding one card.
fn only_action(snapshot: &Value) -> Value {
    let actions = snapshot["own"]["actions"].as_array().expect("own actions");
    assert_eq!(actions.len(), 1, "one card, one play: {snapshot}");
    actions[0].clone()
}

/// Plays the table with one task a seat until the last card is to be played: the seat
/// holding it, its client, and the snapshot it plays on (the other clients are dropped).
async fn play_to_the_last_card(
    seated: Vec<(String, Client)>,
    table: &str,
) -> (usize, Client, Value) {
    let tasks: Vec<_> = (seated.into_iter().enumerate())
        .map(|(seat, (_, client))| tokio::spawn(play_seat(client, table.to_string(), seat)))
        .collect();
    let mut last = None;
    for task in tasks {
        let (seat, client, snapshot) = task.await.expect("a seat played to the last card");
        if snapshot["scene"]["turn"] == json!(seat) {
            last = Some((seat, client, snapshot));
        }
    }
    last.expect("one seat holds the last card")
}

/// One seat's player: never alone (so the last card is the one left), a choice varied by
/// `seq`, and the hand's end read when a hand is thrown in; stops at the last card.
async fn play_seat(mut client: Client, table: String, seat: usize) -> (usize, Client, Value) {
    let mut pending = common::latest_snapshot(&client.frames).cloned();
    loop {
        let frame = match pending.take() {
            Some(frame) => frame,
            None => client.next().await,
        };
        if frame["type"] != "snapshot" {
            assert!(
                frame["type"] != "error" || frame["code"] == "stale",
                "{frame}"
            );
            continue;
        }
        assert_ne!(
            frame["finished"], true,
            "the game ended before its last card"
        );
        if at_the_last_card(&frame) {
            return (seat, client, frame);
        }
        if between_hands(&frame) {
            let read = json!({"type": "continue", "table": table, "seq": frame["seq"]});
            client.send(read).await;
        } else if frame["scene"]["turn"] == json!(seat) {
            if let Some(action) = a_choice(&frame, seat) {
                let act = json!({"type": "act", "table": table, "seq": frame["seq"],
                                 "action": action});
                client.send(act).await;
            }
        }
    }
}

/// A legal action that does not go alone, varied by the snapshot's `seq` and the seat.
fn a_choice(snapshot: &Value, seat: usize) -> Option<Value> {
    let legal = snapshot["own"]["actions"].as_array()?;
    let together: Vec<&Value> = (legal.iter())
        .filter(|a| !a.to_string().contains(r#""alone":true"#))
        .collect();
    let pick = snapshot["seq"].as_u64()? as usize * 7 + seat;
    (!together.is_empty()).then(|| together[pick % together.len()].clone())
}

/// Frames until a finished snapshot.
async fn until_finished(client: &mut Client) -> Value {
    loop {
        let frame = client.until("snapshot").await;
        if frame["finished"] == true {
            return frame;
        }
    }
}

/// Everyone rejoins `table` on node B with their seat's token and cookie, once B has
/// taken it over; the seat at the last card plays it there if the game is not over.
/// Whether it was over (the finish had landed before the kill), and the finished
/// snapshot, on whose winners every person's agrees.
async fn finish_on(
    b: &Served,
    table: &str,
    people: &[Person],
    tokens: &[String],
    last_seat: usize,
    leaver: Option<usize>,
) -> (bool, Value) {
    let mut back = Vec::new();
    for (seat, (person, token)) in people.iter().zip(tokens).enumerate() {
        if Some(seat) != leaver {
            back.push((seat, rejoin_until_found(b, table, token, person).await));
        }
    }
    let mut back: Vec<(Client, Value)> = back.into_iter().map(|(_, found)| found).collect();
    // The seat holding the last card, among those who came back.
    let last_seat = last_seat - usize::from(leaver.is_some_and(|l| l < last_seat));
    let landed = back[last_seat].1["finished"] == true;
    let (client, snapshot) = &mut back[last_seat];
    if !landed {
        assert!(at_the_last_card(snapshot), "no action lost: {snapshot}");
        let action = only_action(snapshot);
        let act = json!({"type": "act", "table": table, "seq": snapshot["seq"], "action": action});
        client.send(act).await;
    }
    let mut shown = Vec::new();
    for (client, snapshot) in &mut back {
        shown.push(match snapshot["finished"] == true {
            true => snapshot.clone(),
            false => until_finished(client).await,
        });
    }
    let winners: Vec<&Value> = shown
        .iter()
        .map(|s| &s["scene"]["result"]["winners"])
        .collect();
    assert!(winners.windows(2).all(|w| w[0] == w[1]), "{winners:?}");
    (landed, shown.swap_remove(0))
}

/// Rejoins `table` on `served` as `person`, signed in, until a node there has taken it
/// over ([`common::rejoin_until_found`]).
async fn rejoin_until_found(
    served: &Served,
    table: &str,
    token: &str,
    person: &Person,
) -> (Client, Value) {
    let connect = || Client::connect_signed(&served.address, &person.name, &person.cookie);
    common::rejoin_until_found(table, token, connect).await
}

/// The winning seats a finished snapshot names: one partnership of Euchre.
fn winners(finished: &Value) -> Vec<usize> {
    let winners = finished["scene"]["result"]["winners"].as_array();
    let winners: Vec<usize> = (winners.expect("a result's winners").iter())
        .map(|w| w.as_u64().unwrap() as usize)
        .collect();
    assert!(
        winners == [0, 2] || winners == [1, 3],
        "a partnership wins: {finished}"
    );
    winners
}

/// Each person has exactly one rated game under [`KEY`] (one rating change, `games ==
/// 1`, one win for a winner, none for a loser) at the hand-worked rating of their side;
/// a `leaver` is rated a loser's figure, whoever won.
async fn check_rated_once(url: &str, people: &[Person], winners: &[usize], leaver: Option<usize>) {
    let people = people.to_vec();
    let found = with_store(url, move |store| {
        (people.iter())
            .map(|p| {
                let ratings = store.ratings(&p.id).unwrap();
                let history = store.history(&p.id, KEY, 10).unwrap();
                (p.name.clone(), ratings, history)
            })
            .collect::<Vec<_>>()
    })
    .await;
    for (seat, (name, ratings, history)) in found.into_iter().enumerate() {
        let won = winners.contains(&seat) && Some(seat) != leaver;
        assert_eq!(ratings.len(), 1, "{name}: one rating: {ratings:?}");
        let rating = &ratings[0];
        assert_eq!(rating.key, KEY, "{name}");
        assert_eq!(rating.games, 1, "{name}: rated once: {rating:?}");
        assert_eq!(rating.wins, u32::from(won), "{name}: {rating:?}");
        assert_eq!(history.len(), 1, "{name}: one rating change: {history:?}");
        assert_eq!(history[0].won, won, "{name}: {history:?}");
        // A leaver is placed below the other partnership: 1 where it won, 2 below both
        // where the leaver's own side won.
        let place = match leaver {
            Some(l) if l == seat => 1 + usize::from(winners.contains(&seat)),
            _ => usize::from(!won),
        };
        assert_eq!(history[0].place, place, "{name}: {history:?}");
        let mu = if won { UP } else { DOWN };
        let close = |got: f64, want: f64| (got - want).abs() < 1e-9;
        assert!(
            close(rating.rating.mu, mu) && close(rating.rating.sigma, SIGMA),
            "{name}: ({}, {}) against ({mu}, {SIGMA})",
            rating.rating.mu,
            rating.rating.sigma
        );
        assert_eq!(
            history[0].rating, rating.rating,
            "{name}: the graph's last point"
        );
    }
}
