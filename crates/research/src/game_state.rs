//! One game for a learning program: the rules core's [`Progress`] (so records replay
//! through the one replay path, [`Progress::replay`]), its actions by number, chance
//! dealt either from the seed or card by card, and what each seat knows.

use cards::{Card, CardSet};
use catalogue::Catalogued;
use catalogue::Roster;
use rand::SeedableRng;
use scene::Nameplate;
use table::{Agent, Game, Progress, RecordSeat, ReplayError, ReplayEvent, Rng, Seated, Turn};

use crate::space::ActionSpace;
use crate::{observe, observers, Error};

/// How a game's cards are dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chance {
    /// From the seed (after any prescribed decks), as soon as a hand is to be dealt: the
    /// game never waits at a chance node.
    Seeded,
    /// Card by card, each chosen by the caller ([`State::deal_card`]): chance nodes, as
    /// OpenSpiel models a deal.
    ByCard,
}

/// One event a seat may know of: a deal, or an action (its number, and who saw it).
#[derive(Clone, Debug, PartialEq)]
enum Event {
    Dealt,
    Acted { seat: usize, id: usize, seen: u16 },
}

impl Event {
    /// What `progress` just did (`what`), as the seats know of it: the one place a
    /// game's history is kept, for live play and replays alike.
    fn after<G: ActionSpace>(progress: &Progress<G>, what: ReplayEvent) -> Event {
        if what == ReplayEvent::Dealt {
            return Event::Dealt;
        }
        let taken = progress.hand().last().expect("an action was just taken");
        Event::Acted {
            seat: taken.seat,
            id: G::action_id(&taken.action),
            seen: observers::mask(progress.game().seats(), |to| taken.seen_by(to)),
        }
    }
}

/// A game of `G` in progress: what a [`State`](crate::State) is for each game type.
#[derive(Clone)]
pub struct GameState<G: Game> {
    progress: Progress<G>,
    points: u32,
    chance: Chance,
    /// The deck being dealt card by card, in the order dealt.
    deck: Vec<Card>,
    events: Vec<Event>,
}

/// The game types a [`GameState`] plays: numbered, staged and in the catalogue.
pub trait Playable: ActionSpace + Roster {}
impl<G: ActionSpace + Roster> Playable for G {}

impl<G: Playable> GameState<G> {
    /// `game` (fresh) to `points`, dealt from `seed` after `deals`.
    pub fn new(
        game: G,
        points: u32,
        seed: u64,
        deals: Vec<Vec<Card>>,
        chance: Chance,
    ) -> Result<Self, Error> {
        let progress =
            Progress::new(game, seed, deals).map_err(|e| Error::Refused(e.to_string()))?;
        Ok(GameState::settled(progress, points, chance, Vec::new()))
    }

    /// `game` (fresh) to `points`, dealt from `seed` after `deals`, with `actions`
    /// replayed through the one replay path and the next hand dealt after them, as
    /// live play deals it.
    pub fn replayed(
        game: G,
        points: u32,
        seed: u64,
        deals: Vec<Vec<Card>>,
        actions: &[G::Action],
    ) -> Result<Self, Error> {
        let mut events = Vec::new();
        let observe = |progress: &Progress<G>, what| events.push(Event::after(progress, what));
        let progress = Progress::replay(game, seed, deals, actions.iter().copied(), observe)
            .map_err(|e| replay_refused(e, actions))?;
        Ok(GameState::settled(progress, points, Chance::Seeded, events))
    }

    /// The game replayed from a record line of its game.
    pub fn from_record(game: G, points: u32, line: &str) -> Result<Self, Error> {
        let refused = |e: &dyn std::fmt::Display| Error::Refused(e.to_string());
        let record = catalogue::read_record::<G::Action>(line).map_err(|e| refused(&e))?;
        record.check_game(&game).map_err(|e| refused(&e))?;
        let deals = record.deals.clone();
        GameState::replayed(game, points, record.seed, deals, &record.actions)
    }

    /// `progress` with its history so far, dealt on while a hand is to be dealt from
    /// the seed.
    fn settled(progress: Progress<G>, points: u32, chance: Chance, events: Vec<Event>) -> Self {
        let mut state = GameState {
            progress,
            points,
            chance,
            deck: Vec::new(),
            events,
        };
        state.settle();
        state
    }

    /// The game.
    pub fn game(&self) -> &G {
        self.progress.game()
    }

