//! Random play: the rules core's hands as the random player plays them (the first hand
//! of a new game, to its next deal), counted in hands like the floor beside it.

use table::Game;

use crate::cores::random_hands;
use crate::turnabout::Side;

/// Random hands of the game `new` makes, one unit each.
pub fn side<G: Game + 'static>(new: impl Fn() -> G + 'static) -> Side {
    Side::each(move |rng, n| random_hands::<_, false>(&new, n, rng))
}
