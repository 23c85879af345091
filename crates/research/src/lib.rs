//! cardtable's games for learning programs (the Python package, OpenSpiel, PettingZoo):
//! actions by number ([`space`]), observation tensors from what each seat may know
//! ([`observe`]), chance dealt from a seed or card by card, the catalogue's players and
//! the strong player's values, records read and written through the one replay path,
//! and [`Batch`]es of games stepped together.
//!
//! Every game, variant and house rule comes from the catalogue: a [`catalogue::Ruleset`]
//! builds a [`State`] of whichever game it names.
//!
//! ```
//! use catalogue::{Ruleset, Variant};
//! use research::Chance;
//!
//! let rules = Ruleset::new(Variant::EuchreCs246, 10, &["renege=2"]).unwrap();
//! let mut state = research::new_state(&rules, 7, Vec::new(), Chance::Seeded).unwrap();
//! let legal = state.legal_actions();
//! state.apply(legal[0] as i64).unwrap();
//! assert!(state.apply(10_000).is_err());
//! ```

#![warn(missing_docs)]

mod batch;
mod error;
mod game_state;
pub mod observe;
mod observers;
pub mod space;

use cards::Card;
use catalogue::{GameKind, PlayerSpec, RecordHeader, Ruleset, WithGameOf};
use table::{Rng, Turn};

pub use batch::{new_batch, Batch, Episode, Outcomes};
pub use error::Error;
pub use game_state::{name, Advice, Chance, GameState, Playable};
pub use observe::Block;

/// A game in progress of any of the catalogue's kinds, as a learning program drives it.
/// Seats are 0 and up; [`State::current_player`] follows OpenSpiel's numbering.
pub trait State: Send + Sync {
    /// The game's kind.
    fn kind(&self) -> GameKind;
    /// The rules variant's name (`eecs280`).
    fn rules(&self) -> &'static str;
    /// How many sit.
    fn seats(&self) -> usize;
    /// The partnerships, each the seats that share a score and win together (a seat on
    /// its own in a game without partners), as the game declares them.
    fn teams(&self) -> Vec<Vec<usize>>;
    /// The seat to act; -1 while cards are dealt card by card; -4 once the game is over.
    fn current_player(&self) -> i64;
    /// The legal actions' numbers, ascending (none at a chance node or the end).
    fn legal_actions(&self) -> Vec<usize>;
    /// How many action numbers there are.
    fn action_count(&self) -> usize;
    /// The action numbered `id`, by its name in the rules core's records.
    fn action_name(&self, id: i64) -> Result<String, Error>;
    /// The number of the action named `name` (`"Pass"`, `{"Play":"JH"}`).
    fn action_id(&self, name: &str) -> Result<usize, Error>;
    /// Applies the action numbered `id` for the seat to act; a refusal changes nothing.
    fn apply(&mut self, id: i64) -> Result<(), Error>;
    /// The cards that may be dealt next, by number (a card-by-card deal's chance node).
    fn chance_outcomes(&self) -> Vec<usize>;
    /// Deals the card numbered `card` next.
    fn deal_card(&mut self, card: i64) -> Result<(), Error>;
    /// Whether the game is over.
    fn is_over(&self) -> bool;
    /// Each seat's points so far (at the end: the game's result).
    fn points(&self) -> Vec<f64>;
    /// Whether each seat is among the winners (all false before the end).
    fn winners(&self) -> Vec<bool>;
    /// Hands (Straights: rounds) completed.
    fn hands(&self) -> u32;
    /// The length of an observation tensor.
    fn observation_len(&self) -> usize;
    /// The observation tensor's blocks.
    fn observation_layout(&self) -> Vec<Block>;
    /// Writes `to`'s observation (a seat, or `None` for a spectator) into `out`.
    fn observe(&self, to: Option<usize>, out: &mut [f32]) -> Result<(), Error>;
    /// What a face shows `to`, as JSON (the scene and the seat's own part).
    fn shown(&self, to: Option<usize>) -> Result<String, Error>;
    /// Everything `to` has known since the game began: equal strings, equal knowledge.
    fn information(&self, to: Option<usize>) -> Result<String, Error>;
    /// Every action's number so far.
    fn history(&self) -> Vec<usize>;
    /// A record line that `cardtable replay` reads, `seats` naming the players.
    fn record(&self, seats: Vec<String>) -> String;
    /// A copy.
    fn boxed(&self) -> Box<dyn State>;
    /// A copy with every card `seat` cannot see dealt again, drawn from `rng`.
    fn determinize(&self, seat: usize, rng: &mut Rng) -> Result<Box<dyn State>, Error>;
    /// The catalogue's player `spec` for this game and its rules, to keep between
    /// decisions.
    fn player(&self, spec: PlayerSpec) -> Player;
    /// `player`'s choice for the seat to act (a player made for another game or
    /// rules variant is refused).
    fn choose(&self, player: &mut Player, rng: &mut Rng) -> Result<usize, Error>;
    /// The strong player's values for the seat to act.
    fn advise(&self, rng: &mut Rng) -> Result<Advice, Error>;
}

