use std::fmt;

use cards::{Card, CardSet, Rank, Suit};
use table::{Refused, Turn};

use crate::{Layout, Rules, Seat};

/// The seven of spades: its holder opens every round with it.
pub const SEVEN_OF_SPADES: Card = Card::new(Rank::Seven, Suit::Spades);

/// The most players a round seats (pagat's Sevens: three to eight).
pub const MAX_PLAYERS: usize = 8;

/// How many times a round a player may pass holding a card it could play (the voluntary
/// pass, house rule): Shichi Narabe's three passes (card-asobi.com, sojudo.net: three
/// passes a player, a chip each, whether stuck or by choice). Unlimited, a round in
/// which everyone passes need never end.
pub const VOLUNTARY_PASSES: u8 = 3;

/// The most cards one player is dealt: 18 of 52 among three.
const MAX_HAND: usize = 18;

/// One number for each player seated (three to eight): a round's points, or the game's
/// scores. Reads as a slice indexed by seat number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Points {
    each: [u32; MAX_PLAYERS],
    players: u8,
}

impl Points {
    /// Zero for each of `players`.
    pub const fn zero(players: usize) -> Points {
        Points {
            each: [0; MAX_PLAYERS],
            players: players as u8,
        }
    }

    /// The numbers of `players`, from `each`.
    pub fn from_fn(players: usize, mut each: impl FnMut(usize) -> u32) -> Points {
        let mut points = Points::zero(players);
        for (seat, value) in points.each[..players].iter_mut().enumerate() {
            *value = each(seat);
        }
        points
    }

    /// Each seat's number, unused seats (past the players) zero.
    pub fn padded(&self) -> [u32; MAX_PLAYERS] {
        self.each
    }
}

impl std::ops::Deref for Points {
    type Target = [u32];

    fn deref(&self) -> &[u32] {
        &self.each[..usize::from(self.players)]
    }
}

impl std::ops::DerefMut for Points {
    fn deref_mut(&mut self) -> &mut [u32] {
        &mut self.each[..usize::from(self.players)]
    }
}

impl<const N: usize> PartialEq<[u32; N]> for Points {
    fn eq(&self, other: &[u32; N]) -> bool {
        **self == other[..]
    }
}

/// What a player does on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "StraightsAction")
)]
pub enum Action {
    /// Put a card on the layout.
    Play(Card),
    /// Only when no card in hand can be played.
    Discard(Card),
    /// Under the house rule that passes instead of discarding: only when no card in hand
    /// can be played (or at any time, with the voluntary pass).
    Pass,
}

/// What an accepted action led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Nothing to report: the next player moves.
    Continue,
    /// Every card is played or discarded: each player's points for the round.
    RoundOver(Points),
}

/// Why an action was refused; nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalAction {
    /// The card is not in the player's hand.
    NotHeld(Card),
    /// The card cannot go on the layout now.
    NotPlayable(Card),
    /// The player has a legal play and so may not discard.
    MustPlay(Card),
    /// The player has a legal play and so may not pass.
    MustPlayNotPass,
    /// The player has passed by choice [`VOLUNTARY_PASSES`] times this round and holds a
    /// card it can play, so it must play.
    NoVoluntaryPassesLeft,
    /// These rules pass instead of discarding (house rule).
    NoDiscards,
    /// These rules discard instead of passing.
    NoPassing,
    /// The round is over.
    RoundOver,
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalAction::NotHeld(card) => write!(f, "{card} is not in the hand"),
            IllegalAction::NotPlayable(card) => write!(f, "{card} is not a legal play"),
            IllegalAction::MustPlay(card) => {
                write!(f, "{card} may not be discarded: a card can be played")
            }
            IllegalAction::RoundOver => f.write_str("the round is over"),
            IllegalAction::MustPlayNotPass => {
                f.write_str("a card can be played, so passing is not allowed")
            }
            IllegalAction::NoVoluntaryPassesLeft => write!(
                f,
                "a card can be played and the {VOLUNTARY_PASSES} passes by choice a round are used"
            ),
            IllegalAction::NoDiscards => {
                f.write_str("these rules pass instead of discarding: a stuck player passes")
            }
            IllegalAction::NoPassing => {
                f.write_str("these rules discard instead of passing: a stuck player discards")
            }
        }
    }
}

impl std::error::Error for IllegalAction {}

