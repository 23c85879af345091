//! People's ratings in PostgreSQL ([`super::super::ratings`] says what the tables hold):
//! a rated game written in its finish's transaction, its people's rating rows locked
//! (`FOR UPDATE`) so two games ending at once on two nodes each rate from the other's
//! result, never from the same row before; and the reads of profiles and leaderboards.

use std::collections::HashMap;

use tokio_postgres::Row;

use super::super::ratings::{
    people, rerate, sql_limit, Played, Ranked, RatedGame, RatingChange, RatingMove, RatingRow,
    Ratings, Seated, Standing, MOVES,
};
use super::{now_seconds, table_row, Postgres, StoreError, ROW};
use crate::ids::{AccountId, Signed};
use crate::ratings::Rating;

/// Rates `game` in `transaction`: nothing if it was rated before. The table's row is
/// already locked by the finished mark written before it in the same transaction, so a
/// second finish of the same table waits for the first and then finds its changes.
pub(super) async fn write(
    transaction: &tokio_postgres::Transaction<'_>,
    game: &RatedGame,
) -> Result<(), StoreError> {
    let done = transaction
        .query_opt(
            "SELECT 1 FROM rating_changes WHERE table_id = $1 LIMIT 1",
            &[&game.table],
        )
        .await?;
    if done.is_some() {
        return Ok(());
    }
    // Locked: an account deleted meanwhile rewrites its seats after this commits.
    let seats = transaction
        .query(
            "SELECT seat, account, left_at IS NOT NULL FROM seats WHERE table_id = $1
             ORDER BY seat FOR UPDATE",
            &[&game.table],
        )
        .await?
        .iter()
        .map(|r| {
            Ok(Seated {
                seat: r.try_get::<_, i64>(0)? as usize,
                account: r.try_get::<_, Option<String>>(1)?.map(AccountId),
                left: r.try_get(2)?,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    let sides = people(game, &seats);
    if !sides.compares() {
        // Nobody to compare with: no rows, not even a newcomer's.
        return Ok(());
    }
    let mut accounts: Vec<String> = sides.accounts().map(|a| a.0.clone()).collect();
    accounts.sort();
    let new = Rating::default();
    // Every row made first, in the accounts' order, then locked in that order: a
    // newcomer's row too, so two games of the same newcomer cannot both start from none.
    transaction
        .execute(
            "INSERT INTO ratings (account, game, mu, sigma, games, wins)
             SELECT a, $2, $3, $4, 0, 0 FROM UNNEST($1::TEXT[]) AS a ORDER BY a
             ON CONFLICT (account, game) DO NOTHING",
            &[&accounts, &game.key, &new.mu, &new.sigma],
        )
        .await?;
    let before: HashMap<AccountId, Standing> = transaction
        .query(
            "SELECT account, mu, sigma, games, wins FROM ratings
             WHERE game = $2 AND account = ANY($1::TEXT[]) ORDER BY account FOR UPDATE",
            &[&accounts, &game.key],
        )
        .await?
        .iter()
        .map(|r| {
            Ok((
                AccountId(r.try_get(0)?),
                Standing {
                    rating: rating_at(r, 1)?,
                    games: count(r, 3)?,
                    wins: count(r, 4)?,
                },
            ))
        })
        .collect::<Result<_, StoreError>>()?;
    let rerated = rerate(&sides, &before);
    if rerated.is_empty() {
        return Ok(());
    }
    let mut columns = Columns::default();
    for r in &rerated {
        columns.accounts.push(r.account.0.clone());
        columns.mus.push(r.after.rating.mu);
        columns.sigmas.push(r.after.rating.sigma);
        columns.games.push(i64::from(r.after.games));
        columns.wins.push(i64::from(r.after.wins));
        columns.places.push(r.place as i64);
        columns.won.push(r.won);
    }
    let c = &columns;
    transaction
        .execute(
            "UPDATE ratings SET mu = n.mu, sigma = n.sigma, games = n.games, wins = n.wins
             FROM UNNEST($1::TEXT[], $3::FLOAT8[], $4::FLOAT8[], $5::BIGINT[], $6::BIGINT[])
               AS n(account, mu, sigma, games, wins)
             WHERE ratings.account = n.account AND ratings.game = $2",
            &[&c.accounts, &game.key, &c.mus, &c.sigmas, &c.games, &c.wins],
        )
        .await?;
    transaction
        .execute(
            "INSERT INTO rating_changes (account, table_id, game, mu, sigma, place, won, at, n)
             SELECT n.account, $2, $3, n.mu, n.sigma, n.place, n.won, $4, n.games
             FROM UNNEST($1::TEXT[], $5::FLOAT8[], $6::FLOAT8[], $7::BIGINT[], $8::BOOL[],
                         $9::BIGINT[]) AS n(account, mu, sigma, place, won, games)",
            &[
                &c.accounts,
                &game.table,
                &game.key,
                &now_seconds(),
                &c.mus,
                &c.sigmas,
                &c.places,
                &c.won,
                &c.games,
            ],
        )
        .await?;
    Ok(())
}

/// The people's new ratings as columns, for one statement over them all.
#[derive(Default)]
struct Columns {
    accounts: Vec<String>,
    mus: Vec<f64>,
    sigmas: Vec<f64>,
    games: Vec<i64>,
    wins: Vec<i64>,
    places: Vec<i64>,
    won: Vec<bool>,
}

/// A count column (`BIGINT`) as a count.
fn count(r: &Row, column: usize) -> Result<u32, StoreError> {
    u32::try_from(r.try_get::<_, i64>(column)?)
        .map_err(|_| StoreError::Unreadable(format!("a count of ratings, column {column}")))
}

/// The rating whose `mu` and `sigma` are columns `first` and `first + 1`.
fn rating_at(r: &Row, first: usize) -> Result<Rating, StoreError> {
    Ok(Rating {
        mu: r.try_get(first)?,
        sigma: r.try_get(first + 1)?,
    })
}

impl Ratings for Postgres {
    fn profile_of(&self, name_key: &str) -> Result<Option<Signed>, StoreError> {
        let (pool, key) = (self.pool.clone(), name_key.to_string());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            let row = client
                .query_opt("SELECT id, name FROM accounts WHERE name_key = $1", &[&key])
                .await?;
            row.map(|r| {
                Ok(Signed {
                    id: AccountId(r.try_get(0)?),
                    name: r.try_get(1)?,
                })
            })
            .transpose()
        })
    }

    fn ratings(&self, account: &AccountId) -> Result<Vec<RatingRow>, StoreError> {
        let (pool, account) = (self.pool.clone(), account.0.clone());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            client
                .query(
                    "SELECT game, mu, sigma, games, wins FROM ratings WHERE account = $1
                     ORDER BY game",
                    &[&account],
                )
                .await?
                .iter()
                .map(|r| {
                    Ok(RatingRow {
                        key: r.try_get(0)?,
                        rating: rating_at(r, 1)?,
                        games: count(r, 3)?,
                        wins: count(r, 4)?,
                    })
                })
                .collect()
        })
    }

    fn history(
        &self,
        account: &AccountId,
        key: &str,
        limit: usize,
    ) -> Result<Vec<RatingChange>, StoreError> {
        let (pool, account, key) = (self.pool.clone(), account.0.clone(), key.to_string());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            let mut changes = client
                .query(
                    "SELECT mu, sigma, place, won, at, n FROM rating_changes
                     WHERE account = $1 AND game = $2 ORDER BY n DESC LIMIT $3",
                    &[&account, &key, &sql_limit(limit)],
                )
                .await?
                .iter()
                .map(|r| {
                    Ok(RatingChange {
                        rating: rating_at(r, 0)?,
                        place: r.try_get::<_, i64>(2)? as usize,
                        won: r.try_get(3)?,
                        at: r.try_get::<_, i64>(4)? as u64,
                        n: count(r, 5)?,
                    })
                })
                .collect::<Result<Vec<_>, StoreError>>()?;
            changes.reverse();
            Ok(changes)
        })
    }

    fn played(
        &self,
        account: &AccountId,
        private: bool,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Played>, StoreError> {
        let (pool, account) = (self.pool.clone(), account.0.clone());
        let after = after.map(str::to_string);
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            let query = format!(
                "SELECT {ROW}, seats.seat,
                   (SELECT won FROM rating_changes c
                     WHERE c.account = seats.account AND c.table_id = seats.table_id)
                 FROM seats JOIN tables ON tables.id = seats.table_id
                 WHERE seats.account = $1 AND tables.finished AND ($2 OR tables.public)
                   AND ($3::TEXT IS NULL OR tables.ord < (SELECT ord FROM tables WHERE id = $3))
                 ORDER BY tables.ord DESC LIMIT $4"
            );
            client
                .query(&query, &[&account, &private, &after, &sql_limit(limit)])
                .await?
                .iter()
                .map(|r| {
                    let (row, _, ended) = table_row(r)?;
                    Ok(Played {
                        row,
                        ended,
                        seat: r.try_get::<_, i64>(super::AFTER_ROW)? as usize,
                        won: r.try_get(super::AFTER_ROW + 1)?,
                    })
                })
                .collect()
        })
    }

    fn leaderboard(&self, key: &str, skip: usize, limit: usize) -> Result<Vec<Ranked>, StoreError> {
        let (pool, key) = (self.pool.clone(), key.to_string());
        let least = i64::from(crate::ratings::PROVISIONAL_GAMES);
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            client
                .query(
                    "SELECT accounts.name, mu, sigma, games FROM ratings
                       JOIN accounts ON accounts.id = ratings.account
                     WHERE game = $1 AND games >= $2
                     ORDER BY mu - 3 * sigma DESC, accounts.name_key LIMIT $3 OFFSET $4",
                    &[&key, &least, &sql_limit(limit), &sql_limit(skip)],
                )
                .await?
                .iter()
                .map(|r| {
                    Ok(Ranked {
                        name: r.try_get(0)?,
                        rating: rating_at(r, 1)?,
                        games: count(r, 3)?,
                    })
                })
                .collect()
        })
    }

    fn moves(&self, table: &str) -> Result<Vec<RatingMove>, StoreError> {
        let (pool, table) = (self.pool.clone(), table.to_string());
        self.run(async move {
            let client = pool.get().await.map_err(StoreError::pool)?;
            (client.query(MOVES, &[&table]).await?.iter())
                .map(|r| {
                    let before = (r.try_get(1)?, r.try_get(2)?);
                    Ok(RatingMove {
                        account: AccountId(r.try_get(0)?),
                        before: Rating::or_prior(before),
                        after: rating_at(r, 3)?,
                        won: r.try_get(5)?,
                    })
                })
                .collect()
        })
    }
}