    /// Deals while a hand is to be dealt from the seed.
    fn settle(&mut self) {
        while self.chance == Chance::Seeded && self.progress.turn() == Turn::Chance {
            self.progress.deal();
            self.happened(ReplayEvent::Dealt);
        }
    }

    /// Keeps what the progress just did in the history.
    fn happened(&mut self, what: ReplayEvent) {
        self.events.push(Event::after(&self.progress, what));
    }

    /// The seat to act.
    pub fn seat(&self) -> Result<usize, Error> {
        match self.progress.turn() {
            Turn::Seat(seat) => Ok(seat),
            Turn::Chance => Err(Error::Dealing),
            Turn::Over => Err(Error::Over),
        }
    }

    /// Applies the action numbered `id` for the seat to act; a refusal changes nothing.
    pub fn apply(&mut self, id: i64) -> Result<(), Error> {
        let seat = self.seat()?;
        let action = crate::space::numbered::<G>(id)?;
        self.progress
            .apply_as(seat, action)
            .map_err(|why| illegal(&action, why))?;
        self.happened(ReplayEvent::Acted);
        self.settle();
        Ok(())
    }

    /// The legal actions' numbers, ascending (none unless a seat is to act).
    pub fn legal_ids(&self, out: &mut Vec<usize>) {
        out.clear();
        if let Turn::Seat(_) = self.progress.turn() {
            let mut actions = Vec::new();
            self.progress.game().legal_actions(&mut actions);
            out.extend(actions.iter().map(G::action_id));
            out.sort_unstable();
        }
    }

    /// The cards that may be dealt next, at a chance node of a card-by-card deal.
    pub fn dealable(&self) -> Vec<Card> {
        if self.chance != Chance::ByCard || self.progress.turn() != Turn::Chance {
            return Vec::new();
        }
        let pack = self.progress.game().pack();
        pack.iter()
            .copied()
            .filter(|c| !self.deck.contains(c))
            .collect()
    }

    /// Deals `card` next; once the pack is dealt, the hand begins.
    pub fn deal_card(&mut self, card: i64) -> Result<(), Error> {
        if let Turn::Seat(seat) = self.progress.turn() {
            return Err(Error::NotDealing(seat));
        }
        let dealable = self.dealable();
        let chosen = usize::try_from(card).ok().and_then(Card::from_index);
        let card = chosen
            .filter(|c| dealable.contains(c))
            .ok_or(Error::NotDealable(card))?;
        self.deck.push(card);
        if self.deck.len() == self.progress.game().pack().len() {
            let deck = std::mem::take(&mut self.deck);
            self.progress
                .deal_deck(deck)
                .map_err(|e| Error::Refused(e.to_string()))?;
            self.happened(ReplayEvent::Dealt);
        }
        Ok(())
    }

    /// `agent`'s choice for the seat to act, drawing from `rng`.
    pub fn choose(&self, agent: &mut dyn Agent<G>, rng: &mut Rng) -> Result<usize, Error> {
        let seat = self.seat()?;
        let action = agent.act(Seated::new(self.progress.game(), seat), rng);
        Ok(G::action_id(&action))
    }

    /// The strong player's value of each legal action for the seat to act (from its
    /// information only), and its choice: `(ids, values, choice, higher_is_better, unit)`.
    pub fn advise(&self, rng: &mut Rng) -> Result<Advice, Error> {
        let seat = self.seat()?;
        let game = self.progress.game();
        let advice = game.advisor().advise(Seated::new(game, seat), rng);
        Ok(Advice {
            actions: advice.actions.iter().map(G::action_id).collect(),
            values: advice.values,
            choice: G::action_id(&advice.actions[advice.choice]),
            higher_is_better: advice.higher_is_better,
            unit: advice.unit,
        })
    }

    /// The same game with every card `seat` cannot see dealt again at random,
    /// consistently with what it saw; its history stays (a search's sample).
    pub fn determinize(&self, seat: usize, rng: &mut Rng) -> GameState<G> {
        let game = self.progress.game().determinize(seat, rng);
        GameState {
            progress: self.progress.with_game(game),
            ..self.clone()
        }
    }

    /// `to`'s observation tensor (see [`observe`]).
    pub fn observe(&self, to: Option<usize>, out: &mut [f32]) {
        let seen = self.progress.hand().iter().filter(|t| t.seen_by(to));
        let seen = seen.map(|t| (t.seat, t.action));
        observe::observe(self.progress.game(), seen, to, out);
    }

