//! Teen Do Panch's house rules in the shared notation (`packets=5-5`).

use table::house::{House, HouseError, HouseRule, Values};

use crate::{Declined, Direction, Packets, PullChoice, QuotaRule, Rules};

impl House for Rules {
    const OPTIONS: &'static [HouseRule] = &[
        HouseRule {
            name: "packets",
            title: "Deal",
            summary: "Packets of 5, 3 and 2 cards (the maker may wait after five, then names trump after eight), or 5 and 5 (the maker may wait after five, then names trump after ten).",
            values: Values::words(&["5-3-2", "5-5"]),
            source: "pagat.com/whist/325.html (Deal); the EECS 280 handout (5-3-2)",
        },
        HouseRule {
            name: "direction",
            title: "Direction of play",
            summary: "The deal, the play and the quotas go to each player's left (the handout) or right (counter-clockwise, as usually played in India and Pakistan).",
            values: Values::words(&["left", "right"]),
            source: "pagat.com/whist/325.html (Players: deal and play are usually counter-clockwise)",
        },
        HouseRule {
            name: "declined",
            title: "When the maker declines",
            summary: "After passing on its first five cards the maker gets its next packet and must name trump (wait, the handout), or that packet is turned up for all and trump is the suit of its highest card (turn-up; with packets of five only the packet's first card is turned up, and names trump).",
            values: Values::words(&["wait", "turn-up"]),
            source: "pagat.com/whist/325.html and games.porg.es/games/teen-do-panch (If they decline, turn up their next 3 cards: trump is the suit of the highest)",
        },
        HouseRule {
            name: "pull",
            title: "The pulled card",
            summary: "A pull takes the last card dealt to the short player that it still holds (last-dealt, the handout), one of its cards drawn unseen at random (unseen), or the one the short player chooses to hand over (short-player).",
            values: Values::words(&["last-dealt", "unseen", "short-player"]),
            source: "the EECS 280 handout (the over-quota player will always take the last card dealt); pagat.com/whist/325.html (Pulling: the short player's cards are drawn unseen); Wikipedia, 3-2-5 (the choice is on the part of the person who owes)",
        },
        HouseRule {
            name: "sevens",
            title: "The two sevens",
            summary: "Plain cards, lowest of their suits (the handout), or the two highest trumps whatever suit is trump: the seven of spades, then the seven of hearts.",
            values: Values::words(&["plain", "top"]),
            source: "en.wikipedia.org/wiki/3-2-5 (Rules: the 7 of spades and 7 of hearts are the highest trumps)",
        },
    ];

    fn value(&self, option: &str) -> String {
        match option {
            "packets" => match self.packets {
                Packets::FiveThreeTwo => "5-3-2".into(),
                Packets::FiveFive => "5-5".into(),
            },
            "declined" if self.declined == Declined::TurnUp => "turn-up".into(),
            "declined" => "wait".into(),
            "pull" => match self.pull {
                PullChoice::LastDealt => "last-dealt".into(),
                PullChoice::Unseen => "unseen".into(),
                PullChoice::ShortPlayer => "short-player".into(),
            },
            "sevens" if self.sevens_high => "top".into(),
            "sevens" => "plain".into(),
            _ => match self.direction {
                Direction::Left => "left".into(),
                Direction::Right => "right".into(),
            },
        }
    }

    fn set(&mut self, option: &str, value: &str) -> Result<(), HouseError> {
        match (option, value) {
            ("packets", "5-5") => self.packets = Packets::FiveFive,
            ("packets", _) => self.packets = Packets::FiveThreeTwo,
            ("sevens", value) => self.sevens_high = value == "top",
            ("declined", "turn-up") => self.declined = Declined::TurnUp,
            ("declined", _) => self.declined = Declined::Wait,
            ("pull", "short-player") => self.pull = PullChoice::ShortPlayer,
            ("pull", "unseen") => self.pull = PullChoice::Unseen,
            ("pull", _) => self.pull = PullChoice::LastDealt,
            ("direction", "right") => self.direction = Direction::Right,
            _ => self.direction = Direction::Left,
        }
        Ok(())
    }

    fn preset(&self) -> Rules {
        match self.quotas {
            QuotaRule::ByRole => Rules::handout(self.points_to_win),
            QuotaRule::ReferenceRotation => Rules::reference(self.points_to_win),
        }
    }

    fn check(&self) -> Result<(), HouseError> {
        if self.quotas == QuotaRule::ReferenceRotation && self.direction == Direction::Right {
            return Err(HouseError::Conflict(
                "the reference rules' quota rotation only plays to the left (`direction=left`)",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Hand, Seat};
    use cards::Card;

    fn pack() -> Vec<Card> {
        cards::deck::TEENDOPANCH.to_vec()
    }

    #[test]
    fn playing_to_the_right_makes_the_dealers_right_hand_the_maker() {
        // pagat: the player to dealer's right chooses trumps and must win 5; the player
        // to dealer's left must win 3; the dealer 2.
        let rules = Rules::handout(7).with_house(&["direction=right"]).unwrap();
        let dealer = Seat::new(0);
        let hand = Hand::deal(rules, dealer, &pack(), [0; 3]);
        let right = Seat::new(2);
        assert_eq!(hand.maker(), right);
        assert_eq!(hand.turn(), right);
        assert_eq!(hand.quotas(), [2, 3, 5]);
        // The handout: the dealer's left makes, 5; then 3; the dealer 2.
        let left = Hand::deal(Rules::handout(7), dealer, &pack(), [0; 3]);
        assert_eq!(left.quotas(), [2, 5, 3]);
    }

    #[test]
    fn five_five_deals_ten_cards_each_after_one_wait() {
        let rules = Rules::handout(7).with_house(&["packets=5-5"]).unwrap();
        let mut hand = Hand::deal(rules, Seat::new(0), &pack(), [0; 3]);
        assert_eq!(hand.dealt(), 15);
        hand.apply(crate::Action::Pass).unwrap();
        // After waiting, everyone holds all ten: no third packet.
        assert_eq!(hand.dealt(), 30);
        assert_eq!(hand.holding(hand.maker()).len(), 10);
        assert!(
            hand.apply(crate::Action::Pass).is_err(),
            "the maker must name trump now"
        );
    }

    /// A hand with clubs trump, the maker (seat 1) to lead, and these holdings.
    fn clubs_trump(rules: Rules, holdings: [&str; 3]) -> Hand {
        let mut hand = Hand::deal(rules, Seat::new(0), &pack(), [0; 3]);
        hand.apply(crate::Action::Call(cards::Suit::Clubs)).unwrap();
        let cards = |text: &str| text.split(' ').map(|c| c.parse().unwrap()).collect();
        hand.with_cards(holdings.map(cards), &[])
    }

    fn card(text: &str) -> Card {
        text.parse().unwrap()
    }

    #[test]
    fn the_sevens_on_top_trump_a_suit_and_do_not_follow_it() {
        use crate::{Action, Outcome};
        let top = Rules::handout(7).with_house(&["sevens=top"]).unwrap();
        // Hearts led; seat 2's only "heart" is the seven, a trump now: it may play any
        // card, and its seven takes the ace (Wikipedia, 3-2-5: 7S, 7H, then the ace of
        // trumps).
        let mut hand = clubs_trump(
            top,
            [
                "JC TC 9C 8C KD QD JD TD 9D 8D",
                "AH KH QH JH TH 9H 8H AC KC QC",
                "7H AS KS QS JS TS 9S 8S 7S AD",
            ],
        );
        hand.apply(Action::Play(card("AH"))).unwrap();
        assert_eq!(hand.legal_plays().len(), 10, "no heart to follow with");
        hand.apply(Action::Play(card("7H"))).unwrap();
        let taken = hand.apply(Action::Play(card("8D"))).unwrap();
        assert!(matches!(taken, Outcome::Trick { winner, .. } if winner == Seat::new(2)));
        // Holding the seven and a king of hearts, the king must follow: the seven is no
        // heart. As plain cards (the handout), either may.
        let holdings = [
            "JC TC 9C 8C KD QD JD TD 9D 8D",
            "AH QH JH TH 9H 8H AD AC KC QC",
            "7H KH AS KS QS JS TS 9S 8S 7S",
        ];
        for (rules, follow) in [(top, vec!["KH"]), (Rules::handout(7), vec!["7H", "KH"])] {
            let mut hand = clubs_trump(rules, holdings);
            hand.apply(Action::Play(card("AH"))).unwrap();
            let mut legal: Vec<String> = hand.legal_plays().iter().map(|c| c.to_string()).collect();
            legal.sort();
            assert_eq!(legal, follow);
        }
    }

    #[test]
    fn a_declined_maker_turns_up_its_next_packet_and_its_highest_card_names_trump() {
        use cards::{CardSet, Suit};
        // The pack unshuffled, seat 0 dealing: the maker (seat 1) gets every third card,
        // so its next packet of three is the 16th, 19th and 22nd: A♥, 10♣, K♣.
        let rules = Rules::handout(7).with_house(&["declined=turn-up"]).unwrap();
        let mut hand = Hand::deal(rules, Seat::new(0), &pack(), [0; 3]);
        let maker = hand.maker();
        assert_eq!(maker, Seat::new(1));
        hand.apply(crate::Action::Pass).unwrap();
        let shown: CardSet = ["AH", "TC", "KC"].map(card).into_iter().collect();
        assert_eq!(hand.turned_up(), shown);
        // pagat: "the trump suit is that of the highest card" — the ace.
        assert_eq!(hand.trump(), Some(Suit::Hearts));
        assert_eq!(hand.dealt(), 30, "the rest dealt at once");
        assert_eq!(hand.holding(maker).set().intersection(shown), shown);
        // Everyone saw it.
        assert_eq!(hand.view(Seat::new(2)).turned_up(), shown);
        // Packets of five: the first of the next five, a random one, names it.
        let five = Rules::handout(7)
            .with_house(&["declined=turn-up", "packets=5-5"])
            .unwrap();
        let mut hand = Hand::deal(five, Seat::new(0), &pack(), [0; 3]);
        hand.apply(crate::Action::Pass).unwrap();
        assert_eq!(hand.turned_up(), ["AH"].map(card).into_iter().collect());
    }

    #[test]
    fn a_short_player_chooses_the_card_its_puller_takes() {
        use crate::{Action, IllegalAction, Phase};
        // Seat 0 took a trick above its quota last hand, seat 1 one below: one pull.
        let rules = Rules::handout(7)
            .with_house(&["pull=short-player"])
            .unwrap();
        let mut hand = Hand::deal(rules, Seat::new(2), &pack(), [1, -1, 0]);
        hand.apply(Action::Call(cards::Suit::Clubs)).unwrap();
        let (puller, victim) = (Seat::new(0), Seat::new(1));
        assert_eq!(hand.phase(), Phase::Giving);
        assert_eq!(
            (hand.turn(), hand.giving()),
            (victim, Some((puller, victim)))
        );
        let held = hand.holding(victim).set();
        let tenth = hand.holding(victim).get(9);
        assert_eq!(hand.legal_action_count(), 10, "any of its ten cards");
        let chosen = hand.holding(victim).get(3).unwrap();
        hand.apply(Action::Give(chosen)).unwrap();
        // The puller holds it and owes a card back, not that one.
        assert_eq!(hand.phase(), Phase::Pulling);
        assert_eq!(hand.turn(), puller);
        assert_eq!(hand.pull().map(|p| p.taken), Some(chosen));
        assert!(!hand.holding(victim).contains(chosen) && held.contains(chosen));
        assert_eq!(
            hand.apply(Action::Return(chosen)),
            Err(IllegalAction::TakenBack(chosen))
        );
        // Under the handout, the same deal's pull takes the victim's last card dealt,
        // unasked.
        let mut handout = Hand::deal(Rules::handout(7), Seat::new(2), &pack(), [1, -1, 0]);
        handout.apply(Action::Call(cards::Suit::Clubs)).unwrap();
        assert_eq!(handout.phase(), Phase::Pulling);
        assert_eq!(handout.pull().map(|p| p.taken), tenth);
    }

    #[test]
    fn the_reference_quota_rotation_refuses_the_right() {
        let refused = Rules::reference(7).with_house(&["direction=right"]);
        assert!(matches!(refused, Err(HouseError::Conflict(_))));
    }
}
