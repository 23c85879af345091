use std::fmt;

use cards::euchre_order::TrumpOrder;
use cards::{Card, CardSet, Rank, Suit};
use table::{Refused, Turn};

use crate::{
    Declined, Holding, IllegalAction, Packets, PullChoice, QuotaRule, Round, Rules, Seat,
    VictimOrder,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// Where a hand stands; [`Hand::turn`] says who acts.
pub enum Phase {
    /// The maker names trump, in round one or two.
    Making(Round),
    /// A player short of its quota last hand chooses the card a puller takes (house rule).
    Giving,
    /// An over-quota player has taken a card and must give one back.
    Pulling,
    /// Playing the ten tricks.
    Tricks,
    /// All ten tricks are played.
    Over,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::Making(Round::One) => "round one of naming trump",
            Phase::Making(Round::Two) => "round two of naming trump",
            Phase::Giving => "the choice of the card to hand over",
            Phase::Pulling => "a pull",
            Phase::Tricks => "the tricks",
            Phase::Over => "the end of the hand",
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
/// Everything a player can do in a hand of Teen Do Panch.
#[cfg_attr(
    feature = "schema",
    derive(schemars::JsonSchema),
    schemars(rename = "TeenDoPanchAction")
)]
pub enum Action {
    /// Round one: the maker waits for three more cards.
    Pass,
    /// The maker names trump.
    Call(Suit),
    /// Give a card back to the player pulled from.
    Return(Card),
    /// Hand a card to the player pulling from you (house rule: the short player chooses).
    Give(Card),
    /// Lead or follow in a trick.
    Play(Card),
}

/// A pull in progress: `puller` took `taken` from `victim` and owes it a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pull {
    /// The player over its quota last hand, who takes a card.
    pub puller: Seat,
    /// The player under its quota last hand, who loses one.
    pub victim: Seat,
    /// The card taken.
    pub taken: Card,
}

/// The trick being played, three seats round.
pub type Trick = cards::trick::Trick<Seat, 3>;

/// How a hand went for each player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HandResult {
    /// Tricks each player took.
    pub tricks: [u8; 3],
    /// Each player's quota.
    pub quotas: [u8; 3],
    /// Points each player scored.
    pub points: [u32; 3],
    /// Tricks above (positive) or below (negative) quota: next hand's pulls.
    pub surplus: [i8; 3],
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// What an accepted action led to.
pub enum Outcome {
    /// Nothing to report: the next player acts.
    Continue,
    /// A trick was completed.
    Trick {
        /// Who took it (and leads next).
        winner: Seat,
        /// The hand's result, after the tenth trick.
        result: Option<HandResult>,
    },
    /// A card changed hands in a pull: given back to the short player, or handed over
    /// to the puller (house rule); then the next player acts.
    Passed {
        /// Who received the card.
        to: Seat,
    },
}

const DEAL_ROUNDS: [usize; 3] = [5, 3, 2];

/// The highest of `cards` by rank (the first of equals): what names trump when the maker
/// declines and its packet is turned up.
fn highest_of(cards: &[Card]) -> Card {
    let mut best = cards[0];
    for &card in &cards[1..] {
        if card.rank() > best.rank() {
            best = card;
        }
    }
    best
}

/// One hand of Teen Do Panch, from the deal to the tenth trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    rules: Rules,
    dealer: Seat,
    deck: [Card; 30],
    dealt: u8,
    hands: [Holding; 3],
    phase: Phase,
    turn: Seat,
    trump: Option<Suit>,
    /// Pulls still owed: positive for a puller, negative for a victim.
    owed: [i8; 3],
    pull: Option<Pull>,
    trick: Trick,
    tricks_won: [u8; 3],
    played: CardSet,
    /// Suits each seat has shown it lacks by not following them (bit per suit index);
    /// only where following suit is enforced does failing to follow show anything.
    voids: [u8; 3],
    /// `gifts[giver][receiver]`: cards given back in pulls, which only the giver saw.
    gifts: [[CardSet; 3]; 3],
    /// The maker's packet turned up for everyone when it declined (house rule).
    turned_up: CardSet,
    /// A pull waiting for its victim to choose the card: (puller, victim).
    giving: Option<(Seat, Seat)>,
}

