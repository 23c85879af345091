//! The table drawn with ratatui: seats around the middle (the trick, or Straights'
//! layout), the person's hand along the bottom with its legal cards raised, a score panel
//! and the hand's log, and dialogs over it.

use cards::{Card, Rank, Suit};
use ratatui::layout::{Alignment, Constraint, Layout, Margin, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};
use ratatui::Frame;
use scene::{
    card_text as show, card_text_at, suit_symbol, FactKind, HandEnd, LayoutRow, Middle, Scene,
    SeatPanel,
};

use crate::fit;
use crate::session::YOU;
use crate::ui::{Dialog, Ui};

/// The smallest window the table is drawn in.
pub const MIN: (u16, u16) = (80, 24);

const CARD_W: u16 = 5;
const CARD_H: u16 = 3;

fn suit_style(suit: Suit) -> Style {
    if suit.color() == cards::Color::Red {
        Style::default().fg(Color::Red)
    } else {
        Style::default().fg(Color::Black)
    }
}

/// A face-up card in a 5×3 box; the scene's joker (Euchre's benny) as `JKR`.
fn card_widget(card: Card, joker: Option<Card>, border: Style) -> Paragraph<'static> {
    let (text, style) = if joker == Some(card) {
        ("JKR".to_string(), Style::default().fg(Color::Magenta))
    } else {
        (show(card), suit_style(card.suit()))
    };
    let face = Span::styled(
        format!("{text:^3}"),
        style.bg(Color::White).add_modifier(Modifier::BOLD),
    );
    Paragraph::new(Line::from(face)).block(Block::bordered().border_style(border).bg(Color::White))
}

/// The frame's title, fitted to `width`: where the whole title does not fit, the parts
/// before its last go from the end until it does, so the game's name and the last part
/// (" · house rules", when any apply) stay in sight.
fn title(scene: &Scene, width: u16) -> String {
    let mut parts: Vec<&str> = scene.title_parts.iter().map(String::as_str).collect();
    loop {
        let text = format!(" cardtable · {} ", parts.join(" · "));
        // The two corners of the frame take a column each.
        if text.chars().count() + 2 <= usize::from(width) || parts.len() <= 2 {
            return text;
        }
        parts.remove(parts.len() - 2);
    }
}

/// The keys, under the table: fits 80 columns; `?` lists every key.
pub const FOOTER: &str = " ←→ Enter play · 1-9 card · c coach · h house rules · ? help · q quit ";

/// The keys of a replay.
pub const REPLAY_FOOTER: &str = " ←→ step · Home/End · x last trick · r rules · q leaves ";

/// Every key at the table, one meaning each (`?`).
pub const KEYS: [&str; 9] = [
    "←/→ or Tab: choose a card or button · Enter or Space: play it · click a card or button",
    "1-9, 0: the card with that number (no card to play: the button); a second digit for 11-18",
    "c: the coach (the strong player's value of each choice) · x: the last trick",
    "r: the rules card · h: house rules and points to win for the next game",
    "l: the computers' level for the next game (l again changes it)",
    "s: save (cardtable play --resume FILE)",
    "PgUp/PgDn: scroll the log · Esc: clear a number being typed",
    "At a hand's end its result waits: any key deals the next hand",
    "q: quit (asks first, from any screen) · Ctrl-C: quit at once",
];

/// The side panel's width (the score and the hand's log) on a wide screen.
const SIDE: u16 = 36;

/// The narrowest and widest a seat beside the middle is drawn: wide enough for its
/// longest line (13 backs and ` 13 cards`, `tricks 0 of 5 · 10 pts`), narrower where
/// those are shorter.
const SEAT_W: (u16, u16) = (18, 22);

