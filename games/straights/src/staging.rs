//! Straights' scene: the layout in the middle, discards counted against each player.

use crate::{Action, Game, Points, Public, Seat, View};
use cards::{Card, CardSet, Rank, Suit};

use staging::words::{by_suit, card_text, cards_text, suit_symbol, verb, verb_then};
use staging::{
    HandEndKind, InForce, LayoutRow, Lesson, Marks, Names, Phase, Played, SeatShown, Sign, Staged,
    TallyKind,
};

impl Staged for Game {
    const HAND_WORD: &'static str = "Round";
    const POINTS_TO_WIN: bool = false;

    fn lessons(rules: &InForce) -> Vec<Lesson> {
        lessons(rules)
    }

    fn rules_words(_: &Public<'_>) -> &'static str {
        "CS 246 rules"
    }

    fn goal_words(public: &Public<'_>, _points_to_win: u32) -> String {
        match public.rules().end {
            crate::End::Points(points) => format!("ends at {points} points, lowest score wins"),
            crate::End::Rounds(1) => "one round, lowest score wins".into(),
            crate::End::Rounds(rounds) => format!("{rounds} rounds, lowest score wins"),
        }
    }

    fn phase(public: &Public<'_>) -> Phase {
        match public.round() {
            Some(round) if !round.is_over() => Phase::Layout,
            _ => Phase::Dealing,
        }
    }

    fn seat_shown(public: &Public<'_>, seat: usize) -> SeatShown {
        let Some(view) = public.round() else {
            return SeatShown {
                tally: TallyKind::Discards,
                ..SeatShown::UNDEALT
            };
        };
        let s = Seat::new(seat);
        let (tally, count) = if view.passing() {
            (TallyKind::Passes, view.pass_count(s) as usize)
        } else {
            (TallyKind::Discards, view.discard_count(s))
        };
        SeatShown {
            marks: Marks::default(),
            held: view.hand_size(s),
            tally,
            count,
            quota: None,
        }
    }

    fn hand_end_of(public: &Public<'_>, seat: usize) -> (Vec<Card>, Vec<String>) {
        let discards = (public.round()).and_then(|round| {
            round
                .revealed_discards(Seat::new(seat))
                .map(|d| d.collect())
        });
        (discards.unwrap_or_default(), Vec::new())
    }

    /// Nothing is said over the layout.
    fn signs(_: &Public<'_>, _: &mut dyn FnMut(Sign)) {}

    fn trick(_: &Public<'_>) -> Option<(Vec<Played>, Option<usize>)> {
        None
    }

    fn layout_cards(public: &Public<'_>) -> CardSet {
        let Some(view) = public.round() else {
            return CardSet::EMPTY;
        };
        let layout = view.layout();
        let run = |suit: Suit| {
            layout
                .run(suit)
                .into_iter()
                .map(move |r| Card::new(r, suit))
        };
        Suit::ALL.into_iter().flat_map(run).collect()
    }

    fn layout(public: &Public<'_>) -> Option<Vec<LayoutRow>> {
        let on = Self::layout_cards(public);
        let ranks = std::iter::once(Rank::Ace).chain(Rank::ALL.into_iter().take(12));
        let ranks: Vec<Rank> = ranks.collect();
        let rows = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds]
            .into_iter()
            .map(|suit| {
                let slots: Vec<Option<Card>> = ranks
                    .iter()
                    .map(|&r| Some(Card::new(r, suit)).filter(|&c| on.contains(c)))
                    .collect();
                let played = cards_text(slots.iter().flatten().copied());
                let label = format!(
                    "{}: {}",
                    suit.name(),
                    if played.is_empty() {
                        "none".into()
                    } else {
                        played
                    }
                );
                LayoutRow { suit, slots, label }
            })
            .collect();
        Some(rows)
    }

    fn score_cells(public: &Public<'_>, side: &[usize]) -> Vec<(&'static str, String)> {
        if public.rules().stuck == crate::Stuck::Pass {
            let count =
                |v: crate::PublicRound| side.iter().map(|&s| v.pass_count(Seat::new(s))).sum();
            return vec![("Passes", public.round().map_or(0u32, count).to_string())];
        }
        let count =
            |v: crate::PublicRound| side.iter().map(|&s| v.discard_count(Seat::new(s))).sum();
        vec![("Discards", public.round().map_or(0usize, count).to_string())]
    }

    fn seat_view(&self, seat: usize) -> Option<View<'_>> {
        self.view(Seat::new(seat))
    }

