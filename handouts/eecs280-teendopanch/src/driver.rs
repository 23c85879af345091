//! The game as the reference solution prints it: the game driver, which plays through the rules core.

use cards::pack::Pack;
use rules::{Action, Game, HandResult, Outcome, Phase, Round, Rules, Seat};
use textio::eecs280::Seats;
use textio::{say, Shared, Stop};

/// The players and where the game is printed.
pub struct Driver {
    pub seats: Seats<Game>,
    pub console: Shared,
}

impl Driver {
    pub fn play(&mut self, rules: Rules, pack: &mut Pack) -> Result<(), Stop> {
        let mut game = Game::new(rules);
        while !game.is_over() {
            game.deal(pack.next_deck());
            say!(self.console, "Hand {}", game.hands_dealt())?;
            self.play_hand(&mut game)?;
        }
        say!(self.console, "Game over")?;
        for seat in Seat::ALL {
            say!(
                self.console,
                "{} has {} points",
                self.seats.name(seat),
                game.scores()[seat.index()]
            )?;
        }
        self.console.borrow_mut().flush()?;
        Ok(())
    }

    fn deals(&self, game: &Game, cards: usize) -> Result<(), Stop> {
        let dealer = game.hand().unwrap().dealer();
        say!(
            self.console,
            "{} deals {cards} cards",
            self.seats.name(dealer)
        )?;
        Ok(())
    }

    fn play_hand(&mut self, game: &mut Game) -> Result<(), Stop> {
        self.deals(game, 5)?;
        loop {
            let seat = game
                .turn()
                .expect("a hand in progress has a player to move");
            let hand = *game.hand().unwrap();
            let action = self.seats.act(game, seat.index()).map_err(Stop::Left)?;
            let outcome = game
                .apply(action)
                .unwrap_or_else(|e| panic!("{} chose an {e}", self.seats.name(seat)));
            let name = self.seats.name(seat);
            match action {
                Action::Pass => say!(self.console, "{name} passes")?,
                Action::Call(suit) => say!(self.console, "{name} orders up {suit}")?,
                // A house rule's choice, never taken under the handout's rules.
                Action::Return(_) | Action::Give(_) => {}
                Action::Play(card) => {
                    let verb = if hand.trick().is_empty() {
                        "led"
                    } else {
                        "played"
                    };
                    say!(self.console, "{} {verb} by {name}", card.long())?;
                }
            }
            match (hand.phase(), action) {
                (Phase::Making(Round::One), Action::Pass) => self.deals(game, 3)?,
                (Phase::Making(Round::One), _) => {
                    self.deals(game, 3)?;
                    self.deals(game, 2)?;
                }
                (Phase::Making(Round::Two), _) => self.deals(game, 2)?,
                _ => {}
            }
            if let Outcome::Trick { winner, result } = outcome {
                say!(self.console, "{} takes the trick", self.seats.name(winner))?;
                say!(self.console, "")?;
                if let Some(result) = result {
                    return self.announce(&result);
                }
            }
        }
    }

    fn announce(&self, result: &HandResult) -> Result<(), Stop> {
        for seat in Seat::ALL {
            say!(
                self.console,
                "{} has {} tricks",
                self.seats.name(seat),
                result.tricks[seat.index()]
            )?;
        }
        say!(self.console, "")?;
        Ok(())
    }
}