impl<G: Playable> State for GameState<G> {
    fn kind(&self) -> GameKind {
        G::KIND
    }
    fn rules(&self) -> &'static str {
        self.game().variant()
    }
    fn seats(&self) -> usize {
        self.game().seats()
    }
    fn teams(&self) -> Vec<Vec<usize>> {
        self.game().teams()
    }
    fn current_player(&self) -> i64 {
        match self.game().turn() {
            Turn::Seat(seat) => seat as i64,
            Turn::Chance => -1,
            Turn::Over => -4,
        }
    }
    fn legal_actions(&self) -> Vec<usize> {
        let mut ids = Vec::new();
        self.legal_ids(&mut ids);
        ids
    }
    fn action_count(&self) -> usize {
        G::ACTIONS
    }
    fn action_name(&self, id: i64) -> Result<String, Error> {
        Ok(name(&space::numbered::<G>(id)?))
    }
    fn action_id(&self, text: &str) -> Result<usize, Error> {
        let action: G::Action = serde_json::from_str(text)
            .or_else(|_| serde_json::from_str(&format!("\"{text}\"")))
            .map_err(|e| Error::UnknownName {
                game: G::KIND.name(),
                name: text.into(),
                why: e.to_string(),
            })?;
        Ok(G::action_id(&action))
    }
    fn apply(&mut self, id: i64) -> Result<(), Error> {
        GameState::apply(self, id)
    }
    fn chance_outcomes(&self) -> Vec<usize> {
        self.dealable().into_iter().map(Card::index).collect()
    }
    fn deal_card(&mut self, card: i64) -> Result<(), Error> {
        GameState::deal_card(self, card)
    }
    fn is_over(&self) -> bool {
        self.game().turn() == Turn::Over
    }
    fn points(&self) -> Vec<f64> {
        self.game().points()
    }
    fn winners(&self) -> Vec<bool> {
        self.game().winners()
    }
    fn hands(&self) -> u32 {
        self.game().hands()
    }
    fn observation_len(&self) -> usize {
        observe::len::<G>(self.seats())
    }
    fn observation_layout(&self) -> Vec<Block> {
        observe::layout::<G>(self.seats())
    }
    fn observe(&self, to: Option<usize>, out: &mut [f32]) -> Result<(), Error> {
        check_seat(self.seats(), to)?;
        let len = self.observation_len();
        let out = out
            .get_mut(..len)
            .ok_or_else(|| Error::Refused(format!("an observation takes {len} numbers")))?;
        GameState::observe(self, to, out);
        Ok(())
    }
    fn shown(&self, to: Option<usize>) -> Result<String, Error> {
        check_seat(self.seats(), to)?;
        Ok(GameState::shown(self, to))
    }
    fn information(&self, to: Option<usize>) -> Result<String, Error> {
        check_seat(self.seats(), to)?;
        Ok(GameState::information(self, to))
    }
    fn history(&self) -> Vec<usize> {
        GameState::history(self)
    }
    fn record(&self, seats: Vec<String>) -> String {
        GameState::record(self, seats)
    }
    fn boxed(&self) -> Box<dyn State> {
        Box::new(self.clone())
    }
    fn determinize(&self, seat: usize, rng: &mut Rng) -> Result<Box<dyn State>, Error> {
        check_seat(self.seats(), Some(seat))?;
        Ok(Box::new(GameState::determinize(self, seat, rng)))
    }
    fn player(&self, spec: PlayerSpec) -> Player {
        Player {
            spec,
            rules: self.game().variant(),
            inner: std::sync::Mutex::new(Box::new(self.game().agent(spec))),
        }
    }
    fn choose(&self, player: &mut Player, rng: &mut Rng) -> Result<usize, Error> {
        let variant = self.game().variant();
        let refused = || {
            let (game, rules) = (G::KIND.name(), player.rules);
            Error::Refused(format!(
                "a player for {rules} rules cannot play {game} under {variant}"
            ))
        };
        if player.rules != variant {
            return Err(refused());
        }
        let inner = player.inner.get_mut().unwrap_or_else(|e| e.into_inner());
        let agent = inner
            .downcast_mut::<Box<dyn table::Agent<G>>>()
            .ok_or_else(refused)?;
        GameState::choose(self, agent.as_mut(), rng)
    }
    fn advise(&self, rng: &mut Rng) -> Result<Advice, Error> {
        GameState::advise(self, rng)
    }
}

