//! The store's commit cost alone, as the journal pays it: TABLES tables leased to one
//! node, then COMMITS transactions of BATCH actions each, every action of a different
//! table picked at random (as the journal's batches are at 10,000 tables). Reports the
//! commits' mean, p50 and p99 times and actions stored per second; then what a node's
//! lease upkeep costs at that size: every lease renewed (500 a transaction, as the node
//! does) and one look for the tables no lease holds.
//!
//! `cargo run --release -p cardtable-server --example store_commits -- FILE [TABLES] [BATCH] [COMMITS]`
//!
//! FILE is a SQLite file (created; removed first if present) or a `postgres://` URL.

use std::time::{Duration, Instant};

use catalogue::AnyAction;
use server::store::{Commit, Deals, Postgres, Seed, Sqlite, Store, TableRow};

fn row(id: String) -> TableRow {
    TableRow {
        id,
        game: catalogue::GameKind::Euchre,
        rules: "cs246".into(),
        points: 10,
        house: Vec::new(),
        seed: Seed::new(7),
        deals: Deals::default(),
        public: true,
        bots: vec![None, Some("handout".into()), Some("handout".into()), None],
        autopilot_seconds: 20,
        coach: false,
        rated: false,
        speed: scene::Speed::Instant,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = args.first().expect("a FILE or postgres:// URL");
    let number = |i: usize, default: usize| args.get(i).map_or(default, |a| a.parse().unwrap());
    let (tables, batch, commits) = (number(1, 10_000), number(2, 69), number(3, 2_000));
    let store: Box<dyn Store> = if file.starts_with("postgres://") {
        Box::new(Postgres::connect(file).expect("PostgreSQL"))
    } else {
        for end in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{file}{end}"));
        }
        Box::new(Sqlite::open(std::path::Path::new(file)).expect("SQLite"))
    };
    let ids: Vec<String> = (0..tables).map(|_| server::store::new_token()).collect();
    let leases: Vec<_> = ids
        .iter()
        .map(|id| {
            store
                .commit(Commit::default().create(row(id.clone())))
                .unwrap();
            let ttl = Duration::from_secs(3600);
            store.claim(id, "bench", ttl).unwrap().expect("free")
        })
        .collect();
    let mut seqs = vec![0u64; tables];
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut times = Vec::with_capacity(commits);
    let started = Instant::now();
    for _ in 0..commits {
        let mut picked = Vec::with_capacity(batch);
        while picked.len() < batch.min(tables) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let t = (state % tables as u64) as usize;
            if !picked.contains(&t) {
                picked.push(t);
            }
        }
        let actions: Vec<_> = picked
            .iter()
            .map(|&t| {
                seqs[t] += 1;
                let action = AnyAction::Euchre(euchre::Action::Pass);
                (ids[t].clone(), seqs[t], action)
            })
            .collect();
        let held: Vec<_> = picked.iter().map(|&t| leases[t].clone()).collect();
        let at = Instant::now();
        store
            .commit(Commit::default().append(actions).fenced(held))
            .unwrap();
        times.push(at.elapsed());
    }
    let total = started.elapsed();
    let upkeep = Instant::now();
    for chunk in leases.chunks(500) {
        store.renew(chunk, Duration::from_secs(3600)).unwrap();
    }
    let renewed = upkeep.elapsed();
    let looked = Instant::now();
    let unheld = store.unheld().unwrap().len();
    let looked = looked.elapsed();
    let mean = times.iter().sum::<Duration>() / commits as u32;
    times.sort();
    let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    println!(
        "{tables} tables, {commits} commits of {batch}: mean {:.2} ms, p50 {:.2} ms, p99 {:.2} ms; {:.0} actions/s",
        mean.as_secs_f64() * 1e3,
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        (commits * batch) as f64 / total.as_secs_f64()
    );
    println!(
        "a node's lease upkeep: {tables} renewed in {:.1} ms, unheld tables looked for in {:.1} ms ({unheld} found)",
        renewed.as_secs_f64() * 1e3,
        looked.as_secs_f64() * 1e3
    );
}
