//! Observation tensors: what one seat (or a spectator) may know, as numbers.
//!
//! Built only from the game's public view, the seat's own view and this hand's actions
//! the seat saw (each action's visibility decided by the rules core when it was taken),
//! so a tensor holds nothing the seat's scene does not. Seats are counted from the
//! observer: block entry 0 is the observer, 1 the seat after it, and so on (a spectator's
//! blocks count from seat 0). Cards are numbered as in [`crate::space`].

use cards::Card;
use catalogue::Catalogued;
use scene::{Phase, Sign};
use table::Turn;

pub use table::space::Block;

use crate::space::{ActionSpace, CARDS};

/// The phases' numbers in the `phase` block.
const PHASES: usize = 10;
/// The marks' numbers in the `marks` block.
const MARKS: usize = 6;

/// The blocks of an observation of `G` at a table of `seats`, in order: the ones every
/// game shares, then the game's own ([`ActionSpace::own_blocks`]).
pub fn layout<G: ActionSpace>(seats: usize) -> Vec<Block> {
    let block = |name, len, what| Block { name, len, what };
    let mut shared = vec![
        block("hand", CARDS, "1 for each card the observer holds and may look at"),
        block("face_down", 1, "how many cards it holds face down (a blind dealer)"),
        block("played", seats * CARDS, "per seat: cards it put down this hand that the observer saw"),
        block("choices", seats * G::CHOICES, "per seat: how often it took each card-less action this hand (numbered as the actions)"),
        block("trick", seats * CARDS, "per seat: its card in the trick being played"),
        block("layout", CARDS, "Straights: the cards on the layout"),
        block("phase", PHASES, "one-hot: dealing, declare, order up, name trump, defend alone, discard, pull, tricks, layout, over"),
        block("phase_card", CARDS, "the upcard on offer, or turned down"),
        block("pull", 2 * seats, "one-hot per seat: who pulls, then who is pulled from"),
        block("turn", seats, "one-hot per seat: whose turn it is"),
        block("marks", seats * MARKS, "per seat: dealer, maker, maker alone, defending alone, sitting out, names trump"),
        block("held", seats, "per seat: how many cards it holds"),
        block("tally", seats, "per seat: tricks taken (Straights: cards discarded)"),
        block("trump", 4, "one-hot: the trump suit, once named (suits as Suit::ALL)"),
        block("shown", CARDS, "the upcard, face up in the middle (a farmer's hand and the cards a Teen Do Panch maker declined are not marked)"),
        block("points", seats, "per seat: its points in the game so far"),
    ];
    shared.extend(G::own_blocks(seats));
    shared
}

/// The length of an observation of `G` at a table of `seats`.
pub fn len<G: ActionSpace>(seats: usize) -> usize {
    layout::<G>(seats).iter().map(|b| b.len).sum()
}

/// Writes what `to` (a seat, or `None` for a spectator) may know of `game` into `out`
/// (of [`len`] numbers; all of it is written); `seen` is this hand's actions that `to`
/// saw, each with its seat, in order.
pub fn observe<G: ActionSpace + Catalogued>(
    game: &G,
    seen: impl Iterator<Item = (usize, G::Action)>,
    to: Option<usize>,
    out: &mut [f32],
) {
    let (seating, mut at) = Seating::of(game, to, out);
    let public = game.public();
    own(game, seating, &mut at);
    seen_this_hand::<G>(seen, seating, &mut at);
    middle::<G>(&public, seating, &mut at);
    around(game, &public, seating, &mut at);
    // The game's own blocks are the rest of `out` (of `len` numbers): read so, with no
    // list of blocks made at each observation.
    game.observe_own(to, at.rest());
}

/// How many sit, and whose observation it is.
#[derive(Clone, Copy)]
struct Seating {
    seats: usize,
    to: Option<usize>,
}

impl Seating {
    /// `to`'s seating at `game`, and `out` zeroed, to be written from its start.
    fn of<'a, G: table::Game>(
        game: &G,
        to: Option<usize>,
        out: &'a mut [f32],
    ) -> (Self, Cursor<'a>) {
        out.fill(0.0);
        let seats = game.seats();
        (Seating { seats, to }, Cursor { out, start: 0 })
    }

    /// `seat` counted from the observer.
    fn relative(self, seat: usize) -> usize {
        (seat + self.seats - self.to.unwrap_or(0)) % self.seats
    }
}

/// Where the next block starts.
struct Cursor<'a> {
    out: &'a mut [f32],
    start: usize,
}