/// The columns the middle needs: Straights' layout (a suit and thirteen slots of three),
/// or a trick of cards with its caption.
fn centre_needs(scene: &Scene) -> u16 {
    match scene.middle {
        Middle::Layout { .. } => 41,
        Middle::Tricks { .. } => 30,
    }
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, ui: &mut Ui) {
    let area = frame.area();
    ui.areas.clear();
    if ui.dialog == Dialog::HouseRules {
        if let Some(menu) = &ui.menu {
            menu.draw(frame);
            return;
        }
    }
    if area.width < MIN.0 || area.height < MIN.1 {
        let text = format!(
            "The window is {}×{}: cardtable needs at least {}×{}. Make it larger (q quits).",
            area.width, area.height, MIN.0, MIN.1
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        return;
    }
    let outer = Block::bordered()
        .border_type(BorderType::Rounded)
        .title(title(&ui.shown().scene, area.width))
        .title_bottom(if ui.table.position().is_some() {
            REPLAY_FOOTER
        } else {
            FOOTER
        });
    let inner = outer.inner(area);
    frame.render_widget(outer, area);
    let wide = inner.width > table_needs(&ui.shown().scene) + SIDE;
    let [table_area, side] = if wide {
        // A column between the table and the side panel.
        let [table, _, side] = Layout::horizontal([
            Constraint::Min(0),
            Constraint::Length(1),
            Constraint::Length(SIDE),
        ])
        .areas(inner);
        [table, side]
    } else {
        [inner, Rect::default()]
    };
    let middle = draw_table(frame, ui, table_area, !wide);
    if wide {
        draw_side(frame, ui, side);
    }
    if ui.dialog == Dialog::None && ui.holding() {
        draw_hand_end(frame, ui, middle, table_area);
    }
    draw_dialog(frame, ui, area);
}

/// The columns the table (seats and middle, no side panel) needs so that nothing in it
/// is cut: two seats beside the middle, a column apart from it.
fn table_needs(scene: &Scene) -> u16 {
    if scene.seats.len() > 4 {
        return 74;
    }
    let (left, _, right) = places(scene.seats.len());
    let seats = seat_width(&scene.seats[left]).max(seat_width(&scene.seats[right]));
    2 * seats + 2 + centre_needs(scene)
}

/// Seats in screen places from the person's: left, top, right (three seats: no top).
fn places(seats: usize) -> (usize, Option<usize>, usize) {
    match seats {
        3 => (1, None, 2),
        _ => (1, Some(2), 3),
    }
}

/// Draws the seats, the middle and the person's hand in `area`; returns the middle's
/// rows (where a hand's end is shown).
fn draw_table(frame: &mut Frame, ui: &mut Ui, area: Rect, narrow_score: bool) -> Rect {
    let shown = ui.shown();
    let scene = &shown.scene;
    let seats = scene.seats.len();
    let (_, across, _) = places(seats);
    // The seat across as tall as its lines at the width it is given.
    let top_h = match across {
        Some(across) if seats <= 4 => {
            let lines = seat_lines(&scene.seats[across], scene.joker, None, ACROSS_W);
            (lines.len() as u16).max(3)
        }
        _ => 3,
    };
    let you_lines = fit::pack(
        seat_line(ui, &scene.seats[YOU]),
        "",
        usize::from(area.width),
    );
    let you_h = (you_lines.len() as u16).clamp(1, 2);
    let [score_row, top, middle, you, hand, choices, status] = Layout::vertical([
        Constraint::Length(u16::from(narrow_score)),
        Constraint::Length(top_h),
        Constraint::Min(9),
        Constraint::Length(you_h),
        Constraint::Length(CARD_H + 1),
        Constraint::Length(1),
        Constraint::Length(2),
    ])
    .areas(area);
    if seats > 4 {
        draw_row_of_seats(frame, scene, ui.face_up().as_deref(), top);
        draw_middle(frame, ui, scene, middle, narrow_score);
    } else {
        draw_seats_around(frame, ui, scene, top, middle, narrow_score);
    }
    if narrow_score {
        frame.render_widget(
            Paragraph::new(score_line(scene, score_row.width)),
            score_row,
        );
    }
    frame.render_widget(Paragraph::new(you_lines), you);
    draw_hand(frame, ui, hand);
    draw_choices(frame, ui, choices);
    frame.render_widget(
        Paragraph::new(status_lines(ui, scene)).wrap(Wrap { trim: true }),
        status,
    );
    middle
}

/// The width of the seat across the middle.
const ACROSS_W: u16 = 30;

/// Five seats or more (Straights for up to eight): every other seat along the top, in
/// playing order from the person's left.
fn draw_row_of_seats(frame: &mut Frame, scene: &Scene, face_up: Option<&[Vec<Card>]>, top: Rect) {
    let others = &scene.seats[YOU + 1..];
    let columns = Layout::horizontal(vec![
        Constraint::Ratio(1, others.len() as u32);
        others.len()
    ])
    .split(top);
    // One style for the whole row, and the full panel only with a space to spare after
    // its widest line (eleven backs and " 11 cards": five players' longest hand).
    let narrow = columns.iter().any(|area| area.width <= 20);
    for (panel, &area) in others.iter().zip(columns.iter()) {
        let drawn = if narrow {
            narrow_seat_panel(panel)
        } else {
            let held = held(face_up, panel.seat);
            Paragraph::new(seat_lines(panel, scene.joker, held, area.width))
        };
        frame.render_widget(drawn, area);
    }
}

/// Three or four seats: left, across (four only) and right of the middle.
fn draw_seats_around(
    frame: &mut Frame,
    ui: &mut Ui,
    scene: &Scene,
    top: Rect,
    middle: Rect,
    narrow_score: bool,
) {
    let (left, across, right) = places(scene.seats.len());
    let face_up = ui.face_up();
    let face_up = face_up.as_deref();
    let seat_w = seat_width(&scene.seats[left]).max(seat_width(&scene.seats[right]));
    // A column between each seat and the middle: no text of one runs into the other.
    let [west, _, centre, _, east] = Layout::horizontal([
        Constraint::Length(seat_w),
        Constraint::Length(1),
        Constraint::Min(0),
        Constraint::Length(1),
        Constraint::Length(seat_w),
    ])
    .areas(middle);
    let draw_seat = |frame: &mut Frame, seat: usize, area: Rect| {
        let held = held(face_up, seat);
        let lines = seat_lines(&scene.seats[seat], scene.joker, held, area.width);
        frame.render_widget(Paragraph::new(lines), area);
    };
    if let Some(across) = across {
        let [_, top_mid, _] = Layout::horizontal([
            Constraint::Min(0),
            Constraint::Length(ACROSS_W),
            Constraint::Min(0),
        ])
        .areas(top);
        draw_seat(frame, across, top_mid);
    }
    for (seat, area) in [(left, west), (right, east)] {
        draw_seat(frame, seat, area);
    }
    draw_middle(frame, ui, scene, centre, narrow_score);
}

/// The trick or the layout, and on a narrow screen the hand's log under it.
fn draw_middle(frame: &mut Frame, ui: &mut Ui, scene: &Scene, centre: Rect, narrow_score: bool) {
    let facts = draw_centre(frame, scene, centre);
    if narrow_score {
        // No side panel: the hand's log under the middle.
        let below = facts
            + match scene.middle {
                Middle::Layout { .. } => 5,
                Middle::Tricks { .. } => 8,
            };
        let log = Rect {
            y: centre.y + below,
            height: centre.height.saturating_sub(below),
            ..centre
        };
        frame.render_widget(log_widget(ui, scene, log), log);
    }
}

fn marks(panel: &SeatPanel) -> Vec<Span<'static>> {
    panel
        .marks
        .iter()
        .map(|mark| {
            Span::styled(
                format!(" {} ", mark.text.to_lowercase()),
                Style::default().fg(Color::Black).bg(Color::Yellow),
            )
        })
        .collect()
}

