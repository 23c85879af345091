//! What the scene shows of the table, as typed data before any words: a seat's marks,
//! cards held and tally, and the facts over the middle. The scene's words ([`Mark`],
//! [`Tally`], [`crate::Fact`]) are made from these, and research's observation tensors
//! read them directly, so a tensor costs no words and cannot say other than the scene.

use cards::{Card, CardSet, Suit};

use crate::tricks::{self, fact};
use crate::words::{card_text, cards_text, verb};
use crate::{Fact, FactKind, Mark, MarkKind, Tally, TallyKind};

/// A seat's marks: a set of [`MarkKind`]s, listed in the kinds' order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks(u8);

impl Marks {
    /// Every kind, in its order (a bit each: bit [`MarkKind::number`]).
    const KINDS: [MarkKind; 6] = [
        MarkKind::Dealer,
        MarkKind::Maker,
        MarkKind::MakerAlone,
        MarkKind::DefendingAlone,
        MarkKind::SittingOut,
        MarkKind::NamesTrump,
    ];

    /// The kinds whose condition holds.
    pub fn of<const N: usize>(kinds: [(bool, MarkKind); N]) -> Marks {
        let held = kinds.into_iter().filter(|(holds, _)| *holds);
        Marks(held.fold(0, |bits, (_, kind)| bits | 1 << kind.number()))
    }

    /// Whether `kind` is among them.
    pub fn contains(self, kind: MarkKind) -> bool {
        self.0 & 1 << kind.number() != 0
    }

    /// The kinds, in their order.
    pub fn kinds(self) -> impl Iterator<Item = MarkKind> {
        Self::KINDS.into_iter().filter(move |&k| self.contains(k))
    }

    /// Each mark with its words.
    pub fn marks(self) -> Vec<Mark> {
        let mark = |kind: MarkKind| Mark {
            kind,
            text: kind.words().to_string(),
        };
        self.kinds().map(mark).collect()
    }
}

impl MarkKind {
    /// The kind's place in [`Marks`]' order, its order of declaration: `Dealer` 0 …
    /// `NamesTrump` 5.
    pub fn number(self) -> usize {
        self as usize
    }
}

/// What everyone is shown of one seat, without words: the words are [`SeatShown::parts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatShown {
    /// Its marks.
    pub marks: Marks,
    /// How many cards it holds.
    pub held: usize,
    /// What its tally counts.
    pub tally: TallyKind,
    /// How many.
    pub count: usize,
    /// Its quota of tricks this hand (Teen Do Panch).
    pub quota: Option<usize>,
}

impl SeatShown {
    /// A seat before the first deal: no marks, no cards, no tricks taken.
    pub const UNDEALT: SeatShown = SeatShown {
        marks: Marks(0),
        held: 0,
        tally: TallyKind::Tricks,
        count: 0,
        quota: None,
    };

    /// The seat's marks, cards held and tally, with their words.
    pub fn parts(self) -> (Vec<Mark>, usize, Tally) {
        let tally = Tally::new(self.tally, self.count, self.quota);
        (self.marks.marks(), self.held, tally)
    }
}

/// One fact over the middle, without words (its words: [`crate::Staged::facts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// Trump is `suit`, made by `maker` where the game says who.
    Trump {
        /// The suit.
        suit: Suit,
        /// Who made it.
        maker: Option<usize>,
    },
    /// Euchre's upcard, face up in the middle for everyone.
    Upcard {
        /// The card.
        card: Card,
        /// What became of it.
        now: Upcard,
    },
    /// Euchre's upcard, turned down in round one.
    TurnedDown(Card),
    /// Euchre's farmer's hand (house rule): `farmer` swapped `cards` for the kitty.
    FarmersHand {
        /// Who.
        farmer: usize,
        /// The cards shown.
        cards: CardSet,
    },
    /// Teen Do Panch: how many of each hand's cards are dealt while trump is named.
    Dealt(Dealt),
    /// Teen Do Panch: the maker declined to name trump from its first cards and turned
    /// these up.
    Declined {
        /// The maker.
        maker: usize,
        /// The cards turned up.
        cards: CardSet,
    },
    /// Teen Do Panch: `puller` pulls a card from `victim`.
    Pull {
        /// Who pulls.
        puller: usize,
        /// Who is pulled from.
        victim: usize,
    },
}

impl Sign {
    /// The sign in words for `to` (a seat, or `None` for a spectator), `names` being the
    /// seats' names as it reads them.
    pub fn fact(self, to: Option<usize>, names: &[String]) -> Fact {
        match self {
            Sign::Trump { suit, maker } => {
                let by = maker.map_or(String::new(), |m| format!(", made by {}", names[m]));
                tricks::trump(suit, by, maker)
            }
            Sign::Upcard { card, now } => {
                let (text, taker) = match now {
                    Upcard::OnOffer => ("Upcard".to_string(), None),
                    Upcard::NamedBlind => ("Upcard (trump named blind)".to_string(), None),
                    Upcard::TakenUp(dealer) => (
                        format!("Upcard, taken up by {}", names[dealer]),
                        Some(dealer),
                    ),
                    Upcard::NotTakenUp(dealer) => (
                        "Upcard, not taken up (the dealer sits out)".to_string(),
                        Some(dealer),
                    ),
                };
                Fact {
                    card: Some(card),
                    ..fact(FactKind::Upcard, text, taker)
                }
            }
            Sign::TurnedDown(card) => Fact {
                suit: Some(card.suit()),
                ..fact(
                    FactKind::TurnedDown,
                    format!("Turned down: {}", card_text(card)),
                    None,
                )
            },
            Sign::FarmersHand { farmer, cards } => {
                let text = format!(
                    "Farmer's hand: {} swapped {} for the kitty",
                    names[farmer],
                    cards_text(cards)
                );
                fact(FactKind::FarmersHand, text, Some(farmer))
            }
            Sign::Dealt(dealt) => {
                let text = match dealt {
                    Dealt::FirstFive => "First five cards dealt",
                    Dealt::EightOfTen => "Eight of ten cards dealt",
                    Dealt::AllTen => "All ten cards dealt",
                };
                fact(FactKind::Dealt, text, None)
            }
            Sign::Declined { maker, cards } => {
                let text = format!("{} declined: turned up {}", names[maker], cards_text(cards));
                fact(FactKind::Declined, text, Some(maker))
            }
            Sign::Pull { puller, victim } => {
                let you = to == Some(puller);
                let who = if you { "You" } else { &names[puller] };
                let text = format!(
                    "{who} {} a card from {}",
                    verb(you, "pull", "pulls"),
                    names[victim]
                );
                fact(FactKind::Pull, text, Some(puller))
            }
        }
    }
}

/// What became of Euchre's upcard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Upcard {
    /// Still on offer (round one, or the declarations before it).
    OnOffer,
    /// The benny turned up: trump is named blind.
    NamedBlind,
    /// Taken up by the dealer, `dealer`.
    TakenUp(usize),
    /// Not taken up: the dealer, `dealer`, sits out.
    NotTakenUp(usize),
}

/// How many of a Teen Do Panch hand's ten cards are dealt while trump is named.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dealt {
    /// The first five.
    FirstFive,
    /// Eight of ten.
    EightOfTen,
    /// All ten.
    AllTen,
}
