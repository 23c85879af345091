//! People's ratings as the store keeps them (issue 58): a rated game's result, written in
//! the transaction that marks its table finished ([`super::Commit::rated`]), and what
//! profiles and leaderboards read back ([`Ratings`]).
//!
//! Two tables hold them. `ratings(account, game, mu, sigma, games, wins)`: a person's
//! current rating under a rating key (`euchre/eecs280`). `rating_changes(account,
//! table_id, game, mu, sigma, place, won, at, n)`: the rating after each rated game, the
//! graph's points; its key `(account, table_id)` is what makes a game rate a person at
//! most once, and a game that has any row is not rated again (a second node finishing
//! the same table after a failover). The computing is [`crate::ratings`]'s, once, here:
//! both stores read the rows before, call [`rerate`] and write what it gives.

use std::collections::{HashMap, HashSet};

use rusqlite::{params, OptionalExtension};

use super::{now_seconds, Sqlite, StoreError, TableRow};
use crate::ids::{AccountId, Signed, TableId};
use crate::ratings::{rated, Rating, Side};

/// A table whose game ended, as the journal stores it: its finished mark, and its rating
/// when the game is rated.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    /// The table.
    pub table: TableId,
    /// Its result to rate, for a rated table.
    pub rated: Option<RatedGame>,
}

impl From<TableId> for Finished {
    /// An unrated game's end.
    fn from(table: TableId) -> Finished {
        Finished { table, rated: None }
    }
}

/// A rated game's result, as the table's core ranked it ([`scene::places`]): the store
/// reads each seat's account in the same transaction, so a seat whose account was deleted
/// since (its `account` now NULL) is left out, and nobody else's rating waits on it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedGame {
    /// The table.
    pub table: TableId,
    /// The rating key: `game/rules` (`euchre/eecs280`, [`crate::ratings::key`]).
    pub key: String,
    /// Each side: its seats and its place (0 the winners; a tie shares a place).
    pub sides: Vec<RatedSide>,
}

/// One side of a rated game.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedSide {
    /// Its seats (Euchre's partnership, or one seat).
    pub seats: Vec<usize>,
    /// Where it finished: 0 first.
    pub place: usize,
}

/// A person's rating under one key, as a profile shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The rating key (`euchre/eecs280`).
    pub key: String,
    /// The rating now.
    pub rating: Rating,
    /// Rated games played.
    pub games: u32,
    /// Of them, won (placed first).
    pub wins: u32,
}

/// A person's rating after one rated game: a point of the rating graph. No table id: a
/// private table's id is the secret of its link, and the graph is public.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    /// The rating after the game.
    pub rating: Rating,
    /// Its side's place (0 first).
    pub place: usize,
    /// Whether its side won.
    pub won: bool,
    /// When it was rated, in seconds since 1970.
    pub at: u64,
    /// Which of the person's rated games under the key it was, from 1.
    pub n: u32,
}

/// A finished game a person sat at.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// Its table's settings.
    pub row: TableRow,
    /// When it ended, in seconds since 1970.
    pub ended: Option<u64>,
    /// The person's seat.
    pub seat: usize,
    /// Whether the person's side won: known for a rated game (its rating change says),
    /// `None` for an unrated one (its own listing says, replayed).
    pub won: Option<bool>,
}

/// A leaderboard's entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    /// The person's name.
    pub name: String,
    /// The rating.
    pub rating: Rating,
    /// Rated games played under the key.
    pub games: u32,
}

/// What profiles and leaderboards read of ratings; the writing is [`super::Commit`]'s.
/// Every list is bounded by its caller's `limit`.
pub trait Ratings: Send + Sync {
    /// The account whose name has `name_key` ([`crate::names::key`]), with its name.
    fn profile_of(&self, name_key: &str) -> Result<Option<Signed>, StoreError>;
    /// The account's ratings, one per key, by key.
    fn ratings(&self, account: &AccountId) -> Result<Vec<RatingRow>, StoreError>;
    /// The account's last `limit` rating changes under `key`, oldest first.
    fn history(
        &self,
        account: &AccountId,
        key: &str,
        limit: usize,
    ) -> Result<Vec<RatingChange>, StoreError>;
    /// Up to `limit` finished games the account sat at, newest first, after the table
    /// `after` (the last of the page before); public tables only unless `private`.
    fn played(
        &self,
        account: &AccountId,
        private: bool,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Played>, StoreError>;
    /// Up to `limit` people rated under `key` who are past their provisional games
    /// ([`crate::ratings::PROVISIONAL_GAMES`]), by [`Rating::shown`] highest first (then
    /// by name), skipping the first `skip`.
    fn leaderboard(&self, key: &str, skip: usize, limit: usize) -> Result<Vec<Ranked>, StoreError>;
}

/// A person's rating under a key before a game: a newcomer's is the prior.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Standing {
    pub(super) rating: Rating,
    pub(super) games: u32,
    pub(super) wins: u32,
}

