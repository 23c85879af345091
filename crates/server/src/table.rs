//! One task per table: it owns the game and nothing else changes it. Commands come in on
//! a channel; every accepted action is stored, then each recipient is sent what its seat
//! (or a spectator) may see.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use catalogue::{AnyAction, PlayerSpec};

use crate::Served;
use rand::SeedableRng;
use table::{Agent, Refused, ReplayError, Rng, Turn};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};

use crate::journal::Journal;
use crate::protocol::{SeatInfo, ServerMsg, Snapshot, TableId, TableSpec, TableSummary};
use crate::seen::{Recipient, Secret};
use crate::store::{Commit, SeatRow, Store, StoreError, TableRow, Token};
use scene::{Presence, Sitter};

pub use crate::conn::Conn;

/// What a table is asked to do.
pub enum Command {
    /// Take an open seat.
    Join {
        /// The seat.
        seat: usize,
        /// Who asks.
        conn: Conn,
    },
    /// Come back to a seat with its token.
    Rejoin {
        /// The seat's secret, as the client gave it.
        token: String,
        /// Who asks.
        conn: Conn,
        /// Set when the address spent its failed joins: a wrong token is then refused
        /// with this (as a missing table is), and not counted.
        barred: Option<crate::edge::Refusal>,
    },
    /// Watch without a seat.
    Watch {
        /// Who asks.
        conn: Conn,
    },
    /// Stop receiving this table's messages.
    Leave {
        /// The connection.
        conn: u64,
    },
    /// Act in the connection's seat.
    Act {
        /// Who acts.
        conn: Conn,
        /// The `seq` the client last saw.
        seq: u64,
        /// The action as the client wrote it.
        action: crate::protocol::ActionText,
    },
    /// Open the rematch of a finished table with `open`, once.
    Rematch {
        /// Who asks: a seated person.
        conn: Conn,
        /// Opens a table as the spec asks (the server's `create`).
        open: Opener,
    },
    /// Ask the coach about the connection's seat's decision at `seq`.
    Coach {
        /// Who asks.
        conn: Conn,
        /// The `seq` the client last saw.
        seq: u64,
    },
    /// A connection closed.
    Closed {
        /// The connection.
        conn: u64,
    },
    /// A seated person has read the hand just finished (`continue`).
    Continue {
        /// Who says so.
        conn: Conn,
        /// The `seq` the client last saw: another moment's is ignored.
        seq: u64,
    },
    /// The pause between hands that began at `seq` is over (the table's own timer).
    Paused {
        /// The `seq` of the hand's last action.
        seq: u64,
    },
    /// An absent person's turn has waited long enough (sent by the table's own timer).
    Autopilot {
        /// The seat.
        seat: usize,
        /// The `seq` when the wait began: a later one makes the timer stale.
        seq: u64,
        /// Which wait: one that a rejoin ended is stale, even at the same `seq`.
        timer: u64,
    },
}

/// Opens a new table (the server's `create`), for a rematch.
pub type Opener = Box<dyn FnOnce(&TableSpec) -> Result<TableId, crate::SpecError> + Send>;

impl std::fmt::Debug for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = match self {
            Command::Join { .. } => "Join",
            Command::Rejoin { .. } => "Rejoin",
            Command::Watch { .. } => "Watch",
            Command::Leave { .. } => "Leave",
            Command::Act { .. } => "Act",
            Command::Rematch { .. } => "Rematch",
            Command::Coach { .. } => "Coach",
            Command::Closed { .. } => "Closed",
            Command::Autopilot { .. } => "Autopilot",
            Command::Continue { .. } => "Continue",
            Command::Paused { .. } => "Paused",
        };
        f.write_str(name)
    }
}

