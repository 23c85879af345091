//! Ratings in the store (issue 58), on both stores: a rated game's finish rates each of
//! its people once, in its commit's transaction; the same finish stored again (a second
//! node finishing the table after a failover) rates nobody again; a fenced finish rates
//! nobody; two games of the same person ending at once both count. The figures are the
//! hand-worked ones of `server::ratings`' tests (Weng and Lin 2011, Algorithm 1, worked
//! from the paper alone), read back through the store's reads. PostgreSQL runs where
//! `CARDTABLE_POSTGRES_URL` is set (`scripts/postgres.sh start`), and says it skips
//! otherwise.

use std::time::Duration;

use catalogue::{AnyAction, GameKind};
use server::ids::AccountId;
use server::store::{
    Commit, Deals, Left, RatedGame, RatedSide, SeatRow, Seed, Sqlite, Store, StoreError, TableRow,
    Token,
};

/// A newcomer's rating: 25 ± 25/3.
const NEW: (f64, f64) = (25.0, 25.0 / 3.0);

/// A rated table of `game` under `rules`, its people's seats all open.
fn row(id: &str, game: GameKind, rules: &str, seats: usize, public: bool) -> TableRow {
    TableRow {
        id: id.into(),
        game,
        rules: rules.into(),
        points: 10,
        house: Vec::new(),
        seed: Seed::new(7),
        deals: Deals::default(),
        public,
        bots: vec![None; seats],
        autopilot_seconds: 20,
        coach: false,
        rated: true,
        speed: scene::Speed::Instant,
    }
}

fn account(name: &str) -> AccountId {
    AccountId(format!("{name:0>32}"))
}

/// Stores table `id` with `people` seated in order (`None`: a seat whose account is gone).
fn seated(store: &dyn Store, table: TableRow, people: &[Option<&str>]) {
    let id = table.id.clone();
    let mut commit = Commit::default().create(table);
    for (seat, person) in people.iter().enumerate() {
        commit = commit.seat(
            &id,
            SeatRow {
                seat,
                name: person.unwrap_or("a deleted player").into(),
                token: Token::random(),
                account: person.map(account),
                left: None,
            },
        );
    }
    store.commit(commit).unwrap();
}

/// The finish of `table`, each side (its seats) at its place, under `key`.
fn finish(table: &str, key: &str, sides: &[(&[usize], usize)]) -> Commit {
    let rated = RatedGame {
        table: table.into(),
        key: key.into(),
        sides: (sides.iter())
            .map(|(seats, place)| RatedSide {
                seats: seats.to_vec(),
                place: *place,
            })
            .collect(),
    };
    Commit::default().finish(table).rate(rated)
}

/// `who`'s rating under `key`: (μ, σ, games, wins), if rated.
fn rating(store: &dyn Store, who: &str, key: &str) -> Option<(f64, f64, u32, u32)> {
    let rows = store.ratings(&account(who)).unwrap();
    (rows.into_iter())
        .find(|r| r.key == key)
        .map(|r| (r.rating.mu, r.rating.sigma, r.games, r.wins))
}

fn close(got: Option<(f64, f64, u32, u32)>, mu: f64, sigma: f64, games: u32, wins: u32) {
    let (m, s, g, w) = got.expect("rated");
    assert!(
        (m - mu).abs() < 1e-9 && (s - sigma).abs() < 1e-9,
        "({m}, {s}) against ({mu}, {sigma})"
    );
    assert_eq!((g, w), (games, wins));
}

/// Makes the accounts table with the given (id, name, name key) rows.
type MakeAccounts<'a> = dyn Fn(&[(AccountId, &str, &str)]) + 'a;

/// Every check, on `store`; `accounts` makes the accounts table (the accounts' module's)
/// with the given (id, name, name key) rows.
fn contract(store: &dyn Store, accounts: &MakeAccounts<'_>) {
    a_team_game_rates_each_partner_once(store);
    a_free_for_all_ranks_every_pair(store);
    a_deleted_accounts_seat_is_left_out(store);
    a_person_who_left_has_lost(store);
    a_fenced_finish_rates_nobody_and_the_next_node_rates_once(store);
    two_games_of_one_person_ending_at_once_both_count(store);
    profiles_and_the_leaderboard_read_back(store, accounts);
}