    /// What a face would show `to`: the scene and the seat's own part, as JSON.
    pub fn shown(&self, to: Option<usize>) -> String {
        let seats = self.progress.game().seats();
        let nameplates: Vec<Nameplate> = (0..seats)
            .map(|s| Nameplate::computer(format!("Seat {s}")))
            .collect();
        let shown = scene::shown(&self.progress, to, &nameplates, self.points);
        serde_json::to_string(&shown).expect("a scene serializes")
    }

    /// What `to` knows, as a string: the cards it holds now, then every deal and every
    /// action since the game began, by number where it saw the action and `?` where it
    /// saw one taken unseen. Its cards now and its own actions tell the cards it was
    /// dealt, so equal strings are equal information (perfect recall); and a
    /// determinization for `to` keeps the string, as it keeps its cards and the history.
    pub fn information(&self, to: Option<usize>) -> String {
        let game = self.progress.game();
        let hand = to.map(|seat| held(game, seat)).unwrap_or(CardSet::EMPTY);
        let hand: Vec<String> = hand.iter().map(|c| c.to_string()).collect();
        let who = to.map_or("spectator".into(), |s| format!("seat {s}"));
        let mut text = format!("{who} holds {}", hand.join(" "));
        for event in &self.events {
            match event {
                Event::Dealt => text += "\ndeal",
                Event::Acted { seat, id, seen } if observers::include(*seen, game.seats(), to) => {
                    text += &format!(" {seat}:{id}")
                }
                Event::Acted { seat, .. } => text += &format!(" {seat}:?"),
            }
        }
        text
    }

    /// Every action's number, in order.
    pub fn history(&self) -> Vec<usize> {
        self.progress.actions().iter().map(G::action_id).collect()
    }

    /// The game as a record line (JSON), `seats` naming who sat where as a record writes
    /// them (`person:NAME`, a computer player's kind, `open`).
    pub fn record(&self, seats: Vec<String>) -> String {
        let seats = seats.iter().map(|seat| RecordSeat::read(seat)).collect();
        serde_json::to_string(&self.progress.record(seats, self.points)).expect("records serialize")
    }

    /// Points to win.
    pub fn points_to_win(&self) -> u32 {
        self.points
    }

    /// A fresh random number generator from `seed`.
    pub fn rng(seed: u64) -> Rng {
        Rng::seed_from_u64(seed)
    }
}

/// The rules' refusal of `action`.
fn illegal<A: serde::Serialize>(action: &A, why: impl std::fmt::Display) -> Error {
    Error::Illegal {
        action: name(action),
        why: why.to_string(),
    }
}

/// A replay's refusal of the record's `actions`, as live play words it.
fn replay_refused<A: serde::Serialize, R: std::fmt::Display>(
    error: ReplayError<R>,
    actions: &[A],
) -> Error {
    let at = |index: usize, why: Error| format!("action {index} of the record: {why}");
    Error::Refused(match error {
        ReplayError::Refused { index, refusal } => at(index, illegal(&actions[index], refusal)),
        ReplayError::ActionsAfterEnd { index } => at(index, Error::Over),
        ReplayError::NotADeck { index } => table::NotADeck(index).to_string(),
        other @ ReplayError::WrongGame { .. } => other.to_string(),
    })
}

/// The cards `seat` holds, as far as the game's own view says.
fn held<G: Catalogued>(game: &G, seat: usize) -> CardSet {
    let view = game.seat_view(seat);
    view.map_or(CardSet::EMPTY, |view| G::own_cards(&view))
}

/// An action's name: as the rules core writes it in records, without the quotes of a
/// bare word (`Pass`, `{"Play":"JH"}`).
pub fn name<A: serde::Serialize>(action: &A) -> String {
    match serde_json::to_value(action).expect("actions serialize") {
        serde_json::Value::String(word) => word,
        other => other.to_string(),
    }
}

/// The strong player's advice, by action number.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice {
    /// The legal actions.
    pub actions: Vec<usize>,
    /// Each one's estimated value, in `unit`.
    pub values: Vec<f64>,
    /// The action the strong player takes.
    pub choice: usize,
    /// Whether a higher value is better.
    pub higher_is_better: bool,
    /// What a value measures.
    pub unit: &'static str,
}
