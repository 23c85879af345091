use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{Error, GameKind, Ruleset};

/// The most deals a strong player may sample per decision: beyond it a decision takes
/// seconds (Euchre) without measurably better play.
pub const MAX_SAMPLES: u32 = 10_000;

/// A computer player by kind, checked: it builds the same agent for every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum PlayerSpec {
    /// Picks uniformly among the legal actions.
    Random,
    /// The game's own handout player (EECS 280 Simple, the CS 246 computer player).
    Handout,
    /// Determinized Monte Carlo search; `samples` deals per decision, or the game's
    /// default.
    Strong {
        /// Deals sampled per decision (1 to [`MAX_SAMPLES`]); `None` for the default.
        samples: Option<u32>,
    },
    /// Euchre only: the strong player bidding by a network trained on what bids brought
    /// when played on (`euchre::players::Learned`, docs/BOTS.md). Its bids read the
    /// strong player's estimates at its default deals, on which the network was trained;
    /// from the second trick on, against opponents who are not the handout player, it
    /// samples `samples` deals per decision, or `euchre::players::Learned::PLAY_SAMPLES`.
    /// Euchre's expert.
    Learned {
        /// Deals sampled per decision from the second trick on (1 to [`MAX_SAMPLES`]);
        /// `None` for the shipped player's.
        #[serde(default)]
        samples: Option<u32>,
    },
    /// A named level, from beginner to expert.
    Level {
        /// Which.
        level: Level,
    },
}

/// The named levels of computer player, weakest first. Each is the strong player with
/// fewer samples choosing like a person ([`table::search::Tempered`]: it confuses choices
/// of near-equal value often and costly ones rarely, never plays at random), except
/// expert: the strong player itself, and in Euchre the learned player, measured stronger
/// (docs/BOTS.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Often misjudges what a choice is worth.
    Beginner,
    /// Misjudges close choices, sometimes a clear one.
    Easy,
    /// Errs on close choices.
    Medium,
    /// Rarely errs, and by little.
    Hard,
    /// The strongest player: the strong player, in Euchre the learned one.
    Expert,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
    ];

    /// `beginner`, …, `expert`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    /// The level named `name`.
    pub fn named(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// Deals the level samples a decision (`None`: the strong player's default), and its
    /// temperature in the game's inaccuracies ([`GameKind::cost_scale`]'s first step): at
    /// temperature 1 a choice that gives up an inaccuracy's worth is taken e⁻¹ as often as
    /// the best.
    pub const fn play(self) -> (Option<u32>, f64) {
        match self {
            Level::Beginner => (Some(4), 8.0),
            Level::Easy => (Some(8), 4.0),
            Level::Medium => (Some(16), 2.0),
            Level::Hard => (Some(32), 0.7),
            Level::Expert => (None, 0.0),
        }
    }
}

impl PlayerSpec {
    /// The player `name` of `game`: `random`, `handout` (`simple` too, for the games
    /// whose handout calls it that), `strong` or `strong:N`, a level, or Euchre's
    /// `learned` or `learned:N`.
    ///
    /// ```
    /// use catalogue::{GameKind, PlayerSpec};
    /// assert_eq!(
    ///     PlayerSpec::parse(GameKind::Euchre, "strong:24"),
    ///     Ok(PlayerSpec::Strong { samples: Some(24) })
    /// );
    /// assert!(PlayerSpec::parse(GameKind::Euchre, "strong:0").is_err());
    /// assert!(PlayerSpec::parse(GameKind::Straights, "simple").is_err());
    /// assert_eq!(
    ///     PlayerSpec::parse(GameKind::Euchre, "learned:384"),
    ///     Ok(PlayerSpec::Learned { samples: Some(384) })
    /// );
    /// assert!(PlayerSpec::parse(GameKind::Straights, "learned:384").is_err());
    /// ```
    pub fn parse(game: GameKind, name: &str) -> Result<PlayerSpec, Error> {
        let unknown = || Error::UnknownPlayer {
            game,
            name: name.to_string(),
        };
        if let Some(samples) = name.strip_prefix("strong:") {
            return match samples.parse::<u32>() {
                Ok(n @ 1..=MAX_SAMPLES) => Ok(PlayerSpec::Strong { samples: Some(n) }),
                _ => Err(Error::Samples(name.to_string())),
            };
        }
        if let Some(samples) = name.strip_prefix("learned:") {
            if !game.players().contains(&"learned") {
                return Err(unknown());
            }
            return match samples.parse::<u32>() {
                Ok(n @ 1..=MAX_SAMPLES) => Ok(PlayerSpec::Learned { samples: Some(n) }),
                _ => Err(Error::Samples(name.to_string())),
            };
        }
        if !game.players().contains(&name) {
            return Err(unknown());
        }
        if let Some(level) = Level::named(name) {
            return Ok(PlayerSpec::Level { level });
        }
        Ok(match name {
            "random" => PlayerSpec::Random,
            "strong" => PlayerSpec::Strong { samples: None },
            "learned" => PlayerSpec::Learned { samples: None },
            _ => PlayerSpec::Handout,
        })
    }

