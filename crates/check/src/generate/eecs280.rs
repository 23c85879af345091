//! The EECS 280 programs' cases (Euchre and Teen Do Panch share the command line
//! `PROGRAM PACK shuffle|noshuffle POINTS NAME TYPE …`): its every part drawn, the
//! handout's error cases, and people's answers scripted from legal choices by playing the
//! game through cardtable's own driver with a recording player in each Human seat.

use std::cell::RefCell;
use std::rc::Rc;

use cards::{Card, CardSet};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng as _, SeedableRng};
use table::{Leave, Player};
use textio::eecs280::{Kind, Seats};
use textio::Console;

use super::{name, Rng};
use crate::case::{Case, Category, Size};
use crate::handout::{Handout, Reference};

/// The categories: the handouts say what an error prints and that people's input is
/// valid, so there are no wrong answers to script.
pub const CATEGORIES: &[Category] = &[Category::Computers, Category::HumanInput, Category::Errors];

/// One EECS 280 case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Euchre or Teen Do Panch.
    pub handout: Handout,
    /// Which reference (Teen Do Panch's two rules differ in play, so in people's answers).
    pub reference: Reference,
    /// What it exercises.
    pub category: Category,
    /// A game, or an error case.
    pub shape: Shape,
}

/// A game's command line and people's choices, or one of the handout's errors.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A whole game.
    Game(Game),
    /// A command line the handout says is wrong.
    Error(Error),
}

/// A game as the command line gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The pack file's cards in order.
    pub pack: Vec<Card>,
    /// `shuffle` or `noshuffle`.
    pub shuffle: bool,
    /// Points to win, 1 to 100.
    pub points: u32,
    /// Each seat's name, and whether a person sits there (`Human`) or `Simple`.
    pub seats: Vec<(String, bool)>,
    /// Draws the people's choices.
    pub choices: u64,
}

/// The handout's error cases: the usage line (or `Error opening`) and a non-zero exit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// This many arguments after the program's name (not the right number).
    Count(usize),
    /// A shuffle word that is neither `shuffle` nor `noshuffle`.
    Shuffle(String),
    /// Points to win outside 1 to 100.
    Points(String),
    /// A player type that is neither `Simple` nor `Human`, at a seat.
    Type(usize, String),
    /// A pack file that is not there.
    NoPack,
}

impl Setup {
    /// Draws a case of `category`; `turn` is its place among the cases that come in turn
    /// (the handout's errors).
    pub fn draw(
        handout: Handout,
        reference: Reference,
        category: Category,
        rng: &mut Rng,
        turn: usize,
    ) -> Setup {
        let players = players(handout);
        let shape = match category {
            Category::Errors => Shape::Error(nth_error(players, turn)),
            _ => Shape::Game(draw_game(
                handout,
                players,
                category == Category::HumanInput,
                rng,
            )),
        };
        Setup {
            handout,
            reference,
            category,
            shape,
        }
    }

    /// The case: the command line, the pack file, the people's answers.
    pub fn case(&self) -> Case {
        let players = players(self.handout);
        let (args, files, stdin) = match &self.shape {
            Shape::Game(game) => {
                let pack = pack_text(&game.pack);
                let stdin = self.answers(game).join("\n");
                let stdin = if stdin.is_empty() {
                    stdin
                } else {
                    stdin + "\n"
                };
                (
                    game_args(game),
                    vec![("pack.in".to_string(), pack)],
                    stdin.into_bytes(),
                )
            }
            Shape::Error(error) => {
                let pack = pack_text(&handout_pack(self.handout));
                (
                    error_args(error, players),
                    vec![("pack.in".to_string(), pack)],
                    Vec::new(),
                )
            }
        };
        Case {
            handout: self.handout,
            category: self.category,
            args,
            files,
            stdin,
            size: self.size(),
        }
    }

