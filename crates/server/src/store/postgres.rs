//! PostgreSQL, for tables that outlive one machine: the same tables, seats and actions as
//! [`Sqlite`](super::Sqlite), written by an async driver (`tokio-postgres` through a
//! `deadpool-postgres` pool) and migrated by the server at start (`refinery`).
//!
//! [`Store`](super::Store) is synchronous, as SQLite is: each call runs on the store's own small
//! runtime and the caller waits for its answer on a plain channel, which blocks a thread
//! as a SQLite write does and never nests one runtime in another. A call returns only
//! once PostgreSQL has committed (the default `synchronous_commit`), and an action's key
//! is `(table_id, seq)`: a second writer of the same `seq` fails instead of forking a game.

use std::collections::HashSet;
use std::future::Future;
use std::time::Duration;

use catalogue::GameKind;
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod};
use tokio_postgres::{NoTls, Row};

use super::{
    millis, now_seconds, written, Announcement, Commit, Deals, GameRow, Lease, Leases, Left, Owner,
    Reads, SeatRow, Seed, StoreError, Stored, TableRow, TableText, Token, Writes,
};
use crate::ids::{AccountId, TableId, TableSummary};

mod accounts;
mod ratings;

mod embedded {
    refinery::embed_migrations!("migrations/postgres");
}

/// Connections the pool keeps at most.
const CONNECTIONS: usize = 8;

/// An arbitrary key for the advisory lock that lets one node at a time migrate.
const MIGRATING: i64 = 0x6361_7264_7461_626c; // "cardtabl"

/// A PostgreSQL database, reached at a `postgres://` URL.
pub struct Postgres {
    /// Always here until dropped, when it is let go without waiting (a server drops its
    /// store from async code, where a runtime may not block).
    runtime: Option<tokio::runtime::Runtime>,
    pool: Pool,
}

impl Drop for Postgres {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl Postgres {
    /// Connects to `url` (`postgres://user@host:port/database`) and brings its schema up
    /// to date, one node at a time.
    pub fn connect(url: &str) -> Result<Postgres, StoreError> {
        let config: tokio_postgres::Config = url.parse().map_err(StoreError::postgres)?;
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("postgres")
            .enable_all()
            .build()
            .map_err(|e| StoreError::Unreachable(e.to_string()))?;
        let pool = {
            let _entered = runtime.enter();
            Pool::builder(manager)
                .max_size(CONNECTIONS)
                .build()
                .map_err(|e| StoreError::Unreachable(e.to_string()))?
        };
        let store = Postgres {
            runtime: Some(runtime),
            pool,
        };
        let pool = store.pool.clone();
        store.run(async move {
            let mut client = pool.get().await.map_err(StoreError::pool)?;
            client
                .execute("SELECT pg_advisory_lock($1)", &[&MIGRATING])
                .await?;
            let migrated = embedded::migrations::runner()
                .run_async(&mut **client)
                .await
                .map_err(|e| StoreError::Unreachable(format!("migrating the schema: {e}")));
            client
                .execute("SELECT pg_advisory_unlock($1)", &[&MIGRATING])
                .await?;
            migrated.map(drop)
        })?;
        Ok(store)
    }

    /// Runs `work` on the store's runtime and waits for it, from any thread.
    fn run<T: Send + 'static>(
        &self,
        work: impl Future<Output = Result<T, StoreError>> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (done, answer) = std::sync::mpsc::channel();
        let runtime = self.runtime.as_ref().ok_or(StoreError::JournalStopped)?;
        runtime.spawn(async move {
            let _ = done.send(work.await);
        });
        answer.recv().map_err(|_| StoreError::JournalStopped)?
    }

    /// One statement on a pooled connection.
    fn execute(
        &self,
        statement: &'static str,
        values: impl FnOnce() -> Vec<Box<dyn tokio_postgres::types::ToSql + Send + Sync>>,
    ) -> Result<(), StoreError> {
        let (pool, values) = (self.pool.clone(), values());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            let values: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> =
                values.iter().map(|v| v.as_ref() as _).collect();
            client.execute(statement, &values).await?;
            Ok(())
        })
    }
}

