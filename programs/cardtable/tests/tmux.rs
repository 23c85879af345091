//! The real binary at a real terminal: tmux runs `cardtable play straights` in a 100×30
//! window: the game deals at once, `h` sets house rules for the next game, and a hand (a
//! round) of Straights is played by keys read off the screen; every game's seats read
//! whole from 100 to 130 columns, a hand's end waits for a key, the log wraps, and the
//! help teaches the game under its house rules.

use std::process::Command;
use std::thread::sleep;
use std::time::Duration;

struct Tmux {
    socket: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .unwrap()
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "play"]).stdout)
            .into_owned()
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "play"];
        args.extend(keys);
        self.run(&args);
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

#[test]
fn a_round_of_straights_is_played_by_keys_in_tmux() {
    if Command::new("tmux").arg("-V").output().is_err() {
        return testkit::missing("tmux is not installed (apt-get install tmux)");
    }
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("saved.json");
    let tmux = Tmux {
        socket: format!("cardtable-test-{}", std::process::id()),
    };
    let command = format!(
        "{} play straights --seed 4 --opponents handout --speed 0 --save {}",
        env!("CARGO_BIN_EXE_cardtable"),
        save.display()
    );
    let started = tmux.run(&[
        "new-session",
        "-d",
        "-x",
        "100",
        "-y",
        "30",
        "-s",
        "play",
        &command,
    ]);
    assert!(started.status.success(), "{started:?}");
    tmux.run(&["set-option", "-t", "play", "remain-on-exit", "on"]);

    // The game deals at once; the footer offers the house rules.
    let first = wait_for(&tmux, "cardtable · Straights");
    assert!(first.contains("h house rules"), "{first}");
    // h: the menu, for the next game: the seven of diamonds opens instead.
    tmux.keys(&["h"]);
    let menu = wait_for(&tmux, "House rules");
    assert!(
        menu.contains("Starting card") && menu.contains("◀ spades ▶"),
        "{menu}"
    );
    tmux.keys(&["Right"]);
    let changed = wait_for(&tmux, "◀ diamonds ▶");
    assert!(
        changed.contains("house rule (standard: spades)"),
        "{changed}"
    );
    tmux.keys(&["Enter"]);
    wait_for(&tmux, "The next game deals under these rules");
    // This game's rules card has no house rule: the menu was for the next game.
    tmux.keys(&["r"]);
    let card = wait_for(&tmux, "Starting card");
    assert!(!card.contains("* house rule"), "{card}");
    tmux.keys(&["Escape"]);

    let mut plays = 0;
    let mut seen_layout = false;
    let mut last = String::new();
    for _ in 0..600 {
        sleep(Duration::from_millis(50));
        let screen = tmux.screen();
        seen_layout |= screen.contains("♠") && screen.contains("  ·");
        if screen.contains("Round 2") {
            last = screen;
            break;
        }
        // The round's end waits for a key before the next deal.
        if screen.contains("Round 1 is over") && screen != last {
            assert!(screen.contains("discards, +"), "{screen}");
            tmux.keys(&["Enter"]);
        }
        if screen.contains("Your turn") && screen != last {
            // Alternate the ways in: Enter on the selection, then a card's number.
            if plays % 2 == 0 {
                tmux.keys(&["Enter"]);
            } else {
                tmux.keys(&["Right", "Enter"]);
            }
            plays += 1;
        }
        last = screen;
    }
    assert!(
        last.contains("Round 2"),
        "a round was played to its end:\n{last}"
    );
    assert!(seen_layout, "the layout was drawn");
    assert!(
        plays >= 13,
        "one card a turn, thirteen cards: {plays} key presses"
    );
    assert!(last.contains("cardtable · Straights"));

    // Save, then quit (asked first); the terminal leaves the drawn screen.
    tmux.keys(&["s"]);
    sleep(Duration::from_millis(300));
    tmux.keys(&["q"]);
    sleep(Duration::from_millis(300));
    assert!(tmux.screen().contains("Leave this game?"));
    tmux.keys(&["y"]);
    sleep(Duration::from_millis(500));
    let after = tmux.screen();
    assert!(
        !after.contains("cardtable · Straights"),
        "the alternate screen was left:\n{after}"
    );
    let saved = std::fs::read_to_string(&save).expect("s saved the game");
    assert!(saved.starts_with("{\"game\":\"straights\""), "{saved}");
    assert!(
        !saved.contains("\"house\""),
        "this game had no house rule: {saved}"
    );
}

