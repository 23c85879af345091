//! Euchre's scene: marks for the dealer and the makers, the upcard, trump and its bowers.

use crate::hand_over::defender;
use crate::{Action, Disclosed, Game, HandOver, Phase as Hand, Public, Round, Seat, View};
use cards::{Card, CardSet};

use staging::words::{card_text, card_text_at, suit_words, verb, verb_then};
use staging::{
    tricks, HandEndKind, InForce, Lesson, MarkKind, Marks, Names, Phase, Played, SeatShown, Sign,
    Staged, TallyKind, Upcard,
};

impl Staged for Game {
    fn lessons(rules: &InForce) -> Vec<Lesson> {
        lessons(rules)
    }

    fn rules_words(public: &Public<'_>) -> &'static str {
        match (public.rules().name(), public.rules().going_alone) {
            ("cs246", true) => "CS 246 rules, going alone",
            ("cs246", false) => "CS 246 rules",
            _ => "EECS 280 rules",
        }
    }

    fn phase(public: &Public<'_>) -> Phase {
        let Some(view) = public.hand().filter(|_| !public.needs_deal()) else {
            return Phase::Dealing;
        };
        match view.phase() {
            Hand::Declaring => Phase::Declare,
            Hand::Making(Round::One) => Phase::OrderUp {
                upcard: view.upcard(),
            },
            // The benny turned up (joker house rule): nothing is turned down, and the
            // dealer may not pass.
            Hand::Making(Round::Two) if view.benny_up() => Phase::NameTrump {
                turned_down: None,
                may_pass: false,
            },
            Hand::Making(Round::Two) => Phase::NameTrump {
                turned_down: Some(view.upcard()),
                may_pass: !(view.turn() == view.dealer()
                    && public.rules().all_pass == crate::AllPass::ScrewTheDealer),
            },
            Hand::Defending => Phase::DefendAlone,
            Hand::Discard => Phase::Discard,
            Hand::Tricks => Phase::Tricks,
            Hand::Over => Phase::Dealing,
        }
    }

    fn seat_shown(public: &Public<'_>, seat: usize) -> SeatShown {
        let Some(view) = public.hand() else {
            return SeatShown::UNDEALT;
        };
        let s = Seat::new(seat);
        let maker = view.maker() == Some(s);
        let alone = maker && view.is_alone();
        SeatShown {
            marks: Marks::of([
                (view.dealer() == s, MarkKind::Dealer),
                (maker && !alone, MarkKind::Maker),
                (alone, MarkKind::MakerAlone),
                (view.lone_defender() == Some(s), MarkKind::DefendingAlone),
                (view.sits_out(s), MarkKind::SittingOut),
            ]),
            held: view.hand_size(s),
            tally: TallyKind::Tricks,
            count: view.tricks_won(s).into(),
            quota: None,
        }
    }

    fn signs(public: &Public<'_>, each: &mut dyn FnMut(Sign)) {
        let Some(view) = public.hand() else {
            return;
        };
        if public.needs_deal() {
            // Between hands trump stays in view with the hand's end, which it explains.
            if let Some(suit) = view.trump() {
                each(Sign::Trump {
                    suit,
                    maker: view.maker().map(Seat::index),
                });
            }
            return;
        }
        if let Some((farmer, cards)) = view.farmer() {
            let farmer = farmer.index();
            each(Sign::FarmersHand { farmer, cards });
        }
        if let Some(suit) = view.trump() {
            let maker = view.maker().map(Seat::index);
            each(Sign::Trump { suit, maker });
        }
        let card = view.upcard();
        let upcard = |now| Sign::Upcard { card, now };
        each(match view.phase() {
            // The declarations come before round one: the upcard is still on offer.
            Hand::Making(Round::One) | Hand::Declaring => upcard(Upcard::OnOffer),
            Hand::Making(Round::Two) if view.benny_up() => upcard(Upcard::NamedBlind),
            Hand::Making(Round::Two) => Sign::TurnedDown(card),
            Hand::Over => return,
            // Trump is made: the upcard stays public for the whole hand.
            _ if view.trump() == Some(card.suit()) || view.benny_up() => {
                let dealer = view.dealer().index();
                upcard(if view.sits_out(view.dealer()) {
                    Upcard::NotTakenUp(dealer)
                } else {
                    Upcard::TakenUp(dealer)
                })
            }
            _ => Sign::TurnedDown(card),
        })
    }

    fn trick_plays(public: &Public<'_>, each: &mut dyn FnMut(Played)) {
        tricks::each_play(public.hand().map(|v| v.trick()), |s| s.index(), each)
    }

    fn trick(public: &Public<'_>) -> Option<(Vec<Played>, Option<usize>)> {
        let hand = public.hand().map(|v| (v.trick(), v.trump_order()));
        Some(tricks::in_hand(hand, |s| s.index()))
    }

    fn score_cells(public: &Public<'_>, side: &[usize]) -> Vec<(&'static str, String)> {
        let won = |v: crate::PublicHand| side.iter().map(|&s| v.tricks_won(Seat::new(s))).sum();
        vec![("Tricks", public.hand().map_or(0u8, won).to_string())]
    }

    fn seat_view(&self, seat: usize) -> Option<View<'_>> {
        self.view(Seat::new(seat))
    }