/// The columns [`table_row`] reads, in its order.
const ROW: &str =
    "id, game, rules, points, seed, public, bots, autopilot, finished, deals, house, coach, ended, \
     rated, speed";

/// The index of the first column a query selects after [`ROW`]'s.
pub(crate) const AFTER_ROW: usize = 15;

/// A table's settings, whether it finished and when, from the columns [`ROW`].
fn table_row(r: &Row) -> Result<(TableRow, bool, Option<u64>), StoreError> {
    let game: String = r.try_get(1)?;
    let bots: String = r.try_get(6)?;
    let deals: String = r.try_get(9)?;
    let house: String = r.try_get(10)?;
    let unreadable =
        |what: &str| StoreError::Unreadable(format!("{what} of table {}", r.get::<_, String>(0)));
    Ok((
        TableRow {
            id: r.try_get(0)?,
            game: game
                .parse::<GameKind>()
                .map_err(|_| unreadable("the game"))?,
            rules: r.try_get(2)?,
            points: u32::try_from(r.try_get::<_, i64>(3)?).map_err(|_| unreadable("the points"))?,
            seed: Seed(r.try_get::<_, i64>(4)? as u64),
            public: r.try_get(5)?,
            bots: serde_json::from_str(&bots).map_err(|_| unreadable("the seats"))?,
            autopilot_seconds: r.try_get::<_, i64>(7)? as u64,
            deals: Deals(serde_json::from_str(&deals).map_err(|_| unreadable("the deals"))?),
            house: serde_json::from_str(&house).map_err(|_| unreadable("the house rules"))?,
            coach: r.try_get(11)?,
            rated: r.try_get(13)?,
            speed: scene::Speed::named(r.try_get(14)?).ok_or_else(|| unreadable("the speed"))?,
        },
        r.try_get(8)?,
        r.try_get::<_, Option<i64>>(12)?.map(|at| at as u64),
    ))
}

