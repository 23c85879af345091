//! The catalogue builds every variant and player it names, and refuses every name it
//! does not know with an error (never a silent default).

use catalogue::{Error, GameKind, Lineup, PlayerSpec, Roster, Variant, WithGame, MAX_SAMPLES};
use table::{Computers, Turn};

/// Plays one game of the variant with the line-up to its end; returns (name, variant,
/// seats, teams).
struct PlayOne<'a>(&'a Lineup);

impl WithGame for PlayOne<'_> {
    type Output = (String, String, usize, Vec<Vec<usize>>);

    fn run<G: Roster>(self, new: impl Fn() -> G + Clone + Send + Sync + 'static) -> Self::Output {
        let mut game = new();
        let mut agents = game.agents(self.0.seats());
        table::play_seeded(&mut game, &mut agents, 1, None);
        assert_eq!(game.turn(), Turn::Over);
        (
            game.name().to_string(),
            game.variant().to_string(),
            game.seats(),
            game.teams(),
        )
    }
}

#[test]
fn every_variant_builds_its_game_with_every_kind_of_player() {
    for variant in Variant::ALL {
        let game = variant.game();
        let kinds = ["random", "handout", "strong:2", "random"];
        let kinds: Vec<&str> = kinds.into_iter().cycle().take(game.seats()).collect();
        let lineup = Lineup::parse(game, &kinds.join(",")).unwrap();
        let (name, rules, seats, teams) = variant.with_game(3, PlayOne(&lineup));
        assert_eq!(
            (name.as_str(), rules.as_str()),
            (game.name(), variant.rules())
        );
        assert_eq!(seats, game.seats());
        let expected: Vec<Vec<usize>> = match game {
            GameKind::Euchre => vec![vec![0, 2], vec![1, 3]],
            _ => (0..seats).map(|s| vec![s]).collect(),
        };
        assert_eq!(teams, expected, "{variant}");
    }
}

