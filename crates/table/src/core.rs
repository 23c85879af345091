//! The part of a [`Game`](crate::Game) implementation that only hands over to the rules
//! core's own types and methods, written once for every game.

/// Inside `impl table::Game for Game` of a game crate whose types are `crate::Action`,
/// `crate::IllegalAction`, `crate::Outcome`, `crate::View`, `crate::Public` and
/// `crate::Rules`: the associated types, `name`, `rules`, `seats`, `turn` (the core's
/// `turn()` and `is_over()`), `apply` and `apply_legal` (the core's own), `view` (the
/// core's, of a `crate::Seat`, once dealt), `deal` (a shuffle of the pack, a constant array
/// so the shuffle unrolls; with `packs:`, the array the game's rules choose), `pack` and
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
        type Rules = crate::Rules;

        fn name(&self) -> &'static str {
            $name
        }

        fn rules(&self) -> &crate::Rules {
            Self::rules(self)
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

        fn view(&self, seat: usize) -> crate::View<'_> {
            let view = Self::view(self, crate::Seat::new(seat));
            view.expect("views exist once the cards are dealt")
        }
    };
}

/// In a game crate, after `pub struct View<'a>` with fields `seat: crate::Seat` (whose
/// view it is) and `public: $public<'a>` (the part of the seat's view everyone may see):
/// `View` derefs to the public part, `View::public` hands it out alone, for what may be
/// shown to anyone, and `View::seat` says whose view it is.
// `crate::` here is the calling game crate's: its own seat is the point.
#[allow(clippy::crate_in_macro_def)]
#[macro_export]
macro_rules! view_over_public {
    ($public:ident) => {
        impl<'a> std::ops::Deref for View<'a> {
            type Target = $public<'a>;

            fn deref(&self) -> &$public<'a> {
                &self.public
            }
        }

        impl<'a> View<'a> {
            /// The public part alone, for what may be shown to anyone.
            pub fn public(&self) -> $public<'a> {
                self.public
            }

            /// The seat whose view it is.
            pub fn seat(&self) -> crate::Seat {
                self.seat
            }
        }
    };
}

/// In a game crate: `Public<'a>`, the game as everyone at the table may see it (what a
/// spectator knows), over the crate's `Game` with its `rules()` and `needs_deal()`, and
/// `Game::public`. The crate adds what else its table shows (the hand in play).
// `crate::` here is the calling game crate's: its own types are the point.
#[allow(clippy::crate_in_macro_def)]
#[macro_export]
macro_rules! public_game {
    () => {
        /// The game as everyone at the table may see it (what a spectator knows): the
        /// rules and the hand in play without anybody's cards.
        #[derive(Clone, Copy, Debug)]
        pub struct Public<'a> {
            game: &'a crate::Game,
        }

        impl<'a> Public<'a> {
            /// The rules.
            pub fn rules(&self) -> &'a crate::Rules {
                self.game.rules()
            }

            /// Whether the next hand is still to be dealt.
            pub fn needs_deal(&self) -> bool {
                self.game.needs_deal()
            }
        }

        impl crate::Game {
            /// The game as everyone at the table may see it: no seat's cards.
            pub fn public(&self) -> Public<'_> {
                Public { game: self }
            }
        }
    };
}
