//! Straights through the common game interface (`table::Game`), and the handout's
//! computer player as an agent.

use cards::{Card, CardSet};
use table::{Agent, Rng, Seated};

use crate::players::Computer;
use crate::{Action, Game, Seat};

impl table::Game for Game {
    table::hand_over_to_the_core!(
        name: "straights",
        seats: |game| game.players(),
        pack: cards::deck::CS246_STRAIGHTS
    );

    fn variant(&self) -> &'static str {
        "cs246"
    }

    fn legal_actions(&self, actions: &mut Vec<Action>) {
        match self.round() {
            Some(round) => round.legal_actions_into(actions),
            None => actions.clear(),
        }
    }

    /// A card of the legal set, in the order they are listed.
    fn random_legal_action(&self, rng: &mut Rng, scratch: &mut Vec<Action>) -> Action {
        match self.round() {
            Some(round) if !round.is_over() => round
                .random_legal_action(rng)
                .expect("a round in play has a legal action"),
            _ => table::random_listed(self, rng, scratch),
        }
    }

    fn reveals(&self, action: &Action, actor: usize, to: Option<usize>) -> bool {
        !matches!(action, Action::Discard(_)) || to == Some(actor)
    }

    /// Other players' hands and (face-down) discard piles are dealt at random from the
    /// cards `seat` has not seen, in the sizes it has seen.
    fn determinize(&self, seat: usize, rng: &mut Rng) -> Game {
        let Some(round) = self.round() else {
            return *self;
        };
        let me = Seat::new(seat);
        let mine: CardSet = round.hand(me).chain(round.discards(me)).collect();
        let seen = mine.union(round.layout().cards());
        let mut unseen: Vec<Card> = cards::deck::cs246_straights()
            .into_iter()
            .filter(|c| !seen.contains(*c))
            .collect();
        cards::shuffle::shuffle(&mut unseen, rng);
        let mut unseen = unseen.into_iter();
        let mut hands = vec![Vec::new(); round.players()];
        let mut discards = vec![Vec::new(); round.players()];
        for s in round.seats() {
            if s == me {
                hands[s.index()] = round.hand(s).collect();
                discards[s.index()] = round.discards(s).collect();
            } else {
                hands[s.index()] = unseen.by_ref().take(round.held(s).len()).collect();
                discards[s.index()] = unseen.by_ref().take(round.discards(s).count()).collect();
            }
        }
        self.with_round(round.with_cards(&hands, &discards))
    }

    /// Those dealt, less the one in play: the one whose turn it is.
    fn hands(&self) -> u32 {
        self.rounds() - u32::from(Game::turn(self).is_some())
    }

    fn max_hand_actions(&self) -> usize {
        crate::Round::max_actions(table::Game::seats(self))
    }

    fn points_into(&self, points: &mut Vec<f64>) {
        points.clear();
        points.extend(self.scores().iter().map(|&s| f64::from(s)));
    }

    fn winners(&self) -> Vec<bool> {
        let winners = Game::winners(self);
        self.seats().map(|s| winners.contains(&s)).collect()
    }
}

impl Agent<Game> for Computer {
    fn act(&mut self, seated: Seated<'_, Game>, _rng: &mut Rng) -> Action {
        crate::players::computer::decide(&seated.view())
    }
}

impl table::Outcome for crate::Outcome {
    /// A round ends with each player's points.
    type HandOver = crate::Points;
    type Disclosed = ();

    fn happened(&self) -> table::Happened<crate::Points> {
        match *self {
            crate::Outcome::Continue => table::Happened::default(),
            crate::Outcome::RoundOver(points) => table::Happened {
                hand_over: Some(points),
                ..table::Happened::default()
            },
        }
    }
}

/// A round's points, each player's gain.
impl table::HandOver for crate::Points {
    fn scored(&self, each: &mut dyn FnMut(usize, u32)) {
        for (seat, &points) in self.iter().enumerate() {
            each(seat, points);
        }
    }
}
