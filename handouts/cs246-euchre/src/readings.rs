//! Where the handout can be read two ways, each reading named, with the default this
//! program takes and the one it can take instead (`CS246_EUCHRE_READINGS=NAME=VALUE,…`,
//! which `cardtable check --reading NAME=VALUE` sets for the reference). No course output
//! survives to settle them: docs/euchre-cs246.md gives the reasons.

use rules::{LoneLead, Rules};

/// The environment variable that chooses readings: `trick-score=when-changed,…`.
pub const ENV: &str = "CS246_EUCHRE_READINGS";

/// One ambiguous point of the handout, its readings and the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reading {
    /// Its name: `trick-score`.
    pub name: &'static str,
    /// The question it answers.
    pub question: &'static str,
    /// Its values, the default first, each with what it means.
    pub values: &'static [(&'static str, &'static str)],
    /// Where the handout says it, as the handout numbers its sections.
    pub source: &'static str,
}

impl Reading {
    /// The default value.
    pub fn default_value(self) -> &'static str {
        self.values[0].0
    }
}

/// Every reading, in the order the report lists them.
pub const ALL: [Reading; 5] = [
    Reading {
        name: "trick-score",
        question: "which score line follows `Player X takes the trick.`",
        values: &[
            (
                "every-trick",
                "after every trick, `Score for Team X-Y is now N.` for the taker's team, N its game score (the renege message's N), counted after the hand is scored at its last trick",
            ),
            (
                "when-changed",
                "only where a score changed: at a hand's end, for the team that scored",
            ),
        ],
        source: "2.4.2: \"Once all eligible players have played in the round, the game prints: Player X takes the trick. Score for Team X-Y is now N.\"",
    },
    Reading {
        name: "hand-line",
        question: "whether a turn's hand line (`Player X: hand […] # tricks N`) comes after its prompt or before",
        values: &[
            ("after-prompt", "the prompt (`Player X, choose card to play.`), then the hand"),
            ("before-prompt", "the hand, then the prompt"),
        ],
        source: "2.4.2: the hand is printed \"at the start of a player's turn\"; the prompts are listed apart",
    },
    Reading {
        name: "loaded-scores",
        question: "whether a game loaded from a file (`-f`) starts with its `Scores:` line",
        values: &[
            ("first", "the `Scores:` line first, then the hands shown"),
            ("none", "no `Scores:` line until the next hand: the loaded hand had started"),
        ],
        source: "2.4.2: \"At the start of each hand, the score for the two teams will be printed\"; 3 (saved games)",
    },
    Reading {
        name: "alone-pickup",
        question: "whether the dealer picks up the top card when its partner orders it up and so goes alone",
        values: &[
            ("sits-out", "the dealer sits out at once: no pickup, no discard"),
            (
                "picks-up",
                "the dealer picks the card up and discards (`Player X, choose card to discard.` for a human), then sits out",
            ),
        ],
        source: "1.2.1: ordering up one's partner is going alone; 1.2.3: \"If the dealer is ordered up, they must pick up the top card\"; 1.2.5.1: the partner \"does not play in the hand and your partner's cards are discarded face down\"",
    },
    Reading {
        name: "alone-leader",
        question: "who leads the first trick when the player left of the dealer goes alone",
        values: &[
            (
                "dealer-left",
                "the player left of the dealer, who went alone (footnote 2 read as the standard rule: the player opposite the dealer leads only when the dealer's left sits out)",
            ),
            ("literal", "the player opposite the dealer, as footnote 2 says word for word"),
        ],
        source: "1.2.4, footnote 2: \"if the player directly clockwise of the dealer goes alone, then the player opposite the dealer leads\"",
    },
];

/// Which score line follows a trick ([`ALL`]'s `trick-score`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TrickScore {
    /// After every trick, the taker's team's score.
    #[default]
    EveryTrick,
    /// Only a changed score, at a hand's end.
    WhenChanged,
}

