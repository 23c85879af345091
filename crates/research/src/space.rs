//! Every game's actions as integers from 0: a fixed action space a learning program can
//! mask and index, independent of rules and house rules (an action the rules never allow
//! simply never appears among the legal ones).
//!
//! Cards are numbered by [`cards::Card::index`] (rank × 4 + suit, twos first, suits in
//! [`cards::Suit::ALL`]'s order), so a card keeps its number in every game.

use cards::{Card, Rank, Suit};

/// Card numbers: 0 to 51.
pub const CARDS: usize = 52;

/// A game whose actions are numbered.
pub trait ActionSpace: table::Game {
    /// How many numbers there are: every action is below this.
    const ACTIONS: usize;
    /// The actions that put down no card (bids, passes): numbered `0..CHOICES`.
    const CHOICES: usize;
    /// The action's number.
    fn action_id(action: &Self::Action) -> usize;
    /// The action numbered `id`, if one is.
    fn action_of(id: usize) -> Option<Self::Action>;
}

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

fn card(id: usize) -> Option<Card> {
    Card::from_index(id)
}

fn suit(id: usize) -> Option<Suit> {
    Suit::ALL.get(id).copied()
}

/// Euchre: 0 pass; 1–2 order up (with partner, alone); 3–6 call a suit with partner and
/// 7–10 alone (suits in `Suit::ALL`'s order); 11 defend alone; 12 McEvoy; 13–25 a
/// farmer's hand of that rank (twos first); 26–77 discard a card; 78–129 play a card.
impl ActionSpace for euchre::Game {
    const ACTIONS: usize = 26 + 2 * CARDS;
    const CHOICES: usize = 26;

    fn action_id(action: &euchre::Action) -> usize {
        use euchre::Action::*;
        match *action {
            Pass => 0,
            OrderUp { alone } => 1 + alone as usize,
            Call { suit, alone } => 3 + 4 * alone as usize + suit.index(),
            DefendAlone => 11,
            McEvoy => 12,
            Farmer(rank) => 13 + rank.index(),
            Discard(card) => 26 + card.index(),
            Play(card) => 26 + CARDS + card.index(),
        }
    }

    fn action_of(id: usize) -> Option<euchre::Action> {
        use euchre::Action::*;
        Some(match id {
            0 => Pass,
            1 | 2 => OrderUp { alone: id == 2 },
            3..=10 => Call {
                suit: suit((id - 3) % 4)?,
                alone: id >= 7,
            },
            11 => DefendAlone,
            12 => McEvoy,
            13..=25 => Farmer(Rank::ALL[id - 13]),
            26..=77 => Discard(card(id - 26)?),
            _ => Play(card(id.checked_sub(26 + CARDS)?)?),
        })
    }
}

/// Straights: 0 pass; 1–52 play a card on the layout; 53–104 discard a card face down.
impl ActionSpace for straights::Game {
    const ACTIONS: usize = 1 + 2 * CARDS;
    const CHOICES: usize = 1;

    fn action_id(action: &straights::Action) -> usize {
        use straights::Action::*;
        match *action {
            Pass => 0,
            Play(card) => 1 + card.index(),
            Discard(card) => 1 + CARDS + card.index(),
        }
    }

    fn action_of(id: usize) -> Option<straights::Action> {
        use straights::Action::*;
        Some(match id {
            0 => Pass,
            1..=52 => Play(card(id - 1)?),
            _ => Discard(card(id.checked_sub(1 + CARDS)?)?),
        })
    }
}

/// Teen Do Panch: 0 pass (wait for more cards before naming trump); 1–4 name a suit
/// trump; 5–56 give a card back in a pull; 57–108 hand over a card (house rule);
/// 109–160 play a card.
impl ActionSpace for teendopanch::Game {
    const ACTIONS: usize = 5 + 3 * CARDS;
    const CHOICES: usize = 5;

    fn action_id(action: &teendopanch::Action) -> usize {
        use teendopanch::Action::*;
        match *action {
            Pass => 0,
            Call(suit) => 1 + suit.index(),
            Return(card) => 5 + card.index(),
            Give(card) => 5 + CARDS + card.index(),
            Play(card) => 5 + 2 * CARDS + card.index(),
        }
    }

    fn action_of(id: usize) -> Option<teendopanch::Action> {
        use teendopanch::Action::*;
        Some(match id {
            0 => Pass,
            1..=4 => Call(suit(id - 1)?),
            5..=56 => Return(card(id - 5)?),
            57..=108 => Give(card(id - 57)?),
            _ => Play(card(id.checked_sub(5 + 2 * CARDS)?)?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
