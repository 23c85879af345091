use cards::euchre_order::TrumpOrder;
use cards::{Card, CardSet, Suit};

use table::{Refused, Turn};

use crate::{Action, Actions, Hand, IllegalAction, Phase, Rules, Seat, Trick};

/// The hand in play as everyone at the table may see it: no method gives a seat's cards.
#[derive(Clone, Copy, Debug)]
pub struct PublicHand<'a> {
    hand: &'a Hand,
    scores: [u32; 2],
}

/// What one seat may see: the public hand ([`PublicHand`], which it derefs to), its own
/// cards, and nothing of other hands.
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    public: PublicHand<'a>,
    seat: Seat,
}

table::view_over_public!(PublicHand);

impl<'a> PublicHand<'a> {
    /// Whether the benny was turned up (joker house rule).
    pub fn benny_up(&self) -> bool {
        self.hand.benny_up()
    }

    /// The farmer's hand declared this hand (house rule): who, and the three cards it
    /// showed, now in the kitty.
    pub fn farmer(&self) -> Option<(Seat, CardSet)> {
        self.hand.farmer()
    }

    /// The rules variant.
    pub fn rules(&self) -> &'a Rules {
        self.hand.rules()
    }

    /// Both teams' points.
    pub fn scores(&self) -> [u32; 2] {
        self.scores
    }

    /// The dealer.
    pub fn dealer(&self) -> Seat {
        self.hand.dealer()
    }

    /// The card turned up on the kitty.
    pub fn upcard(&self) -> Card {
        self.hand.upcard()
    }

    /// Where the hand stands.
    pub fn phase(&self) -> Phase {
        self.hand.phase()
    }

    /// Whose move it is.
    pub fn turn(&self) -> Seat {
        self.hand.turn()
    }

    /// The trump suit, once made.
    pub fn trump(&self) -> Option<Suit> {
        self.hand.trump()
    }

    /// The card order, once trump is made.
    pub fn trump_order(&self) -> Option<TrumpOrder> {
        self.hand.trump_order()
    }

    /// Who made trump.
    pub fn maker(&self) -> Option<Seat> {
        self.hand.maker()
    }

    /// Whether the maker goes alone.
    pub fn is_alone(&self) -> bool {
        self.hand.is_alone()
    }

    /// The trick being played.
    pub fn trick(&self) -> &'a Trick {
        self.hand.trick()
    }

    /// How many cards `seat` holds (public: the cards themselves are not).
    pub fn hand_size(&self, seat: Seat) -> usize {
        self.hand.cards(seat).len()
    }

    /// The seat sitting this hand out (a lone maker's partner).
    pub fn sitting_out(&self) -> Option<Seat> {
        self.hand.sitting_out()
    }

    /// The defender playing alone against a lone maker (house rule).
    pub fn lone_defender(&self) -> Option<Seat> {
        self.hand.lone_defender()
    }

    /// Whether `seat` sits this hand out (a lone maker's or lone defender's partner).
    pub fn sits_out(&self, seat: Seat) -> bool {
        self.hand.sits_out(seat)
    }

    /// Tricks `seat` has taken this hand.
    pub fn tricks_won(&self, seat: Seat) -> u8 {
        self.hand.tricks_won(seat)
    }

    /// Every card played to a trick so far.
    pub fn played(&self) -> CardSet {
        self.hand.played()
    }
}

impl<'a> View<'a> {
    pub(crate) fn new(hand: &'a Hand, scores: [u32; 2], seat: Seat) -> View<'a> {
        View {
            public: PublicHand { hand, scores },
            seat,
        }
    }

    /// Whether the seat is the dealer naming trump blind, the benny turned up (joker
    /// house rule): it may not look at its cards, and [`View::cards`] shows none.
    pub fn blind(&self) -> bool {
        self.public.hand.blind(self.seat)
    }

    /// The seat's own cards (six for a dealer who has picked up and not yet discarded;
    /// none for a dealer naming trump blind when the benny is turned up).
    pub fn cards(&self) -> CardSet {
        if self.public.hand.blind(self.seat) {
            return CardSet::EMPTY;
        }
        self.public.hand.cards(self.seat)
    }

    /// Whether this seat deals.
    pub fn is_dealer(&self) -> bool {
        self.seat == self.public.hand.dealer()
    }

    /// The dealer's discard, which only the dealer saw.
    pub fn discard(&self) -> Option<Card> {
        self.is_dealer()
            .then(|| self.public.hand.discard())
            .flatten()
    }

    /// The seat's legal actions: empty unless it is the seat's turn.
    pub fn legal_actions(&self) -> Actions {
        if self.seat == self.public.hand.turn() {
            self.public.hand.legal_actions()
        } else {
            Actions::default()
        }
    }

    /// What the rules say of `action` from this seat: the reason a front end gives a
    /// person whose answer was refused. Off the seat's turn it says whose turn it is and
    /// nothing of the hand to move.
    pub fn check(&self, action: Action) -> Result<(), Refused<IllegalAction>> {
        let turn = self.public.hand.turn();
        if self.seat != turn || self.phase() == Phase::Over {
            let turn = match self.phase() {
                Phase::Over => Turn::Over,
                _ => Turn::Seat(turn.index()),
            };
            return Err(Refused::NotYourTurn { turn });
        }
        self.public.hand.check(action).map_err(Refused::Illegal)
    }

    /// The cards the seat may play now, if it is its turn in a trick.
    pub fn legal_plays(&self) -> CardSet {
        if self.seat == self.public.hand.turn() && self.phase() == Phase::Tricks {
            self.public.hand.legal_plays()
        } else {
            CardSet::EMPTY
        }
    }
}

table::public_game!();

impl<'a> Public<'a> {
    /// The hand in play (or the last one, once over), as everyone sees it.
    pub fn hand(&self) -> Option<PublicHand<'a>> {
        self.game.view(Seat::new(0)).map(|view| view.public())
    }
}
