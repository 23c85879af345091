//! Straights' scene: the layout in the middle, discards counted against each player.

use cards::{Card, Rank, Suit};
use straights::{Action, Game, Seat};

use super::words::{by_suit, card_text, cards_text, suit_symbol, verb};
use super::{Fact, LayoutRow, Phase, Played, RuleLine, Staged};

/// The public table, read from seat 0's view (its hand is never read here).
fn public(game: &Game) -> Option<straights::View<'_>> {
    game.view(Seat::new(0))
}

impl Staged for Game {
    const HAND_WORD: &'static str = "Round";
    const POINTS_TO_WIN: bool = false;

    fn rules_words(&self) -> &'static str {
        "CS 246 rules"
    }

    fn goal_words(&self, _points_to_win: u32) -> String {
        match self.rules().end {
            straights::End::Points(points) => format!("ends at {points} points, lowest score wins"),
            straights::End::Rounds(1) => "one round, lowest score wins".into(),
            straights::End::Rounds(rounds) => format!("{rounds} rounds, lowest score wins"),
        }
    }

    fn rules_card(&self) -> Vec<RuleLine> {
        super::rule_lines(self.rules(), &straights::Rules::HANDOUT)
    }

    fn phase(&self) -> Phase {
        match self.round() {
            Some(round) if !round.is_over() => Phase::Layout,
            _ => Phase::Dealing,
        }
    }

    fn seat_parts(&self, seat: usize) -> (Vec<String>, usize, String) {
        let Some(view) = public(self) else {
            return (Vec::new(), 0, "Discards 0".into());
        };
        let s = Seat::new(seat);
        let tally = if view.passing() {
            format!("Passes {}", view.pass_count(s))
        } else {
            format!("Discards {}", view.discard_count(s))
        };
        (Vec::new(), view.hand_size(s), tally)
    }

    fn facts(&self, _to: Option<usize>, _names: &[String]) -> Vec<Fact> {
        Vec::new()
    }

    fn trick(&self) -> Option<(Vec<Played>, Option<usize>)> {
        None
    }

    fn layout(&self) -> Option<Vec<LayoutRow>> {
        let view = public(self);
        let ranks = std::iter::once(Rank::Ace).chain(Rank::ALL.into_iter().take(12));
        let ranks: Vec<Rank> = ranks.collect();
        let rows = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds]
            .into_iter()
            .map(|suit| {
                let run = view
                    .as_ref()
                    .map_or_else(Vec::new, |v| v.layout().run(suit));
                let slots: Vec<Option<Card>> = ranks
                    .iter()
                    .map(|&r| run.contains(&r).then(|| Card::new(r, suit)))
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

    fn score_cells(&self, side: &[usize]) -> Vec<(&'static str, String)> {
        if self.rules().stuck == straights::Stuck::Pass {
            let count = |v: straights::View| side.iter().map(|&s| v.pass_count(Seat::new(s))).sum();
            return vec![("Passes", public(self).map_or(0u32, count).to_string())];
        }
        let count = |v: straights::View| side.iter().map(|&s| v.discard_count(Seat::new(s))).sum();
        vec![("Discards", public(self).map_or(0usize, count).to_string())]
    }

    fn hand(&self, seat: usize) -> Vec<Vec<Card>> {
        self.view(Seat::new(seat))
            .map_or_else(Vec::new, |v| by_suit(v.hand().collect(), None, true))
    }

    fn notes(&self, seat: usize) -> Vec<String> {
        let discards: Vec<Card> = self
            .view(Seat::new(seat))
            .map_or_else(Vec::new, |v| v.discards().collect());
        if discards.is_empty() {
            return Vec::new();
        }
        vec![format!("Your discards: {}", cards_text(discards))]
    }

    fn phrase(&self, action: Option<&Action>, _: &table::Happened, you: bool) -> String {
        match action {
            None => verb(you, "discard a card face down", "discards a card face down"),
            Some(Action::Play(card)) => {
                format!("{} {}", verb(you, "play", "plays"), card_text(*card))
            }
            Some(Action::Discard(card)) => format!(
                "{} {} face down",
                verb(you, "discard", "discards"),
                card_text(*card)
            ),
            Some(Action::Pass) => verb(you, "pass and pay a chip", "passes and pays a chip"),
        }
    }

    /// Every Straights action but a pass puts down a card.
    fn choice(&self, action: &Action) -> String {
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

    fn question(&self, legal: &[Action]) -> String {
        let plays = legal.iter().any(|a| matches!(a, Action::Play(_)));
        // Passes by choice left this round (three a round, with the voluntary pass).
        let left = self.round().map_or(0, |r| r.voluntary_passes_left());
        let by_choice = self.rules().free_discard && self.rules().stuck == straights::Stuck::Pass;
        if legal.contains(&Action::Pass) {
            return match (plays, left) {
                (true, 1) => "Play a card onto the layout, or pass and pay a chip (your last pass by choice this round)".into(),
                (true, n) => format!("Play a card onto the layout, or pass and pay a chip ({n} passes by choice left this round)"),
                (false, _) => "No card fits the layout: pass and pay a chip".into(),
            };
        }
        if plays && by_choice && self.round().is_some_and(|r| r.moves() > 0) {
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

    fn help(&self, legal: &[Action]) -> Vec<String> {
        if self.rules().stuck == straights::Stuck::Pass {
            return vec![format!("A seven starts its suit's row; a card fits next to the end of its suit's row. The 7{} leads. With no card that fits you pass and pay a chip (a point); the first player out of cards ends the round and the others pay a point for each card left.", suit_symbol(self.rules().opener.suit()))];
        }
        if legal.iter().any(|a| matches!(a, Action::Play(_))) {
            let opener = self.rules().opener;
            let discard = if self.rules().free_discard {
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
