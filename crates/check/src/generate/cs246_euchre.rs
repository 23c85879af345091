//! CS 246 Euchre's cases: `euchre [-d] [-s seed] [-f filename]` (handout section 2.1),
//! player 0 always a person. Player 0's answers are scripted by playing the game through
//! the handout program's own driver with a recording player in seat 0, which picks a
//! random legal action and records the command the handout's section 2.5 gives for it
//! (and, for wrong answers, first the section-2.5.1 mistakes). Saved games are positions
//! reached by random play from a dealt deck, written in the section-3 format.

use std::cell::RefCell;
use std::rc::Rc;

use cards::Card;
use cs246_euchre::driver::Driver;
use cs246_euchre::readings::Readings;
use euchre::{
    Action, Actions, Game, Hand, IllegalAction, Leave, Phase, Player, Position, Refused, Round,
    Rules, Seat, View,
};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng as _, SeedableRng};
use textio::Console;

use super::Rng;
use crate::case::{Case, Category, Size};
use crate::handout::Handout;

/// The categories: no errors (the handout says nothing of bad command lines) and no
/// computers-only games (player 0 is always a person).
pub const CATEGORIES: &[Category] = &[
    Category::HumanInput,
    Category::WrongAnswers,
    Category::SavedGames,
];

/// The saved game's name in the case's folder, as in the handout's examples.
const SAVED_FILE: &str = "saved-game.txt";

/// Points to win (section 1.1).
const POINTS_TO_WIN: u32 = 10;

/// Answers after which the script quits, so that no case runs forever (a game to 10
/// points takes far fewer).
const MOST_ANSWERS: usize = 5_000;

/// One CS 246 Euchre case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// What it exercises.
    pub category: Category,
    /// `-d`: every hand and the deck shown.
    pub debug: bool,
    /// `-s SEED`, when given (the program uses 0 otherwise).
    pub seed: Option<u32>,
    /// `-f saved-game.txt`: the game it starts from.
    pub saved: Option<Saved>,
    /// Draws player 0's legal choices.
    pub choices: u64,
    /// Wrong answers player 0 gives before some of its answers.
    pub wrong: Vec<WrongAnswer>,
    /// Player 0 leaves (`r` or `q`) instead of giving an answer.
    pub leaving: Option<Leaving>,
    /// How the reference reads the handout (`--reading`): player 0's answers are scripted
    /// by the same reading, as a lone hand's pickup and lead depend on it.
    pub readings: Readings,
}

/// A saved game: a deck dealt, then played at random up to a point the section-3 format
/// can hold (making trump in round one, the dealer's discard, or a trick's start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// Team 0-2's and team 1-3's points, each below 10.
    pub scores: [u32; 2],
    /// The dealer, 0 to 3.
    pub dealer: usize,
    /// The seed written in the file (the later hands' shuffles).
    pub seed: u32,
    /// The deck as written: the hands dealt from it, its 21st card turned up.
    pub deck: Vec<Card>,
    /// Actions played at random after the deal; the file holds the last point at or
    /// before them that it can express.
    pub actions: usize,
    /// Draws those actions.
    pub moves: u64,
}

/// A mistake of section 2.5.1, given before player 0's answer number `before`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrongAnswer {
    /// The answer (counting from 0) it comes before.
    pub before: usize,
    /// Which mistake.
    pub mistake: Mistake,
    /// Picks the word among those that make the mistake.
    pub pick: u32,
}

/// The mistakes section 2.5.1 says what the program does with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// A word that is no command, or a command out of its context (a card while trump is
    /// made, `p` when a card is wanted).
    Unrecognized,
    /// Round two: the suit turned down in round one.
    TurnedDownSuit,
    /// A card that is not in player 0's hand.
    NotInHand,
    /// Round two: `o` or `oa`.
    OrderUpTurnedDown,
    /// Not following suit though able: 2 points to the other team, and the card is asked
    /// for again.
    Renege,
}

impl Mistake {
    /// Every mistake.
    pub const ALL: [Mistake; 5] = [
        Mistake::Unrecognized,
        Mistake::TurnedDownSuit,
        Mistake::NotInHand,
        Mistake::OrderUpTurnedDown,
        Mistake::Renege,
    ];
}

