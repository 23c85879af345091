//! The messages of `cardtable serve`'s WebSocket, both ways: JSON objects tagged by
//! `type`. docs/PROTOCOL.md shows an example of each.

use catalogue::{AnyAction, GameKind};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

pub use crate::ids::{SeatInfo, TableId, TableSummary};
pub use crate::seen::Seen;

/// The protocol version: a client says which it speaks in `hello`; the server refuses
/// another.
pub const VERSION: u32 = 4;

/// The schema of a `protocol` field: the constant [`VERSION`].
fn protocol_version(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({ "type": "integer", "const": VERSION })
}

/// The largest message a client may send, in bytes; a larger one is refused unread.
pub const MAX_MESSAGE: usize = 64 * 1024;

/// What a client sends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// The first message: the protocol version and the name to show at tables.
    Hello {
        /// Must be [`VERSION`].
        #[schemars(schema_with = "protocol_version")]
        protocol: u32,
        /// Up to 32 characters.
        name: String,
    },
    /// Changes the name this connection sits down under from now on, without
    /// reconnecting: cleaned and refused (`bad_name`) as in `hello`, and answered by
    /// `named`. Seats already taken keep the name they were taken under.
    Name {
        /// Up to 32 characters.
        name: String,
    },
    /// Asks for a page of the public tables (`{"type": "list"}`, then `"after"` the
    /// last table of a full page for the next).
    List {
        /// The last table of the page before.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        after: Option<TableId>,
    },
    /// Follows the lobby (`{"type": "lobby"}`): answered by `tables` (the first page), then
    /// a `lobby` message whenever its tables open, change or leave, at most two a second;
    /// `"follow": false` stops them.
    Lobby {
        /// Whether to follow (the default) or stop.
        #[serde(default = "yes")]
        follow: bool,
    },
    /// Opens a table; the server answers `created` (the client then joins or watches).
    Create(TableSpec),
    /// Takes an open seat; answered by `joined` (with the seat's secret token) and a
    /// snapshot.
    Join {
        /// The table.
        table: TableId,
        /// The seat, from 0.
        seat: usize,
    },
    /// Comes back to a seat with its token (a dropped connection, a reload, another
    /// device): answered by `joined` and a full snapshot. An older connection for the
    /// seat is dropped.
    Rejoin {
        /// The table.
        table: TableId,
        /// The token `joined` gave.
        token: String,
    },
    /// Watches a table without a seat: the public table only.
    Watch {
        /// The table.
        table: TableId,
    },
    /// Stops receiving a table's events (a seat stays the person's until it rejoins;
    /// the computer acts for it meanwhile, as for a dropped connection).
    Leave {
        /// The table.
        table: TableId,
    },
    /// Plays `action` in the client's seat. `seq` is the table's sequence number the
    /// client last saw: an action taken on an older state is refused as stale.
    Act {
        /// The table.
        table: TableId,
        /// The last `seq` the client saw.
        seq: u64,
        /// One of the snapshot's `legal` actions.
        action: ActionText,
    },
    /// Says, from a seat, that its person has read the hand just finished (the
    /// snapshot's `scene.hand_end`, between hands): the next hand is dealt once every
    /// person seated and connected has, or after the server's pause (`cardtable serve
    /// --hand-pause-seconds`, 30 by default). `seq` is the table's sequence number the
    /// client last saw; one for another moment is ignored.
    Continue {
        /// The table.
        table: TableId,
        /// The last `seq` the client saw.
        seq: u64,
    },
    /// Asks, from a seat, that the computers act now rather than wait for the beat of
    /// the action at `seq` (docs/PROTOCOL.md, "Pace"): ignored for another moment's.
    Hurry {
        /// The table.
        table: TableId,
        /// The last `seq` the client saw.
        seq: u64,
    },
    /// Asks, from a seat of a finished table, for a new table with the same game, rules,
    /// points and seats; every client at the old table then sees it as the snapshot's
    /// `next` (one rematch per table: asking again gives the same one).
    Rematch {
        /// The finished table.
        table: TableId,
    },
    /// Asks the coach about the client's decision at `seq` (its turn): answered by
    /// `coach`, the strong player's value of each legal choice from that seat's
    /// information only. Refused where the table's creator turned the coach off.
    Coach {
        /// The table.
        table: TableId,
        /// The last `seq` the client saw: a question about an older state is stale.
        seq: u64,
    },
}

