//! What the EECS 280 programs (Euchre, Teen Do Panch) share: their command line
//! (`PACK [shuffle|noshuffle] POINTS NAME TYPE …`, points read like C's `atoi`), the echo
//! of it and the pack file it names, and the Human player's hand listing and prompt loop.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::Path;

use cards::pack::{Pack, PackFileError};
use cards::{Card, CardSet, Suit};

use table::{Agent, Game, Leave, Player, Sitter};

use crate::{say, Shared};

/// Who sits in a seat, as a TYPE argument names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The handout's Simple player.
    Simple,
    /// A person typing at the console.
    Human,
    /// cardtable's strong computer player: an opt-in beyond the handouts, which know only
    /// `Simple` and `Human`.
    Strong,
}

/// A parsed EECS 280 command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandLine {
    /// The pack file's name.
    pub pack: OsString,
    /// Whether to in-shuffle the pack before each hand.
    pub shuffle: bool,
    /// Points to win, 1 to 100.
    pub points_to_win: u32,
    /// Each seat's name and kind of player.
    pub seats: Vec<(String, Kind)>,
}

/// Checks the arguments (without `argv[0]`) in the handouts' order: the count for
/// `players` players, the shuffle word, points 1–100, then each TYPE. `None` means
/// "print the usage line".
pub fn parse_command_line(args: &[OsString], players: usize) -> Option<CommandLine> {
    if args.len() != 3 + 2 * players {
        return None;
    }
    let shuffle = match args[1].to_str()? {
        "shuffle" => true,
        "noshuffle" => false,
        _ => return None,
    };
    let points = atoi(&args[2].to_string_lossy());
    if !(1..=100).contains(&points) {
        return None;
    }
    let seats = args[3..]
        .chunks(2)
        .map(|pair| {
            let kind = match pair[1].to_str()? {
                "Simple" => Kind::Simple,
                "Human" => Kind::Human,
                "Strong" => Kind::Strong,
                _ => return None,
            };
            Some((pair[0].to_string_lossy().into_owned(), kind))
        })
        .collect::<Option<Vec<_>>>()?;
    Some(CommandLine {
        pack: args[0].clone(),
        shuffle,
        points_to_win: points as u32,
        seats,
    })
}

/// Prints line 1 (every argument followed by one space) and reads the pack. A pack that
/// will not open prints `Error opening FILE`; a malformed one is reported on stderr with
/// its line. `None` means the program should exit with status 1.
pub fn echo_and_read_pack(
    console: &Shared,
    argv: &[OsString],
    pack: &OsStr,
    deck: CardSet,
    shuffle: bool,
) -> Option<Pack> {
    let echo: String = argv
        .iter()
        .map(|a| format!("{} ", a.to_string_lossy()))
        .collect();
    say!(console, "{echo}").ok()?;
    let name = pack.to_string_lossy();
    let result = read_pack(Path::new(pack), deck, shuffle);
    if let Err(PackError::Open) = result {
        let _ = say!(console, "Error opening {name}");
    }
    let _ = console.borrow_mut().flush();
    match result {
        Ok(pack) => Some(pack),
        Err(PackError::Open) => None,
        Err(error) => {
            let program = argv
                .first()
                .map(|p| p.to_string_lossy().into_owned())
                .unwrap_or_default();
            eprintln!("{program}: {name}: {error}");
            None
        }
    }
}

/// C's `atoi`: optional white space and sign, then digits up to the first non-digit;
/// no digits gives 0. Values too large for an `int` are clamped (C leaves them undefined).
pub fn atoi(text: &str) -> i64 {
    let text = text.trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let (sign, digits) = match text.as_bytes().first() {
        Some(b'-') => (-1, &text[1..]),
        Some(b'+') => (1, &text[1..]),
        _ => (1, text),
    };
    let mut value: i64 = 0;
    for b in digits.bytes().take_while(u8::is_ascii_digit) {
        value = (value * 10 + i64::from(b - b'0')).min(i64::from(i32::MAX) + 1);
    }
    sign * value
}

/// Why a pack file could not be used.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum PackError {
    /// The file would not open: the handouts' `Error opening FILE`.
    #[error("cannot open the pack file")]
    Open,
    /// The file opened but is not this game's pack.
    #[error(transparent)]
    Malformed(PackFileError),
}

/// Reads a pack file that must hold exactly the cards of `deck`.
pub fn read_pack(path: &Path, deck: CardSet, shuffle: bool) -> Result<Pack, PackError> {
    let bytes = std::fs::read(path).map_err(|_| PackError::Open)?;
    let cards =
        cards::pack::parse(&String::from_utf8_lossy(&bytes), deck).map_err(PackError::Malformed)?;
    Ok(Pack::new(cards, shuffle))
}

/// A person at an EECS 280 table: the Human player's side of the text protocol that both
/// programs share. Output errors and the end of input both mean the person has left.
pub struct Person {
    name: String,
    console: Shared,
}

