//! An open-hand (double-dummy) solver for Euchre tricks: the most tricks a team can
//! take when every hand is known and everyone plays best.
//!
//! Alpha-beta over card plays, with a transposition table at trick boundaries, cards
//! ordered so that cut-offs come early, and equivalent cards merged: two cards of one
//! hand that no card still in another hand (or on the table) separates in standing order
//! play alike, so only one of them is searched.

use cards::euchre_order::TrumpOrder;
use cards::{Card, CardSet, Suit};

use crate::{Hand, Phase, Seat, Team};

/// A position for open-hand play: every hand, trump, and the trick in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpenDeal {
    hands: [CardSet; 4],
    order: TrumpOrder,
    out: Option<Seat>,
    leader: Seat,
    turn: Seat,
    plays: [Option<(Seat, Card)>; 4],
    played: u8,
    /// Cards of each effective suit from lowest to highest standing (bowers atop trump).
    ranking: [[Option<Card>; 8]; 4],
}

impl OpenDeal {
    /// A deal from its parts: `leader` leads a fresh trick.
    pub fn new(hands: [CardSet; 4], trump: Suit, out: Option<Seat>, leader: Seat) -> OpenDeal {
        let order = TrumpOrder::euchre(trump);
        let mut ranking = [[None; 8]; 4];
        for suit in Suit::ALL {
            let mut cards: Vec<Card> = order
                .cards_of(suit)
                .iter()
                .filter(|c| c.rank() >= cards::Rank::Nine)
                .collect();
            cards.sort_by_key(|&c| order.key(c));
            for (slot, card) in cards.into_iter().enumerate() {
                ranking[suit.index()][slot] = Some(card);
            }
        }
        OpenDeal {
            hands,
            order,
            out,
            leader,
            turn: leader,
            plays: [None; 4],
            played: 0,
            ranking,
        }
    }

    /// The position of a hand in its trick-taking phase, every hand open.
    pub fn from_hand(hand: &Hand) -> Option<OpenDeal> {
        if hand.phase() != Phase::Tricks {
            return None;
        }
        let hands = Seat::ALL.map(|s| hand.cards(s));
        let mut deal = OpenDeal::new(
            hands,
            hand.trump()?,
            hand.sitting_out(),
            hand.trick().leader(),
        );
        for (seat, card) in hand.trick().plays() {
            deal.hands[seat.index()].insert(card);
            deal.turn = seat;
            deal.play(card);
        }
        Some(deal)
    }

    pub fn turn(&self) -> Seat {
        self.turn
    }

    pub fn hands(&self) -> [CardSet; 4] {
        self.hands
    }

    fn per_trick(&self) -> u8 {
        if self.out.is_some() {
            3
        } else {
            4
        }
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        let next = seat.left();
        if Some(next) == self.out {
            next.left()
        } else {
            next
        }
    }

    fn led_suit(&self) -> Option<Suit> {
        self.plays[0].map(|(_, card)| self.order.suit_of(card))
    }

    /// The cards the player to move may play.
    pub fn legal(&self) -> CardSet {
        let hand = self.hands[self.turn.index()];
        match self.led_suit() {
            Some(led) => {
                let follow = hand.intersection(self.order.cards_of(led));
                if follow.is_empty() {
                    hand
                } else {
                    follow
                }
            }
            None => hand,
        }
    }

    /// Plays a card; returns the trick's winner when it completes the trick.
    pub fn play(&mut self, card: Card) -> Option<Seat> {
        self.hands[self.turn.index()].remove(card);
        self.plays[self.played as usize] = Some((self.turn, card));
        self.played += 1;
        if self.played < self.per_trick() {
            self.turn = self.next_seat(self.turn);
            return None;
        }
        let led = self.led_suit().expect("a trick has a lead");
        let (winner, _) = self.plays[..self.played as usize]
            .iter()
            .flatten()
            .max_by_key(|&&(_, c)| self.order.led_key(c, led))
            .copied()
            .expect("a complete trick");
        self.plays = [None; 4];
        self.played = 0;
        self.leader = winner;
        self.turn = winner;
        Some(winner)
    }

    fn tricks_left(&self) -> u8 {
        let cards: usize = self.hands.iter().map(|h| h.len()).sum::<usize>() + self.played as usize;
        (cards / self.per_trick() as usize) as u8
    }

    /// One card from each run of equivalent cards among `cards` (all of one hand): no
    /// card still in another hand or on the table lies between them in standing order.
    fn representatives(&self, cards: CardSet) -> CardSet {
        let mine = self.hands[self.turn.index()];
        let mut blocking = CardSet::EMPTY;
        for (seat, hand) in self.hands.iter().enumerate() {
            if seat != self.turn.index() {
                blocking = blocking.union(*hand);
            }
        }
        for (_, card) in self.plays.iter().flatten() {
            blocking.insert(*card);
        }
        let mut chosen = CardSet::EMPTY;
        for suit in &self.ranking {
            let mut in_run = false;
            for card in suit.iter().flatten() {
                if cards.contains(*card) {
                    if !in_run {
                        chosen.insert(*card);
                        in_run = true;
                    }
                } else if blocking.contains(*card) || mine.contains(*card) {
                    in_run = false;
                }
            }
        }
        chosen
    }
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    lower: u8,
    upper: u8,
}

const TABLE_BITS: u32 = 16;

