//! Every game's actions as integers from 0: a fixed action space a learning program can
//! mask and index, independent of rules and house rules (an action the rules never allow
//! simply never appears among the legal ones); and the blocks a game adds to its
//! observation tensor after the ones every game shares.
//!
//! Each game numbers its own actions in its crate (`impl ActionSpace for Game`);
//! research's tensors, batches and the Python package read them through this trait.
//!
//! Cards are numbered by [`cards::Card::index`] (rank × 4 + suit, twos first, suits in
//! [`cards::Suit::ALL`]'s order), so a card keeps its number in every game.

use cards::{Card, Suit};

/// Card numbers: 0 to 51.
pub const CARDS: usize = 52;

/// One block of an observation tensor: its name, its length and what it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// The block's name (`hand`).
    pub name: &'static str,
    /// How many numbers.
    pub len: usize,
    /// What they are.
    pub what: &'static str,
}

/// A game whose actions are numbered: first the actions that put down no card, then a
/// block of [`CARDS`] numbers for each kind of card action, a card each.
pub trait ActionSpace: crate::Game {
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

    /// The game's own blocks of its observation tensor at a table of `seats`, after the
    /// blocks every game shares: its key facts no shared block holds (none by default).
    fn own_blocks(seats: usize) -> Vec<Block> {
        let _ = seats;
        Vec::new()
    }

    /// Writes [`ActionSpace::own_blocks`] as `to` (a seat, or `None` for a spectator) may
    /// know them into `out`, their total length, zeroed: from the game's public view and
    /// `to`'s own, per-seat entries counted from `to` (entry 0 is `to`, 1 the seat after
    /// it; a spectator's from seat 0).
    fn observe_own(&self, to: Option<usize>, out: &mut [f32]) {
        let _ = (to, out);
    }

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

/// The suit numbered `id` in [`Suit::ALL`]'s order, if one is: the games' suit choices.
pub fn suit(id: usize) -> Option<Suit> {
    Suit::ALL.get(id).copied()
}
