//! PostgreSQL's half of [`Accounts`]: the same rows as SQLite's (migrations
//! `V7__accounts.sql`, `V9__ceremonies.sql`), each call one transaction on a pooled
//! connection.

use deadpool_postgres::GenericClient;
use tokio_postgres::error::SqlState;
use tokio_postgres::Row;

use super::Postgres;
use crate::ids::AccountId;
use crate::store::accounts::{
    room, AccountRow, Accounts, Begun, CeremonyRow, Claim, Held, NewAccount, PasskeyRow, SatIn,
    SessionRow, SignedUp, ACCOUNT, CEREMONY, DELETED, PASSKEY, RATING_TABLES, SESSION,
    SWEPT_CEREMONIES,
};
use crate::store::StoreError;

fn account_row(r: &Row) -> Result<AccountRow, StoreError> {
    Ok(AccountRow {
        id: AccountId(r.try_get(0)?),
        name: r.try_get(1)?,
        name_key: r.try_get(2)?,
        handle: r.try_get(3)?,
        created: r.try_get(4)?,
    })
}

/// An arbitrary key for the advisory lock that makes ceremonies' begins take turns over
/// every node, so that two begun at once cannot both pass a bound with one place left.
const BEGINNING: i64 = 0x6365_7265_6d6f_6e79; // "ceremony"

fn ceremony_row(r: &Row) -> Result<CeremonyRow, StoreError> {
    Ok(CeremonyRow {
        id: r.try_get(0)?,
        kind: r.try_get(1)?,
        ceremony: r.try_get(2)?,
        address: r.try_get(3)?,
        began: r.try_get(4)?,
        expires: r.try_get(5)?,
    })
}

fn passkey_row(r: &Row) -> Result<PasskeyRow, StoreError> {
    Ok(PasskeyRow {
        id: r.try_get(0)?,
        account: AccountId(r.try_get(1)?),
        passkey: r.try_get(2)?,
        created: r.try_get(3)?,
        used: r.try_get(4)?,
    })
}

/// The session whose [`SESSION`] columns begin at column `first` (after an account's, in
/// a join).
fn session_row(r: &Row, first: usize) -> Result<SessionRow, StoreError> {
    Ok(SessionRow {
        id: r.try_get(first)?,
        account: AccountId(r.try_get(first + 1)?),
        created: r.try_get(first + 2)?,
        expires: r.try_get(first + 3)?,
    })
}

/// `account`'s passkeys, oldest first.
async fn passkeys_of(
    client: &impl GenericClient,
    account: &AccountId,
) -> Result<Vec<PasskeyRow>, StoreError> {
    let query = format!("SELECT {PASSKEY} FROM passkeys WHERE account = $1 ORDER BY created, id");
    let rows = client.query(&query, &[&account.0]).await?;
    rows.iter().map(passkey_row).collect()
}

/// `account`'s sessions that end after `after`, oldest first (`i64::MIN`: every one not
/// yet swept, expired or not).
async fn sessions_of(
    client: &impl GenericClient,
    account: &AccountId,
    after: i64,
) -> Result<Vec<SessionRow>, StoreError> {
    let query = format!(
        "SELECT {SESSION} FROM sessions WHERE account = $1 AND expires > $2
         ORDER BY created, id"
    );
    let rows = client.query(&query, &[&account.0, &after]).await?;
    rows.iter().map(|r| session_row(r, 0)).collect()
}

/// Adds `passkey`: `false` (and nothing written) if its id is some account's already.
async fn insert_passkey(
    client: &impl GenericClient,
    passkey: &PasskeyRow,
) -> Result<bool, StoreError> {
    let added = client
        .execute(
            &format!(
                "INSERT INTO passkeys ({PASSKEY}) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (id) DO NOTHING"
            ),
            &[
                &passkey.id,
                &passkey.account.0,
                &passkey.passkey,
                &passkey.created,
                &passkey.used,
            ],
        )
        .await?;
    Ok(added == 1)
}

