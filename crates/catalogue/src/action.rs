//! A game the catalogue knows, and its actions tagged by their game ([`AnyAction`], made
//! at the registration point): what the server carries from the socket to the store, so
//! `Pass` is never one of three games' passes by guesswork.

use crate::{AnyAction, GameKind};

/// A game the catalogue knows: which one it is, and its actions tagged as
/// [`AnyAction`]s and back.
pub trait Catalogued: table::Game + staging::Staged {
    /// Which game.
    const KIND: GameKind;
    /// The action, tagged with its game.
    fn any(action: Self::Action) -> AnyAction;
    /// The action, if `action` is one of this game's.
    fn from_any(action: AnyAction) -> Option<Self::Action>;
}

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
