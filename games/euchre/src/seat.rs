use std::fmt;

/// One of the four seats, numbered 0–3 as the handouts number players.
/// Seat `n + 1` sits to the left of seat `n`; play moves left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(u8);

/// A partnership: team 0 is seats 0 and 2, team 1 is seats 1 and 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Team(u8);

impl Seat {
    pub const ALL: [Seat; 4] = [Seat(0), Seat(1), Seat(2), Seat(3)];

    /// The seat numbered `n` (taken modulo 4).
    pub const fn new(n: usize) -> Seat {
        Seat((n % 4) as u8)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The left neighbour: the next to act.
    pub const fn left(self) -> Seat {
        Seat((self.0 + 1) % 4)
    }

    pub const fn partner(self) -> Seat {
        Seat((self.0 + 2) % 4)
    }

    pub const fn team(self) -> Team {
        Team(self.0 % 2)
    }
}

impl Team {
    pub const BOTH: [Team; 2] = [Team(0), Team(1)];

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn other(self) -> Team {
        Team(1 - self.0)
    }

    /// The team's two seats, lower number first.
    pub const fn seats(self) -> [Seat; 2] {
        [Seat(self.0), Seat(self.0 + 2)]
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
