//! Euchre's house rules in the shared notation (`alone=off`, `renege=2`).

use table::house::{flag, number, on_off, House, HouseError, HouseRule, Values};

use crate::{AllPass, DealStyle, Pack, Rules};

/// pagat.com's Euchre page, the rules most descriptions follow.
const PAGAT: &str = "pagat.com/euchre/euchre.html";

impl House for Rules {
    const OPTIONS: &'static [HouseRule] = &[
        HouseRule {
            name: "deal",
            title: "Deal",
            summary: "Cards dealt in packets of 3 and 2 (then 2 and 3), or 5 at a time.",
            values: Values::words(&["3-2", "5"]),
            source: "pagat.com/euchre/euchre.html (Deal); the EECS 280 and CS 246 handouts",
        },
        HouseRule {
            name: "pack",
            title: "Pack",
            summary: "24 cards (9 to A), 28 (8 to A) or 32 (7 to A); the sevens and eights rank below the nines.",
            values: Values::words(&["24", "28", "32"]),
            source: "bicyclecards.com, Euchre (a 32-card pack, 7 to A; also played with 24 cards, or 28 with the 7s left out); en.wikipedia.org/wiki/Euchre (24 or sometimes 32 cards)",
        },
        HouseRule {
            name: "joker",
            title: "Joker (the benny)",
            summary: "The joker joins the pack as the highest trump, above both bowers; the two of spades stands for it. Turned up, the dealer names trump without looking at its cards, then takes the benny and discards.",
            values: Values::ON_OFF,
            source: "euchrelinks.com/variations.html (a joker, the Benny, makes 25 cards and is always the highest trump; turned up, the dealer must name trump without looking at his cards); pagat.com/euchre (in Britain the two of spades is often the benny)",
        },
        HouseRule {
            name: "dealer",
            title: "Stick the dealer",
            summary: "When all pass twice, the dealer must name a suit (stuck), or the hand is thrown in.",
            values: Values::words(&["stuck", "throw-in"]),
            source: "pagat.com/euchre/euchre.html (Variations: Stick the dealer)",
        },
        HouseRule {
            name: "alone",
            title: "Going alone",
            summary: "The maker may play without a partner; a lone march scores more.",
            values: Values::ON_OFF,
            source: PAGAT,
        },
        HouseRule {
            name: "partner-alone",
            title: "Ordering up one's partner is going alone",
            summary: "The dealer's partner who orders up the upcard plays alone.",
            values: Values::ON_OFF,
            source: "pagat.com/euchre/euchre.html (Variations); the CS 246 handout",
        },
        HouseRule {
            name: "defend-alone",
            title: "Defending alone",
            summary: "Against a lone maker, a defender (the maker's left first) may play alone too; its partner sits out.",
            values: Values::ON_OFF,
            source: "en.wikipedia.org/wiki/Euchre (Variations: defending alone)",
        },
        HouseRule {
            name: "mcevoy",
            title: "McEvoy",
            summary: "A player dealt no card above a ten (only nines and tens in the 24-card pack; the benny counts high) may declare it right after the deal, before anyone bids: the same dealer deals again. Each player once a game.",
            values: Values::ON_OFF,
            source: "en.wikipedia.org/wiki/Euchre_variations (McEvoy: a hand of only 9s and 10s, declared and shown immediately after the deal, before any player calls trump or passes; re-dealt by the same dealer; one McEvoy per player per match)",
        },
        HouseRule {
            name: "farmer",
            title: "Farmer's hand",
            summary: "A player dealt three nines or three tens may show them right after the deal, before anyone bids, and swap them for the kitty's three unexposed cards (holding four, it keeps the one of the upcard's suit). The first to declare takes the kitty.",
            values: Values::words(&["off", "swap"]),
            source: "en.wikipedia.org/wiki/Euchre_variations (Farmer's hand: three 10s or three 9s, shown and exchanged for the three unexposed cards in the kitty); euchrestrategy.info (Farmer's Hand)",
        },
        HouseRule {
            name: "renege",
            title: "Renege penalty",
            summary: "Off: a card that fails to follow suit is refused. A number: it is played back and the other side scores that many points.",
            values: Values {
                words: &["off"],
                numbers: Some((1, 4)),
            },
            source: "pagat.com/euchre/euchre.html (Irregularities); the CS 246 handout (2 points)",
        },
        HouseRule {
            name: "march",
            title: "Points for a march",
            summary: "What the makers score for taking all five tricks.",
            values: Values::numbers(1, 4),
            source: PAGAT,
        },
        HouseRule {
            name: "lone-march",
            title: "Points for a lone march",
            summary: "What a lone maker scores for taking all five tricks.",
            values: Values::numbers(1, 8),
            source: PAGAT,
        },
        HouseRule {
            name: "euchre",
            title: "Points for a euchre",
            summary: "What the defenders score when the makers take two tricks or fewer.",
            values: Values::numbers(1, 4),
            source: PAGAT,
        },
        HouseRule {
            name: "lone-euchre",
            title: "Points for a lone defender's euchre",
            summary: "What the defenders score when a lone defender holds a lone maker to two tricks or fewer.",
            values: Values::numbers(1, 8),
            source: "en.wikipedia.org/wiki/Euchre (Variations: defending alone, 4 points)",
        },
    ];

    fn value(&self, option: &str) -> String {
        match option {
            "deal" => match self.deal {
                DealStyle::ThreeTwo => "3-2".into(),
                DealStyle::FiveEach => "5".into(),
            },
            "pack" => match self.pack {
                Pack::TwentyFour => "24".into(),
                Pack::TwentyEight => "28".into(),
                Pack::ThirtyTwo => "32".into(),
            },
            "joker" => on_off(self.joker),
            "dealer" => match self.all_pass {
                AllPass::ScrewTheDealer => "stuck".into(),
                AllPass::Nullify => "throw-in".into(),
            },
            "alone" => on_off(self.going_alone),
            "partner-alone" => on_off(self.partner_order_up_is_alone),
            "defend-alone" => on_off(self.defend_alone),
            "mcevoy" => on_off(self.mcevoy),
            "farmer" if self.farmers_hand => "swap".into(),
            "farmer" => "off".into(),
            "lone-euchre" => self.scoring.lone_euchre.to_string(),
            "renege" => self.renege_penalty.map_or("off".into(), |p| p.to_string()),
            "march" => self.scoring.march.to_string(),
            "lone-march" => self.scoring.lone_march.to_string(),
            _ => self.scoring.euchre.to_string(),
        }
    }

    fn set(&mut self, option: &str, value: &str) -> Result<(), HouseError> {
        match option {
            "deal" if value == "5" => self.deal = DealStyle::FiveEach,
            "deal" => self.deal = DealStyle::ThreeTwo,
            "pack" if value == "32" => self.pack = Pack::ThirtyTwo,
            "pack" if value == "28" => self.pack = Pack::TwentyEight,
            "pack" => self.pack = Pack::TwentyFour,
            "joker" => self.joker = flag(value),
            "dealer" if value == "stuck" => self.all_pass = AllPass::ScrewTheDealer,
            "dealer" => self.all_pass = AllPass::Nullify,
            "alone" => self.going_alone = flag(value),
            "partner-alone" => self.partner_order_up_is_alone = flag(value),
            "defend-alone" => self.defend_alone = flag(value),
            "mcevoy" => self.mcevoy = flag(value),
            "farmer" => self.farmers_hand = value == "swap",
            "lone-euchre" => self.scoring.lone_euchre = number(value),
            "renege" => self.renege_penalty = (value != "off").then(|| number(value)),
            "march" => self.scoring.march = number(value),
            "lone-march" => self.scoring.lone_march = number(value),
            _ => self.scoring.euchre = number(value),
        }
        Ok(())
    }

    fn preset(&self) -> Rules {
        match self.preset {
            crate::Preset::Eecs280 => Rules::eecs280(self.points_to_win),
            crate::Preset::Cs246 => Rules {
                points_to_win: self.points_to_win,
                ..Rules::cs246()
            },
        }
    }

    fn check(&self) -> Result<(), HouseError> {
        if self.partner_order_up_is_alone && !self.going_alone {
            return Err(HouseError::Conflict(
                "`partner-alone=on` needs going alone (`alone=on`)",
            ));
        }
        if self.defend_alone && !self.going_alone {
            return Err(HouseError::Conflict(
                "`defend-alone=on` needs going alone (`alone=on`): there is no loner to defend against",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{HandResult, Team};

    #[test]
    fn the_handouts_differ_in_exactly_the_options_their_texts_name() {
        // EECS 280: 3-2 deal, screw the dealer, no going alone, no renege (illegal).
        // CS 246: 5 at a time, thrown in, going alone incl. ordering up partner, 2 points.
        let changes = Rules::cs246().changes_from(&Rules::eecs280(10));
        assert_eq!(
            changes,
            [
                "deal=5",
                "dealer=throw-in",
                "alone=on",
                "partner-alone=on",
                "renege=2"
            ]
        );
        let back = Rules::cs246().with_house(&[
            "deal=3-2",
            "dealer=stuck",
            "partner-alone=off",
            "alone=off",
            "renege=off",
        ]);
        assert_eq!(
            back.map(|r| r.changes_from(&Rules::eecs280(10))),
            Ok(Vec::new())
        );
    }

    #[test]
    fn partner_alone_without_going_alone_is_refused() {
        let refused = Rules::eecs280(10).with_house(&["partner-alone=on"]);
        assert!(matches!(refused, Err(HouseError::Conflict(_))));
        assert!(Rules::cs246().with_house(&["alone=off"]).is_err());
        assert!(Rules::cs246()
            .with_house(&["alone=off", "partner-alone=off"])
            .is_ok());
    }

    #[test]
    fn a_defender_alone_euchring_a_loner_scores_the_lone_euchre() {
        use crate::{Action, Hand, Outcome, Phase, Seat};
        use cards::euchre_order::TrumpOrder;
        use cards::CardSet;
        let rules = Rules::eecs280(10)
            .with_house(&["alone=on", "defend-alone=on"])
            .unwrap();
        let (dealer, maker, defender) = (Seat::new(0), Seat::new(1), Seat::new(2));
        let mut hand = Hand::deal(rules, dealer, &cards::deck::eecs280_euchre());
        hand.apply(Action::OrderUp { alone: true }).unwrap();
        // The maker's left may defend alone; the dealer, its partner, then sits out too,
        // so nobody takes the upcard and the maker leads.
        assert_eq!(hand.phase(), Phase::Defending);
        assert_eq!(hand.turn(), defender);
        hand.apply(Action::DefendAlone).unwrap();
        assert_eq!(hand.lone_defender(), Some(defender));
        assert!(hand.sits_out(dealer) && hand.sits_out(Seat::new(3)));
        assert_eq!(hand.phase(), Phase::Tricks);
        assert_eq!(hand.turn(), maker);
        // Hand-worked: the defender holds the five best trumps left, the maker none.
        let trump = hand.upcard().suit();
        let order = TrumpOrder::euchre(trump);
        let mut unseen: Vec<_> = cards::deck::eecs280_euchre()
            .into_iter()
            .filter(|&c| c != hand.upcard())
            .collect();
        unseen.sort_by_key(|&c| std::cmp::Reverse(order.key(c)));
        let best: CardSet = unseen[..5].iter().copied().collect();
        let plain: Vec<_> = unseen
            .iter()
            .copied()
            .filter(|&c| !order.is_trump(c))
            .collect();
        let weak: CardSet = plain[plain.len() - 5..].iter().copied().collect();
        let rest: Vec<_> = unseen
            .iter()
            .copied()
            .filter(|&c| !best.contains(c) && !weak.contains(c))
            .collect();
        let hands = [
            rest[..5].iter().copied().collect(),
            weak,
            best,
            rest[5..10].iter().copied().collect(),
        ];
        let mut hand = hand.with_cards(hands, None);
        let mut last = None;
        while hand.phase() == Phase::Tricks {
            let card = hand.legal_plays().first().unwrap();
            last = Some(hand.apply(Action::Play(card)).unwrap());
        }
        // Two players a trick; the maker euchred: the lone defender's side scores 4.
        let Some(Outcome::Trick {
            result: Some(result),
            ..
        }) = last
        else {
            panic!("the hand ended: {last:?}")
        };
        assert_eq!((result.maker_tricks, result.lone_defence), (0, true));
        assert_eq!((result.winner, result.points), (defender.team(), 4));
    }

    /// A deck dealt five at a time from the dealer's left (seat 1 first), starting with
    /// `first`, then the rest of `rules`' pack in order.
    fn deck_starting(rules: &Rules, first: &[&str]) -> Vec<cards::Card> {
        let first: Vec<cards::Card> = first.iter().map(|c| c.parse().unwrap()).collect();
        let rest = rules.deck().iter().copied().filter(|c| !first.contains(c));
        first.iter().copied().chain(rest).collect()
    }

    /// EECS 280 rules to 10 points with `house` rules, and a deck starting with `first`
    /// (see [`deck_starting`]) whose hand seat 0 deals.
    fn dealt_by_seat_0(house: &[&str], first: &[&str]) -> (Rules, Vec<cards::Card>, crate::Hand) {
        let rules = Rules::eecs280(10).with_house(house).unwrap();
        let deck = deck_starting(&rules, first);
        let hand = crate::Hand::deal(rules, crate::Seat::new(0), &deck);
        (rules, deck, hand)
    }

    #[test]
    fn a_mcevoy_is_declared_right_after_the_deal_and_the_same_dealer_deals_again() {
        use crate::{Action, Game, Hand, IllegalAction, Outcome, Phase, Round, Seat};
        // Wikipedia, Euchre variations (McEvoy): a hand of only 9s and 10s, declared
        // immediately after the deal, before any player calls trump or passes; re-dealt
        // by the same dealer; one McEvoy per player per match.
        let (rules, deck, mut hand) =
            dealt_by_seat_0(&["deal=5", "mcevoy=on"], &["9S", "9H", "9C", "TD", "TS"]);
        // Before any bid: each seat from the dealer's left declares or passes.
        assert_eq!(
            (hand.phase(), hand.turn()),
            (Phase::Declaring, Seat::new(1))
        );
        assert!(hand.legal_actions().contains(Action::McEvoy));
        assert!(!hand
            .legal_actions()
            .contains(Action::OrderUp { alone: false }));
        // Seat 2 holds a face card: after seat 1 passes, it may only pass.
        let mut passed = hand;
        passed.apply(Action::Pass).unwrap();
        assert_eq!(passed.apply(Action::McEvoy), Err(IllegalAction::NotAMcEvoy));
        for _ in 0..3 {
            passed.apply(Action::Pass).unwrap();
        }
        // After the dealer's declaration, bidding starts at the dealer's left.
        assert_eq!(
            (passed.phase(), passed.turn()),
            (Phase::Making(Round::One), Seat::new(1))
        );
        assert_eq!(passed.apply(Action::McEvoy), Err(IllegalAction::NotAMcEvoy));
        assert_eq!(
            hand.apply(Action::McEvoy),
            Ok(Outcome::McEvoy(Seat::new(1)))
        );
        assert_eq!(hand.phase(), Phase::Over);
        // Through the game: nobody scores, the same dealer deals again, and seat 1 may
        // not declare a second McEvoy in the game.
        let mut game = Game::new(rules);
        game.deal(&deck);
        game.apply(Action::McEvoy).unwrap();
        assert_eq!(game.scores(), [0, 0]);
        assert!(game.needs_deal());
        assert_eq!(game.next_dealer(), Seat::new(0));
        game.deal(&deck);
        assert!(!game
            .hand()
            .unwrap()
            .legal_actions()
            .contains(Action::McEvoy));
        assert_eq!(game.apply(Action::McEvoy), Err(IllegalAction::NotAMcEvoy));
        // Without the house rule there are no declarations.
        let plain = Rules::eecs280(10).with_house(&["deal=5"]).unwrap();
        let mut plain = Hand::deal(plain, Seat::new(0), &deck);
        assert_eq!(plain.phase(), Phase::Making(Round::One));
        assert_eq!(plain.apply(Action::McEvoy), Err(IllegalAction::NotAMcEvoy));
    }

    #[test]
    fn a_farmers_hand_swaps_three_nines_for_the_kittys_three_unexposed_cards() {
        use crate::{Action, IllegalAction, Outcome, Phase, Round, Seat};
        use cards::Rank;
        // Wikipedia, Euchre variations (Farmer's hand): three 9s or three 10s, shown and
        // exchanged for the three unexposed cards in the kitty.
        // Seat 1 (the dealer's left) gets the first five cards; cards 21-23 lie under
        // the upcard (card 20).
        let (_, deck, mut hand) =
            dealt_by_seat_0(&["deal=5", "farmer=swap"], &["9S", "9H", "9C", "AD", "KD"]);
        let kitty: cards::CardSet = deck[21..24].iter().copied().collect();
        assert_eq!(hand.phase(), Phase::Declaring);
        assert!(hand.legal_actions().contains(Action::Farmer(Rank::Nine)));
        assert_eq!(
            hand.apply(Action::Farmer(Rank::Ten)),
            Err(IllegalAction::NotAFarmersHand)
        );
        let outcome = hand.apply(Action::Farmer(Rank::Nine)).unwrap();
        let shown: cards::CardSet = "9S 9H 9C".parse().unwrap();
        assert!(
            matches!(outcome, Outcome::FarmersHand(three) if three.iter().copied().collect::<cards::CardSet>() == shown)
        );
        let kept: cards::CardSet = "AD KD".parse().unwrap();
        assert_eq!(hand.cards(Seat::new(1)), kept.union(kitty));
        assert_eq!(hand.farmer(), Some((Seat::new(1), shown)));
        // The kitty is taken: nobody else may swap; the declarations go on to the dealer,
        // then the bidding at the dealer's left.
        assert_eq!(hand.turn(), Seat::new(2));
        assert_eq!(
            hand.apply(Action::Farmer(Rank::Nine)),
            Err(IllegalAction::NotAFarmersHand)
        );
        for _ in 0..3 {
            hand.apply(Action::Pass).unwrap();
        }
        assert_eq!(
            (hand.phase(), hand.turn()),
            (Phase::Making(Round::One), Seat::new(1))
        );
        // Holding four nines, the one of the upcard's suit is kept.
        let (_, four, mut hand) =
            dealt_by_seat_0(&["deal=5", "farmer=swap"], &["9S", "9H", "9C", "9D", "KD"]);
        let upcard = four[20];
        hand.apply(Action::Farmer(Rank::Nine)).unwrap();
        let (_, shown) = hand.farmer().unwrap();
        assert_eq!(shown.len(), 3);
        assert!(!shown.contains(cards::Card::new(Rank::Nine, upcard.suit())));
    }

    #[test]
    fn defending_alone_needs_going_alone() {
        assert!(Rules::eecs280(10).with_house(&["defend-alone=on"]).is_err());
    }

    #[test]
    fn march_and_euchre_points_score_as_set() {
        // Hand-worked: a march scores `march`, a lone march `lone-march`, a euchre
        // gives the defenders `euchre`; three or four tricks stay one point.
        let rules = Rules::cs246()
            .with_house(&["march=3", "lone-march=5", "euchre=4"])
            .unwrap();
        let s = &rules.scoring;
        let team = Team::BOTH[0];
        assert_eq!(HandResult::score(s, team, false, false, 5).margin(team), 3);
        assert_eq!(HandResult::score(s, team, true, false, 5).margin(team), 5);
        assert_eq!(HandResult::score(s, team, true, false, 2).margin(team), -4);
        assert_eq!(HandResult::score(s, team, false, false, 4).margin(team), 1);
    }
}