/// Who sits in a seat.
enum Occupant<G: Served> {
    /// Nobody yet: a person may join.
    Open,
    /// A person, connected or not.
    Person {
        name: String,
        token: Token,
        conn: Option<Conn>,
        /// The computer acts for the person while this is set.
        autopilot: bool,
    },
    /// A computer player.
    Computer {
        name: String,
        agent: Box<dyn Agent<G>>,
        /// A searching player, whose decisions take milliseconds.
        slow: bool,
    },
}

/// The lobby's picture of every open table and every recently finished one, kept up to
/// date by the tables themselves.
pub type Directory = Arc<Mutex<std::collections::HashMap<TableId, Listed>>>;

/// A table as the lobby knows it.
#[derive(Clone, Debug)]
pub struct Listed {
    /// Whether `list` shows it.
    pub public: bool,
    /// What `list` shows.
    pub summary: TableSummary,
    /// When its game ended (it leaves the lobby [`crate::RECENT`] later).
    pub ended: Option<std::time::Instant>,
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
    /// Seats whose autopilot timer is running: the `seq` it started at, and the timer.
    waiting: Vec<Option<(u64, u64)>>,
    /// Autopilot timers started so far.
    timers: u64,
    /// The game as it was before its first action, to replay from.
    fresh: G,
    /// Actions applied but not yet stored: nobody hears of them until they are.
    pending: Vec<(TableId, u64, AnyAction)>,
    /// Snapshots taken before a deal that would push unsent actions out of every
    /// scene's `log` and `last_hand`: sent, once stored, before the current ones.
    staged: Vec<(Conn, ServerMsg)>,
    /// Whether a hand was dealt since snapshots were last sent.
    dealt_unsent: bool,
    /// This node lost the table's lease: another runs it now, and this task ends.
    lost: bool,
    /// Whether the table changed since snapshots were last sent.
    changed: bool,
    /// The rematch table, once asked for.
    next: Option<TableId>,
    /// Restored at start and not yet joined, rejoined or watched: plays nothing.
    dormant: bool,
    /// What the table holds of its creator's budget (a computer-only table's share),
    /// given back when the game ends.
    held: Option<crate::edge::ComputerShare>,
    /// Questions to the coach waiting for its search: who asked, for which seat.
    asked: Vec<(Conn, usize)>,
    /// The last answer (its `seq` and seat): asked again, it is sent without a search.
    coached: Option<(u64, usize, scene::Coaching)>,
    /// The pause after a hand, while its people read how it ended.
    pause: Option<Pause>,
}

/// The pause between a hand's last action and the next deal: the deal waits until every
/// person seated and connected has said `continue`, or the server's pause is over.
struct Pause {
    /// The `seq` of the hand's last action.
    seq: u64,
    /// The seats that said `continue`.
    ready: Vec<bool>,
    /// Whether its timer is running.
    timed: bool,
    /// Whether the deal may come.
    over: bool,
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
}