    fn own_cards(view: &View<'_>) -> CardSet {
        view.cards()
    }

    fn hand(view: &View<'_>) -> Vec<Vec<Card>> {
        staging::words::by_suit(Self::own_cards(view), view.trump_order(), false)
    }

    fn face_down(view: &View<'_>) -> usize {
        if view.blind() {
            view.hand_size(view.seat())
        } else {
            0
        }
    }

    /// The cards themselves: a dealer naming trump blind holds them unseen by itself.
    fn face_up(&self, seat: usize) -> Vec<Card> {
        let Some(hand) = self.hand() else {
            return Vec::new();
        };
        let cards = hand.cards(Seat::new(seat));
        staging::words::by_suit(cards, hand.trump_order(), false)
            .into_iter()
            .flatten()
            .collect()
    }

    fn notes(public: &Public<'_>, view: &View<'_>) -> Vec<String> {
        view.discard()
            .map(|c| format!("You discarded {}", card_text_at(Self::joker(public), c)))
            .into_iter()
            .collect()
    }

    fn hand_over_words(over: &HandOver, names: &Names) -> String {
        // What the makers took (`West and East take 4 tricks alone`), and whether the
        // sentence's subject is plural.
        let taken = |makers: usize, alone: bool, tricks: &str| {
            let (name, many) = names.side_of(makers);
            let alone = if alone { " alone" } else { "" };
            let take = verb(many, "take", "takes");
            (format!("{name} {take} {tricks}{alone}"), many)
        };
        match *over {
            HandOver::ThrownIn => "Nobody made trump: the hand is thrown in.".into(),
            HandOver::Refused { .. } => {
                "The hand is thrown in: nobody scores, and the same dealer deals again.".into()
            }
            HandOver::Made {
                makers,
                alone,
                tricks,
                points,
            } => {
                let (taken, many) = taken(makers, alone, &format!("{tricks} tricks"));
                let scores = verb(many, "score", "scores");
                format!("{taken} and {scores} {}.", staging::words::points(points))
            }
            HandOver::March {
                makers,
                alone,
                points,
            } => {
                let (taken, _) = taken(makers, alone, "all five tricks");
                format!("{taken}, a march: {}.", staging::words::points(points))
            }
            HandOver::Euchred {
                makers,
                tricks,
                points,
            } => {
                let (defenders, d_many) = names.side_of(defender(makers));
                let (makers, many) = names.side_of(makers);
                format!(
                    "{makers} {} euchred with {tricks} trick{}: {defenders} {} {}.",
                    verb(many, "are", "is"),
                    if tricks == 1 { "" } else { "s" },
                    verb(d_many, "score", "scores"),
                    staging::words::points(points)
                )
            }
        }
    }

    fn hand_end_kind(over: &HandOver) -> HandEndKind {
        match over {
            HandOver::Made { .. } => HandEndKind::Made,
            HandOver::March { .. } => HandEndKind::March,
            HandOver::Euchred { .. } => HandEndKind::Euchred,
            HandOver::ThrownIn => HandEndKind::ThrownIn,
            HandOver::Refused { .. } => HandEndKind::Refused,
        }
    }

    fn makers(over: &HandOver) -> Option<(usize, bool)> {
        match *over {
            HandOver::Made { makers, alone, .. } | HandOver::March { makers, alone, .. } => {
                Some((makers, alone))
            }
            HandOver::Euchred { makers, .. } => Some((makers, false)),
            HandOver::ThrownIn | HandOver::Refused { .. } => None,
        }
    }

