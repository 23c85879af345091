//! A strong Euchre player: perfect-information Monte Carlo. For each choice it deals the
//! cards it cannot see at random, consistently with everything it has seen, plays each
//! deal out (the rest of the bidding by a model of the table, then every hand open), and
//! picks the choice with the best average worth: the hand's points weighed by the score.
//!
//! Who the opponents are decides how it reads them. While their every choice could be
//! the handout player's, it replays that player exactly: their bids, discard and cards
//! say much about their hands, and their next two tricks are played as that player
//! would. Once a choice could not be (no sampled deal explains it), it reads their bids
//! softly ([`reading`]) and plays every hand open.

use table::search::{highest, sampled_totals, Advice, Advisor, Samples};
use table::{Agent, Rng, Seated};

use crate::players::stakes::{At, Stakes};
use crate::players::{cs246, reading, simple};
use crate::solver::{OpenDeal, Solver};
use crate::{Action, Game, HandResult, Phase, Seat, Team};

/// Who the strong player takes its opponents to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Opponents {
    /// The variant's handout player, until a choice of theirs shows otherwise: its exact
    /// choices are replayed to read their hands and to play the next tricks.
    Handout,
    /// Anyone: their bids are read softly ([`reading`]) and every seat plays open-handed.
    Unknown,
}

/// Perfect-information Monte Carlo with an opponent model and the open-hand solver.
pub struct Strong {
    /// Deals sampled per decision: the strength knob.
    samples: Samples<{ Strong::DEFAULT_SAMPLES }>,
    /// Deals sampled per decision from the second trick on against opponents who are not
    /// the handout player, where not `samples` (see [`Strong::with_play_samples`]).
    play_samples: Option<Samples<{ Strong::DEFAULT_SAMPLES }>>,
    /// How much more than passing a bid must promise before the player makes trump.
    bid_threshold: f64,
    /// Sampled worlds tried per sample for one that explains the opponents' choices.
    inference_tries: usize,
    /// Tricks played out with the opponents as the handout player before the solver
    /// takes over (see [`Strong::trick_margin`]).
    modelled_tricks: u8,
    /// Who the opponents are taken to be; see [`Strong::notice_opponents`].
    opponents: Opponents,
    /// Hands in which no sampled deal explained the opponents as the handout player.
    unexplained_hands: u8,
    /// Whether the player may decide the opponents are not the handout player.
    adaptive: bool,
    /// Sampled worlds tried per sample when weighting deals by the soft bidding model.
    soft_tries: usize,
    /// What points are worth at each score, for the game being played (see
    /// [`stakes`]); `None` values hands by their points alone.
    stakes: Option<Stakes>,
    /// Whether to weigh points by the score at all.
    score_aware: bool,
    solver: Solver,
}

impl Default for Strong {
    fn default() -> Strong {
        Strong::new(Strong::DEFAULT_SAMPLES)
    }
}

impl Strong {
    /// Deals sampled per decision unless asked otherwise.
    pub const DEFAULT_SAMPLES: usize = 96;

    /// A strong player sampling `samples` deals per decision (at least 1).
    pub fn new(samples: usize) -> Strong {
        Strong {
            samples: Samples::new(samples),
            play_samples: None,
            bid_threshold: 0.3,
            modelled_tricks: 2,
            inference_tries: 200,
            opponents: Opponents::Handout,
            unexplained_hands: 0,
            adaptive: true,
            soft_tries: 40,
            stakes: None,
            score_aware: true,
            solver: Solver::new(),
        }
    }

    /// Plain perfect-information Monte Carlo, the usual baseline: every sampled deal as
    /// dealt (no inference from what the others did) and solved open-handed from the
    /// decision on (no model of the opponents).
    pub fn pimc(samples: usize) -> Strong {
        Strong {
            modelled_tricks: 0,
            inference_tries: 0,
            opponents: Opponents::Unknown,
            adaptive: false,
            soft_tries: 0,
            ..Strong::new(samples)
        }
    }

    /// The same player taking its opponents for the handout player whatever they do
    /// (`true`, the player before it learned to tell), or for anyone from the start.
    pub fn with_handout_opponents(self, always: bool) -> Strong {
        Strong {
            adaptive: !always,
            opponents: if always {
                Opponents::Handout
            } else {
                Opponents::Unknown
            },
            ..self
        }
    }

