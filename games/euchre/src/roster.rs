//! Euchre's computer players for the catalogue's roster: the handout's player of the
//! rules in force, the strong player, and the learned player as the expert and the coach.

use table::search::Advisor;
use table::{Agent, Computers};

use crate::players::{Cs246, Learned, Simple, Strong};
use crate::{Game, Rules};

impl Computers for Game {
    type Strong = Strong;

    /// The handout player is the one of the rules' handout.
    fn handout(&self) -> Box<dyn Agent<Game>> {
        match self.rules().name() {
            "cs246" => Box::new(Cs246),
            _ => Box::new(Simple),
        }
    }

    fn strong(&self, samples: Option<usize>) -> Strong {
        samples.map_or_else(Strong::default, Strong::new)
    }

    /// The learned player, measured stronger than the strong one (docs/BOTS.md).
    fn expert(&self) -> Box<dyn Agent<Game>> {
        Box::new(Learned::shipped(self.rules()))
    }

    /// The learned player bids by the network trained for the rules.
    fn learned(&self, samples: Option<usize>) -> Option<Box<dyn Agent<Game>>> {
        let rules: &Rules = self.rules();
        Some(Box::new(match samples {
            None => Learned::shipped(rules),
            Some(n) => Learned::playing_on(rules, n),
        }))
    }

    /// The expert, the learned player, as the coach and the review's judge.
    fn advisor(&self) -> Box<dyn Advisor<Game>> {
        Box::new(Learned::shipped(self.rules()))
    }
}
