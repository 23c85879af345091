//! Text fitted to a width: words wrapped at spaces, and whole pieces (a seat's marks, its
//! tally and points, the facts over the middle, cards) packed onto lines, so the drawn
//! table never cuts a word at a panel's edge.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// How many columns `text` takes (every character the table draws takes one).
pub fn width(text: &str) -> usize {
    text.chars().count()
}

/// `text` broken at spaces into lines of at most `width` columns; a word longer than a
/// line is split across lines (never cut off). An empty text is one empty line.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let room = if line.is_empty() {
            width
        } else {
            width.saturating_sub(self::width(&line) + 1)
        };
        if self::width(word) <= room {
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        let chars: Vec<char> = word.chars().collect();
        let mut pieces = chars.chunks(width).map(|c| c.iter().collect::<String>());
        let last = pieces.next_back().unwrap_or_default();
        lines.extend(pieces);
        line = last;
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// Styled pieces packed onto lines of at most `width` columns, `sep` between two on a
/// line; a piece wider than a line is wrapped on lines of its own.
pub fn pack(pieces: Vec<Span<'static>>, sep: &str, width: usize) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut line: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for piece in pieces {
        let w = self::width(&piece.content);
        if !line.is_empty() && used + self::width(sep) + w <= width {
            line.push(Span::raw(sep.to_string()));
            line.push(piece);
            used += self::width(sep) + w;
            continue;
        }
        if !line.is_empty() {
            lines.push(Line::from(std::mem::take(&mut line)));
        }
        if w <= width {
            used = w;
            line.push(piece);
        } else {
            let style: Style = piece.style;
            let mut wrapped = wrap(&piece.content, width);
            let last = wrapped.pop().unwrap_or_default();
            lines.extend(
                wrapped
                    .into_iter()
                    .map(|t| Line::from(Span::styled(t, style))),
            );
            used = self::width(&last);
            line.push(Span::styled(last, style));
        }
    }
    if !line.is_empty() {
        lines.push(Line::from(line));
    }
    lines
}

/// A line's text, its styles dropped.
pub fn text(line: &Line) -> String {
    line.spans.iter().map(|s| s.content.as_ref()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_wrap_whole_and_a_long_word_is_split_not_cut() {
        // Hand-worked: 18 columns.
        assert_eq!(
            wrap("West and East score 1 point and lead 3 to 2", 18),
            ["West and East", "score 1 point and", "lead 3 to 2"]
        );
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("", 10), [""]);
        assert_eq!(wrap("a  b", 10), ["a b"]);
    }

    #[test]
    fn pieces_pack_whole_with_their_separator() {
        let pieces = ["tricks 0 of 5", "10 pts"].map(|p| Span::raw(p.to_string()));
        // "tricks 0 of 5 · 10 pts" is 22 columns.
        let at = |w| -> Vec<String> { pack(pieces.to_vec(), " · ", w).iter().map(text).collect() };
        assert_eq!(at(22), ["tricks 0 of 5 · 10 pts"]);
        assert_eq!(at(21), ["tricks 0 of 5", "10 pts"]);
        assert_eq!(at(8), ["tricks 0", "of 5", "10 pts"]);
    }
}
