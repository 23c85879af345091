//! The scene's JSON Schema is checked in (`docs/scene.schema.json`): browsers and other
//! clients validate what they receive against it, so a change to the scene's types must
//! come with the file (regenerate it with `CARDTABLE_BLESS=1 cargo test -p
//! cardtable-scene --test schema`, and raise `SCENE_VERSION` when a field changes
//! meaning or goes away).

use std::path::Path;

#[test]
fn the_checked_in_schema_is_the_scenes_types() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/scene.schema.json");
    let schema = serde_json::to_value(scene::schema()).unwrap();
    let made = serde_json::to_string_pretty(&schema).unwrap() + "\n";
    if std::env::var_os("CARDTABLE_BLESS").is_some() {
        std::fs::write(&path, &made).unwrap();
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        kept == made,
        "docs/scene.schema.json differs from the scene's types: regenerate it (see this test's doc)"
    );
}

#[test]
fn the_schema_names_its_version_and_requires_the_scene() {
    let schema = serde_json::to_value(scene::schema()).unwrap();
    assert_eq!(schema["title"], "Shown");
    let required = schema["required"].as_array().unwrap();
    assert!(required.iter().any(|r| r == "scene"));
    let scene = &schema["$defs"]["Scene"];
    assert!(scene["properties"]["version"].is_object());
    assert_eq!(scene::SCENE_VERSION, 4);
    // Version 4: the log is typed, an entry an action (hidden: null) with its number,
    // seat and words.
    let logged = &schema["$defs"]["Logged"]["required"];
    for field in ["seq", "seat", "words"] {
        assert!(
            logged.as_array().unwrap().iter().any(|f| f == field),
            "{field}"
        );
    }
    assert!(schema["$defs"]["Logged"]["properties"]["action"].is_object());
}

/// A spectator is sent a `Scene` alone: no seat panel in it can hold cards (version 3
/// took `face_up` away; a replay's hands are its steps'), which the schema shows as no
/// seat property that is, or holds, a card.
#[test]
fn a_scenes_seat_panels_hold_no_card() {
    let schema = serde_json::to_value(scene::schema()).unwrap();
    let panel = &schema["$defs"]["SeatPanel"]["properties"];
    let properties = panel.as_object().unwrap();
    assert!(properties.contains_key("cards"), "the count of cards held");
    for (name, property) in properties {
        let text = property.to_string();
        assert!(
            !text.contains("#/$defs/Card"),
            "seat property {name} holds a card"
        );
    }
}