/// Two partnerships of newcomers, seats 1 and 3 winning: each winner up to
/// 26.964185503295965, each loser down to 23.035814496704035, σ 8.17755635771097 for all
/// (the worked figures). Stored again, as a second node finishing it would, nothing
/// moves; a finish with an action already stored fails whole.
fn a_team_game_rates_each_partner_once(store: &dyn Store) {
    let key = "euchre/eecs280";
    seated(
        store,
        row("team", GameKind::Euchre, "eecs280", 4, true),
        &[Some("a0"), Some("a1"), Some("a2"), Some("a3")],
    );
    let game = || finish("team", key, &[(&[0, 2], 1), (&[1, 3], 0)]);
    store.commit(game()).unwrap();
    let (up, down, sigma) = (26.964185503295965, 23.035814496704035, 8.17755635771097);
    let check = || {
        close(rating(store, "a1", key), up, sigma, 1, 1);
        close(rating(store, "a3", key), up, sigma, 1, 1);
        close(rating(store, "a0", key), down, sigma, 1, 0);
        close(rating(store, "a2", key), down, sigma, 1, 0);
    };
    check();
    assert!(store.table("team").unwrap().unwrap().finished);
    store.commit(game()).unwrap();
    check();
    let pass = AnyAction::Euchre(euchre::Action::Pass);
    store
        .commit(Commit::default().append([("team".into(), 1, pass)]))
        .unwrap();
    let again = game().append([("team".into(), 1, pass)]);
    assert!(store.commit(again).is_err(), "a second writer of seq 1");
    check();
    let history = store.history(&account("a1"), key, 10).unwrap();
    assert_eq!(history.len(), 1);
    assert!(history[0].won && history[0].place == 0 && history[0].n == 1);
    assert!((history[0].rating.mu - up).abs() < 1e-9);
}

/// Three newcomers placed 0, 1, 2: 30.2704627669473, 25, 19.7295372330527, σ
/// 7.788474807872566; four with two tied second: 32.90569415042095, 25, 25,
/// 17.09430584957905, σ 7.5012190693964005 (the worked figures).
fn a_free_for_all_ranks_every_pair(store: &dyn Store) {
    let key = "teendopanch/standard";
    seated(
        store,
        row("three", GameKind::TeenDoPanch, "standard", 3, false),
        &[Some("b0"), Some("b1"), Some("b2")],
    );
    store
        .commit(finish("three", key, &[(&[0], 2), (&[1], 0), (&[2], 1)]))
        .unwrap();
    let sigma = 7.788474807872566;
    close(rating(store, "b1", key), 30.2704627669473, sigma, 1, 1);
    close(rating(store, "b2", key), 25.0, sigma, 1, 0);
    close(rating(store, "b0", key), 19.7295372330527, sigma, 1, 0);
    let key = "straights/standard";
    seated(
        store,
        row("four", GameKind::Straights, "standard", 4, true),
        &[Some("c0"), Some("c1"), Some("c2"), Some("c3")],
    );
    store
        .commit(finish(
            "four",
            key,
            &[(&[0], 3), (&[1], 1), (&[2], 0), (&[3], 1)],
        ))
        .unwrap();
    let sigma = 7.5012190693964005;
    close(rating(store, "c2", key), 32.90569415042095, sigma, 1, 1);
    close(rating(store, "c1", key), 25.0, sigma, 1, 0);
    close(rating(store, "c3", key), 25.0, sigma, 1, 0);
    close(rating(store, "c0", key), 17.09430584957905, sigma, 1, 0);
}

