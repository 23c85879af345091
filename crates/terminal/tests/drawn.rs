//! The drawn table on ratatui's `TestBackend`: what a person must see at each game's key
//! moments, checked against the rules (written here from the handouts) given the seat's
//! hand and the table; and whole games of every game played through the key handler to
//! the result screen.

use cards::{Card, Rank, Suit};
use catalogue::{GameKind, PlayerSpec, Variant};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;
use ratatui::Terminal;
use scene::{FactKind, Middle, Phase, Scene};
use terminal::draw;
use terminal::session::{self, Setup, YOU};
use terminal::ui::{Dialog, Flow, Ui};

fn ui(game: GameKind, rules: Option<&str>, seed: u64, opponents: &str) -> Ui {
    let setup = Setup {
        rules: catalogue::Ruleset::plain(Variant::named(game, rules).unwrap(), 3),
        seed,
        opponents: PlayerSpec::parse(game, opponents).unwrap(),
    };
    Ui::new(
        session::open(&setup),
        std::env::temp_dir().join("cardtable-drawn-test.json"),
    )
}

/// The screen as lines of text, and the buffer for styles.
fn render(ui: &mut Ui, width: u16, height: u16) -> (Vec<String>, ratatui::buffer::Buffer) {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|frame| draw::draw(frame, ui)).unwrap();
    let buffer = terminal.backend().buffer().clone();
    let lines = (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect()
        })
        .collect();
    (lines, buffer)
}

fn show(card: Card) -> String {
    let rank = if card.rank() == Rank::Ten {
        "10".to_string()
    } else {
        card.rank().symbol().to_string()
    };
    let suit = match card.suit() {
        Suit::Spades => '♠',
        Suit::Hearts => '♥',
        Suit::Clubs => '♣',
        Suit::Diamonds => '♦',
    };
    format!("{rank}{suit}")
}

/// The person's hand.
fn hand(ui: &Ui) -> Vec<Card> {
    let shown = ui.shown();
    let own = shown.own.as_ref().expect("the person's seat");
    own.hand.groups().iter().flatten().map(|c| c.card).collect()
}

fn scene(ui: &Ui) -> Scene {
    ui.shown().scene.clone()
}

/// The trick in progress.
fn trick(scene: &Scene) -> Vec<Card> {
    match &scene.middle {
        Middle::Tricks {
            current: Some(t), ..
        } => t.plays.iter().map(|p| p.card).collect(),
        _ => Vec::new(),
    }
}

/// The Straights layout's cards of `suit`.
fn run(scene: &Scene, suit: Suit) -> Vec<Card> {
    match &scene.middle {
        Middle::Layout { rows } => rows
            .iter()
            .filter(|r| r.suit == suit)
            .flat_map(|r| r.slots.iter().flatten().copied())
            .collect(),
        _ => Vec::new(),
    }
}

/// Lets the computers play until the person must act (or `stop` says so).
fn until(ui: &mut Ui, stop: impl Fn(&Ui) -> bool) -> bool {
    for _ in 0..10_000 {
        if ui.your_turn() && stop(ui) {
            return true;
        }
        if ui.your_turn() {
            ui.key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
        } else if !ui.table.step() {
            return false;
        }
    }
    false
}

/// The hand's cards drawn with a yellow border (raised: legal) and the rest.
fn raised(
    buffer: &ratatui::buffer::Buffer,
    lines: &[String],
    hand: &[Card],
) -> (Vec<Card>, Vec<Card>) {
    let (mut up, mut down) = (Vec::new(), Vec::new());
    let bottom = lines.len() - 8;
    for &card in hand {
        let text = show(card);
        // The card's face line in the hand rows; its border's colour above it.
        let (y, x) = (bottom..lines.len())
            .find_map(|y| {
                let chars: Vec<String> = (0..buffer.area.width)
                    .map(|x| buffer[(x, y as u16)].symbol().to_string())
                    .collect();
                let row: String = chars.concat();
                row.find(&format!("│{text}"))
                    .map(|byte| (y, row[..byte].chars().count()))
            })
            .unwrap_or_else(|| panic!("{text} is not drawn in the hand:\n{}", lines.join("\n")));
        let border = buffer[(x as u16, y as u16)].fg;
        if border == Color::Yellow {
            up.push(card)
        } else {
            down.push(card)
        }
    }
    (up, down)
}

