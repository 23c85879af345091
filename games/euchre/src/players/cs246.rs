//! The CS 246 computer player (handout section 2.2.2), rule by rule.
//!
//! Wherever the handout leaves a choice between suits it prefers hearts, then diamonds,
//! then spades, then clubs (H > D > S > C). Readings of unclear rules are listed in
//! docs/euchre-cs246.md.

use std::cmp::Reverse;

use cards::euchre_order::TrumpOrder;
use cards::{Card, CardSet, Rank, Suit};

use crate::{Action, Game, Leave, Phase, Player, Round, View};

/// The CS 246 handout's computer player. It keeps no memory between decisions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cs246;

impl Player<Game> for Cs246 {
    fn act(&mut self, view: &View<'_>) -> Result<Action, Leave> {
        Ok(decide(view))
    }
}

/// Suits in the handout's order of preference.
pub const PREFERENCE: [Suit; 4] = [Suit::Hearts, Suit::Diamonds, Suit::Spades, Suit::Clubs];

fn preference(suit: Suit) -> usize {
    PREFERENCE.iter().position(|&s| s == suit).unwrap()
}

/// The lowest-ranked card, hearts first among equal ranks.
fn lowest_ranked(cards: CardSet) -> Option<Card> {
    cards
        .iter()
        .min_by_key(|c| (c.rank(), preference(c.suit())))
}

/// The highest-ranked card, hearts first among equal ranks.
fn highest_ranked(cards: CardSet) -> Option<Card> {
    cards
        .iter()
        .max_by_key(|c| (c.rank(), Reverse(preference(c.suit()))))
}

/// The first card in suit preference (for aces, all of one rank).
fn preferred(cards: CardSet) -> Option<Card> {
    cards.iter().min_by_key(|c| preference(c.suit()))
}

/// What a hand holds for one candidate trump suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Strength {
    right: bool,
    left: bool,
    /// Trump cards, bowers included.
    trump: usize,
    trump_ace: bool,
    /// Aces of the other suits ("outside" aces).
    off_aces: usize,
    /// Suits present, counting the left bower as trump.
    suits: usize,
}

impl Strength {
    fn of(cards: CardSet, trump: Suit) -> Strength {
        let order = TrumpOrder::euchre(trump);
        let trumps = cards.intersection(order.cards_of(trump));
        let aces = cards.iter().filter(|c| c.rank() == Rank::Ace);
        let mut suits = [false; 4];
        for card in cards {
            suits[order.suit_of(card).index()] = true;
        }
        Strength {
            right: cards.iter().any(|c| order.is_right_bower(c)),
            left: cards.iter().any(|c| order.is_left_bower(c)),
            trump: trumps.len(),
            trump_ace: trumps.contains(Card::new(Rank::Ace, trump)),
            off_aces: aces.filter(|c| !order.is_trump(*c)).count(),
            suits: suits.iter().filter(|&&s| s).count(),
        }
    }

    /// Trump cards besides the named bowers.
    fn other_trump(&self, besides: usize) -> usize {
        self.trump.saturating_sub(besides)
    }
}

/// The computer player's action for the seat to move.
pub fn decide(view: &View<'_>) -> Action {
    if view.blind() {
        return super::blind_call();
    }
    match view.phase() {
        Phase::Making(Round::One) => within_house_rules(view, order_up(view)),
        Phase::Making(Round::Two) => within_house_rules(view, declare(view)),
        // The handout has no defending alone: its player always plays with its partner.
        Phase::Defending | Phase::Declaring => Action::Pass,
        Phase::Discard => {
            let trump = view.trump().expect("trump is made before the discard");
            Action::Discard(discard(view.cards(), trump))
        }
        Phase::Tricks | Phase::Over => {
            let order = view.trump_order().expect("tricks are played with trump");
            Action::Play(match view.trick().led() {
                None => lead(view, order),
                Some(_) => follow(view, order),
            })
        }
    }
}

/// The handout's bid where house rules allow it. Where they do not (its rules always
/// do): a lone bid without going alone is the same bid with the partner, and a stuck
/// dealer's pass names the suit it holds most trump in (the handout's suit order breaks
/// ties).
fn within_house_rules(view: &View<'_>, action: Action) -> Action {
    let rules = view.rules();
    let action = match action {
        Action::OrderUp { .. } if !rules.going_alone => Action::OrderUp { alone: false },
        Action::Call { suit, .. } if !rules.going_alone => Action::Call { suit, alone: false },
        other => other,
    };
    let stuck = rules.all_pass == crate::AllPass::ScrewTheDealer
        && view.is_dealer()
        && view.phase() == Phase::Making(Round::Two);
    match action {
        Action::Pass if stuck => {
            let suit = PREFERENCE
                .into_iter()
                .filter(|&s| s != view.upcard().suit())
                .max_by_key(|&s| {
                    (
                        Strength::of(view.cards(), s).trump,
                        std::cmp::Reverse(preference(s)),
                    )
                })
                .expect("three suits remain");
            Action::Call { suit, alone: false }
        }
        other => other,
    }
}