impl Cursor<'_> {
    /// Every number not yet written.
    fn rest(&mut self) -> &mut [f32] {
        let start = std::mem::replace(&mut self.start, self.out.len());
        &mut self.out[start..]
    }

    /// The next block, of `len` numbers.
    fn next(&mut self, len: usize) -> &mut [f32] {
        let block = &mut self.out[self.start..self.start + len];
        self.start += len;
        block
    }
}

/// Marks `card` in a block of [`CARDS`] numbers.
fn mark(block: &mut [f32], card: Card) {
    block[card.index()] = 1.0;
}

/// `hand` and `face_down`: the observer's own cards.
fn own<G: Catalogued>(game: &G, seating: Seating, at: &mut Cursor) {
    let view = seating.to.and_then(|seat| game.seat_view(seat));
    let hand = at.next(CARDS);
    if let Some(view) = &view {
        G::own_cards(view).iter().for_each(|card| mark(hand, card));
    }
    at.next(1)[0] = view.as_ref().map_or(0, |v| G::face_down(v)) as f32;
}

/// `played` and `choices`: this hand's actions the observer saw.
fn seen_this_hand<G: ActionSpace + Catalogued>(
    seen: impl Iterator<Item = (usize, G::Action)>,
    seating: Seating,
    at: &mut Cursor,
) {
    let seats = seating.seats;
    let played = at.start;
    at.next(seats * CARDS);
    let choices = at.start;
    at.next(seats * G::CHOICES);
    for (seat, action) in seen {
        let seat = seating.relative(seat);
        match G::card_of(&action) {
            Some((card, _)) => at.out[played + seat * CARDS + card.index()] = 1.0,
            None => at.out[choices + seat * G::CHOICES + G::action_id(&action)] += 1.0,
        }
    }
}

/// `trick`, `layout`, `phase`, `phase_card` and `pull`: the middle of the table.
fn middle<G: Catalogued>(public: &G::Public<'_>, seating: Seating, at: &mut Cursor) {
    let trick = at.next(seating.seats * CARDS);
    G::trick_plays(public, &mut |played| {
        mark(
            &mut trick[seating.relative(played.seat) * CARDS..],
            played.card,
        )
    });
    let layout = at.next(CARDS);
    G::layout_cards(public)
        .iter()
        .for_each(|card| mark(layout, card));
    phases::<G>(public, seating, at);
}

/// `phase`, `phase_card` and `pull`: what the hand waits for.
fn phases<G: Catalogued>(public: &G::Public<'_>, seating: Seating, at: &mut Cursor) {
    let phase = G::phase(public);
    at.next(PHASES)[phase_number(&phase)] = 1.0;
    let phase_card = at.next(CARDS);
    match phase {
        Phase::OrderUp { upcard } => mark(phase_card, upcard),
        Phase::NameTrump {
            turned_down: Some(card),
            ..
        } => mark(phase_card, card),
        _ => {}
    }
    let pull = at.next(2 * seating.seats);
    if let Phase::Pull { puller, victim } = phase {
        pull[seating.relative(puller)] = 1.0;
        pull[seating.seats + seating.relative(victim)] = 1.0;
    }
}

/// `turn`, `marks`, `held`, `tally`, `trump`, `shown` and `points`.
fn around<G: Catalogued>(game: &G, public: &G::Public<'_>, seating: Seating, at: &mut Cursor) {
    let seats = seating.seats;
    let turn = at.next(seats);
    if let Turn::Seat(seat) = game.turn() {
        turn[seating.relative(seat)] = 1.0;
    }
    let (marks, held, tally) = (
        at.start,
        at.start + seats * MARKS,
        at.start + seats * (MARKS + 1),
    );
    at.next(seats * (MARKS + 2));
    for seat in 0..seats {
        let shown = G::seat_shown(public, seat);
        let at_seat = seating.relative(seat);
        for kind in shown.marks.kinds() {
            at.out[marks + at_seat * MARKS + kind.number()] = 1.0;
        }
        at.out[held + at_seat] = shown.held as f32;
        at.out[tally + at_seat] = shown.count as f32;
    }
    let (trump, shown) = (at.start, at.start + 4);
    at.next(4 + CARDS);
    G::signs(public, &mut |sign| match sign {
        Sign::Trump { suit, .. } => at.out[trump + suit.index()] = 1.0,
        // Of the cards the signs name, only the upcard is marked, as before (the layout
        // says so); a farmer's hand and declined cards would change the tensor.
        Sign::Upcard { card, .. } => at.out[shown + card.index()] = 1.0,
        _ => {}
    });
    let points = at.next(seats);
    for (seat, value) in game.points().into_iter().enumerate() {
        points[seating.relative(seat)] = value as f32;
    }
}