#[test]
fn euchre_bidding_shows_the_upcard_the_hand_and_the_choices() {
    let mut ui = ui(GameKind::Euchre, Some("eecs280"), 11, "handout");
    assert!(until(&mut ui, |ui| matches!(
        scene(ui).phase,
        Phase::OrderUp { .. }
    )));
    let Phase::OrderUp { upcard } = scene(&ui).phase else {
        unreachable!()
    };
    let (lines, _) = render(&mut ui, 100, 30);
    let screen = lines.join("\n");
    assert!(
        screen.contains(&format!("Upcard {}", show(upcard))),
        "{screen}"
    );
    for card in hand(&ui) {
        assert!(
            screen.contains(&format!("│{}", show(card))),
            "{} missing:\n{screen}",
            show(card)
        );
    }
    // Round one of EECS 280 bidding: order up or pass, as buttons.
    assert!(
        screen.contains("[ Pass ]") && screen.contains("[ Order up ]"),
        "{screen}"
    );
    assert!(screen.contains("Your turn: Order up the"), "{screen}");
    let seats = scene(&ui).seats;
    let line = format!(
        "Score: You & North {} · West & East {}",
        seats[0].points, seats[1].points
    );
    assert!(screen.contains(&line), "{screen}");
}

/// Euchre's suit of a card with `trump`: the left bower belongs to trump.
fn euchre_suit(card: Card, trump: Suit) -> Suit {
    let left = match trump {
        Suit::Hearts => Suit::Diamonds,
        Suit::Diamonds => Suit::Hearts,
        Suit::Spades => Suit::Clubs,
        Suit::Clubs => Suit::Spades,
    };
    if card.rank() == Rank::Jack && card.suit() == left {
        trump
    } else {
        card.suit()
    }
}

#[test]
fn euchre_mid_trick_raises_exactly_the_cards_that_follow_suit() {
    let mut checked = 0;
    for seed in 0..40 {
        let mut ui = ui(GameKind::Euchre, Some("eecs280"), seed, "handout");
        let found = until(&mut ui, |ui| {
            let s = scene(ui);
            s.phase == Phase::Tricks && !trick(&s).is_empty()
        });
        if !found {
            continue;
        }
        let table = scene(&ui);
        let trump = table
            .facts
            .iter()
            .find(|f| f.kind == FactKind::Trump)
            .and_then(|f| f.suit)
            .unwrap();
        let led = trick(&table)[0];
        let hand = hand(&ui);
        let suit = euchre_suit(led, trump);
        // The rule: follow the suit led if you can; otherwise play anything.
        let follow: Vec<Card> = hand
            .iter()
            .copied()
            .filter(|&c| euchre_suit(c, trump) == suit)
            .collect();
        let mut expected = if follow.is_empty() {
            hand.clone()
        } else {
            follow
        };
        let (lines, buffer) = render(&mut ui, 100, 30);
        let (mut up, _) = raised(&buffer, &lines, &hand);
        up.sort();
        expected.sort();
        assert_eq!(up, expected, "seed {seed}:\n{}", lines.join("\n"));
        let screen = lines.join("\n");
        assert!(
            screen.contains(&format!("│{}", show(led))),
            "the led card is in the middle"
        );
        assert!(
            screen.contains("winning"),
            "who is winning the trick is shown"
        );
        checked += 1;
    }
    assert!(checked >= 20, "{checked} positions checked");
}