fn tally(panel: &SeatPanel) -> String {
    format!(
        "{} · {}",
        panel.tally.text.to_lowercase(),
        points_words(panel.points)
    )
}

/// `1 pt`, `10 pts`.
fn points_words(points: f64) -> String {
    if points == 1.0 {
        "1 pt".to_string()
    } else {
        format!("{points} pts")
    }
}

fn name_span(panel: &SeatPanel) -> Span<'static> {
    let text = format!("{}{}", if panel.turn { "▶ " } else { "" }, panel.name);
    if panel.turn {
        Span::styled(text, Style::default().fg(Color::Yellow).bold())
    } else {
        Span::styled(text, Style::default().bold())
    }
}

/// The person's seat in pieces, each kept whole on a line: name, marks, tally, notes.
fn seat_line(ui: &Ui, panel: &SeatPanel) -> Vec<Span<'static>> {
    let mut spans = vec![name_span(panel), Span::raw(" ")];
    spans.extend(marks(panel));
    spans.push(Span::raw(format!(" {}", tally(panel))));
    let shown = ui.shown();
    let notes = shown.own.iter().flat_map(|o| &o.notes);
    for note in notes {
        spans.push(Span::raw(format!(" · {note}")));
    }
    spans
}

/// `seat`'s cards face up, in a replay.
fn held(face_up: Option<&[Vec<Card>]>, seat: usize) -> Option<&[Card]> {
    face_up.and_then(|hands| hands.get(seat)).map(Vec::as_slice)
}

/// `5 cards`, `1 card`, `no cards`.
pub fn cards_words(count: usize) -> String {
    match count {
        0 => "no cards".to_string(),
        1 => "1 card".to_string(),
        n => format!("{n} cards"),
    }
}

/// A card face up in text, on white in its suit's colour.
fn card_chip(card: Card, joker: Option<Card>) -> Span<'static> {
    Span::styled(
        card_text_at(joker, card),
        suit_style(card.suit()).bg(Color::White),
    )
}

/// How wide a seat's panel is drawn beside the middle: its longest line whole, within
/// [`SEAT_W`].
pub fn seat_width(panel: &SeatPanel) -> u16 {
    let words = fit::width(&cards_words(panel.cards));
    let backs = if panel.cards == 0 {
        words
    } else {
        panel.cards.min(13) + 1 + words
    };
    let head = marks(panel)
        .iter()
        .map(|m| fit::width(&m.content))
        .sum::<usize>()
        + fit::width(&name_span(panel).content);
    let longest = backs.max(head).max(fit::width(&tally(panel)));
    (longest as u16).clamp(SEAT_W.0, SEAT_W.1)
}