/// The screen once it shows `text` (within 10 s), or a failure showing the last screen.
fn wait_for(tmux: &Tmux, text: &str) -> String {
    let mut screen = String::new();
    for _ in 0..200 {
        screen = tmux.screen();
        if screen.contains(text) {
            return screen;
        }
        sleep(Duration::from_millis(50));
    }
    panic!("no {text:?} on the screen:\n{screen}")
}

/// A tmux session of its own running `cardtable play ARGS` at `width`×`height`.
fn play_in_tmux(name: &str, width: u16, height: u16, args: &str) -> Option<Tmux> {
    if Command::new("tmux").arg("-V").output().is_err() {
        testkit::missing("tmux is not installed (apt-get install tmux)");
        return None;
    }
    let tmux = Tmux {
        socket: format!("cardtable-{name}-{width}-{}", std::process::id()),
    };
    let command = format!(
        "{} play {args} --speed 0 --save {}",
        env!("CARGO_BIN_EXE_cardtable"),
        std::env::temp_dir()
            .join("cardtable-tmux-widths.json")
            .display()
    );
    let (w, h) = (width.to_string(), height.to_string());
    let started = tmux.run(&[
        "new-session",
        "-d",
        "-x",
        &w,
        "-y",
        &h,
        "-s",
        "play",
        &command,
    ]);
    assert!(started.status.success(), "{started:?}");
    Some(tmux)
}

/// Whether a line of `screen` holds `text` with a space, a border or the line's end on
/// each side: not cut, and not run into anything beside it.
fn whole(screen: &str, text: &str) -> usize {
    let apart = |c: Option<char>| c.is_none_or(|c| c == ' ' || "│║┌┐└┘─".contains(c));
    screen
        .lines()
        .map(|line| {
            line.match_indices(text)
                .filter(|(at, _)| {
                    apart(line[..*at].chars().next_back())
                        && apart(line[at + text.len()..].chars().next())
                })
                .count()
        })
        .sum()
}

#[test]
fn seats_are_whole_and_apart_from_100_to_130_columns() {
    // Written from the rules: Euchre deals five cards a seat, Straights thirteen (the
    // person, holding the seven of spades under seed 4, leads with every hand full);
    // Teen Do Panch's makers' quotas are five (Left, first to name trump) and three.
    let games: [(&str, &[(&str, usize)]); 3] = [
        (
            "euchre --seed 3",
            &[
                ("5 cards", 3),
                ("tricks 0 · 0 pts", 3),
                ("West", 1),
                ("East", 1),
            ],
        ),
        (
            "straights --seed 4 --opponents handout",
            &[
                ("13 cards", 3),
                ("discards 0 · 0 pts", 4),
                ("West", 1),
                ("East", 1),
            ],
        ),
        (
            "teendopanch --seed 4 --opponents handout",
            &[
                ("tricks 0, quota 5", 1),
                ("tricks 0, quota 3", 1),
                ("Right", 1),
            ],
        ),
    ];
    for (args, expected) in games {
        for width in [100, 112, 120, 130] {
            let Some(tmux) = play_in_tmux("widths", width, 32, args) else {
                return;
            };
            let screen = wait_for(&tmux, "Your turn");
            println!("{args} at {width}×32:\n{screen}");
            for &(text, count) in expected {
                assert!(
                    whole(&screen, text) >= count,
                    "{args} at {width}: {text:?} whole {count} times:\n{screen}"
                );
            }
            // The facts over the middle stand apart from the seats beside it.
            for line in screen
                .lines()
                .filter(|l| l.contains("Upcard ") || l.contains("Trump "))
            {
                assert!(!line.contains("East") || whole(line, "East") > 0, "{line}");
                assert!(
                    !line.contains("Right") || whole(line, "Right") > 0,
                    "{line}"
                );
            }
        }
    }
}

