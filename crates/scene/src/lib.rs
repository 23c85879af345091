//! Everything a face shows of a table, worked out once: the [`Scene`] every recipient
//! may see (seats, the middle, the score, the log in sentences, the result) and the
//! [`Own`] part only a seat's person gets (its hand, its choices, the question asked).
//!
//! A spectator is given a [`Scene`] and nothing else, so no type a spectator receives
//! can hold a hand. Faces (the terminal table, line mode, the browser) draw these and
//! turn a person's pick back into one of [`Own::actions`]; none of them ranks a card,
//! counts a trick or names a winner. The JSON of both is versioned
//! ([`SCENE_VERSION`]) and described by `docs/scene.schema.json`, made from these types.

mod build;
mod coach;
mod learn;
pub mod offer;
mod pace;
mod review;
mod steps;
mod walk;

use cards::Card;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use catalogue::{GameKind, Roster, Ruleset, WithGame};

pub use build::{places, shown, Moment, Sight, Stage};
pub(crate) use build::{rules_card, title};
pub use catalogue::AnyAction;
pub use coach::{coaching, Coached, Coaching};
pub use learn::{how_to_play, HowToPlay};
pub use pace::{Beat, Pace, Speed};
pub use review::{
    generator, record_review, review, verdict, Decision, HandReview, Review, ReviewError, Verdict,
};
pub(crate) use staging::words;
pub use staging::words::{card_text, card_text_at, suit_symbol};
pub use staging::{
    rule_lines, Dealt, Fact, FactKind, HandEndKind, InForce, LayoutRow, Lesson, Mark, MarkKind,
    Marks, Nameplate, Names, Phase, Played, Presence, RuleLine, SeatShown, Sign, Staged, Tally,
    TallyKind, Upcard,
};
pub use steps::{computer_name, record_steps, seat_name, steps, Step};
pub use walk::{walk, Waypoint};

/// The scene's JSON version: raised whenever a field changes meaning or goes away.
pub const SCENE_VERSION: u32 = 4;

/// What every recipient at a table may see, built for one of them (its seat's words:
/// "You play", its own face-down discards in the log).
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Scene {
    /// [`SCENE_VERSION`].
    #[schemars(schema_with = "scene_version")]
    pub version: u32,
    /// The game: a face chooses how to lay out the middle from it, and nothing else.
    pub game: GameKind,
    /// `Euchre · EECS 280 rules · first to 10 points`.
    pub title: String,
    /// The title's parts, in order: the game, its rules, the goal, and `house rules`
    /// where any apply (`title` is them joined by ` · `); a face short of room drops
    /// parts from these, never splitting the title's words.
    pub title_parts: Vec<String>,
    /// `Hand 3`, `Round 2`.
    pub heading: String,
    /// Every seat, in seat order.
    pub seats: Vec<SeatPanel>,
    /// The recipient's seat (`null`: a spectator).
    pub you: Option<usize>,
    /// The seat to act (`null`: between hands or at the end).
    pub turn: Option<usize>,
    /// What the hand is waiting for.
    pub phase: Phase,
    /// Trump, the upcard, a pull in progress: short facts over the middle.
    pub facts: Vec<Fact>,
    /// The trick or the layout.
    pub middle: Middle,
    /// The score table, partners grouped.
    pub score: Score,
    /// This hand's actions, oldest first, as the recipient may know them.
    pub log: Vec<Logged>,
    /// The hand before's (its last trick, how it ended).
    pub last_hand: Vec<Logged>,
    /// Whose turn it is in words, for a status line: `Your turn: Order up the J♥, or
    /// pass`, `West to play`, `The game is over`.
    pub status: String,
    /// How the hand (Straights: the round) just played ended, from its last action until
    /// the next deal, and at the game's end: what a face shows between hands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand_end: Option<HandEnd>,
    /// The end of the game, once it is over.
    pub result: Option<GameResult>,
    /// The rules card: the points to win and every house rule's value at this table.
    pub rules: Vec<RuleLine>,
    /// The card drawn and named as the joker (Euchre's benny: the two of spades stands
    /// for it under the joker house rule); absent without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joker: Option<Card>,
}

/// The schema of [`Scene::version`]: the constant [`SCENE_VERSION`].
fn scene_version(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({ "type": "integer", "const": SCENE_VERSION })
}

