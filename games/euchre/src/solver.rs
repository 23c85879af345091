//! An open-hand (double-dummy) solver for Euchre tricks: the most tricks a team can
//! take when every hand is known and everyone plays best.
//!
//! Alpha-beta over card plays on a packed position (module `packed`: cards renumbered by
//! standing among those still in play), with a transposition table at trick boundaries
//! (positions that differ only in cards already gone share an entry), bounds from the top
//! trumps, cards ordered so that cut-offs come early, equivalent cards merged (two cards
//! of one hand that no card still in play separates play alike, so only one is
//! searched), and the last two tricks searched without the table.

use cards::euchre_order::TrumpOrder;
use cards::{Card, CardSet, Suit};

use crate::{Hand, Phase, Seat, Team};

mod packed;
use packed::{team_of, Packed, Word};

/// A position for open-hand play: every hand, trump, and the trick in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpenDeal {
    hands: [CardSet; 4],
    order: TrumpOrder,
    /// The seats sitting out: a lone maker's partner, and a lone defender's.
    out: [Option<Seat>; 2],
    turn: Seat,
    /// Cards played to the trick in progress, how many, the suit led, and the play
    /// winning so far with its standing.
    on_table: CardSet,
    played: u8,
    led: Option<Suit>,
    winning: (Seat, u8),
}

/// Card indices of each effective suit from lowest to highest standing (bowers, and the
/// benny under the joker house rule, atop trump), with each suit's length, for one card
/// order: every pack's cards, 7 to A.
#[derive(Clone, Copy)]
struct Ranking {
    cards: [[u8; 10]; 4],
    len: [u8; 4],
    /// The cards of each effective suit.
    suits: [CardSet; 4],
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

fn ranking(order: TrumpOrder) -> &'static Ranking {
    static RANKINGS: std::sync::OnceLock<[[Ranking; 4]; 2]> = std::sync::OnceLock::new();
    let benny = usize::from(order.benny().is_some());
    &RANKINGS.get_or_init(|| {
        [false, true].map(|benny| {
            Suit::ALL.map(|trump| {
                let order = if benny {
                    TrumpOrder::euchre_with_benny(trump)
                } else {
                    TrumpOrder::euchre(trump)
                };
                ranked(order)
            })
        })
    })[benny][order.trump().index()]
}

/// The [`Ranking`] of `order`.
fn ranked(order: TrumpOrder) -> Ranking {
    let mut ranking = Ranking {
        cards: [[0; 10]; 4],
        len: [0; 4],
        suits: [CardSet::EMPTY; 4],
        keys: [0; 52],
    };
    for (index, key) in ranking.keys.iter_mut().enumerate() {
        *key = order.key(Card::from_index(index).expect("52 cards"));
    }
    for suit in Suit::ALL {
        let mut cards: Vec<Card> = order
            .cards_of(suit)
            .iter()
            .filter(|&c| c.rank() >= cards::Rank::Seven || Some(c) == order.benny())
            .collect();
        cards.sort_by_key(|&c| order.key(c));
        for (slot, card) in cards.iter().enumerate() {
            ranking.cards[suit.index()][slot] = card.index() as u8;
        }
        ranking.len[suit.index()] = cards.len() as u8;
        ranking.suits[suit.index()] = cards.iter().copied().collect();
    }
    ranking
}

impl OpenDeal {
    /// A deal from its parts: `leader` leads a fresh trick; a seat sitting `out` must hold
    /// no cards.
    pub fn new(hands: [CardSet; 4], trump: Suit, out: Option<Seat>, leader: Seat) -> OpenDeal {
        OpenDeal {
            hands,
            order: TrumpOrder::euchre(trump),
            out: [out, None],
            turn: leader,
            on_table: CardSet::EMPTY,
            played: 0,
            led: None,
            winning: (leader, 0),
        }
    }

    /// The same deal under the joker house rule: the benny (the two of spades) above
    /// the bowers.
    pub fn with_joker(self) -> OpenDeal {
        OpenDeal {
            order: TrumpOrder::euchre_with_benny(self.order.trump()),
            ..self
        }
    }

    /// The same deal with a second seat sitting out (a lone defender's partner), which
    /// must hold no cards.
    pub fn also_out(self, seat: Seat) -> OpenDeal {
        OpenDeal {
            out: [self.out[0], Some(seat)],
            ..self
        }
    }

    /// The position of a hand in its trick-taking phase, every hand open.
    pub fn from_hand(hand: &Hand) -> Option<OpenDeal> {
        if hand.phase() != Phase::Tricks {
            return None;
        }
        // A lone player's partner keeps its cards but never plays them.
        let out = hand.sitting_out_all();
        let hands = Seat::ALL.map(|s| {
            if hand.sits_out(s) {
                CardSet::EMPTY
            } else {
                hand.cards(s)
            }
        });
        let mut deal = OpenDeal::new(hands, hand.trump()?, out[0], hand.trick().leader());
        deal.order = hand.trump_order()?;
        if let Some(second) = out[1] {
            deal = deal.also_out(second);
        }
        for (seat, card) in hand.trick().plays() {
            deal.hands[seat.index()].insert(card);
            deal.turn = seat;
            deal.play(card);
        }
        Some(deal)
    }

