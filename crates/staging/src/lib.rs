//! What a game says of itself for the scene, in the game's own crate: the [`Staged`]
//! trait, and the vocabulary it speaks (phases, marks, facts, tallies, the trick and the
//! layout's cards) that every face draws.
//!
//! It sits below the games so that each game implements [`Staged`] beside its rules
//! (the orphan rule allows an impl only in the trait's crate or the type's); the scene
//! (`cardtable-scene`) puts what the games say together with names, the log and outcomes.

mod learn;
mod names;
mod signs;
pub mod tricks;
pub mod words;

use cards::{Card, CardSet, Suit};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use table::{HandOverOf, HappenedIn};

pub use learn::{InForce, Lesson};
pub use names::{team_of, Nameplate, Names, Presence};
pub use signs::{Dealt, Marks, SeatShown, Sign, Upcard};

/// What a game says of itself for its scene. Every method but [`Staged::face_up`] reads
/// what everyone may see ([`table::Game::Public`], which holds no seat's cards), except
/// [`Staged::hand`] and [`Staged::notes`], which read the seat's own view and are called
/// only for the seat whose own part of the scene is built.
pub trait Staged: table::Listed {
    /// `Hand` or `Round`.
    const HAND_WORD: &'static str = "Hand";
    /// Whether a table chooses its points to win (Straights always ends at 80).
    const POINTS_TO_WIN: bool = true;