impl Scene {
    /// `10♥`, or `Joker` for [`Scene::joker`]: how a face names a card in text.
    pub fn card_text(&self, card: Card) -> String {
        words::card_text_at(self.joker, card)
    }
}

/// One accepted action as the recipient may know it, with what it did in words.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Logged {
    /// Its number in the game, from 1: the `seq` the server accepted it at.
    pub seq: u64,
    /// The seat that acted.
    pub seat: usize,
    /// The action; `null` where it is hidden from the recipient (a face-down discard).
    pub action: Option<AnyAction>,
    /// The action in words, then what it did (a renege's penalty, the trick taken, the
    /// hand's end), a sentence each.
    pub words: Vec<String>,
}

/// One seat as everyone sees it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SeatPanel {
    /// The seat's number, from 0.
    pub seat: usize,
    /// Its name as the recipient reads it (`Alice (you)`, `West`).
    pub name: String,
    /// Who is there.
    pub presence: Presence,
    /// `Dealer`, `Maker, alone`, `Sitting out`, `Names trump`: each typed, with its words.
    pub marks: Vec<Mark>,
    /// Cards in the hand.
    pub cards: usize,
    /// What the seat has taken or shed this hand: `Tricks 2`, `Tricks 1, quota 5`, `Discards 3`.
    pub tally: Tally,
    /// Points so far (a partnership's for both partners).
    pub points: f64,
    /// Whether the seat is to act.
    pub turn: bool,
}

/// The middle of the table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Middle {
    /// A trick-taking game: the trick in progress, else the last one taken.
    Tricks {
        /// The trick being played (`null` before its lead).
        current: Option<TrickShown>,
        /// The last trick taken this hand (`null` before its first: the hand before's
        /// went with the deal).
        last: Option<TrickShown>,
    },
    /// Straights: the layout, a row per suit.
    Layout {
        /// Spades, hearts, clubs, diamonds.
        rows: Vec<LayoutRow>,
    },
}

/// A trick's cards and what they mean.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TrickShown {
    /// Each card with its seat, in the order played.
    pub plays: Vec<Played>,
    /// The seat winning it so far, or that took it.
    pub winner: Option<usize>,
    /// `This trick: West winning`, `Last trick, taken by North`.
    pub caption: String,
}

/// The score table: one row per side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Score {
    /// Column headings (`Team`, `Tricks`, `Points`).
    pub columns: Vec<String>,
    /// One row per side, partners together.
    pub rows: Vec<ScoreRow>,
}

/// One side's row.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ScoreRow {
    /// The seats of the side.
    pub seats: Vec<usize>,
    /// The cells, under [`Score::columns`] (the first is the side's names).
    pub cells: Vec<String>,
    /// The side named in a sentence: `You and North`.
    pub side: String,
    /// The side's points, as the last cell writes them.
    pub points: f64,
    /// Whether the recipient plays on this side.
    pub mine: bool,
}

/// How a hand (Straights: a round) ended, as its core scored it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct HandEnd {
    /// The `seq` of the action that ended it: a face shows each hand's end once, keyed
    /// by it.
    pub seq: u64,
    /// `Hand 3`, `Round 2`.
    pub heading: String,
    /// How it ended.
    pub kind: HandEndKind,
    /// The core's reckoning in a sentence: `West and East are euchred with 2 tricks: You
    /// and North score 2 points.`
    pub sentence: String,
    /// Every side in seat order: what it took, what it scored, what it has now.
    pub sides: Vec<SideEnd>,
}

/// One side at a hand's end.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct SideEnd {
    /// Its seats.
    pub seats: Vec<usize>,
    /// The side named in a sentence: `You and North`.
    pub side: String,
    /// Whether the recipient plays on this side.
    pub mine: bool,
    /// Whether the side made (Euchre) or named (Teen Do Panch) trump this hand.
    pub made: bool,
    /// Whether a seat of the side played alone (Euchre).
    pub alone: bool,
    /// What it took (tricks, against its quota) or shed (Straights' discards).
    pub tally: Tally,
    /// Points it gained this hand (a renege's penalty included).
    pub gained: u32,
    /// Its points now.
    pub points: f64,
    /// Straights: its discards, face up now, in the order discarded.
    pub cards: Vec<Card>,
    /// What the hand means for the next (Teen Do Panch's pulls).
    pub notes: Vec<String>,
    /// The line in words: `You and North: 3 tricks, made trump, +1 point (7 in all)`.
    pub text: String,
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct GameResult {
    /// `You and North win the game!`, `Left wins the game.`
    pub sentence: String,
    /// The winning seats.
    pub winners: Vec<usize>,
    /// Each side's final score in words, ranked by the game's own order: most points
    /// first, or fewest where the lowest score wins (Straights); ties in seat order
    /// (`You & North: 10 points`).
    pub standings: Vec<String>,
}

