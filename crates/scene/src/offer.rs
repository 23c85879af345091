//! What a face offers a person choosing a table: every game with its seats, its rules
//! variants in words and whether points to win apply, and the seat kinds; and a table's
//! title in the same words as its scene's.

use serde::Serialize;

use catalogue::{GameKind, Level, Roster, Ruleset, Variant};

use crate::WithGame;

/// Every game and seat kind, for a create form.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Offer {
    /// The games, in menu order.
    pub games: Vec<GameOffer>,
    /// The kinds of seat a table may have: a person, or a computer player.
    pub seats: Vec<SeatOffer>,
    /// The computer players' levels, weakest first: a face's level menu.
    pub levels: Vec<SeatOffer>,
    /// The level a face offers first (`medium`).
    pub default_level: &'static str,
    /// The computers' speeds, slowest first, as a table's `speed` names them.
    pub speeds: Vec<SpeedOffer>,
    /// The speed a face offers first: a table that names none plays at it (`normal`
    /// here; a server's `/api/catalogue` says its own `--table-speed`).
    pub default_speed: &'static str,
    /// Every card in words, for a face to name what it draws.
    pub cards: Vec<CardWords>,
    /// The joker in words (Euchre's benny under the joker house rule, whose card a
    /// scene's `joker` names).
    pub joker: Words,
}

/// A card in words.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardWords {
    /// `JH`.
    pub card: cards::Card,
    /// Its words.
    #[serde(flatten)]
    pub words: Words,
}

/// How a card is named.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Words {
    /// In running text, as the scene writes it: `J♥`, `10♠`.
    pub text: String,
    /// In full, for a screen reader or a button's name: `Jack of Hearts`.
    pub name: String,
}

/// One game as a create form offers it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameOffer {
    /// `euchre`.
    pub game: GameKind,
    /// `Euchre`.
    pub title: &'static str,
    /// How many seats, under the default rules.
    pub seats: usize,
    /// The house option whose value is how many sit, where the rules let it change.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seats_option: Option<&'static str>,
    /// Whether the table chooses its points to win (Straights ends at 80).
    pub points_to_win: bool,
    /// Its rules variants, the default first.
    pub variants: Vec<VariantOffer>,
    /// Its house rules, in the order a form lists them.
    pub house: Vec<HouseOffer>,
}

/// A house rule as a create form offers it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HouseOffer {
    /// As `create` names it: `alone`.
    pub name: &'static str,
    /// `Going alone`.
    pub title: &'static str,
    /// What it changes.
    pub summary: &'static str,
    /// Every value it takes, as written.
    pub values: Vec<String>,
    /// Its value under each variant, the default variant first: `[["eecs280", "off"], …]`.
    pub defaults: Vec<(&'static str, String)>,
    /// The published description it follows.
    pub source: &'static str,
}

/// A rules variant in words.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VariantOffer {
    /// As `create` names it: `eecs280`.
    pub rules: &'static str,
    /// `EECS 280 rules`.
    pub title: &'static str,
}

/// A kind of seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeatOffer {
    /// As `create` names it: `open` (a person), a level (`beginner` to `expert`),
    /// `handout`, `random`.
    pub kind: &'static str,
    /// `A person (open seat)`, `Computer: medium`; a level's own `Medium`.
    pub title: String,
}

/// One speed of the computers' play, for a face's menu.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SpeedOffer {
    /// As `create` names it: `normal`.
    pub speed: &'static str,
    /// As the menu shows it: `Normal`.
    pub title: &'static str,
}

/// What a variant says of itself, read from a game of it.
struct VariantWords(u32);

impl WithGame for VariantWords {
    type Output = (&'static str, bool, String);

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        let game = new();
        let sight = crate::Sight::of(&game);
        (
            G::rules_words(&sight.public),
            G::POINTS_TO_WIN,
            crate::title(&sight, self.0),
        )
    }
}

/// A rules variant in words, as its tables' scenes say it: `EECS 280 rules`.
pub fn variant_title(variant: Variant) -> &'static str {
    Ruleset::plain(variant, 10).with_game(VariantWords(10)).0
}

