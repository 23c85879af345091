//! Teen Do Panch's scene: quotas beside tricks, the maker, pulls and returns.

use cards::Card;
use teendopanch::{Action, Game, Phase as Hand, Round, Seat};

use super::words::{by_suit, card_text, suit_words, verb};
use super::{tricks, Fact, Phase, Played, RuleLine, Staged};

/// The public table, read from seat 0's view (its hand is never read here).
fn public(game: &Game) -> Option<teendopanch::View<'_>> {
    game.view(Seat::new(0))
}

impl Staged for Game {
    /// A card given back in a pull shows to the two players of the pull.
    fn rules_words(&self) -> &'static str {
        match self.rules().name() {
            "reference" => "reference rules",
            _ => "handout rules",
        }
    }

    fn rules_card(&self) -> Vec<RuleLine> {
        super::rule_lines(self.rules(), &self.rules().preset_rules())
    }

    fn phase(&self) -> Phase {
        let Some(view) = public(self).filter(|_| !self.needs_deal()) else {
            return Phase::Dealing;
        };
        match view.phase() {
            Hand::Making(round) => Phase::NameTrump {
                turned_down: None,
                may_pass: round == Round::One,
            },
            Hand::Pulling | Hand::Giving => match view.pulling() {
                Some((puller, victim)) => Phase::Pull {
                    puller: puller.index(),
                    victim: victim.index(),
                },
                None => Phase::Tricks,
            },
            Hand::Tricks => Phase::Tricks,
            Hand::Over => Phase::Dealing,
        }
    }

    fn seat_parts(&self, seat: usize) -> (Vec<String>, usize, String) {
        let Some(view) = public(self) else {
            return (Vec::new(), 0, "Tricks 0".into());
        };
        let s = Seat::new(seat);
        let marks = tricks::holding([
            (view.dealer() == s, "Dealer"),
            (view.maker() == s, "Names trump"),
        ]);
        let tally = format!("Tricks {} of {}", view.tricks_won(s), view.quotas()[seat]);
        // Everyone sees a card change hands in a pull: the puller holds it.
        let taking = self
            .hand()
            .and_then(|h| h.pull())
            .is_some_and(|pull| pull.puller == s);
        (marks, view.hand_size(s) + usize::from(taking), tally)
    }

    fn facts(&self, to: Option<usize>, names: &[String]) -> Vec<Fact> {
        let Some(view) = public(self).filter(|_| !self.needs_deal()) else {
            return Vec::new();
        };
        let mut facts = Vec::new();
        facts.extend(
            view.trump()
                .map(|trump| tricks::trump(trump, String::new())),
        );
        match view.phase() {
            Hand::Making(Round::One) => facts.push(tricks::words("First five cards dealt")),
            Hand::Making(Round::Two) if self.rules().packets == teendopanch::Packets::FiveFive => {
                facts.push(tricks::words("All ten cards dealt"))
            }
            Hand::Making(Round::Two) => facts.push(tricks::words("Eight of ten cards dealt")),
            _ => {}
        }
        let turned_up = view.turned_up();
        if !turned_up.is_empty() {
            let cards: Vec<String> = turned_up.iter().map(card_text).collect();
            facts.push(tricks::words(format!(
                "{} declined: turned up {}",
                names[view.maker().index()],
                cards.join(" ")
            )));
        }
        if let Some((puller, victim)) = view.pulling() {
            let you = to == Some(puller.index());
            let who = if you { "You" } else { &names[puller.index()] };
            facts.push(tricks::words(format!(
                "{who} {} a card from {}",
                verb(you, "pull", "pulls"),
                names[victim.index()]
            )));
        }
        facts
    }

    fn trick(&self) -> Option<(Vec<Played>, Option<usize>)> {
        let shown = public(self).map(|v| tricks::shown(v.trick(), v.trump_order(), |s| s.index()));
        Some(shown.unwrap_or_default())
    }

    fn score_cells(&self, side: &[usize]) -> Vec<(&'static str, String)> {
        let (tricks, quota) = public(self).map_or((0, 0), |view| {
            let sum = |of: &dyn Fn(usize) -> u8| side.iter().map(|&s| of(s)).sum::<u8>();
            (
                sum(&|s| view.tricks_won(Seat::new(s))),
                sum(&|s| view.quotas()[s]),
            )
        });
        vec![("Tricks", tricks.to_string()), ("Quota", quota.to_string())]
    }

    /// The holding, and for a puller the card it took and has not yet settled (in no
    /// holding until it gives a card back, but in its hand: it may not give it back).
    fn hand(&self, seat: usize) -> Vec<Vec<Card>> {
        self.view(Seat::new(seat)).map_or_else(Vec::new, |v| {
            let mut cards = v.holding().set();
            if let Some(pull) = v.pull() {
                cards.insert(pull.taken);
            }
            by_suit(cards, v.trump_order(), false)
        })
    }

    fn notes(&self, seat: usize) -> Vec<String> {
        let taken = self.view(Seat::new(seat)).and_then(|v| v.pull());
        taken
            .map(|p| format!("You pulled {}", card_text(p.taken)))
            .into_iter()
            .collect()
    }

    fn phrase(&self, action: Option<&Action>, _: &table::Happened, you: bool) -> String {
        match action {
            // A card given back, or handed over under the house rule: face down.
            None => verb(you, "give a card face down", "gives a card face down"),
            Some(Action::Pass) => verb(you, "wait for more cards", "waits for more cards"),
            Some(Action::Call(suit)) => {
                format!("{} {} trump", verb(you, "name", "names"), suit_words(*suit))
            }
            Some(Action::Return(card)) => {
                format!(
                    "{} {}",
                    verb(you, "give back", "gives back"),
                    card_text(*card)
                )
            }
            Some(Action::Give(card)) => {
                format!(
                    "{} {}",
                    verb(you, "hand over", "hands over"),
                    card_text(*card)
                )
            }
            Some(Action::Play(card)) => {
                format!("{} {}", verb(you, "play", "plays"), card_text(*card))
            }
        }
    }

    fn choice(&self, action: &Action) -> String {
        match *action {
            Action::Call(suit) => suit_words(suit),
            _ => "Pass".into(),
        }
    }

    fn key(action: &Action) -> &'static str {
        match action {
            Action::Pass => "p",
            Action::Call(suit) => ["s", "h", "c", "d"][suit.index()],
            Action::Return(_) | Action::Give(_) | Action::Play(_) => "",
        }
    }

    fn card_of(action: &Action) -> Option<(Card, Option<&'static str>)> {
        match *action {
            Action::Play(card) => Some((card, None)),
            Action::Return(card) => Some((card, Some("Give back"))),
            Action::Give(card) => Some((card, Some("Hand over"))),
            _ => None,
        }
    }

    fn question(&self, legal: &[Action]) -> String {
        let has = |f: fn(&Action) -> bool| legal.iter().any(f);
        if has(|a| matches!(a, Action::Call(_))) {
            return tricks::name_trump(has(|a| matches!(a, Action::Pass)));
        }
        if has(|a| matches!(a, Action::Return(_))) {
            return "Give back a card for the one you pulled".into();
        }
        if has(|a| matches!(a, Action::Give(_))) {
            return "You fell short of your quota: choose the card to hand over".into();
        }
        tricks::play(public(self).is_none_or(|v| v.trick().is_empty()))
    }

    fn help(&self, legal: &[Action]) -> Vec<String> {
        let has = |f: fn(&Action) -> bool| legal.iter().any(f);
        let call = match self.rules().packets {
            teendopanch::Packets::FiveThreeTwo => "You name trump for this hand; passing waits for three more cards (only before they are dealt).",
            teendopanch::Packets::FiveFive => "You name trump for this hand; passing waits for five more cards (only before they are dealt).",
        };
        let play = if self.rules().sevens_high {
            "Follow the suit led if you can; trump beats the other suits, and the seven of spades, then the seven of hearts, beat every trump (they count as trumps). Reach your quota of tricks: above it you pull cards next hand."
        } else {
            "Follow the suit led if you can; trump beats the other suits. Reach your quota of tricks: above it you pull cards next hand."
        };
        tricks::holding([
            (has(|a| matches!(a, Action::Call(_))), call),
            (
                has(|a| matches!(a, Action::Give(_))),
                "You fell short of your quota last hand: the player above it pulls a card from you, and you choose which; it gives you one back.",
            ),
            (
                has(|a| matches!(a, Action::Return(_))),
                "You pulled a card from a player who fell short of their quota; give one back (not the one you took).",
            ),
            (has(|a| matches!(a, Action::Play(_))), play),
        ])
    }
}
