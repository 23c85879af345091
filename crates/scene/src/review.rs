//! The review of a finished game, as a chess site reviews one: each of a seat's decisions
//! marked with what it gave up against the strong player's pick, weighed from that seat's
//! information at that moment ([`table::Seated`]: never from cards it could not see), with
//! a verdict and a summary per hand and for the game. Replayed through the one replay
//! path ([`Progress::replay`]), like the steps it marks.

use catalogue::{AnyAction, GameKind, RecordError, Roster};
use rand::SeedableRng;
use schemars::JsonSchema;
use serde::Serialize;
use table::{GameRecord, Progress, ReplayEvent, Rng, Seated, Turn};

use crate::steps::{Line, Source};
use crate::{coaching, Staged, WithScene};

/// One seat's review of a finished game.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Review {
    /// The seat reviewed.
    pub seat: usize,
    /// What the values and costs measure (the strong player's unit).
    pub unit: String,
    /// Each hand (Straights: round) in which the seat had a choice to make.
    pub hands: Vec<HandReview>,
    /// Costly choices over the game (inaccuracies, mistakes and blunders).
    pub costly: usize,
    /// What they gave up in all, in `unit`.
    pub given_up: f64,
    /// `3 costly choices, 0.80 points given up`.
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
    /// `Hand 3: 1 costly choice, 0.42 points given up`.
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
    /// `play 9♠: a mistake, 0.42 given up; the coach's pick: play J♥`.
    pub words: String,
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

/// The generator the review weighs `seat`'s decision after `done` actions with: fixed, so
/// a review is the same however often it is made.
pub fn generator(done: usize, seat: usize) -> Rng {
    Rng::seed_from_u64((done as u64) << 8 | seat as u64)
}

/// The review of `seat` (from 0) in a record line's finished game.
pub fn review(line: &str, seat: usize) -> Result<Review, ReviewError> {
    let header = catalogue::RecordHeader::read(line)?;
    crate::with_game(&header.rules, Reviewing(Line(line), seat))
}

/// The review of `seat` in a server's finished game.
pub fn record_review(record: &GameRecord<AnyAction>, seat: usize) -> Result<Review, ReviewError> {
    crate::with_game(&crate::steps::ruleset(record)?, Reviewing(record, seat))
}

struct Reviewing<S>(S, usize);

impl<S: Source> WithScene for Reviewing<S> {
    type Output = Result<Review, ReviewError>;

    fn run<G: Roster + Staged>(
        self,
        new: impl Fn() -> G + Clone + Send + Sync + 'static,
    ) -> Self::Output {
        let Reviewing(source, seat) = self;
        let record: GameRecord<G::Action> = source.record::<G>()?;
        if seat >= new().seats() {
            return Err(ReviewError::NoSeat(seat));
        }
        let replay_error = |e| RecordError::Replay(Box::new(e));
        record.check_game(&new()).map_err(replay_error)?;
        let mut advisor = new().advisor();
        let (mut marked, mut events, mut unit) = (Vec::new(), 0, String::new());
        // After each event, a decision of the seat's comes next: weigh it now, from the
        // seat's information alone, with a generator fixed by the seat and the `seq`.
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
            let mut rng = generator(done, seat);
            let game = progress.game();
            let advice = advisor.advise(Seated::new(game, seat), &mut rng);
            let coached = coaching(game, seat, &advice);
            unit.clone_from(&coached.unit);
            let decision = decide(G::KIND, G::any(taken), done as u64 + 1, events, &coached);
            marked.push((game.hands() + 1, decision));
        };
        let deals = record.deals.clone();
        let actions = record.actions.iter().copied();
        let progress = Progress::replay(new(), record.seed, deals, actions, &mut weigh)
            .map_err(replay_error)?;
        if progress.turn() != Turn::Over {
            return Err(ReviewError::NotOver);
        }
        Ok(summed(seat, unit, G::HAND_WORD, marked))
    }
}

/// The decision that took `action` (the game's `seq`th, shown by step `step`), weighed by
/// the coach's reading of it.
fn decide(
    game: GameKind,
    action: AnyAction,
    seq: u64,
    step: usize,
    coached: &crate::Coaching,
) -> Decision {
    let cost = coached.cost_of(&action);
    let taken = coached
        .choice(&action)
        .map_or_else(String::new, |c| c.words.clone());
    let best = coached.picked().words.clone();
    let verdict = verdict(game, cost);
    // The pick is the strong player's action, not always the highest value (a Euchre bid
    // must beat passing by a margin): another choice may give up nothing and not be it.
    let words = match verdict {
        Verdict::Good if action == coached.picked().action => format!("{taken}: the coach's pick"),
        Verdict::Good => format!("{taken}: good ({cost:.2} given up); the coach's pick: {best}"),
        _ => format!(
            "{taken}: {}, {cost:.2} given up; the coach's pick: {best}",
            verdict.words()
        ),
    };
    Decision {
        seq,
        step,
        action,
        taken,
        best,
        cost,
        verdict,
        words,
    }
}

/// The decisions (each with its hand, from 1) gathered by hand, each hand and the game
/// summed up.
fn summed(seat: usize, unit: String, hand_word: &str, marked: Vec<(u32, Decision)>) -> Review {
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
    let given_up = hands.iter().map(|h| h.given_up).sum();
    Review {
        seat,
        summary: tally(costly, given_up),
        unit,
        hands,
        costly,
        given_up,
    }
}

/// `3 costly choices, 0.80 given up`.
fn tally(costly: usize, given_up: f64) -> String {
    let choices = if costly == 1 { "choice" } else { "choices" };
    format!("{costly} costly {choices}, {given_up:.2} given up")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Coached, Coaching};

    /// A bid the strong player would not make though its estimate is higher: taking it
    /// gives up nothing, and is not called the coach's pick.
    #[test]
    fn a_choice_valued_above_the_pick_is_good_but_not_the_pick() {
        let pass = AnyAction::Euchre(euchre::Action::Pass);
        let order = AnyAction::Euchre(euchre::Action::OrderUp { alone: false });
        let choice = |action, words: &str, value| Coached {
            action,
            words: words.into(),
            value: Some(value),
            cost: Some(0.0),
        };
        let coached = Coaching {
            seat: 0,
            choices: vec![choice(pass, "Pass", 1.25), choice(order, "Order up", 1.53)],
            pick: 0,
            unit: "points".into(),
            higher_is_better: true,
            advice: "The coach's pick: Pass.".into(),
        };
        let ordered = decide(GameKind::Euchre, order, 4, 4, &coached);
        assert_eq!((ordered.cost, ordered.verdict), (0.0, Verdict::Good));
        assert_eq!(
            ordered.words,
            "Order up: good (0.00 given up); the coach's pick: Pass"
        );
        let passed = decide(GameKind::Euchre, pass, 4, 4, &coached);
        assert_eq!(passed.words, "Pass: the coach's pick");
    }
}
