//! CS 246 Straights: a random round. Cards are `suit * 13 + rank` (rank 0 = ace … 12 =
//! king; seven is 6), hands and the cards that fit the layout are 52-bit masks.

use table::Rng;

use super::{partial_shuffle, random_bit};

const SEVEN: u32 = 6;
const SEVEN_OF_SPADES: u32 = 3 * 13 + SEVEN;

/// One random round; returns the pips discarded (so the work is kept).
pub fn round(rng: &mut Rng) -> u32 {
    let mut deck: [u8; 52] = std::array::from_fn(|i| i as u8);
    partial_shuffle(&mut deck, 51, rng);
    let mut hands = [0u64; 4];
    for (i, &card) in deck.iter().enumerate() {
        hands[i / 13] |= 1 << card;
    }
    let mut seat = hands
        .iter()
        .position(|h| h & 1 << SEVEN_OF_SPADES != 0)
        .unwrap();
    // The 7♠ opens; after it the other sevens fit, and a card next to a run's end.
    let mut fits = 1u64 << SEVEN_OF_SPADES;
    let mut pips = 0;
    for _ in 0..52 {
        let hand = hands[seat];
        let playable = hand & fits;
        if playable != 0 {
            let card = random_bit(playable, rng);
            hands[seat] &= !(1 << card);
            fits &= !(1 << card);
            let (suit, rank) = (card / 13, card % 13);
            if rank == SEVEN {
                fits |= 1 << (suit * 13 + SEVEN - 1) | 1 << (suit * 13 + SEVEN + 1);
                if card == SEVEN_OF_SPADES {
                    fits |= [0, 1, 2].iter().fold(0, |m, s| m | 1 << (s * 13 + SEVEN));
                }
            } else if rank < SEVEN && rank > 0 {
                fits |= 1 << (card - 1);
            } else if rank > SEVEN && rank < 12 {
                fits |= 1 << (card + 1);
            }
        } else {
            let card = random_bit(hand, rng);
            hands[seat] &= !(1 << card);
            pips += card % 13 + 1;
        }
        seat = (seat + 1) % 4;
    }
    pips
}
