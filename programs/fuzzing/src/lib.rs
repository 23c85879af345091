//! What each fuzz target does with its input, written once: `fuzz/fuzz_targets/*.rs`
//! call these under libFuzzer (nightly), and `tests/corpus.rs` replays every saved input
//! through them on stable, so CI needs no nightly.
//!
//! Each function takes any bytes and must neither panic nor hang; where the input is
//! valid it also checks a property (a saved game writes back to the same game).

#![warn(missing_docs)]

use std::io::{BufReader, Cursor};

use cards::CardSet;
use textio::{Console, Shared};

/// What a fuzz target does with one input.
pub type Target = fn(&[u8]);

/// Every target by name, as `fuzz/corpus/NAME` and `fuzz/fuzz_targets/NAME.rs` name them.
pub const TARGETS: [(&str, Target); 11] = [
    ("pack", pack),
    ("cs246_saved", cs246_saved),
    ("straights_saved", straights_saved),
    ("record", record),
    ("euchre246_input", euchre246_input),
    ("straights_input", straights_input),
    ("euchre280_input", euchre280_input),
    ("teendopanch_input", teendopanch_input),
    ("client_message", client_message),
    ("play_lines", play_lines),
    ("play_keys", play_keys),
];

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

/// A console that reads `data` as typed input and throws the output away.
fn console(data: &[u8]) -> Shared {
    Console::shared(
        Box::new(BufReader::new(Cursor::new(data.to_vec()))),
        Box::new(std::io::sink()),
    )
}

/// Pack files for both EECS 280 decks: parsed, or refused with a line.
pub fn pack(data: &[u8]) {
    let text = text(data);
    for deck in [cards::deck::eecs280_euchre(), cards::deck::teendopanch()] {
        let deck: CardSet = deck.into_iter().collect();
        if let Ok(cards) = cards::pack::parse(&text, deck) {
            assert_eq!(cards.iter().copied().collect::<CardSet>(), deck);
        }
    }
}

/// CS 246 saved games: a file that loads resumes as a game, and writes back to a file
/// that loads to the same saved game.
pub fn cs246_saved(data: &[u8]) {
    use cs246_euchre::saved;
    let Ok(saved) = saved::parse(&text(data)) else {
        return;
    };
    let again = saved::parse(&saved::write(&saved)).expect("a written game loads");
    assert_eq!(again, saved);
    let _ = euchre::Game::from_position(euchre::Rules::cs246(), &saved.position);
}

/// Straights saved games: a file that loads replays its moves, every seat a human who
/// then finds no input, so the game stops there (computer seats would play the game out,
/// and strong ones search: seconds an input, none of it reading the file).
pub fn straights_saved(data: &[u8]) {
    use cs246_straights::driver::Driver;
    use cs246_straights::saved::{self, Kind};
    if let Ok(saved) = saved::parse(&text(data)) {
        let _ = Driver::new(console(b""), saved.seed, [Kind::Human; 4]).resume(&saved);
    }
}

/// Game records (`cardtable arena --record` lines) for every game.
pub fn record(data: &[u8]) {
    for line in text(data).lines() {
        // A record that replays is drawn at every step (a scene each, as replays show
        // it) and taken up at the terminal as a saved game.
        if catalogue::replay(line).is_ok_and(|r| r.actions <= 2_000) {
            let steps = scene::steps(line).expect("a record that replays has steps");
            for step in &steps {
                serde_json::to_string(&step.scene).expect("scenes serialize");
            }
            if let Ok(session) = terminal::session::resume(line, catalogue::PlayerSpec::Random) {
                serde_json::to_string(&session.shown()).expect("scenes serialize");
            }
        }
    }
}

/// The server's decoder of client messages: anything decoded writes back to itself.
pub fn client_message(data: &[u8]) {
    use server::protocol::ClientMsg;
    if let Ok(message) = serde_json::from_slice::<ClientMsg>(data) {
        let text = serde_json::to_string(&message).expect("messages serialize");
        let again: ClientMsg = serde_json::from_str(&text).expect("a written message reads");
        assert_eq!(again, message);
    }
}

/// Whether `data` asks a program to write a file (`save NAME`): such inputs are skipped,
/// so that fuzzing writes nothing to disk.
fn saves(data: &[u8]) -> bool {
    data.windows(4).any(|w| w.eq_ignore_ascii_case(b"save"))
}

/// `euchre` with `data` typed at its prompts (seed from the first byte).
pub fn euchre246_input(data: &[u8]) {
    if saves(data) {
        return;
    }
    let seed = u32::from(data.first().copied().unwrap_or(0));
    let mut driver = cs246_euchre::driver::Driver::new(console(data), seed % 2 == 0);
    let _ = driver.play_new(seed);
}

/// `straights` with `data` answering "human or computer" and then typed as commands.
pub fn straights_input(data: &[u8]) {
    use cs246_straights::driver::Driver;
    if saves(data) {
        return;
    }
    let console = console(data);
    if let Ok(kinds) = Driver::ask_kinds(&console) {
        // `s` seats the strong player: seconds of search per game under the fuzzer's
        // instrumentation, and none of it reads input (found as a 1 s "hang").
        if kinds.contains(&cs246_straights::saved::Kind::Strong) {
            return;
        }
        let seed = u32::from(data.len() as u8);
        let _ = Driver::new(console, seed, kinds).play();
    }
}

/// The EECS 280 programs' seats: four (or three) Humans named A, B, C, D.
fn humans(players: usize) -> Vec<(String, textio::eecs280::Kind)> {
    ["A", "B", "C", "D"][..players]
        .iter()
        .map(|n| (n.to_string(), textio::eecs280::Kind::Human))
        .collect()
}