/// A seat's panel as lines of at most `width` columns, nothing cut: its name and marks,
/// its card backs with how many (or its cards face up, in a replay), its tally and
/// points, each piece whole and wrapped onto a further line where a line is full.
pub fn seat_lines(
    panel: &SeatPanel,
    joker: Option<Card>,
    face_up: Option<&[Card]>,
    width: u16,
) -> Vec<Line<'static>> {
    let width = usize::from(width);
    let mut head = vec![name_span(panel)];
    head.extend(marks(panel));
    let mut lines = fit::pack(head, "", width);
    match face_up {
        // A replay: every hand face up.
        Some(cards) => {
            let chips = cards.iter().map(|&c| card_chip(c, joker)).collect();
            lines.extend(fit::pack(chips, " ", width));
        }
        None => {
            let words = cards_words(panel.cards);
            let backs = (panel.cards.min(13)).min(width.saturating_sub(fit::width(&words) + 1));
            let mut held = Vec::new();
            if backs > 0 {
                held.push(Span::styled(
                    "▮".repeat(backs),
                    Style::default().fg(Color::Blue),
                ));
                held.push(Span::raw(" "));
            }
            held.push(Span::raw(words));
            lines.push(Line::from(held));
        }
    }
    let tally = [panel.tally.text.to_lowercase(), points_words(panel.points)];
    lines.extend(fit::pack(tally.map(Span::raw).to_vec(), " · ", width));
    lines
}

/// A seat in a narrow column (seven others along an 80-column top row): the name, the
/// cards held as a number with the points, and the tally on a line of its own.
fn narrow_seat_panel(panel: &SeatPanel) -> Paragraph<'static> {
    let mut head = vec![name_span(panel)];
    head.extend(marks(panel));
    let held = match panel.cards {
        // No cards: nothing said of them (a lone 0 read as the points).
        0 => Line::raw(points_words(panel.points)),
        n => Line::from(vec![
            Span::styled("▮", Style::default().fg(Color::Blue)),
            Span::raw(format!("{n} · {}", points_words(panel.points))),
        ]),
    };
    Paragraph::new(vec![
        Line::from(head),
        held,
        Line::raw(panel.tally.text.to_lowercase()),
    ])
}

fn facts(scene: &Scene) -> Vec<Span<'static>> {
    scene
        .facts
        .iter()
        .map(|fact| {
            let text = match fact.card {
                Some(card) => format!(" {} {} ", fact.text, scene.card_text(card)),
                None => format!(" {} ", fact.text),
            };
            match (fact.kind, fact.suit) {
                (FactKind::Trump, Some(suit)) => {
                    Span::styled(text, suit_style(suit).bg(Color::White).bold())
                }
                _ => Span::raw(text),
            }
        })
        .collect()
}

/// The facts over the middle, each whole, on as many lines as `width` needs.
pub fn fact_lines(scene: &Scene, width: u16) -> Vec<Line<'static>> {
    let facts = facts(scene)
        .into_iter()
        .map(|f| Span::styled(f.content.trim().to_string(), f.style))
        .collect();
    fit::pack(facts, "  ", usize::from(width))
}

/// Draws the facts and the trick or the layout; returns the rows the facts took.
fn draw_centre(frame: &mut Frame, scene: &Scene, area: Rect) -> u16 {
    let facts = fact_lines(scene, area.width);
    let high = (facts.len() as u16).max(1);
    let [line, rest] = Layout::vertical([Constraint::Length(high), Constraint::Min(0)]).areas(area);
    frame.render_widget(Paragraph::new(facts).alignment(Alignment::Center), line);
    let (current, last) = match &scene.middle {
        Middle::Layout { rows } => {
            frame.render_widget(layout_widget(rows), rest);
            return high;
        }
        Middle::Tricks { current, last } => (current, last),
    };
    let (trick, dim) = match (current, last) {
        (Some(trick), _) => (Some(trick), false),
        (None, Some(trick)) => (Some(trick), true),
        (None, None) => (None, false),
    };
    let plays: Vec<(usize, Card)> = trick
        .map(|t| t.plays.iter().map(|p| (p.seat, p.card)).collect())
        .unwrap_or_default();
    let caption = trick.map_or(String::new(), |t| t.caption.clone());
    draw_trick(frame, scene, &plays, &caption, dim, rest);
    high
}

fn draw_trick(
    frame: &mut Frame,
    scene: &Scene,
    plays: &[(usize, Card)],
    caption: &str,
    dim: bool,
    area: Rect,
) {
    let (left, across, right) = places(scene.seats.len());
    let mid_x = area.x + area.width / 2 - CARD_W / 2;
    let spot = |seat: usize| -> Rect {
        let (x, y) = if seat == YOU {
            (mid_x, area.y + 4)
        } else if Some(seat) == across {
            (mid_x, area.y)
        } else if seat == left {
            (mid_x.saturating_sub(CARD_W + 3), area.y + 2)
        } else if seat == right {
            (mid_x + CARD_W + 3, area.y + 2)
        } else {
            (mid_x, area.y)
        };
        Rect::new(x, y, CARD_W, CARD_H).intersection(area)
    };
    for &(seat, card) in plays {
        let border = if dim {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default().fg(Color::Gray)
        };
        frame.render_widget(card_widget(card, scene.joker, border), spot(seat));
    }
    let line = Rect::new(
        area.x,
        (area.y + 7).min(area.bottom().saturating_sub(1)),
        area.width,
        1,
    );
    frame.render_widget(
        Paragraph::new(caption.to_string())
            .alignment(Alignment::Center)
            .dim(),
        line,
    );
}

