use std::fmt;

use cards::euchre_order::{TrumpOrder, BENNY};
use cards::{Card, CardSet, Suit};

use crate::{
    Action, Actions, AllPass, DealStyle, IllegalAction, LoneLead, Round, Rules, Scoring, Seat, Team,
};

/// Where a hand stands; [`Hand::turn`] says who acts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Right after the deal, before anyone bids (house rules): each player in turn from
    /// the dealer's left may declare a McEvoy or a farmer's hand, or pass.
    Declaring,
    /// Making trump, in round one or two.
    Making(Round),
    /// A lone maker's opponents, its left first, may each defend alone (house rule).
    Defending,
    /// The dealer holds six cards and must put one away.
    Discard,
    /// Playing the five tricks.
    Tricks,
    /// Scored, or thrown in because nobody made trump.
    Over,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Declaring => "the declarations after the deal",
            Phase::Making(Round::One) => "round one of making trump",
            Phase::Making(Round::Two) => "round two of making trump",
            Phase::Defending => "the defenders' choice to defend alone",
            Phase::Discard => "the dealer's discard",
            Phase::Tricks => "the tricks",
            Phase::Over => "the end of the hand",
        })
    }
}

/// The trick being played, four seats round.
pub type Trick = cards::trick::Trick<Seat, 4>;

/// How a hand ended: the makers, their tricks, and who scored what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandResult {
    /// The team that made trump.
    pub makers: Team,
    /// Whether the maker went alone.
    pub alone: bool,
    /// Whether a defender played alone against it.
    pub lone_defence: bool,
    /// Tricks the makers took.
    pub maker_tricks: u8,
    /// The team that took three or more tricks; it scores.
    pub winner: Team,
    /// What the winner scores.
    pub points: u32,
}

impl HandResult {
    /// The hand's score when the makers take `maker_tricks`: 1 for three or four, and
    /// as `scoring` says for a march (alone or not) and a euchre (by a lone defender or
    /// not).
    pub fn score(
        scoring: &Scoring,
        makers: Team,
        alone: bool,
        lone_defence: bool,
        maker_tricks: u8,
    ) -> HandResult {
        let (winner, points) = match maker_tricks {
            0..=2 if lone_defence => (makers.other(), scoring.lone_euchre),
            0..=2 => (makers.other(), scoring.euchre),
            3 | 4 => (makers, 1),
            _ if alone => (makers, scoring.lone_march),
            _ => (makers, scoring.march),
        };
        HandResult {
            makers,
            alone,
            lone_defence,
            maker_tricks,
            winner,
            points,
        }
    }

    /// Points for `team` minus points for the other team.
    pub fn margin(&self, team: Team) -> i32 {
        if self.winner == team {
            self.points as i32
        } else {
            -(self.points as i32)
        }
    }

    /// The makers took all five tricks.
    pub fn is_march(&self) -> bool {
        self.maker_tricks == 5
    }

    /// The makers took fewer than three tricks.
    pub fn is_euchre(&self) -> bool {
        self.maker_tricks < 3
    }
}

/// What an accepted action led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Nothing to report: the next player acts.
    Continue,
    /// The upcard was ordered up (the dealer picks it up unless it sits out): its suit
    /// is trump. Named so that every log says which card it was.
    OrderedUp {
        /// The upcard.
        upcard: Card,
        /// Whether the dealer ordered it up itself (picked it up).
        by_dealer: bool,
    },
    /// Everyone passed both rounds and the rules throw the hand in.
    Nullified,
    /// The player declared a McEvoy (house rule): nothing scored, the same dealer deals
    /// again.
    McEvoy(Seat),
    /// The player showed these three cards, a farmer's hand (house rule), and took the
    /// kitty's three unexposed cards for them.
    FarmersHand([Card; 3]),
    /// A player failed to follow suit though able, under rules that punish it rather than
    /// forbid it: `team` gains `points` and the player must play again.
    Renege {
        /// The team that gains the points.
        team: Team,
        /// The penalty.
        points: u32,
    },
    /// A trick was completed; after the fifth, the hand's result.
    Trick {
        /// Who took it (and leads next).
        winner: Seat,
        /// The hand's result, after the fifth trick.
        result: Option<HandResult>,
    },
}

