//! What every cardtable game shares beyond cards: one interface to play any game
//! ([`Game`]), players that act through it ([`Agent`]), a game in progress with who may
//! see each action ([`Progress`]), and records of whole games ([`GameRecord`]) that
//! replay to the same state through one loop ([`Progress::replay`]).
//!
//! A game is a state machine with chance: when [`Game::turn`] says [`Turn::Chance`] the
//! caller deals with [`Game::deal`] from a seeded RNG; otherwise the seat to move picks
//! one of [`Game::legal_actions`]. Agents see a seat's [`Seated`] view, never the state.

#![warn(missing_docs)]

mod agent;
pub mod check;
mod computers;
mod core;
pub mod house;
mod listing;
pub mod network;
mod outcome;
mod progress;
mod record;
pub mod search;
mod seat;
pub mod space;

pub use agent::{Agent, Player, RandomAgent, Seated, Sitter};
#[doc(hidden)]
pub use cards as __cards;
pub use computers::Computers;
pub use house::{House, HouseError, HouseRule};
pub use listing::{Listed, Listing};
pub use outcome::{DisclosedOf, HandOver, HandOverOf, Happened, HappenedIn, Outcome, Penalty};
pub use progress::{NotADeck, Progress, ReplayEvent, Taken};
pub use record::{GameRecord, RecordSeat, ReplayError};

use std::fmt::Debug;

use rand::rngs::SmallRng;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Why a player gave up its seat instead of acting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    /// The person asked to end the program.
    Quit,
    /// The person walked away; a computer player takes the seat.
    RageQuit,
    /// Nobody is typing any more (end of input).
    InputClosed,
    /// Nothing can be shown to the person any more (writing the output failed).
    OutputClosed,
}

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// Cards must be shuffled and dealt.
    Chance,
    /// This seat must act.
    Seat(usize),
    /// The game is over.
    Over,
}

impl Turn {
    /// The turn of a game whose hand in progress waits for `seat`; with none in progress,
    /// the end if `over()` says so, else a deal. The hand comes first: games are asked
    /// before every action, and whether one is over only changes when a hand ends.
    pub fn of(seat: Option<usize>, over: impl FnOnce() -> bool) -> Turn {
        match seat {
            Some(seat) => Turn::Seat(seat),
            None if over() => Turn::Over,
            None => Turn::Chance,
        }
    }
}

/// Why an action from a seat was refused; the game did not change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refused<R> {
    /// It is not this seat's turn: `turn` says whose it is (or that cards must be dealt,
    /// or that the game is over).
    NotYourTurn {
        /// Who acts instead.
        turn: Turn,
    },
    /// It is the seat's turn, and the rules refuse the action for this reason.
    Illegal(R),
}

impl<R: std::fmt::Display> std::fmt::Display for Refused<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::NotYourTurn { turn: Turn::Over } => f.write_str("the game is over"),
            Refused::NotYourTurn { turn: Turn::Chance } => f.write_str("the cards are being dealt"),
            Refused::NotYourTurn {
                turn: Turn::Seat(seat),
            } => write!(f, "it is seat {seat}'s turn"),
            Refused::Illegal(reason) => reason.fmt(f),
        }
    }
}

impl<R: std::error::Error> std::error::Error for Refused<R> {}

/// The RNG of chance and of agents: small, fast, and reproducible from a seed.
pub type Rng = SmallRng;

