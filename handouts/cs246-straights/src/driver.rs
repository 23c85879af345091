//! The game as sections 5.4–5.6 print it: the game driver, which plays through the rules core.

use cards::shuffle::{std_shuffle, MinStdRand0};
use cards::Card;
use rules::players::Computer;
use rules::{Action, Game, Leave, Outcome, Seat};
use table::{Progress, ReplayError, Turn};
use textio::{say, Shared, Stop};

use crate::human::{card_list, Human, TableState};
use crate::saved::{self, Kind, SavedGame};

type Sitter = table::Sitter<Game>;

pub struct Driver {
    console: Shared,
    state: TableState,
    kinds: [Kind; 4],
    players: [Sitter; 4],
    rng: table::Rng,
    seed: u32,
    engine: MinStdRand0,
    deck: Vec<Card>,
    /// Shuffles made so far: the number of the round in progress.
    shuffles: u32,
    /// This round's moves, for `save`.
    moves: Vec<Action>,
}

impl Driver {
    pub fn new(console: Shared, seed: u32, kinds: [Kind; 4]) -> Driver {
        let state = TableState::default();
        let players = kinds.map(|kind| -> Sitter {
            match kind {
                Kind::Human => Sitter::Player(Box::new(Human::new(console.clone(), state.clone()))),
                Kind::Computer => Sitter::Player(Box::new(Computer)),
                Kind::Strong => Sitter::Agent(Box::new(rules::players::Strong::default())),
            }
        });
        Driver::seated(console, state, seed, kinds, players)
    }

    /// A game whose players are given rather than made from `kinds` (which still says
    /// who is a person, for `save`): `cardtable check` seats stand-ins that record what a
    /// person would type, so that its scripted input follows this driver's own game.
    pub fn with_players(
        console: Shared,
        seed: u32,
        kinds: [Kind; 4],
        players: [table::Sitter<Game>; 4],
    ) -> Driver {
        Driver::seated(console, TableState::default(), seed, kinds, players)
    }

    fn seated(
        console: Shared,
        state: TableState,
        seed: u32,
        kinds: [Kind; 4],
        players: [Sitter; 4],
    ) -> Driver {
        Driver {
            console,
            state,
            kinds,
            players,
            rng: rand::SeedableRng::seed_from_u64(u64::from(seed)),
            seed,
            engine: MinStdRand0::new(seed),
            deck: cards::deck::cs246_straights(),
            shuffles: 0,
            moves: Vec::new(),
        }
    }

    /// Asks "Is Player<x> a human (h) or a computer (c)?" for each player (5.2).
    pub fn ask_kinds(console: &Shared) -> Result<[Kind; 4], Stop> {
        let mut kinds = [Kind::Computer; 4];
        for (seat, kind) in (0..4).map(Seat::new).zip(&mut kinds) {
            loop {
                say!(console, "Is Player{seat} a human (h) or a computer (c)?")?;
                let answer = console.borrow_mut().read_line()?;
                match Kind::from_answer(answer.trim()) {
                    Some(answer) => break *kind = answer,
                    None => say!(console, "Please answer h or c.")?,
                }
            }
        }
        Ok(kinds)
    }

    fn shuffle(&mut self) {
        std_shuffle(&mut self.deck, &mut self.engine);
        self.shuffles += 1;
        self.state.borrow_mut().deck = self.deck.clone();
    }

    /// A new game: rounds until someone has 80 points.
    pub fn play(&mut self) -> Result<(), Stop> {
        self.play_from(Game::new())
    }

    /// A saved game: its round is dealt again and its moves replayed, silently.
    pub fn resume(&mut self, saved: &SavedGame) -> Result<(), Stop> {
        for _ in 0..saved.round {
            self.shuffle();
        }
        let mut game = self.replay(saved)?;
        let seat = game.turn().expect("the round is not over");
        say!(
            self.console,
            "A saved round resumes. It's Player{seat}'s turn to play."
        )?;
        self.play_round(&mut game)?;
        self.play_from(game)
    }

