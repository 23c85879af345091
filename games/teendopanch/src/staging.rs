//! Teen Do Panch's scene: quotas beside tricks, the maker, pulls and returns.

use crate::{Action, Game, HandOver, Phase as Hand, Public, Round, Seat, View};
use cards::{Card, CardSet};

use staging::words::{by_suit, card_text, suit_words, verb, verb_then};
use staging::{
    tricks, Dealt, Fact, HandEndKind, InForce, Lesson, MarkKind, Marks, Names, Phase, Played,
    SeatShown, Sign, Staged, TallyKind,
};

impl Staged for Game {
    fn lessons(rules: &InForce) -> Vec<Lesson> {
        lessons(rules)
    }

    fn rules_words(public: &Public<'_>) -> &'static str {
        match public.rules().name() {
            "reference" => "reference rules",
            _ => "handout rules",
        }
    }

    fn phase(public: &Public<'_>) -> Phase {
        let Some(view) = public.hand().filter(|_| !public.needs_deal()) else {
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

    fn seat_shown(public: &Public<'_>, seat: usize) -> SeatShown {
        let Some(view) = public.hand() else {
            return SeatShown::UNDEALT;
        };
        let s = Seat::new(seat);
        // Everyone sees a card change hands in a pull: the puller holds it.
        let taking = view.pulled_by() == Some(s);
        SeatShown {
            marks: Marks::of([
                (view.dealer() == s, MarkKind::Dealer),
                (view.maker() == s, MarkKind::NamesTrump),
            ]),
            held: view.hand_size(s) + usize::from(taking),
            tally: TallyKind::Tricks,
            count: view.tricks_won(s).into(),
            quota: Some(view.quotas()[seat].into()),
        }
    }

    fn hand_end_of(public: &Public<'_>, seat: usize) -> (Vec<Card>, Vec<String>) {
        // Pulls come with the next deal: none once the game is over.
        if !public.needs_deal() {
            return (Vec::new(), Vec::new());
        }
        let surplus = public.surplus()[seat];
        let cards = |n: u8| {
            if n == 1 {
                "1 card".to_string()
            } else {
                format!("{n} cards")
            }
        };
        let note = match surplus {
            0 => "Quota met: no pull next hand".to_string(),
            over if over > 0 => format!(
                "{} over quota: takes {} next hand",
                over,
                cards(over.unsigned_abs())
            ),
            under => format!(
                "{} under quota: gives up {} next hand",
                under.unsigned_abs(),
                cards(under.unsigned_abs())
            ),
        };
        (Vec::new(), vec![note])
    }

    fn signs(public: &Public<'_>, each: &mut dyn FnMut(Sign)) {
        let Some(view) = public.hand() else {
            return;
        };
        let maker = view.maker().index();
        if let Some(suit) = view.trump() {
            let maker = Some(maker);
            each(Sign::Trump { suit, maker });
        }
        // Between hands trump stays in view with the hand's end; nothing else does.
        if public.needs_deal() {
            return;
        }
        match view.phase() {
            Hand::Making(Round::One) => each(Sign::Dealt(Dealt::FirstFive)),
            Hand::Making(Round::Two) if public.rules().packets == crate::Packets::FiveFive => {
                each(Sign::Dealt(Dealt::AllTen))
            }
            Hand::Making(Round::Two) => each(Sign::Dealt(Dealt::EightOfTen)),
            _ => {}
        }
        let cards = view.turned_up();
        if !cards.is_empty() {
            each(Sign::Declined { maker, cards });
        }
        if let Some((puller, victim)) = view.pulling() {
            let (puller, victim) = (puller.index(), victim.index());
            each(Sign::Pull { puller, victim });
        }
    }

    /// The signs in words, trump's without its maker's name (the maker's mark names it).
    fn facts(public: &Public<'_>, to: Option<usize>, names: &[String]) -> Vec<Fact> {
        let mut facts = Vec::new();
        Self::signs(public, &mut |sign| {
            facts.push(match sign {
                Sign::Trump { suit, maker } => tricks::trump(suit, String::new(), maker),
                other => other.fact(to, names),
            })
        });
        facts
    }

    fn trick_plays(public: &Public<'_>, each: &mut dyn FnMut(Played)) {
        tricks::each_play(public.hand().map(|v| v.trick()), |s| s.index(), each)
    }

    fn trick(public: &Public<'_>) -> Option<(Vec<Played>, Option<usize>)> {
        let hand = public.hand().map(|v| (v.trick(), v.trump_order()));
        Some(tricks::in_hand(hand, |s| s.index()))
    }

    fn score_cells(public: &Public<'_>, side: &[usize]) -> Vec<(&'static str, String)> {
        let (tricks, quota) = public.hand().map_or((0, 0), |view| {
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
    fn seat_view(&self, seat: usize) -> Option<View<'_>> {
        self.view(Seat::new(seat))
    }

    fn own_cards(view: &View<'_>) -> CardSet {
        let mut cards = view.holding().set();
        if let Some(pull) = view.pull() {
            cards.insert(pull.taken);
        }
        cards
    }

    fn hand(view: &View<'_>) -> Vec<Vec<Card>> {
        by_suit(Self::own_cards(view), view.trump_order(), false)
    }

    fn notes(_: &Public<'_>, view: &View<'_>) -> Vec<String> {
        let pulled = (view.pull()).map(|p| {
            format!(
                "You pulled {} and must give back a card from a suit you hold three of",
                card_text(p.taken)
            )
        });
        // The short player is not told which card went: it is taken as the hand is dealt,
        // before the short player sees it (the non-interference test holds this).
        pulled.into_iter().collect()
    }

    fn hand_over_words(over: &HandOver, names: &Names) -> String {
        let each: Vec<String> = (0..names.seats())
            .map(|s| {
                let (tricks, quota, points) = (over.tricks[s], over.quotas[s], over.points[s]);
                format!(
                    "{} {}",
                    names.subject(s),
                    quota_words(tricks, quota, points)
                )
            })
            .collect();
        format!("The hand is over: {}.", each.join("; "))
    }

    fn hand_end_kind(_: &HandOver) -> HandEndKind {
        HandEndKind::Quotas
    }

    fn phrase(
        _: &Public<'_>,
        action: Option<&Action>,
        _: &table::Happened<HandOver>,
        you: bool,
    ) -> String {
        match action {
            // A card given back, or handed over under the house rule: face down.
            None => verb(you, "give a card face down", "gives a card face down"),
            Some(Action::Pass) => verb(
                you,
                "pass, to see more cards before naming trump",
                "passes, to see more cards before naming trump",
            ),
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
            Some(Action::Play(card)) => verb_then(you, "play", "plays", &card_text(*card)),
        }
    }

    fn choice(_: &Public<'_>, action: &Action) -> String {
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

    fn question(public: &Public<'_>, legal: &[Action]) -> String {
        let has = |f: fn(&Action) -> bool| legal.iter().any(f);
        if has(|a| matches!(a, Action::Call(_))) {
            return tricks::name_trump(has(|a| matches!(a, Action::Pass)));
        }
        if has(|a| matches!(a, Action::Return(_))) {
            return if public.rules().return_from_long_suit {
                "Give back a card for the one you pulled, from a suit of which you hold three or more"
            } else {
                "Give back a card for the one you pulled"
            }
            .into();
        }
        if has(|a| matches!(a, Action::Give(_))) {
            return "You fell short of your quota: choose the card to hand over".into();
        }
        tricks::play(public.hand().is_none_or(|v| v.trick().is_empty()))
    }

    fn help(public: &Public<'_>, legal: &[Action]) -> Vec<String> {
        let has = |f: fn(&Action) -> bool| legal.iter().any(f);
        let call = match public.rules().packets {
            crate::Packets::FiveThreeTwo => "You name trump for this hand; passing waits for three more cards (only before they are dealt).",
            crate::Packets::FiveFive => "You name trump for this hand; passing waits for five more cards (only before they are dealt).",
        };
        let play = if public.rules().sevens_high {
            "Follow the suit led if you can; trump beats the other suits, and the seven of spades, then the seven of hearts, beat every trump (they count as trumps). Reach your quota of tricks: above it you pull cards next hand."
        } else {
            "Follow the suit led if you can; trump beats the other suits. Reach your quota of tricks: above it you pull cards next hand."
        };
        // The handout's "Card exchange rules": "The returned card must come from a suit in
        // which the over-quota player holds at least three cards".
        let give_back = if public.rules().return_from_long_suit {
            "You pulled a card from a player who fell short of their quota; give one back (not the one you took), from a suit of which you hold three or more: the other cards are dimmed."
        } else {
            "You pulled a card from a player who fell short of their quota; give one back (not the one you took)."
        };
        tricks::holding([
            (has(|a| matches!(a, Action::Call(_))), call),
            (
                has(|a| matches!(a, Action::Give(_))),
                "You fell short of your quota last hand: the player above it pulls a card from you, and you choose which; it gives you one back.",
            ),
            (has(|a| matches!(a, Action::Return(_))), give_back),
            (has(|a| matches!(a, Action::Play(_))), play),
        ])
    }
}

/// How a Teen Do Panch seat's `gained` points came about from its `tricks` against its
/// `quota` (the handout: the maker scores 2 for reaching its quota, and everyone 1 for
/// each trick above it): `took 6 tricks, quota 5: reached it +2, 1 over +1 = 3 points`,
/// `took 1 trick, quota 3: 2 short, 0 points`.
fn quota_words(tricks: u8, quota: u8, gained: u32) -> String {
    use staging::words::points;
    let took = format!(
        "took {tricks} trick{}, quota {quota}",
        if tricks == 1 { "" } else { "s" }
    );
    if tricks < quota {
        return format!("{took}: {} short, {}", quota - tricks, points(gained));
    }
    let over = u32::from(tricks - quota);
    let reached = gained.saturating_sub(over);
    let mut parts = Vec::new();
    if reached > 0 {
        parts.push(format!("reached it +{reached}"));
    }
    if over > 0 {
        parts.push(format!("{over} over +{over}"));
    }
    match parts.len() {
        0 => format!("{took}: met it, {}", points(gained)),
        1 if reached == 0 => format!("{took}: {}, {}", parts[0], points(gained)),
        _ => format!("{took}: {} = {}", parts.join(", "), points(gained)),
    }
}

/// How to play Teen Do Panch under the rules in force ([`Staged::lessons`]).
fn lessons(rules: &InForce) -> Vec<Lesson> {
    let value = |name| rules.value(name);
    let source = "the EECS 280 handout; pagat.com/whist/325.html";
    let side = if value("direction") == "right" {
        "right"
    } else {
        "left"
    };
    let aim = vec![
        "Three players, each for themselves. Each hand every player has a quota: a number of the ten tricks to take. Points come from reaching and passing it.".into(),
        format!("The first player to {} wins the game.", staging::words::points(rules.points)),
    ];
    let mut cards = vec![
        "30 cards: seven to ace in spades and hearts, eight to ace in clubs and diamonds. Each suit ranks ace, king, queen, jack, ten, nine, eight, then seven where it has one.".to_string(),
    ];
    cards.push(if value("sevens") == "top" {
        "The seven of spades, then the seven of hearts, are the two highest trumps whatever suit is trump.".into()
    } else {
        "The two sevens are plain cards, the lowest of their suits.".into()
    });
    let quotas = if rules.variant == "reference" {
        "The quotas are 5, 3 and 2 tricks, passed round as the reference solution does; the one given 5 names trump and scores as the maker."
    } else if side == "right" {
        "The player to the dealer's right is the maker, who names trump and must take 5 tricks; the next player to the right 3; the dealer 2."
    } else {
        "The player to the dealer's left is the maker, who names trump and must take 5 tricks; the next player to the left 3; the dealer 2."
    };
    let quota = vec![
        quotas.to_string(),
        "A seat's tally reads like \"Tricks 2, quota 5\": two tricks taken of the five it must take.".into(),
    ];
    let (first, second) = if value("packets") == "5-5" {
        ("five", "five")
    } else {
        ("five", "three")
    };
    let mut trump = vec![format!(
        "The cards come {}. The maker sees its first {first} cards and names trump, or passes to wait for more.",
        if value("packets") == "5-5" {
            "in packets of five and five"
        } else {
            "in packets of five, three and two"
        }
    )];
    trump.push(if value("declined") == "turn-up" {
        format!("If the maker passes, its next {second} cards are turned up for everyone and trump is the suit of the highest of them.")
    } else {
        format!("If the maker passes, it is dealt its next {second} cards and must then name trump.")
    });
    let mut play = vec![
        "The maker leads the first trick; the winner of each trick leads the next.".to_string(),
        if rules.variant == "reference" {
            "Under the reference rules nobody is made to follow suit: any card may be played (the reference solution checks no play).".into()
        } else {
            "Each player must follow the suit led if they can; otherwise any card may be played."
                .into()
        },
        "The highest trump takes the trick; with no trump in it, the highest card of the suit led."
            .into(),
    ];
    play.push(format!("Play goes to the {side}."));
    let scoring = vec![
        "The maker scores 2 points for reaching its quota, and 1 for each trick over it.".into(),
        "The others score 1 point for each trick over their quota. Falling short scores nothing, and costs cards next hand.".into(),
    ];
    let taken = match value("pull") {
        "unseen" => "one of the short player's cards, drawn unseen",
        "short-player" => "the card the short player chooses to hand over",
        _ => "the last card dealt to the short player that is still in its hand",
    };
    let pulls = vec![
        "From the second hand on, once trump is named and all the cards are dealt, a player who went over its quota last hand takes one card for each trick over from a player who fell short (several pulls go in seat order).".into(),
        format!("The puller takes {taken}, then gives one card back face down: from a suit of which it now holds at least three (the card just taken counts), never the card just taken."),
        "Only the two players involved see those cards; the log tells the third that a card went back face down, and to whom.".into(),
    ];
    let example = vec![
        "The maker takes 6 tricks: 2 for reaching its quota of 5 and 1 over, 3 points. The player with a quota of 3 takes 3: no points. The dealer takes 1 of its 2: no points.".into(),
        "Next hand the maker, one over, pulls one card from the dealer, one short, and gives one back.".into(),
    ];
    vec![
        Lesson::new("The aim", aim, source),
        Lesson::new("The cards", cards, source),
        Lesson::new("Quotas", quota, "the EECS 280 handout (Trick Taking)"),
        Lesson::new("Naming trump", trump, source),
        Lesson::new(
            "Playing the tricks",
            play,
            "the EECS 280 handout (Trick Taking)",
        ),
        Lesson::new("Scoring", scoring, "the EECS 280 handout (Scoring)"),
        Lesson::new(
            "Pulling cards",
            pulls,
            "the EECS 280 handout (Pulling Cards); pagat.com/whist/325.html",
        ),
        Lesson::new(
            "An example",
            example,
            "the EECS 280 handout (Scoring, Pulling Cards)",
        ),
    ]
}

#[cfg(test)]
mod quota_tests {
    use super::quota_words;

    /// The handout's scoring ("the maker gets 2 points for reaching their quota - and 1
    /// point for each trick above the quota; all other players get 1 point for each trick
    /// above their quota"), each score said with how it came about.
    #[test]
    fn a_teen_do_panch_score_says_how_it_came_about() {
        let cases = [
            (
                (6, 5, 3),
                "took 6 tricks, quota 5: reached it +2, 1 over +1 = 3 points",
            ),
            (
                (5, 5, 2),
                "took 5 tricks, quota 5: reached it +2 = 2 points",
            ),
            ((4, 3, 1), "took 4 tricks, quota 3: 1 over +1, 1 point"),
            ((3, 3, 0), "took 3 tricks, quota 3: met it, 0 points"),
            ((1, 2, 0), "took 1 trick, quota 2: 1 short, 0 points"),
        ];
        for ((tricks, quota, gained), said) in cases {
            assert_eq!(quota_words(tricks, quota, gained), said);
        }
    }
}
