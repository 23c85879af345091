//! Where tables live between restarts: each table's settings and seed, its seats' tokens,
//! and every accepted action in order. A table task writes an action here *before* it
//! tells anyone, so a crash never loses an action a client saw accepted.
//!
//! [`Store`] is what the server uses, three traits in one so that a test double
//! implements only the part its test is about ([`Parts`]): [`Reads`], [`Leases`], and
//! [`Writes`], whose one write is a [`Commit`], stored whole or not at all and durable as
//! it says. Two stores implement it: [`Sqlite`], one file, the default, and
//! [`Postgres`], a database several machines can reach (`cardtable serve --store
//! postgres://…`).

use std::collections::HashSet;
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use catalogue::{AnyAction, GameKind};
use rusqlite::{params, Connection, OptionalExtension};

use crate::ids::{AccountId, TableId, TableSummary};

mod accounts;
mod postgres;
mod ratings;
pub use accounts::{
    AccountRow, Accounts, Begun, CeremonyRow, Claim, Held, NewAccount, PasskeyRow, SatIn,
    SessionRow, SignedUp, DELETED, RATING_TABLES, SWEPT_CEREMONIES,
};
pub use postgres::Postgres;
pub use ratings::{
    Finished, Played, Ranked, RatedGame, RatedSide, RatingChange, RatingMove, RatingRow, Ratings,
};

/// A fresh secret: 128 random bits from the operating system, as hex.
pub fn new_token() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system gives randomness");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The seed of a table's deals: with it anyone can deal every hand, so it is neither
/// `Serialize` nor shown by `Debug`; only the dealer and a finished game's record read it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Seed(u64);

impl Seed {
    /// A seed of 63 bits from the operating system's generator (SQLite keeps it signed).
    pub fn from_os() -> Result<Seed, StoreError> {
        let mut bytes = [0u8; 8];
        getrandom::fill(&mut bytes)?;
        Ok(Seed(u64::from_le_bytes(bytes) >> 1))
    }

    /// A chosen seed (a restored table, a test).
    pub fn new(seed: u64) -> Seed {
        Seed(seed)
    }

    /// The number itself: for the deals and for a finished game's record only.
    pub fn reveal(self) -> u64 {
        self.0
    }
}

impl std::fmt::Debug for Seed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Seed(hidden)")
    }
}

/// Decks prescribed for a table's first hands (duplicate play, tests): as secret as the
/// seed, so neither `Serialize` nor shown by `Debug`. Set only by whoever writes the
/// store (the operator), never over the network.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct Deals(Vec<Vec<cards::Card>>);

impl Deals {
    /// These decks, each the game's pack in the order dealt.
    pub fn new(decks: Vec<Vec<cards::Card>>) -> Deals {
        Deals(decks)
    }

    /// The decks: for the dealer and a finished game's record only.
    pub fn reveal(&self) -> &[Vec<cards::Card>] {
        &self.0
    }
}

impl std::fmt::Debug for Deals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Deals({} hidden)", self.0.len())
    }
}

/// A seat's secret, which brings its holder back to the seat: 128 bits from the
/// operating system, compared in constant time, never shown by `Debug`.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// A fresh token.
    pub fn random() -> Token {
        Token(new_token())
    }

    /// A stored token.
    pub fn new(text: String) -> Token {
        Token(text)
    }

    /// Whether `given` is this token, in time that does not depend on where they differ.
    pub fn matches(&self, given: &str) -> bool {
        use subtle::ConstantTimeEq;
        !given.is_empty() && bool::from(self.0.as_bytes().ct_eq(given.as_bytes()))
    }

    /// The text, for its holder (`joined`) and the store only.
    pub fn reveal(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(hidden)")
    }
}

/// A table's settings, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    /// The table.
    pub id: TableId,
    /// The game.
    pub game: GameKind,
    /// The rules variant's name.
    pub rules: String,
    /// Points to win.
    pub points: u32,
    /// House rules on top of the variant (`alone=off`), as the catalogue keeps them.
    pub house: Vec<String>,
    /// Seeds the deals.
    pub seed: Seed,
    /// Decks for the first hands, dealt before the seed's.
    pub deals: Deals,
    /// Listed or private.
    pub public: bool,
    /// Each seat's computer player, or `None` for a person.
    pub bots: Vec<Option<String>>,
    /// Seconds before the computer acts for an absent person.
    pub autopilot_seconds: u64,
    /// Whether a seated person may ask the coach (the table's creator decides).
    pub coach: bool,
    /// Whether the game is rated: people only, each signed in ([`SeatRow::account`]).
    pub rated: bool,
    /// How long each computer action waits while anyone watches ([`scene::Pace`]).
    pub speed: scene::Speed,
}

/// A seat taken by a person.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatRow {
    /// The seat.
    pub seat: usize,
    /// The person's name.
    pub name: String,
    /// The seat's secret.
    pub token: Token,
    /// The account of the person, when signed in (`None`: a guest, or a deleted account).
    pub account: Option<AccountId>,
    /// When the person left the game in progress (`leave`): the computer played the seat
    /// from then on; `None` for a person who played on, or came back within the grace
    /// period. At a rated table a seat still left when the game ends is rated a loss.
    pub left: Option<Left>,
}

/// When a person left a game in progress: what the finished game's listing says, and what
/// decides whether a rejoin comes back within the grace period.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Left {
    /// The table's `seq` when they left.
    pub seq: u64,
    /// The time they left, in seconds since 1970 (0 for a seat stored before the time
    /// was kept: long past any grace period).
    pub at: u64,
}