/// Player 0 walks away instead of giving an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaving {
    /// `r` before this answer: a computer plays on to the game's end.
    RageQuit(usize),
    /// `q` before this answer: the program ends.
    Quit(usize),
}

impl Leaving {
    /// The answer it comes before.
    fn before(self) -> usize {
        match self {
            Leaving::RageQuit(n) | Leaving::Quit(n) => n,
        }
    }
}

/// Player 0's whole input for a case, as the game asked for it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Script {
    /// The lines typed, in order.
    pub lines: Vec<String>,
    /// Legal answers among them.
    pub answers: usize,
    /// The wrong answers typed (the planned ones the game reached and that applied).
    pub wrong: Vec<WrongAnswer>,
}

impl Setup {
    /// Draws a case of `category`, its answers scripted under `readings`.
    pub fn draw(category: Category, rng: &mut Rng, readings: Readings) -> Setup {
        let seed = match rng.random_range(0..4) {
            0 => None,
            _ => Some(draw_seed(rng)),
        };
        let leaving = match rng.random_range(0..20) {
            0 | 1 => Some(Leaving::RageQuit(rng.random_range(0..30))),
            2 => Some(Leaving::Quit(rng.random_range(0..30))),
            _ => None,
        };
        let mut setup = Setup {
            category,
            debug: rng.random_bool(0.5),
            seed,
            saved: (category == Category::SavedGames).then(|| Saved::draw(rng)),
            choices: rng.random(),
            wrong: Vec::new(),
            leaving,
            readings,
        };
        if category == Category::WrongAnswers {
            let mistakes = Rng::seed_from_u64(rng.random());
            setup.wrong = setup.play(Some(mistakes)).wrong;
        }
        setup
    }

    /// The case: the flags in the handout's order, the saved game, player 0's answers.
    pub fn case(&self) -> Case {
        let script = self.script();
        let mut args = Vec::new();
        if self.debug {
            args.push("-d".to_string());
        }
        if let Some(seed) = self.seed {
            args.extend(["-s".to_string(), seed.to_string()]);
        }
        let mut files = Vec::new();
        if let Some(saved) = &self.saved {
            args.extend(["-f".to_string(), SAVED_FILE.to_string()]);
            files.push((SAVED_FILE.to_string(), saved.text().into_bytes()));
        }
        let stdin: String = script.lines.iter().map(|l| format!("{l}\n")).collect();
        Case {
            handout: Handout::Cs246Euchre,
            category: self.category,
            args,
            files,
            stdin: stdin.into_bytes(),
            size: self.size_of(&script),
        }
    }

    /// How big it is: player 0's answers and wrong answers, the seeds' digits, debug,
    /// and for a saved game the points still to win.
    pub fn size(&self) -> Size {
        self.size_of(&self.script())
    }

    fn size_of(&self, script: &Script) -> Size {
        let digits = |seed: u32| seed.to_string().len() as u64;
        let seed_digits =
            self.seed.map_or(0, digits) + self.saved.as_ref().map_or(0, |s| digits(s.seed));
        let to_win = match &self.saved {
            Some(saved) => POINTS_TO_WIN - saved.scores.iter().max().copied().unwrap_or(0),
            None => POINTS_TO_WIN,
        };
        Size(vec![
            ("answers", script.answers as u64),
            ("wrong answers", script.wrong.len() as u64),
            ("seed digits", seed_digits),
            ("debug", u64::from(self.debug)),
            ("saved game", u64::from(self.saved.is_some())),
            ("points to win", u64::from(to_win)),
        ])
    }

