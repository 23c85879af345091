//! How often the strong Euchre pair would win against the CS 246 computers if it knew
//! every card, or only its partner's hand: the ceiling of its approach, beside the real
//! player, on the same deals.
//!
//! `cargo run --release -p cardtable-arena --example ceiling -- GAMES SEED [TRICKS [SIGHTS]]`
//!
//! TRICKS is how many tricks the opponents' play is replayed as the handout player's
//! before the open-hand solver takes over (default 2, the player's own; 5 plays the whole
//! hand against their exact play). SIGHTS picks the runs: `d` every card known, `p` the
//! partner's hand, `b` the partner's hand while trump is made, `q` once it is made, `1`
//! and `2` once the partner has played one or two cards to the hand, `t` which trumps
//! it holds and `a` which bowers and aces once trump is made, `o` the player's own
//! (default `dpo`). Each run also tells how the hands trump was made in went. Games run on
//! all cores.
#[path = "common/cs246_match.rs"]
mod cs246_match;

use cards::euchre_order::TrumpOrder;
use cards::{Card, CardSet, Rank, Suit};
use euchre::players::Strong;
use euchre::{Game, HandResult, Seat};
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
    /// Its own hand while trump is made, its partner's too after.
    PartnerPlay,
    /// Its partner's hand once the partner has played this many cards to the hand.
    PartnerPlayed(usize),
    /// Which trumps its partner holds, once trump is made.
    PartnerTrumps,
    /// Which bowers and aces its partner holds, once trump is made.
    PartnerTops,
    /// What the rules show: the real player.
    Own,
}

/// `world` with `partner`'s hand as in `real`: each of its cards the world puts elsewhere
/// swaps places with one the world gave the partner instead.
fn with_partner_hand(world: Game, real: &Game, partner: Seat) -> Game {
    let (Some(sampled), Some(dealt)) = (world.hand(), real.hand()) else {
        return world;
    };
    with_partner_holding(world, sampled, partner, dealt.cards(partner))
}

/// `world` with `partner` holding exactly the cards of `known` it holds in `real`, and
/// otherwise what the world gave it, as far as it can (a card of `known` it must give up
/// is replaced by another from an opponent). A card moved to an opponent may break what
/// that opponent showed: an estimate's tool.
fn with_partner_known(world: Game, real: &Game, partner: Seat, known: CardSet) -> Game {
    let (Some(sampled), Some(dealt)) = (world.hand(), real.hand()) else {
        return world;
    };
    let want = dealt.cards(partner).intersection(known);
    let size = sampled.cards(partner).len();
    let opponents = [partner.left(), partner.left().partner()];
    let others = sampled.cards(partner).iter().chain(
        opponents
            .iter()
            .flat_map(|&s| sampled.cards(s).iter())
            .collect::<Vec<_>>(),
    );
    let mut hand = want;
    for card in others.filter(|&c| !known.contains(c)) {
        if hand.len() >= size {
            break;
        }
        hand.insert(card);
    }
    with_partner_holding(world, sampled, partner, hand)
}

/// The cards whose places `sight` shows in the partner's hand: trumps, or bowers and aces.
fn known_cards(sight: Sight, order: TrumpOrder) -> CardSet {
    if sight == Sight::PartnerTrumps {
        return order.cards_of(order.trump());
    }
    let aces = Suit::ALL.map(|s| Card::new(Rank::Ace, s));
    let jacks = Suit::ALL.map(|s| Card::new(Rank::Jack, s));
    aces.into_iter()
        .chain(jacks.into_iter().filter(|&j| order.is_trump(j)))
        .collect()
}