impl Hand {
    /// The most actions a hand takes under any house rules: a pass and a call, a card
    /// handed over and one given back for each of at most ten pulls, and thirty cards.
    pub const MAX_ACTIONS: usize = 2 + 2 * 10 + 30;

    /// Deals the first five cards each from `deck` (30 distinct cards). `owed` is the
    /// previous hand's surplus: the pulls to make once all cards are dealt.
    ///
    /// # Panics
    /// If the deck is not 30 distinct cards (decks come from the pack, which checks).
    pub fn deal(rules: Rules, dealer: Seat, deck: &[Card], owed: [i8; 3]) -> Hand {
        let deck: [Card; 30] = deck.try_into().expect("Teen Do Panch deals 30 cards");
        assert_eq!(
            deck.iter().copied().collect::<CardSet>().len(),
            30,
            "30 distinct cards"
        );
        let mut hand = Hand {
            rules,
            dealer,
            deck,
            dealt: 0,
            hands: [Holding::default(); 3],
            phase: Phase::Making(Round::One),
            turn: rules.after(dealer),
            trump: None,
            owed,
            pull: None,
            trick: Trick::new(rules.after(dealer)),
            tricks_won: [0; 3],
            played: CardSet::EMPTY,
            voids: [0; 3],
            gifts: [[CardSet::EMPTY; 3]; 3],
            turned_up: CardSet::EMPTY,
            giving: None,
        };
        hand.deal_round();
        hand
    }

    /// Deals the next packet (5, 3 or 2 cards; or 5 and 5), one card at a time from the
    /// player after the dealer.
    fn deal_round(&mut self) {
        let rounds = match (self.rules.packets, self.dealt) {
            (_, 0) => DEAL_ROUNDS[0],
            (Packets::FiveFive, _) => 5,
            (Packets::FiveThreeTwo, 15) => DEAL_ROUNDS[1],
            (Packets::FiveThreeTwo, _) => DEAL_ROUNDS[2],
        };
        let first = self.rules.after(self.dealer);
        let seats = [first, self.rules.after(first), self.dealer];
        let (start, deck) = (usize::from(self.dealt), self.deck);
        for round in deck[start..start + 3 * rounds].chunks_exact(3) {
            for (seat, &card) in seats.iter().zip(round) {
                self.hands[seat.index()].push(card);
            }
        }
        self.dealt += (3 * rounds) as u8;
    }

    /// The rules variant.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The player after the dealer (its left neighbour in the handout), who names trump
    /// and leads first.
    pub fn maker(&self) -> Seat {
        self.rules.after(self.dealer)
    }

    /// Where the hand stands.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whose move it is.
    pub fn turn(&self) -> Seat {
        self.turn
    }

    /// The trump suit, once named.
    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    /// The trick being played.
    pub fn trick(&self) -> &Trick {
        &self.trick
    }

    /// The pull in progress.
    pub fn pull(&self) -> Option<Pull> {
        self.pull
    }

    /// `seat`'s cards in the order they arrived.
    pub fn holding(&self, seat: Seat) -> &Holding {
        &self.hands[seat.index()]
    }

    /// Tricks `seat` has taken this hand.
    pub fn tricks_won(&self, seat: Seat) -> u8 {
        self.tricks_won[seat.index()]
    }

    /// Cards dealt so far: 15, 24 or 30 (15 or 30 in packets of five).
    pub fn dealt(&self) -> usize {
        self.dealt as usize
    }

    /// The card order, once trump is named (with the sevens on top under that house rule).
    pub fn trump_order(&self) -> Option<TrumpOrder> {
        let tops = self.rules.tops();
        self.trump.map(|trump| TrumpOrder::new(trump, tops))
    }

