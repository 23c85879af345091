//! The table drawn with ratatui: seats around the middle (the trick, or Straights'
//! layout), the person's hand along the bottom with its legal cards raised, a score panel
//! and the hand's log, and dialogs over it.

use cards::{Card, Rank, Suit};
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};
use ratatui::Frame;
use scene::{
    card_text as show, card_text_at, suit_symbol, FactKind, LayoutRow, Middle, Scene, SeatPanel,
};

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
    let mut parts: Vec<&str> = scene.title.split(" · ").collect();
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
pub const KEYS: [&str; 7] = [
    "←/→ or Tab: choose a card or button · Enter or Space: play it · click a card or button",
    "1-9, 0: the card with that number (no card to play: the button); a second digit for 11-18",
    "c: the coach (the strong player's value of each choice) · x: the last trick",
    "r: the rules card · h: house rules for the next game · l: the computers' level for the next game",
    "s: save (cardtable play --resume FILE)",
    "PgUp/PgDn: scroll the log · Esc: clear a number being typed",
    "q: quit (asks first, from any screen) · Ctrl-C: quit at once · any other key closes this",
];

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
    let wide = inner.width >= 110;
    let [table_area, side] = if wide {
        Layout::horizontal([Constraint::Min(70), Constraint::Length(36)]).areas(inner)
    } else {
        [inner, Rect::default()]
    };
    draw_table(frame, ui, table_area, !wide);
    if wide {
        draw_side(frame, ui, side);
    }
    draw_dialog(frame, ui, area);
}

/// Seats in screen places from the person's: left, top, right (three seats: no top).
fn places(seats: usize) -> (usize, Option<usize>, usize) {
    match seats {
        3 => (1, None, 2),
        _ => (1, Some(2), 3),
    }
}

fn draw_table(frame: &mut Frame, ui: &mut Ui, area: Rect, narrow_score: bool) {
    let shown = ui.shown();
    let scene = &shown.scene;
    let seats = scene.seats.len();
    let [score_row, top, middle, you, hand, choices, status] = Layout::vertical([
        Constraint::Length(u16::from(narrow_score)),
        Constraint::Length(3),
        Constraint::Min(9),
        Constraint::Length(1),
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
    frame.render_widget(Paragraph::new(seat_line(ui, &scene.seats[YOU])), you);
    draw_hand(frame, ui, hand);
    draw_choices(frame, ui, choices);
    frame.render_widget(
        Paragraph::new(status_lines(ui, scene)).wrap(Wrap { trim: true }),
        status,
    );
}

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
            seat_panel(panel, scene.joker, held(face_up, panel.seat))
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
    let [west, centre, east] = Layout::horizontal([
        Constraint::Length(20),
        Constraint::Min(30),
        Constraint::Length(20),
    ])
    .areas(middle);
    if let Some(across) = across {
        let [_, top_mid, _] = Layout::horizontal([
            Constraint::Min(0),
            Constraint::Length(30),
            Constraint::Min(0),
        ])
        .areas(top);
        frame.render_widget(
            seat_panel(&scene.seats[across], scene.joker, held(face_up, across)),
            top_mid,
        );
    }
    frame.render_widget(
        seat_panel(&scene.seats[left], scene.joker, held(face_up, left)),
        Rect {
            height: 4.min(west.height),
            ..west
        },
    );
    frame.render_widget(
        seat_panel(&scene.seats[right], scene.joker, held(face_up, right)),
        Rect {
            height: 4.min(east.height),
            ..east
        },
    );
    draw_middle(frame, ui, scene, centre, narrow_score);
}

/// The trick or the layout, and on a narrow screen the hand's log under it.
fn draw_middle(frame: &mut Frame, ui: &mut Ui, scene: &Scene, centre: Rect, narrow_score: bool) {
    draw_centre(frame, scene, centre);
    if narrow_score {
        // No side panel: the hand's log under the middle.
        let below = match scene.middle {
            Middle::Layout { .. } => 5,
            Middle::Tricks { .. } => 9,
        };
        let log = Rect {
            y: centre.y + below,
            height: centre.height.saturating_sub(below),
            ..centre
        };
        frame.render_widget(log_widget(ui, scene, log.height as usize), log);
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
    format!("{} · {} pts", panel.tally.text.to_lowercase(), panel.points)
}

fn name_span(panel: &SeatPanel) -> Span<'static> {
    let text = format!("{}{}", if panel.turn { "▶ " } else { "" }, panel.name);
    if panel.turn {
        Span::styled(text, Style::default().fg(Color::Yellow).bold())
    } else {
        Span::styled(text, Style::default().bold())
    }
}

fn seat_line(ui: &Ui, panel: &SeatPanel) -> Line<'static> {
    let mut spans = vec![name_span(panel), Span::raw(" ")];
    spans.extend(marks(panel));
    spans.push(Span::raw(format!(" {}", tally(panel))));
    let shown = ui.shown();
    let notes = shown.own.iter().flat_map(|o| &o.notes);
    for note in notes {
        spans.push(Span::raw(format!(" · {note}")));
    }
    Line::from(spans)
}