/// One deal of Euchre, from making trump to the last trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    rules: Rules,
    dealer: Seat,
    turn: Seat,
    phase: Phase,
    hands: [CardSet; 4],
    upcard: Card,
    /// Who made trump; `trump` is the suit from then on.
    maker: Option<Seat>,
    alone: bool,
    /// A defender playing alone against the lone maker (house rule).
    defender: Option<Seat>,
    discard: Option<Card>,
    trick: Trick,
    /// What the rules ask of the trick at every card, kept as it is played.
    lead: Lead,
    tricks_won: [u8; 4],
    /// The trump suit once `maker` made it (before, a stand-in never read): a play
    /// builds its card order from it with no `Option` to unwrap, and the order's
    /// bowers stay a constant the compiler folds.
    trump: Suit,
    /// Who plays after each seat, two bits a seat (see [`next_seats`]): a lone maker's
    /// partner is skipped without asking at every card who sits out.
    next: u8,
    /// The cards of the tricks each seat took.
    won: [CardSet; 4],
    /// The cards played to tricks, in order, with who played them, as far as known (a
    /// hand resumed from a saved game knows only what was played since). The first
    /// `plays` count; the rest stay [`UNPLAYED`], so equal hands compare equal.
    history: [(Seat, Card); 20],
    /// How many entries of `history` are filled.
    plays: u8,
    /// Seats (a bit each) that declared a McEvoy earlier in the game: once each.
    mcevoys: u8,
    /// The seat that declared a McEvoy this hand.
    mcevoy: Option<Seat>,
    /// The kitty's three unexposed cards (under the upcard), until a farmer's hand takes
    /// them; then the three cards it showed.
    kitty: CardSet,
    /// The seat that declared a farmer's hand this hand; the cards it showed are then
    /// `kitty` (one field fewer in a hand every search copies).
    farmer: Option<Seat>,
}

/// The trick in progress as the rules need it at every card: worked out once when a card
/// is led, and kept as cards follow, instead of read again from the trick each time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Lead {
    /// The cards that follow the led card; every card while none is led.
    follow: CardSet,
    /// The winning card's key above the seat that played it (0 before a lead: every
    /// card's key in a trick is higher), so the better of two is their maximum.
    winning: u16,
    /// The trick's cards.
    cards: CardSet,
}

impl Lead {
    /// Before the trick's first card.
    const NONE: Lead = Lead {
        follow: CardSet::from_bits(u64::MAX),
        winning: 0,
        cards: CardSet::EMPTY,
    };

    /// The trick in progress after `trick`'s cards under `order`.
    fn of(trick: &Trick, order: TrumpOrder) -> Lead {
        let mut lead = Lead::NONE;
        for (index, (seat, card)) in trick.plays().enumerate() {
            lead.add(order, index == 0, seat, card);
        }
        lead
    }

    /// `seat` plays `card`, leading the trick if `first`. Without branches: which way
    /// each would go is the random play's, and mispredicting them cost more than this.
    #[inline]
    fn add(&mut self, order: TrumpOrder, first: bool, seat: Seat, card: Card) {
        let led = order.following(card);
        self.follow = if first { led } else { self.follow };
        let key = order.key_following(card, self.follow);
        self.winning = self
            .winning
            .max((u16::from(key) << 8) | seat.index() as u16);
        self.cards.insert(card);
    }

    /// The seat whose card is winning the trick.
    fn winner(&self) -> Seat {
        Seat::new(usize::from(self.winning & 0xFF))
    }
}

/// [`Hand::trump`] before trump is made.
const NO_TRUMP: Suit = Suit::Spades;

/// Who plays after each seat, as two bits at bit `2 * seat`: the next seat to its left
/// not sitting out.
fn next_seats(sitting_out: [Option<Seat>; 2]) -> u8 {
    Seat::ALL.iter().fold(0, |table, &seat| {
        let mut next = seat.left();
        while sitting_out.contains(&Some(next)) {
            next = next.left();
        }
        table | (next.index() as u8) << (2 * seat.index())
    })
}

/// What fills the history past its plays.
const UNPLAYED: (Seat, Card) = (
    Seat::ALL[0],
    Card::new(cards::Rank::Two, cards::Suit::Spades),
);

/// Cards per batch for seats dealer+1, +2, +3, +0, in two passes round the table.
const THREE_TWO: [usize; 8] = [3, 2, 3, 2, 2, 3, 2, 3];
const FIVE_EACH: [usize; 4] = [5, 5, 5, 5];

/// For each of the 20 cards dealt to hands, the seat it goes to, counted left of the
/// dealer (1 = the dealer's left … 4 = the dealer): the batches laid out card by card.
const fn receivers(batches: &[usize]) -> [u8; 20] {
    let mut seats = [0; 20];
    let (mut batch, mut card) = (0, 0);
    while batch < batches.len() {
        let mut n = 0;
        while n < batches[batch] {
            seats[card] = (batch % 4 + 1) as u8;
            card += 1;
            n += 1;
        }
        batch += 1;
    }
    seats
}

const THREE_TWO_RECEIVERS: [u8; 20] = receivers(&THREE_TWO);
const FIVE_EACH_RECEIVERS: [u8; 20] = receivers(&FIVE_EACH);

/// The first 20 cards of `deck` as a set for each receiver (counted left of the dealer,
/// so 0 is the dealer). Inlined into each deal style's arm, the loop unrolls with every
/// receiver a constant and the four sets stay in registers: gathered into the hands
/// array instead, each card waited on the store of the one before.
#[inline(always)]
fn gather(deck: &[Card], receivers: &[u8; 20]) -> [u64; 4] {
    let mut by_receiver = [0; 4];
    for (&card, &left) in deck.iter().zip(receivers) {
        by_receiver[usize::from(left) % 4] |= 1 << card.index();
    }
    by_receiver
}