    /// The saved round dealt again and its moves replayed through [`Progress::replay`]; a
    /// move the rules refuse, or one that ends the round, is a bad save at its line.
    fn replay(&mut self, saved: &SavedGame) -> Result<Game, Stop> {
        let fresh = Game::with_scores(saved.scores);
        let start = table::Game::hands(&fresh);
        let actions = saved.moves.iter().map(|&(_, action)| action);
        let deals = vec![self.deck.clone()];
        let mut ended = None;
        let replayed = Progress::replay(fresh, 0, deals, actions, |progress, _| {
            if ended.is_none() && table::Game::hands(progress.game()) > start {
                ended = Some(progress.actions().len() - 1);
            }
        });
        let line = |index: usize| saved.moves[index].0;
        if let Some(index) = ended {
            let line = line(index);
            return Err(Stop::BadSave(format!(
                "line {line}: the round is already over"
            )));
        }
        let mut progress = replayed.map_err(|e| match e {
            ReplayError::Refused { index, refusal } => {
                Stop::BadSave(format!("line {}: {refusal}", line(index)))
            }
            other => Stop::BadSave(other.to_string()),
        })?;
        if progress.turn() == Turn::Chance {
            progress.deal(); // a round saved before its first move
        }
        self.moves.extend_from_slice(progress.actions());
        Ok(progress.into_game())
    }

    fn play_from(&mut self, mut game: Game) -> Result<(), Stop> {
        while !game.is_over() {
            self.shuffle();
            game.deal(&self.deck);
            self.moves.clear();
            let seat = game.turn().unwrap();
            say!(
                self.console,
                "A new round begins. It's Player{seat}'s turn to play."
            )?;
            self.play_round(&mut game)?;
        }
        for seat in game.winners() {
            say!(self.console, "Player{seat} wins!")?;
        }
        self.console.borrow_mut().flush()?;
        Ok(())
    }

    /// The saved-game text of the game now: this round's deck is the seed's shuffle
    /// number `shuffles`, and its moves so far replay to this point.
    fn snapshot(&self, game: &Game) -> String {
        saved::write(&SavedGame {
            seed: self.seed,
            round: self.shuffles,
            scores: game.scores()[..]
                .try_into()
                .expect("the handout seats four players"),
            kinds: self.kinds,
            moves: self.moves.iter().map(|&a| (0, a)).collect(),
        })
    }

    fn ask(&mut self, game: &Game, seat: Seat) -> Result<Action, Stop> {
        match self.players[seat.index()].act(game, seat.index(), &mut self.rng) {
            Ok(action) => Ok(action),
            Err(Leave::RageQuit) => {
                say!(
                    self.console,
                    "Player{seat} ragequits. A computer will now take over."
                )?;
                self.players[seat.index()] = Sitter::Player(Box::new(Computer));
                self.kinds[seat.index()] = Kind::Computer;
                self.ask(game, seat)
            }
            Err(leave) => Err(Stop::Left(leave)),
        }
    }

    fn play_round(&mut self, game: &mut Game) -> Result<(), Stop> {
        let before = game.scores();
        loop {
            let seat = game.turn().expect("the round goes on");
            self.state.borrow_mut().snapshot = self.snapshot(game);
            let action = self.ask(game, seat)?;
            let outcome = game
                .apply(action)
                .unwrap_or_else(|e| panic!("Player{seat} chose an illegal action: {e}"));
            self.moves.push(action);
            match action {
                Action::Play(card) => say!(self.console, "Player{seat} plays {card}.")?,
                Action::Discard(card) => say!(self.console, "Player{seat} discards {card}.")?,
                // The handout never passes (a house rule): never taken here.
                Action::Pass => {}
            }
            if let Outcome::RoundOver(points) = outcome {
                let round = game.round().unwrap();
                for seat in round.seats() {
                    let i = seat.index();
                    say!(
                        self.console,
                        "Player{seat}'s discards:{}",
                        card_list(round.discards(seat))
                    )?;
                    say!(
                        self.console,
                        "Player{seat}'s score: {} + {} = {}",
                        before[i],
                        points[i],
                        game.scores()[i]
                    )?;
                }
                return Ok(());
            }
        }
    }
}
