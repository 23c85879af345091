//! People's accounts as the store keeps them (issue 58): the account and its name, its
//! passkeys, its sessions, the guest seats it claims, and the passkey ceremonies under
//! way (kept here, not in a node's memory, so that any node finishes what any began). Only hashes of the secrets are
//! written (a session's token, the recovery code), so a copy of the database signs nobody
//! in. [`Accounts`] is one of the traits of [`super::Store`]; SQLite's half is here,
//! PostgreSQL's in `postgres/accounts.rs`.

use rusqlite::{params, OptionalExtension};

use super::{Sqlite, StoreError, Writes};
use crate::ids::{AccountId, TableId};

/// An account as stored (its recovery code's hash stays in the store).
#[derive(Clone, Debug, PartialEq)]
pub struct AccountRow {
    /// The account.
    pub id: AccountId,
    /// Its name, cleaned as every name is.
    pub name: String,
    /// What makes the name one name ([`crate::names::key`]): unique per server.
    pub name_key: String,
    /// The WebAuthn user handle (a UUID), the same for every passkey of the account.
    pub handle: String,
    /// When it was made, in seconds since 1970.
    pub created: i64,
}

/// A passkey of an account.
#[derive(Clone, Debug, PartialEq)]
pub struct PasskeyRow {
    /// The credential's id, base64url as WebAuthn gives it.
    pub id: String,
    /// Whose it is.
    pub account: AccountId,
    /// The passkey as webauthn-rs writes it (JSON): its public key and counter.
    pub passkey: String,
    /// When it was added, in seconds since 1970.
    pub created: i64,
    /// When it last signed in, if ever.
    pub used: Option<i64>,
}

/// A signed-in session: only the SHA-256 of the cookie's token is kept.
#[derive(Clone, Debug, PartialEq)]
pub struct SessionRow {
    /// SHA-256 of the session's token, as hex.
    pub id: String,
    /// Whose it is.
    pub account: AccountId,
    /// When it began, in seconds since 1970.
    pub created: i64,
    /// When it ends, in seconds since 1970.
    pub expires: i64,
}

/// A guest's seat a person claims for their account: it is theirs only if `token` is the
/// seat's.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
pub struct Claim {
    /// The table.
    pub table: TableId,
    /// The seat.
    pub seat: usize,
    /// The seat's token, as the browser kept it.
    pub token: String,
}

/// Everything a sign-up writes, at once.
#[derive(Clone, Debug)]
pub struct NewAccount {
    /// The account.
    pub account: AccountRow,
    /// SHA-256 of its first recovery code, as hex.
    pub recovery: String,
    /// Its first passkey.
    pub passkey: PasskeyRow,
    /// The session it is signed in with.
    pub session: SessionRow,
    /// The guest seats of this browser that become its.
    pub claims: Vec<Claim>,
}

/// How a sign-up went.
#[derive(Clone, Debug, PartialEq)]
pub enum SignedUp {
    /// Stored, with this many seats claimed.
    Made {
        /// Seats claimed.
        claimed: usize,
    },
    /// Another account's name has the same key: nothing was stored.
    NameTaken,
    /// The passkey is another account's already: nothing was stored.
    PasskeyTaken,
}

/// A game an account sat in.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SatIn {
    /// The table.
    pub table: TableId,
    /// Its game.
    pub game: String,
    /// Its rules.
    pub rules: String,
    /// The seat.
    pub seat: usize,
    /// The name the seat shows.
    pub name: String,
    /// Whether the game has ended.
    pub finished: bool,
    /// When it ended, in seconds since 1970.
    pub ended: Option<i64>,
}

/// Everything the store holds about one account: what an export gives its holder.
#[derive(Clone, Debug, PartialEq)]
pub struct Held {
    /// The account.
    pub account: AccountRow,
    /// Its passkeys.
    pub passkeys: Vec<PasskeyRow>,
    /// Its live and expired sessions not yet swept.
    pub sessions: Vec<SessionRow>,
    /// The games it sat in.
    pub games: Vec<SatIn>,
    /// Its rows of `ratings`, column by column.
    pub ratings: Vec<serde_json::Map<String, serde_json::Value>>,
    /// Its rows of `rating_changes`, likewise.
    pub rating_changes: Vec<serde_json::Map<String, serde_json::Value>>,
}

