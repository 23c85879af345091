//! Rated tables through the whole server (issue 58): a rated spec refuses computers, a
//! guest may not sit, a signed-in person sits under the account's name, and a rated game
//! played to its end moves its people's ratings once, as profiles, graphs and the
//! leaderboard then show them.

use std::sync::Arc;

use axum::extract::{Path as UrlPath, State};

use super::{body, computers_only, eventually, hand_worked};
use crate::edge;
use crate::ids::{AccountId, Signed};
use crate::outbox::Conn;
use crate::protocol::{ActionText, TableSpec};
use crate::routes::people;
use crate::server::Server;
use crate::spec::SpecError;
use crate::store::{self, Commit, Left, Ratings, Reads, SeatRow, TableRow, Token, Writes};
use crate::table::Command;

fn signed(name: &str) -> Signed {
    Signed {
        id: AccountId(format!("{:0>32}", name.to_lowercase())),
        name: name.into(),
    }
}

/// What `sent` holds now, as text.
fn drained(sent: &mut tokio::sync::mpsc::Receiver<String>) -> Vec<String> {
    let mut all = Vec::new();
    while let Ok(message) = sent.try_recv() {
        all.push(message);
    }
    all
}

/// A rated table is people only, said by name; a guest may not sit at one (`sign_in`),
/// a signed-in person sits under the account's name whatever the connection said, and
/// once only; the lobby and the snapshot say the table is rated.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_table_seats_signed_in_people_only() {
    let dir = tempfile::tempdir().unwrap();
    let store = store::Sqlite::open(&dir.path().join("tables.db")).unwrap();
    let server = Server::new(Arc::new(store), edge::Config::default()).unwrap();
    let with_computers = TableSpec {
        rated: true,
        ..computers_only()
    };
    let refused = server.create(&with_computers).unwrap_err();
    assert!(matches!(refused, SpecError::RatedComputer(ref c) if c == "random"));
    assert!(refused.to_string().contains("people only"), "{refused}");
    let spec = TableSpec {
        seats: vec!["open".into(); 4],
        rated: true,
        ..computers_only()
    };
    let id = server.create(&spec).unwrap();
    let summary = server.public_tables(None);
    assert!(summary.iter().any(|t| t.table == id && t.rated));
    let table = server.table(&id).unwrap();
    let (guest, mut to_guest) = Conn::for_test(1, server.edge.clone());
    table
        .send(Command::Join {
            seat: 0,
            conn: guest,
        })
        .unwrap();
    let (ada, mut to_ada) = Conn::for_test(2, server.edge.clone());
    let ada = ada.signed_in(Some(signed("Ada")));
    table
        .send(Command::Join {
            seat: 1,
            conn: ada.clone(),
        })
        .unwrap();
    table.send(Command::Join { seat: 2, conn: ada }).unwrap();
    let seated = eventually(|| {
        (server.public_tables(None).iter()).any(|t| t.table == id && t.seats[1].name == "Ada")
    })
    .await;
    assert!(seated, "Ada sits under her account's name, not `test 2`");
    let to_guest = drained(&mut to_guest).join("\n");
    assert!(to_guest.contains("\"code\":\"sign_in\""), "{to_guest}");
    assert!(to_guest.contains("sign in"), "{to_guest}");
    let to_ada = drained(&mut to_ada);
    assert!(
        to_ada.iter().any(|m| m.contains("\"rated\":true")),
        "the snapshot says so"
    );
    assert!(
        to_ada.iter().any(|m| m.contains("already holds a seat")),
        "one seat an account: {to_ada:?}"
    );
    let kinds: Vec<String> = (server.public_tables(None).iter())
        .find(|t| t.table == id)
        .map(|t| t.seats.iter().map(|s| s.kind.clone()).collect())
        .unwrap();
    assert_eq!(kinds, ["open", "person", "open", "open"]);
}

/// The four people of the hand-worked game.
const NAMES: [&str; 4] = ["Ada", "Bo", "Cy", "Di"];

/// The hand-worked one-point EECS 280 game, rated, stored at `path` with its four people
/// signed in (each seat's leaving as `left` says): the store, the table and the seats'
/// tokens.
fn stored_rated_game(
    path: &std::path::Path,
    left: [Option<Left>; 4],
) -> (Arc<store::Sqlite>, String, Vec<Token>) {
    let sqlite = Arc::new(store::Sqlite::open(path).unwrap());
    // The accounts' table, as the accounts' module makes it (plan 58's columns).
    let accounts = rusqlite::Connection::open(path).unwrap();
    accounts
        .execute_batch(
            "CREATE TABLE IF NOT EXISTS accounts (id TEXT PRIMARY KEY, name TEXT NOT NULL,
               name_key TEXT NOT NULL UNIQUE, handle TEXT, recovery TEXT, created INTEGER)",
        )
        .unwrap();
    for name in NAMES {
        let who = signed(name);
        accounts
            .execute(
                "INSERT INTO accounts (id, name, name_key, handle, recovery, created) VALUES (?1, ?2, ?3, ?1, '', 0)",
                rusqlite::params![who.id.0, who.name, crate::names::key(name)],
            )
            .unwrap();
    }
    let id = "rated-hand".to_string();
    let mut game = Commit::default().create(TableRow {
        public: true,
        bots: vec![None; 4],
        autopilot_seconds: 60,
        rated: true,
        ..hand_worked::table(&id)
    });
    let tokens: Vec<Token> = (0..4).map(|_| Token::random()).collect();
    for (seat, name) in NAMES.iter().enumerate() {
        let row = SeatRow {
            seat,
            name: name.to_string(),
            token: tokens[seat].clone(),
            account: Some(signed(name).id),
            left: left[seat],
        };
        game = game.seat(&id, row);
    }
    sqlite.commit(game).unwrap();
    (sqlite, id, tokens)
}