/// One of the catalogue's players made for a game and its rules, kept between decisions:
/// the strong players learn about their opponents as they play.
pub struct Player {
    spec: PlayerSpec,
    rules: &'static str,
    /// The game's own `Box<dyn table::Agent<G>>` (in a mutex only so that a player may
    /// be shared: it is never contended).
    inner: std::sync::Mutex<Box<dyn std::any::Any + Send>>,
}

impl Player {
    /// Which player it is.
    pub fn spec(&self) -> PlayerSpec {
        self.spec
    }

    /// The rules variant it was made for.
    pub fn rules(&self) -> &'static str {
        self.rules
    }
}

/// Refuses a seat that is not at the table.
fn check_seat(seats: usize, to: Option<usize>) -> Result<(), Error> {
    match to {
        Some(seat) if seat >= seats => Err(Error::NoSuchSeat {
            seat: seat as i64,
            last: seats - 1,
        }),
        _ => Ok(()),
    }
}

/// A new game under `rules`, dealt from `seed` after the prescribed `deals` (each the
/// pack in the order dealt).
pub fn new_state(
    rules: &Ruleset,
    seed: u64,
    deals: Vec<Vec<Card>>,
    chance: Chance,
) -> Result<Box<dyn State>, Error> {
    rules.with_game_of(NewState {
        points: rules.points(),
        seed,
        deals,
        chance,
    })
}

/// [`new_state`] for the rules' game type.
struct NewState {
    points: u32,
    seed: u64,
    deals: Vec<Vec<Card>>,
    chance: Chance,
}

impl<G: Playable> WithGameOf<G> for NewState {
    type Output = Result<Box<dyn State>, Error>;
    fn run(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        let state = GameState::new(new(), self.points, self.seed, self.deals, self.chance);
        Ok(Box::new(state?))
    }
}

/// The game a record line holds (the arena's, the server's or this crate's), replayed.
pub fn from_record(line: &str) -> Result<Box<dyn State>, Error> {
    let rules = RecordHeader::read(line)
        .map_err(|e| Error::Refused(e.to_string()))?
        .rules;
    rules.with_game_of(FromRecord {
        points: rules.points(),
        line,
    })
}

/// [`from_record`] for the record's game type.
struct FromRecord<'a> {
    points: u32,
    line: &'a str,
}

impl<G: Playable> WithGameOf<G> for FromRecord<'_> {
    type Output = Result<Box<dyn State>, Error>;
    fn run(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        Ok(Box::new(GameState::from_record(
            new(),
            self.points,
            self.line,
        )?))
    }
}