    fn phrase(
        public: &Public<'_>,
        action: Option<&Action>,
        happened: &table::Happened<HandOver, Disclosed>,
        you: bool,
    ) -> String {
        let card_text = |card| card_text_at(Self::joker(public), card);
        let Some(action) = action else {
            return verb(you, "discard a card face down", "discards a card face down");
        };
        let alone = |alone: bool, you: bool| {
            if !alone {
                ""
            } else if you {
                " and go alone"
            } else {
                " and goes alone"
            }
        };
        match *action {
            Action::Pass => verb(you, "pass", "passes"),
            Action::OrderUp { alone: a } => {
                let Some(Disclosed::OrderedUp { card, by_dealer }) = happened.disclosed else {
                    return format!("{}{}", verb(you, "order up", "orders up"), alone(a, you));
                };
                let (mine, theirs) = if by_dealer && picks_up_in_words(public) {
                    ("pick up", "picks up")
                } else {
                    ("order up", "orders up")
                };
                format!(
                    "{} the {}{}",
                    verb(you, mine, theirs),
                    card_text(card),
                    alone(a, you)
                )
            }
            Action::Call { suit, alone: a } => format!(
                "{} {} trump{}",
                verb(you, "name", "names"),
                suit_words(suit),
                alone(a, you)
            ),
            Action::Discard(card) => verb_then(you, "discard", "discards", &card_text(card)),
            Action::DefendAlone => verb(you, "defend alone", "defends alone"),
            Action::McEvoy => verb(
                you,
                "declare a McEvoy (no card above a ten)",
                "declares a McEvoy (no card above a ten)",
            ),
            Action::Farmer(_) => {
                let shown: Vec<String> = match happened.disclosed {
                    Some(Disclosed::FarmersHand(cards)) => cards.map(card_text).to_vec(),
                    _ => Vec::new(),
                };
                format!(
                    "{} {} and {} the kitty's three cards for them (a farmer's hand)",
                    verb(you, "show", "shows"),
                    shown.join(" "),
                    verb(you, "take", "takes"),
                )
            }
            Action::Play(card) => verb_then(you, "play", "plays", &card_text(card)),
        }
    }

    fn choice(public: &Public<'_>, action: &Action) -> String {
        let (what, alone) = match *action {
            Action::OrderUp { alone } if dealer_picks_up(public) => ("Pick up".to_string(), alone),
            Action::OrderUp { alone } => ("Order up".to_string(), alone),
            Action::Call { suit, alone } => (suit_words(suit), alone),
            Action::DefendAlone => ("Defend alone".to_string(), false),
            Action::McEvoy => ("McEvoy (deal again)".to_string(), false),
            Action::Farmer(cards::Rank::Nine) => {
                ("Farmer's hand: swap three nines".to_string(), false)
            }
            Action::Farmer(_) => ("Farmer's hand: swap three tens".to_string(), false),
            _ => ("Pass".to_string(), false),
        };
        if alone {
            format!("{what}, alone")
        } else {
            what
        }
    }

