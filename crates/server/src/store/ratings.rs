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

/// A person's rating before and after one rated game: what its game-over shows.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingMove {
    /// The person.
    pub account: AccountId,
    /// The rating before the game (a newcomer's: the prior).
    pub before: Rating,
    /// The rating after it.
    pub after: Rating,
    /// Whether they were rated the winner (a person who left never is).
    pub won: bool,
}

/// Each person's rating change at a table, the one before read from their previous
/// change under the same key (`n - 1`); the same text for both stores (`$1` is a
/// numbered parameter in SQLite too).
pub(super) const MOVES: &str = "
    SELECT c.account, p.mu, p.sigma, c.mu, c.sigma, c.won FROM rating_changes c
      LEFT JOIN rating_changes p ON p.account = c.account AND p.game = c.game AND p.n = c.n - 1
    WHERE c.table_id = $1 ORDER BY c.account";

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
    /// How each person's rating moved at the rated game of `table` (none for an unrated
    /// or unfinished one): at most one a seat.
    fn moves(&self, table: &str) -> Result<Vec<RatingMove>, StoreError>;
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

/// A seat of a rated game as the store holds it when the game ends.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Seated {
    pub(super) seat: usize,
    /// Its account: `None` for a deleted one.
    pub(super) account: Option<AccountId>,
    /// Whether its person left the game and did not come back in time (`seats.left_at`).
    pub(super) left: bool,
}

/// Who a rated game compares: each side's people (a person who left marked so), and its
/// place.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Compared {
    pub(super) sides: Vec<(Vec<(AccountId, bool)>, usize)>,
}

impl Compared {
    /// Everyone rated.
    pub(super) fn accounts(&self) -> impl Iterator<Item = &AccountId> {
        (self.sides.iter()).flat_map(|(people, _)| people.iter().map(|(account, _)| account))
    }

    /// Whether it compares anybody: at least two sides.
    pub(super) fn compares(&self) -> bool {
        self.sides.len() >= 2
    }
}

/// The people of `game`, side by side, as `seats` holds them now: a seat with no account
/// (a deleted one) left out, an account met twice kept at its first seat only, and a side
/// left empty dropped.
pub(super) fn people(game: &RatedGame, seats: &[Seated]) -> Compared {
    let mut met = HashSet::new();
    let sides = (game.sides.iter())
        .map(|side| {
            let people = (side.seats.iter())
                .filter_map(|seat| seats.iter().find(|s| s.seat == *seat))
                .filter_map(|s| Some((s.account.clone()?, s.left)))
                .filter(|(account, _)| met.insert(account.clone()))
                .collect::<Vec<_>>();
            (people, side.place)
        })
        .filter(|(people, _)| !people.is_empty())
        .collect();
    Compared { sides }
}

/// Everyone's rating after the game `compared` (from [`people`]), from their standings
/// `before` (absent: a newcomer). The game is rated as it ended for everyone who stayed;
/// a person who left (the computer finishing their seat) is rated as if their side had
/// come last, below every other side. Fewer than two sides compare nobody: nothing.
pub(super) fn rerate(compared: &Compared, before: &HashMap<AccountId, Standing>) -> Vec<Rerated> {
    if !compared.compares() {
        return Vec::new();
    }
    let standing = |account: &AccountId| before.get(account).copied().unwrap_or_default();
    let placed = |places: &[usize]| -> Vec<Vec<Rating>> {
        let sides: Vec<Side> = (compared.sides.iter().zip(places))
            .map(|((people, _), &place)| Side {
                ratings: people.iter().map(|(a, _)| standing(a).rating).collect(),
                place,
            })
            .collect();
        rated(&sides)
    };
    let moved = |account: &AccountId, rating, place: usize| {
        let was = standing(account);
        let won = place == 0;
        let after = Standing {
            rating,
            games: was.games + 1,
            wins: was.wins + u32::from(won),
        };
        Rerated {
            account: account.clone(),
            after,
            place,
            won,
        }
    };
    let places: Vec<usize> = compared.sides.iter().map(|(_, place)| *place).collect();
    let as_ended = placed(&places);
    let mut rerated = Vec::new();
    for (side, ((people, place), after)) in compared.sides.iter().zip(&as_ended).enumerate() {
        for ((account, left), &rating) in people.iter().zip(after) {
            if !left {
                rerated.push(moved(account, rating, *place));
                continue;
            }
            let last = (places.iter().enumerate())
                .filter(|(other, _)| *other != side)
                .map(|(_, place)| place + 1)
                .max()
                .unwrap_or(1);
            let mut lost = places.clone();
            lost[side] = last;
            let at = people.iter().position(|(a, _)| a == account).unwrap_or(0);
            rerated.push(moved(account, placed(&lost)[side][at], last));
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
        .prepare_cached("SELECT seat, account, left_at IS NOT NULL FROM seats WHERE table_id = ?1")?
        .query_map(params![game.table], |r| {
            Ok(Seated {
                seat: r.get::<_, i64>(0)? as usize,
                account: r.get::<_, Option<String>>(1)?.map(AccountId),
                left: r.get(2)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    let sides = people(game, &seats);
    let mut before = HashMap::new();
    let mut read = transaction.prepare_cached(
        "SELECT mu, sigma, games, wins FROM ratings WHERE account = ?1 AND game = ?2",
    )?;
    for account in sides.accounts() {
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

    fn moves(&self, table: &str) -> Result<Vec<RatingMove>, StoreError> {
        let moves = (self.read().prepare_cached(MOVES)?)
            .query_map(params![table], |r| {
                let before = (r.get(1)?, r.get(2)?);
                Ok(RatingMove {
                    account: AccountId(r.get(0)?),
                    before: Rating::or_prior(before),
                    after: rating_at(r, 3)?,
                    won: r.get(5)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(moves)
    }
}
