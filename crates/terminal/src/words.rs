//! The coach's table in words: each legal action, its value, the strong player's pick.

use scene::Coaching;

/// The width, in characters, of the widest of `texts` (0 for none): a column's width.
pub fn widest<T: AsRef<str>>(texts: impl IntoIterator<Item = T>) -> usize {
    let widths = texts.into_iter().map(|t| t.as_ref().chars().count());
    widths.max().unwrap_or(0)
}

/// The coach's rows: each legal action (already in words), its value, and how it stands
/// against the strong player's pick (`the coach's pick`, `0.67 worse`), as the scene says.
pub fn coach_rows(coaching: &Coaching) -> Vec<String> {
    let name_width = widest(coaching.choices.iter().map(|c| &c.words));
    (coaching.choices.iter().enumerate())
        .map(|(i, choice)| {
            let value = choice
                .value
                .map_or_else(String::new, |v| format!("{v:+.2}"));
            let mark = if i == coaching.pick { "★ " } else { "  " };
            let row = format!(
                "{mark}{:<name_width$}  {value:>6}  {}",
                choice.words, choice.against
            );
            row.trim_end().to_string()
        })
        .collect()
}

/// What the coach says, as lines no wider than `width` (but a row): the pick, how to read
/// the values, any note, each choice's row, and what the coach knows.
pub fn coach_lines(coaching: &Coaching, width: usize) -> Vec<String> {
    let mut lines = wrapped(&coaching.advice, width);
    lines.extend(wrapped(&coaching.reading, width));
    for note in &coaching.notes {
        lines.extend(wrapped(note, width));
    }
    lines.push(String::new());
    lines.extend(coach_rows(coaching));
    lines.push(String::new());
    lines.extend(wrapped(COACH_KNOWS, width));
    lines
}

/// What the coach knows, in every face's words.
pub const COACH_KNOWS: &str =
    "The coach knows only what you know: it tries many deals of the cards you have not seen.";

/// `text` broken into lines of at most `width` characters, at spaces (a longer word
/// stands alone).
pub fn wrapped(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use scene::{AnyAction, Coached};

    /// The newcomer's Straights decision, by hand: 8♠ at −1.73 points taken is the pick,
    /// 7♣ at −1.06 is 0.67 worse, lower being better.
    #[test]
    fn the_coach_in_words_says_the_pick_and_which_way_is_better() {
        let play =
            |card: &str| AnyAction::Straights(straights::Action::Play(card.parse().unwrap()));
        let choice = |card: &str, words: &str, value: f64, cost: f64, against: &str| Coached {
            action: play(card),
            words: words.into(),
            value: Some(value),
            cost: Some(cost),
            against: against.into(),
        };
        let coaching = Coaching {
            seat: 0,
            choices: vec![
                choice("7C", "play 7♣", -1.06, 0.67, "0.67 worse"),
                choice("8S", "play 8♠", -1.73, 0.0, "the coach's pick"),
            ],
            pick: 1,
            unit: "the points you can expect to take this round".into(),
            higher_is_better: false,
            advice: "The coach's pick: play 8♠.".into(),
            reading: "Each value is the points you can expect to take this round. Lower is \
                      better."
                .into(),
            notes: Vec::new(),
        };
        assert_eq!(
            coach_lines(&coaching, 40),
            [
                "The coach's pick: play 8♠.",
                "Each value is the points you can expect",
                "to take this round. Lower is better.",
                "",
                "  play 7♣   -1.06  0.67 worse",
                "★ play 8♠   -1.73  the coach's pick",
                "",
                "The coach knows only what you know: it",
                "tries many deals of the cards you have",
                "not seen.",
            ]
        );
    }
}