/// Plays the person's first choice at each turn until the first hand's end shows (at most
/// 20 s); the screen then, printed.
fn play_to_the_first_hands_end(tmux: &Tmux) -> String {
    let mut screen = String::new();
    for _ in 0..400 {
        screen = tmux.screen();
        if screen.contains("Hand 1 is over") {
            break;
        }
        if screen.contains("Your turn") {
            tmux.keys(&["Enter"]);
        }
        sleep(Duration::from_millis(50));
    }
    println!("{screen}");
    screen
}

#[test]
fn a_hands_end_waits_for_a_key_before_the_next_deal() {
    let Some(tmux) = play_in_tmux("end", 100, 32, "euchre --seed 3") else {
        return;
    };
    let screen = play_to_the_first_hands_end(&tmux);
    assert!(screen.contains("Hand 1 is over"), "{screen}");
    assert!(screen.contains("any key: the next hand"), "{screen}");
    assert!(screen.contains("You and North: "), "{screen}");
    // The computers play at once (--speed 0), yet the deal waits for the person.
    sleep(Duration::from_millis(1000));
    let later = tmux.screen();
    assert!(
        later.contains("Hand 1 is over") && !later.contains("Hand 2"),
        "{later}"
    );
    tmux.keys(&["Space"]);
    let next = wait_for(&tmux, "Hand 2");
    assert!(!next.contains("Hand 1 is over"), "{next}");
}

#[test]
fn the_log_wraps_its_sentences_in_tmux() {
    // Teen Do Panch at 120 columns: the log in the side panel, 34 columns wide; the
    // hand's end sentence names three players' tricks and points, longer than that.
    let Some(tmux) = play_in_tmux("log", 120, 32, "teendopanch --seed 4 --opponents handout")
    else {
        return;
    };
    let screen = play_to_the_first_hands_end(&tmux);
    // The log's column: inside the "This hand" box, from its left border on (the hand's
    // end box over the table has the same sentence, and is left out).
    let lines: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let (top, column) = (lines.iter().enumerate())
        .find_map(|(i, l)| {
            let text: String = l.iter().collect();
            let at = text.find("┌ This hand")?;
            Some((i, text[..at].chars().count()))
        })
        .unwrap_or_else(|| panic!("no log box:\n{screen}"));
    let log: Vec<String> = lines[top + 1..]
        .iter()
        .filter(|l| l.len() > column + 1)
        .map(|l| l[column + 1..].iter().collect::<String>())
        .map(|l| {
            l.trim_end_matches('│')
                .trim_end_matches('┘')
                .trim()
                .to_string()
        })
        .collect();
    let log = log.join(" ");
    let said = log
        .split("The hand is over: You ")
        .nth(1)
        .unwrap_or_else(|| panic!("the sentence begins:\n{screen}"));
    assert!(
        said.contains("; Left took ")
            && said.contains("; Right took ")
            && (said.contains("points.") || said.contains("point.")),
        "the sentence is whole:\n{screen}"
    );
}

#[test]
fn the_help_teaches_the_game_under_its_house_rules_in_tmux() {
    let args = "teendopanch --seed 4 --opponents handout --house direction=right";
    let Some(tmux) = play_in_tmux("learn", 100, 30, args) else {
        return;
    };
    wait_for(&tmux, "cardtable · Teen Do Panch");
    tmux.keys(&["?"]);
    wait_for(&tmux, "Help");
    // Down past the keys to the lessons: each heading, its words and its source.
    let mut seen = String::new();
    for _ in 0..12 {
        tmux.keys(&["PageDown"]);
        sleep(Duration::from_millis(150));
        seen.push_str(&tmux.screen());
    }
    for text in [
        "How to play Teen Do Panch",
        "Quotas",
        "dealer's right is the",
        "2 points for reaching its quota",
        "Source: the EECS 280 handout",
        "House rules at this table",
    ] {
        assert!(seen.contains(text), "no {text:?} in the help:\n{seen}");
    }
}
