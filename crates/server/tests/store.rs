//! The store's contract, checked on both stores: SQLite in a temporary file, and
//! PostgreSQL in a fresh database of the cluster `scripts/test.sh` starts
//! (`CARDTABLE_POSTGRES_URL`; without it the PostgreSQL half says it skips, and fails
//! under CI). Each check is the same for both.

use catalogue::AnyAction;
use euchre::Action;
use std::time::Duration;

use server::ids::AccountId;
use server::store::{
    AccountRow, Begun, CeremonyRow, Claim, Commit, Deals, Leases, Left, NewAccount, PasskeyRow,
    Reads, SeatRow, Seed, SessionRow, SignedUp, Sqlite, Store, StoreError, TableRow, Token, Writes,
    DELETED, SWEPT_CEREMONIES,
};

/// A Euchre table's settings, `id` as given.
fn row(id: &str, public: bool) -> TableRow {
    TableRow {
        id: id.into(),
        game: catalogue::GameKind::Euchre,
        rules: "cs246".into(),
        points: 10,
        house: vec!["alone=off".into()],
        // Above i64::MAX: a seed keeps all its 64 bits.
        seed: Seed::new(u64::MAX - 7),
        deals: Deals::new(vec![cards::deck::eecs280_euchre().to_vec()]),
        public,
        bots: vec![None, Some("strong".into()), Some("handout".into()), None],
        autopilot_seconds: 20,
        coach: true,
        rated: false,
        speed: scene::Speed::Instant,
    }
}

fn pass() -> AnyAction {
    AnyAction::Euchre(Action::Pass)
}

fn order_up() -> AnyAction {
    AnyAction::Euchre(Action::OrderUp { alone: false })
}

/// Stores a new table `id`.
fn create(store: &dyn Store, id: &str, public: bool) {
    store
        .commit(Commit::default().create(row(id, public)))
        .unwrap();
}

/// Stores `table`'s action number `seq`, durable when this returns.
fn append(store: &dyn Store, table: &str, seq: u64, action: AnyAction) -> Result<(), StoreError> {
    store.commit(Commit::default().append([(table.into(), seq, action)]))
}

/// Every check, on `store`.
fn contract(store: &dyn Store) {
    a_table_reads_back_as_written(store);
    a_second_writer_of_a_seq_fails_and_changes_nothing(store);
    a_batch_is_stored_whole_or_not_at_all(store);
    unfinished_and_finished_games_are_listed_apart(store);
    a_lease_fences_the_node_that_lost_it(store);
    an_unflushed_commit_is_read_at_once(store);
    accounts_keep_their_names_sessions_codes_and_seats(store);
    a_ceremony_finishes_once_and_not_after_it_expires(store);
    ceremonies_are_bounded_per_address_and_in_all(store);
    a_ceremony_finishes_once_when_two_nodes_are_asked_at_once(store);
}

fn a_table_reads_back_as_written(store: &dyn Store) {
    create(store, "t1", true);
    let ada = SeatRow {
        seat: 0,
        name: "Ada".into(),
        token: Token::new("a".repeat(32)),
        account: None,
        left: None,
    };
    store
        .commit(Commit::default().seat("t1", ada.clone()))
        .unwrap();
    // A seat taken again (a new token) replaces the old; and its person left at seq 2, at
    // 22:13:20 UTC on 14 November 2023.
    let ada = SeatRow {
        token: Token::new("b".repeat(32)),
        left: Some(Left {
            seq: 2,
            at: 1_700_000_000,
        }),
        ..ada
    };
    store
        .commit(Commit::default().seat("t1", ada.clone()))
        .unwrap();
    append(store, "t1", 1, pass()).unwrap();
    append(store, "t1", 2, order_up()).unwrap();
    let stored = store.table("t1").unwrap().expect("stored");
    assert_eq!(stored.row, row("t1", true));
    assert_eq!(stored.seats, [ada]);
    assert_eq!(stored.actions, [pass(), order_up()]);
    assert!(!stored.finished);
    assert!(store.table("nowhere").unwrap().is_none());
}

fn a_second_writer_of_a_seq_fails_and_changes_nothing(store: &dyn Store) {
    create(store, "t2", true);
    append(store, "t2", 1, pass()).unwrap();
    assert!(
        append(store, "t2", 1, order_up()).is_err(),
        "seq 1 written twice"
    );
    assert_eq!(store.table("t2").unwrap().unwrap().actions, [pass()]);
}