/// One table with its seats and actions, read on `client`.
async fn load(client: &tokio_postgres::Client, id: &str) -> Result<Option<Stored>, StoreError> {
    let query = format!("SELECT {ROW} FROM tables WHERE id = $1");
    let Some(row) = client.query_opt(&query, &[&id]).await? else {
        return Ok(None);
    };
    let row = table_row(&row)?;
    let seats = client
        .query(
            "SELECT seat, name, token, account, left_at, left_time FROM seats WHERE table_id = $1
             ORDER BY seat",
            &[&id],
        )
        .await?
        .iter()
        .map(|r| {
            Ok(SeatRow {
                seat: r.try_get::<_, i64>(0)? as usize,
                name: r.try_get(1)?,
                token: Token(r.try_get(2)?),
                account: r.try_get::<_, Option<String>>(3)?.map(AccountId),
                left: Left::read(r.try_get(4)?, r.try_get(5)?),
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    let actions = client
        .query(
            "SELECT action FROM actions WHERE table_id = $1 ORDER BY seq",
            &[&id],
        )
        .await?
        .iter()
        .map(|r| r.try_get(0))
        .collect::<Result<Vec<String>, _>>()?;
    Stored::read(row, seats, &actions).map(Some)
}

/// Checks in `transaction` that each of `fence` is still held, and keeps it from a claim
/// until the transaction ends (`FOR SHARE`); [`StoreError::Fenced`] names a lost one. Rows
/// are locked in the tables' order, as renewals lock them: no deadlock between them.
async fn hold(
    transaction: &tokio_postgres::Transaction<'_>,
    fence: &[Lease],
) -> Result<(), StoreError> {
    if fence.is_empty() {
        return Ok(());
    }
    let (tables, nodes, tokens) = columns(fence);
    let held: HashSet<String> = transaction
        .query(
            "SELECT l.table_id FROM leases l
               JOIN UNNEST($1::TEXT[], $2::TEXT[], $3::BIGINT[]) AS h(table_id, node, token)
                 ON l.table_id = h.table_id AND l.node = h.node AND l.token = h.token
             ORDER BY l.table_id FOR SHARE OF l",
            &[&tables, &nodes, &tokens],
        )
        .await?
        .iter()
        .map(|r| r.try_get(0))
        .collect::<Result<_, _>>()?;
    match tables.iter().find(|t| !held.contains(*t)) {
        Some(lost) => Err(StoreError::Fenced(lost.clone())),
        None => Ok(()),
    }
}

/// Writes `commit` in `transaction`, which the caller commits: nothing if a lease of its
/// fence is lost. One statement for every lease, one for every kind of row.
async fn write(
    transaction: &tokio_postgres::Transaction<'_>,
    commit: Commit,
) -> Result<(), StoreError> {
    hold(transaction, &commit.fence).await?;
    for row in &commit.tables {
        let text = TableText::of(row);
        transaction
            .execute(
                "INSERT INTO tables (id, game, rules, points, seed, public, bots, autopilot,
                                     created, deals, house, coach, rated, speed)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
                &[
                    &row.id,
                    &row.game.name(),
                    &row.rules,
                    &i64::from(row.points),
                    &(row.seed.0 as i64),
                    &row.public,
                    &text.bots,
                    &(row.autopilot_seconds as i64),
                    &now_seconds(),
                    &text.deals,
                    &text.house,
                    &row.coach,
                    &row.rated,
                    &row.speed.name(),
                ],
            )
            .await?;
    }
    for (table, seat) in &commit.seats {
        let (left_at, left_time) = Left::columns(seat.left);
        transaction
            .execute(
                "INSERT INTO seats (table_id, seat, name, token, account, left_at, left_time)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)
                 ON CONFLICT (table_id, seat) DO UPDATE SET name = EXCLUDED.name,
                   token = EXCLUDED.token, account = EXCLUDED.account,
                   left_at = EXCLUDED.left_at, left_time = EXCLUDED.left_time",
                &[
                    table,
                    &(seat.seat as i64),
                    &seat.name,
                    &seat.token.0,
                    &seat.account.as_ref().map(|a| &a.0),
                    &left_at,
                    &left_time,
                ],
            )
            .await?;
    }
    if !commit.actions.is_empty() {
        let (ids, seqs, texts): (Vec<&TableId>, Vec<i64>, Vec<String>) = commit
            .actions
            .iter()
            .fold(Default::default(), |mut all, (table, seq, action)| {
                all.0.push(table);
                all.1.push(*seq as i64);
                all.2.push(written(action));
                all
            });
        transaction
            .execute(
                "INSERT INTO actions (table_id, seq, action)
                 SELECT * FROM UNNEST($1::TEXT[], $2::BIGINT[], $3::TEXT[])",
                &[&ids, &seqs, &texts],
            )
            .await?;
    }
    if !commit.finished.is_empty() {
        transaction
            .execute(
                "UPDATE tables SET finished = TRUE,
                   ended = COALESCE(ended, EXTRACT(EPOCH FROM now())::BIGINT)
                 WHERE id = ANY($1::TEXT[])",
                &[&commit.finished],
            )
            .await?;
    }
    for game in &commit.rated {
        ratings::write(transaction, game).await?;
    }
    Ok(())
}

/// Every commit is durable when PostgreSQL answers it (the default `synchronous_commit`):
/// [`Durability::Unflushed`] makes no difference, and a flush has nothing to do.
impl Writes for Postgres {
    fn commit(&self, commit: Commit) -> Result<(), StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let mut client = pool.get().await.map_err(StoreError::pool)?;
            let transaction = client.transaction().await?;
            write(&transaction, commit).await?;
            transaction.commit().await?;
            Ok(())
        })
    }
}

