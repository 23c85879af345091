//! Teen Do Panch through the common game interface (`table::Game`), and the Simple
//! player as an agent.

use cards::sample::deal_constrained_to;
use cards::{Card, CardSet};
use table::{Agent, Rng, Seated};

use crate::players::Simple;
use crate::{Action, Game, Phase, Seat};

impl table::Game for Game {
    table::hand_over_to_the_core!(name: "teendopanch", seats: 3, pack: cards::deck::TEENDOPANCH);

    fn variant(&self) -> &'static str {
        self.rules().name()
    }

    fn legal_actions(&self, actions: &mut Vec<Action>) {
        match self.hand() {
            Some(hand) => hand.legal_actions_into(actions),
            None => actions.clear(),
        }
    }

    /// During pulls and tricks, a card of the legal set, in the order they are listed.
    fn random_legal_action(&self, rng: &mut Rng, scratch: &mut Vec<Action>) -> Action {
        let Some(hand) = self.hand() else {
            return table::random_listed(self, rng, scratch);
        };
        let (cards, action): (CardSet, fn(Card) -> Action) = match hand.phase() {
            Phase::Tricks => (hand.legal_plays(), Action::Play),
            Phase::Pulling => (hand.legal_returns(), Action::Return),
            Phase::Making(_) | Phase::Giving => {
                let pick = cards::shuffle::random_index(rng, hand.legal_action_count());
                return hand
                    .nth_legal_action(pick)
                    .expect("an index below the count of legal actions");
            }
            Phase::Over => return table::random_listed(self, rng, scratch),
        };
        action(cards.random_card(rng).expect("a legal set is not empty"))
    }

    fn reveals(&self, action: &Action, actor: usize, to: Option<usize>) -> bool {
        match action {
            Action::Return(_) => {
                let victim = self.hand().and_then(|h| h.pull()).map(|p| p.victim.index());
                to == Some(actor) || to == victim
            }
            Action::Give(_) => {
                let puller = self.hand().and_then(|h| h.giving()).map(|(p, _)| p.index());
                to == Some(actor) || to == puller
            }
            _ => true,
        }
    }

    /// Other hands and the undealt rest of the deck are dealt at random from the cards
    /// `seat` has not seen: each hand keeps its size, gets no card of a suit it showed it
    /// lacks, and keeps the cards `seat` gave it back in a pull.
    fn determinize(&self, seat: usize, rng: &mut Rng) -> Game {
        let Some(hand) = self.hand() else {
            return *self;
        };
        let me = Seat::new(seat);
        let mine = hand.holding(me).set();
        let mut known = mine.union(hand.played());
        if let Some(pull) = hand.pull() {
            known.insert(pull.taken);
        }
        let mut fixed = [CardSet::EMPTY; 3];
        for s in Seat::ALL.into_iter().filter(|&s| s != me) {
            fixed[s.index()] = hand.gifts(me, s).intersection(hand.holding(s).set());
            // A packet turned up for all stays with the maker until played or pulled.
            if s == hand.maker() {
                let shown = hand.turned_up().intersection(hand.holding(s).set());
                fixed[s.index()] = fixed[s.index()].union(shown);
            }
            known = known.union(fixed[s.index()]);
        }
        let pool: Vec<Card> = cards::deck::teendopanch()
            .into_iter()
            .filter(|c| !known.contains(*c))
            .collect();
        // Places 0–2 are the seats (mine needs none); place 3 is the undealt deck.
        let mut need = [0; 4];
        for s in Seat::ALL.into_iter().filter(|&s| s != me) {
            need[s.index()] = hand.holding(s).len() - fixed[s.index()].len();
        }
        need[3] = hand.undealt().len();
        let suit_of = |card: Card| hand.trump_order().map_or(card.suit(), |o| o.suit_of(card));
        let accepts = |place: usize, card: Card| {
            place == 3 || !hand.shown_void(Seat::new(place), suit_of(card))
        };
        let dealt = deal_constrained_to(&pool, &need, accepts, rng);
        let holdings = Seat::ALL.map(|s| {
            if s == me {
                hand.holding(s).cards().collect()
            } else {
                fixed[s.index()]
                    .union(dealt[s.index()])
                    .iter()
                    .collect::<Vec<_>>()
            }
        });
        let mut undealt: Vec<Card> = dealt[3].iter().collect();
        cards::shuffle::shuffle(&mut undealt, rng);
        self.with_hand(hand.with_cards(holdings, &undealt))
    }

    /// Those dealt, less the one in play: the one whose turn it is.
    fn hands(&self) -> u32 {
        self.hands_dealt() - u32::from(Game::turn(self).is_some())
    }

    fn max_hand_actions(&self) -> usize {
        crate::Hand::MAX_ACTIONS
    }

    fn points_into(&self, points: &mut Vec<f64>) {
        points.clear();
        points.extend(self.scores().iter().map(|&s| f64::from(s)));
    }

    /// The highest score wins (ties: every leader).
    fn winners(&self) -> Vec<bool> {
        let best = self.scores().into_iter().max().unwrap_or(0);
        self.scores()
            .iter()
            .map(|&s| self.is_over() && s == best)
            .collect()
    }
}

impl Agent<Game> for Simple {
    fn act(&mut self, seated: Seated<'_, Game>, _rng: &mut Rng) -> Action {
        crate::players::simple::decide(&seated.view())
    }
}

impl table::Outcome for crate::Outcome {
    type HandOver = crate::HandOver;
    type Disclosed = ();

    fn happened(&self) -> table::Happened<crate::HandOver> {
        let (winner, result) = match *self {
            crate::Outcome::Trick { winner, result } => (winner, result),
            crate::Outcome::Passed { to } => {
                return table::Happened {
                    passed_to: Some(to.index()),
                    ..table::Happened::default()
                }
            }
            crate::Outcome::Continue => return table::Happened::default(),
        };
        table::Happened {
            trick_taken: Some(winner.index()),
            hand_over: result.map(|r| crate::HandOver {
                tricks: r.tricks,
                quotas: r.quotas,
                points: r.points,
            }),
            ..table::Happened::default()
        }
    }
}