/// Inserts a session and drops the account's expired ones and its oldest beyond `most`.
async fn insert_session(
    client: &impl GenericClient,
    session: &SessionRow,
    most: usize,
) -> Result<(), StoreError> {
    client
        .execute(
            "INSERT INTO sessions (id, account, created, expires) VALUES ($1, $2, $3, $4)",
            &[
                &session.id,
                &session.account.0,
                &session.created,
                &session.expires,
            ],
        )
        .await?;
    client
        .execute(
            "DELETE FROM sessions WHERE account = $1 AND expires <= $2",
            &[&session.account.0, &session.created],
        )
        .await?;
    let others = i64::try_from(most.max(1) - 1).unwrap_or(i64::MAX);
    client
        .execute(
            "DELETE FROM sessions WHERE account = $1 AND id <> $2 AND id NOT IN
               (SELECT id FROM sessions WHERE account = $1 AND id <> $2
                ORDER BY created DESC, id DESC LIMIT $3)",
            &[&session.account.0, &session.id, &others],
        )
        .await?;
    Ok(())
}

/// Gives `account` the guest seats of `claims` whose token matches.
async fn give_seats(
    client: &impl GenericClient,
    account: &AccountId,
    claims: &[Claim],
) -> Result<usize, StoreError> {
    let mut claimed = 0;
    for claim in claims {
        let seat = i64::try_from(claim.seat).unwrap_or(-1);
        claimed += client
            .execute(
                "UPDATE seats SET account = $1
                 WHERE table_id = $2 AND seat = $3 AND token = $4 AND token <> ''
                   AND account IS NULL",
                &[&account.0, &claim.table, &seat, &claim.token],
            )
            .await? as usize;
    }
    Ok(claimed)
}

/// `account`'s rows of the table `name`, each column by its name.
async fn rows_of(
    client: &impl GenericClient,
    name: &str,
    account: &AccountId,
) -> Result<Vec<serde_json::Map<String, serde_json::Value>>, StoreError> {
    let query = format!("SELECT row_to_json(r)::TEXT FROM {name} r WHERE account = $1");
    client
        .query(&query, &[&account.0])
        .await?
        .iter()
        .map(|r| {
            let text: String = r.try_get(0)?;
            serde_json::from_str(&text)
                .map_err(|e| StoreError::Unreadable(format!("a row of {name}: {e}")))
        })
        .collect()
}

/// Which of the sign-up's unique keys a failed insert broke, if it was one.
fn taken(error: &tokio_postgres::Error) -> Option<SignedUp> {
    if error.code() != Some(&SqlState::UNIQUE_VIOLATION) {
        return None;
    }
    let constraint = error.as_db_error().and_then(|e| e.constraint());
    Some(match constraint {
        Some(c) if c.contains("name_key") => SignedUp::NameTaken,
        _ => SignedUp::PasskeyTaken,
    })
}

impl Accounts for Postgres {
    fn sign_up(&self, new: &NewAccount) -> Result<SignedUp, StoreError> {
        let (pool, new) = (self.pool.clone(), new.clone());
        self.run(async move {
            let mut client = pool.get().await.map_err(StoreError::pool)?;
            let transaction = client.transaction().await?;
            let name = transaction
                .query_opt(
                    "SELECT 1 FROM accounts WHERE name_key = $1",
                    &[&new.account.name_key],
                )
                .await?;
            if name.is_some() {
                return Ok(SignedUp::NameTaken);
            }
            let account = &new.account;
            let inserted = transaction
                .execute(
                    "INSERT INTO accounts (id, name, name_key, handle, recovery, created)
                     VALUES ($1, $2, $3, $4, $5, $6)",
                    &[
                        &account.id.0,
                        &account.name,
                        &account.name_key,
                        &account.handle,
                        &new.recovery,
                        &account.created,
                    ],
                )
                .await;
            if let Err(e) = inserted {
                return taken(&e).ok_or_else(|| e.into());
            }
            // Nothing stored (the transaction is dropped) if the passkey is known.
            if !insert_passkey(&transaction, &new.passkey).await? {
                return Ok(SignedUp::PasskeyTaken);
            }
            insert_session(&transaction, &new.session, 1).await?;
            let claimed = give_seats(&transaction, &account.id, &new.claims).await?;
            match transaction.commit().await {
                Ok(()) => Ok(SignedUp::Made { claimed }),
                Err(e) => taken(&e).ok_or_else(|| e.into()),
            }
        })
    }

