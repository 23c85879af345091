//! `straights` transcripts, byte for byte: the handout's own example (section 6, read
//! from the handout at test time), and hand-written transcripts of every command and
//! message.

use std::path::Path;
use std::process::Output;

fn run(args: &[&str], input: &str, dir: Option<&Path>) -> Output {
    testkit::run_program(env!("CARGO_BIN_EXE_straights"), args, input, dir)
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// The section-6 example as stdout shows it: its code blocks joined (a page break splits
/// the first display), with the commands a person typed after `>` removed, since
/// standard input is not echoed. Returns the continuous parts between the example's
/// omissions.
fn example_parts(spec: &str) -> Vec<String> {
    let section = &spec[spec.find("6 Example").unwrap()..spec.find("7 Testing Mode").unwrap()];
    let mut lines = Vec::new();
    let mut inside = false;
    for line in section.lines() {
        if line.trim() == "```" {
            inside = !inside;
        } else if inside {
            lines.push(line);
        }
    }
    let mut text = lines.join("\n") + "\n";
    for typed in ["deck", "discard AS", "play 6C", "ragequit"] {
        text = text.replace(&format!(">{typed}\n"), ">");
    }
    // The example omits play between these lines (each next line cannot follow the one
    // before it: the table or the hand changes in between).
    let cuts = [
        "Legal plays: 7D 7H\n",
        "Player1 plays 6C.\n",
        "Player1 discards 4H.\n",
    ];
    let mut parts = Vec::new();
    let mut rest = text.as_str();
    for cut in cuts {
        let end = rest.find(cut).unwrap() + cut.len();
        parts.push(rest[..end].to_owned());
        rest = &rest[end..];
    }
    parts.push(rest.to_owned());
    parts
}

#[test]
fn the_handouts_example_game_seed_6788() {
    let Some(spec) = testkit::spec("cs246-straights.txt") else {
        return;
    };
    let parts = example_parts(&spec);
    // All four players are human (each shows its hand). Worked out from the tables shown:
    // Player2 plays 7D, Player3 8S and Player4 7C before Player1's 6C; then Player2 5C,
    // Player3 9S and Player4 6S leave Player1 no play, so the computer that replaces it
    // discards its first card, 4H.
    let input = "h\nh\nh\nh\nplay 7S\ndeck\ndiscard AS\nplay 7D\nplay 8S\nplay 7C\nplay 6C\n\
                 play 5C\nplay 9S\nplay 6S\nragequit\n";
    let output = stdout(&run(&["6788"], input, None));
    assert!(output.starts_with(&parts[0]), "part 1 differs:\n{output}");
    let after_first = &output[parts[0].len()..];
    let second = after_first
        .find(&parts[1])
        .expect("part 2 (Player1 plays 6C) appears");
    let third = after_first[second..].find(&format!(">{}", parts[2].trim_start_matches('>')));
    assert!(
        third.is_some(),
        "part 3 (the ragequit) appears after part 2:\n{after_first}"
    );
    // Part 4 is the end of a later round: it depends on two rounds of unknown human moves.
    assert!(parts[3].ends_with("Player3 wins!\n"));
}

const EVERY_MESSAGE_INPUT: &str =
    "x\nc\nc\nc\nh\n\nfold\nplay\nplay 1S\nplay 6S\nplay 2C\ndiscard KD\ndeck\nplay 7S\nquit\n";

/// Written by hand from the seed-6788 deal (the handout's example deck) and the rules.
const EVERY_MESSAGE_OUTPUT: &str = "\
Is Player1 a human (h) or a computer (c)?
Please answer h or c.
Is Player1 a human (h) or a computer (c)?
Is Player2 a human (h) or a computer (c)?
Is Player3 a human (h) or a computer (c)?
Is Player4 a human (h) or a computer (c)?
A new round begins. It's Player4's turn to play.
Cards on the table:
Clubs:
Diamonds:
Hearts:
Spades:
Your hand: 7C QS KH 5S 6S JD AD 7S 8D TD 6D TC KD
Legal plays: 7S
>Please enter a command: play <card>, discard <card>, deck, quit, ragequit or save <file>.
>Unknown command 'fold'. Commands are play <card>, discard <card>, deck, quit, ragequit or save <file>.
>'play' needs a card, as in play 7S.
>'1S' is not a card: cards look like 7S, TD or AH.
>This is not a legal play.
>You do not have 2C.
>You have a legal play. You may not discard.
>4H 5D 2D JC 8H QH 2H 6C 9H 9D 9C AS 2C
JS QD 5C 8C 4D 5H KC 7D KS AC JH 6H 7H
3H 4C 3S 3D AH QC 3C TH 4S 9S 2S 8S TS
7C QS KH 5S 6S JD AD 7S 8D TD 6D TC KD
>Player4 plays 7S.
Player1 discards 4H.
Player2 plays 7D.
Player3 plays 8S.
Cards on the table:
Clubs:
Diamonds: 7
Hearts:
Spades: 7 8
Your hand: 7C QS KH 5S 6S JD AD 8D TD 6D TC KD
Legal plays: 7C 6S 8D 6D
>";

#[test]
fn every_command_and_message() {
    let output = run(&["6788"], EVERY_MESSAGE_INPUT, None);
    assert_eq!(stdout(&output), EVERY_MESSAGE_OUTPUT);
    assert_eq!(
        output.status.code(),
        Some(0),
        "quit ends the program normally"
    );
}

#[test]
fn a_human_discard_when_nothing_can_be_played() {
    // Player1 (human) holds no seven and no spade next to the 7S: only a discard is
    // legal, and a play is refused.
    let input = "h\nc\nc\nc\nplay 4H\ndiscard 9C\nquit\n";
    let output = stdout(&run(&["6788"], input, None));
    let expected =
        "Legal plays:\n>This is not a legal play.\n>Player1 discards 9C.\nPlayer2 plays 7D.\n";
    assert!(output.contains(expected), "{output}");
}

/// Every round's score lines agree with the discards printed during the round.
#[test]
fn score_lines_add_up_the_printed_discards() {
    for seed in ["1", "44", "6788", "-1"] {
        let output = run(&[seed], "c\nc\nc\nc\n", None);
        assert_eq!(output.status.code(), Some(0));
        let text = stdout(&output);
        let mut totals = [0u32; 4];
        let mut gained = [0u32; 4];
        let mut last_gain = [0u32; 4];
        let mut discards: [Vec<String>; 4] = Default::default();
        let pips = |card: &str| " A23456789TJQK".find(&card[..1]).unwrap() as u32;
        for line in text.lines() {
            let player = |l: &str| l[6..7].parse::<usize>().unwrap() - 1;
            if line.starts_with("Player") && line.contains(" discards ") {
                let card = line.rsplit(' ').next().unwrap().trim_end_matches('.');
                gained[player(line)] += pips(card);
                discards[player(line)].push(card.to_owned());
            } else if line.contains("'s discards:") {
                let p = player(line);
                let listed: Vec<String> = line
                    .split(':')
                    .nth(1)
                    .unwrap()
                    .split_whitespace()
                    .map(str::to_owned)
                    .collect();
                assert_eq!(listed, discards[p], "seed {seed}: {line}");
                discards[p].clear();
            } else if line.contains("'s score: ") {
                let p = player(line);
                let expected = format!(
                    "Player{}'s score: {} + {} = {}",
                    p + 1,
                    totals[p],
                    gained[p],
                    totals[p] + gained[p]
                );
                assert_eq!(line, expected, "seed {seed}");
                totals[p] += gained[p];
                last_gain[p] = gained[p];
                gained[p] = 0;
            }
        }
        // The game ends after the first round in which someone reaches 80, not before
        // and not after: every earlier round left all four below 80.
        assert!(
            totals.iter().any(|&t| t >= 80),
            "seed {seed}: the game ran to 80"
        );
        let before_last: Vec<u32> = (0..4).map(|p| totals[p] - last_gain[p]).collect();
        assert!(
            before_last.iter().all(|&t| t < 80),
            "seed {seed}: the game went on after someone reached 80: {before_last:?}"
        );
        let low = *totals.iter().min().unwrap();
        let winners: Vec<String> = (0..4)
            .filter(|&p| totals[p] == low)
            .map(|p| format!("Player{} wins!", p + 1))
            .collect();
        let printed: Vec<String> = text
            .lines()
            .filter(|l| l.ends_with(" wins!"))
            .map(str::to_owned)
            .collect();
        assert_eq!(printed, winners, "seed {seed}");
    }
}

#[test]
fn the_deck_command_shows_the_cpp_shuffle() {
    let Some(vectors) = testkit::seeded_lines("straights-shuffles.txt", " shuffle 1: ") else {
        return;
    };
    let mut checked = 0;
    for (_, seed, deck) in vectors {
        let output = stdout(&run(&[&seed], "h\nh\nh\nh\ndeck\nquit\n", None));
        let cards: Vec<&str> = deck.split(' ').collect();
        let rows: Vec<String> = cards.chunks(13).map(|row| row.join(" ")).collect();
        assert!(
            output.contains(&format!(">{}\n>", rows.join("\n"))),
            "seed {seed}:\n{output}"
        );
        checked += 1;
    }
    assert!(checked >= 10, "checked {checked} seeds");
}

#[test]
fn a_saved_game_resumes_exactly() {
    let dir = tempfile::tempdir().unwrap();
    // Player1 saves at its first prompt, then hands its seat to the computer; the resumed
    // game does the same at the same prompt. The rest (later rounds included) must match.
    for seed in ["6788", "0", "147827"] {
        let original = run(
            &[seed],
            "h\nc\nc\nc\nsave game.txt\nragequit\n",
            Some(dir.path()),
        );
        let original = stdout(&original);
        assert!(original.contains("Game saved to game.txt."));
        let resumed = run(&["game.txt"], "ragequit\n", Some(dir.path()));
        assert_eq!(
            resumed.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&resumed.stderr)
        );
        let resumed = stdout(&resumed);
        assert!(
            resumed.starts_with("A saved round resumes. It's Player1's turn to play.\n"),
            "{resumed}"
        );
        let tail = |text: &str| {
            text.split_once("A computer will now take over.\n")
                .unwrap()
                .1
                .to_owned()
        };
        assert_eq!(tail(&resumed), tail(&original), "seed {seed}");
    }
}