impl Person {
    /// The person called `name`, answering at `console`.
    pub fn new(name: String, console: Shared) -> Person {
        Person { name, console }
    }

    /// Prints a line; a failed write ends the person's turn as closed input.
    pub fn line(&self, text: &str) -> Result<(), Leave> {
        say!(self.console, "{text}").map_err(|_| Leave::OutputClosed)
    }

    /// `Human player NAME's hand: [i] Nine of Spades`, one line a card, as both programs
    /// print a human's hand before each decision.
    pub fn show(&self, cards: CardSet) -> Result<(), Leave> {
        for (i, card) in cards.iter().enumerate() {
            self.line(&format!(
                "Human player {}'s hand: [{i}] {}",
                self.name,
                card.long()
            ))?;
        }
        Ok(())
    }

    /// The prompt loop: prints `Human player NAME, PROMPT` and reads words until `parse`
    /// accepts one, printing each refusal's reason before asking again.
    pub fn ask<T>(
        &self,
        prompt: &str,
        mut parse: impl FnMut(&str) -> Result<T, Answer>,
    ) -> Result<T, Leave> {
        loop {
            self.line(&format!("Human player {}, {prompt}", self.name))?;
            let word = self.console.borrow_mut().word()?;
            match parse(&word) {
                Ok(answer) => return Ok(answer),
                Err(reason) => self.line(&reason.to_string())?,
            }
        }
    }

    /// The game's action `play(card)` for a card chosen from `held` (shown first); a card
    /// the rules refuse (`check`) is refused with their reason.
    pub fn choose_play<A: Copy, R: fmt::Display>(
        &self,
        held: CardSet,
        play: impl Fn(Card) -> A,
        check: impl Fn(A) -> Result<(), R>,
    ) -> Result<A, Leave> {
        self.show(held)?;
        self.ask("please select a card:", |word| {
            let card = card_numbered(held, word)?;
            check(play(card)).map(|()| play(card)).map_err(|reason| {
                Answer::Refused(format!("{}: {}", card.long(), crate::sentence(reason)))
            })
        })
    }
}

/// The rest of an EECS 280 program once its command line (`args`, from `argv`) is read:
/// the pack read and echoed, the players seated (`Human` made by `human`), the game
/// played by `play` at the console, and the program's exit (`program` names it).
pub fn run<G: Game, Simple, Strong, Human>(
    argv: &[OsString],
    args: CommandLine,
    deck: CardSet,
    program: &str,
    human: impl Fn(String, Shared) -> Human,
    play: impl FnOnce(Seats<G>, Shared, &mut Pack) -> Result<(), crate::Stop>,
) -> std::process::ExitCode
where
    Simple: Agent<G> + Default + 'static,
    Strong: Agent<G> + Default + 'static,
    Human: Player<G> + 'static,
{
    let console = crate::Console::stdio();
    let Some(mut pack) = echo_and_read_pack(&console, argv, &args.pack, deck, args.shuffle) else {
        return std::process::ExitCode::from(1);
    };
    let seat = |name: &str| Box::new(human(name.to_string(), console.clone())) as _;
    let seats = Seats::new::<Simple, Strong>(args.seats, seat);
    let result = play(seats, console.clone(), &mut pack);
    let _ = console.borrow_mut().flush();
    crate::Stop::exit(result, program)
}

/// The players of an EECS 280 program, in seat order, as its command line named them.
pub struct Seats<G: Game> {
    names: Vec<String>,
    sitters: Vec<Sitter<G>>,
    /// For agents that sample (the strong players); fixed, so runs repeat exactly.
    rng: table::Rng,
}

impl<G: Game> Seats<G> {
    /// Seats each command-line player: `Simple` and `Strong` are the game's handout and
    /// strong players (named by the program, which knows its game), Human as `human`
    /// makes one.
    pub fn new<Simple, Strong>(
        seats: Vec<(String, Kind)>,
        mut human: impl FnMut(&str) -> Box<dyn Player<G>>,
    ) -> Self
    where
        Simple: Agent<G> + Default + 'static,
        Strong: Agent<G> + Default + 'static,
    {
        let sitters = seats
            .iter()
            .map(|(name, kind)| match kind {
                Kind::Simple => Sitter::Agent(Box::new(Simple::default())),
                Kind::Strong => Sitter::Agent(Box::new(Strong::default())),
                Kind::Human => Sitter::Player(human(name)),
            })
            .collect();
        Seats {
            names: seats.into_iter().map(|(name, _)| name).collect(),
            sitters,
            rng: rand::SeedableRng::seed_from_u64(0),
        }
    }

    /// The name the command line gave `seat`.
    pub fn name(&self, seat: impl Into<usize>) -> &str {
        &self.names[seat.into()]
    }

    /// The choice of the player in `seat`, whose turn it is.
    pub fn act(&mut self, game: &G, seat: usize) -> Result<G::Action, Leave> {
        self.sitters[seat].act(game, seat, &mut self.rng)
    }
}

