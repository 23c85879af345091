//! The learned Euchre player: the strong player, except that it bids by a small network
//! trained on what bids brought when played on in real deals (`python -m
//! cardtable.train`), where the strong player bids by its open-handed estimate less a
//! fixed margin. Bidding is where perfect-information sampling loses most: every sampled
//! deal is played as if the bidder could see its partner's cards (docs/BOTS.md).
//!
//! The network sees only the bidder's view ([`bid_inputs`]), so the player reads no
//! hidden card; it runs as a few matrix products ([`table::network`]).

use std::sync::{Arc, OnceLock};

use rand::SeedableRng;
use table::network::{Network, NetworkError};
use table::search::{highest, Advice, Advisor};
use table::{Agent, Rng, Seated};

use crate::players::bid_inputs::{bid_inputs, COUNT, INPUTS};
use crate::players::stakes::Stakes;
use crate::players::{Cs246, Simple, Strong};
use crate::{Action, Game, Outcome, Rules, Seat};

/// Bids the strong player values this far below passing are never made, and are not
/// played on when training: nowhere near worth it, and the network never saw their like.
pub const FAR_BELOW: f64 = 1.0;

/// The model shipped for the EECS 280 rules (trained by `python -m cardtable.train`).
const EECS280: &str = include_str!("../../models/bids-eecs280.json");
/// The model shipped for the CS 246 rules.
const CS246: &str = include_str!("../../models/bids-cs246.json");

/// The strong player bidding by a trained network.
pub struct Learned {
    strong: Strong,
    bids: Arc<Network>,
}

impl Learned {
    /// The strong player `strong` bidding by `bids`.
    pub fn new(strong: Strong, bids: Arc<Network>) -> Learned {
        Learned { strong, bids }
    }

    /// Deals the shipped player samples per decision from the second trick on, against
    /// opponents who are not the handout player ([`Strong::with_play_samples`]): more
    /// deals play the cards measurably better there (docs/BOTS.md). Its bids keep the
    /// strong player's default count, so the network reads the estimates it was trained
    /// on.
    pub const PLAY_SAMPLES: usize = 384;

    /// The shipped player for `rules`: the expert Euchre player.
    pub fn shipped(rules: &Rules) -> Learned {
        Learned::playing_on(rules, Learned::PLAY_SAMPLES)
    }

    /// The shipped network for `rules`, sampling `samples` deals a decision where
    /// [`Strong::with_play_samples`] says.
    pub fn playing_on(rules: &Rules, samples: usize) -> Learned {
        let strong = Strong::default().with_play_samples(samples);
        Learned::new(strong, Learned::shipped_bids(rules))
    }

    /// The shipped network for `rules` (read once; it is checked by the tests).
    pub fn shipped_bids(rules: &Rules) -> Arc<Network> {
        static NETWORKS: OnceLock<[Arc<Network>; 2]> = OnceLock::new();
        let [eecs280, cs246] = NETWORKS.get_or_init(|| {
            [EECS280, CS246].map(|text| {
                Arc::new(Learned::bids_network(text).expect("the shipped networks are checked"))
            })
        });
        if rules.name() == "cs246" {
            cs246.clone()
        } else {
            eecs280.clone()
        }
    }

    /// Reads a bidding network from its file's text, refusing one trained on other inputs.
    pub fn bids_network(text: &str) -> Result<Network, NetworkError> {
        Network::from_json(text, &INPUTS)
    }

    /// The strong player's advice with its bids valued by the network ([`relearned`]).
    fn choose(&mut self, seated: Seated<'_, Game>, rng: &mut Rng) -> Advice<Action> {
        let view = seated.view();
        let advice = self.strong.advise(seated, rng);
        relearned(&self.bids, &view, advice)
    }
}

/// The strong player's `advice` at `view` with every bid near passing valued by `bids`:
/// passing's estimate plus what the network says the bid brings over passing. Bids then
/// need no margin: the network has learned what open-handed play flatters.
fn relearned(bids: &Network, view: &crate::View<'_>, mut advice: Advice<Action>) -> Advice<Action> {
    let Some((passing, near)) = near_bids(view, &advice) else {
        return advice;
    };
    for &(i, inputs) in &near {
        advice.values[i] = passing + bids.evaluate(&inputs);
        advice.margins[i] = 0.0;
    }
    if !near.is_empty() {
        advice.note = NOTE.to_string();
        advice.choice = highest(&advice.compared());
    }
    advice
}