#[test]
fn the_straights_layout_grows_from_the_sevens_and_only_fitting_cards_rise() {
    let mut checked = 0;
    for seed in 0..20 {
        let mut ui = ui(GameKind::Straights, None, seed, "handout");
        if !until(&mut ui, |ui| {
            let s = scene(ui);
            Suit::ALL.into_iter().any(|suit| !run(&s, suit).is_empty())
        }) {
            continue;
        }
        let table = scene(&ui);
        let hand = hand(&ui);
        let runs: Vec<(Suit, Vec<Card>)> =
            [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds]
                .into_iter()
                .map(|s| (s, run(&table, s)))
                .collect();
        // The rule: a seven may always be played; another card fits next to its suit's run.
        let fits = |card: Card| {
            let run = &runs.iter().find(|(s, _)| *s == card.suit()).unwrap().1;
            card.rank() == Rank::Seven
                || run
                    .iter()
                    .any(|c| (c.rank().pips() as i32 - card.rank().pips() as i32).abs() == 1)
        };
        let mut expected: Vec<Card> = hand.iter().copied().filter(|&c| fits(c)).collect();
        let discard = expected.is_empty();
        if discard {
            expected = hand.clone();
        }
        let (lines, buffer) = render(&mut ui, 100, 30);
        let screen = lines.join("\n");
        let (mut up, _) = raised(&buffer, &lines, &hand);
        up.sort();
        expected.sort();
        assert_eq!(up, expected, "seed {seed}:\n{screen}");
        // Each suit's row shows the run's ranks, ace to king, where they lie.
        for (suit, run) in &runs {
            let symbol = show(Card::new(Rank::Ace, *suit)).chars().last().unwrap();
            let row = lines
                .iter()
                .find(|l| l.contains(&format!("{symbol}   ")) || l.contains(&format!("{symbol}  ")))
                .unwrap();
            for card in run {
                let rank = if card.rank() == Rank::Ten {
                    "10".into()
                } else {
                    card.rank().symbol().to_string()
                };
                assert!(
                    row.contains(&rank),
                    "{} missing from its row {row}",
                    show(*card)
                );
            }
        }
        assert!(screen.contains(if discard {
            "discard one face down"
        } else {
            "Play a card onto the layout"
        }));
        checked += 1;
    }
    assert!(checked >= 10);
}

#[test]
fn a_teen_do_panch_pull_shows_the_card_taken_to_its_puller() {
    for seed in 0..300 {
        let mut ui = ui(GameKind::TeenDoPanch, Some("handout"), seed, "random");
        if !until(&mut ui, |ui| {
            matches!(scene(ui).phase, Phase::Pull { puller: YOU, .. })
        }) {
            continue;
        }
        let (lines, _) = render(&mut ui, 100, 30);
        let screen = lines.join("\n");
        // The card taken is shown to its puller, and it is not offered back.
        let taken: Card = screen
            .split("You pulled ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .map(|text| {
                text.replace('♠', "S")
                    .replace('♥', "H")
                    .replace('♣', "C")
                    .replace('♦', "D")
            })
            .map(|text| text.replace("10", "T").parse().unwrap())
            .unwrap_or_else(|| panic!("no card taken shown:\n{screen}"));
        let offered = ui.picks().iter().any(|p| p.card == Some(taken));
        assert!(
            !offered,
            "{} may not go straight back:\n{screen}",
            show(taken)
        );
        assert!(screen.contains("You pull a card from"), "{screen}");
        assert!(screen.contains("Give back a card"), "{screen}");
        assert!(
            screen.contains("Quota") || screen.contains("tricks "),
            "{screen}"
        );
        return;
    }
    panic!("no pull by the person in 300 games");
}

#[test]
fn a_window_below_80_by_24_says_so() {
    let mut ui = ui(GameKind::Euchre, None, 1, "random");
    let (lines, _) = render(&mut ui, 60, 20);
    assert!(lines
        .join(" ")
        .contains("The window is 60×20: cardtable needs at least 80×24"));
}

/// A Straights table of `players` seats (house rule `players=N`), the others random.
fn straights_of(players: usize) -> Ui {
    let house = [format!("players={players}")];
    let setup = Setup {
        rules: catalogue::Ruleset::new(
            Variant::named(GameKind::Straights, None).unwrap(),
            80,
            &house,
        )
        .unwrap(),
        seed: 3,
        opponents: PlayerSpec::parse(GameKind::Straights, "random").unwrap(),
    };
    Ui::new(
        session::open(&setup),
        std::env::temp_dir().join("cardtable-drawn-test-straights.json"),
    )
}

