//! Seats and sides named as one recipient reads them: what a game's sentences about a
//! hand's end say of who did what.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Who sits in a seat, as the face knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Presence {
    /// A person, here.
    Person,
    /// A person whose connection dropped.
    Away,
    /// A person away long enough that a computer plays for them.
    Autopilot,
    /// Nobody yet: anyone may sit.
    Open,
    /// A computer player.
    Computer,
}

/// The nameplate at a seat, as a face shows it: the name and who is there (the scene is
/// built with one per seat).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nameplate {
    /// The name people see (`Alice`, `West`, `Computer 2 (strong)`).
    pub name: String,
    /// Who is there.
    pub presence: Presence,
}

impl Nameplate {
    /// A computer player called `name`.
    pub fn computer(name: impl Into<String>) -> Nameplate {
        Nameplate {
            name: name.into(),
            presence: Presence::Computer,
        }
    }
}

/// The seats and sides named as one recipient reads them: `You` for its own seat.
#[derive(Clone, Copy, Debug)]
pub struct Names<'a> {
    nameplates: &'a [Nameplate],
    to: Option<usize>,
    teams: &'a [Vec<usize>],
}

impl<'a> Names<'a> {
    /// The names of `nameplates` as `to` (a seat, or `None` for a spectator) reads them,
    /// the seats playing in `teams`.
    pub fn new(nameplates: &'a [Nameplate], to: Option<usize>, teams: &'a [Vec<usize>]) -> Self {
        Names {
            nameplates,
            to,
            teams,
        }
    }

    /// How many seats there are.
    pub fn seats(&self) -> usize {
        self.nameplates.len()
    }

    /// Who did something, as a sentence starts: `You` for the recipient.
    pub fn subject(&self, seat: usize) -> &'a str {
        if self.to == Some(seat) {
            "You"
        } else {
            &self.nameplates[seat].name
        }
    }

    /// A side named by its seats (`You and North`, `West and East`), and whether it is
    /// plural in a sentence.
    pub fn side(&self, seats: &[usize]) -> (String, bool) {
        let you = seats.iter().any(|&s| Some(s) == self.to);
        let mut names: Vec<&str> = seats.iter().map(|&s| self.subject(s)).collect();
        if let Some(at) = names.iter().position(|n| *n == "You") {
            names.swap(0, at);
        }
        (names.join(" and "), you || seats.len() > 1)
    }

    /// The side `seat` plays on, named ([`Names::side`]).
    pub fn side_of(&self, seat: usize) -> (String, bool) {
        self.side(&self.team_of(seat))
    }

    /// The seats of `seat`'s side: its partnership, or itself alone.
    pub fn team_of(&self, seat: usize) -> Vec<usize> {
        team_of(self.teams, seat)
    }
}

/// The seats of `seat`'s side among `teams`: its partnership, or itself alone.
pub fn team_of(teams: &[Vec<usize>], seat: usize) -> Vec<usize> {
    (teams.iter())
        .find(|t| t.contains(&seat))
        .cloned()
        .unwrap_or_else(|| vec![seat])
}
