//! Non-interference: what a seat (or a spectator) receives from `cardtable serve` does
//! not depend on anything it may not see.
//!
//! Each case deals a table (world A) and plays it, with a real WebSocket client in every
//! seat, to a random point in the middle of a hand. World B changes everything hidden
//! from one observer, consistently with all it has seen: the cards it never held and
//! nobody showed are dealt again among the other hands, the kitty and the undealt rest;
//! hidden actions (a dealer's discard, a face-down discard, a card given back in a pull
//! the observer is not part of) are chosen again; the seed is another. Both worlds are
//! played on a fresh server (the real binary, a real SQLite file, the deals prescribed in
//! the store), and every byte the observer receives — each frame, and the answer to every
//! HTTP route — must be the same in both. The seats whose hidden cards changed must see a
//! difference, which shows the comparison can fail.
//!
//! What is hidden is written here from the handouts, not taken from the server: Euchre's
//! dealer discards face down (both handouts), Straights' discards are face down (CS 246),
//! and a Teen Do Panch card given back in a pull is seen by the two players of the pull.

mod common;

use std::collections::BTreeSet;
use std::mem::discriminant;

use cards::Card;
use common::{Client, Served};
use proptest::prelude::*;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng as _, SeedableRng};
use serde_json::json;
use server::store::{Commit, Deals, SeatRow, Seed, Sqlite, TableRow, Token, Writes};
use table::{Game, House, Rng, Turn};

/// What the test knows of one game and rules variant, beyond [`Game`].
struct Subject<G: Game> {
    /// The game, its rules variant and the house rules on top, as a table names them.
    named: (&'static str, &'static str, &'static [&'static str]),
    new: Box<dyn Fn() -> G>,
    /// The cards `seat` holds now.
    hand: fn(&G, usize) -> BTreeSet<Card>,
    /// Cards the deal shows everyone (Euchre's upcard).
    shown: fn(&G) -> Vec<Card>,
    /// The card an action names, if any.
    card: fn(&G::Action) -> Option<Card>,
    /// Whether `to` (a seat, or `None` for a spectator) may not see `action` by `actor`,
    /// taken in `game`: the handouts' face-down cards.
    hidden: fn(&G, &G::Action, usize, Option<usize>) -> bool,
    /// Hands played the same in both worlds before the one that differs (Teen Do Panch's
    /// pulls, and so its hidden returns, start in the second hand).
    before: usize,
}

/// `preset` with these house rules, which go together.
fn valid<R: House>(preset: R, house: &[&str]) -> R {
    preset.with_house(house).expect("a valid combination")
}

fn euchre(rules: &'static str, house: &'static [&'static str]) -> Subject<euchre::Game> {
    let built = valid(euchre::Rules::named(rules, 10).unwrap(), house);
    Subject {
        named: ("euchre", rules, house),
        new: Box::new(move || euchre::Game::new(built)),
        hand: |game, seat| Game::view(game, seat).cards().iter().collect(),
        shown: |game| vec![Game::view(game, 0).upcard()],
        card: |action| match action {
            euchre::Action::Play(card) | euchre::Action::Discard(card) => Some(*card),
            _ => None,
        },
        hidden: |_, action, actor, to| {
            matches!(action, euchre::Action::Discard(_)) && to != Some(actor)
        },
        before: 0,
    }
}

fn straights(house: &'static [&'static str]) -> Subject<straights::Game> {
    let built = valid(straights::Rules::HANDOUT, house);
    Subject {
        named: ("straights", "cs246", house),
        new: Box::new(move || straights::Game::with_rules(built)),
        hand: |game, seat| Game::view(game, seat).hand().collect(),
        shown: |_| Vec::new(),
        card: |action| match action {
            straights::Action::Play(card) | straights::Action::Discard(card) => Some(*card),
            straights::Action::Pass => None,
        },
        hidden: |_, action, actor, to| {
            matches!(action, straights::Action::Discard(_)) && to != Some(actor)
        },
        before: 0,
    }
}

