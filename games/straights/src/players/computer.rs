use crate::{Action, Game, Leave, Player, View};

/// The handout's computer player (5.5.3): the first legal play in its hand, else it
/// discards the first card in its hand.
#[derive(Clone, Copy, Debug, Default)]
pub struct Computer;

impl Player<Game> for Computer {
    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave> {
        Ok(decide(view))
    }
}

/// The handout computer's choice (passing where the house rule passes instead of
/// discarding: the handout has no such rule).
pub fn decide(view: &View<'_>) -> Action {
    match view.legal_plays().first() {
        Some(&card) => Action::Play(card),
        None if view.passing() => Action::Pass,
        None => Action::Discard(view.hand().next().expect("a player to move holds a card")),
    }
}