    /// Checks a spec that did not come through [`PlayerSpec::parse`] (one read from
    /// JSON): a strong player's samples must be from 1 to [`MAX_SAMPLES`].
    pub fn validate(self) -> Result<PlayerSpec, Error> {
        match self.samples() {
            Some(n) if !(1..=MAX_SAMPLES).contains(&n) => Err(Error::Samples(self.to_string())),
            _ => Ok(self),
        }
    }

    /// The deals a sampling player was asked to deal per decision (`strong:N`,
    /// `learned:N`); `None` for its default or a player that does not sample.
    pub fn samples(self) -> Option<u32> {
        match self {
            PlayerSpec::Strong { samples } | PlayerSpec::Learned { samples } => samples,
            _ => None,
        }
    }
}

impl PlayerSpec {
    /// [`PlayerSpec::validate`], and the player must be one `game` has (the learned
    /// player is Euchre's only).
    pub fn validate_for(self, game: GameKind) -> Result<PlayerSpec, Error> {
        let name = match self {
            PlayerSpec::Strong { .. } => return self.validate(),
            PlayerSpec::Learned { .. } => "learned".to_string(),
            spec => spec.to_string(),
        };
        if !game.players().contains(&name.as_str()) {
            return Err(Error::UnknownPlayer {
                game,
                name: self.to_string(),
            });
        }
        self.validate()
    }
}

impl fmt::Display for PlayerSpec {
    /// The name [`PlayerSpec::parse`] reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Handout => f.write_str("handout"),
            PlayerSpec::Strong { samples: None } => f.write_str("strong"),
            PlayerSpec::Strong { samples: Some(n) } => write!(f, "strong:{n}"),
            PlayerSpec::Level { level } => f.write_str(level.name()),
            PlayerSpec::Learned { samples: None } => f.write_str("learned"),
            PlayerSpec::Learned { samples: Some(n) } => write!(f, "learned:{n}"),
        }
    }
}

/// One checked player per seat of a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Lineup {
    seats: Vec<PlayerSpec>,
}

impl Lineup {
    /// A comma-separated line-up such as `handout,random,strong:8,random`, one player
    /// per seat of `game` under its default rules.
    pub fn parse(game: GameKind, text: &str) -> Result<Lineup, Error> {
        Lineup::parse_seated(game, game.seats(), text)
    }

    /// [`Lineup::parse`] for a table of `rules`, which say how many sit.
    pub fn parse_for(rules: &Ruleset, text: &str) -> Result<Lineup, Error> {
        Lineup::parse_seated(rules.variant().game(), rules.seats(), text)
    }

    fn parse_seated(game: GameKind, count: usize, text: &str) -> Result<Lineup, Error> {
        let seats = text
            .split(',')
            .map(|name| PlayerSpec::parse(game, name.trim()))
            .collect::<Result<Vec<_>, _>>()?;
        Lineup::seated(game, count, seats)
    }

    /// A line-up of `seats`, one per seat of `game` under its default rules, each
    /// validated.
    pub fn new(game: GameKind, seats: Vec<PlayerSpec>) -> Result<Lineup, Error> {
        Lineup::seated(game, game.seats(), seats)
    }

    fn seated(game: GameKind, count: usize, seats: Vec<PlayerSpec>) -> Result<Lineup, Error> {
        if seats.len() != count {
            return Err(Error::SeatCount {
                game,
                given: seats.len(),
                seats: count,
            });
        }
        let seats = seats
            .into_iter()
            .map(|spec| spec.validate_for(game))
            .collect::<Result<_, _>>()?;
        Ok(Lineup { seats })
    }

    /// The players, seat 0 first.
    pub fn seats(&self) -> &[PlayerSpec] {
        &self.seats
    }

    /// Each seat's player by name, as reports and records show them.
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(PlayerSpec::to_string).collect()
    }
}

impl FromStr for PlayerSpec {
    type Err = Error;

    /// A player of any game (`simple` is read as `handout`).
    fn from_str(name: &str) -> Result<PlayerSpec, Error> {
        PlayerSpec::parse(GameKind::Euchre, name)
    }
}
