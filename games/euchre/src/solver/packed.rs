//! The position the search works on: every card still in play renumbered by standing
//! within its effective suit, so that the cards gone no longer count.
//!
//! Each effective suit has a field of a [`Word`]: bit `i` of a suit's field is its `i`-th
//! lowest card still in play, trump in the top field. A field's top bit stays clear (the
//! table key keeps the leader and the team there): a `u32` of 8-bit fields holds every
//! 24-card deal (no suit has more than seven cards), a `u64` of 16-bit fields the longer
//! packs' long suits (nine trumps in the 32-card pack). Numbering only what is in play
//! makes three things cheap: two cards of one hand at neighbouring bits are equivalent
//! (nothing anyone else holds, nor any card on the table, lies between them); positions
//! that differ only in the cards already gone are the same bits, so they share a table
//! entry; and a card's standing in a trick is its bit number plus a bonus for following
//! or trumping.

use std::fmt::Debug;
use std::ops::{BitAndAssign, BitOrAssign, Shl, Shr};

use num_traits::PrimInt;

use super::{ranking, OpenDeal};

/// The field of trump.
const TRUMP: u8 = 3;

/// The bits above `bit` in its field of `width` bits.
const fn above(bit: u32, width: u32) -> u64 {
    let top = (bit / width + 1) * width;
    let below_top = if top == 64 { u64::MAX } else { (1 << top) - 1 };
    // `bit` and the bits below it, without shifting past the word.
    let up_to_bit = u64::MAX >> (63 - bit);
    below_top & !up_to_bit
}

const ABOVE_32: [u32; 32] = {
    let mut table = [0; 32];
    let mut bit = 0;
    while bit < 32 {
        table[bit] = above(bit as u32, 8) as u32;
        bit += 1;
    }
    table
};

const ABOVE_64: [u64; 64] = {
    let mut table = [0; 64];
    let mut bit = 0;
    while bit < 64 {
        table[bit] = above(bit as u32, 16);
        bit += 1;
    }
    table
};

/// The word a position's hands are packed in, four suit fields of [`Word::SUIT`] bits.
/// The integer operations are `num_traits::PrimInt`'s (`zero`, `one`, `leading_zeros`, …).
pub(super) trait Word:
    PrimInt + Debug + BitAndAssign + BitOrAssign + Shl<u32, Output = Self> + Shr<u32, Output = Self>
{
    /// Bits in a suit's field.
    const SUIT: u32;
    /// Bits in the word.
    const BITS: u32 = 4 * Self::SUIT;
    /// A transposition table's key: the four hands, the leader and the team.
    type Key: Copy + Eq + Default + Debug;

    /// The low 32 bits.
    fn low(self) -> u32;
    /// The bits above `bit` in its suit's field.
    fn above(bit: u8) -> Self;
    /// The key of four hands at a trick's start, each field's top bit free.
    fn key(hands: [Self; 4], leader: u8, team: u8) -> Self::Key;
    /// The key's slot in a table of `2^bits` entries.
    fn slot(key: &Self::Key, bits: u32) -> usize;

    /// Every bit of suit field `suit`.
    fn suit(suit: u8) -> Self {
        ((Self::one() << Self::SUIT) - Self::one()) << (Self::SUIT * u32::from(suit))
    }

    /// Whether `bit` is set.
    fn has(self, bit: u32) -> bool {
        self >> bit & Self::one() != Self::zero()
    }

    /// The highest bit set (the word is not zero).
    fn top(self) -> u32 {
        Self::BITS - 1 - self.leading_zeros()
    }
}

/// The words of a key stirred into one number, whose top bits pick its slot.
fn mix(words: &[u64]) -> u64 {
    words.iter().fold(0, |mixed: u64, &w| {
        (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ w).wrapping_mul(0xBF58_476D_1CE4_E5B9)
    })
}

impl Word for u32 {
    const SUIT: u32 = 8;
    type Key = [u64; 2];

    fn low(self) -> u32 {
        self
    }
    fn above(bit: u8) -> u32 {
        ABOVE_32[usize::from(bit & 31)]
    }
    /// The leader's two bits and the team go in bits 31 and 63.
    fn key(hands: [u32; 4], leader: u8, team: u8) -> [u64; 2] {
        let [a, b, c, d] = hands.map(u64::from);
        let leader = u64::from(leader);
        [
            a | (leader & 1) << 31 | b << 32 | (leader >> 1) << 63,
            c | u64::from(team) << 31 | d << 32,
        ]
    }
    fn slot(key: &[u64; 2], bits: u32) -> usize {
        let mixed = (key[0].wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ key[1])
            .wrapping_mul(0xBF58_476D_1CE4_E5B9);
        (mixed >> (64 - bits)) as usize
    }
}

