//! Line mode (issue 55): every hand's end said and waited for, Straights' layout and
//! legal cards on the person's turn, and every refusal with its reason.

use std::io::Cursor;

use catalogue::{GameKind, PlayerSpec, Variant};
use terminal::line;
use terminal::session::{self, Setup};

fn setup(game: GameKind, rules: Option<&str>, seed: u64, points: u32) -> Setup {
    Setup {
        rules: catalogue::Ruleset::plain(Variant::named(game, rules).unwrap(), points),
        seed,
        opponents: PlayerSpec::Handout,
    }
}

/// Plays `setup`'s game in line mode on `input`; what it printed, and how it ended.
fn play(setup: &Setup, input: &str) -> (String, Result<(), textio::Stop>) {
    let mut table = session::open(setup);
    let mut out = Vec::new();
    let path = std::env::temp_dir().join("cardtable-line-test.json");
    let ended = line::play(
        table.as_mut(),
        Cursor::new(input.to_string()),
        &mut out,
        &path,
    );
    (String::from_utf8(out).unwrap(), ended)
}

/// Answers that cycle through every kind, so some answer is always legal.
fn answers(count: usize) -> String {
    let cycle = [
        "p", "s", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13",
    ];
    cycle
        .iter()
        .cycle()
        .take(count)
        .map(|a| format!("{a}\n"))
        .collect()
}

#[test]
fn every_hands_end_is_said_and_waits_for_enter_before_the_next_deal() {
    let (out, ended) = play(
        &setup(GameKind::Euchre, Some("eecs280"), 3, 3),
        &answers(5000),
    );
    assert!(ended.is_ok(), "{out}");
    let hands = out.matches("── Hand ").count();
    assert!(hands >= 2, "{out}");
    // After every hand but the last: the sides' lines, then the prompt, then the deal.
    let prompts = out.matches("Press Enter for the next hand > ").count();
    assert_eq!(prompts, hands - 1, "{out}");
    for (i, part) in out
        .split("Press Enter for the next hand > ")
        .enumerate()
        .skip(1)
    {
        assert!(part.starts_with(&format!("\n── Hand {}", i + 1)), "{part}");
    }
    let before = out.split("Press Enter for the next hand").next().unwrap();
    assert!(before.contains("\n  You and North: "), "{before}");
    assert!(before.contains("\n  West and East: "), "{before}");
    // The last hand's end is said too, before the result.
    let last = out.rsplit("── Hand ").next().unwrap();
    assert!(
        last.contains("\n  You and North: ") && last.contains("win the game"),
        "{last}"
    );
}

/// How many answers `game` reads up to its first hand's end: every prompt reads a line,
/// so as many as the prompts before it.
fn first_hands_answers(game: &Setup) -> usize {
    let (out, _) = play(game, &answers(5000));
    let first = out.split("Press Enter for the next hand").next().unwrap();
    first.matches(" > ").count()
}

#[test]
fn a_closed_input_at_the_hands_end_goes_on_and_ends_cleanly() {
    let game = setup(GameKind::Euchre, Some("eecs280"), 3, 3);
    let lines = first_hands_answers(&game);
    let (out, ended) = play(&game, &answers(lines));
    assert!(
        out.contains("Press Enter for the next hand > \n── Hand 2"),
        "{out}"
    );
    assert!(
        matches!(ended, Err(textio::Stop::Left(table::Leave::InputClosed))),
        "{ended:?}"
    );
}

#[test]
fn q_at_the_hands_end_quits() {
    let game = setup(GameKind::Euchre, Some("eecs280"), 3, 3);
    let lines = first_hands_answers(&game);
    let (out, ended) = play(&game, &(answers(lines) + "q\n"));
    assert!(
        matches!(ended, Err(textio::Stop::Left(table::Leave::Quit))),
        "{out}"
    );
    assert!(!out.contains("── Hand 2"), "{out}");
}

#[test]
fn straights_shows_the_layout_and_the_legal_cards_and_why_a_card_is_refused() {
    // Seed 4: the person holds the seven of spades, which opens the round (the
    // handout's rule), so it is the only card that may be played first.
    let (out, _) = play(&setup(GameKind::Straights, None, 4, 80), "13\n4\nq\n");
    assert!(
        out.contains("Layout: Spades: none · Hearts: none · Clubs: none · Diamonds: none\nYou may pick: 7♠\n"),
        "{out}"
    );
    // The 13th card (K♦) may not open: the core's reason follows.
    assert!(out.contains("K♦ cannot be played now: "), "{out}");
    let refusal = out
        .lines()
        .find(|l| l.contains("K♦ cannot be played now: "))
        .unwrap();
    assert!(
        refusal.len() > "K♦ cannot be played now: .".len() + 5,
        "{refusal}"
    );
    // At the next turn the layout's spades row holds the 7♠.
    let next = out.split("You play 7♠").nth(1).unwrap();
    let layout = next.lines().find(|l| l.starts_with("Layout: ")).unwrap();
    let spades = layout.split(" · ").next().unwrap();
    assert!(spades.contains("7♠"), "{layout}");
}

#[test]
fn a_card_at_a_bid_says_it_is_a_bid_and_lists_the_answers() {
    // Seed 6: West, North and East pass; the person, dealer, holding A♥ 10♣ 9♣ A♦ 9♦,
    // is asked to order up the K♣. A card's number and a card held are both answered.
    let (out, _) = play(
        &setup(GameKind::Euchre, Some("eecs280"), 6, 10),
        "1\n10c\nq\n",
    );
    let said = "No card is played now: the question is a bid (Order up the K♣, or pass). Answer p = Pass, o = Order up.";
    assert_eq!(out.matches(said).count(), 2, "{out}");
    assert!(!out.contains("cannot be played now"), "{out}");
}

#[test]
fn a_card_that_does_not_follow_suit_says_so() {
    // Seed 6: the person passes; a diamond is led to it, holding A♥ 10♣ 9♣ A♦ 9♦: it
    // must follow with the A♦ or the 9♦, and the A♥ (its first card) is refused.
    let (out, _) = play(
        &setup(GameKind::Euchre, Some("eecs280"), 6, 10),
        "p\n1\nq\n",
    );
    assert!(
        out.contains("A♥ cannot be played now: Diamonds was led and the hand holds one, so it must follow suit."),
        "{out}"
    );
    assert!(out.contains("You may pick: A♦, 9♦\n"), "{out}");
}