    /// How big it is: points to win, people, their answers, cards out of the handout's
    /// order, shuffling, letters in names past the first.
    pub fn size(&self) -> Size {
        match &self.shape {
            Shape::Game(game) => Size(vec![
                ("points", u64::from(game.points)),
                ("people", game.seats.iter().filter(|s| s.1).count() as u64),
                ("answers", self.answers(game).len() as u64),
                (
                    "cards out of order",
                    out_of_order(self.handout, &game.pack) as u64,
                ),
                ("shuffle", u64::from(game.shuffle)),
                ("letters", letters(&game.seats)),
            ]),
            Shape::Error(error) => Size(vec![(
                "arguments",
                error_args(error, players(self.handout)).len() as u64,
            )]),
        }
    }

    /// Setups one step smaller: points to 1, then halved, then one fewer; a person
    /// replaced by Simple (one kept where the case is about people); the handout's pack,
    /// then one card put back in its place; no shuffling; shorter names.
    pub fn smaller(&self) -> Vec<Setup> {
        let Shape::Game(game) = &self.shape else {
            return self.smaller_error();
        };
        let mut smaller = super::Variants::of(game);
        smaller.with(|g| g.points = 1);
        smaller.with(|g| g.points = (g.points / 2).max(1));
        smaller.with(|g| g.points = (g.points - 1).max(1));
        let people = game.seats.iter().filter(|s| s.1).count();
        let keep = usize::from(self.category == Category::HumanInput);
        if people > keep {
            for seat in 0..game.seats.len() {
                smaller.with(|g| g.seats[seat].1 = false);
            }
        }
        let order = handout_pack(self.handout);
        smaller.with(|g| g.pack = order.clone());
        for at in 0..order.len() {
            smaller.with(|g| put_back(&mut g.pack, &order, at));
        }
        smaller.with(|g| g.shuffle = false);
        for seat in 0..game.seats.len() {
            smaller.with(|g| shorten(&mut g.seats, seat));
        }
        (smaller.into_vec().into_iter())
            .map(|game| Setup {
                shape: Shape::Game(game),
                ..self.clone()
            })
            .collect()
    }

    /// Error cases with fewer arguments: none at all, one, or one fewer than now (the
    /// same failure may show with any wrong command line).
    fn smaller_error(&self) -> Vec<Setup> {
        let Shape::Error(error) = &self.shape else {
            return Vec::new();
        };
        let players = players(self.handout);
        let now = error_args(error, players).len();
        let right = 3 + 2 * players;
        let mut counts = vec![0, 1, now.saturating_sub(1)];
        counts.dedup();
        (counts.into_iter())
            .filter(|n| *n != right && *n < now)
            .map(|n| Setup {
                shape: Shape::Error(Error::Count(n)),
                ..self.clone()
            })
            .collect()
    }

    /// The people's answers, one a line: the game played through cardtable's driver for
    /// the handout, each Human seat choosing among its legal actions at random (from
    /// `game.choices`) and saying its choice as the handout's Human player reads it.
    pub fn answers(&self, game: &Game) -> Vec<String> {
        if !game.seats.iter().any(|s| s.1) {
            return Vec::new();
        }
        let said = Rc::new(RefCell::new(Vec::new()));
        let rng = Rc::new(RefCell::new(Rng::seed_from_u64(game.choices)));
        let console = Console::shared(Box::new(std::io::empty()), Box::new(std::io::sink()));
        let seats: Vec<(String, Kind)> = (game.seats.iter())
            .map(|(name, human)| {
                (
                    name.clone(),
                    if *human { Kind::Human } else { Kind::Simple },
                )
            })
            .collect();
        let mut pack = cards::pack::Pack::new(game.pack.clone(), game.shuffle);
        match self.handout {
            Handout::Eecs280Teendopanch => {
                let rules = match self.reference {
                    Reference::Program => teendopanch::Rules::reference(game.points),
                    Reference::Handout => teendopanch::Rules::handout(game.points),
                };
                let seats = Seats::new::<teendopanch::players::Simple, teendopanch::players::Strong>(
                    seats,
                    |_| {
                        Box::new(Recorder {
                            said: said.clone(),
                            rng: rng.clone(),
                        }) as _
                    },
                );
                let mut driver = eecs280_teendopanch::driver::Driver { seats, console };
                let _ = driver.play(rules, &mut pack);
            }
            _ => {
                let seats =
                    Seats::new::<euchre::players::Simple, euchre::players::Strong>(seats, |_| {
                        Box::new(Recorder {
                            said: said.clone(),
                            rng: rng.clone(),
                        }) as _
                    });
                let mut driver = eecs280_euchre::driver::Driver { seats, console };
                let _ = driver.play(game.points, &mut pack);
            }
        }
        let words = said.borrow().clone();
        words
    }
}

