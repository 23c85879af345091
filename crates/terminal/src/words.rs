//! The coach's table in words: each legal action, its value, the strong player's pick.

use scene::Coaching;

/// The width, in characters, of the widest of `texts` (0 for none): a column's width.
pub fn widest<T: AsRef<str>>(texts: impl IntoIterator<Item = T>) -> usize {
    let widths = texts.into_iter().map(|t| t.as_ref().chars().count());
    widths.max().unwrap_or(0)
}

/// The coach's rows: each legal action (already in words), its value, and the strong
/// player's pick marked.
pub fn coach_rows(coaching: &Coaching) -> Vec<String> {
    let rows = coaching.choices.iter().enumerate();
    rows.map(|(i, choice)| {
        let (name, value) = (&choice.words, choice.value);
        let value = value.map_or_else(|| "only choice".to_string(), |v| format!("{v:+.2}"));
        let best = if i == coaching.pick {
            "  <- the strong player's choice"
        } else {
            ""
        };
        format!("{name:<22} {value:>11}{best}")
    })
    .collect()
}
