//! CS 246 Straights' cases: the handout's command line `straights [seed]` (always with a
//! seed: without one the program seeds from the clock, and no two runs would deal alike),
//! the answers to "Is Player<x> a human (h) or a computer (c)?", and each person's
//! commands, scripted by playing the game through the handout program's own driver with a
//! recording stand-in in each person's seat.
//!
//! There are no error cases (the handout defines no wrong command lines) and no saved
//! games (the handout's command line has none; cardtable's saved-game file is its own).

use std::cell::RefCell;
use std::rc::Rc;

use cards::Card;
use cs246_straights::driver::Driver;
use cs246_straights::saved::Kind;
use rand::seq::IndexedRandom;
use rand::{Rng as _, SeedableRng};
use straights::players::Computer;
use straights::{Action, Game, Leave, Player, View};
use table::Sitter;
use textio::{Console, Stop};

use super::Rng;
use crate::case::{Case, Category, Size};
use crate::handout::Handout;

/// The categories: computers alone, people typing legal commands (`deck`, `ragequit` and
/// `quit` among them), and people who first type a play or a discard the handout refuses.
pub const CATEGORIES: &[Category] = &[
    Category::Computers,
    Category::HumanInput,
    Category::WrongAnswers,
];

/// Seeds worth drawing often (/work/shared/compat/cs246/README.md): the handout's example
/// (6788, and -6788, which `stoi`'s cast makes 4294960508), seeds that act alike (0, 1,
/// 2147483647 and -1 all start the engine at 1), the ends of `int`, and seeds whose first
/// shuffle rejects a draw (147827, 295654, 443481).
const SEEDS: [i32; 14] = [
    0,
    1,
    44,
    123,
    6788,
    -6788,
    326_516,
    147_827,
    295_654,
    443_481,
    2_147_483_646,
    i32::MAX,
    -1,
    i32::MIN,
];

/// One Straights case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// What it exercises.
    pub category: Category,
    /// The seed as typed: the handout reads it with `std::stoi`, so any `int`.
    pub seed: i32,
    /// Which players are people (answer `h`); the others are computers (`c`).
    pub people: [bool; 4],
    /// Draws the people's legal choices.
    pub choices: u64,
    /// What people type besides their choices, in (seat, turn) order; only what is
    /// actually said (see [`Setup::tidy`]).
    pub extras: Vec<Extra>,
}

/// A command a person types at one of their turns, before their choice or instead of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Extra {
    /// The person's seat, 0 for Player1.
    pub seat: usize,
    /// Which of the person's turns, counted from 0 over the whole game.
    pub turn: usize,
    /// What they type.
    pub command: Command,
}

/// The commands a person types besides a legal `play` or `discard` (handout 5.5.2).
/// Their order is the order within one turn: leaving comes last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Command {
    /// `deck`: the deck printed 13 cards a line, then the prompt again.
    Deck,
    /// `play` of a card in hand that is not a legal play: "This is not a legal play."
    IllegalPlay,
    /// `discard` while a legal play exists: "You have a legal play. You may not discard."
    DiscardWithPlay,
    /// `ragequit`: a computer takes the seat for the rest of the game.
    RageQuit,
    /// `quit`: the program ends at once.
    Quit,
}

impl Command {
    /// Whether the handout refuses it (a wrong answer).
    fn is_wrong(self) -> bool {
        matches!(self, Command::IllegalPlay | Command::DiscardWithPlay)
    }
}

impl Setup {
    /// Draws a case of `category`: a seed, who is a person, and for people what they
    /// type besides their choices, placed only at turns where the handout defines it
    /// (a wrong `play` where a card in hand is not playable, a wrong `discard` where a
    /// play exists).
    pub fn draw(category: Category, rng: &mut Rng) -> Setup {
        let mut setup = Setup {
            category,
            seed: draw_seed(rng),
            people: match category {
                Category::HumanInput | Category::WrongAnswers => draw_people(rng),
                _ => [false; 4],
            },
            choices: rng.random(),
            extras: Vec::new(),
        };
        let turns = setup.play().turns;
        setup.extras = match category {
            Category::HumanInput => draw_commands(&turns, rng),
            Category::WrongAnswers => draw_wrong_answers(&turns, rng),
            _ => Vec::new(),
        };
        setup.tidy();
        setup
    }

