//! What a face shows of each game: the JSON of one seat's view, and who may see an
//! action. Every field comes from that seat's `view`, so a hidden card cannot leak here:
//! the rules core never shows a seat another hand.

use serde_json::{json, Value};

/// What every face (the server, a web client) shows of a game.
pub trait Shown: table::Game {
    /// What `seat` may see as JSON; with `own` false, only what every seat sees (a
    /// spectator's picture, built from seat 0's view less its private parts).
    fn view_json(&self, seat: usize, own: bool) -> Value;

    /// Whether `to` (a seat, or `None` for a spectator) may see `action` by `actor`,
    /// taken in this state: a face-down discard shows only to its owner.
    fn reveals(&self, action: &Self::Action, actor: usize, to: Option<usize>) -> bool;
}

fn cards(set: impl IntoIterator<Item = cards::Card>) -> Value {
    set.into_iter().map(|c| c.to_string()).collect()
}

/// A hand grouped by suit as the game ranks it, for faces to draw: trump first (with its
/// bowers, under `order`), the other suits alternating colour, each strongest first; with
/// `ace_low` (Straights) ace to king.
fn by_suit(
    hand: cards::CardSet,
    order: Option<cards::euchre_order::TrumpOrder>,
    ace_low: bool,
) -> Value {
    use cards::Suit;
    let mut suits = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];
    if let Some(order) = order {
        let at = suits.iter().position(|&s| s == order.trump()).unwrap_or(0);
        suits.rotate_left(at);
    }
    let groups: Vec<Value> = suits
        .into_iter()
        .map(|suit| {
            let of_suit = order.map_or(cards::CardSet::suit(suit), |o| o.cards_of(suit));
            let mut group: Vec<cards::Card> = hand.intersection(of_suit).iter().collect();
            match (order, ace_low) {
                (_, true) => group.sort_by_key(|c| c.rank().pips()),
                (Some(order), false) => group.sort_by_key(|&c| std::cmp::Reverse(order.key(c))),
                (None, false) => group.sort_by_key(|&c| std::cmp::Reverse(c.index())),
            }
            group
        })
        .filter(|group| !group.is_empty())
        .map(cards)
        .collect();
    Value::Array(groups)
}

fn trick_json(plays: impl Iterator<Item = (usize, cards::Card)>) -> Value {
    plays
        .map(|(seat, card)| json!({"seat": seat, "card": card.to_string()}))
        .collect()
}

impl Shown for euchre::Game {
    fn view_json(&self, seat: usize, own: bool) -> Value {
        let Some(view) = self.view(euchre::Seat::new(seat)) else {
            return json!({});
        };
        let seats = euchre::Seat::ALL;
        let mut value = json!({
            "dealer": view.dealer().index(),
            "phase": format!("{:?}", view.phase()),
            "turn": view.turn().index(),
            "upcard": view.upcard().to_string(),
            "trump": view.trump().map(|s| s.letter().to_string()),
            "maker": view.maker().map(|s| s.index()),
            "alone": view.is_alone(),
            "sitting_out": view.sitting_out().map(|s| s.index()),
            "trick": trick_json(view.trick().plays().map(|(s, c)| (s.index(), c))),
            "winning": view.trump_order().and_then(|o| view.trick().winning(o)).map(|(s, _)| s.index()),
            "tricks_won": seats.map(|s| view.tricks_won(s)),
            "hand_sizes": seats.map(|s| view.hand_size(s)),
            "team_scores": view.scores(),
        });
        if own {
            value["hand"] = cards(view.cards());
            value["hand_by_suit"] = by_suit(view.cards(), view.trump_order(), false);
            value["discard"] = json!(view.discard().map(|c| c.to_string()));
        }
        value
    }

    fn reveals(&self, action: &euchre::Action, actor: usize, to: Option<usize>) -> bool {
        !matches!(action, euchre::Action::Discard(_)) || to == Some(actor)
    }
}

