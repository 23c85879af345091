//! What an accepted action did, in one shape for every game: each rules core reports its
//! own `Outcome` (as shakmaty's moves report theirs), and [`Outcome::happened`] says it in
//! the words every face shares — a trick taken and by whom, a hand scored and why.

use serde::{Deserialize, Serialize};

/// A game's own report of what an action did.
pub trait Outcome: Copy + std::fmt::Debug + Send + Sync + 'static {
    /// How a hand of the game ends, as its core scored it: the game's own type, whose
    /// words its staging gives.
    type HandOver: HandOver;
    /// What else an action made known to everyone, in the game's own terms (Euchre's
    /// upcard ordered up, a farmer's hand shown); `()` for a game with nothing more.
    type Disclosed: Copy + std::fmt::Debug + PartialEq + Eq + Send + Sync + 'static;
    /// The same, in the shape every game shares.
    fn happened(&self) -> Happened<Self::HandOver, Self::Disclosed>;
}

/// How a hand (a Straights round) ended and was scored, in the game's own terms (Euchre's
/// made, march and euchre; Teen Do Panch's quotas): what every face needs of it besides
/// its words, which the game's staging gives.
pub trait HandOver: Copy + std::fmt::Debug + PartialEq + Eq + Send + Sync + 'static {
    /// The points the hand scored, each given to `each` as a seat and its gain; a
    /// partnership's once, to one seat of it (a renege's penalty aside: that is
    /// [`Happened::penalty`]).
    fn scored(&self, each: &mut dyn FnMut(usize, u32));
}

/// What `G`'s actions report ([`Happened`] with the game's own [`HandOver`] and
/// [`Outcome::Disclosed`]).
pub type HappenedIn<G> = Happened<HandOverOf<G>, DisclosedOf<G>>;

/// What else an action of `G` made known to everyone ([`Outcome::Disclosed`]).
pub type DisclosedOf<G> = <<G as crate::Game>::Outcome as Outcome>::Disclosed;

/// How a hand of `G` ends ([`Outcome::HandOver`]).
pub type HandOverOf<G> = <<G as crate::Game>::Outcome as Outcome>::HandOver;

/// What an action did beyond itself; `H` is how the game's hands end ([`HandOver`]), `D`
/// what else the game's actions make known ([`Outcome::Disclosed`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Happened<H, D = ()> {
    /// The seat that took the trick this action completed.
    pub trick_taken: Option<usize>,
    /// How the hand (a Straights round) this action ended was scored.
    pub hand_over: Option<H>,
    /// A penalty scored on the spot (a CS 246 renege).
    pub penalty: Option<Penalty>,
    /// What else it made known to everyone, in the game's own terms: public, and named
    /// in every log (Euchre's upcard ordered up, which the action itself does not carry).
    pub disclosed: Option<D>,
    /// The seat this action handed a card to (Teen Do Panch's card given back in a pull,
    /// or handed over): public, though the card may not be, so every log names who
    /// received it.
    pub passed_to: Option<usize>,
}

impl<H, D> Default for Happened<H, D> {
    /// Nothing beyond the action itself.
    fn default() -> Happened<H, D> {
        Happened {
            trick_taken: None,
            hand_over: None,
            penalty: None,
            disclosed: None,
            passed_to: None,
        }
    }
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
    type HandOver = ();
    type Disclosed = ();

    fn happened(&self) -> Happened<(), ()> {
        Happened::default()
    }
}

/// A hand that ends scoring nothing (test games).
impl HandOver for () {
    fn scored(&self, _: &mut dyn FnMut(usize, u32)) {}
}
