//! Euchre through the common game interface (`table::Game`), and its computer players
//! as agents.

use cards::euchre_order::TrumpOrder;
use cards::sample::deal_constrained_to;
use cards::{Card, CardSet};
use rand::seq::IndexedRandom;
use table::{Agent, Rng, Seated};

use crate::players::{Cs246, Simple};
use crate::{Action, Game, Phase, Seat};

impl table::Game for Game {
    table::hand_over_to_the_core!(name: "euchre", seats: 4, packs: |game| match ((game.rules().pack, game.rules().joker)) {
        (crate::Pack::TwentyFour, false) => cards::deck::EECS280_EUCHRE,
        (crate::Pack::TwentyEight, false) => cards::deck::EUCHRE_28,
        (crate::Pack::ThirtyTwo, false) => cards::deck::EUCHRE_32,
        (crate::Pack::TwentyFour, true) => cards::deck::EUCHRE_25,
        (crate::Pack::TwentyEight, true) => cards::deck::EUCHRE_29,
        (crate::Pack::ThirtyTwo, true) => cards::deck::EUCHRE_33,
    });

    fn variant(&self) -> &'static str {
        self.rules().name()
    }

    /// Seats 0 and 2 against 1 and 3.
    fn teams(&self) -> Vec<Vec<usize>> {
        crate::Team::BOTH
            .iter()
            .map(|team| team.seats().iter().map(|s| s.index()).collect())
            .collect()
    }

    fn legal_actions(&self, actions: &mut Vec<crate::Action>) {
        match self.hand() {
            Some(hand) => hand.legal_actions_into(actions),
            None => actions.clear(),
        }
    }

    /// During the tricks, a card of the legal plays' set, in the order they are listed.
    #[inline(always)]
    fn random_legal_action(
        &self,
        rng: &mut Rng,
        scratch: &mut Vec<crate::Action>,
    ) -> crate::Action {
        match self.hand() {
            Some(hand) if hand.phase() == Phase::Tricks => {
                let card = hand.legal_plays().random_card(rng);
                crate::Action::Play(card.expect("a player in the tricks holds a card"))
            }
            Some(hand) => random_making(hand, rng),
            None => table::random_listed(self, rng, scratch),
        }
    }

    fn reveals(&self, action: &Action, actor: usize, to: Option<usize>) -> bool {
        !matches!(action, Action::Discard(_)) || to == Some(actor)
    }

    fn determinize(&self, seat: usize, rng: &mut Rng) -> Game {
        match self.hand() {
            Some(hand) => self.with_hand(determinize(hand, Seat::new(seat), rng)),
            None => *self,
        }
    }

    fn hands(&self) -> u32 {
        let in_progress = self.hand().is_some_and(|h| h.phase() != Phase::Over);
        self.hands_dealt() - u32::from(in_progress)
    }

    fn max_hand_actions(&self) -> usize {
        crate::Hand::MAX_ACTIONS
    }

    fn points_into(&self, points: &mut Vec<f64>) {
        points.clear();
        points.extend(Seat::ALL.iter().map(|s| f64::from(self.score(s.team()))));
    }

    fn winners(&self) -> Vec<bool> {
        Seat::ALL
            .iter()
            .map(|s| self.winner() == Some(s.team()))
            .collect()
    }
}

/// A random action while trump is made or the dealer discards, the one the listed
/// actions indexed by the same draw give, without listing them. Out of line, so that the
/// play's path stays small enough to inline into a simulation's loop.
#[inline(never)]
fn random_making(hand: &crate::Hand, rng: &mut Rng) -> crate::Action {
    let k = cards::shuffle::random_index(rng, hand.legal_action_count());
    hand.nth_legal_action(k)
        .expect("an index below the count of legal actions")
}