/// One person's rating after a rated game: their `ratings` row and their
/// `rating_changes` row.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Rerated {
    pub(super) account: AccountId,
    pub(super) after: Standing,
    pub(super) place: usize,
    pub(super) won: bool,
}

/// The people of `game`, side by side: each side's seats' accounts as `seats` holds them
/// now, a seat with none (a guest, a deleted account) left out, an account met twice kept
/// at its first seat only, and a side left empty dropped.
pub(super) fn people(
    game: &RatedGame,
    seats: &[(usize, Option<AccountId>)],
) -> Vec<(Vec<AccountId>, usize)> {
    let mut met = HashSet::new();
    (game.sides.iter())
        .map(|side| {
            let accounts = (side.seats.iter())
                .filter_map(|seat| seats.iter().find(|(s, _)| s == seat))
                .filter_map(|(_, account)| account.clone())
                .filter(|account| met.insert(account.clone()))
                .collect::<Vec<_>>();
            (accounts, side.place)
        })
        .filter(|(accounts, _)| !accounts.is_empty())
        .collect()
}

/// Everyone's rating after the game whose sides are `sides` (from [`people`]), from their
/// standings `before` (absent: a newcomer). Fewer than two sides compare nobody: nothing.
pub(super) fn rerate(
    sides: &[(Vec<AccountId>, usize)],
    before: &HashMap<AccountId, Standing>,
) -> Vec<Rerated> {
    if sides.len() < 2 {
        return Vec::new();
    }
    let standing = |account: &AccountId| before.get(account).copied().unwrap_or_default();
    let compared: Vec<Side> = (sides.iter())
        .map(|(accounts, place)| Side {
            ratings: accounts.iter().map(|a| standing(a).rating).collect(),
            place: *place,
        })
        .collect();
    let after = rated(&compared);
    let mut rerated = Vec::new();
    for ((accounts, place), ratings) in sides.iter().zip(after) {
        for (account, rating) in accounts.iter().zip(ratings) {
            let was = standing(account);
            let won = *place == 0;
            rerated.push(Rerated {
                account: account.clone(),
                after: Standing {
                    rating,
                    games: was.games + 1,
                    wins: was.wins + u32::from(won),
                },
                place: *place,
                won,
            });
        }
    }
    rerated
}

/// SQLite's ratings tables, made by [`Sqlite::open`].
pub(super) const SQLITE_TABLES: &str = "
    CREATE TABLE IF NOT EXISTS ratings (
        account TEXT NOT NULL, game TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,
        games INTEGER NOT NULL, wins INTEGER NOT NULL, PRIMARY KEY (account, game));
    CREATE INDEX IF NOT EXISTS ratings_board ON ratings (game, (mu - 3 * sigma));
    CREATE TABLE IF NOT EXISTS rating_changes (
        account TEXT NOT NULL, table_id TEXT NOT NULL, game TEXT NOT NULL,
        mu REAL NOT NULL, sigma REAL NOT NULL, place INTEGER NOT NULL,
        won INTEGER NOT NULL, at INTEGER NOT NULL, n INTEGER NOT NULL,
        PRIMARY KEY (account, table_id));
    CREATE INDEX IF NOT EXISTS rating_changes_table ON rating_changes (table_id);
    CREATE INDEX IF NOT EXISTS rating_changes_graph ON rating_changes (account, game, n);";

