//! Straights' rules: the CS 246 handout's, and the house rules of the Sevens family.

use cards::{Card, Rank, Suit};
use table::house::{flag, number, on_off, House, HouseError, HouseRule, Values};

use crate::GAME_OVER_POINTS;

/// When a game of Straights ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// At the end of the round in which someone reaches this many points (the handout: 80).
    Points(u32),
    /// After this many rounds.
    Rounds(u32),
}

/// What a player who cannot play does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stuck {
    /// Discards a card face down; its pips count against it (the handout).
    Discard,
    /// Passes, paying a chip; the first player out of cards ends the round and the others
    /// pay a chip a card left (Sevens and Fan Tan).
    Pass,
}

/// One set of Straights rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// The card whose holder opens each round, and which must be played first.
    pub opener: Card,
    /// A player may discard even when it could play (a voluntary pass).
    pub free_discard: bool,
    /// When the game ends.
    pub end: End,
    /// What a stuck player does.
    pub stuck: Stuck,
    /// How many play: 3 to 8 (the handout: 4).
    pub players: u8,
}

impl Rules {
    /// The CS 246 handout: the seven of spades opens, discards only when stuck, 80 points.
    pub const HANDOUT: Rules = Rules {
        opener: crate::round::SEVEN_OF_SPADES,
        free_discard: false,
        end: End::Points(GAME_OVER_POINTS),
        stuck: Stuck::Discard,
        players: 4,
    };

    /// How many play.
    pub const fn players(&self) -> usize {
        self.players as usize
    }

    /// Whether a game with these scores after `rounds` rounds is over.
    pub fn is_over(&self, scores: &[u32], rounds: u32) -> bool {
        match self.end {
            End::Points(points) => scores.iter().any(|&s| s >= points),
            End::Rounds(limit) => rounds >= limit,
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::HANDOUT
    }
}

impl House for Rules {
    const OPTIONS: &'static [HouseRule] = &[
        HouseRule {
            name: "opener",
            title: "Starting card",
            summary: "The suit of the seven whose holder opens every round: spades as in the handout, or diamonds as Sevens is commonly played.",
            values: Values::words(&["spades", "diamonds"]),
            source: "pagat.com/layout/sevens.html; the CS 246 handout (7S)",
        },
        HouseRule {
            name: "players",
            title: "Players",
            summary: "Three to eight players; all 52 cards are dealt, Players 1, 2, … one card more where they do not divide evenly; a player out of cards is skipped.",
            values: Values::numbers(3, 8),
            source: "pagat.com/layout/sevens.html (3 to 8 players; all the cards are dealt, some players getting one more than others)",
        },
        HouseRule {
            name: "free-discard",
            title: "Voluntary pass",
            summary: "A player may discard even when a card could be played; with `stuck=pass` it passes instead, three times a round.",
            values: Values::ON_OFF,
            source: "pagat.com/layout/sevens.html (Variations); card-asobi.com/shichinarabe.html (Shichi Narabe: three passes a round, by choice or stuck)",
        },
        HouseRule {
            name: "stuck",
            title: "When stuck",
            summary: "A player who cannot play discards a card face down, its pips counting against it (the handout), or passes paying a chip: the first player out of cards ends the round and takes the pool, the others paying a chip a card left (chips count as points).",
            values: Values::words(&["discard", "pass"]),
            source: "pagat.com/layout/sevens.html (a player who cannot play passes and pays a chip; the first out wins the pool, the others pay one a card); the CS 246 handout (discards)",
        },
        HouseRule {
            name: "end",
            title: "End of the game",
            summary: "The game ends after the round in which someone reaches 80 points (the handout) or 50 or 100, or after a number of rounds (`rounds-N`).",
            values: Values::words(&[
                "80", "50", "100", "rounds-1", "rounds-4", "rounds-8", "rounds-13",
            ]),
            source: "the CS 246 handout (80 points); pagat.com/layout/sevens.html (scoring per deal)",
        },
    ];

    fn value(&self, option: &str) -> String {
        match option {
            "opener" if self.opener.suit() == Suit::Diamonds => "diamonds".into(),
            "opener" => "spades".into(),
            "free-discard" => on_off(self.free_discard),
            "stuck" if self.stuck == Stuck::Pass => "pass".into(),
            "stuck" => "discard".into(),
            "players" => self.players.to_string(),
            _ => match self.end {
                End::Points(points) => points.to_string(),
                End::Rounds(rounds) => format!("rounds-{rounds}"),
            },
        }
    }

