//! How to play a table's game under the rules in force, worked out once for every face
//! (the browser's "How to play", the terminal's help): the aim, the cards, each phase,
//! the scoring and a short example, each lesson citing its source as docs/RULES.md does,
//! then every house rule in force with what it changes. The words for each game are its
//! own (`Staged::lessons`, in `games/<game>/src/staging.rs`); the values come from the
//! rules card, so a house rule changes the lesson it touches.

use schemars::JsonSchema;
use serde::Serialize;

use catalogue::{Roster, Ruleset};

use crate::rules_card_of;
use crate::{InForce, Lesson};

/// What a newcomer reads to learn a table's game.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct HowToPlay {
    /// `How to play Euchre · CS 246 rules · first to 10 points`.
    pub title: String,
    /// The lessons, in the order a game is played.
    pub lessons: Vec<Lesson>,
}

/// How to play `rules`' game, its variant and house rules in force.
pub fn how_to_play(rules: &Ruleset) -> HowToPlay {
    let in_force = InForce {
        lines: rules_card_of(rules),
        points: rules.points(),
        variant: rules.variant().rules(),
    };
    let mut lessons = rules.with_game(Lessons(&in_force));
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

/// A game's own lessons under the rules in force.
struct Lessons<'a>(&'a InForce);

impl catalogue::WithGame for Lessons<'_> {
    type Output = Vec<Lesson>;
    fn run<G: Roster>(self, _: impl Fn() -> G + Clone + Send + Sync + 'static) -> Vec<Lesson> {
        G::lessons(self.0)
    }
}
