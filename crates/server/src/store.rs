//! Where tables live between restarts: each table's settings and seed, its seats' tokens,
//! and every accepted action in order. A table task writes an action here *before* it
//! tells anyone, so a crash never loses an action a client saw accepted.
//!
//! [`Store`] is the one interface the server uses; [`Sqlite`] is the one implementation.
//! docs/PROTOCOL.md says how several nodes would share tables through PostgreSQL.

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{params, Connection, OptionalExtension};
use serde_json::Value;

use crate::protocol::TableId;

/// A table's settings, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    /// The table.
    pub id: TableId,
    /// The game's name.
    pub game: String,
    /// The rules variant's name.
    pub rules: String,
    /// Points to win.
    pub points: u32,
    /// Seeds the deals.
    pub seed: u64,
    /// Listed or private.
    pub public: bool,
    /// Each seat's computer player, or `None` for a person.
    pub bots: Vec<Option<String>>,
    /// Seconds before the computer acts for an absent person.
    pub autopilot_seconds: u64,
}

/// A seat taken by a person.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatRow {
    /// The seat.
    pub seat: usize,
    /// The person's name.
    pub name: String,
    /// The seat's secret.
    pub token: String,
}

/// A table as it was stored: settings, seats and actions.
#[derive(Clone, Debug, PartialEq)]
pub struct Stored {
    /// Settings.
    pub row: TableRow,
    /// People's seats.
    pub seats: Vec<SeatRow>,
    /// Every accepted action, in order.
    pub actions: Vec<Value>,
    /// Whether the game ended.
    pub finished: bool,
}

/// A failure of the storage; the table refuses what it could not store.
#[derive(Debug)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "storage failed: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> StoreError {
        StoreError(error.to_string())
    }
}

/// What the server needs of storage.
pub trait Store: Send + Sync {
    /// Records a new table.
    fn create(&self, row: &TableRow) -> Result<(), StoreError>;
    /// Records a person taking a seat.
    fn seat(&self, table: &str, seat: &SeatRow) -> Result<(), StoreError>;
    /// Appends the table's action number `seq` (from 1); durable when this returns.
    fn append(&self, table: &str, seq: u64, action: &Value) -> Result<(), StoreError>;
    /// Appends many actions of many tables at once: all durable, or none, when this
    /// returns (one disk flush for the lot).
    fn append_all(&self, actions: &[(TableId, u64, Value)]) -> Result<(), StoreError> {
        actions
            .iter()
            .try_for_each(|(table, seq, action)| self.append(table, *seq, action))
    }
    /// Marks the game ended.
    fn finish(&self, table: &str) -> Result<(), StoreError>;
    /// Every table, finished or not, oldest first.
    fn tables(&self) -> Result<Vec<Stored>, StoreError>;
    /// One table.
    fn table(&self, table: &str) -> Result<Option<Stored>, StoreError>;
}

/// SQLite in one file, written with full synchronisation.
pub struct Sqlite {
    connection: Mutex<Connection>,
}

