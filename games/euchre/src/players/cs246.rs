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

    // 2.2.2.1 Proposed trump: the dealer's partner orders up only by going alone.
    #[test]
    fn dealers_partner_goes_alone_with_both_bowers_and_an_ace() {
        let g = game(0, 2, None, "9H", ["", "", "JH JD AS 9C TC", ""]);
        assert_eq!(decision(&g), ALONE);
    }

    #[test]
    fn dealers_partner_goes_alone_with_left_bower_and_two_more_trump() {
        let g = game(0, 2, None, "9H", ["", "", "JD QH KH 9S 9C", ""]);
        assert_eq!(decision(&g), ALONE);
    }

    #[test]
    fn dealers_partner_passes_with_the_right_bower_but_no_left() {
        let g = game(0, 2, None, "9H", ["", "", "JH QH KH AS 9C", ""]);
        assert_eq!(decision(&g), Action::Pass);
    }

    #[test]
    fn opponent_of_dealer_goes_alone_with_bowers_trump_and_an_ace() {
        let g = game(0, 1, None, "9H", ["", "JH JD TH AS 9C", "", ""]);
        assert_eq!(decision(&g), ALONE);
    }

    #[test]
    fn opponent_of_dealer_orders_up_with_right_bower_trump_and_an_ace() {
        let g = game(0, 1, None, "9H", ["", "JH TH AS 9C TC", "", ""]);
        assert_eq!(decision(&g), ORDER);
    }

    #[test]
    fn opponent_of_dealer_passes_without_the_right_bower() {
        let g = game(0, 1, None, "9H", ["", "JD QH AH AS KC", "", ""]);
        assert_eq!(decision(&g), Action::Pass);
    }

    #[test]
    fn dealer_goes_alone_when_it_ends_up_with_right_bower_and_three_trump() {
        // Picks up 9H and discards 9C: JH TH QH 9H AS.
        let mut g = game(0, 1, None, "9H", ["JH TH QH AS 9C", "", "", ""]);
        for _ in 0..3 {
            g.apply(Action::Pass).unwrap();
        }
        assert_eq!(decision(&g), ALONE);
    }

    #[test]
    fn dealer_picks_up_with_left_bower_and_two_more_trump() {
        // Picks up 9H and discards 9C: JD TH 9H AS TC.
        let mut g = game(
            0,
            1,
            None,
            "9H",
            [
                "JD TH AS 9C TC",
                "9S TS QS KS AC",
                "9D TD QD KD AD",
                "JS JC QC KC QH",
            ],
        );
        for _ in 0..3 {
            g.apply(Action::Pass).unwrap();
        }
        assert_eq!(decision(&g), ORDER);
    }

    #[test]
    fn dealer_passes_when_the_kept_hand_is_weak() {
        // Picks up 9H and discards 9S (a nine; spades before clubs): JD 9C TC QD 9H,
        // the left bower and one more trump but no ace.
        let mut g = game(
            0,
            1,
            None,
            "9H",
            [
                "JD 9S 9C TC QD",
                "AS TS QS KS AC",
                "TD KD AD 9D KH",
                "JS JC QC KC QH",
            ],
        );
        for _ in 0..3 {
            g.apply(Action::Pass).unwrap();
        }
        assert_eq!(decision(&g), Action::Pass);
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
    fn footnote_five_picks_hearts_over_diamonds_to_go_alone() {
        assert_eq!(
            round_two(0, 1, "9S", "JH JD AH AD 9C"),
            Action::Call {
                suit: Suit::Hearts,
                alone: true
            }
        );
    }

    #[test]
    fn declares_with_right_bower_and_two_other_trump() {
        assert_eq!(
            round_two(0, 1, "9S", "JC QC KC 9H TD"),
            Action::Call {
                suit: Suit::Clubs,
                alone: false
            }
        );
    }

    #[test]
    fn declares_five_trump_without_bowers() {
        assert_eq!(
            round_two(0, 1, "9S", "AD KD QD TD 9D"),
            Action::Call {
                suit: Suit::Diamonds,
                alone: false
            }
        );
    }

    #[test]
    fn passes_a_weak_hand_in_round_two() {
        assert_eq!(round_two(0, 1, "9S", "9H TD QC KC AH"), Action::Pass);
    }

    #[test]
    fn the_dealer_counts_the_turned_down_card() {
        // With the AS the dealer has the right bower, one other trump and an outside ace.
        assert_eq!(
            round_two(0, 0, "AS", "JH QH 9C TC KD"),
            Action::Call {
                suit: Suit::Hearts,
                alone: false
            }
        );
        assert_eq!(round_two(0, 2, "AS", "JH QH 9C TC KD"), Action::Pass);
    }

    // 2.2.2.3 Discarding.
    #[test]
    fn discards_lowest_non_trump_preferring_diamonds_to_clubs() {
        assert_eq!(
            discard(cards("JH QH 9C 9D AS 9H"), Suit::Hearts),
            card("9D")
        );
    }

    #[test]
    fn discards_lowest_trump_when_all_are_trump() {
        assert_eq!(
            discard(cards("JH JD AH KH QH 9H"), Suit::Hearts),
            card("9H")
        );
    }

    fn lead_of(maker: usize, hand: &str) -> Action {
        let mut hands = ["", "", "", ""];
        hands[1] = hand;
        decision(&game(0, 1, Some((Suit::Spades, maker, false)), "9H", hands))
    }

    // 2.2.2.4 Leading (spades trump, seat 1 leads).
    #[test]
    fn maker_leads_its_highest_trump() {
        assert_eq!(lead_of(1, "JC AS 9D AH KH"), Action::Play(card("JC")));
    }

    #[test]
    fn maker_out_of_trump_leads_an_ace_then_its_highest_card() {
        assert_eq!(lead_of(1, "AD AH KC 9C QD"), Action::Play(card("AH")));
        assert_eq!(lead_of(1, "KD KH 9C QD TC"), Action::Play(card("KH")));
    }

    #[test]
    fn partner_of_maker_leads_the_right_bower() {
        assert_eq!(lead_of(3, "JS 9S AH TD QC"), Action::Play(card("JS")));
    }

    #[test]
    fn partner_of_maker_leads_low_trump_then_ace_then_low_opposite_colour() {
        assert_eq!(lead_of(3, "QS 9S AH TD QC"), Action::Play(card("9S")));
        assert_eq!(lead_of(3, "AH 9D KC QC TH"), Action::Play(card("AH")));
        assert_eq!(lead_of(3, "KH 9D QC TC KD"), Action::Play(card("9D")));
    }

    #[test]
    fn defender_with_right_bower_leads_an_outside_ace() {
        assert_eq!(lead_of(2, "JS AD 9H TC QC"), Action::Play(card("AD")));
    }

    #[test]
    fn defender_without_right_bower_leads_highest_off_suit_then_trump() {
        assert_eq!(lead_of(2, "KH 9D QS TC 9C"), Action::Play(card("KH")));
        assert_eq!(lead_of(2, "QS 9S KS TS AS"), Action::Play(card("AS")));
    }

    // 2.2.2.5 Following (spades trump, made by seat 0; seat 1 leads).
    fn trick(hands: [&str; 4]) -> Game {
        game(0, 1, Some((Suit::Spades, 0, false)), "9D", hands)
    }

    #[test]
    fn follows_high_when_it_can_take_the_trick() {
        let g = trick(["", "9H TC QC KC AC", "KH TH 9C QD KD", ""]);
        assert_eq!(follow_after(g, &["9H"]), Action::Play(card("KH")));
    }

    #[test]
    fn follows_low_when_it_cannot_take_the_trick() {
        let g = trick(["", "AH TC QC KC AC", "KH TH 9C QD KD", ""]);
        assert_eq!(follow_after(g, &["AH"]), Action::Play(card("TH")));
    }

    #[test]
    fn under_a_winning_partner_follows_low() {
        // Seat 1 leads 9H; seat 2 plays AH; seat 3 is seat 1's partner, holding KH TH.
        let g = trick(["", "9H TC QC KC AC", "AH 9C TD QD KD", "KH TH JD 9S AD"]);
        assert_eq!(follow_after(g, &["9H", "AH"]), Action::Play(card("TH")));
    }

    #[test]
    fn under_a_winning_partner_with_nothing_lower_follows_high() {
        // Seat 1 leads TH; seat 2 plays 9H; seat 3 holds only higher hearts.
        let g = trick(["", "TH TC QC KC AC", "9H 9C TD QD KD", "KH AH JD 9S AD"]);
        assert_eq!(follow_after(g, &["TH", "9H"]), Action::Play(card("AH")));
    }

    #[test]
    fn void_and_not_last_trumps_with_its_highest_trump_if_it_wins() {
        let g = trick(["", "AH TC QC KC AC", "QS 9S 9D TD KD", ""]);
        assert_eq!(follow_after(g, &["AH"]), Action::Play(card("QS")));
    }

    #[test]
    fn void_and_last_trumps_with_its_lowest_winning_trump() {
        // Seat 1 leads AH, seat 2 follows KH, seat 3 trumps with 9S; seat 0 is last.
        let g = trick([
            "JS TS QS TD AD",
            "AH TC QC KC AC",
            "KH QH TH 9H JH",
            "9S KS AS JC 9C",
        ]);
        assert_eq!(
            follow_after(g, &["AH", "KH", "9S"]),
            Action::Play(card("TS"))
        );
    }

    #[test]
    fn void_without_trump_voids_a_suit() {
        // Seat 2 holds one club (KC) and two diamonds: voids clubs.
        let g = trick(["", "AH TC QC 9C AC", "KC 9D TD JD QD", ""]);
        assert_eq!(follow_after(g, &["AH"]), Action::Play(card("KC")));
    }

    #[test]
    fn void_under_a_winning_partner_throws_off_or_plays_lowest_trump() {
        // Seat 1 leads AH (winning), seat 2 follows 9H; seat 3, seat 1's partner, is void.
        let g = trick(["", "AH TC QC KC AC", "9H 9C TD QD KD", "QS KS 9S TS AS"]);
        assert_eq!(follow_after(g, &["AH", "9H"]), Action::Play(card("9S")));
        // JC is the left bower (trump), so no club to void; TD AD are two diamonds.
        let g = trick(["", "AH TC QC KC AC", "9H 9C QH QD KD", "QS JC TD AD KS"]);
        assert_eq!(follow_after(g, &["AH", "9H"]), Action::Play(card("TD")));
    }
}
