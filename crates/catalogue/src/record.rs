//! Game records (the arena's `--record` lines) read and replayed for any game.

use serde::Deserialize;
use table::{GameRecord, Turn};

use crate::{Error, GameKind, Roster, Ruleset, Variant, WithGame};

/// The most actions a record may hold: far more than any game to 100 points takes, and
/// replayed in well under a second.
pub const MAX_ACTIONS: usize = 1_000_000;

/// What a replayed record came to.
#[derive(Clone, Debug, PartialEq)]
pub struct Replayed {
    /// The game and its rules.
    pub variant: Variant,
    /// Actions replayed.
    pub actions: usize,
    /// Hands completed.
    pub hands: u32,
    /// Whether the game reached its end.
    pub finished: bool,
    /// Each seat's points.
    pub points: Vec<f64>,
}

/// Why a record line is not a replayable game.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// Not a JSON record of the expected shape.
    #[error("not a game record: {0}")]
    Json(#[from] serde_json::Error),
    /// A game or variant the catalogue does not know.
    #[error(transparent)]
    Unknown(#[from] Error),
    /// Points to win outside 1 to 1,000.
    #[error("points to win {0} is not from 1 to 1000")]
    Points(u32),
    /// An action of another game than the record's.
    #[error("an action is not one of the record's game")]
    OtherGame,
    /// More actions than [`MAX_ACTIONS`].
    #[error("{0} actions is more than a record may hold ({MAX_ACTIONS})")]
    TooLong(usize),
    /// The rules refused an action, a deal was not the game's pack, or actions followed
    /// the game's end.
    #[error(transparent)]
    Replay(Box<dyn std::error::Error + Send + Sync>),
}

/// The fields that say which game a record is of.
#[derive(Deserialize)]
struct Header {
    game: String,
    variant: String,
    #[serde(default = "ten")]
    points: u32,
    #[serde(default)]
    house: Vec<String>,
    seed: u64,
}

/// Which game a record line is of: what a front end needs to set it up again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordHeader {
    /// The game, its rules variant, points to win (1 to 1,000) and house rules.
    pub rules: Ruleset,
    /// The seed its deals shuffle from.
    pub seed: u64,
}

impl RecordHeader {
    /// The header of a record line, checked.
    pub fn read(line: &str) -> Result<RecordHeader, RecordError> {
        let header: Header = serde_json::from_str(line)?;
        let game: GameKind = header.game.parse()?;
        let variant = Variant::named(game, Some(&header.variant))?;
        if !(1..=1000).contains(&header.points) {
            return Err(RecordError::Points(header.points));
        }
        Ok(RecordHeader {
            rules: Ruleset::new(variant, header.points, &header.house)?,
            seed: header.seed,
        })
    }
}

fn ten() -> u32 {
    10
}

/// Replays one record line (JSON) through its game's rules.
///
/// ```
/// let line = r#"{"game":"straights","variant":"cs246","seed":1,"seats":[],"actions":[]}"#;
/// let replayed = catalogue::replay(line).unwrap();
/// assert_eq!((replayed.actions, replayed.finished), (0, false));
/// assert!(catalogue::replay(r#"{"game":"chess"}"#).is_err());
/// ```
pub fn replay(line: &str) -> Result<Replayed, RecordError> {
    let rules = RecordHeader::read(line)?.rules;
    let variant = rules.variant();
    rules.with_game(ReplayLine { line, variant })
}

/// A record line's game, its actions checked to be at most [`MAX_ACTIONS`].
pub fn read_record<A: serde::de::DeserializeOwned>(
    line: &str,
) -> Result<GameRecord<A>, RecordError> {
    let record: GameRecord<A> = serde_json::from_str(line)?;
    if record.actions.len() > MAX_ACTIONS {
        return Err(RecordError::TooLong(record.actions.len()));
    }
    Ok(record)
}

struct ReplayLine<'a> {
    line: &'a str,
    variant: Variant,
}

impl WithGame for ReplayLine<'_> {
    type Output = Result<Replayed, RecordError>;

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        let record: GameRecord<G::Action> = read_record(self.line)?;
        let game = record
            .replay(new())
            .map_err(|e| RecordError::Replay(Box::new(e)))?;
        Ok(Replayed {
            variant: self.variant,
            actions: record.actions.len(),
            hands: game.hands(),
            finished: game.turn() == Turn::Over,
            points: game.points(),
        })
    }
}