/// A bid the network values: its index among the advice's actions, and its inputs.
type NearBid = (usize, [f64; COUNT]);

/// Passing's value in `advice` at `view`, and each bid less than [`FAR_BELOW`] under it
/// (its index and the network's inputs): the bids the network values and training plays
/// on. `None` where passing is not allowed.
fn near_bids(view: &crate::View<'_>, advice: &Advice<Action>) -> Option<(f64, Vec<NearBid>)> {
    let pass = advice.actions.iter().position(|&a| a == Action::Pass)?;
    let passing = advice.values[pass];
    let near = (advice.actions.iter().zip(&advice.values).enumerate())
        .filter_map(|(i, (&action, &value))| {
            let estimate = value - passing;
            let inputs = bid_inputs(view, action, estimate).filter(|_| estimate > -FAR_BELOW)?;
            Some((i, inputs))
        })
        .collect();
    Some((passing, near))
}

/// What the coach says of a learned bid's value.
const NOTE: &str = "Each bid's value is passing's plus what a trained model says the bid \
                    brings over passing, learned from bids played on in real deals: \
                    open-handed sampling alone flatters a bid.";

impl Advisor<Game> for Learned {
    fn advise(&mut self, seated: Seated<'_, Game>, rng: &mut Rng) -> Advice<Action> {
        self.choose(seated, rng)
    }
}

impl Agent<Game> for Learned {
    fn act(&mut self, seated: Seated<'_, Game>, rng: &mut Rng) -> Action {
        self.choose(seated, rng).chosen()
    }
}

/// Who sits against the players whose bids are recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Against {
    /// Strong players like them (self-play): every seat's bids are recorded.
    Strong,
    /// The rules' handout players (seats 1 and 3); the strong pair's bids are recorded.
    Handout,
}

/// One bid the strong player could make, and what it brought.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BidSample {
    /// Which decision it was, counted from 0 within one call of [`bid_samples`]: the
    /// bids of one decision share it.
    pub decision: u32,
    /// What the network is shown ([`bid_inputs`]).
    pub inputs: [f64; COUNT],
    /// The hand's worth to the bidder's team after this bid, less its worth after
    /// passing, both played on from the real deal by the same players with the same
    /// random numbers, in the strong player's unit (points weighed by the score).
    pub brought: f64,
}

/// A player of the training table: the strong player of `samples` deals a decision,
/// reading its opponents as `against` says, bidding by `policy` when there is one (the
/// learned player being trained further, on its own play) and by its own rule otherwise.
struct Trainee {
    strong: Strong,
    policy: Option<Arc<Network>>,
}

impl Trainee {
    fn new(samples: usize, against: Against, policy: Option<Arc<Network>>) -> Trainee {
        let strong = Strong::new(samples);
        let strong = match against {
            Against::Strong => strong.with_handout_opponents(false),
            Against::Handout => strong,
        };
        Trainee { strong, policy }
    }

    /// The strong player's own advice (what a sample records of the decision) and the
    /// action the trainee takes.
    fn decide(&mut self, seated: Seated<'_, Game>, rng: &mut Rng) -> (Advice<Action>, Action) {
        let view = seated.view();
        let advice = self.strong.advise(seated, rng);
        let action = match &self.policy {
            Some(bids) => relearned(bids, &view, advice.clone()).chosen(),
            None => advice.chosen(),
        };
        (advice, action)
    }
}

impl Agent<Game> for Trainee {
    fn act(&mut self, seated: Seated<'_, Game>, rng: &mut Rng) -> Action {
        self.decide(seated, rng).1
    }
}

/// The seats' players for a game or a play-on: trainees of `samples` deals where bids
/// are recorded, the handout players elsewhere when `against` says so.
fn table(
    rules: &Rules,
    samples: usize,
    against: Against,
    policy: &Option<Arc<Network>>,
) -> [Box<dyn Agent<Game>>; 4] {
    std::array::from_fn(|s| -> Box<dyn Agent<Game>> {
        if recorded(Seat::new(s), against) {
            Box::new(Trainee::new(samples, against, policy.clone()))
        } else {
            handout(rules)
        }
    })
}