#[test]
fn every_seat_of_a_big_straights_table_shows_its_points_at_80_columns() {
    for players in 5..=8 {
        let mut ui = straights_of(players);
        let (lines, _) = render(&mut ui, 80, 24);
        let screen = lines.join("\n");
        for n in 2..=players {
            assert!(
                screen.contains(&format!("Player {n}")),
                "{players} players:\n{screen}"
            );
        }
        // The frame's title keeps the game's name and says house rules apply.
        assert!(lines[0].contains("cardtable · Straights"), "{}", lines[0]);
        assert!(lines[0].contains("house rules"), "{}", lines[0]);
        // The row of the others: one panel each, all alike, each with its points.
        let panels = players - 1;
        let pts = lines[3..5]
            .iter()
            .map(|l| l.matches("pts").count())
            .sum::<usize>();
        assert_eq!(pts, panels, "{players} players:\n{screen}");
        let backs = lines[3].matches(" cards").count();
        assert!(
            backs == 0 || backs == panels,
            "{players} players:\n{screen}"
        );
        // A score line that lists the scores lists them all, not cut at the edge.
        if lines[1].contains("Score:") {
            assert!(
                lines[1].contains(&format!("Player {players} 0")),
                "{}",
                lines[1]
            );
        }
    }
}

/// Plays a whole game by keys: Enter on the person's turn (with a card's number now and
/// then), the computers stepping between; ends at the result screen.
fn whole_game(game: GameKind, rules: Option<&str>, seed: u64) {
    let mut ui = ui(game, rules, seed, "handout");
    let mut keys = 0;
    for _ in 0..100_000 {
        if ui.finished() {
            break;
        }
        if ui.your_turn() {
            let before = ui.table.version();
            // Every third decision by the first legal card's number, else Enter.
            let picks = ui.picks();
            // The picks are derived once per table version: they must be this turn's.
            let mut actions: Vec<usize> = picks.iter().map(|p| p.action).collect();
            actions.sort_unstable();
            let count = ui.shown().own.as_ref().unwrap().actions.len();
            let legal: Vec<usize> = (0..count).collect();
            assert_eq!(actions, legal, "the picks are this turn's legal actions");
            match (keys % 3, picks.first().and_then(|p| p.card)) {
                (1, Some(card)) => {
                    let number = hand(&ui).iter().position(|&c| c == card).unwrap() + 1;
                    for c in number.to_string().chars() {
                        ui.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
                    }
                    // A number a second digit could extend waits for Enter.
                    if ui.table.version() == before {
                        ui.key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
                    }
                }
                _ => {
                    ui.key(KeyEvent::new(KeyCode::Right, KeyModifiers::NONE));
                    ui.key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
                }
            }
            assert!(
                ui.table.version() > before,
                "a key played nothing: {:?}",
                ui.note
            );
            keys += 1;
            let _ = render(&mut ui, 120, 32);
        } else {
            assert!(ui.table.step());
        }
    }
    assert!(ui.finished(), "{game:?} ended");
    ui.dialog = Dialog::Over;
    let (lines, _) = render(&mut ui, 100, 30);
    let screen = lines.join("\n");
    assert!(
        screen.contains("Game over") && screen.contains("win"),
        "{screen}"
    );
    assert!(keys > 5, "{keys} decisions by key");
    assert_eq!(
        ui.key(KeyEvent::new(KeyCode::Char('n'), KeyModifiers::NONE)),
        Flow::NewGame
    );
}

#[test]
fn whole_games_of_every_game_by_keys() {
    whole_game(GameKind::Euchre, Some("eecs280"), 5);
    whole_game(GameKind::Euchre, Some("cs246"), 6);
    whole_game(GameKind::Straights, None, 7);
    whole_game(GameKind::TeenDoPanch, Some("handout"), 8);
}

/// A key pressed at the table.
fn press(ui: &mut Ui, c: char) -> Flow {
    ui.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
}

