use crate::Seat;

/// Whose quota is which.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QuotaRule {
    /// The handout: the maker (dealer's left) 5, the third player 3, the dealer 2.
    ByRole,
    /// The reference solution: player `i`'s quota is `{2, 5, 3}[(i + dealer) % 3]`, right
    /// only when player 0 deals. The player given 5 scores as the maker.
    ReferenceRotation,
}

/// Which short player an over-quota player pulls from first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VictimOrder {
    /// The handout: the lowest-numbered player under quota.
    LowestNumber,
    /// The reference solution: the next player to the left if it is under quota, else
    /// the one after.
    NextLeft,
}

/// Where the reference solution's Simple player departs from the handout's strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SimpleQuirks {
    /// Round one also counts an Ace as a face card (the handout says J, Q or K).
    pub ace_is_face: bool,
    /// Round two names the suit of this card received, counting from 1 (handout: 7th).
    pub round_two_card: usize,
    /// When choosing the card to give back, each suit's lowest card is searched from the
    /// first card in hand whatever its suit, so a lower card of another suit can win.
    pub suit_minimum_from_first_card: bool,
}

/// How the 30 cards are dealt, in packets to each player in turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Packets {
    /// Five, then three, then two (the handout; the maker may pass after five and after eight).
    FiveThreeTwo,
    /// Five, then five (the maker may pass after five and names trump after ten).
    FiveFive,
}

/// What happens when the maker declines to name trump after its first five cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Declined {
    /// The maker gets its next packet and must then name trump (the handout).
    Wait,
    /// The maker's next packet is turned up for all to see and trump is the suit of its
    /// highest card (of the first card, with packets of five: a random one).
    TurnUp,
}

/// Which card a pull takes from the player short of its quota.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PullChoice {
    /// The last card dealt to the victim that it still holds: the handout's
    /// simplification ("the over-quota player will always take the last card dealt").
    LastDealt,
    /// One drawn unseen at random from the victim's cards, as at a real table (pagat.com:
    /// the short player's cards are drawn unseen). Which one is fixed by the shuffle: a
    /// hash of the whole deck's order, which no player knows, so a replay draws the same.
    Unseen,
    /// The one the short player chooses to hand over.
    ShortPlayer,
}

/// Which way the deal, the play and the quotas go round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// To each player's left: 0 → 1 → 2 (the handout).
    Left,
    /// To each player's right: 0 → 2 → 1 (counter-clockwise, as in India and Pakistan).
    Right,
}

/// One rules variant of Teen Do Panch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Points a player needs to win the game.
    pub points_to_win: u32,
    /// Who gets which quota.
    pub quotas: QuotaRule,
    /// Whom a pull takes from first.
    pub victims: VictimOrder,
    /// Players must follow the led suit when able (the reference lets a human play any card).
    pub follow_suit: bool,
    /// A returned card must come from a suit of which the puller holds three or more.
    pub return_from_long_suit: bool,
    /// How the Simple player departs from the handout.
    pub simple: SimpleQuirks,
    /// The packets of the deal.
    pub packets: Packets,
    /// Which way play goes round.
    pub direction: Direction,
    /// The seven of spades, then the seven of hearts, rank above every trump (as trumps).
    pub sevens_high: bool,
    /// What a maker's pass after five cards leads to.
    pub declined: Declined,
    /// Who chooses the card a pull takes.
    pub pull: PullChoice,
}

impl Rules {
    /// The handout's rules.
    pub const fn handout(points_to_win: u32) -> Rules {
        Rules {
            points_to_win,
            quotas: QuotaRule::ByRole,
            victims: VictimOrder::LowestNumber,
            follow_suit: true,
            return_from_long_suit: true,
            simple: SimpleQuirks {
                ace_is_face: false,
                round_two_card: 7,
                suit_minimum_from_first_card: false,
            },
            packets: Packets::FiveThreeTwo,
            direction: Direction::Left,
            sevens_high: false,
            declined: Declined::Wait,
            pull: PullChoice::LastDealt,
        }
    }

    /// The behaviour of the handout author's reference solution, which its published
    /// output shows.
    pub const fn reference(points_to_win: u32) -> Rules {
        Rules {
            points_to_win,
            quotas: QuotaRule::ReferenceRotation,
            victims: VictimOrder::NextLeft,
            follow_suit: false,
            return_from_long_suit: false,
            simple: SimpleQuirks {
                ace_is_face: true,
                round_two_card: 8,
                suit_minimum_from_first_card: true,
            },
            packets: Packets::FiveThreeTwo,
            direction: Direction::Left,
            sevens_high: false,
            declined: Declined::Wait,
            pull: PullChoice::LastDealt,
        }
    }

    /// The cards above trump: the two sevens under that house rule, else none.
    pub const fn tops(&self) -> cards::euchre_order::Tops {
        if self.sevens_high {
            cards::euchre_order::Tops::Sevens
        } else {
            cards::euchre_order::Tops::None
        }
    }

    /// The player after `seat` in the direction of play.
    pub fn after(&self, seat: Seat) -> Seat {
        match self.direction {
            Direction::Left => seat.left(),
            Direction::Right => seat.left().left(),
        }
    }

    /// How many places after the dealer `seat` sits, in the direction of play (the
    /// maker 1, the third player 2, the dealer 0).
    pub fn places_after(&self, dealer: Seat, seat: Seat) -> usize {
        match self.direction {
            Direction::Left => (seat.index() + 3 - dealer.index()) % 3,
            Direction::Right => (dealer.index() + 3 - seat.index()) % 3,
        }
    }

    /// The variants' names, the default first, as `named` reads them.
    pub const NAMES: [&'static str; 2] = ["handout", "reference"];

    /// The variant's name: `handout` or `reference` (by its quota rule).
    pub const fn name(&self) -> &'static str {
        match self.quotas {
            QuotaRule::ByRole => "handout",
            QuotaRule::ReferenceRotation => "reference",
        }
    }

    /// The variant called `name`, played to `points_to_win`.
    ///
    /// ```
    /// use teendopanch::Rules;
    /// assert_eq!(Rules::named("reference", 7), Some(Rules::reference(7)));
    /// assert_eq!(Rules::named("Handout", 7), None);
    /// ```
    pub fn named(name: &str, points_to_win: u32) -> Option<Rules> {
        match name {
            "handout" => Some(Rules::handout(points_to_win)),
            "reference" => Some(Rules::reference(points_to_win)),
            _ => None,
        }
    }
}