    fn key(action: &Action) -> &'static str {
        const SUITS: [[&str; 2]; 4] = [["s", "sa"], ["h", "ha"], ["c", "ca"], ["d", "da"]];
        match *action {
            Action::Pass => "p",
            Action::OrderUp { alone } => ["o", "oa"][usize::from(alone)],
            Action::Call { suit, alone } => SUITS[suit.index()][usize::from(alone)],
            Action::DefendAlone => "l",
            Action::McEvoy => "m",
            Action::Farmer(cards::Rank::Nine) => "f9",
            Action::Farmer(_) => "f10",
            Action::Discard(_) | Action::Play(_) => "",
        }
    }

    fn card_of(action: &Action) -> Option<(Card, Option<&'static str>)> {
        match *action {
            Action::Play(card) => Some((card, None)),
            Action::Discard(card) => Some((card, Some("Discard"))),
            _ => None,
        }
    }

    fn question(public: &Public<'_>, legal: &[Action]) -> String {
        let has = |f: fn(&Action) -> bool| legal.iter().any(f);
        let farmer = has(|a| matches!(a, Action::Farmer(_)));
        match (has(|a| matches!(a, Action::McEvoy)), farmer) {
            (true, true) => return "Declare a McEvoy or a farmer's hand, or pass".into(),
            (true, false) => {
                return "Declare a McEvoy (the same dealer deals again), or pass".into()
            }
            (false, true) => {
                return "Declare a farmer's hand (swap with the kitty), or pass".into()
            }
            (false, false) => {}
        }
        if public.hand().is_some_and(|v| v.phase() == Hand::Declaring) {
            return "Declarations after the deal: you have nothing to declare, pass".into();
        }
        if has(|a| matches!(a, Action::OrderUp { .. })) {
            let upcard = public
                .hand()
                .map_or("upcard".into(), |v| card_text(v.upcard()));
            let verb = if dealer_picks_up(public) {
                "Pick up"
            } else {
                "Order up"
            };
            return format!("{verb} the {upcard}, or pass");
        }
        if has(|a| matches!(a, Action::Call { .. })) && benny_up(public) {
            return "The benny was turned up: name trump without looking at your cards".into();
        }
        if has(|a| matches!(a, Action::Call { .. })) {
            return tricks::name_trump(has(|a| matches!(a, Action::Pass)));
        }
        if has(|a| matches!(a, Action::Discard(_))) {
            return "Discard a card: you took the upcard".into();
        }
        if has(|a| matches!(a, Action::DefendAlone)) {
            return "The maker goes alone: defend alone, or pass to play with your partner".into();
        }
        tricks::play(public.hand().is_none_or(|v| v.trick().is_empty()))
    }

    fn help(public: &Public<'_>, legal: &[Action]) -> Vec<String> {
        let has = |f: fn(&Action) -> bool| legal.iter().any(f);
        let blind = benny_up(public);
        let joker = public.rules().joker;
        tricks::holding([
            (
                has(|a| matches!(a, Action::Call { .. })) && blind,
                "The benny (the two of spades, standing for the joker) was turned up: as dealer you name any suit trump before seeing your cards, then take the benny and discard; you play with your partner.",
            ),
            (
                has(|a| matches!(a, Action::Play(_))) && joker,
                "Joker rule: the benny (the two of spades) is the highest trump, above both bowers, and follows trump.",
            ),
            (
                has(|a| matches!(a, Action::OrderUp { .. })),
                "Ordering up makes the upcard's suit trump; the dealer takes the upcard and discards. Pass to let the next player decide.",
            ),
            (
                has(|a| matches!(a, Action::Call { .. })) && !blind,
                "Name any suit but the turned-down upcard's as trump (alone: your partner sits out; all five tricks score 4).",
            ),
            (
                has(|a| matches!(a, Action::Discard(_))),
                "You took the upcard: discard one card face down.",
            ),
            (
                has(|a| matches!(a, Action::McEvoy)),
                "You hold no card above a ten: you may declare a McEvoy, once a game; nobody scores and the same dealer deals again.",
            ),
            (
                has(|a| matches!(a, Action::Farmer(_))),
                "You hold three nines or three tens: you may show them and swap them for the kitty's three unexposed cards (a farmer's hand); the first to declare takes the kitty.",
            ),
            (
                has(|a| matches!(a, Action::DefendAlone)),
                "Defending alone, your partner sits out; if you hold the lone maker to two tricks or fewer your side scores the lone euchre's points.",
            ),
            (
                has(|a| matches!(a, Action::Play(_))),
                "Follow the suit led if you can (the left bower is trump). Trump beats every other suit; the right bower (jack of trump) is highest, then the left (the other jack of its colour).",
            ),
        ])
    }

    fn joker(public: &Public<'_>) -> Option<Card> {
        public.rules().joker.then_some(cards::euchre_order::BENNY)
    }
}

/// Whether these rules' handout calls the dealer's taking the upcard "pick up" (CS 246).
fn picks_up_in_words(public: &Public) -> bool {
    public.rules().preset == crate::Preset::Cs246
}

/// Whether the dealer decides on the upcard now under the CS 246 rules, whose handout
/// calls taking it "pick up the card".
fn dealer_picks_up(public: &Public) -> bool {
    picks_up_in_words(public)
        && public
            .hand()
            .is_some_and(|v| v.turn() == v.dealer() && v.phase() == Hand::Making(Round::One))
}

/// Whether trump is being named blind: the benny turned up (joker house rule).
fn benny_up(public: &Public) -> bool {
    public
        .hand()
        .is_some_and(|v| v.benny_up() && v.phase() == Hand::Making(Round::Two))
}

