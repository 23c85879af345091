//! An open-hand (double-dummy) solver for Euchre tricks: the most tricks a team can
//! take when every hand is known and everyone plays best.
//!
//! Alpha-beta over card plays, with a transposition table at trick boundaries (keyed by
//! relative ranks, so positions that differ only in cards already gone share an entry),
//! bounds from the top trumps, cards ordered so that cut-offs come early, and equivalent
//! cards merged: two cards of one hand that no card still in another hand (or on the
//! table) separates in standing order play alike, so only one of them is searched.

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
    /// Cards played to the trick in progress, how many, the suit led, and the play
    /// winning so far with its standing.
    on_table: CardSet,
    played: u8,
    led: Option<Suit>,
    winning: (Seat, u8),
}

/// Card indices of each effective suit from lowest to highest standing (bowers atop
/// trump), with each suit's length, for one trump suit.
#[derive(Clone, Copy)]
struct Ranking {
    cards: [[u8; 8]; 4],
    len: [u8; 4],
    /// Each effective suit's cards as a mask.
    masks: [u64; 4],
    /// Each card's standing with trump only (`TrumpOrder::key`), by card index.
    keys: [u8; 52],
}

impl Ranking {
    /// `TrumpOrder::led_key` from the table: the led suit's plain cards rank above the rest.
    fn led_key(&self, card: Card, led: Suit) -> u8 {
        let key = self.keys[card.index()];
        if key < 128 && card.suit() == led {
            key + 64
        } else {
            key
        }
    }
}

fn ranking(trump: Suit) -> &'static Ranking {
    static RANKINGS: std::sync::OnceLock<[Ranking; 4]> = std::sync::OnceLock::new();
    &RANKINGS.get_or_init(|| {
        Suit::ALL.map(|trump| {
            let order = TrumpOrder::euchre(trump);
            let mut ranking = Ranking {
                cards: [[0; 8]; 4],
                len: [0; 4],
                masks: [0; 4],
                keys: [0; 52],
            };
            for (index, key) in ranking.keys.iter_mut().enumerate() {
                *key = order.key(Card::from_index(index).expect("52 cards"));
            }
            for suit in Suit::ALL {
                let mut cards: Vec<Card> = order
                    .cards_of(suit)
                    .iter()
                    .filter(|c| c.rank() >= cards::Rank::Nine)
                    .collect();
                cards.sort_by_key(|&c| order.key(c));
                for (slot, card) in cards.iter().enumerate() {
                    ranking.cards[suit.index()][slot] = card.index() as u8;
                }
                ranking.len[suit.index()] = cards.len() as u8;
                ranking.masks[suit.index()] = cards.iter().fold(0, |mask, c| mask | 1 << c.index());
            }
            ranking
        })
    })[trump.index()]
}

impl OpenDeal {
    /// A deal from its parts: `leader` leads a fresh trick; a seat sitting `out` must hold
    /// no cards.
    pub fn new(hands: [CardSet; 4], trump: Suit, out: Option<Seat>, leader: Seat) -> OpenDeal {
        OpenDeal {
            hands,
            order: TrumpOrder::euchre(trump),
            out,
            leader,
            turn: leader,
            on_table: CardSet::EMPTY,
            played: 0,
            led: None,
            winning: (leader, 0),
        }
    }

    /// The position of a hand in its trick-taking phase, every hand open.
    pub fn from_hand(hand: &Hand) -> Option<OpenDeal> {
        if hand.phase() != Phase::Tricks {
            return None;
        }
        // The lone maker's partner keeps its cards but never plays them.
        let out = hand.sitting_out();
        let hands = Seat::ALL.map(|s| {
            if Some(s) == out {
                CardSet::EMPTY
            } else {
                hand.cards(s)
            }
        });
        let mut deal = OpenDeal::new(hands, hand.trump()?, out, hand.trick().leader());
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
        self.led
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
        self.on_table.insert(card);
        let led = *self.led.get_or_insert_with(|| self.order.suit_of(card));
        let standing = ranking(self.order.trump()).led_key(card, led);
        if self.played == 0 || standing > self.winning.1 {
            self.winning = (self.turn, standing);
        }
        self.played += 1;
        if self.played < self.per_trick() {
            self.turn = self.next_seat(self.turn);
            return None;
        }
        let winner = self.winning.0;
        self.on_table = CardSet::EMPTY;
        self.led = None;
        self.played = 0;
        self.leader = winner;
        self.turn = winner;
        Some(winner)
    }