impl Reads for Postgres {
    fn unfinished(&self) -> Result<Vec<Stored>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            let ids = client
                .query("SELECT id FROM tables WHERE NOT finished ORDER BY ord", &[])
                .await?;
            let mut stored = Vec::with_capacity(ids.len());
            for id in ids {
                let id: String = id.try_get(0)?;
                stored.extend(load(&client, &id).await?);
            }
            Ok(stored)
        })
    }

    fn games(&self, after: Option<&str>, limit: usize) -> Result<Vec<GameRow>, StoreError> {
        let (pool, after) = (self.pool.clone(), after.map(str::to_string));
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            let query = format!(
                "SELECT {ROW}, (SELECT MAX(seq) FROM actions WHERE table_id = tables.id)
                 FROM tables
                 WHERE finished AND public
                   AND ($1::TEXT IS NULL OR ord < (SELECT ord FROM tables WHERE id = $1))
                 ORDER BY ord DESC LIMIT $2"
            );
            client
                .query(&query, &[&after, &limit])
                .await?
                .iter()
                .map(|r| {
                    let (row, _, ended) = table_row(r)?;
                    let actions: Option<i64> = r.try_get(AFTER_ROW)?;
                    Ok(GameRow {
                        row,
                        actions: actions.unwrap_or(0) as u64,
                        ended,
                    })
                })
                .collect()
        })
    }

    fn table(&self, table: &str) -> Result<Option<Stored>, StoreError> {
        let (pool, table) = (self.pool.clone(), table.to_string());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            load(&client, &table).await
        })
    }

    fn owner(&self, table: &str) -> Result<Option<Owner>, StoreError> {
        let (pool, table) = (self.pool.clone(), table.to_string());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            let row = client
                .query_opt(
                    "SELECT leases.node, nodes.address FROM leases JOIN nodes ON nodes.name = leases.node
                     WHERE leases.table_id = $1 AND leases.expires > now()",
                    &[&table],
                )
                .await?;
            let owner = row.map(|r| -> Result<Owner, StoreError> {
                Ok(Owner {
                    node: r.try_get(0)?,
                    address: r.try_get(1)?,
                })
            });
            owner.transpose()
        })
    }

    fn lobby(&self, fresh: Duration) -> Result<Vec<TableSummary>, StoreError> {
        let (pool, fresh) = (self.pool.clone(), millis(fresh));
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            let rows = client
                .query(
                    "SELECT name, lobby FROM nodes
                     WHERE seen > now() - $1::BIGINT * interval '1 millisecond'",
                    &[&fresh],
                )
                .await?;
            let mut tables = Vec::new();
            for row in rows {
                let lobby: String = row.try_get(1)?;
                let listed: Vec<TableSummary> = serde_json::from_str(&lobby).map_err(|e| {
                    StoreError::Unreadable(format!("node {}'s lobby: {e}", row.get::<_, String>(0)))
                })?;
                tables.extend(listed);
            }
            Ok(tables)
        })
    }
}

impl Leases for Postgres {
    fn claim(&self, table: &str, node: &str, ttl: Duration) -> Result<Option<Lease>, StoreError> {
        let (pool, table, node) = (self.pool.clone(), table.to_string(), node.to_string());
        let ttl = millis(ttl);
        self.run(async move {
            let mut client = pool.get().await.map_err(StoreError::pool)?;
            let transaction = client.transaction().await?;
            let before: Option<String> = transaction
                .query_opt(
                    "SELECT node FROM leases WHERE table_id = $1 FOR UPDATE",
                    &[&table],
                )
                .await?
                .map(|r| r.try_get(0))
                .transpose()?;
            let row = transaction
                .query_opt(
                    "INSERT INTO leases (table_id, node, token, expires)
                     VALUES ($1, $2, 1, now() + $3::BIGINT * interval '1 millisecond')
                     ON CONFLICT (table_id) DO UPDATE
                       SET node = EXCLUDED.node, token = leases.token + 1,
                           expires = EXCLUDED.expires
                       WHERE leases.expires <= now() OR leases.node = EXCLUDED.node
                     RETURNING token",
                    &[&table, &node, &ttl],
                )
                .await?;
            transaction.commit().await?;
            Ok(match row {
                Some(row) => Some(Lease {
                    token: row.try_get::<_, i64>(0)? as u64,
                    taken_from: before.filter(|before| *before != node),
                    table,
                    node,
                }),
                None => None,
            })
        })
    }

