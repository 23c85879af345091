//! The coach's reading of one decision as every face shows it: each legal choice in
//! words, its value, how it stands against the expert's pick. Worked out once here
//! from the player's [`Advice`], so no face ranks choices or words them; and asked only
//! through [`Coaching::at`], so the live coach and the review of the same decision are
//! one computation.

use catalogue::Catalogued;
use catalogue::Roster;
use rand::SeedableRng;
use schemars::JsonSchema;
use serde::Serialize;
use table::search::Advice;
use table::{Progress, Rng, Seated, Turn};

use crate::{card_text, AnyAction};

/// The coach on one seat's decision.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Coaching {
    /// The seat deciding.
    pub seat: usize,
    /// Each legal action, in the order of the seat's `own.actions`.
    pub choices: Vec<Coached>,
    /// The index in `choices` of the expert's pick: the best value shown (the
    /// highest, or the lowest where `higher_is_better` is false).
    pub pick: usize,
    /// What a value measures, a noun phrase (`the points you can expect to take this
    /// round, less half the average the others take`).
    pub unit: String,
    /// Whether a higher value is better (points won) or worse (points taken).
    pub higher_is_better: bool,
    /// The pick in a sentence: `The coach's pick: play J♥.`
    pub advice: String,
    /// How to read the values, in a sentence that says which way is better: `Each value
    /// is the points you can expect to take this round, less half the average the others
    /// take. Lower is better.`
    pub reading: String,
    /// What else the values hold, in sentences (Euchre's bidding: the margin a bid must
    /// beat passing by, already taken off each bid's value); often empty.
    pub notes: Vec<String>,
}

/// One legal choice as the coach sees it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Coached {
    /// The action, as the protocol spells it.
    pub action: AnyAction,
    /// `play 9♠`, `discard 9♠`, `Order up, alone`.
    pub words: String,
    /// Its value in the coaching's `unit`, any margin the player asks of it taken off (the
    /// pick's is the best); `null` when it is the only choice (there is nothing to weigh).
    pub value: Option<f64>,
    /// How much worse it is than the pick, in the same unit: 0 for the pick, never below;
    /// `null` for an only choice.
    pub cost: Option<f64>,
    /// It against the pick in words: `the coach's pick`, `0.67 worse`, `as good as the
    /// pick`, `the only choice`.
    pub against: String,
}

impl Coaching {
    /// The coach on `seat`'s decision in `progress`, from the seat's information alone
    /// ([`Seated`]): a fresh expert ([`Roster::advisor`]), searching with the generator
    /// [`generator`]`(actions so far, seat)`, which depends on nothing hidden from the
    /// seat. The server's `coach`, the terminal's `c` and line mode's `coach` ask this,
    /// and so does the review of a finished game at the same moment, so the two show the
    /// same values and pick. `None` off the seat's turn.
    pub fn at<G: Roster>(progress: &Progress<G>, seat: usize) -> Option<Coaching> {
        if progress.turn() != Turn::Seat(seat) {
            return None;
        }
        let game = progress.game();
        let mut rng = generator(progress.actions().len(), seat);
        let advice = game.advisor().advise(Seated::new(game, seat), &mut rng);
        Some(coaching(game, seat, &advice))
    }

    /// How much worse taking `action` is than the pick (0 when it is not among the
    /// choices or there is nothing to weigh).
    pub fn cost_of(&self, action: &AnyAction) -> f64 {
        self.choice(action).and_then(|c| c.cost).unwrap_or(0.0)
    }

    /// The choice that takes `action`, if it is legal here.
    pub fn choice(&self, action: &AnyAction) -> Option<&Coached> {
        self.choices.iter().find(|c| &c.action == action)
    }

    /// The expert's pick.
    pub fn picked(&self) -> &Coached {
        &self.choices[self.pick]
    }
}

/// The generator the coach weighs `seat`'s decision after `done` actions with: fixed by
/// what the seat knows, so the coach says the same however often and wherever it is
/// asked (live, or in a review).
pub fn generator(done: usize, seat: usize) -> Rng {
    Rng::seed_from_u64((done as u64) << 8 | seat as u64)
}

/// The coaching of `seat`'s decision in `game` from the expert's `advice` (made
/// from that seat's information alone), its choices in the order of `game`'s legal
/// actions: the order of the seat's `own.actions`. The values shown are the ones the
/// player compares ([`Advice::compared`]), so its pick is the best of them.
pub fn coaching<G: Catalogued>(game: &G, seat: usize, advice: &Advice<G::Action>) -> Coaching {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let sign = if advice.higher_is_better { 1.0 } else { -1.0 };
    let compared = advice.compared();
    let best = compared[advice.choice];
    let value_of = |action: &G::Action| {
        let at = advice.actions.iter().position(|a| a == action)?;
        Some(compared[at]).filter(|v| v.is_finite())
    };
    let chosen = advice.chosen();
    let choices: Vec<Coached> = (legal.iter())
        .map(|action| {
            let value = value_of(action);
            let cost = value.map(|v| (sign * (best - v)).max(0.0));
            let against = match cost {
                None => "the only choice".to_string(),
                Some(_) if *action == chosen => "the coach's pick".to_string(),
                Some(cost) if cost < 0.005 => "as good as the pick".to_string(),
                Some(cost) => format!("{cost:.2} worse"),
            };
            Coached {
                action: G::any(*action),
                words: words(game, action),
                value,
                cost,
                against,
            }
        })
        .collect();
    let pick = legal.iter().position(|a| *a == chosen).unwrap_or(0);
    let better = if advice.higher_is_better {
        "Higher is better."
    } else {
        "Lower is better."
    };
    Coaching {
        seat,
        advice: format!("The coach's pick: {}.", choices[pick].words),
        reading: format!("Each value is {}. {better}", advice.unit),
        notes: (!advice.note.is_empty())
            .then(|| advice.note.clone())
            .into_iter()
            .collect(),
        choices,
        pick,
        unit: advice.unit.to_string(),
        higher_is_better: advice.higher_is_better,
    }
}

/// An action in the coach's words: `play 9♠`, `discard 9♠`, `Order up, alone`.
fn words<G: Catalogued>(game: &G, action: &G::Action) -> String {
    match G::card_of(action) {
        Some((card, word)) => format!(
            "{} {}",
            word.unwrap_or("Play").to_lowercase(),
            card_text(card)
        ),
        None => G::choice(&game.public(), action),
    }
}