    fn set(&mut self, option: &str, value: &str) -> Result<(), HouseError> {
        match option {
            "opener" if value == "diamonds" => self.opener = Card::new(Rank::Seven, Suit::Diamonds),
            "opener" => self.opener = Card::new(Rank::Seven, Suit::Spades),
            "free-discard" => self.free_discard = flag(value),
            "stuck" if value == "pass" => self.stuck = Stuck::Pass,
            "stuck" => self.stuck = Stuck::Discard,
            "players" => self.players = number(value) as u8,
            _ => {
                self.end = match value.strip_prefix("rounds-") {
                    Some(rounds) => End::Rounds(number(rounds)),
                    None => End::Points(number(value)),
                }
            }
        }
        Ok(())
    }

    /// Straights has one preset, the handout's.
    fn preset(&self) -> Rules {
        Rules::HANDOUT
    }

    fn check(&self) -> Result<(), HouseError> {
        // Reached only by rules built field by field: the option itself takes 3 to 8.
        if !(3..=crate::MAX_PLAYERS).contains(&self.players()) {
            return Err(HouseError::Conflict("Straights seats 3 to 8 players"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn house_rules_are_typed_fields() {
        let rules = Rules::HANDOUT
            .with_house(&["opener=diamonds", "free-discard", "end=rounds-4"])
            .unwrap();
        assert_eq!(rules.opener, Card::new(Rank::Seven, Suit::Diamonds));
        assert!(rules.free_discard);
        assert_eq!(rules.end, End::Rounds(4));
        assert_eq!(
            rules.changes_from(&Rules::HANDOUT),
            ["opener=diamonds", "free-discard=on", "end=rounds-4"]
        );
        assert!(Rules::HANDOUT.with_house(&["opener=hearts"]).is_err());
    }

    /// The pack unshuffled: clubs to seat 0, diamonds to 1, hearts to 2, spades to 3.
    fn suits_dealt(rules: &Rules) -> crate::Round {
        crate::Round::deal_with(rules, &cards::deck::CS246_STRAIGHTS)
    }

    #[test]
    fn the_seven_of_diamonds_opens_and_a_voluntary_pass_adds_every_discard() {
        use crate::{Action, Seat};
        let rules = Rules::HANDOUT
            .with_house(&["opener=diamonds", "free-discard=on"])
            .unwrap();
        let mut round = suits_dealt(&rules);
        // pagat (Sevens): the holder of the seven of diamonds starts, with it.
        assert_eq!(round.turn(), Seat::new(1));
        let seven = Card::new(Rank::Seven, Suit::Diamonds);
        assert_eq!(
            round.legal_actions(),
            [Action::Play(seven)],
            "no pass before the opening"
        );
        round.apply(Action::Play(seven)).unwrap();
        // Seat 2 holds every heart: 7H plays, and under the voluntary pass any of its 13
        // cards may go face down instead.
        let legal = round.legal_actions();
        assert_eq!(legal.len(), 1 + 13);
        assert_eq!(legal[0], Action::Play(Card::new(Rank::Seven, Suit::Hearts)));
        let king = Card::new(Rank::King, Suit::Hearts);
        assert_eq!(round.apply(Action::Discard(king)).map(|_| ()), Ok(()));
        // The handout forbids that discard.
        let mut handout = suits_dealt(&Rules::HANDOUT);
        handout
            .apply(Action::Play(Card::new(Rank::Seven, Suit::Spades)))
            .unwrap();
        assert!(handout
            .apply(Action::Discard(Card::new(Rank::Ace, Suit::Clubs)))
            .is_err());
    }

    #[test]
    fn a_stuck_player_passes_and_the_first_out_ends_the_round() {
        use crate::{Action, Outcome, Seat};
        let rules = Rules::HANDOUT.with_house(&["stuck=pass"]).unwrap();
        // pagat (Sevens): a player who cannot play passes, paying a chip. Seat 1 holds
        // twelve clubs without the seven, and the king of diamonds: after the 7♠ it
        // cannot play.
        let cards = |text: &str| {
            text.split(' ')
                .map(|c| c.parse::<Card>().unwrap())
                .collect::<Vec<_>>()
        };
        let mut deck = cards("7S AH 2H 3H 4H 5H 6H 8H 9H TH JH QH KH");
        deck.extend(cards("AC 2C 3C 4C 5C 6C 8C 9C TC JC QC KC KD"));
        deck.extend(cards("7C 7H AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD"));
        deck.extend(cards("AS 2S 3S 4S 5S 6S 8S 9S TS JS QS KS QD"));
        let mut round = crate::Round::deal_with(&rules, &deck);
        round
            .apply(Action::Play(Card::new(Rank::Seven, Suit::Spades)))
            .unwrap();
        assert_eq!(round.turn(), Seat::new(1));
        assert_eq!(round.legal_actions(), [Action::Pass]);
        assert!(round
            .apply(Action::Discard(Card::new(Rank::King, Suit::Diamonds)))
            .is_err());
        round.apply(Action::Pass).unwrap();
        assert_eq!(
            (round.passes(Seat::new(1)), round.turn()),
            (1, Seat::new(2))
        );
        // Under the handout the same player discards instead.
        let mut handout = crate::Round::deal_with(&Rules::HANDOUT, &deck);
        handout
            .apply(Action::Play(Card::new(Rank::Seven, Suit::Spades)))
            .unwrap();
        assert!(handout
            .legal_actions()
            .iter()
            .all(|a| matches!(a, Action::Discard(_))));
        // Whole suits dealt: the opener (spades) is out first, after twelve rounds; the
        // others pay a chip for the one card each still holds, the player out nothing.
        let mut round = suits_dealt(&rules);
        let points = loop {
            let action = crate::players::computer_decision(&round.view(round.turn()));
            if let Outcome::RoundOver(points) = round.apply(action).unwrap() {
                break points;
            }
        };
        assert_eq!(points, [1, 1, 1, 0]);
    }

    #[test]
    fn eight_players_share_the_pack_the_first_four_one_card_more() {
        use crate::{Action, Seat};
        let rules = Rules::HANDOUT.with_house(&["players=8"]).unwrap();
        // pagat (Sevens): all 52 cards are dealt, some players one more than others.
        // 52 = 8 × 6 + 4: Players 1-4 get seven cards, 5-8 six. The pack unshuffled
        // (A-K of clubs, diamonds, hearts, spades): Player 7 gets 2S-7S, Player 8 8S-KS.
        let round = suits_dealt(&rules);
        let sizes: Vec<usize> = round.seats().map(|s| round.held(s).len()).collect();
        assert_eq!(sizes, [7, 7, 7, 7, 6, 6, 6, 6]);
        let hand = |seat| {
            round
                .hand(Seat::new(seat))
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(hand(0), ["AC", "2C", "3C", "4C", "5C", "6C", "7C"]);
        assert_eq!(hand(5), ["9H", "TH", "JH", "QH", "KH", "AS"]);
        assert_eq!(hand(7), ["8S", "9S", "TS", "JS", "QS", "KS"]);
        // Player 7 holds the seven of spades and opens; Player 8 follows, then Player 1.
        assert_eq!(round.turn(), Seat::new(6));
        let mut round = round;
        round
            .apply(Action::Play(crate::round::SEVEN_OF_SPADES))
            .unwrap();
        assert_eq!(round.turn(), Seat::new(7));
        assert_eq!(round.legal_actions(), [Action::Play("8S".parse().unwrap())]);
        round.apply(Action::Play("8S".parse().unwrap())).unwrap();
        assert_eq!(round.turn(), Seat::new(0));
    }

    #[test]
    fn three_players_take_eighteen_seventeen_and_seventeen() {
        let rules = Rules::HANDOUT.with_house(&["players=3"]).unwrap();
        let round = suits_dealt(&rules);
        let sizes: Vec<usize> = round.seats().map(|s| round.held(s).len()).collect();
        assert_eq!(sizes, [18, 17, 17]);
        // 18 cards: 13 clubs and A-5 of diamonds; the spades (7S among them) go to the
        // third player, who opens.
        assert_eq!(round.turn(), crate::Seat::new(2));
        assert!(Rules::HANDOUT.with_house(&["players=2"]).is_err());
        assert!(Rules::HANDOUT.with_house(&["players=9"]).is_err());
    }

    #[test]
    fn a_player_out_of_cards_is_skipped_while_the_others_play_on() {
        use crate::Outcome;
        let rules = Rules::HANDOUT.with_house(&["players=8"]).unwrap();
        // Unshuffled, eight players: every move the handout's computer makes; the players
        // dealt six cards run out first, and never get a turn after.
        let mut round = suits_dealt(&rules);
        loop {
            let seat = round.turn();
            assert!(
                !round.held(seat).is_empty(),
                "{seat} has a turn with no cards"
            );
            let action = crate::players::computer_decision(&round.view(seat));
            if let Outcome::RoundOver(points) = round.apply(action).unwrap() {
                assert_eq!(points.len(), 8);
                break;
            }
        }
        assert!(round.seats().all(|s| round.held(s).is_empty()));
    }

    #[test]
    fn the_game_ends_by_points_or_rounds() {
        // The handout: 80 points ends it at the end of a round, whatever the round.
        assert!(Rules::HANDOUT.is_over(&[80, 0, 0, 0], 3));
        assert!(!Rules::HANDOUT.is_over(&[79, 79, 79, 79], 30));
        let four = Rules::HANDOUT.with_house(&["end=rounds-4"]).unwrap();
        assert!(!four.is_over(&[200, 0, 0, 0], 3));
        assert!(four.is_over(&[0, 0, 0, 0], 4));
    }
}
