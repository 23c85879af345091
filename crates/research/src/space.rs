//! Every game's actions as integers from 0 (`table::space`, each game numbering its own
//! in its crate): a fixed action space a learning program can mask and index,
//! independent of rules and house rules (an action the rules never allow simply never
//! appears among the legal ones).

pub use table::space::{ActionSpace, CARDS};

/// The action numbered `id` (any integer a caller passes), or why there is none.
pub fn numbered<G: ActionSpace + catalogue::Catalogued>(
    id: i64,
) -> Result<G::Action, crate::Error> {
    let action = usize::try_from(id).ok().and_then(G::action_of);
    action.ok_or(crate::Error::NoSuchAction {
        game: G::KIND.name(),
        id,
        last: G::ACTIONS - 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::{Card, Suit};

    /// Every number names one action and that action has that number; none past the end.
    fn numbering_is_one_to_one<G: ActionSpace>() {
        for id in 0..G::ACTIONS {
            let action = G::action_of(id).unwrap_or_else(|| panic!("{id} names an action"));
            assert_eq!(G::action_id(&action), id, "{action:?}");
        }
        assert_eq!(G::action_of(G::ACTIONS), None);
        assert_eq!(G::action_of(usize::MAX), None);
    }

    #[test]
    fn every_game_numbers_its_actions_one_to_one() {
        numbering_is_one_to_one::<euchre::Game>();
        numbering_is_one_to_one::<straights::Game>();
        numbering_is_one_to_one::<teendopanch::Game>();
    }

    /// Worked by hand from the layout above: the jack of hearts is rank 9 (twos are 0),
    /// hearts suit 1, so card 9 × 4 + 1 = 37.
    #[test]
    fn numbers_follow_the_documented_layout() {
        let jh: Card = "JH".parse().unwrap();
        assert_eq!(jh.index(), 37);
        let euchre = |a| <euchre::Game as ActionSpace>::action_id(&a);
        assert_eq!(euchre(euchre::Action::Play(jh)), 78 + 37);
        assert_eq!(euchre(euchre::Action::Discard(jh)), 26 + 37);
        let clubs_alone = euchre::Action::Call {
            suit: Suit::Clubs,
            alone: true,
        };
        assert_eq!(euchre(clubs_alone), 7 + 2);
        let give = teendopanch::Action::Give(jh);
        assert_eq!(
            <teendopanch::Game as ActionSpace>::action_id(&give),
            57 + 37
        );
    }
}