/// A Human seat's stand-in while the answers are scripted: a random legal action, said as
/// the handout's Human reads it.
struct Recorder {
    said: Rc<RefCell<Vec<String>>>,
    rng: Rc<RefCell<Rng>>,
}

impl Recorder {
    fn pick<A: Copy>(&self, legal: &[A]) -> A {
        *legal
            .choose(&mut *self.rng.borrow_mut())
            .expect("a seat on turn has a legal action")
    }
}

impl Player<euchre::Game> for Recorder {
    fn act(&mut self, view: &euchre::View<'_>) -> Result<euchre::Action, Leave> {
        use euchre::{Action, Phase};
        let legal: Vec<Action> = (view.legal_actions().iter())
            .filter(|a| {
                !matches!(
                    a,
                    Action::OrderUp { alone: true } | Action::Call { alone: true, .. }
                )
            })
            .collect();
        let action = self.pick(&legal);
        let word = match action {
            Action::Pass => "pass".to_string(),
            Action::OrderUp { .. } => view.upcard().suit().name().to_string(),
            Action::Call { suit, .. } => suit.name().to_string(),
            Action::Discard(card) if card == view.upcard() => "-1".to_string(),
            Action::Discard(card) => {
                let held = view
                    .cards()
                    .difference([view.upcard()].into_iter().collect::<CardSet>());
                index_of(held, card)
            }
            Action::Play(card) => index_of(view.cards(), card),
            // The handout has no going alone, McEvoy or farmer's hand: never offered.
            Action::DefendAlone | Action::McEvoy | Action::Farmer(_) => return Ok(action),
        };
        debug_assert!(view.phase() != Phase::Over);
        self.said.borrow_mut().push(word);
        Ok(action)
    }
}

impl Player<teendopanch::Game> for Recorder {
    fn act(&mut self, view: &teendopanch::View<'_>) -> Result<teendopanch::Action, Leave> {
        use teendopanch::Action;
        let legal = view.legal_actions();
        let action = self.pick(&legal);
        let word = match action {
            Action::Pass => "pass".to_string(),
            Action::Call(suit) => suit.name().to_string(),
            Action::Return(card) if view.pull().is_some_and(|p| p.taken == card) => {
                "-1".to_string()
            }
            Action::Return(card) => index_of(view.cards(), card),
            Action::Play(card) => index_of(view.cards(), card),
            // The handout's pulls take a card without asking: not an answer.
            Action::Give(_) => return Ok(action),
        };
        self.said.borrow_mut().push(word);
        Ok(action)
    }
}

fn index_of(held: CardSet, card: Card) -> String {
    let at = held
        .iter()
        .position(|c| c == card)
        .expect("a legal card is held");
    at.to_string()
}

fn players(handout: Handout) -> usize {
    match handout {
        Handout::Eecs280Teendopanch => 3,
        _ => 4,
    }
}

/// The pack in the handout's "new pack" order.
pub fn handout_pack(handout: Handout) -> Vec<Card> {
    match handout {
        Handout::Eecs280Teendopanch => cards::deck::teendopanch(),
        _ => cards::deck::eecs280_euchre(),
    }
}

