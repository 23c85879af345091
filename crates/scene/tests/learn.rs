//! How to play, worked out from the rules in force: each variant's lessons say what its
//! handout and the published rules say, and a house rule changes the lesson it touches.
//! The expected words come from the handouts (quoted beside each) and docs/RULES.md.

use catalogue::{GameKind, Ruleset, Variant};
use scene::how_to_play;

/// Every line of how to play `game` under `rules` and `house`, to 10 points.
fn said(game: GameKind, rules: &str, house: &[&str]) -> String {
    let variant = Variant::named(game, Some(rules)).unwrap();
    let ruleset = Ruleset::new(variant, 10, house).unwrap();
    let how = how_to_play(&ruleset);
    let mut text = vec![how.title];
    for lesson in how.lessons {
        text.push(format!("## {} ({})", lesson.heading, lesson.source));
        text.extend(lesson.lines);
    }
    text.join("\n")
}

/// Fails unless `text` says each of `parts`.
fn says(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "no {part:?} in:\n{text}");
    }
}

#[test]
fn every_variant_has_each_lesson_with_its_source() {
    for variant in Variant::ALL {
        let how = how_to_play(&Ruleset::plain(variant, 7));
        assert!(how.title.starts_with("How to play "), "{}", how.title);
        let headings: Vec<&str> = how.lessons.iter().map(|l| l.heading.as_str()).collect();
        for heading in ["The aim", "Scoring", "An example"] {
            assert!(headings.contains(&heading), "{variant:?}: {headings:?}");
        }
        for lesson in &how.lessons {
            assert!(
                !lesson.source.is_empty() && !lesson.lines.is_empty(),
                "{variant:?}"
            );
            for line in &lesson.lines {
                assert!(!line.contains('{') && !line.contains("null"), "{line}");
            }
        }
        // No house rule at a plain table.
        assert!(!headings.contains(&"House rules at this table"));
    }
}

#[test]
fn euchre_says_each_handouts_rules() {
    let cs246 = said(GameKind::Euchre, "cs246", &[]);
    // CS 246: "an automatic 2 points is awarded to the other team" for a renege; going
    // alone; all pass twice and the hand is thrown in.
    says(
        &cs246,
        &[
            "the other side scores 2 points",
            "go alone",
            "thrown in",
            "The first side to 10 points",
        ],
    );
    let eecs280 = said(GameKind::Euchre, "eecs280", &[]);
    // EECS 280: the dealer is stuck; no going alone; a card not following is refused.
    says(&eecs280, &["the dealer must name a suit"]);
    assert!(!eecs280.contains("go alone"), "{eecs280}");
    says(&eecs280, &["is refused"]);
    // Pagat: a march scores 2, a euchre 2; the left bower is a trump.
    says(
        &eecs280,
        &["(a march) score 2", "the defenders score 2", "left bower"],
    );
}

#[test]
fn a_house_rule_changes_its_lesson_and_is_listed() {
    let text = said(GameKind::Euchre, "eecs280", &["dealer=throw-in", "pack=32"]);
    says(
        &text,
        &[
            "thrown in",
            "A 32-card pack: 7 up to the ace",
            "## House rules at this table",
            "Stick the dealer: throw-in",
        ],
    );
    let six = said(
        GameKind::Straights,
        "cs246",
        &["players=6", "opener=diamonds"],
    );
    // 52 cards to six players: four get nine, two get eight (pagat: some one more).
    says(&six, &["6 players", "9 or 8 each", "holds the 7♦"]);
}

#[test]
fn straights_and_teen_do_panch_say_their_handouts_scoring() {
    let straights = said(GameKind::Straights, "cs246", &[]);
    // "Jacks, Queens, and Kings count as 11, 12, and 13 points"; "1 + 6 + 13 = 20";
    // the game ends at 80 and the lowest score wins.
    assert!(
        straights.contains("jack 11, queen 12, king 13"),
        "{straights}"
    );
    says(
        &straights,
        &["1 + 6 + 13 = 20", "reaches 80 points", "holds the 7♠"],
    );
    let panch = said(GameKind::TeenDoPanch, "handout", &[]);
    // "The maker gets 2 points for reaching their quota - and 1 point for each trick
    // above the quota"; quotas 5, 3 and 2; pulls from the second deal on.
    says(
        &panch,
        &[
            "2 points for reaching its quota",
            "must take 5 tricks",
            "the dealer 2",
            "From the second hand on",
            "the last card dealt",
        ],
    );
    let right = said(
        GameKind::TeenDoPanch,
        "handout",
        &["direction=right", "pull=unseen"],
    );
    says(&right, &["dealer's right is the maker", "drawn unseen"]);
}
