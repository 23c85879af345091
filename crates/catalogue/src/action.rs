//! An action of any game, tagged by its game: what the server carries from the socket
//! to the store, so `Pass` is never one of three games' passes by guesswork.

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize};

use crate::GameKind;

/// An action of one of the catalogue's games. It is written as that game spells it
/// (`"Pass"`, `{"Play": "JH"}`): every message and stored row that holds one also says
/// which game it is of, and it is read back only through [`AnyAction::read`], which is
/// told the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum AnyAction {
    /// Euchre's.
    Euchre(::euchre::Action),
    /// Straights'.
    Straights(::straights::Action),
    /// Teen Do Panch's.
    TeenDoPanch(::teendopanch::Action),
}

impl AnyAction {
    /// The game it is an action of.
    pub fn game(&self) -> GameKind {
        match self {
            AnyAction::Euchre(_) => GameKind::Euchre,
            AnyAction::Straights(_) => GameKind::Straights,
            AnyAction::TeenDoPanch(_) => GameKind::TeenDoPanch,
        }
    }

    /// An action of `game`, read from any serde format as that game spells it.
    pub fn read<'de, D: Deserializer<'de>>(game: GameKind, from: D) -> Result<AnyAction, D::Error> {
        Ok(match game {
            GameKind::Euchre => AnyAction::Euchre(Deserialize::deserialize(from)?),
            GameKind::Straights => AnyAction::Straights(Deserialize::deserialize(from)?),
            GameKind::TeenDoPanch => AnyAction::TeenDoPanch(Deserialize::deserialize(from)?),
        })
    }
}

/// A game the catalogue knows: which one it is, and its actions tagged as
/// [`AnyAction`]s and back.
pub trait Catalogued: table::Game {
    /// Which game.
    const KIND: GameKind;
    /// The action, tagged with its game.
    fn any(action: Self::Action) -> AnyAction;
    /// The action, if `action` is one of this game's.
    fn from_any(action: AnyAction) -> Option<Self::Action>;
}

/// `Catalogued` for a game whose actions are the `$variant` of [`AnyAction`].
macro_rules! catalogued {
    ($game:ty, $kind:ident) => {
        impl Catalogued for $game {
            const KIND: GameKind = GameKind::$kind;

            fn any(action: Self::Action) -> AnyAction {
                AnyAction::$kind(action)
            }

            fn from_any(action: AnyAction) -> Option<Self::Action> {
                match action {
                    AnyAction::$kind(action) => Some(action),
                    _ => None,
                }
            }
        }
    };
}

catalogued!(euchre::Game, Euchre);
catalogued!(straights::Game, Straights);
catalogued!(teendopanch::Game, TeenDoPanch);

#[cfg(test)]
mod tests {
    use super::*;

    /// `"Pass"` is a pass of whichever game it is read as, and a card play is read only
    /// by the games whose plays are spelt that way.
    #[test]
    fn an_action_is_read_as_the_game_it_is_told() {
        let read =
            |game, text: &str| AnyAction::read(game, &mut serde_json::Deserializer::from_str(text));
        assert_eq!(
            read(GameKind::Euchre, "\"Pass\"").unwrap(),
            AnyAction::Euchre(euchre::Action::Pass)
        );
        assert_eq!(
            read(GameKind::Straights, "\"Pass\"").unwrap(),
            AnyAction::Straights(straights::Action::Pass)
        );
        assert_eq!(
            read(GameKind::TeenDoPanch, "\"Pass\"").unwrap().game(),
            GameKind::TeenDoPanch
        );
        assert!(read(GameKind::Straights, "\"DefendAlone\"").is_err());
        assert!(read(GameKind::TeenDoPanch, r#"{"Discard":"9S"}"#).is_err());
    }

    #[test]
    fn a_games_actions_come_back_only_as_its_own() {
        let pass = euchre::Game::any(euchre::Action::Pass);
        assert_eq!(euchre::Game::from_any(pass), Some(euchre::Action::Pass));
        assert_eq!(straights::Game::from_any(pass), None);
        assert_eq!(teendopanch::Game::from_any(pass), None);
    }
}