/// Straights' layout: a row per suit, ace to king, the cards played shown.
fn layout_widget(rows: &[LayoutRow]) -> Paragraph<'static> {
    let lines: Vec<Line> = rows
        .iter()
        .map(|row| {
            let mut spans = vec![Span::styled(
                format!("{} ", suit_symbol(row.suit)),
                suit_style(row.suit).bg(Color::White),
            )];
            for slot in &row.slots {
                match slot {
                    Some(card) => {
                        let text = if card.rank() == Rank::Ten {
                            "10".to_string()
                        } else {
                            format!("{} ", card.rank().symbol())
                        };
                        spans.push(Span::styled(
                            format!("{text:>3}"),
                            suit_style(row.suit).bg(Color::White).bold(),
                        ));
                    }
                    None => spans.push(Span::styled(" · ", Style::default().fg(Color::DarkGray))),
                }
            }
            Line::from(spans)
        })
        .collect();
    Paragraph::new(lines).alignment(Alignment::Center)
}

fn draw_hand(frame: &mut Frame, ui: &mut Ui, area: Rect) {
    let picks = ui.picks();
    let groups = ui.hand();
    let shown = ui.shown();
    let joker = shown.scene.joker;
    // Cards held but not to be looked at (a dealer naming trump blind): their backs.
    let held = shown.own.as_ref().map_or(0, |own| own.hand.face_down());
    if held > 0 {
        let backs = Line::from(Span::styled(
            "▮".repeat(held),
            Style::default().fg(Color::Blue),
        ));
        let line = Line::raw(format!("{held} cards, face down"));
        frame.render_widget(Paragraph::new(vec![backs, line]), area);
        return;
    }
    let mut x = area.x + 1;
    let mut number = 1;
    for group in groups.iter() {
        for &card in group {
            let pick = picks.iter().position(|p| p.card == Some(card));
            let selected = pick.is_some() && pick == Some(ui.selected) && ui.your_turn();
            // Legal cards sit a row higher, as if raised from the hand.
            let y = if pick.is_some() { area.y } else { area.y + 1 };
            let rect = Rect::new(x, y, CARD_W, CARD_H).intersection(area);
            let border = match (pick.is_some(), selected) {
                (_, true) => Style::default()
                    .fg(Color::Yellow)
                    .add_modifier(Modifier::BOLD | Modifier::REVERSED),
                (true, false) => Style::default().fg(Color::Yellow),
                (false, _) => Style::default().fg(Color::DarkGray),
            };
            let mut widget = card_widget(card, joker, border);
            if pick.is_none() && ui.your_turn() {
                widget = widget.add_modifier(Modifier::DIM);
            }
            frame.render_widget(
                widget.block(
                    Block::bordered()
                        .border_style(border)
                        .title(Span::raw(format!("{number}")).dim())
                        .bg(Color::White),
                ),
                rect,
            );
            if let Some(index) = pick {
                ui.areas.push((rect, index));
            }
            x += CARD_W;
            number += 1;
        }
        x += 1;
    }
}

fn draw_choices(frame: &mut Frame, ui: &mut Ui, area: Rect) {
    let picks = ui.picks();
    let mut x = area.x + 1;
    for (index, pick) in picks.iter().enumerate().filter(|(_, p)| p.card.is_none()) {
        let text = format!("[ {} ]", pick.label);
        let width = text.chars().count() as u16;
        let style = if index == ui.selected {
            Style::default().fg(Color::Black).bg(Color::Yellow).bold()
        } else {
            Style::default().fg(Color::Yellow).bold()
        };
        let rect = Rect::new(x, area.y, width, 1).intersection(area);
        frame.render_widget(Paragraph::new(Span::styled(text, style)), rect);
        ui.areas.push((rect, index));
        x += width + 1;
    }
}

fn status_lines(ui: &Ui, scene: &Scene) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let status = if let Some(note) = ui.table.position().and(ui.note.clone()) {
        format!("{note} · ←/→ step, Home/End, r rules, q leaves")
    } else if ui.table.position().is_some() {
        "Replay: ←/→ step, Home/End jump, r rules, q leaves".to_string()
    } else if ui.holding() {
        let heading = scene
            .hand_end
            .as_ref()
            .map_or(&scene.heading, |e| &e.heading);
        format!("{heading} is over: press any key for the next hand.")
    } else if ui.your_turn() || scene.result.is_some() {
        format!("{}.", scene.status)
    } else if scene.turn.is_some() {
        format!("{}… (any key hurries the computers)", scene.status)
    } else {
        scene.status.clone()
    };
    lines.push(Line::styled(status, Style::default().bold()));
    if !ui.typed.is_empty() {
        lines.push(Line::raw(format!(
            "Card {}…: Enter plays it, another digit makes it {}0-{}9",
            ui.typed, ui.typed, ui.typed
        )));
    } else if let Some(note) = ui.note.as_ref().filter(|_| ui.table.position().is_none()) {
        lines.push(Line::styled(
            note.clone(),
            Style::default().fg(Color::Magenta),
        ));
    }
    lines
}

