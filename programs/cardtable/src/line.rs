//! Line mode: the game as lines of text and answers typed one per line, for pipes,
//! `TERM=dumb`, screen readers and scripts (`--plain`). Every game; the same session
//! and words as the drawn table.

use std::io::{BufRead, Write};
use std::path::Path;

use cards::Card;
use serde_json::Value;
use table::search::Advice;
use table::Leave;
use textio::Stop;

use crate::session::{Table, YOU};
use crate::words::{self, show};

/// The short answer that takes a non-card action (`p`, `o`, `oa`, `h`, `ha`).
fn code(action: &Value) -> String {
    let alone = |v: &Value| if v["alone"] == true { "a" } else { "" };
    let letter = |v: &Value| {
        words::suit(v).map_or("?".into(), |s| s.letter().to_ascii_lowercase().to_string())
    };
    match words::kind(action) {
        ("Pass", _) => "p".into(),
        ("OrderUp", v) => format!("o{}", alone(v)),
        ("Call", v) if v.is_string() => letter(v),
        ("Call", v) => format!("{}{}", letter(&v["suit"]), alone(v)),
        _ => String::new(),
    }
}

fn team_words(table: &dyn Table, team: &[usize]) -> String {
    let names: Vec<&str> = team.iter().map(|&s| table.names()[s].as_str()).collect();
    names.join(" and ")
}

/// `You and North 3, West and East 5`.
fn score_words(table: &dyn Table) -> String {
    let scores = table.scores();
    table
        .teams()
        .iter()
        .map(|team| format!("{} {}", team_words(table, team), scores[team[0]]))
        .collect::<Vec<_>>()
        .join(", ")
}

fn intro(table: &dyn Table) -> String {
    let game = match (table.game(), table.rules()) {
        ("euchre", "eecs280") => "Euchre: EECS 280 rules (screw the dealer)".to_string(),
        ("euchre", _) => "Euchre: CS 246 rules (going alone allowed)".to_string(),
        ("straights", _) => "Straights: CS 246 rules, the game ends when someone reaches 80 points and the lowest score wins".to_string(),
        (_, rules) => format!("Teen Do Panch: {rules} rules"),
    };
    let goal = match (table.game(), table.points()) {
        ("straights", _) => String::new(),
        ("euchre", 1) => ", first team to 1 point wins".into(),
        ("euchre", n) => format!(", first team to {n} points wins"),
        (_, 1) => ", first to 1 point wins".into(),
        (_, n) => format!(", first to {n} points wins"),
    };
    let seating = match table.game() {
        "euchre" => "You sit South with North as your partner; West and East play against you.",
        "straights" => "You play against West, North and East.",
        _ => "You play against Left and Right.",
    };
    format!(
        "cardtable {game}{goal}.\n{seating}\nSeed {seed} (play this deal again with --seed {seed}). Type help at any prompt.\n",
        seed = table.seed()
    )
}

/// The person's side of line mode.
struct Console<R, W> {
    input: R,
    output: W,
}

impl<R: BufRead, W: Write> Console<R, W> {
    fn say(&mut self, text: &str) -> Result<(), Stop> {
        writeln!(self.output, "{text}").map_err(|_| Stop::Left(Leave::OutputClosed))
    }

    /// One answer, trimmed and lower-cased; bytes that are not UTF-8 are a bad answer.
    fn ask(&mut self, prompt: &str) -> Result<String, Stop> {
        write!(self.output, "{prompt} > ")
            .and_then(|()| self.output.flush())
            .map_err(|_| Stop::Left(Leave::OutputClosed))?;
        let mut line = Vec::new();
        match self.input.read_until(b'\n', &mut line) {
            Ok(0) | Err(_) => {
                let _ = writeln!(self.output);
                Err(Stop::Left(Leave::InputClosed))
            }
            Ok(_) => Ok(String::from_utf8_lossy(&line).trim().to_lowercase()),
        }
    }
}

/// Plays `table` to its end in line mode; `save_to` is where a bare `save` writes.
pub fn play<R: BufRead, W: Write>(
    table: &mut dyn Table,
    input: R,
    output: W,
    save_to: &Path,
) -> Result<(), Stop> {
    let mut console = Console { input, output };
    console.say(&intro(table))?;
    let mut hands = u32::MAX;
    let mut logged = 0;
    let mut scores = table.scores();
    loop {
        // What happened since the person last looked.
        let log = table.log();
        if log.len() < logged {
            logged = 0;
        }
        for entry in &log[logged..] {
            if entry.seat != YOU {
                console.say(&entry_line(table, entry))?;
            }
        }
        logged = log.len();
        if table.hands() != hands {
            if hands != u32::MAX {
                console.say(&hand_result(table, &scores))?;
            }
            hands = table.hands();
            scores = table.scores();
            if table.finished() {
                console.say(&game_result(table))?;
                return Ok(());
            }
        }
        if table.turn() == Some(YOU) {
            answer(&mut console, table, save_to)?;
            let log = table.log();
            if let Some(entry) = log.last() {
                console.say(&entry_line(table, entry))?;
            }
            logged = table.log().len();
            continue;
        }
        let before = table.hands();
        if !table.step() {
            continue;
        }
        if table.turn().is_some() && table.log().is_empty() && table.hands() == before {
            console.say(&deal_line(table))?;
        }
    }
}

