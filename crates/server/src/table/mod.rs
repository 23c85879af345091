//! One task per table: it owns the game and nothing else changes it. Commands come in on
//! a channel; every accepted action is stored, then each recipient is sent what its seat
//! (or a spectator) may see.
//!
//! Here the table's state, its start and its command loop; its jobs each in their own
//! file: [`command`] (what it is asked), `seats` (who sits where), `turns` (the game
//! moving on), `pause` (between hands), `coach`, `settle` (storing before telling) and
//! `views` (what each recipient is sent, and the lobby's entry).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use catalogue::{AnyAction, PlayerSpec};
use rand::SeedableRng;
use table::{Agent, Rng, Turn};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};

use crate::ids::AccountId;
use crate::journal::Journal;
use crate::lobby::Directory;
use crate::outbox::Conn;
use crate::protocol::TableId;
use crate::seen::Secret;
use crate::served::Served;
use crate::store::{Left, SeatRow, Store, TableRow, Token};

mod beats;
mod coach;
pub mod command;
mod pause;
mod seats;
mod settle;
mod turns;
mod views;

pub use crate::restore::RestoreError;
pub use command::{Command, Opener};
use pause::Pause;

/// Who sits in a seat.
enum Occupant<G: Served> {
    /// Nobody yet: a person may join.
    Open,
    /// A person, connected or not.
    Person {
        name: String,
        token: Token,
        /// The person's account, signed in when the seat was taken (`None`: a guest).
        account: Option<AccountId>,
        conn: Option<Conn>,
        /// The computer acts for the person while this is set.
        autopilot: bool,
        /// When the person left the game in progress (`leave`), as stored.
        left: Option<Left>,
    },
    /// A computer player.
    Computer {
        name: String,
        agent: Box<dyn Agent<G>>,
        /// A searching player, whose decisions take milliseconds.
        slow: bool,
    },
}

/// The running tables: each one's command channel. A finished table nobody is at leaves
/// it; a command for it starts it again from the store.
pub type Running = Arc<Mutex<std::collections::HashMap<TableId, UnboundedSender<Command>>>>;

/// A table's state, owned by its task.
pub struct Table<G: Served> {
    row: TableRow,
    /// The lobby's title for it, worked out once: its rules never change.
    title: String,
    /// The game in progress: its deals, actions and who may see each.
    game: Secret<G>,
    rng: Rng,
    seats: Vec<Occupant<G>>,
    spectators: Vec<Conn>,
    /// The computer player that acts for absent people.
    stand_in: Box<dyn Agent<G>>,
    services: Services,
    commands: UnboundedSender<Command>,
    /// The autopilot's timers for absent people's turns.
    timers: turns::Timers,
    /// The game as it was before its first action, to replay from.
    fresh: G,
    /// What the table did that nobody has heard of yet.
    unsent: settle::Unsent,
    /// This node lost the table's lease: another runs it now, and this task ends.
    lost: bool,
    /// The rematch table, once asked for.
    next: Option<TableId>,
    /// Restored at start and not yet joined, rejoined or watched: plays nothing.
    dormant: bool,
    /// What the table holds of its creator's budget (a computer-only table's share),
    /// given back when the game ends.
    held: Option<crate::edge::ComputerShare>,
    /// The questions to the coach, and its last answer.
    questions: coach::Questions,
    /// The pause after a hand, while its people read how it ended.
    pause: Option<Pause>,
    /// The pace of its computers while anyone is at the table.
    beats: beats::Beats,
}

/// What every table shares: the store, the journal that writes to it, and the lobby.
#[derive(Clone)]
pub struct Services {
    /// Tables, seats and actions.
    pub store: Arc<dyn Store>,
    /// Group commit of actions to `store`.
    pub journal: Journal,
    /// The lobby's picture of every table.
    pub directory: Directory,
    /// The running tables, which a finished table leaves.
    pub running: Running,
    /// Permits to search: one per thread the server gives computer players, taken in
    /// turn (first come, first served) by every table's searching players.
    pub thinking: Arc<tokio::sync::Semaphore>,
    /// The longest a hand's end waits for its people before the next deal
    /// ([`crate::edge::Limits::hand_pause_seconds`]).
    pub hand_pause: Duration,
    /// How long a person who left a rated game has to come back before it is their loss
    /// ([`crate::edge::Limits::leave_grace_seconds`]).
    pub leave_grace: Duration,
}

impl<G: Served> Table<G> {
    /// Whether the table's game is over.
    pub fn is_over(&self) -> bool {
        self.game.turn() == Turn::Over
    }