/// 2.2.2.1: accept the top card's suit as trump, alone or not, or pass.
fn order_up(view: &View<'_>) -> Action {
    let trump = view.upcard().suit();
    let seat = view.seat();
    let cards = view.cards();
    if view.is_dealer() {
        // The dealer judges the hand it would end up with after picking up and discarding.
        let mut kept = cards;
        kept.insert(view.upcard());
        kept.remove(discard(kept, trump));
        let s = Strength::of(kept, trump);
        let others = |bowers| s.other_trump(bowers);
        if s.right && (others(1) >= 3 || (others(1) >= 2 && s.off_aces >= 1)) {
            return Action::OrderUp { alone: true };
        }
        let with_right = s.right && (others(1) >= 2 || (others(1) >= 1 && s.off_aces >= 1));
        let with_left = s.left && (others(1) >= 2 || (others(1) >= 1 && s.off_aces >= 1));
        return if with_right || with_left {
            Action::OrderUp { alone: false }
        } else {
            Action::Pass
        };
    }
    let s = Strength::of(cards, trump);
    if seat.partner() == view.dealer() {
        // Ordering up one's partner is going alone.
        let both = s.right && s.left && (s.trump_ace || s.off_aces >= 1);
        let left = s.left && (s.other_trump(1) >= 2 || (s.other_trump(1) >= 1 && s.off_aces >= 1));
        return if both || left {
            Action::OrderUp { alone: true }
        } else {
            Action::Pass
        };
    }
    if s.right && s.left && s.off_aces >= 1 && s.other_trump(2) >= 1 {
        Action::OrderUp { alone: true }
    } else if s.right && s.other_trump(1) >= 1 && s.off_aces >= 1 {
        Action::OrderUp { alone: false }
    } else {
        Action::Pass
    }
}

/// 2.2.2.2: name a suit other than the turned-down one, alone or not, or pass.
fn declare(view: &View<'_>) -> Action {
    let mut cards = view.cards();
    if view.is_dealer() {
        cards.insert(view.upcard());
    }
    let candidates = PREFERENCE
        .into_iter()
        .filter(|&s| s != view.upcard().suit());
    let alone = |s: &Strength| {
        s.right && s.left && (s.other_trump(2) >= 1 || s.suits == 2 || s.off_aces >= 1)
    };
    let declare = |s: &Strength| {
        (s.right && (s.other_trump(1) >= 2 || (s.other_trump(1) >= 1 && s.off_aces >= 1)))
            || (s.left && (s.other_trump(1) >= 3 || (s.other_trump(1) >= 2 && s.off_aces >= 1)))
            || (s.trump >= 5 && !s.right && !s.left)
    };
    for suit in candidates.clone() {
        if alone(&Strength::of(cards, suit)) {
            return Action::Call { suit, alone: true };
        }
    }
    for suit in candidates {
        if declare(&Strength::of(cards, suit)) {
            return Action::Call { suit, alone: false };
        }
    }
    Action::Pass
}

/// 2.2.2.3: the lowest-ranked non-trump card, else the lowest trump.
fn discard(cards: CardSet, trump: Suit) -> Card {
    let order = TrumpOrder::euchre(trump);
    let plain = cards.difference(order.cards_of(trump));
    lowest_ranked(plain)
        .or_else(|| order.lowest(cards))
        .expect("the dealer holds cards")
}

/// 2.2.2.4: the lead, by who called trump.
fn lead(view: &View<'_>, order: TrumpOrder) -> Card {
    let cards = view.cards();
    let trump = order.trump();
    let trumps = cards.intersection(order.cards_of(trump));
    let off = cards.difference(trumps);
    let off_aces: CardSet = off.iter().filter(|c| c.rank() == Rank::Ace).collect();
    let right = Card::new(Rank::Jack, trump);
    let maker = view.maker().expect("trump is made");
    let choice = if maker == view.seat() {
        order
            .highest(trumps)
            .or_else(|| preferred(off_aces))
            .or_else(|| highest_ranked(off))
    } else if maker == view.seat().partner() {
        let opposite: CardSet = off
            .iter()
            .filter(|c| c.suit().color() != trump.color())
            .collect();
        if cards.contains(right) {
            Some(right)
        } else {
            order
                .lowest(trumps)
                .or_else(|| preferred(off_aces))
                .or_else(|| lowest_ranked(opposite))
                .or_else(|| lowest_ranked(off))
        }
    } else {
        let ace_first = if cards.contains(right) {
            preferred(off_aces)
        } else {
            None
        };
        ace_first
            .or_else(|| highest_ranked(off))
            .or_else(|| order.highest(trumps))
    };
    choice.expect("a leader holds a card")
}