/// One game, as the arena, records and search players see it.
pub trait Game: Clone + PartialEq + Send + Sync + Debug + 'static {
    /// One move of a player, as records store it.
    type Action: Copy + Eq + Debug + Send + Sync + Serialize + DeserializeOwned;
    /// Why the rules refuse an action (`MustFollow(suit)`, …), for any front end to report.
    type Refusal: std::error::Error + Copy + Eq + Send + Sync + 'static;
    /// What an accepted action did, as this game reports it.
    type Outcome: Outcome;
    /// The game's rules, with its house rules.
    type Rules: House;
    /// What one seat may see.
    type View<'a>
    where
        Self: 'a;
    /// What everyone at the table may see (a spectator's knowledge): no method of it
    /// gives a seat's cards.
    type Public<'a>: Copy
    where
        Self: 'a;

    /// `euchre`, `straights`, `teendopanch`.
    fn name(&self) -> &'static str;
    /// The rules variant, as the arena's `--rules` names it.
    fn variant(&self) -> &'static str;
    /// The rules in force: the variant's preset with any house rules.
    fn rules(&self) -> &Self::Rules;
    /// The house rules on top of the variant (`alone=off`), in the order the game lists
    /// its options.
    fn house(&self) -> Vec<String> {
        self.rules().house_rules()
    }
    /// How many seats the game has.
    fn seats(&self) -> usize;
    /// The partnerships, each a list of seats that share a score and win together; by
    /// default every seat plays for itself.
    fn teams(&self) -> Vec<Vec<usize>> {
        (0..self.seats()).map(|seat| vec![seat]).collect()
    }
    /// Who acts next.
    fn turn(&self) -> Turn;
    /// The legal actions of the seat to move, into `actions` (cleared first).
    fn legal_actions(&self, actions: &mut Vec<Self::Action>);
    /// One of the legal actions chosen uniformly: exactly what picking
    /// `rng.random_range(0..n)` from [`Game::legal_actions`] gives (same draw, same
    /// action), which is the default. Games whose legal plays are a card set pick from
    /// the set without listing it (`scratch` is free for their use).
    fn random_legal_action(&self, rng: &mut Rng, scratch: &mut Vec<Self::Action>) -> Self::Action {
        random_listed(self, rng, scratch)
    }
    /// Applies the action of the seat to move and says what it did; a refused action
    /// changes nothing.
    fn apply(&mut self, action: Self::Action) -> Result<Self::Outcome, Self::Refusal>;
    /// Applies an action just taken from [`Game::legal_actions`], without checking it
    /// again: what simulations do millions of times (like `play_unchecked` in chess
    /// libraries). Games skip the check where it costs; debug builds still make it, and
    /// every record replays through [`Game::apply`]. Anything from outside (a person, a
    /// file, the network) goes through `apply`.
    fn apply_legal(&mut self, action: Self::Action) -> Self::Outcome {
        match self.apply(action) {
            Ok(outcome) => outcome,
            Err(e) => panic!("an action from legal_actions was refused: {e}"),
        }
    }
    /// Applies `seat`'s action if it is that seat's turn: what a server does with a
    /// person's move. Either refusal leaves the game unchanged.
    fn apply_as(
        &mut self,
        seat: usize,
        action: Self::Action,
    ) -> Result<Self::Outcome, Refused<Self::Refusal>> {
        match self.turn() {
            Turn::Seat(s) if s == seat => self.apply(action).map_err(Refused::Illegal),
            turn => Err(Refused::NotYourTurn { turn }),
        }
    }
    /// Shuffles and deals the next hand (only when the turn is [`Turn::Chance`]).
    fn deal(&mut self, rng: &mut Rng);
    /// The cards a deal shuffles, in the pack's order.
    fn pack(&self) -> &'static [cards::Card];
    /// Deals the next hand from `deck` as [`Game::deal`] deals a shuffled pack (only when
    /// the turn is [`Turn::Chance`]): prescribed deals, for duplicate play and for tests
    /// that change what is hidden. [`is_deck`] says whether a deck may be dealt.
    fn deal_from(&mut self, deck: &[cards::Card]);
    /// What `seat` may see: its own cards and the table, never another hand.
    fn view(&self, seat: usize) -> Self::View<'_>;
    /// What everyone may see: the table, no hand.
    fn public(&self) -> Self::Public<'_>;
    /// Whether `to` (a seat, or `None` for a spectator) may see `action` by `actor`,
    /// taken in this state: a face-down discard shows only to its owner. By default
    /// every action is seen by all.
    fn reveals(&self, action: &Self::Action, actor: usize, to: Option<usize>) -> bool {
        let _ = (action, actor, to);
        true
    }
    /// The same game with every card `seat` cannot see dealt at random, consistently with
    /// everything it has seen (cards played, suits it saw others fail to follow, …).
    fn determinize(&self, seat: usize, rng: &mut Rng) -> Self;
    /// Hands completed so far.
    fn hands(&self) -> u32;
    /// The most actions one hand (a round) can take from its deal to the next, under
    /// these rules: the bound a property test proves for every game and house rule.
    fn max_hand_actions(&self) -> usize;
    /// Each seat's points so far (a team's points count for both partners), into
    /// `points` (cleared first): the arena asks after every hand and keeps its buffers.
    fn points_into(&self, points: &mut Vec<f64>);
    /// Each seat's points so far, as [`Game::points_into`] gives them.
    fn points(&self) -> Vec<f64> {
        let mut points = Vec::with_capacity(self.seats());
        self.points_into(&mut points);
        points
    }
    /// Whether each seat won, once the game is over (ties: every winner).
    fn winners(&self) -> Vec<bool>;
}