#[test]
fn bad_saved_games_and_closed_input_end_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "seed 6788\nround 1\nscores 0 0 0 0\nplayers h h h h\nplay 6S\n",
            "line 5",
        ),
        (
            "seed 6788\nround 1\nscores 0 0 0 0\nplayers h h h h\nplay 7S\nplay 7S\n",
            "line 6",
        ),
        ("seed 6788\nround x\n", "line 2"),
        // A round that far would take hours of shuffles to reach: refused at once.
        (
            "seed 6788\nround 4294967295\nscores 0 0 0 0\nplayers h h h h\n",
            "line 2: round 4294967295 is past",
        ),
        ("", "ends before"),
    ];
    for (i, (text, says)) in cases.iter().enumerate() {
        let file = format!("bad{i}.txt");
        std::fs::write(dir.path().join(&file), text).unwrap();
        let output = run(&[&file], "", Some(dir.path()));
        assert_eq!(output.status.code(), Some(1), "case {i}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(says) && !stderr.contains("panicked"),
            "case {i}: {stderr}"
        );
    }
    let closed = run(&["1"], "h\n", None);
    assert_eq!(closed.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&closed.stderr).contains("input ended"));
}

#[test]
fn help_and_out_of_range_seeds_are_answered() {
    let help = run(&["--help"], "", None);
    assert_eq!(help.status.code(), Some(0));
    assert_eq!(stdout(&help), "Usage: straights [seed] [saved-game-file]\n");
    let big = run(&["99999999999"], "", None);
    assert_eq!(big.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&big.stderr);
    assert!(
        stderr.contains("seed '99999999999' is out of range"),
        "{stderr}"
    );
    assert!(!stderr.contains("No such file"), "{stderr}");
}
