//! The drawn table's state and what keys and clicks do to it, apart from any terminal:
//! tests drive it with key events and read what it drew on ratatui's `TestBackend`.

use std::cell::{Ref, RefCell};
use std::path::PathBuf;
use std::rc::Rc;

use cards::Card;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::layout::Rect;
use scene::{card_text, Middle, Shown, TrickShown};

use crate::session::Sitting;

/// What is open over the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Dialog {
    /// Nothing: playing.
    None,
    /// Keys and the rules of the question at hand, scrolled down by this many lines.
    Help(usize),
    /// "Quit?"
    Quit,
    /// The strong player's values of each legal action.
    Coach(scene::Coaching),
    /// The last trick.
    LastTrick,
    /// The rules card: the points to win and every house rule in force.
    Rules,
    /// The result, with play again.
    Over,
    /// The house-rules menu, for the next game ([`Ui::menu`]).
    HouseRules,
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
    face_up: Option<Rc<[Vec<Card>]>>,
    picks: Rc<[Pick]>,
}

/// The drawn table: a game and what the person is doing with it.
pub struct Ui {
    /// The game (a new game gets a new `Ui`: what it derives is kept by version).
    pub table: Box<dyn Sitting>,
    /// The selected pick, among [`Ui::picks`].
    pub selected: usize,
    /// A card number being typed (`1` of `13`): digits only, as letters are commands.
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
    /// The rules the next game deals under (`h` changes them); `None` in a replay.
    pub next_rules: Option<catalogue::Ruleset>,
    /// The house-rules menu while [`Dialog::HouseRules`] is open.
    pub menu: Option<crate::menu::Menu>,
    /// The computers the next game seats (`l` shows them, `l` again steps through the
    /// levels); `None` in a replay.
    pub next_opponents: Option<catalogue::PlayerSpec>,
    /// The last hand's end the person has seen ([`scene::HandEnd::seq`]): until then the
    /// table holds the next deal ([`Ui::holding`]).
    pub ended: Option<u64>,
    /// Whether the last key was `l`, which showed the level: another `l` changes it.
    level_shown: bool,
    derived: RefCell<Option<Derived>>,
}

impl Ui {
    /// A table for `table`, saving to `save_to`.
    pub fn new(table: Box<dyn Sitting>, save_to: PathBuf) -> Ui {
        Ui {
            table,
            selected: 0,
            typed: String::new(),
            dialog: Dialog::None,
            note: None,
            save_to,
            areas: Vec::new(),
            log_back: 0,
            next_rules: None,
            menu: None,
            next_opponents: None,
            ended: None,
            level_shown: false,
            derived: RefCell::new(None),
        }
    }

    /// What the person is shown now.
    pub fn shown(&self) -> Rc<Shown> {
        Rc::clone(&self.derived().shown)
    }