fn deal_line(table: &dyn Table) -> String {
    let view = table.view();
    let number = table.hands() + 1;
    let word = if table.game() == "straights" {
        "Round"
    } else {
        "Hand"
    };
    let dealer = match view["dealer"].as_u64() {
        Some(0) => " You deal.".to_string(),
        Some(d) => format!(" {} deals.", table.names()[d as usize]),
        None => String::new(),
    };
    let mut text = format!(
        "── {word} {number} ──{dealer} Score: {}.",
        score_words(table)
    );
    if table.game() == "euchre" {
        if let Some(up) = words::card(&view["upcard"]) {
            text.push_str(&format!("\nUpcard: {}", show(up)));
        }
    }
    text
}

fn entry_line(table: &dyn Table, entry: &crate::session::Entry) -> String {
    let name = &table.names()[entry.seat];
    let kind = entry.action.as_ref().map(|a| words::kind(a).0);
    let play = kind == Some("Play");
    let mut what = words::describe(table.game(), entry.action.as_ref());
    if entry.seat == YOU {
        what = words::to_you(&what);
    }
    let indent = if play { "  " } else { "" };
    let mut line = format!("{indent}{name} {what}.");
    let made = matches!(kind, Some("Call" | "OrderUp"));
    if !(play && table.game() != "straights" || made) {
        return line;
    }
    // Only plays and trump makings look at the table, and they look once.
    let view = table.view();
    if play {
        if let Some(winner) = crate::ui::trick_winner(table, &view) {
            line.push_str(&format!(
                "\n  → {} take{} the trick.",
                table.names()[winner],
                if winner == YOU { "" } else { "s" }
            ));
        }
    }
    if made {
        if let Some(trump) = words::suit(&view["trump"]) {
            let maker = if entry.seat == YOU {
                "you made it".to_string()
            } else {
                format!("{name} made it")
            };
            line.push_str(&format!(
                "\nTrump is {} {}; {maker}.",
                words::symbol(trump),
                trump.name()
            ));
        }
    }
    line
}

/// How the hand that just ended came out, from the change in the scores.
fn hand_result(table: &dyn Table, before: &[f64]) -> String {
    let after = table.scores();
    let teams = table.teams();
    let gains: Vec<(String, f64)> = teams
        .iter()
        .map(|t| (team_words(table, t), after[t[0]] - before[t[0]]))
        .filter(|(_, gain)| *gain != 0.0)
        .collect();
    if gains.is_empty() {
        return "Nobody scores this hand.\n".into();
    }
    // Euchre: say whether the makers made it or were euchred.
    let view = table.view();
    if let (Some(maker), [(gainers, gain)]) = (view["maker"].as_u64(), gains.as_slice()) {
        if table.game() == "euchre" {
            let makers = teams
                .iter()
                .find(|t| t.contains(&(maker as usize)))
                .map(|t| team_words(table, t));
            let defenders = teams
                .iter()
                .find(|t| !t.contains(&(maker as usize)))
                .map(|t| team_words(table, t));
            let plural = if *gain == 1.0 { "point" } else { "points" };
            return match (makers, defenders) {
                (Some(makers), Some(defenders)) if makers != *gainers => {
                    format!("{defenders} euchre {makers} and score {gain} {plural}.\n")
                }
                (Some(makers), _) => format!("{makers} make it and score {gain} {plural}.\n"),
                _ => format!("{gainers} score {gain} {plural}.\n"),
            };
        }
    }
    let parts: Vec<String> = gains
        .iter()
        .map(|(who, gain)| {
            let plural = if *gain == 1.0 { "point" } else { "points" };
            let verb = if who.contains(" and ") || who == "You" {
                "score"
            } else {
                "scores"
            };
            format!("{who} {verb} {gain} {plural}")
        })
        .collect();
    format!("{}.\n", parts.join("; "))
}