/// An action as a client wrote it in `act`: read only by [`ActionText::read`], once
/// the table it is for says which game it is of.
// Kept as JSON text, never a tree of values, until the game's own type reads it.
// `ClientMsg` is tagged by its `type` field, so serde reads a message whole before it
// knows the variant: the text kept is the action as read then (the schema's words are
// the doc comment's alone).
#[derive(Clone, Debug, Serialize, JsonSchema)]
#[serde(transparent)]
pub struct ActionText(#[schemars(with = "AnyAction")] Box<RawValue>);

impl ActionText {
    /// The action, if it is one of `game`'s as the game spells it.
    pub fn read(&self, game: GameKind) -> Option<AnyAction> {
        AnyAction::read(game, &mut serde_json::Deserializer::from_str(self.0.get())).ok()
    }
}

impl<'de> Deserialize<'de> for ActionText {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        // Any JSON value: whether it is an action is the table's to say.
        let value = serde_json::Value::deserialize(deserializer)?;
        serde_json::value::to_raw_value(&value)
            .map(ActionText)
            .map_err(serde::de::Error::custom)
    }
}

impl PartialEq for ActionText {
    fn eq(&self, other: &ActionText) -> bool {
        self.0.get() == other.0.get()
    }
}

impl From<AnyAction> for ActionText {
    fn from(action: AnyAction) -> ActionText {
        ActionText(serde_json::value::to_raw_value(&action).expect("actions serialize"))
    }
}

/// A table as `create` asks for it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableSpec {
    /// `euchre`, `straights` or `teendopanch`.
    pub game: String,
    /// The rules variant (the game's default when absent).
    #[serde(default)]
    pub rules: Option<String>,
    /// Points to win, 1 to 100 (Euchre and Teen Do Panch; default 10).
    #[serde(default = "ten")]
    pub points: u32,
    /// House rules on top of the variant, each `OPTION=VALUE` (`/api/catalogue` lists
    /// them); none by default.
    #[serde(default)]
    pub house: Vec<String>,
    /// Each seat: `"open"` for a person, or a computer player's name (`random`,
    /// `handout`, `strong`, `strong:N`).
    pub seats: Vec<String>,
    /// Listed for everyone (`true`) or joined only by its link.
    #[serde(default)]
    pub public: bool,
    /// Seconds a disconnected person's turn waits before the computer acts for them
    /// (default 20; 0 to 3600).
    #[serde(default = "twenty")]
    pub autopilot_seconds: u64,
    /// Whether a seated person may ask the coach; by default on where at most one seat
    /// is open (everyone else a computer), off at a table of several people.
    #[serde(default)]
    pub coach: Option<bool>,
    /// Whether the game is rated (default `false`): every seat `open` (people only), and
    /// each person who sits signed in (`sign_in` otherwise); its result moves their
    /// ratings once it ends (docs/PROTOCOL.md, "Ratings and profiles").
    #[serde(default)]
    pub rated: bool,
    /// How long what each action leaves stays in view before a computer acts, while
    /// anyone is at the table (`slow`, `normal`, `fast`, `instant`; docs/PROTOCOL.md,
    /// "Pace"); the server's `--table-speed` (`normal` unless set) when absent.
    #[serde(default)]
    pub speed: Option<scene::Speed>,
}

fn yes() -> bool {
    true
}

fn ten() -> u32 {
    10
}

fn twenty() -> u64 {
    20
}

