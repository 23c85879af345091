//! The drawn table from 100 columns up (issue 55): every seat's words whole, no panel
//! over another, the log wrapped, the help whole; and every hand's end shown, holding
//! the next deal until a key. Drawn on ratatui's `TestBackend`; the expected words are
//! written here from the rules (Euchre deals five cards, Straights thirteen, Teen Do
//! Panch's quotas are five, three and two).

use catalogue::{GameKind, PlayerSpec, Variant};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use scene::{Middle, Scene};
use terminal::draw;
use terminal::session::{self, Setup, YOU};
use terminal::ui::{Dialog, Ui};

const WIDTHS: [u16; 4] = [100, 112, 120, 130];
const HEIGHT: u16 = 32;

fn ui(game: GameKind, rules: Option<&str>, seed: u64, points: u32) -> Ui {
    let setup = Setup {
        rules: catalogue::Ruleset::plain(Variant::named(game, rules).unwrap(), points),
        seed,
        opponents: PlayerSpec::Handout,
    };
    Ui::new(
        session::open(&setup),
        std::env::temp_dir().join("cardtable-widths-test.json"),
    )
}

fn games() -> [(GameKind, Option<&'static str>); 3] {
    [
        (GameKind::Euchre, Some("eecs280")),
        (GameKind::Straights, None),
        (GameKind::TeenDoPanch, Some("handout")),
    ]
}

/// The screen as lines of text.
fn render(ui: &mut Ui, width: u16, height: u16) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| draw::draw(frame, ui)).unwrap();
    let buffer = terminal.backend().buffer();
    (0..height)
        .map(|y| (0..width).map(|x| buffer[(x, y)].symbol()).collect())
        .collect()
}

fn scene(ui: &Ui) -> Scene {
    ui.shown().scene.clone()
}

fn enter(ui: &mut Ui) {
    ui.key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
}

/// Plays (Enter on the person's turn, the computers' steps between) until `stop`, as
/// the drawn table's loop does: no step while a hand's end holds the deal.
fn play_until(ui: &mut Ui, stop: impl Fn(&Ui) -> bool) {
    for _ in 0..20_000 {
        if stop(ui) {
            return;
        }
        if ui.holding() || ui.your_turn() {
            enter(ui);
        } else if !ui.table.step() {
            break;
        }
    }
    assert!(stop(ui), "never reached");
}

/// The words inside the box drawn with double lines (a hand's end, the help, the game
/// over), its lines joined.
fn boxed(lines: &[String]) -> String {
    let inside = lines.iter().filter_map(|l| {
        let mut parts = l.split('║');
        parts.next()?;
        let inside = parts.next()?;
        parts.next().map(|_| inside.to_string())
    });
    words(&inside.collect::<Vec<_>>().join(" "))
}

/// The hand's log as drawn: under the middle, or in the side panel on the right, its
/// lines joined (the text right of the table's last inner border on each line).
fn log_text(lines: &[String]) -> String {
    let parts = lines.iter().filter_map(|l| {
        let inner = l.trim_end_matches('│');
        inner.rsplit('│').next().map(str::to_string)
    });
    words(&parts.collect::<Vec<_>>().join(" "))
}

/// `text`'s words, each separated by one space.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The cards a seat holds, in words: `5 cards`, `1 card`, `no cards`.
fn held(count: usize) -> String {
    match count {
        0 => "no cards".into(),
        1 => "1 card".into(),
        n => format!("{n} cards"),
    }
}

/// Whether `line` holds `text` with nothing run into either end: a space, a border or
/// the line's end on each side.
fn whole(line: &str, text: &str) -> bool {
    line.match_indices(text).any(|(at, _)| {
        let before = line[..at].chars().next_back();
        let after = line[at + text.len()..].chars().next();
        let apart = |c: Option<char>| c.is_none_or(|c| c == ' ' || "│║┌┐└┘─".contains(c));
        apart(before) && apart(after)
    })
}