#[test]
fn names_round_trip() {
    for game in GameKind::ALL {
        assert_eq!(game.name().parse::<GameKind>(), Ok(game));
        for rules in game.variants() {
            assert_eq!(Variant::named(game, Some(rules)).unwrap().rules(), rules);
        }
    }
    let levels = ["beginner", "easy", "medium", "hard", "expert"];
    for spec in ["random", "handout", "strong", "strong:1", "strong:10000"]
        .iter()
        .chain(&levels)
    {
        let parsed = PlayerSpec::parse(GameKind::Straights, spec).unwrap();
        assert_eq!(parsed.to_string(), *spec);
        let json = serde_json::to_string(&parsed).unwrap();
        assert_eq!(serde_json::from_str::<PlayerSpec>(&json).unwrap(), parsed);
    }
    assert_eq!(
        PlayerSpec::parse(GameKind::TeenDoPanch, "simple"),
        Ok(PlayerSpec::Handout)
    );
    for spec in ["learned", "learned:1", "learned:384", "learned:10000"] {
        let parsed = PlayerSpec::parse(GameKind::Euchre, spec).unwrap();
        assert_eq!(parsed.to_string(), spec);
        let json = serde_json::to_string(&parsed).unwrap();
        assert_eq!(serde_json::from_str::<PlayerSpec>(&json).unwrap(), parsed);
        assert!(matches!(
            PlayerSpec::parse(GameKind::Straights, spec),
            Err(Error::UnknownPlayer { .. })
        ));
    }
    // The form stored before the learned player took a number of deals still reads.
    assert_eq!(
        serde_json::from_str::<PlayerSpec>(r#"{"kind":"learned"}"#).unwrap(),
        PlayerSpec::Learned { samples: None }
    );
    // The five levels, weakest first, in every game.
    for game in GameKind::ALL {
        let named: Vec<_> = levels
            .iter()
            .map(|l| PlayerSpec::parse(game, l).unwrap())
            .collect();
        let expected: Vec<_> = catalogue::Level::ALL
            .map(|level| PlayerSpec::Level { level })
            .into();
        assert_eq!(named, expected);
        assert!(catalogue::Level::ALL.windows(2).all(|w| w[0] < w[1]));
    }
}

#[test]
fn unknown_names_and_bad_strengths_are_errors() {
    let euchre = GameKind::Euchre;
    assert!(matches!(
        "bridge".parse::<GameKind>(),
        Err(Error::UnknownGame(_))
    ));
    assert!(matches!(
        Variant::named(GameKind::Straights, Some("eecs280")),
        Err(Error::UnknownVariant { .. })
    ));
    assert!(matches!(
        Lineup::parse(GameKind::Straights, "simple,random,random,random"),
        Err(Error::UnknownPlayer { .. })
    ));
    assert!(matches!(
        Lineup::parse(euchre, "simple,random,simple"),
        Err(Error::SeatCount { given: 3, .. })
    ));
    // Straights seats as many as its `players` house rule says.
    let six = catalogue::Ruleset::new(
        Variant::named(GameKind::Straights, None).unwrap(),
        10,
        &["players=6"],
    )
    .unwrap();
    assert_eq!(six.seats(), 6);
    let four = Lineup::parse_for(&six, "handout,random,random,random").unwrap_err();
    assert!(matches!(
        four,
        Error::SeatCount {
            given: 4,
            seats: 6,
            ..
        }
    ));
    assert_eq!(
        four.to_string(),
        "straights needs 6 players in the line-up, got 4"
    );
    assert_eq!(
        Lineup::parse_for(&six, "handout,random,random,random,random,strong")
            .map(|l| l.seats().len()),
        Ok(6)
    );
    for bad in [
        "strong:0",
        "strong:abc",
        "strong:",
        "strong:-1",
        "strong:10001",
        "strong:99999999999999",
        "learned:0",
        "learned:10001",
        "learned:x",
    ] {
        let error = PlayerSpec::parse(euchre, bad).unwrap_err();
        assert_eq!(error, Error::Samples(bad.to_string()));
        assert!(error.to_string().contains("strong:N"), "{error}");
    }
    let too_strong = PlayerSpec::Strong {
        samples: Some(MAX_SAMPLES + 1),
    };
    assert!(Lineup::new(GameKind::TeenDoPanch, vec![too_strong; 3]).is_err());
    let json_spec: PlayerSpec = serde_json::from_str(r#"{"kind":"strong","samples":0}"#).unwrap();
    assert!(json_spec.validate().is_err());
    let json_spec: PlayerSpec =
        serde_json::from_str(r#"{"kind":"learned","samples":10001}"#).unwrap();
    assert!(json_spec.validate_for(euchre).is_err());
    assert!(PlayerSpec::Learned { samples: Some(8) }
        .validate_for(euchre)
        .is_ok());
    assert!(PlayerSpec::Learned { samples: None }
        .validate_for(GameKind::Straights)
        .is_err());
    let message = Lineup::parse(euchre, "robot,random,random,random")
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("unknown player 'robot'") && message.contains("strong:N"),
        "{message}"
    );
}

/// Euchre's expert, its coach and `learned` are the learned player (docs/BOTS.md: it
/// measured stronger than the strong player); `learned:N` plays its cards on N deals.
#[test]
fn the_euchre_expert_and_coach_are_the_learned_player() {
    use euchre::players::{Learned, Simple, Strong};
    use rand::SeedableRng;
    use table::search::Advisor;
    use table::{Agent, Rng, Seated};

    let rules = euchre::Rules::eecs280(10);
    let mut game = euchre::Game::new(rules);
    let mut chance = Rng::seed_from_u64(5);
    let expert = PlayerSpec::Level {
        level: catalogue::Level::Expert,
    };
    let mut differs_from_strong = false;
    let mut checked = 0;
    while checked < 40 && !game.is_over() {
        if game.needs_deal() {
            table::Game::deal(&mut game, &mut chance);
            continue;
        }
        let seat = game.turn().unwrap().index();
        let seated = || Seated::new(&game, seat);
        let advise = |mut advisor: Box<dyn Advisor<euchre::Game>>| {
            advisor
                .advise(seated(), &mut Rng::seed_from_u64(checked))
                .values
        };
        let act = |mut agent: Box<dyn Agent<euchre::Game>>| {
            agent.act(seated(), &mut Rng::seed_from_u64(checked))
        };
        if seated().legal_actions().len() > 1 {
            let learned = advise(Box::new(Learned::shipped(&rules)));
            assert_eq!(advise(game.advisor()), learned);
            let chosen = act(Box::new(Learned::shipped(&rules)));
            for spec in [
                expert,
                PlayerSpec::parse(GameKind::Euchre, "learned").unwrap(),
            ] {
                assert_eq!(act(game.agent(spec)), chosen, "{spec}");
            }
            let eight = PlayerSpec::parse(GameKind::Euchre, "learned:8").unwrap();
            assert_eq!(
                act(game.agent(eight)),
                act(Box::new(Learned::playing_on(&rules, 8)))
            );
            differs_from_strong |= learned != advise(Box::<Strong>::default());
            checked += 1;
        }
        let action = Simple.act(seated(), &mut Rng::seed_from_u64(checked));
        game.apply(action).unwrap();
    }
    assert_eq!(checked, 40);
    assert!(
        differs_from_strong,
        "the learned player is not the strong one"
    );
}

/// The seats a game's rules allow: pagat.com's sevens is for three to eight players (the
/// `players` house rule, docs/RULES.md); Euchre is four in two partnerships, Teen Do Panch
/// three (their handouts).
#[test]
fn seat_ranges_are_what_the_rules_allow() {
    assert_eq!(GameKind::Straights.seat_range(), (3, 8));
    assert_eq!(GameKind::Euchre.seat_range(), (4, 4));
    assert_eq!(GameKind::TeenDoPanch.seat_range(), (3, 3));
}
