//! What the per-seat JSON views and actions mean in words and in order: card names,
//! action names, prompts, help, and a hand sorted by suit as the game ranks it.

use cards::{Card, Rank, Suit};
use serde_json::Value;

/// A card as the views spell it (`JH`).
pub fn card(value: &Value) -> Option<Card> {
    value.as_str()?.parse().ok()
}

/// The cards of a JSON list.
pub fn cards(value: &Value) -> Vec<Card> {
    value
        .as_array()
        .map(|list| list.iter().filter_map(card).collect())
        .unwrap_or_default()
}

/// `♠`.
pub fn symbol(suit: Suit) -> char {
    match suit {
        Suit::Spades => '♠',
        Suit::Hearts => '♥',
        Suit::Clubs => '♣',
        Suit::Diamonds => '♦',
    }
}

/// Hearts and diamonds.
pub fn is_red(suit: Suit) -> bool {
    matches!(suit, Suit::Hearts | Suit::Diamonds)
}

/// `10♥`, `J♦`.
pub fn show(card: Card) -> String {
    let rank = match card.rank() {
        Rank::Ten => "10".to_string(),
        other => other.symbol().to_string(),
    };
    format!("{rank}{}", symbol(card.suit()))
}

/// A suit by its letter (`H`) or name (`Hearts`), as views and actions spell it.
pub fn suit(value: &Value) -> Option<Suit> {
    let text = value.as_str()?;
    Suit::ALL
        .into_iter()
        .find(|s| s.name() == text || s.letter().to_string() == text)
}

/// An action's kind (`Pass`, `Play`, …) and what it carries.
pub fn kind(action: &Value) -> (&str, &Value) {
    match action {
        Value::String(kind) => (kind, &Value::Null),
        Value::Object(map) => map
            .iter()
            .next()
            .map_or(("", &Value::Null), |(k, v)| (k.as_str(), v)),
        _ => ("", &Value::Null),
    }
}

/// The card an action plays, discards or gives back.
pub fn card_of(action: &Value) -> Option<Card> {
    match kind(action) {
        ("Play" | "Discard" | "Return", value) => card(value),
        _ => None,
    }
}

fn alone(value: &Value) -> bool {
    value["alone"].as_bool().unwrap_or(false)
}

/// `Hearts ♥`.
fn suit_words(suit: Option<Suit>) -> String {
    suit.map_or("?".to_string(), |s| format!("{} {}", s.name(), symbol(s)))
}

/// A choice button's words (`Order up, alone`, `Hearts ♥`).
pub fn choice(action: &Value) -> String {
    let named = suit_words;
    match kind(action) {
        ("Pass", _) => "Pass".into(),
        ("OrderUp", v) if alone(v) => "Order up, alone".into(),
        ("OrderUp", _) => "Order up".into(),
        ("Call", v) if v.is_string() => named(suit(v)),
        ("Call", v) if alone(v) => format!("{}, alone", named(suit(&v["suit"]))),
        ("Call", v) => named(suit(&v["suit"])),
        _ => action.to_string(),
    }
}

/// What someone did, after their name: `plays J♥`. `None` is an action hidden from the
/// person.
pub fn describe(game: &str, action: Option<&Value>) -> String {
    let Some(action) = action else {
        return if game == "teendopanch" {
            "gives back a card".into()
        } else {
            "discards a card face down".into()
        };
    };
    let text = |v: &Value| card(v).map_or("?".into(), show);
    let named = suit_words;
    match kind(action) {
        ("Pass", _) => "passes".into(),
        ("OrderUp", v) if alone(v) => "orders up and goes alone".into(),
        ("OrderUp", _) => "orders up".into(),
        ("Call", v) if v.is_string() => format!("names {} trump", named(suit(v))),
        ("Call", v) if alone(v) => {
            format!("names {} trump and goes alone", named(suit(&v["suit"])))
        }
        ("Call", v) => format!("names {} trump", named(suit(&v["suit"]))),
        ("Discard", v) if game == "straights" => format!("discards {} face down", text(v)),
        ("Discard", v) => format!("discards {}", text(v)),
        ("Return", v) => format!("gives back {}", text(v)),
        ("Play", v) => format!("plays {}", text(v)),
        _ => action.to_string(),
    }
}

/// The coach's rows: each legal action, its value, and the strong player's pick marked.
pub fn coach_rows(advice: &table::search::Advice<Value>) -> Vec<String> {
    let rows = advice.actions.iter().zip(&advice.values).enumerate();
    rows.map(|(i, (action, value))| {
        let name = match card_of(action) {
            Some(card) => format!("{} {}", kind(action).0.to_lowercase(), show(card)),
            None => choice(action),
        };
        let value = if value.is_nan() {
            "only choice".to_string()
        } else {
            format!("{value:+.2}")
        };
        let best = if i == advice.choice {
            "  <- the strong player's choice"
        } else {
            ""
        };
        format!("{name:<22} {value:>11}{best}")
    })
    .collect()
}

