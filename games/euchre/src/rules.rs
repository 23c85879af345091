use cards::euchre_order::TrumpOrder;
use cards::{Card, CardSet, Rank, Suit};

/// How the deck is dealt. Both leave the 21st card as the upcard (top of the kitty).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DealStyle {
    /// EECS 280: batches of 3-2-3-2 then 2-3-2-3, starting left of the dealer.
    ThreeTwo,
    /// CS 246: five cards at a time, starting left of the dealer.
    FiveEach,
}

/// Which cards the pack holds: nine to ace in each suit (both handouts), or down to the
/// eights or the sevens (a house rule). Five cards each and the upcard are dealt from
/// any of them; the rest stays in the kitty, unseen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pack {
    /// 24 cards, 9 to A.
    TwentyFour,
    /// 28 cards, 8 to A.
    TwentyEight,
    /// 32 cards, 7 to A (the piquet pack).
    ThirtyTwo,
}

impl Pack {
    /// The pack's cards in new-pack order (9 to A of Spades, Hearts, Clubs, Diamonds for
    /// 24 cards, the EECS 280 handout's order; from the 8s or 7s for the others), without
    /// the joker.
    pub const fn cards(self) -> &'static [Card] {
        match self {
            Pack::TwentyFour => &cards::deck::EECS280_EUCHRE,
            Pack::TwentyEight => &cards::deck::EUCHRE_28,
            Pack::ThirtyTwo => &cards::deck::EUCHRE_32,
        }
    }

    /// The pack's cards as a set, without the joker.
    pub const fn set(self) -> CardSet {
        CardSet::ranks_from(self.lowest())
    }

    /// Its lowest rank.
    pub const fn lowest(self) -> Rank {
        match self {
            Pack::TwentyFour => Rank::Nine,
            Pack::TwentyEight => Rank::Eight,
            Pack::ThirtyTwo => Rank::Seven,
        }
    }
}

/// What happens when all four players pass in the second round of making.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AllPass {
    /// The dealer may not pass and must name a suit (EECS 280).
    ScrewTheDealer,
    /// The hand is thrown in and the deal moves on (CS 246).
    Nullify,
}

/// The handout a set of rules starts from: which handout's computer player sits down,
/// and the name records and `--rules` use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// EECS 280 Euchre.
    Eecs280,
    /// CS 246 Euchre.
    Cs246,
}

/// Who leads the first trick of a hand someone plays alone. Both are readings of the
/// CS 246 handout's footnote 2 (`cs246_euchre::readings`, `alone-leader`); no face offers
/// them as a house rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum LoneLead {
    /// The player left of the dealer leads; one sitting out is passed over, so the
    /// player opposite the dealer leads when the dealer's left sits out (pagat.com).
    #[default]
    DealerLeft,
    /// Footnote 2 word for word: "if the player directly clockwise of the dealer goes
    /// alone, then the player opposite the dealer leads" (and, as above, when that
    /// player sits out).
    OppositeWhenDealerLeftAlone,
}

/// What a hand scores, beyond the single point for three or four tricks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scoring {
    /// The makers take all five tricks.
    pub march: u32,
    /// A lone maker takes all five tricks.
    pub lone_march: u32,
    /// The defenders hold the makers to two tricks or fewer.
    pub euchre: u32,
    /// A lone defender holds a lone maker to two tricks or fewer (house rule).
    pub lone_euchre: u32,
}

impl Scoring {
    /// Every published rule (pagat.com, Hoyle): 2 for a march, 4 alone, 2 for a euchre.
    pub const STANDARD: Scoring = Scoring {
        march: 2,
        lone_march: 4,
        euchre: 2,
        lone_euchre: 4,
    };
}