/// Why a table could not be rebuilt from storage.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    /// A prescribed deal is not the game's pack.
    #[error("a prescribed deal is not the game's pack")]
    NotADeck,
    /// A stored action came after the game's end.
    #[error("action {seq}: after the end")]
    AfterTheEnd {
        /// Its number.
        seq: u64,
    },
    /// A stored action is not one of this game's.
    #[error("action {seq}: not an action of this game")]
    NotAnAction {
        /// Its number.
        seq: u64,
    },
    /// The rules refused a stored action.
    #[error("action {seq}: {why}")]
    Refused {
        /// Its number.
        seq: u64,
        /// The rules' refusal.
        why: Box<dyn std::error::Error + Send + Sync>,
    },
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
        let game =
            Secret::replay(fresh.clone(), &row.seed, &row.deals, actions).map_err(|e| match e {
                ReplayError::Refused { index, refusal } => RestoreError::Refused {
                    seq: index as u64 + 1,
                    why: Box::new(refusal),
                },
                ReplayError::ActionsAfterEnd { index } => RestoreError::AfterTheEnd {
                    seq: index as u64 + 1,
                },
                ReplayError::NotADeck { .. } | ReplayError::WrongGame { .. } => {
                    RestoreError::NotADeck
                }
            })?;
        let seats = row
            .bots
            .iter()
            .enumerate()
            .map(|(seat, bot)| match bot {
                Some(name) => {
                    let spec = PlayerSpec::parse(row.game, name).unwrap_or(PlayerSpec::Handout);
                    Occupant::Computer {
                        name: name.clone(),
                        agent: fresh.agent(spec),
                        slow: matches!(spec, PlayerSpec::Strong { .. } | PlayerSpec::Level { .. }),
                    }
                }
                None => match people.iter().find(|p| p.seat == seat) {
                    Some(person) => Occupant::Person {
                        name: person.name.clone(),
                        token: person.token.clone(),
                        conn: None,
                        autopilot: false,
                    },
                    None => Occupant::Open,
                },
            })
            .collect();
        let stand_in = fresh.agent(PlayerSpec::Handout);
        let waiting = vec![None; row.bots.len()];
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
            waiting,
            timers: 0,
            fresh,
            pending: Vec::new(),
            staged: Vec::new(),
            dealt_unsent: false,
            lost: false,
            changed: false,
            next: None,
            dormant: false,
            held: None,
            asked: Vec::new(),
            coached: None,
            pause: None,
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

    /// Stores the staged actions, then sends snapshots and updates the lobby. Should the
    /// store fail, the table is rebuilt from what it holds: nobody heard of the rest.
    async fn settle(&mut self) {
        if !self.pending.is_empty() {
            let batch = std::mem::take(&mut self.pending);
            let unstored = batch.len();
            // The game's end is marked in the transaction that stores its last action.
            let over = (self.game.turn() == Turn::Over).then(|| self.row.id.clone());
            match self.services.journal.append(batch, over).await {
                Ok(()) => {}
                Err(StoreError::Fenced(_)) => {
                    tracing::warn!(table = %self.row.id, "lease lost: the table stops here");
                    self.staged.clear();
                    self.changed = false;
                    self.lost = true;
                    return;
                }
                Err(e) => {
                    tracing::error!(table = %self.row.id, "storing failed, rebuilding: {e}");
                    self.staged.clear();
                    self.rebuild(unstored);
                    let why = format!("the table could not be saved, so nothing changed: {e}");
                    for (conn, _) in self.recipients() {
                        conn.refuse(&self.row.id, "storage", why.clone());
                    }
                }
            }
        }
        for (conn, message) in std::mem::take(&mut self.staged) {
            conn.send(message);
        }
        if std::mem::take(&mut self.changed) {
            self.broadcast();
        }
        self.dealt_unsent = false;
        self.publish();
    }

    /// Goes back to the stored game (its seats and connections kept): as the store has
    /// it, or, when the store cannot be read either (the database is gone), the game
    /// less its `unstored` last actions, which nobody heard of.
    fn rebuild(&mut self, unstored: usize) {
        let Ok(Some(stored)) = self.services.store.table(&self.row.id) else {
            if let Some(game) = self.game.less(unstored, &self.fresh, &self.row) {
                self.game = game;
                self.changed = true;
            }
            return;
        };
        if let Ok(table) = Table::new(
            self.row.clone(),
            self.fresh.clone(),
            &stored.seats,
            &stored.actions,
            self.services.clone(),
            self.commands.clone(),
        ) {
            self.game = table.game;
            self.changed = true;
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
            Command::Watch { conn } => {
                self.spectators.retain(|c| c.id != conn.id);
                self.spectators.push(conn.clone());
                conn.send(self.snapshot(Recipient::Spectator));
            }
            Command::Leave { conn } | Command::Closed { conn } => self.drop_conn(conn),
            Command::Act { conn, seq, action } => self.act(conn, seq, action),
            Command::Rematch { conn, open } => self.rematch(conn, open),
            Command::Coach { conn, seq } => self.ask_coach(conn, seq),
            Command::Continue { conn, seq } => self.continue_from(conn, seq),
            Command::Paused { seq } => {
                if let Some(pause) = self.pause.as_mut().filter(|p| p.seq == seq) {
                    pause.over = true;
                }
            }
            Command::Autopilot { seat, seq, timer } => {
                if self.waiting[seat] == Some((seq, timer)) && self.game.seq() == seq {
                    if let Occupant::Person { autopilot, .. } = &mut self.seats[seat] {
                        *autopilot = true;
                    }
                    self.waiting[seat] = None;
                    self.changed = true;
                }
            }
        }
    }

    fn join(&mut self, seat: usize, conn: Conn) {
        let id = self.row.id.clone();
        match self.seats.get(seat) {
            Some(Occupant::Open) => {}
            None => {
                conn.failed_join();
                return conn.refuse(&id, "no_seat", format!("there is no seat {seat}"));
            }
            Some(_) => {
                conn.failed_join();
                return conn.refuse(&id, "seat_taken", format!("seat {seat} is taken"));
            }
        }
        if self.seat_of(conn.id).is_some() {
            return conn.refuse(
                &id,
                "seat_taken",
                "this connection already holds a seat here",
            );
        }
        let token = Token::random();
        let row = SeatRow {
            seat,
            name: conn.name.clone(),
            token: token.clone(),
        };
        if let Err(e) =
            crate::blocking(|| self.services.store.commit(Commit::default().seat(&id, row)))
        {
            return conn.refuse(&id, "storage", e.to_string());
        }
        // A spectator who sits down hears the table once, as its seat.
        self.spectators.retain(|c| c.id != conn.id);
        self.seats[seat] = Occupant::Person {
            name: conn.name.clone(),
            token: token.clone(),
            conn: Some(conn.clone()),
            autopilot: false,
        };
        tracing::info!(table = %id, seat, name = %conn.name, "seat taken");
        conn.send(ServerMsg::Joined {
            table: id,
            seat,
            token: token.reveal().to_string(),
        });
        self.changed = true;
    }

    fn rejoin(&mut self, token: &str, conn: Conn, barred: Option<crate::edge::Refusal>) {
        let id = self.row.id.clone();
        let found = self
            .seats
            .iter()
            .position(|o| matches!(o, Occupant::Person { token: t, .. } if t.matches(token)));
        let Some(seat) = found else {
            if let Some(refusal) = barred {
                return conn.refuse(&id, refusal.code(), refusal.message());
            }
            conn.failed_join();
            return conn.refuse(&id, "no_seat", "no seat here has that token");
        };
        self.spectators.retain(|c| c.id != conn.id);
        if let Occupant::Person {
            conn: slot,
            autopilot,
            ..
        } = &mut self.seats[seat]
        {
            // The newer connection replaces the older, which hears nothing more.
            *slot = Some(conn.clone());
            *autopilot = false;
        }
        self.waiting[seat] = None;
        conn.send(ServerMsg::Joined {
            table: id,
            seat,
            token: token.to_string(),
        });
        self.changed = true;
    }

    /// Opens the rematch once the game is over; asked again, it is the same table.
    fn rematch(&mut self, conn: Conn, open: Opener) {
        let id = self.row.id.clone();
        if self.seat_of(conn.id).is_none() {
            return conn.refuse(&id, "no_seat", "only a seated person may ask for a rematch");
        }
        if self.game.turn() != Turn::Over {
            return conn.refuse(&id, "bad_table", "the game is not over yet");
        }
        if self.next.is_none() {
            let spec = TableSpec {
                game: self.row.game.name().into(),
                rules: Some(self.row.rules.clone()),
                points: self.row.points,
                house: self.row.house.clone(),
                seats: (self.row.bots.iter())
                    .map(|bot| bot.clone().unwrap_or_else(|| "open".into()))
                    .collect(),
                // Private: the rematch is for the finished table's people, who find it
                // as `next`; listed, a lobby would offer their seats to strangers, and
                // one nobody came back to would stay there as an open table for good.
                public: false,
                autopilot_seconds: self.row.autopilot_seconds,
                coach: Some(self.row.coach),
            };
            match open(&spec) {
                Ok(next) => self.next = Some(next),
                Err(e) => return conn.refuse(&id, "bad_table", e.to_string()),
            }
        }
        self.changed = true;
    }

    fn drop_conn(&mut self, id: u64) {
        self.spectators.retain(|c| c.id != id);
        if let Some(seat) = self.seat_of(id) {
            if let Occupant::Person { conn, .. } = &mut self.seats[seat] {
                *conn = None;
            }
            self.changed = true;
        }
    }

    fn seat_of(&self, conn: u64) -> Option<usize> {
        self.seats
            .iter()
            .position(|o| matches!(o, Occupant::Person { conn: Some(c), .. } if c.id == conn))
    }

    fn act(&mut self, conn: Conn, seq: u64, text: crate::protocol::ActionText) {
        let id = self.row.id.clone();
        let Some(seat) = self.seat_of(conn.id) else {
            return conn.refuse(&id, "no_seat", "this connection holds no seat here");
        };
        if let Err((code, why)) = self.at_seq(seq) {
            return conn.refuse(&id, code, why);
        }
        let Some(action) = text.read(G::KIND).and_then(G::from_any) else {
            return conn.refuse(&id, "malformed", "not an action of this game");
        };
        match self.game.apply_as(seat, action) {
            Err(Refused::NotYourTurn { .. }) => {
                conn.refuse(&id, "not_your_turn", "it is not this seat's turn")
            }
            Err(Refused::Illegal(reason)) => conn.refuse(&id, "illegal", reason.to_string()),
            Ok(stored) => self.commit(stored),
        }
    }

    /// Whether the client's `seq` is the table's: refused as `stale` when older, as
    /// `bad_seq` when never sent.
    fn at_seq(&self, seq: u64) -> Result<(), (&'static str, String)> {
        let now = self.game.seq();
        match seq.cmp(&now) {
            std::cmp::Ordering::Less => {
                Err(("stale", format!("the table is at seq {now}, not {seq}")))
            }
            std::cmp::Ordering::Greater => Err((
                "bad_seq",
                format!("the table is at seq {now}: {seq} was never sent"),
            )),
            std::cmp::Ordering::Equal => Ok(()),
        }
    }

    /// Takes a question to the coach from a seated person on its turn, where the table's
    /// creator allowed the coach; [`Table::answer_coach`] answers it.
    fn ask_coach(&mut self, conn: Conn, seq: u64) {
        let id = self.row.id.clone();
        if !self.row.coach {
            return conn.refuse(&id, "no_coach", "the coach is off at this table");
        }
        let Some(seat) = self.seat_of(conn.id) else {
            return conn.refuse(&id, "no_seat", "this connection holds no seat here");
        };
        if let Err((code, why)) = self.at_seq(seq) {
            return conn.refuse(&id, code, why);
        }
        if self.game.turn() != Turn::Seat(seat) {
            return conn.refuse(&id, "not_your_turn", "the coach speaks on this seat's turn");
        }
        self.asked.push((conn, seat));
    }

    /// Answers the questions to the coach: a search with a permit of the server's pool
    /// (as a searching computer's), from the seat's information alone, with a generator
    /// seeded from what the seat knows (the `seq` and the seat: [`scene::Coaching::at`],
    /// which the game's review asks too) so the answer depends on nothing hidden, asking
    /// never changes what the computers do, and the review says the same.
    async fn answer_coach(&mut self) {
        for (conn, seat) in std::mem::take(&mut self.asked) {
            let seq = self.game.seq();
            let answered = matches!(&self.coached, Some((s, at, _)) if (*s, *at) == (seq, seat));
            if !answered {
                let thinking = self.services.thinking.clone();
                let _permit = thinking.acquire_owned().await.expect("never closed");
                let game = &self.game;
                let coaching = crate::blocking(|| game.coach(seat));
                let Some(coaching) = coaching else {
                    conn.refuse(
                        &self.row.id,
                        "not_your_turn",
                        "the coach speaks on this seat's turn",
                    );
                    continue;
                };
                self.coached = Some((seq, seat, coaching));
            }
            if let Some((_, _, coaching)) = &self.coached {
                conn.send(ServerMsg::Coach {
                    table: self.row.id.clone(),
                    seq,
                    coaching: Box::new(coaching.clone()),
                });
            }
        }
    }

    /// Stages an applied action for storing; nobody hears of it before
    /// [`Table::settle`] has stored it.
    fn commit(&mut self, stored: AnyAction) {
        let seq = self.game.seq();
        self.pending.push((self.row.id.clone(), seq, stored));
        self.changed = true;
    }

    /// Deals and lets computers (and the autopilot) act until a person must; a searching
    /// computer thinks only with a permit of the server's pool ([`Services::thinking`]),
    /// waited for in turn with every other table's. A table restored at start plays
    /// nothing until somebody joins, rejoins or watches it.
    async fn play(&mut self) {
        if self.dormant {
            return;
        }
        while let Some(seat) = self.advance() {
            let thinking = self.services.thinking.clone();
            let _permit = thinking.acquire_owned().await.expect("never closed");
            let (game, rng) = (&mut self.game, &mut self.rng);
            if let Occupant::Computer { agent, .. } = &mut self.seats[seat] {
                let stored = crate::blocking(|| game.act_for(agent.as_mut(), seat, rng));
                self.commit(stored);
            }
        }
        if self.is_over() {
            // The address's share of computer tables comes back with the game's end.
            self.held = None;
        }
    }

    /// Deals and lets quick computers (and the autopilot) act until a person must, or a
    /// searching computer (its seat returned).
    fn advance(&mut self) -> Option<usize> {
        loop {
            match self.game.turn() {
                Turn::Over => return None,
                // No deal while a seat is open: the computers would otherwise play whole
                // hands (a partner gone alone) before the person who opened the table sat.
                Turn::Chance if self.seats.iter().any(|o| matches!(o, Occupant::Open)) => {
                    return None
                }
                // A hand just ended: its people read how before the next deal.
                Turn::Chance if self.holds_the_deal() => return None,
                Turn::Chance => {
                    if self.dealt_unsent {
                        // The hand about to become the scene's `last_hand` was never
                        // sent: send it before the deal pushes it out of every snapshot.
                        self.stage_broadcast();
                    }
                    // A deal that ends a pause may come with no action after it (the
                    // person is first to bid): it is news itself.
                    let seq = self.game.seq();
                    if self.pause.as_ref().is_some_and(|p| p.seq == seq && p.over) {
                        self.changed = true;
                    }
                    self.game.deal();
                    self.dealt_unsent = true;
                }
                Turn::Seat(seat) => {
                    let (game, rng) = (&mut self.game, &mut self.rng);
                    let stored = match &mut self.seats[seat] {
                        Occupant::Computer { slow: true, .. } => return Some(seat),
                        Occupant::Computer { agent, .. } => game.act_for(agent.as_mut(), seat, rng),
                        Occupant::Person {
                            autopilot: true, ..
                        } => game.act_for(self.stand_in.as_mut(), seat, rng),
                        Occupant::Person { conn: None, .. } => {
                            self.wait_for(seat);
                            return None;
                        }
                        _ => return None,
                    };
                    self.commit(stored);
                }
            }
        }
    }

    /// The seats of people here to read a hand's end: seated, connected, not on
    /// autopilot.
    fn people_here(&self) -> Vec<usize> {
        (self.seats.iter().enumerate())
            .filter(|(_, o)| {
                matches!(
                    o,
                    Occupant::Person {
                        conn: Some(_),
                        autopilot: false,
                        ..
                    }
                )
            })
            .map(|(seat, _)| seat)
            .collect()
    }

    /// Whether the next deal waits: a hand has just ended and the people at the table
    /// have not all said `continue`, within the server's pause (a few seconds where only
    /// spectators watch; none where nobody does).
    fn holds_the_deal(&mut self) -> bool {
        let seq = self.game.seq();
        if seq == 0 {
            return false;
        }
        let people = self.people_here();
        let wait = if !people.is_empty() {
            self.services.hand_pause
        } else if !self.spectators.is_empty() {
            (self.services.hand_pause).min(Duration::from_secs(crate::edge::WATCHED_PAUSE_SECONDS))
        } else {
            Duration::ZERO
        };
        let seats = self.seats.len();
        let pause = match &mut self.pause {
            Some(pause) if pause.seq == seq => pause,
            slot => slot.insert(Pause {
                seq,
                ready: vec![false; seats],
                timed: false,
                over: false,
            }),
        };
        let all_read = !people.is_empty() && people.iter().all(|&s| pause.ready[s]);
        if pause.over || all_read || wait.is_zero() {
            pause.over = true;
            return false;
        }
        if !pause.timed {
            pause.timed = true;
            let commands = self.commands.clone();
            tokio::spawn(async move {
                tokio::time::sleep(wait).await;
                let _ = commands.send(Command::Paused { seq });
            });
        }
        true
    }

    /// A seated person has read the hand's end at `seq`: the deal may come once everyone
    /// has.
    fn continue_from(&mut self, conn: Conn, seq: u64) {
        let seat = self
            .seats
            .iter()
            .position(|o| matches!(o, Occupant::Person { conn: Some(c), .. } if c.id == conn.id));
        let Some(seat) = seat else {
            return conn.refuse(
                &self.row.id,
                "no_seat",
                "only a person seated at the table continues it",
            );
        };
        if let Some(pause) = self.pause.as_mut().filter(|p| p.seq == seq) {
            pause.ready[seat] = true;
        }
    }

    /// Starts the autopilot timer for an absent person's turn.
    fn wait_for(&mut self, seat: usize) {
        if self.waiting[seat].is_some_and(|(seq, _)| seq == self.game.seq()) {
            return;
        }
        self.timers += 1;
        let (seq, timer) = (self.game.seq(), self.timers);
        self.waiting[seat] = Some((seq, timer));
        let commands = self.commands.clone();
        let delay = Duration::from_secs(self.row.autopilot_seconds);
        tokio::spawn(async move {
            tokio::time::sleep(delay).await;
            let _ = commands.send(Command::Autopilot { seat, seq, timer });
        });
    }

    /// Each person's name as every face shows it: two seats with one name are told apart
    /// by their seat's number ("Ada (seat 3)").
    fn names(&self) -> Vec<String> {
        let plain: Vec<Option<&str>> = (self.seats.iter())
            .map(|o| match o {
                Occupant::Person { name, .. } => Some(name.as_str()),
                _ => None,
            })
            .collect();
        (plain.iter().enumerate())
            .map(|(seat, name)| match name {
                Some(name) if plain.iter().filter(|n| **n == Some(*name)).count() > 1 => {
                    format!("{name} (seat {})", seat + 1)
                }
                Some(name) => name.to_string(),
                None => String::new(),
            })
            .collect()
    }

    fn seat_infos(&self) -> Vec<SeatInfo> {
        let names = self.names();
        (self.seats.iter().zip(names))
            .map(|(o, shown)| match o {
                Occupant::Open => SeatInfo {
                    name: String::new(),
                    kind: "open".into(),
                    connected: false,
                    autopilot: false,
                },
                Occupant::Person {
                    conn, autopilot, ..
                } => SeatInfo {
                    name: shown,
                    kind: "person".into(),
                    connected: conn.is_some(),
                    autopilot: *autopilot,
                },
                Occupant::Computer { name, .. } => SeatInfo {
                    name: name.clone(),
                    kind: "computer".into(),
                    connected: true,
                    autopilot: false,
                },
            })
            .collect()
    }

    /// Each seat's name and presence, as scenes show them.
    fn sitters(&self) -> Vec<Sitter> {
        let names = self.names();
        (self.seats.iter().zip(names).enumerate())
            .map(|(seat, (o, shown))| match o {
                Occupant::Open => Sitter {
                    name: format!("Seat {} (open)", seat + 1),
                    presence: Presence::Open,
                },
                Occupant::Person {
                    conn, autopilot, ..
                } => Sitter {
                    name: shown,
                    presence: match (conn, autopilot) {
                        (_, true) => Presence::Autopilot,
                        (Some(_), false) => Presence::Person,
                        (None, false) => Presence::Away,
                    },
                },
                Occupant::Computer { name, .. } => Sitter {
                    name: scene::computer_name(seat, name),
                    presence: Presence::Computer,
                },
            })
            .collect()
    }

    /// What `to` may see now: built from its view alone ([`Secret`]).
    fn snapshot(&self, to: Recipient) -> ServerMsg {
        ServerMsg::Snapshot(Box::new(Snapshot {
            table: self.row.id.clone(),
            seq: self.game.seq(),
            rules: self.row.rules.clone(),
            points: self.row.points,
            seats: self.seat_infos(),
            finished: self.game.turn() == Turn::Over,
            coach: self.row.coach,
            view: self.game.seen_by(to, &self.sitters(), self.row.points),
            next: self.next.clone(),
        }))
    }

    /// Everyone at the table and what each may see.
    fn recipients(&self) -> impl Iterator<Item = (&Conn, Recipient)> {
        let seated = self
            .seats
            .iter()
            .enumerate()
            .filter_map(|(seat, o)| match o {
                Occupant::Person { conn: Some(c), .. } => Some((c, Recipient::Seat(seat))),
                _ => None,
            });
        seated.chain(self.spectators.iter().map(|c| (c, Recipient::Spectator)))
    }

    fn broadcast(&self) {
        for (conn, to) in self.recipients() {
            conn.send(self.snapshot(to));
        }
    }

    /// Takes everyone's snapshot now, to send once what it shows is stored.
    fn stage_broadcast(&mut self) {
        let staged: Vec<_> = self
            .recipients()
            .map(|(conn, to)| (conn.clone(), self.snapshot(to)))
            .collect();
        self.staged.extend(staged);
    }

    /// Updates the lobby's entry for this table.
    pub(crate) fn publish(&self) {
        let summary = TableSummary {
            table: self.row.id.clone(),
            game: self.row.game,
            rules: self.row.rules.clone(),
            points: self.row.points,
            house: self.row.house.clone(),
            title: self.title.clone(),
            seats: self.seat_infos(),
            finished: self.game.turn() == Turn::Over,
        };
        let mut directory = self
            .services
            .directory
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        let ended = directory
            .get(&self.row.id)
            .and_then(|listed| listed.ended)
            .or_else(|| summary.finished.then(std::time::Instant::now));
        let listed = Listed {
            public: self.row.public,
            summary,
            ended,
        };
        directory.insert(self.row.id.clone(), listed);
    }
}

/// The table's title, in its scene's words.
pub(crate) fn row_title(row: &TableRow) -> String {
    let variant = catalogue::Variant::named(row.game, Some(&row.rules));
    let rules = variant.and_then(|v| catalogue::Ruleset::new(v, row.points, &row.house));
    rules.map_or_else(|_| row.game.title().into(), |r| scene::offer::title(&r))
}