/// Seat `seat`'s person back at `table` on a new connection, signed in.
fn rejoin(server: &Server, table: &TableHandle, tokens: &[Token], seat: usize) -> Seated {
    let (conn, sent) = Conn::for_test(seat as u64 + 1, server.edge.clone());
    let conn = conn.signed_in(Some(signed(NAMES[seat])));
    let token = tokens[seat].reveal().to_string();
    let (c, barred) = (conn.clone(), None);
    table
        .send(Command::Rejoin {
            token,
            conn: c,
            barred,
        })
        .unwrap();
    (conn, sent)
}

/// A seat's connection and what it was sent.
type Seated = (Conn, tokio::sync::mpsc::Receiver<String>);
/// A running table's command channel.
type TableHandle = tokio::sync::mpsc::UnboundedSender<Command>;

/// Every seat's person back at `table`.
fn rejoined(server: &Server, table: &TableHandle, tokens: &[Token]) -> Vec<Seated> {
    (0..4)
        .map(|seat| rejoin(server, table, tokens, seat))
        .collect()
}

/// The hand-worked actions numbered `seqs`, each from every connection at its seq: only
/// the seat to act is heard, the others refused (not their turn, or stale once it acted).
fn play(table: &TableHandle, conns: &[Seated], seqs: std::ops::Range<usize>) {
    let actions = hand_worked::actions();
    for seq in seqs {
        for (conn, _) in conns {
            let action = ActionText::from(catalogue::AnyAction::Euchre(actions[seq]));
            let (conn, seq) = (conn.clone(), seq as u64);
            table.send(Command::Act { conn, seq, action }).unwrap();
        }
    }
}

/// The hand-worked one-point EECS 280 game of `a_finished_game_is_listed_with_its_end…`
/// (seats 1 and 3 take the game), rated, its four people signed in and playing through
/// the table: the finish rates both partnerships once (the worked figures for two teams
/// of newcomers), and Bo's profile, graph and games read it back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_played_to_its_end_rates_its_people_once() {
    let dir = tempfile::tempdir().unwrap();
    let (sqlite, id, tokens) = stored_rated_game(&dir.path().join("tables.db"), [None; 4]);
    let server = Server::new(sqlite.clone(), edge::Config::default()).unwrap();
    let table = server.table(&id).unwrap();
    let mut conns = rejoined(&server, &table, &tokens);
    play(&table, &conns, 0..hand_worked::actions().len());
    let finished = eventually(|| sqlite.table(&id).unwrap().unwrap().finished).await;
    assert!(finished, "the game ended");
    let snapshots = drained(&mut conns[0].1);
    let illegal = snapshots
        .iter()
        .filter(|m| m.contains("\"illegal\""))
        .count();
    assert_eq!(illegal, 0, "every action as worked: {snapshots:?}");
    let key = "euchre/eecs280";
    let (up, down, sigma) = (26.964185503295965, 23.035814496704035, 8.17755635771097);
    for (name, mu) in [("Ada", down), ("Bo", up), ("Cy", down), ("Di", up)] {
        let rows = sqlite.ratings(&signed(name).id).unwrap();
        assert_eq!(rows.len(), 1, "{name}: {rows:?}");
        let row = &rows[0];
        assert_eq!((row.key.as_str(), row.games), (key, 1), "{name}");
        assert_eq!(row.wins, u32::from(mu == up), "{name}");
        assert!((row.rating.mu - mu).abs() < 1e-9, "{name}: {row:?}");
        assert!((row.rating.sigma - sigma).abs() < 1e-9, "{name}: {row:?}");
    }
    let profile = people::profile(State(server.clone()), UrlPath("bo".into())).await;
    let profile = body(profile).await;
    assert_eq!(profile["name"], "Bo", "{profile}");
    let rating = &profile["ratings"][0];
    assert_eq!(
        (rating["game"].as_str(), rating["rules"].as_str()),
        (Some("euchre"), Some("eecs280"))
    );
    assert_eq!(rating["provisional"], true);
    assert!((rating["rating"].as_f64().unwrap() - (up - 3.0 * sigma)).abs() < 1e-9);
    let played = &profile["games"][0];
    assert_eq!(played["table"], id.as_str(), "{profile}");
    assert_eq!(
        (played["seat"].as_u64(), played["won"].as_bool()),
        (Some(1), Some(true))
    );
    assert_eq!(played["rated"], true);
    let missing = people::profile(State(server.clone()), UrlPath("nobody".into())).await;
    assert_eq!(missing.status(), axum::http::StatusCode::NOT_FOUND);
    let path = (
        "Bo".to_string(),
        "euchre".to_string(),
        "eecs280.svg".to_string(),
    );
    let graph = people::graph(State(server.clone()), UrlPath(path)).await;
    assert_eq!(graph.headers()["content-type"], "image/svg+xml");
    let svg = axum::body::to_bytes(graph.into_body(), usize::MAX)
        .await
        .unwrap();
    let svg = String::from_utf8(svg.to_vec()).unwrap();
    assert!(
        svg.contains("<title id=\"title\">Bo&#39;s Euchre rating (EECS 280 rules)</title>"),
        "{svg}"
    );
    assert!(svg.contains("1 rated game:"), "{svg}");
    let path = ("Bo".to_string(), "hearts".to_string(), "x.svg".to_string());
    let unknown = people::graph(State(server.clone()), UrlPath(path)).await;
    assert_eq!(unknown.status(), axum::http::StatusCode::NOT_FOUND);
    // Nobody is past the provisional games yet.
    let page = crate::routes::people::Places::first();
    let board = people::leaderboard(
        State(server.clone()),
        UrlPath(("euchre".into(), "eecs280".into())),
        axum::extract::Query(page),
    )
    .await;
    assert_eq!(body(board).await, serde_json::json!([]));
}

