//! What the learned bidding model is shown of a bid: the strong player's own estimate
//! of it against passing, and what the bidder can see of its hand, place and score.
//! Everything comes from the bidder's view, so the model cannot read a hidden card.
//!
//! The estimate is there because open-handed play flatters a bid by how much the bidder
//! needs its partner's cards, which the hand's make-up shows (docs/BOTS.md, the
//! `bid_calibration` table): the model learns, from bids played on in real deals, what a
//! bid with this estimate and this hand actually brings.

use cards::euchre_order::TrumpOrder;
use cards::{Rank, Suit};

use crate::players::reading;
use crate::{Action, Phase, Round, View};

/// The inputs' names, in order: the network file must list the same.
pub const INPUTS: [&str; 18] = [
    "estimate",
    "alone",
    "round_two",
    "place_0",
    "place_1",
    "place_2",
    "place_3",
    "upcard_to_us",
    "trumps",
    "right_bower",
    "left_bower",
    "trump_ace",
    "off_aces",
    "void_suits",
    "strength",
    "strength_best_other",
    "our_points_to_go",
    "their_points_to_go",
];

/// How many inputs a bid has.
pub const COUNT: usize = INPUTS.len();

/// The inputs for `bid` (an order-up or a call) made from `view`, whose strong
/// estimate over passing is `estimate` points; `None` for any other action or phase.
pub fn bid_inputs(view: &View<'_>, bid: Action, estimate: f64) -> Option<[f64; COUNT]> {
    let (trump, alone) = match (bid, view.phase()) {
        (Action::OrderUp { alone }, Phase::Making(Round::One)) => (view.upcard().suit(), alone),
        (Action::Call { suit, alone }, Phase::Making(Round::Two)) => (suit, alone),
        _ => return None,
    };
    let round_two = view.phase() == Phase::Making(Round::Two);
    let me = view.turn();
    let dealer = view.dealer();
    let place = (me.index() + 4 - dealer.index()) % 4;
    let cards = view.cards();
    let order = TrumpOrder::euchre(trump);
    let trumps = cards.into_iter().filter(|&c| order.is_trump(c));
    let has = |pred: &dyn Fn(cards::Card) -> bool| f64::from(u8::from(cards.into_iter().any(pred)));
    let off_aces = cards
        .into_iter()
        .filter(|&c| c.rank() == Rank::Ace && !order.is_trump(c))
        .count();
    let void_suits = Suit::ALL
        .into_iter()
        .filter(|&s| {
            s != trump
                && !cards
                    .into_iter()
                    .any(|c| !order.is_trump(c) && c.suit() == s)
        })
        .count();
    let best_other = Suit::ALL
        .into_iter()
        .filter(|&s| s != trump)
        .map(|s| reading::strength(cards, s))
        .fold(0.0, f64::max);
    let target = f64::from(view.rules().points_to_win);
    let scores = view.scores();
    let ours = me.team().index();
    let to_go = |team: usize| (target - f64::from(scores[team])).max(0.0) / target;
    let one_hot = |i: usize| f64::from(u8::from(place == i));
    Some([
        estimate,
        f64::from(u8::from(alone)),
        f64::from(u8::from(round_two)),
        one_hot(0),
        one_hot(1),
        one_hot(2),
        one_hot(3),
        f64::from(u8::from(!round_two && dealer.team() == me.team())),
        trumps.count() as f64,
        has(&|c| order.is_right_bower(c)),
        has(&|c| order.is_left_bower(c)),
        has(&|c| order.is_trump(c) && c.rank() == Rank::Ace),
        off_aces as f64,
        void_suits as f64,
        reading::strength(cards, trump),
        best_other,
        to_go(ours),
        to_go(1 - ours),
    ])
}