/// Every seat but the person's shows its name, cards held and tally and points whole,
/// each clear of what stands beside it; the facts too; Straights' layout has all
/// thirteen ranks in every row.
fn check_whole(ui: &mut Ui, width: u16, when: &str) {
    let lines = render(ui, width, HEIGHT);
    let screen = lines.join("\n");
    let scene = scene(ui);
    let at = format!("{when}, {width} columns:\n{screen}");
    for seat in scene.seats.iter().filter(|s| s.seat != YOU) {
        let points = match seat.points {
            1.0 => "1 pt".to_string(),
            p => format!("{p} pts"),
        };
        let expected = [
            seat.name.clone(),
            held(seat.cards),
            seat.tally.text.to_lowercase(),
            points,
        ];
        for text in expected {
            assert!(
                lines.iter().any(|l| whole(l, &text)),
                "{}'s {text:?} is cut or run into: {at}",
                seat.name
            );
        }
    }
    for fact in &scene.facts {
        let text = match fact.card {
            Some(card) => format!("{} {}", fact.text, scene.card_text(card)),
            None => fact.text.clone(),
        };
        assert!(
            lines.iter().any(|l| whole(l, &text)),
            "the fact {text:?} is cut or run into: {at}"
        );
    }
    if let Middle::Layout { rows } = &scene.middle {
        for row in rows {
            let symbol = scene::suit_symbol(row.suit);
            let line = lines
                .iter()
                .find(|l| l.contains(&format!("{symbol}  ")))
                .unwrap_or_else(|| panic!("no {symbol} row: {at}"));
            let from = line.find(&format!("{symbol}  ")).unwrap() + symbol.len_utf8();
            // Thirteen slots of three columns: a rank or a dot in each.
            let slots: Vec<char> = line[from..].chars().take(39).collect();
            let filled = slots
                .chunks(3)
                .filter(|s| s.iter().any(|c| *c != ' '))
                .count();
            assert_eq!(filled, 13, "{symbol} row: {at}");
        }
    }
}

#[test]
fn every_seat_fact_and_layout_row_is_whole_from_100_columns_up() {
    for (game, rules) in games() {
        let mut ui = ui(game, rules, 3, 10);
        play_until(&mut ui, |ui| ui.your_turn());
        for width in WIDTHS {
            check_whole(&mut ui, width, &format!("{game:?} at its first turn"));
        }
        // Mid-hand, with tricks and discards counted and the facts of the hand.
        for turn in 0..4 {
            enter(&mut ui);
            play_until(&mut ui, |ui| ui.your_turn());
            for width in WIDTHS {
                check_whole(&mut ui, width, &format!("{game:?} at turn {turn}"));
            }
        }
    }
}

#[test]
fn the_starting_seats_read_whole_as_the_rules_deal_them() {
    // Hand-worked from the rules: Straights deals 13 a seat; Teen Do Panch's first
    // maker (Left, the dealer's left) has a quota of 5, Right 3.
    let mut straights = ui(GameKind::Straights, None, 4, 80);
    play_until(&mut straights, |ui| ui.your_turn());
    let mut teen = ui(GameKind::TeenDoPanch, Some("handout"), 4, 10);
    play_until(&mut teen, |ui| ui.your_turn());
    for width in WIDTHS {
        let lines = render(&mut straights, width, HEIGHT);
        let backs = lines.iter().filter(|l| whole(l, "13 cards")).count();
        // West and East share a row; North has its own.
        assert!(backs >= 2, "{width}:\n{}", lines.join("\n"));
        assert!(lines.iter().any(|l| whole(l, "discards 0 · 0 pts")));
        let lines = render(&mut teen, width, HEIGHT);
        for tally in ["tricks 0, quota 5", "tricks 0, quota 3"] {
            assert!(
                lines.iter().any(|l| whole(l, tally)),
                "{tally} at {width}:\n{}",
                lines.join("\n")
            );
        }
    }
}

#[test]
fn a_hands_end_is_shown_and_holds_the_deal_until_a_key() {
    for (game, rules) in games() {
        let mut ui = ui(game, rules, 5, 10);
        play_until(&mut ui, |ui| ui.holding());
        let end = scene(&ui).hand_end.expect("a hand's end while holding");
        let heading = scene(&ui).heading;
        for width in WIDTHS {
            let lines = render(&mut ui, width, HEIGHT);
            let screen = boxed(&lines);
            let at = format!("{game:?} at {width}:\n{}", lines.join("\n"));
            assert!(screen.contains(&words(&end.sentence)), "{at}");
            for side in &end.sides {
                assert!(lines.iter().any(|l| l.contains(&side.text)), "{at}");
                for &card in &side.cards {
                    assert!(screen.contains(&scene(&ui).card_text(card)), "{at}");
                }
                for note in &side.notes {
                    assert!(screen.contains(&words(note)), "{at}");
                }
            }
            let key = "any key: the next hand";
            assert!(lines.iter().any(|l| l.contains(key)), "{at}");
            // Nothing shows beside the box on its rows but the table's own border and
            // seats' words: no log line cut by its edge ("Nort║").
            for line in lines.iter().filter(|l| l.contains('║')) {
                let left = line.split('║').next().unwrap_or_default();
                let cut = left.trim_start_matches('│').trim_end();
                assert!(
                    cut.is_empty() || left.ends_with(' '),
                    "a word runs into the box: {line:?}\n{at}"
                );
            }
        }
        // q asks first; a key that does not quit comes back to the hand's end.
        let version = ui.table.version();
        ui.key(KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE));
        assert_eq!(ui.dialog, Dialog::Quit, "q asks to quit from a hand's end");
        ui.key(KeyEvent::new(KeyCode::Char('n'), KeyModifiers::NONE));
        assert!(ui.holding(), "{game:?}: the end is still shown");
        // Any key goes on; nothing is played by it; the next deal may come.
        ui.key(KeyEvent::new(KeyCode::Char(' '), KeyModifiers::NONE));
        assert!(!ui.holding());
        assert_eq!(ui.table.version(), version, "the key played nothing");
        assert!(ui.table.step(), "{game:?}: the deal");
        assert_ne!(scene(&ui).heading, heading, "{game:?}: the next hand");
    }
}

