//! Game records (the arena's `--record` lines) read and replayed for any game.

use cards::Card;
use serde::{Deserialize, Serialize};
use table::{GameRecord, Progress, ReplayEvent, Turn};

use crate::scene::{Moment, Presence, Scene, Sitter, Stage};
use crate::{AnyAction, Error, GameKind, Roster, Ruleset, Variant, WithGame};

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

/// One moment of a replayed game with every hand face up: just after a deal (no seat,
/// no action) or just after an action.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Step {
    /// The seat that acted.
    pub seat: Option<usize>,
    /// What it did.
    pub action: Option<AnyAction>,
    /// The table as a spectator sees it.
    pub scene: Scene,
    /// Every seat's cards, face up: a finished game's replay shows them all.
    pub hands: Vec<Vec<Card>>,
    /// Each seat's points.
    pub points: Vec<f64>,
}

/// Every moment of a record line's game, for stepping through it face up.
///
/// ```
/// let line = r#"{"game":"euchre","variant":"eecs280","seed":1,"seats":[],"actions":["Pass"]}"#;
/// let steps = catalogue::steps(line).unwrap();
/// assert_eq!(steps.len(), 2); // the deal, then the pass
/// assert_eq!(serde_json::to_string(&steps[1].action).unwrap(), r#""Pass""#);
/// ```
pub fn steps(line: &str) -> Result<Vec<Step>, RecordError> {
    let header = RecordHeader::read(line)?;
    header.rules.with_game(StepLine(Line(line)))
}

/// Every moment of `record`'s game, its actions tagged by game (a server's finished
/// table), for stepping through it face up.
pub fn record_steps(record: &GameRecord<AnyAction>) -> Result<Vec<Step>, RecordError> {
    let game: GameKind = record.game.parse()?;
    let variant = Variant::named(game, Some(&record.variant))?;
    if !(1..=1000).contains(&record.points) {
        return Err(RecordError::Points(record.points));
    }
    Ruleset::new(variant, record.points, &record.house)?.with_game(StepLine(record))
}

/// Where a record's actions come from: a record line, or a record of tagged actions.
trait Source {
    /// The record, with actions of `G`.
    fn record<G: Roster>(&self) -> Result<GameRecord<G::Action>, RecordError>;
}

/// A record line (JSON).
struct Line<'a>(&'a str);

impl Source for Line<'_> {
    fn record<G: Roster>(&self) -> Result<GameRecord<G::Action>, RecordError> {
        read_record(self.0)
    }
}

impl Source for &GameRecord<AnyAction> {
    fn record<G: Roster>(&self) -> Result<GameRecord<G::Action>, RecordError> {
        let actions = self.actions.iter().map(|&a| G::from_any(a));
        let Some(actions) = actions.collect::<Option<Vec<_>>>() else {
            return Err(RecordError::OtherGame);
        };
        if actions.len() > MAX_ACTIONS {
            return Err(RecordError::TooLong(actions.len()));
        }
        Ok(GameRecord {
            game: self.game.clone(),
            variant: self.variant.clone(),
            points: self.points,
            house: self.house.clone(),
            seed: self.seed,
            deals: self.deals.clone(),
            seats: self.seats.clone(),
            actions,
        })
    }
}

struct StepLine<S>(S);

impl<S: Source> WithGame for StepLine<S> {
    type Output = Result<Vec<Step>, RecordError>;

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        let record: GameRecord<G::Action> = self.0.record::<G>()?;
        let sitters = record_sitters(&record.seats, new().seats());
        let replay_error = |e| RecordError::Replay(Box::new(e));
        record.check_game(&new()).map_err(replay_error)?;
        let mut steps = Vec::new();
        let mut step = |progress: &Progress<G>, what: ReplayEvent| {
            steps.push(face_up_step(progress, what, &sitters, record.points));
        };
        let actions = record.actions.iter().copied();
        let deals = record.deals.clone();
        let mut progress = Progress::replay(new(), record.seed, deals, actions, &mut step)
            .map_err(replay_error)?;
        // The hand after the last action is dealt too, as the record's next step.
        while progress.turn() == Turn::Chance {
            progress.deal();
            step(&progress, ReplayEvent::Dealt);
        }
        Ok(steps)
    }
}

/// The step `progress` just took (`what`), every action and hand face up.
fn face_up_step<G: Roster>(
    progress: &Progress<G>,
    what: ReplayEvent,
    sitters: &[Sitter],
    points_to_win: u32,
) -> Step {
    let face_up = |taken: &[table::Taken<G::Action>]| -> Vec<Moment<G::Action>> {
        (taken.iter())
            .map(|t| Moment {
                seat: t.seat,
                action: Some(t.action),
                happened: t.happened,
            })
            .collect()
    };
    let (log, last_hand) = (face_up(progress.hand()), face_up(progress.last_hand()));
    let stage = Stage {
        to: None,
        sitters,
        log: &log,
        last_hand: &last_hand,
        points_to_win,
    };
    let game = progress.game();
    let acted = (what == ReplayEvent::Acted)
        .then(|| progress.hand().last())
        .flatten();
    Step {
        seat: acted.map(|t| t.seat),
        action: acted.map(|t| G::any(t.action)),
        scene: stage.scene(game),
        hands: (0..game.seats()).map(|seat| game.face_up(seat)).collect(),
        points: game.points(),
    }
}

/// The seats of a record as a replay names them: a person by name (`person:Ada`), a
/// computer by seat and kind (`Seat 2 (strong)`).
fn record_sitters(lineup: &[String], seats: usize) -> Vec<Sitter> {
    (0..seats)
        .map(|seat| {
            let player = lineup.get(seat).map_or("", String::as_str);
            let name = match player.strip_prefix("person:") {
                Some(name) => name.to_string(),
                None if player.is_empty() => format!("Seat {}", seat + 1),
                None => format!("Seat {} ({player})", seat + 1),
            };
            Sitter {
                name,
                presence: Presence::Computer,
            }
        })
        .collect()
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