/// 2.2.2.5: following, by whether the partner holds the trick.
fn follow(view: &View<'_>, order: TrumpOrder) -> Card {
    let cards = view.cards();
    let trick = view.trick();
    let led = order.suit_of(trick.led().expect("a card was led"));
    let (winner, best) = trick.winning(order).expect("a card was led");
    let key = |card: Card| order.led_key(card, led);
    let beats = |card: Card| key(card) > key(best);
    let alone = view.is_alone() && view.maker() == Some(view.seat());
    let partner_has_it = !alone && winner == view.seat().partner();
    let following = cards.intersection(order.cards_of(led));
    if !following.is_empty() {
        let high = order.highest_led(following, led).unwrap();
        let low = order.lowest_led(following, led).unwrap();
        return match (partner_has_it, beats(high), key(low) < key(best)) {
            (false, true, _) => high,
            (false, false, _) => low,
            (true, _, true) => low,
            (true, _, false) => high,
        };
    }
    let trumps = cards.intersection(order.cards_of(order.trump()));
    if !partner_has_it && !trumps.is_empty() {
        let players = if view.is_alone() { 3 } else { 4 };
        let last = trick.len() == players - 1;
        let winning: CardSet = trumps.iter().filter(|&c| beats(c)).collect();
        let choice = if last {
            order.lowest(winning)
        } else {
            order.highest(trumps).filter(|&c| beats(c))
        };
        if let Some(card) = choice {
            return card;
        }
    }
    throw_off(cards, order)
}

/// Void a suit if one card would do it (suit preference), else the smallest off-suit
/// card, else the lowest trump.
fn throw_off(cards: CardSet, order: TrumpOrder) -> Card {
    let off = cards.difference(order.cards_of(order.trump()));
    let singleton = PREFERENCE
        .into_iter()
        .filter(|&s| s != order.trump())
        .map(|s| off.intersection(order.cards_of(s)))
        .find(|in_suit| in_suit.len() == 1);
    singleton
        .and_then(CardSet::first)
        .or_else(|| lowest_ranked(off))
        .or_else(|| order.lowest(cards))
        .expect("a follower holds a card")
}

#[cfg(test)]
mod tests {
    //! One test per rule of section 2.2.2, on hands worked out by hand.
    use super::*;
    use crate::{Game, Making, Outcome, Position, Rules, Seat};