impl Shown for straights::Game {
    fn view_json(&self, seat: usize, own: bool) -> Value {
        let Some(view) = self.view(straights::Seat::new(seat)) else {
            return json!({});
        };
        let seats = straights::Seat::ALL;
        let layout: serde_json::Map<String, Value> = cards::Suit::ALL
            .into_iter()
            .map(|suit| {
                let run = view.layout().run(suit);
                let played = run.into_iter().map(|r| cards::Card::new(r, suit));
                (suit.letter().to_string(), cards(played))
            })
            .collect();
        let mut value = json!({
            "turn": self.round().map(|r| r.turn().index()),
            "layout": layout,
            "hand_sizes": seats.map(|s| view.hand_size(s)),
            "discard_counts": seats.map(|s| view.discard_count(s)),
            "round": self.rounds(),
        });
        if own {
            value["hand"] = cards(view.hand());
            value["hand_by_suit"] = by_suit(view.hand().collect(), None, true);
            value["discards"] = cards(view.discards());
        }
        value
    }

    fn reveals(&self, action: &straights::Action, actor: usize, to: Option<usize>) -> bool {
        !matches!(action, straights::Action::Discard(_)) || to == Some(actor)
    }
}

impl Shown for teendopanch::Game {
    fn view_json(&self, seat: usize, own: bool) -> Value {
        let Some(view) = self.view(teendopanch::Seat::new(seat)) else {
            return json!({});
        };
        let seats = teendopanch::Seat::ALL;
        let mut value = json!({
            "dealer": view.dealer().index(),
            "maker": view.maker().index(),
            "phase": format!("{:?}", view.phase()),
            "turn": view.turn().index(),
            "trump": view.trump().map(|s| s.letter().to_string()),
            "quotas": view.quotas(),
            "trick": trick_json(view.trick().plays().map(|(s, c)| (s.index(), c))),
            "winning": view.trump_order().and_then(|o| view.trick().winning(o)).map(|(s, _)| s.index()),
            "tricks_won": seats.map(|s| view.tricks_won(s)),
            "hand_sizes": seats.map(|s| view.hand_size(s)),
            "pulling": view.pulling().map(|(puller, victim)| json!({
                "puller": puller.index(), "victim": victim.index()
            })),
        });
        if own {
            value["hand"] = cards(view.holding().cards());
            value["hand_by_suit"] = by_suit(view.holding().set(), view.trump_order(), false);
            value["taken"] = json!(view.pull().map(|p| p.taken.to_string()));
        }
        value
    }

    /// A card given back in a pull shows to the two players of the pull.
    fn reveals(&self, action: &teendopanch::Action, actor: usize, to: Option<usize>) -> bool {
        match action {
            teendopanch::Action::Return(_) => {
                let victim = self.hand().and_then(|h| h.pull()).map(|p| p.victim.index());
                to == Some(actor) || to == victim
            }
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards::euchre_order::TrumpOrder;
    use cards::{CardSet, Suit};

    fn hand(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    fn groups(value: Value) -> Vec<Vec<String>> {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn a_euchre_hand_puts_both_bowers_at_the_head_of_trump() {
        // Hearts trump: J♥ right bower, J♦ left bower, A♥; then clubs, then spades
        // (colours alternate from trump: hearts, clubs, diamonds, spades).
        let order = TrumpOrder::euchre(Suit::Hearts);
        let shown = by_suit(hand("9S JD AH JH QC AS"), Some(order), false);
        assert_eq!(
            groups(shown),
            [vec!["JH", "JD", "AH"], vec!["QC"], vec!["AS", "9S"]]
        );
    }

    #[test]
    fn straights_hands_run_ace_to_king_and_unmade_trump_keeps_suit_order() {
        let shown = by_suit(hand("KS AS 7S 2H"), None, true);
        assert_eq!(groups(shown), [vec!["AS", "7S", "KS"], vec!["2H"]]);
        let shown = by_suit(hand("9D JD AC"), None, false);
        assert_eq!(groups(shown), [vec!["AC"], vec!["JD", "9D"]]);
        // Without bowers (Teen Do Panch) a jack stays in its own suit.
        let order = TrumpOrder::without_bowers(Suit::Hearts);
        let shown = by_suit(hand("JD AH 8H"), Some(order), false);
        assert_eq!(groups(shown), [vec!["AH", "8H"], vec!["JD"]]);
    }
}