    /// The case: `straights SEED`, the four answers, the people's commands.
    pub fn case(&self) -> Case {
        let script = self.play();
        let mut stdin: String = (self.people.iter())
            .map(|&person| if person { "h\n" } else { "c\n" })
            .collect();
        for command in &script.commands {
            stdin.push_str(command);
            stdin.push('\n');
        }
        Case {
            handout: Handout::Cs246Straights,
            category: self.category,
            args: vec![self.seed.to_string()],
            files: Vec::new(),
            stdin: stdin.into_bytes(),
            size: self.size_of(&script),
        }
    }

    /// How big it is: people, their commands (each line after the four answers), the
    /// wrong answers, `deck`s and `ragequit`s among them, and the seed's length as typed
    /// (its minus sign counted).
    pub fn size(&self) -> Size {
        self.size_of(&self.play())
    }

    fn size_of(&self, script: &Script) -> Size {
        let count = |wanted: fn(Command) -> bool| {
            (script.said.iter())
                .filter(|extra| wanted(extra.command))
                .count() as u64
        };
        Size(vec![
            ("people", self.people.iter().filter(|&&p| p).count() as u64),
            ("commands", script.commands.len() as u64),
            ("wrong answers", count(Command::is_wrong)),
            ("deck commands", count(|c| c == Command::Deck)),
            ("ragequits", count(|c| c == Command::RageQuit)),
            ("seed length", self.seed.to_string().len() as u64),
        ])
    }

    /// Setups one step smaller: the game cut short by a `quit`, a command said at an
    /// earlier turn, a person turned into a computer, a command dropped, a shorter seed.
    /// Each has a smaller total size, or the same total with its commands earlier in the
    /// game (so shrinking ends), and keeps what its category is about: a person where
    /// people play, a wrong answer where they answer wrongly.
    pub fn smaller(&self) -> Vec<Setup> {
        let script = self.play();
        let order = self.order(&script);
        let mut candidates = self.quit_sooner(&script);
        candidates.extend(self.said_sooner());
        for seat in (0..4).filter(|&seat| self.people[seat]) {
            let mut next = self.clone();
            next.people[seat] = false;
            // A person who quit leaves the game to run on: the quit said by another
            // person instead, early.
            let quit = |e: &Extra| e.seat == seat && e.command == Command::Quit;
            if self.extras.iter().any(quit) {
                for other in (0..4).filter(|&other| next.people[other]) {
                    for turn in 0..3 {
                        let mut moved = next.clone();
                        moved.extras.retain(|e| e.command != Command::Quit);
                        let command = Command::Quit;
                        moved.extras.push(Extra {
                            seat: other,
                            turn,
                            command,
                        });
                        candidates.push(moved);
                    }
                }
            }
            candidates.push(next);
        }
        for at in 0..self.extras.len() {
            let mut next = self.clone();
            next.extras.remove(at);
            candidates.push(next);
        }
        for seed in shorter_seeds(self.seed) {
            candidates.push(Setup {
                seed,
                ..self.clone()
            });
        }
        let mut smaller: Vec<Setup> = Vec::new();
        for mut next in candidates {
            next.tidy();
            if next.keeps_category() && next.order(&next.play()) < order && !smaller.contains(&next)
            {
                smaller.push(next);
            }
        }
        smaller
    }

    /// What shrinking brings down: the total size, then how late in the game the extra
    /// commands come (their turns summed).
    fn order(&self, script: &Script) -> (u64, usize) {
        let late = self.extras.iter().map(|extra| extra.turn).sum();
        (self.size_of(script).total(), late)
    }

    /// With no `quit` yet, setups where the person with the most turns quits half, three
    /// quarters or seven eighths of the way through them.
    fn quit_sooner(&self, script: &Script) -> Vec<Setup> {
        if self.extras.iter().any(|e| e.command == Command::Quit) {
            return Vec::new();
        }
        let mut turns = [0usize; 4];
        for turn in &script.turns {
            turns[turn.seat] += 1;
        }
        let Some(seat) = (0..4).max_by_key(|&seat| (turns[seat], std::cmp::Reverse(seat))) else {
            return Vec::new();
        };
        let mut points = vec![turns[seat] / 2, turns[seat] * 3 / 4, turns[seat] * 7 / 8];
        points.dedup();
        (points.into_iter().filter(|&turn| turn < turns[seat]))
            .map(|turn| {
                let mut next = self.clone();
                next.extras.push(Extra {
                    seat,
                    turn,
                    command: Command::Quit,
                });
                next.extras.sort();
                next
            })
            .collect()
    }