    fn cards(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    /// A game at the start of a hand (or of its first trick, if `making` is given), with
    /// the listed hands completed to five cards from the unused Euchre cards.
    fn game(
        dealer: usize,
        turn: usize,
        making: Option<(Suit, usize, bool)>,
        upcard: &str,
        hands: [&str; 4],
    ) -> Game {
        let mut hands = hands.map(cards);
        let taken = hands.iter().fold(cards(upcard), |all, &h| all.union(h));
        let mut unused = cards::deck::eecs280_euchre()
            .into_iter()
            .filter(|&c| !taken.contains(c));
        for hand in &mut hands {
            while hand.len() < 5 {
                hand.insert(unused.next().unwrap());
            }
        }
        let position = Position {
            scores: [0, 0],
            dealer: Seat::new(dealer),
            turn: Seat::new(turn),
            making: making.map(|(trump, maker, alone)| Making {
                trump,
                maker: Seat::new(maker),
                alone,
            }),
            round: crate::Round::One,
            upcard: card(upcard),
            hands,
            won: [CardSet::EMPTY; 4],
            discard: None,
            plays: Vec::new(),
        };
        Game::from_position(Rules::cs246(), &position).unwrap()
    }

    fn decision(game: &Game) -> Action {
        decide(&game.view(game.turn().unwrap()).unwrap())
    }

    /// Plays `plays` in turn, then asks the next player.
    fn follow_after(mut game: Game, plays: &[&str]) -> Action {
        for play in plays {
            let outcome = game.apply(Action::Play(card(play))).unwrap();
            assert_eq!(outcome, Outcome::Continue, "{play} is a plain play");
        }
        decision(&game)
    }

    const ALONE: Action = Action::OrderUp { alone: true };
    const ORDER: Action = Action::OrderUp { alone: false };
    const PASS: Action = Action::Pass;

    fn call(suit: Suit, alone: bool) -> Action {
        Action::Call { suit, alone }
    }

    fn play(text: &str) -> Action {
        Action::Play(card(text))
    }

    /// Checks each `(rule, got, expected)`, naming the rule that failed.
    fn check<const N: usize>(cases: [(&str, Action, Action); N]) {
        for (rule, got, expected) in cases {
            assert_eq!(got, expected, "{rule}");
        }
    }

    // 2.2.2.1 Proposed trump (9H turned up, seat 0 deals).
    #[test]
    fn round_one_before_the_dealer() {
        let asked = |seat: usize, hand| {
            let mut hands = ["", "", "", ""];
            hands[seat] = hand;
            decision(&game(0, seat, None, "9H", hands))
        };
        #[rustfmt::skip]
        let cases = [
            ("dealer's partner: both bowers and an ace, alone", asked(2, "JH JD AS 9C TC"), ALONE),
            ("dealer's partner: left bower and two more trump, alone", asked(2, "JD QH KH 9S 9C"), ALONE),
            ("dealer's partner: the right bower but no left, pass", asked(2, "JH QH KH AS 9C"), PASS),
            ("opponent: bowers, trump and an ace, alone", asked(1, "JH JD TH AS 9C"), ALONE),
            ("opponent: right bower, trump and an ace, order up", asked(1, "JH TH AS 9C TC"), ORDER),
            ("opponent: no right bower, pass", asked(1, "JD QH AH AS KC"), PASS),
        ];
        check(cases);
    }

    #[test]
    fn round_one_the_dealer_judges_the_hand_it_would_keep() {
        let asked = |hands| {
            let mut g = game(0, 1, None, "9H", hands);
            for _ in 0..3 {
                g.apply(Action::Pass).unwrap();
            }
            decision(&g)
        };
        #[rustfmt::skip]
        let cases = [
            // Picks up 9H and discards 9C: JH TH QH 9H AS.
            ("right bower and three trump: alone", asked(["JH TH QH AS 9C", "", "", ""]), ALONE),
            // Picks up 9H and discards 9C: JD TH 9H AS TC.
            ("left bower and two more trump: picks up", asked(["JD TH AS 9C TC", "9S TS QS KS AC", "9D TD QD KD AD", "JS JC QC KC QH"]), ORDER),
            // Picks up 9H and discards 9S (a nine; spades before clubs): JD 9C TC QD 9H,
            // the left bower and one more trump but no ace.
            ("a weak kept hand: passes", asked(["JD 9S 9C TC QD", "AS TS QS KS AC", "TD KD AD 9D KH", "JS JC QC KC QH"]), PASS),
        ];
        check(cases);
    }

    /// Round two after everyone passed the top card `upcard`, with `seat` to declare.
    fn round_two(dealer: usize, seat: usize, upcard: &str, hand: &str) -> Action {
        let mut hands = ["", "", "", ""];
        hands[seat] = hand;
        let mut g = game(dealer, dealer + 1, None, upcard, hands);
        while g.turn() != Some(Seat::new(seat))
            || g.hand().unwrap().phase() == Phase::Making(Round::One)
        {
            g.apply(Action::Pass).unwrap();
        }
        decision(&g)
    }

    // 2.2.2.2 Declaring trump.
    #[test]
    fn round_two_declaring() {
        #[rustfmt::skip]
        let cases = [
            ("footnote 5: hearts over diamonds, alone", round_two(0, 1, "9S", "JH JD AH AD 9C"), call(Suit::Hearts, true)),
            ("right bower and two other trump", round_two(0, 1, "9S", "JC QC KC 9H TD"), call(Suit::Clubs, false)),
            ("five trump without bowers", round_two(0, 1, "9S", "AD KD QD TD 9D"), call(Suit::Diamonds, false)),
            ("a weak hand passes", round_two(0, 1, "9S", "9H TD QC KC AH"), PASS),
            // With the AS the dealer has the right bower, one other trump and an outside ace.
            ("the dealer counts the turned-down card", round_two(0, 0, "AS", "JH QH 9C TC KD"), call(Suit::Hearts, false)),
            ("another seat does not", round_two(0, 2, "AS", "JH QH 9C TC KD"), PASS),
        ];
        check(cases);
    }

    // 2.2.2.3 Discarding.
    #[test]
    fn discarding() {
        let cases = [
            (
                "lowest non-trump, diamonds before clubs",
                "JH QH 9C 9D AS 9H",
                "9D",
            ),
            ("lowest trump when all are trump", "JH JD AH KH QH 9H", "9H"),
        ];
        for (rule, hand, expected) in cases {
            assert_eq!(discard(cards(hand), Suit::Hearts), card(expected), "{rule}");
        }
    }

    // 2.2.2.4 Leading (spades trump, seat 1 leads).
    #[test]
    fn leading() {
        let led = |maker: usize, hand| {
            let mut hands = ["", "", "", ""];
            hands[1] = hand;
            decision(&game(0, 1, Some((Suit::Spades, maker, false)), "9H", hands))
        };
        #[rustfmt::skip]
        let cases = [
            ("the maker leads its highest trump", led(1, "JC AS 9D AH KH"), play("JC")),
            ("the maker out of trump leads an ace", led(1, "AD AH KC 9C QD"), play("AH")),
            ("… else its highest card", led(1, "KD KH 9C QD TC"), play("KH")),
            ("the maker's partner leads the right bower", led(3, "JS 9S AH TD QC"), play("JS")),
            ("… else low trump", led(3, "QS 9S AH TD QC"), play("9S")),
            ("… else an ace", led(3, "AH 9D KC QC TH"), play("AH")),
            ("… else low of the opposite colour", led(3, "KH 9D QC TC KD"), play("9D")),
            ("a defender with the right bower leads an outside ace", led(2, "JS AD 9H TC QC"), play("AD")),
            ("a defender without it leads its highest off suit", led(2, "KH 9D QS TC 9C"), play("KH")),
            ("… else trump", led(2, "QS 9S KS TS AS"), play("AS")),
        ];
        check(cases);
    }

    // 2.2.2.5 Following (spades trump, made by seat 0; seat 1 leads; `_` an unlisted hand).
    #[test]
    fn following() {
        let after = |hands: [&str; 4], plays: &[&str]| {
            let hands = hands.map(|h| if h == "_" { "" } else { h });
            follow_after(
                game(0, 1, Some((Suit::Spades, 0, false)), "9D", hands),
                plays,
            )
        };
        #[rustfmt::skip]
        let cases = [
            ("high when it can take the trick", after(["_", "9H TC QC KC AC", "KH TH 9C QD KD", "_"], &["9H"]), play("KH")),
            ("low when it cannot take the trick", after(["_", "AH TC QC KC AC", "KH TH 9C QD KD", "_"], &["AH"]), play("TH")),
            // Seat 1 leads 9H; seat 2 plays AH; seat 3 is seat 1's partner, holding KH TH.
            ("low under a winning partner", after(["_", "9H TC QC KC AC", "AH 9C TD QD KD", "KH TH JD 9S AD"], &["9H", "AH"]), play("TH")),
            // Seat 1 leads TH; seat 2 plays 9H; seat 3 holds only higher hearts.
            ("high under a winning partner with nothing lower", after(["_", "TH TC QC KC AC", "9H 9C TD QD KD", "KH AH JD 9S AD"], &["TH", "9H"]), play("AH")),
            ("void and not last: its highest trump if it wins", after(["_", "AH TC QC KC AC", "QS 9S 9D TD KD", "_"], &["AH"]), play("QS")),
            // Seat 1 leads AH, seat 2 follows KH, seat 3 trumps with 9S; seat 0 is last.
            ("void and last: its lowest winning trump", after(["JS TS QS TD AD", "AH TC QC KC AC", "KH QH TH 9H JH", "9S KS AS JC 9C"], &["AH", "KH", "9S"]), play("TS")),
            // Seat 2 holds one club (KC) and two diamonds: voids clubs.
            ("void without trump: voids a suit", after(["_", "AH TC QC 9C AC", "KC 9D TD JD QD", "_"], &["AH"]), play("KC")),
            // Seat 1 leads AH (winning), seat 2 follows 9H; seat 3, seat 1's partner, is void.
            ("void under a winning partner: its lowest trump", after(["_", "AH TC QC KC AC", "9H 9C TD QD KD", "QS KS 9S TS AS"], &["AH", "9H"]), play("9S")),
            // JC is the left bower (trump), so no club to void; TD AD are two diamonds.
            ("void under a winning partner with no trump to spare: throws off", after(["_", "AH TC QC KC AC", "9H 9C QH QD KD", "QS JC TD AD KS"], &["AH", "9H"]), play("TD")),
        ];
        check(cases);
    }
}
