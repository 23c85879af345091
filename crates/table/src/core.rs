//! The part of a [`Game`](crate::Game) implementation that only hands over to the rules
//! core's own types and methods, written once for every game.

/// Inside `impl table::Game for Game` of a game crate whose types are `crate::Action`,
/// `crate::IllegalAction`, `crate::Outcome`, `crate::View` and `crate::Public`: the associated types,
/// `name`, `seats`, `turn` (the core's `turn()` and `is_over()`), `apply` and
/// `apply_legal` (the core's own), `deal` (a shuffle of the pack, a constant array so the
/// shuffle unrolls; with `packs:`, the array the game's rules choose), `pack` and
/// `deal_from` (the core's `deal(&[Card])`). `seats` is a number, or `|game| …` where the
/// rules choose it.
// `crate::` here is the calling game crate's: its own types are the point.
#[allow(clippy::crate_in_macro_def)]
#[macro_export]
macro_rules! hand_over_to_the_core {
    (name: $name:literal, seats: $seats:literal, pack: $pack:path) => {
        $crate::hand_over_to_the_core!(
            name: $name, seats: |_game| $seats, packs: |_game| match (()) { () => $pack }
        );
    };
    // A seat count the rules choose.
    (name: $name:literal, seats: |$seated:ident| $seats:expr, pack: $pack:path) => {
        $crate::hand_over_to_the_core!(
            name: $name, seats: |$seated| $seats, packs: |_game| match (()) { () => $pack }
        );
    };
    (
        name: $name:literal, seats: $seats:literal,
        packs: |$game:ident| match ($which:expr) { $($choice:pat => $pack:path),+ $(,)? }
    ) => {
        $crate::hand_over_to_the_core!(
            name: $name, seats: |_game| $seats,
            packs: |$game| match ($which) { $($choice => $pack),+ }
        );
    };
    // A pack the rules choose: a `match` on the game whose arms name constant arrays;
    // each arm shuffles its own array, so each shuffle still unrolls.
    (
        name: $name:literal, seats: |$seated:ident| $seats:expr,
        packs: |$game:ident| match ($which:expr) { $($choice:pat => $pack:path),+ $(,)? }
    ) => {
        $crate::hand_over_to_the_core!(@common $name);

        fn seats(&self) -> usize {
            let $seated = self;
            $seats
        }

        fn deal(&mut self, rng: &mut $crate::Rng) {
            let $game = &*self;
            match $which {
                $($choice => {
                    let mut deck = $pack;
                    $crate::__cards::shuffle::shuffle_deck(&mut deck, rng);
                    Self::deal(self, &deck);
                })+
            }
        }

        fn pack(&self) -> &'static [$crate::__cards::Card] {
            let $game = self;
            match $which {
                $($choice => &$pack),+
            }
        }
    };
    (@common $name:literal) => {
        type Action = crate::Action;
        type Refusal = crate::IllegalAction;
        type Outcome = crate::Outcome;
        type View<'a> = crate::View<'a>;
        type Public<'a> = crate::Public<'a>;

        fn name(&self) -> &'static str {
            $name
        }

        fn public(&self) -> crate::Public<'_> {
            Self::public(self)
        }

        fn turn(&self) -> $crate::Turn {
            let seat = Self::turn(self).map(|seat| seat.index());
            $crate::Turn::of(seat, || self.is_over())
        }

        fn apply(&mut self, action: Self::Action) -> Result<Self::Outcome, Self::Refusal> {
            Self::apply(self, action)
        }

        #[inline(always)]
        fn apply_legal(&mut self, action: Self::Action) -> Self::Outcome {
            Self::apply_legal(self, action)
        }

        fn deal_from(&mut self, deck: &[$crate::__cards::Card]) {
            Self::deal(self, deck);
        }
    };
}
