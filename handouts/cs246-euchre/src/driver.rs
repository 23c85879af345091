//! The game as section 2.4 displays it: the game driver, which plays through the rules core.

use cards::shuffle::Mt19937Shuffle;
use cards::Card;
use rules::players::Cs246;
use rules::{Action, Game, HandResult, Leave, Outcome, Phase, Player, Position, Round, Seat, Team};
use textio::{say, Shared, Stop};

use crate::human::{Human, Snapshot};
use crate::readings::{Readings, TrickScore};
use crate::saved::SavedGame;

const HUMAN: Seat = Seat::new(0);

fn team_name(team: Team) -> &'static str {
    if team.index() == 0 {
        "0-2"
    } else {
        "1-3"
    }
}

fn cards_text(cards: impl IntoIterator<Item = Card>) -> String {
    cards
        .into_iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The deck and its one engine, seeded once; each hand shuffles the previous hand's deck.
struct Deck {
    cards: Vec<Card>,
    engine: Mt19937Shuffle,
    seed: u32,
    shuffles: u64,
}

impl Deck {
    fn new(cards: Vec<Card>, seed: u32, shuffles: u64) -> Deck {
        let mut engine = Mt19937Shuffle::new(seed);
        let mut scratch = cards.clone();
        for _ in 0..shuffles {
            engine.shuffle(&mut scratch);
        }
        Deck {
            cards,
            engine,
            seed,
            shuffles,
        }
    }

    fn shuffle(&mut self) {
        self.engine.shuffle(&mut self.cards);
        self.shuffles += 1;
    }
}

pub struct Driver {
    console: Shared,
    debug: bool,
    players: [Box<dyn Player<Game>>; 4],
    human: bool,
    snapshot: Snapshot,
    deck: Deck,
    /// Each seat's cards in the order dealt (the picked-up card last): the display order.
    arranged: [Vec<Card>; 4],
    /// How the handout's ambiguous points are read.
    readings: Readings,
}

impl Driver {
    pub fn new(console: Shared, debug: bool) -> Driver {
        let snapshot = Snapshot::default();
        let human: Box<dyn Player<Game>> = Box::new(Human::new(console.clone(), snapshot.clone()));
        Driver {
            console,
            debug,
            players: [human, Box::new(Cs246), Box::new(Cs246), Box::new(Cs246)],
            human: true,
            snapshot,
            deck: Deck::new(cards::deck::cs246_euchre(), 0, 0),
            arranged: Default::default(),
            readings: Readings::default(),
        }
    }

    /// The driver reading the handout's ambiguous points as `readings` say.
    pub fn reading(mut self, readings: Readings) -> Driver {
        self.readings = readings;
        self
    }

    /// A driver whose player 0 is `player` instead of the person at the console (who
    /// stays player 0 in everything printed): `cardtable check` scripts player 0's
    /// answers by playing through the handout's own table with a recording player.
    pub fn with_player(console: Shared, debug: bool, player: Box<dyn Player<Game>>) -> Driver {
        let mut driver = Driver::new(console, debug);
        driver.players[HUMAN.index()] = player;
        driver
    }

    /// A new game: player 0 deals first from the freshly shuffled initial deck.
    pub fn play_new(&mut self, seed: u32) -> Result<(), Stop> {
        self.deck = Deck::new(cards::deck::cs246_euchre(), seed, 0);
        self.announce_seed()?;
        self.play_from(Game::new(self.readings.rules()))
    }

    /// A saved game: its hand first, then on as usual.
    pub fn play_saved(&mut self, saved: SavedGame, game: Game) -> Result<(), Stop> {
        self.deck = Deck::new(saved.deck, saved.seed, saved.shuffles);
        self.arranged = saved.hands;
        self.announce_seed()?;
        if !self.readings.no_loaded_scores {
            self.say_scores(&game)?;
        }
        for seat in Seat::ALL {
            if self.shows(seat) {
                self.say_hand(&game, seat)?;
            }
        }
        self.announce_kitty(&game)?;
        let hand = *game.hand().unwrap();
        match (hand.trump(), hand.maker()) {
            (Some(trump), Some(maker)) => self.announce_making(
                maker,
                trump == hand.upcard().suit(),
                trump.letter(),
                hand.is_alone(),
                hand.dealer(),
            )?,
            _ => say!(
                self.console,
                "Decision on trump starts with player {}.",
                hand.turn()
            )?,
        }
        let mut game = game;
        self.play_hand(&mut game)?;
        self.play_from(game)
    }

    fn play_from(&mut self, mut game: Game) -> Result<(), Stop> {
        while !game.is_over() {
            self.deal(&mut game)?;
            self.play_hand(&mut game)?;
        }
        self.console.borrow_mut().flush()?;
        Ok(())
    }

    fn announce_seed(&self) -> Result<(), Stop> {
        if self.debug {
            say!(self.console, "Seed: {}", self.deck.seed)?;
        }
        Ok(())
    }

    fn shows(&self, seat: Seat) -> bool {
        self.debug || (self.human && seat == HUMAN)
    }

    fn say_scores(&self, game: &Game) -> Result<(), Stop> {
        let [a, b] = game.scores();
        say!(self.console, "Scores: Team 0-2 {a}, Team 1-3 {b}")?;
        Ok(())
    }

    fn say_hand(&self, game: &Game, seat: Seat) -> Result<(), Stop> {
        let hand = game.hand().unwrap();
        let held = hand.cards(seat);
        let shown = self.arranged[seat.index()]
            .iter()
            .copied()
            .filter(|&c| held.contains(c));
        say!(
            self.console,
            "Player {seat}: hand [{}] # tricks {}",
            cards_text(shown),
            hand.tricks_won(seat)
        )?;
        Ok(())
    }

    fn say_score_of(&self, game: &Game, team: Team) -> Result<(), Stop> {
        say!(
            self.console,
            "Score for Team {} is now {}.",
            team_name(team),
            game.score(team)
        )?;
        Ok(())
    }

    fn announce_kitty(&self, game: &Game) -> Result<(), Stop> {
        let hand = game.hand().unwrap();
        if self.debug {
            say!(
                self.console,
                "Kitty: {}",
                cards_text(self.deck.cards[20..24].iter().copied())
            )?;
        }
        say!(self.console, "Top card of the kitty is: {}", hand.upcard())?;
        say!(
            self.console,
            "Proposed trump suit is: {}",
            hand.upcard().suit().letter()
        )?;
        say!(self.console, "Dealer is player {}.", hand.dealer())?;
        Ok(())
    }

    fn announce_making(
        &self,
        maker: Seat,
        ordered_up: bool,
        suit: char,
        alone: bool,
        dealer: Seat,
    ) -> Result<(), Stop> {
        let alone = if alone { " and goes alone" } else { "" };
        if ordered_up {
            say!(
                self.console,
                "Player {maker} orders up player {dealer}{alone}."
            )?;
        } else {
            say!(self.console, "Player {maker} declares {suit} trump{alone}.")?;
        }
        Ok(())
    }

    /// Shuffles, deals five at a time from the dealer's left, and forms the kitty.
    fn deal(&mut self, game: &mut Game) -> Result<(), Stop> {
        self.say_scores(game)?;
        self.deck.shuffle();
        if self.debug {
            say!(
                self.console,
                "Deck: {}",
                cards_text(self.deck.cards.iter().copied())
            )?;
        }
        game.deal(&self.deck.cards);
        let dealer = game.hand().unwrap().dealer();
        let mut seat = dealer;
        for chunk in self.deck.cards[..20].chunks(5) {
            seat = seat.left();
            self.arranged[seat.index()] = chunk.to_vec();
        }
        self.announce_kitty(game)?;
        say!(
            self.console,
            "Decision on trump starts with player {}.",
            dealer.left()
        )?;
        Ok(())
    }

    /// Keeps the snapshot at the last point this hand can resume from: the start of making
    /// trump, or of the current trick.
    fn remember(&self, resume: &Resume) {
        *self.snapshot.borrow_mut() = Some(SavedGame {
            position: resume.position.clone(),
            seed: self.deck.seed,
            shuffles: self.deck.shuffles,
            deck: self.deck.cards.clone(),
            hands: resume.hands.clone(),
        });
    }

    /// The point to resume from if the game is saved before the next one.
    fn resume_here(&self, game: &Game) -> Resume {
        let mut position = game.to_position().expect("a hand is in progress");
        position.plays.clear();
        position.discard = None;
        Resume {
            played: game.hand().unwrap().played().len(),
            position,
            hands: self.arranged_holdings(game),
        }
    }

    fn arranged_holdings(&self, game: &Game) -> [Vec<Card>; 4] {
        let hand = game.hand().unwrap();
        [0, 1, 2, 3].map(|s| {
            let held = hand.cards(Seat::new(s));
            self.arranged[s]
                .iter()
                .copied()
                .filter(|&c| held.contains(c))
                .collect()
        })
    }

    /// Asks the seat to move for an action; a rage quit hands the seat to a computer.
    fn ask(&mut self, game: &Game, seat: Seat) -> Result<Action, Stop> {
        let view = game.view(seat).unwrap();
        match self.players[seat.index()].act(&view) {
            Ok(action) => Ok(action),
            Err(Leave::RageQuit) => {
                say!(self.console, "Player {seat} rage quit.")?;
                self.players[seat.index()] = Box::new(Cs246);
                self.human = false;
                self.ask(game, seat)
            }
            Err(leave) => Err(Stop::Left(leave)),
        }
    }

    fn play_hand(&mut self, game: &mut Game) -> Result<(), Stop> {
        let mut resume = self.resume_here(game);
        self.remember(&resume);
        let mut again = false;
        loop {
            let hand = *game.hand().unwrap();
            let seat = hand.turn();
            let phase = hand.phase();
            let leading = phase == Phase::Tricks && hand.trick().is_empty();
            let new_trick =
                resume.position.making.is_none() || resume.played != hand.played().len();
            if leading && new_trick {
                resume = self.resume_here(game);
                self.remember(&resume);
            }
            if !again {
                self.before_turn(game, seat)?;
            }
            let action = self.ask(game, seat)?;
            let outcome = game
                .apply(action)
                .unwrap_or_else(|e| panic!("player {seat} chose an {e}"));
            again = matches!(outcome, Outcome::Renege { .. });
            if self.after_turn(game, seat, phase, leading, action, outcome)? {
                return Ok(());
            }
        }
    }

    /// The lines printed as a seat's turn starts: its prompt and, where shown, its hand.
    fn before_turn(&self, game: &Game, seat: Seat) -> Result<(), Stop> {
        let hand = game.hand().unwrap();
        // The hand before the prompt or after it (the `hand-line` reading).
        let hand_first = self.readings.hand_before_prompt;
        if self.shows(seat) && hand_first {
            self.say_hand(game, seat)?;
        }
        match hand.phase() {
            // No defending alone nor McEvoy under the handout's rules: never reached here.
            Phase::Declaring | Phase::Making(Round::One) | Phase::Defending | Phase::Over => {}
            Phase::Making(Round::Two) => say!(self.console, "Player {seat}, choose a suit.")?,
            Phase::Discard => say!(self.console, "Player {seat}, choose card to discard.")?,
            Phase::Tricks if hand.trick().is_empty() => {
                say!(self.console, "Player {seat}, choose card to lead.")?
            }
            Phase::Tricks => say!(self.console, "Player {seat}, choose card to play.")?,
        }
        if self.shows(seat) && !hand_first {
            self.say_hand(game, seat)?;
        }
        Ok(())
    }

    /// Prints what happened; returns whether the hand (or the game) is over.
    fn after_turn(
        &mut self,
        game: &Game,
        seat: Seat,
        phase: Phase,
        leading: bool,
        action: Action,
        outcome: Outcome,
    ) -> Result<bool, Stop> {
        let hand = *game.hand().unwrap();
        match action {
            Action::Pass => {
                say!(self.console, "Player {seat}: passes.")?;
                if phase == Phase::Making(Round::One) && seat == hand.dealer() {
                    say!(
                        self.console,
                        "Kitty passed on, trump may not be {}.",
                        hand.upcard().suit().letter()
                    )?;
                }
            }
            Action::OrderUp { .. } => {
                self.announce_making(seat, true, ' ', hand.is_alone(), hand.dealer())?;
                if hand.phase() == Phase::Discard {
                    self.arranged[hand.dealer().index()].push(hand.upcard());
                }
            }
            Action::Call { suit, .. } => {
                self.announce_making(seat, false, suit.letter(), hand.is_alone(), hand.dealer())?
            }
            // No defending alone under the handout's rules: never taken here.
            Action::DefendAlone | Action::McEvoy | Action::Farmer(_) => {}
            Action::Discard(card) => {
                if self.debug {
                    say!(self.console, "Player {seat}: discards {card}.")?;
                }
            }
            Action::Play(_) if matches!(outcome, Outcome::Renege { .. }) => {}
            Action::Play(card) => {
                let verb = if leading { "leads" } else { "plays" };
                say!(self.console, "Player {seat} {verb} {card}.")?;
                if hand.sitting_out() == Some(seat.left()) {
                    say!(self.console, "Player {} skipped.", seat.left())?;
                }
            }
        }
        match outcome {
            // No farmer's hand under the handout's rules: never reached here.
            Outcome::Continue | Outcome::OrderedUp { .. } | Outcome::FarmersHand(_) => Ok(false),
            // No McEvoy under the handout's rules: never reached here.
            Outcome::McEvoy(_) => Ok(true),
            Outcome::Nullified => {
                say!(
                    self.console,
                    "No trump declared, hand is nullified. Deal switches to player {}.",
                    hand.dealer().left()
                )?;
                Ok(true)
            }
            Outcome::Renege { team, .. } => {
                self.say_score_of(game, team)?;
                self.say_winner(game)
            }
            Outcome::Trick { winner, result } => {
                say!(self.console, "Player {winner} takes the trick.")?;
                // The handout's line after every trick: the taker's team's game score.
                let every_trick = self.readings.trick_score == TrickScore::EveryTrick;
                if every_trick {
                    self.say_score_of(game, winner.team())?;
                }
                match result {
                    Some(result) => self.score_hand(game, &result, !every_trick),
                    None => Ok(false),
                }
            }
        }
    }

    /// A hand's end: its score line (unless the trick's line said the score), a euchre,
    /// a game won.
    fn score_hand(&self, game: &Game, result: &HandResult, say_score: bool) -> Result<bool, Stop> {
        if say_score {
            self.say_score_of(game, result.winner)?;
        }
        if result.is_euchre() {
            say!(
                self.console,
                "Aw, team {} was euchred!",
                team_name(result.makers)
            )?;
        }
        self.say_winner(game)?;
        Ok(true)
    }

    fn say_winner(&self, game: &Game) -> Result<bool, Stop> {
        match game.winner() {
            Some(team) => {
                say!(self.console, "Team {} WINS!!!", team_name(team))?;
                Ok(true)
            }
            None => Ok(false),
        }
    }
}

/// Where the current hand can be resumed from: the start of making trump, or of the
/// trick that began after `played` cards.
struct Resume {
    /// The hand as the rules core describes it, less the plays a saved game cannot hold.
    position: Position,
    /// Each seat's cards in display order.
    hands: [Vec<Card>; 4],
    /// Cards played to tricks when it was taken.
    played: usize,
}