/// Rates `game` in `transaction` ([`super::Commit::rated`]): nothing if it was rated
/// before.
pub(super) fn write_sqlite(
    transaction: &rusqlite::Transaction<'_>,
    game: &RatedGame,
) -> Result<(), StoreError> {
    let done = transaction
        .prepare_cached("SELECT 1 FROM rating_changes WHERE table_id = ?1 LIMIT 1")?
        .exists(params![game.table])?;
    if done {
        return Ok(());
    }
    let seats = transaction
        .prepare_cached("SELECT seat, account FROM seats WHERE table_id = ?1")?
        .query_map(params![game.table], |r| {
            Ok((
                r.get::<_, i64>(0)? as usize,
                r.get::<_, Option<String>>(1)?.map(AccountId),
            ))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let sides = people(game, &seats);
    let mut before = HashMap::new();
    let mut read = transaction.prepare_cached(
        "SELECT mu, sigma, games, wins FROM ratings WHERE account = ?1 AND game = ?2",
    )?;
    for account in sides.iter().flat_map(|(accounts, _)| accounts) {
        let standing = read
            .query_row(params![account.0, game.key], |r| {
                Ok(Standing {
                    rating: rating_at(r, 0)?,
                    games: r.get(2)?,
                    wins: r.get(3)?,
                })
            })
            .optional()?;
        before.insert(account.clone(), standing.unwrap_or_default());
    }
    let mut upsert = transaction.prepare_cached(
        "INSERT INTO ratings (account, game, mu, sigma, games, wins)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (account, game) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,
           games = excluded.games, wins = excluded.wins",
    )?;
    let mut change = transaction.prepare_cached(
        "INSERT INTO rating_changes (account, table_id, game, mu, sigma, place, won, at, n)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    let at = now_seconds();
    for r in rerate(&sides, &before) {
        let (rating, games) = (r.after.rating, r.after.games);
        upsert.execute(params![
            r.account.0,
            game.key,
            rating.mu,
            rating.sigma,
            games,
            r.after.wins
        ])?;
        change.execute(params![
            r.account.0,
            game.table,
            game.key,
            rating.mu,
            rating.sigma,
            r.place as i64,
            r.won,
            at,
            games
        ])?;
    }
    Ok(())
}

/// `limit` for SQL (both stores bind it as a 64-bit integer).
pub(super) fn sql_limit(limit: usize) -> i64 {
    i64::try_from(limit).unwrap_or(i64::MAX)
}

/// The rating whose `mu` and `sigma` are columns `first` and `first + 1`.
fn rating_at(r: &rusqlite::Row<'_>, first: usize) -> rusqlite::Result<Rating> {
    Ok(Rating {
        mu: r.get(first)?,
        sigma: r.get(first + 1)?,
    })
}

impl Ratings for Sqlite {
    fn profile_of(&self, name_key: &str) -> Result<Option<Signed>, StoreError> {
        let found = self
            .read()
            .prepare_cached("SELECT id, name FROM accounts WHERE name_key = ?1")?
            .query_row(params![name_key], |r| {
                Ok(Signed {
                    id: AccountId(r.get(0)?),
                    name: r.get(1)?,
                })
            })
            .optional()?;
        Ok(found)
    }

    fn ratings(&self, account: &AccountId) -> Result<Vec<RatingRow>, StoreError> {
        let rows = self
            .read()
            .prepare_cached(
                "SELECT game, mu, sigma, games, wins FROM ratings WHERE account = ?1
                 ORDER BY game",
            )?
            .query_map(params![account.0], |r| {
                Ok(RatingRow {
                    key: r.get(0)?,
                    rating: rating_at(r, 1)?,
                    games: r.get(3)?,
                    wins: r.get(4)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }

    fn history(
        &self,
        account: &AccountId,
        key: &str,
        limit: usize,
    ) -> Result<Vec<RatingChange>, StoreError> {
        let mut changes = self
            .read()
            .prepare_cached(
                "SELECT mu, sigma, place, won, at, n FROM rating_changes
                 WHERE account = ?1 AND game = ?2 ORDER BY n DESC LIMIT ?3",
            )?
            .query_map(params![account.0, key, sql_limit(limit)], |r| {
                Ok(RatingChange {
                    rating: rating_at(r, 0)?,
                    place: r.get::<_, i64>(2)? as usize,
                    won: r.get(3)?,
                    at: r.get::<_, i64>(4)? as u64,
                    n: r.get(5)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        changes.reverse();
        Ok(changes)
    }

    fn played(
        &self,
        account: &AccountId,
        private: bool,
        after: Option<&str>,
        limit: usize,
    ) -> Result<Vec<Played>, StoreError> {
        let connection = self.read();
        let mut query = connection.prepare_cached(&format!(
            "SELECT {}, seats.seat,
               (SELECT won FROM rating_changes c
                 WHERE c.account = seats.account AND c.table_id = seats.table_id)
             FROM seats JOIN tables ON tables.id = seats.table_id
             WHERE seats.account = ?1 AND tables.finished = 1 AND (?2 OR tables.public = 1)
               AND (?3 IS NULL OR tables.rowid < (SELECT rowid FROM tables WHERE id = ?3))
             ORDER BY tables.rowid DESC LIMIT ?4",
            Sqlite::ROW
        ))?;
        let played = query
            .query_map(params![account.0, private, after, sql_limit(limit)], |r| {
                let (row, _, ended) = Sqlite::row(r)?;
                Ok(Played {
                    row,
                    ended,
                    seat: r.get::<_, i64>(Sqlite::AFTER_ROW)? as usize,
                    won: r.get(Sqlite::AFTER_ROW + 1)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(played)
    }

    fn leaderboard(&self, key: &str, skip: usize, limit: usize) -> Result<Vec<Ranked>, StoreError> {
        let ranked = self
            .read()
            .prepare_cached(
                "SELECT accounts.name, mu, sigma, games FROM ratings
                   JOIN accounts ON accounts.id = ratings.account
                 WHERE game = ?1 AND games >= ?2
                 ORDER BY mu - 3 * sigma DESC, accounts.name_key LIMIT ?3 OFFSET ?4",
            )?
            .query_map(
                params![
                    key,
                    crate::ratings::PROVISIONAL_GAMES,
                    sql_limit(limit),
                    sql_limit(skip)
                ],
                |r| {
                    Ok(Ranked {
                        name: r.get(0)?,
                        rating: rating_at(r, 1)?,
                        games: r.get(3)?,
                    })
                },
            )?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(ranked)
    }
}