impl Hand {
    /// The most actions a hand takes under any house rules, reneges aside: four
    /// declarations, eight bids, two defenders' choices, a discard and twenty cards.
    /// (Under a renege penalty each renege is an action too, but scores at least a point
    /// toward a game that ends at its points to win, at most 100.)
    pub const MAX_ACTIONS: usize = 4 + 8 + 2 + 1 + 20;

    /// Deals from the top of `deck` (at least 21 cards; the 21st is the upcard).
    ///
    /// # Panics
    /// If the deck has fewer than 21 cards or repeats a card: decks come from the
    /// front end's pack, which checks both.
    pub fn deal(rules: Rules, dealer: Seat, deck: &[Card]) -> Hand {
        assert!(deck.len() >= 21, "a Euchre deal needs 21 cards");
        let by_receiver = match rules.deal {
            DealStyle::ThreeTwo => gather(deck, &THREE_TWO_RECEIVERS),
            DealStyle::FiveEach => gather(deck, &FIVE_EACH_RECEIVERS),
        };
        let dealt = by_receiver
            .iter()
            .fold(1 << deck[20].index(), |all, &b| all | b);
        assert!(dealt.count_ones() == 21, "a deal repeats a card");
        let hands = std::array::from_fn(|seat| {
            CardSet::from_bits(by_receiver[(seat + 4 - dealer.index()) % 4])
        });
        // A benny turned up: the dealer names trump at once, before anyone bids (and
        // before any declaration: it may not look at its cards).
        let benny_up = rules.joker && deck[20] == BENNY;
        let phase = match (benny_up, rules.mcevoy || rules.farmers_hand) {
            (true, _) => Phase::Making(Round::Two),
            (false, true) => Phase::Declaring,
            (false, false) => Phase::Making(Round::One),
        };
        // Kept only where a farmer's hand may take it: a hand rebuilt from a saved
        // position (which has no kitty) stays equal to the one dealt.
        let kitty = match rules.farmers_hand {
            true => deck
                .get(21..24)
                .unwrap_or_default()
                .iter()
                .copied()
                .collect(),
            false => CardSet::EMPTY,
        };
        Hand {
            rules,
            dealer,
            turn: if benny_up { dealer } else { dealer.left() },
            phase,
            hands,
            upcard: deck[20],
            maker: None,
            alone: false,
            defender: None,
            discard: None,
            trick: Trick::new(dealer.left()),
            lead: Lead::NONE,
            tricks_won: [0; 4],
            trump: NO_TRUMP,
            next: next_seats([None; 2]),
            won: [CardSet::EMPTY; 4],
            history: [UNPLAYED; 20],
            plays: 0,
            mcevoys: 0,
            mcevoy: None,
            kitty,
            farmer: None,
        }
    }

    /// The same hand where the seats in `mcevoys` (a bit each) have declared their one
    /// McEvoy of the game already.
    pub(crate) fn with_mcevoys_declared(self, mcevoys: u8) -> Hand {
        Hand { mcevoys, ..self }
    }

    /// The same hand with another kitty under the upcard: a determinization for search,
    /// while a farmer's hand may still take it.
    pub fn with_kitty(&self, kitty: CardSet) -> Hand {
        Hand { kitty, ..*self }
    }

    /// The seat that declared a McEvoy this hand (house rule): the same dealer deals again.
    pub fn mcevoy(&self) -> Option<Seat> {
        self.mcevoy
    }

    /// The seat that declared a farmer's hand this hand (house rule) and the three cards
    /// it showed, now in the kitty: public.
    pub fn farmer(&self) -> Option<(Seat, CardSet)> {
        self.farmer.map(|seat| (seat, self.kitty))
    }

    /// The three cards of `rank` a farmer's hand of `cards` shows: all of them, or of four
    /// the three not of the upcard's suit (the one most likely trump stays).
    fn farmer_cards(&self, cards: CardSet, rank: cards::Rank) -> CardSet {
        let mut of_rank: CardSet = Suit::ALL
            .into_iter()
            .map(|suit| Card::new(rank, suit))
            .filter(|&card| cards.contains(card))
            .collect();
        if of_rank.len() == 4 {
            of_rank.remove(Card::new(rank, self.upcard.suit()));
        }
        of_rank
    }

    /// Whether the player to act may declare a farmer's hand of `rank`: the house rule,
    /// right after the deal, three (or four) nines or tens, and the kitty not yet taken.
    pub fn may_declare_farmer(&self, rank: cards::Rank) -> bool {
        self.rules.farmers_hand
            && self.phase == Phase::Declaring
            && self.farmer.is_none()
            && matches!(rank, cards::Rank::Nine | cards::Rank::Ten)
            && self.farmer_cards(self.hands[self.turn.index()], rank).len() == 3
    }

