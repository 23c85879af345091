//! Euchre at the terminal for a person: you (South) and a computer partner (North)
//! against two computers, with readable prompts and the rules enforced by the core.

use std::cell::RefCell;
use std::io::{self, BufRead, Write};
use std::rc::Rc;

use cards::shuffle::Mt19937Shuffle;
use cards::{Card, Rank, Suit};
use catalogue::{GameKind, PlayerSpec, Roster};
use euchre::{Action, Game, Leave, Outcome, Phase, Player, Round, Rules, Seat, Team, View};
use rand::SeedableRng;
use table::{Agent, Seated};
use textio::Stop;

#[derive(clap::Args, Clone, Debug)]
pub struct Options {
    /// The computer players (partner and opponents): strong (or strong:N, N deals
    /// sampled per decision), handout (the EECS 280 Simple player; also `simple`) or random.
    #[arg(long, default_value = "strong", value_parser = opponent)]
    pub opponents: PlayerSpec,
    /// Seed for the shuffle; the same seed deals the same game (default: from the clock).
    #[arg(long)]
    pub seed: Option<u32>,
    /// Points a team needs to win.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub points: u32,
}

/// A computer player of Euchre by name, as the catalogue reads it.
fn opponent(name: &str) -> Result<PlayerSpec, catalogue::Error> {
    PlayerSpec::parse(GameKind::Euchre, name)
}

const NAMES: [&str; 4] = ["You", "West", "North", "East"];
const YOU: Seat = Seat::new(0);

fn symbol(suit: Suit) -> char {
    match suit {
        Suit::Spades => '♠',
        Suit::Hearts => '♥',
        Suit::Clubs => '♣',
        Suit::Diamonds => '♦',
    }
}

/// `9♠`, `10♥`, `J♦`.
fn show(card: Card) -> String {
    let rank = match card.rank() {
        Rank::Ten => "10".to_string(),
        other => other.symbol().to_string(),
    };
    format!("{rank}{}", symbol(card.suit()))
}

fn team_name(team: Team) -> &'static str {
    if team == YOU.team() {
        "You and North"
    } else {
        "West and East"
    }
}

/// The person's side of the terminal, shared by the table (which prints) and the
/// person's seat (which prompts and reads).
struct Terminal<R, W> {
    input: R,
    output: W,
}

type Shared<R, W> = Rc<RefCell<Terminal<R, W>>>;

impl<R: BufRead, W: Write> Terminal<R, W> {
    fn say(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.output, "{text}")
    }

    /// Prints `prompt` and reads one trimmed line (bytes that are not UTF-8 read as
    /// U+FFFD, a bad answer like any other).
    fn ask(&mut self, prompt: &str) -> Result<String, Leave> {
        let written = write!(self.output, "{prompt} > ").and_then(|()| self.output.flush());
        written.map_err(|_| Leave::OutputClosed)?;
        let mut line = Vec::new();
        match self.input.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => {
                let _ = writeln!(self.output);
                Err(Leave::InputClosed)
            }
            Ok(_) => Ok(String::from_utf8_lossy(&line).trim().to_lowercase()),
        }
    }
}

/// The person in seat 0: reads answers until one is a legal action.
struct Person<R, W> {
    terminal: Shared<R, W>,
}

const HELP: &str =
    "Answers: p (pass), o (order up the upcard), h/d/c/s (name a suit in round two), \
a card as its number or as 9s, 10h, jd…; q quits.";

impl<R: BufRead, W: Write> Person<R, W> {
    fn read(&self, prompt: &str) -> Result<String, Leave> {
        let mut terminal = self.terminal.borrow_mut();
        match terminal.ask(prompt)? {
            answer if answer == "q" || answer == "quit" => Err(Leave::Quit),
            answer => Ok(answer),
        }
    }

    fn complain(&self, text: &str) -> Result<(), Leave> {
        self.terminal
            .borrow_mut()
            .say(text)
            .map_err(|_| Leave::OutputClosed)
    }

