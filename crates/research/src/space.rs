//! Every game's actions as integers from 0: a fixed action space a learning program can
//! mask and index, independent of rules and house rules (an action the rules never allow
//! simply never appears among the legal ones).
//!
//! Cards are numbered by [`cards::Card::index`] (rank × 4 + suit, twos first, suits in
//! [`cards::Suit::ALL`]'s order), so a card keeps its number in every game.

use cards::{Card, Rank, Suit};

/// Card numbers: 0 to 51.
pub const CARDS: usize = 52;

/// A game whose actions are numbered: first the actions that put down no card, then a
/// block of [`CARDS`] numbers for each kind of card action, a card each.
pub trait ActionSpace: table::Game {
    /// The actions that put down no card (bids, passes): numbered `0..CHOICES`.
    const CHOICES: usize;
    /// The kinds of card action, in the order of their blocks.
    const CARD_ACTIONS: &'static [fn(Card) -> Self::Action];
    /// How many numbers there are: every action is below this.
    const ACTIONS: usize = Self::CHOICES + Self::CARD_ACTIONS.len() * CARDS;
    /// The action's number.
    fn action_id(action: &Self::Action) -> usize;
    /// The action numbered `id`, if one is.
    fn action_of(id: usize) -> Option<Self::Action>;

    /// The number of `card` in the `block`th kind of card action.
    fn card_id(block: usize, card: Card) -> usize {
        Self::CHOICES + block * CARDS + card.index()
    }

    /// The card action numbered `id` (`CHOICES` and up), if one is.
    fn card_action(id: usize) -> Option<Self::Action> {
        let past = id.checked_sub(Self::CHOICES)?;
        let kind = Self::CARD_ACTIONS.get(past / CARDS)?;
        Some(kind(Card::from_index(past % CARDS)?))
    }
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

fn suit(id: usize) -> Option<Suit> {
    Suit::ALL.get(id).copied()
}

/// Euchre: 0 pass; 1–2 order up (with partner, alone); 3–6 call a suit with partner and
/// 7–10 alone (suits in `Suit::ALL`'s order); 11 defend alone; 12 McEvoy; 13–25 a
/// farmer's hand of that rank (twos first); 26–77 discard a card; 78–129 play a card.
impl ActionSpace for euchre::Game {
    const CHOICES: usize = 26;
    const CARD_ACTIONS: &'static [fn(Card) -> euchre::Action] =
        &[euchre::Action::Discard, euchre::Action::Play];

    fn action_id(action: &euchre::Action) -> usize {
        use euchre::Action::*;
        match *action {
            Pass => 0,
            OrderUp { alone } => 1 + alone as usize,
            Call { suit, alone } => 3 + 4 * alone as usize + suit.index(),
            DefendAlone => 11,
            McEvoy => 12,
            Farmer(rank) => 13 + rank.index(),
            Discard(card) => Self::card_id(0, card),
            Play(card) => Self::card_id(1, card),
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
            _ => return Self::card_action(id),
        })
    }
}

/// Straights: 0 pass; 1–52 play a card on the layout; 53–104 discard a card face down.
impl ActionSpace for straights::Game {
    const CHOICES: usize = 1;
    const CARD_ACTIONS: &'static [fn(Card) -> straights::Action] =
        &[straights::Action::Play, straights::Action::Discard];

    fn action_id(action: &straights::Action) -> usize {
        match *action {
            straights::Action::Pass => 0,
            straights::Action::Play(card) => Self::card_id(0, card),
            straights::Action::Discard(card) => Self::card_id(1, card),
        }
    }

    fn action_of(id: usize) -> Option<straights::Action> {
        match id {
            0 => Some(straights::Action::Pass),
            _ => Self::card_action(id),
        }
    }
}

/// Teen Do Panch: 0 pass (wait for more cards before naming trump); 1–4 name a suit
/// trump; 5–56 give a card back in a pull; 57–108 hand over a card (house rule);
/// 109–160 play a card.
impl ActionSpace for teendopanch::Game {
    const CHOICES: usize = 5;
    const CARD_ACTIONS: &'static [fn(Card) -> teendopanch::Action] = &[
        teendopanch::Action::Return,
        teendopanch::Action::Give,
        teendopanch::Action::Play,
    ];

    fn action_id(action: &teendopanch::Action) -> usize {
        use teendopanch::Action::*;
        match *action {
            Pass => 0,
            Call(suit) => 1 + suit.index(),
            Return(card) => Self::card_id(0, card),
            Give(card) => Self::card_id(1, card),
            Play(card) => Self::card_id(2, card),
        }
    }

    fn action_of(id: usize) -> Option<teendopanch::Action> {
        match id {
            0 => Some(teendopanch::Action::Pass),
            1..=4 => Some(teendopanch::Action::Call(suit(id - 1)?)),
            _ => Self::card_action(id),
        }
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
