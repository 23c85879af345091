table::seat!(
    /// One of the four seats, numbered 0–3 as the handouts number players.
    /// Seat `n + 1` sits to the left of seat `n`; play moves left.
    pub struct Seat(4, shown from 0)
);

/// A partnership: team 0 is seats 0 and 2, team 1 is seats 1 and 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Team(u8);

impl Seat {
    /// The partner, across the table.
    pub const fn partner(self) -> Seat {
        Seat::new(self.index() + 2)
    }

    /// The seat's partnership.
    pub const fn team(self) -> Team {
        Team((self.index() % 2) as u8)
    }
}

impl Team {
    /// Both teams, team 0 first.
    pub const BOTH: [Team; 2] = [Team(0), Team(1)];

    /// The team's number, 0 or 1.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The other team.
    pub const fn other(self) -> Team {
        Team(1 - self.0)
    }

    /// The team's two seats, lower number first.
    pub const fn seats(self) -> [Seat; 2] {
        [Seat::new(self.0 as usize), Seat::new(self.0 as usize + 2)]
    }
}
