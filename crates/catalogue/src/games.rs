//! The one registration point: a line per game, naming its kind and its crate's game
//! type. Everything the catalogue, the scene, research and Python dispatch on is made
//! from it here — [`GameKind`] and its list, [`AnyAction`], [`AnyGame`], each game's
//! [`Catalogued`] impl, the rules built from a variant and the dispatch to a generic
//! function of the concrete game type (static dispatch: a match, no trait objects). What
//! a game is (its names, seats, players, variants, rules, staging, action numbering) it
//! declares in its own crate ([`table::Listed`], `staging::Staged`,
//! `table::space::ActionSpace`); its players are built by its roster (`build.rs`).

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize};
use table::{House, HouseError, HouseRule, Listed, Listing};

use crate::{Catalogued, Roster, Variant, WithGameOf};

/// Makes the registry from one line per game: `Kind(crate::Game, "Kind's actions.")`.
macro_rules! games {
    ($($(#[$doc:meta])* $kind:ident($game:ty, $actions:literal)),+ $(,)?) => {
        /// The games cardtable plays.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
        #[serde(rename_all = "lowercase")]
        pub enum GameKind {
            $($(#[$doc])* $kind,)+
        }

        impl GameKind {
            /// Every game, in the order menus list them.
            pub const ALL: [GameKind; [$(stringify!($kind)),+].len()] = [$(GameKind::$kind),+];

            /// What the game declares of itself ([`Listed::LISTING`]).
            pub const fn listing(self) -> &'static Listing {
                match self {
                    $(GameKind::$kind => &<$game as Listed>::LISTING,)+
                }
            }

            /// The house rules the game offers.
            pub fn options(self) -> &'static [HouseRule] {
                match self {
                    $(GameKind::$kind => <<$game as table::Game>::Rules as House>::OPTIONS,)+
                }
            }
        }

        /// An action of one of the catalogue's games. It is written as that game spells it
        /// (`"Pass"`, `{"Play": "JH"}`): every message and stored row that holds one also says
        /// which game it is of, and it is read back only through [`AnyAction::read`], which is
        /// told the game.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
        #[serde(untagged)]
        pub enum AnyAction {
            $(#[doc = $actions] $kind(<$game as table::Game>::Action),)+
        }

        impl AnyAction {
            /// The game it is an action of.
            pub fn game(&self) -> GameKind {
                match self {
                    $(AnyAction::$kind(_) => GameKind::$kind,)+
                }
            }

            /// An action of `game`, read from any serde format as that game spells it.
            pub fn read<'de, D: Deserializer<'de>>(
                game: GameKind,
                from: D,
            ) -> Result<AnyAction, D::Error> {
                Ok(match game {
                    $(GameKind::$kind => AnyAction::$kind(Deserialize::deserialize(from)?),)+
                })
            }
        }

        $(impl Catalogued for $game {
            const KIND: GameKind = GameKind::$kind;

            fn any(action: Self::Action) -> AnyAction {
                AnyAction::$kind(action)
            }

            fn from_any(action: AnyAction) -> Option<Self::Action> {
                match action {
                    AnyAction::$kind(action) => Some(action),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        })+

        /// A fresh game of any of the catalogue's kinds, by its concrete type.
        #[derive(Clone, Debug)]
        pub enum AnyGame {
            $($(#[$doc])* $kind($game),)+
        }

        /// Work that runs with every game type the catalogue builds, each making an `O`.
        pub trait WithAnyGame<O>: $(WithGameOf<$game, Output = O> +)+ Sized {}

        impl<O, W> WithAnyGame<O> for W where W: $(WithGameOf<$game, Output = O> +)+ Sized {}

        /// `variant`'s game to `points` with `house` on top, as its rules core checks
        /// them; kept as the changes from the variant, in the game's order of options.
        pub(crate) fn house_rules(
            variant: Variant,
            points: u32,
            house: &[String],
        ) -> Result<Vec<String>, HouseError> {
            Ok(match variant.game() {
                $(GameKind::$kind => rules::<$game>(variant, points, house)?.house_rules(),)+
            })
        }

        /// A new game of `variant` to `points` with `house` (checked) on top.
        pub(crate) fn game(variant: Variant, points: u32, house: &[String]) -> AnyGame {
            let checked = "a ruleset was checked";
            match variant.game() {
                $(GameKind::$kind => AnyGame::$kind(<$game>::under(
                    rules::<$game>(variant, points, house).expect(checked),
                )),)+
            }
        }

        /// Calls `with.run` with a constructor of `game`, of its concrete type.
        pub(crate) fn with_game_of<O>(game: AnyGame, with: impl WithAnyGame<O>) -> O {
            fn run<G: Roster, W: WithGameOf<G>>(with: W, game: G) -> W::Output {
                with.run(move || game.clone())
            }
            match game {
                $(AnyGame::$kind(game) => run(with, game),)+
            }
        }
    };
}

/// The rules core's rules for `variant` to `points` with `house` on top.
fn rules<G: Listed>(
    variant: Variant,
    points: u32,
    house: &[String],
) -> Result<G::Rules, HouseError> {
    let known = "the catalogue's variants are the rules cores' names";
    G::preset(variant.rules(), points)
        .expect(known)
        .with_house(house)
}

games! {
    /// Euchre, four players in two partnerships.
    Euchre(euchre::Game, "Euchre's."),
    /// Straights (sevens), four players.
    Straights(straights::Game, "Straights'."),
    /// Teen Do Panch (3-2-5), three players.
    TeenDoPanch(teendopanch::Game, "Teen Do Panch's."),
}