    /// What the person sees before deciding (their hand) and the question to answer.
    fn prompt(view: &View<'_>) -> (String, String) {
        let hand = view
            .cards()
            .iter()
            .enumerate()
            .map(|(i, c)| format!("[{}] {}", i + 1, show(c)))
            .collect::<Vec<_>>()
            .join("  ");
        let upcard = symbol(view.upcard().suit());
        let question = match view.phase() {
            Phase::Making(Round::One) => format!("Order up {upcard}? (o = order up, p = pass)"),
            Phase::Making(Round::Two) if view.legal_actions().contains(Action::Pass) => {
                format!("Name trump (h, d, c, s; not {upcard}) or p to pass")
            }
            Phase::Making(Round::Two) => {
                format!("As dealer you must name trump (h, d, c, s; not {upcard})")
            }
            Phase::Discard => format!("You picked up {}. Discard which card?", show(view.upcard())),
            Phase::Tricks | Phase::Over if view.trick().is_empty() => {
                "Lead which card?".to_string()
            }
            Phase::Tricks | Phase::Over => "Play which card?".to_string(),
        };
        (format!("Your hand: {hand}"), question)
    }

    /// Turns an answer into an action, or says why it is not one.
    fn parse(view: &View<'_>, answer: &str) -> Result<Action, String> {
        let card = || -> Result<Card, String> {
            let held = view.cards();
            if let Ok(n) = answer.parse::<usize>() {
                return n
                    .checked_sub(1)
                    .and_then(|i| held.nth(i))
                    .ok_or_else(|| format!("There is no card number {n}."));
            }
            let card: Card = answer
                .parse()
                .map_err(|_| format!("'{answer}' is not an answer. {HELP}"))?;
            if held.contains(card) {
                Ok(card)
            } else {
                Err(format!("You do not hold {}.", show(card)))
            }
        };
        match view.phase() {
            Phase::Making(round) => match (answer, round) {
                ("p" | "pass", _) => Ok(Action::Pass),
                ("o" | "order", Round::One) => Ok(Action::OrderUp { alone: false }),
                (_, Round::Two) => parse_suit(answer)
                    .map(|suit| Action::Call { suit, alone: false })
                    .ok_or_else(|| format!("'{answer}' is not a suit or p. {HELP}")),
                _ => Err(format!("'{answer}' is not o or p. {HELP}")),
            },
            Phase::Discard => card().map(Action::Discard),
            Phase::Tricks | Phase::Over => card().map(Action::Play),
        }
    }
}

impl<R: BufRead, W: Write> Player<Game> for Person<R, W> {
    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave> {
        let (hand, question) = Self::prompt(view);
        self.complain(&hand)?;
        loop {
            let answer = self.read(&question)?;
            if answer == "help" || answer == "?" {
                self.complain(HELP)?;
                continue;
            }
            match Self::parse(view, &answer) {
                Ok(action) => match view.check(action) {
                    Ok(()) => return Ok(action),
                    Err(reason) => self.complain(&textio::sentence(reason))?,
                },
                Err(reason) => self.complain(&reason)?,
            }
        }
    }
}

/// A seat at the table: the person, or a computer player.
enum Sitter<R, W> {
    Person(Person<R, W>),
    Computer(Box<dyn Agent<Game>>),
}

