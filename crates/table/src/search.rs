//! Determinized Monte Carlo, the skeleton every strong player shares.

use crate::{Game, Rng, Seated};

/// The total score of each of `candidates` over `samples` sampled worlds.
///
/// Each world comes from `sample` (a determinization, possibly filtered by what the
/// opponents' choices say about their hands); every candidate is then scored in that same
/// world by `score`, so that the candidates are compared on equal deals. The game decides
/// what a score means and which total is best.
pub fn sampled_totals<G: Game, W>(
    seated: &Seated<'_, G>,
    candidates: &[G::Action],
    samples: usize,
    rng: &mut Rng,
    mut sample: impl FnMut(&Seated<'_, G>, &mut Rng) -> W,
    mut score: impl FnMut(&W, G::Action, &mut Rng) -> f64,
) -> Vec<f64> {
    let mut totals = vec![0.0; candidates.len()];
    for _ in 0..samples {
        let world = sample(seated, rng);
        for (total, &action) in totals.iter_mut().zip(candidates) {
            *total += score(&world, action, rng);
        }
    }
    totals
}

/// How many worlds a sampling player deals per decision: its strength knob, at least one,
/// and `DEFAULT` (the game's own choice) where nobody asks for another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Samples<const DEFAULT: usize>(usize);

impl<const DEFAULT: usize> Samples<DEFAULT> {
    /// `samples` worlds a decision, at least one (a player that samples nothing cannot
    /// choose).
    pub fn new(samples: usize) -> Self {
        Samples(samples.max(1))
    }

    /// How many worlds.
    pub fn get(self) -> usize {
        self.0
    }
}

impl<const DEFAULT: usize> Default for Samples<DEFAULT> {
    fn default() -> Self {
        Samples::new(DEFAULT)
    }
}

/// A sampling player's advice on `seated`'s decision: the one legal action when there is
/// only one, else every legal action's [`sampled_totals`] over `samples` worlds, the best
/// chosen as `measure` counts best.
pub fn sampled_advice<G: Game, W, const DEFAULT: usize>(
    seated: &Seated<'_, G>,
    samples: Samples<DEFAULT>,
    rng: &mut Rng,
    measure: Measure,
    sample: impl FnMut(&Seated<'_, G>, &mut Rng) -> W,
    score: impl FnMut(&W, G::Action, &mut Rng) -> f64,
) -> Advice<G::Action> {
    let legal = seated.legal_actions();
    if legal.len() == 1 {
        return Advice::forced(legal[0], measure.unit);
    }
    let totals = sampled_totals(seated, &legal, samples.get(), rng, sample, score);
    Advice::from_totals(
        legal,
        &totals,
        samples.get(),
        measure.higher_is_better,
        measure.unit,
    )
}

/// What a player's values measure: their unit in words, and which way is better.
#[derive(Clone, Copy, Debug)]
pub struct Measure {
    /// What a value is (`points you take this round`).
    pub unit: &'static str,
    /// Whether a higher value is better (points won) or worse (points taken).
    pub higher_is_better: bool,
}

impl Measure {
    /// Values where more is better (points won).
    pub const fn higher_is_better(unit: &'static str) -> Measure {
        Measure {
            unit,
            higher_is_better: true,
        }
    }

    /// Values where less is better (points taken).
    pub const fn lower_is_better(unit: &'static str) -> Measure {
        Measure {
            unit,
            higher_is_better: false,
        }
    }
}

/// The index of the highest of `values`, the last of equals (as `Iterator::max_by`).
///
/// # Panics
/// If `values` is empty: a decision has at least one legal action.
///
/// ```
/// assert_eq!(table::search::highest(&[1.0, 3.0, 3.0, 2.0]), 2);
/// ```
pub fn highest(values: &[f64]) -> usize {
    index_of(values.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1)))
}

/// The index of the lowest of `values`, the first of equals (as `Iterator::min_by`).
///
/// # Panics
/// If `values` is empty: a decision has at least one legal action.
///
/// ```
/// assert_eq!(table::search::lowest(&[2.0, 1.0, 1.0, 3.0]), 1);
/// ```
pub fn lowest(values: &[f64]) -> usize {
    index_of(values.iter().enumerate().min_by(|a, b| a.1.total_cmp(b.1)))
}