/// A passkey ceremony between its start and its finish, as the store keeps it. Its
/// `ceremony` holds webauthn-rs's challenge state: it stays on the server side (never in
/// an answer, never in `Debug`).
#[derive(Clone, PartialEq)]
pub struct CeremonyRow {
    /// The ceremony's random id: what the client holds and sends back with its finish.
    pub id: String,
    /// What it began (`sign_up`, `sign_in`, `add_passkey`).
    pub kind: String,
    /// The ceremony as JSON (`accounts::ceremonies::Ceremony`), its challenge state in it.
    pub ceremony: String,
    /// The address that began it (each counts against its address's bound).
    pub address: String,
    /// When it began, in seconds since 1970.
    pub began: i64,
    /// When it expires, in seconds since 1970: at or after it, it cannot finish.
    pub expires: i64,
}

impl std::fmt::Debug for CeremonyRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CeremonyRow")
            .field("id", &self.id)
            .field("kind", &self.kind)
            .field(
                "ceremony",
                &format_args!("({} bytes, not shown)", self.ceremony.len()),
            )
            .field("address", &self.address)
            .field("began", &self.began)
            .field("expires", &self.expires)
            .finish()
    }
}

/// How beginning a ceremony went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Begun {
    /// Stored: any node may finish it.
    Stored,
    /// Its address has as many unexpired ceremonies under way as it may: not stored.
    AddressFull,
    /// All addresses together have as many as they may: not stored.
    Full,
}

/// The most expired ceremonies one begin deletes: bounded work per begin, and more than
/// one, so expired rows never pile up (each begin adds at most one).
pub const SWEPT_CEREMONIES: i64 = 64;

/// The tables of ratings an account has rows in (the ratings' part of the store makes
/// them): read and deleted with the account.
pub const RATING_TABLES: [&str; 2] = ["ratings", "rating_changes"];

/// What a seat of a deleted account shows.
pub const DELETED: &str = "a deleted player";

/// What the server asks of the store about accounts. Times are seconds since 1970, given
/// by the caller, so that a test can say when "now" is.
pub trait Accounts: Send + Sync {
    /// Stores a new account with its passkey, session and claimed seats, all or nothing:
    /// nothing when its name's key or its passkey is another account's already.
    fn sign_up(&self, new: &NewAccount) -> Result<SignedUp, StoreError>;
    /// The account whose name has the key `key`.
    fn account_named(&self, key: &str) -> Result<Option<AccountRow>, StoreError>;
    /// An account's passkeys, oldest first.
    fn passkeys(&self, account: &AccountId) -> Result<Vec<PasskeyRow>, StoreError>;
    /// Adds a passkey to its account; `false` (and nothing stored) if it is already
    /// some account's.
    fn add_passkey(&self, passkey: &PasskeyRow) -> Result<bool, StoreError>;
    /// Notes that passkey `id` signed in at `at`, and keeps its new state (the counter).
    fn passkey_used(&self, id: &str, passkey: &str, at: i64) -> Result<(), StoreError>;
    /// Stores a new session, then drops the account's oldest beyond `most` (the new one is
    /// always kept).
    fn open_session(&self, session: &SessionRow, most: usize) -> Result<(), StoreError>;
    /// The session `id` (a token's hash) and its account, while it has not expired at
    /// `now`.
    fn session(&self, id: &str, now: i64) -> Result<Option<(AccountRow, SessionRow)>, StoreError>;
    /// An account's sessions unexpired at `now`, oldest first.
    fn sessions(&self, account: &AccountId, now: i64) -> Result<Vec<SessionRow>, StoreError>;
    /// Ends the session `id` (signing out).
    fn close_session(&self, id: &str) -> Result<(), StoreError>;
    /// Ends every session of `account` (signing out everywhere): how many there were.
    fn close_sessions(&self, account: &AccountId) -> Result<usize, StoreError>;
    /// Replaces the recovery code of the account named with key `key` by `next` if its
    /// code's hash is `code`, in one statement (so a code works once): the account.
    fn recover(&self, key: &str, code: &str, next: &str) -> Result<Option<AccountRow>, StoreError>;
    /// Gives `account` each guest seat of `claims` whose token matches and that no account
    /// holds: how many.
    fn claim_seats(&self, account: &AccountId, claims: &[Claim]) -> Result<usize, StoreError>;
    /// Everything held about `account`, if it exists.
    fn held(&self, account: &AccountId) -> Result<Option<Held>, StoreError>;
    /// Deletes `account` with its passkeys, sessions and ratings; its seats show
    /// [`DELETED`] and no account. Whether it existed.
    fn delete(&self, account: &AccountId) -> Result<bool, StoreError>;
    /// Stores the ceremony `ceremony` unless its address already has `per_address`
    /// ceremonies unexpired at its `began`, or all addresses `total` (counted in the
    /// store, over every node, in the insert's transaction); first deletes up to
    /// [`SWEPT_CEREMONIES`] expired ones.
    fn begin_ceremony(
        &self,
        ceremony: &CeremonyRow,
        per_address: usize,
        total: usize,
    ) -> Result<Begun, StoreError>;
    /// Takes the ceremony `id` out of the store in one statement (`DELETE … RETURNING`, so
    /// it finishes once, whichever nodes are asked at once): the ceremony, unless there
    /// was none or it had expired at `now` (deleted all the same).
    fn finish_ceremony(&self, id: &str, now: i64) -> Result<Option<CeremonyRow>, StoreError>;
}