    /// The same player weighting sampled deals by the soft bidding model with up to
    /// `tries` worlds a sample (0: deals as dealt), once the opponents are unknown.
    pub fn with_soft_tries(self, tries: usize) -> Strong {
        Strong {
            soft_tries: tries,
            ..self
        }
    }

    /// The same player sampling `samples` deals per decision (at least 1) from the
    /// second trick on, once it no longer takes its opponents for the handout player; as
    /// many as before otherwise. Against strong players more deals play the cards
    /// better (docs/BOTS.md); against the handout player they gain nothing measurable,
    /// and each costs up to 200 tries to explain its choices. A seat's first decision of
    /// a hand (a bid, the discard, the first trick), the costliest, keeps the count issue
    /// 59 holds under 20 ms at the 99th percentile.
    pub fn with_play_samples(self, samples: usize) -> Strong {
        Strong {
            play_samples: Some(Samples::new(samples)),
            ..self
        }
    }

    /// Deals sampled for a decision at `view`.
    fn samples_at(&self, view: &crate::View<'_>) -> usize {
        let tricks_done: u8 = Seat::ALL.iter().map(|&s| view.tricks_won(s)).sum();
        match self.play_samples {
            Some(play)
                if view.phase() == Phase::Tricks
                    && tricks_done > 0
                    && self.opponents == Opponents::Unknown =>
            {
                play.get()
            }
            _ => self.samples.get(),
        }
    }

    /// The same player valuing hands by their points whatever the score (`false`), or
    /// by what they do to its chance of winning the game (`true`, the default).
    pub fn with_score_awareness(self, aware: bool) -> Strong {
        Strong {
            score_aware: aware,
            ..self
        }
    }

    /// Whether the player still takes its opponents for the handout player.
    pub fn models_opponents(&self) -> bool {
        self.opponents == Opponents::Handout
    }

    /// At the last trick of each hand, when few cards are unknown and a sampled deal can
    /// hit the real one, the player checks whether any deal explains every choice the
    /// opponents made in the hand as the handout player's. After [`UNEXPLAINED_HANDS`]
    /// hands that none explains, the opponents are someone else: from then on the player
    /// reads their bids softly and plays open-handed. (Earlier in a hand, sampling finds
    /// the rare deals that explain a handout player's choices too seldom to tell.)
    fn notice_opponents(&mut self, seated: &Seated<'_, Game>, rng: &mut Rng) {
        if !self.adaptive || self.opponents == Opponents::Unknown {
            return;
        }
        let view = seated.view();
        let tricks_done: u8 = Seat::ALL.iter().map(|&s| view.tricks_won(s)).sum();
        if view.phase() != Phase::Tricks || tricks_done != 4 {
            return;
        }
        let me = Seat::new(seated.seat());
        let tries = self.inference_tries.max(1) * 4;
        let explained = (0..tries).any(|_| explains_opponents(&seated.determinize(rng), me));
        if !explained {
            self.unexplained_hands += 1;
            if self.unexplained_hands >= UNEXPLAINED_HANDS {
                self.opponents = Opponents::Unknown;
            }
        }
    }

    /// The same player asking a bid to beat passing by `points` (see `Strong::choose`).
    pub fn with_bid_threshold(self, points: f64) -> Strong {
        Strong {
            bid_threshold: points,
            ..self
        }
    }

    /// The same player modelling the opponents as the handout player for the next
    /// `tricks` tricks (0: open-handed play from the decision on).
    pub fn with_modelled_tricks(self, tricks: u8) -> Strong {
        Strong {
            modelled_tricks: tricks,
            ..self
        }
    }

    /// The same player trying `tries` sampled worlds for one that explains the opponents'
    /// bids, discards and plays (0: no inference, every sample taken as dealt).
    pub fn with_inference_tries(self, tries: usize) -> Strong {
        Strong {
            inference_tries: tries,
            ..self
        }
    }