/// What only the seat's own person sees: built from that seat's view.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Own {
    /// The seat.
    pub seat: usize,
    /// The hand: shown, grouped by suit as the game ranks it (trump first with its
    /// bowers, colours alternating, strongest first; Straights ace to king), or held face
    /// down.
    pub hand: Held,
    /// The legal actions, as the protocol spells them; cards and choices point here.
    pub actions: Vec<AnyAction>,
    /// The choices that are not a card of the hand (`Pass`, `Order up, alone`).
    pub choices: Vec<Choice>,
    /// The question asked, on the seat's turn.
    pub question: Option<String>,
    /// Help for that question.
    pub help: Vec<String>,
    /// What else the seat knows (`Your discards: 5♠`, `You pulled 9♥`).
    pub notes: Vec<String>,
}

/// A seat's hand as the seat may see it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Held {
    /// Face up to the seat, grouped by suit.
    Shown {
        /// The groups, in the order drawn.
        groups: Vec<Vec<HandCard>>,
    },
    /// Held but not to be looked at (a Euchre dealer naming trump blind, the benny
    /// turned up): how many, drawn as backs.
    FaceDown {
        /// How many cards.
        count: usize,
    },
}

impl Held {
    /// The groups of a shown hand; none for a hand face down.
    pub fn groups(&self) -> &[Vec<HandCard>] {
        match self {
            Held::Shown { groups } => groups,
            Held::FaceDown { .. } => &[],
        }
    }

    /// How many cards are held face down (0 for a shown hand).
    pub fn face_down(&self) -> usize {
        match self {
            Held::Shown { .. } => 0,
            Held::FaceDown { count } => *count,
        }
    }
}

/// A card of the hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct HandCard {
    /// The card.
    pub card: Card,
    /// The action that plays (or discards, or gives back) it, an index into
    /// [`Own::actions`]; `null` when it may not be picked now.
    pub action: Option<usize>,
    /// `9♠`, `Discard 9♠`, `Give back 9♠`.
    pub label: String,
    /// What picking it does when that is not simply playing it: `Discard`, `Give back`.
    pub verb: Option<String>,
}

/// A choice button.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Choice {
    /// An index into [`Own::actions`].
    pub action: usize,
    /// `Pass`, `Order up, alone`, `Hearts ♥`.
    pub label: String,
    /// The short answer a typed face takes for it (`p`, `oa`, `h`), the game's own:
    /// distinct for every action of the game.
    pub key: String,
}

/// What one recipient is shown: the scene, and for a seat its own part. Built by
/// [`Stage::shown`], whose recipient decides whether there is an `own`.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Shown {
    /// What everyone sees, in the recipient's words.
    pub scene: Scene,
    /// What only the recipient's seat sees (`null` for a spectator).
    pub own: Option<Own>,
}

/// The JSON Schema of what a face receives ([`Shown`]), as `docs/scene.schema.json`
/// holds it.
pub fn schema() -> schemars::Schema {
    schemars::schema_for!(Shown)
}

/// Every option's value at a table of `rules`, and the points to win where they apply:
/// the rules card every face shows, as the table's scene carries it.
pub fn rules_card_of(rules: &Ruleset) -> Vec<RuleLine> {
    struct Card(u32);
    impl WithGame for Card {
        type Output = Vec<RuleLine>;
        fn run<G: Roster>(
            self,
            new: impl Fn() -> G + Clone + Send + Sync + 'static,
        ) -> Self::Output {
            rules_card(&Sight::of(&new()), self.0)
        }
    }
    rules.with_game(Card(rules.points()))
}