    /// Setups one step smaller, the likeliest to keep a failure first: quitting halfway,
    /// a saved game one hand from the end, no wrong answers or one fewer, a saved game
    /// further into its hand, no debug, no or a shorter seed, quitting one answer
    /// earlier, a rage quit made a quit, no saved game.
    pub fn smaller(&self) -> Vec<Setup> {
        let script = self.script();
        let mut smaller = super::Variants::of(self);
        let answers = script.answers;
        if answers > 0 {
            smaller.with(|s| s.leaving = Some(Leaving::Quit(answers / 2)));
        }
        if let Some(saved) = &self.saved {
            smaller.with(|s| set_saved(s, |g| g.scores = [POINTS_TO_WIN - 1; 2]));
            for more in [5, 1] {
                if saved.further(more) != saved.position() {
                    smaller.with(|s| set_saved(s, |g| g.actions = saved.actions + more));
                }
            }
        }
        if !script.wrong.is_empty() {
            smaller.with(|s| s.wrong.clear());
            for dropped in 0..script.wrong.len() {
                smaller.with(|s| {
                    s.wrong = script.wrong.clone();
                    s.wrong.remove(dropped);
                });
            }
        }
        smaller.with(|s| s.debug = false);
        smaller.with(|s| s.seed = None);
        if let Some(seed) = self.seed.filter(|&s| s >= 10) {
            smaller.with(|s| s.seed = Some(seed / 10));
        }
        if self.saved.as_ref().is_some_and(|s| s.seed != 0) {
            smaller.with(|s| set_saved(s, |g| g.seed /= 10));
        }
        if answers > 0 {
            smaller.with(|s| s.leaving = Some(Leaving::Quit(answers - 1)));
        }
        if let Some(Leaving::RageQuit(before)) = self.leaving {
            smaller.with(|s| s.leaving = Some(Leaving::Quit(before)));
        }
        smaller.with(|s| s.saved = None);
        smaller.into_vec()
    }

    /// Player 0's input: the game played through the handout program's driver with a
    /// recording player in seat 0.
    pub fn script(&self) -> Script {
        self.play(None)
    }

    /// Plays the case's game, replaying the planned wrong answers; with `mistakes`, also
    /// draws new ones as it goes (the script's `wrong` then lists them for replaying).
    fn play(&self, mistakes: Option<Rng>) -> Script {
        let recording = Rc::new(RefCell::new(Recording {
            choices: Rng::seed_from_u64(self.choices),
            mistakes,
            plan: self.wrong.clone(),
            next: 0,
            leaving: self.leaving,
            opened: None,
            script: Script::default(),
        }));
        let console = Console::shared(Box::new(std::io::empty()), Box::new(std::io::sink()));
        let recorder = Box::new(Recorder {
            recording: recording.clone(),
        });
        let mut driver = Driver::with_player(console, self.debug, recorder).reading(self.readings);
        // The game ends (or player 0 quits) by itself: nothing to report from the driver.
        let _ = match &self.saved {
            Some(saved) => {
                let (loaded, game) = saved.load(self.readings);
                driver.play_saved(loaded, game)
            }
            None => driver.play_new(self.seed.unwrap_or(0)),
        };
        drop(driver);
        let script = std::mem::take(&mut recording.borrow_mut().script);
        script
    }
}

/// `setup` with its saved game changed by `change`.
fn set_saved(setup: &mut Setup, change: impl Fn(&mut Saved)) {
    if let Some(saved) = &mut setup.saved {
        change(saved);
    }
}

/// A seed as the handout's `int seed` holds it: a small one, or any non-negative `int`
/// (larger values are no `int`, and negative ones print differently in debug mode).
fn draw_seed(rng: &mut Rng) -> u32 {
    match rng.random_range(0..3) {
        0 => rng.random_range(0..100),
        _ => rng.random_range(0..=i32::MAX as u32),
    }
}

impl Saved {
    /// Draws a saved game: a shuffled deck, scores below 10, any dealer, and how far
    /// into the hand it was saved.
    pub fn draw(rng: &mut Rng) -> Saved {
        let mut deck = cards::deck::cs246_euchre();
        deck.shuffle(rng);
        let scores = match rng.random_range(0..3) {
            0 => [0, 0],
            _ => [
                rng.random_range(0..POINTS_TO_WIN),
                rng.random_range(0..POINTS_TO_WIN),
            ],
        };
        Saved {
            scores,
            dealer: rng.random_range(0..4),
            seed: draw_seed(rng),
            deck,
            // A quarter saved while trump is made, the rest anywhere in the hand.
            actions: match rng.random_range(0..4) {
                0 => rng.random_range(0..=3),
                _ => rng.random_range(0..=25),
            },
            moves: rng.random(),
        }
    }