    /// A table for `row`, with people's `seats`, replaying `actions` (empty for a new
    /// table).
    pub fn new(
        row: TableRow,
        fresh: G,
        people: &[SeatRow],
        actions: &[AnyAction],
        services: Services,
        commands: UnboundedSender<Command>,
    ) -> Result<Table<G>, RestoreError> {
        let actions = (actions.iter().enumerate())
            .map(|(index, &stored)| {
                G::from_any(stored).ok_or(RestoreError::NotAnAction {
                    seq: index as u64 + 1,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let game = Secret::replay(fresh.clone(), &row.seed, &row.deals, actions)?;
        let seats = occupants(&row, &fresh, people);
        let stand_in = fresh.agent(PlayerSpec::Handout);
        let timers = turns::Timers::new(row.bots.len());
        Ok(Table {
            rng: Rng::seed_from_u64(!row.seed.reveal()),
            title: row_title(&row),
            row,
            game,
            seats,
            spectators: Vec::new(),
            stand_in,
            services,
            commands,
            timers,
            fresh,
            unsent: settle::Unsent::default(),
            lost: false,
            next: None,
            dormant: false,
            held: None,
            questions: coach::Questions::default(),
            pause: None,
            beats: beats::Beats::new(),
        })
    }

    /// Plays nothing until somebody joins, rejoins or watches: a table restored at start
    /// spends no CPU on nobody.
    pub fn sleep_until_looked_at(&mut self) {
        self.dormant = true;
    }

    /// Holds `share` until the game ends.
    pub fn hold(&mut self, share: crate::edge::ComputerShare) {
        self.held = Some(share);
    }

    /// Serves commands until every sender is gone. After each, what it staged is stored
    /// (in one batch with other tables') and only then sent out.
    /// A finished table that nobody is at leaves the running tables, so memory grows with
    /// the tables in play, not with every game played since the start.
    pub async fn run(mut self, mut commands: UnboundedReceiver<Command>) {
        let over_at_start = self.is_over();
        self.play().await;
        self.settle().await;
        if !over_at_start && self.idle_and_over() && self.leave_running(&commands) {
            return self.drain(commands).await;
        }
        while let Some(command) = commands.recv().await {
            let (received, acting) = (Instant::now(), matches!(command, Command::Act { .. }));
            let seq = self.game.seq();
            self.handle(command);
            self.play().await;
            self.settle().await;
            self.answer_coach().await;
            if self.lost {
                return self.leave();
            }
            if acting && self.game.seq() > seq {
                crate::metrics::metrics().answered(received.elapsed());
            }
            if self.idle_and_over() && self.leave_running(&commands) {
                return self.drain(commands).await;
            }
        }
    }

    /// Whether the game is over and nobody is at the table.
    fn idle_and_over(&self) -> bool {
        self.is_over() && self.recipients().next().is_none()
    }

    /// Leaves the running tables at once (the lease is lost): its people hear nothing
    /// more from here, and what they send next finds the table on the node that took it.
    fn leave(&self) {
        let mut running = self
            .services
            .running
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        // Only this task's own entry: the table may have been taken back here since.
        if running
            .get(&self.row.id)
            .is_some_and(|s| s.same_channel(&self.commands))
        {
            running.remove(&self.row.id);
        }
    }

    /// Leaves the running tables unless a command is waiting; whether it left.
    fn leave_running(&self, commands: &UnboundedReceiver<Command>) -> bool {
        let mut running = self
            .services
            .running
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if !commands.is_empty() {
            return false;
        }
        running.remove(&self.row.id);
        true
    }

    /// Handles what was sent before the table left the running tables.
    async fn drain(mut self, mut commands: UnboundedReceiver<Command>) {
        commands.close();
        while let Ok(command) = commands.try_recv() {
            self.handle(command);
            self.settle().await;
        }
    }

    fn handle(&mut self, command: Command) {
        if matches!(
            command,
            Command::Join { .. } | Command::Rejoin { .. } | Command::Watch { .. }
        ) {
            self.dormant = false;
        }
        match command {
            Command::Join { seat, conn } => self.join(seat, conn),
            Command::Rejoin {
                token,
                conn,
                barred,
            } => self.rejoin(&token, conn, barred),
            Command::Watch { conn } => self.watch(conn),
            Command::Leave { conn } => self.leave_table(conn),
            Command::Closed { conn } => self.drop_conn(conn),
            Command::Act { conn, seq, action } => self.act(conn, seq, action),
            Command::Rematch { conn, open } => self.rematch(conn, open),
            Command::Coach { conn, seq } => self.ask_coach(conn, seq),
            Command::Continue { conn, seq } => self.continue_from(conn, seq),
            Command::Paused { seq } => self.pause_over(seq),
            Command::Beat { seq } => self.beat_over(seq),
            Command::Hurry { conn, seq } => self.hurry(conn, seq),
            Command::Autopilot { seat, seq, timer } => self.autopilot_due(seat, seq, timer),
        }
    }
}

/// Who sits in each seat of `row`: its computer players, and its people (`people`, not
/// connected yet), the other seats open.
fn occupants<G: Served>(row: &TableRow, fresh: &G, people: &[SeatRow]) -> Vec<Occupant<G>> {
    row.bots
        .iter()
        .enumerate()
        .map(|(seat, bot)| match bot {
            Some(name) => {
                let spec = PlayerSpec::parse(row.game, name).unwrap_or(PlayerSpec::Handout);
                Occupant::Computer {
                    name: name.clone(),
                    agent: fresh.agent(spec),
                    slow: matches!(
                        spec,
                        PlayerSpec::Strong { .. }
                            | PlayerSpec::Level { .. }
                            | PlayerSpec::Learned { .. }
                    ),
                }
            }
            None => match people.iter().find(|p| p.seat == seat) {
                // A person who left plays on only by coming back: the computer has the seat.
                Some(person) => Occupant::Person {
                    name: person.name.clone(),
                    token: person.token.clone(),
                    account: person.account.clone(),
                    conn: None,
                    autopilot: person.left.is_some(),
                    left: person.left,
                },
                None => Occupant::Open,
            },
        })
        .collect()
}

/// The table's title, in its scene's words.
pub(crate) fn row_title(row: &TableRow) -> String {
    let variant = catalogue::Variant::named(row.game, Some(&row.rules));
    let rules = variant.and_then(|v| catalogue::Ruleset::new(v, row.points, &row.house));
    rules.map_or_else(|_| row.game.title().into(), |r| scene::offer::title(&r))
}