    /// The margin for `seat`'s team of a world from here to the end of the hand. The rest
    /// of the bidding and any discard follow the variant's handout player (a model of the
    /// table, itself included, that costs nothing to run); then [`Strong::trick_margin`].
    fn margin(
        solver: &mut Solver,
        stakes: Option<At<'_>>,
        mut world: Game,
        seat: Seat,
        modelled_tricks: u8,
        modelled: bool,
    ) -> f64 {
        while let Some(hand) = world.hand().filter(|h| {
            matches!(
                h.phase(),
                Phase::Declaring | Phase::Making(_) | Phase::Defending | Phase::Discard
            )
        }) {
            let rules = *hand.rules();
            let view = world.view(hand.turn()).expect("a hand is dealt");
            let action = if modelled && hand.turn().team() != seat.team() {
                model(&view, &rules)
            } else {
                reading::likeliest(&view, |v| model(v, &rules))
            };
            world
                .apply(action)
                .expect("the handout players act legally");
        }
        Strong::trick_margin(solver, stakes, world, seat, modelled_tricks)
    }

    /// The margin once the bidding is over: the next `tricks` tricks (the one in progress
    /// counting) played with the opponents as the handout player — the same model the
    /// player's inference trusts — and this team choosing its best cards; the rest
    /// solved open-handed, every seat playing its best. Where the opponents are the
    /// handout players this finds what their fixed play gives away, which a minimax
    /// over their every card hides.
    fn trick_margin(
        solver: &mut Solver,
        stakes: Option<At<'_>>,
        world: Game,
        seat: Seat,
        tricks: u8,
    ) -> f64 {
        Strong::margin_above(solver, stakes, world, seat, tricks, f64::NEG_INFINITY)
    }

    /// [`Strong::trick_margin`] where only a value above `floor` matters: the exact value
    /// when it is above `floor`, else some value no higher. The opponents' cards are the
    /// model's, so the modelled tricks are a maximum over this team's cards alone; a
    /// play-out that cannot beat the best found so far needs no exact solve (most of the
    /// first decision's time: every card of both partners, two tricks deep, in every
    /// sampled world), and once a card reaches the best the hand allows, the rest are
    /// not tried. The maximum, hence every choice, is the same as without the bound.
    fn margin_above(
        solver: &mut Solver,
        stakes: Option<At<'_>>,
        world: Game,
        seat: Seat,
        tricks: u8,
        floor: f64,
    ) -> f64 {
        let hand = world.hand().expect("a hand is dealt");
        if hand.phase() != Phase::Tricks || tricks == 0 {
            return Outcomes::new(stakes, hand, seat).solved_above(solver, hand, floor);
        }
        let turn = hand.turn();
        let after = |next: &Game| {
            let done = next.hand().is_none_or(|h| h.trick().is_empty());
            tricks - u8::from(done)
        };
        if turn.team() != seat.team() {
            let action = model(&world.view(turn).expect("a hand is dealt"), hand.rules());
            let mut next = world;
            next.apply(action).expect("the handout players act legally");
            return Strong::margin_above(solver, stakes, next, seat, after(&next), floor);
        }
        let top = Outcomes::new(stakes, hand, seat).best();
        let mut best = f64::MIN;
        for card in hand.legal_plays().iter() {
            let mut next = world;
            next.apply(Action::Play(card)).expect("a legal play");
            let value =
                Strong::margin_above(solver, stakes, next, seat, after(&next), best.max(floor));
            best = best.max(value);
            if best >= top {
                break;
            }
        }
        best
    }

    /// A sampled world in which the opponents, played as the handout player, would have
    /// bid, discarded and played as they did: their choices say much about their hands.
    /// Gives up after `tries` worlds.
    fn sample(seated: &Seated<'_, Game>, tries: usize, rng: &mut Rng) -> Game {
        let me = Seat::new(seated.seat());
        let mut world = seated.determinize(rng);
        for _ in 0..tries {
            if explains_history(&world, me) {
                return world;
            }
            world = seated.determinize(rng);
        }
        world
    }

    /// A sampled world drawn in proportion to the chance, under the soft bidding model,
    /// that the others bid as they did with the cards it gives them (rejection sampling:
    /// a world is kept with that chance). Gives up after `tries` worlds.
    fn soft_sample(seated: &Seated<'_, Game>, tries: usize, rng: &mut Rng) -> Game {
        use rand::Rng as _;
        let me = Seat::new(seated.seat());
        let mut world = seated.determinize(rng);
        for _ in 0..tries {
            let chance = world
                .hand()
                .map_or(1.0, |h| reading::bids_likelihood(h, me));
            if rng.random::<f64>() < chance {
                return world;
            }
            world = seated.determinize(rng);
        }
        world
    }

