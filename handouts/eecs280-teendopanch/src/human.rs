//! The Human player's text protocol: the reference's prompts, plus what its Human
//! cannot do safely — every answer is checked, and a bad one gets one error line and the
//! same prompt again.

use rules::{Action, Game, Leave, Phase, Player, View};
use textio::eecs280::{card_numbered, suit_named, Answer, Person};
use textio::Shared;

pub struct Human(Person);

impl Human {
    pub fn new(name: String, console: Shared) -> Human {
        Human(Person::new(name, console))
    }

    fn make_trump(&self, view: &View<'_>) -> Result<Action, Leave> {
        self.0.show(view.cards())?;
        let pass_allowed = view.legal_actions().contains(&Action::Pass);
        self.0.ask("please enter a suit, or \"pass\":", |word| {
            let action = match word {
                "pass" => Action::Pass,
                _ => Action::Call(suit_named(word, pass_allowed)?),
            };
            view.check(action).map(|()| action).map_err(Answer::refused)
        })
    }

    /// Giving back a card after a pull: the hand is shown without the card taken, which
    /// the reference offers as "upcard" -1.
    fn give_back(&self, view: &View<'_>) -> Result<Action, Leave> {
        let held = view.cards();
        self.0.show(held)?;
        self.0.line("Discard upcard: [-1]")?;
        let taken = view.pull().map(|pull| pull.taken);
        self.0.ask("please select a card to discard:", |word| {
            let card = match (word.parse::<i64>(), taken) {
                (Ok(-1), Some(taken)) => taken,
                _ => card_numbered(held, word)?,
            };
            let action = Action::Return(card);
            view.check(action).map(|()| action).map_err(Answer::refused)
        })
    }
}

impl Player<Game> for Human {
    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave> {
        match view.phase() {
            Phase::Making(_) => self.make_trump(view),
            Phase::Pulling => self.give_back(view),
            // The handout's pulls take a random card (the short player's choice is a
            // house rule): never reached here.
            Phase::Giving => Ok(Action::Give(
                view.holding().last().expect("a victim holds cards"),
            )),
            Phase::Tricks | Phase::Over => self
                .0
                .choose_play(view.cards(), Action::Play, |a| view.check(a)),
        }
    }
}