    fn own_cards(view: &View<'_>) -> CardSet {
        view.hand().collect()
    }

    fn hand(view: &View<'_>) -> Vec<Vec<Card>> {
        by_suit(Self::own_cards(view), None, true)
    }

    fn notes(_: &Public<'_>, view: &View<'_>) -> Vec<String> {
        let discards: Vec<Card> = view.discards().collect();
        if discards.is_empty() {
            return Vec::new();
        }
        vec![format!("Your discards: {}", cards_text(discards))]
    }

    fn hand_over_words(points: &Points, names: &Names) -> String {
        let each: Vec<String> = (points.iter().enumerate())
            .map(|(seat, gained)| format!("{} +{gained}", names.subject(seat)))
            .collect();
        format!("The round is over: {}.", each.join(", "))
    }

    fn hand_end_kind(_: &Points) -> HandEndKind {
        HandEndKind::Round
    }

    fn phrase(
        _: &Public<'_>,
        action: Option<&Action>,
        _: &table::Happened<Points>,
        you: bool,
    ) -> String {
        match action {
            None => verb(you, "discard a card face down", "discards a card face down"),
            Some(Action::Play(card)) => verb_then(you, "play", "plays", &card_text(*card)),
            Some(Action::Discard(card)) => format!(
                "{} {} face down",
                verb(you, "discard", "discards"),
                card_text(*card)
            ),
            Some(Action::Pass) => verb(you, "pass and pay a chip", "passes and pays a chip"),
        }
    }

    /// Every Straights action but a pass puts down a card.
    fn choice(_: &Public<'_>, action: &Action) -> String {
        match *action {
            Action::Play(card) | Action::Discard(card) => card_text(card),
            Action::Pass => "Pass (pay a chip)".into(),
        }
    }

    fn key(action: &Action) -> &'static str {
        match action {
            Action::Pass => "p",
            Action::Play(_) | Action::Discard(_) => "",
        }
    }

    fn card_of(action: &Action) -> Option<(Card, Option<&'static str>)> {
        match *action {
            Action::Play(card) => Some((card, None)),
            Action::Discard(card) => Some((card, Some("Discard"))),
            Action::Pass => None,
        }
    }

    fn question(public: &Public<'_>, legal: &[Action]) -> String {
        let plays = legal.iter().any(|a| matches!(a, Action::Play(_)));
        // Passes by choice left this round (three a round, with the voluntary pass).
        let left = public.round().map_or(0, |r| r.voluntary_passes_left());
        let by_choice = public.rules().free_discard && public.rules().stuck == crate::Stuck::Pass;
        if legal.contains(&Action::Pass) {
            return match (plays, left) {
                (true, 1) => "Play a card onto the layout, or pass and pay a chip (your last pass by choice this round)".into(),
                (true, n) => format!("Play a card onto the layout, or pass and pay a chip ({n} passes by choice left this round)"),
                (false, _) => "No card fits the layout: pass and pay a chip".into(),
            };
        }
        if plays && by_choice && public.round().is_some_and(|r| r.moves() > 0) {
            return "Play a card onto the layout (your three passes by choice this round are used)"
                .into();
        }
        let discards = legal.iter().any(|a| matches!(a, Action::Discard(_)));
        if legal.iter().any(|a| matches!(a, Action::Play(_))) && discards {
            "Play a card onto the layout, or discard one face down".into()
        } else if discards {
            "No card fits the layout: discard one face down".into()
        } else if legal.iter().any(|a| matches!(a, Action::Play(_))) {
            "Play a card onto the layout".into()
        } else {
            "No card fits the layout: discard one face down".into()
        }
    }

    fn help(public: &Public<'_>, legal: &[Action]) -> Vec<String> {
        if public.rules().stuck == crate::Stuck::Pass {
            return vec![format!("A seven starts its suit's row; a card fits next to the end of its suit's row. The 7{} leads. With no card that fits you pass and pay a chip (a point); the first player out of cards ends the round and the others pay a point for each card left.", suit_symbol(public.rules().opener.suit()))];
        }
        if legal.iter().any(|a| matches!(a, Action::Play(_))) {
            let opener = public.rules().opener;
            let discard = if public.rules().free_discard {
                "You may also discard one face down instead (a voluntary pass): its pips count against you."
            } else {
                "With no card that fits, discard one face down: its pips count against you."
            };
            vec![format!("A seven starts its suit's row; a card fits next to the end of its suit's row. The 7{} leads. {discard}", suit_symbol(opener.suit()))]
        } else {
            vec!["No card fits the layout: discard one face down; its pips count against you at the round's end.".into()]
        }
    }
}