impl Left {
    /// `seq` and the time from the store's two columns (`left_at`, `left_time`).
    pub(crate) fn read(seq: Option<i64>, at: Option<i64>) -> Option<Left> {
        seq.map(|seq| Left {
            seq: seq as u64,
            at: at.unwrap_or(0) as u64,
        })
    }

    /// The store's two columns: `left_at` and `left_time`.
    pub(crate) fn columns(left: Option<Left>) -> (Option<i64>, Option<i64>) {
        (left.map(|l| l.seq as i64), left.map(|l| l.at as i64))
    }
}

/// A table as it was stored: settings, seats and actions.
#[derive(Clone, Debug, PartialEq)]
pub struct Stored {
    /// Settings.
    pub row: TableRow,
    /// People's seats.
    pub seats: Vec<SeatRow>,
    /// Every accepted action, in order.
    pub actions: Vec<AnyAction>,
    /// Whether the game ended.
    pub finished: bool,
    /// When it ended, in seconds since 1970 (`None` in play, or ended before the store
    /// kept it).
    pub ended: Option<u64>,
}

impl Stored {
    /// A table as its rows hold it: its settings, whether it finished and when, its seats,
    /// and its actions' text, each read as the table's game spells it.
    fn read(
        (row, finished, ended): (TableRow, bool, Option<u64>),
        seats: Vec<SeatRow>,
        actions: &[String],
    ) -> Result<Stored, StoreError> {
        let actions = (actions.iter())
            .map(|text| {
                AnyAction::read(row.game, &mut serde_json::Deserializer::from_str(text)).map_err(
                    |e| StoreError::Unreadable(format!("an action of table {}: {e}", row.id)),
                )
            })
            .collect::<Result<_, _>>()?;
        Ok(Stored {
            row,
            seats,
            actions,
            finished,
            ended,
        })
    }
}

/// A finished game as lists show it: its settings and how many actions it took.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    /// Settings.
    pub row: TableRow,
    /// How many actions were stored.
    pub actions: u64,
    /// When it ended, in seconds since 1970 (`None` if it ended before the store kept it).
    pub ended: Option<u64>,
}

/// A node's hold on a table, for a time: the fencing token its writes carry, greater than
/// any the table's leases had before, so a node that lost the table cannot write to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    /// The table.
    pub table: TableId,
    /// The node holding it.
    pub node: String,
    /// The fencing token.
    pub token: u64,
    /// The other node that held the table before this claim, if one did: a takeover.
    pub taken_from: Option<String>,
}

/// A failure of the storage; the table refuses what it could not store. Cloned to every
/// table of a batch that failed together.
#[derive(Clone, Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or failed.
    #[error("storage failed: {0}")]
    Database(#[from] std::sync::Arc<rusqlite::Error>),
    /// The operating system gave no randomness for a seed.
    #[error("storage failed: no randomness for a seed: {0}")]
    Randomness(#[from] getrandom::Error),
    /// The journal's writer thread is gone.
    #[error("storage failed: the journal has stopped")]
    JournalStopped,
    /// PostgreSQL refused or failed.
    #[error("storage failed: {0}")]
    Postgres(#[from] std::sync::Arc<tokio_postgres::Error>),
    /// The database could not be reached or set up (a connection, the schema's migration).
    #[error("storage failed: {0}")]
    Unreachable(String),
    /// The disk did not take the write-ahead log (its `fsync` failed): what the last
    /// commits hold may be lost.
    #[error("storage failed: the write-ahead log could not be flushed to disk: {0}")]
    Flush(std::sync::Arc<std::io::Error>),
    /// A stored value does not read back as what was written.
    #[error("storage failed: unreadable {0}")]
    Unreadable(String),
    /// A write under a lease no longer held (expired, or another node's now): nothing
    /// of it was stored.
    #[error("storage refused: table {0} is no longer this node's")]
    Fenced(TableId),
    /// The data file is gone but its write-ahead log remains: SQLite cannot use the log
    /// without the file it belongs to (it answers "disk I/O error").
    #[error(
        "the data file {file} is missing but its write-ahead log {wal} remains (the database \
         was deleted or moved while the server's log stayed): restore {file} from a backup \
         to keep its games, or move {wal} and {file}-shm away to start an empty store"
    )]
    OrphanedLog {
        /// The data file asked for.
        file: String,
        /// The log left behind (`FILE-wal`, or `FILE-shm` alone).
        wal: String,
    },
}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> StoreError {
        StoreError::Database(std::sync::Arc::new(error))
    }
}

impl From<tokio_postgres::Error> for StoreError {
    fn from(error: tokio_postgres::Error) -> StoreError {
        StoreError::Postgres(std::sync::Arc::new(error))
    }
}

impl StoreError {
    fn postgres(error: tokio_postgres::Error) -> StoreError {
        error.into()
    }

    /// No connection from the pool: the database is down, or refused us.
    fn pool(error: deadpool_postgres::PoolError) -> StoreError {
        match error {
            deadpool_postgres::PoolError::Backend(e) => e.into(),
            other => StoreError::Unreachable(other.to_string()),
        }
    }
}

/// A node as the others hear of it.
#[derive(Clone, Copy, Debug)]
pub struct Announcement<'a> {
    /// Its name.
    pub name: &'a str,
    /// Where it is reached (`host:port`), for the others' relays.
    pub address: &'a str,
    /// The public tables it runs: its part of every node's lobby.
    pub lobby: &'a [TableSummary],
    /// How recently another node must have announced the same name from another address
    /// for the name to be its: a live node announces every third of a lease.
    pub fresh: Duration,
}

/// The node running a table, as another node reaches it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner {
    /// Its name.
    pub node: String,
    /// Where it is reached (`host:port`).
    pub address: String,
}

/// An accepted action as the store keeps it: its table, its number there (from 1), and
/// the action.
pub type Appended = (TableId, u64, AnyAction);