    fn account_named(&self, key: &str) -> Result<Option<AccountRow>, StoreError> {
        let (pool, key) = (self.pool.clone(), key.to_string());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            let query = format!("SELECT {ACCOUNT} FROM accounts WHERE name_key = $1");
            client
                .query_opt(&query, &[&key])
                .await?
                .map(|r| account_row(&r))
                .transpose()
        })
    }

    fn passkeys(&self, account: &AccountId) -> Result<Vec<PasskeyRow>, StoreError> {
        let (pool, account) = (self.pool.clone(), account.clone());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            passkeys_of(&client, &account).await
        })
    }

    fn add_passkey(&self, passkey: &PasskeyRow) -> Result<bool, StoreError> {
        let (pool, passkey) = (self.pool.clone(), passkey.clone());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            insert_passkey(&client, &passkey).await
        })
    }

    fn passkey_used(&self, id: &str, passkey: &str, at: i64) -> Result<(), StoreError> {
        let (pool, id, passkey) = (self.pool.clone(), id.to_string(), passkey.to_string());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            client
                .execute(
                    "UPDATE passkeys SET passkey = $2, used = $3 WHERE id = $1",
                    &[&id, &passkey, &at],
                )
                .await?;
            Ok(())
        })
    }

    fn open_session(&self, session: &SessionRow, most: usize) -> Result<(), StoreError> {
        let (pool, session) = (self.pool.clone(), session.clone());
        self.run(async move {
            let mut client = pool.get().await.map_err(StoreError::pool)?;
            let transaction = client.transaction().await?;
            insert_session(&transaction, &session, most).await?;
            transaction.commit().await?;
            Ok(())
        })
    }

    fn session(&self, id: &str, now: i64) -> Result<Option<(AccountRow, SessionRow)>, StoreError> {
        let (pool, id) = (self.pool.clone(), id.to_string());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            let row = client
                .query_opt(
                    "SELECT a.id, a.name, a.name_key, a.handle, a.created,
                            s.id, s.account, s.created, s.expires
                     FROM sessions s JOIN accounts a ON a.id = s.account
                     WHERE s.id = $1 AND s.expires > $2",
                    &[&id, &now],
                )
                .await?;
            row.map(|r| Ok((account_row(&r)?, session_row(&r, 5)?)))
                .transpose()
        })
    }

    fn sessions(&self, account: &AccountId, now: i64) -> Result<Vec<SessionRow>, StoreError> {
        let (pool, account) = (self.pool.clone(), account.clone());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            sessions_of(&client, &account, now).await
        })
    }

    fn close_session(&self, id: &str) -> Result<(), StoreError> {
        let (pool, id) = (self.pool.clone(), id.to_string());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            client
                .execute("DELETE FROM sessions WHERE id = $1", &[&id])
                .await?;
            Ok(())
        })
    }

    fn close_sessions(&self, account: &AccountId) -> Result<usize, StoreError> {
        let (pool, account) = (self.pool.clone(), account.clone());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            let closed = client
                .execute("DELETE FROM sessions WHERE account = $1", &[&account.0])
                .await?;
            Ok(closed as usize)
        })
    }

    fn recover(&self, key: &str, code: &str, next: &str) -> Result<Option<AccountRow>, StoreError> {
        let pool = self.pool.clone();
        let (key, code, next) = (key.to_string(), code.to_string(), next.to_string());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            let query = format!(
                "UPDATE accounts SET recovery = $3 WHERE name_key = $1 AND recovery = $2
                 RETURNING {ACCOUNT}"
            );
            client
                .query_opt(&query, &[&key, &code, &next])
                .await?
                .map(|r| account_row(&r))
                .transpose()
        })
    }

    fn claim_seats(&self, account: &AccountId, claims: &[Claim]) -> Result<usize, StoreError> {
        let (pool, account, claims) = (self.pool.clone(), account.clone(), claims.to_vec());
        self.run(async move {
            let mut client = pool.get().await.map_err(StoreError::pool)?;
            let transaction = client.transaction().await?;
            let claimed = give_seats(&transaction, &account, &claims).await?;
            transaction.commit().await?;
            Ok(claimed)
        })
    }

    fn held(&self, account: &AccountId) -> Result<Option<Held>, StoreError> {
        let (pool, account) = (self.pool.clone(), account.clone());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            let query = format!("SELECT {ACCOUNT} FROM accounts WHERE id = $1");
            let Some(found) = client.query_opt(&query, &[&account.0]).await? else {
                return Ok(None);
            };
            let passkeys = passkeys_of(&client, &account).await?;
            let sessions = sessions_of(&client, &account, i64::MIN).await?;
            let games = client
                .query(
                    "SELECT s.table_id, t.game, t.rules, s.seat, s.name, t.finished, t.ended
                     FROM seats s JOIN tables t ON t.id = s.table_id
                     WHERE s.account = $1 ORDER BY t.ord, s.seat",
                    &[&account.0],
                )
                .await?
                .iter()
                .map(|r| {
                    Ok(SatIn {
                        table: r.try_get(0)?,
                        game: r.try_get(1)?,
                        rules: r.try_get(2)?,
                        seat: r.try_get::<_, i64>(3)? as usize,
                        name: r.try_get(4)?,
                        finished: r.try_get(5)?,
                        ended: r.try_get(6)?,
                    })
                })
                .collect::<Result<_, StoreError>>()?;
            Ok(Some(Held {
                account: account_row(&found)?,
                passkeys,
                sessions,
                games,
                ratings: rows_of(&client, RATING_TABLES[0], &account).await?,
                rating_changes: rows_of(&client, RATING_TABLES[1], &account).await?,
            }))
        })
    }

    fn delete(&self, account: &AccountId) -> Result<bool, StoreError> {
        let (pool, account) = (self.pool.clone(), account.clone());
        self.run(async move {
            let mut client = pool.get().await.map_err(StoreError::pool)?;
            let transaction = client.transaction().await?;
            for table in RATING_TABLES {
                let statement = format!("DELETE FROM {table} WHERE account = $1");
                transaction.execute(&statement, &[&account.0]).await?;
            }
            for statement in [
                "DELETE FROM passkeys WHERE account = $1",
                "DELETE FROM sessions WHERE account = $1",
            ] {
                transaction.execute(statement, &[&account.0]).await?;
            }
            transaction
                .execute(
                    "UPDATE seats SET name = $2, account = NULL WHERE account = $1",
                    &[&account.0, &DELETED],
                )
                .await?;
            let existed = transaction
                .execute("DELETE FROM accounts WHERE id = $1", &[&account.0])
                .await?
                == 1;
            transaction.commit().await?;
            Ok(existed)
        })
    }

    fn begin_ceremony(
        &self,
        ceremony: &CeremonyRow,
        per_address: usize,
        total: usize,
    ) -> Result<Begun, StoreError> {
        let (pool, ceremony) = (self.pool.clone(), ceremony.clone());
        self.run(async move {
            let mut client = pool.get().await.map_err(StoreError::pool)?;
            let transaction = client.transaction().await?;
            // Held until the commit: the counts below are every node's, and stay so.
            transaction
                .execute("SELECT pg_advisory_xact_lock($1)", &[&BEGINNING])
                .await?;
            let now = ceremony.began;
            transaction
                .execute(
                    "DELETE FROM ceremonies WHERE id IN
                       (SELECT id FROM ceremonies WHERE expires <= $1 ORDER BY expires LIMIT $2)",
                    &[&now, &SWEPT_CEREMONIES],
                )
                .await?;
            let all: i64 = transaction
                .query_one(
                    "SELECT count(*) FROM ceremonies WHERE expires > $1",
                    &[&now],
                )
                .await?
                .try_get(0)?;
            let mine: i64 = transaction
                .query_one(
                    "SELECT count(*) FROM ceremonies WHERE address = $1 AND expires > $2",
                    &[&ceremony.address, &now],
                )
                .await?
                .try_get(0)?;
            let begun = if !room(all, total) {
                Begun::Full
            } else if !room(mine, per_address) {
                Begun::AddressFull
            } else {
                transaction
                    .execute(
                        &format!(
                            "INSERT INTO ceremonies ({CEREMONY}) VALUES ($1, $2, $3, $4, $5, $6)"
                        ),
                        &[
                            &ceremony.id,
                            &ceremony.kind,
                            &ceremony.ceremony,
                            &ceremony.address,
                            &ceremony.began,
                            &ceremony.expires,
                        ],
                    )
                    .await?;
                Begun::Stored
            };
            transaction.commit().await?;
            Ok(begun)
        })
    }

    fn finish_ceremony(&self, id: &str, now: i64) -> Result<Option<CeremonyRow>, StoreError> {
        let (pool, id) = (self.pool.clone(), id.to_string());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            let query = format!("DELETE FROM ceremonies WHERE id = $1 RETURNING {CEREMONY}");
            let taken = client.query_opt(&query, &[&id]).await?;
            let taken = taken.map(|r| ceremony_row(&r)).transpose()?;
            Ok(taken.filter(|c| c.expires > now))
        })
    }
}
