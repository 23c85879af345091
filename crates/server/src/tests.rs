//! The server as a whole: tables opened, restored, finished and listed.

use std::sync::Arc;

use axum::extract::{Path as UrlPath, Query, State};
use axum::response::Response;
use catalogue::GameKind;

use crate::edge;
use crate::lobby::{Listed, PAGE, RECENT};
use crate::outbox::Conn;
use crate::protocol::{self, TableSpec};
use crate::routes::listings::{game_listing, list_games};
use crate::routes::Page;
use crate::server::Server;
use crate::store::{self, Commit, Deals, Reads, Seed, StoreError, Stored, TableRow, Writes};
use crate::table::Command;

mod hand_worked;
mod rated;

/// A one-point Euchre game of four random computer players.
fn computers_only() -> TableSpec {
    TableSpec {
        game: "euchre".into(),
        rules: None,
        points: 1,
        house: Vec::new(),
        seats: ["random", "random", "random", "random"]
            .map(String::from)
            .to_vec(),
        public: true,
        autopilot_seconds: 20,
        coach: None,
        rated: false,
        speed: Some(scene::Speed::Instant),
    }
}

/// Whether `check` holds within ten seconds.
async fn eventually(mut check: impl FnMut() -> bool) -> bool {
    for _ in 0..200 {
        if check() {
            return true;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    false
}

/// On a one-thread runtime the table's task cannot run before the check: the lobby
/// must list the table from `create` alone.
#[tokio::test(flavor = "current_thread")]
async fn an_opened_public_table_is_listed_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let store = store::Sqlite::open(&dir.path().join("tables.db")).unwrap();
    let server = Server::new(Arc::new(store), edge::Config::default()).unwrap();
    let mut spec = computers_only();
    spec.seats[0] = "open".into();
    let id = server.create(&spec).unwrap();
    let listed = server.public_tables(None);
    let summary = listed.iter().find(|t| t.table == id).expect("listed");
    let kinds: Vec<&str> = summary.seats.iter().map(|s| s.kind.as_str()).collect();
    assert_eq!(kinds, ["open", "computer", "computer", "computer"]);
}

/// House rules are checked when a table opens, kept with it, and survive a restart.
#[tokio::test(flavor = "current_thread")]
async fn house_rules_are_refused_by_name_or_kept_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tables.db");
    let spec = |house: &[&str]| {
        let mut spec = computers_only();
        spec.seats[0] = "open".into();
        TableSpec {
            rules: Some("cs246".into()),
            points: 5,
            house: house.iter().map(|h| h.to_string()).collect(),
            ..spec
        }
    };
    let id = {
        let store = store::Sqlite::open(&path).unwrap();
        let server = Server::new(Arc::new(store), edge::Config::default()).unwrap();
        let unknown = server
            .create(&spec(&["bidding=on"]))
            .unwrap_err()
            .to_string();
        assert!(unknown.contains("`bidding`"), "{unknown}");
        let conflict = server
            .create(&spec(&["alone=off"]))
            .unwrap_err()
            .to_string();
        assert!(conflict.contains("partner-alone"), "{conflict}");
        server.create(&spec(&["renege=off", "march=3"])).unwrap()
    };
    let store = store::Sqlite::open(&path).unwrap();
    let server = Server::new(Arc::new(store), edge::Config::default()).unwrap();
    let listed = server.public_tables(None);
    let summary = listed.iter().find(|t| t.table == id).expect("restored");
    assert_eq!(summary.house, ["renege=off", "march=3"]);
    assert!(
        summary.title.ends_with("· house rules"),
        "{}",
        summary.title
    );
}