/// The handout player of `rules`.
fn handout(rules: &Rules) -> Box<dyn Agent<Game>> {
    if rules.name() == "cs246" {
        Box::new(Cs246)
    } else {
        Box::new(Simple)
    }
}

/// Whether `seat`'s bids are recorded.
fn recorded(seat: Seat, against: Against) -> bool {
    against == Against::Strong || seat.index().is_multiple_of(2)
}

/// The bidding decisions of `games` games under `rules`, played by strong players
/// (`samples` deals a decision, bidding by `policy` if given) against `against`, each bid
/// near passing played on from the real deal by the same kind of players of `play_on`
/// samples. The same arguments give the same samples. This is the training data of the
/// learned player's network.
pub fn bid_samples(
    rules: Rules,
    seed: u64,
    games: u64,
    against: Against,
    (samples, play_on): (usize, usize),
    policy: Option<Arc<Network>>,
) -> Vec<BidSample> {
    let mut out = Vec::new();
    let mut decision = 0;
    let play = PlayOn {
        against,
        play_on,
        policy: policy.clone(),
    };
    for g in 0..games {
        let mut chance = Rng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(g));
        let mut rng = Rng::seed_from_u64(!g ^ seed);
        let mut trainees: [Trainee; 4] =
            std::array::from_fn(|_| Trainee::new(samples, against, policy.clone()));
        let mut handouts: [Box<dyn Agent<Game>>; 4] = std::array::from_fn(|_| handout(&rules));
        let mut game = Game::new(rules);
        while !game.is_over() {
            if game.needs_deal() {
                table::Game::deal(&mut game, &mut chance);
                continue;
            }
            let seat = game.turn().expect("a seat acts in a game not over");
            let seated = Seated::new(&game, seat.index());
            let action = if recorded(seat, against) {
                let (advice, action) = trainees[seat.index()].decide(seated, &mut rng);
                if play.record(&game, &advice, decision, &rng, &mut out) {
                    decision += 1;
                }
                action
            } else {
                handouts[seat.index()].act(seated, &mut rng)
            };
            game.apply(action).expect("players act legally");
        }
    }
    out
}

/// How a decision's bids are played on.
struct PlayOn {
    against: Against,
    play_on: usize,
    policy: Option<Arc<Network>>,
}

impl PlayOn {
    /// Adds a sample for each bid of `advice` near passing, if passing is allowed and the
    /// phase is the bidding; whether it added any. Each play-on starts from a copy of
    /// `rng`, the same for every bid, which it leaves as it was.
    fn record(
        &self,
        game: &Game,
        advice: &Advice<Action>,
        decision: u32,
        rng: &Rng,
        out: &mut Vec<BidSample>,
    ) -> bool {
        let seat = game.turn().expect("a seat acts");
        let view = game.view(seat).expect("a hand is dealt");
        let Some((_, near)) = near_bids(&view, advice) else {
            return false;
        };
        let before = out.len();
        let mut passed = None;
        for (i, inputs) in near {
            let passed =
                *passed.get_or_insert_with(|| self.worth(game, Action::Pass, &mut rng.clone()));
            let brought = self.worth(game, advice.actions[i], &mut rng.clone()) - passed;
            out.push(BidSample {
                decision,
                inputs,
                brought,
            });
        }
        out.len() > before
    }

    /// The rest of the hand's worth to the acting seat's team after `action`, weighed by
    /// the score as the strong player weighs it; 0 if the hand is thrown in.
    fn worth(&self, game: &Game, action: Action, rng: &mut Rng) -> f64 {
        let seat = game.turn().expect("a seat acts");
        let team = seat.team();
        let scores = game.scores();
        let target = game.rules().points_to_win;
        let worth = |margin: i32| {
            Stakes::new(target).map_or(f64::from(margin), |s| {
                s.worth(scores[team.index()], scores[1 - team.index()], margin)
            })
        };
        let mut players = table(game.rules(), self.play_on, self.against, &self.policy);
        let mut game = *game;
        game.apply(action).expect("a legal bid");
        while let Some(turn) = game.turn().filter(|_| !game.needs_deal()) {
            let action = players[turn.index()].act(Seated::new(&game, turn.index()), rng);
            if let Ok(Outcome::Trick {
                result: Some(result),
                ..
            }) = game.apply(action)
            {
                return worth(result.margin(team));
            }
        }
        0.0
    }
}