/// `seat`'s cards face up, in a replay.
fn held(face_up: Option<&[Vec<Card>]>, seat: usize) -> Option<&[Card]> {
    face_up.and_then(|hands| hands.get(seat)).map(Vec::as_slice)
}

fn seat_panel(
    panel: &SeatPanel,
    joker: Option<Card>,
    face_up: Option<&[Card]>,
) -> Paragraph<'static> {
    let count = panel.cards;
    let backs = match face_up {
        // A replay: every hand face up.
        Some(cards) => Line::from(
            cards
                .iter()
                .map(|&c| {
                    Span::styled(
                        format!("{} ", card_text_at(joker, c)),
                        suit_style(c.suit()).bg(Color::White),
                    )
                })
                .collect::<Vec<_>>(),
        ),
        None => Line::from(vec![
            Span::styled("▮".repeat(count.min(13)), Style::default().fg(Color::Blue)),
            Span::raw(format!(
                " {count} card{}",
                if count == 1 { "" } else { "s" }
            )),
        ]),
    };
    let mut head = vec![name_span(panel)];
    head.extend(marks(panel));
    Paragraph::new(vec![Line::from(head), backs, Line::raw(tally(panel))])
}

/// A seat in a narrow column (seven others along an 80-column top row): the name, the
/// cards held as a number with the points, and the tally on a line of its own.
fn narrow_seat_panel(panel: &SeatPanel) -> Paragraph<'static> {
    let mut head = vec![name_span(panel)];
    head.extend(marks(panel));
    let held = Line::from(vec![
        Span::styled("▮", Style::default().fg(Color::Blue)),
        Span::raw(format!("{} · {} pts", panel.cards, panel.points)),
    ]);
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

fn draw_centre(frame: &mut Frame, scene: &Scene, area: Rect) {
    let [line, rest] = Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(area);
    frame.render_widget(
        Paragraph::new(Line::from(facts(scene))).alignment(Alignment::Center),
        line,
    );
    let (current, last) = match &scene.middle {
        Middle::Layout { rows } => {
            frame.render_widget(layout_widget(rows), rest);
            return;
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
    let entries: Vec<Line> = sentences(scene).map(Line::raw).collect();
    let height = log.height.saturating_sub(2) as usize;
    let skip = entries.len().saturating_sub(height);
    let shown: Vec<Line> = entries.into_iter().skip(skip).collect();
    frame.render_widget(
        Paragraph::new(shown).block(Block::bordered().title(" This hand ")),
        log,
    );
}

/// The hand's log, a line a sentence.
fn sentences(scene: &Scene) -> impl Iterator<Item = String> + '_ {
    scene.log.iter().flat_map(|e| e.words.iter().cloned())
}

/// The last `height` lines of the hand's log, scrolled back by the person's PgUp.
fn log_widget(ui: &Ui, scene: &Scene, height: usize) -> Paragraph<'static> {
    let entries: Vec<Line> = sentences(scene).map(|e| Line::raw(e).dim()).collect();
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

fn draw_dialog(frame: &mut Frame, ui: &Ui, area: Rect) {
    match &ui.dialog {
        Dialog::None => {}
        Dialog::Help => {
            let mut lines: Vec<Line> = KEYS.into_iter().chain([""]).map(Line::raw).collect();
            for text in ui.shown().own.iter().flat_map(|o| o.help.clone()) {
                lines.push(Line::raw(text));
            }
            popup(frame, area, "Help", lines);
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
            let mut lines = vec![Line::raw(format!("Values: {}.", coaching.unit))];
            lines.extend(
                crate::words::coach_rows(coaching)
                    .into_iter()
                    .map(Line::raw),
            );
            lines.push(
                Line::raw("From your seat's information only: sampled deals of the unseen cards.")
                    .dim(),
            );
            popup(frame, area, "Coach", lines);
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
            let shown = ui.shown();
            let mut lines = Vec::new();
            if let Some(result) = &shown.scene.result {
                lines.push(Line::raw(result.sentence.clone()).bold());
                lines.push(Line::raw(""));
                lines.extend(result.standings.iter().map(|s| Line::raw(s.clone())));
            }
            lines.push(Line::raw(""));
            lines.push(Line::raw(
                "n or Enter: play again · h: house rules · s: save the game · q: quit",
            ));
            popup(frame, area, "Game over", lines);
        }
    }
}