fn teendopanch(rules: &'static str, house: &'static [&'static str]) -> Subject<teendopanch::Game> {
    let built = valid(teendopanch::Rules::named(rules, 10).unwrap(), house);
    Subject {
        named: ("teendopanch", rules, house),
        new: Box::new(move || teendopanch::Game::new(built)),
        // With the card a puller has just taken, which it holds until it gives one back.
        hand: |game, seat| {
            let pull = game.hand().and_then(|h| h.pull());
            let taken = pull.filter(|p| p.puller.index() == seat).map(|p| p.taken);
            let holding = Game::view(game, seat).holding().cards();
            holding.into_iter().chain(taken).collect()
        },
        // A declined maker's packet turned up for everyone (house rule).
        shown: |game| {
            game.hand()
                .map_or(Vec::new(), |h| h.turned_up().iter().collect())
        },
        card: |action| match action {
            teendopanch::Action::Play(card)
            | teendopanch::Action::Return(card)
            | teendopanch::Action::Give(card) => Some(*card),
            _ => None,
        },
        hidden: |game, action, actor, to| {
            let victim = game.hand().and_then(|h| h.pull()).map(|p| p.victim.index());
            let puller = game.hand().and_then(|h| h.giving()).map(|(p, _)| p.index());
            match action {
                teendopanch::Action::Return(_) => to != Some(actor) && to != victim,
                teendopanch::Action::Give(_) => to != Some(actor) && to != puller,
                _ => false,
            }
        },
        before: 1,
    }
}

/// Worlds A and B.
type Pair<A> = (World<A>, World<A>);

/// Sees each state of a replay, with the action about to be taken in it.
type Watch<'a, G, A> = Box<dyn FnMut(&G, Option<A>) + 'a>;

/// One world: the decks dealt and the actions taken.
struct World<A> {
    decks: Vec<Vec<Card>>,
    actions: Vec<A>,
}

/// World A, played to a random point of the hand that differs, and a world B that
/// `observer` cannot tell from it; `None` when no B was found in a few tries.
fn worlds<G: Game>(
    subject: &Subject<G>,
    observer: Option<usize>,
    rng: &mut Rng,
) -> Option<Pair<G::Action>> {
    let pack = (subject.new)().pack().to_vec();
    let decks: Vec<Vec<Card>> = (0..=subject.before)
        .map(|_| {
            let mut deck = pack.clone();
            deck.shuffle(rng);
            deck
        })
        .collect();
    // A: the hands before, whole, then the last hand until it ends.
    let (mut game, mut actions, mut start) = ((subject.new)(), Vec::new(), 0);
    let mut dealt = 0;
    let mut legal = Vec::new();
    loop {
        match game.turn() {
            Turn::Chance if dealt == decks.len() => break,
            Turn::Chance => {
                game.deal_from(&decks[dealt]);
                dealt += 1;
                start = actions.len();
            }
            Turn::Over => break,
            Turn::Seat(_) => {
                game.legal_actions(&mut legal);
                let action = *legal.choose(rng).unwrap();
                game.apply(action).unwrap();
                actions.push(action);
            }
        }
    }
    // Stop somewhere in the middle of that hand (0: just after the deal).
    actions.truncate(start + rng.random_range(0..actions.len() - start));

    // What the observer has seen of the last hand: its own cards all along, the cards
    // shown at the deal, and the cards of every action it saw.
    let replay = |world: &World<G::Action>, mut each: Watch<'_, G, G::Action>| {
        let mut game = (subject.new)();
        let mut actions = world.actions.iter();
        for deck in &world.decks {
            game.deal_from(deck);
            each(&game, None);
            while let Turn::Seat(_) = game.turn() {
                let Some(&action) = actions.next() else { break };
                each(&game, Some(action));
                game.apply(action).unwrap();
            }
        }
        // The state the last action left (it may have dealt the observer more cards).
        each(&game, None);
    };
    let a = World { decks, actions };
    let mut pinned = BTreeSet::new();
    let mut hands_before = 0;
    replay(
        &a,
        Box::new(|game, action| {
            if action.is_none() && hands_before < subject.before + 1 {
                hands_before += 1;
            }
            if hands_before <= subject.before {
                return;
            }
            match action {
                None => pinned.extend((subject.shown)(game)),
                Some(action) => {
                    let actor = match game.turn() {
                        Turn::Seat(seat) => seat,
                        _ => unreachable!("actions are taken on a seat's turn"),
                    };
                    if !(subject.hidden)(game, &action, actor, observer) {
                        pinned.extend((subject.card)(&action));
                    }
                }
            }
            if let Some(seat) = observer {
                pinned.extend((subject.hand)(game, seat));
            }
        }),
    );
    let last = a.decks.len() - 1;
    let open: Vec<usize> = (0..a.decks[last].len())
        .filter(|&i| !pinned.contains(&a.decks[last][i]))
        .collect();
    let prefix = a.actions.len() - count_last_hand(subject, &a);
    for _ in 0..50 {
        let mut deck = a.decks[last].clone();
        let mut moved: Vec<Card> = open.iter().map(|&i| deck[i]).collect();
        moved.shuffle(rng);
        for (&i, card) in open.iter().zip(moved) {
            deck[i] = card;
        }
        let mut decks = a.decks.clone();
        decks[last] = deck;
        if let Some(actions) = replay_hidden(subject, &a, &decks, prefix, observer, rng) {
            return Some((a, World { decks, actions }));
        }
    }
    None
}