fn phase_number(phase: &Phase) -> usize {
    match phase {
        Phase::Dealing => 0,
        Phase::Declare => 1,
        Phase::OrderUp { .. } => 2,
        Phase::NameTrump { .. } => 3,
        Phase::DefendAlone => 4,
        Phase::Discard => 5,
        Phase::Pull { .. } => 6,
        Phase::Tricks => 7,
        Phase::Layout => 8,
        Phase::Over => 9,
    }
}

#[cfg(test)]
mod tests {
    //! The tensor read from the scene's typed layer against the tensor read from its
    //! words, the way it was built before (kept here as it was): equal at every position
    //! of random games under every combination of rules, for every seat and a spectator.

    use catalogue::{Ruleset, WithGameOf};
    use proptest::prelude::*;
    use rand::SeedableRng;
    use scene::{FactKind, MarkKind};
    use table::Rng;

    use super::*;
    use crate::game_state::Playable;
    use crate::observers;

    /// The observation as it was built from the scene's words.
    fn observe_from_words<G: ActionSpace + Catalogued>(
        game: &G,
        seen: impl Iterator<Item = (usize, G::Action)>,
        to: Option<usize>,
        out: &mut [f32],
    ) {
        let (seating, mut at) = Seating::of(game, to, out);
        let view = seating.to.and_then(|seat| game.seat_view(seat));
        let hand = at.next(CARDS);
        if let Some(view) = &view {
            G::hand(view)
                .into_iter()
                .flatten()
                .for_each(|card| mark(hand, card));
        }
        at.next(1)[0] = view.as_ref().map_or(0, |v| G::face_down(v)) as f32;
        seen_this_hand::<G>(seen, seating, &mut at);
        middle_from_words(game, seating, &mut at);
        around_from_words(game, seating, &mut at);
    }

    fn middle_from_words<G: Catalogued>(game: &G, seating: Seating, at: &mut Cursor) {
        let public = game.public();
        let trick = at.next(seating.seats * CARDS);
        for played in G::trick(&public).map(|t| t.0).unwrap_or_default() {
            mark(
                &mut trick[seating.relative(played.seat) * CARDS..],
                played.card,
            );
        }
        let layout = at.next(CARDS);
        for row in G::layout(&public).unwrap_or_default() {
            row.slots
                .into_iter()
                .flatten()
                .for_each(|card| mark(layout, card));
        }
        phases::<G>(&public, seating, at);
    }

    fn around_from_words<G: ActionSpace + Catalogued>(game: &G, seating: Seating, at: &mut Cursor) {
        let (public, seats) = (game.public(), seating.seats);
        let turn = at.next(seats);
        if let Turn::Seat(seat) = game.turn() {
            turn[seating.relative(seat)] = 1.0;
        }
        let parts: Vec<_> = (0..seats)
            .map(|seat| G::seat_parts(&public, seat))
            .collect();
        let marks = at.next(seats * MARKS);
        for (seat, (seat_marks, _, _)) in parts.iter().enumerate() {
            for m in seat_marks {
                marks[seating.relative(seat) * MARKS + mark_number(m.kind)] = 1.0;
            }
        }
        let held = at.next(seats);
        for (seat, (_, count, _)) in parts.iter().enumerate() {
            held[seating.relative(seat)] = *count as f32;
        }
        let tally = at.next(seats);
        for (seat, (_, _, seat_tally)) in parts.iter().enumerate() {
            tally[seating.relative(seat)] = seat_tally.count as f32;
        }
        let facts = G::facts(&public, seating.to, &vec![String::new(); seats]);
        let trump = at.next(4);
        for fact in facts.iter().filter(|f| f.kind == FactKind::Trump) {
            fact.suit
                .into_iter()
                .for_each(|suit| trump[suit.index()] = 1.0);
        }
        let shown = at.next(CARDS);
        for fact in facts.iter().filter(|f| f.kind != FactKind::Trump) {
            fact.card.into_iter().for_each(|card| mark(shown, card));
        }
        let points = at.next(seats);
        for (seat, value) in game.points().into_iter().enumerate() {
            points[seating.relative(seat)] = value as f32;
        }
        // The games' own blocks as the words say them: Teen Do Panch's quota is each
        // seat's tally's (`Tricks 1, quota 5`).
        for block in G::own_blocks(seats) {
            let numbers = at.next(block.len);
            assert_eq!(
                block.name, "quota",
                "a game's own block the words do not read"
            );
            for (seat, (_, _, seat_tally)) in parts.iter().enumerate() {
                numbers[seating.relative(seat)] = seat_tally.quota.unwrap_or(0) as f32;
            }
        }
    }

