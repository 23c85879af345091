//! One game of the strong Euchre pair against the CS 246 computers, as the measuring
//! examples play it: the same deals and random numbers for game `g` of a run seeded `seed`,
//! whatever the example measures.
use euchre::players::Cs246;
use euchre::{Action, Game, HandResult, Outcome, Rules, Seat};
use rand::SeedableRng;
use table::{Agent, Rng, Seated};

/// Plays game `g` to its end: the CS 246 computers in seats 1 and 3, the strong pair in
/// seats 0 and 2 choosing through `strong` (the game, the seat to act, the random
/// numbers); `scored` is told each hand's result. Gives the finished game.
pub fn play(
    g: u64,
    seed: u64,
    mut strong: impl FnMut(&Game, Seat, &mut Rng) -> Action,
    mut scored: impl FnMut(&HandResult),
) -> Game {
    let mut chance = Rng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(g));
    let mut rng = Rng::seed_from_u64(!g ^ seed);
    let mut game = Game::new(Rules::cs246());
    while !game.is_over() {
        if game.needs_deal() {
            table::Game::deal(&mut game, &mut chance);
            continue;
        }
        if let Some(result) = step(&mut game, &mut rng, &mut strong) {
            scored(&result);
        }
    }
    game
}

/// One action of the seat to act — a CS 246 computer's, or the strong pair's through
/// `strong` — applied to `game`; the hand's result if it ended the hand.
pub fn step(
    game: &mut Game,
    rng: &mut Rng,
    strong: &mut impl FnMut(&Game, Seat, &mut Rng) -> Action,
) -> Option<HandResult> {
    let seat = game.turn().expect("a seat to act");
    let action = if seat.index() % 2 == 1 {
        Cs246.act(Seated::new(game, seat.index()), rng)
    } else {
        strong(game, seat, rng)
    };
    match game.apply(action) {
        Ok(Outcome::Trick {
            result: Some(result),
            ..
        }) => Some(result),
        _ => None,
    }
}