/// How many of `world`'s actions belong to its last hand.
fn count_last_hand<G: Game>(subject: &Subject<G>, world: &World<G::Action>) -> usize {
    let mut game = (subject.new)();
    let mut taken = 0;
    for deck in &world.decks[..world.decks.len() - 1] {
        game.deal_from(deck);
        while let Turn::Seat(_) = game.turn() {
            game.apply(world.actions[taken]).unwrap();
            taken += 1;
        }
    }
    world.actions.len() - taken
}

/// World A's actions on `decks`, with each action hidden from `observer` chosen again
/// (another of its kind), or `None` where B cannot follow A: a public action illegal,
/// another turn, hands or points, or the observer's hand not the same.
fn replay_hidden<G: Game>(
    subject: &Subject<G>,
    a: &World<G::Action>,
    decks: &[Vec<Card>],
    prefix: usize,
    observer: Option<usize>,
    rng: &mut Rng,
) -> Option<Vec<G::Action>> {
    let (mut game_a, mut game_b) = ((subject.new)(), (subject.new)());
    let mut actions = Vec::new();
    let mut legal = Vec::new();
    let same_hand =
        |x: &G, y: &G| observer.is_none_or(|o| (subject.hand)(x, o) == (subject.hand)(y, o));
    // What every seat sees happen must be the same too: whose turn, the hands completed
    // and the points (who holds the seven of spades starts Straights; a CS 246 renege,
    // legal in both, ends the hand in only one).
    let public = |g: &G| (g.turn(), g.hands(), g.points());
    let deal = |game_a: &mut G, game_b: &mut G| -> bool {
        while game_a.turn() == Turn::Chance && (game_a.hands() as usize) < decks.len() {
            let hand = game_a.hands() as usize;
            game_a.deal_from(&a.decks[hand]);
            game_b.deal_from(&decks[hand]);
        }
        same_hand(game_a, game_b) && public(game_a) == public(game_b)
    };
    for (index, &action) in a.actions.iter().enumerate() {
        if !deal(&mut game_a, &mut game_b) {
            return None;
        }
        let Turn::Seat(actor) = game_a.turn() else {
            return None;
        };
        let chosen = if index >= prefix && (subject.hidden)(&game_a, &action, actor, observer) {
            game_b.legal_actions(&mut legal);
            legal.retain(|b| discriminant(b) == discriminant(&action));
            *legal.choose(rng)?
        } else {
            action
        };
        game_a.apply(action).unwrap();
        game_b.apply(chosen).ok()?;
        actions.push(chosen);
    }
    if !deal(&mut game_a, &mut game_b) {
        return None;
    }
    Some(actions)
}

/// The observer's questions to the coach in a world: each a strong player's search.
const QUESTIONS: usize = 2;

/// Everything one client received, and the HTTP routes' answers, in one world.
struct Heard {
    /// Each seat's frames, then the spectator's (empty but for a spectator observer).
    frames: Vec<Vec<String>>,
    http: Vec<String>,
}

fn token(seat: usize) -> String {
    format!("{:032x}", 0x70_6b65_6e00 + seat)
}

/// The HTTP answers a stranger gets about `table`: status, headers but the date, body.
fn routes(served: &Served, table: &str) -> Vec<String> {
    let paths = [
        "/api/tables".to_string(),
        "/api/games".to_string(),
        format!("/api/games/{table}/record"),
        format!("/api/games/{table}/steps"),
        format!("/t/{table}"),
    ];
    paths
        .iter()
        .map(|path| {
            let (head, body) = served.response(path);
            let head: Vec<&str> = head.lines().filter(|l| !l.starts_with("date:")).collect();
            format!("{path}\n{}\n{body}", head.join("\n"))
        })
        .collect()
}