    /// The position the file holds.
    pub fn position(&self) -> Position {
        self.further(0)
    }

    /// The position the file would hold with `more` actions played.
    fn further(&self, more: usize) -> Position {
        let rules = Rules::cs246();
        let dealt = Hand::deal(rules, Seat::new(self.dealer), &self.deck);
        let mut game = Game::from_position(rules, &dealt.to_position(self.scores))
            .expect("a dealt hand with scores below 10 is a position");
        let mut kept = game.to_position().expect("a hand is being played");
        let mut rng = Rng::seed_from_u64(self.moves);
        for _ in 0..self.actions + more {
            let hand = *game.hand().expect("a hand is being played");
            let making = matches!(hand.phase(), Phase::Making(_));
            let Some(action) = pick(hand.legal_actions(), making, &mut rng) else {
                break;
            };
            if game.apply(action).is_err() || game.is_over() {
                break;
            }
            let hand = game.hand().expect("a hand is being played");
            if hand.phase() == Phase::Over {
                break;
            }
            if savable(hand) {
                kept = game.to_position().expect("a hand is being played");
            }
        }
        kept
    }

    /// The file, in section 3's layout: scores; dealer and next player; trump (and its
    /// maker and whether alone); seed; deck; each player's hand and taken cards.
    pub fn text(&self) -> String {
        let position = self.position();
        let mut lines = vec![
            format!("{} {}", position.scores[0], position.scores[1]),
            format!("{} {}", position.dealer, position.turn),
        ];
        match position.making {
            None => lines.push("?".to_string()),
            Some(making) => {
                lines.push(making.trump.letter().to_string());
                let alone = if making.alone { "t" } else { "f" };
                lines.push(format!("{} {alone}", making.maker));
            }
        }
        lines.push(self.seed.to_string());
        lines.push(cards::short_list(&self.deck));
        let hands = self.arranged(&position);
        let won = taken_in_play_order(&position);
        for seat in 0..4 {
            lines.push(counted(&hands[seat]));
            lines.push(counted(&won[seat]));
        }
        lines.iter().map(|l| format!("{l}\n")).collect()
    }

    /// Each seat's cards in the order dealt, a picked-up card last: the order the
    /// program shows a hand in.
    fn arranged(&self, position: &Position) -> [Vec<Card>; 4] {
        let dealer = Seat::new(self.dealer);
        std::array::from_fn(|seat| {
            let from_left = (seat + 4 - dealer.left().index()) % 4;
            let mut cards = self.deck[from_left * 5..from_left * 5 + 5].to_vec();
            if seat == dealer.index() {
                cards.push(self.deck[20]);
            }
            cards.retain(|&c| position.hands[seat].contains(c));
            cards
        })
    }

    /// The file read back as the program reads it under `readings`, and its game.
    fn load(&self, readings: Readings) -> (cs246_euchre::saved::SavedGame, Game) {
        let loaded = cs246_euchre::saved::parse(&self.text())
            .expect("a drawn saved game is in the section-3 format");
        let game = Game::from_position(readings.rules(), &loaded.position)
            .expect("a drawn saved game is a position the program loads");
        (loaded, game)
    }
}

/// Whether the section-3 format can hold the hand as it stands: while the upcard is
/// considered (any bidder next), while the dealer discards, or as a trick starts.
fn savable(hand: &Hand) -> bool {
    match hand.phase() {
        Phase::Making(Round::One) | Phase::Discard => true,
        Phase::Tricks => hand.trick().is_empty(),
        _ => false,
    }
}

/// Each seat's taken cards, trick by trick in the order played.
fn taken_in_play_order(position: &Position) -> [Vec<Card>; 4] {
    std::array::from_fn(|seat| {
        let won = position.won[seat];
        let mut cards: Vec<Card> = (position.plays.iter())
            .map(|&(_, card)| card)
            .filter(|&c| won.contains(c))
            .collect();
        // Any taken card the plays do not list (none from random play) still counts.
        for card in won
            .iter()
            .filter(|c| !cards.contains(c))
            .collect::<Vec<_>>()
        {
            cards.push(card);
        }
        cards
    })
}

