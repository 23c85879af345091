use std::fmt;

/// A rank, Two (lowest) to Ace (highest), as every handout orders them.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Rank {
    /// 2
    Two,
    /// 3
    Three,
    /// 4
    Four,
    /// 5
    Five,
    /// 6
    Six,
    /// 7
    Seven,
    /// 8
    Eight,
    /// 9
    Nine,
    /// 10 (`T` in short notation)
    Ten,
    /// J
    Jack,
    /// Q
    Queen,
    /// K
    King,
    /// A, high in every game here
    Ace,
}

impl Rank {
    /// Every rank, lowest first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank's number, Two = 0 to Ace = 12.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank numbered `index`, if there is one.
    pub const fn from_index(index: usize) -> Option<Rank> {
        if index < 13 {
            Some(Rank::ALL[index])
        } else {
            None
        }
    }

    /// The word the EECS 280 handouts print: `Nine`.
    pub const fn name(self) -> &'static str {
        match self {
            Rank::Two => "Two",
            Rank::Three => "Three",
            Rank::Four => "Four",
            Rank::Five => "Five",
            Rank::Six => "Six",
            Rank::Seven => "Seven",
            Rank::Eight => "Eight",
            Rank::Nine => "Nine",
            Rank::Ten => "Ten",
            Rank::Jack => "Jack",
            Rank::Queen => "Queen",
            Rank::King => "King",
            Rank::Ace => "Ace",
        }
    }

    /// The one-character notation of the CS 246 handouts: `2`…`9`, `T`, `J`, `Q`, `K`, `A`.
    pub const fn symbol(self) -> char {
        b"23456789TJQKA"[self as usize] as char
    }

    /// Accepts the symbol in either case (`t` or `T`).
    pub fn from_symbol(symbol: char) -> Option<Rank> {
        let upper = symbol.to_ascii_uppercase();
        Rank::ALL.into_iter().find(|r| r.symbol() == upper)
    }

    /// The rank a handout spells out (`Nine`).
    pub fn from_name(name: &str) -> Option<Rank> {
        Rank::ALL.into_iter().find(|r| r.name() == name)
    }

    /// Face value as Straights scores it: Ace 1, Two 2, …, King 13.
    pub const fn pips(self) -> u32 {
        match self {
            Rank::Ace => 1,
            other => other as u32 + 2,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
