//! The house-rules menu of the drawn table (`h`): every option of the game with its
//! values, the variant's own marked, and the points to win where the game lets a table
//! choose them, checked by the rules core when the person keeps them for the next game.

use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::Stylize;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;

use catalogue::Ruleset;
use scene::offer::HouseOffer;

/// The menu: one row per house rule, each at one of its values, and last the points to
/// win (where the game lets a table choose them).
pub struct Menu {
    rules: Ruleset,
    title: String,
    options: Vec<HouseOffer>,
    /// Each option's chosen value, an index into its values.
    chosen: Vec<usize>,
    /// The points to win chosen; `None` where the game sets them (Straights ends at 80).
    pub points: Option<u32>,
    /// The row the arrows move.
    pub selected: usize,
    /// Why the last choice was refused.
    pub refusal: Option<String>,
}

/// The points to win a table may choose, fewest and most (`cardtable rules`).
const POINTS: (u32, u32) = (1, 100);

/// The points row's title.
const POINTS_TITLE: &str = "Points to win";

/// What a key did to the menu.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Chosen {
    /// Still choosing.
    Choosing,
    /// Deal the next game under these rules.
    Deal(Ruleset),
    /// Back to the table, nothing changed.
    Back,
    /// Leave the program (asked first).
    Quit,
}

impl Menu {
    /// The menu for `rules`' game, every option at the value `rules` gives it.
    pub fn new(rules: Ruleset) -> Menu {
        let game = rules.variant().game();
        let offer = scene::offer::offer();
        let offered = offer.games.into_iter().find(|g| g.game == game);
        let points = (offered.as_ref())
            .is_some_and(|g| g.points_to_win)
            .then(|| rules.points());
        let options = offered.map(|g| g.house).unwrap_or_default();
        let card = scene::rules_card_of(&rules);
        let chosen = options
            .iter()
            .map(|o| {
                let value = card.iter().find(|l| l.name == o.name).map(|l| &l.value);
                o.values.iter().position(|v| Some(v) == value).unwrap_or(0)
            })
            .collect();
        Menu {
            title: scene::offer::title(&rules),
            rules,
            options,
            chosen,
            points,
            selected: 0,
            refusal: None,
        }
    }