    /// The rules in words (`EECS 280 rules`).
    fn rules_words(public: &Self::Public<'_>) -> &'static str;
    /// How the game ends, in words (`first to 10 points`).
    fn goal_words(public: &Self::Public<'_>, points_to_win: u32) -> String {
        let _ = public;
        format!(
            "first to {points_to_win} point{}",
            if points_to_win == 1 { "" } else { "s" }
        )
    }
    /// What the hand waits for.
    fn phase(public: &Self::Public<'_>) -> Phase;
    /// What everyone is shown of a seat, as data: its marks, cards held and tally.
    fn seat_shown(public: &Self::Public<'_>, seat: usize) -> SeatShown;
    /// A seat's marks (`Dealer`), cards held and tally (`Tricks 2`): its
    /// [`Staged::seat_shown`] in words.
    fn seat_parts(public: &Self::Public<'_>, seat: usize) -> (Vec<Mark>, usize, Tally) {
        Self::seat_shown(public, seat).parts()
    }
    /// The facts over the middle, as data, each given to `each` in order: what
    /// [`Staged::facts`] puts in words (a callback, so that reading them allocates
    /// nothing).
    fn signs(public: &Self::Public<'_>, each: &mut dyn FnMut(Sign));
    /// Facts over the middle: the [`Staged::signs`] in words ([`Sign::fact`]); `names`
    /// are the seats' names as the recipient reads them.
    fn facts(public: &Self::Public<'_>, to: Option<usize>, names: &[String]) -> Vec<Fact> {
        let mut facts = Vec::new();
        Self::signs(public, &mut |sign| facts.push(sign.fact(to, names)));
        facts
    }
    /// The cards in the trick in progress, each with its seat, in the order played,
    /// given to `each` (none in a game without tricks).
    fn trick_plays(public: &Self::Public<'_>, each: &mut dyn FnMut(Played)) {
        let _ = (public, each);
    }
    /// The trick in progress ([`Staged::trick_plays`]) and the seat winning it (`None`:
    /// no tricks in this game).
    fn trick(public: &Self::Public<'_>) -> Option<(Vec<Played>, Option<usize>)>;
    /// The cards on the Straights layout (none in other games).
    fn layout_cards(public: &Self::Public<'_>) -> CardSet {
        let _ = public;
        CardSet::EMPTY
    }
    /// The Straights layout: its [`Staged::layout_cards`] by suit, with words.
    fn layout(public: &Self::Public<'_>) -> Option<Vec<LayoutRow>> {
        let _ = public;
        None
    }
    /// A side's cells between its name and its points, each under its column's heading
    /// (`("Tricks", "2")`).
    fn score_cells(public: &Self::Public<'_>, side: &[usize]) -> Vec<(&'static str, String)>;
    /// The seat's own view, once a hand is dealt.
    fn seat_view(&self, seat: usize) -> Option<Self::View<'_>>;
    /// The cards the seat holds and may look at: private to the seat.
    fn own_cards(view: &Self::View<'_>) -> CardSet;
    /// Its [`Staged::own_cards`] grouped by suit as the game ranks them.
    fn hand(view: &Self::View<'_>) -> Vec<Vec<Card>>;
    /// How many cards the seat holds but may not look at (then [`Staged::hand`] shows
    /// none): a Euchre dealer naming trump blind.
    fn face_down(view: &Self::View<'_>) -> usize {
        let _ = view;
        0
    }
    /// Every card `seat` holds, for a finished game's steps, where every hand is face up:
    /// a blind dealer's cards and a card pulled but not yet settled included.
    fn face_up(&self, seat: usize) -> Vec<Card> {
        let hand = self.seat_view(seat).map(|view| Self::hand(&view));
        hand.into_iter().flatten().flatten().collect()
    }
    /// What everyone is shown of `seat` at the end of a hand, read only between hands:
    /// cards turned face up then (Straights' discards) and what the hand means for the
    /// next (Teen Do Panch's pulls).
    fn hand_end_of(public: &Self::Public<'_>, seat: usize) -> (Vec<Card>, Vec<String>) {
        let _ = (public, seat);
        (Vec::new(), Vec::new())
    }
    /// What else the seat alone knows (`Your discards: 5♠`): private to the seat.
    fn notes(public: &Self::Public<'_>, view: &Self::View<'_>) -> Vec<String>;
    /// What an action did, after its actor's name: `play J♥` said of you, `plays J♥` of
    /// anyone else; `None` is an action hidden from the recipient. `happened` is what it
    /// did (an order-up's upcard).
    fn phrase(
        public: &Self::Public<'_>,
        action: Option<&Self::Action>,
        happened: &HappenedIn<Self>,
        you: bool,
    ) -> String;

    /// The card that stands for the joker at this table, if one does.
    fn joker(public: &Self::Public<'_>) -> Option<Card> {
        let _ = public;
        None
    }
    /// A choice button's words (`Order up, alone`), for an action that puts down no card.
    fn choice(public: &Self::Public<'_>, action: &Self::Action) -> String;
    /// The short answer that takes such an action (`p`, `oa`, `h`): distinct for every
    /// action of the game, and never a card's notation or a face's command word.
    fn key(action: &Self::Action) -> &'static str;
    /// The card an action puts down, and the word for doing it when that is not simply
    /// playing it (`Discard`, `Give back`).
    fn card_of(action: &Self::Action) -> Option<(Card, Option<&'static str>)>;
    /// The question the seat to act is asked, from its legal actions.
    fn question(public: &Self::Public<'_>, legal: &[Self::Action]) -> String;
    /// Help for that question.
    fn help(public: &Self::Public<'_>, legal: &[Self::Action]) -> Vec<String>;
    /// What a hand's end says, in a sentence (`West and East take 4 tricks and score 1
    /// point.`): `over` as the core scored it, `names` the seats and sides as the
    /// recipient reads them.
    fn hand_over_words(over: &HandOverOf<Self>, names: &Names) -> String;
    /// How the hand ended, for how a face sets it off.
    fn hand_end_kind(over: &HandOverOf<Self>) -> HandEndKind;
    /// The seat of the side that made trump this hand, and whether it played alone
    /// (`None`: no side made trump, or the game has no makers; then a seat marked as
    /// naming trump is the side's that made it).
    fn makers(over: &HandOverOf<Self>) -> Option<(usize, bool)> {
        let _ = over;
        None
    }
    /// How to play the game under the rules in force: the aim, the cards, each phase,
    /// the scoring and a short example, each lesson citing its source as docs/RULES.md
    /// does (the house rules in force follow them, added by the scene).
    fn lessons(rules: &InForce) -> Vec<Lesson>;
}

/// One line of a table's rules card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RuleLine {
    /// The option as written (`alone`); `points` for the points to win.
    pub name: String,
    /// What people call it (`Going alone`).
    pub title: String,
    /// Its value at this table, as written (`on`, `3-2`, `2`).
    pub value: String,
    /// Whether a house rule changed it from the variant.
    pub house: bool,
}

/// Each of `rules`' options with its value, marked where it differs from its preset.
pub fn rule_lines<R: table::House>(rules: &R) -> Vec<RuleLine> {
    let preset = rules.preset();
    R::OPTIONS
        .iter()
        .map(|o| {
            let value = rules.value(o.name);
            RuleLine {
                name: o.name.into(),
                title: o.title.into(),
                house: value != preset.value(o.name),
                value,
            }
        })
        .collect()
}

/// A seat's count this hand, typed, with its words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Tally {
    /// What is counted.
    pub kind: TallyKind,
    /// How many.
    pub count: usize,
    /// The seat's quota of tricks this hand (Teen Do Panch).
    pub quota: Option<usize>,
    /// `Tricks 1, quota 5`: one taken, five to take (Teen Do Panch).
    pub text: String,
}

/// What a seat's tally counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TallyKind {
    /// Tricks taken.
    Tricks,
    /// Cards discarded face down (Straights).
    Discards,
    /// Times passed (Straights, house rule).
    Passes,
}

impl Tally {
    /// `count` of `kind`, out of `quota` where the game sets one, in words.
    pub fn new(kind: TallyKind, count: usize, quota: Option<usize>) -> Tally {
        let word = match kind {
            TallyKind::Tricks => "Tricks",
            TallyKind::Discards => "Discards",
            TallyKind::Passes => "Passes",
        };
        let text = match quota {
            Some(quota) => format!("{word} {count}, quota {quota}"),
            None => format!("{word} {count}"),
        };
        Tally {
            kind,
            count,
            quota,
            text,
        }
    }
}

/// A seat's mark: what it says of the seat, and the words for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Mark {
    /// What the mark is.
    pub kind: MarkKind,
    /// `Dealer`, `Maker, alone`.
    pub text: String,
}

/// What a seat's mark says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum MarkKind {
    /// The seat deals this hand.
    Dealer,
    /// Euchre: the seat made trump, with its partner.
    Maker,
    /// Euchre: the seat made trump and goes alone.
    MakerAlone,
    /// Euchre (house rule): the seat defends alone against a lone maker.
    DefendingAlone,
    /// Euchre: the seat sits this hand out (a lone player's partner).
    SittingOut,
    /// Teen Do Panch: the seat names trump this hand.
    NamesTrump,
}

impl MarkKind {
    /// The mark in words.
    pub fn words(self) -> &'static str {
        match self {
            MarkKind::Dealer => "Dealer",
            MarkKind::Maker => "Maker",
            MarkKind::MakerAlone => "Maker, alone",
            MarkKind::DefendingAlone => "Defending alone",
            MarkKind::SittingOut => "Sitting out",
            MarkKind::NamesTrump => "Names trump",
        }
    }
}

/// What the hand is waiting for: the question, typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Phase {
    /// Cards are to be dealt (between hands).
    Dealing,
    /// Euchre (house rule): right after the deal, each player may declare a McEvoy.
    Declare,
    /// Euchre, round one: order up the upcard's suit, or pass.
    OrderUp {
        /// The upcard.
        upcard: Card,
    },
    /// Naming trump: Euchre's round two (the upcard turned down), Teen Do Panch's maker.
    NameTrump {
        /// The upcard turned down in round one (Euchre).
        turned_down: Option<Card>,
        /// Whether the seat to act may pass.
        may_pass: bool,
    },
    /// Euchre (house rule): the lone maker's opponents may each defend alone.
    DefendAlone,
    /// The Euchre dealer, having taken the upcard, discards.
    Discard,
    /// Teen Do Panch: a player over quota last hand takes a card and gives one back.
    Pull {
        /// Who pulls.
        puller: usize,
        /// Who is pulled from.
        victim: usize,
    },
    /// Tricks are being played.
    Tricks,
    /// Straights: cards go onto the layout.
    Layout,
    /// The game is over.
    Over,
}

/// A short fact over the middle (`Trump ♥ Hearts, made by West`, `Upcard J♥`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Fact {
    /// What the fact is, for how a face sets it off.
    pub kind: FactKind,
    /// The words.
    pub text: String,
    /// The seat it names: who made trump, took the upcard, swapped a farmer's hand,
    /// declined, pulls (`null`: none).
    pub seat: Option<usize>,
    /// A card to show after them.
    pub card: Option<Card>,
    /// The suit the fact is about, for its colour.
    pub suit: Option<Suit>,
}

/// What a fact is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum FactKind {
    /// Trump, in its suit's colour.
    Trump,
    /// The upcard: on offer, or after an order-up who took it (its card follows the
    /// words), for the whole hand.
    Upcard,
    /// The upcard turned down in round one, for the rest of the hand.
    TurnedDown,
    /// Euchre's farmer's hand (house rule): who swapped which cards for the kitty.
    FarmersHand,
    /// Teen Do Panch: the maker declined to name trump from its first cards and turned
    /// these up.
    Declined,
    /// Teen Do Panch: how many of each hand's cards are dealt while trump is named.
    Dealt,
    /// Teen Do Panch: a pull in progress, the puller's.
    Pull,
}

/// One card of a trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Played {
    /// Who played it.
    pub seat: usize,
    /// The card.
    pub card: Card,
}

/// One suit's row of the Straights layout.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LayoutRow {
    /// The suit.
    pub suit: Suit,
    /// Ace to king: the card where it is on the layout, `null` where it is not yet.
    pub slots: Vec<Option<Card>>,
    /// `Hearts: 6♥ 7♥ 8♥`.
    pub label: String,
}

/// How a hand ended, typed (the core's `HandOver`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum HandEndKind {
    /// Euchre: the makers took three or four tricks.
    Made,
    /// Euchre: the makers took all five, a march.
    March,
    /// Euchre: the makers took fewer than three; the defenders score.
    Euchred,
    /// Euchre: nobody made trump.
    ThrownIn,
    /// Euchre (house rule): a player threw in the hand with a McEvoy.
    Refused,
    /// Teen Do Panch: each player's tricks against its quota.
    Quotas,
    /// Straights: every card played or discarded.
    Round,
}
