//! The create form's catalogue names every card the way the scene writes it, so a face
//! names what it draws in the server's words.

#[test]
fn every_card_is_named_in_the_scenes_words_and_in_full() {
    let offer = scene::offer::offer();
    assert_eq!(offer.cards.len(), 52, "a full pack");
    let named = |code: &str| {
        let card: cards::Card = code.parse().unwrap();
        let words = &offer.cards.iter().find(|c| c.card == card).unwrap().words;
        (words.text.clone(), words.name.clone())
    };
    // Hand-worked: the scene writes a ten as 10 and a suit by its symbol.
    assert_eq!(named("JH"), ("J♥".into(), "Jack of Hearts".into()));
    assert_eq!(named("TS"), ("10♠".into(), "Ten of Spades".into()));
    assert_eq!(named("2D"), ("2♦".into(), "Two of Diamonds".into()));
    assert_eq!(named("AC"), ("A♣".into(), "Ace of Clubs".into()));
    assert_eq!(
        (offer.joker.text.as_str(), offer.joker.name.as_str()),
        ("Joker", "Joker")
    );
    let json = serde_json::to_value(&offer).unwrap();
    assert_eq!(
        json["cards"][0]["card"], "2S",
        "as the protocol spells cards: {}",
        json["cards"][0]
    );
    assert!(json["cards"][0]["text"].is_string() && json["cards"][0]["name"].is_string());
}
