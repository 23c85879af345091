//! Plays EECS 280 Simple-vs-Simple games for profiling: `cargo run --release -p
//! cardtable-arena --example simple_games -- 20000`.
use rand::SeedableRng;
use table::{Game, Rng, Turn};

fn main() {
    let games: u32 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(20_000);
    let mut rng = Rng::seed_from_u64(1);
    let mut hands = 0;
    let started = std::time::Instant::now();
    for _ in 0..games {
        let mut game = euchre::Game::new(euchre::Rules::eecs280(10));
        loop {
            match Game::turn(&game) {
                Turn::Over => break,
                Turn::Chance => Game::deal(&mut game, &mut rng),
                Turn::Seat(seat) => {
                    let action = euchre::players::simple_decision(
                        &game.view(euchre::Seat::new(seat)).unwrap(),
                    );
                    Game::apply_legal(&mut game, action);
                }
            }
        }
        hands += Game::hands(&game);
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{games} games, {hands} hands in {seconds:.3} s: {:.0} games/s",
        f64::from(games) / seconds
    );
}
