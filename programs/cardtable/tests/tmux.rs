//! The real binary at a real terminal: tmux runs `cardtable play straights` in a 100×30
//! window: the game deals at once, `h` sets house rules for the next game, and a hand (a
//! round) of Straights is played by keys read off the screen.

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