impl Word for u64 {
    const SUIT: u32 = 16;
    type Key = [u64; 4];

    fn low(self) -> u32 {
        self as u32
    }
    fn above(bit: u8) -> u64 {
        ABOVE_64[usize::from(bit & 63)]
    }
    /// The leader's two bits and the team go in bit 63 of the first three hands.
    fn key(hands: [u64; 4], leader: u8, team: u8) -> [u64; 4] {
        let [a, b, c, d] = hands;
        let leader = u64::from(leader);
        [
            a | (leader & 1) << 63,
            b | (leader >> 1) << 63,
            c | u64::from(team) << 63,
            d,
        ]
    }
    fn slot(key: &[u64; 4], bits: u32) -> usize {
        (mix(key) >> (64 - bits)) as usize
    }
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Packed<W> {
    pub(super) hands: [W; 4],
    /// Cards played to the trick in progress (they still count as in play).
    table: W,
    pub(super) turn: u8,
    /// The seats sitting out, a bit each.
    out: u8,
    pub(super) played: u8,
    pub(super) per_trick: u8,
    /// The led suit's field, once a card is led.
    led: u8,
    winner: u8,
    /// The winning card's standing: its bit number, plus `BITS` if of the led suit,
    /// `2 * BITS` if trump.
    win_key: u8,
    /// Tricks still to finish, the one in progress included.
    pub(super) left: u8,
}

impl<W: Word> Packed<W> {
    /// Whether every effective suit of `deal` fits a field with its top bit clear.
    pub(super) fn fits(deal: &OpenDeal) -> bool {
        let in_play = deal
            .hands
            .iter()
            .fold(deal.on_table, |cards, &hand| cards.union(hand));
        let suits = &ranking(deal.order).suits;
        suits
            .iter()
            .all(|&suit| in_play.intersection(suit).len() < W::SUIT as usize)
    }

    /// `deal` packed; every suit must [fit](Packed::fits).
    pub(super) fn new(deal: &OpenDeal) -> Packed<W> {
        let trump = deal.order.trump().index();
        let ranking = ranking(deal.order);
        let in_play = deal
            .hands
            .iter()
            .fold(deal.on_table.bits(), |cards, hand| cards | hand.bits());
        let field_of = |suit: usize| {
            if suit == trump {
                TRUMP
            } else {
                (suit ^ trump) as u8 - 1
            }
        };
        let led = deal.led.map_or(0, |suit| field_of(suit.index()));
        let mut packed = Packed {
            hands: [W::zero(); 4],
            table: W::zero(),
            turn: deal.turn.index() as u8,
            out: deal
                .out
                .iter()
                .flatten()
                .fold(0, |mask, seat| mask | 1 << seat.index()),
            played: deal.played,
            per_trick: deal.per_trick(),
            led,
            winner: deal.winning.0.index() as u8,
            win_key: 0,
            left: deal.tricks_left(),
        };
        for suit in 0..4 {
            let field = field_of(suit);
            let mut next = W::SUIT as u8 * field;
            for &index in &ranking.cards[suit][..ranking.len[suit] as usize] {
                if in_play >> index & 1 == 0 {
                    continue;
                }
                let bit = W::one() << u32::from(next);
                for (packed_hand, hand) in packed.hands.iter_mut().zip(deal.hands) {
                    if hand.bits() >> index & 1 != 0 {
                        *packed_hand |= bit;
                    }
                }
                if deal.on_table.bits() >> index & 1 != 0 {
                    packed.table |= bit;
                    let card = cards::Card::from_index(index as usize).expect("a card index");
                    if deal
                        .led
                        .is_some_and(|led| ranking.led_key(card, led) == deal.winning.1)
                    {
                        packed.win_key = standing::<W>(next, led);
                    }
                }
                next += 1;
            }
        }
        packed
    }
}

/// A card's standing in a trick whose led suit has field `led`.
fn standing<W: Word>(bit: u8, led: u8) -> u8 {
    let suit = u32::from(bit) / W::SUIT;
    let bits = W::BITS as u8;
    if suit == u32::from(TRUMP) {
        bit + 2 * bits
    } else if suit == u32::from(led) {
        bit + bits
    } else {
        bit
    }
}

/// The team of a seat.
pub(super) fn team_of(seat: u8) -> u8 {
    seat & 1
}

impl<W: Word> Packed<W> {
    fn next_seat(&self, seat: u8) -> u8 {
        let mut next = (seat + 1) & 3;
        while self.out >> next & 1 == 1 {
            next = (next + 1) & 3;
        }
        next
    }

