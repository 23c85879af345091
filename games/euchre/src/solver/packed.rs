//! The position the search works on: every card still in play renumbered by standing
//! within its effective suit, so that the cards gone no longer count.
//!
//! Each effective suit has a byte of a `u32`: bit `i` of a suit's byte is its `i`-th
//! lowest card still in play, trump in the top byte. No suit holds more than seven cards,
//! so bit 7 of every byte stays clear. Numbering only what is in play makes three things
//! cheap: two cards of one hand at neighbouring bits are equivalent (nothing anyone else
//! holds, nor any card on the table, lies between them); positions that differ only in
//! the cards already gone are the same bits, so they share a table entry; and a card's
//! standing in a trick is its bit number plus a bonus for following or trumping.

use super::{ranking, OpenDeal};

/// The byte of trump.
const TRUMP: u8 = 3;
const TRUMP_BYTE: u32 = 0xFF00_0000;

/// For each bit, the bits above it in its suit's byte.
const ABOVE: [u32; 32] = {
    let mut above = [0; 32];
    let mut bit = 0;
    while bit < 32 {
        above[bit] = ((2u64 << (bit | 7)) - (2u64 << bit)) as u32;
        bit += 1;
    }
    above
};

#[derive(Clone, Copy, Debug)]
pub(super) struct Packed {
    pub(super) hands: [u32; 4],
    /// Cards played to the trick in progress (they still count as in play).
    table: u32,
    pub(super) turn: u8,
    /// The seats sitting out, a bit each.
    out: u8,
    pub(super) played: u8,
    pub(super) per_trick: u8,
    /// The led suit's byte, once a card is led.
    led: u8,
    winner: u8,
    /// The winning card's standing: its bit number, plus 32 if of the led suit, 64 if trump.
    win_key: u8,
    /// Tricks still to finish, the one in progress included.
    pub(super) left: u8,
}

/// A card's standing in a trick whose led suit has byte `led`.
fn standing(bit: u8, led: u8) -> u8 {
    let suit = bit >> 3;
    if suit == TRUMP {
        bit + 64
    } else if suit == led {
        bit + 32
    } else {
        bit
    }
}

impl Packed {
    pub(super) fn new(deal: &OpenDeal) -> Packed {
        let trump = deal.order.trump().index();
        let ranking = ranking(deal.order.trump());
        let in_play = deal
            .hands
            .iter()
            .fold(deal.on_table.bits(), |cards, hand| cards | hand.bits());
        let byte_of = |suit: usize| {
            if suit == trump {
                TRUMP
            } else {
                (suit ^ trump) as u8 - 1
            }
        };
        let led = deal.led.map_or(0, |suit| byte_of(suit.index()));
        let mut packed = Packed {
            hands: [0; 4],
            table: 0,
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
            let byte = byte_of(suit);
            let mut next = 8 * byte;
            for &index in &ranking.cards[suit][..ranking.len[suit] as usize] {
                if in_play >> index & 1 == 0 {
                    continue;
                }
                for (packed_hand, hand) in packed.hands.iter_mut().zip(deal.hands) {
                    *packed_hand |= ((hand.bits() >> index & 1) as u32) << next;
                }
                if deal.on_table.bits() >> index & 1 != 0 {
                    packed.table |= 1 << next;
                    let card = cards::Card::from_index(index as usize).expect("a card index");
                    if deal
                        .led
                        .is_some_and(|led| ranking.led_key(card, led) == deal.winning.1)
                    {
                        packed.win_key = standing(next, led);
                    }
                }
                next += 1;
            }
        }
        packed
    }

    pub(super) fn team_of(seat: u8) -> u8 {
        seat & 1
    }

    fn next_seat(&self, seat: u8) -> u8 {
        let mut next = (seat + 1) & 3;
        while self.out >> next & 1 == 1 {
            next = (next + 1) & 3;
        }
        next
    }

    /// The cards worth trying for the player to move: its legal cards, one from each run
    /// of equivalent ones (a card whose neighbour above is in the same hand plays alike).
    fn choices(&self) -> u32 {
        let hand = self.hands[self.turn as usize];
        let follow = hand & (0xFF << (8 * self.led));
        let legal = if self.played == 0 || follow == 0 {
            hand
        } else {
            follow
        };
        legal & !(hand >> 1)
    }

    /// Takes the card at `bit` from the hand of the player to move into the trick's led
    /// suit and winner: all a play does but the bookkeeping around it.
    #[inline(always)]
    fn lay(&mut self, bit: u8) {
        self.hands[self.turn as usize] &= !(1 << bit);
        if self.played == 0 {
            self.led = bit >> 3;
        }
        let key = standing(bit, self.led);
        if self.played == 0 || key > self.win_key {
            self.winner = self.turn;
            self.win_key = key;
        }
    }

    /// Plays the card at `bit`; returns the trick's winner when it completes the trick.
    pub(super) fn play(&mut self, bit: u8) -> Option<u8> {
        self.lay(bit);
        self.table |= 1 << bit;
        self.played += 1;
        if self.played < self.per_trick {
            self.turn = self.next_seat(self.turn);
            return None;
        }
        // The last trick's winner is found without renumbering.
        if self.left > 2 {
            self.close_gaps();
        }
        self.table = 0;
        self.played = 0;
        self.turn = self.winner;
        self.left -= 1;
        Some(self.winner)
    }

    /// Takes the finished trick's cards out of the numbering: the cards above each in its
    /// suit move down one (highest first, so the lower bits still mean what they did).
    fn close_gaps(&mut self) {
        let mut gone = self.table;
        while gone != 0 {
            let bit = 31 - gone.leading_zeros();
            gone &= !(1 << bit);
            let above = ABOVE[bit as usize];
            for hand in &mut self.hands {
                *hand = (*hand & !above) | ((*hand & above) >> 1);
            }
        }
    }