/// A Straights table where the person (seat 0, dealt the deck's first 13 cards) holds
/// one card of every rank, the queen of spades among them, on its turn.
fn hand_of_every_rank() -> Ui {
    let first: Vec<Card> = Rank::ALL
        .iter()
        .enumerate()
        .map(|(i, &rank)| Card::new(rank, Suit::ALL[i % 4]))
        .collect();
    let rest = cards::deck::cs246_straights()
        .into_iter()
        .filter(|c| !first.contains(c));
    let deck: Vec<String> = first
        .iter()
        .copied()
        .chain(rest)
        .map(|c| c.to_string())
        .collect();
    let record = serde_json::json!({
        "game": "straights", "variant": "cs246", "points": 80, "seed": 1,
        "deals": [deck], "seats": ["You", "West", "North", "East"], "actions": [],
    });
    let table = session::resume(
        &record.to_string(),
        PlayerSpec::parse(GameKind::Straights, "handout").unwrap(),
    )
    .expect("the record opens");
    let mut ui = Ui::new(
        table,
        std::env::temp_dir().join("cardtable-every-rank.json"),
    );
    assert!(until(&mut ui, |_| true));
    let ranks: std::collections::BTreeSet<Rank> = hand(&ui).iter().map(|c| c.rank()).collect();
    assert_eq!(ranks.len(), 13, "{:?}", hand(&ui));
    ui
}

/// A Euchre table on the person's turn with a queen among the cards it may play.
fn a_queen_to_play() -> Ui {
    let queen = |ui: &Ui| {
        ui.picks()
            .iter()
            .any(|p| p.card.is_some_and(|c| c.rank() == Rank::Queen))
    };
    for seed in 0..100 {
        let mut ui = ui(GameKind::Euchre, Some("eecs280"), seed, "handout");
        if until(&mut ui, queen) {
            return ui;
        }
    }
    panic!("no game under seed 100 gives the person a queen to play");
}

#[test]
fn q_quits_from_every_screen_even_with_a_queen_to_play() {
    let mut ui = a_queen_to_play();
    // The table: q asks first; y quits; any other key plays on.
    assert_eq!(press(&mut ui, 'q'), Flow::Continue);
    assert_eq!(ui.dialog, Dialog::Quit);
    let (lines, _) = render(&mut ui, 100, 30);
    assert!(lines.join("\n").contains("Leave this game?"));
    assert_eq!(press(&mut ui, 'h'), Flow::Continue);
    assert_eq!(ui.dialog, Dialog::None, "any other key plays on");
    assert!(ui.typed.is_empty(), "no card was begun");
    // From each other screen q asks too.
    for open in ['?', 'x', 'r', 'c'] {
        press(&mut ui, open);
        assert_ne!(ui.dialog, Dialog::None, "{open} opens its screen");
        press(&mut ui, 'q');
        assert_eq!(ui.dialog, Dialog::Quit, "q from the screen {open} opened");
        assert_eq!(press(&mut ui, 'y'), Flow::Quit);
        ui.dialog = Dialog::None;
    }
    assert_eq!(
        ui.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        Flow::Quit
    );
}

