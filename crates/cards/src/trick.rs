//! A trick in progress, shared by the trick-taking games.

use crate::euchre_order::TrumpOrder;
use crate::Card;

/// The two rounds of making trump in the Euchre family: in Euchre the upcard's suit may
/// be ordered up in round one and any other suit named in round two; in Teen Do Panch the
/// maker names trump after five cards (round one, where it may pass) or after eight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Round {
    /// The first chance to make trump, where passing is allowed.
    One,
    /// The second and last chance.
    Two,
}

/// The trick being played: who led and the cards so far, in playing order.
///
/// `S` is the game's seat type and `N` its number of players; a full trick holds `N` cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trick<S, const N: usize> {
    leader: S,
    /// The first `len` are the plays; the rest stay as `new` filled them, so equal tricks
    /// compare and hash equal. No `Option` a slot: every play would pay for the tag.
    plays: [(S, Card); N],
    len: u8,
}

impl<S: Copy, const N: usize> Trick<S, N> {
    /// An empty trick that `leader` leads.
    pub fn new(leader: S) -> Self {
        Trick {
            leader,
            plays: [(leader, Card::new(crate::Rank::Two, crate::Suit::Spades)); N],
            len: 0,
        }
    }

    /// Adds `seat`'s card. The rules engine calls this only while the trick is short of full.
    pub fn push(&mut self, seat: S, card: Card) {
        debug_assert!(!self.is_full(), "a full trick takes no more cards");
        self.plays[self.len as usize] = (seat, card);
        self.len += 1;
    }

    /// The seat that leads (or led) the trick.
    pub fn leader(&self) -> S {
        self.leader
    }

    /// The cards played so far with who played them, in playing order.
    pub fn plays(&self) -> impl Iterator<Item = (S, Card)> + '_ {
        self.plays[..self.len as usize].iter().copied()
    }

    /// The card led, once one is.
    pub fn led(&self) -> Option<Card> {
        (self.len > 0).then(|| self.plays[0].1)
    }

    /// The card led, or `card` while none is: a select, not a branch (random play would
    /// mispredict whether the trick is new).
    pub fn led_or(&self, card: Card) -> Card {
        let first = self.plays[0].1;
        if self.len > 0 {
            first
        } else {
            card
        }
    }

    /// How many cards were played.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no card was played yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// All `N` seats have played. A trick with a seat sitting out (euchre's lone hand) ends
    /// sooner; the game's rules say when.
    pub fn is_full(&self) -> bool {
        self.len as usize == N
    }

    /// The play winning so far under `order` (trump, then the led suit), if any card was played.
    pub fn winning(&self, order: TrumpOrder) -> Option<(S, Card)> {
        // A plain loop: the iterator version cost four times as much, and every trick
        // of every simulated hand asks this. Keys are distinct, so ties cannot arise,
        // and each key goes above its play's place so that the best is a maximum, not a
        // branch that random play would mispredict.
        let first = self.plays[..self.len as usize].first()?;
        let led = order.suit_of(first.1);
        let mut best = 0;
        for (place, play) in self.plays[..self.len as usize].iter().enumerate() {
            best = best.max((u16::from(order.led_key(play.1, led)) << 8) | place as u16);
        }
        Some(self.plays[usize::from(best & 0xFF)])
    }

    /// The play winning so far where nothing is trump (Hearts, Spades before it is
    /// broken aside: a no-trump deal): the highest card of the suit led, ace high, if any
    /// card was played. No card of another suit can win.
    pub fn winning_led(&self) -> Option<(S, Card)> {
        let plays = &self.plays[..self.len as usize];
        let led = plays.first()?.1.suit();
        (plays.iter().copied())
            .filter(|(_, card)| card.suit() == led)
            .max_by_key(|(_, card)| card.rank())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Suit;
    use testkit::parse as card;

    /// A trick led by seat 0 with `cards` played in seat order (`"JD AD 9H"`).
    fn played<const N: usize>(cards: &str) -> Trick<u8, N> {
        let mut trick = Trick::new(0);
        for (seat, c) in (0..).zip(cards.split_whitespace()) {
            trick.push(seat, card(c));
        }
        trick
    }

    #[test]
    fn empty_trick_has_no_winner() {
        let trick: Trick<u8, 4> = Trick::new(2);
        assert!(trick.is_empty());
        assert_eq!(trick.led(), None);
        assert_eq!(trick.winning(TrumpOrder::euchre(Suit::Spades)), None);
    }

    #[test]
    fn left_bower_led_makes_trump_the_led_suit() {
        // Hearts trump: the jack of diamonds led is trump, so the ace of diamonds cannot win.
        let trick: Trick<u8, 4> = played("JD AD 9H JH");
        assert!(trick.is_full());
        assert_eq!(
            trick.winning(TrumpOrder::euchre(Suit::Hearts)),
            Some((3, card("JH")))
        );
        let seats: Vec<u8> = trick.plays().map(|(seat, _)| seat).collect();
        assert_eq!(seats, [0, 1, 2, 3]);
    }

    #[test]
    fn the_right_bower_beats_the_left_whichever_jack_is_numbered_higher() {
        // Spades trump: the right bower is JS, the left JC. A card's number puts clubs
        // above spades, so only the bower order makes JS win; hearts were led.
        let spades = TrumpOrder::euchre(Suit::Spades);
        let trick: Trick<u8, 4> = played("9H JC JS AH");
        assert_eq!(trick.winning(spades), Some((2, card("JS"))));
        // Played the other way round, the right bower still wins.
        let trick: Trick<u8, 4> = played("JS JC AS KS");
        assert_eq!(trick.winning(spades), Some((0, card("JS"))));
    }

    #[test]
    fn a_led_left_bower_is_trump_not_its_printed_suit() {
        // Clubs trump, the left bower JS led: it counts as a club, so the trump KC played
        // after it does not beat it, and the ace of spades does not follow it. Were JS read
        // as a spade, AS would beat it on the led suit, or KC would trump it.
        let trick: Trick<u8, 4> = played("JS AS KC AC");
        assert_eq!(
            trick.winning(TrumpOrder::euchre(Suit::Clubs)),
            Some((0, card("JS")))
        );
    }

    /// With no trump the highest card of the suit led takes the trick, ace high (pagat.com,
    /// Hearts: "the trick is won by the highest card of the suit led"); a higher card of
    /// another suit does not.
    #[test]
    fn with_no_trump_the_highest_of_the_suit_led_wins() {
        let trick: Trick<u8, 4> = Trick::new(0);
        assert_eq!(trick.winning_led(), None);
        assert_eq!(
            played::<4>("9H AS 2H KH").winning_led(),
            Some((3, card("KH")))
        );
        assert_eq!(
            played::<4>("TD 2D AD QD").winning_led(),
            Some((2, card("AD")))
        );
        assert_eq!(
            played::<4>("3C AH AS AD").winning_led(),
            Some((0, card("3C")))
        );
        assert_eq!(played::<3>("JD TD").winning_led(), Some((0, card("JD"))));
    }

    #[test]
    fn without_bowers_a_jack_follows_its_own_suit() {
        // Hearts trump, no bowers: the jack of diamonds leads diamonds and the ace beats it.
        let hearts = TrumpOrder::without_bowers(Suit::Hearts);
        let winning = played::<3>("JD AD 2S").winning(hearts);
        assert_eq!(winning, Some((1, card("AD"))));
    }
}