/// When a [`Commit`] is on the disk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Durability {
    /// Durable when [`Writes::commit`] returns.
    #[default]
    Flushed,
    /// Stored and seen by every later read when [`Writes::commit`] returns, durable once a
    /// [`Writes::flush`] begun after it has returned: the journal commits its next batch
    /// while the disk takes this one. A store whose every commit is durable at once
    /// (PostgreSQL) makes no difference.
    Unflushed,
}

/// One write to the store, in one transaction: all of it is stored, or none of it (a
/// game's last action and its `finished` mark together, a batch of many tables' actions
/// together). Built with the methods below; stored by [`Writes::commit`].
#[derive(Clone, Debug, Default)]
pub struct Commit {
    /// New tables.
    pub tables: Vec<TableRow>,
    /// Seats people took, each with its table: a seat taken again replaces the old.
    pub seats: Vec<(TableId, SeatRow)>,
    /// Accepted actions: an action number its table already has fails the whole commit
    /// (a second writer never forks a game).
    pub actions: Vec<Appended>,
    /// Tables whose game ended: marked finished, with the time it ended.
    pub finished: Vec<TableId>,
    /// Rated games that ended (their tables among `finished`): each person's rating
    /// moves in this transaction, once per game ([`RatedGame`]).
    pub rated: Vec<RatedGame>,
    /// The leases the write is made under: it is stored only if each is still held (its
    /// token the table's current one: no other node has claimed the table since) when the
    /// transaction commits; otherwise nothing is, and the answer is
    /// [`StoreError::Fenced`]. None: the write is not fenced.
    pub fence: Vec<Lease>,
    /// When it is on the disk.
    pub durability: Durability,
}

impl Commit {
    /// Adds a new table.
    pub fn create(mut self, row: TableRow) -> Commit {
        self.tables.push(row);
        self
    }

    /// Adds a person taking `seat` at `table`.
    pub fn seat(mut self, table: &str, seat: SeatRow) -> Commit {
        self.seats.push((table.to_string(), seat));
        self
    }

    /// Adds accepted actions.
    pub fn append(mut self, actions: impl IntoIterator<Item = Appended>) -> Commit {
        self.actions.extend(actions);
        self
    }

    /// Marks `table`'s game ended.
    pub fn finish(mut self, table: &str) -> Commit {
        self.finished.push(table.to_string());
        self
    }

    /// Rates `game`, which ends here ([`Commit::rated`]).
    pub fn rate(mut self, game: RatedGame) -> Commit {
        self.rated.push(game);
        self
    }

    /// Writes under `leases` ([`Commit::fence`]).
    pub fn fenced(mut self, leases: impl IntoIterator<Item = Lease>) -> Commit {
        self.fence.extend(leases);
        self
    }

    /// Answers before the disk has it ([`Durability::Unflushed`]).
    pub fn unflushed(mut self) -> Commit {
        self.durability = Durability::Unflushed;
        self
    }
}

/// What the server reads: the tables to bring back, a finished game's record and the
/// list of them, and, with other nodes on the same store, their lobbies and tables.
pub trait Reads: Send + Sync {
    /// Every table whose game is not over, oldest first: what a restart brings back.
    fn unfinished(&self) -> Result<Vec<Stored>, StoreError>;
    /// Up to `limit` finished public games, newest first, after the game `after` (the
    /// last of the page before): read from the tables alone, not their actions.
    fn games(&self, after: Option<&str>, limit: usize) -> Result<Vec<GameRow>, StoreError>;
    /// One table.
    fn table(&self, table: &str) -> Result<Option<Stored>, StoreError>;
    /// The public tables of every node heard from within `fresh`. One node alone on its
    /// store hears of no other: by default, none.
    fn lobby(&self, fresh: Duration) -> Result<Vec<TableSummary>, StoreError> {
        let _ = fresh;
        Ok(Vec::new())
    }
    /// Where the node holding `table`'s running lease is reached, if another holds it. By
    /// default, none does.
    fn owner(&self, table: &str) -> Result<Option<Owner>, StoreError> {
        let _ = table;
        Ok(None)
    }
}

/// How nodes share tables: each table runs on the one node holding its lease
/// ([`crate::node`]), and the writes of a node that lost it are fenced ([`Commit::fence`]).
pub trait Leases: Send + Sync {
    /// Takes `table` for `node` for `ttl` if no other node's lease on it runs (never
    /// leased, released, expired, or `node`'s own: a node restarted under its name takes
    /// its tables back at once): the lease, its token one more than the table's last;
    /// `None` while another node's lease runs. Durable when this returns.
    fn claim(&self, table: &str, node: &str, ttl: Duration) -> Result<Option<Lease>, StoreError>;
    /// Extends each of `leases` to `ttl` from now, in one transaction, even one that ran
    /// out while nobody claimed the table (a node slowed down by its own load keeps its
    /// tables): the ones another node took, which are lost. Not necessarily durable: a
    /// renewal a power cut loses only lets the lease run out sooner.
    fn renew(&self, leases: &[Lease], ttl: Duration) -> Result<Vec<Lease>, StoreError>;
    /// Gives `lease` up at once, so another node may claim the table (a graceful stop).
    fn release(&self, lease: &Lease) -> Result<(), StoreError>;
    /// Unfinished tables no lease holds now, oldest first: what a node may take over.
    fn unheld(&self) -> Result<Vec<TableId>, StoreError>;
    /// Says where `node` is reached and which public tables it runs, as of now — unless
    /// another node announced the same name from another address within `node.fresh`:
    /// then nothing is written and that node is the answer (two live nodes under one name
    /// would each take the other's tables back). One node alone on its store has no one
    /// to tell: by default, nothing.
    fn announce(&self, node: &Announcement<'_>) -> Result<Option<Owner>, StoreError> {
        let _ = node;
        Ok(None)
    }
}

