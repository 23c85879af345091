//! The positions the decision, observation and snapshot rows work over: decisions with a
//! choice, from random games of fixed seeds, so that two runs (and two commits) weigh the
//! same positions.

use cards::shuffle::random_index;
use rand::SeedableRng;
use table::{Game, Progress, Rng, Turn};

/// Hands of each game the positions come from: in the second, a scene also shows the
/// hand before, as a snapshot late in a game does.
const HANDS: u32 = 2;

/// Positions of one game type, each with a seat to act that has a choice.
pub struct Positions<G: Game> {
    /// Each hand's first decision with a choice: where a player's work for the hand
    /// begins (the 10–60 ms).
    pub first: Vec<Progress<G>>,
    /// One later decision with a choice from each hand, drawn at random.
    pub later: Vec<Progress<G>>,
}

/// The positions of the first two hands of random games from seeds 1 to `games`.
pub fn positions<G: Game>(new: &impl Fn() -> G, games: u64) -> Positions<G> {
    let mut at = Positions {
        first: Vec::new(),
        later: Vec::new(),
    };
    let mut legal = Vec::new();
    for seed in 1..=games {
        let mut progress = Progress::new(new(), seed, Vec::new()).expect("no prescribed deal");
        let mut rng = Rng::seed_from_u64(!seed);
        let (mut dealt, mut hand) = (0, Vec::new());
        loop {
            let turn = progress.turn();
            if !matches!(turn, Turn::Seat(_)) {
                // A hand is over (or none begun): its decisions are all in.
                at.keep(&mut hand, &mut rng);
            }
            match turn {
                Turn::Seat(seat) => {
                    progress.game().legal_actions(&mut legal);
                    if legal.len() > 1 {
                        hand.push(progress.clone());
                    }
                    let action = legal[random_index(&mut rng, legal.len())];
                    assert!(progress.apply_as(seat, action).is_ok(), "a legal action");
                }
                Turn::Chance if dealt < HANDS => {
                    progress.deal();
                    dealt += 1;
                }
                _ => break,
            }
        }
    }
    assert!(!at.first.is_empty() && !at.later.is_empty(), "no decisions");
    at
}

impl<G: Game> Positions<G> {
    /// Keeps a finished hand's first decision and one other.
    fn keep(&mut self, hand: &mut Vec<Progress<G>>, rng: &mut Rng) {
        if hand.is_empty() {
            return;
        }
        self.first.push(hand.remove(0));
        if !hand.is_empty() {
            self.later
                .push(hand.swap_remove(random_index(rng, hand.len())));
        }
        hand.clear();
    }
}