    /// The order of the trick in progress: trump's once named, plain suits before.
    fn order(&self) -> TrumpOrder {
        TrumpOrder::new(self.trump.unwrap_or(Suit::Spades), self.rules.tops())
    }

    /// Each player's quota of tricks this hand.
    pub fn quotas(&self) -> [u8; 3] {
        const BY_DEALER_OFFSET: [u8; 3] = [2, 5, 3];
        Seat::ALL.map(|seat| {
            let offset = match self.rules.quotas {
                QuotaRule::ByRole => self.rules.places_after(self.dealer, seat),
                QuotaRule::ReferenceRotation => (seat.index() + self.dealer.index()) % 3,
            };
            BY_DEALER_OFFSET[offset]
        })
    }

    /// The cards the player to move may play.
    pub fn legal_plays(&self) -> CardSet {
        let hand = self.hands[self.turn.index()].set();
        // Worked out whether a card was led or not, then one select: whether the trick
        // is new is random play's, and a branch on it was mispredicted.
        let led = self.trick.led_or(Card::new(Rank::Two, Suit::Spades));
        // Without the sevens on top a suit is its printed suit: no table to read.
        let suit = if self.rules.sevens_high {
            self.order().following(led)
        } else {
            CardSet::suit(led.suit())
        };
        let following = hand.intersection(suit);
        let must_follow = !self.trick.is_empty() & self.rules.follow_suit & !following.is_empty();
        if must_follow {
            following
        } else {
            hand
        }
    }

    /// The cards a puller may give back: any it held before the pull (never the card
    /// just taken), or under the handout's rule only those of a suit it holds three or
    /// more of, the card just taken counted: the handout's "they must retain at least two
    /// cards in that suit after returning one", and it "cannot return the same card they
    /// just took", so that card is in the hand being counted.
    pub fn legal_returns(&self) -> CardSet {
        let Some(pull) = self.pull else {
            return CardSet::EMPTY;
        };
        let hand = self.hands[pull.puller.index()].set();
        if !self.rules.return_from_long_suit {
            return hand;
        }
        let mut counted = hand;
        counted.insert(pull.taken);
        Suit::ALL
            .into_iter()
            .filter(|&s| counted.intersection(CardSet::suit(s)).len() >= 3)
            .map(|s| hand.intersection(CardSet::suit(s)))
            .fold(CardSet::EMPTY, CardSet::union)
    }