/// The readings a run takes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Readings {
    /// `trick-score`.
    pub trick_score: TrickScore,
    /// `hand-line=before-prompt`.
    pub hand_before_prompt: bool,
    /// `loaded-scores=none`.
    pub no_loaded_scores: bool,
    /// `alone-pickup=picks-up`.
    pub sitting_out_dealer_picks_up: bool,
    /// `alone-leader=literal`.
    pub literal_lone_lead: bool,
}

/// A reading text that names no reading or no value of one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadingError {
    /// Not `NAME=VALUE`.
    #[error("'{0}' is not NAME=VALUE")]
    Shape(String),
    /// No reading of that name.
    #[error("no reading '{0}': the readings are trick-score, hand-line, loaded-scores, alone-pickup and alone-leader")]
    Name(String),
    /// No such value.
    #[error("reading {name} has no value '{value}': it is one of {values}")]
    Value {
        name: String,
        value: String,
        values: String,
    },
}

impl Readings {
    /// The readings `text` names (`trick-score=when-changed,hand-line=before-prompt`),
    /// the defaults for the rest; empty text is every default.
    pub fn parse(text: &str) -> Result<Readings, ReadingError> {
        let mut readings = Readings::default();
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| ReadingError::Shape(pair.to_string()))?;
            let reading = (ALL.iter())
                .find(|r| r.name == name)
                .ok_or_else(|| ReadingError::Name(name.to_string()))?;
            if !reading.values.iter().any(|(v, _)| *v == value) {
                let values: Vec<&str> = reading.values.iter().map(|(v, _)| *v).collect();
                return Err(ReadingError::Value {
                    name: name.to_string(),
                    value: value.to_string(),
                    values: values.join(", "),
                });
            }
            match (name, value) {
                ("trick-score", "when-changed") => readings.trick_score = TrickScore::WhenChanged,
                ("trick-score", _) => readings.trick_score = TrickScore::EveryTrick,
                ("hand-line", value) => readings.hand_before_prompt = value == "before-prompt",
                ("loaded-scores", value) => readings.no_loaded_scores = value == "none",
                ("alone-pickup", value) => {
                    readings.sitting_out_dealer_picks_up = value == "picks-up"
                }
                (_, value) => readings.literal_lone_lead = value == "literal",
            }
        }
        Ok(readings)
    }

    /// The handout's rules as these readings take them.
    pub fn rules(self) -> Rules {
        let lone_lead = if self.literal_lone_lead {
            LoneLead::OppositeWhenDealerLeftAlone
        } else {
            LoneLead::DealerLeft
        };
        Rules {
            sitting_out_dealer_picks_up: self.sitting_out_dealer_picks_up,
            lone_lead,
            ..Rules::cs246()
        }
    }

    /// The readings [`ENV`] names, the defaults where it is unset.
    pub fn from_env() -> Result<Readings, ReadingError> {
        Readings::parse(&std::env::var(ENV).unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readings_are_parsed_by_name_and_refused_by_name() {
        assert_eq!(Readings::parse("").unwrap(), Readings::default());
        let all = "trick-score=when-changed, hand-line=before-prompt,loaded-scores=none,\
                   alone-pickup=picks-up,alone-leader=literal";
        let read = Readings::parse(all).unwrap();
        assert_eq!(read.trick_score, TrickScore::WhenChanged);
        assert!(read.hand_before_prompt && read.no_loaded_scores);
        assert!(read.sitting_out_dealer_picks_up && read.literal_lone_lead);
        let rules = read.rules();
        assert!(rules.sitting_out_dealer_picks_up);
        assert_eq!(rules.lone_lead, LoneLead::OppositeWhenDealerLeftAlone);
        assert_eq!(Readings::default().rules(), Rules::cs246());
        assert!(matches!(
            Readings::parse("trick-score"),
            Err(ReadingError::Shape(_))
        ));
        assert!(matches!(
            Readings::parse("score=x"),
            Err(ReadingError::Name(_))
        ));
        let wrong = Readings::parse("hand-line=sideways").unwrap_err();
        assert_eq!(
            wrong.to_string(),
            "reading hand-line has no value 'sideways': it is one of after-prompt, before-prompt"
        );
    }
}