/// The index of the value `highest` or `lowest` found.
fn index_of(found: Option<(usize, &f64)>) -> usize {
    found.map(|(i, _)| i).expect("at least one value")
}

/// A strong player's reading of one decision: the estimated value of every legal action
/// and the one it takes. The coach shows it; the player acts on it, so the two agree.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice<A> {
    /// The legal actions.
    pub actions: Vec<A>,
    /// Each action's estimated value, in `unit`.
    pub values: Vec<f64>,
    /// The index of the action the player takes.
    pub choice: usize,
    /// Whether a higher value is better (points won) or worse (points taken).
    pub higher_is_better: bool,
    /// What a value measures, a noun phrase a person reads ("the points you can expect
    /// to take this round").
    pub unit: &'static str,
    /// What the player asks of each action beyond its value before taking it, in `unit`
    /// and the order of `actions` (empty: nothing). The strong Euchre player asks a bid
    /// to beat passing by a margin; the choice is the best of [`Advice::compared`].
    pub margins: Vec<f64>,
    /// The margins in sentences a person reads (empty without margins).
    pub note: String,
}

impl<A: Copy> Advice<A> {
    /// The advice when only one action is legal: nothing to weigh.
    pub fn forced(action: A, unit: &'static str) -> Advice<A> {
        Advice {
            actions: vec![action],
            values: vec![f64::NAN],
            choice: 0,
            higher_is_better: true,
            unit,
            margins: Vec::new(),
            note: String::new(),
        }
    }

    /// The advice from [`sampled_totals`] over `samples` worlds: the average of each
    /// action, and the best (highest, or lowest when lower is better) chosen.
    pub fn from_totals(
        actions: Vec<A>,
        totals: &[f64],
        samples: usize,
        higher_is_better: bool,
        unit: &'static str,
    ) -> Advice<A> {
        Advice {
            choice: if higher_is_better {
                highest(totals)
            } else {
                lowest(totals)
            },
            values: totals.iter().map(|t| t / samples as f64).collect(),
            actions,
            higher_is_better,
            unit,
            margins: Vec::new(),
            note: String::new(),
        }
    }

    /// The action the player takes.
    pub fn chosen(&self) -> A {
        self.actions[self.choice]
    }

    /// Each action's value less its margin, the values the player compares: the choice
    /// is the best of them.
    ///
    /// ```
    /// use table::search::Advice;
    /// let actions = vec!["Pass", "Order up"];
    /// let mut advice = Advice::from_totals(actions, &[2.6, 2.8], 2, true, "points");
    /// advice.margins = vec![0.0, 0.3];
    /// assert_eq!(advice.compared(), [1.3, 1.4 - 0.3]);
    /// ```
    pub fn compared(&self) -> Vec<f64> {
        let margin = |i: usize| self.margins.get(i).copied().unwrap_or(0.0);
        (self.values.iter().enumerate())
            .map(|(i, v)| v - margin(i))
            .collect()
    }
}

