//! What the trick-taking games (Euchre, Teen Do Panch) show alike: the trick in
//! progress and who is winning it, trump as a fact, and the questions of making trump
//! and of playing to a trick.

use cards::euchre_order::TrumpOrder;
use cards::trick::Trick;
use cards::Suit;

use crate::words::suit_words;
use crate::{Fact, FactKind, Played};

/// A trick's plays with their seats, in the order played.
fn plays<'t, S: Copy + 't, const N: usize>(
    trick: &'t Trick<S, N>,
    index: impl Fn(S) -> usize + 't,
) -> impl Iterator<Item = Played> + 't {
    (trick.plays()).map(move |(seat, card)| Played {
        seat: index(seat),
        card,
    })
}

/// The plays of the trick in progress of the hand, if one is dealt, given to `each`.
pub fn each_play<S: Copy, const N: usize>(
    trick: Option<&Trick<S, N>>,
    index: impl Fn(S) -> usize,
    each: &mut dyn FnMut(Played),
) {
    trick
        .into_iter()
        .for_each(|t| plays(t, &index).for_each(&mut *each));
}

/// The trick in progress of the hand, if one is dealt (its trick and trump's order): its
/// plays, and the seat winning it once trump is made; nothing before the first deal.
pub fn in_hand<S: Copy, const N: usize>(
    hand: Option<(&Trick<S, N>, Option<TrumpOrder>)>,
    index: impl Fn(S) -> usize,
) -> (Vec<Played>, Option<usize>) {
    let Some((trick, order)) = hand else {
        return Default::default();
    };
    let winning = order.and_then(|o| trick.winning(o)).map(|(s, _)| index(s));
    (plays(trick, index).collect(), winning)
}

/// The trick in progress of a hand without trump (Hearts), if one is dealt: its plays,
/// and the seat winning it, the highest card of the suit led
/// ([`Trick::winning_led`]).
pub fn in_hand_no_trump<S: Copy, const N: usize>(
    trick: Option<&Trick<S, N>>,
    index: impl Fn(S) -> usize,
) -> (Vec<Played>, Option<usize>) {
    let Some(trick) = trick else {
        return Default::default();
    };
    let winning = trick.winning_led().map(|(s, _)| index(s));
    (plays(trick, index).collect(), winning)
}

/// `Trump Hearts ♥` and what follows it (`, made by West`, the `maker`), in trump's
/// colour.
pub fn trump(suit: Suit, after: String, maker: Option<usize>) -> Fact {
    Fact {
        kind: FactKind::Trump,
        text: format!("Trump {}{after}", suit_words(suit)),
        seat: maker,
        card: None,
        suit: Some(suit),
    }
}

/// The texts whose condition holds, in order: a seat's marks, the help for the
/// question asked.
pub fn holding<const N: usize>(texts: [(bool, &str); N]) -> Vec<String> {
    let held = texts.into_iter().filter(|(holds, _)| *holds);
    held.map(|(_, text)| text.to_string()).collect()
}

/// A fact in words, naming `seat` where it names one.
pub fn fact(kind: FactKind, text: impl Into<String>, seat: Option<usize>) -> Fact {
    Fact {
        kind,
        text: text.into(),
        seat,
        card: None,
        suit: None,
    }
}

/// The question of naming trump.
pub fn name_trump(may_pass: bool) -> String {
    let or = if may_pass {
        ", or pass"
    } else {
        ": you may not pass"
    };
    format!("Name trump{or}")
}

/// The question of a card to a trick: its lead, or a card to follow.
pub fn play(trick_empty: bool) -> String {
    let question = if trick_empty {
        "Lead a card"
    } else {
        "Play a card"
    };
    question.into()
}
