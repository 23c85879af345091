//! The human player's display (5.5.1) and commands (5.5.2), plus what the handout lets
//! a program assume away: every line is checked, and a bad one gets a message and the
//! prompt again.

use std::cell::RefCell;
use std::rc::Rc;

use cards::{Card, Suit};
use rules::{Action, Game, IllegalAction, Leave, Player, Refused, View};
use textio::{say, Shared};

/// What the table keeps current for the human's `deck` and `save` commands.
#[derive(Default)]
pub struct TableView {
    pub deck: Vec<Card>,
    pub snapshot: String,
}

pub type TableState = Rc<RefCell<TableView>>;

pub struct Human {
    console: Shared,
    state: TableState,
}

/// ` 7S 8S`: every list starts with a space, one between cards, none after.
pub fn card_list(cards: impl IntoIterator<Item = Card>) -> String {
    cards.into_iter().map(|c| format!(" {c}")).collect()
}

const SUITS: [(Suit, &str); 4] = [
    (Suit::Clubs, "Clubs"),
    (Suit::Diamonds, "Diamonds"),
    (Suit::Hearts, "Hearts"),
    (Suit::Spades, "Spades"),
];

const COMMANDS: &str = "play <card>, discard <card>, deck, quit, ragequit or save <file>";

impl Human {
    pub fn new(console: Shared, state: TableState) -> Human {
        Human { console, state }
    }

    fn say(&self, text: &str) -> Result<(), Leave> {
        say!(self.console, "{text}").map_err(|_| Leave::OutputClosed)
    }

    fn prompt(&self) -> Result<(), Leave> {
        self.console
            .borrow_mut()
            .write(">")
            .map_err(|_| Leave::OutputClosed)
    }

    /// The eight lines of 5.5.1, the last being the prompt.
    fn show(&self, view: &View<'_>) -> Result<(), Leave> {
        self.say("Cards on the table:")?;
        for (suit, name) in SUITS {
            let ranks: String = view
                .layout()
                .run(suit)
                .iter()
                .map(|r| format!(" {}", r.symbol()))
                .collect();
            self.say(&format!("{name}:{ranks}"))?;
        }
        self.say(&format!("Your hand:{}", card_list(view.hand())))?;
        self.say(&format!("Legal plays:{}", card_list(view.legal_plays())))?;
        self.prompt()
    }

    fn card(word: &str) -> Result<Card, NotACard> {
        Card::parse_short(word).map_err(|_| NotACard(word.to_string()))
    }

    /// Turns one typed line into an action, a leave, or a message to show before asking again.
    fn interpret(
        &self,
        view: &View<'_>,
        line: &str,
    ) -> Result<Option<Action>, Result<String, Leave>> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let action = match words[..] {
            ["quit"] => return Err(Err(Leave::Quit)),
            ["ragequit"] => return Err(Err(Leave::RageQuit)),
            ["deck"] => {
                let deck = self.state.borrow().deck.clone();
                let lines: Vec<String> = deck
                    .chunks(13)
                    .map(|row| {
                        row.iter()
                            .map(|c| c.to_string())
                            .collect::<Vec<_>>()
                            .join(" ")
                    })
                    .collect();
                return Err(Ok(lines.join("\n")));
            }
            ["save", file] => {
                let snapshot = self.state.borrow().snapshot.clone();
                return Err(Ok(match std::fs::write(file, snapshot) {
                    Ok(()) => format!("Game saved to {file}."),
                    Err(e) => format!("Could not save to {file}: {e}."),
                }));
            }
            ["play", card] => Action::Play(Self::card(card).map_err(|e| Ok(e.to_string()))?),
            ["discard", card] => Action::Discard(Self::card(card).map_err(|e| Ok(e.to_string()))?),
            ["play" | "discard"] => {
                return Err(Ok(format!(
                    "'{}' needs a card, as in {} 7S.",
                    words[0], words[0]
                )))
            }
            [] => return Err(Ok(format!("Please enter a command: {COMMANDS}."))),
            _ => {
                return Err(Ok(format!(
                    "Unknown command '{}'. Commands are {COMMANDS}.",
                    line.trim()
                )))
            }
        };
        let refusal = match view.check(action) {
            Ok(()) => return Ok(Some(action)),
            Err(Refused::Illegal(refusal)) => refusal,
            Err(Refused::NotYourTurn { .. }) => IllegalAction::RoundOver,
        };
        Err(Ok(match refusal {
            IllegalAction::NotPlayable(_) => "This is not a legal play.".to_string(),
            IllegalAction::MustPlay(_) => "You have a legal play. You may not discard.".to_string(),
            IllegalAction::NotHeld(card) => format!("You do not have {card}."),
            IllegalAction::RoundOver => "The round is over.".to_string(),
            // The handout discards and never passes (a house rule): never reached here.
            IllegalAction::MustPlayNotPass
            | IllegalAction::NoVoluntaryPassesLeft
            | IllegalAction::NoDiscards
            | IllegalAction::NoPassing => refusal.to_string(),
        }))
    }
}

impl Player<Game> for Human {
    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave> {
        self.show(view)?;
        loop {
            let line = self.console.borrow_mut().read_line()?;
            match self.interpret(view, &line) {
                Ok(Some(action)) => return Ok(action),
                Ok(None) => {}
                Err(Err(leave)) => return Err(leave),
                Err(Ok(message)) => {
                    self.say(&message)?;
                    self.prompt()?;
                }
            }
        }
    }
}

/// A typed word that names no card.
#[derive(Debug, thiserror::Error)]
#[error("'{0}' is not a card: cards look like 7S, TD or AH.")]
struct NotACard(String);