/// One round: the 52 cards dealt out (13 each among four), played out onto the layout
/// or discarded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Round {
    /// The deck as dealt: player `s`'s cards are `dealt[start[s]..start[s + 1]]`, in
    /// deck order, the order hands are shown and searched.
    dealt: [Card; 52],
    start: [u8; MAX_PLAYERS + 1],
    players: u8,
    held: [CardSet; MAX_PLAYERS],
    /// The same cards as places among each player's dealt cards (bit `i`: its `i`-th
    /// card is held): a discard's legal set in hand order without a scan of the hand.
    held_places: [u32; MAX_PLAYERS],
    /// Where each held card lies among its holder's dealt cards (by card index): lists
    /// legal actions in hand order from a set's few bits instead of a scan of the hand.
    slot: [u8; 64],
    /// Each player's discards in order, in the same places as its dealt cards.
    discarded: [Option<Card>; 52],
    /// How many cards each player has discarded: where its next discard goes.
    discard_count: [u8; MAX_PLAYERS],
    layout: Layout,
    turn: Seat,
    moves: u8,
    /// The card that must open the round, as a set (what the first move may play).
    opener: CardSet,
    /// Discards are allowed with a play in hand.
    free_discard: bool,
    /// A stuck player passes instead of discarding, and the first out ends the round
    /// (house rule).
    passing: bool,
    /// Passes each player made this round (the chips it paid). Bounded by
    /// [`Round::max_actions`], so a plain add never overflows.
    passes: [u16; MAX_PLAYERS],
    /// Passes each player made this round holding a card it could play (voluntary pass),
    /// at most [`VOLUNTARY_PASSES`].
    voluntary: [u8; MAX_PLAYERS],
    /// The round has ended: every card gone, or (passing) a player out.
    ended: bool,
}

/// What the legal cards are for: a value, not a function pointer, so that making the
/// action stays a select the random player's loop inlines.
#[derive(Clone, Copy)]
enum Use {
    Play,
    Discard,
}

impl Use {
    #[inline(always)]
    fn action(self, card: Card) -> Action {
        match self {
            Use::Play => Action::Play(card),
            Use::Discard => Action::Discard(card),
        }
    }
}

/// Where each player's cards start in the deck as dealt: 52 cards in runs as even as
/// they go, the first players one card more where they do not divide (13 each among
/// four, the handout's deal).
fn starts(players: usize) -> [u8; MAX_PLAYERS + 1] {
    let mut start = [52; MAX_PLAYERS + 1];
    let (each, extra) = (52 / players, 52 % players);
    let mut at = 0;
    for (seat, first) in start[..players].iter_mut().enumerate() {
        *first = at as u8;
        at += each + usize::from(seat < extra);
    }
    start
}

impl Round {
    /// Each held card's place among its holder's dealt cards, and each player's held
    /// places.
    fn slots(&self) -> ([u8; 64], [u32; MAX_PLAYERS]) {
        let (mut slot, mut held_places) = ([0; 64], [0; MAX_PLAYERS]);
        for (seat, places) in held_places[..self.players()].iter_mut().enumerate() {
            for (i, &card) in self.dealt_to(seat).iter().enumerate() {
                if self.held[seat].contains(card) {
                    slot[card.index()] = i as u8;
                    *places |= 1 << i;
                }
            }
        }
        (slot, held_places)
    }

    /// The cards dealt to player `seat`, in deck order.
    fn dealt_to(&self, seat: usize) -> &[Card] {
        &self.dealt[usize::from(self.start[seat])..usize::from(self.start[seat + 1])]
    }

    /// Player `seat`'s discard places, as many as it was dealt cards.
    fn discard_places(&self, seat: usize) -> &[Option<Card>] {
        &self.discarded[usize::from(self.start[seat])..usize::from(self.start[seat + 1])]
    }
}

impl Round {
    /// Deals a 52-card deck under the handout's rules; see [`Round::deal_with`].
    pub fn deal(deck: &[Card]) -> Round {
        Round::deal_with(&Rules::HANDOUT, deck)
    }