impl Sqlite {
    /// Opens (or creates) the database at `path`.
    pub fn open(path: &Path) -> Result<Sqlite, StoreError> {
        let connection = Connection::open(path)?;
        connection.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = FULL;
             CREATE TABLE IF NOT EXISTS tables (
                 id TEXT PRIMARY KEY, game TEXT NOT NULL, rules TEXT NOT NULL,
                 points INTEGER NOT NULL, seed INTEGER NOT NULL, public INTEGER NOT NULL,
                 bots TEXT NOT NULL, autopilot INTEGER NOT NULL,
                 finished INTEGER NOT NULL DEFAULT 0, created INTEGER NOT NULL);
             CREATE TABLE IF NOT EXISTS seats (
                 table_id TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT NOT NULL,
                 token TEXT NOT NULL, PRIMARY KEY (table_id, seat));
             CREATE TABLE IF NOT EXISTS actions (
                 table_id TEXT NOT NULL, seq INTEGER NOT NULL, action TEXT NOT NULL,
                 PRIMARY KEY (table_id, seq));",
        )?;
        Ok(Sqlite {
            connection: Mutex::new(connection),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves the connection usable: SQLite rolls back.
        self.connection.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn load(connection: &Connection, id: &str) -> Result<Option<Stored>, StoreError> {
        let row = connection
            .query_row(
                "SELECT game, rules, points, seed, public, bots, autopilot, finished
                 FROM tables WHERE id = ?1",
                params![id],
                |r| {
                    let bots: String = r.get(5)?;
                    Ok((
                        TableRow {
                            id: id.to_string(),
                            game: r.get(0)?,
                            rules: r.get(1)?,
                            points: r.get(2)?,
                            seed: r.get::<_, i64>(3)? as u64,
                            public: r.get(4)?,
                            bots: serde_json::from_str(&bots).unwrap_or_default(),
                            autopilot_seconds: r.get::<_, i64>(6)? as u64,
                        },
                        r.get::<_, bool>(7)?,
                    ))
                },
            )
            .optional()?;
        let Some((row, finished)) = row else {
            return Ok(None);
        };
        let mut seats = connection
            .prepare("SELECT seat, name, token FROM seats WHERE table_id = ?1 ORDER BY seat")?;
        let seats = seats
            .query_map(params![id], |r| {
                Ok(SeatRow {
                    seat: r.get::<_, i64>(0)? as usize,
                    name: r.get(1)?,
                    token: r.get(2)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut actions =
            connection.prepare("SELECT action FROM actions WHERE table_id = ?1 ORDER BY seq")?;
        let actions = actions
            .query_map(params![id], |r| r.get::<_, String>(0))?
            .map(|text| {
                let text = text?;
                serde_json::from_str(&text)
                    .map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))
            })
            .collect::<Result<Vec<Value>, _>>()?;
        Ok(Some(Stored {
            row,
            seats,
            actions,
            finished,
        }))
    }
}

impl Store for Sqlite {
    fn create(&self, row: &TableRow) -> Result<(), StoreError> {
        let bots = serde_json::to_string(&row.bots).expect("names serialize");
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64);
        self.lock().execute(
            "INSERT INTO tables (id, game, rules, points, seed, public, bots, autopilot, created)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                row.id,
                row.game,
                row.rules,
                row.points,
                row.seed as i64,
                row.public,
                bots,
                row.autopilot_seconds as i64,
                now
            ],
        )?;
        Ok(())
    }

    fn seat(&self, table: &str, seat: &SeatRow) -> Result<(), StoreError> {
        self.lock().execute(
            "INSERT OR REPLACE INTO seats (table_id, seat, name, token) VALUES (?1, ?2, ?3, ?4)",
            params![table, seat.seat as i64, seat.name, seat.token],
        )?;
        Ok(())
    }

    fn append(&self, table: &str, seq: u64, action: &Value) -> Result<(), StoreError> {
        self.lock().execute(
            "INSERT INTO actions (table_id, seq, action) VALUES (?1, ?2, ?3)",
            params![table, seq as i64, action.to_string()],
        )?;
        Ok(())
    }

    fn append_all(&self, actions: &[(TableId, u64, Value)]) -> Result<(), StoreError> {
        let mut connection = self.lock();
        let transaction = connection.transaction()?;
        {
            let mut insert = transaction.prepare_cached(
                "INSERT INTO actions (table_id, seq, action) VALUES (?1, ?2, ?3)",
            )?;
            for (table, seq, action) in actions {
                insert.execute(params![table, *seq as i64, action.to_string()])?;
            }
        }
        transaction.commit()?;
        Ok(())
    }

    fn finish(&self, table: &str) -> Result<(), StoreError> {
        self.lock().execute(
            "UPDATE tables SET finished = 1 WHERE id = ?1",
            params![table],
        )?;
        Ok(())
    }

    fn tables(&self) -> Result<Vec<Stored>, StoreError> {
        let connection = self.lock();
        let ids = connection
            .prepare("SELECT id FROM tables ORDER BY created, rowid")?
            .query_map([], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        ids.iter()
            .filter_map(|id| Sqlite::load(&connection, id).transpose())
            .collect()
    }

    fn table(&self, table: &str) -> Result<Option<Stored>, StoreError> {
        Sqlite::load(&self.lock(), table)
    }
}