/// What the server sends.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to `hello`.
    Welcome {
        /// The server's protocol version.
        #[schemars(schema_with = "protocol_version")]
        protocol: u32,
    },
    /// The answer to `name`: the name as tables will show it (made fit to show).
    Named {
        /// The cleaned name.
        name: String,
    },
    /// The public tables.
    Tables {
        /// Tables in play and those finished in the last ten minutes, by id, at most 100
        /// (a full page: ask again `after` its last).
        tables: Vec<TableSummary>,
    },
    /// What changed in the lobby's first page since the last `tables` or `lobby` (to a
    /// client that follows it).
    Lobby {
        /// Tables new to the page, or changed (seats taken, the game ended), whole.
        tables: Vec<TableSummary>,
        /// Tables gone from the page.
        gone: Vec<TableId>,
    },
    /// A table was opened.
    Created {
        /// Its id (the private link's secret).
        table: TableId,
    },
    /// The client holds `seat`; keep `token` to come back.
    Joined {
        /// The table.
        table: TableId,
        /// The seat.
        seat: usize,
        /// The seat's secret.
        token: String,
    },
    /// Everything the recipient may see of a table, sent on joining, watching and
    /// rejoining, and after every accepted action (`event` says what happened).
    Snapshot(Box<Snapshot>),
    /// The answer to `coach`: each of the seat's legal choices (in the order of its
    /// `own.actions`) with the strong player's value and what it gives up against the
    /// pick.
    Coach {
        /// The table.
        table: TableId,
        /// The `seq` of the decision.
        seq: u64,
        /// The coach's reading of the decision.
        coaching: Box<scene::Coaching>,
    },
    /// A refused message: nothing changed.
    Error {
        /// The table, where the message named one.
        #[serde(skip_serializing_if = "Option::is_none")]
        table: Option<TableId>,
        /// A machine-readable kind: `protocol`, `malformed`, `too_large`, `no_table`,
        /// `seat_taken`, `no_seat`, `not_your_turn`, `illegal`, `stale`, `bad_seq`,
        /// `bad_table`, `bad_name`, `storage`, `rate_limited`, `timeout`, `no_coach`,
        /// `sign_in` (docs/PROTOCOL.md).
        code: String,
        /// Why, in words.
        message: String,
    },
}

/// One recipient's picture of a table.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Snapshot {
    /// The table.
    pub table: TableId,
    /// Actions accepted so far: the `seq` an `act` must quote.
    pub seq: u64,
    /// Its rules.
    pub rules: String,
    /// Points to win.
    pub points: u32,
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// Whether the game has ended.
    pub finished: bool,
    /// Whether a seated person may ask the coach (`coach`).
    pub coach: bool,
    /// Whether the game is rated: said before it starts, as the lobby's summary says it.
    pub rated: bool,
    /// What the recipient is shown: `scene` (everyone's, in its words) and `own` (a
    /// seat's hand and choices; `null` for a spectator), as `docs/scene.schema.json`
    /// describes them.
    #[serde(flatten)]
    pub view: Seen,
    /// The rematch table, once a seated person asked for one (`rematch`).
    pub next: Option<TableId>,
    /// How long, in milliseconds, what the last action left stays in view at this
    /// table's pace (docs/PROTOCOL.md, "Pace"): a face lets a finished trick be seen so
    /// long before a hand's end or the game's end is drawn over it (0 at `instant`).
    pub hold_ms: u64,
    /// At a rated table, the seconds a person who leaves the game in progress has to come
    /// back before it counts as their loss (`leave`); absent at an unrated one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leave_grace_seconds: Option<u64>,
}

/// A refusal of an HTTP request, as its body says it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ErrorBody<'a> {
    /// The code, as `error` messages give it.
    pub code: &'a str,
    /// Why, in words.
    pub message: &'a str,
}

