//! A rated game's finish against an unrated one's, in the same run on the same store:
//! GAMES Euchre tables of four signed-in people (drawn from PEOPLE accounts, so most
//! already have a rating), each leased to one node, finished alternately rated and
//! unrated by the commit the journal makes of a game's end — its last action, its
//! finished mark and, when rated, its rating, under its lease, durable when it returns.
//! Reports each kind's mean, p50 and p99.
//!
//! `cargo run --release -p cardtable-server --example rated_finish -- FILE [GAMES] [PEOPLE]`
//!
//! FILE is a SQLite file (created; removed first if present) or a `postgres://` URL.

use std::time::{Duration, Instant};

use catalogue::AnyAction;
use server::ids::AccountId;
use server::store::{
    Commit, Deals, Postgres, RatedGame, RatedSide, SeatRow, Seed, Sqlite, Store, TableRow, Token,
};

fn row(id: String, rated: bool) -> TableRow {
    TableRow {
        id,
        game: catalogue::GameKind::Euchre,
        rules: "eecs280".into(),
        points: 10,
        house: Vec::new(),
        seed: Seed::new(7),
        deals: Deals::default(),
        public: true,
        bots: vec![None; 4],
        autopilot_seconds: 20,
        coach: false,
        rated,
        speed: scene::Speed::Instant,
    }
}

/// Mean, p50 and p99 of `times`, in milliseconds.
fn summary(times: &mut [Duration]) -> String {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mean = times.iter().map(|d| ms(*d)).sum::<f64>() / times.len() as f64;
    let at = |q: f64| ms(times[((times.len() as f64 * q) as usize).min(times.len() - 1)]);
    format!(
        "mean {mean:.3} ms, p50 {:.3} ms, p99 {:.3} ms",
        at(0.5),
        at(0.99)
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = args.first().expect("a FILE or postgres:// URL");
    let number = |i: usize, default: usize| args.get(i).map_or(default, |a| a.parse().unwrap());
    let (games, people) = (number(1, 2_000), number(2, 200).max(4));
    let store: Box<dyn Store> = if file.starts_with("postgres://") {
        Box::new(Postgres::connect(file).expect("PostgreSQL"))
    } else {
        for end in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{file}{end}"));
        }
        Box::new(Sqlite::open(std::path::Path::new(file)).expect("SQLite"))
    };
    let accounts: Vec<AccountId> = (0..people)
        .map(|_| AccountId(server::store::new_token()))
        .collect();
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let (mut rated_times, mut unrated_times) = (Vec::new(), Vec::new());
    let pass = AnyAction::Euchre(euchre::Action::Pass);
    for game in 0..games {
        let rated = game % 2 == 0;
        let id = server::store::new_token();
        let mut seated: Vec<usize> = Vec::new();
        while seated.len() < 4 {
            let who = next(people);
            if !seated.contains(&who) {
                seated.push(who);
            }
        }
        let mut commit = Commit::default().create(row(id.clone(), rated));
        for (seat, &who) in seated.iter().enumerate() {
            let seat_row = SeatRow {
                seat,
                name: format!("p{who}"),
                token: Token::random(),
                account: Some(accounts[who].clone()),
                left: None,
            };
            commit = commit.seat(&id, seat_row);
        }
        store.commit(commit).unwrap();
        let lease = store
            .claim(&id, "bench", Duration::from_secs(3600))
            .unwrap()
            .expect("free");
        let winners = next(2);
        let mut finish = Commit::default()
            .append([(id.clone(), 1, pass)])
            .finish(&id)
            .fenced([lease]);
        if rated {
            let sides = [vec![0, 2], vec![1, 3]];
            finish = finish.rate(RatedGame {
                table: id.clone(),
                key: "euchre/eecs280".into(),
                sides: (sides.into_iter().enumerate())
                    .map(|(side, seats)| RatedSide {
                        seats,
                        place: usize::from(side != winners),
                    })
                    .collect(),
            });
        }
        let started = Instant::now();
        store.commit(finish).unwrap();
        let took = started.elapsed();
        if rated {
            rated_times.push(took);
        } else {
            unrated_times.push(took);
        }
    }
    println!(
        "{games} finishes, {people} people, on {}",
        if file.starts_with("postgres://") {
            "PostgreSQL"
        } else {
            "SQLite"
        }
    );
    println!("rated:   {}", summary(&mut rated_times));
    println!("unrated: {}", summary(&mut unrated_times));
}