/// What the server writes: every change to a table goes through one [`Commit`].
pub trait Writes: Send + Sync {
    /// Stores `commit` whole or not at all, under its fence, durable as its
    /// [`Commit::durability`] says. A table task writes an action here before it tells
    /// anyone, so a crash never loses an action a client saw accepted.
    fn commit(&self, commit: Commit) -> Result<(), StoreError>;
    /// Makes every commit that returned before this began durable. A store whose commits
    /// are durable at once (PostgreSQL) has nothing to do: by default, nothing.
    fn flush(&self) -> Result<(), StoreError> {
        Ok(())
    }
}

/// All the server needs of storage: reading, leasing and writing, people's [`Accounts`]
/// and their [`Ratings`]. A test double that replaces one of them assembles the rest from
/// a real store with [`Parts`].
pub trait Store: Reads + Leases + Writes + Accounts + Ratings {}

impl<S: Reads + Leases + Writes + Accounts + Ratings + ?Sized> Store for S {}

/// A store made of parts, each from its own store: a test double implements only the
/// part its test is about and takes the others from SQLite.
pub struct Parts {
    /// Where reads go.
    pub reads: std::sync::Arc<dyn Reads>,
    /// Where leases are kept.
    pub leases: std::sync::Arc<dyn Leases>,
    /// Where commits go.
    pub writes: std::sync::Arc<dyn Writes>,
    /// Where accounts are kept.
    pub people: std::sync::Arc<dyn Accounts>,
    /// Where ratings are read.
    pub ratings: std::sync::Arc<dyn Ratings>,
}

impl Parts {
    /// `store` whole, its writes going to `writes` instead.
    pub fn writing_to(
        store: std::sync::Arc<impl Store + 'static>,
        writes: std::sync::Arc<dyn Writes>,
    ) -> Parts {
        Parts {
            reads: store.clone(),
            leases: store.clone(),
            ratings: store.clone(),
            writes,
            people: store,
        }
    }

    /// `store` whole, its reads coming from `reads` instead.
    pub fn reading_from(
        store: std::sync::Arc<impl Store + 'static>,
        reads: std::sync::Arc<dyn Reads>,
    ) -> Parts {
        Parts {
            reads,
            leases: store.clone(),
            writes: store.clone(),
            ratings: store.clone(),
            people: store,
        }
    }
}

impl Reads for Parts {
    fn unfinished(&self) -> Result<Vec<Stored>, StoreError> {
        self.reads.unfinished()
    }
    fn games(&self, after: Option<&str>, limit: usize) -> Result<Vec<GameRow>, StoreError> {
        self.reads.games(after, limit)
    }
    fn table(&self, table: &str) -> Result<Option<Stored>, StoreError> {
        self.reads.table(table)
    }
    fn lobby(&self, fresh: Duration) -> Result<Vec<TableSummary>, StoreError> {
        self.reads.lobby(fresh)
    }
    fn owner(&self, table: &str) -> Result<Option<Owner>, StoreError> {
        self.reads.owner(table)
    }
}

impl Leases for Parts {
    fn claim(&self, table: &str, node: &str, ttl: Duration) -> Result<Option<Lease>, StoreError> {
        self.leases.claim(table, node, ttl)
    }
    fn renew(&self, leases: &[Lease], ttl: Duration) -> Result<Vec<Lease>, StoreError> {
        self.leases.renew(leases, ttl)
    }
    fn release(&self, lease: &Lease) -> Result<(), StoreError> {
        self.leases.release(lease)
    }
    fn unheld(&self) -> Result<Vec<TableId>, StoreError> {
        self.leases.unheld()
    }
    fn announce(&self, node: &Announcement<'_>) -> Result<Option<Owner>, StoreError> {
        self.leases.announce(node)
    }
}