/// Deals every card `seat` cannot see: other hands get as many cards as they hold, none of
/// a suit they showed they lack; a dealer who picked up the upcard keeps it until played.
fn determinize(hand: &crate::Hand, seat: Seat, rng: &mut Rng) -> crate::Hand {
    // A dealer naming trump blind (a benny turned up) has not seen its own cards either.
    let mine = if hand.blind(seat) {
        CardSet::EMPTY
    } else {
        hand.cards(seat)
    };
    let upcard = hand.upcard();
    let picked_up = matches!(hand.phase(), Phase::Discard | Phase::Tricks | Phase::Over)
        && hand.dealer_takes_upcard()
        && !hand.played().contains(upcard);
    let mut known = mine.union(hand.played());
    known.insert(upcard);
    // A farmer's hand showed three cards into the kitty, out of every hand.
    if let Some((_, shown)) = hand.farmer() {
        known = known.union(shown);
    }
    if let Some(discard) = hand.discard().filter(|_| seat == hand.dealer()) {
        known.insert(discard);
    }
    let unseen = hand.rules().deck_set().difference(known);
    let mut pool_buffer = [upcard; 64];
    let pool = listed(unseen, &mut pool_buffer);
    let order = hand.trump_order();
    let mut fixed = [CardSet::EMPTY; 4];
    fixed[seat.index()] = mine;
    let voids = hand.voids();
    let shown_void = |s: Seat, suit: cards::Suit| voids[s.index()] & (1 << suit.index()) != 0;
    let dealer_may_hold = |suit| !shown_void(hand.dealer(), suit);
    if picked_up
        && hand.dealer() != seat
        && !hand.cards(hand.dealer()).is_empty()
        && dealer_may_hold(order.map_or(upcard.suit(), |o| o.suit_of(upcard)))
    {
        fixed[hand.dealer().index()].insert(upcard);
    }
    let mut need = Seat::ALL.map(|s| hand.cards(s).len() - fixed[s.index()].len());
    need[seat.index()] = hand.cards(seat).len() - mine.len();
    // Each seat's acceptable cards as one set, looked up for every card of every world
    // dealt: the cards of no suit it showed it lacks (its own seat lacks none).
    let accepted = Seat::ALL.map(|s| {
        let suits = cards::Suit::ALL.into_iter();
        suits
            .filter(|&suit| s == seat || !shown_void(s, suit))
            .fold(CardSet::EMPTY, |set, suit| {
                set.union(order.map_or(CardSet::suit(suit), |o: TrumpOrder| o.cards_of(suit)))
            })
    });
    let dealt = deal_constrained_to(pool, &need, |p, card| accepted[p].contains(card), rng);
    let hands = Seat::ALL.map(|s| fixed[s.index()].union(dealt[s.index()]));
    // The unseen cards no hand was dealt: the dealer's discard and the kitty are of them.
    let in_hands: CardSet = hands.iter().fold(CardSet::EMPTY, |all, &h| all.union(h));
    let mut free_buffer = [upcard; 64];
    let free = listed(unseen.difference(in_hands), &mut free_buffer);
    let discard = if seat == hand.dealer() {
        hand.discard()
    } else {
        // Any card left undealt may be the one the dealer put away.
        hand.discard()
            .map(|_| free.choose(rng).copied().unwrap_or(upcard))
    };
    let world = hand.with_cards(hands, discard);
    // While a farmer's hand may still take the kitty, its three cards are unseen too.
    if hand.rules().farmers_hand && hand.farmer().is_none() && hand.phase() == Phase::Declaring {
        return world.with_kitty(free.choose_multiple(rng, 3).copied().collect());
    }
    world
}

/// `set`'s cards in order, written into `buffer`: a list without an allocation, for the
/// worlds a strong player deals by the thousand.
fn listed(set: CardSet, buffer: &mut [Card; 64]) -> &[Card] {
    let mut count = 0;
    for (slot, card) in buffer.iter_mut().zip(set.iter()) {
        *slot = card;
        count += 1;
    }
    &buffer[..count]
}

impl Agent<Game> for Simple {
    fn act(&mut self, seated: Seated<'_, Game>, _rng: &mut Rng) -> crate::Action {
        crate::players::simple::decide(&seated.view())
    }
}

impl Agent<Game> for Cs246 {
    fn act(&mut self, seated: Seated<'_, Game>, _rng: &mut Rng) -> crate::Action {
        crate::players::cs246::decide(&seated.view())
    }
}

impl table::Outcome for crate::Outcome {
    type HandOver = crate::HandOver;
    type Disclosed = crate::Disclosed;

    fn happened(&self) -> table::Happened<crate::HandOver, crate::Disclosed> {
        use crate::{Disclosed, HandOver, Outcome};
        use table::{Happened, Penalty};
        match *self {
            Outcome::Continue => Happened::default(),
            Outcome::OrderedUp { upcard, by_dealer } => Happened {
                disclosed: Some(Disclosed::OrderedUp {
                    card: upcard,
                    by_dealer,
                }),
                ..Happened::default()
            },
            Outcome::Nullified => Happened {
                hand_over: Some(HandOver::ThrownIn),
                ..Happened::default()
            },
            Outcome::FarmersHand(shown) => Happened {
                disclosed: Some(Disclosed::FarmersHand(shown)),
                ..Happened::default()
            },
            Outcome::McEvoy(seat) => Happened {
                hand_over: Some(HandOver::Refused { by: seat.index() }),
                ..Happened::default()
            },
            Outcome::Renege { team, points } => Happened {
                penalty: Some(Penalty {
                    to: team.seats()[0].index(),
                    points,
                }),
                ..Happened::default()
            },
            Outcome::Trick { winner, result } => Happened {
                trick_taken: Some(winner.index()),
                hand_over: result.map(|r| {
                    let makers = r.makers.seats()[0].index();
                    match r.maker_tricks {
                        0..=2 => HandOver::Euchred {
                            makers,
                            tricks: r.maker_tricks,
                            points: r.points,
                        },
                        5 => HandOver::March {
                            makers,
                            alone: r.alone,
                            points: r.points,
                        },
                        tricks => HandOver::Made {
                            makers,
                            alone: r.alone,
                            tricks,
                            points: r.points,
                        },
                    }
                }),
                ..Happened::default()
            },
        }
    }
}
