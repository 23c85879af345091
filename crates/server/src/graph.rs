//! A rating graph drawn by the server as SVG (`/api/users/{name}/rating/{game}/{rules}.svg`):
//! one line through the rating shown after each rated game, the games along the bottom
//! and the ratings up the side, with a `<title>` and a description that say the same in
//! words for a screen reader. Drawn here, from numbers the store gave, so a profile page
//! needs no charting script; every text in it is escaped.

use std::fmt::Write;

/// The drawing's size, in its own units.
const WIDTH: f64 = 600.0;
const HEIGHT: f64 = 280.0;
/// Room for the labels: left, right, top, bottom.
const LEFT: f64 = 72.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 44.0;
const BOTTOM: f64 = 40.0;
/// The labels' size: the drawing is scaled to its box, a phone's about half of it, so a
/// label of 20 units reads at about 10 pixels there.
const FONT: f64 = 20.0;

/// One point: the person's `n`th rated game and the rating shown after it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Which game, from 1.
    pub n: u32,
    /// The rating shown after it ([`crate::ratings::Rating::shown`]).
    pub rating: f64,
}

/// `text` made safe inside an SVG element or attribute.
pub fn escape(text: &str) -> String {
    let mut safe = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => safe.push_str("&amp;"),
            '<' => safe.push_str("&lt;"),
            '>' => safe.push_str("&gt;"),
            '"' => safe.push_str("&quot;"),
            '\'' => safe.push_str("&#39;"),
            c => safe.push(c),
        }
    }
    safe
}

/// The graph of `points` (oldest first) under the heading `title`.
pub fn draw(title: &str, points: &[Point]) -> String {
    let title = escape(title);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" \
         role=\"img\" aria-labelledby=\"title desc\" font-family=\"sans-serif\" \
         font-size=\"{FONT}\">\n<title id=\"title\">{title}</title>\n"
    );
    let (Some(first), Some(last)) = (points.first(), points.last()) else {
        let _ = write!(
            svg,
            "<desc id=\"desc\">No rated games yet.</desc>\n\
             <text x=\"{}\" y=\"{}\" text-anchor=\"middle\">No rated games yet</text>\n</svg>\n",
            WIDTH / 2.0,
            HEIGHT / 2.0
        );
        return svg;
    };
    let low = points
        .iter()
        .map(|p| p.rating)
        .fold(f64::INFINITY, f64::min);
    let high = (points.iter())
        .map(|p| p.rating)
        .fold(f64::NEG_INFINITY, f64::max);
    let (lowest, highest) = (low, high);
    // A flat line still gets room above and below it.
    let (low, high) = if high - low < 1.0 {
        (low - 0.5, high + 0.5)
    } else {
        (low, high)
    };
    let (plot_w, plot_h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    // Game numbers as reals: their differences neither wrap nor stop at zero.
    let span = (f64::from(last.n) - f64::from(first.n)).max(1.0);
    let x = |n: u32| LEFT + plot_w * (f64::from(n) - f64::from(first.n)) / span;
    let y = |r: f64| TOP + plot_h * (high - r) / (high - low);
    let _ = writeln!(
        svg,
        "<desc id=\"desc\">{} rated game{}: from {:.1} after game {} to {:.1} after game {}; \
         lowest {:.1}, highest {:.1}.</desc>",
        points.len(),
        if points.len() == 1 { "" } else { "s" },
        first.rating,
        first.n,
        last.rating,
        last.n,
        lowest,
        highest
    );
    let _ = writeln!(
        svg,
        "<text x=\"{LEFT}\" y=\"{FONT}\" font-weight=\"bold\">{title}</text>"
    );
    // The axes and their labels.
    let (bottom, right) = (TOP + plot_h, LEFT + plot_w);
    let _ = writeln!(
        svg,
        "<path d=\"M{LEFT} {TOP}V{bottom}H{right}\" fill=\"none\" stroke=\"#888\"/>"
    );
    for (value, at) in [(high, TOP), (low, bottom)] {
        let _ = writeln!(
            svg,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{value:.1}</text>",
            LEFT - 6.0,
            at + FONT / 3.0
        );
    }
    let ends = if first.n == last.n {
        vec![(first.n, "start")]
    } else {
        vec![(first.n, "start"), (last.n, "end")]
    };
    for (n, anchor) in ends {
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"{anchor}\">game {n}</text>",
            x(n),
            bottom + FONT * 1.3
        );
    }
    let line: Vec<String> = (points.iter())
        .map(|p| format!("{:.1},{:.1}", x(p.n), y(p.rating)))
        .collect();
    let _ = writeln!(
        svg,
        "<polyline points=\"{}\" fill=\"none\" stroke=\"#1565c0\" stroke-width=\"3\"/>",
        line.join(" ")
    );
    // One game is a point, which a line alone would not show.
    if let [only] = points {
        let _ = writeln!(
            svg,
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"5\" fill=\"#1565c0\"/>",
            x(only.n),
            y(only.rating)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A name with markup in it is text in the drawing, never markup.
    #[test]
    fn the_title_is_escaped() {
        let svg = draw("<script>alert('x')</script> & co", &[]);
        assert!(!svg.contains("<script>"), "{svg}");
        assert!(svg.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co"));
        assert!(svg.contains("No rated games yet"));
    }

    /// Three games from 0 to 10 and back to 5: the line starts at the left bottom, peaks
    /// at the top in the middle, and ends half way up at the right (worked from the
    /// margins: the plot is 72..588 wide and 44..240 high).
    #[test]
    fn the_line_runs_through_each_game_at_its_rating() {
        let points = [
            Point { n: 1, rating: 0.0 },
            Point { n: 2, rating: 10.0 },
            Point { n: 3, rating: 5.0 },
        ];
        let svg = draw("Ada", &points);
        assert!(
            svg.contains("points=\"72.0,240.0 330.0,44.0 588.0,142.0\""),
            "{svg}"
        );
        assert!(
            svg.contains(">game 1<") && svg.contains(">game 3<"),
            "{svg}"
        );
        assert!(svg.contains(">10.0<") && svg.contains(">0.0<"), "{svg}");
        assert!(svg.contains("<title id=\"title\">Ada</title>"));
    }
}