impl Ratings for Parts {
    fn profile_of(&self, name_key: &str) -> Result<Option<crate::ids::Signed>, StoreError> {
        self.ratings.profile_of(name_key)
    }
    fn ratings(&self, account: &AccountId) -> Result<Vec<RatingRow>, StoreError> {
        self.ratings.ratings(account)
    }
    fn history(
        &self,
        account: &AccountId,
        key: &str,
        limit: usize,
    ) -> Result<Vec<RatingChange>, StoreError> {
        self.ratings.history(account, key, limit)
    }
    fn played(
        &self,
        account: &AccountId,
        private: bool,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Played>, StoreError> {
        self.ratings.played(account, private, after, limit)
    }
    fn leaderboard(&self, key: &str, skip: usize, limit: usize) -> Result<Vec<Ranked>, StoreError> {
        self.ratings.leaderboard(key, skip, limit)
    }
    fn moves(&self, table: &str) -> Result<Vec<RatingMove>, StoreError> {
        self.ratings.moves(table)
    }
}

impl Writes for Parts {
    fn commit(&self, commit: Commit) -> Result<(), StoreError> {
        self.writes.commit(commit)
    }
    fn flush(&self) -> Result<(), StoreError> {
        self.writes.flush()
    }
}

impl Accounts for Parts {
    fn sign_up(&self, new: &NewAccount) -> Result<SignedUp, StoreError> {
        self.people.sign_up(new)
    }
    fn account_named(&self, key: &str) -> Result<Option<AccountRow>, StoreError> {
        self.people.account_named(key)
    }
    fn passkeys(&self, account: &AccountId) -> Result<Vec<PasskeyRow>, StoreError> {
        self.people.passkeys(account)
    }
    fn add_passkey(&self, passkey: &PasskeyRow) -> Result<bool, StoreError> {
        self.people.add_passkey(passkey)
    }
    fn passkey_used(&self, id: &str, passkey: &str, at: i64) -> Result<(), StoreError> {
        self.people.passkey_used(id, passkey, at)
    }
    fn open_session(&self, session: &SessionRow, most: usize) -> Result<(), StoreError> {
        self.people.open_session(session, most)
    }
    fn session(&self, id: &str, now: i64) -> Result<Option<(AccountRow, SessionRow)>, StoreError> {
        self.people.session(id, now)
    }
    fn sessions(&self, account: &AccountId, now: i64) -> Result<Vec<SessionRow>, StoreError> {
        self.people.sessions(account, now)
    }
    fn close_session(&self, id: &str) -> Result<(), StoreError> {
        self.people.close_session(id)
    }
    fn close_sessions(&self, account: &AccountId) -> Result<usize, StoreError> {
        self.people.close_sessions(account)
    }
    fn recover(&self, key: &str, code: &str, next: &str) -> Result<Option<AccountRow>, StoreError> {
        self.people.recover(key, code, next)
    }
    fn claim_seats(&self, account: &AccountId, claims: &[Claim]) -> Result<usize, StoreError> {
        self.people.claim_seats(account, claims)
    }
    fn held(&self, account: &AccountId) -> Result<Option<Held>, StoreError> {
        self.people.held(account)
    }
    fn delete(&self, account: &AccountId) -> Result<bool, StoreError> {
        self.people.delete(account)
    }
    fn begin_ceremony(
        &self,
        ceremony: &CeremonyRow,
        per_address: usize,
        total: usize,
    ) -> Result<Begun, StoreError> {
        self.people.begin_ceremony(ceremony, per_address, total)
    }
    fn finish_ceremony(&self, id: &str, now: i64) -> Result<Option<CeremonyRow>, StoreError> {
        self.people.finish_ceremony(id, now)
    }
}

/// An action as its row holds it: as its game spells it (the table's row says which
/// game).
fn written(action: &AnyAction) -> String {
    serde_json::to_string(action).expect("actions serialize")
}

/// A table's lists as its row holds them: JSON text.
struct TableText {
    /// Each seat's computer player, or `null`.
    bots: String,
    /// The prescribed decks.
    deals: String,
    /// The house rules.
    house: String,
}

impl TableText {
    fn of(row: &TableRow) -> TableText {
        TableText {
            bots: serde_json::to_string(&row.bots).expect("names serialize"),
            deals: serde_json::to_string(&row.deals.0).expect("cards serialize"),
            house: serde_json::to_string(&row.house).expect("strings serialize"),
        }
    }
}

/// A stored value that does not read back as its column's type: column `column`.
fn unreadable(
    column: usize,
    error: impl std::error::Error + Send + Sync + 'static,
) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(column, rusqlite::types::Type::Text, Box::new(error))
}

/// SQLite in one file. Every write is durable before the server answers it: the writer
/// commits with `synchronous = NORMAL` (no disk flush of its own) and the store flushes
/// the write-ahead log itself ([`Writes::flush`]) — before a commit, claim or release
/// returns, or, for the journal's [`Durability::Unflushed`] batches, on the journal's
/// flusher thread, so the journal can commit its next batch while the disk takes the last.
pub struct Sqlite {
    connection: Mutex<Connection>,
    /// The write-ahead log, opened to flush it: every commit lands in it alone (the
    /// database file changes only at checkpoints, which flush for themselves).
    log: std::fs::File,
    /// Reads on their own connection: in write-ahead-log mode a reader neither waits for
    /// the writer nor holds it up, so a lobby's or a replay's query never delays a commit.
    reader: Mutex<Connection>,
    /// Dropped with the store, which ends its checkpointer ([`checkpoints`]).
    _checkpointer: std::sync::mpsc::Sender<()>,
}

/// How often the checkpointer copies the write-ahead log into the database.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(250);

/// The reader's page cache, in KiB: a restart's or a replay's reads of a node's tables
/// stay in memory instead of being read back from the file.
const CACHE_KIB: i64 = 65_536;

/// The writer's page cache, in KiB: SQLite scans its whole cache at a commit whose
/// inserts split an index page (the split parks a page at the lock-byte page's number,
/// far past the file's end, and the commit drops every cached page past the end), so a
/// large writer cache made every such commit slower; the pages a commit misses come
/// from the operating system's cache instead.
const WRITER_CACHE_KIB: i64 = 8_192;

/// Copies the write-ahead log into the database every [`CHECKPOINT_EVERY`] on its own
/// connection until `stop` is dropped, so that no commit pays for it: SQLite's automatic
/// checkpoint ran inside whichever commit filled the log, and every action queued behind
/// that commit waited for it. A checkpoint that fails is tried again at the next tick; the
/// log grows meanwhile and nothing is lost.
fn checkpoints(path: &Path) -> Result<std::sync::mpsc::Sender<()>, StoreError> {
    let connection = Connection::open(path)?;
    let (stop, stopped) = std::sync::mpsc::channel::<()>();
    std::thread::Builder::new()
        .name("checkpointer".into())
        .spawn(move || {
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                stopped.recv_timeout(CHECKPOINT_EVERY)
            {
                if let Err(e) =
                    connection.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))
                {
                    tracing::warn!("checkpoint failed: {e}");
                }
            }
        })
        .map_err(|e| StoreError::Unreachable(format!("no checkpoint thread: {e}")))?;
    Ok(stop)
}

