//! The drawn table in a real terminal: raw mode, the alternate screen and mouse capture,
//! left on every way out (a panic and Ctrl-C included); computer plays paced one at a time.

use std::io::{self, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use ratatui::DefaultTerminal;

use crate::draw;
use crate::session::Sitting;
use crate::ui::{Dialog, Flow, Ui};

/// Restores the terminal when dropped, whatever the way out.
struct Screen {
    terminal: DefaultTerminal,
}

impl Screen {
    fn enter() -> io::Result<Screen> {
        // ratatui::init enters raw mode and the alternate screen, and installs a panic hook
        // that leaves both before the panic is printed; mouse capture is left here and in
        // the hook below.
        let terminal = ratatui::try_init()?;
        execute!(io::stdout(), EnableMouseCapture)?;
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = execute!(io::stdout(), DisableMouseCapture);
            previous(info);
        }));
        Ok(Screen { terminal })
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        let _ = execute!(io::stdout(), DisableMouseCapture);
        ratatui::restore();
        let _ = io::stdout().flush();
    }
}

/// Plays at the drawn table until the person quits; `next` deals each new game under
/// the rules and against the computers chosen for it (`rules` and `opponents` at first;
/// `h` and `l` at the table change them). What each action leaves stays as long as
/// `pace` holds its beat before the next computer step; any key hurries it.
pub fn run(
    first: Box<dyn Sitting>,
    (rules, opponents): (catalogue::Ruleset, catalogue::PlayerSpec),
    save_to: PathBuf,
    pace: scene::Pace,
    mut next: impl FnMut(&catalogue::Ruleset, catalogue::PlayerSpec) -> Box<dyn Sitting>,
) -> io::Result<()> {
    let mut screen = Screen::enter()?;
    let mut ui = Ui::new(first, save_to);
    ui.next_rules = Some(rules);
    ui.next_opponents = Some(opponents);
    // What the last action left stays its beat's time before the next computer step.
    let after = |ui: &Ui| Instant::now() + ui.table.beat().map_or(Duration::ZERO, |b| pace.hold(b));
    let mut due = after(&ui);
    loop {
        screen.terminal.draw(|frame| draw::draw(frame, &mut ui))?;
        if ui.finished() && ui.dialog == Dialog::None {
            ui.dialog = Dialog::Over;
            continue;
        }
        // A hand's end holds the next deal until the person's key.
        let computers =
            !ui.finished() && !ui.your_turn() && !ui.holding() && ui.dialog == Dialog::None;
        let wait = if computers {
            due.saturating_duration_since(Instant::now())
        } else {
            Duration::from_secs(3600)
        };
        if event::poll(wait)? {
            let event = event::read()?;
            let hurried = computers && matches!(event, Event::Key(_));
            let version = ui.table.version();
            match ui.event(&event) {
                Flow::Quit => return Ok(()),
                Flow::NewGame => {
                    let rules = ui.next_rules.take().expect("a game's table has its rules");
                    let opponents = ui.next_opponents.unwrap_or(catalogue::PlayerSpec::Level {
                        level: catalogue::Level::Expert,
                    });
                    ui = Ui::new(next(&rules, opponents), ui.save_to.clone());
                    ui.next_rules = Some(rules);
                    ui.next_opponents = Some(opponents);
                    due = after(&ui);
                }
                Flow::Continue if hurried => due = Instant::now(),
                // The person's own action stays its beat before a computer answers it.
                Flow::Continue if ui.table.version() != version => due = after(&ui),
                Flow::Continue => {}
            }
        } else if computers {
            // Deals take no time; plays appear one at a time; a hand's end waits.
            while ui.table.step()
                && ui.shown().scene.turn.is_none()
                && !ui.finished()
                && !ui.holding()
            {}
            due = after(&ui);
        }
    }
}

/// Steps through a recorded game until the person leaves.
pub fn replay(replay: crate::replay::Replay) -> io::Result<()> {
    let mut screen = Screen::enter()?;
    let mut ui = Ui::new(Box::new(replay), PathBuf::new());
    ui.note = ui.table.seek(0).map(|(_, _, caption)| caption);
    loop {
        screen.terminal.draw(|frame| draw::draw(frame, &mut ui))?;
        if ui.event(&event::read()?) == Flow::Quit {
            return Ok(());
        }
    }
}