    /// Every legal action of the player to move.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut actions = Vec::with_capacity(12);
        self.legal_actions_into(&mut actions);
        actions
    }

    /// The legal actions written into `actions` (cleared first); allocates nothing once
    /// `actions` has room.
    pub fn legal_actions_into(&self, actions: &mut Vec<Action>) {
        actions.clear();
        match self.phase {
            Phase::Making(_) => actions.extend(
                (0..self.legal_action_count())
                    .map(|k| self.nth_legal_action(k).expect("k is below the count")),
            ),
            Phase::Giving => {
                actions.extend(self.hands[self.turn.index()].cards().map(Action::Give))
            }
            Phase::Pulling => actions.extend(self.legal_returns().iter().map(Action::Return)),
            Phase::Tricks => actions.extend(self.legal_plays().iter().map(Action::Play)),
            Phase::Over => {}
        }
    }

    /// How many legal actions [`Hand::legal_actions`] lists, without listing them.
    pub fn legal_action_count(&self) -> usize {
        match self.phase {
            Phase::Making(round) => usize::from(round == Round::One) + Suit::ALL.len(),
            Phase::Giving => self.hands[self.turn.index()].len(),
            Phase::Pulling => self.legal_returns().len(),
            Phase::Tricks => self.legal_plays().len(),
            Phase::Over => 0,
        }
    }

    /// The `k`-th of [`Hand::legal_actions`], without listing them: a random player's
    /// pick. While trump is made this is where the order is defined (round one's pass
    /// first, then every suit in order); the list is built from it.
    pub fn nth_legal_action(&self, k: usize) -> Option<Action> {
        match self.phase {
            Phase::Making(round) => match k.checked_sub(usize::from(round == Round::One)) {
                None => Some(Action::Pass),
                Some(suit) => Suit::ALL.get(suit).copied().map(Action::Call),
            },
            Phase::Giving => self.hands[self.turn.index()].get(k).map(Action::Give),
            Phase::Pulling => self.legal_returns().nth(k).map(Action::Return),
            Phase::Tricks => self.legal_plays().nth(k).map(Action::Play),
            Phase::Over => None,
        }
    }

    /// Whether `action` is legal for the player to move, and if not, why.
    pub fn check(&self, action: Action) -> Result<(), IllegalAction> {
        let held = self.hands[self.turn.index()].set();
        let holds = |card: Card| {
            if held.contains(card) {
                Ok(())
            } else {
                Err(IllegalAction::NotHeld(card))
            }
        };
        match (self.phase, action) {
            (Phase::Over, _) => Err(IllegalAction::NoHand),
            (Phase::Making(Round::One), Action::Pass | Action::Call(_)) => Ok(()),
            (Phase::Making(Round::Two), Action::Call(_)) => Ok(()),
            (Phase::Making(Round::Two), Action::Pass) => Err(IllegalAction::MakerMustCall),
            (Phase::Giving, Action::Give(card)) => holds(card),
            (Phase::Pulling, Action::Return(card)) => match self.pull {
                Some(pull) if pull.taken == card => Err(IllegalAction::TakenBack(card)),
                _ if !self.legal_returns().contains(card) => {
                    holds(card).and(Err(IllegalAction::ShortSuit(card)))
                }
                _ => Ok(()),
            },
            (Phase::Tricks, Action::Play(card)) => {
                holds(card)?;
                match self.trick.led() {
                    Some(led) if !self.legal_plays().contains(card) => {
                        Err(IllegalAction::MustFollow(self.order().suit_of(led)))
                    }
                    _ => Ok(()),
                }
            }
            (phase, _) => Err(IllegalAction::NotNow(phase)),
        }
    }

    /// Whether `action` is legal for the player to move.
    pub fn is_legal(&self, action: Action) -> bool {
        self.check(action).is_ok()
    }

    /// Applies the action of the player to move, or leaves the hand unchanged.
    pub fn apply(&mut self, action: Action) -> Result<Outcome, IllegalAction> {
        self.check(action)?;
        Ok(self.carry_out(action))
    }

    /// Applies an action taken from the legal actions without checking it again (debug
    /// builds do): the simulations' path.
    pub fn apply_legal(&mut self, action: Action) -> Outcome {
        debug_assert_eq!(self.check(action), Ok(()), "{action:?} is legal");
        self.carry_out(action)
    }

    /// Makes a checked action's changes.
    fn carry_out(&mut self, action: Action) -> Outcome {
        match action {
            Action::Pass => {
                let maker = self.maker();
                let before = self.hands[maker.index()].len();
                self.deal_round();
                match self.rules.declined {
                    Declined::Wait => self.phase = Phase::Making(Round::Two),
                    Declined::TurnUp => {
                        let packet = self.hands[maker.index()].cards().skip(before);
                        let shown: Vec<Card> = match self.rules.packets {
                            Packets::FiveThreeTwo => packet.collect(),
                            Packets::FiveFive => packet.take(1).collect(),
                        };
                        self.turned_up = shown.iter().copied().collect();
                        self.name_trump(highest_of(&shown).suit());
                    }
                }
            }
            Action::Call(suit) => self.name_trump(suit),
            Action::Return(card) => {
                let to = self.pull.expect("a pull is in progress").victim;
                self.give_back(card);
                return Outcome::Passed { to };
            }
            Action::Give(card) => {
                let (puller, victim) = self.giving.take().expect("a pull waits for its card");
                self.take(puller, victim, card);
                return Outcome::Passed { to: puller };
            }
            Action::Play(card) => return self.play(card),
        }
        Outcome::Continue
    }

    /// Trump is `suit`: the rest of the cards are dealt, then the pulls.
    fn name_trump(&mut self, suit: Suit) {
        self.trump = Some(suit);
        while self.dealt < 30 {
            self.deal_round();
        }
        self.next_pull();
    }

    /// Starts the next pull owed, or the tricks when none is left. Pullers go in player
    /// order; each takes the last card dealt to its victim that the victim still holds.
    fn next_pull(&mut self) {
        let Some(puller) = Seat::ALL.into_iter().find(|s| self.owed[s.index()] > 0) else {
            self.pull = None;
            self.phase = Phase::Tricks;
            self.trick = Trick::new(self.maker());
            self.turn = self.maker();
            return;
        };
        let short = |s: Seat| self.owed[s.index()] < 0;
        let victim = match self.rules.victims {
            VictimOrder::LowestNumber => Seat::ALL.into_iter().find(|&s| short(s)),
            VictimOrder::NextLeft if short(puller.left()) => Some(puller.left()),
            VictimOrder::NextLeft => Some(puller.left().left()),
        }
        .expect("surpluses and deficits balance");
        if self.rules.pull == PullChoice::ShortPlayer {
            self.pull = None;
            self.giving = Some((puller, victim));
            self.phase = Phase::Giving;
            self.turn = victim;
            return;
        }
        let held = &self.hands[victim.index()];
        let taken = match self.rules.pull {
            PullChoice::Unseen => held.get(self.draw(held)),
            _ => held.last(),
        };
        self.take(puller, victim, taken.expect("a victim holds cards"));
    }

    /// Which of `held`'s cards an unseen draw takes: a hash of the whole deck's order
    /// (which no player knows: each sees only its own cards) and of the cards `held`, so
    /// each pull of a hand draws afresh and a replay draws the same.
    fn draw(&self, held: &Holding) -> usize {
        let mut hash = held.set().bits() ^ 0x9E37_79B9_7F4A_7C15;
        for card in self.deck {
            hash = (hash ^ card.index() as u64).wrapping_mul(0x0100_0000_01B3);
        }
        // splitmix64's finaliser spreads the bits before the reduction.
        hash = (hash ^ (hash >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        hash = (hash ^ (hash >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        hash ^= hash >> 31;
        (hash % held.len() as u64) as usize
    }

    /// `puller` takes `taken` from `victim` and must give one back. A card the victim
    /// chose is known to it where it went, like a card given back.
    fn take(&mut self, puller: Seat, victim: Seat, taken: Card) {
        self.hands[victim.index()].remove(taken);
        if self.rules.pull == PullChoice::ShortPlayer {
            self.gifts[victim.index()][puller.index()].insert(taken);
        }
        self.pull = Some(Pull {
            puller,
            victim,
            taken,
        });
        self.phase = Phase::Pulling;
        self.turn = puller;
    }

    /// A pull waiting for the short player to choose the card: (puller, victim).
    pub fn giving(&self) -> Option<(Seat, Seat)> {
        self.giving
    }

    fn give_back(&mut self, card: Card) {
        let pull = self.pull.expect("a pull is in progress");
        let puller = &mut self.hands[pull.puller.index()];
        puller.remove(card);
        puller.push(pull.taken);
        self.hands[pull.victim.index()].push_front(card);
        self.gifts[pull.puller.index()][pull.victim.index()].insert(card);
        self.owed[pull.puller.index()] -= 1;
        self.owed[pull.victim.index()] += 1;
        self.next_pull();
    }

    fn play(&mut self, card: Card) -> Outcome {
        // A card not of the suit led shows a void (the leader's own card never does).
        // Arithmetic, not branches: random play would mispredict them.
        let suit_of = |c: Card| {
            if self.rules.sevens_high {
                self.order().suit_of(c)
            } else {
                c.suit()
            }
        };
        let led = suit_of(self.trick.led_or(card));
        let shows_void = self.rules.follow_suit && suit_of(card) != led;
        self.voids[self.turn.index()] |= u8::from(shows_void) << led.index();
        self.played.insert(card);
        self.hands[self.turn.index()].remove(card);
        self.trick.push(self.turn, card);
        if !self.trick.is_full() {
            self.turn = self.rules.after(self.turn);
            return Outcome::Continue;
        }
        let order = self.trump_order().expect("tricks are played with trump");
        let winner = self
            .trick
            .winning(order)
            .expect("three cards were played")
            .0;
        self.tricks_won[winner.index()] += 1;
        self.trick = Trick::new(winner);
        self.turn = winner;
        if self.tricks_won.iter().sum::<u8>() < 10 {
            return Outcome::Trick {
                winner,
                result: None,
            };
        }
        self.phase = Phase::Over;
        Outcome::Trick {
            winner,
            result: Some(self.result()),
        }
    }

    /// The quota of 5 scores 2 for making it and 1 for each trick above; the others score
    /// 1 for each trick above their quota.
    fn result(&self) -> HandResult {
        let quotas = self.quotas();
        let tricks = self.tricks_won;
        let points = Seat::ALL.map(|s| {
            let (made, quota) = (u32::from(tricks[s.index()]), u32::from(quotas[s.index()]));
            match (quota, made >= quota) {
                (5, true) => 2 + made - quota,
                (_, true) => made - quota,
                (_, false) => 0,
            }
        });
        HandResult {
            tricks,
            quotas,
            points,
            surplus: Seat::ALL.map(|s| tricks[s.index()] as i8 - quotas[s.index()] as i8),
        }
    }

    /// The hand as everyone may see it.
    pub fn public(&self) -> PublicHand<'_> {
        PublicHand { hand: self }
    }

    /// What `seat` may see of this hand.
    pub fn view(&self, seat: Seat) -> View<'_> {
        View {
            hand: self,
            seat,
            public: self.public(),
        }
    }

    /// Every card played to a trick so far.
    pub fn played(&self) -> CardSet {
        self.played
    }

    /// Whether `seat` has shown it holds no card of `suit`.
    pub fn shown_void(&self, seat: Seat, suit: Suit) -> bool {
        self.voids[seat.index()] & (1 << suit.index()) != 0
    }

    /// Cards `giver` gave back to `receiver` in pulls this hand.
    pub fn gifts(&self, giver: Seat, receiver: Seat) -> CardSet {
        self.gifts[giver.index()][receiver.index()]
    }

    /// The maker's packet turned up when it declined to name trump (house rule).
    pub fn turned_up(&self) -> CardSet {
        self.turned_up
    }

    /// The cards not yet dealt, in dealing order.
    pub fn undealt(&self) -> &[Card] {
        &self.deck[self.dealt as usize..]
    }

    /// The same hand with other cards in the seats' hands and the undealt rest of the
    /// deck: a determinization for search.
    pub fn with_cards(&self, holdings: [Vec<Card>; 3], undealt: &[Card]) -> Hand {
        let mut hand = *self;
        for (seat, cards) in holdings.iter().enumerate() {
            let mut holding = Holding::default();
            for &card in cards {
                holding.push(card);
            }
            hand.hands[seat] = holding;
        }
        hand.deck[self.dealt as usize..].copy_from_slice(undealt);
        hand
    }
}

/// The hand as everyone at the table may see it: no method gives a player's cards.
#[derive(Clone, Copy, Debug)]
pub struct PublicHand<'a> {
    hand: &'a Hand,
}

