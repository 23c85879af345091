//! Whole computer games (the human rage-quits at once) checked line by line against the
//! handout's rules, by a checker written here from the handout, not from the program:
//! who wins each trick (section 1.2: bowers, trump, the led suit), the score line after
//! every trick (section 2.4.2: the taker's team's score), each hand's score (section
//! 1.2.2: 1 for three or four tricks, 2 for a march, 4 for a lone march, 2 to the
//! defenders for a euchre), the end at 10 points, and that the display without `-d`
//! is the `-d` display less its debug lines (section 2.4).

use std::process::Output;

fn run(args: &[&str]) -> Output {
    testkit::run_program(env!("CARGO_BIN_EXE_euchre"), args, "r\n", None)
}

fn game(seed: u32, debug: bool) -> String {
    let seed = seed.to_string();
    let mut args = vec!["-s", seed.as_str()];
    if debug {
        args.insert(0, "-d");
    }
    let output = run(&args);
    assert_eq!(output.status.code(), Some(0));
    String::from_utf8(output.stdout).unwrap()
}

/// The suit a card counts as, with `trump` trump: the jack of the same colour is trump.
fn suit_of(card: &str, trump: char) -> char {
    let same_colour = match trump {
        'S' => 'C',
        'C' => 'S',
        'H' => 'D',
        _ => 'H',
    };
    if card == format!("J{same_colour}") {
        trump
    } else {
        card.chars().nth(1).unwrap()
    }
}

/// How strong a card is in a trick where `led` was led: the right bower, then the left,
/// then trump A K Q T 9, then the led suit A K Q J T 9; anything else cannot win.
fn strength(card: &str, trump: char, led: char) -> u32 {
    const ORDER: &str = "9TJQKA";
    let rank = ORDER.find(&card[..1]).unwrap() as u32;
    let suit = suit_of(card, trump);
    if card == format!("J{trump}") {
        100
    } else if suit == trump && card.starts_with('J') {
        99
    } else if suit == trump {
        50 + rank
    } else if suit == led {
        10 + rank
    } else {
        0
    }
}

/// Checks every trick and every score of one `-d` transcript; returns the hands scored.
fn check_game(text: &str) -> usize {
    let mut scores = [0u32; 2];
    let mut trump = ' ';
    let mut maker = 0usize;
    let mut alone = false;
    let mut dealer = 0usize;
    let mut trick: Vec<(usize, String)> = Vec::new();
    let mut tricks = [0u32; 2];
    let mut scored = 0;
    let (mut taker, mut tricks_seen, mut lines) = (None, 0, 0);
    let player = |line: &str| line[7..8].parse::<usize>().unwrap();
    for line in text.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        if let Some(d) = line.strip_prefix("Dealer is player ") {
            dealer = d.trim_end_matches('.').parse().unwrap();
            tricks = [0, 0];
        } else if line.starts_with("Proposed trump suit is: ") {
            trump = line.chars().last().unwrap();
        } else if line.contains(" orders up player ") {
            maker = player(line);
            // Ordering up one's partner is going alone (section 1.2.1).
            alone = line.ends_with("goes alone.") || (maker + 2) % 4 == dealer;
        } else if line.contains(" declares ") {
            maker = player(line);
            trump = words[3].chars().next().unwrap();
            alone = line.ends_with("goes alone.");
        } else if line.contains(" leads ") || line.contains(" plays ") {
            let card = words[3].trim_end_matches('.').to_owned();
            trick.push((player(line), card));
        } else if line.ends_with(" takes the trick.") {
            let led = suit_of(&trick[0].1, trump);
            let winner = trick
                .iter()
                .max_by_key(|(_, c)| strength(c, trump, led))
                .unwrap()
                .0;
            assert_eq!(player(line), winner, "{trick:?}, trump {trump}");
            assert_eq!(trick.len(), if alone { 3 } else { 4 }, "{trick:?}");
            tricks[winner % 2] += 1;
            trick.clear();
            taker = Some(winner);
            tricks_seen += 1;
        } else if let Some(rest) = line.strip_prefix("Score for Team ") {
            // Section 2.4.2: after every trick, the taker's team's score, the hand scored
            // (section 1.2.2) once its fifth trick is taken.
            let taker = taker.take().expect("a score line follows a trick");
            if tricks[0] + tricks[1] == 5 {
                let makers = maker % 2;
                let taken = tricks[makers];
                let (team, points) = match (taken, alone) {
                    (0..=2, _) => (1 - makers, 2),
                    (3 | 4, _) => (makers, 1),
                    (_, true) => (makers, 4),
                    (_, false) => (makers, 2),
                };
                scores[team] += points;
                scored += 1;
            }
            let names = ["0-2", "1-3"];
            assert_eq!(
                rest,
                format!("{} is now {}.", names[taker % 2], scores[taker % 2]),
                "taker {taker}, maker {maker}, alone {alone}, tricks {tricks:?}"
            );
            lines += 1;
        }
    }
    assert_eq!(lines, tricks_seen, "a score line after every trick");
    let winner = scores.iter().position(|&s| s >= 10).expect("someone won");
    assert!(scores[1 - winner] < 10);
    assert!(text.ends_with(&format!("Team {} WINS!!!\n", ["0-2", "1-3"][winner])));
    scored
}

#[test]
fn computer_games_follow_the_handouts_rules() {
    let mut hands = 0;
    for seed in [0, 1, 2, 42, 123, 4_000_000_000] {
        hands += check_game(&game(seed, true));
    }
    assert!(hands > 40, "{hands} hands checked");
}

#[test]
fn the_plain_display_is_the_debug_display_less_its_debug_lines() {
    // Section 2.4: without -d no seed, deck or kitty, and only the human's hand (player 0,
    // until it rage-quits) and no computer's discard.
    for seed in [0, 7] {
        let debug = game(seed, true);
        let mut human = true;
        let mut expected = Vec::new();
        for line in debug.lines() {
            human &= !line.contains("Player 0 rage quit.");
            let seat_line = line.starts_with("Player ")
                && (line[8..].starts_with(": hand [") || line[8..].starts_with(": discards "));
            let debug_only = ["Seed: ", "Deck: ", "Kitty: "]
                .iter()
                .any(|p| line.starts_with(p))
                || (seat_line && !(human && line.starts_with("Player 0:")));
            if !debug_only {
                expected.push(line);
            }
        }
        let plain = game(seed, false);
        assert_eq!(plain.lines().collect::<Vec<_>>(), expected, "seed {seed}");
    }
}
