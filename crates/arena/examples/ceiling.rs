//! How often the strong Euchre pair would win against the CS 246 computers if it knew
//! every card, or only its partner's hand: the ceiling of its approach, beside the real
//! player, on the same deals.
//!
//! `cargo run --release -p cardtable-arena --example ceiling -- GAMES SEED [TRICKS [SIGHTS]]`
//!
//! TRICKS is how many tricks the opponents' play is replayed as the handout player's
//! before the open-hand solver takes over (default 2, the player's own; 5 plays the whole
//! hand against their exact play). SIGHTS picks the runs: `d` every card known, `p` the
//! partner's hand, `b` the partner's hand while trump is made, `o` the player's own
//! (default `dpo`). Games run on all cores.
use euchre::players::{Cs246, Strong};
use euchre::{Game, Rules, Seat};
use rand::SeedableRng;
use rayon::prelude::*;
use table::{Agent, Rng, Seated};

/// What the strong pair is let see.
#[derive(Clone, Copy, PartialEq)]
enum Sight {
    /// Every card: each sampled world is the real deal.
    Deal,
    /// Its partner's hand: each sampled world has it where it is.
    Partner,
    /// Its partner's hand while trump is made, its own after.
    PartnerBidding,
    /// What the rules show: the real player.
    Own,
}

/// `world` with `partner`'s hand as in `real`: each of its cards the world puts elsewhere
/// swaps places with one the world gave the partner instead.
fn with_partner_hand(world: Game, real: &Game, partner: Seat) -> Game {
    let (Some(sampled), Some(dealt)) = (world.hand(), real.hand()) else {
        return world;
    };
    let want = dealt.cards(partner);
    let mut hands = Seat::ALL.map(|s| sampled.cards(s));
    let mut discard = sampled.discard();
    let mut spare = hands[partner.index()].difference(want).iter();
    for card in want.difference(hands[partner.index()]).iter() {
        let swap = spare.next().expect("hands of one size");
        if let Some(holder) = hands.iter_mut().find(|h| h.contains(card)) {
            holder.remove(card);
            holder.insert(swap);
        } else if discard == Some(card) {
            discard = Some(swap);
        }
    }
    hands[partner.index()] = want;
    world.with_hand(sampled.with_cards(hands, discard))
}

/// Whether the strong pair (seats 0 and 2) wins game `g`, seeing `sight`.
fn strong_wins(g: u64, seed: u64, sight: Sight, tricks: u8) -> bool {
    let mut chance = Rng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(g));
    let mut rng = Rng::seed_from_u64(!g ^ seed);
    let strong = || {
        let samples = if sight == Sight::Deal {
            1
        } else {
            Strong::DEFAULT_SAMPLES
        };
        Strong::new(samples).with_modelled_tricks(tricks)
    };
    let mut strongs = [strong(), strong()];
    let mut game = Game::new(Rules::cs246());
    while !game.is_over() {
        if game.needs_deal() {
            table::Game::deal(&mut game, &mut chance);
            continue;
        }
        let seat = game.turn().expect("a seat to act");
        let seated = Seated::new(&game, seat.index());
        let strong = &mut strongs[seat.index() / 2];
        let action = match sight {
            _ if seat.index() % 2 == 1 => Cs246.act(seated, &mut rng),
            Sight::Own => strong.act(seated, &mut rng),
            Sight::Deal => strong.act_adjusting(seated, &mut rng, &mut |_| game),
            Sight::PartnerBidding if game.hand().is_some_and(|h| h.trump().is_some()) => {
                strong.act(seated, &mut rng)
            }
            Sight::Partner | Sight::PartnerBidding => {
                strong.act_adjusting(seated, &mut rng, &mut |world| {
                    with_partner_hand(world, &game, seat.partner())
                })
            }
        };
        game.apply(action).expect("players act legally");
    }
    game.winner().expect("a finished game has a winner").index() == 0
}

fn main() {
    let arg = |i: usize, default: &str| std::env::args().nth(i).unwrap_or(default.into());
    let games: u64 = arg(1, "200").parse().expect("GAMES");
    let seed: u64 = arg(2, "1").parse().expect("SEED");
    let tricks: u8 = arg(3, "2").parse().expect("TRICKS");
    let sights = arg(4, "dpo");
    for (sight, name) in [
        (Sight::Deal, "knowing every card", 'd'),
        (Sight::Partner, "knowing its partner's hand", 'p'),
        (
            Sight::PartnerBidding,
            "knowing its partner's hand while trump is made",
            'b',
        ),
        (Sight::Own, "knowing its own hand", 'o'),
    ]
    .into_iter()
    .filter(|s| sights.contains(s.2))
    .map(|(sight, name, _)| (sight, name))
    {
        let wins = (0..games)
            .into_par_iter()
            .filter(|&g| strong_wins(g, seed, sight, tricks))
            .count();
        let [low, high] = arena::wilson(wins as u64, games);
        println!(
            "strong {name}, opponents replayed {tricks} tricks: {wins} of {games} games, {:.1}% [{:.1}, {:.1}]",
            100.0 * wins as f64 / games as f64,
            100.0 * low,
            100.0 * high
        );
    }
}
