//! The drawn table's state and what keys and clicks do to it, apart from any terminal:
//! tests drive it with key events and read what it drew on ratatui's `TestBackend`.

use std::cell::{Ref, RefCell};
use std::path::PathBuf;
use std::rc::Rc;

use cards::Card;
use catalogue::scene::{card_text, Middle, Shown, TrickShown};
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::layout::Rect;
use table::search::Advice;

use crate::session::Table;

/// What is open over the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Dialog {
    /// Nothing: playing.
    None,
    /// Keys and the rules of the question at hand.
    Help,
    /// "Quit?"
    Quit,
    /// The strong player's values of each legal action.
    Coach(Advice<String>),
    /// The last trick.
    LastTrick,
    /// The rules card: the points to win and every house rule in force.
    Rules,
    /// The result, with play again.
    Over,
}

/// What the event loop does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Keep going.
    Continue,
    /// Leave the program.
    Quit,
    /// Deal a new game.
    NewGame,
}

/// Something the person can choose: a legal action, as a card of the hand or a button.
#[derive(Clone, Debug, PartialEq)]
pub struct Pick {
    /// The legal action's index.
    pub action: usize,
    /// The card, for a card action.
    pub card: Option<Card>,
    /// A button's words.
    pub label: String,
}

/// What the drawn table derives from the person's scene, kept while the table's
/// [`Table::version`] stays: every key and frame reads it, and building the scene walks
/// the hand's log.
struct Derived {
    version: u64,
    shown: Rc<Shown>,
    hand: Rc<[Vec<Card>]>,
    picks: Rc<[Pick]>,
}

/// The drawn table: a game and what the person is doing with it.
pub struct Ui {
    /// The game (a new game gets a new `Ui`: what it derives is kept by version).
    pub table: Box<dyn Table>,
    /// The selected pick, among [`Ui::picks`].
    pub selected: usize,
    /// A card being typed (`10`, `q`).
    pub typed: String,
    /// What is open.
    pub dialog: Dialog,
    /// A one-line note: a refusal, "saved to …".
    pub note: Option<String>,
    /// Where `s` saves.
    pub save_to: PathBuf,
    /// Screen areas of the picks last drawn, for mouse clicks.
    pub areas: Vec<(Rect, usize)>,
    /// How many lines the log is scrolled back from its newest.
    pub log_back: usize,
    derived: RefCell<Option<Derived>>,
}

impl Ui {
    /// A table for `table`, saving to `save_to`.
    pub fn new(table: Box<dyn Table>, save_to: PathBuf) -> Ui {
        Ui {
            table,
            selected: 0,
            typed: String::new(),
            dialog: Dialog::None,
            note: None,
            save_to,
            areas: Vec::new(),
            log_back: 0,
            derived: RefCell::new(None),
        }
    }

    /// What the person is shown now.
    pub fn shown(&self) -> Rc<Shown> {
        Rc::clone(&self.derived().shown)
    }

    /// The person's choices in the order drawn: the hand's legal cards as grouped, then
    /// the buttons.
    pub fn picks(&self) -> Rc<[Pick]> {
        Rc::clone(&self.derived().picks)
    }

    /// The person's hand grouped as the game ranks it.
    pub fn hand(&self) -> Rc<[Vec<Card>]> {
        Rc::clone(&self.derived().hand)
    }