    /// Deals a 52-card deck among the rules' players: with four, the first 13 cards to
    /// Player 1, the next 13 to Player 2, …; with others, runs as even as they go, the
    /// first players one card more. The holder of the rules' opening card moves first.
    ///
    /// # Panics
    /// If the deck is not 52 distinct cards (decks come from the shuffle, not from users).
    pub fn deal_with(rules: &Rules, deck: &[Card]) -> Round {
        let dealt: [Card; 52] = deck.try_into().expect("Straights deals 52 cards");
        let players = rules.players();
        let start = starts(players);
        // Every card is held, its place its distance from its holder's first.
        let (mut held, mut slot) = ([CardSet::EMPTY; MAX_PLAYERS], [0; 64]);
        let mut held_places = [0; MAX_PLAYERS];
        for (seat, held) in held[..players].iter_mut().enumerate() {
            let (from, to) = (usize::from(start[seat]), usize::from(start[seat + 1]));
            for (i, &card) in dealt[from..to].iter().enumerate() {
                held.insert(card);
                slot[card.index() % 64] = i as u8;
            }
            held_places[seat] = (1 << (to - from)) - 1;
        }
        let all = held
            .iter()
            .fold(CardSet::EMPTY, |all, &hand| all.union(hand));
        assert_eq!(all.len(), 52, "52 distinct cards");
        let opener = (0..players)
            .find(|&s| held[s].contains(rules.opener))
            .map(Seat::new)
            .expect("someone holds the opening card");
        Round {
            dealt,
            start,
            players: players as u8,
            held,
            held_places,
            slot,
            discarded: [None; 52],
            discard_count: [0; MAX_PLAYERS],
            layout: Layout::default(),
            turn: opener,
            moves: 0,
            opener: CardSet::from_bits(1 << rules.opener.index()),
            free_discard: rules.free_discard,
            passing: rules.stuck == crate::Stuck::Pass,
            passes: [0; MAX_PLAYERS],
            voluntary: [0; MAX_PLAYERS],
            ended: false,
        }
    }

    /// How many players the round seats.
    pub fn players(&self) -> usize {
        usize::from(self.players)
    }

    /// The seats, in playing order from seat 0.
    pub fn seats(&self) -> impl Iterator<Item = Seat> {
        (0..self.players()).map(Seat::new)
    }

    /// The player after `seat`: the next to play.
    pub fn after(&self, seat: Seat) -> Seat {
        let next = seat.index() + 1;
        Seat::new(if next == self.players() { 0 } else { next })
    }

    /// The player to move.
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// Whether the round has ended: all 52 cards played or discarded, or (passing) a
    /// player out of cards.
    pub fn is_over(&self) -> bool {
        self.ended
    }

    /// Cards played or discarded this round.
    pub fn moves(&self) -> usize {
        usize::from(self.moves)
    }

    /// How many times `seat` passed this round (house rule).
    pub fn passes(&self, seat: Seat) -> u32 {
        u32::from(self.passes[seat.index()])
    }

    /// Whether a stuck player passes rather than discards (house rule).
    pub fn passing(&self) -> bool {
        self.passing
    }