fn game_result(table: &dyn Table) -> String {
    let scores = table.scores();
    let teams = table.teams();
    let lowest = table.game() == "straights";
    let mut order: Vec<&Vec<usize>> = teams.iter().collect();
    order.sort_by(|a, b| {
        let (x, y) = (scores[a[0]], scores[b[0]]);
        if lowest {
            x.total_cmp(&y)
        } else {
            y.total_cmp(&x)
        }
    });
    let winner = team_words(table, order[0]);
    let rest: Vec<String> = order.iter().map(|t| scores[t[0]].to_string()).collect();
    let verb = if winner.contains(" and ") || winner == "You" {
        "win"
    } else {
        "wins"
    };
    format!("{winner} {verb} the game, {}.", rest.join(" to "))
}

fn answer<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    table: &mut dyn Table,
    save_to: &Path,
) -> Result<(), Stop> {
    let view = table.view();
    let legal = table.legal();
    let hand: Vec<Card> = words::grouped(&view).into_iter().flatten().collect();
    let listed: Vec<String> = hand
        .iter()
        .enumerate()
        .map(|(i, &c)| format!("[{}] {}", i + 1, show(c)))
        .collect();
    console.say(&format!("Your hand: {}", listed.join("  ")))?;
    let codes: Vec<String> = legal
        .iter()
        .filter(|a| words::card_of(a).is_none())
        .map(|a| format!("{} = {}", code(a), words::choice(a)))
        .collect();
    let hint = if codes.is_empty() {
        String::new()
    } else {
        format!(" ({})", codes.join(", "))
    };
    let question = format!("{}{hint}", words::question(table.game(), &view, &legal));
    loop {
        let said = console.ask(&question)?;
        match said.as_str() {
            "q" | "quit" => return Err(Stop::Left(Leave::Quit)),
            "help" | "?" => {
                console.say("Answers: a card by its number or as 9s, 10h, jd; the short answers in brackets; coach (the strong player's values); save [FILE]; q quits.")?;
                for line in words::help(table.game(), &legal) {
                    console.say(&line)?;
                }
                continue;
            }
            "coach" => {
                console.say(&coach_lines(&table.advise()))?;
                continue;
            }
            _ => {}
        }
        if said == "save" || said.starts_with("save ") {
            let path = said
                .strip_prefix("save")
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map_or(save_to.to_path_buf(), Into::into);
            let result = std::fs::write(&path, table.record() + "\n");
            console.say(&match result {
                Ok(()) => format!("Saved to {} (cardtable play --resume {0}).", path.display()),
                Err(e) => format!("Could not save to {}: {e}.", path.display()),
            })?;
            continue;
        }
        match choose(&said, &hand, &legal) {
            Ok(index) => {
                table.act(index);
                return Ok(());
            }
            Err(why) => console.say(&why)?,
        }
    }
}

/// The legal action an answer names, or why it names none.
fn choose(said: &str, hand: &[Card], legal: &[Value]) -> Result<usize, String> {
    let by_card = |card: Card| {
        legal
            .iter()
            .position(|a| words::card_of(a) == Some(card))
            .ok_or_else(|| format!("{} cannot be played now.", show(card)))
    };
    if let Ok(n) = said.parse::<usize>() {
        return match n.checked_sub(1).and_then(|i| hand.get(i)) {
            Some(&card) => by_card(card),
            None => Err(format!("There is no card number {n}.")),
        };
    }
    if let Some(index) = legal
        .iter()
        .position(|a| words::card_of(a).is_none() && code(a) == said)
    {
        return Ok(index);
    }
    if let Ok(card) = said.parse::<Card>() {
        if !hand.contains(&card) {
            return Err(format!("You do not hold {}.", show(card)));
        }
        return by_card(card);
    }
    if matches!(said, "p" | "pass") {
        return Err("You may not pass now.".into());
    }
    Err(format!(
        "'{said}' is not an answer. Type help for the answers."
    ))
}

fn coach_lines(advice: &Advice<Value>) -> String {
    let mut lines = vec![format!("Coach (values: {}):", advice.unit)];
    lines.extend(
        words::coach_rows(advice)
            .into_iter()
            .map(|row| format!("  {row}")),
    );
    lines.join("\n")
}

/// A recorded game as text: each step, and every hand face up after each deal.
pub fn replay(mut replay: crate::replay::Replay, out: &mut impl Write) -> std::io::Result<()> {
    for at in 0..replay.len() {
        replay.go(at);
        writeln!(out, "{}", replay.caption())?;
        if replay.log().is_empty() {
            for (seat, view) in replay.face_up().iter().enumerate() {
                let hand: Vec<String> = words::cards(&view["hand"]).into_iter().map(show).collect();
                writeln!(out, "  {}: {}", replay.names()[seat], hand.join(" "))?;
            }
        }
    }
    let scores: Vec<String> = replay.scores().iter().map(f64::to_string).collect();
    writeln!(out, "Final points: {}", scores.join(", "))
}