    /// The cards worth trying for the player to move: its legal cards, one from each run
    /// of equivalent ones (a card whose neighbour above is in the same hand plays alike).
    fn choices(&self) -> W {
        let hand = self.hands[self.turn as usize];
        let follow = hand & W::suit(self.led);
        let legal = if self.played == 0 || follow == W::zero() {
            hand
        } else {
            follow
        };
        legal & !(hand >> 1u32)
    }

    /// Takes the card at `bit` from the hand of the player to move into the trick's led
    /// suit and winner: all a play does but the bookkeeping around it.
    #[inline(always)]
    fn lay(&mut self, bit: u8) {
        self.hands[self.turn as usize] &= !(W::one() << u32::from(bit));
        if self.played == 0 {
            self.led = (u32::from(bit) / W::SUIT) as u8;
        }
        let key = standing::<W>(bit, self.led);
        if self.played == 0 || key > self.win_key {
            self.winner = self.turn;
            self.win_key = key;
        }
    }

    /// Plays the card at `bit`; returns the trick's winner when it completes the trick.
    pub(super) fn play(&mut self, bit: u8) -> Option<u8> {
        self.lay(bit);
        self.table |= W::one() << u32::from(bit);
        self.played += 1;
        if self.played < self.per_trick {
            self.turn = self.next_seat(self.turn);
            return None;
        }
        // The last trick's winner is found without renumbering.
        if self.left > 2 {
            self.close_gaps();
        }
        self.table = W::zero();
        self.played = 0;
        self.turn = self.winner;
        self.left -= 1;
        Some(self.winner)
    }

    /// Takes the finished trick's cards out of the numbering: the cards above each in its
    /// suit move down one (highest first, so the lower bits still mean what they did).
    fn close_gaps(&mut self) {
        let mut gone = self.table;
        while gone != W::zero() {
            let bit = gone.top();
            gone &= !(W::one() << bit);
            let above = W::above(bit as u8);
            for hand in &mut self.hands {
                *hand = (*hand & !above) | ((*hand & above) >> 1u32);
            }
        }
    }

    /// The winner of the last trick: everyone still to play holds one card.
    pub(super) fn last_trick_winner(&self) -> u8 {
        if self.played == 0 {
            // The highest trump takes it, or else the highest card of the suit led.
            let [a, b, c, d] = self.hands;
            let all = a | b | c | d;
            let led = W::suit((self.hands[self.turn as usize].trailing_zeros() / W::SUIT) as u8);
            let trumps = all & W::suit(TRUMP);
            let pool = if trumps != W::zero() {
                trumps
            } else {
                all & led
            };
            let top = pool.top();
            let holds = |hand: W| u8::from(hand.has(top));
            return holds(b) + 2 * holds(c) + 3 * holds(d);
        }
        let (mut seat, mut winner, mut win_key, mut led) =
            (self.turn, self.winner, self.win_key, self.led);
        for played in self.played..self.per_trick {
            let bit = self.hands[seat as usize].trailing_zeros() as u8;
            if played == 0 {
                led = (u32::from(bit) / W::SUIT) as u8;
            }
            let key = standing::<W>(bit, led);
            if played == 0 || key > win_key {
                winner = seat;
                win_key = key;
            }
            seat = self.next_seat(seat);
        }
        winner
    }

    /// The tricks `team` takes of the last two, from anywhere in the first of them,
    /// searched within the window (`alpha`, `beta`) (fail-soft) without a table: at most
    /// two cards a hand.
    pub(super) fn last_two(&self, team: u8, alpha: u8, beta: u8) -> u8 {
        let mut choices = self.choices();
        let maximizing = team_of(self.turn) == team;
        let mut best = if maximizing { 0 } else { 2 };
        let last = self.played + 1 == self.per_trick;
        while choices != W::zero() {
            let bit = choices.trailing_zeros() as u8;
            choices &= choices - W::one();
            // The play, without the bookkeeping a trick's end needs elsewhere.
            let mut next = *self;
            next.lay(bit);
            let value = if last {
                next.turn = next.winner;
                next.played = 0;
                u8::from(team_of(next.winner) == team)
                    + u8::from(team_of(next.last_trick_winner()) == team)
            } else {
                next.played += 1;
                next.turn = self.next_seat(self.turn);
                next.last_two(team, alpha, beta)
            };
            if maximizing {
                best = best.max(value);
                if best >= beta {
                    break;
                }
            } else {
                best = best.min(value);
                if best <= alpha {
                    break;
                }
            }
        }
        best
    }

