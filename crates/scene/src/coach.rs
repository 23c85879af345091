//! The coach's reading of one decision as every face shows it: each legal choice in
//! words, its estimated value, what it gives up against the strong player's pick. Worked
//! out once here from the player's [`Advice`], so no face ranks choices or words them.

use schemars::JsonSchema;
use serde::Serialize;
use table::search::Advice;

use crate::{card_text, AnyAction, Staged};

/// The coach on one seat's decision.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Coaching {
    /// The seat deciding.
    pub seat: usize,
    /// Each legal action, in the order of the seat's `own.actions`.
    pub choices: Vec<Coached>,
    /// The index in `choices` of the strong player's pick.
    pub pick: usize,
    /// What a value measures (`points margin per hand`).
    pub unit: String,
    /// Whether a higher value is better (points won) or worse (points taken).
    pub higher_is_better: bool,
    /// The pick in a sentence: `The coach's pick: play J♥.`
    pub advice: String,
}

/// One legal choice as the coach sees it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Coached {
    /// The action, as the protocol spells it.
    pub action: AnyAction,
    /// `play 9♠`, `discard 9♠`, `Order up, alone`.
    pub words: String,
    /// Its estimated value in the coaching's `unit`; `null` when it is the only choice
    /// (there is nothing to weigh).
    pub value: Option<f64>,
    /// What taking it gives up against the pick, in the same unit: 0 for the pick, never
    /// below; `null` for an only choice.
    pub cost: Option<f64>,
}

impl Coaching {
    /// What taking `action` gives up against the pick (0 when it is not among the
    /// choices' or there is nothing to weigh).
    pub fn cost_of(&self, action: &AnyAction) -> f64 {
        self.choice(action).and_then(|c| c.cost).unwrap_or(0.0)
    }

    /// The choice that takes `action`, if it is legal here.
    pub fn choice(&self, action: &AnyAction) -> Option<&Coached> {
        self.choices.iter().find(|c| &c.action == action)
    }

    /// The strong player's pick.
    pub fn picked(&self) -> &Coached {
        &self.choices[self.pick]
    }
}

/// The coaching of `seat`'s decision in `game` from the strong player's `advice` (made
/// from that seat's information alone), its choices in the order of `game`'s legal
/// actions: the order of the seat's `own.actions`.
pub fn coaching<G: Staged>(game: &G, seat: usize, advice: &Advice<G::Action>) -> Coaching {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let sign = if advice.higher_is_better { 1.0 } else { -1.0 };
    let best = advice.values[advice.choice];
    let value_of = |action: &G::Action| {
        let at = advice.actions.iter().position(|a| a == action)?;
        Some(advice.values[at]).filter(|v| v.is_finite())
    };
    let choices: Vec<Coached> = (legal.iter())
        .map(|action| {
            let value = value_of(action);
            Coached {
                action: G::any(*action),
                words: words(game, action),
                value,
                cost: value.map(|v| (sign * (best - v)).max(0.0)),
            }
        })
        .collect();
    let chosen = advice.chosen();
    let pick = legal.iter().position(|a| *a == chosen).unwrap_or(0);
    Coaching {
        seat,
        advice: format!("The coach's pick: {}.", choices[pick].words),
        choices,
        pick,
        unit: advice.unit.to_string(),
        higher_is_better: advice.higher_is_better,
    }
}

/// An action in the coach's words: `play 9♠`, `discard 9♠`, `Order up, alone`.
fn words<G: Staged>(game: &G, action: &G::Action) -> String {
    match G::card_of(action) {
        Some((card, word)) => format!(
            "{} {}",
            word.unwrap_or("Play").to_lowercase(),
            card_text(card)
        ),
        None => G::choice(&game.public(), action),
    }
}