impl<'a> PublicHand<'a> {
    /// The seat holding a card it pulled and has not settled yet (public: everyone sees
    /// a card change hands, not which).
    pub fn pulled_by(&self) -> Option<Seat> {
        self.hand.pull.map(|p| p.puller)
    }

    /// The rules variant.
    pub fn rules(&self) -> &'a Rules {
        &self.hand.rules
    }

    /// Where the hand stands.
    pub fn phase(&self) -> Phase {
        self.hand.phase
    }

    /// The trump suit, once named.
    pub fn trump(&self) -> Option<Suit> {
        self.hand.trump
    }

    /// The maker's packet turned up when it declined (house rule): everyone saw it.
    pub fn turned_up(&self) -> CardSet {
        self.hand.turned_up
    }

    /// The card order, once trump is named.
    pub fn trump_order(&self) -> Option<TrumpOrder> {
        self.hand.trump_order()
    }

    /// The trick being played.
    pub fn trick(&self) -> &'a Trick {
        &self.hand.trick
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.hand.dealer
    }

    /// The maker, left of the dealer.
    pub fn maker(&self) -> Seat {
        self.hand.maker()
    }

    /// Whose move it is.
    pub fn turn(&self) -> Seat {
        self.hand.turn
    }

    /// Each player's quota of tricks this hand.
    pub fn quotas(&self) -> [u8; 3] {
        self.hand.quotas()
    }

    /// Tricks `seat` has taken this hand.
    pub fn tricks_won(&self, seat: Seat) -> u8 {
        self.hand.tricks_won(seat)
    }

    /// How many cards `seat` holds (public: the cards themselves are not).
    pub fn hand_size(&self, seat: Seat) -> usize {
        self.hand.holding(seat).len()
    }

    /// Who pulls from whom now, without the card taken (public: the others see a card
    /// change hands, not which).
    pub fn pulling(&self) -> Option<(Seat, Seat)> {
        let pull = self.hand.pull.map(|p| (p.puller, p.victim));
        pull.or(self.hand.giving)
    }
}