fn a_batch_is_stored_whole_or_not_at_all(store: &dyn Store) {
    create(store, "t3", true);
    create(store, "t4", true);
    append(store, "t4", 1, pass()).unwrap();
    // t4's seq 1 is taken: the whole batch fails, t3's action and t3's mark with it.
    let batch = [("t3".into(), 1, pass()), ("t4".into(), 1, pass())];
    let commit = |batch| Commit::default().append(batch).finish("t3");
    assert!(store.commit(commit(batch)).is_err());
    let t3 = store.table("t3").unwrap().unwrap();
    assert!(t3.actions.is_empty() && !t3.finished);
    // The same without the clash: every action and the mark together.
    let batch = [("t3".into(), 1, pass()), ("t4".into(), 2, pass())];
    store.commit(commit(batch)).unwrap();
    let t3 = store.table("t3").unwrap().unwrap();
    assert!(t3.finished && t3.actions == [pass()]);
    assert_eq!(store.table("t4").unwrap().unwrap().actions.len(), 2);
    // A new table and its seat go with the rest: a clash stores neither.
    let cy = SeatRow {
        seat: 1,
        name: "Cy".into(),
        token: Token::new("c".repeat(32)),
        account: None,
        left: None,
    };
    let clash = (Commit::default().create(row("t5", true)).seat("t5", cy)).append([(
        "t4".into(),
        1,
        pass(),
    )]);
    assert!(store.commit(clash).is_err());
    assert!(store.table("t5").unwrap().is_none());
}

fn unfinished_and_finished_games_are_listed_apart(store: &dyn Store) {
    for (id, public) in [("g1", true), ("g2", false), ("g3", true), ("g4", true)] {
        create(store, id, public);
    }
    append(store, "g1", 1, pass()).unwrap();
    for id in ["g1", "g2", "g3"] {
        store.commit(Commit::default().finish(id)).unwrap();
    }
    // Oldest first; the finished ones (t3, g1, g2, g3) are not brought back.
    let unfinished: Vec<String> = (store.unfinished().unwrap().into_iter())
        .map(|s| s.row.id)
        .collect();
    assert_eq!(unfinished, ["t1", "t2", "t4", "g4"]);
    // Finished public games, newest first, a page at a time; a private one never.
    let page = |after: Option<&str>, limit| -> Vec<(String, u64)> {
        (store.games(after, limit).unwrap().into_iter())
            .map(|g| (g.row.id, g.actions))
            .collect()
    };
    assert_eq!(page(None, 2), [("g3".into(), 0), ("g1".into(), 1)]);
    assert_eq!(page(Some("g1"), 2), [("t3".into(), 1)]);
}

fn a_lease_fences_the_node_that_lost_it(store: &dyn Store) {
    let held = |id: &str| !store.unheld().unwrap().iter().any(|t| t == id);
    create(store, "l1", true);
    assert!(!held("l1"), "a new table is nobody's");
    let short = Duration::from_millis(300);
    let a = store.claim("l1", "A", short).unwrap().expect("free");
    assert_eq!((a.token, &a.taken_from), (1, &None));
    assert!(held("l1"));
    assert_eq!(
        store.claim("l1", "B", short).unwrap(),
        None,
        "A's lease runs"
    );
    // A restarted under its name takes it back at once, with a new token.
    let a = store.claim("l1", "A", short).unwrap().expect("A's own");
    assert_eq!(a.token, 2);
    let under = |lease: &server::store::Lease, batch| {
        Commit::default().append(batch).fenced([lease.clone()])
    };
    store
        .commit(under(&a, vec![("l1".into(), 1, pass())]))
        .unwrap();
    assert!(store
        .renew(std::slice::from_ref(&a), short)
        .unwrap()
        .is_empty());
    std::thread::sleep(Duration::from_millis(450));
    assert!(!held("l1"), "expired");
    // Nobody claimed it meanwhile: A, late, keeps it, and may still write.
    let late = store.renew(std::slice::from_ref(&a), short).unwrap();
    assert!(late.is_empty(), "renewed late, as nobody took it");
    assert!(held("l1"));
    std::thread::sleep(Duration::from_millis(450));
    let b = store
        .claim("l1", "B", Duration::from_secs(30))
        .unwrap()
        .expect("expired");
    assert_eq!(b.token, 3, "a new claim, a greater token");
    assert_eq!(b.taken_from.as_deref(), Some("A"), "a takeover");
    let lost = store.renew(std::slice::from_ref(&a), short).unwrap();
    assert_eq!(lost, std::slice::from_ref(&a), "taken: too late to renew");
    // A, which lost the table, writes nothing, not even its batch's other tables'.
    create(store, "l2", true);
    let batch = vec![("l2".into(), 1, pass()), ("l1".into(), 2, pass())];
    let fenced = store.commit(under(&a, batch).finish("l1"));
    assert!(matches!(fenced, Err(StoreError::Fenced(t)) if t == "l1"));
    assert!(store.table("l2").unwrap().unwrap().actions.is_empty());
    let l1 = store.table("l1").unwrap().unwrap();
    assert!(l1.actions == [pass()] && !l1.finished);
    store
        .commit(under(&b, vec![("l1".into(), 2, pass())]))
        .unwrap();
    // Given up, the table is free at once.
    store.release(&b).unwrap();
    assert!(!held("l1"));
    let c = store.claim("l1", "A", short).unwrap().expect("released");
    assert_eq!(c.token, 4);
}

