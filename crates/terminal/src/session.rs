//! One game at the terminal: the person's seat, computer players in the others, the deal
//! from a seed, and every action kept as a game record. The faces (the drawn table and
//! line mode) see it through [`Sitting`] (a person at a game, or at a replay), as the
//! scene for the person's seat ([`scene::Shown`]) — the same the server sends a seat — so
//! no face can show what the seat may not see, and none works out a rule.

use catalogue::WithGame;
use scene::{Nameplate, Presence, Shown};

use crate::error::OpenError;
use catalogue::{PlayerSpec, Roster, Ruleset};
use rand::SeedableRng;
use table::{Agent, NotADeck, Progress, RecordSeat, ReplayError, Rng, Turn};

/// The person always sits here.
pub const YOU: usize = 0;

/// What a table is: the game, its rules, points to win, the deal's seed.
#[derive(Clone, Debug, PartialEq)]
pub struct About {
    /// `euchre`, `straights` or `teendopanch`.
    pub game: &'static str,
    /// The rules variant's name.
    pub rules: &'static str,
    /// Points to win.
    pub points: u32,
    /// The seed of the deal.
    pub seed: u64,
}

/// A person sitting at a game in progress or a replay: what a face needs of it, for any
/// game.
pub trait Sitting {
    /// What the table is.
    fn about(&self) -> &About;
    /// What the person is shown: the scene in their words and their own part (none in
    /// a replay).
    fn shown(&self) -> Shown;
    /// A number that changes whenever what is shown may have changed: the drawn table
    /// keeps what it derives until it does.
    fn version(&self) -> u64;
    /// Takes the person's legal action `index` (of [`scene::Own::actions`]).
    fn act(&mut self, index: usize);
    /// Lets the computer (or the deal) take one step; false when the person must act or
    /// the game is over.
    fn step(&mut self) -> bool;
    /// The strong player's values of the person's legal actions, from the person's seat's
    /// information only; `None` off the person's turn (and in a replay).
    fn coach(&mut self) -> Option<scene::Coaching>;
    /// Hands completed.
    fn hands(&self) -> u32;
    /// The game as a record line (the arena's `--record` format).
    fn record(&self) -> String;
    /// A replay moves to step `at` and says where it is (step, steps, what happened);
    /// a game in progress is not a replay.
    fn seek(&mut self, _at: usize) -> Option<(usize, usize, String)> {
        None
    }
    /// The step a replay shows.
    fn position(&self) -> Option<usize> {
        None
    }
    /// Every seat's cards face up, as a replay's step holds them; none in a game in
    /// progress.
    fn face_up(&self) -> Option<Vec<Vec<cards::Card>>> {
        None
    }
    /// Why the person may not put `card` down now, in the rules core's words (`Hearts
    /// was led and the hand holds one, so it must follow suit`); `None` when it may, or
    /// when no card is put down now (a bid), or in a replay.
    fn refusal(&self, _card: cards::Card) -> Option<String> {
        None
    }
    /// What the last action left on the table, for how long it stays before the next
    /// computer step ([`scene::Pace`]); `None` before the first, and in a replay.
    fn beat(&self) -> Option<scene::Beat> {
        None
    }
    /// How to play the game under its rules in force ([`scene::how_to_play`]), for the
    /// help; `None` in a replay (its record names the rules, not a game to learn).
    fn how_to_play(&self) -> Option<scene::HowToPlay> {
        None
    }
}

/// A game being played: the game in progress and the computer players.
pub struct Session<G: Roster> {
    about: About,
    progress: Progress<G>,
    rng: Rng,
    computers: Vec<Option<Box<dyn Agent<G>>>>,
    lineup: Vec<RecordSeat>,
    nameplates: Vec<Nameplate>,
    /// Actions applied and hands dealt.
    changes: u64,
    /// The rules in force, for how to play.
    rules: catalogue::Ruleset,
}

/// How a game is set up.
#[derive(Clone, Debug)]
pub struct Setup {
    /// The game, its rules, points to win and house rules.
    pub rules: Ruleset,
    /// The deal's seed.
    pub seed: u64,
    /// The computer players.
    pub opponents: PlayerSpec,
}

/// The seats around a table of `seats`, the person first, as a person sees them: by
/// their places round three or four, by number round more (Straights for up to eight).
fn nameplates(seats: usize) -> Vec<Nameplate> {
    let names: Vec<String> = match seats {
        3 => vec!["You".into(), "Left".into(), "Right".into()],
        4 => vec!["You".into(), "West".into(), "North".into(), "East".into()],
        _ => std::iter::once("You".to_string())
            .chain((2..=seats).map(|n| format!("Player {n}")))
            .collect(),
    };
    names
        .iter()
        .enumerate()
        .map(|(seat, n)| Nameplate {
            name: n.to_string(),
            presence: if seat == YOU {
                Presence::Person
            } else {
                Presence::Computer
            },
        })
        .collect()
}

