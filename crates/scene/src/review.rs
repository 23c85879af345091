//! The review of a finished game, as a chess site reviews one: each of a seat's decisions
//! marked with what it gave up against the expert's pick, weighed from that seat's
//! information at that moment ([`table::Seated`]: never from cards it could not see), with
//! a verdict and a summary per hand and for the game. Replayed through the one replay
//! path ([`Progress::replay`]), like the steps it marks, and weighed by the one coach
//! ([`Coaching::at`]), so a decision's review is what the live coach said of it.

use catalogue::{AnyAction, GameKind, RecordError, Roster};
use schemars::JsonSchema;
use serde::Serialize;
use table::{GameRecord, Progress, ReplayEvent, Turn};

pub use crate::coach::generator;
use crate::steps::{Line, Source};
use crate::{Coaching, WithGame};

/// One seat's review of a finished game.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Review {
    /// The seat reviewed.
    pub seat: usize,
    /// What the values and costs measure (the expert's unit, a noun phrase).
    pub unit: String,
    /// How to read the values, which way is better included (the coaching's `reading`).
    pub reading: String,
    /// Each hand (Straights: round) in which the seat had a choice to make.
    pub hands: Vec<HandReview>,
    /// Costly choices over the game (inaccuracies, mistakes and blunders).
    pub costly: usize,
    /// What they gave up in all, in `unit`.
    pub given_up: f64,
    /// `3 costly choices; 0.80 points given up against the coach's picks.`
    pub summary: String,
}

/// The seat's decisions in one hand.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct HandReview {
    /// The hand, from 1.
    pub hand: u32,
    /// `Hand 3`, `Round 2`.
    pub heading: String,
    /// Every decision the seat made with more than one legal choice, in order.
    pub decisions: Vec<Decision>,
    /// Costly choices in the hand.
    pub costly: usize,
    /// What they gave up in all.
    pub given_up: f64,
    /// `Hand 3: 1 costly choice; 0.42 points given up against the coach's picks.`
    pub summary: String,
}

/// One decision, marked.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Decision {
    /// The action's number in the game (its `seq`).
    pub seq: u64,
    /// The replay step that shows it (an index into the game's steps).
    pub step: usize,
    /// The action taken.
    pub action: AnyAction,
    /// It in words: `play 9♠`.
    pub taken: String,
    /// The strong player's pick in words.
    pub best: String,
    /// What the choice gave up against the pick (0 when it was the pick).
    pub cost: f64,
    /// The verdict by what it gave up.
    pub verdict: Verdict,
    /// `Discard J♥: a mistake, 0.44 points worse than the coach's pick (discard A♥).`
    pub words: String,
    /// The coach on this decision: every choice's value and the pick, the same as the
    /// live coach showed at that moment.
    pub coaching: Coaching,
}

/// A decision's verdict, by what it gave up against the pick (per game:
/// [`GameKind::cost_scale`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The pick, or close enough to it.
    Good,
    /// A little given up.
    Inaccuracy,
    /// Clearly worse.
    Mistake,
    /// A large loss.
    Blunder,
}

impl Verdict {
    /// `a mistake`.
    pub fn words(self) -> &'static str {
        match self {
            Verdict::Good => "good",
            Verdict::Inaccuracy => "an inaccuracy",
            Verdict::Mistake => "a mistake",
            Verdict::Blunder => "a blunder",
        }
    }
}

/// The verdict on giving up `cost` in `game`.
pub fn verdict(game: GameKind, cost: f64) -> Verdict {
    let [inaccuracy, mistake, blunder] = game.cost_scale();
    match cost {
        c if c >= blunder => Verdict::Blunder,
        c if c >= mistake => Verdict::Mistake,
        c if c >= inaccuracy => Verdict::Inaccuracy,
        _ => Verdict::Good,
    }
}

/// Why a game could not be reviewed.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// The record could not be read or replayed.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The game has not ended: a review is of a finished game.
    #[error("the game is not over: only a finished game is reviewed")]
    NotOver,
    /// The game has no such seat.
    #[error("the game has no seat {0}")]
    NoSeat(usize),
}

/// The review of `seat` (from 0) in a record line's finished game.
pub fn review(line: &str, seat: usize) -> Result<Review, ReviewError> {
    let header = catalogue::RecordHeader::read(line)?;
    header.rules.with_game(Reviewing(Line(line), seat))
}

/// The review of `seat` in a server's finished game.
pub fn record_review(record: &GameRecord<AnyAction>, seat: usize) -> Result<Review, ReviewError> {
    crate::steps::ruleset(record)?.with_game(Reviewing(record, seat))
}

struct Reviewing<S>(S, usize);

impl<S: Source> WithGame for Reviewing<S> {
    type Output = Result<Review, ReviewError>;

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        let Reviewing(source, seat) = self;
        let record: GameRecord<G::Action> = source.record::<G>()?;
        if seat >= new().seats() {
            return Err(ReviewError::NoSeat(seat));
        }
        let replay_error = |e| RecordError::Replay(Box::new(e));
        record.check_game(&new()).map_err(replay_error)?;
        let (mut marked, mut events) = (Vec::new(), 0);
        let (mut unit, mut reading) = (String::new(), String::new());
        // After each event, a decision of the seat's comes next: weigh it now, as the
        // live coach did (from the seat's information alone, with a generator fixed by
        // the seat and the `seq`).
        let mut weigh = |progress: &Progress<G>, _: ReplayEvent| {
            events += 1;
            let done = progress.actions().len();
            let (Turn::Seat(actor), Some(&taken)) = (progress.turn(), record.actions.get(done))
            else {
                return;
            };
            let mut legal = Vec::new();
            progress.game().legal_actions(&mut legal);
            if actor != seat || legal.len() < 2 {
                return;
            }
            let Some(coached) = Coaching::at(progress, seat) else {
                return;
            };
            unit.clone_from(&coached.unit);
            reading.clone_from(&coached.reading);
            let decision = decide(G::KIND, G::any(taken), done as u64 + 1, events, coached);
            marked.push((progress.game().hands() + 1, decision));
        };
        let deals = record.deals.clone();
        let actions = record.actions.iter().copied();
        let progress = Progress::replay(new(), record.seed, deals, actions, &mut weigh)
            .map_err(replay_error)?;
        if progress.turn() != Turn::Over {
            return Err(ReviewError::NotOver);
        }
        Ok(summed(seat, (unit, reading), G::HAND_WORD, marked))
    }
}

