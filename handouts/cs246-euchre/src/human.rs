//! The human player's command interpreter (handout section 2.5) and its error messages
//! (2.5.1), plus `save FILE`.

use std::cell::RefCell;
use std::rc::Rc;

use cards::{Card, Suit};
use rules::{Action, Game, IllegalAction, Leave, Phase, Player, Refused, Round, View};
use textio::{say, Shared};

use crate::saved::{self, SavedGame};

/// The last point a game can resume from, kept up to date by the table for the `save`
/// command; written out only when saved (writing it at every turn was most of a turn's cost).
pub type Snapshot = Rc<RefCell<Option<SavedGame>>>;

pub struct Human {
    console: Shared,
    snapshot: Snapshot,
}

impl Human {
    pub fn new(console: Shared, snapshot: Snapshot) -> Human {
        Human { console, snapshot }
    }

    fn word(&self) -> Result<String, Leave> {
        let mut console = self.console.borrow_mut();
        console.write("> ").map_err(|_| Leave::OutputClosed)?;
        console.word()
    }

    fn error(&self, text: String) -> Result<(), Leave> {
        say!(self.console, "ERROR: {text}").map_err(|_| Leave::OutputClosed)
    }

    fn unrecognized(&self, word: &str) -> Result<(), Leave> {
        self.error(format!(
            "command '{word}' is unrecognized. Please enter a valid command."
        ))
    }

    /// `save FILE`: writes the snapshot and says where.
    fn save(&self) -> Result<(), Leave> {
        let Some(file) = self.console.borrow_mut().word_on_line() else {
            return self.error("save needs a file name: save FILE.".to_string());
        };
        let text = self.snapshot.borrow().as_ref().map(saved::write);
        let written = std::fs::write(&file, text.unwrap_or_default());
        match written {
            Ok(()) => say!(self.console, "Game saved to {file}.").map_err(|_| Leave::OutputClosed),
            Err(e) => self.error(format!(
                "cannot save to '{file}' ({e}). Please enter a valid command."
            )),
        }
    }

    /// Reads commands until one is a decision for this moment.
    fn decide(&self, view: &View<'_>) -> Result<Action, Leave> {
        loop {
            let word = self.word()?;
            match word.as_str() {
                "q" => return Err(Leave::Quit),
                "r" => return Err(Leave::RageQuit),
                "save" => {
                    self.save()?;
                    continue;
                }
                _ => {}
            }
            let answer = match view.phase() {
                Phase::Making(Round::One) => self.round_one(&word)?,
                Phase::Making(Round::Two) => self.round_two(view, &word)?,
                // The handout's rules have no defending alone nor McEvoy (house rules),
                // so this program never reaches them.
                Phase::Defending | Phase::Declaring => Some(Action::Pass),
                Phase::Discard | Phase::Tricks | Phase::Over => self.card(view, &word)?,
            };
            if let Some(action) = answer {
                return Ok(action);
            }
        }
    }

    fn round_one(&self, word: &str) -> Result<Option<Action>, Leave> {
        match word {
            "p" => Ok(Some(Action::Pass)),
            "o" => Ok(Some(Action::OrderUp { alone: false })),
            "oa" => Ok(Some(Action::OrderUp { alone: true })),
            _ => self.unrecognized(word).map(|_| None),
        }
    }

    fn round_two(&self, view: &View<'_>, word: &str) -> Result<Option<Action>, Leave> {
        let suit = {
            let mut chars = word.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Suit::from_letter(c),
                _ => None,
            }
        };
        let answer = match (word, suit) {
            ("p", _) => Action::Pass,
            ("o", _) => Action::OrderUp { alone: false },
            ("oa", _) => Action::OrderUp { alone: true },
            (_, Some(suit)) => Action::Call { suit, alone: false },
            _ => return self.unrecognized(word).map(|_| None),
        };
        match (view.check(answer), answer) {
            (Ok(()), Action::Call { suit, .. }) => {
                let how = self.word_after_suit()?;
                match how.as_str() {
                    "n" => Ok(Some(Action::Call { suit, alone: false })),
                    "a" => Ok(Some(Action::Call { suit, alone: true })),
                    _ => self.unrecognized(&how).map(|_| None),
                }
            }
            (Ok(()), _) => Ok(Some(answer)),
            (Err(Refused::Illegal(IllegalAction::TurnedDown(_))), _) => self
                .error(format!(
                    "invalid suit '{word}' since previously turned down. Please enter a valid suit."
                ))
                .map(|_| None),
            (Err(_), _) => self
                .error(
                    "cannot order up if top card turned down. Please enter a valid command."
                        .to_string(),
                )
                .map(|_| None),
        }
    }

    /// The `n` or `a` after a suit, read without a new prompt.
    fn word_after_suit(&self) -> Result<String, Leave> {
        self.console.borrow_mut().word()
    }

    fn card(&self, view: &View<'_>, word: &str) -> Result<Option<Action>, Leave> {
        let Ok(card) = Card::parse_short(word) else {
            return self.unrecognized(word).map(|_| None);
        };
        let action = match view.phase() {
            Phase::Discard => Action::Discard(card),
            _ => Action::Play(card),
        };
        match view.check(action) {
            Err(Refused::Illegal(IllegalAction::NotHeld(_))) => self
                .error(format!(
                    "card '{word}' not in hand. Please enter a valid card."
                ))
                .map(|_| None),
            Err(Refused::Illegal(
                IllegalAction::MustFollow(_) | IllegalAction::LeftBower { .. },
            )) => {
                // The table applies it: the rules award the renege penalty and ask again.
                self.error(format!(
                    "renegeing with card '{word}'. Please enter a valid card."
                ))?;
                Ok(Some(action))
            }
            _ => Ok(Some(action)),
        }
    }
}

impl Player<Game> for Human {
    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave> {
        self.decide(view)
    }
}