    /// The scene, hand and picks of the table's current version, built again when it
    /// changed.
    fn derived(&self) -> Ref<'_, Derived> {
        let version = self.table.version();
        if self.derived.borrow().as_ref().map(|d| d.version) != Some(version) {
            let shown = self.table.shown();
            // A replay has no own part: the bottom seat's hand is drawn face up.
            let hand: Rc<[Vec<Card>]> = match &shown.own {
                Some(own) => own
                    .hand
                    .iter()
                    .map(|group| group.iter().map(|c| c.card).collect())
                    .collect::<Vec<_>>()
                    .into(),
                None => shown.scene.seats[0].face_up.clone().into_iter().collect(),
            };
            let picks = picks_of(&shown).into();
            *self.derived.borrow_mut() = Some(Derived {
                version,
                shown: Rc::new(shown),
                hand,
                picks,
            });
        }
        Ref::map(self.derived.borrow(), |d| {
            d.as_ref().expect("derived just above")
        })
    }

    /// Whether the person must act now.
    pub fn your_turn(&self) -> bool {
        self.shown()
            .own
            .as_ref()
            .is_some_and(|o| !o.actions.is_empty())
    }

    /// Whether the game is over.
    pub fn finished(&self) -> bool {
        self.shown().scene.result.is_some()
    }

    /// Takes pick `index` of [`Ui::picks`].
    fn choose(&mut self, pick: &Pick) {
        self.table.act(pick.action);
        self.log_back = 0;
        self.selected = 0;
        self.typed.clear();
        self.note = None;
    }

    /// Handles one terminal event.
    pub fn event(&mut self, event: &Event) -> Flow {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.key(*key),
            Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
                self.click(mouse.column, mouse.row);
                Flow::Continue
            }
            _ => Flow::Continue,
        }
    }

    fn click(&mut self, column: u16, row: u16) {
        if self.dialog != Dialog::None || !self.your_turn() {
            return;
        }
        let hit = self.areas.iter().find(|(area, _)| {
            (area.x..area.x + area.width).contains(&column)
                && (area.y..area.y + area.height).contains(&row)
        });
        if let Some(&(_, index)) = hit {
            if let Some(pick) = self.picks().get(index).cloned() {
                self.choose(&pick);
            }
        }
    }

    /// Handles one key.
    pub fn key(&mut self, key: KeyEvent) -> Flow {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return Flow::Quit;
        }
        if let Some(at) = self.table.position() {
            return self.replay_key(key, at);
        }
        match self.dialog.clone() {
            Dialog::Quit => return self.quit_key(key),
            Dialog::Over => {
                return match key.code {
                    KeyCode::Char('n') | KeyCode::Enter => Flow::NewGame,
                    KeyCode::Char('q') | KeyCode::Esc => Flow::Quit,
                    KeyCode::Char('s') => {
                        self.save();
                        Flow::Continue
                    }
                    _ => Flow::Continue,
                }
            }
            Dialog::None => {}
            _ => {
                // Any key closes help, the coach and the last trick.
                self.dialog = Dialog::None;
                return Flow::Continue;
            }
        }
        self.play_key(key)
    }

    /// A replay: arrows step, Home and End jump, q leaves.
    fn replay_key(&mut self, key: KeyEvent, at: usize) -> Flow {
        if self.dialog != Dialog::None {
            self.dialog = Dialog::None;
            return Flow::Continue;
        }
        let to = match key.code {
            KeyCode::Left | KeyCode::Up | KeyCode::Backspace => at.saturating_sub(1),
            KeyCode::Right | KeyCode::Down | KeyCode::Enter | KeyCode::Char(' ') => at + 1,
            KeyCode::PageUp => at.saturating_sub(10),
            KeyCode::PageDown => at + 10,
            KeyCode::Home => 0,
            KeyCode::End => usize::MAX,
            KeyCode::Char('x') => {
                self.dialog = Dialog::LastTrick;
                return Flow::Continue;
            }
            KeyCode::Char('r') => {
                self.dialog = Dialog::Rules;
                return Flow::Continue;
            }
            KeyCode::Char('q') | KeyCode::Esc => return Flow::Quit,
            _ => return Flow::Continue,
        };
        self.note = self.table.seek(to).map(|(_, _, caption)| caption);
        Flow::Continue
    }

    fn quit_key(&mut self, key: KeyEvent) -> Flow {
        match key.code {
            KeyCode::Char('y') | KeyCode::Char('q') => Flow::Quit,
            KeyCode::Char(c) if self.typed == "q" && suit_letter(c) => {
                self.dialog = Dialog::None;
                self.type_char(c);
                Flow::Continue
            }
            _ => {
                self.dialog = Dialog::None;
                self.typed.clear();
                Flow::Continue
            }
        }
    }

    fn play_key(&mut self, key: KeyEvent) -> Flow {
        let count = self.picks().len();
        match key.code {
            KeyCode::Esc => {
                self.typed.clear();
                self.note = None;
            }
            KeyCode::Left | KeyCode::Up | KeyCode::BackTab if count > 0 => {
                self.selected = (self.selected + count - 1) % count;
            }
            KeyCode::Right | KeyCode::Down | KeyCode::Tab if count > 0 => {
                self.selected = (self.selected + 1) % count;
            }
            KeyCode::Enter | KeyCode::Char(' ') => self.enter(),
            KeyCode::PageUp => self.log_back += 5,
            KeyCode::PageDown => self.log_back = self.log_back.saturating_sub(5),
            KeyCode::Backspace => {
                self.typed.pop();
            }
            KeyCode::Char('?') => self.dialog = Dialog::Help,
            KeyCode::Char(c) => return self.type_char(c.to_ascii_lowercase()),
            _ => {}
        }
        Flow::Continue
    }

    /// Enter: a typed card number, else the selected pick.
    fn enter(&mut self) {
        if !self.typed.is_empty() {
            let typed = std::mem::take(&mut self.typed);
            match typed.parse::<usize>() {
                Ok(n) => self.nth_card(n),
                Err(_) => {
                    self.note = Some(format!(
                        "'{typed}' is not a card: type a rank and a suit, as 10h"
                    ))
                }
            }
            return;
        }
        if !self.your_turn() {
            return;
        }
        if let Some(pick) = self.picks().get(self.selected).cloned() {
            self.choose(&pick);
        }
    }

    /// The `n`th card of the hand as drawn (from 1); with no card to play, the `n`th button.
    fn nth_card(&mut self, n: usize) {
        if !self.your_turn() {
            return;
        }
        let picks = self.picks();
        let cards: Vec<Card> = self.hand().iter().flatten().copied().collect();
        let target = if picks.iter().any(|p| p.card.is_some()) {
            cards
                .get(n.wrapping_sub(1))
                .and_then(|&c| picks.iter().find(|p| p.card == Some(c)).cloned())
                .ok_or_else(|| match cards.get(n.wrapping_sub(1)) {
                    Some(&c) => format!("{} cannot be played now", card_text(c)),
                    None => format!("there is no card number {n}"),
                })
        } else {
            picks
                .get(n.wrapping_sub(1))
                .cloned()
                .ok_or_else(|| format!("there is no choice number {n}"))
        };
        match target {
            Ok(pick) => self.choose(&pick),
            Err(why) => self.note = Some(why),
        }
    }

    /// A letter or digit: part of a typed card, or a command.
    fn type_char(&mut self, c: char) -> Flow {
        let legal_ranks: Vec<char> = self
            .picks()
            .iter()
            .filter_map(|p| p.card)
            .map(|card| card.rank().symbol().to_ascii_lowercase())
            .collect();
        if !self.typed.is_empty() {
            self.typed.push(c);
            return self.finish_typing();
        }
        let starts_card = match c {
            '1' => legal_ranks.contains(&'t'),
            c => legal_ranks.contains(&c),
        };
        if starts_card {
            self.typed.push(c);
            return Flow::Continue;
        }
        match c {
            '0'..='9' => self.nth_card(if c == '0' {
                10
            } else {
                c as usize - '0' as usize
            }),
            'q' => self.dialog = Dialog::Quit,
            'c' if self.your_turn() => self.dialog = Dialog::Coach(self.table.advise()),
            'c' => self.note = Some("the coach speaks on your turn".into()),
            's' => self.save(),
            'x' => self.dialog = Dialog::LastTrick,
            'r' => self.dialog = Dialog::Rules,
            _ => self.note = Some(format!("'{c}' does nothing here: ? shows the keys")),
        }
        Flow::Continue
    }

    /// After a second typed character: a card to play, a ten's `0`, or a mistake.
    fn finish_typing(&mut self) -> Flow {
        if self.typed == "10" {
            return Flow::Continue;
        }
        if self.typed == "qq" {
            self.typed = "q".into();
            self.dialog = Dialog::Quit;
            return Flow::Continue;
        }
        let text = self.typed.replace("10", "t");
        let typed = std::mem::take(&mut self.typed);
        let Ok(card) = text.parse::<Card>() else {
            if typed.chars().all(|c| c.is_ascii_digit()) {
                // Two digits that are no ten: a card number (13 in a Straights hand).
                if let Ok(n) = typed.parse() {
                    self.nth_card(n);
                }
            } else {
                self.note = Some(format!(
                    "'{typed}' is not a card: type a rank and a suit, as 10h"
                ));
            }
            return Flow::Continue;
        };
        match self.picks().iter().find(|p| p.card == Some(card)).cloned() {
            Some(pick) => self.choose(&pick),
            None => self.note = Some(format!("{} cannot be played now", card_text(card))),
        }
        Flow::Continue
    }

    /// Saves the game as a record line.
    pub fn save(&mut self) {
        let written = std::fs::write(&self.save_to, self.table.record() + "\n");
        self.note = Some(match written {
            Ok(()) => format!(
                "saved to {}: cardtable play --resume {0}",
                self.save_to.display()
            ),
            Err(e) => format!("could not save to {}: {e}", self.save_to.display()),
        });
    }

    /// The last trick taken (this hand's, else the hand before's), with its taker.
    pub fn last_trick(&self) -> Option<TrickShown> {
        match &self.shown().scene.middle {
            Middle::Tricks { last, .. } => last.clone(),
            Middle::Layout { .. } => None,
        }
    }
}

fn suit_letter(c: char) -> bool {
    matches!(c, 's' | 'h' | 'd' | 'c')
}

/// The person's choices: the hand's legal cards in the order drawn, then the buttons.
fn picks_of(shown: &Shown) -> Vec<Pick> {
    let Some(own) = &shown.own else {
        return Vec::new();
    };
    let cards = own.hand.iter().flatten().filter_map(|c| {
        c.action.map(|action| Pick {
            action,
            card: Some(c.card),
            label: c.label.clone(),
        })
    });
    let buttons = own.choices.iter().map(|c| Pick {
        action: c.action,
        card: None,
        label: c.label.clone(),
    });
    cards.chain(buttons).collect()
}