/// A seat whose account was deleted (NULL) is left out: the others are rated as the
/// sides they are, and nobody is rated for the empty seat. A side left empty compares
/// with nobody: a game of one side left rates nobody.
fn a_deleted_accounts_seat_is_left_out(store: &dyn Store) {
    let key = "teendopanch/standard";
    seated(
        store,
        row("gone", GameKind::TeenDoPanch, "standard", 3, true),
        &[Some("d0"), None, Some("d2")],
    );
    store
        .commit(finish("gone", key, &[(&[0], 0), (&[1], 1), (&[2], 2)]))
        .unwrap();
    // Two newcomers, one above the other: the team test's figures for sides of one are
    // the two-player Bradley-Terry update (worked: c = √(2σ² + 2β²), p = ½,
    // Ω = σ²/c · ½, Δ = (σ/c) σ²/c² · ¼).
    let (sigma, beta) = (NEW.1, 25.0 / 6.0);
    let c = (2.0 * sigma * sigma + 2.0 * beta * beta).sqrt();
    let omega = sigma * sigma / c * 0.5;
    let delta = (sigma / c) * sigma * sigma / (c * c) * 0.25;
    let after = (sigma * sigma * (1.0 - delta)).sqrt();
    close(rating(store, "d0", key), NEW.0 + omega, after, 1, 1);
    close(rating(store, "d2", key), NEW.0 - omega, after, 1, 0);
    seated(
        store,
        row("alone", GameKind::TeenDoPanch, "standard", 3, true),
        &[Some("d9"), None, None],
    );
    store
        .commit(finish("alone", key, &[(&[0], 0), (&[1], 1), (&[2], 2)]))
        .unwrap();
    assert_eq!(rating(store, "d9", key), None, "nobody to compare with");
}

/// Marks `seat` of `table` as left by `who` (`leave`, never back in time).
fn left(store: &dyn Store, table: &str, seat: usize, who: &str) {
    let row = SeatRow {
        seat,
        name: who.into(),
        token: Token::random(),
        account: Some(account(who)),
        left: Some(Left { seq: 3, at: 1 }),
    };
    store.commit(Commit::default().seat(table, row)).unwrap();
}

/// A person who left a rated game (the computer finishing the seat) is rated as if their
/// side had come last, whatever the computer made of it; everyone who stayed as the game
/// ended. Partnerships of newcomers, seat 0 left and the computer won with seat 2: seat 2
/// up to 26.964185503295965 and seats 1 and 3 down to 23.035814496704035 as in a team
/// game, and seat 0 down to 23.035814496704035 too, a loser's figure (σ 8.17755635771097
/// for all). Three newcomers, the leaver's seat first: the two who stayed get the second
/// and third places' 25 and 19.7295372330527, and the leaver the third's too (σ
/// 7.788474807872566; the worked figures above).
fn a_person_who_left_has_lost(store: &dyn Store) {
    let key = "euchre/eecs280";
    seated(
        store,
        row("leaver", GameKind::Euchre, "eecs280", 4, true),
        &[Some("l0"), Some("l1"), Some("l2"), Some("l3")],
    );
    left(store, "leaver", 0, "l0");
    store
        .commit(finish("leaver", key, &[(&[0, 2], 0), (&[1, 3], 1)]))
        .unwrap();
    let (up, down, sigma) = (26.964185503295965, 23.035814496704035, 8.17755635771097);
    close(rating(store, "l2", key), up, sigma, 1, 1);
    close(rating(store, "l1", key), down, sigma, 1, 0);
    close(rating(store, "l3", key), down, sigma, 1, 0);
    close(rating(store, "l0", key), down, sigma, 1, 0);
    let history = store.history(&account("l0"), key, 10).unwrap();
    assert!(!history[0].won && history[0].place == 2, "{history:?}");
    // The game's moves: one a person, from a newcomer's rating, the leaver's a loss.
    let moves = store.moves("leaver").unwrap();
    assert_eq!(moves.len(), 4);
    let l0 = moves.iter().find(|m| m.account == account("l0")).unwrap();
    assert_eq!((l0.before.mu, l0.before.sigma), NEW);
    assert!((l0.after.mu - down).abs() < 1e-9 && !l0.won);
    assert_eq!(store.moves("nowhere").unwrap(), []);
    let key = "teendopanch/standard";
    seated(
        store,
        row("quit", GameKind::TeenDoPanch, "standard", 3, true),
        &[Some("m0"), Some("m1"), Some("m2")],
    );
    left(store, "quit", 0, "m0");
    store
        .commit(finish("quit", key, &[(&[0], 0), (&[1], 1), (&[2], 2)]))
        .unwrap();
    let sigma = 7.788474807872566;
    close(rating(store, "m1", key), 25.0, sigma, 1, 0);
    close(rating(store, "m2", key), 19.7295372330527, sigma, 1, 0);
    close(rating(store, "m0", key), 19.7295372330527, sigma, 1, 0);
}