    /// The choice this player would make if each world it samples were changed by
    /// `adjust` — for instance into the real deal, or into one with the partner's real
    /// hand. Not a way to play (it reads hidden cards); it measures how much of the
    /// player's losing is the cards' and how much its not knowing them
    /// (`crates/arena/examples/ceiling.rs`).
    #[doc(hidden)]
    pub fn act_adjusting(
        &mut self,
        seated: Seated<'_, Game>,
        rng: &mut Rng,
        adjust: &mut dyn FnMut(Game) -> Game,
    ) -> Action {
        self.choose_adjusting(seated, rng, adjust).chosen()
    }

    /// How much more than passing `action` must promise to be chosen.
    fn bias(&self, action: &Action) -> f64 {
        match action {
            Action::OrderUp { .. } | Action::Call { .. } => self.bid_threshold,
            _ => 0.0,
        }
    }

    /// The average margin of each candidate action over sampled worlds, each changed by
    /// `adjust` (the player's own play leaves them as they are).
    fn evaluate(
        &mut self,
        seated: &Seated<'_, Game>,
        candidates: &[Action],
        rng: &mut Rng,
        adjust: &mut dyn FnMut(Game) -> Game,
    ) -> Vec<f64> {
        let seat = Seat::new(seated.seat());
        let modelled = self.opponents == Opponents::Handout;
        let modelled_tricks = if modelled { self.modelled_tricks } else { 0 };
        let target = seated.view().rules().points_to_win;
        if self.score_aware && self.stakes.as_ref().is_none_or(|s| s.target() != target) {
            self.stakes = Stakes::new(target);
        }
        // The score as the decision finds it (a sampled world's hand, once over, has
        // added its points already).
        let scores = seated.view().scores();
        let ours = seat.team().index();
        let stakes = self
            .stakes
            .as_ref()
            .filter(|_| self.score_aware)
            .map(|s| s.at(scores[ours], scores[1 - ours]));
        let (tries, soft_tries) = (self.inference_tries, self.soft_tries);
        let samples = self.samples_at(&seated.view());
        let solver = &mut self.solver;
        let totals = sampled_totals(
            seated,
            candidates,
            samples,
            rng,
            |seated, rng| {
                adjust(if modelled {
                    Strong::sample(seated, tries, rng)
                } else {
                    Strong::soft_sample(seated, soft_tries, rng)
                })
            },
            |world, action, _| {
                let mut next = *world;
                next.apply(action).expect("candidates are legal");
                Strong::margin(solver, stakes, next, seat, modelled_tricks, modelled)
            },
        );
        totals.iter().map(|t| t / samples as f64).collect()
    }

    /// The legal action with the best average margin. Passing is valued like any bid:
    /// by playing out the rest of the bidding in each sampled world. A bid must beat
    /// passing by `bid_threshold`, since open-handed play flatters the bidder.
    fn choose(&mut self, seated: Seated<'_, Game>, rng: &mut Rng) -> Advice<Action> {
        self.choose_adjusting(seated, rng, &mut |world| world)
    }

    /// [`Strong::choose`] with each sampled world changed by `adjust`.
    fn choose_adjusting(
        &mut self,
        seated: Seated<'_, Game>,
        rng: &mut Rng,
        adjust: &mut dyn FnMut(Game) -> Game,
    ) -> Advice<Action> {
        self.notice_opponents(&seated, rng);
        let legal = seated.legal_actions();
        if legal.len() == 1 {
            return Advice::forced(legal[0], UNIT);
        }
        let values = self.evaluate(&seated, &legal, rng, adjust);
        let margins: Vec<f64> = legal.iter().map(|a| self.bias(a)).collect();
        let note = if margins.iter().any(|&m| m > 0.0) {
            bid_note(self.bid_threshold)
        } else {
            String::new()
        };
        let mut advice = Advice {
            choice: 0,
            actions: legal,
            values,
            higher_is_better: true,
            unit: UNIT,
            margins,
            note,
        };
        advice.choice = highest(&advice.compared());
        advice
    }
}

