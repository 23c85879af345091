//! The one-point EECS 280 game worked by hand in
//! `a_finished_game_is_listed_with_its_end_its_winners_and_each_seats_side` (seats 1 and
//! 3 take it): its pack, its table and its actions, here once so that every test that
//! plays it (rated or not) plays the game the working is about.

use catalogue::GameKind;

use crate::store::{Deals, Seed, TableRow};

/// A card by its short name (`JS`, `TD`).
fn card(name: &str) -> cards::Card {
    name.parse().unwrap()
}

/// The table `id`, dealt from the pack in order: private, unrated, people at seats 0 and 2
/// and random computers at 1 and 3. A test changes what its check is about.
pub(super) fn table(id: &str) -> TableRow {
    let deck = "9S TS JS QS KS AS 9H TH JH QH KH AH 9C TC JC QC KC AC 9D TD JD QD KD AD";
    TableRow {
        id: id.into(),
        game: GameKind::Euchre,
        rules: "eecs280".into(),
        points: 1,
        house: Vec::new(),
        seed: Seed::new(1),
        deals: Deals::new(vec![deck.split(' ').map(card).collect()]),
        public: false,
        bots: vec![None, Some("random".into()), None, Some("random".into())],
        autopilot_seconds: 20,
        coach: false,
        rated: false,
        speed: scene::Speed::Instant,
    }
}

/// Every action in order: everyone passes the J♦, seat 1 calls spades, and the five
/// tricks are played.
pub(super) fn actions() -> Vec<euchre::Action> {
    use euchre::Action::{Call, Pass, Play};
    let mut actions = vec![Pass, Pass, Pass, Pass];
    actions.push(Call {
        suit: cards::Suit::Spades,
        alone: false,
    });
    for c in "JS QS AS 9D TS KS 9H TD JC QC AC 9S 9C KC JH KH TH QH AH TC".split(' ') {
        actions.push(Play(card(c)));
    }
    actions
}
