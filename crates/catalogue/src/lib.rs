//! One place that knows every game, rules variant and player kind, and builds them from
//! their names: the arena, the terminal table and the server all start here.
//!
//! A [`Variant`] names a game and its rules (`euchre` with `eecs280` rules); a
//! [`PlayerSpec`] names a computer player (`random`, `handout`, `strong:N`) and a
//! [`Lineup`] one per seat. [`Variant::with_game`] hands a front end a constructor of
//! the concrete game type, so one generic function serves every game.
//!
//! # Examples
//! ```
//! use catalogue::{GameKind, Lineup, Variant, WithGame};
//! use table::Game;
//!
//! let variant = Variant::named(GameKind::Euchre, Some("cs246")).unwrap();
//! let lineup = Lineup::parse(GameKind::Euchre, "handout,random,strong:8,random").unwrap();
//!
//! /// Counts the seats of whatever game the variant builds.
//! struct Seats;
//! impl WithGame for Seats {
//!     type Output = usize;
//!     fn run<G: catalogue::Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> usize {
//!         new().seats()
//!     }
//! }
//! assert_eq!(variant.with_game(10, Seats), lineup.seats().len());
//! ```

#![warn(missing_docs)]

mod action;
mod build;
mod error;
mod game;
mod games;
mod player;
mod record;
mod rules;

pub use action::Catalogued;
pub use build::{Roster, WithGame, WithGameOf};
pub use error::Error;
pub use game::Variant;
pub use games::{AnyAction, AnyGame, GameKind, WithAnyGame};
pub use player::{Level, Lineup, PlayerSpec, MAX_SAMPLES};
pub use record::{read_record, replay, RecordError, RecordHeader, Replayed, MAX_ACTIONS};
#[cfg(feature = "proptest")]
pub use rules::rulesets;
pub use rules::Ruleset;