    /// The cards on the table.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// A player's cards, in deck order.
    pub fn hand(&self, seat: Seat) -> impl Iterator<Item = Card> + '_ {
        let held = self.held[seat.index()];
        self.dealt_to(seat.index())
            .iter()
            .copied()
            .filter(move |&c| held.contains(c))
    }

    /// The cards `seat` holds.
    pub fn held(&self, seat: Seat) -> CardSet {
        self.held[seat.index()]
    }

    /// A player's discards this round, in the order discarded.
    pub fn discards(&self, seat: Seat) -> impl Iterator<Item = Card> + '_ {
        self.discard_places(seat.index()).iter().map_while(|c| *c)
    }

    /// The points a player's discards are worth: the sum of their ranks (Ace 1, King 13).
    /// When passing (house rule), the chips it pays instead: one a pass and one a card
    /// left when someone goes out; the player out pays none (the pool is its).
    pub fn points(&self, seat: Seat) -> u32 {
        if self.passing {
            let held = self.held(seat).len() as u32;
            return if held == 0 {
                0
            } else {
                held + self.passes(seat)
            };
        }
        self.discards(seat).map(|c| c.rank().pips()).sum()
    }

    /// The cards the player to move may play, in hand order. The first move of a round
    /// must be the seven of spades.
    pub fn legal_plays(&self) -> impl Iterator<Item = Card> + '_ {
        let playable = self.playable();
        self.dealt_to(self.turn.index())
            .iter()
            .copied()
            .filter(move |&c| playable.contains(c))
    }

    /// The cards the player to move may play: the opening card to open, then those that fit.
    #[inline(always)]
    fn playable(&self) -> CardSet {
        let fits = if self.moves == 0 {
            self.opener
        } else {
            self.layout.fits()
        };
        self.held[self.turn.index()].intersection(fits)
    }

    fn can_play(&self) -> bool {
        !self.playable().is_empty()
    }

    /// Every legal action of the player to move: its plays, or else a discard of any card
    /// (with a voluntary pass, its plays and then every discard).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut actions = Vec::with_capacity(MAX_HAND);
        self.legal_actions_into(&mut actions);
        actions
    }

    /// The legal actions written into `actions` (cleared first), in hand order: the
    /// plays, or with none every discard. Allocates nothing once `actions` has room.
    pub fn legal_actions_into(&self, actions: &mut Vec<Action>) {
        actions.clear();
        let (cards, used) = self.legal_set();
        actions.extend(self.in_hand_order(cards).map(|c| used.action(c)));
        if !self.house_actions() {
            return;
        }
        if let Some(all) = self.free_discards() {
            actions.extend(self.in_hand_order(all).map(Action::Discard));
        }
        if self.may_pass() {
            actions.push(Action::Pass);
        }
    }

    /// How many legal actions the player to move has.
    pub fn legal_action_count(&self) -> usize {
        let plays_or_discards = self.legal_set().0.len();
        if !self.house_actions() {
            return plays_or_discards;
        }
        plays_or_discards
            + self.free_discards().map_or(0, |all| all.len())
            + usize::from(self.may_pass())
    }

    /// The legal action `pick` chooses by index, given their count: listing nothing, and
    /// working out the legal cards once (the random player draws with
    /// [`Round::random_legal_action`], which gives the same action for the same draw).
    #[inline(always)]
    pub fn pick_legal_action(&self, pick: impl FnOnce(usize) -> usize) -> Option<Action> {
        if self.house_actions() {
            return self.pick_with_house_actions(pick);
        }
        let (cards, used) = self.legal_set();
        self.in_hand_order(cards)
            .nth(pick(cards.len()))
            .map(|c| used.action(c))
    }

    /// A legal action drawn as the random player draws it: the one
    /// [`Round::pick_legal_action`] picks with `random_index(rng, count)`, the same draw,
    /// the hand's places drawn from as one bit mask (`None` once the round is over).
    #[inline(always)]
    pub fn random_legal_action<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.house_actions() {
            return self.pick_with_house_actions(|count| cards::shuffle::random_index(rng, count));
        }
        let (cards, used) = self.legal_set();
        let place = cards::random_bit(u64::from(self.places(cards)), rng)?;
        let first = usize::from(self.start[self.turn.index()]);
        self.dealt
            .get(first + place as usize)
            .map(|&c| used.action(c))
    }

    /// [`Round::pick_legal_action`] where house rules add actions: out of the handout's
    /// way.
    #[cold]
    #[inline(never)]
    fn pick_with_house_actions(&self, pick: impl FnOnce(usize) -> usize) -> Option<Action> {
        self.nth_legal_action(pick(self.legal_action_count()))
    }

    /// Whether house rules may add actions to the plays or discards (the handout's
    /// rounds skip the checks: the arena asks at every move).
    #[inline(always)]
    fn house_actions(&self) -> bool {
        self.free_discard | self.passing
    }

    /// The legal action `i` places into [`Round::legal_actions_into`]'s list, without
    /// the list.
    pub fn nth_legal_action(&self, i: usize) -> Option<Action> {
        let (cards, used) = self.legal_set();
        if i < cards.len() || !self.house_actions() {
            return self.in_hand_order(cards).nth(i).map(|c| used.action(c));
        }
        let free = self.free_discards().unwrap_or(CardSet::EMPTY);
        match i.checked_sub(cards.len()) {
            None => self.in_hand_order(cards).nth(i).map(|c| used.action(c)),
            Some(past) if past < free.len() => {
                self.in_hand_order(free).nth(past).map(Action::Discard)
            }
            Some(past) => (past == free.len() && self.may_pass()).then_some(Action::Pass),
        }
    }

    /// Whether the player to move may pass (house rule): when stuck, or after the opening
    /// card with the voluntary pass, until it has passed [`VOLUNTARY_PASSES`] times this
    /// round holding a card it could play.
    fn may_pass(&self) -> bool {
        self.passing && !self.is_over() && (!self.can_play() || self.may_pass_voluntarily())
    }

    /// Whether the player to move has a voluntary pass left this round.
    fn may_pass_voluntarily(&self) -> bool {
        self.free_discard && self.moves > 0 && self.voluntary[self.turn.index()] < VOLUNTARY_PASSES
    }

    /// Voluntary passes the player to move has left this round (0 without the house
    /// rules that allow them).
    pub fn voluntary_passes_left(&self) -> u8 {
        if self.passing && self.free_discard {
            VOLUNTARY_PASSES - self.voluntary[self.turn.index()]
        } else {
            0
        }
    }

    /// The most actions a round of `players` can take under any house rules: 52 cards
    /// played or discarded, [`VOLUNTARY_PASSES`] voluntary passes a player, and forced
    /// passes. While passes run nothing on the table changes, and some player holds a
    /// card that fits (every card not on the layout is held: passing rounds have no
    /// discards), so each turn of the table in a run of passes holds a voluntary pass:
    /// a run has at most `players - 1` forced passes before each of its voluntary ones
    /// and before the card that ends it, and there are at most 53 runs.
    pub const fn max_actions(players: usize) -> usize {
        let voluntary = VOLUNTARY_PASSES as usize * players;
        52 + voluntary + (players - 1) * (53 + voluntary)
    }

    /// Under a voluntary pass, the discards open to a player who could play instead
    /// (never instead of the opening card: the round must start).
    fn free_discards(&self) -> Option<CardSet> {
        let free = self.free_discard
            && !self.passing
            && self.moves > 0
            && !self.is_over()
            && self.can_play();
        free.then(|| self.held(self.turn))
    }

    /// The cards of the legal actions and what they do with them (plays first, when a
    /// voluntary pass adds discards to them).
    #[inline(always)]
    fn legal_set(&self) -> (CardSet, Use) {
        let playable = self.playable();
        if self.ended || (playable.is_empty() && self.passing) {
            (CardSet::EMPTY, Use::Play)
        } else if playable.is_empty() {
            (self.held(self.turn), Use::Discard)
        } else {
            (playable, Use::Play)
        }
    }

    /// Some of the mover's cards, in its hand's order.
    fn in_hand_order(&self, cards: CardSet) -> impl Iterator<Item = Card> + '_ {
        let mut slots = self.places(cards);
        let (dealt, base) = (&self.dealt, usize::from(self.start[self.turn.index()]));
        std::iter::from_fn(move || {
            let slot = slots.trailing_zeros() as usize;
            (slot < MAX_HAND).then(|| {
                slots &= slots - 1;
                dealt[base + slot]
            })
        })
    }

    /// Some of the mover's cards as places among its dealt cards: its whole hand as kept
    /// (a stuck player's discards), or else card by card (its plays, a few cards).
    #[inline(always)]
    fn places(&self, cards: CardSet) -> u32 {
        let seat = self.turn.index();
        if cards == self.held[seat] {
            return self.held_places[seat];
        }
        let mut places = 0u32;
        for card in cards {
            places |= 1 << self.slot[card.index()];
        }
        places
    }

    /// Checks an action of the player to move without applying it.
    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        if self.is_over() {
            return Err(IllegalAction::RoundOver);
        }
        let card = match action {
            Action::Pass if !self.passing => return Err(IllegalAction::NoPassing),
            Action::Pass if self.may_pass() => return Ok(()),
            Action::Pass if self.free_discard && self.moves > 0 => {
                return Err(IllegalAction::NoVoluntaryPassesLeft)
            }
            Action::Pass => return Err(IllegalAction::MustPlayNotPass),
            Action::Discard(_) if self.passing => return Err(IllegalAction::NoDiscards),
            Action::Play(card) | Action::Discard(card) => card,
        };
        if !self.held[self.turn.index()].contains(card) {
            return Err(IllegalAction::NotHeld(card));
        }
        match action {
            Action::Play(card) if !self.playable().contains(card) => {
                Err(IllegalAction::NotPlayable(card))
            }
            Action::Discard(card) if (!self.free_discard || self.moves == 0) && self.can_play() => {
                Err(IllegalAction::MustPlay(card))
            }
            _ => Ok(()),
        }
    }

    /// Applies the action of the player to move, or leaves the round unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Outcome, IllegalAction> {
        self.check(action)?;
        Ok(self.apply_checked(action))
    }

    /// Applies an action taken from the legal actions without checking it again (debug
    /// builds do): the simulations' path.
    pub fn apply_legal(&mut self, action: Action) -> Outcome {
        debug_assert_eq!(self.check(action), Ok(()), "{action:?} is legal");
        self.apply_checked(action)
    }

    /// A checked action's changes, and what they led to. The outcome is built here,
    /// inlined into the caller, from what [`Round::carry_out`] says: returned from out of
    /// line, the outcome's points went through memory at every action and the caller's
    /// read of them stalled.
    #[inline(always)]
    fn apply_checked(&mut self, action: Action) -> Outcome {
        if self.carry_out(action) {
            self.round_over()
        } else {
            Outcome::Continue
        }
    }

    /// The end of the round: each player's points.
    #[cold]
    fn round_over(&self) -> Outcome {
        Outcome::RoundOver(Points::from_fn(self.players(), |s| {
            self.points(Seat::new(s))
        }))
    }

    /// Makes a checked action's changes; says whether the round is over.
    fn carry_out(&mut self, action: Action) -> bool {
        let seat = self.turn.index();
        match action {
            Action::Pass => {
                self.voluntary[seat] += u8::from(self.can_play());
                self.passes[seat] += 1;
                self.turn = self.after(self.turn);
                return false;
            }
            Action::Play(card) => {
                self.layout.place(card);
                self.give_up(seat, card);
            }
            Action::Discard(card) => {
                self.give_up(seat, card);
                let place = &mut self.discard_count[seat];
                self.discarded[usize::from(self.start[seat]) + usize::from(*place)] = Some(card);
                *place += 1;
            }
        }
        self.moves += 1;
        self.turn = self.after(self.turn);
        // The round ends with the last card, or, passing, with the first player out.
        self.ended = self.moves == 52 || (self.passing && self.held[seat].is_empty());
        // Dealt one card fewer, a player can run out before the others: it is skipped.
        while !self.ended && self.held[self.turn.index()].is_empty() {
            self.turn = self.after(self.turn);
        }
        self.ended
    }

    /// Takes `card` out of `seat`'s hand.
    #[inline(always)]
    fn give_up(&mut self, seat: usize, card: Card) {
        self.held[seat].remove(card);
        self.held_places[seat] &= !(1 << self.slot[card.index()]);
    }

    /// The same round with other cards in the players' hands and discard piles (one of
    /// each a player, seat by seat): a determinization for search. Hands keep `cards` in
    /// the given order.
    ///
    /// # Panics
    /// If there is not one hand and one pile for each player, or a player gets more
    /// cards than it was dealt.
    pub fn with_cards(&self, hands: &[Vec<Card>], discards: &[Vec<Card>]) -> Round {
        assert_eq!(hands.len(), self.players(), "a hand for each player");
        assert_eq!(discards.len(), self.players(), "a pile for each player");
        let mut round = *self;
        for seat in 0..self.players() {
            let (from, to) = (
                usize::from(self.start[seat]),
                usize::from(self.start[seat + 1]),
            );
            let mut order: Vec<Card> = hands[seat].clone();
            order.extend(
                self.dealt_to(seat)
                    .iter()
                    .filter(|c| !hands[seat].contains(c))
                    .take(to - from - hands[seat].len()),
            );
            round.dealt[from..to].copy_from_slice(&order[..to - from]);
            round.held[seat] = hands[seat].iter().copied().collect();
            round.discarded[from..to].fill(None);
            for (place, &card) in discards[seat].iter().enumerate() {
                round.discarded[from + place] = Some(card);
            }
            round.discard_count[seat] = discards[seat].len() as u8;
        }
        (round.slot, round.held_places) = round.slots();
        round
    }

    /// The round as everyone may see it.
    pub fn public(&self) -> PublicRound<'_> {
        PublicRound { round: self }
    }

    /// What `seat` may see.
    pub fn view(&self, seat: Seat) -> View<'_> {
        View {
            round: self,
            seat,
            public: PublicRound { round: self },
        }
    }
}