/// How to play Euchre under the rules in force ([`Staged::lessons`]).
fn lessons(rules: &InForce) -> Vec<Lesson> {
    let handout = if rules.variant == "cs246" {
        "the CS 246 handout"
    } else {
        "the EECS 280 handout"
    };
    let source = |page: &str| format!("{page}; {handout}");
    let pagat = "pagat.com/euchre/euchre.html";
    let value = |name| rules.value(name);
    let aim = vec![
        "Four players in two partnerships; partners sit across the table from each other and score together.".to_string(),
        format!("The first side to {} wins the game.", staging::words::points(rules.points)),
    ];
    let lowest = match value("pack") {
        "32" => "7",
        "28" => "8",
        _ => "9",
    };
    let mut cards = vec![format!(
        "A {}-card pack: {lowest} up to the ace in each suit.",
        value("pack")
    )];
    if rules.on("joker") {
        cards.push("With it the joker (the benny, drawn ★; the two of spades stands for it): always the highest trump.".into());
    }
    cards.push("Once trump is made, its suit ranks: the jack of trump (the right bower), the other jack of the same colour (the left bower), then ace, king, queen, ten, nine. The left bower is a trump and no longer of its own suit. Other suits rank ace, king, queen, jack, ten, nine.".into());
    let deal = if value("deal") == "5" {
        "five at a time"
    } else {
        "in packets of three and two"
    };
    let mut trump = vec![
        format!("Each player is dealt five cards, {deal}, and the next card is turned up: the upcard."),
        "Round one: from the dealer's left, each player may order up the upcard's suit as trump (the dealer then takes the upcard and discards a card) or pass.".into(),
        "Round two, if all passed: the upcard is turned down and each may name another suit as trump, or pass.".into(),
        if value("dealer") == "stuck" {
            "If all pass again, the dealer must name a suit (stick the dealer).".into()
        } else {
            "If all pass again, the hand is thrown in and the next player deals.".into()
        },
        "The side that made trump are the makers; the others defend.".into(),
    ];
    if rules.on("alone") {
        trump.push(format!(
            "A maker may go alone: its partner sits the hand out{}.",
            if rules.on("partner-alone") {
                ", and the dealer's partner who orders up always does"
            } else {
                ""
            }
        ));
    }
    let mut play = vec![
        "The player to the dealer's left leads the first trick (the next player, if that one sits out); the winner of each trick leads the next.".into(),
        "Each player in turn must follow the suit led if they can (the left bower counts as trump); otherwise any card may be played.".into(),
        "The highest trump takes the trick; with no trump in it, the highest card of the suit led.".into(),
    ];
    play.push(match value("renege") {
        "off" => "A card that does not follow suit when the hand holds one is refused.".into(),
        n => format!("Failing to follow suit when able (a renege) is taken back and the other side scores {n} points."),
    });
    let mut scoring = vec![
        "The makers score 1 point for taking three or four of the five tricks.".into(),
        format!("All five tricks (a march) score {}.", value("march")),
    ];
    if rules.on("alone") {
        scoring.push(format!(
            "A march by a lone maker scores {}.",
            value("lone-march")
        ));
    }
    scoring.push(format!(
        "Makers who take two tricks or fewer are euchred: the defenders score {}.",
        value("euchre")
    ));
    let example = vec![
        "Hearts are trump and West leads the K♠. North plays the A♠, which wins unless someone trumps. East holds no spade and plays the 9♥: a trump, so East takes the trick.".into(),
        "Had North held the J♦ without a spade, it could have played it and won: with hearts trump the jack of diamonds is the left bower, the second-highest trump — and, being a heart now, it could not be played to follow diamonds.".into(),
    ];
    vec![
        Lesson::new("The aim", aim, &source(pagat)),
        Lesson::new("The cards", cards, &source(pagat)),
        Lesson::new(
            "Making trump",
            trump,
            &source(&format!("{pagat} (Bidding)")),
        ),
        Lesson::new(
            "Playing the tricks",
            play,
            &source(&format!("{pagat} (Play)")),
        ),
        Lesson::new("Scoring", scoring, &source(&format!("{pagat} (Scoring)"))),
        Lesson::new("An example", example, "cardtable, from the rules above"),
    ]
}