impl Sqlite {
    /// Opens (or creates) the database at `path`; refuses, saying why and what to do, a
    /// missing file whose write-ahead log remains.
    pub fn open(path: &Path) -> Result<Sqlite, StoreError> {
        if !path.exists() {
            let left = ["-wal", "-shm"].map(|end| with_ending(path, end));
            if let Some(log) = left.iter().find(|p| p.exists()) {
                return Err(StoreError::OrphanedLog {
                    file: path.display().to_string(),
                    wal: log.display().to_string(),
                });
            }
        }
        let connection = Connection::open(path)?;
        connection.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = FULL;
             CREATE TABLE IF NOT EXISTS tables (
                 id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL,
                 points INTEGER NOT NULL, seed INTEGER NOT NULL, public INTEGER NOT NULL,
                 bots TEXT NOT NULL, autopilot INTEGER NOT NULL,
                 finished INTEGER NOT NULL DEFAULT 0, created INTEGER NOT NULL,
                 deals TEXT NOT NULL DEFAULT '[]', house TEXT NOT NULL DEFAULT '[]',
                 coach INTEGER NOT NULL DEFAULT 0, ended INTEGER,
                 rated INTEGER NOT NULL DEFAULT 0, speed TEXT NOT NULL DEFAULT 'normal');
             CREATE TABLE IF NOT EXISTS seats (
                 table_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
                 token TEXT NOT NULL, account TEXT, left_at INTEGER, left_time INTEGER,
                 PRIMARY KEY (table_id, seat));
             CREATE TABLE IF NOT EXISTS actions (
                 table_id TEXT NOT NULL, seq INTEGER NOT NULL, action TEXT NOT NULL,
                 PRIMARY KEY (table_id, seq));
             CREATE TABLE IF NOT EXISTS leases (
                 table_id TEXT PRIMARY KEY, node TEXT NOT NULL, token INTEGER NOT NULL,
                 expires INTEGER NOT NULL);",
        )?;
        // Databases from before prescribed deals, house rules, the coach, the end's time,
        // rated games, accounts and the speed gain the columns: empty JSON lists, no coach
        // (nobody at those tables agreed to one), no time (not known), unrated, guests,
        // and the normal speed.
        for (table, column, kind) in [
            ("tables", "deals", "TEXT NOT NULL DEFAULT '[]'"),
            ("tables", "house", "TEXT NOT NULL DEFAULT '[]'"),
            ("tables", "coach", "INTEGER NOT NULL DEFAULT 0"),
            ("tables", "ended", "INTEGER"),
            ("tables", "rated", "INTEGER NOT NULL DEFAULT 0"),
            ("tables", "speed", "TEXT NOT NULL DEFAULT 'normal'"),
            ("seats", "account", "TEXT"),
            ("seats", "left_at", "INTEGER"),
            ("seats", "left_time", "INTEGER"),
        ] {
            let present = connection
                .prepare("SELECT 1 FROM pragma_table_info(?1) WHERE name = ?2")?
                .exists([table, column])?;
            if !present {
                connection
                    .execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {column} {kind}"))?;
            }
        }
        connection.execute_batch(
            "CREATE INDEX IF NOT EXISTS seats_account ON seats (account)
               WHERE account IS NOT NULL;",
        )?;
        connection.execute_batch(accounts::SQLITE_TABLES)?;
        connection.execute_batch(ratings::SQLITE_TABLES)?;
        connection.execute_batch(&format!(
            "PRAGMA wal_autocheckpoint = 0; PRAGMA cache_size = -{WRITER_CACHE_KIB};
             PRAGMA synchronous = NORMAL;"
        ))?;
        let log = std::fs::File::open(with_ending(path, "-wal"))
            .map_err(|e| StoreError::Flush(std::sync::Arc::new(e)))?;
        let reader = Connection::open_with_flags(
            path,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        reader.execute_batch(&format!("PRAGMA cache_size = -{CACHE_KIB};"))?;
        Ok(Sqlite {
            connection: Mutex::new(connection),
            log,
            reader: Mutex::new(reader),
            _checkpointer: checkpoints(path)?,
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves the connection usable: SQLite rolls back.
        self.connection.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The connection for reads ([`Sqlite::reader`]).
    fn read(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.reader.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The columns [`Sqlite::row`] reads, in its order.
    const ROW: &'static str =
        "id, game, rules, points, seed, public, bots, autopilot, finished, deals, house, coach, \
         ended, rated, speed";

    /// The index of the first column a query selects after [`Sqlite::ROW`]'s.
    pub(crate) const AFTER_ROW: usize = 15;

    /// A table's settings, whether it finished and when, from the columns [`Sqlite::ROW`].
    fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<(TableRow, bool, Option<u64>)> {
        let bots: String = r.get(6)?;
        let deals: String = r.get(9)?;
        let house: String = r.get(10)?;
        Ok((
            TableRow {
                id: r.get(0)?,
                game: r
                    .get::<_, String>(1)?
                    .parse()
                    .map_err(|e| unreadable(1, e))?,
                rules: r.get(2)?,
                points: r.get(3)?,
                house: serde_json::from_str(&house).unwrap_or_default(),
                seed: Seed(r.get::<_, i64>(4)? as u64),
                deals: Deals(serde_json::from_str(&deals).unwrap_or_default()),
                public: r.get(5)?,
                bots: serde_json::from_str(&bots).unwrap_or_default(),
                autopilot_seconds: r.get::<_, i64>(7)? as u64,
                coach: r.get(11)?,
                rated: r.get(13)?,
                speed: scene::Speed::named(&r.get::<_, String>(14)?)
                    .ok_or_else(|| unreadable(14, std::io::Error::other("not a speed")))?,
            },
            r.get::<_, bool>(8)?,
            r.get::<_, Option<i64>>(12)?.map(|at| at as u64),
        ))
    }

    fn load(connection: &Connection, id: &str) -> Result<Option<Stored>, StoreError> {
        let row = connection
            .query_row(
                &format!("SELECT {} FROM tables WHERE id = ?1", Sqlite::ROW),
                params![id],
                Sqlite::row,
            )
            .optional()?;
        let Some((row, finished, ended)) = row else {
            return Ok(None);
        };
        let mut seats = connection.prepare(
            "SELECT seat, name, token, account, left_at, left_time FROM seats WHERE table_id = ?1
             ORDER BY seat",
        )?;
        let seats = seats
            .query_map(params![id], |r| {
                Ok(SeatRow {
                    seat: r.get::<_, i64>(0)? as usize,
                    name: r.get(1)?,
                    token: Token(r.get(2)?),
                    account: r.get::<_, Option<String>>(3)?.map(AccountId),
                    left: Left::read(r.get(4)?, r.get(5)?),
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let actions = connection
            .prepare("SELECT action FROM actions WHERE table_id = ?1 ORDER BY seq")?
            .query_map(params![id], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        Stored::read((row, finished, ended), seats, &actions).map(Some)
    }
}

/// The time now, in seconds since 1970: when a person left a game.
pub(crate) fn seconds_now() -> u64 {
    now_seconds() as u64
}

/// The time now, in seconds since 1970: when a table was created.
fn now_seconds() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

impl Sqlite {
    /// Writes `commit` in `transaction`, which the caller commits: nothing if a lease of
    /// its fence is lost.
    fn write(transaction: &rusqlite::Transaction<'_>, commit: &Commit) -> Result<(), StoreError> {
        // Still the table's token: no other node has claimed it since.
        let mut held = transaction.prepare_cached(
            "SELECT 1 FROM leases WHERE table_id = ?1 AND node = ?2 AND token = ?3",
        )?;
        for lease in &commit.fence {
            if !held.exists(params![lease.table, lease.node, lease.token as i64])? {
                return Err(StoreError::Fenced(lease.table.clone()));
            }
        }
        let mut create = transaction.prepare_cached(
            "INSERT INTO tables (id, game, rules, points, seed, public, bots, autopilot, created,
                                 deals, house, coach, rated, speed)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        )?;
        for row in &commit.tables {
            let text = TableText::of(row);
            create.execute(params![
                row.id,
                row.game.name(),
                row.rules,
                row.points,
                row.seed.0 as i64,
                row.public,
                text.bots,
                row.autopilot_seconds as i64,
                now_seconds(),
                text.deals,
                text.house,
                row.coach,
                row.rated,
                row.speed.name()
            ])?;
        }
        let mut seat = transaction.prepare_cached(
            "INSERT OR REPLACE INTO seats (table_id, seat, name, token, account, left_at, left_time)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?;
        for (table, taken) in &commit.seats {
            let account = taken.account.as_ref().map(|a| &a.0);
            let (left_at, left_time) = Left::columns(taken.left);
            seat.execute(params![
                table,
                taken.seat as i64,
                taken.name,
                taken.token.0,
                account,
                left_at,
                left_time
            ])?;
        }
        let mut insert = transaction
            .prepare_cached("INSERT INTO actions (table_id, seq, action) VALUES (?1, ?2, ?3)")?;
        for (table, seq, action) in &commit.actions {
            insert.execute(params![table, *seq as i64, written(action)])?;
        }
        let mut finish = transaction.prepare_cached(
            "UPDATE tables SET finished = 1, ended = COALESCE(ended, unixepoch()) WHERE id = ?1",
        )?;
        for table in &commit.finished {
            finish.execute(params![table])?;
        }
        for game in &commit.rated {
            ratings::write_sqlite(transaction, game)?;
        }
        Ok(())
    }
}

impl Writes for Sqlite {
    fn commit(&self, commit: Commit) -> Result<(), StoreError> {
        {
            let mut connection = self.lock();
            let transaction = connection.transaction()?;
            Sqlite::write(&transaction, &commit)?;
            transaction.commit()?;
        }
        match commit.durability {
            Durability::Flushed => self.flush(),
            Durability::Unflushed => Ok(()),
        }
    }

    fn flush(&self) -> Result<(), StoreError> {
        self.log
            .sync_all()
            .map_err(|e| StoreError::Flush(std::sync::Arc::new(e)))
    }
}

impl Reads for Sqlite {
    fn unfinished(&self) -> Result<Vec<Stored>, StoreError> {
        let connection = self.read();
        let ids = connection
            .prepare("SELECT id FROM tables WHERE finished = 0 ORDER BY created, rowid")?
            .query_map([], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        ids.iter()
            .filter_map(|id| Sqlite::load(&connection, id).transpose())
            .collect()
    }

    fn games(&self, after: Option<&str>, limit: usize) -> Result<Vec<GameRow>, StoreError> {
        let connection = self.read();
        let mut query = connection.prepare_cached(&format!(
            "SELECT {}, (SELECT MAX(seq) FROM actions WHERE table_id = tables.id)
             FROM tables
             WHERE finished = 1 AND public = 1
               AND (?1 IS NULL OR rowid < (SELECT rowid FROM tables WHERE id = ?1))
             ORDER BY rowid DESC LIMIT ?2",
            Sqlite::ROW
        ))?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let games = query
            .query_map(params![after, limit], |r| {
                let (row, _, ended) = Sqlite::row(r)?;
                let actions: Option<i64> = r.get(Sqlite::AFTER_ROW)?;
                Ok(GameRow {
                    row,
                    actions: actions.unwrap_or(0) as u64,
                    ended,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(games)
    }

    fn table(&self, table: &str) -> Result<Option<Stored>, StoreError> {
        Sqlite::load(&self.read(), table)
    }
}

impl Leases for Sqlite {
    fn claim(&self, table: &str, node: &str, ttl: Duration) -> Result<Option<Lease>, StoreError> {
        let connection = self.lock();
        let before: Option<String> = connection
            .query_row(
                "SELECT node FROM leases WHERE table_id = ?1",
                params![table],
                |r| r.get(0),
            )
            .optional()?;
        let token = connection
            .query_row(
                &format!(
                    "INSERT INTO leases (table_id, node, token, expires)
                     VALUES (?1, ?2, 1, {NOW} + ?3)
                     ON CONFLICT (table_id) DO UPDATE
                       SET node = excluded.node, token = token + 1, expires = excluded.expires
                       WHERE expires <= {NOW} OR node = excluded.node
                     RETURNING token"
                ),
                params![table, node, millis(ttl)],
                |r| r.get::<_, i64>(0),
            )
            .optional()?;
        drop(connection);
        self.flush()?;
        Ok(token.map(|token| Lease {
            table: table.to_string(),
            node: node.to_string(),
            token: token as u64,
            taken_from: before.filter(|before| before != node),
        }))
    }

    fn renew(&self, leases: &[Lease], ttl: Duration) -> Result<Vec<Lease>, StoreError> {
        // One statement for all of them: a node of 10,000 tables renewing row by row held
        // the connection for tens of milliseconds, and every table's next action waited.
        let held = serde_json::Value::from(
            (leases.iter())
                .map(|l| serde_json::json!([l.table, l.node, l.token]))
                .collect::<Vec<_>>(),
        )
        .to_string();
        let renewed: HashSet<String> = self
            .lock()
            .prepare_cached(&format!(
                "UPDATE leases SET expires = (SELECT {NOW}) + ?2
                 FROM json_each(?1) AS held
                 WHERE leases.table_id = held.value ->> 0 AND leases.node = held.value ->> 1
                   AND leases.token = held.value ->> 2
                 RETURNING leases.table_id"
            ))?
            .query_map(params![held, millis(ttl)], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        // Not flushed: a renewal a power cut loses only lets the lease run out sooner,
        // and the fencing token keeps a node that lost its lease from writing.
        Ok((leases.iter())
            .filter(|l| !renewed.contains(&l.table))
            .cloned()
            .collect())
    }

    fn release(&self, lease: &Lease) -> Result<(), StoreError> {
        self.lock().execute(
            "UPDATE leases SET expires = 0 WHERE table_id = ?1 AND node = ?2 AND token = ?3",
            params![lease.table, lease.node, lease.token as i64],
        )?;
        self.flush()
    }

    fn unheld(&self) -> Result<Vec<TableId>, StoreError> {
        let connection = self.read();
        let mut query = connection.prepare_cached(&format!(
            "SELECT id FROM tables WHERE finished = 0 AND NOT EXISTS
               (SELECT 1 FROM leases WHERE table_id = tables.id AND expires > (SELECT {NOW}))
             ORDER BY created, rowid"
        ))?;
        let ids = query
            .query_map([], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(ids)
    }
}

/// `path` with `end` added to its name (`FILE-wal`).
fn with_ending(path: &Path, end: &str) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(end);
    name.into()
}

/// SQLite's clock, in milliseconds since 1970.
const NOW: &str = "CAST(unixepoch('subsec') * 1000 AS INTEGER)";

/// `ttl` in whole milliseconds.
fn millis(ttl: Duration) -> i64 {
    i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database written before prescribed deals and house rules opens with both
    /// columns added, its tables read as having none of either.
    #[test]
    fn an_older_database_gains_the_deals_house_and_coach_columns() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.db");
        Connection::open(&path)
            .unwrap()
            .execute_batch(
                "CREATE TABLE tables (
                     id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL,
                     points INTEGER NOT NULL, seed INTEGER NOT NULL, public INTEGER NOT NULL,
                     bots TEXT NOT NULL, autopilot INTEGER NOT NULL,
                     finished INTEGER NOT NULL DEFAULT 0, created INTEGER NOT NULL);
                 INSERT INTO tables VALUES ('t1', 'euchre', 'cs246', 10, 7, 1,
                     '[null, \"random\", \"random\", \"random\"]', 20, 0, 0);",
            )
            .unwrap();
        let store = Sqlite::open(&path).unwrap();
        let stored = store.table("t1").unwrap().expect("the old table");
        assert_eq!(stored.row.rules, "cs246");
        assert!(stored.row.house.is_empty());
        assert!(stored.row.deals.reveal().is_empty());
        assert!(
            !stored.row.coach,
            "nobody at an older table agreed to a coach"
        );
        // Nobody chose its pace: the normal one.
        assert_eq!(stored.row.speed, scene::Speed::Normal);
        // Opening it again finds the columns there.
        drop(store);
        assert!(Sqlite::open(&path).is_ok());
    }

    /// A data file deleted while its -wal and -shm stayed (a server still running, or a
    /// careless clean-up) is refused by name with what to do, not "disk I/O error".
    #[test]
    fn a_deleted_data_file_with_its_log_left_is_named_with_what_to_do() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        let store = Sqlite::open(&path).unwrap();
        let wal = dir.path().join("games.db-wal");
        assert!(wal.exists(), "WAL mode keeps a log beside the file");
        std::fs::remove_file(&path).unwrap();
        let refused = Sqlite::open(&path).err().expect("refused");
        drop(store);
        let text = refused.to_string();
        assert!(matches!(refused, StoreError::OrphanedLog { .. }), "{text}");
        assert!(
            text.contains("games.db is missing") && text.contains("restore"),
            "{text}"
        );
        assert!(!text.contains("disk I/O"), "{text}");
    }
}
