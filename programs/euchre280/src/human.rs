//! The Human player's text protocol (handout, "Human Player Protocol"), plus what the
//! handout lets it skip: every answer is checked, and a bad one gets one error line and
//! the same prompt again.

use cards::{CardSet, Suit};
use euchre::{Action, Game, Leave, Phase, Player, Round, View};

use textio::eecs280::{ask, card_numbered, say_hand, suit_named};
use textio::say;
use textio::Shared;

pub struct Human {
    name: String,
    console: Shared,
}

impl Human {
    pub fn new(name: String, console: Shared) -> Human {
        Human { name, console }
    }

    fn show(&self, cards: CardSet) -> Result<(), Leave> {
        say_hand(&self.console, &self.name, cards).map_err(|_| Leave::InputClosed)
    }

    fn ask<T>(
        &self,
        prompt: &str,
        parse: impl FnMut(&str) -> Result<T, String>,
    ) -> Result<T, Leave> {
        ask(&self.console, &self.name, prompt, parse)
    }

    fn make_trump(&self, view: &View<'_>, round: Round) -> Result<Action, Leave> {
        self.show(view.cards())?;
        let upcard_suit = view.upcard().suit();
        self.ask("please enter a suit, or \"pass\":", |word| {
            let legal = view.legal_actions();
            if word == "pass" {
                return if legal.contains(Action::Pass) {
                    Ok(Action::Pass)
                } else {
                    Err(format!(
                        "The dealer may not pass now: name a suit other than {upcard_suit}."
                    ))
                };
            }
            let suit = suit_named(word)?;
            match round {
                Round::One if suit == upcard_suit => Ok(Action::OrderUp { alone: false }),
                Round::One => Err(format!(
                    "Only {upcard_suit}, the upcard's suit, can be ordered up now."
                )),
                Round::Two if suit != upcard_suit => Ok(Action::Call { suit, alone: false }),
                Round::Two => Err(format!(
                    "{upcard_suit} was turned down; name another suit or pass."
                )),
            }
        })
    }

    fn discard(&self, view: &View<'_>) -> Result<Action, Leave> {
        let upcard = view.upcard();
        let held = view.cards().difference([upcard].into_iter().collect());
        self.show(held)?;
        say!(self.console, "Discard upcard: [-1]").map_err(|_| Leave::InputClosed)?;
        self.ask("please select a card to discard:", |word| {
            let card = match word.parse::<i64>() {
                Ok(-1) => Some(upcard),
                Ok(i) if i >= 0 => held.nth(i as usize),
                _ => None,
            };
            card.map(Action::Discard).ok_or_else(|| {
                format!(
                    "'{word}' is not a choice: type -1 or 0 to {}.",
                    held.len() - 1
                )
            })
        })
    }

    fn play(&self, view: &View<'_>) -> Result<Action, Leave> {
        let held = view.cards();
        self.show(held)?;
        let legal = view.legal_plays();
        self.ask("please select a card:", |word| {
            let card = card_numbered(held, word)?;
            if legal.contains(card) {
                Ok(Action::Play(card))
            } else {
                let led = view
                    .trick()
                    .led()
                    .map(|c| view.trump_order().unwrap().suit_of(c));
                Err(format!(
                    "{} does not follow suit: you must play {} while you hold one.",
                    card.long(),
                    led.map(Suit::name).unwrap_or("a card of the led suit")
                ))
            }
        })
    }
}

impl Player<Game> for Human {
    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave> {
        match view.phase() {
            Phase::Making(round) => self.make_trump(view, round),
            Phase::Discard => self.discard(view),
            Phase::Tricks | Phase::Over => self.play(view),
        }
    }
}