fn pack_text(pack: &[Card]) -> Vec<u8> {
    pack.iter()
        .map(|c| format!("{}\n", c.long()))
        .collect::<String>()
        .into_bytes()
}

fn out_of_order(handout: Handout, pack: &[Card]) -> usize {
    let order = handout_pack(handout);
    pack.iter().zip(&order).filter(|(a, b)| a != b).count()
}

/// Puts the card that belongs at `at` there, swapping it with the card that was.
fn put_back(pack: &mut [Card], order: &[Card], at: usize) {
    if let Some(from) = pack.iter().position(|c| *c == order[at]) {
        pack.swap(at, from);
    }
}

/// `seat`'s name halved, or cut to one letter, or another single letter: whichever is
/// shortest and no other seat's name (the output tells seats apart by their names).
fn shorten(seats: &mut [(String, bool)], seat: usize) {
    let name = &seats[seat].0;
    let length = name.chars().count();
    let letters = ('A'..='Z').map(String::from);
    let shorter = [length / 2, 1]
        .into_iter()
        .filter(|keep| (1..length).contains(keep))
        .map(|keep| name.chars().take(keep).collect::<String>())
        .chain(letters.filter(|_| length > 1))
        .find(|candidate| seats.iter().all(|(other, _)| other != candidate));
    if let Some(shorter) = shorter {
        seats[seat].0 = shorter;
    }
}

fn letters(seats: &[(String, bool)]) -> u64 {
    seats
        .iter()
        .map(|(n, _)| n.chars().count().saturating_sub(1) as u64)
        .sum()
}

fn draw_game(handout: Handout, players: usize, people: bool, rng: &mut Rng) -> Game {
    let mut pack = handout_pack(handout);
    match rng.random_range(0..3) {
        0 => {}
        1 => pack.shuffle(rng),
        _ => {
            for _ in 0..rng.random_range(1..4) {
                let (a, b) = (
                    rng.random_range(0..pack.len()),
                    rng.random_range(0..pack.len()),
                );
                pack.swap(a, b);
            }
        }
    }
    // The edges (1 and 100) often: a program that refuses 100 is wrong.
    let points = match rng.random_range(0..20) {
        0 => 100,
        1 | 2 => rng.random_range(11..=99),
        3..=7 => 1,
        _ => rng.random_range(2..=10),
    };
    // Distinct names: the output names seats by them.
    let mut seats: Vec<(String, bool)> = Vec::new();
    while seats.len() < players {
        let drawn = name(rng);
        if seats.iter().all(|(taken, _)| *taken != drawn) {
            seats.push((drawn, false));
        }
    }
    if people {
        let count = rng.random_range(1..=players);
        let mut order: Vec<usize> = (0..players).collect();
        order.shuffle(rng);
        for seat in &order[..count] {
            seats[*seat].1 = true;
        }
    }
    Game {
        pack,
        shuffle: rng.random_bool(0.5),
        points,
        seats,
        choices: rng.random(),
    }
}

fn game_args(game: &Game) -> Vec<String> {
    let mut args = vec![
        "pack.in".to_string(),
        if game.shuffle { "shuffle" } else { "noshuffle" }.to_string(),
        game.points.to_string(),
    ];
    for (name, human) in &game.seats {
        args.push(name.clone());
        args.push(if *human { "Human" } else { "Simple" }.to_string());
    }
    args
}

/// Every error case the handout names, each once: every wrong number of arguments up to
/// two past the right one, five shuffle words, five points, five player types at each
/// seat, and a missing pack file.
fn every_error(players: usize) -> Vec<Error> {
    let right = 3 + 2 * players;
    let mut errors: Vec<Error> = (0..=right + 2)
        .filter(|n| *n != right)
        .map(Error::Count)
        .collect();
    for word in ["shuffel", "Shuffle", "no_shuffle", "NOSHUFFLE", "true"] {
        errors.push(Error::Shuffle(word.to_string()));
    }
    for points in ["0", "101", "-3", "1000", "0x"] {
        errors.push(Error::Points(points.to_string()));
    }
    for seat in 0..players {
        for word in ["Robot", "simple", "human", "SIMPLE", "Strongest"] {
            errors.push(Error::Type(seat, word.to_string()));
        }
    }
    errors.push(Error::NoPack);
    errors
}