    /// The tricks a team is sure of at a trick's start: the run of the highest trumps still
    /// out held by one player (each wins whatever trick it is played to; partners' top
    /// trumps could fall together, so only one player's run counts).
    fn sure_tricks(&self) -> Option<(Team, u8)> {
        let trump = self.order.trump().index();
        let ranking = ranking(self.order.trump());
        let mut owner: Option<usize> = None;
        let mut run = 0;
        for &index in ranking.cards[trump][..ranking.len[trump] as usize]
            .iter()
            .rev()
        {
            let Some(holder) = self.hands.iter().position(|h| h.bits() >> index & 1 != 0) else {
                continue;
            };
            match owner {
                None => owner = Some(holder),
                Some(o) if o != holder => break,
                Some(_) => {}
            }
            run += 1;
        }
        owner.map(|o| (Seat::new(o).team(), run))
    }

    /// The winner of the last trick, every play being forced.
    fn last_trick_winner(&self) -> Seat {
        let mut deal = *self;
        loop {
            let card = deal.hands[deal.turn.index()]
                .first()
                .unwrap_or_else(|| panic!("each player holds its last card: {self:?}"));
            if let Some(winner) = deal.play(card) {
                return winner;
            }
        }
    }

    fn tricks_left(&self) -> u8 {
        let cards: usize = self.hands.iter().map(|h| h.len()).sum::<usize>() + self.played as usize;
        (cards / self.per_trick() as usize) as u8
    }

    /// One card from each run of equivalent cards among `cards` (all of one hand): no
    /// card still in another hand or on the table lies between them in standing order.
    fn representatives(&self, cards: CardSet) -> CardSet {
        if cards.len() <= 1 {
            return cards;
        }
        let mut others = 0u64;
        for (seat, hand) in self.hands.iter().enumerate() {
            if seat != self.turn.index() {
                others |= hand.bits();
            }
        }
        others |= self.on_table.bits();
        // Cards that end a run: anyone else's, or this hand's cards not among `cards`.
        let breaks = others | (self.hands[self.turn.index()].bits() & !cards.bits());
        let wanted = cards.bits();
        let ranking = ranking(self.order.trump());
        let mut chosen = 0u64;
        for suit in 0..4 {
            if ranking.masks[suit] & wanted == 0 {
                continue;
            }
            let mut in_run = false;
            for &index in &ranking.cards[suit][..ranking.len[suit] as usize] {
                let bit = 1u64 << index;
                if wanted & bit != 0 {
                    if !in_run {
                        chosen |= bit;
                        in_run = true;
                    }
                } else if breaks & bit != 0 {
                    in_run = false;
                }
            }
        }
        CardSet::from_bits(chosen)
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
        self.value(deal, team, 0, left + 1)
    }

