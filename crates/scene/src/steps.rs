//! A finished game step by step, every hand face up: what `cardtable replay` and the
//! server's replay page show, replayed through [`Progress::replay`].

use cards::Card;
use catalogue::{
    read_record, AnyAction, Catalogued, GameKind, RecordError, RecordHeader, Roster, Ruleset,
    Variant, MAX_ACTIONS,
};
use serde::Serialize;
use table::{GameRecord, Progress, RecordSeat, ReplayEvent, Turn};

use crate::{Nameplate, Scene, Stage, WithGame};

/// One moment of a replayed game with every hand face up: just after a deal (no seat,
/// no action) or just after an action.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
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
/// let steps = scene::steps(line).unwrap();
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
    ruleset(record)?.with_game(StepLine(record))
}

/// The rules `record`'s game was played under.
pub(crate) fn ruleset(record: &GameRecord<AnyAction>) -> Result<Ruleset, RecordError> {
    let game: GameKind = record.game.parse()?;
    let variant = Variant::named(game, Some(&record.variant))?;
    if !(1..=1000).contains(&record.points) {
        return Err(RecordError::Points(record.points));
    }
    Ok(Ruleset::new(variant, record.points, &record.house)?)
}

/// Where a record's actions come from: a record line, or a record of tagged actions.
pub(crate) trait Source {
    /// The record, with actions of `G`.
    fn record<G: Catalogued>(&self) -> Result<GameRecord<G::Action>, RecordError>;
}

/// A record line (JSON).
pub(crate) struct Line<'a>(pub(crate) &'a str);

impl Source for Line<'_> {
    fn record<G: Catalogued>(&self) -> Result<GameRecord<G::Action>, RecordError> {
        read_record(self.0)
    }
}

impl Source for &GameRecord<AnyAction> {
    fn record<G: Catalogued>(&self) -> Result<GameRecord<G::Action>, RecordError> {
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
        let nameplates = record_nameplates(&record.seats, new().seats());
        let replay_error = |e| RecordError::Replay(Box::new(e));
        record.check_game(&new()).map_err(replay_error)?;
        let mut steps = Vec::new();
        let mut step = |progress: &Progress<G>, what: ReplayEvent| {
            steps.push(face_up_step(progress, what, &nameplates, record.points));
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

/// A computer player's name at a table and in its replay: `Computer 2 (medium)`, by its
/// seat from 1 and its kind as the lineup writes it (`Computer 2` with none).
pub fn computer_name(seat: usize, kind: &str) -> String {
    match kind {
        "" => format!("Computer {}", seat + 1),
        kind => format!("Computer {} ({kind})", seat + 1),
    }
}

/// The step `progress` just took (`what`), every action and hand face up.
fn face_up_step<G: Catalogued>(
    progress: &Progress<G>,
    what: ReplayEvent,
    nameplates: &[Nameplate],
    points_to_win: u32,
) -> Step {
    let stage = Stage::of(progress, None, true, nameplates, points_to_win);
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

/// The name a finished game shows for who sat at `seat` (from 0), as the table named
/// them: a person by name, a computer by seat and kind ([`computer_name`]; a seat nobody
/// took is `Computer 2 (open)`).
pub fn seat_name(seat: usize, sat: &RecordSeat) -> String {
    match sat {
        RecordSeat::Person(name) => name.clone(),
        RecordSeat::Computer(kind) => computer_name(seat, kind),
        RecordSeat::Open => computer_name(seat, &sat.to_string()),
    }
}

/// The seats of a record as a replay names them ([`seat_name`]; a seat the record
/// leaves out is `Computer 2`).
fn record_nameplates(lineup: &[RecordSeat], seats: usize) -> Vec<Nameplate> {
    (0..seats)
        .map(|seat| {
            Nameplate::computer(match lineup.get(seat) {
                Some(sat) => seat_name(seat, sat),
                None => computer_name(seat, ""),
            })
        })
        .collect()
}
