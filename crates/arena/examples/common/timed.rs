//! A game played to its end with every decision timed, as the examples that measure
//! decision time play it.
use std::time::Instant;

use rand::SeedableRng;
use table::{Agent, Game, Rng, Seated, Turn};

/// Plays `game` to its end, dealing with random numbers seeded `seed` and acting with
/// ones seeded `!seed`. `decided(game, seat, legal, ms)` is told of each decision before it
/// is applied: the seat's legal action count and the milliseconds `agents[seat]` took;
/// `applied(game, hands)` is told after, with the hands completed before it.
pub fn play_timed<G: Game, A: AsMut<dyn Agent<G>>>(
    game: &mut G,
    agents: &mut [A],
    seed: u64,
    mut decided: impl FnMut(&G, usize, usize, f64),
    mut applied: impl FnMut(&G, u32),
) {
    let (mut chance, mut rng) = (Rng::seed_from_u64(seed), Rng::seed_from_u64(!seed));
    let mut legal = Vec::new();
    loop {
        match game.turn() {
            Turn::Over => break,
            Turn::Chance => game.deal(&mut chance),
            Turn::Seat(seat) => {
                game.legal_actions(&mut legal);
                let started = Instant::now();
                let action = agents[seat].as_mut().act(Seated::new(game, seat), &mut rng);
                let ms = started.elapsed().as_secs_f64() * 1e3;
                decided(game, seat, legal.len(), ms);
                let hands = game.hands();
                game.apply(action).expect("a player's action is legal");
                applied(game, hands);
            }
        }
    }
}