/// Node A loses the table (B claims it once A's lease ran out): A's finish, rating and
/// all, is refused whole; B's, of the same game, rates everyone once; A trying again
/// changes nothing.
fn a_fenced_finish_rates_nobody_and_the_next_node_rates_once(store: &dyn Store) {
    let key = "euchre/eecs280";
    seated(
        store,
        row("fenced", GameKind::Euchre, "eecs280", 4, true),
        &[Some("e0"), Some("e1"), Some("e2"), Some("e3")],
    );
    let a = store
        .claim("fenced", "A", Duration::from_millis(200))
        .unwrap()
        .unwrap();
    std::thread::sleep(Duration::from_millis(350));
    let b = store
        .claim("fenced", "B", Duration::from_secs(30))
        .unwrap()
        .expect("A's lease ran out");
    let game = || finish("fenced", key, &[(&[0, 2], 0), (&[1, 3], 1)]);
    let refused = store.commit(game().fenced([a.clone()]));
    assert!(matches!(refused, Err(StoreError::Fenced(_))), "{refused:?}");
    assert_eq!(
        rating(store, "e0", key),
        None,
        "a fenced finish rates nobody"
    );
    assert!(!store.table("fenced").unwrap().unwrap().finished);
    store.commit(game().fenced([b])).unwrap();
    let (up, down, sigma) = (26.964185503295965, 23.035814496704035, 8.17755635771097);
    close(rating(store, "e0", key), up, sigma, 1, 1);
    close(rating(store, "e1", key), down, sigma, 1, 0);
    assert!(store.commit(game().fenced([a])).is_err());
    close(rating(store, "e0", key), up, sigma, 1, 1);
}

/// Two tables of the same two people finishing at once (two nodes): both games count,
/// the second rated from the first's result (numbered 1 and 2), never both from the
/// rating before.
fn two_games_of_one_person_ending_at_once_both_count(store: &dyn Store) {
    let key = "straights/standard";
    for t in ["race1", "race2"] {
        seated(
            store,
            row(t, GameKind::Straights, "standard", 2, true),
            &[Some("f0"), Some("f1")],
        );
    }
    std::thread::scope(|scope| {
        for t in ["race1", "race2"] {
            scope.spawn(move || {
                store
                    .commit(finish(t, key, &[(&[0], 0), (&[1], 1)]))
                    .unwrap()
            });
        }
    });
    let (_, _, games, wins) = rating(store, "f0", key).unwrap();
    assert_eq!((games, wins), (2, 2));
    let history = store.history(&account("f0"), key, 10).unwrap();
    assert_eq!(history.iter().map(|h| h.n).collect::<Vec<_>>(), [1, 2]);
    assert!(history[1].rating.mu > history[0].rating.mu, "{history:?}");
    // Each game's move for f0 starts where the game before left it: the prior for the
    // first, the first's result for the second.
    let moved = |table: &str| {
        let moves = store.moves(table).unwrap();
        let f0 = moves.into_iter().find(|m| m.account == account("f0"));
        f0.expect("f0 rated there")
    };
    let (first, second) = if moved("race1").before.mu == NEW.0 {
        (moved("race1"), moved("race2"))
    } else {
        (moved("race2"), moved("race1"))
    };
    assert_eq!((first.before.mu, first.before.sigma), NEW);
    assert_eq!(first.after, history[0].rating);
    assert_eq!(second.before, history[0].rating);
    assert_eq!(second.after, history[1].rating);
    assert!(first.won && second.won);
}