    /// Whether `team` takes at least `tricks` from here on with best play. A null-window
    /// search: much cheaper than [`Solver::tricks`], and all that scoring asks (three
    /// tricks make the contract, five are a march).
    pub fn at_least(&mut self, deal: &OpenDeal, team: Team, tricks: u8) -> bool {
        if tricks == 0 {
            return true;
        }
        if tricks > deal.tricks_left() {
            return false;
        }
        self.value(deal, team, tricks - 1, tricks) >= tricks
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

    /// The position at a trick's start up to the cards already played: for each suit
    /// (trump first), who holds each remaining card in standing order; then the leader,
    /// the team and the seat sitting out. Positions that differ only in which cards are
    /// gone play alike, so they share an entry. At most 20 cards remain: 40 bits of
    /// owners, 12 of suit lengths, 6 of the rest.
    fn key(deal: &OpenDeal, team: Team) -> u64 {
        let trump = deal.order.trump().index();
        let ranking = ranking(deal.order.trump());
        let [a, b, c, d] = deal.hands.map(|h| h.bits());
        // A card's owner in two bits: seats 1 and 3 set the low bit, seats 2 and 3 the high.
        let (low, high, held) = (b | d, c | d, a | b | c | d);
        let mut key = 0u64;
        for suit in [trump, trump ^ 1, trump ^ 2, trump ^ 3] {
            let mut length = 0u64;
            for &index in &ranking.cards[suit][..ranking.len[suit] as usize] {
                if (held >> index) & 1 != 0 {
                    key = (key << 2) | ((low >> index) & 1) | (((high >> index) & 1) << 1);
                    length += 1;
                }
            }
            key = (key << 3) | length;
        }
        key = (key << 2) | deal.leader.index() as u64;
        key = (key << 1) | team.index() as u64;
        key = (key << 3) | deal.out.map_or(4, |s| s.index()) as u64;
        // 0 marks an empty slot.
        key.max(1)
    }

    /// Tricks for `team` from here, searched within the window (`alpha`, `beta`) (fail-soft).
    fn value(&mut self, deal: &OpenDeal, team: Team, mut alpha: u8, mut beta: u8) -> u8 {
        self.nodes += 1;
        let left = deal.tricks_left();
        if left == 0 {
            return 0;
        }
        if left == 1 {
            return u8::from(deal.last_trick_winner().team() == team);
        }
        let probe = (deal.played == 0).then(|| {
            let key = Solver::key(deal, team);
            let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - TABLE_BITS)) as usize;
            (slot, key)
        });
        let (mut lower, mut upper) = (0, left);
        if let Some((slot, key)) = probe {
            let entry = self.table[slot];
            if entry.key == key {
                lower = entry.lower;
                upper = entry.upper;
            }
            match deal.sure_tricks() {
                Some((sure, run)) if sure == team => lower = lower.max(run),
                Some((_, run)) => upper = upper.min(left - run),
                None => {}
            }
            if lower >= beta || lower == upper {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
        }
        let (alpha0, beta0) = (alpha, beta);
        let maximizing = deal.turn.team() == team;
        let mut best = if maximizing { 0 } else { left };
        let (moves, count) = self.ordered(deal);
        for card in moves[..count].iter().filter_map(|&(_, card)| card) {
            let mut next = *deal;
            let won = next.play(card).map_or(0, |w| u8::from(w.team() == team));
            let value = if won >= beta {
                won
            } else {
                won + self.value(&next, team, alpha.saturating_sub(won), beta - won)
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
        if let Some((slot, key)) = probe {
            let entry = &mut self.table[slot];
            if entry.key != key {
                *entry = Entry {
                    key,
                    lower: 0,
                    upper: left,
                };
            }
            if best <= alpha0 {
                entry.upper = entry.upper.min(best);
            } else if best >= beta0 {
                entry.lower = entry.lower.max(best);
            } else {
                entry.lower = best;
                entry.upper = best;
            }
        }
        best
    }

    /// Representative moves, the likeliest best first: a leader tries high
    /// cards; a follower tries its cheapest winning card, then its lowest. Returns them
    /// (with their sort keys) and how many there are.
    #[allow(clippy::type_complexity)]
    fn ordered(&self, deal: &OpenDeal) -> ([(i16, Option<Card>); 8], usize) {
        let moves = deal.representatives(deal.legal());
        let order = ranking(deal.order.trump());
        let mut keyed = [(0i16, None); 8];
        let mut count = 0;
        // The led suit, the winning card's standing, and whether the winner is a partner.
        let best = deal.led.map(|led| {
            (
                led,
                deal.winning.1,
                deal.winning.0.team() == deal.turn.team(),
            )
        });
        for card in moves {
            let key = match best {
                None => -(order.keys[card.index()] as i16),
                // Under a winning partner: lowest first. Otherwise the cheapest winner first.
                Some((led, top, partner_wins)) => {
                    let k = order.led_key(card, led) as i16;
                    if k > top as i16 && !partner_wins {
                        k - 512
                    } else {
                        k
                    }
                }
            };
            // Insertion sort: at most eight moves.
            let mut at = count;
            while at > 0 && keyed[at - 1].0 > key {
                keyed[at] = keyed[at - 1];
                at -= 1;
            }
            keyed[at] = (key, Some(card));
            count += 1;
        }
        (keyed, count)
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
