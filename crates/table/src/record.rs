use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{Game, Progress};

/// A whole game as (game, variant, seed, seats, actions): dealing from an RNG seeded
/// with `seed` and applying `actions` in order reaches the same final state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord<A> {
    /// The game's name (`euchre`).
    pub game: String,
    /// The rules variant's name (`eecs280`).
    pub variant: String,
    /// Points to win (games that play to a score; records without it were played to 10).
    #[serde(default = "ten")]
    pub points: u32,
    /// House rules on top of the variant, as [`Game::house`] writes them (`alone=off`);
    /// none for a game played as its variant.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub house: Vec<String>,
    /// Seeds the RNG of chance (shuffles).
    pub seed: u64,
    /// Prescribed decks for the first hands (duplicate play, tests), each the pack in
    /// the order dealt; the seed shuffles the hands after them. Usually empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deals: Vec<Vec<cards::Card>>,
    /// Who sat in each seat.
    pub seats: Vec<RecordSeat>,
    /// Every action taken, in order.
    pub actions: Vec<A>,
}

/// Who sat in one seat of a recorded game. A record writes it as the text records have
/// always held — `person:NAME`, a computer player's kind (`strong`), or `open` — so a
/// record from before reads as it is and writes back the same bytes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RecordSeat {
    /// A person, by the name the table showed.
    Person(String),
    /// A computer player, by its kind (`strong`, `handout`, `random`).
    Computer(String),
    /// Nobody: the seat was never taken.
    Open,
}

impl RecordSeat {
    /// What a person's seat is written after.
    const PERSON: &'static str = "person:";

    /// The seat a record's text names: every text is one (a kind the catalogue does not
    /// know is still a computer's, which the replay names and never runs).
    pub fn read(text: &str) -> RecordSeat {
        match text.strip_prefix(RecordSeat::PERSON) {
            Some(name) => RecordSeat::Person(name.to_string()),
            None if text == "open" => RecordSeat::Open,
            None => RecordSeat::Computer(text.to_string()),
        }
    }

    /// The person's name, if a person sat here.
    pub fn person(&self) -> Option<&str> {
        match self {
            RecordSeat::Person(name) => Some(name),
            _ => None,
        }
    }
}

impl fmt::Display for RecordSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordSeat::Person(name) => write!(f, "{}{name}", RecordSeat::PERSON),
            RecordSeat::Computer(kind) => f.write_str(kind),
            RecordSeat::Open => f.write_str("open"),
        }
    }
}

impl Serialize for RecordSeat {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for RecordSeat {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Ok(RecordSeat::read(&text))
    }
}

fn ten() -> u32 {
    10
}

/// `euchre eecs280`, with ` alone=off,renege=2` when house rules apply.
fn described(game: &str, variant: &str, house: &[String]) -> String {
    match house {
        [] => format!("{game} {variant}"),
        _ => format!("{game} {variant} {}", house.join(",")),
    }
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError<R> {
    /// The record is of another game or rules variant than the game it was replayed on.
    WrongGame {
        /// The record's `game variant`.
        recorded: String,
        /// The given game's `game variant`.
        given: String,
    },
    /// The rules refused the action at this index of the record.
    Refused {
        /// The action's place in the record's `actions`, from 0.
        index: usize,
        /// Why the rules refused it.
        refusal: R,
    },
    /// The game ended before the record's actions did; the first extra is at `index`.
    ActionsAfterEnd {
        /// The first extra action's place in the record's `actions`.
        index: usize,
    },
    /// A prescribed deck is not the game's pack in some order.
    NotADeck {
        /// Its place in the record's `deals`, from 0.
        index: usize,
    },
}

impl<R: fmt::Display> fmt::Display for ReplayError<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::WrongGame { recorded, given } => {
                write!(f, "a {recorded} record cannot be replayed on {given}")
            }
            ReplayError::Refused { index, refusal } => {
                write!(f, "action {index} of the record is refused: {refusal}")
            }
            ReplayError::ActionsAfterEnd { index } => {
                write!(f, "the game is over before action {index} of the record")
            }
            ReplayError::NotADeck { index } => {
                write!(f, "deal {index} of the record is not the game's pack")
            }
        }
    }
}

impl<R: fmt::Debug + fmt::Display> std::error::Error for ReplayError<R> {}

impl<A: Copy + fmt::Debug> GameRecord<A> {
    /// The record of `game`, played from its start with a random player in every seat
    /// (`random`), dealt from `seed`, to `points`, taking `actions`: what tests and the
    /// arena's checks write.
    pub fn of_random<G: Game<Action = A>>(
        game: &G,
        seed: u64,
        points: u32,
        actions: Vec<A>,
    ) -> GameRecord<A> {
        GameRecord {
            game: game.name().to_string(),
            variant: game.variant().to_string(),
            points,
            house: game.house(),
            seed,
            deals: Vec::new(),
            seats: vec![RecordSeat::Computer("random".into()); game.seats()],
            actions,
        }
    }

    /// Whether `game` is of the record's game, rules variant and house rules.
    pub fn check_game<G: Game<Action = A>>(&self, game: &G) -> Result<(), ReplayError<G::Refusal>> {
        if game.name() != self.game || game.variant() != self.variant || game.house() != self.house
        {
            return Err(ReplayError::WrongGame {
                recorded: described(&self.game, &self.variant, &self.house),
                given: described(game.name(), game.variant(), &game.house()),
            });
        }
        Ok(())
    }

    /// Replays onto `game` (a fresh game of the recorded variant) through
    /// [`Progress::replay`], the one replay loop.
    pub fn replay<G: Game<Action = A>>(&self, game: G) -> Result<G, ReplayError<G::Refusal>> {
        Progress::from_record(game, self).map(Progress::into_game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A record line as the server wrote them before seats were typed (a person, two
    /// computers, a seat nobody took): it reads into typed seats and writes back the same
    /// bytes.
    #[test]
    fn an_older_records_seats_read_typed_and_write_back_the_same() {
        let line = r#"{"game":"euchre","variant":"cs246","points":10,"seed":7,"seats":["person:Ada","strong","open","person:person:Bo"],"actions":[]}"#;
        let record: GameRecord<u8> = serde_json::from_str(line).unwrap();
        assert_eq!(
            record.seats,
            [
                RecordSeat::Person("Ada".into()),
                RecordSeat::Computer("strong".into()),
                RecordSeat::Open,
                RecordSeat::Person("person:Bo".into()),
            ]
        );
        assert_eq!(serde_json::to_string(&record).unwrap(), line);
    }

    /// Only the seat's text says what it is: `person:` alone is a person with an empty
    /// name, and a kind no catalogue knows is still a computer's.
    #[test]
    fn every_text_is_a_seat() {
        assert_eq!(
            RecordSeat::read("person:"),
            RecordSeat::Person(String::new())
        );
        assert_eq!(
            RecordSeat::read("Person:Ada"),
            RecordSeat::Computer("Person:Ada".into())
        );
        assert_eq!(RecordSeat::Person("Ada".into()).person(), Some("Ada"));
        assert_eq!(RecordSeat::Open.person(), None);
    }
}