/// The solver, with a transposition table kept between searches.
pub struct Solver {
    table: Vec<Entry>,
    /// Positions visited, for measuring.
    pub nodes: u64,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver {
            table: vec![Entry::default(); 1 << TABLE_BITS],
            nodes: 0,
        }
    }

    /// The tricks `team` takes from here on (the current trick included) with best play.
    pub fn tricks(&mut self, deal: &OpenDeal, team: Team) -> u8 {
        let left = deal.tricks_left();
        self.search(deal, team, 0, left + 1)
    }

    /// Each legal card of the player to move, with the tricks its team then takes from
    /// here on (the current trick included).
    pub fn card_values(&mut self, deal: &OpenDeal) -> Vec<(Card, u8)> {
        let team = deal.turn().team();
        let mut values = Vec::new();
        for card in deal.legal() {
            let mut next = *deal;
            let won = next.play(card).map_or(0, |w| u8::from(w.team() == team));
            values.push((card, won + self.tricks(&next, team)));
        }
        values
    }

    fn key(deal: &OpenDeal, team: Team) -> u64 {
        let mut key = u64::from(deal.leader.index() as u8) | (u64::from(team.index() as u8) << 2);
        key |= u64::from(deal.order.trump().index() as u8) << 3;
        key |= u64::from(deal.out.map_or(4, |s| s.index()) as u8) << 5;
        for (i, hand) in deal.hands.iter().enumerate() {
            key ^= hand
                .bits()
                .wrapping_mul(
                    [
                        0x9E37_79B9_7F4A_7C15,
                        0xC2B2_AE3D_27D4_EB4F,
                        0x1656_67B1_9E37_79F9,
                        0x27D4_EB2F_1656_67C5,
                    ][i],
                )
                .rotate_left(17 * i as u32 + 9);
        }
        // 0 marks an empty slot.
        key.max(1)
    }

    /// Tricks for `team` from here, searched within the window (`alpha`, `beta`).
    fn search(&mut self, deal: &OpenDeal, team: Team, mut alpha: u8, mut beta: u8) -> u8 {
        self.nodes += 1;
        let left = deal.tricks_left();
        if left == 0 {
            return 0;
        }
        let at_trick_start = deal.played == 0;
        let slot = if at_trick_start {
            let key = Solver::key(deal, team);
            let slot = (key >> (64 - TABLE_BITS)) as usize;
            let entry = self.table[slot];
            if entry.key == key {
                if entry.lower == entry.upper || entry.lower >= beta {
                    return entry.lower;
                }
                if entry.upper <= alpha {
                    return entry.upper;
                }
                alpha = alpha.max(entry.lower);
                beta = beta.min(entry.upper);
            }
            Some((slot, key))
        } else {
            None
        };
        let (alpha0, beta0) = (alpha, beta);
        let maximizing = deal.turn.team() == team;
        let mut best = if maximizing { 0 } else { left };
        for card in self.ordered(deal) {
            let mut next = *deal;
            let won = next.play(card).map_or(0, |w| u8::from(w.team() == team));
            // Taking this trick already reaches beta: `won` is a true lower bound, and
            // searching on with an empty window would return a false one.
            let value = if won >= beta {
                won
            } else {
                won + self.search(&next, team, alpha.saturating_sub(won), beta - won)
            };
            if maximizing {
                best = best.max(value);
                alpha = alpha.max(best);
            } else {
                best = best.min(value);
                beta = beta.min(best);
            }
            if alpha >= beta {
                break;
            }
        }
        if let Some((slot, key)) = slot {
            let entry = &mut self.table[slot];
            let (mut lower, mut upper) = (0, left);
            if best <= alpha0 {
                upper = best;
            } else if best >= beta0 {
                lower = best;
            } else {
                lower = best;
                upper = best;
            }
            *entry = Entry { key, lower, upper };
        }
        best
    }

    /// Representative moves, the likeliest best first: a leader tries high cards; a
    /// follower tries its cheapest winning card, then its lowest.
    fn ordered(&self, deal: &OpenDeal) -> impl Iterator<Item = Card> {
        let moves = deal.representatives(deal.legal());
        let order = deal.order;
        let mut list: Vec<(i16, Card)> = match deal.led_suit() {
            None => moves.iter().map(|c| (-(order.key(c) as i16), c)).collect(),
            Some(led) => {
                let best = deal
                    .plays
                    .iter()
                    .flatten()
                    .map(|&(_, c)| order.led_key(c, led))
                    .max()
                    .unwrap_or(0);
                moves
                    .iter()
                    .map(|c| {
                        let k = order.led_key(c, led) as i16;
                        (if k > best as i16 { k - 512 } else { k }, c)
                    })
                    .collect()
            }
        };
        list.sort_unstable_by_key(|&(k, _)| k);
        list.into_iter().map(|(_, c)| c)
    }
}

/// Plain minimax without any of the solver's shortcuts: the reference it is tested against.
pub fn minimax(deal: &OpenDeal, team: Team) -> u8 {
    if deal.tricks_left() == 0 {
        return 0;
    }
    let values = deal.legal().iter().map(|card| {
        let mut next = *deal;
        let won = next.play(card).map_or(0, |w| u8::from(w.team() == team));
        won + minimax(&next, team)
    });
    if deal.turn.team() == team {
        values.max().unwrap_or(0)
    } else {
        values.min().unwrap_or(0)
    }
}