/// Scores in one line, for windows too narrow for the side panel. Where five seats or
/// more do not fit in it, the line says where their points are: each seat's panel in the
/// row along the top shows them.
fn score_line(scene: &Scene, width: u16) -> Line<'static> {
    let parts: Vec<String> = scene
        .score
        .rows
        .iter()
        .map(|row| format!("{} {}", row.cells[0], row.points))
        .collect();
    let line = Line::raw(format!("{} · Score: {}", scene.heading, parts.join(" · ")));
    if line.width() > usize::from(width) && scene.seats.len() > 4 {
        return Line::raw(format!("{} · points by each seat", scene.heading)).bold();
    }
    line.bold()
}

fn draw_side(frame: &mut Frame, ui: &Ui, area: Rect) {
    let shown = ui.shown();
    let scene = &shown.scene;
    let mut score: Vec<Line> = vec![Line::raw(scene.heading.clone()).bold()];
    // A table: each column as wide as its widest cell.
    let columns = &scene.score.columns;
    let widths: Vec<usize> = (0..columns.len())
        .map(|i| {
            let cells = scene.score.rows.iter().filter_map(|r| r.cells.get(i));
            crate::words::widest(cells.chain([&columns[i]]))
        })
        .collect();
    let row = |cells: &[String]| {
        let mut line = format!("{:<w$}", cells[0], w = widths[0]);
        for (cell, w) in cells.iter().zip(&widths).skip(1) {
            line.push_str(&format!(" {cell:>w$}"));
        }
        line
    };
    score.push(Line::raw(row(columns)).dim());
    for r in &scene.score.rows {
        let text = Line::raw(row(&r.cells));
        score.push(if r.mine { text.bold() } else { text });
    }
    let [top, log] = Layout::vertical([
        Constraint::Length(score.len() as u16 + 2),
        Constraint::Min(3),
    ])
    .areas(area);
    frame.render_widget(
        Paragraph::new(score).block(Block::bordered().title(" Score ")),
        top,
    );
    let block = Block::bordered().title(" This hand ");
    let inside = block.inner(log);
    frame.render_widget(block, log);
    frame.render_widget(log_widget(ui, scene, inside), inside);
}

/// The hand's log, a line a sentence.
fn sentences(scene: &Scene) -> impl Iterator<Item = String> + '_ {
    scene.log.iter().flat_map(|e| e.words.iter().cloned())
}

/// The hand's log wrapped to `width`: each sentence whole, a longer one on further
/// lines indented by two.
pub fn log_lines(scene: &Scene, width: u16) -> Vec<String> {
    let width = usize::from(width);
    let mut lines = Vec::new();
    for sentence in sentences(scene) {
        let mut wrapped = fit::wrap(&sentence, width).into_iter();
        lines.extend(wrapped.next());
        let rest: Vec<String> = wrapped.collect();
        for line in fit::wrap(&rest.join(" "), width.saturating_sub(2)) {
            if !line.is_empty() {
                lines.push(format!("  {line}"));
            }
        }
    }
    lines
}

/// The last lines of the hand's log that fit `area`, scrolled back by the person's PgUp.
fn log_widget(ui: &Ui, scene: &Scene, area: Rect) -> Paragraph<'static> {
    let entries: Vec<Line> = (log_lines(scene, area.width).into_iter())
        .map(|e| Line::raw(e).dim())
        .collect();
    let height = usize::from(area.height);
    let back = ui.log_back.min(entries.len().saturating_sub(height));
    let end = entries.len() - back;
    let start = end.saturating_sub(height);
    Paragraph::new(entries[start..end].to_vec())
}

fn popup(frame: &mut Frame, area: Rect, title: &str, lines: Vec<Line<'static>>) {
    let width =
        (lines.iter().map(Line::width).max().unwrap_or(20) as u16 + 4).clamp(30, area.width - 4);
    let height = (lines.len() as u16 + 2).min(area.height - 2);
    let rect = Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    );
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            Block::bordered()
                .border_type(BorderType::Double)
                .title(format!(" {title} ")),
        ),
        rect,
    );
}

/// Lines already fitted to their width in a box centred in `region` (its height at most
/// the region's), from line `at` on where they do not all fit, with `footer` on its
/// bottom border.
fn boxed(
    frame: &mut Frame,
    region: Rect,
    title: &str,
    footer: &str,
    lines: Vec<Line<'static>>,
    at: usize,
) {
    let widest = lines.iter().map(Line::width).max().unwrap_or(0);
    let widest = widest
        .max(fit::width(title) + 4)
        .max(fit::width(footer) + 2);
    let width = (widest as u16 + 4).min(region.width);
    let height = (lines.len() as u16 + 2).min(region.height);
    let rect = Rect::new(
        region.x + (region.width - width) / 2,
        region.y + (region.height - height) / 2,
        width,
        height,
    );
    let room = usize::from(height.saturating_sub(2));
    let at = at.min(lines.len().saturating_sub(room));
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines[at..].to_vec()).block(
            Block::bordered()
                .border_type(BorderType::Double)
                .padding(ratatui::widgets::Padding::horizontal(1))
                .title(format!(" {title} "))
                .title_bottom(footer.to_string()),
        ),
        rect,
    );
}