/// A commit that does not wait for the disk (the journal's) is stored when it returns:
/// every later read sees it, before and after a flush.
fn an_unflushed_commit_is_read_at_once(store: &dyn Store) {
    create(store, "u1", false);
    let later = Commit::default().append([("u1".into(), 1, pass())]);
    store.commit(later.unflushed()).unwrap();
    assert_eq!(store.table("u1").unwrap().unwrap().actions, [pass()]);
    store.flush().unwrap();
    assert_eq!(store.table("u1").unwrap().unwrap().actions, [pass()]);
}

/// An account of `id` named `name` (key `key`), its passkey `passkey`, a session `s-id`
/// from second 100, claiming `claims`.
fn new_account(id: &str, name: &str, key: &str, passkey: &str, claims: Vec<Claim>) -> NewAccount {
    let account = AccountId(id.into());
    NewAccount {
        account: AccountRow {
            id: account.clone(),
            name: name.into(),
            name_key: key.into(),
            handle: format!("handle-{id}"),
            created: 100,
        },
        recovery: format!("code-{id}"),
        passkey: PasskeyRow {
            id: passkey.into(),
            account: account.clone(),
            passkey: "{}".into(),
            created: 100,
            used: None,
        },
        session: SessionRow {
            id: format!("s-{id}"),
            account,
            created: 100,
            expires: 1000,
        },
        claims,
    }
}