/// A finished game as `/api/games` lists it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct GameListing {
    /// The table it was played at.
    pub table: TableId,
    /// The game.
    pub game: GameKind,
    /// Its rules.
    pub rules: String,
    /// `Euchre · EECS 280 rules · first to 10 points`.
    pub title: String,
    /// Points to win.
    pub points: u32,
    /// How many actions it took.
    pub actions: u64,
    /// When it ended, in seconds since 1970 (UTC); `null` for a game that ended before
    /// the server kept the time.
    pub ended: Option<u64>,
    /// How it ended (`/api/games/{table}` only: `/api/games` reads no actions).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<GameOutcome>,
}

/// How a finished game ended, as its last scene says it to a spectator.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct GameOutcome {
    /// The scene's own words for it (`sentence`: `Ada and Cy win the game.`), its
    /// `winners` and `standings` (`Ada & Cy: 10 points`), as fields of this object.
    #[serde(flatten)]
    pub result: scene::GameResult,
    /// Every seat, in seat order: what the game came to for it.
    pub seats: Vec<SeatOutcome>,
}

/// One seat of a finished game: its player, whether its side won, its points, and who
/// played with and against it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct SeatOutcome {
    /// The seat, from 0.
    pub seat: usize,
    /// The person's name, or `Computer 2 (medium)`.
    pub name: String,
    /// `person` or `computer`.
    pub kind: String,
    /// Whether its side won the game.
    pub won: bool,
    /// Its side's points at the end.
    pub points: f64,
    /// The other seats of its side, by name (Euchre's partner; none in a game of one a
    /// side).
    pub partners: Vec<String>,
    /// The seats of the other sides, by name.
    pub opponents: Vec<String>,
    /// The `seq` at which the seat's person left the game (`leave`) and the computer took
    /// the seat to its end: their game is shown as left, never as their win or loss.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left: Option<u64>,
    /// At a rated game, how the seat's person's rating moved (absent for a computer, a
    /// guest, an unrated game, or an account deleted since).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<RatingMoved>,
}

/// How a person's rating moved at one rated game, in the figure profiles show and
/// leaderboards rank by (`mu − 3 sigma`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RatingMoved {
    /// The rating before the game (a newcomer's: 0).
    pub before: f64,
    /// The rating after it.
    pub after: f64,
    /// Whether they were rated the winner: a person who left the game never is, whoever
    /// finished it.
    pub won: bool,
}

/// A finished game's record (`/api/games/{id}/record`): the arena's `--record` line, each
/// seat `person:NAME`, a computer player's name, or `open`.
pub type GameRecord = table::GameRecord<AnyAction>;

/// Every moment of a finished game, every hand face up (`/api/games/{id}/steps`).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Replay<'a> {
    /// The table it was played at.
    pub table: &'a str,
    /// The game.
    pub game: &'a str,
    /// Its rules.
    pub rules: &'a str,
    /// Points to win.
    pub points: u32,
    /// Who sat where, as the record writes them (`person:Ada`, `strong`, `open`).
    #[schemars(with = "Vec<String>")]
    pub seats: &'a [table::RecordSeat],
    /// Each seat's player as the replay names them, and whether a person sat there: the
    /// seats a face offers a review of.
    pub players: Vec<ReplayPlayer>,
    /// The deal, then every action, each with the table after it.
    pub steps: Vec<scene::Step>,
}

/// A seat's player in a finished game's replay.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct ReplayPlayer {
    /// The person's name, or `Computer 2 (medium)`.
    pub name: String,
    /// Whether a person sat there.
    pub person: bool,
}

/// The body of a message or a response, as sent.
pub fn encode(message: &impl Serialize) -> String {
    serde_json::to_string(message).expect("messages serialize")
}