/// The bid margin in words, for a person reading the coach.
fn bid_note(margin: f64) -> String {
    format!(
        "A bid must promise {margin:.2} points more than passing before the coach makes it: \
         its sampled deals are played with every hand open, which makes a bid look better \
         than it is. So each bid's value here is its estimate less {margin:.2}."
    )
}

/// What the rest of a hand in its tricks can be worth to one team, by how the makers
/// end: euchred (fewer than three tricks, if they have not three already), made (three or
/// four), or marching (five). Scoring asks only which, so the open-hand solver answers at
/// most two null-window questions, cheaper than counting tricks: do the makers reach
/// three tricks, and five.
struct Outcomes {
    /// The makers, if anyone made trump.
    makers: Option<Team>,
    /// Tricks the makers have taken.
    taken: u8,
    /// The worth of each ending; `euchred` is `None` once the makers have three tricks.
    euchred: Option<f64>,
    made: f64,
    march: f64,
}

impl Outcomes {
    /// The endings of `hand` for `seat`'s team, each weighed by `stakes` (or its points).
    fn new(stakes: Option<At<'_>>, hand: &crate::Hand, seat: Seat) -> Outcomes {
        let worth = |margin: i32| stakes.map_or(f64::from(margin), |s| s.worth(margin));
        let Some(makers) = hand.maker().map(Seat::team) else {
            let nothing = worth(0);
            return Outcomes {
                makers: None,
                taken: 0,
                euchred: None,
                made: nothing,
                march: nothing,
            };
        };
        let taken: u8 = makers.seats().iter().map(|&s| hand.tricks_won(s)).sum();
        let ending = |maker_tricks: u8| {
            let result = HandResult::score(
                &hand.rules().scoring,
                makers,
                hand.is_alone(),
                hand.lone_defender().is_some(),
                maker_tricks,
            );
            worth(result.margin(seat.team()))
        };
        Outcomes {
            makers: Some(makers),
            taken,
            euchred: (taken < 3).then(|| ending(taken)),
            made: ending(3),
            march: ending(5),
        }
    }

    /// The most the hand can still be worth.
    fn best(&self) -> f64 {
        self.euchred
            .map_or(self.made, |e| e.max(self.made))
            .max(self.march)
    }

    /// The least the hand can still be worth.
    fn worst(&self) -> f64 {
        self.euchred
            .map_or(self.made, |e| e.min(self.made))
            .min(self.march)
    }

    /// The worth of `hand`'s rest solved open-handed, exact when above `floor`, else some
    /// value no higher: only the questions whose answer could lift it above `floor` are
    /// asked of the solver.
    fn solved_above(&self, solver: &mut Solver, hand: &crate::Hand, floor: f64) -> f64 {
        let Some(makers) = self.makers else {
            return self.made;
        };
        if self.best() <= floor {
            return self.worst();
        }
        let deal = OpenDeal::from_hand(hand);
        let taken = self.taken;
        let mut reach = |tricks: u8| {
            taken >= tricks
                || deal.is_some_and(|deal| solver.at_least(&deal, makers, tricks - taken))
        };
        let euchre_matters = self.euchred.is_some_and(|e| e > floor);
        if !euchre_matters && self.made <= floor {
            // Only a march can beat the floor.
            return if reach(5) { self.march } else { self.worst() };
        }
        if self.made <= floor && self.march <= floor {
            // Only a euchre can beat the floor.
            return match (reach(3), self.euchred) {
                (false, Some(euchred)) => euchred,
                _ => self.worst(),
            };
        }
        match (reach(3), self.euchred) {
            (false, Some(euchred)) => euchred,
            _ if reach(5) => self.march,
            _ => self.made,
        }
    }
}

/// Hands the opponents' choices must go unexplained in before the player stops taking
/// them for the handout player: one could be a sampling miss.
const UNEXPLAINED_HANDS: u8 = 2;

/// What the strong Euchre player's values measure: the hand's points for the team less
/// the other's, weighed by what they do to the chance of winning the game.
const UNIT: &str = "the points your team can expect from this hand less the other team's, \
                    each counted by how much it changes your chance of winning the game";

impl Advisor<Game> for Strong {
    fn advise(&mut self, seated: Seated<'_, Game>, rng: &mut Rng) -> Advice<Action> {
        self.choose(seated, rng)
    }
}