    /// The marks' numbers as the words-reading tensor wrote them.
    fn mark_number(kind: MarkKind) -> usize {
        match kind {
            MarkKind::Dealer => 0,
            MarkKind::Maker => 1,
            MarkKind::MakerAlone => 2,
            MarkKind::DefendingAlone => 3,
            MarkKind::SittingOut => 4,
            MarkKind::NamesTrump => 5,
        }
    }

    /// A whole random game from `seed`, both tensors compared for every observer at every
    /// seat's turn.
    struct Compare {
        seed: u64,
    }

    /// What a comparison saw: the positions compared, where the tensors differed, and the
    /// blocks that held a number other than zero somewhere (so that a comparison is
    /// known not to pass on empty blocks alone).
    #[derive(Debug, Default)]
    struct Seen {
        positions: usize,
        differences: Vec<String>,
        filled: Vec<&'static str>,
    }

    impl Seen {
        /// Notes the blocks of `tensor` that hold a number other than zero.
        fn fill<G: ActionSpace>(&mut self, seats: usize, tensor: &[f32]) {
            let mut start = 0;
            for block in layout::<G>(seats) {
                let numbers = &tensor[start..start + block.len];
                if numbers.iter().any(|&n| n != 0.0) && !self.filled.contains(&block.name) {
                    self.filled.push(block.name);
                }
                start += block.len;
            }
        }
    }

    impl<G: Playable> WithGameOf<G> for Compare {
        type Output = Seen;
        fn run(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Seen {
            let (mut game, mut rng) = (new(), Rng::seed_from_u64(self.seed));
            let seats = game.seats();
            let len = super::len::<G>(seats);
            let (mut typed, mut words) = (vec![f32::NAN; len], vec![f32::NAN; len]);
            let mut hand: Vec<(usize, G::Action, u16)> = Vec::new();
            let (mut seen, mut scratch) = (Seen::default(), Vec::new());
            loop {
                let seat = match game.turn() {
                    Turn::Over => return seen,
                    Turn::Chance => {
                        game.deal(&mut rng);
                        hand.clear();
                        continue;
                    }
                    Turn::Seat(seat) => seat,
                };
                for to in (0..seats).map(Some).chain([None]) {
                    let saw =
                        |&&(_, _, s): &&(usize, G::Action, u16)| observers::include(s, seats, to);
                    let seen_by = || hand.iter().filter(saw).map(|&(s, a, _)| (s, a));
                    observe(&game, seen_by(), to, &mut typed);
                    observe_from_words(&game, seen_by(), to, &mut words);
                    if typed != words {
                        let at = format!("{to:?}, {} actions into the hand", hand.len());
                        seen.differences.push(at);
                    }
                    seen.fill::<G>(seats, &typed);
                    seen.positions += 1;
                }
                let action = game.random_legal_action(&mut rng, &mut scratch);
                let visible = observers::mask(seats, |to| game.reveals(&action, seat, to));
                game.apply_legal(action);
                hand.push((seat, action, visible));
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

        /// Under every combination of rules, every position of a random game.
        #[test]
        fn the_typed_tensor_is_the_tensor_read_from_words(rules in catalogue::rulesets(5), seed in any::<u64>()) {
            let seen = rules.with_game_of(Compare { seed });
            prop_assert!(seen.positions > 0);
            prop_assert!(seen.differences.is_empty(), "{:?}", seen.differences);
        }
    }

    /// Random games of every variant's plain rules fill every block the comparison reads
    /// but `face_down` (a blind dealer, under a house rule), so equal tensors are not
    /// equally empty ones.
    #[test]
    fn the_comparison_reads_filled_blocks() {
        let mut filled = Vec::new();
        for variant in catalogue::Variant::ALL {
            for seed in 0..3 {
                let seen = Ruleset::plain(variant, 5).with_game_of(Compare { seed });
                assert!(
                    seen.differences.is_empty(),
                    "{variant:?}: {:?}",
                    seen.differences
                );
                filled.extend(seen.filled);
            }
        }
        let names = layout::<euchre::Game>(4).into_iter().map(|b| b.name);
        let empty: Vec<_> = names.filter(|name| !filled.contains(name)).collect();
        assert_eq!(empty, ["face_down"]);
    }
}
