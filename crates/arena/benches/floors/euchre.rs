//! EECS 280 Euchre: a random hand (screw the dealer, no going alone). Cards are
//! `suit * 6 + rank` (rank 0 = nine … 5 = ace), hands 24-bit masks.

use rand::Rng as _;
use table::Rng;

use super::{partial_shuffle, play, random_bit};

const JACK: u32 = 2;

/// Per trump: the mask of each effective suit (the left bower moved to trump) and each
/// card's strength when led suit is known.
pub struct Tables {
    suit_masks: [[u32; 4]; 4],
    effective: [[u8; 24]; 4],
    /// strength[trump][led][card]: trump over led suit over the rest (0).
    strength: [[[u8; 24]; 4]; 4],
}

fn left_suit(trump: u32) -> u32 {
    // Clubs 0, Diamonds 1, Hearts 2, Spades 3: same colour pairs (0,3) and (1,2).
    3 - trump
}

impl Tables {
    pub fn new() -> Tables {
        let mut t = Tables {
            suit_masks: [[0; 4]; 4],
            effective: [[0; 24]; 4],
            strength: [[[0; 24]; 4]; 4],
        };
        for trump in 0..4u32 {
            for card in 0..24u32 {
                let (suit, rank) = (card / 6, card % 6);
                let left = rank == JACK && suit == left_suit(trump);
                let eff = if left { trump } else { suit };
                t.effective[trump as usize][card as usize] = eff as u8;
                t.suit_masks[trump as usize][eff as usize] |= 1 << card;
                for led in 0..4u32 {
                    let s = if eff == trump {
                        let bower = match (rank == JACK, suit == trump) {
                            (true, true) => 8,
                            (true, false) => 7,
                            _ => rank + 1,
                        };
                        20 + bower
                    } else if eff == led {
                        10 + rank
                    } else {
                        0
                    };
                    t.strength[trump as usize][led as usize][card as usize] = s as u8;
                }
            }
        }
        t
    }
}

/// One random hand; returns the makers' points (so the work is kept).
pub fn hand(tables: &Tables, rng: &mut Rng) -> u32 {
    hand_picking(tables, rng, random_bit)
}

/// [`hand`] with the random card of a hand (a mask) drawn by `pick`.
#[inline(always)]
pub fn hand_picking(tables: &Tables, rng: &mut Rng, pick: impl Fn(u64, &mut Rng) -> u32) -> u32 {
    let mut deck: [u8; 24] = std::array::from_fn(|i| i as u8);
    partial_shuffle(&mut deck, 21, rng);
    let mut hands = [0u32; 4];
    for (i, &card) in deck[..20].iter().enumerate() {
        hands[i % 4] |= 1 << card;
    }
    let upcard = u32::from(deck[20]);
    let up_suit = upcard / 6;
    let dealer = rng.random_range(0..4usize);
    // Bidding: round one, pass or order up; round two, pass or one of three suits (the
    // dealer may not pass).
    let mut maker = None;
    let mut trump = up_suit;
    for i in 1..=4 {
        let seat = (dealer + i) % 4;
        if rng.random_range(0..2) == 1 {
            maker = Some(seat);
            break;
        }
    }
    if maker.is_some() {
        // The dealer picks up and discards one of six.
        let six = hands[dealer] | 1 << upcard;
        hands[dealer] = six & !(1 << pick(u64::from(six), rng));
    } else {
        for i in 1..=4 {
            let seat = (dealer + i) % 4;
            let choices = if i == 4 { 3 } else { 4 };
            let pick = rng.random_range(0..choices);
            if pick < 3 {
                trump = [0, 1, 2, 3]
                    .into_iter()
                    .filter(|&s| s != up_suit)
                    .nth(pick)
                    .unwrap();
                maker = Some(seat);
                break;
            }
        }
    }
    let maker = maker.expect("screw the dealer");
    let t = trump as usize;
    let mut leader = (dealer + 1) % 4;
    let mut maker_tricks = 0;
    for _ in 0..5 {
        let mut best = 0u8;
        let mut winner = leader;
        let mut led = 0usize;
        for i in 0..4 {
            let seat = (leader + i) % 4;
            let led_cards = (i > 0).then(|| tables.suit_masks[t][led]);
            let card = play(&mut hands[seat], led_cards, rng, &pick) as usize;
            if i == 0 {
                led = tables.effective[t][card] as usize;
            }
            let s = tables.strength[t][led][card];
            if s > best {
                best = s;
                winner = seat;
            }
        }
        if winner % 2 == maker % 2 {
            maker_tricks += 1;
        }
        leader = winner;
    }
    match maker_tricks {
        5 => 2,
        3 | 4 => 1,
        _ => 2,
    }
}