/// Plays one game with the person in seat 0 and computer players elsewhere.
pub fn play<R: BufRead + 'static, W: Write + 'static>(
    options: &Options,
    input: R,
    output: W,
) -> Result<(), Stop> {
    let terminal = Rc::new(RefCell::new(Terminal { input, output }));
    let seed = options.seed.unwrap_or_else(clock_seed);
    let mut game = Game::new(Rules::eecs280(options.points));
    let computer = || Sitter::<R, W>::Computer(game.agent(options.opponents));
    let mut players = [
        Sitter::Person(Person {
            terminal: terminal.clone(),
        }),
        computer(),
        computer(),
        computer(),
    ];
    let mut rng = table::Rng::seed_from_u64(u64::from(seed));
    let say = |text: &str| terminal.borrow_mut().say(text);
    say(&format!(
        "cardtable Euchre: EECS 280 rules (screw the dealer), first team to {} points wins.",
        options.points
    ))?;
    say("You sit South with North as your partner; West and East play against you.")?;
    say(&format!(
        "Seed {seed} (play this deal again with --seed {seed}). Type help at any prompt.\n"
    ))?;

    let mut shuffle = Mt19937Shuffle::new(seed);
    let mut deck = cards::deck::eecs280_euchre();
    while !game.is_over() {
        shuffle.shuffle(&mut deck);
        game.deal(&deck);
        let hand = game.hand().unwrap();
        say(&format!(
            "── Hand {} ── {} deal{}. Score: {} {}, {} {}.",
            game.hand_number() + 1,
            NAMES[hand.dealer().index()],
            if hand.dealer() == YOU { "" } else { "s" },
            team_name(Team::BOTH[0]),
            game.scores()[0],
            team_name(Team::BOTH[1]),
            game.scores()[1]
        ))?;
        say(&format!("Upcard: {}", show(hand.upcard())))?;
        play_hand(&mut game, &mut players, &mut rng, &say)?;
    }
    let winner = game.winner().unwrap();
    say(&format!(
        "{} win the game, {} to {}.",
        team_name(winner),
        game.score(winner),
        game.score(winner.other())
    ))?;
    terminal.borrow_mut().output.flush()?;
    Ok(())
}

fn play_hand<R: BufRead, W: Write>(
    game: &mut Game,
    players: &mut [Sitter<R, W>; 4],
    rng: &mut table::Rng,
    say: &dyn Fn(&str) -> io::Result<()>,
) -> Result<(), Stop> {
    loop {
        let seat = game
            .turn()
            .expect("a hand in progress has a player to move");
        let action = match &mut players[seat.index()] {
            Sitter::Person(person) => {
                let view = game.view(seat).expect("a hand is dealt");
                person.act(&view)?
            }
            Sitter::Computer(agent) => agent.act(Seated::new(game, seat.index()), rng),
        };
        let outcome = game.apply(action).expect("players choose legal actions");
        let hand = game.hand().unwrap();
        let who = NAMES[seat.index()];
        match action {
            Action::Pass => say(&format!("{who}: pass"))?,
            Action::OrderUp { .. } => say(&format!(
                "{who}: order up {}. {} {} up the {}.",
                symbol(hand.upcard().suit()),
                NAMES[hand.dealer().index()],
                if hand.dealer() == YOU {
                    "pick"
                } else {
                    "picks"
                },
                show(hand.upcard())
            ))?,
            Action::Call { suit, .. } => say(&format!("{who}: {} is trump.", symbol(suit)))?,
            Action::Discard(card) if seat == YOU => say(&format!("You discard {}.", show(card)))?,
            Action::Discard(_) => say(&format!("{who} discards."))?,
            Action::Play(card) => say(&format!("  {who}: {}", show(card)))?,
        }
        match outcome {
            Outcome::Continue if hand.phase() == Phase::Tricks && hand.trick().is_empty() => {
                let maker = hand.maker().expect("trump is made");
                say(&format!(
                    "Trump is {}; {} made it.",
                    symbol(hand.trump().unwrap()),
                    NAMES[maker.index()]
                ))?;
            }
            Outcome::Trick { winner, result } => {
                say(&format!(
                    "  → {} take{} the trick.",
                    NAMES[winner.index()],
                    if winner == YOU { "" } else { "s" }
                ))?;
                if let Some(result) = result {
                    let verdict = if result.is_euchre() {
                        "euchred!"
                    } else if result.is_march() {
                        "march!"
                    } else {
                        "made it."
                    };
                    say(&format!(
                        "{} win the hand ({verdict}) and score {}.\n",
                        team_name(result.winner),
                        result.points
                    ))?;
                    return Ok(());
                }
            }
            Outcome::Continue | Outcome::Nullified | Outcome::Renege { .. } => {}
        }
    }
}

/// `h` or `hearts`, in any case.
fn parse_suit(answer: &str) -> Option<Suit> {
    Suit::ALL.into_iter().find(|s| {
        s.name().eq_ignore_ascii_case(answer)
            || answer.eq_ignore_ascii_case(&s.letter().to_string())
    })
}

fn clock_seed() -> u32 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u32)
        .unwrap_or(0)
}
