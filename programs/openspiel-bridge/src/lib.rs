//! `cardtable-bridge euchre`: cardtable's Euchre core and players for another program,
//! one JSON request a line on standard input, one JSON reply a line on standard output.
//! `scripts/openspiel/duel.py` uses it to seat cardtable's players against OpenSpiel's
//! bots with every state checked equal on both sides.
//!
//! Requests (`seat`s are 0–3, seats 0 and 2 partners; cards in the short notation, `JD`):
//!
//! - `{"cmd":"deal","seed":S,"dealer":D}` — a fresh hand, dealt from `seed`; the reply
//!   has `hands` (each seat's five cards) and `upcard`.
//! - `{"cmd":"act","player":"strong"}` — the player named (`strong`, `strong:N`,
//!   `handout`, `random`, `pimc`, `pimc:N`) chooses for the seat to act; the reply has
//!   its `action` and `ms`, the time it took.
//! - `{"cmd":"apply","action":A}` — another program's action at the seat to act.
//!
//! Actions are `pass`, `trump:S` (order up or call suit S, by letter), `discard:C` and
//! `play:C`. Every reply but an error carries `state`: `turn` (the seat to act, or
//! null), `legal` (its actions, sorted) and, once the hand is over, `points`: what it
//! scored for seats 0 and 2 (negative when it scored for 1 and 3). A bad request gets
//! `{"error": …}` and changes nothing.

use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::time::Instant;

use cards::{Card, Suit};
use catalogue::{GameKind, PlayerSpec, Roster};
use euchre::players::Strong;
use euchre::{Action, Game, Phase, Rules, Seat};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use table::{Agent, Rng, Seated};

/// Points to win: high enough that a game never ends inside the one hand it plays.
const ONE_HAND: u32 = 1000;

/// Answers requests from `input` on `output` until the input ends.
pub fn run(rules: &str, input: impl BufRead, mut output: impl Write) -> io::Result<()> {
    let rules = Rules::named(rules, ONE_HAND)
        .ok_or_else(|| io::Error::other(format!("no Euchre rules named {rules:?}")))?;
    let mut bridge = Bridge::new(rules);
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let reply = match serde_json::from_str::<Request>(&line) {
            Ok(request) => bridge.answer(request).unwrap_or_else(Reply::error),
            Err(e) => Reply::error(format!("not a request: {e}")),
        };
        let reply = serde_json::to_string(&reply).expect("replies serialize");
        writeln!(output, "{reply}")?;
        output.flush()?;
    }
    Ok(())
}

/// A request, one JSON line (see the module's doc).
#[derive(Deserialize)]
#[serde(tag = "cmd", rename_all = "lowercase", deny_unknown_fields)]
enum Request {
    /// A fresh hand dealt from `seed` by `dealer`.
    Deal { seed: u64, dealer: u64 },
    /// The player named chooses for the seat to act.
    Act { player: String },
    /// Another program's action at the seat to act.
    Apply { action: String },
}

/// A reply, one JSON line: what the request asked for, or why it was refused.
#[derive(Default, Serialize)]
struct Reply {
    #[serde(skip_serializing_if = "Option::is_none")]
    hands: Option<Vec<Vec<String>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    upcard: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    action: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ms: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<State>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

impl Reply {
    fn error(why: String) -> Reply {
        Reply {
            error: Some(why),
            ..Reply::default()
        }
    }

    fn state(state: State) -> Reply {
        Reply {
            state: Some(state),
            ..Reply::default()
        }
    }
}

/// What the other program sees of the hand: the seat to act (`null` once over), its
/// legal actions sorted, and once over what the hand scored for seats 0 and 2.
#[derive(Serialize)]
struct State {
    turn: Option<usize>,
    legal: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    points: Option<i64>,
}

/// One hand at a time, and the players asked for so far (one per seat and name, so each
/// keeps its own tables and random numbers).
struct Bridge {
    rules: Rules,
    game: Option<Game>,
    /// Each seat's random numbers, drawn afresh from the deal's seed, so a hand's play
    /// depends only on its seed and the players asked.
    rngs: [Rng; 4],
    players: HashMap<(usize, String), Box<dyn Agent<Game>>>,
}

impl Bridge {
    fn new(rules: Rules) -> Bridge {
        Bridge {
            rules,
            game: None,
            rngs: seat_rngs(0),
            players: HashMap::new(),
        }
    }

    fn answer(&mut self, request: Request) -> Result<Reply, String> {
        match request {
            Request::Deal { seed, dealer } => self.deal(seed, dealer),
            Request::Act { player } => self.act(&player),
            Request::Apply { action } => self.apply(&action),
        }
    }