    /// Setups with one extra command said at an earlier turn of the same person: their
    /// first, half or three quarters of the way to it, or the turn before.
    fn said_sooner(&self) -> Vec<Setup> {
        let mut sooner = Vec::new();
        for (at, extra) in self.extras.iter().enumerate() {
            let t = extra.turn;
            let mut points = vec![0, t / 2, t * 3 / 4, t.saturating_sub(1)];
            points.dedup();
            for turn in points.into_iter().filter(|&turn| turn < t) {
                let mut next = self.clone();
                next.extras[at].turn = turn;
                next.extras.sort();
                sooner.push(next);
            }
        }
        sooner
    }

    /// Keeps only the extras the game reaches (a person who left says nothing more, a
    /// wrong answer needs a turn where it is wrong), in (seat, turn) order.
    pub fn tidy(&mut self) {
        let mut said = self.play().said;
        said.sort();
        self.extras = said;
    }

    /// Whether it still exercises its category.
    fn keeps_category(&self) -> bool {
        let people = self.people.iter().any(|&p| p);
        match self.category {
            Category::HumanInput => people,
            Category::WrongAnswers => people && self.extras.iter().any(|e| e.command.is_wrong()),
            _ => true,
        }
    }

    /// The seed as the program reads it (`stoi`, then the cast to `unsigned`).
    fn engine_seed(&self) -> u32 {
        let typed = self.seed.to_string();
        cs246_straights::args::stoi(&typed).expect("every int is a seed stoi reads")
    }

    /// The game played through the handout program's driver, a [`Recorder`] in each
    /// person's seat: what the people type, in order, to the game's end or a `quit`.
    fn play(&self) -> Script {
        let script = Rc::new(RefCell::new(Script::default()));
        if !self.people.contains(&true) {
            return script.take();
        }
        let console = Console::shared(Box::new(std::io::empty()), Box::new(std::io::sink()));
        let kinds = (self.people).map(|person| if person { Kind::Human } else { Kind::Computer });
        let players: [Sitter<Game>; 4] = std::array::from_fn(|seat| {
            if self.people[seat] {
                Sitter::Player(Box::new(Recorder {
                    script: script.clone(),
                    choices: self.choices,
                    extras: self.extras.clone(),
                    turns: 0,
                }))
            } else {
                Sitter::Player(Box::new(Computer))
            }
        });
        let mut driver = Driver::with_players(console, self.engine_seed(), kinds, players);
        let ended = driver.play();
        debug_assert!(
            matches!(ended, Ok(()) | Err(Stop::Left(Leave::Quit))),
            "a scripted game ends at its end or a quit: {ended:?}"
        );
        drop(driver);
        script.take()
    }
}

/// What the people typed in one game, and where they could have typed more.
#[derive(Default)]
struct Script {
    /// Each line typed, in order.
    commands: Vec<String>,
    /// The extras said, in the order said.
    said: Vec<Extra>,
    /// Every turn a person was asked for.
    turns: Vec<Turn>,
}

/// One of a person's turns, as the draw places extras.
#[derive(Clone, Copy, Debug)]
struct Turn {
    seat: usize,
    turn: usize,
    /// A legal play exists: a `discard` is refused.
    has_play: bool,
    /// A card in hand is not a legal play: a `play` of it is refused.
    has_unplayable: bool,
}

/// A person's stand-in while the commands are scripted: says its extras for the turn,
/// then a random legal choice (`play` of a legal play, else `discard` of any card), as
/// the handout's human player reads them. Each turn's draws have their own generator, so
/// dropping an extra changes no choice.
struct Recorder {
    script: Rc<RefCell<Script>>,
    choices: u64,
    extras: Vec<Extra>,
    /// This person's turns so far.
    turns: usize,
}