/// What one player may see: the public hand ([`PublicHand`], which it derefs to), its own
/// cards (and the card it just pulled).
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    hand: &'a Hand,
    seat: Seat,
    public: PublicHand<'a>,
}

table::view_over_public!(PublicHand);

impl<'a> View<'a> {
    /// The seat's cards in the order they arrived.
    pub fn holding(&self) -> &'a Holding {
        &self.hand.hands[self.seat.index()]
    }

    /// The seat's cards.
    pub fn cards(&self) -> CardSet {
        self.holding().set()
    }

    /// The pull this seat is making, with the card it took.
    pub fn pull(&self) -> Option<Pull> {
        self.hand.pull.filter(|p| p.puller == self.seat)
    }

    /// Whether the seat is to act.
    pub fn is_turn(&self) -> bool {
        self.hand.turn == self.seat && self.hand.phase != Phase::Over
    }

    /// The seat's legal actions (none off its turn).
    pub fn legal_actions(&self) -> Vec<Action> {
        if self.is_turn() {
            self.hand.legal_actions()
        } else {
            Vec::new()
        }
    }

    /// What the rules say of `action` from this seat: the reason a front end gives a
    /// person whose answer was refused. Off the seat's turn it says whose turn it is and
    /// nothing of the hand to move.
    pub fn check(&self, action: Action) -> Result<(), Refused<IllegalAction>> {
        if !self.is_turn() {
            let turn = match self.hand.phase {
                Phase::Over => Turn::Over,
                _ => Turn::Seat(self.hand.turn.index()),
            };
            return Err(Refused::NotYourTurn { turn });
        }
        self.hand.check(action).map_err(Refused::Illegal)
    }

    /// The cards the seat may play now, on its turn in a trick.
    pub fn legal_plays(&self) -> CardSet {
        if self.is_turn() && self.hand.phase == Phase::Tricks {
            self.hand.legal_plays()
        } else {
            CardSet::EMPTY
        }
    }

    /// The cards the seat may give back, on its turn in a pull.
    pub fn legal_returns(&self) -> CardSet {
        if self.is_turn() {
            self.hand.legal_returns()
        } else {
            CardSet::EMPTY
        }
    }
}