/// The round as everyone at the table may see it: the layout and how many cards each
/// player holds and discarded, no card of a hand or a discard pile.
#[derive(Clone, Copy, Debug)]
pub struct PublicRound<'a> {
    round: &'a Round,
}

impl<'a> PublicRound<'a> {
    /// Whether every card has been played or discarded.
    pub fn is_over(&self) -> bool {
        self.round.is_over()
    }

    /// The cards on the table.
    pub fn layout(&self) -> &'a Layout {
        &self.round.layout
    }

    /// How many players the round seats.
    pub fn players(&self) -> usize {
        self.round.players()
    }

    /// How many cards another player holds (its hand is hidden).
    pub fn hand_size(&self, seat: Seat) -> usize {
        self.round.held(seat).len()
    }

    /// How many cards another player has discarded (face down).
    pub fn discard_count(&self, seat: Seat) -> usize {
        self.round.discards(seat).count()
    }

    /// A player's discards in the order discarded, face up once the round is over (the
    /// CS 246 handout, 5.6 Scoring: at the round's end `Player<x>'s discards:<list of
    /// discards>` is printed for every player); `None` while the round is played, when
    /// they are face down.
    pub fn revealed_discards(&self, seat: Seat) -> Option<impl Iterator<Item = Card> + 'a> {
        let round = self.round;
        round.is_over().then(|| round.discards(seat))
    }

    /// How many times a player passed this round (house rule).
    pub fn pass_count(&self, seat: Seat) -> u32 {
        self.round.passes(seat)
    }

    /// Whether a stuck player passes rather than discards (house rule).
    pub fn passing(&self) -> bool {
        self.round.passing
    }

    /// Cards played or discarded this round.
    pub fn moves(&self) -> usize {
        self.round.moves()
    }

    /// Voluntary passes the player to move has left this round.
    pub fn voluntary_passes_left(&self) -> u8 {
        self.round.voluntary_passes_left()
    }
}