fn accounts_keep_their_names_sessions_codes_and_seats(store: &dyn Store) {
    create(store, "acc1", false);
    let guest = |seat, token: &str| SeatRow {
        seat,
        name: format!("Guest {seat}"),
        token: Token::new(token.into()),
        account: None,
        left: None,
    };
    store
        .commit(
            Commit::default()
                .seat("acc1", guest(0, "tok0"))
                .seat("acc1", guest(3, "tok3")),
        )
        .unwrap();
    let claim = |seat, token: &str| Claim {
        table: "acc1".into(),
        seat,
        token: token.into(),
    };
    let ada = AccountId("ada".into());
    let made = store
        .sign_up(&new_account(
            "ada",
            "Ada",
            "ada-key",
            "pk1",
            vec![claim(0, "tok0"), claim(3, "wrong")],
        ))
        .unwrap();
    assert_eq!(made, SignedUp::Made { claimed: 1 });
    // One name per key, one account per passkey: nothing of a refused sign-up is kept.
    let twin = new_account("twin", "ADA", "ada-key", "pk2", vec![claim(3, "tok3")]);
    assert_eq!(store.sign_up(&twin).unwrap(), SignedUp::NameTaken);
    let thief = new_account("thief", "Eve", "eve-key", "pk1", vec![claim(3, "tok3")]);
    assert_eq!(store.sign_up(&thief).unwrap(), SignedUp::PasskeyTaken);
    assert_eq!(store.account_named("eve-key").unwrap(), None);
    let seats = store.table("acc1").unwrap().unwrap().seats;
    assert_eq!(seats[0].account.as_ref(), Some(&ada));
    assert_eq!(seats[1].account, None, "claimed by nobody");
    assert_eq!(store.account_named("ada-key").unwrap().unwrap().name, "Ada");

    // Seats: only with the token, only a guest's.
    assert_eq!(
        store
            .claim_seats(&ada, &[claim(3, "tok0"), claim(3, "")])
            .unwrap(),
        0
    );
    assert_eq!(
        store
            .claim_seats(&AccountId("other".into()), &[claim(0, "tok0")])
            .unwrap(),
        0
    );
    assert_eq!(store.claim_seats(&ada, &[claim(3, "tok3")]).unwrap(), 1);

    // Sessions: at most two, the oldest ended; expired ones are not found.
    let session = |id: &str, created| SessionRow {
        id: id.into(),
        account: ada.clone(),
        created,
        expires: created + 500,
    };
    store.open_session(&session("s2", 200), 2).unwrap();
    store.open_session(&session("s3", 300), 2).unwrap();
    assert_eq!(
        store.session("s-ada", 150).unwrap(),
        None,
        "the oldest of three ended"
    );
    let (found, row) = store.session("s3", 400).unwrap().unwrap();
    assert_eq!((found.id, row.expires), (ada.clone(), 800));
    assert_eq!(store.session("s2", 700).unwrap(), None, "expired at 700");
    let live: Vec<String> = store
        .sessions(&ada, 400)
        .unwrap()
        .into_iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(live, ["s2", "s3"]);
    store.close_session("s2").unwrap();
    assert_eq!(store.session("s2", 400).unwrap(), None);
    // A new session sweeps the account's expired ones (s3 ended at 800), cap or not.
    store.open_session(&session("s4", 900), 5).unwrap();
    let kept: Vec<String> = (store.held(&ada).unwrap().unwrap().sessions.into_iter())
        .map(|s| s.id)
        .collect();
    assert_eq!(kept, ["s4"], "expired sessions are swept");

    // Passkeys: another one, a used one's state kept; a known id refused.
    let second = PasskeyRow {
        id: "pk9".into(),
        account: ada.clone(),
        passkey: "{}".into(),
        created: 300,
        used: None,
    };
    assert!(store.add_passkey(&second).unwrap());
    assert!(!store
        .add_passkey(&PasskeyRow {
            account: AccountId("eve".into()),
            ..second
        })
        .unwrap());
    store.passkey_used("pk1", "{\"n\":1}", 500).unwrap();
    let passkeys = store.passkeys(&ada).unwrap();
    assert_eq!(passkeys.len(), 2);
    assert_eq!(
        (passkeys[0].passkey.as_str(), passkeys[0].used),
        ("{\"n\":1}", Some(500))
    );

    // A recovery code works once.
    assert_eq!(store.recover("ada-key", "wrong", "next").unwrap(), None);
    assert!(store
        .recover("ada-key", "code-ada", "next")
        .unwrap()
        .is_some());
    assert_eq!(store.recover("ada-key", "code-ada", "again").unwrap(), None);
    assert!(store.recover("ada-key", "next", "third").unwrap().is_some());

    // What is held, then deleted.
    let held = store.held(&ada).unwrap().unwrap();
    assert_eq!((held.passkeys.len(), held.games.len()), (2, 2));
    assert_eq!(held.games[1].name, "Guest 3");
    assert_eq!(store.close_sessions(&ada).unwrap(), 1);
    assert!(store.delete(&ada).unwrap());
    assert!(!store.delete(&ada).unwrap());
    assert_eq!(store.account_named("ada-key").unwrap(), None);
    assert_eq!(store.held(&ada).unwrap(), None);
    assert!(store.passkeys(&ada).unwrap().is_empty());
    let seats = store.table("acc1").unwrap().unwrap().seats;
    for seat in &seats {
        assert_eq!((seat.name.as_str(), &seat.account), (DELETED, &None));
    }
}

