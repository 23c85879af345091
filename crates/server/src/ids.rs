//! The names both the store and the wire give a table: its id and the lobby's summary of
//! it. They live at the bottom so that the storage layer need not import the protocol
//! (which re-exports them: the wire schema is unchanged); this module imports no other.

use catalogue::GameKind;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A table's id: 128 random bits as 32 hex digits, the secret of a private table's link.
pub type TableId = String;

/// A person's account: 128 random bits as 32 hex digits, made at sign-up. Never shown to
/// anyone but its holder: others know the account by its name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct AccountId(pub String);

impl std::fmt::Display for AccountId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Who is signed in on a connection or a request: the account, and its name as the
/// server keeps it (cleaned, unique by [`crate::names::key`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signed {
    /// The account.
    pub id: AccountId,
    /// Its name.
    pub name: String,
}

/// A seat as every client sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SeatInfo {
    /// The person's name, or the computer player's.
    pub name: String,
    /// `open` (nobody yet), `person` or `computer`.
    pub kind: String,
    /// Whether a person's connection is live.
    pub connected: bool,
    /// Whether the computer is acting for an absent person.
    pub autopilot: bool,
}

/// A listed table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TableSummary {
    /// The table.
    pub table: TableId,
    /// The game.
    pub game: GameKind,
    /// Its rules.
    pub rules: String,
    /// Points to win.
    pub points: u32,
    /// House rules on top of the variant (`alone=off`).
    pub house: Vec<String>,
    /// `Euchre · EECS 280 rules · first to 10 points`, as the table's scene says it.
    pub title: String,
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// Whether the game has ended.
    pub finished: bool,
    /// Whether the game is rated (people only, each signed in): shown before it starts.
    #[serde(default)]
    pub rated: bool,
}