/// Whether `deck` is `game`'s pack in some order: what [`Game::deal_from`] needs.
pub fn is_deck<G: Game>(game: &G, deck: &[cards::Card]) -> bool {
    let mut given = deck.to_vec();
    let mut pack = game.pack().to_vec();
    given.sort_by_key(|c| c.index());
    pack.sort_by_key(|c| c.index());
    given == pack
}

/// [`Game::random_legal_action`] by listing the legal actions into `scratch`: the default,
/// and what games use where their actions are not a card set.
pub fn random_listed<G: Game>(game: &G, rng: &mut Rng, scratch: &mut Vec<G::Action>) -> G::Action {
    game.legal_actions(scratch);
    scratch[cards::shuffle::random_index(rng, scratch.len())]
}

/// Plays `game` to its end with one agent per seat, chance drawing from `seed` and the
/// agents from `!seed` (as records and the arena seed them); every action is pushed on
/// `history`.
pub fn play_seeded<G: Game>(
    game: &mut G,
    agents: &mut [Box<dyn Agent<G>>],
    seed: u64,
    history: Option<&mut Vec<G::Action>>,
) {
    use rand::SeedableRng;
    let (mut chance, mut rng) = (Rng::seed_from_u64(seed), Rng::seed_from_u64(!seed));
    play_out(game, agents, &mut chance, &mut rng, history, |_, _| false);
}

/// Plays `game` to its end (or until `stop` says so) with one agent per seat. Chance
/// draws from `chance` alone, so a record of the actions and the seed of `chance`
/// replays the game; agents draw from `rng`. Every action taken is pushed on `history`.
/// Agents choose among the legal actions, which are applied with [`Game::apply_legal`].
///
/// `stop` sees the game and its turn before every step; a caller that only cares
/// between hands returns early unless the turn is [`Turn::Chance`] or [`Turn::Over`]
/// (a hand only ends on an action that leaves one of those).
pub fn play_out<G: Game>(
    game: &mut G,
    agents: &mut [Box<dyn Agent<G>>],
    chance: &mut Rng,
    rng: &mut Rng,
    mut history: Option<&mut Vec<G::Action>>,
    mut stop: impl FnMut(&G, Turn) -> bool,
) {
    // Which seats hold a random agent, asked once per game.
    let random: Vec<bool> = agents.iter().map(|agent| agent.is_random()).collect();
    let mut scratch = Vec::new();
    loop {
        let turn = game.turn();
        if stop(game, turn) {
            return;
        }
        match turn {
            Turn::Over => return,
            Turn::Chance => game.deal(chance),
            Turn::Seat(seat) => {
                let action = if random[seat] {
                    game.random_legal_action(rng, &mut scratch)
                } else {
                    agents[seat].act(Seated::new(game, seat), rng)
                };
                game.apply_legal(action);
                if let Some(history) = history.as_deref_mut() {
                    history.push(action);
                }
            }
        }
    }
}