/// `N card…`: a count and the cards, or `0`.
fn counted(cards: &[Card]) -> String {
    if cards.is_empty() {
        "0".to_string()
    } else {
        format!("{} {}", cards.len(), cards::short_list(cards))
    }
}

/// What the recording player has said and still plans to say.
struct Recording {
    choices: Rng,
    /// Draws new wrong answers as the game goes (when a case is drawn).
    mistakes: Option<Rng>,
    /// Wrong answers to give, by the answer they come before.
    plan: Vec<WrongAnswer>,
    /// The next planned wrong answer.
    next: usize,
    leaving: Option<Leaving>,
    /// The answer whose turn has begun (its leaving checked, its mistakes drawn).
    opened: Option<usize>,
    script: Script,
}

/// Player 0's stand-in while its input is scripted.
struct Recorder {
    recording: Rc<RefCell<Recording>>,
}

impl Player<Game> for Recorder {
    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave> {
        self.recording.borrow_mut().act(view)
    }
}

impl Recording {
    /// The first time answer `n` is asked for: leaves if planned, and draws its mistakes.
    fn open(&mut self, view: &View<'_>) -> Result<(), Leave> {
        let n = self.script.answers;
        if self.opened == Some(n) {
            return Ok(());
        }
        self.opened = Some(n);
        let leaving = match self.leaving {
            Some(leaving) if leaving.before() == n => Some(leaving),
            _ if n >= MOST_ANSWERS => Some(Leaving::Quit(n)),
            _ => None,
        };
        match leaving {
            Some(Leaving::RageQuit(_)) => {
                self.script.lines.push("r".to_string());
                return Err(Leave::RageQuit);
            }
            Some(Leaving::Quit(_)) => {
                self.script.lines.push("q".to_string());
                return Err(Leave::Quit);
            }
            None => {}
        }
        if let Some(rng) = &mut self.mistakes {
            if rng.random_bool(0.2) {
                // A renege costs 2 points and so shortens the game: drawn a third as
                // often as the others, so that wrong-answer games still run long.
                let possible: Vec<Mistake> = (Mistake::ALL.into_iter())
                    .filter(|m| !m.candidates(view).is_empty())
                    .flat_map(|m| std::iter::repeat_n(m, if m == Mistake::Renege { 1 } else { 3 }))
                    .collect();
                for _ in 0..rng.random_range(1..=2) {
                    if let Some(&mistake) = possible.choose(rng) {
                        let pick = rng.random();
                        self.plan.push(WrongAnswer {
                            before: n,
                            mistake,
                            pick,
                        });
                    }
                }
            }
        }
        Ok(())
    }

    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave> {
        self.open(view)?;
        let n = self.script.answers;
        while let Some(&wrong) = self.plan.get(self.next) {
            if wrong.before > n {
                break;
            }
            self.next += 1;
            if wrong.before < n {
                continue;
            }
            let candidates = wrong.mistake.candidates(view);
            if candidates.is_empty() {
                continue;
            }
            let (word, action) = candidates[wrong.pick as usize % candidates.len()].clone();
            self.script.lines.push(word);
            self.script.wrong.push(wrong);
            if let Some(action) = action {
                // A renege: the table applies it (2 points) and asks again.
                return Ok(action);
            }
        }
        let making = matches!(view.phase(), Phase::Making(_));
        let Some(action) = pick(view.legal_actions(), making, &mut self.choices) else {
            // Never: the table asks only a seat with something to do.
            self.script.lines.push("q".to_string());
            return Err(Leave::Quit);
        };
        if let Some(line) = command(action) {
            self.script.lines.push(line);
        }
        self.script.answers += 1;
        Ok(action)
    }
}

/// A random one of the `legal` actions; while trump is made (`making`), a pass half the
/// time, so that bids come from every seat and not mostly from the first asked.
fn pick(legal: Actions, making: bool, rng: &mut Rng) -> Option<Action> {
    let bids: Vec<Action> = (legal.iter())
        .filter(|a| !(making && *a == Action::Pass))
        .collect();
    let passes = legal.contains(Action::Pass);
    match bids.choose(rng) {
        Some(&bid) if !(making && passes && rng.random_bool(0.5)) => Some(bid),
        _ if passes => Some(Action::Pass),
        _ => None,
    }
}