    fn deal(&mut self, seed: u64, dealer: u64) -> Result<Reply, String> {
        let dealer = match dealer {
            d @ 0..=3 => Seat::new(d as usize),
            _ => return Err("deal needs a dealer, 0 to 3".into()),
        };
        let mut game = Game::with_dealer(self.rules, dealer);
        table::Game::deal(&mut game, &mut Rng::seed_from_u64(seed));
        let hand = game.hand().expect("just dealt");
        let hands: Vec<Vec<String>> = Seat::ALL
            .iter()
            .map(|&s| hand.cards(s).into_iter().map(|c| c.to_string()).collect())
            .collect();
        let reply = Reply {
            hands: Some(hands),
            upcard: Some(hand.upcard().to_string()),
            state: Some(state(&game)),
            ..Reply::default()
        };
        self.game = Some(game);
        self.rngs = seat_rngs(seed);
        Ok(reply)
    }

    fn act(&mut self, name: &str) -> Result<Reply, String> {
        let game = self.game.as_mut().ok_or("no hand dealt")?;
        let seat = game.turn().ok_or("the hand is over")?.index();
        let key = (seat, name.to_string());
        if !self.players.contains_key(&key) {
            self.players.insert(key.clone(), player(game, name)?);
        }
        let player = self.players.get_mut(&key).expect("inserted above");
        let start = Instant::now();
        let action = player.act(Seated::new(game, seat), &mut self.rngs[seat]);
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let text = notation(game, action);
        game.apply(action)
            .map_err(|e| format!("{name} chose {text}: {e}"))?;
        Ok(Reply {
            action: Some(text),
            ms: Some(ms),
            state: Some(state(game)),
            ..Reply::default()
        })
    }

