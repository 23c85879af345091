//! The house-rules menu of the drawn table (`h`): every option of the game with its
//! values, the variant's own marked, checked by the rules core when the person keeps
//! them for the next game.

use ratatui::crossterm::event::{Event, KeyCode, KeyEventKind};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::Stylize;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;

use catalogue::Ruleset;
use scene::offer::HouseOffer;

/// The menu: one row per house rule, each at one of its values.
pub struct Menu {
    rules: Ruleset,
    title: String,
    options: Vec<HouseOffer>,
    /// Each option's chosen value, an index into its values.
    chosen: Vec<usize>,
    /// The row the arrows move.
    pub selected: usize,
    /// Why the last choice was refused.
    pub refusal: Option<String>,
}

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
        let options = offer
            .games
            .into_iter()
            .find(|g| g.game == game)
            .map(|g| g.house)
            .unwrap_or_default();
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
        let rows = self.options.len();
        match key.code {
            KeyCode::Up if rows > 0 => self.selected = (self.selected + rows - 1) % rows,
            KeyCode::Down | KeyCode::Tab if rows > 0 => self.selected = (self.selected + 1) % rows,
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
                let (variant, points) = (self.rules.variant(), self.rules.points());
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
        let width = crate::words::widest(self.options.iter().map(|o| &o.title));
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
        let about = self.options.get(self.selected);
        let [list, help] =
            Layout::vertical([Constraint::Min(3), Constraint::Length(5)]).areas(frame.area());
        frame.render_widget(
            Paragraph::new(lines).block(Block::bordered().title(" House rules ").title_bottom(
                " ↑↓ choose · ←→ change · Enter keep for the next game · Esc back · q quit ",
            )),
            list,
        );
        let mut notes = vec![Line::raw(about.map_or("", |o| o.summary).to_string())];
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
}
