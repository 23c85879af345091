//! Teen Do Panch (3-2-5): a random first hand (no pulls). 30 cards as bits of a 32-bit
//! mask (`suit * 8 + rank`, rank 0 = seven … 7 = ace; the sevens of clubs and diamonds
//! are not in the pack); five cards each, trump named or passed, three more, trump named,
//! two more, then ten tricks.

use rand::Rng as _;
use table::Rng;

use super::{partial_shuffle, play, random_bit};

/// Each suit's cards.
const SUITS: [u32; 4] = [0xff, 0xff << 8, 0xff << 16, 0xff << 24];

/// One random hand; returns the maker's tricks (so the work is kept).
pub fn hand(rng: &mut Rng) -> u32 {
    // Clubs 0 and Diamonds 1 lack their sevens (bits 0 and 8).
    let mut deck = [0u8; 30];
    let mut n = 0;
    for card in 0..32u8 {
        if card != 0 && card != 8 {
            deck[n] = card;
            n += 1;
        }
    }
    partial_shuffle(&mut deck, 29, rng);
    let mut hands = [0u32; 3];
    let deal = |hands: &mut [u32; 3], from: usize, each: usize| {
        for seat in 0..3 {
            for &card in &deck[from + seat * each..from + (seat + 1) * each] {
                hands[seat] |= 1 << card;
            }
        }
    };
    deal(&mut hands, 0, 5);
    let dealer = rng.random_range(0..3usize);
    let maker = (dealer + 1) % 3;
    // Round one: pass or one of four suits; round two: one of four.
    let mut trump = rng.random_range(0..5u32);
    deal(&mut hands, 15, 3);
    if trump == 4 {
        trump = rng.random_range(0..4);
    }
    deal(&mut hands, 24, 2);
    let mut leader = maker;
    let mut won = [0u32; 3];
    for _ in 0..10 {
        let (mut best, mut winner, mut led) = (0u32, leader, 0u32);
        for i in 0..3 {
            let seat = (leader + i) % 3;
            let led_cards = (i > 0).then(|| SUITS[led as usize]);
            let card = play(&mut hands[seat], led_cards, rng, random_bit);
            let suit = card / 8;
            if i == 0 {
                led = suit;
            }
            let strength = if suit == trump {
                20 + card % 8
            } else if suit == led {
                10 + card % 8
            } else {
                0
            };
            if strength > best {
                best = strength;
                winner = seat;
            }
        }
        won[winner] += 1;
        leader = winner;
    }
    won[maker]
}