    fn apply(&mut self, text: &str) -> Result<Reply, String> {
        let game = self.game.as_mut().ok_or("no hand dealt")?;
        let action = parse(game, text)?;
        game.apply(action).map_err(|e| format!("{text}: {e}"))?;
        Ok(Reply::state(state(game)))
    }
}

/// Each seat's random numbers for the hand dealt from `seed`.
fn seat_rngs(seed: u64) -> [Rng; 4] {
    std::array::from_fn(|seat| Rng::seed_from_u64(seed ^ ((seat as u64 + 1) << 56)))
}

/// The player `name` for these rules: a catalogue player (`strong`, `strong:N`,
/// `handout`, `random`) or `pimc`/`pimc:N`; knobs may follow a strong or pimc player, for
/// experiments: `strong:96/bid=0.5/model=0/infer=0`.
fn player(game: &Game, name: &str) -> Result<Box<dyn Agent<Game>>, String> {
    let (base, knobs) = match name.split_once('/') {
        Some((base, knobs)) => (base, Some(knobs)),
        None => (name, None),
    };
    let (kind, samples) = match base.split_once(':') {
        Some((kind, n)) => (kind, Some(n)),
        None => (base, None),
    };
    let samples = || -> Result<usize, String> {
        let Some(text) = samples else {
            return Ok(Strong::DEFAULT_SAMPLES);
        };
        text.parse()
            .ok()
            .filter(|n| (1..=catalogue::MAX_SAMPLES as usize).contains(n))
            .ok_or(format!(
                "{text:?} is not a number of samples from 1 to {}",
                catalogue::MAX_SAMPLES
            ))
    };
    let mut strong = match (kind, knobs) {
        ("pimc", _) => Strong::pimc(samples()?),
        ("strong", Some(_)) => Strong::new(samples()?),
        (_, None) => {
            let spec = PlayerSpec::parse(GameKind::Euchre, name).map_err(|e| e.to_string())?;
            return Ok(game.agent(spec));
        }
        _ => return Err(format!("only strong and pimc take knobs, not {base:?}")),
    };
    for knob in knobs.into_iter().flat_map(|k| k.split('/')) {
        let (key, value) = knob
            .split_once('=')
            .ok_or(format!("knob {knob:?} needs ="))?;
        let bad = || format!("bad value in {knob:?}");
        strong = match key {
            "bid" => strong.with_bid_threshold(value.parse().map_err(|_| bad())?),
            "model" => strong.with_modelled_tricks(value.parse().map_err(|_| bad())?),
            "infer" => strong.with_inference_tries(value.parse().map_err(|_| bad())?),
            "score" => strong.with_score_awareness(value == "1"),
            "soft" => strong.with_soft_tries(value.parse().map_err(|_| bad())?),
            "handout" => strong.with_handout_opponents(value == "always"),
            _ => return Err(format!("no knob {key:?}")),
        };
    }
    Ok(Box::new(strong))
}

/// What the other program sees of the hand.
fn state(game: &Game) -> State {
    let hand = game.hand().expect("a hand is dealt");
    if hand.phase() == Phase::Over {
        // One hand a game, from love all: the scores are what it scored.
        let [ours, theirs] = game.scores().map(i64::from);
        return State {
            turn: None,
            legal: Vec::new(),
            points: Some(ours - theirs),
        };
    }
    let mut legal: Vec<String> = hand
        .legal_actions()
        .as_slice()
        .iter()
        .map(|&a| notation(game, a))
        .collect();
    legal.sort();
    State {
        turn: Some(hand.turn().index()),
        legal,
        points: None,
    }
}

/// An action in the bridge's notation.
fn notation(game: &Game, action: Action) -> String {
    let upcard_suit = game.hand().map(|h| h.upcard().suit());
    match action {
        Action::Pass => "pass".into(),
        Action::OrderUp { .. } => format!("trump:{}", upcard_suit.expect("dealt").letter()),
        Action::Call { suit, .. } => format!("trump:{}", suit.letter()),
        Action::Discard(card) => format!("discard:{card}"),
        Action::Play(card) => format!("play:{card}"),
        Action::DefendAlone => "defend-alone".into(),
        Action::McEvoy => "mcevoy".into(),
        Action::Farmer(rank) => format!("farmer-{}", rank.symbol()),
    }
}

/// An action from the bridge's notation, as the hand's phase reads it.
fn parse(game: &Game, text: &str) -> Result<Action, String> {
    let hand = game.hand().ok_or("no hand dealt")?;
    let card = |c: &str| Card::parse_short(c).map_err(|e| e.to_string());
    let (verb, rest) = text.split_once(':').unwrap_or((text, ""));
    let action = match (verb, hand.phase()) {
        ("pass", _) => Action::Pass,
        ("trump", Phase::Making(round)) => {
            let letter = rest.chars().next().ok_or("trump needs a suit letter")?;
            let suit = Suit::from_letter(letter).ok_or(format!("no suit {letter:?}"))?;
            match round {
                euchre::Round::One => Action::OrderUp { alone: false },
                euchre::Round::Two => Action::Call { suit, alone: false },
            }
        }
        ("discard", _) => Action::Discard(card(rest)?),
        ("play", _) => Action::Play(card(rest)?),
        _ => return Err(format!("no action {text:?} now")),
    };
    // Round one's `trump:S` must name the upcard's suit.
    if notation(game, action) != text {
        return Err(format!("no action {text:?} now"));
    }
    Ok(action)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replies(requests: &[&str]) -> Vec<serde_json::Value> {
        let mut out = Vec::new();
        run("eecs280", requests.join("\n").as_bytes(), &mut out).unwrap();
        out.split(|&b| b == b'\n')
            .filter(|line| !line.is_empty())
            .map(|line| serde_json::from_slice(line).unwrap())
            .collect()
    }

    #[test]
    fn bad_requests_get_errors_and_change_nothing() {
        let got = replies(&[
            "not json",
            r#"{"cmd":"act","player":"strong"}"#,
            r#"{"cmd":"deal","seed":3,"dealer":7}"#,
            r#"{"cmd":"deal","seed":3,"dealer":1}"#,
            r#"{"cmd":"apply","action":"play:AS"}"#,
            r#"{"cmd":"apply","action":"trump:X"}"#,
            r#"{"cmd":"act","player":"grandmaster"}"#,
            r#"{"cmd":"apply","action":"pass"}"#,
        ]);
        for (i, reply) in got[..3].iter().enumerate() {
            assert!(reply["error"].is_string(), "request {i}: {reply}");
        }
        // Dealer 1: seat 2 bids first, pass or order up.
        assert_eq!(got[3]["state"]["turn"], 2);
        assert_eq!(got[3]["hands"][0].as_array().unwrap().len(), 5);
        for reply in &got[4..7] {
            assert!(reply["error"].is_string(), "{reply}");
        }
        // After the refusals the hand is where it was: seat 2 passes, seat 3 bids.
        assert_eq!(got[7]["state"]["turn"], 3);
    }

    #[test]
    fn a_hand_played_through_the_bridge_scores_once_over() {
        let mut requests = vec![r#"{"cmd":"deal","seed":9,"dealer":0}"#];
        // Stick the dealer: at most 8 bids, a discard, 20 cards.
        requests.extend([r#"{"cmd":"act","player":"handout"}"#; 29]);
        let got = replies(&requests);
        let over = got
            .iter()
            .position(|r| r["state"]["turn"].is_null())
            .unwrap();
        let points = got[over]["state"]["points"].as_i64().unwrap();
        // A made hand scores 1 or 2 for the makers, a euchre 2 for the defenders.
        assert!([1, 2, -1, -2].contains(&points), "{}", got[over]);
        assert!(got[over + 1..].iter().all(|r| r["error"].is_string()));
    }
}
