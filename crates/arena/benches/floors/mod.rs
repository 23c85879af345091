//! Floors: the least work a random hand of each game can do, written for speed alone
//! (bit masks, lookup tables, no checks, no history), to read the rules cores' cost as a
//! ratio `floor / ours` measured in the same run on any machine. Each plays what the real
//! random player plays: every legal action equally likely, one hand per call.

pub mod euchre;
pub mod straights;
pub mod teendopanch;

use rand::Rng as _;
use table::Rng;

/// A uniformly random set bit of `mask` (not empty).
#[inline]
pub fn random_bit(mask: u64, rng: &mut Rng) -> u32 {
    let mut n = rng.random_range(0..mask.count_ones());
    let mut m = mask;
    while n > 0 {
        m &= m - 1;
        n -= 1;
    }
    m.trailing_zeros()
}

/// Deals `take` cards of `deck` to its front by a partial Fisher–Yates shuffle.
#[inline]
pub fn partial_shuffle(deck: &mut [u8], take: usize, rng: &mut Rng) {
    for i in 0..take {
        let j = rng.random_range(i..deck.len());
        deck.swap(i, j);
    }
}

/// Plays a card of `hand` drawn by `pick`, following `led` (the led suit's cards) when
/// given and the hand holds any: the card, taken out of the hand.
#[inline]
pub fn play(
    hand: &mut u32,
    led: Option<u32>,
    rng: &mut Rng,
    pick: impl Fn(u64, &mut Rng) -> u32,
) -> u32 {
    let legal = match led.map(|cards| *hand & cards) {
        None | Some(0) => *hand,
        Some(same_suit) => same_suit,
    };
    let card = pick(u64::from(legal), rng);
    *hand &= !(1 << card);
    card
}
