//! Which games, rules variants and players the arena knows by name.

use std::io::Write;

use table::{Agent, Game, RandomAgent, Sampling};

use crate::{run_game, Config, Report};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameKind {
    Euchre,
    Straights,
    TeenDoPanch,
}

impl GameKind {
    pub fn parse(name: &str) -> Option<GameKind> {
        match name {
            "euchre" => Some(GameKind::Euchre),
            "straights" => Some(GameKind::Straights),
            "teendopanch" => Some(GameKind::TeenDoPanch),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            GameKind::Euchre => "euchre",
            GameKind::Straights => "straights",
            GameKind::TeenDoPanch => "teendopanch",
        }
    }

    pub fn seats(self) -> usize {
        match self {
            GameKind::TeenDoPanch => 3,
            _ => 4,
        }
    }

    /// The rules variants, the default first.
    pub fn variants(self) -> &'static [&'static str] {
        match self {
            GameKind::Euchre => &["eecs280", "cs246"],
            GameKind::Straights => &["cs246"],
            GameKind::TeenDoPanch => &["handout", "reference"],
        }
    }

    /// Player names: `random`, `handout` (the game's own bot) and its aliases, `strong`
    /// (also `strong:N`, sampling N deals per decision).
    pub fn players(self) -> &'static [&'static str] {
        match self {
            GameKind::Straights => &["random", "handout", "strong"],
            _ => &["random", "handout", "simple", "strong"],
        }
    }
}

/// A checked line-up: one known player name per seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lineup(pub Vec<String>);

impl Lineup {
    pub fn parse(game: GameKind, text: &str) -> Result<Lineup, String> {
        let names: Vec<String> = text.split(',').map(|n| n.trim().to_string()).collect();
        if names.len() != game.seats() {
            return Err(format!(
                "{} needs {} players in the line-up, got {}",
                game.name(),
                game.seats(),
                names.len()
            ));
        }
        for name in &names {
            if !known(game, name) {
                return Err(format!(
                    "unknown player '{name}' for {}: one of {}",
                    game.name(),
                    game.players().join(", ")
                ));
            }
        }
        Ok(Lineup(names))
    }
}

/// The agents a line-up's names stand for: `H` is the game's handout bot, `S` its strong
/// player.
fn agents<G: Game, H: Agent<G> + Default + 'static, S: Agent<G> + Default + Sampling + 'static>(
    names: &[String],
) -> Vec<Box<dyn Agent<G>>> {
    let agent = |name: &String| -> Box<dyn Agent<G>> {
        match name.split_once(':') {
            Some(("strong", samples)) => Box::new(S::with_samples(samples.parse().unwrap_or(1))),
            _ if name == "strong" => Box::new(S::default()),
            _ if name == "random" => Box::new(RandomAgent::default()),
            _ => Box::new(H::default()),
        }
    };
    names.iter().map(agent).collect()
}

/// Whether `name` is a player of `game`: one of its names, or `strong:N` (N samples).
fn known(game: GameKind, name: &str) -> bool {
    match name.split_once(':') {
        Some(("strong", samples)) => samples.parse::<usize>().is_ok_and(|n| n > 0),
        _ => game.players().contains(&name),
    }
}

pub(crate) fn run(config: &Config, record: Option<&mut dyn Write>) -> Result<Report, String> {
    let names = &config.lineup;
    match (config.game, config.rules.as_str()) {
        (GameKind::Euchre, "eecs280") => {
            let rules = euchre::Rules {
                points_to_win: config.points,
                ..euchre::Rules::eecs280(config.points)
            };
            run_game(
                config,
                || euchre::Game::new(rules),
                || agents::<_, euchre::players::Simple, euchre::players::Strong>(names),
                record,
            )
        }
        (GameKind::Euchre, "cs246") => {
            let rules = euchre::Rules {
                points_to_win: config.points,
                ..euchre::Rules::cs246()
            };
            run_game(
                config,
                || euchre::Game::new(rules),
                || agents::<_, euchre::players::Cs246, euchre::players::Strong>(names),
                record,
            )
        }
        (GameKind::Straights, "cs246") => run_game(
            config,
            straights::Game::new,
            || agents::<_, straights::players::Computer, straights::players::Strong>(names),
            record,
        ),
        (GameKind::TeenDoPanch, variant @ ("handout" | "reference")) => {
            let rules = if variant == "handout" {
                teendopanch::Rules::handout(config.points)
            } else {
                teendopanch::Rules::reference(config.points)
            };
            run_game(
                config,
                || teendopanch::Game::new(rules),
                || agents::<_, teendopanch::players::Simple, teendopanch::players::Strong>(names),
                record,
            )
        }
        (game, rules) => Err(format!(
            "{} has no rules '{rules}': one of {}",
            game.name(),
            game.variants().join(", ")
        )),
    }
}