#[test]
fn every_key_in_the_readmes_table_does_what_it_says_on_a_hand_of_every_rank() {
    // The README's key table, read from the README: each row's keys in backticks.
    let readme = include_str!("../../../README.md");
    let start = readme
        .find("| key | does |")
        .expect("the README's key table");
    let rows: Vec<&str> = readme[start..]
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .collect();
    let mut letters = Vec::new();
    for row in &rows {
        let keys = row.split('|').nth(1).unwrap();
        for key in keys.split('`').skip(1).step_by(2) {
            if key.chars().count() == 1 && key.chars().all(|c| c.is_ascii_graphic()) {
                letters.push(key.chars().next().unwrap());
            }
        }
    }
    letters.sort_unstable();
    // What each documented key opens (written from the README's words).
    let expected = |c: char, ui: &Ui| match c {
        'q' => ui.dialog == Dialog::Quit,
        '?' => ui.dialog == Dialog::Help(0),
        'c' => matches!(ui.dialog, Dialog::Coach(_)),
        'x' => ui.dialog == Dialog::LastTrick,
        'r' => ui.dialog == Dialog::Rules,
        'h' => ui.dialog == Dialog::HouseRules,
        // The first l shows the level, and changes nothing yet.
        'l' => {
            ui.note
                .as_deref()
                .is_some_and(|n| n.starts_with("The next game's computers: medium (l again: hard"))
                && ui.next_opponents
                    == Some(PlayerSpec::Level {
                        level: catalogue::Level::Medium,
                    })
        }
        's' => ui
            .note
            .as_deref()
            .is_some_and(|n| n.starts_with("saved to")),
        other => panic!("the README documents '{other}', which this test does not know"),
    };
    assert_eq!(letters, ['?', 'c', 'h', 'l', 'q', 'r', 's', 'x']);
    for c in letters {
        let mut ui = hand_of_every_rank();
        ui.next_rules = Some(catalogue::Ruleset::plain(Variant::Straights, 80));
        ui.next_opponents = Some(PlayerSpec::Level {
            level: catalogue::Level::Medium,
        });
        let before = ui.table.version();
        assert_eq!(press(&mut ui, c), Flow::Continue, "{c}");
        assert!(expected(c, &ui), "'{c}': {:?} {:?}", ui.dialog, ui.note);
        assert_eq!(ui.table.version(), before, "'{c}' played nothing");
        assert!(ui.typed.is_empty(), "'{c}' began no card");
    }
    // Digits: the card with that number; 1 waits for a second digit in a 13-card hand.
    let mut ui = hand_of_every_rank();
    let legal = ui.picks().iter().find_map(|p| p.card).unwrap();
    let number = hand(&ui).iter().position(|&c| c == legal).unwrap() + 1;
    let before = ui.table.version();
    for c in number.to_string().chars() {
        press(&mut ui, c);
    }
    if number == 1 {
        assert_eq!(ui.table.version(), before, "1 could begin 10-13");
        ui.key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    }
    assert!(ui.table.version() > before, "card {number} was played");
}

#[test]
fn the_coach_values_every_legal_choice_and_names_the_strong_players_pick() {
    let mut ui = ui(GameKind::Euchre, Some("eecs280"), 21, "handout");
    let legal = |ui: &Ui| ui.shown().own.as_ref().map_or(0, |o| o.actions.len());
    assert!(until(&mut ui, |ui| legal(ui) > 1));
    let actions = ui.shown().own.clone().unwrap().actions;
    ui.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::NONE));
    let Dialog::Coach(coaching) = ui.dialog.clone() else {
        panic!("no coach: {:?}", ui.dialog);
    };
    // One row per legal action, in the order the seat's choices are offered.
    let coached: Vec<_> = coaching.choices.iter().map(|c| c.action).collect();
    assert_eq!(coached, actions);
    assert!(coaching
        .choices
        .iter()
        .all(|c| c.value.is_some_and(f64::is_finite)));
    // The pick gives up nothing; every other choice gives up what its value falls short.
    assert_eq!(coaching.picked().cost, Some(0.0));
    assert!(coaching.choices.iter().all(|c| c.cost >= Some(0.0)));
    let (lines, _) = render(&mut ui, 100, 30);
    let drawn = lines.join("\n");
    assert!(drawn.contains("the coach's pick"), "{drawn}");
    assert!(drawn.contains("Higher is better."), "{drawn}");
    // Asked again, the coach says the same: its generator is fixed by what the seat knows.
    assert_eq!(ui.table.coach(), Some(coaching));
}

#[test]
fn a_saved_game_resumes_where_it_stopped() {
    let mut ui = ui(GameKind::Straights, None, 9, "handout");
    for _ in 0..5 {
        assert!(until(&mut ui, |_| true));
        ui.key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    }
    let record = ui.table.record();
    let resumed = session::resume(&record, PlayerSpec::Handout).unwrap();
    assert_eq!(resumed.shown(), ui.table.shown());
    assert!(session::resume("{\"game\":\"chess\"}", PlayerSpec::Handout).is_err());
    assert!(session::resume("not json", PlayerSpec::Handout).is_err());
}

