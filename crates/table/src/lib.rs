//! What every cardtable game shares beyond cards: one interface to play any game
//! ([`Game`]), players that act through it ([`Agent`]), and records of whole games that
//! replay to the same state ([`GameRecord`]).
//!
//! A game is a state machine with chance: when [`Game::turn`] says [`Turn::Chance`] the
//! caller deals with [`Game::deal`] from a seeded RNG; otherwise the seat to move picks
//! one of [`Game::legal_actions`]. Agents see a seat's [`Seated`] view, never the state.

mod agent;
pub mod check;
mod record;
pub mod search;

pub use agent::{Agent, Player, RandomAgent, Sampling, Seated, Sitter};
pub use record::{GameRecord, ReplayError};

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
}

/// Who acts next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// Cards must be shuffled and dealt.
    Chance,
    Seat(usize),
    Over,
}

impl Turn {
    /// The turn of a game that is `over`, `needs_deal`, or else waits for `seat()`.
    pub fn of(over: bool, needs_deal: bool, seat: impl FnOnce() -> usize) -> Turn {
        if over {
            Turn::Over
        } else if needs_deal {
            Turn::Chance
        } else {
            Turn::Seat(seat())
        }
    }
}

/// An action the rules refused; the state did not change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove(pub String);

/// The RNG of chance and of agents: small, fast, and reproducible from a seed.
pub type Rng = SmallRng;

/// One game, as the arena, records and search players see it.
pub trait Game: Clone + PartialEq + Send + Sync + Debug + 'static {
    type Action: Copy + Eq + Debug + Send + Sync + Serialize + DeserializeOwned;
    /// What one seat may see.
    type View<'a>
    where
        Self: 'a;

    /// `euchre`, `straights`, `teendopanch`.
    fn name(&self) -> &'static str;
    /// The rules variant, as the arena's `--rules` names it.
    fn variant(&self) -> &'static str;
    fn seats(&self) -> usize;
    fn turn(&self) -> Turn;
    /// The legal actions of the seat to move, into `actions` (cleared first).
    fn legal_actions(&self, actions: &mut Vec<Self::Action>);
    fn apply(&mut self, action: Self::Action) -> Result<(), IllegalMove>;
    /// Shuffles and deals the next hand (only when the turn is [`Turn::Chance`]).
    fn deal(&mut self, rng: &mut Rng);
    /// What `seat` may see: its own cards and the table, never another hand.
    fn view(&self, seat: usize) -> Self::View<'_>;
    /// The same game with every card `seat` cannot see dealt at random, consistently with
    /// everything it has seen (cards played, suits it saw others fail to follow, …).
    fn determinize(&self, seat: usize, rng: &mut Rng) -> Self;
    /// Hands completed so far.
    fn hands(&self) -> u32;
    /// Each seat's points so far (a team's points count for both partners).
    fn points(&self) -> Vec<f64>;
    /// Whether each seat won, once the game is over (ties: every winner).
    fn winners(&self) -> Vec<bool>;
}

/// Plays `game` to its end (or until `stop` says so) with one agent per seat. Chance
/// draws from `chance` alone, so a record of the actions and the seed of `chance`
/// replays the game; agents draw from `rng`. Every action taken is pushed on `history`.
pub fn play_out<G: Game>(
    game: &mut G,
    agents: &mut [Box<dyn Agent<G>>],
    chance: &mut Rng,
    rng: &mut Rng,
    mut history: Option<&mut Vec<G::Action>>,
    mut stop: impl FnMut(&G) -> bool,
) {
    loop {
        if stop(game) {
            return;
        }
        match game.turn() {
            Turn::Over => return,
            Turn::Chance => game.deal(chance),
            Turn::Seat(seat) => {
                let action = agents[seat].act(Seated::new(game, seat), rng);
                game.apply(action)
                    .unwrap_or_else(|e| panic!("seat {seat} chose an illegal action: {e:?}"));
                if let Some(history) = history.as_deref_mut() {
                    history.push(action);
                }
            }
        }
    }
}