/// The decision that took `action` (the game's `seq`th, shown by step `step`), weighed by
/// the coach's reading of it.
fn decide(game: GameKind, action: AnyAction, seq: u64, step: usize, coached: Coaching) -> Decision {
    let cost = coached.cost_of(&action);
    let taken = coached
        .choice(&action)
        .map_or_else(String::new, |c| c.words.clone());
    let best = coached.picked().words.clone();
    let verdict = verdict(game, cost);
    let words = decision_words(
        &taken,
        &best,
        verdict,
        cost,
        action == coached.picked().action,
    );
    Decision {
        seq,
        step,
        action,
        taken,
        best,
        cost,
        verdict,
        words,
        coaching: coached,
    }
}

/// A decision in a sentence: `Play 8♠: good, 0.02 points worse than the coach's pick
/// (play 7♣).` A choice as good as the pick (a tie) is said to be.
fn decision_words(taken: &str, best: &str, verdict: Verdict, cost: f64, picked: bool) -> String {
    let taken = capitalized(taken);
    if picked {
        return format!("{taken}: the coach's pick.");
    }
    let points = if format!("{cost:.2}") == "1.00" {
        "point"
    } else {
        "points"
    };
    match verdict {
        Verdict::Good if cost < 0.005 => format!("{taken}: as good as the coach's pick ({best})."),
        _ => format!(
            "{taken}: {}, {cost:.2} {points} worse than the coach's pick ({best}).",
            verdict.words()
        ),
    }
}

/// `text` with its first letter a capital.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The decisions (each with its hand, from 1) gathered by hand, each hand and the game
/// summed up.
fn summed(
    seat: usize,
    (unit, reading): (String, String),
    hand_word: &str,
    marked: Vec<(u32, Decision)>,
) -> Review {
    let mut hands: Vec<HandReview> = Vec::new();
    for (hand, decision) in marked {
        if hands.last().is_none_or(|h| h.hand != hand) {
            hands.push(HandReview {
                hand,
                heading: format!("{hand_word} {hand}"),
                decisions: Vec::new(),
                costly: 0,
                given_up: 0.0,
                summary: String::new(),
            });
        }
        let last = hands.last_mut().expect("just pushed");
        last.costly += usize::from(decision.verdict != Verdict::Good);
        last.given_up += decision.cost;
        last.decisions.push(decision);
    }
    for hand in &mut hands {
        hand.summary = format!("{}: {}", hand.heading, tally(hand.costly, hand.given_up));
    }
    let costly = hands.iter().map(|h| h.costly).sum();
    // `+ 0.0`: a sum of no terms is −0.0, which would print as `-0.00`.
    let given_up = hands.iter().map(|h| h.given_up).sum::<f64>() + 0.0;
    Review {
        seat,
        summary: capitalized(&tally(costly, given_up)),
        unit,
        reading,
        hands,
        costly,
        given_up,
    }
}

/// `3 costly choices; 0.80 points given up against the coach's picks.`
fn tally(costly: usize, given_up: f64) -> String {
    let choices = match costly {
        0 => "no costly choices".to_string(),
        1 => "1 costly choice".to_string(),
        n => format!("{n} costly choices"),
    };
    let points = if format!("{given_up:.2}") == "1.00" {
        "point"
    } else {
        "points"
    };
    format!("{choices}; {given_up:.2} {points} given up against the coach's picks.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decision_is_one_finished_sentence() {
        use Verdict::*;
        // The pick; a tie with it; a little worse; a mistake (Straights' points: the
        // pick's 0.67 fewer taken is 0.67 points better).
        let decisions = [
            (
                ("play 7♣", "play 7♣", Good, 0.0, true),
                "Play 7♣: the coach's pick.",
            ),
            (
                ("Order up", "Pass", Good, 0.0, false),
                "Order up: as good as the coach's pick (Pass).",
            ),
            (
                ("play 8♠", "play 7♣", Good, 0.02, false),
                "Play 8♠: good, 0.02 points worse than the coach's pick (play 7♣).",
            ),
            (
                ("discard J♥", "discard A♥", Mistake, 0.44, false),
                "Discard J♥: a mistake, 0.44 points worse than the coach's pick (discard A♥).",
            ),
            (
                ("Order up, alone", "Pass", Blunder, 1.0, false),
                "Order up, alone: a blunder, 1.00 point worse than the coach's pick (Pass).",
            ),
        ];
        for ((taken, best, verdict, cost, picked), words) in decisions {
            assert_eq!(decision_words(taken, best, verdict, cost, picked), words);
        }
    }

    #[test]
    fn a_tally_is_one_finished_sentence() {
        assert_eq!(
            tally(3, 0.8),
            "3 costly choices; 0.80 points given up against the coach's picks."
        );
        assert_eq!(
            tally(1, 1.0),
            "1 costly choice; 1.00 point given up against the coach's picks."
        );
        let game = summed(0, Default::default(), "Hand", Vec::new());
        assert_eq!(
            game.summary,
            "No costly choices; 0.00 points given up against the coach's picks."
        );
    }
}