impl Recorder {
    /// The generator of one turn's draws: `purpose` 0 for the choice, 1 for the extras.
    fn rng(&self, seat: usize, purpose: u64) -> Rng {
        let mixed = self.choices
            ^ (seat as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ (self.turns as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
            ^ purpose.wrapping_mul(0x1656_67b1_9e37_79f9);
        Rng::seed_from_u64(mixed)
    }

    fn say(&self, line: String) {
        self.script.borrow_mut().commands.push(line);
    }
}

impl Player<Game> for Recorder {
    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave> {
        let seat = view.seat().index();
        let hand: Vec<Card> = view.hand().collect();
        let plays = view.legal_plays();
        let unplayable: Vec<Card> = (hand.iter().copied())
            .filter(|card| !plays.contains(card))
            .collect();
        self.script.borrow_mut().turns.push(Turn {
            seat,
            turn: self.turns,
            has_play: !plays.is_empty(),
            has_unplayable: !unplayable.is_empty(),
        });
        let mut extra_rng = self.rng(seat, 1);
        let mut choice_rng = self.rng(seat, 0);
        let now: Vec<Extra> = (self.extras.iter())
            .filter(|e| e.seat == seat && e.turn == self.turns)
            .copied()
            .collect();
        self.turns += 1;
        for extra in now {
            let line = match extra.command {
                Command::Deck => "deck".to_string(),
                Command::IllegalPlay => match unplayable.choose(&mut extra_rng) {
                    Some(card) => format!("play {card}"),
                    None => continue,
                },
                Command::DiscardWithPlay if plays.is_empty() => continue,
                Command::DiscardWithPlay => match hand.choose(&mut extra_rng) {
                    Some(card) => format!("discard {card}"),
                    None => continue,
                },
                Command::RageQuit => "ragequit".to_string(),
                Command::Quit => "quit".to_string(),
            };
            self.say(line);
            self.script.borrow_mut().said.push(extra);
            match extra.command {
                Command::RageQuit => return Err(Leave::RageQuit),
                Command::Quit => return Err(Leave::Quit),
                _ => {}
            }
        }
        let action = match plays.choose(&mut choice_rng) {
            Some(&card) => Action::Play(card),
            None => Action::Discard(
                *hand
                    .choose(&mut choice_rng)
                    .expect("a person on turn holds a card"),
            ),
        };
        self.say(match action {
            Action::Play(card) => format!("play {card}"),
            Action::Discard(card) => format!("discard {card}"),
            // The handout never passes (a house rule): never chosen above.
            Action::Pass => unreachable!("the handout has no passing"),
        });
        Ok(action)
    }
}

/// A seed from the interesting ones, the small ones, or all of `int`.
fn draw_seed(rng: &mut Rng) -> i32 {
    match rng.random_range(0..10) {
        0..=2 => *SEEDS.choose(rng).expect("seeds"),
        3..=5 => rng.random_range(0..=1000),
        _ => rng.random(),
    }
}

/// One to four people, in any seats.
fn draw_people(rng: &mut Rng) -> [bool; 4] {
    let mut people = [false; 4];
    let count = rng.random_range(1..=4);
    for seat in rand::seq::index::sample(rng, 4, count) {
        people[seat] = true;
    }
    people
}

/// Legal commands besides the choices: now and then a few `deck`s, a `ragequit`, a
/// `quit`.
fn draw_commands(turns: &[Turn], rng: &mut Rng) -> Vec<Extra> {
    let mut extras = Vec::new();
    let mut at = |command: Command, rng: &mut Rng| {
        if let Some(turn) = turns.choose(rng) {
            extras.push(Extra {
                seat: turn.seat,
                turn: turn.turn,
                command,
            });
        }
    };
    if rng.random_bool(0.5) {
        for _ in 0..rng.random_range(1..=3) {
            at(Command::Deck, rng);
        }
    }
    if rng.random_bool(0.3) {
        at(Command::RageQuit, rng);
    }
    if rng.random_bool(0.15) {
        at(Command::Quit, rng);
    }
    extras.sort();
    extras
}

/// One to five wrong answers, each at a turn where it is wrong.
fn draw_wrong_answers(turns: &[Turn], rng: &mut Rng) -> Vec<Extra> {
    let mut extras = Vec::new();
    for _ in 0..rng.random_range(1..=5) {
        let Some(turn) = turns.choose(rng) else {
            break;
        };
        let mut wrong = Vec::new();
        if turn.has_unplayable {
            wrong.push(Command::IllegalPlay);
        }
        if turn.has_play {
            wrong.push(Command::DiscardWithPlay);
        }
        if let Some(&command) = wrong.choose(rng) {
            extras.push(Extra {
                seat: turn.seat,
                turn: turn.turn,
                command,
            });
        }
    }
    extras.sort();
    extras
}

/// Seeds one character shorter: without its minus sign, without its last digit, and 1.
fn shorter_seeds(seed: i32) -> Vec<i32> {
    let mut seeds = Vec::new();
    if seed < 0 {
        if let Some(positive) = seed.checked_neg() {
            seeds.push(positive);
        }
    }
    if seed.to_string().len() > 1 {
        seeds.push(seed / 10);
        seeds.push(1);
    }
    seeds.dedup();
    seeds.retain(|&s| s != seed);
    seeds
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// Player1's hand and Player4's in the first round of seed 6788, from the handout's
    /// example (section 6): Player4 holds the seven of spades and opens; Player1 then has
    /// no legal play.
    const PLAYER1: &str = "4H 5D 2D JC 8H QH 2H 6C 9H 9D 9C AS 2C";
    const PLAYER4: &str = "7C QS KH 5S 6S JD AD 7S 8D TD 6D TC KD";

    fn handout_game(people: [bool; 4], extras: Vec<Extra>) -> Setup {
        Setup {
            category: Category::HumanInput,
            seed: 6788,
            people,
            choices: 7,
            extras,
        }
    }

    /// The person at `seat` typing `command` at its `turn`.
    fn typed(seat: usize, turn: usize, command: Command) -> Extra {
        Extra {
            seat,
            turn,
            command,
        }
    }

    /// [`handout_game`] with `extras`, tidied as a drawn setup is.
    fn tidied(people: [bool; 4], extras: Vec<Extra>) -> Setup {
        let mut setup = handout_game(people, extras);
        setup.tidy();
        setup
    }

    fn lines(case: &Case) -> Vec<String> {
        String::from_utf8(case.stdin.clone())
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn computers_answer_c_four_times_and_nothing_else() {
        let setup = handout_game([false; 4], Vec::new());
        let case = setup.case();
        assert_eq!(case.args, vec!["6788"]);
        assert_eq!(case.stdin, b"c\nc\nc\nc\n");
        assert_eq!(case.command(), "./straights 6788 < input.txt");
    }

    #[test]
    fn people_play_as_the_handout_example_deals() {
        let case = handout_game([true, false, false, true], Vec::new()).case();
        let lines = lines(&case);
        assert_eq!(lines[..4], ["h", "c", "c", "h"]);
        assert_eq!(lines[4], "play 7S", "Player4's one legal play opens");
        let discard = lines[5]
            .strip_prefix("discard ")
            .expect("Player1 cannot play");
        assert!(PLAYER1.split(' ').any(|card| card == discard), "{discard}");
    }

    #[test]
    fn wrong_answers_come_only_where_the_handout_refuses_them() {
        let extra = |seat, command| typed(seat, 0, command);
        let setup = tidied(
            [true, false, false, true],
            vec![
                extra(0, Command::IllegalPlay),
                // Player1 has no legal play at its first turn: a discard is right there.
                extra(0, Command::DiscardWithPlay),
                extra(3, Command::IllegalPlay),
                extra(3, Command::DiscardWithPlay),
            ],
        );
        assert_eq!(setup.extras.len(), 3);
        assert!(!setup.extras.contains(&extra(0, Command::DiscardWithPlay)));
        let lines = lines(&setup.case());
        let card = |line: &str, verb: &str| line.strip_prefix(verb).unwrap().to_string();
        let held = |hand: &str, card: &str| hand.split(' ').any(|c| c == card);
        // Player4 first: a card it holds other than 7S played, any card discarded, then 7S.
        let played = card(&lines[4], "play ");
        assert!(held(PLAYER4, &played) && played != "7S", "{played}");
        assert!(held(PLAYER4, &card(&lines[5], "discard ")));
        assert_eq!(lines[6], "play 7S");
        // Player1: any of its cards played (none is legal), then a discard.
        assert!(held(PLAYER1, &card(&lines[7], "play ")));
        assert!(held(PLAYER1, &card(&lines[8], "discard ")));
    }

    #[test]
    fn a_person_who_leaves_says_nothing_more() {
        let extra = |turn, command| typed(3, turn, command);
        let mut setup = tidied(
            [false, false, false, true],
            vec![
                extra(0, Command::Deck),
                extra(0, Command::RageQuit),
                extra(1, Command::Deck),
            ],
        );
        assert_eq!(
            setup.extras,
            [extra(0, Command::Deck), extra(0, Command::RageQuit)]
        );
        assert_eq!(lines(&setup.case())[4..], ["deck", "ragequit"]);
        setup.extras = vec![extra(0, Command::Quit), extra(2, Command::Deck)];
        setup.tidy();
        assert_eq!(lines(&setup.case())[4..], ["quit"]);
    }

    /// The handout program itself, its human players reading the case's input: it must
    /// end the game (or quit) having read every line and no more, refusing each wrong
    /// answer with the handout's message.
    fn run_program(setup: &Setup) -> String {
        struct Shared(Rc<RefCell<Vec<u8>>>);
        impl Write for Shared {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.0.borrow_mut().extend_from_slice(bytes);
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let case = setup.case();
        let output = Rc::new(RefCell::new(Vec::new()));
        let input = std::io::Cursor::new(case.stdin.clone());
        let console = Console::shared(Box::new(input), Box::new(Shared(output.clone())));
        let ended = Driver::ask_kinds(&console)
            .and_then(|kinds| Driver::new(console.clone(), setup.engine_seed(), kinds).play());
        assert!(
            matches!(ended, Ok(()) | Err(Stop::Left(Leave::Quit))),
            "{}: {ended:?}",
            case.command()
        );
        assert!(
            console.borrow_mut().read_line().is_err(),
            "{}: input left unread",
            case.command()
        );
        String::from_utf8(output.take()).unwrap()
    }

    #[test]
    fn drawn_scripts_are_read_whole_by_the_handout_program() {
        for category in CATEGORIES.iter().copied() {
            for number in 0..25 {
                let mut rng = Rng::seed_from_u64(number);
                let setup = Setup::draw(category, &mut rng);
                let output = run_program(&setup);
                let said = |command| setup.extras.iter().filter(|e| e.command == command).count();
                let shown = |message: &str| output.matches(message).count();
                assert_eq!(
                    shown("This is not a legal play."),
                    said(Command::IllegalPlay)
                );
                assert_eq!(
                    shown("You have a legal play. You may not discard."),
                    said(Command::DiscardWithPlay)
                );
                assert_eq!(
                    shown("ragequits. A computer will now take over."),
                    said(Command::RageQuit)
                );
                if said(Command::Quit) == 0 {
                    assert!(output.ends_with(" wins!\n"), "{output}");
                }
            }
        }
    }

    #[test]
    fn every_smaller_setup_is_smaller_and_still_reads_whole() {
        for category in CATEGORIES.iter().copied() {
            let mut rng = Rng::seed_from_u64(99);
            let mut setup = Setup::draw(category, &mut rng);
            // Down the first step each time, as a shrink that always keeps the first.
            for _ in 0..6 {
                let order = setup.order(&setup.play());
                let Some(next) = setup.smaller().into_iter().next() else {
                    break;
                };
                assert!(next.order(&next.play()) < order);
                assert!(next.keeps_category());
                run_program(&next);
                setup = next;
            }
        }
    }

    #[test]
    fn seeds_shorten_toward_one() {
        assert_eq!(shorter_seeds(-6788), [6788, -678, 1]);
        assert_eq!(shorter_seeds(44), [4, 1]);
        assert_eq!(shorter_seeds(7), Vec::<i32>::new());
        assert_eq!(shorter_seeds(-5), [5, 0, 1]);
        assert_eq!(shorter_seeds(0), Vec::<i32>::new());
        assert_eq!(shorter_seeds(i32::MIN), [-214_748_364, 1]);
    }
}