    /// The trump suit.
    pub fn trump(&self) -> Suit {
        self.order.trump()
    }

    /// The seat to play.
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// Every seat's cards.
    pub fn hands(&self) -> [CardSet; 4] {
        self.hands
    }

    fn per_trick(&self) -> u8 {
        4 - self.out.iter().filter(|s| s.is_some()).count() as u8
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        let mut next = seat.left();
        while self.out.contains(&Some(next)) {
            next = next.left();
        }
        next
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
        let standing = ranking(self.order).led_key(card, led);
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
        self.turn = winner;
        Some(winner)
    }

    fn tricks_left(&self) -> u8 {
        let cards: usize = self.hands.iter().map(|h| h.len()).sum::<usize>() + self.played as usize;
        (cards / self.per_trick() as usize) as u8
    }
}

#[derive(Clone, Copy, Default)]
struct Entry<K> {
    key: K,
    lower: u8,
    upper: u8,
}

const TABLE_BITS: u32 = 14;

/// A transposition table for positions packed in `W`.
struct Transpositions<W: Word>(Vec<Entry<W::Key>>);

impl<W: Word> Transpositions<W> {
    fn new() -> Transpositions<W> {
        Transpositions(vec![Entry::default(); 1 << TABLE_BITS])
    }
}

/// The solver, with a transposition table kept between searches: one for positions
/// packed in a `u32` (every 24-card deal), and one made when first needed for the longer
/// packs' long suits.
pub struct Solver {
    narrow: Transpositions<u32>,
    wide: Option<Transpositions<u64>>,
    /// Positions visited, for measuring.
    pub nodes: u64,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with an empty table.
    pub fn new() -> Solver {
        Solver {
            narrow: Transpositions::new(),
            wide: None,
            nodes: 0,
        }
    }

    /// The tricks `team` takes from here on (the current trick included) with best play.
    pub fn tricks(&mut self, deal: &OpenDeal, team: Team) -> u8 {
        self.search(deal, team, 0, deal.tricks_left() + 1)
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
        self.search(deal, team, tricks - 1, tricks) >= tricks
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

    /// Tricks for `team` from `deal`, searched within the window (`alpha`, `beta`) in the
    /// narrowest packing that holds it.
    fn search(&mut self, deal: &OpenDeal, team: Team, alpha: u8, beta: u8) -> u8 {
        let team = team.index() as u8;
        if Packed::<u32>::fits(deal) {
            let mut search = Search::new(&mut self.narrow, team, &mut self.nodes);
            search.value(&Packed::new(deal), alpha, beta)
        } else {
            let table = self.wide.get_or_insert_with(Transpositions::new);
            let mut search = Search::new(table, team, &mut self.nodes);
            search.value(&Packed::new(deal), alpha, beta)
        }
    }
}

/// One search: the table it shares, the team whose tricks it counts, the nodes it counts.
struct Search<'a, W: Word> {
    table: &'a mut Transpositions<W>,
    team: u8,
    nodes: &'a mut u64,
}

impl<'a, W: Word> Search<'a, W> {
    fn new(table: &'a mut Transpositions<W>, team: u8, nodes: &'a mut u64) -> Search<'a, W> {
        Search { table, team, nodes }
    }

    /// Tricks for `self.team` from here, searched within the window (`alpha`, `beta`)
    /// (fail-soft).
    fn value(&mut self, position: &Packed<W>, mut alpha: u8, mut beta: u8) -> u8 {
        *self.nodes += 1;
        let team = self.team;
        let left = position.left;
        if left == 1 {
            return u8::from(team_of(position.last_trick_winner()) == team);
        }
        if left == 2 && position.played > 0 {
            return position.last_two(team, alpha, beta);
        }
        let probe = (position.played == 0).then(|| {
            let key = position.key(team);
            (W::slot(&key, TABLE_BITS), key)
        });
        if let Some((slot, key)) = probe {
            let (mut lower, mut upper) = (0, left);
            let entry = self.table.0[slot];
            if entry.key == key {
                lower = entry.lower;
                upper = entry.upper;
            }
            match position.sure_tricks() {
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
        let maximizing = team_of(position.turn) == team;
        let mut best = if maximizing { 0 } else { left };
        let (moves, count) = if left == 2 {
            best = position.last_two(team, alpha, beta);
            ([0; 8], 0)
        } else {
            position.ordered()
        };
        for &bit in &moves[..count] {
            let mut next = *position;
            let mut won = next
                .play(bit)
                .map_or(0, |winner| u8::from(team_of(winner) == team));
            // Forced plays to the rest of the trick need no node of their own.
            while next.played != 0 && next.left > 2 {
                let Some(forced) = next.forced() else { break };
                if let Some(winner) = next.play(forced) {
                    won = u8::from(team_of(winner) == team);
                }
            }
            let value = if won >= beta {
                won
            } else if next.left == 1 && next.played == 0 {
                won + u8::from(team_of(next.last_trick_winner()) == team)
            } else {
                won + self.value(&next, alpha.saturating_sub(won), beta - won)
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
            let entry = &mut self.table.0[slot];
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
