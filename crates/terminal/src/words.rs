//! The coach's table in words: each legal action, its value, the strong player's pick.

use table::search::Advice;

/// The width, in characters, of the widest of `texts` (0 for none): a column's width.
pub fn widest<T: AsRef<str>>(texts: impl IntoIterator<Item = T>) -> usize {
    let widths = texts.into_iter().map(|t| t.as_ref().chars().count());
    widths.max().unwrap_or(0)
}

/// The coach's rows: each legal action (already in words), its value, and the strong
/// player's pick marked.
pub fn coach_rows(advice: &Advice<String>) -> Vec<String> {
    let rows = advice.actions.iter().zip(&advice.values).enumerate();
    rows.map(|(i, (name, value))| {
        let value = if value.is_nan() {
            "only choice".to_string()
        } else {
            format!("{value:+.2}")
        };
        let best = if i == advice.choice {
            "  <- the strong player's choice"
        } else {
            ""
        };
        format!("{name:<22} {value:>11}{best}")
    })
    .collect()
}