/// A ceremony `id` begun by `address` at `began`, lasting five minutes.
fn ceremony(id: &str, address: &str, began: i64) -> CeremonyRow {
    CeremonyRow {
        id: id.into(),
        kind: "sign_in".into(),
        ceremony: format!(r#"{{"kind":"sign_in","state":"{id}'s challenge"}}"#),
        address: address.into(),
        began,
        expires: began + 300,
    }
}

/// The ceremonies' bounds wide enough not to matter.
const WIDE: usize = 1_000_000;

fn a_ceremony_finishes_once_and_not_after_it_expires(store: &dyn Store) {
    let at = 1_000_000;
    let begun = ceremony("c1", "192.0.2.1", at);
    assert_eq!(
        store.begin_ceremony(&begun, WIDE, WIDE).unwrap(),
        Begun::Stored
    );
    assert!(store.finish_ceremony("nowhere", at).unwrap().is_none());
    // Read back as written, then never again.
    let taken = store.finish_ceremony("c1", at + 299).unwrap();
    assert_eq!(taken.as_ref(), Some(&begun));
    assert!(store.finish_ceremony("c1", at + 1).unwrap().is_none());
    // Expired (its fifth minute over): refused, and gone.
    let late = ceremony("c2", "192.0.2.1", at);
    store.begin_ceremony(&late, WIDE, WIDE).unwrap();
    assert!(store.finish_ceremony("c2", at + 300).unwrap().is_none());
    assert!(store.finish_ceremony("c2", at).unwrap().is_none());
    // The state never shows in Debug.
    let shown = format!("{begun:?}");
    assert!(
        !shown.contains("challenge") && shown.contains("c1"),
        "{shown}"
    );
}

fn ceremonies_are_bounded_per_address_and_in_all(store: &dyn Store) {
    let at = 2_000_000;
    let begin = |id: &str, address: &str, at: i64| {
        store
            .begin_ceremony(&ceremony(id, address, at), 2, 3)
            .unwrap()
    };
    assert_eq!(begin("d1", "192.0.2.2", at), Begun::Stored);
    assert_eq!(begin("d2", "192.0.2.2", at), Begun::Stored);
    assert_eq!(begin("d3", "192.0.2.2", at), Begun::AddressFull);
    assert!(
        store.finish_ceremony("d3", at).unwrap().is_none(),
        "not stored"
    );
    assert_eq!(begin("d4", "192.0.2.3", at + 1), Begun::Stored);
    assert_eq!(begin("d5", "192.0.2.4", at + 1), Begun::Full);
    // A finished one makes room, for its address and in all.
    assert!(store.finish_ceremony("d1", at + 2).unwrap().is_some());
    assert_eq!(begin("d6", "192.0.2.2", at + 2), Begun::Stored);
    assert_eq!(begin("d7", "192.0.2.4", at + 2), Begun::Full);
    // Expired ones count for nothing: d2 and d6 expire first, then d4.
    assert_eq!(begin("d8", "192.0.2.2", at + 300), Begun::Stored);
    assert_eq!(begin("d9", "192.0.2.2", at + 302), Begun::Stored);
    assert_eq!(begin("d10", "192.0.2.4", at + 302), Begun::Stored);
    assert_eq!(begin("d11", "192.0.2.5", at + 302), Begun::Full);
    // Expired rows are swept at each begin, at most SWEPT_CEREMONIES at a time: d2, d4
    // and d6 are gone, not merely refused.
    for id in ["d2", "d4", "d6"] {
        assert!(
            store.finish_ceremony(id, i64::MIN).unwrap().is_none(),
            "{id}"
        );
    }
    for id in ["d8", "d9", "d10"] {
        assert!(
            store.finish_ceremony(id, at + 302).unwrap().is_some(),
            "{id}"
        );
    }
    // A flood of expired rows is swept over a few begins, never left to pile up.
    let flood = usize::try_from(SWEPT_CEREMONIES).unwrap() * 2 + 5;
    for n in 0..flood {
        store
            .begin_ceremony(&ceremony(&format!("e{n}"), "192.0.2.6", at), WIDE, WIDE)
            .unwrap();
    }
    let later = at + 1_000;
    for n in 0..3 {
        begin(&format!("f{n}"), &format!("192.0.2.{}", 10 + n), later);
    }
    let left = (0..flood)
        .filter(|n| (store.finish_ceremony(&format!("e{n}"), i64::MIN).unwrap()).is_some())
        .count();
    assert_eq!(left, 0, "three begins sweep {flood} expired rows");
    for n in 0..3 {
        store.finish_ceremony(&format!("f{n}"), later).unwrap();
    }
}

/// Two nodes finishing the same ceremony at once: exactly one of them gets it, every
/// time.
fn a_ceremony_finishes_once_when_two_nodes_are_asked_at_once(store: &dyn Store) {
    let at = 3_000_000;
    for n in 0..20 {
        let id = format!("g{n}");
        store
            .begin_ceremony(&ceremony(&id, "192.0.2.7", at), WIDE, WIDE)
            .unwrap();
        let barrier = std::sync::Barrier::new(2);
        let taken: usize = std::thread::scope(|scope| {
            let finishes: Vec<_> = (0..2)
                .map(|_| {
                    scope.spawn(|| {
                        barrier.wait();
                        store.finish_ceremony(&id, at).unwrap().is_some()
                    })
                })
                .collect();
            finishes
                .into_iter()
                .map(|f| usize::from(f.join().unwrap()))
                .sum()
        });
        assert_eq!(taken, 1, "ceremony {id} taken {taken} times");
    }
}

#[test]
fn sqlite_keeps_the_contract() {
    let dir = tempfile::tempdir().unwrap();
    contract(&Sqlite::open(&dir.path().join("tables.db")).unwrap());
}

#[test]
fn postgres_keeps_the_contract() {
    let Some(url) = testkit::postgres_database() else {
        return;
    };
    contract(&server::store::Postgres::connect(&url).unwrap());
    // A second server on the same database finds the schema in place and the tables.
    let again = server::store::Postgres::connect(&url).unwrap();
    assert_eq!(again.table("t1").unwrap().unwrap().actions.len(), 2);
}

/// A node's renewals and its journal's batches over the same leases, at once and for a
/// while, each naming the tables in its own order (the batches backwards): neither ever
/// fails. Before both locked the lease rows in the tables' order, PostgreSQL found
/// deadlocks between them (10,000 tables on one node: thousands of batches refused
/// `storage`).
#[test]
fn renewals_and_batches_over_the_same_leases_never_deadlock() {
    let Some(url) = testkit::postgres_database() else {
        return;
    };
    let store = std::sync::Arc::new(server::store::Postgres::connect(&url).unwrap());
    let ttl = Duration::from_secs(30);
    let leases: Vec<_> = (0..200)
        .map(|n| {
            let id = format!("d{n:03}");
            create(&*store, &id, false);
            store.claim(&id, "A", ttl).unwrap().expect("free")
        })
        .collect();
    let renewing = {
        let (store, leases) = (store.clone(), leases.clone());
        std::thread::spawn(move || {
            for _ in 0..60 {
                assert!(store.renew(&leases, ttl).unwrap().is_empty());
            }
        })
    };
    for seq in 1..=60u64 {
        let batch: Vec<_> = leases
            .iter()
            .rev()
            .map(|l| (l.table.clone(), seq, pass()))
            .collect();
        let backwards: Vec<_> = leases.iter().rev().cloned().collect();
        store
            .commit(Commit::default().append(batch).fenced(backwards))
            .unwrap();
    }
    renewing.join().expect("every renewal succeeded");
}

/// The write-ahead log is copied into the database in the background, not left to grow:
/// commits never checkpoint (a commit that did held up every action queued behind it),
/// and the checkpointer keeps the log to what a few ticks write. 1,800 commits of at
/// least one 4 KiB page each would leave a log of 7 MiB or more were nothing copied.
#[test]
fn sqlites_log_is_checkpointed_in_the_background() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tables.db");
    let store = Sqlite::open(&path).unwrap();
    create(&store, "w1", true);
    let mut seq = 0;
    let mut largest = 0;
    for _ in 0..6 {
        for _ in 0..300 {
            seq += 1;
            append(&store, "w1", seq, pass()).unwrap();
        }
        // Two of the checkpointer's ticks, then the next commit starts the log over.
        std::thread::sleep(Duration::from_millis(600));
        largest = largest.max(
            std::fs::metadata(dir.path().join("tables.db-wal"))
                .unwrap()
                .len(),
        );
    }
    assert_eq!(store.table("w1").unwrap().unwrap().actions.len(), 1800);
    assert!(
        largest < 3 << 20,
        "the log reached {largest} bytes: it is not being checkpointed"
    );
}
