//! The Human player's text protocol: the reference's prompts, plus what its Human
//! cannot do safely — every answer is checked, and a bad one gets one error line and the
//! same prompt again.

use rules::{Action, Game, Leave, Phase, Player, Round, View};
use textio::eecs280::{card_numbered, suit_named, Person};
use textio::Shared;

pub struct Human(Person);

impl Human {
    pub fn new(name: String, console: Shared) -> Human {
        Human(Person::new(name, console))
    }

    fn make_trump(&self, view: &View<'_>, round: Round) -> Result<Action, Leave> {
        self.0.show(view.cards())?;
        self.0
            .ask("please enter a suit, or \"pass\":", |word| match word {
                "pass" if round == Round::One => Ok(Action::Pass),
                "pass" => Err(
                    "The maker must name trump now: type Spades, Hearts, Clubs or Diamonds."
                        .to_string(),
                ),
                _ => suit_named(word).map(Action::Call),
            })
    }

    /// Giving back a card after a pull: the hand is shown without the card taken, which
    /// the reference offers as "upcard" -1; giving it back is not allowed.
    fn give_back(&self, view: &View<'_>) -> Result<Action, Leave> {
        let held = view.cards();
        self.0.show(held)?;
        self.0.line("Discard upcard: [-1]")?;
        let legal = view.legal_returns();
        self.0.ask("please select a card to discard:", |word| {
            if word.parse::<i64>() == Ok(-1) {
                return Err(
                    "You cannot give back the card you just took: choose another.".to_string(),
                );
            }
            let card = card_numbered(held, word)?;
            if legal.contains(card) {
                Ok(Action::Return(card))
            } else {
                Err(format!(
                    "{} is not from a suit you hold three of: give back such a card.",
                    card.long()
                ))
            }
        })
    }

    fn play(&self, view: &View<'_>) -> Result<Action, Leave> {
        let led = view.trick().led().map(|c| c.suit());
        self.0
            .choose_play(view.cards(), view.legal_plays(), led)
            .map(Action::Play)
    }
}

impl Player<Game> for Human {
    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave> {
        match view.phase() {
            Phase::Making(round) => self.make_trump(view, round),
            Phase::Pulling => self.give_back(view),
            Phase::Tricks | Phase::Over => self.play(view),
        }
    }
}