/// A crash between a game's last action and its `finished` mark (issue 40: 3 of
/// 1,949 tables over 8 `kill -9`s) left it in progress forever; a restart finishes it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_marks_finished_a_game_whose_last_action_was_stored() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tables.db");
    let spec = computers_only();
    let id = {
        let store = Arc::new(store::Sqlite::open(&path).unwrap());
        let server = Server::new(store.clone(), edge::Config::default()).unwrap();
        let id = server.create(&spec).unwrap();
        let mut finished = false;
        for _ in 0..200 {
            finished = store.table(&id).unwrap().is_some_and(|t| t.finished);
            if finished {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        assert!(finished, "the computers finished the game");
        id
    };
    // The crash: every action stored, the mark not.
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute("UPDATE tables SET finished = 0 WHERE id = ?1", [&id])
        .unwrap();
    let store = Arc::new(store::Sqlite::open(&path).unwrap());
    assert!(!store.table(&id).unwrap().unwrap().finished);
    let _server = Server::new(store.clone(), edge::Config::default()).unwrap();
    assert!(
        store.table(&id).unwrap().unwrap().finished,
        "finished at restart"
    );
}

/// Writes to SQLite, but a lone `finish` (a commit marking a game ended that stores no
/// action) always fails: a crash between a game's last action and its mark, every
/// time.
struct FinishFails(Arc<store::Sqlite>);

impl store::Writes for FinishFails {
    fn commit(&self, commit: store::Commit) -> Result<(), StoreError> {
        if commit.actions.is_empty() && !commit.finished.is_empty() {
            return Err(rusqlite::Error::InvalidQuery.into());
        }
        self.0.commit(commit)
    }
    fn flush(&self) -> Result<(), StoreError> {
        self.0.flush()
    }
}

/// Reads from SQLite, but loading a table with its actions fails the test.
struct LoadingPanics(Arc<store::Sqlite>);

impl store::Reads for LoadingPanics {
    fn unfinished(&self) -> Result<Vec<Stored>, StoreError> {
        self.0.unfinished()
    }
    fn games(&self, after: Option<&str>, limit: usize) -> Result<Vec<store::GameRow>, StoreError> {
        self.0.games(after, limit)
    }
    fn table(&self, table: &str) -> Result<Option<Stored>, StoreError> {
        panic!("{table} loaded with its actions");
    }
}

/// Issue 40, item 6: the last action and the `finished` mark are one transaction, so
/// no crash can come between them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_action_and_the_finished_mark_are_stored_together() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = Arc::new(store::Sqlite::open(&dir.path().join("tables.db")).unwrap());
    let store = store::Parts::writing_to(sqlite.clone(), Arc::new(FinishFails(sqlite.clone())));
    let server = Server::new(Arc::new(store), edge::Config::default()).unwrap();
    let spec = computers_only();
    let id = server.create(&spec).unwrap();
    let finished = eventually(|| sqlite.table(&id).unwrap().is_some_and(|t| t.finished)).await;
    assert!(finished, "marked finished with its last action");
}

async fn body(response: Response) -> serde_json::Value {
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    serde_json::from_slice(&bytes).unwrap()
}

/// Issue 40, item 3: `/api/games` loaded every table with every action (7.7 s and
/// 1.9 GB more with 1,000 long games), and so did every start. Now a start reads
/// only unfinished tables, and the list is read from the tables alone, a page at a
/// time, newest first.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_games_are_listed_a_page_at_a_time_without_their_actions() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = store::Sqlite::open(&dir.path().join("tables.db")).unwrap();
    for n in 0..250 {
        let id = format!("g{n:03}");
        let row = TableRow {
            id: id.clone(),
            game: GameKind::Euchre,
            rules: "eecs280".into(),
            points: 10,
            house: Vec::new(),
            seed: Seed::new(n),
            deals: Deals::default(),
            public: n % 50 != 7,
            bots: vec![Some("random".into()); 4],
            autopilot_seconds: 20,
            coach: false,
            rated: false,
            speed: scene::Speed::Instant,
        };
        let pass = catalogue::AnyAction::Euchre(euchre::Action::Pass);
        let actions = (1..=3).map(|seq| (id.clone(), seq, pass));
        let game = Commit::default().create(row).append(actions).finish(&id);
        sqlite.commit(game).unwrap();
    }
    let sqlite = Arc::new(sqlite);
    let store = store::Parts::reading_from(sqlite.clone(), Arc::new(LoadingPanics(sqlite)));
    let server = Server::new(Arc::new(store), edge::Config::default()).unwrap();
    assert_eq!(server.tables.count(), 0, "nothing started");
    let mut seen = Vec::new();
    let mut after = None;
    loop {
        let page = Page { after, limit: None };
        let games = body(list_games(State(server.clone()), Query(page)).await).await;
        let games = games.as_array().unwrap().clone();
        assert!(games.len() <= PAGE);
        if games.is_empty() {
            break;
        }
        assert!(games.iter().all(|g| g["actions"] == 3), "{games:?}");
        // When each ended, and no result: the list reads no actions.
        assert!(games.iter().all(|g| g["ended"].is_u64()), "{games:?}");
        assert!(games.iter().all(|g| g.get("result").is_none()), "{games:?}");
        after = Some(games.last().unwrap()["table"].as_str().unwrap().to_string());
        seen.extend(
            games
                .iter()
                .map(|g| g["table"].as_str().unwrap().to_string()),
        );
    }
    // Five of the 250 are private (n % 50 == 7): never listed.
    let expected: Vec<String> = (0..250)
        .rev()
        .filter(|n| n % 50 != 7)
        .map(|n| format!("g{n:03}"))
        .collect();
    assert_eq!(seen, expected);
}

