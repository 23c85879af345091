//! The pace of play, defined once for every face: how long what an action left on the
//! table stays in view before a computer acts next. The drawn terminal waits so long
//! between computer steps; a server table waits so long before each computer's action
//! while anyone is there to see it (a table of computers alone plays at full speed).
//!
//! As on the card sites people play on (Trickster Cards, cardgames.io), a card stays
//! long enough to be seen arriving, a finished trick longer, with its taker named,
//! before the next lead gathers it. A hand's end is no beat: the next deal waits for its
//! people (the terminal's key, the server's pause).

use catalogue::Catalogued;
use std::time::Duration;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use table::{HappenedIn, Progress};

/// What an action left on the table, which decides how long it stays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Beat {
    /// A card played to a trick or the layout.
    Card,
    /// A bid, a pass, a call of trump, a discard, a card given back: an action that
    /// plays no card to the middle.
    Call,
    /// The last card of a trick (or of a hand): the trick stays, its taker named.
    Trick,
}

impl Beat {
    /// The beat of `action` (`None`: hidden from the recipient, a face-down discard),
    /// which did `happened`.
    pub fn of<G: Catalogued>(action: Option<&G::Action>, happened: &HappenedIn<G>) -> Beat {
        if happened.trick_taken.is_some() || happened.hand_over.is_some() {
            Beat::Trick
        } else if action
            .and_then(G::card_of)
            .is_some_and(|(_, verb)| verb.is_none())
        {
            Beat::Card
        } else {
            Beat::Call
        }
    }

    /// The beat of the last action of `progress`'s hand; a hand just dealt, with no
    /// action yet, is in view a call's time before its first. `None` before any.
    pub fn last<G: Catalogued>(progress: &Progress<G>) -> Option<Beat> {
        match progress.hand().last() {
            Some(taken) => Some(Beat::of::<G>(Some(&taken.action), &taken.happened)),
            None if progress.turn() == table::Turn::Chance => None,
            None => Some(Beat::Call),
        }
    }

    /// How many cards' time the beat lasts, in quarters: a call a little longer than a
    /// card, a trick twice a card.
    fn quarters(self) -> u32 {
        match self {
            Beat::Card => 4,
            Beat::Call => 5,
            Beat::Trick => 8,
        }
    }
}

/// A pace: how long a computer's card stays, every other beat in proportion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace {
    card: Duration,
}

impl Pace {
    /// A card stays `card`, the other beats in proportion (the terminal's `--speed`).
    pub fn per_card(card: Duration) -> Pace {
        Pace { card }
    }

    /// How long what `beat` left stays before the next computer acts.
    pub fn hold(self, beat: Beat) -> Duration {
        self.card * beat.quarters() / 4
    }
}

/// A table's speed, as a person chooses it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    /// A card stays 1.2 s, a finished trick 2.4 s.
    Slow,
    /// A card stays 0.8 s, a call 1 s, a finished trick 1.6 s.
    #[default]
    Normal,
    /// Half the normal times.
    Fast,
    /// No wait: every computer acts at once (as a table of computers alone always does).
    Instant,
}

impl Speed {
    /// Every speed, slowest first.
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// The speed's pace.
    pub fn pace(self) -> Pace {
        let ms = match self {
            Speed::Slow => 1200,
            Speed::Normal => 800,
            Speed::Fast => 400,
            Speed::Instant => 0,
        };
        Pace::per_card(Duration::from_millis(ms))
    }

    /// The speed as written (`normal`).
    pub fn name(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }

    /// The speed as a menu shows it (`Instant (no waiting)`).
    pub fn title(self) -> &'static str {
        match self {
            Speed::Slow => "Slow",
            Speed::Normal => "Normal",
            Speed::Fast => "Fast",
            Speed::Instant => "Instant (no waiting)",
        }
    }

    /// The speed named `name`, or `None`.
    pub fn named(name: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|s| s.name() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The floor, from the card sites: a computer's card in view at least half a
    /// second, a finished trick with its taker at least a second, at the default speed.
    #[test]
    fn the_default_pace_keeps_a_card_half_a_second_and_a_trick_a_second() {
        let pace = Speed::default().pace();
        assert!(pace.hold(Beat::Card) >= Duration::from_millis(500));
        assert!(pace.hold(Beat::Call) >= Duration::from_millis(500));
        assert!(pace.hold(Beat::Trick) >= Duration::from_secs(1));
        assert_eq!(Speed::Instant.pace().hold(Beat::Trick), Duration::ZERO);
    }

    #[test]
    fn each_speed_is_named_and_slower_ones_hold_longer() {
        for pair in Speed::ALL.windows(2) {
            assert!(pair[0].pace().hold(Beat::Card) > pair[1].pace().hold(Beat::Card));
        }
        for speed in Speed::ALL {
            assert_eq!(Speed::named(speed.name()), Some(speed));
        }
        assert_eq!(Speed::named("quick"), None);
    }
}
