//! What an accepted action did, in one shape for every game: each rules core reports its
//! own `Outcome` (as shakmaty's moves report theirs), and [`Outcome::happened`] says it in
//! the words every face shares — a trick taken and by whom, a hand scored and why.

use serde::{Deserialize, Serialize};

/// A game's own report of what an action did.
pub trait Outcome: Copy + std::fmt::Debug + Send + Sync + 'static {
    /// The same, in the shape every game shares.
    fn happened(&self) -> Happened;
}

/// What an action did beyond itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Happened {
    /// The seat that took the trick this action completed.
    pub trick_taken: Option<usize>,
    /// How the hand (a Straights round) this action ended was scored.
    pub hand_over: Option<HandOver>,
    /// A penalty scored on the spot (a CS 246 renege).
    pub penalty: Option<Penalty>,
    /// The upcard an order-up made trump (Euchre): public, and named in every log, as
    /// the action itself does not carry it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upcard: Option<OrderedUp>,
    /// Cards an action showed to every player (Euchre's farmer's hand: the three swapped
    /// for the kitty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shown: Option<[cards::Card; 3]>,
    /// The seat this action handed a card to (Teen Do Panch's card given back in a pull,
    /// or handed over): public, though the card may not be, so every log names who
    /// received it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub passed_to: Option<usize>,
}

/// An upcard ordered up (Euchre), and by whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderedUp {
    /// The upcard.
    pub card: cards::Card,
    /// Whether the dealer itself took it (the CS 246 handout: it "picks up the card").
    pub by_dealer: bool,
}

/// How a hand ended and was scored. Points are each seat's gain (a partnership's gain
/// counts for both partners), seats past the game's count are zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum HandOver {
    /// Nobody made trump: the hand is thrown in, nothing scored.
    ThrownIn,
    /// A player threw in a hand it was allowed to refuse (Euchre's McEvoy): the same
    /// dealer deals again.
    Refused {
        /// Who threw it in.
        by: usize,
    },
    /// The makers took three or four tricks.
    Made {
        /// A seat of the side that made trump.
        makers: usize,
        /// Whether a maker played alone.
        alone: bool,
        /// Tricks the makers took.
        tricks: u8,
        /// Points the makers scored.
        points: u32,
    },
    /// The makers took all five tricks.
    March {
        /// A seat of the side that made trump.
        makers: usize,
        /// Whether a maker played alone.
        alone: bool,
        /// Points the makers scored.
        points: u32,
    },
    /// The makers took fewer than three tricks: the defenders score.
    Euchred {
        /// A seat of the side that made trump.
        makers: usize,
        /// Tricks the makers took.
        tricks: u8,
        /// Points the defenders scored.
        points: u32,
    },
    /// Each seat's tricks against its quota (Teen Do Panch).
    Quotas {
        /// Tricks each seat took.
        tricks: [u8; 4],
        /// Each seat's quota.
        quotas: [u8; 4],
        /// Points each seat scored.
        points: [u32; 4],
    },
    /// Every card is played or discarded (Straights): each seat's penalty points.
    Round {
        /// Points each seat gained (up to eight seats; zero past the game's seats).
        points: [u32; 8],
    },
}

/// Points scored at once for a broken rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Penalty {
    /// A seat of the side that gains the points.
    pub to: usize,
    /// The points.
    pub points: u32,
}

/// Games whose report of an action is nothing at all.
impl Outcome for () {
    fn happened(&self) -> Happened {
        Happened::default()
    }
}
