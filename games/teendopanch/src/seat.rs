use std::fmt;

/// One of the three players, numbered 0–2. Play and the deal move left: 0 → 1 → 2 → 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(u8);

impl Seat {
    pub const ALL: [Seat; 3] = [Seat(0), Seat(1), Seat(2)];

    pub const fn new(n: usize) -> Seat {
        Seat((n % 3) as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn left(self) -> Seat {
        Seat((self.0 + 1) % 3)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