/// The line of section 2.5 that makes `action`: `p`, `o`, `oa`, `H n`, `H a`, `9S`.
fn command(action: Action) -> Option<String> {
    match action {
        Action::Pass => Some("p".to_string()),
        Action::OrderUp { alone: false } => Some("o".to_string()),
        Action::OrderUp { alone: true } => Some("oa".to_string()),
        Action::Call { suit, alone } => Some(format!(
            "{} {}",
            suit.letter(),
            if alone { "a" } else { "n" }
        )),
        Action::Discard(card) | Action::Play(card) => Some(card.to_string()),
        // No defending alone, McEvoy or farmer's hand under the handout's rules.
        Action::DefendAlone | Action::McEvoy | Action::Farmer(_) => None,
    }
}

/// Words that are no command anywhere (none a card, a suit, or `q`, `r`, `save`).
const NONSENSE: [&str; 10] = [
    "x", "z", "pass", "hello", "order", "play", "help", "yes", "skip", "42",
];

impl Mistake {
    /// The lines that make this mistake now, each with the action the program then takes
    /// (a renege is played; the others are only refused).
    fn candidates(self, view: &View<'_>) -> Vec<(String, Option<Action>)> {
        let phase = view.phase();
        let round_two = phase == Phase::Making(Round::Two);
        let wants_card = matches!(phase, Phase::Discard | Phase::Tricks);
        let refused = |words: Vec<String>| words.into_iter().map(|w| (w, None)).collect();
        match self {
            Mistake::Unrecognized => {
                let mut words: Vec<String> = NONSENSE.iter().map(|w| w.to_string()).collect();
                if matches!(phase, Phase::Making(_)) {
                    words.extend(view.cards().iter().map(|c| c.to_string()));
                } else if wants_card {
                    words.push("p".to_string());
                }
                refused(words)
            }
            Mistake::TurnedDownSuit if round_two => {
                refused(vec![view.upcard().suit().letter().to_string()])
            }
            Mistake::OrderUpTurnedDown if round_two => {
                refused(vec!["o".to_string(), "oa".to_string()])
            }
            Mistake::NotInHand if wants_card => refused(
                (cards::deck::cs246_euchre().into_iter())
                    .filter(|&c| {
                        let action = match phase {
                            Phase::Discard => Action::Discard(c),
                            _ => Action::Play(c),
                        };
                        view.check(action) == Err(Refused::Illegal(IllegalAction::NotHeld(c)))
                    })
                    .map(|c| c.to_string())
                    .collect(),
            ),
            Mistake::Renege if phase == Phase::Tricks => (view.cards().iter())
                .filter(|&c| {
                    matches!(
                        view.check(Action::Play(c)),
                        Err(Refused::Illegal(
                            IllegalAction::MustFollow(_) | IllegalAction::LeftBower { .. }
                        ))
                    )
                })
                .map(|c| (c.to_string(), Some(Action::Play(c))))
                .collect(),
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drawn(category: Category, number: u64) -> Setup {
        Setup::draw(
            category,
            &mut Rng::seed_from_u64(number),
            Readings::default(),
        )
    }

    /// The program's own saved-game reader and the rules core accept every drawn file.
    #[test]
    fn drawn_saved_games_load() {
        for number in 0..200 {
            let saved = Saved::draw(&mut Rng::seed_from_u64(number));
            let text = saved.text();
            let loaded =
                cs246_euchre::saved::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            Game::from_position(Rules::cs246(), &loaded.position)
                .unwrap_or_else(|e| panic!("{e}\n{text}"));
        }
    }

    /// Hand-worked: the handout's section-3 example deck dealt by player 0 and saved
    /// before anyone acts is the handout's example file (hands in dealing order).
    #[test]
    fn a_fresh_deal_is_written_as_the_handouts_example() {
        let deck: Vec<Card> =
            "AH QS KS KH JH 9D TH 9H JC JD AC 9C AD QH TS AS KD 9S TD QC QD TC KC JS"
                .split(' ')
                .map(|c| Card::parse_short(c).unwrap())
                .collect();
        let saved = Saved {
            scores: [0, 0],
            dealer: 3,
            seed: 123,
            deck,
            actions: 0,
            moves: 0,
        };
        let expected = "0 0\n3 0\n?\n123\n\
AH QS KS KH JH 9D TH 9H JC JD AC 9C AD QH TS AS KD 9S TD QC QD TC KC JS\n\
5 AH QS KS KH JH\n0\n5 9D TH 9H JC JD\n0\n5 AC 9C AD QH TS\n0\n5 AS KD 9S TD QC\n0\n";
        assert_eq!(saved.text(), expected);
    }

    /// Saved games reach past the deal: some are saved at the discard, some mid-hand.
    #[test]
    fn saved_games_reach_each_point_a_file_can_hold() {
        let phases: Vec<Phase> = (0..200)
            .map(|n| {
                let saved = Saved::draw(&mut Rng::seed_from_u64(n));
                let (_, game) = saved.load(Readings::default());
                game.hand().unwrap().phase()
            })
            .collect();
        for phase in [Phase::Making(Round::One), Phase::Discard, Phase::Tricks] {
            assert!(phases.contains(&phase), "no saved game at {phase}");
        }
    }

    /// Replaying a drawn case says what drawing it said, wrong answers included.
    #[test]
    fn wrong_answers_replay_as_drawn() {
        for number in 0..40 {
            let setup = drawn(Category::WrongAnswers, number);
            let script = setup.script();
            assert_eq!(script.wrong, setup.wrong, "case {number}");
        }
    }

    /// Across cases, every mistake of section 2.5.1 is made.
    #[test]
    fn every_mistake_is_made() {
        let made: Vec<Mistake> = (0..60)
            .flat_map(|n| drawn(Category::WrongAnswers, n).wrong)
            .map(|w| w.mistake)
            .collect();
        for mistake in Mistake::ALL {
            assert!(made.contains(&mistake), "{mistake:?} never made");
        }
    }

    /// The input is read whole by the handout's program and nothing is left over: run
    /// in-process by the reference on each drawn case.
    #[test]
    fn the_reference_reads_each_script_to_its_end() {
        // Under every reading: a lone hand's pickup and lead change player 0's turns.
        let other = Readings::parse("alone-pickup=picks-up,alone-leader=literal").unwrap();
        for readings in [Readings::default(), other] {
            for category in CATEGORIES {
                for number in 0..15 {
                    let rng = &mut Rng::seed_from_u64(number);
                    let case = Setup::draw(*category, rng, readings).case();
                    let (read, status) = run_reference(&case, readings);
                    let name = format!("{category} case {number} {readings:?}");
                    assert_eq!(status, Ok(()), "{name}: {:?}", case.args);
                    assert!(read, "{name}: input left unread");
                }
            }
        }
    }

    /// Runs the program's driver on the case's input in this process: whether the input
    /// was read to its end, and how the game ended.
    fn run_reference(case: &Case, readings: Readings) -> (bool, Result<(), String>) {
        let (read, result, _) = run_reference_said(case, readings);
        (read, result)
    }

    /// [`run_reference`], and what the program printed.
    fn run_reference_said(case: &Case, readings: Readings) -> (bool, Result<(), String>, String) {
        struct Shared(Rc<RefCell<Vec<u8>>>);
        impl std::io::Write for Shared {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.0.borrow_mut().extend_from_slice(bytes);
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let printed = Rc::new(RefCell::new(Vec::new()));
        let input = std::io::Cursor::new(case.stdin.clone());
        let console = Console::shared(Box::new(input), Box::new(Shared(printed.clone())));
        let debug = case.args.iter().any(|a| a == "-d");
        let mut driver = Driver::new(console.clone(), debug).reading(readings);
        let seed_at = case.args.iter().position(|a| a == "-s");
        let seed = seed_at.map_or(0, |at| case.args[at + 1].parse().unwrap());
        let result = match case.files.first() {
            Some((_, text)) => {
                let loaded =
                    cs246_euchre::saved::parse(std::str::from_utf8(text).unwrap()).unwrap();
                let game = Game::from_position(readings.rules(), &loaded.position).unwrap();
                driver.play_saved(loaded, game)
            }
            None => driver.play_new(seed),
        };
        let result = match result {
            Ok(()) | Err(textio::Stop::Left(Leave::Quit)) => Ok(()),
            Err(other) => Err(format!("{other:?}")),
        };
        let read = console.borrow_mut().word() == Err(Leave::InputClosed);
        let printed = String::from_utf8(printed.take()).unwrap();
        (read, result, printed)
    }

    /// A size says what its case holds: every case a shrink may try (each drawn case's
    /// smaller ones, and theirs) is read whole by the reference, which prints one of
    /// 2.5.1's `ERROR:` messages exactly as often as the size counts wrong answers (none
    /// in a human-input case, so it never holds an illegal play).
    #[test]
    fn every_case_a_shrink_tries_holds_the_wrong_answers_its_size_counts() {
        let mut tried = 0;
        for category in CATEGORIES {
            for number in 0..6 {
                let first = drawn(*category, number);
                let mut cases = vec![first.clone()];
                for smaller in first.smaller() {
                    cases.extend(smaller.smaller().into_iter().take(3));
                    cases.push(smaller);
                }
                for setup in cases {
                    let case = setup.case();
                    let (read, status, printed) = run_reference_said(&case, Readings::default());
                    let name = format!("{category} case {number}: {}", case.command());
                    assert_eq!(status, Ok(()), "{name}");
                    assert!(read, "{name}: input left unread");
                    let errors = printed.matches("ERROR: ").count();
                    let counted = case
                        .size
                        .0
                        .iter()
                        .find(|(what, _)| *what == "wrong answers");
                    assert_eq!(counted.map(|c| c.1), Some(errors as u64), "{name}");
                    if *category == Category::HumanInput {
                        assert_eq!(errors, 0, "{name}");
                    }
                    tried += 1;
                }
            }
        }
        assert!(tried > 100, "{tried} cases tried");
    }

    /// Section 2.5's commands, as its table spells them.
    #[test]
    fn answers_are_the_handouts_commands() {
        let card = Card::parse_short("9S").unwrap();
        let said = [
            (Action::Pass, "p"),
            (Action::OrderUp { alone: false }, "o"),
            (Action::OrderUp { alone: true }, "oa"),
            (
                Action::Call {
                    suit: cards::Suit::Hearts,
                    alone: false,
                },
                "H n",
            ),
            (
                Action::Call {
                    suit: cards::Suit::Clubs,
                    alone: true,
                },
                "C a",
            ),
            (Action::Discard(card), "9S"),
            (Action::Play(card), "9S"),
        ];
        for (action, line) in said {
            assert_eq!(command(action).as_deref(), Some(line), "{action:?}");
        }
    }

    /// People's input has no wrong answers, and leaving (`r`, `q`) is its last line.
    #[test]
    fn human_input_is_all_answers() {
        for number in 0..40 {
            let script = drawn(Category::HumanInput, number).script();
            assert!(script.wrong.is_empty(), "case {number}");
            let leaves = script.lines.iter().position(|l| l == "r" || l == "q");
            assert!(
                leaves.is_none_or(|at| at + 1 == script.lines.len()),
                "case {number}"
            );
        }
    }

    /// Shrinking steps change the case and quit earlier than the answers given.
    #[test]
    fn smaller_setups_differ_and_quit_sooner() {
        let setup = drawn(Category::WrongAnswers, 3);
        let answers = setup.script().answers;
        let smaller = setup.smaller();
        assert!(!smaller.is_empty());
        assert!(smaller.iter().all(|s| *s != setup));
        assert!(smaller.contains(&Setup {
            leaving: Some(Leaving::Quit(answers / 2)),
            ..setup.clone()
        }));
        let halved = Setup {
            leaving: Some(Leaving::Quit(answers / 2)),
            ..setup
        };
        assert_eq!(halved.script().answers, answers / 2);
    }
}
