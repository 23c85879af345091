//! How to play a table's game under the rules in force, worked out once for every face
//! (the browser's "How to play", the terminal's help): the aim, the cards, each phase,
//! the scoring and a short example, each lesson citing its source as docs/RULES.md does,
//! then every house rule in force with what it changes. The words for each game are its
//! staging's (`euchre.rs`, `straights.rs`, `teendopanch.rs`); the values come from the
//! rules card, so a house rule changes the lesson it touches.

use schemars::JsonSchema;
use serde::Serialize;

use catalogue::{GameKind, Ruleset};

use crate::{rules_card_of, RuleLine};

/// What a newcomer reads to learn a table's game.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct HowToPlay {
    /// `How to play Euchre · CS 246 rules · first to 10 points`.
    pub title: String,
    /// The lessons, in the order a game is played.
    pub lessons: Vec<Lesson>,
}

/// One part of how to play: a heading, its sentences, and where they come from.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Lesson {
    /// `Making trump`.
    pub heading: String,
    /// A sentence or a short paragraph each.
    pub lines: Vec<String>,
    /// The published rules the lesson follows (`pagat.com/euchre/euchre.html; the EECS
    /// 280 handout`).
    pub source: String,
}

impl Lesson {
    pub(crate) fn new(heading: &str, lines: Vec<String>, source: &str) -> Lesson {
        Lesson {
            heading: heading.into(),
            lines,
            source: source.into(),
        }
    }
}

/// The rules in force, as a lesson reads them: each option's value, the points to win.
pub(crate) struct InForce {
    lines: Vec<RuleLine>,
    /// Points to win (Euchre, Teen Do Panch).
    pub(crate) points: u32,
    /// The variant's name (`cs246`).
    pub(crate) variant: &'static str,
}

impl InForce {
    /// `name`'s value as written (`on`, `3-2`); empty for an option the game lacks.
    pub(crate) fn value(&self, name: &str) -> &str {
        (self.lines.iter())
            .find(|l| l.name == name)
            .map_or("", |l| l.value.as_str())
    }

    /// Whether `name` is `on`.
    pub(crate) fn on(&self, name: &str) -> bool {
        self.value(name) == "on"
    }
}

/// How to play `rules`' game, its variant and house rules in force.
pub fn how_to_play(rules: &Ruleset) -> HowToPlay {
    let in_force = InForce {
        lines: rules_card_of(rules),
        points: rules.points(),
        variant: rules.variant().rules(),
    };
    let mut lessons = match rules.variant().game() {
        GameKind::Euchre => crate::euchre::lessons(&in_force),
        GameKind::Straights => crate::straights::lessons(&in_force),
        GameKind::TeenDoPanch => crate::teendopanch::lessons(&in_force),
    };
    lessons.extend(house_rules(rules, &in_force));
    HowToPlay {
        title: format!("How to play {}", crate::offer::title(rules)),
        lessons,
    }
}

/// Every house rule in force: its name, its value and what it changes, with its source.
fn house_rules(rules: &Ruleset, in_force: &InForce) -> Option<Lesson> {
    let options = Ruleset::options(rules.variant().game());
    let lines: Vec<String> = (in_force.lines.iter())
        .filter(|l| l.house)
        .filter_map(|l| {
            let option = options.iter().find(|o| o.name == l.name)?;
            Some(format!(
                "{}: {} — {} (Source: {}.)",
                option.title, l.value, option.summary, option.source
            ))
        })
        .collect();
    (!lines.is_empty()).then(|| {
        Lesson::new(
            "House rules at this table",
            lines,
            "each as its line names; docs/RULES.md",
        )
    })
}