/// `euchre280` with four Humans answering from `data`, to 2 points, unshuffled.
pub fn euchre280_input(data: &[u8]) {
    use textio::eecs280::Seats;
    let console = console(data);
    let seats = Seats::new::<euchre::players::Simple, euchre::players::Strong>(humans(4), |name| {
        Box::new(eecs280_euchre::human::Human::new(
            name.to_string(),
            console.clone(),
        ))
    });
    let mut pack = cards::pack::Pack::new(cards::deck::eecs280_euchre().to_vec(), false);
    let _ = eecs280_euchre::driver::Driver { seats, console }.play(2, &mut pack);
}

/// `teendopanch` with three Humans answering from `data`, to 2 points, unshuffled.
pub fn teendopanch_input(data: &[u8]) {
    use textio::eecs280::Seats;
    let console = console(data);
    let rules = teendopanch::Rules::handout(2);
    let seats = Seats::new::<teendopanch::players::Simple, teendopanch::players::Strong>(
        humans(3),
        |name| {
            Box::new(eecs280_teendopanch::human::Human::new(
                name.to_string(),
                console.clone(),
            ))
        },
    );
    let mut pack = cards::pack::Pack::new(cards::deck::teendopanch(), false);
    let _ = eecs280_teendopanch::driver::Driver { seats, console }.play(rules, &mut pack);
}

/// The first byte picks one of the catalogue's variants (handout opponents, to 2
/// points); the second byte's low half seeds the deal and its high half, when not 0,
/// draws a value for every house rule (a refused combination plays the variant).
fn terminal_game(data: &[u8]) -> Box<dyn terminal::session::Sitting> {
    use catalogue::{PlayerSpec, Variant};
    let first = usize::from(data.first().copied().unwrap_or(0));
    let variant = Variant::ALL[first % Variant::ALL.len()];
    let game = variant.game();
    let second = data.get(1).copied().unwrap_or(0);
    let mut draw = u64::from(second >> 4);
    let house = table::house::assignment_for(catalogue::Ruleset::options(game), |_| {
        draw = draw
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (draw >> 33) as usize
    });
    let rules = match second >> 4 {
        0 => catalogue::Ruleset::plain(variant, 2),
        _ => catalogue::Ruleset::new(variant, 2, &house)
            .unwrap_or_else(|_| catalogue::Ruleset::plain(variant, 2)),
    };
    let setup = terminal::session::Setup {
        rules,
        seed: u64::from(second & 0x0f),
        opponents: PlayerSpec::Handout,
    };
    terminal::session::open(&setup)
}

/// Whether `data` types `save` followed by anything on its line, which names a file: such
/// inputs are skipped (a bare `save` writes under the system's temporary folder).
fn names_a_file(data: &[u8]) -> bool {
    data.windows(5)
        .any(|w| w[..4].eq_ignore_ascii_case(b"save") && !matches!(w[4], b'\n' | b'\r'))
}

/// Where the terminal game's `save` writes while fuzzing: the null device, so a save costs
/// the record it writes and not a file (~1 ms each in the temporary directory, which made
/// inputs of repeated `s` keys 30 times slower than the rest).
fn save_sink() -> std::path::PathBuf {
    if cfg!(unix) {
        "/dev/null".into()
    } else {
        std::env::temp_dir().join("cardtable-fuzz-save.json")
    }
}

/// `cardtable play` in line mode with the rest of `data` typed as answers. Inputs asking
/// for the `coach` are skipped like `c` in [`play_keys`]: its search was four fifths of
/// the time, and the search has fuzz-free tests of its own.
pub fn play_lines(data: &[u8]) {
    let coach = data.windows(5).any(|w| w.eq_ignore_ascii_case(b"coach"));
    if coach || names_a_file(data) {
        return;
    }
    let mut table = terminal_game(data);
    let input = BufReader::new(Cursor::new(data.get(2..).unwrap_or_default().to_vec()));
    let save = save_sink();
    let _ = terminal::line::play(table.as_mut(), input, std::io::sink(), &save);
}

/// The drawn table with the rest of `data` as key presses, the computers stepping
/// between them, drawn once after the last on an 80×24 test screen. Every screen the
/// keys pass through is the last screen of a shorter input, which the fuzzer also runs:
/// drawing only the last loses no state and makes an input ~20 times cheaper (a frame
/// costs more than the keys and the computers' moves together).
pub fn play_keys(data: &[u8]) {
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let table = terminal_game(data);
    let mut ui = terminal::ui::Ui::new(table, save_sink());
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24))
        .expect("a test terminal");
    for &byte in data.get(2..).unwrap_or_default() {
        let code = match byte {
            0 => KeyCode::Left,
            1 => KeyCode::Right,
            2 => KeyCode::Enter,
            3 => KeyCode::Esc,
            4 => KeyCode::PageUp,
            5 => KeyCode::Home,
            6 => KeyCode::End,
            7 => KeyCode::Backspace,
            b => KeyCode::Char(char::from(b)),
        };
        // `s` saves and `c` (or `C`: keys are read lower-cased) asks the coach, whose
        // search is slow under instrumentation (an input of six `C`s ran past 1 s).
        if matches!(code, KeyCode::Char('c' | 'C')) {
            continue;
        }
        let flow = ui.key(KeyEvent::new(code, KeyModifiers::NONE));
        if flow != terminal::ui::Flow::Continue {
            return;
        }
        while !ui.your_turn() && ui.table.step() {}
    }
    let _ = terminal.draw(|frame| terminal::draw::draw(frame, &mut ui));
}