/// The SQL that makes the accounts' tables in SQLite (run by [`Sqlite::open`]).
pub(super) const SQLITE_TABLES: &str = "
    CREATE TABLE IF NOT EXISTS accounts (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, name_key TEXT NOT NULL UNIQUE,
        handle TEXT NOT NULL, recovery TEXT NOT NULL, created INTEGER NOT NULL);
    CREATE TABLE IF NOT EXISTS passkeys (
        id TEXT PRIMARY KEY, account TEXT NOT NULL, passkey TEXT NOT NULL,
        created INTEGER NOT NULL, used INTEGER);
    CREATE INDEX IF NOT EXISTS passkeys_account ON passkeys (account);
    CREATE TABLE IF NOT EXISTS sessions (
        id TEXT PRIMARY KEY, account TEXT NOT NULL, created INTEGER NOT NULL,
        expires INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS sessions_account ON sessions (account);
    CREATE TABLE IF NOT EXISTS ceremonies (
        id TEXT PRIMARY KEY, kind TEXT NOT NULL, ceremony TEXT NOT NULL,
        address TEXT NOT NULL, began INTEGER NOT NULL, expires INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS ceremonies_address ON ceremonies (address, expires);
    CREATE INDEX IF NOT EXISTS ceremonies_expires ON ceremonies (expires);";

/// The columns of an account row, in the order both stores' readers take them.
pub(super) const ACCOUNT: &str = "id, name, name_key, handle, created";
/// The columns of a passkey row, likewise.
pub(super) const PASSKEY: &str = "id, account, passkey, created, used";
/// The columns of a session row, likewise.
pub(super) const SESSION: &str = "id, account, created, expires";
/// The columns of a ceremony row, likewise.
pub(super) const CEREMONY: &str = "id, kind, ceremony, address, began, expires";

/// Whether `count` ceremonies under way leave room for one more under `most`.
pub(super) fn room(count: i64, most: usize) -> bool {
    usize::try_from(count).is_ok_and(|n| n < most)
}

fn account_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<AccountRow> {
    Ok(AccountRow {
        id: AccountId(r.get(0)?),
        name: r.get(1)?,
        name_key: r.get(2)?,
        handle: r.get(3)?,
        created: r.get(4)?,
    })
}

fn ceremony_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<CeremonyRow> {
    Ok(CeremonyRow {
        id: r.get(0)?,
        kind: r.get(1)?,
        ceremony: r.get(2)?,
        address: r.get(3)?,
        began: r.get(4)?,
        expires: r.get(5)?,
    })
}

fn passkey_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<PasskeyRow> {
    Ok(PasskeyRow {
        id: r.get(0)?,
        account: AccountId(r.get(1)?),
        passkey: r.get(2)?,
        created: r.get(3)?,
        used: r.get(4)?,
    })
}

/// The session whose [`SESSION`] columns begin at column `first` (after an account's, in
/// a join).
fn session_row(r: &rusqlite::Row<'_>, first: usize) -> rusqlite::Result<SessionRow> {
    Ok(SessionRow {
        id: r.get(first)?,
        account: AccountId(r.get(first + 1)?),
        created: r.get(first + 2)?,
        expires: r.get(first + 3)?,
    })
}

/// `account`'s passkeys, oldest first.
fn passkeys_of(
    connection: &rusqlite::Connection,
    account: &AccountId,
) -> Result<Vec<PasskeyRow>, StoreError> {
    let rows = connection
        .prepare_cached(&format!(
            "SELECT {PASSKEY} FROM passkeys WHERE account = ?1 ORDER BY created, rowid"
        ))?
        .query_map([&account.0], passkey_row)?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}

/// `account`'s sessions that end after `after`, oldest first (`i64::MIN`: every one not
/// yet swept, expired or not).
fn sessions_of(
    connection: &rusqlite::Connection,
    account: &AccountId,
    after: i64,
) -> Result<Vec<SessionRow>, StoreError> {
    let rows = connection
        .prepare_cached(&format!(
            "SELECT {SESSION} FROM sessions WHERE account = ?1 AND expires > ?2
             ORDER BY created, rowid"
        ))?
        .query_map(params![account.0, after], |r| session_row(r, 0))?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}

/// Adds `passkey`: `false` (and nothing written) if its id is some account's already.
fn insert_passkey(
    connection: &rusqlite::Connection,
    passkey: &PasskeyRow,
) -> Result<bool, StoreError> {
    let added = connection.execute(
        &format!(
            "INSERT INTO passkeys ({PASSKEY}) VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (id) DO NOTHING"
        ),
        params![
            passkey.id,
            passkey.account.0,
            passkey.passkey,
            passkey.created,
            passkey.used
        ],
    )?;
    Ok(added == 1)
}

/// Inserts a session and drops the account's expired ones and its oldest beyond `most`:
/// an account never holds more than `most` rows of sessions, live or not.
fn insert_session(
    connection: &rusqlite::Connection,
    session: &SessionRow,
    most: usize,
) -> Result<(), StoreError> {
    connection.execute(
        "INSERT INTO sessions (id, account, created, expires) VALUES (?1, ?2, ?3, ?4)",
        params![
            session.id,
            session.account.0,
            session.created,
            session.expires
        ],
    )?;
    connection.execute(
        "DELETE FROM sessions WHERE account = ?1 AND expires <= ?2",
        params![session.account.0, session.created],
    )?;
    let others = i64::try_from(most.max(1) - 1).unwrap_or(i64::MAX);
    connection.execute(
        "DELETE FROM sessions WHERE account = ?1 AND id <> ?2 AND id NOT IN
           (SELECT id FROM sessions WHERE account = ?1 AND id <> ?2
            ORDER BY created DESC, rowid DESC LIMIT ?3)",
        params![session.account.0, session.id, others],
    )?;
    Ok(())
}

/// Gives `account` the guest seats of `claims` whose token matches.
fn give_seats(
    connection: &rusqlite::Connection,
    account: &AccountId,
    claims: &[Claim],
) -> Result<usize, StoreError> {
    let mut update = connection.prepare_cached(
        "UPDATE seats SET account = ?1
         WHERE table_id = ?2 AND seat = ?3 AND token = ?4 AND token <> '' AND account IS NULL",
    )?;
    let mut claimed = 0;
    for claim in claims {
        let seat = i64::try_from(claim.seat).unwrap_or(-1);
        claimed += update.execute(params![account.0, claim.table, seat, claim.token])?;
    }
    Ok(claimed)
}

/// `account`'s rows of the table `name`, each column by its name.
fn rows_of(
    connection: &rusqlite::Connection,
    name: &str,
    account: &AccountId,
) -> Result<Vec<serde_json::Map<String, serde_json::Value>>, StoreError> {
    use rusqlite::types::ValueRef;
    let mut query = connection.prepare(&format!("SELECT * FROM {name} WHERE account = ?1"))?;
    let columns: Vec<String> = query.column_names().iter().map(|c| c.to_string()).collect();
    let rows = query
        .query_map([&account.0], |r| {
            let mut row = serde_json::Map::new();
            for (at, column) in columns.iter().enumerate() {
                let value = match r.get_ref(at)? {
                    ValueRef::Null => serde_json::Value::Null,
                    ValueRef::Integer(n) => n.into(),
                    ValueRef::Real(x) => x.into(),
                    ValueRef::Text(t) => String::from_utf8_lossy(t).into_owned().into(),
                    ValueRef::Blob(b) => format!("{} bytes", b.len()).into(),
                };
                row.insert(column.clone(), value);
            }
            Ok(row)
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

impl Accounts for Sqlite {
    fn sign_up(&self, new: &NewAccount) -> Result<SignedUp, StoreError> {
        let mut connection = self.lock();
        let transaction = connection.transaction()?;
        let taken = transaction
            .prepare("SELECT 1 FROM accounts WHERE name_key = ?1")?
            .exists([&new.account.name_key])?;
        if taken {
            return Ok(SignedUp::NameTaken);
        }
        let known = transaction
            .prepare("SELECT 1 FROM passkeys WHERE id = ?1")?
            .exists([&new.passkey.id])?;
        if known {
            return Ok(SignedUp::PasskeyTaken);
        }
        let account = &new.account;
        transaction.execute(
            "INSERT INTO accounts (id, name, name_key, handle, recovery, created)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                account.id.0,
                account.name,
                account.name_key,
                account.handle,
                new.recovery,
                account.created
            ],
        )?;
        // Known to be nobody's: checked above, under the same lock.
        insert_passkey(&transaction, &new.passkey)?;
        insert_session(&transaction, &new.session, 1)?;
        let claimed = give_seats(&transaction, &account.id, &new.claims)?;
        transaction.commit()?;
        drop(connection);
        self.flush()?;
        Ok(SignedUp::Made { claimed })
    }

    fn account_named(&self, key: &str) -> Result<Option<AccountRow>, StoreError> {
        Ok(self
            .read()
            .query_row(
                &format!("SELECT {ACCOUNT} FROM accounts WHERE name_key = ?1"),
                [key],
                account_row,
            )
            .optional()?)
    }

    fn passkeys(&self, account: &AccountId) -> Result<Vec<PasskeyRow>, StoreError> {
        passkeys_of(&self.read(), account)
    }

    fn add_passkey(&self, passkey: &PasskeyRow) -> Result<bool, StoreError> {
        let added = insert_passkey(&self.lock(), passkey)?;
        self.flush()?;
        Ok(added)
    }

    fn passkey_used(&self, id: &str, passkey: &str, at: i64) -> Result<(), StoreError> {
        self.lock().execute(
            "UPDATE passkeys SET passkey = ?2, used = ?3 WHERE id = ?1",
            params![id, passkey, at],
        )?;
        self.flush()
    }

    fn open_session(&self, session: &SessionRow, most: usize) -> Result<(), StoreError> {
        {
            let mut connection = self.lock();
            let transaction = connection.transaction()?;
            insert_session(&transaction, session, most)?;
            transaction.commit()?;
        }
        self.flush()
    }

    fn session(&self, id: &str, now: i64) -> Result<Option<(AccountRow, SessionRow)>, StoreError> {
        Ok(self
            .read()
            .query_row(
                "SELECT a.id, a.name, a.name_key, a.handle, a.created,
                        s.id, s.account, s.created, s.expires
                 FROM sessions s JOIN accounts a ON a.id = s.account
                 WHERE s.id = ?1 AND s.expires > ?2",
                params![id, now],
                |r| Ok((account_row(r)?, session_row(r, 5)?)),
            )
            .optional()?)
    }

    fn sessions(&self, account: &AccountId, now: i64) -> Result<Vec<SessionRow>, StoreError> {
        sessions_of(&self.read(), account, now)
    }

    fn close_session(&self, id: &str) -> Result<(), StoreError> {
        self.lock()
            .execute("DELETE FROM sessions WHERE id = ?1", [id])?;
        self.flush()
    }

    fn close_sessions(&self, account: &AccountId) -> Result<usize, StoreError> {
        let closed = self
            .lock()
            .execute("DELETE FROM sessions WHERE account = ?1", [&account.0])?;
        self.flush()?;
        Ok(closed)
    }

    fn recover(&self, key: &str, code: &str, next: &str) -> Result<Option<AccountRow>, StoreError> {
        let found = self
            .lock()
            .query_row(
                &format!(
                    "UPDATE accounts SET recovery = ?3 WHERE name_key = ?1 AND recovery = ?2
                     RETURNING {ACCOUNT}"
                ),
                params![key, code, next],
                account_row,
            )
            .optional()?;
        self.flush()?;
        Ok(found)
    }

    fn claim_seats(&self, account: &AccountId, claims: &[Claim]) -> Result<usize, StoreError> {
        let claimed = {
            let mut connection = self.lock();
            let transaction = connection.transaction()?;
            let claimed = give_seats(&transaction, account, claims)?;
            transaction.commit()?;
            claimed
        };
        self.flush()?;
        Ok(claimed)
    }

    fn held(&self, account: &AccountId) -> Result<Option<Held>, StoreError> {
        let connection = self.read();
        let found = connection
            .query_row(
                &format!("SELECT {ACCOUNT} FROM accounts WHERE id = ?1"),
                [&account.0],
                account_row,
            )
            .optional()?;
        let Some(found) = found else {
            return Ok(None);
        };
        let passkeys = passkeys_of(&connection, account)?;
        let sessions = sessions_of(&connection, account, i64::MIN)?;
        let games = connection
            .prepare(
                "SELECT s.table_id, t.game, t.rules, s.seat, s.name, t.finished, t.ended
                 FROM seats s JOIN tables t ON t.id = s.table_id
                 WHERE s.account = ?1 ORDER BY t.created, t.rowid, s.seat",
            )?
            .query_map([&account.0], |r| {
                Ok(SatIn {
                    table: r.get(0)?,
                    game: r.get(1)?,
                    rules: r.get(2)?,
                    seat: r.get::<_, i64>(3)? as usize,
                    name: r.get(4)?,
                    finished: r.get(5)?,
                    ended: r.get(6)?,
                })
            })?
            .collect::<Result<_, _>>()?;
        Ok(Some(Held {
            account: found,
            passkeys,
            sessions,
            games,
            ratings: rows_of(&connection, RATING_TABLES[0], account)?,
            rating_changes: rows_of(&connection, RATING_TABLES[1], account)?,
        }))
    }

    fn delete(&self, account: &AccountId) -> Result<bool, StoreError> {
        let existed = {
            let mut connection = self.lock();
            let transaction = connection.transaction()?;
            for table in RATING_TABLES {
                let statement = format!("DELETE FROM {table} WHERE account = ?1");
                transaction.execute(&statement, [&account.0])?;
            }
            transaction.execute("DELETE FROM passkeys WHERE account = ?1", [&account.0])?;
            transaction.execute("DELETE FROM sessions WHERE account = ?1", [&account.0])?;
            transaction.execute(
                "UPDATE seats SET name = ?2, account = NULL WHERE account = ?1",
                params![account.0, DELETED],
            )?;
            let existed =
                transaction.execute("DELETE FROM accounts WHERE id = ?1", [&account.0])? == 1;
            transaction.commit()?;
            existed
        };
        self.flush()?;
        Ok(existed)
    }

    fn begin_ceremony(
        &self,
        ceremony: &CeremonyRow,
        per_address: usize,
        total: usize,
    ) -> Result<Begun, StoreError> {
        let begun = {
            let mut connection = self.lock();
            let transaction =
                connection.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
            let now = ceremony.began;
            transaction.execute(
                "DELETE FROM ceremonies WHERE id IN
                   (SELECT id FROM ceremonies WHERE expires <= ?1 ORDER BY expires LIMIT ?2)",
                params![now, SWEPT_CEREMONIES],
            )?;
            let all: i64 = transaction.query_row(
                "SELECT count(*) FROM ceremonies WHERE expires > ?1",
                [now],
                |r| r.get(0),
            )?;
            let mine: i64 = transaction.query_row(
                "SELECT count(*) FROM ceremonies WHERE address = ?1 AND expires > ?2",
                params![ceremony.address, now],
                |r| r.get(0),
            )?;
            let begun = if !room(all, total) {
                Begun::Full
            } else if !room(mine, per_address) {
                Begun::AddressFull
            } else {
                transaction.execute(
                    &format!("INSERT INTO ceremonies ({CEREMONY}) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"),
                    params![
                        ceremony.id,
                        ceremony.kind,
                        ceremony.ceremony,
                        ceremony.address,
                        ceremony.began,
                        ceremony.expires
                    ],
                )?;
                Begun::Stored
            };
            transaction.commit()?;
            begun
        };
        self.flush()?;
        Ok(begun)
    }

    fn finish_ceremony(&self, id: &str, now: i64) -> Result<Option<CeremonyRow>, StoreError> {
        let taken = self
            .lock()
            .query_row(
                &format!("DELETE FROM ceremonies WHERE id = ?1 RETURNING {CEREMONY}"),
                [id],
                ceremony_row,
            )
            .optional()?;
        self.flush()?;
        Ok(taken.filter(|c| c.expires > now))
    }
}