impl ClientMsg {
    /// The table the message is about, if any.
    pub fn table(&self) -> Option<&str> {
        match self {
            ClientMsg::Join { table, .. }
            | ClientMsg::Rejoin { table, .. }
            | ClientMsg::Watch { table }
            | ClientMsg::Leave { table }
            | ClientMsg::Rematch { table }
            | ClientMsg::Coach { table, .. }
            | ClientMsg::Continue { table, .. }
            | ClientMsg::Hurry { table, .. }
            | ClientMsg::Act { table, .. } => Some(table),
            ClientMsg::Hello { .. }
            | ClientMsg::Name { .. }
            | ClientMsg::List { .. }
            | ClientMsg::Lobby { .. }
            | ClientMsg::Create(_) => None,
        }
    }
}

/// A client's message, read from its text.
pub fn decode(text: &str) -> Result<ClientMsg, serde_json::Error> {
    serde_json::from_str(text)
}

/// Every message of the protocol, as `docs/protocol.schema.json` describes them: what a
/// client sends, what the server sends (the snapshot, whose `scene` and `own` are the
/// scene's types), and a finished game's steps. Only here, for the schema.
#[derive(JsonSchema)]
#[allow(dead_code)]
enum Protocol<'a> {
    /// What a client sends.
    Client(ClientMsg),
    /// What the server sends.
    Server(ServerMsg),
    /// `/api/games/{table}/steps`.
    Steps(Replay<'a>),
    /// `/api/games/{table}/review/{seat}`.
    Review(scene::Review),
    /// `/api/games/{table}` (and, without `result`, each of `/api/games`).
    Game(GameListing),
}

/// The JSON Schema of every message, as `docs/protocol.schema.json` holds it.
pub fn schema() -> String {
    let schema = serde_json::to_value(schemars::schema_for!(Protocol)).expect("schemas serialize");
    serde_json::to_string_pretty(&schema).expect("schemas serialize") + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The action of an `act` message, as a client wrote it.
    fn acted(message: &str) -> ActionText {
        match decode(message) {
            Ok(ClientMsg::Act { action, .. }) => action,
            other => panic!("not an act: {other:?}"),
        }
    }

    /// An `act`'s action stays text until its table's game reads it: Euchre's `Pass` reads
    /// as Euchre's, not as a Straights action, though Straights has a pass of its own;
    /// what no game spells, or a game spells otherwise, reads as nothing.
    #[test]
    fn an_action_is_read_by_its_tables_game_alone() {
        let pass = acted(r#"{"type":"act","table":"t","seq":3,"action":"Pass"}"#);
        assert_eq!(
            pass.read(GameKind::Euchre),
            Some(AnyAction::Euchre(euchre::Action::Pass))
        );
        assert_eq!(
            pass.read(GameKind::Straights),
            Some(AnyAction::Straights(straights::Action::Pass)),
            "the same text, another game's action"
        );
        let order_up =
            acted(r#"{"type":"act","table":"t","seq":3,"action":{"OrderUp":{"alone":false}}}"#);
        assert!(order_up.read(GameKind::Euchre).is_some());
        assert_eq!(
            order_up.read(GameKind::Straights),
            None,
            "no Straights action"
        );
        for malformed in [
            r#"{"Fold":1}"#,
            r#"{"Discard":"ZZ"}"#,
            "17",
            "null",
            r#""pass""#,
        ] {
            let message = format!(r#"{{"type":"act","table":"t","seq":3,"action":{malformed}}}"#);
            let text = acted(&message);
            for game in [GameKind::Euchre, GameKind::Straights, GameKind::TeenDoPanch] {
                assert_eq!(text.read(game), None, "{malformed} read as {game:?}");
            }
        }
    }

    /// An `act` without its action, or with a field the message has not, is refused whole
    /// as before.
    #[test]
    fn an_act_missing_its_action_is_not_a_message() {
        assert!(decode(r#"{"type":"act","table":"t","seq":3}"#).is_err());
        let extra = r#"{"type":"act","table":"t","seq":3,"action":"Pass","card":"JS"}"#;
        assert!(decode(extra).is_err());
    }
}