#[test]
fn a_click_on_a_raised_card_plays_it() {
    use ratatui::crossterm::event::{Event, MouseButton, MouseEvent, MouseEventKind};
    let mut ui = ui(GameKind::Straights, None, 2, "handout");
    assert!(until(&mut ui, |_| true));
    let before = ui.table.version();
    render(&mut ui, 100, 30);
    let (area, pick) = ui.areas[0];
    let card = ui.picks()[pick].card.expect("a card to play");
    let click = |column, row| {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    };
    // A click beside the cards does nothing; one on the card plays it.
    ui.event(&click(0, 0));
    assert_eq!(ui.table.version(), before);
    ui.event(&click(area.x + 2, area.y + 1));
    let said = scene(&ui).log.last().unwrap().words[0].clone();
    assert_eq!(said, format!("You play {}", show(card)));
}

#[test]
fn a_recorded_game_replays_forwards_and_backwards_face_up() {
    use terminal::replay::Replay;
    let mut game = ui(GameKind::TeenDoPanch, Some("reference"), 4, "handout");
    while !game.finished() {
        if game.your_turn() {
            game.key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
        } else {
            game.table.step();
        }
    }
    let record = game.table.record();
    let replay = Replay::open(&format!("\n{record}\n"), 1).unwrap();
    let steps = replay.len();
    assert!(
        Replay::open(&record, 2).is_err(),
        "there is one game in the file"
    );
    let mut ui = Ui::new(Box::new(replay), std::path::PathBuf::new());
    let (lines, _) = render(&mut ui, 120, 32);
    // The deal: three hands of five, every one face up.
    let faces = lines.join("\n").matches(['♠', '♥', '♣', '♦']).count();
    assert!(faces >= 15, "{}", lines.join("\n"));
    ui.key(KeyEvent::new(KeyCode::End, KeyModifiers::NONE));
    assert_eq!(ui.table.position(), Some(steps - 1));
    let points = |s: Scene| s.seats.iter().map(|s| s.points).collect::<Vec<_>>();
    assert_eq!(
        points(scene(&ui)),
        points(scene(&game)),
        "the end is the game's end"
    );
    ui.key(KeyEvent::new(KeyCode::Left, KeyModifiers::NONE));
    assert_eq!(ui.table.position(), Some(steps - 2));
    ui.key(KeyEvent::new(KeyCode::Home, KeyModifiers::NONE));
    assert_eq!(ui.table.position(), Some(0));
    assert!(ui.note.as_deref().unwrap().starts_with("Step 1 of"));
    assert_eq!(
        ui.key(KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE)),
        Flow::Quit
    );
}

#[test]
fn l_steps_the_next_games_computers_through_the_levels() {
    use catalogue::Level;
    let mut ui = ui(GameKind::Euchre, Some("eecs280"), 4, "handout");
    assert!(until(&mut ui, |_| true));
    let level = |ui: &Ui| match ui.next_opponents {
        Some(PlayerSpec::Level { level }) => Some(level),
        _ => None,
    };
    ui.next_opponents = Some(PlayerSpec::Level { level: Level::Hard });
    // The first l only shows the level and how to change it.
    press(&mut ui, 'l');
    assert_eq!(level(&ui), Some(Level::Hard));
    assert_eq!(
        ui.note.as_deref(),
        Some("The next game's computers: hard (l again: expert; this game's stay)")
    );
    press(&mut ui, 'l');
    assert_eq!(level(&ui), Some(Level::Expert));
    press(&mut ui, 'l');
    assert_eq!(
        level(&ui),
        Some(Level::Beginner),
        "after expert, beginner again"
    );
    // Another key between: the next l shows again.
    press(&mut ui, 'x');
    press(&mut ui, 'x');
    press(&mut ui, 'l');
    assert_eq!(level(&ui), Some(Level::Beginner));
    // From a player by kind, the first level.
    ui.next_opponents = Some(PlayerSpec::Handout);
    ui.key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
    press(&mut ui, 'l');
    assert_eq!(ui.next_opponents, Some(PlayerSpec::Handout));
    press(&mut ui, 'l');
    assert_eq!(level(&ui), Some(Level::Beginner));
}