/// The error case at `turn`: the handout's error cases in turn, so every one is met before
/// any comes twice.
fn nth_error(players: usize, turn: usize) -> Error {
    let errors = every_error(players);
    errors[turn % errors.len()].clone()
}

/// The error case's command line, built on a right one (`pack.in noshuffle 10 A Simple …`).
fn error_args(error: &Error, players: usize) -> Vec<String> {
    let mut args = vec![
        "pack.in".to_string(),
        "noshuffle".to_string(),
        "10".to_string(),
    ];
    for seat in 0..players {
        args.push(((b'A' + seat as u8) as char).to_string());
        args.push("Simple".to_string());
    }
    match error {
        Error::Count(count) => {
            while args.len() < *count {
                args.push("Simple".to_string());
            }
            args.truncate(*count);
        }
        Error::Shuffle(word) => args[1] = word.clone(),
        Error::Points(points) => args[2] = points.clone(),
        Error::Type(seat, word) => args[4 + 2 * seat] = word.clone(),
        Error::NoPack => args[0] = "missing.in".to_string(),
    }
    args
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::generate;

    fn setups(handout: Handout, count: usize) -> Vec<Setup> {
        (generate(
            handout,
            Reference::Program,
            Default::default(),
            1,
            count,
            None,
        )
        .into_iter())
        .map(|(_, setup)| match setup {
            crate::case::Setup::Eecs280(setup) => setup,
            other => panic!("{other:?}"),
        })
        .collect()
    }

    #[test]
    fn every_error_case_comes_once_before_any_comes_twice() {
        // The handout's errors for four players: 12 wrong counts (0 to 13 but 11), five
        // shuffle words, five points, five types at each of four seats, a missing pack.
        for (handout, distinct) in [
            (Handout::Eecs280Euchre, 44),
            (Handout::Eecs280Teendopanch, 37),
        ] {
            let errors: Vec<Vec<String>> = (setups(handout, 3 * distinct).iter())
                .filter(|s| s.category == Category::Errors)
                .map(|s| s.case().args)
                .collect();
            assert_eq!(errors.len(), distinct);
            let mut unique = errors.clone();
            unique.sort();
            unique.dedup();
            assert_eq!(unique.len(), distinct, "{handout}");
        }
    }

    #[test]
    fn games_reach_both_edges_of_the_points_and_name_seats_apart() {
        let games: Vec<Game> = (setups(Handout::Eecs280Euchre, 300).into_iter())
            .filter_map(|s| match s.shape {
                Shape::Game(game) => Some(game),
                Shape::Error(_) => None,
            })
            .collect();
        assert!(games.iter().any(|g| g.points == 100), "a game to 100");
        assert!(games.iter().any(|g| g.points == 1), "a game to 1");
        let distinct = |g: &Game| {
            let mut names: Vec<&String> = g.seats.iter().map(|(n, _)| n).collect();
            names.sort();
            names.dedup();
            names.len() == g.seats.len()
        };
        assert!(games.iter().all(distinct));
        // Shrinking keeps them apart: every name shortened, step after step.
        let mut seats: Vec<(String, bool)> = ["Alice", "Al", "A", "Adi"]
            .map(|n| (n.to_string(), false))
            .to_vec();
        for _ in 0..4 {
            for seat in 0..4 {
                shorten(&mut seats, seat);
            }
            let mut names: Vec<&String> = seats.iter().map(|(n, _)| n).collect();
            names.sort();
            names.dedup();
            assert_eq!(names.len(), 4, "{seats:?}");
        }
        assert!(
            seats.iter().all(|(n, _)| n.chars().count() == 1),
            "{seats:?}"
        );
    }
}