/// Plays `world` on a fresh server with a person's client in every seat (and a watching
/// one when there is no `observer` seat), the observer asking the coach on its first
/// [`QUESTIONS`] turns, and returns what each heard.
async fn play<G: Game>(
    subject: &Subject<G>,
    world: &World<G::Action>,
    table: &str,
    seed: u64,
    observer: Option<usize>,
) -> Heard {
    let spectator = observer.is_none();
    let mut questions = 0;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("tables.db");
    let seats = (subject.new)().seats();
    {
        let store = Sqlite::open(&db).unwrap();
        let mut setup = Commit::default().create(TableRow {
            id: table.to_string(),
            game: subject.named.0.parse().unwrap(),
            rules: subject.named.1.to_string(),
            points: 10,
            house: subject.named.2.iter().map(|h| h.to_string()).collect(),
            seed: Seed::new(seed),
            deals: Deals::new(world.decks.clone()),
            public: true,
            bots: vec![None; seats],
            autopilot_seconds: 3600,
            coach: true,
            rated: false,
            speed: scene::Speed::Instant,
        });
        for seat in 0..seats {
            let row = SeatRow {
                seat,
                name: format!("P{seat}"),
                token: Token::new(token(seat)),
                account: None,
                left: None,
            };
            setup = setup.seat(table, row);
        }
        store.commit(setup).unwrap();
    }
    let served = Served::start(&db);
    let mut http = routes(&served, table);
    let mut clients: Vec<Client> = Vec::new();
    if spectator {
        let mut watcher = Client::connect(&served.address, "W").await;
        watcher.send(json!({"type": "watch", "table": table})).await;
        watcher.until("snapshot").await;
        clients.push(watcher);
    }
    for seat in 0..seats {
        let mut client = Client::connect(&served.address, &format!("P{seat}")).await;
        client
            .send(json!({"type": "rejoin", "table": table, "token": token(seat)}))
            .await;
        client.until("joined").await;
        clients.push(client);
        // Everyone connected hears the seat come back.
        for client in &mut clients {
            client.until("snapshot").await;
        }
    }
    let first_seat = usize::from(spectator);
    for (seq, action) in world.actions.iter().enumerate() {
        let mut now = clients[first_seat].frames.last().unwrap().clone();
        if now["scene"]["turn"].is_null() {
            // Between hands: every seat says it read the hand's end, and the last
            // `continue` deals (one snapshot to everyone).
            for seated in &mut clients[first_seat..] {
                let read = json!({"type": "continue", "table": table, "seq": seq});
                seated.send(read).await;
            }
            for client in &mut clients {
                let dealt = client.until("snapshot").await;
                assert_eq!(dealt["seq"], seq, "{dealt}");
            }
            now = clients[first_seat].frames.last().unwrap().clone();
        }
        let actor = now["scene"]["turn"].as_u64().expect("a seat's turn") as usize;
        if Some(actor) == observer && questions < QUESTIONS {
            // The coach's answer is one more frame the seat hears: it must not depend on
            // anything hidden from the seat either.
            questions += 1;
            let asking = &mut clients[first_seat + actor];
            asking
                .send(json!({"type": "coach", "table": table, "seq": seq}))
                .await;
            let coach = asking.until("coach").await;
            assert_eq!(coach["coaching"]["seat"], actor, "{coach}");
        }
        let action = serde_json::to_value(action).unwrap();
        clients[first_seat + actor]
            .send(json!({"type": "act", "table": table, "seq": seq, "action": action}))
            .await;
        for client in &mut clients {
            let snapshot = client.until("snapshot").await;
            assert_eq!(snapshot["seq"], seq + 1, "{snapshot}");
        }
    }
    http.extend(routes(&served, table));
    let mut frames: Vec<Vec<String>> = Vec::new();
    let watcher = spectator.then(|| clients.remove(0));
    frames.extend(clients.into_iter().map(|c| c.raw));
    frames.push(watcher.map(|w| w.raw).unwrap_or_default());
    Heard { frames, http }
}

/// The first place two lists of frames differ, for a failure's message.
fn first_difference(a: &[String], b: &[String]) -> String {
    match a.iter().zip(b).position(|(x, y)| x != y) {
        Some(i) => {
            let at = (a[i].bytes().zip(b[i].bytes()))
                .position(|(x, y)| x != y)
                .unwrap_or(0);
            let near = |s: &str| {
                s.get(at.saturating_sub(200)..(at + 200).min(s.len()))
                    .unwrap_or(s)
                    .to_string()
            };
            format!(
                "frame {i}, byte {at}:\n A: …{}\n B: …{}",
                near(&a[i]),
                near(&b[i])
            )
        }
        None => format!("{} frames against {}", a.len(), b.len()),
    }
}