    /// The tricks one team is sure of at a trick's start: the run of the highest trumps
    /// still out held by one player (each wins whatever trick it is played to; partners'
    /// top trumps could fall together, so only one player's run counts).
    pub(super) fn sure_tricks(&self) -> Option<(u8, u8)> {
        let trumps = self.hands.map(|hand| (hand >> (3 * W::SUIT)).low());
        let all = trumps.iter().fold(0, |all, t| all | t);
        if all == 0 {
            return None;
        }
        let top = 31 - all.leading_zeros();
        let owner = trumps.iter().position(|t| t >> top & 1 != 0)? as u8;
        let missing = all & !trumps[owner as usize];
        let run = if missing == 0 {
            top + 1
        } else {
            top - (31 - missing.leading_zeros())
        };
        Some((team_of(owner), run as u8))
    }

    /// The table key of a position at a trick's start, for `team`: the hands say
    /// everything else (the seat sitting out is the one with no cards).
    pub(super) fn key(&self, team: u8) -> W::Key {
        W::key(self.hands, self.turn, team)
    }

    /// One card from each run of equivalent cards the player to move may play, the
    /// likeliest best first: a leader tries the top trump, then high plain cards, then
    /// other trumps; a follower its cheapest winning card, then its lowest (its lowest
    /// first under a partner's winning card).
    pub(super) fn ordered(&self) -> ([u8; 8], usize) {
        let choices = self.choices();
        let trump = W::suit(TRUMP);
        let mut moves = Moves::default();
        if self.played == 0 {
            let trumps = self.hands.iter().fold(W::zero(), |all, &hand| all | hand) & trump;
            let held = choices & trump;
            let top = if held != W::zero() && held.leading_zeros() == trumps.leading_zeros() {
                W::one() << held.top()
            } else {
                W::zero()
            };
            moves.downward(top);
            moves.by_rank(choices & !trump, true);
            moves.downward(held & !top);
        } else {
            let beats = if team_of(self.winner) == team_of(self.turn) {
                W::zero()
            } else {
                self.beating()
            };
            moves.upward(choices & beats);
            let rest = choices & !beats;
            moves.by_rank(rest & !trump, false);
            moves.upward(rest & trump);
        }
        (moves.bits, moves.count)
    }

    /// The only card worth playing, when there is one.
    pub(super) fn forced(&self) -> Option<u8> {
        let choices = self.choices();
        (choices != W::zero() && choices & (choices - W::one()) == W::zero())
            .then(|| choices.trailing_zeros() as u8)
    }

    /// The cards that would beat the winning card so far.
    fn beating(&self) -> W {
        let bits = W::BITS as u8;
        let bit = u32::from(self.win_key % bits);
        let above = !((W::one() << bit) - W::one()) & !(W::one() << bit);
        if self.win_key >= 2 * bits {
            W::suit(TRUMP) & above
        } else {
            (W::suit((bit / W::SUIT) as u8) & above) | W::suit(TRUMP)
        }
    }
}

/// Moves in the order they are to be tried.
#[derive(Default)]
struct Moves {
    bits: [u8; 8],
    count: usize,
}

impl Moves {
    fn push(&mut self, bit: u32) {
        self.bits[self.count] = bit as u8;
        self.count += 1;
    }

    /// `cards` from the lowest bit up.
    fn upward<W: Word>(&mut self, mut cards: W) {
        while cards != W::zero() {
            self.push(cards.trailing_zeros());
            cards &= cards - W::one();
        }
    }

    /// `cards` from the highest bit down.
    fn downward<W: Word>(&mut self, mut cards: W) {
        while cards != W::zero() {
            let bit = cards.top();
            self.push(bit);
            cards &= !(W::one() << bit);
        }
    }

    /// Plain `cards` by their rank within their suit, the highest ranks first if `high`,
    /// cards of equal rank by suit field.
    fn by_rank<W: Word>(&mut self, plain: W, high: bool) {
        let suit = W::SUIT;
        let mut ranks = (plain | plain >> suit | plain >> (2 * suit)) & W::suit(0);
        let each_suit = W::one() | W::one() << suit | W::one() << (2 * suit);
        while ranks != W::zero() {
            let rank = if high {
                ranks.top()
            } else {
                ranks.trailing_zeros()
            };
            ranks &= !(W::one() << rank);
            self.upward(plain & (each_suit << rank));
        }
    }
}