/// Why a person's answer was not taken: said to them before the question is asked again.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Answer {
    /// Not a suit's name (`pass` offered where it is allowed).
    #[error("'{word}' is not an answer: type Spades, Hearts, Clubs, Diamonds{}.", if *.pass_allowed { " or pass" } else { "" })]
    NotASuit {
        /// What was typed.
        word: String,
        /// Whether passing is an answer here.
        pass_allowed: bool,
    },
    /// Not the number of a card of the hand shown.
    #[error("'{word}' is not a card number: type 0 to {last}.")]
    NotACardNumber {
        /// What was typed.
        word: String,
        /// The last card's number.
        last: usize,
    },
    /// Not one of the numbers offered, the upcard's `-1` among them.
    #[error("'{word}' is not a choice: type -1 or 0 to {last}.")]
    NotAChoice {
        /// What was typed.
        word: String,
        /// The last card's number.
        last: usize,
    },
    /// The rules refuse it, in their words as a sentence.
    #[error("{0}")]
    Refused(String),
}

impl Answer {
    /// The rules' refusal, as a sentence.
    pub fn refused(reason: impl fmt::Display) -> Answer {
        Answer::Refused(crate::sentence(reason))
    }
}

/// The suit a person typed, spelled as the programs print suits (`Spades`); the error
/// offers `pass` only where `pass_allowed`.
pub fn suit_named(word: &str, pass_allowed: bool) -> Result<Suit, Answer> {
    let named = Suit::ALL.into_iter().find(|suit| suit.name() == word);
    named.ok_or_else(|| Answer::NotASuit {
        word: word.to_string(),
        pass_allowed,
    })
}

/// The card a person picked by its number in the hand [`say_hand`] printed.
pub fn card_numbered(held: CardSet, word: &str) -> Result<Card, Answer> {
    let card = word.parse::<usize>().ok().and_then(|i| held.nth(i));
    card.ok_or_else(|| Answer::NotACardNumber {
        word: word.to_string(),
        last: held.len().saturating_sub(1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(args: &str) -> Vec<OsString> {
        args.split(' ').map(OsString::from).collect()
    }

    #[test]
    fn command_lines_for_three_and_four_players() {
        let four = parse_command_line(
            &os("pack.in shuffle 10 A Simple B Simple C Simple D Human"),
            4,
        )
        .unwrap();
        assert!(four.shuffle);
        assert_eq!(four.seats[3], ("D".to_string(), Kind::Human));
        let three =
            parse_command_line(&os("pack.in noshuffle 5x A Simple B Human C Simple"), 3).unwrap();
        assert_eq!(three.points_to_win, 5);
        for bad in [
            "pack.in shuffle 10 A Simple B Simple C Simple D",
            "pack.in shuffel 10 A Simple B Simple C Simple D Simple",
            "pack.in shuffle 0 A Simple B Simple C Simple D Simple",
            "pack.in shuffle 101 A Simple B Simple C Simple D Simple",
            "pack.in shuffle 10 A Simple B Robot C Simple D Simple",
            "pack.in shuffle 10 A simple B Simple C Simple D Simple",
        ] {
            assert_eq!(parse_command_line(&os(bad), 4), None, "{bad}");
        }
        assert_eq!(
            parse_command_line(&os("pack.in shuffle 10 A Simple B Simple C Simple"), 4),
            None
        );
    }

    #[test]
    fn atoi_reads_like_c() {
        assert_eq!(atoi("5x"), 5);
        assert_eq!(atoi("  42"), 42);
        assert_eq!(atoi("-7"), -7);
        assert_eq!(atoi("+3"), 3);
        assert_eq!(atoi("x5"), 0);
        assert_eq!(atoi(""), 0);
        assert!(atoi("99999999999999999999") > 100);
    }

    #[test]
    fn answers_name_suits_and_card_numbers() {
        assert_eq!(suit_named("Hearts", true), Ok(Suit::Hearts));
        let said = |answer: Result<Suit, Answer>| answer.unwrap_err().to_string();
        assert_eq!(
            said(suit_named("hearts", true)),
            "'hearts' is not an answer: type Spades, Hearts, Clubs, Diamonds or pass."
        );
        assert_eq!(
            said(suit_named("pass", false)),
            "'pass' is not an answer: type Spades, Hearts, Clubs, Diamonds."
        );
        let held: CardSet = ["9S", "AH"]
            .iter()
            .map(|c| c.parse::<Card>().unwrap())
            .collect();
        assert_eq!(card_numbered(held, "1"), Ok("AH".parse().unwrap()));
        for bad in ["2", "-1", "x", ""] {
            assert_eq!(
                card_numbered(held, bad).unwrap_err().to_string(),
                format!("'{bad}' is not a card number: type 0 to 1.")
            );
        }
    }
}
