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
    assert!(cs246.contains("the other side scores 2 points"), "{cs246}");
    assert!(cs246.contains("go alone"), "{cs246}");
    assert!(cs246.contains("thrown in"), "{cs246}");
    assert!(cs246.contains("The first side to 10 points"), "{cs246}");
    let eecs280 = said(GameKind::Euchre, "eecs280", &[]);
    // EECS 280: the dealer is stuck; no going alone; a card not following is refused.
    assert!(eecs280.contains("the dealer must name a suit"), "{eecs280}");
    assert!(!eecs280.contains("go alone"), "{eecs280}");
    assert!(eecs280.contains("is refused"), "{eecs280}");
    // Pagat: a march scores 2, a euchre 2; the left bower is a trump.
    assert!(eecs280.contains("(a march) score 2"), "{eecs280}");
    assert!(eecs280.contains("the defenders score 2"), "{eecs280}");
    assert!(eecs280.contains("left bower"), "{eecs280}");
}

#[test]
fn a_house_rule_changes_its_lesson_and_is_listed() {
    let text = said(GameKind::Euchre, "eecs280", &["dealer=throw-in", "pack=32"]);
    assert!(text.contains("thrown in"), "{text}");
    assert!(text.contains("A 32-card pack: 7 up to the ace"), "{text}");
    assert!(text.contains("## House rules at this table"), "{text}");
    assert!(text.contains("Stick the dealer: throw-in"), "{text}");
    let six = said(
        GameKind::Straights,
        "cs246",
        &["players=6", "opener=diamonds"],
    );
    // 52 cards to six players: four get nine, two get eight (pagat: some one more).
    assert!(six.contains("6 players"), "{six}");
    assert!(six.contains("9 or 8 each"), "{six}");
    assert!(six.contains("holds the 7♦"), "{six}");
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
    assert!(straights.contains("1 + 6 + 13 = 20"), "{straights}");
    assert!(straights.contains("reaches 80 points"), "{straights}");
    assert!(straights.contains("holds the 7♠"), "{straights}");
    let panch = said(GameKind::TeenDoPanch, "handout", &[]);
    // "The maker gets 2 points for reaching their quota - and 1 point for each trick
    // above the quota"; quotas 5, 3 and 2; pulls from the second deal on.
    assert!(panch.contains("2 points for reaching its quota"), "{panch}");
    assert!(panch.contains("must take 5 tricks"), "{panch}");
    assert!(panch.contains("the dealer 2"), "{panch}");
    assert!(panch.contains("From the second hand on"), "{panch}");
    assert!(panch.contains("the last card dealt"), "{panch}");
    let right = said(
        GameKind::TeenDoPanch,
        "handout",
        &["direction=right", "pull=unseen"],
    );
    assert!(right.contains("dealer's right is the maker"), "{right}");
    assert!(right.contains("drawn unseen"), "{right}");
}
