//! Line mode: the game as lines of text and answers typed one per line, for pipes,
//! `TERM=dumb`, screen readers and scripts (`--plain`). Every game; the same session
//! and scene as the drawn table.

use std::io::{BufRead, Write};
use std::path::Path;

use cards::Card;
use scene::{card_text as show, HandEnd, MarkKind, Middle, Own, Phase, Scene};
use table::Leave;
use textio::Stop;

use crate::session::Sitting;

/// `You and North 3, West and East 5`.
fn score_words(scene: &Scene) -> String {
    scene
        .score
        .rows
        .iter()
        .map(|row| format!("{} {}", row.side, row.points))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `Sides: You & North against West & East.`, from the score table's sides.
fn seating(scene: &Scene) -> String {
    let side = |mine: bool| {
        let rows = scene.score.rows.iter().filter(move |r| r.mine == mine);
        rows.map(|r| r.cells[0].clone())
    };
    let others: Vec<String> = side(false).collect();
    let mine: Vec<String> = side(true).collect();
    format!("Sides: {} against {}.", mine.join(""), others.join(", "))
}

fn intro(table: &dyn Sitting, scene: &Scene) -> String {
    let seating = seating(scene);
    format!(
        "cardtable {}.\n{seating}\n{}Seed {seed} (play this deal again with --seed {seed}). Type help at any prompt.\n",
        scene.title,
        house_line(scene),
        seed = table.about().seed
    )
}

/// `House rules: Going alone off, Renege penalty 2.`, or nothing without house rules.
fn house_line(scene: &Scene) -> String {
    let house: Vec<String> = scene
        .rules
        .iter()
        .filter(|r| r.house)
        .map(|r| format!("{} {}", r.title, r.value))
        .collect();
    match house.as_slice() {
        [] => String::new(),
        _ => format!("House rules: {}.\n", house.join(", ")),
    }
}

/// The person's side of line mode.
struct Console<R, W> {
    input: R,
    output: W,
    /// The last line said.
    said: String,
}

impl<R: BufRead, W: Write> Console<R, W> {
    fn say(&mut self, text: &str) -> Result<(), Stop> {
        self.said = text.lines().last().unwrap_or_default().to_string();
        writeln!(self.output, "{text}").map_err(|_| Stop::Left(Leave::OutputClosed))
    }

    /// The sentences of `log`'s actions after the `printed`th; the last one said.
    fn say_after(&mut self, printed: u64, log: &[scene::Logged]) -> Result<u64, Stop> {
        let mut last = printed;
        for entry in log.iter().filter(|e| e.seq > printed) {
            for sentence in &entry.words {
                self.say(sentence)?;
            }
            last = entry.seq;
        }
        Ok(last)
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
    table: &mut dyn Sitting,
    input: R,
    output: W,
    save_to: &Path,
) -> Result<(), Stop> {
    let mut console = Console {
        input,
        output,
        said: String::new(),
    };
    let first = table.shown().scene;
    console.say(&intro(table, &first))?;
    // The last action whose sentences were printed, by its number in the game: a
    // resumed game starts at its hand in play.
    let mut printed = first.last_hand.last().map_or(0, |e| e.seq);
    let mut announced = String::new();
    // The last hand's end said, and whether the person can still be asked to go on.
    let mut ended = None;
    let mut input_open = true;
    loop {
        let shown = table.shown();
        let scene = &shown.scene;
        // A deal moved the hand to `last_hand`: its end first.
        printed = console.say_after(printed, &scene.last_hand)?;
        if scene.turn.is_some() && announced != scene.heading {
            announced = scene.heading.clone();
            console.say(&deal_line(scene))?;
        }
        printed = console.say_after(printed, &scene.log)?;
        if let Some(end) = scene.hand_end.as_ref().filter(|e| ended != Some(e.seq)) {
            ended = Some(end.seq);
            // The core's sentence, unless the hand's log just said it.
            if console.said != end.sentence {
                console.say(&end.sentence)?;
            }
            console.say(&hand_end_lines(scene, end))?;
            if scene.result.is_none() && input_open {
                // A closed input goes on (the next question ends the game); q quits.
                match console.ask("Press Enter for the next hand") {
                    Ok(said) if matches!(said.as_str(), "q" | "quit") => {
                        return Err(Stop::Left(Leave::Quit))
                    }
                    // The answer's own line ends the prompt's, wherever the input
                    // comes from.
                    Ok(_) => console.say("")?,
                    Err(Stop::Left(Leave::InputClosed)) => input_open = false,
                    Err(stop) => return Err(stop),
                }
            }
        }
        if let Some(result) = &scene.result {
            console.say(&format!(
                "{} Final score: {}.",
                result.sentence,
                result.standings.join("; ")
            ))?;
            return Ok(());
        }
        match &shown.own {
            Some(own) if !own.actions.is_empty() => answer(&mut console, table, own, save_to)?,
            _ => {
                table.step();
            }
        }
    }
}

/// A hand's end, a line a side (`  You and North: 3 tricks, made trump, +1 point (1 in
/// all)`), each with the cards it turned face up (Straights' discards) and its notes.
fn hand_end_lines(scene: &Scene, end: &HandEnd) -> String {
    let mut lines = Vec::new();
    for side in &end.sides {
        lines.push(format!("  {}", side.text));
        if !side.cards.is_empty() {
            let cards: Vec<String> = side.cards.iter().map(|&c| scene.card_text(c)).collect();
            lines.push(format!("    {}", cards.join(" ")));
        }
        lines.extend(side.notes.iter().map(|note| format!("    {note}")));
    }
    lines.join("\n")
}

/// On the person's turn: Straights' layout, a row a suit, and the cards that may be
/// picked where not every card of the hand may.
fn turn_lines(scene: &Scene, own: &Own) -> Vec<String> {
    let mut lines = Vec::new();
    if let Middle::Layout { rows } = &scene.middle {
        let rows: Vec<&str> = rows.iter().map(|r| r.label.as_str()).collect();
        lines.push(format!("Layout: {}", rows.join(" · ")));
    }
    let cards: Vec<_> = own.hand.groups().iter().flatten().collect();
    let legal: Vec<&str> = (cards.iter())
        .filter(|c| c.action.is_some())
        .map(|c| c.label.as_str())
        .collect();
    if !legal.is_empty() && legal.len() < cards.len() {
        lines.push(format!("You may pick: {}", legal.join(", ")));
    }
    lines
}

fn deal_line(scene: &Scene) -> String {
    let dealer = scene
        .seats
        .iter()
        .find(|s| s.marks.iter().any(|m| m.kind == MarkKind::Dealer))
        .map_or(String::new(), |s| {
            if Some(s.seat) == scene.you {
                " You deal.".into()
            } else {
                format!(" {} deals.", s.name)
            }
        });
    let mut text = format!(
        "── {} ──{dealer} Score: {}.",
        scene.heading,
        score_words(scene)
    );
    for fact in &scene.facts {
        match fact.card {
            Some(card) => text.push_str(&format!("\n{}: {}", fact.text, scene.card_text(card))),
            None => text.push_str(&format!("\n{}", fact.text)),
        }
    }
    text
}

fn answer<R: BufRead, W: Write>(
    console: &mut Console<R, W>,
    table: &mut dyn Sitting,
    own: &Own,
    save_to: &Path,
) -> Result<(), Stop> {
    let hand: Vec<Card> = own.hand.groups().iter().flatten().map(|c| c.card).collect();
    let shown = table.shown();
    let listed: Vec<String> = hand
        .iter()
        .enumerate()
        .map(|(i, &c)| format!("[{}] {}", i + 1, shown.scene.card_text(c)))
        .collect();
    // Cards held but not to be looked at (a dealer naming trump blind).
    let held = shown.scene.seats.get(own.seat).map_or(0, |p| p.cards);
    if listed.is_empty() && held > 0 {
        console.say(&format!("Your hand: {held} cards, face down"))?;
    } else {
        console.say(&format!("Your hand: {}", listed.join("  ")))?;
    }
    for line in turn_lines(&shown.scene, own) {
        console.say(&line)?;
    }
    let codes: Vec<String> = own
        .choices
        .iter()
        .map(|c| format!("{} = {}", c.key, c.label))
        .collect();
    let hint = if codes.is_empty() {
        String::new()
    } else {
        format!(" ({})", codes.join(", "))
    };
    let question = format!("{}{hint}", own.question.clone().unwrap_or_default());
    loop {
        let said = console.ask(&question)?;
        match said.as_str() {
            "q" | "quit" => return Err(Stop::Left(Leave::Quit)),
            "help" | "?" => {
                console.say("Answers: a card by its number or as 9s, 10h, jd; the short answers in brackets; coach (the strong player's values); rules (the rules card); save [FILE]; q quits.")?;
                for line in &own.help {
                    console.say(line)?;
                }
                continue;
            }
            "coach" => {
                match table.coach() {
                    Some(coaching) => console.say(&coach_lines(&coaching))?,
                    None => console.say("The coach speaks on your turn.")?,
                }
                continue;
            }
            "rules" => {
                for rule in &table.shown().scene.rules {
                    let house = if rule.house { " (house rule)" } else { "" };
                    console.say(&format!("{}: {}{house}", rule.title, rule.value))?;
                }
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
        match choose(&said, own) {
            Ok(index) => {
                table.act(index);
                return Ok(());
            }
            // The rules core's reason.
            Err(Unanswered::NotNow(card, _)) => {
                let why = table.refusal(card);
                console.say(&Unanswered::NotNow(card, why).to_string())?
            }
            // A card at a question that takes no card: the question and its answers.
            Err(Unanswered::NoCardNow) => {
                let kind = match shown.scene.phase {
                    Phase::OrderUp { .. } | Phase::NameTrump { .. } => "a bid",
                    _ => "not a card",
                };
                let question = own.question.clone().unwrap_or_default();
                console.say(&format!(
                    "No card is played now: the question is {kind} ({question}). Answer {}.",
                    codes.join(", ")
                ))?
            }
            Err(why) => console.say(&why.to_string())?,
        }
    }
}

/// Why an answer names no legal action: said before asking again.
#[derive(Debug, PartialEq, thiserror::Error)]
enum Unanswered {
    #[error("{} cannot be played now{}.", show(*.0), .1.as_ref().map_or(String::new(), |why| format!(": {why}")))]
    NotNow(Card, Option<String>),
    #[error("No card is played now.")]
    NoCardNow,
    #[error("There is no card number {0}.")]
    NoSuchNumber(usize),
    #[error("You do not hold {}.", show(*.0))]
    NotHeld(Card),
    #[error("You may not pass now.")]
    NoPass,
    #[error("'{0}' is not an answer. Type help for the answers.")]
    Unknown(String),
}

/// The legal action an answer names, or why it names none.
fn choose(said: &str, own: &Own) -> Result<usize, Unanswered> {
    let cards: Vec<_> = own.hand.groups().iter().flatten().collect();
    // No card may be picked at all: the question takes a choice (a bid).
    let no_card = cards.iter().all(|c| c.action.is_none()) && !own.choices.is_empty();
    let by_card = |card: Card| {
        if no_card {
            return Err(Unanswered::NoCardNow);
        }
        let held = cards.iter().find(|c| c.card == card);
        held.and_then(|c| c.action)
            .ok_or(Unanswered::NotNow(card, None))
    };
    if let Ok(n) = said.parse::<usize>() {
        return match n.checked_sub(1).and_then(|i| cards.get(i)) {
            Some(c) => by_card(c.card),
            None => Err(Unanswered::NoSuchNumber(n)),
        };
    }
    // The game's short answer, or the button's words in full (`pass`, `order up`).
    if let Some(choice) = own
        .choices
        .iter()
        .find(|c| c.key == said || c.label.to_lowercase() == said)
    {
        return Ok(choice.action);
    }
    if let Ok(card) = said.parse::<Card>() {
        if !cards.iter().any(|c| c.card == card) {
            return Err(Unanswered::NotHeld(card));
        }
        return by_card(card);
    }
    if matches!(said, "p" | "pass") {
        return Err(Unanswered::NoPass);
    }
    Err(Unanswered::Unknown(said.to_string()))
}

fn coach_lines(coaching: &scene::Coaching) -> String {
    let lines = crate::words::coach_lines(coaching, 78);
    let lines: Vec<String> = lines.into_iter().map(|l| format!("  {l}")).collect();
    format!("Coach:\n{}", lines.join("\n").trim_end())
}

/// A recorded game as text: each step, and every hand face up after each deal.
pub fn replay(mut replay: crate::replay::Replay, out: &mut impl Write) -> std::io::Result<()> {
    for at in 0..replay.len() {
        replay.go(at);
        writeln!(out, "{}", replay.caption())?;
        // A reviewed decision: what the coach said of it, as it said it live.
        let reviewed = replay.review().into_iter().flat_map(|r| &r.hands);
        let marked = reviewed.flat_map(|h| &h.decisions).find(|d| d.step == at);
        if let Some(decision) = marked {
            let coaching = &decision.coaching;
            for row in crate::words::coach_rows(coaching) {
                writeln!(out, "    {row}")?;
            }
            for note in &coaching.notes {
                writeln!(out, "    {note}")?;
            }
        }
        let Some(step) = replay.step_shown() else {
            continue;
        };
        if step.seat.is_none() {
            for (seat, held) in step.scene.seats.iter().zip(&step.hands) {
                let hand: Vec<String> = held.iter().map(|&c| step.scene.card_text(c)).collect();
                writeln!(out, "  {}: {}", seat.name, hand.join(" "))?;
            }
        }
    }
    let points = replay
        .step_shown()
        .map(|s| s.points.clone())
        .unwrap_or_default();
    let scores: Vec<String> = points.iter().map(f64::to_string).collect();
    writeln!(out, "Final points: {}", scores.join(", "))?;
    if let Some(review) = replay.review() {
        writeln!(
            out,
            "Review of seat {}: {}",
            review.seat + 1,
            review.summary
        )?;
        writeln!(out, "  {}", review.reading)?;
        for hand in &review.hands {
            writeln!(out, "  {}", hand.summary)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use catalogue::{Ruleset, Variant};
    use proptest::prelude::*;
    use table::Turn;

    use super::choose;

    /// Line mode's own words, which no game's key may be.
    const COMMANDS: [&str; 7] = ["q", "quit", "help", "?", "coach", "rules", "save"];

    /// Plays a random game of `rules`, checking at every seat's turn that each offered
    /// choice has a short answer of its own that `choose` takes to it; the same answer
    /// names the same action all game long. Returns how many choices were checked.
    fn every_choice_answered(rules: &Ruleset, seed: u64) -> usize {
        let mut meaning: BTreeMap<String, String> = BTreeMap::new();
        let mut checked = 0;
        scene::walk(rules, seed, 3000, |at| {
            let Turn::Seat(seat) = at.turn else { return };
            let own = at.shown(Some(seat)).own.unwrap();
            for choice in &own.choices {
                let key = choice.key.as_str();
                assert!(!key.is_empty(), "{} has no short answer", choice.label);
                assert!(!COMMANDS.contains(&key), "{key} is a command");
                assert!(key.parse::<cards::Card>().is_err(), "{key} is a card");
                assert!(key.parse::<usize>().is_err(), "{key} is a number");
                assert_eq!(choose(key, &own), Ok(choice.action), "{key}");
                let action = serde_json::to_string(&own.actions[choice.action]).unwrap();
                let before = meaning.entry(key.to_string()).or_insert(action.clone());
                assert_eq!(*before, action, "{key} names two actions");
                checked += 1;
            }
        });
        checked
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn every_choice_of_every_game_and_house_rule_is_reached_by_its_shown_answer(
            rules in catalogue::rulesets(5),
            seed in any::<u64>(),
        ) {
            every_choice_answered(&rules, seed);
        }
    }

    #[test]
    fn a_straights_pass_is_answered_by_its_key() {
        // The table: free-discard,stuck=pass offers a pass every turn after the
        // opening card; before, its answer was empty and `p` was refused.
        let rules = Ruleset::new(Variant::Straights, 80, &["free-discard", "stuck=pass"]);
        let rules = rules.expect("Straights takes both");
        assert_eq!(rules.variant().game(), catalogue::GameKind::Straights);
        let checked = every_choice_answered(&rules, 1);
        assert!(checked > 10, "{checked} passes offered");
    }
}
