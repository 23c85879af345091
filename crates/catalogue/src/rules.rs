//! A table's whole rules: a variant (one of the handouts' presets), the points to win,
//! and house rules on top, validated by the game's rules core when they are built.

use table::house::HouseRule;

use crate::build::EachGame;
use crate::{AnyGame, Error, GameKind, Roster, Variant, WithAnyGame, WithGame};

/// A variant, its points to win and its house rules, checked: every [`Ruleset`] builds a
/// game. Its house rules are kept as the changes from the variant, in the game's order of
/// options, so two ways of writing the same rules compare equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ruleset {
    variant: Variant,
    points: u32,
    house: Vec<String>,
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
        let house = crate::games::house_rules(variant, points, &house).map_err(refused)?;
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
        game.options()
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
        crate::games::game(self.variant, self.points, &self.house)
    }

    /// Calls `with.run` with a constructor of a new game under these rules.
    pub fn with_game<W: WithGame>(&self, with: W) -> W::Output {
        self.with_game_of(EachGame(with))
    }

    /// Calls `with.run` with a constructor of a new game under these rules, of its
    /// concrete type: for work that asks more of the game types than [`Roster`].
    pub fn with_game_of<O>(&self, with: impl WithAnyGame<O>) -> O {
        crate::games::with_game_of(self.game(), with)
    }
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