/// Issue 55, item 6: "my games" showed "23 actions" and nothing of how the game went.
/// `/api/games/{id}` says when it ended, who won, each seat's points, partners and
/// opponents. A one-point EECS 280 game dealt from the pack in order, worked by hand:
/// seat 0 deals 3-2-3-2 then 2-3-2-3 from its left, so seat 1 holds 9♠ 10♠ J♠ K♥ A♥,
/// seat 2 Q♠ K♠ 9♣ 10♣ J♣, seat 3 A♠ 9♥ 10♥ Q♣ K♣, seat 0 J♥ Q♥ A♣ 9♦ 10♦, and J♦
/// turns up. Everyone passes it; seat 1 calls spades. Tricks: seat 1 (J♠ right
/// bower), seat 2 (K♠ over 10♠), seat 2 (J♣ left bower), seat 3 (K♣, no trump left),
/// seat 1 (A♥): the makers, seats 1 and 3, take 3 tricks, 1 point, and the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_listed_with_its_end_its_winners_and_each_seats_side() {
    let dir = tempfile::tempdir().unwrap();
    let sqlite = store::Sqlite::open(&dir.path().join("tables.db")).unwrap();
    let id = "hand-worked".to_string();
    let mut game = Commit::default().create(hand_worked::table(&id));
    for (seat, name) in [(0, "Ada"), (2, "Cy")] {
        let token = store::Token::random();
        let row = store::SeatRow {
            seat,
            name: name.into(),
            token,
            account: None,
            left: None,
        };
        game = game.seat(&id, row);
    }
    let actions: Vec<_> = (hand_worked::actions().into_iter().enumerate())
        .map(|(i, a)| (id.clone(), i as u64 + 1, catalogue::AnyAction::Euchre(a)))
        .collect();
    let before = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    sqlite.commit(game.append(actions).finish(&id)).unwrap();
    let server = Server::new(Arc::new(sqlite), edge::Config::default()).unwrap();
    let listed = body(game_listing(State(server.clone()), UrlPath(id.clone())).await).await;
    assert_eq!(listed["actions"], 25, "{listed}");
    let ended = listed["ended"].as_u64().expect("when it ended");
    assert!(
        ended >= before && ended <= before + 60,
        "{ended} vs {before}"
    );
    let result = &listed["result"];
    assert_eq!(result["winners"], serde_json::json!([1, 3]), "{listed}");
    assert_eq!(
        result["standings"],
        serde_json::json!([
            "Computer 2 (random) & Computer 4 (random): 1 point",
            "Ada & Cy: 0 points"
        ])
    );
    let seat = |n: usize| &result["seats"][n];
    assert_eq!(seat(0)["name"], "Ada");
    assert_eq!(seat(0)["kind"], "person");
    assert_eq!(seat(0)["won"], false);
    assert_eq!(seat(0)["points"], 0.0);
    assert_eq!(seat(0)["partners"], serde_json::json!(["Cy"]));
    assert_eq!(
        seat(0)["opponents"],
        serde_json::json!(["Computer 2 (random)", "Computer 4 (random)"])
    );
    assert_eq!(seat(3)["kind"], "computer");
    assert_eq!(seat(3)["won"], true);
    assert_eq!(seat(3)["points"], 1.0);
    assert_eq!(seat(3)["opponents"], serde_json::json!(["Ada", "Cy"]));
    // The list reads no actions: the time, not the result.
    let page = Page {
        after: None,
        limit: None,
    };
    let games = body(list_games(State(server.clone()), Query(page)).await).await;
    assert_eq!(games, serde_json::json!([]), "private: not listed");
}