    /// Every seat's cards face up: a replay's step; `None` in a game in progress.
    pub fn face_up(&self) -> Option<Rc<[Vec<Card>]>> {
        self.derived().face_up.clone()
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
            let face_up: Option<Rc<[Vec<Card>]>> = self.table.face_up().map(Into::into);
            // A replay has no own part: the bottom seat's hand is drawn face up.
            let hand: Rc<[Vec<Card>]> = match (&shown.own, &face_up) {
                (Some(own), _) => own
                    .hand
                    .groups()
                    .iter()
                    .map(|group| group.iter().map(|c| c.card).collect())
                    .collect::<Vec<_>>()
                    .into(),
                (None, Some(hands)) => hands.first().cloned().into_iter().collect(),
                (None, None) => Rc::new([]),
            };
            let picks = picks_of(&shown).into();
            *self.derived.borrow_mut() = Some(Derived {
                version,
                shown: Rc::new(shown),
                hand,
                face_up,
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

    /// Whether a hand has just ended and the person has not yet seen its end: the
    /// table shows it and holds the next deal until a key (the game's end shows it with
    /// the result instead).
    pub fn holding(&self) -> bool {
        let shown = self.shown();
        let end = shown.scene.hand_end.as_ref();
        self.table.position().is_none()
            && shown.scene.result.is_none()
            && end.is_some_and(|end| self.ended != Some(end.seq))
    }

    /// The person has seen the hand's end: the next deal may come.
    fn continue_after_hand(&mut self) {
        self.ended = self.shown().scene.hand_end.as_ref().map(|end| end.seq);
        self.log_back = 0;
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
        if self.dialog == Dialog::None && self.holding() {
            return self.continue_after_hand();
        }
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

    /// Handles one key. Every key means one thing: letters are commands (`q` quits from
    /// every screen, asking first), digits a card's number, and Ctrl-C quits at once.
    pub fn key(&mut self, key: KeyEvent) -> Flow {
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return Flow::Quit;
        }
        if let Some(at) = self.table.position() {
            return self.replay_key(key, at);
        }
        let level_shown = std::mem::take(&mut self.level_shown);
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
                    KeyCode::Char('h') => {
                        self.open_house_rules();
                        Flow::Continue
                    }
                    _ => Flow::Continue,
                }
            }
            Dialog::HouseRules => return self.menu_key(key),
            Dialog::Help(at) => {
                // The arrows and the page keys scroll; any other key closes it.
                let to = match key.code {
                    KeyCode::Up => Some(at.saturating_sub(1)),
                    KeyCode::Down => Some(at + 1),
                    KeyCode::PageUp => Some(at.saturating_sub(10)),
                    KeyCode::PageDown => Some(at + 10),
                    KeyCode::Home => Some(0),
                    _ => None,
                };
                self.dialog = match (to, key.code) {
                    (Some(to), _) => Dialog::Help(to),
                    (None, KeyCode::Char('q')) => Dialog::Quit,
                    (None, _) => Dialog::None,
                };
                return Flow::Continue;
            }
            Dialog::None if self.holding() => {
                // The hand's end is shown: q asks to quit, any other key deals on.
                match key.code {
                    KeyCode::Char('q') => self.dialog = Dialog::Quit,
                    _ => self.continue_after_hand(),
                }
                return Flow::Continue;
            }
            Dialog::None => {}
            _ => {
                // q quits from here too; any other key closes help, the coach, the last
                // trick and the rules card.
                self.dialog = match key.code {
                    KeyCode::Char('q') => Dialog::Quit,
                    _ => Dialog::None,
                };
                return Flow::Continue;
            }
        }
        if key.code == KeyCode::Char('l') {
            self.level(level_shown);
            return Flow::Continue;
        }
        self.play_key(key)
    }

