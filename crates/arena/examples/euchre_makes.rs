//! How each team's made hands go (alone or not), strong against the CS 246 computers:
//! `cargo run --release -p cardtable-arena --example euchre_makes -- 100`.
use euchre::players::{Cs246, Strong};
use euchre::{Game, Outcome, Rules};
use rand::SeedableRng;
use table::{Agent, Rng, Seated};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(100);
    // [team][alone] -> (hands, total margin for the makers)
    let mut stats = [[(0u32, 0i32); 2]; 2];
    let mut euchred = [[0u32; 2]; 2];
    for g in 0..games {
        let mut chance = Rng::seed_from_u64(g);
        let mut rng = Rng::seed_from_u64(!g);
        let mut agents: Vec<Box<dyn Agent<Game>>> = vec![
            Box::new(Strong::default()),
            Box::new(Cs246),
            Box::new(Strong::default()),
            Box::new(Cs246),
        ];
        let mut game = Game::new(Rules::cs246());
        while !game.is_over() {
            if game.needs_deal() {
                table::Game::deal(&mut game, &mut chance);
                continue;
            }
            let seat = game.turn().unwrap();
            let action = agents[seat.index()].act(Seated::new(&game, seat.index()), &mut rng);
            if let Ok(Outcome::Trick {
                result: Some(r), ..
            }) = game.apply(action)
            {
                let (t, a) = (r.makers.index(), usize::from(r.alone));
                stats[t][a].0 += 1;
                stats[t][a].1 += r.margin(r.makers);
                euchred[t][a] += u32::from(r.is_euchre());
            }
        }
    }
    for (t, name) in ["strong", "cs246"].iter().enumerate() {
        for a in 0..2 {
            let (n, m) = stats[t][a];
            println!(
                "{name} makes {}: {n} hands, mean margin {:.2}, euchred {}",
                if a == 1 { "alone" } else { "with partner" },
                m as f64 / n.max(1) as f64,
                euchred[t][a]
            );
        }
    }
}