#[test]
fn the_games_end_shows_the_last_hand_and_the_standings_uncovered() {
    for (game, rules) in games() {
        let mut ui = ui(game, rules, 6, 2);
        play_until(&mut ui, |ui| ui.finished());
        assert!(!ui.holding(), "the result shows the end instead");
        ui.dialog = Dialog::Over;
        let scene = scene(&ui);
        let result = scene.result.clone().unwrap();
        let end = scene.hand_end.clone().expect("the last hand's end");
        for width in WIDTHS {
            let lines = render(&mut ui, width, HEIGHT);
            let screen = boxed(&lines);
            let at = format!("{game:?} at {width}:\n{}", lines.join("\n"));
            assert!(screen.contains(&words(&end.sentence)), "{at}");
            assert!(screen.contains(&words(&result.sentence)), "{at}");
            // The standings, in their ranked order.
            let mut from = 0;
            for standing in &result.standings {
                let at_ = screen[from..].find(standing.as_str());
                let found = at_.unwrap_or_else(|| panic!("{standing}: {at}"));
                from += found + standing.len();
            }
            for side in &end.sides {
                assert!(lines.iter().any(|l| l.contains(&side.text)), "{at}");
            }
        }
    }
}

#[test]
fn the_log_wraps_its_sentences_whole() {
    // Teen Do Panch's hand-end sentence is longer than the log's column at every width.
    let mut ui = ui(GameKind::TeenDoPanch, Some("handout"), 4, 10);
    play_until(&mut ui, |ui| ui.holding());
    let sentence = scene(&ui).hand_end.unwrap().sentence;
    assert!(sentence.chars().count() > 60, "{sentence}");
    // The end seen (its box closed, the deal not yet come): the log is in view.
    ui.ended = scene(&ui).hand_end.map(|e| e.seq);
    for width in WIDTHS {
        let lines = render(&mut ui, width, HEIGHT);
        let screen = log_text(&lines);
        assert!(
            screen.contains(&words(&sentence)),
            "{width}:\n{}",
            lines.join("\n")
        );
    }
}

#[test]
fn the_help_is_whole_at_every_size() {
    let mut ui = ui(GameKind::TeenDoPanch, Some("handout"), 3, 10);
    play_until(&mut ui, |ui| ui.your_turn());
    let help = ui.shown().own.clone().unwrap().help;
    for (width, height) in [(80, 24), (100, 30), (112, 32), (130, 40)] {
        ui.key(KeyEvent::new(KeyCode::Char('?'), KeyModifiers::NONE));
        // Everything the help says, scrolled through to its end.
        let mut seen = Vec::new();
        for _ in 0..20 {
            let lines = render(&mut ui, width, height);
            seen.push(boxed(&lines));
            ui.key(KeyEvent::new(KeyCode::Down, KeyModifiers::NONE));
        }
        let seen = seen.join(" ");
        for text in draw::KEYS
            .iter()
            .copied()
            .chain(help.iter().map(String::as_str))
        {
            assert!(seen.contains(&words(text)), "{text:?} at {width}×{height}");
        }
        ui.key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
        assert_eq!(ui.dialog, Dialog::None);
    }
}

#[test]
fn a_number_that_cannot_be_played_says_the_cores_reason() {
    // Straights: the first turn of a hand with the seven of spades plays only it; any
    // other card's number is refused with the core's words.
    let mut ui = ui(GameKind::Straights, None, 4, 80);
    play_until(&mut ui, |ui| ui.your_turn());
    let own = ui.shown().own.clone().unwrap();
    let cards: Vec<_> = own.hand.groups().iter().flatten().cloned().collect();
    let refused = cards.iter().position(|c| c.action.is_none()).unwrap() + 1;
    for c in refused.to_string().chars() {
        ui.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    }
    if refused == 1 {
        enter(&mut ui);
    }
    let note = ui.note.clone().unwrap_or_default();
    assert!(
        note.contains("cannot be played now: ") && note.ends_with("is not a legal play"),
        "{note}"
    );
}
