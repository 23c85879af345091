use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{Error, GameKind, WithGame};

impl GameKind {
    /// The name commands and records use: `euchre`, `straights`, `teendopanch`.
    pub const fn name(self) -> &'static str {
        self.listing().name
    }

    /// The name people read: `Euchre`, `Straights`, `Teen Do Panch`.
    pub const fn title(self) -> &'static str {
        self.listing().title
    }

    /// How many seats the game has under its default rules.
    pub const fn seats(self) -> usize {
        self.listing().seats
    }

    /// The house option whose value is how many sit, where the rules let it change
    /// (Straights' `players`).
    pub const fn seats_option(self) -> Option<&'static str> {
        self.listing().seats_option
    }

    /// The fewest and most seats the rules allow: the values of [`GameKind::seats_option`]
    /// as the game's house rules list them, or just [`GameKind::seats`].
    pub fn seat_range(self) -> (usize, usize) {
        let listed = self.seats_option().map(|name| {
            let option = crate::Ruleset::options(self)
                .iter()
                .find(|o| o.name == name);
            let values = option.map(|o| o.values.all()).unwrap_or_default();
            values
                .iter()
                .filter_map(|v| v.parse::<usize>().ok())
                .collect::<Vec<_>>()
        });
        let seats = listed.unwrap_or_default();
        match (seats.iter().min(), seats.iter().max()) {
            (Some(&fewest), Some(&most)) => (fewest, most),
            _ => (self.seats(), self.seats()),
        }
    }

    /// The rules variants' names, the default first.
    pub fn variants(self) -> Vec<&'static str> {
        Variant::ALL
            .into_iter()
            .filter(|v| v.game() == self)
            .map(Variant::rules)
            .collect()
    }

    /// Whether the lowest score wins (Straights): the order of the game's standings, and
    /// which way a margin in points counts.
    pub const fn lowest_wins(self) -> bool {
        self.listing().lowest_wins
    }

    /// The computer players' names (`strong:N` besides): the named levels, weakest first,
    /// then the players by kind.
    pub const fn players(self) -> &'static [&'static str] {
        self.listing().players
    }

    /// What a choice must give up against the strong player's pick, in that player's unit,
    /// to be an inaccuracy, a mistake and a blunder (the review's verdicts; the named
    /// levels err on the same scale), as the game declares it.
    pub const fn cost_scale(self) -> [f64; 3] {
        self.listing().cost_scale
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = Error;

    fn from_str(name: &str) -> Result<GameKind, Error> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.name() == name)
            .ok_or_else(|| Error::UnknownGame(name.to_string()))
    }
}

/// A game with one of its rules variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Variant {
    /// EECS 280 Euchre: screw the dealer, no going alone.
    EuchreEecs280,
    /// CS 246 Euchre: a hand nobody makes is thrown in; going alone; renege penalty.
    EuchreCs246,
    /// CS 246 Straights, the only Straights.
    Straights,
    /// Teen Do Panch as its handout states the rules.
    TeenDoPanchHandout,
    /// Teen Do Panch as the handout author's reference solution plays it.
    TeenDoPanchReference,
}

impl Variant {
    /// Every variant, each game's default first.
    pub const ALL: [Variant; 5] = [
        Variant::EuchreEecs280,
        Variant::EuchreCs246,
        Variant::Straights,
        Variant::TeenDoPanchHandout,
        Variant::TeenDoPanchReference,
    ];

    /// The game it is a variant of.
    pub const fn game(self) -> GameKind {
        match self {
            Variant::EuchreEecs280 | Variant::EuchreCs246 => GameKind::Euchre,
            Variant::Straights => GameKind::Straights,
            Variant::TeenDoPanchHandout | Variant::TeenDoPanchReference => GameKind::TeenDoPanch,
        }
    }

    /// The rules' name, as `--rules` and records spell it.
    pub const fn rules(self) -> &'static str {
        let listed = match self {
            Variant::EuchreEecs280 | Variant::TeenDoPanchHandout | Variant::Straights => 0,
            Variant::EuchreCs246 | Variant::TeenDoPanchReference => 1,
        };
        self.game().listing().variants[listed]
    }

    /// `game`'s variant called `rules`, or its default when `rules` is `None`.
    ///
    /// ```
    /// use catalogue::{GameKind, Variant};
    /// assert_eq!(Variant::named(GameKind::Euchre, None), Ok(Variant::EuchreEecs280));
    /// assert!(Variant::named(GameKind::Straights, Some("eecs280")).is_err());
    /// ```
    pub fn named(game: GameKind, rules: Option<&str>) -> Result<Variant, Error> {
        let mut variants = Variant::ALL.into_iter().filter(|v| v.game() == game);
        match rules {
            None => Ok(variants.next().expect("every game has a variant")),
            Some(name) => {
                variants
                    .find(|v| v.rules() == name)
                    .ok_or_else(|| Error::UnknownVariant {
                        game,
                        name: name.to_string(),
                    })
            }
        }
    }

    /// Calls `with.run` with a constructor of a new game of this variant to
    /// `points_to_win` (which Straights, played to 80, ignores), without house rules.
    pub fn with_game<W: WithGame>(self, points_to_win: u32, with: W) -> W::Output {
        crate::Ruleset::plain(self, points_to_win).with_game(with)
    }
}

impl fmt::Display for Variant {
    /// `euchre (eecs280 rules)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({} rules)", self.game(), self.rules())
    }
}