/// What one player may see: the public round ([`PublicRound`], which it derefs to), its
/// own hand and discards.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    round: &'a Round,
    seat: Seat,
    public: PublicRound<'a>,
}

table::view_over_public!(PublicRound);

impl<'a> View<'a> {
    /// The player's cards in deck order.
    pub fn hand(&self) -> impl Iterator<Item = Card> + 'a {
        self.round.hand(self.seat)
    }

    /// The seat's own discards this round.
    pub fn discards(&self) -> impl Iterator<Item = Card> + 'a {
        self.round.discards(self.seat)
    }

    /// The player's legal plays in hand order (none unless it is its turn).
    pub fn legal_plays(&self) -> Vec<Card> {
        if self.round.turn == self.seat {
            self.round.legal_plays().collect()
        } else {
            Vec::new()
        }
    }

    /// The seat's legal actions (none off its turn).
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.round.turn == self.seat {
            self.round.legal_actions()
        } else {
            Vec::new()
        }
    }

    /// Whether `action` would be accepted now, and why not. Off the seat's turn it says
    /// whose turn it is and nothing of the hand to move.
    pub fn check(&self, action: Action) -> Result<(), Refused<IllegalAction>> {
        if self.round.turn != self.seat || self.round.is_over() {
            let turn = if self.round.is_over() {
                Turn::Over
            } else {
                Turn::Seat(self.round.turn.index())
            };
            return Err(Refused::NotYourTurn { turn });
        }
        self.round.check(action).map_err(Refused::Illegal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seven_of_spades_opens() {
        let deck = cards::deck::cs246_straights();
        let mut round = Round::deal(&deck);
        // Initial order: Player 4 holds the spades, the seven of spades among them.
        assert_eq!(round.turn(), Seat::new(3));
        assert_eq!(round.legal_actions(), vec![Action::Play(SEVEN_OF_SPADES)]);
        let six: Card = "6S".parse().unwrap();
        let refused = [
            (Action::Play(six), IllegalAction::NotPlayable(six)),
            (Action::Discard(six), IllegalAction::MustPlay(six)),
        ];
        for (action, why) in refused {
            assert_eq!(round.apply(action), Err(why));
        }
        round.apply(Action::Play(SEVEN_OF_SPADES)).unwrap();
        // Player 1 holds only clubs: 7C is its one legal play.
        assert_eq!(round.turn(), Seat::new(0));
        assert_eq!(
            round.legal_actions(),
            vec![Action::Play("7C".parse().unwrap())]
        );
    }

    #[test]
    fn discards_score_their_ranks() {
        // Handout section 4: an Ace, a Six and a King score 1 + 6 + 13 = 20.
        let deck = cards::deck::cs246_straights();
        let mut round = Round::deal(&deck);
        round.discarded[0] = Some("AC".parse().unwrap());
        round.discarded[1] = Some("6C".parse().unwrap());
        round.discarded[2] = Some("KC".parse().unwrap());
        assert_eq!(round.points(Seat::new(0)), 20);
    }
}
