//! The seat newtype every game defines, written once.

/// Defines a game's seat type: a number from 0 to `$seats - 1`, with `ALL`, `new`
/// (modulo the seat count), `index`, `left` (the next seat in playing order) and a
/// `Display` that adds `$shown_from` (0, or 1 where a handout numbers players from 1).
///
/// ```
/// table::seat!(
///     /// One of three players.
///     pub struct Seat(3, shown from 1)
/// );
/// assert_eq!(Seat::new(2).left(), Seat::new(0));
/// assert_eq!(Seat::new(4).index(), 1);
/// assert_eq!(Seat::ALL.len(), 3);
/// assert_eq!(Seat::new(0).to_string(), "1");
/// ```
///
/// Where the rules choose how many sit (`up to $seats`), there is no `ALL` and no
/// `left`: the game, which knows the count, says who sits and who is next.
///
/// ```
/// table::seat!(
///     /// One of three to eight players.
///     pub struct Player(up to 8, shown from 1)
/// );
/// assert_eq!(Player::new(7).index(), 7);
/// assert_eq!(Player::new(8).index(), 0);
/// ```
#[macro_export]
macro_rules! seat {
    ($(#[$doc:meta])* pub struct $name:ident(up to $seats:literal, shown from $shown_from:literal)) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub struct $name(u8);

        impl $name {
            /// The seat numbered `n`, counted round the table (modulo the seat count, or
            /// the most seats there can be).
            pub const fn new(n: usize) -> $name {
                $name((n % $seats) as u8)
            }

            /// The seat's number, from 0. With a power-of-two count, masked: the mask
            /// tells the compiler what the type guarantees (a seat is below the count),
            /// so arrays of seats are indexed without a bounds check.
            pub const fn index(self) -> usize {
                if ($seats as usize).is_power_of_two() {
                    self.0 as usize & ($seats - 1)
                } else {
                    self.0 as usize
                }
            }
        }

        impl ::std::convert::From<$name> for usize {
            fn from(seat: $name) -> usize {
                seat.index()
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, "{}", self.0 + $shown_from)
            }
        }
    };
    ($(#[$doc:meta])* pub struct $name:ident($seats:literal, shown from $shown_from:literal)) => {
        $crate::seat!($(#[$doc])* pub struct $name(up to $seats, shown from $shown_from));

        impl $name {
            /// Every seat, in playing order from seat 0.
            pub const ALL: [$name; $seats] = {
                let mut all = [$name(0); $seats];
                let mut i = 0;
                while i < $seats {
                    all[i] = $name(i as u8);
                    i += 1;
                }
                all
            };

            /// The left neighbour: the next to play.
            pub const fn left(self) -> $name {
                $name((self.0 + 1) % $seats)
            }
        }
    };
}