/// `text` wrapped to `width`, each line in `style`.
fn wrapped(text: &str, width: usize, style: Style) -> Vec<Line<'static>> {
    (fit::wrap(text, width).into_iter())
        .map(|l| Line::styled(l, style))
        .collect()
}

/// Lines indented by two columns.
fn indented(lines: Vec<Line<'static>>) -> impl Iterator<Item = Line<'static>> {
    lines.into_iter().map(|line| {
        let mut spans = vec![Span::raw("  ")];
        spans.extend(line.spans);
        Line::from(spans)
    })
}

/// A hand's end as lines of at most `width` columns, from its typed fields: the core's
/// sentence, then each side's line (the person's bold), its cards turned face up
/// (Straights' discards) and its notes (Teen Do Panch's pulls).
pub fn hand_end_lines(scene: &Scene, end: &HandEnd, width: usize) -> Vec<Line<'static>> {
    let mut lines = wrapped(&end.sentence, width, Style::default().bold());
    lines.push(Line::raw(""));
    for side in &end.sides {
        let style = if side.mine {
            Style::default().bold()
        } else {
            Style::default()
        };
        lines.extend(wrapped(&side.text, width, style));
        let chips = side
            .cards
            .iter()
            .map(|&c| card_chip(c, scene.joker))
            .collect();
        lines.extend(indented(fit::pack(chips, " ", width.saturating_sub(2))));
        for note in &side.notes {
            lines.extend(indented(wrapped(
                note,
                width.saturating_sub(2),
                Style::default(),
            )));
        }
    }
    lines
}

/// What a box over the table says to go on from a hand's end.
pub const NEXT_HAND: &str = " Enter, Space or any key: the next hand · q quit ";

/// The hand just ended, in a box over the middle, while the next deal waits for a key.
fn draw_hand_end(frame: &mut Frame, ui: &Ui, middle: Rect, table: Rect) {
    let shown = ui.shown();
    let Some(end) = &shown.scene.hand_end else {
        return;
    };
    let width = usize::from(table.width.saturating_sub(6)).min(66);
    let lines = hand_end_lines(&shown.scene, end, width);
    // Over the middle where it fits there; over the whole table where it does not.
    let region = if lines.len() + 2 <= usize::from(middle.height) {
        middle
    } else {
        table
    };
    // The box's rows cleared across the table, so no log line shows cut beside it.
    let height = (lines.len() as u16 + 2).min(region.height);
    let y = region.y + (region.height - height) / 2;
    frame.render_widget(Clear, Rect::new(table.x, y, table.width, height));
    let title = format!("{} is over", end.heading);
    boxed(frame, region, &title, NEXT_HAND, lines, 0);
}

/// The rules card: each option's value, house rules (changed from the variant) bold and
/// starred.
fn rules_lines(scene: &Scene) -> Vec<Line<'static>> {
    let mut lines = vec![Line::raw(scene.title.clone()), Line::raw("")];
    let width = crate::words::widest(scene.rules.iter().map(|r| &r.title));
    for rule in &scene.rules {
        let text = format!("{:<width$}  {}", rule.title, rule.value);
        lines.push(if rule.house {
            Line::raw(format!("{text}  * house rule")).bold()
        } else {
            Line::raw(text)
        });
    }
    lines.push(Line::raw(""));
    lines.push(Line::raw("cardtable rules GAME explains every option · any key closes this").dim());
    lines
}

/// The keys at the game's end.
pub const OVER_KEYS: &str = " n or Enter: play again · h: house rules · s: save · q: quit ";

/// The game's end: the last hand's end, the result and the standings, ranked.
pub fn over_lines(scene: &Scene, width: usize) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    if let Some(end) = &scene.hand_end {
        lines.push(Line::raw(end.heading.clone()).underlined());
        lines.extend(hand_end_lines(scene, end, width));
        lines.push(Line::raw(""));
    }
    if let Some(result) = &scene.result {
        lines.extend(wrapped(&result.sentence, width, Style::default().bold()));
        for standing in &result.standings {
            lines.extend(indented(wrapped(standing, width - 2, Style::default())));
        }
    }
    lines
}