/// A player that can say what it thinks of every legal action, from its seat's
/// information only (the coach).
pub trait Advisor<G: Game>: Send {
    /// The values of the legal actions and the choice, as the player would act.
    fn advise(&mut self, seated: Seated<'_, G>, rng: &mut Rng) -> Advice<G::Action>;
}

/// A strong player that errs like a person: it weighs every legal action as the coach does
/// and picks one with a chance that falls off with what it gives up against the best
/// (`exp(-given_up / temperature)`). Near-equal choices are confused often, a large loss
/// rarely; it never plays at random. Temperature 0 is the strong player itself.
pub struct Tempered<S> {
    strong: S,
    temperature: f64,
}

impl<S> Tempered<S> {
    /// `strong`, choosing at `temperature` (in its advice's unit; 0 or less: no errors).
    pub fn new(strong: S, temperature: f64) -> Tempered<S> {
        Tempered {
            strong,
            temperature,
        }
    }
}

impl<G: Game, S: Advisor<G>> crate::Agent<G> for Tempered<S> {
    fn act(&mut self, seated: Seated<'_, G>, rng: &mut Rng) -> G::Action {
        let advice = self.strong.advise(seated, rng);
        tempered_choice(&advice, self.temperature, rng)
    }
}

/// An action of `advice` drawn with weight `exp(-given_up / temperature)`, where
/// `given_up` is how far its value falls short of the best (the choice itself when the
/// temperature is 0 or a value is not a number).
pub fn tempered_choice<A: Copy>(advice: &Advice<A>, temperature: f64, rng: &mut Rng) -> A {
    use rand::Rng as _;
    let best = advice.values[advice.choice];
    if temperature <= 0.0 || advice.values.iter().any(|v| !v.is_finite()) {
        return advice.chosen();
    }
    let sign = if advice.higher_is_better { 1.0 } else { -1.0 };
    let weights: Vec<f64> = (advice.values.iter())
        .map(|v| (-(sign * (best - v)).max(0.0) / temperature).exp())
        .collect();
    let mut left = rng.random::<f64>() * weights.iter().sum::<f64>();
    for (i, w) in weights.iter().enumerate() {
        if left < *w {
            return advice.actions[i];
        }
        left -= w;
    }
    advice.chosen()
}

#[cfg(test)]
mod tests {

    /// A game's default when nobody asks, and never fewer than one world (a player that
    /// samples nothing cannot choose).
    #[test]
    fn samples_default_to_the_games_choice_and_are_at_least_one() {
        assert_eq!(Samples::<128>::default().get(), 128);
        assert_eq!(Samples::<32>::new(0).get(), 1);
        assert_eq!(Samples::<32>::new(4).get(), 4);
    }
    use super::*;
    use rand::SeedableRng;

    fn advice(values: Vec<f64>, higher_is_better: bool) -> Advice<usize> {
        let choice = if higher_is_better {
            highest(&values)
        } else {
            lowest(&values)
        };
        Advice {
            actions: (0..values.len()).collect(),
            values,
            choice,
            higher_is_better,
            unit: "points",
            margins: Vec::new(),
            note: String::new(),
        }
    }

    /// Draws `n` tempered choices and counts each action.
    fn counts(advice: &Advice<usize>, temperature: f64, n: usize) -> Vec<usize> {
        let mut rng = Rng::seed_from_u64(7);
        let mut counts = vec![0; advice.actions.len()];
        for _ in 0..n {
            counts[tempered_choice(advice, temperature, &mut rng)] += 1;
        }
        counts
    }

    #[test]
    fn a_tempered_choice_falls_off_with_what_it_gives_up() {
        // By hand: at temperature 0.1, giving up 0.1 weighs e⁻¹ = 0.368 against the best's
        // 1, so the best is taken 1 / 1.368 = 73.1% of the time; giving up 10 weighs e⁻¹⁰⁰.
        let n = 20_000;
        let seen = counts(&advice(vec![0.0, -0.1, -10.0], true), 0.1, n);
        let best = seen[0] as f64 / n as f64;
        assert!((best - 0.731).abs() < 0.015, "{seen:?}");
        assert_eq!(seen[2], 0, "a large loss is (all but) never taken");
        // Lower is better (points taken): the same, mirrored.
        let seen = counts(&advice(vec![10.0, 0.0, 0.1], false), 0.1, n);
        let best = seen[1] as f64 / n as f64;
        assert!((best - 0.731).abs() < 0.015, "{seen:?}");
        assert_eq!(seen[0], 0);
    }

    #[test]
    fn at_temperature_zero_or_with_nothing_to_weigh_it_is_the_choice() {
        assert_eq!(
            counts(&advice(vec![0.0, -0.1, 0.2], true), 0.0, 100),
            [0, 0, 100]
        );
        let forced = Advice::forced(3usize, "points");
        let mut rng = Rng::seed_from_u64(1);
        assert_eq!(tempered_choice(&forced, 5.0, &mut rng), 3);
    }
}