    /// A replay: arrows step, Home and End jump, q leaves.
    fn replay_key(&mut self, key: KeyEvent, at: usize) -> Flow {
        if key.code == KeyCode::Char('q') {
            return Flow::Quit;
        }
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
            KeyCode::Esc => return Flow::Quit,
            _ => return Flow::Continue,
        };
        self.note = self.table.seek(to).map(|(_, _, caption)| caption);
        Flow::Continue
    }

    fn quit_key(&mut self, key: KeyEvent) -> Flow {
        match key.code {
            KeyCode::Char('y') | KeyCode::Char('q') | KeyCode::Enter => Flow::Quit,
            _ => {
                self.dialog = Dialog::None;
                Flow::Continue
            }
        }
    }

    /// Opens the house-rules menu at the next game's rules.
    fn open_house_rules(&mut self) {
        match &self.next_rules {
            Some(rules) => {
                self.menu = Some(crate::menu::Menu::new(rules.clone()));
                self.dialog = Dialog::HouseRules;
            }
            None => self.note = Some("house rules are set when a game starts".into()),
        }
    }

    /// `l`: the next game's computers; `l` again, the next level up for them (after
    /// expert, beginner again; from a player by kind, beginner).
    fn level(&mut self, shown: bool) {
        use catalogue::{Level, PlayerSpec};
        let Some(now) = self.next_opponents else {
            return self.note = Some("the computers' level is set when a game starts".into());
        };
        let next = |level: Level| {
            (Level::ALL.into_iter().cycle())
                .skip_while(|l| *l != level)
                .nth(1)
                .unwrap_or(Level::Beginner)
        };
        let now = if shown {
            let level = match now {
                PlayerSpec::Level { level } => next(level),
                _ => Level::Beginner,
            };
            self.next_opponents = Some(PlayerSpec::Level { level });
            PlayerSpec::Level { level }
        } else {
            now
        };
        let then = match now {
            PlayerSpec::Level { level } => next(level),
            _ => Level::Beginner,
        };
        self.note = Some(format!(
            "The next game's computers: {now} (l again: {}; this game's stay)",
            then.name()
        ));
        self.level_shown = true;
    }

    /// A key in the house-rules menu: Enter keeps the rules for the next game.
    fn menu_key(&mut self, key: KeyEvent) -> Flow {
        use crate::menu::Chosen;
        let Some(menu) = self.menu.as_mut() else {
            self.dialog = Dialog::None;
            return Flow::Continue;
        };
        match menu.key(&Event::Key(key)) {
            Chosen::Choosing => {}
            Chosen::Deal(rules) => {
                self.note = Some(format!(
                    "The next game deals under these rules: {}",
                    scene::offer::title(&rules)
                ));
                self.next_rules = Some(rules);
                self.dialog = Dialog::None;
            }
            Chosen::Back => self.dialog = Dialog::None,
            Chosen::Quit => self.dialog = Dialog::Quit,
        }
        Flow::Continue
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
            KeyCode::Char(c @ '0'..='9') => self.digit(c),
            KeyCode::Char(c) => return self.command(c.to_ascii_lowercase()),
            _ => {}
        }
        Flow::Continue
    }

    /// Enter: a typed card number, else the selected pick.
    fn enter(&mut self) {
        if let Ok(n) = std::mem::take(&mut self.typed).parse::<usize>() {
            self.nth_card(n);
            return;
        }
        if !self.your_turn() {
            return;
        }
        if let Some(pick) = self.picks().get(self.selected).cloned() {
            self.choose(&pick);
        }
    }

    /// How many things a number can name now: the hand's cards when a card may be
    /// played, else the buttons.
    fn numbered(&self) -> usize {
        let picks = self.picks();
        if picks.iter().any(|p| p.card.is_some()) {
            self.hand().iter().map(Vec::len).sum()
        } else {
            picks.len()
        }
    }

    /// A digit of a card's number: `0` alone is 10; a number that a further digit could
    /// not make a number in the hand is taken at once, else Enter or the next digit ends it.
    fn digit(&mut self, c: char) {
        self.typed.push(c);
        let n = match self.typed.parse::<usize>() {
            Ok(0) => 10,
            Ok(n) => n,
            Err(_) => return self.typed.clear(),
        };
        if n * 10 > self.numbered() {
            self.typed.clear();
            self.nth_card(n);
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
                    Some(&c) => match self.table.refusal(c) {
                        Some(why) => format!("{} cannot be played now: {why}", card_text(c)),
                        None => format!("{} cannot be played now", card_text(c)),
                    },
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

    /// A letter: a command.
    fn command(&mut self, c: char) -> Flow {
        self.typed.clear();
        match c {
            'q' => self.dialog = Dialog::Quit,
            '?' => self.dialog = Dialog::Help(0),
            'c' => match self.your_turn().then(|| self.table.coach()).flatten() {
                Some(coaching) => self.dialog = Dialog::Coach(coaching),
                None => self.note = Some("the coach speaks on your turn".into()),
            },
            's' => self.save(),
            'x' => self.dialog = Dialog::LastTrick,
            'r' => self.dialog = Dialog::Rules,
            'h' => self.open_house_rules(),
            _ => self.note = Some(format!("'{c}' does nothing here: ? shows the keys")),
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

/// The person's choices: the hand's legal cards in the order drawn, then the buttons.
fn picks_of(shown: &Shown) -> Vec<Pick> {
    let Some(own) = &shown.own else {
        return Vec::new();
    };
    let cards = own.hand.groups().iter().flatten().filter_map(|c| {
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
