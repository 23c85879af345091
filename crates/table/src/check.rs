//! Checks every game implementation must pass, for its property tests: random games
//! through the interface, records that replay, determinizations that keep what a seat
//! has seen.

use rand::SeedableRng;

use crate::{play_out, random_listed, Agent, Game, GameRecord, RandomAgent, Rng, Turn};

/// Plays `games` random games from `new()` (seeds `seed`, `seed + 1`, …). After every
/// action it calls `state` on the game, and at every decision `seen` with the game, the
/// seat to move and one determinization for it. Each game's record must replay to the
/// same final state, and each game's [`Game::random_legal_action`] must pick what
/// listing the legal actions does. Returns the number of actions taken.
pub fn random_games<G: Game>(
    new: impl Fn() -> G,
    games: u64,
    seed: u64,
    state: impl Fn(&G),
    seen: impl Fn(&G, usize, &G),
) -> usize {
    let mut total = 0;
    for n in 0..games {
        let mut chance = Rng::seed_from_u64(seed + n);
        let mut rng = Rng::seed_from_u64(!(seed + n));
        let mut game = new();
        let mut agents: Vec<Box<dyn Agent<G>>> = (0..game.seats())
            .map(|_| Box::new(RandomAgent::default()) as Box<dyn Agent<G>>)
            .collect();
        let mut steps = 0;
        let mut actions = Vec::new();
        play_out(
            &mut game,
            &mut agents,
            &mut chance,
            &mut rng,
            Some(&mut actions),
            |g, turn| {
                state(g);
                if let Turn::Seat(seat) = turn {
                    let mut sampler = Rng::seed_from_u64(steps);
                    seen(g, seat, &g.determinize(seat, &mut sampler));
                    // A game's own random pick is the listed pick, draw for draw.
                    let (mut a, mut b) = (sampler.clone(), sampler);
                    let mut scratch = Vec::new();
                    assert_eq!(
                        g.random_legal_action(&mut a, &mut scratch),
                        random_listed(g, &mut b, &mut scratch),
                        "game {n}: the random pick is the listed one"
                    );
                    assert_eq!(a, b, "game {n}: the random pick draws as listing does");
                }
                steps += 1;
                steps > 100_000
            },
        );
        assert_eq!(game.turn(), Turn::Over, "game {n} ended");
        let winners = game.winners();
        assert!(winners.iter().any(|&w| w), "game {n} has a winner");
        let record = GameRecord::of_random(&game, seed + n, 10, actions.clone());
        let json = serde_json::to_string(&record).expect("records serialize");
        let back: GameRecord<G::Action> = serde_json::from_str(&json).expect("records deserialize");
        let replayed = back.replay(new()).expect("the record replays");
        assert_eq!(
            replayed, game,
            "game {n}: the replay reaches the same state"
        );
        total += actions.len();
    }
    total
}

/// Plays `games` random games from `new` to their end, seeded by `seed`, and returns the
/// most actions any one hand took, from its deal to the next: for the property tests
/// that bound every hand's length.
pub fn longest_hand<G: Game>(new: impl Fn() -> G, games: u64, seed: u64) -> usize {
    let mut longest = 0;
    for g in 0..games {
        let mut game = new();
        let mut rng = Rng::seed_from_u64(seed ^ g);
        let (mut this_hand, mut legal) = (0, Vec::new());
        for _ in 0..100_000 {
            match game.turn() {
                Turn::Over => break,
                Turn::Chance => {
                    longest = longest.max(this_hand);
                    this_hand = 0;
                    game.deal(&mut rng);
                }
                Turn::Seat(_) => {
                    game.legal_actions(&mut legal);
                    let pick = cards::shuffle::random_index(&mut rng, legal.len());
                    assert!(game.apply(legal[pick]).is_ok(), "a legal action");
                    this_hand += 1;
                }
            }
        }
        longest = longest.max(this_hand);
    }
    longest
}

/// Plays `progress` on with random legal actions drawn from `seed` (its deals from its
/// own chance) until the game is over or `limit` steps were taken, showing `visit` every
/// position on the way, the last included: what the faces' property tests walk.
pub fn walk<G: Game>(
    progress: &mut crate::Progress<G>,
    seed: u64,
    limit: usize,
    mut visit: impl FnMut(&crate::Progress<G>),
) {
    let (mut rng, mut scratch) = (Rng::seed_from_u64(seed), Vec::new());
    for _ in 0..limit {
        visit(progress);
        match progress.turn() {
            Turn::Over => return,
            Turn::Chance => progress.deal(),
            Turn::Seat(seat) => {
                let action = progress.game().random_legal_action(&mut rng, &mut scratch);
                let taken = progress.apply_as(seat, action);
                assert!(taken.is_ok(), "a legal action");
            }
        }
    }
}