/// The help: every key, then the question at hand's rules, fitted to `width`; and what
/// the box's footer says (how to scroll, where the lines do not all fit in `height`).
fn help_lines(ui: &Ui, width: usize, height: usize) -> (Vec<Line<'static>>, &'static str) {
    let mut lines = Vec::new();
    for keys in KEYS {
        lines.extend(wrapped(keys, width, Style::default()));
    }
    let shown = ui.shown();
    let help = shown.own.iter().flat_map(|o| o.help.iter());
    for (i, text) in help.enumerate() {
        if i == 0 {
            lines.push(Line::raw(""));
        }
        lines.extend(wrapped(text, width, Style::default()));
    }
    // How to play the game under its rules in force, lesson by lesson, below the keys.
    if let Some(how) = ui.table.how_to_play() {
        lines.push(Line::raw(""));
        let bold = Style::default().add_modifier(Modifier::BOLD);
        lines.extend(wrapped(&how.title, width, bold));
        for lesson in &how.lessons {
            lines.push(Line::raw(""));
            lines.extend(wrapped(&lesson.heading, width, bold));
            for line in &lesson.lines {
                lines.extend(wrapped(line, width, Style::default()));
            }
            let source = format!("Source: {}", lesson.source);
            lines.extend(wrapped(
                &source,
                width,
                Style::default().add_modifier(Modifier::DIM),
            ));
        }
    }
    let footer = if lines.len() + 4 > height {
        " ↑↓ PgUp PgDn scroll · any other key closes "
    } else {
        " any key closes "
    };
    (lines, footer)
}

fn draw_dialog(frame: &mut Frame, ui: &Ui, area: Rect) {
    match &ui.dialog {
        Dialog::None => {}
        Dialog::Help(at) => {
            let width = usize::from(area.width.saturating_sub(8)).min(92);
            let (lines, footer) = help_lines(ui, width, usize::from(area.height));
            boxed(
                frame,
                area.inner(Margin::new(1, 1)),
                "Help",
                footer,
                lines,
                *at,
            );
        }
        Dialog::Quit => popup(
            frame,
            area,
            "Quit?",
            vec![Line::raw(
                "Leave this game? y, q or Enter: quit · any other key: play on",
            )],
        ),
        Dialog::Coach(coaching) => {
            // Wrapped here, so the popup's height counts every line.
            let width = usize::from(area.width.saturating_sub(8)).clamp(20, 72);
            let lines = crate::words::coach_lines(coaching, width);
            popup(
                frame,
                area,
                "Coach",
                lines.into_iter().map(Line::raw).collect(),
            );
        }
        Dialog::LastTrick => {
            let shown = ui.shown();
            let names = |s: usize| shown.scene.seats[s].name.clone();
            let lines = match ui.last_trick() {
                Some(trick) => {
                    let mut lines: Vec<Line> = trick
                        .plays
                        .iter()
                        .map(|p| {
                            Line::raw(format!(
                                "{:<8} {}",
                                names(p.seat),
                                shown.scene.card_text(p.card)
                            ))
                        })
                        .collect();
                    if let Some(w) = trick.winner {
                        lines.push(Line::raw(format!("taken by {}", names(w))));
                    }
                    lines
                }
                None => vec![Line::raw("No trick has been taken yet.")],
            };
            popup(frame, area, "Last trick", lines);
        }
        Dialog::Rules => {
            let lines = rules_lines(&ui.shown().scene);
            popup(frame, area, "Rules", lines);
        }
        // Drawn over the whole frame by `draw`.
        Dialog::HouseRules => {}
        Dialog::Over => {
            let width = usize::from(area.width.saturating_sub(8)).min(76);
            let lines = over_lines(&ui.shown().scene, width);
            boxed(
                frame,
                area.inner(Margin::new(1, 1)),
                "Game over",
                OVER_KEYS,
                lines,
                0,
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{self, Setup};
    use catalogue::{GameKind, PlayerSpec, Ruleset, Variant};

    fn scene() -> Scene {
        let setup = Setup {
            rules: Ruleset::plain(
                Variant::named(GameKind::Euchre, Some("eecs280")).unwrap(),
                10,
            ),
            seed: 1,
            opponents: PlayerSpec::Handout,
        };
        let ui = Ui::new(
            session::open(&setup),
            std::env::temp_dir().join("cardtable-title-test.json"),
        );
        ui.shown().scene.clone()
    }

    #[test]
    fn the_title_is_drawn_from_its_parts_and_drops_whole_ones() {
        let mut scene = scene();
        assert_eq!(
            title(&scene, 200),
            " cardtable · Euchre · EECS 280 rules · first to 10 points "
        );
        // A part holding the separator stays one part (the title was once split on it).
        scene.title_parts = [
            "Euchre",
            "rules · with a dot",
            "first to 10 points",
            "house rules",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(
            title(&scene, 200),
            " cardtable · Euchre · rules · with a dot · first to 10 points · house rules "
        );
        // Short of room: the parts before the last go, whole, from the end.
        assert_eq!(
            title(&scene, 60),
            " cardtable · Euchre · rules · with a dot · house rules "
        );
        assert_eq!(title(&scene, 30), " cardtable · Euchre · house rules ");
    }
}
