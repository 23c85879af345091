use std::fmt;

/// One of the four players, numbered 0–3 here and printed 1–4 as the handout does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(u8);

impl Seat {
    pub const ALL: [Seat; 4] = [Seat(0), Seat(1), Seat(2), Seat(3)];

    pub const fn new(n: usize) -> Seat {
        Seat((n % 4) as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next to play: Player 1 → 2 → 3 → 4 → 1.
    pub const fn next(self) -> Seat {
        Seat((self.0 + 1) % 4)
    }
}

impl fmt::Display for Seat {
    /// The handout's 1-based number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}