impl<G: Roster> Session<G> {
    /// A session of `progress`'s game as `setup` says: a new one, or one taken up.
    fn new(setup: &Setup, progress: Progress<G>) -> Session<G> {
        let game = progress.game();
        let seats = game.seats();
        let computers = (0..seats)
            .map(|seat| (seat != YOU).then(|| game.agent(setup.opponents)))
            .collect();
        let mut lineup = vec![RecordSeat::Person("You".into())];
        lineup.extend((1..seats).map(|_| RecordSeat::Computer(setup.opponents.to_string())));
        // Computer players' choices from here are seeded by how far the game got.
        let done = progress.actions().len() as u64;
        Session {
            about: About {
                game: setup.rules.variant().game().name(),
                rules: setup.rules.variant().rules(),
                points: setup.rules.points(),
                seed: setup.seed,
            },
            nameplates: nameplates(seats),
            progress,
            rng: Rng::seed_from_u64(!setup.seed ^ done),
            computers,
            lineup,
            changes: done,
            rules: setup.rules.clone(),
        }
    }
}

impl<G: Roster> Sitting for Session<G> {
    fn about(&self) -> &About {
        &self.about
    }

    fn shown(&self) -> Shown {
        scene::shown(
            &self.progress,
            Some(YOU),
            &self.nameplates,
            self.about.points,
        )
    }

    fn version(&self) -> u64 {
        self.changes
    }

    fn beat(&self) -> Option<scene::Beat> {
        scene::Beat::last(&self.progress)
    }

    fn how_to_play(&self) -> Option<scene::HowToPlay> {
        Some(scene::how_to_play(&self.rules))
    }

    fn act(&mut self, index: usize) {
        let mut legal = Vec::new();
        self.progress.game().legal_actions(&mut legal);
        if let Some(&action) = legal.get(index) {
            if self.progress.apply_as(YOU, action).is_ok() {
                self.changes += 1;
            }
        }
    }

    fn step(&mut self) -> bool {
        match self.progress.turn() {
            Turn::Over => false,
            Turn::Chance => {
                self.progress.deal();
                self.changes += 1;
                true
            }
            Turn::Seat(seat) => {
                let Some(agent) = self.computers[seat].as_mut() else {
                    return false;
                };
                self.progress.act_for(agent.as_mut(), seat, &mut self.rng);
                self.changes += 1;
                true
            }
        }
    }

    fn coach(&mut self) -> Option<scene::Coaching> {
        // The coach's own generator, from what the seat knows: asking never changes what
        // the computers will do, and the game's review (`replay --review`) says the same.
        scene::Coaching::at(&self.progress, YOU)
    }

    fn hands(&self) -> u32 {
        self.progress.game().hands()
    }

    fn refusal(&self, card: cards::Card) -> Option<String> {
        // The person's legal action that puts a card down (a play, a discard, a card
        // given back), with `card` in its place, as the game spells its actions; the
        // rules core says why it refuses it.
        let mut legal = Vec::new();
        self.progress.game().legal_actions(&mut legal);
        let (like, held) = legal
            .iter()
            .find_map(|a| G::card_of(a).map(|(held, _)| (a, held)))?;
        let spelt = serde_json::to_string(like).ok()?;
        let (held, card) = (
            serde_json::to_string(&held).ok()?,
            serde_json::to_string(&card).ok()?,
        );
        let action: G::Action = serde_json::from_str(&spelt.replacen(&held, &card, 1)).ok()?;
        let mut game = self.progress.game().clone();
        game.apply_as(YOU, action).err().map(|why| why.to_string())
    }

    fn record(&self) -> String {
        let record = self.progress.record(self.lineup.clone(), self.about.points);
        serde_json::to_string(&record).expect("records serialize")
    }
}

/// Builds the session of the catalogue's game type.
struct Open<'a> {
    setup: &'a Setup,
    /// A record line to take up.
    record: Option<&'a str>,
}

impl WithGame for Open<'_> {
    type Output = Result<Box<dyn Sitting>, OpenError>;

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        let Some(line) = self.record else {
            let progress = Progress::new(new(), self.setup.seed, Vec::new())?;
            return Ok(Box::new(Session::new(self.setup, progress)));
        };
        // A record's prescribed decks deal its first hands again, as they did.
        let record: table::GameRecord<G::Action> = catalogue::read_record(line)?;
        let actions = record.actions.iter().copied();
        let progress = Progress::replay(new(), self.setup.seed, record.deals, actions, |_, _| {})
            .map_err(|e| match e {
            ReplayError::ActionsAfterEnd { index } => OpenError::AfterTheEnd(index + 1),
            ReplayError::Refused { index, .. } => OpenError::Illegal {
                index: index + 1,
                action: serde_json::to_string(&record.actions[index]).expect("actions serialize"),
            },
            ReplayError::NotADeck { index } => OpenError::Deal(NotADeck(index)),
            ReplayError::WrongGame { .. } => unreachable!("the game is the record's"),
        })?;
        Ok(Box::new(Session::new(self.setup, progress)))
    }
}

/// A new game as `setup` says.
pub fn open(setup: &Setup) -> Box<dyn Sitting> {
    setup
        .rules
        .with_game(Open {
            setup,
            record: None,
        })
        .expect("a new game has no actions to refuse")
}

/// A saved game (a record line) taken up where it stopped, with `opponents` in the
/// computer seats.
pub fn resume(line: &str, opponents: PlayerSpec) -> Result<Box<dyn Sitting>, OpenError> {
    let header = catalogue::RecordHeader::read(line)?;
    let setup = Setup {
        rules: header.rules,
        seed: header.seed,
        opponents,
    };
    setup.rules.with_game(Open {
        setup: &setup,
        record: Some(line),
    })
}
