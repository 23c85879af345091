//! The Human player's text protocol (handout, "Human Player Protocol"), plus what the
//! handout lets it skip: every answer is checked, and a bad one gets one error line and
//! the same prompt again.

use euchre::{Action, Game, Leave, Phase, Player, Round, View};

use textio::eecs280::{suit_named, Answer, Person};
use textio::Shared;

pub struct Human(Person);

impl Human {
    pub fn new(name: String, console: Shared) -> Human {
        Human(Person::new(name, console))
    }

    fn make_trump(&self, view: &View<'_>, round: Round) -> Result<Action, Leave> {
        self.0.show(view.cards())?;
        let upcard_suit = view.upcard().suit();
        let pass_allowed = view.legal_actions().contains(Action::Pass);
        self.0.ask("please enter a suit, or \"pass\":", |word| {
            let action = match (word, round) {
                ("pass", _) => Action::Pass,
                (_, Round::One) if suit_named(word, pass_allowed)? == upcard_suit => {
                    Action::OrderUp { alone: false }
                }
                _ => Action::Call {
                    suit: suit_named(word, pass_allowed)?,
                    alone: false,
                },
            };
            view.check(action).map(|()| action).map_err(Answer::refused)
        })
    }

    fn discard(&self, view: &View<'_>) -> Result<Action, Leave> {
        let upcard = view.upcard();
        let held = view.cards().difference([upcard].into_iter().collect());
        self.0.show(held)?;
        self.0.line("Discard upcard: [-1]")?;
        self.0.ask("please select a card to discard:", |word| {
            let card = match word.parse::<i64>() {
                Ok(-1) => Some(upcard),
                Ok(i) if i >= 0 => held.nth(i as usize),
                _ => None,
            };
            card.map(Action::Discard).ok_or_else(|| Answer::NotAChoice {
                word: word.to_string(),
                last: held.len() - 1,
            })
        })
    }
}

impl Player<Game> for Human {
    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave> {
        match view.phase() {
            Phase::Making(round) => self.make_trump(view, round),
            // The handout has no going alone, so no defending alone, nor a McEvoy: never
            // reached.
            Phase::Defending | Phase::Declaring => Ok(Action::Pass),
            Phase::Discard => self.discard(view),
            Phase::Tricks | Phase::Over => self
                .0
                .choose_play(view.cards(), Action::Play, |a| view.check(a)),
        }
    }
}
