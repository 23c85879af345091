//! The three shuffles the handouts specify, each reproducing its C++ original exactly, and
//! the simulations' shuffle ([`shuffle`]), reproducing `rand`'s exactly.

mod libstdcxx;
mod mt19937;
mod uniform;

pub use libstdcxx::{std_shuffle, MinStdRand0};
pub use mt19937::Mt19937Shuffle;
pub(crate) use uniform::below_from;
pub use uniform::{random_index, shuffle, shuffle_deck};

/// EECS 280's in-shuffle: cut exactly in half and interleave, second half first.
///
/// Position `n/2 + i` goes to `2i` and position `i` to `2i + 1`. An odd card, if any,
/// stays last.
pub fn in_shuffle<T: Copy>(cards: &mut [T]) {
    let half = cards.len() / 2;
    let original = cards.to_vec();
    for i in 0..half {
        cards[2 * i] = original[half + i];
        cards[2 * i + 1] = original[i];
    }
}

/// The in-shuffle repeated `times` times (EECS 280 shuffles with 7).
pub fn in_shuffle_times<T: Copy>(cards: &mut [T], times: usize) {
    for _ in 0..times {
        in_shuffle(cards);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_shuffle_moves_cards_as_the_handout_says() {
        // "the card originally at position 12 goes to position 0, the one originally at
        // position 0 goes to position 1, the one originally at position 13 goes to position 2"
        let mut positions: Vec<usize> = (0..24).collect();
        in_shuffle(&mut positions);
        assert_eq!(&positions[..4], &[12, 0, 13, 1]);
        assert_eq!(&positions[22..], &[23, 11]);
    }

    #[test]
    fn in_shuffle_of_24_has_order_20() {
        // The in-shuffle on 2n cards is x -> 2x+1 mod (2n+1); 2 has order 20 modulo 25.
        let start: Vec<usize> = (0..24).collect();
        let mut cards = start.clone();
        for round in 1..=20 {
            in_shuffle(&mut cards);
            assert_eq!(cards == start, round == 20, "round {round}");
        }
    }
}