/// Issue 40, item 4: every table ever made stayed in `list` (2.1 MB a reply at 3,000
/// tables). The lobby holds tables in play and those finished in the last ten
/// minutes, a page at a time.
#[tokio::test(flavor = "current_thread")]
async fn the_lobby_lists_tables_in_play_and_recent_ones_a_page_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let store = store::Sqlite::open(&dir.path().join("tables.db")).unwrap();
    let server = Server::new(Arc::new(store), edge::Config::default()).unwrap();
    let long_ago = std::time::Instant::now()
        .checked_sub(RECENT + std::time::Duration::from_secs(1))
        .unwrap();
    {
        let mut directory = server.lobby.directory().lock().unwrap();
        for n in 0..330 {
            let id = format!("t{n:03}");
            let summary = protocol::TableSummary {
                table: id.clone(),
                game: GameKind::Euchre,
                rules: "eecs280".into(),
                points: 10,
                house: Vec::new(),
                title: "Euchre".into(),
                seats: Vec::new(),
                finished: n >= 300,
                rated: false,
            };
            let ended = match n {
                300..=314 => Some(long_ago),
                315.. => Some(std::time::Instant::now()),
                _ => None,
            };
            let listed = Listed {
                public: true,
                summary,
                ended,
            };
            directory.insert(id, listed);
        }
    }
    server.lobby.forget_finished();
    let mut seen = Vec::new();
    let mut after: Option<String> = None;
    loop {
        let page = server.public_tables(after.as_deref());
        assert!(page.len() <= PAGE);
        let Some(last) = page.last() else { break };
        after = Some(last.table.clone());
        seen.extend(page.iter().map(|t| t.table.clone()));
    }
    let expected: Vec<String> = (0..300)
        .chain(315..330)
        .map(|n| format!("t{n:03}"))
        .collect();
    assert_eq!(seen, expected, "in play and recent, each once");
}

/// A finished table nobody is at stops running (memory follows the tables in play);
/// a command for it starts it again from the store.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_table_left_alone_stops_and_starts_again_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(store::Sqlite::open(&dir.path().join("tables.db")).unwrap());
    let server = Server::new(store.clone(), edge::Config::default()).unwrap();
    let spec = computers_only();
    let id = server.create(&spec).unwrap();
    let stopped = eventually(|| server.tables.running(&id).is_none()).await;
    assert!(stopped, "the finished table left the running tables");
    assert!(store.table(&id).unwrap().unwrap().finished);
    assert!(server.table(&id).is_some(), "started again");
    assert!(server.tables.running(&id).is_some());
}

/// Issue 40, item 2: after a restart unfinished computer tables played on with
/// nobody watching (1.85 of 2 cores for 34 minutes). A restored table now plays
/// nothing until somebody looks, then plays on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restored_table_plays_only_once_somebody_looks() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tables.db");
    let row = TableRow {
        id: "sleeper".into(),
        game: GameKind::Euchre,
        rules: "eecs280".into(),
        points: 1,
        house: Vec::new(),
        seed: Seed::new(7),
        deals: Deals::default(),
        public: true,
        bots: vec![Some("random".into()); 4],
        autopilot_seconds: 20,
        coach: false,
        rated: false,
        speed: scene::Speed::Instant,
    };
    store::Sqlite::open(&path)
        .unwrap()
        .commit(Commit::default().create(row))
        .unwrap();
    let store = Arc::new(store::Sqlite::open(&path).unwrap());
    let server = Server::new(store.clone(), edge::Config::default()).unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let stored = store.table("sleeper").unwrap().unwrap();
    assert!(
        stored.actions.is_empty(),
        "{} actions",
        stored.actions.len()
    );
    let (conn, _sent) = Conn::for_test(1, server.edge.clone());
    let table = server.table("sleeper").unwrap();
    table.send(Command::Watch { conn }).unwrap();
    let finished = eventually(|| store.table("sleeper").unwrap().unwrap().finished).await;
    assert!(finished, "played to the end once watched");
}