    /// The declarations open to the player to act, after passing: a McEvoy, then a
    /// farmer's hand of nines, then of tens.
    fn declarations(&self) -> impl Iterator<Item = Action> + '_ {
        let mcevoy = self.may_declare_mcevoy().then_some(Action::McEvoy);
        let farmers = [cards::Rank::Nine, cards::Rank::Ten]
            .into_iter()
            .filter(|&r| self.may_declare_farmer(r))
            .map(Action::Farmer);
        mcevoy.into_iter().chain(farmers)
    }

    /// A hand from its parts, for [`Hand::from_position`], which checks them.
    pub(crate) fn assemble(
        rules: Rules,
        position: &crate::Position,
        phase: Phase,
        tricks_won: [u8; 4],
    ) -> Hand {
        let making = position.making;
        let per_trick = if making.is_some_and(|m| m.alone) {
            3
        } else {
            4
        };
        let trick = Hand::trick_of(position, phase, per_trick);
        let won = position.won;
        let mut history = [UNPLAYED; 20];
        for (slot, &play) in history.iter_mut().zip(&position.plays) {
            *slot = play;
        }
        let lead = making.map_or(Lead::NONE, |m| Lead::of(&trick, rules.order(m.trump)));
        Hand {
            rules,
            dealer: position.dealer,
            turn: position.turn,
            phase,
            hands: position.hands,
            upcard: position.upcard,
            maker: making.map(|m| m.maker),
            alone: making.is_some_and(|m| m.alone),
            defender: None,
            discard: position.discard,
            trick,
            lead,
            tricks_won,
            trump: making.map_or(NO_TRUMP, |m| m.trump),
            next: next_seats([making.filter(|m| m.alone).map(|m| m.maker.partner()), None]),
            won,
            history,
            plays: position.plays.len().min(20) as u8,
            mcevoys: 0,
            mcevoy: None,
            kitty: CardSet::EMPTY,
            farmer: None,
        }
    }

    /// The rules variant.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// Whose move it is (meaningless once the hand is over).
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// Where the hand stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The card turned up on the kitty.
    pub fn upcard(&self) -> Card {
        self.upcard
    }

    /// The cards a seat holds. Only that seat may see them: see [`View`](crate::View).
    pub fn cards(&self, seat: Seat) -> CardSet {
        self.hands[seat.index()]
    }

    /// The trump suit, once made.
    pub fn trump(&self) -> Option<Suit> {
        self.maker.map(|_| self.trump)
    }

    /// Who made trump, once someone has.
    pub fn maker(&self) -> Option<Seat> {
        self.maker
    }

    /// Whether the maker goes alone.
    pub fn is_alone(&self) -> bool {
        self.alone
    }

    /// The dealer's discard; only the dealer saw it.
    pub fn discard(&self) -> Option<Card> {
        self.discard
    }

    /// The trick being played.
    pub fn trick(&self) -> &Trick {
        &self.trick
    }

    /// Tricks `seat` has taken this hand.
    pub fn tricks_won(&self, seat: Seat) -> u8 {
        self.tricks_won[seat.index()]
    }

    /// Every card played to a trick so far, the current trick included.
    pub fn played(&self) -> CardSet {
        self.won
            .iter()
            .fold(self.lead.cards, |all, &w| all.union(w))
    }

    /// The cards of the tricks `seat` has taken this hand.
    pub fn won(&self, seat: Seat) -> CardSet {
        self.won[seat.index()]
    }

    /// Every card played to a trick so far, in order, with who played it (for a hand
    /// resumed from a saved game, those played since).
    pub fn history(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        self.history[..usize::from(self.plays)].iter().copied()
    }

    /// The cards `seat` has played to tricks this hand.
    pub fn played_by(&self, seat: Seat) -> CardSet {
        self.history()
            .filter(|&(s, _)| s == seat)
            .map(|(_, card)| card)
            .collect()
    }

    /// The five cards `seat` was dealt, as far as this hand's state shows them: what it
    /// holds and has played, less a picked-up upcard, plus the dealer's discard.
    pub fn dealt_cards(&self, seat: Seat) -> CardSet {
        let mut cards = self.hands[seat.index()].union(self.played_by(seat));
        if seat == self.dealer {
            if let Some(discard) = self.discard {
                cards.insert(discard);
            }
            if cards.len() > 5 {
                cards.remove(self.upcard);
            }
        }
        cards
    }

    /// Whether `seat` has shown it holds no card of `suit` (as trump counts suits).
    pub fn shown_void(&self, seat: Seat, suit: Suit) -> bool {
        self.voids()[seat.index()] & (1 << suit.index()) != 0
    }

    /// For each seat, the suits (bit per suit index) it has shown it lacks by failing to
    /// follow them, read from the order of play (only search players need it).
    pub fn voids(&self) -> [u8; 4] {
        let mut voids = [0; 4];
        let Some(order) = self.trump_order() else {
            return voids;
        };
        let per_trick = usize::from(self.players_per_trick());
        let plays: Vec<(Seat, Card)> = self.history().collect();
        for trick in plays.chunks(per_trick) {
            let led = order.suit_of(trick[0].1);
            for &(seat, card) in &trick[1..] {
                if order.suit_of(card) != led {
                    voids[seat.index()] |= 1 << led.index();
                }
            }
        }
        voids
    }

    /// The same hand with other cards in the seats' hands and another dealer's discard:
    /// a determinization for search. The caller keeps it consistent with what the
    /// searching seat has seen.
    pub fn with_cards(&self, hands: [CardSet; 4], discard: Option<Card>) -> Hand {
        Hand {
            hands,
            discard,
            ..*self
        }
    }

    /// The seat that sits this hand out: the partner of a lone maker.
    pub fn sitting_out(&self) -> Option<Seat> {
        self.alone.then(|| self.maker.map(Seat::partner)).flatten()
    }

    /// The defender playing alone against the lone maker, if one does (house rule).
    pub fn lone_defender(&self) -> Option<Seat> {
        self.defender
    }

    /// Every seat sitting out: a lone maker's partner, and a lone defender's.
    pub fn sitting_out_all(&self) -> [Option<Seat>; 2] {
        [self.sitting_out(), self.defender.map(Seat::partner)]
    }

    /// Whether `seat` sits this hand out.
    pub fn sits_out(&self, seat: Seat) -> bool {
        self.sitting_out_all().contains(&Some(seat))
    }

    /// The card order of this hand, once trump is made.
    pub fn trump_order(&self) -> Option<TrumpOrder> {
        self.trump().map(|trump| self.rules.order(trump))
    }

    /// Whether the benny was turned up (joker house rule): the dealer names trump blind
    /// (euchrelinks.com: "he must name trump without looking at his cards"), then takes
    /// the benny up and discards, as for an ordered-up card.
    pub fn benny_up(&self) -> bool {
        self.rules.joker && self.upcard == BENNY
    }

    /// Whether `seat` may not look at its cards now: the dealer naming trump blind.
    pub fn blind(&self, seat: Seat) -> bool {
        self.benny_up() && seat == self.dealer && self.maker.is_none()
    }

    /// The seat after `seat` in playing order, skipping a lone maker's partner.
    pub(crate) fn next_player(&self, seat: Seat) -> Seat {
        Seat::new(usize::from(self.next >> (2 * seat.index()) & 3))
    }

    fn players_per_trick(&self) -> u8 {
        4 - u8::from(self.alone) - u8::from(self.defender.is_some())
    }

    /// What `seat` may see of this hand (the game's scores read as 0–0).
    pub fn view(&self, seat: Seat) -> crate::View<'_> {
        crate::View::new(self, [0, 0], seat)
    }

    /// The cards the player to move may play now: follow the led suit when able.
    pub fn legal_plays(&self) -> CardSet {
        let hand = self.hands[self.turn.index()];
        let following = hand.intersection(self.lead.follow);
        if following.is_empty() {
            hand
        } else {
            following
        }
    }

    /// Every legal action of the player to move.
    pub fn legal_actions(&self) -> Actions {
        let mut actions = Actions::new();
        self.each_legal_action(|action| actions.push(action));
        actions
    }

    /// The legal actions written into `actions` (cleared first), in the same order;
    /// allocates nothing once `actions` has room.
    pub fn legal_actions_into(&self, actions: &mut Vec<Action>) {
        actions.clear();
        self.each_legal_action(|action| actions.push(action));
    }

    /// How many legal actions [`Hand::legal_actions`] lists, without listing them.
    pub fn legal_action_count(&self) -> usize {
        let alone = self.alone_choices();
        match self.phase {
            Phase::Declaring => 1 + self.declarations().count(),
            Phase::Making(Round::One) => 1 + alone,
            Phase::Making(Round::Two) if self.benny_up() => Suit::ALL.len(),
            Phase::Making(Round::Two) => usize::from(!self.dealer_is_stuck()) + 3 * alone,
            Phase::Defending => 2,
            Phase::Discard => self.hands[self.dealer.index()].len(),
            Phase::Tricks => self.legal_plays().len(),
            Phase::Over => 0,
        }
    }

    /// The `k`-th of [`Hand::legal_actions`], without listing them: what a random
    /// player picks while trump is made, several times a simulated hand. While trump is
    /// made this is where the order is defined (pass first, then each suit's calls, not
    /// alone before alone); the list is built from it.
    pub fn nth_legal_action(&self, k: usize) -> Option<Action> {
        let alone = self.alone_choices();
        match self.phase {
            Phase::Declaring => match k {
                0 => Some(Action::Pass),
                _ => self.declarations().nth(k - 1),
            },
            Phase::Making(Round::One) => match k {
                0 => Some(Action::Pass),
                _ if k <= alone => Some(Action::OrderUp { alone: k == 2 }),
                _ => None,
            },
            Phase::Making(Round::Two) if self.benny_up() => Suit::ALL
                .get(k)
                .map(|&suit| Action::Call { suit, alone: false }),
            Phase::Making(Round::Two) => {
                let calls = match (self.dealer_is_stuck(), k) {
                    (false, 0) => return Some(Action::Pass),
                    (false, k) => k - 1,
                    (true, k) => k,
                };
                let suit = Suit::ALL
                    .into_iter()
                    .filter(|&s| s != self.upcard.suit())
                    .nth(calls / alone)?;
                Some(Action::Call {
                    suit,
                    alone: calls % alone == 1,
                })
            }
            Phase::Defending => [Action::Pass, Action::DefendAlone].get(k).copied(),
            Phase::Discard => self.hands[self.dealer.index()].nth(k).map(Action::Discard),
            Phase::Tricks => self.legal_plays().nth(k).map(Action::Play),
            Phase::Over => None,
        }
    }

    /// How many ways a maker may make trump: alone or not, or only not.
    fn alone_choices(&self) -> usize {
        1 + usize::from(self.rules.going_alone)
    }

    /// Whether the player to act may declare a McEvoy: the house rule, right after the
    /// deal, five cards none above a ten (nines and tens in the 24-card pack), and its
    /// first of the game.
    pub fn may_declare_mcevoy(&self) -> bool {
        self.rules.mcevoy
            && self.phase == Phase::Declaring
            && self.mcevoys & (1 << self.turn.index()) == 0
            && self.none_above_a_ten(self.hands[self.turn.index()])
    }

    /// Whether no card of `cards` ranks above a ten in this game: by the card's place in
    /// the game, not its printed rank, so the benny (a printed two) is the highest card.
    fn none_above_a_ten(&self, cards: CardSet) -> bool {
        let benny = self.rules.joker && cards.contains(BENNY);
        !benny
            && cards
                .intersection(CardSet::ranks_from(cards::Rank::Jack))
                .is_empty()
    }

    /// Gives `push` each legal action, in the order the rules list them (while trump is
    /// made, the order [`Hand::nth_legal_action`] defines).
    #[inline]
    fn each_legal_action(&self, mut push: impl FnMut(Action)) {
        match self.phase {
            Phase::Declaring | Phase::Making(_) | Phase::Defending => {
                for k in 0..self.legal_action_count() {
                    push(self.nth_legal_action(k).expect("k is below the count"));
                }
            }
            Phase::Discard => {
                for card in self.hands[self.dealer.index()] {
                    push(Action::Discard(card));
                }
            }
            Phase::Tricks => {
                for card in self.legal_plays() {
                    push(Action::Play(card));
                }
            }
            Phase::Over => {}
        }
    }

    /// Screw the dealer: in round two the dealer may not pass.
    fn dealer_is_stuck(&self) -> bool {
        self.rules.all_pass == AllPass::ScrewTheDealer && self.turn == self.dealer
    }

    /// Whether `action` is legal for the player to move, and if not, why.
    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        let phase = self.phase;
        let not_now = Err(IllegalAction::NotNow(phase));
        let alone_allowed = |alone: bool| {
            if alone && !self.rules.going_alone {
                Err(IllegalAction::NoGoingAlone)
            } else {
                Ok(())
            }
        };
        match action {
            _ if phase == Phase::Over => Err(IllegalAction::NoHand),
            Action::Pass | Action::Call { alone: true, .. }
                if phase == Phase::Making(Round::Two) && self.benny_up() =>
            {
                Err(IllegalAction::BennyTurnedUp)
            }
            Action::Call { .. } if phase == Phase::Making(Round::Two) && self.benny_up() => Ok(()),
            Action::Play(card) if phase == Phase::Tricks => self.check_play(card),
            Action::Discard(card) if phase == Phase::Discard => {
                if self.hands[self.dealer.index()].contains(card) {
                    Ok(())
                } else {
                    Err(IllegalAction::NotHeld(card))
                }
            }
            Action::Pass
                if matches!(
                    phase,
                    Phase::Declaring | Phase::Making(Round::One) | Phase::Defending
                ) =>
            {
                Ok(())
            }
            Action::DefendAlone if phase == Phase::Defending => Ok(()),
            Action::McEvoy if self.may_declare_mcevoy() => Ok(()),
            Action::McEvoy => Err(IllegalAction::NotAMcEvoy),
            Action::Farmer(rank) if self.may_declare_farmer(rank) => Ok(()),
            Action::Farmer(_) => Err(IllegalAction::NotAFarmersHand),
            Action::DefendAlone => Err(IllegalAction::NoDefendingAlone),
            Action::Pass if phase == Phase::Making(Round::Two) => {
                if self.dealer_is_stuck() {
                    Err(IllegalAction::DealerMustCall)
                } else {
                    Ok(())
                }
            }
            Action::OrderUp { alone } if phase == Phase::Making(Round::One) => alone_allowed(alone),
            Action::Call { suit, .. } if phase == Phase::Making(Round::One) => {
                if suit == self.upcard.suit() {
                    not_now
                } else {
                    Err(IllegalAction::UpcardSuitOnly(self.upcard.suit()))
                }
            }
            Action::Call { suit, alone } if phase == Phase::Making(Round::Two) => {
                if suit == self.upcard.suit() {
                    Err(IllegalAction::TurnedDown(suit))
                } else {
                    alone_allowed(alone)
                }
            }
            _ => not_now,
        }
    }

    /// Whether the player to move may play `card` to the trick.
    fn check_play(&self, card: Card) -> Result<(), IllegalAction> {
        let hand = self.hands[self.turn.index()];
        if !hand.contains(card) {
            return Err(IllegalAction::NotHeld(card));
        }
        if self.legal_plays().contains(card) {
            return Ok(());
        }
        let order = self.trump_order().expect("tricks are played with trump");
        let led = self
            .trick
            .led()
            .expect("only a follower can fail to follow");
        let (led, trump) = (order.suit_of(led), order.trump());
        if card.suit() == led && order.suit_of(card) == trump {
            return Err(IllegalAction::LeftBower { card, led, trump });
        }
        Err(IllegalAction::MustFollow(led))
    }

    /// Whether `action` is legal for the player to move.
    pub fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// Applies the action of the player to move, or leaves the hand unchanged and says
    /// why it was refused.
    ///
    /// # Examples
    /// ```
    /// use euchre::{Action, Hand, IllegalAction, Outcome, Rules, Seat};
    ///
    /// // Appendix B's deal: Alice (seat 0) deals, the Jack of Diamonds turned up.
    /// let deck = cards::deck::eecs280_euchre();
    /// let mut hand = Hand::deal(Rules::eecs280(10), Seat::new(0), &deck);
    /// for _ in 0..7 {
    ///     assert_eq!(hand.apply(Action::Pass), Ok(Outcome::Continue));
    /// }
    /// // Screw the dealer: Alice may not pass, nor name the suit turned down.
    /// assert_eq!(hand.apply(Action::Pass), Err(IllegalAction::DealerMustCall));
    /// let diamonds = Action::Call { suit: cards::Suit::Diamonds, alone: false };
    /// assert_eq!(hand.apply(diamonds), Err(IllegalAction::TurnedDown(cards::Suit::Diamonds)));
    /// let hearts = Action::Call { suit: cards::Suit::Hearts, alone: false };
    /// assert_eq!(hand.apply(hearts), Ok(Outcome::Continue));
    /// assert_eq!(hand.maker(), Some(Seat::new(0)));
    /// ```
    pub fn apply(&mut self, action: Action) -> Result<Outcome, IllegalAction> {
        match (self.check(action), action, self.rules.renege_penalty) {
            (Ok(()), _, _) => {}
            // Rules with a renege penalty take the play back and score it instead.
            (
                Err(IllegalAction::MustFollow(_) | IllegalAction::LeftBower { .. }),
                Action::Play(_),
                Some(points),
            ) => {
                return Ok(Outcome::Renege {
                    team: self.turn.team().other(),
                    points,
                })
            }
            (Err(reason), _, _) => return Err(reason),
        }
        Ok(self.carry_out(action))
    }

    /// Applies an action taken from [`Hand::legal_actions`] without checking it again
    /// (debug builds do): the simulations' path.
    #[inline(always)]
    pub fn apply_legal(&mut self, action: Action) -> Outcome {
        debug_assert_eq!(self.check(action), Ok(()), "{action:?} is legal");
        self.carry_out(action)
    }

    /// Makes a checked action's changes. Plays, four in five of a hand's actions, are
    /// small enough to inline into a simulation's loop; making trump stays out of line
    /// (inlined too, it kept the loop's state in memory).
    #[inline(always)]
    fn carry_out(&mut self, action: Action) -> Outcome {
        match action {
            Action::Play(card) => self.play(card),
            _ => self.carry_out_making(action),
        }
    }

    /// Makes a checked action's changes that is not a play: making trump or discarding.
    #[inline(never)]
    fn carry_out_making(&mut self, action: Action) -> Outcome {
        match action {
            Action::Pass if self.phase == Phase::Defending => {
                let second = self.maker.expect("a lone maker").left().left().left();
                if self.turn == second {
                    self.after_making();
                } else {
                    self.turn = second;
                }
                Outcome::Continue
            }
            Action::Pass if self.phase == Phase::Declaring => {
                self.next_to_declare();
                Outcome::Continue
            }
            Action::Farmer(rank) => {
                let shown = self.farmer_cards(self.hands[self.turn.index()], rank);
                let hand = &mut self.hands[self.turn.index()];
                *hand = hand.difference(shown).union(self.kitty);
                self.kitty = shown;
                self.farmer = Some(self.turn);
                self.next_to_declare();
                let mut three = shown.iter();
                Outcome::FarmersHand([(); 3].map(|()| three.next().expect("three shown")))
            }
            Action::Pass => self.pass(),
            Action::McEvoy => {
                self.phase = Phase::Over;
                self.mcevoy = Some(self.turn);
                Outcome::McEvoy(self.turn)
            }
            Action::DefendAlone => {
                self.defender = Some(self.turn);
                self.next = next_seats(self.sitting_out_all());
                self.after_making();
                Outcome::Continue
            }
            Action::OrderUp { alone } => {
                let partner_is_dealer = self.turn.partner() == self.dealer;
                let by_dealer = self.turn == self.dealer;
                self.make(
                    self.upcard.suit(),
                    alone || (partner_is_dealer && self.rules.partner_order_up_is_alone),
                );
                self.defend_or_go_on();
                Outcome::OrderedUp {
                    upcard: self.upcard,
                    by_dealer,
                }
            }
            Action::Call { suit, alone } => {
                self.make(suit, alone);
                self.defend_or_go_on();
                Outcome::Continue
            }
            Action::Discard(card) => {
                self.hands[self.dealer.index()].remove(card);
                self.discard = Some(card);
                self.start_tricks();
                Outcome::Continue
            }
            Action::Play(card) => self.play(card),
        }
    }

    /// The next seat declares, or after the dealer the bidding starts at its left.
    fn next_to_declare(&mut self) {
        if self.turn == self.dealer {
            self.phase = Phase::Making(Round::One);
        }
        self.turn = self.turn.left();
    }

    fn pass(&mut self) -> Outcome {
        let last_to_speak = self.turn == self.dealer;
        self.turn = self.turn.left();
        match (self.phase, last_to_speak) {
            (Phase::Making(Round::One), true) => {
                self.phase = Phase::Making(Round::Two);
                Outcome::Continue
            }
            (Phase::Making(Round::Two), true) => {
                self.phase = Phase::Over;
                Outcome::Nullified
            }
            _ => Outcome::Continue,
        }
    }

    fn make(&mut self, trump: Suit, alone: bool) {
        self.trump = trump;
        self.maker = Some(self.turn);
        self.alone = alone;
        self.next = next_seats(self.sitting_out_all());
    }

    /// After a lone make under the house rule, the defenders choose, the maker's left
    /// first; otherwise straight on.
    fn defend_or_go_on(&mut self) {
        if self.alone && self.rules.defend_alone {
            self.phase = Phase::Defending;
            self.turn = self.maker.expect("just made").left();
        } else {
            self.after_making();
        }
    }

    /// Once the sides are known: the dealer takes an ordered-up card unless sitting out
    /// (or, under `sitting_out_dealer_picks_up`, even then), then the tricks.
    fn after_making(&mut self) {
        if self.dealer_takes_upcard() {
            self.hands[self.dealer.index()].insert(self.upcard);
            self.phase = Phase::Discard;
            self.turn = self.dealer;
        } else {
            self.start_tricks();
        }
    }

    /// Whether the dealer takes (or took) the upcard into its hand: trump is made, in the
    /// upcard's suit, and the dealer plays or the rules have it pick up anyway.
    pub fn dealer_takes_upcard(&self) -> bool {
        // Round two may not name the upcard's suit, so trump is its suit exactly when the
        // upcard was ordered up.
        let ordered_up = self.trump == self.upcard.suit() || self.benny_up();
        let made = self.maker.is_some();
        made && ordered_up
            && (self.rules.sitting_out_dealer_picks_up || !self.sits_out(self.dealer))
    }

    fn start_tricks(&mut self) {
        self.phase = Phase::Tricks;
        let mut leader = self.dealer.left();
        let footnote = self.rules.lone_lead == LoneLead::OppositeWhenDealerLeftAlone;
        if footnote && self.alone && self.maker == Some(leader) {
            leader = self.dealer.partner();
        }
        while self.sits_out(leader) {
            leader = leader.left();
        }
        self.trick = Trick::new(leader);
        self.turn = leader;
    }

    /// Always inlined: called out of line, a simulation's every card paid a call and
    /// passed the hand and the outcome through memory (Simple-vs-Simple games: -7%
    /// instructions, 1.09x).
    #[inline(always)]
    fn play(&mut self, card: Card) -> Outcome {
        // Each order a constant in its branch, so its top cards fold into the code.
        if self.rules.joker {
            self.play_in(card, TrumpOrder::euchre_with_benny(self.trump))
        } else {
            self.play_in(card, TrumpOrder::euchre(self.trump))
        }
    }

    #[inline(always)]
    fn play_in(&mut self, card: Card, order: TrumpOrder) -> Outcome {
        self.hands[self.turn.index()].remove(card);
        self.history[usize::from(self.plays)] = (self.turn, card);
        self.plays += 1;
        debug_assert_eq!(
            self.trump_order(),
            Some(order),
            "tricks are played with trump"
        );
        self.lead.add(order, self.trick.is_empty(), self.turn, card);
        self.trick.push(self.turn, card);
        if self.trick.len() < usize::from(self.players_per_trick()) {
            self.turn = self.next_player(self.turn);
            return Outcome::Continue;
        }
        let winner = self.lead.winner();
        debug_assert_eq!(Some(winner), self.trick.winning(order).map(|(s, _)| s));
        self.tricks_won[winner.index()] += 1;
        self.won[winner.index()] = self.won[winner.index()].union(self.lead.cards);
        // Everyone who plays a trick plays one card to it, so the winner's hand is empty
        // exactly after the fifth. (Summing `tricks_won` here read four bytes just after
        // one was written: a store the processor could not forward, every trick.)
        if self.hands[winner.index()].is_empty() {
            self.phase = Phase::Over;
            return Outcome::Trick {
                winner,
                result: Some(self.result()),
            };
        }
        self.trick = Trick::new(winner);
        self.lead = Lead::NONE;
        self.turn = winner;
        Outcome::Trick {
            winner,
            result: None,
        }
    }

    /// Scores the finished hand by the rules' scoring.
    fn result(&self) -> HandResult {
        let makers = self.maker.expect("a scored hand has makers").team();
        let [a, b] = makers.seats();
        HandResult::score(
            &self.rules.scoring,
            makers,
            self.alone,
            self.defender.is_some(),
            self.tricks_won[a.index()] + self.tricks_won[b.index()],
        )
    }
}