impl Agent<Game> for Strong {
    fn act(&mut self, seated: Seated<'_, Game>, rng: &mut Rng) -> Action {
        self.choose(seated, rng).chosen()
    }
}

/// The handout player of these rules: the model of the other seats.
fn model(view: &crate::View<'_>, rules: &crate::Rules) -> Action {
    match rules.all_pass {
        crate::AllPass::ScrewTheDealer => simple::decide(view),
        crate::AllPass::Nullify => cs246::decide(view),
    }
}

/// Whether, in the sampled `world`, every opponent's bids and plays so far are what the
/// handout player would have chosen with the cards that opponent was dealt there, and the
/// partner passed only where the handout player would have (the partner's other choices
/// are not checked: it may be anyone).
fn explains_history(world: &Game, me: Seat) -> bool {
    explains(world, me, true)
}

/// Whether, in the sampled `world`, every opponent's bids and plays so far are what the
/// handout player would have chosen with the cards that opponent was dealt there.
fn explains_opponents(world: &Game, me: Seat) -> bool {
    explains(world, me, false)
}

/// [`explains_history`], reading the partner's passes or not.
fn explains(world: &Game, me: Seat, partner_passes: bool) -> bool {
    let Some(hand) = world.hand() else {
        return true;
    };
    let rules = *hand.rules();
    let dealer = hand.dealer();
    let dealt = Seat::ALL.map(|s| hand.dealt_cards(s));
    if dealt.iter().any(|d| d.len() != 5) {
        return true;
    }
    // Rebuild the deck: each seat's five cards where the deal puts them, then the upcard.
    let batches: &[usize] = match rules.deal {
        crate::DealStyle::ThreeTwo => &[3, 2, 3, 2, 2, 3, 2, 3],
        crate::DealStyle::FiveEach => &[5, 5, 5, 5],
    };
    let mut deck = Vec::with_capacity(24);
    let mut left = dealt.map(|d| d.iter());
    let mut seat = dealer;
    for &count in batches {
        seat = seat.left();
        deck.extend(left[seat.index()].by_ref().take(count));
    }
    deck.push(hand.upcard());
    let mut replay = crate::Hand::deal(rules, dealer, &deck);
    let opponent = |s: Seat| s.team() != me.team();
    // The bidding, as far as it went.
    for (seat, bid) in reading::bids(hand) {
        let observed = bid.action(hand.is_alone());
        // A partner who passed is taken to hold no hand the handout player would bid on
        // (its bids are not modelled: it may bid on less).
        if partner_passes
            && seat == me.partner()
            && observed == Action::Pass
            && model(&replay.view(seat), &rules) != Action::Pass
        {
            return false;
        }
        if opponent(seat) {
            let predicted = model(&replay.view(seat), &rules);
            let forced_alone = rules.partner_order_up_is_alone && seat.partner() == dealer;
            let agrees = match (predicted, observed) {
                (Action::OrderUp { .. }, Action::OrderUp { .. }) if forced_alone => true,
                (p, o) => p == o,
            };
            if !agrees {
                return false;
            }
        }
        if replay.apply(observed).is_err() {
            return true;
        }
    }
    // The defenders' choice (house rule), as it was taken: the handout players have no
    // such choice to predict.
    while replay.phase() == Phase::Defending {
        if hand.phase() == Phase::Defending && replay.turn() == hand.turn() {
            return true;
        }
        let observed = if hand.lone_defender() == Some(replay.turn()) {
            Action::DefendAlone
        } else {
            Action::Pass
        };
        if replay.apply(observed).is_err() {
            return true;
        }
    }
    // The dealer's discard, then every card played so far.
    if replay.phase() == Phase::Discard {
        let Some(discard) = hand.discard() else {
            return true;
        };
        if opponent(dealer) && model(&replay.view(dealer), &rules) != Action::Discard(discard) {
            return false;
        }
        if replay.apply(Action::Discard(discard)).is_err() {
            return true;
        }
    }
    for (seat, card) in hand.history() {
        if replay.turn() != seat {
            return true;
        }
        if opponent(seat) && model(&replay.view(seat), &rules) != Action::Play(card) {
            return false;
        }
        if replay.apply(Action::Play(card)).is_err() {
            return true;
        }
    }
    true
}
