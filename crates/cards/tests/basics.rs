//! The card vocabulary worked by hand: numbering, ranks as Straights scores them, the
//! trump order's questions, sets, and the errors' words.

use cards::euchre_order::TrumpOrder;
use cards::{Card, CardSet, Rank, Suit};

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn set(text: &str) -> CardSet {
    text.parse().unwrap()
}

#[test]
fn cards_are_numbered_rank_times_four_plus_suit() {
    // Suits in EECS 280's tie-break order: Spades 0, Hearts 1, Clubs 2, Diamonds 3.
    assert_eq!(card("2S").index(), 0);
    assert_eq!(card("2D").index(), 3);
    assert_eq!(card("AD").index(), 51);
    assert_eq!(Card::from_index(51), Some(card("AD")));
    assert_eq!(Card::from_index(52), None);
    assert_eq!(card("JC").suit(), Suit::Clubs);
    assert_eq!(card("9H").suit(), Suit::Hearts);
    assert_eq!(format!("{:?}", card("TD")), "TD");
    assert_eq!(card("TD").long().to_string(), "Ten of Diamonds");
}

#[test]
fn ranks_by_number_and_by_pips() {
    assert_eq!(Rank::from_index(0), Some(Rank::Two));
    assert_eq!(Rank::from_index(12), Some(Rank::Ace));
    assert_eq!(Rank::from_index(13), None);
    // Straights (handout 5): Ace 1, Two 2, …, Ten 10, Jack 11, Queen 12, King 13.
    let pips: Vec<u32> = Rank::ALL.iter().map(|r| r.pips()).collect();
    assert_eq!(pips, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1]);
    assert_eq!(Rank::Queen.to_string(), "Queen");
}

#[test]
fn trump_counts_the_left_bower_and_not_the_other_jacks() {
    let hearts = TrumpOrder::euchre(Suit::Hearts);
    for (c, trump) in [
        ("JH", true),
        ("JD", true),
        ("9H", true),
        ("9D", false),
        ("JS", false),
    ] {
        assert_eq!(hearts.is_trump(card(c)), trump, "{c}");
    }
    // The lowest of a set of trumps: an ordinary trump, else the left bower.
    assert_eq!(hearts.lowest(set("JH JD 9H")), Some(card("9H")));
    assert_eq!(hearts.lowest(set("JH JD")), Some(card("JD")));
    assert_eq!(
        hearts.lowest(set("JH AS")),
        Some(card("AS")),
        "a plain card is lower"
    );
    let no_bowers = TrumpOrder::without_bowers(Suit::Hearts);
    assert!(!no_bowers.is_trump(card("JD")));
}

#[test]
fn sets_hold_cards_as_bits() {
    let hand = set("9S AH");
    assert_eq!(
        hand.bits(),
        1 << card("9S").index() | 1 << card("AH").index()
    );
    assert_eq!(CardSet::from_bits(hand.bits()), hand);
    assert_eq!(
        CardSet::from_bits(u64::MAX).len(),
        52,
        "no bits beyond the 52 cards"
    );
    assert!(CardSet::EMPTY.is_empty() && !hand.is_empty());
    assert_eq!(
        hand.union(set("AH KD")),
        set("9S AH KD"),
        "a card in both is kept"
    );
    let mut cards = hand.iter();
    assert_eq!(cards.size_hint(), (2, Some(2)));
    cards.next();
    assert_eq!(cards.len(), 1);
}

#[test]
fn errors_say_what_and_where() {
    let error = "1X".parse::<Card>().unwrap_err();
    assert_eq!(error.to_string(), "not a card: \"1X\"");
    let deck: CardSet = cards::deck::eecs280_euchre().into_iter().collect();
    let pack = cards::pack::parse("Nine of Spadez\n", deck).unwrap_err();
    assert_eq!(pack.line, 1);
    assert!(pack.to_string().starts_with("line 1: "), "{pack}");
}

#[test]
fn suits_tricks_and_sets_show_themselves() {
    let indices: Vec<usize> = Suit::ALL.iter().map(|s| s.index()).collect();
    assert_eq!(indices, [0, 1, 2, 3], "Spades, Hearts, Clubs, Diamonds");
    assert_eq!(Suit::Clubs.to_string(), "Clubs");
    assert_eq!("X".parse::<Suit>().unwrap_err().to_string(), "not a suit");
    assert_eq!(format!("{:?}", set("AH 9S")), "{9S, AH}");
    let mut trick: cards::trick::Trick<u8, 3> = cards::trick::Trick::new(1);
    assert!(trick.is_empty());
    assert_eq!(trick.len(), 0);
    trick.push(1, card("9S"));
    trick.push(2, card("TS"));
    assert_eq!((trick.len(), trick.is_empty()), (2, false));
}