/// A phrase of [`describe`] said of the person: "plays" → "play".
pub fn to_you(phrase: &str) -> String {
    let (verb, rest) = phrase.split_once(' ').unwrap_or((phrase, ""));
    let verb = match verb {
        "passes" => "pass",
        "orders" => "order",
        "names" => "name",
        "discards" => "discard",
        "gives" => "give",
        "plays" => "play",
        other => other,
    };
    let rest = rest.replace("goes alone", "go alone");
    if rest.is_empty() {
        verb.to_string()
    } else {
        format!("{verb} {rest}")
    }
}

/// What the person is asked, from the legal actions.
pub fn question(game: &str, view: &Value, legal: &[Value]) -> String {
    let has = |k: &str| legal.iter().any(|a| kind(a).0 == k);
    if game == "straights" {
        return if has("Play") {
            "Play a card onto the layout".into()
        } else {
            "No card fits the layout: discard one face down".into()
        };
    }
    if has("OrderUp") {
        let upcard = card(&view["upcard"]).map_or("upcard".into(), show);
        return format!("Order up the {upcard}, or pass");
    }
    if has("Call") {
        return if has("Pass") {
            "Name trump, or pass".into()
        } else {
            "Name trump: you may not pass".into()
        };
    }
    if has("Discard") {
        return "Discard a card: you took the upcard".into();
    }
    if has("Return") {
        return "Give back a card for the one you pulled".into();
    }
    if view["trick"].as_array().is_some_and(|t| t.is_empty()) {
        "Lead a card".into()
    } else {
        "Play a card".into()
    }
}

/// Help for the question at hand.
pub fn help(game: &str, legal: &[Value]) -> Vec<String> {
    let has = |k: &str| legal.iter().any(|a| kind(a).0 == k);
    let mut lines = Vec::new();
    if has("OrderUp") {
        lines.push("Ordering up makes the upcard's suit trump; the dealer takes the upcard and discards. Pass to let the next player decide.".into());
    }
    if has("Call") {
        lines.push("Name any suit but the turned-down upcard's as trump (alone: your partner sits out; all five tricks score 4).".into());
    }
    if has("Discard") && game == "euchre" {
        lines.push("You took the upcard: discard one card face down.".into());
    }
    if has("Return") {
        lines.push("You pulled a card from a player who fell short of their quota; give one back (not the one you took).".into());
    }
    if has("Play") {
        lines.push(match game {
            "straights" => "A seven starts its suit's row; a card fits next to the end of its suit's row. The 7♠ leads. With no card that fits, discard one face down: its pips count against you.".into(),
            "euchre" => "Follow the suit led if you can (the left bower is trump). Trump beats every other suit; the right bower (jack of trump) is highest, then the left (the other jack of its colour).".into(),
            _ => "Follow the suit led if you can; trump beats the other suits. Reach your quota of tricks: above it you pull cards next hand.".into(),
        });
    }
    if has("Discard") && game == "straights" {
        lines.push("No card fits the layout: discard one face down; its pips count against you at the round's end.".into());
    }
    lines
}

/// The person's cards grouped by suit as the rules core ranks them (the view's
/// `hand_by_suit`: trump first with its bowers, colours alternating, strongest first).
pub fn grouped(view: &Value) -> Vec<Vec<Card>> {
    view["hand_by_suit"]
        .as_array()
        .map(|groups| groups.iter().map(cards).collect())
        .unwrap_or_default()
}

/// How many cards a trick of the hand holds (three when a Euchre maker goes alone).
pub fn trick_size(game: &str, log: &[crate::session::Entry]) -> usize {
    if game == "teendopanch" {
        return 3;
    }
    let alone = log.iter().any(|e| {
        e.action
            .as_ref()
            .is_some_and(|a| matches!(kind(a), ("OrderUp" | "Call", v) if alone(v)))
    });
    if alone {
        3
    } else {
        4
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn actions_read_as_a_person_says_them() {
        assert_eq!(
            choice(&json!({"OrderUp": {"alone": true}})),
            "Order up, alone"
        );
        assert_eq!(choice(&json!({"Call": "Spades"})), "Spades ♠");
        assert_eq!(
            describe("euchre", Some(&json!({"Play": "TH"}))),
            "plays 10♥"
        );
        assert_eq!(describe("straights", None), "discards a card face down");
        assert_eq!(
            card_of(&json!({"Return": "8H"})),
            Some("8H".parse().unwrap())
        );
    }
}