/// Every game and seat kind.
pub fn offer() -> Offer {
    let games = GameKind::ALL
        .into_iter()
        .map(|game| {
            // What each variant says of itself: its rules' words, whether points apply.
            let variants: Vec<(Variant, (&'static str, bool, String))> = Variant::ALL
                .into_iter()
                .filter(|v| v.game() == game)
                .map(|v| (v, Ruleset::plain(v, 10).with_game(VariantWords(10))))
                .collect();
            GameOffer {
                game,
                title: game.title(),
                seats: game.seats(),
                seats_option: game.seats_option(),
                points_to_win: variants[0].1 .1,
                variants: variants
                    .into_iter()
                    .map(|(v, (title, _, _))| VariantOffer {
                        rules: v.rules(),
                        title,
                    })
                    .collect(),
                house: house(game),
            }
        })
        .collect();
    let seat = |kind: &'static str, title: String| SeatOffer { kind, title };
    let level_seat = |level: Level| {
        let strongest = if level == Level::Expert {
            " (the strongest)"
        } else {
            ""
        };
        seat(
            level.name(),
            format!("Computer: {}{strongest}", level.name()),
        )
    };
    let mut seats = vec![seat("open", "A person (open seat)".into())];
    seats.extend(Level::ALL.map(level_seat));
    seats.push(seat("handout", "Computer: the handout's".into()));
    seats.push(seat("random", "Computer: random".into()));
    let capitalised = |name: &str| name[..1].to_uppercase() + &name[1..];
    Offer {
        games,
        seats,
        levels: (Level::ALL.into_iter())
            .map(|l| seat(l.name(), capitalised(l.name())))
            .collect(),
        default_level: Level::Medium.name(),
        speeds: (crate::Speed::ALL.into_iter())
            .map(|speed| SpeedOffer {
                speed: speed.name(),
                title: speed.title(),
            })
            .collect(),
        default_speed: crate::Speed::Normal.name(),
        cards: (cards::Suit::ALL.into_iter())
            .flat_map(|suit| cards::Rank::ALL.map(|rank| cards::Card::new(rank, suit)))
            .map(|card| CardWords {
                card,
                words: Words {
                    text: crate::card_text(card),
                    name: card.long().to_string(),
                },
            })
            .collect(),
        joker: Words {
            text: crate::words::JOKER.into(),
            name: crate::words::JOKER.into(),
        },
    }
}

/// `game`'s house rules with every value and each variant's default.
fn house(game: GameKind) -> Vec<HouseOffer> {
    let variants: Vec<(Variant, Vec<crate::RuleLine>)> = Variant::ALL
        .into_iter()
        .filter(|v| v.game() == game)
        .map(|v| (v, crate::rules_card_of(&Ruleset::plain(v, 10))))
        .collect();
    Ruleset::options(game)
        .iter()
        .map(|o| HouseOffer {
            name: o.name,
            title: o.title,
            summary: o.summary,
            values: o
                .values
                .words
                .iter()
                .map(|w| w.to_string())
                .chain(
                    o.values
                        .numbers
                        .into_iter()
                        .flat_map(|(a, b)| a..=b)
                        .map(|n| n.to_string()),
                )
                .collect(),
            defaults: variants
                .iter()
                .map(|(v, card)| {
                    let line = card.iter().find(|l| l.name == o.name);
                    (v.rules(), line.map_or(String::new(), |l| l.value.clone()))
                })
                .collect(),
            source: o.source,
        })
        .collect()
}

/// What `cardtable rules GAME` prints: the variants, the points to win, and every house
/// rule with its values, its default under each variant and its source.
pub fn rules_text(game: GameKind) -> String {
    let offered = offer();
    let Some(g) = offered.games.iter().find(|g| g.game == game) else {
        return String::new();
    };
    let mut out = format!("{} rules\n\nVariants (--rules NAME):\n", g.title);
    for (i, v) in g.variants.iter().enumerate() {
        let default = if i == 0 { " (default)" } else { "" };
        out += &format!("  {:<10} {}{default}\n", v.rules, v.title);
    }
    if g.points_to_win {
        out += "\nPoints to win (--points N): 1 to 100, default 10.\n";
    }
    out += "\nHouse rules (--house OPTION=VALUE,...; a bare OPTION means on):\n";
    for h in &g.house {
        let defaults: Vec<String> = h
            .defaults
            .iter()
            .map(|(v, value)| format!("{value} ({v})"))
            .collect();
        out += &format!(
            "\n  {} — {}\n    {}\n    values: {}\n    default: {}\n    source: {}\n",
            h.name,
            h.title,
            h.summary,
            h.values.join(", "),
            defaults.join(", "),
            h.source
        );
    }
    out
}

/// A table's title, as its scene's: `Euchre · EECS 280 rules · first to 10 points`.
pub fn title(rules: &Ruleset) -> String {
    rules.with_game(VariantWords(rules.points())).2
}
