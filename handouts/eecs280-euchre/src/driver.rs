//! The game as the handout prints it (Appendices A and B): the game driver, which plays through the rules core.

use euchre::{Action, Game, HandResult, Outcome, Phase, Rules, Seat, Team};

use cards::pack::Pack;
use textio::eecs280::Seats;
use textio::say;
use textio::{Shared, Stop};

/// The players and where the game is printed.
pub struct Driver {
    pub seats: Seats<Game>,
    pub console: Shared,
}

impl Driver {
    /// "Alice and Cathy": the lower-numbered partner first.
    fn team_names(&self, team: Team) -> String {
        let [a, b] = team.seats();
        format!("{} and {}", self.seats.name(a), self.seats.name(b))
    }

    /// Plays a whole game to `points_to_win`.
    pub fn play(&mut self, points_to_win: u32, pack: &mut Pack) -> Result<(), Stop> {
        let mut game = Game::new(Rules::eecs280(points_to_win));
        while !game.is_over() {
            game.deal(pack.next_deck());
            self.play_hand(&mut game)?;
        }
        let winner = game.winner().expect("the game is over");
        say!(self.console, "{} win!", self.team_names(winner))?;
        self.console.borrow_mut().flush()?;
        Ok(())
    }

    fn play_hand(&mut self, game: &mut Game) -> Result<(), Stop> {
        let hand = *game.hand().expect("just dealt");
        say!(self.console, "Hand {}", game.hand_number())?;
        say!(self.console, "{} deals", self.seats.name(hand.dealer()))?;
        say!(self.console, "{} turned up", hand.upcard().long())?;
        loop {
            let seat = game
                .turn()
                .expect("a hand in progress has a player to move");
            let phase = game.hand().unwrap().phase();
            let action = self.seats.act(game, seat.index()).map_err(Stop::Left)?;
            let outcome = game
                .apply(action)
                .unwrap_or_else(|e| panic!("{} chose an {e}", self.seats.name(seat)));
            self.announce(seat, phase, action, game)?;
            if let Outcome::Trick { winner, result } = outcome {
                say!(self.console, "{} takes the trick", self.seats.name(winner))?;
                say!(self.console, "")?;
                if let Some(result) = result {
                    return self.score(&result, game);
                }
            }
        }
    }

    /// Prints what a player did; a blank line closes the making of trump.
    fn announce(&self, seat: Seat, phase: Phase, action: Action, game: &Game) -> Result<(), Stop> {
        let name = self.seats.name(seat);
        let hand = game.hand().unwrap();
        match action {
            Action::Pass => say!(self.console, "{name} passes")?,
            Action::OrderUp { .. } => {
                say!(self.console, "{name} orders up {}", hand.upcard().suit())?
            }
            Action::Call { suit, .. } => say!(self.console, "{name} orders up {suit}")?,
            // No defending alone under the handout's rules: never taken here.
            Action::Discard(_) | Action::DefendAlone | Action::McEvoy | Action::Farmer(_) => {}
            Action::Play(card) => {
                let verb = if hand.trick().len() == 1 {
                    "led"
                } else {
                    "played"
                };
                say!(self.console, "{} {verb} by {name}", card.long())?;
            }
        }
        if phase != Phase::Tricks && hand.phase() == Phase::Tricks {
            say!(self.console, "")?;
        }
        Ok(())
    }

    fn score(&self, result: &HandResult, game: &Game) -> Result<(), Stop> {
        say!(
            self.console,
            "{} win the hand",
            self.team_names(result.winner)
        )?;
        if result.is_march() {
            say!(self.console, "march!")?;
        } else if result.is_euchre() {
            say!(self.console, "euchred!")?;
        }
        for team in Team::BOTH {
            say!(
                self.console,
                "{} have {} points",
                self.team_names(team),
                game.score(team)
            )?;
        }
        say!(self.console, "")?;
        Ok(())
    }
}
