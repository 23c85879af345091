//! A game's computer players, declared in its own crate: the catalogue's roster builds
//! every named player (`random`, `handout`, `strong:N`, the levels, Euchre's `learned`)
//! from these, the same way for every game.

use crate::search::Advisor;
use crate::{Agent, Listed};

/// The players a game brings: its handout's, its strong player, its expert and the coach.
pub trait Computers: Listed {
    /// The strong player's type: the named levels below expert are it with fewer deals,
    /// choosing like a person (`search::Tempered`), so it must advise as well as act.
    type Strong: Agent<Self> + Advisor<Self> + 'static;

    /// The handout's player under these rules (EECS 280's Simple, the CS 246 computer
    /// player).
    fn handout(&self) -> Box<dyn Agent<Self>>;

    /// The strong player sampling `samples` deals a decision, or its default number.
    fn strong(&self, samples: Option<usize>) -> Self::Strong;

    /// The strongest player, the level called expert: the strong player unless the game
    /// has a stronger one (Euchre's learned player).
    fn expert(&self) -> Box<dyn Agent<Self>> {
        Box::new(self.strong(None))
    }

    /// The learned player sampling `samples` deals a decision from the second trick on,
    /// or the shipped one's; `None` where the game has none (the strong player stands in).
    fn learned(&self, samples: Option<usize>) -> Option<Box<dyn Agent<Self>>> {
        let _ = samples;
        None
    }

    /// The expert as a coach: the value of every legal action, from one seat's
    /// information only.
    fn advisor(&self) -> Box<dyn Advisor<Self>>;
}

/// [`Computers`] for a game whose handout player `$handout` and strong player `$strong`
/// (its expert and coach) are built by `Default`, the strong one by `new(samples)` too.
#[macro_export]
macro_rules! computers {
    ($game:ty, $handout:ty, $strong:ty) => {
        impl $crate::Computers for $game {
            type Strong = $strong;

            fn handout(&self) -> Box<dyn $crate::Agent<$game>> {
                Box::new(<$handout>::default())
            }

            fn strong(&self, samples: Option<usize>) -> $strong {
                samples.map_or_else(<$strong>::default, <$strong>::new)
            }

            fn advisor(&self) -> Box<dyn $crate::search::Advisor<$game>> {
                Box::new(<$strong>::default())
            }
        }
    };
}