/// `world` (whose hand is `sampled`) with `partner` holding `want`: each of those cards
/// the world puts elsewhere swaps places with one the world gave the partner instead.
fn with_partner_holding(world: Game, sampled: &euchre::Hand, partner: Seat, want: CardSet) -> Game {
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

/// How the hands one side made trump in went.
#[derive(Clone, Copy, Default)]
struct Tally {
    hands: i64,
    /// The makers' points less the defenders'.
    margin: i64,
    euchred: i64,
    marched: i64,
}

/// [`Tally`]s by team (the strong pair first) and by whether the maker went alone.
#[derive(Default)]
struct Makes([[Tally; 2]; 2]);

impl Makes {
    fn add(&mut self, result: &HandResult) {
        let tally = &mut self.0[result.makers.index()][usize::from(result.alone)];
        tally.hands += 1;
        tally.margin += i64::from(result.margin(result.makers));
        tally.euchred += i64::from(result.is_euchre());
        tally.marched += i64::from(result.is_march());
    }

    fn merge(mut self, other: &Makes) -> Makes {
        let pairs = self
            .0
            .as_flattened_mut()
            .iter_mut()
            .zip(other.0.as_flattened());
        for (mine, theirs) in pairs {
            mine.hands += theirs.hands;
            mine.margin += theirs.margin;
            mine.euchred += theirs.euchred;
            mine.marched += theirs.marched;
        }
        self
    }

    fn print(&self) {
        for (team, name) in ["strong pair", "CS 246 computers"].iter().enumerate() {
            for (alone, how) in ["with a partner", "alone"].iter().enumerate() {
                let tally = self.0[team][alone];
                let per_hand = |n: i64| n as f64 / tally.hands.max(1) as f64;
                println!(
                    "  {name} made trump {how}: {} hands, {:+.2} points a hand, euchred {:.1}%, marched {:.1}%",
                    tally.hands,
                    per_hand(tally.margin),
                    100.0 * per_hand(tally.euchred),
                    100.0 * per_hand(tally.marched)
                );
            }
        }
    }
}

/// Whether the strong pair (seats 0 and 2) wins game `g`, seeing `sight`, and how the
/// hands of the game went.
fn strong_wins(g: u64, seed: u64, sight: Sight, tricks: u8) -> (bool, Makes) {
    let mut makes = Makes::default();
    let strong = || {
        let samples = if sight == Sight::Deal {
            1
        } else {
            Strong::DEFAULT_SAMPLES
        };
        Strong::new(samples).with_modelled_tricks(tricks)
    };
    let mut strongs = [strong(), strong()];
    let choose = |game: &Game, seat: Seat, rng: &mut Rng| {
        let seated = Seated::new(game, seat.index());
        let strong = &mut strongs[seat.index() / 2];
        match sight {
            Sight::Own => strong.act(seated, rng),
            Sight::Deal => strong.act_adjusting(seated, rng, &mut |_| *game),
            Sight::PartnerBidding if game.hand().is_some_and(|h| h.trump().is_some()) => {
                strong.act(seated, rng)
            }
            Sight::PartnerPlay if game.hand().is_none_or(|h| h.trump().is_none()) => {
                strong.act(seated, rng)
            }
            Sight::PartnerPlayed(k)
                if game
                    .hand()
                    .is_none_or(|h| h.played_by(seat.partner()).len() < k) =>
            {
                strong.act(seated, rng)
            }
            Sight::PartnerTrumps | Sight::PartnerTops => {
                match game.hand().and_then(|h| h.trump_order()) {
                    None => strong.act(seated, rng),
                    Some(order) => {
                        let known = known_cards(sight, order);
                        strong.act_adjusting(seated, rng, &mut |world| {
                            with_partner_known(world, game, seat.partner(), known)
                        })
                    }
                }
            }
            Sight::Partner
            | Sight::PartnerBidding
            | Sight::PartnerPlay
            | Sight::PartnerPlayed(_) => strong.act_adjusting(seated, rng, &mut |world| {
                with_partner_hand(world, game, seat.partner())
            }),
        }
    };
    let game = cs246_match::play(g, seed, choose, |result| makes.add(result));
    let won = game.winner().expect("a finished game has a winner").index() == 0;
    (won, makes)
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
        (
            Sight::PartnerPlay,
            "knowing its partner's hand once trump is made",
            'q',
        ),
        (
            Sight::PartnerPlayed(1),
            "knowing its partner's hand once it has played a card",
            '1',
        ),
        (
            Sight::PartnerPlayed(2),
            "knowing its partner's hand once it has played two cards",
            '2',
        ),
        (
            Sight::PartnerTrumps,
            "knowing which trumps its partner holds once trump is made",
            't',
        ),
        (
            Sight::PartnerTops,
            "knowing which bowers and aces its partner holds once trump is made",
            'a',
        ),
        (Sight::Own, "knowing its own hand", 'o'),
    ]
    .into_iter()
    .filter(|s| sights.contains(s.2))
    .map(|(sight, name, _)| (sight, name))
    {
        let results: Vec<_> = (0..games)
            .into_par_iter()
            .map(|g| strong_wins(g, seed, sight, tricks))
            .collect();
        let wins = results.iter().filter(|r| r.0).count();
        let [low, high] = arena::wilson(wins as u64, games);
        println!(
            "strong {name}, opponents replayed {tricks} tricks: {wins} of {games} games, {:.1}% [{:.1}, {:.1}]",
            100.0 * wins as f64 / games as f64,
            100.0 * low,
            100.0 * high
        );
        results
            .iter()
            .fold(Makes::default(), |all, (_, makes)| all.merge(makes))
            .print();
    }
}
