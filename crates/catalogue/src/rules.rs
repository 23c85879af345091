//! A table's whole rules: a variant (one of the handouts' presets), the points to win,
//! and house rules on top, validated by the game's rules core when they are built.

use table::house::{House, HouseRule};

use crate::build::EachGame;
use crate::{Error, GameKind, Roster, Variant, WithAnyGame, WithGame, WithGameOf};

/// A variant, its points to win and its house rules, checked: every [`Ruleset`] builds a
/// game. Its house rules are kept as the changes from the variant, in the game's order of
/// options, so two ways of writing the same rules compare equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ruleset {
    variant: Variant,
    points: u32,
    house: Vec<String>,
}

/// A game's rules core's own rules, built.
enum Core {
    Euchre(euchre::Rules),
    Straights(straights::Rules),
    TeenDoPanch(teendopanch::Rules),
}

impl Ruleset {
    /// `variant` to `points` with `house` (`name=value` each) on top, as the rules core
    /// checks them.
    ///
    /// ```
    /// use catalogue::{Ruleset, Variant};
    /// let rules = Ruleset::new(Variant::EuchreCs246, 10, &["alone=off", "partner-alone=off"]).unwrap();
    /// assert_eq!(rules.house(), ["alone=off", "partner-alone=off"]);
    /// let refused = Ruleset::new(Variant::EuchreCs246, 10, &["alone=off"]).unwrap_err();
    /// assert!(refused.to_string().contains("partner-alone"), "{refused}");
    /// ```
    pub fn new<S: AsRef<str>>(
        variant: Variant,
        points: u32,
        house: &[S],
    ) -> Result<Ruleset, Error> {
        let house: Vec<String> = house.iter().map(|s| s.as_ref().to_string()).collect();
        let refused = |error| Error::House {
            game: variant.game(),
            error,
        };
        let house = match core(variant, points, &house).map_err(refused)? {
            Core::Euchre(r) => r.house_rules(),
            Core::Straights(r) => r.house_rules(),
            Core::TeenDoPanch(r) => r.house_rules(),
        };
        Ok(Ruleset {
            variant,
            points,
            house,
        })
    }

    /// `variant` to `points` with a value drawn for every house option from `picks`
    /// (each an index into the option's values; 0 once they run out): what property
    /// tests and fuzzing sample every combination with. A contradiction is refused as
    /// [`Ruleset::new`] refuses it.
    pub fn sampled(
        variant: Variant,
        points: u32,
        picks: impl IntoIterator<Item = usize>,
    ) -> Result<Ruleset, Error> {
        let mut picks = picks.into_iter();
        let options = Ruleset::options(variant.game());
        let house = table::house::assignment_for(options, |_| picks.next().unwrap_or(0));
        Ruleset::new(variant, points, &house)
    }

    /// `variant` to `points`, as its handout plays it.
    pub fn plain(variant: Variant, points: u32) -> Ruleset {
        Ruleset {
            variant,
            points,
            house: Vec::new(),
        }
    }

    /// The variant the house rules change.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Points to win.
    pub fn points(&self) -> u32 {
        self.points
    }

    /// The house rules, as changes from the variant (`alone=off`).
    pub fn house(&self) -> &[String] {
        &self.house
    }

    /// The house rules `game` offers.
    pub fn options(game: GameKind) -> &'static [HouseRule] {
        match game {
            GameKind::Euchre => euchre::Rules::OPTIONS,
            GameKind::Straights => straights::Rules::OPTIONS,
            GameKind::TeenDoPanch => teendopanch::Rules::OPTIONS,
        }
    }

    /// How many sit at a table of these rules (Straights: three to eight, by house rule).
    pub fn seats(&self) -> usize {
        struct Seats;
        impl WithGame for Seats {
            type Output = usize;
            fn run<G: Roster>(
                self,
                new: impl Fn() -> G + Clone + Send + Sync + 'static,
            ) -> Self::Output {
                new().seats()
            }
        }
        self.with_game(Seats)
    }

    /// The game these rules build, of its concrete type: what a layer above the
    /// catalogue (the scene) dispatches on to run its own generic code.
    pub fn game(&self) -> AnyGame {
        match core(self.variant, self.points, &self.house).expect("a ruleset was checked") {
            Core::Euchre(rules) => AnyGame::Euchre(euchre::Game::new(rules)),
            Core::Straights(rules) => AnyGame::Straights(straights::Game::with_rules(rules)),
            Core::TeenDoPanch(rules) => AnyGame::TeenDoPanch(teendopanch::Game::new(rules)),
        }
    }

    /// Calls `with.run` with a constructor of a new game under these rules.
    pub fn with_game<W: WithGame>(&self, with: W) -> W::Output {
        self.with_game_of(EachGame(with))
    }

    /// Calls `with.run` with a constructor of a new game under these rules, of its
    /// concrete type: for work that asks more of the game types than [`Roster`].
    pub fn with_game_of<O>(&self, with: impl WithAnyGame<O>) -> O {
        fn run<G: Roster, W: WithGameOf<G>>(with: W, game: G) -> W::Output {
            with.run(move || game.clone())
        }
        match self.game() {
            AnyGame::Euchre(game) => run(with, game),
            AnyGame::Straights(game) => run(with, game),
            AnyGame::TeenDoPanch(game) => run(with, game),
        }
    }
}

/// The core's rules for `variant` to `points` with `house` on top.
fn core(variant: Variant, points: u32, house: &[String]) -> Result<Core, table::HouseError> {
    let known = "the catalogue's variants are the rules cores' names";
    Ok(match variant.game() {
        GameKind::Euchre => Core::Euchre(
            euchre::Rules::named(variant.rules(), points)
                .expect(known)
                .with_house(house)?,
        ),
        GameKind::Straights => Core::Straights(straights::Rules::HANDOUT.with_house(house)?),
        GameKind::TeenDoPanch => Core::TeenDoPanch(
            teendopanch::Rules::named(variant.rules(), points)
                .expect(known)
                .with_house(house)?,
        ),
    })
}

/// A fresh game of any of the catalogue's kinds, by its concrete type.
#[derive(Clone, Debug)]
pub enum AnyGame {
    /// Euchre.
    Euchre(euchre::Game),
    /// Straights.
    Straights(straights::Game),
    /// Teen Do Panch.
    TeenDoPanch(teendopanch::Game),
}

/// Every variant to `points`, each option of its game set to a value the property test
/// draws; the combinations the rules refuse as contradictions are left out (the games'
/// own tests check which those are).
#[cfg(feature = "proptest")]
pub fn rulesets(points: u32) -> impl proptest::strategy::Strategy<Value = Ruleset> {
    use proptest::prelude::*;
    let variant = proptest::sample::select(Variant::ALL.to_vec());
    let picks = move |v: Variant| {
        let options = Ruleset::options(v.game()).len();
        (Just(v), proptest::collection::vec(any::<usize>(), options))
    };
    variant
        .prop_flat_map(picks)
        .prop_filter_map("a contradiction", move |(v, picks)| {
            Ruleset::sampled(v, points, picks).ok()
        })
}