/// One case: worlds for the observer `seed` picks, both played, compared.
fn check<G: Game>(subject: &Subject<G>, seed: u64) -> Result<(), TestCaseError> {
    let mut rng = Rng::seed_from_u64(seed);
    let seats = (subject.new)().seats();
    let pick = rng.random_range(0..=seats);
    let observer = (pick < seats).then_some(pick);
    // A world B that differs from A in something hidden from the observer; a few tries
    // (late in a Straights round nearly every card is seen, and B may be A).
    let found = (0..20).find_map(|_| {
        worlds(subject, observer, &mut rng)
            .filter(|(a, b)| a.decks != b.decks || a.actions != b.actions)
    });
    prop_assume!(found.is_some(), "no world B differs from A");
    let (a, b) = found.unwrap();
    if std::env::var_os("NI_VERBOSE").is_some() {
        let moved = (a.decks.last().unwrap().iter())
            .zip(b.decks.last().unwrap())
            .filter(|(x, y)| x != y)
            .count();
        let rechosen = a
            .actions
            .iter()
            .zip(&b.actions)
            .filter(|(x, y)| x != y)
            .count();
        eprintln!(
            "{} {}: observer {observer:?}, {} actions, {moved} cards moved, {rechosen} hidden actions chosen again",
            subject.named.0, subject.named.1, a.actions.len()
        );
    }
    let table = format!("{seed:032x}");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let seed_b = seed.rotate_left(17) ^ 0x5eed;
    let (heard_a, heard_b) = runtime.block_on(async {
        let heard_a = play(subject, &a, &table, seed >> 1, observer).await;
        let heard_b = play(subject, &b, &table, seed_b >> 1, observer).await;
        (heard_a, heard_b)
    });
    let column = observer.unwrap_or(seats);
    let (mine_a, mine_b) = (&heard_a.frames[column], &heard_b.frames[column]);
    prop_assert!(
        mine_a == mine_b,
        "{} {} observer {observer:?} heard differently: {}",
        subject.named.0,
        subject.named.1,
        first_difference(mine_a, mine_b)
    );
    for (x, y) in heard_a.http.iter().zip(&heard_b.http) {
        prop_assert_eq!(x, y, "an HTTP answer differs");
    }
    // The comparison can fail: a seat that holds other cards in B hears it.
    let (game_a, game_b) = (end(subject, &a), end(subject, &b));
    for seat in (0..seats).filter(|&s| Some(s) != observer) {
        if (subject.hand)(&game_a, seat) != (subject.hand)(&game_b, seat) {
            prop_assert_ne!(&heard_a.frames[seat], &heard_b.frames[seat]);
        }
    }
    Ok(())
}

/// The game at the end of `world`.
fn end<G: Game>(subject: &Subject<G>, world: &World<G::Action>) -> G {
    let mut game = (subject.new)();
    let mut decks = world.decks.iter();
    for &action in &world.actions {
        while game.turn() == Turn::Chance {
            game.deal_from(decks.next().unwrap());
        }
        game.apply(action).unwrap();
    }
    // After a hand's last action the table waits for its people before the next deal
    // (the pause between hands): only the first deal comes with no action before it.
    while game.turn() == Turn::Chance && world.actions.is_empty() {
        match decks.next() {
            Some(deck) => game.deal_from(deck),
            None => break,
        }
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, failure_persistence: None, ..ProptestConfig::default() })]

    /// Each game under each of its handouts' rules.
    #[test]
    fn every_game_hides_what_each_seat_may_not_see(seed in any::<u64>()) {
        check(&euchre("eecs280", &[]), seed)?;
        check(&euchre("cs246", &[]), seed)?;
        check(&straights(&[]), seed)?;
        check(&teendopanch("handout", &[]), seed)?;
        check(&teendopanch("reference", &[]), seed)?;
    }

    /// A sample of house rules, one combination per game, each changing what is dealt
    /// or who acts when.
    #[test]
    fn house_rules_hide_what_each_seat_may_not_see(seed in any::<u64>()) {
        check(&euchre("eecs280", &["deal=5", "dealer=throw-in", "alone=on", "renege=2", "march=3"]), seed)?;
        check(&euchre("cs246", &["defend-alone=on", "mcevoy=on", "lone-euchre=6"]), seed)?;
        check(&euchre("eecs280", &["pack=32"]), seed)?;
        check(&straights(&["opener=diamonds", "free-discard=on", "end=rounds-4"]), seed)?;
        check(&straights(&["stuck=pass", "end=rounds-1"]), seed)?;
        check(&straights(&["players=7"]), seed)?;
        check(&straights(&["players=3", "stuck=pass"]), seed)?;
        check(&teendopanch("handout", &["packets=5-5", "direction=right"]), seed)?;
        check(&teendopanch("handout", &["declined=turn-up", "sevens=top", "pull=short-player"]), seed)?;
    }
}