/// How to play Straights under the rules in force ([`Staged::lessons`]).
fn lessons(rules: &InForce) -> Vec<Lesson> {
    let value = |name| rules.value(name);
    let players: usize = value("players").parse().unwrap_or(4);
    let source = "the CS 246 handout; pagat.com/layout/sevens.html";
    let end = match value("end").strip_prefix("rounds-") {
        Some(rounds) => format!("The game ends after {rounds} round(s)"),
        None => format!(
            "The game ends after the round in which someone reaches {} points",
            value("end")
        ),
    };
    let aim = vec![
        format!("{players} players, each for themselves. The fewest points wins."),
        format!("{end}; the lowest total wins (a tie shares the win)."),
    ];
    let each = if 52 % players == 0 {
        format!("{} each", 52 / players)
    } else {
        format!("{} or {} each", 52 / players + 1, 52 / players)
    };
    let opener = if value("opener") == "diamonds" {
        "7♦"
    } else {
        "7♠"
    };
    let deal = vec![
        format!("All 52 cards are dealt, {each}."),
        format!("Whoever holds the {opener} plays it first, to start the layout; then play goes round in seat order."),
    ];
    let mut play = vec![
        "On your turn play a card onto the layout: a seven starts its suit's row; any other card must be next in rank to a card of its suit already there, at either end of the row (a six or an eight beside a seven, and so on outwards). An ace and a king are not next to each other.".to_string(),
    ];
    if value("stuck") == "pass" {
        play.push("A player with no card that fits passes and pays a chip (a point).".into());
    } else {
        play.push("A player with no card that fits puts one card face down in front of them: a discard. While a card fits, you must play one.".into());
    }
    if rules.on("free-discard") {
        play.push("You may also discard (or pass) when a card fits.".into());
    }
    let scoring = if value("stuck") == "pass" {
        vec!["Each pass costs a point; the first player out of cards ends the round, and every other player pays a point for each card still held.".into()]
    } else {
        vec![
            "The round ends when every card is played or discarded. Each player scores the ranks of their discards: ace 1, two to ten as marked, jack 11, queen 12, king 13.".into(),
            "The scores add up from round to round.".into(),
        ]
    };
    let example = vec![
        format!("Only the {opener} is on the layout: the cards that fit are the other three sevens and the six and eight of its suit."),
        "A player who discarded an ace, a six and a king scores 1 + 6 + 13 = 20 that round.".into(),
    ];
    vec![
        Lesson::new("The aim", aim, source),
        Lesson::new("The deal", deal, source),
        Lesson::new("Playing", play, "the CS 246 handout (Legal Plays)"),
        Lesson::new("Scoring", scoring, "the CS 246 handout (Scoring)"),
        Lesson::new("An example", example, "the CS 246 handout"),
    ]
}