/// A profile's reads: the account by its name's key, its ratings, its public games (a
/// private table's left out unless asked for), and a leaderboard of those past ten
/// games only, best `μ − 3σ` first.
fn profiles_and_the_leaderboard_read_back(store: &dyn Store, accounts: &MakeAccounts<'_>) {
    let key = "euchre/eecs280";
    accounts(&[
        (account("a1"), "Ada", "ada"),
        (account("g0"), "Grace", "grace"),
        (account("g1"), "Hopper", "hopper"),
        (account("g2"), "Ivy", "ivy"),
    ]);
    let ada = store.profile_of("ada").unwrap().expect("Ada");
    assert_eq!((ada.id.clone(), ada.name.as_str()), (account("a1"), "Ada"));
    assert!(store.profile_of("nobody").unwrap().is_none());
    let games = store.played(&ada.id, false, None, 10).unwrap();
    assert_eq!(games.len(), 1);
    assert_eq!((games[0].row.id.as_str(), games[0].seat), ("team", 1));
    assert_eq!(games[0].won, Some(true));
    // b1's table was private: listed only for its own person.
    assert!(store
        .played(&account("b1"), false, None, 10)
        .unwrap()
        .is_empty());
    assert_eq!(
        store.played(&account("b1"), true, None, 10).unwrap().len(),
        1
    );
    // Grace beats Hopper ten times; Ivy beats Hopper nine: provisional, unlisted.
    for n in 0..10 {
        let mut games = vec![(format!("board{n}"), "g0", "g1")];
        if n < 9 {
            games.push((format!("ivy{n}"), "g2", "x1"));
        }
        for (t, winner, loser) in games {
            let people = [Some(winner), Some(loser), None, None];
            seated(
                store,
                row(&t, GameKind::Euchre, "eecs280", 4, true),
                &people,
            );
            store
                .commit(finish(&t, key, &[(&[0, 2], 0), (&[1, 3], 1)]))
                .unwrap();
        }
    }
    let board = store.leaderboard(key, 0, 10).unwrap();
    let names: Vec<&str> = board.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["Grace", "Hopper"], "Ivy is provisional");
    assert!(board[0].rating.shown() > board[1].rating.shown());
    assert_eq!(board[0].games, 10);
    assert_eq!(store.leaderboard(key, 1, 10).unwrap().len(), 1);
    // Newest first, a page at a time.
    let page = store.played(&account("g0"), false, None, 3).unwrap();
    let ids: Vec<&str> = page.iter().map(|p| p.row.id.as_str()).collect();
    assert_eq!(ids, ["board9", "board8", "board7"]);
    let next = store
        .played(&account("g0"), false, Some("board7"), 3)
        .unwrap();
    assert_eq!(next[0].row.id, "board6");
}

/// The accounts table as the accounts' module makes it (docs: plan 58's columns), if it
/// is not there yet.
const ACCOUNTS: &str = "CREATE TABLE IF NOT EXISTS accounts (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE, handle TEXT,
    recovery TEXT, created BIGINT)";

#[test]
fn sqlite_rates_each_finish_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tables.db");
    let store = Sqlite::open(&path).unwrap();
    let accounts = |rows: &[(AccountId, &str, &str)]| {
        let connection = rusqlite::Connection::open(&path).unwrap();
        connection.execute_batch(ACCOUNTS).unwrap();
        for (id, name, key) in rows {
            connection
                .execute(
                    "INSERT INTO accounts (id, name, name_key, handle, recovery, created) VALUES (?1, ?2, ?3, ?1, '', 0)",
                    rusqlite::params![id.0, name, key],
                )
                .unwrap();
        }
    };
    contract(&store, &accounts);
}

#[test]
fn postgres_rates_each_finish_once() {
    let Some(url) = testkit::postgres_database() else {
        return;
    };
    let store = server::store::Postgres::connect(&url).unwrap();
    let accounts = |rows: &[(AccountId, &str, &str)]| {
        let mut sql = format!("{ACCOUNTS};");
        for (id, name, key) in rows {
            sql += &format!(
                "INSERT INTO accounts (id, name, name_key, handle, recovery, created) VALUES ('{}', '{name}', '{key}', 'h', '', 0);",
                id.0
            );
        }
        let done = std::process::Command::new("psql")
            .args([url.as_str(), "-qAtc", &sql])
            .status()
            .unwrap();
        assert!(done.success());
    };
    contract(&store, &accounts);
}
