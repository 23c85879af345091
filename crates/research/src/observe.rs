//! Observation tensors: what one seat (or a spectator) may know, as numbers.
//!
//! Built only from the game's public view, the seat's own view and this hand's actions
//! the seat saw (each action's visibility decided by the rules core when it was taken),
//! so a tensor holds nothing the seat's scene does not. Seats are counted from the
//! observer: block entry 0 is the observer, 1 the seat after it, and so on (a spectator's
//! blocks count from seat 0). Cards are numbered as in [`crate::space`].

use cards::Card;
use scene::{FactKind, MarkKind, Phase, Staged};
use table::Turn;

use crate::space::{ActionSpace, CARDS};

/// One block of an observation: its name, its length and what it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// The block's name (`hand`).
    pub name: &'static str,
    /// How many numbers.
    pub len: usize,
    /// What they are.
    pub what: &'static str,
}

/// The phases' numbers in the `phase` block.
const PHASES: usize = 10;
/// The marks' numbers in the `marks` block.
const MARKS: usize = 6;

/// The blocks of an observation of `G` at a table of `seats`, in order.
pub fn layout<G: ActionSpace>(seats: usize) -> Vec<Block> {
    let block = |name, len, what| Block { name, len, what };
    vec![
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
        block("shown", CARDS, "cards shown to everyone: the upcard, a farmer's hand, declined cards"),
        block("points", seats, "per seat: its points in the game so far"),
    ]
}

/// The length of an observation of `G` at a table of `seats`.
pub fn len<G: ActionSpace>(seats: usize) -> usize {
    layout::<G>(seats).iter().map(|b| b.len).sum()
}

/// Writes what `to` (a seat, or `None` for a spectator) may know of `game` into `out`
/// (of [`len`] numbers; all of it is written); `seen` is this hand's actions that `to`
/// saw, each with its seat, in order.
pub fn observe<G: ActionSpace + Staged>(
    game: &G,
    seen: impl Iterator<Item = (usize, G::Action)>,
    to: Option<usize>,
    out: &mut [f32],
) {
    let seating = Seating {
        seats: game.seats(),
        to,
    };
    out.fill(0.0);
    let mut at = Cursor { out, start: 0 };
    own(game, seating, &mut at);
    seen_this_hand::<G>(seen, seating, &mut at);
    middle(game, seating, &mut at);
    around(game, seating, &mut at);
}

/// How many sit, and whose observation it is.
#[derive(Clone, Copy)]
struct Seating {
    seats: usize,
    to: Option<usize>,
}

impl Seating {
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
fn own<G: Staged>(game: &G, seating: Seating, at: &mut Cursor) {
    let view = seating.to.and_then(|seat| game.seat_view(seat));
    let hand = at.next(CARDS);
    if let Some(view) = &view {
        G::hand(view)
            .into_iter()
            .flatten()
            .for_each(|card| mark(hand, card));
    }
    at.next(1)[0] = view.as_ref().map_or(0, |v| G::face_down(v)) as f32;
}

/// `played` and `choices`: this hand's actions the observer saw.
fn seen_this_hand<G: ActionSpace + Staged>(
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
fn middle<G: Staged>(game: &G, seating: Seating, at: &mut Cursor) {
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
    let phase = G::phase(&public);
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
fn around<G: Staged>(game: &G, seating: Seating, at: &mut Cursor) {
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