    /// The winner of the last trick: everyone still to play holds one card.
    pub(super) fn last_trick_winner(&self) -> u8 {
        if self.played == 0 {
            // The highest trump takes it, or else the highest card of the suit led.
            let [a, b, c, d] = self.hands;
            let all = a | b | c | d;
            let led = 0xFF << (self.hands[self.turn as usize].trailing_zeros() & !7);
            let trumps = all & TRUMP_BYTE;
            let pool = if trumps != 0 { trumps } else { all & led };
            let top = 31 - pool.leading_zeros();
            let holds = |hand: u32| (hand >> top & 1) as u8;
            return holds(b) + 2 * holds(c) + 3 * holds(d);
        }
        let (mut seat, mut winner, mut win_key, mut led) =
            (self.turn, self.winner, self.win_key, self.led);
        for played in self.played..self.per_trick {
            let bit = self.hands[seat as usize].trailing_zeros() as u8;
            if played == 0 {
                led = bit >> 3;
            }
            let key = standing(bit, led);
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
        let maximizing = Packed::team_of(self.turn) == team;
        let mut best = if maximizing { 0 } else { 2 };
        let last = self.played + 1 == self.per_trick;
        while choices != 0 {
            let bit = choices.trailing_zeros() as u8;
            choices &= choices - 1;
            // The play, without the bookkeeping a trick's end needs elsewhere.
            let mut next = *self;
            next.lay(bit);
            let value = if last {
                next.turn = next.winner;
                next.played = 0;
                u8::from(Packed::team_of(next.winner) == team)
                    + u8::from(Packed::team_of(next.last_trick_winner()) == team)
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
        let trumps = self.hands.map(|hand| (hand >> 24) as u8);
        let all = trumps.iter().fold(0, |all, t| all | t);
        if all == 0 {
            return None;
        }
        let top = 7 - all.leading_zeros() as u8;
        let owner = trumps.iter().position(|t| t >> top & 1 != 0)? as u8;
        let missing = all & !trumps[owner as usize];
        let run = if missing == 0 {
            top + 1
        } else {
            top - (7 - missing.leading_zeros() as u8)
        };
        Some((Packed::team_of(owner), run))
    }

    /// The table key of a position at a trick's start, for `team`: the hands say
    /// everything else (the seat sitting out is the one with no cards). Bit 7 of each
    /// byte is free, so the leader and team go in bits 31 and 63.
    pub(super) fn key(&self, team: u8) -> [u64; 2] {
        let [a, b, c, d] = self.hands.map(u64::from);
        let leader = u64::from(self.turn);
        [
            a | (leader & 1) << 31 | b << 32 | (leader >> 1) << 63,
            c | u64::from(team) << 31 | d << 32,
        ]
    }

    /// One card from each run of equivalent cards the player to move may play, the
    /// likeliest best first: a leader tries the top trump, then high plain cards, then
    /// other trumps; a follower its cheapest winning card, then its lowest (its lowest
    /// first under a partner's winning card).
    pub(super) fn ordered(&self) -> ([u8; 8], usize) {
        let choices = self.choices();
        let mut moves = Moves::default();
        if self.played == 0 {
            let trumps = self.hands.iter().fold(0, |all, hand| all | hand) & TRUMP_BYTE;
            let held = choices & TRUMP_BYTE;
            let top = if held != 0 && held.leading_zeros() == trumps.leading_zeros() {
                1 << (31 - held.leading_zeros())
            } else {
                0
            };
            moves.downward(top);
            moves.by_rank(choices & !TRUMP_BYTE, true);
            moves.downward(held & !top);
        } else {
            let beats = if Packed::team_of(self.winner) == Packed::team_of(self.turn) {
                0
            } else {
                self.beating()
            };
            moves.upward(choices & beats);
            let rest = choices & !beats;
            moves.by_rank(rest & !TRUMP_BYTE, false);
            moves.upward(rest & TRUMP_BYTE);
        }
        (moves.bits, moves.count)
    }

    /// The only card worth playing, when there is one.
    pub(super) fn forced(&self) -> Option<u8> {
        let choices = self.choices();
        (choices != 0 && choices & (choices - 1) == 0).then(|| choices.trailing_zeros() as u8)
    }

    /// The cards that would beat the winning card so far.
    fn beating(&self) -> u32 {
        let bit = self.win_key & 31;
        if self.win_key >= 64 {
            TRUMP_BYTE & !((2u32 << bit) - 1)
        } else {
            let suit = 0xFFu32 << (8 * (bit >> 3));
            (suit & !((2u32 << bit) - 1)) | TRUMP_BYTE
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
    fn upward(&mut self, mut cards: u32) {
        while cards != 0 {
            self.push(cards.trailing_zeros());
            cards &= cards - 1;
        }
    }

    /// `cards` from the highest bit down.
    fn downward(&mut self, mut cards: u32) {
        while cards != 0 {
            let bit = 31 - cards.leading_zeros();
            self.push(bit);
            cards &= !(1 << bit);
        }
    }

    /// Plain `cards` by their rank within their suit, the highest ranks first if `high`,
    /// cards of equal rank by suit byte.
    fn by_rank(&mut self, plain: u32, high: bool) {
        let mut ranks = (plain | plain >> 8 | plain >> 16) & 0x7F;
        while ranks != 0 {
            let rank = if high {
                31 - ranks.leading_zeros()
            } else {
                ranks.trailing_zeros()
            };
            ranks &= !(1 << rank);
            self.upward(plain & (0x0001_0101 << rank));
        }
    }
}