/// The hand-worked rated game (seats 1 and 3 take it) with three people leaving, at a
/// server giving an hour's grace: Bo had left long before the table was restored and
/// comes back past the grace period, so his leaving stands though he plays on; Cy leaves
/// and comes back at once, which clears it; Di leaves before the last trick and never
/// comes back (the computer plays her one card). Bo and Di are rated as if their side
/// came last, the hand-worked losers' 23.035814496704035 for a partnership of newcomers;
/// Ada and Cy as the game ended, losers too; σ 8.17755635771097 for all. The game's
/// listing says each seat's move, and the snapshot the grace period.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_left_is_the_leavers_loss() {
    let dir = tempfile::tempdir().unwrap();
    let long_ago = Some(Left { seq: 0, at: 1 });
    let (sqlite, id, tokens) =
        stored_rated_game(&dir.path().join("tables.db"), [None, long_ago, None, None]);
    let mut config = edge::Config::default();
    config.limits.leave_grace_seconds = 3600;
    let server = Server::new(sqlite.clone(), config).unwrap();
    let table = server.table(&id).unwrap();
    let mut conns = rejoined(&server, &table, &tokens);
    let cy = conns[2].0.id;
    table.send(Command::Leave { conn: cy }).unwrap();
    conns[2] = rejoin(&server, &table, &tokens, 2);
    let before_the_last_trick = hand_worked::actions().len() - 4;
    play(&table, &conns, 0..before_the_last_trick);
    let at_last_trick =
        eventually(|| sqlite.table(&id).unwrap().unwrap().actions.len() == before_the_last_trick)
            .await;
    assert!(at_last_trick, "every action as worked until the last trick");
    let di = conns[3].0.id;
    table.send(Command::Leave { conn: di }).unwrap();
    play(
        &table,
        &conns[..3],
        before_the_last_trick..hand_worked::actions().len(),
    );
    let finished = eventually(|| sqlite.table(&id).unwrap().unwrap().finished).await;
    assert!(finished, "the game ended");
    let stored = sqlite.table(&id).unwrap().unwrap();
    let left: Vec<bool> = stored.seats.iter().map(|s| s.left.is_some()).collect();
    assert_eq!(left, [false, true, false, true], "Cy came back in time");
    let ada = drained(&mut conns[0].1);
    assert!(
        ada.iter()
            .any(|m| m.contains("\"leave_grace_seconds\":3600")),
        "the snapshot says the grace period"
    );
    let key = "euchre/eecs280";
    let (down, sigma) = (23.035814496704035, 8.17755635771097);
    for name in NAMES {
        let rows = sqlite.ratings(&signed(name).id).unwrap();
        assert_eq!(rows.len(), 1, "{name}: {rows:?}");
        let row = &rows[0];
        assert_eq!(
            (row.key.as_str(), row.games, row.wins),
            (key, 1, 0),
            "{name}"
        );
        assert!((row.rating.mu - down).abs() < 1e-9, "{name}: {row:?}");
        assert!((row.rating.sigma - sigma).abs() < 1e-9, "{name}: {row:?}");
    }
    // The listing: Bo's side won the game, and Bo is rated a loss from a newcomer's 0.
    let listing = crate::routes::listings::game_listing(State(server.clone()), UrlPath(id)).await;
    let listing = body(listing).await;
    let bo = &listing["result"]["seats"][1];
    assert_eq!(
        (bo["won"].as_bool(), bo["left"].as_u64()),
        (Some(true), Some(0))
    );
    let rating = &bo["rating"];
    assert_eq!(
        (rating["before"].as_f64(), rating["won"].as_bool()),
        (Some(0.0), Some(false))
    );
    assert!((rating["after"].as_f64().unwrap() - (down - 3.0 * sigma)).abs() < 1e-9);
}
