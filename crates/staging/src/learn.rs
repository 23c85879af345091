//! A lesson of how to play, and the rules in force a game's lessons read: each game
//! writes its own ([`crate::Staged::lessons`]); the scene adds the house rules in force.

use schemars::JsonSchema;
use serde::Serialize;

use crate::RuleLine;

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
    /// A lesson headed `heading`, citing `source`.
    pub fn new(heading: &str, lines: Vec<String>, source: &str) -> Lesson {
        Lesson {
            heading: heading.into(),
            lines,
            source: source.into(),
        }
    }
}

/// The rules in force, as a lesson reads them: each option's value, the points to win.
pub struct InForce {
    /// The rules card: every option's value, marked where a house rule changed it.
    pub lines: Vec<RuleLine>,
    /// Points to win (Euchre, Teen Do Panch).
    pub points: u32,
    /// The variant's name (`cs246`).
    pub variant: &'static str,
}

impl InForce {
    /// `name`'s value as written (`on`, `3-2`); empty for an option the game lacks.
    pub fn value(&self, name: &str) -> &str {
        (self.lines.iter())
            .find(|l| l.name == name)
            .map_or("", |l| l.value.as_str())
    }

    /// Whether `name` is `on`.
    pub fn on(&self, name: &str) -> bool {
        self.value(name) == "on"
    }
}