    fn renew(&self, leases: &[Lease], ttl: Duration) -> Result<Vec<Lease>, StoreError> {
        let (pool, leases, ttl) = (self.pool.clone(), leases.to_vec(), millis(ttl));
        self.run(async move {
            let mut client = pool.get().await.map_err(StoreError::pool)?;
            let transaction = client.transaction().await?;
            let (tables, nodes, tokens) = columns(&leases);
            let renewed: HashSet<String> = transaction
                .query(
                    "WITH held AS (
                       SELECT l.table_id FROM leases l
                         JOIN UNNEST($1::TEXT[], $2::TEXT[], $3::BIGINT[]) AS h(table_id, node, token)
                           ON l.table_id = h.table_id AND l.node = h.node AND l.token = h.token
                       ORDER BY l.table_id FOR UPDATE OF l)
                     UPDATE leases SET expires = now() + $4::BIGINT * interval '1 millisecond'
                     FROM held WHERE leases.table_id = held.table_id
                     RETURNING leases.table_id",
                    &[&tables, &nodes, &tokens, &ttl],
                )
                .await?
                .iter()
                .map(|r| r.try_get(0))
                .collect::<Result<_, _>>()?;
            transaction.commit().await?;
            Ok(leases
                .into_iter()
                .filter(|l| !renewed.contains(&l.table))
                .collect())
        })
    }

    fn release(&self, lease: &Lease) -> Result<(), StoreError> {
        let lease = lease.clone();
        self.execute(
            "UPDATE leases SET expires = '-infinity'
             WHERE table_id = $1 AND node = $2 AND token = $3",
            move || {
                vec![
                    Box::new(lease.table),
                    Box::new(lease.node),
                    Box::new(lease.token as i64),
                ]
            },
        )
    }

    fn announce(&self, node: &Announcement<'_>) -> Result<Option<Owner>, StoreError> {
        let lobby = serde_json::to_string(node.lobby).expect("summaries serialize");
        let (name, address) = (node.name.to_string(), node.address.to_string());
        let fresh = node.fresh.as_secs_f64();
        let pool = self.pool.clone();
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            // One statement: of two nodes announcing one name at once, one writes.
            let written = client
                .query_opt(
                    "INSERT INTO nodes (name, address, lobby, seen) VALUES ($1, $2, $3, now())
                     ON CONFLICT (name) DO UPDATE
                       SET address = excluded.address, lobby = excluded.lobby, seen = now()
                       WHERE nodes.address = excluded.address
                          OR nodes.seen < now() - make_interval(secs => $4)
                     RETURNING 1",
                    &[&name, &address, &lobby, &fresh],
                )
                .await?;
            if written.is_some() {
                return Ok(None);
            }
            let row = client
                .query_one("SELECT address FROM nodes WHERE name = $1", &[&name])
                .await?;
            Ok(Some(Owner {
                node: name,
                address: row.try_get(0)?,
            }))
        })
    }

    fn unheld(&self) -> Result<Vec<TableId>, StoreError> {
        let pool = self.pool.clone();
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            client
                .query(
                    "SELECT id FROM tables WHERE NOT finished AND NOT EXISTS
                       (SELECT 1 FROM leases WHERE table_id = tables.id AND expires > now())
                     ORDER BY ord",
                    &[],
                )
                .await?
                .iter()
                .map(|r| Ok(r.try_get(0)?))
                .collect()
        })
    }
}

/// `leases` as three columns (tables, nodes, tokens), for one statement over them all.
fn columns(leases: &[Lease]) -> (Vec<TableId>, Vec<String>, Vec<i64>) {
    let tables = leases.iter().map(|l| l.table.clone()).collect();
    let nodes = leases.iter().map(|l| l.node.clone()).collect();
    let tokens = leases.iter().map(|l| l.token as i64).collect();
    (tables, nodes, tokens)
}