/// One set of rules: every difference between the handouts' Euchre games, and every
/// house rule, is a field here (see [`table::House`] for their names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The handout these rules start from.
    pub preset: Preset,
    /// Points a team needs to win the game.
    pub points_to_win: u32,
    /// How the cards are dealt.
    pub deal: DealStyle,
    /// What happens when nobody makes trump.
    pub all_pass: AllPass,
    /// Whoever makes trump may play without a partner; a lone march scores 4.
    pub going_alone: bool,
    /// Points the other team gets when a player fails to follow suit though able; `None`
    /// makes such a play illegal instead.
    pub renege_penalty: Option<u32>,
    /// Ordering up one's partner (the dealer) is going alone; the dealer then sits out
    /// and does not pick up the upcard (unless `sitting_out_dealer_picks_up`).
    pub partner_order_up_is_alone: bool,
    /// A dealer ordered up by its lone partner still picks the upcard up and discards
    /// before sitting out: a reading of the CS 246 handout (1.2.3's "must pick up"
    /// against 1.2.5.1's sitting out; `cs246_euchre::readings`, `alone-pickup`). Play
    /// is the same either way: the sitting-out dealer's cards are out of play.
    pub sitting_out_dealer_picks_up: bool,
    /// Who leads the first trick of a lone hand.
    pub lone_lead: LoneLead,
    /// Points for a march, a lone march and a euchre.
    pub scoring: Scoring,
    /// A defender may play alone against a lone maker (house rule).
    pub defend_alone: bool,
    /// A McEvoy (house rule): a player dealt no card above a ten (only nines and tens in
    /// the 24-card pack) may declare it right after the deal, before anyone bids; the
    /// same dealer deals again; each player once a game.
    pub mcevoy: bool,
    /// A farmer's hand (house rule): a player dealt three nines or three tens may show
    /// them right after the deal and swap them for the kitty's three unexposed cards.
    pub farmers_hand: bool,
    /// The cards in play.
    pub pack: Pack,
    /// The joker joins the pack as the highest trump, the benny (house rule; the two of
    /// spades stands for it).
    pub joker: bool,
}

impl Rules {
    /// EECS 280 Euchre: screw the dealer, no going alone, 1–100 points to win.
    pub const fn eecs280(points_to_win: u32) -> Rules {
        Rules {
            preset: Preset::Eecs280,
            points_to_win,
            deal: DealStyle::ThreeTwo,
            all_pass: AllPass::ScrewTheDealer,
            going_alone: false,
            renege_penalty: None,
            partner_order_up_is_alone: false,
            sitting_out_dealer_picks_up: false,
            lone_lead: LoneLead::DealerLeft,
            scoring: Scoring::STANDARD,
            defend_alone: false,
            mcevoy: false,
            farmers_hand: false,
            pack: Pack::TwentyFour,
            joker: false,
        }
    }

    /// CS 246 Euchre: five cards at a time, a hand with no trump is thrown in, going
    /// alone (ordering up one's partner included), 2 points for a renege, 10 to win.
    pub const fn cs246() -> Rules {
        Rules {
            preset: Preset::Cs246,
            points_to_win: 10,
            deal: DealStyle::FiveEach,
            all_pass: AllPass::Nullify,
            going_alone: true,
            renege_penalty: Some(2),
            partner_order_up_is_alone: true,
            ..Rules::eecs280(10)
        }
    }

    /// The cards dealt from: the pack, and the benny under the joker house rule, in
    /// new-pack order.
    pub const fn deck(&self) -> &'static [Card] {
        match (self.pack, self.joker) {
            (Pack::TwentyFour, false) => &cards::deck::EECS280_EUCHRE,
            (Pack::TwentyEight, false) => &cards::deck::EUCHRE_28,
            (Pack::ThirtyTwo, false) => &cards::deck::EUCHRE_32,
            (Pack::TwentyFour, true) => &cards::deck::EUCHRE_25,
            (Pack::TwentyEight, true) => &cards::deck::EUCHRE_29,
            (Pack::ThirtyTwo, true) => &cards::deck::EUCHRE_33,
        }
    }

    /// [`Rules::deck`] as a set.
    pub fn deck_set(&self) -> CardSet {
        let mut set = self.pack.set();
        if self.joker {
            set.insert(cards::euchre_order::BENNY);
        }
        set
    }

    /// The card order once `trump` is named: the bowers, and the benny above them under
    /// the joker house rule.
    pub const fn order(&self, trump: Suit) -> TrumpOrder {
        if self.joker {
            TrumpOrder::euchre_with_benny(trump)
        } else {
            TrumpOrder::euchre(trump)
        }
    }

    /// The variants' names, the default first, as `named` reads them.
    pub const NAMES: [&'static str; 2] = ["eecs280", "cs246"];

    /// The preset's name: `eecs280` or `cs246`, whatever house rules change.
    pub const fn name(&self) -> &'static str {
        match self.preset {
            Preset::Eecs280 => "eecs280",
            Preset::Cs246 => "cs246",
        }
    }

    /// The variant called `name`, played to `points_to_win`.
    ///
    /// ```
    /// use euchre::Rules;
    /// assert_eq!(Rules::named("cs246", 10), Some(Rules::cs246()));
    /// assert_eq!(Rules::named("eecs280", 5).map(|r| r.name()), Some("eecs280"));
    /// assert_eq!(Rules::named("bridge", 10), None);
    /// ```
    pub fn named(name: &str, points_to_win: u32) -> Option<Rules> {
        match name {
            "eecs280" => Some(Rules::eecs280(points_to_win)),
            "cs246" => Some(Rules {
                points_to_win,
                ..Rules::cs246()
            }),
            _ => None,
        }
    }
}