    /// The variant's own value of `option`.
    fn standard<'a>(&self, option: &'a HouseOffer) -> &'a str {
        let rules = self.rules.variant().rules();
        let found = option.defaults.iter().find(|(v, _)| *v == rules);
        found.map_or("", |(_, value)| value.as_str())
    }

    /// The settings chosen, as `name=value`.
    pub fn settings(&self) -> Vec<String> {
        self.options
            .iter()
            .zip(&self.chosen)
            .map(|(o, &i)| format!("{}={}", o.name, o.values[i]))
            .collect()
    }

    /// A key: arrows choose and change, Enter keeps the rules, Esc goes back, q quits.
    pub fn key(&mut self, event: &Event) -> Chosen {
        let Event::Key(key) = event else {
            return Chosen::Choosing;
        };
        if key.kind == KeyEventKind::Release {
            return Chosen::Choosing;
        }
        let rows = self.options.len() + usize::from(self.points.is_some());
        let on_points = self.selected == self.options.len();
        match key.code {
            KeyCode::Up if rows > 0 => self.selected = (self.selected + rows - 1) % rows,
            KeyCode::Down | KeyCode::Tab if rows > 0 => self.selected = (self.selected + 1) % rows,
            KeyCode::Left | KeyCode::Right if on_points => {
                if let Some(points) = self.points.as_mut() {
                    *points = match key.code {
                        KeyCode::Left if *points <= POINTS.0 => POINTS.1,
                        KeyCode::Left => *points - 1,
                        _ if *points >= POINTS.1 => POINTS.0,
                        _ => *points + 1,
                    };
                }
                self.refusal = None;
            }
            KeyCode::Left | KeyCode::Right if rows > 0 => {
                let count = self.options[self.selected].values.len();
                let step = if key.code == KeyCode::Left {
                    count - 1
                } else {
                    1
                };
                let value = &mut self.chosen[self.selected];
                *value = (*value + step) % count;
                self.refusal = None;
            }
            KeyCode::Enter => {
                let variant = self.rules.variant();
                let points = self.points.unwrap_or(self.rules.points());
                match Ruleset::new(variant, points, &self.settings()) {
                    Ok(rules) => return Chosen::Deal(rules),
                    Err(refused) => self.refusal = Some(refused.to_string()),
                }
            }
            KeyCode::Esc => return Chosen::Back,
            KeyCode::Char('q') => return Chosen::Quit,
            _ => {}
        }
        Chosen::Choosing
    }

    /// Draws the menu over the whole frame.
    pub fn draw(&self, frame: &mut Frame) {
        let titles = self.options.iter().map(|o| o.title);
        let width = crate::words::widest(titles.chain([POINTS_TITLE]));
        let mut lines = vec![Line::raw(self.title.clone()).bold(), Line::raw("")];
        for (row, (option, &i)) in self.options.iter().zip(&self.chosen).enumerate() {
            let value = &option.values[i];
            let standard = self.standard(option);
            let mark = if row == self.selected { "▶ " } else { "  " };
            let text = format!("{mark}{:<width$}  ◀ {value} ▶", option.title);
            let line = if value == standard {
                Line::raw(text)
            } else {
                Line::raw(format!("{text}   house rule (standard: {standard})")).bold()
            };
            lines.push(if row == self.selected {
                line.reversed()
            } else {
                line
            });
        }
        if let Some(points) = self.points {
            let mark = if self.selected == self.options.len() {
                "▶ "
            } else {
                "  "
            };
            let text = format!("{mark}{:<width$}  ◀ {points} ▶", POINTS_TITLE);
            let line = Line::raw(text);
            lines.push(if self.selected == self.options.len() {
                line.reversed()
            } else {
                line
            });
        }
        let about = self.options.get(self.selected);
        let [list, help] =
            Layout::vertical([Constraint::Min(3), Constraint::Length(5)]).areas(frame.area());
        frame.render_widget(
            Paragraph::new(lines).block(Block::bordered().title(" House rules ").title_bottom(
                " ↑↓ choose · ←→ change · Enter keep for the next game · Esc back · q quit ",
            )),
            list,
        );
        let summary = match about {
            Some(option) => option.summary.to_string(),
            None => format!(
                "The first to this many points wins the game ({} to {}; this game's: {}).",
                POINTS.0,
                POINTS.1,
                self.rules.points()
            ),
        };
        let mut notes = vec![Line::raw(summary)];
        if let Some(source) = about.map(|o| o.source) {
            notes.push(Line::raw(format!("Source: {source}")).dim());
        }
        if let Some(refusal) = &self.refusal {
            notes.push(Line::raw(refusal.clone()).red().bold());
        }
        frame.render_widget(Paragraph::new(notes).wrap(Wrap { trim: true }), help);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use catalogue::Variant;
    use ratatui::crossterm::event::{KeyEvent, KeyModifiers};

    fn press(menu: &mut Menu, code: KeyCode) -> Chosen {
        menu.key(&Event::Key(KeyEvent::new(code, KeyModifiers::NONE)))
    }

    #[test]
    fn enter_at_once_deals_the_variant_as_it_is() {
        let mut menu = Menu::new(Ruleset::plain(Variant::EuchreCs246, 10));
        assert_eq!(
            press(&mut menu, KeyCode::Enter),
            Chosen::Deal(Ruleset::plain(Variant::EuchreCs246, 10))
        );
    }

    #[test]
    fn arrows_change_an_option_and_a_contradiction_is_named_not_dealt() {
        // CS 246: deal, pack, joker, dealer, alone, … — the fifth row is going alone, "on".
        let mut menu = Menu::new(Ruleset::plain(Variant::EuchreCs246, 10));
        for _ in 0..4 {
            press(&mut menu, KeyCode::Down);
        }
        press(&mut menu, KeyCode::Right);
        assert!(menu.settings().contains(&"alone=off".to_string()));
        // Ordering up one's partner is still going alone: refused, with the reason.
        assert_eq!(press(&mut menu, KeyCode::Enter), Chosen::Choosing);
        assert!(menu
            .refusal
            .as_deref()
            .unwrap_or("")
            .contains("partner-alone"));
        press(&mut menu, KeyCode::Down);
        press(&mut menu, KeyCode::Left);
        let Chosen::Deal(rules) = press(&mut menu, KeyCode::Enter) else {
            panic!("deals once the options agree: {:?}", menu.refusal)
        };
        assert_eq!(rules.house(), ["alone=off", "partner-alone=off"]);
        assert_eq!(press(&mut menu, KeyCode::Char('q')), Chosen::Quit);
    }

    #[test]
    fn the_last_row_sets_the_points_to_win_and_straights_has_none() {
        let mut menu = Menu::new(Ruleset::plain(Variant::EuchreEecs280, 10));
        // Up from the first row: the last, the points to win.
        press(&mut menu, KeyCode::Up);
        press(&mut menu, KeyCode::Right);
        press(&mut menu, KeyCode::Right);
        let Chosen::Deal(rules) = press(&mut menu, KeyCode::Enter) else {
            panic!("deals: {:?}", menu.refusal)
        };
        assert_eq!(rules, Ruleset::plain(Variant::EuchreEecs280, 12));
        // From 1 down, 100; from 100 up, 1.
        let mut menu = Menu::new(Ruleset::plain(Variant::EuchreEecs280, 1));
        press(&mut menu, KeyCode::Up);
        press(&mut menu, KeyCode::Left);
        assert_eq!(menu.points, Some(100));
        press(&mut menu, KeyCode::Right);
        assert_eq!(menu.points, Some(1));
        // Straights always ends at 80: no row for it.
        let menu = Menu::new(Ruleset::plain(Variant::Straights, 80));
        assert_eq!(menu.points, None);
    }
}
